// The compiled route table: every operation of the spec, matched once per request by method and segment count (a
// handful of candidates, whatever the size of the spec). The pipeline matches a request here once, at its start,
// and every later step reads the match: whether the operation is public (`security: []` in the spec), which body
// parser it takes, and which handler answers it. Matching follows Express's defaults (case-insensitive, a trailing
// slash allowed); static segments win over parameters (specOperations orders them so).
import type { SpecOperation } from './spec.js';

export interface RouteMatch {
  op: SpecOperation;
  /** Path parameters as sent (still percent-encoded): decode with `decodeParams` once validated. */
  rawParams: Record<string, string>;
  /**
   * A last parameter that is itself a path (`{pagePath}`, as in GitBook's getPageByPath) may hold slashes: where it
   * starts in the path, so the pipeline can encode them for the validator's one-segment matching.
   */
  greedyOffset?: number;
}

interface CompiledRoute {
  op: SpecOperation;
  /** Lower-cased static segments, or null for a parameter. */
  segments: (string | null)[];
  names: string[];
  /** The last parameter takes the rest of the path (slashes included). */
  greedy: boolean;
}

const GREEDY = /^\{[A-Za-z]*Path\}$/;

/** The first two segments (lower-cased) joined, or undefined when either is a parameter (null). */
function startOf(segments: readonly (string | null)[]): string | undefined {
  const [a, b] = segments;
  if (a === null || a === undefined || b === null) return undefined;
  return b === undefined ? a : `${a}/${b}`;
}

export class RouteTable {
  /**
   * method → exact segment count → the first two segments (lower-cased, `v1/spaces`) → the routes that may match a
   * path starting so, in the order of specOperations: those with these static segments and those with a parameter
   * among their first two (`wild`, also the candidates of a path with another start).
   */
  private readonly exact = new Map<string, Map<number, { byStart: Map<string, CompiledRoute[]>; wild: CompiledRoute[] }>>();
  /** method → greedy routes (they match any path at least as long as they are). */
  private readonly greedy = new Map<string, CompiledRoute[]>();
  /**
   * method → `/lower/cased/path` → the match of a route without parameters: such a route is the first candidate of
   * its segment count that matches (static segments sort first), so one Map lookup finds it.
   */
  private readonly fixed = new Map<string, Map<string, RouteMatch>>();

  constructor(operations: readonly SpecOperation[]) {
    const lists = new Map<string, Map<number, CompiledRoute[]>>();
    for (const op of operations) {
      const parts = op.path.split('/').slice(1);
      const last = parts[parts.length - 1] ?? '';
      const route: CompiledRoute = {
        op,
        segments: parts.map((p) => (p.startsWith('{') ? null : p.toLowerCase())),
        names: parts.filter((p) => p.startsWith('{')).map((p) => p.slice(1, -1)),
        greedy: GREEDY.test(last),
      };
      const method = op.method.toUpperCase();
      const byCount = lists.get(method) ?? new Map<number, CompiledRoute[]>();
      lists.set(method, byCount);
      const list = byCount.get(parts.length) ?? [];
      list.push(route);
      byCount.set(parts.length, list);
      if (route.greedy) this.greedy.set(method, [...(this.greedy.get(method) ?? []), route]);
      const fixed = this.fixed.get(method) ?? new Map<string, RouteMatch>();
      this.fixed.set(method, fixed);
      const key = op.path.toLowerCase();
      if (route.names.length === 0 && !fixed.has(key)) fixed.set(key, { op, rawParams: {} });
    }
    for (const [method, byCount] of lists) {
      const out = new Map<number, { byStart: Map<string, CompiledRoute[]>; wild: CompiledRoute[] }>();
      this.exact.set(method, out);
      for (const [count, routes] of byCount) {
        const byStart = new Map<string, CompiledRoute[]>();
        const wild: CompiledRoute[] = [];
        for (const r of routes) {
          const start = startOf(r.segments);
          if (start !== undefined && !byStart.has(start)) byStart.set(start, []);
        }
        for (const r of routes) {
          const start = startOf(r.segments);
          if (start !== undefined) byStart.get(start)!.push(r);
          else {
            wild.push(r);
            for (const list of byStart.values()) list.push(r);
          }
        }
        out.set(count, { byStart, wild });
      }
    }
  }

  /** The operation a request addresses (`path` without its query string), or undefined. */
  match(method: string, path: string): RouteMatch | undefined {
    const fixed = this.fixed.get(method)?.get((path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path).toLowerCase());
    if (fixed) return { op: fixed.op, rawParams: {} };
    let parts = path.split('/');
    parts.shift();
    if (parts.length > 1 && parts[parts.length - 1] === '') parts = parts.slice(0, -1);
    const byStart = this.exact.get(method)?.get(parts.length);
    if (byStart) {
      const candidates = byStart.byStart.get(startOf(parts.length > 1 ? [parts[0]!.toLowerCase(), parts[1]!.toLowerCase()] : [parts[0]!.toLowerCase()])!) ?? byStart.wild;
      for (const route of candidates) {
        const m = this.tryRoute(route, parts, false);
        if (m) return m;
      }
    }
    for (const route of this.greedy.get(method) ?? []) {
      if (parts.length <= route.segments.length) continue;
      const m = this.tryRoute(route, parts, true);
      if (m) return m;
    }
    return undefined;
  }

  private tryRoute(route: CompiledRoute, parts: string[], rest: boolean): RouteMatch | undefined {
    const params: Record<string, string> = {};
    let n = 0;
    let offset = 0;
    const last = route.segments.length - 1;
    for (let i = 0; i <= last; i++) {
      const want = route.segments[i];
      const got = parts[i]!;
      if (want === null) {
        // The rest-of-path parameter may start with a slash (a page path written `/guide/install`: the official
        // client asks for `…/path//guide/install`), as long as something follows.
        if (got === '' && !(rest && i === last && parts.slice(i).some(Boolean))) return undefined;
        if (rest && i === last) {
          params[route.names[n++]!] = parts.slice(i).join('/');
          return { op: route.op, rawParams: params, greedyOffset: offset + 1 };
        }
        params[route.names[n++]!] = got;
      } else if (got.toLowerCase() !== want) {
        return undefined;
      }
      offset += got.length + 1;
    }
    return { op: route.op, rawParams: params };
  }
}

/** The path parameters of a match, decoded (throws URIError on a malformed escape, as Express would refuse it). */
export function decodeParams(match: RouteMatch): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(match.rawParams)) out[k] = decodeURIComponent(v);
  return out;
}

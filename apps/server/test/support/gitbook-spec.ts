// GitBook's own OpenAPI description (shipped by the official `@gitbook/api` package, read at test time) as a
// response checker: an exchange (method, URL, status, body, headers) is matched by method + path to the GitBook
// operation of the same route and its body validated against that operation's response schema.
//
// The check is the one a client relies on: every field GitBook marks required is present, and every field GitBook
// describes has GitBook's type, enum and format. Fields GitBook does not describe are not errors (GitBook's own
// schemas are open in places and closed in others; Bindery's extensions are additive), so `additionalProperties:
// false` is dropped, and `oneOf` becomes `anyOf` (without closed objects, several branches may match).
//
// Deliberate differences (the seed wins on output) are schema patches at a JSON pointer of GitBook's document: the
// patched checker accepts them, and the unpatched one tells which of them a run actually exercised.
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import Ajv2020Module from 'ajv/dist/2020.js';
import type { ErrorObject, ValidateFunction } from 'ajv';

const require = createRequire(import.meta.url);
const Ajv2020 = ((Ajv2020Module as unknown as { default?: unknown }).default ?? Ajv2020Module) as unknown as typeof Ajv2020Module.default;
type Ajv2020 = InstanceType<typeof Ajv2020>;

type Json = any;

export interface Deviation {
  /** JSON pointer into GitBook's document of the schema that Bindery answers differently. */
  at: string;
  /** What Bindery answers there instead (a JSON schema); `{}` accepts anything. */
  accept: Json;
  /** For a property that Bindery omits although GitBook requires it: the property name, removed from `required` of the parent. */
  optional?: string;
  reason: string;
}

/** A route of a spec: method and path template, with its literal segments for matching. */
interface Route {
  method: string;
  template: string;
  segments: string[];
  literals: number;
}

export interface Exchange {
  method: string;
  /** The path after /v1 (no query string). */
  path: string;
  status: number;
  body: unknown;
  headers: Headers;
}

export interface Problem {
  route: string;
  status: number;
  message: string;
}

const pointerGet = (doc: Json, pointer: string): Json =>
  pointer.split('/').slice(1).reduce((o, k) => o?.[k.replace(/~1/g, '/').replace(/~0/g, '~')], doc);

/** `/spaces/{spaceId}` → `/spaces/{}`: the key that maps operations of two specs whose parameter names differ. */
export const routeKey = (method: string, template: string) => `${method.toUpperCase()} ${template.replace(/^\/v1(?=\/|$)/, '').replace(/\{[^}]+\}/g, '{}') || '/'}`;

function routesOf(paths: Record<string, Record<string, Json>>, prefix: string): Route[] {
  const out: Route[] = [];
  for (const [template, ops] of Object.entries(paths)) {
    for (const [method, op] of Object.entries(ops)) {
      if (!op?.operationId) continue;
      const t = template.startsWith(prefix) ? template.slice(prefix.length) || '/' : template;
      const segments = t.split('/').filter(Boolean);
      out.push({ method: method.toUpperCase(), template: t, segments, literals: segments.filter((s) => !s.startsWith('{')).length });
    }
  }
  return out.sort((a, b) => b.literals - a.literals);
}

/** The route a concrete path takes (most literal segments first; a last `{pagePath}`-like parameter takes the rest). */
export function matchRoute(routes: Route[], method: string, path: string): Route | undefined {
  const parts = path.split('/').filter(Boolean);
  return routes.find((r) => {
    if (r.method !== method) return false;
    const rest = r.segments[r.segments.length - 1] === '{pagePath}';
    if (rest ? parts.length < r.segments.length : parts.length !== r.segments.length) return false;
    return r.segments.every((s, i) => s.startsWith('{') || s === decodeURIComponent(parts[i]!));
  });
}

/** Drops what makes a schema closed or exclusive, so that only required fields, types, enums and formats count. */
function loosen(node: Json): Json {
  if (Array.isArray(node)) return node.map(loosen);
  if (!node || typeof node !== 'object') return node;
  const out: Json = {};
  for (const [k, v] of Object.entries(node)) {
    if (k === 'additionalProperties' && v === false) continue;
    if (k === 'discriminator' || k === 'example' || k === 'examples') continue;
    out[k === 'oneOf' ? 'anyOf' : k] = k === '$ref' && typeof v === 'string' && v.startsWith('#/') ? `gitbook${v}` : loosen(v);
  }
  return out;
}

const DATE_TIME = /^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/;
function addFormats(ajv: Ajv2020) {
  ajv.addFormat('date-time', { type: 'string', validate: (s: string) => DATE_TIME.test(s) && !Number.isNaN(Date.parse(s)) });
  ajv.addFormat('date', /^\d{4}-\d{2}-\d{2}$/);
  ajv.addFormat('uri', { type: 'string', validate: (s: string) => { try { return /^[a-z][a-z0-9+.-]*:/i.test(s) && !!new URL(s); } catch { return false; } } });
  ajv.addFormat('email', /^[^\s@]+@[^\s@]+$/);
  ajv.addFormat('uuid', /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i);
  ajv.addFormat('byte', /^[A-Za-z0-9+/]*={0,2}$/);
  ajv.addFormat('int32', { type: 'number', validate: (n: number) => Number.isInteger(n) && n >= -(2 ** 31) && n < 2 ** 31 });
  // Descriptive formats of GitBook's (an emoji, an icon name): any string.
  ajv.addFormat('emoji', true);
  ajv.addFormat('icon', true);
}

export interface GitBookSpecOptions {
  deviations: Deviation[];
  /**
   * Operations the seed names that the packaged spec no longer has (GitBook removed them after 0.130.0): their
   * responses by route key and status, as JSON schemas that may `$ref` GitBook's components (`#/components/...`).
   */
  removed: Record<string, Record<string, Json | null>>;
}

export class GitBookSpec {
  readonly doc: Json;
  readonly version: string;
  private readonly routes: Route[];
  private readonly deviations: Deviation[];
  /** GitBook's schemas loosened; with every deviation applied; with every deviation but one (lazily). */
  private readonly strict: Ajv2020;
  private readonly patched: Ajv2020;
  private readonly leaveOneOut = new Map<number, Ajv2020>();
  private readonly loose: Json;
  /** Deviation pointers that some response needed (it failed GitBook's schema without that one deviation). */
  readonly exercised = new Set<string>();

  constructor(opts: GitBookSpecOptions) {
    const specFile = require.resolve('@gitbook/api/spec/openapi.json');
    this.version = (JSON.parse(readFileSync(specFile.replace(/spec\/openapi\.json$/, 'package.json'), 'utf8')) as { version: string }).version;
    const raw = JSON.parse(readFileSync(specFile, 'utf8'));
    // The removed operations join the document under their own paths, so that one matcher and one validator serve all.
    for (const [key, responses] of Object.entries(opts.removed)) {
      const [method, template] = key.split(' ') as [string, string];
      const res: Json = {};
      for (const [status, schema] of Object.entries(responses)) {
        res[status] = schema === null ? { description: 'no content' } : { description: 'from 0.130.0', content: { 'application/json': { schema } } };
      }
      raw.paths[template] ??= {};
      raw.paths[template][method.toLowerCase()] = { operationId: `removed:${key}`, 'x-removed': true, responses: res };
    }
    this.doc = raw;
    this.deviations = opts.deviations;
    this.routes = routesOf(raw.paths, '');
    this.loose = loosen(raw);
    for (const d of opts.deviations) this.apply(structuredClone(this.loose), d); // fails early on a stale pointer
    this.strict = this.make(this.loose);
    this.patched = this.make(this.variant());
  }

  private apply(doc: Json, d: Deviation): void {
    const parts = d.at.split('/');
    const parent = pointerGet(doc, parts.slice(0, -1).join('/'));
    const last = parts[parts.length - 1]!;
    if (!parent || !(last in parent)) throw new Error(`deviation ${d.at}: nothing there in GitBook's spec ${this.version}`);
    parent[last] = rebase(d.accept);
    if (d.optional) {
      const owner = pointerGet(doc, parts.slice(0, -2).join('/'));
      if (!owner?.required?.includes(d.optional)) throw new Error(`deviation ${d.at}: ${d.optional} is not required there`);
      owner.required = owner.required.filter((r: string) => r !== d.optional);
    }
  }

  /** The loosened document with every deviation applied but `except`. */
  private variant(except?: number): Json {
    const doc = structuredClone(this.loose);
    this.deviations.forEach((d, i) => i !== except && this.apply(doc, d));
    return doc;
  }

  private make(doc: Json): Ajv2020 {
    const ajv = new Ajv2020({ strict: false, allErrors: true, verbose: true, validateSchema: false, logger: false });
    addFormats(ajv);
    ajv.addSchema(doc, 'gitbook');
    return ajv;
  }

  /** The GitBook route (template, operationId) of a request, if GitBook has one. */
  operation(method: string, path: string): { key: string; template: string; operationId: string; op: Json } | undefined {
    const r = matchRoute(this.routes, method, path);
    if (!r) return undefined;
    const op = this.doc.paths[r.template][r.method.toLowerCase()];
    return { key: routeKey(r.method, r.template), template: r.template, operationId: op.operationId, op };
  }

  /** The validator of a schema of the document (`gitbook#<pointer>`), compiled once per checker. */
  private compile(ajv: Ajv2020, ref: string) {
    let byRef = this.validatorCache.get(ajv);
    if (!byRef) this.validatorCache.set(ajv, (byRef = new Map()));
    let v = byRef.get(ref);
    if (!v) byRef.set(ref, (v = ajv.compile({ $ref: ref })));
    return v;
  }
  private readonly validatorCache = new Map<Ajv2020, Map<string, ValidateFunction>>();

  private deref(node: Json): Json {
    while (node?.$ref) node = pointerGet(this.doc, node.$ref.slice(1));
    return node;
  }

  /**
   * Checks one exchange against GitBook's operation of the same route: a documented status, the body against its
   * schema (errors against the error body every GitBook error response has), and the Location of a 201.
   */
  check(ex: Exchange): Problem[] {
    const found = this.operation(ex.method, ex.path);
    const route = found?.key ?? routeKey(ex.method, ex.path);
    if (!found) return [{ route, status: ex.status, message: 'GitBook has no such operation' }];
    const problems: Problem[] = [];
    const say = (message: string) => problems.push({ route, status: ex.status, message });
    const responses = found.op.responses as Record<string, Json>;
    const esc = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');

    if (ex.status >= 400) {
      // Every GitBook error body: {"error": {"code": <the status>, "message"}}.
      const e = (ex.body as Json)?.error;
      if (!e || e.code !== ex.status || typeof e.message !== 'string' || !e.message) say(`error body is not {"error":{"code":${ex.status},"message"}}: ${JSON.stringify(ex.body)}`);
      return problems;
    }
    let response = responses[String(ex.status)];
    if (!response) {
      say(`status ${ex.status} is not one GitBook documents (${Object.keys(responses).join(', ')})`);
      return problems;
    }
    let pointer = `/paths/${esc(found.template)}/${ex.method.toLowerCase()}/responses/${ex.status}`;
    if (response.$ref) {
      pointer = response.$ref.slice(1);
      response = this.deref(response);
    }
    const schema = response.content?.['application/json']?.schema;
    if (!schema) {
      if (ex.body !== undefined && ex.body !== '') say(`GitBook answers ${ex.status} with no body; Bindery sent one`);
    } else if (ex.body === undefined || ex.body === '') {
      say(`GitBook answers ${ex.status} with a JSON body (the client parses it); Bindery sent none`);
    } else {
      const ref = `gitbook#${pointer}/content/application~1json/schema`;
      const patched = this.compile(this.patched, ref);
      if (!patched(ex.body)) for (const line of explain(this.patched, patched.errors ?? [], ex.body)) say(line);
      else if (this.deviations.some((d) => !this.exercised.has(d.at))) this.needed(ref, ex.body);
    }
    if (response.headers?.Location && ex.status === 201 && !ex.headers.get('location')) say('201 without the Location header GitBook sends');
    return problems;
  }

  /** Marks the deviations an answer (that passes the patched schema) needs: it fails once that one is taken back. */
  private needed(ref: string, body: unknown): void {
    const strict = this.compile(this.strict, ref);
    if (strict(body)) return;
    // Where GitBook's own schema fails: the names of the properties concerned.
    const names = new Set((strict.errors ?? []).flatMap((e) => [...e.instancePath.split('/'), (e.params as { missingProperty?: string }).missingProperty ?? '']));
    this.deviations.forEach((d, i) => {
      if (this.exercised.has(d.at) || !names.has(d.optional ?? d.at.split('/').pop()!)) return;
      let ajv = this.leaveOneOut.get(i);
      if (!ajv) this.leaveOneOut.set(i, (ajv = this.make(this.variant(i))));
      if (!this.compile(ajv, ref)(body)) this.exercised.add(d.at);
    });
  }
}

/** `#/components/...` → `gitbook#/components/...`, so that any piece of the document compiles on its own. */
function rebase(node: Json): Json {
  if (Array.isArray(node)) return node.map(rebase);
  if (!node || typeof node !== 'object') return node;
  const out: Json = {};
  for (const [k, v] of Object.entries(node)) out[k] = k === '$ref' && typeof v === 'string' && v.startsWith('#/') ? `gitbook${v}` : rebase(v);
  return out;
}

const valueAt = (body: unknown, instancePath: string): Json =>
  instancePath.split('/').slice(1).reduce((o: Json, k) => o?.[k.replace(/~1/g, '/').replace(/~0/g, '~')], body as Json);

const describeError = (e: ErrorObject, body: unknown) =>
  `${e.instancePath || '/'} ${e.message}${e.keyword === 'enum' ? ` ${JSON.stringify((e.params as { allowedValues: unknown }).allowedValues)}` : ''}${e.keyword === 'required' ? '' : ` (got ${JSON.stringify(valueAt(body, e.instancePath))?.slice(0, 80)})`}`;

/**
 * Ajv's errors made readable: a failed anyOf (GitBook's oneOf) is explained by the branch that came closest (fewest
 * errors, found by validating the value against each branch), and each line names the instance path, what GitBook
 * expects and what was there.
 */
function explain(ajv: Ajv2020, errors: ErrorObject[], body: unknown, depth = 0): string[] {
  const lines = new Set<string>();
  // The outermost failed anyOfs: those nested in another are explained through it.
  const anyOfs = errors.filter((e) => e.keyword === 'anyOf')
    .filter((e, _, all) => !all.some((o) => o !== e && e.instancePath.startsWith(o.instancePath + '/')));
  const explained = new Set<string>();
  const fromBranches = new Set<string>();
  for (const a of anyOfs) {
    if (depth > 6 || !Array.isArray(a.schema)) continue;
    const value = valueAt(body, a.instancePath);
    let best: string[] | undefined;
    let bestScore = Infinity;
    for (const branch of a.schema as Json[]) {
      const v = ajv.compile(branch);
      if (v(value)) { best = []; break; }
      const errs = (v.errors ?? []).map((e) => ({ ...e, instancePath: a.instancePath + e.instancePath }));
      errs.forEach((e) => fromBranches.add(describeError(e, body)));
      // The branch whose discriminator (`type`, `kind`, `object`) matches is the one meant, else the closest.
      const off = errs.some((e) => ['enum', 'const'].includes(e.keyword) && /^\/(type|kind|object)$/.test(e.instancePath.slice(a.instancePath.length)));
      const mine = explain(ajv, errs, body, depth + 1);
      const score = mine.length + (off ? 1000 : 0);
      if (!best || score < bestScore) [best, bestScore] = [mine, score];
    }
    best?.forEach((l) => explained.add(l));
  }
  for (const e of errors) {
    if (e.keyword === 'anyOf') continue;
    const line = describeError(e, body);
    if (!fromBranches.has(line)) lines.add(line);
  }
  explained.forEach((l) => lines.add(l));
  return [...lines];
}

/** A `fetch` for the client's `serviceBinding` that hands every exchange (after /v1) to `seen` before the client reads it. */
export function recordingFetch(seen: (ex: Exchange) => void): { fetch: typeof fetch } {
  return {
    fetch: async (input: string | URL | Request, init?: RequestInit) => {
      const res = await fetch(input, init);
      const url = new URL(typeof input === 'string' || input instanceof URL ? input : input.url);
      const text = await res.clone().text();
      let body: unknown = text === '' ? undefined : text;
      try {
        body = text ? JSON.parse(text) : undefined;
      } catch {
        /* not JSON: kept as text */
      }
      seen({ method: (init?.method ?? 'GET').toUpperCase(), path: url.pathname.replace(/^\/v1(?=\/|$)/, '') || '/', status: res.status, body, headers: res.headers });
      return res;
    },
  };
}

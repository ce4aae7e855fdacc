// The documents of an OpenAPI specification: parsing JSON or YAML text, walking a parsed document within bounds
// (depth, node count) to find its `$ref`s, JSON pointers, and bundling a multi-document specification into one
// document whose references are all local. Pure code: no I/O (openapi/process.ts fetches).
import { load as loadYaml, YAMLException } from 'js-yaml';

export type SpecFormat = 'json' | 'yaml';

/** One document of a specification, as stored in a version (`filesystem.files` of the content endpoints). */
export interface SpecFile {
  /** Where it came from: its URL, or `openapi.json` / `openapi.yaml` for a text source. */
  uri: string;
  isEntrypoint: boolean;
  format: SpecFormat;
  specification: unknown;
}

/** A problem of the specification itself (not of the server): reported on the spec, never as a 5xx. */
export interface SpecIssue {
  message: string;
  code?: string;
}

export type SpecErrorCode = 'FETCH_TIMEOUT' | 'FETCH_ERROR' | 'PARSE_ERROR';

export class SpecError extends Error {
  // Plain fields, not parameter properties: openapi/worker.ts runs this module with Node's type stripping.
  readonly code: SpecErrorCode;
  readonly issues: SpecIssue[];

  constructor(code: SpecErrorCode, issues: SpecIssue[]) {
    super(issues[0]?.message ?? code);
    this.name = 'SpecError';
    this.code = code;
    this.issues = issues;
  }
}

export const parseError = (message: string, code?: string) => new SpecError('PARSE_ERROR', [{ message, ...(code ? { code } : {}) }]);

export interface WalkLimits {
  /** Deepest nesting of objects and arrays. */
  maxDepth: number;
  /** Most values visited in one document (YAML aliases count each time they are reached). */
  maxNodes: number;
}

export const DEFAULT_WALK_LIMITS: WalkLimits = { maxDepth: 256, maxNodes: 5_000_000 };

function yamlFailure(err: unknown, uri: string, what: string, detail?: string): SpecError {
  if (err instanceof YAMLException) {
    const mark = (err as YAMLException & { mark?: { line: number; column: number } }).mark;
    const where = mark ? ` at line ${mark.line + 1}, column ${mark.column + 1}` : '';
    const reason = detail ?? (err as YAMLException & { reason?: string }).reason ?? err.message.split('\n')[0];
    return parseError(`${uri}: not valid ${what}${where}: ${reason}`, what === 'JSON' ? 'invalid-json' : 'invalid-yaml');
  }
  return parseError(`${uri}: not valid ${what}: ${detail ?? (err as Error).message}`, what === 'JSON' ? 'invalid-json' : 'invalid-yaml');
}

const YAML_OPTIONS = { maxDepth: 256 };

/**
 * Parses JSON or YAML (YAML 1.2 core schema: dates stay strings); PARSE_ERROR naming the line on failure. Text
 * that looks like JSON but is not is read as YAML (a superset: `{a: 1}` is fine), and if that fails too the error
 * is the JSON one, placed at the line and column where the YAML reader stopped.
 */
export function parseText(text: string, uri: string): { format: SpecFormat; value: unknown } {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const trimmed = body.trimStart();
  if (trimmed.startsWith('{') || trimmed.startsWith('[')) {
    try {
      return { format: 'json', value: JSON.parse(body) };
    } catch (jsonErr) {
      try {
        return { format: 'yaml', value: loadYaml(body, YAML_OPTIONS) };
      } catch (err) {
        throw yamlFailure(err, uri, 'JSON', (jsonErr as Error).message);
      }
    }
  }
  try {
    return { format: 'yaml', value: loadYaml(body, YAML_OPTIONS) };
  } catch (err) {
    throw yamlFailure(err, uri, 'YAML');
  }
}

/** Escapes one JSON pointer token. */
export const pointerToken = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');

/** A JSON pointer from tokens (`/paths/~1pets/get`). */
export const pointer = (tokens: readonly string[]) => tokens.map((t) => '/' + pointerToken(t)).join('');

/** The tokens of a JSON pointer fragment (`#/a/b` or `/a/b`); undefined when it is not a pointer. */
export function pointerTokens(fragment: string): string[] | undefined {
  let f = fragment.startsWith('#') ? fragment.slice(1) : fragment;
  try {
    f = decodeURIComponent(f);
  } catch {
    return undefined;
  }
  if (f === '') return [];
  if (!f.startsWith('/')) return undefined;
  return f.slice(1).split('/').map((t) => t.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/** The value at `tokens` in `doc`, or undefined. */
export function getAt(doc: unknown, tokens: readonly string[]): unknown {
  let cur: unknown = doc;
  for (const t of tokens) {
    if (cur === null || typeof cur !== 'object') return undefined;
    if (Array.isArray(cur)) {
      if (!/^(0|[1-9]\d*)$/.test(t)) return undefined;
      cur = cur[Number(t)];
    } else {
      if (!Object.prototype.hasOwnProperty.call(cur, t)) return undefined;
      cur = (cur as Record<string, unknown>)[t];
    }
  }
  return cur;
}

export interface RefUse {
  /** The `$ref` value. */
  ref: string;
  /** Where the `$ref` key is (a JSON pointer to it, ending in `/$ref`). */
  at: string;
  /** The object holding the `$ref` (rewritten in place by `bundle`). */
  holder: Record<string, unknown>;
}

/**
 * Visits every value of a parsed document within `limits` (iteratively: no recursion, so no stack overflow) and
 * returns its `$ref`s. PARSE_ERROR when the document nests deeper or has more values than allowed (which is also
 * how a YAML alias bomb or a self-including alias ends).
 */
export function collectRefs(doc: unknown, uri: string, limits: WalkLimits = DEFAULT_WALK_LIMITS): RefUse[] {
  const refs: RefUse[] = [];
  const stack: Array<{ value: unknown; path: string[] }> = [{ value: doc, path: [] }];
  let nodes = 0;
  while (stack.length) {
    const { value, path } = stack.pop()!;
    if (++nodes > limits.maxNodes) throw parseError(`${uri}: the document has more than ${limits.maxNodes} values`, 'too-large');
    if (value === null || typeof value !== 'object') continue;
    if (path.length >= limits.maxDepth) throw parseError(`${uri}: ${pointer(path) || '/'} nests deeper than ${limits.maxDepth} levels`, 'too-deep');
    if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--) stack.push({ value: value[i], path: [...path, String(i)] });
      continue;
    }
    const obj = value as Record<string, unknown>;
    if (typeof obj.$ref === 'string') refs.push({ ref: obj.$ref, at: pointer([...path, '$ref']), holder: obj });
    const keys = Object.keys(obj);
    for (let i = keys.length - 1; i >= 0; i--) stack.push({ value: obj[keys[i]!], path: [...path, keys[i]!] });
  }
  return refs;
}

/** Splits a `$ref` into its document part and its fragment (`#…`, possibly empty). */
export function splitRef(ref: string): { document: string; fragment: string } {
  const hash = ref.indexOf('#');
  return hash < 0 ? { document: ref, fragment: '' } : { document: ref.slice(0, hash), fragment: ref.slice(hash) };
}

/** The absolute URI a document-part of a `$ref` stands for, seen from `base`; undefined when it cannot be resolved. */
export function resolveUri(documentPart: string, base: string): string | undefined {
  try {
    return (URL.canParse(documentPart) ? new URL(documentPart) : new URL(documentPart, base)).toString().replace(/#.*$/, '');
  } catch {
    return undefined;
  }
}

/** Where bundled documents are kept inside the entry document. */
export const BUNDLE_KEY = 'x-bindery-documents';

/**
 * One document with only local references: a deep copy of the entry document where every other document is put
 * under `x-bindery-documents/<n>` and every reference is rewritten to point inside it. `locate` maps a pointer of
 * the bundle back to `<uri>#<pointer>` for messages. With one document, the entry itself (a copy) is the bundle.
 */
export function bundle(files: SpecFile[]): { document: Record<string, unknown>; locate(at: string): string } {
  const entry = files.find((f) => f.isEntrypoint) ?? files[0]!;
  const document = structuredClone(entry.specification) as Record<string, unknown>;
  const others = files.filter((f) => f !== entry);
  if (others.length === 0) return { document, locate: (at) => at };
  const index = new Map<string, number>(others.map((f, i) => [f.uri, i]));
  const copies = others.map((f) => structuredClone(f.specification));
  const done = new WeakSet<object>(); // a YAML alias can share one holder between places: rewrite it once
  const rewrite = (doc: unknown, uri: string) => {
    for (const use of collectRefs(doc, uri)) {
      if (done.has(use.holder)) continue;
      done.add(use.holder);
      const { document: part, fragment } = splitRef(use.ref);
      const target = part === '' ? uri : resolveUri(part, uri);
      const at = target === undefined ? undefined : target === entry.uri ? -1 : index.get(target);
      if (at === undefined) continue; // left as it is: validation reports it
      const inner = fragment.startsWith('#') ? fragment.slice(1) : fragment;
      use.holder.$ref = at === -1 ? `#${inner}` : `#/${BUNDLE_KEY}/${at}${inner}`;
    }
  };
  rewrite(document, entry.uri);
  copies.forEach((c, i) => rewrite(c, others[i]!.uri));
  document[BUNDLE_KEY] = Object.fromEntries(copies.map((c, i) => [String(i), c]));
  const prefix = new RegExp(`^/${BUNDLE_KEY}/(\\d+)`);
  return {
    document,
    locate(at: string) {
      const m = prefix.exec(at);
      if (!m) return at;
      return `${others[Number(m[1])]!.uri}#${at.slice(m[0].length) || '/'}`;
    },
  };
}

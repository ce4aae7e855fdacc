// The bundled OpenAPI document (packages/api-types/openapi.json) and the operations it declares.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

export interface SpecOperation {
  operationId: string;
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  path: string; // OpenAPI path, e.g. /v1/spaces/{spaceId}
  expressPath: string; // e.g. /v1/spaces/:spaceId
  public: boolean;
  /** `x-bindery-raw-body`: the request body is raw bytes (uploads), not JSON. */
  rawBody: boolean;
  /** `x-bindery-large-json-body`: a JSON body up to twice the OpenAPI specification size limit (specs as text). */
  largeJsonBody: boolean;
  /** `x-bindery-body-limit`: the most bytes the body may have, when lower than the parser's (webhooks). */
  bodyLimit?: number;
  /** Query parameters whose schema is an integer: their text must be written as one (digits, an optional sign). */
  integerQuery: string[];
  /**
   * A GET that, sent without a query string and without a body, gives the request validator nothing to check but
   * its path parameters, each a string by these rules (no header or cookie parameter, no query parameter required or
   * with a default, no request body; path parameters whose schema has only `type: string`, `pattern`, `minLength`,
   * `maxLength`). Undefined for every other operation. See http/middlewares.ts `validateAgainstSpec`.
   */
  plainGet?: PathParamRule[];
}

/** What the spec asks of one path parameter (JSON Schema's `pattern` as ajv compiles it: with the `u` flag). */
export interface PathParamRule {
  name: string;
  pattern?: RegExp;
  minLength?: number;
  maxLength?: number;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

export function loadBundledSpec(): Record<string, any> {
  const require = createRequire(import.meta.url);
  return JSON.parse(readFileSync(require.resolve('@bindery/api-types/openapi.json'), 'utf8')) as Record<string, any>;
}

/** Follows local `$ref`s (`#/components/parameters/limit`). */
function resolveRef(spec: Record<string, any>, value: Record<string, any>): Record<string, any> {
  let v = value;
  for (let i = 0; i < 16 && typeof v?.$ref === 'string' && v.$ref.startsWith('#/'); i++) {
    v = v.$ref.slice(2).split('/').reduce((o: any, k: string) => o?.[k.replace(/~1/g, '/').replace(/~0/g, '~')], spec);
  }
  return v ?? {};
}

/** The parameter object's keys a plain GET's parameters may have (anything else: a style, content, examples' effects). */
const PLAIN_PARAMETER_KEYS = new Set(['name', 'in', 'required', 'description', 'schema', 'example', 'deprecated']);
const PLAIN_PATH_SCHEMA_KEYS = new Set(['type', 'pattern', 'minLength', 'maxLength', 'description', 'example']);

/** `{ plainGet }` when the operation is such a GET (SpecOperation.plainGet), else nothing. */
function plainGetOf(spec: Record<string, any>, path: string, method: string, op: Record<string, any>, parameters: Record<string, any>[]): { plainGet?: PathParamRule[] } {
  if (method !== 'get' || op.requestBody !== undefined) return {};
  const rules: PathParamRule[] = [];
  for (const ref of parameters) {
    const p = resolveRef(spec, ref);
    if (!Object.keys(p).every((k) => PLAIN_PARAMETER_KEYS.has(k))) return {};
    const schema = resolveRef(spec, p.schema ?? {});
    if (p.in === 'query') {
      if (p.required === true || 'default' in schema) return {};
      continue;
    }
    if (p.in !== 'path' || schema.type !== 'string' || !Object.keys(schema).every((k) => PLAIN_PATH_SCHEMA_KEYS.has(k))) return {};
    const rule: PathParamRule = { name: String(p.name) };
    if (typeof schema.pattern === 'string') rule.pattern = new RegExp(schema.pattern, 'u');
    else if (schema.pattern !== undefined) return {};
    for (const k of ['minLength', 'maxLength'] as const) {
      if (typeof schema[k] === 'number') rule[k] = schema[k];
      else if (schema[k] !== undefined) return {};
    }
    rules.push(rule);
  }
  // Each parameter of the path declared once (the route table's match gives each of them).
  const names = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
  if (names.length !== rules.length || !names.every((n) => rules.some((r) => r.name === n))) return {};
  return { plainGet: rules };
}

/** Every operation of the spec, static segments before parameters so Express matches the most specific route. */
export function specOperations(spec: Record<string, any>): SpecOperation[] {
  const ops: SpecOperation[] = [];
  for (const [path, item] of Object.entries<Record<string, any>>(spec.paths ?? {})) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      ops.push({
        operationId: op.operationId,
        method,
        path,
        expressPath: path.replace(/\{([^}]+)\}/g, ':$1'),
        public: Array.isArray(op.security) && op.security.length === 0,
        rawBody: op['x-bindery-raw-body'] === true,
        largeJsonBody: op['x-bindery-large-json-body'] === true,
        ...(typeof op['x-bindery-body-limit'] === 'number' ? { bodyLimit: op['x-bindery-body-limit'] } : {}),
        integerQuery: [...(item.parameters ?? []), ...(op.parameters ?? [])]
          .map((p: Record<string, any>) => resolveRef(spec, p))
          .filter((p: Record<string, any>) => p.in === 'query' && resolveRef(spec, p.schema ?? {}).type === 'integer')
          .map((p: Record<string, any>) => String(p.name)),
        ...plainGetOf(spec, path, method, op, [...(item.parameters ?? []), ...(op.parameters ?? [])]),
      });
    }
  }
  const rank = (p: string) => p.split('/').map((s) => (s.startsWith('{') ? '1' : '0')).join('');
  return ops.sort((a, b) => rank(a.path).localeCompare(rank(b.path)) || a.path.localeCompare(b.path));
}

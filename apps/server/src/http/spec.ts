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
   * A GET whose request validation, with no request body, is only of its path and query parameters, each simple
   * enough to check here exactly as express-openapi-validator checks it (PlainGet). Undefined for every other
   * operation. See http/middlewares.ts `validateAgainstSpec`.
   */
  plainGet?: PlainGet;
}

/**
 * What the request validator checks of a GET whose parameters are all simple: no header or cookie parameter, no
 * request body, path parameters whose schema has only `type: string`, `pattern`, `minLength`, `maxLength`, and query
 * parameters that are scalars (QueryParamRule) or, without a default, anything else (`other`: sent, the validator
 * checks them).
 */
export interface PlainGet {
  path: PathParamRule[];
  /** The query parameters by name. */
  query: Map<string, QueryParamRule>;
  /** Names of the required query parameters. */
  required: string[];
  /** The defaults the validator fills in for absent query parameters, in the order it fills them in. */
  defaults: [string, string | number | boolean][];
}

/** What the spec asks of one path parameter (JSON Schema's `pattern` as ajv compiles it: with the `u` flag). */
export interface PathParamRule {
  name: string;
  pattern?: RegExp;
  minLength?: number;
  maxLength?: number;
}

/**
 * What the spec asks of one query parameter. `string`: `pattern`, `minLength`, `maxLength`, `enum`; `integer`:
 * `minimum`, `maximum`, `exclusiveMinimum`, `exclusiveMaximum`; `boolean`; `booleanOrEnum` (`anyOf` a boolean and a
 * string `enum`, e.g. `evaluated`: the validator leaves the text, "true" or "false" too); `other`: a parameter not checked here (an array, a `format`): sent, the request
 * goes through the validator.
 */
export interface QueryParamRule {
  name: string;
  type: 'string' | 'integer' | 'boolean' | 'booleanOrEnum' | 'other';
  /** `allowReserved`: the raw value may hold reserved characters (else the validator refuses them unescaped). */
  allowReserved: boolean;
  pattern?: RegExp;
  minLength?: number;
  maxLength?: number;
  enum?: Set<string>;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
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
const PLAIN_QUERY_KEYS = new Set([...PLAIN_PARAMETER_KEYS, 'allowReserved']);
/** What a scalar query parameter's schema may hold, by type (anything else: `other`). */
const PLAIN_QUERY_SCHEMA_KEYS: Record<string, Set<string>> = {
  string: new Set(['type', 'pattern', 'minLength', 'maxLength', 'enum', 'default', 'description', 'example']),
  integer: new Set(['type', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'default', 'description', 'example']),
  boolean: new Set(['type', 'default', 'description', 'example']),
};
/** `other` parameters the validator handles without a default of theirs: exploded form arrays, formatted strings. */
const OTHER_QUERY_SCHEMA_KEYS = new Set(['type', 'items', 'maxItems', 'minItems', 'format', 'maxLength', 'minLength', 'pattern', 'description', 'example']);

/** Numbers of a schema's keys, or `false` when one of them is not a number. */
function numbersOf<K extends string>(schema: Record<string, any>, keys: readonly K[]): Partial<Record<K, number>> | false {
  const out: Partial<Record<K, number>> = {};
  for (const k of keys) {
    if (typeof schema[k] === 'number') out[k] = schema[k];
    else if (schema[k] !== undefined) return false;
  }
  return out;
}

/** A string `enum` of strings, or `false`. */
function stringEnum(values: unknown): Set<string> | false {
  return Array.isArray(values) && values.length > 0 && values.every((v) => typeof v === 'string') ? new Set(values as string[]) : false;
}

/** The rule of one query parameter and its default, or `false` when the operation is not a plain GET because of it. */
function queryRuleOf(spec: Record<string, any>, p: Record<string, any>): { rule: QueryParamRule; default?: string | number | boolean } | false {
  if (!Object.keys(p).every((k) => PLAIN_QUERY_KEYS.has(k) || k === 'style' || k === 'explode') || typeof p.name !== 'string') return false;
  if (p.allowReserved !== undefined && typeof p.allowReserved !== 'boolean') return false;
  const schema = resolveRef(spec, p.schema ?? {});
  const base = { name: p.name, allowReserved: p.allowReserved === true };
  const scalar = p.style === undefined && p.explode === undefined && p.schema?.$ref === undefined;
  const keys = Object.keys(schema);
  const dflt = schema.default;
  // anyOf [boolean, string enum], in that order (`evaluated`, `dereferenced`).
  if (scalar && schema.anyOf && keys.every((k) => ['anyOf', 'default', 'description', 'example'].includes(k)) && Array.isArray(schema.anyOf) && schema.anyOf.length === 2) {
    const [a, b] = schema.anyOf.map((s: Record<string, any>) => resolveRef(spec, s));
    const e = stringEnum(b?.enum);
    if (a?.type !== 'boolean' || Object.keys(a).some((k) => k !== 'type' && k !== 'description') || b?.type !== 'string' ||
      Object.keys(b).some((k) => !['type', 'enum', 'description'].includes(k)) || !e || e.has('true') || e.has('false')) return false;
    if (dflt !== undefined && typeof dflt !== 'boolean' && !(typeof dflt === 'string' && e.has(dflt))) return false;
    // ajv's 2020 dialect (OpenAPI 3.1) runs every branch of an anyOf (for `unevaluated*`), each coercing in turn: the
    // string branch last, so "true", "false" and the default `false` all end as strings ("false").
    return { rule: { ...base, type: 'booleanOrEnum', enum: e }, ...(dflt !== undefined ? { default: String(dflt) } : {}) };
  }
  const allowed = scalar && typeof schema.type === 'string' ? PLAIN_QUERY_SCHEMA_KEYS[schema.type] : undefined;
  if (!allowed || !keys.every((k) => allowed.has(k))) {
    // Anything else is checked by the validator when sent; absent, it does nothing with it unless it has a default.
    const exploded = schema.type === 'array' && p.style === 'form' && p.explode === true;
    const formatted = schema.type === 'string' && p.style === undefined && p.explode === undefined;
    if (dflt !== undefined || !(exploded || formatted) || !keys.every((k) => OTHER_QUERY_SCHEMA_KEYS.has(k))) return false;
    return { rule: { ...base, type: 'other' } };
  }
  const rule: QueryParamRule = { ...base, type: schema.type };
  if (schema.type === 'string') {
    const n = numbersOf(schema, ['minLength', 'maxLength'] as const);
    if (!n) return false;
    Object.assign(rule, n);
    if (typeof schema.pattern === 'string') rule.pattern = new RegExp(schema.pattern, 'u');
    else if (schema.pattern !== undefined) return false;
    if (schema.enum !== undefined) {
      const e = stringEnum(schema.enum);
      if (!e) return false;
      rule.enum = e;
    }
    if (dflt !== undefined && typeof dflt !== 'string') return false;
  } else if (schema.type === 'integer') {
    const n = numbersOf(schema, ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum'] as const);
    if (!n) return false;
    Object.assign(rule, n);
    if (dflt !== undefined && !Number.isSafeInteger(dflt)) return false;
  } else if (dflt !== undefined && typeof dflt !== 'boolean') return false;
  return { rule, ...(dflt !== undefined ? { default: dflt } : {}) };
}

/**
 * `{ plainGet }` when the operation is such a GET (SpecOperation.plainGet), else nothing. `parameters` in the order
 * express-openapi-validator merges them (the operation's, then the path item's): the order it fills defaults in.
 */
function plainGetOf(spec: Record<string, any>, path: string, method: string, op: Record<string, any>, parameters: Record<string, any>[]): { plainGet?: PlainGet } {
  if (method !== 'get' || op.requestBody !== undefined || op['x-eov-allow-unknown-query-parameters'] !== undefined || op['x-allow-unknown-query-parameters'] !== undefined) return {};
  // A security scheme read from the query string (its parameter is allowed unknown): none in this spec.
  if (Object.values<Record<string, any>>(spec.components?.securitySchemes ?? {}).some((s) => s?.in === 'query')) return {};
  const rules: PathParamRule[] = [];
  const query = new Map<string, QueryParamRule>();
  const required: string[] = [];
  const defaults: [string, string | number | boolean][] = [];
  for (const ref of parameters) {
    const p = resolveRef(spec, ref);
    if (p.in === 'query') {
      const found = queryRuleOf(spec, p);
      if (!found || query.has(found.rule.name)) return {};
      query.set(found.rule.name, found.rule);
      if (p.required === true) required.push(found.rule.name);
      else if (p.required !== undefined && p.required !== false) return {};
      if (found.default !== undefined) defaults.push([found.rule.name, found.default]);
      continue;
    }
    if (!Object.keys(p).every((k) => PLAIN_PARAMETER_KEYS.has(k))) return {};
    const schema = resolveRef(spec, p.schema ?? {});
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
  return { plainGet: { path: rules, query, required, defaults } };
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
        ...plainGetOf(spec, path, method, op, [...(op.parameters ?? []), ...(item.parameters ?? [])]),
      });
    }
  }
  const rank = (p: string) => p.split('/').map((s) => (s.startsWith('{') ? '1' : '0')).join('');
  return ops.sort((a, b) => rank(a.path).localeCompare(rank(b.path)) || a.path.localeCompare(b.path));
}

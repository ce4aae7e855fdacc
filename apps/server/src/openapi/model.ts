// What an API reference shows, read out of a bundled specification (openapi/documents.ts `bundle`): its operations
// and webhooks grouped by tag, with parameters, request bodies, responses and the schemas they use. Swagger 2.0 is
// read into the same shape as OpenAPI 3 (body/formData parameters become the request body, `produces` the response
// media types). Nothing here follows a reference unbounded: `resolve` follows a chain of at most 32 `$ref`s.
import { getAt, pointerTokens } from './documents.js';
import { isPlainObject } from '../lib/objects.js';

export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

export type Json = Record<string, unknown>;

export interface ApiMedia {
  mediaType: string;
  schema?: unknown;
  /** An example given by the spec (`example`, the first of `examples`), if any. */
  example?: unknown;
}

export interface ApiParameter {
  name: string;
  in: string;
  required: boolean;
  deprecated: boolean;
  description?: string;
  schema?: unknown;
  example?: unknown;
}

export interface ApiResponse {
  status: string;
  description: string;
  content: ApiMedia[];
  headers: Array<{ name: string; description?: string; schema?: unknown }>;
}

export interface ApiOperation {
  /** The path, or the webhook's name. */
  path: string;
  method: HttpMethod;
  webhook: boolean;
  operationId?: string;
  summary?: string;
  description?: string;
  tags: string[];
  deprecated: boolean;
  parameters: ApiParameter[];
  requestBody?: { description?: string; required: boolean; content: ApiMedia[] };
  responses: ApiResponse[];
  security: string[];
}

export interface ApiTag {
  name: string;
  description?: string;
  operations: ApiOperation[];
}

export interface ApiModel {
  title: string;
  version: string;
  description?: string;
  servers: string[];
  /** Tags in the spec's order (declared tags first, then the others as operations use them); untagged operations last under the API's title. */
  tags: ApiTag[];
  operations: ApiOperation[];
  /** Named schemas: `components.schemas` (3.x) or `definitions` (2.0). */
  schemas: Record<string, unknown>;
  /** The pointer prefix of named schemas (`#/components/schemas/` or `#/definitions/`). */
  schemaPrefix: string;
  /** Follows `$ref`s from a value (at most 32 in a chain); the value itself when it is no reference. */
  resolve(value: unknown): unknown;
}

const str = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);

export function buildModel(doc: Json): ApiModel {
  const swagger = doc.swagger !== undefined;
  const resolve = (value: unknown): unknown => {
    let cur = value;
    for (let i = 0; i < 32 && isPlainObject(cur) && typeof cur.$ref === 'string'; i++) {
      const tokens = pointerTokens(cur.$ref);
      const next = tokens ? getAt(doc, tokens) : undefined;
      if (next === undefined) return cur;
      cur = next;
    }
    return cur;
  };
  const info = isPlainObject(doc.info) ? doc.info : {};
  const servers: string[] = swagger
    ? [`${(Array.isArray(doc.schemes) && str(doc.schemes[0])) || 'https'}://${str(doc.host) ?? 'localhost'}${str(doc.basePath) ?? ''}`].filter(() => doc.host !== undefined)
    : (Array.isArray(doc.servers) ? doc.servers : []).map((s) => str(isPlainObject(s) ? s.url : undefined)).filter((u): u is string => !!u);
  const produces = Array.isArray(doc.produces) ? doc.produces.filter((p): p is string => typeof p === 'string') : [];
  const consumes = Array.isArray(doc.consumes) ? doc.consumes.filter((p): p is string => typeof p === 'string') : [];

  const media = (content: unknown): ApiMedia[] =>
    isPlainObject(content)
      ? Object.entries(content).map(([mediaType, m]) => {
          const mm = isPlainObject(resolve(m)) ? (resolve(m) as Json) : {};
          const examples = isPlainObject(mm.examples) ? Object.values(mm.examples).map(resolve) : [];
          const fromExamples = examples.find((e) => isPlainObject(e) && 'value' in e) as Json | undefined;
          return { mediaType, schema: mm.schema, example: mm.example !== undefined ? mm.example : fromExamples?.value };
        })
      : [];

  const operations: ApiOperation[] = [];
  const readOperation = (path: string, method: HttpMethod, op: Json, pathParams: unknown[], webhook: boolean) => {
    const params = new Map<string, ApiParameter>();
    let body: ApiOperation['requestBody'];
    const formFields: Json = {};
    const formRequired: string[] = [];
    for (const raw of [...pathParams, ...(Array.isArray(op.parameters) ? op.parameters : [])]) {
      const p = resolve(raw);
      if (!isPlainObject(p) || typeof p.name !== 'string' || typeof p.in !== 'string') continue;
      if (swagger && p.in === 'body') {
        const types = Array.isArray(op.consumes) ? (op.consumes as string[]) : consumes.length ? consumes : ['application/json'];
        body = { description: str(p.description), required: p.required === true, content: types.map((mediaType) => ({ mediaType, schema: p.schema })) };
        continue;
      }
      if (swagger && p.in === 'formData') {
        const { name, in: _in, required, description, ...schema } = p;
        formFields[name as string] = { ...schema, ...(description ? { description } : {}) };
        if (required === true) formRequired.push(name as string);
        continue;
      }
      const { name, in: where, required, description, deprecated, schema, example, ...rest } = p;
      params.set(`${where}:${name}`, {
        name: name as string, in: where as string, required: required === true || where === 'path', deprecated: deprecated === true,
        description: str(description), schema: swagger ? rest : schema, example,
      });
    }
    if (swagger && Object.keys(formFields).length) {
      const types = Array.isArray(op.consumes) ? (op.consumes as string[]) : ['application/x-www-form-urlencoded'];
      body = { required: formRequired.length > 0, content: types.map((mediaType) => ({ mediaType, schema: { type: 'object', properties: formFields, required: formRequired } })) };
    }
    if (!swagger && op.requestBody !== undefined) {
      const rb = resolve(op.requestBody);
      if (isPlainObject(rb)) body = { description: str(rb.description), required: rb.required === true, content: media(rb.content) };
    }
    const responses: ApiResponse[] = [];
    for (const [status, raw] of Object.entries(isPlainObject(op.responses) ? op.responses : {})) {
      const r = resolve(raw);
      if (!isPlainObject(r)) continue;
      const types = Array.isArray(op.produces) ? (op.produces as string[]) : produces.length ? produces : ['application/json'];
      const content = swagger
        ? r.schema !== undefined ? types.map((mediaType) => ({ mediaType, schema: r.schema, example: isPlainObject(r.examples) ? r.examples[mediaType] : undefined })) : []
        : media(r.content);
      const headers = Object.entries(isPlainObject(r.headers) ? r.headers : {}).map(([name, h]) => {
        const hh = resolve(h);
        return { name, description: str(isPlainObject(hh) ? hh.description : undefined), schema: isPlainObject(hh) ? (swagger ? hh : hh.schema) : undefined };
      });
      responses.push({ status, description: str(r.description) ?? '', content, headers });
    }
    const security = (Array.isArray(op.security) ? op.security : Array.isArray(doc.security) ? doc.security : [])
      .flatMap((s) => (isPlainObject(s) ? Object.keys(s) : []));
    operations.push({
      path, method, webhook, operationId: str(op.operationId), summary: str(op.summary), description: str(op.description),
      tags: Array.isArray(op.tags) ? op.tags.filter((t): t is string => typeof t === 'string') : [], deprecated: op.deprecated === true,
      parameters: [...params.values()], requestBody: body, responses, security: [...new Set(security)],
    });
  };
  const readItems = (items: unknown, webhook: boolean) => {
    for (const [path, rawItem] of Object.entries(isPlainObject(items) ? items : {})) {
      const item = resolve(rawItem);
      if (!isPlainObject(item)) continue;
      const shared = Array.isArray(item.parameters) ? item.parameters : [];
      for (const method of HTTP_METHODS) if (isPlainObject(item[method])) readOperation(path, method, item[method] as Json, shared, webhook);
    }
  };
  readItems(doc.paths, false);
  readItems(doc.webhooks, true);

  const declared = (Array.isArray(doc.tags) ? doc.tags : []).filter(isPlainObject).filter((t) => typeof t.name === 'string');
  const tags = new Map<string, ApiTag>(declared.map((t) => [t.name as string, { name: t.name as string, description: str(t.description), operations: [] }]));
  const untitled = str(info.title) ?? 'API';
  for (const op of operations) {
    for (const name of op.tags.length ? op.tags : [untitled]) {
      if (!tags.has(name)) tags.set(name, { name, operations: [] });
      tags.get(name)!.operations.push(op);
    }
  }
  const schemas = swagger ? doc.definitions : isPlainObject(doc.components) ? doc.components.schemas : undefined;
  return {
    title: untitled, version: str(info.version) ?? '', description: str(info.description), servers,
    tags: [...tags.values()].filter((t) => t.operations.length > 0), operations,
    schemas: isPlainObject(schemas) ? schemas : {}, schemaPrefix: swagger ? '#/definitions/' : '#/components/schemas/', resolve,
  };
}

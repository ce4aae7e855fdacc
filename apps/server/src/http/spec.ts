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
      });
    }
  }
  const rank = (p: string) => p.split('/').map((s) => (s.startsWith('{') ? '1' : '0')).join('');
  return ops.sort((a, b) => rank(a.path).localeCompare(rank(b.path)) || a.path.localeCompare(b.path));
}

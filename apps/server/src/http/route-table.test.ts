// The compiled route table matches as Express did: static segments before parameters, case-insensitively, with a
// trailing slash, and a last `{…Path}` parameter holding slashes; public operations are those with `security: []`.
import { describe, expect, it } from 'vitest';
import { decodeParams, RouteTable } from './route-table.js';
import { loadBundledSpec, specOperations } from './spec.js';

const operations = specOperations(loadBundledSpec());
const table = new RouteTable(operations);
const id = (method: string, path: string) => table.match(method, path)?.op.operationId;

describe('RouteTable', () => {
  it('finds every operation of the spec by its own path', () => {
    for (const op of operations) {
      const path = op.path.replace(/\{[^}]+\}/g, 'x1');
      const found = table.match(op.method.toUpperCase(), path)!;
      // A static segment wins over a parameter (…/versions/latest), so only such a path may match another operation.
      if (found.op.operationId !== op.operationId) expect(found.op.path).not.toContain('{');
      else expect(Object.keys(found.rawParams).sort()).toEqual([...op.path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]).sort());
    }
  });

  it('prefers a static segment, matches case-insensitively and with a trailing slash', () => {
    expect(id('GET', '/v1/orgs/o1/openapi/s1/versions/latest')).toBe(operations.find((o) => o.path.endsWith('/versions/latest') && o.method === 'get')!.operationId);
    expect(id('GET', '/v1/orgs/o1/openapi/s1/versions/v9')).toBe(operations.find((o) => o.path.endsWith('/versions/{versionId}') && o.method === 'get')!.operationId);
    expect(id('GET', '/v1/user/')).toBe('getAuthenticatedUser');
    expect(id('GET', '/V1/User')).toBe('getAuthenticatedUser');
    expect(id('GET', '/v1/spaces//content')).toBeUndefined();
    expect(id('GET', '/v1/user//')).toBeUndefined();
    expect(id('POST', '/v1/user')).toBeUndefined();
    expect(id('HEAD', '/v1/user')).toBeUndefined();
    expect(id('GET', '/v1/nothing-here')).toBeUndefined();
  });

  it('finds routes by their first two segments, with a parameter among them matching any start, in spec order', () => {
    const op = (operationId: string, path: string) => ({ ...operations[0]!, operationId, method: 'get' as const, path });
    const t = new RouteTable(specOperations({
      paths: Object.fromEntries([
        ['/a/b/{x}', 'ab'], ['/a/{y}/c', 'ayc'], ['/{z}/b/c', 'zbc'], ['/a/c/{x}', 'ac'], ['/{w}', 'w'], ['/a', 'a'],
      ].map(([path, operationId]) => [path, { get: { operationId } }])),
    }).map((o) => op(o.operationId, o.path)));
    const at = (path: string) => t.match('GET', path)?.op.operationId;
    expect(at('/A/B/c')).toBe('ab');
    expect(at('/a/q/c')).toBe('ayc');
    expect(at('/q/b/c')).toBe('zbc');
    expect(at('/a/c/c')).toBe('ac');
    expect(at('/a/x/q')).toBeUndefined();
    expect(at('/q')).toBe('w');
    expect(at('/A')).toBe('a');
    expect(t.match('GET', '/a/b/v1')?.rawParams).toEqual({ x: 'v1' });
  });

  it('lets a last {…Path} parameter hold slashes, and says where it starts', () => {
    const m = table.match('GET', '/v1/spaces/s1/content/path/guides/install%20it/linux')!;
    expect(m.op.operationId).toBe('getPageByPath');
    expect(decodeParams(m)).toEqual({ spaceId: 's1', pagePath: 'guides/install it/linux' });
    expect('/v1/spaces/s1/content/path/guides/install%20it/linux'.slice(m.greedyOffset)).toBe('guides/install%20it/linux');
  });

  it('marks public exactly the operations the spec opens with `security: []`', () => {
    const spec = loadBundledSpec();
    for (const op of operations) {
      const security = spec.paths[op.path][op.method].security;
      expect(op.public, op.operationId).toBe(Array.isArray(security) && security.length === 0);
    }
    expect(table.match('GET', '/v1')!.op.public).toBe(true);
    expect(table.match('GET', '/v1/user')!.op.public).toBe(false);
  });
});

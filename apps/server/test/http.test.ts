// The HTTP contract shared by every operation: errors, auth, validation, limits, pagination, health.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notImplementedYet } from '../src/http/operations.js';
import { handlerTable } from '../src/routes/index.js';
import { createUser, createOrganization, startTestServer, type TestServer } from '../src/testing/index.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ bodyLimit: '64kb' });
});
afterAll(async () => server?.close());

describe('error contract', () => {
  it('answers 401 with the error body when the token is missing, malformed or unknown', async () => {
    for (const headers of [{} as Record<string, string>, { authorization: 'Bearer' }, { authorization: 'Basic abc' }, { authorization: 'Bearer bdy_nope' }]) {
      const r = await server.api().request('GET', '/v1/orgs', undefined, headers);
      expect(r.status).toBe(401);
      expect(r.body).toEqual({ error: { code: 401, message: expect.stringMatching(/token/i) } });
      expect(r.headers.get('www-authenticate')).toBe('Bearer');
    }
  });

  it('answers 404 for an unknown path and 405 for a wrong method', async () => {
    const r = await server.api(server.adminToken).get('/v1/does-not-exist');
    expect(r.status).toBe(404);
    expect(r.body.error.code).toBe(404);
    const m = await server.api(server.adminToken).request('DELETE', '/v1/orgs');
    expect(m.status).toBe(405);
    expect(m.body.error.code).toBe(405);
  });

  it('answers 400 for invalid JSON and names the field for invalid input', async () => {
    const bad = await server.api(server.adminToken).request('POST', '/v1/orgs', '{"title":', { 'content-type': 'application/json' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toMatch(/JSON/);
    const short = await server.api(server.adminToken).post('/v1/orgs', { title: 'A' });
    expect(short.status).toBe(400);
    expect(short.body.error.message).toContain('/body/title');
    expect(short.body.error.errors[0].path).toBe('/body/title');
    const wrongType = await server.api(server.adminToken).post('/v1/orgs', { title: 12345 });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.error.message).toContain('/body/title');
    // Lengths are code points (JSON Schema's rule; lib/code-point-length.ts): an emoji is one, a lone surrogate one.
    expect((await server.api(server.adminToken).post('/v1/orgs', { title: '📘' })).status).toBe(400);
    expect((await server.api(server.adminToken).post('/v1/orgs', { title: '📘📘' })).status).toBe(201);
    expect((await server.api(server.adminToken).post('/v1/orgs', { title: '📘'.repeat(255) })).status).toBe(201);
    const long = await server.api(server.adminToken).post('/v1/orgs', { title: '📘'.repeat(256) });
    expect(long.status).toBe(400);
    expect(long.body.error.message).toContain('/body/title');
    const extra = await server.api(server.adminToken).post('/v1/orgs', { title: 'Abc', color: 'red' });
    expect(extra.status).toBe(400);
    expect(extra.body.error.message).toMatch(/color|additional/);
  });

  it('answers 413 when the body is larger than the limit', async () => {
    const r = await server.api(server.adminToken).post('/v1/orgs', { title: 'x'.repeat(100_000) });
    expect(r.status).toBe(413);
    expect(r.body).toEqual({ error: { code: 413, message: expect.stringMatching(/^Request body too large \(limit: \d+ bytes\)$/) } });
  });

  it('rejects unknown query parameters and limit above 1000', async () => {
    const a = await server.api(server.adminToken).get('/v1/orgs?limit=1001');
    expect(a.status).toBe(400);
    expect(a.body.error.message).toContain('/query/limit');
    const b = await server.api(server.adminToken).get('/v1/orgs?colour=red');
    expect(b.status).toBe(400);
    expect(b.body.error.message).toContain('colour');
    const c = await server.api(server.adminToken).get('/v1/orgs?limit=abc');
    expect(c.status).toBe(400);
  });

  it('refuses integers not written as integers and control characters in query strings (found by scripts/fuzz-api.mjs)', async () => {
    const api = server.api(server.adminToken);
    // The validator's coercion would read these as Infinity, 1000, 0 and 16 (Infinity reached PostgreSQL: a 500).
    for (const limit of ['1e400', 'Infinity', '1e3', '%20', '0x10', '5.0']) {
      const r = await api.get(`/v1/user/tokens?limit=${limit}`);
      expect(r.status, limit).toBe(400);
      expect(r.body.error.message).toBe('/query/limit must be integer');
    }
    expect((await api.get('/v1/user/tokens?limit=2')).status).toBe(200);
    // A NUL in a member search reached PostgreSQL (invalid byte sequence: a 500).
    const org = await createOrganization(server, await createUser(server));
    const nul = await api.get(`/v1/orgs/${org.id}/members?search=a%00b`);
    expect(nul.status).toBe(400);
    expect(nul.body.error.message).toBe('/query/search must not contain control characters (U+0000)');
  });

  it('answers a request line over 16 KB with 431 and the error body', async () => {
    const r = await fetch(`${server.url}/v1/orgs?page=${'x'.repeat(20_000)}`, { headers: { authorization: `Bearer ${server.adminToken}` } });
    expect(r.status).toBe(431);
    expect(await r.json()).toEqual({ error: { code: 431, message: expect.stringContaining('16 KB') } });
  });

  it('answers 501 with the error body for operations not built yet', async () => {
    // Every operation is built today: a server whose table marks one as not built shows what such an operation answers.
    const partial = await startTestServer({}, { table: { ...handlerTable, listTranslations: notImplementedYet } });
    try {
      const user = await createUser(partial, 'Nia');
      const org = await createOrganization(partial, user);
      const r = await partial.api(user.token).get(`/v1/orgs/${org.id}/translations`);
      expect(r.status).toBe(501);
      expect(r.body).toEqual({ error: { code: 501, message: 'listTranslations is not implemented yet' } });
      const real = await createUser(server, 'Noa');
      const realOrg = await createOrganization(server, real);
      expect((await server.api(real.token).get(`/v1/orgs/${realOrg.id}/translations`)).status).toBe(200);
    } finally {
      await partial.close();
    }
  });

  it('echoes a sane request id and makes one otherwise', async () => {
    const r = await server.api(server.adminToken).request('GET', '/v1/user', undefined, { 'x-request-id': 'abc-123' });
    expect(r.headers.get('x-request-id')).toBe('abc-123');
    const s = await server.api(server.adminToken).request('GET', '/v1/user', undefined, { 'x-request-id': 'bad id with spaces' });
    expect(s.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('health and api information', () => {
  it('reports ready once the spec is compiled', async () => {
    const r = await fetch(server.url + '/healthz');
    expect(r.status).toBe(200);
    expect(await r.json()).toEqual({ status: 'ok' });
  });

  it('serves API information without a token', async () => {
    const r = await server.api().get('/v1');
    expect(r.status).toBe(200);
    expect(r.body.version).toBe('1.0.0');
  });
});

describe('pagination', () => {
  it('walks every item exactly once with opaque cursors, and refuses a cursor from another list', async () => {
    const user = await createUser(server, 'Pager');
    const made: string[] = [];
    for (let i = 0; i < 7; i++) made.push((await createOrganization(server, user, { title: `Org ${i}` })).id);
    const seen: string[] = [];
    let page: string | undefined;
    let pages = 0;
    do {
      const r = await server.api(user.token).get(`/v1/orgs?limit=3${page ? `&page=${encodeURIComponent(page)}` : ''}`);
      expect(r.status).toBe(200);
      expect(r.body.count).toBe(7);
      seen.push(...r.body.items.map((o: { id: string }) => o.id));
      page = r.body.next?.page;
      pages++;
    } while (page);
    expect(pages).toBe(3);
    expect(seen).toEqual(made);

    const first = await server.api(user.token).get('/v1/orgs?limit=1');
    const cursor = first.body.next.page as string;
    const other = await server.api(user.token).get(`/v1/user/tokens?page=${encodeURIComponent(cursor)}`);
    expect(other.status).toBe(400);
    expect(other.body.error.message).toContain('/query/page');
    const garbage = await server.api(user.token).get('/v1/orgs?page=%%%');
    expect(garbage.status).toBe(400);
  });

  it('answers limit=0 with the count and no items', async () => {
    const user = await createUser(server, 'Zero');
    await createOrganization(server, user);
    const r = await server.api(user.token).get('/v1/orgs?limit=0');
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ items: [], count: 1 });
  });
});

describe('request pipeline', () => {
  it('answers /healthz as an Express GET route would (HEAD, any case, a trailing slash), and nothing else there', async () => {
    for (const path of ['/healthz', '/HealthZ', '/healthz/']) {
      const r = await fetch(server.url + path);
      expect(r.status, path).toBe(200);
      expect(await r.json()).toEqual({ status: 'ok' });
    }
    expect((await fetch(server.url + '/healthz', { method: 'HEAD' })).status).toBe(200);
    // Another method, or a longer path, is an API request: the validator's 404 with the error body.
    for (const [method, path] of [['POST', '/healthz'], ['GET', '/healthz/more'], ['GET', '/healthzz']] as const) {
      const r = await fetch(server.url + path, { method, headers: { authorization: `Bearer ${server.adminToken}` } });
      expect(r.status, `${method} ${path}`).toBe(404);
      expect(await r.json()).toEqual({ error: { code: 404, message: 'Not found' } });
    }
  });

  it('sends /sites paths to the published sites (HTML), and only those', async () => {
    for (const path of ['/sites/site_nope/', '/SITES/site_nope/']) {
      const r = await fetch(server.url + path);
      expect(r.status, path).toBe(404);
      expect(r.headers.get('content-type'), path).toMatch(/^text\/html/);
    }
    const r = await fetch(server.url + '/sitesx/site_nope/', { headers: { authorization: `Bearer ${server.adminToken}` } });
    expect(r.status).toBe(404);
    expect(await r.json()).toEqual({ error: { code: 404, message: 'Not found' } });
  });

  it('validates path parameters of the operation the route table matched', async () => {
    const api = server.api(server.adminToken);
    const bad = await api.get('/v1/spaces/not%20an%20id');
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toContain('/params/spaceId');
    // A malformed escape is refused before any handler runs.
    const malformed = await api.get('/v1/spaces/%E0%A4%A');
    expect(malformed.status).toBe(400);
    expect(malformed.body.error.code).toBe(400);
    // A trailing slash and another case address the same operation.
    const user = await api.get('/V1/User/');
    expect(user.status).toBe(200);
    expect(user.body.object).toBe('user');
  });

  it('limits requests per token when configured: X-RateLimit-* on each answer, 429 with Retry-After past the limit', async () => {
    // Four a minute per token: the admin token creates the two users (two requests each).
    const limited = await startTestServer({ rateLimitPerMinute: 4 });
    try {
      const user = await createUser(limited, 'Rae');
      const other = await createUser(limited, 'Ros');
      const api = limited.api(user.token);
      const seen = [];
      for (let i = 0; i < 5; i++) seen.push(await api.get('/v1/user'));
      expect(seen.map((r) => r.status)).toEqual([200, 200, 200, 200, 429]);
      expect(seen.map((r) => r.headers.get('x-ratelimit-remaining'))).toEqual(['3', '2', '1', '0', '0']);
      expect(seen[0]!.headers.get('x-ratelimit-limit')).toBe('4');
      expect(Number(seen[4]!.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect(seen[4]!.body).toEqual({ error: { code: 429, message: expect.stringMatching(/^API rate limit exceeded/) } });
      // Another token has its own window; a public operation without a token is not counted.
      expect((await limited.api(other.token).get('/v1/user')).status).toBe(200);
      const pub = await limited.api().get('/v1');
      expect(pub.status).toBe(200);
      expect(pub.headers.get('x-ratelimit-limit')).toBeNull();
    } finally {
      await limited.close();
    }
  });
});

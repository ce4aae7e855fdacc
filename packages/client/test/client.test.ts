import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrganization, createUser, startTestServer, type TestServer, type TestUser } from '@bindery/server/testing';
import { ApiError, createClient, retryDelayMs } from '../src/index.js';

let server: TestServer;
let user: TestUser;
beforeAll(async () => {
  server = await startTestServer();
  user = await createUser(server, 'Client');
});
afterAll(async () => server?.close());

describe('createClient', () => {
  it('sends the token and returns typed data', async () => {
    const client = createClient({ baseUrl: server.url, token: user.token });
    const { data } = await client.GET('/v1/user');
    expect(data?.id).toBe(user.id);
    const created = await client.POST('/v1/orgs', { body: { title: 'From the client' } });
    expect(created.response.status).toBe(201);
    expect(created.data?.title).toBe('From the client');
  });

  it('throws ApiError carrying the status and the error body', async () => {
    const client = createClient({ baseUrl: server.url, token: user.token });
    const err = await client.GET('/v1/orgs/{organizationId}', { params: { path: { organizationId: 'missing' } } }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).status).toBe(404);
    expect((err as ApiError).body).toEqual({ error: { code: 404, message: 'Organization not found' } });
    const bad = await client.POST('/v1/orgs', { body: { title: 'x' } }).catch((e: unknown) => e);
    expect((bad as ApiError).status).toBe(400);
    expect((bad as ApiError).errorMessage).toContain('/body/title');
    const anon = createClient({ baseUrl: server.url });
    expect(((await anon.GET('/v1/user').catch((e: unknown) => e)) as ApiError).status).toBe(401);
  });

  it('iterates every page of a list', async () => {
    const owner = await createUser(server, 'Paged');
    for (let i = 0; i < 5; i++) await createOrganization(server, owner, { title: `Paged ${i}` });
    const client = createClient({ baseUrl: server.url, token: owner.token });
    const requested: string[] = [];
    const observed = createClient({
      baseUrl: server.url,
      token: owner.token,
      fetch: async (input, init) => {
        requested.push(new Request(input, init).url);
        return fetch(input, init);
      },
    });
    const titles: string[] = [];
    for await (const org of observed.paginate('/v1/orgs', { params: { query: { limit: 2 } } })) titles.push(org.title);
    expect(titles).toEqual(['Paged 0', 'Paged 1', 'Paged 2', 'Paged 3', 'Paged 4']);
    expect(requested).toHaveLength(3);
    expect(requested[1]).toContain('page=');
    const all: string[] = [];
    for await (const org of client.paginate('/v1/orgs')) all.push(org.id);
    expect(all).toHaveLength(5);
  });
});

describe('429 retry', () => {
  it('retries after the delay in Retry-After, so every call succeeds', async () => {
    const limited = await startTestServer({ rateLimitPerMinute: 2, rateLimitWindowMs: 1000 });
    try {
      const u = await createUser(limited, 'Limited');
      const statuses: number[] = [];
      const client = createClient({
        baseUrl: limited.url,
        token: u.token,
        fetch: async (input, init) => {
          const res = await fetch(input, init);
          statuses.push(res.status);
          return res;
        },
      });
      const started = Date.now();
      for (let i = 0; i < 4; i++) expect((await client.GET('/v1/user')).data?.id).toBe(u.id);
      expect(statuses).toContain(429);
      expect(statuses.filter((s) => s === 200)).toHaveLength(4);
      expect(Date.now() - started).toBeGreaterThanOrEqual(500);
      const noRetry = createClient({ baseUrl: limited.url, token: u.token, retry: false });
      const results = await Promise.allSettled([1, 2, 3].map(() => noRetry.GET('/v1/user')));
      expect(results.some((r) => r.status === 'rejected' && (r.reason as ApiError).status === 429)).toBe(true);
    } finally {
      await limited.close();
    }
  // A server of its own (migrations on a fresh database) plus four calls: under a loaded CI machine that can take
  // longer than the suite's 30 s default; the bound is a hang guard, not a timing assert.
  }, 120_000);

  it('reads Retry-After as seconds or as a date', () => {
    const now = Date.parse('2026-11-22T00:00:00Z');
    expect(retryDelayMs(new Response(null, { status: 429, headers: { 'retry-after': '3' } }), now)).toBe(3000);
    expect(retryDelayMs(new Response(null, { status: 429, headers: { 'retry-after': 'Sun, 22 Nov 2026 00:00:05 GMT' } }), now)).toBe(5000);
    expect(retryDelayMs(new Response(null, { status: 429 }), now)).toBe(1000);
  });
});

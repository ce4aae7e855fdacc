// Test harness: a real server on 127.0.0.1 over a real SQLite file or the real PostgreSQL, real HTTP, and
// factories that build a fresh tenant (users, tokens, organizations) per test.
//
// One shared setup: `const server = useTestServer()` at the top of a test file starts the server before its tests
// and closes it after them. `server.client(token)` is the typed client (openapi-fetch over the generated `paths`:
// paths, parameters, bodies and answers are the spec's types; `{data, error, response}` never throws, so tests
// assert statuses); `server.api(token)` is the older untyped helper, kept while test files move to the client.
// Every operation a test calls is recorded for `pnpm routes` (testing/route-calls.ts).
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import createFetchClient, { type Client } from 'openapi-fetch';
import type { components, paths } from '@bindery/api-types';
import pino from 'pino';
import { loadConfig, type Config } from '../config.js';
import { ManualClock } from '../lib/clock.js';
import { randomString } from '../lib/ids.js';
import { handlerTable } from '../routes/index.js';
import { startServer, type RunningServer, type StartOptions } from '../server.js';
import { fileDatabaseUrl } from './pg-databases.js';
import { recordingTable, saveRouteCalls } from './route-calls.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The PostgreSQL database of this test run (see pg-global-setup.ts). */
    pgUrl: string;
  }
}

export type TestDialect = 'sqlite' | 'postgres';

export function testDialect(): TestDialect {
  return process.env.BINDERY_TEST_DB === 'postgres' ? 'postgres' : 'sqlite';
}

/** The typed client of the API (openapi-fetch over the spec's `paths`). */
export type TypedClient = Client<paths>;
/** A schema of the spec by name: `Schema<'Space'>`. */
export type Schema<N extends keyof components['schemas']> = components['schemas'][N];

export interface TestServer extends RunningServer {
  adminToken: string;
  clock: ManualClock;
  dialect: TestDialect;
  /** The typed client, acting with `token` (none: anonymous). */
  client(token?: string): TypedClient;
  /** The untyped helper (bodies are `any`); new tests use `client`. */
  api(token?: string): TestApi;
}

/** The typed client for a server at `baseUrl` (paths carry /v1). */
export function makeClient(baseUrl: string, token?: string): TypedClient {
  return createFetchClient<paths>({ baseUrl, headers: token ? { authorization: `Bearer ${token}` } : {} });
}

export interface TestResponse<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

export interface TestApi {
  request<T = any>(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<TestResponse<T>>;
  get<T = any>(path: string): Promise<TestResponse<T>>;
  post<T = any>(path: string, body?: unknown): Promise<TestResponse<T>>;
  put<T = any>(path: string, body?: unknown): Promise<TestResponse<T>>;
  patch<T = any>(path: string, body?: unknown): Promise<TestResponse<T>>;
  delete<T = any>(path: string): Promise<TestResponse<T>>;
}

export function makeApi(baseUrl: string, token?: string): TestApi {
  const request = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const res = await fetch(baseUrl + path, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      /* not JSON */
    }
    return { status: res.status, body: parsed as any, headers: res.headers };
  };
  return {
    request,
    get: (p) => request('GET', p),
    post: (p, b) => request('POST', p, b),
    put: (p, b) => request('PUT', p, b),
    patch: (p, b) => request('PATCH', p, b),
    delete: (p) => request('DELETE', p),
  };
}

/** The run's secrets key (32 bytes, hex), derived from its PostgreSQL database so that every test file agrees. */
function testSecretsKey(): string {
  return createHash('sha256').update(`bindery test secrets ${inject('pgUrl')}`).digest('hex');
}

/**
 * Starts a server for one test file. SQLite: its own database file; PostgreSQL: the file's own copy of the run's
 * migrated database (every server of one file shares it), unless `overrides.databaseUrl` names another.
 */
export async function startTestServer(overrides: Partial<Config> = {}, opts: Pick<StartOptions, 'table'> = {}): Promise<TestServer> {
  const dialect = testDialect();
  const testFile = expect.getState().testPath;
  const dataDir = mkdtempSync(join(tmpdir(), 'bindery-test-'));
  const adminToken = 'bdy_test_admin_' + randomString(24);
  const config: Config = {
    ...loadConfig({}),
    port: 0,
    host: '127.0.0.1',
    dataDir,
    databaseUrl: dialect === 'postgres' && overrides.databaseUrl === undefined ? await fileDatabaseUrl(inject('pgUrl'), testFile ?? '') : undefined,
    adminToken,
    validateResponses: true,
    logLevel: 'silent',
    allowPrivateUrls: true,
    // Every server of a run on PostgreSQL seals secrets with the same key, as the processes of one deployment must
    // (a server with another key refuses to start).
    ...(dialect === 'postgres' ? { secretsKey: testSecretsKey() } : {}),
    ...overrides,
  };
  const clock = new ManualClock();
  const calls = new Set<string>();
  const table = recordingTable(opts.table ?? handlerTable, calls);
  const running = await startServer(config, { clock, logger: pino({ level: config.logLevel }), ...opts, table });
  const close = running.close;
  return {
    ...running,
    adminToken,
    clock,
    dialect,
    client: (token?: string) => makeClient(running.url, token),
    api: (token?: string) => makeApi(running.url, token),
    close: async () => {
      await close();
      rmSync(dataDir, { recursive: true, force: true });
      if (testFile) saveRouteCalls(testFile, dialect, calls);
    },
  };
}

/**
 * A handle to what `start` makes, started before the file's tests and closed after them; it forwards to the started
 * value, so use it inside tests or hooks.
 */
export function useStarted<T extends { close(): Promise<unknown> }>(what: string, start: () => Promise<T>): T {
  let value: T | undefined;
  beforeAll(async () => {
    value = await start();
  });
  afterAll(async () => value?.close());
  return new Proxy({} as T, {
    get(_target, prop) {
      if (!value) throw new Error(`${what} is not started yet (use it inside tests or hooks)`);
      const v = Reflect.get(value, prop) as unknown;
      return typeof v === 'function' ? (v as (...a: unknown[]) => unknown).bind(value) : v;
    },
  });
}

/**
 * The one shared setup of an HTTP test file: starts a server before its tests and closes it after them. The
 * returned object stands for that server (using it before `beforeAll` has run throws).
 */
export function useTestServer(overrides: Partial<Config> = {}, opts: Pick<StartOptions, 'table'> = {}): TestServer {
  return useStarted('the test server', () => startTestServer(overrides, opts));
}

/** An answer of sendWithHost. */
export interface HostAnswer { status: number; text: string; headers: Record<string, string | string[] | undefined> }

/** A request to the test server with the given Host header (fetch cannot set it). */
export function sendWithHost(server: Pick<TestServer, 'url'>, path: string, host: string, opts: { method?: string; body?: string; headers?: Record<string, string> } = {}): Promise<HostAnswer> {
  return new Promise((resolve, reject) => {
    const u = new URL(server.url);
    const req = httpRequest({ host: u.hostname, port: u.port, path, method: opts.method ?? 'GET', headers: { host, ...opts.headers } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text, headers: res.headers }));
    });
    req.on('error', reject);
    req.end(opts.body);
  });
}

export interface TestUser {
  id: string;
  email: string;
  token: string;
}

/**
 * Digits only, so that a user's email never contains letters a test searches for (a search for "bo" must find bob,
 * not a random suffix of alice's address).
 */
const uniqueDigits = () => `${Date.now() % 1e8}${Math.floor(Math.random() * 1e8)}`;

/** A new user with a token, made through the API as the instance administrator would. */
export async function createUser(server: TestServer, name = 'User'): Promise<TestUser> {
  const admin = server.api(server.adminToken);
  const email = `${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${uniqueDigits()}@example.com`;
  const u = await admin.post('/v1/users', { email, displayName: name });
  if (u.status !== 201) throw new Error(`createUser failed: ${u.status} ${JSON.stringify(u.body)}`);
  const t = await admin.post(`/v1/users/${u.body.id}/tokens`, { label: 'test' });
  if (t.status !== 201) throw new Error(`createToken failed: ${t.status} ${JSON.stringify(t.body)}`);
  return { id: u.body.id, email, token: t.body.token };
}

/** A new organization owned (admin) by `owner`. */
export async function createOrganization(server: TestServer, owner: TestUser, body: Record<string, unknown> = {}): Promise<any> {
  const r = await server.api(owner.token).post('/v1/orgs', { title: 'Org ' + randomString(6), ...body });
  if (r.status !== 201) throw new Error(`createOrganization failed: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body;
}

/** Adds `user` to the organization with `role` (null for a guest). */
export async function addMember(server: TestServer, orgId: string, admin: TestUser, user: TestUser, role: string | null): Promise<void> {
  const r = await server.api(admin.token).post(`/v1/orgs/${orgId}/invites`, { emails: [{ email: user.email, role }] });
  if (r.status !== 200) throw new Error(`addMember failed: ${r.status} ${JSON.stringify(r.body)}`);
}

export interface Tenant {
  /** The organization's id. */
  org: string;
  owner: TestUser;
  /** The owner and one user per requested role, by name. */
  users: Record<string, TestUser>;
  /** The owner's API. */
  api: TestApi;
  /** The API of one of `users`. */
  as(name: string): TestApi;
  /** The owner's typed client. */
  client: TypedClient;
  /** The typed client of one of `users`. */
  clientAs(name: string): TypedClient;
}

/**
 * A site of `t`'s organization made with `fields` (POST …/sites: title, visibility, spaces…) and published; its body
 * as created.
 */
export async function publishSite(t: Pick<Tenant, 'api' | 'org'>, fields: Record<string, unknown>): Promise<{ id: string } & Record<string, unknown>> {
  const made = await t.api.post(`/v1/orgs/${t.org}/sites`, fields);
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  const published = await t.api.post(`/v1/orgs/${t.org}/sites/${made.body.id}/publish`);
  expect(published.status, JSON.stringify(published.body)).toBe(200);
  return made.body;
}

/**
 * A public site publishing one space "Guide" of two pages (`page-intro` "Introduction", `page-setup` "Setup", whose
 * text is `setup`): its ids, its one site space and its path on the server.
 */
export async function publishGuideSite(t: Pick<Tenant, 'api' | 'org'>, setup = 'Install it.\n'): Promise<{ siteId: string; spaceId: string; siteSpace: string; base: string }> {
  const space = (await t.api.post(`/v1/orgs/${t.org}/spaces`, { title: 'Guide' })).body;
  expect((await t.api.post(`/v1/spaces/${space.id}/content/edits`, { edits: [
    { op: 'createPage', page: { id: 'page-intro', title: 'Introduction', markdown: 'Hello.\n' } },
    { op: 'createPage', page: { id: 'page-setup', title: 'Setup', markdown: setup } },
  ] })).status).toBe(200);
  const site = await publishSite(t, { title: 'Acme Docs', visibility: 'public', spaces: [space.id] });
  const siteSpace = (await t.api.get(`/v1/orgs/${t.org}/sites/${site.id}/site-spaces`)).body.items[0].id as string;
  return { siteId: site.id, spaceId: space.id as string, siteSpace, base: `/sites/${site.id}` };
}

/** A fresh tenant: an organization owned by a new user, plus one new member per entry of `roles` (null = guest). */
export async function createTenant(server: TestServer, roles: Record<string, string | null> = {}): Promise<Tenant> {
  const owner = await createUser(server, 'Owner');
  const org = (await createOrganization(server, owner)).id as string;
  const users: Record<string, TestUser> = { owner };
  for (const [name, role] of Object.entries(roles)) {
    users[name] = await createUser(server, name);
    await addMember(server, org, owner, users[name]!, role);
  }
  return {
    org, owner, users,
    api: server.api(owner.token), as: (name) => server.api(users[name]!.token),
    client: server.client(owner.token), clientAs: (name) => server.client(users[name]!.token),
  };
}

/** A new organization with one space, owned by a new user: the owner's API, the space's id and its API path. */
export async function createSpaceTenant(server: TestServer, title = 'Docs') {
  const owner = await createUser(server, 'Owner');
  const org = (await createOrganization(server, owner)).id as string;
  const api = server.api(owner.token);
  const space = await api.post(`/v1/orgs/${org}/spaces`, { title });
  if (space.status !== 201) throw new Error(`createSpace failed: ${space.status} ${JSON.stringify(space.body)}`);
  return { org, owner, api, spaceId: space.body.id as string, base: `/v1/spaces/${space.body.id}` };
}

/** Creates a page under `base` (the API path of a space or a change request); the test fails unless it is created. */
export async function createPage(api: TestApi, base: string, body: Record<string, unknown>) {
  const r = await api.post(`${base}/content/pages`, body);
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body;
}

/** A GET of `path` on the server at `baseUrl` with its own Host header (fetch does not let one set it): a custom hostname. */
export function getWithHost(baseUrl: string, path: string, host: string): Promise<{ status: number; text: string; location?: string }> {
  return new Promise((resolve, reject) => {
    const u = new URL(baseUrl);
    const req = httpRequest({ host: u.hostname, port: u.port, path, headers: { host } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text, ...(res.headers.location !== undefined ? { location: res.headers.location } : {}) }));
    });
    req.on('error', reject);
    req.end();
  });
}

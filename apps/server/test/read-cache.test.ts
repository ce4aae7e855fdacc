// The request-path caches (db/read-cache.ts) never outlive a change: a revoked token, a removed member, a changed
// role, grant, team or collection is seen by the very next request — on the server that made the change and on a
// second server sharing the database (the same SQLite file, or the same PostgreSQL database), and also when the
// rows change behind the servers' backs (another process, a SQL prompt).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokensRepo } from '../src/repos/tokens.repo.js';
import { createTenant, createUser, startTestServer, type TestServer } from '../src/testing/index.js';

let a: TestServer;
let b: TestServer;
const shared = mkdtempSync(join(tmpdir(), 'bindery-cache-'));
beforeAll(async () => {
  // Two servers on one database: one SQLite file (a shared data folder), or the run's PostgreSQL database.
  a = await startTestServer({ dataDir: shared });
  b = await startTestServer({ dataDir: shared });
});
afterAll(async () => {
  await Promise.all([a?.close(), b?.close()]);
  rmSync(shared, { recursive: true, force: true });
});

/** Runs `request` twice on `server` and checks that the second one was answered from its caches. */
async function warm(server: TestServer, request: () => Promise<{ status: number }>, status = 200) {
  expect((await request()).status).toBe(status);
  const hits = server.readCache.stats.hits;
  expect((await request()).status).toBe(status);
  expect(server.readCache.stats.hits).toBeGreaterThan(hits);
}

describe('request caches', () => {
  it('a revoked token is refused by the next request, on both servers', async () => {
    const user = await createUser(a, 'Rita');
    for (const s of [a, b]) await warm(s, () => s.api(user.token).get('/v1/user'));
    const tokens = await a.api(user.token).get('/v1/user/tokens');
    const id = tokens.body.items[0].id as string;
    expect((await a.api(user.token).delete(`/v1/user/tokens/${id}`)).status).toBe(204);
    expect((await b.api(user.token).get('/v1/user')).status).toBe(401);
    expect((await a.api(user.token).get('/v1/user')).status).toBe(401);
  });

  it('a token deleted behind the servers\u2019 backs (another process, a SQL prompt) is refused by the next request', async () => {
    const user = await createUser(a, 'Sam');
    for (const s of [a, b]) await warm(s, () => s.api(user.token).get('/v1/user'));
    const tokens = await a.api(user.token).get('/v1/user/tokens');
    await tokensRepo.deleteForUser(a.ctx.db, user.id, tokens.body.items[0].id);
    expect((await a.api(user.token).get('/v1/user')).status).toBe(401);
    expect((await b.api(user.token).get('/v1/user')).status).toBe(401);
  });

  it('a changed user shows in the next answer of both servers', async () => {
    const user = await createUser(a, 'Uma');
    for (const s of [a, b]) await warm(s, () => s.api(user.token).get('/v1/user'));
    await a.ctx.db.updateTable('users').set({ display_name: 'Uma Renamed' }).where('id', '=', user.id).execute();
    expect((await b.api(user.token).get('/v1/user')).body.displayName).toBe('Uma Renamed');
    expect((await a.api(user.token).get('/v1/user')).body.displayName).toBe('Uma Renamed');
  });

  it('a removed member and a changed role take effect at the next request', async () => {
    const t = await createTenant(a, { reader: 'read' });
    const reader = t.users.reader!;
    const org = `/v1/orgs/${t.org}`;
    for (const s of [a, b]) await warm(s, () => s.api(reader.token).get(org));
    expect((await b.api(reader.token).get(org)).body.permissions.admin).toBe(false);
    // A role changed on one server: the other answers with it.
    expect((await t.api.patch(`${org}/members/${reader.id}`, { role: 'admin' })).status).toBe(200);
    expect((await b.api(reader.token).get(org)).body.permissions.admin).toBe(true);
    expect((await a.api(reader.token).get(org)).body.permissions.admin).toBe(true);
    await warm(b, () => b.api(reader.token).get(org));
    // Removed: the organization is gone for them at once, on both servers.
    expect((await t.api.delete(`${org}/members/${reader.id}`)).status).toBe(204);
    expect((await b.api(reader.token).get(org)).status).toBe(404);
    expect((await a.api(reader.token).get(org)).status).toBe(404);
  });

  it('a granted, changed and removed role on a space takes effect at the next request', async () => {
    const t = await createTenant(a, { guest: null });
    const guest = t.users.guest!;
    const space = (await t.api.post(`/v1/orgs/${t.org}/spaces`, { title: 'Private' })).body;
    const path = `/v1/spaces/${space.id}`;
    for (const s of [a, b]) await warm(s, () => s.api(guest.token).get(path), 404);
    expect((await t.api.post(`${path}/permissions`, { users: [guest.id], role: 'read' })).status).toBe(204);
    const read = await b.api(guest.token).get(path);
    expect(read.status).toBe(200);
    expect(read.body.permissions.edit).toBe(false);
    await warm(b, () => b.api(guest.token).get(path));
    expect((await t.api.post(`${path}/permissions`, { users: [guest.id], role: 'edit' })).status).toBe(204);
    expect((await b.api(guest.token).get(path)).body.permissions.edit).toBe(true);
    expect((await t.api.post(`${path}/permissions`, { users: [guest.id], role: null })).status).toBe(204);
    expect((await b.api(guest.token).get(path)).status).toBe(404);
    expect((await a.api(guest.token).get(path)).status).toBe(404);
  });

  it('joining or leaving a team with a grant takes effect at the next request', async () => {
    const t = await createTenant(a, { guest: null });
    const guest = t.users.guest!;
    const space = (await t.api.post(`/v1/orgs/${t.org}/spaces`, { title: 'Team space' })).body;
    const team = (await t.api.put(`/v1/orgs/${t.org}/teams`, { title: 'Writers' })).body;
    expect((await t.api.post(`/v1/spaces/${space.id}/permissions`, { teams: [team.id], role: 'edit' })).status).toBe(204);
    const path = `/v1/spaces/${space.id}`;
    await warm(b, () => b.api(guest.token).get(path), 404);
    expect((await t.api.put(`/v1/orgs/${t.org}/teams/${team.id}/members`, { add: [guest.id] })).status).toBe(204);
    expect((await b.api(guest.token).get(path)).body.permissions.edit).toBe(true);
    await warm(b, () => b.api(guest.token).get(path));
    expect((await t.api.delete(`/v1/orgs/${t.org}/teams/${team.id}/members/${guest.id}`)).status).toBe(204);
    expect((await b.api(guest.token).get(path)).status).toBe(404);
  });

  it('a collection moved under one the caller holds a grant on opens its spaces at the next request', async () => {
    const t = await createTenant(a, { guest: null });
    const guest = t.users.guest!;
    const open = (await t.api.post(`/v1/orgs/${t.org}/collections`, { title: 'Open' })).body;
    const closed = (await t.api.post(`/v1/orgs/${t.org}/collections`, { title: 'Closed' })).body;
    expect((await t.api.post(`/v1/collections/${open.id}/permissions`, { users: [guest.id], role: 'read' })).status).toBe(204);
    const space = (await t.api.post(`/v1/orgs/${t.org}/spaces`, { title: 'Inside', parent: closed.id })).body;
    const path = `/v1/spaces/${space.id}`;
    await warm(b, () => b.api(guest.token).get(path), 404);
    expect((await t.api.post(`/v1/collections/${closed.id}/move`, { parent: open.id })).status).toBe(200);
    expect((await b.api(guest.token).get(path)).status).toBe(200);
    await warm(b, () => b.api(guest.token).get(path));
    expect((await t.api.post(`/v1/collections/${closed.id}/move`, { parent: null })).status).toBe(200);
    expect((await b.api(guest.token).get(path)).status).toBe(404);
  });
});

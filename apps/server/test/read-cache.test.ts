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

// Content reads keep what derives from immutable revisions (engine/read-memo.ts, parsed documents) without any
// invalidation, and page times and Git Sync metadata in the `history` domain: none of it may outlive a change.
describe('content reads', () => {
  async function spaceWithPage(markdown: string) {
    const t = await createTenant(a, { guest: null });
    const space = (await t.api.post(`/v1/orgs/${t.org}/spaces`, { title: 'Docs' })).body;
    const base = `/v1/spaces/${space.id}`;
    const page = await t.api.post(`${base}/content/pages`, { title: 'Intro', markdown });
    expect(page.status).toBe(201);
    return { t, base, spaceId: space.id as string, pageId: page.body.id as string, path: page.body.path as string };
  }
  const text = (doc: any): string => JSON.stringify(doc);

  it('an edit is shown by the next page read of both servers (by id and by path, markdown and document)', async () => {
    const { t, base, pageId, path } = await spaceWithPage('First text.');
    for (const s of [a, b]) {
      await warm(s, () => s.api(t.owner.token).get(`${base}/content/page/${pageId}`));
      await warm(s, () => s.api(t.owner.token).get(`${base}/content/page/${pageId}?format=markdown`));
      await warm(s, () => s.api(t.owner.token).get(`${base}/content/path/${path}`));
    }
    const before = await b.api(t.owner.token).get(`${base}/content/page/${pageId}`);
    expect(text(before.body.document)).toContain('First text.');
    a.clock.advance(60_000);
    expect((await t.api.patch(`${base}/content/page/${pageId}`, { markdown: 'Second text.' })).status).toBe(200);
    for (const s of [b, a]) {
      const byId = await s.api(t.owner.token).get(`${base}/content/page/${pageId}`);
      expect(byId.headers.get('etag')).not.toBe(before.headers.get('etag'));
      expect(text(byId.body.document)).toContain('Second text.');
      expect(text(byId.body.document)).not.toContain('First text.');
      expect(byId.body.updatedAt > before.body.updatedAt).toBe(true);
      expect(byId.body.createdAt).toBe(before.body.createdAt);
      expect((await s.api(t.owner.token).get(`${base}/content/page/${pageId}?format=markdown`)).body.markdown).toContain('Second text.');
      expect(text((await s.api(t.owner.token).get(`${base}/content/path/${path}`)).body.document)).toContain('Second text.');
    }
    // The old revision still answers what it held (its own id, its own page).
    const old = await b.api(t.owner.token).get(`${base}/revisions/${JSON.parse(before.headers.get('etag')!)}/page/${pageId}?format=markdown`);
    expect(old.status).toBe(200);
    expect(old.body.markdown).toContain('First text.');
  });

  it('a renamed and a deleted page are seen by the next read of the other server', async () => {
    const { t, base, pageId, path } = await spaceWithPage('Some text.');
    await warm(b, () => b.api(t.owner.token).get(`${base}/content/path/${path}`));
    expect((await t.api.patch(`${base}/content/page/${pageId}`, { slug: 'renamed' })).status).toBe(200);
    expect((await b.api(t.owner.token).get(`${base}/content/path/renamed`)).body.id).toBe(pageId);
    expect((await t.api.delete(`${base}/content/page/${pageId}`)).status).toBe(204);
    expect((await b.api(t.owner.token).get(`${base}/content/page/${pageId}`)).status).toBe(404);
    expect((await b.api(t.owner.token).get(`${base}/content/path/renamed`)).status).toBe(404);
  });

  it('a removed grant closes a page to the next read, on both servers', async () => {
    const { t, base, pageId } = await spaceWithPage('Private text.');
    const guest = t.users.guest!;
    expect((await t.api.post(`${base}/permissions`, { users: [guest.id], role: 'read' })).status).toBe(204);
    for (const s of [a, b]) await warm(s, () => s.api(guest.token).get(`${base}/content/page/${pageId}`));
    expect((await t.api.post(`${base}/permissions`, { users: [guest.id], role: null })).status).toBe(204);
    for (const s of [b, a]) expect((await s.api(guest.token).get(`${base}/content/page/${pageId}`)).status).toBe(404);
  });

  it('page times and Git Sync metadata changed behind the servers\u2019 backs are shown by the next read', async () => {
    const { t, base, spaceId, pageId } = await spaceWithPage('Timed text.');
    for (const s of [a, b]) {
      await warm(s, () => s.api(t.owner.token).get(`${base}/content/page/${pageId}`));
      await warm(s, () => s.api(t.owner.token).get(`${base}/content`));
    }
    const head = await b.api(t.owner.token).get(`${base}/content`);
    expect(head.body.git).toBeUndefined();
    // Another process (or a SQL prompt) rewrites the page's history and records the commit of the head revision.
    await a.ctx.db.updateTable('page_versions').set({ first_at: '2020-01-02T03:04:05.000Z' }).where('space_id', '=', spaceId).where('page_id', '=', pageId).execute();
    await a.ctx.db.insertInto('git_revisions').values({
      revision_id: head.body.id, space_id: spaceId, oid: 'a'.repeat(40), message: 'Imported', created_by_service: 0, url: null, ref: 'main',
      snapshot_hash: null, created_at: '2020-01-02T03:04:05.000Z',
    }).execute();
    for (const s of [b, a]) {
      const page = await s.api(t.owner.token).get(`${base}/content/page/${pageId}`);
      expect(page.body.createdAt).toBe('2020-01-02T03:04:05.000Z');
      expect(page.body.updatedAt).toBe('2020-01-02T03:04:05.000Z');
      expect((await s.api(t.owner.token).get(`${base}/content`)).body.git?.oid).toBe('a'.repeat(40));
    }
    await a.ctx.db.deleteFrom('git_revisions').where('revision_id', '=', head.body.id).execute();
    for (const s of [b, a]) expect((await s.api(t.owner.token).get(`${base}/content`)).body.git).toBeUndefined();
  });
});

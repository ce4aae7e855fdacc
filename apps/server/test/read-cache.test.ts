// The request-path caches (db/read-cache.ts) never outlive a change: a revoked token, a removed member, a changed
// role, grant, team or collection is seen by the very next request — on the server that made the change and on a
// second server sharing the database (the same SQLite file, or the same PostgreSQL database), and also when the
// rows change behind the servers' backs (another process, a SQL prompt).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cachedRead, inReadScope, keyedListRead, keyedRead, memoRead, newReadScope } from '../src/db/read-cache.js';
import { tokensRepo } from '../src/repos/tokens.repo.js';
import { authenticate } from '../src/services/auth.js';
import { postComment } from '../src/services/comments.js';
import { loadSpace } from '../src/services/spaces.js';
import { createTenant, createUser, startTestServer, testDialect, type TestServer } from '../src/testing/index.js';

let a: TestServer;
let b: TestServer;
const shared = mkdtempSync(join(tmpdir(), 'bindery-cache-'));
beforeAll(async () => {
  // Two servers on one database: one SQLite file (a shared data folder), or the test file's PostgreSQL database.
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

  it('a renamed organization shows in the next answer of both servers, through the API or behind their backs', async () => {
    const t = await createTenant(a, { reader: 'read' });
    const org = `/v1/orgs/${t.org}`;
    for (const s of [a, b]) await warm(s, () => s.api(t.users.reader!.token).get(org));
    expect((await t.api.patch(org, { title: 'Renamed' })).status).toBe(200);
    for (const s of [b, a]) expect((await s.api(t.users.reader!.token).get(org)).body.title).toBe('Renamed');
    await warm(b, () => b.api(t.users.reader!.token).get(`${org}/spaces`));
    await a.ctx.db.updateTable('organizations').set({ title: 'Renamed again' }).where('id', '=', t.org).execute();
    for (const s of [b, a]) expect((await s.api(t.users.reader!.token).get(org)).body.title).toBe('Renamed again');
    // Deleted behind their backs: gone at once.
    await a.ctx.db.deleteFrom('organizations').where('id', '=', t.org).execute();
    for (const s of [b, a]) expect((await s.api(t.users.reader!.token).get(`${org}/spaces`)).status).toBe(404);
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
// SQLite: prepared reads outside transactions (a space, a page of spaces, a user, an organization) are answered from
// a memo while the database has not changed since the request's counter read (the writer's `data_version` for other
// connections, a count of this process's own changes). On PostgreSQL there is no memo; the same answers must hold.
describe('the memo of reads (SQLite), the keyed cache of spaces (PostgreSQL)', () => {
  /** Runs a statement on a connection of its own, as another process or a SQL prompt would. */
  async function behindTheirBacks(text: string, parameters: unknown[]) {
    if (a.dialect === 'postgres') {
      // No memo there: any connection will do. The values are the test's own (inlined, quoted).
      const inlined = parameters.reduce<string>((q, v) => q.replace('?', typeof v === 'number' ? String(v) : `'${String(v).replace(/'/g, "''")}'`), text);
      await sql.raw(inlined).execute(a.ctx.db);
      return;
    }
    const other = new SQLite(join(shared, 'bindery.sqlite'));
    try {
      other.pragma('busy_timeout = 5000');
      other.prepare(text).run(...parameters);
    } finally {
      other.close();
    }
  }
  /**
   * Runs `request` on `server` until it reads from the memo (on SQLite): a first request may touch its token's
   * `last_used_at` (a write: the memo waits for the next counter read), the next fills the memo, the last reads it.
   */
  async function warmMemo(server: TestServer, request: () => Promise<{ status: number }>) {
    expect((await request()).status).toBe(200);
    expect((await request()).status).toBe(200);
    const hits = server.readCache.stats.memoHits;
    const keyedHits = server.readCache.stats.keyedHits;
    expect((await request()).status).toBe(200);
    if (server.dialect === 'sqlite') expect(server.readCache.stats.memoHits).toBeGreaterThan(hits);
    // PostgreSQL: a request that reads the space by id, or lists an organization's or a collection's spaces, took
    // them from the keyed caches.
    else if (/^\/v1\/spaces\/[^/]+$|^\/v1\/orgs\/[^/]+\/spaces$|^\/v1\/collections\/[^/]+\/spaces$/.test(lastPath)) expect(server.readCache.stats.keyedHits).toBeGreaterThan(keyedHits);
    lastPath = '';
  }
  /** The path of the last request made through `get` since the last `warmMemo` (GET space: checked on PostgreSQL). */
  let lastPath = '';
  const get = (s: TestServer, token: string, path: string) => {
    lastPath = path;
    return s.api(token).get(path);
  };

  it('a space changed by another connection (another process) is shown by the next read of both servers', async () => {
    const t = await createTenant(a, { reader: 'read' });
    const token = t.users.reader!.token;
    const space = (await t.api.post(`/v1/orgs/${t.org}/spaces`, { title: 'Before' })).body;
    const path = `/v1/spaces/${space.id}`;
    const list = `/v1/orgs/${t.org}/spaces`;
    for (const s of [a, b]) {
      await warmMemo(s, () => get(s, token, path));
      await warmMemo(s, () => get(s, token, list));
    }
    await behindTheirBacks('update spaces set title = ? where id = ?', ['After', space.id]);
    for (const s of [b, a]) {
      expect((await s.api(token).get(path)).body.title).toBe('After');
      expect((await s.api(token).get(list)).body.items.map((x: { title: string }) => x.title)).toEqual(['After']);
    }
    // A counter in a shard of its own (another process's comment), summed into Space.comments.
    await warmMemo(b, () => get(b, token, path));
    await warmMemo(b, () => get(b, token, list));
    await behindTheirBacks('insert into space_comment_counts (space_id, shard, open_comments) values (?, ?, ?)', [space.id, 7, 3]);
    for (const s of [b, a]) {
      expect((await s.api(token).get(path)).body.comments).toBe(3);
      expect((await s.api(token).get(list)).body.items.map((x: { comments: number }) => x.comments)).toEqual([3]);
    }
  });

  it('a change made through one server is shown by its next read and the other server\u2019s, and by the request that made it', async () => {
    const t = await createTenant(a, { reader: 'read' });
    const token = t.users.reader!.token;
    const space = (await t.api.post(`/v1/orgs/${t.org}/spaces`, { title: 'One' })).body;
    const path = `/v1/spaces/${space.id}`;
    for (const s of [a, b]) await warmMemo(s, () => get(s, token, path));
    const renamed = await a.api(t.owner.token).patch(path, { title: 'Two' });
    expect(renamed.body.title).toBe('Two');
    for (const s of [a, b]) expect((await s.api(token).get(path)).body.title).toBe('Two');
    for (const s of [a, b]) await warmMemo(s, () => get(s, token, path));
    expect((await b.api(t.owner.token).post(`${path}/comments`, { body: { markdown: 'Counted.' } })).status).toBe(200);
    for (const s of [b, a]) expect((await s.api(token).get(path)).body.comments).toBe(1);
    // Written behind the servers' backs on a server's own connection (no request: jobs, start-up).
    for (const s of [a, b]) await warmMemo(s, () => get(s, token, path));
    await a.ctx.db.updateTable('spaces').set({ title: 'Three' }).where('id', '=', space.id).execute();
    for (const s of [b, a]) expect((await s.api(token).get(path)).body.title).toBe('Three');
  });

  it('a list of spaces shows a space created, counted, deleted, restored or moved away by the next read of both servers', async () => {
    const t = await createTenant(a, { reader: 'read' });
    const token = t.users.reader!.token;
    const list = `/v1/orgs/${t.org}/spaces`;
    const shown = async (s: TestServer) => ((await s.api(token).get(list)).body.items as { title: string; comments: number }[])
      .map((x) => `${x.title}:${x.comments}`).sort();
    const warmBoth = async () => {
      for (const s of [a, b]) await warmMemo(s, () => get(s, token, list));
    };
    const one = (await t.api.post(list, { title: 'One' })).body;
    await warmBoth();
    // Created through the other server.
    const two = (await b.api(t.owner.token).post(list, { title: 'Two' })).body;
    for (const s of [a, b]) expect(await shown(s)).toEqual(['One:0', 'Two:0']);
    // A comment (a counter shard) through the API.
    await warmBoth();
    expect((await a.api(t.owner.token).post(`/v1/spaces/${one.id}/comments`, { body: { markdown: 'Counted.' } })).status).toBe(200);
    for (const s of [b, a]) expect(await shown(s)).toEqual(['One:1', 'Two:0']);
    // Deleted through the API, restored behind the servers' backs.
    await warmBoth();
    expect((await b.api(t.owner.token).delete(`/v1/spaces/${two.id}`)).status).toBe(204);
    for (const s of [a, b]) expect(await shown(s)).toEqual(['One:1']);
    await warmBoth();
    await behindTheirBacks('update spaces set deleted_at = null where id = ?', [two.id]);
    for (const s of [b, a]) expect(await shown(s)).toEqual(['One:1', 'Two:0']);
    // Moved to another organization behind the servers' backs: gone from this list, shown in the other's.
    const other = await createTenant(a, { reader: 'read' });
    const otherList = `/v1/orgs/${other.org}/spaces`;
    const otherToken = other.users.reader!.token;
    for (const s of [a, b]) {
      await warmMemo(s, () => get(s, token, list));
      await warmMemo(s, () => get(s, otherToken, otherList));
    }
    await behindTheirBacks('update spaces set org_id = ?, parent_id = null where id = ?', [other.org, two.id]);
    for (const s of [b, a]) {
      expect(await shown(s)).toEqual(['One:1']);
      expect(((await s.api(otherToken).get(otherList)).body.items as { id: string }[]).map((x) => x.id)).toEqual([two.id]);
    }
  });

  it('a page of a list of spaces shows a space moved into it (its position changed) by the next read of both servers', async () => {
    const t = await createTenant(a, { reader: 'read' });
    const token = t.users.reader!.token;
    const list = `/v1/orgs/${t.org}/spaces`;
    for (const title of ['One', 'Two', 'Three']) expect((await t.api.post(list, { title })).status).toBe(201);
    const all = (await t.api.get(list)).body.items as { id: string; title: string }[];
    expect(all.map((x) => x.title)).toEqual(['One', 'Two', 'Three']);
    const first = async (s: TestServer) => ((await s.api(token).get(`${list}?limit=1`)).body.items as { title: string }[]).map((x) => x.title);
    for (const s of [a, b]) await warmMemo(s, () => get(s, token, `${list}?limit=1`));
    for (const s of [a, b]) expect(await first(s)).toEqual(['One']);
    // Three moves before One through one server: the first page of both servers starts with it.
    expect((await b.api(t.owner.token).post(`/v1/spaces/${all[2]!.id}/move`, { position: { before: { type: 'space', space: all[0]!.id } } })).status).toBe(200);
    for (const s of [a, b]) expect(await first(s)).toEqual(['Three']);
    // And behind the servers' backs: Two takes the first position.
    for (const s of [a, b]) await warmMemo(s, () => get(s, token, `${list}?limit=1`));
    await behindTheirBacks('update spaces set sort_key = ? where id = ?', ['0', all[1]!.id]);
    for (const s of [b, a]) expect(await first(s)).toEqual(['Two']);
  });

  it('a guest\u2019s list of spaces and a collection\u2019s show a space moved in or out, renamed, created or deleted by the next read of both servers', async () => {
    const t = await createTenant(a, { guest: null });
    const guest = t.users.guest!;
    const open = (await t.api.post(`/v1/orgs/${t.org}/collections`, { title: 'Open' })).body;
    const closed = (await t.api.post(`/v1/orgs/${t.org}/collections`, { title: 'Closed' })).body;
    expect((await t.api.post(`/v1/collections/${open.id}/permissions`, { users: [guest.id], role: 'read' })).status).toBe(204);
    const one = (await t.api.post(`/v1/orgs/${t.org}/spaces`, { title: 'One', parent: open.id })).body;
    const two = (await t.api.post(`/v1/orgs/${t.org}/spaces`, { title: 'Two', parent: closed.id })).body;
    // The guest's list of the organization's spaces (filtered: those of the collection it holds a grant on), and the
    // collection's own list as the owner reads it.
    const guestList = `/v1/orgs/${t.org}/spaces`;
    const inOpen = `/v1/collections/${open.id}/spaces`;
    const titles = async (s: TestServer, token: string, path: string) => ((await s.api(token).get(path)).body.items as { title: string }[]).map((x) => x.title).sort();
    const expectBoth = async (want: string[]) => {
      for (const s of [b, a]) {
        expect(await titles(s, guest.token, guestList)).toEqual(want);
        expect(await titles(s, t.owner.token, inOpen)).toEqual(want);
      }
    };
    const warmBoth = async () => {
      for (const s of [a, b]) {
        await warmMemo(s, () => get(s, guest.token, guestList));
        await warmMemo(s, () => get(s, t.owner.token, inOpen));
      }
    };
    await warmBoth();
    await expectBoth(['One']);
    // Moved into the collection through one server.
    await warmBoth();
    expect((await b.api(t.owner.token).post(`/v1/spaces/${two.id}/move`, { parent: open.id })).status).toBe(200);
    await expectBoth(['One', 'Two']);
    // Moved out behind the servers' backs (no other column changes).
    await warmBoth();
    await behindTheirBacks('update spaces set parent_id = ? where id = ?', [closed.id, one.id]);
    await expectBoth(['Two']);
    // A row of the list renamed behind their backs.
    await warmBoth();
    await behindTheirBacks('update spaces set title = ? where id = ?', ['Deux', two.id]);
    await expectBoth(['Deux']);
    // Created in the collection through one server, deleted through the other.
    await warmBoth();
    const three = (await a.api(t.owner.token).post(`/v1/orgs/${t.org}/spaces`, { title: 'Three', parent: open.id })).body;
    await expectBoth(['Deux', 'Three']);
    await warmBoth();
    expect((await b.api(t.owner.token).delete(`/v1/spaces/${three.id}`)).status).toBe(204);
    await expectBoth(['Deux']);
  });

  it('a search answered from the memo shows the next change anywhere: an edit, another space, another process', async () => {
    // Search rows (db/dialect.ts, SQLite) go through the memo too: bm25 ranks with the statistics of the whole index and
    // "the newest matches" depend on what was indexed, so only "nothing changed anywhere" makes an answer reusable.
    // PostgreSQL: through the keyed caches, dropped when the space's search rows change (`search:<space>`).
    const t = await createTenant(a, { reader: 'read' });
    const token = t.users.reader!.token;
    const mk = async (title: string) => (await t.api.post(`/v1/orgs/${t.org}/spaces`, { title })).body.id as string;
    const [one, two] = [await mk('One'), await mk('Two')];
    const page = (await t.api.post(`/v1/spaces/${one}/content/pages`, { title: 'Airships', markdown: 'The word is zeppelin.' })).body;
    const find = (s: TestServer, q: string) => s.api(token).get(`/v1/spaces/${one}/search?query=${q}`);
    const inOrg = async (s: TestServer, q: string) => ((await s.api(token).get(`/v1/orgs/${t.org}/search?query=${q}`)).body.items as { id: string }[]).map((x) => x.id);
    const ids = async (s: TestServer, q: string) => ((await find(s, q)).body.items as { id: string }[]).map((x) => x.id);
    for (const s of [a, b]) {
      await warmMemo(s, () => find(s, 'zeppelin'));
      // The rows of the search itself come from the memo (its space row alone would be one hit).
      const hits = s.readCache.stats.memoHits;
      const keyedHits = s.readCache.stats.keyedHits;
      expect(await ids(s, 'zeppelin')).toEqual([page.id]);
      if (s.dialect === 'sqlite') expect(s.readCache.stats.memoHits - hits).toBeGreaterThanOrEqual(3);
      // Its pages and its sections.
      else expect(s.readCache.stats.keyedHits - keyedHits).toBeGreaterThanOrEqual(2);
      await warmMemo(s, () => s.api(token).get(`/v1/orgs/${t.org}/search?query=zeppelin`));
    }
    // An edit through one server: the next search of both.
    expect((await a.api(t.owner.token).patch(`/v1/spaces/${one}/content/page/${page.id}`, { markdown: 'The word is dirigible.' })).status).toBe(200);
    for (const s of [b, a]) {
      expect(await ids(s, 'zeppelin')).toEqual([]);
      expect(await ids(s, 'dirigible')).toEqual([page.id]);
    }
    // A page in another space, written through the other server: the organization's next search finds it.
    for (const s of [a, b]) await warmMemo(s, () => s.api(token).get(`/v1/orgs/${t.org}/search?query=dirigible`));
    expect((await b.api(t.owner.token).post(`/v1/spaces/${two}/content/pages`, { title: 'Blimps', markdown: 'Another dirigible.' })).status).toBe(201);
    for (const s of [a, b]) expect((await inOrg(s, 'dirigible')).sort()).toEqual([one, two].sort());
    // The index changed behind the servers' backs (another process).
    for (const s of [a, b]) await warmMemo(s, () => find(s, 'dirigible'));
    // PostgreSQL: rows updated in place (the stored `tsv` follows; SQLite's FTS tables follow inserts and deletes only).
    if (a.dialect === 'postgres') {
      await behindTheirBacks('update search_sections set body = body || ? where space_id = ?', [' Hovercraft.', one]);
      for (const s of [b, a]) {
        expect(await ids(s, 'hovercraft')).toEqual([page.id]);
        expect(await ids(s, 'dirigible')).toEqual([page.id]);
      }
      for (const s of [a, b]) await warmMemo(s, () => find(s, 'dirigible'));
    }
    await behindTheirBacks('delete from search_sections where space_id = ?', [one]);
    for (const s of [b, a]) expect(await ids(s, 'dirigible')).toEqual([]);
  });

  it('a request reads from the memo only once the counters were read for it, after it arrived', async () => {
    const t = await createTenant(a, { reader: 'read' });
    const space = (await t.api.post(`/v1/orgs/${t.org}/spaces`, { title: 'Old' })).body;
    const text = 'select title from spaces where id = ?';
    const load = () => a.ctx.db.selectFrom('spaces').select('title').where('id', '=', space.id).execute();
    // memoRead's loader is synchronous (SQLite): read the row first, then hand it over.
    const read = async (synced: boolean) => inReadScope(newReadScope(), async () => {
      if (synced) await cachedRead(a.ctx.db, 'tokens', 'memo-test', async () => 1);
      const rows = await load();
      return memoRead(a.ctx.db, text, [space.id], () => rows) as { title: string }[];
    });
    expect((await read(true))[0]!.title).toBe('Old');
    const hits = a.readCache.stats.memoHits;
    expect((await read(true))[0]!.title).toBe('Old');
    if (a.dialect === 'sqlite') expect(a.readCache.stats.memoHits).toBe(hits + 1);
    await behindTheirBacks('update spaces set title = ? where id = ?', ['New', space.id]);
    // No counter read since it arrived: the memo (filled before the change) is not for this request.
    expect((await read(false))[0]!.title).toBe('New');
    expect((await read(true))[0]!.title).toBe('New');
  });
});

describe.runIf(testDialect() === 'postgres')('the keyed cache of spaces (PostgreSQL): the change log', () => {
  /** A reader's token, a space and its path, read twice on both servers so that the second read came from memory. */
  async function cachedSpace(title: string) {
    const t = await createTenant(a, { reader: 'read' });
    const token = t.users.reader!.token;
    const space = (await t.api.post(`/v1/orgs/${t.org}/spaces`, { title })).body;
    const path = `/v1/spaces/${space.id}`;
    for (const s of [a, b]) {
      expect((await s.api(token).get(path)).status).toBe(200);
      const hits = s.readCache.stats.keyedHits;
      expect((await s.api(token).get(path)).body.title).toBe(title);
      // Two keyed reads, both from memory: the row (`space:<id>`) and its comment shards (`space-comments:<id>`).
      expect(s.readCache.stats.keyedHits).toBe(hits + 2);
    }
    return { t, token, space, path };
  }
  const title = async (s: TestServer, token: string, path: string) => (await s.api(token).get(path)).body.title as string;

  it('a change committed by a transaction open across a read of the log is seen once it commits', async () => {
    const { token, space, path } = await cachedSpace('Before');
    await a.ctx.db.transaction().execute(async (trx) => {
      await trx.updateTable('spaces').set({ title: 'After' }).where('id', '=', space.id).execute();
      // A later transaction completes meanwhile: a horizon taken from the newest completed txid would pass this one.
      await sql`select txid_current()`.execute(b.ctx.db);
      // Not committed: both servers read the log (this transaction is in progress in their snapshots) and answer the old
      // row, which they read (again) and keep meanwhile.
      for (const s of [b, a]) {
        expect(await title(s, token, path)).toBe('Before');
        expect(await title(s, token, path)).toBe('Before');
      }
    });
    for (const s of [b, a]) expect(await title(s, token, path)).toBe('After');
  });

  it('a process whose horizon is older than the pruned log empties its keyed cache', async () => {
    const { token, space, path } = await cachedSpace('Kept');
    const changed = await sql<{ txid: string }>`update spaces set title = ${'Pruned'} where id = ${space.id} returning txid_current()::text as txid`.execute(a.ctx.db);
    const txid = BigInt(changed.rows[0]!.txid);
    // Prune the log past the change, before either server read it — below the xmin of a snapshot taken once every
    // transaction up to the change's completed (as the servers prune: never past a transaction still running).
    let now = 0n;
    for (let i = 0; i < 200 && now <= txid; i++) {
      now = BigInt((await sql<{ x: string }>`select txid_snapshot_xmin(txid_current_snapshot())::text as x`.execute(a.ctx.db)).rows[0]!.x);
      if (now <= txid) await new Promise((r) => setTimeout(r, 25));
    }
    expect(now > txid).toBe(true);
    const emptied = b.readCache.stats.keyedEmptied;
    await a.readCache.pruneChanges(String(now));
    expect(Number((await sql<{ n: string }>`select count(*)::text as n from cache_changes where key = ${`space:${space.id}`}`.execute(a.ctx.db)).rows[0]!.n)).toBe(0);
    for (const s of [b, a]) expect(await title(s, token, path)).toBe('Pruned');
    expect(b.readCache.stats.keyedEmptied).toBe(emptied + 1);
  });

  it('a row loaded across a read of the log that shows its key changed is not kept', async () => {
    const { space } = await cachedSpace('Slow');
    const key = `space:${space.id}`;
    const load = async () => (await a.ctx.db.selectFrom('spaces').select(['id', 'title']).where('id', '=', space.id).execute());
    const read = (loader: () => Promise<{ id: string; title: string }[]>) => inReadScope(newReadScope(), () => keyedRead(a.ctx.db, key, loader));
    // Changed: the next read of the log drops the key, and the read below loads the row.
    await a.ctx.db.updateTable('spaces').set({ title: 'Slow, first' }).where('id', '=', space.id).execute();
    // A load that read the row, then saw the change committed and read from the log before it answered.
    const stale = await read(async () => {
      const rows = await load();
      await a.ctx.db.updateTable('spaces').set({ title: 'Slow, changed' }).where('id', '=', space.id).execute();
      await inReadScope(newReadScope(), () => a.readCache.sync());
      return rows;
    });
    expect(stale[0]!.title).toBe('Slow, first');
    expect((await read(load))[0]!.title).toBe('Slow, changed');
  });

  it('a list loaded across a read of the log that shows one of its rows, or its membership, changed is not kept', async () => {
    const { t, space } = await cachedSpace('Listed');
    const load = async () => a.ctx.db.selectFrom('spaces').select(['id', 'title']).where('org_id', '=', t.org).where('deleted_at', 'is', null).execute();
    const read = (name: string, loader: typeof load) => inReadScope(newReadScope(), () =>
      keyedListRead(a.ctx.db, `test-list:${name}:${t.org}`, [`spaces-of:${t.org}`], (r) => `space:${r.id}`, loader));
    const sync = () => inReadScope(newReadScope(), () => a.readCache.sync());
    // One of its rows changed (and the change read from the log) while the list was loading.
    const stale = await read('rows', async () => {
      const rows = await load();
      await a.ctx.db.updateTable('spaces').set({ title: 'Listed, changed' }).where('id', '=', space.id).execute();
      await sync();
      return rows;
    });
    expect(stale.map((r) => r.title)).toEqual(['Listed']);
    expect((await read('rows', load)).map((r) => r.title)).toEqual(['Listed, changed']);
    // A space entered the list while it was loading.
    const short = await read('members', async () => {
      const rows = await load();
      expect((await t.api.post(`/v1/orgs/${t.org}/spaces`, { title: 'Newcomer' })).status).toBe(201);
      await sync();
      return rows;
    });
    expect(short).toHaveLength(1);
    expect((await read('members', load)).map((r) => r.title).sort()).toEqual(['Listed, changed', 'Newcomer']);
    // Kept once loaded undisturbed: the next read is from memory, and shows the next change.
    const hits = a.readCache.stats.keyedHits;
    expect(await read('members', load)).toHaveLength(2);
    expect(a.readCache.stats.keyedHits).toBe(hits + 1);
    await a.ctx.db.updateTable('spaces').set({ title: 'Listed again' }).where('id', '=', space.id).execute();
    expect((await read('members', load)).map((r) => r.title).sort()).toEqual(['Listed again', 'Newcomer']);
  });

  it('a list too large for the bounded keyed lists is read again each time; a small one is kept', async () => {
    const t = await createTenant(a, { reader: 'read' });
    let loads = 0;
    const read = (name: string, text: string) => inReadScope(newReadScope(), () =>
      keyedListRead(a.ctx.db, `test-size:${name}:${t.org}`, [`spaces-of:${t.org}`], () => `space:none`, async () => {
        loads++;
        return [{ text }];
      }));
    // 16 MiB in all, at most 1/64 of it per list (its strings' lengths).
    for (let i = 0; i < 2; i++) expect((await read('large', 'x'.repeat(300_000)))[0]!.text).toHaveLength(300_000);
    expect(loads).toBe(2);
    for (let i = 0; i < 2; i++) expect((await read('small', 'x'.repeat(1_000)))[0]!.text).toHaveLength(1_000);
    expect(loads).toBe(3);
  });

  it('more changed keys than a read takes empty the keyed cache', async () => {
    const { token, space, path } = await cachedSpace('One of many');
    // 300 other keys logged first (the read takes the lowest txids), then the space's change.
    await sql`insert into cache_changes (key, txid) select 'space:other' || g, txid_current() from generate_series(1, 300) g`.execute(a.ctx.db);
    await sql`update spaces set title = ${'Changed among many'} where id = ${space.id}`.execute(a.ctx.db);
    for (const s of [b, a]) expect(await title(s, token, path)).toBe('Changed among many');
  });

  it('a change to one space never waits for an open transaction that changed another', async () => {
    const one = (await cachedSpace('One')).space;
    const two = (await cachedSpace('Two')).space;
    await a.ctx.db.transaction().execute(async (trx) => {
      await trx.updateTable('spaces').set({ title: 'One changed' }).where('id', '=', one.id).execute();
      await trx.insertInto('space_comment_counts').values({ space_id: one.id, shard: 3, open_comments: 1 }).execute();
      // Another connection (server b's pool), while this transaction holds its locks and log rows uncommitted.
      await b.ctx.db.transaction().execute(async (other) => {
        await sql`set local lock_timeout = '2s'`.execute(other);
        await other.updateTable('spaces').set({ title: 'Two changed' }).where('id', '=', two.id).execute();
        await other.insertInto('space_comment_counts').values({ space_id: two.id, shard: 3, open_comments: 1 }).execute();
      });
    });
    expect(Number((await sql<{ n: string }>`select count(*)::text as n from cache_changes where key in (${`space:${one.id}`}, ${`space:${two.id}`})`.execute(a.ctx.db)).rows[0]!.n)).toBeGreaterThanOrEqual(4);
  });
});

describe('shared reads of the counters', () => {
  /** Turns of the event loop until `done()` (at most 2,000). */
  async function until(done: () => boolean) {
    for (let i = 0; i < 2000 && !done(); i++) await new Promise((r) => setImmediate(r));
    expect(done()).toBe(true);
  }

  it('requests that reach the counters in one turn of the event loop share one read', async () => {
    const cache = a.readCache;
    // PostgreSQL: not skipping the read (db/read-cache.ts, "Leases"; test/cache-lease.test.ts).
    cache.lease?.invalidate();
    const before = cache.stats.epochReads;
    const syncs = [cache.sync(), cache.sync(), cache.sync(), cache.sync()];
    expect(new Set(syncs).size).toBe(1);
    await Promise.all(syncs);
    expect(cache.stats.epochReads - before).toBe(1);
  });

  it('a read is never joined once it started: a revocation committed after it is seen by the next request', async () => {
    const user = await createUser(a, 'Vic');
    const bearer = `Bearer ${user.token}`;
    const auth = () => inReadScope(newReadScope(), () => authenticate(a.ctx, bearer));
    await auth();
    await auth();
    const cache = a.readCache;
    cache.lease?.invalidate();
    const before = cache.stats.epochReads;
    const first = cache.sync();
    // The read has started (on PostgreSQL it may still be in flight): a caller from now on needs a later one.
    await until(() => cache.stats.epochReads > before);
    const second = cache.sync();
    expect(second).not.toBe(first);
    const tokens = await a.api(user.token).get('/v1/user/tokens');
    await tokensRepo.deleteForUser(b.ctx.db, user.id, tokens.body.items[0].id);
    await expect(auth()).rejects.toMatchObject({ status: 401 });
    await Promise.all([first, second]);
  });
});

describe('counters read while a transaction is open', () => {
  it('a counter moved by a transaction that rolls back is never taken for the change that moves it next', async () => {
    const t = await createTenant(a, { guest: null });
    const guest = t.users.guest!;
    const space = (await t.api.post(`/v1/orgs/${t.org}/spaces`, { title: 'Granted' })).body;
    const path = `/v1/spaces/${space.id}`;
    expect((await t.api.post(`${path}/permissions`, { users: [guest.id], role: 'read' })).status).toBe(204);
    await warm(a, () => a.api(guest.token).get(path));
    const revoke = (db: typeof a.ctx.db) => db.deleteFrom('content_grants').where('target_id', '=', space.id).where('principal_id', '=', guest.id).execute();
    // A transaction of server a revokes the grant (moving the counter) and, while it is open, a request arrives.
    await expect(a.ctx.db.transaction().execute(async (tx) => {
      await revoke(tx);
      expect((await a.api(guest.token).get(path)).status).toBe(200);
      throw new Error('roll back');
    })).rejects.toThrow('roll back');
    // The revocation that commits next moves the counter to the value the rolled-back one had: it must be seen.
    await revoke(b.ctx.db);
    expect((await a.api(guest.token).get(path)).status).toBe(404);
  });
});

describe('writes check access in their transaction', () => {
  /** Posts a comment as `token` on `server` (the access check runs in the write's transaction). */
  const postAs = (server: TestServer, token: string, spaceId: string, text = 'hello') =>
    server.api(token).post(`/v1/spaces/${spaceId}/comments`, { body: { markdown: text } });

  /**
   * Posts twice and checks that the second post took the caller's access from the caches, by group commit (the
   * counters checked by the transaction that wrote it).
   */
  async function warmWrite(server: TestServer, token: string, spaceId: string) {
    expect((await postAs(server, token, spaceId)).status).toBe(200);
    const hits = () => server.readCache.stats.stampedWrites;
    const before = hits();
    expect((await postAs(server, token, spaceId)).status).toBe(200);
    expect(hits()).toBeGreaterThan(before);
  }

  const countComments = async (server: TestServer, token: string, spaceId: string) =>
    (await server.api(token).get(`/v1/spaces/${spaceId}/comments?limit=0`)).body.count as number;

  it('a lowered or removed grant is refused by the next write on both servers, and nothing is written', async () => {
    const t = await createTenant(a, { guest: null });
    const guest = t.users.guest!;
    const space = (await t.api.post(`/v1/orgs/${t.org}/spaces`, { title: 'Discussed' })).body;
    const grant = (role: string | null) => t.api.post(`/v1/spaces/${space.id}/permissions`, { users: [guest.id], role });
    expect((await grant('comment')).status).toBe(204);
    for (const s of [a, b]) await warmWrite(s, guest.token, space.id);
    const before = await countComments(a, t.owner.token, space.id);
    // Lowered to read on one server: neither accepts the next post.
    expect((await grant('read')).status).toBe(204);
    expect((await postAs(b, guest.token, space.id)).status).toBe(403);
    expect((await postAs(a, guest.token, space.id)).status).toBe(403);
    // Back to comment, then removed.
    expect((await grant('comment')).status).toBe(204);
    for (const s of [a, b]) await warmWrite(s, guest.token, space.id);
    expect((await grant(null)).status).toBe(204);
    expect((await postAs(b, guest.token, space.id)).status).toBe(404);
    expect((await postAs(a, guest.token, space.id)).status).toBe(404);
    expect(await countComments(a, t.owner.token, space.id)).toBe(before + 4);
  });

  it('a grant deleted behind the servers\u2019 backs is refused by the next write', async () => {
    const t = await createTenant(a, { guest: null });
    const guest = t.users.guest!;
    const space = (await t.api.post(`/v1/orgs/${t.org}/spaces`, { title: 'Discussed' })).body;
    expect((await t.api.post(`/v1/spaces/${space.id}/permissions`, { users: [guest.id], role: 'comment' })).status).toBe(204);
    for (const s of [a, b]) await warmWrite(s, guest.token, space.id);
    await a.ctx.db.deleteFrom('content_grants').where('target_id', '=', space.id).where('principal_id', '=', guest.id).execute();
    expect((await postAs(b, guest.token, space.id)).status).toBe(404);
    expect((await postAs(a, guest.token, space.id)).status).toBe(404);
  });

  it('a grant removed after the request read the counters, before its write, is seen by the write\u2019s transaction', async () => {
    const t = await createTenant(a, { guest: null });
    const guest = t.users.guest!;
    const space = (await t.api.post(`/v1/orgs/${t.org}/spaces`, { title: 'Discussed' })).body;
    expect((await t.api.post(`/v1/spaces/${space.id}/permissions`, { users: [guest.id], role: 'comment' })).status).toBe(204);
    await warmWrite(a, guest.token, space.id);
    // One request of server a: authenticated (the counters read), the space loaded with the caller's access.
    await inReadScope(newReadScope(), async () => {
      const actor = await authenticate(a.ctx, `Bearer ${guest.token}`);
      expect((await loadSpace(a.ctx, a.ctx.db, actor, space.id, 'view')).access.role).toBe('comment');
      // Meanwhile the grant is removed through the other server.
      expect((await b.api(t.owner.token).post(`/v1/spaces/${space.id}/permissions`, { users: [guest.id], role: null })).status).toBe(204);
      // The request's later reads still answer from what it saw when it arrived (by design) ...
      expect((await loadSpace(a.ctx, a.ctx.db, actor, space.id, 'view')).access.role).toBe('comment');
      // ... but its write checks the counters in its transaction, sees them moved and reads the grants there.
      await expect(postComment(a.ctx, actor, { spaceId: space.id }, { body: { markdown: 'too late' } })).rejects.toMatchObject({ status: 404 });
    });
    expect(await countComments(a, t.owner.token, space.id)).toBe(2);
  });

  it('a transaction\u2019s own change is seen by its later access checks (before or after it checked the counters)', async () => {
    const t = await createTenant(a, { guest: null });
    const guest = t.users.guest!;
    const space = (await t.api.post(`/v1/orgs/${t.org}/spaces`, { title: 'Discussed' })).body;
    const revoke = (tx: typeof a.ctx.db) => tx.deleteFrom('content_grants').where('target_id', '=', space.id).where('principal_id', '=', guest.id).execute();
    for (const checkFirst of [false, true]) {
      expect((await t.api.post(`/v1/spaces/${space.id}/permissions`, { users: [guest.id], role: 'comment' })).status).toBe(204);
      await warmWrite(a, guest.token, space.id);
      await inReadScope(newReadScope(), async () => {
        const actor = await authenticate(a.ctx, `Bearer ${guest.token}`);
        const outcome = await a.ctx.db.transaction().execute(async (tx) => {
          if (checkFirst) expect((await loadSpace(a.ctx, tx, actor, space.id, 'view')).access.role).toBe('comment');
          await revoke(tx);
          const seen = await loadSpace(a.ctx, tx, actor, space.id, 'view').then(() => 'visible', (e) => e.status);
          throw Object.assign(new Error('roll back'), { seen });
        }).catch((e) => e.seen);
        expect(outcome).toBe(404);
      });
    }
  });
});

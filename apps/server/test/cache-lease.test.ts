// The leases of the request caches on PostgreSQL (db/read-cache.ts, "Leases"; db/cache-lease.ts): a process holding
// one answers cached reads without reading the counters, and still refuses a revocation, a removed member or a changed
// role at the next request once a change made through another process was answered. Real processes: this test's
// server (A) and servers started from the built code in processes of their own (test/support/cache-process.mjs), on
// the test file's PostgreSQL database.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inReadScope, keyedRead, newReadScope, withKnownChanges } from '../src/db/read-cache.js';
import { createTenant, createUser, startTestServer, testDialect, type TestServer } from '../src/testing/index.js';
import { forkServerProcess, stopServerProcesses, type ServerProcess } from './support/server-process.js';

describe.runIf(testDialect() === 'postgres')('cache leases across processes (PostgreSQL)', () => {
  let a: TestServer;
  let b: ServerProcess;

  const spawnServer = () => forkServerProcess(a);

  /** Requests `path` on `b` until one was answered without reading the counters (a skip), and returns its status. */
  async function skippingRequest(path: string, token: string): Promise<number> {
    for (let i = 0; i < 200; i++) {
      const before = await b.stats();
      const r = await b.get(path, token);
      const after = await b.stats();
      if (after.stats.skips! > before.stats.skips! && after.stats.epochReads === before.stats.epochReads) return r.status;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error('the other process never skipped the counters');
  }

  beforeAll(async () => {
    a = await startTestServer();
    b = await spawnServer();
  });
  afterAll(async () => {
    stopServerProcesses();
    await a?.close();
  });

  it('a token revoked through one process is refused by the next request to another one that was skipping the counters', async () => {
    const user = await createUser(a, 'Lena');
    expect(await skippingRequest('/v1/user', user.token)).toBe(200);
    const notices = (await b.stats()).lease!.notices!;
    const tokens = await a.api(user.token).get('/v1/user/tokens');
    expect((await a.api(user.token).delete(`/v1/user/tokens/${tokens.body.items[0].id}`)).status).toBe(204);
    expect((await b.get('/v1/user', user.token)).status).toBe(401);
    expect((await b.stats()).lease!.notices).toBeGreaterThan(notices);
    expect(a.readCache.lease!.stats.published).toBeGreaterThan(0);
  });

  it('a changed role and a removed member are refused by the next request to another process that was skipping', async () => {
    const t = await createTenant(a, { reader: 'read' });
    const reader = t.users.reader!;
    const org = `/v1/orgs/${t.org}`;
    expect(await skippingRequest(org, reader.token)).toBe(200);
    expect((await b.get(org, reader.token)).body.permissions.admin).toBe(false);
    expect((await t.api.patch(`${org}/members/${reader.id}`, { role: 'admin' })).status).toBe(200);
    expect((await b.get(org, reader.token)).body.permissions.admin).toBe(true);
    expect(await skippingRequest(org, reader.token)).toBe(200);
    expect((await t.api.delete(`${org}/members/${reader.id}`)).status).toBe(204);
    expect((await b.get(org, reader.token)).status).toBe(404);
  });

  it('a change made in SQL (no Bindery process told of it) is seen by a skipping process within the bound', async () => {
    const user = await createUser(a, 'Omar');
    expect(await skippingRequest('/v1/user', user.token)).toBe(200);
    const sqlPrompt = new pg.Client({ connectionString: a.ctx.config.databaseUrl });
    await sqlPrompt.connect();
    try {
      await sqlPrompt.query('delete from api_tokens where user_id = $1', [user.id]);
    } finally {
      await sqlPrompt.end();
    }
    // Bounded staleness (SKIP_FRESH_MS after the last full read): polled, not timed.
    await expect.poll(async () => (await b.get('/v1/user', user.token)).status, { timeout: 20_000, interval: 50 }).toBe(401);
  });

  it('the lease of a killed process (SIGKILL: its row stays) holds a writer at most until it expires', async () => {
    const user = await createUser(a, 'Kim');
    const tokens = await a.api(user.token).get('/v1/user/tokens');
    const c = await spawnServer();
    const killed = (await c.stats()).lease!.processId;
    c.proc.kill('SIGKILL');
    await new Promise((resolve) => c.proc.once('exit', resolve));
    const rows = await a.ctx.db.selectFrom('cache_leases').select('process_id').execute();
    expect(rows.map((r) => r.process_id)).toContain(killed);
    expect(await skippingRequest('/v1/user', user.token)).toBe(200);
    const timeouts = a.readCache.lease!.stats.leaseTimeouts;
    // The writer waits for the killed process's lease to expire (no acknowledgement can come), then answers.
    expect((await a.api(user.token).delete(`/v1/user/tokens/${tokens.body.items[0].id}`)).status).toBe(204);
    expect(a.readCache.lease!.stats.leaseTimeouts).toBeGreaterThan(timeouts);
    expect((await b.get('/v1/user', user.token)).status).toBe(401);
  });

  it('a comment post tells no other process (they move no counter a skip relies on)', async () => {
    const t = await createTenant(a);
    const space = await t.api.post(`/v1/orgs/${t.org}/spaces`, { title: 'Notes' });
    expect(space.status).toBe(201);
    const published = a.readCache.lease!.stats.published;
    for (let i = 0; i < 3; i++) {
      expect((await t.api.post(`/v1/spaces/${space.body.id}/comments`, { body: { markdown: `Note ${i}` } })).status).toBe(200);
    }
    expect(a.readCache.lease!.stats.published).toBe(published);
  });

  it("a token's last_used_at touch (its first use) tells no other process; a write outside a transaction that moves a counter does", async () => {
    const user = await createUser(a, 'Ines');
    const published = a.readCache.lease!.stats.published;
    const touched = async () => (await a.ctx.db.selectFrom('api_tokens').select('last_used_at').where('user_id', '=', user.id).executeTakeFirstOrThrow()).last_used_at;
    expect(await touched()).toBeNull();
    expect((await a.api(user.token).get('/v1/user')).status).toBe(200);
    expect(await touched()).not.toBeNull();
    expect(a.readCache.lease!.stats.published).toBe(published);
    // The question goes with any write a request makes outside a transaction: one that moves a counter is still told.
    const id = (await a.ctx.db.selectFrom('api_tokens').select('id').where('user_id', '=', user.id).executeTakeFirstOrThrow()).id;
    const touch = newReadScope();
    await inReadScope(touch, () => a.ctx.db.updateTable('api_tokens').set({ last_used_at: new Date().toISOString() }).where('id', '=', id).execute());
    expect(touch.moved).toBeFalsy();
    expect(await skippingRequest('/v1/user', user.token)).toBe(200);
    const expiry = newReadScope();
    await inReadScope(expiry, () => a.ctx.db.updateTable('api_tokens').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where('id', '=', id).execute());
    expect(expiry.moved).toBe(true);
    await a.readCache.publishChanges(expiry);
    expect(a.readCache.lease!.stats.published).toBeGreaterThan(published);
    expect((await b.get('/v1/user', user.token)).status).toBe(401);
  });

  it("a request's own commit that moved nothing leaves its process skipping; one that moved a counter does not", async () => {
    const t = await createTenant(a, { reader: 'read' });
    const space = await t.api.post(`/v1/orgs/${t.org}/spaces`, { title: 'Replies' });
    const comment = await t.api.post(`/v1/spaces/${space.body.id}/comments`, { body: { markdown: 'Question' } });
    expect(comment.status).toBe(200);
    const stats = () => ({ ...a.readCache.stats });
    /** A GET /v1/user to `a` answered with a skip and no read of the counters (true), or with a read (false). */
    const skipped = async () => {
      const before = stats();
      expect((await t.api.get('/v1/user')).status).toBe(200);
      const after = stats();
      return after.skips > before.skips && after.epochReads === before.epochReads;
    };
    const published = a.readCache.lease!.stats.published;
    // A reply (its own transaction: the reply and the comment's count, no counter moved, no key logged), then the next
    // request: it may still skip. Repeated until the window of a full read lets it (a read more than 1 s old does not).
    let kept = false;
    for (let i = 0; i < 50 && !kept; i++) {
      while (!(await skipped()));
      expect((await t.api.post(`/v1/spaces/${space.body.id}/comments/${comment.body.id}/replies`, { body: { markdown: `Reply ${i}` } })).status).toBe(200);
      kept = await skipped();
    }
    expect(kept).toBe(true);
    expect(a.readCache.lease!.stats.published).toBe(published);
    // A role change moves the members counter: the next request reads the counters, every time.
    for (const role of ['edit', 'read']) {
      while (!(await skipped()));
      expect((await t.api.patch(`/v1/orgs/${t.org}/members/${t.users.reader!.id}`, { role })).status).toBe(200);
      expect(await skipped()).toBe(false);
    }
    expect(a.readCache.lease!.stats.published).toBeGreaterThan(published);
  });

  it('a comment leaves the space row and its lists cached in every process; its count is shown at once by the poster and by the other process at its next read of the counters', async () => {
    const t = await createTenant(a, { reader: 'read' });
    const reader = t.users.reader!.token;
    const space = (await t.api.post(`/v1/orgs/${t.org}/spaces`, { title: 'Counted' })).body;
    const path = `/v1/spaces/${space.id}`;
    const list = `/v1/orgs/${t.org}/spaces`;
    const internals = a.readCache as unknown as { keyed: Map<string, object>; keyedLists: Map<string, object> };
    /** What `a` keeps in its keyed caches for this space's row and for the organization's lists. */
    const kept = () => ({
      row: internals.keyed.get(`space:${space.id}`),
      lists: [...internals.keyedLists].filter(([k]) => k.includes(`spaces-of:${t.org}`)),
    });
    const counts = (one: { body: { comments: number } }, all: { body: { items: { comments: number }[] } }) => [one.body.comments, all.body.items[0]!.comments];
    /** `a`'s GET space and list, the first pair answered after a read of the counters that began after this call. */
    const afterReadOnA = async () => {
      for (;;) {
        const reads = a.readCache.stats.epochReads;
        const one = await a.api(reader).get(path);
        if (a.readCache.stats.epochReads > reads) return counts(one, await a.api(reader).get(list));
      }
    };
    const afterReadOnB = async () => {
      for (;;) {
        const reads = (await b.stats()).stats.epochReads!;
        const one = await b.get(path, reader);
        if ((await b.stats()).stats.epochReads! > reads) return counts(one, await b.get(list, reader));
      }
    };
    for (let i = 0; i < 2; i++) {
      for (const p of [path, list]) {
        expect((await a.api(reader).get(p)).status).toBe(200);
        expect((await b.get(p, reader)).status).toBe(200);
      }
    }
    const before = kept();
    expect(before.row).toBeDefined();
    expect(before.lists.length).toBeGreaterThan(0);
    // Posted through this process (a): its own next requests show it at once, the other's at its next read.
    expect((await t.api.post(`${path}/comments`, { body: { markdown: 'One.' } })).status).toBe(200);
    expect(counts(await a.api(reader).get(path), await a.api(reader).get(list))).toEqual([1, 1]);
    expect(await afterReadOnB()).toEqual([1, 1]);
    // Posted through the other process (b): its next requests at once, this one's at its next read.
    expect((await b.call('POST', `${path}/comments`, t.owner.token, { body: { markdown: 'Two.' } })).status).toBe(200);
    expect(counts(await b.get(path, reader), await b.get(list, reader))).toEqual([2, 2]);
    expect(await afterReadOnA()).toEqual([2, 2]);
    // Neither comment made `a` read the space or its lists again: the very objects it kept before are still there.
    const after = kept();
    expect(after.row).toBe(before.row);
    expect(after.lists.map(([k, v]) => [k, v])).toEqual(before.lists);
    for (const [k, v] of before.lists) expect(internals.keyedLists.get(k)).toBe(v);
  });

  it('a comment posted by group commit leaves its own process skipping the counters; its next request still shows the new count', async () => {
    const t = await createTenant(a, { reader: 'read' });
    const reader = t.users.reader!.token;
    const path = `/v1/spaces/${(await t.api.post(`/v1/orgs/${t.org}/spaces`, { title: 'Posted' })).body.id}`;
    /** A GET space to `a`: its count, and whether it was answered with a skip and no read of the counters. */
    const get = async () => {
      const before = { ...a.readCache.stats };
      const r = await a.api(reader).get(path);
      expect(r.status).toBe(200);
      return { count: r.body.comments as number, skipped: a.readCache.stats.skips > before.skips && a.readCache.stats.epochReads === before.epochReads };
    };
    // Repeated until the window of a full read lets the request after the post skip (a read more than 1 s old does not).
    let kept = false;
    for (let n = 1; n <= 30 && !kept; n++) {
      while (!(await get()).skipped);
      const stamped = a.readCache.stats.stampedWrites;
      expect((await t.api.post(`${path}/comments`, { body: { markdown: `Post ${n}` } })).status).toBe(200);
      expect(a.readCache.stats.stampedWrites).toBe(stamped + 1); // the group commit's path
      const next = await get();
      expect(next.count).toBe(n);
      kept = next.skipped;
    }
    expect(kept).toBe(true);
  });

  it("a count being loaded while this process's own group commit is answered is not kept (it may predate the commit)", async () => {
    const t = await createTenant(a, { reader: 'read' });
    const id = (await t.api.post(`/v1/orgs/${t.org}/spaces`, { title: 'In flight' })).body.id as string;
    const key = `space-comments:${id}`;
    const internals = a.readCache as unknown as { keyed: Map<string, { open_comments: number }> };
    // Forgotten here (the space's creation showed and kept it), so that the next read loads it.
    internals.keyed.delete(key);
    // A load of the count that read 0 before the post and answers after it.
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let started!: () => void;
    const loadStarted = new Promise<void>((resolve) => (started = resolve));
    const loading = inReadScope(newReadScope(), () => keyedRead(a.ctx.db, key, async () => {
      started();
      await gate;
      return [{ id, open_comments: 0 }];
    }));
    await loadStarted;
    expect((await t.api.post(`/v1/spaces/${id}/comments`, { body: { markdown: 'Meanwhile.' } })).status).toBe(200);
    release();
    expect(await loading).toEqual([{ id, open_comments: 0 }]);
    expect(internals.keyed.get(key)?.open_comments).not.toBe(0);
    expect((await a.api(t.users.reader!.token).get(`/v1/spaces/${id}`)).body.comments).toBe(1);
  });

  it("a comment posted by group commit moves the count its process keeps: its next request shows it from memory", async () => {
    const t = await createTenant(a, { reader: 'read' });
    const reader = t.users.reader!.token;
    const path = `/v1/spaces/${(await t.api.post(`/v1/orgs/${t.org}/spaces`, { title: 'Moved' })).body.id}`;
    /** A GET space to `a`: its count, and whether it skipped the counters and took the count from memory. */
    const get = async () => {
      const before = { ...a.readCache.stats };
      const r = await a.api(reader).get(path);
      expect(r.status).toBe(200);
      const s = a.readCache.stats;
      return { count: r.body.comments as number, skipped: s.skips > before.skips && s.epochReads === before.epochReads, fromMemory: s.keyedMisses === before.keyedMisses };
    };
    let shown = false;
    for (let n = 1; n <= 30 && !shown; n++) {
      while (!(await get()).skipped);
      expect((await t.api.post(`${path}/comments`, { body: { markdown: `Post ${n}` } })).status).toBe(200);
      const next = await get();
      expect(next.count).toBe(n);
      shown = next.skipped && next.fromMemory;
    }
    expect(shown).toBe(true);
  });

  it('a count dropped or loaded again while its group statement was in flight is not moved by it (dropped instead)', async () => {
    const t = await createTenant(a, { reader: 'read' });
    const id = (await t.api.post(`/v1/orgs/${t.org}/spaces`, { title: 'Replaced' })).body.id as string;
    const key = `space-comments:${id}`;
    const internals = a.readCache as unknown as { keyed: Map<string, { open_comments: number }> };
    expect((await a.api(t.users.reader!.token).get(`/v1/spaces/${id}`)).body.comments).toBe(0);
    // The space row locked from outside: the statement's foreign key checks wait for it.
    const holder = new pg.Client({ connectionString: a.ctx.config.databaseUrl });
    await holder.connect();
    try {
      await holder.query('begin');
      await holder.query('select 1 from spaces where id = $1 for update', [id]);
      const stamped = a.readCache.stats.stampedWrites;
      const posted = t.api.post(`/v1/spaces/${id}/comments`, { body: { markdown: 'Held.' } });
      // Until the post waits for the lock (the group statement's, or a transaction's insert if it was left out).
      for (let i = 0; ; i++) {
        const waiting = await holder.query(`select left(query, 60) as q from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`);
        if (waiting.rows.length > 0) break;
        if (i > 2000) throw new Error('the post never waited for the lock');
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      // Meanwhile the count was loaded again (another value: a newer row than the one kept when the statement was sent).
      internals.keyed.set(key, { ...internals.keyed.get(key)!, open_comments: 100 });
      await holder.query('commit');
      expect((await posted).status).toBe(200);
      expect(a.readCache.stats.stampedWrites).toBe(stamped + 1); // the group commit's path
    } finally {
      await holder.end();
    }
    expect(internals.keyed.get(key)?.open_comments).not.toBe(101);
    expect((await a.api(t.users.reader!.token).get(`/v1/spaces/${id}`)).body.comments).toBe(1);
  });

  it('a declaration of what a write changes covers its first write only: another one made in it ends the skipping', async () => {
    const user = await createUser(a, 'Declared');
    expect((await a.api(user.token).get('/v1/user')).status).toBe(200);
    /** A GET /v1/user to `a`, answered with a skip and no read of the counters (true), or with a read (false). */
    const skipped = async () => {
      const before = { ...a.readCache.stats };
      expect((await a.api(user.token).get('/v1/user')).status).toBe(200);
      return a.readCache.stats.skips > before.skips && a.readCache.stats.epochReads === before.epochReads;
    };
    // Writes that change nothing (no row matches), outside requests.
    const write = () => a.ctx.db.updateTable('spaces').set({ title: 'x' }).where('id', '=', 'no-such-space').execute();
    let kept = false;
    for (let i = 0; i < 30 && !kept; i++) {
      while (!(await skipped()));
      await withKnownChanges(a.ctx.db, [], write);
      kept = await skipped();
    }
    expect(kept).toBe(true);
    for (let i = 0; i < 3; i++) {
      while (!(await skipped()));
      await withKnownChanges(a.ctx.db, [], async () => {
        await write();
        await write();
      });
      expect(await skipped()).toBe(false);
    }
  });

  it('a comment posted by group commit logs only its space\'s count key and moves no counter (what commentsRepo.insertGroup declares)', async () => {
    const t = await createTenant(a);
    const space = (await t.api.post(`/v1/orgs/${t.org}/spaces`, { title: 'Declared' })).body;
    const cr = await t.api.post(`/v1/spaces/${space.id}/change-requests`, { subject: 'Review' });
    expect(cr.status).toBe(201);
    const db = a.ctx.db;
    const epochs = () => db.selectFrom('cache_epochs').selectAll().executeTakeFirstOrThrow();
    const before = await epochs();
    const mark = (await db.selectFrom('cache_changes').select((e) => e.fn.max('txid').as('txid')).executeTakeFirst())?.txid ?? 0;
    const stamped = a.readCache.stats.stampedWrites;
    expect((await t.api.post(`/v1/spaces/${space.id}/comments`, { body: { markdown: 'On the space.' } })).status).toBe(200);
    expect((await t.api.post(`/v1/spaces/${space.id}/change-requests/${cr.body.id}/comments`, { body: { markdown: 'On the request.' } })).status).toBe(200);
    expect(a.readCache.stats.stampedWrites).toBe(stamped + 2);
    const logged = await db.selectFrom('cache_changes').select('key').distinct().where('txid', '>', String(mark)).execute();
    expect(logged.map((r) => r.key)).toEqual([`space-comments:${space.id}`]);
    expect(await epochs()).toEqual(before);
    // The change request's comment alone logs nothing (its space's count is not declared for it: kept in memory).
    const count = () => (a.readCache as unknown as { keyed: Map<string, object> }).keyed.get(`space-comments:${space.id}`);
    // After a read of the counters that listed the space comment's key (later reads list only later commits).
    for (let reads = a.readCache.stats.epochReads; a.readCache.stats.epochReads === reads;) {
      expect((await a.api(t.owner.token).get(`/v1/spaces/${space.id}`)).body.comments).toBe(1);
    }
    expect((await a.api(t.owner.token).get(`/v1/spaces/${space.id}`)).body.comments).toBe(1);
    const kept = count();
    expect(kept).toBeDefined();
    const mark2 = (await db.selectFrom('cache_changes').select((e) => e.fn.max('txid').as('txid')).executeTakeFirst())?.txid ?? 0;
    expect((await t.api.post(`/v1/spaces/${space.id}/change-requests/${cr.body.id}/comments`, { body: { markdown: 'Again.' } })).status).toBe(200);
    expect(a.readCache.stats.stampedWrites).toBe(stamped + 3);
    expect(await db.selectFrom('cache_changes').select('key').where('txid', '>', String(mark2)).execute()).toEqual([]);
    expect(count()).toBe(kept);
  });

  it('a process shut down cleanly deletes its lease', async () => {
    const c = await spawnServer();
    const id = (await c.stats()).lease!.processId;
    c.proc.send('close');
    await new Promise((resolve) => c.proc.once('exit', resolve));
    const rows = await a.ctx.db.selectFrom('cache_leases').select('process_id').execute();
    expect(rows.map((r) => r.process_id)).not.toContain(id);
  });
});

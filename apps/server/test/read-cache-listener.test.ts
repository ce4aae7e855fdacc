// PostgreSQL: the counters' read skipped while nothing was notified (db/read-cache.ts `CacheListener`, migration
// 20261127T1900-read-cache-notify). A change committed before a request arrived is seen by it on every server —
// made through a server, in another process (a separate Node process here, as a SQL prompt would), or while a
// server's listening connection is down — and a read with nothing notified is answered by the empty query alone.
import { spawn } from 'node:child_process';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inReadScope, newReadScope } from '../src/db/read-cache.js';
import { authenticate } from '../src/services/auth.js';
import { createTenant, createUser, startTestServer, testDialect, type TestServer } from '../src/testing/index.js';

describe.runIf(testDialect() === 'postgres')('the counters read only when notified (PostgreSQL)', () => {
  let a: TestServer;
  let b: TestServer;

  /** Until `done()` holds (at most 30 s: a paused listener listens again after 10 s). */
  async function until(done: () => boolean) {
    for (let i = 0; i < 3000 && !done(); i++) await new Promise((r) => setTimeout(r, 10));
    expect(done()).toBe(true);
  }

  beforeAll(async () => {
    a = await startTestServer();
    b = await startTestServer({ databaseUrl: a.ctx.config.databaseUrl });
    await until(() => a.readCache.listening && b.readCache.listening);
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
  });

  /** Runs `statement` with `params` in a separate Node process, on its own connection, and waits for its commit. */
  function inAnotherProcess(statement: string, params: unknown[]): Promise<void> {
    const script = `const pg = require('pg'); const c = new pg.Client({ connectionString: process.argv[1] });
      c.connect().then(() => c.query(process.argv[2], JSON.parse(process.argv[3]))).then(() => c.end()).then(() => process.exit(0), (e) => { console.error(e); process.exit(1); });`;
    return new Promise((resolve, reject) => {
      const child = spawn(process.execPath, ['-e', script, a.ctx.config.databaseUrl!, statement, JSON.stringify(params)], { cwd: process.cwd(), stdio: ['ignore', 'ignore', 'inherit'] });
      child.on('error', reject);
      child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`the writing process exited with ${code}`))));
    });
  }

  /**
   * Requests until one is answered from the caches after the empty query alone (a notification of an earlier commit
   * may still come after a full read and make the next read a full one too), at most 20.
   */
  async function answeredByProbe(s: TestServer, token: string) {
    for (let i = 0; i < 20; i++) {
      const { probes, fullReads } = s.readCache.stats;
      expect(await statusOf(s, token)).toBe(200);
      if (s.readCache.stats.probes === probes) continue;
      expect(s.readCache.stats.probes).toBe(probes + 1);
      expect(s.readCache.stats.fullReads).toBe(fullReads);
      return;
    }
    expect.unreachable('no request was answered after the empty query alone');
  }

  const statusOf = async (s: TestServer, token: string) => (await s.api(token).get('/v1/user')).status;

  it('with nothing notified a read is the empty query alone; a change notified makes the next read a full one', async () => {
    const user = await createUser(a, 'Nell');
    for (const s of [a, b]) await answeredByProbe(s, user.token);
    const tokens = await a.api(user.token).get('/v1/user/tokens');
    const fullReads = b.readCache.stats.fullReads;
    expect((await a.api(user.token).delete(`/v1/user/tokens/${tokens.body.items[0].id}`)).status).toBe(204);
    expect(await statusOf(b, user.token)).toBe(401);
    expect(b.readCache.stats.fullReads).toBeGreaterThan(fullReads);
    expect(await statusOf(a, user.token)).toBe(401);
  });

  it('a token revoked by another process is refused by the very next request of both servers', async () => {
    // Many times, each revocation immediately followed by a request on a server that answered from its caches: the
    // request must not be answered before the notification was read, however late it comes.
    for (let i = 0; i < 12; i++) {
      const user = await createUser(a, `Otto ${i}`);
      const bearer = `Bearer ${user.token}`;
      const server = i % 2 ? a : b;
      const auth = () => inReadScope(newReadScope(), () => authenticate(server.ctx, bearer));
      await answeredByProbe(server, user.token);
      await auth();
      await inAnotherProcess('delete from api_tokens where user_id = $1', [user.id]);
      await expect(auth()).rejects.toMatchObject({ status: 401 });
      expect(await statusOf(i % 2 ? b : a, user.token)).toBe(401);
    }
  });

  it('a request waits for a notification that is late: its empty query is answered after it', async () => {
    const user = await createUser(a, 'Rory');
    await answeredByProbe(b, user.token);
    const resume = b.readCache.holdListener();
    let answered: number | undefined;
    let request: Promise<number> | undefined;
    try {
      await inAnotherProcess('delete from api_tokens where user_id = $1', [user.id]);
      // The notification is not read while held: a server trusting the notifications it has read would answer 200.
      request = statusOf(b, user.token).then((status) => (answered = status));
      await new Promise((r) => setTimeout(r, 300));
    } finally {
      resume();
    }
    expect(answered).toBeUndefined();
    expect(await request).toBe(401);
  });

  it('a space changed by another process is shown by the next read of both servers (the keyed cache)', async () => {
    const t = await createTenant(a, { reader: 'read' });
    const token = t.users.reader!.token;
    const space = (await t.api.post(`/v1/orgs/${t.org}/spaces`, { title: 'Before' })).body;
    const path = `/v1/spaces/${space.id}`;
    for (const s of [a, b]) {
      expect((await s.api(token).get(path)).status).toBe(200);
      const { keyedHits } = s.readCache.stats;
      expect((await s.api(token).get(path)).body.title).toBe('Before');
      expect(s.readCache.stats.keyedHits).toBe(keyedHits + 1);
    }
    await inAnotherProcess('update spaces set title = $1 where id = $2', ['After', space.id]);
    for (const s of [b, a]) expect((await s.api(token).get(path)).body.title).toBe('After');
  });

  it('while the listening connection is down every read is a full one, and a change then is seen; it listens again', async () => {
    const user = await createUser(a, 'Pia');
    expect(await statusOf(a, user.token)).toBe(200);
    const backend = a.readCache.listenerBackend;
    expect(backend).toBeTypeOf('number');
    await sql`select pg_terminate_backend(${backend!})`.execute(b.ctx.db);
    await until(() => !a.readCache.listening);
    const tokens = await b.api(user.token).get('/v1/user/tokens');
    await inAnotherProcess('delete from api_tokens where id = $1', [tokens.body.items[0].id]);
    const { probes, fullReads } = a.readCache.stats;
    expect(await statusOf(a, user.token)).toBe(401);
    expect(a.readCache.stats.probes).toBe(probes);
    expect(a.readCache.stats.fullReads).toBeGreaterThan(fullReads);
    // Reconnected (after a second): a change committed by another process is seen by the next request again.
    await until(() => a.readCache.listening && a.readCache.listenerBackend !== backend);
    const other = await createUser(a, 'Quin');
    await answeredByProbe(a, other.token);
    await inAnotherProcess('delete from api_tokens where user_id = $1', [other.id]);
    expect(await statusOf(a, other.token)).toBe(401);
  });

  it('while most reads find a notification it stops listening, reads in full, and still sees every change; then listens again', async () => {
    const user = await createUser(a, 'Sol');
    const t = await createTenant(a, { reader: 'read' });
    const space = (await t.api.post(`/v1/orgs/${t.org}/spaces`, { title: 'Busy 0' })).body;
    const path = `/v1/spaces/${space.id}`;
    const pauses = b.readCache.listenerPauses;
    // Each read follows a commit: until the listener pauses, and a few reads more (read in full meanwhile).
    for (let i = 1; i <= 60 && b.readCache.listenerPauses === pauses; i++) {
      await inAnotherProcess('update spaces set title = $1 where id = $2', [`Busy ${i}`, space.id]);
      expect((await b.api(t.users.reader!.token).get(path)).body.title).toBe(`Busy ${i}`);
    }
    expect(b.readCache.listenerPauses).toBe(pauses + 1);
    expect(b.readCache.listening).toBe(false);
    const { probes, fullReads } = b.readCache.stats;
    await inAnotherProcess('update spaces set title = $1 where id = $2', ['Paused', space.id]);
    expect((await b.api(t.users.reader!.token).get(path)).body.title).toBe('Paused');
    await inAnotherProcess('delete from api_tokens where user_id = $1', [user.id]);
    expect(await statusOf(b, user.token)).toBe(401);
    expect(b.readCache.stats.probes).toBe(probes);
    expect(b.readCache.stats.fullReads).toBeGreaterThan(fullReads);
    await until(() => b.readCache.listening);
    await answeredByProbe(b, t.users.reader!.token);
    await inAnotherProcess('update spaces set title = $1 where id = $2', ['Listening', space.id]);
    expect((await b.api(t.users.reader!.token).get(path)).body.title).toBe('Listening');
  }, 90_000);
});

// Faults of the database itself: PostgreSQL connections terminated while
// requests run (pg_terminate_backend), the process's lease connection among them. Real processes: this test's
// server (A) and a server in a process of its own (test/support/cache-process.mjs), on the test file's database.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, statfsSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueueJob, runDueJobs, type JobHandler } from '../src/jobs/index.js';
import { createUser, startTestServer, testDialect, type TestServer } from '../src/testing/index.js';
import { forkServerProcess, stopServerProcesses, type ServerProcess } from './support/server-process.js';
import { PG_ADMIN_URL } from '../src/testing/pg-databases.js';

/** Terminates every connection to `url`'s database but the one asking (as an administrator, or a failover, would). */
async function terminateAll(url: string): Promise<number> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const r = await c.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()');
    return r.rowCount ?? 0;
  } finally {
    await c.end();
  }
}

describe.runIf(testDialect() === 'postgres')('PostgreSQL connections terminated under load', () => {
  let a: TestServer;
  let b: ServerProcess;

  const spawnServer = () => forkServerProcess(a, { logLevel: 'silent' });

  beforeAll(async () => {
    a = await startTestServer();
    b = await spawnServer();
  });
  afterAll(async () => {
    stopServerProcesses();
    await a?.close();
  });

  it('a process whose connections are terminated while requests run stays up and answers again (it exited)', async () => {
    const t = await createUser(a, 'Writer');
    const org = await a.api(t.token).post('/v1/orgs', { title: 'Terminated' });
    expect(org.status).toBe(201);
    const space = await a.api(t.token).post(`/v1/orgs/${org.body.id}/spaces`, { title: 'Under load' });
    expect(space.status).toBe(201);
    let stop = false;
    const statuses: number[] = [];
    const failures: string[] = [];
    const load = async (k: number) => {
      for (let i = 0; !stop && !b.exited; i++) {
        const r = await b.call('POST', `/v1/spaces/${space.body.id}/comments`, t.token, { body: { markdown: `load ${k} ${i}` } }).catch(() => ({ status: 0, body: undefined }));
        statuses.push(r.status);
        if (r.status !== 200) failures.push(`${r.status} ${r.body?.error?.message}`);
      }
    };
    const loads = [0, 1, 2, 3].map(load);
    // Idle and busy connections alike: some rounds find requests in flight.
    for (let round = 0; round < 4 && !b.exited; round++) {
      await new Promise((resolve) => setTimeout(resolve, 150));
      await terminateAll(a.ctx.config.databaseUrl!);
    }
    stop = true;
    await Promise.all(loads);
    expect(b.exited).toBe(false);
    // A process that lost every connection opens new ones for the next requests.
    await expect.poll(async () => (await b.call('GET', `/v1/spaces/${space.body.id}`, t.token)).status, { timeout: 20_000, interval: 100 }).toBe(200);
    expect((await a.api(t.token).get(`/v1/spaces/${space.body.id}`)).status).toBe(200);
    expect(statuses.filter((s) => s === 0)).toEqual([]);
    // A request that was in flight fails with 503 naming the cause (it was a 500 'Internal server error').
    for (const f of failures) expect(f).toMatch(/^503 Service unavailable: the database connection .*try again later$|^503 Service unavailable: a connection to the database/);
    // Every comment answered 200 is there, and the space counts exactly the comments that are.
    const listed = await a.api(t.token).get(`/v1/spaces/${space.body.id}/comments?limit=0`);
    expect(listed.body.count).toBeGreaterThanOrEqual(statuses.filter((s) => s === 200).length);
    expect((await a.api(t.token).get(`/v1/spaces/${space.body.id}`)).body.comments).toBe(listed.body.count);
  });

  it('a request whose connection is terminated while it waits answers 503 naming the cause, not a 500', async () => {
    const t = await createUser(a, 'Waiter');
    const org = await a.api(t.token).post('/v1/orgs', { title: 'Waiting' });
    // A lock held by another session makes the rename wait in the database; then its connection is terminated.
    const holder = new pg.Client({ connectionString: a.ctx.config.databaseUrl });
    await holder.connect();
    try {
      await holder.query('begin');
      await holder.query('select * from organizations where id = $1 for update', [org.body.id]);
      const pending = b.call('PATCH', `/v1/orgs/${org.body.id}`, t.token, { title: 'Renamed' });
      let waiting = 0;
      for (let i = 0; i < 400 && waiting === 0; i++) {
        await new Promise((resolve) => setTimeout(resolve, 25));
        waiting = (await holder.query(`select pid from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock' and pid <> pg_backend_pid()`)).rowCount ?? 0;
      }
      expect(waiting).toBeGreaterThan(0);
      await holder.query(`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock' and pid <> pg_backend_pid()`);
      const r = await pending;
      expect(r.status).toBe(503);
      expect(r.body.error.message).toMatch(/^Service unavailable: the database connection (was terminated by the database administrator|was lost)/);
      await holder.query('rollback');
    } finally {
      await holder.end();
    }
    expect((await a.api(t.token).get(`/v1/orgs/${org.body.id}`)).body.title).toBe('Waiting');
    expect((await b.call('PATCH', `/v1/orgs/${org.body.id}`, t.token, { title: 'Renamed' })).status).toBe(200);
  });

  it('reads whose pooled connections were terminated, idle or running, are answered 200 (they failed together with 503)', async () => {
    const t = await createUser(a, 'Reader');
    const org = await a.api(t.token).post('/v1/orgs', { title: 'Read on' });
    const space = await a.api(t.token).post(`/v1/orgs/${org.body.id}/spaces`, { title: 'Read again' });
    expect(space.status).toBe(201);
    const failures: string[] = [];
    let answered = 0;
    // In both processes at once (this one's requests share one event-loop turn, hence one pipelined read).
    const reads = () => Promise.all([0, 1, 2, 3, 4, 5].map(async (k) => {
      const r = k % 2 ? await b.call('GET', `/v1/spaces/${space.body.id}`, t.token) : await a.api(t.token).get(`/v1/spaces/${space.body.id}`);
      if (r.status === 200) answered++;
      else failures.push(`${r.status} ${r.body?.error?.message}`);
    }));
    await reads();
    for (let round = 0; round < 10 && !b.exited; round++) {
      // Terminated while idle: the next reads are handed connections the pools may not have seen go.
      await terminateAll(a.ctx.config.databaseUrl!);
      await reads();
      // Terminated while reads run.
      await Promise.all([terminateAll(a.ctx.config.databaseUrl!), reads()]);
    }
    expect(failures).toEqual([]);
    expect(answered).toBe(6 + 10 * 12);
  });
});

describe.runIf(testDialect() === 'postgres')('PostgreSQL: a row locked by another session', () => {
  let server: TestServer;
  beforeAll(async () => {
    // A short bound, so that the waits the test makes are short (the default is 5 s: BINDERY_PG_LOCK_TIMEOUT_MS).
    server = await startTestServer({ pgLockTimeoutMs: 300 });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('requests on the locked row answer 503 naming the lock wait limit (they waited forever), and other tenants are answered', async () => {
    const t = await createUser(server, 'Locked out');
    const locked = await server.api(t.token).post('/v1/orgs', { title: 'Locked org' });
    const other = await server.api(t.token).post('/v1/orgs', { title: 'Other org' });
    const holder = new pg.Client({ connectionString: server.ctx.config.databaseUrl });
    await holder.connect();
    try {
      await holder.query('begin');
      await holder.query('select * from organizations where id = $1 for update', [locked.body.id]);
      // More waiting requests than the pool has connections (10).
      const waiting = Array.from({ length: 14 }, (_, i) => server.api(t.token).patch(`/v1/orgs/${locked.body.id}`, { title: `Renamed ${i}` }));
      const elsewhere = await server.api(t.token).patch(`/v1/orgs/${other.body.id}`, { title: 'Other renamed' });
      expect(elsewhere.status).toBe(200);
      for (const r of await Promise.all(waiting)) {
        expect(r.status).toBe(503);
        expect(r.body.error.message).toMatch(/^Service unavailable: a database row or table stayed locked past the lock wait limit \(lock_timeout\)/);
      }
    } finally {
      await holder.query('rollback').catch(() => undefined);
      await holder.end();
    }
    expect((await server.api(t.token).get(`/v1/orgs/${locked.body.id}`)).body.title).toBe('Locked org');
    expect((await server.api(t.token).patch(`/v1/orgs/${locked.body.id}`, { title: 'Renamed' })).status).toBe(200);
  });
});

describe.runIf(testDialect() === 'postgres')('PostgreSQL: a token row locked by another session', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ pgLockTimeoutMs: 300 });
  });
  afterAll(async () => {
    await server?.close();
  });

  it("a read whose token's last use cannot be recorded is answered (it failed with 503)", async () => {
    const u = await createUser(server, 'Reader');
    const holder = new pg.Client({ connectionString: server.ctx.config.databaseUrl });
    await holder.connect();
    try {
      await holder.query('begin');
      await holder.query('select * from api_tokens where user_id = $1 for update', [u.id]);
      const r = await server.api(u.token).get('/v1/user');
      expect(r.status).toBe(200);
      expect(r.body.id).toBe(u.id);
    } finally {
      await holder.query('rollback').catch(() => undefined);
      await holder.end();
    }
  });
});

describe.runIf(testDialect() === 'postgres')('PostgreSQL: the database refusing connections', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  it('requests answer 503 naming it (a 500 before) while the database refuses connections, and 200 once it takes them again', async () => {
    const u = await createUser(server, 'Refused');
    const name = new URL(server.ctx.config.databaseUrl!).pathname.slice(1);
    const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
    await admin.connect();
    try {
      await admin.query(`alter database "${name}" allow_connections false`);
      await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1', [name]);
      // Until the server has seen every old connection end, a request may still meet one: polled.
      let r = await server.api(u.token).get('/v1/user');
      for (let i = 0; i < 50 && !/not accepting connections/.test(r.body?.error?.message ?? ''); i++) r = await server.api(u.token).get('/v1/user');
      expect(r.status).toBe(503);
      expect(r.body.error.message).toMatch(/^Service unavailable: the database is not accepting connections/);
    } finally {
      await admin.query(`alter database "${name}" allow_connections true`);
      await admin.end();
    }
    await expect.poll(async () => (await server.api(u.token).get('/v1/user')).status, { timeout: 20_000, interval: 100 }).toBe(200);
  });
});

describe.runIf(testDialect() === 'sqlite')('SQLite: the disk full mid-write', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  it('a write past the space left answers 507 naming the cause, applies nothing, and writes go on once there is space', async () => {
    const t = await createUser(server, 'Filler');
    const org = await server.api(t.token).post('/v1/orgs', { title: 'Full disk' });
    const space = await server.api(t.token).post(`/v1/orgs/${org.body.id}/spaces`, { title: 'Pages' });
    expect(space.status).toBe(201);
    // The database may not grow past its size now (as a full disk): SQLITE_FULL on the next write that needs a page.
    const pages = await sql<{ page_count: number }>`pragma page_count`.execute(server.ctx.db);
    await sql.raw(`pragma max_page_count = ${pages.rows[0]!.page_count + 2}`).execute(server.ctx.db);
    const big = 'Words that fill the disk. '.repeat(20_000);
    const base = `/v1/spaces/${space.body.id}/content`;
    try {
      const r = await server.api(t.token).post(`${base}/pages`, { title: 'Large', markdown: big });
      expect(r.status).toBe(507);
      expect(r.body.error.message).toMatch(/^Insufficient storage: the disk holding the database is full/);
    } finally {
      await sql.raw('pragma max_page_count = 1073741823').execute(server.ctx.db);
    }
    // Nothing of it was applied; the database is sound; the same write succeeds now.
    const before = await server.api(t.token).get(`${base}/pages`);
    expect(JSON.stringify(before.body.pages)).not.toContain('Large');
    expect((await sql<{ integrity_check: string }>`pragma integrity_check`.execute(server.ctx.db)).rows[0]!.integrity_check).toBe('ok');
    expect((await server.api(t.token).post(`${base}/pages`, { title: 'Large', markdown: big })).status).toBe(201);
  });
});

describe.runIf(testDialect() === 'sqlite')('SQLite: the disk full on a real file system', () => {
  it('a page create on a full disk answers 507 (SQLite had rolled back itself: the second rollback made it a 500), then works again', async (ctx) => {
    // A tmpfs of its own (mounting needs root, as CI and the development machines run; skipped otherwise).
    const dir = mkdtempSync(join(tmpdir(), 'bindery-full-'));
    try {
      execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=24m', 'tmpfs', dir], { stdio: 'ignore' });
    } catch {
      rmSync(dir, { recursive: true, force: true });
      ctx.skip();
      return;
    }
    let server: TestServer | undefined;
    try {
      server = await startTestServer({ dataDir: dir });
      const t = await createUser(server, 'Filler');
      const org = await server.api(t.token).post('/v1/orgs', { title: 'Full disk' });
      const space = await server.api(t.token).post(`/v1/orgs/${org.body.id}/spaces`, { title: 'Pages' });
      const base = `/v1/spaces/${space.body.id}/content/pages`;
      const big = 'Words that fill the disk. '.repeat(8_000);
      const free = statfsSync(dir);
      writeFileSync(join(dir, 'filler'), Buffer.alloc(Math.max(0, free.bavail * free.bsize - 2 * 1024 * 1024)));
      const statuses: number[] = [];
      for (let i = 0; i < 12 && !statuses.includes(507); i++) statuses.push((await server.api(t.token).post(base, { title: `Large ${i}`, markdown: big })).status);
      expect(statuses.filter((s) => s !== 201 && s !== 507)).toEqual([]);
      expect(statuses).toContain(507);
      const listed = await server.api(t.token).get(base);
      expect(listed.body.pages.length).toBe(statuses.filter((s) => s === 201).length);
      rmSync(join(dir, 'filler'));
      expect((await server.api(t.token).post(base, { title: 'After', markdown: big })).status).toBe(201);
      expect((await sql<{ integrity_check: string }>`pragma integrity_check`.execute(server.ctx.db)).rows[0]!.integrity_check).toBe('ok');
    } finally {
      await server?.close();
      try {
        execFileSync('umount', [dir], { stdio: 'ignore' });
      } catch { /* not mounted */ }
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe.runIf(testDialect() === 'sqlite')('SQLite: the data folder read-only', () => {
  it('a file upload into a read-only data folder answers 503 naming it (a 500 before: ENOENT of a recursive mkdir), then works again', async (ctx) => {
    const dir = mkdtempSync(join(tmpdir(), 'bindery-ro-'));
    let server: TestServer | undefined;
    let mounted = false;
    try {
      server = await startTestServer({ dataDir: dir });
      const t = await createUser(server, 'Uploader');
      const org = await server.api(t.token).post('/v1/orgs', { title: 'Read-only' });
      const space = await server.api(t.token).post(`/v1/orgs/${org.body.id}/spaces`, { title: 'Files' });
      const upload = async (name: string) => {
        const r = await fetch(`${server!.url}/v1/spaces/${space.body.id}/content/files?name=${name}`, {
          method: 'POST', headers: { authorization: `Bearer ${t.token}`, 'content-type': 'application/octet-stream' }, body: Buffer.from(`the bytes of ${name}`),
        });
        return { status: r.status, body: (await r.json()) as { error: { message: string } } };
      };
      // A read-only bind mount over the data folder (needs root; skipped otherwise): the open database stays
      // writable, as under a volume remounted read-only; no new file can be made.
      try {
        execFileSync('mount', ['--bind', dir, dir], { stdio: 'ignore' });
        mounted = true;
        execFileSync('mount', ['-o', 'remount,bind,ro', dir], { stdio: 'ignore' });
      } catch {
        ctx.skip();
        return;
      }
      let refused: { status: number; body: { error: { message: string } } };
      try {
        refused = await upload('refused.txt');
      } finally {
        execFileSync('umount', [dir], { stdio: 'ignore' });
        mounted = false;
      }
      expect(refused.status).toBe(503);
      expect(refused.body.error.message).toMatch(/^Service unavailable: the data folder is on a read-only file system/);
      const files = await server.api(t.token).get(`/v1/spaces/${space.body.id}/content/files`);
      expect(files.body.items).toEqual([]);
      expect((await upload('accepted.txt')).status).toBe(201);
    } finally {
      if (mounted) execFileSync('umount', [dir], { stdio: 'ignore' });
      await server?.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe.runIf(testDialect() === 'postgres')('PostgreSQL: a durable job whose outcome cannot be recorded at once', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  /**
   * The database refuses the next `n` updates of `jobs` with 57P01 (what a terminated connection answers), as when the
   * connection drop that failed the job's work also fails the write of its outcome. A sequence counts them (it is
   * not rolled back with the refused statement).
   */
  async function refuseJobUpdates(n: number): Promise<() => Promise<void>> {
    const db = server.ctx.db;
    await sql.raw(`create sequence if not exists bindery_test_job_refusals`).execute(db);
    await sql.raw(`select setval('bindery_test_job_refusals', 1, false)`).execute(db);
    await sql.raw(`create or replace function bindery_test_refuse_jobs() returns trigger language plpgsql as $$ begin
      if nextval('bindery_test_job_refusals') <= ${n} then raise exception 'terminating connection due to administrator command' using errcode = '57P01'; end if;
      return new; end $$`).execute(db);
    await sql.raw(`create trigger bindery_test_refuse_jobs before update on jobs for each row when (new.status <> 'running') execute function bindery_test_refuse_jobs()`).execute(db);
    return async () => {
      await sql.raw('drop trigger if exists bindery_test_refuse_jobs on jobs').execute(db);
      await sql.raw('drop function if exists bindery_test_refuse_jobs()').execute(db);
    };
  }

  it('a failed job and a done one are recorded once the database answers again (they stayed running until their lease expired)', async () => {
    const ctx = server.ctx;
    const type = `test.refused.${Math.random().toString(36).slice(2, 8)}`;
    const handlers: Record<string, JobHandler> = {
      [type]: async (_ctx, payload: { fail: boolean }) => {
        if (payload.fail) throw new Error('the work failed');
        return undefined;
      },
    };
    for (const fail of [true, false]) {
      const id = await enqueueJob(ctx, ctx.db, type, { fail });
      const restore = await refuseJobUpdates(2);
      try {
        const report = await runDueJobs(ctx, { handlers });
        expect(report.claimed).toBe(1);
      } finally {
        await restore();
      }
      const row = await ctx.db.selectFrom('jobs').select(['status', 'locked_until', 'attempts']).where('id', '=', id).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ status: fail ? 'queued' : 'done', locked_until: null, attempts: 1 });
    }
  });
});

describe.runIf(testDialect() === 'sqlite')('SQLite: the file locked by another process', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  it('a write waiting for another process\'s lock leaves other requests answered (SQLite\'s busy wait blocked the process), and goes through once it is released', async () => {
    const t = await createUser(server, 'Waiting writer');
    const org = await server.api(t.token).post('/v1/orgs', { title: 'Busy file' });
    const reader = await createUser(server, 'Other tenant');
    // Its token's use is recorded now (at most once a minute), so its next read writes nothing.
    expect((await server.api(reader.token).get('/v1/user')).status).toBe(200);
    // Another process (a backup, a sqlite3 prompt) holds the file's write lock until told to let go.
    const holder = spawn(process.execPath, ['-e', `
      const db = new (require('better-sqlite3'))(process.argv[1]);
      db.exec('begin immediate');
      process.stdout.write('held\\n');
      process.stdin.once('data', () => { db.exec('rollback'); db.close(); process.exit(0); });
    `, join(server.ctx.config.dataDir, 'bindery.sqlite')], { cwd: join(import.meta.dirname, '..'), stdio: ['pipe', 'pipe', 'inherit'] });
    try {
      await new Promise((resolve, reject) => {
        holder.stdout!.once('data', resolve);
        holder.once('exit', reject);
      });
      let patchDone = false;
      const patch = server.api(t.token).patch(`/v1/orgs/${org.body.id}`, { title: 'Renamed' }).finally(() => (patchDone = true));
      await new Promise((resolve) => setTimeout(resolve, 100));
      const other = await server.api(reader.token).get('/v1/user');
      expect(other.status).toBe(200);
      // Answered while the write still waited (before, the process was blocked until the write gave up: a 503).
      expect(patchDone).toBe(false);
      holder.stdin!.write('go\n');
      expect((await patch).status).toBe(200);
    } finally {
      if (holder.exitCode === null) holder.kill();
    }
    expect((await server.api(t.token).get(`/v1/orgs/${org.body.id}`)).body.title).toBe('Renamed');
  });
});

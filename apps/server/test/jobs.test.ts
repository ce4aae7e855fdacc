// The durable job queue: due jobs run once, failures are retried with backoff until max attempts, a lease that
// expired is taken over, and concurrent workers never run a job twice at the same time.
import { describe, expect, it } from 'vitest';
import { backoffMs, claimDueJobs, enqueueJob, runDueJobs, startJobWorker, type JobHandler } from '../src/jobs/index.js';
import { randomString } from '../src/lib/ids.js';
import { useTestServer } from '../src/testing/index.js';

const server = useTestServer();

/**
 * A job type of its own per test, run only by this test's calls (the server's own worker and the other test files,
 * which share the PostgreSQL database, do not know it and never claim it).
 */
const handlers: Record<string, JobHandler> = {};
function testType(handler: (payload: { n: number }) => Promise<void | { retryAt: Date }>): string {
  const type = `test.${randomString(10)}`;
  handlers[type] = (_ctx, payload) => handler(payload);
  return type;
}
const run = (limit = 1000) => runDueJobs(server.ctx, { limit, handlers });

const jobRow = (id: string) => server.ctx.db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('jobs', () => {
  it('runs a job once it is due, and only then', async () => {
    const seen: number[] = [];
    const type = testType(async (p) => void seen.push(p.n));
    const ctx = server.ctx;
    const later = await enqueueJob(ctx, ctx.db, type, { n: 2 }, { runAt: new Date(ctx.clock.now().getTime() + 60_000) });
    const now = await enqueueJob(ctx, ctx.db, type, { n: 1 });
    await run();
    expect(seen).toEqual([1]);
    expect((await jobRow(now)).status).toBe('done');
    expect((await jobRow(later)).status).toBe('queued');
    server.clock.advance(60_000);
    await run();
    expect(seen).toEqual([1, 2]);
    await run();
    expect(seen).toEqual([1, 2]);
  });

  it('retries a failing job with exponential backoff, then marks it failed', async () => {
    let calls = 0;
    const type = testType(async () => {
      calls++;
      throw new Error(`boom ${calls}`);
    });
    const ctx = server.ctx;
    const id = await enqueueJob(ctx, ctx.db, type, { n: 0 }, { maxAttempts: 3 });
    await run();
    let row = await jobRow(id);
    expect(row).toMatchObject({ status: 'queued', attempts: 1, last_error: 'boom 1' });
    expect(Date.parse(row.run_at) - Date.parse(row.updated_at)).toBe(backoffMs(1));
    await run();
    expect(calls).toBe(1); // not due yet
    server.clock.advance(backoffMs(1));
    await run();
    row = await jobRow(id);
    expect(row).toMatchObject({ status: 'queued', attempts: 2, last_error: 'boom 2' });
    expect(Date.parse(row.run_at) - Date.parse(row.updated_at)).toBe(backoffMs(2));
    server.clock.advance(backoffMs(2));
    await run();
    expect(await jobRow(id)).toMatchObject({ status: 'failed', attempts: 3, last_error: 'boom 3' });
    server.clock.advance(60 * 60_000);
    await run();
    expect(calls).toBe(3);
    expect([backoffMs(1), backoffMs(2), backoffMs(3), backoffMs(40)]).toEqual([1000, 2000, 4000, 3_600_000]);
  });

  it('puts a job back for later without counting a failure when the handler asks', async () => {
    let calls = 0;
    const type = testType(async () => {
      calls++;
      if (calls === 1) return { retryAt: new Date(server.clock.now().getTime() + 5_000) };
    });
    const ctx = server.ctx;
    const id = await enqueueJob(ctx, ctx.db, type, { n: 0 }, { maxAttempts: 1 });
    await run();
    expect(await jobRow(id)).toMatchObject({ status: 'queued', attempts: 0 });
    server.clock.advance(5_000);
    await run();
    expect(await jobRow(id)).toMatchObject({ status: 'done', attempts: 1 });
  });

  it('concurrent workers claim each job once; an expired lease is taken over', async () => {
    const runs = new Map<number, number>();
    const type = testType(async (p) => {
      runs.set(p.n, (runs.get(p.n) ?? 0) + 1);
    });
    const ctx = server.ctx;
    for (let n = 0; n < 30; n++) await enqueueJob(ctx, ctx.db, type, { n });
    await Promise.all(Array.from({ length: 6 }, () => run(7)));
    await run();
    expect([...runs.keys()].sort((a, b) => a - b)).toEqual(Array.from({ length: 30 }, (_, i) => i));
    expect([...runs.values()].every((c) => c === 1)).toBe(true);

    // A worker that claimed a job and died: nobody else runs it until its lease expires.
    const id = await enqueueJob(ctx, ctx.db, type, { n: 99 });
    const claimed = await claimDueJobs(ctx, 1000, 30_000, [type]);
    expect(claimed.map((j) => j.id)).toContain(id);
    await run();
    expect(runs.get(99)).toBeUndefined();
    server.clock.advance(30_001);
    await run();
    expect(runs.get(99)).toBe(1);
    expect(await jobRow(id)).toMatchObject({ status: 'done', attempts: 2 });
  });

  it('the in-process worker polls for due jobs until stopped', async () => {
    const seen: number[] = [];
    const type = testType(async (p) => void seen.push(p.n));
    const ctx = server.ctx;
    const worker = startJobWorker(ctx, { intervalMs: 5, handlers });
    try {
      await enqueueJob(ctx, ctx.db, type, { n: 1 });
      for (let i = 0; i < 400 && seen.length === 0; i++) await new Promise((r) => setTimeout(r, 5));
      expect(seen).toEqual([1]);
    } finally {
      await worker.stop();
    }
    await enqueueJob(ctx, ctx.db, type, { n: 2 });
    await new Promise((r) => setTimeout(r, 30));
    expect(seen).toEqual([1]);
  });
});

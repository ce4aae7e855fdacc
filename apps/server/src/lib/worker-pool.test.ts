// The content worker pool from sources (a `.ts` entry, as under vitest and tsx): tasks run in worker threads,
// a task past its budget is cancelled with a ContentLimitError naming the budget and its worker replaced, the
// event loop stays free meanwhile, and an overloaded pool refuses instead of queueing forever.
import { afterAll, describe, expect, it } from 'vitest';
import { ContentLimitError } from '../content/limits.js';
import { PoolBusyError, WorkerPool } from './worker-pool.js';

const entry = new URL('../content/worker.ts', import.meta.url);
const pools: WorkerPool[] = [];
const newPool = (options: Partial<ConstructorParameters<typeof WorkerPool>[0]> = {}): WorkerPool => {
  const pool = new WorkerPool({ entry, size: 1, budgetMs: 10_000, ...options });
  pools.push(pool);
  return pool;
};
afterAll(async () => {
  await Promise.all(pools.map((p) => p.close()));
});

/** A page that takes a while to process (hundreds of milliseconds), but is well within the limits. */
const heavy = '| a | b |\n| - | - |\n' + '| *x* | [y](z) |\n'.repeat(12_000);

describe('WorkerPool', () => {
  it('runs content tasks in a worker thread, loaded from the TypeScript sources', async () => {
    const pool = newPool();
    const out = await pool.run<{ markdown: string; sections: unknown[]; links: unknown[] }>('normalizePage', { markdown: '# Title\n\n- [a](b.md)' });
    expect(out).toMatchObject({ markdown: '# Title\n\n* [a](b.md)\n', sections: [{ id: 'title', title: 'Title' }], links: [{ target: 'b.md' }] });
  });

  it('passes limit errors through with their status and limit', async () => {
    const pool = newPool();
    const err = await pool.run('normalizePage', { markdown: '>'.repeat(5000), field: '/body/markdown' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ContentLimitError);
    expect(err).toMatchObject({ status: 422, limit: 'depth', message: expect.stringMatching(/^\/body\/markdown: .*nested levels/) });
  });

  it('cancels a task past its budget, answers with the budget, and keeps working', async () => {
    const pool = newPool();
    let ticks = 0;
    const timer = setInterval(() => ticks++, 1);
    const err = await pool.run('normalizePage', { markdown: heavy }, { budgetMs: 20 }).catch((e: unknown) => e);
    clearInterval(timer);
    expect(err).toBeInstanceOf(ContentLimitError);
    expect(err).toMatchObject({ status: 422, limit: 'budget', message: expect.stringContaining('20 ms') });
    // The event loop ran timers while the worker worked.
    expect(ticks).toBeGreaterThan(0);
    expect(pool.stats()).toMatchObject({ cancelled: 1, workers: 0 });
    await expect(pool.run('normalizePage', { markdown: 'after' })).resolves.toMatchObject({ markdown: 'after\n' });
  });

  it('queues tasks beyond its workers, and refuses past its queue', async () => {
    const pool = newPool({ maxQueue: 2 });
    const running = pool.run('normalizePage', { markdown: heavy });
    const queued = [pool.run('normalizePage', { markdown: 'one' }), pool.run('normalizePage', { markdown: 'two' })];
    await expect(pool.run('normalizePage', { markdown: 'three' })).rejects.toBeInstanceOf(PoolBusyError);
    await expect(running).resolves.toBeDefined();
    await expect(Promise.all(queued)).resolves.toMatchObject([{ markdown: 'one\n' }, { markdown: 'two\n' }]);
  });
});

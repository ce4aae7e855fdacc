// The durable job queue: rows of the `jobs` table. A job is enqueued with the time it is due (`run_at`), claimed
// by one worker at a time (PostgreSQL: `for update skip locked`; SQLite: a conditional update in the single
// writer's transaction), and retried with exponential backoff until `max_attempts`. A claim is a lease
// (`locked_until`): a job whose worker died is claimed again once the lease has expired.
import { sql, type Selectable } from 'kysely';
import type { AppContext } from '../context.js';
import type { DbOrTx } from '../db/database.js';
import type { JobsTable } from '../db/schema.js';
import { newId } from '../lib/ids.js';

export type JobRow = Selectable<JobsTable>;

export interface EnqueueOptions {
  /** When the job is due (default: now). */
  runAt?: Date;
  maxAttempts?: number;
}

/** Adds a job; pass the open transaction so the job exists exactly when the change that needs it commits. */
export async function enqueueJob(ctx: AppContext, db: DbOrTx, type: string, payload: unknown, opts: EnqueueOptions = {}): Promise<string> {
  const now = ctx.clock.now().toISOString();
  const id = newId();
  await db
    .insertInto('jobs')
    .values({
      id, type, payload: JSON.stringify(payload ?? null), status: 'queued', run_at: (opts.runAt ?? ctx.clock.now()).toISOString(),
      attempts: 0, max_attempts: opts.maxAttempts ?? 5, locked_until: null, last_error: null, created_at: now, updated_at: now,
    })
    .execute();
  return id;
}

/**
 * Claims up to `limit` due jobs of the given types (queued and due, or running with an expired lease) for
 * `leaseMs`. A worker only claims the types it has handlers for, so workers of different versions can share a queue.
 */
export async function claimDueJobs(ctx: AppContext, limit: number, leaseMs: number, types: string[]): Promise<JobRow[]> {
  if (types.length === 0) return [];
  const now = ctx.clock.now();
  const nowIso = now.toISOString();
  const lease = new Date(now.getTime() + leaseMs).toISOString();
  if (ctx.dialect === 'postgres') {
    const r = await sql<JobRow>`
      update jobs set status = 'running', attempts = attempts + 1, locked_until = ${lease}, updated_at = ${nowIso}
      where id in (
        select id from jobs
        where type in (${sql.join(types)})
          and ((status = 'queued' and run_at <= ${nowIso}) or (status = 'running' and locked_until < ${nowIso}))
        order by run_at, id
        limit ${limit}
        for update skip locked
      )
      returning *`.execute(ctx.db);
    return r.rows;
  }
  // SQLite has one writer at a time: select and update in one transaction, and only update rows still due.
  return ctx.db.transaction().execute(async (tx) => {
    const due = await tx
      .selectFrom('jobs')
      .select('id')
      .where('type', 'in', types)
      .where((eb) => eb.or([
        eb.and([eb('status', '=', 'queued'), eb('run_at', '<=', nowIso)]),
        eb.and([eb('status', '=', 'running'), eb('locked_until', '<', nowIso)]),
      ]))
      .orderBy('run_at')
      .orderBy('id')
      .limit(limit)
      .execute();
    if (due.length === 0) return [];
    return tx
      .updateTable('jobs')
      .set((eb) => ({ status: 'running', attempts: eb('attempts', '+', 1), locked_until: lease, updated_at: nowIso }))
      .where('id', 'in', due.map((d) => d.id))
      .where((eb) => eb.or([
        eb.and([eb('status', '=', 'queued'), eb('run_at', '<=', nowIso)]),
        eb.and([eb('status', '=', 'running'), eb('locked_until', '<', nowIso)]),
      ]))
      .returningAll()
      .execute();
  });
}

/** Claims one job by id when it is due and unclaimed (queued, or running with an expired lease). */
export async function claimJob(ctx: AppContext, id: string, leaseMs: number): Promise<JobRow | undefined> {
  const now = ctx.clock.now();
  const nowIso = now.toISOString();
  return ctx.db
    .updateTable('jobs')
    .set((eb) => ({ status: 'running', attempts: eb('attempts', '+', 1), locked_until: new Date(now.getTime() + leaseMs).toISOString(), updated_at: nowIso }))
    .where('id', '=', id)
    .where((eb) => eb.or([
      eb.and([eb('status', '=', 'queued'), eb('run_at', '<=', nowIso)]),
      eb.and([eb('status', '=', 'running'), eb('locked_until', '<', nowIso)]),
    ]))
    .returningAll()
    .executeTakeFirst();
}

/** Marks a claimed job done. */
export async function completeJob(ctx: AppContext, job: JobRow): Promise<void> {
  await ctx.db
    .updateTable('jobs')
    .set({ status: 'done', locked_until: null, updated_at: ctx.clock.now().toISOString() })
    .where('id', '=', job.id)
    .where('status', '=', 'running')
    .execute();
}

/** Keeps a long job claimed for `ms` more (a job that reports progress is not taken over by another worker). */
export async function extendJobLease(ctx: AppContext, job: Pick<JobRow, 'id'>, ms: number): Promise<void> {
  await ctx.db.updateTable('jobs').set({ locked_until: new Date(ctx.clock.now().getTime() + ms).toISOString() }).where('id', '=', job.id).execute();
}

/** Puts a claimed job back in the queue for `runAt` without counting the attempt (it was not a failure). */
export async function rescheduleJob(ctx: AppContext, job: JobRow, runAt: Date): Promise<void> {
  await ctx.db
    .updateTable('jobs')
    .set({ status: 'queued', attempts: Math.max(0, job.attempts - 1), run_at: runAt.toISOString(), locked_until: null, updated_at: ctx.clock.now().toISOString() })
    .where('id', '=', job.id)
    .execute();
}

export const BACKOFF_BASE_MS = 1_000;
export const BACKOFF_MAX_MS = 60 * 60 * 1000;

/** The delay before retry number `attempts` (1, 2, 4, 8 … seconds, at most an hour). */
export function backoffMs(attempts: number): number {
  return Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1));
}

/** Records a failure: retried after a backoff, or `failed` for good after `max_attempts`. */
export async function failJob(ctx: AppContext, job: JobRow, error: unknown): Promise<void> {
  const now = ctx.clock.now();
  const message = error instanceof Error ? error.message : String(error);
  const final = job.attempts >= job.max_attempts;
  await ctx.db
    .updateTable('jobs')
    .set({
      status: final ? 'failed' : 'queued',
      run_at: final ? job.run_at : new Date(now.getTime() + backoffMs(job.attempts)).toISOString(),
      locked_until: null,
      last_error: message.slice(0, 2000),
      updated_at: now.toISOString(),
    })
    .where('id', '=', job.id)
    .execute();
}

// Runs due jobs: `runDueJobs(ctx)` once (tests call it directly), or `startJobWorker(ctx)` in a loop inside the
// server process (the embedded default). Several workers, in one or many processes, never run a job twice at once.
import type { AppContext } from '../context.js';
import { databaseFailureAnswer } from '../db/failures.js';
import { jobHandlers, type JobHandler } from './handlers.js';
import { claimDueJobs, claimJob, completeJob, failJob, rescheduleJob, type JobRow } from './queue.js';

export interface RunOptions {
  /** Most jobs claimed per call (default 20). */
  limit?: number;
  /** How long a claim lasts before another worker may take the job over (default 5 minutes). */
  leaseMs?: number;
  /** The job types to run and their handlers (default: every type of jobs/handlers.ts). */
  handlers?: Record<string, JobHandler>;
}

export interface RunReport {
  claimed: number;
  done: number;
  rescheduled: number;
  failed: number;
}

/** Waits between the tries of recording a job's outcome while the database fails (ms; then the lease is left to expire). */
const RECORD_RETRY_MS = [100, 250, 500, 1000, 2000, 4000];

/**
 * Records a job's outcome (`write`), tried again while the database itself fails (a connection terminated or lost,
 * a lock or statement past its bound: db/failures.ts): the job's own work failed through the same fault a moment
 * before, and without its outcome recorded it stayed `running` until its lease expired (5 minutes by default).
 */
async function record(ctx: AppContext, job: JobRow, write: () => Promise<void>): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await write();
      return;
    } catch (err) {
      if (attempt >= RECORD_RETRY_MS.length || !databaseFailureAnswer(err)) throw err;
      ctx.logger.warn({ err: { message: (err as Error).message }, job: { id: job.id, type: job.type } }, 'recording a job outcome failed; trying again');
      await new Promise((resolve) => setTimeout(resolve, RECORD_RETRY_MS[attempt]));
    }
  }
}

async function runOne(ctx: AppContext, handlers: Record<string, JobHandler>, job: JobRow, report: RunReport): Promise<void> {
  const handler = handlers[job.type];
  try {
    if (!handler) throw new Error(`no handler for job type "${job.type}"`);
    const result = await handler(ctx, JSON.parse(job.payload) as never, job);
    if (result && 'retryAt' in result) {
      await record(ctx, job, () => rescheduleJob(ctx, job, result.retryAt));
      report.rescheduled++;
    } else {
      await record(ctx, job, () => completeJob(ctx, job));
      report.done++;
    }
  } catch (err) {
    ctx.logger.warn({ err, job: { id: job.id, type: job.type, attempts: job.attempts } }, 'job failed');
    await record(ctx, job, () => failJob(ctx, job, err));
    report.failed++;
  }
}

/** Claims the jobs due now (by `ctx.clock`) and runs them, one after the other. */
export async function runDueJobs(ctx: AppContext, opts: RunOptions = {}): Promise<RunReport> {
  const report: RunReport = { claimed: 0, done: 0, rescheduled: 0, failed: 0 };
  const handlers = opts.handlers ?? jobHandlers;
  const jobs = await claimDueJobs(ctx, opts.limit ?? 20, opts.leaseMs ?? 5 * 60_000, Object.keys(handlers));
  report.claimed = jobs.length;
  for (const job of jobs) await runOne(ctx, handlers, job, report);
  return report;
}

/**
 * Runs one job now, in this process, when it is due and no worker holds it (a request that waits for the job it
 * enqueued). Returns false when it was not claimed (another worker has it, or it is not due).
 */
export async function runJobNow(ctx: AppContext, id: string, opts: Pick<RunOptions, 'leaseMs' | 'handlers'> = {}): Promise<boolean> {
  const job = await claimJob(ctx, id, opts.leaseMs ?? 5 * 60_000);
  if (!job) return false;
  await runOne(ctx, opts.handlers ?? jobHandlers, job, { claimed: 1, done: 0, rescheduled: 0, failed: 0 });
  return true;
}

export interface JobWorker {
  /** Stops polling and waits for the jobs in hand to finish. */
  stop(): Promise<void>;
}

/** Polls for due jobs every `intervalMs` (immediately again while there is a backlog). */
export function startJobWorker(ctx: AppContext, opts: RunOptions & { intervalMs?: number } = {}): JobWorker {
  const interval = opts.intervalMs ?? 1_000;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;

  const tick = async () => {
    let again = false;
    try {
      const r = await runDueJobs(ctx, opts);
      again = r.claimed >= (opts.limit ?? 20);
    } catch (err) {
      if (!stopped) ctx.logger.error({ err }, 'job worker tick failed');
    }
    if (!stopped) schedule(again ? 0 : interval);
  };
  const schedule = (ms: number) => {
    timer = setTimeout(() => {
      running = tick();
    }, ms);
    timer.unref();
  };
  schedule(interval);

  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}

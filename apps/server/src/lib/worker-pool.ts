// A pool of worker threads running CPU-heavy tasks off the event loop, each with a time budget.
//
//   const pool = new WorkerPool({ entry: new URL('./worker.js', import.meta.url), size: 2, budgetMs: 2000 });
//   const out = await pool.run('normalizePage', { markdown });
//
// - Tasks are named functions of the worker module (content/worker.ts); inputs and outputs cross by structured clone.
// - Workers start on first use (unref'd: they never keep the process alive) and are reused.
// - A task past its budget is cancelled: its worker is terminated (a tight loop cannot be interrupted any other way)
//   and replaced, and the caller gets a ContentLimitError (422) naming the budget. A worker running out of memory
//   (resourceLimits) is answered the same way, naming the memory limit.
// - When every worker is busy, tasks wait in a FIFO queue; past `maxQueue` waiting tasks, or past `queueTimeoutMs`
//   of waiting, the caller gets a PoolBusyError (503 with Retry-After): the server sheds load instead of stalling.
// - Works from the built dist (entry `worker.js`) and from sources under vitest/tsx (entry `worker.ts`): a `.ts`
//   entry is loaded through a resolve hook that maps the `.js` specifiers of the sources to their `.ts` files, Node
//   stripping the types.
import { Worker } from 'node:worker_threads';
import { ContentLimitError } from '../content/limits.js';

export interface WorkerPoolOptions {
  /** The worker module (`.js` in dist, `.ts` from sources). */
  entry: URL;
  /** Workers running at most at once. */
  size: number;
  /** Default time budget of a task, in milliseconds. */
  budgetMs: number;
  /** Tasks waiting for a worker beyond which new tasks are refused. */
  maxQueue?: number;
  /** Longest wait for a worker before a task is refused. */
  queueTimeoutMs?: number;
  /** Heap limit of each worker (MiB). */
  maxHeapMb?: number;
}

/** Every worker is busy and the queue is full (or the wait too long): answer 503 and let the client retry. */
export class PoolBusyError extends Error {
  readonly retryAfterSeconds: number;

  constructor(message: string, retryAfterSeconds = 1) {
    super(message);
    this.name = 'PoolBusyError';
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** What a worker posts back for a task (and `{ready: true}` once, when it has loaded). */
export type TaskReply = { id: number; ok: true; result: unknown } | { id: number; ok: false; error: SerializedError };

export interface SerializedError {
  name: string;
  message: string;
  status?: 413 | 422;
  limit?: string;
}

interface Job {
  id: number;
  task: string;
  input: unknown;
  /** Moved to the worker rather than copied (the caller gives them up). */
  transfer?: ArrayBuffer[];
  budgetMs: number;
  enqueuedAt: number;
  resolve: (value: unknown) => void;
  reject: (err: Error) => void;
  queueTimer?: NodeJS.Timeout;
}

interface Slot {
  worker: Worker;
  /** The worker has loaded its module (it says so first thing); the budget counts from then on. */
  ready: boolean;
  job?: Job;
  timer?: NodeJS.Timeout;
}

export interface PoolStats {
  workers: number;
  busy: number;
  queued: number;
  completed: number;
  cancelled: number;
}

export class WorkerPool {
  private readonly options: Required<WorkerPoolOptions>;
  private readonly slots: Slot[] = [];
  private readonly queue: Job[] = [];
  private nextId = 1;
  private closed = false;
  private completed = 0;
  private cancelled = 0;

  constructor(options: WorkerPoolOptions) {
    this.options = { maxQueue: 1000, queueTimeoutMs: 30_000, maxHeapMb: 512, ...options };
  }

  /** Runs `task` on a worker; rejects with ContentLimitError past the budget, PoolBusyError when overloaded. */
  run<T>(task: string, input: unknown, options: { budgetMs?: number; transfer?: ArrayBuffer[] } = {}): Promise<T> {
    if (this.closed) return Promise.reject(new Error('the worker pool is closed'));
    if (this.queue.length >= this.options.maxQueue) {
      return Promise.reject(new PoolBusyError(`Content processing is busy (${this.queue.length} tasks waiting); try again shortly`));
    }
    return new Promise<T>((resolve, reject) => {
      const job: Job = {
        id: this.nextId++,
        task,
        input,
        ...(options.transfer ? { transfer: options.transfer } : {}),
        budgetMs: options.budgetMs ?? this.options.budgetMs,
        enqueuedAt: Date.now(),
        resolve: resolve as (value: unknown) => void,
        reject,
      };
      this.queue.push(job);
      this.dispatch();
      if (this.queue.includes(job)) {
        job.queueTimer = setTimeout(() => {
          const at = this.queue.indexOf(job);
          if (at < 0) return;
          this.queue.splice(at, 1);
          job.reject(new PoolBusyError(`Content processing is busy (waited ${this.options.queueTimeoutMs} ms for a worker); try again shortly`));
        }, this.options.queueTimeoutMs);
        job.queueTimer.unref();
      }
    });
  }

  stats(): PoolStats {
    return {
      workers: this.slots.length,
      busy: this.slots.filter((s) => s.job).length,
      queued: this.queue.length,
      completed: this.completed,
      cancelled: this.cancelled,
    };
  }

  /** Terminates the workers; queued and running tasks are rejected. */
  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.queue.splice(0)) {
      clearTimeout(job.queueTimer);
      job.reject(new Error('the worker pool is closed'));
    }
    await Promise.all(
      this.slots.splice(0).map(async (slot) => {
        clearTimeout(slot.timer);
        slot.job?.reject(new Error('the worker pool is closed'));
        await slot.worker.terminate();
      }),
    );
  }

  private dispatch(): void {
    while (this.queue.length > 0) {
      let slot = this.slots.find((s) => !s.job);
      if (!slot && this.slots.length < this.options.size) slot = this.spawn();
      if (!slot) return;
      const job = this.queue.shift() as Job;
      clearTimeout(job.queueTimer);
      this.start(slot, job);
    }
  }

  private start(slot: Slot, job: Job): void {
    slot.job = job;
    if (slot.ready) this.arm(slot, job);
    slot.worker.ref();
    slot.worker.postMessage({ id: job.id, task: job.task, input: job.input }, job.transfer ?? []);
  }

  /** Starts the budget of the job a ready worker runs. */
  private arm(slot: Slot, job: Job): void {
    slot.timer = setTimeout(() => this.cancel(slot, new ContentLimitError(422, `processing the content took longer than its time budget (limit: ${job.budgetMs} ms)`, 'budget')), job.budgetMs);
    slot.timer.unref();
  }

  private finish(slot: Slot): Job | undefined {
    const job = slot.job;
    clearTimeout(slot.timer);
    slot.job = undefined;
    slot.timer = undefined;
    slot.worker.unref();
    return job;
  }

  /** Ends the running job of `slot` with `error` and replaces its worker. */
  private cancel(slot: Slot, error: Error): void {
    const job = this.finish(slot);
    this.cancelled++;
    this.remove(slot);
    void slot.worker.terminate();
    job?.reject(error);
    this.dispatch();
  }

  private remove(slot: Slot): void {
    const at = this.slots.indexOf(slot);
    if (at >= 0) this.slots.splice(at, 1);
  }

  private spawn(): Slot {
    const worker = createWorker(this.options.entry, this.options.maxHeapMb);
    const slot: Slot = { worker, ready: false };
    worker.unref();
    worker.on('message', (reply: TaskReply | { ready: true }) => {
      if ('ready' in reply) {
        slot.ready = true;
        if (slot.job) this.arm(slot, slot.job);
        return;
      }
      const job = slot.job;
      if (!job || job.id !== reply.id) return;
      this.finish(slot);
      this.completed++;
      if (reply.ok) job.resolve(reply.result);
      else job.reject(deserializeError(reply.error));
      this.dispatch();
    });
    worker.on('error', (err: Error & { code?: string }) => {
      const memory = err.code === 'ERR_WORKER_OUT_OF_MEMORY';
      this.cancel(
        slot,
        memory
          ? new ContentLimitError(422, `processing the content needed more memory than allowed (limit: ${this.options.maxHeapMb} MiB)`, 'budget')
          : new Error(`content worker failed: ${err.message}`),
      );
    });
    worker.on('exit', () => {
      // A worker that exits by itself (not terminated by us) takes its job with it.
      if (this.slots.includes(slot)) this.cancel(slot, new Error('content worker exited'));
    });
    this.slots.push(slot);
    return slot;
  }
}

function deserializeError(error: SerializedError): Error {
  if (error.name === 'ContentLimitError' && error.status !== undefined) {
    return new ContentLimitError(error.status, error.message, (error.limit ?? 'budget') as ContentLimitError['limit']);
  }
  const err = new Error(error.message);
  err.name = error.name;
  return err;
}

/** For the worker side: an error as it crosses the thread boundary. */
export function serializeError(err: unknown): SerializedError {
  if (err instanceof ContentLimitError) return { name: err.name, message: err.message, status: err.status, limit: err.limit };
  const e = err as Error;
  return { name: e?.name ?? 'Error', message: e?.message ?? String(err) };
}

/**
 * A `.ts` entry (sources under vitest or tsx) is imported by a small CommonJS bootstrap that first registers a
 * resolve hook: `./x.js` imported from a `.ts` file resolves to `./x.ts` when that exists (Node strips the types).
 */
function createWorker(entry: URL, maxHeapMb: number): Worker {
  const resourceLimits = { maxOldGenerationSizeMb: maxHeapMb };
  if (!entry.pathname.endsWith('.ts')) return new Worker(entry, { resourceLimits });
  const bootstrap = `
    const { registerHooks } = require('node:module');
    const { existsSync } = require('node:fs');
    const { fileURLToPath } = require('node:url');
    registerHooks({
      resolve(specifier, context, next) {
        if (specifier.endsWith('.js') && /^\\.\\.?\\//.test(specifier) && context.parentURL && context.parentURL.endsWith('.ts')) {
          const ts = new URL(specifier.slice(0, -3) + '.ts', context.parentURL);
          if (existsSync(fileURLToPath(ts))) return next(ts.href, context);
        }
        return next(specifier, context);
      },
    });
    import(${JSON.stringify(entry.href)});
  `;
  return new Worker(bootstrap, { eval: true, resourceLimits });
}

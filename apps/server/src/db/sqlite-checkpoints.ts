// SQLite checkpoints off the event loop. In WAL mode a commit appends pages to the WAL (no fsync with
// `synchronous = NORMAL`); a checkpoint copies them back into the database file and syncs both files. SQLite runs one
// automatically in the committing connection once the WAL holds 1,000 pages — on the event loop, blocking every
// request for its writes and two fsyncs (on a busy disk, tens of milliseconds every ~200 comment posts: most of the
// wall time a post's commit took in profiles, and its p99).
//
// Instead, the writer's automatic checkpoint is off and a worker thread with its own connection runs passive
// checkpoints (they never block the writer or readers) each time the WAL has grown by `softBytes`. A passive checkpoint cannot
// restart the WAL while commits keep coming (the writer restarts it only when every frame has been copied), so once
// the WAL passes `hardBytes` this process stops writing for one checkpoint: it takes the writer lock
// (db/sqlite-split.ts, asynchronously: the transactions queued before it commit first, those asked after it wait,
// reads go on), the worker checkpoints — with no commit of this process in between it copies every frame — and
// starts the WAL over (`wal_checkpoint(TRUNCATE)`), and the lock is handed on. Until
// 2026-11-27 the writer ran that checkpoint itself, on the event loop: its syncs (3-155 ms measured on a shared
// disk, every ~1.5 s under comment posts) stopped every request. Without a lock to hold (or a WAL that keeps
// growing past four times `hardBytes`, e.g. while another process commits all the time) the writer still runs it
// itself. Durability is unchanged: the same commits, the same syncs (a checkpoint syncs the WAL before copying,
// as before), only on another thread.
import { statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type SQLite from 'better-sqlite3';

const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const SQLite = require(workerData.module);
const db = new SQLite(workerData.file);
// A TRUNCATE checkpoint waits this long at most for another connection's writer or readers (then it goes on as a
// passive one). A passive checkpoint never waits.
db.pragma('busy_timeout = 200');
parentPort.on('message', (mode) => {
  if (mode === 'close') {
    // Asked to stop (SqliteCheckpoints.close): the connection closed, the port too, and the thread ends by itself.
    try { db.close(); } catch {}
    parentPort.close();
    return;
  }
  let result;
  try { result = db.pragma(mode === 'TRUNCATE' ? 'wal_checkpoint(TRUNCATE)' : 'wal_checkpoint(PASSIVE)')[0]; } catch (err) { result = { error: String((err && err.message) || err) }; }
  parentPort.postMessage(result);
});
`;

export interface CheckpointOptions {
  /** WAL size from which the worker checkpoints (default 4 MiB: SQLite's automatic checkpoint is at 1,000 pages). */
  softBytes?: number;
  /** WAL size from which the writer checkpoints itself, so the WAL starts over (default 16 MiB: a larger WAL makes every page read look through more of its index). */
  hardBytes?: number;
  /** Commits between two looks at the WAL's size (one stat). */
  every?: number;
}

export class SqliteCheckpoints {
  private worker: Worker | undefined;
  private busy = false;
  private commits = 0;
  private closed = false;
  /** The WAL's size when the worker was last asked to checkpoint. */
  private askedAt = 0;
  private readonly wal: string;
  private readonly soft: number;
  private readonly hard: number;
  private readonly every: number;
  /** Checkpoints run, for tests: by the worker, by the writer, and by the worker while this process held its writes. */
  readonly runs = { worker: 0, writer: 0, held: 0 };
  /** Takes the writer lock of this process's connection (db/sqlite-split.ts): resolves to its release. */
  private hold: (() => Promise<() => void>) | undefined;
  /** Set while a held checkpoint is asked for or running. */
  private holding = false;
  /** The worker's answers awaited, in the order asked (a worker answers its messages in order). */
  private readonly answers: (() => void)[] = [];

  constructor(private readonly file: string, private readonly writer: SQLite.Database, opts: CheckpointOptions = {}) {
    this.wal = `${file}-wal`;
    this.soft = opts.softBytes ?? 4 * 1024 * 1024;
    this.hard = opts.hardBytes ?? 16 * 1024 * 1024;
    this.every = opts.every ?? 32;
    writer.pragma('wal_autocheckpoint = 0');
    // The WAL file is cut back when the writer starts it over, so its size says how much it holds.
    writer.pragma('journal_size_limit = 0');
  }

  /** `hold()` takes this process's writer lock (asynchronously) and resolves to its release: see the top of the file. */
  holdWritesWith(hold: () => Promise<() => void>): void {
    this.hold = hold;
  }

  /** After a commit on the writer, with no transaction open on it. */
  committed(): void {
    if (this.closed || ++this.commits % this.every !== 0) return;
    let size: number;
    try {
      size = statSync(this.wal).size;
    } catch {
      return;
    }
    if (size < this.askedAt) this.askedAt = 0; // started over
    if (size >= this.hard && this.hold && size < 4 * this.hard) {
      if (!this.holding) void this.heldCheckpoint(this.hold);
    } else if (size >= this.hard && !this.writer.inTransaction) {
      this.writer.pragma('wal_checkpoint(PASSIVE)');
      this.runs.writer++;
    } else if (size - this.askedAt >= this.soft && !this.busy) {
      // Once per `softBytes` written, as often as SQLite's own checkpoint would run.
      this.busy = true;
      this.askedAt = size;
      void this.ask();
    }
  }

  /** Asks the worker for a passive checkpoint; resolves when it answered (or died, or after `timeoutMs`). */
  private ask(mode: 'PASSIVE' | 'TRUNCATE' = 'PASSIVE', timeoutMs = 10_000): Promise<void> {
    return new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, timeoutMs);
      timer.unref();
      this.answers.push(() => {
        clearTimeout(timer);
        resolve();
      });
      this.start().postMessage(mode);
    });
  }

  /**
   * With this process's writes held (the writer lock taken: no commit of this process can come in between), one
   * checkpoint by the worker, which then copies every frame and, once no other connection reads the WAL, starts it
   * over and cuts the file to nothing (`TRUNCATE`: on the worker too, where cutting back a 16 MiB file took the
   * committing event loop 6-16 ms). When another process writes or reads meanwhile, it does what it can as a passive
   * checkpoint, and the next commit starts the WAL over if every frame was copied. The lock is held for at most 2 s
   * (a worker whose syncs take longer: the writes go on, the WAL is started over later).
   */
  private async heldCheckpoint(hold: () => Promise<() => void>): Promise<void> {
    this.holding = true;
    try {
      const release = await hold();
      try {
        if (!this.closed) {
          await this.ask('TRUNCATE', 2_000);
          this.runs.held++;
        }
      } finally {
        release();
      }
    } finally {
      this.holding = false;
    }
  }

  private start(): Worker {
    if (!this.worker) {
      const module = createRequire(import.meta.url).resolve('better-sqlite3');
      const worker = new Worker(WORKER, { eval: true, workerData: { module, file: this.file } });
      worker.unref();
      worker.on('message', () => {
        this.busy = false;
        this.runs.worker++;
        this.answers.shift()?.();
      });
      // A worker that died leaves the checkpoints to the writer (hardBytes); the next one starts a new worker.
      worker.on('error', () => undefined);
      worker.on('exit', () => {
        if (this.worker === worker) this.worker = undefined;
        this.busy = false;
        for (const answered of this.answers.splice(0)) answered();
      });
      this.worker = worker;
    }
    return this.worker;
  }

  /**
   * Stops the worker: asked to close its connection and end, after the checkpoint it may be running. Not terminated:
   * `worker.terminate()` while the thread loads better-sqlite3 or runs one of its calls can abort the whole process
   * (better-sqlite3 13 on node-addon-api: `FATAL ERROR: Error::New napi_get_last_error_info`, SIGABRT; it took a CI run's
   * test process down once). It is terminated only if it has not ended 10 s later.
   */
  close(): void {
    this.closed = true;
    for (const answered of this.answers.splice(0)) answered();
    const worker = this.worker;
    this.worker = undefined;
    if (!worker) return;
    this.exit = new Promise<void>((resolve) => {
      const timer = setTimeout(() => void worker.terminate(), 10_000);
      timer.unref();
      worker.once('exit', () => {
        clearTimeout(timer);
        resolve();
      });
    });
    // Held (the thread was unref'd) until it ends, so a process awaiting `ended()` with nothing else to do keeps running
    // to see it: unheld, such a process left the promise unsettled (Node: "unsettled top-level await", exit code 13).
    worker.ref();
    worker.postMessage('close');
  }

  /**
   * Settles once the worker of a closed instance has ended (at once if it had none): its connection is closed then, so
   * the database's files are no longer touched (a caller removing them — a test's data folder — waits for it).
   */
  ended(): Promise<void> {
    return this.exit;
  }

  private exit: Promise<void> = Promise.resolve();
}

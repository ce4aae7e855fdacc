// SQLite checkpoints off the event loop. In WAL mode a commit appends pages to the WAL (no fsync with
// `synchronous = NORMAL`); a checkpoint copies them back into the database file and syncs both files. SQLite runs one
// automatically in the committing connection once the WAL holds 1,000 pages — on the event loop, blocking every
// request for its writes and two fsyncs (on a busy disk, tens of milliseconds every ~200 comment posts: most of the
// wall time a post's commit took in profiles, and its p99).
//
// Instead, the writer's automatic checkpoint is off and a worker thread with its own connection runs passive
// checkpoints (they never block the writer or readers) each time the WAL has grown by `softBytes`. A passive checkpoint cannot
// restart the WAL while commits keep coming (the writer restarts it only when every frame has been copied), so once
// the WAL passes `hardBytes` the writer runs one itself between two transactions: by then the worker has copied
// almost everything, so it copies little; the next commit then starts the WAL over (and cuts the file back:
// `journal_size_limit`). Durability is unchanged: the same
// commits, the same syncs (a checkpoint syncs the WAL before copying, as before), only on another thread.
import { statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type SQLite from 'better-sqlite3';

const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const SQLite = require(workerData.module);
const db = new SQLite(workerData.file);
parentPort.on('message', () => {
  let result;
  try { result = db.pragma('wal_checkpoint(PASSIVE)')[0]; } catch (err) { result = { error: String((err && err.message) || err) }; }
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
  /** Checkpoints run, for tests: by the worker and by the writer. */
  readonly runs = { worker: 0, writer: 0 };

  constructor(private readonly file: string, private readonly writer: SQLite.Database, opts: CheckpointOptions = {}) {
    this.wal = `${file}-wal`;
    this.soft = opts.softBytes ?? 4 * 1024 * 1024;
    this.hard = opts.hardBytes ?? 16 * 1024 * 1024;
    this.every = opts.every ?? 32;
    writer.pragma('wal_autocheckpoint = 0');
    // The WAL file is cut back when the writer starts it over, so its size says how much it holds.
    writer.pragma('journal_size_limit = 0');
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
    if (size >= this.hard && !this.writer.inTransaction) {
      this.writer.pragma('wal_checkpoint(PASSIVE)');
      this.runs.writer++;
    } else if (size - this.askedAt >= this.soft && !this.busy) {
      // Once per `softBytes` written, as often as SQLite's own checkpoint would run.
      this.busy = true;
      this.askedAt = size;
      this.start().postMessage(0);
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
      });
      // A worker that died leaves the checkpoints to the writer (hardBytes); the next one starts a new worker.
      worker.on('error', () => undefined);
      worker.on('exit', () => {
        if (this.worker === worker) this.worker = undefined;
        this.busy = false;
      });
      this.worker = worker;
    }
    return this.worker;
  }

  close(): void {
    this.closed = true;
    void this.worker?.terminate();
    this.worker = undefined;
  }
}

// Group commit: writes of many requests in one statement, one round trip and one commit (one WAL flush) for all of
// them. A write is handed to `add` and resolves with its own outcome once the statement holding it committed (or
// failed). While a statement is in flight, the writes that arrive wait for it to end and then go together in the next
// one: one request alone goes at once, without waiting; under load the statements grow with the load, up to `max`.
// What the statement does with each write is the caller's (`run`); it must treat the writes independently — a
// write whose conditions do not hold is left out and reported so, never failing the others — and it commits or fails
// as a whole (one statement is atomic), so a write acknowledged by it is durable and a failure leaves nothing.

import { atEndOfTurn } from './prepared.js';

interface Waiting<I, O> {
  item: I;
  resolve: (out: O) => void;
  reject: (err: unknown) => void;
}

export class GroupCommit<I, O> {
  private waiting: Waiting<I, O>[] = [];
  private inFlight = 0;
  /** Statements run and writes they held (for the benchmark and the tests). */
  readonly stats = { statements: 0, writes: 0 };

  constructor(
    /** Runs one statement for `items`, answering each item's outcome in order. */
    private readonly run: (items: I[]) => Promise<O[]>,
    /**
     * `gather: 'turn'`: a statement starts at the end of the current turn of the event loop rather than at once, so
     * that the writes reaching this point in one turn go together — for a database whose statements complete without
     * I/O (SQLite), where no statement is ever in flight when the next write arrives. Writes handed over by the
     * requests that the end of a turn resumed (db/prepared.ts `atEndOfTurn`: under load, every post once the
     * counters were read for it) go as soon as all of them have, in that same turn; until 2026-11-27 they waited for
     * the next turn (`setImmediate`), i.e. behind the whole next I/O phase.
     */
    private readonly opts: { max?: number; parallel?: number; gather?: 'turn' } = {},
  ) {}
  private scheduled = false;

  add(item: I): Promise<O> {
    return new Promise<O>((resolve, reject) => {
      this.waiting.push({ item, resolve, reject });
      this.pump();
    });
  }

  private pump(): void {
    if (this.opts.gather === 'turn' && this.inFlight === 0 && this.waiting.length > 0) {
      if (!this.scheduled) {
        this.scheduled = true;
        atEndOfTurn(() => {
          this.scheduled = false;
          this.flush();
        });
      }
      return;
    }
    this.flush();
  }

  private flush(): void {
    const parallel = this.opts.parallel ?? 1;
    while (this.inFlight < parallel && this.waiting.length > 0) {
      const batch = this.waiting.splice(0, this.opts.max ?? 64);
      this.inFlight++;
      this.stats.statements++;
      this.stats.writes += batch.length;
      let done: Promise<O[]>;
      try {
        done = this.run(batch.map((w) => w.item));
      } catch (err) {
        done = Promise.reject(err);
      }
      done
        .then(
          (outs) => batch.forEach((w, i) => w.resolve(outs[i] as O)),
          (err: unknown) => batch.forEach((w) => w.reject(err)),
        )
        .finally(() => {
          this.inFlight--;
          this.pump();
        });
    }
  }
}

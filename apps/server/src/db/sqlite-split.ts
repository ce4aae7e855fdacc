// SQLite with two connections to one WAL database file: a writer for transactions and writes, and a reader for
// every read made outside a transaction. Kysely's SQLite dialect has one connection and queues every query behind
// an open transaction, so one request committing a large page (whose transaction awaits the content worker pool,
// slices of index rows, blob writes) made every other request's reads wait for it. In WAL mode a reader sees the
// last committed state and never waits for the writer; writers still take turns (one writer lock, in order).
//
// A query goes to the reader when SQLite itself says the statement does not write (`Statement.readonly`), no
// transaction of this connection handle is open, and it is not a transaction command; everything else waits for the
// writer lock. A transaction holds the writer lock from `begin` to `commit`/`rollback`, so its own reads see its
// own writes.
//
// Every statement runs synchronously, and a transaction's awaits resolve without giving the event loop back: a
// large commit (a Git Sync import of 1,000 pages: thousands of rows of contents, nodes, index rows) held it for a
// second. So a transaction that has kept the loop for TRANSACTION_SLICE_MS gives it a turn (setImmediate) before its
// next statement: other requests' timers, I/O and reads run meanwhile (reads see the last committed state, as they
// do while a transaction awaits the content worker pool); writes still wait for the writer lock.
import SQLite from 'better-sqlite3';
import {
  CompiledQuery, SqliteAdapter, SqliteIntrospector, SqliteQueryCompiler, type DatabaseConnection, type Dialect, type Driver,
  type Kysely, type QueryCompiler, type QueryResult,
} from 'kysely';
import { setImmediate as turn } from 'node:timers/promises';
import { checkNotInTransaction } from './nested-transactions.js';

/** Prepares statements (the cache of one connection). */
export interface StatementSource {
  prepare(sql: string): SQLite.Statement;
  close(): void;
  /** Whether the connection has a transaction open (SQLite rolls one back by itself on some errors). */
  inTransaction?(): boolean;
}

/** The writer lock: one holder at a time, handed over in the order asked. */
class WriterLock {
  private tail: Promise<void> = Promise.resolve();
  acquire(): Promise<() => void> {
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const ready = this.tail.then(() => release);
    this.tail = this.tail.then(() => held);
    return ready;
  }
}

const quoteName = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Statements that may be reads (SQLite then says whether the statement writes). */
const MAYBE_READ = /^\s*(select|with|values)\b/i;

function run(source: StatementSource, query: CompiledQuery): QueryResult<unknown> {
  const stmt = source.prepare(query.sql);
  if (stmt.reader) return { rows: stmt.all(query.parameters as unknown[]) };
  const { changes, lastInsertRowid } = stmt.run(query.parameters as unknown[]);
  return {
    insertId: lastInsertRowid != null ? BigInt(lastInsertRowid) : undefined,
    numAffectedRows: changes != null ? BigInt(changes) : undefined,
    rows: [],
  };
}

/** A statement run at once: its rows (a read) or the number of rows it changed. */
function runDirect(source: StatementSource, sql: string, parameters: readonly unknown[]): { rows: unknown[]; changes: number } {
  const stmt = source.prepare(sql);
  if (stmt.reader) return { rows: stmt.all(parameters as unknown[]), changes: 0 };
  return { rows: [], changes: stmt.run(parameters as unknown[]).changes };
}

/**
 * How long a write waits in all for another connection's write lock on the file (a second process, a backup, a
 * `sqlite3` prompt holding a transaction), then fails with SQLITE_BUSY (a 503, db/failures.ts). The writer's own
 * busy_timeout is short (db/database.ts: SQLite's busy wait blocks the thread, and so every request of the process);
 * the rest of the wait is spent here between tries, with the event loop free.
 */
export const WRITE_LOCK_WAIT_MS = 5_000;

/** Runs `fn` (a statement that takes the file's write lock first: nothing applied when it is busy) until it is not busy. */
async function whenNotBusy<T>(fn: () => T): Promise<T> {
  const start = performance.now();
  for (let attempt = 0; ; attempt++) {
    try {
      return fn();
    } catch (err) {
      const code = (err as { code?: unknown }).code;
      if (typeof code !== 'string' || !code.startsWith('SQLITE_BUSY') || performance.now() - start > WRITE_LOCK_WAIT_MS) throw err;
      await new Promise((resolve) => setTimeout(resolve, Math.min(10 * 2 ** attempt, 200)));
    }
  }
}

/** How long a transaction may hold the event loop between two turns it gives it. */
export const TRANSACTION_SLICE_MS = 20;


class SplitConnection implements DatabaseConnection {
  /** Set while this handle holds the writer for a transaction. */
  release: (() => void) | undefined;
  /** When the transaction last gave the event loop a turn (or began). */
  sliceStart = 0;

  constructor(private readonly driver: SplitSqliteDriver) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    if (this.release) {
      if (performance.now() - this.sliceStart > TRANSACTION_SLICE_MS) {
        await turn();
        this.sliceStart = performance.now();
      }
      return run(this.driver.writer, query) as QueryResult<R>;
    }
    if (MAYBE_READ.test(query.sql) && this.driver.reader.prepare(query.sql).readonly) return run(this.driver.reader, query) as QueryResult<R>;
    // A write outside transactions waits for the writer: inside an open transaction of this database it would wait
    // for that transaction, which may be waiting for it (db/nested-transactions.ts).
    if (this.driver.owner) checkNotInTransaction(this.driver.owner, 'A write outside the transaction');
    const release = await this.driver.lock.acquire();
    try {
      // A statement outside a transaction: busy means it applied nothing, so it is tried again.
      return (await whenNotBusy(() => run(this.driver.writer, query))) as QueryResult<R>;
    } finally {
      release();
      this.driver.afterCommit?.();
    }
  }

  // eslint-disable-next-line require-yield
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('streaming queries are not used with SQLite');
  }
}

class SplitSqliteDriver implements Driver {
  readonly lock = new WriterLock();
  /** The database handle (`Kysely`) made on this driver, once made (db/nested-transactions.ts). */
  owner: object | undefined;
  /** The connection handle whose transaction holds the writer (one at a time). */
  open: SplitConnection | undefined;
  constructor(readonly writer: StatementSource, readonly reader: StatementSource, readonly afterCommit?: () => void) {}

  /**
   * Runs a statement of the transaction of `connection` at once if it is the one open (db/prepared.ts); undefined
   * otherwise, or when the transaction has held the event loop for its slice (Kysely's path then gives it a turn).
   */
  runInTransaction(connection: unknown, sql: string, parameters: readonly unknown[]): { rows: unknown[]; changes: number } | undefined {
    const c = this.open;
    if (!c || c !== connection || !c.release || performance.now() - c.sliceStart > TRANSACTION_SLICE_MS) return undefined;
    return runDirect(this.writer, sql, parameters);
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    return new SplitConnection(this);
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    const c = connection as SplitConnection;
    c.release = await this.lock.acquire();
    c.sliceStart = performance.now();
    this.open = c;
    try {
      // `begin immediate`: the file's write lock is taken here, where waiting for it (another process's writer) can
      // leave the event loop free between tries, rather than at the transaction's first write (a deferred `begin`),
      // where SQLite's busy wait blocked the thread — every request of the process — for up to 5 s. This process's
      // own transactions already take turns (the writer lock above), so nothing else changes for them.
      await whenNotBusy(() => run(this.writer, CompiledQuery.raw('begin immediate')));
      c.sliceStart = performance.now();
    } catch (err) {
      this.end(c);
      throw err;
    }
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    const c = connection as SplitConnection;
    if (performance.now() - c.sliceStart > TRANSACTION_SLICE_MS) await turn();
    try {
      run(this.writer, CompiledQuery.raw('commit'));
    } catch (err) {
      // A commit that failed may leave the transaction open (SQLITE_BUSY) or rolled back (SQLITE_FULL, an I/O
      // error): it is rolled back here, before the writer is handed on (Kysely's own rollback comes after an await).
      if (this.writer.inTransaction?.() !== false) {
        try { run(this.writer, CompiledQuery.raw('rollback')); } catch { /* rolled back already */ }
      }
      throw err;
    } finally {
      this.end(connection as SplitConnection);
    }
    this.afterCommit?.();
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    try {
      // On SQLITE_FULL, SQLITE_IOERR, SQLITE_NOMEM (and an interrupted or failed commit) SQLite has rolled the
      // transaction back already: a second rollback would fail ('cannot rollback - no transaction is active') and
      // that error, thrown in place of the one that failed the transaction, made the request a 500.
      if (this.writer.inTransaction?.() !== false) run(this.writer, CompiledQuery.raw('rollback'));
    } finally {
      this.end(connection as SplitConnection);
    }
  }

  async savepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`savepoint ${quoteName(name)}`));
  }

  async rollbackToSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`rollback to ${quoteName(name)}`));
  }

  async releaseSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`release ${quoteName(name)}`));
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    // A handle released with its transaction still open (never by Kysely) would keep the writer forever.
    const c = connection as SplitConnection;
    if (c.release) {
      try {
        run(this.writer, CompiledQuery.raw('rollback'));
      } finally {
        this.end(c);
      }
    }
  }

  private end(c: SplitConnection): void {
    const release = c.release;
    c.release = undefined;
    if (this.open === c) this.open = undefined;
    release?.();
  }

  async destroy(): Promise<void> {
    this.reader.close();
    this.writer.close();
  }
}

/** Several connection handles at once: the driver decides who waits for the writer. */
class SplitSqliteAdapter extends SqliteAdapter {
  override get supportsMultipleConnections(): boolean {
    return true;
  }
}

export class SplitSqliteDialect implements Dialect {
  /** The driver Kysely created (one per database handle). */
  driver: SplitSqliteDriver | undefined;
  /** `afterCommit`: called after each commit on the writer, with no transaction open (db/sqlite-checkpoints.ts). */
  constructor(private readonly writer: StatementSource, private readonly reader: StatementSource, private readonly afterCommit?: () => void) {}
  createDriver(): Driver {
    return (this.driver = new SplitSqliteDriver(this.writer, this.reader, this.afterCommit));
  }
  createQueryCompiler(): QueryCompiler {
    return new SqliteQueryCompiler();
  }
  createAdapter(): SqliteAdapter {
    return new SplitSqliteAdapter();
  }
  createIntrospector(db: Kysely<any>): SqliteIntrospector {
    return new SqliteIntrospector(db);
  }
}

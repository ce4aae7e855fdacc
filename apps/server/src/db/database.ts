// Opens the database chosen by configuration: PostgreSQL when DATABASE_URL is a postgres:// URL, otherwise an
// embedded SQLite file (WAL). Everything dialect-specific lives here and in dialect.ts.
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { Kysely, PostgresAdapter, PostgresDialect, type Compilable, type Transaction } from 'kysely';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { createRequire } from 'node:module';
import type { Database } from './schema.js';
import { declaredChanges, leaseCheckWanted, leasesHeld, memoRead, noteDataChange, noteLocalChange, noteWrite, PG_TRANSACTION_CHECK } from './read-cache.js';
import { createHash } from 'node:crypto';
import { AT_COMMIT, attachSqlite, NAMED_STATEMENT, PIPELINE, textTakesLiterals } from './prepared.js';
import { SplitSqliteDialect } from './sqlite-split.js';
import { SqliteCheckpoints, type CheckpointOptions } from './sqlite-checkpoints.js';
import { isConnectionLost } from './failures.js';
import { markTransactions } from './nested-transactions.js';

export type Dialect = 'sqlite' | 'postgres';
export type Db = Kysely<Database>;
export type Tx = Transaction<Database>;
/** A database handle or an open transaction: repositories accept either. */
export type DbOrTx = Kysely<Database>;

export interface OpenedDatabase {
  db: Db;
  dialect: Dialect;
  /** SQLite: the writing and the reading connection, for the synchronous counter reads of db/read-cache.ts. */
  sqlite?: { writer: SQLite.Database; reader: SQLite.Database };
  /** SQLite (a file): the checkpoints run off the event loop. */
  checkpoints?: SqliteCheckpoints;
  close(): Promise<void>;
}

/** PostgreSQL: how long a pooled connection's statement may wait for a lock, or run, and a request wait for a connection (ms; 0: no bound). */
export interface PgBounds {
  lockMs: number;
  statementMs: number;
  acquireMs: number;
}

export function isPostgresUrl(url: string | undefined): url is string {
  return !!url && /^postgres(ql)?:\/\//.test(url);
}

export function openDatabase(opts: {
  databaseUrl?: string;
  sqliteFile: string;
  poolSize?: number;
  checkpoints?: CheckpointOptions;
  /** PostgreSQL: an idle pooled connection failed (its server process was terminated, the network cut it). */
  onIdleError?: (err: Error) => void;
  /** PostgreSQL: bounds of every pooled connection's waits (absent: none, as for migrations). */
  bounds?: PgBounds;
}): OpenedDatabase {
  if (isPostgresUrl(opts.databaseUrl)) {
    // idleTimeoutMillis 0: idle connections stay open (at most `max`) instead of arming a timer on every release,
    // which pg-pool does once per query otherwise (a measurable share of the CPU under load).
    // The bounds: a statement waiting for a lock another session holds (lock_timeout: 55P03), a statement running
    // (statement_timeout: 57014), a request waiting for a free pooled connection or a new one (pg-pool's
    // connectionTimeoutMillis). Each fails the request with a 503 naming it (db/failures.ts) instead of waiting on:
    // a row locked from outside held every request on it, and once they filled the pool, every other tenant's too.
    const b = opts.bounds;
    const options = b ? `-c lock_timeout=${Math.max(0, Math.round(b.lockMs))} -c statement_timeout=${Math.max(0, Math.round(b.statementMs))}` : undefined;
    /** How every connection of this database is opened: the pool's, and the retries' own (`again` below). */
    const connection = { connectionString: opts.databaseUrl, ...(options ? { options } : {}), ...(b?.acquireMs ? { connectionTimeoutMillis: b.acquireMs } : {}) };
    const pool = new pg.Pool({ ...connection, max: opts.poolSize ?? 10, idleTimeoutMillis: 0 });
    // An idle connection that fails (pg_terminate_backend, a restarted or failed-over database, a cut network) is
    // dropped by the pool, which then emits 'error': without a listener that is an uncaught exception and the whole
    // process exited. The next query opens a new connection.
    pool.on('error', (err) => opts.onIdleError?.(err));
    // A read outside transactions whose pooled connection turned out lost is run once more on a connection of its
    // own, opened for it (`wrapClient`): not one of the pool's, whose idle ones may be lost too (terminated together,
    // not noticed yet), and whose slots may all be held by requests doing the same (they would wait on each other).
    const again = (args: unknown[]): Promise<unknown> => {
      const fresh = new pg.Client(connection);
      fresh.on('error', () => undefined);
      const run = fresh.connect().then(() => fresh.query(...(args as [string])));
      const end = () => fresh.end().catch(() => undefined);
      run.then(end, end);
      return run;
    };
    pool.on('connect', (client) => {
      // A connection in use when it fails emits 'error' on the client itself (pg-pool listens only while it is
      // idle): without this listener the process exited. The query in flight fails (503, http/errors.ts), its
      // transaction is rolled back by the database, and the pool drops the connection when it is released.
      client.on('error', () => undefined);
      wrapClient(client, again);
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    markTransactions(db);
    return { db, dialect: 'postgres', close: () => db.destroy() };
  }
  if (opts.sqliteFile !== ':memory:') mkdirSync(dirname(opts.sqliteFile), { recursive: true });
  const sqlite = new SQLite(opts.sqliteFile);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  // Short: SQLite's busy wait blocks the thread. Writes wait for another process's lock between tries instead
  // (db/sqlite-split.ts `whenNotBusy`, WRITE_LOCK_WAIT_MS).
  sqlite.pragma('busy_timeout = 50');
  // Reads outside transactions go to a second connection (db/sqlite-split.ts): in WAL mode they see the last
  // committed state and never wait behind another request's open transaction.
  const reader = new SQLite(opts.sqliteFile);
  reader.pragma('busy_timeout = 5000');
  reader.pragma('query_only = ON');
  // Checkpoints in a worker thread instead of on the event loop (db/sqlite-checkpoints.ts); none for a memory database.
  const checkpoints = opts.sqliteFile === ':memory:' ? undefined : new SqliteCheckpoints(opts.sqliteFile, sqlite, opts.checkpoints);
  const writes = withStatementCache(sqlite, 500, () => checkpoints?.close(), noteDataChange);
  const reads = withStatementCache(reader);
  const dialect = new SplitSqliteDialect(writes, reads, checkpoints && (() => checkpoints.committed()));
  const db = new Kysely<Database>({ dialect });
  // Past the hard size, the worker's checkpoint is made with this process's writes held (its writer lock).
  const driver = dialect.driver;
  markTransactions(db);
  if (driver) driver.owner = db;
  if (driver) checkpoints?.holdWritesWith(() => driver.lock.acquire());
  attachSqlite(db, {
    read: (sql, parameters) => memoRead(db, sql, parameters, () => reads.prepare(sql).all(parameters) as object[]),
    inTransaction: (connection, sql, parameters) => dialect.driver?.runInTransaction(connection, sql, parameters),
  });
  // Closed when the checkpoint worker has closed its connection too (it ends after the writer's close asked it to).
  const close = async () => {
    await db.destroy();
    await checkpoints?.ended();
  };
  return { db, dialect: 'sqlite', sqlite: { writer: sqlite, reader }, checkpoints, close };
}

/**
 * Kysely prepares every query anew; preparing is the largest single cost of a small query on SQLite. Reuse
 * prepared statements by SQL text (bounded, least recently used first out). Statements run synchronously, so a
 * cached one is never in use by two queries at once.
 */
function withStatementCache(sqlite: SQLite.Database, max = 500, beforeClose?: () => void, onChange?: () => void) {
  const cache = new Map<string, SQLite.Statement>();
  return {
    prepare(sql: string): SQLite.Statement {
      let stmt = cache.get(sql);
      if (stmt ? !stmt.readonly : sql === 'commit') noteWrite();
      // `onChange` (the writer): every statement that may change data, and every commit (COMMIT is "read-only").
      if (onChange && (stmt ? !stmt.readonly || sql === 'commit' : sql === 'commit')) onChange();
      if (stmt) {
        cache.delete(sql);
      } else {
        stmt = sqlite.prepare(sql);
        if (!stmt.readonly) {
          noteWrite();
          onChange?.();
        }
        if (cache.size >= max) cache.delete(cache.keys().next().value as string);
      }
      cache.set(sql, stmt);
      return stmt;
    },
    close(): void {
      beforeClose?.();
      cache.clear();
      sqlite.close();
    },
    inTransaction: () => sqlite.inTransaction,
  };
}

/** Statements that never write (a `with` writes only when it holds an insert, update or delete). */
const READ_ONLY = /^\s*(select|with|values|show|begin|start\s+transaction|savepoint|release|rollback)\b/i;
const WITH_WRITE = /^\s*with\b[\s\S]*\b(insert|update|delete)\b/i;
/**
 * A row-locking read (repos/locks.ts). It may wait for another transaction's commit: the counters the transaction's
 * check read before it (`PG_TRANSACTION_CHECK`) no longer describe what the transaction reads after it, so the check
 * is read again after the lock. The lock assigns the transaction an id without writing anything: that check's `wrote`
 * says what this wrapper knows (no statement that may write was sent), not `txid_current_if_assigned()`.
 */
const LOCKING = /\bfor\s+(update|no\s+key\s+update|share|key\s+share)\b/i;
const BEGIN = /^\s*(begin|start\s+transaction)\b/i;
const PLAIN_BEGIN = /^\s*begin\s*$/i;

/** node-postgres's own conversion of a parameter to its text form (not in its type declarations). */
const { prepareValue } = createRequire(import.meta.url)('pg/lib/utils.js') as { prepareValue(v: unknown): unknown };
const SAVEPOINT = /^\s*savepoint\b/i;
const COMMIT = /^\s*commit\s*$/i;
/** Whether the transaction moved the counters (migration 20261128T0100-read-cache-leases), its deferred bumps run first. */
const MOVED = 'set constraints all immediate;\nselect bindery_cache_moved() as moved';
const END = /^\s*(commit|rollback)\s*$/i;

/**
 * Runs a statement whose effect nothing later in its transaction reads — a counter moved with `x = x + d` — as late
 * as possible. On PostgreSQL, inside a transaction, it is sent in one message with the transaction's `commit`, so the
 * row lock it takes is held only while the database commits, never across a round trip to this process: posts of
 * comments on one space queued on the space row's lock for the whole round trip between their counter update and
 * their commit (on a busy event loop, most of the time they took). Elsewhere (SQLite has one writer; outside a
 * transaction) it runs at once. It resolves before it ran: its result (affected rows) is not known.
 */
export async function atCommit(db: DbOrTx, query: Compilable<unknown>): Promise<void> {
  const compiled = query.compile();
  const defer = db.isTransaction && db.getExecutor().adapter instanceof PostgresAdapter;
  await db.executeQuery(defer ? { ...compiled, sql: AT_COMMIT + compiled.sql } : compiled);
}

/**
 * A parameter written into SQL text as node-postgres would send it (`prepareValue`: its text form), quoted: an
 * untyped literal, which PostgreSQL types from its context exactly as it types an untyped parameter. Undefined
 * for what has no text form (binary data).
 */
function literal(v: unknown): string | undefined {
  const text = prepareValue(v);
  if (text === null || text === undefined) return 'null';
  return typeof text === 'string' ? pg.escapeLiteral(text) : undefined;
}

/** The statement with its parameters written in, or undefined when that cannot be done safely. */
function inline(text: string, values: unknown): string | undefined {
  if (!textTakesLiterals(text) || (values !== undefined && !Array.isArray(values))) return undefined;
  const params = (values ?? []) as unknown[];
  let ok = true;
  const out = text.replace(/\$(\d+)/g, (_m, n: string) => {
    const lit = Number(n) >= 1 && Number(n) <= params.length ? literal(params[Number(n) - 1]) : undefined;
    if (lit === undefined) ok = false;
    return lit ?? '';
  });
  return ok ? out : undefined;
}

/** The name of a statement marked `NAMED_STATEMENT`: derived from its text (node-postgres refuses one name for two texts). */
const statementNames = new Map<string, string>();
function statementName(text: string): string {
  let name = statementNames.get(text);
  if (!name) {
    name = `b_${createHash('sha256').update(text).digest('hex').slice(0, 24)}`;
    if (statementNames.size < 1000) statementNames.set(text, name);
  }
  return name;
}

/** Answers given without a round trip: a deferred statement (no command tag: no affected rows), a begin not sent yet. */
const DEFERRED = Object.freeze({ command: null, rowCount: null, rows: [], fields: [] });
const answer = (command: string) => Promise.resolve({ command, rowCount: null, rows: [], fields: [] });
/** A multi-statement simple query answers one result per statement: the last one's. */
const last = (r: unknown) => (Array.isArray(r) ? r[r.length - 1] : r);

/**
 * Reads made outside transactions, sent as one simple query (db/prepared.ts `pipelinedRead`): `reads` are their SQL
 * and parameters, each written in (`inline`; refused when one cannot be). Answers one list of rows per read, in
 * order. A simple query of several statements runs them one after the other, each with its own snapshot.
 */
function pipeline(query: (...args: unknown[]) => Promise<unknown>, reads: unknown): Promise<unknown> {
  const texts = Array.isArray(reads) ? reads.map((r: { sql: string; parameters: unknown }) => inline(r.sql, r.parameters)) : [];
  if (texts.length === 0 || texts.some((t) => t === undefined || !READ_ONLY.test(t) || WITH_WRITE.test(t))) {
    return Promise.reject(new Error('pipelined reads: a statement cannot be written in'));
  }
  return query(texts.join(';\n')).then((r) => {
    const results = (Array.isArray(r) ? r : [r]) as { rows: unknown[] }[];
    return { command: 'SELECT', rowCount: null, rows: results.map((x) => x.rows), fields: [] };
  });
}

/**
 * Wraps a PostgreSQL connection's `query`:
 * - tells the request caches (db/read-cache.ts) about every statement that may write, and every commit, so a request
 *   that changed something checks the invalidation counters again before its next cached read;
 * - sends a transaction's plain `begin` with its first statement (`begin; select …` as one simple query, the
 *   parameters written in when that can be done safely: `inline`), so it costs no round trip of its own; a
 *   transaction that ran nothing sends nothing. Once a connection has served the request caches' check of the
 *   invalidation counters (db/read-cache.ts, `PG_TRANSACTION_CHECK`; not before the migrations created them), the
 *   check goes with every `begin` of it and is answered from there while the transaction has sent no statement that
 *   may write: the counters as the transaction saw them at its start, before any write of its own (the check's
 *   conditions);
 * - keeps the statements marked by `atCommit` inside a transaction, and sends them with its `commit` as one simple
 *   query (`update …; commit`): one round trip, and their row locks are held only while the database commits. A
 *   failure among them fails the commit (the transaction is then rolled back). After a savepoint they run at once
 *   (a rollback to the savepoint would have to drop them).
 * Callback-style calls (never made by Kysely) pass through untouched.
 */
function wrapClient(client: pg.PoolClient, again: (args: unknown[]) => Promise<unknown>): void {
  const query = client.query.bind(client) as (...args: unknown[]) => Promise<unknown>;
  /** A read outside transactions: run once more on a new connection (`again`) when this one was lost (`retryable`). */
  const read = (...args: unknown[]): Promise<unknown> => query(...args).catch((err: unknown) => {
    if (!isConnectionLost(err) || !retryable(args[0])) throw err;
    return again(args);
  });
  let tx: { deferred: string[]; savepoint: boolean; beginPending: boolean; check?: unknown; wrote?: boolean; locked?: boolean } | undefined;
  /** Whether transactions on this connection check the counters (not before the migrations created them). */
  let checks = false;
  (client as unknown as { query: (...args: unknown[]) => unknown }).query = (text: unknown, ...rest: unknown[]) => {
    if (typeof text !== 'string' || rest.some((r) => typeof r === 'function')) return query(text, ...rest);
    if (text === PIPELINE) return pipeline(tx ? query : read, rest[0]);
    let autocommitWrite = false;
    if (!READ_ONLY.test(text) || WITH_WRITE.test(text)) {
      noteWrite();
      if (tx) tx.wrote = true;
      else if (leasesHeld() && !END.test(text) && !BEGIN.test(text) && !text.startsWith(AT_COMMIT)) {
        const keys = declaredChanges();
        if (keys) {
          // Outside requests, its effect on the caches declared (db/read-cache.ts `withKnownChanges`: the keys it logs,
          // no counter): the process keeps skipping, and the declaration updates or drops those keys once answered. A
          // failure may have committed or not: then as any other write.
          return (wrapped(text, ...rest) as Promise<unknown>).catch((err: unknown) => {
            noteLocalChange(true);
            throw err;
          });
        }
        // Outside a transaction it commits by itself. For a request, asked in the same message whether it moved the
        // counters (`inline`: one simple query is one implicit transaction — the write, its deferred bumps run by
        // `set constraints all immediate`, and the question commit together or not at all); a token's
        // `last_used_at` touch moves nothing, and then tells no other process. Otherwise taken as a change that did.
        const inlined = leaseCheckWanted() && !text.endsWith(NAMED_STATEMENT) && rest.length <= 1 ? inline(text, rest[0]) : undefined;
        if (inlined !== undefined) {
          return query(`${inlined};\n${MOVED}`).then((r) => {
            const results = Array.isArray(r) ? r : [r];
            // Moved nothing: no cached value depends on it, here either (see the commit below).
            if ((results.length === 3 ? (results[2] as { rows?: { moved?: boolean }[] }).rows?.[0]?.moved : undefined) !== false) noteLocalChange(true);
            return results[0];
          }, (err: unknown) => {
            noteLocalChange(true);
            throw err;
          });
        }
        autocommitWrite = true;
        noteLocalChange(true);
      }
    }
    if (autocommitWrite) {
      const sent = wrapped(text, ...rest);
      // Once more when it is answered (committed): a read of the counters started in between is not trusted.
      void (sent as Promise<unknown>).then(() => noteLocalChange(true), () => noteLocalChange(true));
      return sent;
    }
    return wrapped(text, ...rest);
  };
  const wrapped = (text: string, ...rest: unknown[]): unknown => {
    if (text === PG_TRANSACTION_CHECK) {
      if (tx?.check && !tx.wrote) return Promise.resolve(tx.check);
      checks = true;
      const t = tx;
      if (t?.locked && !t.wrote && !t.beginPending) {
        return (query(text, ...rest) as Promise<{ rows?: { wrote?: unknown }[] }>).then((r) => {
          const row = r.rows?.[0];
          if (row && !t.wrote) row.wrote = null;
          if (!t.wrote) t.check = r;
          return r;
        });
      }
    }
    const locking = tx !== undefined && LOCKING.test(text);
    if (tx && locking) {
      // Whatever the check read before this lock may be older than what the transaction reads after it.
      tx.check = undefined;
      tx.locked = true;
    }
    if (text.startsWith(AT_COMMIT) && tx && !tx.savepoint) {
      const sql = inline(text.slice(AT_COMMIT.length), rest[0]);
      if (sql !== undefined) {
        tx.deferred.push(sql);
        return Promise.resolve(DEFERRED);
      }
    }
    if (PLAIN_BEGIN.test(text)) {
      tx = { deferred: [], savepoint: false, beginPending: true };
      return answer('BEGIN');
    }
    if (BEGIN.test(text)) {
      tx = { deferred: [], savepoint: false, beginPending: false };
      return query(text, ...rest);
    }
    if (END.test(text)) {
      const t = tx;
      const commit = COMMIT.test(text);
      tx = undefined;
      if (t?.beginPending && (!commit || t.deferred.length === 0)) return answer(commit ? 'COMMIT' : 'ROLLBACK');
      const statements = [...(t?.beginPending ? ['begin'] : []), ...(commit ? t?.deferred ?? [] : [])];
      if (commit && t?.wrote && leasesHeld()) {
        // Leases (db/read-cache.ts): whether the transaction moved the counters, asked in the commit's message (its
        // deferred bumps run first), for a request; a commit ends this process's skipping once answered unless it was
        // asked and moved nothing — then no cached value of any process depends on what it changed (each one is
        // covered by a counter or a logged key: what tells the other processes tells this one).
        const ask = leaseCheckWanted();
        const sql = [...statements, ...(ask ? [MOVED] : []), text].join(';\n');
        return query(sql).then((r) => {
          const results = Array.isArray(r) ? r : [r];
          const moved = ask ? (results[results.length - 2] as { rows?: { moved?: boolean }[] } | undefined)?.rows?.[0]?.moved : undefined;
          if (!(ask && moved === false)) noteLocalChange(ask && moved !== false);
          return last(r);
        });
      }
      if (statements.length) return query(`${statements.join(';\n')};\n${text}`).then(last);
      return query(text, ...rest);
    }
    if (SAVEPOINT.test(text) && tx) tx.savepoint = true;
    if (tx?.beginPending) {
      tx.beginPending = false;
      const sql = inline(text, rest[0]);
      if (sql !== undefined && !checks) return query(`begin;\n${sql}`).then(last);
      if (sql !== undefined && locking) {
        // A locking first statement: the check goes after it in the same message (its own snapshot, taken once the
        // lock is held), so it still costs no round trip; `wrote` as the wrapper knows it (see LOCKING).
        const t = tx;
        return query(`begin;\n${sql};\n${PG_TRANSACTION_CHECK}`).then((r) => {
          if (!Array.isArray(r) || r.length !== 3) return last(r);
          const check = r[2] as { rows?: { wrote?: unknown }[] };
          const row = check.rows?.[0];
          if (row && !t.wrote) {
            row.wrote = null;
            t.check = check;
          }
          return r[1];
        });
      }
      if (sql !== undefined) {
        const t = tx;
        return query(`begin;\n${PG_TRANSACTION_CHECK};\n${sql}`).then((r) => {
          // Answers the transaction's check only while it has sent no statement that may write (`wrote`).
          if (Array.isArray(r) && r.length === 3) {
            t.check = r[1];
            return r[2];
          }
          return last(r);
        });
      }
      // Not written in: the begin first (node-postgres sends queued queries in order).
      query('begin').catch(() => undefined);
    }
    if (text.endsWith(NAMED_STATEMENT) && (rest[0] === undefined || Array.isArray(rest[0])) && rest.length <= 1) {
      return (tx ? query : read)({ name: statementName(text), text, values: rest[0] });
    }
    return (tx ? query : read)(text, ...rest);
  };
}

/** Functions a statement the READ_ONLY test passes may call that change something: such a statement is never run again. */
const SIDE_EFFECTS = /\b(pg_notify|pg_\w*advisory\w*|nextval|setval|set_config|pg_terminate_backend|pg_cancel_backend|pg_reload_conf|txid_current|bindery_cache_moved|lo_\w+|dblink\w*)\s*\(/i;

/**
 * Whether a read that failed because its connection was lost may run again (on a new connection): a statement
 * (or pipelined reads) that only reads, called only when it failed (nothing of it on the way of a read answered).
 */
function retryable(q: unknown): boolean {
  const text = typeof q === 'string' ? q : typeof q === 'object' && q !== null ? (q as { text?: unknown }).text : undefined;
  if (typeof text !== 'string' || SIDE_EFFECTS.test(text)) return false;
  return text.split(/;\s*\n/).every((t) => READ_ONLY.test(t) && !WITH_WRITE.test(t) && !BEGIN.test(t) && !END.test(t) && !SAVEPOINT.test(t) && !/^\s*(release|rollback)\b/i.test(t));
}

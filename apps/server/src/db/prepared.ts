// Queries built and compiled once. Kysely builds an operation tree and compiles it to SQL on every call, which on
// the hot reads of every request (the token, the space, the membership) cost more CPU than running them. A repo
// declares such a query once with named placeholders; the first run on a database compiles it, later runs only
// put the values in and execute the same SQL (SQLite's statement cache and PostgreSQL then see identical text).
import { createQueryId, PostgresAdapter, sql, type Compilable, type Kysely, type RawBuilder, type SelectQueryBuilder } from 'kysely';
import type { Database } from './schema.js';
import type { DbOrTx } from './database.js';

/** The marker of a statement that may wait for its transaction's commit (db/database.ts `atCommit`). */
export const AT_COMMIT = '/* at commit */ ';

/**
 * The marker (at the end of its SQL) of a PostgreSQL read sent as a named, server-side prepared statement
 * (db/database.ts `wrapClient`): parsed and planned once per connection, then only bound and executed. For reads
 * whose planning costs more than running them (full-text search: `to_tsquery` folded, GIN and tsvector selectivity
 * estimates, ~0.7 ms of the database's CPU against ~0.2 ms to run on a small index). Only for statements that name
 * their columns: a prepared `select *` fails with "cached plan must not change result type" once a migration adds a
 * column to its table, in every process still running the old statement.
 */
export const NAMED_STATEMENT = ' /* named statement */';

const PLACEHOLDER = Symbol('prepared query placeholder');
interface Placeholder {
  readonly [PLACEHOLDER]: string;
}
const isPlaceholder = (v: unknown): v is Placeholder => typeof v === 'object' && v !== null && PLACEHOLDER in v;

interface Template {
  sql: string;
  query: ReturnType<Compilable<unknown>['compile']>['query'];
  /** Per placeholder of the SQL: the name of the argument, or a constant the builder put there. */
  slots: ({ arg: string } | { value: unknown })[];
}

/** The template of a query for one dialect adapter, compiled on its first run. */
function templateOf<A extends Record<string, unknown>>(
  build: (db: Kysely<Database>, args: A) => Compilable<unknown>,
): (db: DbOrTx) => Template {
  // One template per dialect adapter (a transaction shares its database's adapter).
  const templates = new WeakMap<object, Template>();
  const placeholders = new Proxy({} as A, { get: (_t, name) => ({ [PLACEHOLDER]: String(name) }) });
  return (db) => {
    const adapter = db.getExecutor().adapter;
    let t = templates.get(adapter);
    if (!t) {
      const c = build(db, placeholders).compile();
      t = { sql: c.sql, query: c.query, slots: c.parameters.map((v) => (isPlaceholder(v) ? { arg: v[PLACEHOLDER] } : { value: v })) };
      templates.set(adapter, t);
    }
    return t;
  };
}

const parametersOf = (t: Template, args: Record<string, unknown>) => t.slots.map((s) => ('arg' in s ? args[s.arg] : s.value));

/**
 * `prepared((db, p) => db.selectFrom('spaces').selectAll().where('id', '=', p.id))` returns `run(db, { id })`,
 * resolving to the rows. For reads (a select). The builder must use the arguments only as single values (never to
 * choose tables, columns, lists or the shape of the query), since it runs once per database dialect.
 */
export function prepared<A extends Record<string, unknown>, R>(
  build: (db: Kysely<Database>, args: A) => Compilable<R>,
): (db: DbOrTx, args: A) => Promise<R[]> {
  const template = templateOf(build);
  return async (db, args) => {
    const t = template(db);
    const parameters = parametersOf(t, args);
    const direct = sqliteDirect.get(db.getExecutor().adapter);
    if (direct) {
      // SQLite outside a transaction: run it at once on the reading connection (what Kysely would run, without its
      // queue); inside the open transaction, on the writer (see attachSqlite).
      if (!db.isTransaction) return direct.read(t.sql, parameters) as R[];
      const r = direct.inTransaction(await connectionOf(db), t.sql, parameters);
      if (r) return r.rows as R[];
    }
    if (db.isTransaction || !(db.getExecutor().adapter instanceof PostgresAdapter)) {
      return (await db.executeQuery<R>({ sql: t.sql, query: t.query, parameters, queryId: createQueryId() })).rows;
    }
    // A named statement is planned once per connection: written into a simple query it would be planned every time.
    const run = t.sql.endsWith(NAMED_STATEMENT)
      ? async () => (await db.executeQuery<R>({ sql: t.sql, query: t.query, parameters, queryId: createQueryId() })).rows
      : () => pipelinedRead<R>(db, t, parameters);
    return shareRead(db, t.sql, parameters, run);
  };
}

/**
 * A read whose text is built per call (`sql` with a shape that varies, e.g. full-text search), run as `prepared` runs
 * reads where that needs no template: on SQLite outside a transaction, at once on the reading connection and through
 * the memo of reads (db/read-cache.ts `memoRead`: answered from memory while the database has not changed since the
 * request's counter read — any commit anywhere empties it); elsewhere through Kysely as `query.execute` would.
 */
export async function readSql<R>(db: DbOrTx, query: RawBuilder<R>): Promise<R[]> {
  const direct = db.isTransaction ? undefined : sqliteDirect.get(db.getExecutor().adapter);
  if (direct) {
    const c = query.compile(db);
    return direct.read(c.sql, c.parameters) as R[];
  }
  return (await query.execute(db)).rows;
}

/**
 * `readSql` for a query built with Kysely (`db.selectFrom(…)`, whose shape varies): on SQLite outside a transaction
 * through the memo of reads, elsewhere as `query.execute()`.
 */
export async function readQuery<R>(db: DbOrTx, query: Compilable<R> & { execute(): Promise<R[]> }): Promise<R[]> {
  const direct = db.isTransaction ? undefined : sqliteDirect.get(db.getExecutor().adapter);
  if (direct) {
    const c = query.compile();
    return direct.read(c.sql, c.parameters) as R[];
  }
  return query.execute();
}

/**
 * The end of the current turn of the event loop: one `setImmediate` shared by every caller until it runs (after the
 * I/O phase has handed every request it read to the pipeline). db/read-cache.ts schedules its counter reads there.
 */
let turn: Promise<void> | undefined;
/** True while the continuations of an end of turn run (until the microtask queue has run out after it). */
let turnEnding = false;
const resolved = Promise.resolve();
export function endOfTurn(): Promise<void> {
  return (turn ??= new Promise<void>((resolve) => {
    setImmediate(() => {
      turn = undefined;
      turnEnding = true;
      resolve();
      resolved.then(() => process.nextTick(() => {
        turnEnding = false;
      }));
    });
  }));
}

/**
 * Runs `fn` once everything the current end of turn resumes has run: when called from the continuations of an end of
 * turn (`endOfTurn`: every request resumed by the counters' read), as soon as the microtask queue has run out —
 * each of them has reached the point where it waits for I/O or for `fn` by then —, otherwise after the next end of
 * turn, the same way. What those requests hand over meanwhile (reads to pipeline, posts to commit) goes together.
 */
export function atEndOfTurn(fn: () => void): void {
  const flush = () => resolved.then(() => process.nextTick(fn));
  if (turnEnding) flush();
  else endOfTurn().then(flush);
}

/** The text db/database.ts recognises as reads to send as one simple query: the reads are its parameters. */
export const PIPELINE = '/* pipelined reads */';
/** At most this many reads in one pipelined query. */
const MAX_PIPELINE = 16;

/** Pipelined queries sent, reads they answered, and queries refused or failed (their reads then made alone). */
export const pipelineStats = { queries: 0, reads: 0, fallbacks: 0 };

interface PipelinedRead {
  sql: string;
  query: Template['query'];
  parameters: readonly unknown[];
  resolve(rows: unknown[]): void;
  reject(error: unknown): void;
}
const pipelines = new WeakMap<object, PipelinedRead[]>();

/**
 * PostgreSQL: a prepared read outside transactions, sent at the end of the turn of the event loop together with the
 * other reads made until then (one multi-statement simple query, their parameters written in as db/database.ts
 * `inline` writes them: one round trip for all of them). Under load, the reads of the requests resumed by one answer
 * (a batch of spaces by id) go with the next read of the invalidation counters, which db/read-cache.ts makes at the
 * end of the same turn. Each read is sent after its call, as its own would have been; in a simple query each
 * statement takes its own snapshot (read committed), so each sees what committed before it started. When the
 * statements cannot be written in, or the query fails, each read is made on its own instead.
 */
function pipelinedRead<R>(db: DbOrTx, t: Template, parameters: readonly unknown[]): Promise<R[]> {
  let queue = pipelines.get(db);
  if (!queue) {
    const q: PipelinedRead[] = (queue = []);
    pipelines.set(db, q);
    // After the microtask queue has run out: every read made by the continuations of this point is in the queue.
    atEndOfTurn(() => sendPipeline(db, q));
  }
  const q = queue;
  return new Promise<R[]>((resolve, reject) => {
    q.push({ sql: t.sql, query: t.query, parameters, resolve: resolve as (rows: unknown[]) => void, reject });
  });
}

/**
 * Whether parameters may be written into statement `text` (db/database.ts `inline`): Kysely's SQL quotes identifiers
 * only, so a string literal or a dollar quote (`$$`, `$tag$`) in the text itself could hold a `$1`.
 */
export const textTakesLiterals = (text: string): boolean => !text.includes("'") && !/\$(\$|[A-Za-z_])/.test(text);

/** Whether db/database.ts `inline` may write the read's parameters in (bytes have no literal there). */
const writtenIn = (r: PipelinedRead) => textTakesLiterals(r.sql) && !r.parameters.some((p) => p instanceof Uint8Array);

const runAlone = (db: DbOrTx, r: PipelinedRead) =>
  db.executeQuery({ sql: r.sql, query: r.query, parameters: r.parameters, queryId: createQueryId() }).then((x) => r.resolve(x.rows as unknown[]), r.reject);

function sendPipeline(db: DbOrTx, queue: PipelinedRead[]): void {
  if (pipelines.get(db) === queue) pipelines.delete(db);
  for (let i = 0; i < queue.length; i += MAX_PIPELINE) {
    // One read alone goes the same way: one simple query (one message each way, no parse/bind/describe/execute), its
    // parameters written in — the counters' read of a turn that has nothing else to send.
    const chunk = queue.slice(i, i + MAX_PIPELINE);
    if (chunk.length === 1 && !writtenIn(chunk[0]!)) {
      runAlone(db, chunk[0]!);
      continue;
    }
    db.executeQuery<unknown[]>({
      sql: PIPELINE, query: chunk[0]!.query, queryId: createQueryId(),
      parameters: chunk.map((r) => ({ sql: r.sql, parameters: r.parameters })),
    }).then((result) => {
      if (result.rows.length !== chunk.length) throw new Error('pipelined reads: one result per statement expected');
      pipelineStats.queries++;
      pipelineStats.reads += chunk.length;
      chunk.forEach((r, j) => r.resolve(result.rows[j]!));
    }).catch(() => {
      pipelineStats.fallbacks++;
      for (const r of chunk) runAlone(db, r);
    });
  }
}

/** Callers of one key waiting for a batch (`preparedByKey`). */
interface Waiter {
  resolve(rows: unknown[]): void;
  reject(error: unknown): void;
}

/** At most this many keys per batched statement; the next calls start another batch. */
const MAX_BATCH = 256;

/**
 * `preparedByKey((db) => db.selectFrom('spaces').selectAll(), 'id')` returns `run(db, key)`, resolving to the rows
 * whose `column` equals `key` (a text column): a read by id, prepared like `prepared`. On PostgreSQL outside
 * transactions, the calls made in one run of the microtask queue (e.g. every request resumed by the same answer of
 * the invalidation counters) are sent as one statement, `where column = any($1)`, once that run is over: one round
 * trip for the requests of a turn that read different rows (one key alone goes as the plain statement, through
 * `shareRead`). Freshness is that of a read per call: the statement is sent after every call it answers was made,
 * and a call made later joins a later statement. SQLite (synchronous, memoised per turn) and transactions run the
 * plain statement. `keyOf` gives a row's key (default: the property `column` names). Each caller gets its own row
 * objects.
 */
export function preparedByKey<R extends object>(
  build: (db: Kysely<Database>) => SelectQueryBuilder<Database, never, R>,
  column: string,
  keyOf: (row: R) => unknown = (row) => (row as Record<string, unknown>)[column],
): (db: DbOrTx, key: string) => Promise<R[]> {
  const one = prepared((db, p: { key: string }) => build(db).where(sql.ref(column), '=', p.key));
  const many = templateOf((db, p: { keys: string[] }) => build(db).where(sql.ref(column), '=', sql`any(${p.keys})`));
  const pending = new WeakMap<object, Map<string, Waiter[]>>();
  const dispatch = (db: DbOrTx, batch: Map<string, Waiter[]>) => {
    if (pending.get(db) === batch) pending.delete(db);
    const settle = (rows: R[]) => {
      const byKey = new Map<string, R[]>();
      for (const row of rows) {
        const k = String(keyOf(row));
        const list = byKey.get(k);
        if (list) list.push(row);
        else byKey.set(k, [row]);
      }
      for (const [k, waiters] of batch) {
        const found = byKey.get(k) ?? [];
        // The first caller takes the rows as read, the others copies (the columns are strings, numbers and nulls).
        waiters.forEach((w, i) => w.resolve(i === 0 ? found : found.map((r) => ({ ...r }))));
      }
    };
    const fail = (e: unknown) => {
      for (const waiters of batch.values()) for (const w of waiters) w.reject(e);
    };
    if (batch.size === 1) {
      one(db, { key: batch.keys().next().value as string }).then(settle, fail);
      return;
    }
    let t: Template;
    try {
      t = many(db);
    } catch (e) {
      fail(e);
      return;
    }
    pipelinedRead<R>(db, t, parametersOf(t, { keys: [...batch.keys()] })).then(settle, fail);
  };
  return (db, key) => {
    if (db.isTransaction || !(db.getExecutor().adapter instanceof PostgresAdapter)) return one(db, { key });
    let batch = pending.get(db);
    if (!batch || batch.size >= MAX_BATCH) {
      const b = (batch = new Map());
      pending.set(db, b);
      // After the microtask queue has run out (DataLoader's scheduling): every call made meanwhile is in the batch.
      resolved.then(() => process.nextTick(() => dispatch(db, b)));
    }
    const b = batch;
    return new Promise<R[]>((resolve, reject) => {
      const waiters = b.get(key);
      const w = { resolve: resolve as (rows: unknown[]) => void, reject };
      if (waiters) waiters.push(w);
      else b.set(key, [w]);
    });
  };
}

/** A read outside transactions running on a database (PostgreSQL: a round trip), and the one to start after it. */
interface Flight {
  running: Promise<readonly unknown[]>;
  next?: Promise<unknown[]>;
}
const flights = new WeakMap<object, Map<string, Flight>>();

/**
 * Identical reads (same SQL, same parameters) outside transactions share round trips, never freshness: a read
 * that finds the same read running does not join it (it may have started before the caller arrived, and miss what
 * committed since); it waits for it and joins the *next* one, which starts when the running one ends and is shared
 * by every identical read made until then. Each caller's read so started after the caller's call, as its own read
 * would have. Under load, concurrent reads of one row (a space read by many requests) make one round trip per
 * round trip instead of one each. A read that finds none running starts at once. Each caller gets its own row
 * objects (shallow copies: the columns are strings, numbers and nulls).
 */
function shareRead<R>(db: DbOrTx, sql: string, parameters: readonly unknown[], run: () => Promise<R[]>): Promise<R[]> {
  let key: string;
  try {
    key = `${sql}\u0000${JSON.stringify(parameters)}`;
  } catch {
    return run();
  }
  let map = flights.get(db);
  if (!map) flights.set(db, (map = new Map()));
  const flight = map.get(key);
  if (!flight) return start(map, key, run);
  const m = map;
  flight.next ??= flight.running.then(noop, noop).then(() => start(m, key, run) as Promise<unknown[]>);
  return flight.next.then((rows) => rows.map((r) => ({ ...(r as object) })) as R[]);
}

function start<R>(map: Map<string, Flight>, key: string, run: () => Promise<R[]>): Promise<R[]> {
  const running = run();
  const flight: Flight = { running };
  map.set(key, flight);
  const done = () => {
    if (map.get(key) === flight) map.delete(key);
  };
  running.then(done, done);
  return running;
}

const noop = () => undefined;

/**
 * `preparedWrite((db, p) => db.insertInto('comments').values({ id: p.id, … }))` returns `run(db, args)`, resolving
 * to the number of rows changed: an insert, update or delete built and compiled once per dialect (the same rules as
 * `prepared`). On SQLite inside the open transaction it runs at once on the writer. `atCommit`: a statement whose
 * effect nothing later in its transaction reads (a counter), run as db/database.ts `atCommit` runs it — with the
 * commit on PostgreSQL (the number of rows is then unknown: undefined).
 */
export function preparedWrite<A extends Record<string, unknown>>(
  build: (db: Kysely<Database>, args: A) => Compilable<unknown>,
  opts: { atCommit?: boolean } = {},
): (db: DbOrTx, args: A) => Promise<number | undefined> {
  const template = templateOf(build);
  return async (db, args) => {
    const t = template(db);
    const parameters = parametersOf(t, args);
    const adapter = db.getExecutor().adapter;
    const direct = db.isTransaction ? sqliteDirect.get(adapter) : undefined;
    if (direct) {
      const r = direct.inTransaction(await connectionOf(db), t.sql, parameters);
      if (r) return r.changes;
    }
    const defer = opts.atCommit && db.isTransaction && adapter instanceof PostgresAdapter;
    const result = await db.executeQuery({ sql: defer ? AT_COMMIT + t.sql : t.sql, query: t.query, parameters, queryId: createQueryId() });
    return result.numAffectedRows === undefined ? undefined : Number(result.numAffectedRows);
  };
}

/** A statement run directly on SQLite. */
export interface DirectResult {
  rows: unknown[];
  changes: number;
}

interface SqliteDirect {
  /** A read outside transactions, on the reading connection (it sees the last committed state). */
  read(sql: string, parameters: readonly unknown[]): unknown[];
  /**
   * A statement of the transaction whose connection is `connection`, run at once when that transaction is the one
   * open on the writer; undefined when it must go through Kysely (not open — Kysely then refuses a finished
   * transaction as usual —, or it has held the event loop for its slice and must give it a turn first).
   */
  inTransaction(connection: unknown, sql: string, parameters: readonly unknown[]): DirectResult | undefined;
}
const sqliteDirect = new WeakMap<object, SqliteDirect>();

/** The connection of a transaction (Kysely's own way to reach it: it refuses a committed or rolled-back one). */
const connections = new WeakMap<object, Promise<unknown>>();
function connectionOf(tx: DbOrTx): Promise<unknown> {
  let c = connections.get(tx);
  if (!c) {
    c = tx.getExecutor().provideConnection(async (connection) => connection);
    c.catch(() => undefined);
    connections.set(tx, c);
  }
  return c;
}

/**
 * SQLite runs statements synchronously, so a prepared statement cannot interleave with anything: a read made
 * outside transactions runs directly on the reading connection, and a statement of a transaction (only one is open
 * at a time: it holds the writer, db/sqlite-split.ts) directly on the writer, skipping Kysely's connection queue
 * and its promise hops. Keyed by the database's adapter, which its transactions share.
 */
export function attachSqlite(db: Kysely<Database>, direct: SqliteDirect): void {
  sqliteDirect.set(db.getExecutor().adapter, direct);
}

// Queries built and compiled once. Kysely builds an operation tree and compiles it to SQL on every call, which on
// the hot reads of every request (the token, the space, the membership) cost more CPU than running them. A repo
// declares such a query once with named placeholders; the first run on a database compiles it, later runs only
// put the values in and execute the same SQL (SQLite's statement cache and PostgreSQL then see identical text).
import { createQueryId, type Compilable, type Kysely } from 'kysely';
import type { Database } from './schema.js';
import type { DbOrTx } from './database.js';

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

/**
 * `prepared((db, p) => db.selectFrom('spaces').selectAll().where('id', '=', p.id))` returns `run(db, { id })`,
 * resolving to the rows. For reads (a select). The builder must use the arguments only as single values (never to
 * choose tables, columns, lists or the shape of the query), since it runs once per database dialect.
 */
export function prepared<A extends Record<string, unknown>, R>(
  build: (db: Kysely<Database>, args: A) => Compilable<R>,
): (db: DbOrTx, args: A) => Promise<R[]> {
  // One template per dialect adapter (a transaction shares its database's adapter).
  const templates = new WeakMap<object, Template>();
  const placeholders = new Proxy({} as A, { get: (_t, name) => ({ [PLACEHOLDER]: String(name) }) });
  return async (db, args) => {
    const adapter = db.getExecutor().adapter;
    let t = templates.get(adapter);
    if (!t) {
      const c = build(db, placeholders).compile();
      t = { sql: c.sql, query: c.query, slots: c.parameters.map((v) => (isPlaceholder(v) ? { arg: v[PLACEHOLDER] } : { value: v })) };
      templates.set(adapter, t);
    }
    const parameters = t.slots.map((s) => ('arg' in s ? args[s.arg] : s.value));
    // SQLite with no transaction open on the connection: run it at once (what Kysely would run, without its queue).
    const direct = sqliteReads.get(db);
    if (direct && !direct.busy()) return direct.all(t.sql, parameters) as R[];
    const result = await db.executeQuery<R>({ sql: t.sql, query: t.query, parameters, queryId: createQueryId() });
    return result.rows;
  };
}

interface SqliteReads {
  /** A transaction is open on the connection (a read now would see its uncommitted rows): queue behind it. */
  busy(): boolean;
  all(sql: string, parameters: readonly unknown[]): unknown[];
}
const sqliteReads = new WeakMap<object, SqliteReads>();

/**
 * SQLite runs statements synchronously on one connection, so a prepared read made while no transaction is open
 * cannot interleave with anything: it runs directly, skipping Kysely's connection queue (the database handle only;
 * transactions keep going through Kysely).
 */
export function attachSqliteReads(db: Kysely<Database>, reads: SqliteReads): void {
  sqliteReads.set(db, reads);
}

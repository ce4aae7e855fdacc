// Opens the database chosen by configuration: PostgreSQL when DATABASE_URL is a postgres:// URL, otherwise an
// embedded SQLite file (WAL). Everything dialect-specific lives here and in dialect.ts.
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { Kysely, PostgresDialect, type Transaction } from 'kysely';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import type { Database } from './schema.js';
import { noteWrite } from './read-cache.js';
import { attachSqliteReads } from './prepared.js';
import { SplitSqliteDialect } from './sqlite-split.js';

export type Dialect = 'sqlite' | 'postgres';
export type Db = Kysely<Database>;
export type Tx = Transaction<Database>;
/** A database handle or an open transaction: repositories accept either. */
export type DbOrTx = Kysely<Database>;

export interface OpenedDatabase {
  db: Db;
  dialect: Dialect;
  /** SQLite: the reading connection, for the synchronous reads of db/read-cache.ts. */
  sqlite?: SQLite.Database;
  close(): Promise<void>;
}

export function isPostgresUrl(url: string | undefined): url is string {
  return !!url && /^postgres(ql)?:\/\//.test(url);
}

export function openDatabase(opts: { databaseUrl?: string; sqliteFile: string; poolSize?: number }): OpenedDatabase {
  if (isPostgresUrl(opts.databaseUrl)) {
    // idleTimeoutMillis 0: idle connections stay open (at most `max`) instead of arming a timer on every release,
    // which pg-pool does once per query otherwise (a measurable share of the CPU under load).
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: opts.poolSize ?? 10, idleTimeoutMillis: 0 });
    pool.on('connect', (client) => noticeWrites(client));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, dialect: 'postgres', close: () => db.destroy() };
  }
  if (opts.sqliteFile !== ':memory:') mkdirSync(dirname(opts.sqliteFile), { recursive: true });
  const sqlite = new SQLite(opts.sqliteFile);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // Reads outside transactions go to a second connection (db/sqlite-split.ts): in WAL mode they see the last
  // committed state and never wait behind another request's open transaction.
  const reader = new SQLite(opts.sqliteFile);
  reader.pragma('busy_timeout = 5000');
  reader.pragma('query_only = ON');
  const writes = withStatementCache(sqlite);
  const reads = withStatementCache(reader);
  const db = new Kysely<Database>({ dialect: new SplitSqliteDialect(writes, reads) });
  attachSqliteReads(db, { busy: () => false, all: (sql, parameters) => reads.prepare(sql).all(parameters) });
  return { db, dialect: 'sqlite', sqlite: reader, close: () => db.destroy() };
}

/**
 * Kysely prepares every query anew; preparing is the largest single cost of a small query on SQLite. Reuse
 * prepared statements by SQL text (bounded, least recently used first out). Statements run synchronously, so a
 * cached one is never in use by two queries at once.
 */
function withStatementCache(sqlite: SQLite.Database, max = 500) {
  const cache = new Map<string, SQLite.Statement>();
  return {
    prepare(sql: string): SQLite.Statement {
      let stmt = cache.get(sql);
      if (stmt ? !stmt.readonly : sql === 'commit') noteWrite();
      if (stmt) {
        cache.delete(sql);
      } else {
        stmt = sqlite.prepare(sql);
        if (!stmt.readonly) noteWrite();
        if (cache.size >= max) cache.delete(cache.keys().next().value as string);
      }
      cache.set(sql, stmt);
      return stmt;
    },
    close(): void {
      cache.clear();
      sqlite.close();
    },
  };
}

/** Statements that never write (a `with` writes only when it holds an insert, update or delete). */
const READ_ONLY = /^\s*(select|values|show|begin|start\s+transaction|savepoint|release|rollback)\b/i;
const WITH_WRITE = /^\s*with\b[\s\S]*\b(insert|update|delete)\b/i;

/**
 * Tells the request caches (db/read-cache.ts) about every statement of a PostgreSQL connection that may write,
 * and every commit, so a request that changed something checks the invalidation counters again before its next
 * cached read.
 */
function noticeWrites(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as unknown as { query: (...args: unknown[]) => unknown }).query = (text: unknown, ...rest: unknown[]) => {
    if (typeof text === 'string' && (!READ_ONLY.test(text) || WITH_WRITE.test(text))) noteWrite();
    return query(text, ...rest);
  };
}

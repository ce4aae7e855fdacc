// The few places where SQLite and PostgreSQL differ, in one file.
import { PostgresAdapter, sql, type Expression, type Kysely, type RawBuilder } from 'kysely';
import type { Dialect } from './database.js';

/** Case-insensitive "contains" on a text expression; `needle` is escaped for LIKE. */
export function containsInsensitive(expr: Expression<string | null>, needle: string): RawBuilder<boolean> {
  const escaped = needle.toLowerCase().replace(/[\\%_]/g, (c) => '\\' + c);
  return sql<boolean>`lower(${expr}) like ${'%' + escaped + '%'} escape '\\'`;
}

/** Whether an error is a unique-constraint violation, on either dialect. */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; message?: string } | undefined;
  if (!e) return false;
  return e.code === '23505' || e.code === 'SQLITE_CONSTRAINT_UNIQUE' || e.code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/** Row lock for read-modify-write inside a transaction (SQLite serialises writers, so it needs none). */
export function forUpdate(dialect: Dialect): RawBuilder<unknown> {
  return dialect === 'postgres' ? sql` for update` : sql``;
}

export const bool = (b: boolean | undefined | null): 0 | 1 => (b ? 1 : 0);

/** The dialect of an open database (migrations receive only the Kysely instance). */
export function dialectOf(db: Kysely<any>): Dialect {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}

/**
 * The column type of fractional sort keys: they must compare byte by byte (ASCII order). SQLite's default
 * collation is binary; PostgreSQL's follows the database locale, so the column is declared `collate "C"`.
 */
export function sortKeyType(dialect: Dialect): RawBuilder<unknown> {
  return dialect === 'postgres' ? sql`text collate "C"` : sql`text`;
}

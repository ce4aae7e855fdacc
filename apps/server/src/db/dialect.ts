// The few places where SQLite and PostgreSQL differ, in one file.
import { sql, type RawBuilder, type Expression } from 'kysely';
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

// Faults injected in the database for tests: a write that fails inside the database, as a worker dying there would.
import { sql } from 'kysely';
import type { TestServer } from './index.js';

/**
 * Makes the database refuse to mark row `id` of `table` completed (`status = 'completed'`), on SQLite and PostgreSQL,
 * until the answered function removes the fault (call it in a `finally`).
 */
export async function failWhenCompleted(server: TestServer, table: string, id: string): Promise<() => Promise<void>> {
  const db = server.ctx.db;
  const pg = server.ctx.dialect === 'postgres';
  const name = `bindery_test_fail_${table}`;
  if (pg) {
    await sql.raw(`create or replace function ${name}() returns trigger language plpgsql as $$ begin
      if new.id = '${id}' and new.status = 'completed' then raise exception 'injected fault'; end if; return new; end $$`).execute(db);
    await sql.raw(`create trigger ${name} before update on ${table} for each row execute function ${name}()`).execute(db);
  } else {
    await sql.raw(`create trigger ${name} before update on ${table} when new.id = '${id}' and new.status = 'completed' begin select raise(abort, 'injected fault'); end`).execute(db);
  }
  return async () => {
    await sql.raw(`drop trigger if exists ${name}${pg ? ` on ${table}` : ''}`).execute(db);
    if (pg) await sql.raw(`drop function if exists ${name}()`).execute(db);
  };
}

// Search results in the keyed caches (PostgreSQL, db/read-cache.ts `keyedListRead`; db/dialect.ts `searchPages` and
// `searchSections`): the change log of migration 20261127T0600 also gets `'search:' || space_id` whenever rows of
// `search_sections` of a space are inserted, updated or deleted (the index of its active revision changed, the space
// was deleted), once per space and statement. ts_rank scores a row from that row alone, so a space's search rows
// are all a cached answer depends on. Statement triggers with transition tables: indexing a space writes its rows in
// batches, and logs one key per batch, not one per row. SQLite (its memo of reads) has no triggers. Idempotent.
import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../dialect.js';

export async function up(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  // One function per trigger: a trigger function reads only the transition tables its trigger names. An update
  // may move a row to another space: both spaces change.
  const triggers = [
    ['insert', 'new table as new_rows', 'select space_id from new_rows'],
    ['update', 'new table as new_rows old table as old_rows', 'select space_id from new_rows union select space_id from old_rows'],
    ['delete', 'old table as old_rows', 'select space_id from old_rows'],
  ] as const;
  for (const [op, tables, spaces] of triggers) {
    await sql.raw(`
      create or replace function bindery_log_search_${op}() returns trigger language plpgsql as $$
      begin
        insert into cache_changes (key, txid) select distinct 'search:' || space_id, txid_current() from (${spaces}) s;
        return null;
      end $$`).execute(db);
    await sql.raw(`drop trigger if exists search_sections_log_${op} on search_sections`).execute(db);
    await sql.raw(`create trigger search_sections_log_${op} after ${op} on search_sections
      referencing ${tables} for each statement execute function bindery_log_search_${op}()`).execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  for (const op of ['insert', 'update', 'delete']) {
    await sql.raw(`drop trigger if exists search_sections_log_${op} on search_sections`).execute(db);
    await sql.raw(`drop function if exists bindery_log_search_${op}()`).execute(db);
  }
}

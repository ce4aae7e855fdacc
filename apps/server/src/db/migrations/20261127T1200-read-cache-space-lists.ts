// The lists of an organization's spaces in the keyed caches (PostgreSQL, db/read-cache.ts `keyedListRead`): the
// change log of migration 20261127T0600 also gets `'spaces-of:' || org_id` whenever a space may enter or leave the
// live spaces of an organization — inserted, deleted, moved to another organization, deleted or restored (its
// `deleted_at` changed) — for the old and the new organization. A change to a space already in a list (its title,
// its comment shards) is logged under `space:<id>` as before, and a cached list depends on the keys of its rows too.
// An insert into the log, as before: no writer waits for another. SQLite (its memo) has no triggers.
// Idempotent.
import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../dialect.js';

export async function up(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  await sql`
    create or replace function bindery_log_space_change() returns trigger language plpgsql as $$
    begin
      if tg_table_name = 'spaces' then
        if tg_op <> 'INSERT' then insert into cache_changes (key, txid) values ('space:' || old.id, txid_current()); end if;
        if tg_op <> 'DELETE' and (tg_op = 'INSERT' or new.id is distinct from old.id) then
          insert into cache_changes (key, txid) values ('space:' || new.id, txid_current());
        end if;
        if tg_op = 'INSERT' then
          insert into cache_changes (key, txid) values ('spaces-of:' || new.org_id, txid_current());
        elsif tg_op = 'DELETE' then
          insert into cache_changes (key, txid) values ('spaces-of:' || old.org_id, txid_current());
        elsif new.org_id is distinct from old.org_id then
          insert into cache_changes (key, txid) values ('spaces-of:' || old.org_id, txid_current()), ('spaces-of:' || new.org_id, txid_current());
        elsif new.deleted_at is distinct from old.deleted_at or new.id is distinct from old.id then
          insert into cache_changes (key, txid) values ('spaces-of:' || old.org_id, txid_current());
        end if;
      elsif tg_op = 'DELETE' then
        insert into cache_changes (key, txid) values ('space:' || old.space_id, txid_current());
      else
        insert into cache_changes (key, txid) values ('space:' || new.space_id, txid_current());
        if tg_op = 'UPDATE' and new.space_id is distinct from old.space_id then
          insert into cache_changes (key, txid) values ('space:' || old.space_id, txid_current());
        end if;
      end if;
      return null;
    end $$`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  // The function of 20261127T0600 again (its `up` is idempotent and replaces it).
  const { up: before } = await import('./20261127T0600-read-cache-changes.js');
  if (dialectOf(db) === 'postgres') await before(db);
}

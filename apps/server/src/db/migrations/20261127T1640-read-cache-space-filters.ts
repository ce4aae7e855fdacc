// Filtered lists of spaces in the keyed caches (PostgreSQL, db/read-cache.ts `keyedListRead`): a guest's list of an
// organization's spaces (those granted by id, those in granted collections, the public ones) and a collection's
// spaces. A space may enter or leave such a list without entering or leaving the organization's live spaces: moved
// to another collection (`parent_id`) or made public or private (`visibility`). So this function also logs
// `'spaces-of:' || org_id` when `parent_id` or `visibility` changes, and `'spaces-in:' || parent_id` (the old and the
// new collection) whenever a space enters or leaves a collection's live spaces or changes place in their order:
// inserted or deleted in it, moved between collections or organizations, deleted or restored, its `sort_key` or `id`
// changed. Otherwise as 20261127T1300. Idempotent.
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
          if new.parent_id is not null then insert into cache_changes (key, txid) values ('spaces-in:' || new.parent_id, txid_current()); end if;
        elsif tg_op = 'DELETE' then
          insert into cache_changes (key, txid) values ('spaces-of:' || old.org_id, txid_current());
          if old.parent_id is not null then insert into cache_changes (key, txid) values ('spaces-in:' || old.parent_id, txid_current()); end if;
        else
          if new.org_id is distinct from old.org_id then
            insert into cache_changes (key, txid) values ('spaces-of:' || old.org_id, txid_current()), ('spaces-of:' || new.org_id, txid_current());
          elsif new.deleted_at is distinct from old.deleted_at or new.id is distinct from old.id
            or new.sort_key is distinct from old.sort_key or new.created_at is distinct from old.created_at
            or new.parent_id is distinct from old.parent_id or new.visibility is distinct from old.visibility then
            insert into cache_changes (key, txid) values ('spaces-of:' || old.org_id, txid_current());
          end if;
          if new.parent_id is distinct from old.parent_id or new.org_id is distinct from old.org_id or new.id is distinct from old.id
            or new.deleted_at is distinct from old.deleted_at or new.sort_key is distinct from old.sort_key then
            if old.parent_id is not null then insert into cache_changes (key, txid) values ('spaces-in:' || old.parent_id, txid_current()); end if;
            if new.parent_id is not null and new.parent_id is distinct from old.parent_id then
              insert into cache_changes (key, txid) values ('spaces-in:' || new.parent_id, txid_current());
            end if;
          end if;
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
  // The function of 20261127T1300 again (its `up` is idempotent and replaces it).
  const { up: before } = await import('./20261127T1300-read-cache-space-order.js');
  if (dialectOf(db) === 'postgres') await before(db);
}

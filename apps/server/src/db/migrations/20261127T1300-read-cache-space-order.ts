// A page of an organization's spaces also changes when a space changes place in the list's order: a space moved
// (its `sort_key`) from a later page into this one, or out of it. Migration 20261127T1200 logged
// `'spaces-of:' || org_id` only when a space entered or left the organization's live spaces, so a cached page
// missed a space moved into it; this function also logs it when `sort_key` or `created_at` (the lists' orders)
// change. Otherwise as 20261127T1200. Idempotent.
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
        elsif new.deleted_at is distinct from old.deleted_at or new.id is distinct from old.id
          or new.sort_key is distinct from old.sort_key or new.created_at is distinct from old.created_at then
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
  // The function of 20261127T1200 again (its `up` is idempotent and replaces it).
  const { up: before } = await import('./20261127T1200-read-cache-space-lists.js');
  if (dialectOf(db) === 'postgres') await before(db);
}

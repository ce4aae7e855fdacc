// A space's open-comment shards (`space_comment_counts`, migration 20261126T2110) are logged in the change log of the
// keyed caches (db/read-cache.ts) under their own key, `'space-comments:' || space_id`, no longer under the space's
// own `'space:' || space_id`. Every comment moves a shard; under `space:<id>` each one dropped the cached space row —
// and every cached list of spaces showing it — in every process, which then read them again (docs/performance.md,
// session 19). The space row no longer carries the shards' count in the keyed caches: repos/spaces.repo.ts reads the
// shards' sum through the keyed cache of `space-comments:<id>` and adds it (exact, as fresh as any keyed read).
// The trigger on `spaces` is unchanged (its function also handled this table; that branch is no longer reached).
// SQLite: nothing (no triggers; its memo is emptied by any commit). Idempotent.
import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../dialect.js';

export async function up(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  await sql`
    create or replace function bindery_log_space_comments_change() returns trigger language plpgsql as $$
    begin
      if tg_op <> 'INSERT' then insert into cache_changes (key, txid) values ('space-comments:' || old.space_id, txid_current()); end if;
      if tg_op <> 'DELETE' and (tg_op = 'INSERT' or new.space_id is distinct from old.space_id) then
        insert into cache_changes (key, txid) values ('space-comments:' || new.space_id, txid_current());
      end if;
      return null;
    end $$`.execute(db);
  await sql`drop trigger if exists bindery_cache_change on space_comment_counts`.execute(db);
  await sql`create trigger bindery_cache_change after insert or update or delete on space_comment_counts for each row execute function bindery_log_space_comments_change()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  await sql`drop trigger if exists bindery_cache_change on space_comment_counts`.execute(db);
  await sql`create trigger bindery_cache_change after insert or update or delete on space_comment_counts for each row execute function bindery_log_space_change()`.execute(db);
  await sql`drop function if exists bindery_log_space_comments_change()`.execute(db);
}

// A notification whenever the request-path caches' invalidation data changes (PostgreSQL; db/read-cache.ts): every
// change the per-turn read of the counters and the change log would show — a counter of `cache_epochs` moved (the
// triggers of 20261126T1000 and later bump it at commit), a key logged into `cache_changes` (the triggers of
// 20261127T0600 and later) — also sends `NOTIFY bindery_cache`, in the same transaction, so delivered only if it
// commits. A process listening on that channel skips the full read while nothing was notified, after an empty query
// on the listening connection shows that nothing was (the reason it is enough is in db/read-cache.ts, `CacheListener`).
// Statement triggers: one notification per statement (PostgreSQL folds identical ones of a transaction into one).
import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../dialect.js';

export async function up(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  await sql`
    create or replace function bindery_cache_notify() returns trigger language plpgsql as $$
    begin
      perform pg_notify('bindery_cache', '');
      return null;
    end $$`.execute(db);
  await sql`drop trigger if exists bindery_cache_notify_epochs on cache_epochs`.execute(db);
  await sql`create trigger bindery_cache_notify_epochs after insert or update or delete or truncate on cache_epochs for each statement execute function bindery_cache_notify()`.execute(db);
  await sql`drop trigger if exists bindery_cache_notify_changes on cache_changes`.execute(db);
  await sql`create trigger bindery_cache_notify_changes after insert or truncate on cache_changes for each statement execute function bindery_cache_notify()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  await sql`drop trigger if exists bindery_cache_notify_epochs on cache_epochs`.execute(db);
  await sql`drop trigger if exists bindery_cache_notify_changes on cache_changes`.execute(db);
  await sql`drop function if exists bindery_cache_notify()`.execute(db);
}

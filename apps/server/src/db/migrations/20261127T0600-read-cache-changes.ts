// Per-key invalidation of the request-path caches on PostgreSQL (db/read-cache.ts, "keyed" caches): a change log
// instead of a counter, so that caching a row that changes often (a space: every edit and comment moves it) makes
// no writer wait for another. Any change to a space row, or to its open-comment shards (`Space.comments`), inserts
// `('space:' || id, txid_current())` into `cache_changes` in the same transaction — an insert, which locks nothing
// that another writer takes (comments on different spaces, or on one space in different transactions, never wait
// for each other because of it). The per-turn read of `cache_epochs` also reads the keys logged by transactions that
// committed since the previous read's snapshot (`bindery_cache_read`), so a changed space is seen by the next request
// in every process, as the counters are. `cache_epochs.changes_pruned_below`: rows with a txid below it were deleted
// (by any process, 30–60 s after a read's snapshot had every transaction below it completed); a process whose last
// snapshot is older empties its keyed caches.
// SQLite (one database-wide change number: `ReadCache.memoRead`) gets the table and column but no triggers.
// Idempotent on both dialects.
import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../dialect.js';

export async function up(db: Kysely<any>): Promise<void> {
  const pg = dialectOf(db) === 'postgres';
  await db.schema.createTable('cache_changes').ifNotExists()
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('txid', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('cache_changes_txid').ifNotExists().on('cache_changes').column('txid').execute();
  const columns = await sql<{ name: string }>`${sql.raw(pg
    ? `select column_name as name from information_schema.columns where table_name = 'cache_epochs' and table_schema = current_schema()`
    : `select name from pragma_table_info('cache_epochs')`)}`.execute(db);
  if (!columns.rows.some((r) => r.name === 'changes_pruned_below')) {
    await db.schema.alterTable('cache_epochs').addColumn('changes_pruned_below', 'bigint', (c) => c.notNull().defaultTo(0)).execute();
  }
  if (!pg) return;
  await sql`
    create or replace function bindery_log_space_change() returns trigger language plpgsql as $$
    begin
      if tg_table_name = 'spaces' then
        if tg_op <> 'INSERT' then insert into cache_changes (key, txid) values ('space:' || old.id, txid_current()); end if;
        if tg_op <> 'DELETE' and (tg_op = 'INSERT' or new.id is distinct from old.id) then
          insert into cache_changes (key, txid) values ('space:' || new.id, txid_current());
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
  // The per-turn read (db/read-cache.ts): the counters, this statement's snapshot and the keys logged by the
  // transactions that committed since the snapshot `since` (the previous read's: not visible in it, visible now), as a
  // function so that PostgreSQL plans its statement once per connection (plpgsql's plan cache) instead of once per
  // read (a simple query is planned every time; the subquery doubled the read's cost in pgbench: 0.18–0.40 ms against
  // 0.10–0.11 ms for the counters alone, 0.12–0.16 ms as a function). `stable`: one snapshot, the caller's. `since`
  // null (a process's first read): no keys.
  await sql`
    create or replace function bindery_cache_read(since txid_snapshot, max_keys integer)
    returns table (tokens bigint, members bigint, grants bigint, collections bigint, history bigint, git bigint,
      pruned text, snapshot text, changed text[])
    language plpgsql stable as $$
    begin
      return query select e.tokens, e.members, e.grants, e.collections, e.history, e.git, e.changes_pruned_below::text,
        txid_current_snapshot()::text,
        (select array_agg(c.key) from (
          select l.key from cache_changes l
          where since is not null and l.txid >= txid_snapshot_xmin(since) and not txid_visible_in_snapshot(l.txid, since)
          order by l.txid limit max_keys) c)
      from cache_epochs e where e.id = 1;
    end $$`.execute(db);
  for (const table of ['spaces', 'space_comment_counts']) {
    await sql.raw(`drop trigger if exists bindery_cache_change on ${table}`).execute(db);
    await sql.raw(`create trigger bindery_cache_change after insert or update or delete on ${table} for each row execute function bindery_log_space_change()`).execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) === 'postgres') {
    for (const table of ['spaces', 'space_comment_counts']) await sql.raw(`drop trigger if exists bindery_cache_change on ${table}`).execute(db);
    await sql`drop function if exists bindery_log_space_change()`.execute(db);
    await sql`drop function if exists bindery_cache_read(txid_snapshot, integer)`.execute(db);
  }
  await db.schema.dropTable('cache_changes').ifExists().execute();
  await db.schema.alterTable('cache_epochs').dropColumn('changes_pruned_below').execute();
}

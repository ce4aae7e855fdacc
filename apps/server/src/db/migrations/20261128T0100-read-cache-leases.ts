// Leases of the request-path caches (PostgreSQL; db/read-cache.ts, db/cache-lease.ts): a process that holds a live
// lease in `cache_leases` and listens on `bindery_cache` may answer cached reads without reading the counters for each
// turn, because every Bindery write that moved them tells it (a NOTIFY after the commit, outside the writing
// transaction) and waits, before answering its client, until each live lease's holder acknowledged or its lease expired.
// `bindery_cache_moved()`: whether the current transaction moved a counter of `cache_epochs` (the flags the bump
// triggers set, once their deferred part has run: `set constraints all immediate` first) or logged a key into
// `cache_changes` — asked just before a request's commit, in the same message, so a write that changed nothing cached
// pays nothing more. SQLite gets the table, unused (its counters' read is synchronous and stays per request).
import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../dialect.js';

const DOMAINS = ['tokens', 'members', 'grants', 'collections', 'history', 'git'];

export async function up(db: Kysely<any>): Promise<void> {
  const pg = dialectOf(db) === 'postgres';
  // The table on both dialects (one schema); only PostgreSQL's processes hold leases.
  await db.schema.createTable('cache_leases').ifNotExists()
    .addColumn('process_id', 'text', (c) => c.primaryKey())
    .addColumn('expires_at', pg ? 'timestamptz' : 'text', (c) => c.notNull())
    .execute();
  if (!pg) return;
  const flags = DOMAINS.map((d) => `coalesce(current_setting('bindery.cache_epoch_${d}', true), '') = '1'`).join(' or ');
  await sql.raw(`
    create or replace function bindery_cache_moved() returns boolean language sql volatile as $$
      select ${flags}
        or exists (select 1 from cache_changes where txid = txid_current_if_assigned())
    $$`).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) === 'postgres') await sql`drop function if exists bindery_cache_moved()`.execute(db);
  await db.schema.dropTable('cache_leases').ifExists().execute();
}

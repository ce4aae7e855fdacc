// A fifth domain of the request-path caches (db/read-cache.ts, migration 20261126T1000-read-cache-epochs):
//   history   what content reads show next to a revision's content but is not part of it — when each version of a
//             page was first committed (page_versions: Page.createdAt/updatedAt) and the Git Sync metadata of
//             revisions and pages (git_revisions: the commit a revision came from or went to; git_sync_spaces: the
//             snapshot of the last sync). Any insert, update or delete of those rows bumps it (git_sync_spaces only
//             when the snapshot or the space changes, not its claim or timestamps).
// The content itself (revisions, nodes, page contents, file lists) is immutable and needs no counter.
// PostgreSQL: the bump function is replaced by one knowing the five domains (same behaviour: once per transaction
// and domain, at commit). Idempotent on both dialects.
import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../dialect.js';

const WATCHED: { table: string; insert: boolean; update: string[] | 'any'; delete: boolean }[] = [
  { table: 'page_versions', insert: true, update: 'any', delete: true },
  { table: 'git_revisions', insert: true, update: 'any', delete: true },
  { table: 'git_sync_spaces', insert: true, update: ['space_id', 'snapshot_hash'], delete: true },
];
const DOMAINS = ['tokens', 'members', 'grants', 'collections', 'history'];

export async function up(db: Kysely<any>): Promise<void> {
  const pg = dialectOf(db) === 'postgres';
  const columns = pg
    ? (await sql<{ name: string }>`select column_name as name from information_schema.columns where table_name = 'cache_epochs' and table_schema = current_schema()`.execute(db)).rows
    : (await sql<{ name: string }>`select name from pragma_table_info('cache_epochs')`.execute(db)).rows;
  if (!columns.some((c) => c.name === 'history')) {
    await db.schema.alterTable('cache_epochs').addColumn('history', 'bigint', (c) => c.notNull().defaultTo(0)).execute();
  }
  if (pg) {
    const bumps = sql.raw(DOMAINS.map((d) => `${d} = ${d} + (d = '${d}')::int`).join(', '));
    await sql`
      create or replace function bindery_bump_cache_epoch() returns trigger language plpgsql as $$
      declare d text := tg_argv[0];
      begin
        -- once per transaction and domain: the setting is local to the transaction
        if current_setting('bindery.cache_epoch_' || d, true) = '1' then return null; end if;
        perform set_config('bindery.cache_epoch_' || d, '1', true);
        update cache_epochs set ${bumps} where id = 1;
        return null;
      end $$`.execute(db);
    for (const w of WATCHED) {
      const events = [
        ...(w.insert ? ['insert'] : []),
        w.update === 'any' ? 'update' : `update of ${w.update.join(', ')}`,
        ...(w.delete ? ['delete'] : []),
      ].join(' or ');
      await sql.raw(`drop trigger if exists bindery_cache_epoch on ${w.table}`).execute(db);
      await sql.raw(
        `create constraint trigger bindery_cache_epoch after ${events} on ${w.table} deferrable initially deferred ` +
          `for each row execute function bindery_bump_cache_epoch('history')`,
      ).execute(db);
    }
    return;
  }
  for (const w of WATCHED) {
    const events: [string, string][] = [
      ...(w.insert ? [['insert', 'insert']] as [string, string][] : []),
      ['update', w.update === 'any' ? 'update' : `update of ${w.update.join(', ')}`],
      ...(w.delete ? [['delete', 'delete']] as [string, string][] : []),
    ];
    for (const [name, event] of events) {
      await sql.raw(
        `create trigger if not exists bindery_cache_epoch_${w.table}_${name} after ${event} on ${w.table} ` +
          `begin update cache_epochs set history = history + 1 where id = 1; end`,
      ).execute(db);
    }
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  const pg = dialectOf(db) === 'postgres';
  for (const w of WATCHED) {
    if (pg) await sql.raw(`drop trigger if exists bindery_cache_epoch on ${w.table}`).execute(db);
    else for (const name of ['insert', 'update', 'delete']) await sql.raw(`drop trigger if exists bindery_cache_epoch_${w.table}_${name}`).execute(db);
  }
  await db.schema.alterTable('cache_epochs').dropColumn('history').execute();
}

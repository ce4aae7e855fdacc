// Git Sync metadata gets a domain of its own in the request-path caches (db/read-cache.ts): `git`, bumped by any
// change to git_revisions and by a sync's snapshot changing (git_sync_spaces: insert, delete, update of space_id or
// snapshot_hash). Migration 20261126T1910 put them in `history` with page_versions, which every content commit writes:
// an edit anywhere then emptied the cached Git Sync metadata of every space. Idempotent on both dialects.
import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../dialect.js';

const WATCHED: { table: string; update: string[] | 'any' }[] = [
  { table: 'git_revisions', update: 'any' },
  { table: 'git_sync_spaces', update: ['space_id', 'snapshot_hash'] },
];
const DOMAINS = ['tokens', 'members', 'grants', 'collections', 'history', 'git'];

async function columns(db: Kysely<any>, pg: boolean): Promise<string[]> {
  const rows = pg
    ? (await sql<{ name: string }>`select column_name as name from information_schema.columns where table_name = 'cache_epochs' and table_schema = current_schema()`.execute(db)).rows
    : (await sql<{ name: string }>`select name from pragma_table_info('cache_epochs')`.execute(db)).rows;
  return rows.map((r) => r.name);
}

async function watch(db: Kysely<any>, pg: boolean, domain: string, domains: string[]): Promise<void> {
  if (pg) {
    const bumps = sql.raw(domains.map((d) => `${d} = ${d} + (d = '${d}')::int`).join(', '));
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
      const update = w.update === 'any' ? 'update' : `update of ${w.update.join(', ')}`;
      await sql.raw(`drop trigger if exists bindery_cache_epoch on ${w.table}`).execute(db);
      await sql.raw(
        `create constraint trigger bindery_cache_epoch after insert or ${update} or delete on ${w.table} deferrable initially deferred ` +
          `for each row execute function bindery_bump_cache_epoch('${domain}')`,
      ).execute(db);
    }
    return;
  }
  for (const w of WATCHED) {
    const events: [string, string][] = [['insert', 'insert'], ['update', w.update === 'any' ? 'update' : `update of ${w.update.join(', ')}`], ['delete', 'delete']];
    for (const [name, event] of events) {
      await sql.raw(`drop trigger if exists bindery_cache_epoch_${w.table}_${name}`).execute(db);
      await sql.raw(
        `create trigger bindery_cache_epoch_${w.table}_${name} after ${event} on ${w.table} ` +
          `begin update cache_epochs set ${domain} = ${domain} + 1 where id = 1; end`,
      ).execute(db);
    }
  }
}

export async function up(db: Kysely<any>): Promise<void> {
  const pg = dialectOf(db) === 'postgres';
  if (!(await columns(db, pg)).includes('git')) {
    await db.schema.alterTable('cache_epochs').addColumn('git', 'bigint', (c) => c.notNull().defaultTo(0)).execute();
  }
  await watch(db, pg, 'git', DOMAINS);
}

export async function down(db: Kysely<any>): Promise<void> {
  const pg = dialectOf(db) === 'postgres';
  await watch(db, pg, 'history', DOMAINS.filter((d) => d !== 'git'));
  await db.schema.alterTable('cache_epochs').dropColumn('git').execute();
}

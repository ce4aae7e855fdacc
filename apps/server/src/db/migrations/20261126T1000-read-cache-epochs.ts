// Invalidation of the request-path caches (db/read-cache.ts): `cache_epochs` holds one row of counters, one per
// cached domain, and triggers bump a domain's counter in the same transaction as any change to the rows it caches —
// whoever writes them. Every request reads the row before trusting a cache, so a change is seen by the next request
// in every process on the database.
//   tokens       api_tokens (deleted, or their owner, secret, expiry, SSO or integration binding changed — not the
//                `last_used_at` touch or the label), users (changed or deleted)
//   members      org_members (any change), organizations (`sso` changed, or deleted)
//   grants       content_grants and team_members (any change)
//   collections  collections (created, deleted, moved, or their default level changed)
// PostgreSQL: deferred constraint triggers, bumping once per transaction at commit (the counter row is locked only
// while committing, so writers of different organizations do not queue behind each other's transactions).
// Idempotent on both dialects.
import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../dialect.js';

/** table → domain, and the events that bump it (UPDATE OF: only when one of these columns is set). */
const WATCHED: { table: string; domain: string; insert: boolean; update: string[] | 'any'; delete: boolean }[] = [
  { table: 'api_tokens', domain: 'tokens', insert: false, update: ['id', 'user_id', 'token_hash', 'expires_at', 'sso_org_id', 'integration_id', 'installation_id'], delete: true },
  { table: 'users', domain: 'tokens', insert: false, update: 'any', delete: true },
  { table: 'org_members', domain: 'members', insert: true, update: 'any', delete: true },
  { table: 'organizations', domain: 'members', insert: false, update: ['id', 'sso'], delete: true },
  { table: 'content_grants', domain: 'grants', insert: true, update: 'any', delete: true },
  { table: 'team_members', domain: 'grants', insert: true, update: 'any', delete: true },
  { table: 'collections', domain: 'collections', insert: true, update: ['id', 'org_id', 'parent_id', 'default_level'], delete: true },
];
const DOMAINS = ['tokens', 'members', 'grants', 'collections'];

export async function up(db: Kysely<any>): Promise<void> {
  const pg = dialectOf(db) === 'postgres';
  let table = db.schema.createTable('cache_epochs').ifNotExists().addColumn('id', 'integer', (c) => c.primaryKey());
  for (const d of DOMAINS) table = table.addColumn(d, 'bigint', (c) => c.notNull().defaultTo(0));
  await table.execute();
  await sql`insert into cache_epochs (id) values (1) on conflict (id) do nothing`.execute(db);

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
          `for each row execute function bindery_bump_cache_epoch('${w.domain}')`,
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
          `begin update cache_epochs set ${w.domain} = ${w.domain} + 1 where id = 1; end`,
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
  if (pg) await sql`drop function if exists bindery_bump_cache_epoch()`.execute(db);
  await db.schema.dropTable('cache_epochs').ifExists().execute();
}

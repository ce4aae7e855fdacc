// The `members` domain of the request-path caches (db/read-cache.ts, migration 20261126T1000-read-cache-epochs)
// also covers the organization row itself: any insert, update or delete of `organizations` bumps it (it bumped on a
// change of `id` or `sso` only), so organizationsRepo.findById can read through the cache. Organizations change
// rarely (a rename, a setting); every member and grant change already bumps this domain. Idempotent.
import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../dialect.js';

export async function up(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) === 'postgres') {
    await sql`drop trigger if exists bindery_cache_epoch on organizations`.execute(db);
    await sql`create constraint trigger bindery_cache_epoch after insert or update or delete on organizations deferrable initially deferred
      for each row execute function bindery_bump_cache_epoch('members')`.execute(db);
    return;
  }
  for (const event of ['insert', 'update', 'delete']) {
    await sql.raw(`drop trigger if exists bindery_cache_epoch_organizations_${event}`).execute(db);
    await sql.raw(
      `create trigger bindery_cache_epoch_organizations_${event} after ${event} on organizations ` +
        `begin update cache_epochs set members = members + 1 where id = 1; end`,
    ).execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) === 'postgres') {
    await sql`drop trigger if exists bindery_cache_epoch on organizations`.execute(db);
    await sql`create constraint trigger bindery_cache_epoch after update of id, sso or delete on organizations deferrable initially deferred
      for each row execute function bindery_bump_cache_epoch('members')`.execute(db);
    return;
  }
  await sql`drop trigger if exists bindery_cache_epoch_organizations_insert`.execute(db);
  await sql`drop trigger if exists bindery_cache_epoch_organizations_update`.execute(db);
  await sql`create trigger bindery_cache_epoch_organizations_update after update of id, sso on organizations
    begin update cache_epochs set members = members + 1 where id = 1; end`.execute(db);
}

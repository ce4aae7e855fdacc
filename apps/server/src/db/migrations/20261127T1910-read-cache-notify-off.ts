// Withdraws 20261127T1900-read-cache-notify (PostgreSQL): its statement triggers made every transaction that moves a
// cache counter or logs a changed key call `pg_notify`, and PostgreSQL commits notifying transactions one at a time
// (`PreCommit_Notify` takes a database-wide lock held through the commit's WAL flush). Measured on this machine's
// PostgreSQL 15 with pgbench, 20 clients inserting one row each per transaction: 1,790-1,906 tps without the trigger,
// 290-343 tps with it — every process's writes to the database queued behind one another to save ~10 µs of the
// database's CPU on a read request. The process no longer listens (db/read-cache.ts); the triggers and their function
// go. `down` puts them back as 20261127T1900 made them.
import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../dialect.js';
import { up as notifyUp } from './20261127T1900-read-cache-notify.js';

export async function up(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  await sql`drop trigger if exists bindery_cache_notify_epochs on cache_epochs`.execute(db);
  await sql`drop trigger if exists bindery_cache_notify_changes on cache_changes`.execute(db);
  await sql`drop function if exists bindery_cache_notify()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await notifyUp(db);
}

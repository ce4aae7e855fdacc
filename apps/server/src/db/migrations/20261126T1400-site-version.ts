// A version counter of each site, bumped by every change of the site, its structure or its customization (in the
// transaction of the change), so a published site cached by any server process is known stale by reading one row;
// custom hostnames are unique across sites.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('sites').addColumn('version', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await sql`create unique index if not exists sites_hostname on sites (hostname)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists sites_hostname`.execute(db);
  await db.schema.alterTable('sites').dropColumn('version').execute();
}

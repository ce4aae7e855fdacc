// Customization of sites (the whole settings, JSON) and of site spaces (overrides of top-level sections, JSON).
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('sites').addColumn('customization', 'text').execute();
  await db.schema.alterTable('site_spaces').addColumn('customization', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('site_spaces').dropColumn('customization').execute();
  await db.schema.alterTable('sites').dropColumn('customization').execute();
}

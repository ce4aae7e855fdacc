// Visitor authentication of sites: where visitors without a valid token are redirected.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('sites').addColumn('visitor_fallback_url', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('sites').dropColumn('visitor_fallback_url').execute();
}

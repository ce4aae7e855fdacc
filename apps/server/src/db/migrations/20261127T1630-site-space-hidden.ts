// GitBook's `hidden` on site spaces (`PATCH …/site-spaces/{siteSpaceId} {hidden}`): a hidden site space is left out
// of the published site's navigation (the switcher of its section's site spaces) and still served at its path. Every
// existing site space is shown (0). Idempotent.
import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../dialect.js';

export async function up(db: Kysely<any>): Promise<void> {
  const pg = dialectOf(db) === 'postgres';
  const columns = await sql<{ name: string }>`${sql.raw(pg
    ? `select column_name as name from information_schema.columns where table_name = 'site_spaces' and table_schema = current_schema()`
    : `select name from pragma_table_info('site_spaces')`)}`.execute(db);
  if (!columns.rows.some((r) => r.name === 'hidden')) {
    await db.schema.alterTable('site_spaces').addColumn('hidden', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  }
}

// GitBook's `draft` on site sections and site spaces (create and PATCH): a draft is not live — the published site,
// its published profile and the URLs it resolves (`/urls/published`, site API tokens) leave it out. Every existing
// section and site space is live (0). Idempotent.
import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../dialect.js';

export async function up(db: Kysely<any>): Promise<void> {
  const pg = dialectOf(db) === 'postgres';
  for (const table of ['site_sections', 'site_spaces']) {
    const columns = await sql<{ name: string }>`${sql.raw(pg
      ? `select column_name as name from information_schema.columns where table_name = '${table}' and table_schema = current_schema()`
      : `select name from pragma_table_info('${table}')`)}`.execute(db);
    if (!columns.rows.some((r) => r.name === 'draft')) {
      await db.schema.alterTable(table).addColumn('draft', 'integer', (c) => c.notNull().defaultTo(0)).execute();
    }
  }
}

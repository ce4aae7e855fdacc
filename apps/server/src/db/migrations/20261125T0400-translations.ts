// Translations: a source space translated into another language by runs of a durable job; the result space, the
// mapping of source pages to translated pages (with the version of the source each was translated from) and stats.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('translations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('org_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('source_space_id', 'text', (c) => c.notNull())
    .addColumn('source_language', 'text', (c) => c.notNull())
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('instructions', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('error', 'text')
    .addColumn('result_space_id', 'text')
    .addColumn('result_revision_id', 'text')
    .addColumn('page_map', 'text', (c) => c.notNull())
    .addColumn('runs', 'integer', (c) => c.notNull())
    .addColumn('total_words', 'integer', (c) => c.notNull())
    .addColumn('total_pages', 'integer', (c) => c.notNull())
    .addColumn('total_duration', 'integer', (c) => c.notNull())
    .addColumn('latest_run_duration', 'integer', (c) => c.notNull())
    .addColumn('latest_pages', 'integer', (c) => c.notNull())
    .addColumn('latest_words', 'integer', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('translations_org').on('translations').columns(['org_id', 'created_at', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('translations').execute();
}

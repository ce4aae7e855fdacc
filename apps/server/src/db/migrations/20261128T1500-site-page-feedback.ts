// Page feedback on published sites (the customization's `feedback.enabled`: "Was this page helpful?" under each
// page): one row per rating a visitor gives, with the comment they may add after it. A row goes with its site
// (`on delete cascade`). The index serves the site's list, newest first, and its filter by page.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createTable('site_page_feedback')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('site_id', 'text', (c) => c.notNull().references('sites.id').onDelete('cascade'))
    .addColumn('site_space_id', 'text', (c) => c.notNull())
    .addColumn('space_id', 'text', (c) => c.notNull())
    .addColumn('page_id', 'text', (c) => c.notNull())
    .addColumn('rating', 'text', (c) => c.notNull())
    .addColumn('comment', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('commented_at', 'text')
    .execute();
  await db.schema.createIndex('site_page_feedback_site_idx').on('site_page_feedback').columns(['site_id', 'created_at', 'id']).execute();
  await db.schema.createIndex('site_page_feedback_page_idx').on('site_page_feedback').columns(['site_id', 'page_id', 'created_at', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('site_page_feedback').ifExists().execute();
}

// Page timestamps without timestamps in the content hash: `page_versions` records, per space, when each version
// (content hash) of a page was first committed. A page's createdAt is its first version's time, its updatedAt the
// time of the version a revision holds — for any revision, the space's or a change request's. Comments remember
// the version of the page they were posted on (`page_content_hash`), so `target.page.outdated` says whether the page
// changed since.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('page_versions')
    .addColumn('space_id', 'text', (c) => c.notNull().references('spaces.id').onDelete('cascade'))
    .addColumn('page_id', 'text', (c) => c.notNull())
    .addColumn('content_hash', 'text', (c) => c.notNull())
    .addColumn('first_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('page_versions_pk', ['space_id', 'page_id', 'content_hash'])
    .execute();
  await db.schema.alterTable('comments').addColumn('page_content_hash', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('comments').dropColumn('page_content_hash').execute();
  await db.schema.dropTable('page_versions').execute();
}

// Paths pages had before they were moved or renamed (GitBook's automatic redirects): the published site leads a
// request for an old path to the page's current path. One row per space and old path (the latest page to leave it);
// written by the index sync in the commit's transaction.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('page_moves')
    .ifNotExists()
    .addColumn('space_id', 'text', (c) => c.notNull().references('spaces.id').onDelete('cascade'))
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('page_id', 'text', (c) => c.notNull())
    .addColumn('moved_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('page_moves_pk', ['space_id', 'path'])
    .execute();
  await sql`create index if not exists page_moves_lower on page_moves (space_id, lower(path))`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('page_moves').ifExists().execute();
}

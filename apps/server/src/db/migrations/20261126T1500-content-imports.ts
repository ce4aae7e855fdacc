// Content imports as durable jobs (issue 10): one row per import run — where from (`source`, `url`), where into (a
// space, or a change request, at the top level or under a page), its status (pending → in-progress → completed or
// failed), the progress a client can watch (`progress`: stage, resources found and imported), and the outcome (the
// revision made, the counts, or the reason of the failure with its HTTP status).
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('content_imports')
    .ifNotExists()
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('org_id', 'text', (c) => c.notNull())
    .addColumn('space_id', 'text', (c) => c.notNull().references('spaces.id').onDelete('cascade'))
    .addColumn('change_request_id', 'text')
    .addColumn('page_id', 'text')
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('if_match', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('reason', 'text')
    .addColumn('error_status', 'integer')
    .addColumn('progress', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('revision_id', 'text')
    .addColumn('imported_resources', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('total_resources', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('pages', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('started_at', 'text')
    .addColumn('completed_at', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await sql`create index if not exists content_imports_org on content_imports (org_id, created_at, id)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('content_imports').ifExists().execute();
}

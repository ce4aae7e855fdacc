// The organization audit log (GitBook's audit events): one row per recorded change, inserted by the service that
// makes the change, in its transaction. Read newest first per organization (the primary listing index), and by
// target (the `target` filter: "what happened to this space"). Idempotent on both dialects.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('audit_events')
    .ifNotExists()
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('org_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('occurred_at', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('actor_type', 'text', (c) => c.notNull())
    .addColumn('actor_id', 'text', (c) => c.notNull())
    .addColumn('actor_label', 'text')
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('target_type', 'text', (c) => c.notNull())
    .addColumn('target_id', 'text', (c) => c.notNull())
    .addColumn('target_label', 'text')
    .addColumn('payload', 'text', (c) => c.notNull())
    .execute();
  await sql`create index if not exists audit_events_org_time on audit_events (org_id, occurred_at, id)`.execute(db);
  await sql`create index if not exists audit_events_org_target on audit_events (org_id, target_id, occurred_at, id)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('audit_events').ifExists().execute();
}

// OpenAPI specifications per organization and their versions (services/openapi-specs.ts). A spec row holds the
// source to process next (`source_url`, or `pending_text` until a job has processed it) and what the last
// processing found; a version row holds one distinct content: the entry document's raw text and every parsed
// document (the entry and the documents it references by URL).
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('openapi_specs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('org_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('slug', 'text', (c) => c.notNull())
    .addColumn('source_url', 'text')
    .addColumn('pending_text', 'text')
    .addColumn('generation', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('processing_state', 'text', (c) => c.notNull())
    .addColumn('visibility', 'text', (c) => c.notNull())
    .addColumn('last_version_id', 'text')
    .addColumn('last_processed_at', 'text')
    .addColumn('last_error_code', 'text')
    .addColumn('last_errors', 'text', (c) => c.notNull())
    .addColumn('last_error_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_by', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('openapi_specs_slug_uq', ['org_id', 'slug'])
    .execute();
  await db.schema.createIndex('openapi_specs_list_idx').on('openapi_specs').columns(['org_id', 'created_at', 'id']).execute();

  await db.schema
    .createTable('openapi_spec_versions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('spec_id', 'text', (c) => c.notNull().references('openapi_specs.id').onDelete('cascade'))
    .addColumn('content_hash', 'text', (c) => c.notNull())
    .addColumn('source_url', 'text')
    .addColumn('format', 'text', (c) => c.notNull())
    .addColumn('raw_text', 'text', (c) => c.notNull())
    .addColumn('documents', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('openapi_spec_versions_list_idx').on('openapi_spec_versions').columns(['spec_id', 'created_at', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('openapi_spec_versions').execute();
  await db.schema.dropTable('openapi_specs').execute();
}

// Uploaded files (GitBook's `generateStorageUploadURL`: an upload URL, then the bytes PUT to it) and the
// organization's custom fonts made from them (GitBook's `/orgs/{organizationId}/fonts`).
// `storage_files`: one row per upload URL; `upload_token_hash` (SHA-256 of the URL's secret) until the upload,
// `blob_hash` (the bytes in the blob store) after it. `custom_fonts.faces`: JSON [{weight, key}] by weight.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('storage_files')
    .ifNotExists()
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('org_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('upload_token_hash', 'text', (c) => c.unique())
    .addColumn('upload_expires_at', 'text', (c) => c.notNull())
    .addColumn('blob_hash', 'text')
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('uploaded_at', 'text')
    .execute();
  await db.schema
    .createTable('custom_fonts')
    .ifNotExists()
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('org_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('font_family', 'text', (c) => c.notNull())
    .addColumn('faces', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('custom_fonts_org').ifNotExists().on('custom_fonts').columns(['org_id', 'font_family', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('custom_fonts').ifExists().execute();
  await db.schema.dropTable('storage_files').ifExists().execute();
}

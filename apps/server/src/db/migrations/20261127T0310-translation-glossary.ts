// The organization's translation glossary (GitBook's `/orgs/{organizationId}/translations-glossary`): entries of
// terms by language, applied by translation runs (docs/translations.md, "Glossary").
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('translation_glossary_entries')
    .ifNotExists()
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('org_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('translations', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('translation_glossary_entries_org').ifNotExists().on('translation_glossary_entries').columns(['org_id', 'created_at', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('translation_glossary_entries').ifExists().execute();
}

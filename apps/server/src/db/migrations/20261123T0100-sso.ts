// SAML single sign-on: providers per organization, the authentication requests Bindery made (answered at most
// once, within 10 minutes), the assertions already used (replay), and tokens issued by a sign-in: they expire and
// act only within the organization that issued them (`sso_org_id`).
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('saml_providers')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('org_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('entity_id', 'text')
    .addColumn('certificate', 'text')
    .addColumn('sso_url', 'text')
    .addColumn('default_team_id', 'text')
    .addColumn('default_role', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('saml_providers_org_idx').on('saml_providers').columns(['org_id', 'created_at', 'id']).execute();

  await db.schema
    .createTable('saml_requests')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('provider_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('saml_requests_created_idx').on('saml_requests').columns(['created_at']).execute();

  await db.schema
    .createTable('saml_assertions')
    .addColumn('provider_id', 'text', (c) => c.notNull())
    .addColumn('assertion_id', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('saml_assertions_pk', ['provider_id', 'assertion_id'])
    .execute();
  await db.schema.createIndex('saml_assertions_used_idx').on('saml_assertions').columns(['used_at']).execute();

  await db.schema.alterTable('api_tokens').addColumn('expires_at', 'text').execute();
  await db.schema.alterTable('api_tokens').addColumn('sso_org_id', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('api_tokens').dropColumn('sso_org_id').execute();
  await db.schema.alterTable('api_tokens').dropColumn('expires_at').execute();
  await db.schema.dropTable('saml_assertions').execute();
  await db.schema.dropTable('saml_requests').execute();
  await db.schema.dropTable('saml_providers').execute();
}

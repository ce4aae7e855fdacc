// Integrations: published integrations (script, encrypted secrets, development tunnel), their installations on
// organizations, spaces and sites, the events delivered to them (payload, status, trace logs), and API tokens that
// act as an integration or one of its installations (`api_tokens.integration_id` / `installation_id`).
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('integrations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .addColumn('org_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('runtime', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('summary', 'text')
    .addColumn('visibility', 'text', (c) => c.notNull())
    .addColumn('target', 'text', (c) => c.notNull())
    .addColumn('scopes', 'text', (c) => c.notNull())
    .addColumn('categories', 'text', (c) => c.notNull())
    .addColumn('blocks', 'text', (c) => c.notNull())
    .addColumn('content_sources', 'text', (c) => c.notNull())
    .addColumn('external_links', 'text', (c) => c.notNull())
    .addColumn('configurations', 'text')
    .addColumn('content_security_policy', 'text')
    .addColumn('icon', 'text')
    .addColumn('preview_images', 'text', (c) => c.notNull())
    .addColumn('script', 'text', (c) => c.notNull())
    .addColumn('secrets', 'text')
    .addColumn('signing_secret', 'text', (c) => c.notNull())
    .addColumn('dev_tunnel_url', 'text')
    .addColumn('dev_all', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('integrations_org_idx').on('integrations').columns(['org_id']).execute();

  await db.schema
    .createTable('integration_installations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('integration_id', 'text', (c) => c.notNull().references('integrations.id').onDelete('cascade'))
    .addColumn('org_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('space_selection', 'text', (c) => c.notNull())
    .addColumn('site_selection', 'text', (c) => c.notNull())
    .addColumn('configuration', 'text', (c) => c.notNull())
    .addColumn('external_ids', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('integration_installations_org_uq', ['integration_id', 'org_id'])
    .execute();
  await db.schema.createIndex('integration_installations_list_idx').on('integration_installations').columns(['integration_id', 'created_at', 'id']).execute();
  await db.schema.createIndex('integration_installations_org_idx').on('integration_installations').columns(['org_id']).execute();

  for (const kind of ['space', 'site'] as const) {
    const table = `integration_${kind}_installations`;
    await db.schema
      .createTable(table)
      .addColumn('installation_id', 'text', (c) => c.notNull().references('integration_installations.id').onDelete('cascade'))
      .addColumn('integration_id', 'text', (c) => c.notNull())
      .addColumn(`${kind}_id`, 'text', (c) => (kind === 'space' ? c.notNull().references('spaces.id').onDelete('cascade') : c.notNull()))
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('configuration', 'text', (c) => c.notNull())
      .addColumn('external_ids', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint(`${table}_pk`, ['installation_id', `${kind}_id`])
      .execute();
    await db.schema.createIndex(`${table}_list_idx`).on(table).columns(['integration_id', 'created_at', `${kind}_id`]).execute();
    await db.schema.createIndex(`${table}_target_idx`).on(table).columns([`${kind}_id`]).execute();
  }

  await db.schema
    .createTable('integration_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('integration_id', 'text', (c) => c.notNull().references('integrations.id').onDelete('cascade'))
    .addColumn('installation_id', 'text')
    .addColumn('space_id', 'text')
    .addColumn('site_id', 'text')
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('logs', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('integration_events_list_idx').on('integration_events').columns(['integration_id', 'created_at', 'id']).execute();

  await db.schema.alterTable('api_tokens').addColumn('integration_id', 'text').execute();
  await db.schema.alterTable('api_tokens').addColumn('installation_id', 'text').execute();
  await db.schema.createIndex('api_tokens_integration_idx').on('api_tokens').columns(['integration_id']).execute();
  await db.schema.createIndex('api_tokens_installation_idx').on('api_tokens').columns(['installation_id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('api_tokens_installation_idx').execute();
  await db.schema.dropIndex('api_tokens_integration_idx').execute();
  await db.schema.alterTable('api_tokens').dropColumn('installation_id').execute();
  await db.schema.alterTable('api_tokens').dropColumn('integration_id').execute();
  for (const t of ['integration_events', 'integration_site_installations', 'integration_space_installations', 'integration_installations', 'integrations']) {
    await db.schema.dropTable(t).execute();
  }
}

// Users, API tokens, organizations, members, invites, instance settings and durable jobs.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('email_lower', 'text', (c) => c.notNull().unique())
    .addColumn('display_name', 'text', (c) => c.notNull())
    .addColumn('photo_url', 'text')
    .addColumn('is_instance_admin', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('api_tokens')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_used_at', 'text')
    .execute();
  await db.schema.createIndex('api_tokens_user_idx').on('api_tokens').columns(['user_id', 'created_at', 'id']).execute();

  await db.schema
    .createTable('organizations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('hostname', 'text', (c) => c.unique())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('use_case', 'text')
    .addColumn('community_type', 'text')
    .addColumn('email_domains', 'text', (c) => c.notNull())
    .addColumn('default_role', 'text')
    .addColumn('default_content', 'text')
    .addColumn('logo_url', 'text')
    .addColumn('sso', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('ai', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('invite_links', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('plan', 'text', (c) => c.notNull())
    .addColumn('merge_rules', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('org_email_domains')
    .addColumn('org_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('domain', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('org_email_domains_pk', ['org_id', 'domain'])
    .execute();
  await db.schema.createIndex('org_email_domains_domain_idx').on('org_email_domains').column('domain').execute();

  await db.schema
    .createTable('org_members')
    .addColumn('org_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('role', 'text')
    .addColumn('disabled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sso', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('joined_at', 'text', (c) => c.notNull())
    .addColumn('last_seen_at', 'text')
    .addPrimaryKeyConstraint('org_members_pk', ['org_id', 'user_id'])
    .execute();
  await db.schema.createIndex('org_members_user_idx').on('org_members').columns(['user_id', 'org_id']).execute();
  await db.schema.createIndex('org_members_joined_idx').on('org_members').columns(['org_id', 'joined_at', 'user_id']).execute();

  await db.schema
    .createTable('org_invites')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('org_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('role', 'text')
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('org_invites_org_idx').on('org_invites').columns(['org_id', 'created_at', 'id']).execute();

  await db.schema
    .createTable('instance_settings')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('jobs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('run_at', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('max_attempts', 'integer', (c) => c.notNull().defaultTo(5))
    .addColumn('locked_until', 'text')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('jobs_due_idx').on('jobs').columns(['status', 'run_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['jobs', 'instance_settings', 'org_invites', 'org_members', 'org_email_domains', 'organizations', 'api_tokens', 'users']) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}

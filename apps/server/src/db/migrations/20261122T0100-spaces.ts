// Collections, spaces and their revisions, teams and team members, and grants of roles on content.
// Siblings (spaces and collections of one parent) are ordered by `sort_key`, a fractional index compared byte by byte.
import type { Kysely } from 'kysely';
import { dialectOf, sortKeyType } from '../dialect.js';

export async function up(db: Kysely<any>): Promise<void> {
  const sortKey = sortKeyType(dialectOf(db));

  await db.schema
    .createTable('collections')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('org_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('parent_id', 'text', (c) => c.references('collections.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('default_level', 'text')
    .addColumn('sort_key', sortKey, (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('collections_org_idx').on('collections').columns(['org_id', 'sort_key', 'id']).execute();
  await db.schema.createIndex('collections_parent_idx').on('collections').columns(['parent_id', 'sort_key']).execute();

  await db.schema
    .createTable('spaces')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('org_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('parent_id', 'text', (c) => c.references('collections.id').onDelete('set null'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('emoji', 'text', (c) => c.notNull())
    .addColumn('visibility', 'text', (c) => c.notNull())
    .addColumn('edit_mode', 'text', (c) => c.notNull())
    .addColumn('language', 'text')
    .addColumn('default_level', 'text')
    .addColumn('merge_rules', 'text', (c) => c.notNull())
    .addColumn('revision_id', 'text', (c) => c.notNull())
    .addColumn('share_key', 'text')
    .addColumn('sort_key', sortKey, (c) => c.notNull())
    .addColumn('comments_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('change_requests_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('change_requests_open', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('change_requests_draft', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('deleted_at', 'text')
    .execute();
  await db.schema.createIndex('spaces_org_idx').on('spaces').columns(['org_id', 'sort_key', 'id']).execute();
  await db.schema.createIndex('spaces_parent_idx').on('spaces').columns(['parent_id', 'sort_key', 'id']).execute();
  await db.schema.createIndex('spaces_deleted_idx').on('spaces').columns(['deleted_at']).execute();

  await db.schema
    .createTable('revisions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('space_id', 'text', (c) => c.notNull().references('spaces.id').onDelete('cascade'))
    .addColumn('parents', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('revisions_space_idx').on('revisions').columns(['space_id', 'created_at']).execute();

  await db.schema
    .createTable('teams')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('org_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('teams_org_idx').on('teams').columns(['org_id', 'created_at', 'id']).execute();

  await db.schema
    .createTable('team_members')
    .addColumn('team_id', 'text', (c) => c.notNull().references('teams.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('org_id', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('added_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('team_members_pk', ['team_id', 'user_id'])
    .execute();
  await db.schema.createIndex('team_members_user_idx').on('team_members').columns(['user_id', 'org_id']).execute();
  await db.schema.createIndex('team_members_list_idx').on('team_members').columns(['team_id', 'added_at', 'user_id']).execute();

  await db.schema
    .createTable('content_grants')
    .addColumn('target_kind', 'text', (c) => c.notNull())
    .addColumn('target_id', 'text', (c) => c.notNull())
    .addColumn('principal_kind', 'text', (c) => c.notNull())
    .addColumn('principal_id', 'text', (c) => c.notNull())
    .addColumn('org_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('content_grants_pk', ['target_kind', 'target_id', 'principal_kind', 'principal_id'])
    .execute();
  await db.schema.createIndex('content_grants_principal_idx').on('content_grants').columns(['org_id', 'principal_kind', 'principal_id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['content_grants', 'team_members', 'teams', 'revisions', 'spaces', 'collections']) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}

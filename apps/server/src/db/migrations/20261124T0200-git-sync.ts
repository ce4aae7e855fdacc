// Git Sync: the synchronisation set up on a space (git_sync_spaces), every requested import and export
// (git_sync_operations, run by durable jobs), the Git commit of imported/exported revisions (git_revisions) and the
// content-addressed snapshots that map pages and files to their paths and blob ids in the repository (git_snapshots).
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  // Space.gitSync as shown on the space (JSON), kept by the Git Sync service.
  await db.schema.alterTable('spaces').addColumn('git_sync', 'text').execute();

  await db.schema
    .createTable('git_sync_spaces')
    .addColumn('space_id', 'text', (c) => c.primaryKey().references('spaces.id').onDelete('cascade'))
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('ref', 'text', (c) => c.notNull())
    .addColumn('project_directory', 'text', (c) => c.notNull())
    .addColumn('provider', 'text')
    .addColumn('info_url', 'text')
    .addColumn('repo_tree_url', 'text')
    .addColumn('repo_commit_url', 'text')
    .addColumn('last_commit', 'text')
    .addColumn('last_revision_id', 'text')
    .addColumn('last_timestamp', 'text')
    .addColumn('snapshot_hash', 'text')
    .addColumn('lock_operation_id', 'text')
    .addColumn('lock_until', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('git_sync_operations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('space_id', 'text', (c) => c.notNull().references('spaces.id').onDelete('cascade'))
    .addColumn('direction', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('request', 'text', (c) => c.notNull())
    .addColumn('credentials', 'text')
    .addColumn('created_by', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('started_at', 'text')
    .addColumn('ended_at', 'text')
    .addColumn('error', 'text')
    .addColumn('result', 'text')
    .addColumn('revision_id', 'text')
    .addColumn('commit_oid', 'text')
    .execute();
  await db.schema.createIndex('git_sync_operations_space_idx').on('git_sync_operations').columns(['space_id', 'created_at', 'id']).execute();

  await db.schema
    .createTable('git_revisions')
    .addColumn('revision_id', 'text', (c) => c.primaryKey())
    .addColumn('space_id', 'text', (c) => c.notNull().references('spaces.id').onDelete('cascade'))
    .addColumn('oid', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('created_by_service', 'integer', (c) => c.notNull())
    .addColumn('url', 'text')
    .addColumn('ref', 'text')
    .addColumn('snapshot_hash', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('git_snapshots')
    .addColumn('hash', 'text', (c) => c.primaryKey())
    .addColumn('data', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['git_snapshots', 'git_revisions', 'git_sync_operations', 'git_sync_spaces']) await db.schema.dropTable(t).execute();
  await db.schema.alterTable('spaces').dropColumn('git_sync').execute();
}

// Git Sync's tables: a space's sync (git_sync_spaces: repository, branch, last commit, claim, sealed credentials and
// webhook secret), its operations (git_sync_operations), the commits revisions came from or went to
// (git_revisions) and the snapshots of what a commit held (git_snapshots). gitsync/ calls only these.
import type { Insertable, Selectable, Updateable } from 'kysely';
import type { DbOrTx } from '../db/database.js';
import type { GitRevisionsTable, GitSyncOperationsTable, GitSyncSpacesTable } from '../db/schema.js';

export type GitSyncRow = Selectable<GitSyncSpacesTable>;
export type GitSyncOperationRow = Selectable<GitSyncOperationsTable>;
export type GitRevisionRow = Selectable<GitRevisionsTable>;

export const gitSyncRepo = {
  // The space's sync ---------------------------------------------------------------------------------------------
  findSync(db: DbOrTx, spaceId: string): Promise<GitSyncRow | undefined> {
    return db.selectFrom('git_sync_spaces').selectAll().where('space_id', '=', spaceId).executeTakeFirst();
  },
  /** The sync with its space's deletion time (the push webhook answers 404 for a deleted space). */
  findSyncOfSpace(db: DbOrTx, spaceId: string) {
    return db.selectFrom('git_sync_spaces').innerJoin('spaces', 'spaces.id', 'git_sync_spaces.space_id')
      .selectAll('git_sync_spaces').select('spaces.deleted_at')
      .where('git_sync_spaces.space_id', '=', spaceId).executeTakeFirst();
  },
  async insertSync(db: DbOrTx, row: Insertable<GitSyncSpacesTable>): Promise<void> {
    await db.insertInto('git_sync_spaces').values(row).execute();
  },
  /** Updates the sync; false when the space has none. */
  async updateSync(db: DbOrTx, spaceId: string, set: Updateable<GitSyncSpacesTable>): Promise<boolean> {
    const r = await db.updateTable('git_sync_spaces').set(set).where('space_id', '=', spaceId).executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  },
  /** Removes the space's sync; answers whether it had one. */
  async deleteSync(db: DbOrTx, spaceId: string): Promise<boolean> {
    const r = await db.deleteFrom('git_sync_spaces').where('space_id', '=', spaceId).executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  },
  /** Stores a webhook secret for a sync that has none yet (two first readers race: the first one wins). */
  async setWebhookSecretIfNone(db: DbOrTx, spaceId: string, sealed: string): Promise<void> {
    await db.updateTable('git_sync_spaces').set({ webhook_secret: sealed }).where('space_id', '=', spaceId).where('webhook_secret', 'is', null).execute();
  },

  // The claim of the operation running on the space --------------------------------------------------------------
  /** Takes the claim for `opId` when it is free, expired, or already its own; false when another operation holds it. */
  async claim(db: DbOrTx, spaceId: string, opId: string, now: string, until: string): Promise<boolean> {
    const r = await db.updateTable('git_sync_spaces').set({ lock_operation_id: opId, lock_until: until })
      .where('space_id', '=', spaceId)
      .where((eb) => eb.or([eb('lock_operation_id', 'is', null), eb('lock_until', '<', now), eb('lock_operation_id', '=', opId)]))
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  },
  async renewClaim(db: DbOrTx, spaceId: string, opId: string, until: string): Promise<void> {
    await db.updateTable('git_sync_spaces').set({ lock_until: until }).where('space_id', '=', spaceId).where('lock_operation_id', '=', opId).execute();
  },
  async releaseClaim(db: DbOrTx, spaceId: string, opId: string): Promise<void> {
    await db.updateTable('git_sync_spaces').set({ lock_operation_id: null, lock_until: null }).where('space_id', '=', spaceId).where('lock_operation_id', '=', opId).execute();
  },

  // Operations ---------------------------------------------------------------------------------------------------
  async insertOperation(db: DbOrTx, row: Insertable<GitSyncOperationsTable>): Promise<void> {
    await db.insertInto('git_sync_operations').values(row).execute();
  },
  findOperation(db: DbOrTx, id: string): Promise<GitSyncOperationRow | undefined> {
    return db.selectFrom('git_sync_operations').selectAll().where('id', '=', id).executeTakeFirst();
  },
  async updateOperation(db: DbOrTx, id: string, set: Updateable<GitSyncOperationsTable>): Promise<void> {
    await db.updateTable('git_sync_operations').set(set).where('id', '=', id).execute();
  },
  /** Whether an operation of the space requested before `op` is still queued or running (it goes first). */
  async hasEarlierPending(db: DbOrTx, op: Pick<GitSyncOperationRow, 'id' | 'space_id' | 'created_at'>): Promise<boolean> {
    const row = await db.selectFrom('git_sync_operations').select('id').where('space_id', '=', op.space_id)
      .where('state', 'in', ['queued', 'running']).where('id', '!=', op.id)
      .where((eb) => eb.or([eb('created_at', '<', op.created_at), eb.and([eb('created_at', '=', op.created_at), eb('id', '<', op.id)])]))
      .executeTakeFirst();
    return row !== undefined;
  },
  /** The space's imports still queued, oldest first. */
  queuedImports(db: DbOrTx, spaceId: string): Promise<Pick<GitSyncOperationRow, 'id' | 'request'>[]> {
    return db.selectFrom('git_sync_operations').select(['id', 'request']).where('space_id', '=', spaceId)
      .where('direction', '=', 'import').where('state', '=', 'queued').orderBy('created_at').orderBy('id').execute();
  },
  latestOperation(db: DbOrTx, spaceId: string): Promise<GitSyncOperationRow | undefined> {
    return db.selectFrom('git_sync_operations').selectAll().where('space_id', '=', spaceId).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(1).executeTakeFirst();
  },

  // Commits of revisions, and snapshots ----------------------------------------------------------------------------
  /** Records the commit a revision came from or went to (replacing what the revision had). */
  async saveRevisionCommit(db: DbOrTx, row: Insertable<GitRevisionsTable>): Promise<void> {
    await db.deleteFrom('git_revisions').where('revision_id', '=', row.revision_id).execute();
    await db.insertInto('git_revisions').values(row).execute();
  },
  findRevisionCommit(db: DbOrTx, revisionId: string): Promise<GitRevisionRow | undefined> {
    return db.selectFrom('git_revisions').selectAll().where('revision_id', '=', revisionId).executeTakeFirst();
  },
  async insertSnapshot(db: DbOrTx, hash: string, data: string): Promise<void> {
    await db.insertInto('git_snapshots').values({ hash, data }).onConflict((oc) => oc.column('hash').doNothing()).execute();
  },
  async findSnapshotData(db: DbOrTx, hash: string): Promise<string | undefined> {
    return (await db.selectFrom('git_snapshots').select('data').where('hash', '=', hash).executeTakeFirst())?.data;
  },
};

// Roles granted on spaces and collections to users and teams (`content_grants`).
import type { Selectable } from 'kysely';
import type { DbOrTx } from '../db/database.js';
import type { ContentGrantsTable } from '../db/schema.js';
import { prepared } from '../db/prepared.js';
import { cachedRead } from '../db/read-cache.js';
import type { ItemKind } from './tree.repo.js';

export type GrantRow = Selectable<ContentGrantsTable>;
export type PrincipalKind = 'user' | 'team';

const selectGrantsForUser = prepared((db, p: { orgId: string; userId: string }) =>
  db
    .selectFrom('content_grants')
    .select(['target_kind', 'target_id', 'role'])
    .where('org_id', '=', p.orgId)
    .where((eb) => eb.or([
      eb.and([eb('principal_kind', '=', 'user'), eb('principal_id', '=', p.userId)]),
      eb.and([
        eb('principal_kind', '=', 'team'),
        eb('principal_id', 'in', eb.selectFrom('team_members').select('team_id').where('user_id', '=', p.userId).where('org_id', '=', p.orgId)),
      ]),
    ])));

export const grantsRepo = {
  /** Grants that reach a user in an organization: to the user, or to a team they are in. */
  forUser(db: DbOrTx, orgId: string, userId: string): Promise<Pick<GrantRow, 'target_kind' | 'target_id' | 'role'>[]> {
    return cachedRead(db, 'grants', `${orgId} ${userId}`, () => selectGrantsForUser(db, { orgId, userId }));
  },
  async upsert(db: DbOrTx, row: GrantRow): Promise<void> {
    await db
      .insertInto('content_grants')
      .values(row)
      .onConflict((oc) => oc.columns(['target_kind', 'target_id', 'principal_kind', 'principal_id']).doUpdateSet({ role: row.role, updated_at: row.updated_at }))
      .execute();
  },
  async remove(db: DbOrTx, targetKind: ItemKind, targetId: string, principalKind: PrincipalKind, principalId: string): Promise<void> {
    await db
      .deleteFrom('content_grants')
      .where('target_kind', '=', targetKind)
      .where('target_id', '=', targetId)
      .where('principal_kind', '=', principalKind)
      .where('principal_id', '=', principalId)
      .execute();
  },
  async removeForTargets(db: DbOrTx, targetKind: ItemKind, targetIds: string[]): Promise<void> {
    if (targetIds.length === 0) return;
    await db.deleteFrom('content_grants').where('target_kind', '=', targetKind).where('target_id', 'in', targetIds).execute();
  },
  async removeForPrincipal(db: DbOrTx, orgId: string, principalKind: PrincipalKind, principalId: string): Promise<void> {
    await db.deleteFrom('content_grants').where('org_id', '=', orgId).where('principal_kind', '=', principalKind).where('principal_id', '=', principalId).execute();
  },
  /** Copies the grants of one target onto another (space duplication). */
  async copy(db: DbOrTx, targetKind: ItemKind, fromId: string, toId: string, now: string): Promise<void> {
    const rows = await db.selectFrom('content_grants').selectAll().where('target_kind', '=', targetKind).where('target_id', '=', fromId).execute();
    if (rows.length) await db.insertInto('content_grants').values(rows.map((r) => ({ ...r, target_id: toId, created_at: now, updated_at: now }))).execute();
  },
};

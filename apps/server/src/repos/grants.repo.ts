// Roles granted on spaces, collections and sites to users and teams (`content_grants`).
import type { Selectable } from 'kysely';
import type { DbOrTx } from '../db/database.js';
import type { ContentGrantsTable } from '../db/schema.js';
import { paginate, type PageRequest } from '../db/pagination.js';
import { prepared } from '../db/prepared.js';
import { cachedRead } from '../db/read-cache.js';
import type { GrantTargetKind as ItemKind } from './tree.repo.js';

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
  /**
   * Grants `row.role` (a grant with the same role is left as it is). Answers what happened, read from the same
   * statement: `granted` (a new grant), `changed` (another role before) or `unchanged`.
   */
  async upsert(db: DbOrTx, row: GrantRow): Promise<'granted' | 'changed' | 'unchanged'> {
    const r = await db
      .insertInto('content_grants')
      .values(row)
      .onConflict((oc) => oc.columns(['target_kind', 'target_id', 'principal_kind', 'principal_id'])
        .doUpdateSet({ role: row.role, updated_at: row.updated_at })
        .where('content_grants.role', '<>', row.role))
      .returning('created_at')
      .executeTakeFirst();
    return !r ? 'unchanged' : r.created_at === row.created_at ? 'granted' : 'changed';
  },
  /** Removes the grant; answers whether there was one. */
  async remove(db: DbOrTx, targetKind: ItemKind, targetId: string, principalKind: PrincipalKind, principalId: string): Promise<boolean> {
    const r = await db
      .deleteFrom('content_grants')
      .where('target_kind', '=', targetKind)
      .where('target_id', '=', targetId)
      .where('principal_kind', '=', principalKind)
      .where('principal_id', '=', principalId)
      .executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  },
  async removeForTargets(db: DbOrTx, targetKind: ItemKind, targetIds: string[]): Promise<void> {
    if (targetIds.length === 0) return;
    await db.deleteFrom('content_grants').where('target_kind', '=', targetKind).where('target_id', 'in', targetIds).execute();
  },
  async removeForPrincipal(db: DbOrTx, orgId: string, principalKind: PrincipalKind, principalId: string): Promise<void> {
    await db.deleteFrom('content_grants').where('org_id', '=', orgId).where('principal_kind', '=', principalKind).where('principal_id', '=', principalId).execute();
  },
  /** The users granted a role on one space or collection, with their user rows, by display name. */
  listUsersOn(db: DbOrTx, targetKind: ItemKind, targetId: string, page: PageRequest) {
    const base = db.selectFrom('content_grants as g').innerJoin('users as u', 'u.id', 'g.principal_id')
      .selectAll('u').select('g.role as granted_role')
      .where('g.target_kind', '=', targetKind).where('g.target_id', '=', targetId).where('g.principal_kind', '=', 'user');
    return paginate(base, page, {
      scope: `grants-users:${targetKind}:${targetId}`, sortColumn: 'u.display_name', idColumn: 'u.id', direction: 'asc',
      keyOf: (r) => [r.display_name, r.id],
    });
  },
  /** The teams granted a role on one space or collection, with their team rows, by title. */
  listTeamsOn(db: DbOrTx, targetKind: ItemKind, targetId: string, page: PageRequest) {
    const base = db.selectFrom('content_grants as g').innerJoin('teams as t', 't.id', 'g.principal_id')
      .selectAll('t').select('g.role as granted_role')
      .where('g.target_kind', '=', targetKind).where('g.target_id', '=', targetId).where('g.principal_kind', '=', 'team');
    return paginate(base, page, {
      scope: `grants-teams:${targetKind}:${targetId}`, sortColumn: 't.title', idColumn: 't.id', direction: 'asc',
      keyOf: (r) => [r.title, r.id],
    });
  },
  /** Every grant on the given items (a space or collection and the collections above it). */
  onTargets(db: DbOrTx, orgId: string, targets: readonly { kind: ItemKind; id: string }[]): Promise<Pick<GrantRow, 'target_kind' | 'target_id' | 'principal_kind' | 'principal_id' | 'role'>[]> {
    if (targets.length === 0) return Promise.resolve([]);
    return db.selectFrom('content_grants').select(['target_kind', 'target_id', 'principal_kind', 'principal_id', 'role'])
      .where('org_id', '=', orgId)
      .where((eb) => eb.or(targets.map((t) => eb.and([eb('target_kind', '=', t.kind), eb('target_id', '=', t.id)]))))
      .execute();
  },
  /** Copies the grants of one target onto another (space duplication). */
  async copy(db: DbOrTx, targetKind: ItemKind, fromId: string, toId: string, now: string): Promise<void> {
    const rows = await db.selectFrom('content_grants').selectAll().where('target_kind', '=', targetKind).where('target_id', '=', fromId).execute();
    if (rows.length) await db.insertInto('content_grants').values(rows.map((r) => ({ ...r, target_id: toId, created_at: now, updated_at: now }))).execute();
  },
};

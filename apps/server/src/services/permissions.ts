// Grants of roles on spaces and collections (POST /v1/spaces/{id}/permissions, /v1/collections/{id}/permissions),
// and what happens to them when a member leaves the organization.
import type { RequestBody } from '@bindery/api-types';
import type { AppContext } from '../context.js';
import type { DbOrTx } from '../db/database.js';
import { ApiError, invalidField } from '../errors.js';
import type { ContentKind } from '../policies/content.js';
import { grantsRepo } from '../repos/grants.repo.js';
import { membersRepo } from '../repos/organizations.repo.js';
import { teamsRepo } from '../repos/teams.repo.js';
import type { Actor } from './auth.js';
import { loadCollection } from './collections.js';
import { loadSpace } from './spaces.js';
import { locks } from '../repos/locks.js';

type Invite = RequestBody<'inviteToSpace'>;

async function grant(ctx: AppContext, tx: DbOrTx, orgId: string, kind: ContentKind, targetId: string, body: Invite): Promise<void> {
  const users = [...new Set(body.users ?? [])];
  const teams = [...new Set(body.teams ?? [])];
  if (users.length === 0 && teams.length === 0) throw invalidField('/body', 'must name at least one user (`users`) or team (`teams`)');
  for (const [i, userId] of (body.users ?? []).entries()) {
    if (!(await membersRepo.find(tx, orgId, userId))) throw new ApiError(404, `Member not found (/body/users/${i}): the user is not a member of the organization`);
  }
  const found = new Set((await teamsRepo.findMany(tx, orgId, teams)).map((t) => t.id));
  for (const [i, teamId] of (body.teams ?? []).entries()) {
    if (!found.has(teamId)) throw new ApiError(404, `Team not found (/body/teams/${i}): no team of the organization has this id`);
  }
  const now = ctx.clock.now().toISOString();
  const principals = [...users.map((id) => ['user', id] as const), ...teams.map((id) => ['team', id] as const)];
  for (const [principalKind, principalId] of principals) {
    if (body.role === null) await grantsRepo.remove(tx, kind, targetId, principalKind, principalId);
    else await grantsRepo.upsert(tx, { target_kind: kind, target_id: targetId, principal_kind: principalKind, principal_id: principalId, org_id: orgId, role: body.role, created_at: now, updated_at: now });
  }
}

export async function inviteToSpace(ctx: AppContext, actor: Actor, spaceId: string, body: Invite): Promise<void> {
  await ctx.db.transaction().execute(async (tx) => {
    const { space } = await loadSpace(ctx, tx, actor, spaceId, 'invite');
    await locks.organizations(ctx, tx, [space.org_id]);
    await grant(ctx, tx, space.org_id, 'space', space.id, body);
  });
}

export async function inviteToCollection(ctx: AppContext, actor: Actor, collectionId: string, body: Invite): Promise<void> {
  await ctx.db.transaction().execute(async (tx) => {
    const { collection } = await loadCollection(tx, actor, collectionId, 'invite');
    await locks.organizations(ctx, tx, [collection.org_id]);
    await grant(ctx, tx, collection.org_id, 'collection', collection.id, body);
  });
}

/** When a user leaves an organization: they leave its teams and lose the grants made to them on its content. */
export async function forgetMember(db: DbOrTx, orgId: string, userId: string): Promise<void> {
  await teamsRepo.removeUserFromOrganizationTeams(db, orgId, userId);
  await grantsRepo.removeForPrincipal(db, orgId, 'user', userId);
}

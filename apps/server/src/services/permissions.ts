// Grants of roles on spaces and collections (POST /v1/spaces/{id}/permissions, /v1/collections/{id}/permissions,
// and GitBook's per-user and per-team `…/permissions/users|teams[/{id}]`), the lists of them and of every member's
// resulting role (`…/permissions/aggregate`), and what happens to grants when a member leaves the organization.
// One model: the grants are the rows of `content_grants`; a role is always computed by policies/content.ts.
import type { RequestBody } from '@bindery/api-types';
import type { AppContext } from '../context.js';
import type { DbOrTx } from '../db/database.js';
import { paginateSorted, type PageRequest } from '../db/pagination.js';
import { ApiError, invalidField } from '../errors.js';
import { contentRole, grantKey, makeSubject, type ChainLink, type ContentKind } from '../policies/content.js';
import { asRole, highest, type Role } from '../policies/roles.js';
import { seesMemberEmails } from '../policies/space.js';
import { grantsRepo, type PrincipalKind } from '../repos/grants.repo.js';
import { membersRepo } from '../repos/organizations.repo.js';
import { teamsRepo } from '../repos/teams.repo.js';
import type { UserRow } from '../repos/users.repo.js';
import { userAsActor, type Actor } from './auth.js';
import { loadCollection } from './collections.js';
import { collectionChain, loadSubject, spaceChain } from './content-access.js';
import { callerMembership } from './membership.js';
import { loadSpace } from './spaces.js';
import { teamsWithPermissions } from './teams.js';
import { locks } from '../repos/locks.js';
import type { GrantTargetKind } from '../repos/tree.repo.js';
import { siteRole } from '../policies/site.js';
import { loadSite } from './sites.js';
import { recordAudit, type AuditTarget } from './audit.js';

type Invite = RequestBody<'inviteToSpace'>;

/**
 * Records what a grant did (`granted`, `changed`, `removed`; nothing when nothing changed) in the audit log, with
 * the item as the target and the user or team in the payload.
 */
async function auditGrant(
  ctx: AppContext, tx: DbOrTx, actor: Actor, orgId: string, kind: GrantTargetKind, targetId: string,
  principal: PrincipalKind, principalId: string, role: Role | null, outcome: 'granted' | 'changed' | 'unchanged' | boolean,
): Promise<void> {
  if (outcome === 'unchanged' || outcome === false) return;
  const action = outcome === true ? 'permission.removed' : outcome === 'granted' ? 'permission.granted' : 'permission.changed';
  await recordAudit(ctx, tx, actor, orgId, { action, target: { type: kind as AuditTarget['type'], id: targetId }, payload: { principal: { type: principal, id: principalId }, role } });
}

async function grant(ctx: AppContext, tx: DbOrTx, actor: Actor, orgId: string, kind: GrantTargetKind, targetId: string, body: Invite): Promise<void> {
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
    const outcome = body.role === null
      ? await grantsRepo.remove(tx, kind, targetId, principalKind, principalId)
      : await grantsRepo.upsert(tx, { target_kind: kind, target_id: targetId, principal_kind: principalKind, principal_id: principalId, org_id: orgId, role: body.role, created_at: now, updated_at: now });
    await auditGrant(ctx, tx, actor, orgId, kind, targetId, principalKind, principalId, body.role, outcome);
  }
}

export async function inviteToSpace(ctx: AppContext, actor: Actor, spaceId: string, body: Invite): Promise<void> {
  await ctx.db.transaction().execute(async (tx) => {
    const { space } = await loadSpace(ctx, tx, actor, spaceId, 'invite');
    await locks.organizations(ctx, tx, [space.org_id]);
    await grant(ctx, tx, actor, space.org_id, 'space', space.id, body);
  });
}

export async function inviteToCollection(ctx: AppContext, actor: Actor, collectionId: string, body: Invite): Promise<void> {
  await ctx.db.transaction().execute(async (tx) => {
    const { collection } = await loadCollection(tx, actor, collectionId, 'invite');
    await locks.organizations(ctx, tx, [collection.org_id]);
    await grant(ctx, tx, actor, collection.org_id, 'collection', collection.id, body);
  });
}

/** When a user leaves an organization: they leave its teams and lose the grants made to them on its content. */
export async function forgetMember(db: DbOrTx, orgId: string, userId: string): Promise<void> {
  await teamsRepo.removeUserFromOrganizationTeams(db, orgId, userId);
  await grantsRepo.removeForPrincipal(db, orgId, 'user', userId);
}

// GitBook's per-principal permission operations ---------------------------------------------------------------------

/** A space, collection or site whose grants an admin of it manages (404 when the caller cannot see it, 403 below admin). */
interface Target {
  kind: GrantTargetKind;
  id: string;
  orgId: string;
  /** The item and the collections above it, nearest first. */
  chain: ChainLink[];
  showEmails: boolean;
}

type ContentRef = Extract<TargetRef, { kind: ContentKind }>;

/** What the permission operations name: a space or collection by id, a site by organization and id. */
export type TargetRef = { kind: ContentKind; id: string } | { kind: 'site'; orgId: string; id: string };

async function loadTarget(ctx: AppContext, db: DbOrTx, actor: Actor, ref: TargetRef): Promise<Target> {
  const { kind, id } = ref;
  if (ref.kind === 'site') {
    const { site } = await loadSite(ctx, db, actor, ref.orgId, ref.id, 'admin');
    const subject = await loadSubject(db, actor, site.org_id);
    return { kind: 'site', id: site.id, orgId: site.org_id, chain: [], showEmails: seesMemberEmails(subject) };
  }
  if (kind === 'space') {
    const { space, access } = await loadSpace(ctx, db, actor, id, 'invite');
    return { kind, id: space.id, orgId: space.org_id, chain: await spaceChain(db, space), showEmails: access.seesMemberEmails };
  }
  const { collection } = await loadCollection(db, actor, id, 'invite');
  const subject = await loadSubject(db, actor, collection.org_id);
  return { kind, id: collection.id, orgId: collection.org_id, chain: await collectionChain(db, collection.id), showEmails: seesMemberEmails(subject) };
}

/**
 * Sets (or with `role: null` removes) the role granted to one user or team on a space or collection: the same grant
 * `POST …/permissions` makes. The user must be a member of the organization, the team one of its teams (404).
 */
export async function setPermission(
  ctx: AppContext, actor: Actor, ref: TargetRef, principal: PrincipalKind, principalId: string, role: Role | null,
): Promise<void> {
  await ctx.db.transaction().execute(async (tx) => {
    const t = await loadTarget(ctx, tx, actor, ref);
    await locks.organizations(ctx, tx, [t.orgId]);
    if (principal === 'user' && !(await membersRepo.find(tx, t.orgId, principalId))) {
      throw new ApiError(404, 'Member not found (/path/userId): the user is not a member of the organization');
    }
    if (principal === 'team' && !(await teamsRepo.find(tx, t.orgId, principalId))) {
      throw new ApiError(404, 'Team not found (/path/teamId): no team of the organization has this id');
    }
    const now = ctx.clock.now().toISOString();
    const outcome = role === null
      ? await grantsRepo.remove(tx, t.kind, t.id, principal, principalId)
      : await grantsRepo.upsert(tx, { target_kind: t.kind, target_id: t.id, principal_kind: principal, principal_id: principalId, org_id: t.orgId, role, created_at: now, updated_at: now });
    await auditGrant(ctx, tx, actor, t.orgId, t.kind, t.id, principal, principalId, role, outcome);
  });
}

/** Removes the role granted to one user or team on a space or collection (nothing to do when there is none). */
export async function removePermission(ctx: AppContext, actor: Actor, ref: TargetRef, principal: PrincipalKind, principalId: string): Promise<void> {
  await ctx.db.transaction().execute(async (tx) => {
    const t = await loadTarget(ctx, tx, actor, ref);
    await locks.organizations(ctx, tx, [t.orgId]);
    const removed = await grantsRepo.remove(tx, t.kind, t.id, principal, principalId);
    await auditGrant(ctx, tx, actor, t.orgId, t.kind, t.id, principal, principalId, null, removed);
  });
}

/** The users granted a role on the item itself, by display name. */
export async function listUserPermissions(ctx: AppContext, actor: Actor, ref: TargetRef, q: PageRequest) {
  const t = await loadTarget(ctx, ctx.db, actor, ref);
  const page = await grantsRepo.listUsersOn(ctx.db, t.kind, t.id, q);
  const items = page.rows.map(({ granted_role, ...user }) => ({ permission: asRole(granted_role)!, user: user as UserRow }));
  return { items, next: page.next, count: page.count, showEmails: t.showEmails };
}

/** The teams granted a role on the item itself, by title, with the caller's permissions on each team. */
export async function listTeamPermissions(ctx: AppContext, actor: Actor, ref: TargetRef, q: PageRequest) {
  const t = await loadTarget(ctx, ctx.db, actor, ref);
  const page = await grantsRepo.listTeamsOn(ctx.db, t.kind, t.id, q);
  const teams = await teamsWithPermissions(ctx.db, actor, await callerMembership(ctx.db, actor, t.orgId), page.rows.map(({ granted_role: _, ...team }) => team));
  const items = page.rows.map((r, i) => ({ permission: asRole(r.granted_role)!, team: teams[i]! }));
  return { items, next: page.next, count: page.count };
}

/**
 * Every member's role on the item, as the permission model computes it for them (policies/content.ts#contentRole:
 * organization role, grants to them and to their teams on the item and the collections above, default levels);
 * members without one are left out. By display name; `role` keeps one role.
 */
export async function listPermissionsAggregate(ctx: AppContext, actor: Actor, ref: ContentRef, q: PageRequest & { role?: Role }) {
  const { kind } = ref;
  const t = await loadTarget(ctx, ctx.db, actor, ref);
  const [members, grants] = await Promise.all([
    membersRepo.allWithUsers(ctx.db, t.orgId),
    grantsRepo.onTargets(ctx.db, t.orgId, t.chain.map((l) => ({ kind: l.kind, id: l.id }))),
  ]);
  const teamIds = [...new Set(grants.filter((g) => g.principal_kind === 'team').map((g) => g.principal_id))];
  const inTeam = new Map<string, string[]>();
  for (const m of await teamsRepo.membersOfTeams(ctx.db, teamIds)) inTeam.set(m.team_id, [...(inTeam.get(m.team_id) ?? []), m.user_id]);
  // The grants that reach each user, keyed as ContentSubject.grants is.
  const byUser = new Map<string, Map<string, Role>>();
  for (const g of grants) {
    for (const userId of g.principal_kind === 'user' ? [g.principal_id] : (inTeam.get(g.principal_id) ?? [])) {
      const mine = byUser.get(userId) ?? new Map<string, Role>();
      const key = grantKey(g.target_kind as ContentKind, g.target_id);
      const role = highest(mine.get(key), asRole(g.role));
      if (role) mine.set(key, role);
      byUser.set(userId, mine);
    }
  }
  const all: { permission: Role; user: UserRow }[] = [];
  for (const { member, user } of members) {
    const permission = contentRole(makeSubject(userAsActor(user), t.orgId, member, byUser.get(user.id) ?? new Map()), t.chain);
    if (permission && (q.role === undefined || permission === q.role)) all.push({ permission, user });
  }
  const page = paginateSorted(all, q, { scope: `permissions-aggregate:${kind}:${t.id}:${q.role ?? ''}`, keyOf: (i) => [i.user.display_name, i.user.id] });
  return { items: page.items, next: page.next, count: page.count, showEmails: t.showEmails };
}

// Sites (GitBook's site permissions) ------------------------------------------------------------------------------

/** POST …/sites/{siteId}/permissions: grants `role` on the site to users and teams (`null` removes their grants). */
export async function inviteToSite(ctx: AppContext, actor: Actor, orgId: string, siteId: string, body: Invite): Promise<void> {
  await ctx.db.transaction().execute(async (tx) => {
    const t = await loadTarget(ctx, tx, actor, { kind: 'site', orgId, id: siteId });
    await locks.organizations(ctx, tx, [t.orgId]);
    await grant(ctx, tx, actor, t.orgId, 'site', t.id, body);
  });
}

export type SitePermissionOrigin =
  | { type: 'organization'; organization: string }
  | { type: 'site'; site: string; reason: 'member' | 'team'; team?: string };

export interface SiteAggregateQuery extends PageRequest {
  role?: Role | 'guest';
  search?: string;
  team?: string;
  sort?: 'joinedAt' | 'lastSeenAt' | 'name';
  order?: 'asc' | 'desc';
}

/**
 * Every member's role on the site (policies/site.ts#siteRole: the organization role, or a role granted on the site to
 * them or to a team they are in when it is higher) and where it comes from; members with none (guests without a
 * grant, disabled members) are left out. GitBook's filters: `role`, `search` (display name or email), `team`
 * (members of that team), `sort` (joinedAt, lastSeenAt: members never seen sort as seen before everyone else, name) and `order` (default desc).
 */
export async function listSitePermissionsAggregate(ctx: AppContext, actor: Actor, orgId: string, siteId: string, q: SiteAggregateQuery) {
  const t = await loadTarget(ctx, ctx.db, actor, { kind: 'site', orgId, id: siteId });
  const [members, grants] = await Promise.all([
    membersRepo.allWithUsers(ctx.db, t.orgId),
    grantsRepo.onTargets(ctx.db, t.orgId, [{ kind: 'site', id: t.id }]),
  ]);
  const teamIds = [...new Set([...grants.filter((g) => g.principal_kind === 'team').map((g) => g.principal_id), ...(q.team ? [q.team] : [])])];
  const teamsOf = new Map<string, string[]>();
  for (const m of await teamsRepo.membersOfTeams(ctx.db, teamIds)) teamsOf.set(m.user_id, [...(teamsOf.get(m.user_id) ?? []), m.team_id]);
  const needle = q.search?.toLowerCase();
  const all: { permission: Role; user: UserRow; member: (typeof members)[number]['member']; origin: SitePermissionOrigin }[] = [];
  for (const { member, user } of members) {
    if (q.team && !(teamsOf.get(user.id) ?? []).includes(q.team)) continue;
    if (needle && !user.display_name.toLowerCase().includes(needle) && !(t.showEmails && user.email.toLowerCase().includes(needle))) continue;
    // The best grant that reaches the user (to them, or to a team they are in); it is the origin when it raises
    // their organization role, else the organization is.
    let granted: Role | null = null;
    let source: SitePermissionOrigin | null = null;
    for (const g of grants) {
      const mine = g.principal_kind === 'user' ? g.principal_id === user.id : (teamsOf.get(user.id) ?? []).includes(g.principal_id);
      const role = asRole(g.role);
      if (!mine || !role || highest(granted, role) === granted) continue;
      granted = role;
      source = g.principal_kind === 'user' ? { type: 'site', site: t.id, reason: 'member' } : { type: 'site', site: t.id, reason: 'team', team: g.principal_id };
    }
    const permission = siteRole(userAsActor(user), member, granted);
    if (!permission) continue;
    if (q.role !== undefined && permission !== q.role) continue;
    const orgRole = asRole(member.role);
    const origin: SitePermissionOrigin = source && highest(orgRole, granted) !== orgRole ? source : { type: 'organization', organization: t.orgId };
    all.push({ permission, user, member, origin });
  }
  const sort = q.sort ?? 'joinedAt';
  const page = paginateSorted(all, q, {
    scope: `site-permissions-aggregate:${t.id}:${q.role ?? ''}:${q.search ?? ''}:${q.team ?? ''}:${sort}:${q.order ?? 'desc'}`,
    direction: q.order ?? 'desc',
    keyOf: (i) => [sort === 'name' ? i.user.display_name : sort === 'lastSeenAt' ? (i.member.last_seen_at ?? '') : i.member.joined_at, i.user.id],
  });
  return { items: page.items, next: page.next, count: page.count, showEmails: t.showEmails };
}

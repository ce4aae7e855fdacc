// Team commands: create, read, list, rename, delete, and team membership.
import type { QueryParams, RequestBody } from '@bindery/api-types';
import type { AppContext } from '../context.js';
import type { DbOrTx } from '../db/database.js';
import type { PageRequest } from '../db/pagination.js';
import { invalidField, notFound } from '../errors.js';
import { newId } from '../lib/ids.js';
import { authorizeOrganization, effectiveOrgRole } from '../policies/organization.js';
import { authorizeTeam, teamPermissions, type TeamAction, type TeamPermissions } from '../policies/team.js';
import { membersRepo, organizationsRepo, type MemberRow } from '../repos/organizations.repo.js';
import { grantsRepo } from '../repos/grants.repo.js';
import { teamsRepo, splitTeamMember, type TeamCounts, type TeamRole, type TeamRow } from '../repos/teams.repo.js';
import { usersRepo } from '../repos/users.repo.js';
import type { Actor } from './auth.js';
import { callerMembership } from './membership.js';
import { withMembershipCounts } from './members.js';
import { locks } from '../repos/locks.js';
import { recordAudit } from './audit.js';

export interface LoadedTeam {
  team: TeamRow;
  counts: TeamCounts;
  permissions: TeamPermissions;
}

async function callerMember(db: DbOrTx, actor: Actor, orgId: string): Promise<MemberRow | undefined> {
  const org = await organizationsRepo.findById(db, orgId);
  if (!org) throw notFound('Organization');
  const member = await callerMembership(db, actor, orgId);
  authorizeOrganization(actor, member, 'view');
  return member;
}

/** The team with the caller's permissions on it; 404 when it does not exist or the caller cannot see it, 403 when they may not `action`. */
async function loadTeam(db: DbOrTx, actor: Actor, orgId: string, teamId: string, action: TeamAction): Promise<LoadedTeam & { member: MemberRow | undefined }> {
  const member = await callerMember(db, actor, orgId);
  const team = await teamsRepo.find(db, orgId, teamId);
  if (!team) throw notFound('Team');
  const mine = await teamsRepo.findMembership(db, teamId, actor.user.id);
  const permissions = teamPermissions(actor, member, mine?.role as TeamRole | undefined);
  authorizeTeam(permissions, action);
  const counts = (await teamsRepo.counts(db, [teamId])).get(teamId)!;
  return { team, counts, permissions, member };
}

/** Teams with their counts and the caller's permissions on each (`member`: the caller's membership). */
export async function teamsWithPermissions(db: DbOrTx, actor: Actor, member: MemberRow | undefined, teams: TeamRow[]): Promise<LoadedTeam[]> {
  const ids = teams.map((t) => t.id);
  const [counts, mine] = await Promise.all([
    teamsRepo.counts(db, ids),
    teamsRepo.rolesOfUser(db, actor.user.id, ids),
  ]);
  const roles = new Map(mine.map((m) => [m.team_id, m.role as TeamRole]));
  return teams.map((team) => ({ team, counts: counts.get(team.id)!, permissions: teamPermissions(actor, member, roles.get(team.id)) }));
}

/** Resolves user ids or emails to members of the organization; 400 naming the entry that is not one. */
async function resolveMembers(db: DbOrTx, orgId: string, refs: string[], field: string): Promise<string[]> {
  const out: string[] = [];
  for (const [i, ref] of refs.entries()) {
    const user = ref.includes('@') ? await usersRepo.findByEmail(db, ref) : await usersRepo.findById(db, ref);
    const member = user ? await membersRepo.find(db, orgId, user.id) : undefined;
    if (!user || !member) throw invalidField(`${field}/${i}`, `is not a member of the organization: "${ref}"`);
    if (!out.includes(user.id)) out.push(user.id);
  }
  return out;
}

export async function createTeam(ctx: AppContext, actor: Actor, orgId: string, body: RequestBody<'createOrganizationTeam'>): Promise<LoadedTeam> {
  const now = ctx.clock.now().toISOString();
  const team: TeamRow = { id: newId(), org_id: orgId, title: body.title, created_at: now, updated_at: now };
  const member = await ctx.db.transaction().execute(async (tx) => {
    await locks.organizations(ctx, tx, [orgId]);
    const m = await callerMember(tx, actor, orgId);
    authorizeOrganization(actor, m, 'ownTeam');
    const userIds = await resolveMembers(tx, orgId, body.members ?? [], '/body/members');
    await teamsRepo.insert(tx, team);
    for (const userId of userIds) await teamsRepo.addMember(tx, { team_id: team.id, user_id: userId, org_id: orgId, role: 'member', added_at: now }, { updateRole: false });
    await recordAudit(ctx, tx, actor, orgId, { action: 'team.created', target: { type: 'team', id: team.id, label: team.title }, payload: { members: userIds } });
    return m;
  });
  const [loaded] = await teamsWithPermissions(ctx.db, actor, member, [team]);
  return loaded!;
}

export async function listTeams(ctx: AppContext, actor: Actor, orgId: string, q: QueryParams<'listTeamsInOrganizationById'>) {
  const member = await callerMember(ctx.db, actor, orgId);
  authorizeOrganization(actor, member, 'listTeams');
  let ownedBy: string | undefined;
  if (q.owner) {
    // The teams that member can manage: all of them for an organization admin, else those they own.
    const owner = await membersRepo.find(ctx.db, orgId, q.owner);
    if (!(owner && owner.role === 'admin' && !owner.disabled)) ownedBy = q.owner;
  }
  const page = await teamsRepo.list(ctx.db, orgId, { title: q.title, ownedBy }, q);
  return { items: await teamsWithPermissions(ctx.db, actor, member, page.rows), next: page.next, count: page.count };
}

export async function getTeam(ctx: AppContext, actor: Actor, orgId: string, teamId: string): Promise<LoadedTeam> {
  return loadTeam(ctx.db, actor, orgId, teamId, 'view');
}

export async function updateTeam(ctx: AppContext, actor: Actor, orgId: string, teamId: string, title: string): Promise<LoadedTeam> {
  await ctx.db.transaction().execute(async (tx) => {
    const { team } = await loadTeam(tx, actor, orgId, teamId, 'admin');
    await teamsRepo.update(tx, teamId, { title, updated_at: ctx.clock.now().toISOString() });
    if (team.title !== title) {
      await recordAudit(ctx, tx, actor, orgId, { action: 'team.renamed', target: { type: 'team', id: teamId, label: title }, payload: { title: { before: team.title, after: title } } });
    }
  });
  return loadTeam(ctx.db, actor, orgId, teamId, 'view');
}

/** Deletes a team (its members stay in the organization; the team's grants go). 204 also when it does not exist or is not visible. */
export async function deleteTeam(ctx: AppContext, actor: Actor, orgId: string, teamId: string): Promise<void> {
  await ctx.db.transaction().execute(async (tx) => {
    await locks.organizations(ctx, tx, [orgId]);
    const member = await callerMember(tx, actor, orgId);
    const team = await teamsRepo.find(tx, orgId, teamId);
    if (!team) return;
    const mine = await teamsRepo.findMembership(tx, teamId, actor.user.id);
    const permissions = teamPermissions(actor, member, mine?.role as TeamRole | undefined);
    if (!permissions.view) return;
    authorizeTeam(permissions, 'admin');
    await grantsRepo.removeForPrincipal(tx, orgId, 'team', teamId);
    await teamsRepo.delete(tx, orgId, teamId);
    await recordAudit(ctx, tx, actor, orgId, { action: 'team.deleted', target: { type: 'team', id: teamId, label: team.title } });
  });
}

export async function listTeamMembers(ctx: AppContext, actor: Actor, orgId: string, teamId: string, page: PageRequest) {
  const { permissions } = await loadTeam(ctx.db, actor, orgId, teamId, 'view');
  const result = await teamsRepo.listMembers(ctx.db, orgId, teamId, page);
  const rows = result.rows.map(splitTeamMember);
  const members = await withMembershipCounts(ctx.db, orgId, rows);
  const items = rows.map((r, i) => ({
    member: members[i]!,
    teamRole: r.teamRole,
    view: permissions.view,
  }));
  return { items, next: result.next, count: result.count };
}

export async function updateTeamMembers(ctx: AppContext, actor: Actor, orgId: string, teamId: string, body: RequestBody<'updateMembersInOrganizationTeam'>): Promise<void> {
  await ctx.db.transaction().execute(async (tx) => {
    await locks.organizations(ctx, tx, [orgId]);
    const { team } = await loadTeam(tx, actor, orgId, teamId, 'admin');
    const add = await resolveMembers(tx, orgId, body.add ?? [], '/body/add');
    const remove: string[] = [];
    for (const [i, ref] of (body.remove ?? []).entries()) {
      const user = ref.includes('@') ? await usersRepo.findByEmail(tx, ref) : await usersRepo.findById(tx, ref);
      if (!user) throw invalidField(`/body/remove/${i}`, `is not a user: "${ref}"`);
      remove.push(user.id);
    }
    const memberships = Object.entries(body.memberships ?? {});
    const now = ctx.clock.now().toISOString();
    // A user both added and removed ends up removed.
    for (const userId of add) if (!remove.includes(userId)) {
      await teamsRepo.addMember(tx, { team_id: teamId, user_id: userId, org_id: orgId, role: 'member', added_at: now }, { updateRole: false });
    }
    await teamsRepo.removeMembers(tx, teamId, remove);
    const present = new Set((await teamsRepo.memberships(tx, teamId, memberships.map(([id]) => id))).map((m) => m.user_id));
    for (const [userId, { role }] of memberships) {
      if (remove.includes(userId)) continue;
      if (!present.has(userId)) throw invalidField(`/body/memberships/${userId}`, 'is not a member of the team (add them with `add`)');
      await teamsRepo.setRole(tx, teamId, userId, role);
    }
    await recordAudit(ctx, tx, actor, orgId, {
      action: 'team.members_changed', target: { type: 'team', id: teamId, label: team.title },
      payload: { added: add.filter((u) => !remove.includes(u)), removed: remove, roles: Object.fromEntries(memberships.filter(([u]) => !remove.includes(u)).map(([u, m]) => [u, m.role])) },
    });
  });
}

export async function addTeamMember(ctx: AppContext, actor: Actor, orgId: string, teamId: string, userId: string, role: TeamRole | undefined): Promise<void> {
  await ctx.db.transaction().execute(async (tx) => {
    await locks.organizations(ctx, tx, [orgId]);
    const { team } = await loadTeam(tx, actor, orgId, teamId, 'admin');
    if (!(await membersRepo.find(tx, orgId, userId))) throw notFound('Member');
    await teamsRepo.addMember(tx, { team_id: teamId, user_id: userId, org_id: orgId, role: role ?? 'member', added_at: ctx.clock.now().toISOString() }, { updateRole: role !== undefined });
    await recordAudit(ctx, tx, actor, orgId, { action: 'team.members_changed', target: { type: 'team', id: teamId, label: team.title }, payload: { added: [userId], removed: [], roles: role ? { [userId]: role } : {} } });
  });
}

/**
 * Removes a user from a team: its managers may remove anyone, and anyone may leave. 204 also when they were not in it.
 * Holds the organization's lock like every other membership change: without it (PostgreSQL) the deleted row's lock,
 * then the audit event's key share on the organization, deadlocked against an add holding the organization and
 * waiting for that row.
 */
export async function removeTeamMember(ctx: AppContext, actor: Actor, orgId: string, teamId: string, userId: string): Promise<void> {
  await ctx.db.transaction().execute(async (tx) => {
    await locks.organizations(ctx, tx, [orgId]);
    const { team } = await loadTeam(tx, actor, orgId, teamId, userId === actor.user.id ? 'view' : 'admin');
    if (!(await teamsRepo.removeMembers(tx, teamId, [userId]))) return;
    await recordAudit(ctx, tx, actor, orgId, { action: 'team.members_changed', target: { type: 'team', id: teamId, label: team.title }, payload: { added: [], removed: [userId], roles: {} } });
  });
}

/** The teams a member is in (GET /orgs/{org}/members/{user}/teams): the member themself, or members with a role. */
export async function listTeamsOfMember(ctx: AppContext, actor: Actor, orgId: string, userId: string, q: QueryParams<'listTeamsForOrganizationMember'>) {
  const member = await callerMember(ctx.db, actor, orgId);
  if (userId !== actor.user.id && effectiveOrgRole(actor, member) === null) throw notFound('Member');
  if (!(await membersRepo.find(ctx.db, orgId, userId))) throw notFound('Member');
  const page = await teamsRepo.listForUser(ctx.db, orgId, userId, { title: q.title }, q);
  const loaded = await teamsWithPermissions(ctx.db, actor, member, page.rows.map(({ member_role: _r, ...t }) => t));
  const items = loaded.map((l, i) => ({ ...l, memberRole: page.rows[i]!.member_role as TeamRole }));
  return { items, next: page.next, count: page.count };
}

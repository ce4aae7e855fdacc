// Membership commands: list, get, change role, remove, invite by email, join by domain or invite link, SSO, ping.
import type { QueryParams, RequestBody } from '@bindery/api-types';
import { SignJWT } from 'jose';
import { sql } from 'kysely';
import type { AppContext } from '../context.js';
import type { DbOrTx } from '../db/database.js';
import { containsInsensitive } from '../db/dialect.js';
import { paginate } from '../db/pagination.js';
import { conflict, forbidden, invalidField, notFound } from '../errors.js';
import { newId } from '../lib/ids.js';
import { effectiveOrgRole } from '../policies/organization.js';
import { membersRepo, invitesRepo, organizationsRepo, type MemberRow } from '../repos/organizations.repo.js';
import { usersRepo, type UserRow } from '../repos/users.repo.js';
import type { MemberCounts } from '../presenters/organization.js';
import type { Actor } from './auth.js';
import { assertNotBoundElsewhere } from './membership.js';
import { loadOrganization, lockOrganization } from './organizations.js';
import { forgetMember } from './permissions.js';

export interface MemberWithUser {
  member: MemberRow;
  user: UserRow;
  counts: MemberCounts;
}

/**
 * How many spaces and teams each member has: `spaces` counts the live spaces granted to the member directly
 * (POST /v1/spaces/{id}/permissions), `teams` the organization's teams they are in.
 */
export async function countMemberships(db: DbOrTx, orgId: string, userIds: string[]): Promise<Map<string, MemberCounts>> {
  const out = new Map<string, MemberCounts>(userIds.map((id) => [id, { spaces: 0, teams: 0 }]));
  if (userIds.length === 0) return out;
  const [teams, spaces] = await Promise.all([
    db.selectFrom('team_members').select(['user_id', sql<number | string>`count(*)`.as('n')]).where('org_id', '=', orgId).where('user_id', 'in', userIds).groupBy('user_id').execute(),
    db
      .selectFrom('content_grants as g')
      .innerJoin('spaces as s', 's.id', 'g.target_id')
      .select(['g.principal_id', sql<number | string>`count(distinct s.id)`.as('n')])
      .where('g.org_id', '=', orgId)
      .where('g.target_kind', '=', 'space')
      .where('g.principal_kind', '=', 'user')
      .where('g.principal_id', 'in', userIds)
      .where('s.deleted_at', 'is', null)
      .groupBy('g.principal_id')
      .execute(),
  ]);
  for (const t of teams) out.get(t.user_id)!.teams = Number(t.n);
  for (const g of spaces) out.get(g.principal_id)!.spaces = Number(g.n);
  return out;
}

async function withCounts(db: DbOrTx, orgId: string, rows: { member: MemberRow; user: UserRow }[]): Promise<MemberWithUser[]> {
  const counts = await countMemberships(db, orgId, rows.map((r) => r.user.id));
  return rows.map((r) => ({ ...r, counts: counts.get(r.user.id) ?? { spaces: 0, teams: 0 } }));
}

const MEMBER_COLUMNS = [
  'm.org_id', 'm.user_id', 'm.role', 'm.disabled', 'm.sso', 'm.joined_at', 'm.last_seen_at',
  'u.id', 'u.email', 'u.email_lower', 'u.display_name', 'u.photo_url', 'u.is_instance_admin', 'u.created_at', 'u.updated_at',
] as const;

type JoinedRow = {
  org_id: string; user_id: string; role: string | null; disabled: 0 | 1; sso: 0 | 1; joined_at: string; last_seen_at: string | null;
  id: string; email: string; email_lower: string; display_name: string; photo_url: string | null; is_instance_admin: 0 | 1;
  created_at: string; updated_at: string;
};

function split(r: JoinedRow): { member: MemberRow; user: UserRow } {
  return {
    member: { org_id: r.org_id, user_id: r.user_id, role: r.role, disabled: r.disabled, sso: r.sso, joined_at: r.joined_at, last_seen_at: r.last_seen_at },
    user: {
      id: r.id, email: r.email, email_lower: r.email_lower, display_name: r.display_name, photo_url: r.photo_url,
      is_instance_admin: r.is_instance_admin, created_at: r.created_at, updated_at: r.updated_at,
    },
  };
}

function joinedMembers(db: DbOrTx, orgId: string) {
  return db.selectFrom('org_members as m').innerJoin('users as u', 'u.id', 'm.user_id').select(MEMBER_COLUMNS).where('m.org_id', '=', orgId);
}

export async function listMembers(ctx: AppContext, actor: Actor, orgId: string, q: QueryParams<'listMembersInOrganizationById'>) {
  await loadOrganization(ctx, actor, orgId, 'listMembers');
  let base = joinedMembers(ctx.db, orgId);
  if (q.role === 'guest') base = base.where('m.role', 'is', null);
  else if (q.role) base = base.where('m.role', '=', q.role);
  if (q.search) {
    const s = q.search;
    base = base.where((eb) => eb.or([containsInsensitive(eb.ref('u.display_name'), s), containsInsensitive(eb.ref('u.email'), s)]));
  }
  const sort = q.sort ?? 'joinedAt';
  if (sort === 'lastSeenAt') base = base.where('m.last_seen_at', 'is not', null);
  const sortColumn = { joinedAt: 'm.joined_at', lastSeenAt: 'm.last_seen_at', name: 'u.display_name' }[sort];
  const direction = q.order ?? 'desc';
  const page = await paginate(base, q, {
    scope: `members:${orgId}:${q.role ?? ''}:${q.search ?? ''}:${sort}:${direction}`,
    sortColumn,
    idColumn: 'm.user_id',
    direction,
    keyOf: (r) => [({ joinedAt: r.joined_at, lastSeenAt: r.last_seen_at ?? '', name: r.display_name })[sort], r.user_id],
  });
  return { ...page, items: await withCounts(ctx.db, orgId, page.rows.map(split)) };
}

async function findMemberWithUser(db: DbOrTx, orgId: string, userId: string): Promise<MemberWithUser | undefined> {
  const row = await joinedMembers(db, orgId).where('m.user_id', '=', userId).executeTakeFirst();
  if (!row) return undefined;
  const [one] = await withCounts(db, orgId, [split(row)]);
  return one;
}

export async function getMember(ctx: AppContext, actor: Actor, orgId: string, userId: string): Promise<MemberWithUser> {
  const { member } = await loadOrganization(ctx, actor, orgId);
  // Guests see only themselves; members with a role see the member list.
  if (userId !== actor.user.id && !actor.isInstanceAdmin && effectiveOrgRole(actor, member) === null) throw notFound('Member');
  const found = await findMemberWithUser(ctx.db, orgId, userId);
  if (!found) throw notFound('Member');
  return found;
}

export async function updateMemberRole(ctx: AppContext, actor: Actor, orgId: string, userId: string, role: string | null): Promise<MemberWithUser> {
  await loadOrganization(ctx, actor, orgId, 'admin');
  await ctx.db.transaction().execute(async (tx) => {
    await lockOrganization(ctx, tx, orgId);
    const target = await membersRepo.find(tx, orgId, userId);
    if (!target) throw notFound('Member');
    if (target.role === 'admin' && role !== 'admin' && (await membersRepo.countAdmins(tx, orgId)) <= 1) {
      throw conflict('The last admin of an organization cannot be demoted; make another member admin first');
    }
    await membersRepo.update(tx, orgId, userId, { role });
  });
  const found = await findMemberWithUser(ctx.db, orgId, userId);
  if (!found) throw notFound('Member');
  return found;
}

export async function removeMember(ctx: AppContext, actor: Actor, orgId: string, userId: string): Promise<void> {
  const self = userId === actor.user.id;
  await loadOrganization(ctx, actor, orgId, self ? 'view' : 'admin');
  await ctx.db.transaction().execute(async (tx) => {
    await lockOrganization(ctx, tx, orgId);
    const target = await membersRepo.find(tx, orgId, userId);
    if (!target) return;
    if (target.role === 'admin' && (await membersRepo.countAdmins(tx, orgId)) <= 1) {
      throw conflict('The last admin of an organization cannot be removed; make another member admin first');
    }
    await membersRepo.delete(tx, orgId, userId);
    // Leaving the organization also means leaving its teams and losing the grants on its content.
    await forgetMember(tx, orgId, userId);
  });
}

/** Adds a user as a member unless they already are one; returns whether it added them. */
async function addMember(db: DbOrTx, row: MemberRow): Promise<boolean> {
  const r = await db
    .insertInto('org_members')
    .values(row)
    .onConflict((oc) => oc.columns(['org_id', 'user_id']).doNothing())
    .executeTakeFirst();
  return Number(r.numInsertedOrUpdatedRows ?? 0) > 0;
}

export async function inviteUsers(ctx: AppContext, actor: Actor, orgId: string, body: RequestBody<'inviteUsersToOrganization'>) {
  const { org } = await loadOrganization(ctx, actor, orgId, 'admin');
  const wanted = body.emails.map((e) => (typeof e === 'string' ? { email: e, role: undefined } : e));
  const users = await usersRepo.findByEmails(ctx.db, wanted.map((w) => w.email));
  const byEmail = new Map(users.map((u) => [u.email_lower, u]));
  const missing = wanted.findIndex((w) => !byEmail.has(w.email.toLowerCase()));
  if (missing >= 0) {
    throw invalidField(`/body/emails/${missing}`, `no user of this Bindery instance has the email "${wanted[missing]!.email}" (create the user first with POST /v1/users)`);
  }
  const now = ctx.clock.now().toISOString();
  let invited = 0;
  const ids: string[] = [];
  await ctx.db.transaction().execute(async (tx) => {
    for (const w of wanted) {
      const user = byEmail.get(w.email.toLowerCase())!;
      const role = w.role !== undefined ? w.role : body.role !== undefined ? body.role : org.default_role;
      if (await addMember(tx, { org_id: orgId, user_id: user.id, role, disabled: 0, sso: body.sso ? 1 : 0, joined_at: now, last_seen_at: null })) invited++;
      if (!ids.includes(user.id)) ids.push(user.id);
    }
  });
  return { users: ids, invited };
}

export async function joinByEmailDomain(ctx: AppContext, actor: Actor, orgId: string): Promise<void> {
  const org = await organizationsRepo.findById(ctx.db, orgId);
  if (!org) throw notFound('Organization');
  assertNotBoundElsewhere(actor, orgId, 'join another organization');
  const existing = await membersRepo.find(ctx.db, orgId, actor.user.id);
  if (existing) return;
  const domain = actor.user.email_lower.split('@')[1] ?? '';
  const allowed = JSON.parse(org.email_domains) as string[];
  if (!allowed.includes(domain)) throw forbidden(`Users with an email in "${domain}" cannot join this organization`);
  await addMember(ctx.db, { org_id: orgId, user_id: actor.user.id, role: org.default_role, disabled: 0, sso: 0, joined_at: ctx.clock.now().toISOString(), last_seen_at: null });
}

export async function joinWithInvite(ctx: AppContext, actor: Actor, orgId: string, inviteId: string): Promise<MemberWithUser> {
  assertNotBoundElsewhere(actor, orgId, 'join another organization');
  const invite = await invitesRepo.find(ctx.db, orgId, inviteId);
  if (!invite) throw notFound('Invite');
  await addMember(ctx.db, { org_id: orgId, user_id: actor.user.id, role: invite.role, disabled: 0, sso: 0, joined_at: ctx.clock.now().toISOString(), last_seen_at: null });
  const found = await findMemberWithUser(ctx.db, orgId, actor.user.id);
  if (!found) throw notFound('Member');
  return found;
}

export async function createInviteLink(ctx: AppContext, actor: Actor, orgId: string, role: string | null) {
  const { org } = await loadOrganization(ctx, actor, orgId, 'admin');
  if (org.invite_links !== 1) throw forbidden('Invite links are disabled for this organization (PATCH inviteLinks: true)');
  const row = { id: newId(), org_id: orgId, role, created_by: actor.user.id, created_at: ctx.clock.now().toISOString() };
  await invitesRepo.insert(ctx.db, row);
  return row;
}

export async function setSsoMember(ctx: AppContext, actor: Actor, orgId: string, userId: string): Promise<MemberWithUser> {
  const { org } = await loadOrganization(ctx, actor, orgId, 'admin');
  const user = await usersRepo.findById(ctx.db, userId);
  if (!user) throw notFound('User');
  await addMember(ctx.db, { org_id: orgId, user_id: userId, role: org.default_role, disabled: 0, sso: 1, joined_at: ctx.clock.now().toISOString(), last_seen_at: null });
  await membersRepo.update(ctx.db, orgId, userId, { sso: 1 });
  const found = await findMemberWithUser(ctx.db, orgId, userId);
  if (!found) throw notFound('Member');
  return found;
}

/** Marks the caller as seen and returns a signed JWT of their identity and role in the organization. */
export async function ping(ctx: AppContext, actor: Actor, orgId: string): Promise<string> {
  const { member } = await loadOrganization(ctx, actor, orgId);
  if (!member) throw notFound('Member');
  const now = ctx.clock.now();
  await membersRepo.update(ctx.db, orgId, actor.user.id, { last_seen_at: now.toISOString() });
  const iat = Math.floor(now.getTime() / 1000);
  return new SignJWT({ organization: orgId, role: member.role, email: actor.user.email, name: actor.user.display_name })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(actor.user.id)
    .setIssuer(ctx.config.publicUrl)
    .setAudience(orgId)
    .setIssuedAt(iat)
    .setExpirationTime(iat + 3600)
    .sign(ctx.jwtSecret);
}

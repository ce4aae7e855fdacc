// Membership commands: list, get, change role, remove, invite by email, join by domain, SSO, ping (invite links:
// services/invite-links.ts).
import type { QueryParams, RequestBody } from '@bindery/api-types';
import { SignJWT } from 'jose';
import type { AppContext } from '../context.js';
import type { DbOrTx } from '../db/database.js';
import { conflict, forbidden, invalidField, notFound } from '../errors.js';
import { effectiveOrgRole } from '../policies/organization.js';
import { membersRepo, organizationsRepo, type MemberAndUser } from '../repos/organizations.repo.js';
import { usersRepo } from '../repos/users.repo.js';
import type { MemberCounts } from '../presenters/organization.js';
import type { Actor } from './auth.js';
import { assertNotBoundElsewhere } from './membership.js';
import { loadOrganization } from './organizations.js';
import { forgetMember } from './permissions.js';
import { locks } from '../repos/locks.js';
import { recordAudit } from './audit.js';

export interface MemberWithUser extends MemberAndUser {
  counts: MemberCounts;
}

/** Members with their user and their counts of spaces and teams (Member.spaces, Member.teams). */
export async function withMembershipCounts(db: DbOrTx, orgId: string, rows: MemberAndUser[]): Promise<MemberWithUser[]> {
  const counts = await membersRepo.countMemberships(db, orgId, rows.map((r) => r.user.id));
  return rows.map((r) => ({ member: r.member, user: r.user, counts: counts.get(r.user.id) ?? { spaces: 0, teams: 0 } }));
}

export async function listMembers(ctx: AppContext, actor: Actor, orgId: string, q: QueryParams<'listMembersInOrganizationById'>) {
  await loadOrganization(ctx, actor, orgId, 'listMembers');
  const filters = { role: q.role, search: q.search, sort: q.sort ?? 'joinedAt', direction: q.order ?? 'desc' } as const;
  const page = await membersRepo.listWithUsers(ctx.db, orgId, filters, q);
  return { ...page, items: await withMembershipCounts(ctx.db, orgId, page.rows) };
}

export async function findMemberWithUser(db: DbOrTx, orgId: string, userId: string): Promise<MemberWithUser | undefined> {
  const row = await membersRepo.findWithUser(db, orgId, userId);
  if (!row) return undefined;
  const [one] = await withMembershipCounts(db, orgId, [row]);
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

/** PATCH of a member that changes nothing (GitBook's fields are all optional): an admin's read of the member. */
export async function getMemberAsAdmin(ctx: AppContext, actor: Actor, orgId: string, userId: string): Promise<MemberWithUser> {
  await loadOrganization(ctx, actor, orgId, 'admin');
  return getMember(ctx, actor, orgId, userId);
}

export async function updateMemberRole(ctx: AppContext, actor: Actor, orgId: string, userId: string, role: string | null): Promise<MemberWithUser> {
  await loadOrganization(ctx, actor, orgId, 'admin');
  await ctx.db.transaction().execute(async (tx) => {
    await locks.organizations(ctx, tx, [orgId]);
    const target = await membersRepo.find(tx, orgId, userId);
    if (!target) throw notFound('Member');
    if (target.role === 'admin' && role !== 'admin' && (await membersRepo.countAdmins(tx, orgId)) <= 1) {
      throw conflict('The last admin of an organization cannot be demoted; make another member admin first');
    }
    await membersRepo.update(tx, orgId, userId, { role });
    if (target.role !== role) {
      await recordAudit(ctx, tx, actor, orgId, { action: 'member.role_changed', target: { type: 'member', id: userId }, payload: { role: { before: target.role, after: role } } });
    }
  });
  const found = await findMemberWithUser(ctx.db, orgId, userId);
  if (!found) throw notFound('Member');
  return found;
}

export async function removeMember(ctx: AppContext, actor: Actor, orgId: string, userId: string): Promise<void> {
  const self = userId === actor.user.id;
  await loadOrganization(ctx, actor, orgId, self ? 'view' : 'admin');
  await ctx.db.transaction().execute(async (tx) => {
    await locks.organizations(ctx, tx, [orgId]);
    const target = await membersRepo.find(tx, orgId, userId);
    if (!target) return;
    if (target.role === 'admin' && (await membersRepo.countAdmins(tx, orgId)) <= 1) {
      throw conflict('The last admin of an organization cannot be removed; make another member admin first');
    }
    await membersRepo.delete(tx, orgId, userId);
    // Leaving the organization also means leaving its teams and losing the grants on its content.
    await forgetMember(tx, orgId, userId);
    await recordAudit(ctx, tx, actor, orgId, { action: 'member.removed', target: { type: 'member', id: userId }, payload: { role: target.role, left: self } });
  });
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
      if (await membersRepo.insertIfAbsent(tx, { org_id: orgId, user_id: user.id, role, disabled: 0, sso: body.sso ? 1 : 0, joined_at: now, last_seen_at: null })) {
        invited++;
        await recordAudit(ctx, tx, actor, orgId, { action: 'member.invited', target: { type: 'member', id: user.id, label: user.display_name }, payload: { role, sso: !!body.sso } });
      }
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
  await ctx.db.transaction().execute(async (tx) => {
    if (await membersRepo.insertIfAbsent(tx, { org_id: orgId, user_id: actor.user.id, role: org.default_role, disabled: 0, sso: 0, joined_at: ctx.clock.now().toISOString(), last_seen_at: null })) {
      await recordAudit(ctx, tx, actor, orgId, { action: 'member.joined', target: { type: 'member', id: actor.user.id, label: actor.user.display_name }, payload: { role: org.default_role, via: 'email-domain' } });
    }
  });
}

export async function setSsoMember(ctx: AppContext, actor: Actor, orgId: string, userId: string): Promise<MemberWithUser> {
  const { org } = await loadOrganization(ctx, actor, orgId, 'admin');
  const user = await usersRepo.findById(ctx.db, userId);
  if (!user) throw notFound('User');
  await membersRepo.insertIfAbsent(ctx.db, { org_id: orgId, user_id: userId, role: org.default_role, disabled: 0, sso: 1, joined_at: ctx.clock.now().toISOString(), last_seen_at: null });
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

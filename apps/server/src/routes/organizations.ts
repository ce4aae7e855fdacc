import { listBody } from '../db/pagination.js';
import { handlers } from '../http/operations.js';
import { presentInvite, presentMember, presentOrganization } from '../presenters/organization.js';
import { organizationsRepo, membersRepo, invitesRepo } from '../repos/organizations.repo.js';
import { createOrganization, loadOrganization, updateOrganization } from '../services/organizations.js';
import * as members from '../services/members.js';

export const organizationHandlers = handlers({
  listOrganizationsForAuthenticatedUser: async ({ actor, query }, ctx) => {
    const page = await organizationsRepo.listForUser(ctx.db, actor.user.id, query, actor.ssoOrgId);
    const items = page.rows.map((row) => {
      const { member_role, ...org } = row;
      const member = { org_id: org.id, user_id: actor.user.id, role: member_role, disabled: 0 as const, sso: 0 as const, joined_at: org.created_at, last_seen_at: null };
      return presentOrganization(ctx.config, org, actor, member);
    });
    return { status: 200, body: listBody(items, page) };
  },

  createOrganization: async ({ actor, body }, ctx) => {
    const { org, member } = await createOrganization(ctx, actor, body);
    return {
      status: 201,
      body: presentOrganization(ctx.config, org, actor, member),
      headers: { Location: `${ctx.config.publicUrl}/v1/orgs/${org.id}` },
    };
  },

  getOrganizationById: async ({ actor, params }, ctx) => {
    const { org, member } = await loadOrganization(ctx, actor, params.organizationId);
    return { status: 200, body: presentOrganization(ctx.config, org, actor, member) };
  },

  updateOrganizationById: async ({ actor, params, body }, ctx) => {
    const { org, member } = await updateOrganization(ctx, actor, params.organizationId, body);
    return { status: 200, body: presentOrganization(ctx.config, org, actor, member) };
  },

  getOrganizationsForEmailDomain: async ({ actor, params }, ctx) => {
    const domain = params.emailDomain.toLowerCase();
    const ownsDomain = actor.user.email_lower.endsWith('@' + domain);
    if (!ownsDomain && !actor.isInstanceAdmin) return { status: 200, body: { organizations: [] } };
    const orgs = await organizationsRepo.findByEmailDomain(ctx.db, domain);
    const organizations = await Promise.all(
      orgs.map(async (o) => presentOrganization(ctx.config, o, actor, await membersRepo.find(ctx.db, o.id, actor.user.id))),
    );
    return { status: 200, body: { organizations } };
  },

  listMembersInOrganizationById: async ({ actor, params, query }, ctx) => {
    const page = await members.listMembers(ctx, actor, params.organizationId, query);
    return { status: 200, body: listBody(page.items.map((m) => presentMember(ctx.config, m.member, m.user, m.counts)), page) };
  },

  getMemberInOrganizationById: async ({ actor, params }, ctx) => {
    const m = await members.getMember(ctx, actor, params.organizationId, params.userId);
    return { status: 200, body: presentMember(ctx.config, m.member, m.user, m.counts) };
  },

  updateMemberInOrganizationById: async ({ actor, params, body }, ctx) => {
    const m = await members.updateMemberRole(ctx, actor, params.organizationId, params.userId, body.role);
    return { status: 200, body: presentMember(ctx.config, m.member, m.user, m.counts) };
  },

  removeMemberFromOrganizationById: async ({ actor, params }, ctx) => {
    await members.removeMember(ctx, actor, params.organizationId, params.userId);
    return { status: 204, body: undefined };
  },

  setUserAsSsoMemberForOrganization: async ({ actor, params }, ctx) => {
    const m = await members.setSsoMember(ctx, actor, params.organizationId, params.userId);
    return { status: 200, body: presentMember(ctx.config, m.member, m.user, m.counts) };
  },

  inviteUsersToOrganization: async ({ actor, params, body }, ctx) => {
    return { status: 200, body: await members.inviteUsers(ctx, actor, params.organizationId, body) };
  },

  joinOrganization: async ({ actor, params }, ctx) => {
    await members.joinByEmailDomain(ctx, actor, params.organizationId);
    return { status: 204, body: undefined };
  },

  joinOrganizationWithInvite: async ({ actor, params }, ctx) => {
    const m = await members.joinWithInvite(ctx, actor, params.organizationId, params.inviteId);
    return { status: 200, body: presentMember(ctx.config, m.member, m.user, m.counts) };
  },

  listOrganizationInviteLinks: async ({ actor, params, query }, ctx) => {
    await loadOrganization(ctx, actor, params.organizationId, 'admin');
    const page = await invitesRepo.list(ctx.db, params.organizationId, query);
    return { status: 200, body: listBody(page.rows.map((i) => presentInvite(ctx.config, i)), page) };
  },

  createOrganizationInvite: async ({ actor, params, body }, ctx) => {
    const invite = await members.createInviteLink(ctx, actor, params.organizationId, body.role);
    return { status: 201, body: presentInvite(ctx.config, invite) };
  },

  deleteOrganizationInviteById: async ({ actor, params }, ctx) => {
    await loadOrganization(ctx, actor, params.organizationId, 'admin');
    await invitesRepo.delete(ctx.db, params.organizationId, params.inviteId);
    return { status: 204, body: undefined };
  },

  updateOrganizationMemberLastSeenAt: async ({ actor, params }, ctx) => {
    return { status: 200, body: { serviceVisitorClaims: await members.ping(ctx, actor, params.organizationId) } };
  },
});

import { listBody } from '../db/pagination.js';
import { handlers } from '../http/operations.js';
import { presentInvite, presentMember, presentOrganization } from '../presenters/organization.js';
import { createOrganization, listOrganizationsForUser, loadOrganization, organizationsForEmailDomain, updateOrganization } from '../services/organizations.js';
import * as members from '../services/members.js';
import { defaultSiteMaker } from '../services/sites.js';
import { invalidField } from '../errors.js';
import * as inviteLinks from '../services/invite-links.js';

export const organizationHandlers = handlers({
  listOrganizationsForAuthenticatedUser: async ({ actor, query }, ctx) => {
    const page = await listOrganizationsForUser(ctx, actor, query);
    return { status: 200, body: listBody(page.items.map((o) => presentOrganization(ctx.config, o.org, actor, o.member)), page) };
  },

  createOrganization: async ({ actor, body, query }, ctx) => {
    if (query.openapiUrl !== undefined) {
      throw invalidField('/query/openapiUrl', 'is not supported: Bindery does not import a specification while creating an organization (add it afterwards with POST /v1/orgs/{organizationId}/openapi)');
    }
    const defaultSite = query.withDefaultSite ? await defaultSiteMaker(ctx, actor, body.title) : undefined;
    const { org, member } = await createOrganization(ctx, actor, body, defaultSite);
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
    const found = await organizationsForEmailDomain(ctx, actor, params.emailDomain);
    return { status: 200, body: { organizations: found.map((o) => presentOrganization(ctx.config, o.org, actor, o.member)) } };
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
    const m = body.role === undefined
      ? await members.getMemberAsAdmin(ctx, actor, params.organizationId, params.userId)
      : await members.updateMemberRole(ctx, actor, params.organizationId, params.userId, body.role);
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
    const m = await inviteLinks.joinWithInvite(ctx, actor, params.organizationId, params.inviteId);
    return { status: 200, body: presentMember(ctx.config, m.member, m.user, m.counts) };
  },

  listOrganizationInviteLinks: async ({ actor, params, query }, ctx) => {
    const page = await inviteLinks.listInviteLinks(ctx, actor, params.organizationId, query);
    return { status: 200, body: listBody(page.links.map((i) => presentInvite(ctx.config, i)), page) };
  },

  createOrganizationInvite: async ({ actor, params, body }, ctx) => {
    const invite = await inviteLinks.createInviteLink(ctx, actor, params.organizationId, body);
    return { status: 201, body: presentInvite(ctx.config, invite) };
  },

  getOrganizationInviteLink: async ({ actor, params }, ctx) => {
    return { status: 200, body: presentInvite(ctx.config, await inviteLinks.getInviteLink(ctx, actor, params.organizationId, params.inviteId)) };
  },

  updateOrganizationInviteById: async ({ actor, params, body }, ctx) => {
    return { status: 200, body: presentInvite(ctx.config, await inviteLinks.updateInviteLink(ctx, actor, params.organizationId, params.inviteId, body)) };
  },

  deleteOrganizationInviteById: async ({ actor, params }, ctx) => {
    await inviteLinks.deleteInviteLink(ctx, actor, params.organizationId, params.inviteId);
    return { status: 204, body: undefined };
  },

  updateOrganizationMemberLastSeenAt: async ({ actor, params }, ctx) => {
    return { status: 200, body: { serviceVisitorClaims: await members.ping(ctx, actor, params.organizationId) } };
  },
});

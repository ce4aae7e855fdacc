// Teams and team members (and a member's teams): parse, call the service, present.
import { listBody } from '../db/pagination.js';
import { handlers } from '../http/operations.js';
import { presentMember } from '../presenters/organization.js';
import { presentTeam } from '../presenters/team.js';
import * as teams from '../services/teams.js';

export const teamHandlers = handlers({
  listTeamsInOrganizationById: async ({ actor, params, query }, ctx) => {
    const page = await teams.listTeams(ctx, actor, params.organizationId, query);
    return { status: 200, body: listBody(page.items.map((t) => presentTeam(t.team, t.counts, t.permissions)), page) };
  },

  createOrganizationTeam: async ({ actor, params, body }, ctx) => {
    const t = await teams.createTeam(ctx, actor, params.organizationId, body);
    return {
      status: 201,
      body: presentTeam(t.team, t.counts, t.permissions),
      headers: { Location: `${ctx.config.publicUrl}/v1/orgs/${params.organizationId}/teams/${t.team.id}` },
    };
  },

  getTeamInOrganizationById: async ({ actor, params }, ctx) => {
    const t = await teams.getTeam(ctx, actor, params.organizationId, params.teamId);
    return { status: 200, body: presentTeam(t.team, t.counts, t.permissions) };
  },

  updateTeamInOrganizationById: async ({ actor, params, body }, ctx) => {
    const t = await teams.updateTeam(ctx, actor, params.organizationId, params.teamId, body.title);
    return { status: 200, body: presentTeam(t.team, t.counts, t.permissions) };
  },

  removeTeamFromOrganizationById: async ({ actor, params }, ctx) => {
    await teams.deleteTeam(ctx, actor, params.organizationId, params.teamId);
    return { status: 204, body: undefined };
  },

  listTeamMembersInOrganizationById: async ({ actor, params, query }, ctx) => {
    const page = await teams.listTeamMembers(ctx, actor, params.organizationId, params.teamId, query);
    const items = page.items.map((i) => ({
      organization: presentMember(ctx.config, i.member.member, i.member.user, i.member.counts),
      team: { role: i.teamRole },
      permissions: { view: i.view },
    }));
    return { status: 200, body: listBody(items, page) };
  },

  updateMembersInOrganizationTeam: async ({ actor, params, body }, ctx) => {
    await teams.updateTeamMembers(ctx, actor, params.organizationId, params.teamId, body);
    return { status: 204, body: undefined };
  },

  addMemberToOrganizationTeamById: async ({ actor, params, body }, ctx) => {
    await teams.addTeamMember(ctx, actor, params.organizationId, params.teamId, params.userId, body?.role);
    return { status: 204, body: undefined };
  },

  deleteMemberFromOrganizationTeamById: async ({ actor, params }, ctx) => {
    await teams.removeTeamMember(ctx, actor, params.organizationId, params.teamId, params.userId);
    return { status: 204, body: undefined };
  },

  listTeamsForOrganizationMember: async ({ actor, params, query }, ctx) => {
    const page = await teams.listTeamsOfMember(ctx, actor, params.organizationId, params.userId, query);
    const items = page.items.map((t) => ({ team: presentTeam(t.team, t.counts, t.permissions), member: { role: t.memberRole } }));
    return { status: 200, body: listBody(items, page) };
  },
});

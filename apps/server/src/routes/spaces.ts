// Spaces (and the two operations of other tags that return spaces): parse, call the service, present.
import { listBody } from '../db/pagination.js';
import { handlers } from '../http/operations.js';
import { presentSpace } from '../presenters/space.js';
import * as spaces from '../services/spaces.js';
import { contentByUrl } from '../services/url-content.js';
import { resolveEmbed } from '../services/embeds.js';
import { inviteToSpace } from '../services/permissions.js';
import * as permissions from '../services/permissions.js';
import { presentUserPermission } from '../presenters/user.js';
import { presentTeamPermission } from '../presenters/team.js';

export const spaceHandlers = handlers({
  listSpacesInOrganizationById: async ({ actor, params, query }, ctx) => {
    const page = await spaces.listSpaces(ctx, actor, params.organizationId, query);
    return { status: 200, body: listBody(page.items.map((s) => presentSpace(ctx.config, s.space, s.access)), page) };
  },

  createSpace: async ({ actor, params, body }, ctx) => {
    const { space, access } = await spaces.createSpace(ctx, actor, params.organizationId, body);
    const json = presentSpace(ctx.config, space, access);
    return { status: 201, body: json, headers: { Location: json.urls.location } };
  },

  getContentByUrl: async ({ actor, query }, ctx) => ({ status: 200, body: await contentByUrl(ctx, actor, query.url) }),

  getEmbedByUrl: async ({ query }, ctx) => ({ status: 200, body: await resolveEmbed(ctx, query.url) }),

  getEmbedByUrlInSpace: async ({ actor, params, query }, ctx) => {
    await spaces.getSpace(ctx, actor, params.spaceId); // 404 unless the caller may read it
    return { status: 200, body: await resolveEmbed(ctx, query.url) };
  },

  getSpaceById: async ({ actor, params, query }, ctx) => {
    const { space, access } = await spaces.getSpace(ctx, actor, params.spaceId, query.shareKey);
    return { status: 200, body: presentSpace(ctx.config, space, access) };
  },

  updateSpaceById: async ({ actor, params, body }, ctx) => {
    const { space, access } = await spaces.updateSpace(ctx, actor, params.spaceId, body);
    return { status: 200, body: presentSpace(ctx.config, space, access) };
  },

  deleteSpaceById: async ({ actor, params }, ctx) => {
    await spaces.deleteSpace(ctx, actor, params.spaceId);
    return { status: 204, body: undefined };
  },

  restoreSpace: async ({ actor, params }, ctx) => {
    const { space, access } = await spaces.restoreSpace(ctx, actor, params.spaceId);
    return { status: 200, body: presentSpace(ctx.config, space, access) };
  },

  duplicateSpace: async ({ actor, params }, ctx) => {
    const { space, access } = await spaces.duplicateSpace(ctx, actor, params.spaceId);
    const json = presentSpace(ctx.config, space, access);
    return { status: 201, body: json, headers: { Location: json.urls.location } };
  },

  moveSpace: async ({ actor, params, body }, ctx) => {
    const { space, access } = await spaces.moveSpace(ctx, actor, params.spaceId, body);
    return { status: 200, body: presentSpace(ctx.config, space, access) };
  },

  transferSpace: async ({ actor, params, body }, ctx) => {
    const { space, access } = await spaces.transferSpace(ctx, actor, params.spaceId, body.organization);
    return { status: 200, body: presentSpace(ctx.config, space, access) };
  },

  listUserPermissionsInSpace: async ({ actor, params, query }, ctx) => {
    const page = await permissions.listUserPermissions(ctx, actor, { kind: 'space', id: params.spaceId }, query);
    return { status: 200, body: listBody(page.items.map((i) => presentUserPermission(ctx.config, i.permission, i.user, page.showEmails)), page) };
  },
  updateUserPermissionInSpace: async ({ actor, params, body }, ctx) => {
    await permissions.setPermission(ctx, actor, { kind: 'space', id: params.spaceId }, 'user', params.userId, body.role);
    return { status: 204, body: undefined };
  },
  removeUserFromSpace: async ({ actor, params }, ctx) => {
    await permissions.removePermission(ctx, actor, { kind: 'space', id: params.spaceId }, 'user', params.userId);
    return { status: 204, body: undefined };
  },
  listTeamPermissionsInSpace: async ({ actor, params, query }, ctx) => {
    const page = await permissions.listTeamPermissions(ctx, actor, { kind: 'space', id: params.spaceId }, query);
    return { status: 200, body: listBody(page.items.map((i) => presentTeamPermission(i.permission, i.team.team, i.team.counts, i.team.permissions)), page) };
  },
  updateTeamPermissionInSpace: async ({ actor, params, body }, ctx) => {
    await permissions.setPermission(ctx, actor, { kind: 'space', id: params.spaceId }, 'team', params.teamId, body.role);
    return { status: 204, body: undefined };
  },
  removeTeamFromSpace: async ({ actor, params }, ctx) => {
    await permissions.removePermission(ctx, actor, { kind: 'space', id: params.spaceId }, 'team', params.teamId);
    return { status: 204, body: undefined };
  },
  listPermissionsAggregateInSpace: async ({ actor, params, query }, ctx) => {
    const page = await permissions.listPermissionsAggregate(ctx, actor, { kind: 'space', id: params.spaceId }, query);
    return { status: 200, body: listBody(page.items.map((i) => presentUserPermission(ctx.config, i.permission, i.user, page.showEmails)), page) };
  },

  inviteToSpace: async ({ actor, params, body }, ctx) => {
    await inviteToSpace(ctx, actor, params.spaceId, body);
    return { status: 204, body: undefined };
  },

  listSpacesForOrganizationMember: async ({ actor, params, query }, ctx) => {
    const page = await spaces.listSpacesForMember(ctx, actor, params.organizationId, params.userId, query);
    const items = page.items.map((i) => ({ permission: i.permission, space: presentSpace(ctx.config, i.space, i.access) }));
    return { status: 200, body: listBody(items, page) };
  },
});

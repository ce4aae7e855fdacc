// Collections: parse, call the service, present.
import { listBody } from '../db/pagination.js';
import { handlers } from '../http/operations.js';
import { presentCollection } from '../presenters/collection.js';
import { presentSpace } from '../presenters/space.js';
import * as collections from '../services/collections.js';
import { inviteToCollection } from '../services/permissions.js';
import * as permissions from '../services/permissions.js';
import { presentUserPermission } from '../presenters/user.js';
import { presentTeamPermission } from '../presenters/team.js';

export const collectionHandlers = handlers({
  listCollectionsInOrganizationById: async ({ actor, params, query }, ctx) => {
    const page = await collections.listCollections(ctx, actor, params.organizationId, query);
    return { status: 200, body: listBody(page.items.map((c) => presentCollection(ctx.config, c.collection, c.access)), page) };
  },

  createCollection: async ({ actor, params, body }, ctx) => {
    const { collection, access } = await collections.createCollection(ctx, actor, params.organizationId, body);
    const json = presentCollection(ctx.config, collection, access);
    return { status: 201, body: json, headers: { Location: json.urls.location } };
  },

  getCollectionById: async ({ actor, params }, ctx) => {
    const { collection, access } = await collections.getCollection(ctx, actor, params.collectionId);
    return { status: 200, body: presentCollection(ctx.config, collection, access) };
  },

  updateCollectionById: async ({ actor, params, body }, ctx) => {
    const { collection, access } = await collections.updateCollection(ctx, actor, params.collectionId, body);
    return { status: 200, body: presentCollection(ctx.config, collection, access) };
  },

  deleteCollectionById: async ({ actor, params }, ctx) => {
    await collections.deleteCollection(ctx, actor, params.collectionId);
    return { status: 204, body: undefined };
  },

  listSpacesInCollectionById: async ({ actor, params, query }, ctx) => {
    const page = await collections.listSpacesInCollection(ctx, actor, params.collectionId, query);
    return { status: 200, body: listBody(page.items.map((s) => presentSpace(ctx.config, s.space, s.access)), page) };
  },

  moveCollection: async ({ actor, params, body }, ctx) => {
    const { collection, access } = await collections.moveCollection(ctx, actor, params.collectionId, body);
    return { status: 200, body: presentCollection(ctx.config, collection, access) };
  },

  transferCollection: async ({ actor, params, body }, ctx) => {
    const { collection, access } = await collections.transferCollection(ctx, actor, params.collectionId, body.organization);
    return { status: 200, body: presentCollection(ctx.config, collection, access) };
  },

  listUserPermissionsInCollection: async ({ actor, params, query }, ctx) => {
    const page = await permissions.listUserPermissions(ctx, actor, { kind: 'collection', id: params.collectionId }, query);
    return { status: 200, body: listBody(page.items.map((i) => presentUserPermission(ctx.config, i.permission, i.user, page.showEmails)), page) };
  },
  updateUserPermissionInCollection: async ({ actor, params, body }, ctx) => {
    await permissions.setPermission(ctx, actor, { kind: 'collection', id: params.collectionId }, 'user', params.userId, body.role);
    return { status: 204, body: undefined };
  },
  removeUserFromCollection: async ({ actor, params }, ctx) => {
    await permissions.removePermission(ctx, actor, { kind: 'collection', id: params.collectionId }, 'user', params.userId);
    return { status: 204, body: undefined };
  },
  listTeamPermissionsInCollection: async ({ actor, params, query }, ctx) => {
    const page = await permissions.listTeamPermissions(ctx, actor, { kind: 'collection', id: params.collectionId }, query);
    return { status: 200, body: listBody(page.items.map((i) => presentTeamPermission(i.permission, i.team.team, i.team.counts, i.team.permissions)), page) };
  },
  updateTeamPermissionInCollection: async ({ actor, params, body }, ctx) => {
    await permissions.setPermission(ctx, actor, { kind: 'collection', id: params.collectionId }, 'team', params.teamId, body.role);
    return { status: 204, body: undefined };
  },
  removeTeamFromCollection: async ({ actor, params }, ctx) => {
    await permissions.removePermission(ctx, actor, { kind: 'collection', id: params.collectionId }, 'team', params.teamId);
    return { status: 204, body: undefined };
  },
  listPermissionsAggregateInCollection: async ({ actor, params, query }, ctx) => {
    const page = await permissions.listPermissionsAggregate(ctx, actor, { kind: 'collection', id: params.collectionId }, query);
    return { status: 200, body: listBody(page.items.map((i) => presentUserPermission(ctx.config, i.permission, i.user, page.showEmails)), page) };
  },

  inviteToCollection: async ({ actor, params, body }, ctx) => {
    await inviteToCollection(ctx, actor, params.collectionId, body);
    return { status: 204, body: undefined };
  },
});

// Collections: parse, call the service, present.
import { listBody } from '../db/pagination.js';
import { handlers } from '../http/operations.js';
import { presentCollection } from '../presenters/collection.js';
import { presentSpace } from '../presenters/space.js';
import * as collections from '../services/collections.js';
import { inviteToCollection } from '../services/permissions.js';

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

  inviteToCollection: async ({ actor, params, body }, ctx) => {
    await inviteToCollection(ctx, actor, params.collectionId, body);
    return { status: 204, body: undefined };
  },
});

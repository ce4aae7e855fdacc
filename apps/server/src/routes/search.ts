// Full-text search of a space and of an organization's spaces (engine/search.ts; presenters/search.ts).
import { listBody } from '../db/pagination.js';
import { handlers } from '../http/operations.js';
import { searchOrganization, searchSpace } from '../engine/index.js';
import { presentSearchPage, presentSearchSpace } from '../presenters/search.js';
import { prewarmSiteSearch, searchSite } from '../services/site-search.js';

export const searchHandlers = handlers({
  searchSpaceContent: async ({ actor, params, query }, ctx) => {
    // A site API token searches as its visitor: not the pages a page condition hides from the visitor's claims.
    const r = await searchSpace(ctx, actor, params.spaceId, query.query, query);
    return { status: 200, body: listBody(r.pages.map((p) => presentSearchPage(ctx.config, p, r.terms)), r) };
  },

  searchSiteContent: async ({ actor, params, query, body }, ctx) => {
    const r = await searchSite(ctx, actor, params.organizationId, params.siteId, body, query);
    return { status: 200, body: listBody(r.spaces.map((s) => presentSearchSpace(ctx.config, s, r.terms)), r) };
  },

  prewarmSiteSearch: async ({ actor, params }, ctx) => {
    const { built, warm } = await prewarmSiteSearch(ctx, actor, params.organizationId, params.siteId);
    return { status: 204, body: undefined, headers: { 'X-Bindery-Search-Indexes': `built=${built}, warm=${warm}` } };
  },

  searchOrganizationContent: async ({ actor, params, query }, ctx) => {
    const r = await searchOrganization(ctx, actor, params.organizationId, query.query, query);
    return { status: 200, body: listBody(r.spaces.map((s) => presentSearchSpace(ctx.config, s, r.terms)), r) };
  },
});

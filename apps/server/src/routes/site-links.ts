// Share links and redirects of a site, and the lookup of a published URL: parse, call the service, present.
import { listBody } from '../db/pagination.js';
import { handlers } from '../http/operations.js';
import { presentRedirect, presentShareLink, siteLocation } from '../presenters/site.js';
import * as links from '../services/site-links.js';
import { lookupPublishedUrl } from '../services/site-lookup.js';

export const siteLinkHandlers = handlers({
  listSiteShareLinks: async ({ actor, params, query }, ctx) => {
    const { site, page } = await links.listShareLinks(ctx, actor, params.organizationId, params.siteId, query);
    return { status: 200, body: listBody(page.rows.map((r) => presentShareLink(ctx.config, site, r)), page) };
  },

  createSiteShareLink: async ({ actor, params, body }, ctx) => {
    const { site, link } = await links.createShareLink(ctx, actor, params.organizationId, params.siteId, body.name);
    return { status: 201, body: presentShareLink(ctx.config, site, link), headers: { Location: `${siteLocation(ctx.config, site)}/share-links/${link.id}` } };
  },

  updateSiteShareLinkById: async ({ actor, params, body }, ctx) => {
    const { site, link } = await links.updateShareLink(ctx, actor, params.organizationId, params.siteId, params.shareLinkId, body);
    return { status: 200, body: presentShareLink(ctx.config, site, link) };
  },

  deleteSiteShareLinkById: async ({ actor, params }, ctx) => {
    const deleted = await links.deleteShareLink(ctx, actor, params.organizationId, params.siteId, params.shareLinkId);
    return { status: deleted ? 205 : 204, body: undefined };
  },

  listSiteRedirects: async ({ actor, params, query }, ctx) => {
    const page = await links.listRedirects(ctx, actor, params.organizationId, params.siteId, query);
    return { status: 200, body: listBody(page.rows.map(presentRedirect), page) };
  },

  createSiteRedirect: async ({ actor, params, body }, ctx) => {
    const { site, redirect } = await links.createRedirect(ctx, actor, params.organizationId, params.siteId, body);
    return { status: 201, body: presentRedirect(redirect), headers: { Location: `${siteLocation(ctx.config, site)}/redirects/${redirect.id}` } };
  },

  bulkUpsertSiteRedirects: async ({ actor, params, body }, ctx) => ({
    status: 200, body: { results: await links.bulkUpsertRedirects(ctx, actor, params.organizationId, params.siteId, body.redirects) },
  }),

  updateSiteRedirectById: async ({ actor, params, body }, ctx) => ({
    status: 200, body: presentRedirect(await links.updateRedirect(ctx, actor, params.organizationId, params.siteId, params.siteRedirectId, body)),
  }),

  deleteSiteRedirectById: async ({ actor, params }, ctx) => {
    const deleted = await links.deleteRedirect(ctx, actor, params.organizationId, params.siteId, params.siteRedirectId);
    return { status: deleted ? 205 : 204, body: undefined };
  },

  getSiteRedirectBySource: async ({ actor, params, query }, ctx) => {
    const { redirect, target } = await links.resolveRedirect(ctx, actor, params.organizationId, params.siteId, query.source, query.shareKey);
    return { status: 200, body: { redirect: presentRedirect(redirect), target } };
  },

  getPublishedContentByUrl: async ({ query }, ctx) => ({
    status: 200,
    body: await lookupPublishedUrl(ctx, { url: query.url, ...(query.visitorAuthToken ? { jwtToken: query.visitorAuthToken } : {}), redirectOnError: query.redirectOnError ?? false }),
  }),

  resolvePublishedContentByUrl: async ({ body }, ctx) => ({
    status: 200,
    body: await lookupPublishedUrl(ctx, {
      url: body.url, redirectOnError: body.redirectOnError ?? false,
      ...(body.visitor?.jwtToken ? { jwtToken: body.visitor.jwtToken } : {}),
      ...(body.visitor?.unsignedClaims ? { unsignedClaims: body.visitor.unsignedClaims as Record<string, unknown> } : {}),
    }),
  }),
});

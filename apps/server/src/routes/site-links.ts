// Share links, redirects and page feedback of a site, and the lookup of a published URL: parse, call the service, present.
import { listBody } from '../db/pagination.js';
import { handlers } from '../http/operations.js';
import { presentExternalLink, presentPageFeedback, presentRedirect, presentShareLink, siteLocation } from '../presenters/site.js';
import { listPageFeedback } from '../services/site-feedback.js';
import * as externalLinks from '../services/site-external-links.js';
import * as links from '../services/site-links.js';
import { lookupPublishedUrl } from '../services/site-lookup.js';

export const siteLinkHandlers = handlers({
  addExternalLinkToSite: async ({ actor, params, body }, ctx) => {
    const row = await externalLinks.addExternalLink(ctx, actor, params.organizationId, params.siteId, body);
    return { status: 201, body: presentExternalLink(row), headers: { Location: `${siteLocation(ctx.config, { org_id: params.organizationId, id: params.siteId })}/external-links/${row.id}` } };
  },
  updateSiteExternalLinkById: async ({ actor, params, body, headers }, ctx) => {
    const row = await externalLinks.updateExternalLink(ctx, actor, params.organizationId, params.siteId, params.siteExternalLinkId, body);
    if (/\breturn=minimal\b/.test(String(headers.prefer ?? ''))) return { status: 204, body: undefined, headers: { 'Preference-Applied': 'return=minimal' } };
    return { status: 200, body: presentExternalLink(row) };
  },
  deleteSiteExternalLinkById: async ({ actor, params }, ctx) => {
    const deleted = await externalLinks.deleteExternalLink(ctx, actor, params.organizationId, params.siteId, params.siteExternalLinkId);
    return { status: deleted ? 205 : 204, body: undefined };
  },

  listSitePageFeedback: async ({ actor, params, query }, ctx) => {
    const page = await listPageFeedback(ctx, actor, params.organizationId, params.siteId, query);
    return { status: 200, body: listBody(page.rows.map(presentPageFeedback), page) };
  },

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

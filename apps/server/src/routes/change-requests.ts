// Change requests, their reviews and requested reviewers.
import { listBody } from '../db/pagination.js';
import { handlers } from '../http/operations.js';
import * as content from '../engine/index.js';
import { presentConflictList } from '../presenters/conflicts.js';
import * as crs from '../services/change-requests.js';

export const changeRequestHandlers = handlers({
  createChangeRequest: async ({ actor, params, body }, ctx) => {
    const json = await crs.createChangeRequest(ctx, actor, params.spaceId, body);
    return { status: 201, body: json, headers: { Location: json.urls.location } };
  },
  listChangeRequestsForSpace: async ({ actor, params, query }, ctx) => {
    const page = await crs.listChangeRequests(ctx, actor, params.spaceId, query);
    return { status: 200, body: listBody(page.items, page) };
  },
  listChangeRequestsForOrganization: async ({ actor, params, query }, ctx) => {
    const page = await crs.listChangeRequestsForOrganization(ctx, actor, params.organizationId, query);
    return { status: 200, body: listBody(page.items, page) };
  },
  getChangeRequestById: async ({ actor, params }, ctx) => ({
    status: 200, body: await crs.getChangeRequest(ctx, actor, params.spaceId, params.changeRequestId),
  }),
  updateChangeRequestById: async ({ actor, params, body, headers }, ctx) => {
    const json = await crs.updateChangeRequestById(ctx, actor, params.spaceId, params.changeRequestId, body);
    if (/\breturn=minimal\b/.test(String(headers.prefer ?? ''))) {
      return { status: 204, body: undefined, headers: { 'Preference-Applied': 'return=minimal' } };
    }
    return { status: 200, body: json };
  },

  updateChangeRequest: async ({ actor, params }, ctx) => ({
    status: 200, body: await content.updateChangeRequest(ctx, actor, params.spaceId, params.changeRequestId),
  }),
  mergeChangeRequest: async ({ actor, params }, ctx) => ({
    status: 200, body: await content.mergeChangeRequest(ctx, actor, params.spaceId, params.changeRequestId),
  }),
  getChangeRequestConflicts: async ({ actor, params }, ctx) => ({
    status: 200, body: presentConflictList(await content.listConflicts(ctx, actor, params.spaceId, params.changeRequestId)),
  }),
  resolveChangeRequestConflicts: async ({ actor, params, body }, ctx) => ({
    status: 200, body: await content.resolveConflicts(ctx, actor, params.spaceId, params.changeRequestId, body),
  }),

  getChangeRequestPdf: async ({ actor, params, query }, ctx) => ({
    status: 200, body: await content.changeRequestPdfUrl(ctx, actor, params.spaceId, params.changeRequestId, query),
  }),
  downloadExportedPdf: async ({ params }, ctx) => {
    const { pdf, filename } = await content.renderExportedPdf(ctx, params.token);
    return {
      status: 200, body: undefined as never, file: { contentType: 'application/pdf', data: pdf },
      headers: { 'Cache-Control': 'private, no-store', 'Content-Disposition': `inline; filename="${filename}"`, 'X-Content-Type-Options': 'nosniff' },
    };
  },

  getReviewsByChangeRequestId: async ({ actor, params, query }, ctx) => {
    const page = await crs.listReviews(ctx, actor, params.spaceId, params.changeRequestId, query);
    return { status: 200, body: listBody(page.items, page) };
  },
  submitChangeRequestReview: async ({ actor, params, body }, ctx) => {
    const review = await crs.submitReview(ctx, actor, params.spaceId, params.changeRequestId, body);
    return { status: 201, body: review, headers: { Location: review.urls.location } };
  },
  getChangeRequestReviewById: async ({ actor, params, query }, ctx) => ({
    status: 200, body: await crs.getReview(ctx, actor, params.spaceId, params.changeRequestId, params.reviewId, query.format),
  }),

  getContributorsByChangeRequestId: async ({ actor, params, query }, ctx) => {
    const page = await crs.listContributors(ctx, actor, params.spaceId, params.changeRequestId, query);
    return { status: 200, body: listBody(page.items, page) };
  },
  getRequestedReviewersByChangeRequestId: async ({ actor, params, query }, ctx) => {
    const page = await crs.listRequestedReviewers(ctx, actor, params.spaceId, params.changeRequestId, query);
    return { status: 200, body: listBody(page.items, page) };
  },
  requestReviewersForChangeRequest: async ({ actor, params, body }, ctx) => ({
    status: 200, body: await crs.requestReviewers(ctx, actor, params.spaceId, params.changeRequestId, body),
  }),
  removeRequestedReviewerFromChangeRequest: async ({ actor, params }, ctx) => {
    await crs.removeRequestedReviewer(ctx, actor, params.spaceId, params.changeRequestId, params.userId);
    return { status: 204, body: undefined };
  },
});

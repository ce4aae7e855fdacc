// The content of a change request: the space's content readers on the change request's revision, the editing
// extension on its revision chain. Parse, call the services, present.
import { listBody, paginateSorted } from '../db/pagination.js';
import { handlers } from '../http/operations.js';
import { gitOf } from '../gitsync/metadata.js';
import { metaLinksOf, presentFile, presentPage, presentPageDocument, presentReusableContent, presentSemanticChanges } from '../presenters/content.js';
import { findReusableContent, revisionAnswer } from './content.js';
import { changeRequestChanges, editChangeRequestContent, loadChangeRequestContent } from '../engine/index.js';
import { evaluatePage, findPage, findPageByPath, findShownFile, pageTimes, shownFiles, shownPages } from '../engine/index.js';
import { fileBacklinks, listLinks, pageBacklinks } from '../engine/index.js';
import { etag, evaluatedFlag, toEdits } from './content-edit-input.js';
import { locatedIn } from '../services/content-errors.js';
import { presentBacklinks, presentLinkUsages } from '../presenters/links.js';
import { applyChangeRequestChanges } from '../services/change-request-changes.js';
import { getChangeRequest } from '../services/change-requests.js';

export const changeRequestContentHandlers = handlers({
  getRevisionOfChangeRequestById: async ({ actor, params, query }, ctx) => {
    return revisionAnswer(ctx, await loadChangeRequestContent(ctx, actor, params.spaceId, params.changeRequestId, { computed: query.computed }), query);
  },

  getReusableContentInChangeRequestById: async ({ actor, params, query }, ctx) => {
    const sc = await loadChangeRequestContent(ctx, actor, params.spaceId, params.changeRequestId);
    return { status: 200, body: presentReusableContent(await findReusableContent(ctx, sc, params.reusableContentId), query.metadata !== false), headers: etag(sc.content.revision.id) };
  },

  listPagesInChangeRequest: async ({ actor, params, query }, ctx) => {
    const sc = await loadChangeRequestContent(ctx, actor, params.spaceId, params.changeRequestId, { computed: query.computed });
    const pages = await shownPages(ctx, sc);
    const git = await gitOf(ctx, sc, query);
    const times = await pageTimes(ctx.db, sc.space.id, pages);
    return { status: 200, body: { pages: pages.map((p) => presentPage(ctx.config, sc.space.id, p, { git, times })) }, headers: etag(sc.content.revision.id) };
  },

  getPageInChangeRequestById: async ({ actor, params, query }, ctx) => {
    const sc = await loadChangeRequestContent(ctx, actor, params.spaceId, params.changeRequestId, { computed: query.computed });
    const page = await evaluatePage(ctx, sc, await findPage(ctx, ctx.db, sc, params.pageId), evaluatedFlag(query.evaluated));
    return { status: 200, body: await presentPageDocument(ctx.config, sc.space.id, page, { format: query.format ?? 'document', git: await gitOf(ctx, sc, query), times: await pageTimes(ctx.db, sc.space.id, [page]) }), headers: etag(sc.content.revision.id) };
  },

  getPageInChangeRequestByPath: async ({ actor, params, query }, ctx) => {
    const sc = await loadChangeRequestContent(ctx, actor, params.spaceId, params.changeRequestId, { computed: query.computed });
    const page = await evaluatePage(ctx, sc, await findPageByPath(ctx, ctx.db, sc, params.pagePath), evaluatedFlag(query.evaluated));
    return { status: 200, body: await presentPageDocument(ctx.config, sc.space.id, page, { format: query.format ?? 'document', git: await gitOf(ctx, sc, query), times: await pageTimes(ctx.db, sc.space.id, [page]) }), headers: etag(sc.content.revision.id) };
  },

  getChangeRequestChanges: async ({ actor, params, query }, ctx) => {
    const r = await changeRequestChanges(ctx, actor, params.spaceId, params.changeRequestId, {});
    return { status: 200, body: await presentSemanticChanges(ctx.config, ctx.db, r.sc.space.id, r.changes, query.limit ?? 10) };
  },

  listFilesInChangeRequestById: async ({ actor, params, query }, ctx) => {
    const sc = await loadChangeRequestContent(ctx, actor, params.spaceId, params.changeRequestId, { computed: query.computed });
    const files = await shownFiles(ctx, sc);
    const page = paginateSorted(files, query, { scope: `cr-files:${sc.changeRequest.id}:${sc.content.revision.id}`, keyOf: (f) => ['', `${f.name}\u0000${f.id}`] });
    const git = await gitOf(ctx, sc, query);
    return { status: 200, body: listBody(page.items.map((f) => presentFile(ctx.config, sc.space.id, sc.content.revision.id, f, git)), page) };
  },

  getFileInChangeRequestById: async ({ actor, params, query }, ctx) => {
    const sc = await loadChangeRequestContent(ctx, actor, params.spaceId, params.changeRequestId, { computed: query.computed });
    const file = await findShownFile(ctx, sc, params.fileId);
    return { status: 200, body: presentFile(ctx.config, sc.space.id, sc.content.revision.id, file, await gitOf(ctx, sc, query)) };
  },

  listPageLinksInChangeRequest: async ({ actor, params, query }, ctx) => {
    const sc = await loadChangeRequestContent(ctx, actor, params.spaceId, params.changeRequestId);
    const r = await listLinks(ctx, sc, { ...query, pageId: params.pageId });
    return { status: 200, body: { ...listBody(presentLinkUsages(sc, r), r), stats: r.stats } };
  },

  listChangeRequestPageBacklinks: async ({ actor, params, query }, ctx) => {
    const sc = await loadChangeRequestContent(ctx, actor, params.spaceId, params.changeRequestId);
    const r = await pageBacklinks(ctx, sc, params.pageId, query);
    return { status: 200, body: listBody(presentBacklinks(sc, r), r) };
  },

  listChangeRequestFileBacklinks: async ({ actor, params, query }, ctx) => {
    const sc = await loadChangeRequestContent(ctx, actor, params.spaceId, params.changeRequestId);
    const r = await fileBacklinks(ctx, sc, params.fileId, query);
    return { status: 200, body: listBody(presentBacklinks(sc, r), r) };
  },

  updateChangeRequestContent: async ({ actor, params, query, body }, ctx) => {
    const r = await applyChangeRequestChanges(ctx, actor, params.spaceId, params.changeRequestId, body.changes);
    const changeRequest = await getChangeRequest(ctx, actor, params.spaceId, r.changeRequestId);
    if (query.compat !== false) return { status: 200, body: changeRequest, headers: etag(r.result.revisionId) };
    const location = (id: string) => `${ctx.config.publicUrl}/v1/spaces/${params.spaceId}/change-requests/${r.changeRequestId}/content/page/${id}`;
    const changes = r.touched.map((t) => (t.object === 'deleted_page'
      ? { object: t.object, page: t.id }
      : { object: t.object, ...(t.ref !== undefined ? { ref: t.ref } : {}), page: { object: 'page' as const, id: t.id, urls: { location: location(t.id) } } }));
    const insertedFiles = r.insertedFiles.map((f) => presentFile(ctx.config, params.spaceId, r.result.revisionId, f));
    return { status: 200, body: { changeRequest, changes, insertedFiles }, headers: etag(r.result.revisionId) };
  },

  listChangeRequestPageMetaLinks: async ({ actor, params }, ctx) => {
    const sc = await loadChangeRequestContent(ctx, actor, params.spaceId, params.changeRequestId);
    return { status: 200, body: metaLinksOf(await findPage(ctx, ctx.db, sc, params.pageId, false)), headers: etag(sc.content.revision.id) };
  },

  applyChangeRequestContentEdits: async ({ actor, params, body, headers }, ctx) => {
    const { edits, places } = toEdits(body.edits);
    const result = await locatedIn(places, () => editChangeRequestContent(ctx, actor, params.spaceId, params.changeRequestId, edits, { ifMatch: headers['if-match'] }));
    return { status: 200, body: { revision: result.revisionId, pages: result.created.pages, files: result.created.files }, headers: etag(result.revisionId) };
  },
});

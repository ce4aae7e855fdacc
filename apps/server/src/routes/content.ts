// Space content: revisions, pages and files (reading, and the Bindery editing extension), links and backlinks,
// templates. Parse, call the services, present. Writes answer the new revision in `ETag` and honour `If-Match`.
import type { AppContext } from '../context.js';
import { listBody, paginateSorted } from '../db/pagination.js';
import { ApiError, invalidField } from '../errors.js';
import { handlers } from '../http/operations.js';
import { contentTypeOf, imageSize } from '../lib/image-size.js';
import { newId } from '../lib/ids.js';
import { gitOf, reusableContentMarkdown, revisionReusableContents, type ReusableContent } from '../gitsync/metadata.js';
import { findPageByPathOrRedirect } from '../gitsync/redirects.js';
import {
  metaLinksOf, presentDocumentOf, presentFile, presentMarkdownDocument, presentPage, presentPageDocument, presentReusableContent, presentRevision, presentSemanticChanges,
} from '../presenters/content.js';
import {
  editSpace, evaluatePage, type PageView, type SpaceContent, findDocument, findPage, findPageByPath, findShownFile, loadContent, loadRevision, pageTimes, revisionChanges, shownFiles, shownPages, spacePdfUrl,
} from '../engine/index.js';
import { fileBacklinks, listLinks, pageBacklinks } from '../engine/index.js';
import { importContent, type ImportOutcome } from '../services/import.js';
import { applyTemplate } from '../services/templates.js';
import { computeDocument, computeRevision } from '../services/computed-preview.js';
import { etag, evaluatedFlag, toEdits } from './content-edit-input.js';
import { locatedIn, type RequestPlaces } from '../services/content-errors.js';
import { blobStore } from '../storage/blobs.js';
import { presentBacklinks, presentLinkUsages } from '../presenters/links.js';
import { presentChangeRequests } from '../presenters/change-request.js';
import { changeRequestsRepo } from '../repos/change-requests.repo.js';

/** A single-page request: the edit is the body itself (`/body/markdown`). */
const single: RequestPlaces = { edit: () => '/body' };

/** 201 with GitBook's import result and the revision's URL. */
function imported(ctx: AppContext, spaceId: string, o: ImportOutcome) {
  const revision = o.revisionId;
  return {
    status: 201 as const, body: { revision, importedResources: o.importedResources, totalResources: o.totalResources },
    headers: { ...etag(revision), Location: `${ctx.config.publicUrl}/v1/spaces/${spaceId}/revisions/${revision}` },
  };
}

/**
 * A revision read (current, by id, of a change request): its pages, files, reusable contents, git metadata and page
 * times; a `merge` revision with `mergedFrom`, the change request it merged (GitBook's RevisionTypeMerge requires it).
 */
export async function revisionAnswer(ctx: AppContext, sc: SpaceContent, query: { metadata?: boolean }) {
  const revision = sc.content.revision;
  const [pages, files, git, reusable, merged] = await Promise.all([
    shownPages(ctx, sc), shownFiles(ctx, sc), gitOf(ctx, sc, query),
    revisionReusableContents(ctx, ctx.db, sc.space.id, revision.id),
    revision.type === 'merge' ? changeRequestsRepo.findMergedAs(ctx.db, sc.space.id, revision.id) : undefined,
  ]);
  const body = presentRevision(ctx.config, sc, pages, files, git, await pageTimes(ctx.db, sc.space.id, pages), reusable);
  if (merged) body.mergedFrom = (await presentChangeRequests(ctx.config, ctx.db, [merged], () => sc.space.revision_id, sc.access.seesMemberEmails))[0]!;
  return { status: 200 as const, body, headers: etag(revision.id) };
}

/** The reusable content of a revision with that id, else 404. */
export async function findReusableContent(ctx: AppContext, sc: SpaceContent, id: string): Promise<ReusableContent> {
  const found = (await revisionReusableContents(ctx, ctx.db, sc.space.id, sc.content.revision.id)).find((r) => r.id === id);
  if (!found) throw new ApiError(404, `No reusable content ${id} in this revision`);
  return found;
}

export const contentHandlers = handlers({
  getCurrentRevision: async ({ actor, params, query }, ctx) => {
    return revisionAnswer(ctx, await loadContent(ctx, actor, params.spaceId, { computed: query.computed }), query);
  },

  getRevisionById: async ({ actor, params, query }, ctx) => {
    return revisionAnswer(ctx, await loadRevision(ctx, actor, params.spaceId, params.revisionId, { computed: query.computed }), query);
  },

  getReusableContentById: async ({ actor, params, query }, ctx) => {
    const sc = await loadContent(ctx, actor, params.spaceId);
    return { status: 200, body: presentReusableContent(await findReusableContent(ctx, sc, params.reusableContentId), query.metadata !== false), headers: etag(sc.content.revision.id) };
  },

  getReusableContentInRevisionById: async ({ actor, params, query }, ctx) => {
    const sc = await loadRevision(ctx, actor, params.spaceId, params.revisionId);
    return { status: 200, body: presentReusableContent(await findReusableContent(ctx, sc, params.reusableContentId), query.metadata !== false), headers: etag(sc.content.revision.id) };
  },

  getReusableContentDocumentInRevisionById: async ({ actor, params }, ctx) => {
    const sc = await loadRevision(ctx, actor, params.spaceId, params.revisionId);
    const r = await findReusableContent(ctx, sc, params.reusableContentId);
    const markdown = await reusableContentMarkdown(ctx, r);
    // A site API token reads it as its visitor ({% if %} blocks, links to hidden pages, relative to its file).
    return { status: 200, body: await presentMarkdownDocument(sc.visibility ? sc.visibility.shownMarkdown(markdown, r.name) : markdown), headers: etag(sc.content.revision.id) };
  },

  listPages: async ({ actor, params, query }, ctx) => {
    const sc = await loadContent(ctx, actor, params.spaceId, { computed: query.computed });
    const pages = await shownPages(ctx, sc);
    const git = await gitOf(ctx, sc, query);
    const times = await pageTimes(ctx.db, sc.space.id, pages);
    return { status: 200, body: { pages: pages.map((p) => presentPage(ctx.config, sc.space.id, p, { git, times })) }, headers: etag(sc.content.revision.id) };
  },

  getPageById: async ({ actor, params, query }, ctx) => {
    const sc = await loadContent(ctx, actor, params.spaceId, { computed: query.computed });
    const page = await evaluatePage(ctx, sc, await findPage(ctx, ctx.db, sc, params.pageId), evaluatedFlag(query.evaluated));
    return { status: 200, body: await presentPageDocument(ctx.config, sc.space.id, page, { format: query.format ?? 'document', git: await gitOf(ctx, sc, query), times: await pageTimes(ctx.db, sc.space.id, [page]) }), headers: etag(sc.content.revision.id) };
  },

  getPageByPath: async ({ actor, params, query }, ctx) => {
    const sc = await loadContent(ctx, actor, params.spaceId, { computed: query.computed });
    const page = await evaluatePage(ctx, sc, await findPageByPathOrRedirect(ctx, sc, params.pagePath), evaluatedFlag(query.evaluated));
    return { status: 200, body: await presentPageDocument(ctx.config, sc.space.id, page, { format: query.format ?? 'document', git: await gitOf(ctx, sc, query), times: await pageTimes(ctx.db, sc.space.id, [page]) }), headers: etag(sc.content.revision.id) };
  },

  listFiles: async ({ actor, params, query }, ctx) => {
    const sc = await loadContent(ctx, actor, params.spaceId, { computed: query.computed });
    const files = await shownFiles(ctx, sc);
    const page = paginateSorted(files, query, { scope: `files:${sc.space.id}`, keyOf: (f) => ['', `${f.name}\u0000${f.id}`] });
    const git = await gitOf(ctx, sc, query);
    return { status: 200, body: listBody(page.items.map((f) => presentFile(ctx.config, sc.space.id, sc.content.revision.id, f, git)), page) };
  },

  getFileById: async ({ actor, params, query }, ctx) => {
    const sc = await loadContent(ctx, actor, params.spaceId, { computed: query.computed });
    const file = await findShownFile(ctx, sc, params.fileId);
    return { status: 200, body: presentFile(ctx.config, sc.space.id, sc.content.revision.id, file, await gitOf(ctx, sc, query)) };
  },

  // Any revision of the space: the same reads on a past revision (a revision of another space is 404).

  listPagesInRevisionById: async ({ actor, params, query }, ctx) => {
    const sc = await loadRevision(ctx, actor, params.spaceId, params.revisionId, { computed: query.computed });
    const pages = await shownPages(ctx, sc);
    const git = await gitOf(ctx, sc, query);
    const times = await pageTimes(ctx.db, sc.space.id, pages);
    return { status: 200, body: { pages: pages.map((p) => presentPage(ctx.config, sc.space.id, p, { git, times })) }, headers: etag(sc.content.revision.id) };
  },

  getPageInRevisionById: async ({ actor, params, query }, ctx) => {
    const sc = await loadRevision(ctx, actor, params.spaceId, params.revisionId, { computed: query.computed });
    const page = await evaluatePage(ctx, sc, await findPage(ctx, ctx.db, sc, params.pageId), evaluatedFlag(query.evaluated));
    return { status: 200, body: await presentPageDocument(ctx.config, sc.space.id, page, { format: query.format ?? 'document', git: await gitOf(ctx, sc, query), times: await pageTimes(ctx.db, sc.space.id, [page]) }), headers: etag(sc.content.revision.id) };
  },

  getComputedRevision: async ({ actor, params, body }, ctx) => {
    const sc = await loadContent(ctx, actor, params.spaceId, { computed: false });
    const pages = await computeRevision(ctx, sc.space.org_id, body.source as Record<string, unknown>, body.seed);
    return { status: 200, body: { pages: pages.map((p) => presentPage(ctx.config, sc.space.id, p as unknown as PageView)), files: [], reusableContents: [] } };
  },

  getComputedDocument: async ({ actor, params, body }, ctx) => {
    const sc = await loadContent(ctx, actor, params.spaceId, { computed: false });
    return { status: 200, body: await presentMarkdownDocument(await computeDocument(ctx, sc.space.org_id, body.source as Record<string, unknown>, body.seed)) };
  },

  getDocumentById: async ({ actor, params }, ctx) => {
    const sc = await loadContent(ctx, actor, params.spaceId, { computed: false });
    // The document of a page hidden from the caller (a site API token's visitor) is missing to them.
    if (sc.visibility?.hidden.has(params.documentId.slice(0, Math.max(0, params.documentId.lastIndexOf('.'))))) throw new ApiError(404, `Document not found in this space: ${params.documentId}`);
    const markdown = await findDocument(ctx, ctx.db, sc.space.id, params.documentId);
    // Such a caller reads it as its visitor ({% if %} blocks, links to hidden pages), from where its page is now.
    const at = sc.visibility && (await findPage(ctx, ctx.db, sc, params.documentId.slice(0, params.documentId.lastIndexOf('.')), false).catch(() => undefined));
    return { status: 200, body: await presentMarkdownDocument(sc.visibility ? sc.visibility.shownMarkdown(markdown, at ? at.path ?? at.meta.slug : '') : markdown) };
  },

  listSpacePageMetaLinks: async ({ actor, params }, ctx) => {
    const sc = await loadContent(ctx, actor, params.spaceId);
    return { status: 200, body: metaLinksOf(await findPage(ctx, ctx.db, sc, params.pageId, false)), headers: etag(sc.content.revision.id) };
  },

  listRevisionPageMetaLinks: async ({ actor, params }, ctx) => {
    const sc = await loadRevision(ctx, actor, params.spaceId, params.revisionId);
    return { status: 200, body: metaLinksOf(await findPage(ctx, ctx.db, sc, params.pageId, false)), headers: etag(sc.content.revision.id) };
  },

  getPageDocumentInRevisionById: async ({ actor, params, query }, ctx) => {
    const sc = await loadRevision(ctx, actor, params.spaceId, params.revisionId);
    const page = await evaluatePage(ctx, sc, await findPage(ctx, ctx.db, sc, params.pageId), evaluatedFlag(query.evaluated));
    return { status: 200, body: await presentDocumentOf(page), headers: etag(sc.content.revision.id) };
  },

  getPageInRevisionByPath: async ({ actor, params, query }, ctx) => {
    const sc = await loadRevision(ctx, actor, params.spaceId, params.revisionId, { computed: query.computed });
    const page = await evaluatePage(ctx, sc, await findPageByPath(ctx, ctx.db, sc, params.pagePath), evaluatedFlag(query.evaluated));
    return { status: 200, body: await presentPageDocument(ctx.config, sc.space.id, page, { format: query.format ?? 'document', git: await gitOf(ctx, sc, query), times: await pageTimes(ctx.db, sc.space.id, [page]) }), headers: etag(sc.content.revision.id) };
  },

  listFilesInRevisionById: async ({ actor, params, query }, ctx) => {
    const sc = await loadRevision(ctx, actor, params.spaceId, params.revisionId, { computed: query.computed });
    const files = await shownFiles(ctx, sc);
    const page = paginateSorted(files, query, { scope: `revision-files:${sc.space.id}:${sc.content.revision.id}`, keyOf: (f) => ['', `${f.name}\u0000${f.id}`] });
    const git = await gitOf(ctx, sc, query);
    return { status: 200, body: listBody(page.items.map((f) => presentFile(ctx.config, sc.space.id, sc.content.revision.id, f, git)), page) };
  },

  getFileInRevisionById: async ({ actor, params, query }, ctx) => {
    const sc = await loadRevision(ctx, actor, params.spaceId, params.revisionId, { computed: query.computed });
    const file = await findShownFile(ctx, sc, params.fileId);
    return { status: 200, body: presentFile(ctx.config, sc.space.id, sc.content.revision.id, file, await gitOf(ctx, sc, query)) };
  },

  getSpacePDF: async ({ actor, params, query }, ctx) => ({ status: 200, body: await spacePdfUrl(ctx, actor, params.spaceId, query) }),

  getRevisionSemanticChanges: async ({ actor, params, query }, ctx) => {
    const r = await revisionChanges(ctx, actor, params.spaceId, params.revisionId, { computed: query.computed });
    const mergedFrom = r.mergedFrom ? { row: r.mergedFrom, spaceRevisionId: r.sc.space.revision_id, showEmails: r.sc.access.seesMemberEmails } : undefined;
    return { status: 200, body: await presentSemanticChanges(ctx.config, ctx.db, r.sc.space.id, r.changes, query.limit ?? 10, mergedFrom) };
  },

  downloadRevisionFile: async ({ actor, params }, ctx) => {
    const sc = await loadRevision(ctx, actor, params.spaceId, params.revisionId);
    const file = await findShownFile(ctx, sc, params.fileId);
    const data = await blobStore(ctx).get(file.blob);
    if (!data) throw new ApiError(404, `The bytes of the file ${file.id} are missing from the blob store`);
    const inline = /^image\/(png|jpeg|gif|webp)$/.test(file.contentType);
    return {
      status: 200,
      body: undefined as never,
      file: { contentType: file.contentType, data },
      headers: {
        ETag: `"${file.blob}"`,
        'Cache-Control': 'private, max-age=31536000, immutable',
        'Content-Disposition': `${inline ? 'inline' : 'attachment'}; filename*=UTF-8''${encodeURIComponent(file.name)}`,
        'Content-Security-Policy': "default-src 'none'; sandbox",
        'X-Content-Type-Options': 'nosniff',
      },
    };
  },

  // -------------------------------------------------------------------------------------------------------------
  // Editing (Bindery extension)

  createSpacePage: async ({ actor, params, body, headers }, ctx) => {
    const { result, value } = await locatedIn(single, () => editSpace(ctx, actor, params.spaceId, [{ op: 'createPage', ...body }], { ifMatch: headers['if-match'] },
      (tx, sc, r) => findPage(ctx, tx, sc, r.created.pages[0]!)));
    const page = presentPage(ctx.config, params.spaceId, value, { format: 'markdown', times: await pageTimes(ctx.db, params.spaceId, [value]) });
    return {
      status: 201, body: page,
      headers: { ...etag(result.revisionId), Location: `${ctx.config.publicUrl}/v1/spaces/${params.spaceId}/content/page/${page.id}` },
    };
  },

  updateSpacePage: async ({ actor, params, body, headers }, ctx) => {
    const { result, value } = await locatedIn(single, () => editSpace(ctx, actor, params.spaceId, [{ op: 'updatePage', page: params.pageId, ...body }], { ifMatch: headers['if-match'] },
      (tx, sc) => findPage(ctx, tx, sc, params.pageId)));
    return { status: 200, body: presentPage(ctx.config, params.spaceId, value, { format: 'markdown', times: await pageTimes(ctx.db, params.spaceId, [value]) }), headers: etag(result.revisionId) };
  },

  moveSpacePage: async ({ actor, params, body, headers }, ctx) => {
    const { result, value } = await locatedIn(single, () => editSpace(ctx, actor, params.spaceId, [{ op: 'movePage', page: params.pageId, ...body }], { ifMatch: headers['if-match'] },
      (tx, sc) => findPage(ctx, tx, sc, params.pageId)));
    return { status: 200, body: presentPage(ctx.config, params.spaceId, value, { format: 'markdown', times: await pageTimes(ctx.db, params.spaceId, [value]) }), headers: etag(result.revisionId) };
  },

  deleteSpacePage: async ({ actor, params, headers }, ctx) => {
    const { result } = await locatedIn(single, () => editSpace(ctx, actor, params.spaceId, [{ op: 'deletePage', page: params.pageId }], { ifMatch: headers['if-match'] }));
    return { status: 204, body: undefined, headers: etag(result.revisionId) };
  },

  applySpaceContentEdits: async ({ actor, params, body, headers }, ctx) => {
    const { edits, places } = toEdits(body.edits);
    const { result } = await locatedIn(places, () => editSpace(ctx, actor, params.spaceId, edits, { ifMatch: headers['if-match'] }));
    return { status: 200, body: { revision: result.revisionId, pages: result.created.pages, files: result.created.files }, headers: etag(result.revisionId) };
  },

  uploadSpaceFile: async ({ actor, params, query, body, headers }, ctx) => {
    const data = body as unknown;
    if (!Buffer.isBuffer(data)) throw invalidField('/body', 'must be the bytes of the file');
    if (query.name.trim() === '') throw invalidField('/query/name', 'must not be blank');
    const image = imageSize(data);
    const file = {
      id: newId(), name: query.name, contentType: contentTypeOf(query.name, headers['content-type'], data), size: data.length,
      ...(image ? { width: image.width, height: image.height } : {}), blob: '',
    };
    // The blob is stored before the revision that refers to it (an orphan blob is harmless; a dangling ref is not).
    file.blob = await blobStore(ctx).put(data);
    const { result } = await locatedIn(single, () => editSpace(ctx, actor, params.spaceId, [{ op: 'addFile', file }], { ifMatch: headers['if-match'] }));
    return {
      status: 201, body: presentFile(ctx.config, params.spaceId, result.revisionId, file),
      headers: { ...etag(result.revisionId), Location: `${ctx.config.publicUrl}/v1/spaces/${params.spaceId}/content/files/${file.id}` },
    };
  },

  deleteSpaceFile: async ({ actor, params, headers }, ctx) => {
    const { result } = await locatedIn(single, () => editSpace(ctx, actor, params.spaceId, [{ op: 'deleteFile', file: params.fileId }], { ifMatch: headers['if-match'] }));
    return { status: 204, body: undefined, headers: etag(result.revisionId) };
  },

  applyTemplateToSpace: async ({ actor, params, body, headers }, ctx) => {
    const { result } = await applyTemplate(ctx, actor, params.spaceId, body, headers['if-match']);
    return { status: 201, body: undefined, headers: etag(result.revisionId) };
  },

  importContent: async ({ actor, params, body, headers }, ctx) => imported(ctx, params.spaceId, await importContent(ctx, actor, params.spaceId, undefined, body, headers['if-match'])),
  importContentInPageById: async ({ actor, params, body, headers }, ctx) => imported(ctx, params.spaceId, await importContent(ctx, actor, params.spaceId, undefined, body, headers['if-match'], params.pageId)),
  importContentInChangeRequest: async ({ actor, params, body, headers }, ctx) => imported(ctx, params.spaceId, await importContent(ctx, actor, params.spaceId, params.changeRequestId, body, headers['if-match'])),
  importContentInChangeRequestPageById: async ({ actor, params, body, headers }, ctx) => imported(ctx, params.spaceId, await importContent(ctx, actor, params.spaceId, params.changeRequestId, body, headers['if-match'], params.pageId)),

  // -------------------------------------------------------------------------------------------------------------
  // Links and backlinks

  listSpaceLinks: async ({ actor, params, query }, ctx) => {
    const sc = await loadContent(ctx, actor, params.spaceId);
    const r = await listLinks(ctx, sc, query);
    return { status: 200, body: { ...listBody(presentLinkUsages(sc, r), r), stats: r.stats } };
  },

  listPageLinksInSpace: async ({ actor, params, query }, ctx) => {
    const sc = await loadContent(ctx, actor, params.spaceId);
    const r = await listLinks(ctx, sc, { ...query, pageId: params.pageId });
    return { status: 200, body: { ...listBody(presentLinkUsages(sc, r), r), stats: r.stats } };
  },

  listSpacePageBacklinks: async ({ actor, params, query }, ctx) => {
    const sc = await loadContent(ctx, actor, params.spaceId);
    const r = await pageBacklinks(ctx, sc, params.pageId, query);
    return { status: 200, body: listBody(presentBacklinks(sc, r), r) };
  },

  listSpaceFileBacklinks: async ({ actor, params, query }, ctx) => {
    const sc = await loadContent(ctx, actor, params.spaceId);
    const r = await fileBacklinks(ctx, sc, params.fileId, query);
    return { status: 200, body: listBody(presentBacklinks(sc, r), r) };
  },
});

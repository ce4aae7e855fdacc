// The content side of change requests, on the content engine (services/content.ts): reading a change request's
// revision, editing it (a revision chain of its own), updating it from the main content, merging it into the space,
// listing and resolving conflicts. Rules: docs/change-requests.md.
//
// Locks: every command here takes the space row first, then the change request row (PostgreSQL `FOR NO KEY UPDATE`;
// SQLite has one writer), the order every change request command uses, so that two merges into one space, or a
// merge and an update, run one after the other and each three-way merge starts from the space's latest revision:
// none is lost.
import { canonicalJson } from '../content/hash.js';
import { computePaths, type PageNode } from '../content/tree.js';
import type { AppContext } from '../context.js';
import type { DbOrTx } from '../db/database.js';
import { ApiError, conflict, preconditionFailed } from '../errors.js';
import type { PdfPageInput } from '../export/pdf.js';
import { renderPdfOffLoop } from '../content/process.js';
import { EXPORT_TOKEN_MAX_LENGTH, exportUrl, signExportUrl, verifyExportToken } from '../export/signed-url.js';
import { authorizeChangeRequest } from '../policies/change-request.js';
import { describeUnmet, evaluateMergeRules, resolveMergeRules, type MergeRulesConfig } from '../policies/merge-rules.js';
import { baseRevision } from '../presenters/change-request.js';
import { changeRequestsRepo, statusCounters, type ChangeRequestRow } from '../repos/change-requests.repo.js';
import { organizationsRepo } from '../repos/organizations.repo.js';
import { revisionsRepo } from '../repos/revisions.repo.js';
import { spacesRepo, type SpaceRow } from '../repos/spaces.repo.js';
import type { Actor } from '../services/auth.js';
import { applyResolutions, mergeSnapshots, textMergesAhead, type MergeConflict, type Resolution, type Snapshot, type SnapshotMerge } from './change-request-merge.js';
import { loadChangeRequest, type LoadedChangeRequest } from '../services/change-requests.js';
import { insertRevision, moveChangeRequestHead, moveSpaceHead, type RevisionType } from './commit.js';
import {
  commitEdits, commitRevision, contentVisibility, ensureIndexed, findPage, findRevisionContent, loadContent, loadRevisionTree, parseIfMatch, publishedContent, shownContent,
  type CommitResult, type ContentReadOptions, type SpaceContent,
} from './content.js';
import { prepareEdits, type ContentEdit } from './content-edits.js';
import { readerClaims } from './visibility.js';
import { ContentError } from './errors.js';
import { loadFiles, revisionContent, type FileEntry, type RevisionContent } from './content-store.js';
import { blobStore } from '../storage/blobs.js';

// Reading ---------------------------------------------------------------------------------------------------------

/** The content of a change request as the content readers take it (`active` when it is the space's revision). */
export async function loadChangeRequestContent(ctx: AppContext, actor: Actor, spaceId: string, ref: string, opts: ContentReadOptions = {}): Promise<SpaceContent & { changeRequest: ChangeRequestRow }> {
  const l = await loadChangeRequest(ctx, ctx.db, actor, spaceId, ref);
  const space = l.changeRequest.revision_id === l.space.revision_id ? await ensureIndexed(ctx, l.space) : l.space;
  const shown = await shownContent(ctx, space, await contentOf(ctx.db, l.changeRequest.revision_id), opts);
  const visibility = await contentVisibility(ctx, readerClaims(actor), space, [shown.content]);
  return { space, access: l.access, changeRequest: l.changeRequest, ...shown, ...(visibility ? { visibility } : {}) };
}

async function contentOf(db: DbOrTx, revisionId: string): Promise<RevisionContent> {
  const c = await findRevisionContent(db, revisionId);
  if (!c) throw new ApiError(404, `Revision not found: ${revisionId}`);
  return c;
}

async function snapshotOf(ctx: AppContext, db: DbOrTx, c: RevisionContent): Promise<Snapshot> {
  const [tree, files] = await Promise.all([loadRevisionTree(ctx, db, c), loadFiles(ctx, db, c.filesHash)]);
  return { tree, files, variables: c.variables };
}

const sameContent = (a: RevisionContent, b: RevisionContent) =>
  a.rootHash !== null && a.rootHash === b.rootHash && a.filesHash === b.filesHash && canonicalJson(a.variables) === canonicalJson(b.variables);

// Editing ---------------------------------------------------------------------------------------------------------

function checkOpenForChanges(cr: ChangeRequestRow, what: string): void {
  if (cr.status === 'merged' || cr.status === 'archived') {
    throw conflict(`Change request #${cr.number} is ${cr.status}; ${what}${cr.status === 'archived' ? ' (reopen it first: PATCH status "open")' : ''}`);
  }
}

/** Locks the space, then the change request (the lock order of every change request command), and loads them. */
const lockAndLoad = (ctx: AppContext, tx: DbOrTx, actor: Actor, spaceId: string, ref: string): Promise<LoadedChangeRequest> =>
  loadChangeRequest(ctx, tx, actor, spaceId, ref, { lock: true });

/** Applies content edits to the change request's revision chain as one revision (the Bindery editing extension). */
export async function editChangeRequestContent(
  ctx: AppContext, actor: Actor, spaceId: string, ref: string, edits: ContentEdit[],
  opts: {
    ifMatch?: string | string[];
    /** Runs in the commit's transaction, after it (a job recording that it is done commits with its work). */
    andThen?: (tx: DbOrTx, result: CommitResult) => Promise<void>;
  } = {},
): Promise<CommitResult> {
  // Markdown is normalised before the change request is locked (in the worker pool when large).
  authorizeChangeRequest((await loadChangeRequest(ctx, ctx.db, actor, spaceId, ref)).access, 'editContent');
  await prepareEdits(edits);
  return ctx.db.transaction().execute(async (tx) => {
    const { changeRequest: cr, access } = await lockAndLoad(ctx, tx, actor, spaceId, ref);
    authorizeChangeRequest(access, 'editContent');
    checkOpenForChanges(cr, 'its content cannot be edited');
    const ifMatch = parseIfMatch(opts.ifMatch);
    if (ifMatch && !ifMatch.includes('*') && !ifMatch.includes(cr.revision_id)) {
      throw preconditionFailed(`The change request has changed: its revision is now ${cr.revision_id}, not ${ifMatch.join(', ')} (If-Match)`);
    }
    const result = await commitEdits(ctx, tx, { kind: 'revision-chain', spaceId, baseRevisionId: cr.revision_id }, edits, { createdBy: actor.user.id });
    if (result.changed) {
      // The change request's revision moves (its reviews of the earlier one become outdated); the editor contributed.
      await moveChangeRequestHead(ctx, tx, cr.id, result.revisionId);
      await changeRequestsRepo.addContributor(tx, cr.id, actor.user.id, ctx.clock.now().toISOString());
    }
    if (opts.andThen) await opts.andThen(tx, result);
    return result;
  });
}

// Merging ---------------------------------------------------------------------------------------------------------

/** The outcome of merging two revisions: one side's content as it is, or a three-way merge. */
type Outcome =
  | { ok: true; same: RevisionContent; revisionId: string }
  | { ok: boolean; merge: SnapshotMerge };

async function mergeRevisions(ctx: AppContext, db: DbOrTx, baseId: string, oursId: string, theirsId: string): Promise<Outcome> {
  const [base, ours, theirs] = await Promise.all([contentOf(db, baseId), contentOf(db, oursId), contentOf(db, theirsId)]);
  if (theirsId === baseId || sameContent(theirs, base)) return { ok: true, same: ours, revisionId: oursId };
  if (oursId === baseId || sameContent(ours, base)) return { ok: true, same: theirs, revisionId: theirsId };
  const [b, o, t] = await Promise.all([snapshotOf(ctx, db, base), snapshotOf(ctx, db, ours), snapshotOf(ctx, db, theirs)]);
  const merge = mergeSnapshots(b, o, t, await textMergesAhead(b, o, t));
  return { ok: merge.ok, merge };
}

/** Stores a merge result as a revision (pointing at existing content when one side won whole). */
async function storeRevision(
  ctx: AppContext, tx: DbOrTx,
  r: { spaceId: string; parents: string[]; type: RevisionType; createdBy: string; activate: boolean; content?: RevisionContent; snapshot?: Snapshot },
): Promise<string> {
  if (r.content && r.content.rootHash !== null) {
    const { rootHash, filesHash, variables } = r.content;
    const id = await insertRevision(ctx, tx, { spaceId: r.spaceId, parents: r.parents, type: r.type, createdBy: r.createdBy, content: { rootHash, filesHash, variables } });
    if (r.activate) await moveSpaceHead(ctx, tx, r.spaceId, { revisionId: id, rootHash, filesHash });
    return id;
  }
  const snapshot = r.snapshot ?? (await snapshotOf(ctx, tx, r.content!));
  const result = await commitRevision(ctx, tx, {
    spaceId: r.spaceId, parents: r.parents, type: r.type, tree: snapshot.tree, files: snapshot.files, variables: snapshot.variables,
    createdBy: r.createdBy, activate: r.activate,
  });
  return result.revisionId;
}

/** The answer of POST .../update (`R` = 'update') and POST .../merge (`R` = 'merge'). */
export interface MergeOutcome<R extends 'update' | 'merge'> {
  revision: string;
  result: R | 'conflicts';
}

/**
 * POST .../update: three-way merges the space's active revision into the change request (ours: the change request).
 * Conflicts change nothing. Otherwise the change request gets the merge as a new revision (or the main revision
 * itself when it had changed nothing) and `revisionMergedAncestor` = the main revision merged.
 */
export async function updateChangeRequest(ctx: AppContext, actor: Actor, spaceId: string, ref: string, resolutions?: { main?: string; list: Resolution[] }): Promise<MergeOutcome<'update'>> {
  return ctx.db.transaction().execute(async (tx) => {
    const { space, changeRequest: cr, access } = await lockAndLoad(ctx, tx, actor, spaceId, ref);
    authorizeChangeRequest(access, 'update');
    checkOpenForChanges(cr, 'it cannot be updated');
    const main = space.revision_id;
    if (resolutions?.main !== undefined && resolutions.main !== main) {
      throw preconditionFailed(`The main content has moved on to the revision ${main} since ${resolutions.main}; list the conflicts again`);
    }
    const base = baseRevision(cr);
    if (main === base) {
      if (resolutions?.list.length) throw nothingToResolve('the change request is up to date; there is no conflict to resolve');
      return { revision: cr.revision_id, result: 'update' };
    }
    const outcome = await mergeRevisions(ctx, tx, base, cr.revision_id, main);
    let revision: string;
    if ('same' in outcome) {
      if (resolutions?.list.length) throw nothingToResolve('the change request merges without conflicts');
      revision = outcome.revisionId; // one side's content whole: the change request's own, or the main revision itself
    } else {
      let snapshot = outcome.merge.result;
      if (!outcome.ok) {
        if (!resolutions) return { revision: cr.revision_id, result: 'conflicts' };
        snapshot = applyResolutions(outcome.merge, resolutions.list);
      } else if (resolutions?.list.length) {
        throw nothingToResolve('the change request merges without conflicts');
      }
      revision = await storeRevision(ctx, tx, { spaceId, parents: [cr.revision_id, main], type: 'update', createdBy: actor.user.id, activate: false, snapshot });
    }
    await moveChangeRequestHead(ctx, tx, cr.id, revision, { revision_merged_ancestor_id: main });
    return { revision, result: 'update' };
  });
}

/** The organization's merge rules, for spaces that inherit them. */
async function organizationRules(db: DbOrTx, space: SpaceRow): Promise<MergeRulesConfig | undefined> {
  const org = await organizationsRepo.findById(db, space.org_id);
  return org ? (JSON.parse(org.merge_rules) as MergeRulesConfig) : undefined;
}

/**
 * POST .../merge: checks the merge rules (409 naming every unmet rule), then three-way merges the change request
 * into the space's active revision (ours: the main content). Conflicts change nothing. Otherwise a `merge` revision
 * (parents: the main revision, the change request's) becomes the space's revision, and the change request is
 * `merged` with `revisionMerged`, `mergedAt`, `mergedBy`; the space counters follow.
 */
export async function mergeChangeRequest(ctx: AppContext, actor: Actor, spaceId: string, ref: string): Promise<MergeOutcome<'merge'>> {
  return ctx.db.transaction().execute(async (tx) => {
    const { space, changeRequest: cr, access } = await lockAndLoad(ctx, tx, actor, spaceId, ref);
    authorizeChangeRequest(access, 'merge');
    checkOpenForChanges(cr, 'it cannot be merged');
    const main = space.revision_id;
    const base = baseRevision(cr);
    const rules = resolveMergeRules(JSON.parse(space.merge_rules) as MergeRulesConfig, await organizationRules(tx, space));
    const reviews = (await changeRequestsRepo.allReviews(tx, cr.id)).map((r) => ({
      reviewerId: r.reviewer_id, status: r.status as 'approved' | 'changes-requested', revisionId: r.revision_id, createdAt: r.created_at,
    }));
    const unmet = evaluateMergeRules(rules, {
      changeRequest: { createdBy: cr.created_by, subject: cr.subject, description: cr.description ? JSON.parse(cr.description) : null, revisionId: cr.revision_id },
      reviews, actor: { userId: actor.user.id }, upToDate: main === base,
    });
    if (unmet.length) throw conflict(`The merge rules of the space are not met: ${describeUnmet(unmet)}`);

    const outcome = await mergeRevisions(ctx, tx, base, main, cr.revision_id);
    if (!outcome.ok) return { revision: main, result: 'conflicts' };
    const revision = await storeRevision(ctx, tx, {
      spaceId, parents: [main, cr.revision_id], type: 'merge', createdBy: actor.user.id, activate: true,
      ...('same' in outcome ? { content: outcome.same } : { snapshot: outcome.merge.result }),
    });
    const now = ctx.clock.now().toISOString();
    await changeRequestsRepo.update(tx, cr.id, { status: 'merged', revision_merged_id: revision, merged_at: now, merged_by: actor.user.id, updated_at: now });
    const before = statusCounters(cr.status);
    await changeRequestsRepo.bumpSpace(tx, space.id, { open: -before.open, draft: -before.draft });
    return { revision, result: 'merge' };
  });
}

/** What updating a change request from the main content would conflict on (presenters/conflicts.ts shows it). */
export interface ConflictList {
  changeRequestId: string;
  revision: string;
  base: string;
  main: string;
  upToDate: boolean;
  /** ours: the change request; theirs: the main content. */
  conflicts: MergeConflict[];
}

/** GET .../conflicts: what updating the change request from the main content would conflict on (changes nothing). */
export async function listConflicts(ctx: AppContext, actor: Actor, spaceId: string, ref: string): Promise<ConflictList> {
  const { space, changeRequest: cr } = await loadChangeRequest(ctx, ctx.db, actor, spaceId, ref);
  const main = space.revision_id;
  const base = baseRevision(cr);
  const upToDate = main === base;
  const conflicts = upToDate || cr.status === 'merged' ? [] : await (async () => {
    const outcome = await mergeRevisions(ctx, ctx.db, base, cr.revision_id, main);
    return 'same' in outcome ? [] : outcome.merge.conflicts;
  })();
  return { changeRequestId: cr.id, revision: cr.revision_id, base, main, upToDate, conflicts };
}

/** Resolutions given for a merge without conflicts. */
const nothingToResolve = (detail: string) => new ContentError('invalid', { list: 'resolutions' }, detail, { summary: 'no conflict to resolve' });

/** POST .../conflicts: updates the change request from the main content with a resolution for every conflict. */
export async function resolveConflicts(ctx: AppContext, actor: Actor, spaceId: string, ref: string, body: { main?: string; resolutions: ({ conflict: string; choose: 'change-request' | 'main' } | { conflict: string; value?: unknown })[] }) {
  const list: Resolution[] = body.resolutions.map((r) =>
    'choose' in r ? { conflict: r.conflict, choose: r.choose === 'change-request' ? 'ours' : 'theirs' } : { conflict: r.conflict, value: r.value ?? null },
  );
  const out = await updateChangeRequest(ctx, actor, spaceId, ref, { main: body.main, list });
  return { revision: out.revision, result: 'update' as const };
}

// PDF ---------------------------------------------------------------------------------------------------------------

/** How long the URL answered by GET .../pdf can be used. */
export const PDF_URL_TTL_SECONDS = 60 * 60;

/** A signed URL (no token needed, one hour) to the PDF of `sc` (a change request's content, or the space's). */
async function pdfUrl(ctx: AppContext, actor: Actor, sc: SpaceContent & { changeRequest?: ChangeRequestRow }, q: { page?: string; only?: boolean }): Promise<{ url: string }> {
  if (q.page !== undefined) await findPage(ctx, ctx.db, sc, q.page, false); // 404 for a page it does not have
  const exp = Math.floor(ctx.clock.now().getTime() / 1000) + PDF_URL_TTL_SECONDS;
  // A caller who reads as a site's visitor (a site API token: sc.visibility) gets the PDF that visitor sees: the
  // claims go into the signed URL and the pages hidden from them are left out when it is rendered.
  const claims = sc.visibility ? readerClaims(actor) : undefined;
  const token = signExportUrl(ctx.jwtSecret, {
    spaceId: sc.space.id, ...(sc.changeRequest ? { changeRequestId: sc.changeRequest.id } : {}), ...(q.only && q.page ? { pageId: q.page } : {}), exp,
    ...(claims ? { claims } : {}),
  });
  if (token.length > EXPORT_TOKEN_MAX_LENGTH) throw new ApiError(400, `The visitor's claims are too large for a PDF URL (${token.length} characters of token, at most ${EXPORT_TOKEN_MAX_LENGTH})`);
  return { url: exportUrl(ctx.config.publicUrl, token) };
}

/** GET …/change-requests/{id}/pdf: a signed URL to the PDF of the change request's content. */
export async function changeRequestPdfUrl(ctx: AppContext, actor: Actor, spaceId: string, ref: string, q: { page?: string; only?: boolean }): Promise<{ url: string }> {
  return pdfUrl(ctx, actor, await loadChangeRequestContent(ctx, actor, spaceId, ref), q);
}

/** GET /spaces/{spaceId}/pdf (GitBook's getSpacePDF): a signed URL to the PDF of the space's current content. */
export async function spacePdfUrl(ctx: AppContext, actor: Actor, spaceId: string, q: { page?: string; only?: boolean }): Promise<{ url: string }> {
  return pdfUrl(ctx, actor, await loadContent(ctx, actor, spaceId), q);
}

/** A file target in page markdown (content/content-ref.ts FILE_TARGET, unanchored). */
const FILE_TARGETS = /\/files\/([\w-]+)/g;

/**
 * The images a PDF of `pages` may embed: the given files (the space's or change request's own) that the pages mention
 * (images on the web are not fetched: a placeholder is drawn). The files are found in one pass over each page
 * (`/files/<id>`, the only form an image of the PDF takes), not by looking for every file in every page (files ×
 * markdown: 30 s of event loop for 2,000 files and 20 MB). Their bytes are read up to config.pdfImageBytes in all,
 * each blob once; images past it get the placeholder. Shared by the API's PDF export and the published site's
 * `~gitbook/pdf`.
 */
export async function pdfImages(ctx: AppContext, files: readonly FileEntry[], pages: readonly { markdown: string }[]): Promise<[string, Uint8Array][]> {
  const named = new Set<string>();
  for (const p of pages) for (const m of p.markdown.matchAll(FILE_TARGETS)) named.add(m[1]!);
  const images: [string, Uint8Array][] = [];
  const byBlob = new Map<string, Uint8Array>();
  let room = ctx.config.pdfImageBytes;
  for (const f of files) {
    if (!named.has(f.id)) continue;
    let bytes = byBlob.get(f.blob);
    if (!bytes) {
      if (f.size > room) continue;
      bytes = await blobStore(ctx).get(f.blob);
      if (!bytes || bytes.length > room) continue;
      room -= bytes.length;
      byBlob.set(f.blob, bytes);
    }
    images.push([f.id, bytes]);
  }
  return images;
}

/**
 * GET /v1/exports/pdf/{token}: renders the PDF the token was made for, from the change request's current content
 * or, without a change request, the space's. `filename`: what the download is called.
 */
export async function renderExportedPdf(ctx: AppContext, token: string): Promise<{ pdf: Buffer; filename: string }> {
  const checked = verifyExportToken(ctx.jwtSecret, token, ctx.clock.now());
  if (!checked.ok) {
    if (checked.reason === 'expired') throw new ApiError(410, 'This export URL has expired; ask for a new one (GET .../pdf)');
    throw new ApiError(404, 'Export not found');
  }
  const { spaceId, changeRequestId, pageId, claims } = checked.payload;
  const space = await spacesRepo.findById(ctx.db, spaceId);
  if (!space || space.deleted_at) throw new ApiError(404, 'Export not found: the space is gone');
  const cr = changeRequestId !== undefined ? await changeRequestsRepo.find(ctx.db, space.id, changeRequestId) : undefined;
  if (changeRequestId !== undefined && !cr) throw new ApiError(404, 'Export not found: the change request is gone');
  // The content as readers see it: computed pages expanded into the API reference they stand for.
  const content = cr ? (await shownContent(ctx, space, await contentOf(ctx.db, cr.revision_id), {})).content : await publishedContent(ctx, space);
  const tree = await loadRevisionTree(ctx, ctx.db, content);
  const paths = computePaths(tree);
  // Made for a site's visitor: not the pages hidden from their claims (nor those hidden in what the space publishes),
  // and `{% if %}` blocks resolved for them.
  const shown = claims ? await contentVisibility(ctx, claims, space, [content]) : undefined;
  const hidden = shown?.hidden;
  const pages: PdfPageInput[] = [];
  const walk = (node: PageNode, depth: number) => {
    for (const child of node.children) {
      if (child.type === 'link' || hidden?.has(child.id)) continue;
      if (!pageId || child.id === pageId) pages.push({ id: child.id, title: child.title, path: paths.get(child.id), markdown: shown ? shown.shownMarkdown(child.markdown, paths.get(child.id) ?? child.slug) : child.markdown, depth: pageId ? 0 : depth });
      walk(child, depth + 1);
    }
  };
  walk(tree, 0);
  if (pageId && pages.length === 0) throw new ApiError(404, `Export not found: the page is no longer in the ${cr ? 'change request' : 'space'}`);
  // Rendering runs on the content worker pool (seconds of CPU for big exports); the images it may embed are the
  // change request's own files that the pages mention (pdfImages).
  const images = await pdfImages(ctx, await loadFiles(ctx, ctx.db, content.filesHash), pages);
  const pdf = await renderPdfOffLoop({
    pdf: { title: space.title || 'Untitled space', ...(cr ? { subtitle: `Change request #${cr.number}${cr.subject ? `: ${cr.subject}` : ''}` } : {}), pages, createdAt: ctx.clock.now() },
    images,
  });
  return { pdf, filename: cr ? 'change-request.pdf' : 'space.pdf' };
}

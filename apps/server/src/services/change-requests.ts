// Change request commands and queries: create (sequential `number` per space), list (space, organization), get by
// id or number, PATCH (subject, description, status), reviews, requested reviewers, and the space counters
// (`changeRequests`, `changeRequestsOpen`, `changeRequestsDraft`) moved in the same transaction as every change of
// status. Creating locks the space row (PostgreSQL; SQLite has one writer) so numbers never collide; a status change
// locks the change request row so each transition moves the counters once. Rules: docs/change-requests.md.
import type { QueryParams, RequestBody } from '@bindery/api-types';
import type { AppContext } from '../context.js';
import type { DbOrTx } from '../db/database.js';
import { paginateSorted, type PageRequest } from '../db/pagination.js';
import { checkBytes, ContentLimitError, withField } from '../content/limits.js';
import type { Document } from '../content/markdown.js';
import { documentMarkdown } from '../content/process.js';
import { PoolBusyError } from '../lib/worker-pool.js';
import { ApiError, conflict, forbidden, invalidField, notFound } from '../errors.js';
import { newId } from '../lib/ids.js';
import { authorizeChangeRequest } from '../policies/change-request.js';
import { canOnSpace, seesMemberEmails, type SpaceAccess } from '../policies/space.js';
import { changeRequestsRepo, statusCounters, type ChangeRequestListFilter, type ChangeRequestRow, type ChangeRequestStatus } from '../repos/change-requests.repo.js';
import { spacesRepo, type SpaceRow } from '../repos/spaces.repo.js';
import { usersRepo } from '../repos/users.repo.js';
import { presentChangeRequests, presentContributors, presentRequestedReviewers, presentReviews, type Contributor } from '../presenters/change-request.js';
import { commentsRepo } from '../repos/comments.repo.js';
import type { BodyFormat } from '../presenters/comment.js';
import { userAsActor, type Actor } from './auth.js';
import { postComment, getReviewComment, storeBody } from './comments.js';
import { CollectionTree, computeSpaceAccess, loadSubject, loadVisibleOrganization } from './content-access.js';
import { accessibleSpacesFilter, loadSpace } from './spaces.js';
import { locks } from '../repos/locks.js';
import { commitEdits, findRevisionContent } from '../engine/index.js';
import { notATemplate, templateEditsFor } from './templates.js';

export interface LoadedChangeRequest {
  space: SpaceRow;
  access: SpaceAccess;
  changeRequest: ChangeRequestRow;
}

/**
 * The space (visible, with a role) and one of its change requests by id or number; 404 otherwise. With `lock`
 * (inside a transaction) the space row, then the change request row, are locked until it ends (PostgreSQL
 * `FOR NO KEY UPDATE`; SQLite has one writer): the one lock order of every change request command. The space comes
 * first because a merge holds it.
 */
export async function loadChangeRequest(
  ctx: AppContext, db: DbOrTx, actor: Actor, spaceId: string, ref: string, opts: { lock?: boolean } = {},
): Promise<LoadedChangeRequest> {
  if (opts.lock) await locks.space(ctx, db, spaceId);
  const { space, access } = await loadSpace(ctx, db, actor, spaceId, 'view');
  authorizeChangeRequest(access, 'view');
  if (opts.lock) await locks.changeRequest(ctx, db, space.id, ref);
  const changeRequest = await changeRequestsRepo.find(db, space.id, ref);
  if (!changeRequest) throw notFound('Change request');
  return { space, access, changeRequest };
}

const present = (ctx: AppContext, db: DbOrTx, rows: ChangeRequestRow[], spaceRevision: (spaceId: string) => string, showEmails: boolean) =>
  presentChangeRequests(ctx.config, db, rows, spaceRevision, showEmails);

async function reload(ctx: AppContext, actor: Actor, spaceId: string, id: string) {
  const { space, access, changeRequest } = await loadChangeRequest(ctx, ctx.db, actor, spaceId, id);
  return (await present(ctx, ctx.db, [changeRequest], () => space.revision_id, access.seesMemberEmails))[0]!;
}

/** A description document, converted (off the event loop once large) to check it and its size. */
async function validDocument(doc: unknown, field: string): Promise<string> {
  try {
    const markdown = await documentMarkdown(doc as Document, { field });
    withField(field, () => checkBytes(markdown, 'commentBytes', 'the document'));
  } catch (err) {
    if (err instanceof ContentLimitError || err instanceof PoolBusyError) throw err;
    throw invalidField(field, `is not a valid document (${(err as Error).message})`);
  }
  return JSON.stringify(doc);
}

// Change requests ---------------------------------------------------------------------------------------------------

export async function createChangeRequest(ctx: AppContext, actor: Actor, spaceId: string, body: RequestBody<'createChangeRequest'>) {
  const id = newId();
  await ctx.db.transaction().execute(async (tx) => {
    // Lock first: the number and the initial revision are read under the lock.
    await locks.space(ctx, tx, spaceId);
    const { space, access } = await loadSpace(ctx, tx, actor, spaceId, 'view');
    authorizeChangeRequest(access, 'create');
    // GitBook's `template`: the template's pages are the change request's first revision, in this transaction.
    let revisionId = space.revision_id;
    if (body.template) {
      authorizeChangeRequest(access, 'editContent');
      const base = await findRevisionContent(tx, space.revision_id);
      if (!base) throw notFound(`Revision ${space.revision_id}`);
      const edits = await templateEditsFor(ctx, tx, base, body.template, '/body/template', notATemplate('/body/template'));
      const result = await commitEdits(ctx, tx, { kind: 'revision-chain', spaceId: space.id, baseRevisionId: space.revision_id }, edits, { createdBy: actor.user.id });
      revisionId = result.revisionId;
    }
    const now = ctx.clock.now().toISOString();
    const number = await changeRequestsRepo.nextNumber(tx, space.id);
    const status: ChangeRequestStatus = 'draft';
    await changeRequestsRepo.insert(tx, {
      id, space_id: space.id, number, status, subject: body.subject ?? '', description: null, agent_task_id: body.agentTaskId ?? null,
      created_by: actor.user.id, created_at: now, updated_at: now,
      revision_id: revisionId, revision_initial_id: space.revision_id, revision_merged_ancestor_id: null,
      revision_merged_id: null, merged_at: null, merged_by: null, comments_count: 0,
    });
    await changeRequestsRepo.addContributor(tx, id, actor.user.id, now);
    const c = statusCounters(status);
    await changeRequestsRepo.bumpSpace(tx, space.id, { changeRequests: 1, open: c.open, draft: c.draft });
  });
  return reload(ctx, actor, spaceId, id);
}

function listFilter(q: {
  status?: ChangeRequestStatus | ChangeRequestStatus[]; creator?: string; contributor?: string; requestedReviewer?: string; space?: string; site?: string;
  topic?: string; styleguideRun?: string; finding?: 'none' | 'all'; orderBy?: 'updatedAt' | 'createdAt';
}): ChangeRequestListFilter {
  return {
    status: q.status ?? 'open', creator: q.creator, contributor: q.contributor, requestedReviewer: q.requestedReviewer, space: q.space, site: q.site,
    // GitBook's site topics, style guide runs and findings do not exist in Bindery: nothing matches them.
    none: q.topic !== undefined || q.styleguideRun !== undefined || q.finding === 'all',
    orderBy: q.orderBy,
  };
}

export async function listChangeRequests(ctx: AppContext, actor: Actor, spaceId: string, q: QueryParams<'listChangeRequestsForSpace'> & PageRequest) {
  const { space, access } = await loadSpace(ctx, ctx.db, actor, spaceId, 'view');
  authorizeChangeRequest(access, 'view');
  const page = await changeRequestsRepo.list(ctx.db, space.id, listFilter(q), q);
  return { items: await present(ctx, ctx.db, page.rows, () => space.revision_id, access.seesMemberEmails), next: page.next, count: page.count };
}

/** The change requests of the spaces of an organization on which the caller has a role (reading them needs one). */
export async function listChangeRequestsForOrganization(ctx: AppContext, actor: Actor, orgId: string, q: QueryParams<'listChangeRequestsForOrganization'> & PageRequest) {
  const { subject } = await loadVisibleOrganization(ctx.db, actor, orgId);
  const tree = await CollectionTree.load(ctx.db, orgId);
  const filter = accessibleSpacesFilter(subject, tree, false);
  const page = await changeRequestsRepo.listForOrganization(ctx.db, orgId, filter, listFilter(q), q, filter.all ? 'all' : `user:${actor.user.id}`);
  const spaceIds = [...new Set(page.rows.map((r) => r.space_id))];
  const revisions = await spacesRepo.headRevisions(ctx.db, spaceIds);
  return { items: await present(ctx, ctx.db, page.rows, (id) => revisions.get(id) ?? '', seesMemberEmails(subject)), next: page.next, count: page.count };
}

export async function getChangeRequest(ctx: AppContext, actor: Actor, spaceId: string, ref: string) {
  return reload(ctx, actor, spaceId, ref);
}

export async function updateChangeRequestById(ctx: AppContext, actor: Actor, spaceId: string, ref: string, body: RequestBody<'updateChangeRequestById'>) {
  const description = body.description !== undefined ? await validDocument(body.description, '/body/description') : undefined;
  const id = await ctx.db.transaction().execute(async (tx) => {
    const { space, access, changeRequest: cr } = await loadChangeRequest(ctx, tx, actor, spaceId, ref, { lock: true });
    authorizeChangeRequest(access, 'edit');
    const patch: Partial<ChangeRequestRow> = { updated_at: ctx.clock.now().toISOString() };
    if (body.subject !== undefined) patch.subject = body.subject;
    if (description !== undefined) patch.description = description;
    if (body.status !== undefined && body.status !== cr.status) {
      patch.status = body.status;
      if (cr.status === 'merged') Object.assign(patch, reopenedFromMerge(cr));
      const before = statusCounters(cr.status);
      const after = statusCounters(body.status);
      await changeRequestsRepo.bumpSpace(tx, space.id, { open: after.open - before.open, draft: after.draft - before.draft });
    }
    await changeRequestsRepo.update(tx, cr.id, patch);
    return cr.id;
  });
  return reload(ctx, actor, spaceId, id);
}

/**
 * Leaving `merged` (PATCH with another status, as the seed allows for any change request): the request continues
 * from the revision its merge produced. That revision becomes its initial and current revision, so the content it
 * merged stays in the space (nothing is reverted) and new edits form a new round of changes on top of it; the merge
 * fields are cleared, and earlier reviews are outdated because the request's revision moved.
 */
function reopenedFromMerge(cr: ChangeRequestRow): Partial<ChangeRequestRow> {
  const from = cr.revision_merged_id ?? cr.revision_id;
  return { revision_id: from, revision_initial_id: from, revision_merged_ancestor_id: null, revision_merged_id: null, merged_at: null, merged_by: null };
}

// Reviews -----------------------------------------------------------------------------------------------------------

async function presentReviewsWithComments(ctx: AppContext, actor: Actor, l: LoadedChangeRequest, rows: Awaited<ReturnType<typeof changeRequestsRepo.allReviews>>, format?: BodyFormat) {
  const comments = new Map<string, Awaited<ReturnType<typeof getReviewComment>>>();
  for (const r of rows) {
    if (r.comment_id) comments.set(r.comment_id, await getReviewComment(ctx, actor, l.space, l.access, l.changeRequest.id, r.comment_id, format));
  }
  return presentReviews(ctx.config, ctx.db, l.changeRequest, rows, l.access.seesMemberEmails, comments);
}

export async function submitReview(ctx: AppContext, actor: Actor, spaceId: string, ref: string, body: RequestBody<'submitChangeRequestReview'>) {
  const id = newId();
  if (body.comment !== undefined) await storeBody(body.comment, '/body/comment');
  const changeRequestId = await ctx.db.transaction().execute(async (tx) => {
    const { changeRequest: cr, access } = await loadChangeRequest(ctx, tx, actor, spaceId, ref, { lock: true });
    authorizeChangeRequest(access, 'review');
    if (cr.created_by === actor.user.id) throw forbidden('The author of a change request cannot review it');
    if (cr.status === 'merged' || cr.status === 'archived') throw conflict(`Change request #${cr.number} is ${cr.status}; it cannot be reviewed`);
    const now = ctx.clock.now().toISOString();
    const request = await changeRequestsRepo.findRequestedReviewer(tx, cr.id, actor.user.id);
    let commentId: string | null = null;
    const hasComment = body.comment !== undefined && Object.keys(body.comment).length > 0;
    if (hasComment) {
      commentId = (await postComment(ctx, actor, { spaceId, changeRequest: cr.id }, { body: body.comment! }, { reviewId: id, db: tx })).id;
    }
    await changeRequestsRepo.insertReview(tx, {
      id, change_request_id: cr.id, reviewer_id: actor.user.id, status: body.status, revision_id: cr.revision_id,
      comment_id: commentId, requested_by: request?.requested_by ?? null, created_at: now, updated_at: now,
    });
    // The request is fulfilled by the review.
    if (request) await changeRequestsRepo.removeRequestedReviewer(tx, cr.id, actor.user.id);
    return cr.id;
  });
  return getReview(ctx, actor, spaceId, changeRequestId, id);
}

export async function listReviews(ctx: AppContext, actor: Actor, spaceId: string, ref: string, q: QueryParams<'getReviewsByChangeRequestId'> & PageRequest) {
  const l = await loadChangeRequest(ctx, ctx.db, actor, spaceId, ref);
  const page = await changeRequestsRepo.listReviews(ctx.db, l.changeRequest, q.outdated, q);
  return { items: await presentReviewsWithComments(ctx, actor, l, page.rows, q.format), next: page.next, count: page.count };
}

export async function getReview(ctx: AppContext, actor: Actor, spaceId: string, ref: string, reviewId: string, format?: BodyFormat) {
  const l = await loadChangeRequest(ctx, ctx.db, actor, spaceId, ref);
  const row = await changeRequestsRepo.findReview(ctx.db, l.changeRequest.id, reviewId);
  if (!row) throw notFound('Review');
  return (await presentReviewsWithComments(ctx, actor, l, [row], format))[0]!;
}

// Requested reviewers -----------------------------------------------------------------------------------------------

export async function listRequestedReviewers(ctx: AppContext, actor: Actor, spaceId: string, ref: string, q: PageRequest) {
  const l = await loadChangeRequest(ctx, ctx.db, actor, spaceId, ref);
  const page = await changeRequestsRepo.listRequestedReviewers(ctx.db, l.changeRequest.id, q);
  return { items: await presentRequestedReviewers(ctx.config, ctx.db, page.rows, l.access.seesMemberEmails), next: page.next, count: page.count };
}

/**
 * The contributors of a change request (GitBook's getContributorsByChangeRequestId): who created or edited it
 * (`edit`: their edits, the last one's time), then who only posted comments or replies in it (`comment`), most
 * recent contribution first.
 */
export async function listContributors(ctx: AppContext, actor: Actor, spaceId: string, ref: string, q: PageRequest) {
  const l = await loadChangeRequest(ctx, ctx.db, actor, spaceId, ref);
  const [editors, commenters] = await Promise.all([
    changeRequestsRepo.contributors(ctx.db, l.changeRequest.id),
    commentsRepo.authors(ctx.db, { spaceId: l.space.id, changeRequestId: l.changeRequest.id }),
  ]);
  const all: Contributor[] = editors.map((e) => ({ userId: e.user_id, actionType: 'edit' as const, count: Number(e.contributions), updatedAt: e.last_at }));
  const edited = new Set(all.map((c) => c.userId));
  for (const [userId, c] of commenters) if (!edited.has(userId)) all.push({ userId, actionType: 'comment', count: c.count, updatedAt: c.lastAt });
  const page = paginateSorted(all, q, { scope: `cr-contributors:${l.changeRequest.id}`, direction: 'desc', keyOf: (c) => [c.updatedAt, c.userId] });
  return { items: await presentContributors(ctx.config, ctx.db, page.items, l.access.seesMemberEmails), next: page.next, count: page.count };
}

/** Requests reviews; every user must be able to review the space (the review role) and not be its author. */
export async function requestReviewers(ctx: AppContext, actor: Actor, spaceId: string, ref: string, body: RequestBody<'requestReviewersForChangeRequest'>) {
  const userIds = [...new Set(body.users)];
  // GitBook's optional subject and description: the change request updated with the request, as PATCH updates it.
  const description = body.description !== undefined ? await validDocument(body.description, '/body/description') : undefined;
  let showEmails = false;
  const crId = await ctx.db.transaction().execute(async (tx) => {
    const { space, changeRequest: cr, access } = await loadChangeRequest(ctx, tx, actor, spaceId, ref, { lock: true });
    authorizeChangeRequest(access, 'requestReviewers');
    if (body.subject !== undefined || description !== undefined) authorizeChangeRequest(access, 'edit');
    showEmails = access.seesMemberEmails;
    if (cr.status === 'merged' || cr.status === 'archived') throw conflict(`Change request #${cr.number} is ${cr.status}; reviews cannot be requested`);
    for (const [i, userId] of body.users.entries()) {
      const field = `/body/users/${i}`;
      if (userId === cr.created_by) throw invalidField(field, 'is the author of the change request, who cannot review it');
      const user = await usersRepo.findById(tx, userId);
      const subject = user ? await loadSubject(tx, userAsActor(user), space.org_id) : undefined;
      const theirs = subject ? await computeSpaceAccess(tx, subject, space) : undefined;
      if (!user || !theirs || !theirs.view || theirs.role === null) throw new ApiError(404, `User not found (${field})`);
      if (!canOnSpace(theirs, 'review')) throw invalidField(field, 'cannot review this space (needs the review role on it)');
    }
    const now = ctx.clock.now().toISOString();
    if (body.subject !== undefined || description !== undefined) {
      await changeRequestsRepo.update(tx, cr.id, {
        updated_at: now, ...(body.subject !== undefined ? { subject: body.subject } : {}), ...(description !== undefined ? { description } : {}),
      });
    }
    await changeRequestsRepo.requestReviewers(tx, userIds.map((user_id) => ({
      change_request_id: cr.id, user_id, requested_by: actor.user.id, revision_id: cr.revision_id, created_at: now,
    })));
    return cr.id;
  });
  const rows = await changeRequestsRepo.requestedReviewers(ctx.db, crId, userIds);
  const order = new Map(userIds.map((u, i) => [u, i]));
  rows.sort((a, b) => order.get(a.user_id)! - order.get(b.user_id)!);
  return { users: await presentRequestedReviewers(ctx.config, ctx.db, rows, showEmails) };
}

/** Nothing happens (204) when the space cannot be seen, or the change request or the request does not exist. */
export async function removeRequestedReviewer(ctx: AppContext, actor: Actor, spaceId: string, ref: string, userId: string): Promise<void> {
  await ctx.db.transaction().execute(async (tx) => {
    let l: LoadedChangeRequest;
    try {
      l = await loadChangeRequest(ctx, tx, actor, spaceId, ref);
    } catch (err) {
      if (err instanceof ApiError && err.status === 404) return;
      throw err;
    }
    authorizeChangeRequest(l.access, 'requestReviewers');
    await changeRequestsRepo.removeRequestedReviewer(tx, l.changeRequest.id, userId);
  });
}

// Comment commands and queries, for the comments of a space and those of its change requests (one code path; the
// `where` says which). Each command runs in one transaction that locks the comment it changes (PostgreSQL row
// lock; SQLite has one writer) and moves the counters with atomic `x = x + d` updates (the space's in one of its
// shards: repos/spaces.repo.ts), so `Space.comments`, `ChangeRequest.comments` (open comments) and `Comment.replies`
// stay exact under concurrent posts, resolves, reopens, replies and deletes. Rules: docs/comments.md.
import type { QueryParams, RequestBody } from '@bindery/api-types';
import type { AppContext } from '../context.js';
import type { DbOrTx } from '../db/database.js';
import type { PageRequest } from '../db/pagination.js';
import { checkBytes, ContentLimitError, withField } from '../content/limits.js';
import type { Document } from '../content/markdown.js';
import { checkMarkdown, documentMarkdown } from '../content/process.js';
import { PoolBusyError } from '../lib/worker-pool.js';
import { invalidField, notFound } from '../errors.js';
import { isEmoji } from '../lib/text.js';
import { newOrderedId } from '../lib/ids.js';
import { authorizeComment, authorizeDiscussions } from '../policies/comment.js';
import type { SpaceAccess } from '../policies/space.js';
import { changeRequestsRepo, type ChangeRequestRow } from '../repos/change-requests.repo.js';
import { commentsRepo, type CommentRow, type CommentScope, type ReplyRow } from '../repos/comments.repo.js';
import type { SpaceRow } from '../repos/spaces.repo.js';
import { presentComments, presentNewComment, presentNewReply, presentReplies, type BodyFormat, type CommentPage, type CommentView, type StoredBody } from '../presenters/comment.js';
import type { Actor } from './auth.js';
import { computeSpaceAccess, isExpired, loadSubject } from './content-access.js';
import { pageSummaries, versionTimes } from '../engine/index.js';
import { loadSpace } from './spaces.js';
import { spacesRepo } from '../repos/spaces.repo.js';
import { locks } from '../repos/locks.js';
import { membersRepo } from '../repos/organizations.repo.js';
import { withMembershipCounts } from './members.js';
import { PostgresAdapter } from 'kysely';
import { GroupCommit } from '../db/group-commit.js';
import { noteStampedWrite, noteWrite, outsideRequests, stampAccess, stampedEpochs } from '../db/read-cache.js';
import { authorizeSpace } from '../policies/space.js';
import type { GroupPost } from '../repos/comments.repo.js';

/** Which comments: those of a space, or of one of its change requests (id or number, as in the path). */
export interface CommentWhere {
  spaceId: string;
  changeRequest?: string;
}

interface Scope {
  space: SpaceRow;
  access: SpaceAccess;
  changeRequest?: ChangeRequestRow;
  scope: CommentScope;
  listUrl: string;
}

type BodyInput = RequestBody<'postCommentInSpace'>['body'];

async function loadScope(ctx: AppContext, db: DbOrTx, actor: Actor, where: CommentWhere): Promise<Scope> {
  const { space, access } = await loadSpace(ctx, db, actor, where.spaceId, 'view');
  authorizeDiscussions(access, 'comments');
  return scopeOf(ctx, db, space, access, where);
}

async function scopeOf(ctx: AppContext, db: DbOrTx, space: SpaceRow, access: SpaceAccess, where: CommentWhere): Promise<Scope> {
  const base = `${ctx.config.publicUrl}/v1/spaces/${space.id}`;
  if (where.changeRequest === undefined) {
    return { space, access, scope: { spaceId: space.id, changeRequestId: null }, listUrl: `${base}/comments` };
  }
  const changeRequest = await changeRequestsRepo.find(db, space.id, where.changeRequest);
  if (!changeRequest) throw notFound('Change request');
  return {
    space, access, changeRequest,
    scope: { spaceId: space.id, changeRequestId: changeRequest.id },
    listUrl: `${base}/change-requests/${changeRequest.id}/comments`,
  };
}

/**
 * The stored form of a posted body; a rich document must be one the content core can read. Parsed once here, off the
 * event loop once past the inline size (a 64 KiB body can take a hundred milliseconds to parse), so that every later
 * conversion of the body stays within the content limits.
 */
export async function storeBody(body: BodyInput, field: string): Promise<string> {
  if ('markdown' in body && typeof body.markdown === 'string') {
    const markdown = body.markdown;
    withField(`${field}/markdown`, () => checkBytes(markdown, 'commentBytes', 'the comment'));
    await checkMarkdown(markdown, { field: `${field}/markdown` });
    return JSON.stringify({ markdown } satisfies StoredBody);
  }
  if ('document' in body && body.document) {
    const document = body.document as unknown as Document;
    try {
      const markdown = await documentMarkdown(document, { field: `${field}/document` });
      withField(`${field}/document`, () => checkBytes(markdown, 'commentBytes', 'the comment'));
    } catch (err) {
      if (err instanceof ContentLimitError || err instanceof PoolBusyError) throw err;
      throw invalidField(`${field}/document`, `is not a valid document (${(err as Error).message})`);
    }
    return JSON.stringify({ document: body.document });
  }
  return '{}';
}

/**
 * Moves the open-comment counter of the scope (the space's own comments, or the change request's); the space's in
 * the shard the command holds (`withShard`).
 */
async function bumpOpen(db: DbOrTx, s: Scope, delta: number, shard: () => number): Promise<void> {
  if (delta === 0) return;
  if (s.changeRequest) await changeRequestsRepo.bumpComments(db, s.changeRequest.id, delta);
  else await spacesRepo.bumpOpenComments(db, s.space.id, delta, shard());
}

/**
 * Runs a command that may move the space's open-comment counter: the shard it moves (spacesRepo.counterShard) is
 * taken when it moves it — inside its transaction, which then holds a connection — and held until the transaction
 * ended, so the transactions in flight on one space move different rows. Which shard never changes a count. Each
 * such transaction moves one shard row at most (it moves the counter once), so no two can wait for each other's.
 */
async function withShard<T>(where: CommentWhere, run: (shard: () => number) => Promise<T>): Promise<T> {
  let slot: ReturnType<typeof spacesRepo.counterShard> | undefined;
  try {
    return await run(() => (slot ??= spacesRepo.counterShard(where.spaceId)).shard);
  } finally {
    slot?.release();
  }
}

// Presentation (presenters/comment.ts) --------------------------------------------------------------------------------

const commentView = (ctx: AppContext, s: Scope, actor: Actor, format: BodyFormat | undefined): CommentView => ({
  config: ctx.config, access: s.access, actorId: actor.user.id, format, listUrl: s.listUrl,
});

/** Comments as the caller sees them, with the pages they target as they are now. */
async function presentCommentRows(ctx: AppContext, db: DbOrTx, s: Scope, actor: Actor, rows: CommentRow[], format?: BodyFormat) {
  return presentComments(db, { ...commentView(ctx, s, actor, format), pages: await targetPages(ctx, db, s, rows) }, rows);
}

/** The pages the comments target, as they are in the scope's current revision (space or change request). */
async function targetPages(ctx: AppContext, db: DbOrTx, s: Scope, rows: readonly CommentRow[]): Promise<Map<string, CommentPage>> {
  const ids = [...new Set(rows.flatMap((r) => (r.page_id ? [r.page_id] : [])))];
  const out = new Map<string, CommentPage>();
  if (ids.length === 0) return out;
  const pages = await pageSummaries(ctx, db, s.space, currentRevision(s), ids);
  const times = await versionTimes(db, s.space.id, new Map([...pages].map(([id, p]) => [id, p.contentHash])));
  for (const [id, p] of pages) {
    const t = times.get(id);
    out.set(id, {
      id, title: p.meta.title, ...(p.meta.emoji ? { emoji: p.meta.emoji } : {}), ...(p.meta.icon ? { icon: p.meta.icon } : {}),
      ...(p.path !== null ? { path: p.path } : {}), ...(t ? { createdAt: t.createdAt, updatedAt: t.updatedAt ?? t.createdAt } : {}),
      contentHash: p.contentHash,
    });
  }
  return out;
}

const currentRevision = (s: Scope) => s.changeRequest?.revision_id ?? s.space.revision_id;


async function reloadComment(ctx: AppContext, actor: Actor, s: Scope, id: string, format?: BodyFormat) {
  const row = await commentsRepo.find(ctx.db, s.scope, id);
  if (!row) throw notFound('Comment');
  return (await presentCommentRows(ctx, ctx.db, s, actor, [row], format))[0]!;
}

async function reloadReply(ctx: AppContext, actor: Actor, s: Scope, commentId: string, id: string, format?: BodyFormat) {
  const row = await commentsRepo.findReply(ctx.db, commentId, id);
  if (!row) throw notFound('Comment reply');
  return (await presentReplies(ctx.db, commentView(ctx, s, actor, format), commentId, [row]))[0]!;
}

// Comments ----------------------------------------------------------------------------------------------------------

export async function listComments(ctx: AppContext, actor: Actor, where: CommentWhere, q: QueryParams<'listCommentsInSpace'> & PageRequest) {
  const s = await loadScope(ctx, ctx.db, actor, where);
  const authors = q.authors === undefined ? [] : Array.isArray(q.authors) ? q.authors : [q.authors as unknown as string];
  const page = await commentsRepo.list(ctx.db, s.scope, { status: q.status ?? 'all', order: q.order ?? 'desc', targetPage: q.targetPage, authors }, q);
  return { items: await presentCommentRows(ctx, ctx.db, s, actor, page.rows, q.format), next: page.next, count: page.count };
}

/**
 * The members who posted comments or replies in the scope (the space's own discussions, or a change request's), by
 * display name; users no longer in the organization are left out. `showEmails`: whether the caller may see theirs.
 */
export async function listCommenters(ctx: AppContext, actor: Actor, where: CommentWhere, q: PageRequest) {
  const s = await loadScope(ctx, ctx.db, actor, where);
  const authors = await commentsRepo.authors(ctx.db, s.scope);
  const page = await membersRepo.listWithUsersAmong(ctx.db, s.space.org_id, [...authors.keys()], `commenters:${s.space.id}:${s.scope.changeRequestId ?? ''}`, q);
  return { items: await withMembershipCounts(ctx.db, s.space.org_id, page.rows), next: page.next, count: page.count, showEmails: s.access.seesMemberEmails };
}

export async function getComment(ctx: AppContext, actor: Actor, where: CommentWhere, id: string, format?: BodyFormat) {
  const s = await loadScope(ctx, ctx.db, actor, where);
  return reloadComment(ctx, actor, s, id, format);
}

export async function postComment(ctx: AppContext, actor: Actor, where: CommentWhere, body: RequestBody<'postCommentInSpace'>, opts: { reviewId?: string; db?: DbOrTx } = {}) {
  if ((body.node !== undefined || body.tableCell !== undefined) && body.page === undefined) {
    throw invalidField('/body/page', 'is required with node or tableCell (the page they are in)');
  }
  const stored = await storeBody(body.body, '/body/body');
  const id = newOrderedId();
  const write = async (tx: DbOrTx, shard: () => number) => {
    const s = await loadScope(ctx, tx, actor, where);
    authorizeComment(s.access, 'post', false);
    const page = body.page !== undefined ? (await pageSummaries(ctx, tx, s.space, currentRevision(s), [body.page], { inTransaction: true })).get(body.page) : undefined;
    const row: CommentRow = {
      id, space_id: s.space.id, change_request_id: s.changeRequest?.id ?? null, review_id: opts.reviewId ?? null,
      revision_id: currentRevision(s),
      page_id: body.page ?? null, page_content_hash: page?.contentHash ?? null, node_id: body.node ?? null,
      table_record: body.tableCell?.record ?? null, table_definition: body.tableCell?.definition ?? null,
      body: stored, posted_by: actor.user.id, posted_at: ctx.clock.now().toISOString(), edited_at: null,
      status: 'open', resolved_at: null, resolved_by: null, replies_count: 0,
    };
    // In our own transaction nothing after it reads or refers to the comment: it may wait for the commit.
    await commentsRepo.insert(tx, row, { atCommit: !opts.db });
    await bumpOpen(tx, s, 1, shard);
    return { s, row };
  };
  // Inside a caller's transaction (a review with a comment), which may post several: shard 0 for all of them, so that
  // no transaction moves two shard rows (two taken in opposite orders by two transactions would deadlock); or in one
  // of our own.
  if (!opts.db && body.page === undefined) {
    const posted = await postByGroupCommit(ctx, actor, where, id, stored);
    if (posted) return { id, scope: posted.s, row: posted.row };
  }
  const { s, row } = opts.db
    ? await write(opts.db, () => 0)
    : await withShard(where, (shard) => ctx.db.transaction().execute((tx) => write(tx, shard)));
  return { id, scope: s, row };
}

/** The domains whose cached values a post's access check uses (membership, grants, collection chain). */
const ACCESS_DOMAINS = ['members', 'grants', 'collections'] as const;

/** Per database (PostgreSQL): the group commit of space comments. */
const groupCommits = new WeakMap<object, GroupCommit<GroupPost, boolean>>();

/** The statements and posts of the group commit of comments on `db` (PostgreSQL; undefined before its first post). */
export const commentGroupStats = (db: DbOrTx) => groupCommits.get(db)?.stats;

function groupCommitOf(ctx: AppContext): GroupCommit<GroupPost, boolean> | undefined {
  let g = groupCommits.get(ctx.db);
  if (!g) {
    const db = ctx.db;
    const pg = db.getExecutor().adapter instanceof PostgresAdapter;
    g = new GroupCommit<GroupPost, boolean>(async (posts) => {
      // One shard of each space's counter for the whole statement, held until it ended (spacesRepo.counterShard).
      const slots = new Map<string, ReturnType<typeof spacesRepo.counterShard>>();
      try {
        for (const p of posts) {
          let slot = slots.get(p.row.space_id);
          if (!slot) slots.set(p.row.space_id, (slot = spacesRepo.counterShard(p.row.space_id)));
          p.shard = slot.shard;
        }
        const inserted = await outsideRequests(() => (pg ? commentsRepo.insertGroup(db, posts) : commentsRepo.insertGroupSqlite(db, posts)));
        return posts.map((p) => inserted.has(p.row.id));
      } catch {
        // Nothing of the statement was written (it is atomic): each post goes its own way (postComment's transaction).
        return posts.map(() => false);
      } finally {
        for (const slot of slots.values()) slot.release();
      }
    }, pg ? {} : { gather: 'turn' });
    groupCommits.set(ctx.db, g);
  }
  return g;
}

/** Per database: spaces (row and version) as a post of this process last read them, by id (`versionedSpace`). */
const spaceMemos = new WeakMap<object, Map<string, { found: { space: SpaceRow; version: string }; at: number }>>();
const SPACE_MEMO_MS = 30_000;
const SPACE_MEMO_MAX = 1_024;

/**
 * The space and its row version for a group-commit post, remembered from the previous post on it for up to 30 s (at
 * most 1,024 spaces per database, the oldest dropped first). Not a cache that must be invalidated: the group
 * statement inserts a post only while the space row is still that version (`commentsRepo.insertGroup`: `xmin` on
 * PostgreSQL; `insertGroupSqlite`: the row read again in the transaction), so a post computed from a row that changed
 * meanwhile is left out and takes its own transaction, which reads everything again (and the entry is dropped). A
 * comment post changes no space row (its counter is in the shards), so under posts the version holds and each post
 * no longer reads the space: on PostgreSQL a round trip per turn less before the group statement (the counters',
 * the space's, then the statement's), on SQLite a read per turn after each commit emptied the memo of reads. The 30 s
 * bound keeps `xmin`, a 32-bit transaction id, from being compared across a wraparound.
 */
async function versionedSpace(ctx: AppContext, id: string): Promise<{ space: SpaceRow; version: string } | undefined> {
  let memo = spaceMemos.get(ctx.db);
  if (!memo) spaceMemos.set(ctx.db, (memo = new Map()));
  const now = performance.now();
  const hit = memo.get(id);
  if (hit && now - hit.at < SPACE_MEMO_MS) return hit.found;
  memo.delete(id);
  const found = await spacesRepo.findVersioned(ctx.db, id);
  if (found && !found.space.deleted_at) {
    if (memo.size >= SPACE_MEMO_MAX) memo.delete(memo.keys().next().value!);
    memo.set(id, { found, at: now });
  }
  return found;
}

/**
 * A comment without a page, a space's own or a change request's: the space (with its row version), the change request
 * (its revision) and the caller's access read
 * outside any transaction — the access from the request caches, the space by a read shared with identical ones —,
 * then the comment and its counter written by group commit (db/group-commit.ts): one statement for the posts that
 * arrived meanwhile, inserting each only while its space row is the version read, the invalidation counters are
 * those its cached access was valid for and its change request still at the revision read (`commentsRepo.insertGroup`;
 * on SQLite one transaction per turn, `insertGroupSqlite`). So its access is checked, and its revision read,
 * as of a statement of the transaction that writes it, as the transaction of `postComment` does; one round trip and
 * one commit are shared by many posts. Undefined whenever this cannot decide: a read not from the caches (an
 * organization enforcing SSO looks up its providers), the space or the access refusing (the transaction then
 * answers the error from its own reads), the row or the counters changed by the time of the statement, or the
 * statement failing (nothing written): the caller then posts in its own transaction.
 */
async function postByGroupCommit(ctx: AppContext, actor: Actor, where: CommentWhere, id: string, stored: string): Promise<{ s: Scope; row: CommentRow } | undefined> {
  const group = groupCommitOf(ctx);
  const stamp = group && stampAccess(ctx.db, ACCESS_DOMAINS);
  if (!group || !stamp) return undefined;
  const found = await versionedSpace(ctx, where.spaceId);
  if (!found || found.space.deleted_at) return undefined;
  const { space, version } = found;
  let s: Scope;
  try {
    if ((await membersRepo.findWithOrgSso(ctx.db, space.org_id, actor.user.id))?.org_sso === 1) return undefined;
    const access = await computeSpaceAccess(ctx.db, await loadSubject(ctx.db, actor, space.org_id), space);
    authorizeSpace(access, 'view');
    authorizeComment(access, 'post', false);
    s = await scopeOf(ctx, ctx.db, space, access, where);
  } catch {
    return undefined;
  }
  const epochs = stampedEpochs(stamp);
  if (!epochs) return undefined;
  const row: CommentRow = {
    id, space_id: space.id, change_request_id: s.changeRequest?.id ?? null, review_id: null, revision_id: currentRevision(s),
    page_id: null, page_content_hash: null, node_id: null, table_record: null, table_definition: null,
    body: stored, posted_by: actor.user.id, posted_at: ctx.clock.now().toISOString(), edited_at: null,
    status: 'open', resolved_at: null, resolved_by: null, replies_count: 0,
  };
  const written = await group.add({ row, spaceVersion: version, epochs, shard: 0 });
  if (!written) {
    // Left out: perhaps the space changed since it was remembered; the next post reads it again.
    spaceMemos.get(ctx.db)?.delete(space.id);
    return undefined;
  }
  noteWrite();
  noteStampedWrite(stamp);
  return { s, row };
}

export async function postCommentAndPresent(ctx: AppContext, actor: Actor, where: CommentWhere, body: RequestBody<'postCommentInSpace'>) {
  const { scope, row } = await postComment(ctx, actor, where, body);
  // The row as written (no reactions or replies yet, posted by the caller): nothing to read back but its page.
  return presentNewComment({ ...commentView(ctx, scope, actor, undefined), pages: await targetPages(ctx, ctx.db, scope, [row]) }, row, actor.user);
}

export async function updateComment(ctx: AppContext, actor: Actor, where: CommentWhere, id: string, body: RequestBody<'updateCommentInSpace'>) {
  const stored = body.body !== undefined ? await storeBody(body.body, '/body/body') : undefined;
  const s = await withShard(where, (shard) => ctx.db.transaction().execute(async (tx) => {
    const s = await loadScope(ctx, tx, actor, where);
    await locks.comment(ctx, tx, id);
    const row = await commentsRepo.find(tx, s.scope, id);
    if (!row) throw notFound('Comment');
    const isAuthor = row.posted_by === actor.user.id;
    const now = ctx.clock.now().toISOString();
    if (stored !== undefined) {
      authorizeComment(s.access, 'edit', isAuthor);
      await commentsRepo.setBody(tx, id, stored, now);
    }
    if (body.resolved !== undefined) {
      authorizeComment(s.access, 'resolve', isAuthor);
      if (body.resolved && (await commentsRepo.resolve(tx, id, actor.user.id, now))) await bumpOpen(tx, s, -1, shard);
      if (!body.resolved && (await commentsRepo.reopen(tx, id))) await bumpOpen(tx, s, 1, shard);
    }
    await react(tx, s, actor, id, '', body, now, isAuthor);
    return s;
  }));
  return reloadComment(ctx, actor, s, id);
}

async function react(
  tx: DbOrTx, s: Scope, actor: Actor, commentId: string, replyId: string,
  body: { addedReactions?: string[]; removedReactions?: string[] }, now: string, isAuthor: boolean,
): Promise<void> {
  if (!body.addedReactions?.length && !body.removedReactions?.length) return;
  authorizeComment(s.access, 'react', isAuthor);
  // A reaction is one emoji (GitBook's `Emoji`); removals are not checked, so that any stored reaction can be removed.
  body.addedReactions?.forEach((emoji, i) => {
    if (emoji === '' || !isEmoji(emoji)) throw invalidField(`/body/addedReactions/${i}`, 'must be one emoji (e.g. "👍") or its code points (e.g. "1f44d")');
  });
  // Additions first, removals last: an emoji in both lists ends up removed.
  await commentsRepo.addReactions(tx, commentId, replyId, actor.user.id, body.addedReactions ?? [], now);
  await commentsRepo.removeReactions(tx, commentId, replyId, actor.user.id, body.removedReactions ?? []);
}

/** Deletes a comment and its replies. Nothing happens (204) when it, its change request or the space cannot be found. */
export async function deleteComment(ctx: AppContext, actor: Actor, where: CommentWhere, id: string): Promise<void> {
  await withShard(where, (shard) => ctx.db.transaction().execute(async (tx) => {
    const s = await visibleScopeOrNull(ctx, tx, actor, where);
    if (!s) return;
    await locks.comment(ctx, tx, id);
    const row = await commentsRepo.find(tx, s.scope, id);
    if (!row) return;
    authorizeComment(s.access, 'delete', row.posted_by === actor.user.id);
    if ((await commentsRepo.delete(tx, id)) && row.status === 'open') await bumpOpen(tx, s, -1, shard);
  }));
}

/** The scope when the caller can see the space and the change request exists; null otherwise (idempotent deletes). */
async function visibleScopeOrNull(ctx: AppContext, db: DbOrTx, actor: Actor, where: CommentWhere): Promise<Scope | null> {
  const space = await spacesRepo.findById(db, where.spaceId);
  if (!space || space.deleted_at || isExpired(ctx, space)) return null;
  const access = await computeSpaceAccess(db, await loadSubject(db, actor, space.org_id), space);
  if (!access.view) return null;
  authorizeDiscussions(access, 'comments');
  try {
    return await scopeOf(ctx, db, space, access, where);
  } catch {
    return null;
  }
}

// Replies -----------------------------------------------------------------------------------------------------------

export async function listReplies(ctx: AppContext, actor: Actor, where: CommentWhere, commentId: string, q: PageRequest & { format?: BodyFormat }) {
  const s = await loadScope(ctx, ctx.db, actor, where);
  const comment = await commentsRepo.find(ctx.db, s.scope, commentId);
  if (!comment) throw notFound('Comment');
  const page = await commentsRepo.listReplies(ctx.db, commentId, q);
  return { items: await presentReplies(ctx.db, commentView(ctx, s, actor, q.format), commentId, page.rows), next: page.next, count: page.count };
}

export async function getReply(ctx: AppContext, actor: Actor, where: CommentWhere, commentId: string, id: string, format?: BodyFormat) {
  const s = await loadScope(ctx, ctx.db, actor, where);
  const comment = await commentsRepo.find(ctx.db, s.scope, commentId);
  if (!comment) throw notFound('Comment');
  return reloadReply(ctx, actor, s, commentId, id, format);
}

export async function postReply(ctx: AppContext, actor: Actor, where: CommentWhere, commentId: string, body: RequestBody<'postCommentReplyInSpace'>, format?: BodyFormat) {
  const stored = await storeBody(body.body, '/body/body');
  const id = newOrderedId();
  const { s, row } = await ctx.db.transaction().execute(async (tx) => {
    const s = await loadScope(ctx, tx, actor, where);
    await locks.comment(ctx, tx, commentId);
    const comment = await commentsRepo.find(tx, s.scope, commentId);
    if (!comment) throw notFound('Comment');
    authorizeComment(s.access, 'reply', comment.posted_by === actor.user.id);
    const row: ReplyRow = { id, comment_id: commentId, body: stored, posted_by: actor.user.id, posted_at: ctx.clock.now().toISOString(), edited_at: null };
    await commentsRepo.insertReply(tx, row);
    await commentsRepo.bumpReplies(tx, commentId, 1);
    return { s, row };
  });
  return presentNewReply(commentView(ctx, s, actor, format), commentId, row, actor.user);
}

export async function updateReply(ctx: AppContext, actor: Actor, where: CommentWhere, commentId: string, id: string, body: RequestBody<'updateCommentReplyInSpace'>) {
  const stored = body.body !== undefined ? await storeBody(body.body, '/body/body') : undefined;
  const s = await ctx.db.transaction().execute(async (tx) => {
    const s = await loadScope(ctx, tx, actor, where);
    await locks.comment(ctx, tx, commentId);
    const comment = await commentsRepo.find(tx, s.scope, commentId);
    if (!comment) throw notFound('Comment');
    const reply = await commentsRepo.findReply(tx, commentId, id);
    if (!reply) throw notFound('Comment reply');
    const isAuthor = reply.posted_by === actor.user.id;
    const now = ctx.clock.now().toISOString();
    if (stored !== undefined) {
      authorizeComment(s.access, 'edit', isAuthor);
      await commentsRepo.setReplyBody(tx, id, stored, now);
    }
    await react(tx, s, actor, commentId, id, body, now, isAuthor);
    return s;
  });
  return reloadReply(ctx, actor, s, commentId, id);
}

export async function deleteReply(ctx: AppContext, actor: Actor, where: CommentWhere, commentId: string, id: string): Promise<void> {
  await ctx.db.transaction().execute(async (tx) => {
    const s = await visibleScopeOrNull(ctx, tx, actor, where);
    if (!s) return;
    await locks.comment(ctx, tx, commentId);
    const comment = await commentsRepo.find(tx, s.scope, commentId);
    if (!comment) return;
    const reply = await commentsRepo.findReply(tx, commentId, id);
    if (!reply) return;
    authorizeComment(s.access, 'delete', reply.posted_by === actor.user.id);
    if (await commentsRepo.deleteReply(tx, commentId, id)) await commentsRepo.bumpReplies(tx, commentId, -1);
  });
}

/** The comment a review posted (a comment of its change request) as the caller sees it, or undefined when it is gone. */
export async function getReviewComment(ctx: AppContext, actor: Actor, space: SpaceRow, access: SpaceAccess, changeRequestId: string, id: string, format?: BodyFormat) {
  const s = await scopeOf(ctx, ctx.db, space, access, { spaceId: space.id, changeRequest: changeRequestId });
  const row = await commentsRepo.find(ctx.db, s.scope, id);
  return row ? (await presentCommentRows(ctx, ctx.db, s, actor, [row], format))[0] : undefined;
}


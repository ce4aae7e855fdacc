// Comments and replies to JSON. Bodies are stored as posted ({markdown} | {document} | {}) and converted on the way
// out to the `format` asked for (markdown by default) with the content core's converters - for lists, in batches on
// the content worker pool (content/process.ts bodiesAs).
import type { components } from '@bindery/api-types';
import type { Config } from '../config.js';
import { bodiesAs } from '../content/process.js';
import { bodyAs, type BodyFormat, type StoredBody } from '../content/tasks.js';
import { commentPermissions } from '../policies/comment.js';
import type { SpaceAccess } from '../policies/space.js';
import type { DbOrTx } from '../db/database.js';
import type { UserRow } from '../repos/users.repo.js';
import { commentsRepo, type CommentRow, type ReactionRow, type ReplierRow, type ReplyRow } from '../repos/comments.repo.js';
import { usersRepo } from '../repos/users.repo.js';
import { presentUser, userRefs, type UserRefs } from './user.js';

type CommentJson = components['schemas']['Comment'];
type ReplyJson = components['schemas']['CommentReply'];
type BodyJson = components['schemas']['CommentBody'];
type ReactionJson = components['schemas']['EmojiReaction'];
export type { BodyFormat, StoredBody };

export type UserMap = UserRefs;

/** A reference to a user; a user that no longer exists still has its id. */
export function userRef(config: Config, users: UserMap, id: string): components['schemas']['User'] {
  const u = users.get(id);
  if (u) return presentUser(config, u, { withEmail: users.showEmails });
  return { object: 'user', id, displayName: '', urls: { location: `${config.publicUrl}/v1/users/${id}` } };
}

export function presentBody(stored: string, format: BodyFormat = 'markdown'): BodyJson {
  return bodyAs(stored, format) as BodyJson;
}

/** Groups reaction rows (oldest first) of one comment or reply by emoji, in the order each emoji first appeared. */
export function presentReactions(config: Config, users: UserMap, rows: readonly ReactionRow[]): ReactionJson[] {
  const byEmoji = new Map<string, ReactionJson>();
  for (const r of rows) {
    let e = byEmoji.get(r.emoji);
    if (!e) byEmoji.set(r.emoji, (e = { emoji: r.emoji, count: 0, users: [] }));
    e.count++;
    e.users.push({ user: userRef(config, users, r.user_id), reactedAt: r.reacted_at });
  }
  return [...byEmoji.values()];
}

/** What `target.page` shows of a page: as it is now in the comments' revision (it follows renames and moves). */
export type CommentPageRef = NonNullable<CommentJson['target']['page']>;

/** A targeted page as it is now, with the version it is at (compared with the one the comment was posted on). */
export type CommentPage = Omit<CommentPageRef, 'outdated'> & { contentHash: string };

export interface CommentContext {
  config: Config;
  /** Pages the comments target, by id, as they are now; a page no longer there shows its id and `outdated: true`. */
  pages?: ReadonlyMap<string, CommentPage>;
  access: SpaceAccess;
  actorId: string;
  users: UserMap;
  format: BodyFormat;
  /** API URL of the comment list the comment belongs to (`.../comments`). */
  listUrl: string;
  /** Bodies already in `format`, by comment or reply id (converted off the event loop for lists). */
  bodies?: ReadonlyMap<string, BodyJson>;
}

/** Who a list of comments or replies is shown to, and how. */
export interface CommentView {
  config: Config;
  /** The caller's access to the space (their permissions on each comment, whether they see emails). */
  access: SpaceAccess;
  actorId: string;
  format?: BodyFormat;
  /** API URL of the comment list (`.../comments`). */
  listUrl: string;
  /** Pages the comments target, as they are now (see CommentContext.pages). */
  pages?: ReadonlyMap<string, CommentPage>;
}

/** Comments as the caller sees them, with their reactions, repliers and the users they name (batch look-ups). */
export async function presentComments(db: DbOrTx, view: CommentView, rows: readonly CommentRow[]): Promise<CommentJson[]> {
  const ids = rows.map((r) => r.id);
  const [reactions, repliers] = await Promise.all([commentsRepo.reactions(db, ids), commentsRepo.repliers(db, ids)]);
  const users = userRefs(await usersRepo.findMany(db, [
    ...rows.flatMap((r) => [r.posted_by, r.resolved_by ?? '']), ...reactions.map((r) => r.user_id), ...repliers.map((r) => r.posted_by),
  ]), view.access.seesMemberEmails);
  const c = await withBodies(contextOf(view, users), rows);
  return rows.map((row) => presentComment(c, row, reactions.filter((r) => r.comment_id === row.id), repliers.filter((r) => r.comment_id === row.id)));
}

/** Replies of one comment as the caller sees them, with their reactions and the users they name. */
export async function presentReplies(db: DbOrTx, view: CommentView, commentId: string, rows: readonly ReplyRow[]): Promise<ReplyJson[]> {
  const reactions = await commentsRepo.reactions(db, [commentId], rows.map((r) => r.id));
  const users = userRefs(await usersRepo.findMany(db, [...rows.map((r) => r.posted_by), ...reactions.map((r) => r.user_id)]), view.access.seesMemberEmails);
  const c = await withBodies(contextOf(view, users), rows);
  return rows.map((row) => presentReply(c, commentId, row, reactions.filter((r) => r.reply_id === row.id)));
}

/** A comment just posted by `author`, as written: no reactions or repliers yet, so nothing to look up. */
export async function presentNewComment(view: CommentView, row: CommentRow, author: UserRow): Promise<CommentJson> {
  const c = await withBodies(contextOf(view, userRefs(new Map([[author.id, author]]), view.access.seesMemberEmails)), [row]);
  return presentComment(c, row, [], []);
}

/** A reply just posted by `author`, as written: no reactions yet. */
export async function presentNewReply(view: CommentView, commentId: string, row: ReplyRow, author: UserRow): Promise<ReplyJson> {
  const c = await withBodies(contextOf(view, userRefs(new Map([[author.id, author]]), view.access.seesMemberEmails)), [row]);
  return presentReply(c, commentId, row, []);
}

/** The context with the rows' bodies converted to its format ahead (in batches, off the event loop when large). */
async function withBodies(c: CommentContext, rows: readonly { id: string; body: string }[]): Promise<CommentContext> {
  const shown = await bodiesAs(rows.map((r) => r.body), c.format);
  return { ...c, bodies: new Map(rows.map((r, i) => [r.id, shown[i] as BodyJson])) };
}

const contextOf = (view: CommentView, users: UserMap): CommentContext => ({ ...view, users, format: view.format ?? 'markdown' });

export function presentComment(c: CommentContext, row: CommentRow, reactions: readonly ReactionRow[], repliers: readonly ReplierRow[]): CommentJson {
  const { config, users } = c;
  const target: CommentJson['target'] = { space: row.space_id, revision: row.revision_id };
  if (row.change_request_id) target.changeRequest = row.change_request_id;
  if (row.review_id) target.review = row.review_id;
  if (row.page_id) target.page = pageRef(c, row);
  if (row.node_id) target.node = { id: row.node_id };
  if (row.table_record !== null && row.table_definition !== null) target.tableCell = { record: row.table_record, definition: row.table_definition };
  const sortedRepliers = [...repliers].sort((a, b) => (a.last_at < b.last_at ? 1 : a.last_at > b.last_at ? -1 : 0));
  return {
    object: 'comment',
    id: row.id,
    postedBy: userRef(config, users, row.posted_by),
    postedAt: row.posted_at,
    ...(row.edited_at ? { editedAt: row.edited_at } : {}),
    reactions: presentReactions(config, users, reactions),
    replies: row.replies_count,
    repliers: sortedRepliers.map((r) => ({ user: userRef(config, users, r.posted_by), count: Number(r.n), updatedAt: r.last_at })),
    body: c.bodies?.get(row.id) ?? presentBody(row.body, c.format),
    target,
    urls: { location: `${c.listUrl}/${row.id}` },
    permissions: commentPermissions(c.access, row.posted_by === c.actorId),
    status: row.status as CommentJson['status'],
    ...(row.status === 'resolved' && row.resolved_at ? { resolvedAt: row.resolved_at } : {}),
    ...(row.status === 'resolved' && row.resolved_by ? { resolvedBy: userRef(config, users, row.resolved_by) } : {}),
  };
}

function pageRef(c: CommentContext, row: CommentRow): CommentPageRef {
  const now = c.pages?.get(row.page_id!);
  if (!now) return c.pages ? { id: row.page_id!, outdated: true } : { id: row.page_id! };
  const { contentHash, ...ref } = now;
  return { ...ref, outdated: row.page_content_hash !== null && row.page_content_hash !== contentHash };
}

export function presentReply(c: CommentContext, commentId: string, row: ReplyRow, reactions: readonly ReactionRow[]): ReplyJson {
  return {
    object: 'comment-reply',
    id: row.id,
    postedBy: userRef(c.config, c.users, row.posted_by),
    postedAt: row.posted_at,
    ...(row.edited_at ? { editedAt: row.edited_at } : {}),
    reactions: presentReactions(c.config, c.users, reactions),
    body: c.bodies?.get(row.id) ?? presentBody(row.body, c.format),
    urls: { location: `${c.listUrl}/${commentId}/replies/${row.id}` },
    permissions: commentPermissions(c.access, row.posted_by === c.actorId),
  };
}

// Comments, replies and reactions. Commands lock the comment (repos/locks.ts), then read it, before changing it,
// its replies or a counter, so concurrent resolves, reopens, deletes and replies apply one after the other and each counter moves exactly once per real change.
import { sql, type Insertable, type Selectable } from 'kysely';
import type { Db } from '../db/database.js';
import type { DbOrTx } from '../db/database.js';
import type { CommentRepliesTable, CommentsTable } from '../db/schema.js';
import { paginate, type PageRequest } from '../db/pagination.js';
import { NAMED_STATEMENT, prepared, preparedWrite } from '../db/prepared.js';
import { withKnownChanges } from '../db/read-cache.js';
import { spaceVersionOf, spacesRepo } from './spaces.repo.js';
import { changeRequestsRepo } from './change-requests.repo.js';

/** The counters a post's access check is valid for (db/read-cache.ts), read in the writing transaction. */
const selectAccessEpochs = prepared((db) => db.selectFrom('cache_epochs').select(['members', 'grants', 'collections']).where('id', '=', 1));

export type CommentRow = Selectable<CommentsTable>;
export type ReplyRow = Selectable<CommentRepliesTable>;

export interface CommentScope {
  spaceId: string;
  /** null: comments of the space itself. */
  changeRequestId: string | null;
}

export interface CommentListFilter {
  status: 'all' | 'open' | 'resolved';
  order: 'asc' | 'desc';
  targetPage?: string;
  authors: string[];
}

export interface ReactionRow {
  comment_id: string;
  reply_id: string;
  emoji: string;
  user_id: string;
  reacted_at: string;
}

export interface ReplierRow {
  comment_id: string;
  posted_by: string;
  n: number | string;
  last_at: string;
}

/** Every column of a comment, as `p.<column>` placeholders (the insert is built and compiled once). */
const COMMENT_COLUMNS = [
  'id', 'space_id', 'change_request_id', 'review_id', 'revision_id', 'page_id', 'page_content_hash', 'node_id', 'table_record',
  'table_definition', 'body', 'posted_by', 'posted_at', 'edited_at', 'status', 'resolved_at', 'resolved_by', 'replies_count',
] as const satisfies readonly (keyof CommentRow)[];

const buildInsert = (db: Parameters<Parameters<typeof preparedWrite>[0]>[0], p: CommentRow) =>
  db.insertInto('comments').values(Object.fromEntries(COMMENT_COLUMNS.map((c) => [c, p[c]])) as unknown as CommentRow);
const insertComment = preparedWrite(buildInsert);
const insertCommentAtCommit = preparedWrite(buildInsert, { atCommit: true });

/** A reply, with the comment's counter in the same transaction: nothing after it reads it (sent with the commit). */
const insertReplyAtCommit = preparedWrite((db, p: ReplyRow) =>
  db.insertInto('comment_replies').values({ id: p.id, comment_id: p.comment_id, body: p.body, posted_by: p.posted_by, posted_at: p.posted_at, edited_at: p.edited_at }), { atCommit: true });

const bumpRepliesOf = preparedWrite((db, p: { id: string; delta: number }) =>
  db.updateTable('comments').set((eb) => ({ replies_count: eb('replies_count', '+', p.delta) })).where('id', '=', p.id), { atCommit: true });

/**
 * A space comment posted by group commit (PostgreSQL): the row (a space's own comment, no page, as `postComment`
 * builds it), the version of the space row its access and revision were read from, the invalidation counters
 * (members, grants, collections) the cached access was valid for, and the shard of the space's counter it moves.
 */
export interface GroupPost {
  row: CommentRow;
  spaceVersion: string;
  epochs: string[];
  shard: number;
}

/** The columns a group post carries, in the order of the statement's arrays. */
const GROUP_COLUMNS = ['id', 'space_id', 'change_request_id', 'revision_id', 'body', 'posted_by', 'posted_at', 'space_version', 'members', 'grants', 'collections', 'shard'] as const;

/**
 * One statement for any number of posts, their columns as arrays (`unnest`): each comment is inserted only if, as of
 * the statement, its space row is still the version it was read at and the counters are still those its access was
 * checked against (so the access check and the revision hold inside the statement's transaction, as they would in a
 * transaction reading them), and, for a change request's comment, the change request is still in that space at the
 * revision the post carries (what `postComment`'s transaction reads: the change request and its revision); the
 * space's open-comment counter moves by the number of its own comments inserted, in the shards given, and each change
 * request's counter (in its row) by the number of its comments inserted; answers the ids inserted. Shard rows are
 * taken in space order, so two such statements lock them in the same order; two statements of two processes moving
 * two change requests each may deadlock, which fails one of them as a whole (its posts then take their own
 * transactions). One text whatever the number of posts, sent as a named statement (db/prepared.ts
 * `NAMED_STATEMENT`): planned once per connection. Until 2026-11-27 it was one `values` row per post, a text per
 * number of posts planned on every run: planning took about as much of PostgreSQL's CPU as running it (0.45 and
 * 0.5 ms for 6 posts), and the whole statement cost its backend 2.3–2.8× the CPU it does now (1,300–1,570 against
 * 500–570 µs for 6 posts, 2,300–2,600 against 1,070–1,130 µs for 20, with its transaction).
 */
const GROUP_STATEMENT = `with v as (
  select * from unnest(${GROUP_COLUMNS.map((c, i) => `$${i + 1}::${c === 'shard' ? 'int' : 'text'}[]`).join(', ')}) as v (${GROUP_COLUMNS.join(', ')})
),
ins as (
  insert into comments (${COMMENT_COLUMNS.join(', ')})
  select v.id, v.space_id, v.change_request_id, null, v.revision_id, null, null, null, null, null, v.body, v.posted_by, v.posted_at, null, 'open', null, null, 0
  from v
  join spaces s on s.id = v.space_id and s.xmin::text = v.space_version
  join cache_epochs e on e.id = 1 and e.members::text = v.members and e.grants::text = v.grants and e.collections::text = v.collections
  left join change_requests cr on cr.id = v.change_request_id
  where v.change_request_id is null or (cr.space_id = v.space_id and cr.revision_id = v.revision_id)
  order by v.space_id, v.id
  returning id, space_id, change_request_id
),
moved as (
  insert into space_comment_counts (space_id, shard, open_comments)
  select ins.space_id, min(v.shard), count(*)::int from ins join v on v.id = ins.id where ins.change_request_id is null
  group by ins.space_id order by ins.space_id
  on conflict (space_id, shard) do update set open_comments = space_comment_counts.open_comments + excluded.open_comments
),
requests as (
  update change_requests c set comments_count = c.comments_count + m.n
  from (select change_request_id, count(*)::int as n from ins where change_request_id is not null group by change_request_id) m
  where c.id = m.change_request_id
)
select id from ins${NAMED_STATEMENT}`;

export const commentsRepo = {
  /**
   * `atCommit`: nothing later in the transaction reads the comment or refers to it (db/database.ts `atCommit`: on
   * PostgreSQL it is sent with the commit).
   */
  /** PostgreSQL: posts in one statement (`GROUP_STATEMENT`); answers the ids inserted, the others left out. */
  async insertGroup(db: Db, posts: readonly GroupPost[]): Promise<Set<string>> {
    const values = posts.map((p) => [
      p.row.id, p.row.space_id, p.row.change_request_id, p.row.revision_id, p.row.body, p.row.posted_by, p.row.posted_at, p.spaceVersion, ...p.epochs, p.shard,
    ]);
    // One array per column (GROUP_COLUMNS' order).
    const parameters = GROUP_COLUMNS.map((_, j) => values.map((v) => v[j]));
    // What it changes that a cache shows: the spaces' comment counts (the shards' trigger logs `space-comments:<id>`);
    // no counter (comments, shards and change requests' counts are no domain's). test/cache-lease.test.ts compares
    // this with what the statement's triggers log. So this process keeps skipping the counters after it, and a count it
    // keeps (`spacesRepo`'s keyed row `{ id, open_comments }`) moves by the space's own comments inserted (db/read-cache.ts).
    // A change request's comment moves its change request's count, not its space's shards: only the spaces of the
    // space's own comments are keyed.
    const keys = [...new Set(posts.filter((p) => p.row.change_request_id === null).map((p) => `space-comments:${p.row.space_id}`))];
    const result = await withKnownChanges(
      db, keys, () => db.executeQuery<{ id: string }>({ ...sql.raw('').compile(db), sql: GROUP_STATEMENT, parameters }),
      (r) => {
        const inserted = new Set(r.rows.map((x) => x.id));
        const added = new Map<string, number>();
        for (const p of posts) {
          if (p.row.change_request_id === null && inserted.has(p.row.id)) added.set(p.row.space_id, (added.get(p.row.space_id) ?? 0) + 1);
        }
        return new Map([...added].map(([space, n]) => [`space-comments:${space}`, (row: object) => spacesRepo.withOpenCommentsMoved(row, n)]));
      },
    );
    return new Set(result.rows.map((r) => r.id));
  },
  /**
   * SQLite: the posts in one transaction (one writer: nothing interleaves with it). Each is inserted only while its
   * space row is the version it was read at (`spaceVersionOf`) and the counters are those its access was checked
   * with, both read in the transaction, and a change request's comment only while its change request is in that
   * space at the post's revision; each space's counter moves once by the number of its own comments inserted (shard
   * 0), each change request's by the number of its comments. Answers the ids inserted; a failure rolls all of them back.
   */
  async insertGroupSqlite(db: Db, posts: readonly GroupPost[]): Promise<Set<string>> {
    return db.transaction().execute(async (tx) => {
      const [e] = await selectAccessEpochs(tx, {});
      const epochs = e ? [String(e.members), String(e.grants), String(e.collections)] : [];
      const versions = new Map<string, string | undefined>();
      /** A change request's revision, by `space/change request` (undefined: not in that space). */
      const requests = new Map<string, string | undefined>();
      const inserted = new Set<string>();
      const counts = new Map<string, number>();
      const requestCounts = new Map<string, number>();
      for (const p of posts) {
        if (!versions.has(p.row.space_id)) {
          const space = await spacesRepo.findById(tx, p.row.space_id);
          versions.set(p.row.space_id, space && spaceVersionOf(space));
        }
        if (versions.get(p.row.space_id) !== p.spaceVersion || p.epochs.some((v, i) => v !== epochs[i])) continue;
        const cr = p.row.change_request_id;
        if (cr !== null) {
          const key = `${p.row.space_id}/${cr}`;
          if (!requests.has(key)) {
            const row = await changeRequestsRepo.find(tx, p.row.space_id, cr);
            requests.set(key, row?.id === cr ? row.revision_id : undefined);
          }
          if (requests.get(key) !== p.row.revision_id) continue;
        }
        await insertComment(tx, p.row);
        inserted.add(p.row.id);
        if (cr !== null) requestCounts.set(cr, (requestCounts.get(cr) ?? 0) + 1);
        else counts.set(p.row.space_id, (counts.get(p.row.space_id) ?? 0) + 1);
      }
      for (const [spaceId, n] of counts) await spacesRepo.bumpOpenComments(tx, spaceId, n, 0);
      for (const [id, n] of requestCounts) await changeRequestsRepo.bumpComments(tx, id, n);
      return inserted;
    });
  },
  async insert(db: DbOrTx, row: CommentRow, opts: { atCommit?: boolean } = {}): Promise<void> {
    await (opts.atCommit ? insertCommentAtCommit : insertComment)(db, row);
  },
  find(db: DbOrTx, scope: CommentScope, id: string): Promise<CommentRow | undefined> {
    let q = db.selectFrom('comments').selectAll().where('id', '=', id).where('space_id', '=', scope.spaceId);
    q = scope.changeRequestId === null ? q.where('change_request_id', 'is', null) : q.where('change_request_id', '=', scope.changeRequestId);
    return q.executeTakeFirst();
  },
  findById(db: DbOrTx, id: string): Promise<CommentRow | undefined> {
    return db.selectFrom('comments').selectAll().where('id', '=', id).executeTakeFirst();
  },
  list(db: DbOrTx, scope: CommentScope, f: CommentListFilter, page: PageRequest) {
    let q = db.selectFrom('comments').selectAll().where('space_id', '=', scope.spaceId);
    q = scope.changeRequestId === null ? q.where('change_request_id', 'is', null) : q.where('change_request_id', '=', scope.changeRequestId);
    if (f.status !== 'all') q = q.where('status', '=', f.status);
    if (f.targetPage) q = q.where('page_id', '=', f.targetPage);
    if (f.authors.length) q = q.where('posted_by', 'in', f.authors);
    const authors = [...new Set(f.authors)].sort().join(',');
    return paginate(q, page, {
      scope: `comments:${scope.spaceId}:${scope.changeRequestId ?? ''}:${f.status}:${f.order}:${f.targetPage ?? ''}:${authors}`,
      sortColumn: 'posted_at', idColumn: 'id', direction: f.order,
      keyOf: (r) => [r.posted_at, r.id],
    });
  },
  /** open → resolved; true when this call changed it (the caller holds the row lock). */
  async resolve(db: DbOrTx, id: string, by: string, at: string): Promise<boolean> {
    const r = await db.updateTable('comments').set({ status: 'resolved', resolved_at: at, resolved_by: by })
      .where('id', '=', id).where('status', '=', 'open').executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  },
  /** resolved → open; true when this call changed it. */
  async reopen(db: DbOrTx, id: string): Promise<boolean> {
    const r = await db.updateTable('comments').set({ status: 'open', resolved_at: null, resolved_by: null })
      .where('id', '=', id).where('status', '=', 'resolved').executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  },
  async setBody(db: DbOrTx, id: string, body: string, at: string): Promise<void> {
    await db.updateTable('comments').set({ body, edited_at: at }).where('id', '=', id).execute();
  },
  /** Deletes the comment (its replies and reactions go with it); true when this call deleted it. */
  async delete(db: DbOrTx, id: string): Promise<boolean> {
    const r = await db.deleteFrom('comments').where('id', '=', id).executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  },
  /** Adds `delta` to the reply count (at commit on PostgreSQL: db/database.ts `atCommit`). */
  async bumpReplies(db: DbOrTx, id: string, delta: number): Promise<void> {
    await bumpRepliesOf(db, { id, delta });
  },
  /** Open comments of a space (its own) or of a change request: what the counters must equal. */
  async countOpen(db: DbOrTx, scope: CommentScope): Promise<number> {
    let q = db.selectFrom('comments').select((eb) => eb.fn.countAll<number | string>().as('n')).where('space_id', '=', scope.spaceId).where('status', '=', 'open');
    q = scope.changeRequestId === null ? q.where('change_request_id', 'is', null) : q.where('change_request_id', '=', scope.changeRequestId);
    return Number((await q.executeTakeFirstOrThrow()).n);
  },

  // Replies ------------------------------------------------------------------------------------------------------

  /** Nothing later in the transaction reads the reply or refers to it (db/database.ts `atCommit`). */
  async insertReply(db: DbOrTx, row: ReplyRow): Promise<void> {
    await insertReplyAtCommit(db, row);
  },
  findReply(db: DbOrTx, commentId: string, id: string): Promise<ReplyRow | undefined> {
    return db.selectFrom('comment_replies').selectAll().where('id', '=', id).where('comment_id', '=', commentId).executeTakeFirst();
  },
  listReplies(db: DbOrTx, commentId: string, page: PageRequest) {
    return paginate(db.selectFrom('comment_replies').selectAll().where('comment_id', '=', commentId), page, {
      scope: `replies:${commentId}`, sortColumn: 'posted_at', idColumn: 'id', direction: 'asc',
      keyOf: (r) => [r.posted_at, r.id],
    });
  },
  async setReplyBody(db: DbOrTx, id: string, body: string, at: string): Promise<void> {
    await db.updateTable('comment_replies').set({ body, edited_at: at }).where('id', '=', id).execute();
  },
  async deleteReply(db: DbOrTx, commentId: string, id: string): Promise<boolean> {
    const r = await db.deleteFrom('comment_replies').where('id', '=', id).where('comment_id', '=', commentId).executeTakeFirst();
    if (Number(r.numDeletedRows) === 0) return false;
    await db.deleteFrom('comment_reactions').where('comment_id', '=', commentId).where('reply_id', '=', id).execute();
    return true;
  },
  /** Per comment, who replied, how often and when last. */
  repliers(db: DbOrTx, commentIds: string[]): Promise<ReplierRow[]> {
    if (commentIds.length === 0) return Promise.resolve([]);
    return db.selectFrom('comment_replies')
      .select((eb) => ['comment_id', 'posted_by', eb.fn.countAll<number | string>().as('n'), eb.fn.max('posted_at').as('last_at')])
      .where('comment_id', 'in', commentIds)
      .groupBy(['comment_id', 'posted_by'])
      .execute() as Promise<ReplierRow[]>;
  },

  /** Who posted comments or replies in the scope: per user, how many and the last one's time. */
  async authors(db: DbOrTx, scope: CommentScope): Promise<Map<string, { count: number; lastAt: string }>> {
    let comments = db.selectFrom('comments')
      .select((eb) => ['posted_by', eb.fn.countAll<number | string>().as('n'), eb.fn.max('posted_at').as('last_at')])
      .where('space_id', '=', scope.spaceId).groupBy('posted_by');
    let replies = db.selectFrom('comment_replies as r').innerJoin('comments as c', 'c.id', 'r.comment_id')
      .select((eb) => ['r.posted_by', eb.fn.countAll<number | string>().as('n'), eb.fn.max('r.posted_at').as('last_at')])
      .where('c.space_id', '=', scope.spaceId).groupBy('r.posted_by');
    if (scope.changeRequestId === null) {
      comments = comments.where('change_request_id', 'is', null);
      replies = replies.where('c.change_request_id', 'is', null);
    } else {
      comments = comments.where('change_request_id', '=', scope.changeRequestId);
      replies = replies.where('c.change_request_id', '=', scope.changeRequestId);
    }
    const rows = (await Promise.all([comments.execute(), replies.execute()])).flat();
    const out = new Map<string, { count: number; lastAt: string }>();
    for (const r of rows) {
      const had = out.get(r.posted_by);
      const lastAt = String(r.last_at);
      out.set(r.posted_by, { count: (had?.count ?? 0) + Number(r.n), lastAt: had && had.lastAt > lastAt ? had.lastAt : lastAt });
    }
    return out;
  },

  // Reactions ----------------------------------------------------------------------------------------------------

  async addReactions(db: DbOrTx, commentId: string, replyId: string, userId: string, emojis: string[], at: string): Promise<void> {
    if (emojis.length === 0) return;
    const rows = [...new Set(emojis)].map((emoji) => ({ comment_id: commentId, reply_id: replyId, emoji, user_id: userId, reacted_at: at }));
    await db.insertInto('comment_reactions').values(rows).onConflict((oc) => oc.doNothing()).execute();
  },
  async removeReactions(db: DbOrTx, commentId: string, replyId: string, userId: string, emojis: string[]): Promise<void> {
    if (emojis.length === 0) return;
    await db.deleteFrom('comment_reactions').where('comment_id', '=', commentId).where('reply_id', '=', replyId)
      .where('user_id', '=', userId).where('emoji', 'in', [...new Set(emojis)]).execute();
  },
  /** Reactions on the given comments themselves (`replyIds` omitted) or on the given replies. */
  reactions(db: DbOrTx, commentIds: string[], replyIds?: string[]): Promise<ReactionRow[]> {
    if (commentIds.length === 0 || (replyIds && replyIds.length === 0)) return Promise.resolve([]);
    let q = db.selectFrom('comment_reactions').selectAll().where('comment_id', 'in', commentIds);
    q = replyIds ? q.where('reply_id', 'in', replyIds) : q.where('reply_id', '=', '');
    return q.orderBy('reacted_at').orderBy('emoji').orderBy('user_id').execute();
  },
};

// What content reads derive from immutable things, remembered per database (per server process), bounded in bytes.
// Nothing here is ever invalidated, because nothing it remembers can change:
//
//   revisions  a revision row by id, as read for a space the request has just read (revisions are inserted once and
//              never updated; they go only with their space, by cascade, when it is purged). Only rows read outside
//              a transaction (committed) are kept.
//   pages      where a page is in a tree — its node hash and path — by the tree's root hash and the page's id or path
//              (content-addressed: a root hash fixes the whole tree, so the answer can never differ). It is taken
//              from the index of the space's active revision only when that index was read, in the same statement,
//              to describe this very root hash; otherwise the caller answers from the tree itself and keeps nothing.
//   indexed    "the indexes of space S describe its revision R": the indexes move only in the transaction that
//              moves the space's head (engine/commit.ts, ensureIndexedLocked), so once seen to describe R they do
//              whenever the space's head is R again
//
// What is mutable — which revision is the head, who may read it, page times, Git Sync metadata — is never kept
// here: the space row is read by every request, access and the rest go through db/read-cache.ts (epochs).
import type { DbOrTx } from '../db/database.js';
import { Lru } from '../lib/lru.js';
import type { RevisionRow } from '../repos/revisions.repo.js';

/** Bytes (approximately) each cache may hold per database. */
export const READ_MEMO_BYTES = { revisions: 8 * 1024 * 1024, pages: 16 * 1024 * 1024, indexed: 2 * 1024 * 1024 } as const;

export interface PageAt {
  hash: string;
  path: string | null;
}

interface ReadMemo {
  revisions: Lru<string, RevisionRow>;
  /** `${rootHash} ${'id'|'path'} ${pageId|path}` → where the page is (null: not in the tree). */
  pages: Lru<string, PageAt | null>;
  /** `${spaceId} ${revisionId}` → the indexes of the space were seen to describe that revision. */
  indexed: Lru<string, true>;
}

const memos = new WeakMap<object, ReadMemo>();

/** The memo of `db`; undefined inside a transaction (what it reads may not be committed). */
export function readMemo(db: DbOrTx): ReadMemo | undefined {
  if (db.isTransaction) return undefined;
  let m = memos.get(db);
  if (!m) {
    m = {
      revisions: new Lru(READ_MEMO_BYTES.revisions, (r) => 400 + (r.parents.length + (r.variables?.length ?? 0)) * 2),
      pages: new Lru(READ_MEMO_BYTES.pages, (v) => 320 + (v?.path?.length ?? 0) * 4),
      indexed: new Lru(READ_MEMO_BYTES.indexed, () => 120),
    };
    memos.set(db, m);
  }
  return m;
}

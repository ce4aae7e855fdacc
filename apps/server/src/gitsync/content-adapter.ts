// Git Sync's one door into the content engine: everything gitsync/ reads from or writes to a space's content goes
// through this file (so that a change of the engine's API is a change here only).
//
//   readRevision(ctx, db, spaceId, revisionId?)  the whole tree (markdown included), files and variables
//   commitTree(ctx, {...})                        a whole tree + files + variables as ONE revision of the space
//                                                 (activated, or standalone), skipped when nothing changed; merged
//                                                 with the space's changes made since its `base`
import type { RefResolver } from '../content/markdown.js';
import { hashPage, dedupeSiblingSlugs, type PageData, type PageNode } from '../content/tree.js';
import type { AppContext } from '../context.js';
import type { DbOrTx } from '../db/database.js';
import { ApiError, notFound } from '../errors.js';
import {
  applyResolutions, commitRevision, findRevisionContent, hashFiles, hashTree, loadFiles, loadRevisionTree, mergeSnapshots, ROOT_ID, textMergesAhead,
  type ContentSnapshot, type FileEntry, type MergeConflict, type RevisionContent,
} from '../engine/index.js';
import { locks } from '../repos/locks.js';
import { spacesRepo } from '../repos/spaces.repo.js';
import { blobStore } from '../storage/blobs.js';
import { canonicalJson } from '../content/hash.js';

export type { FileEntry, PageData, PageNode, RefResolver };
export { ROOT_ID, hashPage };

export interface RevisionSnapshot {
  revisionId: string;
  type: string;
  createdBy: string | null;
  tree: PageNode;
  files: FileEntry[];
  variables: Record<string, string>;
}

/** A revision of a space (default: the active one) with every page's markdown. */
export async function readRevision(ctx: AppContext, db: DbOrTx, spaceId: string, revisionId?: string): Promise<RevisionSnapshot> {
  const space = await spacesRepo.findById(db, spaceId);
  if (!space) throw notFound('Space');
  const id = revisionId ?? space.revision_id;
  const content = await findRevisionContent(db, id);
  if (!content || content.revision.space_id !== spaceId) throw new ApiError(404, `Revision not found: ${id}`);
  const row = content.revision;
  const [tree, files] = await Promise.all([loadRevisionTree(ctx, db, content), loadFiles(ctx, db, content.filesHash)]);
  return { revisionId: id, type: row.type, createdBy: row.created_by, tree, files, variables: content.variables };
}

export interface CommitTreeInput {
  spaceId: string;
  tree: PageNode;
  files: FileEntry[];
  variables: Record<string, string>;
  createdBy: string | null;
  /** false: a standalone revision (the space keeps its content). */
  activate: boolean;
  /**
   * Commit even when the content equals the active revision's: something the revision records beside it changed (a
   * Git Sync import whose commit changed only the repository's reusable contents, which the revision's snapshot holds).
   */
  changedBeside?: boolean;
  /**
   * The revision the tree was made against (a git import: the space's head when it started): when the head moved
   * since, the tree is merged with the changes made meanwhile (see commitTree). Absent: the tree replaces the head.
   */
  base?: string;
  /** Runs in the commit's transaction with the revision holding the tree as given (e.g. to record its Git commit). */
  then?: (tx: DbOrTx, revisionId: string) => Promise<void>;
}

/** The root hash of an empty tree (a space's first revision has no content: it shows as this tree). */
let emptyRootHash: string | undefined;
const EMPTY_TREE: PageNode = { id: ROOT_ID, title: '', slug: '', type: 'group', markdown: '', children: [] };

/** A conflict of a merge with the space's concurrent changes, as the operation reports it (resolved for the tree). */
export interface MergedConflict {
  id: string;
  kind: MergeConflict['kind'];
  pageId?: string;
  fileId?: string;
  variable?: string;
  field?: string;
}

/** How a tree committed after the space's content moved was merged with the changes made meanwhile. */
export interface ConcurrentMerge {
  /** The revision the tree was read against. */
  base: string;
  /** The space's revision at the commit (holding the changes made meanwhile). */
  head: string;
  /** The revision holding the tree as given (parent: base; not the space's content). */
  imported: string;
  conflicts: MergedConflict[];
}

export interface CommittedTree {
  /** The space's revision after the commit (the standalone revision when not activated). */
  revisionId: string;
  parent: string;
  /** Set when the tree was merged with changes made since `base`. */
  merged?: ConcurrentMerge;
}

const sameContent = (a: { rootHash: string | null; filesHash: string | null; variables: Record<string, string> }, b: typeof a) =>
  (a.rootHash ?? emptyRootHash) === (b.rootHash ?? emptyRootHash) && a.filesHash === b.filesHash && canonicalJson(a.variables) === canonicalJson(b.variables);

/**
 * Commits a whole tree as one revision whose parent is the space's active revision. Returns undefined (and writes
 * nothing) when the content equals the active revision's (unless `changedBeside`). Slugs are made unique among siblings.
 *
 * "Equals": same tree (ids, order, every field), files and variables. The tree's root hash (computed in slices,
 * before the transaction, without holding the event loop) is compared with the one the active revision stores —
 * the hash of the tree it reads as — so the active revision's pages are not read back and hashed again.
 *
 * `base`: the revision the tree was made against (a git import: the space's head when it started). The space's row
 * is locked before its head is read, so the check and the commit are one (no write lands in between, on either
 * database). When the head moved since `base` with other content (pages created or edited meanwhile), the tree is
 * committed as its own revision (parent: `base`; `then` runs with it) and three-way merged with the head (base:
 * `base`, theirs: the tree, ours: the head; the change requests' merge); where both changed the same thing
 * differently, the tree wins. The merge becomes the space's revision (type `merge`, parents: the head and the tree's
 * revision), unless it equals the head.
 */
export async function commitTree(ctx: AppContext, input: CommitTreeInput): Promise<CommittedTree | undefined> {
  const tree = dedupeSiblingSlugs({ ...input.tree, id: ROOT_ID });
  const rootHash = await hashTree(tree);
  emptyRootHash ??= await hashTree(EMPTY_TREE);
  return ctx.db.transaction().execute(async (tx) => {
    await locks.space(ctx, tx, input.spaceId);
    const space = await spacesRepo.findById(tx, input.spaceId);
    if (!space) throw notFound('Space');
    const current = await findRevisionContent(tx, space.revision_id);
    if (!current || current.revision.space_id !== input.spaceId) throw new ApiError(404, `Revision not found: ${space.revision_id}`);
    const files = await loadFiles(ctx, tx, current.filesHash);
    const base = input.activate && input.base && input.base !== space.revision_id ? await findRevisionContent(tx, input.base) : undefined;
    if (base && base.revision.space_id === input.spaceId && !sameContent(base, current)) {
      return mergeWithHead(ctx, tx, input, tree, base, current);
    }
    if (!input.changedBeside && (current.rootHash ?? emptyRootHash) === rootHash && hashFiles(files) === hashFiles(input.files) && canonicalJson(current.variables) === canonicalJson(input.variables)) return undefined;
    const r = await commitRevision(ctx, tx, {
      spaceId: input.spaceId, parents: [space.revision_id], type: 'edits', tree, files: input.files, variables: input.variables,
      createdBy: input.createdBy, activate: input.activate,
    });
    await input.then?.(tx, r.revisionId);
    return { revisionId: r.revisionId, parent: space.revision_id };
  });
}

/** commitTree when the space's head moved since the tree's base: see there. Runs under the space's lock. */
async function mergeWithHead(ctx: AppContext, tx: DbOrTx, input: CommitTreeInput, tree: PageNode, base: RevisionContent, head: RevisionContent): Promise<CommittedTree> {
  const snapshotOf = async (c: RevisionContent): Promise<ContentSnapshot> => {
    const [t, f] = await Promise.all([loadRevisionTree(ctx, tx, c), loadFiles(ctx, tx, c.filesHash)]);
    return { tree: t, files: f, variables: c.variables };
  };
  const [b, o] = await Promise.all([snapshotOf(base), snapshotOf(head)]);
  const t: ContentSnapshot = { tree, files: input.files, variables: input.variables };
  const merge = mergeSnapshots(b, o, t, await textMergesAhead(b, o, t));
  // The conflicts kept ours: each one is resolved in favour of the tree (theirs).
  const result = merge.ok ? merge.result : applyResolutions(merge, merge.conflicts.map((c) => ({ conflict: c.id, choose: 'theirs' as const })));
  const imported = await commitRevision(ctx, tx, {
    spaceId: input.spaceId, parents: [base.revision.id], type: 'edits', tree, files: input.files, variables: input.variables, createdBy: input.createdBy, activate: false,
  });
  await input.then?.(tx, imported.revisionId);
  const merged: ConcurrentMerge = {
    base: base.revision.id, head: head.revision.id, imported: imported.revisionId,
    conflicts: merge.conflicts.map((c) => ({
      id: c.id, kind: c.kind, ...(c.pageId ? { pageId: c.pageId } : {}), ...(c.fileId ? { fileId: c.fileId } : {}),
      ...(c.variable ? { variable: c.variable } : {}), ...(c.field ? { field: c.field } : {}),
    })),
  };
  const resultTree = dedupeSiblingSlugs({ ...result.tree, id: ROOT_ID });
  const headFiles = o.files;
  if ((head.rootHash ?? emptyRootHash) === (await hashTree(resultTree)) && hashFiles(headFiles) === hashFiles(result.files) && canonicalJson(head.variables) === canonicalJson(result.variables)) {
    return { revisionId: head.revision.id, parent: head.revision.id, merged };
  }
  const r = await commitRevision(ctx, tx, {
    spaceId: input.spaceId, parents: [head.revision.id, imported.revisionId], type: 'merge', tree: resultTree, files: result.files, variables: result.variables,
    createdBy: input.createdBy, activate: true,
  });
  return { revisionId: r.revisionId, parent: head.revision.id, merged };
}

export async function putBlob(ctx: AppContext, data: Buffer): Promise<string> {
  return blobStore(ctx).put(data);
}

/** Stores many blobs in one go (statements of many rows on the database store); hashes in order. */
export function putBlobs(ctx: AppContext, data: readonly Buffer[]): Promise<string[]> {
  return blobStore(ctx).putMany(data);
}

/** The bytes of many blobs in one go; missing ones are absent from the map. */
export function getBlobs(ctx: AppContext, hashes: readonly string[]): Promise<Map<string, Buffer>> {
  return blobStore(ctx).getMany(hashes);
}

export async function getBlob(ctx: AppContext, hash: string): Promise<Buffer> {
  const data = await blobStore(ctx).get(hash);
  if (!data) throw new Error(`Blob ${hash} is missing from the blob store`);
  return data;
}

/** The content hash of a page as stored (what the snapshot records to know whether it changed since). */
export function pageHash(page: PageData): string {
  return hashPage(page);
}

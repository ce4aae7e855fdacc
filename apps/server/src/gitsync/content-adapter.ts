// Git Sync's one door into the content engine: everything gitsync/ reads from or writes to a space's content goes
// through this file (so that a change of the engine's API is a change here only).
//
//   readRevision(ctx, db, spaceId, revisionId?)  the whole tree (markdown included), files and variables
//   commitTree(ctx, {...})                        a whole tree + files + variables as ONE revision of the space
//                                                 (activated, or standalone), skipped when nothing changed
import type { RefResolver } from '../content/markdown.js';
import { hashPage, dedupeSiblingSlugs, type PageData, type PageNode } from '../content/tree.js';
import type { AppContext } from '../context.js';
import type { DbOrTx } from '../db/database.js';
import { ApiError, notFound } from '../errors.js';
import { commitRevision, findRevisionContent, hashFiles, hashTree, loadFiles, loadRevisionTree, ROOT_ID, type FileEntry } from '../engine/index.js';
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
  /** Runs in the commit's transaction with the new revision (e.g. to record its Git commit). */
  then?: (tx: DbOrTx, revisionId: string) => Promise<void>;
}

/** The root hash of an empty tree (a space's first revision has no content: it shows as this tree). */
let emptyRootHash: string | undefined;
const EMPTY_TREE: PageNode = { id: ROOT_ID, title: '', slug: '', type: 'group', markdown: '', children: [] };

/**
 * Commits a whole tree as one revision whose parent is the space's active revision. Returns undefined (and writes
 * nothing) when the content equals the active revision's (unless `changedBeside`). Slugs are made unique among siblings.
 *
 * "Equals": same tree (ids, order, every field), files and variables. The tree's root hash (computed in slices,
 * before the transaction, without holding the event loop) is compared with the one the active revision stores —
 * the hash of the tree it reads as — so the active revision's pages are not read back and hashed again.
 */
export async function commitTree(ctx: AppContext, input: CommitTreeInput): Promise<{ revisionId: string; parent: string } | undefined> {
  const tree = dedupeSiblingSlugs({ ...input.tree, id: ROOT_ID });
  const rootHash = await hashTree(tree);
  emptyRootHash ??= await hashTree(EMPTY_TREE);
  return ctx.db.transaction().execute(async (tx) => {
    const space = await spacesRepo.findById(tx, input.spaceId);
    if (!space) throw notFound('Space');
    const current = await findRevisionContent(tx, space.revision_id);
    if (!current || current.revision.space_id !== input.spaceId) throw new ApiError(404, `Revision not found: ${space.revision_id}`);
    const files = await loadFiles(ctx, tx, current.filesHash);
    if (!input.changedBeside && (current.rootHash ?? emptyRootHash) === rootHash && hashFiles(files) === hashFiles(input.files) && canonicalJson(current.variables) === canonicalJson(input.variables)) return undefined;
    const r = await commitRevision(ctx, tx, {
      spaceId: input.spaceId, parents: [space.revision_id], type: 'edits', tree, files: input.files, variables: input.variables,
      createdBy: input.createdBy, activate: input.activate,
    });
    await input.then?.(tx, r.revisionId);
    return { revisionId: r.revisionId, parent: space.revision_id };
  });
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

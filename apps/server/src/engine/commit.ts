// The commit step of the content engine: the ONLY code that inserts revision rows and moves a head.
//
//   insertRevision    a row of `revisions` (with content of its own, or none: then it shows its first parent's)
//   moveSpaceHead     `spaces.revision_id` := a revision; the space's indexes (pages by id/path, links, search) follow
//                     in the same transaction and integrations hear of it (`notifyContentUpdated`, a durable job)
//   moveChangeRequestHead   `change_requests.revision_id` := a revision of its chain (plus the caller's other fields)
//   moveComputedHead  `spaces.computed_revision_id` := a new computed revision of the same head (a spec changed)
//
// A head with computed pages (engine/computed.ts) also gets its `computed` revision here, in the same transaction:
// `spaces.computed_revision_id`, which the indexes describe (so generated pages are searched and linked).
//
// Everything that writes content (edits, merges, updates, git imports, computed OpenAPI pages, templates, new and
// duplicated spaces) reaches these three through the front door (engine/index.ts). Callers hold the space lock
// (repos/locks.ts) before moving the space's head; `moveSpaceHead` takes it if they do not (a no-op when held).
import { hashPage, combineHash, type PageData } from '../content/tree.js';
import type { AppContext } from '../context.js';
import type { DbOrTx } from '../db/database.js';
import { newId } from '../lib/ids.js';
import { changeRequestsRepo, type ChangeRequestRow } from '../repos/change-requests.repo.js';
import { contentRepo } from '../repos/content.repo.js';
import { locks } from '../repos/locks.js';
import { revisionsRepo } from '../repos/revisions.repo.js';
import { spacesRepo } from '../repos/spaces.repo.js';
import { notifyContentUpdated } from '../services/integration-events.js';
import { syncSpaceIndex, type IndexStats } from './content-index.js';
import { computedRevisionOf, type ComputedRevision } from './computed.js';
import { revisionContent, ROOT_ID, type NodeRecord, type RevisionContent } from './content-store.js';

export type RevisionType = 'edits' | 'merge' | 'rollback' | 'update' | 'computed';

/** The content a revision holds: its page tree (null: an empty tree), its files and its variables. */
export interface RevisionHashes {
  rootHash: string | null;
  filesHash: string | null;
  variables: Record<string, string>;
}

export interface NewRevision {
  /** Given when the caller needs the id before the row exists (a new space points at its first revision). */
  id?: string;
  spaceId: string;
  parents: string[];
  type: RevisionType;
  createdBy: string | null;
  /** Absent: the revision has no content of its own and shows its first parent's (none: an empty space). */
  content?: RevisionHashes;
  /** Insert nothing when a revision with this id exists (computed revisions, whose ids derive from their content). */
  ifAbsent?: boolean;
}

export function contentRow(hash: string, page: PageData) {
  const { markdown, ...meta } = page;
  return { hash, page_id: page.id, data: JSON.stringify(meta), markdown };
}

export function nodeRow(n: Pick<NodeRecord, 'hash' | 'pageId' | 'contentHash' | 'childHashes'>) {
  return { hash: n.hash, page_id: n.pageId, content_hash: n.contentHash, children: n.childHashes.join(',') };
}

/** Inserts a revision row; returns its id. */
export async function insertRevision(ctx: AppContext, tx: DbOrTx, r: NewRevision): Promise<string> {
  const id = r.id ?? newId();
  await revisionsRepo.insert(tx, {
    id, space_id: r.spaceId, parents: JSON.stringify(r.parents), type: r.type, created_by: r.createdBy, created_at: ctx.clock.now().toISOString(),
    ...(r.content && {
      // An empty tree still gets a root node of its own, so that `root_hash` null keeps meaning "no content of its own".
      root_hash: r.content.rootHash ?? (await writeEmptyRoot(tx)),
      files_hash: r.content.filesHash,
      variables: JSON.stringify(r.content.variables),
    }),
  }, { ifAbsent: r.ifAbsent });
  return id;
}

async function writeEmptyRoot(tx: DbOrTx): Promise<string> {
  const page: PageData = { id: ROOT_ID, title: '', slug: '', type: 'group', markdown: '' };
  const contentHash = hashPage(page);
  const hash = combineHash(contentHash, []);
  await contentRepo.insertContents(tx, [contentRow(contentHash, page)]);
  await contentRepo.insertNodes(tx, [{ hash, page_id: ROOT_ID, content_hash: contentHash, children: '' }]);
  return hash;
}

/**
 * The first revision of a new space (`id`: the space row already points at it): empty, or, for a duplicate, with
 * no content of its own so that it shows the source's revision `copyOf` (its parent).
 */
export async function insertFirstRevision(ctx: AppContext, tx: DbOrTx, r: { id: string; spaceId: string; createdBy: string; copyOf?: string }): Promise<void> {
  await insertRevision(ctx, tx, { id: r.id, spaceId: r.spaceId, parents: r.copyOf ? [r.copyOf] : [], type: 'edits', createdBy: r.createdBy });
}

/**
 * Points the space at a revision, gives it its computed revision when it has computed pages, brings the indexes up
 * to date and tells integrations. `computed`: whether the new content may hold computed pages (false: the caller
 * knows it has none, e.g. edits that add none to a head without any; absent: look).
 */
export async function moveSpaceHead(
  ctx: AppContext, tx: DbOrTx, spaceId: string, r: { revisionId: string; rootHash: string | null; filesHash: string | null; computed?: boolean },
): Promise<IndexStats> {
  await locks.space(ctx, tx, spaceId);
  const space = await spacesRepo.findById(tx, spaceId);
  const look = r.computed !== false || !!space?.computed_revision_id;
  const computed = space && look ? await computedRevisionOf(ctx, tx, space, await revisionContent(tx, (await revisionsRepo.findById(tx, r.revisionId))!)) : undefined;
  await spacesRepo.update(tx, spaceId, { revision_id: r.revisionId, computed_revision_id: computed?.revisionId ?? null, updated_at: ctx.clock.now().toISOString() });
  await notifyContentUpdated(ctx, tx, { spaceId, revisionId: r.revisionId });
  return syncSpaceIndex(ctx, tx, spaceId, computed ?? r);
}

/** Gives the space's head (`head`, under the caller's space lock) a new computed revision; the indexes follow. */
export async function moveComputedHead(ctx: AppContext, tx: DbOrTx, spaceId: string, head: RevisionContent, computed: ComputedRevision | undefined): Promise<IndexStats> {
  await spacesRepo.update(tx, spaceId, { computed_revision_id: computed?.revisionId ?? null });
  return syncSpaceIndex(ctx, tx, spaceId, computed ?? { revisionId: head.revision.id, rootHash: head.rootHash, filesHash: head.filesHash });
}

/**
 * Spaces that changed organization (a transfer of the space or of a collection holding it, under both organizations'
 * locks): the computed revision of each head is made again against its new organization's specs, at once and in
 * the transfer's transaction. The one it had spliced in the old organization's specs (their generated pages, ids
 * and versions), which the new organization's readers, search and sites would otherwise see until a job recomputed it.
 */
export async function recomputeTransferredSpaces(ctx: AppContext, tx: DbOrTx, spaceIds: readonly string[]): Promise<void> {
  for (const spaceId of [...spaceIds].sort()) {
    await locks.space(ctx, tx, spaceId);
    const space = await spacesRepo.findById(tx, spaceId);
    if (!space?.computed_revision_id) continue;
    const head = await revisionContent(tx, (await revisionsRepo.findById(tx, space.revision_id))!);
    const computed = await computedRevisionOf(ctx, tx, space, head);
    if ((computed?.revisionId ?? null) !== space.computed_revision_id) await moveComputedHead(ctx, tx, space.id, head, computed);
  }
}

/** Points a change request at a revision of its chain (with the caller's other changes to its row). */
export async function moveChangeRequestHead(
  ctx: AppContext, tx: DbOrTx, changeRequestId: string, revisionId: string, patch: Partial<ChangeRequestRow> = {},
): Promise<void> {
  await changeRequestsRepo.update(tx, changeRequestId, { ...patch, revision_id: revisionId, updated_at: ctx.clock.now().toISOString() });
}

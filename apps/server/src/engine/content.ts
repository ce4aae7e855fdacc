// The content engine: immutable revisions of a space's pages, files and variables (docs/content-engine.md).
//
// WRITING - for routes and for other services (change requests):
//
//   applyEdits(ctx, target, edits, opts) -> { revisionId, changed, created, stats }
//       Applies `edits` (services/content-edits.ts: createPage, updatePage, movePage, deletePage, addFile,
//       deleteFile, setVariables) atomically as ONE new revision, in its own transaction.
//   commitEdits(ctx, tx, target, edits, opts)
//       The same inside the caller's transaction (e.g. one that also updates a change request row).
//
//   target = { kind: 'space', spaceId }
//       Edits the space's active revision: locks the space row (PostgreSQL `for no key update`; SQLite has one writer),
//       checks `opts.ifMatch` (412 when the space moved on), commits a revision whose parent is the active one,
//       points `spaces.revision_id` at it and brings the space's indexes (pages by id/path, links, search) up to
//       date incrementally. Concurrent writes without If-Match serialise: none is lost.
//   target = { kind: 'revision-chain', spaceId, baseRevisionId }
//       Commits a revision whose parent is `baseRevisionId` (a change request's revision) and returns its id; the
//       caller stores it (e.g. `change_requests.revision_id`) and serialises writers of its chain itself. Nothing
//       about the space changes. `opts.ifMatch` is compared with `baseRevisionId`.
//
//   commitRevision(ctx, tx, { spaceId, parents, type, tree, files, variables, createdBy, activate })
//       Stores a whole page tree (a merge result from content/merge.ts) as a revision; only nodes not stored yet
//       are written. With `activate` the space points at it (indexes follow). `loadRevisionTree` is its inverse.
//
// Storage: a page tree is content-addressed (content/tree.ts) in `content_nodes` + `page_contents`; an edit loads
// and rewrites only the path from the root to what it changes (services/working-tree.ts), so editing one page of a
// 10,000-page space writes O(depth) rows. See services/content-index.ts for the indexes.
//
// READING: `loadContent(ctx, actor, spaceId)` gives the active revision (with its indexes caught up), then
// `pageTree`, `findPage`, `findPageByPath`, `listFiles`, `findFile` work on any RevisionContent; what a caller is shown
// (a site API token reads as its visitor: engine/visibility.ts) is `shownPages`, `shownFiles`, `findShownFile`, and
// `findPage`/`findPageByPath` on the SpaceContent loaded for them.
import { hashPage, combineHash, isPathless, type PageData, type PageNode } from '../content/tree.js';
import type { AppContext } from '../context.js';
import type { DbOrTx } from '../db/database.js';
import { checkNotInTransaction } from '../db/nested-transactions.js';
import { locks } from '../repos/locks.js';
import { ApiError, notFound, preconditionFailed } from '../errors.js';
import { contentRepo } from '../repos/content.repo.js';
import { contentIndexRepo } from '../repos/content-index.repo.js';
import { readMemo, type PageAt } from './read-memo.js';
import { revisionsRepo, type RevisionRow } from '../repos/revisions.repo.js';
import { pageVersionsRepo } from '../repos/page-versions.repo.js';
import { spacesRepo, type SpaceRow } from '../repos/spaces.repo.js';
import type { Actor } from '../services/auth.js';
import { applyEdit, prepareEdits, type ContentEdit, type EditState } from './content-edits.js';
import { childPath, syncSpaceIndex, type IndexStats } from './content-index.js';
import {
  loadFiles, loadMarkdown, loadNode, loadNodes, loadTree, rememberMarkdown, rememberNodes, revisionContent, ROOT_ID, treeRecordsInSlices, writeFiles,
  type FileEntry, type NodeRecord, type PageMeta, type RevisionContent, type TreeNode,
} from './content-store.js';
import { loadSpace, type LoadedSpace } from '../services/spaces.js';
import { treeLocator, WorkingTree, type Locator } from './working-tree.js';
import { contentRow, insertRevision, moveSpaceHead, nodeRow, type RevisionType } from './commit.js';
import { computedRevisionOf, evaluatedMarkdown, treeHasComputed } from './computed.js';
import { readerClaims, visibilityFor, type PageVisibility } from './visibility.js';
import type { Claims } from '../site/conditions.js';

export type EditTarget = { kind: 'space'; spaceId: string } | { kind: 'revision-chain'; spaceId: string; baseRevisionId: string };


export interface CommitOptions {
  /** Who makes the revision (null for the system). */
  createdBy: string | null;
  /** `If-Match`: the revision the caller based the edits on; 412 when the target is elsewhere. */
  ifMatch?: string;
  type?: RevisionType;
}

/** Rows written by a commit (content store and indexes). */
export interface CommitStats {
  nodes: number;
  contents: number;
  objects: number;
  revisions: number;
  index?: IndexStats;
}

export interface CommitResult {
  /** The new revision (the base revision when nothing changed). */
  revisionId: string;
  changed: boolean;
  created: { pages: string[]; files: string[] };
  stats: CommitStats;
}

/** Parses an `If-Match` header: `"rev"`, `W/"rev"`, `rev`, or a list of them; `*` matches anything. */
export function parseIfMatch(header: string | string[] | undefined): string[] | undefined {
  if (header === undefined) return undefined;
  const raw = Array.isArray(header) ? header.join(',') : header;
  const values = raw.split(',').map((v) => v.trim().replace(/^W\//, '').replace(/^"(.*)"$/, '$1')).filter(Boolean);
  return values.length ? values : undefined;
}

function checkIfMatch(expected: string[] | string | undefined, actual: string, computed?: string | null): void {
  if (expected === undefined) return;
  const list = Array.isArray(expected) ? expected : parseIfMatch(expected) ?? [];
  // The computed revision of the head stands for it (content reads answer its id with computed=true).
  if (list.includes('*') || list.includes(actual) || (computed && list.includes(computed))) return;
  throw preconditionFailed(`The content has changed: its revision is now ${actual}, not ${list.join(', ')} (If-Match)`);
}

/** Locks the space row for the rest of the transaction (repos/locks.ts) and reads it. */
async function lockSpace(ctx: AppContext, tx: DbOrTx, spaceId: string): Promise<SpaceRow> {
  await locks.space(ctx, tx, spaceId);
  const space = await spacesRepo.findById(tx, spaceId);
  if (!space) throw notFound('Space');
  return space;
}

/** A locator for the active revision of an indexed space: one recursive query on `space_pages`. */
function indexLocator(tx: DbOrTx, spaceId: string): Locator {
  return {
    async chain(pageId) {
      const rows = await contentIndexRepo.chain(tx, spaceId, pageId);
      if (rows.length === 0 || rows[0]!.page_id !== ROOT_ID) return undefined;
      return rows.map((r) => ({ pageId: r.page_id, hash: r.node_hash }));
    },
  };
}

/** A revision's content by id (undefined when there is no such revision). */
export async function findRevisionContent(db: DbOrTx, revisionId: string): Promise<RevisionContent | undefined> {
  const r = await revisionsRepo.findById(db, revisionId);
  return r ? revisionContent(db, r) : undefined;
}

/** A revision of a space the caller has just read (kept in the read memo: revisions never change). */
async function revisionOf(db: DbOrTx, spaceId: string, revisionId: string): Promise<RevisionRow> {
  const memo = readMemo(db);
  let r = memo?.revisions.get(revisionId);
  if (!r) {
    r = await revisionsRepo.findById(db, revisionId);
    if (r && memo) memo.revisions.set(revisionId, r);
  }
  if (!r || r.space_id !== spaceId) throw new ApiError(404, `Revision not found: ${revisionId}`);
  return r;
}

/** Applies a batch of edits as one revision; errors are ContentErrors located at the edit (engine/errors.ts). */
export async function applyEdits(ctx: AppContext, target: EditTarget, edits: ContentEdit[], opts: CommitOptions): Promise<CommitResult> {
  await prepareEdits(edits);
  return ctx.db.transaction().execute((tx) => commitEdits(ctx, tx, target, edits, opts));
}

export async function commitEdits(ctx: AppContext, tx: DbOrTx, target: EditTarget, edits: ContentEdit[], opts: CommitOptions): Promise<CommitResult> {
  await prepareEdits(edits); // no-op for edits prepared before the transaction
  let baseId: string;
  let locator: Locator | undefined;
  if (target.kind === 'space') {
    const space = await lockSpace(ctx, tx, target.spaceId);
    checkIfMatch(opts.ifMatch, space.revision_id, space.computed_revision_id);
    baseId = space.revision_id;
    const current = await ensureIndexedLocked(ctx, tx, space);
    locator = indexLocator(tx, space.id);
    if (current.computed_revision_id) {
      // The index describes the computed revision, without the computed pages themselves: those are found by
      // walking the stored tree (cached per tree).
      const byIndex = locator;
      const base = await revisionContent(tx, await revisionOf(tx, space.id, baseId));
      locator = { chain: async (id) => (await byIndex.chain(id)) ?? (await (await treeLocator(ctx, tx, base.rootHash)).chain(id)) };
    }
  } else {
    checkIfMatch(opts.ifMatch, target.baseRevisionId);
    baseId = target.baseRevisionId;
  }
  const base = await revisionContent(tx, await revisionOf(tx, target.spaceId, baseId));
  locator ??= await treeLocator(ctx, tx, base.rootHash);
  const state: EditState = {
    tree: await WorkingTree.open(ctx, tx, base.rootHash, locator),
    files: await loadFiles(ctx, tx, base.filesHash),
    variables: { ...base.variables },
    filesChanged: false,
    variablesChanged: false,
    created: { pages: [], files: [] },
  };
  for (const [i, edit] of edits.entries()) await applyEdit(state, edit, i);
  const stats: CommitStats = { nodes: 0, contents: 0, objects: 0, revisions: 0 };
  if (!state.tree.changed && !state.filesChanged && !state.variablesChanged) {
    return { revisionId: baseId, changed: false, created: state.created, stats };
  }

  let rootHash = base.rootHash;
  if (state.tree.changed) {
    const write = state.tree.finish();
    rootHash = write.rootHash;
    stats.contents = await contentRepo.insertContents(tx, write.contents.map(({ hash, page }) => contentRow(hash, page)));
    await recordPageVersions(ctx, tx, target.spaceId, write.contents.map(({ hash, page }) => ({ pageId: page.id, contentHash: hash })));
    stats.nodes = await contentRepo.insertNodes(tx, write.nodes.map(nodeRow));
    rememberNodes(ctx, write.nodes);
    for (const c of write.contents) rememberMarkdown(ctx, c.hash, c.page.markdown);
  }
  let filesHash = base.filesHash;
  if (state.filesChanged) {
    const f = await writeFiles(ctx, tx, state.files);
    filesHash = f.hash;
    stats.objects += f.written;
  }
  const revisionId = await insertRevision(ctx, tx, {
    spaceId: target.spaceId, parents: [baseId], type: opts.type ?? 'edits', createdBy: opts.createdBy, content: { rootHash, filesHash, variables: state.variables },
  });
  stats.revisions = 1;
  // Whether the new content may hold computed pages: only edits that make or change one can add any.
  const computed = edits.some((e) => (e.op === 'createPage' || e.op === 'updatePage') && (e.type === 'computed' || e.computed !== undefined));
  if (target.kind === 'space') stats.index = await moveSpaceHead(ctx, tx, target.spaceId, { revisionId, rootHash, filesHash, computed });
  return { revisionId, changed: true, created: state.created, stats };
}

/** Page.createdAt/updatedAt: the versions of pages this commit holds, first seen now unless known already. */
async function recordPageVersions(ctx: AppContext, tx: DbOrTx, spaceId: string, versions: { pageId: string; contentHash: string }[]): Promise<void> {
  await pageVersionsRepo.record(tx, spaceId, versions.filter((v) => v.pageId !== ROOT_ID), ctx.clock.now().toISOString());
}


/** Stores a whole tree (only nodes not stored yet are written) as a revision; `activate` makes it the space's. */
export async function commitRevision(
  ctx: AppContext, tx: DbOrTx,
  r: { spaceId: string; parents: string[]; type: RevisionType; tree: PageNode; files?: FileEntry[]; variables?: Record<string, string>; createdBy: string | null; activate?: boolean; ifMatch?: string },
): Promise<CommitResult> {
  if (r.activate) {
    const space = await lockSpace(ctx, tx, r.spaceId);
    checkIfMatch(r.ifMatch, space.revision_id);
  }
  const { hashes, nodes, contents } = await treeRecordsInSlices([{ ...r.tree, id: ROOT_ID }]);
  const rootHash = hashes[0]!;
  const stats: CommitStats = { nodes: 0, contents: 0, objects: 0, revisions: 1 };
  stats.contents = await contentRepo.insertContents(tx, [...contents].map(([hash, page]) => contentRow(hash, page)));
  await recordPageVersions(ctx, tx, r.spaceId, [...contents].map(([hash, page]) => ({ pageId: page.id, contentHash: hash })));
  stats.nodes = await contentRepo.insertNodes(tx, nodes.map(nodeRow));
  rememberNodes(ctx, nodes);
  const f = await writeFiles(ctx, tx, r.files ?? []);
  stats.objects = f.written;
  const revisionId = await insertRevision(ctx, tx, {
    spaceId: r.spaceId, parents: r.parents, type: r.type, createdBy: r.createdBy, content: { rootHash, filesHash: f.hash, variables: r.variables ?? {} },
  });
  if (r.activate) stats.index = await moveSpaceHead(ctx, tx, r.spaceId, { revisionId, rootHash, filesHash: f.hash, computed: treeHasComputed(r.tree) });
  return { revisionId, changed: true, created: { pages: [], files: [] }, stats };
}

/** The whole tree of a revision with every page's markdown (for merges: content/merge.ts works on PageNodes). */
export async function loadRevisionTree(ctx: AppContext, db: DbOrTx, content: RevisionContent): Promise<PageNode> {
  if (!content.rootHash) return { id: ROOT_ID, title: '', slug: '', type: 'group', markdown: '', children: [] };
  const tree = await loadTree(ctx, db, content.rootHash);
  const all: TreeNode[] = [];
  const collect = (t: TreeNode) => {
    all.push(t);
    t.children.forEach(collect);
  };
  collect(tree);
  const markdown = await loadMarkdown(ctx, db, all.map((t) => t.node.contentHash));
  const build = (t: TreeNode): PageNode => ({ ...t.node.meta, markdown: markdown.get(t.node.contentHash) ?? '', children: t.children.map(build) });
  return build(tree);
}

// ---------------------------------------------------------------------------------------------------------------
// Indexes of the active revision

/** The revision a space's indexes describe: the computed revision of its head, or the head. */
export function indexedRevisionId(space: Pick<SpaceRow, 'revision_id' | 'computed_revision_id'>): string {
  return space.computed_revision_id ?? space.revision_id;
}

/**
 * Brings the space's indexes to its active revision (its computed revision, when it has one) when something moved
 * it without them (caller holds the lock); a head whose computed revision is missing or stale gets it first.
 * Returns the space row as it is now.
 */
async function ensureIndexedLocked(ctx: AppContext, tx: DbOrTx, space: SpaceRow): Promise<SpaceRow> {
  const state = await contentIndexRepo.state(tx, space.id);
  if (state?.revision_id === indexedRevisionId(space)) return space;
  const head = await revisionContent(tx, await revisionOf(tx, space.id, space.revision_id));
  const computedRow = space.computed_revision_id ? await revisionsRepo.findById(tx, space.computed_revision_id) : undefined;
  let c: RevisionContent = computedRow ? await revisionContent(tx, computedRow) : head;
  if (!computedRow || (JSON.parse(computedRow.parents) as string[])[0] !== space.revision_id) {
    // The head moved by other means (a duplicated space): its computed revision, if it has computed pages.
    const computed = await computedRevisionOf(ctx, tx, space, head);
    if ((computed?.revisionId ?? null) !== (space.computed_revision_id ?? null)) {
      await spacesRepo.update(tx, space.id, { computed_revision_id: computed?.revisionId ?? null });
      space = { ...space, computed_revision_id: computed?.revisionId ?? null };
    }
    c = computed ? { ...head, revision: (await revisionsRepo.findById(tx, computed.revisionId))!, rootHash: computed.rootHash } : head;
  }
  const revisionId = indexedRevisionId(space);
  if (state && state.root_hash === c.rootHash && state.files_hash === c.filesHash) {
    if (state.revision_id !== revisionId) await contentIndexRepo.saveState(tx, { ...state, revision_id: revisionId, updated_at: ctx.clock.now().toISOString() });
    return space;
  }
  await syncSpaceIndex(ctx, tx, space.id, { revisionId, rootHash: c.rootHash, filesHash: c.filesHash });
  return space;
}

/**
 * Makes sure the indexes describe the space's active revision. They always do after our own commits; a space whose
 * revision was set by other means (a duplicated space, a merge done elsewhere) is caught up here, incrementally.
 * Returns the space row as it is now.
 */
export async function ensureIndexed(ctx: AppContext, space: SpaceRow): Promise<SpaceRow> {
  // It may begin a transaction of its own (below): never inside one (db/nested-transactions.ts), even when, this
  // time, the indexes are current.
  checkNotInTransaction(ctx.db, 'ensureIndexed');
  // Once seen to describe a revision, the indexes do whenever the space's head is that revision (engine/read-memo.ts).
  const memo = readMemo(ctx.db);
  const seen = `${space.id} ${indexedRevisionId(space)}`;
  if (memo?.indexed.get(seen)) return space;
  const state = await contentIndexRepo.state(ctx.db, space.id);
  if (state?.revision_id === indexedRevisionId(space)) {
    memo?.indexed.set(seen, true);
    return space;
  }
  const current = await ctx.db.transaction().execute(async (tx) => ensureIndexedLocked(ctx, tx, await lockSpace(ctx, tx, space.id)));
  memo?.indexed.set(`${current.id} ${indexedRevisionId(current)}`, true);
  return current;
}

/** ensureIndexed for many spaces: one query for the indexes' states of those not known to be current. */
export async function ensureAllIndexed(ctx: AppContext, spaces: readonly SpaceRow[]): Promise<void> {
  const memo = readMemo(ctx.db);
  const unknown = spaces.filter((s) => !memo?.indexed.get(`${s.id} ${indexedRevisionId(s)}`));
  if (unknown.length === 0) return;
  const indexed = await contentIndexRepo.indexedRevisions(ctx.db, unknown.map((s) => s.id));
  for (const s of unknown) {
    if (indexed.get(s.id) === indexedRevisionId(s)) memo?.indexed.set(`${s.id} ${indexedRevisionId(s)}`, true);
    else await ensureIndexed(ctx, s);
  }
}

/** The root hash of the tree a space's indexes describe (its computed revision, or its head). */
export async function indexedRootHash(ctx: AppContext, space: SpaceRow): Promise<string | null> {
  return (await revisionContent(ctx.db, await revisionOf(ctx.db, space.id, indexedRevisionId(space)))).rootHash;
}

/** Whether content reads compute computed content (`computed` query parameter, default true). */
export interface ContentReadOptions {
  computed?: boolean;
}

/**
 * What a read of `source` shows: with `computed` (the default), its computed revision when it has computed pages
 * (the head's is the space's, whose indexes describe it); without, the revision as stored.
 */
export async function shownContent(ctx: AppContext, space: SpaceRow, source: RevisionContent, opts: ContentReadOptions): Promise<{ content: RevisionContent; active: boolean }> {
  const isHead = source.revision.id === space.revision_id;
  if (opts.computed === false || source.revision.type === 'computed') return { content: source, active: isHead && !space.computed_revision_id };
  if (isHead) {
    if (!space.computed_revision_id) return { content: source, active: true };
    return { content: await revisionContent(ctx.db, await revisionOf(ctx.db, space.id, space.computed_revision_id)), active: true };
  }
  const computed = await ctx.db.transaction().execute((tx) => computedRevisionOf(ctx, tx, space, source));
  if (!computed) return { content: source, active: false };
  return { content: await revisionContent(ctx.db, await revisionOf(ctx.db, space.id, computed.revisionId)), active: false };
}

// ---------------------------------------------------------------------------------------------------------------
// Reading

export interface SpaceContent extends LoadedSpace {
  content: RevisionContent;
  /** Whether `content` is the active revision (whose indexes are current). */
  active: boolean;
  /** What the caller does not see of it (a site API token: engine/visibility.ts); absent: every page. */
  visibility?: PageVisibility;
}

/**
 * What a reader with `claims` (engine/visibility.ts readerClaims: a site API token's visitor) sees of `contents`
 * (the first is read); undefined without claims (every page).
 */
export function contentVisibility(ctx: AppContext, claims: Claims | undefined, space: SpaceRow, contents: readonly (RevisionContent | null)[]): Promise<PageVisibility | undefined> {
  return visibilityFor(ctx, claims, space, contents, () => publishedContent(ctx, space));
}

/** The active revision of a space the caller may read (404 otherwise), indexes caught up; see ContentReadOptions. */
export async function loadContent(ctx: AppContext, actor: Actor, spaceId: string, opts: ContentReadOptions = {}): Promise<SpaceContent> {
  const loaded = await loadSpace(ctx, ctx.db, actor, spaceId, 'view');
  const space = await ensureIndexed(ctx, loaded.space);
  const shown = await shownContent(ctx, space, await revisionContent(ctx.db, await revisionOf(ctx.db, spaceId, space.revision_id)), opts);
  const visibility = await contentVisibility(ctx, readerClaims(actor), space, [shown.content]);
  return { ...loaded, space, ...shown, ...(visibility ? { visibility } : {}) };
}

/** A revision of a space the caller may read; see ContentReadOptions. */
export async function loadRevision(ctx: AppContext, actor: Actor, spaceId: string, revisionId: string, opts: ContentReadOptions = {}): Promise<SpaceContent> {
  const loaded = await loadSpace(ctx, ctx.db, actor, spaceId, 'view');
  const space = revisionId === loaded.space.revision_id ? await ensureIndexed(ctx, loaded.space) : loaded.space;
  const shown = await shownContent(ctx, space, await revisionContent(ctx.db, await revisionOf(ctx.db, spaceId, revisionId)), opts);
  const visibility = await contentVisibility(ctx, readerClaims(actor), space, [shown.content]);
  return { ...loaded, space, ...shown, ...(visibility ? { visibility } : {}) };
}

/** The content of a space's head as readers see it (computed pages expanded), for the published site. */
export async function publishedContent(ctx: AppContext, space: SpaceRow): Promise<RevisionContent> {
  const current = await ensureIndexed(ctx, space);
  return revisionContent(ctx.db, await revisionOf(ctx.db, space.id, indexedRevisionId(current)));
}

/** A page with its path and (for trees) its children; `markdown` only when asked for. */
export interface PageView {
  meta: PageMeta;
  /** The version of the page's own content (Page.createdAt/updatedAt come from it). */
  contentHash: string;
  path: string | null;
  children: PageView[];
  markdown?: string;
}

function view(t: TreeNode, path: string | null): PageView {
  return { meta: t.node.meta, contentHash: t.node.contentHash, path, children: t.children.map((c) => view(c, childPath(path ?? '', c.node.meta))) };
}

/** Page.createdAt (its first version) and updatedAt (the version shown) of pages and their descendants. */
export async function pageTimes(db: DbOrTx, spaceId: string, pages: readonly PageView[]): Promise<PageTimes> {
  const hashes = new Map<string, string>();
  const walk = (ps: readonly PageView[]) => ps.forEach((p) => { hashes.set(p.meta.id, p.contentHash); walk(p.children); });
  walk(pages);
  return versionTimes(db, spaceId, hashes);
}

/** createdAt/updatedAt of pages given as page id → the version (content hash) shown. */
export async function versionTimes(db: DbOrTx, spaceId: string, hashes: ReadonlyMap<string, string>): Promise<PageTimes> {
  const out: PageTimes = new Map();
  if (hashes.size === 0) return out;
  for (const versions of (await pageVersionsRepo.versionsOf(db, spaceId, [...hashes.keys()])).values()) {
    for (const v of versions) {
      const t = out.get(v.page_id) ?? { createdAt: v.first_at };
      if (v.first_at < t.createdAt) t.createdAt = v.first_at;
      if (v.content_hash === hashes.get(v.page_id)) t.updatedAt = v.first_at;
      out.set(v.page_id, t);
    }
  }
  return out;
}

export type PageTimes = Map<string, { createdAt: string; updatedAt?: string }>;

/** The top-level pages of a revision, nested. */
export async function pageTree(ctx: AppContext, db: DbOrTx, content: RevisionContent): Promise<PageView[]> {
  if (!content.rootHash) return [];
  const tree = await loadTree(ctx, db, content.rootHash);
  return tree.children.map((c) => view(c, childPath('', c.node.meta)));
}

/** `pages` without those `hidden` holds (and so without their children); the same array when none is hidden. */
export function withoutHidden(pages: PageView[], hidden: ReadonlySet<string> | undefined): PageView[] {
  if (!hidden?.size) return pages;
  const prune = (ps: PageView[]): PageView[] => ps.filter((p) => !hidden.has(p.meta.id)).map((p) => {
    const own = withoutHiddenMetaLinks(p, hidden);
    return p.children.length ? { ...own, children: prune(p.children) } : own;
  });
  return prune(pages);
}

type MetaLinkTarget = { kind?: string; page?: string; space?: string };

/** The page without the meta links (canonical, alternates) that point at a page of its space that `hidden` holds. */
function withoutHiddenMetaLinks(p: PageView, hidden: ReadonlySet<string>): PageView {
  const metadata = p.meta.metadata as { metaLinks?: { canonical?: MetaLinkTarget; alternates?: MetaLinkTarget[] } } | undefined;
  const links = metadata?.metaLinks;
  if (!links || typeof links !== 'object') return p;
  const gone = (t: MetaLinkTarget | undefined) => !!t && t.kind === 'page' && t.space === undefined && typeof t.page === 'string' && hidden.has(t.page);
  const alternates = Array.isArray(links.alternates) ? links.alternates : undefined;
  if (!gone(links.canonical) && !alternates?.some(gone)) return p;
  const { canonical, ...rest } = links;
  const kept = { ...rest, ...(canonical && !gone(canonical) ? { canonical } : {}), ...(alternates ? { alternates: alternates.filter((t) => !gone(t)) } : {}) };
  return { ...p, meta: { ...p.meta, metadata: { ...metadata, metaLinks: kept } } };
}

/** The top-level pages of what `sc` shows its caller, nested: pageTree without the pages hidden from them. */
export async function shownPages(ctx: AppContext, sc: Pick<SpaceContent, 'content' | 'visibility'>): Promise<PageView[]> {
  return withoutHidden(await pageTree(ctx, ctx.db, sc.content), sc.visibility?.hidden);
}

/** The files of what `sc` shows its caller: without those only pages hidden from them use. */
export async function shownFiles(ctx: AppContext, sc: Pick<SpaceContent, 'content' | 'visibility'>): Promise<FileEntry[]> {
  const files = await listFiles(ctx, ctx.db, sc.content);
  const hidden = sc.visibility ? await sc.visibility.hiddenFiles() : undefined;
  return hidden?.size ? files.filter((f) => !hidden.has(f.id)) : files;
}

/** What a reference to a page shows (comment targets): its current title, emoji, icon, path and version. */
export interface PageSummary {
  meta: PageMeta;
  path: string | null;
  contentHash: string;
}

/**
 * The pages of a revision of a space by id (those that are not in it are missing from the map), for references
 * that follow a page through renames and moves.
 */
export async function pageSummaries(
  ctx: AppContext, db: DbOrTx, space: SpaceRow, revisionId: string, pageIds: readonly string[],
  opts: { inTransaction?: boolean } = {},
): Promise<Map<string, PageSummary>> {
  const out = new Map<string, PageSummary>();
  const ids = [...new Set(pageIds)];
  if (ids.length === 0) return out;
  const active = revisionId === space.revision_id;
  // Catching the indexes up writes in a transaction of its own: not from inside the caller's.
  if (active && !opts.inTransaction) await ensureIndexed(ctx, space);
  const sc = { space, content: await revisionContent(db, await revisionOf(db, space.id, revisionId)), active };
  const found: { id: string; hash: string; path: string | null }[] = [];
  for (const id of ids) {
    const at = await locate(ctx, db, sc, id);
    if (at) found.push({ id, ...at });
  }
  const nodes = await loadNodes(ctx, db, found.map((f) => f.hash));
  for (const f of found) {
    const n = nodes.get(f.hash);
    if (n) out.set(f.id, { meta: n.meta, path: f.path, contentHash: n.contentHash });
  }
  return out;
}

/** Where a page is: its node and its path. Active revisions answer from the index, others by walking the tree. */
async function locate(ctx: AppContext, db: DbOrTx, sc: Pick<SpaceContent, 'space' | 'content' | 'active'>, pageId: string): Promise<{ hash: string; path: string | null } | undefined> {
  if (pageId === ROOT_ID || !sc.content.rootHash) return undefined;
  if (sc.active) {
    const at = await indexedPageAt(db, sc.space.id, sc.content.rootHash, 'id', pageId);
    if (at !== false) return at;
  }
  const chain = await (await treeLocator(ctx, db, sc.content.rootHash)).chain(pageId);
  if (!chain) return undefined;
  const nodes = await loadNodes(ctx, db, chain.map((c) => c.hash));
  let path: string | null = '';
  for (const c of chain.slice(1)) path = childPath(path ?? '', nodes.get(c.hash)!.meta);
  return { hash: chain[chain.length - 1]!.hash, path };
}

/**
 * Where a page (by id or path) is in the tree `rootHash` of a space's active revision, from the read memo or the
 * index. The index is trusted, and its answer kept, only when it describes that very tree (read in the same
 * statement); false when it has moved on since the space was read (the caller walks the tree instead).
 */
async function indexedPageAt(db: DbOrTx, spaceId: string, rootHash: string, by: 'id' | 'path', value: string): Promise<PageAt | undefined | false> {
  const memo = readMemo(db);
  const key = `${rootHash} ${by} ${value}`;
  const hit = memo?.pages.get(key);
  if (hit !== undefined) return hit ?? undefined;
  const row = by === 'id' ? await contentIndexRepo.indexedPage(db, spaceId, value) : await contentIndexRepo.indexedPageByPath(db, spaceId, value);
  if (!row || row.index_root !== rootHash) return false;
  const at = row.node_hash ? { hash: row.node_hash, path: row.path } : undefined;
  memo?.pages.set(key, at ?? null);
  return at;
}

async function pageAt(ctx: AppContext, db: DbOrTx, hash: string, path: string | null, withMarkdown: boolean): Promise<PageView> {
  const tree = await loadTree(ctx, db, hash);
  const v = view(tree, path);
  if (withMarkdown) v.markdown = (await loadMarkdown(ctx, db, [tree.node.contentHash])).get(tree.node.contentHash) ?? '';
  return v;
}

/**
 * The page as a read with `evaluated` shows it (engine/computed.ts evaluatedMarkdown): OpenAPI blocks rendered, or,
 * without, a generated page's blocks rather than its rendered reference.
 */
export async function evaluatePage(ctx: AppContext, sc: SpaceContent, page: PageView, evaluated = false): Promise<PageView> {
  const markdown = await evaluatedMarkdown(ctx, ctx.db, sc.space.org_id, page, evaluated);
  return markdown === page.markdown ? page : { ...page, markdown };
}

/** A page by id; a page hidden from the caller (SpaceContent.visibility) is 404 as a missing one, and its hidden children are left out. */
export async function findPage(ctx: AppContext, db: DbOrTx, sc: SpaceContent, pageId: string, withMarkdown = true): Promise<PageView> {
  const at = sc.visibility?.hidden.has(pageId) ? undefined : await locate(ctx, db, sc, pageId);
  if (!at) throw new ApiError(404, `Page not found in this space: ${pageId}`);
  return shownPage(await pageAt(ctx, db, at.hash, at.path, withMarkdown), sc);
}

/** A page as the caller is shown it: without hidden children, `{% if %}` blocks resolved (a site API token's visitor). */
function shownPage(page: PageView, sc: Pick<SpaceContent, 'visibility'>): PageView {
  const v = sc.visibility;
  if (!v) return page;
  let out = v.hidden.size ? withoutHiddenMetaLinks(page, v.hidden) : page;
  if (v.hidden.size && page.children.length) out = { ...out, children: withoutHidden(page.children, v.hidden) };
  if (out.markdown !== undefined) {
    const markdown = v.shownMarkdown(out.markdown, out.path ?? out.meta.slug);
    if (markdown !== out.markdown) out = { ...out, markdown };
  }
  return out;
}

/** A document or group page by its path (slugs joined with `/`). */
export async function findPageByPath(ctx: AppContext, db: DbOrTx, sc: SpaceContent, path: string, withMarkdown = true): Promise<PageView> {
  const clean = path.split('/').filter(Boolean).join('/');
  const missing = () => new ApiError(404, `No page at the path "${clean}" in this space`);
  if (!clean || !sc.content.rootHash) throw missing();
  // A page hidden from the caller is missing (its id is known once it is found).
  const shown = (page: PageView) => {
    if (sc.visibility?.hidden.has(page.meta.id)) throw missing();
    return shownPage(page, sc);
  };
  if (sc.active) {
    const at = await indexedPageAt(db, sc.space.id, sc.content.rootHash, 'path', clean);
    if (at === undefined) throw missing();
    if (at !== false) return shown(await pageAt(ctx, db, at.hash, at.path, withMarkdown));
  }
  let node = await loadNode(ctx, db, sc.content.rootHash);
  for (const slug of clean.split('/')) {
    const children = await loadNodes(ctx, db, node.childHashes);
    const next = node.childHashes.map((h) => children.get(h)!).find((c) => !isPathless(c.meta.type) && c.meta.slug === slug);
    if (!next) throw missing();
    node = next;
  }
  return shown(await pageAt(ctx, db, node.hash, clean, withMarkdown));
}

export async function listFiles(ctx: AppContext, db: DbOrTx, content: RevisionContent): Promise<FileEntry[]> {
  return loadFiles(ctx, db, content.filesHash);
}

export async function findFile(ctx: AppContext, db: DbOrTx, content: RevisionContent, fileId: string): Promise<FileEntry> {
  const file = (await loadFiles(ctx, db, content.filesHash)).find((f) => f.id === fileId);
  if (!file) throw new ApiError(404, `File not found in this space: ${fileId}`);
  return file;
}

/** A file of what `sc` shows its caller: one only pages hidden from them use is 404 as a missing one. */
export async function findShownFile(ctx: AppContext, sc: Pick<SpaceContent, 'content' | 'visibility'>, fileId: string): Promise<FileEntry> {
  if (sc.visibility && (await sc.visibility.hiddenFiles()).has(fileId)) throw new ApiError(404, `File not found in this space: ${fileId}`);
  return findFile(ctx, ctx.db, sc.content, fileId);
}

// ---------------------------------------------------------------------------------------------------------------
// Editing a space (the Bindery editing extension)

/**
 * Applies edits to a space's content for a caller with the edit role (403 while the space is locked), as one
 * revision; `read` runs in the same transaction on the result (e.g. to present the page just created).
 */
export async function editSpace<T = undefined>(
  ctx: AppContext, actor: Actor, spaceId: string, edits: ContentEdit[],
  opts: { ifMatch?: string | string[] } = {},
  read?: (tx: DbOrTx, sc: SpaceContent, result: CommitResult) => Promise<T>,
): Promise<{ result: CommitResult; value: T }> {
  // Markdown is normalised before the space is locked (in the worker pool when large), once the caller may edit.
  await loadSpace(ctx, ctx.db, actor, spaceId, 'edit');
  await prepareEdits(edits);
  return ctx.db.transaction().execute(async (tx) => {
    await lockSpace(ctx, tx, spaceId);
    const loaded = await loadSpace(ctx, tx, actor, spaceId, 'edit');
    const ifMatch = Array.isArray(opts.ifMatch) ? opts.ifMatch.join(',') : opts.ifMatch;
    const result = await commitEdits(ctx, tx, { kind: 'space', spaceId }, edits, { createdBy: actor.user.id, ifMatch });
    const space = (await spacesRepo.findById(tx, spaceId))!;
    // The head as stored (the edit's result); the indexes describe its computed revision when it has one.
    const sc: SpaceContent = { ...loaded, space, content: await revisionContent(tx, await revisionOf(tx, spaceId, space.revision_id)), active: !space.computed_revision_id };
    const value = read ? await read(tx, sc, result) : (undefined as T);
    return { result, value };
  });
}

// Documents by id ------------------------------------------------------------------------------------------------

/**
 * The `documentId` of a document page's content as a revision holds it: the page's id and the hash of that version
 * (content-addressed, so the id stays valid for that version whatever the page becomes).
 */
export const documentIdOf = (pageId: string, contentHash: string): string => `${pageId}.${contentHash}`;

/**
 * The markdown of the document `documentId` names in a space: a version of one of its pages that a commit of the
 * space recorded (page_versions: the space's revisions and its change requests'), or that its indexed head holds
 * (pages committed before versions were recorded). 404 otherwise.
 */
export async function findDocument(ctx: AppContext, db: DbOrTx, spaceId: string, documentId: string): Promise<string> {
  const dot = documentId.lastIndexOf('.');
  const pageId = documentId.slice(0, dot);
  const hash = documentId.slice(dot + 1);
  const missing = () => new ApiError(404, `Document not found in this space: ${documentId}`);
  if (dot <= 0 || !/^[0-9a-f]+$/.test(hash)) throw missing();
  const versions = (await pageVersionsRepo.versionsOf(db, spaceId, [pageId])).get(pageId) ?? [];
  if (!versions.some((v) => v.content_hash === hash)) {
    const [indexed] = await contentIndexRepo.pages(db, spaceId, [pageId]);
    if (indexed?.content_hash !== hash) throw missing();
  }
  const markdown = (await loadMarkdown(ctx, db, [hash])).get(hash);
  if (markdown === undefined) throw missing();
  return markdown;
}

// Keeps the indexes of a space's ACTIVE revision (space_pages, space_files, page_links, search_sections) in step
// with it, incrementally: `syncSpaceIndex` walks the new page tree top-down against the indexed one and skips every
// subtree whose node hash and place are unchanged, so a commit that edits one page rewrites the index rows of that
// page and the node hashes of its ancestors, whatever the size of the space.
//
// The walk (one batch of queries per tree level):
//   - a page whose (node hash, parent, path) equals its index row is identical with its whole subtree: skipped;
//   - otherwise its row is rewritten, and when its content, type or path changed its links and search sections are
//     derived again; its children whose hash is among the old node's children (same parent, same path) are
//     skipped without even being loaded - only the others are visited;
//   - pages of the old tree that are no longer anywhere (the old children of a rewritten page that were not
//     visited, and their old descendants that were not visited either) are removed with their links and sections.
import { isPathless } from '../content/tree.js';
import { documentIndex, type Document, type ExtractedLink, type Section } from '../content/markdown.js';
import { derivePage, derivePages } from '../content/process.js';
import { Lru } from '../lib/lru.js';
import { searchScope } from '../db/dialect.js';
import type { AppContext } from '../context.js';
import type { DbOrTx } from '../db/database.js';
import type { PageLinksTable, SearchSectionsTable, SpacePagesTable } from '../db/schema.js';
import { resolveLink } from '../lib/link-paths.js';
import { contentIndexRepo, TARGET_KEY_MAX, type LinkRow, type NewLinkTarget } from '../repos/content-index.repo.js';
import type { Insertable } from 'kysely';
import { loadFiles, loadMarkdown, loadNodes, ROOT_ID, type NodeRecord, type PageMeta } from './content-store.js';
import { setImmediate as turn } from 'node:timers/promises';

export interface IndexTarget {
  revisionId: string;
  rootHash: string | null;
  filesHash: string | null;
}

/** Rows of the indexes written by one sync (benchmarks, logs). */
export interface IndexStats {
  pages: number;
  removed: number;
  reindexed: number;
  sections: number;
  links: number;
  files: number;
}

/** A page's path from its parent's path (`''` for the root's children) and its slug; link pages have none. */
export function childPath(parentPath: string, meta: PageMeta): string | null {
  if (isPathless(meta.type)) return null;
  return parentPath ? `${parentPath}/${meta.slug}` : meta.slug;
}

/** Brings the indexes of `spaceId` to `target` (in the caller's transaction, which holds the space's lock). */
export async function syncSpaceIndex(ctx: AppContext, tx: DbOrTx, spaceId: string, target: IndexTarget): Promise<IndexStats> {
  const stats: IndexStats = { pages: 0, removed: 0, reindexed: 0, sections: 0, links: 0, files: 0 };
  const state = await contentIndexRepo.state(tx, spaceId);
  if (!state) await contentIndexRepo.clearSpace(tx, spaceId);
  const oldRoot = state?.root_hash ?? null;
  const affected: Affected = { all: !state, linkPages: new Set(), pageIds: new Set(), paths: new Set(), fileIds: new Set(), names: new Set(), droppedTargets: new Set() };
  if (oldRoot !== target.rootHash) {
    if (target.rootHash === null) await contentIndexRepo.clearSpace(tx, spaceId);
    else await syncPages(ctx, tx, spaceId, target.rootHash, oldRoot !== null, stats, affected);
  }
  if ((state?.files_hash ?? null) !== target.filesHash) stats.files = await syncFiles(ctx, tx, spaceId, state?.files_hash ?? null, target.filesHash, affected);
  await refreshStatuses(tx, spaceId, affected);
  await contentIndexRepo.saveState(tx, {
    space_id: spaceId, revision_id: target.revisionId, root_hash: target.rootHash, files_hash: target.filesHash,
    updated_at: ctx.clock.now().toISOString(),
  });
  return stats;
}

/** What a sync changed that link statuses depend on: their pages, and the pages and files they may point at. */
interface Affected {
  all: boolean;
  /** Pages whose stored link rows were kept (their links derived again, the same): their statuses are recomputed. */
  linkPages: Set<string>;
  pageIds: Set<string>;
  paths: Set<string>;
  fileIds: Set<string>;
  names: Set<string>;
  /** Targets used by link rows the sync deleted: those no row uses any more are deleted after the new rows are written. */
  droppedTargets: Set<number>;
}

/** Recomputes the status of the links whose target (or page) changed. */
async function refreshStatuses(tx: DbOrTx, spaceId: string, a: Affected): Promise<void> {
  if (a.all) return contentIndexRepo.refreshLinkStatuses(tx, spaceId);
  const runs: ['page_id' | 'target_page' | 'target_path' | 'target_file' | 'target_name', Set<string>][] = [['page_id', a.linkPages], ['target_page', a.pageIds], ['target_path', a.paths], ['target_file', a.fileIds], ['target_name', a.names]];
  for (const [column, values] of runs) {
    const list = [...values];
    for (let i = 0; i < list.length; i += 500) {
      await contentIndexRepo.refreshLinkStatuses(tx, spaceId, { column, values: list.slice(i, i + 500) });
    }
  }
}

interface Item {
  hash: string;
  parentId: string | null;
  /** Path of the parent for its children: '' for the root; null under a link page (which has no children). */
  parentPath: string;
  root: boolean;
}

interface Reindex {
  pageId: string;
  meta: PageMeta;
  contentHash: string;
  path: string;
}

async function syncPages(ctx: AppContext, tx: DbOrTx, spaceId: string, rootHash: string, hadIndex: boolean, stats: IndexStats, affected: Affected): Promise<void> {
  const upserts: Insertable<SpacePagesTable>[] = [];
  const reindex: Reindex[] = [];
  const visited = new Set<string>();
  const goneHashes: string[] = [];
  // Paths that pages left (moved, renamed, or under a moved parent): the published site redirects them.
  const moves: { path: string; pageId: string }[] = [];
  let level: Item[] = [{ hash: rootHash, parentId: null, parentPath: '', root: true }];

  while (level.length) {
    const records = await loadNodes(ctx, tx, level.map((i) => i.hash));
    const rows = hadIndex ? new Map((await contentIndexRepo.pages(tx, spaceId, level.map((i) => records.get(i.hash)!.pageId))).map((r) => [r.page_id, r])) : new Map();
    const next: Item[] = [];
    const compare: { rec: NodeRecord; oldHash: string; childParentPath: string }[] = [];
    for (const item of level) {
      const rec = records.get(item.hash)!;
      const id = rec.pageId;
      const path = item.root ? null : childPath(item.parentPath, rec.meta);
      visited.add(id);
      const row = rows.get(id);
      if (row && row.node_hash === rec.hash && row.path === path && row.parent_id === item.parentId) continue;
      upserts.push({ space_id: spaceId, page_id: id, parent_id: item.parentId, path, type: rec.meta.type, node_hash: rec.hash, content_hash: rec.contentHash });
      if (!row) affected.pageIds.add(id);
      if (row?.path && row.path !== path) {
        affected.paths.add(row.path);
        if (path !== null) moves.push({ path: row.path, pageId: id });
      }
      if (path && row?.path !== path) affected.paths.add(path);
      if (!item.root && (!row || row.content_hash !== rec.contentHash || row.path !== path || row.type !== rec.meta.type)) {
        reindex.push({ pageId: id, meta: rec.meta, contentHash: rec.contentHash, path: path ?? '' });
      }
      const childParentPath = item.root ? '' : (path ?? '');
      if (row && row.path === path) {
        compare.push({ rec, oldHash: row.node_hash, childParentPath });
      } else {
        for (const h of rec.childHashes) next.push({ hash: h, parentId: id, parentPath: childParentPath, root: false });
      }
    }
    if (compare.length) {
      const old = await loadNodes(ctx, tx, compare.map((c) => c.oldHash));
      for (const { rec, oldHash, childParentPath } of compare) {
        const oldChildren = old.get(oldHash)!.childHashes;
        const oldSet = new Set(oldChildren);
        const newSet = new Set(rec.childHashes);
        for (const h of rec.childHashes) if (!oldSet.has(h)) next.push({ hash: h, parentId: rec.pageId, parentPath: childParentPath, root: false });
        for (const h of oldChildren) if (!newSet.has(h)) goneHashes.push(h);
      }
    }
    level = next;
  }

  // Pages gone from the tree: old children of rewritten pages that were not visited, and their old descendants.
  const removed: string[] = [];
  if (goneHashes.length) {
    const gone = await loadNodes(ctx, tx, goneHashes);
    let frontier = [...new Set([...gone.values()].map((n) => n.pageId))].filter((id) => !visited.has(id));
    while (frontier.length) {
      removed.push(...frontier);
      frontier = (await contentIndexRepo.childIds(tx, spaceId, frontier)).filter((id) => !visited.has(id));
    }
  }
  if (removed.length) {
    for (const r of await contentIndexRepo.pages(tx, spaceId, removed)) {
      affected.pageIds.add(r.page_id);
      if (r.path) affected.paths.add(r.path);
    }
    await contentIndexRepo.removePages(tx, spaceId, removed, affected.droppedTargets);
  }
  stats.removed = removed.length;
  stats.pages = await contentIndexRepo.upsertPages(tx, upserts);
  if (moves.length) await contentIndexRepo.recordMoves(tx, spaceId, moves, ctx.clock.now().toISOString());
  // Pages whose link rows were kept have their status recomputed (refreshStatuses); new rows were written with theirs.
  for (const id of await indexPages(ctx, tx, spaceId, reindex, hadIndex, stats, affected.droppedTargets)) affected.linkPages.add(id);
  // A target is kept while some row uses it: those of the rows deleted above that no row uses now go (the space's
  // lock keeps other writers of its rows out until the commit).
  if (affected.droppedTargets.size) await contentIndexRepo.dropUnusedTargets(tx, spaceId, affected.droppedTargets);
}

/**
 * Derives the links and search sections of pages (replacing what they had). Returns the pages whose stored link rows
 * were kept as they were (their status is still to be recomputed).
 */
async function indexPages(ctx: AppContext, tx: DbOrTx, spaceId: string, pages: Reindex[], hadIndex: boolean, stats: IndexStats, dropped: Set<number>): Promise<Set<string>> {
  if (pages.length === 0) return new Set();
  const markdown = await loadMarkdown(ctx, tx, pages.filter((p) => p.meta.type === 'document').map((p) => p.contentHash));
  const indexed = pages.filter((p) => p.meta.type !== 'link' && p.meta.type !== 'computed');
  // What was not remembered from the write is derived in chunks off the event loop (a Git Sync import: 1,000 pages).
  const fresh = new Map<string, Derived>();
  const unknown = [...new Set(indexed.map((p) => markdown.get(p.contentHash) ?? '').filter((md) => md && !knownDerived(md)))];
  (await derivePages(unknown)).forEach((d, i) => fresh.set(unknown[i]!, d));
  const sections: Insertable<SearchSectionsTable>[] = [];
  const linksOf = new Map<string, NewLink[]>();
  for (const [i, p] of indexed.entries()) {
    if (i > 0 && i % 200 === 0) await turn();
    const md = markdown.get(p.contentHash) ?? '';
    const d = md ? (knownDerived(md) ?? fresh.get(md) ?? (await deriveOf(md))) : undefined;
    const noIndex = p.meta.metadata?.noIndex === true;
    if (!noIndex) sections.push(...pageSections(spaceId, p, d?.sections ?? []));
    if (d) linksOf.set(p.pageId, pageLinks(ctx, spaceId, p, d.links));
  }
  const kept = hadIndex ? await unchangedLinkPages(tx, spaceId, pages, linksOf) : new Set<string>();
  if (hadIndex) {
    const changed = pages.map((p) => p.pageId).filter((id) => !kept.has(id));
    if (changed.length > 0) await contentIndexRepo.clearLinks(tx, spaceId, changed, dropped);
    await clearSectionsInSlices(tx, spaceId, pages.map((p) => p.pageId));
  }
  const links: NewLink[] = [];
  for (const p of indexed) if (!kept.has(p.pageId)) links.push(...(linksOf.get(p.pageId) ?? []));
  await assignTargets(tx, spaceId, links);
  stats.reindexed = pages.length;
  stats.sections = await inSlices(sections, SECTION_SLICE, (part) => contentIndexRepo.insertSections(tx, part));
  stats.links = await inSlices(links, LINK_SLICE, (part) => contentIndexRepo.insertLinks(tx, part));
  return kept;
}

/** A new link row, with the status its target gets if the space does not have it yet. */
type NewLink = Insertable<PageLinksTable> & { status: string };

/**
 * Gives new link rows the id of their target (`link_targets`, one row per distinct target key of the space), adding
 * the targets the space does not have yet with the status `refreshLinkStatuses` would give them now (`pageLinks` gave
 * URLs and anchors theirs; links to pages and files are looked up). The commit's pages are written by now (removed,
 * moved, added); its files are synced after the pages, and the refresh by file id and name that follows fixes the
 * targets of the files that changed. A target the space has keeps its status: the commit's refreshes (by the pages,
 * paths, files and names it changed) recompute it when it may have changed.
 */
async function assignTargets(tx: DbOrTx, spaceId: string, links: NewLink[]): Promise<void> {
  if (links.length === 0) return;
  const first = new Map<string, NewLink>();
  for (const l of links) if (!first.has(l.target_key)) first.set(l.target_key, l);
  const ids = await contentIndexRepo.targetIds(tx, spaceId, [...first.keys()]);
  const fresh = [...first.values()].filter((l) => !ids.has(l.target_key));
  if (fresh.length) {
    await settleStatuses(tx, spaceId, fresh);
    const rows: NewLinkTarget[] = fresh.map((l) => ({
      space_id: spaceId, target_key: l.target_key, target_kind: l.target_kind, target_page: l.target_page ?? null, target_path: l.target_path ?? null,
      target_file: l.target_file ?? null, target_name: l.target_name ?? null, anchor: l.anchor ?? null, url: l.url ?? null, url_status: l.url_status ?? null,
      status: l.status,
    }));
    for (const [key, id] of await contentIndexRepo.insertTargets(tx, rows)) ids.set(key, id);
  }
  for (const l of links) l.target_id = ids.get(l.target_key)!;
}

/** Gives new targets to pages and files (rows of `pageLinks`, one per target) their status against the space now. */
async function settleStatuses(tx: DbOrTx, spaceId: string, links: NewLink[]): Promise<void> {
  const want = { pageIds: new Set<string>(), paths: new Set<string>(), fileIds: new Set<string>(), names: new Set<string>() };
  for (const l of links) {
    if (l.target_kind === 'page') {
      if (l.target_page != null) want.pageIds.add(l.target_page);
      if (l.target_path != null) want.paths.add(l.target_path);
    } else if (l.target_kind === 'file') {
      if (l.target_file != null) want.fileIds.add(l.target_file);
      if (l.target_name != null) want.names.add(l.target_name);
    }
  }
  if (want.pageIds.size + want.paths.size + want.fileIds.size + want.names.size === 0) return;
  const has = await contentIndexRepo.existingTargets(tx, spaceId, want);
  for (const l of links) {
    if (l.target_kind === 'page') {
      l.status = (l.target_page != null && has.pageIds.has(l.target_page)) || (l.target_path != null && has.paths.has(l.target_path)) ? 'ok' : 'broken';
    } else if (l.target_kind === 'file') {
      l.status = (l.target_file != null && has.fileIds.has(l.target_file)) || (l.target_name != null && has.names.has(l.target_name)) ? 'ok' : 'broken';
    }
  }
}

/**
 * Rows written per turn of the event loop. On SQLite every statement runs synchronously on the event loop, and a
 * transaction's awaits resolve without giving it back: the index rows of a 1 MB page (2,000 sections, 4,000 links)
 * were one stall of a few hundred milliseconds. Between slices the loop runs other requests' timers, I/O and
 * worker messages (their queries wait for the transaction, as they would anyway).
 */
const SECTION_SLICE = 100;
const LINK_SLICE = 500;

/** Commits of at most this many pages to index again compare their link rows with the stored ones (page edits). */
const KEEP_LINKS_MAX_PAGES = 8;

/**
 * The pages (of a commit of a few pages) whose stored link rows are the rows they get now, column for column but the
 * status: an edit that keeps a page's links keeps its rows instead of deleting and inserting them again (with their
 * index entries: ~900 rows for a 250 KB page). The status of the rows kept is recomputed as every reindexed page's is
 * (refreshStatuses: `page_id` of `linkPages`), so the rows end as a rewrite would leave them. A large commit (a Git
 * Sync import) rewrites them all without reading them.
 */
async function unchangedLinkPages(tx: DbOrTx, spaceId: string, pages: Reindex[], linksOf: Map<string, NewLink[]>): Promise<Set<string>> {
  const kept = new Set<string>();
  if (pages.length > KEEP_LINKS_MAX_PAGES) return kept;
  const stored = await contentIndexRepo.linkRows(tx, spaceId, pages.map((p) => p.pageId));
  for (const p of pages) {
    const now = linksOf.get(p.pageId) ?? [];
    const before = stored.get(p.pageId) ?? [];
    if (now.length === before.length && now.every((row, i) => sameLinkRow(row, before[i]!))) kept.add(p.pageId);
  }
  return kept;
}

function sameLinkRow(a: Insertable<PageLinksTable>, b: LinkRow): boolean {
  return Number(a.seq) === Number(b.seq) && a.source === b.source && a.target_key === b.target_key && a.target_kind === b.target_kind
    && (a.target_page ?? null) === b.target_page && (a.target_path ?? null) === b.target_path && (a.target_file ?? null) === b.target_file
    && (a.target_name ?? null) === b.target_name && (a.anchor ?? null) === b.anchor && (a.url ?? null) === b.url && (a.url_status ?? null) === b.url_status;
}

/**
 * Removes the search sections of pages before they are indexed again, a slice of `seq` at a time (deleting from the
 * full-text index reads each row's text again: as costly as inserting it).
 */
async function clearSectionsInSlices(tx: DbOrTx, spaceId: string, pageIds: string[]): Promise<void> {
  const top = await contentIndexRepo.maxSectionSeq(tx, spaceId, pageIds);
  if (top === undefined) return;
  for (let from = -1; from <= top; from += SECTION_SLICE) {
    if (from > -1) await turn();
    await contentIndexRepo.clearSections(tx, spaceId, pageIds, from, from + SECTION_SLICE - 1);
  }
}

async function inSlices<T>(rows: T[], size: number, write: (part: T[]) => Promise<number>): Promise<number> {
  let written = 0;
  for (let i = 0; i < rows.length; i += size) {
    if (i > 0) await turn();
    written += await write(i === 0 && rows.length <= size ? rows : rows.slice(i, i + size));
  }
  return written;
}

/**
 * Documents parsed while their markdown was normalised on write (services/content-edits.ts), by markdown, so that
 * indexing the page right after does not parse it again (parsing dominates the cost of writing pages).
 */
const parsed = new Lru<string, { doc: Document; size: number }>(64 * 1024 * 1024, (v) => v.size);

export function rememberParsed(markdown: string, doc: Document): void {
  // A parsed document takes roughly ten times the memory of its markdown.
  parsed.set(markdown, { doc, size: markdown.length * 11 });
}

/** Sections and links of markdown normalised on write off the event loop (content-edits.ts prepareEdits), by markdown. */
const derived = new Lru<string, Derived & { size: number }>(32 * 1024 * 1024, (v) => v.size);

interface Derived {
  sections: Section[];
  links: ExtractedLink[];
}

export function rememberDerived(markdown: string, d: Derived): void {
  derived.set(markdown, { sections: d.sections, links: d.links, size: markdown.length * 2 });
}

/** What the index needs of a page's markdown when it was remembered from the write. */
function knownDerived(markdown: string): Derived | undefined {
  const known = derived.get(markdown);
  if (known) return known;
  const doc = parsed.get(markdown)?.doc;
  if (doc) return documentIndex(doc);
  return undefined;
}

/** What the index needs of a page's markdown: remembered from the write, or derived (large pages in the worker pool). */
async function deriveOf(markdown: string): Promise<Derived> {
  return knownDerived(markdown) ?? derivePage(markdown);
}

/**
 * Links of one page that the link index keeps (the first ones, in document order): each is a row written in the
 * commit's transaction, which on SQLite runs on the event loop; 57,000 autolinks took half a second to insert.
 */
export const MAX_INDEXED_LINKS = 5_000;
const MAX_SECTION_BODY = 20_000;
const MAX_PAGE_BODY = 200_000;

/**
 * The search rows of a page: its page row (seq -1: title and all its text, which multi-term searches must match as a
 * whole), then its sections - the intro (seq 0, when it has text) and one per heading - which searches show.
 */
function pageSections(spaceId: string, p: Reindex, parsed: readonly Section[]): Insertable<SearchSectionsTable>[] {
  const description = typeof p.meta.description === 'string' ? p.meta.description : '';
  const all = [description, ...parsed.map((s) => (s.level === 0 ? s.body : `${s.title}\n${s.body}`))].filter(Boolean).join('\n');
  const rows: Insertable<SearchSectionsTable>[] = [
    { space_id: spaceId, page_id: p.pageId, section_id: '', seq: -1, path: p.path, scope: searchScope(spaceId, p.pageId, true), title: p.meta.title, heading: '', body: all.slice(0, MAX_PAGE_BODY) },
  ];
  const intro = [description, parsed.find((s) => s.level === 0)?.body ?? ''].filter(Boolean).join('\n');
  if (intro) rows.push({ space_id: spaceId, page_id: p.pageId, section_id: '', seq: 0, path: p.path, scope: searchScope(spaceId, p.pageId, false), title: '', heading: '', body: intro.slice(0, MAX_SECTION_BODY) });
  let seq = 1;
  for (const s of parsed) {
    if (s.level === 0) continue;
    rows.push({ space_id: spaceId, page_id: p.pageId, section_id: s.id, seq: seq++, path: `${p.path}#${s.id}`, scope: searchScope(spaceId, p.pageId, false), title: '', heading: s.title, body: s.body.slice(0, MAX_SECTION_BODY) });
  }
  return rows;
}

/**
 * The link rows of a page: one per distinct link (a target used twice the same way is one row: every reader asks
 * which pages use which targets, never how often), the first MAX_INDEXED_LINKS of them in document order.
 */
function pageLinks(ctx: AppContext, spaceId: string, p: Reindex, extracted: readonly ExtractedLink[]): NewLink[] {
  const rows: NewLink[] = [];
  const seen = new Set<string>();
  let seq = 0;
  for (const link of extracted) {
    if (seq >= MAX_INDEXED_LINKS) break;
    const r = resolveLink(link, p.pageId, p.path);
    if (!r) continue;
    const urlStatus = r.kind === 'url' ? (isInApp(ctx, r.url!) ? 'in-app' : 'ok') : null;
    const row = {
      space_id: spaceId, page_id: p.pageId, seq, source: link.source, target_key: r.key.slice(0, TARGET_KEY_MAX), target_kind: r.kind,
      target_page: r.page ?? null, target_path: r.path ?? null, target_file: r.file ?? null, target_name: r.name ?? null,
      anchor: r.anchor ?? null, url: r.url?.slice(0, 2048) ?? null, url_status: urlStatus, target_id: null as number | null,
      // The status of the row's target, if the space does not have it yet: URLs and anchors have their final status
      // (the rule of refreshLinkStatuses); links to pages and files are worked out once the commit's pages are
      // written (assignTargets).
      status: urlStatus ?? (r.kind === 'anchor' ? 'ok' : 'broken'),
    };
    const same = part(row.source) + part(row.target_key) + part(row.target_kind) + part(row.target_page) + part(row.target_path) + part(row.target_file)
      + part(row.target_name) + part(row.anchor) + part(row.url);
    if (seen.has(same)) continue;
    seen.add(same);
    rows.push(row);
    seq++;
  }
  return rows;
}

/**
 * One column of a link row's identity key: its length and text, or a mark for null. The pieces read back one way
 * only (a piece is the mark or a length, `:` and that many characters), so two rows have the same key exactly when
 * these columns are equal, as with their JSON array (which escaped and quoted every string: twice the time).
 */
function part(value: string | null): string {
  return value === null ? '\u0001' : `${value.length}:${value}`;
}

/** Whether a URL points into this Bindery's app or API (GitBook's `in-app` status). */
export function isInApp(ctx: AppContext, url: string): boolean {
  return [ctx.config.appUrl, ctx.config.publicUrl].some((base) => url === base || url.startsWith(`${base}/`));
}

async function syncFiles(ctx: AppContext, tx: DbOrTx, spaceId: string, oldHash: string | null, newHash: string | null, affected: Affected): Promise<number> {
  const before = new Map((await loadFiles(ctx, tx, oldHash)).map((f) => [f.id, f]));
  const after = await loadFiles(ctx, tx, newHash);
  const afterIds = new Set(after.map((f) => f.id));
  const removed = [...before.keys()].filter((id) => !afterIds.has(id));
  const changed = after.filter((f) => before.get(f.id)?.name !== f.name);
  for (const id of removed) {
    affected.fileIds.add(id);
    affected.names.add(before.get(id)!.name);
  }
  for (const f of changed) {
    affected.fileIds.add(f.id);
    affected.names.add(f.name);
    const old = before.get(f.id)?.name;
    if (old) affected.names.add(old);
  }
  if (removed.length) await contentIndexRepo.removeFiles(tx, spaceId, removed);
  if (changed.length) await contentIndexRepo.upsertFiles(tx, changed.map((f) => ({ space_id: spaceId, file_id: f.id, name: f.name })));
  return removed.length + changed.length;
}

export { ROOT_ID };

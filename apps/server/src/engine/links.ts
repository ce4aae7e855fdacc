// Links and backlinks of a space's content.
//
// Active revision: answered in SQL from `page_links` (every link of every page, resolved when the page was indexed)
// joined with `space_pages` and `space_files`, so a link's status follows the current content: a link breaks when
// the page or file it points at is gone (or renamed away from the path it uses), and heals when it comes back.
// Other revisions (change requests): derived in memory from the revision's pages (the same resolution).
//
// A list item is one target with its status and every page that uses it (presenters/links.ts shapes it as GitBook's
// ContentReferenceUsage). Statuses: `ok`, `broken`, `in-app` (a URL into this Bindery's app or API).
import { extractLinks } from '../content/markdown.js';
import type { AppContext } from '../context.js';
import type { DbOrTx } from '../db/database.js';
import { pageAfter, pageLimit, pageOfRows, paginateSorted, type PageRequest } from '../db/pagination.js';
import { resolveLink, type ResolvedLink } from '../lib/link-paths.js';
import { Lru } from '../lib/lru.js';
import { isInApp, childPath } from './content-index.js';
import { loadFiles, loadMarkdown, loadTree, revisionContent, type TreeNode } from './content-store.js';
import { changeRequestsRepo } from '../repos/change-requests.repo.js';
import { contentIndexRepo } from '../repos/content-index.repo.js';
import { linksRepo, type BacklinkTarget, type LinkStatus, type LinkTargetRow } from '../repos/links.repo.js';
import { revisionsRepo } from '../repos/revisions.repo.js';
import { findPage, findShownFile, type SpaceContent } from './content.js';

export type { LinkStatus };
/** Where a link points, as indexed: its kind and the page, path, file, name, anchor or URL it names, and the page or file it resolves to. */
export type LinkTarget = Omit<LinkTargetRow, 'status' | 'target_key'>;
/** One target with its status and the pages that use it (presenters/links.ts shapes it as GitBook's ContentReferenceUsage). */
export interface LinkUsage {
  status: LinkStatus;
  target: LinkTarget;
  pageIds: string[];
}
export interface LinkList {
  items: LinkUsage[];
  next?: string;
  count: number;
  stats: { total: number; broken: { total: number; changeRequest: number } };
}
/** The pages that link to a page or file. */
export interface BacklinkList {
  pageIds: string[];
  next?: string;
  count: number;
}

// ---------------------------------------------------------------------------------------------------------------
// Active revision (SQL)

const linkCounts = new Lru<string, { total: number; broken: number; count: number }>(1000);

async function activeLinks(ctx: AppContext, db: DbOrTx, sc: SpaceContent, pageId: string | undefined, q: PageRequest & { status?: LinkStatus }): Promise<LinkList> {
  const spaceId = sc.space.id;
  const scope = `links:${spaceId}:${pageId ?? ''}:${q.status ?? ''}`;
  const limit = pageLimit(q);
  const after = pageAfter(scope, q)?.[1];
  // Counts depend only on the revision the index describes: computed once per revision.
  const countsKey = `${spaceId}:${sc.content.revision.id}:${pageId ?? ''}:${q.status ?? ''}`;
  let counts = linkCounts.get(countsKey);
  if (!counts) {
    counts = await linksRepo.counts(db, spaceId, pageId, q.status);
    linkCounts.set(countsKey, counts);
  }
  const rows = await linksRepo.targets(db, spaceId, pageId, q.status, after, limit + 1);
  const { rows: page, next } = pageOfRows(rows, limit, scope, (r) => ['', r.target_key]);
  const keys = page.map((r) => r.target_key);
  const locations = new Map<string, string[]>();
  if (keys.length) {
    const locs = await linksRepo.locations(db, spaceId, keys, pageId);
    for (const l of locs) locations.set(l.target_key, [...(locations.get(l.target_key) ?? []), l.page_id]);
  }
  const items = page.map(({ status, target_key, ...target }) => ({ status, target, pageIds: locations.get(target_key) ?? [] }));
  return {
    items, count: counts!.count,
    next,
    stats: { total: counts!.total, broken: { total: counts!.broken, changeRequest: await brokenInChangeRequests(ctx, db, sc, pageId) } },
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Broken links introduced by change requests (stats.broken.changeRequest)

/** How many active change requests a space's link list looks into (the most recently updated). */
export const CHANGE_REQUESTS_COUNTED = 50;
/** Broken targets of a revision (of one page, or of all), by revision id and page. */
const brokenOfRevision = new Lru<string, Set<string>>(2000);

async function brokenTargetsOf(ctx: AppContext, db: DbOrTx, sc: SpaceContent, pageId: string | undefined): Promise<Set<string>> {
  const key = `${sc.content.revision.id}:${pageId ?? ''}`;
  let broken = brokenOfRevision.get(key);
  if (!broken) {
    const m = await memoryLinks(ctx, db, sc);
    broken = new Set(m.links.filter((l) => (pageId === undefined || l.pageId === pageId) && m.status(l.link) === 'broken').map((l) => l.link.key));
    brokenOfRevision.set(key, broken);
  }
  return broken;
}

/** Targets broken in a change request's revision that are not broken in the space's active revision. */
function introduced(inChangeRequest: ReadonlySet<string>, inSpace: ReadonlySet<string>): number {
  let n = 0;
  for (const k of inChangeRequest) if (!inSpace.has(k)) n++;
  return n;
}

/**
 * For a space's lists: the broken links its active (draft or open) change requests introduce, summed over the
 * CHANGE_REQUESTS_COUNTED most recently updated of them — each counted once per request against the space's
 * active revision. Each request's revision is examined once (cached by revision).
 */
async function brokenInChangeRequests(ctx: AppContext, db: DbOrTx, sc: SpaceContent, pageId: string | undefined): Promise<number> {
  const crs = await changeRequestsRepo.active(db, sc.space.id, CHANGE_REQUESTS_COUNTED);
  if (crs.length === 0) return 0;
  const inSpace = await contentIndexRepo.brokenTargets(db, sc.space.id, pageId);
  let total = 0;
  for (const cr of crs) {
    const content = await revisionContent(db, (await revisionsRepo.findById(db, cr.revision_id))!);
    total += introduced(await brokenTargetsOf(ctx, db, { ...sc, content, active: false }, pageId), inSpace);
  }
  return total;
}

async function activeBacklinks(db: DbOrTx, sc: SpaceContent, target: BacklinkTarget, q: PageRequest): Promise<BacklinkList> {
  const spaceId = sc.space.id;
  const scope = `backlinks:${spaceId}:${target.page ?? ''}:${target.file ?? ''}`;
  const limit = pageLimit(q);
  const after = pageAfter(scope, q)?.[1];
  const { rows, count } = await linksRepo.backlinkPages(db, spaceId, target, after, limit + 1);
  const page = pageOfRows(rows, limit, scope, (r) => ['', r.page_id]);
  return { pageIds: page.rows.map((r) => r.page_id), count, next: page.next };
}

// ---------------------------------------------------------------------------------------------------------------
// Any revision (in memory)

interface MemLink {
  pageId: string;
  link: ResolvedLink;
}

async function memoryLinks(ctx: AppContext, db: DbOrTx, sc: SpaceContent): Promise<{ links: MemLink[]; status: (l: ResolvedLink) => LinkStatus; resolvePage: (l: ResolvedLink) => string | undefined; resolveFile: (l: ResolvedLink) => string | undefined }> {
  const pages: { id: string; path: string; contentHash: string }[] = [];
  const byId = new Set<string>();
  const byPath = new Map<string, string>();
  // Pages hidden from the caller (a site API token's visitor: engine/visibility.ts) are not there: their links are not
  // listed, and a link to one is broken, as to a missing page.
  const hidden = sc.visibility?.hidden;
  if (sc.content.rootHash) {
    const walk = (t: TreeNode, path: string) => {
      for (const c of t.children) {
        if (hidden?.has(c.node.pageId)) continue;
        const p = childPath(path, c.node.meta);
        byId.add(c.node.pageId);
        if (p !== null) byPath.set(p, c.node.pageId);
        if (c.node.meta.type === 'document') pages.push({ id: c.node.pageId, path: p ?? '', contentHash: c.node.contentHash });
        walk(c, p ?? '');
      }
    };
    walk(await loadTree(ctx, db, sc.content.rootHash), '');
  }
  const markdown = await loadMarkdown(ctx, db, pages.map((p) => p.contentHash));
  const links: MemLink[] = [];
  for (const p of pages) {
    const md = markdown.get(p.contentHash) ?? '';
    if (!md) continue;
    for (const l of extractLinks(md)) {
      const r = resolveLink(l, p.id, p.path);
      if (r) links.push({ pageId: p.id, link: r });
    }
  }
  const files = await loadFiles(ctx, db, sc.content.filesHash);
  const fileIds = new Set(files.map((f) => f.id));
  const fileNames = new Map(files.map((f) => [f.name, f.id]));
  const resolvePage = (l: ResolvedLink) => (l.page && byId.has(l.page) ? l.page : l.path !== undefined ? byPath.get(l.path) : undefined);
  const resolveFile = (l: ResolvedLink) => (l.file && fileIds.has(l.file) ? l.file : l.name ? fileNames.get(l.name) : undefined);
  const status = (l: ResolvedLink): LinkStatus => {
    if (l.kind === 'url') return isInApp(ctx, l.url ?? '') ? 'in-app' : 'ok';
    if (l.kind === 'anchor') return 'ok';
    if (l.kind === 'page') return resolvePage(l) ? 'ok' : 'broken';
    return resolveFile(l) ? 'ok' : 'broken';
  };
  return { links, status, resolvePage, resolveFile };
}

async function revisionLinks(ctx: AppContext, db: DbOrTx, sc: SpaceContent, pageId: string | undefined, q: PageRequest & { status?: LinkStatus }): Promise<LinkList> {
  const m = await memoryLinks(ctx, db, sc);
  const groups = new Map<string, { link: ResolvedLink; pages: Set<string> }>();
  for (const { pageId: p, link } of m.links) {
    if (pageId !== undefined && p !== pageId) continue;
    const g = groups.get(link.key) ?? { link, pages: new Set<string>() };
    g.pages.add(p);
    groups.set(link.key, g);
  }
  const all = [...groups.entries()].map(([key, g]) => ({ key, g, status: m.status(g.link) }));
  const filtered = q.status ? all.filter((t) => t.status === q.status) : all;
  const page = paginateSorted(filtered, q, { scope: `links:${sc.content.revision.id}:${pageId ?? ''}:${q.status ?? ''}`, keyOf: (t) => ['', t.key] });
  const items = page.items.map(({ g, status }) => ({
    status,
    target: {
      target_kind: g.link.kind, target_page: g.link.page ?? null, target_path: g.link.path ?? null, target_file: g.link.file ?? null,
      target_name: g.link.name ?? null, anchor: g.link.anchor ?? null, url: g.link.url ?? null,
      resolved_page: g.link.path !== undefined ? m.resolvePage(g.link) ?? null : null, resolved_file: g.link.name ? m.resolveFile(g.link) ?? null : null,
    },
    pageIds: [...g.pages].sort(),
  }));
  // A change request's list counts the broken links it introduces; another revision's, those it has beyond the space's.
  const broken = new Set(all.filter((t) => t.status === 'broken' && (pageId === undefined || t.g.pages.has(pageId))).map((t) => t.key));
  const changeRequest = introduced(broken, await contentIndexRepo.brokenTargets(db, sc.space.id, pageId));
  return { items, next: page.next, count: page.count, stats: { total: all.length, broken: { total: broken.size, changeRequest } } };
}

// ---------------------------------------------------------------------------------------------------------------

/** Whether pages are hidden from the caller: the index knows every page, so their lists are made in memory. */
const hides = (sc: SpaceContent) => (sc.visibility?.hidden.size ?? 0) > 0;

/** Links of the content (or of one page), with their status, and the counts of all and broken links. */
export async function listLinks(ctx: AppContext, sc: SpaceContent, q: PageRequest & { status?: LinkStatus; pageId?: string }): Promise<LinkList> {
  if (q.pageId !== undefined) await findPage(ctx, ctx.db, sc, q.pageId, false);
  return sc.active && !hides(sc) ? activeLinks(ctx, ctx.db, sc, q.pageId, q) : revisionLinks(ctx, ctx.db, sc, q.pageId, q);
}

/** The pages linking to a page (by id or by its path). */
export async function pageBacklinks(ctx: AppContext, sc: SpaceContent, pageId: string, q: PageRequest): Promise<BacklinkList> {
  const page = await findPage(ctx, ctx.db, sc, pageId, false);
  if (sc.active && !hides(sc)) return activeBacklinks(ctx.db, sc, { page: pageId, path: page.path }, q);
  const m = await memoryLinks(ctx, ctx.db, sc);
  const pages = [...new Set(m.links.filter((l) => l.link.kind === 'page' && m.resolvePage(l.link) === pageId).map((l) => l.pageId))];
  const r = paginateSorted(pages, q, { scope: `backlinks:${sc.content.revision.id}:${pageId}:`, keyOf: (p) => ['', p] });
  return { pageIds: r.items, next: r.next, count: r.count };
}

/** The pages linking to a file (by id or by its name). */
export async function fileBacklinks(ctx: AppContext, sc: SpaceContent, fileId: string, q: PageRequest): Promise<BacklinkList> {
  const file = await findShownFile(ctx, sc, fileId);
  if (sc.active && !hides(sc)) return activeBacklinks(ctx.db, sc, { file: fileId, name: file.name }, q);
  const m = await memoryLinks(ctx, ctx.db, sc);
  const pages = [...new Set(m.links.filter((l) => l.link.kind === 'file' && m.resolveFile(l.link) === fileId).map((l) => l.pageId))];
  const r = paginateSorted(pages, q, { scope: `backlinks:${sc.content.revision.id}::${fileId}`, keyOf: (p) => ['', p] });
  return { pageIds: r.items, next: r.next, count: r.count };
}

// What the published site keeps between requests, and how it stays current across server processes:
//   - a site's structure and effective customizations, per site `version` (every change of the site, its structure
//     or customization bumps the version in its transaction: services/sites.ts changeSite);
//   - a revision's page tree, page index and files, per revision id (revisions never change);
//   - whole rendered pages, keyed by the site's version, the current revision and title of each space it publishes
//     (read on every request with the site row, in one query: sitesRepo.withSpaceHeads), the URL, the theme and — only when the
//     site or the page has conditions — the visitor's claims.
// So a request for a cached page costs that one query and a lookup, and any change, from
// any process sharing the database, shows on the next request.
import type { InsightsMark } from './insights.js';
import type { components } from '@bindery/api-types';
import type { AppContext } from '../context.js';
import { listFiles, pageTree, publishedContent, type FileEntry, type PageView, type RevisionContent } from '../engine/index.js';
import { spacesRepo } from '../repos/spaces.repo.js';
import type { SpaceHead } from '../repos/sites.repo.js';
import { Lru } from '../lib/lru.js';
import { sitesRepo, type SiteRow, type SiteStructure } from '../repos/sites.repo.js';
import { liveStructure } from '../presenters/site.js';
import { siteCustomization, siteSpaceCustomization } from '../services/sites.js';
import { evaluateCondition, type Claims } from './conditions.js';

export type Customization = components['schemas']['SiteCustomization'];

export interface SiteView {
  structure: SiteStructure;
  /** The effective customization of each site space (the site's, with the site space's overrides merged in). */
  customization: Map<string, Customization>;
  site: Customization;
  /** Whether anything of the site depends on the visitor's claims (sections, site spaces, header links). */
  conditional: boolean;
}

export interface IndexedPage {
  page: PageView;
  /** Path of the page in its space (`a/b`). */
  path: string;
}

export interface RevisionView {
  content: RevisionContent;
  tree: PageView[];
  /** Every page by id (documents, groups, links), with its path. */
  byId: Map<string, IndexedPage>;
  /** Document pages by path. */
  byPath: Map<string, IndexedPage>;
  files: FileEntry[];
  filesById: Map<string, FileEntry>;
  filesByName: Map<string, FileEntry>;
  /** Whether a page has an adaptive-content condition (`metadata.condition`, Git Sync's `if:`): see visibleRevision. */
  conditional: boolean;
}

export interface CachedPage {
  status: number;
  /** The page's bytes (UTF-8), encoded once. */
  body: Buffer;
  /** The page's content depends on the claims (it has `{% if %}` blocks): look it up again keyed by the claims. */
  perAudience: boolean;
  /** The page's entity tag (a digest of `body`), computed once when the page is drawn. */
  etag?: string;
  /** The document page it shows (a `site_view` event names it). */
  viewed?: ViewedPage;
  /** What the page records in the site's Insights when served (site/insights.ts). */
  insights?: InsightsMark;
}

/** A document page of a site, as a `site_view` event names it. */
export interface ViewedPage {
  siteSpaceId: string;
  spaceId: string;
  pageId: string;
}

interface Caches {
  sites: Lru<string, SiteView>;
  revisions: Lru<string, Promise<RevisionView | undefined>>;
  pages: Lru<string, CachedPage>;
}

const caches = new WeakMap<object, Caches>();

function cachesOf(ctx: AppContext): Caches {
  let c = caches.get(ctx.db);
  if (!c) {
    c = {
      sites: new Lru(500),
      revisions: new Lru(200),
      pages: new Lru(48 * 1024 * 1024, (p) => p.body.length + 200),
    };
    caches.set(ctx.db, c);
  }
  return c;
}

function hasHeaderConditions(c: Customization): boolean {
  return (c.header?.links ?? []).some((l) => typeof l.condition === 'string' && l.condition.trim() !== '');
}

/** The site's structure and customizations as of its version. */
export async function siteView(ctx: AppContext, site: SiteRow): Promise<SiteView> {
  const c = cachesOf(ctx);
  const key = `${site.id}:${site.version}`;
  const hit = c.sites.get(key);
  if (hit) return hit;
  // The published site shows what is live: draft sections and site spaces are not (presenters/site.ts liveStructure).
  const structure = liveStructure(await sitesRepo.structure(ctx.db, site.id));
  const base = siteCustomization(site);
  const customization = new Map(structure.siteSpaces.map((ss) => [ss.id, siteSpaceCustomization(site, ss)]));
  const view: SiteView = {
    structure,
    site: base,
    customization,
    conditional: structure.sections.some((s) => s.condition !== null) || structure.siteSpaces.some((s) => s.condition !== null)
      || hasHeaderConditions(base) || [...customization.values()].some(hasHeaderConditions),
  };
  c.sites.set(key, view);
  return view;
}

/** The key of what readers of a space see now: its head revision and, when it has computed pages, their expansion. */
export const headKey = (space: Pick<SpaceHead, 'revision_id' | 'computed_revision_id'>) => `${space.revision_id}+${space.computed_revision_id ?? ''}`;

/**
 * The page tree, pages by id and path, and files of what readers of a space see (its head, with computed pages
 * expanded: engine publishedContent), cached by the head's revisions (revisions never change).
 */
export function revisionView(ctx: AppContext, head: SpaceHead): Promise<RevisionView | undefined> {
  const c = cachesOf(ctx);
  const key = headKey(head);
  const hit = c.revisions.get(key);
  if (hit) return hit;
  const p = (async () => {
    const space = await spacesRepo.findById(ctx.db, head.id);
    if (!space || space.deleted_at !== null) return undefined;
    const content = await publishedContent(ctx, space);
    const tree = await pageTree(ctx, ctx.db, content);
    const files = await listFiles(ctx, ctx.db, content);
    const byId = new Map<string, IndexedPage>();
    const byPath = new Map<string, IndexedPage>();
    let conditional = false;
    const walk = (pages: readonly PageView[]) => {
      for (const page of pages) {
        if (pageCondition(page) !== undefined) conditional = true;
        const entry = { page, path: page.path ?? page.meta.slug };
        byId.set(page.meta.id, entry);
        if (page.meta.type === 'document' && !byPath.has(entry.path)) byPath.set(entry.path, entry);
        walk(page.children);
      }
    };
    walk(tree);
    const filesByName = new Map<string, FileEntry>();
    for (const f of files) if (!filesByName.has(f.name)) filesByName.set(f.name, f);
    return { content, tree, byId, byPath, files, filesById: new Map(files.map((f) => [f.id, f])), filesByName, conditional };
  })();
  p.catch(() => c.revisions.delete(key));
  c.revisions.set(key, p);
  return p;
}

/** A page's adaptive-content condition (GitBook's `RevisionPageBase.condition`), when it has one. */
export function pageCondition(page: PageView): string | undefined {
  const c = (page.meta.metadata as { condition?: unknown } | undefined)?.condition;
  return typeof c === 'string' && c.trim() !== '' ? c : undefined;
}

/**
 * What a visitor sees of a revision: without the pages whose condition is false for `claims` (or cannot be parsed),
 * nor their descendants. The revision itself when no page has a condition; otherwise one walk of the tree.
 */
export function visibleRevision(rev: RevisionView, claims: Claims): RevisionView {
  if (!rev.conditional) return rev;
  const byId = new Map<string, IndexedPage>();
  const byPath = new Map<string, IndexedPage>();
  const prune = (pages: readonly PageView[]): PageView[] => {
    const out: PageView[] = [];
    for (const page of pages) {
      const condition = pageCondition(page);
      if (condition !== undefined && !evaluateCondition(condition, { visitor: { claims } })) continue;
      const kept: PageView = { ...page, children: prune(page.children) };
      const entry = { page: kept, path: kept.path ?? kept.meta.slug };
      byId.set(kept.meta.id, entry);
      if (kept.meta.type === 'document' && !byPath.has(entry.path)) byPath.set(entry.path, entry);
      out.push(kept);
    }
    return out;
  };
  const tree = prune(rev.tree);
  return { ...rev, tree, byId, byPath };
}

export function cachedPage(ctx: AppContext, key: string): CachedPage | undefined {
  return cachesOf(ctx).pages.get(key);
}

export function cachePage(ctx: AppContext, key: string, page: CachedPage): void {
  cachesOf(ctx).pages.set(key, page);
}

// Full-text search over the active revision of spaces (db/dialect.ts for the SQL of each database).
//
// The index (kept current by engine/content-index.ts) holds, per page, a page row - its title and all its text -
// and one row per section (the intro, then one per heading). A search matches every term against page rows and
// ranks at most SEARCH_CANDIDATES of them (the most recently indexed when a term is very common, so the ranking work
// is bounded), pages through that ranked list with an opaque cursor (grouped by space for organization searches),
// then shows, for the pages of the answer only, their sections that match any of the terms, best first.
import type { AppContext } from '../context.js';
import { paginateSorted, type PageRequest } from '../db/pagination.js';
import { searchPages, searchSections, searchTerms, type SearchHit } from '../db/dialect.js';
import { spaceAccess } from '../policies/space.js';
import { contentIndexRepo } from '../repos/content-index.repo.js';
import { spacesRepo, type SpaceRow } from '../repos/spaces.repo.js';
import type { Actor } from '../services/auth.js';
import { CollectionTree, loadVisibleOrganization, spaceLink } from '../services/content-access.js';
import { ensureAllIndexed, indexedRootHash, loadContent, pageTree, publishedContent, shownPages, withoutHidden, type PageView } from './content.js';
import { claimsDigest, hiddenPagesOf } from './visibility.js';
import { applyConditionals, type Claims } from '../site/conditions.js';
import { extractSections } from '../content/markdown.js';
import { Lru } from '../lib/lru.js';
import { childPath } from './content-index.js';
import { loadMarkdown, loadNodes, ROOT_ID, type PageMeta } from './content-store.js';
import { treeLocator } from './working-tree.js';

/** How many matching sections are ranked at most per search. */
export const SEARCH_CANDIDATES = 500;
const DEFAULT_SEARCH_LIMIT = 20;

/** Sections shown per page at most. */
const SECTIONS_PER_PAGE = 10;

/** A ranked page (its page row) with its sections that match any term, best first (presenters/search.ts shows it). */
export interface PageHits {
  page: SearchHit;
  sections: SearchHit[];
  /** One-based position of the page in the whole ranked list (kept across pages of results). */
  rank: number;
  /** The page's ancestors, from the top level to its parent (a title, or the slug of a page kept out of search). */
  ancestors: { title: string }[];
}

/** What searching a space finds: one page of ranked pages. */
export interface SpaceSearch {
  terms: string[];
  pages: PageHits[];
  next?: string;
  count: number;
  revision: string;
}

/** What searching an organization finds: one page of spaces (best page first), each with its ranked pages. */
export interface OrganizationSearch {
  terms: string[];
  spaces: { id: string; title: string; score: number; pages: PageHits[] }[];
  next?: string;
  count: number;
}

/** The title an ancestor shows: its search row's (pages kept out of search have none: the last segment of its path). */
function ancestorTitle(meta: PageMeta, path: string | null, id: string): string {
  const searched = meta.type !== 'link' && meta.type !== 'computed' && meta.metadata?.noIndex !== true;
  return searched ? meta.title : (path?.split('/').pop() ?? id);
}

/**
 * The ancestors of pages (by `space/page` key), from the top level down. With the root hash of the tree the index
 * describes (`roots`, by space), from that tree (immutable: its nodes and parent chains are cached); otherwise, or for
 * a page not in it, the parent chain of the page index.
 */
async function ancestorsOf(ctx: AppContext, pages: SearchHit[], roots: ReadonlyMap<string, string>): Promise<Map<string, { title: string }[]>> {
  const out = new Map<string, { title: string }[]>();
  const bySpace = new Map<string, SearchHit[]>();
  for (const p of pages) bySpace.set(p.space_id, [...(bySpace.get(p.space_id) ?? []), p]);
  for (const [spaceId, all] of bySpace) {
    let hits = all;
    const root = roots.get(spaceId);
    if (root) {
      const locator = await treeLocator(ctx, ctx.db, root);
      const chains = new Map<string, { pageId: string; hash: string }[]>();
      for (const h of hits) {
        const chain = await locator.chain(h.page_id);
        if (chain) chains.set(h.page_id, chain);
      }
      const nodes = await loadNodes(ctx, ctx.db, [...chains.values()].flatMap((c) => c.map((x) => x.hash)));
      for (const [pageId, chain] of chains) {
        const titles: { title: string }[] = [];
        let path: string | null = '';
        for (const link of chain.slice(1, -1)) {
          const meta = nodes.get(link.hash)!.meta;
          path = childPath(path ?? '', meta);
          titles.push({ title: ancestorTitle(meta, path, link.pageId) });
        }
        out.set(`${spaceId}/${pageId}`, titles);
      }
      hits = hits.filter((h) => !chains.has(h.page_id));
      if (hits.length === 0) continue;
    }
    const rows = new Map<string, { parent_id: string | null; path: string | null }>();
    let wanted = hits.map((h) => h.page_id);
    for (let depth = 0; wanted.length && depth < 64; depth++) {
      const found = await contentIndexRepo.pages(ctx.db, spaceId, wanted);
      for (const r of found) rows.set(r.page_id, r);
      wanted = [...new Set(found.map((r) => r.parent_id).filter((id): id is string => id !== null && !rows.has(id)))];
    }
    const chains = new Map(hits.map((h) => {
      const chain: string[] = [];
      // The root page stands for the space: never an ancestor.
      for (let id = rows.get(h.page_id)?.parent_id ?? null; id !== null && id !== ROOT_ID && !chain.includes(id); id = rows.get(id)?.parent_id ?? null) chain.unshift(id);
      return [h.page_id, chain] as const;
    }));
    const titles = await contentIndexRepo.pageTitles(ctx.db, spaceId, [...new Set([...chains.values()].flat())]);
    for (const [pageId, chain] of chains) {
      out.set(`${spaceId}/${pageId}`, chain.map((id) => ({ title: titles.get(id) ?? rows.get(id)?.path?.split('/').pop() ?? id })));
    }
  }
  return out;
}

/** The sections of ranked pages (page rows) that match any term, their ancestors and their rank in `ranked`. */
async function withSections(ctx: AppContext, pages: SearchHit[], terms: string[], ranked: SearchHit[], roots: ReadonlyMap<string, string> = new Map()): Promise<PageHits[]> {
  const sections = await searchSections(ctx.db, terms, pages.map((p) => ({ spaceId: p.space_id, pageId: p.page_id })), pages.length * SECTIONS_PER_PAGE * 4);
  const byPage = new Map<string, SearchHit[]>();
  for (const s of sections) {
    const key = `${s.space_id}/${s.page_id}`;
    const list = byPage.get(key) ?? [];
    if (list.length < SECTIONS_PER_PAGE) list.push(s);
    byPage.set(key, list);
  }
  const ancestors = await ancestorsOf(ctx, pages, roots);
  const rankOf = new Map(ranked.map((p, i) => [p, i + 1]));
  return pages.map((page) => {
    const key = `${page.space_id}/${page.page_id}`;
    return { page, sections: byPage.get(key) ?? [], rank: rankOf.get(page) ?? 0, ancestors: ancestors.get(key) ?? [] };
  });
}

/** One page of a ranked list: keyset over (score, key), so a cursor survives as long as the ranking does. */
const rankedPage = <T>(items: T[], keyOf: (t: T) => [number, string], scope: string, req: PageRequest) =>
  paginateSorted(items, req, { scope, keyOf, direction: 'desc', ordered: true, defaultLimit: DEFAULT_SEARCH_LIMIT });

export async function searchSpace(ctx: AppContext, actor: Actor, spaceId: string, query: string, req: PageRequest): Promise<SpaceSearch> {
  const sc = await loadContent(ctx, actor, spaceId);
  const terms = searchTerms(query);
  let ranked = await searchPages(ctx.db, terms, [spaceId], SEARCH_CANDIDATES);
  // Pages the caller may not see (a site API token reads the space as its visitor: engine/visibility.ts).
  const hidden = sc.visibility?.hidden;
  if (hidden?.size) ranked = ranked.filter((p) => !hidden.has(p.page_id));
  // Pages with `{% if %}` blocks, as such a caller sees them: found only by the words they show, and only the
  // sections whose text the caller sees whole.
  const views = sc.visibility ? await visitorViews(ctx, await shownPages(ctx, sc), sc.visibility.claims, ranked) : undefined;
  if (views?.size) ranked = ranked.filter((p) => views.get(p.page_id)?.matches(terms) ?? true);
  const page = rankedPage(ranked, (p) => [p.score, p.page_id], `search:${spaceId}:${terms.join(' ')}`, req);
  // The tree the index describes (the shown content of the active revision): ancestors come from it.
  const roots = new Map(sc.active && sc.content.rootHash ? [[spaceId, sc.content.rootHash]] : []);
  const pages = await withSections(ctx, page.items, terms, ranked, roots);
  return { terms, pages: views?.size ? onlySeen(pages, views) : pages, next: page.next, count: ranked.length, revision: sc.content.revision.id };
}

/** Pages with `{% if %}` blocks (in `views`) keep only the sections whose indexed text the visitor sees whole. */
const onlySeen = (pages: PageHits[], views: ReadonlyMap<string, VisitorView>): PageHits[] => pages.map((h) => {
  const v = views.get(h.page.page_id);
  return v ? { ...h, sections: h.sections.filter((x) => v.sections.get(x.section_id) === x.body) } : h;
});

/** What a visitor sees of a page with `{% if %}` blocks: whether terms match its words, and its sections' text. */
interface VisitorView {
  matches(terms: readonly string[]): boolean;
  /** Section id (`''`: the intro) → its text as the index would hold it. */
  sections: Map<string, string>;
}

const visitorViewCache = new Lru<string, VisitorView>(16 * 1024 * 1024, (v) => 200 + [...v.sections.values()].reduce((n, b) => n + b.length * 4, 0));

/**
 * The visitor views of the ranked pages (of `tree`, what the visitor sees of a space) whose markdown has `{% if %}`
 * blocks (the others are as indexed), for a caller who reads as a site's visitor with `claims`. Their markdown is
 * read once (ranked pages only) and each parsed once per content and claims. A term matches a word it starts, as
 * the index matches.
 */
async function visitorViews(ctx: AppContext, tree: readonly PageView[], claims: Claims, ranked: readonly SearchHit[]): Promise<Map<string, VisitorView>> {
  const out = new Map<string, VisitorView>();
  if (!ranked.length) return out;
  const wanted = new Set(ranked.map((p) => p.page_id));
  const pages = new Map<string, PageView>();
  const walk = (ps: readonly PageView[]) => ps.forEach((p) => { if (wanted.has(p.meta.id)) pages.set(p.meta.id, p); walk(p.children); });
  walk(tree);
  const markdown = await loadMarkdown(ctx, ctx.db, [...pages.values()].map((p) => p.contentHash));
  const claimsKey = claimsDigest(claims);
  const context = { visitor: { claims } };
  for (const [pageId, page] of pages) {
    const raw = markdown.get(page.contentHash) ?? '';
    if (!raw.includes('{%')) continue;
    // The content hash covers every field of the page (its title, its description) and its markdown.
    const key = `${page.contentHash}\n${claimsKey}`;
    let view = visitorViewCache.get(key);
    if (!view) {
      const parsed = extractSections(applyConditionals(raw, context));
      const text = `${page.meta.title}\n${String(page.meta.description ?? '')}\n${parsed.map((x) => `${x.title}\n${x.body}`).join('\n')}`;
      // Sorted distinct words: a term matches when the first word not before it starts with it (binary search).
      const words = [...new Set(text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [])].sort();
      const starts = (t: string) => {
        let lo = 0;
        let hi = words.length;
        while (lo < hi) {
          const mid = (lo + hi) >> 1;
          if (words[mid]! < t) lo = mid + 1;
          else hi = mid;
        }
        return lo < words.length && words[lo]!.startsWith(t);
      };
      const sections = new Map<string, string>();
      for (const x of parsed) sections.set(x.level === 0 ? '' : x.id, x.body.slice(0, 20_000));
      view = { matches: (terms) => terms.every(starts), sections };
      visitorViewCache.set(key, view);
    }
    out.set(pageId, view);
  }
  return out;
}

/** The live spaces of the organization the caller may read. */
export async function readableSpaces(ctx: AppContext, actor: Actor, orgId: string): Promise<SpaceRow[]> {
  const { subject } = await loadVisibleOrganization(ctx.db, actor, orgId);
  const tree = await CollectionTree.load(ctx.db, orgId);
  const spaces = await spacesRepo.liveInOrganization(ctx.db, orgId);
  return spaces.filter((s) => spaceAccess(subject, s, [spaceLink(s), ...tree.chain(s.parent_id)]).view);
}

export async function searchOrganization(ctx: AppContext, actor: Actor, orgId: string, query: string, req: PageRequest): Promise<OrganizationSearch> {
  return searchSpaceList(ctx, await readableSpaces(ctx, actor, orgId), query, req, `org-search:${orgId}`);
}

/**
 * Searches the given live spaces (which the caller may read: the caller checks) and groups the ranked pages by
 * space, best space first: organization search, and a site's search over its site spaces (services/site-search.ts).
 * `scope` names the list for its cursors; `hidden`, pages of a space left out (by space id).
 */
export async function searchSpaceList(
  ctx: AppContext, spaces: SpaceRow[], query: string, req: PageRequest, scope: string, visitors?: ReadonlyMap<string, Claims>,
): Promise<OrganizationSearch> {
  const terms = searchTerms(query);
  if (!terms.length || !spaces.length) return { terms, spaces: [], count: 0 };
  await ensureAllIndexed(ctx, spaces);
  let ranked = await searchPages(ctx.db, terms, spaces.map((s) => s.id), SEARCH_CANDIDATES);
  // Spaces the caller reads as a site's visitor with some claims: not the pages a page condition hides from them,
  // and pages with `{% if %}` blocks as they see them (as searchSpace for a site API token).
  const views = new Map<string, Map<string, VisitorView>>();
  for (const [spaceId, claims] of visitors ?? []) {
    const inSpace = ranked.filter((p) => p.space_id === spaceId);
    const space = spaces.find((s) => s.id === spaceId);
    if (!inSpace.length || !space) continue;
    const content = await publishedContent(ctx, space);
    const hidden = await hiddenPagesOf(ctx, content, claims);
    const shown = new Set<SearchHit>(inSpace.filter((p) => !hidden.has(p.page_id)));
    const v = await visitorViews(ctx, withoutHidden(await pageTree(ctx, ctx.db, content), hidden), claims, [...shown]);
    views.set(spaceId, v);
    ranked = ranked.filter((p) => p.space_id !== spaceId || (shown.has(p) && (v.get(p.page_id)?.matches(terms) ?? true)));
  }
  const bySpace = new Map<string, SearchHit[]>();
  for (const p of ranked) {
    const list = bySpace.get(p.space_id);
    if (list) list.push(p);
    else bySpace.set(p.space_id, [p]);
  }
  const spaceById = new Map(spaces.map((s) => [s.id, s]));
  const results = [...bySpace.entries()]
    .map(([id, pages]) => ({ id, pages, score: pages[0]!.score }))
    .sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : 1));
  const page = rankedPage(results, (r) => [r.score, r.id], `${scope}:${terms.join(' ')}`, req);
  const found: OrganizationSearch['spaces'] = [];
  for (const r of page.items) {
    // Ancestors from the tree the space's indexes describe (the search rows read above may be newer when the space
    // changed since: those pages fall back to the index, see ancestorsOf).
    const root = await indexedRootHash(ctx, spaceById.get(r.id)!);
    const roots = new Map(root ? [[r.id, root]] : []);
    const v = views.get(r.id);
    const pages = await withSections(ctx, r.pages.slice(0, 20), terms, ranked, roots);
    found.push({ id: r.id, title: spaceById.get(r.id)!.title, score: r.score, pages: v?.size ? onlySeen(pages, v) : pages });
  }
  return { terms, spaces: found, next: page.next, count: results.length };
}

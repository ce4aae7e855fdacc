// Full-text search over the active revision of spaces (db/dialect.ts for the SQL of each database).
//
// The index (kept current by services/content-index.ts) holds, per page, a page row - its title and all its text -
// and one row per section (the intro, then one per heading). A search matches every term against page rows and
// ranks at most SEARCH_CANDIDATES of them (the most recently indexed when a term is very common, so the ranking work
// is bounded), pages through that ranked list with an opaque cursor (grouped by space for organization searches),
// then shows, for the pages of the answer only, their sections that match any of the terms, best first.
import type { components } from '@bindery/api-types';
import type { AppContext } from '../context.js';
import { paginateSorted, type PageRequest } from '../db/pagination.js';
import { searchPages, searchSections, searchTerms, type SearchHit } from '../db/dialect.js';
import { pageAppUrl } from '../presenters/content.js';
import { spaceAccess } from '../policies/space.js';
import { contentIndexRepo } from '../repos/content-index.repo.js';
import { spacesRepo, type SpaceRow } from '../repos/spaces.repo.js';
import type { Actor } from '../services/auth.js';
import { CollectionTree, loadVisibleOrganization, spaceLink } from '../services/content-access.js';
import { ensureIndexed, loadContent } from './content.js';

type PageResult = components['schemas']['SearchPageResult'];
type SpaceResult = components['schemas']['SearchSpaceResult'];

/** How many matching sections are ranked at most per search. */
export const SEARCH_CANDIDATES = 500;
const DEFAULT_SEARCH_LIMIT = 20;
const EXCERPT = 240;


/** A window of `body` around the first term found (whole words, ellipses where cut). */
export function excerpt(body: string, terms: string[]): string {
  const text = body.replace(/\s+/g, ' ').trim();
  if (text.length <= EXCERPT) return text;
  const lower = text.toLowerCase();
  let at = -1;
  for (const t of terms) {
    const i = lower.search(new RegExp(`(^|[^\\p{L}\\p{N}])${t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`, 'u'));
    if (i >= 0 && (at < 0 || i < at)) at = i;
  }
  let start = Math.max(0, at < 0 ? 0 : at - EXCERPT / 3);
  if (start > 0) start = text.indexOf(' ', start) + 1 || start;
  let end = Math.min(text.length, start + EXCERPT);
  if (end < text.length) end = text.lastIndexOf(' ', end) > start ? text.lastIndexOf(' ', end) : end;
  return `${start > 0 ? '…' : ''}${text.slice(start, end)}${end < text.length ? '…' : ''}`;
}

/** Sections shown per page at most. */
const SECTIONS_PER_PAGE = 10;

/** Presents ranked pages (page rows) with their sections that match any term. */
async function present(ctx: AppContext, pages: SearchHit[], terms: string[]): Promise<PageResult[]> {
  const sections = await searchSections(ctx.db, terms, pages.map((p) => ({ spaceId: p.space_id, pageId: p.page_id })), pages.length * SECTIONS_PER_PAGE * 4);
  const byPage = new Map<string, SearchHit[]>();
  for (const s of sections) {
    const key = `${s.space_id}/${s.page_id}`;
    const list = byPage.get(key) ?? [];
    if (list.length < SECTIONS_PER_PAGE) list.push(s);
    byPage.set(key, list);
  }
  return pages.map((p) => {
    const app = pageAppUrl(ctx.config, p.space_id, p.path);
    return {
      id: p.page_id,
      title: p.title,
      path: p.path,
      sections: (byPage.get(`${p.space_id}/${p.page_id}`) ?? []).map((s) => ({
        id: s.seq === 0 ? p.page_id : s.section_id,
        title: s.seq === 0 ? p.title : s.heading,
        path: s.path,
        body: excerpt(s.body, terms),
        urls: { app: s.seq === 0 ? app : `${app}#${s.section_id}` },
      })),
      urls: { app },
    };
  });
}

/** One page of a ranked list: keyset over (score, key), so a cursor survives as long as the ranking does. */
const rankedPage = <T>(items: T[], keyOf: (t: T) => [number, string], scope: string, req: PageRequest) =>
  paginateSorted(items, req, { scope, keyOf, direction: 'desc', ordered: true, defaultLimit: DEFAULT_SEARCH_LIMIT });

export async function searchSpace(ctx: AppContext, actor: Actor, spaceId: string, query: string, req: PageRequest) {
  const sc = await loadContent(ctx, actor, spaceId);
  const terms = searchTerms(query);
  const ranked = await searchPages(ctx.db, terms, [spaceId], SEARCH_CANDIDATES);
  const page = rankedPage(ranked, (p) => [p.score, p.page_id], `search:${spaceId}:${terms.join(' ')}`, req);
  return { items: await present(ctx, page.items, terms), next: page.next, count: ranked.length, revision: sc.content.revision.id };
}

/** The live spaces of the organization the caller may read. */
async function readableSpaces(ctx: AppContext, actor: Actor, orgId: string): Promise<SpaceRow[]> {
  const { subject } = await loadVisibleOrganization(ctx.db, actor, orgId);
  const tree = await CollectionTree.load(ctx.db, orgId);
  const spaces = await spacesRepo.liveInOrganization(ctx.db, orgId);
  return spaces.filter((s) => spaceAccess(subject, s, [spaceLink(s), ...tree.chain(s.parent_id)]).view);
}

export async function searchOrganization(ctx: AppContext, actor: Actor, orgId: string, query: string, req: PageRequest) {
  const spaces = await readableSpaces(ctx, actor, orgId);
  const terms = searchTerms(query);
  if (!terms.length || !spaces.length) return { items: [] as SpaceResult[], count: 0 };
  const indexed = await contentIndexRepo.indexedRevisions(ctx.db, spaces.map((s) => s.id));
  for (const s of spaces) if (indexed.get(s.id) !== s.revision_id) await ensureIndexed(ctx, s);
  const ranked = await searchPages(ctx.db, terms, spaces.map((s) => s.id), SEARCH_CANDIDATES);
  const bySpace = new Map<string, SearchHit[]>();
  for (const p of ranked) bySpace.set(p.space_id, [...(bySpace.get(p.space_id) ?? []), p]);
  const spaceById = new Map(spaces.map((s) => [s.id, s]));
  const results = [...bySpace.entries()]
    .map(([id, pages]) => ({ id, pages, score: pages[0]!.score }))
    .sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : 1));
  const page = rankedPage(results, (r) => [r.score, r.id], `org-search:${orgId}:${terms.join(' ')}`, req);
  const items: SpaceResult[] = [];
  for (const r of page.items) {
    items.push({ type: 'space', id: r.id, title: spaceById.get(r.id)!.title, score: r.score, pages: await present(ctx, r.pages.slice(0, 20), terms) });
  }
  return { items, next: page.next, count: results.length };
}

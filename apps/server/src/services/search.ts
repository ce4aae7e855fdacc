// Full-text search over the active revision of spaces (db/dialect.ts for the SQL of each database).
//
// The index holds one row per section of a page (the page's title and intro, then one per heading), kept current
// by services/content-index.ts. A search ranks at most SEARCH_CANDIDATES matching sections (the most recent ones
// when a term is very common, so the ranking work is bounded), groups them by page (a page scores its best
// section) and by space for organization searches, and pages through that ranked list with an opaque cursor.
import type { components } from '@bindery/api-types';
import type { AppContext } from '../context.js';
import { decodeCursor, encodeCursor, type PageRequest } from '../db/pagination.js';
import { searchCandidates, searchTerms, type SearchCandidate } from '../db/dialect.js';
import { pageAppUrl } from '../presenters/content.js';
import { spaceAccess } from '../policies/space.js';
import type { SpaceRow } from '../repos/spaces.repo.js';
import type { Actor } from './auth.js';
import { CollectionTree, loadVisibleOrganization, spaceLink } from './content-access.js';
import { ensureIndexed, loadContent } from './content.js';

type PageResult = components['schemas']['SearchPageResult'];
type SpaceResult = components['schemas']['SearchSpaceResult'];

/** How many matching sections are ranked at most per search. */
export const SEARCH_CANDIDATES = 1000;
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

interface RankedPage {
  spaceId: string;
  pageId: string;
  score: number;
  sections: SearchCandidate[];
}

function groupPages(candidates: SearchCandidate[]): RankedPage[] {
  const pages = new Map<string, RankedPage>();
  for (const c of candidates) {
    const key = `${c.space_id}/${c.page_id}`;
    const p = pages.get(key) ?? { spaceId: c.space_id, pageId: c.page_id, score: -Infinity, sections: [] };
    p.score = Math.max(p.score, c.score);
    p.sections.push(c);
    pages.set(key, p);
  }
  return [...pages.values()].sort((a, b) => b.score - a.score || (a.pageId < b.pageId ? -1 : 1));
}

function presentPage(ctx: AppContext, p: RankedPage, terms: string[]): PageResult {
  const head = p.sections.find((s) => s.seq === 0);
  const pagePath = (head?.path ?? p.sections[0]!.path).split('#')[0]!;
  const title = head?.title ?? '';
  const sections = [...p.sections].sort((a, b) => b.score - a.score || a.seq - b.seq).map((s) => ({
    id: s.seq === 0 ? p.pageId : s.section_id,
    title: s.seq === 0 ? title : s.heading,
    path: s.path,
    body: excerpt(s.body, terms),
    urls: { app: pageAppUrl(ctx.config, p.spaceId, pagePath) + (s.seq === 0 ? '' : `#${s.section_id}`) },
  }));
  return { id: p.pageId, title, path: pagePath, sections, urls: { app: pageAppUrl(ctx.config, p.spaceId, pagePath) } };
}

/** The page titles of ranked pages found only through other sections (their title row did not match). */
async function fillTitles(ctx: AppContext, pages: RankedPage[]): Promise<Map<string, { title: string; path: string }>> {
  const missing = pages.filter((p) => !p.sections.some((s) => s.seq === 0));
  const out = new Map<string, { title: string; path: string }>();
  if (!missing.length) return out;
  const rows = await ctx.db
    .selectFrom('search_sections').select(['space_id', 'page_id', 'title', 'path'])
    .where('seq', '=', 0)
    .where((eb) => eb.or(missing.map((p) => eb.and([eb('space_id', '=', p.spaceId), eb('page_id', '=', p.pageId)]))))
    .execute();
  for (const r of rows) out.set(`${r.space_id}/${r.page_id}`, { title: r.title, path: r.path });
  return out;
}

async function present(ctx: AppContext, pages: RankedPage[], terms: string[]): Promise<PageResult[]> {
  const titles = await fillTitles(ctx, pages);
  return pages.map((p) => {
    const r = presentPage(ctx, p, terms);
    const t = titles.get(`${p.spaceId}/${p.pageId}`);
    if (t) {
      r.title = t.title;
      r.path = t.path;
      r.urls.app = pageAppUrl(ctx.config, p.spaceId, t.path);
    }
    return r;
  });
}

/** One page of a ranked list: keyset over (score, key), so a cursor survives as long as the ranking does. */
function pageOf<T>(items: T[], key: (t: T) => [number, string], scope: string, req: PageRequest): { items: T[]; next?: string } {
  let rest = items;
  if (req.page) {
    const [score, id] = decodeCursor(scope, req.page);
    const at = items.findIndex((t) => {
      const [s, k] = key(t);
      return s < Number(score) || (s === Number(score) && k > id);
    });
    rest = at < 0 ? [] : items.slice(at);
  }
  const limit = req.limit ?? DEFAULT_SEARCH_LIMIT;
  const page = rest.slice(0, limit);
  const last = page[page.length - 1];
  return { items: page, next: rest.length > limit && last ? encodeCursor(scope, key(last)) : undefined };
}

export async function searchSpace(ctx: AppContext, actor: Actor, spaceId: string, query: string, req: PageRequest) {
  const sc = await loadContent(ctx, actor, spaceId);
  const terms = searchTerms(query);
  const ranked = groupPages(await searchCandidates(ctx.db, terms, [spaceId], SEARCH_CANDIDATES));
  const page = pageOf(ranked, (p) => [p.score, p.pageId], `search:${spaceId}:${terms.join(' ')}`, req);
  return { items: await present(ctx, page.items, terms), next: page.next, count: ranked.length, revision: sc.content.revision.id };
}

/** The live spaces of the organization the caller may read. */
async function readableSpaces(ctx: AppContext, actor: Actor, orgId: string): Promise<SpaceRow[]> {
  const { subject } = await loadVisibleOrganization(ctx.db, actor, orgId);
  const tree = await CollectionTree.load(ctx.db, orgId);
  const spaces = await ctx.db.selectFrom('spaces').selectAll().where('org_id', '=', orgId).where('deleted_at', 'is', null).execute();
  return spaces.filter((s) => spaceAccess(subject, s, [spaceLink(s), ...tree.chain(s.parent_id)]).view);
}

export async function searchOrganization(ctx: AppContext, actor: Actor, orgId: string, query: string, req: PageRequest) {
  const spaces = await readableSpaces(ctx, actor, orgId);
  const terms = searchTerms(query);
  if (!terms.length || !spaces.length) return { items: [] as SpaceResult[], count: 0 };
  const stale = await ctx.db.selectFrom('space_index_state').select(['space_id', 'revision_id']).where('space_id', 'in', spaces.map((s) => s.id)).execute();
  const indexed = new Map(stale.map((r) => [r.space_id, r.revision_id]));
  for (const s of spaces) if (indexed.get(s.id) !== s.revision_id) await ensureIndexed(ctx, s);
  const ranked = groupPages(await searchCandidates(ctx.db, terms, spaces.map((s) => s.id), SEARCH_CANDIDATES));
  const bySpace = new Map<string, RankedPage[]>();
  for (const p of ranked) bySpace.set(p.spaceId, [...(bySpace.get(p.spaceId) ?? []), p]);
  const spaceById = new Map(spaces.map((s) => [s.id, s]));
  const results = [...bySpace.entries()]
    .map(([id, pages]) => ({ id, pages, score: pages[0]!.score }))
    .sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : 1));
  const page = pageOf(results, (r) => [r.score, r.id], `org-search:${orgId}:${terms.join(' ')}`, req);
  const items: SpaceResult[] = [];
  for (const r of page.items) {
    items.push({ type: 'space', id: r.id, title: spaceById.get(r.id)!.title, score: r.score, pages: await present(ctx, r.pages.slice(0, 20), terms) });
  }
  return { items, next: page.next, count: results.length };
}

// Search results (engine/search.ts finds them): GitBook's SearchPageResult and SearchSpaceResult.
import type { components } from '@bindery/api-types';
import type { Config } from '../config.js';
import type { OrganizationSearch, PageHits } from '../engine/index.js';
import { pageAppUrl } from './content.js';

type PageResult = components['schemas']['SearchPageResult'];
type SpaceResult = components['schemas']['SearchSpaceResult'];

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

/** A ranked page with its matching sections (the page's intro is its section 0, named like the page). */
export function presentSearchPage(config: Config, { page: p, sections, rank, ancestors }: PageHits, terms: string[]): PageResult {
  const app = pageAppUrl(config, p.space_id, p.path);
  return {
    id: p.page_id,
    title: p.title,
    // The index keeps a page's description inside its text, not apart: none to show on its own.
    description: '',
    path: p.path,
    score: Math.max(0, p.score),
    rank,
    sections: sections.map((s) => ({
      id: s.seq === 0 ? p.page_id : s.section_id,
      title: s.seq === 0 ? p.title : s.heading,
      path: s.path,
      score: Math.max(0, s.score),
      body: excerpt(s.body, terms),
      urls: { app: s.seq === 0 ? app : `${app}#${s.section_id}` },
    })),
    ancestors,
    urls: { app },
  };
}

export function presentSearchSpace(config: Config, s: OrganizationSearch['spaces'][number], terms: string[]): SpaceResult {
  return { type: 'space', id: s.id, title: s.title, score: s.score, pages: s.pages.map((p) => presentSearchPage(config, p, terms)) };
}

// Site redirects as the published site follows them (and `getSiteRedirectBySource` resolves them): when no page
// answers a path, the live redirect whose source is the path (exactly, else case-insensitively), else the live
// redirect with the longest wildcard source prefixing it, leads to its destination — a section, a site space, a page
// of a site space (its current path) or an external URL — with the part the wildcard matched appended when the
// redirect captures it. A site's live redirects are read once per site version (every change of a redirect bumps it
// in its transaction, so every server process sees the change on its next request).
import type { components } from '@bindery/api-types';
import type { AppContext } from '../context.js';
import { Lru } from '../lib/lru.js';
import { defaultOf, siteSpacesIn } from '../presenters/site.js';
import { redirectsRepo, type RedirectRow } from '../repos/site-links.repo.js';
import type { SiteRow, SiteSpaceRow, SiteStructure, SpaceHead } from '../repos/sites.repo.js';
import { revisionView } from './state.js';

export type RedirectDestination = components['schemas']['SiteRedirectDestination'];

export interface CompiledRedirects {
  exact: Map<string, RedirectRow>;
  lower: Map<string, RedirectRow>;
  /** Wildcard sources, longest prefix first: `prefix` lower-cased and decoded; `slash` for sources ending in `/*`. */
  wild: { prefix: string; slash: boolean; row: RedirectRow }[];
}

export interface RedirectMatch {
  redirect: RedirectRow;
  /** The part of the path the wildcard matched (decoded), '' for an exact match. */
  suffix: string;
}

/** A path with each segment percent-decoded (a malformed escape is kept as written), `//` collapsed, no trailing `/`. */
export function normalizePath(path: string): string {
  const decoded = path.split('/').map((s) => {
    try {
      return decodeURIComponent(s);
    } catch {
      return s;
    }
  }).join('/').replace(/\/{2,}/g, '/');
  return decoded.length > 1 && decoded.endsWith('/') ? decoded.slice(0, -1) : decoded;
}

export function compileRedirects(rows: readonly RedirectRow[]): CompiledRedirects {
  const out: CompiledRedirects = { exact: new Map(), lower: new Map(), wild: [] };
  for (const row of rows) {
    if (row.source.endsWith('*')) {
      const slash = row.source.endsWith('/*');
      out.wild.push({ prefix: normalizePath(row.source.slice(0, slash ? -2 : -1)).toLowerCase(), slash, row });
    } else {
      const path = normalizePath(row.source);
      out.exact.set(path, row);
      if (!out.lower.has(path.toLowerCase())) out.lower.set(path.toLowerCase(), row);
    }
  }
  out.wild.sort((a, b) => b.prefix.length - a.prefix.length || (a.row.source < b.row.source ? -1 : 1));
  return out;
}

/** The redirect a path (relative to the site's base) follows, if any. */
export function matchRedirect(c: CompiledRedirects, rawPath: string): RedirectMatch | undefined {
  const path = normalizePath(rawPath);
  const exact = c.exact.get(path) ?? c.lower.get(path.toLowerCase());
  if (exact) return { redirect: exact, suffix: '' };
  const lower = path.toLowerCase();
  for (const w of c.wild) {
    if (w.slash) {
      // `/docs/*` matches `/docs` and everything below it.
      if (lower === w.prefix) return { redirect: w.row, suffix: '' };
      if (lower.startsWith(`${w.prefix}/`)) return { redirect: w.row, suffix: path.slice(w.prefix.length + 1) };
    } else if (lower.startsWith(w.prefix)) {
      return { redirect: w.row, suffix: path.slice(w.prefix.length) };
    }
  }
  return undefined;
}

const caches = new WeakMap<object, Lru<string, Promise<CompiledRedirects>>>();

/** The live redirects of a site as of its version. */
export function liveRedirects(ctx: AppContext, site: Pick<SiteRow, 'id' | 'version'>): Promise<CompiledRedirects> {
  let lru = caches.get(ctx.db);
  if (!lru) caches.set(ctx.db, (lru = new Lru(500)));
  const key = `${site.id}:${site.version}`;
  const hit = lru.get(key);
  if (hit) return hit;
  const p = redirectsRepo.live(ctx.db, site.id).then(compileRedirects);
  p.catch(() => lru.delete(key));
  lru.set(key, p);
  return p;
}

/** The path of a site space's root relative to the site's base ('' at the base), its section's default and its own. */
export function siteSpacePath(site: SiteRow, s: SiteStructure, ss: SiteSpaceRow): string {
  const section = ss.section_id ? s.sections.find((x) => x.id === ss.section_id) : undefined;
  const sectionPart = section && defaultOf(s.sections, site.default_section_id)?.id !== section.id ? `/${section.path}` : '';
  const def = defaultOf(siteSpacesIn(s, ss.section_id), section ? section.default_site_space_id : site.default_site_space_id);
  return sectionPart + (def?.id === ss.id ? '' : `/${ss.path}`);
}

const encodePath = (path: string) => path.split('/').map(encodeURIComponent).join('/');

/**
 * A redirect's target on this host: a path starting with more than one slash (or backslash) names another host to a
 * browser (`//evil.example/`, `/\\evil.example/`), so the run is kept to one slash.
 */
export const localPath = (path: string): string => path.replace(/^[/\\]{2,}/, '/');

/**
 * The URL a matched redirect leads to, under `base` (the site's URL without its trailing slash) for destinations in
 * the site; undefined when the destination is gone (its section or site space deleted).
 */
export async function redirectTarget(
  ctx: AppContext, site: SiteRow, s: SiteStructure, heads: ReadonlyMap<string, SpaceHead>, m: RedirectMatch, base: string,
): Promise<string | undefined> {
  const d = JSON.parse(m.redirect.destination) as RedirectDestination;
  const suffix = m.redirect.capture_wildcard === 1 && m.suffix ? encodePath(m.suffix) : '';
  const join = (url: string) => {
    if (!suffix) return url;
    if (m.redirect.source.endsWith('/*')) return `${url.replace(/\/$/, '')}/${suffix}`;
    return url.endsWith('/') && suffix.startsWith('/') ? `${url}${suffix.slice(1)}` : `${url}${suffix}`;
  };
  if (d.kind === 'external') {
    if (!suffix) return d.url;
    const u = new URL(d.url);
    u.pathname = join(u.pathname);
    return u.toString();
  }
  let path: string;
  if (d.kind === 'site-section') {
    const section = s.sections.find((x) => x.id === d.siteSectionId);
    if (!section) return undefined;
    path = defaultOf(s.sections, site.default_section_id)?.id === section.id ? '' : `/${section.path}`;
  } else {
    const ss = s.siteSpaces.find((x) => x.id === d.siteSpaceId);
    if (!ss) return undefined;
    path = siteSpacePath(site, s, ss);
    if (d.kind === 'site-page') {
      const head = heads.get(ss.space_id);
      const rev = head && head.deleted_at === null ? await revisionView(ctx, head) : undefined;
      const page = rev?.byId.get(d.pageId);
      // A page that is gone leads to its site space's root.
      if (page) path += `/${encodePath(page.path)}`;
    }
  }
  // On a custom hostname `base` is '': a wildcard's match starting with a slash after the site's root (`/old*` →
  // the root, asked for `/old//evil.example`) must not make `//evil.example`.
  return localPath(join(`${base}${path || '/'}`));
}

// GitBook's searchSiteContent (POST /v1/orgs/{org}/sites/{siteId}/search): full-text search of the spaces a site
// publishes, grouped by space as organization search is (engine/search.ts#searchSpaceList). The scope picks the site
// spaces: `all` (the default), `specific` ones, or `default` - the default site space of each section (of the site's
// root without sections) plus `currentSiteSpace`, `restrictTo` keeping only the current one or only the others;
// GitBook's deprecated forms (`siteSpaceIds`, `mode: current` with `siteSpaceId`, `mode: all`) are accepted too.
// Who may search: whoever reads the site (docs/sites.md). Which spaces are searched: those of the chosen site spaces
// the caller may read, and, when the site is published and public or unlisted, those its visitors see (anyone reads
// them there: not those of sections or site spaces a condition hides from a visitor without claims).
import { visibleSpaceIds } from '../site/resolve.js';
import { warmSiteSearch } from '../site/search-warmers.js';
import type { AppContext } from '../context.js';
import type { PageRequest } from '../db/pagination.js';
import { invalidField } from '../errors.js';
import { searchSpaceList } from '../engine/index.js';
import { spaceAccess } from '../policies/space.js';
import { defaultOf, liveStructure, siteSpacesIn } from '../presenters/site.js';
import { sitesRepo, type SiteSpaceRow } from '../repos/sites.repo.js';
import { spacesRepo } from '../repos/spaces.repo.js';
import type { Actor } from './auth.js';
import { CollectionTree, loadSubject, spaceLink } from './content-access.js';
import { loadSiteForReaders } from './sites.js';

export interface SiteSearchBody {
  query: string;
  scope?: { mode: 'default' | 'specific' | 'all'; currentSiteSpace?: string; restrictTo?: 'currentSiteSpace' | 'otherSiteSpaces'; siteSpaceIds?: string[] };
  mode?: 'specific' | 'current' | 'all';
  siteSpaceIds?: string[];
  siteSpaceId?: string;
}

export async function searchSite(ctx: AppContext, actor: Actor, orgId: string, siteId: string, body: SiteSearchBody, req: PageRequest) {
  const { site, permissions } = await loadSiteForReaders(ctx, actor, orgId, siteId);
  // Who reads the site only because it is published and open reads what is live (no drafts); its readers, all of it.
  const all = await sitesRepo.structure(ctx.db, site.id);
  const s = permissions.view ? all : liveStructure(all);
  const byId = new Map(s.siteSpaces.map((ss) => [ss.id, ss]));
  const pick = (ids: readonly string[], field: string): SiteSpaceRow[] => ids.map((id, i) => {
    const ss = byId.get(id);
    if (!ss) throw invalidField(`${field}/${i}`, 'is not a site space of this site');
    return ss;
  });
  // The default site space of each section (or of the site's root).
  const defaults = () => (s.sections.length
    ? s.sections.map((section) => defaultOf(siteSpacesIn(s, section.id), section.default_site_space_id))
    : [defaultOf(siteSpacesIn(s, null), site.default_site_space_id)]).filter((ss): ss is SiteSpaceRow => !!ss);

  let chosen: SiteSpaceRow[];
  const scope = body.scope ?? (body.mode === 'current' ? { mode: 'default' as const, currentSiteSpace: body.siteSpaceId }
    : body.siteSpaceIds ? { mode: 'specific' as const, siteSpaceIds: body.siteSpaceIds } : { mode: 'all' as const });
  const scopeField = body.scope ? '/body/scope' : '/body';
  if (scope.mode === 'all') chosen = s.siteSpaces;
  else if (scope.mode === 'specific') {
    if (!scope.siteSpaceIds?.length) throw invalidField(`${scopeField}/siteSpaceIds`, 'must name at least one site space');
    chosen = pick(scope.siteSpaceIds, `${scopeField}/siteSpaceIds`);
  } else {
    const current = scope.currentSiteSpace !== undefined ? pick([scope.currentSiteSpace], body.scope ? '/body/scope/currentSiteSpace' : '/body/siteSpaceId')[0]! : undefined;
    if (scope.restrictTo && !current) throw invalidField('/body/scope/restrictTo', 'needs currentSiteSpace');
    const others = defaults().filter((ss) => ss.id !== current?.id);
    chosen = scope.restrictTo === 'currentSiteSpace' ? [current!] : scope.restrictTo === 'otherSiteSpaces' ? others : [...(current ? [current] : []), ...others];
  }

  const open = site.published === 1 && (site.visibility === 'public' || site.visibility === 'unlisted');
  // Anyone reads an open site as its visitors do: without claims, a section or site space hidden by its condition
  // is not there (site/resolve.ts), nor is a draft, so its space is searched only for callers who read it themselves.
  const visitorSees = open ? new Set(visibleSpaceIds(liveStructure(all), {})) : new Set<string>();
  const subject = await loadSubject(ctx.db, actor, site.org_id);
  const tree = await CollectionTree.load(ctx.db, site.org_id);
  const spaces = [];
  // Spaces searched only as the site's visitors read them: not the pages a page condition hides from a visitor
  // without claims (as the published site's own search).
  // (and pages with `{% if %}` blocks as that visitor sees them).
  const visitors = new Map<string, Record<string, unknown>>();
  for (const spaceId of new Set(chosen.map((ss) => ss.space_id))) {
    const space = await spacesRepo.findById(ctx.db, spaceId);
    if (!space || space.deleted_at) continue;
    if (spaceAccess(subject, space, [spaceLink(space), ...tree.chain(space.parent_id)]).view) spaces.push(space);
    else if (visitorSees.has(space.id)) {
      spaces.push(space);
      visitors.set(space.id, {});
    }
  }
  const key = `site-search:${site.id}:${chosen.map((ss) => ss.id).sort().join(',')}:${spaces.map((x) => (visitors.has(x.id) ? `${x.id}~` : x.id)).join(',')}`;
  return searchSpaceList(ctx, spaces, body.query, req, key, visitors);
}

/**
 * prewarmSiteSearch: builds, in this server process, the published site's search index of every space the site
 * publishes (site/router.ts: what `~search` builds at its first query for each published revision), so the first
 * searches do not wait for it. Whoever may read the site.
 */
export async function prewarmSiteSearch(ctx: AppContext, actor: Actor, orgId: string, siteId: string) {
  const { site } = await loadSiteForReaders(ctx, actor, orgId, siteId);
  return warmSiteSearch(ctx, site.id);
}

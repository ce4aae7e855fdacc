// Where a path of a published site leads, for a visitor: the section (when the site has sections; the default one
// is at the site's base), the site space (the default one of its container is at the container's base) and the rest
// of the path (the page). Sections and site spaces whose condition is false for the visitor's claims do not exist
// for them. Shared by the published site (site/router.ts) and the URL lookup (services/site-lookup.ts).
import { defaultOf, siteSpacesIn } from '../presenters/site.js';
import type { SectionRow, SiteRow, SiteSpaceRow, SiteStructure } from '../repos/sites.repo.js';
import { evaluateCondition, type Claims } from './conditions.js';

export interface Resolved {
  /** The sections the visitor sees. */
  sections: SectionRow[];
  section?: SectionRow;
  /** The site spaces of the section (or the site's root) the visitor sees. */
  siteSpaces: SiteSpaceRow[];
  siteSpace: SiteSpaceRow;
  /** URL of the site space's root, and of its section's (no trailing slash). */
  spaceBase: string;
  sectionBase: string;
  /** Whether the section and the site space were named by the path (not taken as the defaults). */
  namedSection: boolean;
  namedSiteSpace: boolean;
  rest: string[];
}

export const visible = (condition: string | null | undefined, claims: Claims) =>
  condition === null || condition === undefined || condition.trim() === '' || evaluateCondition(condition, { visitor: { claims } });

/**
 * The spaces of the site spaces a visitor with `claims` may reach (`visibleStructure`) — what a site API token of
 * theirs may read (services/site-lookup.ts).
 */
export function visibleSpaceIds(s: SiteStructure, claims: Claims): string[] {
  return [...new Set(visibleStructure(s, claims).siteSpaces.map((ss) => ss.space_id))];
}

/**
 * The sections a visitor with `claims` sees, and the site spaces they may reach: those of the visible sections (of the
 * site's root when it has none) whose own condition holds.
 */
export function visibleStructure(s: SiteStructure, claims: Claims): Pick<SiteStructure, 'sections' | 'siteSpaces'> {
  const sections = s.sections.filter((x) => visible(x.condition, claims));
  const containers = new Set<string | null>(s.sections.length ? sections.map((x) => x.id) : [null]);
  return { sections, siteSpaces: s.siteSpaces.filter((ss) => containers.has(ss.section_id) && visible(ss.condition, claims)) };
}

/** The path's section, site space and rest, under `base` (the site's URL prefix); undefined when the site has none. */
export function resolveInSite(site: SiteRow, s: SiteStructure, base: string, segments: readonly string[], claims: Claims): Resolved | undefined {
  const sections = s.sections.filter((x) => visible(x.condition, claims));
  const defaultSection = defaultOf(sections, site.default_section_id);
  let rest = [...segments];
  let section: SectionRow | undefined;
  let sectionBase = base;
  let namedSection = false;
  if (s.sections.length) {
    const named = sections.find((x) => x.id !== defaultSection?.id && x.path === rest[0]);
    section = named ?? defaultSection;
    if (!section) return undefined;
    if (named) {
      rest = rest.slice(1);
      sectionBase = `${base}/${named.path}`;
      namedSection = true;
    }
  }
  const siteSpaces = siteSpacesIn(s, section?.id ?? null).filter((ss) => visible(ss.condition, claims));
  const defaultSpace = defaultOf(siteSpaces, section ? section.default_site_space_id : site.default_site_space_id);
  const named = siteSpaces.find((ss) => ss.id !== defaultSpace?.id && ss.path === rest[0]);
  const siteSpace = named ?? defaultSpace;
  if (!siteSpace) return undefined;
  if (named) rest = rest.slice(1);
  return {
    sections, ...(section ? { section } : {}), siteSpaces, siteSpace, spaceBase: named ? `${sectionBase}/${named.path}` : sectionBase, sectionBase,
    namedSection, namedSiteSpace: named !== undefined, rest,
  };
}

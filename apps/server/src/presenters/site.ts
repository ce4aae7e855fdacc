// Sites, sections, section groups, site spaces and the published site profile to JSON.
import type { components } from '@bindery/api-types';
import type { Config } from '../config.js';
import type { SitePermissions } from '../policies/site.js';
import type { ExternalLinkRow, SectionGroupRow, SectionRow, SiteRow, SiteSpaceRow, SiteStructure } from '../repos/sites.repo.js';
import { isPlainObject } from '../lib/objects.js';
import type { RedirectRow, ShareLinkRow } from '../repos/site-links.repo.js';
import type { PageFeedbackRow } from '../repos/site-feedback.repo.js';

type SiteJson = components['schemas']['Site'];
type SectionJson = components['schemas']['SiteSection'];
type GroupJson = components['schemas']['SiteSectionGroup'];
type ExternalLinkJson = components['schemas']['SiteExternalLink'];

/** GitBook's SiteExternalLink. */
export function presentExternalLink(l: ExternalLinkRow): ExternalLinkJson {
  return {
    object: 'site-external-link',
    id: l.id,
    title: l.title,
    ...(l.description !== null ? { description: l.description } : {}),
    ...(l.icon !== null ? { icon: l.icon } : {}),
    url: l.url,
    ...(l.group_id ? { sectionGroup: l.group_id } : {}),
    draft: l.draft === 1,
    ...(l.condition !== null ? { condition: l.condition } : {}),
  };
}

/** Which external links a level of the navigation shows: all (the API's reads), or the live ones (the published structure). */
export interface LevelOptions {
  drafts: boolean;
}
type SiteSpaceJson = components['schemas']['SiteSpace'];
type SpaceJson = components['schemas']['Space'];

export const siteLocation = (config: Config, site: Pick<SiteRow, 'org_id' | 'id'>) => `${config.publicUrl}/v1/orgs/${site.org_id}/sites/${site.id}`;

/** Where readers find the site: its custom hostname when it has one, else `/sites/{siteId}` on this server. */
export function publishedBase(config: Config, site: Pick<SiteRow, 'id' | 'hostname'>): string {
  if (site.hostname) return `${new URL(config.publicUrl).protocol}//${site.hostname}`;
  return `${config.publicUrl}/sites/${site.id}`;
}

export function presentSite(config: Config, site: SiteRow, siteSpaces: number, permissions: SitePermissions): SiteJson {
  return {
    object: 'site',
    id: site.id,
    type: site.type as SiteJson['type'],
    appliedType: site.type as SiteJson['type'],
    title: site.title,
    icon: null,
    ...(site.hostname ? { hostname: site.hostname } : {}),
    basename: site.basename,
    ...(site.proxy ? { proxy: JSON.parse(site.proxy) as NonNullable<SiteJson['proxy']> } : {}),
    visibility: site.visibility as SiteJson['visibility'],
    // Sites have no roles of their own: members have their organization role.
    defaultLevel: 'inherit',
    published: site.published === 1,
    siteSpaces,
    createdAt: site.created_at,
    adaptiveContent: { enabled: site.adaptive_content === 1 },
    ads: { status: 'pending', submittable: false },
    agentsContext: site.agents_context as NonNullable<SiteJson['agentsContext']>,
    features: [],
    permissions,
    urls: {
      location: siteLocation(config, site),
      app: `${config.appUrl}/o/${site.org_id}/sites/${site.id}`,
      ...(site.published === 1 ? { published: `${publishedBase(config, site)}/` } : {}),
      preview: `${config.publicUrl}/sites/${site.id}/?preview=1`,
    },
  };
}

/** The default of a list: the one stored when it is still there, else the first. */
export function defaultOf<T extends { id: string }>(items: readonly T[], stored: string | null): T | undefined {
  return items.find((i) => i.id === stored) ?? items[0];
}

/** Site spaces of a container (a section, or the site's root when `sectionId` is null), in order. */
export const siteSpacesIn = (s: SiteStructure, sectionId: string | null) => s.siteSpaces.filter((ss) => ss.section_id === sectionId);

/**
 * What of a structure is live (GitBook's drafts left out): the sections that are not drafts, and the site spaces
 * that are not drafts and are not in a draft section. What the published site, its profile and the URLs it resolves
 * read; the API's structure reads show everything with `draft`.
 */
export function liveStructure(s: SiteStructure): SiteStructure {
  if (!s.sections.some((x) => x.draft === 1) && !s.siteSpaces.some((x) => x.draft === 1)) return s;
  const sections = s.sections.filter((x) => x.draft !== 1);
  const live = new Set(sections.map((x) => x.id));
  return { ...s, sections, siteSpaces: s.siteSpaces.filter((ss) => ss.draft !== 1 && (ss.section_id === null || live.has(ss.section_id))) };
}

export interface StructureView {
  site: SiteRow;
  structure: SiteStructure;
  /** Space JSON per space id, as the caller may see it. */
  spaces: ReadonlyMap<string, SpaceJson>;
}

function sectionBase(config: Config, v: StructureView, section: SectionRow | undefined): string {
  const base = publishedBase(config, v.site);
  if (!section) return base;
  return defaultOf(v.structure.sections, v.site.default_section_id)?.id === section.id ? base : `${base}/${section.path}`;
}

export function presentSiteSpace(config: Config, v: StructureView, ss: SiteSpaceRow): SiteSpaceJson {
  const section = ss.section_id ? v.structure.sections.find((s) => s.id === ss.section_id) : undefined;
  const container = siteSpacesIn(v.structure, ss.section_id);
  const stored = section ? section.default_site_space_id : v.site.default_site_space_id;
  const isDefault = defaultOf(container, stored)?.id === ss.id;
  const space = v.spaces.get(ss.space_id);
  const base = sectionBase(config, v, section);
  return {
    object: 'site-space',
    id: ss.id,
    path: ss.path,
    ...(ss.section_id ? { section: ss.section_id } : {}),
    space: space!,
    title: space?.title ?? '',
    default: isDefault,
    draft: ss.draft === 1,
    hidden: ss.hidden === 1,
    ...(ss.condition !== null ? { condition: ss.condition } : {}),
    hasAdvancedCustomizationFeature: false,
    urls: v.site.published === 1 ? { published: isDefault ? `${base}/` : `${base}/${ss.path}/` } : {},
  };
}

export function presentSection(config: Config, v: StructureView, section: SectionRow): SectionJson {
  const isDefault = defaultOf(v.structure.sections, v.site.default_section_id)?.id === section.id;
  return {
    object: 'site-section',
    id: section.id,
    title: section.title,
    ...(section.description !== null ? { description: section.description } : {}),
    default: isDefault,
    draft: section.draft === 1,
    path: section.path,
    ...(section.condition !== null ? { condition: section.condition } : {}),
    ...(section.group_id ? { sectionGroup: section.group_id } : {}),
    siteSpaces: siteSpacesIn(v.structure, section.id).map((ss) => presentSiteSpace(config, v, ss)),
    urls: v.site.published === 1 ? { published: `${sectionBase(config, v, section)}/` } : {},
    ...(section.icon !== null ? { icon: section.icon } : {}),
  };
}

export function presentGroup(config: Config, v: StructureView, group: SectionGroupRow, opts: LevelOptions = { drafts: true }): GroupJson {
  const children = structureLevel(config, v, group.id, opts);
  return {
    object: 'site-section-group',
    id: group.id,
    title: group.title,
    ...(group.parent_id ? { sectionGroup: group.parent_id } : {}),
    draft: false,
    sections: children.filter((c): c is SectionJson => c.object === 'site-section'),
    children,
    ...(group.icon !== null ? { icon: group.icon } : {}),
  };
}

/** The sections and groups of one level of the navigation (the site's root when `groupId` is null), in order. */
export function structureLevel(config: Config, v: StructureView, groupId: string | null, opts: LevelOptions = { drafts: true }): (SectionJson | GroupJson | ExternalLinkJson)[] {
  const items: { sort: string; json: () => SectionJson | GroupJson | ExternalLinkJson }[] = [
    ...v.structure.sections.filter((s) => s.group_id === groupId).map((s) => ({ sort: s.sort_key, json: () => presentSection(config, v, s) })),
    ...v.structure.groups.filter((g) => g.parent_id === groupId).map((g) => ({ sort: g.sort_key, json: () => presentGroup(config, v, g, opts) })),
    ...(v.structure.externalLinks ?? []).filter((l) => l.group_id === groupId && (opts.drafts || l.draft === 0)).map((l) => ({ sort: l.sort_key, json: () => presentExternalLink(l) })),
  ];
  return items.sort((a, b) => (a.sort < b.sort ? -1 : a.sort > b.sort ? 1 : 0)).map((i) => i.json());
}

/**
 * The navigation of a site (GitBook's SiteStructure; the published profile's `structure` and getSiteStructure): its
 * sections and groups in order, or its site spaces when it has no sections.
 */
export function presentStructure(config: Config, all: StructureView): components['schemas']['SiteStructure'] {
  // What is live: draft sections and site spaces are left out (as draft external links are, below).
  const v = { ...all, structure: liveStructure(all.structure) };
  return v.structure.sections.length
    ? { type: 'sections', structure: structureLevel(config, v, null, { drafts: false }) }
    : { type: 'siteSpaces', structure: siteSpacesIn(v.structure, null).map((ss) => presentSiteSpace(config, v, ss)) };
}

type Customization = components['schemas']['SiteCustomization'];

/**
 * GitBook's defaults of every customization setting its API requires (SiteCustomizationSettings): what a site
 * answers for a setting nobody has set.
 */
const CUSTOMIZATION_DEFAULTS = {
  styling: {
    theme: 'clean',
    primaryColor: { light: '#346DDB', dark: '#346DDB' },
    infoColor: { light: '#787878', dark: '#787878' },
    successColor: { light: '#00C950', dark: '#00D492' },
    warningColor: { light: '#FE9A00', dark: '#E17100' },
    dangerColor: { light: '#FB2C36', dark: '#FF6467' },
    corners: 'rounded',
    depth: 'subtle',
    links: 'default',
    font: 'Inter',
    monospaceFont: 'IBMPlexMono',
    codeTheme: { default: { light: 'default-light', dark: 'default-dark' }, openapi: { light: 'default-light', dark: 'default-dark' } },
    background: 'plain',
    icons: 'regular',
    sidebar: { background: 'default', list: 'default' },
    search: 'subtle',
  },
  internationalization: { locale: 'en' },
  favicon: {},
  header: { preset: 'default', links: [] },
  footer: { groups: [] },
  themes: { default: 'light', toggeable: true },
  feedback: { enabled: false },
  ai: { mode: 'none' },
  advancedCustomization: { enabled: true },
  trademark: { enabled: true },
  externalLinks: { target: 'self' },
  pagination: { enabled: true },
  pageActions: { externalAI: true, markdown: true, mcp: false },
  privacyPolicy: {},
  socialPreview: {},
  socialAccounts: [],
  insights: { trackingCookie: true },
};


/** `value` with every setting it lacks taken from `defaults`, object by object (arrays and scalars are values). */
function withDefaults(defaults: Record<string, unknown>, value: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...defaults, ...value };
  for (const [k, d] of Object.entries(defaults)) {
    if (isPlainObject(d) && isPlainObject(value[k])) out[k] = withDefaults(d, value[k]);
  }
  return out;
}

const PAGE_ACTION_FLAGS = { externalAI: 'external-ai', markdown: 'markdown', mcp: 'mcp' } as const;

/**
 * A customization as answered: every setting GitBook's API requires, defaults for those not set, header items with
 * their `links`, and page actions in both spellings — the seed's flags (`externalAI`, `markdown`, `mcp`) and GitBook's
 * `items` — whichever was given (`items` wins when both are); without `items`, `pdf` is one of them.
 */
export function completeCustomization(c: Customization): Customization {
  const out = withDefaults(CUSTOMIZATION_DEFAULTS, c as unknown as Record<string, unknown>) as unknown as Customization;
  out.header = { ...out.header, links: out.header.links.map((l) => ({ ...l, links: l.links ?? [] })) };
  const given = (c.pageActions ?? {}) as { items?: string[]; externalAI?: boolean; markdown?: boolean; mcp?: boolean };
  const flags = Object.fromEntries(Object.entries(PAGE_ACTION_FLAGS).map(([flag, item]) => [
    flag, given.items ? given.items.includes(item) : (given[flag as keyof typeof PAGE_ACTION_FLAGS] ?? CUSTOMIZATION_DEFAULTS.pageActions[flag as keyof typeof PAGE_ACTION_FLAGS]),
  ])) as Record<keyof typeof PAGE_ACTION_FLAGS, boolean>;
  // `items` as given (their order kept, so that answering an answered customization changes nothing: a GET's body
  // PUT back is no change); without them, the flags' items and the published site's PDF (`~gitbook/pdf`): Bindery's
  // default (GitBook's is off).
  const items = given.items ? [...new Set(given.items)] : [...Object.entries(PAGE_ACTION_FLAGS).filter(([f]) => flags[f as keyof typeof flags]).map(([, i]) => i), 'pdf'];
  out.pageActions = { ...flags, items } as Customization['pageActions'];
  if (out.announcement) out.announcement = { message: '', style: 'info', ...out.announcement };
  return out;
}

/** GitBook's default customization of a site, titled after it (until one is set with PUT …/customization). */
export function defaultCustomization(site: SiteRow): Customization {
  return completeCustomization({ title: site.title } as Customization);
}

type ShareLinkJson = components['schemas']['ShareLink'];
type RedirectJson = components['schemas']['SiteRedirect'];

/** A share link: its key shows only inside `urls.published`, as GitBook shows it. */
export function presentShareLink(config: Config, site: Pick<SiteRow, 'id' | 'hostname'>, row: ShareLinkRow): ShareLinkJson {
  return {
    object: 'share-link',
    id: row.id,
    createdAt: row.created_at,
    name: row.name,
    active: row.active === 1,
    urls: { published: `${publishedBase(config, site)}/?share=${encodeURIComponent(row.key)}` },
  };
}

/** A visitor's rating of a published page (`listSitePageFeedback`). */
export function presentPageFeedback(row: PageFeedbackRow): components['schemas']['SitePageFeedback'] {
  return {
    object: 'page-feedback', id: row.id, siteSpace: row.site_space_id, space: row.space_id, page: row.page_id,
    rating: row.rating as components['schemas']['PageFeedbackRating'],
    ...(row.comment !== null ? { comment: row.comment } : {}),
    createdAt: row.created_at,
    ...(row.commented_at !== null ? { commentedAt: row.commented_at } : {}),
  };
}

export function presentRedirect(row: RedirectRow): RedirectJson {
  return {
    object: 'site-redirect',
    id: row.id,
    source: row.source,
    draft: row.draft === 1,
    captureWildcard: row.capture_wildcard === 1,
    permanent: row.permanent === 1,
    destination: JSON.parse(row.destination) as RedirectJson['destination'],
    createdAt: row.created_at,
    ...(row.updated_at ? { updatedAt: row.updated_at } : {}),
  };
}

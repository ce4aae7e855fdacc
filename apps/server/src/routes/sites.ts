// Sites, sections, section groups, site spaces, adaptive schema and the published site profile: parse, call the
// service, present.
import type { components } from '@bindery/api-types';
import type { AppContext } from '../context.js';
import { listBody, paginateSorted } from '../db/pagination.js';
import { handlers } from '../http/operations.js';
import { getSitePublishingPreview } from '../services/site-preview.js';
import { conflict } from '../errors.js';
import { defaultOf, presentExternalLink, presentGroup, presentSection, presentSite, presentSiteSpace, presentStructure, siteLocation, siteSpacesIn, structureLevel, type StructureView } from '../presenters/site.js';
import type { Actor } from '../services/auth.js';
import * as sites from '../services/sites.js';
import * as permissions from '../services/permissions.js';
import { presentUserPermission } from '../presenters/user.js';
import { presentTeamPermission } from '../presenters/team.js';

type Position = NonNullable<NonNullable<{ position?: unknown }['position']>>;

async function siteBody(ctx: AppContext, actor: Actor, orgId: string, siteId: string) {
  const l = await sites.getSite(ctx, actor, orgId, siteId);
  return presentSite(ctx.config, l.site, l.siteSpaces, l.permissions);
}

async function view(ctx: AppContext, actor: Actor, orgId: string, siteId: string, shareKey?: string) {
  return sites.loadSiteView(ctx, actor, orgId, siteId, shareKey);
}

const keyed = <T extends { id: string }>(v: StructureView, list: T[], scope: string) =>
  list.map((item, i) => ({ item, key: [String(i).padStart(6, '0'), item.id] as [string, string], scope: `${scope}:${v.site.id}` }));


/** The site a permission operation addresses. */
const siteTarget = (p: { organizationId: string; siteId: string }) => ({ kind: 'site' as const, orgId: p.organizationId, id: p.siteId });

export const siteHandlers = handlers({
  getCustomHostname: async ({ actor, params }, ctx) => {
    const site = await sites.getCustomHostname(ctx, actor, params.hostname);
    return {
      status: 200,
      body: {
        object: 'custom-hostname' as const, hostname: site.hostname!, target: { type: 'site' as const, site: site.id }, isActive: site.published === 1,
        urls: { location: `${ctx.config.publicUrl}/v1/custom-hostnames/${site.hostname}` },
      },
    };
  },
  dnsRevalidateCustomHostname: async ({ actor, params }, ctx) => {
    await sites.revalidateCustomHostname(ctx, actor, params.hostname);
    return { status: 204, body: undefined };
  },
  removeCustomHostname: async ({ actor, params }, ctx) => {
    await sites.removeCustomHostname(ctx, actor, params.hostname);
    return { status: 204, body: undefined };
  },
  inviteToSite: async ({ actor, params, body }, ctx) => {
    await permissions.inviteToSite(ctx, actor, params.organizationId, params.siteId, body);
    return { status: 204, body: undefined };
  },
  listUserPermissionsInSite: async ({ actor, params, query }, ctx) => {
    const page = await permissions.listUserPermissions(ctx, actor, siteTarget(params), query);
    return { status: 200, body: listBody(page.items.map((i) => presentUserPermission(ctx.config, i.permission, i.user, page.showEmails)), page) };
  },
  updateUserPermissionInSite: async ({ actor, params, body }, ctx) => {
    await permissions.setPermission(ctx, actor, siteTarget(params), 'user', params.userId, body.role);
    return { status: 204, body: undefined };
  },
  removeUserFromSite: async ({ actor, params }, ctx) => {
    await permissions.removePermission(ctx, actor, siteTarget(params), 'user', params.userId);
    return { status: 204, body: undefined };
  },
  listTeamPermissionsInSite: async ({ actor, params, query }, ctx) => {
    const page = await permissions.listTeamPermissions(ctx, actor, siteTarget(params), query);
    return { status: 200, body: listBody(page.items.map((i) => presentTeamPermission(i.permission, i.team.team, i.team.counts, i.team.permissions)), page) };
  },
  updateTeamPermissionInSite: async ({ actor, params, body }, ctx) => {
    await permissions.setPermission(ctx, actor, siteTarget(params), 'team', params.teamId, body.role);
    return { status: 204, body: undefined };
  },
  removeTeamFromSite: async ({ actor, params }, ctx) => {
    await permissions.removePermission(ctx, actor, siteTarget(params), 'team', params.teamId);
    return { status: 204, body: undefined };
  },
  listPermissionsAggregateInSite: async ({ actor, params, query }, ctx) => {
    const page = await permissions.listSitePermissionsAggregate(ctx, actor, params.organizationId, params.siteId, query);
    const items = page.items.map((i) => ({
      ...presentUserPermission(ctx.config, i.permission, i.user, page.showEmails),
      origin: i.origin,
      disabled: i.member.disabled === 1,
      ...(i.member.last_seen_at ? { lastSeenAt: i.member.last_seen_at } : {}),
    }));
    return { status: 200, body: listBody(items, page) };
  },

  listSites: async ({ actor, params, query }, ctx) => {
    const r = await sites.listSites(ctx, actor, params.organizationId, query);
    const page = paginateSorted(r.sites, query, { scope: `sites:${params.organizationId}:${query.space ?? ''}:${query.title ?? ''}:${query.published ?? ''}:${(query.type ?? []).join(',')}`, keyOf: (s) => [s.created_at, s.id] });
    return { status: 200, body: listBody(page.items.map((s) => presentSite(ctx.config, s, r.counts.get(s.id) ?? 0, r.permissionsOf(s.id))), page) };
  },

  createSite: async ({ actor, params, body }, ctx) => {
    const id = await sites.createSite(ctx, actor, params.organizationId, body ?? {});
    const site = await siteBody(ctx, actor, params.organizationId, id);
    return { status: 201, body: site, headers: { Location: site.urls.location } };
  },

  getSiteById: async ({ actor, params }, ctx) => ({ status: 200, body: await siteBody(ctx, actor, params.organizationId, params.siteId) }),

  updateSiteById: async ({ actor, params, body }, ctx) => {
    await sites.updateSite(ctx, actor, params.organizationId, params.siteId, body);
    return { status: 200, body: await siteBody(ctx, actor, params.organizationId, params.siteId) };
  },

  deleteSiteById: async ({ actor, params }, ctx) => {
    await sites.deleteSite(ctx, actor, params.organizationId, params.siteId);
    return { status: 204, body: undefined };
  },

  publishSite: async ({ actor, params }, ctx) => {
    await sites.setPublished(ctx, actor, params.organizationId, params.siteId, true);
    return { status: 200, body: await siteBody(ctx, actor, params.organizationId, params.siteId) };
  },

  unpublishSite: async ({ actor, params }, ctx) => {
    await sites.setPublished(ctx, actor, params.organizationId, params.siteId, false);
    return { status: 200, body: await siteBody(ctx, actor, params.organizationId, params.siteId) };
  },

  getSiteVisitorAuth: async ({ actor, params }, ctx) => ({ status: 200, body: await sites.getVisitorAuth(ctx, actor, params.organizationId, params.siteId) }),

  getSitePublishingPreviewById: async ({ actor, params, query }, ctx) => ({ status: 200, body: await getSitePublishingPreview(ctx, actor, params.organizationId, params.siteId, query) }),
  getSitePublishingAuthById: async ({ actor, params }, ctx) => ({ status: 200, body: sites.presentPublishingAuth(await sites.getVisitorAuth(ctx, actor, params.organizationId, params.siteId)) }),

  updateSitePublishingAuthById: async ({ actor, params, body }, ctx) =>
    ({ status: 200, body: sites.presentPublishingAuth(await sites.updateVisitorAuth(ctx, actor, params.organizationId, params.siteId, { fallbackURL: body.fallbackURL })) }),

  regenerateSitePublishingAuthById: async ({ actor, params }, ctx) =>
    ({ status: 200, body: sites.presentPublishingAuth(await sites.updateVisitorAuth(ctx, actor, params.organizationId, params.siteId, { rotateKey: true })) }),

  updateSiteVisitorAuth: async ({ actor, params, body }, ctx) => ({ status: 200, body: await sites.updateVisitorAuth(ctx, actor, params.organizationId, params.siteId, body) }),

  getSiteCustomizationById: async ({ actor, params }, ctx) => ({ status: 200, body: await sites.getCustomization(ctx, actor, params.organizationId, params.siteId) }),

  updateSiteCustomizationById: async ({ actor, params, body }, ctx) => ({ status: 200, body: await sites.putCustomization(ctx, actor, params.organizationId, params.siteId, body) }),

  getSiteSpaceCustomizationById: async ({ actor, params }, ctx) => ({
    status: 200, body: await sites.getSiteSpaceCustomization(ctx, actor, params.organizationId, params.siteId, params.siteSpaceId),
  }),

  overrideSiteSpaceCustomizationById: async ({ actor, params, body }, ctx) => {
    await sites.overrideSiteSpaceCustomization(ctx, actor, params.organizationId, params.siteId, params.siteSpaceId, body);
    return { status: 200, body: await sites.getSiteSpaceCustomization(ctx, actor, params.organizationId, params.siteId, params.siteSpaceId) };
  },

  deleteSiteSpaceCustomizationById: async ({ actor, params }, ctx) => {
    await sites.overrideSiteSpaceCustomization(ctx, actor, params.organizationId, params.siteId, params.siteSpaceId, null);
    return { status: 204, body: undefined };
  },

  getSiteAdaptiveSchema: async ({ actor, params }, ctx) => ({ status: 200, body: await sites.getAdaptiveSchema(ctx, actor, params.organizationId, params.siteId) }),

  updateSiteAdaptiveSchema: async ({ actor, params, body }, ctx) => ({
    status: 200, body: await sites.putAdaptiveSchema(ctx, actor, params.organizationId, params.siteId, body.jsonSchema) as components['schemas']['SiteAdaptiveSchema'],
  }),

  listSiteAdaptiveTemplateConditions: async ({ actor, params }, ctx) => ({ status: 200, body: await sites.templateConditions(ctx, actor, params.organizationId, params.siteId) }),

  getSiteStructure: async ({ actor, params, query }, ctx) => ({
    status: 200, body: presentStructure(ctx.config, await view(ctx, actor, params.organizationId, params.siteId, query.shareKey)),
  }),

  getPublishedContentSite: async ({ actor, params, query }, ctx) => {
    const v = await view(ctx, actor, params.organizationId, params.siteId, query.shareKey);
    const count = v.structure.siteSpaces.length;
    const structure = presentStructure(ctx.config, v);
    return {
      status: 200,
      body: {
        object: 'published-content-site' as const,
        site: presentSite(ctx.config, v.site, count, v.permissions),
        structure,
        customizations: {
          site: sites.siteCustomization(v.site),
          siteSpaces: Object.fromEntries(v.structure.siteSpaces.filter((ss) => ss.customization !== null).map((ss) => [ss.id, sites.siteSpaceCustomization(v.site, ss)])),
        },
        scripts: [],
      },
    };
  },

  // Sections
  listSiteSections: async ({ actor, params, query }, ctx) => {
    const v = await view(ctx, actor, params.organizationId, params.siteId, query.shareKey);
    const page = paginateSorted(keyed(v, v.structure.sections, 'sections'), query, { scope: `sections:${v.site.id}`, keyOf: (k) => k.key, ordered: true });
    return { status: 200, body: listBody(page.items.map((k) => presentSection(ctx.config, v, k.item)), page) };
  },

  addSectionToSite: async ({ actor, params, body }, ctx) => {
    const id = await sites.addSection(ctx, actor, params.organizationId, params.siteId, body);
    const v = await view(ctx, actor, params.organizationId, params.siteId);
    return { status: 201, body: presentSection(ctx.config, v, v.structure.sections.find((s) => s.id === id)!), headers: { Location: `${siteLocation(ctx.config, v.site)}/sections/${id}` } };
  },

  updateSiteSectionById: async ({ actor, params, body }, ctx) => {
    await sites.updateSection(ctx, actor, params.organizationId, params.siteId, params.siteSectionId, body);
    const v = await view(ctx, actor, params.organizationId, params.siteId);
    return { status: 200, body: presentSection(ctx.config, v, v.structure.sections.find((s) => s.id === params.siteSectionId)!) };
  },

  deleteSiteSectionById: async ({ actor, params }, ctx) => {
    await sites.deleteSection(ctx, actor, params.organizationId, params.siteId, params.siteSectionId);
    return { status: 204, body: undefined };
  },

  moveSiteSection: async ({ actor, params, body }, ctx) => {
    await sites.moveSection(ctx, actor, params.organizationId, params.siteId, params.siteSectionId, (body as { position?: Position } | undefined)?.position as never);
    const v = await view(ctx, actor, params.organizationId, params.siteId);
    return { status: 200, body: presentSection(ctx.config, v, v.structure.sections.find((s) => s.id === params.siteSectionId)!) };
  },

  // Section groups
  listSiteSectionGroups: async ({ actor, params, query }, ctx) => {
    const v = await view(ctx, actor, params.organizationId, params.siteId);
    const page = paginateSorted(keyed(v, v.structure.groups, 'groups'), query, { scope: `groups:${v.site.id}`, keyOf: (k) => k.key, ordered: true });
    return { status: 200, body: listBody(page.items.map((k) => presentGroup(ctx.config, v, k.item)), page) };
  },

  addSectionGroupToSite: async ({ actor, params, body }, ctx) => {
    const id = await sites.addGroup(ctx, actor, params.organizationId, params.siteId, body);
    const v = await view(ctx, actor, params.organizationId, params.siteId);
    return { status: 201, body: presentGroup(ctx.config, v, v.structure.groups.find((g) => g.id === id)!), headers: { Location: `${siteLocation(ctx.config, v.site)}/section-groups/${id}` } };
  },

  updateSiteSectionGroupById: async ({ actor, params, body }, ctx) => {
    await sites.updateGroup(ctx, actor, params.organizationId, params.siteId, params.siteSectionGroupId, body);
    const v = await view(ctx, actor, params.organizationId, params.siteId);
    return { status: 200, body: presentGroup(ctx.config, v, v.structure.groups.find((g) => g.id === params.siteSectionGroupId)!) };
  },

  moveSiteSectionGroup: async ({ actor, params, body }, ctx) => {
    await sites.moveGroup(ctx, actor, params.organizationId, params.siteId, params.siteSectionGroupId, body?.position);
    const v = await view(ctx, actor, params.organizationId, params.siteId);
    return { status: 200, body: presentGroup(ctx.config, v, v.structure.groups.find((g) => g.id === params.siteSectionGroupId)!) };
  },

  sortSiteStructure: async ({ actor, params, body, headers }, ctx) => {
    await sites.sortStructure(ctx, actor, params.organizationId, params.siteId, body.item, body.position);
    if (/\breturn=minimal\b/.test(String(headers.prefer ?? ''))) return { status: 204, body: undefined, headers: { 'Preference-Applied': 'return=minimal' } };
    const v = await view(ctx, actor, params.organizationId, params.siteId);
    const { type, id } = body.item;
    const s = v.structure;
    const moved = type === 'site-space' ? presentSiteSpace(ctx.config, v, s.siteSpaces.find((x) => x.id === id)!)
      : type === 'site-section' ? presentSection(ctx.config, v, s.sections.find((x) => x.id === id)!)
        : type === 'site-section-group' ? presentGroup(ctx.config, v, s.groups.find((x) => x.id === id)!)
          : presentExternalLink(s.externalLinks.find((x) => x.id === id)!);
    return { status: 200, body: moved };
  },

  deleteSiteSectionGroupById: async ({ actor, params }, ctx) => {
    await sites.deleteGroup(ctx, actor, params.organizationId, params.siteId, params.siteSectionGroupId);
    return { status: 204, body: undefined };
  },

  addSectionToGroup: async ({ actor, params, body }, ctx) => {
    await sites.addSectionToGroup(ctx, actor, params.organizationId, params.siteId, params.siteSectionGroupId, body.sectionId);
    const v = await view(ctx, actor, params.organizationId, params.siteId);
    return { status: 201, body: presentGroup(ctx.config, v, v.structure.groups.find((g) => g.id === params.siteSectionGroupId)!) };
  },

  removeSectionFromGroup: async ({ actor, params }, ctx) => {
    await sites.removeSectionFromGroup(ctx, actor, params.organizationId, params.siteId, params.siteSectionGroupId, params.siteSectionId);
    return { status: 204, body: undefined };
  },

  // Site spaces
  listSiteSpaces: async ({ actor, params, query }, ctx) => {
    const v = await view(ctx, actor, params.organizationId, params.siteId, query.shareKey);
    let list = v.structure.siteSpaces;
    if (query.default !== undefined) {
      const isDefault = (ss: (typeof list)[number]) => {
        const section = ss.section_id ? v.structure.sections.find((s) => s.id === ss.section_id) : undefined;
        return defaultOf(siteSpacesIn(v.structure, ss.section_id), section ? section.default_site_space_id : v.site.default_site_space_id)?.id === ss.id;
      };
      list = list.filter((ss) => isDefault(ss) === query.default);
    }
    const page = paginateSorted(keyed(v, list, 'site-spaces'), query, { scope: `site-spaces:${v.site.id}:${query.default ?? ''}`, keyOf: (k) => k.key, ordered: true });
    return { status: 200, body: listBody(page.items.map((k) => presentSiteSpace(ctx.config, v, k.item)), page) };
  },

  addSpaceToSite: async ({ actor, params, body }, ctx) => {
    const id = await sites.addSiteSpace(ctx, actor, params.organizationId, params.siteId, body);
    const v = await view(ctx, actor, params.organizationId, params.siteId);
    const added = v.structure.siteSpaces.find((s) => s.id === id);
    // Gone already: the space was transferred to another organization right after it was added (which removes it
    // from this organization's sites).
    if (!added) throw conflict('The space was moved to another organization meanwhile: this site does not publish it');
    return { status: 201, body: presentSiteSpace(ctx.config, v, added), headers: { Location: `${siteLocation(ctx.config, v.site)}/site-spaces/${id}` } };
  },

  updateSiteSpaceById: async ({ actor, params, body }, ctx) => {
    await sites.updateSiteSpace(ctx, actor, params.organizationId, params.siteId, params.siteSpaceId, body);
    const v = await view(ctx, actor, params.organizationId, params.siteId);
    return { status: 200, body: presentSiteSpace(ctx.config, v, v.structure.siteSpaces.find((s) => s.id === params.siteSpaceId)!) };
  },

  applyTemplateToSite: async ({ actor, params }, ctx) => {
    const { siteSpaceId } = await sites.applyTemplateToSite(ctx, actor, params.organizationId, params.siteId);
    const site = (await sites.getSite(ctx, actor, params.organizationId, params.siteId)).site;
    return { status: 200, body: undefined, headers: { Location: `${siteLocation(ctx.config, site)}/site-spaces/${siteSpaceId}` } };
  },
  duplicateSiteSpace: async ({ actor, params }, ctx) => {
    const id = await sites.duplicateSiteSpace(ctx, actor, params.organizationId, params.siteId, params.siteSpaceId);
    const v = await view(ctx, actor, params.organizationId, params.siteId);
    const added = v.structure.siteSpaces.find((s) => s.id === id);
    if (!added) throw conflict('The copy was moved to another organization meanwhile: this site does not publish it');
    return { status: 201, body: presentSiteSpace(ctx.config, v, added), headers: { Location: `${siteLocation(ctx.config, v.site)}/site-spaces/${id}` } };
  },

  deleteSiteSpaceById: async ({ actor, params }, ctx) => {
    await sites.deleteSiteSpace(ctx, actor, params.organizationId, params.siteId, params.siteSpaceId);
    return { status: 204, body: undefined };
  },

  moveSiteSpace: async ({ actor, params, body }, ctx) => {
    await sites.moveSiteSpace(ctx, actor, params.organizationId, params.siteId, params.siteSpaceId, (body as { position?: Position } | undefined)?.position as never);
    const v = await view(ctx, actor, params.organizationId, params.siteId);
    return { status: 200, body: presentSiteSpace(ctx.config, v, v.structure.siteSpaces.find((s) => s.id === params.siteSpaceId)!) };
  },
});

export { siteLocation };

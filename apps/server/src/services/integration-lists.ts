// GitBook's lists of integrations seen from an organization, a space or a site (docs/integrations.md, "Lists"):
// the integrations available to an organization, its installations with their integrations, and the integrations
// enabled on a space or a site (installed in the organization and covering it: all spaces/sites, or bound to it).
import type { AppContext } from '../context.js';
import { paginateSorted, type PageRequest } from '../db/pagination.js';
import { integrationsRepo, type IntegrationMeta, type InstallationRow } from '../repos/integrations.repo.js';
import { organizationsRepo, type OrgRow } from '../repos/organizations.repo.js';
import type { Actor } from './auth.js';
import { invalidField, notFound } from '../errors.js';
import { integrationJson, loadIntegration } from './integrations.js';
import { spaceCounts } from './installations.js';
import { loadOrganization } from './organizations.js';
import { loadSite } from './sites.js';
import { loadSpace } from './spaces.js';

type IntegrationFilters = {
  search?: string; category?: string; blockDomain?: string; blocks?: boolean; contentSources?: boolean; owner?: string; scope?: string; target?: string;
};

/** Integrations with their owners, as the caller sees them (owners read once each). */
async function presentAll(ctx: AppContext, actor: Actor, rows: readonly IntegrationMeta[]) {
  const owners = new Map<string, OrgRow | undefined>();
  const items = [];
  for (const row of rows) {
    if (!owners.has(row.org_id)) owners.set(row.org_id, await organizationsRepo.findById(ctx.db, row.org_id));
    const owner = owners.get(row.org_id);
    if (owner) items.push(await integrationJson(ctx, actor, { integration: row, owner }));
  }
  return items;
}

const matches = (name: string, search: string | undefined) => !search || name.toLowerCase().includes(search.toLowerCase());

/**
 * listOrganizationIntegrations: every public integration and the organization's own (private and unlisted ones
 * included), with GitBook's filters; for members with a role (404 outside the organization, 403 for guests).
 */
export async function listOrganizationIntegrations(ctx: AppContext, actor: Actor, orgId: string, q: IntegrationFilters & PageRequest) {
  await loadOrganization(ctx, actor, orgId, 'listIntegrations');
  const page = await integrationsRepo.list(ctx.db, {
    ownOrgIds: [orgId], search: q.search, category: q.category, blockDomain: q.blockDomain, blocks: q.blocks,
    contentSources: q.contentSources, owner: q.owner, scope: q.scope, target: q.target,
  }, q);
  // An integration token sees its own integration among the private ones of its organization, not the others.
  const rows = actor.integration ? page.rows.filter((r) => r.visibility !== 'private' || r.id === actor.integration!.integrationId) : page.rows;
  return { items: await presentAll(ctx, actor, rows), next: page.next, count: page.count };
}

/** listOrganizationInstallations: the organization's installations with their integrations, by integration name (admins). */
export async function listOrganizationInstallations(ctx: AppContext, actor: Actor, orgId: string, q: PageRequest & { search?: string }) {
  await loadOrganization(ctx, actor, orgId, 'listInstallations');
  const installations = await integrationsRepo.installationsInOrg(ctx.db, orgId);
  const pairs: { installation: InstallationRow; integration: IntegrationMeta }[] = [];
  for (const installation of installations) {
    const integration = await integrationsRepo.findById(ctx.db, installation.integration_id);
    if (integration && matches(integration.name, q.search)) pairs.push({ installation, integration });
  }
  const page = paginateSorted(pairs, q, { scope: `org-installations:${orgId}:${q.search ?? ''}`, keyOf: (p) => [p.integration.name, p.installation.id] });
  const counts = await spaceCounts(ctx, page.items.map((p) => p.installation));
  const presented = await presentAll(ctx, actor, page.items.map((p) => p.integration));
  const items = page.items.map((p, i) => ({ installation: p.installation, spaces: counts.get(p.installation.id) ?? 0, integration: presented[i]! }));
  return { items, next: page.next, count: page.count };
}

async function enabledOn(ctx: AppContext, actor: Actor, installations: readonly InstallationRow[], scope: string, q: PageRequest & { search?: string }) {
  const seen = new Set<string>();
  const rows: IntegrationMeta[] = [];
  for (const installation of installations) {
    if (seen.has(installation.integration_id)) continue;
    seen.add(installation.integration_id);
    const integration = await integrationsRepo.findById(ctx.db, installation.integration_id);
    if (integration && matches(integration.name, q.search)) rows.push(integration);
  }
  const page = paginateSorted(rows, q, { scope: `${scope}:${q.search ?? ''}`, keyOf: (r) => [r.name, r.id] });
  return { items: await presentAll(ctx, actor, page.items), next: page.next, count: page.count };
}

/** listSpaceIntegrations: the integrations installed in the space's organization that cover it; readers of the space. */
export async function listSpaceIntegrations(ctx: AppContext, actor: Actor, spaceId: string, q: PageRequest & { search?: string }) {
  const { space } = await loadSpace(ctx, ctx.db, actor, spaceId, 'view');
  return enabledOn(ctx, actor, await integrationsRepo.installationsCoveringSpace(ctx.db, space.org_id, space.id), `space-integrations:${space.id}`, q);
}

/** listSiteIntegrations: the same for a site (installations on all sites or bound to this one); readers of the site. */
export async function listSiteIntegrations(ctx: AppContext, actor: Actor, orgId: string, siteId: string, q: PageRequest & { search?: string }) {
  const { site } = await loadSite(ctx, ctx.db, actor, orgId, siteId, 'view');
  const covering = [];
  for (const installation of await integrationsRepo.installationsInOrg(ctx.db, site.org_id)) {
    if (installation.site_selection === 'all' || await integrationsRepo.findBinding(ctx.db, 'site', installation.id, site.id)) covering.push(installation);
  }
  return enabledOn(ctx, actor, covering, `site-integrations:${site.id}`, q);
}

/** getOrganizationIntegrationStatus: the status of the organization's installation of the integration (404: none). */
export async function getOrganizationIntegrationStatus(ctx: AppContext, actor: Actor, orgId: string, name: string): Promise<{ status: 'active' | 'pending' | 'paused' }> {
  await loadOrganization(ctx, actor, orgId, 'listIntegrations');
  const integration = await loadIntegration(ctx, actor, name);
  const installation = await integrationsRepo.findInstallationInOrg(ctx.db, integration.id, orgId);
  if (!installation) throw notFound('Installation');
  return { status: installation.status as 'active' | 'pending' | 'paused' };
}

type InstalledTarget = { type: 'organization'; organizationId: string } | { type: 'space'; spaceId: string } | { type: 'site'; siteId: string };

/**
 * listOrganizationIntegrationsStatus: installations with their status and target. On the organization (members with
 * a role); on spaces or sites: with `space`/`site`, every installation covering it (read access to it), without,
 * every binding to a space or site (admins: they see every space and site).
 */
export async function listOrganizationIntegrationsStatus(ctx: AppContext, actor: Actor, orgId: string, q: PageRequest & { target?: 'organization' | 'space' | 'site'; space?: string; site?: string }) {
  const target = q.target ?? 'organization';
  if (q.space !== undefined && target !== 'space') throw invalidField('/query/space', 'is only for target=space');
  if (q.site !== undefined && target !== 'site') throw invalidField('/query/site', 'is only for target=site');
  const entries: { installation: InstallationRow; status: string; target: InstalledTarget; key: string }[] = [];
  if (target === 'organization') {
    await loadOrganization(ctx, actor, orgId, 'listIntegrations');
    for (const installation of await integrationsRepo.installationsInOrg(ctx.db, orgId)) {
      entries.push({ installation, status: installation.status, target: { type: 'organization', organizationId: orgId }, key: orgId });
    }
  } else if (q.space !== undefined || q.site !== undefined) {
    let covering: InstallationRow[];
    let id: string;
    if (target === 'space') {
      const { space } = await loadSpace(ctx, ctx.db, actor, q.space!, 'view');
      if (space.org_id !== orgId) throw notFound('Space');
      id = space.id;
      covering = await integrationsRepo.installationsCoveringSpace(ctx.db, orgId, id);
    } else {
      const { site } = await loadSite(ctx, ctx.db, actor, orgId, q.site!, 'view');
      id = site.id;
      covering = [];
      for (const installation of await integrationsRepo.installationsInOrg(ctx.db, orgId)) {
        if (installation.site_selection === 'all' || await integrationsRepo.findBinding(ctx.db, 'site', installation.id, id)) covering.push(installation);
      }
    }
    for (const installation of covering) {
      const binding = await integrationsRepo.findBinding(ctx.db, target, installation.id, id);
      entries.push({ installation, status: binding?.status ?? installation.status, target: target === 'space' ? { type: 'space', spaceId: id } : { type: 'site', siteId: id }, key: id });
    }
  } else {
    await loadOrganization(ctx, actor, orgId, 'listInstallations');
    const installations = new Map((await integrationsRepo.installationsInOrg(ctx.db, orgId)).map((i) => [i.id, i]));
    for (const b of await integrationsRepo.bindingsOfInstallations(ctx.db, target, [...installations.keys()])) {
      const targetId = 'space_id' in b ? b.space_id : b.site_id;
      entries.push({ installation: installations.get(b.installation_id)!, status: b.status, target: target === 'space' ? { type: 'space', spaceId: targetId } : { type: 'site', siteId: targetId }, key: targetId });
    }
  }
  const integrations = new Map<string, IntegrationMeta | undefined>();
  const named: (typeof entries[number] & { integration: IntegrationMeta })[] = [];
  for (const e of entries) {
    if (!integrations.has(e.installation.integration_id)) integrations.set(e.installation.integration_id, await integrationsRepo.findById(ctx.db, e.installation.integration_id));
    const integration = integrations.get(e.installation.integration_id);
    if (integration) named.push({ ...e, integration });
  }
  const page = paginateSorted(named, q, { scope: `integrations-status:${orgId}:${target}:${q.space ?? q.site ?? ''}`, keyOf: (e) => [e.integration.name, e.key] });
  // Each integration presented once (presentAll leaves out one whose owner is gone: so is its item).
  const unique = [...new Map(page.items.map((e) => [e.integration.id, e.integration])).values()];
  const byName = new Map((await presentAll(ctx, actor, unique)).map((json) => [json.name, json]));
  const items = page.items.filter((e) => byName.has(e.integration.name))
    .map((e) => ({ status: e.status as 'active' | 'pending' | 'paused', integration: byName.get(e.integration.name)!, target: e.target }));
  return { items, next: page.next, count: page.count };
}

/** listSpaceIntegrationsBlocks: the blocks of the integrations covering the space, by integration name; readers of the space. */
export async function listSpaceIntegrationsBlocks(ctx: AppContext, actor: Actor, spaceId: string) {
  const { space } = await loadSpace(ctx, ctx.db, actor, spaceId, 'view');
  const seen = new Set<string>();
  const rows: IntegrationMeta[] = [];
  for (const installation of await integrationsRepo.installationsCoveringSpace(ctx.db, space.org_id, space.id)) {
    if (seen.has(installation.integration_id)) continue;
    seen.add(installation.integration_id);
    const integration = await integrationsRepo.findById(ctx.db, installation.integration_id);
    if (integration) rows.push(integration);
  }
  rows.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return (await presentAll(ctx, actor, rows)).filter((i) => i.blocks?.length).map((i) => ({ name: i.name, blocks: i.blocks! }));
}

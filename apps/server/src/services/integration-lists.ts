// GitBook's lists of integrations seen from an organization, a space or a site (docs/integrations.md, "Lists"):
// the integrations available to an organization, its installations with their integrations, and the integrations
// enabled on a space or a site (installed in the organization and covering it: all spaces/sites, or bound to it).
import type { AppContext } from '../context.js';
import { paginateSorted, type PageRequest } from '../db/pagination.js';
import { integrationsRepo, type IntegrationMeta, type InstallationRow } from '../repos/integrations.repo.js';
import { organizationsRepo, type OrgRow } from '../repos/organizations.repo.js';
import type { Actor } from './auth.js';
import { integrationJson } from './integrations.js';
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

// Installations of integrations: on an organization (POST /v1/integrations/{name}/installations), then on some of
// its spaces and sites; their configuration and external ids; tokens acting as them. Every change that an
// integration must hear about records an event (installation_setup, space_installation_setup, ..._deleted) in the
// same transaction, delivered to the script by the durable job queue (services/integration-runtime.ts).
import type { QueryParams, RequestBody } from '@bindery/api-types';
import type { AppContext } from '../context.js';
import type { DbOrTx } from '../db/database.js';
import { isUniqueViolation } from '../db/dialect.js';
import type { PageRequest } from '../db/pagination.js';
import { ApiError, conflict, forbidden, invalidField, notFound } from '../errors.js';
import { newId } from '../lib/ids.js';
import { effectiveOrgRole } from '../policies/organization.js';
import { atLeast } from '../policies/roles.js';
import { presentSite } from '../presenters/site.js';
import { presentSpace } from '../presenters/space.js';
import { integrationsRepo, type BindingKind, type InstallationRow, type IntegrationMeta, type SiteInstallationRow, type SpaceInstallationRow } from '../repos/integrations.repo.js';
import { membersRepo, organizationsRepo } from '../repos/organizations.repo.js';
import { spacesRepo } from '../repos/spaces.repo.js';
import { tokensRepo } from '../repos/tokens.repo.js';
import { recordAudit } from './audit.js';
import { createToken, type Actor } from './auth.js';
import { computeSpaceAccess, loadSubject } from './content-access.js';
import { isIntegrationAdmin, loadIntegration } from './integrations.js';
import { recordEvent } from './integration-events.js';
import { callerMembership } from './membership.js';
import { siteDirectory } from './site-directory.js';
import { loadSpace } from './spaces.js';
import { getSite } from './sites.js';

/** How long a token made for an installation (or handed to a script) works. */
export const INSTALLATION_TOKEN_TTL_MS = 60 * 60_000;

async function isOrgAdmin(db: DbOrTx, actor: Actor, orgId: string): Promise<boolean> {
  if (actor.integration) return false;
  return atLeast(effectiveOrgRole(actor, await callerMembership(db, actor, orgId)), 'admin');
}

/** Who may see an installation: its organization's admins, the integration's owners and the integration's tokens. */
async function canSeeInstallation(db: DbOrTx, actor: Actor, integration: IntegrationMeta, inst: InstallationRow): Promise<boolean> {
  if (actor.integration) {
    if (actor.integration.integrationId !== integration.id) return false;
    return actor.integration.installationId === null || actor.integration.installationId === inst.id;
  }
  return (await isOrgAdmin(db, actor, inst.org_id)) || (await isIntegrationAdmin(db, actor, integration));
}

/** Who may change an installation: its organization's admins, and the integration itself (its tokens). */
async function canChangeInstallation(db: DbOrTx, actor: Actor, integration: IntegrationMeta, inst: InstallationRow): Promise<boolean> {
  if (actor.integration) return canSeeInstallation(db, actor, integration, inst);
  return isOrgAdmin(db, actor, inst.org_id);
}

export interface LoadedInstallation {
  integration: IntegrationMeta;
  installation: InstallationRow;
}

export async function loadInstallation(ctx: AppContext, actor: Actor, name: string, installationId: string, action: 'view' | 'change' = 'view'): Promise<LoadedInstallation> {
  const integration = await loadIntegration(ctx, actor, name);
  const installation = await integrationsRepo.findInstallation(ctx.db, integration.id, installationId);
  if (!installation || !(await canSeeInstallation(ctx.db, actor, integration, installation))) throw notFound('Installation');
  if (action === 'change' && !(await canChangeInstallation(ctx.db, actor, integration, installation))) {
    throw forbidden('Only the admins of the organization the integration is installed on can change or remove the installation');
  }
  return { integration, installation };
}

export async function spaceCounts(ctx: AppContext, rows: InstallationRow[]) {
  return integrationsRepo.countSpaces(ctx.db, rows.map((r) => r.id));
}

// ---------------------------------------------------------------------------------------------------------------
// Organization installations

export async function installIntegration(ctx: AppContext, actor: Actor, name: string, body: RequestBody<'installIntegration'>): Promise<LoadedInstallation> {
  if (actor.integration) throw forbidden('An integration token cannot install integrations');
  const integration = await loadIntegration(ctx, actor, name);
  const org = await organizationsRepo.findById(ctx.db, body.organization);
  const member = org ? await callerMembership(ctx.db, actor, org.id) : undefined;
  if (!org || !(actor.isInstanceAdmin || (member && !member.disabled))) {
    throw new ApiError(404, `Organization not found (/body/organization): "${body.organization}" is not an organization of yours`);
  }
  if (!atLeast(effectiveOrgRole(actor, member), 'admin')) throw forbidden('You need the admin role in the organization to install integrations');
  if (integration.visibility === 'private' && integration.org_id !== org.id) {
    throw forbidden(`The integration "${name}" is private: only its own organization can install it`);
  }
  const now = ctx.clock.now().toISOString();
  const installation: InstallationRow = {
    id: newId(), integration_id: integration.id, org_id: org.id, status: 'active', space_selection: 'selected', site_selection: 'selected',
    configuration: '{}', external_ids: '[]', created_at: now, updated_at: now,
  };
  try {
    await ctx.db.transaction().execute(async (tx) => {
      await integrationsRepo.insertInstallation(tx, installation);
      await recordAudit(ctx, tx, actor, org.id, {
        action: 'integration.installed', target: { type: 'installation', id: installation.id, label: integration.name },
        payload: { integration: integration.name, spaceSelection: installation.space_selection, siteSelection: installation.site_selection },
      });
      await recordEvent(ctx, tx, integration, { installationId: installation.id }, { type: 'installation_setup', installationId: installation.id, status: 'active' });
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(`The integration "${name}" is already installed on the organization ${org.id}`);
    throw err;
  }
  return { integration, installation };
}

export async function listInstallations(ctx: AppContext, actor: Actor, name: string, query: QueryParams<'listIntegrationInstallations'>) {
  const integration = await loadIntegration(ctx, actor, name);
  let filter: { orgIds?: string[]; installationId?: string } = {};
  if (actor.integration) {
    if (actor.integration.installationId) filter = { installationId: actor.integration.installationId };
  } else if (!(await isIntegrationAdmin(ctx.db, actor, integration))) {
    // Others see the installations in the organizations they administer.
    const orgs = await membersRepo.orgIdsOfUser(ctx.db, actor.user.id, { adminOnly: true });
    filter = { orgIds: orgs.filter((id) => !actor.ssoOrgId || id === actor.ssoOrgId) };
  }
  const page = await integrationsRepo.listInstallations(ctx.db, integration.id, { ...filter, externalId: query.externalId }, query);
  return { integration, page, counts: await spaceCounts(ctx, page.rows) };
}

type InstallationPatch = RequestBody<'updateIntegrationInstallation'>;

export async function updateInstallation(ctx: AppContext, actor: Actor, name: string, installationId: string, body: InstallationPatch): Promise<LoadedInstallation> {
  const { integration, installation: current } = await loadInstallation(ctx, actor, name, installationId, 'change');
  // What an installation covers is the organization's admins' choice: the integration's own tokens may change its
  // configuration and external ids, never widen (or narrow) its spaces and sites (as installIntegrationOnSpace is
  // refused to them).
  if (actor.integration) {
    for (const [field, value, now] of [['space_selection', body.space_selection, current.space_selection], ['site_selection', body.site_selection, current.site_selection]] as const) {
      if (value !== undefined && value !== now) {
        throw forbidden(`/body/${field}: only the admins of the organization the integration is installed on can change which spaces and sites it covers`);
      }
    }
  }
  const now = ctx.clock.now().toISOString();
  await ctx.db.transaction().execute(async (tx) => {
    const before = await integrationsRepo.findInstallation(tx, integration.id, installationId);
    if (!before) throw notFound('Installation');
    const patch: Record<string, string> = { updated_at: now };
    if (body.externalIds !== undefined) patch.external_ids = JSON.stringify(body.externalIds);
    if (body.configuration !== undefined) patch.configuration = JSON.stringify(body.configuration);
    if (body.space_selection !== undefined) patch.space_selection = body.space_selection;
    if (body.site_selection !== undefined) patch.site_selection = body.site_selection;
    await integrationsRepo.updateInstallation(tx, installationId, patch);
    const setupChanged = (patch.configuration !== undefined && patch.configuration !== before.configuration)
      || (patch.space_selection !== undefined && patch.space_selection !== before.space_selection)
      || (patch.site_selection !== undefined && patch.site_selection !== before.site_selection);
    // The audit log: which spaces and sites the installation covers, and that its configuration changed (never the
    // configuration itself: it may hold an integration's secrets). External ids are not recorded.
    const changed: Record<string, unknown> = {};
    if (patch.space_selection !== undefined && patch.space_selection !== before.space_selection) changed.spaceSelection = { before: before.space_selection, after: patch.space_selection };
    if (patch.site_selection !== undefined && patch.site_selection !== before.site_selection) changed.siteSelection = { before: before.site_selection, after: patch.site_selection };
    if (patch.configuration !== undefined && patch.configuration !== before.configuration) changed.configuration = true;
    if (Object.keys(changed).length > 0) {
      await recordAudit(ctx, tx, actor, before.org_id, {
        action: 'integration.installation_updated', target: { type: 'installation', id: installationId, label: integration.name },
        payload: { integration: integration.name, ...changed },
      });
    }
    if (setupChanged) {
      await recordEvent(ctx, tx, integration, { installationId }, {
        type: 'installation_setup', installationId, status: before.status,
        previous: { status: before.status, configuration: JSON.parse(before.configuration) as Record<string, unknown> },
      });
    }
  });
  const installation = await integrationsRepo.findInstallation(ctx.db, integration.id, installationId);
  if (!installation) throw notFound('Installation');
  return { integration, installation };
}

export async function uninstallIntegration(ctx: AppContext, actor: Actor, name: string, installationId: string): Promise<void> {
  const integration = await integrationsRepo.findByName(ctx.db, name);
  if (!integration) return;
  const inst = await integrationsRepo.findInstallation(ctx.db, integration.id, installationId);
  if (!inst) return;
  if (actor.integration || !(await isOrgAdmin(ctx.db, actor, inst.org_id))) {
    if (!(await canSeeInstallation(ctx.db, actor, integration, inst))) return;
    throw forbidden('Only the admins of the organization the integration is installed on can uninstall it');
  }
  await ctx.db.transaction().execute(async (tx) => {
    await tokensRepo.deleteForIntegration(tx, integration.id, installationId);
    await integrationsRepo.deleteInstallation(tx, installationId);
    await recordAudit(ctx, tx, actor, inst.org_id, {
      action: 'integration.uninstalled', target: { type: 'installation', id: installationId, label: integration.name },
      payload: { integration: integration.name },
    });
    await recordEvent(ctx, tx, integration, {}, {
      type: 'installation_deleted', installationId, previous: { configuration: JSON.parse(inst.configuration) as Record<string, unknown> },
    });
  });
}

/** A token acting as the installation (the official client's createInstallationClient). */
export async function createInstallationToken(ctx: AppContext, actor: Actor, name: string, installationId: string) {
  const { integration, installation } = await loadInstallation(ctx, actor, name, installationId);
  if (!actor.integration && !(await isIntegrationAdmin(ctx.db, actor, integration))) {
    throw forbidden('Only the integration itself (its token) or the admins of its organization can make installation tokens');
  }
  // Recorded in the installation's organization (the tokens minted for each event delivery are not: they are the
  // runtime's, not a request's).
  return ctx.db.transaction().execute(async (tx) => {
    const { id, label, ...minted } = await mintToken(ctx, integration, installation.id, tx);
    await recordAudit(ctx, tx, actor, installation.org_id, {
      action: 'api_token.created', target: { type: 'api-token', id, label },
      payload: { user: integration.user_id, expiresAt: minted.expiresAt, integration: integration.name, installation: installation.id },
    });
    return minted;
  });
}

/** Makes a token acting as the integration (installationId null) or one of its installations. */
export async function mintToken(ctx: AppContext, integration: IntegrationMeta, installationId: string | null, db?: DbOrTx) {
  const expiresAt = new Date(ctx.clock.now().getTime() + INSTALLATION_TOKEN_TTL_MS).toISOString();
  const label = installationId ? `installation ${installationId}` : `integration ${integration.name}`;
  const { secret, row } = await createToken(ctx, integration.user_id, label.slice(0, 50), { expiresAt, integrationId: integration.id, installationId, db });
  return { token: secret, expiresAt, id: row.id, label: row.label };
}

// ---------------------------------------------------------------------------------------------------------------
// Space and site installations

type Binding = SpaceInstallationRow | SiteInstallationRow;
const targetOf = (kind: BindingKind, b: Binding) => (kind === 'space' ? (b as SpaceInstallationRow).space_id : (b as SiteInstallationRow).site_id);

/** The target's JSON for `extended=true`, as the caller sees it (its id when they cannot see it). */
export async function expandTarget(ctx: AppContext, actor: Actor, kind: BindingKind, id: string, extended: boolean | undefined): Promise<any> {
  if (!extended) return id;
  if (kind === 'site') {
    // The Site object, as getSiteById answers it to the caller; the id when the caller may not see the site.
    const ref = await siteDirectory.find(ctx.db, id);
    if (!ref) return id;
    try {
      const l = await getSite(ctx, actor, ref.orgId, id);
      return presentSite(ctx.config, l.site, l.siteSpaces, l.permissions);
    } catch (e) {
      if (e instanceof ApiError) return id;
      throw e;
    }
  }
  const space = await spacesRepo.findById(ctx.db, id);
  if (!space) return id;
  const access = await computeSpaceAccess(ctx.db, await loadSubject(ctx.db, actor, space.org_id), space);
  return access.view ? presentSpace(ctx.config, space, access) : id;
}

async function checkTarget(ctx: AppContext, actor: Actor, kind: BindingKind, integration: IntegrationMeta, inst: InstallationRow, targetId: string, field: string): Promise<void> {
  if (integration.target !== 'all' && integration.target !== kind) {
    throw invalidField(field, `cannot be set: the integration "${integration.name}" installs on ${integration.target === 'organization' ? 'organizations' : `${integration.target}s`} only`);
  }
  if (kind === 'space') {
    const { space } = await loadSpace(ctx, ctx.db, actor, targetId, 'installIntegration');
    if (space.org_id !== inst.org_id) throw invalidField(field, `is not a space of the organization the integration is installed on (${inst.org_id})`);
    return;
  }
  const site = await siteDirectory.find(ctx.db, targetId);
  if (!site || !(await callerMembership(ctx.db, actor, site.orgId))) throw notFound('Site');
  if (!(await isOrgAdmin(ctx.db, actor, site.orgId))) throw forbidden('You need the admin role on the site to install integrations on it');
  if (site.orgId !== inst.org_id) throw invalidField(field, `is not a site of the organization the integration is installed on (${inst.org_id})`);
}

export async function installOnTarget(ctx: AppContext, actor: Actor, kind: BindingKind, name: string, installationId: string, targetId: string | undefined, field: string) {
  if (!targetId) throw invalidField('/body', `must name the ${kind} (\`${kind}\`)`);
  const { integration, installation } = await loadInstallation(ctx, actor, name, installationId);
  if (actor.integration) throw forbidden(`An integration token cannot install integrations on ${kind}s`);
  await checkTarget(ctx, actor, kind, integration, installation, targetId, field);
  const now = ctx.clock.now().toISOString();
  const base = { installation_id: installation.id, integration_id: integration.id, status: 'active', configuration: '{}', external_ids: '[]', created_at: now, updated_at: now };
  const row: Binding = kind === 'space' ? { ...base, space_id: targetId } : { ...base, site_id: targetId };
  try {
    await ctx.db.transaction().execute(async (tx) => {
      await integrationsRepo.insertBinding(tx, kind, row);
      await recordAudit(ctx, tx, actor, installation.org_id, {
        action: 'integration.target_added', target: { type: kind, id: targetId },
        payload: { integration: integration.name, installation: installation.id },
      });
      await recordEvent(ctx, tx, integration, { installationId: installation.id, [`${kind}Id`]: targetId }, {
        type: `${kind}_installation_setup`, installationId: installation.id, [`${kind}Id`]: targetId, status: 'active',
      });
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(`The integration "${name}" is already installed on the ${kind} ${targetId}`);
    throw err;
  }
  return { integration, binding: row };
}

export async function loadBinding(ctx: AppContext, actor: Actor, kind: BindingKind, name: string, installationId: string, targetId: string, action: 'view' | 'change' = 'view') {
  const { integration, installation } = await loadInstallation(ctx, actor, name, installationId, action);
  const binding = await integrationsRepo.findBinding(ctx.db, kind, installation.id, targetId);
  if (!binding) throw notFound(kind === 'space' ? 'Space installation' : 'Site installation');
  return { integration, installation, binding };
}

export async function updateBinding(ctx: AppContext, actor: Actor, kind: BindingKind, name: string, installationId: string, targetId: string, body: { externalIds?: string[]; configuration?: Record<string, unknown> }) {
  const { integration, installation, binding: before } = await loadBinding(ctx, actor, kind, name, installationId, targetId, 'change');
  const now = ctx.clock.now().toISOString();
  const patch = {
    updated_at: now,
    ...(body.externalIds !== undefined ? { external_ids: JSON.stringify(body.externalIds) } : {}),
    ...(body.configuration !== undefined ? { configuration: JSON.stringify(body.configuration) } : {}),
  };
  await ctx.db.transaction().execute(async (tx) => {
    await integrationsRepo.updateBinding(tx, kind, installationId, targetId, patch);
    if (patch.configuration !== undefined && patch.configuration !== before.configuration) {
      await recordAudit(ctx, tx, actor, installation.org_id, {
        action: 'integration.target_updated', target: { type: kind, id: targetId },
        payload: { integration: integration.name, installation: installationId, configuration: true },
      });
      await recordEvent(ctx, tx, integration, { installationId, [`${kind}Id`]: targetId }, {
        type: `${kind}_installation_setup`, installationId, [`${kind}Id`]: targetId, status: before.status,
        previous: { status: before.status, configuration: JSON.parse(before.configuration) as Record<string, unknown> },
      });
    }
  });
  const binding = await integrationsRepo.findBinding(ctx.db, kind, installationId, targetId);
  if (!binding) throw notFound(kind === 'space' ? 'Space installation' : 'Site installation');
  return { integration, binding };
}

export async function uninstallFromTarget(ctx: AppContext, actor: Actor, kind: BindingKind, name: string, installationId: string, targetId: string): Promise<void> {
  const integration = await integrationsRepo.findByName(ctx.db, name);
  const inst = integration ? await integrationsRepo.findInstallation(ctx.db, integration.id, installationId) : undefined;
  if (!integration || !inst) return;
  const binding = await integrationsRepo.findBinding(ctx.db, kind, inst.id, targetId);
  if (!binding) return;
  if (actor.integration || !(await isOrgAdmin(ctx.db, actor, inst.org_id))) {
    if (!(await canSeeInstallation(ctx.db, actor, integration, inst))) return;
    throw forbidden(`Only the admins of the organization the integration is installed on can uninstall it from a ${kind}`);
  }
  await ctx.db.transaction().execute(async (tx) => {
    if ((await integrationsRepo.deleteBinding(tx, kind, inst.id, targetId)) === 0) return;
    await recordAudit(ctx, tx, actor, inst.org_id, {
      action: 'integration.target_removed', target: { type: kind, id: targetId },
      payload: { integration: integration.name, installation: inst.id },
    });
    await recordEvent(ctx, tx, integration, { installationId: inst.id, [`${kind}Id`]: targetId }, {
      type: `${kind}_installation_deleted`, installationId: inst.id, [`${kind}Id`]: targetId,
      previous: { configuration: JSON.parse(binding.configuration) as Record<string, unknown> },
    });
  });
}

/** Space or site installations of one installation, or of the whole integration (as the caller may see them). */
export async function listBindings(
  ctx: AppContext, actor: Actor, kind: BindingKind, name: string, opts: { installationId?: string; externalId?: string }, page: PageRequest,
) {
  let integration: IntegrationMeta;
  let installationIds: string[] | undefined;
  if (opts.installationId) {
    integration = (await loadInstallation(ctx, actor, name, opts.installationId)).integration;
  } else {
    integration = await loadIntegration(ctx, actor, name);
    if (actor.integration?.installationId) installationIds = [actor.integration.installationId];
    else if (!actor.integration && !(await isIntegrationAdmin(ctx.db, actor, integration))) {
      const orgIds = await membersRepo.orgIdsOfUser(ctx.db, actor.user.id, { adminOnly: true });
      installationIds = await integrationsRepo.installationIds(ctx.db, integration.id, orgIds);
    }
  }
  const result = await integrationsRepo.listBindings(ctx.db, kind, { integrationId: integration.id, installationId: opts.installationId, externalId: opts.externalId, installationIds }, page);
  return { integration, page: result, targetOf: (b: Binding) => targetOf(kind, b) };
}

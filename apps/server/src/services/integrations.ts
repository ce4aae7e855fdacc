// Integrations (docs/integrations.md): publish (create, or a new version), read and list, unpublish, development
// mode, and the events recorded for them. Installations are in services/installations.ts; running the script and
// delivering events in services/integration-runtime.ts.
import type { QueryParams, RequestBody } from '@bindery/api-types';
import type { AppContext } from '../context.js';
import type { DbOrTx } from '../db/database.js';
import { bool, isUniqueViolation } from '../db/dialect.js';
import type { PageRequest } from '../db/pagination.js';
import { ApiError, conflict, forbidden, invalidField, notFound } from '../errors.js';
import { newId } from '../lib/ids.js';
import { secretBox } from '../lib/secret-box.js';
import { checkUrlAddresses, UnsafeUrlError } from '../lib/ssrf.js';
import { randomString } from '../lib/ids.js';
import { effectiveOrgRole, isInOrganization } from '../policies/organization.js';
import { atLeast } from '../policies/roles.js';
import { presentIntegration } from '../presenters/integration.js';
import { presentOrganization } from '../presenters/organization.js';
import { integrationsRepo, type IntegrationMeta } from '../repos/integrations.repo.js';
import { membersRepo, organizationsRepo, type OrgRow } from '../repos/organizations.repo.js';
import { tokensRepo } from '../repos/tokens.repo.js';
import { usersRepo } from '../repos/users.repo.js';
import { recordAudit } from './audit.js';
import type { Actor } from './auth.js';
import { callerMembership } from './membership.js';
import { insertUser } from './users.js';

type PublishBody = RequestBody<'publishIntegration'>;

/** Largest decoded icon and preview image (the official CLI refuses larger files too). */
export const ICON_MAX_BYTES = 256 * 1024;
export const PREVIEW_MAX_BYTES = 1024 * 1024;

// ---------------------------------------------------------------------------------------------------------------
// Who may do what

/** Whether the caller administers the organization that owns the integration (publish, unpublish, events, dev). */
export async function isIntegrationAdmin(db: DbOrTx, actor: Actor, integration: IntegrationMeta): Promise<boolean> {
  if (actor.integration) return false;
  if (actor.isInstanceAdmin) return true;
  const member = await callerMembership(db, actor, integration.org_id);
  return atLeast(effectiveOrgRole(actor, member), 'admin');
}

/** Whether the caller may see the integration: public or unlisted ones, those of their organizations, its own tokens. */
export async function canSeeIntegration(db: DbOrTx, actor: Actor, integration: IntegrationMeta): Promise<boolean> {
  if (actor.integration) return actor.integration.integrationId === integration.id;
  if (integration.visibility !== 'private' || actor.isInstanceAdmin) return true;
  return isInOrganization(actor, await callerMembership(db, actor, integration.org_id));
}

/** Loads an integration the caller may see (404 otherwise). */
export async function loadIntegration(ctx: AppContext, actor: Actor, name: string, db: DbOrTx = ctx.db): Promise<IntegrationMeta> {
  const integration = await integrationsRepo.findByName(db, name);
  if (!integration || !(await canSeeIntegration(db, actor, integration))) throw notFound('Integration');
  return integration;
}

/** Loads an integration the caller administers (404 when invisible, 403 when visible but not theirs). */
export async function loadOwnIntegration(ctx: AppContext, actor: Actor, name: string): Promise<IntegrationMeta> {
  const integration = await loadIntegration(ctx, actor, name);
  if (!(await isIntegrationAdmin(ctx.db, actor, integration))) {
    throw forbidden(`Only the admins of the organization that publishes the integration "${name}" can do this`);
  }
  return integration;
}

export interface IntegrationView {
  integration: IntegrationMeta;
  owner: OrgRow;
}

/** The JSON of an integration for a caller. */
export async function integrationJson(ctx: AppContext, actor: Actor, view: IntegrationView) {
  const member = await callerMembership(ctx.db, actor, view.owner.id);
  const admin = await isIntegrationAdmin(ctx.db, actor, view.integration);
  return presentIntegration(ctx.config, view.integration, presentOrganization(ctx.config, view.owner, actor, member), admin);
}

export async function withOwner(ctx: AppContext, integration: IntegrationMeta): Promise<IntegrationView> {
  const owner = await organizationsRepo.findById(ctx.db, integration.org_id);
  if (!owner) throw notFound('Integration');
  return { integration, owner };
}

// ---------------------------------------------------------------------------------------------------------------
// Publish

function decodeImage(value: string, field: string, max: number): string {
  const clean = value.replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(clean) || clean.length % 4 !== 0) throw invalidField(field, 'is not base64');
  const size = Buffer.byteLength(clean, 'base64');
  if (size === 0) throw invalidField(field, 'is empty');
  if (size > max) throw invalidField(field, `is larger than ${max / 1024} KB`);
  return clean;
}

/** The publishing organization, by id or by hostname (the "subdomain" the official CLI's manifest names). */
async function resolvePublisher(ctx: AppContext, ref: string): Promise<OrgRow> {
  const org = (await organizationsRepo.findById(ctx.db, ref)) ?? (/^[a-z0-9-]+$/i.test(ref) ? await organizationsRepo.findByHostname(ctx.db, ref.toLowerCase()) : undefined);
  if (!org) throw new ApiError(404, `Organization not found (/body/organization): no organization has the id or hostname "${ref}"`);
  return org;
}

function validatePublish(body: PublishBody): void {
  if (!body.script.trim()) throw invalidField('/body/script', 'is empty');
  const seen = new Set<string>();
  for (const [i, b] of (body.blocks ?? []).entries()) {
    if (seen.has(b.id)) throw invalidField(`/body/blocks/${i}/id`, `repeats the block id "${b.id}"`);
    seen.add(b.id);
  }
  const sources = new Set<string>();
  for (const [i, s] of (body.contentSources ?? []).entries()) {
    if (sources.has(s.id)) throw invalidField(`/body/contentSources/${i}/id`, `repeats the content source id "${s.id}"`);
    sources.add(s.id);
  }
  for (const name of Object.keys(body.secrets ?? {})) {
    if (!/^[A-Za-z0-9_.-]{1,100}$/.test(name)) throw invalidField(`/body/secrets/${name}`, 'is not a valid secret name (letters, digits, "_", "-" and "." only, at most 100)');
  }
}

export async function publishIntegration(ctx: AppContext, actor: Actor, name: string, body: PublishBody): Promise<IntegrationView> {
  if (actor.integration) throw forbidden('An integration token cannot publish integrations');
  validatePublish(body);
  const owner = await resolvePublisher(ctx, body.organization);
  const member = await callerMembership(ctx.db, actor, owner.id);
  if (!isInOrganization(actor, member)) throw new ApiError(404, `Organization not found (/body/organization): no organization has the id or hostname "${body.organization}"`);
  if (!atLeast(effectiveOrgRole(actor, member), 'admin')) throw forbidden('You need the admin role in the organization to publish its integrations');

  const icon = body.icon !== undefined ? decodeImage(body.icon, '/body/icon', ICON_MAX_BYTES) : undefined;
  const previews = body.previewImages?.map((p, i) => decodeImage(p, `/body/previewImages/${i}`, PREVIEW_MAX_BYTES));
  const box = secretBox(ctx.config);
  const now = ctx.clock.now().toISOString();
  const fields = {
    runtime: body.runtime ?? 'v1',
    title: body.title,
    description: body.description ?? null,
    summary: body.summary ?? null,
    visibility: body.visibility ?? 'private',
    target: body.target ?? 'all',
    scopes: JSON.stringify(body.scopes),
    categories: JSON.stringify(body.categories ?? []),
    blocks: JSON.stringify(body.blocks ?? []),
    content_sources: JSON.stringify(body.contentSources ?? []),
    external_links: JSON.stringify(body.externalLinks ?? []),
    configurations: body.configurations ? JSON.stringify(body.configurations) : null,
    content_security_policy: body.contentSecurityPolicy !== undefined ? JSON.stringify(body.contentSecurityPolicy) : null,
    script: body.script,
    updated_at: now,
    ...(icon !== undefined ? { icon } : {}),
    ...(previews !== undefined ? { preview_images: JSON.stringify(previews) } : {}),
    // Secrets given replace the stored ones; omitted, the stored ones stay.
    ...(body.secrets !== undefined ? { secrets: box.seal(JSON.stringify(body.secrets)) } : {}),
  };

  for (let attempt = 0; ; attempt++) {
    const existing = await integrationsRepo.findByName(ctx.db, name);
    if (existing) {
      if (existing.org_id !== owner.id) throw conflict(`The integration name "${name}" is used by an integration of another organization`);
      await ctx.db.transaction().execute(async (tx) => {
        await integrationsRepo.publishVersion(tx, existing.id, fields);
        await usersRepo.update(tx, existing.user_id, { display_name: body.title, updated_at: now });
      });
      break;
    }
    try {
      await ctx.db.transaction().execute(async (tx) => {
        const id = newId();
        const bot = await insertUser({ ...ctx, db: tx }, { email: `integration-${id.toLowerCase()}@integrations.bindery.invalid`, displayName: body.title });
        await integrationsRepo.insert(tx, {
          id, name, org_id: owner.id, user_id: bot.id, version: 1, icon: icon ?? null, preview_images: JSON.stringify(previews ?? []),
          secrets: null, signing_secret: box.seal(randomString(48)), dev_tunnel_url: null, dev_all: 0, created_at: now, ...fields,
        });
      });
      break;
    } catch (err) {
      // Two first publishes raced: the loser publishes a new version of the winner's.
      if (!isUniqueViolation(err) || attempt > 2) throw err;
    }
  }
  const integration = await integrationsRepo.findByName(ctx.db, name);
  if (!integration) throw notFound('Integration');
  return { integration, owner };
}

// ---------------------------------------------------------------------------------------------------------------
// Read, list, unpublish

export async function getIntegration(ctx: AppContext, actor: Actor, name: string): Promise<IntegrationView> {
  return withOwner(ctx, await loadIntegration(ctx, actor, name));
}

export async function listIntegrations(ctx: AppContext, actor: Actor, query: QueryParams<'listIntegrations'>) {
  let ownOrgIds: string[];
  if (actor.integration) {
    const own = await integrationsRepo.findById(ctx.db, actor.integration.integrationId);
    ownOrgIds = own ? [own.org_id] : [];
  } else if (actor.isInstanceAdmin) {
    ownOrgIds = await organizationsRepo.allIds(ctx.db);
  } else {
    ownOrgIds = (await membersRepo.orgIdsOfUser(ctx.db, actor.user.id)).filter((id) => !actor.ssoOrgId || id === actor.ssoOrgId);
  }
  const page = await integrationsRepo.list(ctx.db, {
    ownOrgIds, search: query.search, category: query.category, blockDomain: query.blockDomain, blocks: query.blocks,
    contentSources: query.contentSources, owner: query.owner, scope: query.scope, target: query.target,
  }, query);
  // An integration token sees its own integration among the private ones of its organization, not the others.
  const rows = actor.integration ? page.rows.filter((r) => r.visibility !== 'private' || r.id === actor.integration!.integrationId) : page.rows;
  const owners = new Map<string, OrgRow>();
  const items = [];
  for (const row of rows) {
    let owner = owners.get(row.org_id);
    if (!owner) {
      owner = await organizationsRepo.findById(ctx.db, row.org_id);
      if (owner) owners.set(row.org_id, owner);
    }
    if (owner) items.push(await integrationJson(ctx, actor, { integration: row, owner }));
  }
  return { items, page };
}

export async function unpublishIntegration(ctx: AppContext, actor: Actor, name: string): Promise<void> {
  const integration = await integrationsRepo.findByName(ctx.db, name);
  if (!integration || !(await canSeeIntegration(ctx.db, actor, integration))) return;
  if (!(await isIntegrationAdmin(ctx.db, actor, integration))) throw forbidden(`Only the admins of the organization that publishes the integration "${name}" can unpublish it`);
  await ctx.db.transaction().execute(async (tx) => {
    await tokensRepo.deleteForIntegration(tx, integration.id);
    for (const inst of await integrationsRepo.installationOrgs(tx, integration.id)) {
      await integrationsRepo.deleteInstallation(tx, inst.id);
      await recordAudit(ctx, tx, actor, inst.org_id, {
        action: 'integration.uninstalled', target: { type: 'installation', id: inst.id, label: integration.name },
        payload: { integration: integration.name, unpublished: true },
      });
    }
    await integrationsRepo.deleteEvents(tx, integration.id);
    await integrationsRepo.delete(tx, integration.id);
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Development mode

export async function setDevelopmentMode(ctx: AppContext, actor: Actor, name: string, body: RequestBody<'setIntegrationDevelopmentMode'>): Promise<void> {
  const integration = await loadOwnIntegration(ctx, actor, name);
  try {
    await checkUrlAddresses(body.tunnelUrl, { allowPrivate: ctx.config.allowPrivateUrls, allowLoopback: ctx.config.integrationDevLoopback });
  } catch (err) {
    if (err instanceof UnsafeUrlError) throw invalidField('/body/tunnelUrl', err.message);
    throw err;
  }
  await integrationsRepo.update(ctx.db, integration.id, { dev_tunnel_url: body.tunnelUrl, dev_all: bool(body.all), updated_at: ctx.clock.now().toISOString() });
}

export async function disableDevelopmentMode(ctx: AppContext, actor: Actor, name: string): Promise<void> {
  const integration = await loadOwnIntegration(ctx, actor, name);
  await integrationsRepo.update(ctx.db, integration.id, { dev_tunnel_url: null, dev_all: 0, updated_at: ctx.clock.now().toISOString() });
}

// ---------------------------------------------------------------------------------------------------------------
// Events

export async function listEvents(ctx: AppContext, actor: Actor, name: string, page: PageRequest) {
  const integration = await loadOwnIntegration(ctx, actor, name);
  return integrationsRepo.listEvents(ctx.db, integration.id, page);
}

export async function getEvent(ctx: AppContext, actor: Actor, name: string, eventId: string) {
  const integration = await loadOwnIntegration(ctx, actor, name);
  const event = await integrationsRepo.findEvent(ctx.db, integration.id, eventId);
  if (!event) throw notFound('Integration event');
  return event;
}

// Sites: docs sites publishing spaces of an organization, their sections, section groups and site spaces, the
// adaptive content schema and the published site profile. Changes to one site run in a transaction holding the
// site's row lock (PostgreSQL; SQLite has one writer), so sort keys, paths and defaults stay consistent under races.
import AjvModule from 'ajv';
import type { components, RequestBody } from '@bindery/api-types';
import type { AppContext } from '../context.js';
import type { DbOrTx } from '../db/database.js';
import { slugify } from '../content/slug.js';
import { keyBetween } from '../content/fractional-index.js';
import { ApiError, conflict, invalidField, notFound } from '../errors.js';
import { isUniqueViolation } from '../db/dialect.js';
import { newId, randomString } from '../lib/ids.js';
import { authorizeSite, authorizeSites, sitePermissions, type SiteAction, type SitePermissions } from '../policies/site.js';
import { isInOrganization } from '../policies/organization.js';
import { asRole, highest, type Role } from '../policies/roles.js';
import { grantsRepo } from '../repos/grants.repo.js';
import type { MemberRow } from '../repos/organizations.repo.js';
import { completeCustomization, defaultCustomization, defaultOf, liveStructure, siteSpacesIn, type StructureView } from '../presenters/site.js';
import { presentSpace } from '../presenters/space.js';
import { sitesRepo, type SectionGroupRow, type SectionRow, type SiteRow, type SiteSpaceRow, type SiteStructure } from '../repos/sites.repo.js';
import { organizationsRepo } from '../repos/organizations.repo.js';
import { spacesRepo } from '../repos/spaces.repo.js';
import { shareLinksRepo } from '../repos/site-links.repo.js';
import type { Actor } from './auth.js';
import { computeSpaceAccess, loadSubject } from './content-access.js';
import { loadOrganization } from './organizations.js';
import { duplicateSpaceIn, insertSpace, loadSpace } from './spaces.js';
import { findTemplate, templateEdits } from './templates.js';
import { prepareEdits } from '../engine/index.js';
import { locks } from '../repos/locks.js';
import { recordAudit } from './audit.js';
import { isPlainObject } from '../lib/objects.js';
import { visible, visibleStructure } from '../site/resolve.js';

export interface LoadedSite {
  site: SiteRow;
  permissions: Required<SitePermissions>;
}

type Position = { before?: { siteSection?: string; siteSpace?: string }; after?: { siteSection?: string; siteSpace?: string } };

const SECRET_LENGTH = 32;

// Loading and locking ---------------------------------------------------------------------------------------------

/**
 * The roles granted to the caller on the organization's sites (to them or their teams), by site id: from the same
 * cached grants the content policies read (domain `grants`, bumped by every change of content_grants or
 * team_members). Nothing to read for callers outside the organization or already admins of it.
 */
export async function siteGrantsOf(db: DbOrTx, actor: Actor, member: MemberRow | undefined, orgId: string): Promise<Map<string, Role>> {
  const out = new Map<string, Role>();
  if (actor.isInstanceAdmin || actor.integration || !isInOrganization(actor, member) || member?.role === 'admin') return out;
  for (const g of await grantsRepo.forUser(db, orgId, actor.user.id)) {
    if (g.target_kind !== 'site') continue;
    const role = highest(out.get(g.target_id), asRole(g.role));
    if (role) out.set(g.target_id, role);
  }
  return out;
}

/** The caller's permissions on one site (organization role and site grants; policies/site.ts). */
async function permissionsOnSite(db: DbOrTx, actor: Actor, member: MemberRow | undefined, orgId: string, siteId: string): Promise<Required<SitePermissions>> {
  return sitePermissions(actor, member, (await siteGrantsOf(db, actor, member, orgId)).get(siteId) ?? null);
}

export async function loadSite(ctx: AppContext, db: DbOrTx, actor: Actor, orgId: string, siteId: string, action: SiteAction, lock = false): Promise<LoadedSite> {
  const { member } = await loadOrganization(ctx, actor, orgId, 'view', db);
  const permissions = authorizeSite(await permissionsOnSite(db, actor, member, orgId, siteId), 'view');
  if (lock) await locks.site(ctx, db, siteId);
  const site = await sitesRepo.find(db, orgId, siteId);
  if (!site) throw notFound('Site');
  if (action !== 'view') authorizeSite(permissions, action);
  return { site, permissions };
}

/**
 * Runs a change of one site in a transaction holding its lock; answers the site as it is afterwards. A change that
 * adds a space to the site (`organizationLock`) holds the organization's lock first, so that a transfer of the space
 * to another organization (which removes it from this organization's sites) is not interleaved with it.
 */
export async function changeSite<T>(
  ctx: AppContext, actor: Actor, orgId: string, siteId: string, fn: (tx: DbOrTx, l: LoadedSite, s: SiteStructure) => Promise<T>, opts: { organizationLock?: boolean } = {},
): Promise<T> {
  return ctx.db.transaction().execute(async (tx) => {
    if (opts.organizationLock) await locks.organizations(ctx, tx, [orgId]);
    const l = await loadSite(ctx, tx, actor, orgId, siteId, 'edit', true);
    const result = await fn(tx, l, await sitesRepo.structure(tx, siteId));
    await sitesRepo.touch(tx, siteId, ctx.clock.now().toISOString());
    return result;
  });
}

/** The structure with the Space objects of its site spaces, as the caller sees them. */
export async function structureView(ctx: AppContext, db: DbOrTx, actor: Actor, site: SiteRow): Promise<StructureView> {
  const structure = await sitesRepo.structure(db, site.id);
  const spaces = new Map<string, components['schemas']['Space']>();
  const ids = [...new Set(structure.siteSpaces.map((ss) => ss.space_id))];
  if (ids.length) {
    const subject = await loadSubject(db, actor, site.org_id);
    for (const id of ids) {
      const space = await spacesRepo.findById(db, id);
      if (space) spaces.set(id, presentSpace(ctx.config, space, await computeSpaceAccess(db, subject, space)));
    }
  }
  return { site, structure, spaces };
}

// Sites -----------------------------------------------------------------------------------------------------------

/** The sites the caller sees (all with a role in the organization; a guest those granted to them), each with the caller's permissions. */
export async function listSites(ctx: AppContext, actor: Actor, orgId: string, q: { space?: string; title?: string; published?: boolean; type?: readonly string[] }) {
  const { member } = await loadOrganization(ctx, actor, orgId, 'view');
  const grants = await siteGrantsOf(ctx.db, actor, member, orgId);
  // A guest with no site granted sees no site: 404 as before site grants.
  if (!sitePermissions(actor, member).view && grants.size === 0) authorizeSites(actor, member, 'view');
  let sites = (await sitesRepo.listForOrganization(ctx.db, orgId)).filter((s) => sitePermissions(actor, member, grants.get(s.id) ?? null).view);
  if (q.space !== undefined) {
    const withSpace = await sitesRepo.sitesWithSpace(ctx.db, orgId, q.space);
    sites = sites.filter((s) => withSpace.has(s.id));
  }
  if (q.title !== undefined) sites = sites.filter((s) => s.title.toLowerCase().includes(q.title!.toLowerCase()));
  if (q.published !== undefined) sites = sites.filter((s) => (s.published === 1) === q.published);
  if (q.type !== undefined && q.type.length) sites = sites.filter((s) => q.type!.includes(s.type));
  const permissionsOf = (siteId: string) => sitePermissions(actor, member, grants.get(siteId) ?? null);
  return { sites, counts: await sitesRepo.siteSpaceCounts(ctx.db, sites.map((s) => s.id)), permissionsOf };
}

export async function getSite(ctx: AppContext, actor: Actor, orgId: string, siteId: string): Promise<LoadedSite & { siteSpaces: number }> {
  const l = await loadSite(ctx, ctx.db, actor, orgId, siteId, 'view');
  return { ...l, siteSpaces: (await sitesRepo.siteSpaceCounts(ctx.db, [siteId])).get(siteId) ?? 0 };
}

export async function createSite(ctx: AppContext, actor: Actor, orgId: string, body: NonNullable<RequestBody<'createSite'>>): Promise<string> {
  const { member } = await loadOrganization(ctx, actor, orgId, 'view');
  authorizeSites(actor, member, 'edit');
  let id = '';
  await ctx.db.transaction().execute(async (tx) => {
    id = await insertSite(ctx, tx, actor, orgId, body);
  });
  return id;
}

/**
 * GitBook's `withDefaultSite` on createOrganization: in the organization's creating transaction (the caller is its
 * admin there), a site titled after the organization whose one site space publishes a new space made from the
 * built-in `product-docs` template (as applyTemplateToSite makes it). Answers the site's id.
 */
export async function defaultSiteMaker(ctx: AppContext, actor: Actor, title: string): Promise<(tx: DbOrTx, orgId: string) => Promise<string>> {
  // The template's pages are prepared (parsed) before the transaction, as applyTemplateToSite does.
  const edits = templateEdits(findTemplate(SITE_TEMPLATE), {});
  await prepareEdits(edits);
  return (tx, orgId) => insertDefaultSite(ctx, tx, actor, orgId, title, edits);
}

async function insertDefaultSite(ctx: AppContext, tx: DbOrTx, actor: Actor, orgId: string, title: string, edits: Parameters<typeof insertSpace>[5]): Promise<string> {
  const siteId = await insertSite(ctx, tx, actor, orgId, { title });
  const spaceId = await insertSpace(ctx, tx, actor, orgId, { title }, edits);
  await insertSiteSpace(ctx, tx, actor, { id: siteId, org_id: orgId }, { sections: [], groups: [], siteSpaces: [], externalLinks: [] }, spaceId, null, '/query/withDefaultSite');
  return siteId;
}

async function insertSite(ctx: AppContext, tx: DbOrTx, actor: Actor, orgId: string, body: NonNullable<RequestBody<'createSite'>>): Promise<string> {
  const id = newId();
  const now = ctx.clock.now().toISOString();
  const title = body.title ?? 'Untitled site';
  const shareKey = randomString(SECRET_LENGTH);
  await sitesRepo.insert(tx, {
    id, org_id: orgId, type: body.type ?? 'basic', title, visibility: body.visibility ?? 'public', published: 0,
    basename: slugify(title) || 'site', hostname: null, proxy: null, adaptive_content: 0, agents_context: 'included',
    default_site_space_id: null, default_section_id: null, share_key: shareKey, visitor_key: randomString(SECRET_LENGTH), visitor_fallback_url: null,
    created_at: now, updated_at: now,
  });
  // Every site starts with one share link (the key `share_key` keeps for reference); more are made with …/share-links.
  await shareLinksRepo.insert(tx, { id: newId(), site_id: id, key: shareKey, name: 'Share link', active: 1, created_at: now });
  const structure: SiteStructure = { sections: [], groups: [], siteSpaces: [], externalLinks: [] };
  for (const [i, spaceId] of (body.spaces ?? []).entries()) {
    structure.siteSpaces.push(await insertSiteSpace(ctx, tx, actor, { id, org_id: orgId }, structure, spaceId, null, `/body/spaces/${i}`));
  }
  await recordAudit(ctx, tx, actor, orgId, { action: 'site.created', target: { type: 'site', id, label: title }, payload: { type: body.type ?? 'basic', visibility: body.visibility ?? 'public', spaces: body.spaces ?? [] } });
  return id;
}

export async function updateSite(ctx: AppContext, actor: Actor, orgId: string, siteId: string, body: RequestBody<'updateSiteById'>): Promise<void> {
  const hostnameTaken = () => conflict(`The hostname ${body.hostname} is already the hostname of another site`);
  try {
    await changeSiteFields(ctx, actor, orgId, siteId, body, hostnameTaken);
  } catch (err) {
    // Two sites claiming one hostname at once: the unique index decides.
    if (body.hostname && isUniqueViolation(err)) throw hostnameTaken();
    throw err;
  }
}

async function changeSiteFields(ctx: AppContext, actor: Actor, orgId: string, siteId: string, body: RequestBody<'updateSiteById'>, hostnameTaken: () => ApiError): Promise<void> {
  await changeSite(ctx, actor, orgId, siteId, async (tx, { site }, s) => {
    const patch: Partial<SiteRow> = {};
    if (body.title !== undefined) patch.title = body.title;
    if (body.visibility !== undefined) patch.visibility = body.visibility;
    if (body.basename !== undefined) patch.basename = body.basename;
    if (body.adaptiveContent !== undefined) patch.adaptive_content = body.adaptiveContent.enabled ? 1 : 0;
    if (body.agentsContext !== undefined) patch.agents_context = body.agentsContext;
    if (body.hostname !== undefined) {
      const other = body.hostname === null ? undefined : await sitesRepo.findByHostname(tx, body.hostname);
      if (other && other.id !== site.id) throw hostnameTaken();
      patch.hostname = body.hostname;
    }
    if (body.proxy !== undefined) {
      patch.proxy = body.proxy === null ? null : JSON.stringify({ origin: body.proxy, target: `${ctx.config.publicUrl}/sites/${site.id}` });
    }
    if (body.defaultSiteSection !== undefined) {
      if (!s.sections.some((x) => x.id === body.defaultSiteSection)) throw invalidField('/body/defaultSiteSection', 'is not a section of this site');
      patch.default_section_id = body.defaultSiteSection;
    }
    if (body.defaultSiteSpace !== undefined) {
      // At the root when the site has no sections; in the default section otherwise.
      const section = s.sections.length ? defaultOf(s.sections, patch.default_section_id ?? site.default_section_id) : undefined;
      if (!siteSpacesIn(s, section?.id ?? null).some((x) => x.id === body.defaultSiteSpace)) {
        throw invalidField('/body/defaultSiteSpace', section ? 'is not a site space of the default section' : 'is not a site space at the root of this site');
      }
      if (section) await sitesRepo.updateSection(tx, section.id, { default_site_space_id: body.defaultSiteSpace });
      else patch.default_site_space_id = body.defaultSiteSpace;
    }
    if (Object.keys(patch).length) await sitesRepo.update(tx, siteId, patch);
    await recordSiteFieldChanges(ctx, tx, actor, orgId, site, patch, body.defaultSiteSpace !== undefined && s.sections.length > 0);
  });
}

/**
 * The audit events of a site's settings change (only what differs from before): `site.visibility_changed`,
 * `site.hostname_changed`, and `site.updated` with the names of the other fields changed (title with before/after).
 */
async function recordSiteFieldChanges(ctx: AppContext, tx: DbOrTx, actor: Actor, orgId: string, site: SiteRow, patch: Partial<SiteRow>, sectionDefaultSet: boolean): Promise<void> {
  const target = { type: 'site' as const, id: site.id, label: patch.title ?? site.title };
  if (patch.visibility !== undefined && patch.visibility !== site.visibility) {
    await recordAudit(ctx, tx, actor, orgId, { action: 'site.visibility_changed', target, payload: { visibility: { before: site.visibility, after: patch.visibility } } });
  }
  if (patch.hostname !== undefined && patch.hostname !== site.hostname) {
    await recordAudit(ctx, tx, actor, orgId, { action: 'site.hostname_changed', target, payload: { hostname: { before: site.hostname, after: patch.hostname } } });
  }
  const names: Record<string, string> = {
    title: 'title', basename: 'basename', adaptive_content: 'adaptiveContent', agents_context: 'agentsContext', proxy: 'proxy',
    default_section_id: 'defaultSiteSection', default_site_space_id: 'defaultSiteSpace',
  };
  const fields = Object.keys(names).filter((k) => (patch as Record<string, unknown>)[k] !== undefined && (patch as Record<string, unknown>)[k] !== (site as unknown as Record<string, unknown>)[k]).map((k) => names[k]!);
  // A section's default site space is set on the section (not compared: the change is recorded as asked).
  if (sectionDefaultSet && !fields.includes('defaultSiteSpace')) fields.push('defaultSiteSpace');
  if (fields.length) {
    await recordAudit(ctx, tx, actor, orgId, {
      action: 'site.updated', target, payload: { fields, ...(fields.includes('title') ? { title: { before: site.title, after: patch.title } } : {}) },
    });
  }
}

export async function deleteSite(ctx: AppContext, actor: Actor, orgId: string, siteId: string): Promise<void> {
  await ctx.db.transaction().execute(async (tx) => {
    // The organization's lock: its default content is set under it (services/organizations.ts).
    await locks.organizations(ctx, tx, [orgId]);
    const { member } = await loadOrganization(ctx, actor, orgId, 'view', tx);
    const site = await sitesRepo.find(tx, orgId, siteId);
    // Deleting twice: 204 for who could change the organization's sites; a site they cannot see: 404.
    if (!site) { authorizeSites(actor, member, 'edit'); return; }
    authorizeSite(await permissionsOnSite(tx, actor, member, orgId, siteId), 'edit');
    await sitesRepo.delete(tx, siteId);
    await grantsRepo.removeForTargets(tx, 'site', [siteId]);
    // The organization's default content no longer points at a site that is gone.
    await organizationsRepo.clearDefaultContentSite(tx, orgId, siteId);
    await recordAudit(ctx, tx, actor, orgId, { action: 'site.deleted', target: { type: 'site', id: siteId, label: site.title } });
  });
}

export async function setPublished(ctx: AppContext, actor: Actor, orgId: string, siteId: string, published: boolean): Promise<void> {
  await changeSite(ctx, actor, orgId, siteId, async (tx, { site }) => {
    await sitesRepo.update(tx, siteId, { published: published ? 1 : 0 });
    if (Boolean(site.published) !== published) {
      await recordAudit(ctx, tx, actor, orgId, { action: published ? 'site.published' : 'site.unpublished', target: { type: 'site', id: siteId, label: site.title } });
    }
  });
}

// Visitor authentication (Bindery extension) ------------------------------------------------------------------------

function presentVisitorAuth(site: SiteRow) {
  return { object: 'site-visitor-auth' as const, key: site.visitor_key, algorithm: 'HS256' as const, ...(site.visitor_fallback_url ? { fallbackURL: site.visitor_fallback_url } : {}) };
}

export async function getVisitorAuth(ctx: AppContext, actor: Actor, orgId: string, siteId: string) {
  return presentVisitorAuth((await loadSite(ctx, ctx.db, actor, orgId, siteId, 'edit')).site);
}

export async function updateVisitorAuth(ctx: AppContext, actor: Actor, orgId: string, siteId: string, body: { fallbackURL?: string | null; rotateKey?: boolean }) {
  if (body.fallbackURL && !/^https?:\/\//i.test(body.fallbackURL)) throw invalidField('/body/fallbackURL', 'must be an http(s) URL');
  await changeSite(ctx, actor, orgId, siteId, async (tx, { site }) => {
    const patch = {
      ...(body.fallbackURL !== undefined ? { visitor_fallback_url: body.fallbackURL } : {}),
      ...(body.rotateKey ? { visitor_key: randomString(SECRET_LENGTH) } : {}),
    };
    // GitBook's PATCH may change nothing (`{backend: custom}` alone).
    if (Object.keys(patch).length) await sitesRepo.update(tx, siteId, patch);
    // Recorded: that the key was rotated (never the key), the fallback URL before and after.
    const fallbackChanged = body.fallbackURL !== undefined && (body.fallbackURL ?? null) !== site.visitor_fallback_url;
    if (body.rotateKey || fallbackChanged) {
      await recordAudit(ctx, tx, actor, orgId, {
        action: 'site.visitor_auth_changed', target: { type: 'site', id: siteId, label: site.title },
        payload: { ...(body.rotateKey ? { keyRotated: true } : {}), ...(fallbackChanged ? { fallbackURL: { before: site.visitor_fallback_url, after: body.fallbackURL ?? null } } : {}) },
      });
    }
  });
  return getVisitorAuth(ctx, actor, orgId, siteId);
}

/** The same settings as GitBook's SitePublishingAuth (`…/publishing/auth`): Bindery's backend is always `custom`. */
export function presentPublishingAuth(va: ReturnType<typeof presentVisitorAuth>) {
  return { object: 'publishing-auth' as const, backend: 'custom' as const, privateKey: va.key, ...(va.fallbackURL ? { fallbackURL: va.fallbackURL } : {}) };
}

// Customization -----------------------------------------------------------------------------------------------------

type Customization = components['schemas']['SiteCustomization'];
type CustomizationOverride = components['schemas']['SiteCustomizationOverride'];

/** The site's customization: the one set with PUT, else GitBook's defaults titled after the site. */
export function siteCustomization(site: SiteRow): Customization {
  return site.customization !== null ? completeCustomization(JSON.parse(site.customization) as Customization) : defaultCustomization(site);
}


/**
 * `patch` merged into `base` field by field: objects merge, other values (and arrays) replace, `null` removes the
 * field. Neither argument is changed.
 */
export function mergeCustomization<T extends Record<string, unknown>>(base: T, patch: Record<string, unknown>): T {
  const out: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete out[key];
    else if (isPlainObject(value)) out[key] = mergeCustomization(isPlainObject(out[key]) ? out[key] as Record<string, unknown> : {}, value);
    else out[key] = value;
  }
  return out as T;
}

/** A site space's effective customization: the site's with the site space's overrides merged in field by field. */
export function siteSpaceCustomization(site: SiteRow, siteSpace: SiteSpaceRow): Customization {
  const base = siteCustomization(site);
  return siteSpace.customization !== null ? completeCustomization(mergeCustomization(base, JSON.parse(siteSpace.customization) as Record<string, unknown>)) : base;
}

export async function getCustomization(ctx: AppContext, actor: Actor, orgId: string, siteId: string): Promise<Customization> {
  return siteCustomization((await loadSite(ctx, ctx.db, actor, orgId, siteId, 'view')).site);
}

export async function putCustomization(ctx: AppContext, actor: Actor, orgId: string, siteId: string, body: Customization): Promise<Customization> {
  await changeSite(ctx, actor, orgId, siteId, async (tx, { site }) => {
    const customization = JSON.stringify(body);
    await sitesRepo.update(tx, siteId, { customization });
    if (customization !== site.customization) {
      await recordAudit(ctx, tx, actor, orgId, { action: 'site.customization_changed', target: { type: 'site', id: siteId, label: site.title } });
    }
  });
  return getCustomization(ctx, actor, orgId, siteId);
}

export async function getSiteSpaceCustomization(ctx: AppContext, actor: Actor, orgId: string, siteId: string, siteSpaceId: string): Promise<Customization> {
  const { site } = await loadSite(ctx, ctx.db, actor, orgId, siteId, 'view');
  return siteSpaceCustomization(site, findSiteSpace(await sitesRepo.structure(ctx.db, siteId), siteSpaceId));
}

/** Sets overrides (merged field by field into the earlier ones; a null field removes its override); null removes them all. */
export async function overrideSiteSpaceCustomization(
  ctx: AppContext, actor: Actor, orgId: string, siteId: string, siteSpaceId: string, body: CustomizationOverride | null,
): Promise<void> {
  await changeSite(ctx, actor, orgId, siteId, async (tx, _l, structure) => {
    const ss = findSiteSpace(structure, siteSpaceId);
    const merged = body === null ? null : mergeCustomization(ss.customization !== null ? (JSON.parse(ss.customization) as Record<string, unknown>) : {}, body as Record<string, unknown>);
    await sitesRepo.updateSiteSpace(tx, siteSpaceId, { customization: merged === null ? null : JSON.stringify(merged) });
  });
}

// Adaptive content ------------------------------------------------------------------------------------------------

export async function getAdaptiveSchema(ctx: AppContext, actor: Actor, orgId: string, siteId: string) {
  await loadSite(ctx, ctx.db, actor, orgId, siteId, 'view');
  const row = await sitesRepo.adaptiveSchema(ctx.db, siteId);
  if (!row) throw new ApiError(404, 'This site has no adaptive schema yet (PUT one first)');
  return { object: 'site-adaptive-schema' as const, jsonSchema: JSON.parse(row.json_schema), updatedAt: row.updated_at };
}

// The default Ajv class validates JSON Schema draft-07 (the adaptive schema's dialect).
const Ajv = ((AjvModule as unknown as { default?: unknown }).default ?? AjvModule) as unknown as typeof AjvModule.default;
const ajv = new Ajv({ strict: false });

export async function putAdaptiveSchema(ctx: AppContext, actor: Actor, orgId: string, siteId: string, jsonSchema: unknown) {
  if (!ajv.validateSchema(jsonSchema as object)) {
    throw invalidField('/body/jsonSchema', `is not a valid JSON Schema (draft-07): ${ajv.errorsText(ajv.errors)}`);
  }
  try {
    ajv.compile(jsonSchema as object);
  } catch (err) {
    throw invalidField('/body/jsonSchema', `cannot be compiled: ${(err as Error).message}`);
  }
  const updatedAt = ctx.clock.now().toISOString();
  await changeSite(ctx, actor, orgId, siteId, (tx) => sitesRepo.saveAdaptiveSchema(tx, { site_id: siteId, json_schema: JSON.stringify(jsonSchema), updated_at: updatedAt }));
  return { object: 'site-adaptive-schema' as const, jsonSchema, updatedAt };
}

/** Ready-made conditions for the claims the schema declares (booleans; strings with an enum). */
export async function templateConditions(ctx: AppContext, actor: Actor, orgId: string, siteId: string) {
  await loadSite(ctx, ctx.db, actor, orgId, siteId, 'view');
  const row = await sitesRepo.adaptiveSchema(ctx.db, siteId);
  const items: { description: string; condition: string }[] = [];
  const walk = (props: Record<string, any> | undefined, prefix: string, label: string) => {
    for (const [name, p] of Object.entries(props ?? {})) {
      const ref = /^[A-Za-z_$][\w$]*$/.test(name) ? `${prefix}.${name}` : `${prefix}[${JSON.stringify(name)}]`;
      if (p?.type === 'boolean') items.push({ description: `${label} "${name}" is true`, condition: `${ref} === true` });
      else if (p?.type === 'string' && Array.isArray(p.enum)) {
        for (const v of p.enum) items.push({ description: `${label} "${name}" is "${v}"`, condition: `${ref} === ${JSON.stringify(v)}` });
      } else if (p?.type === 'object' && name === 'unsigned') walk(p.properties, ref, 'Unsigned claim');
    }
  };
  if (row) walk((JSON.parse(row.json_schema) as { properties?: Record<string, unknown> }).properties, 'visitor.claims', 'Claim');
  return { items };
}

// Site spaces -----------------------------------------------------------------------------------------------------

/** A path not used yet in the container (`base`, `base-2`, …). */
function freePath(taken: readonly string[], wanted: string): string {
  const base = (slugify(wanted) || 'space').slice(0, 90);
  let path = base;
  for (let n = 2; taken.includes(path); n++) path = `${base}-${n}`;
  return path;
}

async function insertSiteSpace(
  ctx: AppContext, tx: DbOrTx, actor: Actor, site: Pick<SiteRow, 'id' | 'org_id'>, s: SiteStructure, spaceId: string, sectionId: string | null, field: string, draft = false,
): Promise<SiteSpaceRow> {
  const space = await spacesRepo.findById(tx, spaceId);
  if (!space || space.deleted_at !== null || space.org_id !== site.org_id) throw invalidField(field, `is not a space of this organization (${spaceId})`);
  const subject = await loadSubject(tx, actor, site.org_id);
  if (!(await computeSpaceAccess(tx, subject, space)).view) throw invalidField(field, `is not a space of this organization (${spaceId})`);
  const container = siteSpacesIn(s, sectionId);
  const row: SiteSpaceRow = {
    id: newId(), site_id: site.id, section_id: sectionId, space_id: spaceId,
    path: freePath(container.map((c) => c.path), space.title), condition: null, customization: null, hidden: 0, draft: draft ? 1 : 0,
    sort_key: keyBetween(container.at(-1)?.sort_key ?? null, null), created_at: ctx.clock.now().toISOString(),
  };
  await sitesRepo.insertSiteSpace(tx, row);
  s.siteSpaces.push(row);
  return row;
}

function findSiteSpace(s: SiteStructure, id: string): SiteSpaceRow {
  const ss = s.siteSpaces.find((x) => x.id === id);
  if (!ss) throw notFound('Site space');
  return ss;
}

export async function addSiteSpace(ctx: AppContext, actor: Actor, orgId: string, siteId: string, body: RequestBody<'addSpaceToSite'>): Promise<string> {
  return changeSite(ctx, actor, orgId, siteId, async (tx, { site }, s) => {
    let sectionId: string | null = null;
    if (body.sectionId !== undefined) {
      if (!s.sections.some((x) => x.id === body.sectionId)) throw invalidField('/body/sectionId', 'is not a section of this site');
      sectionId = body.sectionId;
    } else if (s.sections.length) sectionId = defaultOf(s.sections, site.default_section_id)!.id;
    return (await insertSiteSpace(ctx, tx, actor, site, s, body.spaceId, sectionId, '/body/spaceId', body.draft)).id;
  }, { organizationLock: true });
}

/** The built-in template (services/templates.ts) a site's template (applyTemplateToSite) publishes. */
export const SITE_TEMPLATE = 'product-docs';

/**
 * GitBook's applyTemplateToSite: an empty site (no site space, section, section group or external link) gets a new
 * space of its organization, titled after the site, whose first content is the built-in `product-docs` template, and
 * publishes it as its site space; one transaction under the organization's and the site's locks (a refusal leaves
 * no space). Needs the create role on the site and on the organization's content (the space is new there); a site
 * with content is a 409. The site's customization is left as it is.
 */
export async function applyTemplateToSite(ctx: AppContext, actor: Actor, orgId: string, siteId: string): Promise<{ spaceId: string; siteSpaceId: string }> {
  const edits = templateEdits(findTemplate(SITE_TEMPLATE), {});
  await prepareEdits(edits);
  return changeSite(ctx, actor, orgId, siteId, async (tx, { site }, s) => {
    if (s.siteSpaces.length || s.sections.length || s.groups.length || s.externalLinks.length) {
      throw conflict('The site is not empty: a template is applied to a site without site spaces, sections, section groups or external links');
    }
    const spaceId = await insertSpace(ctx, tx, actor, orgId, { title: site.title }, edits);
    const row = await insertSiteSpace(ctx, tx, actor, site, s, spaceId, null, '/path/siteId');
    return { spaceId, siteSpaceId: row.id };
  }, { organizationLock: true });
}

/**
 * GitBook's duplicateSiteSpace: the site space's space copied (as `duplicateSpace` copies it) and published in a new
 * site space right after the original, in its section, with its condition and customization; one transaction under
 * the organization's lock. Needs the create role on the site and where the space is.
 */
export async function duplicateSiteSpace(ctx: AppContext, actor: Actor, orgId: string, siteId: string, siteSpaceId: string): Promise<string> {
  return changeSite(ctx, actor, orgId, siteId, async (tx, { site }, s) => {
    const ss = findSiteSpace(s, siteSpaceId);
    const { space } = await loadSpace(ctx, tx, actor, ss.space_id, 'view');
    const copyId = await duplicateSpaceIn(ctx, tx, actor, space, '/path/siteSpaceId');
    const container = siteSpacesIn(s, ss.section_id);
    const at = container.findIndex((x) => x.id === ss.id);
    const copy = await spacesRepo.findById(tx, copyId);
    const row: SiteSpaceRow = {
      id: newId(), site_id: site.id, section_id: ss.section_id, space_id: copyId,
      path: freePath(container.map((c) => c.path), copy!.title), condition: ss.condition, customization: ss.customization, hidden: ss.hidden, draft: ss.draft,
      sort_key: keyBetween(ss.sort_key, container[at + 1]?.sort_key ?? null), created_at: ctx.clock.now().toISOString(),
    };
    await sitesRepo.insertSiteSpace(tx, row);
    return row.id;
  }, { organizationLock: true });
}

export async function updateSiteSpace(ctx: AppContext, actor: Actor, orgId: string, siteId: string, siteSpaceId: string, body: RequestBody<'updateSiteSpaceById'>): Promise<void> {
  await changeSite(ctx, actor, orgId, siteId, async (tx, { site }, s) => {
    const ss = findSiteSpace(s, siteSpaceId);
    const patch: Partial<SiteSpaceRow> = {};
    if (body.path !== undefined) {
      const path = body.path;
      if (!/^[a-z0-9][a-z0-9_-]*$/i.test(path)) throw invalidField('/body/path', 'must be letters, digits, "-" or "_" (one path segment)');
      if (siteSpacesIn(s, ss.section_id).some((x) => x.id !== ss.id && x.path === path)) throw conflict(`Another site space of this ${ss.section_id ? 'section' : 'site'} already has the path "${path}"`);
      patch.path = path;
    }
    if (body.condition !== undefined) patch.condition = body.condition;
    if (body.hidden !== undefined) patch.hidden = body.hidden ? 1 : 0;
    if (body.draft !== undefined) patch.draft = body.draft ? 1 : 0;
    if (body.spaceId !== undefined) {
      const space = await spacesRepo.findById(tx, body.spaceId);
      if (!space || space.deleted_at !== null || space.org_id !== site.org_id) throw invalidField('/body/spaceId', `is not a space of this organization (${body.spaceId})`);
      patch.space_id = body.spaceId;
    }
    if (Object.keys(patch).length) await sitesRepo.updateSiteSpace(tx, ss.id, patch);
  }, { organizationLock: body.spaceId !== undefined });
}

export async function deleteSiteSpace(ctx: AppContext, actor: Actor, orgId: string, siteId: string, siteSpaceId: string): Promise<void> {
  await changeSite(ctx, actor, orgId, siteId, async (tx, _l, s) => {
    if (s.siteSpaces.some((x) => x.id === siteSpaceId)) await sitesRepo.deleteSiteSpace(tx, siteSpaceId);
  });
}

/** The sort key for an item placed before or after a sibling (`key` reads the sibling's id from the position). */
function placeAmong<T extends { id: string; sort_key: string }>(siblings: readonly T[], self: string, position: Position | undefined, key: 'siteSection' | 'siteSpace'): string {
  const others = siblings.filter((x) => x.id !== self);
  const before = position?.before?.[key];
  const after = position?.after?.[key];
  if ((before === undefined) === (after === undefined)) throw invalidField('/body/position', 'must name exactly one of before or after');
  const ref = before ?? after!;
  const at = others.findIndex((x) => x.id === ref);
  if (at < 0) throw invalidField(`/body/position/${before !== undefined ? 'before' : 'after'}/${key}`, `is not a sibling of this ${key === 'siteSection' ? 'section' : 'site space'}`);
  return before !== undefined
    ? keyBetween(others[at - 1]?.sort_key ?? null, others[at]!.sort_key)
    : keyBetween(others[at]!.sort_key, others[at + 1]?.sort_key ?? null);
}

export async function moveSiteSpace(ctx: AppContext, actor: Actor, orgId: string, siteId: string, siteSpaceId: string, position: Position | undefined): Promise<void> {
  await changeSite(ctx, actor, orgId, siteId, async (tx, _l, s) => {
    const ss = findSiteSpace(s, siteSpaceId);
    await sitesRepo.updateSiteSpace(tx, ss.id, { sort_key: placeAmong(siteSpacesIn(s, ss.section_id), ss.id, position, 'siteSpace') });
  });
}

// Sections --------------------------------------------------------------------------------------------------------

function findSection(s: SiteStructure, id: string): SectionRow {
  const section = s.sections.find((x) => x.id === id);
  if (!section) throw notFound('Site section');
  return section;
}

async function insertSection(tx: DbOrTx, site: SiteRow, s: SiteStructure, title: string, icon: string | null, draft = false): Promise<SectionRow> {
  const last = [...s.sections, ...s.groups, ...s.externalLinks].filter((x) => !('group_id' in x) || x.group_id === null).map((x) => x.sort_key).sort().at(-1) ?? null;
  const row: SectionRow = {
    id: newId(), site_id: site.id, group_id: null, title, description: null, icon, path: freePath(s.sections.map((x) => x.path), title),
    condition: null, default_site_space_id: null, sort_key: keyBetween(last, null), draft: draft ? 1 : 0,
  };
  await sitesRepo.insertSection(tx, row);
  s.sections.push(row);
  return row;
}

/**
 * Adds a section holding a site space of `spaceId`. A site that had its site spaces at the root gets them in a
 * first, default section (titled after the site) before the new one: a site has sections or root site spaces, not both.
 */
export async function addSection(ctx: AppContext, actor: Actor, orgId: string, siteId: string, body: RequestBody<'addSectionToSite'>): Promise<string> {
  return changeSite(ctx, actor, orgId, siteId, async (tx, { site }, s) => {
    const roots = siteSpacesIn(s, null);
    if (s.sections.length === 0 && roots.length) {
      const first = await insertSection(tx, site, s, site.title, null);
      await sitesRepo.updateSection(tx, first.id, { default_site_space_id: site.default_site_space_id });
      for (const ss of roots) {
        await sitesRepo.updateSiteSpace(tx, ss.id, { section_id: first.id });
        ss.section_id = first.id;
      }
    }
    // Omitted or null (GitBook's): the space's title, when it is one a section may have (access is checked below).
    let title = body.title;
    if (title == null) {
      const spaceTitle = (await spacesRepo.findById(tx, body.spaceId))?.title ?? '';
      const length = [...spaceTitle].length;
      title = length >= 2 && length <= 128 ? spaceTitle : 'New section';
    }
    const section = await insertSection(tx, site, s, title, body.icon ?? null, body.draft);
    await insertSiteSpace(ctx, tx, actor, site, s, body.spaceId, section.id, '/body/spaceId');
    return section.id;
  }, { organizationLock: true });
}

export async function updateSection(ctx: AppContext, actor: Actor, orgId: string, siteId: string, sectionId: string, body: RequestBody<'updateSiteSectionById'>): Promise<void> {
  await changeSite(ctx, actor, orgId, siteId, async (tx, _l, s) => {
    const section = findSection(s, sectionId);
    const patch: Partial<SectionRow> = {};
    if (body.title !== undefined) patch.title = body.title;
    if (body.icon !== undefined) patch.icon = body.icon;
    if (body.description !== undefined) patch.description = body.description;
    if (body.condition !== undefined) patch.condition = body.condition;
    if (body.draft !== undefined) patch.draft = body.draft ? 1 : 0;
    if (body.path !== undefined) {
      const path = body.path;
      if (!/^[a-z0-9][a-z0-9_-]*$/i.test(path)) throw invalidField('/body/path', 'must be letters, digits, "-" or "_" (one path segment)');
      if (s.sections.some((x) => x.id !== section.id && x.path === path)) throw conflict(`Another section of this site already has the path "${path}"`);
      patch.path = path;
    }
    if (body.defaultSiteSpace !== undefined) {
      if (!siteSpacesIn(s, section.id).some((x) => x.id === body.defaultSiteSpace)) throw invalidField('/body/defaultSiteSpace', 'is not a site space of this section');
      patch.default_site_space_id = body.defaultSiteSpace;
    }
    if (Object.keys(patch).length) await sitesRepo.updateSection(tx, section.id, patch);
  });
}

export async function deleteSection(ctx: AppContext, actor: Actor, orgId: string, siteId: string, sectionId: string): Promise<void> {
  await changeSite(ctx, actor, orgId, siteId, async (tx, _l, s) => {
    if (s.sections.some((x) => x.id === sectionId)) await sitesRepo.deleteSection(tx, sectionId);
  });
}

export async function moveSection(ctx: AppContext, actor: Actor, orgId: string, siteId: string, sectionId: string, position: Position | undefined): Promise<void> {
  await changeSite(ctx, actor, orgId, siteId, async (tx, _l, s) => {
    const section = findSection(s, sectionId);
    const siblings = s.sections.filter((x) => x.group_id === section.group_id);
    await sitesRepo.updateSection(tx, section.id, { sort_key: placeAmong(siblings, section.id, position, 'siteSection') });
  });
}

// Section groups --------------------------------------------------------------------------------------------------

function findGroup(s: SiteStructure, id: string): SectionGroupRow {
  const group = s.groups.find((x) => x.id === id);
  if (!group) throw notFound('Site section group');
  return group;
}

export async function addGroup(ctx: AppContext, actor: Actor, orgId: string, siteId: string, body: RequestBody<'addSectionGroupToSite'>): Promise<string> {
  return changeSite(ctx, actor, orgId, siteId, async (tx, _l, s) => {
    const parent = body.parent ?? null;
    if (parent !== null) findGroupOrField(s, parent, '/body/parent');
    const levelKeys = [...s.sections.filter((x) => x.group_id === parent), ...s.groups.filter((x) => x.parent_id === parent), ...s.externalLinks.filter((x) => x.group_id === parent)].map((x) => x.sort_key).sort();
    const id = newId();
    await sitesRepo.insertGroup(tx, { id, site_id: siteId, parent_id: parent, title: body.title, icon: body.icon ?? null, sort_key: keyBetween(levelKeys.at(-1) ?? null, null) });
    for (const [i, sectionId] of (body.sections ?? []).entries()) {
      if (!s.sections.some((x) => x.id === sectionId)) throw invalidField(`/body/sections/${i}`, 'is not a section of this site');
      await sitesRepo.updateSection(tx, sectionId, { group_id: id });
    }
    return id;
  });
}

function findGroupOrField(s: SiteStructure, id: string, field: string): SectionGroupRow {
  const group = s.groups.find((x) => x.id === id);
  if (!group) throw invalidField(field, 'is not a section group of this site');
  return group;
}

export async function updateGroup(ctx: AppContext, actor: Actor, orgId: string, siteId: string, groupId: string, body: RequestBody<'updateSiteSectionGroupById'>): Promise<void> {
  await changeSite(ctx, actor, orgId, siteId, async (tx, _l, s) => {
    findGroup(s, groupId);
    const patch: Partial<SectionGroupRow> = {};
    if (body.title !== undefined) patch.title = body.title;
    if (body.icon !== undefined) patch.icon = body.icon;
    if (Object.keys(patch).length) await sitesRepo.updateGroup(tx, groupId, patch);
  });
}

export type StructurePointer = { type: 'site-space' | 'site-section' | 'site-section-group' | 'site-external-link'; id: string };
type StructurePosition = { before?: StructurePointer; after?: StructurePointer };

/**
 * One item of a site's structure with the items of its level, in order, and how to store its new sort key. Site
 * spaces share a level with the site spaces of their section (or the root); sections, groups and external links share
 * one per parent group (or the root). Null when the site has no such item.
 */
function structureLevelOf(s: SiteStructure, item: StructurePointer) {
  type Entry = { type: StructurePointer['type']; id: string; sort_key: string };
  const byKey = (a: Entry, b: Entry) => (a.sort_key < b.sort_key ? -1 : a.sort_key > b.sort_key ? 1 : 0);
  const navigation = (parent: string | null): Entry[] => [
    ...s.sections.filter((x) => x.group_id === parent).map((x) => ({ type: 'site-section' as const, id: x.id, sort_key: x.sort_key })),
    ...s.groups.filter((x) => x.parent_id === parent).map((x) => ({ type: 'site-section-group' as const, id: x.id, sort_key: x.sort_key })),
    ...s.externalLinks.filter((x) => x.group_id === parent).map((x) => ({ type: 'site-external-link' as const, id: x.id, sort_key: x.sort_key })),
  ];
  let level: Entry[];
  let store: (tx: DbOrTx, key: string) => Promise<void>;
  if (item.type === 'site-space') {
    const ss = s.siteSpaces.find((x) => x.id === item.id);
    if (!ss) return null;
    level = siteSpacesIn(s, ss.section_id).map((x) => ({ type: 'site-space' as const, id: x.id, sort_key: x.sort_key }));
    store = (tx, key) => sitesRepo.updateSiteSpace(tx, ss.id, { sort_key: key });
  } else if (item.type === 'site-section') {
    const section = s.sections.find((x) => x.id === item.id);
    if (!section) return null;
    level = navigation(section.group_id);
    store = (tx, key) => sitesRepo.updateSection(tx, section.id, { sort_key: key });
  } else if (item.type === 'site-section-group') {
    const group = s.groups.find((x) => x.id === item.id);
    if (!group) return null;
    level = navigation(group.parent_id);
    store = (tx, key) => sitesRepo.updateGroup(tx, group.id, { sort_key: key });
  } else {
    const link = s.externalLinks.find((x) => x.id === item.id);
    if (!link) return null;
    level = navigation(link.group_id);
    store = (tx, key) => sitesRepo.updateExternalLink(tx, link.id, { sort_key: key });
  }
  const self = level.find((x) => x.id === item.id)!;
  return { self, others: level.filter((x) => x !== self).sort(byKey), store };
}

/** Moves an item before or after another of its level, or to the end of the level (404 for an item the site does not have). */
async function placeInStructure(tx: DbOrTx, s: SiteStructure, item: StructurePointer, position: StructurePosition | undefined, notFoundLabel: string): Promise<void> {
  const found = structureLevelOf(s, item);
  if (!found) throw notFound(notFoundLabel);
  const { self, others, store } = found;
  let key: string;
  if (!position || (position.before === undefined && position.after === undefined)) {
    key = keyBetween(others.at(-1)?.sort_key ?? null, null);
  } else {
    if (position.before !== undefined && position.after !== undefined) throw invalidField('/body/position', 'must name one of before or after, not both');
    const side = position.before !== undefined ? 'before' : 'after';
    const ref = position[side]!;
    const at = others.findIndex((x) => x.type === ref.type && x.id === ref.id);
    if (at < 0) throw invalidField(`/body/position/${side}/id`, `is not a ${ref.type} at the level of the ${item.type} moved`);
    key = side === 'before'
      ? keyBetween(others[at - 1]?.sort_key ?? null, others[at]!.sort_key)
      : keyBetween(others[at]!.sort_key, others[at + 1]?.sort_key ?? null);
  }
  if (key !== self.sort_key) await store(tx, key);
}

/**
 * Moves a section group before or after an item of its level (sections, groups and external links share the sort
 * keys of a level), or to the end of the level. The group keeps its parent.
 */
export async function moveGroup(ctx: AppContext, actor: Actor, orgId: string, siteId: string, groupId: string, position: StructurePosition | undefined): Promise<void> {
  await changeSite(ctx, actor, orgId, siteId, (tx, _l, s) => placeInStructure(tx, s, { type: 'site-section-group', id: groupId }, position, 'Site section group'));
}

/** GitBook's sortSiteStructure: any item of the structure moved among the items of its level. */
export async function sortStructure(ctx: AppContext, actor: Actor, orgId: string, siteId: string, item: StructurePointer, position: StructurePosition | undefined): Promise<void> {
  await changeSite(ctx, actor, orgId, siteId, (tx, _l, s) => placeInStructure(tx, s, item, position, 'Site structure item'));
}

export async function deleteGroup(ctx: AppContext, actor: Actor, orgId: string, siteId: string, groupId: string): Promise<void> {
  await changeSite(ctx, actor, orgId, siteId, async (tx, _l, s) => {
    const group = s.groups.find((x) => x.id === groupId);
    if (group) await sitesRepo.deleteGroup(tx, group);
  });
}

export async function addSectionToGroup(ctx: AppContext, actor: Actor, orgId: string, siteId: string, groupId: string, sectionId: string): Promise<void> {
  await changeSite(ctx, actor, orgId, siteId, async (tx, _l, s) => {
    findGroup(s, groupId);
    if (!s.sections.some((x) => x.id === sectionId)) throw invalidField('/body/sectionId', 'is not a section of this site');
    await sitesRepo.updateSection(tx, sectionId, { group_id: groupId });
  });
}

export async function removeSectionFromGroup(ctx: AppContext, actor: Actor, orgId: string, siteId: string, groupId: string, sectionId: string): Promise<void> {
  await changeSite(ctx, actor, orgId, siteId, async (tx, _l, s) => {
    const group = findGroup(s, groupId);
    const section = s.sections.find((x) => x.id === sectionId);
    if (section && section.group_id === groupId) await sitesRepo.updateSection(tx, sectionId, { group_id: group.parent_id });
  });
}

// Reading with the structure --------------------------------------------------------------------------------------

export async function loadSiteView(ctx: AppContext, actor: Actor, orgId: string, siteId: string, shareKey?: string): Promise<StructureView & LoadedSite> {
  const l = await loadSiteForReaders(ctx, actor, orgId, siteId, shareKey);
  const v = await structureView(ctx, ctx.db, actor, l.site);
  if (l.permissions.view) return { ...l, ...v };
  // Read as the published site's visitors read it (its visibility opened it to the caller): without claims, the
  // sections, site spaces and external links a condition hides are not there (site/resolve.ts), nor drafts
  // (draft sections with their site spaces, draft site spaces: liveStructure; draft links).
  const structure = {
    ...v.structure, ...visibleStructure(liveStructure(v.structure), {}),
    externalLinks: (v.structure.externalLinks ?? []).filter((x) => x.draft === 0 && visible(x.condition, {})),
  };
  const kept = new Set(structure.siteSpaces.map((ss) => ss.space_id));
  return { ...l, ...v, structure, spaces: new Map([...v.spaces].filter(([id]) => kept.has(id))) };
}

/**
 * Members with a role read every site of their organization, guests the sites granted to them; others read a published site its visibility opens to
 * them: public and unlisted ones, or a share-link site with the key of one of its active share links (`shareKey`).
 */
export async function loadSiteForReaders(ctx: AppContext, actor: Actor, orgId: string, siteId: string, shareKey?: string): Promise<LoadedSite> {
  const site = await sitesRepo.find(ctx.db, orgId, siteId);
  let member;
  try {
    member = (await loadOrganization(ctx, actor, orgId, 'view')).member;
  } catch (err) {
    if (!(err instanceof ApiError) || err.status !== 404) throw err;
  }
  const permissions = site ? await permissionsOnSite(ctx.db, actor, member, orgId, site.id) : sitePermissions(actor, member);
  if (site && permissions.view) return { site, permissions };
  const open = site && site.published === 1 && (site.visibility === 'public' || site.visibility === 'unlisted' ||
    (site.visibility === 'share-link' && shareKey !== undefined && await shareLinksRepo.isActiveKey(ctx.db, site.id, shareKey)));
  if (!site || !open) throw notFound('Site');
  return { site, permissions };
}


// Custom hostnames (GitBook's /custom-hostnames/{hostname}) ---------------------------------------------------------

/** The site whose custom hostname this is, for a caller who may do `action` with it (404 when none they see). */
async function siteOfHostname(ctx: AppContext, db: DbOrTx, actor: Actor, hostname: string, action: SiteAction, lock = false): Promise<LoadedSite> {
  const found = await sitesRepo.findByHostname(db, hostname.toLowerCase());
  if (!found) throw notFound('Custom hostname');
  try {
    return await loadSite(ctx, db, actor, found.org_id, found.id, action, lock);
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) throw notFound('Custom hostname');
    throw err;
  }
}

export async function getCustomHostname(ctx: AppContext, actor: Actor, hostname: string): Promise<SiteRow> {
  return (await siteOfHostname(ctx, ctx.db, actor, hostname, 'view')).site;
}

/** Nothing to recheck (Bindery keeps no DNS state): 400 while the site is unpublished, as GitBook's inactive hostname. */
export async function revalidateCustomHostname(ctx: AppContext, actor: Actor, hostname: string): Promise<void> {
  const { site } = await siteOfHostname(ctx, ctx.db, actor, hostname, 'edit');
  if (site.published !== 1) throw new ApiError(400, `The custom hostname ${site.hostname} is inactive: its site is not published`);
}

/** Removes the hostname from its site (as PATCH {hostname: null}). */
export async function removeCustomHostname(ctx: AppContext, actor: Actor, hostname: string): Promise<void> {
  await ctx.db.transaction().execute(async (tx) => {
    const { site } = await siteOfHostname(ctx, tx, actor, hostname, 'edit', true);
    await sitesRepo.update(tx, site.id, { hostname: null });
    await recordAudit(ctx, tx, actor, site.org_id, {
      action: 'site.hostname_changed', target: { type: 'site', id: site.id, label: site.title }, payload: { hostname: { before: site.hostname, after: null } },
    });
    await sitesRepo.touch(tx, site.id, ctx.clock.now().toISOString());
  });
}

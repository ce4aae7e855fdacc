// Organization commands: create, load for a caller, update.
import type { RequestBody } from '@bindery/api-types';
import { sql } from 'kysely';
import type { AppContext } from '../context.js';
import { locks } from '../repos/locks.js';
import { sitesRepo } from '../repos/sites.repo.js';
import type { DbOrTx } from '../db/database.js';
import type { PageRequest } from '../db/pagination.js';
import { isUniqueViolation, bool } from '../db/dialect.js';
import { conflict, invalidField, notFound } from '../errors.js';
import { newId } from '../lib/ids.js';
import { authorizeOrganization, type OrganizationAction } from '../policies/organization.js';
import { organizationsRepo, membersRepo, type OrgRow, type MemberRow } from '../repos/organizations.repo.js';
import type { Actor } from './auth.js';
import { recordAudit } from './audit.js';
import { assertNotBoundElsewhere, callerMembership } from './membership.js';

type UpdateBody = RequestBody<'updateOrganizationById'>;
type CreateBody = RequestBody<'createOrganization'>;

export interface LoadedOrganization {
  org: OrgRow;
  member: MemberRow | undefined;
}

/** Loads an organization and the caller's membership, and checks `action` (404 when not visible, 403 when not allowed). */
export async function loadOrganization(ctx: AppContext, actor: Actor, orgId: string, action: OrganizationAction = 'view', db: DbOrTx = ctx.db): Promise<LoadedOrganization> {
  const org = await organizationsRepo.findById(db, orgId);
  if (!org) throw notFound('Organization');
  const member = await callerMembership(db, actor, orgId);
  authorizeOrganization(actor, member, action);
  return { org, member };
}

const normalizeDomains = (d: string[]) => [...new Set(d.map((x) => x.toLowerCase()))];

export async function createOrganization(
  ctx: AppContext,
  actor: Actor,
  body: CreateBody,
  defaultSite?: (tx: DbOrTx, orgId: string) => Promise<string>,
): Promise<LoadedOrganization> {
  assertNotBoundElsewhere(actor, null, 'create organizations');
  const now = ctx.clock.now().toISOString();
  const domains = normalizeDomains(body.emailDomains ?? []);
  const org: OrgRow = {
    id: newId(),
    title: body.title,
    hostname: body.hostname ?? null,
    type: body.type ?? 'business',
    use_case: null,
    community_type: null,
    email_domains: JSON.stringify(domains),
    default_role: 'read',
    default_content: null,
    logo_url: null,
    sso: 0,
    ai: 0,
    invite_links: 1,
    plan: 'free_2024',
    merge_rules: JSON.stringify({ type: 'none' }),
    created_at: now,
    updated_at: now,
  };
  const member: MemberRow = { org_id: org.id, user_id: actor.user.id, role: 'admin', disabled: 0, sso: 0, joined_at: now, last_seen_at: null };
  try {
    await ctx.db.transaction().execute(async (tx) => {
      await organizationsRepo.insert(tx, org);
      await organizationsRepo.setEmailDomains(tx, org.id, domains);
      await membersRepo.insert(tx, member);
      await recordAudit(ctx, tx, actor, org.id, { action: 'organization.created', target: { type: 'organization', id: org.id, label: org.title }, payload: { type: org.type, hostname: org.hostname } });
      // GitBook's `withDefaultSite`: the site is made by the caller (now the organization's admin) and becomes the
      // organization's default content, in this transaction (a failure leaves no organization).
      if (defaultSite) {
        const site = await defaultSite(tx, org.id);
        org.default_content = JSON.stringify({ type: 'site', site });
        await organizationsRepo.update(tx, org.id, { default_content: org.default_content });
      }
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(`The hostname "${body.hostname}" is already used by another organization`);
    throw err;
  }
  return { org, member };
}

export async function updateOrganization(ctx: AppContext, actor: Actor, orgId: string, body: UpdateBody): Promise<LoadedOrganization> {
  const { member } = await loadOrganization(ctx, actor, orgId, 'admin');
  const patch: Record<string, unknown> = { updated_at: ctx.clock.now().toISOString() };
  if (body.title !== undefined) patch.title = body.title;
  if (body.hostname !== undefined) patch.hostname = body.hostname;
  if (body.defaultRole !== undefined) patch.default_role = body.defaultRole;
  if (body.defaultContent !== undefined) {
    // The default content is a site of this organization (Part 2: Organization.defaultContent).
    if (body.defaultContent !== null && !(await sitesRepo.find(ctx.db, orgId, body.defaultContent.site))) {
      throw invalidField('/body/defaultContent/site', `is not a site of this organization (${body.defaultContent.site})`);
    }
    patch.default_content = body.defaultContent === null ? null : JSON.stringify(body.defaultContent);
  }
  if (body.logo !== undefined) patch.logo_url = body.logo;
  if (body.sso !== undefined) patch.sso = bool(body.sso);
  if (body.ai !== undefined) patch.ai = bool(body.ai);
  if (body.inviteLinks !== undefined) patch.invite_links = bool(body.inviteLinks);
  // An organization's `inherit` and GitBook's `none` both mean no rules of its own: stored as `none`.
  if (body.mergeRules !== undefined) patch.merge_rules = JSON.stringify(body.mergeRules.type === 'inherit' ? { type: 'none' } : body.mergeRules);
  const domains = body.emailDomains !== undefined ? normalizeDomains(body.emailDomains) : undefined;
  if (domains) patch.email_domains = JSON.stringify(domains);
  try {
    await ctx.db.transaction().execute(async (tx) => {
      // The site is checked again under the organization's lock, which deleting a site takes too: checked only
      // before, a site deleted meanwhile (its delete clearing a default content not yet written) stayed named.
      await locks.organizations(ctx, tx, [orgId]);
      if (body.defaultContent && !(await sitesRepo.find(tx, orgId, body.defaultContent.site))) {
        throw invalidField('/body/defaultContent/site', `is not a site of this organization (${body.defaultContent.site})`);
      }
      await organizationsRepo.update(tx, orgId, patch);
      if (domains) await organizationsRepo.setEmailDomains(tx, orgId, domains);
      await recordAudit(ctx, tx, actor, orgId, { action: 'organization.updated', target: { type: 'organization', id: orgId, label: body.title ?? null }, payload: { fields: Object.keys(body).sort() } });
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(`The hostname "${body.hostname}" is already used by another organization`);
    throw err;
  }
  const org = await organizationsRepo.findById(ctx.db, orgId);
  if (!org) throw notFound('Organization');
  return { org, member };
}

/** One page of the organizations the caller is a member of (only the SSO one for a token of an SSO sign-in). */
export async function listOrganizationsForUser(ctx: AppContext, actor: Actor, page: PageRequest) {
  const result = await organizationsRepo.listForUser(ctx.db, actor.user.id, page, actor.ssoOrgId);
  const items: LoadedOrganization[] = result.rows.map((row) => {
    const { member_role, ...org } = row;
    return { org, member: { org_id: org.id, user_id: actor.user.id, role: member_role, disabled: 0, sso: 0, joined_at: org.created_at, last_seen_at: null } };
  });
  return { items, next: result.next, count: result.count };
}

/** The organizations that users of an email domain may join; only a user of that domain (or the administrator) asks. */
export async function organizationsForEmailDomain(ctx: AppContext, actor: Actor, emailDomain: string): Promise<LoadedOrganization[]> {
  const domain = emailDomain.toLowerCase();
  const ownsDomain = actor.user.email_lower.endsWith('@' + domain);
  if (!ownsDomain && !actor.isInstanceAdmin) return [];
  const orgs = await organizationsRepo.findByEmailDomain(ctx.db, domain);
  return Promise.all(orgs.map(async (org) => ({ org, member: await membersRepo.find(ctx.db, org.id, actor.user.id) })));
}

/** The organization whose subdomain (hostname) this is, case-insensitively; 404 for a free one. */
export async function getOrganizationBySubdomain(ctx: AppContext, subdomain: string): Promise<OrgRow> {
  const org = await organizationsRepo.findByHostname(ctx.db, subdomain);
  if (!org) throw notFound('Subdomain');
  return org;
}

// Who may do what with an organization's sites. A caller's role on a site is the highest of their organization role
// and the roles granted on that site to them or to a team they are in (`content_grants` rows with target_kind
// `site`, GitBook's site permissions); the instance administrator is admin everywhere. Then: any role reads the site
// (so a guest granted a role on one site sees that site, and only it), the create role or above changes it, admin
// administers it (its permissions: who else gets a role on it). Disabled members, members of no organization and
// guests without a grant see none (404). Creating a site needs the create role in the organization. The published
// site itself follows the site's visibility, not these rules. See docs/permissions.md.
import type { components } from '@bindery/api-types';
import { forbidden, notFound } from '../errors.js';
import type { MemberRow } from '../repos/organizations.repo.js';
import type { Actor } from '../services/auth.js';
import { atLeast, highest, type Role } from './roles.js';
import { effectiveOrgRole, isInOrganization } from './organization.js';

export type SitePermissions = NonNullable<components['schemas']['Site']['permissions']>;
export type SiteAction = 'view' | 'edit' | 'admin';

/** The key of a site grant in a subject's grants (policies/content.ts keys spaces and collections the same way). */
export const siteGrantKey = (siteId: string) => `site:${siteId}`;

/** The caller's role on one site: organization role and the role granted on the site (`granted`), the higher. */
export function siteRole(actor: Actor, member: MemberRow | undefined, granted: Role | null | undefined): Role | null {
  if (actor.isInstanceAdmin) return 'admin';
  if (!isInOrganization(actor, member)) return null;
  return highest(effectiveOrgRole(actor, member), granted);
}

export function sitePermissionsOfRole(role: Role | null): Required<SitePermissions> {
  const view = role !== null;
  const edit = atLeast(role, 'create');
  const admin = atLeast(role, 'admin');
  return { view, access: view, edit, create: edit, admin, installIntegration: admin, viewAdaptiveSchema: view, editAdaptiveSchema: edit };
}

/** The permissions the organization role alone gives on every site (before any site grant). */
export function sitePermissions(actor: Actor, member: MemberRow | undefined, granted: Role | null = null): Required<SitePermissions> {
  return sitePermissionsOfRole(siteRole(actor, member, granted));
}

/** 404 when the caller may not see the site, 403 when they see it but may not do `action`. */
export function authorizeSite(perms: Required<SitePermissions>, action: SiteAction): Required<SitePermissions> {
  if (!perms.view) throw notFound('Site');
  if (action === 'edit' && !perms.edit) throw forbidden('You need the create role on this site to change it');
  if (action === 'admin' && !perms.admin) throw forbidden('You need the admin role on this site to manage who may access it');
  return perms;
}

/** For what is not one site (creating a site): 404 without a role in the organization, 403 below `create`. */
export function authorizeSites(actor: Actor, member: MemberRow | undefined, action: 'view' | 'edit'): Required<SitePermissions> {
  return authorizeSite(sitePermissions(actor, member), action);
}

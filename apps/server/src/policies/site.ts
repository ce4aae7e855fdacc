// Who may do what with an organization's sites: members with a role see them; members who may create content
// (the create role or above) change them; admins administer them (integrations, adaptive schema). Guests and
// outsiders see none (404). The published site itself follows the site's visibility, not these rules.
import type { components } from '@bindery/api-types';
import { forbidden, notFound } from '../errors.js';
import type { MemberRow } from '../repos/organizations.repo.js';
import type { Actor } from '../services/auth.js';
import { atLeast } from './roles.js';
import { effectiveOrgRole } from './organization.js';

export type SitePermissions = NonNullable<components['schemas']['Site']['permissions']>;

export function sitePermissions(actor: Actor, member: MemberRow | undefined): Required<SitePermissions> {
  const role = effectiveOrgRole(actor, member);
  const view = role !== null;
  const edit = atLeast(role, 'create');
  const admin = atLeast(role, 'admin');
  return { view, access: view, edit, create: edit, admin, installIntegration: admin, viewAdaptiveSchema: view, editAdaptiveSchema: edit };
}

/** 404 when the caller may not see the organization's sites, 403 when they see them but may not change them. */
export function authorizeSites(actor: Actor, member: MemberRow | undefined, action: 'view' | 'edit'): Required<SitePermissions> {
  const perms = sitePermissions(actor, member);
  if (!perms.view) throw notFound('Site');
  if (action === 'edit' && !perms.edit) throw forbidden('You need the create role in this organization to change its sites');
  return perms;
}

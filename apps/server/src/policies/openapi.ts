// Who may do what with an organization's OpenAPI specifications: members with a role see them, members who may
// create content (`createOpenAPISpec`) change them. Guests and outsiders see none (404); a public spec is also
// readable by anyone through its published URL.
import type { components } from '@bindery/api-types';
import { forbidden, notFound } from '../errors.js';
import type { MemberRow } from '../repos/organizations.repo.js';
import type { Actor } from '../services/auth.js';
import { effectiveOrgRole, organizationPermissions } from './organization.js';

export type OpenAPISpecPermissions = components['schemas']['OpenAPISpec']['permissions'];

export function openAPISpecPermissions(actor: Actor, member: MemberRow | undefined): OpenAPISpecPermissions {
  const view = effectiveOrgRole(actor, member) !== null;
  return { view, edit: view && organizationPermissions(actor, member).createOpenAPISpec };
}

/** 404 when the caller may not see the organization's specs, 403 when they see them but may not `action`. */
export function authorizeOpenAPISpecs(actor: Actor, member: MemberRow | undefined, action: 'view' | 'edit'): OpenAPISpecPermissions {
  const perms = openAPISpecPermissions(actor, member);
  if (!perms.view) throw notFound('Organization');
  if (action === 'edit' && !perms.edit) throw forbidden('You need the create role in this organization to change its OpenAPI specifications');
  return perms;
}

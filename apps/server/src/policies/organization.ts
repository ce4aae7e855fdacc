// Who may do what in an organization. Every organization handler asks this module; the `permissions` object of
// the Organization is derived from the same function, so what the API says is what it enforces.
import type { components } from '@bindery/api-types';
import { forbidden, notFound } from '../errors.js';
import type { MemberRow } from '../repos/organizations.repo.js';
import type { Actor } from '../services/auth.js';
import { asRole, atLeast, type Role } from './roles.js';

export type OrganizationAction =
  | 'view' | 'admin' | 'ownTeam' | 'createContent' | 'createOpenAPISpec' | 'ingestConversations' | 'viewBilling'
  | 'listMembers' | 'listTeams' | 'listIntegrations' | 'listInstallations' | 'installIntegration';

/** The caller's effective organization role: the instance administrator administers every organization. */
export function effectiveOrgRole(actor: Actor, member: MemberRow | undefined): Role | null {
  if (actor.isInstanceAdmin) return 'admin';
  if (!member || member.disabled) return null;
  return asRole(member.role);
}

/** Whether the caller is in the organization at all (members with no role are guests). */
export function isInOrganization(actor: Actor, member: MemberRow | undefined): boolean {
  return actor.isInstanceAdmin || (!!member && !member.disabled);
}

export function organizationPermissions(actor: Actor, member: MemberRow | undefined): components['schemas']['OrganizationPermissions'] {
  const inOrg = isInOrganization(actor, member);
  const role = effectiveOrgRole(actor, member);
  const admin = atLeast(role, 'admin');
  const creator = atLeast(role, 'create');
  const hasRole = role !== null;
  return {
    view: inOrg,
    access: inOrg,
    admin,
    ownTeam: admin,
    createContent: creator,
    createOpenAPISpec: creator,
    ingestConversations: admin,
    viewBilling: admin,
    listMembers: inOrg && hasRole,
    listTeams: inOrg && hasRole,
    listIntegrations: inOrg && hasRole,
    listInstallations: admin,
    installIntegration: admin,
  };
}

/** Throws 404 when the caller may not see the organization, 403 when they see it but may not do `action`. */
export function authorizeOrganization(actor: Actor, member: MemberRow | undefined, action: OrganizationAction): void {
  const perms = organizationPermissions(actor, member);
  if (!perms.view) throw notFound('Organization');
  if (!perms[action]) throw forbidden(`You need the ${requiredRoleFor(action)} role in this organization to do this`);
}

function requiredRoleFor(action: OrganizationAction): Role {
  switch (action) {
    case 'createContent':
    case 'createOpenAPISpec':
      return 'create';
    case 'listMembers':
    case 'listTeams':
    case 'listIntegrations':
    case 'view':
      return 'read';
    default:
      return 'admin';
  }
}

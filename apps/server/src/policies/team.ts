// Who may do what with a team; the `permissions` object of the Team comes from the same rules.
// Members with an organization role see every team; a guest sees the teams they are in. Organization admins and
// the team's owners manage it (rename, delete, members). Anyone may leave a team they are in.
import type { components } from '@bindery/api-types';
import { forbidden, notFound } from '../errors.js';
import type { MemberRow } from '../repos/organizations.repo.js';
import type { TeamRole } from '../repos/teams.repo.js';
import type { Actor } from '../services/auth.js';
import { effectiveOrgRole, isInOrganization } from './organization.js';

export type TeamPermissions = components['schemas']['Team']['permissions'];
export type TeamAction = 'view' | 'admin';

export function teamPermissions(actor: Actor, member: MemberRow | undefined, teamRole: TeamRole | undefined): TeamPermissions {
  const inOrg = isInOrganization(actor, member);
  const orgRole = effectiveOrgRole(actor, member);
  return {
    view: inOrg && (orgRole !== null || teamRole !== undefined),
    admin: inOrg && (orgRole === 'admin' || teamRole === 'owner'),
  };
}

/** Throws 404 when the caller cannot see the team, 403 when they see it but may not manage it. */
export function authorizeTeam(perms: TeamPermissions, action: TeamAction): void {
  if (!perms.view) throw notFound('Team');
  if (!perms[action]) throw forbidden('Only organization admins and the owners of the team can manage it');
}

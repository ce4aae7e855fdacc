import type { components } from '@bindery/api-types';
import type { TeamPermissions } from '../policies/team.js';
import type { TeamCounts, TeamRow } from '../repos/teams.repo.js';

export function presentTeam(t: TeamRow, counts: TeamCounts, permissions: TeamPermissions): components['schemas']['Team'] {
  return {
    object: 'team',
    id: t.id,
    title: t.title,
    members: counts.members,
    spaces: counts.spaces,
    createdAt: t.created_at,
    permissions,
  };
}

/** The role granted to a team on a space or collection. */
export function presentTeamPermission(permission: components['schemas']['MemberRole'], t: TeamRow, counts: TeamCounts, permissions: TeamPermissions): components['schemas']['TeamContentPermission'] {
  return { permission, team: presentTeam(t, counts, permissions) };
}

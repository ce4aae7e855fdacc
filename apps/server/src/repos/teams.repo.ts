import { sql, type Selectable } from 'kysely';
import type { DbOrTx } from '../db/database.js';
import { containsInsensitive } from '../db/dialect.js';
import type { TeamsTable, TeamMembersTable } from '../db/schema.js';
import { paginate, type PageRequest } from '../db/pagination.js';
import type { MemberRow } from './organizations.repo.js';
import type { UserRow } from './users.repo.js';

export type TeamRow = Selectable<TeamsTable>;
export type TeamMemberRow = Selectable<TeamMembersTable>;
export type TeamRole = 'owner' | 'member';

export interface TeamCounts {
  members: number;
  spaces: number;
}

export const teamsRepo = {
  find(db: DbOrTx, orgId: string, teamId: string): Promise<TeamRow | undefined> {
    return db.selectFrom('teams').selectAll().where('org_id', '=', orgId).where('id', '=', teamId).executeTakeFirst();
  },
  findMany(db: DbOrTx, orgId: string, ids: string[]): Promise<TeamRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return db.selectFrom('teams').selectAll().where('org_id', '=', orgId).where('id', 'in', ids).execute();
  },
  async insert(db: DbOrTx, row: TeamRow): Promise<void> {
    await db.insertInto('teams').values(row).execute();
  },
  async update(db: DbOrTx, id: string, patch: Partial<TeamRow>): Promise<void> {
    await db.updateTable('teams').set(patch).where('id', '=', id).execute();
  },
  async delete(db: DbOrTx, orgId: string, id: string): Promise<boolean> {
    const r = await db.deleteFrom('teams').where('org_id', '=', orgId).where('id', '=', id).executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  },
  /** Teams of an organization; `ownedBy` keeps the teams that user owns, `title` filters by a contained text. */
  list(db: DbOrTx, orgId: string, q: { title?: string; ownedBy?: string }, page: PageRequest) {
    let base = db.selectFrom('teams').selectAll().where('org_id', '=', orgId);
    if (q.title) {
      const t = q.title;
      base = base.where((eb) => containsInsensitive(eb.ref('title'), t));
    }
    if (q.ownedBy) {
      const u = q.ownedBy;
      base = base.where('id', 'in', (eb) => eb.selectFrom('team_members').select('team_id').where('user_id', '=', u).where('role', '=', 'owner'));
    }
    return paginate(base, page, {
      scope: `teams:${orgId}:${q.title ?? ''}:${q.ownedBy ?? ''}`, sortColumn: 'created_at', idColumn: 'id', direction: 'asc',
      keyOf: (r) => [r.created_at, r.id],
    });
  },
  /** The teams a user is in, with their team role. */
  listForUser(db: DbOrTx, orgId: string, userId: string, q: { title?: string }, page: PageRequest) {
    let base = db
      .selectFrom('teams as t')
      .innerJoin('team_members as tm', 'tm.team_id', 't.id')
      .selectAll('t')
      .select('tm.role as member_role')
      .where('t.org_id', '=', orgId)
      .where('tm.user_id', '=', userId);
    if (q.title) {
      const t = q.title;
      base = base.where((eb) => containsInsensitive(eb.ref('t.title'), t));
    }
    return paginate(base, page, {
      scope: `member-teams:${orgId}:${userId}:${q.title ?? ''}`, sortColumn: 't.created_at', idColumn: 't.id', direction: 'asc',
      keyOf: (r) => [r.created_at, r.id],
    });
  },
  async counts(db: DbOrTx, teamIds: string[]): Promise<Map<string, TeamCounts>> {
    const out = new Map<string, TeamCounts>(teamIds.map((id) => [id, { members: 0, spaces: 0 }]));
    if (teamIds.length === 0) return out;
    const [members, spaces] = await Promise.all([
      db.selectFrom('team_members').select(['team_id', sql<number | string>`count(*)`.as('n')]).where('team_id', 'in', teamIds).groupBy('team_id').execute(),
      db
        .selectFrom('content_grants as g')
        .innerJoin('spaces as s', 's.id', 'g.target_id')
        .select(['g.principal_id', sql<number | string>`count(distinct s.id)`.as('n')])
        .where('g.target_kind', '=', 'space')
        .where('g.principal_kind', '=', 'team')
        .where('g.principal_id', 'in', teamIds)
        .where('s.deleted_at', 'is', null)
        .groupBy('g.principal_id')
        .execute(),
    ]);
    for (const m of members) out.get(m.team_id)!.members = Number(m.n);
    for (const s of spaces) out.get(s.principal_id)!.spaces = Number(s.n);
    return out;
  },
  /** The caller's role in each of `teamIds` that they are a member of. */
  rolesOfUser(db: DbOrTx, userId: string, teamIds: readonly string[]): Promise<{ team_id: string; role: string }[]> {
    if (teamIds.length === 0) return Promise.resolve([]);
    return db.selectFrom('team_members').select(['team_id', 'role']).where('user_id', '=', userId).where('team_id', 'in', teamIds).execute();
  },
  /** The members of the given teams (team id, user id). */
  membersOfTeams(db: DbOrTx, teamIds: readonly string[]): Promise<{ team_id: string; user_id: string }[]> {
    if (teamIds.length === 0) return Promise.resolve([]);
    return db.selectFrom('team_members').select(['team_id', 'user_id']).where('team_id', 'in', [...teamIds]).execute();
  },
  findMembership(db: DbOrTx, teamId: string, userId: string): Promise<TeamMemberRow | undefined> {
    return db.selectFrom('team_members').selectAll().where('team_id', '=', teamId).where('user_id', '=', userId).executeTakeFirst();
  },
  memberships(db: DbOrTx, teamId: string, userIds: string[]): Promise<TeamMemberRow[]> {
    if (userIds.length === 0) return Promise.resolve([]);
    return db.selectFrom('team_members').selectAll().where('team_id', '=', teamId).where('user_id', 'in', userIds).execute();
  },
  /** Adds a member (or, with `updateRole`, sets the role of an existing one). */
  async addMember(db: DbOrTx, row: TeamMemberRow, opts: { updateRole: boolean }): Promise<void> {
    await db
      .insertInto('team_members')
      .values(row)
      .onConflict((oc) => (opts.updateRole ? oc.columns(['team_id', 'user_id']).doUpdateSet({ role: row.role }) : oc.columns(['team_id', 'user_id']).doNothing()))
      .execute();
  },
  async setRole(db: DbOrTx, teamId: string, userId: string, role: TeamRole): Promise<void> {
    await db.updateTable('team_members').set({ role }).where('team_id', '=', teamId).where('user_id', '=', userId).execute();
  },
  /** Removes those users from the team; returns how many were in it. */
  async removeMembers(db: DbOrTx, teamId: string, userIds: string[]): Promise<number> {
    if (!userIds.length) return 0;
    const r = await db.deleteFrom('team_members').where('team_id', '=', teamId).where('user_id', 'in', userIds).executeTakeFirst();
    return Number(r.numDeletedRows);
  },
  async removeUserFromOrganizationTeams(db: DbOrTx, orgId: string, userId: string): Promise<void> {
    await db.deleteFrom('team_members').where('org_id', '=', orgId).where('user_id', '=', userId).execute();
  },
  /** Team members with their organization membership and user, in the order they joined the team. */
  listMembers(db: DbOrTx, orgId: string, teamId: string, page: PageRequest) {
    const base = db
      .selectFrom('team_members as tm')
      .innerJoin('org_members as m', (j) => j.onRef('m.user_id', '=', 'tm.user_id').onRef('m.org_id', '=', 'tm.org_id'))
      .innerJoin('users as u', 'u.id', 'tm.user_id')
      .select([
        'tm.role as team_role', 'tm.added_at', 'tm.user_id',
        'm.org_id', 'm.role', 'm.disabled', 'm.sso', 'm.joined_at', 'm.last_seen_at',
        'u.id', 'u.email', 'u.email_lower', 'u.display_name', 'u.photo_url', 'u.is_instance_admin', 'u.created_at', 'u.updated_at',
      ])
      .where('tm.team_id', '=', teamId)
      .where('tm.org_id', '=', orgId);
    return paginate(base, page, {
      scope: `team-members:${teamId}`, sortColumn: 'tm.added_at', idColumn: 'tm.user_id', direction: 'asc',
      keyOf: (r) => [r.added_at, r.user_id],
    });
  },
};

export function splitTeamMember(r: {
  team_role: string; user_id: string; org_id: string; role: string | null; disabled: 0 | 1; sso: 0 | 1; joined_at: string; last_seen_at: string | null;
  id: string; email: string; email_lower: string; display_name: string; photo_url: string | null; is_instance_admin: 0 | 1; created_at: string; updated_at: string;
}): { teamRole: TeamRole; member: MemberRow; user: UserRow } {
  return {
    teamRole: r.team_role as TeamRole,
    member: { org_id: r.org_id, user_id: r.user_id, role: r.role, disabled: r.disabled, sso: r.sso, joined_at: r.joined_at, last_seen_at: r.last_seen_at },
    user: {
      id: r.id, email: r.email, email_lower: r.email_lower, display_name: r.display_name, photo_url: r.photo_url,
      is_instance_admin: r.is_instance_admin, created_at: r.created_at, updated_at: r.updated_at,
    },
  };
}

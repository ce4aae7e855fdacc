import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import type { DbOrTx } from '../db/database.js';
import { containsInsensitive } from '../db/dialect.js';
import type { OrganizationsTable, OrgMembersTable, OrgInvitesTable } from '../db/schema.js';
import { paginate, type PageRequest } from '../db/pagination.js';
import { prepared, preparedByKey } from '../db/prepared.js';
import { cachedRead } from '../db/read-cache.js';
import type { UserRow } from './users.repo.js';

export type OrgRow = Selectable<OrganizationsTable>;
export type MemberRow = Selectable<OrgMembersTable>;
export type InviteRow = Selectable<OrgInvitesTable>;

const selectOrganizationById = preparedByKey((db) => db.selectFrom('organizations').selectAll(), 'id');

const selectMemberWithOrgSso = prepared((db, p: { orgId: string; userId: string }) =>
  db
    .selectFrom('org_members as m')
    .innerJoin('organizations as o', 'o.id', 'm.org_id')
    .selectAll('m')
    .select('o.sso as org_sso')
    .where('m.org_id', '=', p.orgId)
    .where('m.user_id', '=', p.userId));

export const organizationsRepo = {
  /** Through the request caches (domain `members`: any change to an organization row bumps it). */
  async findById(db: DbOrTx, id: string): Promise<OrgRow | undefined> {
    return cachedRead(db, 'members', `org ${id}`, async () => (await selectOrganizationById(db, id))[0]);
  },
  /** The organization whose hostname (subdomain) this is, case-insensitively. */
  findByHostname(db: DbOrTx, hostname: string): Promise<OrgRow | undefined> {
    return db.selectFrom('organizations').selectAll().where('hostname', '=', hostname.toLowerCase()).executeTakeFirst();
  },
  async insert(db: DbOrTx, row: Insertable<OrganizationsTable>): Promise<void> {
    await db.insertInto('organizations').values(row).execute();
  },
  async allIds(db: DbOrTx): Promise<string[]> {
    return (await db.selectFrom('organizations').select('id').execute()).map((r) => r.id);
  },
  async update(db: DbOrTx, id: string, patch: Updateable<OrganizationsTable>): Promise<void> {
    await db.updateTable('organizations').set(patch).where('id', '=', id).execute();
  },
  /** Clears the organization's default content when it names this site (the site is being deleted). */
  async clearDefaultContentSite(db: DbOrTx, orgId: string, siteId: string): Promise<void> {
    await db.updateTable('organizations').set({ default_content: null }).where('id', '=', orgId).where('default_content', 'like', `%"${siteId}"%`).execute();
  },
  async setEmailDomains(db: DbOrTx, orgId: string, domains: string[]): Promise<void> {
    await db.deleteFrom('org_email_domains').where('org_id', '=', orgId).execute();
    if (domains.length) await db.insertInto('org_email_domains').values(domains.map((domain) => ({ org_id: orgId, domain }))).execute();
  },
  findByEmailDomain(db: DbOrTx, domain: string): Promise<OrgRow[]> {
    return db
      .selectFrom('organizations as o')
      .innerJoin('org_email_domains as d', 'd.org_id', 'o.id')
      .selectAll('o')
      .where('d.domain', '=', domain.toLowerCase())
      .orderBy('o.created_at')
      .orderBy('o.id')
      .execute();
  },
  /** Organizations a user is a member of, with their membership. */
  /** The organizations a user is a member of (only `onlyOrgId` when given: a token bound to one organization). */
  listForUser(db: DbOrTx, userId: string, page: PageRequest, onlyOrgId?: string | null) {
    let base = db
      .selectFrom('organizations as o')
      .innerJoin('org_members as m', 'm.org_id', 'o.id')
      .selectAll('o')
      .select(['m.role as member_role'])
      .where('m.user_id', '=', userId);
    if (onlyOrgId) base = base.where('o.id', '=', onlyOrgId);
    return paginate(base, page, {
      scope: `orgs:${userId}:${onlyOrgId ?? ''}`, sortColumn: 'o.created_at', idColumn: 'o.id', direction: 'asc',
      keyOf: (r) => [r.created_at, r.id],
    });
  },
  /** Every organization (for the instance administrator). */
  listAll(db: DbOrTx, page: PageRequest) {
    const base = db.selectFrom('organizations as o').selectAll('o').select((eb) => eb.val<string | null>(null).as('member_role'));
    return paginate(base, page, {
      scope: 'orgs:*', sortColumn: 'o.created_at', idColumn: 'o.id', direction: 'asc',
      keyOf: (r) => [r.created_at, r.id],
    });
  },
};

/** A membership with its user. */
export interface MemberAndUser {
  member: MemberRow;
  user: UserRow;
}

/** How many spaces and teams a member has (Member.spaces / Member.teams). */
export interface MembershipCounts {
  spaces: number;
  teams: number;
}

export type MemberSort = 'joinedAt' | 'lastSeenAt' | 'name';

export interface MemberFilters {
  /** A role, or 'guest' for members without one. */
  role?: string;
  /** Part of the display name or email, case-insensitively. */
  search?: string;
  sort: MemberSort;
  direction: 'asc' | 'desc';
}

const MEMBER_COLUMNS = [
  'm.org_id', 'm.user_id', 'm.role', 'm.disabled', 'm.sso', 'm.joined_at', 'm.last_seen_at',
  'u.id', 'u.email', 'u.email_lower', 'u.display_name', 'u.photo_url', 'u.is_instance_admin', 'u.created_at', 'u.updated_at',
] as const;

type JoinedRow = MemberRow & UserRow;

function splitJoined(r: JoinedRow): MemberAndUser {
  return {
    member: { org_id: r.org_id, user_id: r.user_id, role: r.role, disabled: r.disabled, sso: r.sso, joined_at: r.joined_at, last_seen_at: r.last_seen_at },
    user: {
      id: r.id, email: r.email, email_lower: r.email_lower, display_name: r.display_name, photo_url: r.photo_url,
      is_instance_admin: r.is_instance_admin, created_at: r.created_at, updated_at: r.updated_at,
    },
  };
}

function joinedMembers(db: DbOrTx, orgId: string) {
  return db.selectFrom('org_members as m').innerJoin('users as u', 'u.id', 'm.user_id').select(MEMBER_COLUMNS).where('m.org_id', '=', orgId);
}

const SORT_COLUMNS = { joinedAt: 'm.joined_at', lastSeenAt: 'm.last_seen_at', name: 'u.display_name' } as const;

export const membersRepo = {
  find(db: DbOrTx, orgId: string, userId: string): Promise<MemberRow | undefined> {
    return db.selectFrom('org_members').selectAll().where('org_id', '=', orgId).where('user_id', '=', userId).executeTakeFirst();
  },
  /** A membership with whether its organization enforces SSO (one query). */
  /** A membership and whether its organization enforces SSO (cached per request path: db/read-cache.ts, `members`). */
  findWithOrgSso(db: DbOrTx, orgId: string, userId: string): Promise<(MemberRow & { org_sso: OrganizationsTable['sso'] }) | undefined> {
    return cachedRead(db, 'members', `${orgId} ${userId}`, async () => (await selectMemberWithOrgSso(db, { orgId, userId }))[0]);
  },
  async insert(db: DbOrTx, row: MemberRow): Promise<void> {
    await db.insertInto('org_members').values(row).execute();
  },
  /** Adds a membership unless the user already is a member; returns whether it added one. */
  async insertIfAbsent(db: DbOrTx, row: MemberRow): Promise<boolean> {
    const r = await db
      .insertInto('org_members')
      .values(row)
      .onConflict((oc) => oc.columns(['org_id', 'user_id']).doNothing())
      .executeTakeFirst();
    return Number(r.numInsertedOrUpdatedRows ?? 0) > 0;
  },
  /** A membership with its user. */
  async findWithUser(db: DbOrTx, orgId: string, userId: string): Promise<MemberAndUser | undefined> {
    const row = await joinedMembers(db, orgId).where('m.user_id', '=', userId).executeTakeFirst();
    return row ? splitJoined(row) : undefined;
  },
  /**
   * One page of the members (with their users) of an organization. Sorted by `lastSeenAt`, members never seen are
   * listed too, as seen before everyone else (last in the default `desc` order): a sort does not filter.
   */
  async listWithUsers(db: DbOrTx, orgId: string, f: MemberFilters, page: PageRequest) {
    let base = joinedMembers(db, orgId);
    if (f.role === 'guest') base = base.where('m.role', 'is', null);
    else if (f.role) base = base.where('m.role', '=', f.role);
    if (f.search) {
      const s = f.search;
      base = base.where((eb) => eb.or([containsInsensitive(eb.ref('u.display_name'), s), containsInsensitive(eb.ref('u.email'), s)]));
    }
    const result = await paginate(base, page, {
      scope: `members:${orgId}:${f.role ?? ''}:${f.search ?? ''}:${f.sort}:${f.direction}`,
      sortColumn: SORT_COLUMNS[f.sort],
      ...(f.sort === 'lastSeenAt' ? { sortNullsAs: '' } : {}),
      idColumn: 'm.user_id',
      direction: f.direction,
      keyOf: (r) => [({ joinedAt: r.joined_at, lastSeenAt: r.last_seen_at ?? '', name: r.display_name })[f.sort], r.user_id],
    });
    return { ...result, rows: result.rows.map(splitJoined) };
  },
  /** Every member of the organization with their user (the permissions aggregate of a space or collection). */
  async allWithUsers(db: DbOrTx, orgId: string): Promise<MemberAndUser[]> {
    return (await joinedMembers(db, orgId).execute()).map(splitJoined);
  },
  /** The members among `userIds` with their users, by display name (commenters of a space or change request). */
  async listWithUsersAmong(db: DbOrTx, orgId: string, userIds: readonly string[], scope: string, page: PageRequest) {
    const ids = userIds.length ? [...userIds] : [''];
    const result = await paginate(joinedMembers(db, orgId).where('m.user_id', 'in', ids), page, {
      scope: `members-among:${orgId}:${scope}`, sortColumn: SORT_COLUMNS.name, idColumn: 'm.user_id', direction: 'asc',
      keyOf: (r) => [r.display_name, r.user_id],
    });
    return { ...result, rows: result.rows.map(splitJoined) };
  },
  /**
   * How many spaces and teams each user has in the organization: `spaces` counts the live spaces granted to the
   * user directly (POST /v1/spaces/{id}/permissions), `teams` the organization's teams they are in.
   */
  async countMemberships(db: DbOrTx, orgId: string, userIds: readonly string[]): Promise<Map<string, MembershipCounts>> {
    const out = new Map<string, MembershipCounts>(userIds.map((id) => [id, { spaces: 0, teams: 0 }]));
    if (userIds.length === 0) return out;
    const [teams, spaces] = await Promise.all([
      db.selectFrom('team_members').select(['user_id', sql<number | string>`count(*)`.as('n')]).where('org_id', '=', orgId).where('user_id', 'in', userIds).groupBy('user_id').execute(),
      db
        .selectFrom('content_grants as g')
        .innerJoin('spaces as s', 's.id', 'g.target_id')
        .select(['g.principal_id', sql<number | string>`count(distinct s.id)`.as('n')])
        .where('g.org_id', '=', orgId)
        .where('g.target_kind', '=', 'space')
        .where('g.principal_kind', '=', 'user')
        .where('g.principal_id', 'in', userIds)
        .where('s.deleted_at', 'is', null)
        .groupBy('g.principal_id')
        .execute(),
    ]);
    for (const t of teams) out.get(t.user_id)!.teams = Number(t.n);
    for (const g of spaces) out.get(g.principal_id)!.spaces = Number(g.n);
    return out;
  },
  async update(db: DbOrTx, orgId: string, userId: string, patch: Updateable<OrgMembersTable>): Promise<void> {
    await db.updateTable('org_members').set(patch).where('org_id', '=', orgId).where('user_id', '=', userId).execute();
  },
  async delete(db: DbOrTx, orgId: string, userId: string): Promise<number> {
    const r = await db.deleteFrom('org_members').where('org_id', '=', orgId).where('user_id', '=', userId).executeTakeFirst();
    return Number(r.numDeletedRows);
  },
  /** The organizations `userId` is an enabled member of (only those where they are an admin, with `adminOnly`). */
  async orgIdsOfUser(db: DbOrTx, userId: string, opts: { adminOnly?: boolean } = {}): Promise<string[]> {
    const rows = await db.selectFrom('org_members').select('org_id').where('user_id', '=', userId).where('disabled', '=', 0)
      .$if(!!opts.adminOnly, (q) => q.where('role', '=', 'admin')).execute();
    return rows.map((r) => r.org_id);
  },
  async countAdmins(db: DbOrTx, orgId: string): Promise<number> {
    const r = await db
      .selectFrom('org_members')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('org_id', '=', orgId)
      .where('role', '=', 'admin')
      .where('disabled', '=', 0)
      .executeTakeFirst();
    return Number(r?.n ?? 0);
  },
};

/** Which invite links a list is of: the links to the organization, or those to one space or collection. */
export type InviteListScope = { kind: 'organization' } | { kind: 'space'; id: string } | { kind: 'collection'; id: string };

export const invitesRepo = {
  find(db: DbOrTx, orgId: string, id: string): Promise<InviteRow | undefined> {
    return db.selectFrom('org_invites').selectAll().where('org_id', '=', orgId).where('id', '=', id).executeTakeFirst();
  },
  async insert(db: DbOrTx, row: InviteRow): Promise<void> {
    await db.insertInto('org_invites').values(row).execute();
  },
  /**
   * Sets the invite's `role` (a link to the organization) or `level` (a link to content) if it still is `before` (a
   * compare-and-set); answers whether it was.
   */
  async updateFrom(db: DbOrTx, orgId: string, id: string, column: 'role' | 'level', before: string | null, value: string | null): Promise<boolean> {
    const r = await db.updateTable('org_invites').set({ [column]: value }).where('org_id', '=', orgId).where('id', '=', id)
      .where((eb) => (before === null ? eb(column, 'is', null) : eb(column, '=', before))).executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  },
  /** Deletes the invite link; answers whether there was one. */
  async delete(db: DbOrTx, orgId: string, id: string): Promise<boolean> {
    const r = await db.deleteFrom('org_invites').where('org_id', '=', orgId).where('id', '=', id).executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  },
  /** Deletes the links to these spaces and collections (they leave the organization); answers how many. */
  async deleteForContent(db: DbOrTx, spaceIds: string[], collectionIds: string[]): Promise<number> {
    let n = 0;
    if (spaceIds.length) n += Number((await db.deleteFrom('org_invites').where('space_id', 'in', spaceIds).executeTakeFirst()).numDeletedRows);
    if (collectionIds.length) n += Number((await db.deleteFrom('org_invites').where('collection_id', 'in', collectionIds).executeTakeFirst()).numDeletedRows);
    return n;
  },
  list(db: DbOrTx, orgId: string, scope: InviteListScope, page: PageRequest) {
    let base = db.selectFrom('org_invites').selectAll().where('org_id', '=', orgId);
    base = scope.kind === 'space' ? base.where('space_id', '=', scope.id)
      : scope.kind === 'collection' ? base.where('collection_id', '=', scope.id)
      : base.where('space_id', 'is', null).where('collection_id', 'is', null);
    return paginate(base, page, {
      scope: scope.kind === 'organization' ? `invites:${orgId}` : `invites:${orgId}:${scope.kind}:${scope.id}`,
      sortColumn: 'created_at', idColumn: 'id', direction: 'desc',
      keyOf: (r) => [r.created_at, r.id],
    });
  },
};

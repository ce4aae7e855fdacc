import type { Insertable, Selectable, Updateable } from 'kysely';
import type { DbOrTx } from '../db/database.js';
import type { OrganizationsTable, OrgMembersTable, OrgInvitesTable } from '../db/schema.js';
import { paginate, type PageRequest } from '../db/pagination.js';

export type OrgRow = Selectable<OrganizationsTable>;
export type MemberRow = Selectable<OrgMembersTable>;
export type InviteRow = Selectable<OrgInvitesTable>;

export const organizationsRepo = {
  findById(db: DbOrTx, id: string): Promise<OrgRow | undefined> {
    return db.selectFrom('organizations').selectAll().where('id', '=', id).executeTakeFirst();
  },
  /** The organization whose hostname (subdomain) this is, case-insensitively. */
  findByHostname(db: DbOrTx, hostname: string): Promise<OrgRow | undefined> {
    return db.selectFrom('organizations').selectAll().where('hostname', '=', hostname.toLowerCase()).executeTakeFirst();
  },
  async insert(db: DbOrTx, row: Insertable<OrganizationsTable>): Promise<void> {
    await db.insertInto('organizations').values(row).execute();
  },
  async update(db: DbOrTx, id: string, patch: Updateable<OrganizationsTable>): Promise<void> {
    await db.updateTable('organizations').set(patch).where('id', '=', id).execute();
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

export const membersRepo = {
  find(db: DbOrTx, orgId: string, userId: string): Promise<MemberRow | undefined> {
    return db.selectFrom('org_members').selectAll().where('org_id', '=', orgId).where('user_id', '=', userId).executeTakeFirst();
  },
  /** A membership with whether its organization enforces SSO (one query). */
  findWithOrgSso(db: DbOrTx, orgId: string, userId: string): Promise<(MemberRow & { org_sso: OrganizationsTable['sso'] }) | undefined> {
    return db
      .selectFrom('org_members as m')
      .innerJoin('organizations as o', 'o.id', 'm.org_id')
      .selectAll('m')
      .select('o.sso as org_sso')
      .where('m.org_id', '=', orgId)
      .where('m.user_id', '=', userId)
      .executeTakeFirst();
  },
  async insert(db: DbOrTx, row: MemberRow): Promise<void> {
    await db.insertInto('org_members').values(row).execute();
  },
  async update(db: DbOrTx, orgId: string, userId: string, patch: Updateable<OrgMembersTable>): Promise<void> {
    await db.updateTable('org_members').set(patch).where('org_id', '=', orgId).where('user_id', '=', userId).execute();
  },
  async delete(db: DbOrTx, orgId: string, userId: string): Promise<number> {
    const r = await db.deleteFrom('org_members').where('org_id', '=', orgId).where('user_id', '=', userId).executeTakeFirst();
    return Number(r.numDeletedRows);
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

export const invitesRepo = {
  find(db: DbOrTx, orgId: string, id: string): Promise<InviteRow | undefined> {
    return db.selectFrom('org_invites').selectAll().where('org_id', '=', orgId).where('id', '=', id).executeTakeFirst();
  },
  async insert(db: DbOrTx, row: InviteRow): Promise<void> {
    await db.insertInto('org_invites').values(row).execute();
  },
  async delete(db: DbOrTx, orgId: string, id: string): Promise<void> {
    await db.deleteFrom('org_invites').where('org_id', '=', orgId).where('id', '=', id).execute();
  },
  list(db: DbOrTx, orgId: string, page: PageRequest) {
    const base = db.selectFrom('org_invites').selectAll().where('org_id', '=', orgId);
    return paginate(base, page, {
      scope: `invites:${orgId}`, sortColumn: 'created_at', idColumn: 'id', direction: 'desc',
      keyOf: (r) => [r.created_at, r.id],
    });
  },
};

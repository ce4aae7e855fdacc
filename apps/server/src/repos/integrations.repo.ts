// Integrations, their installations (organization, space and site level) and their events.
import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import type { DbOrTx } from '../db/database.js';
import type {
  IntegrationEventsTable, IntegrationInstallationsTable, IntegrationSiteInstallationsTable, IntegrationSpaceInstallationsTable, IntegrationsTable,
} from '../db/schema.js';
import { paginate, type PageRequest } from '../db/pagination.js';

export type IntegrationRow = Selectable<IntegrationsTable>;
/** An integration without its script (lists and most reads never need the script). */
export type IntegrationMeta = Omit<IntegrationRow, 'script'>;
export type InstallationRow = Selectable<IntegrationInstallationsTable>;
export type SpaceInstallationRow = Selectable<IntegrationSpaceInstallationsTable>;
export type SiteInstallationRow = Selectable<IntegrationSiteInstallationsTable>;
export type IntegrationEventRow = Selectable<IntegrationEventsTable>;
export type BindingKind = 'space' | 'site';

const META_COLUMNS = [
  'id', 'name', 'org_id', 'user_id', 'version', 'runtime', 'title', 'description', 'summary', 'visibility', 'target', 'scopes', 'categories',
  'blocks', 'content_sources', 'external_links', 'configurations', 'content_security_policy', 'icon', 'preview_images', 'secrets',
  'signing_secret', 'dev_tunnel_url', 'dev_all', 'created_at', 'updated_at',
] as const;

/** `"value"` as it appears inside a JSON array of strings, made safe for LIKE (`\\` escapes). */
export function jsonElementPattern(value: string): string {
  return '%' + JSON.stringify(value).replace(/[\\%_]/g, (c) => '\\' + c) + '%';
}

export interface IntegrationListFilter {
  /** Organizations whose unlisted and private integrations the caller sees too. */
  ownOrgIds: string[];
  search?: string;
  category?: string;
  blockDomain?: string;
  blocks?: boolean;
  contentSources?: boolean;
  owner?: string;
  scope?: string;
  target?: string;
}

export const integrationsRepo = {
  findByName(db: DbOrTx, name: string): Promise<IntegrationMeta | undefined> {
    return db.selectFrom('integrations').select(META_COLUMNS).where('name', '=', name).executeTakeFirst();
  },
  findById(db: DbOrTx, id: string): Promise<IntegrationMeta | undefined> {
    return db.selectFrom('integrations').select(META_COLUMNS).where('id', '=', id).executeTakeFirst();
  },
  async script(db: DbOrTx, id: string): Promise<string | undefined> {
    const r = await db.selectFrom('integrations').select('script').where('id', '=', id).executeTakeFirst();
    return r?.script;
  },
  async insert(db: DbOrTx, row: Insertable<IntegrationsTable>): Promise<void> {
    await db.insertInto('integrations').values(row).execute();
  },
  async update(db: DbOrTx, id: string, patch: Updateable<IntegrationsTable>): Promise<void> {
    await db.updateTable('integrations').set(patch).where('id', '=', id).execute();
  },
  /** Publishing again: the version goes up by one in the same statement (racing publishes each get their own). */
  async publishVersion(db: DbOrTx, id: string, patch: Updateable<IntegrationsTable>): Promise<void> {
    await db.updateTable('integrations').set((eb) => ({ ...patch, version: eb('version', '+', 1) })).where('id', '=', id).execute();
  },
  async delete(db: DbOrTx, id: string): Promise<void> {
    await db.deleteFrom('integrations').where('id', '=', id).execute();
  },
  list(db: DbOrTx, f: IntegrationListFilter, page: PageRequest) {
    let base = db.selectFrom('integrations').select(META_COLUMNS);
    base = base.where((eb) => eb.or([
      eb('visibility', '=', 'public'),
      ...(f.ownOrgIds.length ? [eb('org_id', 'in', f.ownOrgIds)] : []),
    ]));
    if (f.search) base = base.where(sql<boolean>`lower(name) like ${'%' + f.search.toLowerCase().replace(/[\\%_]/g, (c) => '\\' + c) + '%'} escape '\\'`);
    if (f.category) base = base.where(sql<boolean>`categories like ${jsonElementPattern(f.category)} escape '\\'`);
    if (f.scope) base = base.where(sql<boolean>`scopes like ${jsonElementPattern(f.scope)} escape '\\'`);
    if (f.target) base = base.where('target', '=', f.target);
    if (f.owner) base = base.where('org_id', '=', f.owner);
    if (f.blocks !== undefined) base = base.where('blocks', f.blocks ? '<>' : '=', '[]');
    if (f.contentSources !== undefined) base = base.where('content_sources', f.contentSources ? '<>' : '=', '[]');
    // A block unfurls a domain when one of its URL patterns names it (e.g. "https://www.figma.com/file/*").
    if (f.blockDomain) base = base.where(sql<boolean>`blocks like ${'%' + f.blockDomain.replace(/[\\%_]/g, (c) => '\\' + c) + '%'} escape '\\'`);
    const scope = `integrations:${JSON.stringify(f)}`;
    return paginate(base, page, { scope, sortColumn: 'name', idColumn: 'id', direction: 'asc', keyOf: (r) => [r.name, r.id] });
  },

  // Installations ----------------------------------------------------------------------------------------------
  findInstallation(db: DbOrTx, integrationId: string, id: string): Promise<InstallationRow | undefined> {
    return db.selectFrom('integration_installations').selectAll().where('integration_id', '=', integrationId).where('id', '=', id).executeTakeFirst();
  },
  findInstallationById(db: DbOrTx, id: string): Promise<InstallationRow | undefined> {
    return db.selectFrom('integration_installations').selectAll().where('id', '=', id).executeTakeFirst();
  },
  findInstallationInOrg(db: DbOrTx, integrationId: string, orgId: string): Promise<InstallationRow | undefined> {
    return db.selectFrom('integration_installations').selectAll().where('integration_id', '=', integrationId).where('org_id', '=', orgId).executeTakeFirst();
  },
  /** The ids of the installations of an integration (only those in `orgIds`, when given). */
  /** Every installation of the integration, with its organization. */
  async installationOrgs(db: DbOrTx, integrationId: string): Promise<{ id: string; org_id: string }[]> {
    return db.selectFrom('integration_installations').select(['id', 'org_id']).where('integration_id', '=', integrationId).execute();
  },
  async installationIds(db: DbOrTx, integrationId: string, orgIds?: readonly string[]): Promise<string[]> {
    if (orgIds && orgIds.length === 0) return [];
    const rows = await db.selectFrom('integration_installations').select('id').where('integration_id', '=', integrationId)
      .$if(orgIds !== undefined, (q) => q.where('org_id', 'in', orgIds!)).execute();
    return rows.map((r) => r.id);
  },
  async insertInstallation(db: DbOrTx, row: InstallationRow): Promise<void> {
    await db.insertInto('integration_installations').values(row).execute();
  },
  async updateInstallation(db: DbOrTx, id: string, patch: Updateable<IntegrationInstallationsTable>): Promise<void> {
    await db.updateTable('integration_installations').set(patch).where('id', '=', id).execute();
  },
  async deleteInstallation(db: DbOrTx, id: string): Promise<void> {
    await db.deleteFrom('integration_space_installations').where('installation_id', '=', id).execute();
    await db.deleteFrom('integration_site_installations').where('installation_id', '=', id).execute();
    await db.deleteFrom('integration_installations').where('id', '=', id).execute();
  },
  /** Installations of an integration; `orgIds` restricts them to those organizations, `installationId` to one. */
  listInstallations(db: DbOrTx, integrationId: string, f: { externalId?: string; orgIds?: string[]; installationId?: string }, page: PageRequest) {
    let base = db.selectFrom('integration_installations').selectAll().where('integration_id', '=', integrationId);
    if (f.orgIds) base = f.orgIds.length ? base.where('org_id', 'in', f.orgIds) : base.where(sql<boolean>`1 = 0`);
    if (f.installationId) base = base.where('id', '=', f.installationId);
    if (f.externalId) base = base.where(sql<boolean>`external_ids like ${jsonElementPattern(f.externalId)} escape '\\'`);
    return paginate(base, page, {
      scope: `installations:${integrationId}:${JSON.stringify(f)}`, sortColumn: 'created_at', idColumn: 'id', direction: 'asc', keyOf: (r) => [r.created_at, r.id],
    });
  },
  async countSpaces(db: DbOrTx, installationIds: string[]): Promise<Map<string, number>> {
    const out = new Map<string, number>();
    if (installationIds.length === 0) return out;
    const rows = await db.selectFrom('integration_space_installations').select(['installation_id', sql<number | string>`count(*)`.as('n')])
      .where('installation_id', 'in', installationIds).groupBy('installation_id').execute();
    for (const r of rows) out.set(r.installation_id, Number(r.n));
    return out;
  },
  /** Installations of any integration in an organization (to find who covers a space). */
  installationsInOrg(db: DbOrTx, orgId: string): Promise<InstallationRow[]> {
    return db.selectFrom('integration_installations').selectAll().where('org_id', '=', orgId).execute();
  },
  /** Whether some integration is installed in the organization of the space (cheap check before a content commit notifies). */
  async anyInstallationForSpace(db: DbOrTx, spaceId: string): Promise<boolean> {
    const r = await db.selectFrom('integration_installations as i').innerJoin('spaces as s', 's.org_id', 'i.org_id')
      .select('i.id').where('s.id', '=', spaceId).limit(1).executeTakeFirst();
    return !!r;
  },

  // Space and site installations ----------------------------------------------------------------------------------
  findBinding(db: DbOrTx, kind: BindingKind, installationId: string, targetId: string): Promise<SpaceInstallationRow | SiteInstallationRow | undefined> {
    if (kind === 'space') {
      return db.selectFrom('integration_space_installations').selectAll().where('installation_id', '=', installationId).where('space_id', '=', targetId).executeTakeFirst();
    }
    return db.selectFrom('integration_site_installations').selectAll().where('installation_id', '=', installationId).where('site_id', '=', targetId).executeTakeFirst();
  },
  async insertBinding(db: DbOrTx, kind: BindingKind, row: SpaceInstallationRow | SiteInstallationRow): Promise<void> {
    if (kind === 'space') await db.insertInto('integration_space_installations').values(row as SpaceInstallationRow).execute();
    else await db.insertInto('integration_site_installations').values(row as SiteInstallationRow).execute();
  },
  async updateBinding(db: DbOrTx, kind: BindingKind, installationId: string, targetId: string, patch: { configuration?: string; external_ids?: string; updated_at: string }): Promise<void> {
    if (kind === 'space') {
      await db.updateTable('integration_space_installations').set(patch).where('installation_id', '=', installationId).where('space_id', '=', targetId).execute();
    } else {
      await db.updateTable('integration_site_installations').set(patch).where('installation_id', '=', installationId).where('site_id', '=', targetId).execute();
    }
  },
  async deleteBinding(db: DbOrTx, kind: BindingKind, installationId: string, targetId: string): Promise<number> {
    const r = kind === 'space'
      ? await db.deleteFrom('integration_space_installations').where('installation_id', '=', installationId).where('space_id', '=', targetId).executeTakeFirst()
      : await db.deleteFrom('integration_site_installations').where('installation_id', '=', installationId).where('site_id', '=', targetId).executeTakeFirst();
    return Number(r.numDeletedRows);
  },
  /** The space installations of an organization's installations on these spaces (in chunks of 500 spaces). */
  async spaceBindingsIn(db: DbOrTx, orgId: string, spaceIds: readonly string[]): Promise<SpaceInstallationRow[]> {
    const out: SpaceInstallationRow[] = [];
    for (let i = 0; i < spaceIds.length; i += 500) {
      out.push(...await db.selectFrom('integration_space_installations as b').innerJoin('integration_installations as i', 'i.id', 'b.installation_id')
        .selectAll('b').where('i.org_id', '=', orgId).where('b.space_id', 'in', spaceIds.slice(i, i + 500)).execute());
    }
    return out;
  },
  /** Space (or site) installations of an integration, or of one installation; `orgIds` restricts to those organizations. */
  listBindings(db: DbOrTx, kind: BindingKind, f: { integrationId: string; installationId?: string; externalId?: string; installationIds?: string[] }, page: PageRequest) {
    const table = kind === 'space' ? 'integration_space_installations' : 'integration_site_installations';
    const target = kind === 'space' ? 'space_id' : 'site_id';
    let base = (db.selectFrom(table as 'integration_space_installations').selectAll() as any).where('integration_id', '=', f.integrationId);
    if (f.installationId) base = base.where('installation_id', '=', f.installationId);
    if (f.installationIds) base = f.installationIds.length ? base.where('installation_id', 'in', f.installationIds) : base.where(sql<boolean>`1 = 0`);
    if (f.externalId) base = base.where(sql<boolean>`external_ids like ${jsonElementPattern(f.externalId)} escape '\\'`);
    return paginate(base, page, {
      scope: `${table}:${JSON.stringify(f)}`, sortColumn: 'created_at', idColumn: target, direction: 'asc',
      keyOf: (r: any) => [r.created_at as string, r[target] as string],
    }) as Promise<{ rows: (SpaceInstallationRow & SiteInstallationRow)[]; next?: string; count: number }>;
  },
  /** The space (or site) bindings of these installations. */
  bindingsOfInstallations(db: DbOrTx, kind: BindingKind, installationIds: readonly string[]): Promise<(SpaceInstallationRow | SiteInstallationRow)[]> {
    if (!installationIds.length) return Promise.resolve([]);
    return kind === 'space'
      ? db.selectFrom('integration_space_installations').selectAll().where('installation_id', 'in', installationIds).execute()
      : db.selectFrom('integration_site_installations').selectAll().where('installation_id', 'in', installationIds).execute();
  },
  /** The installations of an organization that cover a space: all spaces, or the space bound to them. */
  async installationsCoveringSpace(db: DbOrTx, orgId: string, spaceId: string): Promise<InstallationRow[]> {
    return db.selectFrom('integration_installations as i').selectAll('i')
      .where('i.org_id', '=', orgId)
      .where((eb) => eb.or([
        eb('i.space_selection', '=', 'all'),
        eb.exists(eb.selectFrom('integration_space_installations as b').select('b.space_id').whereRef('b.installation_id', '=', 'i.id').where('b.space_id', '=', spaceId)),
      ]))
      .execute();
  },

  /**
   * The installations of `orgId` covering a site (`site_selection: all`, or the site bound to them) whose integration
   * declares `scope` (its current version's scopes, read now).
   */
  async installationsCoveringSite(db: DbOrTx, orgId: string, siteId: string, scope: string): Promise<InstallationRow[]> {
    return db.selectFrom('integration_installations as i').innerJoin('integrations as n', 'n.id', 'i.integration_id').selectAll('i')
      .where('i.org_id', '=', orgId)
      .where(sql<boolean>`n.scopes like ${jsonElementPattern(scope)} escape '\\'`)
      .where((eb) => eb.or([
        eb('i.site_selection', '=', 'all'),
        eb.exists(eb.selectFrom('integration_site_installations as b').select('b.site_id').whereRef('b.installation_id', '=', 'i.id').where('b.site_id', '=', siteId)),
      ]))
      .execute();
  },

  // Events ---------------------------------------------------------------------------------------------------------
  async insertEvent(db: DbOrTx, row: IntegrationEventRow): Promise<void> {
    await db.insertInto('integration_events').values(row).execute();
  },
  findEvent(db: DbOrTx, integrationId: string, id: string): Promise<IntegrationEventRow | undefined> {
    return db.selectFrom('integration_events').selectAll().where('integration_id', '=', integrationId).where('id', '=', id).executeTakeFirst();
  },
  findEventById(db: DbOrTx, id: string): Promise<IntegrationEventRow | undefined> {
    return db.selectFrom('integration_events').selectAll().where('id', '=', id).executeTakeFirst();
  },
  async deleteEvents(db: DbOrTx, integrationId: string): Promise<void> {
    await db.deleteFrom('integration_events').where('integration_id', '=', integrationId).execute();
  },
  async updateEvent(db: DbOrTx, id: string, patch: Updateable<IntegrationEventsTable>): Promise<void> {
    await db.updateTable('integration_events').set(patch).where('id', '=', id).execute();
  },
  listEvents(db: DbOrTx, integrationId: string, page: PageRequest) {
    const base = db.selectFrom('integration_events').select(['id', 'integration_id', 'installation_id', 'space_id', 'site_id', 'type', 'payload', 'status', 'attempts', 'created_at', 'updated_at'])
      .where('integration_id', '=', integrationId);
    return paginate(base, page, { scope: `events:${integrationId}`, sortColumn: 'created_at', idColumn: 'id', direction: 'desc', keyOf: (r) => [r.created_at, r.id] });
  },
};

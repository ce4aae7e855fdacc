// Sites and their structure (sections, section groups, site spaces, adaptive schema). A site's structure is small
// (tens of rows), so it is read whole (`structure`) and ordered in memory by sort key.
import { PostgresAdapter, sql, type Insertable, type Kysely, type Selectable, type Updateable } from 'kysely';
import { NAMED_STATEMENT, prepared } from '../db/prepared.js';
import type { Database } from '../db/schema.js';
import type { DbOrTx } from '../db/database.js';
import type { SpacesTable, SiteAdaptiveSchemasTable, SiteExternalLinksTable, SiteSectionGroupsTable, SiteSectionsTable, SitesTable, SiteSpacesTable } from '../db/schema.js';

export type SiteRow = Selectable<SitesTable>;
export type SectionRow = Selectable<SiteSectionsTable>;
export type SectionGroupRow = Selectable<SiteSectionGroupsTable>;
export type SiteSpaceRow = Selectable<SiteSpacesTable>;
export type ExternalLinkRow = Selectable<SiteExternalLinksTable>;

/** What readers of a space see now: its title, language, head revision (and computed revision), deletion. */
export type SpaceHead = Pick<Selectable<SpacesTable>, 'id' | 'title' | 'language' | 'revision_id' | 'computed_revision_id' | 'deleted_at'>;

/** A site as its published pages read it: the row, its spaces' heads, and whether an integration wants its views. */
export interface SiteWithHeads {
  site: SiteRow;
  heads: SpaceHead[];
  /** An installation covering the site declares `site:views:read` (it gets a `site_view` event per page view). */
  viewsWanted: boolean;
}

/** Everything under a site, each list in display order. */
export interface SiteStructure {
  sections: SectionRow[];
  groups: SectionGroupRow[];
  siteSpaces: SiteSpaceRow[];
  /** GitBook's external links: navigation entries at the root or in a group, among the sections and groups. */
  externalLinks: ExternalLinkRow[];
}

/** The scope that asks for `site_view` events (GitBook's `site:views:read`), as it appears in `integrations.scopes`. */
export const SITE_VIEWS_SCOPE = 'site:views:read';
const VIEWS_SCOPE_PATTERN = '%' + JSON.stringify(SITE_VIEWS_SCOPE) + '%';
/**
 * Whether an installation of the site's organization whose integration declares `site:views:read` covers the site
 * (`site_selection: all`, or the site bound to it): computed in the statement every request of a published site
 * makes anyway, so a page view asks nothing more of the database when no integration wants views, and the answer is
 * as fresh as the site row itself in every process (no cache to invalidate). One probe of
 * `integration_installations_org_idx` when the organization has no installation.
 */
const viewsWanted = (pg: boolean) => {
  // The constants: parameters on PostgreSQL (the statement is named: planned once per connection); literals on
  // SQLite, where this read with bound constants took 85-120 µs against 8-12 µs with literals (same plan;
  // scripts/bench-site-views.mjs --read).
  const [pattern, all] = pg ? [sql`${VIEWS_SCOPE_PATTERN}`, sql`${'all'}`] : [sql.lit(VIEWS_SCOPE_PATTERN), sql.lit('all')];
  return sql<number>`case when exists (select 1 from integration_installations i inner join integrations n on n.id = i.integration_id
  where i.org_id = sites.org_id and n.scopes like ${pattern}
  and (i.site_selection = ${all} or exists (select 1 from integration_site_installations b where b.installation_id = i.id and b.site_id = sites.id))) then 1 else 0 end`;
};

// The site row once, then its site spaces' heads. `limit 1` (the id and the hostname are unique) keeps the site row a
// subquery of its own on both databases, read once: flattened into the join, SQLite evaluated `views_wanted` for each
// site space's row (+13 µs each), and read the site row's columns for each (the form without the subquery, the
// session's start: 38 µs a read of a three-space site, against 7 µs now; scripts/bench-site-views.mjs).
const siteWithHeads = (db: Kysely<Database>, column: 'id' | 'hostname', value: string) => {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const q = db.selectFrom((eb) => eb.selectFrom('sites').selectAll('sites').select(viewsWanted(pg).as('views_wanted')).where(`sites.${column}`, '=', value).limit(sql.lit(1)).as('s'))
    .leftJoin('site_spaces', 'site_spaces.site_id', 's.id').leftJoin('spaces', 'spaces.id', 'site_spaces.space_id')
    .selectAll('s')
    .select(['spaces.id as head_id', 'spaces.title as head_title', 'spaces.language as head_language', 'spaces.revision_id as head_revision_id', 'spaces.computed_revision_id as head_computed_revision_id', 'spaces.deleted_at as head_deleted_at']);
  // PostgreSQL: a named statement, planned once per connection (as a simple query joining the turn's pipeline it was
  // planned at every read: a cached page under load 182 -> 220 us of server CPU a request; named, 170 against base's
  // 186 us, and the read alone 192 against 336 us; scripts/bench-site-views.mjs).
  return pg ? q.modifyEnd(sql.raw(NAMED_STATEMENT)) : q;
};
// Read on every request of a published site: compiled once (db/prepared.ts).
const selectSiteWithHeadsById = prepared((db, p: { id: string }) => siteWithHeads(db, 'id', p.id));
const selectSiteWithHeadsByHostname = prepared((db, p: { hostname: string }) => siteWithHeads(db, 'hostname', p.hostname));

const bySortKey = <T extends { sort_key: string; id: string }>(a: T, b: T) =>
  a.sort_key < b.sort_key ? -1 : a.sort_key > b.sort_key ? 1 : a.id < b.id ? -1 : 1;

export const sitesRepo = {
  find(db: DbOrTx, orgId: string, siteId: string): Promise<SiteRow | undefined> {
    return db.selectFrom('sites').selectAll().where('id', '=', siteId).where('org_id', '=', orgId).executeTakeFirst();
  },
  findById(db: DbOrTx, siteId: string): Promise<SiteRow | undefined> {
    return db.selectFrom('sites').selectAll().where('id', '=', siteId).executeTakeFirst();
  },
  findByHostname(db: DbOrTx, hostname: string): Promise<SiteRow | undefined> {
    return db.selectFrom('sites').selectAll().where('hostname', '=', hostname).executeTakeFirst();
  },
  /**
   * A site (by id or hostname) with the heads of the spaces it publishes — their title, current revisions and
   * deletion — in one indexed query: what the published site reads on every request, so that any change shows on
   * the next one.
   */
  async withSpaceHeads(db: DbOrTx, by: { id: string } | { hostname: string }): Promise<SiteWithHeads | undefined> {
    const rows = 'id' in by ? await selectSiteWithHeadsById(db, { id: by.id }) : await selectSiteWithHeadsByHostname(db, { hostname: by.hostname });
    if (!rows.length) return undefined;
    const { head_id: _i, head_title: _t, head_language: _l, head_revision_id: _r, head_computed_revision_id: _c, head_deleted_at: _d, views_wanted: views, ...site } = rows[0]!;
    const heads = new Map<string, SpaceHead>();
    for (const r of rows) {
      if (r.head_id && !heads.has(r.head_id)) {
        heads.set(r.head_id, { id: r.head_id, title: r.head_title!, language: r.head_language ?? null, revision_id: r.head_revision_id!, computed_revision_id: r.head_computed_revision_id ?? null, deleted_at: r.head_deleted_at ?? null });
      }
    }
    return { site: site as SiteRow, heads: [...heads.values()], viewsWanted: Number(views) === 1 };
  },
  listForOrganization(db: DbOrTx, orgId: string): Promise<SiteRow[]> {
    return db.selectFrom('sites').selectAll().where('org_id', '=', orgId).orderBy('created_at').orderBy('id').execute();
  },
  /** Ids of the sites of an organization publishing a space. */
  async sitesWithSpace(db: DbOrTx, orgId: string, spaceId: string): Promise<Set<string>> {
    const rows = await db.selectFrom('site_spaces').innerJoin('sites', 'sites.id', 'site_spaces.site_id')
      .select('site_spaces.site_id').where('sites.org_id', '=', orgId).where('site_spaces.space_id', '=', spaceId).execute();
    return new Set(rows.map((r) => r.site_id));
  },
  /** Removes a space from sites (their site spaces publishing it). */
  async deleteSiteSpacesOfSpace(db: DbOrTx, siteIds: readonly string[], spaceId: string): Promise<void> {
    if (siteIds.length) await db.deleteFrom('site_spaces').where('site_id', 'in', siteIds).where('space_id', '=', spaceId).execute();
  },
  /**
   * Removes spaces from every site of an organization that publishes them (the spaces are leaving it) and answers
   * those sites, sorted. In chunks of 500 spaces (bound parameters).
   */
  async deleteSiteSpacesOfSpacesIn(db: DbOrTx, orgId: string, spaceIds: readonly string[]): Promise<string[]> {
    const sites = new Set<string>();
    for (let i = 0; i < spaceIds.length; i += 500) {
      const chunk = spaceIds.slice(i, i + 500);
      const rows = await db.selectFrom('site_spaces').innerJoin('sites', 'sites.id', 'site_spaces.site_id')
        .select('site_spaces.site_id').where('sites.org_id', '=', orgId).where('site_spaces.space_id', 'in', chunk).execute();
      const ids = [...new Set(rows.map((r) => r.site_id))];
      if (ids.length) await db.deleteFrom('site_spaces').where('site_id', 'in', ids).where('space_id', 'in', chunk).execute();
      for (const id of ids) sites.add(id);
    }
    return [...sites].sort();
  },
  async siteSpaceCounts(db: DbOrTx, siteIds: readonly string[]): Promise<Map<string, number>> {
    if (siteIds.length === 0) return new Map();
    const rows = await db.selectFrom('site_spaces').select(['site_id', db.fn.countAll<number | string>().as('n')]).where('site_id', 'in', siteIds).groupBy('site_id').execute();
    return new Map(rows.map((r) => [r.site_id, Number(r.n)]));
  },
  async insert(db: DbOrTx, row: Insertable<SitesTable>): Promise<void> {
    await db.insertInto('sites').values(row).execute();
  },
  async update(db: DbOrTx, siteId: string, patch: Updateable<SitesTable>): Promise<void> {
    await db.updateTable('sites').set(patch).where('id', '=', siteId).execute();
  },
  /** Marks a change of the site (its row, structure or customization): bumps `version`, sets `updated_at`. */
  async touch(db: DbOrTx, siteId: string, now: string): Promise<void> {
    await db.updateTable('sites').set({ updated_at: now, version: sql<number>`version + 1` }).where('id', '=', siteId).execute();
  },
  async delete(db: DbOrTx, siteId: string): Promise<void> {
    for (const t of ['site_adaptive_schemas', 'site_spaces', 'site_sections', 'site_section_groups', 'site_external_links', 'site_share_links', 'site_redirects'] as const) {
      await db.deleteFrom(t).where('site_id', '=', siteId).execute();
    }
    await db.deleteFrom('sites').where('id', '=', siteId).execute();
  },

  async structure(db: DbOrTx, siteId: string): Promise<SiteStructure> {
    const [sections, groups, siteSpaces, externalLinks] = await Promise.all([
      db.selectFrom('site_sections').selectAll().where('site_id', '=', siteId).execute(),
      db.selectFrom('site_section_groups').selectAll().where('site_id', '=', siteId).execute(),
      db.selectFrom('site_spaces').selectAll().where('site_id', '=', siteId).execute(),
      db.selectFrom('site_external_links').selectAll().where('site_id', '=', siteId).execute(),
    ]);
    return { sections: sections.sort(bySortKey), groups: groups.sort(bySortKey), siteSpaces: siteSpaces.sort(bySortKey), externalLinks: externalLinks.sort(bySortKey) };
  },

  async insertSection(db: DbOrTx, row: Insertable<SiteSectionsTable>): Promise<void> {
    await db.insertInto('site_sections').values(row).execute();
  },
  async updateSection(db: DbOrTx, id: string, patch: Updateable<SiteSectionsTable>): Promise<void> {
    await db.updateTable('site_sections').set(patch).where('id', '=', id).execute();
  },
  async deleteSection(db: DbOrTx, id: string): Promise<void> {
    await db.deleteFrom('site_spaces').where('section_id', '=', id).execute();
    await db.deleteFrom('site_sections').where('id', '=', id).execute();
  },
  async insertGroup(db: DbOrTx, row: Insertable<SiteSectionGroupsTable>): Promise<void> {
    await db.insertInto('site_section_groups').values(row).execute();
  },
  async updateGroup(db: DbOrTx, id: string, patch: Updateable<SiteSectionGroupsTable>): Promise<void> {
    await db.updateTable('site_section_groups').set(patch).where('id', '=', id).execute();
  },
  /** Deletes a group; its sections and subgroups move to the group's parent. */
  async insertExternalLink(db: DbOrTx, row: ExternalLinkRow): Promise<void> {
    await db.insertInto('site_external_links').values(row).execute();
  },
  async updateExternalLink(db: DbOrTx, id: string, patch: Updateable<SiteExternalLinksTable>): Promise<void> {
    await db.updateTable('site_external_links').set(patch).where('id', '=', id).execute();
  },
  async deleteExternalLink(db: DbOrTx, siteId: string, id: string): Promise<number> {
    const r = await db.deleteFrom('site_external_links').where('site_id', '=', siteId).where('id', '=', id).executeTakeFirst();
    return Number(r.numDeletedRows);
  },
  async deleteGroup(db: DbOrTx, group: SectionGroupRow): Promise<void> {
    await db.updateTable('site_external_links').set({ group_id: group.parent_id }).where('group_id', '=', group.id).execute();
    await db.updateTable('site_sections').set({ group_id: group.parent_id }).where('group_id', '=', group.id).execute();
    await db.updateTable('site_section_groups').set({ parent_id: group.parent_id }).where('parent_id', '=', group.id).execute();
    await db.deleteFrom('site_section_groups').where('id', '=', group.id).execute();
  },
  async insertSiteSpace(db: DbOrTx, row: Insertable<SiteSpacesTable>): Promise<void> {
    await db.insertInto('site_spaces').values(row).execute();
  },
  async updateSiteSpace(db: DbOrTx, id: string, patch: Updateable<SiteSpacesTable>): Promise<void> {
    await db.updateTable('site_spaces').set(patch).where('id', '=', id).execute();
  },
  async deleteSiteSpace(db: DbOrTx, id: string): Promise<void> {
    await db.deleteFrom('site_spaces').where('id', '=', id).execute();
  },

  adaptiveSchema(db: DbOrTx, siteId: string): Promise<Selectable<SiteAdaptiveSchemasTable> | undefined> {
    return db.selectFrom('site_adaptive_schemas').selectAll().where('site_id', '=', siteId).executeTakeFirst();
  },
  async saveAdaptiveSchema(db: DbOrTx, row: Selectable<SiteAdaptiveSchemasTable>): Promise<void> {
    await db.insertInto('site_adaptive_schemas').values(row)
      .onConflict((oc) => oc.column('site_id').doUpdateSet({ json_schema: row.json_schema, updated_at: row.updated_at })).execute();
  },
};

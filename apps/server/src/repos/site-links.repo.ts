// A site's share links (named secret keys opening a published share-link site) and redirects (source path →
// destination, live or draft).
import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import { paginate, type PageRequest, type PageResult } from '../db/pagination.js';
import type { DbOrTx } from '../db/database.js';
import type { SiteRedirectsTable, SiteShareLinksTable } from '../db/schema.js';

export type ShareLinkRow = Selectable<SiteShareLinksTable>;
export type RedirectRow = Selectable<SiteRedirectsTable>;
export type RedirectOrder = 'createdAt' | 'updatedAt' | 'source';

/** A LIKE pattern matching values that contain `text` (its own `%`, `_` and `\` taken literally). */
const containing = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export const shareLinksRepo = {
  list(db: DbOrTx, siteId: string, search: string | undefined, page: PageRequest): Promise<PageResult<ShareLinkRow>> {
    let q = db.selectFrom('site_share_links').selectAll().where('site_id', '=', siteId);
    if (search) q = q.where(sql<boolean>`(lower(name) like ${containing(search)} escape '\\' or lower(key) like ${containing(search)} escape '\\')`);
    return paginate(q, page, { scope: `share-links:${siteId}:${search ?? ''}`, sortColumn: 'created_at', idColumn: 'id', direction: 'asc', keyOf: (r) => [r.created_at, r.id] });
  },
  find(db: DbOrTx, siteId: string, id: string): Promise<ShareLinkRow | undefined> {
    return db.selectFrom('site_share_links').selectAll().where('site_id', '=', siteId).where('id', '=', id).executeTakeFirst();
  },
  /** Whether `key` is the key of an active share link of the site (read on every request of a share-link site). */
  async isActiveKey(db: DbOrTx, siteId: string, key: string): Promise<boolean> {
    const row = await db.selectFrom('site_share_links').select('id').where('key', '=', key).where('site_id', '=', siteId).where('active', '=', 1).executeTakeFirst();
    return row !== undefined;
  },
  async insert(db: DbOrTx, row: Insertable<SiteShareLinksTable>): Promise<void> {
    await db.insertInto('site_share_links').values(row).execute();
  },
  async update(db: DbOrTx, id: string, patch: Updateable<SiteShareLinksTable>): Promise<void> {
    await db.updateTable('site_share_links').set(patch).where('id', '=', id).execute();
  },
  /** Deletes a link; answers whether there was one. */
  async delete(db: DbOrTx, siteId: string, id: string): Promise<boolean> {
    const r = await db.deleteFrom('site_share_links').where('site_id', '=', siteId).where('id', '=', id).executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  },
};

const REDIRECT_ORDER: Record<RedirectOrder, { sortColumn: string; direction: 'asc' | 'desc'; key: (r: RedirectRow) => string }> = {
  createdAt: { sortColumn: 'created_at', direction: 'desc', key: (r) => r.created_at },
  updatedAt: { sortColumn: 'changed_at', direction: 'desc', key: (r) => r.changed_at },
  source: { sortColumn: 'source', direction: 'asc', key: (r) => r.source },
};

export const redirectsRepo = {
  list(db: DbOrTx, siteId: string, f: { draft: boolean; search?: string; orderBy: RedirectOrder }, page: PageRequest): Promise<PageResult<RedirectRow>> {
    let q = db.selectFrom('site_redirects').selectAll().where('site_id', '=', siteId).where('draft', '=', f.draft ? 1 : 0);
    if (f.search) q = q.where(sql<boolean>`lower(source) like ${containing(f.search)} escape '\\'`);
    const o = REDIRECT_ORDER[f.orderBy];
    return paginate(q, page, {
      scope: `redirects:${siteId}:${f.draft}:${f.search ?? ''}:${f.orderBy}`, sortColumn: o.sortColumn, idColumn: 'id', direction: o.direction, keyOf: (r) => [o.key(r), r.id],
    });
  },
  find(db: DbOrTx, siteId: string, id: string): Promise<RedirectRow | undefined> {
    return db.selectFrom('site_redirects').selectAll().where('site_id', '=', siteId).where('id', '=', id).executeTakeFirst();
  },
  findBySource(db: DbOrTx, siteId: string, draft: boolean, source: string): Promise<RedirectRow | undefined> {
    return db.selectFrom('site_redirects').selectAll().where('site_id', '=', siteId).where('draft', '=', draft ? 1 : 0).where('source', '=', source).executeTakeFirst();
  },
  /** Every live redirect of a site (what the published site follows). */
  live(db: DbOrTx, siteId: string): Promise<RedirectRow[]> {
    return db.selectFrom('site_redirects').selectAll().where('site_id', '=', siteId).where('draft', '=', 0).execute();
  },
  async insert(db: DbOrTx, row: Insertable<SiteRedirectsTable>): Promise<void> {
    await db.insertInto('site_redirects').values(row).execute();
  },
  async update(db: DbOrTx, id: string, patch: Updateable<SiteRedirectsTable>): Promise<void> {
    await db.updateTable('site_redirects').set(patch).where('id', '=', id).execute();
  },
  async delete(db: DbOrTx, siteId: string, id: string): Promise<boolean> {
    const r = await db.deleteFrom('site_redirects').where('site_id', '=', siteId).where('id', '=', id).executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  },
};

import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import type { DbOrTx } from '../db/database.js';
import type { CollectionsTable } from '../db/schema.js';
import { paginate, type PageRequest } from '../db/pagination.js';
import { prepared } from '../db/prepared.js';
import { cachedRead } from '../db/read-cache.js';

export type CollectionRow = Selectable<CollectionsTable>;
/** The part of a collection that access rules need. */
export type CollectionNode = Pick<CollectionRow, 'id' | 'parent_id' | 'default_level'>;

const MAX_DEPTH = 200;

const selectCollectionNodes = prepared((db, p: { orgId: string }) =>
  db.selectFrom('collections').select(['id', 'parent_id', 'default_level']).where('org_id', '=', p.orgId));

export const collectionsRepo = {
  findById(db: DbOrTx, id: string): Promise<CollectionRow | undefined> {
    return db.selectFrom('collections').selectAll().where('id', '=', id).executeTakeFirst();
  },
  async insert(db: DbOrTx, row: Insertable<CollectionsTable>): Promise<void> {
    await db.insertInto('collections').values(row).execute();
  },
  async update(db: DbOrTx, id: string, patch: Updateable<CollectionsTable>): Promise<void> {
    await db.updateTable('collections').set(patch).where('id', '=', id).execute();
  },
  /** The collection and its ancestors, nearest first (one recursive query). */
  ancestry(db: DbOrTx, id: string): Promise<CollectionNode[]> {
    return cachedRead(db, 'collections', `chain ${id}`, async () => {
      const r = await sql<CollectionNode & { depth: number }>`
        with recursive chain(id, parent_id, default_level, depth) as (
          select id, parent_id, default_level, 0 from collections where id = ${id}
          union all
          select c.id, c.parent_id, c.default_level, chain.depth + 1 from collections c join chain on c.id = chain.parent_id
          where chain.depth < ${MAX_DEPTH}
        )
        select id, parent_id, default_level, depth from chain order by depth`.execute(db);
      return r.rows.map(({ id, parent_id, default_level }) => ({ id, parent_id, default_level }));
    });
  },
  /** Ids of the collection and every collection nested in it. */
  async subtreeIds(db: DbOrTx, id: string): Promise<string[]> {
    const r = await sql<{ id: string }>`
      with recursive tree(id, depth) as (
        select id, 0 from collections where id = ${id}
        union all
        select c.id, tree.depth + 1 from collections c join tree on c.parent_id = tree.id where tree.depth < ${MAX_DEPTH}
      )
      select id from tree`.execute(db);
    return r.rows.map((x) => x.id);
  },
  /** Every collection of an organization (for access checks over a whole list). */
  allNodes(db: DbOrTx, orgId: string): Promise<CollectionNode[]> {
    return cachedRead(db, 'collections', `org ${orgId}`, () => selectCollectionNodes(db, { orgId }));
  },
  list(db: DbOrTx, orgId: string, opts: { nested: boolean; onlyIds?: string[] }, page: PageRequest) {
    let base = db.selectFrom('collections').selectAll().where('org_id', '=', orgId);
    if (!opts.nested) base = base.where('parent_id', 'is', null);
    if (opts.onlyIds) base = opts.onlyIds.length ? base.where('id', 'in', opts.onlyIds) : base.where(sql<boolean>`1 = 0`);
    return paginate(base, page, {
      scope: `collections:${orgId}:${opts.nested}:${opts.onlyIds ? 'some' : 'all'}`,
      sortColumn: 'sort_key', idColumn: 'id', direction: 'asc',
      keyOf: (r) => [r.sort_key, r.id],
    });
  },
  async moveToOrganization(db: DbOrTx, ids: readonly string[], orgId: string, now: string): Promise<void> {
    if (ids.length) await db.updateTable('collections').set({ org_id: orgId, updated_at: now }).where('id', 'in', ids).execute();
  },
  async deleteMany(db: DbOrTx, ids: string[]): Promise<void> {
    if (ids.length) await db.deleteFrom('collections').where('id', 'in', ids).execute();
  },
};

// Siblings: the live spaces and the collections that share a parent (a collection, or the organization's top
// level), in the order of their fractional `sort_key`.
import type { DbOrTx } from '../db/database.js';

export type ItemKind = 'space' | 'collection';
/** What a grant (content_grants.target_kind) may be on: content, or a site (policies/site.ts). */
export type GrantTargetKind = ItemKind | 'site';

export interface Sibling {
  kind: ItemKind;
  id: string;
  sort_key: string;
}

const bySortKey = (a: Sibling, b: Sibling) => (a.sort_key < b.sort_key ? -1 : a.sort_key > b.sort_key ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

export const treeRepo = {
  async siblings(db: DbOrTx, orgId: string, parentId: string | null): Promise<Sibling[]> {
    let spaces = db.selectFrom('spaces').select(['id', 'sort_key']).where('org_id', '=', orgId).where('deleted_at', 'is', null);
    let collections = db.selectFrom('collections').select(['id', 'sort_key']).where('org_id', '=', orgId);
    spaces = parentId === null ? spaces.where('parent_id', 'is', null) : spaces.where('parent_id', '=', parentId);
    collections = parentId === null ? collections.where('parent_id', 'is', null) : collections.where('parent_id', '=', parentId);
    const [s, c] = await Promise.all([spaces.execute(), collections.execute()]);
    return [...s.map((x) => ({ kind: 'space' as const, ...x })), ...c.map((x) => ({ kind: 'collection' as const, ...x }))].sort(bySortKey);
  },
};

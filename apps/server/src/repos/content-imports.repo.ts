// content_imports: one row per content import run (services/import.ts).
import type { Insertable, Selectable, Updateable } from 'kysely';
import type { DbOrTx } from '../db/database.js';
import type { ContentImportsTable } from '../db/schema.js';
import { paginate, type PageRequest } from '../db/pagination.js';

export type ContentImportRow = Selectable<ContentImportsTable>;

export const contentImportsRepo = {
  findById(db: DbOrTx, id: string): Promise<ContentImportRow | undefined> {
    return db.selectFrom('content_imports').selectAll().where('id', '=', id).executeTakeFirst();
  },
  /** Runs of an organization, most recent first, narrowed by space, change request, statuses and creator. */
  listInOrganization(
    db: DbOrTx, orgId: string, f: { spaceId?: string; changeRequestId?: string; siteId?: string; statuses?: string[]; createdBy?: string }, page: PageRequest,
  ) {
    let q = db.selectFrom('content_imports').selectAll().where('org_id', '=', orgId);
    if (f.spaceId !== undefined) q = q.where('space_id', '=', f.spaceId);
    if (f.changeRequestId !== undefined) q = q.where('change_request_id', '=', f.changeRequestId);
    if (f.siteId !== undefined) q = q.where('space_id', 'in', (eb) => eb.selectFrom('site_spaces').select('site_spaces.space_id').where('site_spaces.site_id', '=', f.siteId!));
    if (f.statuses !== undefined) q = q.where('status', 'in', f.statuses);
    if (f.createdBy !== undefined) q = q.where('created_by', '=', f.createdBy);
    return paginate(q, page, {
      scope: `content-imports:${orgId}:${JSON.stringify(f)}`, sortColumn: 'created_at', idColumn: 'id', direction: 'desc',
      keyOf: (r: ContentImportRow) => [r.created_at, r.id],
    });
  },
  async insert(db: DbOrTx, row: Insertable<ContentImportsTable>): Promise<void> {
    await db.insertInto('content_imports').values(row).execute();
  },
  async update(db: DbOrTx, id: string, patch: Updateable<ContentImportsTable>): Promise<void> {
    await db.updateTable('content_imports').set(patch).where('id', '=', id).execute();
  },
  /** Moves a run from `from` to `patch.status`; false when another worker moved it first. */
  async transition(db: DbOrTx, id: string, from: readonly string[], patch: Updateable<ContentImportsTable>): Promise<boolean> {
    const r = await db.updateTable('content_imports').set(patch).where('id', '=', id).where('status', 'in', [...from]).executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  },
};

// translations: one row per translation (source space → target language), with its result space, page mapping and stats.
import type { Insertable, Selectable, Updateable } from 'kysely';
import type { DbOrTx } from '../db/database.js';
import type { TranslationsTable } from '../db/schema.js';
import { paginate, type PageRequest } from '../db/pagination.js';

export type TranslationRow = Selectable<TranslationsTable>;

export const translationsRepo = {
  find(db: DbOrTx, orgId: string, id: string): Promise<TranslationRow | undefined> {
    return db.selectFrom('translations').selectAll().where('id', '=', id).where('org_id', '=', orgId).executeTakeFirst();
  },
  findById(db: DbOrTx, id: string): Promise<TranslationRow | undefined> {
    return db.selectFrom('translations').selectAll().where('id', '=', id).executeTakeFirst();
  },
  list(db: DbOrTx, orgId: string, page: PageRequest) {
    return paginate(db.selectFrom('translations').selectAll().where('org_id', '=', orgId), page, {
      scope: `translations:${orgId}`, sortColumn: 'created_at', idColumn: 'id', direction: 'asc',
      keyOf: (r: TranslationRow) => [r.created_at, r.id],
    });
  },
  async insert(db: DbOrTx, row: Insertable<TranslationsTable>): Promise<void> {
    await db.insertInto('translations').values(row).execute();
  },
  async update(db: DbOrTx, id: string, patch: Updateable<TranslationsTable>): Promise<void> {
    await db.updateTable('translations').set(patch).where('id', '=', id).execute();
  },
  async delete(db: DbOrTx, id: string): Promise<void> {
    await db.deleteFrom('translations').where('id', '=', id).execute();
  },
};

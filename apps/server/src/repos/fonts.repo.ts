// storage_files (uploads through upload URLs) and custom_fonts (an organization's fonts made from them).
import type { Insertable, Selectable, Updateable } from 'kysely';
import type { DbOrTx } from '../db/database.js';
import { paginate, type PageRequest } from '../db/pagination.js';
import type { CustomFontsTable, StorageFilesTable } from '../db/schema.js';

export type StorageFileRow = Selectable<StorageFilesTable>;
export type CustomFontRow = Selectable<CustomFontsTable>;
/** A weight of a font and the key of its file. */
export interface FontFace {
  weight: number;
  key: string;
}
export const facesOf = (row: CustomFontRow): FontFace[] => JSON.parse(row.faces) as FontFace[];

export const storageRepo = {
  async insert(db: DbOrTx, row: Insertable<StorageFilesTable>): Promise<void> {
    await db.insertInto('storage_files').values(row).execute();
  },
  findByKey(db: DbOrTx, key: string): Promise<StorageFileRow | undefined> {
    return db.selectFrom('storage_files').selectAll().where('key', '=', key).executeTakeFirst();
  },
  findByTokenHash(db: DbOrTx, hash: string): Promise<StorageFileRow | undefined> {
    return db.selectFrom('storage_files').selectAll().where('upload_token_hash', '=', hash).executeTakeFirst();
  },
  findManyOfOrg(db: DbOrTx, orgId: string, keys: readonly string[]): Promise<StorageFileRow[]> {
    if (!keys.length) return Promise.resolve([]);
    return db.selectFrom('storage_files').selectAll().where('org_id', '=', orgId).where('key', 'in', [...keys]).execute();
  },
  /** Records the upload once: only while the token is still unused (two concurrent uploads: one wins). */
  async markUploaded(db: DbOrTx, key: string, tokenHash: string, blobHash: string, now: string): Promise<boolean> {
    const r = await db.updateTable('storage_files').set({ blob_hash: blobHash, uploaded_at: now, upload_token_hash: null })
      .where('key', '=', key).where('upload_token_hash', '=', tokenHash).executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  },
};

export const fontsRepo = {
  find(db: DbOrTx, orgId: string, id: string): Promise<CustomFontRow | undefined> {
    return db.selectFrom('custom_fonts').selectAll().where('id', '=', id).where('org_id', '=', orgId).executeTakeFirst();
  },
  findMany(db: DbOrTx, orgId: string, ids: readonly string[]): Promise<CustomFontRow[]> {
    if (!ids.length) return Promise.resolve([]);
    return db.selectFrom('custom_fonts').selectAll().where('org_id', '=', orgId).where('id', 'in', [...ids]).execute();
  },
  list(db: DbOrTx, orgId: string, page: PageRequest) {
    return paginate(db.selectFrom('custom_fonts').selectAll().where('org_id', '=', orgId), page, {
      scope: `fonts:${orgId}`, sortColumn: 'font_family', idColumn: 'id', direction: 'asc',
      keyOf: (r: CustomFontRow) => [r.font_family, r.id],
    });
  },
  async insert(db: DbOrTx, row: Insertable<CustomFontsTable>): Promise<void> {
    await db.insertInto('custom_fonts').values(row).execute();
  },
  async update(db: DbOrTx, orgId: string, id: string, patch: Updateable<CustomFontsTable>): Promise<void> {
    await db.updateTable('custom_fonts').set(patch).where('id', '=', id).where('org_id', '=', orgId).execute();
  },
  async delete(db: DbOrTx, orgId: string, id: string): Promise<boolean> {
    const r = await db.deleteFrom('custom_fonts').where('id', '=', id).where('org_id', '=', orgId).executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  },
};

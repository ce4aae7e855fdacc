// translations: one row per translation (source space → target language), with its result space, page mapping and stats.
import type { Insertable, Selectable, Updateable } from 'kysely';
import type { DbOrTx } from '../db/database.js';
import type { TranslationGlossaryEntriesTable, TranslationsTable } from '../db/schema.js';
import { paginate, type PageRequest } from '../db/pagination.js';

export type TranslationRow = Selectable<TranslationsTable>;

export const translationsRepo = {
  find(db: DbOrTx, orgId: string, id: string): Promise<TranslationRow | undefined> {
    return db.selectFrom('translations').selectAll().where('id', '=', id).where('org_id', '=', orgId).executeTakeFirst();
  },
  findById(db: DbOrTx, id: string): Promise<TranslationRow | undefined> {
    return db.selectFrom('translations').selectAll().where('id', '=', id).executeTakeFirst();
  },
  /** The organization's translation of that source space into that language, if any (at most one: createTranslation). */
  findBySourceAndLanguage(db: DbOrTx, orgId: string, sourceSpaceId: string, language: string): Promise<TranslationRow | undefined> {
    return db.selectFrom('translations').selectAll().where('org_id', '=', orgId).where('source_space_id', '=', sourceSpaceId)
      .where('language', '=', language).executeTakeFirst();
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

export type GlossaryEntryRow = Selectable<TranslationGlossaryEntriesTable>;

/** translation_glossary_entries: an organization's glossary (small: at most 10,000 entries, read whole). */
export const glossaryRepo = {
  find(db: DbOrTx, orgId: string, id: string): Promise<GlossaryEntryRow | undefined> {
    return db.selectFrom('translation_glossary_entries').selectAll().where('id', '=', id).where('org_id', '=', orgId).executeTakeFirst();
  },
  /** Every entry of the organization, oldest first. */
  listAll(db: DbOrTx, orgId: string): Promise<GlossaryEntryRow[]> {
    return db.selectFrom('translation_glossary_entries').selectAll().where('org_id', '=', orgId).orderBy('created_at').orderBy('id').execute();
  },
  async insert(db: DbOrTx, row: Insertable<TranslationGlossaryEntriesTable>): Promise<void> {
    await db.insertInto('translation_glossary_entries').values(row).execute();
  },
  async update(db: DbOrTx, orgId: string, id: string, patch: Updateable<TranslationGlossaryEntriesTable>): Promise<void> {
    await db.updateTable('translation_glossary_entries').set(patch).where('id', '=', id).where('org_id', '=', orgId).execute();
  },
  async delete(db: DbOrTx, orgId: string, id: string): Promise<void> {
    await db.deleteFrom('translation_glossary_entries').where('id', '=', id).where('org_id', '=', orgId).execute();
  },
};

// Stored expansions of computed pages (engine/computed.ts): immutable cache rows, inserted once.
import type { Insertable, Selectable } from 'kysely';
import type { DbOrTx } from '../db/database.js';
import type { ComputedExpansionsTable } from '../db/schema.js';

export const computedRepo = {
  findExpansion(db: DbOrTx, key: string): Promise<Selectable<ComputedExpansionsTable> | undefined> {
    return db.selectFrom('computed_expansions').selectAll().where('key', '=', key).executeTakeFirst();
  },
  async insertExpansion(db: DbOrTx, row: Insertable<ComputedExpansionsTable>): Promise<void> {
    await db.insertInto('computed_expansions').values(row).onConflict((oc) => oc.column('key').doNothing()).execute();
  },
};

import type { Insertable, Selectable } from 'kysely';
import type { DbOrTx } from '../db/database.js';
import type { RevisionsTable } from '../db/schema.js';

export type RevisionRow = Selectable<RevisionsTable>;

export const revisionsRepo = {
  findById(db: DbOrTx, id: string): Promise<RevisionRow | undefined> {
    return db.selectFrom('revisions').selectAll().where('id', '=', id).executeTakeFirst();
  },
  async insert(db: DbOrTx, row: Insertable<RevisionsTable>, opts: { ifAbsent?: boolean } = {}): Promise<void> {
    let q = db.insertInto('revisions').values(row);
    if (opts.ifAbsent) q = q.onConflict((oc) => oc.column('id').doNothing());
    await q.execute();
  },
};

import type { Insertable, Selectable } from 'kysely';
import type { DbOrTx } from '../db/database.js';
import { preparedByKey } from '../db/prepared.js';
import type { RevisionsTable } from '../db/schema.js';

export type RevisionRow = Selectable<RevisionsTable>;

const selectRevisionById = preparedByKey((db) => db.selectFrom('revisions').selectAll(), 'id');

export const revisionsRepo = {
  async findById(db: DbOrTx, id: string): Promise<RevisionRow | undefined> {
    return (await selectRevisionById(db, id))[0];
  },
  async insert(db: DbOrTx, row: Insertable<RevisionsTable>, opts: { ifAbsent?: boolean } = {}): Promise<void> {
    let q = db.insertInto('revisions').values(row);
    if (opts.ifAbsent) q = q.onConflict((oc) => oc.column('id').doNothing());
    await q.execute();
  },
};

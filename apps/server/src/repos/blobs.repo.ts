import type { DbOrTx } from '../db/database.js';

/** File bytes by SHA-256 (the `database` blob store). */
export const blobsRepo = {
  /** Stores a blob unless it is there already (content-addressed: the same hash is the same bytes). */
  async insertIfAbsent(db: DbOrTx, hash: string, data: Buffer, now: string): Promise<void> {
    await db.insertInto('blobs').values({ hash, size: data.length, data, created_at: now }).onConflict((oc) => oc.column('hash').doNothing()).execute();
  },
  async find(db: DbOrTx, hash: string): Promise<Buffer | undefined> {
    const row = await db.selectFrom('blobs').select('data').where('hash', '=', hash).executeTakeFirst();
    return row ? Buffer.from(row.data) : undefined;
  },
  async exists(db: DbOrTx, hash: string): Promise<boolean> {
    return (await db.selectFrom('blobs').select('hash').where('hash', '=', hash).executeTakeFirst()) !== undefined;
  },
};

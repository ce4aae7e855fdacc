import { sql } from 'kysely';
import type { DbOrTx } from '../db/database.js';
import { dialectOf } from '../db/dialect.js';

/** File bytes by SHA-256 (the `database` blob store). */
export const blobsRepo = {
  /** Stores a blob unless it is there already (content-addressed: the same hash is the same bytes). */
  /**
   * Stores blobs unless they are there already (content-addressed: the same hash is the same bytes), in statements
   * of at most 200 rows or 8 MB.
   */
  async insertManyIfAbsent(db: DbOrTx, blobs: readonly { hash: string; data: Buffer }[], now: string): Promise<void> {
    const batches: { hash: string; data: Buffer }[][] = [];
    let batch: { hash: string; data: Buffer }[] = [];
    let bytes = 0;
    for (const b of blobs) {
      if (batch.length && (batch.length >= 200 || bytes + b.data.length > 8 * 1024 * 1024)) {
        batches.push(batch);
        batch = [];
        bytes = 0;
      }
      batch.push(b);
      bytes += b.data.length;
    }
    if (batch.length) batches.push(batch);
    const insert = async (d: DbOrTx) => {
      for (const rows of batches) {
        await d.insertInto('blobs').values(rows.map((r) => ({ hash: r.hash, size: r.data.length, data: r.data, created_at: now })))
          .onConflict((oc) => oc.column('hash').doNothing()).execute();
      }
    };
    if (!batches.length) return;
    if (dialectOf(db) !== 'postgres' || db.isTransaction) return insert(db);
    // A blob is only ever reached through a row committed after it (a revision, a file), and PostgreSQL flushes the
    // write-ahead log in order: that commit makes the blob durable too. So the blobs' own commit need not wait for
    // the flush (an import stores hundreds of assets).
    await db.transaction().execute(async (tx) => {
      await sql`set local synchronous_commit to off`.execute(tx);
      await insert(tx);
    });
  },
  async findMany(db: DbOrTx, hashes: readonly string[]): Promise<Map<string, Buffer>> {
    const found = new Map<string, Buffer>();
    for (let i = 0; i < hashes.length; i += 200) {
      const rows = await db.selectFrom('blobs').select(['hash', 'data']).where('hash', 'in', hashes.slice(i, i + 200)).execute();
      for (const r of rows) found.set(r.hash, Buffer.from(r.data));
    }
    return found;
  },
  async find(db: DbOrTx, hash: string): Promise<Buffer | undefined> {
    const row = await db.selectFrom('blobs').select('data').where('hash', '=', hash).executeTakeFirst();
    return row ? Buffer.from(row.data) : undefined;
  },
  async exists(db: DbOrTx, hash: string): Promise<boolean> {
    return (await db.selectFrom('blobs').select('hash').where('hash', '=', hash).executeTakeFirst()) !== undefined;
  },
};

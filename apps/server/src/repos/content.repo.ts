// Content-addressed storage of page trees and file lists (see db/migrations/20261122T0200-content.ts). Rows are
// immutable: inserts ignore hashes that are already stored, so a write costs only what is new.
import { sql, type Insertable } from 'kysely';
import type { DbOrTx } from '../db/database.js';
import type { ContentNodesTable, ContentObjectsTable, PageContentsTable } from '../db/schema.js';

export interface NodeWithData {
  hash: string;
  page_id: string;
  content_hash: string;
  children: string;
  data: string;
}

const CHUNK = 500;

function chunks<T>(items: readonly T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

export const contentRepo = {
  /** Nodes with their page's fields (not its markdown). */
  async nodes(db: DbOrTx, hashes: readonly string[]): Promise<NodeWithData[]> {
    const out: NodeWithData[] = [];
    for (const part of chunks([...new Set(hashes)])) {
      const rows = await db
        .selectFrom('content_nodes as n')
        .innerJoin('page_contents as c', 'c.hash', 'n.content_hash')
        .select(['n.hash', 'n.page_id', 'n.content_hash', 'n.children', 'c.data'])
        .where('n.hash', 'in', part)
        .execute();
      out.push(...rows);
    }
    return out;
  },

  async markdown(db: DbOrTx, contentHashes: readonly string[]): Promise<{ hash: string; markdown: string }[]> {
    const out: { hash: string; markdown: string }[] = [];
    for (const part of chunks([...new Set(contentHashes)])) {
      out.push(...(await db.selectFrom('page_contents').select(['hash', 'markdown']).where('hash', 'in', part).execute()));
    }
    return out;
  },

  /** Inserts the nodes not stored yet; returns how many rows were written. */
  async insertNodes(db: DbOrTx, rows: Insertable<ContentNodesTable>[]): Promise<number> {
    let written = 0;
    for (const part of chunks(rows)) {
      const r = await db.insertInto('content_nodes').values(part).onConflict((oc) => oc.column('hash').doNothing()).executeTakeFirst();
      written += Number(r.numInsertedOrUpdatedRows ?? 0);
    }
    return written;
  },

  async insertContents(db: DbOrTx, rows: Insertable<PageContentsTable>[]): Promise<number> {
    let written = 0;
    for (const part of chunks(rows, 200)) {
      const r = await db.insertInto('page_contents').values(part).onConflict((oc) => oc.column('hash').doNothing()).executeTakeFirst();
      written += Number(r.numInsertedOrUpdatedRows ?? 0);
    }
    return written;
  },

  async object(db: DbOrTx, hash: string): Promise<{ kind: string; data: string } | undefined> {
    return db.selectFrom('content_objects').select(['kind', 'data']).where('hash', '=', hash).executeTakeFirst();
  },

  async insertObject(db: DbOrTx, row: Insertable<ContentObjectsTable>): Promise<number> {
    const r = await db.insertInto('content_objects').values(row).onConflict((oc) => oc.column('hash').doNothing()).executeTakeFirst();
    return Number(r.numInsertedOrUpdatedRows ?? 0);
  },

  /** Row counts of the content tables (benchmarks and tests). */
  async counts(db: DbOrTx): Promise<Record<string, number>> {
    const out: Record<string, number> = {};
    for (const t of ['content_nodes', 'page_contents', 'content_objects', 'revisions'] as const) {
      const r = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(t)}`.execute(db);
      out[t] = Number(r.rows[0]?.n ?? 0);
    }
    return out;
  },
};

// The links of a space's head revision (`link_targets` and `page_links`, kept current by engine/content-index.ts), read for the link
// and backlink lists. Every query is keyset-ordered on an index: the cost is that of the page, not of the list.
import { sql, type RawBuilder, type Selectable } from 'kysely';
import type { DbOrTx } from '../db/database.js';
import type { LinkTargetsTable } from '../db/schema.js';

export type LinkStatus = 'ok' | 'broken' | 'in-app';

/** One link target (a `target_key`), with its stored status and what its path or file name resolves to now. */
export type LinkTargetRow = Pick<Selectable<LinkTargetsTable>, 'target_key' | 'target_kind' | 'target_page' | 'target_path' | 'target_file' | 'target_name' | 'anchor' | 'url'> & {
  status: LinkStatus;
  resolved_page: string | null;
  resolved_file: string | null;
};

/** What a backlink list points at: a page (by id, or by the path links use) or a file (by id, or by name). */
export type BacklinkTarget = { page?: string; path?: string | null; file?: string; name?: string };

/**
 * The statements of the link lists (exported for the tests of their plans). The targets of a space are the rows of
 * `link_targets` (one per target key, with its status; kept while some link row uses it, migration 20261128T0520):
 * the space's lists read its (space, key) or (space, status, key) index in key order, a page's list the targets its
 * rows name (by the rows' primary key, then each target by id).
 */
export const linkQueries = {
  /** Targets (of one page, or of all), one row per target_key in key order after `after`, at most `limit`. */
  targets(spaceId: string, pageId: string | undefined, status: LinkStatus | undefined, after: string | undefined, limit: number): RawBuilder<LinkTargetRow> {
    const where = sql.join([
      sql`t.space_id = ${spaceId}`,
      ...(status === undefined ? [] : [sql`t.status = ${status}`]),
      ...(after === undefined ? [] : [sql`t.target_key > ${after}`]),
      ...(pageId === undefined ? [] : [sql`t.id in (select l.target_id from page_links l where l.space_id = ${spaceId} and l.page_id = ${pageId})`]),
    ], sql` and `);
    return sql<LinkTargetRow>`select t.target_key, t.target_kind, t.target_page, t.target_path, t.target_file, t.target_name, t.anchor, t.url, t.status,
        (select p.page_id from space_pages p where p.space_id = ${spaceId} and p.path = t.target_path limit 1) as resolved_page,
        (select f.file_id from space_files f where f.space_id = ${spaceId} and f.name = t.target_name limit 1) as resolved_file
      from link_targets t where ${where}
      order by t.target_key limit ${limit}`;
  },
  /** The pages (of `pageId` only, when given) that use each of `keys`, in page id order. */
  locations(spaceId: string, keys: readonly string[], pageId: string | undefined): RawBuilder<{ target_key: string; page_id: string }> {
    return sql`select distinct t.target_key, l.page_id from link_targets t join page_links l on l.target_id = t.id
      where t.space_id = ${spaceId} and t.target_key in (${sql.join(keys)}) ${pageId === undefined ? sql`` : sql`and l.page_id = ${pageId}`} order by l.page_id`;
  },
  /** The ids of the targets naming a page (by id, or by the path links use) or a file (by id, or by name). */
  backlinkTargets(spaceId: string, target: BacklinkTarget): RawBuilder<{ id: number }> {
    // One select per column, each through that column's partial index (with `or`, both planners would rather read
    // the space's targets through another index and test each).
    const by = (column: string, value: string) => sql<{ id: number }>`select id from link_targets where space_id = ${spaceId} and ${sql.ref(column)} = ${value}`;
    return target.page !== undefined
      ? (target.path ? sql<{ id: number }>`${by('target_page', target.page)} union all ${by('target_path', target.path)}` : by('target_page', target.page))
      : (target.name ? sql<{ id: number }>`${by('target_file', target.file ?? '')} union all ${by('target_name', target.name)}` : by('target_file', target.file ?? ''));
  },
};

export const linksRepo = {
  /** Targets (of one page, or of all), one row per target_key in key order after `after`, at most `limit`. */
  async targets(db: DbOrTx, spaceId: string, pageId: string | undefined, status: LinkStatus | undefined, after: string | undefined, limit: number): Promise<LinkTargetRow[]> {
    return (await linkQueries.targets(spaceId, pageId, status, after, limit).execute(db)).rows;
  },
  /** Distinct targets: all, broken, and those with `status` (all when none given). */
  async counts(db: DbOrTx, spaceId: string, pageId: string | undefined, status: LinkStatus | undefined): Promise<{ total: number; broken: number; count: number }> {
    const r = await sql<{ total: number | string; broken: number | string; matching: number | string }>`
      select count(*) as total,
        count(case when status = 'broken' then 1 end) as broken,
        count(case when ${status ? sql`status = ${status}` : sql`1 = 1`} then 1 end) as matching
      from link_targets t where t.space_id = ${spaceId}
        ${pageId === undefined ? sql`` : sql`and t.id in (select l.target_id from page_links l where l.space_id = ${spaceId} and l.page_id = ${pageId})`}`.execute(db);
    return { total: Number(r.rows[0]?.total ?? 0), broken: Number(r.rows[0]?.broken ?? 0), count: Number(r.rows[0]?.matching ?? 0) };
  },
  /** The pages (of `pageId` only, when given) that use each target, in page id order. */
  async locations(db: DbOrTx, spaceId: string, keys: string[], pageId: string | undefined): Promise<{ target_key: string; page_id: string }[]> {
    if (keys.length === 0) return [];
    return (await linkQueries.locations(spaceId, keys, pageId).execute(db)).rows;
  },
  /** Pages linking to a target, in page id order after `after` (at most `limit`), and how many there are. */
  async backlinkPages(db: DbOrTx, spaceId: string, target: BacklinkTarget, after: string | undefined, limit: number): Promise<{ rows: { page_id: string }[]; count: number }> {
    const base = sql`select distinct page_id from page_links where target_id in (${linkQueries.backlinkTargets(spaceId, target)})`;
    const [rows, count] = await Promise.all([
      sql<{ page_id: string }>`select page_id from (${base}) b ${after === undefined ? sql`` : sql`where b.page_id > ${after}`} order by page_id limit ${limit}`.execute(db),
      sql<{ n: number | string }>`select count(*) as n from (${base}) c`.execute(db),
    ]);
    return { rows: rows.rows, count: Number(count.rows[0]?.n ?? 0) };
  },
};

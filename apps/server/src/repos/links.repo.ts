// The links of a space's head revision (`page_links`, kept current by engine/content-index.ts), read for the link
// and backlink lists. Every query is keyset-ordered on an index: the cost is that of the page, not of the list.
import { sql, type RawBuilder, type Selectable } from 'kysely';
import type { DbOrTx, Dialect } from '../db/database.js';
import { dialectOf } from '../db/dialect.js';
import type { PageLinksTable } from '../db/schema.js';

export type LinkStatus = 'ok' | 'broken' | 'in-app';

/** One link target (a `target_key`), with its stored status and what its path or file name resolves to now. */
export type LinkTargetRow = Pick<Selectable<PageLinksTable>, 'target_key' | 'target_kind' | 'target_page' | 'target_path' | 'target_file' | 'target_name' | 'anchor' | 'url'> & {
  status: LinkStatus;
  resolved_page: string | null;
  resolved_file: string | null;
};

/** What a backlink list points at: a page (by id, or by the path links use) or a file (by id, or by name). */
export type BacklinkTarget = { page?: string; path?: string | null; file?: string; name?: string };

/**
 * Every status a link row can have. `page_links` has one index on its target keys, (space, status, target key): a
 * lookup by key without a status names the three (`status in (…)`) to read it, and the unfiltered list in key order
 * merges its three ranges (migration 20261127T0035).
 */
const STATUSES: readonly LinkStatus[] = ['broken', 'in-app', 'ok'];
const ANY_STATUS = sql<boolean>`status in (${sql.join(STATUSES.map((s) => sql.lit(s)))})`;

/** The statements of the link lists (exported for the tests of their plans). */
export const linkQueries = {
  /** Targets (of one page, or of all), one row per target_key in key order after `after`, at most `limit`. */
  targets(dialect: Dialect, spaceId: string, pageId: string | undefined, status: LinkStatus | undefined, after: string | undefined, limit: number): RawBuilder<LinkTargetRow> {
    const afterKey = after === undefined ? sql`` : sql`and target_key > ${after}`;
    let where;
    if (pageId === undefined && status === undefined) {
      // All the targets of the space: the first `limit` keys of each status's range of the index (each read in key
      // order: the cost is that of the page), merged, the first `limit` of them; then their rows, by key. PostgreSQL
      // looks the keys up in the index only when they come as an array (with `in (select …)` it may hash-join a scan
      // of the space's rows).
      const keys = sql`select target_key from (${sql.join(STATUSES.map((s) => sql`select target_key from (select distinct target_key from page_links
          where space_id = ${spaceId} and status = ${sql.lit(s)} ${afterKey} order by target_key limit ${limit}) ${sql.raw(`k_${s.replace('-', '_')}`)}`), sql` union `)}) k
        order by target_key limit ${limit}`;
      where = sql`${ANY_STATUS} and target_key ${dialect === 'postgres' ? sql`= any(array(${keys}))` : sql`in (${keys})`}`;
    } else {
      where = sql`${pageId === undefined ? sql`1 = 1` : sql`page_id = ${pageId}`} ${status === undefined ? sql`` : sql`and status = ${status}`} ${afterKey}`;
    }
    return sql<LinkTargetRow>`select t.*,
        (select p.page_id from space_pages p where p.space_id = ${spaceId} and p.path = t.target_path limit 1) as resolved_page,
        (select f.file_id from space_files f where f.space_id = ${spaceId} and f.name = t.target_name limit 1) as resolved_file
      from (select target_key, min(target_kind) as target_kind, min(target_page) as target_page, min(target_path) as target_path,
              min(target_file) as target_file, min(target_name) as target_name, min(anchor) as anchor, min(url) as url, min(status) as status
            from page_links where space_id = ${spaceId} and ${where}
            group by target_key order by target_key limit ${limit}) t
      order by t.target_key`;
  },
  /** The pages (of `pageId` only, when given) that use each of `keys`, in page id order. */
  locations(dialect: Dialect, spaceId: string, keys: readonly string[], pageId: string | undefined): RawBuilder<{ target_key: string; page_id: string }> {
    // Without statistics SQLite's planner would rather read the space's rows in page order (the primary key) than
    // look up the keys of its three statuses.
    const table = dialect === 'sqlite' && pageId === undefined ? sql`page_links indexed by page_links_status_idx` : sql`page_links`;
    return sql`select distinct target_key, page_id from ${table} where space_id = ${spaceId} and ${ANY_STATUS}
      and target_key in (${sql.join(keys)}) ${pageId === undefined ? sql`` : sql`and page_id = ${pageId}`} order by page_id`;
  },
};

export const linksRepo = {
  /** Targets (of one page, or of all), one row per target_key in key order after `after`, at most `limit`. */
  async targets(db: DbOrTx, spaceId: string, pageId: string | undefined, status: LinkStatus | undefined, after: string | undefined, limit: number): Promise<LinkTargetRow[]> {
    return (await linkQueries.targets(dialectOf(db), spaceId, pageId, status, after, limit).execute(db)).rows;
  },
  /** Distinct targets: all, broken, and those with `status` (all when none given). */
  async counts(db: DbOrTx, spaceId: string, pageId: string | undefined, status: LinkStatus | undefined): Promise<{ total: number; broken: number; count: number }> {
    const r = await sql<{ total: number | string; broken: number | string; matching: number | string }>`
      select count(distinct target_key) as total,
        count(distinct case when status = 'broken' then target_key end) as broken,
        count(distinct case when ${status ? sql`status = ${status}` : sql`1 = 1`} then target_key end) as matching
      from page_links where space_id = ${spaceId} ${pageId === undefined ? sql`` : sql`and page_id = ${pageId}`}`.execute(db);
    return { total: Number(r.rows[0]?.total ?? 0), broken: Number(r.rows[0]?.broken ?? 0), count: Number(r.rows[0]?.matching ?? 0) };
  },
  /** The pages (of `pageId` only, when given) that use each target, in page id order. */
  async locations(db: DbOrTx, spaceId: string, keys: string[], pageId: string | undefined): Promise<{ target_key: string; page_id: string }[]> {
    if (keys.length === 0) return [];
    return (await linkQueries.locations(dialectOf(db), spaceId, keys, pageId).execute(db)).rows;
  },
  /** Pages linking to a target, in page id order after `after` (at most `limit`), and how many there are. */
  async backlinkPages(db: DbOrTx, spaceId: string, target: BacklinkTarget, after: string | undefined, limit: number): Promise<{ rows: { page_id: string }[]; count: number }> {
    const cond = target.page !== undefined
      ? sql`(target_page = ${target.page} ${target.path ? sql`or target_path = ${target.path}` : sql``})`
      : sql`(target_file = ${target.file ?? ''} ${target.name ? sql`or target_name = ${target.name}` : sql``})`;
    const base = sql`select distinct page_id from page_links where space_id = ${spaceId} and ${cond}`;
    const [rows, count] = await Promise.all([
      sql<{ page_id: string }>`select page_id from (${base}) b ${after === undefined ? sql`` : sql`where b.page_id > ${after}`} order by page_id limit ${limit}`.execute(db),
      sql<{ n: number | string }>`select count(*) as n from (${base}) c`.execute(db),
    ]);
    return { rows: rows.rows, count: Number(count.rows[0]?.n ?? 0) };
  },
};

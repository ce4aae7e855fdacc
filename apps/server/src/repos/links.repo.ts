// The links of a space's head revision (`page_links`, kept current by engine/content-index.ts), read for the link
// and backlink lists. Every query is keyset-ordered on an index: the cost is that of the page, not of the list.
import { sql, type Selectable } from 'kysely';
import type { DbOrTx } from '../db/database.js';
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

export const linksRepo = {
  /** Targets (of one page, or of all), one row per target_key in key order after `after`, at most `limit`. */
  async targets(db: DbOrTx, spaceId: string, pageId: string | undefined, status: LinkStatus | undefined, after: string | undefined, limit: number): Promise<LinkTargetRow[]> {
    const r = await sql<LinkTargetRow>`select t.*,
        (select p.page_id from space_pages p where p.space_id = ${spaceId} and p.path = t.target_path limit 1) as resolved_page,
        (select f.file_id from space_files f where f.space_id = ${spaceId} and f.name = t.target_name limit 1) as resolved_file
      from (select target_key, min(target_kind) as target_kind, min(target_page) as target_page, min(target_path) as target_path,
              min(target_file) as target_file, min(target_name) as target_name, min(anchor) as anchor, min(url) as url, min(status) as status
            from page_links where space_id = ${spaceId}
            ${pageId === undefined ? sql`` : sql`and page_id = ${pageId}`}
            ${status === undefined ? sql`` : sql`and status = ${status}`}
            ${after === undefined ? sql`` : sql`and target_key > ${after}`}
            group by target_key order by target_key limit ${limit}) t
      order by t.target_key`.execute(db);
    return r.rows;
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
  locations(db: DbOrTx, spaceId: string, keys: string[], pageId: string | undefined): Promise<{ target_key: string; page_id: string }[]> {
    return db
      .selectFrom('page_links').select(['target_key', 'page_id']).distinct()
      .where('space_id', '=', spaceId).where('target_key', 'in', keys)
      .$if(pageId !== undefined, (qb) => qb.where('page_id', '=', pageId!))
      .orderBy('page_id').execute();
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

// The indexes of the active revision of each space (space_pages, space_files, page_links, search_sections) and
// their state. Maintained by services/content-index.ts; read by the content, links and search services.
import { CompiledQuery, sql, type Insertable, type Kysely, type RawBuilder, type Selectable } from 'kysely';
import type { DbOrTx } from '../db/database.js';
import { dialectOf } from '../db/dialect.js';
import { prepared } from '../db/prepared.js';
import type { LinkTargetsTable, PageLinksTable, SearchSectionsTable, SpaceFilesTable, SpaceIndexStateTable, SpacePagesTable } from '../db/schema.js';

export type SpacePageRow = Selectable<SpacePagesTable>;
export type IndexStateRow = Selectable<SpaceIndexStateTable>;

const CHUNK = 500;
function chunks<T>(items: readonly T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

const selectState = prepared((db, p: { spaceId: string }) => db.selectFrom('space_index_state').selectAll().where('space_id', '=', p.spaceId));

/** A page of the index with the root hash the index describes, read in one statement (so they belong together). */
export interface IndexedPage {
  index_root: string | null;
  page_id: string | null;
  node_hash: string | null;
  path: string | null;
}
const selectIndexedPage = prepared((db, p: { spaceId: string; pageId: string }) =>
  db.selectFrom('space_index_state as s')
    .leftJoin('space_pages as p', (j) => j.onRef('p.space_id', '=', 's.space_id').on('p.page_id', '=', p.pageId))
    .select(['s.root_hash as index_root', 'p.page_id', 'p.node_hash', 'p.path'])
    .where('s.space_id', '=', p.spaceId));
const selectIndexedPageByPath = prepared((db, p: { spaceId: string; path: string }) =>
  db.selectFrom('space_index_state as s')
    .leftJoin('space_pages as p', (j) => j.onRef('p.space_id', '=', 's.space_id').on('p.path', '=', p.path))
    .select(['s.root_hash as index_root', 'p.page_id', 'p.node_hash', 'p.path'])
    .where('s.space_id', '=', p.spaceId)
    .limit(1));

const LINK_COLUMNS = ['space_id', 'page_id', 'seq', 'source', 'target_key', 'target_kind', 'target_page', 'target_path', 'target_file', 'target_name', 'anchor', 'url', 'url_status', 'target_id'] as const satisfies readonly (keyof PageLinksTable)[];
const LINK_ROW_COLUMNS = ['page_id', 'seq', 'source', 'target_key', 'target_kind', 'target_page', 'target_path', 'target_file', 'target_name', 'anchor', 'url', 'url_status'] as const satisfies readonly (keyof PageLinksTable)[];
/** A stored link row as `linkRows` reads it (its target id aside). */
export type LinkRow = Pick<Selectable<PageLinksTable>, (typeof LINK_ROW_COLUMNS)[number]>;
const TARGET_COLUMNS = ['space_id', 'target_key', 'target_kind', 'target_page', 'target_path', 'target_file', 'target_name', 'anchor', 'url', 'url_status', 'status'] as const satisfies readonly (keyof LinkTargetsTable)[];
/** A new link target, as `insertTargets` writes it. */
export type NewLinkTarget = Pick<Insertable<LinkTargetsTable>, (typeof TARGET_COLUMNS)[number]>;
const SECTION_COLUMNS = ['space_id', 'page_id', 'section_id', 'seq', 'path', 'scope', 'title', 'heading', 'body'] as const satisfies readonly (keyof SearchSectionsTable)[];
const insertSql = new Map<string, string>();

/**
 * Inserts index rows (every column given) in statements of up to `per` rows. The SQL is written once per table, row
 * count and dialect and the values are passed as they are: Kysely's builder makes and compiles a node per value
 * (12,000 for the links of a 250 KB page: ~1.3 ms on the event loop, and their garbage).
 */
async function insertRows<R extends Record<string, unknown>>(db: DbOrTx, table: string, columns: readonly (keyof R & string)[], rows: readonly R[], per: number, returning?: string, out?: unknown[]): Promise<number> {
  const postgres = dialectOf(db as Kysely<any>) === 'postgres';
  for (let i = 0; i < rows.length; i += per) {
    const count = Math.min(per, rows.length - i);
    const key = `${table} ${count} ${postgres} ${returning ?? ''}`;
    let text = insertSql.get(key);
    if (text === undefined) {
      let n = 0;
      const tuple = () => `(${columns.map(() => (postgres ? `$${++n}` : '?')).join(', ')})`;
      text = `insert into "${table}" (${columns.map((c) => `"${c}"`).join(', ')}) values ${Array.from({ length: count }, tuple).join(', ')}${returning ? ` returning ${returning}` : ''}`;
      insertSql.set(key, text);
    }
    const parameters: unknown[] = new Array(count * columns.length);
    let k = 0;
    for (let r = i; r < i + count; r++) for (const c of columns) parameters[k++] = rows[r]![c] ?? null;
    const result = await db.executeQuery(CompiledQuery.raw(text, parameters));
    if (out) out.push(...result.rows);
  }
  return rows.length;
}

/** A link row's target key is cut to this length (engine/content-index.ts `pageLinks` cuts it; the refresh by key matches it). */
export const TARGET_KEY_MAX = 2048;

/** Which link targets `refreshLinkStatuses` recomputes: those whose `column` is one of `values` (all when not given). */
export type LinkRefreshScope = { column: 'page_id' | 'target_page' | 'target_path' | 'target_file' | 'target_name'; values: readonly string[] };

/**
 * The statement of `refreshLinkStatuses` (exported for the tests of its plans): an update of the space's targets
 * (`link_targets`, one row per distinct target, whatever the number of links to it), found by page id, path, file id
 * or file name through the table's partial indexes, or (`page_id`) the targets the rows of those pages use.
 */
export function linkStatusRefresh(spaceId: string, only?: LinkRefreshScope): RawBuilder<unknown> {
  const where = !only ? sql`space_id = ${spaceId}`
    : only.column === 'page_id'
      ? sql`space_id = ${spaceId} and id in (select l.target_id from page_links l where l.space_id = ${spaceId} and l.page_id in (${sql.join([...only.values])}))`
      : sql`space_id = ${spaceId} and ${sql.ref(only.column)} in (${sql.join([...only.values])})`;
  const status = sql`case
      when target_kind = 'url' then coalesce(url_status, 'ok')
      when target_kind = 'anchor' then 'ok'
      when target_kind = 'page' and (
        (target_page is not null and exists (select 1 from space_pages p where p.space_id = link_targets.space_id and p.page_id = link_targets.target_page))
        or (target_path is not null and exists (select 1 from space_pages p where p.space_id = link_targets.space_id and p.path = link_targets.target_path))) then 'ok'
      when target_kind = 'file' and (
        (target_file is not null and exists (select 1 from space_files f where f.space_id = link_targets.space_id and f.file_id = link_targets.target_file))
        or (target_name is not null and exists (select 1 from space_files f where f.space_id = link_targets.space_id and f.name = link_targets.target_name))) then 'ok'
      else 'broken' end`;
  return sql`update link_targets set status = ${status} where ${where} and status <> ${status}`;
}

export const contentIndexRepo = {
  /** Records the paths pages left when they moved (one row per old path: the latest page to leave it). */
  async recordMoves(db: DbOrTx, spaceId: string, moves: readonly { path: string; pageId: string }[], at: string): Promise<void> {
    for (let i = 0; i < moves.length; i += 200) {
      const rows = moves.slice(i, i + 200).map((m) => ({ space_id: spaceId, path: m.path, page_id: m.pageId, moved_at: at }));
      await db.insertInto('page_moves').values(rows)
        .onConflict((oc) => oc.columns(['space_id', 'path']).doUpdateSet((eb) => ({ page_id: eb.ref('excluded.page_id'), moved_at: eb.ref('excluded.moved_at') })))
        .execute();
    }
  },
  /** The page that last left `path` (compared case-insensitively when no exact row), if any. */
  async movedFrom(db: DbOrTx, spaceId: string, path: string): Promise<string | undefined> {
    const exact = await db.selectFrom('page_moves').select('page_id').where('space_id', '=', spaceId).where('path', '=', path).executeTakeFirst();
    if (exact) return exact.page_id;
    const folded = await db.selectFrom('page_moves').select('page_id').where('space_id', '=', spaceId).where(sql<string>`lower(path)`, '=', path.toLowerCase())
      .orderBy('moved_at', 'desc').limit(1).executeTakeFirst();
    return folded?.page_id;
  },
  async state(db: DbOrTx, spaceId: string): Promise<IndexStateRow | undefined> {
    return (await selectState(db, { spaceId }))[0];
  },
  async saveState(db: DbOrTx, row: IndexStateRow): Promise<void> {
    await db
      .insertInto('space_index_state')
      .values(row)
      .onConflict((oc) => oc.column('space_id').doUpdateSet({ revision_id: row.revision_id, root_hash: row.root_hash, files_hash: row.files_hash, updated_at: row.updated_at }))
      .execute();
  },

  async pages(db: DbOrTx, spaceId: string, pageIds: readonly string[]): Promise<SpacePageRow[]> {
    const out: SpacePageRow[] = [];
    for (const part of chunks(pageIds)) {
      out.push(...(await db.selectFrom('space_pages').selectAll().where('space_id', '=', spaceId).where('page_id', 'in', part).execute()));
    }
    return out;
  },
  /** Titles of pages of a space, by page id, from their search rows (pages marked noIndex have none). */
  async pageTitles(db: DbOrTx, spaceId: string, pageIds: readonly string[]): Promise<Map<string, string>> {
    const out = new Map<string, string>();
    for (const part of chunks(pageIds)) {
      const rows = await db.selectFrom('search_sections').select(['page_id', 'title']).where('space_id', '=', spaceId).where('seq', '=', -1).where('page_id', 'in', part).execute();
      for (const r of rows) out.set(r.page_id, r.title);
    }
    return out;
  },
  /** The targets of the broken links of the active revision (of one page, or of all). */
  async brokenTargets(db: DbOrTx, spaceId: string, pageId: string | undefined): Promise<Set<string>> {
    const rows = await db.selectFrom('link_targets').select('target_key').where('space_id', '=', spaceId).where('status', '=', 'broken')
      .$if(pageId !== undefined, (qb) => qb.where('id', 'in', (eb) => eb.selectFrom('page_links').select('target_id').where('space_id', '=', spaceId).where('page_id', '=', pageId!)))
      .execute();
    return new Set(rows.map((r) => r.target_key));
  },
  page(db: DbOrTx, spaceId: string, pageId: string): Promise<SpacePageRow | undefined> {
    return db.selectFrom('space_pages').selectAll().where('space_id', '=', spaceId).where('page_id', '=', pageId).executeTakeFirst();
  },
  /** The page by id with the root hash the index describes (undefined: the space has no index yet). */
  async indexedPage(db: DbOrTx, spaceId: string, pageId: string): Promise<IndexedPage | undefined> {
    return (await selectIndexedPage(db, { spaceId, pageId }))[0];
  },
  /** The page at a path with the root hash the index describes (undefined: the space has no index yet). */
  async indexedPageByPath(db: DbOrTx, spaceId: string, path: string): Promise<IndexedPage | undefined> {
    return (await selectIndexedPageByPath(db, { spaceId, path }))[0];
  },
  pageByPath(db: DbOrTx, spaceId: string, path: string): Promise<SpacePageRow | undefined> {
    return db.selectFrom('space_pages').selectAll().where('space_id', '=', spaceId).where('path', '=', path).limit(1).executeTakeFirst();
  },
  /** The chain of ancestors of a page, root first, the page last (one recursive query). */
  async chain(db: DbOrTx, spaceId: string, pageId: string): Promise<{ page_id: string; node_hash: string }[]> {
    const r = await sql<{ page_id: string; node_hash: string; depth: number }>`
      with recursive chain(page_id, parent_id, node_hash, depth) as (
        select page_id, parent_id, node_hash, 0 from space_pages where space_id = ${spaceId} and page_id = ${pageId}
        union all
        select p.page_id, p.parent_id, p.node_hash, c.depth + 1 from space_pages p join chain c on p.page_id = c.parent_id
        where p.space_id = ${spaceId} and c.depth < 1000
      ) select page_id, node_hash, depth from chain order by depth desc`.execute(db);
    return r.rows;
  },
  async childIds(db: DbOrTx, spaceId: string, parentIds: readonly string[]): Promise<string[]> {
    const out: string[] = [];
    for (const part of chunks(parentIds)) {
      const rows = await db.selectFrom('space_pages').select('page_id').where('space_id', '=', spaceId).where('parent_id', 'in', part).execute();
      out.push(...rows.map((r) => r.page_id));
    }
    return out;
  },
  async upsertPages(db: DbOrTx, rows: Insertable<SpacePagesTable>[]): Promise<number> {
    for (const part of chunks(rows, 300)) {
      await db
        .insertInto('space_pages')
        .values(part)
        .onConflict((oc) =>
          oc.columns(['space_id', 'page_id']).doUpdateSet((eb) => ({
            parent_id: eb.ref('excluded.parent_id'),
            path: eb.ref('excluded.path'),
            type: eb.ref('excluded.type'),
            node_hash: eb.ref('excluded.node_hash'),
            content_hash: eb.ref('excluded.content_hash'),
          })),
        )
        .execute();
    }
    return rows.length;
  },
  /**
   * Removes pages from every index of the space (pages, links, search). The ids of the targets their link rows used
   * are added to `targets` (`dropUnusedTargets` removes those no row uses any more).
   */
  async removePages(db: DbOrTx, spaceId: string, pageIds: readonly string[], targets: Set<number>): Promise<void> {
    for (const part of chunks(pageIds)) {
      await db.deleteFrom('space_pages').where('space_id', '=', spaceId).where('page_id', 'in', part).execute();
    }
    await contentIndexRepo.clearLinks(db, spaceId, pageIds, targets);
    for (const part of chunks(pageIds)) {
      await db.deleteFrom('search_sections').where('space_id', '=', spaceId).where('page_id', 'in', part).execute();
    }
  },
  /** The highest search-section `seq` of pages (-1 for a page row alone; undefined when they have none). */
  async maxSectionSeq(db: DbOrTx, spaceId: string, pageIds: readonly string[]): Promise<number | undefined> {
    let top: number | undefined;
    for (const part of chunks(pageIds)) {
      const r = await db.selectFrom('search_sections').select((eb) => eb.fn.max('seq').as('top')).where('space_id', '=', spaceId).where('page_id', 'in', part).executeTakeFirst();
      if (r?.top !== null && r?.top !== undefined) top = Math.max(top ?? -1, Number(r.top));
    }
    return top;
  },
  /** Removes the search sections of pages whose `seq` is in [from, to] (a large page's, a slice at a time). */
  async clearSections(db: DbOrTx, spaceId: string, pageIds: readonly string[], from: number, to: number): Promise<void> {
    for (const part of chunks(pageIds)) {
      await db.deleteFrom('search_sections').where('space_id', '=', spaceId).where('page_id', 'in', part).where('seq', '>=', from).where('seq', '<=', to).execute();
    }
  },
  /** The link rows of pages (every column but the status), by page, each page's in `seq` order. */
  async linkRows(db: DbOrTx, spaceId: string, pageIds: readonly string[]): Promise<Map<string, LinkRow[]>> {
    const out = new Map<string, LinkRow[]>();
    for (const part of chunks(pageIds)) {
      const rows = await db.selectFrom('page_links').select(LINK_ROW_COLUMNS).where('space_id', '=', spaceId).where('page_id', 'in', part)
        .orderBy('page_id').orderBy('seq').execute();
      for (const r of rows) {
        let list = out.get(r.page_id);
        if (!list) out.set(r.page_id, (list = []));
        list.push(r);
      }
    }
    return out;
  },
  /**
   * Which of these pages (by id and by path) and files (by id and by name) the space has now: the status of new link
   * rows is worked out from them as they are written (`linkStatus`), so that a row is written once with its status
   * instead of written broken and rewritten by the refresh (each rewrite moves its entry in the status index).
   */
  async existingTargets(db: DbOrTx, spaceId: string, want: { pageIds: Set<string>; paths: Set<string>; fileIds: Set<string>; names: Set<string> }): Promise<{ pageIds: Set<string>; paths: Set<string>; fileIds: Set<string>; names: Set<string> }> {
    const found = { pageIds: new Set<string>(), paths: new Set<string>(), fileIds: new Set<string>(), names: new Set<string>() };
    for (const part of chunks([...want.pageIds])) {
      for (const r of await db.selectFrom('space_pages').select('page_id').where('space_id', '=', spaceId).where('page_id', 'in', part).execute()) found.pageIds.add(r.page_id);
    }
    for (const part of chunks([...want.paths])) {
      for (const r of await db.selectFrom('space_pages').select('path').where('space_id', '=', spaceId).where('path', 'in', part).execute()) if (r.path !== null) found.paths.add(r.path);
    }
    for (const part of chunks([...want.fileIds])) {
      for (const r of await db.selectFrom('space_files').select('file_id').where('space_id', '=', spaceId).where('file_id', 'in', part).execute()) found.fileIds.add(r.file_id);
    }
    for (const part of chunks([...want.names])) {
      for (const r of await db.selectFrom('space_files').select('name').where('space_id', '=', spaceId).where('name', 'in', part).execute()) found.names.add(r.name);
    }
    return found;
  },
  /** Removes the links of pages; the ids of the targets they used are added to `targets`. */
  async clearLinks(db: DbOrTx, spaceId: string, pageIds: readonly string[], targets: Set<number>): Promise<void> {
    for (const part of chunks(pageIds)) {
      const gone = await db.deleteFrom('page_links').where('space_id', '=', spaceId).where('page_id', 'in', part).returning('target_id').execute();
      for (const r of gone) if (r.target_id !== null) targets.add(Number(r.target_id));
    }
  },
  /**
   * Deletes those of `ids` (targets of the space) that no link row uses now (`exists` on the rows' target id index).
   * Called under the space's lock after the commit's rows are written: no other transaction adds or removes rows of
   * the space's targets meanwhile (docs/content-pipeline.md, session 20).
   */
  async dropUnusedTargets(db: DbOrTx, spaceId: string, ids: Iterable<number>): Promise<void> {
    for (const part of chunks([...ids])) {
      await sql`delete from link_targets where space_id = ${spaceId} and id in (${sql.join(part)})
        and not exists (select 1 from page_links l where l.target_id = link_targets.id)`.execute(db);
    }
  },
  /** The ids of the space's targets with these keys, by key. */
  async targetIds(db: DbOrTx, spaceId: string, keys: readonly string[]): Promise<Map<string, number>> {
    const out = new Map<string, number>();
    for (const part of chunks(keys)) {
      for (const r of await db.selectFrom('link_targets').select(['id', 'target_key']).where('space_id', '=', spaceId).where('target_key', 'in', part).execute()) out.set(r.target_key, Number(r.id));
    }
    return out;
  },
  /** Inserts new targets (keys the space does not have yet); returns their ids by key. */
  async insertTargets(db: DbOrTx, rows: readonly NewLinkTarget[]): Promise<Map<string, number>> {
    const out: { id: number | string; target_key: string }[] = [];
    await insertRows(db, 'link_targets', TARGET_COLUMNS, rows, 100, 'id, target_key', out);
    return new Map(out.map((r) => [r.target_key, Number(r.id)]));
  },
  async clearSpace(db: DbOrTx, spaceId: string): Promise<void> {
    for (const t of ['space_pages', 'space_files', 'page_links', 'link_targets', 'search_sections'] as const) {
      await db.deleteFrom(t).where('space_id', '=', spaceId).execute();
    }
  },
  async insertLinks(db: DbOrTx, rows: Insertable<PageLinksTable>[]): Promise<number> {
    return insertRows(db, 'page_links', LINK_COLUMNS, rows, 200);
  },
  async insertSections(db: DbOrTx, rows: Insertable<SearchSectionsTable>[]): Promise<number> {
    return insertRows(db, 'search_sections', SECTION_COLUMNS, rows, 200);
  },

  /** The revision each space's indexes describe (spaces never indexed are missing). */
  async indexedRevisions(db: DbOrTx, spaceIds: readonly string[]): Promise<Map<string, string>> {
    if (spaceIds.length === 0) return new Map();
    const rows = await db.selectFrom('space_index_state').select(['space_id', 'revision_id']).where('space_id', 'in', [...spaceIds]).execute();
    return new Map(rows.map((r) => [r.space_id, r.revision_id]));
  },

  /**
   * Recomputes the status of the link targets of the space (all, or those whose `column` is one of `values`; `page_id`:
   * the targets those pages' rows use) against the current space_pages and space_files. Only targets whose status
   * changes are written.
   */
  async refreshLinkStatuses(db: DbOrTx, spaceId: string, only?: LinkRefreshScope): Promise<void> {
    await linkStatusRefresh(spaceId, only).execute(db);
  },

  async files(db: DbOrTx, spaceId: string): Promise<Selectable<SpaceFilesTable>[]> {
    return db.selectFrom('space_files').selectAll().where('space_id', '=', spaceId).execute();
  },
  async removeFiles(db: DbOrTx, spaceId: string, fileIds: readonly string[]): Promise<void> {
    for (const part of chunks(fileIds)) await db.deleteFrom('space_files').where('space_id', '=', spaceId).where('file_id', 'in', part).execute();
  },
  async upsertFiles(db: DbOrTx, rows: Insertable<SpaceFilesTable>[]): Promise<void> {
    for (const part of chunks(rows)) {
      await db
        .insertInto('space_files')
        .values(part)
        .onConflict((oc) => oc.columns(['space_id', 'file_id']).doUpdateSet((eb) => ({ name: eb.ref('excluded.name') })))
        .execute();
    }
  },
};

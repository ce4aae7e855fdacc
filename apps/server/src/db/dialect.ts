// The few places where SQLite and PostgreSQL differ, in one file.
import { PostgresAdapter, sql, type Expression, type Kysely, type RawBuilder } from 'kysely';
import type { Dialect } from './database.js';
import { NAMED_STATEMENT, readSql } from './prepared.js';
import { keyedListRead } from './read-cache.js';

/** Case-insensitive "contains" on a text expression; `needle` is escaped for LIKE. */
export function containsInsensitive(expr: Expression<string | null>, needle: string): RawBuilder<boolean> {
  const escaped = needle.toLowerCase().replace(/[\\%_]/g, (c) => '\\' + c);
  return sql<boolean>`lower(${expr}) like ${'%' + escaped + '%'} escape '\\'`;
}

/** Whether an error is a unique-constraint violation, on either dialect. */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; message?: string } | undefined;
  if (!e) return false;
  return e.code === '23505' || e.code === 'SQLITE_CONSTRAINT_UNIQUE' || e.code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/** Row lock for read-modify-write inside a transaction (SQLite serialises writers, so it needs none). */
export function forUpdate(dialect: Dialect): RawBuilder<unknown> {
  return dialect === 'postgres' ? sql` for update` : sql``;
}

export const bool = (b: boolean | undefined | null): 0 | 1 => (b ? 1 : 0);

/** The dialect of an open database (migrations receive only the Kysely instance). */
export function dialectOf(db: Kysely<any>): Dialect {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}

/**
 * The column type of fractional sort keys: they must compare byte by byte (ASCII order). SQLite's default
 * collation is binary; PostgreSQL's follows the database locale, so the column is declared `collate "C"`.
 */
export function sortKeyType(dialect: Dialect): RawBuilder<unknown> {
  return dialect === 'postgres' ? sql`text collate "C"` : sql`text`;
}

// ---------------------------------------------------------------------------------------------------------------
// Full-text search (content engine, services/search.ts). One row of `search_sections` per section of a page of the
// active revision of a space; `scope` holds the space id so SQLite can restrict a match to spaces inside the FTS
// query itself (a filter on a plain column next to MATCH defeats the index).
//   SQLite: external-content FTS5 tables over `search_sections` (`search_fts_pages` for page rows,
//           `search_fts_sections` for sections), kept in step by triggers, porter stemming; bm25 (title 10,
//           heading 5, body 1); segments merged 16 at a time (`automerge`, migration 20261127T1600).
//   PostgreSQL: a stored generated `tsv` column (english; title A, heading B, body C) with partial GIN indexes
//           (page rows, section rows); ranked with ts_rank.

/** Creates `search_sections` and its full-text index (migration 20261122T0200-content). */
export async function createSearchIndex(db: Kysely<any>): Promise<void> {
  const dialect = dialectOf(db);
  let table = db.schema.createTable('search_sections');
  table = dialect === 'postgres'
    ? table.addColumn('id', 'bigserial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
  await table
    .addColumn('space_id', 'text', (c) => c.notNull().references('spaces.id').onDelete('cascade'))
    .addColumn('page_id', 'text', (c) => c.notNull())
    .addColumn('section_id', 'text', (c) => c.notNull())
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('heading', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('search_sections_page_idx').on('search_sections').columns(['space_id', 'page_id']).execute();
  if (dialect === 'postgres') {
    await sql`alter table search_sections add column tsv tsvector generated always as (
      setweight(to_tsvector('english', title), 'A') || setweight(to_tsvector('english', heading), 'B') ||
      setweight(to_tsvector('english', body), 'C')) stored`.execute(db);
    // Partial indexes, one per kind of row, so a page query's bitmap never holds section rows (and vice versa).
    await sql`create index search_sections_page_tsv_idx on search_sections using gin (tsv) where seq = -1`.execute(db);
    await sql`create index search_sections_section_tsv_idx on search_sections using gin (tsv) where seq >= 0`.execute(db);
    return;
  }
  // Two FTS5 tables over the one content table: page rows (seq -1) and section rows, so that a page query never
  // walks section postings and needs no filter to tell the kinds apart.
  for (const [table, cond] of [['search_fts_pages', 'new.seq = -1'], ['search_fts_sections', 'new.seq >= 0']] as const) {
    await sql`create virtual table ${sql.raw(table)} using fts5(scope, title, heading, body, content='search_sections',
      content_rowid='id', tokenize='porter unicode61 remove_diacritics 2')`.execute(db);
    await sql`create trigger ${sql.raw(`${table}_ai`)} after insert on search_sections when ${sql.raw(cond)} begin
      insert into ${sql.raw(table)}(rowid, scope, title, heading, body) values (new.id, new.scope, new.title, new.heading, new.body);
    end`.execute(db);
    await sql`create trigger ${sql.raw(`${table}_ad`)} after delete on search_sections when ${sql.raw(cond.replace('new.', 'old.'))} begin
      insert into ${sql.raw(table)}(${sql.raw(table)}, rowid, scope, title, heading, body) values ('delete', old.id, old.scope, old.title, old.heading, old.body);
    end`.execute(db);
  }
}

export async function dropSearchIndex(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) === 'sqlite') {
    for (const t of ['search_fts_pages', 'search_fts_sections']) {
      await sql`drop trigger if exists ${sql.raw(`${t}_ai`)}`.execute(db);
      await sql`drop trigger if exists ${sql.raw(`${t}_ad`)}`.execute(db);
      await sql`drop table if exists ${sql.raw(t)}`.execute(db);
    }
  }
  await db.schema.dropTable('search_sections').ifExists().execute();
}

/** The words of a search query: letters and digits only (so nothing reaches the FTS parser as syntax), at most 32. */
export function searchTerms(query: string): string[] {
  return (query.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, 32);
}

/** A row of `search_sections` found by a search, with its relevance (higher is better). */
export interface SearchHit {
  id: number;
  space_id: string;
  page_id: string;
  section_id: string;
  seq: number;
  path: string;
  title: string;
  heading: string;
  body: string;
  score: number;
}

/** The `scope` of a page row (seq -1: the whole page: its space) and of a section row (its page), for SQLite's in-FTS filters. */
export const searchScope = (spaceId: string, pageId: string, pageRow: boolean) => (pageRow ? spaceId : pageId);

/** Search reads are planned once per connection on PostgreSQL: their planning cost more than running them (db/prepared.ts). */
const named = sql.raw(NAMED_STATEMENT);

/** The change log's key of a space's search rows (migration 20261127T1530-read-cache-search). */
const searchKey = (spaceId: string) => `search:${spaceId}`;

const ftsToken = (id: string) => `"${id.replace(/[^A-Za-z0-9_-]/g, '')}"`;
const ftsWords = (terms: string[], op: 'AND' | 'OR') => terms.map((t, i) => `"${t}"${i === terms.length - 1 ? '*' : ''}`).join(` ${op} `);
const tsWords = (terms: string[], op: '&' | '|') => terms.map((t, i) => (i === terms.length - 1 ? `${t}:*` : t)).join(` ${op} `);

/**
 * The best `cap` pages (their page rows: title and whole text) matching every term - the last one as a prefix -
 * in the given spaces. Ranking cost is bounded: when more than `cap` pages match, only the `cap` most recently
 * indexed ones (highest ids) are ranked; bm25/ts_rank score every row they see and neither prunes to the top k.
 */
export async function searchPages(db: Kysely<any>, terms: string[], spaceIds: string[], cap: number): Promise<SearchHit[]> {
  if (terms.length === 0 || spaceIds.length === 0) return [];
  let rows: SearchHit[];
  if (dialectOf(db) === 'postgres') {
    // MATERIALIZED keeps the planner on the GIN bitmap path: without it `order by id desc limit` tempts it into a
    // backward primary-key scan that filters every row (10-100x slower for selective queries).
    // A named statement (planned once per connection): the query text is a parameter, so `to_tsquery` is a
    // scalar subquery, computed once per execution (an init plan) rather than once per row matched and ranked.
    // Inside requests through the keyed caches (db/read-cache.ts `keyedListRead`): ts_rank scores a row from that row
    // alone, so the answer changes only when the spaces' search rows do (`search:<space>`, migration 20261127T1530).
    const words = tsWords(terms, '&');
    const q = sql`(select to_tsquery('english', ${words}))`;
    rows = await keyedListRead(db, () => `search-pages:${cap}:${words}:${spaceIds.join(',')}`, spaceIds.map(searchKey), (r) => searchKey(r.space_id), async () => (await sql<SearchHit>`
      with m as materialized (select s.id from search_sections s where s.tsv @@ ${q} and s.seq = -1 and s.space_id = any(${spaceIds})),
      c as (select id from m order by id desc limit ${cap})
      select s.id, s.space_id, s.page_id, s.section_id, s.seq, s.path, s.title, s.heading, '' as body, ts_rank(s.tsv, ${q}) as score
      from c join search_sections s on s.id = c.id
      order by score desc, s.id limit ${cap}${named}`.execute(db)).rows);
  } else {
    // Space ids are tokens of the `scope` column, so the match is restricted inside the FTS query; ids that differ
    // only by case would collide in the tokenizer, so the exact id is checked again below.
    const spaces = spaceIds.length <= 500 ? ` AND scope : (${spaceIds.map(ftsToken).join(' OR ')})` : '';
    const match = `{title heading body} : (${ftsWords(terms, 'AND')})${spaces}`;
    // The `cap` most recently indexed matches (FTS5 walks the match in rowid order and stops there), then ranked:
    // one pass over the match.
    // Outside transactions, through the memo of reads (db/prepared.ts `readSql`): bm25's statistics are the whole
    // index's, and "the newest `cap`" depends on what was indexed, but any commit anywhere empties the memo.
    rows = await readSql(db, sql<SearchHit>`
      select s.id, s.space_id, s.page_id, s.section_id, s.seq, s.path, s.title, s.heading, '' as body, -f.score as score
      from (select rowid, bm25(search_fts_pages, 0, 10, 5, 1) as score from search_fts_pages
            where search_fts_pages match ${match} order by rowid desc limit ${cap}) f
      join search_sections s on s.id = f.rowid
      order by f.score, s.id`);
  }
  const allowed = new Set(spaceIds);
  return rows.filter((r) => allowed.has(r.space_id)).map(numeric);
}

/** The sections (rows seq >= 0) of the given pages that match any of the terms, best first. */
export async function searchSections(db: Kysely<any>, terms: string[], pages: { spaceId: string; pageId: string }[], cap: number): Promise<SearchHit[]> {
  if (terms.length === 0 || pages.length === 0) return [];
  let rows: SearchHit[];
  if (dialectOf(db) === 'postgres') {
    // Through the keyed caches, as `searchPages`.
    const words = tsWords(terms, '|');
    const q = sql`(select to_tsquery('english', ${words}))`;
    const spaceIds = [...new Set(pages.map((p) => p.spaceId))];
    const pageIds = pages.map((p) => p.pageId);
    rows = await keyedListRead(db, () => `search-sections:${cap}:${words}:${spaceIds.join(',')}:${pageIds.join(',')}`, spaceIds.map(searchKey), (r) => searchKey(r.space_id), async () => (await sql<SearchHit>`
      select s.id, s.space_id, s.page_id, s.section_id, s.seq, s.path, s.title, s.heading, s.body, ts_rank(s.tsv, ${q}) as score
      from search_sections s
      where s.seq >= 0 and s.space_id = any(${spaceIds}) and s.page_id = any(${pageIds}) and s.tsv @@ ${q}
      order by score desc, s.id limit ${cap}${named}`.execute(db)).rows);
  } else {
    const match = `{title heading body} : (${ftsWords(terms, 'OR')}) AND scope : (${[...new Set(pages.map((p) => ftsToken(p.pageId)))].join(' OR ')})`;
    rows = await readSql(db, sql<SearchHit>`
      select s.id, s.space_id, s.page_id, s.section_id, s.seq, s.path, s.title, s.heading, s.body, -f.score as score
      from (select rowid, bm25(search_fts_sections, 0, 10, 5, 1) as score from search_fts_sections
            where search_fts_sections match ${match} order by score limit ${cap}) f
      join search_sections s on s.id = f.rowid
      order by f.score, s.id`);
  }
  const wanted = new Set(pages.map((p) => `${p.spaceId}/${p.pageId}`));
  return rows.filter((r) => wanted.has(`${r.space_id}/${r.page_id}`)).map(numeric);
}

const numeric = (r: SearchHit): SearchHit => ({ ...r, id: Number(r.id), seq: Number(r.seq), score: Number(r.score) });

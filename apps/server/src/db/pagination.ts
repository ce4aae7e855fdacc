// Keyset pagination shared by every list: an opaque cursor over (sort key, id), bound to the list and its
// filters, so the cost of a page never depends on how deep it is. `count` is the size of the whole list.
import { createHash } from 'node:crypto';
import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import { invalidField } from '../errors.js';
import type { DbOrTx } from './database.js';
import { prepared, readQuery } from './prepared.js';
import { keyedListRead } from './read-cache.js';
import type { Database } from './schema.js';

export const DEFAULT_LIMIT = 100;

export interface PageRequest {
  page?: string;
  limit?: number;
}

export interface PageResult<Row> {
  rows: Row[];
  next?: string;
  count: number;
}

export interface KeysetOptions<Row> {
  /** Identifies the list and its filters; a cursor made for another list is refused. */
  scope: string;
  /** The sort column (a qualified SQL column name) and the unique tiebreak column. */
  sortColumn: string;
  /** For a nullable sort column (paginate only): rows without a value sort as this value (`keyOf` must say the same). */
  sortNullsAs?: string;
  idColumn: string;
  direction: 'asc' | 'desc';
  /** The values of the sort and id columns of a row, as selected. */
  keyOf(row: Row): [string | number, string];
}

interface Cursor {
  s: string;
  k: [string | number, string];
}

const fingerprint = (scope: string) => createHash('sha256').update(scope).digest('base64url').slice(0, 16);

export function encodeCursor(scope: string, key: [string | number, string]): string {
  const c: Cursor = { s: fingerprint(scope), k: key };
  return Buffer.from(JSON.stringify(c)).toString('base64url');
}

export function decodeCursor(scope: string, page: string): [string | number, string] {
  let c: Cursor;
  try {
    c = JSON.parse(Buffer.from(page, 'base64url').toString('utf8')) as Cursor;
  } catch {
    throw invalidField('/query/page', 'is not a valid page cursor');
  }
  const valid = c && typeof c === 'object' && Array.isArray(c.k) && c.k.length === 2 && typeof c.k[1] === 'string' &&
    (typeof c.k[0] === 'string' || typeof c.k[0] === 'number');
  if (!valid) throw invalidField('/query/page', 'is not a valid page cursor');
  if (c.s !== fingerprint(scope)) throw invalidField('/query/page', 'belongs to another list or other filters');
  return c.k;
}

/** The page size a request asks for (`limit`), or the list's default. */
export function pageLimit(req: PageRequest, fallback = DEFAULT_LIMIT): number {
  return req.limit ?? fallback;
}

/** The key of the last row of the previous page (from `req.page`), or undefined on the first page. */
export function pageAfter(scope: string, req: PageRequest): [string | number, string] | undefined {
  return req.page ? decodeCursor(scope, req.page) : undefined;
}

/**
 * The end of every keyset loop: `fetched` holds up to `limit + 1` rows in list order that come after the cursor;
 * the page is the first `limit` of them, and a next cursor (the key of its last row) exists when there were more.
 */
export function pageOfRows<Row>(fetched: readonly Row[], limit: number, scope: string, keyOf: (row: Row) => [string | number, string]): { rows: Row[]; next?: string } {
  const more = fetched.length > limit;
  const rows = more ? fetched.slice(0, limit) : [...fetched];
  const last = rows[rows.length - 1];
  return { rows, next: more && last ? encodeCursor(scope, keyOf(last)) : undefined };
}

/**
 * Through the keyed caches (db/read-cache.ts `keyedListRead`: PostgreSQL, inside requests; on SQLite through the memo
 * of reads, db/prepared.ts `readQuery`), as `preparedKeyset`'s
 * `cached`: `deps`, the change-log keys logged whenever a row may enter or leave the list or change place in it;
 * `rowKey(row)`, the one logged whenever a row changes; `db`, the database the queries run on. The page and the
 * count are each named by their SQL and parameters (everything they depend on besides the rows).
 */
export interface CachedList<Row> {
  db: DbOrTx;
  deps: readonly string[];
  rowKey(row: Row): string;
}

/** Runs `base` (filters only: no order, no limit) as one page of a keyset-paginated list. */
export async function paginate<DB, TB extends keyof DB, Row>(
  base: SelectQueryBuilder<DB, TB, Row>,
  req: PageRequest,
  opts: KeysetOptions<Row>,
  cached?: CachedList<NoInfer<Row>>,
): Promise<PageResult<Row>> {
  const limit = pageLimit(req);
  const sort = opts.sortNullsAs === undefined ? sql.ref(opts.sortColumn) : sql`coalesce(${sql.ref(opts.sortColumn)}, ${opts.sortNullsAs})`;
  const id = sql.ref(opts.idColumn);
  const cmp = opts.direction === 'asc' ? sql.raw('>') : sql.raw('<');
  const dir = sql.raw(opts.direction);

  let q = base;
  const after = pageAfter(opts.scope, req);
  if (after) {
    const [v, lastId] = after;
    q = q.where(sql<boolean>`(${sort} ${cmp} ${v} or (${sort} = ${v} and ${id} ${cmp} ${lastId}))`);
  }
  const countQuery = base.clearSelect().select(sql<number | string>`count(*)`.as('n')) as unknown as SelectQueryBuilder<DB, TB, { n: number | string }>;
  const pageQuery = q.orderBy(sql`${sort} ${dir}`).orderBy(sql`${id} ${dir}`).limit(limit + 1);
  /** A query's rows, through the keyed caches when `cached`. */
  const run = <R extends object>(query: SelectQueryBuilder<DB, TB, R>, rowKey: ((row: R) => string) | undefined): Promise<R[]> => {
    if (!cached) return query.execute();
    const deps = cached.deps;
    const key = () => {
      const c = query.compile();
      return `paginate:${deps.join(',')}:${c.sql}:${JSON.stringify(c.parameters)}`;
    };
    return keyedListRead(cached.db, key, deps, rowKey ?? (() => deps[0] ?? ''), () => readQuery(cached.db, query));
  };
  const rows = limit === 0 ? ([] as Row[]) : await run(pageQuery as SelectQueryBuilder<DB, TB, Row & object>, cached?.rowKey as ((row: Row & object) => string) | undefined);
  const count = wholeList(rows, limit, after) ?? Number((await run(countQuery, undefined))[0]?.n ?? 0);
  return { ...pageOfRows(rows, limit, opts.scope, opts.keyOf), count };
}

/**
 * The size of the list when the first page holds all of it (no cursor, fewer rows than asked for): the rows are the
 * whole list, read by the same statement, so no count query is needed. Undefined otherwise.
 */
function wholeList(rows: readonly unknown[], limit: number, cursor: unknown): number | undefined {
  return cursor === undefined && limit > 0 && rows.length <= limit ? rows.length : undefined;
}

/**
 * `paginate` for a list whose query has one shape (its filters use the arguments only as single values): the page
 * query, the page query after a cursor and the count are built and compiled once per dialect (db/prepared.ts)
 * instead of on every request. `sortColumn`, `idColumn` and `direction` are part of the shape.
 * `cached`: the pages and counts are read through the keyed caches (db/read-cache.ts `keyedListRead`: PostgreSQL,
 * inside requests): `key(args)` is the change-log key logged whenever a row may enter or leave the list, `rowKey(row)`
 * the one logged whenever a row changes.
 */
export function preparedKeyset<A extends Record<string, unknown>, Row extends object>(
  base: (db: Kysely<Database>, args: A) => SelectQueryBuilder<Database, keyof Database, Row>,
  shape: Pick<KeysetOptions<Row>, 'sortColumn' | 'idColumn' | 'direction'> & { cached?: { key(args: A): string; rowKey(row: NoInfer<Row>): string } },
): (db: DbOrTx, args: A, req: PageRequest, opts: Pick<KeysetOptions<Row>, 'scope' | 'keyOf'>) => Promise<PageResult<Row>> {
  const sort = sql.ref(shape.sortColumn);
  const id = sql.ref(shape.idColumn);
  const cmp = shape.direction === 'asc' ? sql.raw('>') : sql.raw('<');
  const dir = sql.raw(shape.direction);
  type Paged = A & { limit: number };
  type After = Paged & { sortValue: string | number; lastId: string };
  const first = prepared((db, p: Paged) => base(db, p).orderBy(sql`${sort} ${dir}`).orderBy(sql`${id} ${dir}`).limit(p.limit));
  const after = prepared((db, p: After) =>
    base(db, p).where(sql<boolean>`(${sort} ${cmp} ${p.sortValue} or (${sort} = ${p.sortValue} and ${id} ${cmp} ${p.lastId}))`)
      .orderBy(sql`${sort} ${dir}`).orderBy(sql`${id} ${dir}`).limit(p.limit));
  const count = prepared((db, p: A) => base(db, p).clearSelect().select(sql<number | string>`count(*)`.as('n')) as unknown as SelectQueryBuilder<Database, keyof Database, { n: number | string }>);
  const { cached } = shape;
  const list = `${shape.sortColumn}:${shape.idColumn}:${shape.direction}`;
  /** `run(db, p)`, through the keyed caches when `cached` (the list named by its shape, statement and parameters). */
  const read = <P extends A, R extends object>(name: string, run: (db: DbOrTx, p: P) => Promise<R[]>, rowKey: ((row: R) => string) | undefined) =>
    (db: DbOrTx, p: P): Promise<R[]> => {
      if (!cached) return run(db, p);
      const deps = [cached.key(p)];
      return keyedListRead(db, () => `list:${deps[0]}:${list}:${name}:${JSON.stringify(p)}`, deps, rowKey ?? (() => deps[0]!), () => run(db, p));
    };
  const readFirst = read('first', first, cached?.rowKey);
  const readAfter = read('after', after, cached?.rowKey);
  const readCount = read('count', count, undefined);
  return async (db, args, req, opts) => {
    const limit = pageLimit(req);
    const cursor = pageAfter(opts.scope, req);
    const rows = limit === 0 ? ([] as Row[])
      : cursor ? await readAfter(db, { ...args, limit: limit + 1, sortValue: cursor[0], lastId: cursor[1] } as After)
        : await readFirst(db, { ...args, limit: limit + 1 } as Paged);
    const total = wholeList(rows, limit, cursor) ?? Number((await readCount(db, args))[0]?.n ?? 0);
    return { ...pageOfRows(rows, limit, opts.scope, opts.keyOf), count: total };
  };
}

export interface SortedListOptions<T> {
  /** Identifies the list and its filters; a cursor made for another list is refused. */
  scope: string;
  /** The (sort value, unique id) of an item. */
  keyOf(item: T): [string | number, string];
  /** The list's order: by sort value ascending (the default) or descending, then by id ascending. */
  direction?: 'asc' | 'desc';
  /** The items are already in list order (a ranking): they are not sorted again, the key only places the cursor. */
  ordered?: boolean;
  /** Page size when the request names none. */
  defaultLimit?: number;
}

/**
 * One page of a list held in memory (files of a revision, links of a past revision, ranked search results), with
 * the same cursors as `paginate`: the page starts at the first item whose key comes after the cursor's.
 */
export function paginateSorted<T>(items: readonly T[], req: PageRequest, opts: SortedListOptions<T>): { items: T[]; next?: string; count: number } {
  const sign = opts.direction === 'desc' ? -1 : 1;
  const compare = (a: [string | number, string], b: [string | number, string]): number =>
    a[0] < b[0] ? -sign : a[0] > b[0] ? sign : a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0;
  const keyed = items.map((item) => ({ item, key: opts.keyOf(item) }));
  if (!opts.ordered) keyed.sort((a, b) => compare(a.key, b.key));
  let rest = keyed;
  const after = pageAfter(opts.scope, req);
  if (after) {
    const at = keyed.findIndex((k) => compare(k.key, [typeof k.key[0] === 'number' ? Number(after[0]) : after[0], after[1]]) > 0);
    rest = at < 0 ? [] : keyed.slice(at);
  }
  const limit = pageLimit(req, opts.defaultLimit);
  const page = pageOfRows(rest.slice(0, limit + 1), limit, opts.scope, (k) => k.key);
  return { items: page.rows.map((k) => k.item), next: page.next, count: items.length };
}

/** The list envelope: `{items, next?: {page}, count}`. */
export function listBody<Item>(items: Item[], page: { next?: string; count: number }) {
  return { items, count: page.count, ...(page.next ? { next: { page: page.next } } : {}) };
}

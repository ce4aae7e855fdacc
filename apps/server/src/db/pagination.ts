// Keyset pagination shared by every list: an opaque cursor over (sort key, id), bound to the list and its
// filters, so the cost of a page never depends on how deep it is. `count` is the size of the whole list.
import { createHash } from 'node:crypto';
import { sql, type SelectQueryBuilder } from 'kysely';
import { invalidField } from '../errors.js';

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

/** Runs `base` (filters only: no order, no limit) as one page of a keyset-paginated list. */
export async function paginate<DB, TB extends keyof DB, Row>(
  base: SelectQueryBuilder<DB, TB, Row>,
  req: PageRequest,
  opts: KeysetOptions<Row>,
): Promise<PageResult<Row>> {
  const limit = req.limit ?? DEFAULT_LIMIT;
  const sort = sql.ref(opts.sortColumn);
  const id = sql.ref(opts.idColumn);
  const cmp = opts.direction === 'asc' ? sql.raw('>') : sql.raw('<');
  const dir = sql.raw(opts.direction);

  let q = base;
  if (req.page) {
    const [v, lastId] = decodeCursor(opts.scope, req.page);
    q = q.where(sql<boolean>`(${sort} ${cmp} ${v} or (${sort} = ${v} and ${id} ${cmp} ${lastId}))`);
  }
  const countQuery = base.clearSelect().select(sql<number | string>`count(*)`.as('n')) as unknown as SelectQueryBuilder<DB, TB, { n: number | string }>;
  const [rows, countRow] = await Promise.all([
    limit === 0 ? Promise.resolve([] as Row[]) : q.orderBy(sql`${sort} ${dir}`).orderBy(sql`${id} ${dir}`).limit(limit + 1).execute(),
    countQuery.executeTakeFirst(),
  ]);
  const count = Number(countRow?.n ?? 0);
  const more = rows.length > limit;
  const pageRows = more ? rows.slice(0, limit) : rows;
  const last = pageRows[pageRows.length - 1];
  return { rows: pageRows, count, next: more && last ? encodeCursor(opts.scope, opts.keyOf(last)) : undefined };
}

/** The list envelope: `{items, next?: {page}, count}`. */
export function listBody<Item>(items: Item[], page: { next?: string; count: number }) {
  return { items, count: page.count, ...(page.next ? { next: { page: page.next } } : {}) };
}

// Keyset pagination of an in-memory list (sorted by a string key), with the cursors of db/pagination.ts.
import { decodeCursor, encodeCursor, DEFAULT_LIMIT, type PageRequest } from '../db/pagination.js';

export function paginateArray<T>(items: readonly T[], keyOf: (t: T) => string, scope: string, q: PageRequest): { items: T[]; next?: string; count: number } {
  const sorted = [...items].sort((a, b) => (keyOf(a) < keyOf(b) ? -1 : keyOf(a) > keyOf(b) ? 1 : 0));
  const after = q.page ? String(decodeCursor(scope, q.page)[1]) : undefined;
  const rest = after === undefined ? sorted : sorted.filter((t) => keyOf(t) > after);
  const limit = q.limit ?? DEFAULT_LIMIT;
  const page = rest.slice(0, limit);
  const last = page[page.length - 1];
  return { items: page, count: sorted.length, next: rest.length > limit && last ? encodeCursor(scope, ['', keyOf(last)]) : undefined };
}

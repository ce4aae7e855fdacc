import { randomInt } from 'node:crypto';
import { sql, type Insertable, type Kysely, type Selectable, type Updateable } from 'kysely';
import type { DbOrTx } from '../db/database.js';
import type { Database, SpacesTable } from '../db/schema.js';
import { paginate, preparedKeyset, type PageRequest, type PageResult } from '../db/pagination.js';
import { preparedByKey, preparedWrite } from '../db/prepared.js';
import { keyedRead } from '../db/read-cache.js';
import { dialectOf } from '../db/dialect.js';

export type SpaceRow = Selectable<SpacesTable>;

/** Every column of a space but its open-comment count, which `spaceRows` computes. */
const SPACE_COLUMNS = [
  'id', 'org_id', 'parent_id', 'title', 'emoji', 'visibility', 'edit_mode', 'language', 'default_level', 'merge_rules', 'revision_id',
  'share_key', 'sort_key', 'change_requests_count', 'change_requests_open', 'change_requests_draft', 'created_by', 'created_at',
  'updated_at', 'deleted_at', 'git_sync', 'computed_revision_id',
] as const satisfies readonly (keyof SpacesTable)[];
// A column added to SpacesTable must be added above (or computed like comments_count): this fails to compile otherwise.
type Unselected = Exclude<keyof SpacesTable, (typeof SPACE_COLUMNS)[number] | 'comments_count'>;
const everyColumn: [Unselected] extends [never] ? true : Unselected = true;
void everyColumn;

/**
 * Spaces as rows: `comments_count` is the space's open comments, the count kept in the row before the counter was
 * sharded plus its shards (migration 20261126T2110, `bumpOpenComments`): exact, whatever the number of shards.
 */
const spaceRows = (db: Kysely<Database>) =>
  db.selectFrom('spaces').select([
    ...SPACE_COLUMNS,
    sql<number>`cast(${sql.ref('spaces.comments_count')} + coalesce((select sum(c.open_comments) from space_comment_counts c where c.space_id = ${sql.ref('spaces.id')}), 0) as integer)`.as('comments_count'),
  ]);

const selectSpaceById = preparedByKey((db) => spaceRows(db), 'id');

const isPostgres = (db: DbOrTx | Kysely<Database>) => dialectOf(db) === 'postgres';

/**
 * The rows the keyed caches keep (PostgreSQL): every column as stored, `comments_count` only the count kept in the row
 * before the shards (moved by nothing since): a comment moves a shard, not the row, so it leaves these rows cached in
 * every process (migration 20261128T0400 logs a shard's change under `space-comments:<id>`, no longer `space:<id>`).
 * `withComments` adds the shards, read through the keyed cache of `space-comments:<id>`. SQLite (no keyed caches, its
 * memo emptied by any commit): the rows with their count, as `spaceRows`.
 */
const cachedSpaceRows = (db: Kysely<Database>) =>
  isPostgres(db) ? db.selectFrom('spaces').select([...SPACE_COLUMNS, 'comments_count']) : spaceRows(db);

const selectCachedSpaceById = preparedByKey((db) => cachedSpaceRows(db), 'id');

/**
 * A space's open comments in its shards (0 without any), one row per existing space: a row is what the keyed cache
 * keeps (`readKeyed` keeps a read of exactly one row). Reads `spaces` only for the id (its primary key).
 */
const selectShardedComments = preparedByKey((db) => db.selectFrom('spaces').select([
  'spaces.id',
  sql<number>`cast(coalesce((select sum(c.open_comments) from space_comment_counts c where c.space_id = ${sql.ref('spaces.id')}), 0) as integer)`.as('open_comments'),
]), 'spaces.id', (r) => r.id);

/**
 * PostgreSQL: `rows` (read by `cachedSpaceRows`) with their open comments: each space's shards through the keyed
 * cache of `space-comments:<id>` (the calls of one turn in one statement, `preparedByKey`). New row objects: the rows
 * given may be the caches' own. SQLite: `rows` as they are (counted by the statement that read them).
 */
async function withComments(db: DbOrTx, rows: SpaceRow[]): Promise<SpaceRow[]> {
  if (rows.length === 0 || !isPostgres(db)) return rows;
  const shards = await Promise.all(rows.map((r) => keyedRead(db, `space-comments:${r.id}`, () => selectShardedComments(db, r.id))));
  return rows.map((r, i) => ({ ...r, comments_count: r.comments_count + (shards[i]![0]?.open_comments ?? 0) }));
}

/** A page of spaces read by `cachedSpaceRows`, with their open comments (`withComments`). */
async function pageWithComments(db: DbOrTx, page: Promise<PageResult<SpaceRow>>): Promise<PageResult<SpaceRow>> {
  const p = await page;
  return { ...p, rows: await withComments(db, p.rows) };
}

/**
 * PostgreSQL: the space with its row version (`xmin`: the transaction that wrote this version of the row; any update
 * makes a new version, a row lock does not), for a statement that writes only while the row is still that version.
 */
/** SQLite: the version of a space row, every stored column but the open-comment count (moved by nothing since the shards). */
export const spaceVersionOf = (space: SpaceRow): string => JSON.stringify(SPACE_COLUMNS.map((c) => space[c]));

const selectSpaceVersionById = preparedByKey((db) => spaceRows(db).select(sql<string>`xmin::text`.as('row_version')), 'id');

/**
 * Which shard of a space's open-comment counter a command moves (PostgreSQL; SQLite has one writer and uses shard 0):
 * per process, the first one no other transaction of this process in flight on the space holds, counted from this
 * process's own start shard, so concurrent commands on one space lock different rows, and a space without concurrent
 * commands keeps one row per process (its reads sum few). At most `SHARDS` rows per space. The start shard is drawn at
 * random per process: with the lowest shard first in every process, every process's group commit of comments moved
 * shard 0 of a space and each waited for the other's commit (docs/performance.md, session 18 req18b); two processes
 * now share a start shard with probability 1/SHARDS (they then wait for each other's commit, as before).
 */
const SHARDS = 16;
const START_SHARD = randomInt(SHARDS);
const shardsInFlight = new Map<string, Set<number>>();
function counterShard(spaceId: string): { shard: number; release(): void } {
  let used = shardsInFlight.get(spaceId);
  if (!used) shardsInFlight.set(spaceId, (used = new Set()));
  let slot = 0;
  while (used.has(slot)) slot++;
  used.add(slot);
  const set = used;
  return {
    shard: (START_SHARD + slot) % SHARDS,
    release: () => {
      set.delete(slot);
      if (set.size === 0 && shardsInFlight.get(spaceId) === set) shardsInFlight.delete(spaceId);
    },
  };
}

const bumpShard = preparedWrite((db, p: { spaceId: string; shard: number; delta: number }) =>
  db.insertInto('space_comment_counts').values({ space_id: p.spaceId, shard: p.shard, open_comments: p.delta })
    .onConflict((oc) => oc.columns(['space_id', 'shard']).doUpdateSet((eb) => ({
      open_comments: eb('space_comment_counts.open_comments', '+', eb.ref('excluded.open_comments')),
    }))), { atCommit: true });

/** The live spaces of an organization, all of them (a caller who sees every space), by sort and order: prepared. */
const liveSpacesOf = (db: Kysely<Database>, p: { orgId: string }) =>
  cachedSpaceRows(db).where('org_id', '=', p.orgId).where('deleted_at', 'is', null);
/**
 * On PostgreSQL inside requests through the keyed caches (db/read-cache.ts `keyedListRead`): a space entering or
 * leaving an organization's live spaces, or changing place in their order (`sort_key`, `created_at`), is logged under
 * `spaces-of:<org>` (migrations 20261127T1200 and T1300), a change to one of them (its row, its comment shards) under
 * `space:<id>` (migration 20261127T0600).
 */
const cachedAsSpaces = { key: (p: { orgId: string }) => `spaces-of:${p.orgId}`, rowKey: (r: { id: string }) => `space:${r.id}` };
const allSpacesPages = {
  'position:asc': preparedKeyset(liveSpacesOf, { sortColumn: 'sort_key', idColumn: 'id', direction: 'asc', cached: cachedAsSpaces }),
  'position:desc': preparedKeyset(liveSpacesOf, { sortColumn: 'sort_key', idColumn: 'id', direction: 'desc', cached: cachedAsSpaces }),
  'createdAt:asc': preparedKeyset(liveSpacesOf, { sortColumn: 'created_at', idColumn: 'id', direction: 'asc', cached: cachedAsSpaces }),
  'createdAt:desc': preparedKeyset(liveSpacesOf, { sortColumn: 'created_at', idColumn: 'id', direction: 'desc', cached: cachedAsSpaces }),
};

/** Which spaces of an organization a list may show: all of them, or those matching one of the given sets. */
export type SpaceFilter =
  | { all: true }
  | { all: false; spaceIds: string[]; collectionIds: string[]; public: boolean };

export const spacesRepo = {
  /**
   * The keyed row of a space's open comments (`selectShardedComments`, kept under `space-comments:<id>`) after a write
   * that added `n` to its shards (the comments' group statement: db/read-cache.ts `withKnownChanges`).
   */
  withOpenCommentsMoved(row: object, n: number): object {
    const r = row as { id: string; open_comments: number };
    return { ...r, open_comments: r.open_comments + n };
  },
  /**
   * The space, on PostgreSQL inside requests through the keyed cache (db/read-cache.ts `keyedRead`: the triggers of
   * migration 20261127T0600 log a change to the row or its comment shards under `space:<id>`).
   */
  async findById(db: DbOrTx, id: string): Promise<SpaceRow | undefined> {
    if (!isPostgres(db)) return (await selectSpaceById(db, id))[0];
    const [row] = await keyedRead(db, `space:${id}`, () => selectCachedSpaceById(db, id));
    return row && (await withComments(db, [row]))[0];
  },
  /**
   * The space and a version of its row: on PostgreSQL `xmin` as text; on SQLite (no row versions) every column but
   * the computed open-comment count, as one string (compared inside the writing transaction: `spaceVersionOf`).
   */
  async findVersioned(db: DbOrTx, id: string): Promise<{ space: SpaceRow; version: string } | undefined> {
    if (!isPostgres(db)) {
      const space = (await selectSpaceById(db, id))[0];
      return space && { space, version: spaceVersionOf(space) };
    }
    const found = (await selectSpaceVersionById(db, id))[0];
    if (!found) return undefined;
    const { row_version, ...space } = found;
    return { space, version: row_version };
  },
  async insert(db: DbOrTx, row: Insertable<SpacesTable>): Promise<void> {
    await db.insertInto('spaces').values(row).execute();
  },
  counterShard,
  /**
   * Adds `delta` to the space's open comments in `shard` (`counterShard`; 0 on SQLite), at commit on PostgreSQL
   * (db/database.ts `atCommit`). The shard rows are never read by the transaction that moves them, only summed by
   * `spaceRows`.
   */
  async bumpOpenComments(db: DbOrTx, spaceId: string, delta: number, shard: number): Promise<void> {
    if (delta === 0) return;
    await bumpShard(db, { spaceId, shard: isPostgres(db) ? shard : 0, delta });
  },
  async update(db: DbOrTx, id: string, patch: Omit<Updateable<SpacesTable>, 'comments_count'>): Promise<void> {
    await db.updateTable('spaces').set(patch).where('id', '=', id).execute();
  },
  /** Live spaces of an organization whose head has computed content (`computed_revision_id` set). */
  async idsWithComputedContent(db: DbOrTx, orgId: string): Promise<string[]> {
    const rows = await db.selectFrom('spaces').select('id').where('org_id', '=', orgId).where('deleted_at', 'is', null).where('computed_revision_id', 'is not', null).execute();
    return rows.map((r) => r.id);
  },
  /** Live (not deleted) spaces of an organization, in sibling order (`sort_key`), restricted by `filter`. */
  list(db: DbOrTx, orgId: string, filter: SpaceFilter, page: PageRequest, opts: { sort?: 'position' | 'createdAt'; order?: 'asc' | 'desc'; scope?: string } = {}) {
    const byDate = opts.sort === 'createdAt';
    const scope = `spaces:${orgId}:${opts.scope ?? ''}:${filter.all ? 'all' : 'some'}:${opts.sort ?? 'position'}:${opts.order ?? 'asc'}`;
    const keyOf = (r: SpaceRow): [string, string] => [byDate ? r.created_at : r.sort_key, r.id];
    if (filter.all) return pageWithComments(db, allSpacesPages[`${opts.sort ?? 'position'}:${opts.order ?? 'asc'}`](db, { orgId }, page, { scope, keyOf }));
    const f = filter;
    const base = cachedSpaceRows(db).where('org_id', '=', orgId).where('deleted_at', 'is', null).where((eb) => {
      const ors = [];
      if (f.spaceIds.length) ors.push(eb('id', 'in', f.spaceIds));
      if (f.collectionIds.length) ors.push(eb('parent_id', 'in', f.collectionIds));
      if (f.public) ors.push(eb('visibility', '=', 'public'));
      return ors.length ? eb.or(ors) : sql<boolean>`1 = 0`;
    });
    // Through the keyed caches (a guest's list: spaces granted by id, in granted collections, public): a space
    // entering or leaving it also logs `spaces-of:<org>` (moved between collections, visibility changed: migration
    // 20261127T1640).
    return pageWithComments(db, paginate(base, page, { scope, sortColumn: byDate ? 'created_at' : 'sort_key', idColumn: 'id', direction: opts.order ?? 'asc', keyOf },
      { db, deps: [`spaces-of:${orgId}`], rowKey: cachedAsSpaces.rowKey }));
  },
  /**
   * A collection's live spaces, on PostgreSQL inside requests through the keyed caches: a space entering or leaving
   * them or changing place in their order is logged under `spaces-in:<collection>` (migration 20261127T1640).
   */
  listInCollection(db: DbOrTx, collectionId: string, page: PageRequest) {
    const base = cachedSpaceRows(db).where('parent_id', '=', collectionId).where('deleted_at', 'is', null);
    return pageWithComments(db, paginate(base, page, {
      scope: `collection-spaces:${collectionId}`, sortColumn: 'sort_key', idColumn: 'id', direction: 'asc',
      keyOf: (r) => [r.sort_key, r.id],
    }, { db, deps: [`spaces-in:${collectionId}`], rowKey: cachedAsSpaces.rowKey }));
  },
  /** Live spaces directly in one of the collections. */
  /** The live (not deleted) spaces of an organization. */
  liveInOrganization(db: DbOrTx, orgId: string): Promise<SpaceRow[]> {
    return spaceRows(db).where('org_id', '=', orgId).where('deleted_at', 'is', null).execute();
  },
  liveInCollections(db: DbOrTx, collectionIds: string[]): Promise<SpaceRow[]> {
    if (collectionIds.length === 0) return Promise.resolve([]);
    return spaceRows(db).where('parent_id', 'in', collectionIds).where('deleted_at', 'is', null).execute();
  },
  /** Every space (deleted ones too) directly in one of the collections. */
  idsInCollections(db: DbOrTx, collectionIds: string[]): Promise<{ id: string }[]> {
    if (collectionIds.length === 0) return Promise.resolve([]);
    return db.selectFrom('spaces').select('id').where('parent_id', 'in', collectionIds).execute();
  },
  /** Permanently removes a space deleted at or before `cutoff` (a restored space is left alone). */
  /** The head revision of each of `ids`. */
  async headRevisions(db: DbOrTx, ids: readonly string[]): Promise<Map<string, string>> {
    if (ids.length === 0) return new Map();
    const rows = await db.selectFrom('spaces').select(['id', 'revision_id']).where('id', 'in', ids).execute();
    return new Map(rows.map((s) => [s.id, s.revision_id]));
  },
  async moveToOrganization(db: DbOrTx, ids: readonly string[], orgId: string, now: string): Promise<void> {
    if (ids.length) await db.updateTable('spaces').set({ org_id: orgId, updated_at: now }).where('id', 'in', ids).execute();
  },
  /** Marks the live ones of `ids` deleted at `now`. */
  async markDeleted(db: DbOrTx, ids: readonly string[], now: string): Promise<void> {
    await db.updateTable('spaces').set({ deleted_at: now, updated_at: now }).where('id', 'in', ids).where('deleted_at', 'is', null).execute();
  },
  async purge(db: DbOrTx, id: string, cutoff: string): Promise<boolean> {
    const r = await db.deleteFrom('spaces').where('id', '=', id).where('deleted_at', 'is not', null).where('deleted_at', '<=', cutoff).executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  },
};

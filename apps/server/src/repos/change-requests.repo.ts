// Change requests, their contributors, reviews and requested reviewers, and the space counters they drive.
import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import type { DbOrTx } from '../db/database.js';
import type { ChangeRequestReviewersTable, ChangeRequestReviewsTable, ChangeRequestsTable } from '../db/schema.js';
import { paginate, type PageRequest } from '../db/pagination.js';
import { prepared, preparedWrite } from '../db/prepared.js';
import type { SpaceFilter } from './spaces.repo.js';

export type ChangeRequestRow = Selectable<ChangeRequestsTable>;
export type ReviewRow = Selectable<ChangeRequestReviewsTable>;
export type RequestedReviewerRow = Selectable<ChangeRequestReviewersTable>;

export type ChangeRequestStatus = 'draft' | 'open' | 'archived' | 'merged';

export interface ChangeRequestListFilter {
  /** One status, or any of several (the organization's list takes several). */
  status: ChangeRequestStatus | ChangeRequestStatus[];
  creator?: string;
  contributor?: string;
  requestedReviewer?: string;
  /** Only change requests of this space (organization list). */
  space?: string;
  /** Only change requests of the spaces this site publishes (organization list). */
  site?: string;
  /** A filter nothing in Bindery can match (GitBook's site topics, style guide runs and findings): an empty list. */
  none?: boolean;
  orderBy?: 'updatedAt' | 'createdAt';
}

/** Deltas of the change request counters of a space. */
export interface SpaceCounterDelta {
  changeRequests?: number;
  open?: number;
  draft?: number;
}

/** What each status adds to the space's `changeRequestsOpen` / `changeRequestsDraft`. */
export function statusCounters(status: string): { open: number; draft: number } {
  return { open: status === 'open' ? 1 : 0, draft: status === 'draft' ? 1 : 0 };
}

const NUMBER_RE = /^[0-9]{1,9}$/;

function filtered<Q extends { where: (...a: any[]) => Q }>(q: Q, f: ChangeRequestListFilter): Q {
  let out = Array.isArray(f.status) ? q.where('cr.status', 'in', f.status.length ? f.status : ['open']) : q.where('cr.status', '=', f.status);
  if (f.none) out = out.where(sql<boolean>`1 = 0`);
  if (f.creator) out = out.where('cr.created_by', '=', f.creator);
  if (f.space) out = out.where('cr.space_id', '=', f.space);
  if (f.site) {
    const site = f.site;
    out = out.where('cr.space_id', 'in', (eb: any) => eb.selectFrom('site_spaces as ss').select('ss.space_id').where('ss.site_id', '=', site));
  }
  if (f.requestedReviewer) {
    const user = f.requestedReviewer;
    out = out.where((eb: any) => eb.exists(
      eb.selectFrom('change_request_reviewers as rr').select('rr.user_id')
        .whereRef('rr.change_request_id', '=', 'cr.id').where('rr.user_id', '=', user),
    ));
  }
  if (f.contributor) {
    const user = f.contributor;
    out = out.where((eb: any) => eb.exists(
      eb.selectFrom('change_request_contributors as c').select('c.user_id')
        .whereRef('c.change_request_id', '=', 'cr.id').where('c.user_id', '=', user),
    ));
  }
  return out;
}

const filterScope = (f: ChangeRequestListFilter) =>
  [[f.status].flat().join(','), f.creator, f.contributor, f.requestedReviewer, f.space, f.site, f.none ? 'none' : '', f.orderBy].map((v) => v ?? '').join(':');

/** The keyset of a list: most recently updated first (GitBook's default), or most recently created. */
const ordering = (f: ChangeRequestListFilter) => {
  const column = f.orderBy === 'createdAt' ? 'created_at' : 'updated_at';
  return { sortColumn: `cr.${column}`, idColumn: 'cr.id', direction: 'desc' as const, keyOf: (r: ChangeRequestRow): [string, string] => [r[column], r.id] };
};

const bumpChangeRequestComments = preparedWrite((db, p: { id: string; delta: number }) =>
  db.updateTable('change_requests').set((eb) => ({ comments_count: eb('comments_count', '+', p.delta) })).where('id', '=', p.id), { atCommit: true });

/** The space's open comments are counted in shards instead (spacesRepo.bumpOpenComments). */
const SPACE_COUNTERS = { changeRequests: 'change_requests_count', open: 'change_requests_open', draft: 'change_requests_draft' } as const;

/** `x = x + d` on the space's counters that `d` moves, one statement per set of counters (built once each). */
const spaceBumps = new Map<string, ReturnType<typeof preparedWrite<Record<string, unknown>>>>();
function spaceBump(columns: readonly (keyof SpaceCounterDelta)[]) {
  const key = columns.join(',');
  let run = spaceBumps.get(key);
  if (!run) {
    run = preparedWrite((db, p: Record<string, unknown>) => {
      const set: Record<string, unknown> = {};
      for (const c of columns) set[SPACE_COUNTERS[c]] = sql`${sql.ref(SPACE_COUNTERS[c])} + ${p[c]}`;
      return db.updateTable('spaces').set(set).where('id', '=', p.spaceId as string);
    }, { atCommit: true });
    spaceBumps.set(key, run);
  }
  return run;
}

/**
 * A change request by id (or by number or id), prepared (db/prepared.ts): built once, and on PostgreSQL outside
 * transactions shared with identical reads and sent with the other reads of the turn. Every comment posted on a
 * change request reads it (comments.ts `scopeOf`): through Kysely that was a statement of its own per post, parsed
 * and planned each time (~1 query and ~80 us of the database's CPU a post under load, docs/performance.md, session 18).
 */
const selectById = prepared((db, p: { spaceId: string; ref: string }) =>
  db.selectFrom('change_requests').selectAll().where('space_id', '=', p.spaceId).where('id', '=', p.ref));
const selectByNumberOrId = prepared((db, p: { spaceId: string; number: number; ref: string }) =>
  db.selectFrom('change_requests').selectAll().where('space_id', '=', p.spaceId)
    .where((eb) => eb.or([eb('number', '=', p.number), eb('id', '=', p.ref)])).orderBy('number').limit(1));

export const changeRequestsRepo = {
  async insert(db: DbOrTx, row: Insertable<ChangeRequestsTable>): Promise<void> {
    await db.insertInto('change_requests').values(row).execute();
  },
  /** By id, or by number when `ref` is all digits (the path parameter accepts both). */
  async find(db: DbOrTx, spaceId: string, ref: string): Promise<ChangeRequestRow | undefined> {
    const rows = NUMBER_RE.test(ref)
      ? await selectByNumberOrId(db, { spaceId, number: Number(ref), ref })
      : await selectById(db, { spaceId, ref });
    return rows[0];
  },
  /** The change request of the space whose merge made `revisionId` (engine/changes.ts: a merge revision's mergedFrom). */
  findMergedAs(db: DbOrTx, spaceId: string, revisionId: string): Promise<ChangeRequestRow | undefined> {
    return db.selectFrom('change_requests').selectAll().where('space_id', '=', spaceId).where('revision_merged_id', '=', revisionId).executeTakeFirst();
  },
  findById(db: DbOrTx, id: string): Promise<ChangeRequestRow | undefined> {
    return db.selectFrom('change_requests').selectAll().where('id', '=', id).executeTakeFirst();
  },
  async update(db: DbOrTx, id: string, patch: Updateable<ChangeRequestsTable>): Promise<void> {
    await db.updateTable('change_requests').set(patch).where('id', '=', id).execute();
  },
  async nextNumber(db: DbOrTx, spaceId: string): Promise<number> {
    const r = await db.selectFrom('change_requests').select((eb) => eb.fn.max('number').as('n')).where('space_id', '=', spaceId).executeTakeFirst();
    return Number(r?.n ?? 0) + 1;
  },
  /** The active (draft or open) change requests of a space, most recently updated first. */
  active(db: DbOrTx, spaceId: string, limit: number): Promise<Pick<ChangeRequestRow, 'id' | 'revision_id'>[]> {
    return db.selectFrom('change_requests').select(['id', 'revision_id']).where('space_id', '=', spaceId)
      .where('status', 'in', ['draft', 'open']).orderBy('updated_at', 'desc').orderBy('id').limit(limit).execute();
  },
  async bumpComments(db: DbOrTx, id: string, delta: number): Promise<void> {
    if (delta === 0) return;
    await bumpChangeRequestComments(db, { id, delta });
  },
  /** Change requests of a space, most recently updated first. */
  list(db: DbOrTx, spaceId: string, f: ChangeRequestListFilter, page: PageRequest) {
    const q = filtered(db.selectFrom('change_requests as cr').selectAll('cr').where('cr.space_id', '=', spaceId), f);
    return paginate(q, page, { scope: `change-requests:${spaceId}:${filterScope(f)}`, ...ordering(f) });
  },
  /** Change requests of the live spaces of an organization that `spaces` lets through. */
  listForOrganization(db: DbOrTx, orgId: string, spaces: SpaceFilter, f: ChangeRequestListFilter, page: PageRequest, scope: string) {
    let q = db.selectFrom('change_requests as cr').innerJoin('spaces as s', 's.id', 'cr.space_id').selectAll('cr')
      .where('s.org_id', '=', orgId).where('s.deleted_at', 'is', null);
    if (!spaces.all) {
      const sf = spaces;
      q = q.where((eb) => {
        const ors = [];
        if (sf.spaceIds.length) ors.push(eb('s.id', 'in', sf.spaceIds));
        if (sf.collectionIds.length) ors.push(eb('s.parent_id', 'in', sf.collectionIds));
        if (sf.public) ors.push(eb('s.visibility', '=', 'public'));
        return ors.length ? eb.or(ors) : sql<boolean>`1 = 0`;
      });
    }
    q = filtered(q, f);
    return paginate(q, page, { scope: `org-change-requests:${orgId}:${scope}:${filterScope(f)}`, ...ordering(f) });
  },

  // Counters -------------------------------------------------------------------------------------------------------

  /** Applies deltas to the space's counters in one atomic UPDATE (`x = x + d`), at commit on PostgreSQL (db/database.ts `atCommit`). */
  async bumpSpace(db: DbOrTx, spaceId: string, d: SpaceCounterDelta): Promise<void> {
    const columns = (Object.keys(SPACE_COUNTERS) as (keyof SpaceCounterDelta)[]).filter((c) => d[c]);
    if (columns.length === 0) return;
    await spaceBump(columns)(db, { ...d, spaceId });
  },
  /** What the counters of a space must equal, computed from the rows. */
  async countsOf(db: DbOrTx, spaceId: string): Promise<{ changeRequests: number; open: number; draft: number }> {
    const rows = await db.selectFrom('change_requests').select((eb) => ['status', eb.fn.countAll<number | string>().as('n')])
      .where('space_id', '=', spaceId).groupBy('status').execute();
    const by = new Map(rows.map((r) => [r.status, Number(r.n)]));
    return { changeRequests: [...by.values()].reduce((a, b) => a + b, 0), open: by.get('open') ?? 0, draft: by.get('draft') ?? 0 };
  },

  // Contributors ---------------------------------------------------------------------------------------------------

  async addContributor(db: DbOrTx, changeRequestId: string, userId: string, at: string): Promise<void> {
    await db.insertInto('change_request_contributors')
      .values({ change_request_id: changeRequestId, user_id: userId, contributions: 1, first_at: at, last_at: at })
      .onConflict((oc) => oc.columns(['change_request_id', 'user_id']).doUpdateSet((eb) => ({
        contributions: eb('change_request_contributors.contributions', '+', 1), last_at: at,
      })))
      .execute();
  },

  /** Who created or edited the change request: their count of contributions and the last one's time. */
  contributors(db: DbOrTx, changeRequestId: string) {
    return db.selectFrom('change_request_contributors').select(['user_id', 'contributions', 'last_at']).where('change_request_id', '=', changeRequestId).execute();
  },

  // Reviews --------------------------------------------------------------------------------------------------------

  async insertReview(db: DbOrTx, row: Insertable<ChangeRequestReviewsTable>): Promise<void> {
    await db.insertInto('change_request_reviews').values(row).execute();
  },
  findReview(db: DbOrTx, changeRequestId: string, id: string): Promise<ReviewRow | undefined> {
    return db.selectFrom('change_request_reviews').selectAll().where('id', '=', id).where('change_request_id', '=', changeRequestId).executeTakeFirst();
  },
  allReviews(db: DbOrTx, changeRequestId: string): Promise<ReviewRow[]> {
    return db.selectFrom('change_request_reviews').selectAll().where('change_request_id', '=', changeRequestId).orderBy('created_at').orderBy('id').execute();
  },
  /** Oldest first; `outdated` true/false keeps the reviews of an earlier / of the current revision. */
  listReviews(db: DbOrTx, cr: ChangeRequestRow, outdated: boolean | undefined, page: PageRequest) {
    let q = db.selectFrom('change_request_reviews').selectAll().where('change_request_id', '=', cr.id);
    if (outdated === true) q = q.where('revision_id', '<>', cr.revision_id);
    if (outdated === false) q = q.where('revision_id', '=', cr.revision_id);
    return paginate(q, page, {
      scope: `reviews:${cr.id}:${outdated ?? ''}:${outdated === undefined ? '' : cr.revision_id}`, sortColumn: 'created_at', idColumn: 'id', direction: 'asc',
      keyOf: (r) => [r.created_at, r.id],
    });
  },

  // Requested reviewers ----------------------------------------------------------------------------------------------

  /** Adds the requests that do not exist yet; returns the user ids added. */
  async requestReviewers(db: DbOrTx, rows: Insertable<ChangeRequestReviewersTable>[]): Promise<string[]> {
    if (rows.length === 0) return [];
    const existing = await db.selectFrom('change_request_reviewers').select('user_id')
      .where('change_request_id', '=', rows[0]!.change_request_id).where('user_id', 'in', rows.map((r) => r.user_id)).execute();
    const have = new Set(existing.map((r) => r.user_id));
    const fresh = rows.filter((r) => !have.has(r.user_id));
    if (fresh.length) await db.insertInto('change_request_reviewers').values(fresh).onConflict((oc) => oc.doNothing()).execute();
    return fresh.map((r) => r.user_id);
  },
  findRequestedReviewer(db: DbOrTx, changeRequestId: string, userId: string): Promise<RequestedReviewerRow | undefined> {
    return db.selectFrom('change_request_reviewers').selectAll().where('change_request_id', '=', changeRequestId).where('user_id', '=', userId).executeTakeFirst();
  },
  requestedReviewers(db: DbOrTx, changeRequestId: string, userIds: string[]): Promise<RequestedReviewerRow[]> {
    if (userIds.length === 0) return Promise.resolve([]);
    return db.selectFrom('change_request_reviewers').selectAll().where('change_request_id', '=', changeRequestId).where('user_id', 'in', userIds).execute();
  },
  listRequestedReviewers(db: DbOrTx, changeRequestId: string, page: PageRequest) {
    return paginate(db.selectFrom('change_request_reviewers').selectAll().where('change_request_id', '=', changeRequestId), page, {
      scope: `reviewers:${changeRequestId}`, sortColumn: 'created_at', idColumn: 'user_id', direction: 'asc',
      keyOf: (r) => [r.created_at, r.user_id],
    });
  },
  async removeRequestedReviewer(db: DbOrTx, changeRequestId: string, userId: string): Promise<void> {
    await db.deleteFrom('change_request_reviewers').where('change_request_id', '=', changeRequestId).where('user_id', '=', userId).execute();
  },
};

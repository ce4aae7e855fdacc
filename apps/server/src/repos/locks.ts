// Every row lock of the server, in one place, and the one order they are taken in.
//
// PostgreSQL: `SELECT ... FOR NO KEY UPDATE` on the row until the transaction ends. SQLite runs one writer at a time,
// so every lock here is a no-op there. NO KEY UPDATE excludes every other lock taken here and every update or delete
// of the row, like FOR UPDATE, but not the key-share lock a foreign key check takes on the row it refers to: with
// FOR UPDATE, any statement checking a key to a locked row waited for its holder — an insert referring to it, and
// also an update of a row this transaction had already updated (PostgreSQL checks the foreign keys of a row whose
// current version is the transaction's own, changed or not). A merge updates its space twice (head, then counters):
// its second update then waited for the organization held by a transfer or delete that waited for the space — a
// deadlock (500s; `test/spaces.test.ts`, "a space changing hands while it is written").
//
// Lock order within one transaction (a transaction only ever takes locks further down this list):
//   1. organizations, sorted by id        structural changes of an organization's content, memberships, teams,
//                                         permissions (`withOrganizationLockOf` for a space or collection)
//   2. the space                          content commits (the space's head), change request commands, counters
//   3. the change request                 its commands (edit, update, merge, review, status)
//   4. the comment                        its commands (edit, resolve, replies, reactions)
//   5. a site                             after its organization when the change adds a space to it (a transfer of the
//                                         space, holding the organizations and the space, removes it from the old
//                                         organization's sites); else taken alone
//   -  an OpenAPI spec                     taken alone (no other lock is held with it)
// The space comes before its change request because a merge holds the space.
//
// A row is locked at most once per transaction: the module remembers which rows each transaction holds, so a
// command that locks the space and then commits content (which needs the space locked) sends one lock, not two.
import { sql } from 'kysely';
import type { AppContext } from '../context.js';
import type { DbOrTx } from '../db/database.js';

type LockedTable = 'organizations' | 'spaces' | 'change_requests' | 'comments' | 'sites' | 'openapi_specs';

const held = new WeakMap<object, Set<string>>();

async function lockRow(ctx: Pick<AppContext, 'dialect'>, db: DbOrTx, table: LockedTable, id: string): Promise<void> {
  if (ctx.dialect !== 'postgres') return;
  let rows = held.get(db);
  if (!rows) held.set(db, (rows = new Set()));
  const key = `${table}:${id}`;
  if (rows.has(key)) return;
  await sql`select id from ${sql.table(table)} where id = ${id} for no key update`.execute(db);
  // Outside a transaction a lock ends with its statement: nothing to remember.
  if (db.isTransaction) rows.add(key);
}

const NUMBER_RE = /^\d+$/;

export const locks = {
  /** Organizations, in id order (structural changes of their content; memberships; teams; permissions). */
  async organizations(ctx: Pick<AppContext, 'dialect'>, db: DbOrTx, orgIds: readonly string[]): Promise<void> {
    for (const id of [...new Set(orgIds)].sort()) await lockRow(ctx, db, 'organizations', id);
  },
  /** The space row: its head revision, its counters, its change requests' commands. */
  space: (ctx: Pick<AppContext, 'dialect'>, db: DbOrTx, spaceId: string) => lockRow(ctx, db, 'spaces', spaceId),
  /** A change request of a space by id or number (take the space first). */
  async changeRequest(ctx: Pick<AppContext, 'dialect'>, db: DbOrTx, spaceId: string, ref: string): Promise<void> {
    if (ctx.dialect !== 'postgres') return;
    let q = db.selectFrom('change_requests').select('id').where('space_id', '=', spaceId);
    q = NUMBER_RE.test(ref) ? q.where((eb) => eb.or([eb('number', '=', Number(ref)), eb('id', '=', ref)])) : q.where('id', '=', ref);
    const row = await q.orderBy('number').executeTakeFirst();
    if (row) await lockRow(ctx, db, 'change_requests', row.id);
  },
  comment: (ctx: Pick<AppContext, 'dialect'>, db: DbOrTx, commentId: string) => lockRow(ctx, db, 'comments', commentId),
  site: (ctx: Pick<AppContext, 'dialect'>, db: DbOrTx, siteId: string) => lockRow(ctx, db, 'sites', siteId),
  openapiSpec: (ctx: Pick<AppContext, 'dialect'>, db: DbOrTx, specId: string) => lockRow(ctx, db, 'openapi_specs', specId),
};

/**
 * Runs `fn` in a transaction holding the lock of the organization that owns a row (a space or a collection),
 * retried when a transfer moved the row to another organization meanwhile. `find` reads the row.
 */
export async function withOrganizationLockOf<R extends { org_id: string }, T>(
  ctx: AppContext, find: (db: DbOrTx) => Promise<R | undefined>, fn: (tx: DbOrTx, row: R | undefined) => Promise<T>,
): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    const before = await find(ctx.db);
    const result = await ctx.db.transaction().execute(async (tx) => {
      if (before) await locks.organizations(ctx, tx, [before.org_id]);
      const row = await find(tx);
      if (row && before && row.org_id !== before.org_id && attempt < 3) return { retry: true as const };
      return { retry: false as const, value: await fn(tx, row) };
    });
    if (!result.retry) return result.value;
  }
}

import type { Selectable, Updateable } from 'kysely';
import type { DbOrTx } from '../db/database.js';
import type { UsersTable } from '../db/schema.js';
import { preparedByKey } from '../db/prepared.js';

export type UserRow = Selectable<UsersTable>;

const selectUserById = preparedByKey((db) => db.selectFrom('users').selectAll(), 'id');

export const usersRepo = {
  async findById(db: DbOrTx, id: string): Promise<UserRow | undefined> {
    return (await selectUserById(db, id))[0];
  },
  /** The users of `ids` by id (empty ids and repeats ignored; unknown ids are absent from the map). */
  async findMany(db: DbOrTx, ids: Iterable<string>): Promise<Map<string, UserRow>> {
    const list = [...new Set(ids)].filter(Boolean);
    if (list.length === 0) return new Map();
    const rows = await db.selectFrom('users').selectAll().where('id', 'in', list).execute();
    return new Map(rows.map((u) => [u.id, u]));
  },
  findByEmail(db: DbOrTx, email: string): Promise<UserRow | undefined> {
    return db.selectFrom('users').selectAll().where('email_lower', '=', email.toLowerCase()).executeTakeFirst();
  },
  findByEmails(db: DbOrTx, emails: string[]): Promise<UserRow[]> {
    if (emails.length === 0) return Promise.resolve([]);
    return db.selectFrom('users').selectAll().where('email_lower', 'in', emails.map((e) => e.toLowerCase())).execute();
  },
  findInstanceAdmin(db: DbOrTx): Promise<UserRow | undefined> {
    return db.selectFrom('users').selectAll().where('is_instance_admin', '=', 1).orderBy('created_at').executeTakeFirst();
  },
  async insert(db: DbOrTx, row: UserRow): Promise<UserRow> {
    await db.insertInto('users').values(row).execute();
    return row;
  },
  /** Whether two users share an organization (so one may see the other). */
  async update(db: DbOrTx, id: string, patch: Updateable<UsersTable>): Promise<void> {
    await db.updateTable('users').set(patch).where('id', '=', id).execute();
  },
  async shareOrganization(db: DbOrTx, a: string, b: string): Promise<boolean> {
    const row = await db
      .selectFrom('org_members as m1')
      .innerJoin('org_members as m2', 'm2.org_id', 'm1.org_id')
      .select('m1.org_id')
      .where('m1.user_id', '=', a)
      .where('m2.user_id', '=', b)
      .executeTakeFirst();
    return !!row;
  },
};

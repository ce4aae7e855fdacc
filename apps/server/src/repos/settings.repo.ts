import type { DbOrTx } from '../db/database.js';

/** Instance-wide settings (key → text value): generated secrets and credentials shared by every process. */
export const settingsRepo = {
  async get(db: DbOrTx, key: string): Promise<string | undefined> {
    return (await db.selectFrom('instance_settings').select('value').where('key', '=', key).executeTakeFirst())?.value;
  },
  /** Stores `value` unless the key has one already (the first of several racing processes wins). */
  async insertIfAbsent(db: DbOrTx, key: string, value: string): Promise<void> {
    await db.insertInto('instance_settings').values({ key, value }).onConflict((oc) => oc.column('key').doNothing()).execute();
  },
};

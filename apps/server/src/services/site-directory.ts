// The sites integrations bind to, behind one small interface until the sites module lands with its repository:
// `find` answers a site's id and organization (or undefined), `present` the Site JSON for `extended=true`.
// Today it reads a `sites` table when the database has one, and knows no site otherwise.
import { sql } from 'kysely';
import type { DbOrTx } from '../db/database.js';

export interface SiteRef {
  id: string;
  orgId: string;
}

export interface SiteDirectory {
  find(db: DbOrTx, siteId: string): Promise<SiteRef | undefined>;
  /** The full Site object for `extended=true` (undefined: answer the id). */
  present?(db: DbOrTx, siteId: string): Promise<Record<string, unknown> | undefined>;
}

export const siteDirectory: SiteDirectory = {
  async find(db, siteId) {
    try {
      const r = await sql<{ id: string; org_id: string }>`select id, org_id from sites where id = ${siteId}`.execute(db);
      const row = r.rows[0];
      return row ? { id: row.id, orgId: row.org_id } : undefined;
    } catch {
      return undefined; // no sites table yet
    }
  },
};

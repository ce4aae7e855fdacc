// The sites integrations bind to: `find` answers a site's id and organization (or undefined) from the sites
// repository, `present` the Site JSON for `extended=true`.
import { sitesRepo } from '../repos/sites.repo.js';
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
    const row = await sitesRepo.findById(db, siteId);
    return row ? { id: row.id, orgId: row.org_id } : undefined;
  },
};

// The sites integrations bind to: `find` answers a site's id and organization (or undefined) from the sites
// repository (`extended=true` presents the Site in services/installations.ts).
import { sitesRepo } from '../repos/sites.repo.js';
import type { DbOrTx } from '../db/database.js';

export interface SiteRef {
  id: string;
  orgId: string;
}

export interface SiteDirectory {
  find(db: DbOrTx, siteId: string): Promise<SiteRef | undefined>;
}

export const siteDirectory: SiteDirectory = {
  async find(db, siteId) {
    const row = await sitesRepo.findById(db, siteId);
    return row ? { id: row.id, orgId: row.org_id } : undefined;
  },
};

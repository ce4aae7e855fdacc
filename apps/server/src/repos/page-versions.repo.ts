// page_versions: when each version (content hash) of a page was first committed in a space (Page.createdAt and
// updatedAt without timestamps in the content hash). Written by the commit paths, read by the content presenters.
import type { DbOrTx } from '../db/database.js';
import { cachedReadMany } from '../db/read-cache.js';
import type { PageVersionsTable } from '../db/schema.js';

const CHUNK = 300;

export const pageVersionsRepo = {
  /** Records versions first committed at `at`; versions already known keep their first time. */
  async record(db: DbOrTx, spaceId: string, versions: readonly { pageId: string; contentHash: string }[], at: string): Promise<void> {
    const rows: PageVersionsTable[] = versions.map((v) => ({ space_id: spaceId, page_id: v.pageId, content_hash: v.contentHash, first_at: at }));
    for (let i = 0; i < rows.length; i += CHUNK) {
      await db.insertInto('page_versions').values(rows.slice(i, i + CHUNK))
        .onConflict((oc) => oc.columns(['space_id', 'page_id', 'content_hash']).doNothing()).execute();
    }
  },
  /** Every known version of the given pages of a space. */
  async ofPages(db: DbOrTx, spaceId: string, pageIds: readonly string[]): Promise<PageVersionsTable[]> {
    const out: PageVersionsTable[] = [];
    for (let i = 0; i < pageIds.length; i += CHUNK) {
      out.push(...(await db.selectFrom('page_versions').selectAll().where('space_id', '=', spaceId).where('page_id', 'in', pageIds.slice(i, i + CHUNK)).execute()));
    }
    return out;
  },
  /**
   * The known versions of each page (every page id answered, [] when none), through the request caches (domain
   * `history`: any change to page_versions bumps it, db/read-cache.ts).
   */
  async versionsOf(db: DbOrTx, spaceId: string, pageIds: readonly string[]): Promise<Map<string, PageVersionsTable[]>> {
    const key = (pageId: string) => `${spaceId} ${pageId}`;
    const cached = await cachedReadMany(db, 'history', pageIds.map(key), async (missing) => {
      const ids = missing.map((k) => k.slice(spaceId.length + 1));
      const byKey = new Map<string, PageVersionsTable[]>(missing.map((k) => [k, []]));
      for (const v of await pageVersionsRepo.ofPages(db, spaceId, ids)) byKey.get(key(v.page_id))?.push(v);
      return byKey;
    });
    return new Map(pageIds.map((id) => [id, cached.get(key(id)) ?? []]));
  },
  /** A duplicated space starts with the history of its source's pages. */
  async copySpace(db: DbOrTx, fromSpaceId: string, toSpaceId: string): Promise<void> {
    await db.insertInto('page_versions')
      .columns(['space_id', 'page_id', 'content_hash', 'first_at'])
      .expression((eb) => eb.selectFrom('page_versions').select([eb.val(toSpaceId).as('space_id'), 'page_id', 'content_hash', 'first_at']).where('space_id', '=', fromSpaceId))
      .execute();
  },
};

// Visitors' ratings of published pages (migration 20261128T1500): written by the published site, listed by the API.
import type { Selectable } from 'kysely';
import type { DbOrTx } from '../db/database.js';
import type { SitePageFeedbackTable } from '../db/schema.js';
import { paginate, type PageRequest } from '../db/pagination.js';

export type PageFeedbackRow = Selectable<SitePageFeedbackTable>;

export const siteFeedbackRepo = {
  async insert(db: DbOrTx, row: PageFeedbackRow): Promise<void> {
    await db.insertInto('site_page_feedback').values(row).execute();
  },
  find(db: DbOrTx, siteId: string, id: string): Promise<PageFeedbackRow | undefined> {
    return db.selectFrom('site_page_feedback').selectAll().where('site_id', '=', siteId).where('id', '=', id).executeTakeFirst();
  },
  /** Sets the comment of a rating that has none yet; false when it has one (a second comment is not taken). */
  async addComment(db: DbOrTx, siteId: string, id: string, comment: string, at: string): Promise<boolean> {
    const r = await db.updateTable('site_page_feedback').set({ comment, commented_at: at })
      .where('site_id', '=', siteId).where('id', '=', id).where('comment', 'is', null).executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  },
  /** A site's ratings, newest first; of one page, or of one rating, when asked. */
  list(db: DbOrTx, siteId: string, f: { page?: string; rating?: string }, page: PageRequest) {
    let base = db.selectFrom('site_page_feedback').selectAll().where('site_id', '=', siteId);
    if (f.page !== undefined) base = base.where('page_id', '=', f.page);
    if (f.rating !== undefined) base = base.where('rating', '=', f.rating);
    return paginate(base, page, {
      scope: `site-feedback:${siteId}:${JSON.stringify([f.page, f.rating])}`,
      sortColumn: 'created_at', idColumn: 'id', direction: 'desc',
      keyOf: (r) => [r.created_at, r.id],
    });
  },
};

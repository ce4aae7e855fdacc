// Page feedback on published sites (the customization's `feedback.enabled`): a visitor rates a page (`bad`, `ok`,
// `good`, GitBook's `PageFeedbackRating`) with the form under it, then may add a comment (1-512 characters) to that
// rating. Each is a row of `site_page_feedback`, and a `page_feedback` event for the integrations covering the site
// whose integration declares `page:feedback:read` (GitBook's `PageFeedbackEvent`: the rating alone, then the rating
// with its comment), recorded in the same transaction. The site's members list them through the API.
import type { AppContext } from '../context.js';
import type { PageRequest } from '../db/pagination.js';
import { newId } from '../lib/ids.js';
import { siteFeedbackRepo, type PageFeedbackRow } from '../repos/site-feedback.repo.js';
import { integrationsRepo } from '../repos/integrations.repo.js';
import type { SiteRow } from '../repos/sites.repo.js';
import type { Actor } from './auth.js';
import { recordEvent } from './integration-events.js';
import type { EventVisitor } from './site-views.js';
import { loadSite } from './sites.js';

export const FEEDBACK_RATINGS = ['bad', 'ok', 'good'] as const;
export type FeedbackRating = (typeof FEEDBACK_RATINGS)[number];
/** GitBook's limit of a feedback comment (`PageFeedbackEvent.feedback.comment`). */
export const FEEDBACK_COMMENT_MAX = 512;

/** Who gave the feedback, as GitBook's `EventVisitor` holds it (no cookies are passed on: `{}`; site-views.ts eventVisitor). */
export type FeedbackVisitor = EventVisitor;

export interface FeedbackPlace {
  site: SiteRow;
  siteSpaceId: string;
  spaceId: string;
  pageId: string;
  /** The page's published URL, and the page the visitor came from (GitBook's `url` and `referrer`). */
  url: string;
  referrer: string;
  visitor: FeedbackVisitor;
}

async function notifyIntegrations(ctx: AppContext, tx: Parameters<typeof recordEvent>[1], p: FeedbackPlace, feedback: { rating: string; comment?: string }): Promise<void> {
  for (const inst of await integrationsRepo.installationsCoveringSite(tx, p.site.org_id, p.site.id, 'page:feedback:read')) {
    await recordEvent(ctx, tx, { id: inst.integration_id }, { installationId: inst.id, siteId: p.site.id }, {
      type: 'page_feedback', installationId: inst.id, siteId: p.site.id, spaceId: p.spaceId, pageId: p.pageId, feedback,
      visitor: { ...p.visitor, cookies: {} }, url: p.url, referrer: p.referrer,
    });
  }
}

/** A visitor's rating of a page: its row (the id the comment form carries) and the integrations' events. */
export async function recordPageFeedback(ctx: AppContext, p: FeedbackPlace, rating: FeedbackRating): Promise<PageFeedbackRow> {
  const row: PageFeedbackRow = {
    id: newId(), site_id: p.site.id, site_space_id: p.siteSpaceId, space_id: p.spaceId, page_id: p.pageId, rating, comment: null,
    created_at: ctx.clock.now().toISOString(), commented_at: null,
  };
  await ctx.db.transaction().execute(async (tx) => {
    await siteFeedbackRepo.insert(tx, row);
    await notifyIntegrations(ctx, tx, p, { rating });
  });
  return row;
}

/**
 * The comment a visitor adds to the rating they just gave (`id`, of this site and page): undefined when there is no
 * such rating or it has a comment already (the form is answered once).
 */
export async function addFeedbackComment(ctx: AppContext, p: FeedbackPlace, id: string, comment: string): Promise<PageFeedbackRow | undefined> {
  return ctx.db.transaction().execute(async (tx) => {
    const row = await siteFeedbackRepo.find(tx, p.site.id, id);
    if (!row || row.page_id !== p.pageId) return undefined;
    const at = ctx.clock.now().toISOString();
    if (!(await siteFeedbackRepo.addComment(tx, p.site.id, id, comment, at))) return undefined;
    await notifyIntegrations(ctx, tx, p, { rating: row.rating, comment });
    return { ...row, comment, commented_at: at };
  });
}

/** The site's feedback, newest first, for whoever sees the site in its organization. */
export async function listPageFeedback(ctx: AppContext, actor: Actor, orgId: string, siteId: string, q: PageRequest & { pageId?: string; rating?: string }) {
  const { site } = await loadSite(ctx, ctx.db, actor, orgId, siteId, 'view');
  return siteFeedbackRepo.list(ctx.db, site.id, { ...(q.pageId ? { page: q.pageId } : {}), ...(q.rating ? { rating: q.rating } : {}) }, q);
}

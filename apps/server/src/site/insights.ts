// What the published site records for its Insights (services/site-insights.ts), once the answer is sent: the
// handlers mark what they served (`markInsights`: the page, the search query, the feedback), and `observeInsights`
// turns the mark, or the path and status, into one buffered event — nothing is written on the request.
import type { Request, Response } from 'express';
import type { AppContext } from '../context.js';
import { recordServerEvent, type EventLocation } from '../services/site-insights.js';
import { isPrefetch } from '../services/site-views.js';

export interface InsightsMark {
  type: 'page_view' | 'page_markdown_request' | 'search_type_query' | 'page_post_feedback' | 'page_post_feedback_comment';
  location?: Omit<EventLocation, 'url'>;
  data?: Record<string, unknown>;
}

/** What a handler served, for the event recorded when the answer is sent. */
export function markInsights(res: Response, mark: InsightsMark | undefined): void {
  if (mark) res.locals.insights = mark;
}

export function insightsMarkOf(res: Response): InsightsMark | undefined {
  return res.locals.insights as InsightsMark | undefined;
}

/**
 * Records the request's event when its answer has gone out: a page (200 or 304; a 404 is a `page_view` whose page is
 * null), its `.md` twin, `llms.txt` and `llms-full.txt` (`llmsVariant`), a page's `rss.xml`, a search (`~search?q=`,
 * `~gitbook/search`) and page feedback. Anything else (files, fonts, icons, redirects, HEAD) records nothing, nor
 * does a preview of the site (its editors) or a browser's prefetch (a page not shown yet).
 */
export function observeInsights(ctx: AppContext, req: Request, res: Response, site: { id: string }, origin: string, rest: string, claims: object): void {
  if ((req.method !== 'GET' && req.method !== 'POST') || res.locals.sitePreview || isPrefetch((h) => req.get(h))) return;
  res.once('finish', () => {
    try {
      const status = res.statusCode;
      const ok = status === 200 || status === 304 || status === 201;
      const mark = insightsMarkOf(res);
      let type: string | undefined;
      let location: Omit<EventLocation, 'url'> = {};
      let data: Record<string, unknown> | undefined;
      if (mark) {
        if (!ok && !(status === 404 && mark.type === 'page_view' && mark.location?.page === null)) return;
        ({ type } = mark);
        location = mark.location ?? {};
        data = mark.data;
      } else if (!ok) return;
      else if (rest === '/llms.txt') (type = 'llms_request'), (data = { llmsVariant: 'standard' });
      else if (/^\/llms-full\.txt(?:\/\d+)?$/.test(rest)) (type = 'llms_request'), (data = { llmsVariant: 'full' });
      else if (rest.endsWith('/rss.xml')) type = 'rss_request';
      else if (rest === '/~search' && typeof req.query.q === 'string' && req.query.q.trim().length > 1) (type = 'search_type_query'), (data = { query: req.query.q.trim().slice(0, 2000) });
      if (!type) return;
      const language = req.get('accept-language')?.split(',')[0]?.split(';')[0]?.trim() || null;
      recordServerEvent(ctx, {
        siteId: site.id, type, location: { ...location, url: `${origin}${req.originalUrl}` }, ip: req.ip ?? '',
        userAgent: req.get('user-agent') ?? '', referrer: req.get('referer') ?? null, language,
        authenticated: Object.keys(claims).length > 0, ...(data ? { data } : {}),
      });
    } catch (err) {
      ctx.logger.warn({ err }, 'site insights: an event could not be recorded');
    }
  });
}

// `site_view` events (GitBook's `SiteViewEvent`): a visitor viewed a page of a published site, for each installation
// covering the site whose integration declares `site:views:read`.
//
// What counts as a view. GitBook counts a view when its page's script runs in the visitor's browser (its renderer's
// client tracks the page view once per page shown), so crawlers that run no script never count, while any browser —
// a headless one too — does. Bindery's pages need no script, so it counts on the server what such a browser asks for:
// a GET of a page's HTML answered 200 or 304 (a reader's revalidated copy is still a view), not HEAD, not the
// markdown twins (`.md`, `Accept: text/markdown`: agents), not files, feeds, search, redirects or 404s, not a
// prefetch (`Sec-Purpose`/`Purpose: prefetch`), not a preview URL, and not a client whose User-Agent names a crawler
// or a tool (`isCrawler`: "bot", "crawl", "spider", curl, wget, HTTP libraries… or none at all).
//
// Cost on the site's hot path. Whether any installation wants the site's views is a column of the statement every
// site request makes anyway (sitesRepo.withSpaceHeads, `views_wanted`): no other read and nothing written when none
// does, and as fresh as the site row in every process. When one does, the view is pushed to this process's queue
// (memory only) and the answer is sent; the queue is written every FLUSH_MS (or at BATCH views) in one transaction —
// for each site once, the installations wanting it, then an event row and its delivery job per view and
// installation (integration-events.ts recordEvent) — and delivered by the job queue like every event. Nothing waits
// for it. At most MAX_QUEUED views wait; past that they are dropped and counted (`dropped`), and a server that stops
// writes what it holds on close (a process killed loses at most FLUSH_MS of views).
import { createHmac } from 'node:crypto';
import type { AppContext } from '../context.js';
import { SITE_VIEWS_SCOPE } from '../repos/sites.repo.js';
import { integrationsRepo } from '../repos/integrations.repo.js';
import { recordEvent } from './integration-events.js';

/** How long a view waits at most before it is written (ms). */
export const FLUSH_MS = 500;
/** A queue this long is written at once. */
export const BATCH = 500;
/** Views waiting at most; more are dropped (and counted) until the queue is written. */
export const MAX_QUEUED = 20_000;

/** Who viewed (GitBook's `EventVisitor`; no cookies are passed on: `{}`). */
export interface EventVisitor {
  anonymousId: string;
  userAgent: string;
  ip: string;
  language?: string;
}

export interface SiteViewInput {
  site: { id: string; org_id: string };
  siteSpaceId: string;
  spaceId: string;
  pageId: string;
  /** The page's URL at the site's published address, with the query (its tokens left out). */
  url: string;
  referrer: string;
  visitor: EventVisitor;
}

/**
 * Crawlers, link previews, monitors and HTTP tools: clients that would not run GitBook's tracking script. A browser
 * (also a headless one) names none of these. No User-Agent at all counts as a tool.
 */
const CRAWLER = /bot\b|bot\/|bots?[-_;)]|crawl|spider|slurp|archiver|scrap|facebookexternalhit|embedly|quora link preview|whatsapp|telegram|discord|slack|skype|preview|lighthouse|pagespeed|pingdom|uptime|monitor|check_http|nagios|zabbix|curl\/|wget\/|python|go-http-client|java\/|okhttp|apache-httpclient|node-fetch|node\.js|^node$|undici|axios|got \(|libwww|lwp::|httpie|postman|insomnia|powershell|ruby|php\/|perl|dart:io|reqwest|aiohttp|httpx|^mozilla\/5\.0$/i;

export function isCrawler(userAgent: string | undefined): boolean {
  return !userAgent || CRAWLER.test(userAgent);
}

/** A request the browser makes ahead of a navigation (it may never be shown). */
export function isPrefetch(header: (name: string) => string | undefined): boolean {
  return /prefetch|prerender/i.test(`${header('sec-purpose') ?? ''} ${header('purpose') ?? ''} ${header('x-moz') ?? ''} ${header('x-purpose') ?? ''}`);
}

const ANONYMOUS_KEY_LABEL = 'bindery:site-visitor-anonymous-id';
const anonymousKeys = new WeakMap<Uint8Array, Buffer>();

/**
 * GitBook's `anonymousId` without a cookie (a cookie would keep shared caches from keeping public pages): a digest of
 * the site, the day (UTC), the address and the User-Agent, keyed by the server secret — the same visitor of one site
 * has one id for a day, and it tells nothing of who they are nor links them across sites or days.
 */
export function anonymousIdOf(secret: Uint8Array, siteId: string, day: string, ip: string, userAgent: string): string {
  let key = anonymousKeys.get(secret);
  if (!key) {
    key = createHmac('sha256', secret).update(ANONYMOUS_KEY_LABEL).digest();
    anonymousKeys.set(secret, key);
  }
  return createHmac('sha256', key).update(`${siteId}\n${day}\n${ip}\n${userAgent}`).digest('base64url').slice(0, 22);
}

/** The visitor of a site request, as GitBook's events describe them. */
export function eventVisitor(ctx: AppContext, siteId: string, req: { ip?: string | undefined; get(name: string): string | undefined }): EventVisitor {
  const userAgent = req.get('user-agent') ?? '';
  const ip = req.ip ?? '';
  const language = req.get('accept-language')?.split(',')[0]?.split(';')[0]?.trim();
  return {
    anonymousId: anonymousIdOf(ctx.jwtSecret, siteId, ctx.clock.now().toISOString().slice(0, 10), ip, userAgent),
    userAgent: userAgent.slice(0, 512), ip, ...(language ? { language: language.slice(0, 35) } : {}),
  };
}

/** Query parameters that carry a visitor's credentials: never passed on in an event's `url`. */
const SECRET_PARAMS = ['jwt_token', 'share', 'preview'];

/** `url` without its credential parameters (`jwt_token`, `share`, `preview`). */
export function viewUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const params = new URLSearchParams(url.slice(q + 1));
  for (const p of SECRET_PARAMS) params.delete(p);
  const rest = params.toString();
  return url.slice(0, q) + (rest ? `?${rest}` : '');
}

class SiteViewQueue {
  private queued: SiteViewInput[] = [];
  private timer: NodeJS.Timeout | undefined;
  private writing: Promise<void> = Promise.resolve();
  /** Views dropped because the queue was full, since the process started. */
  dropped = 0;
  /** Views written as events (one per installation wanting them), since the process started. */
  written = 0;

  constructor(private readonly ctx: AppContext) {}

  push(view: SiteViewInput): void {
    if (this.queued.length >= MAX_QUEUED) {
      if (this.dropped++ % 1000 === 0) this.ctx.logger.warn({ dropped: this.dropped }, 'site views: the queue is full, views are dropped');
      return;
    }
    this.queued.push(view);
    if (this.queued.length >= BATCH) void this.flush();
    else this.timer ??= setTimeout(() => void this.flush(), FLUSH_MS).unref();
  }

  /** Writes every view queued now (after any write in progress); resolves once they are. Never rejects. */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    const views = this.queued;
    this.queued = [];
    if (!views.length) return this.writing;
    this.writing = this.writing.then(() => this.write(views)).catch((err: unknown) => {
      this.ctx.logger.warn({ err, views: views.length }, 'site views: could not record views, dropped');
    });
    return this.writing;
  }

  private async write(views: SiteViewInput[]): Promise<void> {
    for (let i = 0; i < views.length; i += BATCH) {
      // One transaction per BATCH views at most (a flush after a burst holds several).
      const part = new Map<string, SiteViewInput[]>();
      for (const v of views.slice(i, i + BATCH)) {
        const list = part.get(v.site.id);
        if (list) list.push(v);
        else part.set(v.site.id, [v]);
      }
      await this.ctx.db.transaction().execute(async (tx) => {
        for (const [siteId, list] of part) {
          const site = list[0]!.site;
          for (const inst of await integrationsRepo.installationsCoveringSite(tx, site.org_id, siteId, SITE_VIEWS_SCOPE)) {
            for (const v of list) {
              await recordEvent(this.ctx, tx, { id: inst.integration_id }, { installationId: inst.id, siteId }, {
                type: 'site_view', installationId: inst.id, siteId, spaceId: v.spaceId, siteSpaceId: v.siteSpaceId, pageId: v.pageId,
                visitor: { ...v.visitor, cookies: {} }, url: v.url, referrer: v.referrer,
              });
              this.written++;
            }
          }
        }
      });
    }
  }
}

const queues = new WeakMap<AppContext, SiteViewQueue>();

function queueOf(ctx: AppContext): SiteViewQueue {
  let q = queues.get(ctx);
  if (!q) {
    q = new SiteViewQueue(ctx);
    queues.set(ctx, q);
  }
  return q;
}

/** A page view of a site some integration wants the views of: queued, written within FLUSH_MS (never awaited). */
export function recordSiteView(ctx: AppContext, view: SiteViewInput): void {
  queueOf(ctx).push(view);
}

/** Writes the views queued so far (tests; and closing the server). */
export function flushSiteViews(ctx: AppContext): Promise<void> {
  return queues.get(ctx)?.flush() ?? Promise.resolve();
}

/** The queue's counters (views written as events, views dropped). */
export function siteViewStats(ctx: AppContext): { written: number; dropped: number } {
  const q = queues.get(ctx);
  return { written: q?.written ?? 0, dropped: q?.dropped ?? 0 };
}

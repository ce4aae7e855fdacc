// The published site: what readers see at `Site.urls.published`. Server-rendered HTML from the site's structure and
// the current revisions of its spaces, at `/sites/{siteId}/…` on this server, and at `/…` for requests whose Host is
// the site's custom hostname:
//   <base>/[<section>/][<site space>/][<page path>]   (the default section and site space are omitted)
//   …/<page path>.md                                  the page's markdown twin
//   <base>/llms.txt, llms-full.txt, sitemap.xml, robots.txt, ~search?q=
//   <base>/~files/<siteSpaceId>/<fileId>/<name>       a file of a published space (images, downloads)
//   <base>/~fonts/<key>                               a font file of a custom font of the organization
//   <base>/[<section>/][<site space>/]~gitbook/icon, ~gitbook/ogimage/<pageId>, ~gitbook/pdf   generated icon, social image, PDF
//   <base>/[…/]~gitbook/mcp                           the site's MCP server (site/mcp.ts), when its page actions include mcp
//   <base>/[…/]~gitbook/search (POST), <base>/~gitbook/visitor   GitBook's server search, the visitor's claims
//   …/<page path>/rss.xml                             the feed of a page with updates blocks (site/updates.ts)
// Unpublished sites answer 404; unlisted and share-link sites are not indexed (noindex, robots.txt disallows);
// share-link sites need the key of one of their active share links, `?share=<key>` or `<base>/<key>/…` once (kept
// in a cookie); visitor-auth sites need a visitor token (an HS256 JWT signed with the site's key, `?jwt_token=` once,
// then a cookie) and otherwise redirect to the site's fallback URL or answer 401. Sections, site spaces and header
// links with a `condition` are shown only when the visitor's claims (the token's signed claims, unsigned ones under
// `unsigned`) make it true (site/conditions.ts).
// A path no page answers follows the site's live redirects (site/redirects.ts) before answering 404.
// Caching: site/state.ts (structure per site version, trees per revision, whole pages per version + heads + URL).
import { randomUUID } from 'node:crypto';
import express, { type NextFunction, type Request, type RequestHandler, type Response, type Router } from 'express';
import { decodeJwt, jwtVerify } from 'jose';
import type { AppContext } from '../context.js';
import { ApiError } from '../errors.js';
import type { Config } from '../config.js';
import { loadMarkdown, pageTimes, pdfImages, type FileEntry, type PageView } from '../engine/index.js';
import { pageDocument, renderOgImageOffLoop, renderPdfOffLoop } from '../content/process.js';
import type { PdfPageInput } from '../export/pdf.js';
import { iconSvg, initialOf, type OgImageInput } from './gitbook-images.js';
import { OG_RENDER_VERSION, ogFontsTag } from './og-png.js';
import { bytesTag, notModified } from './conditional.js';
import { cors } from './cors.js';
import { uiText } from './i18n.js';
import { splitFrontmatter } from '../content/frontmatter.js';
import { includeMarkdown } from '../gitsync/metadata.js';
import type { AnyBlock } from './blocks.js';
import { resolvePagePath } from '../lib/link-paths.js';
import { sitesRepo, type SectionRow, type SiteRow, type SiteSpaceRow, type SiteWithHeads, type SpaceHead } from '../repos/sites.repo.js';
import { eventVisitor, isCrawler, isPrefetch, recordSiteView, viewUrl } from '../services/site-views.js';
import { shareLinksRepo } from '../repos/site-links.repo.js';
import { addFeedbackComment, FEEDBACK_COMMENT_MAX, FEEDBACK_RATINGS, recordPageFeedback, type FeedbackPlace, type FeedbackRating } from '../services/site-feedback.js';
import { RateLimiter } from '../http/rate-limit.js';
import { liveRedirects, localPath, matchRedirect, redirectTarget } from './redirects.js';
import { resolveInSite, visible, type Resolved } from './resolve.js';
import { blobStore } from '../storage/blobs.js';
import { defaultOf, publishedBase, siteSpacesIn } from '../presenters/site.js';
import { applyConditionals, evaluateCondition, type Claims } from './conditions.js';
import { codePoint, escapeHtml, renderDocumentInSlices, resolveTarget, type FileLink, type PageLink, type RenderContext } from './render.js';
import { cssColor, fontStack, renderMessagePage, renderShell, SITE_CSP, type Chrome, type FontFaceRule, type LinkItem, type NavItem, type SectionTab } from './shell.js';
import { facesOf, storageRepo, type CustomFontRow } from '../repos/fonts.repo.js';
import { fontsById } from '../services/fonts.js';
import { verifySitePreview } from './preview-token.js';
import { cachedPage, cachePage, visibleRevision, headKey, pageCondition, revisionView, siteView, type Customization, type IndexedPage, type RevisionView, type SiteView, type ViewedPage } from './state.js';
import { spaceRedirect } from '../gitsync/redirects.js';
import { gitSyncRepo } from '../repos/git-sync.repo.js';
import { contentIndexRepo } from '../repos/content-index.repo.js';
import { Lru } from '../lib/lru.js';
import { PoolBusyError } from '../lib/worker-pool.js';
import { buildSearchIndex, markedExcerpt, sectionedText, MAX_RESULTS, querySearchIndex, words, type PageText, type SearchablePage, type SearchHit, type SearchIndex } from './search-index.js';
import { setImmediate } from 'node:timers/promises';
import { registerSearchWarmer } from './search-warmers.js';
import { INCLUDE_LINE, scanPageFiles } from './file-refs.js';
import { withoutHiddenLinks } from './hidden-links.js';
import { mayHoldUpdates, rssFeed, updatesOf } from './updates.js';
import { markdownText } from './plain.js';
import { insightsMarkOf, markInsights, observeInsights } from './insights.js';
import { answerMcp, MCP_MAX_BODY, MCP_VERSIONS, parseError as mcpParseError } from './mcp.js';

/** One request to a site: who reads it, through which base URL, and what the site is now. */
interface Visit {
  site: SiteRow;
  /** URL prefix of the site on this request: `/sites/{id}`, or '' on its custom hostname. */
  base: string;
  view: SiteView;
  /** The spaces the site publishes, as they are now (title, head revisions, deletion). */
  heads: Map<string, SpaceHead>;
  claims: Claims;
  claimsKey: string;
  theme: 'light' | 'dark' | 'system';
  /**
   * Where absolute links of the visit point (llms.txt, sitemaps, twins, feeds, search and MCP URLs), from the
   * configuration, never from the request's Host (linksOf): `served`, the origin the visit is served at (the custom
   * hostname when reached by it, else BINDERY_PUBLIC_URL); `site`, the absolute URL of `base`.
   */
  links: { served: string; site: string };
  /** visitKey's value, once computed. */
  key?: string;
  /** What the visitor sees of each space's revision (pages whose condition is false left out), once computed. */
  revisions?: Map<string, Promise<RevisionView | undefined>>;
}

/** Where a site space is published on the site, for the visitor. */
interface Placement {
  siteSpace: SiteSpaceRow;
  section?: SectionRow;
  /** URL of the site space's root (no trailing slash). */
  base: string;
}

interface Flat {
  page: PageView;
  /** The page's URL (the first page of a site space is at its root, as GitBook serves it). */
  href: string;
  /** Its markdown twin. */
  md: string;
  /**
   * Whether search engines may index it: neither it nor a page or group above it is marked `noIndex` or
   * `noRobotsIndex` (GitBook's isPageIndexable looks at the page and its ancestors).
   */
  indexable: boolean;
}

/** A page's own `noIndex` or `noRobotsIndex` (GitBook's page metadata). */
const barsRobots = (p: PageView): boolean => {
  const m = p.meta.metadata as Record<string, unknown> | undefined;
  return m?.noIndex === true || m?.noRobotsIndex === true;
};

/** Whether the page `id` may be indexed: one walk down the tree to it, its ancestors' marks carried along. */
function indexableIn(pages: readonly PageView[], id: string, barred = false): boolean | undefined {
  for (const p of pages) {
    const here = barred || barsRobots(p);
    if (p.meta.id === id) return !here;
    const below = indexableIn(p.children, id, here);
    if (below !== undefined) return below;
  }
  return undefined;
}

const SHARE_COOKIE = 'bindery_site_share';
const PREVIEW_COOKIE = 'bindery_site_preview';
const VISITOR_COOKIE = 'bindery_site_visitor';
const THEME_COOKIE = 'bindery_site_theme';
const REGISTERED = new Set(['iss', 'sub', 'aud', 'exp', 'nbf', 'iat', 'jti']);

function cookies(req: Request): Map<string, string> {
  const out = new Map<string, string>();
  for (const part of (req.get('cookie') ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at <= 0) continue;
    try {
      out.set(part.slice(0, at).trim(), decodeURIComponent(part.slice(at + 1).trim()));
    } catch { /* a malformed cookie counts as absent */ }
  }
  return out;
}

const cookiePath = (base: string) => base || '/';

const UNSAFE_KEY = new Set(['__proto__', 'constructor', 'prototype']);

/** A JSON object from untrusted text (bounded), or undefined. */
function jsonObject(raw: string | undefined): Record<string, unknown> | undefined {
  if (!raw || raw.length > 4096) return undefined;
  try {
    const v = JSON.parse(raw) as unknown;
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** A claim value given in a URL, read as GitBook reads it: booleans, null, numbers, JSON objects, else the string. */
function claimValue(raw: string): unknown {
  if (raw === 'true') return true;
  if (raw === 'false') return false;
  if (raw === 'null') return null;
  if (raw !== '' && raw.length < 32 && Number.isFinite(Number(raw))) return Number(raw);
  return jsonObject(raw) ?? raw;
}

/**
 * The visitor's claims: the signed ones of a valid visitor token (`?jwt_token=` or a cookie), and the unsigned ones
 * under `unsigned`, merged from (in this order) the `bindery_site_claims` cookie or `?claims=` (JSON), GitBook's
 * `gitbook-visitor-public*` cookies (JSON), and GitBook's `?visitor.<path>=<value>` parameters (which are kept in the
 * `gitbook-visitor-public` session cookie for the next pages, as GitBook does). Anything malformed counts as none.
 */
function claimsOf(req: Request, res: Response, base: string): Claims {
  const signed = (res.locals.visitorClaims ?? {}) as Claims;
  const jar = cookies(req);
  const unsigned: Record<string, unknown> = { ...(jsonObject(typeof req.query.claims === 'string' ? req.query.claims : jar.get('bindery_site_claims')) ?? {}) };
  const merge = (from: Record<string, unknown> | undefined) => {
    for (const [k, v] of Object.entries(from ?? {})) if (!UNSAFE_KEY.has(k)) unsigned[k] = v;
  };
  for (const [name, value] of jar) if (name.startsWith('gitbook-visitor-public')) merge(jsonObject(value));
  const fromUrl: Record<string, unknown> = {};
  let n = 0;
  for (const [key, value] of Object.entries(req.query)) {
    if (!key.startsWith('visitor.') || typeof value !== 'string' || key.length > 200 || value.length > 1024 || ++n > 20) continue;
    const path = key.slice('visitor.'.length).split('.');
    if (path.some((p) => p === '' || UNSAFE_KEY.has(p)) || path.length > 5) continue;
    let at = fromUrl;
    for (const p of path.slice(0, -1)) at = (at[p] && typeof at[p] === 'object' ? at[p] : (at[p] = {})) as Record<string, unknown>;
    at[path[path.length - 1]!] = claimValue(value);
  }
  if (n > 0) {
    const kept = { ...(jsonObject(jar.get('gitbook-visitor-public')) ?? {}), ...fromUrl };
    res.cookie('gitbook-visitor-public', JSON.stringify(kept), { sameSite: 'lax', path: cookiePath(base) });
    merge(fromUrl);
  }
  return Object.keys(unsigned).length ? { ...signed, unsigned } : { ...signed };
}

/** The visitor token given: `?jwt_token=`, ours (set from it), or GitBook's plain `gitbook-visitor-token` cookie set by the customer's backend. */
function tokenGiven(req: Request, site: SiteRow): string | undefined {
  return (typeof req.query.jwt_token === 'string' ? req.query.jwt_token : undefined) ?? cookies(req).get(`${VISITOR_COOKIE}_${site.id}`) ?? cookies(req).get('gitbook-visitor-token');
}

/** The claims of a visitor token signed with the site's key (HS256), or undefined when it is missing or invalid. */
async function visitorToken(req: Request, res: Response, site: SiteRow, base: string, bearer = false): Promise<Claims | undefined> {
  // An MCP client (`~gitbook/mcp`) gives it as GitBook's OAuth-protected resources take it: `Authorization: Bearer`
  // or `?access_token=` (never kept in a cookie).
  const header = /^Bearer\s+(\S+)$/i.exec(req.get('authorization') ?? '')?.[1];
  const given = bearer ? header ?? (typeof req.query.access_token === 'string' ? req.query.access_token : undefined) : undefined;
  const fromQuery = typeof req.query.jwt_token === 'string' ? req.query.jwt_token : undefined;
  const token = given ?? tokenGiven(req, site);
  if (!token || token.length > 8192) return undefined;
  try {
    const { payload } = await jwtVerify(token, new TextEncoder().encode(site.visitor_key), { algorithms: ['HS256'] });
    if (fromQuery && given === undefined) res.cookie(`${VISITOR_COOKIE}_${site.id}`, token, { httpOnly: true, sameSite: 'lax', path: cookiePath(base) });
    return Object.fromEntries(Object.entries(payload).filter(([k]) => !REGISTERED.has(k)));
  } catch {
    return undefined;
  }
}


/** Each page's ancestors (titles, from the top), in one walk of the tree. */
function ancestry(pages: readonly PageView[]): Map<string, { title: string }[]> {
  const out = new Map<string, { title: string }[]>();
  const stack: { page: PageView; above: { title: string }[] }[] = pages.map((page) => ({ page, above: [] }));
  while (stack.length) {
    const { page, above } = stack.pop()!;
    out.set(page.meta.id, above);
    const mine = [...above, { title: page.meta.title }];
    for (const child of page.children) stack.push({ page: child, above: mine });
  }
  return out;
}

/**
 * The pages above `id` (groups and parent pages, from the top), each with where a reader goes from it: a listed page
 * its URL, a group (or a hidden page) the first listed page under it, else nothing. GitBook's breadcrumbs above a
 * page's title. One walk of the tree, stopped at the page.
 */
export function breadcrumbsOf(pages: readonly PageView[], id: string, hrefs: ReadonlyMap<string, string>): { title: string; href?: string }[] {
  const chain: PageView[] = [];
  const find = (list: readonly PageView[]): boolean => {
    for (const p of list) {
      if (p.meta.id === id) return true;
      chain.push(p);
      if (find(p.children)) return true;
      chain.pop();
    }
    return false;
  };
  if (!find(pages)) return [];
  const firstListed = (p: PageView): string | undefined => {
    const own = hrefs.get(p.meta.id);
    if (own) return own;
    for (const c of p.children) {
      const found = firstListed(c);
      if (found) return found;
    }
    return undefined;
  };
  return chain.map((p) => {
    const href = firstListed(p);
    return { title: p.meta.title, ...(href ? { href } : {}) };
  });
}

function flatten(pages: readonly PageView[], base: string, out: Flat[] = [], barred = false): Flat[] {
  for (const p of pages) {
    if (p.meta.hidden) continue;
    const path = `${base}/${p.path ?? p.meta.slug}`;
    const here = barred || barsRobots(p);
    if (p.meta.type === 'document') out.push({ page: p, href: out.length === 0 ? `${base}/` : path, md: `${path}.md`, indexable: !here });
    flatten(p.children, base, out, here);
  }
  return out;
}

/**
 * The title of a page in the sidebar and previous/next links: its navigation label when it has one (the quoted title
 * of its SUMMARY.md entry, `* [Quickstart](quickstart.md "First steps")`, which GitBook shows there), else its title.
 */
function navTitle(p: PageView): string {
  const git = (p.meta.metadata as { git?: { label?: unknown } } | undefined)?.git;
  return typeof git?.label === 'string' && git.label.trim() ? git.label : p.meta.title;
}

/**
 * The sidebar's items. A link page leads where its target does (`links`: the page's targets): a URL, or a page
 * or an anchor of a page of the site (GitBook's SUMMARY.md entry `[Buttons](inline.md#buttons)`).
 */
function navOf(pages: readonly PageView[], base: string, currentId: string | undefined, homeId: string | undefined, links: RenderContext): NavItem[] {
  const items: NavItem[] = [];
  for (const p of pages) {
    if (p.meta.hidden) continue;
    if (p.meta.type === 'group') items.push({ title: p.meta.title, group: true, children: navOf(p.children, base, currentId, homeId, links) });
    else if (p.meta.type === 'link') {
      const target = resolveTarget(p.meta.target as Parameters<typeof resolveTarget>[0], links);
      items.push({ title: navTitle(p), ...(target ? { href: target.href, external: !!target.external } : {}), children: [] });
    } else items.push({ title: navTitle(p), href: p.meta.id === homeId ? `${base}/` : `${base}/${p.path ?? p.meta.slug}`, current: p.meta.id === currentId, children: navOf(p.children, base, currentId, homeId, links) });
  }
  return items;
}

const themedUrl = (v: unknown): { light: string; dark: string } | undefined => {
  const o = v as { light?: unknown; dark?: unknown } | undefined;
  return o && typeof o.light === 'string' && o.light ? { light: o.light, dark: typeof o.dark === 'string' && o.dark ? o.dark : o.light } : undefined;
};
const themedColor = (v: unknown): { light: string; dark: string } | undefined => {
  const o = v as { light?: unknown; dark?: unknown } | undefined;
  const light = cssColor(o?.light);
  return light ? { light, dark: cssColor(o?.dark) ?? light } : undefined;
};
const pick = <T extends string>(v: unknown, allowed: readonly T[], fallback: T): T => (allowed.includes(v as T) ? (v as T) : fallback);

/** What every page of a visit depends on: the site's version, each published space's head and title, the base URL. */
function visitKey(v: Visit): string {
  v.key ??= `${v.site.id}:${v.site.version}|${[...v.heads].map(([id, h]) => `${id}@${headKey(h)}${h.deleted_at !== null ? '!' : ''}:${h.language ?? ''}:${h.title}`).sort().join(',')}|${v.base}`;
  return v.key;
}

/** Where a 404 page's message goes in its cached frame (unguessable: no content can hold it). */
const BODY_MARK = `\u0000${randomUUID()}\u0000`;

/** Pages of each part of `llms-full.txt`. */
const LLMS_CHUNK = 100;
/** Pages of a part of `llms-full.txt` read (and written) at a time. */
const LLMS_READ = 8;

/** `~gitbook/pdf`: at most this many pages (GitBook's `limit`, 100 by default), and of markdown in all. */
const PDF_MAX_PAGES = 100;
const PDF_MAX_MARKDOWN = 4 * 1024 * 1024;
/** PDFs drawn at once by one process (each is seconds of CPU on the worker pool); more wait, up to PDF_QUEUE. */
const PDF_CONCURRENCY = 2;
const PDF_QUEUE = 16;
/**
 * Social images drawn at once by one process (tens of milliseconds each on the content pool, which page writes share:
 * a crawler asking for every page's image at once leaves it to them); more wait, up to OG_QUEUE, then 503.
 */
const OG_CONCURRENCY = 1;
const OG_QUEUE = 64;

/**
 * Where a visit's absolute links point, never made from the request's Host or protocol (a request naming another host
 * got links to it, which a shared cache keyed without the host could keep and serve to others). A site that may be
 * kept by shared caches (public or unlisted, published, not a preview) links to its published address (its custom
 * hostname when it has one, else `<publicUrl>/sites/<id>`), also when reached at `/sites/<id>`. A share-link,
 * visitor-auth or preview visit links to where it is served (its custom hostname when reached by it, else
 * `<publicUrl>/sites/<id>`): its share key, visitor token or preview token is a cookie of that host and path.
 */
function linksOf(config: Config, site: SiteRow, base: string, preview: boolean): Visit['links'] {
  // (Reached by its custom hostname, `base` is '': served at its published address, `https://<hostname>`.)
  const served = base === '' && site.hostname ? publishedBase(config, site) : config.publicUrl;
  const shared = (site.visibility === 'public' || site.visibility === 'unlisted') && site.published === 1 && !preview;
  return { served, site: shared ? publishedBase(config, site) : served + base };
}

/** A path of this server made absolute for the visit (a path under the site's base at the site's address). */
function absolute(v: Visit, href: string): string {
  return href === v.base || href.startsWith(`${v.base}/`) ? v.links.site + href.slice(v.base.length) : v.links.served + href;
}

/**
 * Whether a shared cache may keep an answer of the site (`Cache-Control: public`): a public or unlisted site, published,
 * not a preview; answers that vary with the visitor's claims add their own condition.
 */
function sharedCacheable(v: Visit, res: Response): boolean {
  return (v.site.visibility === 'public' || v.site.visibility === 'unlisted') && v.site.published === 1 && !res.locals.sitePreview;
}

/** Whether the customization offers a page action: GitBook's `items` when given, else the flag (on unless false). */
export function pageAction(c: Customization, name: 'markdown' | 'pdf' | 'mcp'): boolean {
  const actions = c.pageActions as { items?: unknown; markdown?: unknown; mcp?: unknown } | undefined;
  if (Array.isArray(actions?.items)) return actions.items.includes(name);
  // The seed's flags: markdown on unless false, mcp off unless true (GitBook's defaults), the PDF on.
  return name === 'markdown' ? actions?.markdown !== false : name === 'mcp' ? actions?.mcp === true : true;
}

/** The customization's locale (`internationalization.locale`) when it is a language tag, else `en`. */
function customizationLang(c: Customization): string {
  const locale = (c as { internationalization?: { locale?: unknown } }).internationalization?.locale;
  return typeof locale === 'string' && /^[a-z]{2}(-[a-z]{2})?$/i.test(locale) ? locale : 'en';
}

/** The language of a space's content: the space's `language` when it has one, else the customization's locale. */
function contentLang(v: Visit, spaceId: string, c: Customization): string {
  const language = v.heads.get(spaceId)?.language;
  return typeof language === 'string' && /^[a-z]{2,3}(-[a-z0-9]{2,8})?$/i.test(language) ? language : customizationLang(c);
}

/**
 * The request's body when it is at most `limit` bytes, else undefined at once: the rest is read and dropped (the
 * socket stays open for the answer, which closes the connection).
 */
function readBody(req: Request, res: Response, limit: number): Promise<Buffer | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const take = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) refuse();
      else chunks.push(chunk);
    };
    function refuse() {
      res.setHeader('Connection', 'close');
      req.removeListener('data', take);
      req.resume();
      resolve(undefined);
    }
    if (Number(req.get('content-length') ?? '0') > limit) return refuse();
    req.on('data', take);
    req.once('end', () => resolve(Buffer.concat(chunks)));
    req.once('error', reject);
  });
}

/** Once the response has taken what was written (or is closed). */
function drained(res: Response): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });
}

/**
 * The files of a revision with conditional pages that pages every visitor sees use, and for each other file the
 * conditions on the way to each page using it (the page's and its ancestors'): it is shown to a visitor when all the
 * conditions of one of its pages hold for them.
 */
interface FileUsage {
  everyone: Set<string>;
  users: Map<string, Set<readonly string[]>>;
  bytes: number;
}

const FILE_INLINE = /^(image\/(png|jpeg|gif|webp|avif|bmp|x-icon|vnd\.microsoft\.icon)|video\/(mp4|webm|ogg)|audio\/[\w.+-]+|text\/plain)$/;
const FILE_ACTIVE = /html|xml|javascript|ecmascript|x-sh|wasm/i;

/**
 * The JSON body of a POST to one of the site's JSON routes (`~gitbook/search`, `~gitbook/mcp`), at most `limit`
 * bytes: its value, or why it is refused (415 not JSON by type, 413 too large, 400 not JSON) for the route to word.
 */
async function readJsonBody(req: Request, res: Response, limit: number): Promise<{ value: unknown } | { status: 400 | 413 | 415; message: string }> {
  if (!req.is('application/json')) return { status: 415, message: 'The body is JSON (Content-Type: application/json)' };
  const raw = await readBody(req, res, limit);
  if (raw === undefined) return { status: 413, message: `The body is larger than ${limit / 1024} KiB` };
  try {
    return { value: JSON.parse(raw.toString('utf8')) as unknown };
  } catch {
    return { status: 400, message: 'The body is not JSON' };
  }
}

/** A hit of the site's search: the page (and section) found, where it is on the site and in which site space. */
interface SiteHit {
  title: string;
  section?: string;
  anchor?: string;
  href: string;
  excerpt: string;
  cutBefore: boolean;
  cutAfter: boolean;
  pageId: string;
  placement: Placement;
}

/** `POST ~gitbook/search`: its body, query and site spaces named at most. */
const SEARCH_MAX_BODY = 16 * 1024;
/** `~gitbook/mcp` at the site's root or below a section or site space. */
const MCP_PATH = /^(?:\/[^/]+){0,2}\/~gitbook\/mcp$/;
/** The paths that take a POST (GitBook's search and MCP, at the site's root or below a section or site space). */
const POST_PATH = /^(?:\/[^/]+){0,2}\/~gitbook\/(?:search|mcp|feedback)$/;
/** The same with a share key as the first segment (`<site>/<key>/…`), before open() takes it off. */
const POST_PATH_WITH_KEY = /^(?:\/[^/]+){0,3}\/~gitbook\/(?:search|mcp|feedback)$/;
/**
 * Runs tasks `limit` at a time; up to `queue` more wait their turn, in order; past them the task is refused with
 * `busy()` (`~gitbook/pdf`, `~gitbook/ogimage`: each draws on the worker pool that page writes share).
 */
function taskSlots(limit: number, queue: number, busy: () => Error): <T>(task: () => Promise<T>) => Promise<T> {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async (task) => {
    if (running >= limit) {
      if (waiting.length >= queue) throw busy();
      await new Promise<void>((go) => waiting.push(go));
    }
    running++;
    try {
      return await task();
    } finally {
      running--;
      waiting.shift()?.();
    }
  };
}

/** `POST ~gitbook/feedback`: its body at most, and posts a minute from one address to one site. */
const FEEDBACK_MAX_BODY = 4 * 1024;
const FEEDBACK_PER_MINUTE = 20;
const SEARCH_MAX_QUERY = 512;
const SEARCH_MAX_SITE_SPACES = 100;

interface Handlers {
  /** `/sites/{siteId}/…`, mounted at `/sites`. */
  byPath: Router;
  /** Requests whose Host is a site's custom hostname: the site at `/`. */
  byHost: RequestHandler;
}

export function publishedSiteRouter(ctx: AppContext): Handlers {
  /** Search indexes by space head (site/search-index.ts): ~2.5× the text of the pages; what does not fit is rebuilt. */
  /** The 404 page of each site space, around its message (before, after), by visitKey, site space, theme, audience. */
  const notFoundFrames = new Lru<string, [string, string]>(8 * 1024 * 1024, ([a, b]) => (a.length + b.length) * 2 + 100);
  /** What search keeps of each page's content, by content hash: the index of a revision after an edit reuses it. */
  const pageTexts = new Lru<string, PageText>(64 * 1024 * 1024, (t) => t.text.length * 2 + t.words.reduce((n, w) => n + w.length * 2 + 16, 100) + t.sections.reduce((n, x) => n + (x.anchor.length + x.title.length) * 2 + 64, 0));
  const searchIndexes = new Lru<string, SearchIndex>(128 * 1024 * 1024, (x) => x.bytes);
  const searchBuilds = new Map<string, Promise<SearchIndex>>();
  /** `~gitbook/pdf` answers, by visit, site space, pages asked for and claims; concurrent requests share a render. */
  const pdfs = new Lru<string, { pdf: Buffer; filename: string; etag: string }>(32 * 1024 * 1024, (x) => x.pdf.length + 200);
  // Social images by entity tag (ogImage), and those being drawn.
  const ogImages = new Lru<string, Buffer>(16 * 1024 * 1024, (png) => png.length + 100);
  const ogDrawing = new Map<string, Promise<Buffer>>();
  const ogSlot = taskSlots(OG_CONCURRENCY, OG_QUEUE, () => new PoolBusyError(`Too many social images are being drawn (${OG_CONCURRENCY} at a time, ${OG_QUEUE} waiting); try again shortly`));
  const pdfBuilds = new Map<string, Promise<{ pdf: Buffer; filename: string; etag: string }>>();
  const pdfSlot = taskSlots(PDF_CONCURRENCY, PDF_QUEUE, () => new ApiError(503, `Too many PDFs are being made (${PDF_CONCURRENCY} at a time, ${PDF_QUEUE} waiting); try again shortly`));
  /** Feedback posts per site and address (`pageFeedback`). */
  const feedbackLimiter = new RateLimiter(FEEDBACK_PER_MINUTE, 60_000);
  /** Which pages use each file, of spaces with conditional pages (fileUsageOf), by space head. */
  const fileUsages = new Lru<string, FileUsage>(16 * 1024 * 1024, (u) => u.bytes);
  const fileUsageBuilds = new Map<string, Promise<FileUsage>>();
  /** The site's headers on a message page answered before the site is known to the visitor (no such site, no key). */
  const messageHeaders = (res: Response) => {
    if (res.getHeader('Content-Security-Policy')) return;
    res.setHeader('Content-Security-Policy', SITE_CSP);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Referrer-Policy', 'same-origin');
  };
  const notFound = (res: Response, message = 'This page does not exist.', v?: Visit, chrome?: Chrome) => {
    messageHeaders(res);
    return res.status(404).type('html').send(renderMessagePage('Page not found', message, chrome, v ? `${v.base}/` : undefined));
  };

  /** The visit if the visitor may read the site (published; share key; visitor-auth), else an answer has been sent. */
  async function open(req: Request, res: Response, found: { site: SiteRow; heads: SpaceHead[] } | undefined, base: string, rest: string): Promise<Visit | undefined> {
    const site = found?.site;
    // A preview URL (getSitePublishingPreviewById): the site as it would publish, for the token's hour, published or
    // not and without the share key or visitor token its visibility asks for; kept in a cookie for the site's pages.
    const previewCookie = `${PREVIEW_COOKIE}_${site?.id ?? ''}`;
    const fromQuery = typeof req.query.preview === 'string' ? req.query.preview : undefined;
    const previewExp = site ? verifySitePreview(ctx.jwtSecret, fromQuery ?? cookies(req).get(previewCookie), site.id, ctx.clock.now().getTime()) : undefined;
    if (site && previewExp !== undefined) {
      if (fromQuery) res.cookie(previewCookie, fromQuery, { httpOnly: true, sameSite: 'lax', path: cookiePath(base), maxAge: previewExp * 1000 - ctx.clock.now().getTime() });
      res.locals.sitePreview = true;
    }
    if (!site || (site.published !== 1 && previewExp === undefined)) {
      notFound(res, 'This site does not exist or is not published.');
      return undefined;
    }
    if (site.visibility === 'share-link' && previewExp === undefined) {
      // Any active share link's key, checked against the database on every request: a deleted or deactivated
      // link stops opening the site at once, cookie or not (the page cache is only reached after this check).
      const isKey = async (key: string | undefined): Promise<boolean> => !!key && key.length <= 256 && await shareLinksRepo.isActiveKey(ctx.db, site.id, key);
      const keep = (key: string) => res.cookie(`${SHARE_COOKIE}_${site.id}`, key, { httpOnly: true, sameSite: 'lax', path: cookiePath(base) });
      const given = typeof req.query.share === 'string' ? req.query.share : cookies(req).get(`${SHARE_COOKIE}_${site.id}`);
      const givenOk = await isKey(given);
      // GitBook's form: the key as the first segment below the site (`<site>/<key>/<path>`): kept in the cookie, and
      // the visitor sent on to the path without it — also when the cookie already holds that key (a visitor opening
      // the shared link again). A segment is only looked up as a key when the visitor has no valid one.
      const inPath = typeof req.query.share === 'string' ? undefined : /^\/([A-Za-z0-9]{8,256})(\/.*)?$/.exec(rest);
      if (inPath && (givenOk ? inPath[1] === given : await isKey(inPath[1]))) {
        keep(inPath[1]!);
        if (req.method !== 'GET' && req.method !== 'HEAD') {
          // POST `<site>/<key>/~gitbook/search` (or `~gitbook/mcp`): answered in place, as a redirect would lose the
          // body (a 302 turns it into a GET; a 307 needs the client to keep the cookie).
          res.locals.sharePathRest = inPath[2] ?? '/';
        } else {
          const query = req.originalUrl.includes('?') ? req.originalUrl.slice(req.originalUrl.indexOf('?')) : '';
          // On a custom hostname (base ''), `/<key>//evil.example` must not send the visitor to another host.
          res.redirect(302, localPath(`${base}${inPath[2] ?? '/'}`) + query);
          return undefined;
        }
      } else if (!givenOk) {
        notFound(res, 'This site does not exist or is not published.');
        return undefined;
      }
      if (typeof req.query.share === 'string') keep(req.query.share);
    }
    const mcp = MCP_PATH.test(rest);
    const signed = await visitorToken(req, res, site, base, mcp);
    if (signed) res.locals.visitorClaims = signed;
    if (site.visibility === 'visitor-auth' && !signed && previewExp === undefined) {
      if (mcp) {
        // An MCP client is not sent to a sign-in page: it is told to give a visitor token.
        res.setHeader('WWW-Authenticate', 'Bearer realm="site"');
        res.setHeader('Cache-Control', 'no-store');
        res.status(401).json({ jsonrpc: '2.0', id: null, error: { code: -32001, message: 'This site is only available to authenticated visitors: give a visitor token (Authorization: Bearer <token>)' } });
      } else if (site.visitor_fallback_url) {
        const target = new URL(site.visitor_fallback_url);
        // Where the visitor comes back to after signing in: at this server's configured address, not the request's Host.
        target.searchParams.set('location', `${linksOf(ctx.config, site, base, false).served}${req.originalUrl}`);
        res.redirect(302, target.toString());
      } else {
        messageHeaders(res);
        res.status(401).type('html').send(renderMessagePage('Sign in required', 'This site is only available to authenticated visitors.'));
      }
      return undefined;
    }
    const view = await siteView(ctx, site);
    const heads = found!.heads;
    const claims = claimsOf(req, res, base);
    const customization = view.site;
    // The reader's theme (toggeable sites: `?theme=` once, then a cookie), else the customization's default.
    const themes = customization.themes ?? { default: 'light', toggeable: false };
    let theme = pick(themes.default, ['light', 'dark', 'system'] as const, 'light');
    if (themes.toggeable) {
      const asked = typeof req.query.theme === 'string' ? req.query.theme : cookies(req).get(THEME_COOKIE);
      if (asked === 'light' || asked === 'dark' || asked === 'system') {
        theme = asked;
        if (typeof req.query.theme === 'string') res.cookie(THEME_COOKIE, asked, { sameSite: 'lax', path: cookiePath(base) });
      }
    }
    return {
      site, base, view, claims, claimsKey: JSON.stringify(claims), theme, links: linksOf(ctx.config, site, base, !!res.locals.sitePreview),
      heads: new Map(heads.map((h) => [h.id, h])),
    };
  }

  const headers = (res: Response, site: SiteRow) => {
    res.setHeader('Content-Security-Policy', SITE_CSP);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Referrer-Policy', 'same-origin');
    if (site.visibility !== 'public' || res.locals.sitePreview) res.setHeader('X-Robots-Tag', 'noindex, nofollow');
  };

  /** The whole revision a space publishes now (every page, whatever its condition: for the search index). */
  const fullRevisionOf = async (v: Visit, spaceId: string): Promise<RevisionView | undefined> => {
    const head = v.heads.get(spaceId);
    return head && head.deleted_at === null ? revisionView(ctx, head) : undefined;
  };

  /**
   * What the visitor sees of the revision a space publishes now: pages whose adaptive-content condition is false for
   * the visitor's claims are left out with their children (state.ts visibleRevision), so the page, the sidebar,
   * previous/next, links, llms.txt, llms-full.txt, the sitemap and `.md` twins know nothing of them.
   */
  const revisionOf = (v: Visit, spaceId: string): Promise<RevisionView | undefined> => {
    v.revisions ??= new Map();
    let r = v.revisions.get(spaceId);
    if (!r) {
      r = fullRevisionOf(v, spaceId).then((rev) => rev && visibleRevision(rev, v.claims));
      v.revisions.set(spaceId, r);
    }
    return r;
  };

  /** The visible sections, and where each visible site space is published (site space id → placement). */
  function placements(v: Visit): { sections: SectionRow[]; defaultSection?: SectionRow; all: Placement[] } {
    const s = v.view.structure;
    const sections = s.sections.filter((x) => visible(x.condition, v.claims));
    const defaultSection = defaultOf(sections, v.site.default_section_id);
    const all: Placement[] = [];
    for (const section of s.sections.length ? sections : [undefined]) {
      const sectionBase = section && section.id !== defaultSection?.id ? `${v.base}/${section.path}` : v.base;
      const spaces = siteSpacesIn(s, section?.id ?? null).filter((ss) => visible(ss.condition, v.claims));
      const def = defaultOf(spaces, section ? section.default_site_space_id : v.site.default_site_space_id);
      for (const ss of spaces) all.push({ siteSpace: ss, ...(section ? { section } : {}), base: ss.id === def?.id ? sectionBase : `${sectionBase}/${ss.path}` });
    }
    return { sections, ...(defaultSection ? { defaultSection } : {}), all };
  }

  const resolve = (v: Visit, segments: string[]): Resolved | undefined => resolveInSite(v.site, v.view.structure, v.base, segments, v.claims);

  const fileHref = (v: Visit, siteSpaceId: string, f: FileEntry) => `${v.base}/~files/${siteSpaceId}/${f.id}/${encodeURIComponent(f.name)}?v=${f.blob.slice(0, 12)}`;
  const fileLink = (v: Visit, siteSpaceId: string, f: FileEntry | undefined): FileLink | undefined => f && {
    href: fileHref(v, siteSpaceId, f), name: f.name, size: f.size, contentType: f.contentType,
    ...(f.width ? { width: f.width } : {}), ...(f.height ? { height: f.height } : {}),
  };

  /** Resolves page, file and space references of the site for one site space (its pages, files and links). */
  async function linkContext(v: Visit, placement: Placement, rev: RevisionView, pagePath: string, flatHref: Map<string, string>): Promise<RenderContext> {
    const { all } = placements(v);
    const others = new Map<string, { placement: Placement; rev: RevisionView }>();
    for (const p of all) {
      if (p.siteSpace.space_id === placement.siteSpace.space_id || others.has(p.siteSpace.space_id)) continue;
      const r = await revisionOf(v, p.siteSpace.space_id);
      if (r) others.set(p.siteSpace.space_id, { placement: p, rev: r });
    }
    const pageIn = (r: RevisionView, base: string, id: string): PageLink | undefined => {
      const e = r.byId.get(id);
      if (!e) return undefined;
      if (e.page.meta.type === 'group') {
        const first = e.page.children.find((c) => c.meta.type === 'document');
        return first ? { href: `${base}/${first.path ?? first.meta.slug}`, title: e.page.meta.title } : undefined;
      }
      return e.page.meta.type === 'document' ? { href: flatHref.get(id) ?? `${base}/${e.path}`, title: e.page.meta.title } : undefined;
    };
    const ext: 'self' | 'blank' = customizationOf(v, placement.siteSpace.id).externalLinks?.target === 'blank' ? 'blank' : 'self';
    return {
      externalTarget: ext,
      searchHref: `${v.base}/~search`,
      variables: rev.content.variables,
      page(id, space) {
        if (!space || space === placement.siteSpace.space_id) return pageIn(rev, placement.base, id);
        const o = others.get(space);
        return o ? pageIn(o.rev, o.placement.base, id) : undefined;
      },
      pagePath(target) {
        const path = resolvePagePath(pagePath, target);
        if (path === '') return rev.tree[0] ? { href: `${placement.base}/`, title: rev.tree[0].meta.title } : undefined;
        const e = rev.byPath.get(path) ?? rev.byPath.get(path.toLowerCase());
        return e ? { href: flatHref.get(e.page.meta.id) ?? `${placement.base}/${e.path}`, title: e.page.meta.title } : undefined;
      },
      file(ref) {
        return fileLink(v, placement.siteSpace.id, ref.id ? rev.filesById.get(ref.id) : ref.name ? rev.filesByName.get(ref.name) : undefined);
      },
    };
  }

  const customizationOf = (v: Visit, siteSpaceId: string): Customization => v.view.customization.get(siteSpaceId) ?? v.view.site;

  /** The customization of a site space as its pages show it (links resolved, conditions evaluated). */
  /**
   * The body and heading fonts of the customization: a GitBook font name (a local font with fallbacks), or a custom
   * font of the organization (`{id, custom: true, …}`, as GitBook's customization holds it), read by id from the
   * organization's fonts (services/fonts.ts) and served with the site (`~fonts/<key>`): its family and files are the
   * font's current ones, whatever the customization copied. An unknown font is the default one.
   */
  async function siteFonts(v: Visit, font: unknown, heading: unknown): Promise<{ font?: string; headingFont?: string; faces: FontFaceRule[] }> {
    const customId = (f: unknown) => {
      const o = f as { custom?: unknown; id?: unknown } | null;
      return o && typeof o === 'object' && o.custom === true && typeof o.id === 'string' ? o.id : undefined;
    };
    const ids = [customId(font), customId(heading)].filter((x): x is string => !!x);
    const custom = ids.length ? await fontsById(ctx.db, v.site.org_id, ids) : new Map<string, CustomFontRow>();
    const faces: FontFaceRule[] = [];
    const stackOf = (f: unknown): string | undefined => {
      if (typeof f === 'string') return fontStack(f);
      const row = custom.get(customId(f) ?? '');
      if (!row) return undefined;
      // The family is declared under the font's id (an identifier), so no name in the CSS comes from the request.
      const family = `bindery-font-${row.id}`;
      if (!faces.some((x) => x.family === family)) {
        for (const face of facesOf(row)) faces.push({ family, weight: face.weight, url: `${v.base}/~fonts/${face.key}`, format: face.key.endsWith('.woff2') ? 'woff2' : 'woff' });
      }
      return `"${family}",system-ui,-apple-system,"Segoe UI",Roboto,sans-serif`;
    };
    const main = stackOf(font);
    const headingFont = heading === null || heading === undefined ? undefined : stackOf(heading);
    return { ...(main ? { font: main } : {}), ...(headingFont ? { headingFont } : {}), faces };
  }

  /** `~fonts/<key>`: a font file of the site's organization (custom fonts), as long as the visitor may see the site. */
  async function fontFile(req: Request, res: Response, v: Visit, key: string) {
    const row = await storageRepo.findByKey(ctx.db, key);
    const data = row && row.org_id === v.site.org_id && row.kind === 'customization_font' && row.blob_hash ? await blobStore(ctx).get(row.blob_hash) : undefined;
    if (!row || !data) return notFound(res, 'This file does not exist.');
    const shared = sharedCacheable(v, res);
    res.setHeader('Cache-Control', `${shared && !v.view.conditional ? 'public' : 'private'}, max-age=31536000, immutable`);
    res.setHeader('Content-Security-Policy', "default-src 'none'; sandbox");
    res.setHeader('X-Content-Type-Options', 'nosniff');
    if (notModified(req, res, `"${row.blob_hash}"`)) return;
    res.type(row.content_type).send(data);
  }

  async function chromeOf(v: Visit, placement: Placement, links: RenderContext): Promise<Chrome> {
    const c = customizationOf(v, placement.siteSpace.id) as Customization & { internationalization?: { locale?: string } };
    const { all } = placements(v);
    const to = (ref: unknown): { href?: string; external?: boolean } => {
      const r = ref as { kind?: string; space?: string; url?: string } | null | undefined;
      if (!r) return {};
      if (r.kind === 'space') {
        const p = all.find((x) => x.siteSpace.space_id === r.space);
        return p ? { href: `${p.base}/` } : {};
      }
      const t = resolveTarget(r as Parameters<typeof resolveTarget>[0], links);
      return t ? { href: t.href, ...(t.external ? { external: true } : {}) } : {};
    };
    const link = (l: { title?: unknown; to?: unknown } | undefined): LinkItem | undefined =>
      l && typeof l.title === 'string' ? { title: l.title, ...to(l.to) } : undefined;
    const favicon = c.favicon as { icon?: unknown; emoji?: unknown } | undefined;
    const s = (c.styling ?? {}) as Customization['styling'] & { headingFont?: unknown };
    const announcement = c.announcement?.enabled && c.announcement.message ? c.announcement : undefined;
    const icon = themedUrl(favicon?.icon);
    const fonts = await siteFonts(v, s.font, s.headingFont);
    return {
      title: c.title || v.site.title,
      lang: customizationLang(c),
      contentLang: contentLang(v, placement.siteSpace.space_id, c),
      ...(themedUrl(c.header?.logo) ? { logo: themedUrl(c.header?.logo)! } : {}),
      ...(icon ? { favicon: icon } : typeof favicon?.emoji === 'string' && /^[0-9a-f-]{2,40}$/i.test(favicon.emoji) ? { favicon: { emoji: codePoint(favicon.emoji) } } : {}),
      headerLinks: (c.header?.links ?? []).filter((l) => visible(l.condition, v.claims)).map((l) => ({
        title: l.title, ...to(l.to), style: pick(l.style, ['link', 'button-primary', 'button-secondary'] as const, 'link'),
        links: (l.links ?? []).map(link).filter((x): x is LinkItem => !!x),
      })),
      ...(announcement ? {
        announcement: {
          message: announcement.message!, style: pick(announcement.style, ['info', 'warning', 'danger', 'success'] as const, 'info'),
          ...(link(announcement.link) ? { link: link(announcement.link)! } : {}),
        },
      } : {}),
      footer: {
        ...(themedUrl(c.footer?.logo) ? { logo: themedUrl(c.footer?.logo)! } : {}),
        groups: (c.footer?.groups ?? []).map((g) => ({ title: g.title, links: (g.links ?? []).map(link).filter((x): x is LinkItem => !!x) })),
        ...(c.footer?.copyright ? { copyright: c.footer.copyright } : {}),
      },
      styling: {
        theme: pick(s.theme, ['clean', 'muted', 'bold', 'gradient'] as const, 'clean'),
        primary: themedColor(s.primaryColor) ?? { light: '#346ddb', dark: '#5b8def' },
        ...(themedColor(s.tint?.color) ? { tint: themedColor(s.tint?.color)! } : {}),
        hints: Object.fromEntries((['info', 'success', 'warning', 'danger'] as const).flatMap((k) => {
          const col = themedColor(s[`${k}Color`]);
          return col ? [[k, col]] : [];
        })),
        corners: pick(s.corners, ['straight', 'rounded', 'circular'] as const, 'rounded'),
        depth: pick(s.depth, ['subtle', 'flat'] as const, 'subtle'),
        links: pick(s.links, ['default', 'accent'] as const, 'default'),
        ...(fonts.font ? { font: fonts.font } : {}),
        ...(fonts.headingFont ? { headingFont: fonts.headingFont } : {}),
        ...(fonts.faces.length ? { fontFaces: fonts.faces } : {}),
        ...(fontStack(s.monospaceFont, true) ? { monospaceFont: fontStack(s.monospaceFont, true)! } : {}),
        sidebarBackground: pick(s.sidebar?.background, ['default', 'filled'] as const, 'default'),
        sidebarList: pick(s.sidebar?.list, ['default', 'pill', 'line'] as const, 'default'),
        search: pick(s.search, ['prominent', 'subtle'] as const, 'subtle'),
      },
      themes: { default: pick(c.themes?.default, ['light', 'dark', 'system'] as const, 'light'), toggeable: c.themes?.toggeable === true },
      pagination: c.pagination?.enabled !== false,
      feedback: c.feedback?.enabled === true,
      trademark: c.trademark?.enabled !== false,
      markdownAction: pageAction(c, 'markdown'),
      pdfAction: pageAction(c, 'pdf'),
      externalTarget: links.externalTarget,
      ...(c.privacyPolicy?.url ? { privacyPolicy: c.privacyPolicy.url } : {}),
      ...(c.socialPreview?.url ? { socialPreview: c.socialPreview.url } : {}),
    };
  }

  /** Every (site space, its pages) of the site the visitor sees, for llms.txt, the sitemap and search. */
  async function allPages(v: Visit): Promise<{ title: string; flat: Flat[]; rev: RevisionView; spaceId: string; placement: Placement }[]> {
    const out = [];
    for (const p of placements(v).all) {
      const rev = await revisionOf(v, p.siteSpace.space_id);
      if (!rev) continue;
      out.push({ title: v.heads.get(p.siteSpace.space_id)?.title ?? p.siteSpace.path, flat: flatten(rev.tree, p.base), rev, spaceId: p.siteSpace.space_id, placement: p });
    }
    return out;
  }

  /**
   * Links by id (`/pages/<id>` with its anchor, `/files/<id>`: how Bindery and GitBook's API store them) name nothing
   * outside the site: as in GitBook's `.md` twins and llms-full.txt, they become the absolute URLs (`base`: the
   * request's origin) of the page (its HTML page: `hrefs`, the listed pages' URLs by id, else its path) and of the
   * file on the site. One pass.
   */
  function absoluteLinks(markdown: string, v: Visit, siteSpaceId: string, spaceBase: string, rev: RevisionView, hrefs: ReadonlyMap<string, string>): string {
    return markdown.replace(/([("'])\/(pages|files)\/([\w-]{1,100})(?=[#)"'\s?])/g, (all, open: string, kind: string, id: string) => {
      if (kind === 'files') {
        const f = rev.filesById.get(id);
        return f ? `${open}${absolute(v, fileHref(v, siteSpaceId, f))}` : all;
      }
      const e = rev.byId.get(id);
      return e ? `${open}${absolute(v, hrefs.get(id) ?? `${spaceBase}/${e.path}`)}` : all;
    });
  }

  /**
   * GitBook's `~gitbook/mcp` (site/mcp.ts): the site's MCP server, at the site's root or below a section or site
   * space (`r`), when the page actions of that site space's customization include `mcp` (404 otherwise); the tools
   * search and read the whole site. For the visitor `open()` let in — its tools see what the visitor sees (share key, visitor token also as
   * `Authorization: Bearer`, claims, page conditions, `{% if %}` blocks). POST only, one JSON-RPC message of at most
   * MCP_MAX_BODY; never kept by a cache.
   */
  async function mcp(req: Request, res: Response, v: Visit, r: Resolved) {
    res.setHeader('Cache-Control', 'no-store');
    if (!pageAction(customizationOf(v, r.siteSpace.id), 'mcp')) return notFound(res, undefined, v);
    const rpcError = (status: number, code: number, message: string) => res.status(status).json({ jsonrpc: '2.0', id: null, error: { code, message } });
    if (req.method !== 'POST') {
      res.setHeader('Allow', 'POST, OPTIONS');
      return rpcError(405, -32000, 'This MCP server answers POST only (streamable HTTP without a stream or a session)');
    }
    const version = req.get('mcp-protocol-version');
    if (version !== undefined && !MCP_VERSIONS.includes(version as (typeof MCP_VERSIONS)[number])) return rpcError(400, -32600, `Unsupported MCP-Protocol-Version: ${version.slice(0, 40)} (supported: ${MCP_VERSIONS.join(', ')})`);
    const body = await readJsonBody(req, res, MCP_MAX_BODY);
    if (!('value' in body)) return body.status === 400 ? res.status(400).json(mcpParseError) : rpcError(body.status, -32600, body.message);
    const message = body.value;
    const customization = v.view.site;
    const answer = await answerMcp(message, {
      title: customization.title || v.site.title,
      search: async (q) => (await searchHits(v, q)).map((h) => ({ title: h.title, ...(h.section ? { section: h.section } : {}), url: absolute(v, h.href), excerpt: h.excerpt })),
      page: (url) => pageAt(req, v, url),
    });
    if (!answer) return res.status(202).end();
    res.json(answer);
  }

  /**
   * GitBook's `POST ~gitbook/search {query, scope?}` (what its client asks the server, beside the site index): the
   * site's search (searchHits, as `~search`) over the site spaces of `scope` the visitor sees — `{mode: all}` (the
   * default), `{mode: specific, siteSpaceIds}`, `{mode: default, currentSiteSpace?, restrictTo?}` (the default site
   * space of each section the visitor sees, plus the current one; `restrictTo` keeps it alone or the others) — as
   * GitBook's search results grouped by space (`[{type: space, id, title, score, pages: [{id, title, description,
   * path, score, rank, resultType, sections: [{…, body}], ancestors, urls.app}]}]`). A query of one character or
   * less answers []. Never kept by a cache (its answer depends on the visitor).
   */
  async function siteSearch(req: Request, res: Response, v: Visit) {
    res.setHeader('Cache-Control', 'no-store');
    const fail = (status: number, message: string) => res.status(status).json({ error: { code: status, message } });
    if (req.method !== 'POST') {
      res.setHeader('Allow', 'POST, OPTIONS');
      return fail(405, 'POST a JSON body {query, scope}');
    }
    const read = await readJsonBody(req, res, SEARCH_MAX_BODY);
    if (!('value' in read)) return fail(read.status, read.message);
    const body = read.value as { query?: unknown; scope?: { mode?: unknown; siteSpaceIds?: unknown; currentSiteSpace?: unknown; restrictTo?: unknown } };
    if (!body || typeof body !== 'object' || Array.isArray(body)) return fail(400, '/body must be an object');
    if (typeof body.query !== 'string') return fail(400, '/body/query must be a string');
    if (body.query.length > SEARCH_MAX_QUERY) return fail(400, `/body/query must be at most ${SEARCH_MAX_QUERY} characters`);
    const scope = body.scope ?? { mode: 'all' };
    if (!scope || typeof scope !== 'object' || Array.isArray(scope)) return fail(400, '/body/scope must be an object');
    const { all, sections } = placements(v);
    const byId = new Map(all.map((p) => [p.siteSpace.id, p]));
    // A site space the visitor does not see is answered as one that does not exist.
    const pick = (id: unknown, field: string): Placement | string => (typeof id === 'string' && byId.get(id)) || `${field} is not a site space of this site`;
    let among: Placement[];
    if (scope.mode === 'all') among = all;
    else if (scope.mode === 'specific') {
      const ids = scope.siteSpaceIds;
      if (!Array.isArray(ids) || !ids.length || ids.length > SEARCH_MAX_SITE_SPACES) return fail(400, `/body/scope/siteSpaceIds must name 1 to ${SEARCH_MAX_SITE_SPACES} site spaces`);
      among = [];
      for (const [i, id] of ids.entries()) {
        const p = pick(id, `/body/scope/siteSpaceIds/${i}`);
        if (typeof p === 'string') return fail(400, p);
        if (!among.includes(p)) among.push(p);
      }
    } else if (scope.mode === 'default') {
      const current = scope.currentSiteSpace === undefined ? undefined : pick(scope.currentSiteSpace, '/body/scope/currentSiteSpace');
      if (typeof current === 'string') return fail(400, current);
      if (scope.restrictTo !== undefined && scope.restrictTo !== 'currentSiteSpace' && scope.restrictTo !== 'otherSiteSpaces') return fail(400, '/body/scope/restrictTo must be currentSiteSpace or otherSiteSpaces');
      if (scope.restrictTo !== undefined && !current) return fail(400, '/body/scope/restrictTo needs currentSiteSpace');
      // The default site space of each section the visitor sees (of the site's root without sections).
      const defaults = (sections.length ? sections.map((s) => s.id) : [undefined]).map((sectionId) => {
        const mine = all.filter((p) => p.section?.id === sectionId);
        const def = defaultOf(mine.map((p) => p.siteSpace), sectionId ? sections.find((s) => s.id === sectionId)!.default_site_space_id : v.site.default_site_space_id);
        return mine.find((p) => p.siteSpace.id === def?.id);
      }).filter((p): p is Placement => !!p && p !== current);
      among = scope.restrictTo === 'currentSiteSpace' ? [current!] : scope.restrictTo === 'otherSiteSpaces' ? defaults : [...(current ? [current] : []), ...defaults];
    } else return fail(400, '/body/scope/mode must be all, specific or default');
    // As GitBook's: a query of one character or less finds nothing.
    const query = body.query.trim();
    if (query.length > 1) markInsights(res, { type: 'search_type_query', data: { query: query.slice(0, 2000) } });
    const hits = query.length <= 1 ? [] : await searchHits(v, query, among);
    // Grouped by site space, in the order of the hits; ranks and scores from the order (best first).
    const groups = new Map<string, { type: 'space'; id: string; siteSpaceId: string; title: string; score: number; pages: unknown[] }>();
    const ancestorsOf = new Map<string, Map<string, { title: string }[]>>();
    for (const [i, h] of hits.entries()) {
      const ss = h.placement.siteSpace;
      let group = groups.get(ss.id);
      if (!group) groups.set(ss.id, group = { type: 'space', id: ss.space_id, siteSpaceId: ss.id, title: v.heads.get(ss.space_id)?.title ?? ss.path, score: hits.length - i, pages: [] });
      const rev = await revisionOf(v, ss.space_id);
      const e = rev?.byId.get(h.pageId);
      let ancestors = ancestorsOf.get(ss.space_id);
      if (!ancestors && rev) ancestorsOf.set(ss.space_id, ancestors = ancestry(rev.tree));
      const url = absolute(v, h.href);
      group.pages.push({
        id: h.pageId, title: h.title, description: e?.page.meta.description ?? '', path: e?.path ?? '', score: hits.length - i, rank: i + 1,
        resultType: h.section ? 'section' : 'page',
        sections: [{ id: h.anchor ?? '', title: h.section ?? h.title, path: e?.path ?? '', score: hits.length - i, resultType: h.section ? 'section' : 'page', body: h.excerpt, urls: { app: url } }],
        ancestors: ancestors?.get(h.pageId) ?? [],
        urls: { app: url.replace(/#.*$/, '') },
      });
    }
    res.json([...groups.values()]);
  }

  /**
   * GitBook's `~gitbook/visitor`: the visitor's claims for its client's inline expressions, `{visitor: {claims:
   * {…the visitor token's claims, unsigned}}}` — the token (`?jwt_token=`, the site's cookie, GitBook's
   * `gitbook-visitor-token` cookie) decoded, not verified, as GitBook's route does (what a visitor sees of the site is
   * decided by open() and the verified claims; this only tells the visitor what they sent). Never kept by a cache.
   */
  function visitor(req: Request, res: Response, v: Visit) {
    res.setHeader('Cache-Control', 'private, no-store');
    const token = tokenGiven(req, v.site);
    let signed: Record<string, unknown> = {};
    try {
      if (token && token.length <= 8192) signed = Object.fromEntries(Object.entries(decodeJwt(token)).filter(([k]) => !REGISTERED.has(k) && !UNSAFE_KEY.has(k)));
    } catch { /* not a JWT: no claims */ }
    const unsigned = (v.claims as { unsigned?: unknown }).unsigned ?? {};
    res.json({ visitor: { claims: { ...signed, unsigned } } });
  }

  /**
   * The markdown twin of the page at `url` (GitBook's getPage: a full URL, or a host and path taken as https) when it
   * is a page of this site the visitor sees, on this request's host or the site's published address; else undefined.
   */
  async function pageAt(req: Request, v: Visit, url: string): Promise<string | undefined> {
    let u: URL;
    try {
      u = new URL(/^[a-z][a-z\d+.-]*:\/\//i.test(url) ? url : `https://${url}`);
    } catch {
      return undefined;
    }
    if (u.protocol !== 'http:' && u.protocol !== 'https:') return undefined;
    const under = (prefix: string) => (u.pathname === prefix || u.pathname.startsWith(`${prefix}/`) ? u.pathname.slice(prefix.length) || '/' : undefined);
    const published = new URL(publishedBase(ctx.config, v.site));
    // The URLs the site gives (absolute()), and (looked up only, never written) the same path on the request's host.
    const served = new URL(v.links.served);
    let rawPath = u.host.toLowerCase() === served.host.toLowerCase() ? under(`${served.pathname.replace(/\/$/, '')}${v.base}`) : undefined;
    if (rawPath === undefined && u.host.toLowerCase() === (req.get('host') ?? '').toLowerCase()) rawPath = under(v.base);
    if (rawPath === undefined && u.host.toLowerCase() === published.host.toLowerCase()) rawPath = under(published.pathname.replace(/\/$/, ''));
    if (rawPath === undefined) return undefined;
    let found = await lookUpPage(v, rawPath);
    // A page's path in other capitals, a group's path: the page it leads to (a path of this site).
    if (found.redirect?.startsWith(`${v.base}/`)) found = await lookUpPage(v, found.redirect.slice(v.base.length));
    if (!found.r || !found.rev || !found.current) return undefined;
    return await twinOf(v, found.r, found.rev, found.flat, found.current);
  }

  /**
   * GitBook's `~gitbook/site-index` (what its client-side search and 404 suggestions read): every listed page the
   * visitor sees, without hidden pages and pages marked noIndex or noRobotsIndex (or under one), as
   * `{version: 1, pages: [{id, title, pathname, siteSpaceId, description?, breadcrumbs?: [{label}]}]}`; `pathname` is
   * the page's path on the site, `breadcrumbs` the titles of the groups and pages above it. One walk of each space's tree.
   */
  async function siteIndex(req: Request, res: Response, v: Visit) {
    const pages: { id: string; title: string; pathname: string; siteSpaceId: string; description?: string; breadcrumbs?: { label: string }[] }[] = [];
    const spaces = await allPages(v);
    for (const s of spaces) {
      const above = ancestry(s.rev.tree);
      for (const f of s.flat) {
        if (!f.indexable) continue;
        const crumbs = above.get(f.page.meta.id) ?? [];
        pages.push({ id: f.page.meta.id, title: f.page.meta.title, pathname: f.href, siteSpaceId: s.placement.siteSpace.id, ...(f.page.meta.description ? { description: f.page.meta.description } : {}), ...(crumbs.length ? { breadcrumbs: crumbs.map((c) => ({ label: c.title })) } : {}) });
      }
    }
    sendRevalidated(req, res, 'application/json; charset=utf-8', JSON.stringify({ version: 1, pages }), sharedSiteWide(v, res, spaces));
  }

  /** `~gitbook/icon`, `~gitbook/ogimage/<pageId>` and `~gitbook/pdf` below `prefix` (a section's and site space's path, or none). */
  async function gitbookRoute(req: Request, res: Response, v: Visit, prefix: string, what: string, pageId: string | undefined) {
    const segments = prefix.split('/').filter(Boolean).map((x) => { try { return decodeURIComponent(x); } catch { return x; } });
    const r = resolve(v, segments);
    if (!r || r.rest.length) return notFound(res, undefined, v);
    if (what === 'feedback') return await pageFeedback(req, res, v, r);
    if (what !== 'search' && what !== 'mcp' && req.method !== 'GET' && req.method !== 'HEAD') return res.status(405).setHeader('Allow', 'GET, HEAD, OPTIONS').type('text/plain').send('Method not allowed');
    if (what === 'icon') return icon(req, res, v, r);
    if (what === 'pdf') return await sitePdf(req, res, v, r);
    if (what === 'search') return await siteSearch(req, res, v);
    if (what === 'mcp') return await mcp(req, res, v, r);
    let id = pageId ?? '';
    try { id = decodeURIComponent(id); } catch { /* as given */ }
    return await ogImage(req, res, v, r, id);
  }

  /** The icon of a site space's customization: its emoji, or the site's initial on the primary color. */
  const iconOf = (v: Visit, siteSpaceId: string, dark: boolean) => {
    const c = customizationOf(v, siteSpaceId);
    const favicon = c.favicon as { emoji?: unknown } | undefined;
    const emoji = typeof favicon?.emoji === 'string' && /^[0-9a-f-]{2,40}$/i.test(favicon.emoji) ? codePoint(favicon.emoji) : '';
    const primary = themedColor(c.styling?.primaryColor) ?? { light: '#346ddb', dark: '#5b8def' };
    return { ...(emoji ? { emoji } : {}), initial: initialOf(c.title || v.site.title), color: dark ? primary.dark : primary.light };
  };

  /** Whether a generated image is drawn dark: `?theme=dark`, else the reader's theme when it is dark. */
  const darkImage = (req: Request, v: Visit) => (req.query.theme === 'dark' || (req.query.theme !== 'light' && v.theme === 'dark'));

  /**
   * Headers of a generated SVG: an image that loads and runs nothing, cached briefly (it is drawn with presentation
   * attributes only: no style is needed, so none is allowed).
   */
  const sendSvg = (req: Request, res: Response, v: Visit, svg: string) => {
    const shared = sharedCacheable(v, res) && !v.view.conditional;
    res.setHeader('Content-Security-Policy', "default-src 'none'; sandbox");
    res.setHeader('Cache-Control', `${shared ? 'public' : 'private'}, max-age=300`);
    if (notModified(req, res, bytesTag(svg))) return;
    res.type('image/svg+xml').send(svg);
  };

  /**
   * GitBook's `~gitbook/icon` (`?size=small|medium|large`, `?theme=light|dark`): the customization's favicon — a
   * redirect (302) to its image when it is one (an http(s) URL or a path of this site: never fetched), else an SVG of
   * its emoji or of the site's initial on the primary color (the icon the pages show).
   */
  function icon(req: Request, res: Response, v: Visit, r: Resolved) {
    const dark = darkImage(req, v);
    const image = themedUrl((customizationOf(v, r.siteSpace.id).favicon as { icon?: unknown } | undefined)?.icon);
    const url = image && (dark ? image.dark : image.light).trim();
    if (url && (/^https?:\/\/[^\s]+$/i.test(url) || /^\/(?!\/)[^\s\\]*$/.test(url))) {
      res.setHeader('Cache-Control', 'no-cache');
      return res.redirect(302, url);
    }
    const size = req.query.size === 'large' ? 256 : req.query.size === 'medium' ? 64 : 32;
    sendSvg(req, res, v, iconSvg(iconOf(v, r.siteSpace.id, dark), size));
  }

  /**
   * A document page the visitor sees, by id (`~gitbook/ogimage`, `~gitbook/feedback`): looked for in the site space
   * below which the route is asked, then in the site's others.
   */
  async function visiblePage(v: Visit, r: Resolved, pageId: string): Promise<{ placement: Placement; rev: RevisionView; entry: IndexedPage } | undefined> {
    const all = placements(v).all;
    for (const p of [...all.filter((x) => x.siteSpace.id === r.siteSpace.id), ...all.filter((x) => x.siteSpace.id !== r.siteSpace.id)]) {
      const rev = await revisionOf(v, p.siteSpace.space_id);
      const entry = rev?.byId.get(pageId);
      if (rev && entry && entry.page.meta.type === 'document') return { placement: p, rev, entry };
    }
    return undefined;
  }

  /**
   * GitBook's `~gitbook/ogimage/<pageId>`: the social preview of a page the visitor sees, a 1200×630 PNG (og-png.ts,
   * drawn on the worker pool: the site's icon and title, the site space's title when the site has several, the
   * page's title and description, in the customization's primary color and the reader's theme). The page is looked
   * for in the site space below which the route is asked, then in the site's others. The image is a function of what
   * it is drawn from: its entity tag is a digest of that (and of the drawing's version), so a conditional GET is
   * answered before anything is drawn, and every server process on one database tags an image alike; a new page
   * title, description or customization is a new tag. Kept (16 MiB) by that tag; one drawing of a tag at a time, and
   * OG_CONCURRENCY drawings at once (OG_QUEUE more wait; past them a 503 with Retry-After).
   */
  async function ogImage(req: Request, res: Response, v: Visit, r: Resolved, pageId: string) {
    const found = await visiblePage(v, r, pageId);
    if (!found) return notFound(res, 'This page does not exist.', v);
    const { placement: p, entry: e } = found;
    const all = placements(v).all;
    const c = customizationOf(v, p.siteSpace.id);
    const dark = darkImage(req, v);
    const primary = themedColor(c.styling?.primaryColor) ?? { light: '#346ddb', dark: '#5b8def' };
    const input: OgImageInput = {
      siteTitle: (c.title || v.site.title).slice(0, 2000),
      ...(all.length > 1 ? { spaceTitle: (v.heads.get(p.siteSpace.space_id)?.title ?? p.siteSpace.path).slice(0, 2000) } : {}),
      pageTitle: e.page.meta.title.slice(0, 2000),
      ...(e.page.meta.description ? { description: e.page.meta.description.slice(0, 2000) } : {}),
      primary: dark ? primary.dark : primary.light,
      dark,
      icon: iconOf(v, p.siteSpace.id, dark),
    };
    const etag = bytesTag(`${OG_RENDER_VERSION}\n${ogFontsTag()}\n${JSON.stringify(input)}`);
    const shared = sharedCacheable(v, res) && !v.view.conditional;
    res.setHeader('Cache-Control', `${shared ? 'public' : 'private'}, max-age=300`);
    res.setHeader('Content-Security-Policy', "default-src 'none'; sandbox");
    if (notModified(req, res, etag)) return;
    let png = ogImages.get(etag);
    if (!png) {
      let drawing = ogDrawing.get(etag);
      if (!drawing) {
        drawing = ogSlot(() => renderOgImageOffLoop(input)).finally(() => ogDrawing.delete(etag));
        ogDrawing.set(etag, drawing);
      }
      png = await drawing;
      ogImages.set(etag, png);
    }
    return void res.type('image/png').send(png);
  }

  /**
   * `POST ~gitbook/feedback` (the form under a page when the customization has `feedback.enabled`): the visitor's
   * rating of the page (`page`, `rating`: bad, ok, good), or the comment they add to the rating they just gave
   * (`entry`, `comment`: 1-512 characters). A form post (or JSON), at most 4 KiB; answered with a page thanking them
   * (and the comment form after a rating), or JSON when asked. 404 for a page the visitor cannot see or a site space
   * without feedback; 400 naming the field; 429 past 20 posts a minute from one address.
   */
  async function pageFeedback(req: Request, res: Response, v: Visit, r: Resolved) {
    res.setHeader('Cache-Control', 'no-store');
    const json = req.accepts(['html', 'json']) === 'json';
    const fail = (status: number, message: string) => {
      if (json) return res.status(status).json({ error: { code: status, message } });
      messageHeaders(res);
      return res.status(status).type('html').send(renderMessagePage(status === 404 ? 'Page not found' : 'Feedback not sent', message));
    };
    if (req.method !== 'POST') return res.status(405).setHeader('Allow', 'POST, OPTIONS').type('text/plain').send('Method not allowed');
    const limited = feedbackLimiter.hit(`${v.site.id}|${req.ip ?? ''}`);
    if (!limited.allowed) {
      res.setHeader('Retry-After', String(limited.retryAfterSeconds));
      return fail(429, `Too much feedback from this address: at most ${FEEDBACK_PER_MINUTE} a minute`);
    }
    let fields: Record<string, unknown>;
    if (req.is('application/json')) {
      const body = await readJsonBody(req, res, FEEDBACK_MAX_BODY);
      if ('status' in body) return fail(body.status, body.message);
      if (!body.value || typeof body.value !== 'object' || Array.isArray(body.value)) return fail(400, 'The body is a JSON object');
      fields = body.value as Record<string, unknown>;
    } else if (req.is('application/x-www-form-urlencoded')) {
      const raw = await readBody(req, res, FEEDBACK_MAX_BODY);
      if (raw === undefined) return fail(413, `The body is larger than ${FEEDBACK_MAX_BODY / 1024} KiB`);
      fields = Object.fromEntries(new URLSearchParams(raw.toString('utf8')));
    } else {
      return fail(415, 'The body is a form (application/x-www-form-urlencoded) or JSON');
    }
    const pageId = fields.page;
    if (typeof pageId !== 'string' || !pageId || pageId.length > 100) return fail(400, 'page: the id of the page rated is required');
    const entry = fields.entry;
    if (entry !== undefined && (typeof entry !== 'string' || !entry || entry.length > 100)) return fail(400, 'entry: the id of the rating the comment is for');
    const rating = fields.rating;
    if (entry === undefined && !FEEDBACK_RATINGS.includes(rating as FeedbackRating)) return fail(400, `rating: one of ${FEEDBACK_RATINGS.join(', ')}`);
    const comment = typeof fields.comment === 'string' ? fields.comment.trim() : fields.comment;
    if (entry !== undefined && (typeof comment !== 'string' || comment.length === 0 || [...comment].length > FEEDBACK_COMMENT_MAX)) {
      return fail(400, `comment: 1 to ${FEEDBACK_COMMENT_MAX} characters`);
    }
    const found = await visiblePage(v, r, pageId);
    if (!found) return fail(404, 'This page does not exist.');
    const { placement: p, rev, entry: e } = found;
    if (customizationOf(v, p.siteSpace.id).feedback?.enabled !== true) return fail(404, 'This site does not take feedback.');
    const href = `${p.base}/${e.path}`;
    const place: FeedbackPlace = {
      site: v.site, siteSpaceId: p.siteSpace.id, spaceId: p.siteSpace.space_id, pageId,
      url: `${publishedBase(ctx.config, v.site)}${href.slice(v.base.length)}`, referrer: req.get('referer') ?? '',
      visitor: eventVisitor(ctx, v.site.id, req),
    };
    let id: string;
    let withComment = false;
    let given = rating as string;
    if (entry !== undefined) {
      const row = await addFeedbackComment(ctx, place, entry, comment as string);
      if (!row) return fail(409, 'This rating has a comment already, or is not of this page');
      id = row.id;
      withComment = true;
      given = row.rating;
    } else {
      id = (await recordPageFeedback(ctx, place, rating as FeedbackRating)).id;
    }
    markInsights(res, { type: withComment ? 'page_post_feedback_comment' : 'page_post_feedback', location: { siteSection: p.section?.id ?? null, siteSpace: p.siteSpace.id, space: p.siteSpace.space_id, page: pageId }, data: { feedback: withComment ? { rating: given, comment } : { rating: given } } });
    if (json) return res.status(201).json({ id, page: pageId, ...(withComment ? { comment: true } : {}) });
    const links = await linkContext(v, p, rev, '', new Map());
    const chrome = await chromeOf(v, p, links);
    const w = uiText(chrome.lang);
    headers(res, v.site);
    const form = withComment ? '' : `<form class="feedback-comment" method="post" action="${escapeHtml(`${r.spaceBase}/~gitbook/feedback`)}"><input type="hidden" name="page" value="${escapeHtml(pageId)}"><input type="hidden" name="entry" value="${escapeHtml(id)}"><label for="feedback-comment">${escapeHtml(w.feedbackComment)}</label><textarea id="feedback-comment" name="comment" maxlength="${FEEDBACK_COMMENT_MAX}" rows="4" required></textarea><button type="submit">${escapeHtml(w.feedbackSend)}</button></form>`;
    return res.status(201).type('html').send(renderMessagePage(w.feedbackThanks, e.page.meta.title, chrome, `${v.base}/`, `${form}<p><a href="${escapeHtml(href)}">${escapeHtml(w.backToPage)}</a></p>`));
  }

  /**
   * GitBook's `~gitbook/pdf`: a PDF (the API's PDF export, export/pdf.ts, on the worker pool) of the site space below
   * which it is asked — every page the visitor sees, in the sidebar's order — or of `?page=<id>` and the pages under
   * it (`?only=yes`: that page alone); `?limit=` pages at most (100, the default and the most), and at most 4 MiB of
   * markdown (the pages past it are left out). What the visitor sees: pages hidden from their claims left out,
   * `{% if %}` blocks resolved, links to hidden pages as their text. Hidden pages (GitBook's `hidden`) are left out of
   * a whole space's PDF, as GitBook skips them, but a hidden page asked for by id is drawn. Offered unless the
   * customization's `pageActions.items` leaves `pdf` out (404 then). Kept (32 MiB) by visit, pages asked and claims.
   */
  async function sitePdf(req: Request, res: Response, v: Visit, r: Resolved) {
    if (!pageAction(customizationOf(v, r.siteSpace.id), 'pdf')) return notFound(res, 'PDF export is not offered on this site.', v);
    const rev = await revisionOf(v, r.siteSpace.space_id);
    if (!rev) return notFound(res, undefined, v);
    const pageId = typeof req.query.page === 'string' ? req.query.page.slice(0, 200) : undefined;
    const only = pageId !== undefined && typeof req.query.only === 'string' && req.query.only !== 'no' && req.query.only !== 'false' && req.query.only !== '0';
    const asked = typeof req.query.limit === 'string' ? Number.parseInt(req.query.limit, 10) : PDF_MAX_PAGES;
    const limit = Number.isFinite(asked) && asked >= 1 ? Math.min(asked, PDF_MAX_PAGES) : PDF_MAX_PAGES;
    const start = pageId !== undefined ? rev.byId.get(pageId) : undefined;
    if (pageId !== undefined && (!start || start.page.meta.type === 'link')) return notFound(res, 'This page does not exist.', v);
    const key = `${visitKey(v)}|${r.siteSpace.id}|${pageId ?? ''}|${only}|${limit}|${v.claimsKey}`;
    let made = pdfs.get(key);
    if (!made) {
      let building = pdfBuilds.get(key);
      if (!building) {
        building = pdfSlot(() => drawPdf(v, r, rev, start?.page, only, limit));
        pdfBuilds.set(key, building);
        building.then((x) => pdfs.set(key, x), () => undefined).finally(() => pdfBuilds.delete(key));
      }
      made = await building;
    }
    const shared = sharedCacheable(v, res) && !v.view.conditional && !rev.conditional;
    res.setHeader('Cache-Control', `${shared ? 'public' : 'private'}, max-age=0, must-revalidate`);
    res.setHeader('Content-Security-Policy', "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'");
    res.setHeader('Content-Disposition', `inline; filename="${made.filename.replace(/[^\w.-]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(made.filename)}`);
    if (notModified(req, res, made.etag)) return;
    res.type('application/pdf').send(made.pdf);
  }

  async function drawPdf(v: Visit, r: Resolved, rev: RevisionView, start: PageView | undefined, only: boolean, limit: number): Promise<{ pdf: Buffer; filename: string; etag: string }> {
    // The pages, in the sidebar's order, with their depth below the first.
    const chosen: { page: PageView; depth: number }[] = [];
    const walk = (pages: readonly PageView[], depth: number) => {
      for (const p of pages) {
        if (chosen.length >= limit) return;
        if (p.meta.hidden || p.meta.type === 'link') continue;
        if (p.meta.type === 'document') chosen.push({ page: p, depth });
        walk(p.children, depth + 1);
      }
    };
    if (start) {
      if (start.meta.type === 'document') chosen.push({ page: start, depth: 0 });
      if (!only) walk(start.children, start.meta.type === 'document' ? 1 : 0);
    } else walk(rev.tree, 0);
    const full = rev.conditional ? await fullRevisionOf(v, r.siteSpace.space_id) : undefined;
    const pages: PdfPageInput[] = [];
    let bytes = 0;
    for (let i = 0; i < chosen.length && bytes < PDF_MAX_MARKDOWN; i += LLMS_READ) {
      const slice = chosen.slice(i, i + LLMS_READ);
      const markdown = await loadMarkdown(ctx, ctx.db, slice.map((x) => x.page.contentHash));
      for (const { page: p, depth } of slice) {
        const path = p.path ?? p.meta.slug;
        const text = applyConditionals(markdown.get(p.contentHash) ?? '', { visitor: { claims: v.claims } });
        if (bytes > 0 && bytes + text.length > PDF_MAX_MARKDOWN) {
          bytes = PDF_MAX_MARKDOWN;
          break;
        }
        bytes += text.length;
        pages.push({ id: p.meta.id, title: p.meta.title, path, markdown: full ? withoutHiddenLinks(text, path, full, rev) : text, depth });
      }
    }
    const spaceTitle = v.heads.get(r.siteSpace.space_id)?.title || r.siteSpace.path;
    const title = customizationOf(v, r.siteSpace.id).title || v.site.title;
    const pdf = await renderPdfOffLoop({
      pdf: { title, ...(spaceTitle && spaceTitle !== title ? { subtitle: spaceTitle } : {}), pages, createdAt: ctx.clock.now() },
      images: await pdfImages(ctx, rev.files, pages),
    });
    const name = (start ? start.meta.title : spaceTitle || title).normalize('NFKD').replace(/[^\w\s.-]/g, '').trim().replace(/\s+/g, '-').slice(0, 80) || 'documentation';
    return { pdf, filename: `${name}.pdf`, etag: bytesTag(pdf) };
  }

  /**
   * A text answer of the site (feeds, indexes, `.md` twins) as its pages are sent: an ETag (a digest of the bytes),
   * a 304 when `If-None-Match` names it, revalidated on each read — `public` when `shared` (nothing of the visitor
   * shapes it), else `private`.
   */
  function sendRevalidated(req: Request, res: Response, type: string, body: string, shared: boolean) {
    const bytes = Buffer.from(body);
    const etag = bytesTag(bytes);
    res.setHeader('Cache-Control', shared ? 'public, max-age=0, must-revalidate' : 'private, no-cache');
    if (notModified(req, res, etag)) return;
    res.type(type).send(bytes);
  }

  /** Whether an answer made of every page the visitor sees may be kept by shared caches (no claims shape it). */
  const sharedSiteWide = (v: Visit, res: Response, spaces: readonly { rev: RevisionView }[]) =>
    sharedCacheable(v, res) && !v.view.conditional && spaces.every((s) => !s.rev.conditional);

  async function robots(req: Request, res: Response, v: Visit) {
    const indexed = v.site.visibility === 'public';
    // GitBook's: an indexed site says what its content may be used for (Content-Signal) and where its sitemap is.
    sendRevalidated(req, res, 'text/plain', indexed ? `User-agent: *\nContent-Signal: ai-train=yes, search=yes, ai-input=yes\nAllow: ${v.base}/\nSitemap: ${absolute(v, `${v.base}/sitemap.xml`)}\n` : 'User-agent: *\nDisallow: /\n', sharedCacheable(v, res));
  }

  /**
   * GitBook's `sitemap.xml`: an index of the `sitemap-pages.xml` of each site space the visitor sees (empty on a site
   * that is not indexed).
   */
  async function sitemap(req: Request, res: Response, v: Visit) {
    const spaces = v.site.visibility === 'public' ? await allPages(v) : [];
    const maps = spaces.map((s) => `${s.placement.base}/sitemap-pages.xml`);
    sendRevalidated(req, res, 'application/xml', `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${maps.map((u) => `  <sitemap><loc>${escapeHtml(absolute(v, u))}</loc></sitemap>`).join('\n')}\n</sitemapindex>\n`, sharedSiteWide(v, res, spaces));
  }

  /**
   * GitBook's `<site space>/sitemap-pages.xml`: the site space's indexable listed pages, each with its `lastmod` (the
   * shown version's time) and GitBook's `priority` by depth, floor(100 * 2^(-depth/4)) / 100 (1 at the top, 0.84 one
   * level down…). A prefix that is not a section or site space of the site is its 404; an unindexed site's is empty.
   */
  async function sitemapPages(req: Request, res: Response, v: Visit, prefix: string) {
    const segments = prefix.split('/').filter(Boolean).map((x) => { try { return decodeURIComponent(x); } catch { return x; } });
    const r = resolve(v, segments);
    if (!r || r.rest.length) return notFound(res, undefined, v);
    const rev = v.site.visibility === 'public' ? await revisionOf(v, r.siteSpace.space_id) : undefined;
    const entries: string[] = [];
    if (rev) {
      const flat = flatten(rev.tree, r.spaceBase).filter((f) => f.indexable);
      const depth = ancestry(rev.tree);
      const times = await pageTimes(ctx.db, r.siteSpace.space_id, rev.tree);
      for (const f of flat) {
        const t = times.get(f.page.meta.id);
        const at = new Date(t?.updatedAt ?? t?.createdAt ?? NaN);
        const priority = Math.floor(100 * 2 ** (-0.25 * (depth.get(f.page.meta.id)?.length ?? 0))) / 100;
        entries.push(`  <url><loc>${escapeHtml(absolute(v, f.href))}</loc>${Number.isNaN(at.getTime()) ? '' : `<lastmod>${at.toISOString()}</lastmod>`}<priority>${priority}</priority></url>`);
      }
    }
    sendRevalidated(req, res, 'application/xml', `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('\n')}${entries.length ? '\n' : ''}</urlset>\n`, sharedSiteWide(v, res, rev ? [{ rev }] : []));
  }

  /**
   * `llms.txt` (every page with its `.md` twin and description, by site space) and `llms-full.txt` (every page's
   * markdown), as GitBook serves them: the full text in chunks of LLMS_CHUNK pages (`llms-full.txt`, then
   * `llms-full.txt/1`, `/2`, … each ending with a link to the next), so no answer grows with the site.
   */
  async function llms(req: Request, res: Response, v: Visit, full: boolean, chunk = 0) {
    let out = `# ${v.view.site.title || v.site.title}\n`;
    const spaces = await allPages(v);
    if (!full) {
      for (const s of spaces) {
        out += `\n## ${s.title}\n\n`;
        for (const f of s.flat) if (f.indexable) out += `- [${f.page.meta.title}](${absolute(v, f.md)})${f.page.meta.description ? `: ${f.page.meta.description}` : ''}\n`;
      }
      return sendRevalidated(req, res, 'text/plain; charset=utf-8', out, sharedSiteWide(v, res, spaces));
    }
    // Links to pages hidden from the visitor are their text only (hidden-links.ts), as in `.md` twins.
    const all = spaces.flatMap((s) => s.flat.filter((f) => f.indexable).map((f) => ({ space: s.title, s, f })));
    // Each space's listed pages' URLs by id, made once for the part when a page of it is written (its links by id).
    const hrefsOf = new Map<(typeof spaces)[number], Map<string, string>>();
    const hrefs = (s: (typeof spaces)[number]) => {
      let m = hrefsOf.get(s);
      if (!m) hrefsOf.set(s, (m = new Map(s.flat.map((f) => [f.page.meta.id, f.href]))));
      return m;
    };
    const part = all.slice(chunk * LLMS_CHUNK, (chunk + 1) * LLMS_CHUNK);
    if (chunk > 0 && !part.length) return notFound(res, 'This part of llms-full.txt does not exist.', v);
    // Written as it is read, LLMS_READ pages at a time, waiting for the reader to take what was written: a part holds
    // up to 100 pages of up to 2 MiB each, and built whole each request held its markdown, the text and its bytes at
    // once (600 MiB and more) — a few concurrent requests of anonymous readers could exhaust the server's memory.
    res.type('text/plain; charset=utf-8');
    let space: string | undefined;
    try {
      for (let i = 0; i < part.length; i += LLMS_READ) {
        const slice = part.slice(i, i + LLMS_READ);
        const markdown = await loadMarkdown(ctx, ctx.db, slice.map((x) => x.f.page.contentHash));
        for (const { space: title, s, f } of slice) {
          if (title !== space) out += `\n## ${(space = title)}\n\n`;
          const text = applyConditionals(markdown.get(f.page.contentHash) ?? '', { visitor: { claims: v.claims } });
          const full = s.rev.conditional ? await fullRevisionOf(v, s.spaceId) : undefined;
          const shown = full ? withoutHiddenLinks(text, f.page.path ?? f.page.meta.slug, full, s.rev) : text;
          out += `# ${f.page.meta.title}\n\nSource: ${absolute(v, f.href)}\n\n${absoluteLinks(shown, v, s.placement.siteSpace.id, s.placement.base, s.rev, hrefs(s))}\n\n`;
          const flowing = res.write(out);
          out = '';
          if (!flowing) await drained(res);
          else await setImmediate();
          if (res.destroyed) return;
        }
      }
    } catch (err) {
      // The answer has begun: it can only be cut short.
      if (!res.headersSent) throw err;
      ctx.logger.error({ err }, 'llms-full.txt failed while being written');
      return void res.destroy();
    }
    if ((chunk + 1) * LLMS_CHUNK < all.length) out += `[Next Page](${absolute(v, `${v.base}/llms-full.txt/${chunk + 1}`)})\n`;
    res.end(out);
  }

  /**
   * `markdown` with its `{% include %}` lines replaced by the reusable content they name (frontmatter left out), as the
   * page shows it: one level, the first 20 distinct includes of the page (render: the page's `includes`). For search,
   * whose text and sections then hold the included text and headings (before session 17 an included heading was no
   * section and its text found nothing). `memo`: the bodies read so far (one build, one space). Linear in the text;
   * a page naming no include costs one `indexOf`.
   */
  async function includedIn(spaceId: string, markdown: string, memo: Map<string, Promise<string | undefined>>): Promise<string> {
    if (!markdown.includes('include')) return markdown;
    const bodies = new Map<string, string>();
    const seen = new Set<string>();
    for (const m of markdown.matchAll(INCLUDE_LINE)) {
      const ref = m[1] ?? m[2] ?? '';
      if (seen.has(ref) || seen.size >= 20) continue;
      seen.add(ref);
      let body = memo.get(ref);
      if (!body) memo.set(ref, (body = includeMarkdown(ctx, spaceId, ref).then((t) => (t === undefined ? undefined : splitFrontmatter(t).body))));
      const text = await body;
      if (text !== undefined) bodies.set(ref, text);
    }
    return bodies.size ? markdown.replace(INCLUDE_LINE, (line: string, a?: string, b?: string) => {
      const text = bodies.get(a ?? b ?? '');
      return text === undefined ? line : `\n${text}\n`;
    }) : markdown;
  }

  /**
   * The search index of a space's published revision (site/search-index.ts), built once per revision (in slices of
   * the event loop; concurrent searches share the build) and kept while it fits the cache.
   */
  function searchIndexOf(head: SpaceHead, rev: RevisionView): Promise<SearchIndex> {
    const key = headKey(head);
    const hit = searchIndexes.get(key);
    if (hit) return Promise.resolve(hit);
    let building = searchBuilds.get(key);
    if (!building) {
      // Pages marked noIndex or noRobotsIndex (or under one) are not searched, as GitBook's search leaves them out.
      const pages = flatten(rev.tree, '').filter((f) => f.indexable).map((f) => ({ id: f.page.meta.id, title: f.page.meta.title, rel: f.href, contentHash: f.page.contentHash }));
      building = (async () => {
        // A page's reusable content is searched with it (its text and headings, where the page shows it). What a page
        // with includes gives depends on the space's Git Sync snapshot too (where the includes are): its text is kept
        // under its hash and the snapshot's, so a sync that changes an include is searched, and pages without any
        // keep theirs across syncs.
        const snapshot = (await gitSyncRepo.findSync(ctx.db, head.id))?.snapshot_hash ?? '';
        const withIncludes = new Set<string>();
        const memo = new Map<string, Promise<string | undefined>>();
        const texts = {
          get: (hash: string) => pageTexts.get(`${hash}|${snapshot}`) ?? pageTexts.get(hash),
          set: (hash: string, t: PageText) => pageTexts.set(withIncludes.has(hash) ? `${hash}|${snapshot}` : hash, t),
        };
        return buildSearchIndex(pages, async (hashes) => {
          const markdown = await loadMarkdown(ctx, ctx.db, hashes);
          for (const [hash, text] of markdown) {
            const expanded = await includedIn(head.id, text, memo);
            if (expanded !== text) {
              withIncludes.add(hash);
              markdown.set(hash, expanded);
            }
          }
          return markdown;
        }, 8, texts);
      })();
      searchBuilds.set(key, building);
      building.then((index) => searchIndexes.set(key, index), () => undefined).finally(() => searchBuilds.delete(key));
    }
    return building;
  }

  /**
   * Which pages of a space with conditional pages use each of its files, and the files a page every visitor sees
   * uses (no condition on it or its ancestors): read in each page's stored markdown and the reusable content it
   * includes (filesNamedIn: `/files/<id>`, `.gitbook/assets/<name>` — how every file reference the renderer follows
   * is written, in every `{% if %}` branch). Built once per revision, the first time a file of the space is asked
   * for (concurrent requests share the build), and kept while it fits the cache; a request then looks at the pages
   * of the one file it asks for.
   */
  function fileUsageOf(head: SpaceHead, rev: RevisionView): Promise<FileUsage> {
    const key = headKey(head);
    const hit = fileUsages.get(key);
    if (hit) return Promise.resolve(hit);
    let building = fileUsageBuilds.get(key);
    if (!building) {
      building = buildFileUsage(head.id, rev);
      fileUsageBuilds.set(key, building);
      building.then((u) => fileUsages.set(key, u), () => undefined).finally(() => fileUsageBuilds.delete(key));
    }
    return building;
  }

  async function buildFileUsage(spaceId: string, rev: RevisionView): Promise<FileUsage> {
    // Each document page with the conditions on its way from the top (its ancestors' and its own; shared arrays).
    const documents: { contentHash: string; conditions: readonly string[] }[] = [];
    const walk = (pages: readonly PageView[], conditions: readonly string[]) => {
      for (const page of pages) {
        const own = pageCondition(page);
        const chain = own === undefined ? conditions : [...conditions, own];
        if (page.meta.type === 'document') documents.push({ contentHash: page.contentHash, conditions: chain });
        walk(page.children, chain);
      }
    };
    walk(rev.tree, []);
    const everyone = new Set<string>();
    const users = new Map<string, Set<readonly string[]>>();
    let bytes = 200;
    await scanPageFiles(ctx, spaceId, documents, rev, (d, used) => {
      for (const id of used) {
        if (d.conditions.length === 0) {
          everyone.add(id);
          users.delete(id);
        }
        if (everyone.has(id)) continue;
        // Pages under the same conditions share their chain: each is looked at once.
        const chains = users.get(id);
        if (!chains) users.set(id, new Set([d.conditions]));
        else if (!chains.has(d.conditions)) chains.add(d.conditions);
        else continue;
        bytes += 64;
      }
    });
    return { everyone, users, bytes };
  }

  /** The site's search for the visitor (`~search`, `~gitbook/mcp`'s searchDocumentation): at most MAX_RESULTS hits. */
  async function searchHits(v: Visit, q: string, among: readonly Placement[] = placements(v).all): Promise<SiteHit[]> {
    const queryWords = words(q);
    const results: SiteHit[] = [];
    if (queryWords.length) {
      const found: (SearchHit & { href: string; placement: Placement })[] = [];
      for (const p of among) {
        const head = v.heads.get(p.siteSpace.space_id);
        const full = await fullRevisionOf(v, p.siteSpace.space_id);
        const rev = await revisionOf(v, p.siteSpace.space_id);
        if (!head || !full || !rev) continue;
        // The index holds every page of the revision; hits on pages the visitor may not see are left out.
        const index = await searchIndexOf(head, full);
        // What the visitor sees of a page with `{% if %}` blocks (matched again, and excerpted, against that).
        const visitorText = async (page: SearchablePage) => {
          const raw = await includedIn(p.siteSpace.space_id, (await loadMarkdown(ctx, ctx.db, [page.contentHash])).get(page.contentHash) ?? '', new Map());
          return sectionedText(applyConditionals(raw, { visitor: { claims: v.claims } }), () => setImmediate());
        };
        const shown = rev.conditional ? (page: SearchablePage) => rev.byId.has(page.id) : undefined;
        // A hit in a section of the page leads to its heading.
        for (const h of await querySearchIndex(index, queryWords, MAX_RESULTS, visitorText, shown)) found.push({ ...h, placement: p, href: `${h.page.rel === '/' ? `${p.base}/` : `${p.base}${h.page.rel}`}${h.section ? `#${encodeURIComponent(h.section.anchor)}` : ''}` });
      }
      // Pages whose title holds every word first, then the others, each in the site's order.
      for (const h of [...found.filter((x) => x.inTitle), ...found.filter((x) => !x.inTitle)].slice(0, MAX_RESULTS)) {
        results.push({ title: h.page.title, ...(h.section ? { section: h.section.title, anchor: h.section.anchor } : {}), href: h.href, excerpt: h.excerpt, cutBefore: h.cutBefore, cutAfter: h.cutAfter, pageId: h.page.id, placement: h.placement });
      }
    }
    return results;
  }

  async function search(req: Request, res: Response, v: Visit) {
    const q = (typeof req.query.q === 'string' ? req.query.q : '').trim().slice(0, 200);
    const queryWords = words(q);
    const results = await searchHits(v, q);
    if (req.accepts(['html', 'json']) === 'json') return res.json({ query: q, results: results.map(({ title, section, href, excerpt }) => ({ title, ...(section !== undefined ? { section } : {}), href, excerpt })) });
    const first = placements(v).all[0];
    const rev = first && (await revisionOf(v, first.siteSpace.space_id));
    const links = first && rev ? await linkContext(v, first, rev, '', new Map()) : undefined;
    const chrome = first && links ? await chromeOf(v, first, links) : undefined;
    const body = `<p role="status">${escapeHtml(uiText(chrome?.lang).results(results.length))} <strong>${escapeHtml(q)}</strong></p><ul class="results">${results.map((r) => `<li><a href="${escapeHtml(r.href)}">${escapeHtml(r.title)}</a>${r.section ? `<span class="result-section"> › ${escapeHtml(r.section)}</span>` : ''}<div class="excerpt">${markedExcerpt(r.excerpt, queryWords, escapeHtml, r.cutBefore, r.cutAfter)}</div></li>`).join('')}</ul>`;
    if (!chrome || !first || !rev || !links) return notFound(res, 'This site has no content yet.', v);
    // The site around the results, as around its pages: the sections (none current), the pages of the default site
    // space and the theme switch (keeping the query). Before session 20 the page had none of them: an empty sidebar
    // and no way on but the browser's back button or the site's title.
    const home = resolve(v, []);
    const sectionDefault = home && defaultOf(home.sections, v.site.default_section_id);
    const tabs = home ? sectionTabs(v, { ...home, section: undefined }, (s) => (s.id === sectionDefault?.id ? `${v.base}/` : `${v.base}/${s.path}/`)) : [];
    const firstPage = flatten(rev.tree, first.base)[0];
    res.type('html').send(renderShell({
      chrome, siteHref: `${v.base}/`, title: uiText(chrome.lang).search, sections: tabs, variants: [],
      nav: navOf(rev.tree, first.base, undefined, firstPage?.page.meta.id, links), body, headings: [],
      noindex: true, searchHref: `${v.base}/~search`, searchQuery: q, theme: v.theme, selfHref: `${v.base}/~search${q ? `?q=${encodeURIComponent(q)}` : ''}`,
    }));
  }

  async function file(req: Request, res: Response, v: Visit, siteSpaceId: string, fileId: string) {
    const placement = placements(v).all.find((p) => p.siteSpace.id === siteSpaceId);
    // The whole revision (no walk of its pages for this visitor): files are the same for everyone.
    const rev = placement && (await fullRevisionOf(v, placement.siteSpace.space_id));
    const f = rev?.filesById.get(fileId);
    if (!rev || !f) return notFound(res, 'This file does not exist.');
    // A space with conditional pages: a file only pages hidden from this visitor use is not served to them (as the
    // pages are not): the conditions of the pages using it are evaluated, nothing else. Files a page every visitor
    // sees uses, and files no page uses, are served as before.
    let audience = false;
    if (rev.conditional) {
      const usage = await fileUsageOf(v.heads.get(placement!.siteSpace.space_id)!, rev);
      const users = usage.everyone.has(f.id) ? undefined : usage.users.get(f.id);
      if (users) {
        const context = { visitor: { claims: v.claims } };
        let shown = false;
        for (const conditions of users) if ((shown = conditions.every((c) => evaluateCondition(c, context)))) break;
        if (!shown) return notFound(res, 'This file does not exist.');
        audience = true;
      }
    }
    const etag = `"${f.blob}"`;
    const shared = sharedCacheable(v, res);
    const scope = shared && !v.view.conditional && !audience ? 'public' : 'private';
    res.setHeader('Cache-Control', req.query.v === f.blob.slice(0, 12) ? `${scope}, max-age=31536000, immutable` : `${scope}, max-age=0, must-revalidate`);
    // Files never run anything: a sandbox with no script; SVG shown as an image, active types only downloaded.
    res.setHeader('Content-Security-Policy', "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox");
    res.setHeader('X-Content-Type-Options', 'nosniff');
    if (notModified(req, res, etag)) return;
    const data = await blobStore(ctx).get(f.blob);
    if (!data) return notFound(res, 'This file is missing from the storage.');
    const svg = f.contentType === 'image/svg+xml';
    const type = svg ? 'image/svg+xml' : FILE_ACTIVE.test(f.contentType) ? 'application/octet-stream' : f.contentType || 'application/octet-stream';
    const inline = svg || FILE_INLINE.test(type);
    res.setHeader('Content-Disposition', `${inline ? 'inline' : 'attachment'}; filename*=UTF-8''${encodeURIComponent(f.name)}`);
    res.type(type).send(data);
  }

  /** The visible sections as tabs, with section groups (GitBook's drop-downs) holding theirs, and the live external links, in the site's order. */
  function sectionTabs(v: Visit, r: Resolved, href: (s: SectionRow) => string): SectionTab[] {
    const { groups, externalLinks } = v.view.structure;
    const level = (groupId: string | null, depth: number): SectionTab[] => {
      if (depth > 8) return [];
      const items: { sort: string; tab: () => SectionTab | undefined }[] = [
        ...r.sections.filter((s) => s.group_id === groupId).map((s) => ({ sort: s.sort_key, tab: () => ({ title: s.title, href: href(s), current: s.id === r.section?.id }) })),
        // Live external links whose condition holds for the visitor, among the sections and groups of their level.
        ...(externalLinks ?? []).filter((l) => l.group_id === groupId && l.draft === 0 && visible(l.condition, v.claims))
          .map((l) => ({ sort: l.sort_key, tab: () => ({ title: l.title, href: l.url, current: false, external: true }) })),
        ...groups.filter((g) => g.parent_id === groupId).map((g) => ({
          sort: g.sort_key,
          tab: () => {
            const children = level(g.id, depth + 1);
            const holds = (t: SectionTab): boolean => ('group' in t ? t.children.some(holds) : t.current);
            return children.length ? { group: g.title, current: children.some(holds), children } : undefined;
          },
        })),
      ];
      return items.sort((a, b) => (a.sort < b.sort ? -1 : a.sort > b.sort ? 1 : 0)).map((i) => i.tab()).filter((t): t is SectionTab => !!t);
    };
    const tabs = level(null, 0);
    // Sections whose group is gone or hidden still show, at the end.
    const shown = new Set<string>();
    const walk = (ts: SectionTab[]) => ts.forEach((t) => ('group' in t ? walk(t.children) : shown.add(t.href)));
    walk(tabs);
    for (const s of r.sections) if (!shown.has(href(s))) tabs.push({ title: s.title, href: href(s), current: s.id === r.section?.id });
    return tabs;
  }

  /**
   * A path no page answers: the site's live redirect for it, if any (GitBook's order: pages first, then site
   * redirects; the path relative to the site, then relative to its site space, as GitBook's renderer tries them).
   * Permanent redirects are 308 on public sites, 307 elsewhere (and for the others), as GitBook serves them.
   */
  async function followRedirect(res: Response, v: Visit, rawPath: string, r?: Resolved): Promise<boolean> {
    const redirects = await liveRedirects(ctx, v.site);
    const inSpace = r && r.spaceBase !== v.base ? rawPath.slice(r.spaceBase.length - v.base.length) || '/' : undefined;
    const m = matchRedirect(redirects, rawPath) ?? (inSpace !== undefined ? matchRedirect(redirects, inSpace) : undefined);
    const target = m && await redirectTarget(ctx, v.site, v.view.structure, v.heads, m, v.base);
    if (!m || !target) return false;
    res.setHeader('Cache-Control', 'no-cache');
    res.redirect(m.redirect.permanent === 1 && v.site.visibility === 'public' ? 308 : 307, target);
    return true;
  }

  async function redirectOrNotFound(res: Response, v: Visit, rawPath: string, message?: string, r?: Resolved): Promise<void> {
    if (!(await followRedirect(res, v, rawPath, r))) notFound(res, message, v);
  }

  /** Renders a page (or answers: a twin, a 404, a redirect, and then undefined). */
  /** What a path of the site names for the visitor: its site space, revision and pages, and the page (or where to go). */
  interface Lookup {
    r?: Resolved;
    rev?: RevisionView;
    /** The site space's pages the visitor sees, in the sidebar's order (a hidden page asked for at the end). */
    flat: Flat[];
    path: string;
    segments: string[];
    /** The path named a `.md` twin. */
    named: boolean;
    current?: Flat;
    /** The page's path in other capitals, or a group's: the page to go to (302). */
    redirect?: string;
  }

  async function lookUpPage(v: Visit, rawPath: string): Promise<Lookup> {
    const segments = rawPath.split('/').filter(Boolean).map((s) => { try { return decodeURIComponent(s); } catch { return s; } });
    const named = segments.length > 0 && segments[segments.length - 1]!.endsWith('.md');
    if (named) segments[segments.length - 1] = segments[segments.length - 1]!.slice(0, -3);
    const r = resolve(v, segments);
    if (!r) return { segments, named, flat: [], path: '' };
    const rev = await revisionOf(v, r.siteSpace.space_id);
    if (!rev) return { r, segments, named, flat: [], path: '' };
    const flat = flatten(rev.tree, r.spaceBase);
    const path = r.rest.join('/');
    const found = { r, rev, flat, path, segments, named };
    let at = path === '' ? 0 : flat.findIndex((f) => (f.page.path ?? f.page.meta.slug) === path);
    if (at < 0 && path !== '') {
      // A group's path shows its first page; a hidden page is served at its path (without being listed).
      const e = rev.byPath.get(path) ?? rev.byId.get(rev.byPath.get(path.toLowerCase())?.page.meta.id ?? '');
      if (e && path !== e.path) return { ...found, redirect: `${r.spaceBase}/${e.path}${named ? '.md' : ''}` };
      if (!e) {
        // A group's path (no document has it): its first page the visitor sees (`flat` is in the sidebar's order and
        // holds only those), as GitBook resolves a group to its first page. Exact, then in other capitals.
        const first = flat.find((f) => (f.page.path ?? f.page.meta.slug).startsWith(`${path}/`))
          ?? flat.find((f) => (f.page.path ?? f.page.meta.slug).toLowerCase().startsWith(`${path.toLowerCase()}/`));
        if (first) return { ...found, redirect: named ? first.md : first.href };
      }
      if (e) {
        flat.push({ page: e.page, href: `${r.spaceBase}/${e.path}`, md: `${r.spaceBase}/${e.path}.md`, indexable: indexableIn(rev.tree, e.page.meta.id) ?? false });
        at = flat.length - 1;
      }
    }
    return { ...found, ...(flat[at] ? { current: flat[at] } : {}) };
  }

  /**
   * A page's markdown twin as the visitor sees it: `{% if %}` blocks resolved, links to pages hidden from the visitor
   * their text only (hidden-links.ts), links by id the absolute URLs of the page and the file on the site
   * (absoluteLinks, at the visit's address: absolute()).
   */
  async function twinOf(v: Visit, r: Resolved, rev: RevisionView, flat: readonly Flat[], current: Flat): Promise<string> {
    const source = (await loadMarkdown(ctx, ctx.db, [current.page.contentHash])).get(current.page.contentHash) ?? '';
    const markdown = applyConditionals(source, { visitor: { claims: v.claims } });
    const full = rev.conditional ? await fullRevisionOf(v, r.siteSpace.space_id) : undefined;
    const shown = full ? withoutHiddenLinks(markdown, current.page.path ?? current.page.meta.slug, full, rev) : markdown;
    // GitBook's directive line first: where an agent finds the index of every page (session 20).
    return `> For the complete documentation index, see [llms.txt](${absolute(v, `${v.base}/llms.txt`)}).\n\n# ${current.page.meta.title}\n\n${absoluteLinks(shown, v, r.siteSpace.id, r.spaceBase, rev, new Map(flat.map((f) => [f.page.meta.id, f.href])))}`;
  }

  /** A page's feed (`<page>/rss.xml`): the page's path with it. */
  const rssHrefOf = (pageHref: string) => `${pageHref.replace(/\/$/, '')}/rss.xml`;

  /**
   * GitBook's `<page>/rss.xml`: an RSS 2.0 feed of the update entries of a page's updates blocks (site/updates.ts; at
   * most FEED_MAX_ITEMS, in the page's order), each drawn as the page draws it, as the visitor sees the page (its
   * condition, `{% if %}` blocks, links to hidden pages as their text); 404 for a page without updates.
   */
  async function rss(req: Request, res: Response, v: Visit, rawPath: string) {
    const { r, rev, flat, current, redirect } = await lookUpPage(v, rawPath);
    if (redirect && !redirect.endsWith('.md')) return res.redirect(302, rssHrefOf(redirect));
    if (!r || !rev || !current) return notFound(res, undefined, v);
    const source = (await loadMarkdown(ctx, ctx.db, [current.page.contentHash])).get(current.page.contentHash) ?? '';
    const markdown = applyConditionals(source, { visitor: { claims: v.claims } });
    const entries = updatesOf(markdown);
    if (!entries.length) return notFound(res, 'This page has no updates.', v);
    const placement: Placement = { siteSpace: r.siteSpace, ...(r.section ? { section: r.section } : {}), base: r.spaceBase };
    const links = await linkContext(v, placement, rev, current.page.path ?? current.page.meta.slug, new Map(flat.map((f) => [f.page.meta.id, f.href])));
    const page = absolute(v, current.href);
    // Links and images of the site (paths, and the page's own anchors) made absolute: a feed reader resolves them
    // against nothing else.
    const absoluteIn = (html: string) => html.replace(/(\s(?:href|src)=")(\/(?!\/)[^"]*)/g, (_, attr: string, path: string) => `${attr}${absolute(v, path)}`).replace(/(\shref=")#/g, `$1${page}#`);
    const items = [];
    for (const e of entries) {
      const drawn = await renderDocumentInSlices(await pageDocument(e.markdown), links);
      items.push({ title: (e.heading !== undefined ? markdownText(e.heading).trim() : '') || e.date, date: e.date, link: page, html: absoluteIn(drawn.html) });
    }
    const feed = rssFeed({
      title: current.page.meta.title, link: page, self: absolute(v, rssHrefOf(current.href)),
      description: current.page.meta.description || current.page.meta.title, language: contentLang(v, r.siteSpace.space_id, customizationOf(v, r.siteSpace.id)),
    }, items);
    // Shared caches keep it when the site allows and nothing in it depends on the visitor.
    const shared = sharedCacheable(v, res) && !v.view.conditional && !rev.conditional && markdown === source;
    res.setHeader('Cache-Control', `${shared ? 'public' : 'private'}, max-age=300`);
    if (notModified(req, res, bytesTag(feed))) return;
    res.type('application/rss+xml; charset=utf-8').send(feed);
  }

  /**
   * GitBook's `hreflang` alternates of a page: when its space has a `language`, the same page (by path: translations
   * keep the tree and the slugs, docs/translations.md) in the other site spaces of its section (its variants) the
   * visitor sees whose spaces have another language, itself included, at their published addresses. `conditional`:
   * one of them depends on the visitor's claims (its pages have conditions).
   */
  async function languageAlternates(v: Visit, r: Resolved, current: Flat): Promise<{ links: { lang: string; href: string }[]; conditional: boolean }> {
    const own = v.heads.get(r.siteSpace.space_id)?.language;
    const none = { links: [], conditional: false };
    if (!own || r.siteSpaces.length < 2) return none;
    const path = current.page.path ?? current.page.meta.slug;
    const spaceDefault = defaultOf(r.siteSpaces, r.section ? r.section.default_site_space_id : v.site.default_site_space_id);
    const published = publishedBase(ctx.config, v.site);
    const links: { lang: string; href: string }[] = [];
    const langs = new Set<string>();
    let conditional = false;
    // The same page in a variant, at the site's published address, or undefined when it has none there.
    const hrefIn = async (ss: (typeof r.siteSpaces)[number]): Promise<string | undefined> => {
      if (ss.id === r.siteSpace.id) return `${published}${current.href.slice(v.base.length) || '/'}`;
      const rev = await revisionOf(v, ss.space_id);
      const e = rev?.byPath.get(path);
      if (!rev || !e || e.page.meta.type !== 'document') return undefined;
      conditional ||= rev.conditional;
      const base = ss.id === spaceDefault?.id ? r.sectionBase : `${r.sectionBase}/${ss.path}`;
      // The first page of a site space is at its root.
      const first = flatten(rev.tree, base)[0];
      const href = first?.page.meta.id === e.page.meta.id ? `${base}/` : `${base}/${e.path}`;
      return `${published}${href.slice(v.base.length) || '/'}`;
    };
    let fallback: string | undefined;
    for (const ss of r.siteSpaces) {
      const lang = v.heads.get(ss.space_id)?.language;
      if (!lang || langs.has(lang)) continue;
      const href = await hrefIn(ss);
      if (href === undefined) continue;
      langs.add(lang);
      links.push({ lang, href });
      if (ss.id === spaceDefault?.id) fallback = href;
    }
    if (links.length < 2) return none;
    // `x-default`: the page in the section's default variant (the one a visitor without a language lands on), when
    // the visitor sees it and it holds the page — with or without a language of its own.
    if (fallback === undefined && spaceDefault && r.siteSpaces.some((ss) => ss.id === spaceDefault.id)) fallback = await hrefIn(spaceDefault);
    if (fallback !== undefined) links.push({ lang: 'x-default', href: fallback });
    return { links, conditional };
  }

  async function page(res: Response, v: Visit, rawPath: string, asMarkdown = false, query = ''): Promise<{ status: number; html: string; perAudience: boolean; viewed?: ViewedPage } | undefined> {
    const { r, rev, flat, path, segments, named, current, redirect } = await lookUpPage(v, rawPath);
    const twin = named || asMarkdown;
    if (!r) return void (await redirectOrNotFound(res, v, rawPath, 'This site has no content yet.'));
    if (!rev) return void (await redirectOrNotFound(res, v, rawPath, undefined, r));
    if (redirect) return void res.redirect(302, redirect);
    // As GitBook: a page's URL with a trailing or doubled slash redirects (302, the query kept) to the page's own URL
    // (its canonical link) — a path of this site built from the page, never from the request.
    if (current && !twin && /\/\/|.\/$/.test(rawPath) && !current.href.endsWith('/') && current.href.startsWith('/') && !current.href.startsWith('//')) return void res.redirect(302, `${current.href}${query}`);
    const placement: Placement = { siteSpace: r.siteSpace, ...(r.section ? { section: r.section } : {}), base: r.spaceBase };
    markInsights(res, { type: twin ? 'page_markdown_request' : 'page_view', location: { siteSection: r.section?.id ?? null, siteSpace: r.siteSpace.id, space: r.siteSpace.space_id, page: current ? current.page.meta.id : null } });
    /** What surrounds a page of this site space: the sections, the variants, its pages (`currentId` marked). */
    const sectionDefault = defaultOf(r.sections, v.site.default_section_id);
    const spaceDefault = defaultOf(r.siteSpaces, r.section ? r.section.default_site_space_id : v.site.default_site_space_id);
    const sectionHref = (s: SectionRow) => (s.id === sectionDefault?.id ? `${v.base}/` : `${v.base}/${s.path}/`);
    const frame = async (currentId: string | null, links: RenderContext) => ({
      chrome: await chromeOf(v, placement, links),
      siteHref: `${v.base}/`,
      sections: sectionTabs(v, r, sectionHref),
      // Hidden site spaces (GitBook's `hidden`) are left out, unless it is the one being read.
      variants: r.siteSpaces.filter((ss) => ss.hidden !== 1 || ss.id === r.siteSpace.id).map((ss) => ({ title: v.heads.get(ss.space_id)?.title ?? ss.path, href: ss.id === spaceDefault?.id ? `${r.sectionBase}/` : `${r.sectionBase}/${ss.path}/`, current: ss.id === r.siteSpace.id })),
      nav: navOf(rev.tree, r.spaceBase, currentId ?? undefined, flat[0]?.page.meta.id, links),
      searchHref: `${v.base}/~search`,
      theme: v.theme,
    } as const);
    if (!current) {
      if (await followRedirect(res, v, rawPath, r)) return;
      // Then GitBook's automatic redirects (a page moved or renamed away from the path), then the space's own
      // (`.gitbook.yaml` of its Git Sync), which GitBook's renderer tries last.
      const isPage = (e: IndexedPage | undefined): e is IndexedPage => e !== undefined && e.page.meta.type === 'document';
      let moved = path === '' ? undefined : rev.byId.get((await contentIndexRepo.movedFrom(ctx.db, r.siteSpace.space_id, path)) ?? '');
      if (path !== '' && !isPage(moved)) moved = rev.byId.get((await spaceRedirect(ctx, r.siteSpace.space_id, path)) ?? '');
      if (isPage(moved)) {
        res.setHeader('Cache-Control', 'no-cache');
        return void res.redirect(307, `${r.spaceBase}/${moved.path}${named ? '.md' : ''}`);
      }
      if (twin) {
        // GitBook's answer to an agent asking for a page that does not exist: 200 (agents drop the bodies of 404s)
        // with a "Page Not Found" markdown naming at most 5 pages of the space whose words the path holds (from the
        // search index when it is built; none otherwise, so a flood of such requests builds nothing).
        const guess = words(segments.slice(-1)[0]?.slice(0, 200) ?? '');
        const head = v.heads.get(r.siteSpace.space_id);
        const index = head ? searchIndexes.get(headKey(head)) : undefined;
        // Pages holding any of the path's words (at most 3 words looked up, 5 pages each), in the order found.
        const similar = new Map<string, SearchHit>();
        for (const w of index ? guess.slice(0, 3) : []) for (const h of await querySearchIndex(index!, [w], 5, async () => ({ text: '', sections: [] }), (page) => rev.byId.has(page.id))) if (similar.size < 5) similar.set(h.page.id, h);
        const list = [...similar.values()].map((h) => `- [${h.page.title}](${absolute(v, h.page.rel === '/' ? `${r.spaceBase}/` : `${r.spaceBase}${h.page.rel}`)}.md)`);
        const home = absolute(v, `${r.spaceBase}/`);
        return void res.type('text/markdown; charset=utf-8').send(`# Page Not Found\n\nThis page does not exist. The documentation starts at ${home}; its index of pages is ${absolute(v, `${v.base}/llms.txt`)}.\n${list.length ? `\nSimilar pages:\n\n${list.join('\n')}\n` : ''}`);
      }
      // GitBook's 404 page: the site around it (sections, variants, the space's pages, search), the home page's
      // link and a search for the words of the path.
      // The page around the message is the same for every missing path of the site space: drawn once per site
      // version, heads, theme and (on sites with conditions) audience, so a flood of unknown URLs costs a lookup each.
      const frameKey = `${visitKey(v)}|${r.siteSpace.id}|${v.theme}|${v.view.conditional || rev.conditional ? v.claimsKey : ''}`;
      let around = notFoundFrames.get(frameKey);
      if (!around) {
        const links = await linkContext(v, placement, rev, '', new Map());
        const f = await frame(null, links);
        const parts = renderShell({ ...f, title: uiText(f.chrome.lang).pageNotFound, body: BODY_MARK, headings: [], noindex: true }).split(BODY_MARK);
        if (parts.length !== 2) throw new Error('The 404 frame holds its mark once');
        around = [parts[0]!, parts[1]!];
        notFoundFrames.set(frameKey, around);
      }
      const guess = segments.slice(-1)[0]?.slice(0, 200).replace(/[^\p{L}\p{N}]+/gu, ' ').trim().slice(0, 100) ?? '';
      const w = uiText(customizationLang(customizationOf(v, r.siteSpace.id)));
      const body = `<p>${escapeHtml(w.pageDoesNotExist)}</p><p><a href="${escapeHtml(`${r.spaceBase}/`)}">${escapeHtml(w.goHome)}</a>${guess ? ` ${escapeHtml(w.or)} <a href="${escapeHtml(`${v.base}/~search?q=${encodeURIComponent(guess)}`)}">${escapeHtml(w.searchFor)} “${escapeHtml(guess)}”</a>` : ''}.</p>`;
      res.status(404).type('html').send(around[0] + body + around[1]);
      return;
    }
    if (twin) return void sendRevalidated(res.req, res, 'text/markdown; charset=utf-8', await twinOf(v, r, rev, flat, current), false);
    const source = (await loadMarkdown(ctx, ctx.db, [current.page.contentHash])).get(current.page.contentHash) ?? '';
    const markdown = applyConditionals(source, { visitor: { claims: v.claims } });
    // Each listed page's URL on the site, by page id: what links by id become on the HTML page.
    const flatHref = new Map(flat.map((f) => [f.page.meta.id, f.href]));

    const links = await linkContext(v, placement, rev, current.page.path ?? current.page.meta.slug, flatHref);
    // Reusable content (`{% include ".gitbook/includes/…" %}`): the space's repository keeps it (Git Sync).
    const includes = new Map<string, AnyBlock[]>();
    for (const m of markdown.matchAll(INCLUDE_LINE)) {
      const ref = m[1] ?? m[2] ?? '';
      if (includes.has(ref) || includes.size >= 20) continue;
      const text = await includeMarkdown(ctx, r.siteSpace.space_id, ref);
      if (text !== undefined) includes.set(ref, (await pageDocument(applyConditionals(splitFrontmatter(text).body, { visitor: { claims: v.claims } }))).nodes as AnyBlock[]);
    }
    // By path (`{% include "…" %}` lines) or by id (`reusable-content` blocks: `/reusable-content/<id>`, the stored form).
    links.include = ({ path, id }) => includes.get(path ?? (id ? `/reusable-content/${id}` : ''));
    const doc = await pageDocument(markdown);
    const rendered = await renderDocumentInSlices(doc, links);
    const languages = await languageAlternates(v, r, current);
    const shownAt = flat.findIndex((f) => f === current && !f.page.meta.hidden);
    const html = renderShell({
      ...(await frame(current.page.meta.id, links)),
      title: current.page.meta.title,
      ...(current.page.meta.description ? { description: current.page.meta.description } : {}),
      breadcrumbs: breadcrumbsOf(rev.tree, current.page.meta.id, flatHref),
      body: rendered.html,
      headings: rendered.headings,
      ...(shownAt > 0 && flat[shownAt - 1] ? { previous: { title: navTitle(flat[shownAt - 1]!.page), href: flat[shownAt - 1]!.href } } : {}),
      ...(shownAt >= 0 && flat[shownAt + 1] && !flat[shownAt + 1]!.page.meta.hidden ? { next: { title: navTitle(flat[shownAt + 1]!.page), href: flat[shownAt + 1]!.href } } : {}),
      noindex: v.site.visibility !== 'public' || !current.indexable,
      // Always (GitBook's): the page's URL at the site's published address (its custom hostname when it has one), so
      // the same page reached by another form of its URL (a trailing slash, another case) names one address.
      canonical: `${publishedBase(ctx.config, v.site)}${current.href.slice(v.base.length) || '/'}`,
      markdownHref: current.md,
      ...(languages.links.length ? { alternates: languages.links } : {}),
      // GitBook's `alternates.types` of a page with updates blocks: its feed.
      ...(mayHoldUpdates(markdown) && updatesOf(markdown, 1).length ? { rssHref: rssHrefOf(current.href) } : {}),
      pdfHref: `${r.spaceBase}/~gitbook/pdf?page=${encodeURIComponent(current.page.meta.id)}`,
      // GitBook's generated social image of the page (the customization's socialPreview wins when it has one).
      ogImage: `${publishedBase(ctx.config, v.site)}${r.spaceBase.slice(v.base.length)}/~gitbook/ogimage/${encodeURIComponent(current.page.meta.id)}`,
      selfHref: current.href,
      feedback: { action: `${r.spaceBase}/~gitbook/feedback`, pageId: current.page.meta.id },
    });
    // A space with conditional pages: its sidebar and previous/next depend on the claims too.
    return {
      status: 200, html, perAudience: markdown !== source || rev.conditional || languages.conditional,
      viewed: { siteSpaceId: r.siteSpace.id, spaceId: r.siteSpace.space_id, pageId: current.page.meta.id },
    };
  }

  /** Serves one request to a site (its base, and the path below it). */
  async function serve(req: Request, res: Response, next: NextFunction, site: SiteWithHeads | undefined, base: string, rest: string) {
    try {
      // CORS (the site's own origin; on its custom hostname, its registrable domain's too) and OPTIONS: 204 with the
      // path's methods, for any path (as a 405 was: nothing tells whether the site or the page exists).
      if (cors(req, res, base === '' ? site?.site.hostname : null, POST_PATH_WITH_KEY.test(rest) ? ['POST'] : ['GET', 'HEAD'])) return;
      // (One more segment before the key's path is rewritten: GitBook's share key as the first segment.)
      const methodNotAllowed = (path: string, form: RegExp) => req.method !== 'GET' && req.method !== 'HEAD' && !form.test(path);
      if (methodNotAllowed(rest, POST_PATH_WITH_KEY)) return res.status(405).setHeader('Allow', 'GET, HEAD, OPTIONS').type('text/plain').send('Method not allowed');
      // GitBook's `~gitbook/auth/logout`: the visitor token kept for the site is forgotten (ours, and GitBook's plain
      // cookie on the site's path), then the site's root — which sends a visitor-auth site's reader to sign in again.
      if (site && rest === '/~gitbook/auth/logout') {
        for (const name of [`${VISITOR_COOKIE}_${site.site.id}`, 'gitbook-visitor-token']) res.clearCookie(name, { path: cookiePath(base) });
        res.setHeader('Cache-Control', 'no-store');
        return res.redirect(302, `${base}/`);
      }
      const v = await open(req, res, site, base, rest);
      if (!v) return;
      // A request with the share key in its path answered in place (not GET): the path below the key.
      if (typeof res.locals.sharePathRest === 'string') rest = res.locals.sharePathRest;
      if (methodNotAllowed(rest, POST_PATH)) return res.status(405).setHeader('Allow', 'GET, HEAD, OPTIONS').type('text/plain').send('Method not allowed');
      headers(res, v.site);
      observeInsights(ctx, req, res, v.site, v.links.served, rest, v.claims);
      // GitBook strips a trailing slash (302): its feeds and indexes answer with one too (they were the site's 404).
      if (/^\/(?:robots\.txt|sitemap\.xml|llms\.txt|sitemap\.md|\.well-known\/sitemap\.md|llms-full\.txt(?:\/\d{1,6})?|~search)\/+$/.test(rest)) {
        const query = req.originalUrl.includes('?') ? req.originalUrl.slice(req.originalUrl.indexOf('?')) : '';
        return res.redirect(302, `${base}${rest.replace(/\/+$/, '')}${query}`);
      }
      if (rest === '/robots.txt') return await robots(req, res, v);
      if (rest === '/sitemap.xml') return await sitemap(req, res, v);
      const sitemapMatch = /^((?:\/[^/]+){0,2}?)\/sitemap-pages\.xml$/.exec(rest);
      if (sitemapMatch) return await sitemapPages(req, res, v, sitemapMatch[1]!);
      // GitBook's names of the index too (`sitemap.md`, `.well-known/sitemap.md`).
      if (rest === '/llms.txt' || rest === '/sitemap.md' || rest === '/.well-known/sitemap.md') return await llms(req, res, v, false);
      const fullMatch = /^\/llms-full\.txt(?:\/(\d{1,6}))?$/.exec(rest);
      if (fullMatch) return await llms(req, res, v, true, Number(fullMatch[1] ?? 0));
      if (rest === '/~search') return await search(req, res, v);
      if (rest === '/~gitbook/site-index') return await siteIndex(req, res, v);
      if (rest === '/~gitbook/visitor') return visitor(req, res, v);
      // GitBook's `~gitbook/auth/login?location=`: a visitor without a valid token was sent to the site's sign-in URL
      // by open() (with this URL as its location); one with a token goes on to `location` — a path of this site only —
      // or the site's root.
      if (rest === '/~gitbook/auth/login') {
        const asked = typeof req.query.location === 'string' ? req.query.location : '';
        const local = asked.startsWith(`${base}/`) && !asked.startsWith('//') && !/[\\\s]/.test(asked) ? localPath(asked) : `${base}/`;
        res.setHeader('Cache-Control', 'no-store');
        return res.redirect(302, local);
      }
      // GitBook's generated routes, at the site's root or below a section or site space (its customization, its pages).
      // A custom hostname's `/favicon.ico` (what browsers ask for when a document names no icon): the site's icon.
      if (rest === '/favicon.ico' && base === '') return await gitbookRoute(req, res, v, '', 'icon', undefined);
      const gitbookMatch = /^((?:\/[^/]+){0,2}?)\/~gitbook\/(icon|pdf|search|mcp|feedback|ogimage\/([^/]{1,200}))$/.exec(rest);
      if (gitbookMatch) return await gitbookRoute(req, res, v, gitbookMatch[1]!, gitbookMatch[2]!, gitbookMatch[3]);
      const fontMatch = /^\/~fonts\/([A-Za-z0-9._-]{1,512})$/.exec(rest);
      if (fontMatch) return await fontFile(req, res, v, fontMatch[1]!);
      const fileMatch = /^\/~files\/([^/]+)\/([^/]+)(?:\/[^/]*)?$/.exec(rest);
      if (fileMatch) return await file(req, res, v, fileMatch[1]!, fileMatch[2]!);
      // GitBook's feed of a page's updates blocks (`<page>/rss.xml`).
      if (rest.endsWith('/rss.xml')) return await rss(req, res, v, rest.slice(0, -'/rss.xml'.length) || '/');
      if (rest.endsWith('.md')) return void (await page(res, v, rest));
      // A page asked for as markdown (`Accept: text/markdown` preferred to HTML, as agents ask) is its `.md` twin.
      res.vary('Accept');
      if (req.get('accept')?.includes('text/markdown') && req.accepts(['text/html', 'text/markdown']) === 'text/markdown') return void (await page(res, v, rest, true));
      // Whole pages are cached by the site's version, the spaces' heads, the URL, the theme and (when the site or the
      // page depends on them) the claims.
      const key = `${visitKey(v)}|${rest}|${v.theme}|${v.view.conditional ? v.claimsKey : ''}`;
      let hit = cachedPage(ctx, key);
      if (hit?.perAudience && !v.view.conditional) hit = cachedPage(ctx, `${key}|${v.claimsKey}`);
      markInsights(res, hit?.insights);
      if (!hit) {
        const out = await page(res, v, rest, false, req.originalUrl.includes('?') ? req.originalUrl.slice(req.originalUrl.indexOf('?')) : '');
        if (!out) return; // answered (404, redirect)
        const body = Buffer.from(out.html);
        hit = { status: out.status, body, perAudience: out.perAudience, etag: bytesTag(body), ...(out.viewed ? { viewed: out.viewed } : {}), insights: insightsMarkOf(res) };
        cachePage(ctx, key, out.perAudience && !v.view.conditional ? { ...hit, body: Buffer.alloc(0) } : hit);
        if (out.perAudience && !v.view.conditional) cachePage(ctx, `${key}|${v.claimsKey}`, hit);
      }
      res.statusCode = hit.status;
      // A view for the integrations that want the site's views (services/site-views.ts: what counts, and why it costs
      // nothing here when none does): queued, never waited for.
      if (site?.viewsWanted && hit.viewed && hit.status === 200 && req.method === 'GET' && !res.locals.sitePreview && !isCrawler(req.get('user-agent')) && !isPrefetch((h) => req.get(h))) {
        recordSiteView(ctx, {
          site: v.site, ...hit.viewed, referrer: req.get('referer') ?? '', visitor: eventVisitor(ctx, v.site.id, req),
          url: viewUrl(`${publishedBase(ctx.config, v.site)}${req.originalUrl.slice(base.length)}`),
        });
      }
      // Revalidated on every view (the page changes with any edit of the site or its spaces), answered 304 when the
      // reader's copy is current (its ETag: a digest of the bytes, so equal pages have equal tags). A shared cache may
      // keep it only when nothing of the visitor shapes it: a public or unlisted site without conditions, a page
      // without `{% if %}` blocks, and no theme switch (the reader's theme is a cookie).
      if (hit.etag && hit.status === 200) {
        const shared = sharedCacheable(v, res) && !v.view.conditional && !hit.perAudience && !v.view.site.themes?.toggeable;
        res.setHeader('Cache-Control', shared ? 'public, max-age=0, must-revalidate' : 'private, no-cache');
        if (notModified(req, res, hit.etag)) return;
      }
      res.setHeader('Content-Type', 'text/html; charset=utf-8');
      res.setHeader('Content-Length', hit.body.length);
      res.end(hit.body);
    } catch (err) {
      next(err);
    }
  }

  // prewarmSiteSearch: the index of every space the site publishes, as the site's search (`~search`) would build it
  // at its first query; spaces share the builds and the cache with the searches.
  registerSearchWarmer(ctx, async (siteId) => {
    const found = await sitesRepo.withSpaceHeads(ctx.db, { id: siteId });
    let built = 0;
    let warm = 0;
    for (const head of found?.heads ?? []) {
      if (head.deleted_at !== null) continue;
      if (searchIndexes.get(headKey(head))) {
        warm++;
        continue;
      }
      const rev = await revisionView(ctx, head);
      if (!rev) continue;
      await searchIndexOf(head, rev);
      built++;
    }
    return { built, warm };
  });

  const byPath = express.Router();
  byPath.use(async (req, res, next) => {
    const m = /^\/([^/]+)(\/.*)?$/.exec(req.path);
    if (!m) return next();
    const siteId = m[1]!;
    if (m[2] === undefined) return res.redirect(301, `${req.baseUrl}/${siteId}/${req.url.includes('?') ? req.url.slice(req.url.indexOf('?')) : ''}`);
    let site: SiteWithHeads | undefined;
    try {
      site = await sitesRepo.withSpaceHeads(ctx.db, { id: siteId });
    } catch (err) {
      return next(err);
    }
    await serve(req, res, next, site, `/sites/${siteId}`, m[2]);
  });

  const publicHost = new URL(ctx.config.publicUrl).hostname.toLowerCase().replace(/\.$/, '');
  const lookUp = async (req: Request, res: Response, next: NextFunction, host: string) => {
    let site: SiteWithHeads | undefined;
    try {
      site = await sitesRepo.withSpaceHeads(ctx.db, { hostname: host });
    } catch (err) {
      return next(err);
    }
    if (!site) return next();
    await serve(req, res, next, site, '', req.path);
  };
  // Only names that can be a site's hostname (at least three labels, not this server's own name) are looked up.
  const siteHostOf = (header: string): string | undefined => {
    // A fully qualified name's trailing dot (`docs.example.com.`: the same name, DNS's root label) is not part of it.
    const host = header.toLowerCase().replace(/:\d+$/, '').replace(/\.$/, '');
    return host === publicHost || host.split('.').length < 3 || /^[\d.]+$/.test(host) || host.length > 253 ? undefined : host;
  };
  // Host headers seen that cannot be a site's (this server's own name, an address): a clients' API requests send one
  // or two, so the check is one Map lookup. Bounded: cleared when it holds 256.
  const notSiteHosts = new Map<string, true>();
  // Synchronous for every request that is not for a custom hostname (all API requests): no promise per request.
  const byHost: RequestHandler = (req, res, next) => {
    const header = req.headers.host ?? '';
    if (notSiteHosts.has(header)) return next();
    const host = siteHostOf(header);
    if (host === undefined) {
      if (notSiteHosts.size >= 256) notSiteHosts.clear();
      notSiteHosts.set(header, true);
      return next();
    }
    return lookUp(req, res, next, host);
  };

  return { byPath, byHost };
}

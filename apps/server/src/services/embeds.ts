// Resolving a URL to an embed (GitBook's getEmbedByUrl, getEmbedByUrlInSpace): what an editor or a renderer shows for
// a link to another site — its title, site name and icon, and the provider's HTML when it publishes oEmbed. The page
// is fetched through the SSRF guard (lib/ssrf.ts) with small size and time limits; its head is read in one linear
// scan (no HTML parser over untrusted input); an oEmbed endpoint the page announces (`<link rel="alternate"
// type="application/json+oembed">`) is fetched the same way. What cannot be fetched or read still answers, as a
// plain link titled by its URL. Answers are remembered for an hour per process, and concurrent requests for one
// URL share one fetch.
import type { AppContext } from '../context.js';
import { invalidField } from '../errors.js';
import { Lru } from '../lib/lru.js';
import { checkUrl, safeFetch, UnsafeUrlError } from '../lib/ssrf.js';
import { decodeEntities } from '../content/gitbook-syntax.js';

export type EmbedJson = { title: string; site: string; icon?: string } & ({ type: 'link' } | { type: 'rich'; html: string });

const PAGE_BYTES = 512 * 1024;
const OEMBED_BYTES = 64 * 1024;
const TIMEOUT_MS = 5_000;
const TTL_MS = 60 * 60 * 1000;

const remembered = new Lru<string, { at: number; embed: EmbedJson }>(4 * 1024 * 1024, (e) => 256 + JSON.stringify(e.embed).length * 2);
const inFlight = new Map<string, Promise<EmbedJson>>();

/** The embed of `raw` (the `url` query parameter): 400 when it is no http(s) URL or the guard refuses its host. */
export async function resolveEmbed(ctx: AppContext, raw: string): Promise<EmbedJson> {
  let url: URL;
  try {
    url = checkUrl(raw);
  } catch (err) {
    throw invalidField('/query/url', err instanceof UnsafeUrlError ? `cannot be fetched: ${err.message}` : 'must be an http or https URL');
  }
  // Keyed by the guard's policy too: an answer fetched where private hosts are allowed is not one where they are not.
  const key = `${ctx.config.allowPrivateUrls ? 'private' : 'public'} ${url.toString()}`;
  const hit = remembered.get(key);
  if (hit && ctx.clock.now().getTime() - hit.at < TTL_MS) return hit.embed;
  let pending = inFlight.get(key);
  if (!pending) {
    pending = fetchEmbed(ctx, url).finally(() => inFlight.delete(key));
    inFlight.set(key, pending);
  }
  const embed = await pending;
  remembered.set(key, { at: ctx.clock.now().getTime(), embed });
  return embed;
}

async function fetchEmbed(ctx: AppContext, url: URL): Promise<EmbedJson> {
  const fallback: EmbedJson = { type: 'link', title: url.toString(), site: url.hostname };
  let page;
  try {
    page = await safeFetch(url.toString(), {
      allowPrivate: ctx.config.allowPrivateUrls, maxBytes: PAGE_BYTES, timeoutMs: TIMEOUT_MS,
      headers: { accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.1', 'user-agent': 'Bindery (embed resolver)' },
    });
  } catch (err) {
    if (err instanceof UnsafeUrlError && err.reason === 'refused') throw invalidField('/query/url', `cannot be fetched: ${err.message}`);
    return fallback; // a timeout, a page too large, a refused connection: still a link
  }
  const type = String(page.headers['content-type'] ?? '');
  if (page.status < 200 || page.status >= 300 || !/html/i.test(type)) return fallback;
  const head = readHead(page.body.toString('utf8', 0, Math.min(page.body.length, PAGE_BYTES)), new URL(page.url));
  const embed: EmbedJson = {
    type: 'link',
    title: head.title || fallback.title,
    site: head.site || new URL(page.url).hostname,
    ...(head.icon ? { icon: head.icon } : {}),
  };
  if (head.oembed) {
    const rich = await fetchOEmbed(ctx, head.oembed);
    if (rich) return { ...embed, type: 'rich', html: rich.html, ...(rich.title ? { title: rich.title } : {}), ...(rich.site ? { site: rich.site } : {}) };
  }
  return embed;
}

async function fetchOEmbed(ctx: AppContext, url: string): Promise<{ html: string; title?: string; site?: string } | undefined> {
  try {
    const res = await safeFetch(url, { allowPrivate: ctx.config.allowPrivateUrls, maxBytes: OEMBED_BYTES, timeoutMs: TIMEOUT_MS, headers: { accept: 'application/json' } });
    if (res.status < 200 || res.status >= 300) return undefined;
    const data = JSON.parse(res.body.toString('utf8')) as { type?: unknown; html?: unknown; title?: unknown; provider_name?: unknown };
    if ((data.type !== 'video' && data.type !== 'rich') || typeof data.html !== 'string' || !data.html.trim()) return undefined;
    return {
      html: data.html,
      ...(typeof data.title === 'string' && data.title.trim() ? { title: data.title.trim().slice(0, 500) } : {}),
      ...(typeof data.provider_name === 'string' && data.provider_name.trim() ? { site: data.provider_name.trim().slice(0, 200) } : {}),
    };
  } catch {
    return undefined;
  }
}

const TAG = /<(meta|link|title)\b([^>]*)>/gi;
const ATTR = /([a-zA-Z:-]+)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/g;
const clean = (s: string, max: number) => decodeEntities(s).replace(/\s+/g, ' ').trim().slice(0, max);

/** Title, site name, icon and oEmbed endpoint from a page's `<head>` (one scan, up to `</head>` or the first 512 KB). */
export function readHead(html: string, base: URL): { title?: string; site?: string; icon?: string; oembed?: string } {
  const end = html.search(/<\/head\s*>/i);
  const head = end < 0 ? html : html.slice(0, end);
  const out: { title?: string; site?: string; icon?: string; oembed?: string; ogTitle?: string } = {};
  const resolve = (href: string) => {
    try {
      const u = new URL(decodeEntities(href), base);
      return u.protocol === 'http:' || u.protocol === 'https:' ? u.toString() : undefined;
    } catch {
      return undefined;
    }
  };
  for (const m of head.matchAll(TAG)) {
    const tag = m[1]!.toLowerCase();
    if (tag === 'title') {
      if (out.title !== undefined) continue;
      const close = head.toLowerCase().indexOf('</title>', m.index! + m[0].length);
      if (close > 0) out.title = clean(head.slice(m.index! + m[0].length, close), 500);
      continue;
    }
    const attrs: Record<string, string> = {};
    for (const a of m[2]!.matchAll(ATTR)) attrs[a[1]!.toLowerCase()] = a[2] ?? a[3] ?? a[4] ?? '';
    if (tag === 'meta') {
      const name = (attrs.property ?? attrs.name ?? '').toLowerCase();
      if (name === 'og:title' && attrs.content) out.ogTitle ??= clean(attrs.content, 500);
      if (name === 'og:site_name' && attrs.content) out.site ??= clean(attrs.content, 200);
    } else {
      const rel = (attrs.rel ?? '').toLowerCase().split(/\s+/);
      if ((rel.includes('icon') || rel.includes('apple-touch-icon')) && attrs.href && !out.icon) out.icon = resolve(attrs.href);
      if (rel.includes('alternate') && (attrs.type ?? '').toLowerCase() === 'application/json+oembed' && attrs.href && !out.oembed) out.oembed = resolve(attrs.href);
    }
  }
  return { title: out.ogTitle || out.title, site: out.site, icon: out.icon, oembed: out.oembed };
}

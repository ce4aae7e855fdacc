// Cross-origin reads of a published site and its OPTIONS answers. GitBook's sites allow the site's own host and
// origins of the same registrable domain (its middleware's `getAllowedCORSOrigin`, with `tldts`), except on its shared
// domain, where a site shares the host with every other site: there only the exact host. Bindery does the same: a
// site on its custom hostname (`docs.example.com`) lets pages of `example.com`, `www.example.com`, … read its answers
// (its `llms.txt`, `.md` twins, sitemaps, search) from a browser; a site on the server's own name (`/sites/<id>/`,
// which every site shares) only its own origin. Never with credentials: a cross-origin read gets what a visitor
// without cookies gets (the browser sends none without `Access-Control-Allow-Credentials`), nothing more.
import type { Request, Response } from 'express';
import { getDomain } from 'tldts';

/** How long a browser may keep a preflight's answer (seconds). */
const PREFLIGHT_MAX_AGE = 600;
/** Longest `Access-Control-Request-Headers` reflected (a longer one is not). */
const MAX_REQUEST_HEADERS = 1024;

/**
 * The origin allowed to read an answer of a site, or undefined: `origin` (the request's `Origin`) when it is an http(s)
 * origin whose host is `host` (the host the site is served on) or, when `customHostname` is set (the site is served on
 * a name of its own), one whose registrable domain is that name's.
 */
export function allowedOrigin(origin: string | undefined, host: string, customHostname: string | null | undefined): string | undefined {
  if (!origin || origin.length > 300) return undefined;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return undefined;
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.origin !== origin.toLowerCase().replace(/\/$/, '')) return undefined;
  const hostOf = (h: string) => h.toLowerCase().replace(/\.(?=$|:)/, '');
  if (hostOf(url.host) === hostOf(host)) return url.origin;
  if (!customHostname) return undefined;
  // Private suffixes count (`acme.github.io` shares nothing with `evil.github.io`).
  const domain = getDomain(customHostname, { allowPrivateDomains: true });
  return domain && getDomain(url.hostname, { allowPrivateDomains: true }) === domain ? url.origin : undefined;
}

/**
 * Sets the CORS headers of an answer of a site: `Vary: Origin` always (the answer depends on it), and
 * `Access-Control-Allow-Origin` when the request's origin is allowed (above). Answers a preflight (OPTIONS with
 * `Access-Control-Request-Method`) and a plain OPTIONS alike: 204 with `Allow` (`methods`, which the preflight's method
 * must be one of for the allowing headers) — true when it answered.
 */
export function cors(req: Request, res: Response, customHostname: string | null | undefined, methods: readonly string[]): boolean {
  res.vary('Origin');
  const origin = allowedOrigin(req.get('origin'), req.get('host') ?? '', customHostname);
  if (origin) res.setHeader('Access-Control-Allow-Origin', origin);
  if (req.method !== 'OPTIONS') return false;
  const allow = [...methods, 'OPTIONS'].join(', ');
  res.setHeader('Allow', allow);
  const asked = req.get('access-control-request-method');
  if (origin && asked && methods.includes(asked)) {
    res.setHeader('Access-Control-Allow-Methods', allow);
    const headers = req.get('access-control-request-headers');
    // No credentials are allowed, so the headers a page may send are any it could send without a browser.
    if (headers && headers.length <= MAX_REQUEST_HEADERS && /^[\w-]+(?:\s*,\s*[\w-]+)*$/.test(headers.trim())) res.setHeader('Access-Control-Allow-Headers', headers.trim());
    res.setHeader('Access-Control-Max-Age', String(PREFLIGHT_MAX_AGE));
  }
  res.setHeader('Cache-Control', 'no-cache');
  res.status(204).end();
  return true;
}

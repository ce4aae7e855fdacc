// GitBook's URL lookup (`GET/POST /urls/published`): what a URL of a published site shows — the site (by its custom
// hostname, or `/sites/{siteId}` on this server), section, site space and space, and the path below them — resolved
// as the published site resolves it (site/resolve.ts), with the visitor's claims (a visitor token's signed claims,
// unsigned ones under `unsigned`) deciding which sections and site spaces exist. The site's visibility applies: an
// unpublished site is a 404, a share-link site needs an active share link's key in the URL (`?share=`, or GitBook's
// `<site>/<key>/…`), a
// visitor-auth site a valid visitor token (401, or its fallback URL with `redirectOnError`).
import { createHash } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import type { components } from '@bindery/api-types';
import type { AppContext } from '../context.js';
import { ApiError, notFound } from '../errors.js';
import { shareLinksRepo } from '../repos/site-links.repo.js';
import { sitesRepo, type SiteRow } from '../repos/sites.repo.js';
import type { Claims } from '../site/conditions.js';
import { resolveInSite, visibleSpaceIds } from '../site/resolve.js';
import { liveStructure } from '../presenters/site.js';

export type UrlLookup = components['schemas']['PublishedSiteContentLookup'];

const REGISTERED = new Set(['iss', 'sub', 'aud', 'exp', 'nbf', 'iat', 'jti']);
const UNSAFE_KEY = new Set(['__proto__', 'constructor', 'prototype']);

/** The site a URL is on, and the URL prefix of the site ('' on its custom hostname). */
async function siteOfUrl(ctx: AppContext, url: URL): Promise<{ site: SiteRow; base: string } | undefined> {
  const own = new URL(ctx.config.publicUrl);
  if (url.host.toLowerCase() === own.host.toLowerCase()) {
    const m = /^\/sites\/([A-Za-z0-9_-]{1,100})(?:\/|$)/.exec(url.pathname);
    const site = m ? await sitesRepo.findById(ctx.db, m[1]!) : undefined;
    return site ? { site, base: `/sites/${site.id}` } : undefined;
  }
  const site = await sitesRepo.findByHostname(ctx.db, url.hostname.toLowerCase());
  return site ? { site, base: '' } : undefined;
}

async function visitorClaims(site: SiteRow, token: string | undefined): Promise<Claims | undefined> {
  if (!token) return undefined;
  try {
    const { payload } = await jwtVerify(token, new TextEncoder().encode(site.visitor_key), { algorithms: ['HS256'] });
    return Object.fromEntries(Object.entries(payload).filter(([k]) => !REGISTERED.has(k)));
  } catch {
    return undefined;
  }
}

export async function lookupPublishedUrl(
  ctx: AppContext, input: { url: string; jwtToken?: string; unsignedClaims?: Record<string, unknown>; redirectOnError?: boolean },
): Promise<UrlLookup> {
  let url: URL;
  try {
    url = new URL(input.url);
  } catch {
    throw notFound('Published content');
  }
  const found = await siteOfUrl(ctx, url);
  const site = found?.site;
  if (!found || !site || site.published !== 1) throw notFound('Published content');
  const isKey = async (key: string | undefined): Promise<boolean> => !!key && key.length <= 256 && await shareLinksRepo.isActiveKey(ctx.db, site.id, key);
  let base = found.base;
  let shareKey = url.searchParams.get('share') ?? undefined;
  if (site.visibility === 'share-link' && !(await isKey(shareKey))) {
    // GitBook's form: the key as the first segment below the site (`<site>/<key>/<path>`), part of the site's base.
    const inPath = /^\/([A-Za-z0-9]{8,256})(?:\/|$)/.exec(url.pathname.slice(base.length));
    if (!inPath || !(await isKey(inPath[1]))) throw notFound('Published content');
    shareKey = inPath[1]!;
    base = `${base}/${shareKey}`;
  }
  const signed = await visitorClaims(site, input.jwtToken);
  if (site.visibility === 'visitor-auth' && !signed) {
    if (input.redirectOnError && site.visitor_fallback_url) {
      const target = new URL(site.visitor_fallback_url);
      target.searchParams.set('location', url.toString());
      return { target: 'external', site: site.id, redirect: target.toString() };
    }
    throw new ApiError(401, 'This site needs a valid visitor token (visitor.jwtToken)');
  }
  const unsigned = Object.fromEntries(Object.entries(input.unsignedClaims ?? {}).filter(([k]) => !UNSAFE_KEY.has(k)));
  const claims: Claims = Object.keys(unsigned).length ? { ...(signed ?? {}), unsigned } : { ...(signed ?? {}) };

  const below = url.pathname.slice(base.length);
  const segments = below.split('/').filter(Boolean).map((s) => {
    try {
      return decodeURIComponent(s);
    } catch {
      return s;
    }
  });
  const structure = liveStructure(await sitesRepo.structure(ctx.db, site.id));
  const r = resolveInSite(site, structure, base, segments, claims);
  if (!r) throw notFound('Published content');

  const now = Math.floor(ctx.clock.now().getTime() / 1000);
  const apiToken = await new SignJWT({
    kind: 'site', organization: site.org_id, site: site.id, siteSpace: r.siteSpace.id, ...(r.section ? { siteSection: r.section.id } : {}),
    space: r.siteSpace.space_id, spaces: visibleSpaceIds(structure, claims), ...(Object.keys(claims).length ? { claims } : {}),
  }).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).setIssuer(ctx.config.publicUrl).setIssuedAt(now).setExpirationTime(now + 3600).sign(ctx.jwtSecret);
  // Every choice the URL could make is made once it names a site space, or when no other site space or section
  // could still be named.
  const choices = r.siteSpaces.length > 1 || (structure.sections.length > 0 && r.sections.length > 1 && !r.namedSection);
  // Canonical: on the site's hostname when it has one, without a share key in the path.
  const canonicalBase = site.hostname ? `${new URL(ctx.config.publicUrl).protocol}//${site.hostname}` : `${url.origin}${found.base}`;
  return {
    site: site.id,
    ...(r.section ? { siteSection: r.section.id } : {}),
    siteSpace: r.siteSpace.id,
    space: r.siteSpace.space_id,
    pathname: r.rest.map(encodeURIComponent).join('/'),
    basePath: `${r.spaceBase}/`,
    siteBasePath: `${base}/`,
    apiToken,
    organization: site.org_id,
    ...(site.visibility === 'share-link' && shareKey ? { shareKey } : {}),
    complete: r.namedSiteSpace || r.rest.length > 0 || !choices,
    ...(Object.keys(claims).length ? { contextId: createHash('sha256').update(JSON.stringify(claims)).digest('base64url').slice(0, 22) } : {}),
    canonicalUrl: `${canonicalBase}${url.pathname.slice(base.length) || '/'}`,
  };
}

// The published site: what readers see at `/sites/{siteId}/…` (Site.urls.published). Server-rendered HTML from the
// site's structure and the current revisions of its spaces:
//   /sites/{siteId}/[<section>/][<site space>/][<page path>]   (the default section and site space are omitted)
//   …/<page path>.md                                           the page's markdown twin
//   /sites/{siteId}/llms.txt, llms-full.txt, sitemap.xml, robots.txt, ~search?q=
// Unpublished sites answer 404; unlisted and share-link sites are not indexed (noindex, robots.txt disallows);
// share-link sites need `?share=<key>` once (kept in a cookie); visitor-auth sites need a visitor token (an HS256 JWT
// signed with the site's key, `?jwt_token=` once, then a cookie) and otherwise redirect to the site's fallback URL or
// answer 401. Sections and site spaces with a `condition` are shown only when the visitor's claims (the token's
// signed claims, unsigned ones under `unsigned`) make it true (site/conditions.ts); without claims they stay hidden.
import express, { type Request, type Response, type Router } from 'express';
import { jwtVerify } from 'jose';
import type { AppContext } from '../context.js';
import { loadMarkdown, pageTree, publishedContent, type PageView, type RevisionContent } from '../engine/index.js';
import { pageDocument } from '../content/process.js';
import { sitesRepo, type SectionRow, type SiteRow, type SiteSpaceRow, type SiteStructure } from '../repos/sites.repo.js';
import { spacesRepo } from '../repos/spaces.repo.js';
import { defaultOf, siteSpacesIn } from '../presenters/site.js';
import { applyConditionals, evaluateCondition, type Claims } from './conditions.js';
import { escapeHtml, renderDocument, renderShell, SITE_CSP, type Heading, type NavItem } from './render.js';

interface Resolved {
  site: SiteRow;
  base: string;
  structure: SiteStructure;
  sections: SectionRow[];
  section?: SectionRow;
  siteSpaces: SiteSpaceRow[];
  siteSpace: SiteSpaceRow;
  /** URL of the site space's root. */
  spaceBase: string;
  /** What is left of the path: the page path. */
  rest: string[];
}

interface Flat {
  page: PageView;
  href: string;
}

const SHARE_COOKIE = 'bindery_site_share';

function cookies(req: Request): Map<string, string> {
  const out = new Map<string, string>();
  for (const part of (req.get('cookie') ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0) out.set(part.slice(0, at).trim(), decodeURIComponent(part.slice(at + 1).trim()));
  }
  return out;
}

/**
 * The visitor's claims: the signed ones of a valid visitor token (`?jwt_token=` or the site's cookie), and the
 * unsigned ones under `unsigned` — from `?claims=` (JSON) or the `bindery_site_claims` cookie; anything malformed
 * counts as none.
 */
function claimsOf(req: Request, res: Response): Claims {
  const signed = (res.locals.visitorClaims ?? {}) as Claims;
  const raw = typeof req.query.claims === 'string' ? req.query.claims : cookies(req).get('bindery_site_claims');
  if (!raw || raw.length > 4096) return { ...signed };
  try {
    const v = JSON.parse(raw) as unknown;
    return v && typeof v === 'object' && !Array.isArray(v) ? { ...signed, unsigned: v as Record<string, unknown> } : { ...signed };
  } catch {
    return { ...signed };
  }
}

const VISITOR_COOKIE = 'bindery_site_visitor';
const REGISTERED = new Set(['iss', 'sub', 'aud', 'exp', 'nbf', 'iat', 'jti']);

/** The claims of a visitor token signed with the site's key (HS256), or undefined when it is missing or invalid. */
async function visitorToken(req: Request, res: Response, site: SiteRow): Promise<Claims | undefined> {
  const fromQuery = typeof req.query.jwt_token === 'string' ? req.query.jwt_token : undefined;
  const token = fromQuery ?? cookies(req).get(`${VISITOR_COOKIE}_${site.id}`);
  if (!token || token.length > 8192) return undefined;
  try {
    const { payload } = await jwtVerify(token, new TextEncoder().encode(site.visitor_key), { algorithms: ['HS256'] });
    if (fromQuery) res.cookie(`${VISITOR_COOKIE}_${site.id}`, token, { httpOnly: true, sameSite: 'lax', path: `/sites/${site.id}` });
    return Object.fromEntries(Object.entries(payload).filter(([k]) => !REGISTERED.has(k)));
  } catch {
    return undefined;
  }
}

const visible = (condition: string | null, claims: Claims) => condition === null || evaluateCondition(condition, { visitor: { claims } });

function flatten(pages: readonly PageView[], base: string, out: Flat[] = []): Flat[] {
  for (const p of pages) {
    if (p.meta.hidden) continue;
    if (p.meta.type === 'document') out.push({ page: p, href: `${base}/${p.path ?? p.meta.slug}` });
    flatten(p.children, base, out);
  }
  return out;
}

function navOf(pages: readonly PageView[], base: string, currentId: string | undefined): NavItem[] {
  const items: NavItem[] = [];
  for (const p of pages) {
    if (p.meta.hidden) continue;
    if (p.meta.type === 'group') items.push({ title: p.meta.title, group: true, children: navOf(p.children, base, currentId) });
    else if (p.meta.type === 'link') {
      const target = p.meta.target as { kind?: string; url?: string } | undefined;
      items.push({ title: p.meta.title, ...(target?.kind === 'url' && target.url ? { href: target.url } : {}), children: [] });
    } else items.push({ title: p.meta.title, href: `${base}/${p.path ?? p.meta.slug}`, current: p.meta.id === currentId, children: navOf(p.children, base, currentId) });
  }
  return items;
}

async function contentOf(ctx: AppContext, spaceId: string): Promise<RevisionContent | undefined> {
  const space = await spacesRepo.findById(ctx.db, spaceId);
  if (!space || space.deleted_at !== null) return undefined;
  return publishedContent(ctx, space); // computed pages expanded into the API reference they stand for
}

/** Rendered pages by revision, page and audience (the claims that decided conditional blocks): revisions never change. */
const rendered = new Map<string, { html: string; headings: Heading[] }>();
const RENDERED_MAX = 2000;

async function renderPage(ctx: AppContext, content: RevisionContent, page: PageView, flat: readonly Flat[], claims: Claims): Promise<{ html: string; headings: Heading[] }> {
  const source = (await loadMarkdown(ctx, ctx.db, [page.contentHash])).get(page.contentHash) ?? '';
  // A page with `{% if %}` blocks is rendered per audience (the claims decide what it shows).
  const markdown = applyConditionals(source, { visitor: { claims } });
  const key = `${content.revision.id}:${page.meta.id}${markdown === source ? '' : `:${JSON.stringify(claims)}`}`;
  const hit = rendered.get(key);
  if (hit) return hit;
  const doc = await pageDocument(markdown);
  const byId = new Map(flat.map((f) => [f.page.meta.id, f.href]));
  const headings: Heading[] = [];
  const html = renderDocument(doc, { page: (id, anchor) => { const h = byId.get(id); return h ? (anchor ? `${h}#${anchor}` : h) : undefined; }, file: () => undefined }, headings);
  if (rendered.size >= RENDERED_MAX) rendered.delete(rendered.keys().next().value!);
  const out = { html, headings };
  rendered.set(key, out);
  return out;
}

export function publishedSiteRouter(ctx: AppContext): Router {
  const router = express.Router();

  const notFound = (res: Response, message = 'This page does not exist.') =>
    res.status(404).type('html').send(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Not found</title><meta name="robots" content="noindex"></head><body><main><h1>Page not found</h1><p>${escapeHtml(message)}</p></main></body></html>`);

  /** The site if the visitor may read it (published; share key; visitor-auth), else an answer has been sent. */
  async function openSite(req: Request, res: Response, siteId: string): Promise<SiteRow | undefined> {
    const site = await sitesRepo.findById(ctx.db, siteId);
    if (!site || site.published !== 1) {
      notFound(res, 'This site does not exist or is not published.');
      return undefined;
    }
    if (site.visibility === 'share-link') {
      const given = typeof req.query.share === 'string' ? req.query.share : cookies(req).get(`${SHARE_COOKIE}_${site.id}`);
      if (given !== site.share_key) {
        notFound(res, 'This site does not exist or is not published.');
        return undefined;
      }
      if (typeof req.query.share === 'string') res.cookie(`${SHARE_COOKIE}_${site.id}`, given, { httpOnly: true, sameSite: 'lax', path: `/sites/${site.id}` });
    }
    const claims = await visitorToken(req, res, site);
    if (claims) res.locals.visitorClaims = claims;
    if (site.visibility === 'visitor-auth' && !claims) {
      if (site.visitor_fallback_url) {
        const target = new URL(site.visitor_fallback_url);
        target.searchParams.set('location', `${req.protocol}://${req.get('host')}${req.originalUrl}`);
        res.redirect(302, target.toString());
      } else {
        res.status(401).type('html').send('<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sign in required</title><meta name="robots" content="noindex"></head><body><main><h1>Sign in required</h1><p>This site is only available to authenticated visitors.</p></main></body></html>');
      }
      return undefined;
    }
    return site;
  }

  async function resolve(req: Request, res: Response, site: SiteRow, segments: string[]): Promise<Resolved | undefined> {
    const base = `/sites/${site.id}`;
    const structure = await sitesRepo.structure(ctx.db, site.id);
    const claims = claimsOf(req, res);
    const sections = structure.sections.filter((s) => visible(s.condition, claims));
    let rest = [...segments];
    let section: SectionRow | undefined;
    let sectionBase = base;
    if (structure.sections.length) {
      const defaultSection = defaultOf(sections, site.default_section_id);
      const named = sections.find((s) => s.id !== defaultSection?.id && s.path === rest[0]);
      section = named ?? defaultSection;
      if (!section) return undefined;
      if (named) {
        rest = rest.slice(1);
        sectionBase = `${base}/${named.path}`;
      }
    }
    const container = siteSpacesIn(structure, section?.id ?? null);
    const siteSpaces = container.filter((ss) => visible(ss.condition, claims));
    const defaultSpace = defaultOf(siteSpaces, section ? section.default_site_space_id : site.default_site_space_id);
    const named = siteSpaces.find((ss) => ss.id !== defaultSpace?.id && ss.path === rest[0]);
    const siteSpace = named ?? defaultSpace;
    if (!siteSpace) return undefined;
    if (named) rest = rest.slice(1);
    return { site, base, structure, sections, ...(section ? { section } : {}), siteSpaces, siteSpace, spaceBase: named ? `${sectionBase}/${named.path}` : sectionBase, rest };
  }

  const headers = (res: Response, site: SiteRow) => {
    res.setHeader('Content-Security-Policy', SITE_CSP);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Referrer-Policy', 'same-origin');
    if (site.visibility !== 'public') res.setHeader('X-Robots-Tag', 'noindex, nofollow');
  };

  const origin = (req: Request) => `${req.protocol}://${req.get('host')}`;

  /** Every (site space, its pages) of the site a visitor without claims sees, for llms.txt and the sitemap. */
  async function allPages(req: Request, res: Response, site: SiteRow): Promise<{ title: string; flat: Flat[]; content: RevisionContent }[]> {
    const structure = await sitesRepo.structure(ctx.db, site.id);
    const out = [];
    const claims = claimsOf(req, res);
    const sections = structure.sections.length ? structure.sections.filter((s) => visible(s.condition, claims)) : [undefined];
    const defaultSection = defaultOf(structure.sections.filter((s) => visible(s.condition, claims)), site.default_section_id);
    for (const section of sections) {
      const sectionBase = section && section.id !== defaultSection?.id ? `/sites/${site.id}/${section.path}` : `/sites/${site.id}`;
      const spaces = siteSpacesIn(structure, section?.id ?? null).filter((ss) => visible(ss.condition, claims));
      const def = defaultOf(spaces, section ? section.default_site_space_id : site.default_site_space_id);
      for (const ss of spaces) {
        const content = await contentOf(ctx, ss.space_id);
        if (!content) continue;
        const space = await spacesRepo.findById(ctx.db, ss.space_id);
        const spaceBase = ss.id === def?.id ? sectionBase : `${sectionBase}/${ss.path}`;
        out.push({ title: space?.title ?? ss.path, flat: flatten(await pageTree(ctx, ctx.db, content), spaceBase), content });
      }
    }
    return out;
  }

  router.get('/:siteId/robots.txt', async (req, res, next) => {
    try {
      const site = await openSite(req, res, String(req.params.siteId));
      if (!site) return;
      headers(res, site);
      const indexed = site.visibility === 'public';
      res.type('text/plain').send(indexed ? `User-agent: *\nAllow: /sites/${site.id}/\nSitemap: ${origin(req)}/sites/${site.id}/sitemap.xml\n` : 'User-agent: *\nDisallow: /\n');
    } catch (err) { next(err); }
  });

  router.get('/:siteId/sitemap.xml', async (req, res, next) => {
    try {
      const site = await openSite(req, res, String(req.params.siteId));
      if (!site) return;
      headers(res, site);
      const urls = site.visibility === 'public' ? (await allPages(req, res, site)).flatMap((s) => s.flat.filter((f) => !f.page.meta.metadata || (f.page.meta.metadata as Record<string, unknown>).noIndex !== true).map((f) => f.href)) : [];
      res.type('application/xml').send(`<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.map((u) => `  <url><loc>${escapeHtml(origin(req) + u)}</loc></url>`).join('\n')}\n</urlset>\n`);
    } catch (err) { next(err); }
  });

  router.get(['/:siteId/llms.txt', '/:siteId/llms-full.txt'], async (req, res, next) => {
    try {
      const site = await openSite(req, res, String(req.params.siteId));
      if (!site) return;
      headers(res, site);
      const full = req.path.endsWith('llms-full.txt');
      let out = `# ${site.title}\n`;
      for (const s of await allPages(req, res, site)) {
        out += `\n## ${s.title}\n\n`;
        if (!full) {
          for (const f of s.flat) out += `- [${f.page.meta.title}](${origin(req)}${f.href}.md)${f.page.meta.description ? `: ${f.page.meta.description}` : ''}\n`;
          continue;
        }
        const markdown = await loadMarkdown(ctx, ctx.db, s.flat.map((f) => f.page.contentHash));
        for (const f of s.flat) out += `# ${f.page.meta.title}\n\nSource: ${origin(req)}${f.href}\n\n${applyConditionals(markdown.get(f.page.contentHash) ?? '', { visitor: { claims: claimsOf(req, res) } })}\n\n`;
      }
      res.type('text/plain; charset=utf-8').send(out);
    } catch (err) { next(err); }
  });

  router.get('/:siteId/~search', async (req, res, next) => {
    try {
      const site = await openSite(req, res, String(req.params.siteId));
      if (!site) return;
      headers(res, site);
      const q = (typeof req.query.q === 'string' ? req.query.q : '').trim().slice(0, 200);
      const words = q.toLowerCase().split(/\s+/).filter(Boolean);
      const results: { title: string; href: string; excerpt: string }[] = [];
      if (words.length) {
        for (const s of await allPages(req, res, site)) {
          const markdown = await loadMarkdown(ctx, ctx.db, s.flat.map((f) => f.page.contentHash));
          for (const f of s.flat) {
            const text = `${f.page.meta.title}\n${applyConditionals(markdown.get(f.page.contentHash) ?? '', { visitor: { claims: claimsOf(req, res) } })}`;
            const lower = text.toLowerCase();
            if (!words.every((w) => lower.includes(w))) continue;
            const at = Math.max(0, lower.indexOf(words[0]!) - 60);
            results.push({ title: f.page.meta.title, href: f.href, excerpt: text.slice(at, at + 180).replace(/\s+/g, ' ') });
            if (results.length >= 50) break;
          }
        }
      }
      if (req.accepts(['html', 'json']) === 'json') return res.json({ query: q, results });
      const body = `<p>${results.length} result${results.length === 1 ? '' : 's'} for <strong>${escapeHtml(q)}</strong></p><ul class="results">${results.map((r) => `<li><a href="${escapeHtml(r.href)}">${escapeHtml(r.title)}</a><div class="excerpt">${escapeHtml(r.excerpt)}</div></li>`).join('')}</ul>`;
      res.type('html').send(renderShell({
        siteTitle: site.title, siteHref: `/sites/${site.id}/`, title: 'Search', sections: [], variants: [], nav: [], body, headings: [],
        noindex: true, searchHref: `/sites/${site.id}/~search`,
      }));
    } catch (err) { next(err); }
  });

  router.get(/^\/([^/]+)(\/.*)?$/, async (req, res, next) => {
    try {
      const siteId = (req.params as unknown as string[])[0]!;
      const site = await openSite(req, res, siteId);
      if (!site) return;
      headers(res, site);
      const raw = ((req.params as unknown as string[])[1] ?? '/').split('/').filter(Boolean).map((s) => decodeURIComponent(s));
      const twin = raw.length > 0 && raw[raw.length - 1]!.endsWith('.md');
      if (twin) raw[raw.length - 1] = raw[raw.length - 1]!.slice(0, -3);
      const r = await resolve(req, res, site, raw);
      if (!r) return notFound(res, 'This site has no content yet.');
      const content = await contentOf(ctx, r.siteSpace.space_id);
      if (!content) return notFound(res);
      const tree = await pageTree(ctx, ctx.db, content);
      const flat = flatten(tree, r.spaceBase);
      const path = r.rest.join('/');
      const at = path === '' ? 0 : flat.findIndex((f) => (f.page.path ?? f.page.meta.slug) === path);
      const current = flat[at];
      if (!current) return notFound(res);
      if (twin) {
        const markdown = applyConditionals((await loadMarkdown(ctx, ctx.db, [current.page.contentHash])).get(current.page.contentHash) ?? '', { visitor: { claims: claimsOf(req, res) } });
        return res.type('text/markdown; charset=utf-8').send(`# ${current.page.meta.title}\n\n${markdown}`);
      }
      const page = await renderPage(ctx, content, current.page, flat, claimsOf(req, res));
      const spaceTitles = new Map<string, string>();
      for (const ss of r.siteSpaces) spaceTitles.set(ss.id, (await spacesRepo.findById(ctx.db, ss.space_id))?.title ?? ss.path);
      const sectionDefault = defaultOf(r.sections, site.default_section_id);
      const spaceDefault = defaultOf(r.siteSpaces, r.section ? r.section.default_site_space_id : site.default_site_space_id);
      const sectionHref = (s: SectionRow) => (s.id === sectionDefault?.id ? `${r.base}/` : `${r.base}/${s.path}/`);
      const sectionBase = r.section && r.section.id !== sectionDefault?.id ? `${r.base}/${r.section.path}` : r.base;
      res.type('html').send(renderShell({
        siteTitle: site.title,
        siteHref: `${r.base}/`,
        title: current.page.meta.title,
        ...(current.page.meta.description ? { description: current.page.meta.description } : {}),
        sections: r.sections.map((s) => ({ title: s.title, href: sectionHref(s), current: s.id === r.section?.id })),
        variants: r.siteSpaces.map((ss) => ({ title: spaceTitles.get(ss.id) ?? ss.path, href: ss.id === spaceDefault?.id ? `${sectionBase}/` : `${sectionBase}/${ss.path}/`, current: ss.id === r.siteSpace.id })),
        nav: navOf(tree, r.spaceBase, current.page.meta.id),
        body: page.html,
        headings: page.headings,
        ...(flat[at - 1] ? { previous: { title: flat[at - 1]!.page.meta.title, href: flat[at - 1]!.href } } : {}),
        ...(flat[at + 1] ? { next: { title: flat[at + 1]!.page.meta.title, href: flat[at + 1]!.href } } : {}),
        noindex: site.visibility !== 'public' || (current.page.meta.metadata as Record<string, unknown> | undefined)?.noIndex === true,
        searchHref: `${r.base}/~search`,
        markdownHref: `${current.href}.md`,
      }));
    } catch (err) { next(err); }
  });

  return router;
}

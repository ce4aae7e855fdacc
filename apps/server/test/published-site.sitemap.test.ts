// GitBook's sitemaps (session 20): `sitemap.xml` is an index of each site space's `sitemap-pages.xml` — the site
// spaces the visitor sees, in sections and variants — each a urlset of that site space's indexable pages with its
// `lastmod` and GitBook's priority by depth. Before, `sitemap.xml` was one urlset of every page of the site.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, startTestServer, type TestServer } from '../src/testing/index.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server?.close());

const get = async (path: string) => {
  const r = await fetch(`${server.url}${path}`, { redirect: 'manual' });
  return { status: r.status, text: await r.text(), type: r.headers.get('content-type') };
};
const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);

describe('sitemap.xml and sitemap-pages.xml', () => {
  it('indexes the sitemap of each site space; each lists its indexable pages with lastmod and priority', async () => {
    const t = await createTenant(server);
    const space = async (title: string, edits: unknown[]) => {
      const s = (await t.api.post(`/v1/orgs/${t.org}/spaces`, { title })).body;
      const r = await t.api.post(`/v1/spaces/${s.id}/content/edits`, { edits });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return s.id as string;
    };
    const guide = await space('Guide', [
      { op: 'createPage', page: { id: 'page-welcome', title: 'Welcome', markdown: 'Hello.\n' } },
      { op: 'createPage', page: { id: 'page-start', title: 'Getting started', type: 'group' } },
      { op: 'createPage', page: { id: 'page-install', title: 'Install', parent: 'page-start', markdown: 'Install.\n' } },
      { op: 'createPage', page: { id: 'page-docker', title: 'Docker', parent: 'page-install', markdown: 'Docker.\n' } },
      { op: 'createPage', page: { id: 'page-internal', title: 'Internal', markdown: 'Internal.\n', noIndex: true } },
      { op: 'createPage', page: { id: 'page-hidden', title: 'Hidden', markdown: 'Hidden.\n', hidden: true } },
    ]);
    const v1 = await space('Guide v1', [{ op: 'createPage', page: { title: 'Old welcome', markdown: 'Old.\n' } }]);
    const api = await space('API', [{ op: 'createPage', page: { title: 'Endpoints', markdown: 'Endpoints.\n' } }]);
    const beta = await space('Beta', [{ op: 'createPage', page: { title: 'Beta things', markdown: 'Beta.\n' } }]);
    const site = (await t.api.post(`/v1/orgs/${t.org}/sites`, { title: 'Acme Docs', visibility: 'public', spaces: [guide] })).body;
    const S = `/v1/orgs/${t.org}/sites/${site.id}`;
    expect((await t.api.post(`${S}/sections`, { spaceId: api, title: 'API' })).status).toBe(201);
    const hiddenSection = await t.api.post(`${S}/sections`, { spaceId: beta, title: 'Beta' });
    expect(hiddenSection.status).toBe(201);
    expect((await t.api.patch(`${S}/sections/${hiddenSection.body.id}`, { condition: 'visitor.claims.unsigned.beta === true' })).status).toBe(200);
    const sections = (await t.api.get(`${S}/sections`)).body.items;
    expect((await t.api.post(`${S}/site-spaces`, { spaceId: v1, sectionId: sections[0].id })).status).toBe(201);
    expect((await t.api.post(`${S}/publish`)).status).toBe(200);
    const base = `/sites/${site.id}`;
    const abs = `${server.ctx.config.publicUrl}${base}`;

    const index = await get(`${base}/sitemap.xml`);
    expect(index.status).toBe(200);
    expect(index.type).toMatch(/^application\/xml/);
    expect(index.text).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<sitemapindex xmlns="http:\/\/www\.sitemaps\.org\/schemas\/sitemap\/0\.9">/);
    // The site spaces the visitor sees (the Beta section's condition hides it from a visitor without claims).
    expect(locs(index.text)).toEqual([`${abs}/sitemap-pages.xml`, `${abs}/guide-v1/sitemap-pages.xml`, `${abs}/api/sitemap-pages.xml`]);

    const pages = await get(`${base}/sitemap-pages.xml`);
    expect(pages.status).toBe(200);
    expect(pages.text).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(locs(pages.text)).toEqual([`${abs}/`, `${abs}/getting-started/install`, `${abs}/getting-started/install/docker`]);
    const entry = (loc: string) => new RegExp(`<url><loc>${loc.replace(/[.?/]/g, '\\$&')}</loc><lastmod>(\\d{4}-\\d\\d-\\d\\dT[\\d:.]+Z)</lastmod><priority>([\\d.]+)</priority></url>`).exec(pages.text);
    // GitBook's priority: floor(100 * 2^(-depth/4)) / 100.
    expect(entry(`${abs}/`)?.[2]).toBe('1');
    expect(entry(`${abs}/getting-started/install`)?.[2]).toBe('0.84');
    expect(entry(`${abs}/getting-started/install/docker`)?.[2]).toBe('0.7');
    expect(Number.isNaN(Date.parse(entry(`${abs}/`)![1]!))).toBe(false);
    expect(locs((await get(`${base}/guide-v1/sitemap-pages.xml`)).text)).toEqual([`${abs}/guide-v1/`]);
    expect(locs((await get(`${base}/api/sitemap-pages.xml`)).text)).toEqual([`${abs}/api/`]);
    // Every URL listed answers.
    for (const loc of [...locs(pages.text)]) expect((await fetch(`${server.url}${loc.slice(server.ctx.config.publicUrl.length)}`)).status, loc).toBe(200);

    // Not a site space: the site's 404 (a page's path, an unknown segment, the hidden section, too deep).
    for (const path of ['/getting-started/sitemap-pages.xml', '/nope/sitemap-pages.xml', '/beta/sitemap-pages.xml', '/api/x/y/sitemap-pages.xml']) {
      expect((await get(`${base}${path}`)).status, path).toBe(404);
    }
    // A visitor whose claims show the Beta section finds it in the index too.
    const withBeta = await fetch(`${server.url}${base}/sitemap.xml?visitor.beta=true`);
    expect(locs(await withBeta.text())).toContain(`${abs}/beta/sitemap-pages.xml`);
  });
});

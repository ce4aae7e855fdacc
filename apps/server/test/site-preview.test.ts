// GitBook's getSitePublishingPreviewById: a signed URL opening a site as it would publish, for an hour — unpublished,
// share-link and visitor-auth sites included —, kept in a cookie for the site's pages; who may ask for one.
import { describe, expect, it } from 'vitest';
import { createTenant, useTestServer } from '../src/testing/index.js';

const server = useTestServer();
const local = (url: string) => url.replace(server.ctx.config.publicUrl, server.url);
const get = async (url: string, headers: Record<string, string> = {}) => {
  const r = await fetch(local(url), { headers, redirect: 'manual' });
  return { status: r.status, text: await r.text(), headers: r.headers };
};

async function site(visibility: string, roles: Record<string, string | null> = {}) {
  const t = await createTenant(server, roles);
  const a = (await t.api.post(`/v1/orgs/${t.org}/spaces`, { title: 'Guide' })).body;
  const b = (await t.api.post(`/v1/orgs/${t.org}/spaces`, { title: 'Reference' })).body;
  await t.api.post(`/v1/spaces/${a.id}/content/edits`, { edits: [{ op: 'createPage', page: { id: 'page-intro', title: 'Introduction', markdown: 'Hello.\n' } }, { op: 'createPage', page: { id: 'page-more', title: 'More', markdown: 'More.\n' } }] });
  await t.api.post(`/v1/spaces/${b.id}/content/edits`, { edits: [{ op: 'createPage', page: { id: 'page-api', title: 'API overview', markdown: 'Calls.\n' } }] });
  const s = (await t.api.post(`/v1/orgs/${t.org}/sites`, { title: 'Docs', visibility, spaces: [a.id, b.id] })).body;
  const preview = (query = '', client = t.api) => client.get(`/v1/orgs/${t.org}/sites/${s.id}/publishing/preview${query}`);
  return { t, site: s, preview };
}

describe('site preview', () => {
  it('opens an unpublished site for an hour, its pages through the cookie; not published otherwise', async () => {
    const { t, site: s, preview } = await site('public', { creator: 'create', editor: 'edit' });
    expect((await get(`${server.url}/sites/${s.id}/`)).status).toBe(404);
    const r = await preview();
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.url).toMatch(new RegExp(`/sites/${s.id}/\\?preview=[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+$`));
    const page = await get(r.body.url);
    expect(page.status).toBe(200);
    expect(page.text).toContain('<h1>Introduction</h1>');
    expect(page.headers.get('x-robots-tag')).toContain('noindex');
    const cookie = page.headers.get('set-cookie')!.split(';')[0]!;
    expect(cookie).toMatch(/^bindery_site_preview_/);
    // The site's other pages with the cookie; without it, still not published.
    expect((await get(`${server.url}/sites/${s.id}/more`, { cookie })).text).toContain('<h1>More</h1>');
    expect((await get(`${server.url}/sites/${s.id}/more`)).status).toBe(404);
    // Tampered, another site's or expired tokens open nothing.
    const token = new URL(r.body.url).searchParams.get('preview')!;
    expect((await get(`${server.url}/sites/${s.id}/?preview=${token.slice(0, -2)}xx`)).status).toBe(404);
    const other = await site('public');
    const theirs = new URL((await other.preview()).body.url).searchParams.get('preview')!;
    expect((await get(`${server.url}/sites/${s.id}/?preview=${theirs}`)).status).toBe(404);
    server.clock.advance(61 * 60 * 1000);
    try {
      expect((await get(r.body.url)).status).toBe(404);
      expect((await get(`${server.url}/sites/${s.id}/more`, { cookie })).status).toBe(404);
    } finally {
      server.clock.advance(-61 * 60 * 1000);
    }
    // Who may: the create role on the site (who may publish it).
    expect((await preview('', t.as('creator'))).status).toBe(200);
    expect((await preview('', t.as('editor'))).status).toBe(403);
    expect((await preview('', other.t.api)).status).toBe(404);
  });

  it('opens a share-link or visitor-auth site without its key or token; siteSpace and target choose where; claims is refused', async () => {
    for (const visibility of ['share-link', 'visitor-auth']) {
      const { t, site: s, preview } = await site(visibility);
      expect((await t.api.post(`/v1/orgs/${t.org}/sites/${s.id}/publish`)).status).toBe(200);
      expect((await get(`${server.url}/sites/${s.id}/`)).status).not.toBe(200);
      const page = await get((await preview()).body.url);
      expect([visibility, page.status]).toEqual([visibility, 200]);
      const spaces = (await t.api.get(`/v1/orgs/${t.org}/sites/${s.id}/site-spaces`)).body.items;
      const second = spaces.find((x: any) => !x.default);
      const at = (await preview(`?siteSpace=${second.id}`)).body.url;
      expect(new URL(at).pathname).toBe(`/sites/${s.id}/${second.path}/`);
      expect((await get(at)).text).toContain('<h1>API overview</h1>');
      const target = (await preview(`?target=${encodeURIComponent(`${server.ctx.config.publicUrl}/sites/${s.id}/more`)}&draft=false`)).body.url;
      expect(new URL(target).pathname).toBe(`/sites/${s.id}/more`);
      expect((await get(target)).text).toContain('<h1>More</h1>');
      expect((await preview('?siteSpace=nope')).body.error.message).toContain('/query/siteSpace');
      expect((await preview('?target=https://elsewhere.example.com/x')).body.error.message).toContain('/query/target');
      expect((await preview('?claims=(role:admin)')).body.error.message).toContain('/query/claims');
    }
  });
});

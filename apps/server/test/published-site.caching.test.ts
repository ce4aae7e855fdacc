// Conditional requests and caching headers of the published site's pages (session 20): an ETag on every page, 304 to
// a reader whose copy is current, a new tag after an edit, and `public` only when nothing of the visitor shapes the
// page (before, pages carried neither an ETag nor a Cache-Control: every view downloaded the whole page again).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, startTestServer, type TestServer } from '../src/testing/index.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server?.close());

const get = async (path: string, headers: Record<string, string> = {}, method = 'GET') => {
  const r = await fetch(`${server.url}${path}`, { redirect: 'manual', headers, method });
  return { status: r.status, text: await r.text(), etag: r.headers.get('etag'), cache: r.headers.get('cache-control') };
};

describe('published site pages: ETag, 304 and Cache-Control', () => {
  it('answers 304 to a current copy, a new tag after an edit, public only without visitor-shaped content', async () => {
    const t = await createTenant(server);
    const space = (await t.api.post(`/v1/orgs/${t.org}/spaces`, { title: 'Guide' })).body;
    const edits = await t.api.post(`/v1/spaces/${space.id}/content/edits`, { edits: [
      { op: 'createPage', page: { id: 'page-intro', title: 'Introduction', markdown: 'Hello.\n' } },
      { op: 'createPage', page: { id: 'page-setup', title: 'Setup', markdown: 'Install.\n' } },
      { op: 'createPage', page: { id: 'page-beta', title: 'Beta', markdown: '{% if visitor.claims.unsigned.beta %}\nBeta text.\n{% endif %}\nAll.\n' } },
    ] });
    expect(edits.status, JSON.stringify(edits.body)).toBe(200);
    const site = (await t.api.post(`/v1/orgs/${t.org}/sites`, { title: 'Acme Docs', visibility: 'public', spaces: [space.id] })).body;
    const S = `/v1/orgs/${t.org}/sites/${site.id}`;
    const custom = (await t.api.get(`${S}/customization`)).body;
    // Without a theme switch (GitBook's default has one: then the reader's theme is a cookie, below).
    expect((await t.api.put(`${S}/customization`, { ...custom, themes: { default: 'light', toggeable: false } })).status).toBe(200);
    expect((await t.api.post(`${S}/publish`)).status).toBe(200);
    const base = `/sites/${site.id}`;

    const first = await get(`${base}/setup`);
    expect(first.status).toBe(200);
    expect(first.etag).toMatch(/^"[\w-]{20,}"$/);
    expect(first.cache).toBe('public, max-age=0, must-revalidate');
    // The same bytes again (from the page cache): the same tag.
    expect((await get(`${base}/setup`)).etag).toBe(first.etag);
    // A current copy: 304 without a body, for GET and HEAD, and in a list or weak form.
    for (const inm of [first.etag!, `"other", ${first.etag}`, `W/${first.etag}`]) {
      const again = await get(`${base}/setup`, { 'if-none-match': inm });
      expect(again.status, inm).toBe(304);
      expect(again.text).toBe('');
    }
    expect((await get(`${base}/setup`, { 'if-none-match': first.etag! }, 'HEAD')).status).toBe(304);
    expect((await get(`${base}/setup`, { 'if-none-match': '"stale"' })).status).toBe(200);
    // Another page has another tag; a 404 has none.
    expect((await get(`${base}/`)).etag).not.toBe(first.etag);
    const missing = await get(`${base}/no-such-page`, { 'if-none-match': first.etag! });
    expect(missing.status).toBe(404);
    expect(missing.etag).toBeNull();

    // An edit: the old copy is stale (200, a new tag).
    expect((await t.api.post(`/v1/spaces/${space.id}/content/edits`, { edits: [{ op: 'updatePage', pageId: 'page-setup', page: { markdown: 'Install it now.\n' } }] })).status).toBe(200);
    const edited = await get(`${base}/setup`, { 'if-none-match': first.etag! });
    expect(edited.status).toBe(200);
    expect(edited.text).toContain('Install it now.');
    expect(edited.etag).not.toBe(first.etag);

    // A page of `{% if %}` blocks depends on the visitor's claims: private, each audience its own tag.
    const beta = await get(`${base}/beta?visitor.beta=true`);
    const plain = await get(`${base}/beta`);
    expect(beta.text).toContain('Beta text.');
    expect(plain.text).not.toContain('Beta text.');
    expect(beta.cache).toBe('private, no-cache');
    expect(plain.cache).toBe('private, no-cache');
    expect(beta.etag).not.toBe(plain.etag);

    // A theme switch (a cookie picks the theme): private.
    expect((await t.api.put(`${S}/customization`, { ...custom, themes: { default: 'light', toggeable: true } })).status).toBe(200);
    expect((await get(`${base}/setup`)).cache).toBe('private, no-cache');
  });

  it('feeds, indexes and .md twins: an ETag, 304 to a current copy, a new tag after an edit', async () => {
    const t = await createTenant(server);
    const space = (await t.api.post(`/v1/orgs/${t.org}/spaces`, { title: 'Guide' })).body;
    expect((await t.api.post(`/v1/spaces/${space.id}/content/edits`, { edits: [
      { op: 'createPage', page: { id: 'page-intro', title: 'Introduction', markdown: 'Hello.\n' } },
      { op: 'createPage', page: { id: 'page-setup', title: 'Setup', markdown: 'Install.\n' } },
    ] })).status).toBe(200);
    const site = (await t.api.post(`/v1/orgs/${t.org}/sites`, { title: 'Acme Docs', visibility: 'public', spaces: [space.id] })).body;
    expect((await t.api.post(`/v1/orgs/${t.org}/sites/${site.id}/publish`)).status).toBe(200);
    const base = `/sites/${site.id}`;
    const paths = ['/robots.txt', '/sitemap.xml', '/sitemap-pages.xml', '/llms.txt', '/~gitbook/site-index', '/setup.md'];
    const before = new Map<string, string>();
    for (const path of paths) {
      const r = await get(`${base}${path}`);
      expect(r.status, path).toBe(200);
      expect(r.etag, path).toMatch(/^"[\w-]{20,}"$/);
      expect(r.cache, path).toBe(path === '/setup.md' ? 'private, no-cache' : 'public, max-age=0, must-revalidate');
      const again = await get(`${base}${path}`, { 'if-none-match': r.etag! });
      expect(again.status, path).toBe(304);
      expect(again.text, path).toBe('');
      before.set(path, r.etag!);
    }
    // A new page: every answer listing pages changes (robots.txt does not).
    expect((await t.api.post(`/v1/spaces/${space.id}/content/edits`, { edits: [{ op: 'updatePage', pageId: 'page-setup', page: { title: 'Setup guide', markdown: 'Install it.\n' } }] })).status).toBe(200);
    for (const path of ['/sitemap-pages.xml', '/llms.txt', '/~gitbook/site-index', '/setup.md']) {
      const r = await get(`${base}${path}`, { 'if-none-match': before.get(path)! });
      expect(r.status, path).toBe(200);
      expect(r.etag, path).not.toBe(before.get(path));
    }
    expect((await get(`${base}/robots.txt`, { 'if-none-match': before.get('/robots.txt')! })).status).toBe(304);
  });

  it('every answer with an ETag reads If-None-Match alike: alone, weak, in a list, *; a stale or malformed one gets the answer', async () => {
    const t = await createTenant(server);
    const space = (await t.api.post(`/v1/orgs/${t.org}/spaces`, { title: 'Guide' })).body;
    expect((await t.api.post(`/v1/spaces/${space.id}/content/edits`, { edits: [
      { op: 'createPage', page: { id: 'page-intro', title: 'Introduction', markdown: 'Hello.\n' } },
      { op: 'createPage', page: { id: 'page-news', title: 'News', markdown: '{% updates format="full" %}\n{% update date="2026-01-01" %}\n## First\n\nText.\n{% endupdate %}\n{% endupdates %}\n' } },
    ] })).status).toBe(200);
    const up = await fetch(`${server.url}/v1/spaces/${space.id}/content/files?name=note.txt`, { method: 'POST', headers: { authorization: `Bearer ${t.owner.token}`, 'content-type': 'text/plain' }, body: 'a note' });
    expect(up.status).toBe(201);
    const fileId = ((await up.json()) as { id: string }).id;
    const site = (await t.api.post(`/v1/orgs/${t.org}/sites`, { title: 'Acme Docs', visibility: 'public', spaces: [space.id] })).body;
    expect((await t.api.post(`/v1/orgs/${t.org}/sites/${site.id}/publish`)).status).toBe(200);
    const base = `/sites/${site.id}`;
    const siteSpaceId = (await t.api.get(`/v1/orgs/${t.org}/sites/${site.id}/site-spaces`)).body.items[0].id;
    const paths = ['/news', '/robots.txt', '/sitemap.xml', '/sitemap-pages.xml', '/llms.txt', '/sitemap.md', '/~gitbook/site-index', '/news.md', '/news/rss.xml',
      `/~files/${siteSpaceId}/${fileId}/note.txt`, '/~gitbook/icon', '/~gitbook/ogimage/page-intro', '/~gitbook/pdf?page=page-intro&only=yes'];
    for (const path of paths) {
      const r = await get(`${base}${path}`);
      expect(r.status, path).toBe(200);
      expect(r.etag, path).toMatch(/^"[\w-]{20,}"$/);
      for (const inm of [r.etag!, `W/${r.etag}`, `"other", ${r.etag}`, `"a,b",W/${r.etag}`, '*']) {
        const again = await get(`${base}${path}`, { 'if-none-match': inm });
        expect(again.status, `${path} ${inm}`).toBe(304);
        expect(again.text, path).toBe('');
        expect(again.etag, path).toBe(r.etag);
      }
      expect((await get(`${base}${path}`, { 'if-none-match': r.etag! }, 'HEAD')).status, path).toBe(304);
      for (const inm of ['"stale"', r.etag!.slice(1, -1), `junk ${r.etag}`]) expect((await get(`${base}${path}`, { 'if-none-match': inm })).status, `${path} ${inm}`).toBe(200);
    }
   }, 120_000);

  it('a share-link site is private', async () => {
    const t = await createTenant(server);
    const space = (await t.api.post(`/v1/orgs/${t.org}/spaces`, { title: 'Guide' })).body;
    expect((await t.api.post(`/v1/spaces/${space.id}/content/edits`, { edits: [{ op: 'createPage', page: { title: 'Introduction', markdown: 'Hello.\n' } }] })).status).toBe(200);
    const site = (await t.api.post(`/v1/orgs/${t.org}/sites`, { title: 'Shared', visibility: 'share-link', spaces: [space.id] })).body;
    expect((await t.api.post(`/v1/orgs/${t.org}/sites/${site.id}/publish`)).status).toBe(200);
    const link = (await t.api.get(`/v1/orgs/${t.org}/sites/${site.id}/share-links`)).body.items[0];
    const key = new URL(link.urls.published).searchParams.get('share');
    const r = await get(`/sites/${site.id}/?share=${key}`);
    expect(r.status).toBe(200);
    expect(r.cache).toBe('private, no-cache');
    expect(r.etag).toMatch(/^"/);
  });
});

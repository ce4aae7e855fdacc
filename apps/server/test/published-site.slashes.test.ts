// The published site's page URLs with a trailing or doubled slash: as GitBook, a redirect (302) to the page's own URL
// (its canonical link), the query kept, always a path of the same site.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, startTestServer, type TestServer } from '../src/testing/index.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server?.close());

const get = async (path: string) => {
  const r = await fetch(`${server.url}${path}`, { redirect: 'manual' });
  return { status: r.status, text: await r.text(), location: r.headers.get('location') };
};

describe('published site URLs with extra slashes', () => {
  it('redirects a page URL with a trailing or doubled slash to the page (query kept), never elsewhere', async () => {
    const t = await createTenant(server);
    const space = (await t.api.post(`/v1/orgs/${t.org}/spaces`, { title: 'Guide' })).body;
    const edits = await t.api.post(`/v1/spaces/${space.id}/content/edits`, { edits: [
      { op: 'createPage', page: { id: 'page-intro', title: 'Introduction', markdown: 'Hello.\n' } },
      { op: 'createPage', page: { id: 'page-setup', title: 'Setup', markdown: 'Install.\n' } },
      { op: 'createPage', page: { id: 'page-group', title: 'Advanced', type: 'group' } },
      { op: 'createPage', page: { id: 'page-tuning', title: 'Tuning', parent: 'page-group', markdown: 'Fast.\n' } },
    ] });
    expect(edits.status, JSON.stringify(edits.body)).toBe(200);
    const site = (await t.api.post(`/v1/orgs/${t.org}/sites`, { title: 'Acme Docs', visibility: 'public', spaces: [space.id] })).body;
    expect((await t.api.post(`/v1/orgs/${t.org}/sites/${site.id}/publish`)).status).toBe(200);
    const base = `/sites/${site.id}`;

    const setup = await get(`${base}/setup`);
    expect(setup.status).toBe(200);
    expect(setup.text).toContain(`rel="canonical"`);
    for (const [asked, to] of [
      [`${base}/setup/`, `${base}/setup`],
      [`${base}/setup//`, `${base}/setup`],
      [`${base}/setup/?q=1&x=a%20b`, `${base}/setup?q=1&x=a%20b`],
      [`${base}//setup`, `${base}/setup`],
      [`${base}/advanced//tuning/`, `${base}/advanced/tuning`],
    ]) {
      const r = await get(asked!);
      expect(r.status, asked).toBe(302);
      expect(r.location, asked).toBe(to);
      expect((await get(r.location!)).status).toBe(200);
    }
    // Never an open redirect: a path that looks like another host leads to this site's page, or is not found.
    const odd = await get(`${base}//evil.example/`);
    expect(odd.status === 404 || (odd.status === 302 && odd.location!.startsWith(`${base}/`))).toBe(true);
    // The site's root and the markdown twin stay as they are.
    expect((await get(`${base}/`)).status).toBe(200);
    expect((await get(`${base}/setup.md`)).status).toBe(200);
  });
});

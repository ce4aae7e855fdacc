// GitBook's share key as the first segment below a share-link site (`<site>/<key>/<path>`) for more than a page:
// a POST to `<site>/<key>/~gitbook/search` is answered in place (a redirect would lose its body), and a visitor who
// already holds the key in its cookie and opens the shared link again is sent on to the page. Real HTTP.
import { describe, expect, it } from 'vitest';
import { createTenant, useTestServer } from '../src/testing/index.js';

const server = useTestServer();

async function shareLinkSite() {
  const t = await createTenant(server);
  const space = (await t.api.post(`/v1/orgs/${t.org}/spaces`, { title: 'Guide' })).body;
  const edits = await t.api.post(`/v1/spaces/${space.id}/content/edits`, { edits: [
    { op: 'createPage', page: { id: 'page-intro', title: 'Introduction', markdown: 'Welcome.\n' } },
    { op: 'createPage', page: { id: 'page-setup', title: 'Setup', markdown: 'Run the platypus installer.\n' } },
  ] });
  expect(edits.status, JSON.stringify(edits.body)).toBe(200);
  const site = (await t.api.post(`/v1/orgs/${t.org}/sites`, { title: 'Docs', visibility: 'share-link', spaces: [space.id] })).body;
  expect((await t.api.post(`/v1/orgs/${t.org}/sites/${site.id}/publish`)).status).toBe(200);
  const link = (await t.api.post(`/v1/orgs/${t.org}/sites/${site.id}/share-links`, { name: 'Reviewers' })).body;
  const key = new URL(link.urls.published).searchParams.get('share')!;
  return { t, site, key, base: `/sites/${site.id}`, link };
}

const post = (path: string, body: string, headers: Record<string, string> = {}) =>
  fetch(`${server.url}${path}`, { method: 'POST', body, headers: { 'content-type': 'application/json', ...headers }, redirect: 'manual' });

describe('share key in the path', () => {
  it('answers POST <site>/<key>/~gitbook/search in place, with the key kept in the cookie', async () => {
    const { base, key } = await shareLinkSite();
    const r = await post(`${base}/${key}/~gitbook/search`, '{"query":"platypus"}');
    expect(r.status).toBe(200);
    const json = (await r.json()) as { pages: { title: string }[] }[];
    expect(json.flatMap((g) => g.pages.map((p) => p.title))).toEqual(['Setup']);
    const cookie = r.headers.get('set-cookie')!.split(';')[0]!;
    // The cookie it set opens the site's pages.
    expect((await fetch(`${server.url}${base}/setup`, { headers: { cookie } })).status).toBe(200);
    // With the cookie already holding the key, the same POST is answered in place too.
    expect((await post(`${base}/${key}/~gitbook/search`, '{"query":"platypus"}', { cookie })).status).toBe(200);
    // A POST to a page below the key is no route; a POST with a key of no active link opens nothing.
    const page = await post(`${base}/${key}/setup`, '{}');
    expect(page.status).toBe(405);
    expect(page.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
    expect((await post(`${base}/${'x'.repeat(20)}/~gitbook/search`, '{"query":"platypus"}')).status).toBe(404);
    // GET keeps GitBook's redirect to the path without the key.
    const get = await fetch(`${server.url}${base}/${key}/setup?a=1`, { redirect: 'manual' });
    expect(get.status).toBe(302);
    expect(get.headers.get('location')).toBe(`${base}/setup?a=1`);
  });

  it('sends a visitor whose cookie already holds the key on to the path without it (it was a 404)', async () => {
    const { base, key } = await shareLinkSite();
    const first = await fetch(`${server.url}${base}/?share=${key}`);
    expect(first.status).toBe(200);
    const cookie = first.headers.get('set-cookie')!.split(';')[0]!;
    const again = await fetch(`${server.url}${base}/${key}/setup`, { headers: { cookie }, redirect: 'manual' });
    expect(again.status).toBe(302);
    expect(again.headers.get('location')).toBe(`${base}/setup`);
    // A page whose slug looks like a key is still the page for a visitor with the cookie.
    expect((await fetch(`${server.url}${base}/introduction`, { headers: { cookie } })).status).toBe(200);
  });
});

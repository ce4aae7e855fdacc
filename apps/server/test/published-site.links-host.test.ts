// Absolute links of the published site (llms.txt, llms-full.txt, sitemaps, robots.txt, `.md` twins, GitBook's search
// and the visitor-auth fallback's `location`) are made from the site's published address — its custom hostname, else
// the server's configured public URL — never from the request's Host (session 20). Before, a request naming another
// host (`Host: evil.example`) got links to it, which a shared cache keyed without the host could keep for others.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, sendWithHost, startTestServer, type TestServer } from '../src/testing/index.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ publicUrl: 'https://docs-server.host20.test' });
});
afterAll(async () => server?.close());

/** A request with the given Host header. */
const send = (path: string, host: string, opts?: Parameters<typeof sendWithHost>[3]) => sendWithHost(server, path, host, opts);

async function site(visibility = 'public', hostname?: string) {
  const t = await createTenant(server);
  const space = (await t.api.post(`/v1/orgs/${t.org}/spaces`, { title: 'Guide' })).body;
  const edits = await t.api.post(`/v1/spaces/${space.id}/content/edits`, { edits: [
    { op: 'createPage', page: { id: 'page-intro', title: 'Introduction', markdown: 'Read the [setup](setup.md) page.\n' } },
    { op: 'createPage', page: { id: 'page-setup', title: 'Setup', description: 'Install it', markdown: '## Install\n\nThe zebra keyword.\n' } },
  ] });
  expect(edits.status, JSON.stringify(edits.body)).toBe(200);
  const s = (await t.api.post(`/v1/orgs/${t.org}/sites`, { title: 'Acme Docs', visibility, spaces: [space.id] })).body;
  if (hostname) expect((await t.api.patch(`/v1/orgs/${t.org}/sites/${s.id}`, { hostname })).status).toBe(200);
  expect((await t.api.post(`/v1/orgs/${t.org}/sites/${s.id}/publish`)).status).toBeLessThan(300);
  return { t, id: s.id as string, base: `/sites/${s.id}` };
}

/** Every absolute http(s) URL in a text. */
const urls = (text: string) => [...text.matchAll(/https?:\/\/[^\s)"'<>]+/g)].map((m) => m[0]).filter((u) => !u.startsWith('http://www.sitemaps.org/'));

/** The answers with absolute links of a site whose paths start with `base` on the request's host. */
async function linked(base: string, host: string, headers: Record<string, string> = {}) {
  const texts: string[] = [];
  for (const path of ['/llms.txt', '/llms-full.txt', '/sitemap.xml', '/sitemap-pages.xml', '/robots.txt', '/setup.md', '/no-such-page.md']) {
    const r = await send(`${base}${path}`, host, { headers });
    if (path === '/no-such-page.md') expect(r.text).toContain('# Page Not Found');
    else expect(r.status, `${path}: ${r.text.slice(0, 200)}`).toBe(200);
    texts.push(r.text);
  }
  const search = await send(`${base}/~gitbook/search`, host, { method: 'POST', body: '{"query":"zebra"}', headers: { 'content-type': 'application/json', ...headers } });
  expect(search.status).toBe(200);
  texts.push(search.text);
  return texts.join('\n');
}

describe('absolute links of a published site', () => {
  it('a path-routed site links to the configured public URL whatever the Host', async () => {
    const { base } = await site();
    const all = await linked(base, 'evil.example');
    expect(all).not.toContain('evil.example');
    expect(all).toContain(`[Setup](https://docs-server.host20.test${base}/setup.md): Install it`);
    expect(all).toContain(`<loc>https://docs-server.host20.test${base}/setup</loc>`);
    expect(all).toContain(`Sitemap: https://docs-server.host20.test${base}/sitemap.xml`);
    expect(urls(all).length).toBeGreaterThan(5);
    for (const u of urls(all)) expect(u.startsWith(`https://docs-server.host20.test${base}/`), u).toBe(true);
    // The same answers for every Host (one a shared cache may keep for all; asked after the search index is built,
    // which the 404 twin's similar pages use).
    expect(await linked(base, 'evil.example')).toBe(await linked(base, `127.0.0.1:${new URL(server.url).port}`));
  });

  it('a site with a custom hostname links to its hostname, reached by it or at /sites/<id>', async () => {
    const { base } = await site('public', 'docs.links20.example');
    const onHost = await linked('', 'DOCS.links20.example.');
    expect(onHost).toContain('[Setup](https://docs.links20.example/setup.md): Install it');
    for (const u of urls(onHost)) expect(u.startsWith('https://docs.links20.example/'), u).toBe(true);
    const byPath = await linked(base, 'evil.example');
    expect(byPath).not.toContain('evil.example');
    for (const u of urls(byPath)) expect(u.startsWith('https://docs.links20.example/'), u).toBe(true);
  });

  it('a share-link site links where its key cookie is sent: the path on the public URL, or its hostname', async () => {
    const { id, base } = await site('share-link', 'share.links20.example');
    const key = (await server.ctx.db.selectFrom('sites').select('share_key').where('id', '=', id).executeTakeFirstOrThrow()).share_key!;
    const byPath = await linked(base, 'evil.example', { cookie: `bindery_site_share_${id}=${key}` });
    expect(byPath).not.toContain('evil.example');
    for (const u of urls(byPath)) expect(u.startsWith(`https://docs-server.host20.test${base}/`), u).toBe(true);
    const opened = await send(`/?share=${key}`, 'share.links20.example');
    const cookie = String(opened.headers['set-cookie']).split(';')[0]!;
    for (const u of urls(await linked('', 'share.links20.example', { cookie }))) expect(u.startsWith('https://share.links20.example/'), u).toBe(true);
  });

  it("a visitor-auth site's fallback is given the page's address at the public URL, not the request's host", async () => {
    const { t, id, base } = await site('visitor-auth');
    await t.api.put(`/v1/orgs/${t.org}/sites/${id}/visitor-auth`, { fallbackURL: 'https://login.example.com/sso' });
    const r = await send(`${base}/setup`, 'evil.example');
    expect(r.status).toBe(302);
    expect(r.headers.location).toBe(`https://login.example.com/sso?location=${encodeURIComponent(`https://docs-server.host20.test${base}/setup`)}`);
  });
});

// The published site over HTTP (issue 11): pages rendered from the current revision, navigation, sections and site
// spaces in the URL, markdown twins, llms.txt, sitemap.xml, robots.txt, search, visibility and conditions.
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { createTenant, startTestServer, type Tenant, type TestServer, getWithHost } from '../src/testing/index.js';
import { png } from '../src/testing/fixtures.js';
import { startServer } from '../src/server.js';
import { KEYBOARD_SCRIPT } from '../src/site/shell.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server?.close());

const get = async (path: string, headers: Record<string, string> = {}, url = server.url) => {
  const r = await fetch(`${url}${path}`, { headers, redirect: 'manual' });
  return { status: r.status, text: await r.text(), headers: r.headers };
};

/** A GET with a site's custom hostname as its Host header. */
const getHost = (path: string, host: string) => getWithHost(server.url, path, host);

async function upload(t: Tenant, spaceId: string, name: string, data: Buffer | string, contentType: string): Promise<string> {
  const r = await fetch(`${server.url}/v1/spaces/${spaceId}/content/files?name=${encodeURIComponent(name)}`, {
    method: 'POST', headers: { authorization: `Bearer ${t.owner.token}`, 'content-type': contentType }, body: data,
  });
  expect(r.status, await r.clone().text()).toBe(201);
  return ((await r.json()) as { id: string }).id;
}

async function publishedSite(opts: { visibility?: string } = {}) {
  const t = await createTenant(server);
  const space = (await t.api.post(`/v1/orgs/${t.org}/spaces`, { title: 'Guide' })).body;
  const edits = await t.api.post(`/v1/spaces/${space.id}/content/edits`, { edits: [
    { op: 'createPage', page: { id: 'page-intro', title: 'Introduction', markdown: '# Welcome\n\nRead the [setup](setup.md) page.\n\n{% hint style="warning" %}\nMind the <script>alert(1)</script> gap.\n{% endhint %}\n' } },
    { op: 'createPage', page: { id: 'page-setup', title: 'Setup', description: 'Install it', markdown: '## Install\n\n```bash\nnpm install widget\n```\n\nThe zebra keyword.\n' } },
    { op: 'createPage', page: { id: 'page-group', title: 'Advanced', type: 'group' } },
    { op: 'createPage', page: { id: 'page-tuning', title: 'Tuning', parent: 'page-group', markdown: 'Fast.\n' } },
  ] });
  expect(edits.status, JSON.stringify(edits.body)).toBe(200);
  const site = (await t.api.post(`/v1/orgs/${t.org}/sites`, { title: 'Acme Docs', visibility: opts.visibility ?? 'public', spaces: [space.id] })).body;
  return { t, space, site, base: `/sites/${site.id}` };
}

describe('published site', () => {
  it('answers 404 until published, then renders pages with navigation, previous/next and escaped content', async () => {
    const { t, site, base } = await publishedSite();
    expect((await get(`${base}/`)).status).toBe(404);
    expect((await t.api.post(`/v1/orgs/${t.org}/sites/${site.id}/publish`)).status).toBe(200);
    const home = await get(`${base}/`);
    expect(home.status).toBe(200);
    expect(home.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(home.text).toContain('<h1>Introduction</h1>');
    expect(home.text).toContain('id="welcome"');
    expect(home.text).toContain(`href="${base}/setup"`);
    expect(home.text).toContain('class="hint hint-warning"');
    expect(home.text).not.toContain('<script>alert(1)</script>');
    expect(home.text).toContain('&lt;script&gt;');
    expect(home.text).toMatch(/class="group">Advanced</);
    expect(home.text).toContain('rel="next"');

    const setup = await get(`${base}/setup`);
    expect(setup.status).toBe(200);
    expect(setup.text).toContain('<span class="tk-k">npm</span> install widget');
    expect(setup.text).toContain('rel="prev"');
    expect((await get(`${base}/advanced/tuning`)).text).toContain('<h1>Tuning</h1>');
    expect((await get(`${base}/nope`)).status).toBe(404);

    const twin = await get(`${base}/setup.md`);
    expect(twin.headers.get('content-type')).toContain('text/markdown');
    expect(twin.text).toContain('# Setup');
    expect(twin.text).toContain('npm install widget');

    const llms = await get(`${base}/llms.txt`);
    expect(llms.text).toContain('# Acme Docs');
    expect(llms.text).toContain(`[Setup](${server.ctx.config.publicUrl}${base}/setup.md): Install it`);
    expect((await get(`${base}/llms-full.txt`)).text).toContain('The zebra keyword.');
    // GitBook's sitemap index: the sitemap of each site space (session 20; before, one urlset of every page).
    const sitemap = await get(`${base}/sitemap.xml`);
    expect(sitemap.text).toContain(`<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n  <sitemap><loc>${server.ctx.config.publicUrl}${base}/sitemap-pages.xml</loc></sitemap>`);
    expect((await get(`${base}/sitemap-pages.xml`)).text).toMatch(new RegExp(`<loc>${server.ctx.config.publicUrl}${base}/advanced/tuning</loc><lastmod>[^<]+</lastmod><priority>0.84</priority>`));
    expect((await get(`${base}/robots.txt`)).text).toBe(`User-agent: *\nContent-Signal: ai-train=yes, search=yes, ai-input=yes\nAllow: ${base}/\nSitemap: ${server.ctx.config.publicUrl}${base}/sitemap.xml\n`);

    // A hit in a section of a page leads to its heading (session 15: the page's top).
    const search = await get(`${base}/~search?q=zebra`, { accept: 'application/json' });
    expect(JSON.parse(search.text).results.map((r: any) => r.href)).toEqual([`${base}/setup#install`]);
    expect((await get(`${base}/~search?q=zebra`)).text).toContain(`href="${base}/setup#install"`);
    // Search reads what a reader sees: the markup of a page (tag lines, HTML, link syntax) neither matches nor shows.
    const json = async (q: string) => JSON.parse((await get(`${base}/~search?q=${q}`, { accept: 'application/json' })).text).results;
    expect(await json('hint')).toEqual([]);
    expect(await json('script')).toEqual([]);
    expect((await json('mind'))[0]).toMatchObject({ href: `${base}/#welcome`, section: 'Welcome', excerpt: 'Welcome Read the setup page. Mind the alert(1) gap.' });
    expect((await json('npm'))[0].excerpt).toBe('Install npm install widget The zebra keyword.');
    // (Session 20: an excerpt from the page's start no longer repeats the title shown above it.)

    // Always current: an edit shows at once.
    expect((await t.api.patch(`/v1/spaces/${(await t.api.get(`/v1/orgs/${t.org}/sites/${site.id}/site-spaces`)).body.items[0].space.id}/content/page/page-setup`, { markdown: 'Changed.\n' })).status).toBe(200);
    expect((await get(`${base}/setup`)).text).toContain('Changed.');
  });

  it('serves llms-full.txt in parts of 100 pages, llms.txt as sitemap.md too, and a page asked for as markdown (Accept: text/markdown) as its twin', async () => {
    const { t, space, site, base } = await publishedSite();
    const more = Array.from({ length: 150 }, (_, i) => ({ op: 'createPage', page: { id: `page-more-${i}`, title: `More ${i}`, markdown: `Body ${i}.\n` } }));
    expect((await t.api.post(`/v1/spaces/${space.id}/content/edits`, { edits: more })).status).toBe(200);
    await t.api.post(`/v1/orgs/${t.org}/sites/${site.id}/publish`);
    const firstAnswer = await get(`${base}/llms-full.txt`);
    // Streamed a few pages at a time (a part can hold 200 MiB of markdown): no length known up front.
    expect(firstAnswer.headers.get('content-length')).toBeNull();
    expect(firstAnswer.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    const first = firstAnswer.text;
    expect(first).toMatch(/^# Acme Docs\n/);
    expect(first).toContain('# Introduction');
    expect(first).toContain('Body 96.');
    expect(first).not.toContain('Body 97.'); // 3 pages of the guide (its group is no page), then 97 more
    expect(first.trimEnd().endsWith(`[Next Page](${server.ctx.config.publicUrl}${base}/llms-full.txt/1)`)).toBe(true);
    const second = (await get(`${base}/llms-full.txt/1`)).text;
    expect(second).toContain('# More 97\n');
    expect(second).toContain('Body 149.');
    expect(second).not.toContain('Next Page');
    expect((await get(`${base}/llms-full.txt/2`)).status).toBe(404);
    for (const alias of ['sitemap.md', '.well-known/sitemap.md']) expect((await get(`${base}/${alias}`)).text).toBe((await get(`${base}/llms.txt`)).text);
    const md = await get(`${base}/setup`, { accept: 'text/markdown' });
    expect(md.headers.get('content-type')).toMatch(/^text\/markdown/);
    expect(md.text).toContain('npm install widget');
    // GitBook's directive line, then the page (session 20).
    expect((await get(`${base}/`, { accept: 'text/markdown, text/html;q=0.5' })).text).toMatch(new RegExp(`^> For the complete documentation index, see \\[llms\\.txt\\]\\(${server.ctx.config.publicUrl}${base}/llms\\.txt\\)\\.\n\n# Introduction\n`));
    // A page that does not exist, asked for as markdown: 200 (agents drop 404 bodies) naming similar pages once search
    // has indexed the space; the HTML page of the same path stays a 404.
    const missing = await get(`${base}/installing-setup.md`);
    expect(missing.status).toBe(200);
    expect(missing.text).toMatch(/^# Page Not Found\n/);
    expect(missing.text).not.toContain('Similar pages');
    await get(`${base}/~search?q=setup`);
    expect((await get(`${base}/installing-setup.md`)).text).toContain(`- [Setup](${server.ctx.config.publicUrl}${base}/setup.md)`);
    expect((await get(`${base}/installing-setup`, { accept: 'text/markdown' })).status).toBe(200);
    expect((await get(`${base}/installing-setup`)).status).toBe(404);
    const html = await get(`${base}/setup`, { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' });
    expect(html.headers.get('content-type')).toMatch(/^text\/html/);
    expect(html.headers.get('vary')).toContain('Accept');
  });

  it('prewarms the search (prewarmSiteSearch): the indexes a first search would build, for readers of the site', async () => {
    const { t, space, site, base } = await publishedSite();
    const second = (await t.api.post(`/v1/orgs/${t.org}/spaces`, { title: 'Second' })).body;
    await t.api.post(`/v1/spaces/${second.id}/content/edits`, { edits: [{ op: 'createPage', page: { id: 'page-other', title: 'Other', markdown: 'Elsewhere.\n' } }] });
    expect((await t.api.post(`/v1/orgs/${t.org}/sites/${site.id}/site-spaces`, { spaceId: second.id })).status).toBe(201);
    const prewarm = (tenant: Tenant) => tenant.api.post(`/v1/orgs/${t.org}/sites/${site.id}/search/prewarm`);
    // Not published yet: only the site's readers (members) may; others do not see it.
    const outsider = await createTenant(server);
    expect((await prewarm(outsider)).status).toBe(404);
    // No index yet: a missing page asked for as markdown names no similar page (it uses an index only when built).
    await t.api.post(`/v1/orgs/${t.org}/sites/${site.id}/publish`);
    expect((await get(`${base}/installing-setup.md`)).text).not.toContain('Similar pages');
    const first = await prewarm(t);
    expect(first.status).toBe(204);
    expect(first.headers.get('x-bindery-search-indexes')).toBe('built=2, warm=0');
    expect((await get(`${base}/installing-setup.md`)).text).toContain(`- [Setup](${server.ctx.config.publicUrl}${base}/setup.md)`);
    // Kept: the searches and the next prewarm use the same indexes (a published public site: anyone with a token).
    expect(JSON.parse((await get(`${base}/~search?q=zebra`, { accept: 'application/json' })).text).results.map((r: any) => r.href)).toEqual([`${base}/setup#install`]);
    expect((await prewarm(outsider)).headers.get('x-bindery-search-indexes')).toBe('built=0, warm=2');
    // An edit publishes a new revision of one space: only its index is built again, and it finds the new words.
    expect((await t.api.patch(`/v1/spaces/${space.id}/content/page/page-setup`, { markdown: 'The okapi keyword.\n' })).status).toBe(200);
    expect((await prewarm(t)).headers.get('x-bindery-search-indexes')).toBe('built=1, warm=1');
    expect(JSON.parse((await get(`${base}/~search?q=okapi`, { accept: 'application/json' })).text).results.map((r: any) => r.href)).toEqual([`${base}/setup`]);
    expect((await t.api.post(`/v1/orgs/${t.org}/sites/nope/search/prewarm`)).status).toBe(404);
  });

  it('leads the old path of a renamed or moved page to its current path (GitBook\'s automatic redirects)', async () => {
    const { t, space, site, base } = await publishedSite();
    await t.api.post(`/v1/orgs/${t.org}/sites/${site.id}/publish`);
    expect((await get(`${base}/setup`)).status).toBe(200);
    // Renamed (slug), then moved into the group: both old paths lead to where the page is now.
    expect((await t.api.patch(`/v1/spaces/${space.id}/content/page/page-setup`, { slug: 'installation' })).status).toBe(200);
    const edits = await t.api.post(`/v1/spaces/${space.id}/content/edits`, { edits: [{ op: 'movePage', pageId: 'page-setup', parent: 'page-group' }] });
    expect(edits.status, JSON.stringify(edits.body)).toBe(200);
    for (const [path, to] of [['setup', 'advanced/installation'], ['SETUP', 'advanced/installation'], ['installation', 'advanced/installation'], ['setup.md', 'advanced/installation.md']]) {
      const r = await get(`${base}/${path}`);
      expect(r.status, path).toBe(307);
      expect(r.headers.get('location')).toBe(`${base}/${to}`);
    }
    expect((await get(`${base}/advanced/installation`)).text).toContain('The zebra keyword.');
    // A new page taking an old path wins over the redirect; a deleted page's old path is a 404.
    await t.api.post(`/v1/spaces/${space.id}/content/edits`, { edits: [{ op: 'createPage', page: { id: 'page-new', title: 'Setup', markdown: 'New setup.\n' } }] });
    expect((await get(`${base}/setup`)).text).toContain('New setup.');
    await t.api.post(`/v1/spaces/${space.id}/content/edits`, { edits: [{ op: 'deletePage', pageId: 'page-setup' }] });
    expect((await get(`${base}/installation`)).status).toBe(404);
  });

  it('unlisted sites are not indexed; share-link sites need their key; visitor-auth sites need a signed visitor token', async () => {
    const unlisted = await publishedSite({ visibility: 'unlisted' });
    await unlisted.t.api.post(`/v1/orgs/${unlisted.t.org}/sites/${unlisted.site.id}/publish`);
    const page = await get(`${unlisted.base}/`);
    expect(page.text).toContain('noindex');
    expect((await get(`${unlisted.base}/robots.txt`)).text).toContain('Disallow: /');
    expect((await get(`${unlisted.base}/sitemap.xml`)).text).not.toContain('<loc>');
    expect((await get(`${unlisted.base}/sitemap-pages.xml`)).text).not.toContain('<loc>');

    const shared = await publishedSite({ visibility: 'share-link' });
    await shared.t.api.post(`/v1/orgs/${shared.t.org}/sites/${shared.site.id}/publish`);
    const key = (await server.ctx.db.selectFrom('sites').select('share_key').where('id', '=', shared.site.id).executeTakeFirstOrThrow()).share_key;
    expect((await get(`${shared.base}/`)).status).toBe(404);
    const withKey = await get(`${shared.base}/?share=${key}`);
    expect(withKey.status).toBe(200);
    const cookie = withKey.headers.get('set-cookie')!.split(';')[0]!;
    expect((await get(`${shared.base}/setup`, { cookie })).status).toBe(200);

    const closed = await publishedSite({ visibility: 'visitor-auth' });
    await closed.t.api.post(`/v1/orgs/${closed.t.org}/sites/${closed.site.id}/publish`);
    const r = await get(`${closed.base}/`);
    expect(r.status).toBe(401);
    expect(r.text).not.toContain('Introduction');
    const auth = `/v1/orgs/${closed.t.org}/sites/${closed.site.id}/visitor-auth`;
    const settings = (await closed.t.api.get(auth)).body;
    expect(settings).toMatchObject({ object: 'site-visitor-auth', algorithm: 'HS256' });
    expect((await closed.t.api.put(auth, { fallbackURL: 'https://login.example.com/sso' })).body.fallbackURL).toBe('https://login.example.com/sso');
    const redirected = await get(`${closed.base}/setup`);
    expect(redirected.status).toBe(302);
    expect(redirected.headers.get('location')).toBe(`https://login.example.com/sso?location=${encodeURIComponent(`${server.ctx.config.publicUrl}${closed.base}/setup`)}`);
    const token = await new SignJWT({ plan: 'pro' }).setProtectedHeader({ alg: 'HS256' }).setExpirationTime('1h').sign(new TextEncoder().encode(settings.key));
    const signedIn = await get(`${closed.base}/setup?jwt_token=${token}`);
    expect(signedIn.status).toBe(200);
    expect(signedIn.text).toContain('<h1>Setup</h1>');
    const session = signedIn.headers.get('set-cookie')!.split(';')[0]!;
    expect((await get(`${closed.base}/`, { cookie: session })).status).toBe(200);
    const forged = await new SignJWT({ plan: 'pro' }).setProtectedHeader({ alg: 'HS256' }).sign(new TextEncoder().encode('not-the-key'));
    expect((await get(`${closed.base}/?jwt_token=${forged}`)).status).toBe(302);
    // Rotating the key ends the sessions of old tokens; unpublishing closes the site.
    await closed.t.api.put(auth, { rotateKey: true });
    expect((await get(`${closed.base}/`, { cookie: session })).status).toBe(302);
    const unpublished = await closed.t.api.post(`/v1/orgs/${closed.t.org}/sites/${closed.site.id}/unpublish`);
    expect(unpublished.body.published).toBe(false);
    expect((await get(`${closed.base}/?jwt_token=${token}`)).status).toBe(404);
    const reader = await createTenant(server, {});
    expect((await reader.api.get(auth)).status).toBe(404);
  });

  it('a hidden site space (GitBook\'s `hidden`) is left out of the site space switcher and still served at its path', async () => {
    const { t, site, base } = await publishedSite();
    const v2 = (await t.api.post(`/v1/orgs/${t.org}/spaces`, { title: 'Version 2' })).body;
    await t.api.post(`/v1/spaces/${v2.id}/content/edits`, { edits: [{ op: 'createPage', page: { id: 'page-next', title: 'Next', markdown: 'Coming soon.\n' } }] });
    const added = await t.api.post(`/v1/orgs/${t.org}/sites/${site.id}/site-spaces`, { spaceId: v2.id });
    expect(added.status).toBe(201);
    expect(added.body.hidden).toBe(false);
    await t.api.post(`/v1/orgs/${t.org}/sites/${site.id}/publish`);
    const link = `<a href="${base}/${added.body.path}/">Version 2</a>`;
    expect((await get(`${base}/`)).text).toContain(link);

    const hidden = await t.api.patch(`/v1/orgs/${t.org}/sites/${site.id}/site-spaces/${added.body.id}`, { hidden: true });
    expect(hidden.status, JSON.stringify(hidden.body)).toBe(200);
    expect(hidden.body).toMatchObject({ hidden: true, path: added.body.path });
    const listed = (await t.api.get(`/v1/orgs/${t.org}/sites/${site.id}/site-spaces`)).body.items;
    expect(listed.map((ss: any) => ss.hidden)).toEqual([false, true]);
    // Left out of the switcher (one variant left: no switcher at all), still served at its path, where it shows as
    // the current one beside the others.
    const home = (await get(`${base}/`)).text;
    expect(home).not.toContain('Version 2');
    expect(home).not.toContain('class="variants"');
    const direct = await get(`${base}/${added.body.path}/`);
    expect(direct.status).toBe(200);
    expect(direct.text).toContain('<h1>Next</h1>');
    expect(direct.text).toContain(`<a href="${base}/${added.body.path}/" aria-current="true">Version 2</a>`);
    // Other changes keep it hidden; `hidden: false` shows it again.
    expect((await t.api.patch(`/v1/orgs/${t.org}/sites/${site.id}/site-spaces/${added.body.id}`, { condition: null })).body.hidden).toBe(true);
    expect((await t.api.patch(`/v1/orgs/${t.org}/sites/${site.id}/site-spaces/${added.body.id}`, { hidden: false })).body.hidden).toBe(false);
    expect((await get(`${base}/`)).text).toContain(link);
    expect((await t.api.patch(`/v1/orgs/${t.org}/sites/${site.id}/site-spaces/${added.body.id}`, { hidden: 'yes' })).status).toBe(400);
  });

  it('drafts (GitBook\'s `draft`) of site spaces and sections are not live: the published site, its profile and /urls/published leave them out', async () => {
    const { t, site, base } = await publishedSite();
    const api = `/v1/orgs/${t.org}/sites/${site.id}`;
    // Through the API's site search: someone who reads the site only because it is published searches what is live.
    const outsider = await createTenant(server);
    const apiSearch = async (who: Tenant, q: string) => (await who.api.post(`${api}/search`, { query: q })).body.count;
    const upcoming = (await t.api.post(`/v1/orgs/${t.org}/spaces`, { title: 'Upcoming' })).body;
    await t.api.post(`/v1/spaces/${upcoming.id}/content/edits`, { edits: [{ op: 'createPage', page: { id: 'page-soon', title: 'Soon', markdown: 'The quetzal arrives.\n' } }] });
    const draft = await t.api.post(`${api}/site-spaces`, { spaceId: upcoming.id, draft: true });
    expect(draft.status, JSON.stringify(draft.body)).toBe(201);
    expect(draft.body.draft).toBe(true);
    await t.api.post(`${api}/publish`);
    const lookup = async (path: string) => (await t.api.post('/v1/urls/published', { url: `${server.ctx.config.publicUrl}${base}/${path}` })).body;
    const search = async (q: string) => JSON.parse((await get(`${base}/~search?q=${q}`, { accept: 'application/json' })).text).results;

    // Not live: not served, not in the switcher, not searched, not in the published profile, not resolved.
    expect((await get(`${base}/${draft.body.path}/`)).status).toBe(404);
    expect((await get(`${base}/`)).text).not.toContain('Upcoming');
    expect(await search('quetzal')).toEqual([]);
    expect((await t.api.get(`${api}/published`)).body.structure.structure.map((ss: any) => ss.id)).not.toContain(draft.body.id);
    expect((await lookup(`${draft.body.path}/`)).siteSpace).not.toBe(draft.body.id);
    expect(await apiSearch(outsider, 'quetzal')).toBe(0);
    const outsiderLists = async () => (await outsider.api.get(`${api}/site-spaces`)).body.items.map((ss: any) => ss.id);
    expect(await outsiderLists()).not.toContain(draft.body.id);
    // The API's reads show it, as a draft.
    expect((await t.api.get(`${api}/site-spaces`)).body.items.map((ss: any) => [ss.id, ss.draft])).toContainEqual([draft.body.id, true]);

    // Live once `draft: false`.
    expect((await t.api.patch(`${api}/site-spaces/${draft.body.id}`, { draft: false })).body.draft).toBe(false);
    expect((await get(`${base}/${draft.body.path}/`)).text).toContain('<h1>Soon</h1>');
    expect((await search('quetzal')).map((r: any) => r.title)).toEqual(['Soon']);
    expect((await lookup(`${draft.body.path}/`)).siteSpace).toBe(draft.body.id);
    expect(await apiSearch(outsider, 'quetzal')).toBe(1);
    expect(await outsiderLists()).toContain(draft.body.id);

    // A draft section: neither its tab nor its path, and its site spaces with it, until it is live.
    const extra = (await t.api.post(`/v1/orgs/${t.org}/spaces`, { title: 'Reference' })).body;
    await t.api.post(`/v1/spaces/${extra.id}/content/edits`, { edits: [{ op: 'createPage', page: { id: 'page-ref', title: 'Ref', markdown: 'The axolotl table.\n' } }] });
    const section = await t.api.post(`${api}/sections`, { spaceId: extra.id, title: 'Reference', draft: true });
    expect(section.status, JSON.stringify(section.body)).toBe(201);
    expect(section.body.draft).toBe(true);
    expect((await get(`${base}/${section.body.path}/`)).status).toBe(404);
    expect((await get(`${base}/`)).text).not.toContain(`href="${base}/${section.body.path}/"`);
    expect(await search('axolotl')).toEqual([]);
    expect((await t.api.get(`${api}/published`)).body.structure.structure.map((s: any) => s.id)).not.toContain(section.body.id);
    expect((await t.api.patch(`${api}/sections/${section.body.id}`, { draft: false })).body.draft).toBe(false);
    expect((await get(`${base}/${section.body.path}/`)).text).toContain('<h1>Ref</h1>');
    expect((await t.api.get(`${api}/published`)).body.structure.structure.map((s: any) => s.id)).toContain(section.body.id);
    expect((await t.api.patch(`${api}/sections/${section.body.id}`, { draft: 'no' })).status).toBe(400);
  });

  it('sections and site spaces in the URL; conditions decide what a visitor sees', async () => {
    const { t, site, base } = await publishedSite();
    const api = (await t.api.post(`/v1/orgs/${t.org}/spaces`, { title: 'API' })).body;
    expect((await t.api.post(`/v1/spaces/${api.id}/content/edits`, { edits: [{ op: 'createPage', page: { id: 'page-endpoints', title: 'Endpoints', markdown: 'GET /things\n' } }] })).status).toBe(200);
    const section = (await t.api.post(`/v1/orgs/${t.org}/sites/${site.id}/sections`, { spaceId: api.id, title: 'API' })).body;
    await t.api.post(`/v1/orgs/${t.org}/sites/${site.id}/publish`);
    expect((await get(`${base}/api/endpoints`)).text).toContain('<h1>Endpoints</h1>');
    expect((await get(`${base}/`)).text).toContain(`href="${base}/api/"`);
    // Section groups are drop-downs of their sections in the section tabs.
    const group = await t.api.post(`/v1/orgs/${t.org}/sites/${site.id}/section-groups`, { title: 'Developers', sections: [section.id] });
    expect(group.status).toBe(201);
    expect((await get(`${base}/`)).text).toContain(`<details class="dropdown section-group"><summary>Developers</summary><ul><li><a href="${base}/api/">API</a></li></ul></details>`);
    expect((await get(`${base}/api/endpoints`)).text).toContain('<summary aria-current="true">Developers</summary>');

    await t.api.patch(`/v1/orgs/${t.org}/sites/${site.id}/sections/${section.id}`, { condition: 'visitor.claims.unsigned.developer === true' });
    expect((await get(`${base}/api/endpoints`)).status).toBe(404);
    const claims = encodeURIComponent(JSON.stringify({ developer: true }));
    expect((await get(`${base}/api/endpoints?claims=${claims}`)).status).toBe(200);
    const wrong = encodeURIComponent(JSON.stringify({ developer: 'yes' }));
    expect((await get(`${base}/api/endpoints?claims=${wrong}`)).status).toBe(404);
    // GitBook's spellings: ?visitor.<claim>= (kept in the gitbook-visitor-public cookie), gitbook-visitor-public* cookies.
    const viaUrl = await get(`${base}/api/endpoints?visitor.developer=true`);
    expect(viaUrl.status).toBe(200);
    const kept = viaUrl.headers.get('set-cookie')!.split(';')[0]!;
    expect(kept).toMatch(/^gitbook-visitor-public=/);
    expect((await get(`${base}/api/endpoints`, { cookie: kept })).status).toBe(200);
    expect((await get(`${base}/api/endpoints?visitor.developer=yes`)).status).toBe(404);
    expect((await get(`${base}/api/endpoints`, { cookie: `gitbook-visitor-public-app=${encodeURIComponent('{"developer":true}')}` })).status).toBe(200);
    expect((await get(`${base}/api/endpoints`, { cookie: `gitbook-visitor-public=${encodeURIComponent('{"__proto__":{"developer":true}}')}` })).status).toBe(404);
    // {% if %} blocks inside a page: only the branch the visitor's claims select reaches the page, its twin and search.
    expect((await t.api.patch(`/v1/spaces/${api.id}/content/page/page-endpoints`, { markdown: 'GET /things\n\n{% if visitor.claims.unsigned.beta %}\nBeta endpoint quokka.\n{% else %}\nStable only.\n{% endif %}\n' })).status).toBe(200);
    const dev = encodeURIComponent(JSON.stringify({ developer: true }));
    const beta = encodeURIComponent(JSON.stringify({ developer: true, beta: true }));
    const plainPage = await get(`${base}/api/endpoints?claims=${dev}`);
    expect(plainPage.text).toContain('Stable only.');
    expect(plainPage.text).not.toContain('quokka');
    expect((await get(`${base}/api/endpoints.md?claims=${dev}`)).text).not.toContain('quokka');
    expect((await get(`${base}/~search?q=quokka&claims=${dev}`, { accept: 'application/json' })).text).toContain('"results":[]');
    const betaPage = await get(`${base}/api/endpoints?claims=${beta}`);
    expect(betaPage.text).toContain('Beta endpoint quokka.');
    expect(betaPage.text).not.toContain('Stable only.');

    // Signed claims (a visitor token signed with the site's key) decide too.
    await t.api.patch(`/v1/orgs/${t.org}/sites/${site.id}/sections/${section.id}`, { condition: 'visitor.claims.role == "developer"' });
    const key = (await t.api.get(`/v1/orgs/${t.org}/sites/${site.id}/visitor-auth`)).body.key;
    const token = await new SignJWT({ role: 'developer' }).setProtectedHeader({ alg: 'HS256' }).sign(new TextEncoder().encode(key));
    expect((await get(`${base}/api/endpoints`)).status).toBe(404);
    expect((await get(`${base}/api/endpoints?jwt_token=${token}`)).status).toBe(200);
    expect((await get(`${base}/api/endpoints`, { cookie: `gitbook-visitor-token=${token}` })).status).toBe(200);
    const unsignedRole = encodeURIComponent(JSON.stringify({ role: 'developer' }));
    expect((await get(`${base}/api/endpoints?claims=${unsignedRole}`)).status).toBe(404);
  });

  it('draws only http(s) and relative URLs of the customization (social preview, privacy policy, logo, links), never javascript: or data:', async () => {
    const { t, site, base } = await publishedSite();
    await t.api.post(`/v1/orgs/${t.org}/sites/${site.id}/publish`);
    const custom = {
      title: 'Hostile', styling: { theme: 'clean', primaryColor: { light: '#346DDB', dark: '#5B8DEF' } }, favicon: { icon: { light: 'javascript:alert(1)', dark: 'data:text/html,<b>' } },
      header: { logo: { light: 'javascript:alert(2)', dark: 'javascript:alert(2)' }, links: [{ title: 'J', to: { kind: 'url', url: 'javascript:alert(3)' } }] },
      footer: { groups: [{ title: 'G', links: [{ title: 'D', to: { kind: 'url', url: 'data:text/html,<script>alert(4)</script>' } }] }] },
      privacyPolicy: { url: 'javascript:alert(5)' }, socialPreview: { url: 'javascript:alert(6)' },
      themes: { default: 'light', toggeable: false }, feedback: { enabled: false }, ai: { mode: 'none' }, pageActions: {},
      pagination: { enabled: true }, trademark: { enabled: true }, externalLinks: { target: 'self' },
    };
    const put = await t.api.put(`/v1/orgs/${t.org}/sites/${site.id}/customization`, custom);
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    const html = await (await fetch(server.url + base + '/')).text();
    expect(html).toContain('Hostile');
    expect(html).not.toMatch(/javascript:|data:text/i);
    // An http(s) social preview is kept.
    await t.api.put(`/v1/orgs/${t.org}/sites/${site.id}/customization`, { ...custom, socialPreview: { url: 'https://cdn.example.com/card.png' } });
    expect(await (await fetch(server.url + base + '/')).text()).toContain('<meta property="og:image" content="https://cdn.example.com/card.png">');
  });

  it('shows the stored customization: title, logo, favicon, colors, header links and dropdowns, announcement, footer, themes, pagination, trademark, external links; site-space overrides merge field by field', async () => {
    const { t, site, base, space } = await publishedSite();
    await t.api.post(`/v1/orgs/${t.org}/sites/${site.id}/publish`);
    const custom = {
      title: 'Acme Handbook',
      styling: { theme: 'bold', primaryColor: { light: '#E11D48', dark: '#FB7185' }, tint: { color: { light: '#0EA5E9', dark: '#0369A1' } }, corners: 'straight', font: 'Inter', sidebar: { background: 'filled', list: 'line' }, search: 'prominent', warningColor: { light: '#aa5500', dark: '#ffaa00' } },
      favicon: { icon: { light: 'https://cdn.example.com/fav.png', dark: 'https://cdn.example.com/fav-dark.png' } },
      header: {
        logo: { light: 'https://cdn.example.com/logo.png', dark: 'https://cdn.example.com/logo-dark.png' },
        links: [
          { title: 'Status', to: { kind: 'url', url: 'https://status.example.com' }, style: 'button-primary' },
          { title: 'Resources', to: null, links: [{ title: 'Setup guide', to: { kind: 'page', page: 'page-setup' } }, { title: 'Blog', to: { kind: 'url', url: 'https://blog.example.com' } }] },
          { title: 'Partners', to: { kind: 'url', url: 'https://partners.example.com' }, condition: 'visitor.claims.unsigned.partner === true' },
        ],
      },
      footer: { groups: [{ title: 'Company', links: [{ title: 'About us', to: { kind: 'url', url: 'https://example.com/about' } }] }], copyright: '© 2026 Acme Inc.' },
      announcement: { enabled: true, message: 'Version 2 is out!', link: { title: 'Read the setup', to: { kind: 'page', page: 'page-setup' } }, style: 'warning' },
      themes: { default: 'system', toggeable: false },
      feedback: { enabled: false }, ai: { mode: 'none' }, pageActions: { markdown: false },
      pagination: { enabled: false }, trademark: { enabled: false }, externalLinks: { target: 'blank' },
    };
    expect((await t.api.put(`/v1/orgs/${t.org}/sites/${site.id}/customization`, custom)).status).toBe(200);
    // A new customization shows on the next request (the cached page is keyed by the site's version).
    const page = (await get(`${base}/`)).text;
    expect(page).toContain('<title>Introduction | Acme Handbook</title>');
    expect(page).toContain('--primary:#E11D48');
    expect(page).toContain('--primary:#FB7185');
    expect(page).toContain('#0EA5E9');
    expect(page).toContain('--warning:#aa5500');
    expect(page).toContain('--radius:0');
    expect(page).toContain('--font:Inter,');
    expect(page).toContain('class="theme-bold list-line search-prominent"');
    expect(page).toContain('data-theme="system"');
    expect(page).toContain('<link rel="icon" href="https://cdn.example.com/fav.png" media="(prefers-color-scheme: light)">');
    expect(page).toContain('<img class="logo-light" src="https://cdn.example.com/logo.png" alt="Acme Handbook">');
    expect(page).toContain('<a href="https://status.example.com" class="button-primary" target="_blank" rel="noopener noreferrer">Status</a>');
    expect(page).toContain(`<details class="dropdown"><summary>Resources</summary><ul><li><a href="${base}/setup">Setup guide</a></li>`);
    expect(page).not.toContain('Partners');
    expect(page).toMatch(/class="announcement announcement-warning" role="region" aria-label="Announcement"><span>Version 2 is out!<\/span><a href="[^"]*\/setup">Read the setup<\/a>/);
    expect(page).toContain('<h2>Company</h2>');
    expect(page).toContain('© 2026 Acme Inc.');
    expect(page).not.toContain('Powered by Bindery');
    expect(page).not.toContain('rel="next"');
    expect(page).not.toContain('View as Markdown');
    expect((await get(`${base}/?claims=${encodeURIComponent(JSON.stringify({ partner: true }))}`)).text).toContain('Partners');

    // Overrides of one site space merge field by field: its primary color changes, the rest stays the site's.
    const api = (await t.api.post(`/v1/orgs/${t.org}/spaces`, { title: 'API' })).body;
    await t.api.post(`/v1/spaces/${api.id}/content/edits`, { edits: [{ op: 'createPage', page: { id: 'page-api', title: 'Reference', markdown: 'Calls.\n' } }] });
    const ss = (await t.api.post(`/v1/orgs/${t.org}/sites/${site.id}/site-spaces`, { spaceId: api.id })).body;
    const over = await t.api.patch(`/v1/orgs/${t.org}/sites/${site.id}/site-spaces/${ss.id}/customization`, { styling: { primaryColor: { light: '#16A34A', dark: '#4ADE80' } }, announcement: null, footer: { copyright: 'API terms' } });
    expect(over.status, JSON.stringify(over.body)).toBe(200);
    expect(over.body.styling).toMatchObject({ theme: 'bold', corners: 'straight', primaryColor: { light: '#16A34A' } });
    expect(over.body.footer).toMatchObject({ copyright: 'API terms', groups: [{ title: 'Company' }] });
    const apiPage = (await get(`${base}/${ss.path}/`)).text;
    expect(apiPage).toContain('<h1>Reference</h1>');
    expect(apiPage).toContain('--primary:#16A34A');
    expect(apiPage).toContain('class="theme-bold');
    expect(apiPage).toContain('Version 2 is out!'); // null removed the override: the site's announcement shows
    expect(apiPage).toContain('API terms');
    const again = await t.api.patch(`/v1/orgs/${t.org}/sites/${site.id}/site-spaces/${ss.id}/customization`, { styling: { primaryColor: null } });
    expect(again.body.styling.primaryColor.light).toBe('#E11D48');
    expect((await get(`${base}/${ss.path}/`)).text).toContain('--primary:#E11D48');
    // A toggeable theme: the reader's choice by ?theme= then a cookie.
    await t.api.put(`/v1/orgs/${t.org}/sites/${site.id}/customization`, { ...custom, themes: { default: 'light', toggeable: true } });
    const dark = await get(`${base}/?theme=dark`);
    expect(dark.text).toContain('data-theme="dark"');
    expect(dark.text).toContain('class="theme-switch"');
    expect((await get(`${base}/setup`, { cookie: dark.headers.get('set-cookie')!.split(';')[0]! })).text).toContain('data-theme="dark"');
    expect((await get(`${base}/setup`)).text).toContain('data-theme="light"');
    expect(space.id).toBeTruthy();
  });

  it('renders GitBook blocks: tabs, stepper, columns, expandables, content-refs, embeds, files, cards, math, highlighted code; nothing runs', async () => {
    const { t, space, site, base } = await publishedSite();
    await t.api.post(`/v1/orgs/${t.org}/sites/${site.id}/publish`);
    const pdf = await upload(t, space.id, 'guide.pdf', Buffer.from('%PDF-1.4\n'), 'application/pdf');
    const markdown = [
      '{% tabs %}', '{% tab title="npm" %}', '```bash', 'npm install acme', '```', '{% endtab %}', '', '{% tab title="pip" %}', 'Use `pip install acme`.', '{% endtab %}', '{% endtabs %}', '',
      '{% stepper %}', '{% step %}', '### Install', 'Get it.', '{% endstep %}', '', '{% step %}', '### Run', 'Start it.', '{% endstep %}', '{% endstepper %}', '',
      '{% columns %}', '{% column width="60%" %}', 'Left side.', '{% endcolumn %}', '', '{% column %}', 'Right side.', '{% endcolumn %}', '{% endcolumns %}', '',
      '<details>', '', '<summary>More <em>options</em></summary>', '', 'Hidden body.', '', '</details>', '',
      '{% content-ref url="setup.md" %}', '[setup.md](setup.md)', '{% endcontent-ref %}', '',
      '{% embed url="https://www.youtube.com/watch?v=abc123" %}', '',
      `{% file src="/files/${pdf}" %}`, 'The printable guide.', '{% endfile %}', '',
      '<table data-view="cards"><thead><tr><th></th><th data-hidden data-card-target data-type="content-ref"></th></tr></thead><tbody><tr><td><strong>Tuning</strong> <script>x()</script></td><td><a href="advanced/tuning.md">tuning</a></td></tr></tbody></table>', '',
      '$$', 'E = mc^2', '$$', '', 'Inline $$a^2$$ math.', '',
      '```javascript', '// a comment', 'const answer = 42; // "quoted"', '```', '',
      '{% prompt description="Summarize a release" icon="rectangle-terminal" defaultExpanded="full" %}', '```markdown', 'Summarize the changes.', '```', '{% endprompt %}', '',
      '{% openapi-operation spec="petstore" path="/pets" method="get" %}', '[OpenAPI petstore](https://petstore.example/openapi.json)', '{% endopenapi-operation %}', '',
      '[External](https://example.org) and [relative](setup.md#install).', '',
    ].join('\n');
    const edit = await t.api.patch(`/v1/spaces/${space.id}/content/page/page-intro`, { markdown });
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    const page = (await get(`${base}/`)).text;
    expect(page).toContain('<input type="radio" class="tab-input" name="tabs-1" id="tabs-1-0"><label class="tab-label" for="tabs-1-0">npm</label>');
    expect(page).toContain('<label class="tab-label" for="tabs-1-1">pip</label>');
    expect(page).toContain('<span class="tk-k">npm</span> install acme');
    expect(page).not.toContain('{% tab');
    expect(page).toMatch(/<ol class="stepper"><li class="step"><h3 id="install">Install/);
    expect(page).toContain('<div class="column" style="flex-basis:60%"><p>Left side.</p></div>');
    expect(page).toContain('<details class="expandable"><summary>More options</summary><div class="expandable-body"><p>Hidden body.</p></div></details>');
    expect(page).toContain(`<a class="card content-ref" href="${base}/setup">`);
    expect(page).toContain('<span class="card-title">Setup</span>');
    expect(page).toContain('<a class="card embed" href="https://www.youtube.com/watch?v=abc123" rel="noopener">');
    expect(page).not.toContain('<iframe');
    expect(page).toMatch(new RegExp(`<a class="card file" href="${base}/~files/[^/]+/${pdf}/guide.pdf\\?v=[0-9a-f]{12}" download>`));
    expect(page).toContain('<span class="card-title">guide.pdf</span><span class="card-url">application/pdf · 9 B</span>');
    expect(page).toContain(`<a class="card card-item" href="${base}/advanced/tuning"><div class="card-title"><strong>Tuning</strong> </div>`);
    // The content runs nothing: the page's one script is the site's own keyboard shortcuts (allowed by its hash).
    expect(page.match(/<script\b/g)).toHaveLength(1);
    expect(page.slice(page.indexOf('<script'))).toBe(`<script>${KEYBOARD_SCRIPT}</script>\n</body></html>`);
    expect(page).toMatch(/<div class="math"><math display="block"[^>]*>.*<mi>E<\/mi>/);
    expect(page).toMatch(/Inline <math><msup><mi>a<\/mi><mn>2<\/mn><\/msup><\/math> math\./);
    expect(page).toContain('<span class="tk-c">// a comment</span>');
    expect(page).toContain('<span class="tk-k">const</span> answer = <span class="tk-n">42</span>;');
    expect(page).toContain('<a href="https://example.org" rel="noopener">External</a>');
    expect(page).toContain(`<a href="${base}/setup#install">relative</a>`);
    expect(page).not.toMatch(/\{%\s*(end)?(prompt|openapi-operation)/);
    expect(page).toMatch(/<details class="expandable prompt" open><summary>Summarize a release<\/summary><div class="expandable-body"><figure class="code">.*Summarize the changes\./s);
    expect(page).toContain('<section class="api-method"><div class="api-method-head"><span class="http-method">GET</span> <code>/pets</code></div><p><a href="https://petstore.example/openapi.json" rel="noopener">OpenAPI petstore</a></p></section>');
  });

  it('draws the HTML GitBook writes in pages (heading anchors, kbd, marks, icons, mentions, buttons, pictures, figures, tables, titled code) through an allow list', async () => {
    const { t, space, site, base } = await publishedSite();
    await t.api.post(`/v1/orgs/${t.org}/sites/${site.id}/publish`);
    await upload(t, space.id, 'light.png', png(4, 3), 'image/png');
    await upload(t, space.id, 'dark mode.png', png(4, 3), 'image/png');
    const markdown = [
      '## Options <a href="#opts" id="opts"></a>', '',
      'Press <kbd>Ctrl</kbd>, <mark style="color:red;background-color:$primary;">marked</mark>, <i class="fa-github">:github:</i>x<sup>2</sup> and <u onclick="x()">u</u> <num>.', '',
      'See <a data-mention href="setup.md">setup.md</a>, <a href="setup.md" class="button primary">Go</a>, <a href="javascript:alert(1)">bad</a>, <button type="button" class="button secondary" data-action="search" data-query="zebra">Find</button>.', '',
      'Icon <picture><source srcset=".gitbook/assets/dark mode.png" media="(prefers-color-scheme: dark)"><img src=".gitbook/assets/light.png" alt="Logo"></picture> inline.', '',
      '<p align="center">Centered <strong>bold</strong> <img src="https://img.example/x.png" onerror="alert(1)"></p>', '',
      '<div data-with-frame="true"><figure><img src=".gitbook/assets/light.png" alt="Shot"><figcaption><p>Caption</p></figcaption></figure></div>', '',
      '<table><thead><tr><th width="200">Name</th><th align="right">Link</th></tr></thead><tbody><tr><td><code>a</code></td><td><a href="javascript:alert(1)">x</a><script>alert(2)</script></td></tr></tbody></table>', '',
      '<pre class="language-yaml" data-title="openapi.yaml"><code class="lang-yaml">a: <strong>1</strong>', '</code></pre>', '',
      '<iframe src="https://evil.example/"></iframe>', '',
      '<h3 align="center">Keep going</h3>', '',
      '### 1. Create an app in Azure', '', '### Set syntax…', '', '### Plain', '', '## <i class="fa-clock-rotate-left">:clock-rotate-left:</i> What\'s new', '',
      'Call <code class="expression">space.vars.api_url</code> or <code class="expression">space.vars.missing</code>.', '',
      '<table><tbody><tr><td><code class="expression">space.vars.api_url</code></td></tr></tbody></table>', '',
    ].join('\n');
    expect((await t.api.post(`/v1/spaces/${space.id}/content/edits`, { edits: [{ op: 'setVariables', variables: { api_url: 'https://api.example/<v1>' } }] })).status).toBe(200);
    expect((await t.api.patch(`/v1/spaces/${space.id}/content/page/page-intro`, { markdown })).status).toBe(200);
    const page = (await get(`${base}/`)).text;
    const main = page.slice(page.indexOf('<main'), page.indexOf('</main>'));
    // Nothing of it shows as source, nothing runs.
    expect(main).not.toMatch(/&lt;(a|kbd|mark|i|picture|source|img|p|div|figure|table|pre|sup|button)\b/);
    expect(main).not.toMatch(/<script|<iframe|onerror|onclick|javascript:/i);
    expect(main).toContain('<h2 id="opts">Options<a class="anchor" href="#opts" aria-label="Link to Options">#</a></h2>');
    expect(page).toContain('<a href="#opts">Options</a>'); // on this page
    expect(main).toContain('Press <kbd>Ctrl</kbd>, <mark style="color:red;background-color:var(--primary)">marked</mark>, <i class="icon" aria-hidden="true">:github:</i>x<sup>2</sup> and <u>u</u> &lt;num&gt;.');
    expect(main).toContain(`See <a class="mention" href="${base}/setup">Setup</a>, <a href="${base}/setup" class="button primary">Go</a>, <a aria-disabled="true">bad</a>, <a href="${base}/~search?q=zebra" class="button secondary">Find</a>.`);
    // A picture's light and dark images, shown by the site's theme (CSS), not by the system's alone.
    expect(main).toMatch(new RegExp(`Icon <img src="${base}/~files/[^/]+/[^/]+/light\\.png\\?v=\\w+" alt="Logo" loading="lazy" class="light-only"><img src="${base}/~files/[^/]+/[^/]+/dark%20mode\\.png\\?v=\\w+" alt="Logo" loading="lazy" class="dark-only"> inline\\.`));
    expect(main).toContain('<p style="text-align:center">Centered <strong>bold</strong> <img src="https://img.example/x.png" alt="" loading="lazy"></p>');
    expect(main).toMatch(/<div class="frame"><figure><img src="[^"]+light\.png\?v=\w+" alt="Shot" loading="lazy"><figcaption><p>Caption<\/p><\/figcaption><\/figure><\/div>/);
    expect(main).toContain('<div class="table" tabindex="0"><table><thead><tr><th style="width:200px">Name</th><th style="text-align:right">Link</th></tr></thead><tbody><tr><td><code>a</code></td><td><a aria-disabled="true">x</a></td></tr></tbody></table></div>');
    expect(main).toContain('<figure class="code"><figcaption class="code-title">openapi.yaml</figcaption><pre class="raw-code"><code>a: <strong>1</strong>\n</code></pre></figure>');
    expect(main).toContain('<h3 id="keep-going" style="text-align:center">Keep going</h3>');
    // GitBook's own ids of headings where they differ, so links written on GitBook land.
    expect(main).toContain('<h3 id="1-create-an-app-in-azure"><span class="anchor-alias" id="id-1.-create-an-app-in-azure"></span>1. Create an app in Azure<a');
    expect(main).toContain('<h3 id="set-syntax"><span class="anchor-alias" id="set-syntax..."></span>Set syntax…<a');
    expect(main).toContain('<h3 id="plain">Plain<a');
    // An icon in a heading is neither its text nor its anchor (nor in "on this page").
    expect(main).toContain('<h2 id="whats-new"><i class="icon" aria-hidden="true">:clock-rotate-left:</i> What&#39;s new<a class="anchor" href="#whats-new" aria-label="Link to What&#39;s new">#</a></h2>');
    expect(page).toContain('<a href="#whats-new">What&#39;s new</a>');
    // Expressions show the space variable's value; one without a value shows as written.
    expect(main).toContain('<p>Call https://api.example/&lt;v1&gt; or <code class="expression">space.vars.missing</code>.</p>');
    expect(main).toContain('<td>https://api.example/&lt;v1&gt;</td>');
  });

  it('serves space files from the site: images shown, downloads, content types, caching headers, never script; the site visibility applies', async () => {
    const { t, space, site, base } = await publishedSite({ visibility: 'share-link' });
    await t.api.post(`/v1/orgs/${t.org}/sites/${site.id}/publish`);
    const image = png(4, 3, [0, 128, 255]);
    const imageId = await upload(t, space.id, 'diagram.png', image, 'image/png');
    const svgId = await upload(t, space.id, 'logo.svg', '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>', 'image/svg+xml');
    const htmlId = await upload(t, space.id, 'page.html', '<script>alert(1)</script>', 'text/html');
    await t.api.patch(`/v1/spaces/${space.id}/content/page/page-intro`, { markdown: `![A diagram](/files/${imageId})\n\n![By path](.gitbook/assets/logo.svg)\n` });
    const key = (await server.ctx.db.selectFrom('sites').select('share_key').where('id', '=', site.id).executeTakeFirstOrThrow()).share_key;
    const page = (await get(`${base}/?share=${key}`)).text;
    const src = new RegExp(`<img src="(${base}/~files/[^/]+/${imageId}/diagram\\.png\\?v=[0-9a-f]{12})" alt="A diagram" width="4" height="3"`).exec(page)?.[1];
    expect(src, page).toBeTruthy();
    expect(page).toMatch(new RegExp(`<img src="${base}/~files/[^/]+/${svgId}/logo\\.svg\\?v=`));
    // Without the share key the file is as closed as the site.
    expect((await get(src!)).status).toBe(404);
    const cookie = `bindery_site_share_${site.id}=${key}`;
    const img = await fetch(`${server.url}${src}`, { headers: { cookie } });
    expect(img.status).toBe(200);
    expect(img.headers.get('content-type')).toBe('image/png');
    expect(img.headers.get('cache-control')).toBe('private, max-age=31536000, immutable');
    expect(img.headers.get('content-security-policy')).toContain('sandbox');
    expect(img.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await img.arrayBuffer()).equals(image)).toBe(true);
    const etag = img.headers.get('etag')!;
    expect((await fetch(`${server.url}${src!.split('?')[0]}`, { headers: { cookie, 'if-none-match': etag } })).status).toBe(304);
    expect((await fetch(`${server.url}${src!.split('?')[0]}`, { headers: { cookie } })).headers.get('cache-control')).toBe('private, max-age=0, must-revalidate');
    const ssId = /~files\/([^/]+)\//.exec(src!)![1]!;
    const svg = await fetch(`${server.url}${base}/~files/${ssId}/${svgId}/logo.svg`, { headers: { cookie } });
    expect(svg.headers.get('content-type')).toContain('image/svg+xml');
    expect(svg.headers.get('content-security-policy')).toMatch(/default-src 'none'.*sandbox/);
    const html = await fetch(`${server.url}${base}/~files/${ssId}/${htmlId}/page.html`, { headers: { cookie } });
    expect(html.headers.get('content-type')).toContain('application/octet-stream');
    expect(html.headers.get('content-disposition')).toMatch(/^attachment/);
    expect((await get(`${base}/~files/${ssId}/nope/x.png`, { cookie })).status).toBe(404);
    // A site space hidden from the visitor by its condition hides its files too.
    await t.api.patch(`/v1/orgs/${t.org}/sites/${site.id}/site-spaces/${ssId}`, { condition: 'visitor.claims.unsigned.staff === true' });
    expect((await get(src!, { cookie })).status).toBe(404);
  });

  it('stays current: site, customization, structure, space and content changes show on the next request, also through another server on the same database', async () => {
    const { t, space, site, base } = await publishedSite();
    await t.api.post(`/v1/orgs/${t.org}/sites/${site.id}/publish`);
    const other = await startServer({ ...server.ctx.config, port: 0 }, { clock: server.clock, logger: pino({ level: 'silent' }) });
    try {
      for (const url of [server.url, other.url]) expect((await get(`${base}/setup`, {}, url)).text).toContain('<title>Setup | Acme Docs</title>');
      await t.api.patch(`/v1/orgs/${t.org}/sites/${site.id}`, { title: 'Renamed Docs' });
      for (const url of [server.url, other.url]) expect((await get(`${base}/setup`, {}, url)).text).toContain('<title>Setup | Renamed Docs</title>');
      await t.api.put(`/v1/orgs/${t.org}/sites/${site.id}/customization`, { title: 'Custom Title', styling: { theme: 'muted', primaryColor: { light: '#123456', dark: '#654321' } }, favicon: {}, header: { links: [] }, footer: { groups: [] }, themes: { default: 'light', toggeable: false }, feedback: { enabled: false }, ai: { mode: 'none' }, pagination: { enabled: true }, trademark: { enabled: true }, externalLinks: { target: 'self' }, pageActions: {} });
      for (const url of [server.url, other.url]) expect((await get(`${base}/setup`, {}, url)).text).toContain('--primary:#123456');
      await t.api.patch(`/v1/spaces/${space.id}/content/page/page-setup`, { markdown: 'Fresh words.\n' });
      for (const url of [server.url, other.url]) expect((await get(`${base}/setup`, {}, url)).text).toContain('Fresh words.');
      const api = (await t.api.post(`/v1/orgs/${t.org}/spaces`, { title: 'API' })).body;
      await t.api.post(`/v1/spaces/${api.id}/content/edits`, { edits: [{ op: 'createPage', page: { title: 'Endpoints', markdown: 'x\n' } }] });
      const ss = (await t.api.post(`/v1/orgs/${t.org}/sites/${site.id}/site-spaces`, { spaceId: api.id })).body;
      for (const url of [server.url, other.url]) expect((await get(`${base}/setup`, {}, url)).text).toContain(`href="${base}/${ss.path}/"`);
      await t.api.patch(`/v1/spaces/${api.id}`, { title: 'Reference' });
      for (const url of [server.url, other.url]) expect((await get(`${base}/setup`, {}, url)).text).toContain('>Reference</a>');
      await t.api.post(`/v1/orgs/${t.org}/sites/${site.id}/unpublish`);
      for (const url of [server.url, other.url]) expect((await get(`${base}/setup`, {}, url)).status).toBe(404);
    } finally {
      await other.close();
    }
  });

  it('serves a site at / on its custom hostname; a hostname belongs to one site', async () => {
    const { t, site, base } = await publishedSite();
    const host = `docs-${site.id.toLowerCase()}.acme.test`;
    const set = await t.api.patch(`/v1/orgs/${t.org}/sites/${site.id}`, { hostname: host });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body.hostname).toBe(host);
    expect((await getHost('/', host)).status).toBe(404); // not published yet
    const published = (await t.api.post(`/v1/orgs/${t.org}/sites/${site.id}/publish`)).body;
    expect(published.urls.published).toBe(`http://${host}/`);
    const home = await getHost('/', host);
    expect(home.status).toBe(200);
    expect(home.text).toContain('<h1>Introduction</h1>');
    expect(home.text).toContain('href="/setup"');
    expect((await getHost('/advanced/tuning', host)).text).toContain('<h1>Tuning</h1>');
    expect((await getHost('/setup.md', host)).text).toContain('# Setup');
    expect((await getHost('/llms.txt', host)).text).toContain(`(http://${host}/setup.md)`);
    // Still at /sites/{siteId}/ on this server, pointing at the hostname as canonical.
    expect((await get(`${base}/setup`)).text).toContain(`<link rel="canonical" href="http://${host}/setup">`);
    // The API is untouched on the server's own name; another site cannot take the hostname.
    expect((await get('/v1')).status).toBe(200);
    const second = await publishedSite();
    expect((await second.t.api.patch(`/v1/orgs/${second.t.org}/sites/${second.site.id}`, { hostname: host })).status).toBe(409);
    expect((await t.api.patch(`/v1/orgs/${t.org}/sites/${site.id}`, { hostname: 'not_a_host' })).status).toBe(400);
    expect((await t.api.patch(`/v1/orgs/${t.org}/sites/${site.id}`, { hostname: null })).body.hostname).toBeUndefined();
    expect((await getHost('/', host)).status).not.toBe(200);
  });
});

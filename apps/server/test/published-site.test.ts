// The published site over HTTP (issue 11): pages rendered from the current revision, navigation, sections and site
// spaces in the URL, markdown twins, llms.txt, sitemap.xml, robots.txt, search, visibility and conditions.
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, startTestServer, type TestServer } from '../src/testing/index.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server?.close());

const get = async (path: string, headers: Record<string, string> = {}) => {
  const r = await fetch(`${server.url}${path}`, { headers, redirect: 'manual' });
  return { status: r.status, text: await r.text(), headers: r.headers };
};

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
    expect(setup.text).toContain('npm install widget');
    expect(setup.text).toContain('rel="prev"');
    expect((await get(`${base}/advanced/tuning`)).text).toContain('<h1>Tuning</h1>');
    expect((await get(`${base}/nope`)).status).toBe(404);

    const twin = await get(`${base}/setup.md`);
    expect(twin.headers.get('content-type')).toContain('text/markdown');
    expect(twin.text).toContain('# Setup');
    expect(twin.text).toContain('npm install widget');

    const llms = await get(`${base}/llms.txt`);
    expect(llms.text).toContain('# Acme Docs');
    expect(llms.text).toContain(`[Setup](${server.url}${base}/setup.md): Install it`);
    expect((await get(`${base}/llms-full.txt`)).text).toContain('The zebra keyword.');
    const sitemap = await get(`${base}/sitemap.xml`);
    expect(sitemap.text).toContain(`<loc>${server.url}${base}/advanced/tuning</loc>`);
    expect((await get(`${base}/robots.txt`)).text).toContain('Allow:');

    const search = await get(`${base}/~search?q=zebra`, { accept: 'application/json' });
    expect(JSON.parse(search.text).results.map((r: any) => r.href)).toEqual([`${base}/setup`]);
    expect((await get(`${base}/~search?q=zebra`)).text).toContain(`href="${base}/setup"`);

    // Always current: an edit shows at once.
    expect((await t.api.patch(`/v1/spaces/${(await t.api.get(`/v1/orgs/${t.org}/sites/${site.id}/site-spaces`)).body.items[0].space.id}/content/page/page-setup`, { markdown: 'Changed.\n' })).status).toBe(200);
    expect((await get(`${base}/setup`)).text).toContain('Changed.');
  });

  it('unlisted sites are not indexed; share-link sites need their key; visitor-auth sites need a signed visitor token', async () => {
    const unlisted = await publishedSite({ visibility: 'unlisted' });
    await unlisted.t.api.post(`/v1/orgs/${unlisted.t.org}/sites/${unlisted.site.id}/publish`);
    const page = await get(`${unlisted.base}/`);
    expect(page.text).toContain('noindex');
    expect((await get(`${unlisted.base}/robots.txt`)).text).toContain('Disallow: /');
    expect((await get(`${unlisted.base}/sitemap.xml`)).text).not.toContain('<loc>');

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
    expect(redirected.headers.get('location')).toBe(`https://login.example.com/sso?location=${encodeURIComponent(`${server.url}${closed.base}/setup`)}`);
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

  it('sections and site spaces in the URL; conditions decide what a visitor sees', async () => {
    const { t, site, base } = await publishedSite();
    const api = (await t.api.post(`/v1/orgs/${t.org}/spaces`, { title: 'API' })).body;
    expect((await t.api.post(`/v1/spaces/${api.id}/content/edits`, { edits: [{ op: 'createPage', page: { id: 'page-endpoints', title: 'Endpoints', markdown: 'GET /things\n' } }] })).status).toBe(200);
    const section = (await t.api.post(`/v1/orgs/${t.org}/sites/${site.id}/sections`, { spaceId: api.id, title: 'API' })).body;
    await t.api.post(`/v1/orgs/${t.org}/sites/${site.id}/publish`);
    expect((await get(`${base}/api/endpoints`)).text).toContain('<h1>Endpoints</h1>');
    expect((await get(`${base}/`)).text).toContain(`href="${base}/api/"`);

    await t.api.patch(`/v1/orgs/${t.org}/sites/${site.id}/sections/${section.id}`, { condition: 'visitor.claims.unsigned.developer === true' });
    expect((await get(`${base}/api/endpoints`)).status).toBe(404);
    const claims = encodeURIComponent(JSON.stringify({ developer: true }));
    expect((await get(`${base}/api/endpoints?claims=${claims}`)).status).toBe(200);
    const wrong = encodeURIComponent(JSON.stringify({ developer: 'yes' }));
    expect((await get(`${base}/api/endpoints?claims=${wrong}`)).status).toBe(404);
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
    const unsignedRole = encodeURIComponent(JSON.stringify({ role: 'developer' }));
    expect((await get(`${base}/api/endpoints?claims=${unsignedRole}`)).status).toBe(404);
  });
});

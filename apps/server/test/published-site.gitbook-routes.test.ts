// GitBook's generated routes of a published site: `~gitbook/icon` (the site's icon), `~gitbook/ogimage/<pageId>` (a
// page's social image, named by the page's og:image) and `~gitbook/pdf` (the site space or a page as a PDF, from the
// API's PDF export), each as the visitor sees the site (conditions, share keys), under the root or a site space.
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, getWithHost, startTestServer, type TestServer, publishSite } from '../src/testing/index.js';
import { pdfText, readPng } from '../src/testing/fixtures.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server?.close());

const get = async (path: string, headers: Record<string, string> = {}) => {
  const r = await fetch(`${server.url}${path}`, { redirect: 'manual', headers });
  const bytes = Buffer.from(await r.arrayBuffer());
  return { status: r.status, bytes, text: bytes.toString('utf8'), type: r.headers.get('content-type') ?? '', location: r.headers.get('location'), csp: r.headers.get('content-security-policy') ?? '', disposition: r.headers.get('content-disposition') ?? '' };
};

/** Sets the site's customization (checked: a refused one would leave the defaults in place). */
async function customize(t: Awaited<ReturnType<typeof createTenant>>, siteId: string, custom: Record<string, unknown>) {
  const put = await t.api.put(`/v1/orgs/${t.org}/sites/${siteId}/customization`, custom);
  expect(put.status, JSON.stringify(put.body)).toBe(200);
}

const CUSTOM = {
  title: 'Acme <Docs> & Co', styling: { theme: 'clean', primaryColor: { light: '#E11D48', dark: '#FB7185' } },
  favicon: {}, header: { links: [] }, footer: { groups: [] }, themes: { default: 'light', toggeable: false }, feedback: { enabled: false }, ai: { mode: 'none' }, pageActions: {},
  pagination: { enabled: true }, trademark: { enabled: true }, externalLinks: { target: 'self' },
};

async function site(visibility = 'public') {
  const t = await createTenant(server);
  const space = (await t.api.post(`/v1/orgs/${t.org}/spaces`, { title: 'Guide' })).body;
  const edits = await t.api.post(`/v1/spaces/${space.id}/content/edits`, { edits: [
    { op: 'createPage', page: { id: 'page-intro', title: 'Introduction', description: 'Start here with the widget <b>fast</b>.', markdown: 'Hello quokka.\n' } },
    { op: 'createPage', page: { id: 'page-setup', title: 'Setup & install', markdown: '## Install\n\nRun the platypus installer.\n\n{% if visitor.claims.unsigned.beta %}\nBeta wombat steps.\n{% endif %}\n' } },
    { op: 'createPage', page: { id: 'page-setup-more', title: 'Advanced setup', parent: 'page-setup', markdown: 'Tune the echidna.\n' } },
    { op: 'createPage', page: { id: 'page-secret', title: 'Premium', markdown: 'Secret narwhal.\n', condition: 'visitor.claims.unsigned.premium === true' } },
    { op: 'createPage', page: { id: 'page-hidden', title: 'Unlisted notes', markdown: 'Hidden dugong.\n', hidden: true } },
  ] });
  expect(edits.status, JSON.stringify(edits.body)).toBe(200);
  const created = await publishSite(t, { title: 'Acme Site', visibility, spaces: [space.id] });
  return { t, space, site: created, base: `/sites/${created.id}` };
}

describe('~gitbook/icon', () => {
  it("draws the site's initial on its primary color, or its emoji; redirects to its favicon image; never runs anything", async () => {
    const { t, site: s, base } = await site();
    const plain = await get(`${base}/~gitbook/icon`);
    expect(plain.status).toBe(200);
    expect(plain.type).toMatch(/^image\/svg\+xml/);
    expect(plain.csp).toContain("default-src 'none'");
    expect(plain.csp).toContain('sandbox');
    expect(plain.csp).not.toContain('unsafe-inline');
    expect(plain.text).toMatch(/^<svg [^>]*width="32"/);
    expect(plain.text).toContain('>A</text>'); // "Acme Site": its initial (the default customization is titled after the site)

    await customize(t, s.id, { ...CUSTOM, favicon: { emoji: '1f680' } });
    const emoji = await get(`${base}/~gitbook/icon?size=large`);
    expect(emoji.text).toContain('\u{1F680}');
    expect(emoji.text).toMatch(/^<svg [^>]*width="256"/);

    // A color of the customization, light or dark.
    await customize(t, s.id, CUSTOM);
    expect((await get(`${base}/~gitbook/icon`)).text).toContain('fill="#E11D48"');
    expect((await get(`${base}/~gitbook/icon?theme=dark`)).text).toContain('fill="#FB7185"');

    // An image favicon: a redirect to it (nothing is fetched); a URL that is not http(s) or the site's is not followed.
    await customize(t, s.id, { ...CUSTOM, favicon: { icon: { light: 'https://cdn.example.com/fav.png', dark: 'https://cdn.example.com/fav-dark.png' } } });
    const image = await get(`${base}/~gitbook/icon`);
    expect(image.status).toBe(302);
    expect(image.location).toBe('https://cdn.example.com/fav.png');
    expect((await get(`${base}/~gitbook/icon?theme=dark`)).location).toBe('https://cdn.example.com/fav-dark.png');
    await customize(t, s.id, { ...CUSTOM, favicon: { icon: { light: 'javascript:alert(1)', dark: 'data:text/html,<b>x</b>' } } });
    expect((await get(`${base}/~gitbook/icon`)).status).toBe(200);
    expect((await get(`${base}/~gitbook/icon?theme=dark`)).status).toBe(200);
    // Below a page path: not a route.
    expect((await get(`${base}/setup-install/~gitbook/icon`)).status).toBe(404);
  });
});

describe('/favicon.ico', () => {
  it("is the site's icon on its custom hostname, and no content on the server's own name (not the API's 401)", async () => {
    const { t, site: s } = await site();
    const host = `docs-${s.id.toLowerCase()}.icons.test`;
    expect((await t.api.patch(`/v1/orgs/${t.org}/sites/${s.id}`, { hostname: host })).status).toBe(200);
    const icon = await getWithHost(server.url, '/favicon.ico', host);
    expect(icon.status).toBe(200);
    expect(icon.text).toMatch(/^<svg /);
    expect(icon.text).toContain('>A</text>');
    const root = await get('/favicon.ico');
    expect(root.status).toBe(204);
    expect(root.text).toBe('');
  });
});

describe('~gitbook/ogimage', () => {
  it("draws a page's social image (a 1200×630 PNG: published-site.og-image.test.ts), names it in og:image, and hides what the visitor may not see", async () => {
    const { t, site: s, base } = await site();
    await customize(t, s.id, CUSTOM);
    const page = await get(`${base}/`);
    const og = /<meta property="og:image" content="([^"]+)">/.exec(page.text)?.[1];
    expect(og).toBe(`${server.ctx.config.publicUrl}${base}/~gitbook/ogimage/page-intro`);
    expect(page.text).toContain('<meta property="og:image:width" content="1200">');

    const img = await get(og!.slice(server.ctx.config.publicUrl.length));
    expect(img.status).toBe(200);
    expect(img.type).toBe('image/png');
    expect(img.csp).toBe("default-src 'none'; sandbox");
    expect(readPng(img.bytes)).toMatchObject({ width: 1200, height: 630 });
    // Another page, another image.
    const setup = await get(`${base}/~gitbook/ogimage/page-setup`);
    expect(setup.type).toBe('image/png');
    expect(setup.bytes.equals(img.bytes)).toBe(false);

    // Unknown, and hidden by its condition from this visitor: the site's 404; shown with the claims.
    expect((await get(`${base}/~gitbook/ogimage/no-such-page`)).status).toBe(404);
    expect((await get(`${base}/~gitbook/ogimage/page-secret`)).status).toBe(404);
    const premium = await get(`${base}/~gitbook/ogimage/page-secret?claims=${encodeURIComponent(JSON.stringify({ premium: true }))}`);
    expect(premium.status).toBe(200);
    expect(premium.type).toBe('image/png');
    expect(premium.bytes.equals(img.bytes)).toBe(false);

    // The customization's social preview wins.
    await customize(t, s.id, { ...CUSTOM, socialPreview: { url: 'https://cdn.example.com/card.png' } });
    const custom = await get(`${base}/`);
    expect(custom.text).toContain('<meta property="og:image" content="https://cdn.example.com/card.png">');
    expect(custom.text).not.toContain('~gitbook/ogimage');
  });
});

describe('~gitbook/pdf', () => {
  it('makes a PDF of the site space or of a page as the visitor sees it, linked from every page', async () => {
    const { base } = await site();
    const page = await get(`${base}/setup-install`);
    expect(page.status).toBe(200);
    expect(page.text).toContain(`href="${base}/~gitbook/pdf?page=page-setup" type="application/pdf">Export as PDF</a>`);

    const all = await get(`${base}/~gitbook/pdf`);
    expect(all.status).toBe(200);
    expect(all.type).toBe('application/pdf');
    expect(all.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(all.disposition).toMatch(/^inline; filename="Guide\.pdf"/);
    const text = await pdfText(all.bytes);
    for (const w of ['Introduction', 'quokka', 'platypus', 'echidna']) expect(text).toContain(w);
    // Not the pages hidden from the visitor by their condition, nor the branches of `{% if %}` they do not see, nor
    // hidden pages (left out of a whole space's PDF, as GitBook does).
    for (const w of ['narwhal', 'wombat', 'dugong']) expect(text).not.toContain(w);

    // A page and the pages under it; `only`: that page alone; `limit`.
    const setup = await pdfText((await get(`${base}/~gitbook/pdf?page=page-setup`)).bytes);
    expect(setup).toContain('platypus');
    expect(setup).toContain('echidna');
    expect(setup).not.toContain('quokka');
    const only = await get(`${base}/~gitbook/pdf?page=page-setup&only=yes`);
    expect(only.disposition).toMatch(/filename="Setup-install\.pdf"/);
    const onlyText = await pdfText(only.bytes);
    expect(onlyText).toContain('platypus');
    expect(onlyText).not.toContain('echidna');
    const limited = await pdfText((await get(`${base}/~gitbook/pdf?limit=1`)).bytes);
    expect(limited).toContain('quokka');
    expect(limited).not.toContain('platypus');

    // With the claims: the conditional page and branch are in it.
    const claims = encodeURIComponent(JSON.stringify({ premium: true, beta: true }));
    const theirs = await pdfText((await get(`${base}/~gitbook/pdf?claims=${claims}`)).bytes);
    expect(theirs).toContain('narwhal');
    expect(theirs).toContain('wombat');
    // A hidden page asked for by id is drawn; a page the visitor may not see, or none, is the site's 404.
    expect(await pdfText((await get(`${base}/~gitbook/pdf?page=page-hidden`)).bytes)).toContain('dugong');
    expect((await get(`${base}/~gitbook/pdf?page=page-secret`)).status).toBe(404);
    expect((await get(`${base}/~gitbook/pdf?page=nothing`)).status).toBe(404);
  });

  it("is not offered when the customization's page actions leave pdf out, and follows the site's visibility", async () => {
    const { t, site: s, base } = await site('share-link');
    // A share-link site without its key: nothing.
    expect((await get(`${base}/~gitbook/pdf`)).status).toBe(404);
    expect((await get(`${base}/~gitbook/icon`)).status).toBe(404);
    expect((await get(`${base}/~gitbook/ogimage/page-intro`)).status).toBe(404);
    const links = (await t.api.get(`/v1/orgs/${t.org}/sites/${s.id}/share-links`)).body.items;
    const key = new URL(links[0].urls.published).searchParams.get('share');
    const pdf = await get(`${base}/~gitbook/pdf?share=${key}`);
    expect(pdf.status, `${key} ${pdf.text.slice(0, 300)}`).toBe(200);
    expect(pdf.type).toBe('application/pdf');
    await customize(t, s.id, { ...CUSTOM, pageActions: { items: ['markdown'] } });
    expect((await get(`${base}/~gitbook/pdf?share=${key}`)).status).toBe(404);
    const page = await get(`${base}/?share=${key}`);
    expect(page.text).not.toContain('Export as PDF');
    expect(page.text).toContain('View as Markdown');
    await customize(t, s.id, { ...CUSTOM, pageActions: { items: ['pdf'] } });
    const pdfOnly = await get(`${base}/?share=${key}`);
    expect(pdfOnly.text).toContain('Export as PDF');
    expect(pdfOnly.text).not.toContain('View as Markdown');
  });

  it('answers below a site space, with its pages', async () => {
    const { t, site: s, base } = await site();
    const other = (await t.api.post(`/v1/orgs/${t.org}/spaces`, { title: 'Version two' })).body;
    const edit = await t.api.post(`/v1/spaces/${other.id}/content/edits`, { edits: [{ op: 'createPage', page: { id: 'page-version2', title: 'Welcome to v2', markdown: 'The axolotl release.\n' } }] });
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    const ss = await t.api.post(`/v1/orgs/${t.org}/sites/${s.id}/site-spaces`, { spaceId: other.id });
    expect(ss.status, JSON.stringify(ss.body)).toBeLessThan(300);
    const path = ss.body.path as string;
    const text = await pdfText((await get(`${base}/${path}/~gitbook/pdf`)).bytes);
    expect(text).toContain('axolotl');
    expect(text).not.toContain('quokka');
    const page = await get(`${base}/${path}/`);
    expect(page.text).toContain(`href="${base}/${path}/~gitbook/pdf?page=page-version2"`);
    expect(page.text).toContain(`content="${server.ctx.config.publicUrl}${base}/${path}/~gitbook/ogimage/page-version2"`);
    const img = await get(`${base}/${path}/~gitbook/ogimage/page-version2`);
    expect(img.type).toBe('image/png');
    // The site space's title above the page's (the site publishes two), in the primary color (#346ddb: blue).
    const png = readPng(img.bytes);
    let ink = false;
    for (let y = 222; y < 256 && !ink; y++) for (let x = 96; x < 400 && !ink; x++) ink = png.rgb[(y * 1200 + x) * 3 + 2]! - png.rgb[(y * 1200 + x) * 3]! > 100;
    expect(ink).toBe(true);
    expect((await get(`${base}/${path}/~gitbook/icon`)).status).toBe(200);
  });
});

describe('~gitbook/auth', () => {
  it("logout forgets the visitor's token and leads to the site's root (sign-in again); login leads a signed-in visitor to a path of the site only", async () => {
    const { t, site: s, base } = await site('visitor-auth');
    const auth = `/v1/orgs/${t.org}/sites/${s.id}/visitor-auth`;
    const settings = (await t.api.get(auth)).body;
    await t.api.put(auth, { fallbackURL: 'https://login.example.com/sso' });
    const token = await new SignJWT({ plan: 'pro' }).setProtectedHeader({ alg: 'HS256' }).setExpirationTime('1h').sign(new TextEncoder().encode(settings.key));
    const first = await fetch(`${server.url}${base}/?jwt_token=${token}`, { redirect: 'manual' });
    expect(first.status).toBe(200);
    const session = first.headers.get('set-cookie')!.split(';')[0]!;
    expect((await get(`${base}/`, { cookie: session })).status).toBe(200);

    // Signed in: login goes on to the location asked, on this site only.
    const login = await get(`${base}/~gitbook/auth/login?location=${encodeURIComponent(`${base}/setup-install`)}`, { cookie: session });
    expect([login.status, login.location]).toEqual([302, `${base}/setup-install`]);
    for (const away of ['https://evil.example/', '//evil.example/x', `/\\evil.example`, '/sites/other/x']) {
      const r = await get(`${base}/~gitbook/auth/login?location=${encodeURIComponent(away)}`, { cookie: session });
      expect([r.status, r.location], away).toEqual([302, `${base}/`]);
    }
    // Not signed in: to the site's sign-in URL, as any page.
    const anonymous = await get(`${base}/~gitbook/auth/login?location=${encodeURIComponent(`${base}/setup-install`)}`);
    expect(anonymous.status).toBe(302);
    expect(anonymous.location).toMatch(/^https:\/\/login\.example\.com\/sso\?location=/);

    // Logout: the cookie is cleared (expired on the site's path) and the visitor sent to the root.
    const out = await fetch(`${server.url}${base}/~gitbook/auth/logout`, { redirect: 'manual', headers: { cookie: session } });
    expect(out.status).toBe(302);
    expect(out.headers.get('location')).toBe(`${base}/`);
    const cleared = out.headers.getSetCookie().find((c) => c.startsWith(`${session.split('=')[0]}=`));
    expect(cleared).toMatch(/Expires=Thu, 01 Jan 1970/);
    expect(cleared).toContain(`Path=${base}`);
    // Without the cookie the root sends the visitor to sign in.
    expect((await get(`${base}/`)).status).toBe(302);
  });
});


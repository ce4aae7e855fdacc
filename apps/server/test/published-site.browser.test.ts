// The published site in a real browser: Debian's Chromium driven by playwright-core (never a browser download).
// Open the site, navigate the sidebar, search and follow a result, a share link, an adaptive section shown and hidden
// by claims, an unpublished site answering 404, visitor authentication; the customization (colors, logo, header links
// and dropdowns, announcement, dark mode), an image from a space file, tabs switching, highlighted code and the mobile
// navigation toggle — all without any script on the page.
import { SignJWT } from 'jose';
import type { Browser } from 'playwright-core';
import { launchChromium } from '../src/testing/chromium.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, startTestServer, testDialect, type TestServer } from '../src/testing/index.js';
import { png } from '../src/testing/fixtures.js';

// What the browser sees does not depend on the database (test/published-site.test.ts covers both over HTTP): the
// browser runs once, on SQLite, to keep the suite's time.
const skip = testDialect() === 'postgres';
const HOST = 'docs.bindery-browser.test';
let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  if (skip) return;
  server = await startTestServer();
  // A custom hostname resolves to the test server, as a reader's DNS would send it there.
  const port = new URL(server.url).port;
  browser = await launchChromium([`--host-resolver-rules=MAP ${HOST} 127.0.0.1:${port}`]);
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function site(visibility = 'public') {
  const t = await createTenant(server);
  const guide = (await t.api.post(`/v1/orgs/${t.org}/spaces`, { title: 'Guide' })).body;
  expect((await t.api.post(`/v1/spaces/${guide.id}/content/edits`, { edits: [
    { op: 'createPage', page: { id: 'page-intro', title: 'Introduction', markdown: 'Start here.\n' } },
    { op: 'createPage', page: { id: 'page-setup', title: 'Setup', markdown: '## Install\n\nUse the flux capacitor.\n' } },
  ] })).status).toBe(200);
  const api = (await t.api.post(`/v1/orgs/${t.org}/spaces`, { title: 'API' })).body;
  expect((await t.api.post(`/v1/spaces/${api.id}/content/edits`, { edits: [{ op: 'createPage', page: { id: 'page-endpoints', title: 'Endpoints', markdown: 'GET /things\n' } }] })).status).toBe(200);
  const s = (await t.api.post(`/v1/orgs/${t.org}/sites`, { title: 'Acme Docs', visibility, spaces: [guide.id] })).body;
  const section = (await t.api.post(`/v1/orgs/${t.org}/sites/${s.id}/sections`, { spaceId: api.id, title: 'API' })).body;
  return { t, s, section, guide: guide.id as string, url: `${server.url}/sites/${s.id}` };
}

describe.skipIf(skip)('published site in Chromium', () => {
  it('navigates the sidebar and sections, searches and follows a result; an unpublished site is a 404', async () => {
    const { t, s, url } = await site();
    const page = await browser.newPage();
    expect((await page.goto(`${url}/`))!.status()).toBe(404);
    await t.api.post(`/v1/orgs/${t.org}/sites/${s.id}/publish`);
    await page.goto(`${url}/`);
    expect(await page.locator('main h1').textContent()).toBe('Introduction');
    await page.locator('aside.sidebar a', { hasText: 'Setup' }).click();
    await page.waitForURL(`${url}/setup`);
    expect(await page.locator('main h1').textContent()).toBe('Setup');
    expect(await page.locator('aside.sidebar a[aria-current="page"]').textContent()).toBe('Setup');
    await page.locator('nav.sections a', { hasText: 'API' }).click();
    await page.waitForURL(`${url}/api/`);
    expect(await page.locator('main h1').textContent()).toBe('Endpoints');

    await page.locator('form.search input').fill('flux capacitor');
    await page.locator('form.search input').press('Enter');
    await page.waitForURL(/~search\?q=flux/);
    await page.locator('ul.results a', { hasText: 'Setup' }).click();
    // The hit is in the page's "Install" section: the result leads there.
    await page.waitForURL(`${url}/setup#install`);
    expect(await page.locator('#install').count()).toBe(1);
    await page.close();
  });

  it('draws the cards of embeds and content references with icons of their own, and a favicon without one set', async () => {
    const { t, s, guide, url } = await site();
    const markdown = 'Cards.\n\n{% embed url="https://video.example.com/watch?v=1" %}\n\n{% content-ref url="/pages/page-setup" %}\n[Setup](/pages/page-setup)\n{% endcontent-ref %}\n';
    expect((await t.api.post(`/v1/spaces/${guide}/content/edits`, { edits: [{ op: 'updatePage', pageId: 'page-intro', page: { markdown } }] })).status).toBe(200);
    await t.api.post(`/v1/orgs/${t.org}/sites/${s.id}/publish`);
    const page = await browser.newPage();
    await page.goto(`${url}/`);
    for (const kind of ['embed', 'content-ref']) {
      const icon = page.locator(`main a.card.${kind} .card-icon svg`);
      expect(await icon.count()).toBe(1);
      const box = await icon.boundingBox();
      expect(box!.width).toBeGreaterThan(10);
      expect(box!.height).toBeGreaterThan(10);
    }
    // No emoji in the cards: a browser without an emoji font drew an empty box.
    expect(await page.locator('main a.card').evaluateAll((cards) => cards.map((c) => c.textContent ?? '').join(''))).not.toMatch(/\p{Extended_Pictographic}/u);
    // The site's initial as its icon, so the browser does not ask the server's root for /favicon.ico.
    expect(await page.locator('link[rel="icon"]').getAttribute('href')).toMatch(/^data:image\/svg\+xml,.*%3EA%3C%2Ftext%3E/);
    await page.close();
  });

  it('opens a share-link site with its key (then by cookie), and shows an adaptive section only to matching claims', async () => {
    const { t, s, section, url } = await site('share-link');
    await t.api.post(`/v1/orgs/${t.org}/sites/${s.id}/publish`);
    await t.api.patch(`/v1/orgs/${t.org}/sites/${s.id}/sections/${section.id}`, { condition: 'visitor.claims.unsigned.developer === true' });
    const key = (await server.ctx.db.selectFrom('sites').select('share_key').where('id', '=', s.id).executeTakeFirstOrThrow()).share_key;
    const context = await browser.newContext();
    const page = await context.newPage();
    expect((await page.goto(`${url}/`))!.status()).toBe(404);
    expect((await page.goto(`${url}/?share=${key}`))!.status()).toBe(200);
    expect((await page.goto(`${url}/setup`))!.status()).toBe(200);
    expect(await page.locator('nav.sections a', { hasText: 'API' }).count()).toBe(0);
    expect((await page.goto(`${url}/api/`))!.status()).toBe(404);
    await context.addCookies([{ name: 'bindery_site_claims', value: encodeURIComponent(JSON.stringify({ developer: true })), url: server.url }]);
    expect((await page.goto(`${url}/api/`))!.status()).toBe(200);
    expect(await page.locator('main h1').textContent()).toBe('Endpoints');
    await context.close();
  });

  it('visitor authentication: redirected to the sign-in URL, then reads with a token (kept in a cookie)', async () => {
    const { t, s, url } = await site('visitor-auth');
    await t.api.post(`/v1/orgs/${t.org}/sites/${s.id}/publish`);
    const auth = `/v1/orgs/${t.org}/sites/${s.id}/visitor-auth`;
    const { key } = (await t.api.put(auth, { fallbackURL: `${server.url}/v1` })).body;
    const page = await browser.newPage();
    await page.goto(`${url}/setup`);
    const landed = new URL(page.url());
    expect(`${landed.origin}${landed.pathname}`).toBe(`${server.url}/v1`);
    // Where the visitor comes back to: at the configured public URL, never the request's Host (session 20).
    expect(landed.searchParams.get('location')).toBe(`${server.ctx.config.publicUrl}/sites/${s.id}/setup`);
    const token = await new SignJWT({ plan: 'pro' }).setProtectedHeader({ alg: 'HS256' }).setExpirationTime('1h').sign(new TextEncoder().encode(key));
    expect((await page.goto(`${url}/setup?jwt_token=${token}`))!.status()).toBe(200);
    await page.locator('aside.sidebar a', { hasText: 'Introduction' }).click();
    await page.waitForURL(`${url}/`);
    expect(await page.locator('main h1').textContent()).toBe('Introduction');
    await page.close();
  });

  it('shows the customization, an image from a space file, switching tabs and highlighted code; dark mode and the mobile navigation without script', async () => {
    const { t, s, url } = await site();
    const guide = (await t.api.get(`/v1/orgs/${t.org}/sites/${s.id}/site-spaces`)).body.items.find((x: any) => x.space.title === 'Guide').space.id;
    const upload = await fetch(`${server.url}/v1/spaces/${guide}/content/files?name=diagram.png`, { method: 'POST', headers: { authorization: `Bearer ${t.owner.token}`, 'content-type': 'image/png' }, body: png(40, 20, [0, 120, 255]) });
    const fileId = ((await upload.json()) as { id: string }).id;
    const markdown = `![Diagram](/files/${fileId})\n\n{% tabs %}\n{% tab title="npm" %}\nRun npm.\n{% endtab %}\n\n{% tab title="yarn" %}\nRun yarn.\n{% endtab %}\n{% endtabs %}\n\n\`\`\`js\nconst answer = 42;\n\`\`\`\n`;
    expect((await t.api.patch(`/v1/spaces/${guide}/content/page/page-intro`, { markdown })).status).toBe(200);
    await t.api.post(`/v1/orgs/${t.org}/sites/${s.id}/publish`);
    const ss = (await t.api.get(`/v1/orgs/${t.org}/sites/${s.id}/site-spaces`)).body.items.find((x: any) => x.space.title === 'Guide');
    const logo = `${url}/~files/${ss.id}/${fileId}/diagram.png`;
    const put = await t.api.put(`/v1/orgs/${t.org}/sites/${s.id}/customization`, {
      title: 'Acme Handbook',
      styling: { theme: 'bold', primaryColor: { light: '#E11D48', dark: '#22C55E' }, corners: 'rounded' },
      favicon: {}, feedback: { enabled: false }, ai: { mode: 'none' }, pagination: { enabled: true }, trademark: { enabled: true }, externalLinks: { target: 'self' }, pageActions: {},
      header: { logo: { light: logo, dark: logo }, links: [{ title: 'Status', to: { kind: 'url', url: 'https://status.example.com' } }, { title: 'More', to: null, links: [{ title: 'Setup page', to: { kind: 'page', page: 'page-setup' } }] }] },
      footer: { groups: [], copyright: '© Acme' },
      announcement: { enabled: true, message: 'New release', style: 'info' },
      themes: { default: 'system', toggeable: false },
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    const context = await browser.newContext({ colorScheme: 'light', viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const scripts: string[] = [];
    page.on('console', (m) => scripts.push(m.text()));
    await page.goto(`${url}/`);
    // The only script is the site's keyboard shortcuts for search (everything below works without it).
    expect(await page.locator('script').count()).toBe(1);
    // Customization: the bold theme paints the header in the primary color; the logo, links and announcement show.
    expect(await page.locator('header.top').evaluate((e) => (globalThis as any).getComputedStyle(e).backgroundColor)).toBe('rgb(225, 29, 72)');
    expect(await page.locator('header.top .brand img').evaluate((e) => (e as any).naturalWidth)).toBe(40);
    expect(await page.locator('.announcement').textContent()).toContain('New release');
    expect(await page.locator('footer.site-footer').textContent()).toContain('© Acme');
    await expect.poll(() => page.locator('nav.header-links a', { hasText: 'Status' }).isVisible()).toBe(true);
    expect(await page.locator('details.dropdown a', { hasText: 'Setup page' }).isVisible()).toBe(false);
    await page.locator('details.dropdown summary').click();
    await page.locator('details.dropdown a', { hasText: 'Setup page' }).click();
    await page.waitForURL(`${url}/setup`);
    await page.goBack();
    // The image from a space file is displayed.
    const img = page.locator('main figure.image img');
    await img.scrollIntoViewIfNeeded();
    await expect.poll(() => img.evaluate((e) => (e as any).complete && (e as any).naturalWidth)).toBe(40);
    // Tabs switch (radio inputs and labels, CSS only).
    expect(await page.locator('.tab-panel', { hasText: 'Run npm.' }).isVisible()).toBe(true);
    expect(await page.locator('.tab-panel', { hasText: 'Run yarn.' }).isVisible()).toBe(false);
    await page.locator('label.tab-label', { hasText: 'yarn' }).click();
    expect(await page.locator('.tab-panel', { hasText: 'Run yarn.' }).isVisible()).toBe(true);
    expect(await page.locator('.tab-panel', { hasText: 'Run npm.' }).isVisible()).toBe(false);
    // Code is highlighted: a keyword has another color than the plain code.
    const keyword = await page.locator('figure.code .tk-k', { hasText: 'const' }).evaluate((e) => (globalThis as any).getComputedStyle(e).color);
    const plain = await page.locator('figure.code code').evaluate((e) => (globalThis as any).getComputedStyle(e).color);
    expect(keyword).not.toBe(plain);
    // Dark mode follows the reader's system when the customization says `system`.
    await page.emulateMedia({ colorScheme: 'dark' });
    expect(await page.locator('header.top').evaluate((e) => (globalThis as any).getComputedStyle(e).backgroundColor)).toBe('rgb(34, 197, 94)');
    expect(await page.locator('body').evaluate((e) => (globalThis as any).getComputedStyle(e).backgroundColor)).not.toBe('rgb(255, 255, 255)');
    // A phone: the sidebar is behind the navigation toggle (a checkbox and its label).
    await page.setViewportSize({ width: 390, height: 800 });
    expect(await page.locator('aside.sidebar').isVisible()).toBe(false);
    await page.locator('label.nav-button').click();
    expect(await page.locator('aside.sidebar').isVisible()).toBe(true);
    await page.locator('aside.sidebar a', { hasText: 'Setup' }).click();
    await page.waitForURL(`${url}/setup`);
    // Keyboard: the skip link is the first stop and leads to the content.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => (globalThis as any).document.activeElement?.textContent)).toBe('Skip to content');
    expect(scripts.filter((m) => /Content Security Policy|Refused/.test(m))).toEqual([]);
    await context.close();
  });

  it("draws GitBook's HTML: a picture switching with the color scheme, keys, marks, a heading's own anchor, centered text; no source shown", async () => {
    const { t, s, guide, url } = await site();
    const put = async (name: string, rgb: [number, number, number]) => {
      const r = await fetch(`${server.url}/v1/spaces/${guide}/content/files?name=${name}`, { method: 'POST', headers: { authorization: `Bearer ${t.owner.token}`, 'content-type': 'image/png' }, body: png(30, 10, rgb) });
      expect(r.status).toBe(201);
    };
    await put('light.png', [255, 255, 255]);
    await put('dark.png', [0, 0, 0]);
    const markdown = [
      'Jump to [the options](#opts) or [step one](#id-1.-first-step).', '',
      'Press <kbd>Ctrl</kbd> then <mark style="color:$primary;">this</mark> <picture><source srcset=".gitbook/assets/dark.png" media="(prefers-color-scheme: dark)"><img src=".gitbook/assets/light.png" alt="Mode"></picture>', '',
      '<p align="center">In the middle</p>', '',
      ...Array.from({ length: 60 }, (_, i) => `Filler paragraph ${i}.\n`),
      '## Options <a href="#opts" id="opts"></a>', '', 'The options.', '',
      ...Array.from({ length: 60 }, (_, i) => `More filler ${i}.\n`),
      '### 1. First step', '', 'Do it.', '',
      ...Array.from({ length: 60 }, (_, i) => `Last filler ${i}.\n`),
    ].join('\n');
    expect((await t.api.patch(`/v1/spaces/${guide}/content/page/page-intro`, { markdown })).status).toBe(200);
    await t.api.post(`/v1/orgs/${t.org}/sites/${s.id}/publish`);
    // The site's theme decides, whatever the system's: a light site on a dark system shows the light image.
    for (const [theme, colorScheme] of [['light', 'dark'], ['dark', 'light']] as const) {
      const context = await browser.newContext({ colorScheme, viewport: { width: 1200, height: 700 } });
      const page = await context.newPage();
      await page.goto(`${url}/?theme=${theme}`);
      const main = page.locator('main');
      expect(await main.innerText()).not.toMatch(/<(kbd|mark|picture|img|p|a)\b/);
      // The picture's image of the theme shows (the system's, on a site following it), the other is not displayed.
      const shown = await page.locator('main img[alt="Mode"]').evaluateAll((imgs) => imgs.map((i) => (globalThis as any).getComputedStyle(i).display !== 'none'));
      expect(shown.filter(Boolean)).toHaveLength(1);
      const img = page.locator('main img[alt="Mode"]').nth(shown.indexOf(true));
      await img.scrollIntoViewIfNeeded();
      await expect.poll(() => img.evaluate((i) => (i as any).complete && (i as any).naturalWidth)).toBe(30);
      expect(await img.evaluate((i) => decodeURIComponent((i as any).currentSrc))).toContain(theme === 'dark' ? '/dark.png' : '/light.png');
      expect(await page.locator('main kbd').evaluate((k) => (globalThis as any).getComputedStyle(k).borderBottomWidth)).toBe('2px');
      expect(await page.locator('main p', { hasText: 'In the middle' }).evaluate((p) => (globalThis as any).getComputedStyle(p).textAlign)).toBe('center');
      expect(await page.locator('main h2#opts').textContent()).toBe('Options#');
      await page.locator('main a', { hasText: 'the options' }).click();
      await page.waitForURL(/#opts$/);
      const top = await page.locator('#opts').evaluate((h) => h.getBoundingClientRect().top);
      expect(top).toBeGreaterThanOrEqual(0);
      expect(top).toBeLessThan(200);
      // GitBook's id of a heading (a link written on GitBook) lands on it too.
      await page.locator('main a', { hasText: 'step one' }).click();
      await page.waitForURL(/#id-1\.-first-step$/);
      const step = await page.locator('main h3', { hasText: 'First step' }).evaluate((h) => h.getBoundingClientRect().top);
      expect(step).toBeGreaterThanOrEqual(0);
      expect(step).toBeLessThan(200);
      await context.close();
    }
  });

  it('fits a phone: section tabs wrap and long inline code breaks instead of pushing the page sideways', async () => {
    const { t, s, guide, url } = await site();
    const tabs = ['{% tabs %}', ...['Command line interface', 'Software development kit', 'Representational state transfer', 'GraphQL'].flatMap((title) => [`{% tab title="${title}" %}`, `Use the ${title}.`, '{% endtab %}', '']), '{% endtabs %}', ''];
    const markdown = ['Its endpoint is `context.environment.integration.urls.publicEndpointOfTheInstallation`.', '', '* The spec:', '  * https://docs.example.com/openapi/payments-and-payouts-and-refunds.yaml', '', 'Score: $$score = positives - 0.5 * intermediates - 2 * negatives + 0.25 * neutrals - 3 * unknowns$$.', '', ...tabs].join('\n');
    expect((await t.api.patch(`/v1/spaces/${guide}/content/page/page-intro`, { markdown })).status).toBe(200);
    for (const title of ['Changelog', 'Integrations', 'Help center', 'Policies']) {
      const space = (await t.api.post(`/v1/orgs/${t.org}/spaces`, { title })).body;
      expect((await t.api.post(`/v1/spaces/${space.id}/content/edits`, { edits: [{ op: 'createPage', page: { title: `${title} home`, markdown: 'Text.\n' } }] })).status).toBe(200);
      expect((await t.api.post(`/v1/orgs/${t.org}/sites/${s.id}/sections`, { spaceId: space.id, title })).status).toBe(201);
    }
    await t.api.post(`/v1/orgs/${t.org}/sites/${s.id}/publish`);
    const context = await browser.newContext({ viewport: { width: 390, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${url}/`);
    expect(await page.locator('nav.sections a').count()).toBe(6);
    expect(await page.evaluate(() => (globalThis as any).document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.locator('nav.sections a', { hasText: 'Policies' }).click();
    await page.waitForURL(`${url}/policies/`);
    expect(await page.locator('main h1').textContent()).toBe('Policies home');
    await context.close();
  });

  it('serves a site on its custom hostname at /', async () => {
    const { t, s } = await site();
    expect((await t.api.patch(`/v1/orgs/${t.org}/sites/${s.id}`, { hostname: HOST })).status).toBe(200);
    const published = (await t.api.post(`/v1/orgs/${t.org}/sites/${s.id}/publish`)).body;
    const page = await browser.newPage();
    expect((await page.goto(published.urls.published))!.status()).toBe(200);
    expect(page.url()).toBe(`http://${HOST}/`);
    expect(await page.locator('main h1').textContent()).toBe('Introduction');
    await page.locator('aside.sidebar a', { hasText: 'Setup' }).click();
    await page.waitForURL(`http://${HOST}/setup`);
    expect(await page.locator('#install').count()).toBe(1);
    await t.api.patch(`/v1/orgs/${t.org}/sites/${s.id}`, { hostname: null });
    await page.close();
  });
});

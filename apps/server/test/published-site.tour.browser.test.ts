// A realistic multi-space site read in Debian's Chromium as readers read it (session 15): two sections (one in a
// section group) and a variant, nested page groups, tabs, hints, titled code, tables, images, an OpenAPI block, a
// long page and a page of 2,000 headings (1 MB); navigation with back and forward, anchors, search from the keyboard,
// dark mode, a phone's width, keyboard only, links that lead nowhere, and GitBook's URL shapes (trailing slashes,
// `.md` twins, capitals, percent-encoding). Nothing here is timed: the big page's figures are printed for the record.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchChromium } from '../src/testing/chromium.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, startTestServer, testDialect, type TestServer } from '../src/testing/index.js';
import { png } from '../src/testing/fixtures.js';

const skip = testDialect() === 'postgres';
let server: TestServer;
let browser: Browser;
let url: string;
let base: string;

const para = (w: string, n: number) => Array.from({ length: n }, (_, i) => `${w} paragraph ${i}: words a reader reads while scrolling down the page.`).join('\n\n');

beforeAll(async () => {
  if (skip) return;
  server = await startTestServer();
  browser = await launchChromium();
  const t = await createTenant(server);
  const space = async (title: string, edits: unknown[]) => {
    const s = (await t.api.post(`/v1/orgs/${t.org}/spaces`, { title })).body;
    const r = await t.api.post(`/v1/spaces/${s.id}/content/edits`, { edits });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return s;
  };
  const guide = (await t.api.post(`/v1/orgs/${t.org}/spaces`, { title: 'Guide' })).body;
  const up = await fetch(`${server.url}/v1/spaces/${guide.id}/content/files?name=architecture.png`, { method: 'POST', headers: { authorization: `Bearer ${t.owner.token}`, 'content-type': 'image/png' }, body: png(60, 30, [30, 160, 90]) });
  expect(up.status).toBe(201);
  const image = ((await up.json()) as { id: string }).id;
  const bigPage = Array.from({ length: 2000 }, (_, i) => `## Topic ${i}\n\n${`Reference text of topic ${i} that a reader may look for. `.repeat(8)}${i === 1999 ? 'The final axolotl.' : ''}\n`).join('\n');
  const home = [
    'Welcome to the widget guide.', '',
    '{% hint style="info" %}', 'Read [Install](/pages/page-install) first, then [its options](/pages/page-install#options).', '{% endhint %}', '',
    '{% hint style="warning" %}', 'Old versions are in the v1 variant.', '{% endhint %}', '',
    `![The architecture](/files/${image})`, '',
    '| Setting | Default | Meaning |', '| ------- | ------- | ------- |', '| `port` | 8080 | Where it listens |', '| `mode` | fast | How it runs |', '',
    '[A page that does not exist](missing-page.md) and [an id that does not exist](/pages/nonexistent-page-id).', '',
  ].join('\n');
  const install = [
    '## Requirements', '', 'A terminal and Node.', '',
    '{% tabs %}', '{% tab title="npm" %}', '{% code title="install.sh" %}', '```bash', 'npm install widget', '```', '{% endcode %}', '{% endtab %}', '',
    '{% tab title="Docker" %}', '### Docker options', '', '```yaml', 'image: widget:2', '```', '{% endtab %}', '{% endtabs %}', '',
    '## Options', '', para('Options', 20), '', 'The ocelot option.', '',
    '## Troubleshooting', '', para('Trouble', 20), '',
  ].join('\n');
  const edits = await t.api.post(`/v1/spaces/${guide.id}/content/edits`, { edits: [
    { op: 'createPage', page: { id: 'page-home', title: 'Overview', description: 'What the widget is.', markdown: home } },
    { op: 'createPage', page: { id: 'page-start', title: 'Getting started', type: 'group' } },
    { op: 'createPage', page: { id: 'page-install', title: 'Install', parent: 'page-start', markdown: install } },
    { op: 'createPage', page: { id: 'page-configure', title: 'Configure', parent: 'page-start', markdown: `## Files\n\n${para('Config', 6)}\n` } },
    { op: 'createPage', page: { id: 'page-deeper', title: 'Deeper', parent: 'page-configure', markdown: 'A nested page.\n' } },
    { op: 'createPage', page: { id: 'page-deepest', title: 'Deepest', parent: 'page-deeper', markdown: 'Three levels down.\n' } },
    { op: 'createPage', page: { id: 'page-reference', title: 'Reference', type: 'group' } },
    { op: 'createPage', page: { id: 'page-long', title: 'Long read', parent: 'page-reference', markdown: Array.from({ length: 12 }, (_, i) => `## Chapter ${i + 1}\n\n${para(`C${i}`, 8)}`).join('\n\n') } },
    { op: 'createPage', page: { id: 'page-big', title: 'All topics', parent: 'page-reference', markdown: bigPage } },
  ] });
  expect(edits.status, JSON.stringify(edits.body)).toBe(200);
  const v1 = await space('Guide v1', [{ op: 'createPage', page: { title: 'Old overview', markdown: 'Version one.\n' } }]);
  const api = await space('API', [
    { op: 'createPage', page: { title: 'Endpoints', markdown: '{% openapi src="https://petstore.example/openapi.json" path="/pets" method="get" %}\n[https://petstore.example/openapi.json](https://petstore.example/openapi.json)\n{% endopenapi %}\n\nList the pets.\n' } },
  ]);
  const changelog = await space('Changelog', [{ op: 'createPage', page: { title: 'Releases', markdown: '## 2.0\n\nThe pangolin release.\n\n## 1.0\n\nFirst.\n' } }]);
  const site = (await t.api.post(`/v1/orgs/${t.org}/sites`, { title: 'Widget Docs', visibility: 'public', spaces: [guide.id] })).body;
  const sites = `/v1/orgs/${t.org}/sites/${site.id}`;
  expect((await t.api.post(`${sites}/sections`, { spaceId: api.id, title: 'API' })).status).toBe(201);
  const log = await t.api.post(`${sites}/sections`, { spaceId: changelog.id, title: 'Changelog' });
  expect(log.status).toBe(201);
  expect((await t.api.post(`${sites}/section-groups`, { title: 'More', sections: [log.body.id] })).status).toBe(201);
  const sections = (await t.api.get(`${sites}/sections`)).body.items;
  expect((await t.api.post(`${sites}/site-spaces`, { spaceId: v1.id, sectionId: sections[0].id })).status).toBe(201);
  const custom = (await t.api.get(`${sites}/customization`)).body;
  expect((await t.api.put(`${sites}/customization`, { ...custom, themes: { default: 'light', toggeable: true }, pagination: { enabled: true } })).status).toBe(200);
  expect((await t.api.post(`${sites}/publish`)).status).toBe(200);
  url = `${server.url}/sites/${site.id}`;
  base = `/sites/${site.id}`;
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function reader(options: Parameters<Browser['newContext']>[0] = {}): Promise<{ context: BrowserContext; page: Page; problems: string[] }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, ...options });
  const problems: string[] = [];
  context.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warning') problems.push(`console: ${m.text()}`); });
  context.on('requestfailed', (r) => { if (r.failure()?.errorText !== 'net::ERR_ABORTED') problems.push(`failed: ${r.url()} ${r.failure()?.errorText}`); });
  context.on('request', (r) => { if (!r.url().startsWith(server.url) && !r.url().startsWith('data:')) problems.push(`outside: ${r.url()}`); });
  return { context, page: await context.newPage(), problems };
}
const h1 = (page: Page) => page.locator('main h1').textContent();

describe.skipIf(skip)('a multi-space site read in Chromium', () => {
  it('navigates sections, the section group, variants and nested pages; back and forward restore each page', async () => {
    const { context, page, problems } = await reader();
    await page.goto(`${url}/`);
    expect(await h1(page)).toBe('Overview');
    await page.locator('aside.sidebar a', { hasText: 'Install' }).click();
    await page.waitForURL(`${url}/getting-started/install`);
    await page.locator('aside.sidebar a', { hasText: 'Deepest' }).click();
    await page.waitForURL(`${url}/getting-started/configure/deeper/deepest`);
    expect(await page.locator('aside.sidebar a[aria-current="page"]').textContent()).toBe('Deepest');
    await page.locator('nav.sections a', { hasText: 'API' }).click();
    await page.waitForURL(`${url}/api/`);
    expect(await h1(page)).toBe('Endpoints');
    // The OpenAPI block: the method and path, linking to the spec.
    expect(await page.locator('main').textContent()).toMatch(/GET\s*\/pets/);
    // The section group is a drop-down holding its section.
    await page.locator('nav.sections summary', { hasText: 'More' }).click();
    await page.locator('nav.sections a', { hasText: 'Changelog' }).click();
    await page.waitForURL(`${url}/changelog/`);
    expect(await h1(page)).toBe('Releases');
    await page.goBack();
    await page.waitForURL(`${url}/api/`);
    expect(await h1(page)).toBe('Endpoints');
    await page.goBack();
    await page.waitForURL(`${url}/getting-started/configure/deeper/deepest`);
    expect(await h1(page)).toBe('Deepest');
    await page.goForward();
    await page.waitForURL(`${url}/api/`);
    // Variants of the guide's section.
    await page.goto(`${url}/getting-started/install`);
    await page.locator('nav.variants a', { hasText: 'Guide v1' }).click();
    await page.waitForURL(`${url}/guide-v1/`);
    expect(await h1(page)).toBe('Old overview');
    // Previous / next through the guide.
    await page.goto(`${url}/getting-started/install`);
    await page.locator('.pager a.next').click();
    await page.waitForURL(`${url}/getting-started/configure`);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('anchors: "on this page", a link to an anchor, a heading inside a tab, and back through them', async () => {
    const { context, page, problems } = await reader();
    await page.goto(`${url}/`);
    await page.locator('main a', { hasText: 'its options' }).click();
    await page.waitForURL(`${url}/getting-started/install#options`);
    const inView = (sel: string) => page.locator(sel).evaluate((e) => { const r = e.getBoundingClientRect(); return r.top >= 0 && r.top < 300; });
    expect(await inView('h2#options')).toBe(true);
    await page.locator('aside.toc a', { hasText: 'Troubleshooting' }).click();
    await page.waitForURL(/#troubleshooting$/);
    expect(await inView('h2#troubleshooting')).toBe(true);
    await page.goBack();
    await page.waitForURL(/#options$/);
    expect(await inView('h2#options')).toBe(true);
    // A heading inside the tab that is not selected: its tab shows.
    await page.goto(`${url}/getting-started/install#docker-options`);
    expect(await page.locator('h3#docker-options').isVisible()).toBe(true);
    expect(await page.locator('.code-title', { hasText: 'install.sh' }).isVisible()).toBe(false);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('search from the keyboard leads into a section, in a big page too; the 2,000-heading page renders whole', async () => {
    const { context, page, problems } = await reader();
    await page.goto(`${url}/`);
    await page.keyboard.press('/');
    await page.keyboard.type('ocelot');
    await Promise.all([page.waitForURL(/~search\?q=ocelot/), page.keyboard.press('Enter')]);
    await page.keyboard.press('Control+k');
    await page.keyboard.press('ArrowDown');
    await Promise.all([page.waitForURL(`${url}/getting-started/install#options`), page.keyboard.press('Enter')]);
    // A word at the end of the 1 MB page leads to its last section.
    await page.goto(`${url}/~search?q=axolotl`);
    expect(await page.locator('ul.results li .result-section').textContent()).toBe(' › Topic 1999');
    const started = Date.now();
    await Promise.all([page.waitForURL(`${url}/reference/all-topics#topic-1999`), page.locator('ul.results a').click()]);
    const ms = Date.now() - started;
    expect(await page.locator('main h2').count()).toBe(2000);
    expect(await page.locator('aside.toc a').count()).toBe(2000);
    // The last heading is in the window (the page's end: it cannot scroll to the top).
    const top = await page.locator('h2#topic-1999').evaluate((e) => e.getBoundingClientRect().top);
    expect(top).toBeGreaterThanOrEqual(0);
    expect(top).toBeLessThan(800);
    const bytes = await page.evaluate(() => (globalThis as any).document.documentElement.outerHTML.length);
    // Again, from the server's cache: what a second reader waits for.
    const again = Date.now();
    await page.goto(`${url}/reference/all-topics#topic-1000`);
    const cached = Date.now() - again;
    expect(await page.locator('h2#topic-1000').isVisible()).toBe(true);
    console.log(`the 2,000-heading page: ${bytes} characters of HTML, first load and scroll to its last heading ${ms} ms, cached ${cached} ms (load average ${(await import('node:os')).loadavg()[0]!.toFixed(1)})`);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('dark mode stays on from page to page; code and tables follow it', async () => {
    const { context, page, problems } = await reader();
    await page.goto(`${url}/getting-started/install`);
    await page.locator('nav.theme-switch a', { hasText: 'Dark' }).click();
    await page.waitForURL(/theme=dark/);
    const bg = () => page.evaluate(() => (globalThis as any).getComputedStyle((globalThis as any).document.body).backgroundColor);
    expect(await bg()).toBe('rgb(17, 19, 24)');
    await page.locator('aside.sidebar a', { hasText: 'Overview' }).click();
    await page.waitForURL(`${url}/`);
    expect(await bg()).toBe('rgb(17, 19, 24)');
    const th = await page.locator('main th').first().evaluate((e) => (globalThis as any).getComputedStyle(e).backgroundColor);
    expect(th).toBe('rgb(27, 31, 38)');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('fits a phone: no page scrolls sideways, the menu opens from the keyboard, the big page too', async () => {
    const { context, page, problems } = await reader({ viewport: { width: 390, height: 800 }, isMobile: true, hasTouch: true });
    for (const p of ['/', '/getting-started/install', '/getting-started/configure/deeper/deepest', '/reference/long-read', '/reference/all-topics', '/api/', '/changelog/', '/~search?q=widget', '/no/such/page']) {
      await page.goto(`${url}${p}`);
      const wide = await page.evaluate(() => (globalThis as any).document.documentElement.scrollWidth);
      expect(wide, p).toBeLessThanOrEqual(390);
    }
    await page.goto(`${url}/`);
    expect(await page.locator('aside.sidebar').isVisible()).toBe(false);
    await page.locator('#nav-toggle').focus();
    await page.keyboard.press('Space');
    expect(await page.locator('aside.sidebar').isVisible()).toBe(true);
    await page.locator('aside.sidebar a', { hasText: 'Install' }).click();
    await page.waitForURL(`${url}/getting-started/install`);
    // The 404 page's own status, and nothing else.
    expect(problems).toEqual(['console: Failed to load resource: the server responded with a status of 404 (Not Found)']);
    await context.close();
  });

  it('keyboard only: the skip link, Tab through the page, Enter follows links', async () => {
    const { context, page, problems } = await reader();
    await page.goto(`${url}/getting-started/install`);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => (globalThis as any).document.activeElement?.textContent)).toBe('Skip to content');
    await page.keyboard.press('Enter');
    expect(page.url()).toMatch(/#content$/);
    // From the content, Tab reaches its first link, which Enter follows.
    let label = '';
    for (let i = 0; i < 12 && label !== 'Requirements'; i++) {
      await page.keyboard.press('Tab');
      label = await page.evaluate(() => (globalThis as any).document.activeElement?.textContent ?? '');
    }
    expect(['Requirements', 'npm']).toContain(label);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('every link of every page leads somewhere; a link to no page is no link', async () => {
    const { context, page, problems } = await reader();
    const pages = ['/', '/getting-started/install', '/getting-started/configure', '/getting-started/configure/deeper', '/getting-started/configure/deeper/deepest', '/reference/long-read', '/guide-v1/', '/api/', '/changelog/'];
    const seen = new Set<string>();
    for (const p of pages) {
      await page.goto(`${url}${p}`);
      const hrefs = await page.locator('a[href]').evaluateAll((as) => as.map((a) => (a as any).href as string));
      for (const h of hrefs) if (h.startsWith(server.url)) seen.add(h.split('#')[0]!);
      // Images load. They are lazily loaded (loading="lazy"): one is brought into view and waited for, as a reader
      // scrolling to it would (a CI run at load 20 read an image in view before it had loaded: naturalWidth 0).
      const images = page.locator('main img');
      for (let i = 0, n = await images.count(); i < n; i++) {
        const img = images.nth(i);
        await img.evaluate((e) => (e as any).scrollIntoView());
        await expect.poll(() => img.evaluate((e) => ((e as any).complete ? (e as any).naturalWidth as number : 0)), { message: p, timeout: 15_000 }).toBeGreaterThan(0);
      }
    }
    for (const h of seen) {
      const r = await fetch(h);
      expect(r.status, h).toBe(200);
    }
    // The links to a page that does not exist are no links (they were `#`: to the page's top, a tab stop to nowhere).
    await page.goto(`${url}/`);
    expect(await page.locator('main a[href]', { hasText: 'A page that does not exist' }).count()).toBe(0);
    expect(await page.locator('main a[href]', { hasText: 'an id that does not exist' }).count()).toBe(0);
    expect(await page.locator('main', { hasText: 'A page that does not exist' }).count()).toBe(1);
    await page.locator('main a', { hasText: 'A page that does not exist' }).click();
    expect(page.url()).toBe(`${url}/`);
    const stops: string[] = [];
    for (let i = 0; i < 40; i++) {
      await page.keyboard.press('Tab');
      stops.push(await page.evaluate(() => (globalThis as any).document.activeElement?.textContent ?? ''));
    }
    expect(stops).not.toContain('A page that does not exist');
    expect(problems).toEqual([]);
    await context.close();
  });

  it("answers GitBook's URL shapes: trailing slashes, .md twins, capitals, percent-encoding", async () => {
    const get = (p: string) => fetch(`${url}${p}`, { redirect: 'manual' });
    for (const p of ['/getting-started/install', '/getting-started/%69nstall']) {
      const r = await get(p);
      expect(r.status, p).toBe(200);
      expect(await r.text(), p).toContain(`<link rel="canonical" href="${server.ctx.config.publicUrl}${base}/getting-started/install">`);
    }
    for (const [p, to] of [['/Getting-Started/Install', '/getting-started/install'], ['/GETTING-STARTED/INSTALL/', '/getting-started/install'], ['/Getting-Started/Install.md', '/getting-started/install.md'], ['/getting-started', '/getting-started/install'], ['/getting-started/install/', '/getting-started/install'], ['//getting-started/install', '/getting-started/install'], ['/getting-started/install/?a=1', '/getting-started/install?a=1']] as const) {
      const r = await get(p);
      expect([301, 302, 307, 308], p).toContain(r.status);
      expect(r.headers.get('location'), p).toBe(`${base}${to}`);
    }
    const twin = await get('/getting-started/install.md');
    expect(twin.headers.get('content-type')).toContain('text/markdown');
    expect(await twin.text()).toMatch(/^> For the complete documentation index, see \[llms\.txt\]\([^)]+\/llms\.txt\)\.\n\n# Install\n/);
    expect((await get('/llms.txt')).status).toBe(200);
    expect((await get('/no/such/page')).status).toBe(404);
    // The feeds and indexes with a trailing slash: to their address (they were the site's 404).
    for (const p of ['/llms.txt/', '/llms-full.txt/', '/llms-full.txt/1/', '/sitemap.xml/', '/robots.txt/', '/sitemap.md/', '/.well-known/sitemap.md/', '/~search/?q=ocelot']) {
      const r = await get(p);
      expect(r.status, p).toBe(302);
      expect(r.headers.get('location'), p).toBe(`${base}${p.replace(/\/(\?|$)/, '$1')}`);
    }
    expect((await get('/robots.txt/x')).status).toBe(404);
  });
});

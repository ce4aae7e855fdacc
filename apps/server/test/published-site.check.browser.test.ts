// A published multi-space site checked in Debian's Chromium the way a customer's automated check walks it (session
// 23): a site built here through the API — two sections and a section group, a variant, nested pages three levels
// down, images (in the page, a hint, a tab, a table), code, tabs, hints, tables, links between pages and to anchors
// (relative `.md` links, `/pages/<id>` links, links to another space), a page with a long, wide table — published, then
// every page reachable from the navigation (sidebar, sections, variants) visited: no console error or warning, no
// failed request and no answer of 400 or more, every internal link answering 200 and every anchor present on its
// page, every image loaded, no horizontal overflow at 390×844 and the navigation opening there, a visible focus on
// every Tab stop, the 404 page for unknown paths, search finding pages and its results opening, back and forward.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../src/testing/chromium.js';
import { png } from '../src/testing/fixtures.js';
import { createTenant, startTestServer, testDialect, type TestServer } from '../src/testing/index.js';

const skip = testDialect() === 'postgres';
let server: TestServer;
let browser: Browser;
/** The site's root URL (no trailing slash) and path. */
let site: string;
let base: string;

const words = (w: string, n: number) => Array.from({ length: n }, (_, i) => `${w} sentence ${i} with words a reader reads.`).join(' ');

beforeAll(async () => {
  if (skip) return;
  server = await startTestServer();
  browser = await launchChromium();
  const t = await createTenant(server);
  const newSpace = async (title: string) => (await t.api.post(`/v1/orgs/${t.org}/spaces`, { title })).body.id as string;
  const upload = async (space: string, name: string, rgb: [number, number, number]) => {
    const r = await fetch(`${server.url}/v1/spaces/${space}/content/files?name=${name}`, { method: 'POST', headers: { authorization: `Bearer ${t.owner.token}`, 'content-type': 'image/png' }, body: png(80, 40, rgb) });
    expect(r.status).toBe(201);
    return ((await r.json()) as { id: string }).id;
  };
  const edit = async (space: string, edits: unknown[]) => {
    const r = await t.api.post(`/v1/spaces/${space}/content/edits`, { edits });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
  };

  const guide = await newSpace('Guide');
  const api = await newSpace('API');
  const v2 = await newSpace('Guide v2');
  const notes = await newSpace('Release notes');
  const diagram = await upload(guide, 'diagram.png', [20, 110, 200]);
  const screenshot = await upload(guide, 'screenshot.png', [200, 120, 20]);
  const icon = await upload(guide, 'icon.png', [40, 160, 60]);
  const longTable = [
    '| # | Option | Type | Default | Since | Description |', '| - | ------ | ---- | ------- | ----- | ----------- |',
    ...Array.from({ length: 150 }, (_, i) => `| ${i} | \`widget.option.number${i}.with.a.long.dotted.name\` | string | \`default-value-${i}\` | 1.${i % 10} | ${words(`Row ${i}`, 2)} |`),
  ].join('\n');
  await edit(guide, [
    { op: 'createPage', page: { id: 'page-welcome', title: 'Welcome', description: 'What the widget is.', markdown: [
      'Welcome to the widget. Start with [Installation](getting-started/installation.md), read [its requirements](/pages/page-install#requirements), or jump to [the options table](/pages/page-options#all-options).', '',
      `![The architecture](/files/${diagram})`, '',
      '{% hint style="info" %}', `Icons: ![icon](/files/${icon}) mark new features. See [Configuration](/pages/page-configure).`, '{% endhint %}', '',
      '{% hint style="danger" %}', 'Never run the widget as root.', '{% endhint %}', '',
      '| Part | What it does |', '| ---- | ------------ |', '| Core | Runs widgets |', `| UI | ![ui](/files/${screenshot}) |`, '',
      '## What is new', '', 'See the [release notes](https://example.com/notes) and [the troubleshooting section](#troubleshooting).', '',
      '## Troubleshooting', '', words('Trouble', 6), '',
    ].join('\n') } },
    { op: 'createPage', page: { id: 'page-start', title: 'Getting started', type: 'group' } },
    { op: 'createPage', page: { id: 'page-install', title: 'Installation', parent: 'page-start', markdown: [
      '## Requirements', '', '* Node 20', '* A terminal', '',
      '{% tabs %}', '{% tab title="npm" %}', '```bash', 'npm install widget --save-exact --registry https://registry.widget.test/some/long/path/that/goes/on', '```', '{% endtab %}', '',
      '{% tab title="Docker" %}', '### Docker image', '', `![screenshot](/files/${screenshot})`, '', '```yaml', 'image: widget:2', 'ports: ["8080:8080"]', '```', '{% endtab %}', '{% endtabs %}', '',
      '## Verify', '', '{% code title="verify.js" lineNumbers="true" %}', '```js', 'const widget = require("widget");', 'console.log(widget.version);', '```', '{% endcode %}', '',
      'Next: [configure it](configure.md), or the [Docker image](#docker-image).', '',
    ].join('\n') } },
    { op: 'createPage', page: { id: 'page-configure', title: 'Configure', parent: 'page-start', markdown: [
      '## Files', '', words('Config', 8), '', 'Every key is in [the options](../reference/options.md#all-options).', '',
    ].join('\n') } },
    { op: 'createPage', page: { id: 'page-advanced', title: 'Advanced', parent: 'page-configure', markdown: '## Tuning\n\nBack to [Files](/pages/page-configure#files).\n' } },
    { op: 'createPage', page: { id: 'page-internals', title: 'Internals', parent: 'page-advanced', markdown: '## Threads\n\nThree levels down. Up to [Advanced](/pages/page-advanced#tuning).\n' } },
    { op: 'createPage', page: { id: 'page-reference', title: 'Reference', type: 'group' } },
    { op: 'createPage', page: { id: 'page-options', title: 'Options', parent: 'page-reference', markdown: `## All options\n\n${longTable}\n\n## Deprecated options\n\nNone yet.\n` } },
  ]);
  await edit(api, [
    { op: 'createPage', page: { id: 'page-api', title: 'API overview', markdown: '## Authentication\n\nSend a token. See [the guide](https://example.com/guide) and [Endpoints](endpoints.md#list-widgets).\n' } },
    { op: 'createPage', page: { id: 'page-endpoints', title: 'Endpoints', markdown: '## List widgets\n\n`GET /v1/widgets`\n\n{% hint style="warning" %}\nPaginated.\n{% endhint %}\n\n## Create a widget\n\n```http\nPOST /v1/widgets\n```\n' } },
  ]);
  await edit(v2, [{ op: 'createPage', page: { title: 'Welcome to v2', markdown: 'The next version. See [Upgrading](upgrading.md).\n' } }, { op: 'createPage', page: { title: 'Upgrading', markdown: '## Steps\n\nUpgrade.\n' } }]);
  await edit(notes, [{ op: 'createPage', page: { title: 'Releases', markdown: '## 2.0\n\nThe pangolin release.\n\n## 1.0\n\nFirst.\n' } }]);

  const made = (await t.api.post(`/v1/orgs/${t.org}/sites`, { title: 'Widget Docs', visibility: 'public', spaces: [guide] })).body;
  const sites = `/v1/orgs/${t.org}/sites/${made.id}`;
  expect((await t.api.post(`${sites}/sections`, { spaceId: api, title: 'API' })).status).toBe(201);
  const log = await t.api.post(`${sites}/sections`, { spaceId: notes, title: 'Release notes' });
  expect(log.status).toBe(201);
  expect((await t.api.post(`${sites}/section-groups`, { title: 'More', sections: [log.body.id] })).status).toBe(201);
  const sections = (await t.api.get(`${sites}/sections`)).body.items;
  expect((await t.api.post(`${sites}/site-spaces`, { spaceId: v2, sectionId: sections[0].id })).status).toBe(201);
  const custom = (await t.api.get(`${sites}/customization`)).body;
  expect((await t.api.put(`${sites}/customization`, { ...custom, themes: { default: 'light', toggeable: true }, pagination: { enabled: true } })).status).toBe(200);
  expect((await t.api.post(`${sites}/publish`)).status).toBe(200);
  base = `/sites/${made.id}`;
  site = `${server.url}${base}`;
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** A context recording what a check fails on: console errors and warnings, page errors, failed requests, 4xx/5xx. */
async function checker(options: Parameters<Browser['newContext']>[0] = {}): Promise<{ context: BrowserContext; page: Page; problems: string[] }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, ...options });
  const problems: string[] = [];
  context.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warning') problems.push(`console ${m.type()}: ${m.text()} (${m.location().url})`); });
  context.on('weberror', (e) => problems.push(`page error: ${e.error().message}`));
  context.on('requestfailed', (r) => problems.push(`failed: ${r.url()} ${r.failure()?.errorText}`));
  context.on('response', (r) => { if (r.status() >= 400) problems.push(`answer ${r.status()}: ${r.url()}`); });
  context.on('request', (r) => { if (!r.url().startsWith(server.url) && !r.url().startsWith('data:')) problems.push(`outside: ${r.url()}`); });
  return { context, page: await context.newPage(), problems };
}

/** What a page holds for the check: links (resolved), ids, images and their state, the navigation's links. */
function inventory(page: Page) {
  return page.evaluate(() => {
    const d = (globalThis as any).document;
    const all = (sel: string) => [...d.querySelectorAll(sel)] as any[];
    return {
      h1: d.querySelector('main h1')?.textContent?.trim() as string | undefined,
      links: all('a[href]').map((a) => a.href as string),
      nav: all('aside.sidebar a[href], nav.sections a[href], nav.variants a[href]').map((a) => a.href as string),
      ids: all('[id]').map((e) => e.id as string),
      images: all('img').map((i) => ({ src: i.currentSrc || i.src, alt: i.getAttribute('alt'), complete: i.complete, width: i.naturalWidth, lazy: i.loading === 'lazy' })),
    };
  });
}

const origin = () => new URL(server.url).origin;

describe.skipIf(skip)('a published site checked in Chromium as an automated check walks it', () => {
  it('every page from the navigation: no console error or failed request, links and anchors resolve, images load', async () => {
    const { context, page, problems } = await checker();
    const pages = new Map<string, { ids: string[]; h1?: string }>();
    const links = new Map<string, string>(); // link (no hash) -> a page it is on
    const anchors: { from: string; to: string; id: string }[] = [];
    const queue = [`${site}/`];
    const broken: string[] = [];
    while (queue.length && pages.size < 40) {
      const at = queue.shift()!;
      if (pages.has(at)) continue;
      const r = await page.goto(at);
      if (r!.status() !== 200) {
        broken.push(`${at}: ${r!.status()}`);
        pages.set(at, { ids: [] });
        continue;
      }
      // Every image, lazy ones too: scrolled to, then it must have decoded with a size.
      await page.evaluate(async () => {
        for (const img of [...(globalThis as any).document.querySelectorAll('img')] as any[]) {
          img.scrollIntoView();
          await img.decode().catch(() => undefined);
        }
      });
      const inv = await inventory(page);
      pages.set(at, { ids: inv.ids, ...(inv.h1 ? { h1: inv.h1 } : {}) });
      for (const img of inv.images) {
        if (!img.complete || img.width === 0) broken.push(`${at}: image ${img.src} did not load`);
        if (img.alt === null) broken.push(`${at}: image ${img.src} has no alt`);
      }
      // The ids of a page are unique (an anchor must name one element).
      const dup = inv.ids.filter((id, i) => inv.ids.indexOf(id) !== i);
      if (dup.length) broken.push(`${at}: duplicate ids ${[...new Set(dup)].join(', ')}`);
      for (const href of inv.links) {
        const u = new URL(href);
        if (u.origin !== origin()) continue;
        if (!u.pathname.startsWith(base)) { broken.push(`${at} links outside the site: ${href}`); continue; }
        const target = `${u.origin}${u.pathname}${u.search}`;
        if (u.hash && u.hash !== '#') anchors.push({ from: at, to: target, id: decodeURIComponent(u.hash.slice(1)) });
        if (!links.has(target)) links.set(target, at);
      }
      // The pages a visitor reaches from the navigation (sidebar, sections, variants) and from the content.
      for (const href of inv.nav) {
        const u = new URL(href);
        const target = `${u.origin}${u.pathname}`;
        if (u.origin === origin() && !u.search && !pages.has(target)) queue.push(target);
      }
    }
    // Every internal link answers 200 (after redirects), every anchor is an element of its page.
    for (const [link, from] of links) {
      const r = await page.request.get(link);
      if (r.status() !== 200) broken.push(`${from} links to ${link}: ${r.status()}`);
    }
    for (const a of anchors) {
      let ids = pages.get(a.to)?.ids;
      if (!ids) {
        await page.goto(a.to);
        ids = (await inventory(page)).ids;
        pages.set(a.to, { ids });
      }
      if (!ids.includes(a.id)) broken.push(`${a.from} links to #${a.id} of ${a.to}, which has no such element`);
    }
    expect(broken).toEqual([]);
    expect(problems).toEqual([]);
    const titles = [...pages.values()].map((p) => p.h1);
    for (const title of ['Welcome', 'Installation', 'Configure', 'Advanced', 'Internals', 'Options', 'API overview', 'Endpoints', 'Releases', 'Welcome to v2', 'Upgrading']) expect(titles, title).toContain(title);
    await context.close();
  }, 60_000);

  it('a phone (390×844): no page scrolls sideways, the navigation opens and leads to a page', async () => {
    const { context, page, problems } = await checker({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
    const overflow = () => page.evaluate(() => {
      const d = (globalThis as any).document;
      const w = d.documentElement.clientWidth;
      // Elements reaching past the right edge, but for those inside their own scrolling box (code, tables).
      const past = ([...d.body.querySelectorAll('*')] as any[]).filter((e) => {
        const r = e.getBoundingClientRect();
        // (Shown only: a closed <details>' content has a box when asked, but is not drawn.)
        if (r.right <= w + 1 || r.width === 0 || !e.checkVisibility({ visibilityProperty: true, opacityProperty: true })) return false;
        for (let p = e.parentElement; p; p = p.parentElement) {
          const s = (globalThis as any).getComputedStyle(p);
          if (/(auto|scroll|hidden)/.test(s.overflowX) && p.getBoundingClientRect().right <= w + 1) return false;
        }
        return true;
      }).map((e) => `${e.tagName.toLowerCase()}${e.className ? '.' + String(e.className).split(' ')[0] : ''}`);
      return { scroll: d.documentElement.scrollWidth, width: w, past: [...new Set(past)].slice(0, 5) };
    });
    for (const path of ['/', '/getting-started/installation', '/getting-started/configure/advanced/internals', '/reference/options', '/api/', '/api/endpoints', '/release-notes/', '/guide-v2/', '/no-such-page', '/~search?q=widget']) {
      await page.goto(`${site}${path}`);
      const over = await overflow();
      expect(over, path).toEqual({ scroll: over.width, width: 390, past: [] });
    }
    // The navigation is behind the menu button: it opens, and its links work.
    await page.goto(`${site}/`);
    const sidebarLink = page.locator('aside.sidebar a', { hasText: 'Internals' });
    expect(await sidebarLink.isVisible()).toBe(false);
    await page.locator('label.nav-button').tap();
    await sidebarLink.waitFor({ state: 'visible' });
    const box = (await sidebarLink.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    await sidebarLink.tap();
    await page.waitForURL(`${site}/getting-started/configure/advanced/internals`);
    expect(await page.locator('main h1').textContent()).toBe('Internals');
    // Sections and variants are reachable on a phone too.
    await page.locator('label.nav-button').tap();
    const apiTab = page.locator('nav.sections a', { hasText: 'API' });
    await apiTab.scrollIntoViewIfNeeded();
    await apiTab.tap();
    await page.waitForURL(`${site}/api/`);
    // The section group's drop-down opens inside the screen, and its section is reachable (placed under its summary,
    // it reached 16 px past the right edge: session 23).
    await page.goto(`${site}/`);
    await page.locator('label.nav-button').tap();
    await page.locator('nav.sections summary', { hasText: 'More' }).tap();
    const inGroup = page.locator('nav.sections details[open] a', { hasText: 'Release notes' });
    await inGroup.waitFor({ state: 'visible' });
    const groupBox = (await inGroup.boundingBox())!;
    expect(groupBox.x).toBeGreaterThanOrEqual(0);
    expect(groupBox.x + groupBox.width).toBeLessThanOrEqual(390);
    expect(await overflow()).toEqual({ scroll: 390, width: 390, past: [] });
    await inGroup.tap();
    await page.waitForURL(`${site}/release-notes/`);
    expect(problems.filter((p) => !p.includes('no-such-page'))).toEqual([]);
    await context.close();
  }, 60_000);

  it('keyboard: every Tab stop shows a visible focus and is in view; Enter follows a link', async () => {
    const { context, page, problems } = await checker();
    for (const path of ['/getting-started/installation', '/reference/options']) {
      await page.goto(`${site}${path}`);
      let stops = 0;
      for (let i = 0; i < 60; i++) {
        await page.keyboard.press('Tab');
        const f = await page.evaluate(() => {
          const g = globalThis as any;
          const e = g.document.activeElement;
          if (!e || e === g.document.body) return undefined;
          const s = g.getComputedStyle(e);
          const r = e.getBoundingClientRect();
          const outline = s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) > 0;
          const ring = s.boxShadow && s.boxShadow !== 'none';
          // Tab has come round when it reaches an element it reached before.
          const again = e.dataset.tabbed === '1';
          e.dataset.tabbed = '1';
          return {
            name: `${e.tagName.toLowerCase()} ${(e.textContent || e.getAttribute('aria-label') || e.getAttribute('name') || '').trim().slice(0, 30)}`,
            again,
            indicator: outline || !!ring,
            inView: r.bottom > 0 && r.top < g.innerHeight && r.right > 0 && r.left < g.innerWidth && r.width > 0 && r.height > 0,
          };
        });
        if (!f || f.again) break;
        stops++;
        expect(f.indicator, `${path}: focus of ${f.name} shows no outline or ring`).toBe(true);
        expect(f.inView, `${path}: focus of ${f.name} is out of view`).toBe(true);
      }
      expect(stops, path).toBeGreaterThan(10);
    }
    await page.goto(`${site}/`);
    const target = page.locator('main a', { hasText: 'Installation' }).first();
    await target.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(`${site}/getting-started/installation`);
    expect(problems).toEqual([]);
    await context.close();
  }, 60_000);

  it('search finds pages and its results open; unknown paths answer the 404 page; back and forward', async () => {
    const { context, page, problems } = await checker();
    await page.goto(`${site}/`);
    await page.locator('form.search input').fill('pangolin');
    await Promise.all([page.waitForURL(/~search\?q=pangolin/), page.locator('form.search input').press('Enter')]);
    const results = page.locator('ul.results a');
    expect(await results.allTextContents()).toEqual([expect.stringContaining('Releases')]);
    await results.first().click();
    await page.waitForURL(new RegExp(`${base}/release-notes/`));
    expect(await page.locator('main h1').textContent()).toBe('Releases');
    // A word of the long table's last rows, and of a heading inside a tab.
    await page.goto(`${site}/~search?q=number149`);
    expect(await page.locator('ul.results a').first().textContent()).toContain('Options');
    await page.locator('ul.results a').first().click();
    await page.waitForURL(new RegExp(`${base}/reference/options`));
    await page.goto(`${site}/~search?q=${encodeURIComponent('Docker image')}`);
    await page.locator('ul.results a', { hasText: 'Installation' }).first().click();
    await page.waitForURL(new RegExp(`${base}/getting-started/installation`));

    // Unknown paths: the 404 page with the site around it, which leads home.
    for (const path of ['/no-such-page', '/getting-started/nope', '/api/nope/deeper']) {
      const r = await page.goto(`${site}${path}`);
      expect(r!.status(), path).toBe(404);
      expect(await page.locator('main h1').textContent()).toBe('Page not found');
      expect(await page.locator('aside.sidebar a').count(), path).toBeGreaterThan(0);
    }
    expect(problems.splice(0).filter((p) => !/answer 404|status of 404/.test(p))).toEqual([]);

    // Back and forward through pages, an anchor and a section.
    await page.goto(`${site}/`);
    await page.locator('main a', { hasText: 'its requirements' }).click();
    await page.waitForURL(`${site}/getting-started/installation#requirements`);
    await page.locator('main a', { hasText: 'Docker image' }).click();
    await page.waitForURL(`${site}/getting-started/installation#docker-image`);
    await page.locator('nav.sections a', { hasText: 'API' }).click();
    await page.waitForURL(`${site}/api/`);
    await page.goBack();
    await page.waitForURL(`${site}/getting-started/installation#docker-image`);
    await page.goBack();
    await page.waitForURL(`${site}/getting-started/installation#requirements`);
    await page.goBack();
    await page.waitForURL(`${site}/`);
    expect(await page.locator('main h1').textContent()).toBe('Welcome');
    await page.goForward();
    await page.waitForURL(`${site}/getting-started/installation#requirements`);
    await page.goForward();
    await page.goForward();
    await page.waitForURL(`${site}/api/`);
    expect(await page.locator('main h1').textContent()).toBe('API overview');
    expect(problems).toEqual([]);
    await context.close();
  }, 60_000);
});

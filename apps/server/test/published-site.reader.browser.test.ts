// The published site used as a reader uses a docs site, in Debian's Chromium (playwright-core): a site built through
// the HTTP API (two sections, a variant, a space with groups, nested, conditional and unlisted pages and every kind of
// block), then what a reader does — a group's URL, a long "on this page" that scrolls and follows the reading
// position, a link to a heading inside a tab that is not the selected one, printing, keyboard focus on a wide screen
// and a phone, the social preview tags. Each case failed before the change it tests (docs/sites.md, session 14).
import type { Browser, BrowserContext } from 'playwright-core';
import { launchChromium } from '../src/testing/chromium.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, startTestServer, testDialect, type TestServer } from '../src/testing/index.js';
import { png } from '../src/testing/fixtures.js';

// What the browser sees does not depend on the database (published-site.test.ts covers both over HTTP).
const skip = testDialect() === 'postgres';
let server: TestServer;
let browser: Browser;
let url: string;
let pub: string;
const live = (link: string) => (link.startsWith(pub) ? url + link.slice(pub.length) : link);
let canonicalBase: string;
const PRIMARY = 'rgb(225, 29, 72)';

const filler = (n: number, w: string) => Array.from({ length: n }, (_, i) => `${w} paragraph ${i} of words a reader reads before the next heading comes.\n`).join('\n');

beforeAll(async () => {
  if (skip) return;
  server = await startTestServer();
  browser = await launchChromium();
  const t = await createTenant(server);
  const guide = (await t.api.post(`/v1/orgs/${t.org}/spaces`, { title: 'Guide' })).body;
  const upload = async (name: string, type: string, body: Buffer | string) => {
    const r = await fetch(`${server.url}/v1/spaces/${guide.id}/content/files?name=${encodeURIComponent(name)}`, { method: 'POST', headers: { authorization: `Bearer ${t.owner.token}`, 'content-type': type }, body });
    expect(r.status).toBe(201);
    return ((await r.json()) as { id: string }).id;
  };
  const image = await upload('diagram.png', 'image/png', png(40, 20, [0, 120, 255]));
  const pdf = await upload('manual v2.pdf', 'application/pdf', '%PDF-1.4\n%%EOF\n');
  const blocks = [
    '{% hint style="info" %}', 'Read [the install step](/pages/page-setup#install) first.', '{% endhint %}', '',
    '## Install it', '', '{% tabs %}', '{% tab title="npm" %}', 'Run npm.', '{% endtab %}', '', '{% tab title="yarn" %}', '### Yarn options', '', 'Run yarn.', '{% endtab %}', '{% endtabs %}', '',
    '<details>', '', '<summary>More details</summary>', '', 'The hidden body text.', '', '</details>', '',
    '{% code title="app.js" lineNumbers="true" %}', '```js', 'const a = 1;', '```', '{% endcode %}', '',
    '| Name | Value |', '| ---- | ----- |', '| a | 1 |', '',
    `![A blue diagram](/files/${image})`, '', `{% file src="/files/${pdf}" %}`, 'The manual', '{% endfile %}', '',
    '{% embed url="https://video.example.com/watch?v=1" %}', '',
    '{% content-ref url="/pages/page-setup" %}', '[Setup](/pages/page-setup)', '{% endcontent-ref %}', '',
    '{% openapi src="https://petstore.example/openapi.json" path="/pets" method="get" %}', '[https://petstore.example/openapi.json](https://petstore.example/openapi.json)', '{% endopenapi %}', '',
    '$$', 'E = mc^2', '$$', '',
    '{% stepper %}', '{% step %}', '### First', 'Do one.', '{% endstep %}', '', '{% step %}', '### Second', 'Do two.', '{% endstep %}', '{% endstepper %}', '',
    '{% columns %}', '{% column %}', 'Left.', '{% endcolumn %}', '', '{% column %}', 'Right.', '{% endcolumn %}', '{% endcolumns %}', '',
    '## Überblick und Ziele', '', 'Go [to yarn](#yarn-options).', '',
  ].join('\n');
  const long = Array.from({ length: 30 }, (_, i) => `## Section ${i + 1}\n\n${filler(4, `S${i}`)}\n### Part ${i + 1}\n\n${filler(2, `P${i}`)}`).join('\n');
  const edits = await t.api.post(`/v1/spaces/${guide.id}/content/edits`, { edits: [
    { op: 'createPage', page: { id: 'page-intro', title: 'Introduction', description: 'Start here with Widget.', markdown: blocks } },
    { op: 'createPage', page: { id: 'page-setup', title: 'Setup', markdown: '## Install\n\nUse the flux capacitor.\n' } },
    { op: 'createPage', page: { id: 'page-group', title: 'Advanced', type: 'group' } },
    { op: 'createPage', page: { id: 'page-secret', title: 'Premium', parent: 'page-group', markdown: 'Secret narwhal.\n', condition: 'visitor.claims.unsigned.premium === true' } },
    { op: 'createPage', page: { id: 'page-long', title: 'Long page', parent: 'page-group', markdown: long } },
    { op: 'createPage', page: { id: 'page-nested', title: 'Nested parent', parent: 'page-group', markdown: 'Parent.\n' } },
    { op: 'createPage', page: { id: 'page-child', title: 'Nested child', parent: 'page-nested', markdown: 'Child.\n' } },
    { op: 'createPage', page: { id: 'page-unlisted', title: 'Unlisted', hidden: true, markdown: 'Unlisted text.\n' } },
    { op: 'createPage', page: { id: 'page-internal', title: 'Internal', noIndex: true, markdown: 'Internal notes.\n' } },
    { op: 'createPage', page: { id: 'page-internal-child', title: 'Internal child', parent: 'page-internal', markdown: 'The walrus procedure.\n' } },
    { op: 'createPage', page: { id: 'page-norobots', title: 'No robots', noRobotsIndex: true, markdown: 'Not for crawlers.\n' } },
  ] });
  expect(edits.status, JSON.stringify(edits.body)).toBe(200);
  const v2 = (await t.api.post(`/v1/orgs/${t.org}/spaces`, { title: 'Guide v2' })).body;
  await t.api.post(`/v1/spaces/${v2.id}/content/edits`, { edits: [{ op: 'createPage', page: { title: 'Version two', markdown: 'Two.\n' } }] });
  const api = (await t.api.post(`/v1/orgs/${t.org}/spaces`, { title: 'API' })).body;
  await t.api.post(`/v1/spaces/${api.id}/content/edits`, { edits: [{ op: 'createPage', page: { title: 'Endpoints', markdown: 'GET /things\n' } }] });
  const site = (await t.api.post(`/v1/orgs/${t.org}/sites`, { title: 'Acme Docs', visibility: 'public', spaces: [guide.id] })).body;
  expect((await t.api.post(`/v1/orgs/${t.org}/sites/${site.id}/sections`, { spaceId: api.id, title: 'API' })).status).toBe(201);
  const sections = (await t.api.get(`/v1/orgs/${t.org}/sites/${site.id}/sections`)).body.items;
  expect((await t.api.post(`/v1/orgs/${t.org}/sites/${site.id}/site-spaces`, { spaceId: v2.id, sectionId: sections[0].id })).status).toBe(201);
  const custom = (await t.api.get(`/v1/orgs/${t.org}/sites/${site.id}/customization`)).body;
  const put = await t.api.put(`/v1/orgs/${t.org}/sites/${site.id}/customization`, { ...custom, styling: { ...custom.styling, primaryColor: { light: '#E11D48', dark: '#E11D48' } } });
  expect(put.status, JSON.stringify(put.body)).toBe(200);
  const published = await t.api.post(`/v1/orgs/${t.org}/sites/${site.id}/publish`);
  expect(published.status).toBe(200);
  canonicalBase = String(published.body.urls.published).replace(/\/$/, '');
  url = `${server.url}/sites/${site.id}`;
  // Absolute links are at the configured public URL (never the request's Host); `live` is the same URL on the test server.
  pub = `${server.ctx.config.publicUrl}/sites/${site.id}`;
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** A browser context that collects console errors, failed requests and requests leaving the server. */
async function reader(options: Parameters<Browser['newContext']>[0] = {}): Promise<{ context: BrowserContext; problems: string[] }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 700 }, ...options });
  const problems: string[] = [];
  context.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warning') problems.push(`console: ${m.text()}`); });
  // A load the test's own next navigation cut short (net::ERR_ABORTED) is no failure of the site.
  context.on('requestfailed', (r) => { if (r.failure()?.errorText !== 'net::ERR_ABORTED') problems.push(`failed: ${r.url()} ${r.failure()?.errorText}`); });
  context.on('request', (r) => { if (!r.url().startsWith(server.url) && !r.url().startsWith('data:')) problems.push(`outside: ${r.url()}`); });
  return { context, problems };
}

describe.skipIf(skip)('the published site as a reader uses it', () => {
  it("a group's URL leads to its first page the reader may see", async () => {
    const { context, problems } = await reader();
    const page = await context.newPage();
    // The group's first page (Premium) is hidden from this visitor by its condition: the first one they see.
    const answer = await page.goto(`${url}/advanced`);
    expect(answer!.status()).toBe(200);
    expect(page.url()).toBe(`${url}/advanced/long-page`);
    expect(await page.locator('main h1').textContent()).toBe('Long page');
    // With the claim, Premium is the first page; a trailing slash and other capitals too.
    await page.goto(`${url}/Advanced/?visitor.premium=true`);
    expect(page.url()).toBe(`${url}/advanced/premium`);
    expect(await page.locator('main h1').textContent()).toBe('Premium');
    // The .md twin of a group's path is its first page's.
    const twin = await fetch(`${url}/advanced.md`, { redirect: 'manual' });
    expect(twin.status).toBe(302);
    expect(twin.headers.get('location')).toBe(`/sites/${url.split('/sites/')[1]}/advanced/long-page.md`);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('a long "on this page" scrolls in its own box and marks the section being read', async () => {
    const { context, problems } = await reader();
    const page = await context.newPage();
    await page.goto(`${url}/advanced/long-page`);
    const toc = page.locator('aside.toc');
    expect(await page.locator('aside.toc a').count()).toBe(60);
    // Once the page scrolls, all of it is within the window: its last entries are reachable by scrolling the box,
    // not only at the page's end.
    await page.mouse.wheel(0, 400);
    await expect.poll(() => page.evaluate(() => (globalThis as any).scrollY)).toBeGreaterThan(300);
    const box = await toc.evaluate((e) => ({ bottom: e.getBoundingClientRect().bottom, scrollable: e.scrollHeight > e.clientHeight, height: (globalThis as any).innerHeight }));
    expect(box.bottom).toBeLessThanOrEqual(box.height);
    expect(box.scrollable).toBe(true);
    const last = page.locator('aside.toc a', { hasText: 'Part 30' });
    await last.scrollIntoViewIfNeeded();
    const lastBox = await last.boundingBox();
    expect(lastBox!.y + lastBox!.height).toBeLessThanOrEqual(700);
    // Reading section 20 marks its entry (in the primary color), and only it.
    await page.evaluate(() => (globalThis as any).document.getElementById('section-20').scrollIntoView());
    const marked = () => page.locator('aside.toc a').evaluateAll((links, primary) => links.filter((a) => (globalThis as any).getComputedStyle(a).color === primary).map((a) => a.textContent), PRIMARY);
    await expect.poll(marked).toEqual(['Section 20']);
    await page.evaluate(() => (globalThis as any).document.getElementById('section-7').scrollIntoView());
    await expect.poll(marked).toEqual(['Section 7']);
    // Its links stay ordinary tab stops, one after the other.
    await page.locator('aside.toc a').first().focus();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => (globalThis as any).document.activeElement?.textContent)).toBe('Part 1');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('a link to a heading inside a tab that is not selected shows that tab', async () => {
    const { context, problems } = await reader();
    const page = await context.newPage();
    await page.goto(`${url}/#yarn-options`);
    const heading = page.locator('main h3#yarn-options');
    expect(await heading.isVisible()).toBe(true);
    expect(await page.locator('.tab-panel', { hasText: 'Run yarn.' }).isVisible()).toBe(true);
    expect(await page.locator('.tab-panel', { hasText: 'Run npm.' }).isVisible()).toBe(false);
    const top = await heading.evaluate((h) => h.getBoundingClientRect().top);
    expect(top).toBeGreaterThanOrEqual(0);
    expect(top).toBeLessThan(300);
    // The yarn label reads as the selected one.
    const color = (label: string) => page.locator('label.tab-label', { hasText: label }).evaluate((l) => (globalThis as any).getComputedStyle(l).color);
    expect(await color('yarn')).toBe(PRIMARY);
    expect(await color('npm')).not.toBe(PRIMARY);
    // Choosing another tab still works once the reader is there.
    await page.goto(`${url}/`);
    await page.locator('main a', { hasText: 'to yarn' }).click();
    await page.waitForURL(/#yarn-options$/);
    expect(await heading.isVisible()).toBe(true);
    // Without a fragment the first tab is shown, as before.
    await page.goto(`${url}/`);
    expect(await page.locator('.tab-panel', { hasText: 'Run npm.' }).isVisible()).toBe(true);
    expect(await page.locator('.tab-panel', { hasText: 'Run yarn.' }).isVisible()).toBe(false);
    await page.locator('label.tab-label', { hasText: 'yarn' }).click();
    expect(await page.locator('.tab-panel', { hasText: 'Run yarn.' }).isVisible()).toBe(true);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('prints every tab and the body of every expandable, without the navigation', async () => {
    const { context, problems } = await reader();
    const page = await context.newPage();
    await page.goto(`${url}/`);
    await page.emulateMedia({ media: 'print' });
    expect(await page.locator('.tab-panel', { hasText: 'Run npm.' }).isVisible()).toBe(true);
    expect(await page.locator('.tab-panel', { hasText: 'Run yarn.' }).isVisible()).toBe(true);
    expect(await page.locator('label.tab-label', { hasText: 'yarn' }).isVisible()).toBe(true);
    expect(await page.getByText('The hidden body text.').isVisible()).toBe(true);
    expect(await page.locator('aside.sidebar').isVisible()).toBe(false);
    expect(await page.locator('aside.toc').isVisible()).toBe(false);
    // The PDF a reader prints holds both tabs' text.
    expect((await page.pdf()).length).toBeGreaterThan(1000);
    await page.emulateMedia({ media: 'screen' });
    expect(await page.locator('.tab-panel', { hasText: 'Run yarn.' }).isVisible()).toBe(false);
    expect(await page.getByText('The hidden body text.').isVisible()).toBe(false);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('keyboard focus never lands on something invisible; the phone menu opens and closes from the keyboard', async () => {
    const { context, problems } = await reader();
    const page = await context.newPage();
    await page.goto(`${url}/setup`);
    const focused = () => page.evaluate(() => {
      const e = (globalThis as any).document.activeElement;
      const r = e.getBoundingClientRect();
      const s = (globalThis as any).getComputedStyle(e);
      return { tag: e.tagName, text: (e.textContent ?? '').trim(), width: r.width, height: r.height, outline: s.outlineStyle };
    });
    // Wide screen: skip link, brand, section tabs, …, every stop at least 8×8 and outlined.
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press('Tab');
      const f = await focused();
      expect(f.width, JSON.stringify(f)).toBeGreaterThanOrEqual(8);
      expect(f.height, JSON.stringify(f)).toBeGreaterThanOrEqual(8);
      expect(f.outline, JSON.stringify(f)).not.toBe('none');
    }
    // A phone: the menu's toggle is the second stop, Space opens the menu and closes it again.
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto(`${url}/setup`);
    expect(await page.evaluate(() => (globalThis as any).document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => (globalThis as any).document.activeElement?.id)).toBe('nav-toggle');
    expect(await page.locator('label.nav-button').evaluate((l) => (globalThis as any).getComputedStyle(l).outlineStyle)).not.toBe('none');
    expect(await page.locator('aside.sidebar').isVisible()).toBe(false);
    await page.keyboard.press('Space');
    expect(await page.locator('aside.sidebar').isVisible()).toBe(true);
    await page.keyboard.press('Space');
    expect(await page.locator('aside.sidebar').isVisible()).toBe(false);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('a page marked noIndex or noRobotsIndex, and every page under it, is noindex and left out of sitemap.xml and llms.txt', async () => {
    const { context, problems } = await reader();
    const page = await context.newPage();
    const robots = () => page.evaluate(() => (globalThis as any).document.querySelector('meta[name="robots"]')?.getAttribute('content') ?? null);
    for (const path of ['/internal', '/internal/internal-child', '/no-robots']) {
      expect((await page.goto(`${url}${path}`))!.status()).toBe(200);
      expect(await robots(), path).toBe('noindex, nofollow');
    }
    await page.goto(`${url}/setup`);
    expect(await robots()).toBe(null);
    // Still listed in the sidebar (the marks are for crawlers, not readers).
    expect(await page.locator('aside.sidebar a', { hasText: 'Internal child' }).count()).toBe(1);
    const sitemap = await (await fetch(`${url}/sitemap-pages.xml`)).text();
    expect(sitemap).toContain(`${pub}/setup</loc>`);
    expect(sitemap).not.toMatch(/internal|no-robots/);
    const llms = await (await fetch(`${url}/llms.txt`)).text();
    expect(llms).toContain('[Setup]');
    expect(llms).not.toMatch(/Internal|No robots/);
    const full = await (await fetch(`${url}/llms-full.txt`)).text();
    expect(full).toContain('flux capacitor');
    expect(full).not.toMatch(/walrus|Not for crawlers/);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("a page's .md twin links pages and files by their absolute URLs, which answer", async () => {
    const twin = await fetch(`${url}/introduction.md`);
    expect(twin.status).toBe(200);
    const md = await twin.text();
    expect(md).not.toMatch(/["'(]\/(pages|files)\//);
    expect(md).toContain(`[the install step](${pub}/setup#install)`);
    expect(md).toContain(`{% content-ref url="${pub}/setup" %}`);
    expect(md).toContain(`[Setup](${pub}/setup)`);
    const file = md.match(/\{% file src="([^"]+)" %\}/)![1]!;
    const image = md.match(/!\[A blue diagram\]\(([^)]+)\)/)?.[1] ?? md.match(/<img src="([^"]+)" alt="A blue diagram"/)![1]!;
    for (const [link, type] of [[file, 'application/pdf'], [image, 'image/png']] as const) {
      expect(link.startsWith(`${pub}/~files/`), link).toBe(true);
      const r = await fetch(live(link));
      expect(r.status, link).toBe(200);
      expect(r.headers.get('content-type')).toContain(type);
    }
    // The page a reader follows from it is the page of the site.
    const { context, problems } = await reader();
    const page = await context.newPage();
    await page.goto(`${url}/setup#install`);
    expect(await page.locator('main h1').textContent()).toBe('Setup');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('search from the box with the keyboard: results mark the words found, excerpts cut at words', async () => {
    const { context, problems } = await reader();
    const page = await context.newPage();
    await page.goto(`${url}/setup`);
    await page.locator('form.search input').focus();
    await page.keyboard.type('flux capac');
    await Promise.all([page.waitForURL(/~search\?q=flux\+capac/), page.keyboard.press('Enter')]);
    const excerpt = page.locator('ul.results li', { hasText: 'Setup' }).locator('.excerpt');
    expect(await excerpt.locator('mark').allTextContents()).toEqual(['flux', 'capacitor']);
    expect(await excerpt.textContent()).toBe('Install Use the flux capacitor.');
    // Deep in a long page: the excerpt starts at a word, marked as cut on both sides.
    await page.goto(`${url}/~search?q=p29`);
    const deep = page.locator('ul.results li', { hasText: 'Long page' }).locator('.excerpt');
    const text = (await deep.textContent())!;
    expect(text).toMatch(/^…\S/);
    expect(text.endsWith('…')).toBe(true);
    expect(`${text.slice(1).split(/\s/)[0]} `).toMatch(/^(S28|P28|P29|paragraph|\d+|of|words|a|reader|reads|before|the|next|heading|comes\.|Section|Part|30)\s$/);
    const marks = await deep.locator('mark').allTextContents();
    expect(marks.length).toBeGreaterThan(0);
    expect(marks.every((m) => m === 'P29')).toBe(true);
    // Tab from the box reaches the first result (past the sections and the sidebar, whose pages the search page
    // shows since session 20 — the sidebar holds a "Long page" link too).
    await page.locator('form.search input').focus();
    let focused = '';
    for (let i = 0; i < 60 && !focused.includes('Long page'); i++) {
      await page.keyboard.press('Tab');
      focused = await page.evaluate(() => { const a = (globalThis as any).document.activeElement; return a?.closest('ul.results') ? a.textContent ?? '' : ''; });
    }
    expect(focused).toBe('Long page');
    // The hit (P29's paragraphs) is in the section "Part 30": the result leads to its heading.
    await Promise.all([page.waitForURL(`${url}/advanced/long-page#part-30`), page.keyboard.press('Enter')]);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('names the page for link previews: description, URL, type, site name and card', async () => {
    const { context, problems } = await reader();
    const page = await context.newPage();
    await page.goto(`${url}/`);
    const meta = (key: string) => page.evaluate((k) => (globalThis as any).document.querySelector(`meta[property="${k}"], meta[name="${k}"]`)?.getAttribute('content') ?? null, key);
    expect(await meta('og:title')).toBe('Introduction | Acme Docs');
    expect(await meta('og:description')).toBe('Start here with Widget.');
    expect(await meta('og:url')).toBe(`${canonicalBase}/`);
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toBe(`${canonicalBase}/`);
    expect(await meta('og:type')).toBe('website');
    expect(await meta('og:site_name')).toBe('Acme Docs');
    expect(await meta('twitter:card')).toBe('summary_large_image');
    expect(await meta('twitter:image')).toBe(await meta('og:image'));
    expect(await meta('og:image:type')).toBe('image/png');
    await page.goto(`${url}/advanced/long-page`);
    expect(await meta('og:url')).toBe(`${canonicalBase}/advanced/long-page`);
    expect(await page.locator('meta[property="og:description"]').count()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });
});

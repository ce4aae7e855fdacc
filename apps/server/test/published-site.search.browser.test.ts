// The published site's search and its edges as a reader meets them, in Debian's Chromium (playwright-core): noIndex
// pages are not searched (GitBook leaves them out), a hit inside a section leads to its heading, the keyboard
// shortcuts (Ctrl/⌘+K, `/`, arrow keys in the results) of the site's one script — allowed by its hash in a strict
// CSP, and everything still works with scripts off —, llms-full.txt's links by id written as the site's URLs, and the
// 404 of a site that does not exist styled like the others. Each case failed before session 15 (docs/sites.md).
import type { Browser, BrowserContext } from 'playwright-core';
import { launchChromium } from '../src/testing/chromium.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, startTestServer, testDialect, type TestServer, publishSite } from '../src/testing/index.js';
import { png } from '../src/testing/fixtures.js';

// What the browser sees does not depend on the database; the HTTP cases run on both.
const noBrowser = testDialect() === 'postgres';
let server: TestServer;
let browser: Browser | undefined;
let url: string;
let pub: string;
const live = (link: string) => (link.startsWith(pub) ? url + link.slice(pub.length) : link);

beforeAll(async () => {
  server = await startTestServer();
  if (!noBrowser) {
    browser = await launchChromium();
  }
  const t = await createTenant(server);
  const guide = (await t.api.post(`/v1/orgs/${t.org}/spaces`, { title: 'Guide' })).body;
  const upload = await fetch(`${server.url}/v1/spaces/${guide.id}/content/files?name=chart.png`, { method: 'POST', headers: { authorization: `Bearer ${t.owner.token}`, 'content-type': 'image/png' }, body: png(8, 8, [0, 120, 255]) });
  expect(upload.status).toBe(201);
  const image = ((await upload.json()) as { id: string }).id;
  const filler = (w: string) => Array.from({ length: 40 }, (_, i) => `${w} line ${i} of text that fills the screen.`).join('\n\n');
  const edits = await t.api.post(`/v1/spaces/${guide.id}/content/edits`, { edits: [
    { op: 'createPage', page: { id: 'page-home', title: 'Welcome', markdown: `Start with [the install step](/pages/page-setup#install) or [Setup](/pages/page-setup).\n\n![A chart](/files/${image})\n\nThe walrus is public here.\n` } },
    { op: 'createPage', page: { id: 'page-setup', title: 'Setup', markdown: `Intro of setup.\n\n## Install\n\n${filler('Install')}\n\nInstall the bison first.\n\n## Configure\n\n${filler('Configure')}\n\nConfigure the capybara next.\n\n## Install\n\nInstall again: the dingo.\n` } },
    { op: 'createPage', page: { id: 'page-internal', title: 'Internal', noIndex: true, markdown: 'The walrus procedure.\n' } },
    { op: 'createPage', page: { id: 'page-internal-child', title: 'Internal child', parent: 'page-internal', markdown: 'The walrus child.\n' } },
    { op: 'createPage', page: { id: 'page-norobots', title: 'No robots', noRobotsIndex: true, markdown: 'The walrus for no robots.\n' } },
    ...Array.from({ length: 6 }, (_, i) => ({ op: 'createPage', page: { id: `page-recipe-${i}`, title: `Recipe ${i}`, markdown: `Recipe ${i} uses the okapi.\n` } })),
  ] });
  expect(edits.status, JSON.stringify(edits.body)).toBe(200);
  const site = await publishSite(t, { title: 'Acme Docs', visibility: 'public', spaces: [guide.id] });
  url = `${server.url}/sites/${site.id}`;
  // Absolute links are at the configured public URL (never the request's Host); `live` is the same URL on the test server.
  pub = `${server.ctx.config.publicUrl}/sites/${site.id}`;
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const json = async (q: string) => ((await (await fetch(`${url}/~search?q=${encodeURIComponent(q)}`, { headers: { accept: 'application/json' } })).json()) as { results: { title: string; section?: string; href: string }[] }).results;

/** A browser context that collects console errors (CSP violations among them), failed requests and requests leaving the server. */
async function reader(options: Parameters<Browser['newContext']>[0] = {}): Promise<{ context: BrowserContext; problems: string[] }> {
  const context = await browser!.newContext({ viewport: { width: 1280, height: 700 }, ...options });
  const problems: string[] = [];
  context.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warning') problems.push(`console: ${m.text()}`); });
  context.on('requestfailed', (r) => { if (r.failure()?.errorText !== 'net::ERR_ABORTED') problems.push(`failed: ${r.url()} ${r.failure()?.errorText}`); });
  context.on('request', (r) => { if (!r.url().startsWith(server.url) && !r.url().startsWith('data:')) problems.push(`outside: ${r.url()}`); });
  return { context, problems };
}

describe('the published site search, over HTTP', () => {
  it('leaves out noIndex and noRobotsIndex pages and the pages under them, as GitBook does', async () => {
    expect((await json('walrus')).map((r) => r.title)).toEqual(['Welcome']);
    // The pages are still served (and in the sidebar): only search and the indexes leave them out.
    expect((await fetch(`${url}/internal`)).status).toBe(200);
    expect((await fetch(`${url}/internal/internal-child`)).status).toBe(200);
  });

  it("answers GitBook's ~gitbook/site-index: the listed pages, without noIndex ones, each at its path", async () => {
    const r = await fetch(`${url}/~gitbook/site-index`);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toContain('application/json');
    const index = (await r.json()) as { version: number; pages: { id: string; title: string; pathname: string; siteSpaceId: string }[] };
    expect(index.version).toBe(1);
    expect(index.pages.map((p) => p.title)).toEqual(['Welcome', 'Setup', ...Array.from({ length: 6 }, (_, i) => `Recipe ${i}`)]);
    const base = new URL(url).pathname;
    expect(index.pages[0]).toMatchObject({ id: 'page-home', pathname: `${base}/` });
    expect(index.pages[1]).toMatchObject({ id: 'page-setup', pathname: `${base}/setup` });
    expect(new Set(index.pages.map((p) => p.siteSpaceId)).size).toBe(1);
    for (const p of index.pages) expect((await fetch(`${server.url}${p.pathname}`)).status, p.pathname).toBe(200);
  });

  it('leads a hit inside a section to its heading, and names the section', async () => {
    const base = new URL(url).pathname;
    expect(await json('capybara')).toEqual([expect.objectContaining({ title: 'Setup', section: 'Configure', href: `${base}/setup#configure` })]);
    // The second `## Install` is `install-1`, as the page's own anchors.
    expect((await json('dingo'))[0]).toMatchObject({ section: 'Install', href: `${base}/setup#install-1` });
    // A match before any heading, or in the title, is the page.
    expect((await json('intro'))[0]).toMatchObject({ title: 'Setup', href: `${base}/setup` });
    expect((await json('intro'))[0]!.section).toBeUndefined();
    const page = await (await fetch(`${url}/setup`)).text();
    expect(page).toContain('<h2 id="configure">');
    expect(page).toContain('<h2 id="install-1">');
  });

  it("writes llms-full.txt's links by id as the site's absolute URLs, which answer", async () => {
    const text = await (await fetch(`${url}/llms-full.txt`)).text();
    expect(text).not.toMatch(/["'(]\/(pages|files)\//);
    expect(text).toContain(`[the install step](${pub}/setup#install)`);
    expect(text).toContain(`[Setup](${pub}/setup)`);
    const image = text.match(/!\[A chart\]\(([^)]+)\)/)?.[1] ?? text.match(/<img src="([^"]+)" alt="A chart"/)![1]!;
    expect(image.startsWith(`${pub}/~files/`), image).toBe(true);
    const r = await fetch(live(image));
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toContain('image/png');
  });

  it('answers a site that does not exist with a styled 404 under the site CSP', async () => {
    const r = await fetch(`${server.url}/sites/nosuchsite/some/page`);
    expect(r.status).toBe(404);
    expect(r.headers.get('content-type')).toContain('text/html');
    expect(r.headers.get('content-security-policy')).toMatch(/^default-src 'none'; script-src 'sha256-[A-Za-z0-9+/]+=*';/);
    expect(r.headers.get('x-content-type-options')).toBe('nosniff');
    const html = await r.text();
    expect(html).toContain('<style>');
    expect(html).toContain('<h1>Page not found</h1>');
  });

  it("the CSP allows no script but the site's own, by its hash", async () => {
    const r = await fetch(`${url}/setup`);
    const csp = r.headers.get('content-security-policy')!;
    const scriptSrc = csp.split(';').map((d) => d.trim()).find((d) => d.startsWith('script-src'))!;
    expect(scriptSrc).toMatch(/^script-src 'sha256-[A-Za-z0-9+/]+=*'$/);
    expect(csp).not.toMatch(/unsafe-eval|script-src[^;]*unsafe-inline/);
    const html = await r.text();
    const script = html.match(/<script>([\s\S]*?)<\/script>/)![1]!;
    const { createHash } = await import('node:crypto');
    expect(scriptSrc).toBe(`script-src 'sha256-${createHash('sha256').update(script).digest('base64')}'`);
  });
});

describe.skipIf(noBrowser)('the published site search, in Chromium', () => {
  it('Ctrl+K, ⌘+K and "/" focus the search box; arrow keys move through the results; Enter follows one to its section', async () => {
    const { context, problems } = await reader();
    const page = await context.newPage();
    await page.goto(`${url}/setup`);
    const box = page.locator('#search-q');
    const focused = () => page.evaluate(() => (globalThis as any).document.activeElement?.id || (globalThis as any).document.activeElement?.textContent);
    expect(await box.getAttribute('aria-keyshortcuts')).toBe('Control+K Meta+K /');
    await page.keyboard.press('Control+k');
    expect(await focused()).toBe('search-q');
    await box.blur();
    await page.keyboard.press('Meta+k');
    expect(await focused()).toBe('search-q');
    // Escape leaves the box; "/" focuses it (and selects what it holds), but types a "/" inside it.
    await page.keyboard.press('Escape');
    expect(await focused()).not.toBe('search-q');
    await page.keyboard.press('/');
    expect(await focused()).toBe('search-q');
    await page.keyboard.type('a/b');
    expect(await box.inputValue()).toBe('a/b');
    // From the phone menu's checkbox (an input that takes no text; a tab stop under 800 px), "/" still opens search.
    await page.setViewportSize({ width: 390, height: 800 });
    await page.locator('#nav-toggle').focus();
    expect(await focused()).toBe('nav-toggle');
    await page.keyboard.press('/');
    expect(await focused()).toBe('search-q');
    expect(await box.inputValue()).toBe('a/b');
    await page.setViewportSize({ width: 1280, height: 700 });
    await page.keyboard.press('Control+k');
    await page.keyboard.type('okapi');
    expect(await box.inputValue()).toBe('okapi');
    await Promise.all([page.waitForURL(/~search\?q=okapi/), page.keyboard.press('Enter')]);
    const links = page.locator('ul.results > li > a');
    expect(await links.count()).toBe(6);
    // From the box down the results and back up to the box.
    await page.keyboard.press('Control+k');
    await page.keyboard.press('ArrowDown');
    expect(await focused()).toBe('Recipe 0');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    expect(await focused()).toBe('Recipe 2');
    await page.keyboard.press('ArrowUp');
    expect(await focused()).toBe('Recipe 1');
    for (let i = 0; i < 8; i++) await page.keyboard.press('ArrowDown');
    expect(await focused()).toBe('Recipe 5'); // stays on the last
    for (let i = 0; i < 6; i++) await page.keyboard.press('ArrowUp');
    expect(await focused()).toBe('search-q');
    // A section hit: Enter on it leads to the heading, in view.
    await box.fill('capybara');
    await Promise.all([page.waitForURL(/~search\?q=capybara/), box.press('Enter')]);
    expect(await page.locator('ul.results li .result-section').textContent()).toBe(' › Configure');
    await page.keyboard.press('/');
    await page.keyboard.press('ArrowDown');
    await Promise.all([page.waitForURL(/\/setup#configure$/), page.keyboard.press('Enter')]);
    const top = await page.locator('h2#configure').evaluate((h) => h.getBoundingClientRect().top);
    expect(top).toBeGreaterThanOrEqual(0);
    expect(top).toBeLessThan(200);
    // Back returns to the results, forward to the section.
    await page.goBack();
    await page.waitForURL(/~search\?q=capybara/);
    await page.goForward();
    await page.waitForURL(/\/setup#configure$/);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('arrow keys elsewhere are the browser\'s (a tab stop that is not the box or a result; scrolling)', async () => {
    const { context, problems } = await reader();
    const page = await context.newPage();
    await page.goto(`${url}/~search?q=okapi`);
    // Focus on the page (not the box): ArrowDown scrolls, as without the script.
    await page.locator('main h1').click();
    await page.keyboard.press('ArrowDown');
    expect(await page.evaluate(() => (globalThis as any).document.activeElement?.tagName)).not.toBe('A');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('works without script: the box is reached with Tab and searches, the results are links', async () => {
    const { context, problems } = await reader({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${url}/setup`);
    // No script ran: no shortcut.
    expect(await page.locator('#search-q').getAttribute('aria-keyshortcuts')).toBeNull();
    // Tab from the top: the skip link, the brand, then the box.
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.type('capybara');
    await Promise.all([page.waitForURL(/~search\?q=capybara/), page.keyboard.press('Enter')]);
    expect(await page.locator('ul.results a').getAttribute('href')).toMatch(/\/setup#configure$/);
    await page.locator('ul.results a').click();
    await page.waitForURL(/\/setup#configure$/);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('the 404 of a site that does not exist has the look of the others, light and dark', async () => {
    const { context, problems } = await reader();
    const page = await context.newPage();
    const answer = await page.goto(`${server.url}/sites/nosuchsite/`);
    expect(answer!.status()).toBe(404);
    const style = () => page.evaluate(() => {
      const g = globalThis as any;
      const body = g.getComputedStyle(g.document.body);
      const main = g.document.querySelector('main').getBoundingClientRect();
      return { font: body.fontFamily as string, margin: body.margin as string, bg: body.backgroundColor as string, left: main.left as number };
    });
    const light = await style();
    expect(light.font).not.toMatch(/^"?Times/);
    expect(light.margin).toBe('0px');
    expect(light.bg).toBe('rgb(255, 255, 255)');
    expect(light.left).toBeGreaterThan(100); // centered, not against the window's edge
    await page.emulateMedia({ colorScheme: 'dark' });
    expect((await style()).bg).toBe('rgb(17, 19, 24)');
    // The 404 itself, and nothing else (no /favicon.ico asked of the server's root).
    expect(problems).toEqual(['console: Failed to load resource: the server responded with a status of 404 (Not Found)']);
    await context.close();
  });
});

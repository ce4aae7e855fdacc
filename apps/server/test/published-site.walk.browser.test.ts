// A published site made from GitBook-format repositories (Git Sync imports of three spaces: a guide with every kind
// of block GitBook writes, an older version of it as a variant, and an API section), walked in Debian's Chromium as
// a reader and a crawler would: every page of the sidebar, every internal link, anchor and image, no console error,
// no page wider than a phone, previous/next through the whole guide, "on this page", search, variants, the 404 page,
// `.gitbook.yaml` redirects and the automatic redirect of a renamed page, sitemap.xml, robots.txt, llms.txt and the
// `.md` twins, the dark theme. The content is written here (no copy of anyone's docs).
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from '../src/testing/chromium.js';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, startTestServer, testDialect, type Tenant, type TestServer } from '../src/testing/index.js';
import { png } from '../src/testing/fixtures.js';
import { startGitServer, WorkingCopy, type GitServer, runGitSyncJobs } from '../src/testing/git-server.js';

const skip = testDialect() === 'postgres';
let server: TestServer;
let git: GitServer;
let browser: Browser;

beforeAll(async () => {
  if (skip) return;
  server = await startTestServer();
  git = await startGitServer();
  browser = await launchChromium();
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await git?.close();
  await server?.close();
});

const GUIDE: Record<string, string | Buffer> = {
  '.gitbook.yaml': 'root: ./\n\nstructure:\n  readme: README.md\n  summary: SUMMARY.md\n\nredirects:\n  old/setup: getting-started/installation.md\n  legacy/config: reference/config\n',
  '.gitbook/vars.yaml': 'support_email: help@widget.test\n',
  '.gitbook/includes/limits.md': '---\ntitle: Limits\n---\n\nRequests are limited to **100 a minute**.\n',
  '.gitbook/assets/diagram.png': png(60, 30, [10, 120, 200]),
  '.gitbook/assets/diagram-dark.png': png(60, 30, [200, 200, 200]),
  '.gitbook/assets/cover.png': png(80, 40, [0, 160, 80]),
  '.gitbook/assets/sample.pdf': Buffer.from('%PDF-1.4\n%%EOF\n'),
  'SUMMARY.md': [
    '# Table of contents', '',
    '* [Welcome](README.md)',
    '* [Getting started](getting-started/README.md)',
    '  * [Installation](getting-started/installation.md)',
    '  * [Quickstart](getting-started/quickstart.md "First steps")',
    '', '## Reference <a href="#ref" id="ref"></a>', '',
    '* [Configuration](reference/config.md)',
    '* [Changelog](reference/changelog.md)',
    '* [Options of the quickstart](getting-started/quickstart.md#options)',
    '* [Status](https://status.widget.test)',
    '* [Internals](reference/internals.md)', '',
  ].join('\n'),
  'README.md': [
    '---', 'description: Everything about Widget.', '---', '', '# Welcome', '',
    'Widget does things. Start with [Installation](getting-started/installation.md) or the [quickstart options](getting-started/quickstart.md#options).', '',
    '{% hint style="info" %}', 'Support is at <code class="expression">space.vars.support_email</code>.', '{% endhint %}', '',
    '<figure><picture><source srcset=".gitbook/assets/diagram-dark.png" media="(prefers-color-scheme: dark)"><img src=".gitbook/assets/diagram.png" alt="Diagram"></picture><figcaption><p>How it fits</p></figcaption></figure>', '',
    '<table data-view="cards"><thead><tr><th></th><th data-hidden data-card-target data-type="content-ref"></th><th data-hidden data-card-cover data-type="files"></th></tr></thead><tbody>',
    '<tr><td><strong>Quickstart</strong></td><td><a href="getting-started/quickstart.md">quickstart.md</a></td><td><a href=".gitbook/assets/cover.png">cover.png</a></td></tr>',
    '<tr><td><strong>Configuration</strong></td><td><a href="reference/config.md">config.md</a></td><td></td></tr>',
    '</tbody></table>', '',
    '{% content-ref url="getting-started/" %}', '[getting-started](getting-started/)', '{% endcontent-ref %}', '',
  ].join('\n'),
  'getting-started/README.md': [
    '# Getting started', '', 'Pick your package manager.', '',
    '{% tabs %}', '{% tab title="npm" %}', '```bash', 'npm install widget', '```', '{% endtab %}', '', '{% tab title="yarn" %}', '```bash', 'yarn add widget', '```', '{% endtab %}', '{% endtabs %}', '',
    '{% stepper %}', '{% step %}', '### Install', '', 'Add the package.', '{% endstep %}', '', '{% step %}', '### Configure', '', 'See [the keys](../reference/config.md#keys).', '{% endstep %}', '{% endstepper %}', '',
  ].join('\n'),
  'getting-started/installation.md': [
    '---', 'description: Install Widget on any machine.', '---', '', '# Installation', '',
    '## Requirements', '', '* Node 20 or later', '* A terminal', '', 'Press <kbd>Ctrl</kbd> + <kbd>C</kbd> to stop. <mark style="color:red;">Never</mark> run it as root.', '',
    '{% code title="install.sh" lineNumbers="true" %}', '```bash', 'curl -fsSL https://widget.test/install.sh | sh', 'widget --version', '```', '{% endcode %}', '',
    '<details>', '', '<summary>Behind a proxy?</summary>', '', 'Set `HTTPS_PROXY` first.', '', '</details>', '',
    '{% include "../.gitbook/includes/limits.md" %}', '',
    '![Diagram](../.gitbook/assets/diagram.png)', '',
  ].join('\n'),
  'getting-started/quickstart.md': [
    '# Quickstart', '', 'Run your first widget.[^1]', '', '## Run it', '', '```js', 'const w = await widget.start({ port: 8080 });', '```', '',
    '## Options <a href="#options" id="options"></a>', '', '| Option | Default |', '| --- | --- |', '| `port` | 8080 |', '| `host` | localhost |', '',
    '### Tasks', '', '- [x] Install', '- [ ] Configure', '', 'Energy is $$E = mc^2$$.', '',
    'Next: [configuration keys](../reference/config.md#keys), [the changelog](../reference/changelog.md).', '',
    '[^1]: It takes a minute.', '',
  ].join('\n'),
  'reference/config.md': [
    '# Configuration', '', '## Keys', '', '| Key | Meaning |', '| --- | --- |', '| `port` | Where it listens |', '',
    '{% columns %}', '{% column %}', 'Left column text.', '{% endcolumn %}', '', '{% column %}', 'Right column text.', '{% endcolumn %}', '{% endcolumns %}', '',
    '{% file src="../.gitbook/assets/sample.pdf" %}', 'The sample configuration.', '{% endfile %}', '',
    '{% embed url="https://www.youtube.com/watch?v=dQw4w9WgXcQ" %}', '',
    '$$', '\\sum_{i=1}^{n} i = \\frac{n(n+1)}{2}', '$$', '',
  ].join('\n'),
  'reference/changelog.md': [
    '# Changelog', '',
    '{% updates format="full" %}', '{% update date="2026-04-22" %}', '## Faster starts', '', 'Widget starts twice as fast.', '{% endupdate %}', '',
    '{% update date="2026-03-01" %}', '## First release', '', 'Hello.', '{% endupdate %}', '{% endupdates %}', '',
  ].join('\n'),
  'reference/internals.md': '---\nhidden: true\n---\n\n# Internals\n\nNot listed, still served.\n',
};

const GUIDE_V1: Record<string, string> = {
  'SUMMARY.md': '# Table of contents\n\n* [Welcome to v1](README.md)\n* [Setup](setup.md)\n',
  'README.md': '# Welcome to v1\n\nThe old version. See [Setup](setup.md).\n',
  'setup.md': '# Setup\n\nRun `widget-v1 install`.\n',
};

const API: Record<string, string> = {
  'SUMMARY.md': '# Table of contents\n\n* [API](README.md)\n* [Endpoints](endpoints.md)\n',
  'README.md': '# API\n\nThe HTTP API. Read the [guide](https://example.com/guide) and the [endpoints](endpoints.md).\n',
  'endpoints.md': '# Endpoints\n\n## List widgets\n\n`GET /v1/widgets`\n\n{% hint style="warning" %}\nPaginated.\n{% endhint %}\n',
};

const runJobs = (): Promise<void> => runGitSyncJobs(server, pino({ level: 'silent' }));

let repos = 0;
async function imported(t: Tenant, title: string, files: Record<string, string | Buffer>): Promise<{ space: string; wc: WorkingCopy; url: string }> {
  const name = `walk${++repos}`;
  git.createRepo(name);
  const url = git.repoUrl(name);
  const wc = new WorkingCopy(url);
  for (const [path, content] of Object.entries(files)) wc.write(path, content);
  wc.commit('Docs');
  wc.push();
  const space = (await t.api.post(`/v1/orgs/${t.org}/spaces`, { title })).body.id as string;
  expect((await t.api.post(`/v1/spaces/${space}/git/import`, { url, ref: 'refs/heads/main' })).status).toBe(204);
  await runJobs();
  expect((await t.api.get(`/v1/spaces/${space}/git/info`)).body.operation?.state).toBe('success');
  return { space, wc, url };
}

/** What a page shows a walker: its links, images, anchors, console errors, width at 390 px. */
async function look(page: Page) {
  return page.evaluate(() => {
    const d = (globalThis as any).document;
    return {
      links: [...d.querySelectorAll('a[href]')].map((a: any) => a.href as string),
      images: [...d.querySelectorAll('img[src]')].map((i: any) => i.src as string),
      ids: [...d.querySelectorAll('[id]')].map((e: any) => e.id as string),
      h1: d.querySelector('main h1')?.textContent as string | undefined,
      text: d.querySelector('main')?.innerText as string,
    };
  });
}

describe.skipIf(skip)('a published GitBook site walked in Chromium', () => {
  it('every page, link, anchor and image works; navigation, search, variants, 404, redirects and feeds behave as GitBook\'s', async () => {
    const t = await createTenant(server);
    const guide = await imported(t, 'Guide', GUIDE);
    const v1 = await imported(t, 'Guide v1', GUIDE_V1);
    const api = await imported(t, 'API', API);
    const site = (await t.api.post(`/v1/orgs/${t.org}/sites`, { title: 'Widget Docs', spaces: [guide.space] })).body;
    const ss = (await t.api.get(`/v1/orgs/${t.org}/sites/${site.id}/site-spaces`)).body.items;
    const section = (await t.api.post(`/v1/orgs/${t.org}/sites/${site.id}/sections`, { spaceId: api.space, title: 'API' })).body;
    const sections = (await t.api.get(`/v1/orgs/${t.org}/sites/${site.id}/sections`)).body.items;
    const guideSection = sections.find((s: any) => s.id !== section.id);
    expect((await t.api.post(`/v1/orgs/${t.org}/sites/${site.id}/site-spaces`, { spaceId: v1.space, sectionId: guideSection.id })).status, 'variant').toBe(201);
    expect(ss).toHaveLength(1);
    await t.api.put(`/v1/orgs/${t.org}/sites/${site.id}/customization`, { title: 'Widget Docs', themes: { default: 'light', toggeable: true }, pagination: { enabled: true } });
    await t.api.post(`/v1/orgs/${t.org}/sites/${site.id}/publish`);
    const base = `${server.url}/sites/${site.id}`;

    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warning') errors.push(`${page.url()}: ${m.text()}`); });
    page.on('pageerror', (e) => errors.push(`${page.url()}: ${e.message}`));
    const phone = await (await browser.newContext({ viewport: { width: 390, height: 800 } })).newPage();

    // Walk every page reachable from the root, as a crawler would, inside the site.
    const seen = new Map<string, { ids: string[]; h1?: string }>();
    const anchors: { from: string; to: string; id: string }[] = [];
    const resources = new Set<string>();
    const queue = [`${base}/`];
    const broken: string[] = [];
    while (queue.length && seen.size < 60) {
      const url = queue.shift()!;
      if (seen.has(url)) continue;
      const r = await page.goto(url);
      if (r!.status() !== 200) {
        broken.push(`${url}: ${r!.status()}`);
        seen.set(url, { ids: [] });
        continue;
      }
      const l = await look(page);
      seen.set(url, { ids: l.ids, ...(l.h1 ? { h1: l.h1 } : {}) });
      // No markup shows as text: tag lines, HTML, math delimiters, variables, link syntax.
      for (const leak of l.text.match(/\{%|%\}|<\/?[a-z][a-z0-9-]*[\s>]|\$\$|space\.vars|\]\(/gi) ?? []) broken.push(`${url} shows ${JSON.stringify(leak)}`);
      for (const img of l.images) resources.add(img);
      for (const href of l.links) {
        const u = new URL(href);
        if (u.origin !== server.url.replace(/\/$/, '') && !href.startsWith(server.url)) continue;
        if (!u.pathname.startsWith(`/sites/${site.id}`)) { broken.push(`${url} links outside the site: ${href}`); continue; }
        const target = `${u.origin}${u.pathname}`;
        if (u.hash) anchors.push({ from: url, to: target, id: decodeURIComponent(u.hash.slice(1)) });
        if (/\/~(files|search)|\.md$|\.txt$|\.xml$/.test(u.pathname) || u.search) resources.add(href.replace(/#.*$/, ''));
        else if (!seen.has(target)) queue.push(target);
      }
      // A phone's width: nothing wider than the screen.
      await phone.goto(url);
      const width = await phone.evaluate(() => (globalThis as any).document.documentElement.scrollWidth);
      if (width > 390) broken.push(`${url} is ${width}px wide on a phone`);
    }
    for (const a of anchors) {
      const ids = seen.get(a.to)?.ids;
      if (ids && !ids.includes(a.id)) broken.push(`${a.from} links to a missing anchor #${a.id} of ${a.to}`);
    }
    for (const res of resources) {
      const r = await page.request.get(res);
      if (r.status() !== 200) broken.push(`${res}: ${r.status()}`);
      else if (/\.(png)(\?|$)/.test(res) && !(r.headers()['content-type'] ?? '').startsWith('image/')) broken.push(`${res}: ${r.headers()['content-type']}`);
    }
    expect(broken).toEqual([]);
    expect(errors).toEqual([]);
    const titles = [...seen.values()].map((s) => s.h1).filter(Boolean);
    for (const title of ['Welcome', 'Getting started', 'Installation', 'Quickstart', 'Configuration', 'Changelog', 'Welcome to v1', 'Setup', 'API', 'Endpoints']) expect(titles).toContain(title);
    expect(titles).not.toContain('Internals'); // hidden: served, not linked
    // Pages of a SUMMARY.md group live under the group's slug, its explicit anchor (`## Reference <a id="ref">`).
    expect((await page.goto(`${base}/ref/internals`))!.status()).toBe(200);
    // Another form of a page's URL (a trailing slash, capitals) names the page's one address as canonical.
    expect((await page.goto(`${base}/getting-started/installation/`))!.status()).toBe(200);
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toBe(`${server.ctx.config.publicUrl}/sites/${site.id}/getting-started/installation`);
    await page.goto(`${base}/Getting-Started/Installation`);
    expect(page.url()).toBe(`${base}/getting-started/installation`);

    // Previous/next walk the guide in the order of its table of contents (hidden pages left out).
    await page.goto(`${base}/`);
    const order = [await page.locator('main h1').textContent()];
    for (let i = 0; i < 10 && (await page.locator('nav.pager a.next').count()); i++) {
      await page.locator('nav.pager a.next').click();
      await page.waitForLoadState();
      order.push(await page.locator('main h1').textContent());
    }
    expect(order).toEqual(['Welcome', 'Getting started', 'Installation', 'Quickstart', 'Configuration', 'Changelog']);
    await page.locator('nav.pager a.previous').click();
    await page.waitForLoadState();
    expect(await page.locator('main h1').textContent()).toBe('Configuration');
    // The quoted title of a SUMMARY.md entry is the page's label in the sidebar and previous/next (its h1 stays).
    await page.goto(`${base}/getting-started/installation`);
    expect(await page.locator('nav.pager a.next').textContent()).toBe('NextFirst steps');
    expect(await page.locator('aside.sidebar a[href$="/getting-started/quickstart"]').textContent()).toBe('First steps');

    // "On this page" lists the headings and each entry lands on its heading (GitBook's explicit anchor too).
    await page.goto(`${base}/getting-started/quickstart`);
    const toc = await page.locator('aside.toc a').evaluateAll((as) => as.map((a: any) => [a.textContent, a.getAttribute('href')]));
    expect(toc).toEqual([['Run it', '#run-it'], ['Options', '#options'], ['Tasks', '#tasks']]);
    await page.locator('aside.toc a', { hasText: 'Options' }).click();
    expect(page.url()).toBe(`${base}/getting-started/quickstart#options`);
    // The sidebar's entry to an anchor of a page leads there.
    await page.goto(`${base}/`);
    await page.locator('aside.sidebar a', { hasText: 'Options of the quickstart' }).click();
    await page.waitForURL(`${base}/getting-started/quickstart#options`);

    // Search from the header, then follow a result; a query of no page says so.
    await page.locator('form.search input').fill('proxy');
    await page.locator('form.search input').press('Enter');
    await page.waitForURL(/~search\?q=proxy/);
    expect(await page.locator('ul.results a').allTextContents()).toEqual(['Installation']);
    await page.locator('ul.results a', { hasText: 'Installation' }).click();
    // The hit is in the page's "Requirements" section: the result leads there.
    await page.waitForURL(`${base}/getting-started/installation#requirements`);
    await page.goto(`${base}/~search?q=nothingwhatsoever`);
    expect(await page.locator('[role="status"]').textContent()).toContain('0 results');

    // Variants of the guide's section, and the API section.
    await page.goto(`${base}/getting-started/installation`);
    await page.locator('nav.variants a', { hasText: 'Guide v1' }).click();
    await page.waitForURL(`${base}/guide-v1/`);
    expect(await page.locator('main h1').textContent()).toBe('Welcome to v1');
    expect(await page.locator('nav.variants a[aria-current]').textContent()).toBe('Guide v1');
    await page.locator('nav.sections a', { hasText: 'API' }).click();
    await page.waitForURL(`${base}/api/`);
    expect(await page.locator('main h1').textContent()).toBe('API');

    // The 404 page keeps the site around it and leads home.
    const missing = await page.goto(`${base}/no/such/page`);
    expect(missing!.status()).toBe(404);
    expect(await page.locator('main h1').textContent()).toBe('Page not found');
    expect(await page.locator('aside.sidebar a', { hasText: 'Installation' }).count()).toBe(1);
    expect(await page.locator('main a', { hasText: 'search for' }).getAttribute('href')).toBe(`/sites/${site.id}/~search?q=page`);
    await page.locator('main a', { hasText: 'Go to the home page' }).click();
    await page.waitForURL(`${base}/`);
    // Another missing path: the same page around another message (the frame is kept per site space).
    await page.goto(`${base}/getting-started/no-such-step`);
    expect(await page.locator('main a', { hasText: 'search for' }).textContent()).toBe('search for “no such step”');
    expect(await page.locator('aside.sidebar a', { hasText: /^First steps$/ }).count()).toBe(1);
    // The browser reports the 404s it was asked to load, nothing else.
    expect(errors.splice(0)).toEqual(['no/such/page', 'getting-started/no-such-step'].map((p) => `${base}/${p}: Failed to load resource: the server responded with a status of 404 (Not Found)`));

    // `.gitbook.yaml` redirects (with and without `.md`), and GitBook's automatic redirect of a renamed page.
    await page.goto(`${base}/old/setup`);
    expect(page.url()).toBe(`${base}/getting-started/installation`);
    await page.goto(`${base}/legacy/config`);
    expect(page.url()).toBe(`${base}/ref/config`);
    guide.wc.git('mv', 'getting-started/quickstart.md', 'getting-started/first-steps.md');
    // A file renamed in git is a new page at a new path (GitBook's identity is the path): the redirect its author adds
    // to `.gitbook.yaml` keeps the old URL working, anchors included.
    guide.wc.write('SUMMARY.md', String(GUIDE['SUMMARY.md']).replaceAll('getting-started/quickstart.md', 'getting-started/first-steps.md'))
      .write('.gitbook.yaml', `${String(GUIDE['.gitbook.yaml'])}  getting-started/quickstart: getting-started/first-steps.md\n`).commit('Rename the quickstart');
    guide.wc.push();
    expect((await t.api.post(`/v1/spaces/${guide.space}/git/import`, { url: guide.url, ref: 'refs/heads/main' })).status).toBe(204);
    await runJobs();
    await page.goto(`${base}/getting-started/quickstart#options`);
    expect(page.url()).toBe(`${base}/getting-started/first-steps#options`);
    expect(await page.locator('main h1').textContent()).toBe('Quickstart');
    // A page renamed in Bindery (its slug): GitBook's automatic redirect from the old path.
    const pages = (await t.api.get(`/v1/spaces/${guide.space}/content/pages`)).body.pages;
    const config = pages.flatMap((p: any) => [p, ...(p.pages ?? [])]).find((p: any) => p.title === 'Configuration');
    expect((await t.api.patch(`/v1/spaces/${guide.space}/content/page/${config.id}`, { slug: 'settings' })).status).toBe(200);
    await page.goto(`${base}/ref/config`);
    expect(page.url()).toBe(`${base}/ref/settings`);
    expect(await page.locator('main h1').textContent()).toBe('Configuration');

    // Feeds: sitemap.xml lists pages that answer; robots.txt names it; llms.txt lists `.md` twins that answer.
    // sitemap.xml is GitBook's index of each site space's sitemap-pages.xml (session 20).
    // Their links are at the configured public URL (never the request's Host, session 20): fetched here on the test
    // server at the same path.
    const pub = `${server.ctx.config.publicUrl}/sites/${site.id}`;
    const here = (link: string) => (link.startsWith(pub) ? base + link.slice(pub.length) : link);
    const index = await (await page.request.get(`${base}/sitemap.xml`)).text();
    const maps = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!.replaceAll('&amp;', '&'));
    expect(maps.length).toBeGreaterThan(1);
    const locs: string[] = [];
    for (const map of maps) {
      expect(map).toMatch(/\/sitemap-pages\.xml$/);
      const sitemap = await (await page.request.get(here(map))).text();
      locs.push(...[...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!.replaceAll('&amp;', '&')));
    }
    expect(locs).toContain(`${pub}/getting-started/first-steps`);
    expect(locs).toContain(`${pub}/ref/settings`);
    expect(locs).toContain(`${pub}/api/endpoints`);
    expect(locs).not.toContain(`${pub}/ref/internals`);
    for (const loc of locs) expect((await page.request.get(here(loc))).status(), loc).toBe(200);
    expect(await (await page.request.get(`${base}/robots.txt`)).text()).toContain(`Sitemap: ${pub}/sitemap.xml`);
    const llms = await (await page.request.get(`${base}/llms.txt`)).text();
    const twins = [...llms.matchAll(/\]\((http[^)]+\.md)\)/g)].map((m) => m[1]!);
    expect(twins.length).toBeGreaterThanOrEqual(9);
    for (const twin of twins) {
      expect(twin.startsWith(pub), twin).toBe(true);
      const r = await page.request.get(here(twin));
      expect(r.status(), twin).toBe(200);
      expect(r.headers()['content-type']).toMatch(/^text\/markdown/);
    }
    expect(llms).toContain(': Install Widget on any machine.');

    // The dark theme: dark page, the picture's dark image shown and its light one hidden.
    await page.goto(`${base}/?theme=dark`);
    const bg = await page.evaluate(() => (globalThis as any).getComputedStyle((globalThis as any).document.body).backgroundColor as string);
    const [r, g, b] = bg.match(/\d+/g)!.map(Number);
    expect(r! + g! + b!).toBeLessThan(200);
    // Shown: waited for (a lazily loaded image has no size until it loads, and `isVisible` does not wait: a CI run at
    // load saw it unloaded); hidden: by the theme's CSS (display none), whether or not it loaded.
    const dark = page.locator('main img.dark-only');
    await dark.scrollIntoViewIfNeeded();
    await dark.waitFor({ state: 'visible', timeout: 15_000 });
    expect(await dark.evaluate((el) => (globalThis as any).getComputedStyle(el).display)).not.toBe('none');
    expect(await page.locator('main img.light-only').evaluate((el) => (globalThis as any).getComputedStyle(el).display)).toBe('none');
    expect(errors).toEqual([]);
    await context.close();
  }, 180_000);
});

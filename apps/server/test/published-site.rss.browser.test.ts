// A page's feed (`<page>/rss.xml`) as Chromium (playwright-core) finds it: named by the page's head as GitBook's pages
// name it (`alternate`, `application/rss+xml`), fetched from the page and read by the browser's own XML parser, its
// entries' HTML drawing what the page draws. No console error, no request leaving the server.
import type { Browser } from 'playwright-core';
import { launchChromium, watchProblems } from '../src/testing/chromium.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, startTestServer, testDialect, type TestServer, publishSite } from '../src/testing/index.js';

const noBrowser = testDialect() === 'postgres';
let server: TestServer;
let browser: Browser | undefined;
let url: string;
let pub: string;

beforeAll(async () => {
  server = await startTestServer();
  if (noBrowser) return;
  browser = await launchChromium();
  const t = await createTenant(server);
  const guide = (await t.api.post(`/v1/orgs/${t.org}/spaces`, { title: 'Guide' })).body;
  const edits = await t.api.post(`/v1/spaces/${guide.id}/content/edits`, { edits: [
    { op: 'createPage', page: { id: 'page-intro', title: 'Introduction', markdown: 'The tapir.\n' } },
    { op: 'createPage', page: { id: 'page-news', title: 'News', markdown: ['{% updates format="full" %}', '{% update date="2026-05-02" %}', '## Dark mode', '', 'Read [the intro](/pages/page-intro) at night.', '{% endupdate %}', '', '{% update date="2026-04-01" %}', '## Search', '', 'Find `anything`.', '{% endupdate %}', '{% endupdates %}', ''].join('\n') } },
  ] });
  expect(edits.status, JSON.stringify(edits.body)).toBe(200);
  const site = await publishSite(t, { title: 'Acme Docs', visibility: 'public', spaces: [guide.id] });
  url = `${server.url}/sites/${site.id}`;
  // The feed's links are at the configured public URL (never the request's Host).
  pub = `${server.ctx.config.publicUrl}/sites/${site.id}`;
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe.skipIf(noBrowser)('page feeds in Chromium', () => {
  it("finds the feed a page with updates names in its head, and reads it as XML; other pages name none", async () => {
    const context = await browser!.newContext();
    const problems = watchProblems(context, server.url);
    const page = await context.newPage();
    await page.goto(`${url}/`);
    expect(await page.locator('link[type="application/rss+xml"]').count()).toBe(0);
    await page.goto(`${url}/news`);
    const link = page.locator('link[rel="alternate"][type="application/rss+xml"]');
    expect(await link.count()).toBe(1);
    expect(await link.getAttribute('title')).toBe('News | Acme Docs');
    // The site's CSP lets its pages fetch nothing: the feed is fetched by the browser's context, and read by Chromium's
    // own parsers in a blank page.
    const href = new URL((await link.getAttribute('href'))!, page.url()).toString();
    const r = await context.request.get(href);
    const blank = await context.newPage();
    const read = await blank.evaluate((xml: string) => {
      const w = globalThis as any;
      const doc = new w.DOMParser().parseFromString(xml, 'application/xml');
      const items = [...doc.querySelectorAll('item')].map((i: any) => {
        const html = new w.DOMParser().parseFromString(i.querySelector('description').textContent, 'text/html');
        return { title: i.querySelector('title')?.textContent, date: i.querySelector('pubDate')?.textContent, links: [...html.querySelectorAll('a')].map((a: any) => a.getAttribute('href')), code: html.querySelector('code')?.textContent ?? null };
      });
      return { error: doc.querySelector('parsererror')?.textContent ?? null, title: doc.querySelector('channel > title')?.textContent, items };
    }, await r.text());
    const feed = { status: r.status(), type: r.headers()['content-type'], ...read };
    expect(feed).toEqual({
      status: 200, type: 'application/rss+xml; charset=utf-8', error: null, title: 'News',
      items: [
        { title: 'Dark mode', date: 'Sat, 02 May 2026 00:00:00 GMT', links: [`${pub}/news#dark-mode`, `${pub}/`], code: null },
        { title: 'Search', date: 'Wed, 01 Apr 2026 00:00:00 GMT', links: [`${pub}/news#search`], code: 'anything' },
      ],
    });
    expect(problems).toEqual([]);
    await context.close();
  });
});

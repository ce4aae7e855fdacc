// GitBook's `hreflang` alternates as Chromium (playwright-core) reads them from a page's head: each names the same page
// in another language, and following it reaches that page. No console error, no request leaving the server.
import type { Browser } from 'playwright-core';
import { launchChromium, watchProblems } from '../src/testing/chromium.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, startTestServer, testDialect, type TestServer, publishSite } from '../src/testing/index.js';

const noBrowser = testDialect() === 'postgres';
let server: TestServer;
let browser: Browser | undefined;
let url: string;

beforeAll(async () => {
  server = await startTestServer();
  if (noBrowser) return;
  browser = await launchChromium();
  const t = await createTenant(server);
  const ids: string[] = [];
  for (const [title, language, pages] of [['English', 'en', ['Introduction', 'Setup']], ['Français', 'fr', ['Présentation', 'Installation']]] as const) {
    const made = (await t.api.post(`/v1/orgs/${t.org}/spaces`, { title, language })).body;
    const edits = await t.api.post(`/v1/spaces/${made.id}/content/edits`, { edits: pages.map((p, i) => ({ op: 'createPage', page: { title: p, slug: ['introduction', 'setup'][i], markdown: `${p} text.\n` } })) });
    expect(edits.status, JSON.stringify(edits.body)).toBe(200);
    ids.push(made.id);
  }
  const site = await publishSite(t, { title: 'Zoo', visibility: 'public', spaces: ids });
  url = `${server.url}/sites/${site.id}`;
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe.skipIf(noBrowser)('hreflang in Chromium', () => {
  it("names each language's page in the head, and each leads to it", async () => {
    const context = await browser!.newContext();
    const problems = watchProblems(context, server.url, { answers: true });
    const page = await context.newPage();
    await page.goto(`${url}/setup`);
    const links = await page.locator('link[rel="alternate"][hreflang]').evaluateAll((els) => els.map((e) => [e.getAttribute('hreflang'), (e as unknown as { href: string }).href]));
    expect(links.map((l) => l[0])).toEqual(['en', 'fr', 'x-default']);
    // x-default is the section's default variant's page (the English one here).
    expect(links[2]![1]).toBe(links[0]![1]);
    const all = links.map((l) => l[1]);
    links.pop();
    const seen: string[] = [];
    const langs: string[] = [];
    // At the site's published address (the server's public URL, not the test server's port).
    for (const [, href] of links) expect(href!.startsWith(`${server.ctx.config.publicUrl}/sites/`)).toBe(true);
    for (const [, href] of links) {
      const r = await page.goto(href!.replace(server.ctx.config.publicUrl, server.url));
      expect(r?.status()).toBe(200);
      seen.push((await page.locator('h1').first().textContent())!.trim());
      langs.push((await page.locator("html").getAttribute("lang"))!);
      // The page in the other language names the same set.
      expect(await page.locator('link[rel="alternate"][hreflang]').evaluateAll((els) => els.map((e) => (e as unknown as { href: string }).href))).toEqual(all);
    }
    expect(seen).toEqual(['Setup', 'Installation']);
    // Each page's <html lang> is its space's language.
    expect(langs).toEqual(['en', 'fr']);
    expect(problems).toEqual([]);
    await context.close();
  });
});

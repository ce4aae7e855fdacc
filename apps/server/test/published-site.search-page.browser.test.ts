// The site's search results page read in Debian's Chromium (session 20): it stands in the site as its pages do —
// the section tabs (none marked current), the pages of the default site space in the sidebar, the theme switch that
// keeps the query. Before, it had an empty sidebar, no sections and no theme switch: a dead end but for the back
// button and the site's title.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, watchProblems } from '../src/testing/chromium.js';
import { createTenant, startTestServer, testDialect, type TestServer } from '../src/testing/index.js';

const skip = testDialect() === 'postgres';
let server: TestServer;
let browser: Browser;
let url: string;

beforeAll(async () => {
  if (skip) return;
  server = await startTestServer();
  browser = await launchChromium();
  const t = await createTenant(server);
  const space = async (title: string, edits: unknown[]) => {
    const s = (await t.api.post(`/v1/orgs/${t.org}/spaces`, { title })).body;
    const r = await t.api.post(`/v1/spaces/${s.id}/content/edits`, { edits });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return s.id as string;
  };
  const guide = await space('Guide', [
    { op: 'createPage', page: { title: 'Welcome', markdown: 'The relay moves messages.\n' } },
    { op: 'createPage', page: { title: 'Routing', markdown: 'The relay routes by topic.\n' } },
  ]);
  const api = await space('API', [{ op: 'createPage', page: { title: 'Endpoints', markdown: 'The relay answers here.\n' } }]);
  const site = (await t.api.post(`/v1/orgs/${t.org}/sites`, { title: 'Acme Docs', visibility: 'public', spaces: [guide] })).body;
  const S = `/v1/orgs/${t.org}/sites/${site.id}`;
  expect((await t.api.post(`${S}/sections`, { spaceId: api, title: 'API' })).status).toBe(201);
  const custom = (await t.api.get(`${S}/customization`)).body;
  expect((await t.api.put(`${S}/customization`, { ...custom, themes: { default: 'light', toggeable: true } })).status).toBe(200);
  expect((await t.api.post(`${S}/publish`)).status).toBe(200);
  url = `${server.url}/sites/${site.id}`;
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe.skipIf(skip)('the search results page', () => {
  it('has the sections, the sidebar and a theme switch that keeps the query', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const problems = watchProblems(context, server.url, { answers: true });
    const page = await context.newPage();
    await page.goto(`${url}/`);
    await page.locator('form.search input').fill('relay & routes');
    await page.locator('form.search input').press('Enter');
    await page.waitForURL(/~search\?q=/);
    expect(await page.locator('main ul.results li').count()).toBe(1);
    // Sections, none current.
    expect(await page.locator('nav.sections a').allTextContents()).toEqual(['Acme Docs', 'API']);
    expect(await page.locator('nav.sections a[aria-current]').count()).toBe(0);
    // The sidebar leads on.
    expect(await page.locator('aside.sidebar a').allTextContents()).toEqual(['Welcome', 'Routing']);
    expect(await page.locator('aside.sidebar a[aria-current]').count()).toBe(0);
    // The theme switch keeps the query.
    await page.locator('nav.theme-switch a', { hasText: 'Dark' }).click();
    await page.waitForURL(/theme=dark/);
    expect(new URL(page.url()).searchParams.get('q')).toBe('relay & routes');
    expect(await page.locator('main ul.results li').count()).toBe(1);
    expect(await page.locator('html').getAttribute('data-theme')).toBe('dark');
    await page.locator('nav.sections a', { hasText: 'API' }).click();
    await page.waitForURL(`${url}/api/`);
    expect(problems).toEqual([]);
    await context.close();
  });
});

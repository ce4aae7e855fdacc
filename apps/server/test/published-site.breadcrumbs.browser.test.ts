// Breadcrumbs and the sidebar's height, read in Debian's Chromium (session 20). GitBook shows the groups and pages
// above a page over its title; Bindery showed none (a page three levels down gave no hint of where it was), and
// `~gitbook/site-index` had no `breadcrumbs`. The sidebar's border (and its filled background) stopped where its
// entries ended, a line hanging halfway down the window: it now runs to the window's bottom.
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
  const space = (await t.api.post(`/v1/orgs/${t.org}/spaces`, { title: 'Guide' })).body;
  const edits = await t.api.post(`/v1/spaces/${space.id}/content/edits`, { edits: [
    { op: 'createPage', page: { id: 'page-welcome', title: 'Welcome', markdown: 'Hello.\n' } },
    { op: 'createPage', page: { id: 'page-start', title: 'Getting started', type: 'group' } },
    { op: 'createPage', page: { id: 'page-quick', title: 'Quickstart', parent: 'page-start', markdown: 'Install.\n' } },
    { op: 'createPage', page: { id: 'page-routing', title: 'Routing', parent: 'page-start', markdown: 'Rules.\n' } },
    { op: 'createPage', page: { id: 'page-advanced', title: 'Advanced <routing> & more', parent: 'page-routing', markdown: 'Deep.\n' } },
  ] });
  expect(edits.status, JSON.stringify(edits.body)).toBe(200);
  const site = (await t.api.post(`/v1/orgs/${t.org}/sites`, { title: 'Acme Docs', visibility: 'public', spaces: [space.id] })).body;
  expect((await t.api.post(`/v1/orgs/${t.org}/sites/${site.id}/publish`)).status).toBe(200);
  url = `${server.url}/sites/${site.id}`;
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe.skipIf(skip)('breadcrumbs and the sidebar', () => {
  it('shows the groups and pages above a page, each leading to its page; none on a top-level page', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const problems = watchProblems(context, server.url, { answers: true });
    const page = await context.newPage();
    await page.goto(`${url}/getting-started/routing`);
    await page.locator('aside.sidebar a', { hasText: 'Advanced' }).click();
    await page.waitForURL(/advanced/);
    const crumbs = page.locator('main nav.breadcrumbs li');
    expect(await crumbs.allTextContents()).toEqual(['Getting started', 'Routing']);
    expect(await page.locator('main nav.breadcrumbs').getAttribute('aria-label')).toBe('Breadcrumbs');
    // Above the title.
    const crumbBox = (await page.locator('main nav.breadcrumbs').boundingBox())!;
    const titleBox = (await page.locator('main h1').boundingBox())!;
    expect(crumbBox.y + crumbBox.height).toBeLessThanOrEqual(titleBox.y + 1);
    expect(await page.locator('main h1').textContent()).toBe('Advanced <routing> & more');
    // Not underlined like links in running text (the rule for links in list items reached them first).
    expect(await crumbs.nth(0).locator('a').evaluate((a) => (globalThis as any).getComputedStyle(a).textDecorationLine as string)).toBe('none');
    // The group leads to its first page; a parent page to itself.
    await crumbs.nth(1).locator('a').click();
    await page.waitForURL(`${url}/getting-started/routing`);
    expect(await crumbs.allTextContents()).toEqual(['Getting started']);
    await crumbs.nth(0).locator('a').click();
    await page.waitForURL(`${url}/getting-started/quickstart`);
    await page.goto(`${url}/`);
    expect(await page.locator('main nav.breadcrumbs').count()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('the sidebar runs to the bottom of the window on a short page; on a phone it is as tall as its entries', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${url}/getting-started/quickstart`);
    const box = (await page.locator('aside.sidebar').boundingBox())!;
    expect(box.y + box.height).toBeGreaterThanOrEqual(799);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.locator('label.nav-button').click();
    const phone = (await page.locator('aside.sidebar').boundingBox())!;
    expect(phone.height).toBeLessThan(400);
    await context.close();
  });

  it('~gitbook/site-index names the titles above each page', async () => {
    const index = (await (await fetch(`${url}/~gitbook/site-index`)).json()) as { pages: { title: string; breadcrumbs?: { label: string }[] }[] };
    const by = new Map(index.pages.map((p) => [p.title, p.breadcrumbs]));
    expect(by.get('Welcome')).toBeUndefined();
    expect(by.get('Quickstart')).toEqual([{ label: 'Getting started' }]);
    expect(by.get('Advanced <routing> & more')).toEqual([{ label: 'Getting started' }, { label: 'Routing' }]);
  });
});

describe.skipIf(skip)('previous and next', () => {
  it('a lone previous or next card takes its half of the row, flush with the content (a phone: the whole row)', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const cards = async () => ({
      pager: (await page.locator('nav.pager').boundingBox())!,
      card: (await page.locator('nav.pager a').boundingBox())!,
    });
    // The first page: only "Next", on the right half (it was shifted by the gap and nearly the whole row).
    await page.goto(`${url}/`);
    let { pager, card } = await cards();
    expect(Math.abs(card.x + card.width - (pager.x + pager.width))).toBeLessThan(1);
    expect(card.width).toBeLessThan(pager.width / 2);
    expect(card.width).toBeGreaterThan(pager.width / 2 - 16);
    // The last page: only "Previous", on the left half (it was the whole row).
    await page.goto(`${url}/getting-started/routing`);
    await page.locator('aside.sidebar a', { hasText: 'Advanced' }).click();
    await page.waitForURL(/advanced/);
    ({ pager, card } = await cards());
    expect(Math.abs(card.x - pager.x)).toBeLessThan(1);
    expect(card.width).toBeLessThan(pager.width / 2);
    // A phone: one card a row, starting at the pager's top.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${url}/`);
    ({ pager, card } = await cards());
    expect(Math.abs(card.y - pager.y)).toBeLessThan(1);
    expect(Math.abs(card.width - pager.width)).toBeLessThan(1);
    await context.close();
  });
});

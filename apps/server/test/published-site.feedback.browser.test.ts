// Page feedback in Chromium: a reader of a published site with `feedback.enabled` clicks "Yes" under a page (a plain
// form: the site's CSP runs no script of ours but the keyboard shortcuts'), lands on the thanks page, writes a comment
// and sends it, and goes back to the page; the site's feedback then holds the rating with its comment. No console
// error, no CSP violation on the way.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../src/testing/chromium.js';
import { createTenant, publishSite, startTestServer, testDialect, type Tenant, type TestServer } from '../src/testing/index.js';

const noBrowser = testDialect() === 'postgres';
let server: TestServer;
let browser: Browser | undefined;
let t: Tenant;
let siteId: string;
let base: string;

beforeAll(async () => {
  server = await startTestServer();
  if (noBrowser) return;
  browser = await launchChromium();
  t = await createTenant(server);
  const space = (await t.api.post(`/v1/orgs/${t.org}/spaces`, { title: 'Guide' })).body;
  expect((await t.api.post(`/v1/spaces/${space.id}/content/edits`, { edits: [
    { op: 'createPage', page: { id: 'page-intro', title: 'Introduction', markdown: 'Hello.\n' } },
    { op: 'createPage', page: { id: 'page-setup', title: 'Setup', markdown: 'Install it.\n' } },
  ] })).status).toBe(200);
  siteId = (await publishSite(t, { title: 'Acme Docs', visibility: 'public', spaces: [space.id] })).id;
  const current = (await t.api.get(`/v1/orgs/${t.org}/sites/${siteId}/customization`)).body;
  expect((await t.api.put(`/v1/orgs/${t.org}/sites/${siteId}/customization`, { ...current, feedback: { enabled: true } })).status).toBe(200);
  base = `${server.url}/sites/${siteId}`;
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe.skipIf(noBrowser)('page feedback in Chromium', () => {
  it('rates a page, comments, goes back: stored with the comment, no console error or CSP violation', async () => {
    const context = await browser!.newContext();
    try {
      const page = await context.newPage();
      const problems: string[] = [];
      page.on('console', (m) => { if (m.type() === 'error') problems.push(m.text()); });
      page.on('pageerror', (e) => problems.push(e.message));
      await page.goto(`${base}/setup`);
      const form = page.getByRole('form', { name: 'Was this page helpful?' });
      await expect(form.isVisible()).resolves.toBe(true);
      await form.getByRole('button', { name: 'Yes' }).click();
      await page.waitForSelector('text=Thank you for your feedback');
      await page.getByLabel('Anything we could do better? (optional)').fill('A diagram would help.');
      await page.getByRole('button', { name: 'Send' }).click();
      await page.waitForLoadState('load');
      expect(await page.locator('textarea').count()).toBe(0);
      await page.getByRole('link', { name: 'Back to the page' }).click();
      await page.waitForLoadState('load');
      expect(new URL(page.url()).pathname).toBe(`/sites/${siteId}/setup`);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
    const listed = await t.api.get(`/v1/orgs/${t.org}/sites/${siteId}/feedback`);
    expect(listed.body.items).toEqual([expect.objectContaining({ page: 'page-setup', rating: 'good', comment: 'A diagram would help.' })]);
  });
});

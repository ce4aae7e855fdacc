// The published site in a real browser: Debian's Chromium driven by playwright-core (never a browser download).
// Open the site, navigate the sidebar, search and follow a result, a share link, an adaptive section shown and hidden
// by claims, an unpublished site answering 404.
import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, startTestServer, type TestServer } from '../src/testing/index.js';

const CHROMIUM = process.env.BINDERY_CHROMIUM ?? '/usr/bin/chromium';
let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  if (!existsSync(CHROMIUM)) throw new Error(`Chromium is not installed at ${CHROMIUM} (scripts/bootstrap.sh installs Debian's chromium package)`);
  server = await startTestServer();
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function site(visibility = 'public') {
  const t = await createTenant(server);
  const guide = (await t.api.post(`/v1/orgs/${t.org}/spaces`, { title: 'Guide' })).body;
  expect((await t.api.post(`/v1/spaces/${guide.id}/content/edits`, { edits: [
    { op: 'createPage', page: { id: 'page-intro', title: 'Introduction', markdown: 'Start here.\n' } },
    { op: 'createPage', page: { id: 'page-setup', title: 'Setup', markdown: '## Install\n\nUse the flux capacitor.\n' } },
  ] })).status).toBe(200);
  const api = (await t.api.post(`/v1/orgs/${t.org}/spaces`, { title: 'API' })).body;
  expect((await t.api.post(`/v1/spaces/${api.id}/content/edits`, { edits: [{ op: 'createPage', page: { id: 'page-endpoints', title: 'Endpoints', markdown: 'GET /things\n' } }] })).status).toBe(200);
  const s = (await t.api.post(`/v1/orgs/${t.org}/sites`, { title: 'Acme Docs', visibility, spaces: [guide.id] })).body;
  const section = (await t.api.post(`/v1/orgs/${t.org}/sites/${s.id}/sections`, { spaceId: api.id, title: 'API' })).body;
  return { t, s, section, url: `${server.url}/sites/${s.id}` };
}

describe('published site in Chromium', () => {
  it('navigates the sidebar and sections, searches and follows a result; an unpublished site is a 404', async () => {
    const { t, s, url } = await site();
    const page = await browser.newPage();
    expect((await page.goto(`${url}/`))!.status()).toBe(404);
    await t.api.post(`/v1/orgs/${t.org}/sites/${s.id}/publish`);
    await page.goto(`${url}/`);
    expect(await page.locator('main h1').textContent()).toBe('Introduction');
    await page.locator('aside.sidebar a', { hasText: 'Setup' }).click();
    await page.waitForURL(`${url}/setup`);
    expect(await page.locator('main h1').textContent()).toBe('Setup');
    expect(await page.locator('aside.sidebar a.current').textContent()).toBe('Setup');
    await page.locator('header nav.sections a', { hasText: 'API' }).click();
    await page.waitForURL(`${url}/api/`);
    expect(await page.locator('main h1').textContent()).toBe('Endpoints');

    await page.locator('form.search input').fill('flux capacitor');
    await page.locator('form.search input').press('Enter');
    await page.waitForURL(/~search\?q=flux/);
    await page.locator('ul.results a', { hasText: 'Setup' }).click();
    await page.waitForURL(`${url}/setup`);
    expect(await page.locator('#install').count()).toBe(1);
    await page.close();
  });

  it('opens a share-link site with its key (then by cookie), and shows an adaptive section only to matching claims', async () => {
    const { t, s, section, url } = await site('share-link');
    await t.api.post(`/v1/orgs/${t.org}/sites/${s.id}/publish`);
    await t.api.patch(`/v1/orgs/${t.org}/sites/${s.id}/sections/${section.id}`, { condition: 'visitor.claims.unsigned.developer === true' });
    const key = (await server.ctx.db.selectFrom('sites').select('share_key').where('id', '=', s.id).executeTakeFirstOrThrow()).share_key;
    const context = await browser.newContext();
    const page = await context.newPage();
    expect((await page.goto(`${url}/`))!.status()).toBe(404);
    expect((await page.goto(`${url}/?share=${key}`))!.status()).toBe(200);
    expect((await page.goto(`${url}/setup`))!.status()).toBe(200);
    expect(await page.locator('header nav.sections a', { hasText: 'API' }).count()).toBe(0);
    expect((await page.goto(`${url}/api/`))!.status()).toBe(404);
    await context.addCookies([{ name: 'bindery_site_claims', value: encodeURIComponent(JSON.stringify({ developer: true })), url: server.url }]);
    expect((await page.goto(`${url}/api/`))!.status()).toBe(200);
    expect(await page.locator('main h1').textContent()).toBe('Endpoints');
    await context.close();
  });
});

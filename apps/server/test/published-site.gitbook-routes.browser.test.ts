// GitBook's generated routes of a published site as Chromium (playwright-core) shows them: a page's social image
// (`~gitbook/ogimage/<pageId>`, named by its og:image) drawn 1200×630 with every line of text inside the image, even
// for long titles in wide letters; the site's icon (`~gitbook/icon`) drawn; and the page's "Export as PDF" action
// downloading the PDF of the page (`~gitbook/pdf`). No console error, no request leaving the server.
import type { Browser, BrowserContext } from 'playwright-core';
import { launchChromium, watchProblems } from '../src/testing/chromium.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, startTestServer, testDialect, type TestServer, publishSite } from '../src/testing/index.js';
import { pdfText } from '../src/testing/fixtures.js';

const noBrowser = testDialect() === 'postgres';
let server: TestServer;
let browser: Browser | undefined;
let url: string;

const TITLES = {
  'page-intro': 'Introduction',
  'page-wide': 'WWW MMM WWW MMM WWW MMM WWW MMM WWW MMM WWW MMM WWW MMM',
  'page-long': 'Configuring the extraordinarily long-named subsystem of the platform for production deployments everywhere',
  'page-cjk': '設定ガイド：本番環境へのデプロイと監視の手順について詳しく説明します設定ガイド',
  'page-word': 'Supercalifragilisticexpialidociousandevenlongerwordwithoutanyspaceatall',
};

beforeAll(async () => {
  server = await startTestServer();
  if (noBrowser) return;
  browser = await launchChromium();
  const t = await createTenant(server);
  const guide = (await t.api.post(`/v1/orgs/${t.org}/spaces`, { title: 'Guide' })).body;
  const edits = await t.api.post(`/v1/spaces/${guide.id}/content/edits`, { edits: Object.entries(TITLES).map(([id, title]) => ({
    op: 'createPage', page: { id, title, description: 'A description long enough to need two lines of the social image, so that its wrapping is looked at too by the browser.', markdown: `The ${id} tapir.\n` },
  })) });
  expect(edits.status, JSON.stringify(edits.body)).toBe(200);
  const site = await publishSite(t, { title: 'Acme Docs', visibility: 'public', spaces: [guide.id] });
  url = `${server.url}/sites/${site.id}`;
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function reader(): Promise<{ context: BrowserContext; problems: string[] }> {
  const context = await browser!.newContext({ viewport: { width: 1280, height: 800 } });
  // (Chromium's own PDF viewer is a page of the browser: its chrome:// and extension files are not requests leaving it.)
  const problems = watchProblems(context, server.url, { answers: true });
  return { context, problems };
}

describe.skipIf(noBrowser)('GitBook routes in Chromium', () => {
  it("draws each page's social image 1200×630 with all its text inside, and the site's icon", async () => {
    const { context, problems } = await reader();
    const page = await context.newPage();
    await page.goto(`${url}/`);
    const og = await page.locator('meta[property="og:image"]').getAttribute('content');
    expect(og).toMatch(/\/~gitbook\/ogimage\/page-intro$/);
    for (const [id, title] of Object.entries(TITLES)) {
      const r = await page.goto(`${url}/~gitbook/ogimage/${id}`);
      expect(r?.status(), id).toBe(200);
      const drawn = await page.evaluate(() => {
        const d = (globalThis as any).document;
        const svg = d.documentElement;
        return {
          root: svg.tagName,
          width: svg.width.baseVal.value,
          height: svg.height.baseVal.value,
          texts: [...d.querySelectorAll('text')].map((t: any) => { const b = t.getBBox(); return { text: t.textContent, left: b.x, right: b.x + b.width, top: b.y, bottom: b.y + b.height }; }),
        };
      });
      expect(drawn.root, id).toBe('svg');
      expect([drawn.width, drawn.height]).toEqual([1200, 630]);
      expect(drawn.texts.some((t: { text: string }) => title.startsWith(t.text.replace(/…$/, '').slice(0, 6))), id).toBe(true);
      for (const t of drawn.texts) {
        expect(t.right, `${id}: "${t.text}" runs past the right edge`).toBeLessThanOrEqual(1200 - 24);
        expect(t.bottom, `${id}: "${t.text}" runs past the bottom`).toBeLessThanOrEqual(630);
        expect(t.right - t.left, `${id}: "${t.text}" is drawn`).toBeGreaterThan(0);
      }
    }
    await page.goto(`${url}/~gitbook/icon?size=large`);
    const icon = await page.evaluate(() => { const s = (globalThis as any).document.documentElement; return { tag: s.tagName, w: s.width.baseVal.value, text: s.textContent }; });
    expect(icon).toEqual({ tag: 'svg', w: 256, text: 'A' });
    expect(problems).toEqual([]);
    await context.close();
  });

  it('downloads the PDF of a page from its "Export as PDF" action', async () => {
    const { context, problems } = await reader();
    const page = await context.newPage();
    await page.goto(`${url}/`);
    const link = page.getByRole('link', { name: 'Export as PDF' });
    expect(await link.getAttribute('href')).toMatch(/\/~gitbook\/pdf\?page=page-intro$/);
    // Followed by the browser (Chromium shows it, or downloads it): the answer it got is the page's PDF.
    const [answer] = await Promise.all([page.waitForResponse((r) => r.url().includes('/~gitbook/pdf')), link.click()]);
    expect(answer.status()).toBe(200);
    expect(answer.headers()['content-type']).toBe('application/pdf');
    // Its bytes, asked with the browser's own cookies and session (the viewer's page is what the body reads as).
    const bytes = await (await context.request.get(answer.url())).body();
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(bytes);
    expect(text).toContain('page-intro tapir');
    expect(text).not.toContain('page-long tapir');
    expect(problems).toEqual([]);
    await context.close();
  });
});

// GitBook's generated routes of a published site as Chromium (playwright-core) shows them: a page's social image
// (`~gitbook/ogimage/<pageId>`, named by og:image and twitter:image) decoded as a 1200×630 PNG with its text inside
// the image, even for long titles in wide letters (a CJK title: its description only, no bundled font has it); the site's icon (`~gitbook/icon`) drawn; and the page's "Export as PDF" action
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
  it("names each page's social image for link previews and draws it as a 1200×630 PNG with all its text inside, and the site's icon", async () => {
    const { context, problems } = await reader();
    const page = await context.newPage();
    await page.goto(`${url}/`);
    const meta = (key: string) => page.evaluate((k) => (globalThis as any).document.querySelector(`meta[property="${k}"], meta[name="${k}"]`)?.getAttribute('content') ?? null, key);
    const og = await meta('og:image');
    expect(og).toMatch(/\/~gitbook\/ogimage\/page-intro$/);
    expect(await meta('og:image:type')).toBe('image/png');
    expect([await meta('og:image:width'), await meta('og:image:height')]).toEqual(['1200', '630']);
    expect(await meta('twitter:card')).toBe('summary_large_image');
    expect(await meta('twitter:image')).toBe(og);
    for (const id of Object.keys(TITLES)) {
      // The image as Chromium decodes it (an <img> of the site's page, read back through a canvas).
      const drawn = await page.evaluate(async (src) => {
        const d = (globalThis as any).document;
        const img = d.createElement('img');
        img.src = src;
        await img.decode();
        const canvas = d.createElement('canvas');
        canvas.width = img.naturalWidth;
        canvas.height = img.naturalHeight;
        const g = canvas.getContext('2d', { willReadFrequently: true });
        g.drawImage(img, 0, 0);
        const ink = (x0: number, x1: number, y0: number, y1: number) => {
          const data = g.getImageData(x0, y0, x1 - x0, y1 - y0).data;
          for (let i = 0; i < data.length; i += 4) if (data[i] < 230 || data[i + 1] < 230 || data[i + 2] < 230) return true;
          return false;
        };
        return { width: img.naturalWidth, height: img.naturalHeight, title: ink(96, 1104, 180, 480), right: ink(1110, 1200, 0, 630), bottom: ink(24, 1200, 600, 630) };
      }, `${url}/~gitbook/ogimage/${id}`);
      expect([drawn.width, drawn.height], id).toEqual([1200, 630]);
      expect(drawn.title, `${id}: its title or description is drawn`).toBe(true);
      expect(drawn.right, `${id}: text runs past the right margin`).toBe(false);
      expect(drawn.bottom, `${id}: text runs past the bottom`).toBe(false);
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

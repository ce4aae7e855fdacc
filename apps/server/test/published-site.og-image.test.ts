// A published page's social image (`~gitbook/ogimage/<pageId>`) as the PNG link previewers show: named by og:image
// and twitter:image (summary_large_image, image/png, 1200×630), a real PNG (signature, CRCs, IHDR, pixels read back),
// in the customization's colors and the reader's theme, with its text inside the image; tagged by what it is drawn
// from, so that a conditional GET gets a 304 and a new page title or customization a new image — on both of two
// servers over one database (one SQLite file, or the test file's PostgreSQL database). Titles in scripts no font
// draws (emoji; CJK without the system's fallback font) leave those characters out; Arabic is drawn right-aligned. A storm of drawings is shed
// with 503 and Retry-After.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fallbackFont } from '../src/lib/fallback-font.js';
import { createTenant, publishSite, startTestServer, type TestServer } from '../src/testing/index.js';
import { readPng } from '../src/testing/fixtures.js';

let a: TestServer;
let b: TestServer;
const shared = mkdtempSync(join(tmpdir(), 'bindery-og-'));
beforeAll(async () => {
  a = await startTestServer({ dataDir: shared });
  b = await startTestServer({ dataDir: shared });
}, 60_000);
afterAll(async () => {
  await Promise.all([a?.close(), b?.close()]);
  rmSync(shared, { recursive: true, force: true });
});

const get = async (server: TestServer, path: string, headers: Record<string, string> = {}) => {
  const r = await fetch(`${server.url}${path}`, { headers });
  const bytes = Buffer.from(await r.arrayBuffer());
  return { status: r.status, bytes, text: bytes.toString('utf8'), type: r.headers.get('content-type') ?? '', etag: r.headers.get('etag') ?? '', cache: r.headers.get('cache-control') ?? '' };
};

const CUSTOM = {
  title: 'Acme Docs', styling: { theme: 'clean', primaryColor: { light: '#E11D48', dark: '#FB7185' } },
  favicon: {}, header: { links: [] }, footer: { groups: [] }, themes: { default: 'light', toggeable: false }, feedback: { enabled: false }, ai: { mode: 'none' }, pageActions: {},
  pagination: { enabled: true }, trademark: { enabled: true }, externalLinks: { target: 'self' },
};

const TITLES: Record<string, string> = {
  'page-intro': 'Introduction',
  'page-long': 'Configuring the extraordinarily long-named subsystem of the platform for production deployments everywhere and then some more',
  'page-wide': 'WWW MMM WWW MMM WWW MMM WWW MMM WWW MMM WWW MMM WWW MMM',
  'page-word': 'Supercalifragilisticexpialidociousandevenlongerwordwithoutanyspaceatall',
  'page-cjk': '設定ガイド：本番環境へのデプロイ 🚀🎉',
  'page-arabic': 'مرحبا بالعالم: دليل البدء السريع',
  'page-mixed': 'Déploiement 部署 🚀 Ελληνικά Кириллица',
};

async function site() {
  const t = await createTenant(a);
  const space = (await t.api.post(`/v1/orgs/${t.org}/spaces`, { title: 'Guide' })).body;
  const edits = await t.api.post(`/v1/spaces/${space.id}/content/edits`, { edits: Object.entries(TITLES).map(([id, title]) => ({
    op: 'createPage', page: { id, title, ...(id === 'page-intro' ? { description: 'Start here with the widget, fast.' } : {}), markdown: `The ${id} tapir.\n` },
  })) });
  expect(edits.status, JSON.stringify(edits.body)).toBe(200);
  const s = await publishSite(t, { title: 'Acme Site', visibility: 'public', spaces: [space.id] });
  const put = await t.api.put(`/v1/orgs/${t.org}/sites/${s.id}/customization`, CUSTOM);
  expect(put.status, JSON.stringify(put.body)).toBe(200);
  return { t, space, site: s, base: `/sites/${s.id}` };
}

/** The pixel at (x, y). */
const at = (img: ReturnType<typeof readPng>, x: number, y: number) => [...img.rgb.subarray((y * img.width + x) * 3, (y * img.width + x) * 3 + 3)];

/** Columns [x0, x1) and rows [y0, y1) hold a pixel that is not `bg` (text drawn there). */
function inked(img: ReturnType<typeof readPng>, bg: number[], x0: number, x1: number, y0: number, y1: number): boolean {
  for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) if (at(img, x, y).some((c, i) => Math.abs(c - bg[i]!) > 24)) return true;
  return false;
}

/** Bands of rows with ink between columns x0 and x1 (a line of text is one band). */
function bands(img: ReturnType<typeof readPng>, bg: number[], x0: number, x1: number, y0: number, y1: number): number {
  let n = 0;
  let inBand = false;
  for (let y = y0; y < y1; y++) {
    const ink = inked(img, bg, x0, x1, y, y + 1);
    if (ink && !inBand) n++;
    inBand = ink;
  }
  return n;
}

const WHITE = [255, 255, 255];

describe('~gitbook/ogimage as PNG', () => {
  it('is named by og:image and twitter:image (summary_large_image), and is a 1200×630 PNG in the site colors', async () => {
    const { base } = await site();
    const page = await get(a, `${base}/`);
    const og = /<meta property="og:image" content="([^"]+)">/.exec(page.text)?.[1];
    expect(og).toBe(`${a.ctx.config.publicUrl}${base}/~gitbook/ogimage/page-intro`);
    expect(page.text).toContain('<meta property="og:image:type" content="image/png">');
    expect(page.text).toContain('<meta property="og:image:width" content="1200">');
    expect(page.text).toContain('<meta property="og:image:height" content="630">');
    expect(page.text).toContain('<meta name="twitter:card" content="summary_large_image">');
    expect(page.text).toContain(`<meta name="twitter:image" content="${og}">`);

    const img = await get(a, og!.slice(a.ctx.config.publicUrl.length));
    expect(img.status).toBe(200);
    expect(img.type).toBe('image/png');
    expect(img.bytes.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect(img.bytes.subarray(12, 16).toString('latin1')).toBe('IHDR');
    expect([img.bytes.readUInt32BE(16), img.bytes.readUInt32BE(20)]).toEqual([1200, 630]);
    expect(img.bytes.length).toBeLessThan(512 * 1024);
    const png = readPng(img.bytes);
    expect(at(png, 1150, 600)).toEqual(WHITE);
    expect(at(png, 10, 300)).toEqual([0xe1, 0x1d, 0x48]); // the primary color's bar
    expect(at(png, 100, 108)).toEqual([0xe1, 0x1d, 0x48]); // the icon's square
    expect(inked(png, WHITE, 192, 600, 90, 130)).toBe(true); // the site's title
    expect(inked(png, WHITE, 96, 1104, 195, 255)).toBe(true); // "Introduction", one line
    expect(bands(png, WHITE, 96, 1104, 180, 600)).toBe(2); // and its description below it

    // The reader's theme: dark.
    const dark = readPng((await get(a, `${base}/~gitbook/ogimage/page-intro?theme=dark`)).bytes);
    expect(at(dark, 1150, 600)).toEqual([0x11, 0x13, 0x18]);
    expect(at(dark, 10, 300)).toEqual([0xfb, 0x71, 0x85]);

    // What the visitor may not see, or nothing: the site's 404.
    expect((await get(a, `${base}/~gitbook/ogimage/no-such-page`)).status).toBe(404);
  });

  it('keeps every title inside the image: three lines at most, cut wide words, other scripts left out or right-aligned', async () => {
    const { base } = await site();
    const images: Record<string, ReturnType<typeof readPng>> = {};
    for (const id of Object.keys(TITLES)) {
      const r = await get(a, `${base}/~gitbook/ogimage/${id}`);
      expect(r.status, id).toBe(200);
      expect(r.type, id).toBe('image/png');
      images[id] = readPng(r.bytes);
      expect([images[id].width, images[id].height], id).toEqual([1200, 630]);
      // Nothing in the right margin nor at the bottom: the text stays inside.
      expect(inked(images[id], WHITE, 1110, 1200, 0, 630), `${id}: ink in the right margin`).toBe(false);
      expect(inked(images[id], WHITE, 24, 1200, 600, 630), `${id}: ink at the bottom`).toBe(false);
    }
    expect(bands(images['page-long']!, WHITE, 96, 1104, 180, 520)).toBe(3);
    expect(bands(images['page-wide']!, WHITE, 96, 1104, 180, 520)).toBe(3);
    expect(bands(images['page-word']!, WHITE, 96, 1104, 180, 520)).toBeGreaterThanOrEqual(2);
    // CJK: drawn with the system's fallback font when there is one (CI installs fonts-wqy-microhei), on two lines;
    // without it the title, left with no letter (emoji are never drawn), is left out.
    if (fallbackFont()) expect(bands(images['page-cjk']!, WHITE, 96, 1104, 180, 520)).toBe(2);
    else expect(inked(images['page-cjk']!, WHITE, 96, 1104, 180, 600)).toBe(false);
    // A mixed title keeps what the fonts draw (Latin, Greek, Cyrillic).
    expect(bands(images['page-mixed']!, WHITE, 96, 1104, 180, 520)).toBeGreaterThanOrEqual(1);
    // Arabic (Noto Sans Arabic): drawn, ending at the right margin.
    expect(inked(images['page-arabic']!, WHITE, 1000, 1104, 180, 330)).toBe(true);
    expect(inked(images['page-arabic']!, WHITE, 96, 200, 180, 260)).toBe(false);
  });

  it('answers 304 to its entity tag, on either server, and is drawn anew when the title or the customization changes', async () => {
    const { t, space, site: s, base } = await site();
    const path = `${base}/~gitbook/ogimage/page-intro`;
    const first = await get(a, path);
    expect(first.etag).toMatch(/^"[\w-]{20,}"$/);
    expect(first.cache).toBe('public, max-age=300');
    const again = await get(a, path, { 'if-none-match': first.etag });
    expect(again.status).toBe(304);
    expect(again.bytes.length).toBe(0);
    // The other server tags the same image alike (the tag is a digest of what it is drawn from).
    const other = await get(b, path);
    expect(other.etag).toBe(first.etag);
    expect(other.bytes.equals(first.bytes)).toBe(true);
    expect((await get(b, path, { 'if-none-match': first.etag })).status).toBe(304);

    // A new title: a new image on both servers, the old tag no longer matching.
    const rename = await t.api.post(`/v1/spaces/${space.id}/content/edits`, { edits: [{ op: 'updatePage', pageId: 'page-intro', page: { title: TITLES['page-long'] } }] });
    expect(rename.status, JSON.stringify(rename.body)).toBe(200);
    for (const server of [a, b]) {
      const renamed = await get(server, path, { 'if-none-match': first.etag });
      expect(renamed.status).toBe(200);
      expect(renamed.etag).not.toBe(first.etag);
      expect(bands(readPng(renamed.bytes), WHITE, 96, 1104, 180, 600)).toBe(4); // three lines of title, one of description
    }
    const renamedTag = (await get(a, path)).etag;

    // A new primary color: a new image in that color, on both servers.
    const put = await t.api.put(`/v1/orgs/${t.org}/sites/${s.id}/customization`, { ...CUSTOM, styling: { ...CUSTOM.styling, primaryColor: { light: '#0EA5E9', dark: '#38BDF8' } } });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    for (const server of [b, a]) {
      const recolored = await get(server, path, { 'if-none-match': renamedTag });
      expect(recolored.status).toBe(200);
      expect(recolored.etag).not.toBe(renamedTag);
      expect(at(readPng(recolored.bytes), 10, 300)).toEqual([0x0e, 0xa5, 0xe9]);
    }
  });

  it('sheds a storm of drawings with 503 and Retry-After (never a 500), draws them all afterwards, and keeps serving pages', async () => {
    const { t, space, base } = await site();
    const ids = Array.from({ length: 120 }, (_, i) => `page-storm-${i}`);
    const created = await t.api.post(`/v1/spaces/${space.id}/content/edits`, { edits: ids.map((id, i) => ({ op: 'createPage', page: { id, title: `Storm page ${i} of the widget guide`, markdown: 'x\n' } })) });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    // Every image at once (distinct, none drawn yet): one is drawn at a time, 64 wait, the others are told to retry.
    const storm = ids.map((id) => fetch(`${a.url}${base}/~gitbook/ogimage/${id}`).then(async (r) => ({ status: r.status, retry: r.headers.get('retry-after'), type: r.headers.get('content-type') ?? '', body: await r.text() })));
    const page = await get(a, `${base}/`);
    expect(page.status).toBe(200);
    const answers = await Promise.all(storm);
    for (const r of answers) expect([200, 503], r.body.slice(0, 200)).toContain(r.status);
    const shed = answers.filter((r) => r.status === 503);
    expect(shed.length).toBeGreaterThan(0);
    expect(shed[0]!.retry).toBe('1');
    expect(JSON.parse(shed[0]!.body).error.message).toMatch(/social images/);
    expect(answers.filter((r) => r.status === 200).every((r) => r.type === 'image/png')).toBe(true);
    for (const id of ids) expect((await get(a, `${base}/~gitbook/ogimage/${id}`)).status, id).toBe(200);
    // 120 drawings one at a time: ~7 s on a quiet machine, 20-29 s beside other suites at load 20 (the limit is 30 s).
  }, 90_000);

  it("gives way to the customization's social preview", async () => {
    const { t, site: s, base } = await site();
    const put = await t.api.put(`/v1/orgs/${t.org}/sites/${s.id}/customization`, { ...CUSTOM, socialPreview: { url: 'https://cdn.example.com/card.png' } });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    const page = await get(a, `${base}/`);
    expect(page.text).toContain('<meta property="og:image" content="https://cdn.example.com/card.png">');
    expect(page.text).toContain('<meta name="twitter:image" content="https://cdn.example.com/card.png">');
    expect(page.text).not.toContain('~gitbook/ogimage');
    expect(page.text).not.toContain('og:image:type');
  });
});

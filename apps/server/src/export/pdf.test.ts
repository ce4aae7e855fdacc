import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, it } from 'vitest';
import { checkImage } from './images.js';
import { renderPdf, type PdfImageRequest, type PdfPageInput, type RenderPdfInput } from './pdf.js';
import { htmlToText, winAnsi } from './text.js';
import { fallbackFont, setFallbackFont } from '../lib/fallback-font.js';

// ---------------------------------------------------------------------------
// Helpers

const fixture = (name: string): string => readFileSync(new URL(`../content/fixtures/${name}.md`, import.meta.url), 'utf8');

const standardFontDataUrl = join(dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts/');

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([length, body, crc]);
}

/** A valid RGB (or RGBA) PNG with a gradient; `idat` replaces the compressed pixel data (to corrupt it). */
function png(width: number, height: number, options: { alpha?: boolean; idat?: Buffer } = {}): Buffer {
  const channels = options.alpha ? 4 : 3;
  const pixels = (): Buffer => {
    const raw = Buffer.alloc(height * (1 + width * channels));
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const o = y * (1 + width * channels) + 1 + x * channels;
        raw[o] = Math.round((x * 255) / width);
        raw[o + 1] = Math.round((y * 255) / height);
        raw[o + 2] = 128;
        if (options.alpha) raw[o + 3] = 180;
      }
    }
    return raw;
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = options.alpha ? 6 : 2;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', options.idat ?? deflateSync(pixels())),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

interface Extracted {
  numPages: number;
  /** Text of each PDF page (whitespace collapsed). */
  pages: string[];
  /** All text, pages joined by newlines. */
  text: string;
  outline: { title: string; items: Extracted['outline'] }[];
  /** Link annotations per page: URL or internal destination. */
  links: { page: number; url?: string; dest?: string }[];
}

async function extract(pdf: Buffer): Promise<Extracted> {
  const task = getDocument({ data: new Uint8Array(pdf), standardFontDataUrl, verbosity: 0 });
  const doc = await task.promise;
  try {
    const pages: string[] = [];
    const links: Extracted['links'] = [];
    for (let n = 1; n <= doc.numPages; n++) {
      const page = await doc.getPage(n);
      const content = await page.getTextContent();
      const text = content.items
        .map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : '') : ''))
        .join('')
        .replace(/[ \t]+/g, ' ')
        .replace(/ *\n */g, '\n');
      pages.push(text);
      for (const annotation of (await page.getAnnotations()) as { subtype: string; url?: string; dest?: unknown }[]) {
        if (annotation.subtype !== 'Link') continue;
        links.push({
          page: n,
          ...(annotation.url ? { url: annotation.url } : {}),
          ...(typeof annotation.dest === 'string' ? { dest: annotation.dest } : {}),
        });
      }
    }
    const toOutline = (items: { title: string; items: unknown[] }[] | null): Extracted['outline'] =>
      (items ?? []).map((item) => ({ title: item.title, items: toOutline(item.items as { title: string; items: unknown[] }[]) }));
    const outline = toOutline((await doc.getOutline()) as { title: string; items: unknown[] }[] | null);
    return { numPages: doc.numPages, pages, text: pages.join('\n'), outline, links };
  } finally {
    await task.destroy();
  }
}

/** Asserts that every needle occurs in `haystack`, each after the previous one (whitespace-insensitive). */
function expectInOrder(haystack: string, needles: readonly string[]): void {
  const flat = haystack.replace(/\s+/g, ' ');
  let at = 0;
  for (const needle of needles) {
    const found = flat.indexOf(needle.replace(/\s+/g, ' '), at);
    if (found < 0) {
      const before = flat.indexOf(needle.replace(/\s+/g, ' '));
      throw new Error(
        before >= 0
          ? `"${needle}" only appears before the previous needle (at ${before} < ${at})`
          : `"${needle}" not found after position ${at} in:\n${flat.slice(Math.max(0, at - 200), at + 400)}`,
      );
    }
    at = found + needle.length;
  }
}

function countOutline(items: Extracted['outline']): number {
  return items.reduce((n, item) => n + 1 + countOutline(item.items), 0);
}

function occurrences(haystack: Buffer | string, needle: string): number {
  const s = typeof haystack === 'string' ? haystack : haystack.toString('latin1');
  return s.split(needle).length - 1;
}

const imagePng = png(320, 180);

const guidePages: PdfPageInput[] = [
  { id: 'pg-readme', title: 'Introduction', path: 'readme', markdown: fixture('readme') },
  { id: 'pg-config', title: 'Configuration guide', path: 'guides/configuration', markdown: fixture('gitbook-page'), depth: 1 },
  { id: 'pg-lists', title: 'Release checklist', path: 'guides/release', markdown: fixture('nested-lists'), depth: 1 },
  { id: 'pg-tasks', title: 'Roadmap', path: 'roadmap', markdown: fixture('task-lists') },
  { id: 'pg-tables', title: 'Endpoints', path: 'reference/endpoints', markdown: fixture('tables') },
  { id: 'pg-code', title: 'Code samples', path: 'reference/code', markdown: fixture('code-blocks'), depth: 1 },
  {
    id: 'pg-shots',
    title: 'Screenshots page',
    path: 'screenshots',
    markdown: [
      '# Screenshots',
      '',
      'The dashboard:',
      '',
      '![Dashboard](../.gitbook/assets/dashboard.png "The main dashboard")',
      '',
      'The same picture again, and a missing one:',
      '',
      '![Again](../.gitbook/assets/dashboard.png) ![Missing](missing.png)',
      '',
      'Back to the [introduction](readme.md), the [roadmap](/pages/pg-tasks) or the [variables](guides/configuration.md#variables).',
    ].join('\n'),
  },
];

function guideInput(overrides: Partial<RenderPdfInput> = {}): RenderPdfInput {
  return {
    title: 'Bindery handbook',
    subtitle: 'Change request #12: Update the guides',
    pages: guidePages,
    loadImage: async (ref) => (ref.kind === 'url' && ref.url?.endsWith('dashboard.png') ? imagePng : undefined),
    createdAt: new Date('2026-11-22T10:00:00Z'),
    ...overrides,
  };
}

// ---------------------------------------------------------------------------

describe('renderPdf', () => {
  it('renders a multi-page export: titles, headings, lists, code, tables, images, outline, links', async () => {
    const requested: PdfImageRequest[] = [];
    const pdf = await renderPdf(
      guideInput({
        loadImage: async (ref) => {
          requested.push(ref);
          return ref.kind === 'url' && ref.url?.endsWith('dashboard.png') ? imagePng : undefined;
        },
      }),
    );
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.subarray(-6).toString('latin1')).toContain('%%EOF');
    const out = await extract(pdf);

    // Cover, then one sheet (or more) per page.
    expect(out.pages[0]).toContain('Bindery handbook');
    expect(out.pages[0]).toContain('Change request #12: Update the guides');
    expect(out.numPages).toBeGreaterThanOrEqual(1 + guidePages.length);

    // Page titles, each starting a new sheet, in order.
    const titles = guidePages.map((p) => p.title);
    expectInOrder(out.text, titles);
    for (const title of titles) expect(out.pages.some((text) => text.startsWith(title))).toBe(true);

    expectInOrder(out.text, [
      // readme: headings, emphasis, list items, code lines
      'Introduction',
      'Bindery',
      'Bindery is a self-hostable documentation platform',
      'Features',
      'Spaces, collections and change requests',
      'Git-like history for every page',
      'Full-text search with per-heading sections',
      'Installation',
      'pnpm add @bindery/server',
      '# or',
      'npm install @bindery/server',
      'npx bindery serve --port 8080',
      'Usage',
      "import { createServer } from '@bindery/server';",
      'await server.listen(8080);',
      'License',
      // gitbook page: code block with title and line numbers, hint, figure caption, table
      'Configuration guide',
      'Configuration',
      'bindery.env',
      'BINDERY_DATABASE_URL=postgres://localhost/bindery',
      'BINDERY_PORT=8080',
      'All variables are optional.',
      'The settings screen',
      'Variables',
      'Variable',
      'Default',
      'Description',
      'BINDERY_PORT',
      '8080',
      'HTTP port',
      'BINDERY_DATABASE_URL',
      'sqlite:bindery.db',
      'Database connection string',
      // nested and ordered lists
      'Release checklist',
      '1. Prepare the branch',
      'Update CHANGELOG.md',
      'Bump versions:',
      '1. server',
      '2. api-types',
      '3. docs',
      'Run the full test suite',
      '2. Tag the release',
      'with the release key',
      '3. Publish',
      'Third level with a lazy continuation line',
      '8. Ordered list starting at eight',
      '9. Next item',
      '10. Parenthesis markers',
      // task lists
      'Roadmap',
      'Page tree storage',
      'Three-way merge',
      'Conflict reporting',
      // tables
      'Endpoints',
      'Method',
      'Path',
      'GET',
      '/v1/spaces/{spaceId}',
      'Get a space',
      'POST',
      'Import content',
      'List organizations',
      'pipe',
      'a | b',
      // code blocks
      'Code samples',
      'function hello(name) {',
      'return `Hello, ${name}!`;',
      'def main():',
      'print("tilde fences")',
      '```js',
      'const x = 1;',
      '{ "port": 8080 }',
      'indented code block',
      '- removed line',
      '+ added line',
      // images
      'Screenshots page',
      'The dashboard:',
      'The main dashboard',
      'Image not available: Missing',
      'Back to the introduction, the roadmap or the variables.',
    ]);

    // The figure caption is drawn even though its image is missing; the unavailable one is named.
    expect(out.text).toContain('Image not available: Settings screen');

    // One bookmark per page, nested by depth, in order.
    expect(countOutline(out.outline)).toBe(guidePages.length);
    expect(out.outline.map((o) => o.title)).toEqual(['Introduction', 'Roadmap', 'Endpoints', 'Screenshots page']);
    expect(out.outline[0]!.items.map((o) => o.title)).toEqual(['Configuration guide', 'Release checklist']);
    expect(out.outline[2]!.items.map((o) => o.title)).toEqual(['Code samples']);

    // The PNG is embedded once although it is shown twice; every distinct ref is loaded once.
    expect(occurrences(pdf, '/Subtype /Image')).toBe(1);
    const dashboardLoads = requested.filter((r) => r.url === '../.gitbook/assets/dashboard.png');
    expect(dashboardLoads).toHaveLength(1);
    expect(requested).toContainEqual({ kind: 'url', url: 'missing.png' });

    // Fonts for the marks: Inter and Source Code Pro, embedded as subsets (export/fonts.ts).
    for (const font of ['Inter-Regular', 'Inter-Bold', 'SourceCodePro-Regular']) expect(pdf.toString('latin1')).toMatch(new RegExp(`/BaseFont /[A-Z]{6}\\+${font}\\b`));
    expect(pdf.toString('latin1')).not.toContain('/BaseFont /Helvetica');

    // External links are URI annotations; links to exported pages jump inside the PDF.
    expect(out.links).toContainEqual(expect.objectContaining({ url: 'https://bindery.dev/api' }));
    const shotsPage = out.pages.findIndex((text) => text.startsWith('Screenshots page')) + 1;
    const internal = out.links.filter((l) => l.page === shotsPage && l.dest).map((l) => l.dest);
    expect(internal).toEqual(['page-1', 'page-4', 'page-2#variables']);

    // Page numbers in the footers (not on the cover).
    expect(out.pages[1]).toContain(`2 / ${out.numPages}`);
    expect(out.pages[out.numPages - 1]).toContain(`${out.numPages} / ${out.numPages}`);
    expect(out.pages[0]).not.toContain(`1 / ${out.numPages}`);
  });

  it('a one-page export contains only that page', async () => {
    const only = guidePages[4]!; // Endpoints
    const pdf = await renderPdf(guideInput({ title: 'Endpoints', pages: [only] }));
    const out = await extract(pdf);
    expect(out.numPages).toBe(2);
    expectInOrder(out.text, ['Endpoints', 'Endpoints', 'Method', 'Path', 'Description', 'Get a space', 'docs']);
    for (const other of ['Introduction', 'Release checklist', 'Roadmap', 'function hello', 'BINDERY_PORT', 'Screenshots']) {
      expect(out.text).not.toContain(other);
    }
    expect(countOutline(out.outline)).toBe(1);
    expect(occurrences(pdf, '/Subtype /Image')).toBe(0);
  });

  it('is deterministic for the same input', async () => {
    const a = await renderPdf(guideInput());
    const b = await renderPdf(guideInput());
    expect(a.equals(b)).toBe(true);
    // The date only changes metadata.
    const c = await renderPdf(guideInput({ createdAt: new Date('2027-01-01T00:00:00Z') }));
    expect(c.equals(a)).toBe(false);
    expect((await extract(c)).text).toBe((await extract(a)).text);
    // Without a date, the epoch is used: still reproducible.
    const d1 = await renderPdf({ title: 'T', pages: [{ title: 'P', markdown: 'x' }] });
    const d2 = await renderPdf({ title: 'T', pages: [{ title: 'P', markdown: 'x' }] });
    expect(d1.equals(d2)).toBe(true);
  });

  it('handles empty pages, no pages and odd titles', async () => {
    setFallbackFont('none');
    const pdf = await renderPdf({
      title: '',
      pages: [
        { title: 'Empty page', markdown: '' },
        { title: 'Only front matter', markdown: '---\ndescription: nothing\n---\n' },
        { title: 'Blank lines', markdown: '\n\n\n   \n' },
        { title: 'Après-ski → “quoted” 🚀 中文', markdown: 'Zoë’s café — naïve → fine ✓ 🚀 done.' },
      ],
    });
    const out = await extract(pdf);
    expect(out.numPages).toBe(5);
    expect(out.pages[0]).toContain('Untitled');
    // The arrow and the check mark are Inter's; emoji are left out, CJK (no font here) is `?`.
    expectInOrder(out.text, ['Empty page', 'Only front matter', 'Blank lines', 'Après-ski → “quoted” ??', 'Zoë’s café — naïve → fine ✓ done.']);
    expect(out.outline.map((o) => o.title)).toEqual(['Empty page', 'Only front matter', 'Blank lines', 'Après-ski → “quoted” 🚀 中文']);

    setFallbackFont(undefined);
    const none = await extract(await renderPdf({ title: 'Nothing to see', pages: [] }));
    expect(none.numPages).toBe(1);
    expect(none.outline).toEqual([]);
  });

  it('draws Latin, Greek, Cyrillic and Vietnamese text and code as written (embedded fonts), CJK as ? without a fallback font', async () => {
    setFallbackFont('none');
    const pdf = await renderPdf({
      title: 'Руководство',
      pages: [{
        title: 'Ελληνικά και Русский',
        markdown: [
          'Привет, мир! Łódź, Brno (Česko), Tiếng Việt, Ἀθῆναι, ſ and ß.',
          '',
          '**Жирный** *курсив* `код -> ## <!-- --> != ===`',
          '',
          '```text',
          'printf("Здравствуй") // ## -- => !=',
          '中文 ok',
          '```',
        ].join('\n'),
      }],
    });
    const out = await extract(pdf);
    expectInOrder(out.text, [
      'Руководство', 'Ελληνικά και Русский', 'Привет, мир! Łódź, Brno (Česko), Tiếng Việt, Ἀθῆναι, ſ and ß.',
      'Жирный курсив код -> ## <!-- --> != ===', 'printf("Здравствуй") // ## -- => !=', '?? ok',
    ]);
    expect(pdf.toString('latin1')).toMatch(/\/BaseFont \/[A-Z]{6}\+SourceCodePro-Regular\b/);
    expect(pdf.toString('latin1')).not.toMatch(/\/BaseFont \/[A-Z]{6}\+WenQuanYi/);
    setFallbackFont(undefined);
  });

  // The system's CJK font (lib/fallback-font.ts): scripts/bootstrap.sh installs Debian's fonts-wqy-microhei as root,
  // so CI has it; a machine without it (and without BINDERY_FALLBACK_FONT) skips this test.
  it.skipIf(fallbackFont() === undefined)('draws Chinese, Japanese and Korean with the fallback font: text, titles, tables, code', async () => {
    setFallbackFont(undefined);
    const long = '中文文档的段落需要在页面宽度处换行而不丢失任何字符。'.repeat(12);
    const pdf = await renderPdf({
      title: '用户指南',
      pages: [{
        title: '설치 안내 Setup',
        markdown: [
          '## 日本語の見出し',
          '',
          `Mixed 中文 and **粗体 bold** *斜体* text, 한국어 문장, カタカナ。${long}`,
          '',
          '| 名前 | 説明 |',
          '| --- | --- |',
          '| 東京 | 首都 `コード` |',
          '',
          '{% code title="配置.sh" %}',
          '```bash',
          'echo "你好，世界" # 주석',
          `# ${'长'.repeat(120)}`,
          '```',
          '{% endcode %}',
          '',
          'Emoji 🚀 still left out.',
        ].join('\n'),
      }],
    });
    const out = await extract(pdf);
    expectInOrder(out.text, [
      '用户指南', '설치 안내 Setup', '日本語の見出し', 'Mixed 中文 and 粗体 bold 斜体 text, 한국어 문장, カタカナ。',
      '名前', '説明', '東京', '首都 コード', '配置.sh', 'echo "你好，世界" # 주석', 'Emoji still left out.',
    ]);
    const flat = out.text.replace(/\s+/g, '');
    // The long paragraph wraps without losing a character, and so does the long code line (two cells a character).
    expect(flat).toContain(long);
    expect(occurrences(flat, '长')).toBe(120);
    expect(flat).not.toContain('?');
    expect(pdf.toString('latin1')).toMatch(/\/BaseFont \/[A-Z]{6}\+WenQuanYiMicroHei\b/);
    // Without the fallback font, the same document is `?` where CJK was.
    setFallbackFont('none');
    try {
      const bare = await extract(await renderPdf({ title: '用户指南', pages: [{ title: 'T', markdown: 'Mixed 中文 and' }] }));
      expect(bare.text).toContain('Mixed ?? and');
      expect(bare.text).not.toContain('中文');
    } finally {
      setFallbackFont(undefined);
    }
  });

  it('renders very long documents across many sheets', async () => {
    const lines: string[] = ['# A long page', ''];
    for (let i = 0; i < 400; i++) lines.push(`Paragraph ${i}: ${'lorem ipsum dolor sit amet '.repeat(3)}end-${i}.`, '');
    lines.push('```text');
    for (let i = 0; i < 300; i++) lines.push(`code line ${i} ${i % 50 === 0 ? 'x'.repeat(300) : ''}`.trimEnd());
    lines.push('```', '', '| # | Name | Notes |', '| - | ---- | ----- |');
    for (let i = 0; i < 120; i++) lines.push(`| ${i} | row-${i} | ${'note '.repeat(i % 20)}|`);
    lines.push('', '{% hint style="warning" %}');
    for (let i = 0; i < 80; i++) lines.push(`Hint paragraph ${i} with enough words to wrap onto another line of the sheet, surely.`, '');
    lines.push('{% endhint %}', '');
    for (let i = 0; i < 150; i++) lines.push(`- item ${i}`, `  - nested ${i}`);

    const pdf = await renderPdf({ title: 'Long', pages: [{ title: 'Long page', markdown: lines.join('\n') }] });
    const out = await extract(pdf);
    expect(out.numPages).toBeGreaterThan(30);

    // Without the footers ("12 / 40"), which come between the last line of a sheet and the first of the next.
    const text = out.text.replace(/\n\d+ \/ \d+(?=\n|$)/g, '').replace(/\s+/g, ' ');
    for (let i = 0; i < 400; i++) expect(text).toContain(`end-${i}.`);
    for (let i = 0; i < 300; i++) expect(text).toContain(`code line ${i}`);
    for (let i = 0; i < 120; i++) expect(text).toContain(`row-${i}`);
    for (let i = 0; i < 80; i++) expect(text).toContain(`Hint paragraph ${i} `);
    for (let i = 0; i < 150; i++) expect(text).toContain(`nested ${i}`);
    expectInOrder(out.text, ['Paragraph 0:', 'end-399.', 'code line 0', 'code line 299', 'row-0', 'row-119', 'Hint paragraph 0', 'Hint paragraph 79', 'item 0', 'nested 149']);
    // The long code lines are wrapped, not cut: all 300 x's are there.
    expect(occurrences(text.replace(/ /g, ''), 'x'.repeat(300))).toBe(6);
    // The table header is repeated on the sheets the table continues on.
    expect(occurrences(out.text, '# Name Notes') + occurrences(out.text, '#\nName\nNotes')).toBeGreaterThan(1);
    expect(out.pages[out.numPages - 1]).toContain(`${out.numPages} / ${out.numPages}`);
  });

  it('shows a placeholder for missing, failing, unsupported and corrupt images, and never throws', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"></svg>');
    const gif = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1');
    const corruptAlpha = png(40, 40, { alpha: true, idat: Buffer.from('definitely not zlib data') });
    const truncatedAlpha = png(40, 40, { alpha: true, idat: deflateSync(Buffer.alloc(100)) });
    const pdf = await renderPdf({
      title: 'Images',
      pages: [
        {
          title: 'Pictures',
          markdown: [
            '![Nothing](nothing.png)',
            '![Throws](throws.png)',
            '![Vector](logo.svg)',
            '![Animated](anim.gif)',
            '![Broken](broken.png)',
            '![Short](short.png)',
            '![Uploaded](/files/file-123)',
            '![Transparent](alpha.png "With alpha")',
            '<div align="center"><img src="html.png" alt="From HTML"></div>',
          ].join('\n\n'),
        },
      ],
      loadImage: async (ref) => {
        if (ref.kind === 'file') return ref.file === 'file-123' ? imagePng : undefined;
        switch (ref.url) {
          case 'throws.png':
            throw new Error('network down');
          case 'logo.svg':
            return svg;
          case 'anim.gif':
            return gif;
          case 'broken.png':
            return corruptAlpha;
          case 'short.png':
            return truncatedAlpha;
          case 'alpha.png':
          case 'html.png':
            return png(64, 32, { alpha: true });
          default:
            return undefined;
        }
      },
    });
    const out = await extract(pdf);
    expectInOrder(out.text, [
      'Image not available: Nothing',
      'Image not available: Throws',
      'Image not available: Vector',
      'Image not available: Animated',
      'Image not available: Broken',
      'Image not available: Short',
      'With alpha',
    ]);
    expect(out.text).not.toContain('Uploaded');
    expect(out.text).not.toContain('Transparent');
    expect(out.text).not.toContain('From HTML');
    // The uploaded file, the alpha PNG (+ its soft mask) and the HTML one (same bytes as alpha.png, another ref).
    expect(occurrences(pdf, '/Subtype /Image')).toBe(5);
    expect(occurrences(pdf, '/SMask')).toBe(2);
  });

  it("shows GitBook's inline math as its formula (the `inline-math` node), in text and table cells", async () => {
    const pdf = await renderPdf({ title: 'Math', pages: [{ title: 'Formulas', markdown: 'The score $$s_i = w_1*x_i$$ of item $$i$$.\n\n| F | M |\n| - | - |\n| $$a|b$$ | divides |\n' }] });
    const out = await extract(pdf);
    expectInOrder(out.text, ['The score', 's_i = w_1*x_i', 'of item', 'a|b', 'divides']);
    expect(out.text).not.toContain('$');
  });

  it('renders without a loader (every image a placeholder)', async () => {
    const pdf = await renderPdf({ title: 'Images', pages: [{ title: 'Shots', markdown: fixture('images') }] });
    const out = await extract(pdf);
    expectInOrder(out.text, ['Screenshots', 'Image not available: Dashboard', 'Image not available: Editor', 'The page editor', 'An inline image [icon] inside a sentence.']);
    expect(occurrences(pdf, '/Subtype /Image')).toBe(0);
  });

  it('renders the remaining constructs: quotes, hints, emphasis, html, footnotes, rules, breaks', async () => {
    const names = ['blockquotes', 'hints', 'emphasis', 'html', 'footnotes-and-rules', 'hard-breaks', 'headings', 'links', 'changelog'];
    const pdf = await renderPdf({ title: 'All', pages: names.map((name) => ({ title: `Fixture ${name}`, markdown: fixture(name) })) });
    const out = await extract(pdf);
    expectInOrder(out.text, [
      'Fixture blockquotes',
      'Documentation is a love letter',
      'console.log(\'code too\');',
      'And nested quotes.',
      'Fixture hints',
      'This is an info hint.',
      'like lists',
      'rm -rf node_modules',
      'Done!',
      'Indented hint content.',
      'A hint in a quote.',
      'Fixture emphasis',
      'Plain, italic, also italic, bold, also bold, bold italic, strikethrough',
      'inline code',
      'Fixture html',
      'Click to expand',
      'Hidden markdown content.',
      'Inline Ctrl + C and marked text.',
      'Text with an entity © and a numeric one © and & ampersand.',
      'Fixture footnotes-and-rules',
      'Fixture hard-breaks',
      'Two trailing spaces\nmake a hard break.',
      'Fixture headings',
      'Heading 6',
      'Café & Crème',
      'Fixture links',
      'Absolute: GitBook',
      'Fixture changelog',
      'Unicode slugs (e.g. Café → café)',
    ]);
    expect(out.links).toContainEqual(expect.objectContaining({ url: 'https://www.gitbook.com/' }));
    expect(out.links).toContainEqual(expect.objectContaining({ url: 'mailto:team@bindery.dev' }));
    expect(pdf.toString('latin1')).toMatch(/\/BaseFont \/[A-Z]{6}\+Inter-Italic\b/);
    expect(pdf.toString('latin1')).toMatch(/\/BaseFont \/[A-Z]{6}\+Inter-BoldItalic\b/);
  });
});

describe('text and image helpers', () => {
  it('rewrites text for the standard fonts', () => {
    expect(winAnsi('plain ASCII ~ text')).toBe('plain ASCII ~ text');
    expect(winAnsi('Zoë “quotes” – dash … € ™ •')).toBe('Zoë “quotes” – dash … € ™ •');
    expect(winAnsi('a → b ≤ c ≠ d')).toBe('a -> b <= c != d');
    expect(winAnsi('Łódź Ångström ﬁ ő')).toBe('Lódz Ångström fi o');
    expect(winAnsi('rocket 🚀 flag 🇫🇷 zero\u200bwidth')).toBe('rocket  flag  zerowidth');
    expect(winAnsi('中文 Ω')).toBe('?? ?');
    expect(winAnsi('tab\there\nnext')).toBe('tab    here\nnext');
  });

  it('extracts text from HTML', () => {
    expect(htmlToText('<details>\n<summary>Click <b>here</b></summary>')).toBe('Click here');
    expect(htmlToText('<!-- hidden -->')).toBe('');
    expect(htmlToText('a<br>b &amp; &#x41; &unknown;')).toBe('a\nb & A &unknown;');
  });

  it('accepts PNG and JPEG and refuses the rest', () => {
    expect(checkImage(png(2, 2))).toEqual({ ok: true, format: 'png' });
    expect(checkImage(png(2, 2, { alpha: true }))).toEqual({ ok: true, format: 'png' });
    expect(checkImage(png(2, 2, { alpha: true, idat: Buffer.from('junk') })).ok).toBe(false);
    expect(checkImage(png(2, 2).subarray(0, 30)).ok).toBe(false);
    expect(checkImage(png(20_000, 20_000, { idat: deflateSync(Buffer.alloc(10)) }))).toEqual({ ok: false, reason: 'image too large' });
    // A baseline JPEG header: SOI, APP0, SOF0 (8 bit, 16x8, 3 components).
    const jpeg = Buffer.from([
      0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00,
      0xff, 0xc0, 0x00, 0x11, 0x08, 0x00, 0x08, 0x00, 0x10, 0x03, 0x01, 0x22, 0x00, 0x02, 0x11, 0x01, 0x03, 0x11, 0x01, 0xff, 0xd9,
    ]);
    expect(checkImage(jpeg)).toEqual({ ok: true, format: 'jpeg' });
    expect(checkImage(Buffer.from('<svg/>')).ok).toBe(false);
    expect(checkImage(Buffer.from('GIF89a......')).ok).toBe(false);
    expect(checkImage(Buffer.alloc(0)).ok).toBe(false);
  });
});

import { setImmediate } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { applyConditionals } from './conditions.js';
import { renderHtmlBlock, renderHtmlBlockInSlices, type HtmlTargets } from './html.js';
import { markdownText, markdownTextInSlices } from './plain.js';
import { buildSearchIndex, MAX_RESULTS, querySearchIndex, words, type PageText, type SearchablePage } from './search-index.js';

const pagesOf = (md: Record<string, string>) => {
  const pages: SearchablePage[] = Object.keys(md).map((title, i) => ({ id: `p${i}`, title, rel: i ? `/p${i}` : '/', contentHash: `h${i}` }));
  const byHash = new Map(pages.map((p) => [p.contentHash, md[p.title]!]));
  const load = async (hashes: string[]) => new Map(hashes.map((h) => [h, byHash.get(h) ?? '']));
  return { pages, load, byHash };
};

/** Counts the turns the event loop gets while `work` runs. */
async function turnsDuring<T>(work: () => Promise<T>): Promise<{ out: T; turns: number }> {
  let turns = 0;
  let running = true;
  const ticker = (async () => {
    while (running) {
      await setImmediate();
      turns++;
    }
  })();
  const out = await work();
  running = false;
  await ticker;
  return { out, turns };
}

describe('site search index', () => {
  it('finds pages holding every word (as prefixes of their words), titles first, then the site order, with excerpts of what readers see', async () => {
    const { pages, load } = pagesOf({
      Introduction: 'Welcome. Read about {% hint style="info" %}installing{% endhint %} the widget.',
      Setup: 'Run `npm install widget`. <table data-view="cards"><tr><td>zebra</td></tr></table>',
      'Install guide': 'Steps to install.',
      Other: 'Nothing here.',
    });
    const index = await buildSearchIndex(pages, load);
    const q = async (s: string) => (await querySearchIndex(index, words(s), MAX_RESULTS, async () => ({ text: '', sections: [] }))).map((h) => h.page.title);
    expect(await q('install')).toEqual(['Install guide', 'Introduction', 'Setup']);
    expect(await q('install widget')).toEqual(['Introduction', 'Setup']);
    expect(await q('ZEBRA')).toEqual(['Setup']);
    expect(await q('hint')).toEqual([]); // markup is not text
    expect(await q('cards')).toEqual([]);
    expect(await q('nowhere')).toEqual([]);
    const [hit] = await querySearchIndex(index, words('npm'), 5, async () => ({ text: '', sections: [] }));
    expect(hit!.excerpt).toBe('Run `npm install widget`. zebra');
    expect(hit!.page.rel).toBe('/p1');
  });

  it('reads only the pages that changed when it builds the index of the next revision (texts kept by content hash)', async () => {
    const { pages, load } = pagesOf({ One: 'Alpha text.', Two: 'Beta text.', Three: 'Gamma text.' });
    const kept = new Map<string, PageText>();
    const loaded: string[] = [];
    const counting = async (hashes: string[]) => {
      loaded.push(...hashes);
      return load(hashes);
    };
    await buildSearchIndex(pages, counting, 8, kept);
    expect(loaded).toEqual(['h0', 'h1', 'h2']);
    loaded.length = 0;
    const next = [pages[0]!, { ...pages[1]!, contentHash: 'h1b' }, pages[2]!];
    const index = await buildSearchIndex(next, async (hashes) => {
      loaded.push(...hashes);
      return new Map(hashes.map((h) => [h, 'Delta text.']));
    }, 8, kept);
    expect(loaded).toEqual(['h1b']);
    const q = async (s: string) => (await querySearchIndex(index, words(s), 10, async () => ({ text: '', sections: [] }))).map((h) => h.page.title);
    expect(await q('delta')).toEqual(['Two']);
    expect(await q('beta')).toEqual([]);
    expect(await q('text')).toEqual(['One', 'Two', 'Three']);
  });

  it('matches a page with {% if %} blocks against what the visitor sees only', async () => {
    const md = '{% if visitor.claims.unsigned.beta %}\nBeta quokka.\n{% else %}\nStable only.\n{% endif %}\n';
    const { pages, load, byHash } = pagesOf({ Endpoints: md });
    const index = await buildSearchIndex(pages, load);
    const as = (claims: Record<string, unknown>) => async (p: SearchablePage) => ({ text: markdownText(applyConditionals(byHash.get(p.contentHash)!, { visitor: { claims: { unsigned: claims } } })), sections: [] });
    expect((await querySearchIndex(index, words('quokka'), 10, as({}))).length).toBe(0);
    expect((await querySearchIndex(index, words('quokka'), 10, as({ beta: true })))[0]!.excerpt).toBe('Beta quokka.');
    expect((await querySearchIndex(index, words('stable'), 10, as({}))).length).toBe(1);
  });

  it('builds in slices of the event loop and answers a query without reading every page (adversarial sizes)', async () => {
    // 3,000 pages sharing one word, a page of 200,000 distinct words, and a 2 MB page with no blank line.
    const md: Record<string, string> = {};
    for (let i = 0; i < 3000; i++) md[`Page ${i}`] = `common word ${i}`;
    md.Distinct = Array.from({ length: 200_000 }, (_, i) => `w${i.toString(36)}`).join(' ');
    md.Long = `${'<b>x</b> [a](b) '.repeat(120_000)}needle`;
    const { pages, load } = pagesOf(md);
    const { out: index, turns } = await turnsDuring(() => buildSearchIndex(pages, load, 1));
    expect(turns).toBeGreaterThan(10);
    expect(index.pages).toHaveLength(3002);
    const common = await querySearchIndex(index, words('common'), MAX_RESULTS, async () => ({ text: '', sections: [] }));
    expect(common).toHaveLength(MAX_RESULTS);
    expect(common[0]!.page.title).toBe('Page 0');
    // A one-letter prefix of 200,000 words: bounded work, still answered.
    expect((await querySearchIndex(index, words('w'), MAX_RESULTS, async () => ({ text: '', sections: [] }))).map((h) => h.page.title)).toEqual(['Distinct']);
    expect((await querySearchIndex(index, words('needle'), MAX_RESULTS, async () => ({ text: '', sections: [] })))[0]!.page.title).toBe('Long');
    // The text in slices is the text at once (parts cut at line ends).
    const text = 'A **b** [c](d.md)\n\n{% hint %}\nE <i>f</i>\n'.repeat(5000);
    expect(await markdownTextInSlices(text, () => setImmediate())).toBe(markdownText(text));
  });
});

describe('HTML blocks in slices', () => {
  const targets: HtmlTargets = { url: (raw) => ({ href: raw.replace(/[^\w:/.-]/g, '') }), externalAttrs: 'rel="noopener"' };
  it('draws the same HTML as at once, giving the loop turns on a huge block', async () => {
    const inputs = [
      `<div>${'<p align="center"><a href="https://x.com">L <strong>1</strong></a> &amp; <img src="a.png" alt="i"><script>x</script></p>\n'.repeat(20_000)}</div>`,
      '<'.repeat(100_000),
      '</div>'.repeat(50_000),
      `<div>${'<!-- c -->'.repeat(50_000)}<picture><source media="(prefers-color-scheme: dark)" srcset="d.png"><img src="l.png"></picture>`,
    ];
    for (const html of inputs) {
      const { out, turns } = await turnsDuring(() => renderHtmlBlockInSlices(html, targets, 0));
      expect(out).toBe(renderHtmlBlock(html, targets));
      expect(turns).toBeGreaterThan(10);
    }
  });
});

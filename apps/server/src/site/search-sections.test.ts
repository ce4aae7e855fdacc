// The site search's sections: a hit inside a section of a page leads to its heading's anchor — the id the renderer
// gives that heading (checked against render.ts on the same markdown), found in one pass over the lines.
import { setImmediate } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { foldGitBookBlocks } from '../content/gitbook-blocks.js';
import { markdownToDocument } from '../content/markdown.js';
import { renderDocument, type RenderContext } from './render.js';
import { buildSearchIndex, querySearchIndex, sectionedText, words, type SearchablePage } from './search-index.js';

const ctx: RenderContext = { externalTarget: 'self', page: () => undefined, pagePath: () => undefined, file: () => undefined };
const pause = () => setImmediate();

const MD = [
  'Intro words about aardvark.', '',
  '## Install', '', 'Install the bison.', '',
  '```md', '## Not a heading', 'cobra inside code', '```', '',
  '<pre class="language-bash" data-title="setup.sh"><code class="lang-bash">echo one', '# a shell comment, not a heading', '## nor this', '</code></pre>', '',
  '### Install', '', 'Again: the dingo.', '',
  '## Set **up** `it` <a href="#custom-id" id="custom-id"></a>', '', 'The emu.', '',
  '## 1. Create an app ##', '', 'The ferret.', '',
  '## Clock <i class="fa-clock">:clock:</i>', '', 'The gecko.', '',
  '#### Deep [link](https://x.example)', '', 'The heron.', '',
].join('\n');

describe('site search sections', () => {
  it("finds each heading's section with the anchor the renderer gives it", async () => {
    const rendered = renderDocument(foldGitBookBlocks(markdownToDocument(MD)), ctx).headings.map((h) => h.anchor);
    const { text, sections } = await sectionedText(MD, pause);
    expect(sections.map((s) => s.anchor)).toEqual(rendered);
    expect(sections.map((s) => s.anchor)).toEqual(['install', 'install-1', 'custom-id', '1-create-an-app', 'clock', 'deep-link']);
    expect(sections.map((s) => s.title)).toEqual(['Install', 'Install', 'Set up it', '1. Create an app', 'Clock', 'Deep link']);
    // The text is what it was without the marks, and each section starts at its heading's text.
    expect(text).not.toMatch(/[\u0001\u0002]/);
    for (const s of sections) expect(text.slice(s.at)).toMatch(new RegExp(`^${s.title.split(' ')[0]!.replace(/[.*]/g, '\\$&')}`));
    expect(text).toContain('cobra inside code');
    // Marks written in the content itself are not taken for headings.
    expect((await sectionedText('\u00010\u0002 x\n\n## Real\n\ny', pause)).sections.map((s) => s.anchor)).toEqual(['real']);
  });

  it('a hit leads to the section of its first match; a match in the title or before any heading to the page', async () => {
    const pages: SearchablePage[] = [{ id: 'p0', title: 'Guide aardvark', rel: '/guide', contentHash: 'h0' }];
    const index = await buildSearchIndex(pages, async () => new Map([['h0', MD]]));
    const hit = async (q: string) => (await querySearchIndex(index, words(q), 5, async () => ({ text: '', sections: [] })))[0]?.section;
    expect(await hit('bison')).toEqual({ anchor: 'install', title: 'Install' });
    expect(await hit('dingo')).toEqual({ anchor: 'install-1', title: 'Install' });
    expect(await hit('emu')).toEqual({ anchor: 'custom-id', title: 'Set up it' });
    expect(await hit('heron')).toEqual({ anchor: 'deep-link', title: 'Deep link' });
    expect(await hit('cobra')).toEqual({ anchor: 'install', title: 'Install' }); // code belongs to its section
    expect(await hit('aardvark')).toBeUndefined(); // in the title
    // A heading's own words are in its section.
    expect(await hit('clock')).toEqual({ anchor: 'clock', title: 'Clock' });
    // The first match starting a word decides (not `reinstall`'s).
    const other = await buildSearchIndex([{ id: 'p1', title: 'T', rel: '/t', contentHash: 'h1' }], async () => new Map([['h1', 'To reinstall it.\n\n## Steps\n\ninstall now.\n']]));
    expect((await querySearchIndex(other, words('install'), 5, async () => ({ text: '', sections: [] })))[0]?.section).toEqual({ anchor: 'steps', title: 'Steps' });
  });

  it('finds the section of a word deep in a page of a megabyte (2,000 headings), within the budget a query reads', async () => {
    const section = (i: number) => `## Part ${i}\n\n${`Filler words of part ${i} for the reader. `.repeat(12)}${i === 1500 ? 'The narwhal lives here.' : ''}\n`;
    const md = Array.from({ length: 2000 }, (_, i) => section(i)).join('\n');
    expect(md.length).toBeGreaterThan(1_000_000);
    const index = await buildSearchIndex([{ id: 'p0', title: 'Big', rel: '/big', contentHash: 'h0' }], async () => new Map([['h0', md]]));
    const [hit] = await querySearchIndex(index, words('narwhal'), 5, async () => ({ text: '', sections: [] }));
    expect(hit!.section).toEqual({ anchor: 'part-1500', title: 'Part 1500' });
    expect(hit!.excerpt).toContain('narwhal');
    expect(hit!.cutBefore).toBe(true);
    // Many pages holding a word only past their first window: the first ones are found deep, the later ones fall back
    // to their start once the query's budget (4 MiB past the first windows) is spent.
    const pages: SearchablePage[] = Array.from({ length: 12 }, (_, i) => ({ id: `q${i}`, title: `Q${i}`, rel: `/q${i}`, contentHash: `g${i}` }));
    const deepText = `${'plain words here. '.repeat(60_000)}\n\n## End\n\nThe quokka.\n`;
    const many = await buildSearchIndex(pages, async (hashes) => new Map(hashes.map((h) => [h, deepText])));
    const hits = await querySearchIndex(many, words('quokka'), 20, async () => ({ text: '', sections: [] }));
    expect(hits).toHaveLength(12);
    expect(hits[0]!.section?.anchor).toBe('end');
    expect(hits[11]!.section).toBeUndefined();
    expect(hits[11]!.cutBefore).toBe(false);
  });

  it("makes sections of HTML headings (`<h2>`, inside a `<div>`, with their own id) with the ids the renderer gives them", async () => {
    const md = [
      'Before any heading: the aardvark.', '',
      '<h2>Install</h2>', '', 'The bison installs.', '',
      '## Install', '', 'The cobra again.', '',
      '<div align="center">', '<h3 id="custom-id">Deploy &amp; <code>run</code></h3>', '<p>The dingo deploys.</p>', '</div>', '',
      '<h2 align="center">', 'Across lines', '</h2>', '', 'The emu.', '',
      '```html', '<h2>Not a heading: code</h2>', '```', '',
      '<!-- <h2>Not a heading: a comment</h2> -->', '',
      'Inline <h2>is text</h2> in a paragraph: the ferret.', '',
    ].join('\n');
    const rendered = renderDocument(foldGitBookBlocks(markdownToDocument(md)), ctx);
    const { sections } = await sectionedText(md, pause);
    expect(sections.map((s) => s.anchor)).toEqual(rendered.headings.map((h) => h.anchor));
    expect(sections.map((s) => [s.anchor, s.title])).toEqual([['install', 'Install'], ['install-1', 'Install'], ['custom-id', 'Deploy & run'], ['across-lines', 'Across lines']]);
    // Drawn with those ids, and listed in the outline.
    expect(rendered.html).toContain('<h2 id="install">Install</h2>');
    expect(rendered.html).toContain('id="custom-id"');
    expect(rendered.html).toMatch(/<h2 id="across-lines" style="text-align:center">/);
    const index = await buildSearchIndex([{ id: 'p0', title: 'T', rel: '/t', contentHash: 'h0' }], async () => new Map([['h0', md]]));
    const hit = async (q: string) => (await querySearchIndex(index, words(q), 5, async () => ({ text: '', sections: [] })))[0]?.section?.anchor;
    expect([await hit('bison'), await hit('cobra'), await hit('dingo'), await hit('emu'), await hit('aardvark')]).toEqual(['install', 'install-1', 'custom-id', 'across-lines', undefined]);
  });

  it('reads HTML headings in linear time: unclosed and nested openings', async () => {
    const md = `<div>${'<h2>'.repeat(50_000)}</div>\n\n${'<h3>x '.repeat(20_000)}</h3>\n`;
    const { sections } = await sectionedText(md, pause);
    expect(sections.length).toBeLessThanOrEqual(2);
  });

  it('is linear: thousands of headings and adversarial lines', async () => {
    const many = Array.from({ length: 20_000 }, (_, i) => `## Heading ${i % 50}\n\nword${i}\n`).join('\n');
    const { sections } = await sectionedText(many, pause);
    expect(sections.length).toBe(20_000);
    expect(sections[50]!.anchor).toBe('heading-0-1');
    const spaces = `## a${' '.repeat(1990)}b\n${'#'.repeat(1000)}\n## x${' \t'.repeat(900)}##\n`;
    const t0 = performance.now();
    const out = await sectionedText(spaces.repeat(200), pause);
    expect(out.sections.length).toBe(400);
    // Not a timing assertion of the feature: a quadratic scan of these lines would take minutes, so the test would time out.
    expect(performance.now() - t0).toBeGreaterThanOrEqual(0);
  });
});

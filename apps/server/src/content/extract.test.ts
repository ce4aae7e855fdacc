import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { markdownToDocument } from './convert.js';
import { documentIndex, documentLinks, documentSections, extractLinks, extractSections, extractText } from './extract.js';

const fixture = (name: string): string => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');

describe('extractText', () => {
  it('returns one line per text block without formatting', () => {
    const doc = markdownToDocument(
      '# Title\n\nSome **bold** and [a link](x.md).\n\n- one\n- two\n\n```js\nconst a = 1;\n```\n\n| h1 | h2 |\n|--|--|\n| c1 | c2 |\n\n![Alt text](i.png "Caption")\n\n---\n\n<b>raw</b> html',
    );
    expect(extractText(doc)).toBe(
      ['Title', 'Some bold and a link.', 'one', 'two', 'const a = 1;', 'h1 h2', 'c1 c2', 'Alt text Caption', 'raw html'].join('\n'),
    );
  });

  it('includes hint content and hard breaks', () => {
    expect(extractText(markdownToDocument('{% hint style="info" %}\nline\\\nbreak\n{% endhint %}'))).toBe('line\nbreak');
  });

  it('is empty for an empty document', () => {
    expect(extractText(markdownToDocument(''))).toBe('');
  });
});

describe('extractSections', () => {
  it('splits at headings with unique GitBook-style anchors', () => {
    const sections = extractSections(
      'Intro text.\n\n# Getting Started!\n\nFirst.\n\n## Install\n\nRun it.\n\n## Install\n\nAgain.\n\n### What’s new? (v2.0)\n\n## Café & Crème',
    );
    expect(sections).toEqual([
      { id: '', title: '', level: 0, body: 'Intro text.' },
      { id: 'getting-started', title: 'Getting Started!', level: 1, body: 'First.' },
      { id: 'install', title: 'Install', level: 2, body: 'Run it.' },
      { id: 'install-1', title: 'Install', level: 2, body: 'Again.' },
      { id: 'whats-new-v20', title: 'What’s new? (v2.0)', level: 3, body: '' },
      { id: 'café-crème', title: 'Café & Crème', level: 2, body: '' },
    ]);
  });

  it('omits an empty intro and uses heading plain text as title', () => {
    const sections = extractSections('---\ndescription: x\n---\n# `code` in **heading**\n\ntext');
    expect(sections).toEqual([{ id: 'code-in-heading', title: 'code in heading', level: 1, body: 'text' }]);
  });

  it('handles a real README', () => {
    const sections = extractSections(fixture('readme.md'));
    expect(sections.map((s) => s.id)).toEqual(['bindery', 'features', 'installation', 'usage', 'license']);
    expect(sections[2]?.body).toContain('pnpm add @bindery/server');
  });
});

describe('extractLinks', () => {
  it('classifies every link and image target', () => {
    const links = extractLinks(fixture('links.md'));
    const summary = links.map(({ kind, target, path, anchor }) => ({ kind, target, path, anchor }));
    expect(summary).toEqual([
      { kind: 'page', target: '../guide/setup.md', path: '../guide/setup.md', anchor: undefined },
      { kind: 'page', target: 'setup.md#installation', path: 'setup.md', anchor: 'installation' },
      { kind: 'anchor', target: '#links', path: undefined, anchor: 'links' },
      { kind: 'url', target: 'https://www.gitbook.com/', path: undefined, anchor: undefined },
      { kind: 'url', target: 'https://bindery.dev', path: undefined, anchor: undefined },
      { kind: 'url', target: 'https://example.com/path?query=1', path: undefined, anchor: undefined },
      { kind: 'url', target: 'mailto:team@bindery.dev', path: undefined, anchor: undefined },
      { kind: 'url', target: 'mailto:team@bindery.dev', path: undefined, anchor: undefined },
      { kind: 'url', target: 'https://bindery.dev/api', path: undefined, anchor: undefined },
      { kind: 'page', target: './CHANGELOG.md', path: './CHANGELOG.md', anchor: undefined },
      { kind: 'url', target: 'https://example.com/collapsed', path: undefined, anchor: undefined },
      { kind: 'url', target: 'https://example.com/with space', path: undefined, anchor: undefined },
      { kind: 'page', target: './guides/', path: './guides/', anchor: undefined },
      { kind: 'file', target: './files/manual.pdf', path: './files/manual.pdf', anchor: undefined },
      { kind: 'page', target: '/pages/abc123', path: '/pages/abc123', anchor: undefined },
      { kind: 'page', target: '/pages/abc123#install', path: '/pages/abc123', anchor: 'install' },
    ]);
    expect(links[0]).toMatchObject({ source: 'link', text: 'setup guide' });
  });

  it('reports images (markdown, reference, figures, linked) as files or urls', () => {
    const images = extractLinks(fixture('images.md')).filter((link) => link.source === 'image');
    expect(images.map((image) => [image.kind, image.target, image.text])).toEqual([
      ['file', '../.gitbook/assets/dashboard.png', 'Dashboard'],
      ['url', 'https://bindery.dev/img/editor.png', 'Editor'],
      ['file', './icons/info.svg', 'icon'],
      ['file', 'one.png', 'One'],
      ['file', 'two.png', 'Two'],
      ['url', 'https://bindery.dev/logo.png', 'Linked image'],
      ['file', '.gitbook/assets/diagram.png', 'Architecture diagram'],
      ['file', '.gitbook/assets/plain.png', ''],
      ['url', 'https://bindery.dev/logo.svg', 'Reference style'],
    ]);
  });

  it('finds links nested in lists, quotes, hints and tables', () => {
    const md = '- [a](a.md)\n\n> [b](b.md)\n\n{% hint style="info" %}\n[c](c.md)\n{% endhint %}\n\n| x |\n|---|\n| [d](d.md) |';
    expect(extractLinks(md).map((link) => link.target)).toEqual(['a.md', 'b.md', 'c.md', 'd.md']);
  });
});

describe('documentSections / documentLinks', () => {
  it('give what extractSections / extractLinks give, from one parse', async () => {
    const { markdownToDocument } = await import('./convert.js');
    const { documentLinks, documentSections, extractLinks: links, extractSections: sections } = await import('./extract.js');
    const md = '# A\n\nText [x](/pages/p1#h) [y](../b.md) [z](https://e.com) [f](/files/f1) [a](#top)\n\n![i](/files/f2) ![j](img/c.png)\n\n## B\n\nMore\n';
    const doc = markdownToDocument(md);
    expect(documentSections(doc)).toEqual(sections(md));
    expect(documentLinks(doc)).toEqual(links(md));
  });
});

describe('documentIndex', () => {
  // The one walk that page writes and the index use must give exactly what the two separate walks give.
  const same = (md: string) => {
    let doc;
    try {
      doc = markdownToDocument(md, { keys: false });
    } catch {
      return; // refused by a limit: nothing to index
    }
    expect(documentIndex(doc)).toStrictEqual({ sections: documentSections(doc), links: documentLinks(doc) });
  };

  it('gives documentSections and documentLinks on the fixtures, the corpus pages and the adversarial inputs', async () => {
    const { readdirSync } = await import('node:fs');
    const { realisticPage, adversarialInputs } = await import('../testing/docs-corpus.js');
    for (const name of readdirSync(new URL('./fixtures/', import.meta.url))) if (name.endsWith('.md')) same(fixture(name));
    for (const seed of [1, 2, 3, 7, 11]) same(realisticPage(60 * 1024, seed));
    for (const md of Object.values(adversarialInputs())) same(md.slice(0, 20_000));
    same(
      'Intro [ a **b** ](x.md) ![i](/files/f1 "cap")\n\n# [Head](/pages/p1) ![h](h.png)\n\n<figure><img src="a.png" alt="A"><figcaption><p>see [c](c.md)</p></figcaption></figure>\n\n' +
        '| [t](t.md) | ![u](u.png) |\n|---|---|\n| [v](https://e.com) | x |\n\n$$\nx^2\n$$\n\n<b>[raw](r.md)</b>\n\n[^1]\n\n[^1]: note [n](n.md)\n\n***\n\n' +
        '{% hint style="info" %}\n## Inner [l](#top)\n{% endhint %}\n\n> - [q](q.md)\n\n[![img in link](i.png)](l.md)\n\n## \n\n##  A   b \n',
    );
  });

  it('gives documentSections and documentLinks on random markdown', async () => {
    const fc = (await import('fast-check')).default;
    const atoms = ['a', 'word', ' ', '\n', '\n\n', '*', '_', '`', '[', ']', '(', ')', '![', '](', 'x.md', '/pages/p1', '/files/f1', '#h', 'https://e.com', '<b>', '</b>', '|', '---', '$$', '{% hint style="info" %}', '{% endhint %}', '[^1]', '[^1]: '];
    const starts = ['', '# ', '## ', '- ', '1. ', '> ', '    ', '| ', '```\n'];
    const line = fc.tuple(fc.constantFrom(...starts), fc.array(fc.constantFrom(...atoms), { maxLength: 12 })).map(([s, a]) => s + a.join(''));
    fc.assert(fc.property(fc.array(line, { maxLength: 16 }).map((l) => l.join('\n')), (md) => same(md)), { numRuns: 1500 });
  });
});

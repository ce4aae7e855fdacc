// storeImported (content/process.ts): an import's conversion on the content worker pool gives what the conversion on
// the event loop gave — `documentToMarkdown(markdownToDocument(markdown, { resolver }))` with the importer's own
// resolver — and asks that resolver about each target once.
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import type { LinkUsage, RefResolver } from './content-ref.js';
import { documentToMarkdown, markdownToDocument } from './convert.js';
import type { ContentRef } from './document.js';
import { configureContentProcessing, contentPool, storeImported } from './process.js';

// Everything goes to the pool (no input is small enough to run inline).
configureContentProcessing({ workers: 2, inlineBytes: 0 });
afterAll(async () => {
  await contentPool().close();
});

/** An importer's resolver: pages and files by name, everything else the default codec; it counts what it is asked. */
function resolver(asked: Map<string, number>): RefResolver {
  return {
    toRef(target: string, usage: LinkUsage): ContentRef | undefined {
      const key = `${usage} ${target}`;
      asked.set(key, (asked.get(key) ?? 0) + 1);
      const page = /^(?:\.\/)?([a-z]+)\.md(?:#([a-z-]+))?$/.exec(target);
      if (usage === 'link' && page) return page[2] ? { kind: 'anchor', page: `page-${page[1]}`, anchor: page[2] } : { kind: 'page', page: `page-${page[1]}` };
      const file = /^(?:\.gitbook\/assets\/)?([a-z]+\.(?:png|pdf))$/.exec(target);
      if (file) return { kind: 'file', file: `file-${file[1]}` };
      return undefined;
    },
  };
}

const direct = (markdown: string, r?: RefResolver) => documentToMarkdown(markdownToDocument(markdown, r ? { resolver: r } : {}));

describe('storeImported', () => {
  it('converts as the event loop did, links and images resolved by the importer, each target asked about once', async () => {
    const pages = [
      '# Guide\n\nSee [the setup](setup.md), [its step](./setup.md#step-one) and [again](setup.md).\n\n![diagram](.gitbook/assets/flow.png)\n',
      '* [Elsewhere](https://example.com/x)\n* [A file](manual.pdf)\n* [Unknown](missing/page.md)\n\n{% content-ref url="intro.md" %}\n[intro.md](intro.md)\n{% endcontent-ref %}\n',
      'No links at all, only *emphasis* and `code`.\n',
    ];
    const asked = new Map<string, number>();
    const r = resolver(asked);
    const got = await storeImported([...pages.map((markdown) => ({ markdown, resolver: r })), { markdown: pages[0]! }]);
    expect(got).toEqual([...pages.map((m) => direct(m, resolver(new Map()))), direct(pages[0]!)]);
    // Resolved: the page links are page references, the image a file reference (not the default codec's URLs).
    expect(got[0]).not.toBe(direct(pages[0]!));
    expect([...asked.values()].every((n) => n === 1)).toBe(true);
    expect(asked.has('link setup.md')).toBe(true);
    expect(asked.has('image .gitbook/assets/flow.png')).toBe(true);
  });

  it('gives the same markdown as the conversion on the event loop for generated pages', async () => {
    const target = fc.constantFrom('a.md', './b.md#part-two', 'c.png', '.gitbook/assets/d.pdf', 'https://example.com/e?f=1&g=2', 'mailto:h@example.com', 'i/j.md', '#k');
    const block = fc.oneof(
      fc.tuple(fc.stringMatching(/^[A-Za-z ]{0,12}$/), target).map(([t, u]) => `Some [${t || 'link'}](${u}) text.`),
      target.map((u) => `![image](${u})`),
      fc.tuple(fc.stringMatching(/^[A-Za-z*_ ]{0,20}$/), target).map(([t, u]) => `* ${t} [x](${u})`),
      fc.stringMatching(/^[A-Za-z*_`[\]() ]{0,30}$/),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(fc.array(block, { maxLength: 6 }).map((bs) => bs.join('\n\n') + '\n'), { minLength: 1, maxLength: 4 }), async (markdowns) => {
        const r = resolver(new Map());
        const got = await storeImported(markdowns.map((markdown) => ({ markdown, resolver: r })));
        expect(got).toEqual(markdowns.map((m) => direct(m, r)));
      }),
      { numRuns: 60 },
    );
  });
});

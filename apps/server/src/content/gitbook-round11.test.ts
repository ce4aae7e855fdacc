// GitBook's spellings found by the eleventh round of real GitBook-synced repositories (docs/git-sync.md), each on a
// fixture written for the test: what GitBook writes is read whole, and written back so.
import { describe, expect, it } from 'vitest';
import type { Block, InlineContent as InlineNode, TableBlock } from './document.js';
import { markdownToDocument, normalizeMarkdown } from './markdown.js';
import { mathSpans } from './parser.js';

// (Inline math, GitBook's `inline-math` node since the seventeenth round, as it was written.)
const inlineText = (nodes: readonly InlineNode[]): string =>
  nodes.map((n) => (n.object === 'text' ? n.leaves.map((l: { text: string }) => l.text).join('') : n.type === 'inline-math' ? `$$${n.data.formula}$$` : inlineText((n as { nodes: InlineNode[] }).nodes ?? []))).join('');

/** The cells' texts of the page's first table, row by row. */
const tableCells = (markdown: string): string[][] => {
  const table = markdownToDocument(markdown).nodes.find((b: Block): b is TableBlock => b.type === 'table');
  if (!table) throw new Error('no table');
  return table.nodes.map((row) => row.nodes.map((cell) => inlineText(cell.nodes as InlineNode[])));
};

describe('inline math `$$…$$` holding `|` in a pipe table cell', () => {
  it('is one cell, the formula whole, and is written back with its pipes bare', () => {
    const md = [
      '| Formula          | Meaning     |',
      '| ---------------- | ----------- |',
      '| $$a|b$$          | a divides b |',
      '| $$\\|x\\| = 1$$  | unit norm   |',
      '| $$P(A | B)$$ and text \\| | conditional |',
      '',
    ].join('\n');
    expect(tableCells(md)).toEqual([
      ['Formula', 'Meaning'],
      ['$$a|b$$', 'a divides b'],
      ['$$\\|x\\| = 1$$', 'unit norm'],
      ['$$P(A | B)$$ and text |', 'conditional'],
    ]);
    const out = normalizeMarkdown(md);
    expect(out).toContain('$$a|b$$');
    expect(out).toContain('$$\\|x\\| = 1$$');
    expect(out).toContain('$$P(A | B)$$ and text \\|');
    expect(normalizeMarkdown(out)).toBe(out);
    expect(tableCells(out)).toEqual(tableCells(md));
  });

  it('a `$$` in a code span, a link destination or an HTML tag opens no math: the cells stay apart', () => {
    const md = [
      '| Variable  | Meaning | Example          |',
      '| --------- | ------- | ---------------- |',
      '| `$$`      | the PID | `echo $$`        |',
      '| [pid](https://example.com/$$) | link | <span title="$$">x</span> $$y$$ |',
      '| \\$$ | escaped | $$z$$ |',
      '',
    ].join('\n');
    expect(tableCells(md).map((row) => row.length)).toEqual([3, 3, 3, 3]);
    const out = normalizeMarkdown(md);
    expect(tableCells(out)).toEqual(tableCells(md));
    expect(normalizeMarkdown(out)).toBe(out);
  });

  it('mathSpans: spans as `math_inline` reads them, linear on long lines', () => {
    expect(mathSpans('a $$x|y$$ b $$z$$')).toEqual([2, 9, 12, 17]);
    expect(mathSpans('`$$` | `$$`')).toEqual([]);
    expect(mathSpans('\\$$ | $$b$$')).toEqual([6, 11]);
    expect(mathSpans('$$$$')).toEqual([]);
    const long = '`'.repeat(1) + ' ``'.repeat(20000) + ' $$a|b$$';
    expect(mathSpans(long)).toEqual([long.length - 7, long.length]);
    const tags = '<a'.repeat(20000) + '$$a|b$$';
    expect(mathSpans(tags)).toEqual([40000, 40007]);
  });
});

describe('bare URLs and e-mail addresses GitBook writes as typed', () => {
  const linksOf = (markdown: string): string[] =>
    JSON.stringify(markdownToDocument(markdown)).match(/"url":"[^"]*"/g) ?? [];

  it('an e-mail address before a hard break (`\\` at the line end) stays bare', () => {
    const md = 'Log in:\n\nssh admin@10.0.0.7\\\nthen run the tool.\n';
    expect(normalizeMarkdown(md)).toBe(md);
    expect(linksOf(md)).toEqual(['"url":"mailto:admin@10.0.0.7"']);
  });

  it('a URL whose host is a shell variable (`https://$HOST`, read by the core linkify) stays bare', () => {
    const md = [
      'Fetch https://$HOST > out.txt and compare.', '',
      '| Command                         | Result |',
      '| ------------------------------- | ------ |',
      '| curl -s https://$HOST/api > out | saved  |', '',
    ].join('\n');
    expect(normalizeMarkdown(md)).toBe(md);
    expect(linksOf(md)).toEqual(['"url":"https://$HOST"', '"url":"https://$HOST/api"']);
  });

  it('where bare would read back otherwise it is `<url>`, the same link', () => {
    for (const md of ['(https://$HOST)\n', 'x https://$A*b*\n', 'see https://$HOST.', 'a **https://$H** b\n']) {
      const out = normalizeMarkdown(md);
      expect(linksOf(out)).toEqual(linksOf(md));
      expect(normalizeMarkdown(out)).toBe(out);
    }
  });
});

describe('an e-mail address or URL typed inside a bold or italic run', () => {
  const doc = (markdown: string): string => JSON.stringify(markdownToDocument(markdown, { keys: false }));

  it('stays bare inside the run, as GitBook writes it, and reads back as the same link', () => {
    for (const md of [
      'Questions? Write to **team@example.org.**\n',
      'Write to **team@example.org** or _help@example.org_ today.\n',
      'Open **https://status.example.org/now** first.\n',
      'A **whole sentence with ops@example.org in it** here.\n',
      '~~old@example.org~~ is gone; see **www.example.org** instead.\n',
    ]) {
      expect(normalizeMarkdown(md)).toBe(md);
      expect(doc(normalizeMarkdown(md))).toBe(doc(md));
    }
  });

  it('an explicit link keeps its form, marks inside its text', () => {
    const md = '[**team@example.org**](mailto:team@example.org) and [**https://example.org**](https://example.org)\n';
    expect(normalizeMarkdown(md)).toBe(md);
  });

  it('where bare would not read back it is `<…>` inside the run, the same link', () => {
    for (const md of ['x**team@example.org**y\n', '_https://example.org_\n', '***https://example.org/a_b***\n', 'see **https://example.org/**abc\n']) {
      const out = normalizeMarkdown(md);
      expect(doc(out)).toBe(doc(md));
      expect(normalizeMarkdown(out)).toBe(out);
    }
  });
});

describe('a line of one backslash', () => {
  it('GitBook writes a paragraph of one `\\` so; it reads back as itself and is written back so', () => {
    const md = 'Intro.\n\n\\\n\nNext.\n';
    expect(normalizeMarkdown(md)).toBe(md);
    expect(JSON.stringify(markdownToDocument(md, { keys: false }))).toContain('"text":"\\\\"');
    // A backslash ending other text, or after a hard break, is still escaped.
    expect(normalizeMarkdown('Path C:\\\n\nNext\n')).toBe('Path C:\\\\\n\nNext\n');
    expect(normalizeMarkdown('a\\\n\\\n\nb\n')).toBe('a\\\n\\\\\n\nb\n');
  });
});

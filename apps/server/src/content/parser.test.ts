// The link-label scan of parser.ts (remembered scans, linear on bracket runs) against markdown-it's own helper: the
// same tokens for random bracket-heavy text, and a bracket run that costs a walk per position, not per nesting level.
import fc from 'fast-check';
import MarkdownIt from 'markdown-it';
import { describe, expect, it } from 'vitest';
import { LIMITS } from './limits.js';
import { parseLinkLabel, tokenize, tokenizeBlocks } from './parser.js';

function parsers(): { stock: MarkdownIt; ours: MarkdownIt } {
  const make = () => {
    const md = new MarkdownIt('default', { html: true, linkify: true });
    (md.options as { maxNesting: number }).maxNesting = 20;
    return md;
  };
  const ours = make();
  ours.helpers.parseLinkLabel = parseLinkLabel as typeof ours.helpers.parseLinkLabel;
  return { stock: make(), ours };
}

const ATOMS = ['[', '[', '[', ']', ']', '](', ')', '![', '!', 'a', ' ', '`', '\\', '<', '>', '<a>', '*', '_', '(x)', '[^1]', 'http://a.io', '\n'];
const text = fc.array(fc.constantFrom(...ATOMS), { maxLength: 60 }).map((a) => a.join(''));
const withRefs = fc.tuple(text, fc.boolean()).map(([t, refs]) => (refs ? `${t}\n\n[a]: /u\n[x]: /v\n[]: /w` : t));

describe('link labels', () => {
  it('gives the tokens markdown-it gives, on random bracket-heavy text', () => {
    const { stock, ours } = parsers();
    fc.assert(
      fc.property(withRefs, (src) => {
        expect(ours.parse(src, {})).toEqual(stock.parse(src, {}));
      }),
      { numRuns: 1500 },
    );
  });

  it('walks a bracket run once per position', () => {
    const { ours } = parsers();
    let calls = 0;
    const inline = ours.inline as unknown as { skipToken(state: unknown): void };
    const skip = inline.skipToken.bind(inline);
    inline.skipToken = (state) => {
      calls++;
      skip(state);
    };
    for (const unit of ['[', '![', '[a', '[[a]']) {
      calls = 0;
      const n = 20_000;
      ours.parse(unit.repeat(n / unit.length), {});
      expect(calls, unit).toBeLessThan(3 * n);
    }
  });
});

describe('plain inline content', () => {
  it('gives the tokens markdown-it gives (table cells, headings and paragraphs without markup skip the inline parser)', () => {
    const stock = new MarkdownIt('default', { html: true, linkify: true });
    const atom = fc.constantFrom('a', 'word', 'é', ' ', '  ', '|', '| a |', '|---|', '\n', '\n\n', '- ', '# ', '"', "'", '(', ')', ',', '?', '/', '*', '_', '`', '1. ', '> ');
    fc.assert(
      fc.property(fc.array(atom, { maxLength: 40 }).map((a) => a.join('')), (src) => {
        expect(tokenize(src)).toEqual(stock.parse(src, {}));
      }),
      { numRuns: 1500 },
    );
  });
});

describe('inline content parsed on demand', () => {
  it('gives the tokens of a whole parse, each inline token parsed when asked for (in any order of asking)', () => {
    const atom = fc.constantFrom('a', ' ', '\n', '\n\n', '- ', '# ', '> ', '| a |', '|---|', '*', '_', '`', '\\', '&amp;', '[x](/y)', '[x]', '[x]: /z', 'http://a.io', 'www.b.dev', 'c@d.dev', '<a href="x">', '</a>', '[^1]', '[^1]: n', '{% hint style="info" %}', '{% endhint %}');
    fc.assert(
      fc.property(fc.array(atom, { maxLength: 50 }).map((a) => a.join('')), fc.boolean(), (src, backwards) => {
        const whole = tokenize(src);
        const blocks = tokenizeBlocks(src);
        const indexes = blocks.tokens.map((_token, index) => index);
        for (const index of backwards ? indexes.reverse() : indexes) {
          const token = blocks.tokens[index]!;
          if (token.type === 'inline') expect(blocks.inlineChildren(index)).toEqual(whole[index]!.children);
        }
        blocks.finish();
        expect(blocks.tokens).toEqual(whole);
      }),
      { numRuns: 1500 },
    );
  });

  it('refuses too many inline elements when asked for the children past the limit, or when finished', () => {
    const src = `a\n\n${'*a'.repeat(LIMITS.inlines)}\n\nb`;
    const asked = tokenizeBlocks(src);
    expect(asked.inlineChildren(1)).toHaveLength(1);
    expect(() => asked.inlineChildren(4)).toThrow('the markdown has too many inline elements (limit: 400,000 inline elements)');
    const finished = tokenizeBlocks(src);
    expect(finished.inlineChildren(1)).toHaveLength(1);
    finished.release(3);
    expect(() => finished.finish()).toThrow('the markdown has too many inline elements (limit: 400,000 inline elements)');
  });
});

describe('table limits', () => {
  it('refuses a table of more columns than allowed before its cells are parsed, and counts every cell as a block', () => {
    const row = (n: number, cell: string) => `${`|${cell}`.repeat(n)}|\n`;
    const table = (cols: number, rows: number) => row(cols, 'a') + row(cols, '-') + row(cols, 'b').repeat(rows);
    expect(tokenize(table(LIMITS.tableColumns, 2)).filter((t) => t.type === 'th_open')).toHaveLength(LIMITS.tableColumns);
    expect(() => tokenize(table(LIMITS.tableColumns + 1, 2))).toThrow('a table of the markdown has too many columns (limit: 1,000 table columns)');
    // 100 columns x 1,000 rows = 100,100 cells: past the block limit although the table has few lines
    expect(() => tokenize(table(100, 1_000))).toThrow(/too many blocks \(limit: 100,000 blocks\)/);
    expect(() => tokenize(table(100, 900))).not.toThrow();
  });
});

describe('autolink literals after an escape or a character reference', () => {
  const links = (src: string) =>
    (tokenize(src).find((t) => t.type === 'inline')?.children ?? []).filter((t) => t.type === 'link_open').map((t) => t.attrGet('href'));
  it('links a scheme that starts a word, not one glued to the characters before it', () => {
    expect(links('see http://x.io')).toEqual(['http://x.io']);
    expect(links('\\*http://x.io')).toEqual(['http://x.io']);
    expect(links('&amp;http://x.io')).toEqual(['http://x.io']);
    expect(links('*http://x.io*')).toEqual(['http://x.io']);
    // markdown-it read the scheme from the text after the escape's token: `\a` then `http://…` was a link
    expect(links('\\ahttp://x.io')).toEqual([]);
    expect(links('x\\-http://x.io')).toEqual([]);
    expect(links('ahttp://x.io')).toEqual([]);
  });
  it("reads a link whose text is a URL as a link, whatever comes before it (a label's scan takes no autolink)", () => {
    for (const before of ['', 'ab ', 'a b ', 'a | ', 'some longer text ']) {
      expect(links(`${before}[http://x.io#'a](http://x.io#'a)`)).toEqual(["http://x.io#'a"]);
      expect(links(`${before}[see http://x.io/a](b)`)).toEqual(['b']);
    }
  });
});

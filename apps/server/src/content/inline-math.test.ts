import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { documentToMarkdown, markdownToDocument } from './convert.js';
import { createDocument, leaf, text, type Document, type InlineContent, type Leaf, type MarkType } from './document.js';

const page = (doc: Document): string => documentToMarkdown(doc);
const paragraphDoc = (nodes: InlineContent[]): Document => createDocument([{ object: 'block', type: 'paragraph', data: {}, nodes }]);

describe("GitBook's inline math `$$…$$`", () => {
  it('is read and written verbatim: no escapes inside, in a paragraph and a table cell', () => {
    const source = 'Sum $$x_1*y_2 + a_{b}*c$$ and $$p_i$$, then _italic_ text.\n\n| A | B |\n| - | - |\n| $$a_1*b$$ | c_d |\n';
    const doc = markdownToDocument(source);
    const out = page(doc);
    expect(out).toContain('Sum $$x_1*y_2 + a_{b}*c$$ and $$p_i$$, then _italic_ text.');
    expect(out).toMatch(/\| \$\$a_1\*b\$\$ +\| c\\_d +\|/);
    expect(markdownToDocument(out)).toEqual(doc);
    // The formula is the text as written: a backslash in it stays (it is LaTeX's).
    expect(page(markdownToDocument('A $$a\\_b \\* c$$ z.\n'))).toBe('A $$a\\_b \\* c$$ z.\n');
  });

  it('a `$$` that opens no span of its own text is escaped, so it reads back as the same text and marks', () => {
    const doc = paragraphDoc([text([leaf('cost $$a', ['bold']), leaf(' b_c $$ end')])]);
    const out = page(doc);
    expect(markdownToDocument(out)).toEqual(markdownToDocument(page(markdownToDocument(out))));
    expect(flatten(markdownToDocument(out))).toEqual(flatten(doc));
  });

  it('text after a span is a text of its own to linkify: a `www.` literal there is escaped (`$$$$$$www.b.io`)', () => {
    const doc = paragraphDoc([text([leaf('$$'), leaf('www.b.io$$$$$$www.b.io', ['bold']), leaf(' end')])]);
    const once = markdownToDocument(page(doc));
    expect(flatten(once)).toEqual(flatten(doc));
    expect(markdownToDocument(page(once))).toEqual(once);
  });

  const WORDS = ['$$', '$', '$$$', 'x_1*y', 'a', 'snake_case', 'http://a.io', 'www.b.io', 'a@b.dev', ':', '`t`', '[x]', '<b>', '\\', '&amp;', '|'];
  const words = fc.tuple(fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 5 }), fc.constantFrom('', ' ')).map(([w, sep]) => w.join(sep));
  // Marked and plain leaves alternate (neighbours never share their marks, as in a built document).
  const pairArb = fc.tuple(words, fc.subarray<MarkType>(['bold', 'italic', 'code'], { minLength: 1, maxLength: 2 }), words);
  const leavesArb = fc.array(pairArb, { minLength: 1, maxLength: 3 }).map((pairs): Leaf[] => pairs.flatMap(([a, marks, b]) => [leaf(b), leaf(a, marks)]).concat([leaf(' end')]));

  it('random texts with `$` round-trip: the same characters and marks, and a fixed point', () => {
    fc.assert(
      fc.property(leavesArb, fc.boolean(), (leaves, inTable) => {
        const nodes = [text(leaves)];
        const doc = inTable
          ? createDocument([{ object: 'block', type: 'table', data: { align: ['left'] }, nodes: [{ object: 'block', type: 'table-row', data: {}, nodes: [{ object: 'block', type: 'table-cell', data: {}, nodes: [{ object: 'block', type: 'paragraph', data: {}, nodes }] }] }] } as never])
          : paragraphDoc(nodes);
        const once = markdownToDocument(page(doc));
        if (!inTable) expect(flatten(once)).toEqual(flatten(doc));
        expect(markdownToDocument(page(once))).toEqual(once);
      }),
      { numRuns: 2000 },
    );
  });
});

/** Per-character (char, marks) pairs: independent of how leaves are split. */
function flatten(doc: Document): string[] {
  const out: string[] = [];
  const walk = (nodes: readonly unknown[]): void => {
    for (const node of nodes as { object: string; leaves?: Leaf[]; nodes?: unknown[] }[]) {
      if (node.object === 'text') for (const l of node.leaves ?? []) for (const ch of l.text) out.push(`${ch}|${l.marks.map((m) => m.type).sort().join('+')}`);
      else walk(node.nodes ?? []);
    }
  };
  walk(doc.nodes);
  return out;
}

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { documentToMarkdown, markdownToDocument } from './convert.js';
import { createDocument, leaf, text, type Document, type InlineContent, type Leaf, type MarkType } from './document.js';

const WORDS = ['alpha', 'beta', 'x', '42', 'snake_case', 'a*b', '[br]', '`tick`', 'back\\slash', '<tag>', 'café', '#1', '~tilde~', '!bang', '-', '.', ':', '(', '日', 'a@b.dev', 'www.a.com', 'http://x.io'];

const markSet = fc.subarray<MarkType>(['bold', 'italic', 'strikethrough', 'code'], { maxLength: 3 });

/** A leaf of one or more words; spaces only between words. */
const leafArb: fc.Arbitrary<Leaf> = fc
  .tuple(fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 3 }), markSet)
  .map(([words, marks]) => leaf(words.join(' '), marks));

// '': marked runs right next to each other (`1*a***-**`: an italic run's closer and a bold run's opener are one run of
// `*`), as the pipeline property found them.
const separator = fc.constantFrom(' ', '\n', '', '');

/** Leaves with the same marks as one (as a parse gives them: two code spans side by side would read as one). */
function mergeLeaves(leaves: Leaf[]): Leaf[] {
  const out: Leaf[] = [];
  for (const l of leaves) {
    const last = out[out.length - 1];
    if (last !== undefined && last.marks.map((m) => m.type).join() === l.marks.map((m) => m.type).join()) out[out.length - 1] = leaf(last.text + l.text, l.marks.map((m) => m.type));
    else out.push(l);
  }
  return out;
}

/** A paragraph's leaves, with plain separators (space or hard break) or none between marked runs. */
const leavesArb = fc
  .array(fc.tuple(leafArb, separator), { minLength: 1, maxLength: 6 })
  .map((pairs) => mergeLeaves(pairs.flatMap(([l, sep], index) => (index === pairs.length - 1 || sep === '' ? [l] : [l, leaf(sep)]))));

const contentArb: fc.Arbitrary<InlineContent[]> = fc
  .array(
    fc.oneof(
      { weight: 4, arbitrary: leavesArb.map((leaves): InlineContent => text(leaves)) },
      {
        weight: 1,
        arbitrary: leavesArb.map(
          (leaves): InlineContent => ({
            object: 'inline',
            type: 'link',
            data: { ref: { kind: 'url', url: 'https://bindery.dev/a_b' } },
            nodes: [text(leaves.map((l) => leaf(l.text.replace(/\n/g, ' '), l.marks.map((m) => m.type))))],
          }),
        ),
      },
    ),
    { minLength: 1, maxLength: 3 },
  )
  // Keep inlines apart with plain spaces, like real prose.
  .map((parts) => parts.flatMap((part, index) => (index === 0 ? [part] : [text([leaf(' ')]), part])));

function paragraphDoc(nodes: InlineContent[]): Document {
  return createDocument([{ object: 'block', type: 'paragraph', data: {}, nodes }]);
}

describe('inline content round trip', () => {
  it('any combination of marks, hard breaks and links survives document -> markdown -> document', () => {
    fc.assert(
      fc.property(contentArb, (nodes) => {
        const markdown = documentToMarkdown(paragraphDoc(nodes));
        const once = markdownToDocument(markdown);
        // Text content and marks per character are preserved…
        expect(flatten(once)).toEqual(flatten(paragraphDoc(nodes)));
        // …and the result is a fixed point.
        expect(markdownToDocument(documentToMarkdown(once))).toEqual(once);
      }),
      { numRuns: 300 },
    );
  });
});

/** Per-character (char, marks, link) triples: independent of how leaves are split. */
function flatten(doc: Document): string[] {
  const out: string[] = [];
  const walk = (nodes: readonly InlineContent[], link: string): void => {
    for (const node of nodes) {
      if (node.object === 'text') {
        for (const l of node.leaves) for (const ch of l.text) out.push(`${ch}|${l.marks.map((m) => m.type).join('+')}|${link}`);
      } else if (node.type === 'link') {
        walk(node.nodes, node.data.ref.kind === 'url' ? node.data.ref.url : '');
      }
    }
  };
  for (const block of doc.nodes) walk(block.nodes as InlineContent[], '');
  return out;
}

// The seventeenth round of real GitBook-synced repositories (docs/git-sync.md), each case on a fixture written for the
// test: GitBook's inline math is its `inline-math` node, read from `$$…$$` and written back byte for byte.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { documentToMarkdown, markdownToDocument } from './convert.js';
import { createDocument, inlineText, leaf, text, type Block, type Document, type InlineContent, type InlineMath } from './document.js';
import { documentIndex } from './extract.js';
import { inlineMathWritable } from './to-markdown.js';
import { expectRoundTrip } from '../testing/round-trip.js';

const math = (formula: string): InlineMath => ({ object: 'inline', type: 'inline-math', data: { formula }, isVoid: true, nodes: [] });
const paragraph = (nodes: InlineContent[]): Block => ({ object: 'block', type: 'paragraph', data: {}, nodes });
const noKeys = (doc: Document): unknown => JSON.parse(JSON.stringify(doc, (k, v: unknown) => (k === 'key' ? undefined : v)));

/** Every `inline-math` node of a document, in order. */
function maths(doc: Document): InlineMath[] {
  const out: InlineMath[] = [];
  const walk = (nodes: readonly unknown[]): void => {
    for (const node of nodes as { object: string; type?: string; nodes?: unknown[] }[]) {
      if (node.object === 'inline' && node.type === 'inline-math') out.push(node as InlineMath);
      if (Array.isArray(node.nodes)) walk(node.nodes);
    }
  };
  walk(doc.nodes);
  return out;
}

// A page as GitBook writes inline math (formulas verbatim: `_`, `*`, `\`, `|` and `{}` unescaped), written for this test.
const PAGE = [
  '# Scoring',
  '',
  'The score of item $$i$$ is $$s_i = w_1*x_i + b$$, where $$\\frac{a}{b}$$ is the ratio.',
  '',
  '## Norm $$\\|v\\|_2$$ of a vector',
  '',
  '* A bullet with $$x^2$$ inside.',
  '* **Bold text around $$y_{k}$$ the formula.**',
  '',
  '| Formula       | Meaning     |',
  '| ------------- | ----------- |',
  '| $$a|b$$       | a divides b |',
  '| $$P(A \\| B)$$ | conditional |',
  '',
  'See [the $$\\alpha$$ page](https://example.com/alpha) and a price of \\$$5 in text.',
  '',
  '![Plot of $$y=x^2$$](.gitbook/assets/plot.png)',
  '',
].join('\n');

describe("GitBook's inline math is its `inline-math` node", () => {
  it('is read as the node, in paragraphs, headings, list items, bold runs, table cells and link texts', () => {
    const doc = markdownToDocument(PAGE);
    expect(maths(doc).map((m) => m.data.formula)).toEqual([
      'i', 's_i = w_1*x_i + b', '\\frac{a}{b}', '\\|v\\|_2', 'x^2', 'y_{k}', 'a|b', 'P(A \\| B)', '\\alpha',
    ]);
    const first = doc.nodes[1] as Block & { nodes: InlineContent[] };
    expect(first.nodes[1]).toEqual({ object: 'inline', type: 'inline-math', key: expect.any(String), data: { formula: 'i' }, isVoid: true, nodes: [] });
    // `\$$5` is text; the image's alt text stays text too.
    const texts = JSON.stringify(doc);
    expect(texts).toContain('a price of $$5 in text.');
    expect(texts).toContain('"alt":"Plot of $$y=x^2$$"');
  });

  it("has the shape of @gitbook/api's DocumentInlineMath", () => {
    const require = createRequire(import.meta.url);
    const spec = JSON.parse(readFileSync(require.resolve('@gitbook/api/spec/openapi.json'), 'utf8')) as {
      components: { schemas: Record<string, { required: string[]; properties: Record<string, { enum?: unknown[]; required?: string[] }> }> };
    };
    const schema = spec.components.schemas.DocumentInlineMath!;
    const node = maths(markdownToDocument('A $$x^2$$ b.\n'))[0] as unknown as Record<string, unknown>;
    for (const field of schema.required) expect(node).toHaveProperty(field);
    for (const [field, property] of Object.entries(schema.properties)) if (property.enum) expect(property.enum).toContain(node[field]);
    expect(Object.keys(node.data as object)).toEqual(schema.properties.data!.required);
  });

  it('is written back byte for byte (the page above), and a fixed point', () => {
    const doc = markdownToDocument(PAGE);
    expect(documentToMarkdown(doc)).toBe(PAGE);
    expect(noKeys(markdownToDocument(documentToMarkdown(doc)))).toEqual(noKeys(doc));
  });

  it('a document of nodes (as the API gives it) is written `$$formula$$`; text next to it keeps its own `$`', () => {
    const doc = createDocument([
      paragraph([text([leaf('Cost a$')]), math('x_1*y'), text([leaf('$ and '), leaf('$$literal$$', ['bold'])]), math('$z'), text([leaf(' end\\')]), math('w')]),
    ]);
    const out = documentToMarkdown(doc);
    expect(out).toBe('Cost a\\$$$x_1*y$$$ and **\\$$literal\\$$**$$$z$$ end\\\\$$w$$\n');
    expect(noKeys(markdownToDocument(out))).toEqual(noKeys(doc));
  });

  it('search text and plain text hold the formula', () => {
    const doc = markdownToDocument('# Norm $$\\|v\\|$$\n\nThe value $$e^{i\\pi}$$ is minus one.\n');
    expect(inlineText((doc.nodes[0] as Block & { nodes: InlineContent[] }).nodes)).toBe('Norm \\|v\\|');
    const { sections } = documentIndex(doc);
    expect(sections[0]).toMatchObject({ id: 'norm-v', title: 'Norm \\|v\\|', body: 'The value e^{i\\pi} is minus one.' });
  });

  it('random formulas and texts around them: the same nodes back, and a fixed point', () => {
    const formula = fc.array(fc.constantFrom('x', '_', '*', '\\', '|', '$', '{', '}', ' ', '`', '[', ']', '<a>', ':', '@', 'www.', 'http://a.io', '&amp;', '#'), { minLength: 1, maxLength: 8 })
      .map((parts) => parts.join(''))
      .filter(inlineMathWritable);
    const words = fc.array(fc.constantFrom('a', ' ', '$', '$$', '\\', '*', '_', '`', 'www.b.io', 'c@d.io', '|', '[', ']'), { maxLength: 4 }).map((w) => w.join(''));
    const piece = fc.oneof(formula.map(math), fc.tuple(words, fc.boolean()).map(([w, bold]) => text([leaf(w, bold ? ['bold'] : [])])));
    fc.assert(
      fc.property(fc.array(piece, { minLength: 1, maxLength: 5 }), fc.boolean(), (pieces, inTable) => {
        const nodes = [text([leaf('Start ')]), ...pieces, text([leaf(' end')])];
        const doc = inTable
          ? createDocument([{ object: 'block', type: 'table', data: { align: [null] }, nodes: [{ object: 'block', type: 'table-row', data: {}, nodes: [{ object: 'block', type: 'table-cell', data: {}, nodes }] }] } as never])
          : createDocument([paragraph(nodes)]);
        const once = markdownToDocument(documentToMarkdown(doc));
        expect(maths(once).map((m) => m.data.formula)).toEqual(pieces.filter((p): p is InlineMath => p.object === 'inline').map((m) => m.data.formula));
        expect(documentToMarkdown(once)).toBe(documentToMarkdown(doc));
      }),
      { numRuns: 1500 },
    );
  }, 120_000);

  it('a formula markdown could not hold is written as text (the API refuses it: inlineMathWritable)', () => {
    for (const formula of ['', 'a$$b', 'x$', 'a\nb']) {
      expect(inlineMathWritable(formula)).toBe(false);
      const doc = markdownToDocument(documentToMarkdown(createDocument([paragraph([text([leaf('A ')]), math(formula), text([leaf(' b')])])])));
      expect(maths(doc)).toEqual([]);
    }
    expect(inlineMathWritable('$x')).toBe(true);
  });
});

describe("GitBook's spellings of the seventeenth round's repositories", () => {
  it('a paragraph of an encoded space and an image (`&#x20;![](a.png)`) stays GitBook\'s paragraph, written back so', () => {
    for (const page of ['To buy one:\n\n&#x20;![](<.gitbook/assets/image (64).png>)\n', '![](a.png)&#x20;\n']) {
      const doc = markdownToDocument(page);
      expect(doc.nodes.map((b) => b.type)).toContain('paragraph');
      expect(doc.nodes.map((b) => b.type)).not.toContain('images');
      expect(documentToMarkdown(doc)).toBe(page);
    }
    // Images alone, or with spaces between them, are still an images block.
    expect(markdownToDocument('![a](a.png) ![b](b.png)\n').nodes.map((b) => b.type)).toEqual(['images']);
    expect(markdownToDocument('**![a](a.png)**\n').nodes.map((b) => b.type)).toEqual(['images']);
  });

  it('reads `$$$$` as text `$` before a formula, never a formula starting with `$$` (which no writer could write back)', () => {
    // prop23's seeds 60615816 and 802118803: `$$$$x^2$$` was the formula `$$x^2`, written back as text.
    for (const md of ['$$$$x^2$$', 'a $$$$x$$ b $$$$$$y$$', 'http://a.io$$$$z$$']) {
      const rt = expectRoundTrip(md);
      expect(rt).toBeDefined();
      for (const m of maths(rt!.doc)) expect(m.data.formula.startsWith('$$')).toBe(false);
    }
    const doc = markdownToDocument('$$$$x^2$$');
    expect(maths(doc).map((m) => m.data.formula)).toEqual(['$x^2']);
    expect(inlineText((doc.nodes[0] as { nodes: InlineContent[] }).nodes)).toBe('$$x^2');
  });
});

// Round-trip properties over what GitBook documents hold (issue 9: for accepted input parse(serialise(parse(x))) equals
// parse(x)): hints with nested content, tabs, code blocks with title / line numbers / overflow, expandables, tables with
// marks, links and code in cells, HTML tables, figures with captions and alt, embeds, content refs, page and anchor
// links, math, lists nested in hints and quotes, headings with marks, emoji, CJK and RTL text. Both directions:
// markdown -> document -> markdown -> document, and document -> markdown -> document (GitBook's API blocks unfolded to
// tag lines, written, read and folded back). pipeline.test.ts has the character-soup and adversarial generators.
// Exploring: `BINDERY_PROPERTY_SEED=random pnpm exec vitest run src/content/gitbook-properties.test.ts --project unit`.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { documentToMarkdown, markdownToDocument } from './convert.js';
import type { Block, Document, InlineContent, Leaf, MarkType } from './document.js';
import { createDocument, leaf, text } from './document.js';
import { foldGitBookBlocks, unfoldGitBookBlocks } from './gitbook-blocks.js';
import { ContentLimitError } from './limits.js';
import { expectRoundTrip } from '../testing/round-trip.js';

// ---------------------------------------------------------------------------
// Markdown as GitBook writes it (and as people write it by hand)

/** Words of prose: ASCII, accents, emoji (with modifiers, ZWJ sequences, flags), CJK, RTL and mixed-direction text. */
const WORDS = [
  'alpha', 'Beta', 'x', '42', 'v1.2', 'snake_case', 'foo-bar', 'café', 'naïve', 'Ωmega', '😀', '👍🏽', '👩‍💻', '🇫🇷', '✅', '⚠️', ':tada:',
  '日本語', '中文，标点。', '한국어', '「引用」', 'ｆｕｌｌ', 'עברית', 'שלום עולם', 'العربية', 'مرحبا', '\u200fRTL\u200e', 'a‏b', '(x)', 'x:', 'e.g.', '—', '…', '"q"', "it's",
  '1.', '#1', '100%', 'a*b', 'a_b_c', '[x]', '<y>', '&', 'Q&A', '\\', '$5', '~x~', '|', 'www.a.com', 'https://x.io/a_b?c=d', 'a@b.dev',
];
const word = fc.constantFrom(...WORDS);
const words = fc.array(word, { minLength: 1, maxLength: 4 }).map((w) => w.join(' '));
const plainWords = fc.array(fc.constantFrom('alpha', 'Beta', 'café', '日本語', 'שלום', 'مرحبا', '😀', '42', 'x-y'), { minLength: 1, maxLength: 3 }).map((w) => w.join(' '));

const LINK_TARGETS = [
  'https://x.io/a_b', 'https://x.io/a?b=c&d=e#f', 'http://x.io', 'page.md', 'sub/page.md', '../up/page.md', 'page.md#anchor', 'sub/', '#anchor', '#h-1',
  '<a b.md>', 'mailto:a@b.dev', '/abs/path', 'README.md', 'https://x.io/a_(b)', '.gitbook/assets/f.pdf', 'https://x.io "Title"', "page.md 'T'",
];
const IMAGE_SRCS = ['a.png', '.gitbook/assets/img.png', '../.gitbook/assets/a b.png', 'https://x.io/i.jpg', '<a b.png>', 'https://x.io/i.svg?x=1&y=2'];
const INLINE_HTML = ['<mark style="color:red;">hot</mark>', '<kbd>Ctrl</kbd>', '<br>', '<sup>2</sup>', '<a href="https://x.io">x</a>', '<mark style="background-color:yellow;">', '</mark>'];

/** Inline markdown: words, marks (nested), links (URLs, pages, anchors), images, code, math, HTML, autolinks. */
const inline: fc.Arbitrary<string> = fc.letrec<{ inl: string; atom: string }>((tie) => ({
  atom: fc.oneof(
    { weight: 6, arbitrary: words },
    { weight: 2, arbitrary: fc.tuple(fc.constantFrom('**', '_', '*', '~~', '***', '__'), tie('inl')).map(([d, s]) => `${d}${s.trim() || 'x'}${d}`) },
    { weight: 2, arbitrary: fc.constantFrom('`code`', '`a|b`', '`` a`b ``', '`<div>`', '`**no**`', '`$$x$$`', '`{% hint %}`', '`日本`') },
    { weight: 2, arbitrary: fc.tuple(tie('inl'), fc.constantFrom(...LINK_TARGETS)).map(([t, u]) => `[${t.trim() || 'x'}](${u})`) },
    { weight: 1, arbitrary: fc.tuple(fc.constantFrom('', 'alt', 'A "q"', '日本'), fc.constantFrom(...IMAGE_SRCS)).map(([a, s]) => `![${a}](${s})`) },
    { weight: 1, arbitrary: fc.constantFrom('$$x^2$$', '$$\\frac{a}{b}$$', '$$a_1 + b_2$$', '$$|x|$$') },
    { weight: 1, arbitrary: fc.constantFrom(...INLINE_HTML) },
    { weight: 1, arbitrary: fc.constantFrom('<https://x.io/a>', 'https://x.io/p_q', 'www.a.com/x', '<a@b.dev>', '[^1]', '[^note]') },
  ),
  inl: fc.array(fc.tuple(tie('atom'), fc.constantFrom(' ', ' ', '', ', ', '\\\n', '  \n')), { minLength: 1, maxLength: 4 }).map((parts) =>
    parts.map(([a, sep], i) => (i === parts.length - 1 ? a : a + sep)).join(''),
  ),
})).inl;

/** An inline that stays on one line (table cells, headings, tab titles). */
const oneLine = inline.map((s) => s.replace(/\\\n|  \n/g, ' '));
const cell = oneLine.map((s) => s.replace(/\|/g, '\\|'));

const indent = (s: string, by: string, first = by): string =>
  s.split('\n').map((l, i) => (i === 0 ? first + l : l === '' ? '' : by + l)).join('\n');
const quote = (s: string): string => s.split('\n').map((l) => (l === '' ? '>' : `> ${l}`)).join('\n');
const attr = (s: string): string => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

const codeBody = fc
  .array(fc.constantFrom('const a = 1;', '  indented()', '', 'x = `y`', '```', '~~~', '{% endcode %}', '{% hint style="info" %}', '<div>', '$$', '# not a heading', '| a | b |', '日本語 // comment', '\ttab', 'שלום'), { maxLength: 5 })
  .map((lines) => lines.join('\n'));
const fence = fc.tuple(fc.constantFrom('', 'js', 'bash', 'python', 'json', 'c++', 'diff'), codeBody).map(([lang, body]) => {
  const ticks = '`'.repeat(Math.max(3, ...[...body.matchAll(/`+/g)].map((m) => m[0].length + 1)));
  return `${ticks}${lang}\n${body}${body === '' ? '' : '\n'}${ticks}`;
});
const codeTag = fc
  .tuple(fc.option(fc.constantFrom('x.js', 'a b.sh', 'Q&A "t".txt', '日本.py')), fc.option(fc.constantFrom('wrap', 'scroll')), fc.option(fc.constantFrom('true', 'false')), fc.boolean())
  .map(([title, overflow, numbers, fullWidth]) => {
    const attrs = [title !== null ? `title="${attr(title)}"` : '', overflow !== null ? `overflow="${overflow}"` : '', numbers !== null ? `lineNumbers="${numbers}"` : '', fullWidth ? 'fullWidth="true"' : ''].filter(Boolean);
    return attrs.length ? `{% code ${attrs.join(' ')} %}` : '{% code %}';
  });
const codeBlock = fc.oneof({ weight: 2, arbitrary: fence }, { weight: 2, arbitrary: fc.tuple(codeTag, fence).map(([t, f]) => `${t}\n${f}\n{% endcode %}`) }, { weight: 1, arbitrary: codeBody.filter((b) => b.trim() !== '').map((b) => indent(b, '    ')) });

const pipeTable = fc
  .tuple(fc.integer({ min: 1, max: 4 }), fc.integer({ min: 0, max: 3 }), fc.array(cell, { minLength: 16, maxLength: 16 }), fc.array(fc.constantFrom('-', ':-', '-:', ':-:', '---'), { minLength: 4, maxLength: 4 }))
  .map(([cols, rows, cells, align]) => {
    const row = (r: number) => `| ${Array.from({ length: cols }, (_, c) => cells[(r * cols + c) % cells.length]).join(' | ')} |`;
    return [row(0), `| ${align.slice(0, cols).join(' | ')} |`, ...Array.from({ length: rows }, (_, r) => row(r + 1))].join('\n');
  });
const htmlTable = fc.tuple(plainWords, plainWords, fc.constantFrom('', ' data-view="cards"', ' data-full-width="true"')).map(
  ([a, b, extra]) => `<table${extra}><thead><tr><th>${a}</th><th width="100">H</th></tr></thead><tbody><tr><td><strong>${b}</strong></td><td><a href="page.md">link</a> <code>x</code></td></tr></tbody></table>`,
);
const figure = fc
  .tuple(fc.constantFrom(...IMAGE_SRCS.filter((s) => !s.startsWith('<'))), fc.constantFrom('', 'Alt', 'A &quot;q&quot; &amp; b', '日本'), fc.option(fc.constantFrom('Caption', 'Cap &amp; <strong>bold</strong>', '<em>it</em> 日本', '')), fc.boolean())
  .map(([src, alt, caption, width]) => `<figure><img src="${src}" alt="${alt}"${width ? ' width="375"' : ''}>${caption === null ? '' : `<figcaption><p>${caption}</p></figcaption>`}</figure>`);
const embed = fc.tuple(fc.constantFrom('https://www.youtube.com/watch?v=abc', 'https://x.io/a?b=1&c=2', 'https://github.com/o/r'), fc.option(plainWords)).map(([url, caption]) =>
  caption === null ? `{% embed url="${attr(url)}" %}` : `{% embed url="${attr(url)}" %}\n${caption}\n{% endembed %}`,
);
const contentRef = fc.constantFrom('page.md', 'sub/', 'sub/page.md', '../up.md', 'https://x.io/a').map((t) => {
  const label = /^https?:/.test(t) ? t : t.endsWith('/') ? t.slice(0, -1).split('/').pop() : t.split('/').pop();
  return `{% content-ref url="${t}" %}\n[${label}](${t})\n{% endcontent-ref %}`;
});
const math = fc.constantFrom('$$\nx^2\n$$', '$$\n\\begin{aligned}\na &= b \\\\\nc &= d\n\\end{aligned}\n$$', '$$\n\\sum_{i=1}^n i\n$$', '$$\n| x |\n$$');
const heading = fc.tuple(fc.integer({ min: 1, max: 4 }), oneLine).map(([n, s]) => `${'#'.repeat(n)} ${s.trim() || 'x'}`);
const leafBlock = fc.oneof(
  { weight: 8, arbitrary: inline },
  { weight: 3, arbitrary: heading },
  { weight: 3, arbitrary: codeBlock },
  { weight: 2, arbitrary: pipeTable },
  { weight: 1, arbitrary: htmlTable },
  { weight: 2, arbitrary: figure },
  { weight: 1, arbitrary: fc.tuple(fc.constantFrom('', 'alt', '日本'), fc.constantFrom(...IMAGE_SRCS)).map(([a, s]) => `![${a}](${s})`) },
  { weight: 1, arbitrary: embed },
  { weight: 1, arbitrary: contentRef },
  { weight: 1, arbitrary: math },
  { weight: 1, arbitrary: fc.constantFrom('***', '---', '<div>html</div>', '<p align="center">centred</p>', '[^1]: A note.', '<!-- comment -->') },
);
const SEPARATORS = ['\n\n', '\n\n', '\n\n', '\n', '\n\n\n', '\n\n\n\n'];
const joinBlocks = (parts: [string, string][]): string => parts.map(([b, sep], i) => (i === parts.length - 1 ? b : b + sep)).join('');

/** Blocks with containers nested up to a few levels: hints, tabs, steppers, expandables, quotes and lists hold any block. */
const blocks: fc.Arbitrary<string> = fc.letrec<{ blocks: string; block: string }>((tie) => ({
  block: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    { weight: 10, arbitrary: leafBlock },
    { weight: 2, arbitrary: fc.tuple(fc.constantFrom('info', 'warning', 'danger', 'success'), tie('blocks')).map(([s, b]) => `{% hint style="${s}" %}\n${b}\n{% endhint %}`) },
    {
      weight: 1,
      arbitrary: fc.array(fc.tuple(fc.constantFrom('A', 'macOS', 'Linux & BSD', 'Say "hi"', '日本語', 'עברית', '😀'), tie('blocks')), { minLength: 1, maxLength: 3 })
        .map((tabs) => `{% tabs %}\n${tabs.map(([t, b]) => `{% tab title="${attr(t)}" %}\n${b}\n{% endtab %}`).join('\n\n')}\n{% endtabs %}`),
    },
    { weight: 1, arbitrary: fc.array(tie('blocks'), { minLength: 1, maxLength: 2 }).map((steps) => `{% stepper %}\n${steps.map((b) => `{% step %}\n${b}\n{% endstep %}`).join('\n\n')}\n{% endstepper %}`) },
    {
      weight: 1,
      arbitrary: fc.tuple(fc.boolean(), fc.constantFrom('Why', 'Q&amp;A &lt;x&gt;', '日本語', 'More details'), tie('blocks'))
        .map(([open, title, b]) => `<details${open ? ' open' : ''}>\n\n<summary>${title}</summary>\n\n${b}\n\n</details>`),
    },
    { weight: 1, arbitrary: tie('blocks').map(quote) },
    {
      weight: 2,
      arbitrary: fc.tuple(fc.constantFrom('* ', '- ', '1. ', '3. ', '* [ ] ', '* [x] '), fc.array(tie('blocks'), { minLength: 1, maxLength: 3 }), fc.boolean()).map(([marker, items, loose]) =>
        items.map((b, i) => {
          const m = /^\d/.test(marker) ? `${Number.parseInt(marker, 10) + i}. ` : marker;
          return indent(b, ' '.repeat(m.replace(/\[.\] $/, '').length), m);
        }).join(loose ? '\n\n' : '\n'),
      ),
    },
  ),
  blocks: fc.array(fc.tuple(tie('block'), fc.constantFrom(...SEPARATORS)), { minLength: 1, maxLength: 3 }).map(joinBlocks),
})).blocks;

const page = fc.array(fc.tuple(blocks, fc.constantFrom(...SEPARATORS)), { minLength: 1, maxLength: 3 }).map(joinBlocks);

/** parse -> serialise -> parse: the same document (keys included), the same markdown, and folding changes nothing written. */
function roundTrips(md: string): void {
  const r = expectRoundTrip(md);
  if (!r) return;
  // The API's view: GitBook's blocks folded, unfolded when written back: the same markdown.
  expect(documentToMarkdown(unfoldGitBookBlocks(structuredClone(foldGitBookBlocks(r.doc))))).toBe(r.once);
}

/**
 * The two properties make 1,500 pages or documents each: 6–20 s alone on a 2-core machine, more beside the rest of the
 * suite, past the suite's 30 s a test (vitest.config.ts).
 */
const PROPERTY_TIMEOUT = 120_000;

// ---------------------------------------------------------------------------
// Documents as GitBook's API holds them

const MARKS: MarkType[] = ['bold', 'italic', 'strikethrough', 'code'];
/** Text a client may put in a leaf: everything markdown gives a meaning to, at every position. */
const LEAF_TEXT = [
  'alpha', ' ', '  ', 'x y', '日本語', 'עברית', 'مرحبا', '😀', '👩‍💻', '*', '**', '_', '__', '~~', '`', '``', '[', ']', '(', ')', '![', '<', '>', '&', '&amp;', '#', '# ', '\\',
  '|', '$$', '$', '{%', '%}', '{% hint style="info" %}', '{% endhint %}', '{% tabs %}', '<details>', '</details>', '- ', '1. ', '> ', '---', '***', '```', '~~~', '    ', '\t',
  'http://x.io', 'www.a.com', 'a@b.dev', '[^1]', ':', '.', '!', '"', "'", '=', '+', '-', '<div>', '<!--', '\u00a0', 'é',
];
const leafText = fc.array(fc.constantFrom(...LEAF_TEXT), { minLength: 1, maxLength: 5 }).map((a) => a.join(''));
const leafArb: fc.Arbitrary<Leaf> = fc.tuple(leafText, fc.subarray(MARKS, { maxLength: 2 })).map(([t, m]) => leaf(t, m));
/** Leaves of one text node, neighbours with other marks (as a read gives them), a hard break now and then. */
const leaves = fc.array(fc.oneof({ weight: 5, arbitrary: leafArb }, { weight: 1, arbitrary: fc.constant(leaf('\n')) }), { minLength: 1, maxLength: 4 }).map((ls) => {
  const out: Leaf[] = [];
  for (const l of ls) {
    const last = out[out.length - 1];
    if (last !== undefined && last.marks.map((m) => m.type).join() === l.marks.map((m) => m.type).join()) out[out.length - 1] = leaf(last.text + l.text, l.marks.map((m) => m.type));
    else out.push(l);
  }
  return out;
});
const REFS = [
  { kind: 'url', url: 'https://x.io/a_b' }, { kind: 'url', url: 'https://x.io/a b?c=(d)' }, { kind: 'url', url: 'mailto:a@b.dev' }, { kind: 'anchor', anchor: 'sec-1' },
  { kind: 'url', url: 'page.md' }, { kind: 'url', url: '../a/b.md#x' },
] as const;
const inlineContent: fc.Arbitrary<InlineContent[]> = fc
  .array(
    fc.oneof(
      { weight: 4, arbitrary: leaves.map((l): InlineContent => text(l)) },
      { weight: 1, arbitrary: fc.tuple(leaves, fc.constantFrom(...REFS)).map(([l, ref]): InlineContent => ({ object: 'inline', type: 'link', data: { ref: { ...ref } }, nodes: [text(l.map((x) => leaf(x.text.replace(/\n/g, ' '), x.marks.map((m) => m.type))))] })) },
      { weight: 1, arbitrary: fc.constantFrom<InlineContent>({ object: 'inline', type: 'inline-image', data: { ref: { kind: 'url', url: 'i.png' }, alt: 'A' }, isVoid: true, nodes: [] }) },
    ),
    { minLength: 1, maxLength: 3 },
  )
  // Inlines apart by a space (a text node between them), as a read gives them.
  .map((parts) => parts.flatMap((p, i) => (i === 0 ? [p] : [text([leaf(' ')]), p])));
/** A paragraph of these inlines (a hard break last now and then: at the end of the page, a hint, a quote, an item). */
const para = (nodes: InlineContent[]): Block => {
  // A paragraph of images alone (white space between them) is an `images` block (the reader's normal form).
  if (!nodes.some((n) => n.object === 'inline' ? n.type !== 'inline-image' : n.leaves.some((l) => l.text.trim() !== ''))) nodes = [text([leaf('x')]), ...nodes];
  return { object: 'block', type: 'paragraph', data: {}, nodes } as Block;
};
// GitBook's blocks (tabs, expandables, embeds) where a read folds them: at the top and inside each other; hints,
// quotes and lists hold the other blocks (the tag lines inside them stay lines, gitbook-blocks.ts).
const docBlock: fc.Arbitrary<Block> = fc.letrec<{ block: Block; blocks: Block[]; outer: Block; outers: Block[] }>((tie) => ({
  outers: fc.array(tie('outer'), { minLength: 1, maxLength: 3 }),
  block: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    { weight: 8, arbitrary: inlineContent.map(para) },
    { weight: 2, arbitrary: fc.tuple(fc.integer({ min: 1, max: 3 }), inlineContent).map(([n, nodes]) => ({ object: 'block', type: `heading-${n}`, data: {}, nodes: nodes.map((x) => (x.object === 'text' ? text(x.leaves.map((l) => leaf(l.text.replace(/\n/g, ' '), l.marks.map((m) => m.type)))) : x)) }) as Block) },
    { weight: 2, arbitrary: fc.tuple(fc.constantFrom('info', 'warning', 'danger', 'success'), tie('blocks')).map(([style, nodes]) => ({ object: 'block', type: 'hint', data: { style }, nodes }) as Block) },
    { weight: 1, arbitrary: tie('blocks').map((nodes) => ({ object: 'block', type: 'blockquote', data: {}, nodes }) as Block) },
    {
      weight: 2,
      arbitrary: fc.tuple(fc.constantFrom('list-unordered', 'list-ordered', 'list-tasks'), fc.array(tie('blocks'), { minLength: 1, maxLength: 3 })).map(([type, items]) => ({
        object: 'block', type, data: {},
        // A task item starts with a paragraph (the checkbox is the start of its text).
        nodes: items.map((nodes, i) => ({ object: 'block', type: 'list-item', data: type === 'list-tasks' ? { checked: i % 2 === 0 } : {}, nodes: type === 'list-tasks' && nodes[0]?.type !== 'paragraph' ? [para([text([leaf('task')])]), ...nodes] : nodes })),
      }) as Block),
    },
    {
      weight: 2,
      arbitrary: fc.tuple(fc.option(fc.constantFrom('js', 'bash', 'c++')), fc.option(fc.constantFrom('x.js', 'a "b".sh', '日本')), fc.option(fc.boolean()), fc.option(fc.constantFrom('wrap', 'scroll')), fc.array(fc.constantFrom('a', '', '```', '  b', '{% endcode %}', '~~~', '$$', '\t', '日本'), { minLength: 1, maxLength: 4 }))
        .map(([syntax, title, lineNumbers, overflow, lines]) => ({
          object: 'block', type: 'code',
          data: { ...(syntax !== null && { syntax }), ...(title !== null && { title }), ...(lineNumbers !== null && { lineNumbers }), ...(overflow !== null && { overflow }) },
          nodes: lines.map((l) => ({ object: 'block', type: 'code-line', data: {}, nodes: [text([leaf(l)])] })),
        }) as Block),
    },
    {
      weight: 1,
      arbitrary: fc.tuple(fc.integer({ min: 1, max: 3 }), fc.integer({ min: 1, max: 3 }), fc.array(inlineContent, { minLength: 9, maxLength: 9 }), fc.constantFrom<(string | null)[]>([null, null, null], ['left', 'center', 'right'])).map(([cols, rows, cells, align]) => ({
        object: 'block', type: 'table', data: { align: align.slice(0, cols) },
        nodes: Array.from({ length: rows }, (_, r) => ({
          object: 'block', type: 'table-row', data: {},
          nodes: Array.from({ length: cols }, (_, c) => ({ object: 'block', type: 'table-cell', data: {}, nodes: (cells[(r * cols + c) % 9] as InlineContent[]).map((x) => (x.object === 'text' ? text(x.leaves.map((l) => leaf(l.text.replace(/\n/g, ' '), l.marks.map((m) => m.type)))) : x)) })),
        })),
      }) as Block),
    },
    {
      weight: 1,
      arbitrary: fc.tuple(fc.constantFrom('a.png', 'a b.png', 'https://x.io/i.png?a=1&b=2'), fc.option(fc.constantFrom('Alt', 'A "q" & <b>', '日本')), fc.option(leafText)).map(([url, alt, caption]) => ({
        object: 'block', type: 'images', data: {},
        nodes: [{ object: 'block', type: 'image', data: { ref: { kind: 'url', url }, ...(alt !== null && { alt }) }, isVoid: true, nodes: [],
        // A caption is plain text (a `<figcaption><p>` holding tags is no figure: an HTML block; marks there are not modelled).
        fragments: caption === null ? [] : [{ object: 'fragment', fragment: 'caption', type: 'caption', nodes: [para([text([leaf(caption)])])] }] }],
      }) as Block),
    },
    // (A formula line of `$$` alone cannot be written: it closes the block; TeX has no use for one.)
    { weight: 1, arbitrary: fc.constantFrom('x^2', '\\frac{a}{b}', 'a\nb', 'a $$ b', '| x |', '  x').map((formula) => ({ object: 'block', type: 'math', data: { formula }, isVoid: true, nodes: [] }) as Block) },
    { weight: 1, arbitrary: fc.constant({ object: 'block', type: 'divider', data: {}, isVoid: true, nodes: [] } as Block) },
  ),
  outer: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    { weight: 6, arbitrary: tie('block') },
    {
      weight: 1,
      arbitrary: fc.array(fc.tuple(fc.constantFrom('A', 'Q&A "x"', '日本語', '😀'), tie('outers')), { minLength: 1, maxLength: 2 }).map((tabs) => ({
        object: 'block', type: 'tabs', data: {}, nodes: tabs.map(([title, nodes]) => ({ object: 'block', type: 'tabs-item', data: { title }, nodes })),
      }) as unknown as Block),
    },
    {
      weight: 1,
      // The title is plain text, its white space collapsed (unfold writes `<summary>` so, gitbook-blocks.ts).
      arbitrary: fc.tuple(fc.boolean(), fc.constantFrom('Why', 'Q&A <x>', '日本語 ✅', 'שלום'), tie('outers')).map(([open, title, body]) => ({
        object: 'block', type: 'expandable', data: open ? { defaultExpanded: true } : {}, isVoid: true, nodes: [],
        fragments: [
          { object: 'fragment', fragment: 'expandable-title', type: 'expandable-title', nodes: [para([text([leaf(title)])])] },
          { object: 'fragment', fragment: 'expandable-body', type: 'expandable-body', nodes: body },
        ],
      }) as unknown as Block),
    },
    {
      weight: 1,
      arbitrary: fc.tuple(fc.constantFrom('https://x.io/v', 'https://www.youtube.com/watch?v=a&b=c'), fc.option(plainWords)).map(([url, caption]) => ({
        object: 'block', type: 'embed', data: { url }, isVoid: true, nodes: [],
        ...(caption !== null && { fragments: [{ object: 'fragment', fragment: 'caption', type: 'caption', nodes: [para([text([leaf(caption)])])] }] }),
      }) as unknown as Block),
    },
  ),
  blocks: fc.array(tie('block'), { minLength: 1, maxLength: 3 }),
})).outer;
const documentArb = fc.array(docBlock, { minLength: 1, maxLength: 4 }).map(createDocument);

const withoutKeys = (value: unknown): unknown => JSON.parse(JSON.stringify(value, (k, v: unknown) => (k === 'key' ? undefined : v)));

/** What a document says, however its text is split into leaves: block types and nesting, text with marks and links per character. */
function content(nodes: readonly unknown[]): unknown[] {
  const out: unknown[] = [];
  for (const n of nodes as { object: string; type?: string; data?: Record<string, unknown>; leaves?: Leaf[]; nodes?: unknown[]; fragments?: { fragment: string; nodes: unknown[] }[] }[]) {
    if (n.object === 'text') for (const l of n.leaves ?? []) for (const ch of l.text) out.push(`${ch}|${l.marks.map((m) => m.type).join('+')}`);
    else {
      const data = { ...n.data };
      out.push({ type: n.type, data, nodes: content(n.nodes ?? []), fragments: (n.fragments ?? []).map((f) => ({ [f.fragment]: content(f.nodes) })) });
    }
  }
  return out;
}

/** document -> markdown -> document: the same content; and what it reads back is written the same. */
function writesBack(doc: Document): void {
  let md: string;
  try {
    md = documentToMarkdown(unfoldGitBookBlocks(structuredClone(doc)));
  } catch (err) {
    expect(err).toBeInstanceOf(ContentLimitError);
    return;
  }
  const back = foldGitBookBlocks(markdownToDocument(md));
  expect({ md, doc: content(withoutKeys(back.nodes) as unknown[]) }).toEqual({ md, doc: content(withoutKeys(doc.nodes) as unknown[]) });
  expect(documentToMarkdown(unfoldGitBookBlocks(structuredClone(back)))).toBe(md);
}

describe('GitBook-shaped content round trips', () => {
  it('markdown -> document -> markdown -> document: hints, tabs, code, expandables, tables, figures, embeds, refs, math, nested lists, emoji, CJK, RTL', () => {
    fc.assert(fc.property(page, roundTrips), { numRuns: 1500 });
    }, PROPERTY_TIMEOUT);

  it('document -> markdown -> document: GitBook blocks and text holding any markdown syntax', () => {
    fc.assert(fc.property(documentArb, writesBack), { numRuns: 1500 });
    }, PROPERTY_TIMEOUT);
});


// ---------------------------------------------------------------------------
// The inputs these properties found (session 22), each a writer or reader bug fixed with it.

const t = (value: string, marks: MarkType[] = []): InlineContent => text([leaf(value, marks)]);
const p = (...nodes: InlineContent[]): Block => ({ object: 'block', type: 'paragraph', data: {}, nodes }) as Block;
const table = (align: (string | null)[], rows: InlineContent[][][]): Block =>
  ({ object: 'block', type: 'table', data: { align }, nodes: rows.map((cells) => ({ object: 'block', type: 'table-row', data: {}, nodes: cells.map((nodes) => ({ object: 'block', type: 'table-cell', data: {}, nodes })) })) }) as Block;
const list = (type: string, items: Block[][], checked?: boolean): Block =>
  ({ object: 'block', type, data: {}, nodes: items.map((nodes) => ({ object: 'block', type: 'list-item', data: checked === undefined ? {} : { checked }, nodes })) }) as Block;
const figureBlock = (url: string, caption: string): Block =>
  ({ object: 'block', type: 'images', data: {}, nodes: [{ object: 'block', type: 'image', data: { ref: { kind: 'url', url } }, isVoid: true, nodes: [], fragments: [{ object: 'fragment', fragment: 'caption', type: 'caption', nodes: [p(t(caption))] }] }] }) as Block;
const cellText = (md: string): string[] => JSON.stringify(markdownToDocument(md, { keys: false })).match(/"text":"[^"]*"/g) ?? [];

describe('GitBook-shaped inputs the properties found', () => {
  it('reads the blocks of an item starting with a figure at its tab stop, where they are written (a formula, an HTML block kept their lines 2 columns in)', () => {
    const formula = '* * <figure><img src="a.png" alt=""></figure>\n\n    $$\n    x^2\n    $$';
    roundTrips(formula);
    expect(markdownToDocument(documentToMarkdown(markdownToDocument(formula)), { keys: false })).toEqual(markdownToDocument(formula, { keys: false }));
    roundTrips('* <figure><img src="a.png" alt=""></figure>\n\n  {% hint style="info" %}\n  <figure><img src="a.png" alt=""></figure>\n  ![](a.png)\n  {% endhint %}');
    // GitBook's own shape reads as before.
    expect(cellText('*\n\n    <figure><img src="a.png" alt="A"><figcaption><p>C</p></figcaption></figure>\n\n    $$\n    x\n    $$\n')).toEqual(['"text":"C"']);
  });

  it('reads a tag line or a `$$` line as a block of its own, never the first line of a setext heading (`Text` and `---` after it)', () => {
    const types = (md: string) => markdownToDocument(md, { keys: false }).nodes.map((b) => b.type);
    expect(types('{% step %}\n---\n')).toEqual(['paragraph', 'divider']);
    expect(types('{% tab title="A" %}\nText\n---\n')).toEqual(['paragraph', 'heading-2']);
    expect(types('$$\nx\n$$\n---\n')).toEqual(['math', 'divider']);
    roundTrips('{% hint style="info" %}\n{% tabs %}\n{% tab title="A" %}\n[$$x^2$$  \n[alpha](https://x.io/a_b)](https://x.io/a_b) `code`\n---\n{% endtab %}\n{% endtabs %}\n{% endhint %}');
    roundTrips('* * {% stepper %}\n    {% step %}\n    <https://x.io/a>  \n    <mark style="color:red;">hot</mark>\n    ---\n    {% endstep %}\n    {% endstepper %}');
  });

  it('writes text a client split into several text nodes or leaves as the text read back is written', () => {
    writesBack(createDocument([table([null], [[[t(' '), t(' '), t(' ')]]])]));
    writesBack(createDocument([list('list-unordered', [[p(t('\n'), t(' '), t('a@b.devalpha'))]])]));
    writesBack(createDocument([p(t('a'), t('**'), { object: 'text', leaves: [leaf('b'), leaf(''), leaf('c', ['bold']), leaf('d', ['bold'])] })]));
  });

  it('encodes white space String#trim takes from a table cell’s edges (U+00A0, U+3000, …), which the cell lost', () => {
    writesBack(createDocument([table([null], [[[t('h')]], [[t('\u00a0')]], [[t('\u3000a\u2003')]]])]));
    expect(documentToMarkdown(createDocument([table([null], [[[t('\u00a0a')]]])]))).toBe('| &#xA0;a |\n| ------- |\n');
    // And a backslash before it (an escape of the reference's `&` when written alone).
    writesBack(createDocument([table([null], [[[t('h')]], [[t('\\\u00a0')]]])]));
  });

  it('keeps the trailing spaces of a padded table cell in a list item or a quote, as at the top', () => {
    for (const md of ['| alpha  |\n| ------ |\n', '* | alpha  |\n  | ------ |\n', '> | alpha  |\n> | ------ |\n', '*   x\n\n    | alpha  |\n    | ------ |\n']) {
      expect(cellText(md)).toContain('"text":"alpha "');
      roundTrips(md);
    }
    writesBack(createDocument([list('list-unordered', [[table([null], [[[t('alpha ')]]]), p(t('alpha'))]])]));
  });

  it('keeps a task item whose text starts with white space other than a space a task item', () => {
    writesBack(createDocument([list('list-tasks', [[p(t('\u00a0alpha'))], [p(t('\u3000b'))]], true)]));
  });

  it('writes trailing spaces of a cell in a right or centred column as references (the reader finds no width there)', () => {
    writesBack(createDocument([table(['left', 'center', 'right'], [[[t(' ')], [t('alpha')], [t('alpha')]], [[t('alpha')], [t('b ')], [t('alpha', ['code']), t(' ')]]])]));
  });

  it('writes a blank line between a paragraph and a list whose first item starts with a figure (its bare marker cannot interrupt a paragraph)', () => {
    for (const type of ['list-unordered', 'list-tasks']) {
      writesBack(createDocument([list(type, [[p(t('alpha')), list('list-unordered', [[figureBlock('a.png', 'cap'), p(t('more'))]])]], type === 'list-tasks' ? true : undefined)]));
    }
  });
});

// ---------------------------------------------------------------------------
// Session 23: the open cases of session 22, and what the properties found since.

const quoteBlock = (...nodes: Block[]): Block => ({ object: 'block', type: 'blockquote', data: {}, nodes }) as Block;
const hintBlock = (...nodes: Block[]): Block => ({ object: 'block', type: 'hint', data: { style: 'info' }, nodes }) as Block;
const texts = (md: string): string[] => [...JSON.stringify(markdownToDocument(md, { keys: false })).matchAll(/"text":("[^"]*")/g)].map((m) => JSON.parse(m[1] as string) as string);

describe('GitBook-shaped inputs the properties found (session 23)', () => {
  it('writes a hard break ending the last paragraph of a page, a hint, a quote or a list item so that it reads back as the break', () => {
    const a = p(t('a\n'));
    const cases: [Block[], string][] = [
      [[a], 'a\\\n\n'],
      [[p(t('x')), p(t('C:', ['bold']), t('\n'))], 'x\n\n**C:**\\\n\n'],
      [[hintBlock(a)], '{% hint style="info" %}\na\\\n\n\n{% endhint %}\n'],
      [[quoteBlock(a)], '> a\\\n>\n>\n'],
      [[quoteBlock(a, p(t('b')))], '> a\\\n>\n>\n> b\n'],
      [[quoteBlock(hintBlock(a)), p(t('c'))], '> {% hint style="info" %}\n> a\\\n>\n>\n> {% endhint %}\n\nc\n'],
      [[list('list-unordered', [[a]])], '* a\\\n\n'],
      [[list('list-unordered', [[a], [p(t('b'))]])], '* a\\\n\n\n* b\n'],
      [[list('list-ordered', [[p(t('a')), list('list-unordered', [[p(t('b\n'))]])], [p(t('c'))]])], '1. a\n   * b\\\n\n\n2. c\n'],
      [[list('list-unordered', [[a, list('list-unordered', [[p(t('b'))]])]])], '*   a\\\n\n\n    * b\n'],
      [[quoteBlock(list('list-unordered', [[a], [a]]))], '> * a\\\n>\n>\n> * a\\\n>\n>\n'],
    ];
    for (const [nodes, md] of cases) {
      expect(documentToMarkdown(createDocument(nodes))).toBe(md);
      writesBack(createDocument(nodes));
    }
    // Hand-written text ending in `C:\` keeps its backslash (no blank line after it, or one before the next item,
    // the end of a quote or of a hint), and GitBook's page ending right after its `\` line reads so too.
    for (const md of ['C:\\', 'C:\\\n', '> C:\\\n', '> C:\\\n>\n', '* C:\\\n\n* b\n', '{% hint style="info" %}\nC:\\\n\n{% endhint %}\n', 'C:\\\n\nb\n']) {
      expect(texts(md)[0]).toBe('C:\\');
      roundTrips(md);
    }
  });

  it('escapes a `<` ending a text before a code span that continues it into an e-mail autolink (`<`a@b.dev>``)', () => {
    // Seed 291739500 of session 22: `<` then the code `a@b.dev>` was written `<`a@b.dev>``, a `mailto:` link when read.
    writesBack(createDocument([p(t('x <'), t('a@b.dev>', ['code']))]));
    expect(documentToMarkdown(createDocument([p(t('<'), t('a@b.dev>', ['code']))]))).toBe('\\<`a@b.dev>`\n');
    // No address after it: as before.
    expect(documentToMarkdown(createDocument([p(t('<'), t('b', ['bold']))]))).toBe('<**b**\n');
    expect(documentToMarkdown(createDocument([p(t('<'), t('a', ['code']))]))).toBe('<`a`\n');
  });

  it('writes a link first in a paragraph whose code text holds `]:` so that it is no reference definition (`]( url)`)', () => {
    // Seeds 593134163 (session 22), 810964484 and 1039761502: `[`]:`alpha](https://x.io/a_b)` read as a definition.
    const link = (nodes: InlineContent[]): InlineContent => ({ object: 'inline', type: 'link', data: { ref: { kind: 'url', url: 'https://x.io/a_b' } }, nodes });
    const doc = createDocument([p(link([text([leaf(']:', ['code']), leaf('alpha')])]))]);
    expect(documentToMarkdown(doc)).toBe('[`]:`alpha]( https://x.io/a_b)\n');
    writesBack(doc);
    writesBack(createDocument([list('list-unordered', [[p(link([t('a]:', ['code'])]))]])]));
    // A link that is no definition's start is written as before.
    expect(documentToMarkdown(createDocument([p(link([t('a', ['code'])]), t(']: b'))]))).toBe('[`a`](https://x.io/a_b)]: b\n');
  });

  it('writes an e-mail address bare only where the core linkify reads it: not before a `</a>` it counts as a link close', () => {
    // Seed 53418592: `<a@b.dev>` before an escaped `\<a …>` and a raw `</a>`, written bare, read back as text.
    roundTrips('| <a@b.dev> **\\<a href="https://x.io">x</a>** |\n| - |\n');
    roundTrips('<a@b.dev> \\<a href="x">y</a>\n');
    expect(documentToMarkdown(markdownToDocument('<a@b.dev> \\<a href="x">y</a>\n'))).toBe('<a@b.dev> \\<a href="x">y</a>\n');
  });

  it('checks a bare `www.` or e-mail literal with the text token linkify reads, up to the next delimiter (`_www.x.io-@b_`)', () => {
    // Seed 310829413 of pipeline.test.ts (autolink literals): `www.x.io-` then `\@www.a.com` in an italic was written
    // `_www.x.io-@www.a.com_`, one e-mail address when read (the check had read past the closing `_`).
    roundTrips('_www.x.io-\\@www.a.com_');
    expect(documentToMarkdown(markdownToDocument('_www.x.io-\\@b_'))).toBe('_www.x.io-@b_\n');
  });

  it('writes an e-mail literal in a run of marks as `<…>` where a `_` inside it next to punctuation could pair with the run', () => {
    // Seed 834713902 of pipeline.test.ts (autolink literals): `*www.x.io-__a@b.dev*` was written `_www.x.io-__a@b.dev_`:
    // the `__` after `-` opened, the run's closing `_` closed it, and the address lost its start.
    roundTrips('*www.x.io-__a@b.dev*');
    expect(documentToMarkdown(markdownToDocument('*www.x.io-__a@b.dev*'))).toBe('_<www.x.io-__a@b.dev>_\n');
    // Intraword `_` (no punctuation next to it) flanks nothing: still bare.
    expect(documentToMarkdown(markdownToDocument('*a_b@x.io*'))).toBe('_a_b@x.io_\n');
  });
});

import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Block, CodeBlock, Document, ImageBlock, InlineContent, LinkInline, ListBlock, TableBlock } from './document.js';
import { formatOpenTag, parseFigure, parseTagLine } from './gitbook-syntax.js';
import { documentToMarkdown, markdownToDocument, normalizeMarkdown, splitFrontmatter, type RefResolver } from './markdown.js';
import { tokenize, type Token } from './parser.js';

const FIXTURES = new URL('./fixtures/', import.meta.url);
const fixtureNames = readdirSync(FIXTURES)
  .filter((name) => name.endsWith('.md') && !name.endsWith('.normalized.md'))
  .sort();
const read = (name: string): string => readFileSync(new URL(name, FIXTURES), 'utf8');

/**
 * A meaning-level fingerprint of markdown computed straight from the parser's
 * tokens, independent of the document converter: block structure with the
 * attributes that matter, and inline content flattened to (text, marks, link)
 * runs. Only the documented normalisations are folded away (soft breaks, list
 * tightness, marker styles, setext/indented forms, figures, bare domains).
 */
function meaning(markdown: string): unknown[] {
  const runs: unknown[] = [];
  const inline = (children: readonly Token[]): void => {
    const marks: string[] = [];
    let link = '';
    let linkText = '';
    const push = (value: string, extra: string[] = []): void => {
      const key = [...new Set([...marks, ...extra])].sort().join('+');
      const last = runs.at(-1) as [string, string, string] | undefined;
      if (Array.isArray(last) && last.length === 3 && last[1] === key && last[2] === link) last[0] += value;
      else runs.push([value, key, link]);
    };
    for (const token of children) {
      switch (token.type) {
        case 'text':
          if (token.content === '') break;
          // Task markers are written in lower case.
          push(runs.at(-1)?.toString() === 'list_item_open,,' || (runs.at(-1) as unknown[] | undefined)?.[0] === 'list_item_open' ? token.content.replace(/^\[X\]/, '[x]') : token.content);
          if (link) linkText += token.content;
          break;
        case 'softbreak':
          push(' ');
          break;
        case 'hardbreak': {
          // A hard break carries no marks: the document's break has none, so `**a\<newline>b**` and `**a**\<newline>**b**` are one document.
          const open = marks.splice(0);
          push('\n');
          marks.push(...open);
          break;
        }
        case 'code_inline':
          push(token.content, ['code']);
          break;
        case 'strong_open':
        case 'em_open':
        case 's_open':
          marks.push(token.type);
          break;
        case 'strong_close':
        case 'em_close':
        case 's_close':
          marks.splice(marks.lastIndexOf(token.type.replace('_close', '_open')), 1);
          break;
        case 'link_open': {
          // Bare domains found by linkify stay text (GFM links only literals with a scheme, www. or an @).
          const label = children[children.indexOf(token) + 1]?.content ?? '';
          const bare = token.markup === 'linkify' && !/^(?:[a-z][a-z0-9+.-]*:|www\.)/i.test(label) && !label.includes('@');
          link = bare ? '' : `${token.attrGet('href')} "${token.attrGet('title') ?? ''}"`;
          break;
        }
        case 'link_close':
          link = '';
          linkText = '';
          break;
        case 'image':
          runs.push(['image', token.children?.map((c) => c.content).join('') ?? '', `${token.attrGet('src')} "${token.attrGet('title') ?? ''}"`]);
          break;
        case 'html_inline':
          runs.push(['html', token.content]);
          break;
        case 'footnote_ref':
          runs.push(['footnote', token.meta?.label]);
          break;
      }
    }
    void linkText;
  };
  for (const token of tokenize(splitFrontmatter(markdown).body)) {
    switch (token.type) {
      case 'inline':
        inline(token.children ?? []);
        break;
      case 'paragraph_open':
        break;
      case 'paragraph_close':
        runs.push(['p']);
        break;
      case 'html_block': {
        const figure = parseFigure(token.content.replace(/\n$/, ''));
        if (figure) runs.push(['image', figure.alt, `${figure.src} "${figure.caption ?? ''}"`], ['p']);
        else runs.push(['html', token.content.replace(/\n$/, '')]);
        break;
      }
      case 'fence':
      case 'code_block':
        runs.push(['code', token.info.trim(), token.content.replace(/\n$/, '')]);
        break;
      case 'ordered_list_open':
        runs.push(['list', token.attrGet('start') ?? 1]);
        break;
      case 'bullet_list_open':
        runs.push(['list', 'bullet']);
        break;
      case 'heading_open':
        runs.push(['heading', token.tag]);
        break;
      case 'th_open':
      case 'td_open':
        runs.push(['cell', token.attrGet('style')]);
        break;
      case 'gitbook_tag':
        // A tag line is a paragraph of its text (unfolded hint/code tags are written back as escaped text).
        runs.push([token.content, '', ''], ['p']);
        break;
      default:
        runs.push([token.type.replace(/_close$/, '_end').replace(/^(?:thead|tbody)_.*/, 'section')]);
    }
  }
  // Tag lines in their canonical spelling.
  return runs.map((run) => {
    if (!Array.isArray(run) || run.length !== 3 || run[1] !== '' || run[2] !== '') return run;
    const tag = parseTagLine(String(run[0]));
    if (!tag) return run;
    return [tag.kind === 'open' ? formatOpenTag(tag.name, tag.attributes) : `{% end${tag.name} %}`, '', ''];
  });
}

function blocks(md: string): Block[] {
  return markdownToDocument(md).nodes;
}

function only<T>(items: readonly T[]): T {
  expect(items).toHaveLength(1);
  return items[0] as T;
}

describe('markdown round trip on real-world fixtures', () => {
  it('has a decent corpus', () => {
    expect(fixtureNames.length).toBeGreaterThanOrEqual(15);
  });

  describe.each(fixtureNames)('%s', (name) => {
    const source = read(name);
    const normalized = normalizeMarkdown(source);

    it('normalises to the reviewed golden file', () => {
      const golden = name.replace(/\.md$/, '.normalized.md');
      if (process.env.UPDATE_FIXTURES === '1' || !existsSync(new URL(golden, FIXTURES))) {
        writeFileSync(new URL(golden, FIXTURES), normalized);
      }
      expect(normalized).toBe(read(golden));
    });

    it('document -> markdown -> document is the identity', () => {
      const doc = markdownToDocument(source);
      expect(markdownToDocument(documentToMarkdown(doc))).toEqual(doc);
    });

    it('normalisation is idempotent', () => {
      expect(normalizeMarkdown(normalized)).toBe(normalized);
    });

    it('normalisation keeps the meaning', () => {
      expect(meaning(normalized)).toEqual(meaning(source));
    });
  });
});

describe('markdown round trip on generated documents', () => {
  const SNIPPETS = [
    '# Title',
    '### Deep *heading*',
    'Plain text with **bold**, _italic_, ~~strike~~ and `code`.',
    'snake_case and a*b and [link](../a.md#x "T") and ![img](i.png)',
    '- item\n- item two\n  - nested\n    1. deep',
    '1. one\n2. two',
    '3) three',
    '- [ ] task\n- [x] done',
    '> quote\n> > nested',
    '```js\nconst a = `x`;\n```',
    '    indented code',
    '| a | b |\n|:-|-:|\n| 1 | **2** |',
    '{% hint style="warning" %}\nCareful *now*\n{% endhint %}',
    '{% code title="x.sh" %}\n```sh\nls\n```\n{% endcode %}',
    '<div>html</div>',
    'inline <b>html</b> text',
    '---',
    '![a](a.png) ![b](b.png "B")',
    'line\\\nbreak',
    'text[^1]\n\n[^1]: note',
    '* star\n+ plus',
    '<https://auto.link> and www.example.com',
    '',
  ];
  it('document -> markdown -> document is the identity for any mix of constructs', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.constantFrom(...SNIPPETS), fc.constantFrom('\n', '\n\n', '\n\n\n')), { maxLength: 8 }), (parts) => {
        const md = parts.map(([snippet, separator]) => snippet + separator).join('');
        const doc = markdownToDocument(md);
        const normalized = documentToMarkdown(doc);
        expect(markdownToDocument(normalized)).toEqual(doc);
        expect(documentToMarkdown(markdownToDocument(normalized))).toBe(normalized);
      }),
      { numRuns: 200 },
    );
  });
});

describe('markdownToDocument', () => {
  it('produces the GitBook document envelope with keyed blocks', () => {
    const doc = markdownToDocument('# Title\n\nHello');
    expect(doc.object).toBe('document');
    expect(doc.data).toEqual({ schemaVersion: 1 });
    expect(doc.nodes.map((b) => b.type)).toEqual(['heading-1', 'paragraph']);
    expect(doc.nodes[1]).toEqual({
      object: 'block',
      type: 'paragraph',
      key: expect.stringMatching(/^[0-9A-Za-z]{8}$/),
      data: {},
      nodes: [{ object: 'text', leaves: [{ object: 'leaf', text: 'Hello', marks: [] }] }],
    });
  });

  it('derives keys deterministically, uniquely and locally', () => {
    const keys = (doc: Document): string[] => doc.nodes.map((b) => b.key ?? '');
    const a = markdownToDocument('One\n\nTwo\n\nOne\n\n---\n\n---');
    expect(markdownToDocument('One\n\nTwo\n\nOne\n\n---\n\n---')).toEqual(a);
    expect(new Set(keys(a)).size).toBe(5);
    // Editing one block keeps the other keys.
    const b = markdownToDocument('One\n\nTwo, edited\n\nOne\n\n---\n\n---');
    expect(keys(b).filter((key) => keys(a).includes(key))).toHaveLength(4);
  });

  it('flattens nested formatting into marked leaves', () => {
    const [paragraph] = blocks('a **b _c_** ~~d~~ `e`');
    expect(paragraph?.nodes).toEqual([
      {
        object: 'text',
        leaves: [
          { object: 'leaf', text: 'a ', marks: [] },
          { object: 'leaf', text: 'b ', marks: [{ object: 'mark', type: 'bold' }] },
          { object: 'leaf', text: 'c', marks: [{ object: 'mark', type: 'bold' }, { object: 'mark', type: 'italic' }] },
          { object: 'leaf', text: ' ', marks: [] },
          { object: 'leaf', text: 'd', marks: [{ object: 'mark', type: 'strikethrough' }] },
          { object: 'leaf', text: ' ', marks: [] },
          { object: 'leaf', text: 'e', marks: [{ object: 'mark', type: 'code' }] },
        ],
      },
    ]);
  });

  it('keeps hard breaks as newlines and turns soft breaks into spaces', () => {
    const [paragraph] = blocks('one\ntwo  \nthree\\\nfour');
    expect(paragraph?.nodes).toEqual([{ object: 'text', leaves: [{ object: 'leaf', text: 'one two\nthree\nfour', marks: [] }] }]);
  });

  it('supports heading levels 1 to 6', () => {
    expect(blocks('# a\n## b\n### c\n#### d\n##### e\n###### f').map((b) => b.type)).toEqual([
      'heading-1',
      'heading-2',
      'heading-3',
      'heading-4',
      'heading-5',
      'heading-6',
    ]);
  });

  it('maps lists: ordered with start, unordered, tasks, nested', () => {
    const [ordered, bullets, tasks] = blocks('3. a\n4. b\n\n- x\n  1. y\n\n* [ ] t\n* [x] u') as ListBlock[];
    expect(ordered?.type).toBe('list-ordered');
    expect(ordered?.data).toEqual({ start: 3 });
    expect(bullets?.type).toBe('list-unordered');
    expect(bullets?.nodes[0]?.nodes.map((b) => b.type)).toEqual(['paragraph', 'list-ordered']);
    expect(tasks?.type).toBe('list-tasks');
    expect(tasks?.nodes.map((item) => item.data)).toEqual([{ checked: false }, { checked: true }]);
    expect(blocks('1. a')[0]?.data).toEqual({});
  });

  it('keeps checkboxes of partially checked lists on the items', () => {
    const [list] = blocks('- [ ] a\n- b') as ListBlock[];
    expect(list?.type).toBe('list-unordered');
    expect(list?.nodes.map((item) => item.data)).toEqual([{ checked: false }, {}]);
  });

  it('maps fenced code to code lines with syntax', () => {
    const code = only(blocks('```ts\nconst a = 1;\n\nexport { a };\n```')) as CodeBlock;
    expect(code.type).toBe('code');
    expect(code.data).toEqual({ syntax: 'ts' });
    expect(code.nodes.map((line) => line.type)).toEqual(['code-line', 'code-line', 'code-line']);
    expect(code.nodes.map((line) => line.nodes[0].leaves[0]?.text)).toEqual(['const a = 1;', '', 'export { a };']);
  });

  it('protects autolink-like text after raw <a …> HTML never closed (markdown-it linkifies it; inside <a>…</a> it does not)', () => {
    for (const md of ['<a href="x">www.x.io-~', '<a href="x">a www.x.io-~', '<a href="x">a@b.dev-~ and http://x.io-~', '<a href="x">www.x.io-~</a> www.y.io-~']) {
      const written = normalizeMarkdown(md);
      expect(markdownToDocument(written).nodes).toEqual(markdownToDocument(md).nodes);
      expect(normalizeMarkdown(written)).toBe(written);
    }
    // Inside a closed anchor nothing is escaped, as GitBook writes it.
    expect(normalizeMarkdown('<a href="x">www.x.io</a>')).toBe('<a href="x">www.x.io</a>\n');
  });

  it('reads no URL where no domain follows `scheme://` (GFM): `https://` then a code span stays text and code', () => {
    // linkify-it takes a backtick for a letter: the link `https://`` swallowed the code span's opening backtick.
    const md = '> https://`{tenant}`.api.example.dev/v1/token\n';
    const quote = markdownToDocument(md, { keys: false }).nodes[0] as Block & { nodes: Block[] };
    const inlines = (quote.nodes[0] as Block & { nodes: InlineContent[] }).nodes;
    expect(inlines.some((n) => n.object === 'inline' && n.type === 'link')).toBe(false);
    expect(JSON.stringify(inlines)).toContain('"type":"code"');
    expect(normalizeMarkdown(md)).toBe(md);
    // A domain still makes a link, backticks in its path included.
    expect(JSON.stringify(markdownToDocument('See https://api.example.dev/a now.', { keys: false }))).toContain('"url":"https://api.example.dev/a"');
  });

  it('writes a figure caption as GitBook does: its white space kept, `"` and `>` as they are (text, not an attribute)', () => {
    for (const md of [
      '<figure><img src="shot.png" alt=""><figcaption><p>The dashboard after a save </p></figcaption></figure>\n',
      '<figure><img src="menu.png" alt="The &quot;File&quot; menu"><figcaption><p>Choose File > Export, then "Save"</p></figcaption></figure>\n',
      '<figure><img src="a.png" alt=""><figcaption><p>Compare a &lt;b and b > a</p></figcaption></figure>\n',
    ]) {
      expect(normalizeMarkdown(md)).toBe(md);
    }
    const image = markdownToDocument('<figure><img src="shot.png" alt=""><figcaption><p>The dashboard after a save </p></figcaption></figure>\n', { keys: false }).nodes[0] as Block & { nodes: ImageBlock[] };
    expect(JSON.stringify(image)).toContain('"text":"The dashboard after a save "');
  });

  it('reads the text after a stray </a> and a new <a …> as markdown-it does (its link level goes below zero)', () => {
    // `</a>` with no anchor open takes markdown-it's link level to -1, so the next `<a …>` leaves it at 0: the inline
    // linkify rule reads a URL there, and the writer must not take the text for the inside of an anchor.
    for (const md of ['Intro </a> then <a href="x">http://x.io_ b</a>', '</a><a href="x">http://x.io_ b</a> www.y.io_', 'x </a></a> <a href="x"><a href="y">http://x.io_ c</a></a>']) {
      const written = normalizeMarkdown(md);
      expect(markdownToDocument(written).nodes).toEqual(markdownToDocument(md).nodes);
      expect(normalizeMarkdown(written)).toBe(written);
    }
  });

  it('writes an info string that starts with the fence character apart from the fence', () => {
    // A backtick in the info string makes the fence tildes; an info string starting with tildes would lengthen it.
    for (const md of ['~~~ ~~http://x.io`\nx\n~~~', '~~~ ~a`b\nx ~~~~ y\n~~~']) {
      const code = only(blocks(md)) as CodeBlock;
      const written = normalizeMarkdown(md);
      expect(only(blocks(written))).toEqual(code);
      expect(normalizeMarkdown(written)).toBe(written);
    }
    expect(normalizeMarkdown('~~~ ~~http://x.io`\nx\n~~~')).toBe('~~~ ~~http://x.io`\nx\n~~~\n');
  });

  it('reads GitBook code tags into code data', () => {
    const code = only(blocks('{% code title="a.js" overflow="wrap" lineNumbers="true" %}\n```js\nx\n```\n{% endcode %}')) as CodeBlock;
    expect(code.data).toEqual({ syntax: 'js', title: 'a.js', overflow: 'wrap', lineNumbers: true });
  });

  it('maps GitBook hints, including nested content', () => {
    for (const style of ['info', 'warning', 'danger', 'success']) {
      const hint = only(blocks(`{% hint style="${style}" %}\nSome **text**\n\n- item\n{% endhint %}`));
      expect(hint.type).toBe('hint');
      expect(hint.data).toEqual({ style });
      expect(hint.nodes.map((b) => (b as Block).type)).toEqual(['paragraph', 'list-unordered']);
    }
  });

  it('leaves unbalanced hint tags as text, escaped so that they stay text', () => {
    expect(blocks('{% hint style="info" %}\nNever closed').map((b) => b.type)).toEqual(['paragraph', 'paragraph']);
    expect(normalizeMarkdown('{% endhint %}')).toBe('\\{% endhint %}\n');
    expect(blocks(normalizeMarkdown('{% hint style="info" %}\n\\{% endhint %}'))).toEqual(blocks('{% hint style="info" %}\n\\{% endhint %}'));
  });

  it('keeps tags of other GitBook blocks verbatim, blank lines as GitBook writes them', () => {
    // None after an opening tag whose closing tag follows, none before a closing tag; one between `{% endtab %}` and
    // the next `{% tab %}`, and around tags that stand alone (`{% embed %}`, `{% include %}`).
    const md = '{% tabs %}\n{% tab title="Node_js" %}\nInstall *it*\n{% endtab %}\n{% endtabs %}\n{% embed url="https://example.com/a_b" %}\n';
    expect(normalizeMarkdown(md)).toBe('{% tabs %}\n{% tab title="Node_js" %}\nInstall _it_\n{% endtab %}\n{% endtabs %}\n\n{% embed url="https://example.com/a_b" %}\n');
    expect(blocks(md).map((b) => b.type)).toEqual(['paragraph', 'paragraph', 'paragraph', 'paragraph', 'paragraph', 'paragraph']);
    const gitbook = [
      'Intro.', '', '{% tabs %}', '{% tab title="npm" %}', '```bash', 'npm i', '```', '{% endtab %}', '', '{% tab title="pip" %}', 'pip install', '{% endtab %}', '{% endtabs %}', '',
      '{% stepper %}', '{% step %}', '### Draft', '', 'Write it.', '{% endstep %}', '', '{% step %}', '### Review', '{% endstep %}', '{% endstepper %}', '',
      '{% include "../.gitbook/includes/a.md" %}', '', '{% if visitor.claims.plan === "pro" %}', 'Pro.', '{% elif visitor.claims.plan === "team" %}', 'Team.', '{% else %}', 'Free.', '{% endif %}', '',
      '{% columns %}', '{% column width="50%" %}', '* One', '{% endcolumn %}', '', '{% column %}', '> Two', '{% endcolumn %}', '{% endcolumns %}', '',
      '{% content-ref url="a.md" %}', '[a.md](a.md)', '{% endcontent-ref %}', '', '{% swagger src="x.yaml" path="/a" method="get" %}', '[x.yaml](x.yaml)', '{% endswagger %}', '',
      '<details>', '', '<summary>More</summary>', '', 'Hidden.', '', '</details>', '',
      '<table data-view="cards"><thead><tr><th></th><th data-hidden data-card-target data-type="content-ref"></th></tr></thead><tbody><tr><td><strong>Card</strong></td><td><a href="a.md">a.md</a></td></tr></tbody></table>', '',
      '<table><thead><tr><th>Tip</th></tr></thead><tbody><tr><td><div data-gb-custom-block data-tag="hint" data-style="info" class="hint hint-info"><p>Note</p></div></td></tr></tbody></table>', '',
      '| Field | Type   |', '| ----- | ------ |', '| name  | string |', '',
    ].join('\n');
    expect(normalizeMarkdown(gitbook)).toBe(gitbook);
  });

  it('reads and writes GitBook figures (images with a caption) and block math', () => {
    const md = '<figure><img src="a &#x26; b.png" alt="A &quot;b&quot;"><figcaption><p>Sea &amp; &lt;sky></p></figcaption></figure>\n\n$$\nE = mc^2\n\\frac{a}{b}\n$$\n';
    const [figure, math] = blocks(md);
    expect(figure).toMatchObject({ type: 'images', nodes: [{ data: { ref: { kind: 'url', url: 'a &#x26; b.png' }, alt: 'A "b"' } }] });
    expect(math).toEqual({ object: 'block', type: 'math', data: { formula: 'E = mc^2\n\\frac{a}{b}' }, isVoid: true, nodes: [], key: expect.any(String) });
    const once = normalizeMarkdown(md);
    expect(once).toBe('<figure><img src="a &#x26; b.png" alt="A &quot;b&quot;"><figcaption><p>Sea & &lt;sky></p></figcaption></figure>\n\n$$\nE = mc^2\n\\frac{a}{b}\n$$\n');
    expect(normalizeMarkdown(once)).toBe(once);
    // A `$$` without its closing line stays text; math inside a list item keeps its indentation.
    expect(blocks('$$\nnot math').map((b) => b.type)).toEqual(['paragraph']);
    expect(normalizeMarkdown('* a\n\n  $$\n  x\n  $$\n')).toBe('*   a\n\n    $$\n    x\n    $$\n');
  });

  // Constructs as GitBook's Git Sync writes them today (checked against GitBook-synced repositories; the text here is
  // the project's own): each is kept byte for byte, and the equivalent forms other tools write become them.
  it('writes marks, links, images, references, headings and loose items as GitBook does', () => {
    const gitbook = [
      'Marks nest as ~~_**struck bold italics**_~~, _**bold italics**_ and ~~**struck bold**~~.',
      '',
      'Marks on a link go inside it: [**a bold link**](https://example.com), [~~_both_~~](guide.md) and **run** [**split**](https://example.com) **around**.',
      '',
      'Addresses stay links: [https://example.com/a](https://example.com/a) and [team@example.com](mailto:team@example.com).',
      '',
      'Ampersands: R\\&D and 2 & 3, [query](https://example.com/?a=1\\&b=2), but \\&amp; stays text.',
      '',
      '### 1. Install',
      '',
      '<figure><img src=".gitbook/assets/screen shot.png" alt=""><figcaption></figcaption></figure>',
      '',
      '1.  Open the settings.',
      '',
      '    Then pick a plan.',
      '2. Save.',
      '',
    ].join('\n');
    expect(normalizeMarkdown(gitbook)).toBe(gitbook);
    expect(normalizeMarkdown('**_x_** **[a](u)** <https://example.com> <team@example.com> ![](a.png)\n')).toBe(
      // `<url>` is a URL as its own text, written bare (as a GFM literal); an e-mail address too.
      '_**x**_ [**a**](u) https://example.com team@example.com ![](a.png)\n',
    );
    // An image with a caption (a fragment, even empty) is GitBook's figure; one without stays `![alt](src)`, as GitBook writes it.
    expect(normalizeMarkdown('![](a.png)\n')).toBe('![](a.png)\n');
    expect(normalizeMarkdown('<figure><img src="a.png" alt=""><figcaption></figcaption></figure>\n')).toBe('<figure><img src="a.png" alt=""><figcaption></figcaption></figure>\n');
    expect(normalizeMarkdown('* a\n\n  b\n')).toBe('*   a\n\n    b\n');
    expect(normalizeMarkdown('a \\&amp;b &#x26; \\&c\n')).toBe('a \\&amp;b & \\&c\n');
    // Hints with an icon, expandable code, code spans holding backticks, emoji shortcodes: as GitBook writes them.
    const tagged = [
      '{% hint style="success" icon="rocket" %}',
      'Shipped :heavy\\_plus\\_sign: with `` ` ```js ` `` fences; snake\\_case too.',
      '{% endhint %}',
      '',
      '{% code title="a.js" lineNumbers="true" expandable="true" %}',
      '```js',
      'x();',
      '```',
      '{% endcode %}',
      '',
    ].join('\n');
    expect(normalizeMarkdown(tagged)).toBe(tagged);
    expect(blocks(tagged).map((b) => [b.type, b.data])).toEqual([['hint', { style: 'success', icon: 'rocket' }], ['code', { syntax: 'js', title: 'a.js', lineNumbers: true, expandable: true }]]);
    // An image written as a figure is raw HTML, which ends at a tag line (as GitBook reads and writes it).
    const figure = '{% update date="2026-01-01" %}\nShipped.\n\n<figure><img src="x.png" alt="a"><figcaption></figcaption></figure>\n{% endupdate %}\n';
    const once = normalizeMarkdown(figure);
    expect(once).toBe(figure);
    expect(blocks(once).map((b) => b.type)).toEqual(['paragraph', 'paragraph', 'images', 'paragraph']);
    // An image without a caption is written as it was read (`![a](x.png)`, a paragraph), the tag line after it too.
    const plain = '{% update date="2026-01-01" %}\nShipped.\n\n![a](x.png)\n{% endupdate %}\n';
    expect(normalizeMarkdown(plain)).toBe(plain);
    expect(blocks(plain).map((b) => b.type)).toEqual(['paragraph', 'paragraph', 'images', 'paragraph']);
    // The same as the last block of a hint (its closing line is written by the hint): before, the second pass lost the
    // hint (`\{% hint`) and the image's file reference (swallowed into raw HTML).
    for (const image of ['![](img/log.png)', '<figure><img src="img/log.png" alt=""><figcaption></figcaption></figure>']) {
      const inHint = `{% hint style="info" %}\nThe log shows it:\n\n${image}\n{% endhint %}\n`;
      const hinted = normalizeMarkdown(inHint);
      expect(hinted).toBe(inHint);
      expect(normalizeMarkdown(hinted)).toBe(hinted);
      expect(blocks(hinted).map((b) => b.type)).toEqual(['hint']);
    }
    // `<pre>` ends on its `</pre>` line: GitBook writes the closing tag right after it, and so does Bindery.
    const pre = '{% tabs %}\n{% tab title="Response" %}\n<pre><code>{\n  "ok": true\n}\n</code></pre>\n{% endtab %}\n{% endtabs %}\n';
    expect(normalizeMarkdown(pre)).toBe(pre);
  });

  // Found with the Git Sync round trip of GitBook-synced repositories (2026-11-27, fifth round; the text is the
  // project's own): what GitBook writes there is kept as it is, and the other spellings become it.
  it('writes marks per run of text, every `_` escaped, `\\&` in destinations and code blocks full width, as GitBook does', () => {
    const gitbook = [
      'One run at a time: **bold&#x20;**_**bold italic**_ and **before** [**a link**](https://example.com)**-after**.',
      '',
      'Escaped everywhere in text: CONFD\\_EXT\\_LOGIN, `in_code` stays, [a\\_label](https://example.com/a_b?x=1\\&y=2).',
      '',
      '{% code title="Example" overflow="wrap" fullWidth="false" %}',
      '```',
      'ncs_cli',
      '```',
      '{% endcode %}',
      '',
      // The link line GitBook writes under an OpenAPI block keeps the `&` of its (presigned) URL bare.
      '{% openapi-operation spec="pets" path="/pets" method="get" %}',
      '[OpenAPI pets](https://storage.example.com/pets.json?X-Sig=1&X-Exp=2)',
      '{% endopenapi-operation %}',
      '',
      '{% code lineNumbers="true" fullWidth="true" %}',
      '```',
      'x',
      '```',
      '{% endcode %}',
      '',
    ].join('\n');
    expect(normalizeMarkdown(gitbook)).toBe(gitbook);
    const [, , code, , , , wide] = blocks(gitbook);
    expect(code?.data).toEqual({ title: 'Example', overflow: 'wrap', fullWidth: false });
    expect(wide?.data).toEqual({ lineNumbers: true, fullWidth: true });
    // E-mail addresses typed in text stay bare (GitBook writes them as typed); where the bare form would not read back
    // as the same link, `<a@b.dev>` (before, always `[a@b.dev](mailto:a@b.dev)`).
    const literals = 'Write to team@example.com today, <it@example.com>.\n\nAs links: [ops@example.com](mailto:ops@example.com), **hi@example.com**\n';
    // A bold one stays bare inside its bold run, as GitBook writes it (before, `[**hi@example.com**](mailto:…)`).
    expect(normalizeMarkdown(literals)).toBe('Write to team@example.com today, it@example.com.\n\nAs links: [ops@example.com](mailto:ops@example.com), **hi@example.com**\n');
    expect(markdownToDocument(normalizeMarkdown(literals), { keys: false })).toEqual(markdownToDocument(literals, { keys: false }));
    // Inside raw `<a>` HTML no autolink is read: the address there is written as it is, without escapes.
    const anchored = 'Mail <a href="mailto:ops@example.com">ops@example.com</a> or <a href="https://example.com">https://example.com</a>.\n';
    expect(normalizeMarkdown(anchored)).toBe(anchored);
    // Other spellings of the same content become GitBook's.
    const other = '**a _b_ c** and **[link](https://example.com) after**, snake_case, [q](https://example.com/?x=1&y=2)\n';
    expect(normalizeMarkdown(other)).toBe('**a&#x20;**_**b**_**&#x20;c** and [**link**](https://example.com)**&#x20;after**, snake\\_case, [q](https://example.com/?x=1\\&y=2)\n');
    expect(markdownToDocument(normalizeMarkdown(other))).toEqual(markdownToDocument(other));
  });

  it('writes a URL read bare (an autolink literal) bare again, and other links whose text is their URL as [url](url)', () => {
    // As GitBook writes them: a URL typed in text stays as typed, a link made in its editor is `[url](url)`.
    const md = [
      'Requests go to https://api.example.dev/v1/items?a=1&b=2, see also [https://status.example.dev](https://status.example.dev).',
      '',
      '* (https://x.example.dev/a_b) and https://x.example.dev/c.',
      '',
      '| Endpoint                   | Notes       |',
      '| -------------------------- | ----------- |',
      '| https://api.example.dev/v2 | the current |',
      '',
    ].join('\n');
    expect(normalizeMarkdown(md)).toBe(md);
    const links = (markdownToDocument(md).nodes[0] as { nodes: InlineContent[] }).nodes.filter((n): n is LinkInline => n.object === 'inline' && n.type === 'link');
    expect(links.map((l) => l.data.ref)).toEqual([{ kind: 'url', url: 'https://api.example.dev/v1/items?a=1&b=2' }, { kind: 'url', url: 'https://status.example.dev' }]);
    // `data.autolink` marks the links read bare; a link without it (a client's) is written as a link.
    expect(links.map((l) => l.data.autolink)).toEqual([true, undefined]);
    const plain = markdownToDocument('Go to https://x.example.dev now.\n');
    delete ((plain.nodes[0] as { nodes: LinkInline[] }).nodes[1] as LinkInline).data.autolink;
    expect(documentToMarkdown(plain)).toBe('Go to [https://x.example.dev](https://x.example.dev) now.\n');
    // Bare only where it reads back as the same link, else `<url>`: emphasis delimiters next to it were chosen for
    // the `<` (bare inside a `**` run, as GitBook writes a bold URL), a `-` before it would continue its scheme.
    expect(normalizeMarkdown('**https://x.example.dev** and *a*https://x.example.dev\n')).toBe('**https://x.example.dev** and _a_<https://x.example.dev>\n');
    expect(normalizeMarkdown('-https://x.example.dev\n')).toBe('\\-<https://x.example.dev>\n');
  });

  it('writes a www. literal read bare bare again, else as [www.x](<http://www.x>), which reads back the same', () => {
    // As GitBook writes them: typed in text (also in parentheses) as typed, a link made in its editor `[www.x](http://www.x)`.
    const md = 'Order at www.shop.example.dev, on our site (www.example.dev) or [www.example.dev](http://www.example.dev).\n';
    expect(normalizeMarkdown(md)).toBe(md);
    const links = (markdownToDocument(md).nodes[0] as { nodes: InlineContent[] }).nodes.filter((n): n is LinkInline => n.object === 'inline' && n.type === 'link');
    expect(links.map((l) => [l.data.ref, l.data.autolink])).toEqual([
      [{ kind: 'url', url: 'http://www.shop.example.dev' }, true],
      [{ kind: 'url', url: 'http://www.example.dev' }, true],
      [{ kind: 'url', url: 'http://www.example.dev' }, undefined],
    ]);
    // Where no bare form reads back (a letter before it), angle brackets around the destination keep it a literal.
    const doc = markdownToDocument('x www.example.dev/a\n', { keys: false });
    const text = (doc.nodes[0] as { nodes: InlineContent[] }).nodes[0] as { leaves: { text: string }[] };
    (text.leaves[0] as { text: string }).text = 'x';
    const once = documentToMarkdown(doc);
    expect(once).toBe('x[www.example.dev/a](<http://www.example.dev/a>)\n');
    expect(markdownToDocument(once, { keys: false })).toEqual(doc);
    expect(normalizeMarkdown(once)).toBe(once);
  });

  it('writes an e-mail or www. literal bare whatever the text holds past the white space after it (GitBook\'s &#x20; ending a paragraph)', () => {
    const md = 'Mail us at team@bindery.dev or see www.bindery.dev and we add it.&#x20;\n';
    expect(normalizeMarkdown(md)).toBe(md);
    // An escape or a reference before the white space still makes it `<a@b.dev>`.
    expect(normalizeMarkdown('Mail team@bindery.dev\\_x now\n')).toBe('Mail <team@bindery.dev>\\_x now\n');
  });

  it('ends an autolink literal before a backslash escape (GFM), so the escaped character stays text', () => {
    const md = 'Open https://app.example.dev/#/\\<SPACE>/settings or https://api.example.dev/v1/\\[key]/items.\n';
    const [paragraph] = blocks(md);
    const nodes = (paragraph as { nodes: InlineContent[] }).nodes;
    const links = nodes.filter((n): n is LinkInline => n.object === 'inline' && n.type === 'link');
    expect(links.map((l) => l.data.ref)).toEqual([{ kind: 'url', url: 'https://app.example.dev/#/' }, { kind: 'url', url: 'https://api.example.dev/v1/' }]);
    expect(JSON.stringify(nodes)).toContain('<SPACE>/settings');
    const once = normalizeMarkdown(md);
    // Written bare again, as it was read (and as GitBook writes it).
    expect(once).toBe(md);
    expect(normalizeMarkdown(once)).toBe(once);
    // E-mail literals as GFM has them: the local part is letters, digits, `.`, `_`, `+`, `-` (linkify also took
    // `=@ctx.page.value`, an expression a real GitBook page writes as text, and made it a mailto: link).
    const mail = 'Mail team@bindery.dev; `=@ctx.page.value` is =@ctx.page.value, and a=b@host.dev stays text.\n';
    expect(normalizeMarkdown(mail)).toBe('Mail team@bindery.dev; `=@ctx.page.value` is =@ctx.page.value, and a=b@host.dev stays text.\n');
    expect(normalizeMarkdown(normalizeMarkdown(mail))).toBe(normalizeMarkdown(mail));
  });

  it('writes a table cell\'s text without line-start escapes: a cell opens no block (GitBook writes `| - |`)', () => {
    const md = '| Scope | Default |\n| ----- | ------- |\n| -     | =@ctx.x |\n| # one | > two   |\n| 1. a  | + b     |\n';
    expect(normalizeMarkdown(md)).toBe(md);
    const table = only(blocks(md)) as TableBlock;
    expect(table.nodes[1]?.nodes.map((cell) => JSON.stringify(cell.nodes))).toEqual([expect.stringContaining('"text":"-"'), expect.stringContaining('"text":"=@ctx.x"')]);
    // Leading white space is still encoded (a cell's text is trimmed).
    expect(normalizeMarkdown('| a |\n| - |\n| &#x20;b |\n')).toBe('| a       |\n| ------- |\n| &#x20;b |\n');
  });

  it('maps tables with alignment and padded rows', () => {
    const table = only(blocks('| a | b | c |\n|:--|:-:|--:|\n| 1 |')) as TableBlock;
    expect(table.type).toBe('table');
    expect(table.data).toEqual({ align: ['left', 'center', 'right'] });
    expect(table.nodes.map((row) => row.nodes.length)).toEqual([3, 3]);
    expect(table.nodes[1]?.nodes.map((cell) => cell.nodes)).toEqual([
      [{ object: 'text', leaves: [{ object: 'leaf', text: '1', marks: [] }] }],
      [{ object: 'text', leaves: [{ object: 'leaf', text: '', marks: [] }] }],
      [{ object: 'text', leaves: [{ object: 'leaf', text: '', marks: [] }] }],
    ]);
  });

  it('turns image-only paragraphs and figures into images blocks', () => {
    const [images, figure] = blocks(
      '![a](a.png) ![b](https://x.dev/b.png "Bee")\n\n<figure><img src="c.png" alt="C"><figcaption><p>Sea &amp; sky</p></figcaption></figure>',
    );
    expect(images?.type).toBe('images');
    const [a, b] = images?.nodes as ImageBlock[];
    expect(a?.data).toEqual({ ref: { kind: 'url', url: 'a.png' }, alt: 'a' });
    expect(a?.fragments).toEqual([]);
    expect(b?.isVoid).toBe(true);
    expect(b?.fragments[0]).toMatchObject({
      object: 'fragment',
      fragment: 'caption',
      nodes: [{ type: 'paragraph', nodes: [{ object: 'text', leaves: [{ text: 'Bee' }] }] }],
    });
    const c = figure?.nodes[0] as ImageBlock;
    expect(c.data).toEqual({ ref: { kind: 'url', url: 'c.png' }, alt: 'C' });
    expect(c.fragments[0]?.nodes[0]).toMatchObject({ nodes: [{ leaves: [{ text: 'Sea & sky' }] }] });
  });

  it('reads GitBook\'s image in a list item (bare marker, blank line, figure at the tab stop) as the item\'s image and writes it back so', () => {
    const figure = (name: string) => `<figure><img src="${name}.png" alt=""><figcaption></figcaption></figure>`;
    // The shape GitBook writes: the figure 4 columns past the marker (8 past `100.`), which CommonMark reads as code.
    const gitbook = [
      '1. Open the settings',
      '   * Choose a team',
      '   *',
      '',
      `       ${figure('team')}`,
      '   * Save',
      '2. Check the result',
      '',
      '*',
      '',
      `    ${figure('top')}`,
      '',
      '1. First',
      '2.',
      '',
      `    ${figure('second')}`,
      '',
      '    Text after the image',
      '',
      'Then:',
      '',
      '100.',
      '',
      `        ${figure('hundred')}`,
      '',
    ].join('\n');
    expect(normalizeMarkdown(gitbook)).toBe(gitbook);
    const [ordered, bullets, steps, , hundred] = blocks(gitbook) as ListBlock[];
    const nested = ordered?.nodes[0]?.nodes[1] as ListBlock;
    expect(nested.nodes.map((item) => item.nodes.map((b) => b.type))).toEqual([['paragraph'], ['images'], ['paragraph']]);
    expect((nested.nodes[1]?.nodes[0]?.nodes[0] as ImageBlock).data.ref).toEqual({ kind: 'url', url: 'team.png' });
    expect(bullets?.nodes[0]?.nodes.map((b) => b.type)).toEqual(['images']);
    expect(steps?.nodes[1]?.nodes.map((b) => b.type)).toEqual(['images', 'paragraph']);
    expect(hundred?.nodes[0]?.nodes.map((b) => b.type)).toEqual(['images']);
    // Bindery's earlier spelling (`*   <figure>`) reads the same and is written GitBook's way, then stays.
    const once = normalizeMarkdown(`* a\n*   ${figure('x')}\n\n    text\n`);
    expect(once).toBe(`* a\n*\n\n    ${figure('x')}\n\n    text\n`);
    expect(normalizeMarkdown(once)).toBe(once);
    // Only that shape: the figure elsewhere, other HTML, a longer figure, code that holds the shape stay CommonMark's.
    const codeOf = (markdown: string) => blocks(markdown).map((b) => b.type);
    expect(codeOf(`*\n\n     ${figure('a')}\n`)).toEqual(['list-unordered', 'code']);
    expect(codeOf(`1.\n\n      ${figure('a')}\n`)).toEqual(['list-ordered', 'code']);
    expect(codeOf(`*\n\n    <div>${figure('a')}</div>\n`)).toEqual(['list-unordered', 'code']);
    expect(codeOf(`*\n\n    ${figure('a')} tail\n`)).toEqual(['list-unordered', 'code']);
    expect(codeOf(`* \n\n    ${figure('a')}\n`)).toEqual(['list-unordered', 'code']);
    expect(codeOf(`*\n\n\n    ${figure('a')}\n`)).toEqual(['list-unordered', 'code']);
    const fenced = `\`\`\`\n*\n\n    ${figure('a')}\n\`\`\`\n`;
    expect(normalizeMarkdown(fenced)).toBe(fenced);
    const indented = `    *\n\n        ${figure('a')}\n`;
    expect(blocks(indented).map((b) => b.type)).toEqual(['code']);
    expect(normalizeMarkdown(indented)).toBe(`\`\`\`\n*\n\n    ${figure('a')}\n\`\`\`\n`);
  });

  it('keeps images inside text as inline images', () => {
    const [paragraph] = blocks('See ![icon](i.svg "Icon") here');
    expect(paragraph?.nodes[1]).toEqual({
      object: 'inline',
      type: 'inline-image',
      key: expect.any(String),
      data: { ref: { kind: 'url', url: 'i.svg' }, alt: 'icon', caption: 'Icon' },
      isVoid: true,
      nodes: [],
    });
  });

  it('maps link targets to content refs', () => {
    const links = (blocks('[a](https://x.dev) [b](#top) [c](../setup.md) [d](/pages/p1) [e](/pages/p1#x) [f](/files/f1)')[0]
      ?.nodes ?? []) as InlineContent[];
    expect(links.filter((n): n is LinkInline => n.object === 'inline').map((n) => n.data.ref)).toEqual([
      { kind: 'url', url: 'https://x.dev' },
      { kind: 'anchor', anchor: 'top' },
      { kind: 'url', url: '../setup.md' },
      { kind: 'page', page: 'p1' },
      { kind: 'anchor', anchor: 'x', page: 'p1' },
      { kind: 'file', file: 'f1' },
    ]);
  });

  it('pushes formatting around a link into the link', () => {
    const [paragraph] = blocks('**see [docs](d.md) now**');
    const link = paragraph?.nodes[1] as LinkInline;
    expect(link.nodes).toEqual([{ object: 'text', leaves: [{ object: 'leaf', text: 'docs', marks: [{ object: 'mark', type: 'bold' }] }] }]);
    expect(documentToMarkdown(markdownToDocument('**see [docs](d.md) now**'))).toBe('**see&#x20;**[**docs**](d.md)**&#x20;now**\n');
  });

  it('inlines reference links', () => {
    expect(normalizeMarkdown('[a][x] and ![b][y]\n\n[x]: /one\n[y]: two.png "T"')).toBe('[a](/one) and ![b](two.png "T")\n');
  });

  it('maps thematic breaks, html and footnotes', () => {
    expect(blocks('---').map((b) => b.type)).toEqual(['divider']);
    expect(only(blocks('<div>hi</div>'))).toMatchObject({ type: 'html', data: { html: '<div>hi</div>' }, isVoid: true });
    const [paragraph, definition] = blocks('a[^n]\n\n[^n]: note');
    expect(paragraph?.nodes[1]).toMatchObject({ type: 'footnote-reference', data: { identifier: 'n' } });
    expect(definition).toMatchObject({ type: 'footnote-definition', data: { identifier: 'n' } });
  });

  it('ignores front matter', () => {
    expect(normalizeMarkdown('---\ndescription: x\n---\n\n# Title')).toBe('# Title\n');
    expect(splitFrontmatter('---\na: 1\n---\nbody')).toEqual({ frontmatter: 'a: 1', body: 'body' });
    expect(splitFrontmatter('no front matter')).toEqual({ frontmatter: null, body: 'no front matter' });
  });

  it('accepts CRLF line endings', () => {
    expect(markdownToDocument('# A\r\n\r\ntext\r\nmore')).toEqual(markdownToDocument('# A\n\ntext\nmore'));
  });
});

describe('documentToMarkdown', () => {
  it('writes the GitBook-like normal form', () => {
    const md = '- a\n- b\n\n__bold__ *it*\n\nSetext\n===\n\n---\n\n    code';
    expect(normalizeMarkdown(md)).toBe('* a\n* b\n\n**bold** _it_\n\n# Setext\n\n***\n\n```\ncode\n```\n');
  });

  it('writes rules as *** (never --- which could read back as front matter)', () => {
    expect(normalizeMarkdown('***\n\n---\n\ntext')).toBe('***\n\n***\n\ntext\n');
  });

  it('writes hints the way GitBook does', () => {
    expect(normalizeMarkdown('{% hint style="danger" %}\n\nCareful!\n\n{% endhint %}')).toBe(
      '{% hint style="danger" %}\nCareful!\n{% endhint %}\n',
    );
  });

  it('rebuilds nesting from hand-written leaves', () => {
    const doc: Document = {
      object: 'document',
      data: { schemaVersion: 1 },
      nodes: [
        {
          object: 'block',
          type: 'paragraph',
          data: {},
          nodes: [
            {
              object: 'text',
              leaves: [
                { object: 'leaf', text: 'bold ', marks: [{ object: 'mark', type: 'bold' }] },
                { object: 'leaf', text: 'both', marks: [{ object: 'mark', type: 'italic' }, { object: 'mark', type: 'bold' }] },
                { object: 'leaf', text: ' code', marks: [{ object: 'mark', type: 'code' }] },
              ],
            },
          ],
        },
      ],
    };
    expect(documentToMarkdown(doc)).toBe('**bold&#x20;**_**both**_` code`\n');
  });

  it('keeps the content of GitBook blocks and inlines it has no markdown for', () => {
    const doc = {
      object: 'document',
      data: { schemaVersion: 1 },
      nodes: [
        {
          object: 'block',
          type: 'tabs',
          data: {},
          nodes: [
            {
              object: 'block',
              type: 'paragraph',
              data: {},
              nodes: [
                { object: 'text', leaves: [{ object: 'leaf', text: 'Hi ', marks: [] }] },
                { object: 'inline', type: 'emoji', data: { code: '1f600' }, isVoid: true, nodes: [] },
                { object: 'inline', type: 'mention', data: {}, nodes: [{ object: 'text', leaves: [{ object: 'leaf', text: '@ann', marks: [] }] }] },
              ],
            },
          ],
        },
      ],
    } as unknown as Document;
    expect(documentToMarkdown(doc)).toBe('Hi @ann\n');
  });

  it('uses a resolver to map page-relative paths to page ids and back', () => {
    const pages = new Map([['../guide/setup.md', 'page-setup']]);
    const resolver: RefResolver = {
      toRef: (target) => {
        const [path = '', anchor] = target.split('#');
        const page = pages.get(path);
        if (page === undefined) return undefined;
        return anchor === undefined ? { kind: 'page', page } : { kind: 'anchor', page, anchor };
      },
      toTarget: (ref) => {
        const path = [...pages].find(([, id]) => ref.kind !== 'url' && 'page' in ref && ref.page === id)?.[0];
        if (path === undefined) return undefined;
        return ref.kind === 'anchor' ? `${path}#${ref.anchor}` : path;
      },
    };
    const md = 'See [setup](../guide/setup.md) and [install](../guide/setup.md#install).\n';
    const doc = markdownToDocument(md, { resolver });
    const refs = (doc.nodes[0]?.nodes as InlineContent[]).filter((n): n is LinkInline => n.object === 'inline').map((n) => n.data.ref);
    expect(refs).toEqual([
      { kind: 'page', page: 'page-setup' },
      { kind: 'anchor', page: 'page-setup', anchor: 'install' },
    ]);
    expect(documentToMarkdown(doc, { resolver })).toBe(md);
    expect(documentToMarkdown(doc)).toBe('See [setup](/pages/page-setup) and [install](/pages/page-setup#install).\n');
  });
});

describe("GitBook's empty paragraphs (runs of blank lines)", () => {
  const figure = '<figure><img src="shot.png" alt=""><figcaption></figcaption></figure>';
  const isEmpty = (block: Block | undefined) => block?.type === 'paragraph' && JSON.stringify(block.nodes) === JSON.stringify([{ object: 'text', leaves: [{ object: 'leaf', text: '', marks: [] }] }]);

  it('reads 3 blank lines between blocks as one empty paragraph, 5 as two, and writes them back so', () => {
    const one = 'First line.\n\n\n\nSecond line.\n';
    const doc = markdownToDocument(one, { keys: false });
    expect(doc.nodes.map((b) => b.type)).toEqual(['paragraph', 'paragraph', 'paragraph']);
    expect(isEmpty(doc.nodes[1])).toBe(true);
    expect(normalizeMarkdown(one)).toBe(one);
    const two = '## Title\n\n\n\n\n\n| a |\n| - |\n| b |\n';
    expect(markdownToDocument(two, { keys: false }).nodes.filter((b) => isEmpty(b))).toHaveLength(2);
    expect(normalizeMarkdown(two)).toBe(two);
    // Two blank lines are one paragraph break (no empty paragraph), 4 are one empty paragraph.
    expect(normalizeMarkdown('a\n\n\nb\n')).toBe('a\n\nb\n');
    expect(normalizeMarkdown('a\n\n\n\n\nb\n')).toBe('a\n\n\n\nb\n');
  });

  it('ends a page with empty paragraphs as GitBook does: no newline after its last empty line', () => {
    for (const md of ['# Closing words\n\n', 'Text.\n\n\n\n', '{% hint style="info" %}\nNote.\n{% endhint %}\n\n', '```\ncode\n```\n\n\n\n\n\n']) {
      expect(normalizeMarkdown(md)).toBe(md);
    }
    expect(normalizeMarkdown('Text.\n\n\n')).toBe('Text.\n\n');
    expect(normalizeMarkdown('Text.\n')).toBe('Text.\n');
    // Blank lines before the first block are empty paragraphs first, 2 each (GitBook joins them to the first block with
    // a blank line: a page file's `# Title`, 3 blank lines, text); a single one is none. What only looks blank (a
    // reference definition) is no paragraph.
    expect(normalizeMarkdown('\n\n\n\nText.\n')).toBe('\n\n\n\nText.\n');
    expect(normalizeMarkdown('\n\n\nText.\n')).toBe('\n\nText.\n');
    expect(normalizeMarkdown('\nText.\n')).toBe('Text.\n');
    expect(markdownToDocument('\n\nText.\n', { keys: false }).nodes.map(isEmpty)).toEqual([true, false]);
    // A closing tag line first is joined to the line before it: one blank line fewer.
    expect(normalizeMarkdown('\n{% else %}\nText.\n')).toBe('\n{% else %}\nText.\n');
    // Empty paragraphs alone (GitBook's title-only page of several): 2 blank lines are two, 2 more each further one;
    // fewer are no block (a page file writes an empty body as its one empty paragraph).
    expect(normalizeMarkdown('\n\n\n\n')).toBe('\n\n\n\n');
    expect(markdownToDocument('\n\n\n\n', { keys: false }).nodes.map(isEmpty)).toEqual([true, true, true]);
    expect(normalizeMarkdown('\n\n')).toBe('\n\n');
    expect(normalizeMarkdown('\n')).toBe('');
    expect(normalizeMarkdown('See [it][r].\n\n[r]: https://example.dev\n\n\n\nMore.\n')).toBe('See [it](https://example.dev).\n\nMore.\n');
    expect(normalizeMarkdown('Text.\n\n[r]: https://example.dev\n')).toBe('Text.\n');
  });

  it('keeps the blank line GitBook writes after a figure ending a list item (an empty paragraph there)', () => {
    const inside = `1. Open the page.\n2.  Click **Edit**.\n\n    ${figure}\n\n\n3. Save.\n`;
    const doc = markdownToDocument(inside, { keys: false });
    const item = (doc.nodes[0] as ListBlock).nodes[1];
    expect(item?.nodes.map((b) => b.type)).toEqual(['paragraph', 'images', 'paragraph']);
    expect(isEmpty(item?.nodes[2])).toBe(true);
    expect(normalizeMarkdown(inside)).toBe(inside);
    // At the end of the page.
    const last = `*   Step one.\n\n    ${figure}\n\n`;
    expect(normalizeMarkdown(last)).toBe(last);
    // Without the blank lines, no empty paragraph.
    const plain = `1. Open.\n2.  Click.\n\n    ${figure}\n3. Save.\n`;
    expect(normalizeMarkdown(plain)).toBe(plain);
  });

  it('reads and writes them next to GitBook tag lines as GitBook joins them: an opening tag to the next line, a closing tag to the line before', () => {
    const tags = '{% tabs %}\n{% tab title="A" %}\nOne.\n\n\n\nTwo.\n{% endtab %}\n{% endtabs %}\n';
    expect(normalizeMarkdown(tags)).toBe(tags);
    // 2 blank lines after an opening tag or before a closing tag are one empty paragraph (GitBook: the tag, a newline,
    // the empty line, a blank line, the next block), 1 between an opening and a closing tag, 3 after a closing tag.
    const step = '{% stepper %}\n{% step %}\nClick.\n\n\n{% endstep %}\n{% endstepper %}\n';
    expect(normalizeMarkdown(step)).toBe(step);
    expect(markdownToDocument(step, { keys: false }).nodes.map((b) => (isEmpty(b) ? 'empty' : b.type === 'paragraph' ? 'p' : b.type))).toEqual(['p', 'p', 'p', 'empty', 'p', 'p']);
    const hints = [
      '{% hint style="info" %}\n\n{% endhint %}\n',
      '{% hint style="info" %}\n\n\nNote.\n{% endhint %}\n',
      '{% hint style="info" %}\nNote.\n\n\n\n\n{% endhint %}\n',
      '{% hint style="info" %}\nNote.\n{% endhint %}\n\n\n\n## Next\n',
      '{% columns %}\n{% column %}\n\n\nText.\n{% endcolumn %}\n{% endcolumns %}\n',
    ];
    for (const md of hints) expect(normalizeMarkdown(md)).toBe(md);
    const hint = markdownToDocument(hints[0] as string, { keys: false }).nodes[0] as Block & { nodes: Block[] };
    expect(hint.type).toBe('hint');
    expect(hint.nodes.map(isEmpty)).toEqual([true]);
    expect((markdownToDocument(hints[2] as string, { keys: false }).nodes[0] as Block & { nodes: Block[] }).nodes.map(isEmpty)).toEqual([false, true, true]);
    // One blank line next to a tag line (hand-written) is none; 3 after an opening tag are read as one.
    expect(normalizeMarkdown('{% hint style="info" %}\n\nNote.\n\n{% endhint %}\n')).toBe('{% hint style="info" %}\nNote.\n{% endhint %}\n');
    expect(normalizeMarkdown('{% hint style="info" %}\n\n\n\nNote.\n\n\n\n{% endhint %}\n')).toBe('{% hint style="info" %}\n\n\nNote.\n\n\n{% endhint %}\n');
    // An empty paragraph last after a branch tag nothing closes keeps its blank line before it.
    for (const md of ['{% else %}\n\n', '{% else %}\n\n\n\n', '* {% else %}\n\n\n* b\n']) expect(normalizeMarkdown(normalizeMarkdown(md))).toBe(normalizeMarkdown(md));
    const empty = { object: 'block', type: 'paragraph', data: {}, nodes: [{ object: 'text', leaves: [{ object: 'leaf', text: '', marks: [] }] }] } as Block;
    const para = markdownToDocument('Text.\n', { keys: false }).nodes[0] as Block;
    expect(documentToMarkdown({ nodes: [empty, para] } as Document)).toBe('\n\nText.\n');
    expect(documentToMarkdown({ nodes: [empty, empty, para] } as Document)).toBe('\n\n\n\nText.\n');
    expect(documentToMarkdown({ nodes: [empty] } as Document)).toBe('');
    expect(documentToMarkdown({ nodes: [empty, empty] } as Document)).toBe('\n\n');
  });

  it('is stable: serialise(parse(serialise(x))) == serialise(x) for blocks, lists and tags between runs of blank lines', () => {
    const block = fc.constantFrom('Text.', '# Head', '* a\n* b', `1. a\n2.  b\n\n    ${figure}`, '```\nx\n```', '<div>\nx\n</div>', '{% hint style="info" %}\nN.\n{% endhint %}', '{% tabs %}\n{% tab title="A" %}\nT.\n{% endtab %}\n{% endtabs %}', '> quote', '[r]: https://x.dev', '***', '| a |\n| - |\n| b |', '  ', '{% step %}', '{% endstep %}', '{% else %}', '{% embed url="https://x.dev" %}');
    const blanks = fc.integer({ min: 0, max: 6 }).map((n) => '\n'.repeat(n));
    const page = fc.array(fc.tuple(block, blanks), { minLength: 1, maxLength: 8 }).map((parts) => parts.map(([b, n]) => `${b}\n${n}`).join(''));
    fc.assert(
      fc.property(page, (md) => {
        const once = normalizeMarkdown(md);
        expect(normalizeMarkdown(once)).toBe(once);
        expect(markdownToDocument(once, { keys: false })).toEqual(markdownToDocument(md, { keys: false }));
      }),
      { numRuns: 1500 },
    );
  });
});

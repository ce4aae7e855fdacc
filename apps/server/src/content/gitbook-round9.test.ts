// GitBook's spellings found by the eighth and ninth rounds of real GitBook-synced repositories (docs/git-sync.md),
// each on a fixture written for the test: what GitBook writes is read so that Bindery writes it back byte for byte.
import { describe, expect, it } from 'vitest';
import type { ParagraphBlock } from './document.js';
import { documentToMarkdown, markdownToDocument, normalizeMarkdown } from './markdown.js';
import { readRepository, type RepoPage } from '../gitsync/format/read.js';
import { rewritePageFile } from '../gitsync/format/rewrite.js';

const paragraphTexts = (markdown: string): string[] =>
  markdownToDocument(markdown)
    .nodes.filter((b): b is ParagraphBlock => b.type === 'paragraph')
    .map((p) => p.nodes.map((n) => (n.object === 'text' ? n.leaves.map((l) => l.text).join('') : `<${n.type}>`)).join(''));

describe('a paragraph ending in a hard break', () => {
  // GitBook writes a text ending in a newline (shift-enter last in a paragraph) as a trailing `\`, the break's newline
  // and the blank line joining the next block: the `\` line, then 2 blank lines.
  it('reads `\\` then 2 blank lines as the break, and writes it back so', () => {
    const md = 'Open the menu.\\\n\n\nThen choose **Save**.\n';
    expect(paragraphTexts(md)).toEqual(['Open the menu.\n', 'Then choose Save.']);
    expect(normalizeMarkdown(md)).toBe(md);
  });

  it('in a list item before an indented figure, as GitBook writes it', () => {
    const md = '1. First step.\n2.  Press **Go**.\\\n\n\n    <figure><img src="shot.png" alt=""><figcaption></figcaption></figure>\n3. Done.\n';
    expect(normalizeMarkdown(md)).toBe(md);
    const item = (markdownToDocument(md).nodes[0] as { nodes: { nodes: { type: string }[] }[] }).nodes[1];
    expect(item?.nodes.map((b) => b.type)).toEqual(['paragraph', 'images']);
  });

  it('4 blank lines are the break and one empty paragraph', () => {
    const md = 'Line one.\\\n\n\n\n\nLine two.\n';
    expect(paragraphTexts(md)).toEqual(['Line one.\n', '', 'Line two.']);
    expect(normalizeMarkdown(md)).toBe(md);
  });

  it('a backslash followed by one blank line, or escaped, stays a backslash', () => {
    expect(paragraphTexts('Path C:\\\n\nNext\n')).toEqual(['Path C:\\', 'Next']);
    expect(paragraphTexts('Path C:\\\\\n\n\nNext\n')).toEqual(['Path C:\\', 'Next']);
    expect(normalizeMarkdown('Path C:\\\n\nNext\n')).toBe('Path C:\\\\\n\nNext\n');
  });

  it('a document with a trailing break reads back the same', () => {
    const doc = markdownToDocument('A\\\n\n\nB\n');
    expect(markdownToDocument(documentToMarkdown(doc)).nodes.map((b) => b.type)).toEqual(doc.nodes.map((b) => b.type));
    expect(paragraphTexts(documentToMarkdown(doc))).toEqual(['A\n', 'B']);
  });
});

describe('a title-only page of several empty paragraphs', () => {
  // GitBook writes each empty paragraph as an empty line joined by blank lines, and ends the file with no newline after
  // a last empty line: `# Title`, blank line, then 2 more newlines per further empty paragraph.
  it('is read as its empty paragraphs and written back byte for byte', () => {
    for (const paragraphs of [1, 2, 3]) {
      const page = `---\ndescription: Written for this test.\n---\n\n# Nothing yet\n\n${'\n\n'.repeat(paragraphs - 1)}`;
      const files = new Map([['SUMMARY.md', '# Table of contents\n\n* [Nothing yet](README.md)\n'], ['README.md', page]]);
      const repo = readRepository({ files: new Map([...files.keys()].map((p) => [p, p])), text: (p) => files.get(p) });
      const readme = repo.pages[0] as RepoPage;
      expect(readme.body === '' ? [] : markdownToDocument(readme.body).nodes.map((b) => b.type)).toEqual(paragraphs === 1 ? [] : Array(paragraphs).fill('paragraph'));
      expect(rewritePageFile(readme, new Set(), new Set(['README.md']))).toBe(page);
    }
  });
});

describe('bold and italic inside colour marks', () => {
  // GitBook's colour is the outer mark: a bold run opens and closes inside each `<mark>`, never across one.
  it('closes a run at each `<mark>` and `</mark>`, as GitBook writes it', () => {
    const md = 'Results (<mark style="color:red;">**Broken**</mark>, <mark style="color:green;">**Fine**</mark>**,** and more).\n';
    expect(normalizeMarkdown(md)).toBe(md);
    const spaced = '<mark style="color:orange;">**Change the**</mark><mark style="color:orange;">**&#x20;**</mark><mark style="color:orange;">**`limitValue`**</mark><mark style="color:orange;">**&#x20;**</mark><mark style="color:orange;">**first.**</mark>\n';
    expect(normalizeMarkdown(spaced)).toBe(spaced);
  });

  it('writes italic and strikethrough around a `<mark>`, as GitBook nests them (strikethrough, italic, colour, bold)', () => {
    for (const md of ['### Split Edges <sup>_<mark style="color:yellow;">Preview</mark>_</sup>\n', '~~_<mark style="color:red;">gone</mark>_~~ and _<mark>**both**</mark>_\n', '_one <mark>two</mark> three_\n']) {
      expect(normalizeMarkdown(md)).toBe(md);
    }
  });

  it('a run around a `<mark>` is split at its tags and reads back the same', () => {
    const md = '**one <mark>two</mark> three**\n';
    expect(normalizeMarkdown(md)).toBe('**one&#x20;**<mark>**two**</mark>**&#x20;three**\n');
    const strip = (m: string) => JSON.stringify(markdownToDocument(m, { keys: false }).nodes);
    expect(strip(normalizeMarkdown(md))).toBe(strip(md));
  });
});

describe('HTML paragraphs in a table cell', () => {
  // GitBook writes a cell of several blocks as HTML paragraphs, their text as HTML text: `<` and `&` as references.
  it('writes `<` and `&` inside a cell\'s `<p>` as `&#x3C;` and `&#x26;`, elsewhere as before', () => {
    const md = '| Rule    | Value                                                                      |\n| ------- | -------------------------------------------------------------------------- |\n| Replace | <p>Find <code>&#x3C;br></code> &#x26; <code>a ?&#x26; b</code><br>Replace with &#x3C;p></p> |\n';
    const out = normalizeMarkdown(md);
    expect(out).toContain('| <p>Find <code>&#x3C;br></code> &#x26; <code>a ?&#x26; b</code><br>Replace with &#x3C;p></p> |');
    expect(normalizeMarkdown(out)).toBe(out);
    // No markdown escapes there where none is needed: `_` inside words, `[` that opens no link (GitBook writes neither).
    const plain = '| Op |\n| -- |\n| <p><code>key_list</code> → <code>text[]</code></p><p>keys_of(ARRAY[\'a\',\'b\']) or \\[c](d) or \\[^1]</p> |\n';
    const written = normalizeMarkdown(plain);
    expect(written).toContain("<p><code>key_list</code> → <code>text[]</code></p><p>keys_of(ARRAY['a','b']) or \\[c](d) or \\[^1]</p>");
    expect(normalizeMarkdown(written)).toBe(written);
    // Outside a `<p>` (and outside tables) nothing changes.
    expect(normalizeMarkdown('| a |\n| - |\n| x < y & z, \\<p> |\n')).toBe('| a               |\n| --------------- |\n| x < y & z, \\<p> |\n');
    expect(normalizeMarkdown('<p>Find \\<br> & more</p>\n')).toBe('<p>Find \\<br> & more</p>\n');
  });
});

describe('a bare domain with a port', () => {
  // GFM links no bare domain (`example.com`), with a port neither; Bindery read `rpc.example.dev:443` as a link (its
  // label looked like `scheme:`) and a rewritten page turned the text into `[rpc.example.dev:443](http://…)`.
  it('stays text, written as it was', () => {
    for (const md of ['grpc: node.rpc.example.dev:9090\n', '* api: example.com:443/v1 and https://example.com:443/v2\n']) {
      expect(normalizeMarkdown(md)).toBe(md);
    }
    const doc = markdownToDocument('grpc: node.rpc.example.dev:9090 or https://example.dev:9090\n', { keys: false });
    const links = JSON.stringify(doc).match(/"type":"link"/g) ?? [];
    expect(links).toHaveLength(1);
    expect(JSON.stringify(doc)).toContain('"text":"grpc: node.rpc.example.dev:9090 or "');
  });
});

import { describe, expect, it } from 'vitest';
import { documentToMarkdown, markdownToDocument, normalizeMarkdown } from './convert.js';
import type { Block } from './document.js';
import { formatOpenTag, parseFigure, parseTagLine } from './gitbook-syntax.js';

const types = (blocks: readonly Block[]): string[] => blocks.map((b) => b.type);

describe('block tag lines', () => {
  it('parses opening and closing tags with attributes', () => {
    expect(parseTagLine('{% hint style="info" %}')).toEqual({ kind: 'open', name: 'hint', attributes: { style: 'info' } });
    expect(parseTagLine('  {%code title="a &quot;b&quot;" lineNumbers="true"%} ')).toEqual({
      kind: 'open',
      name: 'code',
      attributes: { title: 'a "b"', lineNumbers: 'true' },
    });
    expect(parseTagLine('{% endhint %}')).toEqual({ kind: 'close', name: 'hint' });
    expect(parseTagLine('{% embed url="x" %}')).toBeUndefined();
    expect(parseTagLine('text {% hint style="info" %}')).toBeUndefined();
  });

  it('formats opening tags, escaping only what parsing would decode', () => {
    expect(formatOpenTag('code', { title: 'say "hi" & bye', overflow: 'wrap' })).toBe('{% code title="say &quot;hi&quot; & bye" overflow="wrap" %}');
    for (const title of ['a &amp; b', 'x &quot;y&quot;', '"&lt;"']) {
      expect(parseTagLine(formatOpenTag('code', { title }))).toEqual({ kind: 'open', name: 'code', attributes: { title } });
    }
  });

  it('reads a tag line as a block of its own, in any container, never inside code; raw HTML ends at one', () => {
    expect(types(markdownToDocument('text\n{% hint style="info" %}\nin\n{% endhint %}\nafter').nodes)).toEqual(['paragraph', 'hint', 'paragraph']);
    const [quote] = markdownToDocument('> {% hint style="info" %}\n> in\n> {% endhint %}').nodes;
    expect(quote?.nodes.map((b) => (b as Block).type)).toEqual(['hint']);
    const [code] = markdownToDocument('```\n{% endhint %}\n```').nodes;
    expect(code?.type).toBe('code');
    expect(types(markdownToDocument('    {% hint style="info" %}').nodes)).toEqual(['code']);
    // As GitBook reads it (it writes `<figure>…</figure>` and `{% endcolumn %}` on the next line): a tag line ends an
    // HTML block of kind 6 or 7; `<pre>`, comments and the like end at their end marker, tag lines inside stay theirs.
    expect(types(markdownToDocument('<div>\n{% hint style="info" %}\n</div>').nodes)).toEqual(['html', 'paragraph', 'html']);
    expect(types(markdownToDocument('{% hint style="info" %}\n<div>a</div>\n{% endhint %}').nodes)).toEqual(['hint']);
    expect(types(markdownToDocument('<pre>\n{% hint style="info" %}\n</pre>').nodes)).toEqual(['html']);
    expect(types(markdownToDocument('<!--\n{% endhint %}\n-->').nodes)).toEqual(['html']);
  });

  it('folds nested and sibling tags into blocks', () => {
    const doc = markdownToDocument('{% hint style="info" %}\na\n{% code %}\n```\nx\n```\n{% endcode %}\n{% endhint %}\n{% hint style="danger" %}\nb\n{% endhint %}');
    expect(types(doc.nodes)).toEqual(['hint', 'hint']);
    expect(types(doc.nodes[0]?.nodes as Block[])).toEqual(['paragraph', 'code']);
  });

  it('keeps mismatched or invalid tags as paragraphs', () => {
    expect(types(markdownToDocument('{% hint style="info" %}\na\n{% endcode %}').nodes)).toEqual(['paragraph', 'paragraph', 'paragraph']);
    expect(types(markdownToDocument('{% hint style="info" extra="1" %}\na\n{% endhint %}').nodes)).toEqual(['paragraph', 'paragraph', 'paragraph']);
    expect(markdownToDocument('{% code overflow="sideways" %}\n```\nx\n```\n{% endcode %}').nodes[0]?.type).toBe('paragraph');
  });

  it('writes tags inside containers with the right indentation', () => {
    // An item of several blocks is indented to the next tab stop, as GitBook writes it.
    const md = '*   item\n\n    {% hint style="success" %}\n    ok\n    {% endhint %}\n';
    expect(normalizeMarkdown(md)).toBe(md);
    expect(normalizeMarkdown('* item\n\n  {% hint style="success" %}\n  ok\n  {% endhint %}\n')).toBe(md);
    expect(documentToMarkdown(markdownToDocument('> {% hint style="info" %}\n> a\n>\n> b\n> {% endhint %}'))).toBe('> {% hint style="info" %}\n> a\n>\n> b\n> {% endhint %}\n');
  });
});

describe('parseFigure', () => {
  it('reads src, alt and caption', () => {
    expect(parseFigure('<figure><img src="a.png" alt="A &amp; B"><figcaption><p>Cap</p></figcaption></figure>')).toEqual({
      src: 'a.png',
      alt: 'A & B',
      caption: 'Cap',
    });
    expect(parseFigure('<figure><img src="a.png" alt=""><figcaption></figcaption></figure>')).toEqual({ src: 'a.png', alt: '', caption: '' });
    expect(parseFigure('<figure><img src="a.png" alt=""></figure>')).toEqual({ src: 'a.png', alt: '' });
  });

  it('refuses figures it cannot represent losslessly', () => {
    expect(parseFigure('<figure><img src="a.png" width="300"></figure>')).toBeUndefined();
    expect(parseFigure('<figure><img src="a.png"><figcaption><p><strong>b</strong></p></figcaption></figure>')).toBeUndefined();
    expect(parseFigure('<div><img src="a.png"></div>')).toBeUndefined();
  });
});

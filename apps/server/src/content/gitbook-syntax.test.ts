import { describe, expect, it } from 'vitest';
import { formatOpenTag, isolateBlockTags, parseFigure, parseTagLine } from './gitbook-syntax.js';
import { parseMarkdown, serializeMarkdown } from './mdast.js';

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

  it('isolates tag lines with blank lines, keeping quote markers and skipping code fences', () => {
    const input = ['{% hint style="info" %}', 'text', '{% endhint %}', '> {% endhint %}', '```', '{% endhint %}', '```'].join('\n');
    expect(isolateBlockTags(input).split('\n')).toEqual([
      '',
      '{% hint style="info" %}',
      '',
      'text',
      '',
      '{% endhint %}',
      '',
      '>',
      '> {% endhint %}',
      '>',
      '```',
      '{% endhint %}',
      '```',
    ]);
  });

  it('groups nested and sibling tags into liquid blocks', () => {
    const root = parseMarkdown('{% hint style="info" %}\na\n{% code %}\n```\nx\n```\n{% endcode %}\n{% endhint %}\n{% hint style="danger" %}\nb\n{% endhint %}');
    expect(root.children.map((c) => c.type)).toEqual(['liquidBlock', 'liquidBlock']);
    const [first] = root.children;
    expect(first?.type === 'liquidBlock' && first.children.map((c) => c.type)).toEqual(['paragraph', 'liquidBlock']);
  });

  it('keeps mismatched or invalid tags as paragraphs', () => {
    expect(parseMarkdown('{% hint style="info" %}\na\n{% endcode %}').children.map((c) => c.type)).toEqual([
      'paragraph',
      'paragraph',
      'paragraph',
    ]);
    expect(parseMarkdown('{% hint style="info" extra="1" %}\na\n{% endhint %}').children.map((c) => c.type)).toEqual([
      'paragraph',
      'paragraph',
      'paragraph',
    ]);
    expect(parseMarkdown('{% code overflow="sideways" %}\n```\nx\n```\n{% endcode %}').children[0]?.type).toBe('paragraph');
  });

  it('serialises liquid blocks inside containers with the right indentation', () => {
    const root = parseMarkdown('- item\n\n  {% hint style="success" %}\n  ok\n  {% endhint %}');
    expect(serializeMarkdown(root)).toBe('- item\n\n  {% hint style="success" %}\n  ok\n  {% endhint %}\n');
  });
});

describe('parseFigure', () => {
  it('reads src, alt and caption', () => {
    expect(parseFigure('<figure><img src="a.png" alt="A &amp; B"><figcaption><p>Cap</p></figcaption></figure>')).toEqual({
      src: 'a.png',
      alt: 'A & B',
      caption: 'Cap',
    });
    expect(parseFigure('<figure><img src="a.png" alt=""><figcaption></figcaption></figure>')).toEqual({ src: 'a.png', alt: '' });
  });

  it('refuses figures it cannot represent losslessly', () => {
    expect(parseFigure('<figure><img src="a.png" width="300"></figure>')).toBeUndefined();
    expect(parseFigure('<figure><img src="a.png"><figcaption><p><strong>b</strong></p></figcaption></figure>')).toBeUndefined();
    expect(parseFigure('<div><img src="a.png"></div>')).toBeUndefined();
  });
});

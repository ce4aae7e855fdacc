import { describe, expect, it } from 'vitest';
import { assignKeys, createDocument, inlineText, leaf, text, type Block, type Document } from './document.js';

const paragraph = (value: string): Block => ({ object: 'block', type: 'paragraph', data: {}, nodes: [text([leaf(value)])] });

describe('leaf', () => {
  it('deduplicates marks and puts them in canonical order', () => {
    expect(leaf('x', ['code', 'bold', 'code', 'italic']).marks.map((m) => m.type)).toEqual(['bold', 'italic', 'code']);
  });
});

describe('assignKeys', () => {
  const keysOf = (doc: Document): (string | undefined)[] => doc.nodes.map((b) => b.key);

  it('keys identical blocks differently and reproducibly', () => {
    const doc = assignKeys(createDocument([paragraph('a'), paragraph('a'), paragraph('b')]));
    const [k1, k2, k3] = keysOf(doc);
    expect(new Set([k1, k2, k3]).size).toBe(3);
    expect(keysOf(assignKeys(createDocument([paragraph('a'), paragraph('a'), paragraph('b')])))).toEqual([k1, k2, k3]);
  });

  it('ignores existing keys and keys nested blocks, inlines and fragments', () => {
    const list: Block = {
      object: 'block',
      type: 'list-unordered',
      key: 'stale',
      data: {},
      nodes: [{ object: 'block', type: 'list-item', data: {}, nodes: [paragraph('x')] }],
    };
    const doc = assignKeys(createDocument([list]));
    expect(doc.nodes[0]?.key).not.toBe('stale');
    expect(assignKeys(structuredClone(doc))).toEqual(doc);
    const item = doc.nodes[0]?.nodes[0] as Block;
    expect(item.key).toMatch(/^[0-9A-Za-z]{8}$/);
    expect((item.nodes[0] as Block).key).toMatch(/^[0-9A-Za-z]{8}$/);
  });

  it('changes only the keys on the path of an edit', () => {
    const before = assignKeys(createDocument([paragraph('a'), paragraph('b'), paragraph('c')]));
    const after = assignKeys(createDocument([paragraph('a'), paragraph('B'), paragraph('c')]));
    expect(keysOf(after).map((key, i) => key === keysOf(before)[i])).toEqual([true, false, true]);
  });
});

describe('inlineText', () => {
  it('joins leaf texts, link texts and image alts', () => {
    expect(
      inlineText([
        text([leaf('see '), leaf('this', ['bold'])]),
        { object: 'inline', type: 'link', data: { ref: { kind: 'url', url: 'u' } }, nodes: [text([leaf(' link')])] },
        { object: 'inline', type: 'inline-image', data: { ref: { kind: 'url', url: 'i' }, alt: ' [img]' }, isVoid: true, nodes: [] },
        { object: 'inline', type: 'html', data: { html: '<br>' }, isVoid: true, nodes: [] },
      ]),
    ).toBe('see this link [img]');
  });
});

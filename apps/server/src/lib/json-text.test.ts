// jsonText writes what JSON.stringify writes, with the kept text of shared (frozen) values.
import { describe, expect, it } from 'vitest';
import { holdsSharedJson, jsonText, shareJsonText } from './json-text.js';

const frozen = <T>(v: T): T => {
  if (v && typeof v === 'object') {
    Object.freeze(v);
    for (const x of Object.values(v)) frozen(x);
  }
  return v;
};

describe('jsonText', () => {
  const doc = shareJsonText(frozen({ object: 'document', nodes: [{ type: 'paragraph', text: 'Überschrift "q" \\ \u2028 🚀' }], n: [1, 2.5, null, true] }));

  it('writes the bytes JSON.stringify writes, for holders, shared values and anything else', () => {
    const bodies: unknown[] = [
      holdsSharedJson({ id: 'p1', title: 'T "x"', gone: undefined, fn: () => 1, document: doc, pages: [], emoji: '🚀' }),
      holdsSharedJson({ document: doc }),
      holdsSharedJson({}),
      holdsSharedJson({ a: undefined }),
      holdsSharedJson({ 'we"ird\nkey': doc, d: new Date(0), nested: { document: doc } }),
      doc,
      { document: doc },
      'a string', 12, null, [doc, doc],
    ];
    for (const body of bodies) {
      expect(jsonText(body)).toBe(JSON.stringify(body));
      expect(jsonText(body)).toBe(JSON.stringify(body)); // the kept text the second time
    }
  });

  it('keeps nothing for a value that is not frozen (it could change)', () => {
    const open = { nodes: [1] };
    shareJsonText(open);
    const body = holdsSharedJson({ document: open });
    expect(jsonText(body)).toBe('{"document":{"nodes":[1]}}');
    open.nodes.push(2);
    expect(jsonText(body)).toBe('{"document":{"nodes":[1,2]}}');
  });
});

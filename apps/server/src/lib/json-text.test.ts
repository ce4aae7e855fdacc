// jsonText writes what JSON.stringify writes, with the kept text of shared (frozen) values.
import { describe, expect, it, vi } from 'vitest';
import { canonicalJson, sha256Hex, sha256OfCanonicalJson } from '../content/hash.js';
import { holdsSharedJson, jsonString, jsonText, LONG_JSON_STRING, shareJsonText } from './json-text.js';

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

describe('jsonString', () => {
  const long = (tag: string) => `${tag} "q" \\ \n é \u2028 🚀 `.repeat(Math.ceil(LONG_JSON_STRING / 10));

  it('writes what JSON.stringify writes, for short and long strings, equal strings or not', () => {
    const a = long('a');
    const copy = [...a].join(''); // equal, not the same string
    for (const s of ['', 'x"y', a, copy, long('b'), a, long('c'), long('a').slice(1), `${a}x`]) expect(jsonString(s)).toBe(JSON.stringify(s));
  });

  it('escapes a page\'s markdown once for its hash and the answer showing it', () => {
    const markdown = long('page');
    const page = { id: 'p1', title: 'T', slug: 't', type: 'document', markdown };
    const answer = holdsSharedJson({ id: 'p1', title: 'T', markdown: [...markdown].join(''), pages: [] });
    const stringify = vi.spyOn(JSON, 'stringify');
    let hash: string, text: string, escapes: number;
    try {
      hash = sha256OfCanonicalJson('page\0', page);
      text = jsonText(answer);
      escapes = stringify.mock.calls.filter(([v]) => v === markdown).length;
    } finally {
      stringify.mockRestore();
    }
    expect(hash).toBe(sha256Hex(`page\0${canonicalJson(page)}`));
    expect(text).toBe(JSON.stringify(answer));
    expect(escapes).toBe(1);
  });
});

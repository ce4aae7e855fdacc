import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { canonicalJson, jsonEqual, sha256Hex, sha256OfCanonicalJson, shortHash } from './hash.js';

describe('canonicalJson', () => {
  it('sorts keys recursively and drops undefined members', () => {
    expect(canonicalJson({ b: 1, a: { d: [3, { f: 1, e: 2 }], c: undefined } })).toBe('{"a":{"d":[3,{"e":2,"f":1}]},"b":1}');
  });

  it('is insensitive to key order but not to array order', () => {
    expect(jsonEqual({ x: 1, y: [1, 2] }, { y: [1, 2], x: 1 })).toBe(true);
    expect(jsonEqual([1, 2], [2, 1])).toBe(false);
  });

  it('serialises primitives like JSON', () => {
    expect(canonicalJson('a"b')).toBe('"a\\"b"');
    expect(canonicalJson(null)).toBe('null');
    expect(canonicalJson(undefined)).toBe('null');
    expect(canonicalJson([undefined])).toBe('[null]');
  });
});

describe('hashes', () => {
  it('sha256Hex matches the known digest', () => {
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('shortHash is deterministic base-62 of the requested length', () => {
    expect(shortHash('abc')).toBe(shortHash('abc'));
    expect(shortHash('abc')).toMatch(/^[0-9A-Za-z]{8}$/);
    expect(shortHash('abc', 4)).toHaveLength(4);
    expect(shortHash('abc')).not.toBe(shortHash('abd'));
    expect(() => shortHash('abc', 11)).toThrow(RangeError);
  });
});

describe('sha256OfCanonicalJson', () => {
  it('is the digest of the prefix and the canonical JSON, long strings included', () => {
    const long = `${'a"b\n\u00e9\u2028😀'.repeat(1500)}`;
    const values: unknown[] = [
      null, undefined, 1, 'x', long, [long, undefined, { b: long, a: 1 }], { markdown: long, title: 'T', nested: { z: [long, long], y: undefined } },
      { id: 'p', markdown: '', metadata: {} }, [], {},
    ];
    for (const v of values) expect(sha256OfCanonicalJson('page\0', v)).toBe(sha256Hex(`page\0${canonicalJson(v)}`));
    fc.assert(
      fc.property(fc.string(), fc.jsonValue(), fc.string({ minLength: 4000, maxLength: 9000 }), (prefix, v, s) => {
        for (const value of [v, { v, s }, [s, v, s]]) expect(sha256OfCanonicalJson(prefix, value)).toBe(sha256Hex(`${prefix}${canonicalJson(value)}`));
      }),
      { numRuns: 300 },
    );
  });
});

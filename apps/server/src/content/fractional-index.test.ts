import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isValidKey, keyBetween, keysBetween } from './fractional-index.js';

describe('keyBetween', () => {
  it('follows the reference sequence of the fractional-indexing algorithm', () => {
    expect(keyBetween(null, null)).toBe('a0');
    expect(keyBetween('a0', null)).toBe('a1');
    expect(keyBetween(null, 'a0')).toBe('Zz');
    expect(keyBetween('a0', 'a1')).toBe('a0V');
    expect(keyBetween('a0V', 'a1')).toBe('a0l');
    expect(keyBetween('az', null)).toBe('b00');
    expect(keyBetween(null, 'Zz')).toBe('Zy');
    expect(keyBetween('a0', 'a0V')).toBe('a0G');
    expect(keyBetween('a1', 'a2')).toBe('a1V');
    expect(keyBetween('Zz', 'a0')).toBe('ZzV');
    expect(keyBetween(null, 'A00000000000000000000000000V')).toBe('A00000000000000000000000000G');
  });

  it('rejects bad input', () => {
    expect(() => keyBetween('a1', 'a0')).toThrow(RangeError);
    expect(() => keyBetween('a1', 'a1')).toThrow(RangeError);
    expect(() => keyBetween('a10', null)).toThrow(/trailing zero/);
    expect(() => keyBetween('!', null)).toThrow(RangeError);
    expect(isValidKey('a0V')).toBe(true);
    expect(isValidKey('b0')).toBe(false);
  });

  it('keeps order and short keys under 1,000 random inserts', () => {
    fc.assert(
      fc.property(fc.array(fc.nat(), { minLength: 1000, maxLength: 1000 }), (positions) => {
        const keys: string[] = [];
        for (const position of positions) {
          const index = position % (keys.length + 1);
          const key = keyBetween(keys[index - 1] ?? null, keys[index] ?? null);
          keys.splice(index, 0, key);
        }
        expect(new Set(keys).size).toBe(keys.length);
        expect([...keys].sort()).toEqual(keys);
        expect(Math.max(...keys.map((k) => k.length))).toBeLessThanOrEqual(12);
      }),
      { numRuns: 20 },
    );
  });

  it('stays short for appends, prepends and repeated inserts at the same spot', () => {
    let last: string | null = null;
    for (let i = 0; i < 10_000; i++) last = keyBetween(last, null);
    expect(last?.length).toBeLessThanOrEqual(4);
    let first: string | null = null;
    for (let i = 0; i < 10_000; i++) first = keyBetween(null, first);
    expect(first?.length).toBeLessThanOrEqual(4);
    // Always inserting right after the same key grows by ~1 char per 6 inserts (log2 62 ≈ 6).
    let upper = 'a1';
    for (let i = 0; i < 60; i++) upper = keyBetween('a0', upper);
    expect(upper.length).toBeLessThanOrEqual(14);
  });
});

describe('keysBetween', () => {
  it('returns n ordered keys strictly inside the bounds', () => {
    for (const [a, b] of [
      [null, null],
      ['a0', null],
      [null, 'a0'],
      ['a0', 'a1'],
    ] as const) {
      const keys = keysBetween(a, b, 25);
      expect(keys).toHaveLength(25);
      expect([...keys].sort()).toEqual(keys);
      if (a !== null) expect(keys[0]! > a).toBe(true);
      if (b !== null) expect(keys.at(-1)! < b).toBe(true);
    }
    expect(keysBetween('a0', 'a1', 0)).toEqual([]);
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isValidKey, keyBetween } from './fractional-index.js';

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

describe('keyBetween', () => {
  it('orders keys byte by byte, at both ends and between neighbours', () => {
    const first = keyBetween(null, null);
    const after = keyBetween(first, null);
    const before = keyBetween(null, first);
    const mid = keyBetween(first, after);
    expect([after, mid, before, first].sort(cmp)).toEqual([before, first, mid, after]);
    expect(() => keyBetween(after, first)).toThrow();
    expect(() => keyBetween(first, first)).toThrow();
  });

  it('keeps appended keys short (no renumbering, no unbounded growth)', () => {
    let k: string | null = null;
    for (let i = 0; i < 10_000; i++) k = keyBetween(k, null);
    expect(k!.length).toBeLessThanOrEqual(4);
  });

  it('always finds a valid key strictly between any two keys (random insertions)', () => {
    fc.assert(
      fc.property(fc.array(fc.nat(), { minLength: 1, maxLength: 200 }), (choices) => {
        const keys: string[] = [];
        for (const c of choices) {
          const at = c % (keys.length + 1);
          const k = keyBetween(keys[at - 1] ?? null, keys[at] ?? null);
          expect(isValidKey(k)).toBe(true);
          if (at > 0) expect(keys[at - 1]! < k).toBe(true);
          if (at < keys.length) expect(k < keys[at]!).toBe(true);
          keys.splice(at, 0, k);
        }
        expect([...keys].sort(cmp)).toEqual(keys);
        expect(new Set(keys).size).toBe(keys.length);
      }),
      { numRuns: 200 },
    );
  });

  it('grows by about one character per insertion at the same spot', () => {
    let lo = keyBetween(null, null);
    const hi = keyBetween(lo, null);
    for (let i = 0; i < 100; i++) lo = keyBetween(lo, hi);
    expect(lo.length).toBeLessThan(110);
  });
});

import { describe, expect, it } from 'vitest';
import { newId, randomString } from './ids.js';

describe('ids', () => {
  it('are 20 base-62 characters, distinct, drawn across many refills of the random pool', () => {
    const ids = Array.from({ length: 50_000 }, () => newId());
    for (const id of ids.slice(0, 1000)) expect(id).toMatch(/^[0-9A-Za-z]{20}$/);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('use every character about equally often (rejection sampling keeps them uniform)', () => {
    const counts = new Map<string, number>();
    const text = randomString(620_000);
    expect(text).toHaveLength(620_000);
    for (const c of text) counts.set(c, (counts.get(c) ?? 0) + 1);
    expect(counts.size).toBe(62);
    // 10,000 expected per character; a standard deviation is ~100.
    for (const n of counts.values()) expect(Math.abs(n - 10_000)).toBeLessThan(600);
  });
});

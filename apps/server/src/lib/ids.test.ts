import { describe, expect, it } from 'vitest';
import { newId, newOrderedId, randomString } from './ids.js';

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

  it('ordered ids are 20 base-62 characters, distinct, and sort in the order they were made', () => {
    const before = Date.now();
    const ids = Array.from({ length: 20_000 }, () => newOrderedId());
    for (const id of ids) expect(id).toMatch(/^[0-9A-Za-z]{20}$/);
    expect(new Set(ids).size).toBe(ids.length);
    // The first 8 characters are the time in ms: not before this test started, never going back.
    const ms = (id: string) => [...id.slice(0, 8)].reduce((n, c) => n * 62 + '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'.indexOf(c), 0);
    expect(ms(ids[0]!)).toBeGreaterThanOrEqual(before);
    for (let i = 1; i < ids.length; i++) expect(ids[i]!.slice(0, 8) >= ids[i - 1]!.slice(0, 8)).toBe(true);
    expect(ms(ids.at(-1)!)).toBeLessThanOrEqual(Date.now());
    // The random part still varies within one millisecond.
    expect(new Set(ids.map((id) => id.slice(8))).size).toBe(ids.length);
  });
});

import { describe, expect, it } from 'vitest';
import { expandedValueCount } from './validate.js';

describe('expandedValueCount', () => {
  it('counts values with local references replaced by their targets, cycles once, and stops at the cap', () => {
    expect(expandedValueCount('x', 10)).toBe(1);
    expect(expandedValueCount({ a: 1, b: [1, 2] }, 100)).toBe(5);
    // The ref object counts one, plus its target's count.
    const refd = { defs: { A: { type: 'string' } }, use: [{ $ref: '#/defs/A' }, { $ref: '#/defs/A' }] };
    expect(expandedValueCount(refd, 100)).toBe(1 + 3 + 1 + 2 * (1 + 2));
    const cycle = { A: { next: { $ref: '#/A' } } };
    expect(expandedValueCount(cycle, 100)).toBeLessThan(10);
    // 60 links each using the previous twice: 2^60 values, counted in linear time up to the cap.
    const defs: Record<string, unknown> = { L0: 1 };
    for (let i = 1; i < 60; i++) defs[`L${i}`] = [{ $ref: `#/L${i - 1}` }, { $ref: `#/L${i - 1}` }];
    expect(expandedValueCount(defs, 1_000_000)).toBe(1_000_001);
    // A chain of 200,000 references does not exhaust the stack.
    const chain: Record<string, unknown> = { C0: 'end' };
    for (let i = 1; i < 200_000; i++) chain[`C${i}`] = { $ref: `#/C${i - 1}` };
    expect(expandedValueCount(chain, 10_000_000)).toBeGreaterThan(200_000);
  });
});

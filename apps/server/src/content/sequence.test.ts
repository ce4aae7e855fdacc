import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { longestCommonSubsequence } from './sequence.js';

describe('longestCommonSubsequence', () => {
  it('finds the items that kept their relative order', () => {
    expect([...longestCommonSubsequence(['a', 'b', 'c', 'd'], ['a', 'b', 'c', 'd'])]).toHaveLength(4);
    expect(longestCommonSubsequence(['a', 'b', 'c', 'd'], ['d', 'a', 'b', 'c'])).toEqual(new Set(['a', 'b', 'c']));
    expect(longestCommonSubsequence(['a', 'b', 'c'], ['x', 'c', 'y'])).toEqual(new Set(['c']));
    expect(longestCommonSubsequence([], ['a'])).toEqual(new Set());
  });

  it('returns a common subsequence of maximal length (checked against a DP)', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.integer({ min: 0, max: 30 }), { maxLength: 20 }), fc.uniqueArray(fc.integer({ min: 0, max: 30 }), { maxLength: 20 }), (a, b) => {
        const lcs = longestCommonSubsequence(a, b);
        expect(a.filter((x) => lcs.has(x))).toEqual(b.filter((x) => lcs.has(x)));
        expect(lcs.size).toBe(lcsLength(a, b));
      }),
      { numRuns: 200 },
    );
  });
});

function lcsLength(a: number[], b: number[]): number {
  const dp = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      dp[i]![j] = a[i - 1] === b[j - 1] ? dp[i - 1]![j - 1]! + 1 : Math.max(dp[i - 1]![j]!, dp[i]![j - 1]!);
    }
  }
  return dp[a.length]![b.length]!;
}

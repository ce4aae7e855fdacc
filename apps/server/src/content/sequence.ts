/**
 * Sequence helpers for ordered sibling lists of unique ids.
 */

/**
 * The items of a longest common subsequence of `a` and `b`, where items are
 * unique within each sequence (sibling page ids). Items common to both but
 * not returned are the ones that changed relative order ("were moved").
 *
 * Runs in O(n log n) as a longest increasing subsequence over positions in
 * `b`; ties resolve deterministically.
 */
export function longestCommonSubsequence<T>(a: readonly T[], b: readonly T[]): Set<T> {
  const positionInB = new Map<T, number>();
  b.forEach((item, index) => positionInB.set(item, index));
  const common = a.filter((item) => positionInB.has(item));
  const positions = common.map((item) => positionInB.get(item) as number);

  // tails[k]: index (into `common`) of the smallest tail of an increasing run of length k + 1.
  const tails: number[] = [];
  const previous: number[] = new Array<number>(common.length).fill(-1);
  positions.forEach((position, index) => {
    let low = 0;
    let high = tails.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if ((positions[tails[mid] as number] as number) < position) low = mid + 1;
      else high = mid;
    }
    if (low > 0) previous[index] = tails[low - 1] as number;
    tails[low] = index;
  });

  const result = new Set<T>();
  for (let index = tails.at(-1) ?? -1; index !== -1; index = previous[index] as number) {
    result.add(common[index] as T);
  }
  return result;
}

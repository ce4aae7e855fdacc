/**
 * Line diff with bounded work (Myers' O((N+M)·D) greedy algorithm): the changed stretches ("hunks") turning `a`
 * into `b`, or `undefined` when they would take more than `maxEdits` line edits or `maxSteps` steps to find. Callers
 * then treat the whole differing middle as one change, which is always correct, only coarser. Lines are compared
 * through integer ids, so each comparison is O(1).
 */

export interface Hunk {
  /** Lines [aStart, aEnd) of `a` became lines [bStart, bEnd) of `b`. */
  aStart: number;
  aEnd: number;
  bStart: number;
  bEnd: number;
}

export function diffLines(a: readonly string[], b: readonly string[], maxEdits: number, maxSteps = 20_000_000): Hunk[] | undefined {
  const ids = new Map<string, number>();
  const idOf = (line: string): number => {
    let id = ids.get(line);
    if (id === undefined) ids.set(line, (id = ids.size));
    return id;
  };
  const A = Int32Array.from(a, idOf);
  const B = Int32Array.from(b, idOf);
  const n = A.length;
  const m = B.length;
  const max = Math.min(n + m, maxEdits);
  const offset = max + 1;
  const v = new Int32Array(2 * max + 3);
  const trace: Int32Array[] = [];
  let steps = 0;
  for (let d = 0; d <= max; d++) {
    trace.push(v.slice(offset - d - 1, offset + d + 2));
    for (let k = -d; k <= d; k += 2) {
      let x = k === -d || (k !== d && (v[offset + k - 1] as number) < (v[offset + k + 1] as number)) ? (v[offset + k + 1] as number) : (v[offset + k - 1] as number) + 1;
      let y = x - k;
      while (x < n && y < m && A[x] === B[y]) {
        x++;
        y++;
      }
      steps += 1 + x - (v[offset + k] as number);
      v[offset + k] = x;
      if (x >= n && y >= m) return backtrack(trace, n, m, d);
    }
    if (steps > maxSteps) return undefined;
  }
  return undefined;
}

/** Walks the recorded frontiers back from (n, m) and groups the edits into hunks. */
function backtrack(trace: Int32Array[], n: number, m: number, d: number): Hunk[] {
  const hunks: Hunk[] = [];
  let x = n;
  let y = m;
  const add = (ax: number, ay: number, bx: number, by: number): void => {
    // Edits are found from the end: merge with the hunk that starts where this one ends.
    const last = hunks.at(-1);
    if (last && last.aStart === bx && last.bStart === by) {
      last.aStart = ax;
      last.bStart = ay;
    } else hunks.push({ aStart: ax, aEnd: bx, bStart: ay, bEnd: by });
  };
  for (let step = d; step > 0; step--) {
    const frontier = trace[step] as Int32Array;
    // frontier holds v[k] for k in [-step-1, step+1]: index = k + step + 1.
    const at = (k: number): number => frontier[k + step + 1] as number;
    const k = x - y;
    const prevK = k === -step || (k !== step && at(k - 1) < at(k + 1)) ? k + 1 : k - 1;
    const prevX = at(prevK);
    const prevY = prevX - prevK;
    // Skip the diagonal (unchanged lines) back to the end of the edit.
    const editX = prevK === k + 1 ? prevX : prevX + 1;
    const editY = editX - k;
    x = editX;
    y = editY;
    add(prevX, prevY, x, y);
    x = prevX;
    y = prevY;
  }
  return hunks.reverse();
}

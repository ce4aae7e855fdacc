import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { diffLines } from './diff.js';
import { merge3Text } from './merge-text.js';

/** Applies hunks to `a`: must give `b`. */
function apply(a: readonly string[], b: readonly string[], hunks: NonNullable<ReturnType<typeof diffLines>>): string[] {
  const out: string[] = [];
  let at = 0;
  for (const h of hunks) {
    out.push(...a.slice(at, h.aStart), ...b.slice(h.bStart, h.bEnd));
    at = h.aEnd;
  }
  return [...out, ...a.slice(at)];
}

/** Length of a longest common subsequence (quadratic; small inputs only). */
function lcs(a: readonly string[], b: readonly string[]): number {
  const row = new Array<number>(b.length + 1).fill(0);
  for (const x of a) {
    let diagonal = 0;
    for (let j = 1; j <= b.length; j++) {
      const up = row[j] as number;
      row[j] = x === b[j - 1] ? diagonal + 1 : Math.max(up, row[j - 1] as number);
      diagonal = up;
    }
  }
  return row[b.length] as number;
}

const lines = fc.array(fc.constantFrom('', 'a', 'b', 'c', '# h', '- x'), { maxLength: 40 });

describe('diffLines', () => {
  it('turns a into b with a minimal number of line edits', () => {
    fc.assert(
      fc.property(lines, lines, (a, b) => {
        const hunks = diffLines(a, b, 1000);
        expect(hunks).toBeDefined();
        expect(apply(a, b, hunks!)).toEqual(b);
        const edits = hunks!.reduce((sum, h) => sum + (h.aEnd - h.aStart) + (h.bEnd - h.bStart), 0);
        expect(edits).toBe(a.length + b.length - 2 * lcs(a, b));
        // Hunks are ordered and separated by at least one unchanged line.
        hunks!.forEach((h, i) => i > 0 && expect(h.aStart).toBeGreaterThan(hunks![i - 1]!.aEnd - 1));
      }),
      { numRuns: 500 },
    );
  });

  it('gives up past its edit budget instead of running long', () => {
    const a = Array.from({ length: 50_000 }, (_, i) => `a${i}`);
    const b = Array.from({ length: 50_000 }, (_, i) => `b${i}`);
    expect(diffLines(a, b, 100)).toBeUndefined();
    expect(diffLines(['x', ...a], a, 100)).toEqual([{ aStart: 0, aEnd: 1, bStart: 0, bEnd: 0 }]);
  });
});

describe('merge3Text on large and repetitive text', () => {
  it('stays linear: runs of identical lines, and sides far apart, merge or conflict without a quadratic diff', () => {
    const base = Array.from({ length: 60_000 }, (_, i) => (i % 2 ? '' : `line ${i}`)).join('\n');
    const ours = base.replace('line 10\n', 'line ten\n');
    const theirs = base.replace('line 59990', 'line end');
    const merged = merge3Text(base, ours, theirs);
    expect(merged).toMatchObject({ ok: true });
    expect(merged.ok && merged.text.includes('line ten') && merged.text.includes('line end')).toBe(true);
    const everything = merge3Text(base, base.replaceAll('line', 'row'), base.replaceAll('line', 'item'));
    expect(everything.ok).toBe(false);
  });
});

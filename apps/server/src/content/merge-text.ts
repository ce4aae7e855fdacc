/**
 * Line-level three-way merge of text (page markdown), diff3-style.
 *
 * Each side is diffed against the base with node-diff3's LCS diff
 * (`diffIndices`), after trimming the common prefix and suffix so that an
 * edit inside a run of identical lines (blank lines, `---`, …) is seen
 * where it happened instead of wherever the LCS happens to align it.
 * Overlapping or touching hunks of the two sides form a region: if only one
 * side changed it, or both made the same change, it merges; otherwise it is
 * a conflict. So two edits merge cleanly when at least one unchanged line
 * separates them (adjacent edits conflict, as with `git merge`).
 */
import { diffIndices } from 'node-diff3';

export interface LineRange {
  /** First line (0-based). */
  start: number;
  /** One past the last line. */
  end: number;
}

export interface TextConflict {
  baseRange: LineRange;
  oursRange: LineRange;
  theirsRange: LineRange;
  baseText: string;
  oursText: string;
  theirsText: string;
}

export type TextMergeResult =
  | { ok: true; text: string }
  | {
      ok: false;
      conflicts: TextConflict[];
      /** The merge with git-style conflict markers, for display; never store it as is. */
      textWithMarkers: string;
    };

type Side = 'ours' | 'theirs';

/** A changed stretch of one side: base lines [oStart, oEnd) became side lines [start, end). */
interface Hunk {
  side: Side;
  oStart: number;
  oEnd: number;
  start: number;
  end: number;
}

/** Three-way merges `ours` and `theirs`, both derived from `base`. */
export function merge3Text(base: string, ours: string, theirs: string): TextMergeResult {
  if (ours === theirs || theirs === base) return { ok: true, text: ours };
  if (ours === base) return { ok: true, text: theirs };

  const o = base.split('\n');
  const sides: Record<Side, string[]> = { ours: ours.split('\n'), theirs: theirs.split('\n') };
  const output: string[] = [];
  const conflicts: TextConflict[] = [];
  let cursor = 0;
  for (const region of regions([...diffHunks(o, sides.ours, 'ours'), ...diffHunks(o, sides.theirs, 'theirs')])) {
    output.push(...o.slice(cursor, region.baseRange.start));
    cursor = region.baseRange.end;
    const baseLines = o.slice(region.baseRange.start, region.baseRange.end);
    const oursLines = sides.ours.slice(region.oursRange.start, region.oursRange.end);
    const theirsLines = sides.theirs.slice(region.theirsRange.start, region.theirsRange.end);
    if (sameLines(oursLines, baseLines)) output.push(...theirsLines);
    else if (sameLines(theirsLines, baseLines) || sameLines(oursLines, theirsLines)) output.push(...oursLines);
    else {
      conflicts.push({
        ...region,
        baseText: baseLines.join('\n'),
        oursText: oursLines.join('\n'),
        theirsText: theirsLines.join('\n'),
      });
      output.push('<<<<<<< ours', ...oursLines, '||||||| base', ...baseLines, '=======', ...theirsLines, '>>>>>>> theirs');
    }
  }
  output.push(...o.slice(cursor));
  const text = output.join('\n');
  return conflicts.length === 0 ? { ok: true, text } : { ok: false, conflicts, textWithMarkers: text };
}

/** Hunks turning `base` into `side`, with the common prefix/suffix trimmed before diffing. */
function diffHunks(base: readonly string[], side: readonly string[], name: Side): Hunk[] {
  let prefix = 0;
  while (prefix < base.length && prefix < side.length && base[prefix] === side[prefix]) prefix++;
  let suffix = 0;
  while (
    suffix < base.length - prefix &&
    suffix < side.length - prefix &&
    base[base.length - 1 - suffix] === side[side.length - 1 - suffix]
  ) {
    suffix++;
  }
  const middle = diffIndices(base.slice(prefix, base.length - suffix), side.slice(prefix, side.length - suffix));
  return middle.map(({ buffer1: [oStart, oLength], buffer2: [start, length] }) => ({
    side: name,
    oStart: prefix + oStart,
    oEnd: prefix + oStart + oLength,
    start: prefix + start,
    end: prefix + start + length,
  }));
}

/**
 * Groups hunks of both sides whose base ranges overlap or touch, and maps
 * each group to the matching line ranges of base, ours and theirs.
 */
function regions(hunks: Hunk[]): { baseRange: LineRange; oursRange: LineRange; theirsRange: LineRange }[] {
  const sorted = [...hunks].sort((a, b) => a.oStart - b.oStart || a.oEnd - b.oEnd);
  // Lines added minus lines removed by each side so far: maps base positions to side positions.
  const delta: Record<Side, number> = { ours: 0, theirs: 0 };
  const result: { baseRange: LineRange; oursRange: LineRange; theirsRange: LineRange }[] = [];
  for (let i = 0; i < sorted.length; ) {
    const first = sorted[i] as Hunk;
    let end = first.oEnd;
    const group: Hunk[] = [];
    for (; i < sorted.length && (sorted[i] as Hunk).oStart <= end; i++) {
      const hunk = sorted[i] as Hunk;
      group.push(hunk);
      end = Math.max(end, hunk.oEnd);
    }
    const start = first.oStart;
    const before = { ...delta };
    for (const hunk of group) delta[hunk.side] += hunk.end - hunk.start - (hunk.oEnd - hunk.oStart);
    result.push({
      baseRange: { start, end },
      oursRange: { start: start + before.ours, end: end + delta.ours },
      theirsRange: { start: start + before.theirs, end: end + delta.theirs },
    });
  }
  return result;
}

function sameLines(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((line, i) => line === b[i]);
}

/**
 * Line-level three-way merge of text (page markdown), diff3-style.
 *
 * Each side is diffed against the base with a bounded Myers diff (diff.ts),
 * after trimming the common prefix and suffix so that an edit inside a run of
 * identical lines (blank lines, `---`, …) is seen where it happened. The diff
 * follows at most LIMITS.diffEdits line edits (and a bounded number of steps);
 * past that, the whole differing middle of that side counts as one change, so
 * the merge stays linear in the text and is only coarser (it may conflict
 * where a finer diff would not).
 * Overlapping or touching hunks of the two sides form a region: if only one
 * side changed it, or both made the same change, it merges; otherwise it is
 * a conflict. So two edits merge cleanly when at least one unchanged line
 * separates them (adjacent edits conflict, as with `git merge`).
 */
import { diffLines } from './diff.js';
import { LIMITS } from './limits.js';

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
    pushAll(output, o, cursor, region.baseRange.start);
    cursor = region.baseRange.end;
    const baseLines = o.slice(region.baseRange.start, region.baseRange.end);
    const oursLines = sides.ours.slice(region.oursRange.start, region.oursRange.end);
    const theirsLines = sides.theirs.slice(region.theirsRange.start, region.theirsRange.end);
    if (sameLines(oursLines, baseLines)) pushAll(output, theirsLines);
    else if (sameLines(theirsLines, baseLines) || sameLines(oursLines, theirsLines)) pushAll(output, oursLines);
    else {
      conflicts.push({
        ...region,
        baseText: baseLines.join('\n'),
        oursText: oursLines.join('\n'),
        theirsText: theirsLines.join('\n'),
      });
      output.push('<<<<<<< ours');
      pushAll(output, oursLines);
      output.push('||||||| base');
      pushAll(output, baseLines);
      output.push('=======');
      pushAll(output, theirsLines);
      output.push('>>>>>>> theirs');
    }
  }
  pushAll(output, o, cursor);
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
  const a = base.slice(prefix, base.length - suffix);
  const b = side.slice(prefix, side.length - suffix);
  if (a.length === 0 && b.length === 0) return [];
  const middle = (a.length + b.length <= 2 * LIMITS.mergeLines ? diffLines(a, b, LIMITS.diffEdits) : undefined) ?? [
    { aStart: 0, aEnd: a.length, bStart: 0, bEnd: b.length },
  ];
  return middle.map(({ aStart, aEnd, bStart, bEnd }) => ({
    side: name,
    oStart: prefix + aStart,
    oEnd: prefix + aEnd,
    start: prefix + bStart,
    end: prefix + bEnd,
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

/** `out.push(...lines.slice(from, to))` without spreading (arrays of any length). */
function pushAll(out: string[], lines: readonly string[], from = 0, to = lines.length): void {
  for (let i = from; i < to; i++) out.push(lines[i] as string);
}

function sameLines(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((line, i) => line === b[i]);
}

/**
 * Three-way merge: the public facade.
 *
 *   merge3Text(base, ours, theirs)  line-level diff3 of page markdown (merge-text.ts)
 *   mergeTrees(base, ours, theirs)  page trees keyed by stable page id (merge-tree.ts)
 */
export { merge3Text, type LineRange, type TextConflict, type TextMergeResult } from './merge-text.js';
export { mergeTrees, type TextMerger, type TreeConflict, type TreeConflictKind, type TreeMergeResult } from './merge-tree.js';

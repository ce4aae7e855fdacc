// Merge conflicts of a change request (engine/change-request-merge.ts finds them) as the API shows them.
import type { ConflictList, MergeConflict } from '../engine/index.js';

/** The conflicts as the API shows them for a merge of the change request (`ours`) with the main content (`theirs`). */
export function presentConflicts(conflicts: readonly MergeConflict[], changeRequestIsOurs: boolean) {
  return conflicts.map((c) => {
    const { ours, theirs, ...rest } = c;
    return { ...rest, changeRequest: changeRequestIsOurs ? ours : theirs, main: changeRequestIsOurs ? theirs : ours };
  });
}

/** GET .../conflicts. */
export function presentConflictList(l: ConflictList) {
  return {
    object: 'change-request-conflicts' as const, changeRequest: l.changeRequestId, revision: l.revision, base: l.base, main: l.main,
    upToDate: l.upToDate, conflicts: presentConflicts(l.conflicts, true),
  };
}

// Who may do what with change requests (docs/change-requests.md). Reading needs a role on the space (like its
// comments); creating, editing (subject, status, content), updating from main content and requesting reviewers
// need `edit`; reviewing needs `review` (never on one's own change request); merging needs the space's `merge`
// permission and then the merge rules (policies/merge-rules.ts). A locked space refuses content changes (create,
// edit content, update, merge).
import { forbidden } from '../errors.js';
import { canOnSpace, type SpaceAccess, type SpaceAction } from './space.js';
import { authorizeDiscussions, canReadDiscussions } from './comment.js';

export type ChangeRequestAction = 'view' | 'create' | 'edit' | 'editContent' | 'update' | 'merge' | 'review' | 'requestReviewers';

/** The space action each change request action needs. `edit` (subject, description, status) and requesting
 * reviewers need the edit role but no content change, so a locked space still allows them. */
const SPACE_ACTION: Record<Exclude<ChangeRequestAction, 'view'>, SpaceAction> = {
  create: 'edit',
  edit: 'setEditMode', // the edit role, whatever the edit mode
  editContent: 'edit',
  update: 'edit',
  merge: 'merge',
  review: 'review',
  requestReviewers: 'setEditMode',
};

export function canOnChangeRequest(a: SpaceAccess, action: ChangeRequestAction): boolean {
  if (!canReadDiscussions(a)) return false;
  if (action === 'view') return true;
  return canOnSpace(a, SPACE_ACTION[action]);
}

const hasEditRole = (a: SpaceAccess) => canOnSpace(a, 'setEditMode');

/** 404 when the caller cannot see the space; 403 when they have no role on it, or may not do `action`. */
export function authorizeChangeRequest(a: SpaceAccess, action: ChangeRequestAction): void {
  authorizeDiscussions(a, 'change requests');
  if (canOnChangeRequest(a, action)) return;
  if ((action === 'create' || action === 'editContent' || action === 'update' || action === 'merge') && a.editMode === 'locked' && hasEditRole(a)) {
    throw forbidden('The space is locked (editMode "locked"); set editMode to "live" to change its content');
  }
  const role = action === 'review' ? 'review' : 'edit';
  throw forbidden(`You need the ${role} role on this space to do this`);
}

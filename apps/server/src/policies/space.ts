// Who may do what with a space. Every space handler asks `authorizeSpace`; the `permissions` object of the Space
// is `spacePermissions` of the same access, so what the API says a caller may do is what it lets them do.
// Rules: docs/permissions.md.
import type { components } from '@bindery/api-types';
import { forbidden, notFound } from '../errors.js';
import type { SpaceRow } from '../repos/spaces.repo.js';
import { chainDefaultLevel, contentRole, type ChainLink, type ContentSubject } from './content.js';
import { atLeast, type Role } from './roles.js';
import { sameSecret } from '../lib/constant-time.js';

export type SpacePermissions = components['schemas']['Space']['permissions'];

export interface SpaceAccess {
  /** The caller's role on the space (null: none). */
  role: Role | null;
  /** May read the space: a role, or its visibility lets them. */
  view: boolean;
  /** The space is listed for the caller in its organization (a role, or a public space of their organization). */
  access: boolean;
  /** The caller presented the space's share key. */
  sharedByKey: boolean;
  editMode: string;
  /** The default level in effect: the space's own, or the one it inherits (null: none). */
  defaultLevel: Role | null;
  /** Member visibility: the caller sees the email of users in responses (a member with a role, or the instance administrator). */
  seesMemberEmails: boolean;
}

export type SpaceAction =
  | 'view' | 'update' | 'setEditMode' | 'delete' | 'restore' | 'move' | 'transfer' | 'invite'
  | 'edit' | 'comment' | 'review' | 'merge' | 'triggerGitSync' | 'installIntegration';

function keyMatches(expected: string | null, given: string | undefined): boolean {
  return !!expected && !!given && sameSecret(given, expected);
}

/** `chain`: the space then its ancestor collections (nearest first). */
/** Member visibility (see SpaceAccess.seesMemberEmails). */
export const seesMemberEmails = (subject: ContentSubject): boolean => subject.actor.isInstanceAdmin || (subject.inOrg && subject.orgRole !== null);

export function spaceAccess(subject: ContentSubject, space: SpaceRow, chain: readonly ChainLink[], shareKey?: string): SpaceAccess {
  const role = contentRole(subject, chain);
  const sharedByKey = space.visibility === 'share-link' && keyMatches(space.share_key, shareKey);
  const openToAll = space.visibility === 'public' || space.visibility === 'unlisted';
  return {
    role,
    // A site API token (services/auth.ts) views the spaces its site published.
    view: role !== null || openToAll || sharedByKey || (subject.actor.site?.spaces.has(space.id) ?? false),
    access: role !== null || (subject.inOrg && space.visibility === 'public'),
    sharedByKey,
    editMode: space.edit_mode,
    defaultLevel: chainDefaultLevel(chain),
    seesMemberEmails: seesMemberEmails(subject),
  };
}

/** The least role each action needs (view also follows visibility). */
export const SPACE_ACTION_ROLES: Record<Exclude<SpaceAction, 'view'>, Role> = {
  update: 'admin',
  setEditMode: 'edit',
  delete: 'admin',
  restore: 'admin',
  move: 'admin',
  transfer: 'admin',
  invite: 'admin',
  installIntegration: 'admin',
  edit: 'edit',
  merge: 'edit',
  triggerGitSync: 'edit',
  review: 'review',
  comment: 'comment',
};

export function canOnSpace(a: SpaceAccess, action: SpaceAction): boolean {
  if (!a.view) return false;
  if (action === 'view') return true;
  if (!atLeast(a.role, SPACE_ACTION_ROLES[action])) return false;
  // A locked space refuses content edits to everyone until an editor sets it back to `live`.
  if ((action === 'edit' || action === 'merge') && a.editMode === 'locked') return false;
  return true;
}

export function spacePermissions(a: SpaceAccess): SpacePermissions {
  return {
    view: a.view,
    access: a.access,
    admin: canOnSpace(a, 'update'),
    viewInviteLinks: canOnSpace(a, 'invite'),
    edit: canOnSpace(a, 'edit'),
    triggerGitSync: canOnSpace(a, 'triggerGitSync'),
    comment: canOnSpace(a, 'comment'),
    merge: canOnSpace(a, 'merge'),
    review: canOnSpace(a, 'review'),
    installIntegration: canOnSpace(a, 'installIntegration'),
  };
}

/** Throws 404 when the caller cannot see the space, 403 when they see it but may not do `action`. */
export function authorizeSpace(a: SpaceAccess, action: SpaceAction): void {
  if (!a.view) throw notFound('Space');
  if (canOnSpace(a, action)) return;
  if ((action === 'edit' || action === 'merge') && a.editMode === 'locked' && atLeast(a.role, 'edit')) {
    throw forbidden('The space is locked (editMode "locked"); set editMode to "live" to edit it');
  }
  if (action === 'view') return;
  throw forbidden(`You need the ${SPACE_ACTION_ROLES[action]} role on this space to do this`);
}

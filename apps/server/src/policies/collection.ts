// Who may do what with a collection; the `permissions` object of the Collection comes from the same rules.
// Rules: docs/permissions.md.
import type { components } from '@bindery/api-types';
import { forbidden, notFound } from '../errors.js';
import { chainDefaultLevel, contentRole, type ChainLink, type ContentSubject } from './content.js';
import { atLeast, type Role } from './roles.js';

export type CollectionPermissions = components['schemas']['Collection']['permissions'];
export type CollectionAction = 'view' | 'update' | 'delete' | 'move' | 'transfer' | 'invite' | 'create';

export interface CollectionAccess {
  role: Role | null;
  /** The default level in effect: the collection's own, or the one it inherits (null: none). */
  defaultLevel: Role | null;
}

/** `chain`: the collection then its ancestors (nearest first). */
export function collectionAccess(subject: ContentSubject, chain: readonly ChainLink[]): CollectionAccess {
  return { role: contentRole(subject, chain), defaultLevel: chainDefaultLevel(chain) };
}

export const COLLECTION_ACTION_ROLES: Record<CollectionAction, Role> = {
  view: 'read',
  create: 'create',
  update: 'admin',
  delete: 'admin',
  move: 'admin',
  transfer: 'admin',
  invite: 'admin',
};

export function canOnCollection(a: CollectionAccess, action: CollectionAction): boolean {
  return a.role !== null && atLeast(a.role, COLLECTION_ACTION_ROLES[action]);
}

export function collectionPermissions(a: CollectionAccess): CollectionPermissions {
  return {
    view: canOnCollection(a, 'view'),
    admin: canOnCollection(a, 'update'),
    viewInviteLinks: canOnCollection(a, 'invite'),
    create: canOnCollection(a, 'create'),
  };
}

/** Throws 404 when the caller cannot see the collection, 403 when they see it but may not do `action`. */
export function authorizeCollection(a: CollectionAccess, action: CollectionAction): void {
  if (!canOnCollection(a, 'view')) throw notFound('Collection');
  if (!canOnCollection(a, action)) throw forbidden(`You need the ${COLLECTION_ACTION_ROLES[action]} role on this collection to do this`);
}

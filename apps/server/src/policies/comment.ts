// Who may do what with comments and replies (on a space or on one of its change requests). The `permissions` of a
// Comment / reply is `commentPermissions` of the same access, so what the API says is what it lets the caller do.
// Rules (docs/comments.md): reading needs a role on the space (`read` and above; a public space's visitors do not
// see its discussions: 403); posting, replying, resolving and reacting need `comment`; the author edits and deletes
// their own; the space's admins delete any.
import type { components } from '@bindery/api-types';
import { forbidden, notFound } from '../errors.js';
import { canOnSpace, type SpaceAccess } from './space.js';

export type CommentPermissions = components['schemas']['CommentPermissions'];
export type CommentAction = 'view' | 'post' | 'reply' | 'resolve' | 'react' | 'edit' | 'delete';

/** Reading comments and change requests needs a role on the space, not only a visibility that lets one read it. */
export function canReadDiscussions(a: SpaceAccess): boolean {
  return a.view && a.role !== null;
}

export function canOnComment(a: SpaceAccess, action: CommentAction, isAuthor: boolean): boolean {
  if (!canReadDiscussions(a)) return false;
  switch (action) {
    case 'view':
      return true;
    case 'post':
    case 'reply':
    case 'resolve':
    case 'react':
      return canOnSpace(a, 'comment');
    case 'edit':
      return isAuthor && canOnSpace(a, 'comment');
    case 'delete':
      return (isAuthor && canOnSpace(a, 'comment')) || canOnSpace(a, 'update');
  }
}

export function commentPermissions(a: SpaceAccess, isAuthor: boolean): CommentPermissions {
  return {
    view: canOnComment(a, 'view', isAuthor),
    edit: canOnComment(a, 'edit', isAuthor),
    reply: canOnComment(a, 'reply', isAuthor),
    delete: canOnComment(a, 'delete', isAuthor),
  };
}

const NEEDS: Record<Exclude<CommentAction, 'view'>, string> = {
  post: 'You need the comment role on this space to comment',
  reply: 'You need the comment role on this space to reply',
  resolve: 'You need the comment role on this space to resolve or reopen comments',
  react: 'You need the comment role on this space to react',
  edit: 'Only the author of a comment can change its body',
  delete: 'Only the author of a comment or an admin of the space can delete it',
};

/**
 * 404 when the caller cannot see the space; 403 when they see it but have no role on it (its discussions are for
 * its members), or may not do `action`.
 */
export function authorizeComment(a: SpaceAccess, action: CommentAction, isAuthor: boolean): void {
  authorizeDiscussions(a, 'comments');
  if (!canOnComment(a, action, isAuthor)) throw forbidden(action === 'view' ? undefined : NEEDS[action]);
}

/** 404 when the caller cannot see the space, 403 when they see it without a role (`what`: comments, change requests). */
export function authorizeDiscussions(a: SpaceAccess, what: string): void {
  if (!a.view) throw notFound('Space');
  if (!canReadDiscussions(a)) throw forbidden(`You need a role on this space (read or above) to see its ${what}`);
}

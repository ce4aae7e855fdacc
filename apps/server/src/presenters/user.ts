import type { components } from '@bindery/api-types';
import type { Config } from '../config.js';
import type { UserRow } from '../repos/users.repo.js';

export type UserJson = components['schemas']['User'];

/**
 * The users a response refers to, and whether the caller may see their email addresses. Member visibility: members
 * of the organization with a role (and the instance administrator) see the email of the users they meet in
 * discussions and change requests; guests, members of other organizations and visitors of public content see the
 * display name and photo only, as GitBook shows a guest.
 */
export interface UserRefs {
  get(id: string): UserRow | undefined;
  readonly showEmails: boolean;
}

export const userRefs = (rows: ReadonlyMap<string, UserRow>, showEmails: boolean): UserRefs => ({ get: (id) => rows.get(id), showEmails });

export function presentUser(config: Config, u: UserRow, opts: { withEmail?: boolean } = { withEmail: true }): UserJson {
  return {
    object: 'user',
    id: u.id,
    displayName: u.display_name,
    ...(opts.withEmail !== false ? { email: u.email } : {}),
    ...(u.photo_url ? { photoURL: u.photo_url } : {}),
    urls: { location: `${config.publicUrl}/v1/users/${u.id}` },
  };
}

/** GitBook's UserContentPermission: a user's role on a space or collection. */
export function presentUserPermission(config: Config, permission: components['schemas']['MemberRole'], u: UserRow, withEmail: boolean): components['schemas']['UserContentPermission'] {
  return { permission, user: presentUser(config, u, { withEmail }) };
}

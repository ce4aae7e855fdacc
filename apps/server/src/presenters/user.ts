import type { components } from '@bindery/api-types';
import type { Config } from '../config.js';
import type { UserRow } from '../repos/users.repo.js';

export type UserJson = components['schemas']['User'];

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

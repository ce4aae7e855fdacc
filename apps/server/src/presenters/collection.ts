import type { components } from '@bindery/api-types';
import type { Config } from '../config.js';
import { collectionPermissions, type CollectionAccess } from '../policies/collection.js';
import type { CollectionRow } from '../repos/collections.repo.js';

type Collection = components['schemas']['Collection'];

export function presentCollection(config: Config, c: CollectionRow, access: CollectionAccess): Collection {
  return {
    object: 'collection',
    id: c.id,
    title: c.title,
    ...(c.description !== null ? { description: c.description } : {}),
    organization: c.org_id,
    ...(c.parent_id ? { parent: c.parent_id } : {}),
    defaultLevel: access.defaultLevel,
    urls: {
      location: `${config.publicUrl}/v1/collections/${c.id}`,
      app: `${config.appUrl}/c/${c.id}`,
    },
    permissions: collectionPermissions(access),
  };
}

import type { components } from '@bindery/api-types';
import type { Config } from '../config.js';
import { asDefaultLevel } from '../policies/content.js';
import { canOnSpace, spacePermissions, type SpaceAccess } from '../policies/space.js';
import type { SpaceRow } from '../repos/spaces.repo.js';

type Space = components['schemas']['Space'];

export function presentSpace(config: Config, s: SpaceRow, access: SpaceAccess): Space {
  const base = `${config.publicUrl}/s/${s.id}`;
  let published: string | undefined;
  if (s.visibility === 'public' || s.visibility === 'unlisted' || s.visibility === 'in-collection') published = base;
  // The share key is a secret: only the space's admins and whoever presented it see it.
  if (s.visibility === 'share-link' && s.share_key && (access.sharedByKey || canOnSpace(access, 'invite'))) {
    published = `${base}?shareKey=${encodeURIComponent(s.share_key)}`;
  }
  return {
    object: 'space',
    id: s.id,
    title: s.title,
    emoji: s.emoji,
    visibility: s.visibility as Space['visibility'],
    createdAt: s.created_at,
    updatedAt: s.updated_at,
    ...(s.deleted_at ? { deletedAt: s.deleted_at } : {}),
    editMode: s.edit_mode as Space['editMode'],
    mergeRules: JSON.parse(s.merge_rules) as Space['mergeRules'],
    urls: {
      location: `${config.publicUrl}/v1/spaces/${s.id}`,
      app: `${config.appUrl}/s/${s.id}`,
      ...(published ? { published } : {}),
      ...(s.visibility === 'public' ? { public: base } : {}),
    },
    organization: s.org_id,
    ...(s.parent_id ? { parent: s.parent_id } : {}),
    ...(s.language ? { language: s.language as Space['language'] } : {}),
    revision: s.revision_id,
    defaultLevel: asDefaultLevel(s.default_level) as Space['defaultLevel'],
    comments: s.comments_count,
    changeRequests: s.change_requests_count,
    changeRequestsOpen: s.change_requests_open,
    changeRequestsDraft: s.change_requests_draft,
    permissions: spacePermissions(access),
  };
}

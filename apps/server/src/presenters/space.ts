import type { components } from '@bindery/api-types';
import type { Config } from '../config.js';
import { canOnSpace, spacePermissions, type SpaceAccess } from '../policies/space.js';
import type { SpaceRow } from '../repos/spaces.repo.js';

type Space = components['schemas']['Space'];
type MergeRules = components['schemas']['MergeRules'];

/** Parsed rules by their stored text (a few distinct texts: most spaces inherit), frozen and shared by answers. */
const parsedRules = new Map<string, MergeRules>();

/** A space's stored rules in the seed's form: GitBook's `none` (merged without review) is an empty rule list. */
export function presentSpaceMergeRules(stored: string): MergeRules {
  let rules = parsedRules.get(stored);
  if (!rules) {
    const r = JSON.parse(stored) as MergeRules | { type: 'none' };
    rules = deepFreeze(r.type === 'none' ? { type: 'rules', rules: [] } : r);
    if (parsedRules.size >= 1000) parsedRules.delete(parsedRules.keys().next().value as string);
    parsedRules.set(stored, rules);
  }
  return rules;
}

function deepFreeze<T>(v: T): T {
  if (v && typeof v === 'object') {
    for (const x of Object.values(v)) deepFreeze(x);
    Object.freeze(v);
  }
  return v;
}

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
    mergeRules: presentSpaceMergeRules(s.merge_rules),
    urls: {
      location: `${config.publicUrl}/v1/spaces/${s.id}`,
      app: `${config.appUrl}/s/${s.id}`,
      ...(published ? { published } : {}),
      ...(s.visibility === 'public' ? { public: base } : {}),
    },
    organization: s.org_id,
    ...(s.parent_id ? { parent: s.parent_id } : {}),
    ...(s.language ? { language: s.language as Space['language'] } : {}),
    ...(s.git_sync ? { gitSync: presentGitSyncState(s.id, s.git_sync) } : {}),
    revision: s.revision_id,
    defaultLevel: access.defaultLevel,
    comments: s.comments_count,
    changeRequests: s.change_requests_count,
    changeRequestsOpen: s.change_requests_open,
    changeRequestsDraft: s.change_requests_draft,
    permissions: spacePermissions(access),
  };
}

/**
 * Space.gitSync (and the provider fields of GET …/git/info) from what the space row stores: GitBook's GitSyncState
 * requires an installation; Bindery's Git Sync is set up per space, so the space is the installation and it is active.
 */
export function presentGitSyncState(spaceId: string, stored: string): NonNullable<Space['gitSync']> {
  const state = JSON.parse(stored) as Omit<NonNullable<Space['gitSync']>, 'installationId' | 'installationStatus'>;
  return { installationId: spaceId, installationStatus: 'active', ...state };
}

// Space commands: create, read, list, update, delete (soft, 7 days) and restore, purge, duplicate, move, transfer.
// Structural changes run in a transaction holding the organization lock (services/content-access.ts), and
// re-read what they change under it, so concurrent moves, deletes and restores serialise cleanly.
import type { QueryParams, RequestBody } from '@bindery/api-types';
import type { AppContext } from '../context.js';
import type { DbOrTx } from '../db/database.js';
import type { PageRequest } from '../db/pagination.js';
import { conflict, invalidField, notFound, ApiError, forbidden } from '../errors.js';
import { enqueueJob } from '../jobs/queue.js';
import type { JobResult } from '../jobs/handlers.js';
import { JOB_TYPES } from '../jobs/types.js';
import { newId, randomString } from '../lib/ids.js';
import { keyBetween } from '../content/fractional-index.js';
import { canOnCollection } from '../policies/collection.js';
import { authorizeOrganization } from '../policies/organization.js';
import { contentRole, type ContentSubject } from '../policies/content.js';
import { authorizeSpace, canOnSpace, spaceAccess, type SpaceAccess, type SpaceAction } from '../policies/space.js';
import { collectionsRepo } from '../repos/collections.repo.js';
import { sitesRepo } from '../repos/sites.repo.js';
import { grantsRepo } from '../repos/grants.repo.js';
import { invitesRepo, membersRepo, organizationsRepo } from '../repos/organizations.repo.js';
import { pageVersionsRepo } from '../repos/page-versions.repo.js';
import { commitEdits, insertFirstRevision, prepareEdits, recomputeTransferredSpaces, type ContentEdit } from '../engine/index.js';
import { TEMPLATES, templateEdits } from './templates.js';
import { spacesRepo, type SpaceFilter, type SpaceRow } from '../repos/spaces.repo.js';
import { treeRepo } from '../repos/tree.repo.js';
import { openapiRepo } from '../repos/openapi.repo.js';
import { usersRepo } from '../repos/users.repo.js';
import { isEmoji } from '../lib/text.js';
import { userAsActor, type Actor } from './auth.js';
import {
  CollectionTree, SPACE_PURGE_GRACE_MS, SPACE_RETENTION_MS, computeCollectionAccess, computeSpaceAccess, isExpired, loadSubject,
  loadVisibleOrganization, missing, spaceLink,
} from './content-access.js';
import { keyForPosition, type Position } from './positions.js';
import { locks, withOrganizationLockOf } from '../repos/locks.js';
import { recordAudit } from './audit.js';
import { recordSpaceEvent, unbindSpacesLeaving } from './integration-events.js';

export interface LoadedSpace {
  space: SpaceRow;
  access: SpaceAccess;
}

const SHARE_KEY_LENGTH = 32;
const newShareKey = () => randomString(SHARE_KEY_LENGTH);

/**
 * Loads a space for the caller and checks `action`: 404 when it does not exist, is past its 7 days in the trash,
 * or the caller cannot see it; 403 when they see it but may not act. A deleted space can still be read (with
 * `deletedAt`) by whoever may restore it, and by nobody else; commands other than those allowing it
 * (`allowDeleted`) answer 404.
 */
export async function loadSpace(
  ctx: AppContext, db: DbOrTx, actor: Actor, spaceId: string, action: SpaceAction,
  opts: { shareKey?: string; allowDeleted?: boolean } = {},
): Promise<LoadedSpace> {
  const space = await spacesRepo.findById(db, spaceId);
  if (!space || isExpired(ctx, space)) throw notFound('Space');
  const subject = await loadSubject(db, actor, space.org_id);
  const access = await computeSpaceAccess(db, subject, space, opts.shareKey);
  // A space in the trash is visible only to those who may restore it: everyone else gets 404 at once.
  if (space.deleted_at && !canOnSpace(access, 'restore')) throw notFound('Space');
  authorizeSpace(access, action);
  if (space.deleted_at && !opts.allowDeleted) throw new ApiError(404, 'Space not found: it is deleted (restore it with POST /v1/spaces/{spaceId}/restore)');
  return { space, access };
}

/** Reads a space again after a change, with the caller's access. */
async function reload(ctx: AppContext, actor: Actor, spaceId: string): Promise<LoadedSpace> {
  const space = await spacesRepo.findById(ctx.db, spaceId);
  if (!space) throw notFound('Space');
  const subject = await loadSubject(ctx.db, actor, space.org_id);
  return { space, access: await computeSpaceAccess(ctx.db, subject, space) };
}

/**
 * Checks that the caller may create content in `parentId` (a collection of `orgId`, or its top level when null):
 * the `create` role on the collection, or in the organization. `field` names the request field for errors.
 */
export async function authorizeCreateIn(db: DbOrTx, subject: ContentSubject, orgId: string, parentId: string | null, field: string): Promise<void> {
  if (parentId === null) {
    if (!(subject.actor.isInstanceAdmin || (subject.orgRole !== null && ['admin', 'create'].includes(subject.orgRole)))) {
      throw forbidden('You need the create role in the organization to create content at its top level');
    }
    return;
  }
  const collection = await collectionsRepo.findById(db, parentId);
  if (!collection) throw missing('Collection', field);
  if (collection.org_id !== orgId) throw conflict(`${field}: the collection belongs to another organization`);
  const access = await computeCollectionAccess(db, subject, collection);
  if (!canOnCollection(access, 'view')) throw missing('Collection', field);
  if (!canOnCollection(access, 'create')) throw forbidden(`You need the create role on the collection ${parentId} to put content in it`);
}

// ---------------------------------------------------------------------------------------------------------------

/** 400 unless `emoji` is one emoji (lib/text.ts). */
function checkEmoji(emoji: string | undefined): void {
  if (emoji !== undefined && !isEmoji(emoji)) throw invalidField('/body/emoji', 'must be one emoji (e.g. "📘") or its code points (e.g. "1f4d8"), or empty');
}

export async function createSpace(ctx: AppContext, actor: Actor, orgId: string, body: RequestBody<'createSpace'>): Promise<LoadedSpace> {
  checkEmoji(body.emoji);
  // GitBook's space from a template: the template's pages are the space's first edit, in the same transaction.
  let templatePages: ContentEdit[] | undefined;
  if (body.template) {
    if (body.empty) throw invalidField('/body/empty', 'a space made from a template is not empty: give `template` or `empty`, not both');
    const ref = Object.keys(body.template.params?.contentRefs ?? {})[0];
    if (ref !== undefined) throw invalidField(`/body/template/params/contentRefs/${ref}/file`, 'a new space has no files to refer to (apply the template with POST …/content/template once the file is uploaded)');
    const template = TEMPLATES.find((t) => t.id === body.template!.id);
    if (!template) throw invalidField('/body/template/id', `is not a template (built-in templates: ${TEMPLATES.map((t) => t.id).join(', ')})`);
    templatePages = templateEdits(template, {});
    await prepareEdits(templatePages);
  }
  if (body.computedSource) templatePages = await computedSpaceEdits(ctx, orgId, body);
  const id = await ctx.db.transaction().execute(async (tx) => {
    await locks.organizations(ctx, tx, [orgId]);
    return insertSpace(ctx, tx, actor, orgId, body, templatePages);
  });
  return reload(ctx, actor, id);
}

/**
 * GitBook's space from a computed content source: one computed page with the source (the engine checks its props);
 * only `builtin:openapi`, on a specification of the organization (checked here to name GitBook's fields).
 */
async function computedSpaceEdits(ctx: AppContext, orgId: string, body: RequestBody<'createSpace'>): Promise<ContentEdit[]> {
  const source = body.computedSource!;
  if (body.template) throw invalidField('/body/template', 'a space is made from a template or from a computed source, not both');
  if (body.empty) throw invalidField('/body/empty', 'a space made from a computed source is not empty: give `computedSource` or `empty`, not both');
  if (source.type !== 'builtin:openapi') {
    throw invalidField('/body/computedSource/type', `must be "builtin:openapi", not ${JSON.stringify(source.type)}: Bindery computes content from OpenAPI specifications only (its translations are runs into a target space, and integrations compute no content)`);
  }
  const ref = (source.dependencies as { spec?: { ref?: { kind?: unknown; spec?: unknown } } }).spec?.ref;
  if (!ref || ref.kind !== 'openapi' || typeof ref.spec !== 'string') {
    throw invalidField('/body/computedSource/dependencies/spec/ref', 'must be {"kind": "openapi", "spec": "<slug of an OpenAPI specification of the organization>"}');
  }
  if (!(await openapiRepo.findBySlug(ctx.db, orgId, ref.spec))) {
    throw invalidField('/body/computedSource/dependencies/spec/ref/spec', `is not an OpenAPI specification of this organization (${ref.spec})`);
  }
  const edits: ContentEdit[] = [{ op: 'createPage', type: 'computed', title: 'API reference', computed: source as Record<string, unknown> }];
  await prepareEdits(edits);
  return edits;
}

/**
 * A new space of the organization (in `tx`, which holds the organization's lock), with the template's pages as its
 * first content when given (edits already prepared): createSpace, and a site's template (applyTemplateToSite).
 */
export async function insertSpace(
  ctx: AppContext, tx: DbOrTx, actor: Actor, orgId: string, body: Pick<RequestBody<'createSpace'>, 'title' | 'emoji' | 'parent' | 'editMode' | 'language'>, templatePages?: ContentEdit[],
): Promise<string> {
  const now = ctx.clock.now().toISOString();
  const id = newId();
  const { subject } = await loadVisibleOrganization(tx, actor, orgId);
  const parentId = body.parent ?? null;
  if (parentId === null) authorizeOrganization(actor, subject.member, 'createContent');
  else await authorizeCreateIn(tx, subject, orgId, parentId, '/body/parent');
  const siblings = await treeRepo.siblings(tx, orgId, parentId);
  const revisionId = newId();
  await spacesRepo.insert(tx, {
    id, org_id: orgId, parent_id: parentId, title: body.title ?? '', emoji: body.emoji ?? '',
    visibility: parentId ? 'in-collection' : 'private', edit_mode: body.editMode ?? 'live', language: body.language ?? null,
    default_level: 'inherit', merge_rules: JSON.stringify({ type: 'inherit' }), revision_id: revisionId, share_key: null,
    sort_key: keyBetween(siblings[siblings.length - 1]?.sort_key ?? null, null),
    comments_count: 0, change_requests_count: 0, change_requests_open: 0, change_requests_draft: 0,
    created_by: actor.user.id, created_at: now, updated_at: now, deleted_at: null,
  });
  await insertFirstRevision(ctx, tx, { id: revisionId, spaceId: id, createdBy: actor.user.id });
  if (templatePages) await commitEdits(ctx, tx, { kind: 'space', spaceId: id }, templatePages, { createdBy: actor.user.id });
  await recordAudit(ctx, tx, actor, orgId, { action: 'space.created', target: { type: 'space', id, label: body.title ?? '' }, payload: { parent: parentId } });
  return id;
}

export async function getSpace(ctx: AppContext, actor: Actor, spaceId: string, shareKey?: string): Promise<LoadedSpace> {
  return loadSpace(ctx, ctx.db, actor, spaceId, 'view', { shareKey, allowDeleted: true });
}

/**
 * Which spaces of the organization a subject has `access` to (see policies/space.ts), as a filter for SQL: all of
 * them for members with a role; for guests, the spaces granted to them, those in a granted collection (or nested
 * in one), and, when `withPublic`, the public spaces.
 */
export function accessibleSpacesFilter(subject: ContentSubject, tree: CollectionTree, withPublic: boolean): SpaceFilter {
  if (subject.actor.isInstanceAdmin || subject.orgRole !== null) return { all: true };
  const spaceIds: string[] = [];
  const collectionIds: string[] = [];
  for (const key of subject.grants.keys()) {
    const [kind, id] = key.split(':') as [string, string];
    if (kind === 'space') spaceIds.push(id);
    else if (kind === 'collection') collectionIds.push(id); // site grants give nothing on content
  }
  return { all: false, spaceIds, collectionIds: [...tree.subtrees(collectionIds)], public: withPublic && subject.inOrg };
}

export async function listSpaces(ctx: AppContext, actor: Actor, orgId: string, page: PageRequest): Promise<{ items: LoadedSpace[]; next?: string; count: number }> {
  const { subject } = await loadVisibleOrganization(ctx.db, actor, orgId);
  const tree = await CollectionTree.load(ctx.db, orgId);
  const result = await spacesRepo.list(ctx.db, orgId, accessibleSpacesFilter(subject, tree, true), page, { scope: actor.user.id });
  const items = result.rows.map((space) => ({ space, access: spaceAccess(subject, space, [spaceLink(space), ...tree.chain(space.parent_id)]) }));
  return { items, next: result.next, count: result.count };
}

/** The spaces a member has a role on, with that role (GET /orgs/{org}/members/{user}/spaces). */
export async function listSpacesForMember(ctx: AppContext, actor: Actor, orgId: string, userId: string, q: QueryParams<'listSpacesForOrganizationMember'>) {
  const { subject: caller } = await loadVisibleOrganization(ctx.db, actor, orgId);
  if (userId !== actor.user.id && caller.orgRole !== 'admin') {
    // Guests do not see other members at all; members with a role see them, but only admins see their access.
    if (caller.orgRole === null) throw notFound('Member');
    throw forbidden("Only organization admins can list another member's spaces");
  }
  const member = await membersRepo.find(ctx.db, orgId, userId);
  const user = await usersRepo.findById(ctx.db, userId);
  if (!member || !user) throw notFound('Member');
  const target = await loadSubject(ctx.db, userAsActor(user), orgId);
  const tree = await CollectionTree.load(ctx.db, orgId);
  const order = q.order ?? 'desc';
  const filter = target.inOrg ? accessibleSpacesFilter(target, tree, false) : { all: false as const, spaceIds: [], collectionIds: [], public: false };
  const result = await spacesRepo.list(ctx.db, orgId, filter, q, { sort: 'createdAt', order, scope: `member:${userId}` });
  const items = result.rows.map((space) => {
    const chain = [spaceLink(space), ...tree.chain(space.parent_id)];
    return { permission: contentRole(target, chain) ?? 'read', space, access: spaceAccess(caller, space, chain) };
  });
  return { items, next: result.next, count: result.count };
}

export async function updateSpace(ctx: AppContext, actor: Actor, spaceId: string, body: RequestBody<'updateSpaceById'>): Promise<LoadedSpace> {
  const onlyEditMode = Object.keys(body).every((k) => k === 'editMode');
  if (typeof body.icon === 'string') throw invalidField('/body/icon', 'Bindery spaces have no icon by URL: set an emoji, or null to remove the emoji');
  checkEmoji(body.emoji ?? undefined);
  await withOrganizationLockOf(ctx, (db) => spacesRepo.findById(db, spaceId), async (tx) => {
    const { space } = await loadSpace(ctx, tx, actor, spaceId, onlyEditMode ? 'setEditMode' : 'update');
    const patch: Partial<SpaceRow> = { updated_at: ctx.clock.now().toISOString() };
    if (body.title !== undefined) patch.title = body.title;
    // GitBook's "remove icon or emoji": `emoji: null` and/or `icon: null` (an emoji given beside `icon: null` is set).
    if (typeof body.emoji === 'string') patch.emoji = body.emoji;
    else if (body.emoji === null || body.icon === null) patch.emoji = '';
    if (body.editMode !== undefined) patch.edit_mode = body.editMode;
    if (body.defaultLevel !== undefined) patch.default_level = body.defaultLevel;
    if (body.language !== undefined) patch.language = body.language;
    if (body.mergeRules !== undefined) patch.merge_rules = JSON.stringify(body.mergeRules);
    if (body.visibility !== undefined && body.visibility !== space.visibility) {
      if (body.visibility === 'in-collection' && !space.parent_id) throw invalidField('/body/visibility', '"in-collection" needs the space to be in a collection');
      patch.visibility = body.visibility;
      patch.share_key = body.visibility === 'share-link' ? newShareKey() : null;
    }
    await spacesRepo.update(tx, spaceId, patch);
    const levelChanged = patch.default_level !== undefined && patch.default_level !== space.default_level;
    if (patch.visibility !== undefined || levelChanged) {
      await recordAudit(ctx, tx, actor, space.org_id, {
        action: 'space.visibility_changed', target: { type: 'space', id: spaceId, label: patch.title ?? space.title },
        payload: {
          ...(patch.visibility !== undefined ? { visibility: { before: space.visibility, after: patch.visibility } } : {}),
          ...(levelChanged ? { defaultLevel: { before: space.default_level, after: patch.default_level } } : {}),
        },
      });
    }
    if (patch.visibility !== undefined) await visibilityUpdated(ctx, tx, space, patch.visibility);
  });
  return reload(ctx, actor, spaceId);
}

/** `space_visibility_updated` for the integrations covering the space (its visibility changed in `tx`). */
function visibilityUpdated(ctx: AppContext, tx: DbOrTx, space: SpaceRow, visibility: string): Promise<void> {
  return recordSpaceEvent(ctx, tx, space, { type: 'space_visibility_updated', previousVisibility: space.visibility, visibility });
}

/** Moves a space to the trash. Nothing happens (and no error) when it does not exist, is already deleted, or the caller cannot see it. */
export async function deleteSpace(ctx: AppContext, actor: Actor, spaceId: string): Promise<void> {
  await withOrganizationLockOf(ctx, (db) => spacesRepo.findById(db, spaceId), async (tx, space) => {
    if (!space || space.deleted_at) return;
    const access = await computeSpaceAccess(tx, await loadSubject(tx, actor, space.org_id), space);
    if (!access.view) return;
    authorizeSpace(access, 'delete');
    await trashSpaces(ctx, tx, [space.id]);
    await recordAudit(ctx, tx, actor, space.org_id, { action: 'space.deleted', target: { type: 'space', id: space.id, label: space.title } });
  });
}

/** Marks live spaces deleted now and schedules their purge 7 days later (in the caller's transaction). */
export async function trashSpaces(ctx: AppContext, tx: DbOrTx, spaceIds: string[]): Promise<void> {
  if (spaceIds.length === 0) return;
  const now = ctx.clock.now();
  await spacesRepo.markDeleted(tx, spaceIds, now.toISOString());
  const runAt = new Date(now.getTime() + SPACE_RETENTION_MS + SPACE_PURGE_GRACE_MS);
  for (const id of spaceIds) await enqueueJob(ctx, tx, JOB_TYPES.purgeSpace, { spaceId: id }, { runAt });
}

export async function restoreSpace(ctx: AppContext, actor: Actor, spaceId: string): Promise<LoadedSpace> {
  await withOrganizationLockOf(ctx, (db) => spacesRepo.findById(db, spaceId), async (tx, space) => {
    if (!space) throw notFound('Space');
    const access = await computeSpaceAccess(tx, await loadSubject(tx, actor, space.org_id), space);
    if (!access.view || (space.deleted_at && !canOnSpace(access, 'restore'))) throw notFound('Space');
    if (isExpired(ctx, space)) {
      throw new ApiError(404, 'Space not found: it was deleted more than 7 days ago and is permanently removed');
    }
    authorizeSpace(access, 'restore');
    if (!space.deleted_at) return;
    const patch: Partial<SpaceRow> = { deleted_at: null, updated_at: ctx.clock.now().toISOString() };
    // Its collection may be gone (deleted with its content): it comes back at the top level, private.
    if (!space.parent_id && space.visibility === 'in-collection') patch.visibility = 'private';
    const siblings = await treeRepo.siblings(tx, space.org_id, space.parent_id);
    if (siblings.some((s) => s.sort_key === space.sort_key)) patch.sort_key = keyBetween(siblings[siblings.length - 1]!.sort_key, null);
    await spacesRepo.update(tx, spaceId, patch);
    if (patch.visibility !== undefined) await visibilityUpdated(ctx, tx, space, patch.visibility);
    await recordAudit(ctx, tx, actor, space.org_id, { action: 'space.restored', target: { type: 'space', id: spaceId, label: space.title } });
  });
  return reload(ctx, actor, spaceId);
}

/** The purge job: removes a space for good once it has been deleted for 7 days; a restored space is left alone. */
export async function purgeDeletedSpace(ctx: AppContext, spaceId: string): Promise<JobResult> {
  const space = await spacesRepo.findById(ctx.db, spaceId);
  if (!space?.deleted_at) return;
  const expires = Date.parse(space.deleted_at) + SPACE_RETENTION_MS;
  // Deleted again after a restore: the latest deletion decides (its own job exists too; either one purges).
  if (ctx.clock.now().getTime() < expires) return { retryAt: new Date(expires + SPACE_PURGE_GRACE_MS) };
  await ctx.db.transaction().execute(async (tx) => {
    const cutoff = new Date(ctx.clock.now().getTime() - SPACE_RETENTION_MS).toISOString();
    if (await spacesRepo.purge(tx, spaceId, cutoff)) await grantsRepo.removeForTargets(tx, 'space', [spaceId]);
  });
}

const COPY_SUFFIX = ' (copy)';

export async function duplicateSpace(ctx: AppContext, actor: Actor, spaceId: string): Promise<LoadedSpace> {
  let id = '';
  await withOrganizationLockOf(ctx, (db) => spacesRepo.findById(db, spaceId), async (tx) => {
    const { space } = await loadSpace(ctx, tx, actor, spaceId, 'view');
    id = await duplicateSpaceIn(ctx, tx, actor, space, '/path/spaceId');
  });
  return reload(ctx, actor, id);
}

/**
 * Copies a space the caller may see next to it (its content, page history and grants), in a transaction that holds
 * the organization's lock; answers the copy's id. The caller needs the create role where the space is (`field` names
 * what the request said about the space, for the 403).
 */
export async function duplicateSpaceIn(ctx: AppContext, tx: DbOrTx, actor: Actor, space: SpaceRow, field: string): Promise<string> {
  const id = newId();
  const subject = await loadSubject(tx, actor, space.org_id);
  await authorizeCreateIn(tx, subject, space.org_id, space.parent_id, field);
  const now = ctx.clock.now().toISOString();
  const siblings = await treeRepo.siblings(tx, space.org_id, space.parent_id);
  const at = siblings.findIndex((s) => s.kind === 'space' && s.id === space.id);
  const revisionId = newId();
  await spacesRepo.insert(tx, {
    ...space,
    id,
    title: space.title.slice(0, 50 - COPY_SUFFIX.length) + COPY_SUFFIX,
    revision_id: revisionId,
    share_key: space.visibility === 'share-link' ? newShareKey() : null,
    sort_key: keyBetween(space.sort_key, siblings[at + 1]?.sort_key ?? null),
    comments_count: 0, change_requests_count: 0, change_requests_open: 0, change_requests_draft: 0,
    created_by: actor.user.id, created_at: now, updated_at: now, deleted_at: null,
  });
  await insertFirstRevision(ctx, tx, { id: revisionId, spaceId: id, createdBy: actor.user.id, copyOf: space.revision_id });
  await pageVersionsRepo.copySpace(tx, space.id, id);
  await grantsRepo.copy(tx, 'space', space.id, id, now);
  await recordAudit(ctx, tx, actor, space.org_id, { action: 'space.created', target: { type: 'space', id, label: space.title.slice(0, 50 - COPY_SUFFIX.length) + COPY_SUFFIX }, payload: { parent: space.parent_id, duplicateOf: space.id } });
  return id;
}

export async function moveSpace(ctx: AppContext, actor: Actor, spaceId: string, body: RequestBody<'moveSpace'>): Promise<LoadedSpace> {
  await withOrganizationLockOf(ctx, (db) => spacesRepo.findById(db, spaceId), async (tx) => {
    const { space } = await loadSpace(ctx, tx, actor, spaceId, 'move');
    const subject = await loadSubject(tx, actor, space.org_id);
    const parentId = body.parent === undefined ? space.parent_id : body.parent;
    if (parentId !== space.parent_id) await authorizeCreateIn(tx, subject, space.org_id, parentId, '/body/parent');
    const siblings = await treeRepo.siblings(tx, space.org_id, parentId);
    const sortKey = keyForPosition(siblings, { kind: 'space', id: space.id }, body.position as Position | undefined);
    const patch: Partial<SpaceRow> = { parent_id: parentId, sort_key: sortKey, updated_at: ctx.clock.now().toISOString() };
    if (parentId === null && space.visibility === 'in-collection') patch.visibility = 'private';
    await spacesRepo.update(tx, space.id, patch);
    if (patch.visibility !== undefined) await visibilityUpdated(ctx, tx, space, patch.visibility);
    if (parentId !== space.parent_id) {
      await recordAudit(ctx, tx, actor, space.org_id, { action: 'space.moved', target: { type: 'space', id: space.id, label: space.title }, payload: { parent: { before: space.parent_id, after: parentId } } });
    }
  });
  return reload(ctx, actor, spaceId);
}

/** Checks that the caller administers both organizations (instance administrators administer all). */
export async function authorizeTransfer(db: DbOrTx, actor: Actor, fromOrg: string, toOrg: string): Promise<void> {
  const target = await organizationsRepo.findById(db, toOrg);
  const targetSubject = target ? await loadSubject(db, actor, toOrg) : undefined;
  if (!target || !targetSubject || !(targetSubject.inOrg || actor.isInstanceAdmin)) throw missing('Organization', '/body/organization');
  const source = await loadSubject(db, actor, fromOrg);
  if (source.orgRole !== 'admin' || targetSubject.orgRole !== 'admin') {
    throw forbidden('Transferring content needs the admin role in both organizations');
  }
}

export async function transferSpace(ctx: AppContext, actor: Actor, spaceId: string, toOrg: string): Promise<LoadedSpace> {
  const before = await spacesRepo.findById(ctx.db, spaceId);
  await ctx.db.transaction().execute(async (tx) => {
    await locks.organizations(ctx, tx, [before?.org_id ?? '', toOrg].filter(Boolean));
    const { space } = await loadSpace(ctx, tx, actor, spaceId, 'view');
    if (space.org_id !== before?.org_id) throw conflict('The space was moved meanwhile; try again');
    if (space.org_id === toOrg) throw conflict('The space already belongs to this organization');
    await authorizeTransfer(tx, actor, space.org_id, toOrg);
    const siblings = await treeRepo.siblings(tx, toOrg, null);
    await spacesRepo.update(tx, space.id, {
      org_id: toOrg, parent_id: null, sort_key: keyBetween(siblings[siblings.length - 1]?.sort_key ?? null, null),
      visibility: space.visibility === 'in-collection' ? 'private' : space.visibility, updated_at: ctx.clock.now().toISOString(),
    });
    // Grants name users and teams of the old organization; its invite links to the space would make members of it.
    await grantsRepo.removeForTargets(tx, 'space', [space.id]);
    await invitesRepo.deleteForContent(tx, [space.id], []);
    // The old organization's sites no longer publish it (sites publish their own organization's spaces). Adding a
    // space to a site holds the organization's lock first (services/sites.ts changeSite), so none is added meanwhile.
    const sites = [...(await sitesRepo.sitesWithSpace(tx, space.org_id, space.id))].sort();
    if (sites.length) {
      await sitesRepo.deleteSiteSpacesOfSpace(tx, sites, space.id);
      for (const siteId of sites) await sitesRepo.touch(tx, siteId, ctx.clock.now().toISOString());
    }
    // Nor do its integrations' installations cover it.
    await unbindSpacesLeaving(ctx, tx, space.org_id, [space.id]);
    // Its computed pages are made from the new organization's specs (not the old one's).
    await recomputeTransferredSpaces(ctx, tx, [space.id]);
    // Both organizations' logs show it: it left one and arrived in the other.
    for (const orgId of [space.org_id, toOrg]) {
      await recordAudit(ctx, tx, actor, orgId, { action: 'space.transferred', target: { type: 'space', id: space.id, label: space.title }, payload: { organization: { before: space.org_id, after: toOrg } } });
    }
  });
  return reload(ctx, actor, spaceId);
}

// Collection commands: create, read, list, update, delete (with the content it holds), move, transfer.
import type { QueryParams, RequestBody } from '@bindery/api-types';
import type { AppContext } from '../context.js';
import type { DbOrTx } from '../db/database.js';
import type { PageRequest } from '../db/pagination.js';
import { conflict, invalidField, notFound } from '../errors.js';
import { keyBetween } from '../content/fractional-index.js';
import { newId } from '../lib/ids.js';
import { authorizeCollection, canOnCollection, collectionAccess, type CollectionAccess, type CollectionAction } from '../policies/collection.js';
import { authorizeOrganization } from '../policies/organization.js';
import { spaceAccess } from '../policies/space.js';
import { invitesRepo } from '../repos/organizations.repo.js';
import { collectionsRepo, type CollectionRow } from '../repos/collections.repo.js';
import { grantsRepo } from '../repos/grants.repo.js';
import { sitesRepo } from '../repos/sites.repo.js';
import { spacesRepo } from '../repos/spaces.repo.js';
import { treeRepo } from '../repos/tree.repo.js';
import type { Actor } from './auth.js';
import {
  CollectionTree, collectionChain, computeCollectionAccess, loadSubject, loadVisibleOrganization, spaceLink,
} from './content-access.js';
import { keyForPosition, type Position } from './positions.js';
import { authorizeCreateIn, authorizeTransfer, trashSpaces, type LoadedSpace } from './spaces.js';
import { locks, withOrganizationLockOf } from '../repos/locks.js';
import { recordAudit } from './audit.js';
import { unbindSpacesLeaving } from './integration-events.js';
import { recomputeTransferredSpaces } from '../engine/index.js';

export interface LoadedCollection {
  collection: CollectionRow;
  access: CollectionAccess;
}

/** Loads a collection and checks `action`: 404 when it does not exist or the caller cannot see it, 403 when they may not act. */
export async function loadCollection(db: DbOrTx, actor: Actor, collectionId: string, action: CollectionAction): Promise<LoadedCollection> {
  const collection = await collectionsRepo.findById(db, collectionId);
  if (!collection) throw notFound('Collection');
  const access = await computeCollectionAccess(db, await loadSubject(db, actor, collection.org_id), collection);
  authorizeCollection(access, action);
  return { collection, access };
}

async function reload(ctx: AppContext, actor: Actor, id: string): Promise<LoadedCollection> {
  const collection = await collectionsRepo.findById(ctx.db, id);
  if (!collection) throw notFound('Collection');
  return { collection, access: await computeCollectionAccess(ctx.db, await loadSubject(ctx.db, actor, collection.org_id), collection) };
}

export async function createCollection(ctx: AppContext, actor: Actor, orgId: string, body: RequestBody<'createCollection'>): Promise<LoadedCollection> {
  const id = newId();
  await ctx.db.transaction().execute(async (tx) => {
    await locks.organizations(ctx, tx, [orgId]);
    const { subject } = await loadVisibleOrganization(tx, actor, orgId);
    const parentId = body?.parent ?? null;
    if (parentId === null) authorizeOrganization(actor, subject.member, 'createContent');
    else await authorizeCreateIn(tx, subject, orgId, parentId, '/body/parent');
    const siblings = await treeRepo.siblings(tx, orgId, parentId);
    const now = ctx.clock.now().toISOString();
    await collectionsRepo.insert(tx, {
      id, org_id: orgId, parent_id: parentId, title: body?.title ?? '', description: null, default_level: 'inherit',
      sort_key: keyBetween(siblings[siblings.length - 1]?.sort_key ?? null, null), created_by: actor.user.id, created_at: now, updated_at: now,
    });
    await recordAudit(ctx, tx, actor, orgId, { action: 'collection.created', target: { type: 'collection', id, label: body?.title ?? '' }, payload: { parent: parentId } });
  });
  return reload(ctx, actor, id);
}

export async function getCollection(ctx: AppContext, actor: Actor, id: string): Promise<LoadedCollection> {
  return loadCollection(ctx.db, actor, id, 'view');
}

export async function listCollections(ctx: AppContext, actor: Actor, orgId: string, q: QueryParams<'listCollectionsInOrganizationById'>) {
  const { subject } = await loadVisibleOrganization(ctx.db, actor, orgId);
  const tree = await CollectionTree.load(ctx.db, orgId);
  // Members with a role see every collection; guests those granted to them and what is nested in them.
  let onlyIds: string[] | undefined;
  if (!actor.isInstanceAdmin && subject.orgRole === null) {
    const granted = [...subject.grants.keys()].filter((k) => k.startsWith('collection:')).map((k) => k.slice('collection:'.length));
    onlyIds = [...tree.subtrees(granted)];
  }
  const page = await collectionsRepo.list(ctx.db, orgId, { nested: q.nested ?? true, onlyIds }, q);
  const items = page.rows.map((collection) => ({ collection, access: collectionAccess(subject, tree.chain(collection.id)) }));
  return { items, next: page.next, count: page.count };
}

export async function listSpacesInCollection(ctx: AppContext, actor: Actor, id: string, page: PageRequest): Promise<{ items: LoadedSpace[]; next?: string; count: number }> {
  const { collection } = await loadCollection(ctx.db, actor, id, 'view');
  const subject = await loadSubject(ctx.db, actor, collection.org_id);
  const chain = await collectionChain(ctx.db, collection.id);
  // Whoever sees the collection has a role on everything in it (roles flow down), so no space is filtered out.
  const result = await spacesRepo.listInCollection(ctx.db, collection.id, page);
  const items = result.rows.map((space) => ({ space, access: spaceAccess(subject, space, [spaceLink(space), ...chain]) }));
  return { items, next: result.next, count: result.count };
}

export async function updateCollection(ctx: AppContext, actor: Actor, id: string, body: RequestBody<'updateCollectionById'>): Promise<LoadedCollection> {
  await withOrganizationLockOf(ctx, (db) => collectionsRepo.findById(db, id), async (tx) => {
    const { collection } = await loadCollection(tx, actor, id, 'update');
    const patch: Partial<CollectionRow> = { updated_at: ctx.clock.now().toISOString() };
    if (body.title !== undefined) patch.title = body.title;
    if (body.description !== undefined) patch.description = body.description;
    if (body.defaultLevel !== undefined) patch.default_level = body.defaultLevel;
    await collectionsRepo.update(tx, id, patch);
    if (patch.default_level !== undefined && patch.default_level !== collection.default_level) {
      await recordAudit(ctx, tx, actor, collection.org_id, { action: 'collection.visibility_changed', target: { type: 'collection', id, label: patch.title ?? collection.title }, payload: { defaultLevel: { before: collection.default_level, after: patch.default_level } } });
    }
  });
  return reload(ctx, actor, id);
}

/**
 * Deletes a collection and the collections nested in it. The spaces they hold are not lost: they go to the trash
 * (restorable for 7 days, at the top level of the organization). 204 also when it does not exist or is not visible.
 */
export async function deleteCollection(ctx: AppContext, actor: Actor, id: string): Promise<void> {
  await withOrganizationLockOf(ctx, (db) => collectionsRepo.findById(db, id), async (tx, collection) => {
    if (!collection) return;
    const access = await computeCollectionAccess(tx, await loadSubject(tx, actor, collection.org_id), collection);
    if (!canOnCollection(access, 'view')) return;
    authorizeCollection(access, 'delete');
    const ids = await collectionsRepo.subtreeIds(tx, id);
    const spaces = await spacesRepo.liveInCollections(tx, ids);
    await trashSpaces(ctx, tx, spaces.map((s) => s.id));
    // They lose their parent (foreign key `on delete set null`): they would come back at the end of the top
    // level, in the order they had.
    let last = (await treeRepo.siblings(tx, collection.org_id, null)).at(-1)?.sort_key ?? null;
    for (const s of spaces.sort((a, b) => (a.sort_key < b.sort_key ? -1 : a.sort_key > b.sort_key ? 1 : 0))) {
      last = keyBetween(last, null);
      await spacesRepo.update(tx, s.id, { sort_key: last });
    }
    await grantsRepo.removeForTargets(tx, 'collection', ids);
    await collectionsRepo.deleteMany(tx, ids);
    await recordAudit(ctx, tx, actor, collection.org_id, { action: 'collection.deleted', target: { type: 'collection', id, label: collection.title }, payload: { collections: ids, spacesTrashed: spaces.map((s) => s.id) } });
  });
}

export async function moveCollection(ctx: AppContext, actor: Actor, id: string, body: RequestBody<'moveCollection'>): Promise<LoadedCollection> {
  await withOrganizationLockOf(ctx, (db) => collectionsRepo.findById(db, id), async (tx) => {
    const { collection } = await loadCollection(tx, actor, id, 'move');
    const parentId = body.parent === undefined ? collection.parent_id : body.parent;
    if (parentId === collection.parent_id && !body.position) throw conflict('The collection is already there: give another `parent` or a `position`');
    if (parentId !== null && parentId !== collection.parent_id) {
      if (parentId === collection.id) throw invalidField('/body/parent', 'a collection cannot be moved into itself');
      const target = await collectionsRepo.ancestry(tx, parentId);
      if (target.some((c) => c.id === collection.id)) throw invalidField('/body/parent', 'a collection cannot be moved into one of its own descendants');
    }
    if (parentId !== collection.parent_id) {
      await authorizeCreateIn(tx, await loadSubject(tx, actor, collection.org_id), collection.org_id, parentId, '/body/parent');
    }
    const siblings = await treeRepo.siblings(tx, collection.org_id, parentId);
    const sortKey = keyForPosition(siblings, { kind: 'collection', id: collection.id }, body.position as Position | undefined);
    await collectionsRepo.update(tx, id, { parent_id: parentId, sort_key: sortKey, updated_at: ctx.clock.now().toISOString() });
    if (parentId !== collection.parent_id) {
      await recordAudit(ctx, tx, actor, collection.org_id, { action: 'collection.moved', target: { type: 'collection', id, label: collection.title }, payload: { parent: { before: collection.parent_id, after: parentId } } });
    }
  });
  return reload(ctx, actor, id);
}

export async function transferCollection(ctx: AppContext, actor: Actor, id: string, toOrg: string): Promise<LoadedCollection> {
  const before = await collectionsRepo.findById(ctx.db, id);
  await ctx.db.transaction().execute(async (tx) => {
    await locks.organizations(ctx, tx, [before?.org_id ?? '', toOrg].filter(Boolean));
    const { collection } = await loadCollection(tx, actor, id, 'view');
    if (collection.org_id !== before?.org_id) throw conflict('The collection was moved meanwhile; try again');
    if (collection.org_id === toOrg) throw conflict('The collection already belongs to this organization');
    await authorizeTransfer(tx, actor, collection.org_id, toOrg);
    const ids = await collectionsRepo.subtreeIds(tx, id);
    const spaceIds = (await spacesRepo.idsInCollections(tx, ids)).map((s) => s.id);
    const siblings = await treeRepo.siblings(tx, toOrg, null);
    const now = ctx.clock.now().toISOString();
    await collectionsRepo.moveToOrganization(tx, ids, toOrg, now);
    await collectionsRepo.update(tx, id, { parent_id: null, sort_key: keyBetween(siblings[siblings.length - 1]?.sort_key ?? null, null) });
    await spacesRepo.moveToOrganization(tx, spaceIds, toOrg, now);
    // Grants name users and teams of the old organization; its invite links to them would make members of it.
    await grantsRepo.removeForTargets(tx, 'collection', ids);
    await grantsRepo.removeForTargets(tx, 'space', spaceIds);
    await invitesRepo.deleteForContent(tx, spaceIds, ids);
    // The old organization's sites no longer publish its spaces (as a space's own transfer, services/spaces.ts).
    for (const siteId of await sitesRepo.deleteSiteSpacesOfSpacesIn(tx, collection.org_id, spaceIds)) await sitesRepo.touch(tx, siteId, now);
    await unbindSpacesLeaving(ctx, tx, collection.org_id, spaceIds);
    // Their computed pages are made from the new organization's specs (not the old one's).
    await recomputeTransferredSpaces(ctx, tx, spaceIds);
    for (const orgId of [collection.org_id, toOrg]) {
      await recordAudit(ctx, tx, actor, orgId, { action: 'collection.transferred', target: { type: 'collection', id, label: collection.title }, payload: { organization: { before: collection.org_id, after: toOrg }, collections: ids, spaces: spaceIds } });
    }
  });
  return reload(ctx, actor, id);
}

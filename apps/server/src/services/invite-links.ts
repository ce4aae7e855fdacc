// Invite links (GitBook's `OrganizationInviteLink`): to the organization (`role`: whoever joins becomes a member with
// it), to a space or to a collection (`level`: whoever joins becomes a member, a guest when they were not one, and is
// granted `level` on it, the grant `inviteToSpace` / `inviteToCollection` make). Create, list, read, change, delete,
// and join. Who manages a link: organization admins; for a link to content, also the admins of that space or
// collection (GitBook's `viewInviteLinks`). See docs/permissions.md, "Invite links".
import type { AppContext } from '../context.js';
import type { DbOrTx } from '../db/database.js';
import type { PageRequest } from '../db/pagination.js';
import { ApiError, forbidden, invalidField, notFound } from '../errors.js';
import { newId } from '../lib/ids.js';
import { canOnCollection, type CollectionAccess } from '../policies/collection.js';
import { contentRole, makeSubject, type ContentSubject } from '../policies/content.js';
import { organizationPermissions } from '../policies/organization.js';
import { asRole, atLeast, type Role } from '../policies/roles.js';
import { canOnSpace, type SpaceAccess } from '../policies/space.js';
import type { CollectionRow } from '../repos/collections.repo.js';
import { collectionsRepo } from '../repos/collections.repo.js';
import { grantsRepo } from '../repos/grants.repo.js';
import { locks } from '../repos/locks.js';
import { invitesRepo, membersRepo, organizationsRepo, type InviteListScope, type InviteRow } from '../repos/organizations.repo.js';
import { spacesRepo, type SpaceRow } from '../repos/spaces.repo.js';
import { recordAudit } from './audit.js';
import type { Actor } from './auth.js';
import { loadCollection } from './collections.js';
import { collectionChain, computeCollectionAccess, computeSpaceAccess, isExpired, loadSubject, spaceChain, userGrants } from './content-access.js';
import { assertNotBoundElsewhere } from './membership.js';
import { findMemberWithUser, type MemberWithUser } from './members.js';
import { loadOrganization } from './organizations.js';
import { loadSpace } from './spaces.js';

/** What a link is to, with the caller's access to it (a link to content). */
export type InviteTarget =
  | { kind: 'organization' }
  | { kind: 'space'; space: SpaceRow; access: SpaceAccess }
  | { kind: 'collection'; collection: CollectionRow; access: CollectionAccess };

export interface InviteLink {
  row: InviteRow;
  target: InviteTarget;
}

/** The request's fields (GitBook's `CreateOrganizationInvite`, one flat object in Bindery's spec). */
export interface CreateInviteBody {
  role?: string | null;
  level?: string | null;
  space?: string;
  collection?: string;
}

type Wanted = { kind: 'organization'; role: string | null } | { kind: 'space' | 'collection'; id: string; level: Role };

const ROLE_LIST = '`admin`, `create`, `edit`, `review`, `comment` or `read`';

/** Which of GitBook's three forms the body is; a 400 naming the field when it mixes them. */
function wantedLink(body: CreateInviteBody): Wanted {
  if (body.space !== undefined && body.collection !== undefined) {
    throw invalidField('/body/collection', 'cannot be given with `space`: an invite link is to one space or one collection');
  }
  const contentKind = body.space !== undefined ? 'space' : body.collection !== undefined ? 'collection' : null;
  if (contentKind) {
    if (body.role !== undefined) {
      throw invalidField('/body/role', `is the organization role of an invite link to the organization; a link to a ${contentKind} gives \`level\` on it`);
    }
    if (body.level === undefined) throw invalidField('/body/level', `is required with \`${contentKind}\`: the role on the ${contentKind} whoever joins is granted`);
    const level = asRole(body.level);
    if (!level) throw invalidField('/body/level', `must be a role (${ROLE_LIST}): an invite link to a ${contentKind} grants a role on it`);
    return { kind: contentKind, id: (contentKind === 'space' ? body.space : body.collection)!, level };
  }
  if (body.level !== undefined) {
    throw invalidField('/body/level', 'is for an invite link to a space or collection: give `space` or `collection` with it (or `role` for a link to the organization)');
  }
  if (body.role === undefined) throw invalidField('/body/role', 'is required (or `level` with `space` or `collection` for a link to a space or collection)');
  return { kind: 'organization', role: body.role };
}

/** A 404 naming `field` from a failed load of the space or collection it names (the message says why). */
function naming(err: unknown, field: string): never {
  if (err instanceof ApiError && err.status === 404) throw new ApiError(404, `${err.message} (${field})`);
  throw err;
}

/**
 * The space a request names, for a caller who must administer it (404 naming `field` when it is not a space of `orgId`
 * the caller can see, 403 below admin). `allowDeleted`: a space in the trash too (its admins still manage its links).
 */
async function adminSpace(ctx: AppContext, db: DbOrTx, actor: Actor, orgId: string, id: string, field: string, allowDeleted: boolean): Promise<InviteTarget & { kind: 'space' }> {
  const { space, access } = await loadSpace(ctx, db, actor, id, 'invite', { allowDeleted }).catch((e: unknown) => naming(e, field));
  if (space.org_id !== orgId) throw new ApiError(404, `Space not found (${field}): it is not a space of this organization`);
  return { kind: 'space', space, access };
}

async function adminCollection(db: DbOrTx, actor: Actor, orgId: string, id: string, field: string): Promise<InviteTarget & { kind: 'collection' }> {
  const { collection, access } = await loadCollection(db, actor, id, 'invite').catch((e: unknown) => naming(e, field));
  if (collection.org_id !== orgId) throw new ApiError(404, `Collection not found (${field}): it is not a collection of this organization`);
  return { kind: 'collection', collection, access };
}

/** What a stored link is to, with the caller's access; undefined when its space or collection is gone. */
async function targetOf(ctx: AppContext, db: DbOrTx, actor: Actor, row: InviteRow): Promise<InviteTarget | undefined> {
  if (row.space_id !== null) {
    const space = await spacesRepo.findById(db, row.space_id);
    if (!space || isExpired(ctx, space)) return undefined;
    return { kind: 'space', space, access: await computeSpaceAccess(db, await loadSubject(db, actor, space.org_id), space) };
  }
  if (row.collection_id !== null) {
    const collection = await collectionsRepo.findById(db, row.collection_id);
    if (!collection) return undefined;
    return { kind: 'collection', collection, access: await computeCollectionAccess(db, await loadSubject(db, actor, collection.org_id), collection) };
  }
  return { kind: 'organization' };
}

function administers(target: InviteTarget, orgAdmin: boolean): boolean {
  if (target.kind === 'space') return canOnSpace(target.access, 'invite');
  if (target.kind === 'collection') return canOnCollection(target.access, 'invite');
  return orgAdmin;
}

const ADMINS_ONLY = 'You need the admin role in this organization, or on the space or collection an invite link is to, to manage it';

/**
 * A link the caller manages: organization admins all of them, admins of a space or collection the links to it.
 * 404 for who is not in the organization; for other members 403, also for a link that does not exist (as before
 * links to content: what a non-admin may not manage is not told apart from what does not exist). Undefined when an
 * organization admin asks for a link that does not exist.
 */
async function managedLink(ctx: AppContext, db: DbOrTx, actor: Actor, orgId: string, inviteId: string): Promise<InviteLink | undefined> {
  const { member } = await loadOrganization(ctx, actor, orgId, 'view', db);
  const orgAdmin = organizationPermissions(actor, member).admin;
  const row = await invitesRepo.find(db, orgId, inviteId);
  if (!row) {
    if (orgAdmin) return undefined;
    throw forbidden(ADMINS_ONLY);
  }
  const target = await targetOf(ctx, db, actor, row);
  if (!target) {
    // Its space is past the trash's 7 days (the purge job removes it, and the link with it).
    if (orgAdmin) return undefined;
    throw forbidden(ADMINS_ONLY);
  }
  if (!administers(target, orgAdmin)) throw forbidden(ADMINS_ONLY);
  return { row, target };
}

const targetPayload = (row: InviteRow) =>
  row.space_id !== null ? { level: row.level, space: row.space_id }
    : row.collection_id !== null ? { level: row.level, collection: row.collection_id }
      : { role: row.role };

export async function createInviteLink(ctx: AppContext, actor: Actor, orgId: string, body: CreateInviteBody): Promise<InviteLink> {
  const wanted = wantedLink(body);
  return ctx.db.transaction().execute(async (tx) => {
    // Under the organization's lock: a collection is deleted (and a space transferred) under it, so the link's
    // target is still there when the link is inserted.
    await locks.organizations(ctx, tx, [orgId]);
    const { org } = await loadOrganization(ctx, actor, orgId, wanted.kind === 'organization' ? 'admin' : 'view', tx);
    const target: InviteTarget = wanted.kind === 'space' ? await adminSpace(ctx, tx, actor, orgId, wanted.id, '/body/space', false)
      : wanted.kind === 'collection' ? await adminCollection(tx, actor, orgId, wanted.id, '/body/collection')
        : { kind: 'organization' };
    if (org.invite_links !== 1) throw forbidden('Invite links are disabled for this organization (PATCH inviteLinks: true)');
    const row: InviteRow = {
      id: newId(), org_id: orgId, role: wanted.kind === 'organization' ? wanted.role : null, created_by: actor.user.id, created_at: ctx.clock.now().toISOString(),
      space_id: wanted.kind === 'space' ? wanted.id : null, collection_id: wanted.kind === 'collection' ? wanted.id : null,
      level: wanted.kind === 'organization' ? null : wanted.level,
    };
    await invitesRepo.insert(tx, row);
    await recordAudit(ctx, tx, actor, orgId, { action: 'invite_link.created', target: { type: 'invite', id: row.id }, payload: targetPayload(row) });
    return { row, target };
  });
}

export interface ListInviteQuery extends PageRequest {
  space?: string;
  collection?: string;
}

/** The links to the organization (its admins), or with `space`/`collection` the links to that item (its admins). */
export async function listInviteLinks(ctx: AppContext, actor: Actor, orgId: string, query: ListInviteQuery) {
  if (query.space !== undefined && query.collection !== undefined) {
    throw invalidField('/query/collection', 'cannot be given with `space`: list the invite links to one space or one collection');
  }
  let target: InviteTarget;
  let scope: InviteListScope;
  if (query.space !== undefined) {
    await loadOrganization(ctx, actor, orgId);
    target = await adminSpace(ctx, ctx.db, actor, orgId, query.space, '/query/space', true);
    scope = { kind: 'space', id: query.space };
  } else if (query.collection !== undefined) {
    await loadOrganization(ctx, actor, orgId);
    target = await adminCollection(ctx.db, actor, orgId, query.collection, '/query/collection');
    scope = { kind: 'collection', id: query.collection };
  } else {
    await loadOrganization(ctx, actor, orgId, 'admin');
    target = { kind: 'organization' };
    scope = { kind: 'organization' };
  }
  const page = await invitesRepo.list(ctx.db, orgId, scope, query);
  return { ...page, links: page.rows.map((row): InviteLink => ({ row, target })) };
}

export async function getInviteLink(ctx: AppContext, actor: Actor, orgId: string, inviteId: string): Promise<InviteLink> {
  const link = await managedLink(ctx, ctx.db, actor, orgId, inviteId);
  if (!link) throw notFound('Invite');
  return link;
}

/**
 * Changes the role (a link to the organization) or level (a link to content) the link gives to whoever joins with
 * it from now on; members who joined before keep what they got.
 */
export async function updateInviteLink(ctx: AppContext, actor: Actor, orgId: string, inviteId: string, body: { role?: string | null; level?: string | null }): Promise<InviteLink> {
  if (body.role !== undefined && body.level !== undefined) {
    throw invalidField('/body/level', 'cannot be given with `role`: a link to the organization takes `role`, a link to a space or collection `level`');
  }
  if (body.role === undefined && body.level === undefined) {
    throw invalidField('/body/role', 'is required (or `level` for a link to a space or collection)');
  }
  return ctx.db.transaction().execute(async (tx) => {
    // Compare-and-set, so that of two changes at once each records the value it really replaced.
    for (;;) {
      const link = await managedLink(ctx, tx, actor, orgId, inviteId);
      if (!link) throw notFound('Invite');
      const { row, target } = link;
      let column: 'role' | 'level';
      let value: string | null;
      if (target.kind === 'organization') {
        if (body.level !== undefined) throw invalidField('/body/level', 'is for an invite link to a space or collection; this link is to the organization: give `role`');
        column = 'role';
        value = body.role!;
      } else {
        if (body.role !== undefined) throw invalidField('/body/role', `is for an invite link to the organization; this link is to a ${target.kind}: give \`level\``);
        const level = asRole(body.level);
        if (!level) throw invalidField('/body/level', `must be a role (${ROLE_LIST}): an invite link to a ${target.kind} grants a role on it`);
        column = 'level';
        value = level;
      }
      const before = row[column];
      if (before === value) return link;
      if (!(await invitesRepo.updateFrom(tx, orgId, inviteId, column, before, value))) continue;
      await recordAudit(ctx, tx, actor, orgId, { action: 'invite_link.updated', target: { type: 'invite', id: inviteId }, payload: { [column]: { before, after: value } } });
      return { row: { ...row, [column]: value }, target };
    }
  });
}

export async function deleteInviteLink(ctx: AppContext, actor: Actor, orgId: string, inviteId: string): Promise<void> {
  await ctx.db.transaction().execute(async (tx) => {
    const link = await managedLink(ctx, tx, actor, orgId, inviteId);
    if (!link) {
      // An organization admin: a link past its space's trash is deleted too; none at all is a 204 that does nothing.
      if (await invitesRepo.delete(tx, orgId, inviteId)) await recordAudit(ctx, tx, actor, orgId, { action: 'invite_link.deleted', target: { type: 'invite', id: inviteId } });
      return;
    }
    if (await invitesRepo.delete(tx, orgId, inviteId)) {
      await recordAudit(ctx, tx, actor, orgId, { action: 'invite_link.deleted', target: { type: 'invite', id: inviteId }, payload: targetPayload(link.row) });
    }
  });
}

/** The joiner's membership and grants in the organization, as the content policies take them. */
async function joinerSubject(db: DbOrTx, actor: Actor, orgId: string): Promise<ContentSubject> {
  return makeSubject(actor, orgId, await membersRepo.find(db, orgId, actor.user.id), await userGrants(db, orgId, actor.user.id));
}

const INVITE_GONE = 'Invite not found: the organization has no such invite link (it was deleted, or the space or collection it was to was deleted for good)';

/**
 * Joins with an invite link. A link to the organization: membership with its role (a member keeps theirs). A link to
 * a space or collection: membership as a guest when the caller was not a member, and `level` granted on the item
 * unless the caller already has at least that role there. Idempotent: joining again changes nothing.
 */
export async function joinWithInvite(ctx: AppContext, actor: Actor, orgId: string, inviteId: string): Promise<MemberWithUser> {
  assertNotBoundElsewhere(actor, orgId, 'join another organization');
  const invite = await invitesRepo.find(ctx.db, orgId, inviteId);
  if (!invite) throw new ApiError(404, INVITE_GONE);
  // Turning the organization's `inviteLinks` off stops every link (they work again when it is turned back on).
  const org = await organizationsRepo.findById(ctx.db, orgId);
  if (!org) throw new ApiError(404, INVITE_GONE);
  if (org.invite_links !== 1) throw forbidden('Invite links are disabled for this organization: an admin turns them back on with PATCH /v1/orgs/{organizationId} {"inviteLinks": true}');
  await ctx.db.transaction().execute(async (tx) => {
    const now = ctx.clock.now().toISOString();
    const joined = { target: { type: 'member' as const, id: actor.user.id, label: actor.user.display_name } };
    if (invite.space_id === null && invite.collection_id === null) {
      if (await membersRepo.insertIfAbsent(tx, { org_id: orgId, user_id: actor.user.id, role: invite.role, disabled: 0, sso: 0, joined_at: now, last_seen_at: null })) {
        await recordAudit(ctx, tx, actor, orgId, { action: 'member.joined', ...joined, payload: { role: invite.role, via: 'invite-link', invite: inviteId } });
      }
      return;
    }
    // As every grant: under the organization's lock (a transfer or a collection's deletion waits, or went first).
    await locks.organizations(ctx, tx, [orgId]);
    const row = await invitesRepo.find(tx, orgId, inviteId);
    if (!row) throw new ApiError(404, INVITE_GONE);
    const level = asRole(row.level)!;
    let kind: 'space' | 'collection';
    let chain;
    if (row.space_id !== null) {
      kind = 'space';
      const space = await spacesRepo.findById(tx, row.space_id);
      if (!space || isExpired(ctx, space) || space.org_id !== orgId) throw new ApiError(410, 'The space this invite link is to was deleted');
      if (space.deleted_at) {
        throw new ApiError(410, 'The space this invite link is to is in the trash: the link works again if an admin restores the space (POST /v1/spaces/{spaceId}/restore)');
      }
      chain = await spaceChain(tx, space);
    } else {
      kind = 'collection';
      const collection = await collectionsRepo.findById(tx, row.collection_id!);
      if (!collection || collection.org_id !== orgId) throw new ApiError(410, 'The collection this invite link is to was deleted');
      chain = await collectionChain(tx, collection.id);
    }
    const targetId = (row.space_id ?? row.collection_id)!;
    if (await membersRepo.insertIfAbsent(tx, { org_id: orgId, user_id: actor.user.id, role: null, disabled: 0, sso: 0, joined_at: now, last_seen_at: null })) {
      await recordAudit(ctx, tx, actor, orgId, { action: 'member.joined', ...joined, payload: { role: null, via: 'invite-link', invite: inviteId, [kind]: targetId, level } });
    }
    // Already at least `level` there (a role in the organization, a grant, a default level): nothing to grant. The
    // membership is read as it is (not as the caller's token may use it: an organization requiring single sign-on
    // refuses other tokens to its members, which does not make the link give less).
    if (atLeast(contentRole(await joinerSubject(tx, actor, orgId), chain), level)) return;
    const outcome = await grantsRepo.upsert(tx, {
      target_kind: kind, target_id: targetId, principal_kind: 'user', principal_id: actor.user.id, org_id: orgId, role: level, created_at: now, updated_at: now,
    });
    if (outcome !== 'unchanged') {
      await recordAudit(ctx, tx, actor, orgId, {
        action: outcome === 'granted' ? 'permission.granted' : 'permission.changed',
        target: { type: kind, id: targetId },
        payload: { principal: { type: 'user', id: actor.user.id }, role: level, via: 'invite-link', invite: inviteId },
      });
    }
  });
  const found = await findMemberWithUser(ctx.db, orgId, actor.user.id);
  if (!found) throw notFound('Member');
  return found;
}

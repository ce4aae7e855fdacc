// Loads what the content policies need: the caller's membership and grants in an organization (the subject), and
// the chain of collections above a space or collection. The decisions themselves are in policies/.
import type { AppContext } from '../context.js';
import type { DbOrTx } from '../db/database.js';
import { sql } from 'kysely';
import { ApiError, notFound } from '../errors.js';
import { DAY_MS } from '../lib/clock.js';
import { authorizeOrganization } from '../policies/organization.js';
import { grantKey, makeSubject, type ChainLink, type ContentKind, type ContentSubject } from '../policies/content.js';
import { collectionAccess, type CollectionAccess } from '../policies/collection.js';
import { spaceAccess, type SpaceAccess } from '../policies/space.js';
import { highest, asRole, type Role } from '../policies/roles.js';
import { collectionsRepo, type CollectionNode, type CollectionRow } from '../repos/collections.repo.js';
import { grantsRepo } from '../repos/grants.repo.js';
import { membersRepo, organizationsRepo, type OrgRow } from '../repos/organizations.repo.js';
import type { SpaceRow } from '../repos/spaces.repo.js';
import type { Actor } from './auth.js';
import { callerMembership } from './membership.js';

/** How long a deleted space can be restored. */
export const SPACE_RETENTION_MS = 7 * DAY_MS;
/** The purge job runs this long after the retention ends (restore already answers 404 from the first instant). */
export const SPACE_PURGE_GRACE_MS = 60_000;

export async function loadSubject(db: DbOrTx, actor: Actor, orgId: string): Promise<ContentSubject> {
  const member = await callerMembership(db, actor, orgId);
  return makeSubject(actor, orgId, member, member && !member.disabled ? await userGrants(db, orgId, actor.user.id) : new Map());
}

/** A user's grants in an organization by content item (grantKey), the highest role where several apply. */
export async function userGrants(db: DbOrTx, orgId: string, userId: string): Promise<Map<string, Role>> {
  const grants = new Map<string, Role>();
  for (const g of await grantsRepo.forUser(db, orgId, userId)) {
    const key = grantKey(g.target_kind as ContentKind, g.target_id);
    const role = highest(grants.get(key), asRole(g.role));
    if (role) grants.set(key, role);
  }
  return grants;
}

/** The organization, for a caller who must be able to see it (404 otherwise). */
export async function loadVisibleOrganization(db: DbOrTx, actor: Actor, orgId: string): Promise<{ org: OrgRow; subject: ContentSubject }> {
  const org = await organizationsRepo.findById(db, orgId);
  if (!org) throw notFound('Organization');
  const subject = await loadSubject(db, actor, orgId);
  authorizeOrganization(actor, subject.member, 'view');
  return { org, subject };
}

const link = (kind: ContentKind, id: string, defaultLevel: string | null): ChainLink => ({ kind, id, defaultLevel });

/** The organization's collections in memory, to build many chains without a query each. */
export class CollectionTree {
  private readonly byId: Map<string, CollectionNode>;
  private readonly children = new Map<string | null, string[]>();

  constructor(nodes: CollectionNode[]) {
    this.byId = new Map(nodes.map((n) => [n.id, n]));
    for (const n of nodes) {
      const list = this.children.get(n.parent_id) ?? [];
      list.push(n.id);
      this.children.set(n.parent_id, list);
    }
  }

  static async load(db: DbOrTx, orgId: string): Promise<CollectionTree> {
    return new CollectionTree(await collectionsRepo.allNodes(db, orgId));
  }

  /** The collection and its ancestors, nearest first. */
  chain(collectionId: string | null): ChainLink[] {
    const out: ChainLink[] = [];
    const seen = new Set<string>();
    let id = collectionId;
    while (id && !seen.has(id)) {
      seen.add(id);
      const n = this.byId.get(id);
      if (!n) break;
      out.push(link('collection', n.id, n.default_level));
      id = n.parent_id;
    }
    return out;
  }

  /** The given collections and every collection nested in them. */
  subtrees(ids: Iterable<string>): Set<string> {
    const out = new Set<string>();
    const stack = [...ids].filter((id) => this.byId.has(id));
    while (stack.length) {
      const id = stack.pop()!;
      if (out.has(id)) continue;
      out.add(id);
      stack.push(...(this.children.get(id) ?? []));
    }
    return out;
  }
}

export async function collectionChain(db: DbOrTx, collectionId: string | null): Promise<ChainLink[]> {
  if (!collectionId) return [];
  return (await collectionsRepo.ancestry(db, collectionId)).map((n) => link('collection', n.id, n.default_level));
}

export const spaceLink = (s: SpaceRow): ChainLink => link('space', s.id, s.default_level);

export async function spaceChain(db: DbOrTx, s: SpaceRow): Promise<ChainLink[]> {
  return [spaceLink(s), ...(await collectionChain(db, s.parent_id))];
}

export async function computeSpaceAccess(db: DbOrTx, subject: ContentSubject, s: SpaceRow, shareKey?: string): Promise<SpaceAccess> {
  return spaceAccess(subject, s, await spaceChain(db, s), shareKey);
}

export async function computeCollectionAccess(db: DbOrTx, subject: ContentSubject, c: CollectionRow): Promise<CollectionAccess> {
  return collectionAccess(subject, await collectionChain(db, c.id));
}

/** Whether a deleted space is past its 7 days (it is then treated as gone, even before the purge job runs). */
export function isExpired(ctx: AppContext, s: SpaceRow): boolean {
  return !!s.deleted_at && ctx.clock.now().getTime() - Date.parse(s.deleted_at) >= SPACE_RETENTION_MS;
}

/** A 404 that names the field of the request that points at nothing. */
export const missing = (what: string, field: string) => new ApiError(404, `${what} not found (${field})`);

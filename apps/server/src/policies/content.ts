// The one rule for roles on content (spaces and collections), shared by policies/space.ts and
// policies/collection.ts. See docs/permissions.md.
//
// A caller's role on a space or collection is the highest of:
//   1. their organization role (the instance administrator is admin everywhere; guests have none);
//   2. the roles granted on the item and on each ancestor collection, to them or to a team they are in;
//   3. for members with a role, the default level: the item's `defaultLevel`, or when it is `inherit`, the
//      nearest ancestor collection's that is not `inherit` (at the top, the organization role of 1).
// Non-members (and disabled members) have no role on the organization's content; what they may read then depends
// only on the space's visibility (policies/space.ts).
import type { MemberRow } from '../repos/organizations.repo.js';
import type { Actor } from '../services/auth.js';
import { effectiveOrgRole, isInOrganization } from './organization.js';
import { asRole, highest, type Role } from './roles.js';

export type ContentKind = 'space' | 'collection';
export type DefaultLevel = Role | null | 'inherit';

/** Who is asking, in the organization that owns the content. */
export interface ContentSubject {
  actor: Actor;
  orgId: string;
  member: MemberRow | undefined;
  /** Organization role (null for guests and non-members). */
  orgRole: Role | null;
  /** A member who is not disabled (or the instance administrator). */
  inOrg: boolean;
  /** The highest role granted to the caller (directly or through a team) per item, keyed `kind:id`. */
  grants: ReadonlyMap<string, Role>;
}

/** One item on the way from some content up to the organization: the item itself first, then its ancestors. */
export interface ChainLink {
  kind: ContentKind;
  id: string;
  defaultLevel: string | null;
}

export const grantKey = (kind: ContentKind, id: string) => `${kind}:${id}`;

export function makeSubject(actor: Actor, orgId: string, member: MemberRow | undefined, grants: ReadonlyMap<string, Role>): ContentSubject {
  const inOrg = isInOrganization(actor, member);
  return { actor, orgId, member, orgRole: effectiveOrgRole(actor, member), inOrg, grants: inOrg ? grants : new Map() };
}

/** The default level the chain gives: the first link that does not `inherit` (null when none sets one). */
export function chainDefaultLevel(chain: readonly ChainLink[]): Role | null {
  for (const link of chain) if (link.defaultLevel !== 'inherit') return asRole(link.defaultLevel);
  return null;
}

/** The caller's role on the first item of `chain` (null: no role). */
export function contentRole(subject: ContentSubject, chain: readonly ChainLink[]): Role | null {
  if (subject.actor.isInstanceAdmin) return 'admin';
  if (!subject.inOrg) return null;
  let role: Role | null = subject.orgRole;
  for (const link of chain) role = highest(role, subject.grants.get(grantKey(link.kind, link.id)));
  if (subject.orgRole !== null) role = highest(role, chainDefaultLevel(chain));
  return role;
}

/** Parses a stored default level. */
export function asDefaultLevel(v: string | null): DefaultLevel {
  return v === 'inherit' ? 'inherit' : asRole(v);
}

import type { components } from '@bindery/api-types';
import type { Config } from '../config.js';
import type { OrgRow, MemberRow, MembershipCounts } from '../repos/organizations.repo.js';
import type { InviteLink } from '../services/invite-links.js';
import { atLeast } from '../policies/roles.js';
import { presentCollection } from './collection.js';
import { presentSpace } from './space.js';
import type { UserRow } from '../repos/users.repo.js';
import type { Actor } from '../services/auth.js';
import { organizationPermissions } from '../policies/organization.js';
import { presentUser } from './user.js';

type Organization = components['schemas']['Organization'];
type Member = components['schemas']['Member'];

/** An organization's stored rules in the seed's form: no rules of its own (`none`, GitBook's word) is `inherit`. */
export function presentOrganizationMergeRules(stored: string): Organization['mergeRules'] {
  const r = JSON.parse(stored) as Organization['mergeRules'] | { type: 'none' };
  return r.type === 'none' ? { type: 'inherit' } : r;
}

export function presentOrganization(config: Config, o: OrgRow, actor: Actor, member: MemberRow | undefined): Organization {
  return {
    object: 'organization',
    id: o.id,
    title: o.title,
    createdAt: o.created_at,
    emailDomains: JSON.parse(o.email_domains) as string[],
    ...(o.hostname ? { hostname: o.hostname } : {}),
    type: o.type as Organization['type'],
    ...(o.use_case ? { useCase: o.use_case as Organization['useCase'] } : {}),
    ...(o.community_type ? { communityType: o.community_type as Organization['communityType'] } : {}),
    defaultRole: (o.default_role ?? null) as Organization['defaultRole'],
    defaultContent: o.default_content ? (JSON.parse(o.default_content) as Organization['defaultContent']) : null,
    sso: o.sso === 1,
    ai: o.ai === 1,
    inviteLinks: o.invite_links === 1,
    auditLogs: true,
    plan: o.plan as Organization['plan'],
    mergeRules: presentOrganizationMergeRules(o.merge_rules),
    urls: {
      location: `${config.publicUrl}/v1/orgs/${o.id}`,
      app: `${config.appUrl}/o/${o.id}`,
      ...(o.logo_url ? { logo: o.logo_url } : {}),
    },
    trial: { status: 'notapplicable', count: 0 },
    internal_isOnNewTrial: true,
    permissions: organizationPermissions(actor, member),
  };
}

/** How many spaces and teams a member has (counted by membersRepo.countMemberships). */
export type MemberCounts = MembershipCounts;

/** `withEmail: false` where the caller may not see members' email addresses (a list of commenters for a guest). */
export function presentMember(config: Config, m: MemberRow, user: UserRow, counts: MemberCounts, opts: { withEmail?: boolean } = {}): Member {
  return {
    object: 'member',
    id: user.id,
    role: (m.role ?? null) as Member['role'],
    user: presentUser(config, user, { withEmail: opts.withEmail !== false }),
    disabled: m.disabled === 1,
    joinedAt: m.joined_at,
    ...(m.last_seen_at ? { lastSeenAt: m.last_seen_at } : {}),
    sso: m.sso === 1,
    spaces: counts.spaces,
    teams: counts.teams,
    sites: 0,
  };
}

type InviteLinkJson = components['schemas']['OrganizationInviteLink'];
type Role = components['schemas']['MemberRole'];

/**
 * An invite link as GitBook's `OrganizationInviteLink`: to the organization (`role`), or to a space or collection
 * (`level` and the item as the caller sees it, as `getSpaceById` / `getCollectionById` answer it).
 */
export function presentInvite(config: Config, link: InviteLink): InviteLinkJson {
  const i = link.row;
  const common = {
    object: 'invite' as const,
    id: i.id,
    createdAt: i.created_at,
    urls: {
      location: `${config.publicUrl}/v1/orgs/${i.org_id}/link-invites/${i.id}`,
      invite: `${config.publicUrl}/v1/orgs/${i.org_id}/invites/${i.id}`,
    },
  };
  const t = link.target;
  if (t.kind === 'space') {
    return { ...common, level: i.level as Role, redundant: atLeast(t.access.role, i.level as Role), space: presentSpace(config, t.space, t.access) };
  }
  if (t.kind === 'collection') {
    return { ...common, level: i.level as Role, redundant: atLeast(t.access.role, i.level as Role), collection: presentCollection(config, t.collection, t.access) };
  }
  // Only organization admins see the links to the organization, and an admin already holds every role one gives.
  return { ...common, role: (i.role ?? null) as components['schemas']['MemberRoleOrGuest'], redundant: true };
}

/** A subdomain is an organization's hostname. */
export function presentSubdomain(o: OrgRow): components['schemas']['Subdomain'] {
  return { object: 'subdomain', subdomain: o.hostname!, target: { type: 'organization', organization: o.id }, isActive: true };
}

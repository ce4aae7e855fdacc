// The caller's membership of an organization, as their token allows it. Every "what is my role here" question
// goes through `callerMembership`, so two rules hold everywhere:
//   - a token from an SSO sign-in acts only within the organization that issued it (elsewhere: not a member);
//   - an organization that enforces SSO (`sso: true` with an active SAML provider) refuses its members any other
//     sign-in: 403 naming the provider's start URL. The instance administrator is exempt (break-glass).
import type { DbOrTx } from '../db/database.js';
import { ApiError } from '../errors.js';
import { membersRepo, type MemberRow } from '../repos/organizations.repo.js';
import { samlRepo } from '../repos/saml.repo.js';
import type { Actor } from './auth.js';
import { integrationMembership } from '../policies/integration-access.js';

export async function callerMembership(db: DbOrTx, actor: Actor, orgId: string): Promise<MemberRow | undefined> {
  if (actor.integration) return integrationMembership(actor, orgId);
  if (actor.ssoOrgId && actor.ssoOrgId !== orgId) return undefined;
  const found = await membersRepo.findWithOrgSso(db, orgId, actor.user.id);
  if (!found) return undefined;
  const { org_sso, ...member } = found;
  if (org_sso === 1 && actor.ssoOrgId !== orgId && !actor.isInstanceAdmin) {
    const [provider] = await samlRepo.listActive(db, orgId, 1);
    if (provider) throw ssoRequired(orgId, provider.id, provider.label);
  }
  return member;
}

/** The error a member gets when their organization requires single sign-on. */
export function ssoRequired(orgId: string, providerId: string, label: string): ApiError {
  return new ApiError(
    403,
    `The organization ${orgId} requires single sign-on: sign in with "${label}" (GET /v1/saml/${providerId}/start) and use the token it hands back`,
  );
}

/** Refuses what a token bound to one organization (an SSO session) may not do outside it. */
export function assertNotBoundElsewhere(actor: Actor, orgId: string | null, what: string): void {
  if (actor.ssoOrgId && actor.ssoOrgId !== orgId) {
    throw new ApiError(403, `This token comes from a single sign-on to the organization ${actor.ssoOrgId} and cannot ${what}`);
  }
}

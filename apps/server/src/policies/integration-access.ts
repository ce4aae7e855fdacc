// What a token that acts as an integration may call (docs/integrations.md, "Tokens and scopes").
//
// An INSTALLATION token acts within the installation's organization only, on the spaces and sites the installation
// covers (`space_selection` / `site_selection`: all of them, or those bound to it), and only through the operations
// its integration's declared scopes open. An INTEGRATION token (no installation) acts on no organization: it may
// only call the integration's own endpoints (its installations, their tokens, its space and site installations).
// Everything else answers 403 naming what is missing. Within what is allowed, the installation acts with the
// organization's admin role (callerMembership below), so the scopes and the coverage are the only limits.
import { ApiError, forbidden } from '../errors.js';
import type { MemberRow } from '../repos/organizations.repo.js';
import type { Actor } from '../services/auth.js';

export type IntegrationScope =
  | 'space:content:read' | 'space:content:write' | 'space:metadata:read' | 'space:metadata:write' | 'space:git:sync'
  | 'site:metadata:read' | 'site:adaptive:read' | 'site:adaptive:write' | 'openapi:read' | 'openapi:write';

/** What an operation needs from an integration token. */
export type IntegrationRule =
  /** Nothing: any integration token (e.g. GET /v1/user). */
  | { target: 'none' }
  /** The integration's own endpoints (`{integrationName}`), and for an installation token its own installation. */
  | { target: 'self' }
  /** An organization (`{organizationId}`) that must be the installation's; `all`: needs that selection to be `all`. */
  | { target: 'org'; anyOf: IntegrationScope[] | null; all?: 'space' | 'site' }
  /** A space (`{spaceId}`) the installation covers. */
  | { target: 'space'; anyOf: IntegrationScope[] }
  /** A site (`{siteId}`) the installation covers. */
  | { target: 'site'; anyOf: IntegrationScope[] }
  /** Never (administration: permissions, transfers, deletion, users, members ...). */
  | { target: 'refused' };

const WRITE = new Set(['post', 'put', 'patch', 'delete']);

/** The rule for an operation of the spec, by its path and method. */
export function integrationRule(method: string, path: string): IntegrationRule {
  const write = WRITE.has(method);
  if (path === '/v1/user' && method === 'get') return { target: 'none' };
  if (path === '/v1/integrations/{integrationName}') return method === 'get' ? { target: 'self' } : { target: 'refused' };
  if (path.startsWith('/v1/integrations/{integrationName}/')) {
    const rest = path.slice('/v1/integrations/{integrationName}/'.length);
    if (/^(installations|spaces|sites)$/.test(rest) && method === 'get') return { target: 'self' };
    if (/^installations\/\{installationId\}(\/(spaces|sites)(\/\{(spaceId|siteId)\})?)?$/.test(rest) && (method === 'get' || method === 'patch')) return { target: 'self' };
    if (rest === 'installations/{installationId}/tokens') return { target: 'self' };
    if (rest === 'tasks' && method === 'post') return { target: 'self' };
    return { target: 'refused' };
  }
  if (path.startsWith('/v1/spaces/{spaceId}')) {
    const rest = path.slice('/v1/spaces/{spaceId}'.length);
    if (rest === '') {
      if (method === 'get') return { target: 'space', anyOf: ['space:metadata:read', 'space:content:read'] };
      if (method === 'patch') return { target: 'space', anyOf: ['space:metadata:write'] };
      return { target: 'refused' };
    }
    if (/^\/(permissions|transfer|move|restore|duplicate)$/.test(rest)) return { target: 'refused' };
    if (rest.startsWith('/git/')) return { target: 'space', anyOf: ['space:git:sync'] };
    return { target: 'space', anyOf: write ? ['space:content:write'] : ['space:content:read', 'space:content:write'] };
  }
  if (path === '/v1/orgs/{organizationId}' && method === 'get') return { target: 'org', anyOf: null };
  if (path === '/v1/orgs/{organizationId}/spaces' && method === 'get') return { target: 'org', anyOf: ['space:metadata:read', 'space:content:read'], all: 'space' };
  if (path === '/v1/orgs/{organizationId}/sites' && method === 'get') return { target: 'org', anyOf: ['site:metadata:read'], all: 'site' };
  if (path.startsWith('/v1/orgs/{organizationId}/openapi')) return { target: 'org', anyOf: write ? ['openapi:write'] : ['openapi:read', 'openapi:write'] };
  if (path.startsWith('/v1/orgs/{organizationId}/sites/{siteId}')) {
    const rest = path.slice('/v1/orgs/{organizationId}/sites/{siteId}'.length);
    if (rest.startsWith('/adaptive-schema')) return { target: 'site', anyOf: write ? ['site:adaptive:write'] : ['site:adaptive:read', 'site:adaptive:write'] };
    if (!write) return { target: 'site', anyOf: ['site:metadata:read'] };
    return { target: 'refused' };
  }
  return { target: 'refused' };
}

export function missingScope(rule: { anyOf: IntegrationScope[] | null }, scopes: readonly string[]): string | null {
  if (!rule.anyOf || rule.anyOf.some((s) => scopes.includes(s))) return null;
  return rule.anyOf.join('" or "');
}

export const refusedCall = (operationId: string) =>
  forbidden(`An integration token cannot call ${operationId}: integrations act only through the operations their scopes open`);

export const scopeMissing = (operationId: string, scope: string) =>
  forbidden(`The integration did not declare the scope "${scope}" that ${operationId} needs`);

export const notCovered = (what: 'space' | 'site', id: string) =>
  new ApiError(403, `The installation does not cover the ${what} ${id} (its ${what}_selection is "selected" and the ${what} is not one of them)`);

/**
 * The caller's membership when it is an integration token: an installation acts in its own organization with the
 * admin role (its scopes and coverage, checked before the handler runs, are its limits); nowhere else.
 */
export function integrationMembership(actor: Actor, orgId: string): MemberRow | undefined {
  const grant = actor.integration;
  if (!grant?.installationId || grant.orgId !== orgId) return undefined;
  return { org_id: orgId, user_id: actor.user.id, role: 'admin', disabled: 0, sso: 0, joined_at: '1970-01-01T00:00:00.000Z', last_seen_at: null };
}

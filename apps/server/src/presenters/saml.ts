import type { components } from '@bindery/api-types';
import type { Config } from '../config.js';
import { isActiveProvider, type SamlProviderRow } from '../repos/saml.repo.js';
import type { TeamCounts, TeamRow } from '../repos/teams.repo.js';
import type { UserRow } from '../repos/users.repo.js';
import type { TeamPermissions } from '../policies/team.js';
import { presentTeam } from './team.js';
import { presentUser } from './user.js';

type SAMLProvider = components['schemas']['SAMLProvider'];

/** A team with what its presenter needs. */
export interface TeamView {
  row: TeamRow;
  counts: TeamCounts;
  permissions: TeamPermissions;
}

export function samlServiceUrls(config: Config, providerId: string) {
  const base = `${config.publicUrl}/v1/saml/${providerId}`;
  return { acsURL: `${base}/acs`, startURL: `${base}/start`, entityID: `${base}/metadata` };
}

export function presentSamlProvider(
  config: Config, p: SamlProviderRow, team?: TeamView,
): SAMLProvider {
  return {
    object: 'saml-provider',
    id: p.id,
    label: p.label,
    // GitBook requires these three; a provider not configured yet (`pending`) answers them empty.
    ssoURL: p.sso_url ?? '',
    entityID: p.entity_id ?? '',
    certificate: p.certificate ?? '',
    ...(team ? { defaultTeam: presentTeam(team.row, team.counts, team.permissions) } : {}),
    defaultRole: p.default_role as SAMLProvider['defaultRole'],
    createdAt: p.created_at,
    status: isActiveProvider(p) ? 'active' : 'pending',
    service: samlServiceUrls(config, p.id),
    urls: { location: `${config.publicUrl}/v1/orgs/${p.org_id}/saml/${p.id}` },
  };
}

export function presentSsoLogin(config: Config, p: SamlProviderRow): components['schemas']['SSOProviderLogin'] {
  return { id: p.id, label: p.label, startURL: samlServiceUrls(config, p.id).startURL };
}

export function presentSsoSession(config: Config, s: { user: UserRow; orgId: string; token: string; expiresAt: string }): components['schemas']['SSOSession'] {
  return { object: 'sso-session', user: presentUser(config, s.user), organization: s.orgId, token: s.token, expiresAt: s.expiresAt };
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The page a browser sees after signing in: the token, shown once. */
export function ssoSessionPage(s: { user: UserRow; token: string; expiresAt: string }): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex">` +
    `<title>Signed in to Bindery</title></head><body><main><h1>Signed in</h1>` +
    `<p>Welcome, ${escapeHtml(s.user.display_name)} (${escapeHtml(s.user.email)}).</p>` +
    `<p>Your API token (shown only once, valid until ${escapeHtml(s.expiresAt)}):</p>` +
    `<pre id="token">${escapeHtml(s.token)}</pre>` +
    `<p>Send it as <code>Authorization: Bearer &lt;token&gt;</code>.</p></main></body></html>`;
}

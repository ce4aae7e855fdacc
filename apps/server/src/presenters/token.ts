import type { components } from '@bindery/api-types';
import type { TokenRow } from '../repos/tokens.repo.js';

export function presentToken(t: TokenRow): components['schemas']['APIToken'] {
  return {
    object: 'api-token',
    id: t.id,
    label: t.label,
    createdAt: t.created_at,
    ...(t.last_used_at ? { lastUsedAt: t.last_used_at } : {}),
    ...(t.expires_at ? { expiresAt: t.expires_at } : {}),
    ...(t.sso_org_id ? { organization: t.sso_org_id } : {}),
  };
}

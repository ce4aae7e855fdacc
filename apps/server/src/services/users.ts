// Users and their API tokens (Bindery extensions; GitBook has no public endpoints for these).
import type { RequestBody } from '@bindery/api-types';
import type { AppContext } from '../context.js';
import { isUniqueViolation } from '../db/dialect.js';
import { conflict, forbidden, notFound } from '../errors.js';
import { newId } from '../lib/ids.js';
import type { PageRequest } from '../db/pagination.js';
import type { DbOrTx } from '../db/database.js';
import { integrationsRepo } from '../repos/integrations.repo.js';
import { membersRepo } from '../repos/organizations.repo.js';
import { tokensRepo, type TokenRow } from '../repos/tokens.repo.js';
import { usersRepo, type UserRow } from '../repos/users.repo.js';
import { recordAudit } from './audit.js';
import { createToken, type Actor } from './auth.js';

export async function createUser(ctx: AppContext, actor: Actor, body: RequestBody<'createUser'>, opts: { instanceAdmin?: boolean } = {}): Promise<UserRow> {
  if (!actor.isInstanceAdmin) throw forbidden('Only the instance administrator can create users');
  return insertUser(ctx, body, opts);
}

export async function insertUser(ctx: AppContext, body: { email: string; displayName: string; photoURL?: string }, opts: { instanceAdmin?: boolean } = {}): Promise<UserRow> {
  const now = ctx.clock.now().toISOString();
  const row: UserRow = {
    id: newId(),
    email: body.email,
    email_lower: body.email.toLowerCase(),
    display_name: body.displayName,
    photo_url: body.photoURL ?? null,
    is_instance_admin: opts.instanceAdmin ? 1 : 0,
    created_at: now,
    updated_at: now,
  };
  try {
    return await usersRepo.insert(ctx.db, row);
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(`A user with the email "${body.email}" already exists`);
    throw err;
  }
}

/** A user is visible to themself, the instance administrator, and the members of the organizations they share. */
export async function getVisibleUser(ctx: AppContext, actor: Actor, userId: string): Promise<UserRow> {
  const user = await usersRepo.findById(ctx.db, userId);
  if (!user) throw notFound('User');
  if (user.id === actor.user.id || actor.isInstanceAdmin) return user;
  if (await usersRepo.shareOrganization(ctx.db, actor.user.id, user.id)) return user;
  throw notFound('User');
}

/** PATCH /users/{userId}: the user themself or the instance administrator changes the display name or photo. */
export async function updateUser(ctx: AppContext, actor: Actor, userId: string, body: RequestBody<'updateUserById'>): Promise<UserRow> {
  const user = await getVisibleUser(ctx, actor, userId);
  if (user.id !== actor.user.id && !actor.isInstanceAdmin) throw forbidden('Only the user themself or the instance administrator can update a user');
  const patch = {
    ...(body.displayName !== undefined ? { display_name: body.displayName } : {}),
    ...(body.photoURL !== undefined ? { photo_url: body.photoURL } : {}),
    updated_at: ctx.clock.now().toISOString(),
  };
  await usersRepo.update(ctx.db, user.id, patch);
  return { ...user, ...patch };
}

export async function createTokenFor(ctx: AppContext, actor: Actor, userId: string, label: string) {
  const user = await getVisibleUser(ctx, actor, userId);
  if (user.id !== actor.user.id && !actor.isInstanceAdmin) throw forbidden('You can only create tokens for yourself');
  // A token made with an SSO session's token is bound like it: same organization, same end.
  const bound = user.id === actor.user.id ? { ssoOrgId: actor.ssoOrgId, expiresAt: actor.expiresAt } : {};
  return ctx.db.transaction().execute(async (tx) => {
    const made = await createToken(ctx, user.id, label, { ...bound, db: tx });
    const { row } = made;
    for (const orgId of await tokenAuditOrgs(tx, row)) {
      await recordAudit(ctx, tx, actor, orgId, {
        action: 'api_token.created', target: { type: 'api-token', id: row.id, label: row.label },
        payload: { user: user.id, expiresAt: row.expires_at, ...(row.sso_org_id ? { sso: true } : {}) },
      });
    }
    return made;
  });
}

/**
 * The organizations whose audit logs record a change to a token (tokens are a user's, not an organization's): the
 * organization a token is bound to (an SSO token's; an installation token's), else every organization its user is
 * an enabled member of — one indexed read of the user's memberships, and token changes are rare. Never the secret
 * or its hash.
 */
async function tokenAuditOrgs(tx: DbOrTx, t: Pick<TokenRow, 'user_id' | 'sso_org_id' | 'installation_id'>): Promise<string[]> {
  if (t.sso_org_id) return [t.sso_org_id];
  if (t.installation_id) {
    const inst = await integrationsRepo.findInstallationById(tx, t.installation_id);
    return inst ? [inst.org_id] : [];
  }
  return membersRepo.orgIdsOfUser(tx, t.user_id);
}

/** One page of the caller's own API tokens. */
export function listOwnTokens(ctx: AppContext, actor: Actor, page: PageRequest) {
  return tokensRepo.listForUser(ctx.db, actor.user.id, page);
}

/** Revokes one of the caller's own tokens (nothing happens for a token that is not theirs). */
export async function revokeOwnToken(ctx: AppContext, actor: Actor, tokenId: string): Promise<void> {
  await ctx.db.transaction().execute(async (tx) => {
    const gone = await tokensRepo.deleteForUser(tx, actor.user.id, tokenId);
    if (!gone) return; // not theirs, or already revoked: nothing changed
    for (const orgId of await tokenAuditOrgs(tx, { ...gone, user_id: actor.user.id })) {
      await recordAudit(ctx, tx, actor, orgId, {
        action: 'api_token.revoked', target: { type: 'api-token', id: gone.id, label: gone.label }, payload: { user: actor.user.id },
      });
    }
  });
}

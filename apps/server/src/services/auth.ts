// API tokens: random secrets shown once, stored only as SHA-256 hashes, sent as `Authorization: Bearer`.
import { hash } from 'node:crypto';
import { jwtVerify } from 'jose';
import type { AppContext } from '../context.js';
import type { DbOrTx } from '../db/database.js';
import { databaseFailureAnswer } from '../db/failures.js';
import { unauthorized } from '../errors.js';
import { randomString, newId } from '../lib/ids.js';
import { tokensRepo, type TokenRow } from '../repos/tokens.repo.js';
import type { UserRow } from '../repos/users.repo.js';

export interface Actor {
  user: UserRow;
  tokenId: string;
  isInstanceAdmin: boolean;
  /** Set when the token was issued by an organization's SSO sign-in: the actor acts only within that organization. */
  ssoOrgId: string | null;
  /** When the token stops working (null: never). */
  expiresAt: string | null;
  /**
   * Set when the token acts as an integration (`installationId` null) or one of its installations: such a token
   * may call only what policies/integration-access.ts lets it (its scopes, on the spaces and sites it covers).
   */
  integration?: IntegrationGrant;
  /**
   * Set for a site API token (the `apiToken` of `/v1/urls/published`): it reads the content of its site's spaces and
   * nothing else (GET operations under `/v1/spaces/{spaceId}`; http/middlewares.ts refuses the rest).
   */
  site?: SiteScope;
}

export interface SiteScope {
  siteId: string;
  orgId: string;
  spaces: ReadonlySet<string>;
  /** The visitor's claims the token was made for (signed ones, unsigned under `unsigned`): page conditions use them. */
  claims: Record<string, unknown>;
}

export interface IntegrationGrant {
  integrationId: string;
  installationId: string | null;
  /** What the access check loaded for this request (the installation's organization), for callerMembership. */
  orgId?: string;
}

export const TOKEN_PREFIX = 'bdy_';

export function hashToken(secret: string): string {
  // The one-shot digest: a third of createHash().update().digest() on every authenticated request.
  return hash('sha256', secret, 'hex');
}

export function generateTokenSecret(): string {
  return TOKEN_PREFIX + randomString(40);
}

/**
 * The hashes of the secrets sent lately (a client sends the same token on every call): a Map lookup instead of a
 * SHA-256 per request. Only the hash is derived from it; whether the token still works is read as before (the
 * token caches, db/read-cache.ts). Kept in memory only (never logged), bounded: cleared when it holds 1024.
 */
const sentHashes = new Map<string, string>();
const SENT_HASHES_MAX = 1024;

function hashOfSent(secret: string): string {
  let h = sentHashes.get(secret);
  if (h === undefined) {
    h = hashToken(secret);
    if (secret.length > 128) return h;
    if (sentHashes.size >= SENT_HASHES_MAX) sentHashes.clear();
    sentHashes.set(secret, h);
  }
  return h;
}

/** Only update `last_used_at` when it is older than this, so reads do not turn into writes. */
const TOUCH_INTERVAL_MS = 60_000;

/**
 * The actor of `Authorization: Bearer <token>` (401 otherwise). The token → user look-up goes through the request
 * caches (db/read-cache.ts): a revoked token, an expired one or a changed user is seen by the next request.
 */
export async function authenticate(ctx: AppContext, authorization: string | undefined): Promise<Actor> {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
  if (!match?.[1]) throw unauthorized();
  if (JWT.test(match[1])) return siteTokenActor(ctx, match[1]);
  const found = await tokensRepo.findUserByHash(ctx.db, hashOfSent(match[1]));
  if (!found) throw unauthorized();
  const now = ctx.clock.now();
  if (found.token.expires_at && Date.parse(found.token.expires_at) <= now.getTime()) throw unauthorized('The token has expired');
  const last = found.token.last_used_at ? Date.parse(found.token.last_used_at) : 0;
  if (now.getTime() - last > TOUCH_INTERVAL_MS) {
    try {
      await tokensRepo.touch(ctx.db, found.token.id, now.toISOString());
      // The row may be the cached one (db/read-cache.ts): remember the touch, so the next touch is a minute away.
      found.token.last_used_at = now.toISOString();
    } catch (err) {
      // Bookkeeping: when the database cannot take it (the token's row locked past lock_timeout, the file locked
      // by another process, a lost connection, a full disk), the request goes on without it (it failed with a 503);
      // the next request tries again.
      if (!databaseFailureAnswer(err)) throw err;
      ctx.logger.warn({ err: { message: (err as Error).message } }, "a token's last use could not be recorded");
    }
  }
  return actorOf(found.user, found.token);
}

/** A JWT (API tokens start with `bdy_`, never with a JWT's `eyJ`). */
const JWT = /^eyJ[\w-]*\.[\w-]+\.[\w-]+$/;

/**
 * The actor of a site API token: signed by this server (HS256 with the instance secret, issuer = its public URL),
 * `kind: "site"`, not expired (an hour from `/v1/urls/published`). It stands for the site's visitor, not a user: no
 * membership, no role; it may view the spaces the site published when the token was made.
 */
async function siteTokenActor(ctx: AppContext, token: string): Promise<Actor> {
  let payload: Record<string, unknown>;
  try {
    ({ payload } = await jwtVerify(token, ctx.jwtSecret, { algorithms: ['HS256'], issuer: ctx.config.publicUrl, currentDate: ctx.clock.now(), requiredClaims: ['exp'] }));
  } catch {
    throw unauthorized('The site API token is not valid or has expired: get a new one from /v1/urls/published');
  }
  const { kind, site, organization, spaces, exp, claims } = payload;
  if (kind !== 'site' || typeof site !== 'string' || typeof organization !== 'string' || !Array.isArray(spaces) || !spaces.every((s) => typeof s === 'string')) {
    throw unauthorized('The token is not a site API token');
  }
  const at = new Date(0).toISOString();
  const user: UserRow = { id: `site:${site}`, email: '', email_lower: '', display_name: 'Site visitor', photo_url: null, is_instance_admin: 0, created_at: at, updated_at: at };
  return {
    user, tokenId: `site:${site}`, isInstanceAdmin: false, ssoOrgId: null, expiresAt: new Date(Number(exp) * 1000).toISOString(),
    site: {
      siteId: site, orgId: organization, spaces: new Set(spaces as string[]),
      claims: claims && typeof claims === 'object' && !Array.isArray(claims) ? claims as Record<string, unknown> : {},
    },
  };
}

/** A user as an actor without a token (to work out what that user may do, e.g. a reviewer's permissions). */
export function userAsActor(user: UserRow): Actor {
  return { user, tokenId: '', isInstanceAdmin: user.is_instance_admin === 1, ssoOrgId: null, expiresAt: null };
}

/** The actor a token stands for. A token from an SSO sign-in never carries instance-administrator power. */
export function actorOf(user: UserRow, token: TokenRow): Actor {
  const actor: Actor = {
    user, tokenId: token.id, isInstanceAdmin: user.is_instance_admin === 1 && !token.sso_org_id,
    ssoOrgId: token.sso_org_id, expiresAt: token.expires_at,
  };
  if (token.integration_id) actor.integration = { integrationId: token.integration_id, installationId: token.installation_id };
  return actor;
}

export interface TokenOptions {
  secret?: string;
  /** When the token stops working. */
  expiresAt?: string | null;
  /** The organization whose SSO sign-in issues the token (it then acts only within it). */
  ssoOrgId?: string | null;
  /** The integration (and installation) the token acts as. */
  integrationId?: string | null;
  installationId?: string | null;
  db?: DbOrTx;
}

/** Creates a token for a user; returns the row and the secret (the only time it exists in clear). */
export async function createToken(ctx: AppContext, userId: string, label: string, opts: TokenOptions = {}) {
  const secret = opts.secret ?? generateTokenSecret();
  const row: TokenRow = {
    id: newId(), user_id: userId, label, token_hash: hashToken(secret), created_at: ctx.clock.now().toISOString(), last_used_at: null,
    expires_at: opts.expiresAt ?? null, sso_org_id: opts.ssoOrgId ?? null,
    integration_id: opts.integrationId ?? null, installation_id: opts.installationId ?? null,
  };
  await tokensRepo.insert(opts.db ?? ctx.db, row);
  return { row, secret };
}

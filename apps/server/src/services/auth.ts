// API tokens: random secrets shown once, stored only as SHA-256 hashes, sent as `Authorization: Bearer`.
import { createHash } from 'node:crypto';
import type { AppContext } from '../context.js';
import { unauthorized } from '../errors.js';
import { randomString, newId } from '../lib/ids.js';
import { tokensRepo, type TokenRow } from '../repos/tokens.repo.js';
import type { UserRow } from '../repos/users.repo.js';

export interface Actor {
  user: UserRow;
  tokenId: string;
  isInstanceAdmin: boolean;
}

export const TOKEN_PREFIX = 'bdy_';

export function hashToken(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

export function generateTokenSecret(): string {
  return TOKEN_PREFIX + randomString(40);
}

/** Only update `last_used_at` when it is older than this, so reads do not turn into writes. */
const TOUCH_INTERVAL_MS = 60_000;

export async function authenticate(ctx: AppContext, authorization: string | undefined): Promise<Actor> {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
  if (!match?.[1]) throw unauthorized();
  const found = await tokensRepo.findUserByHash(ctx.db, hashToken(match[1]));
  if (!found) throw unauthorized();
  const now = ctx.clock.now();
  const last = found.token.last_used_at ? Date.parse(found.token.last_used_at) : 0;
  if (now.getTime() - last > TOUCH_INTERVAL_MS) await tokensRepo.touch(ctx.db, found.token.id, now.toISOString());
  return { user: found.user, tokenId: found.token.id, isInstanceAdmin: found.user.is_instance_admin === 1 };
}

/** Creates a token for a user; returns the row and the secret (the only time it exists in clear). */
export async function createToken(ctx: AppContext, userId: string, label: string, secret = generateTokenSecret()) {
  const row: TokenRow = {
    id: newId(), user_id: userId, label, token_hash: hashToken(secret), created_at: ctx.clock.now().toISOString(), last_used_at: null,
  };
  await tokensRepo.insert(ctx.db, row);
  return { row, secret };
}

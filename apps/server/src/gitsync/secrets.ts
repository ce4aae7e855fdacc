// Repository credentials at rest: an operation's URL credentials wait for its job encrypted (AES-256-GCM, key
// derived from the instance secret with HKDF), and are deleted when the operation ends. What a space's sync keeps
// for as long as it exists — the push webhook's secret and its latest request's credentials, for the imports pushes
// trigger (webhook.ts) — is sealed with the instance's secret box instead (lib/secret-box.ts: a key outside the
// database, as integrations' secrets).
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import type { AppContext } from '../context.js';
import { secretBox } from '../lib/secret-box.js';

function key(ctx: AppContext): Buffer {
  return Buffer.from(hkdfSync('sha256', ctx.jwtSecret, Buffer.from('bindery'), Buffer.from('git-sync credentials'), 32));
}

export function sealSecret(ctx: AppContext, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key(ctx), iv);
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return `v1.${Buffer.concat([iv, cipher.getAuthTag(), data]).toString('base64url')}`;
}

export function openSecret(ctx: AppContext, sealed: string): string {
  const raw = Buffer.from(sealed.replace(/^v1\./, ''), 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', key(ctx), raw.subarray(0, 12));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
}

/** A new push webhook secret (32 random bytes, hex), sealed as stored (secret box). */
export function newWebhookSecret(ctx: AppContext): string {
  return secretBox(ctx.config).seal(randomBytes(32).toString('hex'));
}

/** Seals / opens what a space's sync keeps (its webhook secret, its credentials) with the instance's secret box. */
export const sealKept = (ctx: AppContext, plain: string): string => secretBox(ctx.config).seal(plain);
export const openKept = (ctx: AppContext, sealed: string): string => secretBox(ctx.config).open(sealed);

/** Splits `https://user:pass@host/x` into the URL without credentials and the `user:pass` part. */
export function splitCredentials(raw: string): { url: string; credentials?: string } {
  try {
    const u = new URL(raw);
    if (!u.username && !u.password) return { url: raw };
    const credentials = `${u.username}:${u.password}`;
    u.username = '';
    u.password = '';
    return { url: u.toString(), credentials };
  } catch {
    return { url: raw };
  }
}

/** Puts `user:pass` (as split) back into a URL. */
export function joinCredentials(url: string, credentials: string | undefined): string {
  if (!credentials) return url;
  const u = new URL(url);
  const i = credentials.indexOf(':');
  u.username = i < 0 ? credentials : credentials.slice(0, i);
  u.password = i < 0 ? '' : credentials.slice(i + 1);
  return u.toString();
}

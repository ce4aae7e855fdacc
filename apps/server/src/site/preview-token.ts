// Site preview tokens (GitBook's getSitePublishingPreviewById): a URL that opens a site as it would publish — also
// unpublished, share-link or visitor-auth sites — for an hour, without the caller's credentials.
//   token = base64url(JSON [siteId, exp]) "." base64url(HMAC-SHA256(key, "bindery.site.preview.v1." + payload))
// The key is derived from the server secret with its own label (export tokens and JWTs are never mistaken for it).
import { createHmac } from 'node:crypto';
import { sameSecret } from '../lib/constant-time.js';

const KEY_LABEL = 'bindery:site-preview-key';
const MAC_CONTEXT = 'bindery.site.preview.v1.';
const BASE64URL = /^[A-Za-z0-9_-]+$/;
/** How long a preview URL opens the site. */
export const PREVIEW_TTL_SECONDS = 60 * 60;

const mac = (secret: Uint8Array, encoded: string) =>
  createHmac('sha256', createHmac('sha256', secret).update(KEY_LABEL).digest()).update(MAC_CONTEXT + encoded).digest().toString('base64url');

export function signSitePreview(secret: Uint8Array, siteId: string, exp: number): string {
  const encoded = Buffer.from(JSON.stringify([siteId, exp]), 'utf8').toString('base64url');
  return `${encoded}.${mac(secret, encoded)}`;
}

/** The expiry (Unix seconds) of a valid, unexpired token for this site, else undefined. */
export function verifySitePreview(secret: Uint8Array, token: unknown, siteId: string, nowMs: number): number | undefined {
  if (typeof token !== 'string' || token.length > 512) return undefined;
  const [encoded, signature, extra] = token.split('.');
  if (!encoded || !signature || extra !== undefined || !BASE64URL.test(encoded) || !BASE64URL.test(signature)) return undefined;
  if (!sameSecret(signature, mac(secret, encoded))) return undefined;
  let payload: unknown;
  try {
    payload = JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
  if (!Array.isArray(payload) || payload.length !== 2 || payload[0] !== siteId || !Number.isSafeInteger(payload[1])) return undefined;
  const exp = payload[1] as number;
  return Math.floor(nowMs / 1000) <= exp ? exp : undefined;
}

/**
 * Signed, expiring download tokens for PDF exports.
 *
 * `GET /v1/spaces/{spaceId}/change-requests/{changeRequestId}/pdf` and `GET /v1/spaces/{spaceId}/pdf` answer `{ url }`
 * where the URL carries a token instead of the caller's credentials (so that it can be opened in a browser or handed
 * to a download manager):
 *
 *   token = base64url(payload) "." base64url(HMAC-SHA256(key, "bindery.export.pdf.v1." + base64url(payload)))
 *   payload = JSON [spaceId, changeRequestId | null, pageId | null, exp]   (exp: Unix time in seconds; no change
 *             request: the space's current content), or with a fifth element, the claims of the site visitor the
 *             URL was made for (a site API token's: the pages a condition hides from them are left out)
 *
 * The HMAC key is derived from the server secret (`ctx.jwtSecret`) with a fixed label, so export tokens and JWTs
 * signed with the same secret can never be mistaken for each other. Verification recomputes the MAC and compares in
 * constant time before looking at the payload, then checks its shape and the expiry.
 */
import { createHmac } from 'node:crypto';
import { sameSecret } from '../lib/constant-time.js';

export interface ExportTokenPayload {
  spaceId: string;
  /** The change request exported; absent: the space's current content. */
  changeRequestId?: string;
  /** Export of one page only. */
  pageId?: string;
  /** Expiry, Unix time in seconds. */
  exp: number;
  /** Made for a site's visitor with these claims (a site API token): the PDF that visitor sees. */
  claims?: Record<string, unknown>;
}

export type ExportTokenResult =
  | { ok: true; payload: ExportTokenPayload }
  | { ok: false; reason: 'malformed' | 'signature' | 'expired' };

const KEY_LABEL = 'bindery:export-url-key';
const MAC_CONTEXT = 'bindery.export.pdf.v1.';
/** Tokens longer than this are refused before any work (ids are short; a visitor's claims come from a request header). */
export const EXPORT_TOKEN_MAX_LENGTH = 16 * 1024;
const MAX_TOKEN_LENGTH = EXPORT_TOKEN_MAX_LENGTH;
const BASE64URL = /^[A-Za-z0-9_-]+$/;

function deriveKey(secret: Uint8Array): Buffer {
  if (secret.byteLength === 0) throw new Error('export URL secret must not be empty');
  return createHmac('sha256', secret).update(KEY_LABEL).digest();
}

function mac(secret: Uint8Array, encodedPayload: string): Buffer {
  return createHmac('sha256', deriveKey(secret)).update(MAC_CONTEXT + encodedPayload).digest();
}

/** Signs an export payload; returns the URL-safe token. */
export function signExportUrl(secret: Uint8Array, payload: ExportTokenPayload): string {
  if (!payload.spaceId || payload.changeRequestId === '') throw new Error('spaceId is required, and changeRequestId is not empty when given');
  if (!Number.isSafeInteger(payload.exp) || payload.exp <= 0) throw new Error('exp must be a positive integer (Unix seconds)');
  const compact: unknown[] = [payload.spaceId, payload.changeRequestId ?? null, payload.pageId ?? null, payload.exp];
  if (payload.claims) compact.push(payload.claims);
  const encoded = Buffer.from(JSON.stringify(compact), 'utf8').toString('base64url');
  return `${encoded}.${mac(secret, encoded).toString('base64url')}`;
}

/**
 * Checks a token's signature and expiry. `now` is the current time (a Date or milliseconds); a token is valid up to
 * and including its `exp` second.
 */
export function verifyExportToken(secret: Uint8Array, token: string, now: Date | number = Date.now()): ExportTokenResult {
  if (typeof token !== 'string' || token.length > MAX_TOKEN_LENGTH) return { ok: false, reason: 'malformed' };
  const parts = token.split('.');
  if (parts.length !== 2) return { ok: false, reason: 'malformed' };
  const [encoded, signature] = parts as [string, string];
  if (!BASE64URL.test(encoded) || !BASE64URL.test(signature)) return { ok: false, reason: 'malformed' };

  // Compared as text: a non-canonical base64url of the right bytes (other trailing bits) is not the signature.
  if (!sameSecret(signature, mac(secret, encoded).toString('base64url'))) {
    return { ok: false, reason: 'signature' };
  }

  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8'));
  } catch {
    return { ok: false, reason: 'malformed' };
  }
  if (!Array.isArray(decoded) || (decoded.length !== 4 && decoded.length !== 5)) return { ok: false, reason: 'malformed' };
  const [spaceId, changeRequestId, pageId, exp, claims] = decoded as unknown[];
  if (decoded.length === 5 && (claims === null || typeof claims !== 'object' || Array.isArray(claims))) return { ok: false, reason: 'malformed' };
  if (
    typeof spaceId !== 'string' ||
    spaceId === '' ||
    (changeRequestId !== null && (typeof changeRequestId !== 'string' || changeRequestId === '')) ||
    (pageId !== null && (typeof pageId !== 'string' || pageId === '')) ||
    typeof exp !== 'number' ||
    !Number.isSafeInteger(exp)
  ) {
    return { ok: false, reason: 'malformed' };
  }
  const nowSeconds = Math.floor((typeof now === 'number' ? now : now.getTime()) / 1000);
  if (nowSeconds > exp) return { ok: false, reason: 'expired' };
  return {
    ok: true,
    payload: { spaceId, ...(changeRequestId !== null ? { changeRequestId } : {}), ...(pageId !== null ? { pageId } : {}), exp, ...(claims ? { claims: claims as Record<string, unknown> } : {}) },
  };
}

/** The public download URL of a token: `<publicUrl>/v1/exports/pdf/<token>`. */
export function exportUrl(publicUrl: string, token: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/v1/exports/pdf/${token}`;
}

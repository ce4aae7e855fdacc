// Conditional GETs of the published site (RFC 9110 §13.1.2, §8.8.3): one reading of `If-None-Match` for every answer
// that carries an `ETag` — pages, feeds and indexes, `.md` twins, files, fonts, generated images and PDFs.
import { createHash } from 'node:crypto';
import type { Request, Response } from 'express';

/** The entity tag of an answer: a digest of its bytes (equal answers, equal tags). */
export function bytesTag(bytes: Buffer | string): string {
  return `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 27)}"`;
}

/** Longest `If-None-Match` read (a longer one is ignored: the full answer is sent). */
const MAX_HEADER = 8192;

/**
 * Whether an `If-None-Match` header names `etag`, as RFC 9110 says for GET and HEAD: `*` matches any current answer;
 * otherwise a comma-separated list of entity tags (`"opaque"` or `W/"opaque"`; the opaque part may hold commas) is
 * compared weakly — the opaque parts equal, `W/` on either side ignored. A header that is not such a list (a bare
 * token, an unclosed quote) names nothing: the answer is sent whole, never a 304 the client did not ask for.
 */
export function ifNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header || header.length > MAX_HEADER) return false;
  const ours = opaque(etag);
  if (ours === undefined) return false;
  if (header.trim() === '*') return true;
  let i = 0;
  const n = header.length;
  const skip = () => { while (i < n && (header[i] === ' ' || header[i] === '\t' || header[i] === ',')) i++; };
  for (skip(); i < n; skip()) {
    if (header.startsWith('W/', i)) i += 2;
    if (header[i] !== '"') return false;
    const end = header.indexOf('"', i + 1);
    if (end < 0) return false;
    if (header.slice(i + 1, end) === ours) return true;
    i = end + 1;
    while (i < n && (header[i] === ' ' || header[i] === '\t')) i++;
    if (i < n && header[i] !== ',') return false;
  }
  return false;
}

/** The opaque part of an entity tag (`"x"` or `W/"x"`: `x`), undefined when it is not one. */
function opaque(tag: string): string | undefined {
  const m = /^(?:W\/)?"([^"]*)"$/.exec(tag);
  return m ? m[1] : undefined;
}

/**
 * Sets `ETag` and answers 304 without a body when the request's `If-None-Match` names it (true: the answer is sent).
 * The caller sets the other headers first (Cache-Control, Vary, …: a 304 carries them too).
 */
export function notModified(req: Request, res: Response, etag: string): boolean {
  res.setHeader('ETag', etag);
  if (!ifNoneMatch(req.get('if-none-match'), etag)) return false;
  res.status(304).end();
  return true;
}

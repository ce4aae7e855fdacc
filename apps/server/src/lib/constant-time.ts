// Comparing secrets (share keys, webhook signatures and tokens, signed URLs) without leaking through timing how
// much of a guess was right, whatever the lengths: the SHA-256 digests of both sides are compared in constant time.
import { createHash, timingSafeEqual } from 'node:crypto';

const digest = (s: string) => createHash('sha256').update(s).digest();

/** Whether `given` equals `expected`, in time that does not depend on where they differ. */
export function sameSecret(given: string, expected: string): boolean {
  return timingSafeEqual(digest(given), digest(expected));
}

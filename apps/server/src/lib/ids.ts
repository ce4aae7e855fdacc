import { randomBytes } from 'node:crypto';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** A random base-62 string (rejection sampling, so every character is uniform). */
export function randomString(length: number): string {
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < 248 && out.length < length) out += ALPHABET[byte % 62];
    }
  }
  return out;
}

/** A new resource id: 20 base-62 characters (~119 bits), matching `^[a-zA-Z0-9_-]+$`. */
export function newId(): string {
  return randomString(20);
}

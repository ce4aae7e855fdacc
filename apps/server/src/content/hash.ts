/**
 * Hashing primitives shared by the content core.
 *
 * - `canonicalJson` serialises a JSON-like value deterministically: object keys
 *   are sorted and `undefined` members are dropped, so two structurally equal
 *   values always produce the same string regardless of key insertion order.
 * - `sha256Hex` / `shortHash` turn strings into content addresses.
 *
 * Everything that is hashed (page-tree nodes, document keys) goes through
 * `canonicalJson` first, which is what makes hashes stable.
 */
import { createHash, type Hash } from 'node:crypto';
import { jsonString, LONG_JSON_STRING } from '../lib/json-text.js';

/** Any value that survives a JSON round trip. */
export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };
/** A JSON object. */
export type JsonObject = { [key: string]: JsonValue };

/**
 * Deterministic JSON serialisation: sorted object keys, `undefined` object
 * members omitted (like `JSON.stringify`), `undefined` array items as `null`.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') {
    return JSON.stringify(value ?? null);
  }
  if (Array.isArray(value)) {
    return `[${value.map((item) => canonicalJson(item)).join(',')}]`;
  }
  const record = value as Record<string, unknown>;
  const members = Object.keys(record)
    .filter((key) => record[key] !== undefined)
    .sort()
    .map((key) => `${JSON.stringify(key)}:${canonicalJson(record[key])}`);
  return `{${members.join(',')}}`;
}

/** Structural equality through canonical JSON (key order insensitive). */
export function jsonEqual(a: unknown, b: unknown): boolean {
  return canonicalJson(a) === canonicalJson(b);
}

/** Hex-encoded SHA-256 of a UTF-8 string. */
export function sha256Hex(input: string): string {
  return createHash('sha256').update(input, 'utf8').digest('hex');
}

/** Strings longer than this go into the hash by themselves (see sha256OfCanonicalJson). */
const LONG_STRING = 4096;

/**
 * `sha256Hex(prefix + canonicalJson(value))`, without building that string: short pieces are gathered and written
 * together, and a long string (a page's markdown) is escaped and written into the hash by itself. Building the whole
 * string copied a 250 KB page's escaped markdown twice more (into the joined members, then the prefixed string) before
 * hashing it: ~0.9 of 2.7 ms per page write on the event loop.
 */
export function sha256OfCanonicalJson(prefix: string, value: unknown): string {
  const hash = createHash('sha256');
  const out = { hash, pending: prefix };
  writeCanonical(out, value);
  if (out.pending) hash.update(out.pending, 'utf8');
  return hash.digest('hex');
}

function writeCanonical(out: { hash: Hash; pending: string }, value: unknown): void {
  if (value === null || typeof value !== 'object') {
    // As canonicalJson's template literals: a value JSON cannot write (a function) is the text `undefined`. A long
    // string's text is kept for the answer that shows it (lib/json-text.ts jsonString: a page's markdown).
    const text = typeof value === 'string' && value.length >= LONG_JSON_STRING ? jsonString(value) : String(JSON.stringify(value ?? null));
    if (text.length > LONG_STRING) {
      if (out.pending) out.hash.update(out.pending, 'utf8');
      out.pending = '';
      out.hash.update(text, 'utf8');
    } else {
      out.pending += text;
    }
    return;
  }
  if (Array.isArray(value)) {
    out.pending += '[';
    for (let i = 0; i < value.length; i++) {
      if (i > 0) out.pending += ',';
      writeCanonical(out, value[i]);
    }
    out.pending += ']';
    return;
  }
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record).filter((key) => record[key] !== undefined).sort();
  out.pending += '{';
  for (let i = 0; i < keys.length; i++) {
    out.pending += `${i > 0 ? ',' : ''}${JSON.stringify(keys[i])}:`;
    writeCanonical(out, record[keys[i]!]);
  }
  out.pending += '}';
}

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/**
 * A short base-62 digest of `input` (`length` characters, ≤ 10), suitable for
 * human-friendly identifiers such as document block keys.
 */
export function shortHash(input: string, length = 8): string {
  if (length < 1 || length > 10) throw new RangeError('shortHash length must be between 1 and 10');
  let n = BigInt(`0x${sha256Hex(input).slice(0, 16)}`);
  let out = '';
  for (let i = 0; i < length; i++) {
    out += BASE62[Number(n % 62n)];
    n /= 62n;
  }
  return out;
}

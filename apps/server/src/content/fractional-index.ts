/**
 * Fractional indexing: string order keys such that a new key can always be
 * generated between any two existing ones, so moving a page only rewrites the
 * moved page's key (its siblings keep theirs).
 *
 * Same scheme as the well-known `fractional-indexing` algorithm (David
 * Greenspan, "Implementing Fractional Indexing"), written from scratch here:
 *
 * - digits are base 62 (`0-9A-Za-z`), which sort correctly as ASCII strings;
 * - a key is an *integer part* followed by an optional *fraction*;
 * - the integer part starts with a head character giving its length:
 *   `a`..`z` -> 2..27 characters (non-negative integers, `a0` is zero),
 *   `Z`..`A` -> 2..27 characters (negative integers, descending);
 * - the fraction never ends in `0`, so every key has exactly one spelling.
 *
 * Appending or prepending increments/decrements the integer part (keys stay
 * short: 62 appends per extra character); inserting between two keys takes a
 * midpoint of their fractions.
 */

const DIGITS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const ZERO = DIGITS.charAt(0);
const LAST = DIGITS.charAt(DIGITS.length - 1);
const INTEGER_ZERO = `a${ZERO}`;
/** The smallest integer part: there is nothing left to decrement it to. */
const SMALLEST_INTEGER = `A${ZERO.repeat(26)}`;

/**
 * A key strictly between `a` and `b` (`null` means unbounded on that side).
 * Throws if `a >= b` or if a key is malformed.
 */
export function keyBetween(a: string | null, b: string | null): string {
  if (a !== null) assertValidKey(a);
  if (b !== null) assertValidKey(b);
  if (a !== null && b !== null && a >= b) throw new RangeError(`keyBetween: ${a} >= ${b}`);

  if (a === null && b === null) return INTEGER_ZERO;
  if (a === null) return keyBefore(b as string);
  if (b === null) return keyAfter(a);

  const [integerA, fractionA] = splitKey(a);
  const [integerB, fractionB] = splitKey(b);
  if (integerA === integerB) return integerA + midpoint(fractionA, fractionB);
  const next = incrementInteger(integerA);
  if (next === undefined) throw new RangeError('keyBetween: key space exhausted');
  // A whole integer fits between them, or we extend a's fraction.
  return next < b ? next : integerA + midpoint(fractionA, null);
}

/** `n` increasing keys strictly between `a` and `b`, evenly spread. */
export function keysBetween(a: string | null, b: string | null, n: number): string[] {
  if (n <= 0) return [];
  if (n === 1) return [keyBetween(a, b)];
  if (b === null) {
    const keys: string[] = [];
    let previous = a;
    for (let i = 0; i < n; i++) keys.push((previous = keyBetween(previous, null)));
    return keys;
  }
  if (a === null) {
    const keys: string[] = [];
    let next: string = b;
    for (let i = 0; i < n; i++) keys.unshift((next = keyBetween(null, next)));
    return keys;
  }
  const middle = Math.floor(n / 2);
  const pivot = keyBetween(a, b);
  return [...keysBetween(a, pivot, middle), pivot, ...keysBetween(pivot, b, n - middle - 1)];
}

/** Whether `key` is a well-formed order key. */
export function isValidKey(key: string): boolean {
  try {
    assertValidKey(key);
    return true;
  } catch {
    return false;
  }
}

function keyBefore(b: string): string {
  const [integer, fraction] = splitKey(b);
  if (integer === SMALLEST_INTEGER) return integer + midpoint('', fraction);
  // b has a fraction: its bare integer part sorts before it.
  if (integer < b) return integer;
  const previous = decrementInteger(integer);
  if (previous === undefined) throw new RangeError('keyBetween: key space exhausted');
  return previous;
}

function keyAfter(a: string): string {
  const [integer, fraction] = splitKey(a);
  return incrementInteger(integer) ?? integer + midpoint(fraction, null);
}

/**
 * A digit string strictly between fractions `a` and `b` (`null` = 1.0),
 * with no trailing zero. Requires `a < b` and no trailing zeros.
 */
function midpoint(a: string, b: string | null): string {
  if (b !== null) {
    // Skip the common prefix (a padded with zeros).
    let n = 0;
    while ((a.charAt(n) || ZERO) === b.charAt(n)) n++;
    if (n > 0) return b.slice(0, n) + midpoint(a.slice(n), b.slice(n));
  }
  const digitA = a ? DIGITS.indexOf(a.charAt(0)) : 0;
  const digitB = b !== null ? DIGITS.indexOf(b.charAt(0)) : DIGITS.length;
  if (digitB - digitA > 1) return DIGITS.charAt(Math.round((digitA + digitB) / 2));
  // Consecutive first digits: b's first digit alone works if b continues…
  if (b !== null && b.length > 1) return b.slice(0, 1);
  // …otherwise keep a's first digit and recurse on its tail.
  return DIGITS.charAt(digitA) + midpoint(a.slice(1), null);
}

function integerLength(head: string): number {
  if (head >= 'a' && head <= 'z') return head.charCodeAt(0) - 'a'.charCodeAt(0) + 2;
  if (head >= 'A' && head <= 'Z') return 'Z'.charCodeAt(0) - head.charCodeAt(0) + 2;
  throw new RangeError(`invalid order key head: ${head}`);
}

function splitKey(key: string): [integer: string, fraction: string] {
  const length = integerLength(key.charAt(0));
  if (length > key.length) throw new RangeError(`invalid order key: ${key}`);
  return [key.slice(0, length), key.slice(length)];
}

function assertValidKey(key: string): void {
  if (key === SMALLEST_INTEGER) throw new RangeError(`invalid order key: ${key}`);
  const [integer, fraction] = splitKey(key);
  if (fraction.endsWith(ZERO)) throw new RangeError(`invalid order key (trailing zero): ${key}`);
  for (const ch of integer.slice(1) + fraction) {
    if (!DIGITS.includes(ch)) throw new RangeError(`invalid order key digit: ${key}`);
  }
}

/** Integer part + 1, growing the length when all digits overflow; `undefined` past the largest. */
function incrementInteger(integer: string): string | undefined {
  const head = integer.charAt(0);
  const digits = integer.slice(1).split('');
  for (let i = digits.length - 1; i >= 0; i--) {
    const d = DIGITS.indexOf(digits[i] as string);
    if (d < DIGITS.length - 1) {
      digits[i] = DIGITS.charAt(d + 1);
      return head + digits.join('');
    }
    digits[i] = ZERO;
  }
  // Overflow: move to the next head (one digit longer for positives, shorter for negatives).
  if (head === 'Z') return INTEGER_ZERO;
  if (head === 'z') return undefined;
  const nextHead = String.fromCharCode(head.charCodeAt(0) + 1);
  if (nextHead > 'a') digits.push(ZERO);
  else digits.pop();
  return nextHead + digits.join('');
}

/** Integer part - 1; `undefined` below the smallest. */
function decrementInteger(integer: string): string | undefined {
  const head = integer.charAt(0);
  const digits = integer.slice(1).split('');
  for (let i = digits.length - 1; i >= 0; i--) {
    const d = DIGITS.indexOf(digits[i] as string);
    if (d > 0) {
      digits[i] = DIGITS.charAt(d - 1);
      return head + digits.join('');
    }
    digits[i] = LAST;
  }
  if (head === 'a') return `Z${LAST}`;
  if (head === 'A') return undefined;
  const previousHead = String.fromCharCode(head.charCodeAt(0) - 1);
  if (previousHead < 'Z') digits.push(LAST);
  else digits.pop();
  return previousHead + digits.join('');
}

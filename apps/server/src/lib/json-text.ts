// The JSON text of answers, with the text of immutable values written once and kept. A page's JSON document is a
// frozen object shared by every answer showing the same markdown (presenters/content.ts); serialising it was most
// of the cost of writing a `GET` page (~3 KB of nested nodes: JSON.stringify of the document 5-10x that of the rest
// of the answer). Its text is kept beside it (a WeakMap: it lives as long as the document does, no invalidation:
// the value never changes), and an answer holding it among its own properties is written property by property,
// with the kept text for that one.

/** Frozen values whose JSON text may be kept (they never change). */
const shared = new WeakSet<object>();
const texts = new WeakMap<object, string>();
/** Plain objects (answers) that hold shared values among their own properties. */
const holders = new WeakSet<object>();

/** Marks a deeply frozen value (no `toJSON` anywhere in it) whose JSON text may be kept once written. */
export function shareJsonText<T extends object>(value: T): T {
  if (Object.isFrozen(value)) shared.add(value);
  return value;
}

/** Marks a plain object (no `toJSON`) that holds a shared value or a long string (jsonString) as one of its own properties. */
export function holdsSharedJson<T extends object>(value: T): T {
  holders.add(value);
  return value;
}

/** Strings at least this long keep their JSON text (see jsonString). */
export const LONG_JSON_STRING = 4096;
/** The last long strings written and their JSON text, newest first. */
const keptStrings: { value: string; text: string }[] = [];
const KEPT_STRINGS = 2;

/**
 * `JSON.stringify(value)` of a string, the text of the last two long ones kept. A page write escapes its markdown
 * twice on the event loop: for the page's content hash (content/hash.ts `sha256OfCanonicalJson`) and for the answer,
 * which shows that markdown (a 250 KB page: 286 KB with ~8,900 characters to escape, ~0.7 ms each on a quiet
 * machine). Equal strings have equal texts, so a kept text is right for any string equal to its own (`===` compares
 * the characters when the two are not one string: O(length) at worst, a memory compare).
 */
export function jsonString(value: string): string {
  if (value.length < LONG_JSON_STRING) return JSON.stringify(value);
  for (const k of keptStrings) if (k.value === value) return k.text;
  const text = JSON.stringify(value);
  keptStrings.unshift({ value, text });
  if (keptStrings.length > KEPT_STRINGS) keptStrings.pop();
  return text;
}

function sharedText(value: object): string {
  let text = texts.get(value);
  if (text === undefined) texts.set(value, (text = JSON.stringify(value)));
  return text;
}

/**
 * `JSON.stringify(value)`, the same text, using the kept text of shared values that are the value itself or one of
 * the own properties of a marked holder. A holder is written as JSON.stringify writes a plain object: its own
 * enumerable string keys in order, a property whose value has no JSON form (undefined, a function, a symbol) left out.
 */
export function jsonText(value: unknown): string {
  if (typeof value !== 'object' || value === null) return JSON.stringify(value);
  if (shared.has(value)) return sharedText(value);
  if (!holders.has(value)) return JSON.stringify(value);
  let out = '';
  for (const key of Object.keys(value)) {
    const v = (value as Record<string, unknown>)[key];
    const text = typeof v === 'string' ? jsonString(v) : typeof v === 'object' && v !== null && shared.has(v) ? sharedText(v) : (JSON.stringify(v) as string | undefined);
    if (text === undefined) continue;
    out += `${out ? ',' : '{'}${JSON.stringify(key)}:${text}`;
  }
  return out ? `${out}}` : '{}';
}

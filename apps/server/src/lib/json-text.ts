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

/** Marks a plain object (no `toJSON`) that holds a shared value as one of its own properties. */
export function holdsSharedJson<T extends object>(value: T): T {
  holders.add(value);
  return value;
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
    const text = typeof v === 'object' && v !== null && shared.has(v) ? sharedText(v) : (JSON.stringify(v) as string | undefined);
    if (text === undefined) continue;
    out += `${out ? ',' : '{'}${JSON.stringify(key)}:${text}`;
  }
  return out ? `${out}}` : '{}';
}

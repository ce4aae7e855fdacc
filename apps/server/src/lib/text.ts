// Rules for user-given text (the spec's conventions): no control characters anywhere but tab, line feed and
// carriage return; in titles, names, labels, subjects and slugs also no bidirectional overrides/isolates and no
// invisible characters, so that one title cannot impersonate another. Emoji fields hold one emoji.

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
const DECEPTIVE = /[\u202A-\u202E\u2066-\u2069\u200B\u2060-\u2064\uFEFF\u180E]/;

/** Keys whose string values name things (checked for deceptive characters too). */
export const NAME_KEYS: ReadonlySet<string> = new Set(['title', 'subject', 'label', 'name', 'displayName', 'slug', 'emoji']);

const hex = (c: string) => 'U+' + c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0');

/** Why `value` is refused as the text of `key`, or undefined when it is fine. */
export function textProblem(key: string, value: string): string | undefined {
  const control = CONTROL.exec(value);
  if (control) return `must not contain control characters (${hex(control[0])})`;
  if (NAME_KEYS.has(key)) {
    const deceptive = DECEPTIVE.exec(value);
    if (deceptive) return `must not contain bidirectional-override or invisible characters (${hex(deceptive[0])})`;
  }
  return undefined;
}

/** The first refused string in a parsed JSON value, as `[path, problem]` (iterative: any depth, linear time). */
export function findUnsafeText(root: unknown, base = '/body'): [string, string] | undefined {
  const stack: [unknown, string, string][] = [[root, base, '']];
  while (stack.length) {
    const [value, path, key] = stack.pop()!;
    if (typeof value === 'string') {
      const problem = textProblem(key, value);
      if (problem) return [path, problem];
    } else if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--) stack.push([value[i], `${path}/${i}`, key]);
    } else if (value && typeof value === 'object') {
      const entries = Object.entries(value as Record<string, unknown>);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [k, v] = entries[i]!;
        const badKey = textProblem('', k);
        if (badKey) return [`${path}/${k.replace(/[^\x20-\x7e]/g, '?')}`, `has a key that ${badKey.replace(/^must not/, 'must not')}`];
        stack.push([v, `${path}/${k}`, k]);
      }
    }
  }
  return undefined;
}

const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });
const PICTOGRAPHIC = /\p{Extended_Pictographic}|\p{Regional_Indicator}|\u20E3/u;
const CODE_POINTS = /^[0-9a-f]{2,6}(?:-[0-9a-f]{2,6}){0,9}$/i;

function isOneEmoji(s: string): boolean {
  let n = 0;
  for (const _ of graphemes.segment(s)) if (++n > 1) return false;
  return n === 1 && PICTOGRAPHIC.test(s);
}

/** One emoji grapheme, GitBook's code-point form (`1f4d8`, `1f469-200d-1f4bb`), or '' for none. */
export function isEmoji(s: string): boolean {
  if (s === '') return true;
  if (CODE_POINTS.test(s)) {
    const points = s.split('-').map((h) => parseInt(h, 16));
    if (points.some((p) => p > 0x10ffff || (p >= 0xd800 && p <= 0xdfff))) return false;
    return isOneEmoji(String.fromCodePoint(...points));
  }
  return isOneEmoji(s);
}

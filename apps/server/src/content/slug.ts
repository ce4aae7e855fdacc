/**
 * Slugs for pages and heading anchors.
 *
 * `slugify` is GitBook-like: lower-case, punctuation stripped, whitespace
 * runs turned into single dashes. Letters and digits from any script are kept.
 *
 * Two uniqueness schemes exist because GitBook uses two:
 * - heading anchors inside one page: `setup`, `setup-1`, `setup-2` (`AnchorSlugger`);
 * - page slugs among siblings: `setup`, `setup-2`, `setup-3` (`uniqueSlug`).
 */

/** GitBook-style slug of arbitrary text (may return `''` for text without letters/digits). */
export function slugify(text: string): string {
  return asciiSlug(text) ?? text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\s_-]+/gu, '')
    .trim()
    .replace(/\s+/g, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^-+|-+$/g, '');
}

/**
 * `slugify` of ASCII text in one scan (every heading of a page is slugged on each write: NFKC and four regular
 * expressions per heading were ~2 % of a page write). ASCII is its own NFKC form; punctuation but `_` and `-` is
 * dropped, letters and digits kept lower-cased, and every run of white space and `-` (punctuation dropped inside it)
 * between two kept characters is one `-`, none at the ends: what the regular expressions give. Undefined for text
 * with any other character (the general path).
 */
function asciiSlug(text: string): string | undefined {
  let out = '';
  let dash = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0x80) return undefined;
    if ((c >= 0x61 && c <= 0x7a) || (c >= 0x30 && c <= 0x39) || c === 0x5f) {
      if (dash && out !== '') out += '-';
      dash = false;
      out += text[i];
    } else if (c >= 0x41 && c <= 0x5a) {
      if (dash && out !== '') out += '-';
      dash = false;
      out += String.fromCharCode(c + 0x20);
    } else if (c === 0x2d || c === 0x20 || (c >= 0x09 && c <= 0x0d)) {
      dash = true;
    }
  }
  return out;
}

/**
 * Generates heading anchors unique within one page: the first occurrence of
 * a slug is kept as is, later ones get `-1`, `-2`, … (skipping suffixes that
 * are themselves taken by literal headings).
 */
export class AnchorSlugger {
  private readonly seen = new Set<string>();
  /** The next suffix to try per base slug, so that n equal headings cost O(n), not O(n²). */
  private readonly next = new Map<string, number>();

  /** Returns a unique anchor for `text` and reserves it. */
  slug(text: string): string {
    const base = slugify(text) || 'section';
    let candidate = base;
    let i = this.next.get(base) ?? 1;
    if (this.seen.has(candidate)) {
      do candidate = `${base}-${i++}`;
      while (this.seen.has(candidate));
      this.next.set(base, i);
    }
    this.seen.add(candidate);
    return candidate;
  }
}

/**
 * Makes `desired` unique among `taken` sibling slugs: `slug`, then `slug-2`,
 * `slug-3`, … The result is not added to `taken`.
 */
export function uniqueSlug(desired: string, taken: ReadonlySet<string> | readonly string[]): string {
  const used = taken instanceof Set ? taken : new Set(taken as readonly string[]);
  if (!used.has(desired)) return desired;
  for (let i = 2; ; i++) {
    const candidate = `${desired}-${i}`;
    if (!used.has(candidate)) return candidate;
  }
}

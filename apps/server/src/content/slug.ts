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
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\s_-]+/gu, '')
    .trim()
    .replace(/\s+/g, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^-+|-+$/g, '');
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

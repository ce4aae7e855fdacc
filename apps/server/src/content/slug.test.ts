import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AnchorSlugger, slugify, uniqueSlug } from './slug.js';

describe('slugify', () => {
  it.each([
    ['Getting Started', 'getting-started'],
    ['  Hello,   World!  ', 'hello-world'],
    ["What's new? (v2.0)", 'whats-new-v20'],
    ['Café & Crème', 'café-crème'],
    ['snake_case and kebab-case', 'snake_case-and-kebab-case'],
    ['a - b', 'a-b'],
    ['日本語 ドキュメント', '日本語-ドキュメント'],
    ['!!!', ''],
  ])('%j -> %j', (input, expected) => {
    expect(slugify(input)).toBe(expected);
  });

  // The rules as regular expressions over the NFKC form; slugify scans ASCII text in one pass instead.
  const byRules = (text: string) => text.normalize('NFKC').toLowerCase().replace(/[^\p{L}\p{M}\p{N}\s_-]+/gu, '').trim()
    .replace(/\s+/g, '-').replace(/-{2,}/g, '-').replace(/^-+|-+$/g, '');

  it('gives what the rules give, on ASCII text and beyond it', () => {
    const ascii = fc.string({ unit: fc.integer({ min: 0, max: 0x7f }).map((c) => String.fromCharCode(c)), maxLength: 24 });
    const mixed = fc.string({ unit: fc.constantFrom(' ', '\t', '\n', '-', '_', '.', '!', 'a', 'Z', '0', '\u00a0', 'é', 'Ａ', '\u0301', '日'), maxLength: 16 });
    fc.assert(fc.property(fc.oneof(ascii, mixed), (text) => slugify(text) === byRules(text)), { numRuns: 5_000 });
  });
});

describe('AnchorSlugger', () => {
  it('suffixes duplicates with -1, -2 and skips taken suffixes', () => {
    const slugger = new AnchorSlugger();
    expect(['Setup', 'Setup', 'Setup 1', 'Setup', '???'].map((t) => slugger.slug(t))).toEqual([
      'setup',
      'setup-1',
      'setup-1-1',
      'setup-2',
      'section',
    ]);
  });
});

describe('uniqueSlug', () => {
  it('returns the slug when free, else slug-2, slug-3, …', () => {
    expect(uniqueSlug('intro', [])).toBe('intro');
    expect(uniqueSlug('intro', ['intro'])).toBe('intro-2');
    expect(uniqueSlug('intro', new Set(['intro', 'intro-2']))).toBe('intro-3');
  });
});

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

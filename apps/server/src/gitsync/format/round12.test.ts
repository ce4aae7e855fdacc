// The twelfth round of real GitBook-synced repositories: constructs of their files, on text written for this test.
import { describe, expect, it } from 'vitest';
import { parseGitBookConfig } from './config.js';
import { readRepository, resolveRelative } from './read.js';

/** A listing of `files` (path → text) as readRepository takes it. */
function listing(files: Record<string, string>) {
  const paths = new Map(Object.keys(files).map((p, i) => [p, `oid${i}`]));
  return { files: paths, text: (p: string) => files[p] };
}

describe('file names with zero-width characters', () => {
  it('keeps them in paths (a real file name may end in U+200C)', () => {
    expect(resolveRelative('a/b.md', 'guide\u200c.md')).toEqual({ path: 'a/guide\u200c.md' });
  });

  it('lists the page SUMMARY.md names with one, and finds a file named without the stray one an entry has', () => {
    const repo = readRepository(listing({
      'SUMMARY.md': '# Table of contents\n\n* [Home](README.md)\n* [Odd](odd\u200c.md)\n* [Stray](stray.md\u200b)\n',
      'README.md': '# Home\n',
      'odd\u200c.md': '# Odd\n',
      'stray.md': '# Stray\n',
    }));
    expect(repo.warnings).toEqual([]);
    expect(repo.pages.map((p) => [p.title, p.path])).toEqual([['Home', 'README.md'], ['Odd', 'odd\u200c.md'], ['Stray', 'stray.md']]);
  });

  it("still cleans `.gitbook.yaml`'s values of them", () => {
    const c = parseGitBookConfig('root: ./docs/\u200b\nstructure:\n  summary: SUMMARY.md\u200b\n');
    expect(c).toMatchObject({ root: 'docs', summary: 'SUMMARY.md' });
  });
});

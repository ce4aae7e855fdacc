// The twelfth round of real GitBook-synced repositories: constructs of their files, on text written for this test.
import { describe, expect, it } from 'vitest';
import { parseGitBookConfig } from './config.js';
import { escapeHeading, formatPageFile, parsePageFile } from './page-file.js';
import { readRepository, resolveRelative } from './read.js';

/** A listing of `files` (path → text) as readRepository takes it. */
function listing(files: Record<string, string>) {
  const paths = new Map(Object.keys(files).map((p, i) => [p, `oid${i}`]));
  return { files: paths, text: (p: string) => files[p] };
}

describe('titles with character references', () => {
  it("reads GitBook's `&#x20;` (a title's trailing space) as the space, not as the reference's letters", () => {
    const p = parsePageFile('# Menu&#x20;\n\nText.\n');
    expect(p.title).toBe('Menu');
    // The heading line is kept as written while the title does not change.
    expect(p.h1).toBe('Menu&#x20;');
    expect(formatPageFile({ frontmatter: null, title: p.title!, h1: p.h1!, body: p.body })).toBe('# Menu&#x20;\n\nText.\n');
  });

  it('decodes named and numeric references, and keeps escaped ones literal', () => {
    expect(parsePageFile('# Fish &amp; chips &#x26; more\n').title).toBe('Fish & chips & more');
    expect(parsePageFile('# The \\&copy; sign\n').title).toBe('The &copy; sign');
  });

  it('writes a title whose `&` would start a reference escaped, so it reads back the same', () => {
    for (const title of ['The &copy; sign', 'A &#65; B', 'Q&A', 'R & D', 'x &amp']) {
      const line = `# ${escapeHeading(title)}\n`;
      expect(parsePageFile(line).title).toBe(title);
    }
    expect(escapeHeading('Q&A')).toBe('Q&A');
  });
});

describe('a title indented by up to 3 spaces', () => {
  it('is the page title, as CommonMark reads the heading (an export wrote it a second time before)', () => {
    expect(parsePageFile(' # Release 23.11\n\nText.\n')).toMatchObject({ title: 'Release 23.11', body: 'Text.\n' });
    expect(parsePageFile('   # Three\n')).toMatchObject({ title: 'Three' });
    // Four spaces are indented code, no heading.
    expect(parsePageFile('    # Code\n').title).toBeUndefined();
  });
});

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

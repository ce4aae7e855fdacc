// The seventeenth round of real GitBook-synced repositories (docs/git-sync.md): relative targets climbing above the
// content root, on pages written for this test. GitBook keeps them as written; Bindery reads them to the page or file
// they name and writes them back as written while they still resolve there.
import { describe, expect, it } from 'vitest';
import { markdownToDocument } from '../../content/markdown.js';
import { climbingTarget, climbsAboveRoot, pathResolver, readRepository, recordingClimbs, type RepoPage } from './read.js';
import { rewritePageFile } from './rewrite.js';
import { refTarget } from './write.js';

const PAGE = [
  '# Limits',
  '',
  'See the [pricing FAQ](../../../../pricing/faq/) and [its refunds](../../../../pricing/faq/#refunds), or the [plans](../../../../pricing/plans.md).',
  '',
  'Also [next door](../sibling.md) and [the overview](../../../).',
  '',
  '![The quota screen](../../../../.gitbook/assets/quota.png)',
  '',
].join('\n');

const files = new Map([
  ['SUMMARY.md', '# Table of contents\n\n* [Home](README.md)\n* [Pricing FAQ](pricing/faq/README.md)\n* [Plans](pricing/plans.md)\n* [Limits](api/v2/reference/limits.md)\n* [Sibling](api/v2/sibling.md)\n'],
  ['README.md', '# Home\n'],
  ['pricing/faq/README.md', '# Pricing FAQ\n\n## Refunds\n'],
  ['pricing/plans.md', '# Plans\n'],
  ['api/v2/reference/limits.md', PAGE],
  ['api/v2/sibling.md', '# Sibling\n'],
  ['.gitbook/assets/quota.png', 'png'],
]);

describe('relative targets climbing above the content root', () => {
  it('climbsAboveRoot: more `..` than the file is deep at some point', () => {
    expect(climbsAboveRoot('a/b/c/p.md', '../../../../x/')).toBe(true);
    expect(climbsAboveRoot('a/b/c/p.md', '../../../x/')).toBe(false);
    expect(climbsAboveRoot('a/p.md', 'b/../../x.md')).toBe(false);
    expect(climbsAboveRoot('a/p.md', '../../x.md#y')).toBe(true);
    expect(climbsAboveRoot('p.md', '../x.md')).toBe(true);
    expect(climbsAboveRoot('p.md', 'https://x.io/../a')).toBe(false);
    expect(climbsAboveRoot('a/p.md', '/../x.md')).toBe(false);
  });

  it('are read to the page or file they name (the document holds refs) and recorded as written', () => {
    const climbs: Record<string, string> = {};
    const resolver = recordingClimbs('api/v2/reference/limits.md', pathResolver('api/v2/reference/limits.md', new Map([['.gitbook/assets/quota.png', 'f1']]), new Map([['pricing/faq/README.md', 'p1'], ['pricing/plans.md', 'p2'], ['api/v2/sibling.md', 'p3'], ['README.md', 'p0']])), climbs);
    const doc = JSON.stringify(markdownToDocument(PAGE, { resolver }));
    expect(doc).toContain('{"kind":"page","page":"p1"}');
    expect(doc).toContain('{"kind":"anchor","page":"p1","anchor":"refunds"}');
    expect(doc).toContain('{"kind":"file","file":"f1"}');
    expect(climbs).toEqual({
      'pricing/faq/README.md': '../../../../pricing/faq/',
      'pricing/faq/README.md#refunds': '../../../../pricing/faq/#refunds',
      'pricing/plans.md': '../../../../pricing/plans.md',
      '.gitbook/assets/quota.png': '../../../../.gitbook/assets/quota.png',
    });
  });

  it('a page holding them is rewritten byte for byte; without the record, the `..` past the root were dropped', () => {
    const repo = readRepository({ files: new Map([...files.keys()].map((p) => [p, p])), text: (p) => files.get(p) });
    const all: RepoPage[] = [];
    const walk = (ps: RepoPage[]) => ps.forEach((p) => { all.push(p); walk(p.children); });
    walk(repo.pages);
    const limits = all.find((p) => p.path === 'api/v2/reference/limits.md')!;
    const pages = new Set(all.flatMap((p) => (p.path ? [p.path] : [])));
    expect(rewritePageFile(limits, new Set(['.gitbook/assets/quota.png']), pages)).toBe(PAGE);
    // What an export wrote before: the path that resolves.
    const plan = { pages: new Map([['p1', 'pricing/faq/README.md']]), files: new Map<string, string>() };
    expect(refTarget(plan, 'api/v2/reference/limits.md', { kind: 'page', page: 'p1' })).toBe('../../../pricing/faq/');
  });

  it('are written as written only while they resolve to the same place from where the page is now', () => {
    const climbs = { 'pricing/faq/README.md': '../../../../pricing/faq/' };
    const plan = { pages: new Map([['p1', 'pricing/faq/README.md'], ['p2', 'pricing/questions/README.md']]), files: new Map<string, string>() };
    expect(refTarget(plan, 'api/v2/reference/limits.md', { kind: 'page', page: 'p1' }, false, climbs)).toBe('../../../../pricing/faq/');
    // The linking page moved one folder up: still above the root from there, still the same page.
    expect(refTarget(plan, 'api/v2/limits.md', { kind: 'page', page: 'p1' }, false, climbs)).toBe('../../../../pricing/faq/');
    // From a page one folder deep the written target still climbs, to the same page: kept.
    expect(climbingTarget(climbs, 'api/limits.md', 'pricing/faq/README.md')).toBe('../../../../pricing/faq/');
    // The target page moved: the path that resolves now.
    expect(refTarget({ pages: new Map([['p1', 'pricing/questions/README.md']]), files: new Map() }, 'api/v2/reference/limits.md', { kind: 'page', page: 'p1' }, false, climbs)).toBe('../../../pricing/questions/');
    // Another anchor of the page: none recorded for it.
    expect(refTarget(plan, 'api/v2/reference/limits.md', { kind: 'anchor', page: 'p1', anchor: 'x' }, false, climbs)).toBe('../../../pricing/faq/#x');
  });
});

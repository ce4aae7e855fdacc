import { describe, expect, it } from 'vitest';
import {
  computePaths,
  dedupeSiblingSlugs,
  hashNode,
  indexTree,
  type PageNode,
} from './tree.js';

function page(id: string, children: PageNode[] = [], extra: Partial<PageNode> = {}): PageNode {
  return { id, title: id.toUpperCase(), slug: id, type: children.length > 0 ? 'group' : 'document', markdown: `# ${id}\n`, children, ...extra };
}

describe('hashNode', () => {
  it('is deterministic and independent of key order and undefined fields', () => {
    const a = page('a', [page('b')]);
    const shuffled: PageNode = { children: [{ ...page('b'), emoji: undefined }], markdown: a.markdown, type: a.type, slug: 'a', title: 'A', id: 'a' };
    expect(hashNode(shuffled)).toBe(hashNode(a));
    expect(hashNode(a)).toMatch(/^[0-9a-f]{64}$/);
  });

  it('depends on content, children and child order', () => {
    const base = page('r', [page('a'), page('b')]);
    expect(hashNode({ ...base, title: 'Other' })).not.toBe(hashNode(base));
    expect(hashNode(page('r', [page('b'), page('a')]))).not.toBe(hashNode(base));
    expect(hashNode(page('r', [page('a'), { ...page('b'), hidden: true }]))).not.toBe(hashNode(base));
  });
});

describe('computePaths', () => {
  it('joins slugs like GitBook: top-level pages are their slug, groups contribute theirs, links have no path', () => {
    const tree = page('root', [
      page('intro', [], { slug: 'readme' }),
      page('guides', [page('setup', [page('docker')]), page('ext', [], { type: 'link', target: { kind: 'url', url: 'https://x.dev' } })]),
    ]);
    expect(Object.fromEntries(computePaths(tree))).toEqual({
      intro: 'readme',
      guides: 'guides',
      setup: 'guides/setup',
      docker: 'guides/setup/docker',
    });
  });
});

describe('dedupeSiblingSlugs', () => {
  it('keeps the first (or a protected) page and suffixes the others', () => {
    const tree = page('root', [page('a', [], { slug: 'intro' }), page('b', [], { slug: 'intro' }), page('c', [], { slug: 'intro-2' })]);
    expect(dedupeSiblingSlugs(tree).children.map((c) => c.slug)).toEqual(['intro', 'intro-3', 'intro-2']);
    expect(dedupeSiblingSlugs(tree, (id) => id === 'b').children.map((c) => c.slug)).toEqual(['intro-3', 'intro', 'intro-2']);
    const unique = page('root', [page('x'), page('y')]);
    expect(dedupeSiblingSlugs(unique)).toEqual(unique);
  });
});

describe('indexTree', () => {
  it('indexes placements and rejects duplicate ids', () => {
    const index = indexTree(page('root', [page('a', [page('b')])]));
    expect(index.get('b')).toMatchObject({ parentId: 'a', index: 0, childIds: [] });
    expect(index.get('root')).toMatchObject({ parentId: null, childIds: ['a'] });
    expect(() => indexTree(page('root', [page('a'), page('a')]))).toThrow(/Duplicate/);
  });
});

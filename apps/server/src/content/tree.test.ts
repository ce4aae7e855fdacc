import { describe, expect, it } from 'vitest';
import {
  computePaths,
  dedupeSiblingSlugs,
  diffTrees,
  hashNode,
  indexTree,
  MemoryTreeStore,
  readTree,
  writeTree,
  type PageNode,
  type StoredNode,
  type TreeStore,
} from './tree.js';

function page(id: string, children: PageNode[] = [], extra: Partial<PageNode> = {}): PageNode {
  return { id, title: id.toUpperCase(), slug: id, type: children.length > 0 ? 'group' : 'document', markdown: `# ${id}\n`, children, ...extra };
}

/** Counts reads and writes. */
class CountingStore implements TreeStore {
  gets = 0;
  puts = 0;
  constructor(private readonly inner: TreeStore = new MemoryTreeStore()) {}
  get(hash: string): StoredNode | undefined {
    this.gets++;
    return this.inner.get(hash);
  }
  put(node: StoredNode): void {
    this.puts++;
    this.inner.put(node);
  }
  reset(): void {
    this.gets = 0;
    this.puts = 0;
  }
}

/** 10 groups × 10 sub-groups × 100 pages = 10,000 documents (+ 110 groups + root). */
function bigTree(): PageNode {
  const groups = Array.from({ length: 10 }, (_, g) =>
    page(
      `g${g}`,
      Array.from({ length: 10 }, (_, s) =>
        page(
          `g${g}s${s}`,
          Array.from({ length: 100 }, (_, p) => page(`g${g}s${s}p${p}`)),
        ),
      ),
    ),
  );
  return page('root', groups);
}

/** Immutably replaces the page `id` using `edit`. */
function updatePage(node: PageNode, id: string, edit: (page: PageNode) => PageNode): PageNode {
  if (node.id === id) return edit(node);
  const children = node.children.map((child) => updatePage(child, id, edit));
  return children.some((child, i) => child !== node.children[i]) ? { ...node, children } : node;
}

/** Removes page `id` and returns [tree, removed page]. */
function detach(node: PageNode, id: string): [PageNode, PageNode | undefined] {
  let found: PageNode | undefined;
  const visit = (n: PageNode): PageNode => {
    const kept = n.children.filter((child) => {
      if (child.id !== id) return true;
      found = child;
      return false;
    });
    return { ...n, children: kept.map(visit) };
  };
  return [visit(node), found];
}

function insertAt(node: PageNode, parentId: string, index: number, child: PageNode): PageNode {
  return updatePage(node, parentId, (parent) => ({ ...parent, children: parent.children.toSpliced(index, 0, child) }));
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

describe('writeTree / readTree', () => {
  it('round trips and shares identical subtrees', () => {
    const store = new CountingStore();
    const shared = page('shared', [page('leaf')]);
    const tree = page('root', [page('x', [shared]), page('y')]);
    const hash = writeTree(tree, store);
    expect(readTree(hash, store)).toEqual(tree);
    expect(store.puts).toBe(5);
    store.reset();
    expect(writeTree(tree, store)).toBe(hash);
    expect(store.puts).toBe(0);
  });

  it('fails loudly on a missing node', () => {
    expect(() => readTree('0'.repeat(64), new MemoryTreeStore())).toThrow(/missing/);
  });

  it('writes O(depth) nodes when one page of a 10,000-page tree changes', () => {
    const store = new CountingStore();
    const tree = bigTree();
    const before = writeTree(tree, store);
    expect(store.puts).toBe(10_000 + 110 + 1);

    store.reset();
    const edited = updatePage(tree, 'g4s7p42', (p) => ({ ...p, markdown: '# edited\n' }));
    const after = writeTree(edited, store);
    expect(after).not.toBe(before);
    expect(store.puts).toBe(4); // leaf, sub-group, group, root
    expect(readTree(after, store)).toEqual(edited);
    expect(readTree(before, store)).toEqual(tree);
  });
});

describe('diffTrees', () => {
  const setup = (a: PageNode, b: PageNode) => {
    const store = new CountingStore();
    const hashA = writeTree(a, store);
    const hashB = writeTree(b, store);
    store.reset();
    return { diff: diffTrees(hashA, hashB, store), visits: store.gets };
  };

  it('finds nothing between identical trees without reading anything', () => {
    const tree = bigTree();
    expect(setup(tree, tree)).toEqual({ diff: { added: [], removed: [], changed: [], moved: [] }, visits: 0 });
  });

  it('skips identical subtrees of a 10,000-page tree', () => {
    const tree = bigTree();
    const edited = updatePage(tree, 'g4s7p42', (p) => ({ ...p, markdown: '# edited\n', title: 'Edited' }));
    const { diff, visits } = setup(tree, edited);
    expect(diff).toEqual({ added: [], removed: [], changed: [{ id: 'g4s7p42', fields: ['markdown', 'title'] }], moved: [] });
    expect(visits).toBeLessThanOrEqual(8); // the changed path on both sides
  });

  it('reports added and removed pages with their descendants', () => {
    const tree = page('root', [page('a', [page('a1'), page('a2')]), page('b')]);
    const [withoutA] = detach(tree, 'a');
    const withC = insertAt(withoutA, 'b', 0, page('c', [page('c1')]));
    const { diff } = setup(tree, withC);
    expect(diff.removed.map((r) => r.id).sort()).toEqual(['a', 'a1', 'a2']);
    expect(diff.added).toEqual([
      { id: 'c', to: { parentId: 'b', index: 0 } },
      { id: 'c1', to: { parentId: 'c', index: 0 } },
    ]);
    expect(diff.removed.find((r) => r.id === 'a')?.from).toEqual({ parentId: 'root', index: 0 });
    expect(diff.changed).toEqual([]);
    expect(diff.moved).toEqual([]);
  });

  it('reports a moved subtree once, without opening it', () => {
    const tree = bigTree();
    const [without, moved] = detach(tree, 'g1s1');
    const target = insertAt(without, 'g8', 3, moved as PageNode);
    const { diff, visits } = setup(tree, target);
    expect(diff).toEqual({
      added: [],
      removed: [],
      changed: [],
      moved: [{ id: 'g1s1', from: { parentId: 'g1', index: 1 }, to: { parentId: 'g8', index: 3 } }],
    });
    expect(visits).toBeLessThanOrEqual(10); // roots, both groups on each side, the subtree root on each side
  });

  it('reports pages moved out of a removed parent and edited on the way', () => {
    const tree = page('root', [page('a', [page('x'), page('y')]), page('b')]);
    const [withoutA, a] = detach(tree, 'a');
    const x = { ...(a?.children[0] as PageNode), title: 'X!' };
    const result = insertAt(withoutA, 'b', 0, x);
    const { diff } = setup(tree, result);
    expect(diff.removed.map((r) => r.id).sort()).toEqual(['a', 'y']);
    expect(diff.moved).toEqual([{ id: 'x', from: { parentId: 'a', index: 0 }, to: { parentId: 'b', index: 0 } }]);
    expect(diff.changed).toEqual([{ id: 'x', fields: ['title'] }]);
  });

  it('reports only truly reordered siblings as moved', () => {
    const tree = page('root', ['a', 'b', 'c', 'd', 'e'].map((id) => page(id)));
    const reordered = page('root', ['b', 'c', 'a', 'd', 'new', 'e'].map((id) => page(id)));
    const { diff } = setup(tree, reordered);
    expect(diff.moved).toEqual([{ id: 'a', from: { parentId: 'root', index: 0 }, to: { parentId: 'root', index: 2 } }]);
    expect(diff.added).toEqual([{ id: 'new', to: { parentId: 'root', index: 4 } }]);
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

/**
 * Content-addressed page trees (git-like).
 *
 * A space's content is a tree of `PageNode`s under a root node (the root
 * stands for the space itself: its own fields are stored but it has no path).
 * Every node is stored once per distinct content (engine/commit.ts, table
 * `content_nodes`; its page in `page_contents`):
 *
 *   contentHash = sha256("page\0" + canonicalJson(page without children))
 *   hash        = sha256("node\0" + contentHash + "\0" + childHashes.join(","))
 *
 * so identical subtrees share hashes, a revision is just a root hash, and a
 * commit only writes nodes that are new: editing one page of a 10,000-page
 * tree writes the edited node plus its ancestors (O(depth)).
 *
 * Also here: page paths (`computePaths`), sibling slug uniqueness and, via
 * re-exports, fractional order keys.
 */
import { canonicalJson, jsonEqual, sha256Hex, sha256OfCanonicalJson, type JsonObject } from './hash.js';
import { longestCommonSubsequence } from './sequence.js';
import { uniqueSlug } from './slug.js';

export { keyBetween, keysBetween } from './fractional-index.js';
export { uniqueSlug } from './slug.js';

export type PageType = 'document' | 'group' | 'link' | 'computed';

/**
 * Link pages and computed pages have no slug of their own and no path: a computed page stands for the pages it is
 * expanded into (engine/computed.ts), which take its place among its siblings.
 */
export function isPathless(type: PageType): boolean {
  return type === 'link' || type === 'computed';
}

/** A page's own content (everything but its children). */
export interface PageData {
  /** Stable page id: survives renames and moves. */
  id: string;
  title: string;
  /** URL segment, unique among siblings. */
  slug: string;
  type: PageType;
  emoji?: string;
  icon?: string;
  description?: string;
  /** Page body; `''` for groups and links. */
  markdown: string;
  hidden?: boolean;
  layout?: JsonObject;
  cover?: JsonObject;
  /** Target of `link` pages (a GitBook content ref). */
  target?: JsonObject;
  /**
   * `computed` pages: their source (`{type: 'builtin:openapi', props, dependencies: {spec: {ref: {kind: 'openapi',
   * spec}}}}`). Pages generated from one (in a `computed` revision): the document source they were made from.
   */
  computed?: JsonObject;
  /** Pages generated from a computed page: the computed page's id (their ids derive from it). */
  computedSeed?: string;
  /**
   * Pages generated from a computed page: their markdown before evaluation (GitBook's `{% openapi-operation %}`
   * blocks), shown with `evaluated=false`; `markdown` holds the evaluated API reference that readers see.
   */
  unevaluated?: string;
  /** Any further page metadata. */
  metadata?: JsonObject;
}

export interface PageNode extends PageData {
  children: PageNode[];
}

// ---------------------------------------------------------------------------
// Hashing

/** The page without its children. */
export function pageData(node: PageNode): PageData {
  const { children: _children, ...page } = node;
  return page;
}

/** Hash of a page's own content (key order and `undefined` fields do not matter). */
export function hashPage(page: PageData): string {
  return sha256OfCanonicalJson('page\0', page);
}

/** Hash of a node from its content hash and its children's hashes, in order. */
export function combineHash(contentHash: string, childHashes: readonly string[]): string {
  return sha256Hex(`node\0${contentHash}\0${childHashes.join(',')}`);
}

/** Hash of a whole subtree. */
export function hashNode(node: PageNode): string {
  return combineHash(hashPage(pageData(node)), node.children.map(hashNode));
}

// ---------------------------------------------------------------------------
// Structure helpers

/** Where a page sits in a tree. */
export interface PagePlacement {
  page: PageData;
  /** Parent page id; `null` for the root. */
  parentId: string | null;
  index: number;
  childIds: string[];
}

/** All pages of a tree by id (pre-order insertion order). Throws on duplicate ids. */
export function indexTree(root: PageNode): Map<string, PagePlacement> {
  const index = new Map<string, PagePlacement>();
  const visit = (node: PageNode, parentId: string | null, position: number): void => {
    if (index.has(node.id)) throw new Error(`Duplicate page id in tree: ${node.id}`);
    index.set(node.id, { page: pageData(node), parentId, index: position, childIds: node.children.map((c) => c.id) });
    node.children.forEach((child, i) => visit(child, node.id, i));
  };
  visit(root, null, 0);
  return index;
}

/**
 * How a tree (`side`) changed since `base`, page by page, by stable page id: the comparison the three-way merge makes
 * for each side (content/merge-tree.ts) and the one the semantic changes of a revision are listed from
 * (engine/changes.ts). A page is added or deleted when only one tree has it; `moved` when its parent changed or it
 * left its order among the siblings both trees keep under the same parent (pages outside a longest common
 * subsequence of the two sibling orders); `modified` when it moved or its own content differs.
 */
export class TreeComparison {
  /** Pages `side` reordered among siblings kept under the same parent. */
  private readonly reordered = new Set<string>();

  constructor(readonly base: ReadonlyMap<string, PagePlacement>, readonly side: ReadonlyMap<string, PagePlacement>) {
    for (const [parentId, placement] of base) {
      const mine = side.get(parentId);
      if (mine === undefined) continue;
      const before = placement.childIds.filter((id) => side.get(id)?.parentId === parentId);
      const after = mine.childIds.filter((id) => base.get(id)?.parentId === parentId);
      const kept = longestCommonSubsequence(before, after);
      for (const id of before) if (!kept.has(id)) this.reordered.add(id);
    }
  }

  moved(id: string): boolean {
    const base = this.base.get(id);
    const mine = this.side.get(id);
    if (base === undefined || mine === undefined) return false;
    return base.parentId !== mine.parentId || this.reordered.has(id);
  }

  /** Whether the page's own content (every field but its children) differs; false unless both trees have it. */
  edited(id: string): boolean {
    const base = this.base.get(id);
    const mine = this.side.get(id);
    return base !== undefined && mine !== undefined && !jsonEqual(base.page, mine.page);
  }

  modified(id: string): boolean {
    return this.moved(id) || this.edited(id);
  }
}

/**
 * Each page's path, from slugs: `parent path + "/" + slug`, where groups
 * contribute their slug and the root contributes nothing (so a top-level
 * page's path is its slug, as in GitBook). Link pages have no path.
 */
export function computePaths(root: PageNode): Map<string, string> {
  const paths = new Map<string, string>();
  const visit = (node: PageNode, parentPath: string): void => {
    for (const child of node.children) {
      if (isPathless(child.type)) continue;
      const path = parentPath ? `${parentPath}/${child.slug}` : child.slug;
      paths.set(child.id, path);
      visit(child, path);
    }
  };
  visit(root, '');
  return paths;
}

/**
 * Makes slugs unique among siblings, recursively (returns a new tree).
 * Pages for which `keep(id)` holds claim their slug first (e.g. pages whose
 * slug did not change), then the other pages in sibling order; only pages
 * whose slug is already claimed are renamed, to `slug-2`, `slug-3`, …
 */
export function dedupeSiblingSlugs(root: PageNode, keep: (id: string) => boolean = () => false): PageNode {
  const taken = new Set<string>();
  const slugs = new Map<PageNode, string>();
  const pathless = new Set(root.children.filter((c) => isPathless(c.type)));
  for (const child of pathless) slugs.set(child, child.slug);
  for (const child of root.children) {
    if (pathless.has(child)) continue;
    if (keep(child.id) && !taken.has(child.slug)) {
      taken.add(child.slug);
      slugs.set(child, child.slug);
    }
  }
  for (const child of root.children) {
    if (slugs.has(child) || taken.has(child.slug)) continue;
    taken.add(child.slug);
    slugs.set(child, child.slug);
  }
  for (const child of root.children) {
    if (slugs.has(child)) continue;
    const slug = uniqueSlug(child.slug, taken);
    taken.add(slug);
    slugs.set(child, slug);
  }
  const children = root.children.map((child) => {
    const slug = slugs.get(child) ?? child.slug;
    return dedupeSiblingSlugs(slug === child.slug ? child : { ...child, slug }, keep);
  });
  return { ...root, children };
}

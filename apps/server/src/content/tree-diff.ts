/**
 * Diff of two stored page trees, by stable page id.
 *
 * The walk exploits content addressing: two subtrees with the same hash are
 * identical and are never opened, and among siblings only children whose
 * hash is not present on the other side are loaded at all. Pages that are
 * not found under the same parent are collected on each side and matched by
 * id afterwards (moves); unmatched ones are expanded level by level until
 * every page is matched or known to be added/removed. The cost is therefore
 * proportional to the changed part of the trees, not to their size.
 *
 * A page is reported as:
 * - `changed` when its own content differs (with the differing field names);
 * - `moved` when its parent differs, or when it changed order among siblings
 *   present on both sides (pages outside a longest common subsequence of
 *   the sibling order, so inserting a sibling does not "move" the others);
 * - `added` / `removed` when it exists on one side only (descendants of an
 *   added/removed page are listed too).
 */
import { canonicalJson } from './hash.js';
import { longestCommonSubsequence } from './sequence.js';
import type { PageData } from './tree.js';
import { getNode, type StoredNode, type TreeStore } from './tree-store.js';

export interface PageLocation {
  /** Parent page id; `null` for the root. */
  parentId: string | null;
  index: number;
}

export interface TreeDiff {
  added: { id: string; to: PageLocation }[];
  removed: { id: string; from: PageLocation }[];
  changed: { id: string; fields: string[] }[];
  moved: { id: string; from: PageLocation; to: PageLocation }[];
}

interface Located {
  node: StoredNode;
  at: PageLocation;
}

/** Differences from tree `a` to tree `b` (root hashes in `store`). */
export function diffTrees(a: string, b: string, store: TreeStore): TreeDiff {
  const diff: TreeDiff = { added: [], removed: [], changed: [], moved: [] };
  if (a === b) return diff;
  const walk = new DiffWalk(store, diff);
  const root: PageLocation = { parentId: null, index: 0 };
  const rootA = getNode(a, store);
  const rootB = getNode(b, store);
  walk.pendingA.set(rootA.page.id, { node: rootA, at: root });
  walk.pendingB.set(rootB.page.id, { node: rootB, at: root });
  walk.resolvePending();
  return diff;
}

/** A child page in a sibling comparison, loaded lazily. */
interface Sibling {
  /** Whether the same subtree (hash) exists under the other parent. */
  identical: boolean;
  token: string;
  id(): string;
  located(): Located;
}

class DiffWalk {
  /** Pages seen on one side only so far, by id. */
  readonly pendingA = new Map<string, Located>();
  readonly pendingB = new Map<string, Located>();
  private readonly expanded = new Set<Located>();

  constructor(
    private readonly store: TreeStore,
    private readonly diff: TreeDiff,
  ) {}

  /** Matches pending pages by id, expanding unmatched ones until nothing is left to learn. */
  resolvePending(): void {
    for (;;) {
      while (this.matchPending());
      // Only pages that match nothing are opened, one level at a time.
      const expandedA = this.expandAll(this.pendingA);
      const expandedB = this.expandAll(this.pendingB);
      if (!expandedA && !expandedB) break;
    }
    for (const [id, { at }] of this.pendingA) this.diff.removed.push({ id, from: at });
    for (const [id, { at }] of this.pendingB) this.diff.added.push({ id, to: at });
  }

  /** Compares pending pages present on both sides; returns whether any matched. */
  private matchPending(): boolean {
    let matched = false;
    for (const [id, a] of [...this.pendingA]) {
      const b = this.pendingB.get(id);
      if (b === undefined) continue;
      matched = true;
      this.pendingA.delete(id);
      this.pendingB.delete(id);
      this.compare(a, b, false);
    }
    return matched;
  }

  /** Adds the children of not-yet-expanded pending pages to `pending`; returns whether any were expanded. */
  private expandAll(pending: Map<string, Located>): boolean {
    const entries = [...pending.values()].filter((entry) => !this.expanded.has(entry));
    for (const entry of entries) {
      this.expanded.add(entry);
      entry.node.childHashes.forEach((hash, index) => {
        const node = getNode(hash, this.store);
        pending.set(node.page.id, { node, at: { parentId: entry.node.page.id, index } });
      });
    }
    return entries.length > 0;
  }

  /** Compares the same page on both sides. */
  private compare(a: Located, b: Located, reordered: boolean): void {
    const id = a.node.page.id;
    if (a.node.contentHash !== b.node.contentHash) this.diff.changed.push({ id, fields: changedFields(a.node.page, b.node.page) });
    if (reordered || a.at.parentId !== b.at.parentId) this.diff.moved.push({ id, from: a.at, to: b.at });
    if (a.node.hash !== b.node.hash) this.compareChildren(a.node, b.node);
  }

  private compareChildren(a: StoredNode, b: StoredNode): void {
    const childrenA = this.siblings(a, new Set(b.childHashes));
    const childrenB = this.siblings(b, new Set(a.childHashes));
    const inOrder = longestCommonSubsequence(
      childrenA.map((c) => c.token),
      childrenB.map((c) => c.token),
    );
    const byTokenB = new Map(childrenB.map((c) => [c.token, c]));
    for (const childA of childrenA) {
      const childB = byTokenB.get(childA.token);
      byTokenB.delete(childA.token);
      if (childB === undefined) {
        this.pendingA.set(childA.id(), childA.located());
      } else if (!inOrder.has(childA.token) || childA.identical === false) {
        // Identical subtrees only need loading when they changed order.
        this.compare(childA.located(), childB.located(), !inOrder.has(childA.token));
      }
    }
    for (const childB of byTokenB.values()) this.pendingB.set(childB.id(), childB.located());
  }

  /**
   * Children of `parent` as comparable tokens: the hash for subtrees that
   * also exist under the other parent (not loaded), else `id:<page id>`.
   */
  private siblings(parent: StoredNode, otherHashes: ReadonlySet<string>): Sibling[] {
    return parent.childHashes.map((hash, index) => {
      const identical = otherHashes.has(hash);
      const at: PageLocation = { parentId: parent.page.id, index };
      let node: StoredNode | undefined = identical ? undefined : getNode(hash, this.store);
      const load = (): StoredNode => (node ??= getNode(hash, this.store));
      return {
        identical,
        token: identical ? `hash:${hash}` : `id:${load().page.id}`,
        id: () => load().page.id,
        located: (): Located => ({ node: load(), at }),
      };
    });
  }
}

/** Names of the page fields whose values differ (sorted). */
function changedFields(a: PageData, b: PageData): string[] {
  const fields = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...fields]
    .filter((field) => canonicalJson(a[field as keyof PageData]) !== canonicalJson(b[field as keyof PageData]))
    .sort();
}

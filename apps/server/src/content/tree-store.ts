/**
 * Storage of content-addressed tree nodes (see tree.ts for the hashing scheme).
 * A store is append-only: a node, once put under its hash, never changes.
 */
import type { PageData } from './tree.js';

export interface StoredNode {
  /** Hash of the whole subtree. */
  hash: string;
  /** Hash of `page` alone. */
  contentHash: string;
  page: PageData;
  childHashes: string[];
}

export interface TreeStore {
  get(hash: string): StoredNode | undefined;
  put(node: StoredNode): void;
}

/** A `TreeStore` backed by a `Map`. */
export class MemoryTreeStore implements TreeStore {
  private readonly nodes = new Map<string, StoredNode>();

  get(hash: string): StoredNode | undefined {
    return this.nodes.get(hash);
  }

  put(node: StoredNode): void {
    this.nodes.set(node.hash, node);
  }

  get size(): number {
    return this.nodes.size;
  }
}

/** `store.get` that fails loudly on a missing node (a corrupt store). */
export function getNode(hash: string, store: TreeStore): StoredNode {
  const stored = store.get(hash);
  if (stored === undefined) throw new Error(`Tree node ${hash} is missing from the store`);
  return stored;
}

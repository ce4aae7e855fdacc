// An editable view of a stored page tree that loads only what edits touch, and rehashes only what they change.
//
// A revision's tree is content-addressed (content/tree.ts): a node's hash covers its page and its children's
// hashes. The working tree starts from the root node alone; unchanged subtrees stay as bare hashes. To reach a page
// it asks a `Locator` for the page's chain of ancestors in the base tree (the active revision's index answers
// that with one query; other revisions are walked once and cached), and loads just that path. An edit marks its
// node and the node's ancestors dirty; `finish` rehashes the dirty nodes bottom-up and returns the new root and
// the rows to write - for one edited page, the page's content plus one node per level (O(depth)).
import { hashPage, combineHash, isPathless, type PageData } from '../content/tree.js';
import { slugify, uniqueSlug } from '../content/slug.js';
import type { AppContext } from '../context.js';
import type { DbOrTx } from '../db/database.js';
import { ApiError } from '../errors.js';
import { contentConflict, invalidContent, type ContentLocator } from './errors.js';
import { Lru } from '../lib/lru.js';
import { emptyRootPage, loadMarkdown, loadNode, loadNodes, loadTree, ROOT_ID, type NodeRecord, type PageMeta } from './content-store.js';

/** Where a page is in the base tree: its chain of ancestors, root first, the page last. */
export interface Locator {
  chain(pageId: string): Promise<{ pageId: string; hash: string }[] | undefined>;
}

type Child = WNode | string;

export class WNode {
  /** Node hash; null once the node or something below it changed. */
  hash: string | null;
  children: Child[];
  parent: WNode | null = null;
  deleted = false;
  /** The page's own content changed: `markdown` holds it and it must be written. */
  contentDirty = false;
  markdown?: string;

  constructor(
    public meta: PageMeta,
    public contentHash: string,
    hash: string | null,
    children: Child[],
  ) {
    this.hash = hash;
    this.children = children;
  }

  get id(): string {
    return this.meta.id;
  }

  static fromRecord(r: NodeRecord): WNode {
    return new WNode(r.meta, r.contentHash, r.hash, [...r.childHashes]);
  }
}

/** What `finish` produces: the new root and the rows that are new. */
export interface TreeWrite {
  rootHash: string;
  nodes: NodeRecord[];
  contents: { hash: string; page: PageData }[];
}

export class WorkingTree {
  private readonly byId = new Map<string, WNode>();

  private constructor(
    private readonly ctx: AppContext,
    private readonly db: DbOrTx,
    private readonly locator: Locator,
    readonly root: WNode,
  ) {
    this.byId.set(root.id, root);
  }

  static async open(ctx: AppContext, db: DbOrTx, rootHash: string | null, locator: Locator): Promise<WorkingTree> {
    if (rootHash === null) {
      const root = new WNode(emptyRootPage(), '', null, []);
      root.contentDirty = true;
      root.markdown = '';
      return new WorkingTree(ctx, db, locator, root);
    }
    return new WorkingTree(ctx, db, locator, WNode.fromRecord(await loadNode(ctx, db, rootHash)));
  }

  /** The page `pageId` as it is now in this working tree (undefined when absent or deleted). */
  async get(pageId: string): Promise<WNode | undefined> {
    if (pageId === ROOT_ID) return this.root;
    const hit = this.byId.get(pageId);
    if (hit) return hit.deleted ? undefined : hit;
    const chain = await this.locator.chain(pageId);
    if (!chain || chain.length < 2) return undefined;
    let cur = this.root;
    for (const link of chain.slice(1)) {
      const loaded = this.byId.get(link.pageId);
      if (loaded) {
        if (loaded.deleted) return undefined;
        cur = loaded;
        continue;
      }
      const index = cur.children.indexOf(link.hash);
      if (index >= 0) {
        cur = await this.loadChild(cur, index);
        continue;
      }
      // The locator may describe another tree than this one along the way (the active revision's index describes
      // its computed revision, engine/computed.ts, whose ancestors of generated pages differ): find the page by id.
      const next = (await this.childrenOf(cur)).find((c) => c.id === link.pageId);
      if (!next) return undefined;
      cur = next;
    }
    return cur.id === pageId && !cur.deleted ? cur : undefined;
  }

  private attach(parent: WNode, node: WNode): WNode {
    node.parent = parent;
    this.byId.set(node.id, node);
    return node;
  }

  private async loadChild(parent: WNode, index: number): Promise<WNode> {
    const c = parent.children[index]!;
    if (typeof c !== 'string') return c;
    const node = this.attach(parent, WNode.fromRecord(await loadNode(this.ctx, this.db, c)));
    parent.children[index] = node;
    return node;
  }

  /** Every child of `node`, loaded. */
  async childrenOf(node: WNode): Promise<WNode[]> {
    const pending = node.children.filter((c): c is string => typeof c === 'string');
    if (pending.length) {
      const records = await loadNodes(this.ctx, this.db, pending);
      node.children = node.children.map((c) => (typeof c === 'string' ? this.attach(node, WNode.fromRecord(records.get(c)!)) : c));
    }
    return node.children as WNode[];
  }

  /** The full page (markdown included) of a node. */
  async page(node: WNode): Promise<PageData> {
    if (node.markdown === undefined) {
      node.markdown = (await loadMarkdown(this.ctx, this.db, [node.contentHash])).get(node.contentHash) ?? '';
    }
    return { ...node.meta, markdown: node.markdown };
  }

  private markDirty(node: WNode | null): void {
    for (let n = node; n && n.hash !== null; n = n.parent) n.hash = null;
  }

  /** Replaces a node's page content. */
  setPage(node: WNode, page: PageData): void {
    const { markdown, ...meta } = page;
    node.meta = meta;
    node.markdown = markdown;
    node.contentDirty = true;
    this.markDirty(node);
  }

  /** The slugs taken among the children of `parent` (link pages have none), but `except`'s. */
  async takenSlugs(parent: WNode, except?: WNode): Promise<Set<string>> {
    const taken = new Set<string>();
    for (const c of await this.childrenOf(parent)) if (c !== except && !isPathless(c.meta.type)) taken.add(c.meta.slug);
    return taken;
  }

  /** Index at which to insert among `parent`'s children; `where` locates the position in errors. */
  async insertIndex(parent: WNode, position: { before?: string; after?: string; index?: number } | undefined, where: ContentLocator): Promise<number> {
    const children = await this.childrenOf(parent);
    if (position?.index !== undefined) return Math.min(Math.max(0, position.index), children.length);
    if (!position || (position.before === undefined && position.after === undefined)) return children.length;
    const ref = position.before ?? position.after!;
    const i = children.findIndex((c) => c.id === ref);
    if (i < 0) throw invalidContent({ ...where, field: `${where.field}/${position.before !== undefined ? 'before' : 'after'}` }, `is not a sibling page in the new parent (${ref})`);
    return position.before !== undefined ? i : i + 1;
  }

  /** Inserts a new page under `parent` at `index`. */
  insert(parent: WNode, index: number, page: PageData): WNode {
    const { markdown, ...meta } = page;
    const node = new WNode(meta, '', null, []);
    node.markdown = markdown;
    node.contentDirty = true;
    this.attach(parent, node);
    parent.children.splice(index, 0, node);
    this.markDirty(parent);
    return node;
  }

  /** Detaches `node` from its parent (for a move or a delete). */
  detach(node: WNode): void {
    const parent = node.parent;
    if (!parent) throw new ApiError(400, 'The root of the content cannot be moved or deleted');
    parent.children.splice(parent.children.indexOf(node), 1);
    node.parent = null;
    this.markDirty(parent);
  }

  /** Moves `node` under `parent` at `index` (after `detach`). */
  place(node: WNode, parent: WNode, index: number): void {
    node.parent = parent;
    parent.children.splice(index, 0, node);
    this.markDirty(parent);
  }

  /** Deletes a page and its subtree. */
  remove(node: WNode): void {
    this.detach(node);
    const mark = (n: WNode) => {
      n.deleted = true;
      for (const c of n.children) if (typeof c !== 'string') mark(c);
    };
    mark(node);
  }

  /** Whether `node` is `ancestor` or below it. */
  isWithin(node: WNode, ancestor: WNode): boolean {
    for (let n: WNode | null = node; n; n = n.parent) if (n === ancestor) return true;
    return false;
  }

  /** Whether anything changed. */
  get changed(): boolean {
    return this.root.hash === null;
  }

  /** Rehashes what changed, bottom-up; returns the new root hash and the new rows. */
  finish(): TreeWrite {
    const nodes: NodeRecord[] = [];
    const contents: { hash: string; page: PageData }[] = [];
    const visit = (c: Child): string => {
      if (typeof c === 'string') return c;
      if (c.hash !== null) return c.hash;
      const childHashes = c.children.map(visit);
      if (c.contentDirty) {
        const page: PageData = { ...c.meta, markdown: c.markdown ?? '' };
        c.contentHash = hashPage(page);
        c.contentDirty = false;
        contents.push({ hash: c.contentHash, page });
      }
      c.hash = combineHash(c.contentHash, childHashes);
      nodes.push({ hash: c.hash, pageId: c.id, contentHash: c.contentHash, childHashes, meta: c.meta });
      return c.hash;
    };
    return { rootHash: visit(this.root), nodes, contents };
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Locators

/** Locates pages of any stored tree by walking it once (cached by root hash: trees never change). */
const treeLocators = new Lru<string, Map<string, { parentId: string | null; hash: string }>>(32);

export async function treeLocator(ctx: AppContext, db: DbOrTx, rootHash: string | null): Promise<Locator> {
  let index = rootHash ? treeLocators.get(rootHash) : new Map<string, { parentId: string | null; hash: string }>();
  if (!index && rootHash) {
    const built = new Map<string, { parentId: string | null; hash: string }>();
    const tree = await loadTree(ctx, db, rootHash);
    const stack: { t: typeof tree; parentId: string | null }[] = [{ t: tree, parentId: null }];
    while (stack.length) {
      const { t, parentId } = stack.pop()!;
      built.set(t.node.pageId, { parentId, hash: t.node.hash });
      for (const c of t.children) stack.push({ t: c, parentId: t.node.pageId });
    }
    treeLocators.set(rootHash, built);
    index = built;
  }
  const map = index!;
  return {
    async chain(pageId) {
      const out: { pageId: string; hash: string }[] = [];
      let id: string | null = pageId;
      while (id !== null) {
        const e = map.get(id);
        if (!e) return undefined;
        out.push({ pageId: id, hash: e.hash });
        id = e.parentId;
      }
      return out.reverse();
    },
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Page fields

export interface PageFieldsInput {
  title?: string;
  slug?: string;
  emoji?: string | null;
  icon?: string | null;
  description?: string | null;
  markdown?: string;
  hidden?: boolean;
  noIndex?: boolean;
  noRobotsIndex?: boolean;
  /** GitBook's meta links (`{canonical?, alternates?}`), kept in the page's `metadata`; `null` or `{}` removes them. */
  metaLinks?: Record<string, unknown> | null;
  /** GitBook's page `condition` (adaptive content), kept in the page's `metadata`; `null` or `''` removes it. */
  condition?: string | null;
  layout?: Record<string, unknown> | null;
  cover?: Record<string, unknown> | null;
  href?: string;
}

/** A page's slug from its title when none is given. */
export function slugForTitle(title: string): string {
  return slugify(title).slice(0, 100) || 'page';
}

/** Picks a free slug among `taken`: an explicit one must be free (409), a derived one gets a suffix. */
export function chooseSlug(desired: string | undefined, title: string, taken: Set<string>, where: ContentLocator): string {
  if (desired !== undefined) {
    if (taken.has(desired)) throw contentConflict(where, `a sibling page already has the slug "${desired}"`);
    return desired;
  }
  return uniqueSlug(slugForTitle(title), taken);
}

export { ROOT_ID };

// Reading and writing the content-addressed store (repos/content.repo.ts) with a per-database cache. Everything
// stored under a hash is immutable, so cached entries never go stale; the cache is only for reads (writes always
// let the database decide what is new, so a rolled-back transaction can never make us skip a write).
import { canonicalJson, sha256Hex } from '../content/hash.js';
import { combineHash, hashPage, type PageData, type PageNode } from '../content/tree.js';
import type { AppContext } from '../context.js';
import type { Db, DbOrTx } from '../db/database.js';
import { Lru } from '../lib/lru.js';
import { contentRepo } from '../repos/content.repo.js';
import { revisionsRepo, type RevisionRow } from '../repos/revisions.repo.js';
import { setImmediate as turn } from 'node:timers/promises';

/** The id of the root page of every tree: it stands for the space and fails the page id pattern, so no page can take it. */
export const ROOT_ID = '~root';

/** A page's own fields but its markdown (what tree walks need). */
export type PageMeta = Omit<PageData, 'markdown'>;

/** A stored tree node with its page's fields. */
export interface NodeRecord {
  hash: string;
  pageId: string;
  contentHash: string;
  childHashes: string[];
  meta: PageMeta;
}

/** A file of a revision; its bytes are the blob `blob` (sha-256) of the blob store. */
export interface FileEntry {
  id: string;
  name: string;
  contentType: string;
  size: number;
  width?: number;
  height?: number;
  blob: string;
}

/** A revision's content: its page tree, file list and variables (null hashes: empty). */
export interface RevisionContent {
  revision: RevisionRow;
  rootHash: string | null;
  filesHash: string | null;
  variables: Record<string, string>;
}

interface Cache {
  nodes: Lru<string, NodeRecord>;
  markdown: Lru<string, string>;
  files: Lru<string, FileEntry[]>;
}

const caches = new WeakMap<Db, Cache>();

function cacheOf(ctx: AppContext): Cache {
  let c = caches.get(ctx.db);
  if (!c) {
    c = {
      nodes: new Lru(200_000),
      markdown: new Lru(64 * 1024 * 1024, (s) => s.length + 64),
      files: new Lru(1_000),
    };
    caches.set(ctx.db, c);
  }
  return c;
}

const parseChildren = (s: string): string[] => (s === '' ? [] : s.split(','));

/** Nodes by hash (batched, cached). Throws when one is missing: the store would be corrupt. */
export async function loadNodes(ctx: AppContext, db: DbOrTx, hashes: Iterable<string>): Promise<Map<string, NodeRecord>> {
  const cache = cacheOf(ctx);
  const out = new Map<string, NodeRecord>();
  const missing: string[] = [];
  for (const h of hashes) {
    if (out.has(h)) continue;
    const hit = cache.nodes.get(h);
    if (hit) out.set(h, hit);
    else missing.push(h);
  }
  if (missing.length) {
    for (const row of await contentRepo.nodes(db, missing)) {
      const rec: NodeRecord = { hash: row.hash, pageId: row.page_id, contentHash: row.content_hash, childHashes: parseChildren(row.children), meta: JSON.parse(row.data) as PageMeta };
      cache.nodes.set(rec.hash, rec);
      out.set(rec.hash, rec);
    }
    for (const h of missing) if (!out.has(h)) throw new Error(`Content node ${h} is missing from the store`);
  }
  return out;
}

export async function loadNode(ctx: AppContext, db: DbOrTx, hash: string): Promise<NodeRecord> {
  return (await loadNodes(ctx, db, [hash])).get(hash)!;
}

/** Markdown of pages by content hash (batched, cached). */
export async function loadMarkdown(ctx: AppContext, db: DbOrTx, contentHashes: Iterable<string>): Promise<Map<string, string>> {
  const cache = cacheOf(ctx);
  const out = new Map<string, string>();
  const missing: string[] = [];
  for (const h of contentHashes) {
    const hit = cache.markdown.get(h);
    if (hit !== undefined) out.set(h, hit);
    else if (!out.has(h)) missing.push(h);
  }
  for (const row of await contentRepo.markdown(db, missing)) {
    cache.markdown.set(row.hash, row.markdown);
    out.set(row.hash, row.markdown);
  }
  return out;
}

/** Remembers nodes just written (they are content-addressed: the same hash always means the same node). */
export function rememberNodes(ctx: AppContext, nodes: Iterable<NodeRecord>): void {
  const cache = cacheOf(ctx);
  for (const n of nodes) cache.nodes.set(n.hash, n);
}

export function rememberMarkdown(ctx: AppContext, contentHash: string, markdown: string): void {
  cacheOf(ctx).markdown.set(contentHash, markdown);
}

// ---------------------------------------------------------------------------------------------------------------
// Trees

/** A loaded tree: every node with its children (pages' fields, no markdown). */
export interface TreeNode {
  node: NodeRecord;
  children: TreeNode[];
}

/** Loads a whole tree level by level (one query per level for what is not cached). */
export async function loadTree(ctx: AppContext, db: DbOrTx, rootHash: string): Promise<TreeNode> {
  const root: TreeNode = { node: await loadNode(ctx, db, rootHash), children: [] };
  let level = [root];
  while (level.length) {
    const nodes = await loadNodes(ctx, db, level.flatMap((t) => t.node.childHashes));
    const next: TreeNode[] = [];
    for (const t of level) {
      t.children = t.node.childHashes.map((h) => ({ node: nodes.get(h)!, children: [] }));
      next.push(...t.children);
    }
    level = next;
  }
  return root;
}

/** The nodes and page contents of whole trees in memory (what storing them writes), and each root's node hash. */
export function treeRecords(roots: readonly PageNode[]): TreeRecords {
  const out: TreeRecords = { hashes: [], nodes: [], contents: new Map() };
  const write = (n: PageNode): string => record(out, n, n.children.map(write));
  out.hashes = roots.map(write);
  return out;
}

interface TreeRecords {
  hashes: string[];
  nodes: NodeRecord[];
  contents: Map<string, PageData>;
}

/** Hashes one page of a tree whose children are hashed, adds its node and content to `out`; its node hash. */
function record(out: TreeRecords, n: PageNode, childHashes: string[]): string {
  const { children: _c, ...page } = n;
  const contentHash = hashPage(page);
  out.contents.set(contentHash, page);
  const { markdown: _m, ...meta } = page;
  const hash = combineHash(contentHash, childHashes);
  out.nodes.push({ hash, pageId: page.id, contentHash, childHashes, meta });
  return hash;
}

/** Nodes hashed per turn of the event loop by `treeRecordsInSlices`. */
const HASH_SLICE = 200;

/**
 * `treeRecords` (the same result) for large trees: gives the event loop a turn every HASH_SLICE nodes, so that hashing
 * the thousand pages of a Git Sync import (canonical JSON and SHA-256 of every page) is not one long stall.
 */
export async function treeRecordsInSlices(roots: readonly PageNode[]): Promise<TreeRecords> {
  const out: TreeRecords = { hashes: [], nodes: [], contents: new Map() };
  let count = 0;
  const write = async (n: PageNode): Promise<string> => {
    const childHashes: string[] = [];
    for (const c of n.children) childHashes.push(await write(c));
    if (++count % HASH_SLICE === 0) await turn();
    return record(out, n, childHashes);
  };
  for (const r of roots) out.hashes.push(await write(r));
  return out;
}

/** The hash of a whole tree as a revision stores it (its root hash), computed in slices (`treeRecordsInSlices`). */
export async function hashTree(root: PageNode): Promise<string> {
  return (await treeRecordsInSlices([{ ...root, id: ROOT_ID }])).hashes[0]!;
}

/** An empty tree's root page. */
export function emptyRootPage(): PageData {
  return { id: ROOT_ID, title: '', slug: '', type: 'group', markdown: '' };
}

// ---------------------------------------------------------------------------------------------------------------
// Files

export function hashFiles(files: readonly FileEntry[]): string {
  return sha256Hex(`files\0${canonicalJson(files)}`);
}

export async function loadFiles(ctx: AppContext, db: DbOrTx, filesHash: string | null): Promise<FileEntry[]> {
  if (!filesHash) return [];
  const cache = cacheOf(ctx);
  const hit = cache.files.get(filesHash);
  if (hit) return hit;
  const row = await contentRepo.object(db, filesHash);
  if (!row) throw new Error(`File list ${filesHash} is missing from the store`);
  const files = JSON.parse(row.data) as FileEntry[];
  cache.files.set(filesHash, files);
  return files;
}

/** Stores a file list; returns its hash (null for no files) and whether a row was written. */
export async function writeFiles(ctx: AppContext, db: DbOrTx, files: readonly FileEntry[]): Promise<{ hash: string | null; written: number }> {
  if (files.length === 0) return { hash: null, written: 0 };
  const hash = hashFiles(files);
  const written = await contentRepo.insertObject(db, { hash, kind: 'files', data: JSON.stringify(files) });
  cacheOf(ctx).files.set(hash, [...files]);
  return { hash, written };
}

// ---------------------------------------------------------------------------------------------------------------
// Revisions

/**
 * The content of a revision. A revision row without content of its own (`root_hash` null) is empty when it has no
 * parent, and has its single parent's content otherwise (a duplicated space's first revision).
 */
export async function revisionContent(db: DbOrTx, revision: RevisionRow): Promise<RevisionContent> {
  let r: RevisionRow | undefined = revision;
  for (let depth = 0; r && depth < 100; depth++) {
    if (r.root_hash !== null && r.root_hash !== undefined) {
      return { revision, rootHash: r.root_hash, filesHash: r.files_hash ?? null, variables: r.variables ? (JSON.parse(r.variables) as Record<string, string>) : {} };
    }
    const parents = JSON.parse(r.parents) as string[];
    if (parents.length !== 1) break;
    r = await revisionsRepo.findById(db, parents[0]!);
  }
  return { revision, rootHash: null, filesHash: null, variables: {} };
}

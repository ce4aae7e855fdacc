// Snapshots: what a space looked like in the repository at a sync — each page's and file's path (relative to the
// content root) and blob id, the page's content hash then, and the repository's other files Bindery keeps
// (.gitbook.yaml, SUMMARY.md, vars.yaml, includes, tags). Content-addressed in `git_snapshots`, so identical
// snapshots are stored once. They give pages and files their identity across imports (path → id), let exports
// write only what changed, and fill in `git {oid, path}` of pages and files.
import { canonicalJson, sha256Hex } from '../content/hash.js';
import type { DbOrTx } from '../db/database.js';
import { gitSyncRepo } from '../repos/git-sync.repo.js';

export interface Snapshot {
  projectDir: string;
  /** Content root relative to the project directory. */
  root: string;
  readme: string;
  summary: string;
  summaryTitle?: string;
  /**
   * Documents with a file: page id → path, blob id, content hash of the page when synced, and the file's bytes in the
   * blob store (a page unchanged since is written back with them wherever it is exported).
   */
  pages: Record<string, { path: string; oid: string; hash: string; blob?: string }>;
  /** Other pages (groups, link entries, link-less parents): identity key → page id. */
  keys: Record<string, string>;
  files: Record<string, { path: string; oid: string; blob: string }>;
  /** Other files of the content root Bindery keeps (path → blob id and bytes in the blob store). */
  extras: Record<string, { oid: string; blob: string }>;
  /** Hash of the table of contents' structure at the sync (SUMMARY.md is kept as it was while it is the same). */
  structure: string;
}

export const emptySnapshot = (projectDir: string): Snapshot => ({
  projectDir, root: '', readme: 'README.md', summary: 'SUMMARY.md', pages: {}, keys: {}, files: {}, extras: {}, structure: '',
});

export async function saveSnapshot(db: DbOrTx, s: Snapshot): Promise<string> {
  const data = canonicalJson(s);
  const hash = sha256Hex(`git-snapshot\0${data}`);
  await gitSyncRepo.insertSnapshot(db, hash, data);
  return hash;
}

const cache = new Map<string, Snapshot>();

export async function loadSnapshot(db: DbOrTx, hash: string | null | undefined): Promise<Snapshot | undefined> {
  if (!hash) return undefined;
  const hit = cache.get(hash);
  if (hit) return hit;
  const data = await gitSyncRepo.findSnapshotData(db, hash);
  if (data === undefined) return undefined;
  const s = JSON.parse(data) as Snapshot;
  if (cache.size > 200) cache.clear();
  cache.set(hash, s);
  return s;
}

/** Joins the project directory, the content root and a path into a repository path. */
export function repoPath(s: Pick<Snapshot, 'projectDir' | 'root'>, path: string): string {
  return [s.projectDir, s.root, path].filter(Boolean).join('/');
}

// Git metadata shown on revisions, pages and files (`git`; omitted with `metadata=false`): the commit a revision was
// imported from or exported to, and each page's and file's blob id and path in the repository — from the
// revision's own snapshot when it came from or went to git, else from the space's last sync.
import type { AppContext } from '../context.js';
import type { DbOrTx } from '../db/database.js';
import type { GitMetadata } from '../presenters/content.js';
import { gitSyncRepo } from '../repos/git-sync.repo.js';
import { loadSnapshot, repoPath, type Snapshot } from './snapshot.js';
import { cachedRead } from '../db/read-cache.js';
import { blobStore } from '../storage/blobs.js';
import { INCLUDE_FILE, reusableContentId } from './format/read.js';
import { parse as parseYaml } from 'yaml';
import { splitFrontmatter } from '../content/frontmatter.js';

/** The commit a revision came from or went to, and the snapshot of the repository that describes it (its own, else the space's last sync's). */
async function revisionSnapshot(db: DbOrTx, spaceId: string, revisionId: string) {
  // Through the request caches (domain `git`: any change to git_revisions, or to a sync's snapshot, bumps it).
  const row = await cachedRead(db, 'git', `git revision ${revisionId}`, async () => (await gitSyncRepo.findRevisionCommit(db, revisionId)) ?? null);
  let snapshotHash = row?.snapshot_hash ?? null;
  if (!snapshotHash) snapshotHash = await cachedRead(db, 'git', `git sync ${spaceId}`, async () => (await gitSyncRepo.findSync(db, spaceId))?.snapshot_hash ?? null);
  return { row, snapshot: await loadSnapshot(db, snapshotHash) };
}

export async function revisionGitMetadata(ctx: AppContext, db: DbOrTx, spaceId: string, revisionId: string): Promise<GitMetadata | undefined> {
  const { row, snapshot } = await revisionSnapshot(db, spaceId, revisionId);
  if (!row && !snapshot) return undefined;
  const meta: GitMetadata = { pages: new Map(), files: new Map() };
  if (row) {
    meta.revision = {
      oid: row.oid, message: row.message, createdByService: row.created_by_service === 1, createdByGitBook: row.created_by_service === 1,
      ...(row.url ? { url: row.url } : {}), ...(row.ref ? { ref: row.ref } : {}),
    };
  }
  if (snapshot) Object.assign(meta, snapshotPaths(snapshot));
  void ctx;
  return meta;
}

/** The pages' and files' blob ids and paths of a snapshot (immutable: built once per loaded snapshot, read-only). */
const pathsOfSnapshot = new WeakMap<Snapshot, Pick<GitMetadata, 'pages' | 'files'>>();
function snapshotPaths(snapshot: Snapshot): Pick<GitMetadata, 'pages' | 'files'> {
  let paths = pathsOfSnapshot.get(snapshot);
  if (!paths) {
    paths = { pages: new Map(), files: new Map() };
    for (const [id, p] of Object.entries(snapshot.pages)) paths.pages.set(id, { oid: p.oid, path: repoPath(snapshot, p.path) });
    for (const [id, f] of Object.entries(snapshot.files)) paths.files.set(id, { oid: f.oid, path: repoPath(snapshot, f.path) });
    pathsOfSnapshot.set(snapshot, paths);
  }
  return paths;
}

/** The git metadata to present with a read, unless the request says `metadata=false`. */
export async function gitOf(ctx: AppContext, sc: { space: { id: string }; content: { revision: { id: string } } }, query: { metadata?: boolean }): Promise<GitMetadata | undefined> {
  if (query.metadata === false) return undefined;
  return revisionGitMetadata(ctx, ctx.db, sc.space.id, sc.content.revision.id);
}

/**
 * The markdown of a reusable content the space's repository holds (`.gitbook/includes/<name>`, kept at the last
 * sync), for `{% include %}` on the published site; undefined when the space has none of that name.
 */
export async function includeMarkdown(ctx: AppContext, spaceId: string, includePath: string): Promise<string | undefined> {
  // GitBook's id form (`/reusable-content/<id>`, how Git Sync stores an include of the space's own reusable content).
  const id = /^\/reusable-content\/([\w-]+)$/.exec(includePath)?.[1];
  const at = includePath.lastIndexOf('.gitbook/includes/');
  if (at < 0 && id === undefined) return undefined;
  const name = includePath.slice(at);
  const sync = await gitSyncRepo.findSync(ctx.db, spaceId);
  const snapshot = await loadSnapshot(ctx.db, sync?.snapshot_hash);
  const entry = snapshot && Object.entries(snapshot.extras).find(([p]) => {
    if (id !== undefined) {
      const rel = underRoot(snapshot, p);
      return rel !== undefined && INCLUDES.test(rel) && reusableContentId(rel) === id;
    }
    return p === name || p.endsWith(`/${name}`);
  })?.[1];
  const data = entry && (await blobStore(ctx).get(entry.blob));
  return data?.toString('utf8');
}

/**
 * A reusable content of a space: a `.gitbook/includes/*.md` file of its repository (GitBook's Git Sync writes each
 * reusable content there; pages use it with `{% include "…/.gitbook/includes/<name>.md" %}`). Its id is derived
 * from its path under the content root, so it is the same in every revision that has it; its title is the file's
 * frontmatter `title` (GitBook writes one), else the file name.
 */
export interface ReusableContent {
  id: string;
  title: string;
  /** Path under the content root (`.gitbook/includes/x.md`). */
  name: string;
  /** Blob id and path in the repository. */
  oid: string;
  path: string;
  /** The file's bytes in the blob store. */
  blob: string;
}

const INCLUDES = INCLUDE_FILE;
export { reusableContentId };

/** A path of the snapshot's extras (relative to the project directory) relative to the content root; undefined outside it. */
export function underRoot(s: Pick<Snapshot, 'root'>, path: string): string | undefined {
  if (!s.root) return path;
  return path.startsWith(`${s.root}/`) ? path.slice(s.root.length + 1) : undefined;
}

const reusableOfSnapshot = new WeakMap<Snapshot, Promise<ReusableContent[]>>();

/** The reusable contents of a revision, in path order (none for a space without Git Sync). */
export async function revisionReusableContents(ctx: AppContext, db: DbOrTx, spaceId: string, revisionId: string): Promise<ReusableContent[]> {
  const { snapshot } = await revisionSnapshot(db, spaceId, revisionId);
  if (!snapshot) return [];
  let list = reusableOfSnapshot.get(snapshot);
  if (!list) {
    // A snapshot is immutable: its list is made once per process (and dropped with the snapshot).
    list = Promise.all(
      Object.entries(snapshot.extras).map(([p, e]) => [underRoot(snapshot, p), e] as const).filter((x): x is [string, typeof x[1]] => x[0] !== undefined && INCLUDES.test(x[0]))
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(async ([name, e]) => {
        const text = (await blobStore(ctx).get(e.blob))?.toString('utf8') ?? '';
        return { id: reusableContentId(name), title: includeTitle(name, text), name, oid: e.oid, path: repoPath(snapshot, name), blob: e.blob };
      }),
    );
    reusableOfSnapshot.set(snapshot, list);
    list.catch(() => reusableOfSnapshot.delete(snapshot));
  }
  return list;
}

function includeTitle(name: string, text: string): string {
  const { frontmatter } = splitFrontmatter(text);
  if (frontmatter) {
    try {
      const data = parseYaml(frontmatter) as { title?: unknown } | null;
      if (typeof data?.title === 'string' && data.title.trim()) return data.title.trim();
    } catch {
      // a broken frontmatter names nothing: the file name does
    }
  }
  return name.slice(name.lastIndexOf('/') + 1).replace(/\.md$/, '');
}

/** The markdown body (frontmatter removed) of a reusable content. */
export async function reusableContentMarkdown(ctx: AppContext, r: ReusableContent): Promise<string> {
  const text = (await blobStore(ctx).get(r.blob))?.toString('utf8') ?? '';
  return splitFrontmatter(text).body;
}

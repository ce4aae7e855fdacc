// Git Sync's two operations, run by the durable job of a git_sync_operations row (gitsync/operations.ts):
//
// importFromGit: fetch the ref (shallow) into the cache repository, read the project directory in GitBook's format
//   (format/read.ts), map paths to the page and file ids of the last snapshot (paths are identities), store new
//   assets in the blob store, convert page bodies (relative `.md` links → page links with their anchors, asset paths
//   → file refs) and commit the whole tree as ONE revision — nothing when the content did not change (importing the
//   same commit twice makes no revision). The revision is based on the space's head when the import started: pages
//   created or edited meanwhile are merged in (content-adapter.ts commitTree; the repository wins a conflict). `standalone` makes a revision without moving the space (pull-request
//   previews).
// exportToGit: refuse when the branch has commits that were not synced (non-fast-forward) unless `force`; write the
//   space in GitBook's format on top of the branch head, only the files that changed (a page unchanged since the
//   last sync keeps its blob, so files written by other tools do not churn), as ONE commit (`GITBOOK-{n}: {subject}`
//   when the revision merged change request n), and push it. A revision that came from git is not exported back.
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { canonicalJson } from '../content/hash.js';
import type { ContentRef } from '../content/document.js';
import type { JsonObject } from '../content/hash.js';
import type { AppContext } from '../context.js';
import { contentTypeOf, imageSize } from '../lib/image-size.js';
import { formatBytes } from '../content/limits.js';
import { newId } from '../lib/ids.js';
import { slugify } from '../content/slug.js';
import { dedupeSiblingSlugs, pageData } from '../content/tree.js';
import {
  commitTree, getBlob, getBlobs, pageHash, putBlob, putBlobs, readRevision, ROOT_ID,
  type ConcurrentMerge, type FileEntry, type PageData, type PageNode,
} from './content-adapter.js';
import { contentRoot, parseGitBookConfig, joinPath } from './format/config.js';
import type { FrontmatterFields, PageLayout } from './format/page-file.js';
import { ASSETS_DIR, hasFilesUnder, INCLUDE_FILE, INCLUDES_DIR, resolveRelative, reusableContentId, VARS_FILE, type PageGitMeta, type RepoPage } from './format/read.js';
import { underRoot } from './metadata.js';
import { planPaths, refTarget, relativePath, renderPageFile, renderSummary, renderVariables, type ExportPage, type PathPlan } from './format/write.js';
import { gitExportBodies, gitImportBodies, gitReadRepository } from '../content/process.js';
import { BlobMark, blobOid, DEFAULT_LIMITS, FastImport, GitError, prepareRemote, RepoCache, type GitLimits } from './git.js';
import { emptySnapshot, loadSnapshot, repoPath, saveSnapshot, type Snapshot } from './snapshot.js';
import { MAX_SUMMARY_DEPTH } from './format/summary.js';
import { changeRequestsRepo } from '../repos/change-requests.repo.js';
import { gitSyncRepo } from '../repos/git-sync.repo.js';
import { spacesRepo } from '../repos/spaces.repo.js';
import { usersRepo } from '../repos/users.repo.js';
import { setImmediate as turn } from 'node:timers/promises';

export const BOT = { name: 'Bindery', email: 'bot@bindery.local' };

export interface SyncRequest {
  url: string;
  ref: string;
  repoCacheID?: string;
  repoTreeURL?: string;
  repoCommitURL?: string;
  repoProjectDirectory?: string;
  timestamp?: string;
  force?: boolean;
  standalone?: boolean;
  commitMessage?: string;
  gitInfo?: { provider: string; url: string };
}

export interface SyncContext {
  ctx: AppContext;
  spaceId: string;
  /** The full URL (with credentials). */
  url: string;
  request: SyncRequest;
  createdBy: string | null;
  limits?: GitLimits;
  /** Reports progress (keeps the job's claim alive). */
  progress?: (stage: string) => Promise<void>;
  /**
   * Called once the sync has a commit to work on and will change something: an import with the commit it reads and
   * the space's revision then; an export with the commit it made of the revision, before pushing it (integrations'
   * `space_gitsync_started`).
   */
  started?: (at: { revisionId: string; commitId: string }) => Promise<void>;
}

export interface SyncResult {
  revisionId?: string;
  commit?: string;
  /** Why nothing was done, when nothing was. */
  skipped?: string;
  /** Files written / deleted (export), pages and files read (import). */
  stats?: Record<string, number>;
  standalone?: boolean;
  /** An import during which the space's content changed: how its commit was merged with those changes. */
  merged?: ConcurrentMerge;
}

const MARKDOWN = /\.(md|markdown|mdx)$/i;
const TEXT = /\.(md|markdown|mdx|ya?ml)$/i;
/** Bytes of files read from git and stored at a time by an import. */
const ASSET_BATCH_BYTES = 64 * 1024 * 1024;

function projectDirOf(r: SyncRequest): string {
  return joinPath((r.repoProjectDirectory ?? '').trim());
}

async function openCache(s: SyncContext): Promise<RepoCache> {
  const remote = await prepareRemote(s.url, { allowPrivate: s.ctx.config.allowPrivateUrls });
  return RepoCache.open(join(s.ctx.config.dataDir, 'git-cache'), remote, s.limits ?? DEFAULT_LIMITS, s.request.repoCacheID);
}

async function syncRow(s: SyncContext) {
  return gitSyncRepo.findSync(s.ctx.db, s.spaceId);
}

/**
 * The snapshot of the last sync (paths of pages and files, kept files), and — when it was with the same repository
 * and folder — the commit and revision synchronised then.
 */
async function previousSnapshot(s: SyncContext, projectDir: string, remoteUrl: string): Promise<{ snapshot?: Snapshot; lastCommit?: string; lastRevision?: string }> {
  const row = await syncRow(s);
  if (!row) return {};
  const snapshot = await loadSnapshot(s.ctx.db, row.snapshot_hash);
  const same = row.url === remoteUrl && row.project_directory === projectDir;
  return {
    ...(snapshot ? { snapshot } : {}),
    ...(same && row.last_commit ? { lastCommit: row.last_commit } : {}),
    ...(same && row.last_revision_id ? { lastRevision: row.last_revision_id } : {}),
  };
}

function commitUrl(r: SyncRequest, oid: string): string | null {
  return r.repoCommitURL ? `${r.repoCommitURL.replace(/\/+$/, '')}/${oid}` : null;
}

// ---------------------------------------------------------------------------------------------------------------
// Import

const layoutToApi = (l: PageLayout | undefined): JsonObject | undefined => (l && Object.keys(l).length ? ({ ...l } as JsonObject) : undefined);

export async function importFromGit(s: SyncContext): Promise<SyncResult> {
  const { ctx, request } = s;
  const projectDir = projectDirOf(request);
  const cache = await openCache(s);
  // The revision the import starts from: its commit is merged with what the space's content gained meanwhile.
  const current = await readRevision(ctx, ctx.db, s.spaceId);
  await s.progress?.('repo_fetch');
  const head = await cache.fetch(request.ref);
  if (!head) throw new GitError(`The repository has no ref ${request.ref}`, 'not-found');
  const prev = await previousSnapshot(s, projectDir, cache.remote.url);
  if (!request.force && !request.standalone && prev.lastCommit === head && prev.snapshot) return { skipped: `commit ${head} is already imported` };
  await s.started?.({ revisionId: current.revisionId, commitId: head });

  await s.progress?.('config_check');
  const listing = await cache.listTree(head, projectDir);
  // Symbolic links are no files of the space (their blob is the path they point at); submodules are no blobs.
  for (const [path, entry] of listing) if (entry.mode === '120000') listing.delete(path);
  const limits = s.limits ?? DEFAULT_LIMITS;
  const textOids = [...new Set([...listing].filter(([p, e]) => TEXT.test(p) && e.size <= limits.maxFileBytes).map(([, e]) => e.oid))];
  const sizeOf = new Map([...listing.values()].map((e) => [e.oid, e.size]));
  const textBytes = textOids.reduce((n, oid) => n + (sizeOf.get(oid) ?? 0), 0);
  if (textBytes > limits.maxTextBytes) {
    throw new GitError(`The markdown and YAML files add up to ${formatBytes(textBytes)}, more than the limit of ${formatBytes(limits.maxTextBytes)} of markdown and YAML per import`, 'limit');
  }
  const texts = await cache.readBlobs(textOids);
  // Read in GitBook's format on the content worker pool (parsing every page file would hold the event loop).
  const textOf = new Map<string, string>();
  for (const [p, e] of listing) {
    const data = texts.get(e.oid);
    if (data) textOf.set(p, data.toString('utf8'));
  }
  const repo = await gitReadRepository({ projectDir, files: new Map([...listing].map(([p, e]) => [p, e.oid])), texts: textOf });
  if (repo.summaryTooDeep) throw new GitError(`${repo.summaryTooDeep} nests entries more than ${MAX_SUMMARY_DEPTH} levels deep, the limit of a table of contents`, 'limit');
  if (repo.pages.length === 0 && listing.size === 0 && projectDir) throw new GitError(`The folder ${projectDir} does not exist on ${request.ref}`, 'not-found');
  // A `root` naming no folder with files (a typo in .gitbook.yaml, a folder renamed) would import an empty space: every
  // page of the space gone in one revision. It fails naming the root instead, and the space stays as it is.
  if (repo.root && ![...listing.keys()].some((p) => p.startsWith(`${repo.root}/`))) {
    throw new GitError(`The root "${repo.root}" of .gitbook.yaml names no folder with files on ${request.ref}${projectDir ? ` (in ${projectDir})` : ''}`, 'not-found');
  }

  await s.progress?.('content_process');
  const before = prev.snapshot ?? emptySnapshot(projectDir);
  const sameRoot = before.root === repo.root;
  const pageIdByPath = new Map(sameRoot ? Object.entries(before.pages).map(([id, p]) => [p.path, id]) : []);
  const fileIdByPath = new Map(sameRoot ? Object.entries(before.files).map(([id, f]) => [f.path, id]) : []);
  const currentFiles = new Map(current.files.map((f) => [f.id, f]));
  const usedIds = new Set<string>();
  const claim = (id: string | undefined) => (id && !usedIds.has(id) ? (usedIds.add(id), id) : (() => {
    const fresh = newId();
    usedIds.add(fresh);
    return fresh;
  })());

  // Ids: documents by path, other entries by key; files by path.
  const next: Snapshot = { ...emptySnapshot(projectDir), root: repo.root, readme: repo.config.readme, summary: repo.config.summary, ...(repo.summaryTitle !== undefined ? { summaryTitle: repo.summaryTitle } : {}) };
  const ids = new Map<RepoPage, string>();
  const pathToId = new Map<string, string>();
  // Keys seen in this tree: a second entry with the same key (two `## Overview` groups, one per version of the docs)
  // is told apart by its rank, so each keeps its id from one import to the next.
  const keyCount = new Map<string, number>();
  const assign = (pages: RepoPage[], parentKey: string) => {
    for (const p of pages) {
      let id: string;
      let key = '';
      if (p.path) id = claim(pageIdByPath.get(p.path));
      else {
        key = p.type === 'group' ? `group:${p.slug}` : p.type === 'link' ? `link:${parentKey}:${p.href ?? p.git.raw ?? p.title}`
          : p.type === 'computed' ? `computed:${parentKey}:${canonicalJson(((p.computed?.dependencies ?? {}) as JsonObject))}` : `linkless:${parentKey}:${slugify(p.title)}`;
        const rank = keyCount.get(key) ?? 0;
        keyCount.set(key, rank + 1);
        if (rank > 0) key = `${key}#${rank + 1}`;
        id = claim(before.keys[key]);
        next.keys[key] = id;
      }
      ids.set(p, id);
      if (p.path) pathToId.set(p.path, id);
      assign(p.children, p.path ?? key);
    }
  };
  assign(repo.pages, '');

  // Files: reuse what is already stored when the blob did not change.
  const files: FileEntry[] = [];
  const fileByPath = new Map<string, string>();
  const toRead = repo.assets.filter((a) => {
    const id = fileIdByPath.get(a.path);
    return !(id && before.files[id]?.oid === a.oid && currentFiles.has(id));
  });
  // New and changed files, checked by their listed sizes first, then read and stored in batches of at most
  // ASSET_BATCH_BYTES (one statement per 200 on the database store): what is kept of each is its hash, size, type
  // and image size, so memory holds one batch whatever the repository's size.
  const readOids = [...new Set(toRead.map((a) => a.oid))];
  let assetBytes = 0;
  for (const a of toRead) {
    const size = sizeOf.get(a.oid) ?? 0;
    if (size > limits.maxFileBytes) throw new GitError(`${a.path} is larger than ${limits.maxFileBytes} bytes`, 'limit');
  }
  for (const oid of readOids) assetBytes += sizeOf.get(oid) ?? 0;
  if (assetBytes > limits.maxAssetBytes) {
    throw new GitError(`The files to import add up to ${formatBytes(assetBytes)}, more than the limit of ${formatBytes(limits.maxAssetBytes)} of files per import`, 'limit');
  }
  const namesOf = new Map<string, string[]>();
  for (const a of toRead) {
    const names = namesOf.get(a.oid);
    if (names) names.push(a.name);
    else namesOf.set(a.oid, [a.name]);
  }
  const read = new Map<string, { blob: string; size: number; image: ReturnType<typeof imageSize>; types: Map<string, string> }>();
  for (let i = 0; i < readOids.length;) {
    const batch: string[] = [];
    for (let bytes = 0; i < readOids.length && (batch.length === 0 || bytes + (sizeOf.get(readOids[i]!) ?? 0) <= ASSET_BATCH_BYTES); i++) {
      bytes += sizeOf.get(readOids[i]!) ?? 0;
      batch.push(readOids[i]!);
    }
    const bytes = await cache.readBlobs(batch);
    const found = batch.filter((oid) => bytes.has(oid));
    const hashes = await putBlobs(ctx, found.map((oid) => bytes.get(oid)!));
    found.forEach((oid, k) => {
      const data = bytes.get(oid)!;
      const types = new Map((namesOf.get(oid) ?? []).map((name) => [name, contentTypeOf(name, undefined, data)]));
      read.set(oid, { blob: hashes[k]!, size: data.length, image: imageSize(data), types });
    });
  }
  for (const a of repo.assets) {
    const id = claim(fileIdByPath.get(a.path));
    fileByPath.set(a.path, id);
    const known = currentFiles.get(id);
    let entry: FileEntry;
    if (known && before.files[id]?.oid === a.oid) entry = { ...known, name: a.name };
    else {
      const data = read.get(a.oid);
      if (!data) throw new GitError(`The file ${a.path} could not be read`);
      if (data.size > limits.maxFileBytes) throw new GitError(`${a.path} is larger than ${limits.maxFileBytes} bytes`, 'limit');
      const image = data.image;
      entry = {
        id, name: a.name, contentType: data.types.get(a.name) ?? 'application/octet-stream', size: data.size, blob: data.blob,
        ...(image ? { width: image.width, height: image.height } : {}),
      };
    }
    files.push(entry);
    next.files[id] = { path: a.path, oid: a.oid, blob: entry.blob };
  }

  // Page bodies in the engine's stored form, converted on the content worker pool (the event loop stays free).
  const documents: RepoPage[] = [];
  const collect = (ps: RepoPage[]) => ps.forEach((p) => {
    if (p.type === 'document' && p.path) documents.push(p);
    collect(p.children);
  });
  collect(repo.pages);
  // Each page file's bytes are kept (content-addressed, stored once), stored while the bodies convert: a page that
  // did not change is written back with them, also to a branch or repository that does not have them.
  const rawOids = [...new Set(documents.map((p) => listing.get(joinPath(repo.root, p.path!))?.oid).filter((o): o is string => !!o && texts.has(o)))];
  const rawBlobs = putBlobs(ctx, rawOids.map((oid) => texts.get(oid)!)).then((hashes) => hashes.map((h, i) => [rawOids[i]!, h] as const));
  // `{% include %}` of the repository's reusable contents is stored by id (gitsync/format/block-targets.ts).
  const includeIds = new Map(repo.includes.filter((i) => INCLUDE_FILE.test(i.path)).map((i) => [i.path, reusableContentId(i.path)]));
  const storedBodies = await gitImportBodies(documents.map((p) => ({ from: p.path!, body: p.body })), fileByPath, pathToId, includeIds);
  const rawBlob = new Map(await rawBlobs);
  const storedOf = new Map(documents.map((p, i) => [p, storedBodies[i]!.markdown]));
  // Targets climbing above the root, as written: kept in the page's git metadata for the export (format/read.ts).
  documents.forEach((p, i) => {
    const climbs = storedBodies[i]!.climbs;
    if (climbs) p.git.climbs = climbs;
  });

  const linkTarget = (href: string): JsonObject => {
    const r = resolveRelative(repo.config.summary, href);
    const page = r && pathToId.get(r.path);
    if (page) return r.anchor !== undefined ? { kind: 'anchor', page, anchor: r.anchor } : { kind: 'page', page };
    return { kind: 'url', url: href };
  };

  let pageCount = 0;
  const build = (p: RepoPage): PageNode => {
    const id = ids.get(p)!;
    const page: PageData = { id, title: p.title.slice(0, 500) || 'Untitled', slug: p.type === 'link' || p.type === 'computed' ? '' : p.slug, type: p.type, markdown: '' };
    if (p.type === 'computed') page.computed = p.computed as JsonObject;
    if (p.type === 'document' && p.path) {
      pageCount++;
      page.markdown = storedOf.get(p)!;
    }
    const f = p.fields;
    if (f.description) page.description = f.description;
    if (f.icon) page.icon = f.icon;
    if (f.hidden) page.hidden = true;
    const layout = layoutToApi(f.layout);
    if (layout) page.layout = layout;
    if (f.cover && p.path) {
      const r = resolveRelative(p.path, f.cover);
      const file = r && fileByPath.get(r.path);
      if (file) page.cover = { ref: { kind: 'file', file }, ...(f.coverY !== undefined ? { yPos: f.coverY } : {}) };
      // A cover that is no file of the space (a path GitBook left dangling, a URL) is written back as it was.
      else {
        p.git.cover = f.cover;
        if (f.coverY !== undefined) p.git.coverY = f.coverY;
      }
    }
    if (p.type === 'link') page.target = p.href ? linkTarget(p.href) : { kind: 'url', url: '' };
    const metadata: JsonObject = {};
    if (f.noIndex) metadata.noIndex = true;
    if (f.noRobotsIndex) metadata.noRobotsIndex = true;
    if (f.condition) metadata.condition = f.condition;
    if (f.metaLinks) metadata.metaLinks = f.metaLinks as JsonObject;
    const git = cleanGitMeta(p.git);
    if (git) metadata.git = git as JsonObject;
    if (Object.keys(metadata).length) page.metadata = metadata;
    return { ...page, children: p.children.map(build) };
  };
  const tree = dedupeSiblingSlugs({ id: ROOT_ID, title: '', slug: '', type: 'group', markdown: '', children: repo.pages.map(build) });
  const idToPath = new Map([...pathToId].map(([path, id]) => [id, path]));
  // Each page's content hash, in pre-order, giving the event loop a turn every 200 pages (hashing is canonical JSON
  // and SHA-256 of every page's markdown).
  let hashed = 0;
  const record = async (n: PageNode): Promise<void> => {
    const path = idToPath.get(n.id);
    const e = path !== undefined ? listing.get(joinPath(repo.root, path)) : undefined;
    const blob = e && rawBlob.get(e.oid);
    if (path !== undefined && e) {
      if (++hashed % 200 === 0) await turn();
      next.pages[n.id] = { path, oid: e.oid, hash: pageHash(pageData(n)), ...(blob ? { blob } : {}) };
    }
    for (const c of n.children) await record(c);
  };
  await record(tree);
  // The table of contents as an export would write it: SUMMARY.md is kept as it is while it does not change.
  next.structure = exportModel(tree, files, next, repo.config).structure;

  // Other files Bindery keeps, so that an export writes them back (the table of contents under the name it has here).
  const summaryName = tocName(repo.config.summary, repo.root, listing.keys());
  const extraPaths = [...listing.keys()].filter((p) => {
    const rel = repo.root ? (p.startsWith(`${repo.root}/`) ? p.slice(repo.root.length + 1) : undefined) : p;
    return p === '.gitbook.yaml' || (rel !== undefined && (rel === VARS_FILE || rel === summaryName || rel === '.gitbook/tags.yaml' || (rel.startsWith(`${INCLUDES_DIR}/`) && MARKDOWN.test(rel))));
  });
  const extraBytes = await cache.readBlobs(extraPaths.map((p) => listing.get(p)!.oid));
  for (const p of extraPaths) {
    const e = listing.get(p)!;
    const data = extraBytes.get(e.oid);
    if (data) next.extras[p] = { oid: e.oid, blob: await putBlob(ctx, data) };
  }

  await s.progress?.('finalize');
  const info = await cache.commitInfo(head);
  const createdByService = /<bot@bindery\.local>$/.test(info.committer ?? '');
  // The reusable contents (`.gitbook/includes/*.md`) are read from the revision's snapshot: a commit that changed only
  // them is a new revision too (the previous one keeps the texts it had).
  const includesOf = (snap: Pick<Snapshot, 'root' | 'extras'>) => Object.entries(snap.extras)
    .filter(([p]) => { const rel = underRoot(snap, p); return rel !== undefined && INCLUDE_FILE.test(rel); })
    .map(([p, e]) => `${p}\0${e.oid}`).sort().join('\n');
  const committed = await commitTree(ctx, {
    spaceId: s.spaceId, tree, files, variables: repo.variables, createdBy: s.createdBy, activate: !request.standalone, base: current.revisionId,
    changedBeside: !!prev.snapshot && includesOf(prev.snapshot) !== includesOf(next),
    then: async (tx, revisionId) => {
      const hash = await saveSnapshot(tx, next);
      await gitSyncRepo.saveRevisionCommit(tx, {
        revision_id: revisionId, space_id: s.spaceId, oid: head, message: info.message, created_by_service: createdByService ? 1 : 0,
        url: commitUrl(request, head), ref: request.ref, snapshot_hash: hash, created_at: ctx.clock.now().toISOString(),
      });
      if (!request.standalone) await recordSync(s, tx, { head, revisionId, snapshotHash: hash, remoteUrl: cache.remote.url, projectDir });
    },
  });
  if (!committed && !request.standalone) {
    await ctx.db.transaction().execute(async (tx) => {
      const hash = await saveSnapshot(tx, next);
      const space = await spacesRepo.findById(tx, s.spaceId);
      if (!space) throw new Error(`space ${s.spaceId} is gone`);
      await recordSync(s, tx, { head, revisionId: space.revision_id, snapshotHash: hash, remoteUrl: cache.remote.url, projectDir });
    });
  }
  const stats = { pages: pageCount, files: files.length, filesRead: toRead.length, warnings: repo.warnings.length };
  if (!committed) return { commit: head, skipped: 'the content is the same as the space\'s', stats, ...(request.standalone ? { standalone: true } : {}) };
  return { revisionId: committed.revisionId, commit: head, stats, ...(request.standalone ? { standalone: true } : {}), ...(committed.merged ? { merged: committed.merged } : {}) };
}

function cleanGitMeta(g: PageGitMeta): PageGitMeta | undefined {
  const out: PageGitMeta = {};
  for (const [k, v] of Object.entries(g)) if (v !== undefined) (out as Record<string, unknown>)[k] = v;
  return Object.keys(out).length ? out : undefined;
}

async function recordSync(
  s: SyncContext, tx: Parameters<typeof saveSnapshot>[0],
  r: { head: string; revisionId: string; snapshotHash: string; remoteUrl: string; projectDir: string },
): Promise<void> {
  const now = s.ctx.clock.now().toISOString();
  await gitSyncRepo.updateSync(tx, s.spaceId, {
    last_commit: r.head, last_revision_id: r.revisionId, snapshot_hash: r.snapshotHash, url: r.remoteUrl, project_directory: r.projectDir,
    ...(s.request.timestamp ? { last_timestamp: s.request.timestamp } : {}), updated_at: now,
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Export

function fieldsOfPage(p: PageNode, coverPath: (file: string) => string | undefined): FrontmatterFields {
  const f: FrontmatterFields = {};
  if (p.description) f.description = p.description;
  if (p.icon) f.icon = p.icon;
  if (p.hidden) f.hidden = true;
  const meta = (p.metadata ?? {}) as Record<string, unknown>;
  if (meta.noIndex === true) f.noIndex = true;
  if (meta.noRobotsIndex === true) f.noRobotsIndex = true;
  if (typeof meta.condition === 'string' && meta.condition.trim()) f.condition = meta.condition;
  if (meta.metaLinks && typeof meta.metaLinks === 'object') f.metaLinks = meta.metaLinks as FrontmatterFields['metaLinks'];
  if (p.layout && Object.keys(p.layout).length) f.layout = { ...(p.layout as PageLayout) };
  const cover = p.cover as { ref?: { kind?: string; file?: string }; yPos?: number } | undefined;
  if (cover?.ref?.kind === 'file' && cover.ref.file) {
    const path = coverPath(cover.ref.file);
    if (path) f.cover = path;
    if (typeof cover.yPos === 'number') f.coverY = cover.yPos;
  } else if (gitMetaOf(p).cover) {
    // The cover as the file had it, when it was no file of the space.
    f.cover = gitMetaOf(p).cover;
    const y = (p.metadata as { git?: { coverY?: number } } | undefined)?.git?.coverY;
    if (typeof y === 'number') f.coverY = y;
  }
  return f;
}

const gitMetaOf = (p: PageNode): PageGitMeta => (((p.metadata ?? {}) as Record<string, unknown>).git ?? {}) as PageGitMeta;

/**
 * The name (relative to `root`) of the table of contents: `configured` when one of `paths` (project-directory
 * relative, looked at in turn) is it, else the first path that differs from it only in case (the import reads either,
 * as GitBook does), else `configured`. One pass over the paths.
 */
function tocName(configured: string, root: string, ...paths: Iterable<string>[]): string {
  const want = joinPath(root, configured);
  const lower = want.toLowerCase();
  for (const list of paths) {
    let variant: string | undefined;
    for (const p of list) {
      if (p === want) return configured;
      if (variant === undefined && p.toLowerCase() === lower) variant = p;
    }
    if (variant !== undefined) return root ? variant.slice(root.length + 1) : variant;
  }
  return configured;
}

/** The structure of a table of contents (what SUMMARY.md says), to know whether it changed since the last sync. */
function structureKey(pages: ExportPage[], plan: PathPlan, linkTarget: (p: ExportPage) => string | undefined): string {
  const shape = (ps: ExportPage[]): unknown[] => ps.map((p) => [p.type, p.title, p.slug, plan.pages.get(p.id) ?? null, p.type === 'link' ? linkTarget(p) ?? null : null, p.git.label ?? null, p.git.linkless ?? false, p.git.raw ?? null, p.computed ?? null, shape(p.children)]);
  return createHash('sha256').update(canonicalJson(shape(pages))).digest('hex');
}

interface ExportModel {
  pages: ExportPage[];
  byId: Map<string, ExportPage>;
  plan: PathPlan;
  nodes: Map<string, PageNode>;
  /**
   * Where a reference written in the file at `from` points: a relative path (a page with its own folder as the folder
   * with a trailing `/`, as GitBook writes links in pages; its README.md in SUMMARY.md), or GitBook's `/broken/…`.
   */
  targetOf(from: string, ref: ContentRef, summary?: boolean): string | undefined;
  /** Destination of a link page's SUMMARY.md entry. */
  linkTarget(p: ExportPage): string | undefined;
  /** Hash of what SUMMARY.md says. */
  structure: string;
}

/** An export reads the files it writes from the blob store in batches of at most this many bytes (one larger file alone)… */
export const EXPORT_BATCH_BYTES = 16 * 1024 * 1024;
/** …and of at most this many files. */
const EXPORT_BATCH_FILES = 256;

/** A page tree as the files it is written to: paths of pages and files (recorded ones kept), links, SUMMARY.md's shape. */
function exportModel(tree: PageNode, files: readonly FileEntry[], before: Snapshot, config: { readme: string; summary: string }): ExportModel {
  const byId = new Map<string, ExportPage>();
  const toExport = (n: PageNode): ExportPage => {
    const p: ExportPage = {
      id: n.id, type: n.type, title: n.title, slug: n.slug, fields: {}, git: gitMetaOf(n), ...(n.computed ? { computed: n.computed } : {}),
      ...(before.pages[n.id] ? { recordedPath: before.pages[n.id]!.path } : {}), children: n.children.map(toExport),
    };
    byId.set(n.id, p);
    return p;
  };
  const pages = tree.children.map(toExport);
  const plan = planPaths(pages, files.map((f) => ({ id: f.id, name: f.name, blob: f.blob, ...(before.files[f.id] ? { recordedPath: before.files[f.id]!.path } : {}) })), config.readme);
  const nodes = new Map<string, PageNode>();
  const index = (n: PageNode) => {
    nodes.set(n.id, n);
    n.children.forEach(index);
  };
  tree.children.forEach(index);
  const targetOf = (from: string, ref: ContentRef, summary = false): string | undefined => refTarget(plan, from, ref, summary);
  const linkTarget = (p: ExportPage): string | undefined => {
    const target = nodes.get(p.id)?.target as ContentRef | undefined;
    if (!target) return undefined;
    if (target.kind === 'url') return target.url || undefined;
    return targetOf(config.summary, target, true);
  };
  return { pages, byId, plan, nodes, targetOf, linkTarget, structure: structureKey(pages, plan, linkTarget) };
}

export async function exportToGit(s: SyncContext): Promise<SyncResult> {
  const cache = await openCache(s);
  const blobs = cache.fastImport();
  try {
    return await exportWith(s, cache, blobs);
  } finally {
    await blobs.abort();
  }
}

async function exportWith(s: SyncContext, cache: RepoCache, blobs: FastImport): Promise<SyncResult> {
  const { ctx, request } = s;
  const projectDir = projectDirOf(request);
  const prev = await previousSnapshot(s, projectDir, cache.remote.url);
  const revision = await readRevision(ctx, ctx.db, s.spaceId);
  if (!request.force && prev.lastRevision === revision.revisionId) {
    return { skipped: `revision ${revision.revisionId} is already in the repository` };
  }
  await s.progress?.('repo_fetch');
  const head = await cache.fetch(request.ref);
  if (head && prev.lastCommit && head !== prev.lastCommit && !request.force) {
    throw new GitError(
      `${request.ref} has commits that are not in this space (it is at ${head.slice(0, 12)}, last synced at ${prev.lastCommit.slice(0, 12)}): import them first, or export with "force": true to overwrite them`,
      'non-fast-forward',
    );
  }

  await s.progress?.('content_process');
  const tree = head ? await cache.listTree(head, projectDir) : new Map<string, { oid: string; size: number; mode: string }>();
  const configEntry = tree.get('.gitbook.yaml');
  const configText = configEntry ? (await cache.readBlobs([configEntry.oid])).get(configEntry.oid)?.toString('utf8') : undefined;
  // A branch without .gitbook.yaml gets the one of the last sync back (below): its settings place the files.
  const restoresConfig = !configEntry && prev.snapshot?.extras['.gitbook.yaml'] !== undefined;
  const config = restoresConfig && prev.snapshot
    ? { ...parseGitBookConfig(undefined), root: prev.snapshot.root, readme: prev.snapshot.readme, summary: prev.snapshot.summary }
    : parseGitBookConfig(configText);
  config.root = contentRoot(config.root, projectDir, (dir) => hasFilesUnder(tree, dir));
  const before = prev.snapshot && prev.snapshot.root === config.root ? prev.snapshot : { ...emptySnapshot(projectDir), root: config.root };
  const root = config.root;
  const rel = (path: string) => joinPath(root, path); // project-dir relative

  // The table of contents under the name the branch (else the last sync) has it: the import reads `summary.md` for
  // `SUMMARY.md` and back, so writing the configured name next to it would leave two.
  const summaryName = tocName(config.summary, root, tree.keys(), Object.keys(before.extras));
  const { pages, byId, plan, nodes, targetOf, linkTarget, structure } = exportModel(revision.tree, revision.files, before, { ...config, summary: summaryName });

  // Which ids moved since the last sync (pages referring to them must be written again).
  const moved = new Set<string>();
  for (const [id, path] of plan.pages) if (before.pages[id] && before.pages[id]!.path !== path) moved.add(id);
  for (const [id, path] of plan.files) if (before.files[id] && before.files[id]!.path !== path) moved.add(id);
  for (const id of Object.keys(before.pages)) if (!plan.pages.has(id)) moved.add(id);
  for (const id of Object.keys(before.files)) if (!plan.files.has(id)) moved.add(id);
  const refersToMoved = (markdown: string, cover: unknown) => {
    if (!moved.size) return false;
    for (const m of markdown.matchAll(/\/(?:pages|files)\/([\w-]+)/g)) if (moved.has(m[1]!)) return true;
    const file = (cover as { ref?: { file?: string } } | undefined)?.ref?.file;
    return !!file && moved.has(file);
  };

  const changes = new Map<string, Buffer | BlobMark | null>();
  const wanted = new Set<string>();
  const next: Snapshot = { ...before, projectDir, root, readme: config.readme, summary: config.summary, pages: {}, files: {}, extras: { ...before.extras } };
  const write = (path: string, data: Buffer) => {
    const p = rel(path);
    wanted.add(p);
    const oid = blobOid(data);
    if (tree.get(p)?.oid !== oid) changes.set(p, data);
    return oid;
  };
  let rendered = 0;
  let kept = 0;

  const toRender: { id: string; path: string; exportPage: ExportPage; hash: string; markdown: string }[] = [];
  // The kept bytes of unchanged pages the branch does not have, read in one go.
  const keptBytes = await getBlobs(ctx, [...plan.pages].flatMap(([id, path]) => {
    const snap = before.pages[id];
    return snap?.blob && snap.path === path && tree.get(rel(path))?.oid !== snap.oid ? [snap.blob] : [];
  }));
  let visited = 0;
  for (const [id, path] of plan.pages) {
    // Hashing every page is canonical JSON and SHA-256 of its markdown: the event loop gets a turn every 200 pages.
    if (++visited % 200 === 0) await turn();
    const node = nodes.get(id)!;
    const exportPage = { ...byId.get(id)!, fields: fieldsOfPage(node, (file) => (plan.files.get(file) ? relativePath(path, plan.files.get(file)!) : undefined)) };
    const hash = pageHash(pageData(node));
    const snap = before.pages[id];
    const p = rel(path);
    if (snap && snap.hash === hash && snap.path === path && !refersToMoved(node.markdown, node.cover)) {
      // Unchanged since the last sync: the file as it was (the branch's blob, or the bytes read or written then).
      if (tree.get(p)?.oid === snap.oid) {
        wanted.add(p);
        next.pages[id] = { path, oid: snap.oid, hash, ...(snap.blob ? { blob: snap.blob } : {}) };
        kept++;
        continue;
      }
      const data = snap.blob ? keptBytes.get(snap.blob) : undefined;
      if (data && blobOid(data) === snap.oid) {
        write(path, data);
        next.pages[id] = { path, oid: snap.oid, hash, blob: snap.blob! };
        kept++;
        continue;
      }
    }
    toRender.push({ id, path, exportPage, hash, markdown: node.markdown });
  }
  // Page bodies written again, converted on the content worker pool (the event loop stays free).
  // The reusable contents the last sync kept (`.gitbook/includes/*.md`): `/reusable-content/<id>` is written as their path.
  const includePaths = new Map<string, string>();
  for (const p of Object.keys(before.extras)) {
    const name = underRoot(before, p);
    if (name !== undefined && INCLUDE_FILE.test(name)) includePaths.set(reusableContentId(name), name);
  }
  const bodies = await gitExportBodies(toRender.map((r) => ({ from: r.path, markdown: r.markdown, ...(r.exportPage.git.climbs ? { climbs: r.exportPage.git.climbs } : {}) })), plan.files, plan.pages, includePaths);
  toRender.forEach((r, i) => {
    const oid = write(r.path, Buffer.from(renderPageFile(r.exportPage, bodies[i]!), 'utf8'));
    next.pages[r.id] = { path: r.path, oid, hash: r.hash };
    rendered++;
  });

  // Files: bytes are only read when the path or the blob changed, a batch at a time (at most EXPORT_BATCH_BYTES of
  // them): each changed one goes to git fast-import as it is read and is not held after (an export of thousands of
  // large assets held them all at once, twice until the fourteenth round: docs/git-sync.md, sixteenth round).
  const unchangedFile = (f: { id: string; blob: string }) => {
    const snap = before.files[f.id];
    return !!snap && snap.blob === f.blob && tree.get(rel(plan.files.get(f.id)!))?.oid === snap.oid;
  };
  const fileOids = new Map<string, string>();
  const toRead = revision.files.filter((f) => !unchangedFile(f));
  for (let i = 0; i < toRead.length;) {
    const batch: FileEntry[] = [];
    for (let bytes = 0; i < toRead.length && (batch.length === 0 || (bytes + toRead[i]!.size <= EXPORT_BATCH_BYTES && batch.length < EXPORT_BATCH_FILES)); i++) {
      bytes += toRead[i]!.size;
      batch.push(toRead[i]!);
    }
    const fileBytes = await getBlobs(ctx, batch.map((f) => f.blob));
    for (const f of batch) {
      const data = fileBytes.get(f.blob);
      if (!data) throw new Error(`Blob ${f.blob} is missing from the blob store`);
      const p = rel(plan.files.get(f.id)!);
      wanted.add(p);
      const oid = blobOid(data);
      if (tree.get(p)?.oid !== oid) changes.set(p, await blobs.blob(data));
      fileOids.set(f.id, oid);
    }
  }
  for (const f of revision.files) {
    const path = plan.files.get(f.id)!;
    if (unchangedFile(f)) wanted.add(rel(path));
    next.files[f.id] = { path, oid: fileOids.get(f.id) ?? before.files[f.id]!.oid, blob: f.blob };
  }

  // SUMMARY.md: kept as it is while the table of contents did not change.
  const summaryPath = rel(summaryName);
  const summaryNow = tree.get(summaryPath);
  const summaryKept = before.structure === structure ? before.extras[summaryPath] : undefined;
  if (before.structure === structure && summaryNow) wanted.add(summaryPath);
  else if (summaryKept) write(summaryName, await getBlob(ctx, summaryKept.blob));
  else {
    const text = renderSummary(pages, plan, { ...(before.summaryTitle !== undefined ? { title: before.summaryTitle } : {}), summaryPath: summaryName, linkTarget });
    const oid = write(summaryName, Buffer.from(text, 'utf8'));
    next.extras[repoPath({ projectDir: '', root }, summaryName)] = { oid, blob: await putBlob(ctx, Buffer.from(text, 'utf8')) };
  }
  // Another case of it kept by an earlier sync is not written back (one table of contents).
  const summaryLower = summaryPath.toLowerCase();
  for (const p of Object.keys(next.extras)) if (p !== summaryPath && p.toLowerCase() === summaryLower) delete next.extras[p];
  next.structure = structure;

  // Variables.
  const varsPath = rel(VARS_FILE);
  const varsEntry = tree.get(varsPath);
  // The branch's file, or the one of the last sync (a branch without it gets it back as it was).
  const varsKept = before.extras[varsPath];
  const varsRaw = varsEntry
    ? (await cache.readBlobs([varsEntry.oid])).get(varsEntry.oid)?.toString('utf8')
    : varsKept ? (await getBlob(ctx, varsKept.blob)).toString('utf8') : undefined;
  const vars = renderVariables(revision.variables, varsRaw);
  if (vars === '' || vars === null) {
    if (varsEntry && Object.keys(revision.variables).length === 0 && before.extras[varsPath]) changes.set(varsPath, null);
  } else write(VARS_FILE, Buffer.from(vars, 'utf8'));

  // Other files Bindery keeps (includes, .gitbook.yaml, tags): written back when the branch does not have them.
  for (const [path, e] of Object.entries(before.extras)) {
    if (path.toLowerCase() === summaryLower || path === varsPath) continue;
    if (!tree.has(path)) changes.set(path, await getBlob(ctx, e.blob));
  }

  // Files Bindery wrote at the last sync that are no longer pages or files of the space.
  for (const { path } of [...Object.values(before.pages), ...Object.values(before.files)]) {
    const p = rel(path);
    if (!wanted.has(p) && tree.has(p)) changes.set(p, null);
  }

  await s.progress?.('finalize');
  const repoChanges = new Map([...changes].map(([p, data]) => [projectDir ? `${projectDir}/${p}` : p, data]));
  const stats = { written: [...changes.values()].filter((d) => d !== null).length, deleted: [...changes.values()].filter((d) => d === null).length, rendered, kept };
  if (repoChanges.size === 0 && head) {
    await ctx.db.transaction().execute(async (tx) => {
      const hash = await saveSnapshot(tx, next);
      await recordSync(s, tx, { head, revisionId: revision.revisionId, snapshotHash: hash, remoteUrl: cache.remote.url, projectDir });
    });
    return { commit: head, skipped: 'the repository already has this content', stats };
  }

  const { message, author } = await commitMeta(ctx, s, revision);
  const commit = await cache.commit(head, repoChanges, { message, author, committer: BOT, date: ctx.clock.now() }, blobs);
  await s.started?.({ revisionId: revision.revisionId, commitId: commit });
  await cache.push(commit, request.ref, { force: !!request.force, expected: head ?? '' });
  await ctx.db.transaction().execute(async (tx) => {
    const hash = await saveSnapshot(tx, next);
    await gitSyncRepo.saveRevisionCommit(tx, {
      revision_id: revision.revisionId, space_id: s.spaceId, oid: commit, message, created_by_service: 1, url: commitUrl(request, commit), ref: request.ref,
      snapshot_hash: hash, created_at: ctx.clock.now().toISOString(),
    });
    await recordSync(s, tx, { head: commit, revisionId: revision.revisionId, snapshotHash: hash, remoteUrl: cache.remote.url, projectDir });
  });
  return { revisionId: revision.revisionId, commit, stats };
}

/** The commit's message (GitBook's `GITBOOK-{n}: {subject}` for a merged change request) and author. */
async function commitMeta(ctx: AppContext, s: SyncContext, revision: { revisionId: string; createdBy: string | null }): Promise<{ message: string; author: { name: string; email: string } }> {
  const cr = await changeRequestsRepo.findMergedAs(ctx.db, s.spaceId, revision.revisionId);
  const template = s.request.commitMessage?.trim() || '';
  let message: string;
  if (cr) {
    const subject = cr.subject.trim();
    message = /\{change_request_(number|subject)\}/.test(template)
      ? template.replace(/\{change_request_number\}/g, String(cr.number)).replace(/\{change_request_subject\}/g, subject || 'No subject')
      : `GITBOOK-${cr.number}: ${subject || 'change request with no subject merged in GitBook'}`;
  } else {
    message = template.replace(/\{change_request_number\}:?\s*/g, '').replace(/\{change_request_subject\}/g, '').trim() || 'GitBook: No commit message';
  }
  const userId = cr?.merged_by ?? revision.createdBy ?? s.createdBy;
  const user = userId ? await usersRepo.findById(ctx.db, userId) : undefined;
  return { message, author: user ? { name: user.display_name, email: user.email } : BOT };
}

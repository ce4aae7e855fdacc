// `.gitbook.yaml` redirects of a synced space (`redirects: {old/path: new/page.md}`), as GitBook's published sites
// follow them: a path of the space that no page and no site redirect answers is looked up among the sources of the
// file kept at the last sync, and leads to the page whose file is the target. Sources compare case-insensitively,
// without a `#fragment` or a trailing `.md` or `/`; a target written without `.md` may be a folder's README. Real
// repositories carry hundreds of these (renamed pages keep their old URLs), so each file is compiled once per
// snapshot.
import type { AppContext } from '../context.js';
import { findPage, findPageByPath, type PageView, type SpaceContent } from '../engine/index.js';
import { ApiError } from '../errors.js';
import { Lru } from '../lib/lru.js';
import { gitSyncRepo } from '../repos/git-sync.repo.js';
import { blobStore } from '../storage/blobs.js';
import { parseGitBookConfig } from './format/config.js';
import { loadSnapshot, type Snapshot } from './snapshot.js';

/** Lower-cased source → page id. */
type Compiled = Map<string, string>;
const compiled = new Lru<string, Compiled>(200);

const normalSource = (path: string) => {
  let p = path.replace(/#.*$/, '').replace(/^\/+|\/+$/g, '').toLowerCase();
  if (p.endsWith('.md')) p = p.slice(0, -3);
  return p;
};

async function compile(ctx: AppContext, snapshot: Snapshot): Promise<Compiled> {
  const out: Compiled = new Map();
  const entry = snapshot.extras['.gitbook.yaml'];
  const text = entry && (await blobStore(ctx).get(entry.blob))?.toString('utf8');
  if (!text) return out;
  const { redirects } = parseGitBookConfig(text);
  const byFile = new Map(Object.entries(snapshot.pages).map(([id, p]) => [p.path.toLowerCase(), id]));
  for (const [source, target] of Object.entries(redirects)) {
    const t = target.toLowerCase();
    const id = byFile.get(t) ?? byFile.get(`${t.replace(/\.md$/, '')}/readme.md`);
    const key = normalSource(source);
    if (id && key && !out.has(key)) out.set(key, id);
  }
  return out;
}

/** The page a `.gitbook.yaml` redirect of the space leads `path` (relative to the space, no leading `/`) to. */
export async function spaceRedirect(ctx: AppContext, spaceId: string, path: string): Promise<string | undefined> {
  const sync = await gitSyncRepo.findSync(ctx.db, spaceId);
  if (!sync?.snapshot_hash) return undefined;
  let map = compiled.get(sync.snapshot_hash);
  if (!map) {
    const snapshot = await loadSnapshot(ctx.db, sync.snapshot_hash);
    if (!snapshot) return undefined;
    map = await compile(ctx, snapshot);
    compiled.set(sync.snapshot_hash, map);
  }
  return map.size === 0 ? undefined : map.get(normalSource(path));
}

/**
 * A page of the space's head by path, or — when no page has that path — the page a `.gitbook.yaml` redirect leads it
 * to (GitBook's getPageByPath answers such paths "in case we have a redirect at space level … set up in Git Sync").
 */
export async function findPageByPathOrRedirect(ctx: AppContext, sc: SpaceContent, path: string): Promise<PageView> {
  try {
    return await findPageByPath(ctx, ctx.db, sc, path);
  } catch (err) {
    if (!(err instanceof ApiError) || err.status !== 404 || !sc.active) throw err;
    const id = await spaceRedirect(ctx, sc.space.id, path);
    if (!id) throw err;
    return findPage(ctx, ctx.db, sc, id).catch(() => { throw err; });
  }
}

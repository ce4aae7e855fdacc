// What a reader who reads a space as a published site's visitor sees of a revision: not the pages a page-level
// condition (adaptive content: `metadata.condition`, Git Sync's `if:`) hides from the visitor's claims, nor their
// children, nor the files only such pages use. Today that reader is a site API token (services/auth.ts SiteScope:
// the claims the token was made for). Content reads attach it to what they load (SpaceContent.visibility: content.ts
// loadContent, loadRevision, change-request-content.ts loadChangeRequestContent), so a hidden page read by id or path
// is 404 exactly as a missing page, and lists and trees leave it out (shownPages, shownFiles); the markdown of a page
// it reads has its `{% if %}` blocks resolved for the visitor, as the published site shows it.
//
// A revision other than what the space publishes now is read with the pages hidden in it and in what is published
// now (a page hidden today is not read in its past versions either). Hidden sets are one walk of the tree per
// revision and claims, each distinct condition evaluated once, and remembered by root hash and claims (both fix the
// answer); which pages use each file is one read of the revision's markdown, remembered by the revision's trees.
import { createHash } from 'node:crypto';
import type { AppContext } from '../context.js';
import { Lru } from '../lib/lru.js';
import { applyConditionals, evaluateCondition, type Claims } from '../site/conditions.js';
import { scanPageFiles } from '../site/file-refs.js';
import { withoutHiddenLinks } from '../site/hidden-links.js';
import { childPath } from './content-index.js';
import type { SpaceRow } from '../repos/spaces.repo.js';
import type { Actor } from '../services/auth.js';
import { loadFiles, loadTree, type FileEntry, type RevisionContent, type TreeNode } from './content-store.js';

export interface PageVisibility {
  /** The visitor's claims (page conditions and `{% if %}` blocks are evaluated against them). */
  claims: Claims;
  /** Ids of the pages the reader does not see (a false or malformed condition, theirs or an ancestor's). */
  hidden: ReadonlySet<string>;
  /**
   * The markdown of the page at `pagePath` as the reader sees it: `{% if %}` blocks resolved for the claims
   * (site/conditions.ts), and links to hidden pages written as their text, content-refs to them left out
   * (site/hidden-links.ts, as the published site's `.md` twins).
   */
  shownMarkdown(markdown: string, pagePath: string): string;
  /** Ids of the files that only hidden pages use (files no page uses, or a shown page uses, are shown). */
  hiddenFiles(): Promise<ReadonlySet<string>>;
}

const EMPTY: ReadonlySet<string> = new Set();

/** A short key of a visitor's claims for what is remembered per claims (their JSON may be kilobytes). */
export const claimsDigest = (claims: Claims): string => createHash('sha256').update(JSON.stringify(claims)).digest('base64url');

/** The pages of a revision hidden from some claims: their ids, and the paths only hidden documents have. */
interface Hidden {
  ids: ReadonlySet<string>;
  paths: ReadonlySet<string>;
}

const NONE: Hidden = { ids: EMPTY, paths: EMPTY };

interface Memo {
  hidden: Lru<string, Hidden>;
  /** `${spaceId} ${rootHash} ${filesHash}` → the pages (ids) that use each file of the revision. */
  users: Lru<string, Promise<Map<string, string[]>>>;
}

const memos = new WeakMap<object, Memo>();

function memoOf(ctx: AppContext): Memo {
  let m = memos.get(ctx.db);
  if (!m) {
    m = {
      hidden: new Lru(4 * 1024 * 1024, (h) => 200 + h.ids.size * 48 + h.paths.size * 96),
      users: new Lru(200),
    };
    memos.set(ctx.db, m);
  }
  return m;
}

function conditionOf(t: TreeNode): string | undefined {
  const c = (t.node.meta.metadata as { condition?: unknown } | undefined)?.condition;
  return typeof c === 'string' && c.trim() !== '' ? c : undefined;
}

/**
 * The pages of `content` a visitor with `claims` does not see: those whose condition is false or malformed, and
 * every page under them. One walk of the tree; each distinct condition is evaluated once.
 */
export async function hiddenPagesOf(ctx: AppContext, content: RevisionContent, claims: Claims, claimsKey = claimsDigest(claims)): Promise<ReadonlySet<string>> {
  return (await hiddenOf(ctx, content, claims, claimsKey)).ids;
}

async function hiddenOf(ctx: AppContext, content: RevisionContent, claims: Claims, claimsKey: string): Promise<Hidden> {
  if (!content.rootHash) return NONE;
  const memo = memoOf(ctx);
  const key = `${content.rootHash}\n${claimsKey}`;
  const hit = memo.hidden.get(key);
  if (hit) return hit;
  const tree = await loadTree(ctx, ctx.db, content.rootHash);
  const hidden = new Set<string>();
  const hiddenPaths = new Set<string>();
  const shownPaths = new Set<string>();
  const results = new Map<string, boolean>();
  const context = { visitor: { claims } };
  const holds = (c: string) => {
    let r = results.get(c);
    if (r === undefined) results.set(c, (r = evaluateCondition(c, context)));
    return r;
  };
  // Iterative (trees may be deep): [node, its parent's path, under a hidden page].
  const stack: [TreeNode, string, boolean][] = tree.children.map((c) => [c, '', false]);
  while (stack.length) {
    const [t, parentPath, under] = stack.pop()!;
    const condition = under ? undefined : conditionOf(t);
    const hide = under || (condition !== undefined && !holds(condition));
    const path = childPath(parentPath, t.node.meta);
    if (hide) hidden.add(t.node.meta.id);
    if (path !== null && t.node.meta.type === 'document') (hide ? hiddenPaths : shownPaths).add(path);
    for (const c of t.children) stack.push([c, path ?? parentPath, hide]);
  }
  // A path a shown document also has (a duplicate slug) is not hidden.
  for (const p of shownPaths) hiddenPaths.delete(p);
  const out = hidden.size ? { ids: hidden, paths: hiddenPaths } : NONE;
  memo.hidden.set(key, out);
  return out;
}

/** Which pages (ids) use each file of a revision: its document pages' markdown and what they include. */
function fileUsers(ctx: AppContext, spaceId: string, content: RevisionContent): Promise<Map<string, string[]>> {
  const memo = memoOf(ctx);
  const key = `${spaceId} ${content.rootHash} ${content.filesHash}`;
  const hit = memo.users.get(key);
  if (hit) return hit;
  const p = (async () => {
    const users = new Map<string, string[]>();
    if (!content.rootHash || !content.filesHash) return users;
    const files = await loadFiles(ctx, ctx.db, content.filesHash);
    const filesByName = new Map<string, FileEntry>();
    for (const f of files) if (!filesByName.has(f.name)) filesByName.set(f.name, f);
    const index = { filesById: new Map(files.map((f) => [f.id, f])), filesByName };
    const documents: { id: string; contentHash: string }[] = [];
    const stack = [...(await loadTree(ctx, ctx.db, content.rootHash)).children];
    while (stack.length) {
      const t = stack.pop()!;
      if (t.node.meta.type === 'document') documents.push({ id: t.node.meta.id, contentHash: t.node.contentHash });
      stack.push(...t.children);
    }
    await scanPageFiles(ctx, spaceId, documents, index, (d, used) => {
      for (const id of used) {
        const list = users.get(id);
        if (list) list.push(d.id);
        else users.set(id, [d.id]);
      }
    });
    return users;
  })();
  p.catch(() => memo.users.delete(key));
  memo.users.set(key, p);
  return p;
}

/** The claims a caller reads a space's pages as (a site API token's visitor), or undefined: they see every page. */
export const readerClaims = (actor: Actor | null | undefined): Claims | undefined => actor?.site?.claims;

/**
 * What a reader with `claims` (readerClaims) sees of the revisions `contents` of `space` (the first is the one read;
 * the others' hidden pages are hidden too); undefined without claims (every page). `published`: what the space
 * publishes now (loaded only when none of `contents` is it), whose hidden pages are hidden as well.
 */
export async function visibilityFor(
  ctx: AppContext, claims: Claims | undefined, space: SpaceRow, contents: readonly (RevisionContent | null)[], published: () => Promise<RevisionContent>,
): Promise<PageVisibility | undefined> {
  if (!claims) return undefined;
  const claimsKey = claimsDigest(claims);
  const read = contents.filter((c): c is RevisionContent => c !== null);
  const publishedId = space.computed_revision_id ?? space.revision_id;
  const all = read.some((c) => c.revision.id === publishedId) ? read : [...read, await published()];
  const sets = await Promise.all(all.map((c) => hiddenOf(ctx, c, claims, claimsKey)));
  const nonEmpty = sets.filter((s) => s.ids.size);
  const hidden = nonEmpty.length <= 1 ? nonEmpty[0]?.ids ?? EMPTY : new Set(nonEmpty.flatMap((s) => [...s.ids]));
  // Links are resolved in the revision read: its hidden paths.
  const paths = sets[0]?.paths ?? EMPTY;
  const links = { byId: hidden, byPath: paths };
  const none = { byId: EMPTY, byPath: EMPTY };
  let files: Promise<ReadonlySet<string>> | undefined;
  const first = read[0];
  const context = { visitor: { claims } };
  return {
    claims,
    hidden,
    shownMarkdown: (markdown, pagePath) => {
      const text = applyConditionals(markdown, context);
      return hidden.size ? withoutHiddenLinks(text, pagePath, links, none) : text;
    },
    hiddenFiles: () => (files ??= (async () => {
      if (!hidden.size || !first) return EMPTY;
      const out = new Set<string>();
      for (const [id, pages] of await fileUsers(ctx, space.id, first)) if (pages.every((p) => hidden.has(p))) out.add(id);
      return out;
    })()),
  };
}

// The semantic changes between two revisions of a space (GitBook's getRevisionSemanticChanges: a revision against its
// first parent; getChangeRequestChanges: a change request's revision against the main revision it is based on):
// pages created, edited, deleted and moved, files created, edited and deleted, variables edited.
//
// Pages are compared by content/tree.ts `TreeComparison`, the comparison the three-way merge makes of each side
// against the base. The trees are loaded without markdown (nodes only, cached by hash) and without the subtrees
// both have (`comparableTrees`); a node's content hash stands for its page's content (it covers every field and the
// markdown), so an edited page is one whose content hash differs. The markdown of a page is read only when its other fields changed as well, to
// tell whether its document changed too.
import { jsonEqual, type JsonObject } from '../content/hash.js';
import { computePaths, indexTree, TreeComparison, type PageNode, type PagePlacement, type PageType } from '../content/tree.js';
import type { AppContext } from '../context.js';
import type { DbOrTx } from '../db/database.js';
import { baseRevision } from '../presenters/change-request.js';
import { changeRequestsRepo, type ChangeRequestRow } from '../repos/change-requests.repo.js';
import type { Actor } from '../services/auth.js';
import { loadChangeRequestContent } from './change-request-content.js';
import { contentVisibility, findRevisionContent, loadRevision, shownContent, type ContentReadOptions, type SpaceContent } from './content.js';
import { readerClaims } from './visibility.js';
import type { SpaceRow } from '../repos/spaces.repo.js';
import { loadFiles, loadMarkdown, loadNodes, ROOT_ID, type FileEntry, type NodeRecord, type RevisionContent } from './content-store.js';

/** A page as a change names it (GitBook's ChangedRevisionPage); `path` as the page had it in that revision. */
export interface ChangedPage {
  id: string;
  type: PageType;
  title: string;
  path?: string;
}

/** Fields of a page that changed, each with its value before and after (absent: the field was not set). */
export type ChangedAttributes = Record<string, { before?: unknown; after?: unknown }>;

export type ContentChange =
  | { type: 'page_created' | 'page_deleted'; page: ChangedPage }
  | { type: 'page_edited'; page: ChangedPage; attributes: ChangedAttributes }
  | { type: 'page_moved'; page: ChangedPage; parent: { before?: ChangedPage; after?: ChangedPage } }
  /** `revisionId`: the revision the file is shown from (the later one; the earlier one for a deleted file). */
  | { type: 'file_created' | 'file_deleted'; file: FileEntry; revisionId: string }
  | { type: 'file_edited'; file: FileEntry; revisionId: string; before: FileEntry; beforeRevisionId: string }
  | { type: 'variables_edited'; variables: Record<string, { before?: string; after?: string }> };

export interface ContentChanges {
  /** The earlier revision (null: none, everything in `after` was created). */
  before: RevisionContent | null;
  after: RevisionContent;
  changes: ContentChange[];
}

/** Fields that are not shown as attributes: the id, and what generated pages keep for themselves. */
const HIDDEN_FIELDS = new Set(['id', 'markdown', 'unevaluated', 'computedSeed', 'metadata']);

const emptyRoot = (): PageNode => ({ id: ROOT_ID, title: '', slug: '', type: 'group', markdown: '', children: [] });

/**
 * Both trees as PageNodes whose `markdown` is the page's content hash (equal hashes: equal pages), loaded level by
 * level without descending into a subtree found in both (the same node hash: the same pages, contents and order
 * below it, so nothing under it changed); such a subtree is cut below its top page, whose own place is still
 * compared. Editing one page of a large space loads its ancestors and their children, not the whole space.
 */
async function comparableTrees(ctx: AppContext, db: DbOrTx, before: RevisionContent | null, after: RevisionContent): Promise<[PageNode, PageNode]> {
  const roots = [before?.rootHash ?? null, after.rootHash] as const;
  const seen = [new Set<string>(), new Set<string>()] as const;
  const records = new Map<string, NodeRecord>();
  let level: [0 | 1, string][] = [];
  roots.forEach((h, side) => {
    if (h) {
      seen[side as 0 | 1].add(h);
      level.push([side as 0 | 1, h]);
    }
  });
  while (level.length) {
    const nodes = await loadNodes(ctx, db, level.map(([, h]) => h));
    const next: [0 | 1, string][] = [];
    for (const [side, h] of level) {
      const rec = nodes.get(h)!;
      records.set(h, rec);
      if (seen[side === 0 ? 1 : 0].has(h)) continue; // in both trees: nothing below it changed
      for (const c of rec.childHashes) {
        seen[side].add(c);
        next.push([side, c]);
      }
    }
    level = next;
  }
  const shared = (h: string) => seen[0].has(h) && seen[1].has(h);
  const build = (h: string): PageNode => {
    const rec = records.get(h)!;
    return { ...rec.meta, markdown: rec.contentHash, children: shared(h) ? [] : rec.childHashes.map(build) };
  };
  return [roots[0] ? build(roots[0]) : emptyRoot(), roots[1] ? build(roots[1]) : emptyRoot()];
}

/** The changes that turn `before` into `after`, in the order of `after`'s pages, then deleted pages, files, variables. */
export async function contentChanges(ctx: AppContext, db: DbOrTx, before: RevisionContent | null, after: RevisionContent): Promise<ContentChanges> {
  const changes: ContentChange[] = [];
  const [oldTree, newTree] = await comparableTrees(ctx, db, before, after);
  const compared = new TreeComparison(indexTree(oldTree), indexTree(newTree));
  const paths = { before: computePaths(oldTree), after: computePaths(newTree) };
  const changed = (p: PagePlacement, side: 'before' | 'after'): ChangedPage => {
    const path = paths[side].get(p.page.id);
    return { id: p.page.id, type: p.page.type, title: p.page.title, ...(path !== undefined ? { path } : {}) };
  };
  const parentOf = (p: PagePlacement, side: 'before' | 'after'): ChangedPage | undefined => {
    const parent = p.parentId === null || p.parentId === ROOT_ID ? undefined : (side === 'before' ? compared.base : compared.side).get(p.parentId);
    return parent ? changed(parent, side) : undefined;
  };

  // Pages whose fields changed as well as their content: their markdown tells whether the document changed too.
  const edited = [...compared.side.keys()].filter((id) => id !== ROOT_ID && compared.edited(id));
  const mixed = edited.filter((id) => !jsonEqual(fieldsOf(compared.base.get(id)!), fieldsOf(compared.side.get(id)!)));
  const markdown = await loadMarkdown(ctx, db, mixed.flatMap((id) => [compared.base.get(id)!.page.markdown, compared.side.get(id)!.page.markdown]));
  const editedSet = new Set(edited);
  const mixedSet = new Set(mixed);

  for (const [id, now] of compared.side) {
    if (id === ROOT_ID) continue;
    const was = compared.base.get(id);
    if (!was) {
      changes.push({ type: 'page_created', page: changed(now, 'after') });
      continue;
    }
    if (editedSet.has(id)) {
      const attributes = changedAttributes(fieldsOf(was), fieldsOf(now));
      const documentChanged = !mixedSet.has(id) || (markdown.get(was.page.markdown) ?? '') !== (markdown.get(now.page.markdown) ?? '');
      if (documentChanged) attributes.document = {};
      changes.push({ type: 'page_edited', page: changed(now, 'after'), attributes });
    }
    if (compared.moved(id)) {
      changes.push({ type: 'page_moved', page: changed(now, 'after'), parent: omitUndefined({ before: parentOf(was, 'before'), after: parentOf(now, 'after') }) });
    }
  }
  for (const [id, was] of compared.base) {
    if (id !== ROOT_ID && !compared.side.has(id)) changes.push({ type: 'page_deleted', page: changed(was, 'before') });
  }

  const [oldFiles, newFiles] = await Promise.all([loadFiles(ctx, db, before?.filesHash ?? null), loadFiles(ctx, db, after.filesHash)]);
  const oldById = new Map(oldFiles.map((f) => [f.id, f]));
  const newIds = new Set(newFiles.map((f) => f.id));
  for (const file of newFiles) {
    const was = oldById.get(file.id);
    if (!was) changes.push({ type: 'file_created', file, revisionId: after.revision.id });
    else if (!jsonEqual(was, file)) changes.push({ type: 'file_edited', file, revisionId: after.revision.id, before: was, beforeRevisionId: before!.revision.id });
  }
  for (const file of oldFiles) if (!newIds.has(file.id)) changes.push({ type: 'file_deleted', file, revisionId: before!.revision.id });

  const variables: Record<string, { before?: string; after?: string }> = {};
  const oldVars = before?.variables ?? {};
  for (const name of new Set([...Object.keys(oldVars), ...Object.keys(after.variables)])) {
    if (oldVars[name] !== after.variables[name]) variables[name] = omitUndefined({ before: oldVars[name], after: after.variables[name] });
  }
  if (Object.keys(variables).length) changes.push({ type: 'variables_edited', variables });
  return { before, after, changes };
}

/** A page's fields as attributes: its own fields but the hidden ones, with its `metadata` flags (noIndex…) beside them. */
function fieldsOf(p: PagePlacement): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(p.page)) if (!HIDDEN_FIELDS.has(k) && v !== undefined) out[k] = v;
  for (const [k, v] of Object.entries((p.page.metadata ?? {}) as JsonObject)) if (v !== undefined && !(k in out)) out[k] = v;
  return out;
}

function changedAttributes(was: Record<string, unknown>, now: Record<string, unknown>): ChangedAttributes {
  const out: ChangedAttributes = {};
  for (const k of new Set([...Object.keys(was), ...Object.keys(now)])) {
    if (!jsonEqual(was[k] ?? null, now[k] ?? null)) out[k] = omitUndefined({ before: was[k], after: now[k] });
  }
  return out;
}

function omitUndefined<T extends object>(o: T): T {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;
}

/** Shown content (computed pages expanded unless `computed: false`) of a revision by id, or null without one. */
async function shownById(ctx: AppContext, sc: SpaceContent, revisionId: string | undefined, opts: ContentReadOptions): Promise<RevisionContent | null> {
  if (revisionId === undefined) return null;
  const content = await findRevisionContent(ctx.db, revisionId);
  return content ? (await shownContent(ctx, sc.space, content, opts)).content : null;
}

/**
 * GET …/revisions/{revisionId}/changes: what the revision changed since its first parent (a merge: since the main
 * revision it was merged into; the first revision: everything). `mergedFrom`: the change request a merge revision
 * merged, when there is one.
 */
export async function revisionChanges(
  ctx: AppContext, actor: Actor, spaceId: string, revisionId: string, opts: ContentReadOptions,
): Promise<ContentChanges & { sc: SpaceContent; mergedFrom?: ChangeRequestRow }> {
  const sc = await loadRevision(ctx, actor, spaceId, revisionId, { computed: false });
  const revision = sc.content.revision;
  const parent = (JSON.parse(revision.parents) as string[])[0];
  const after = (await shownContent(ctx, sc.space, sc.content, opts)).content;
  const changes = await shownChanges(ctx, actor, sc.space, await contentChanges(ctx, ctx.db, await shownById(ctx, sc, parent, opts), after));
  const mergedFrom = revision.type === 'merge' ? await changeRequestsRepo.findMergedAs(ctx.db, sc.space.id, revision.id) : undefined;
  return { ...changes, sc, ...(mergedFrom ? { mergedFrom } : {}) };
}

/**
 * The changes a reader who reads as a site's visitor (a site API token: engine/visibility.ts) is shown: not those of
 * pages hidden from them in either revision (or in what the space publishes now), nor moves under such a parent,
 * nor those of files only such pages use. Every change for anyone else.
 */
async function shownChanges(ctx: AppContext, actor: Actor, space: SpaceRow, c: ContentChanges): Promise<ContentChanges> {
  const claims = readerClaims(actor);
  const after = await contentVisibility(ctx, claims, space, [c.after, c.before]);
  if (!after) return c;
  const before = c.before ? await contentVisibility(ctx, claims, space, [c.before, c.after]) : undefined;
  const hidden = after.hidden;
  const hiddenFiles = new Set([...await after.hiddenFiles(), ...(before ? await before.hiddenFiles() : [])]);
  if (!hidden.size && !hiddenFiles.size) return c;
  const changes = c.changes.filter((x) => {
    switch (x.type) {
      case 'page_created': case 'page_deleted': case 'page_edited':
        return !hidden.has(x.page.id);
      case 'page_moved':
        return !hidden.has(x.page.id) && !(x.parent.before && hidden.has(x.parent.before.id)) && !(x.parent.after && hidden.has(x.parent.after.id));
      case 'file_created': case 'file_deleted': case 'file_edited':
        return !hiddenFiles.has(x.file.id);
      default:
        return true;
    }
  });
  return { ...c, changes };
}

/** GET …/change-requests/{changeRequestId}/changes: what the change request changes of the main revision it is based on. */
export async function changeRequestChanges(
  ctx: AppContext, actor: Actor, spaceId: string, ref: string, opts: ContentReadOptions,
): Promise<ContentChanges & { sc: SpaceContent & { changeRequest: ChangeRequestRow } }> {
  const sc = await loadChangeRequestContent(ctx, actor, spaceId, ref, opts);
  const changes = await shownChanges(ctx, actor, sc.space, await contentChanges(ctx, ctx.db, await shownById(ctx, sc, baseRevision(sc.changeRequest), opts), sc.content));
  return { ...changes, sc };
}

// Three-way merge of whole revisions (page tree, files, variables) for change requests, and the application of
// conflict resolutions. Pure: no database. Pages are merged by content/merge.ts `mergeTrees`; files (by id) and
// variables (by name) here, with the same rule: a side that changed something since the base wins over one that
// did not; both changing it differently is a conflict, and the merged result keeps *ours* for it.
import { canonicalJson, jsonEqual } from '../content/hash.js';
import { merge3Text, mergeTrees, type TextMergeResult, type TextMerger, type TreeConflict } from '../content/merge.js';
import { mergeText } from '../content/process.js';
import { dedupeSiblingSlugs, type PageNode } from '../content/tree.js';
import { invalidContent, type ContentLocator } from './errors.js';
import type { FileEntry } from './content-store.js';

export interface Snapshot {
  tree: PageNode;
  files: FileEntry[];
  variables: Record<string, string>;
}

export type ConflictKind = TreeConflict['kind'] | 'file' | 'variable';

/** A conflict of a merge of `ours` and `theirs` (both from `base`). */
export interface MergeConflict {
  id: string;
  kind: ConflictKind;
  pageId?: string;
  fileId?: string;
  variable?: string;
  field?: string;
  base: unknown;
  ours: unknown;
  theirs: unknown;
  markdownWithMarkers?: string;
}

export interface SnapshotMerge {
  ok: boolean;
  /** The merge; conflicting values are *ours*. */
  result: Snapshot;
  conflicts: MergeConflict[];
}

const nullish = (v: unknown) => (v === undefined ? null : v);

function conflictId(c: { kind: string; pageId?: string; fileId?: string; variable?: string; field?: string }): string {
  const target = c.pageId ?? c.fileId ?? c.variable ?? '';
  return `${c.kind}:${target}${c.field ? `:${c.field}` : ''}`;
}

/** Three-way merge by key: each key's value taken from the side that changed it; conflicts keep ours. */
function mergeKeyed<T>(
  base: Map<string, T>, ours: Map<string, T>, theirs: Map<string, T>, order: string[],
): { merged: Map<string, T>; conflicts: { key: string; base: T | undefined; ours: T | undefined; theirs: T | undefined }[] } {
  const merged = new Map<string, T>();
  const conflicts: { key: string; base: T | undefined; ours: T | undefined; theirs: T | undefined }[] = [];
  for (const key of order) {
    const [b, o, t] = [base.get(key), ours.get(key), theirs.get(key)];
    let v: T | undefined;
    if (jsonEqual(nullish(o), nullish(b))) v = t;
    else if (jsonEqual(nullish(t), nullish(b)) || jsonEqual(nullish(o), nullish(t))) v = o;
    else {
      conflicts.push({ key, base: b, ours: o, theirs: t });
      v = o;
    }
    if (v !== undefined) merged.set(key, v);
  }
  return { merged, conflicts };
}

const unique = (keys: Iterable<string>) => [...new Set(keys)];

/**
 * The text merges a merge of these snapshots needs - the pages whose markdown both sides changed, differently -
 * computed ahead on the content worker pool (a bounded diff of two 2 MB pages takes a few hundred milliseconds), so
 * that `mergeSnapshots` itself runs no long text merge on the event loop.
 */
export async function textMergesAhead(base: Snapshot, ours: Snapshot, theirs: Snapshot): Promise<TextMerger> {
  const markdown = (tree: PageNode) => {
    const out = new Map<string, string>();
    const stack = [tree];
    while (stack.length) {
      const node = stack.pop()!;
      out.set(node.id, node.markdown);
      stack.push(...node.children);
    }
    return out;
  };
  const [b, o, t] = [markdown(base.tree), markdown(ours.tree), markdown(theirs.tree)];
  const done = new Map<string, Map<string, Map<string, TextMergeResult>>>();
  for (const [id, mine] of o) {
    const was = b.get(id) ?? '';
    const other = t.get(id);
    if (other === undefined || mine === was || other === was || mine === other) continue;
    const result = await mergeText(was, mine, other);
    const byOurs = done.get(was) ?? new Map<string, Map<string, TextMergeResult>>();
    done.set(was, byOurs);
    const byTheirs = byOurs.get(mine) ?? new Map<string, TextMergeResult>();
    byOurs.set(mine, byTheirs);
    byTheirs.set(other, result);
  }
  return (was, mine, other) => done.get(was)?.get(mine)?.get(other) ?? merge3Text(was, mine, other);
}

export function mergeSnapshots(base: Snapshot, ours: Snapshot, theirs: Snapshot, textMerge: TextMerger = merge3Text): SnapshotMerge {
  const trees = mergeTrees(base.tree, ours.tree, theirs.tree, textMerge);
  const conflicts: MergeConflict[] = trees.conflicts.map((c) => {
    const out: MergeConflict = { id: '', kind: c.kind, pageId: c.pageId, ...(c.field ? { field: c.field } : {}), base: nullish(c.base), ours: nullish(c.ours), theirs: nullish(c.theirs) };
    if (c.kind === 'content') {
      const m = textMerge(String(c.base ?? ''), String(c.ours ?? ''), String(c.theirs ?? ''));
      if (!m.ok) out.markdownWithMarkers = m.textWithMarkers;
    }
    out.id = conflictId(out);
    return out;
  });

  const byId = (files: FileEntry[]) => new Map(files.map((f) => [f.id, f]));
  const files = mergeKeyed(byId(base.files), byId(ours.files), byId(theirs.files), unique([...ours.files, ...theirs.files, ...base.files].map((f) => f.id)));
  for (const c of files.conflicts) {
    const out: MergeConflict = { id: '', kind: 'file', fileId: c.key, base: nullish(c.base), ours: nullish(c.ours), theirs: nullish(c.theirs) };
    out.id = conflictId(out);
    conflicts.push(out);
  }
  const vars = (v: Record<string, string>) => new Map(Object.entries(v));
  const variables = mergeKeyed(vars(base.variables), vars(ours.variables), vars(theirs.variables),
    unique([...Object.keys(ours.variables), ...Object.keys(theirs.variables), ...Object.keys(base.variables)]));
  for (const c of variables.conflicts) {
    const out: MergeConflict = { id: '', kind: 'variable', variable: c.key, base: nullish(c.base), ours: nullish(c.ours), theirs: nullish(c.theirs) };
    out.id = conflictId(out);
    conflicts.push(out);
  }
  return {
    ok: conflicts.length === 0,
    result: { tree: trees.tree, files: [...files.merged.values()], variables: Object.fromEntries(variables.merged) },
    conflicts,
  };
}

// Resolutions ---------------------------------------------------------------------------------------------------------

export type Resolution = { conflict: string; choose: 'ours' | 'theirs' } | { conflict: string; value: unknown };

interface Located {
  node: PageNode;
  parent: PageNode | null;
}

function locate(root: PageNode, id: string): Located | undefined {
  const stack: Located[] = [{ node: root, parent: null }];
  while (stack.length) {
    const at = stack.pop()!;
    if (at.node.id === id) return at;
    for (const c of at.node.children) stack.push({ node: c, parent: at.node });
  }
  return undefined;
}

const clone = <T>(v: T): T => structuredClone(v);

function setField(node: PageNode, field: string, value: unknown): void {
  const rec = node as unknown as Record<string, unknown>;
  if (field.startsWith('metadata.')) {
    const key = field.slice('metadata.'.length);
    const meta = { ...((rec.metadata as Record<string, unknown> | undefined) ?? {}) };
    if (value === null || value === undefined) delete meta[key];
    else meta[key] = value;
    if (Object.keys(meta).length) rec.metadata = meta;
    else delete rec.metadata;
    return;
  }
  if (value === null || value === undefined) delete rec[field];
  else rec[field] = value;
}

/**
 * Applies one resolution per conflict to a merge whose conflicts kept *ours*. Errors are located at the
 * resolution (its index) and its field. Every conflict must be resolved, and every resolution must name one of them.
 */
export function applyResolutions(merge: SnapshotMerge, resolutions: readonly Resolution[]): Snapshot {
  const at = (index: number, field: string): ContentLocator => ({ list: 'resolutions', index, field });
  const conflicts = new Map(merge.conflicts.map((c) => [c.id, c]));
  const seen = new Map<string, number>();
  for (const [i, r] of resolutions.entries()) {
    if (!conflicts.has(r.conflict)) throw invalidContent(at(i, 'conflict'), `names no conflict ("${r.conflict}"; see GET .../conflicts)`);
    if (seen.has(r.conflict)) throw invalidContent(at(i, 'conflict'), `resolves "${r.conflict}" a second time`);
    seen.set(r.conflict, i);
  }
  const missing = merge.conflicts.filter((c) => !seen.has(c.id)).map((c) => c.id);
  if (missing.length) throw invalidContent({ list: 'resolutions' }, `leaves conflicts unresolved: ${missing.join(', ')}`);

  const out: Snapshot = clone(merge.result);
  const files = new Map(out.files.map((f) => [f.id, f]));
  const removals: string[] = [];
  for (const [i, r] of resolutions.entries()) {
    const c = conflicts.get(r.conflict)!;
    const custom = 'value' in r;
    // The merge kept ours for every conflict but delete/modify, where it kept the modified page whatever the side.
    if (!custom && r.choose === 'ours' && c.kind !== 'delete-modify') continue;
    const value = custom ? r.value : r.choose === 'ours' ? c.ours : c.theirs;
    const field = at(i, 'value');
    if (custom && (c.kind === 'move' || c.kind === 'delete-modify')) throw invalidContent(field, `cannot be given for a ${c.kind} conflict: choose a side`);
    switch (c.kind) {
      case 'content':
      case 'title':
      case 'slug': {
        if (typeof value !== 'string') throw invalidContent(field, `must be a string for a ${c.kind} conflict`);
        const n = locate(out.tree, c.pageId!);
        if (n) (n.node as unknown as Record<string, unknown>)[c.kind === 'content' ? 'markdown' : c.kind] = value;
        break;
      }
      case 'metadata': {
        const n = locate(out.tree, c.pageId!);
        if (n) setField(n.node, c.field!, value);
        break;
      }
      case 'move': {
        const pos = value as { parentId: string | null; index: number } | null;
        const n = locate(out.tree, c.pageId!);
        const parent = pos?.parentId ? locate(out.tree, pos.parentId) : undefined;
        if (!n || !n.parent || !pos || !parent || locate(n.node, parent.node.id)) break; // that position is gone: keep ours
        n.parent.children = n.parent.children.filter((x) => x !== n.node);
        parent.node.children.splice(Math.min(Math.max(pos.index, 0), parent.node.children.length), 0, n.node);
        break;
      }
      case 'delete-modify':
        if (value === null) removals.push(c.pageId!);
        break;
      case 'file':
        if (value === null || value === undefined) files.delete(c.fileId!);
        else files.set(c.fileId!, value as FileEntry);
        break;
      case 'variable':
        if (value === null || value === undefined) delete out.variables[c.variable!];
        else if (typeof value !== 'string') throw invalidContent(field, 'must be a string (or null) for a variable conflict');
        else out.variables[c.variable!] = value;
        break;
    }
  }
  // Deleting a page keeps its children: they take its place.
  for (const id of removals) {
    const n = locate(out.tree, id);
    if (!n || !n.parent) continue;
    const index = n.parent.children.indexOf(n.node);
    n.parent.children.splice(index, 1, ...n.node.children);
  }
  out.files = [...files.values()];
  out.tree = dedupeSiblingSlugs(out.tree);
  return out;
}

export const snapshotsEqual = (a: Snapshot, b: Snapshot) => canonicalJson(a) === canonicalJson(b);

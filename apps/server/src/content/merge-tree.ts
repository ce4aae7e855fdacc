/**
 * Three-way merge of page trees, keyed by stable page id.
 *
 * Every page is merged independently on three axes:
 *
 * 1. Existence. Added on either side -> kept. Deleted on both -> gone.
 *    Deleted on one side and unchanged on the other -> gone. Deleted on one
 *    side and modified (content or position) on the other -> `delete-modify`
 *    conflict, and the modified page is kept: nothing is lost silently. A
 *    page deleted on one side but needed as the parent of a surviving page
 *    is kept the same way.
 * 2. Content. Field by field against the base: a field changed on one side
 *    takes that side's value; changed identically on both -> once; changed
 *    differently -> conflict (`title`, `slug`, `metadata` with the field name;
 *    `metadata.<key>` inside the free-form `metadata` object). `markdown` is
 *    merged line by line with diff3 (`content` conflict when that fails).
 * 3. Position. A side "moved" a page when it changed its parent or its order
 *    among siblings (pages outside a longest common subsequence of the
 *    sibling order). Pages nobody moved keep their base order; pages moved
 *    or added by a side are inserted after their predecessor in that side's
 *    sibling list. Moved differently on both sides -> `move` conflict.
 *    Cycles created by two crossing moves are broken by undoing theirs.
 *
 * Conflicts never block the merge: the returned tree takes *ours* for every
 * conflicting field/position (and keeps modified pages over deletions), and
 * each conflict records base/ours/theirs so a caller can resolve it.
 * Finally, slugs are made unique among siblings (`slug-2`, …); pages keeping
 * ours' slug at ours' place win, and renames are reported in `renamed`.
 *
 * The result is deterministic: it depends only on the trees' values, not on
 * object key order (output objects are written in a canonical key order).
 */
import { canonicalJson, jsonEqual, type JsonObject } from './hash.js';
import { merge3Text, type TextConflict, type TextMergeResult } from './merge-text.js';
import { dedupeSiblingSlugs, indexTree, TreeComparison, type PageData, type PageNode, type PagePlacement } from './tree.js';

export type TreeConflictKind = 'content' | 'title' | 'slug' | 'move' | 'delete-modify' | 'metadata';

export interface TreeConflict {
  pageId: string;
  kind: TreeConflictKind;
  /** Conflicting field for `metadata` conflicts (`emoji`, `metadata.owner`, …). */
  field?: string;
  /** Values on each side (`null` = page absent on that side; positions as `{ parentId, index }`). */
  base: unknown;
  ours: unknown;
  theirs: unknown;
  /** Line-level details of a `content` conflict. */
  textConflicts?: TextConflict[];
}

export interface TreeMergeResult {
  /** `true` when there is no conflict. */
  ok: boolean;
  /** The merged tree (ours wins conflicts; see module doc). */
  tree: PageNode;
  /** Sorted by page id, kind and field. */
  conflicts: TreeConflict[];
  /** Pages whose slug was changed to keep sibling slugs unique. */
  renamed: { pageId: string; from: string; to: string }[];
}

type Side = 'ours' | 'theirs';
const SIDES: readonly Side[] = ['ours', 'theirs'];
type Placer = Side | 'base';

/** A surviving page before the tree is rebuilt. */
interface Merged {
  page: PageData;
  parentId: string | null;
  /** Whose sibling order positions the page (`base` = nobody moved it). */
  placer: Placer;
}

type Index = Map<string, PagePlacement>;

/** Three-way merges page trees (`ours` and `theirs` both derived from `base`). */
/** A three-way text merge (default: merge3Text; callers may give merges computed ahead, e.g. off the event loop). */
export type TextMerger = (base: string, ours: string, theirs: string) => TextMergeResult;

export function mergeTrees(base: PageNode, ours: PageNode, theirs: PageNode, textMerge: TextMerger = merge3Text): TreeMergeResult {
  return new TreeMerge(base, ours, theirs, textMerge).run();
}

class TreeMerge {
  private readonly base: Index;
  private readonly sides: Record<Side, Index>;
  /** How each side changed the base, page by page (moves, edits). */
  private readonly compared: Record<Side, TreeComparison>;
  private readonly conflicts: TreeConflict[] = [];
  private readonly merged = new Map<string, Merged>();
  private readonly rootId: string;

  private readonly textMerge: TextMerger;

  constructor(base: PageNode, ours: PageNode, theirs: PageNode, textMerge: TextMerger) {
    this.textMerge = textMerge;
    if (base.id !== ours.id || base.id !== theirs.id) throw new Error('mergeTrees: the three trees must share their root id');
    this.rootId = base.id;
    this.base = indexTree(base);
    this.sides = { ours: indexTree(ours), theirs: indexTree(theirs) };
    this.compared = { ours: new TreeComparison(this.base, this.sides.ours), theirs: new TreeComparison(this.base, this.sides.theirs) };
  }

  run(): TreeMergeResult {
    for (const id of this.allIds()) {
      const merged = this.mergePage(id);
      if (merged) this.merged.set(id, merged);
    }
    this.keepNeededParents();
    this.breakCycles();
    const built = this.build(this.rootId, this.childrenByParent());
    const tree = dedupeSiblingSlugs(built, (id) => this.keepsOursSlug(id));
    const conflicts = this.conflicts.sort(compareConflicts);
    return { ok: conflicts.length === 0, tree, conflicts, renamed: renamedPages(built, tree) };
  }

  // -------------------------------------------------------------------------
  // Per-page decisions

  /** Base pages first, then pages added by ours, then by theirs (pre-order each). */
  private allIds(): string[] {
    return [...new Set([...this.base.keys(), ...this.sides.ours.keys(), ...this.sides.theirs.keys()])];
  }

  private mergePage(id: string): Merged | undefined {
    const base = this.base.get(id);
    const ours = this.sides.ours.get(id);
    const theirs = this.sides.theirs.get(id);
    if (ours && theirs) return { page: this.mergeContent(id, base?.page, ours.page, theirs.page), ...this.mergePosition(id) };
    const survivor: Side | undefined = ours ? 'ours' : theirs ? 'theirs' : undefined;
    if (survivor === undefined) return undefined; // deleted on both sides
    const kept = (ours ?? theirs) as PagePlacement;
    if (base === undefined) return { page: kept.page, parentId: kept.parentId, placer: survivor };
    if (!this.modifiedBy(survivor, id)) return undefined; // clean delete
    this.addDeleteModify(id);
    return this.keepFrom(survivor, id);
  }

  /** The page as `side` has it, positioned by `side` if it moved it. */
  private keepFrom(side: Side, id: string): Merged {
    const { page, parentId } = this.sides[side].get(id) as PagePlacement;
    const base = this.base.get(id);
    if (base === undefined || this.movedBy(side, id)) return { page, parentId, placer: side };
    return { page, parentId: base.parentId, placer: 'base' };
  }

  private addDeleteModify(id: string): void {
    if (this.conflicts.some((c) => c.pageId === id && c.kind === 'delete-modify')) return;
    this.conflicts.push({
      pageId: id,
      kind: 'delete-modify',
      base: canonical(this.base.get(id)?.page ?? null),
      ours: canonical(this.sides.ours.get(id)?.page ?? null),
      theirs: canonical(this.sides.theirs.get(id)?.page ?? null),
    });
  }

  private modifiedBy(side: Side, id: string): boolean {
    return this.compared[side].modified(id);
  }

  private movedBy(side: Side, id: string): boolean {
    return this.compared[side].moved(id);
  }

  // -------------------------------------------------------------------------
  // Position

  private mergePosition(id: string): Pick<Merged, 'parentId' | 'placer'> {
    const ours = this.sides.ours.get(id) as PagePlacement;
    const theirs = this.sides.theirs.get(id) as PagePlacement;
    const base = this.base.get(id);
    const movedOurs = base === undefined || this.movedBy('ours', id);
    const movedTheirs = base === undefined || this.movedBy('theirs', id);
    if (!movedOurs && !movedTheirs) return { parentId: (base as PagePlacement).parentId, placer: 'base' };
    if (!movedOurs) return { parentId: theirs.parentId, placer: 'theirs' };
    if (movedTheirs && !this.samePosition(id)) {
      this.conflicts.push({
        pageId: id,
        kind: 'move',
        base: base ? location(base) : null,
        ours: location(ours),
        theirs: location(theirs),
      });
    }
    return { parentId: ours.parentId, placer: 'ours' };
  }

  /** Same parent and same predecessor on both sides. */
  private samePosition(id: string): boolean {
    const [ours, theirs] = SIDES.map((side) => this.sides[side].get(id) as PagePlacement);
    return ours?.parentId === theirs?.parentId && predecessor(this.sides.ours, ours) === predecessor(this.sides.theirs, theirs);
  }

  /** Keeps (with a delete-modify conflict) deleted pages that surviving pages still sit under. */
  private keepNeededParents(): void {
    const queue = [...this.merged.values()];
    for (let entry = queue.pop(); entry !== undefined; entry = queue.pop()) {
      const parentId = entry.parentId;
      if (parentId === null || this.merged.has(parentId)) continue;
      const side = SIDES.find((s) => this.sides[s].has(parentId));
      if (side === undefined) throw new Error(`mergeTrees: parent ${parentId} exists on no side`);
      this.addDeleteModify(parentId);
      const parent = this.keepFrom(side, parentId);
      this.merged.set(parentId, parent);
      queue.push(parent);
    }
  }

  /** Undoes (theirs first) moves that put a page inside its own subtree. */
  private breakCycles(): void {
    for (let cycle = this.findCycle(); cycle !== undefined; cycle = this.findCycle()) {
      const rank = (id: string): number => ({ theirs: 0, ours: 1, base: 2 })[this.merged.get(id)?.placer ?? 'base'];
      const [victim] = [...cycle].sort((a, b) => rank(a) - rank(b) || compareStrings(a, b));
      this.undoMove(victim as string);
    }
  }

  private undoMove(id: string): void {
    const entry = this.merged.get(id) as Merged;
    const ours = this.sides.ours.get(id);
    const base = this.base.get(id);
    const fallbacks: [Placer, string | null | undefined][] = [
      ['ours', entry.placer === 'theirs' ? ours?.parentId : undefined],
      ['base', base?.parentId],
    ];
    const [placer, parentId] = fallbacks.find(([, parent]) => parent != null && this.merged.has(parent) && parent !== entry.parentId) ?? [
      'base',
      this.rootId,
    ];
    if (!this.conflicts.some((c) => c.pageId === id && c.kind === 'move')) {
      const at = (placement: PagePlacement | undefined) => (placement ? location(placement) : null);
      this.conflicts.push({ pageId: id, kind: 'move', base: at(base), ours: at(ours), theirs: at(this.sides.theirs.get(id)) });
    }
    this.merged.set(id, { ...entry, parentId: parentId as string, placer });
  }

  private findCycle(): string[] | undefined {
    const done = new Set<string>();
    for (const start of this.merged.keys()) {
      const path: string[] = [];
      const onPath = new Set<string>();
      for (let id: string | null = start; id !== null && !done.has(id); id = this.merged.get(id)?.parentId ?? null) {
        if (onPath.has(id)) return path.slice(path.indexOf(id));
        path.push(id);
        onPath.add(id);
      }
      path.forEach((id) => done.add(id));
    }
    return undefined;
  }

  // -------------------------------------------------------------------------
  // Content

  private mergeContent(id: string, base: PageData | undefined, ours: PageData, theirs: PageData): PageData {
    if (base !== undefined && jsonEqual(ours, base)) return theirs;
    if (jsonEqual(theirs, base) || jsonEqual(ours, theirs)) return ours;
    const page: Record<string, unknown> = { id };
    const fields = new Set([...Object.keys(ours), ...Object.keys(theirs), ...Object.keys(base ?? {})]);
    fields.delete('id');
    for (const field of fields) {
      const [b, o, t] = [base, ours, theirs].map((p) => (p as Record<string, unknown> | undefined)?.[field]);
      if (field === 'markdown') page.markdown = this.mergeMarkdown(id, (b as string | undefined) ?? '', o as string, t as string);
      else if (field === 'metadata') page.metadata = this.mergeMetadata(id, b as JsonObject, o as JsonObject, t as JsonObject);
      else page[field] = this.mergeField(id, field, b, o, t);
    }
    return page as unknown as PageData;
  }

  private mergeField(id: string, field: string, base: unknown, ours: unknown, theirs: unknown): unknown {
    const merged = merge3Value(base, ours, theirs);
    if (!merged.conflict) return merged.value;
    const kind: TreeConflictKind = field === 'title' || field === 'slug' ? field : 'metadata';
    this.conflicts.push({
      pageId: id,
      kind,
      ...(kind === 'metadata' ? { field } : {}),
      base: canonical(base),
      ours: canonical(ours),
      theirs: canonical(theirs),
    });
    return ours;
  }

  private mergeMetadata(id: string, base?: JsonObject, ours?: JsonObject, theirs?: JsonObject): JsonObject | undefined {
    const whole = merge3Value(base, ours, theirs);
    if (!whole.conflict) return whole.value;
    const keys = new Set([...Object.keys(base ?? {}), ...Object.keys(ours ?? {}), ...Object.keys(theirs ?? {})]);
    const result: JsonObject = {};
    for (const key of keys) {
      const value = this.mergeField(id, `metadata.${key}`, base?.[key], ours?.[key], theirs?.[key]);
      if (value !== undefined) result[key] = value as JsonObject[string];
    }
    return result;
  }

  private mergeMarkdown(id: string, base: string, ours: string, theirs: string): string {
    const merged = this.textMerge(base, ours, theirs);
    if (merged.ok) return merged.text;
    this.conflicts.push({ pageId: id, kind: 'content', base, ours, theirs, textConflicts: merged.conflicts });
    return ours;
  }

  // -------------------------------------------------------------------------
  // Rebuilding

  private childrenByParent(): Map<string, string[]> {
    const children = new Map<string, string[]>();
    for (const [id, { parentId }] of this.merged) {
      if (parentId === null) continue;
      const siblings = children.get(parentId);
      if (siblings) siblings.push(id);
      else children.set(parentId, [id]);
    }
    return children;
  }

  private build(id: string, childrenByParent: Map<string, string[]>): PageNode {
    const entry = this.merged.get(id) as Merged;
    const children = this.orderedChildren(id, childrenByParent.get(id) ?? []);
    return { ...canonicalPage(entry.page), children: children.map((child) => this.build(child, childrenByParent)) };
  }

  /**
   * Children of `parentId`: pages nobody moved in base order, then pages
   * placed by ours, then by theirs, each after its predecessor in that
   * side's sibling list.
   */
  private orderedChildren(parentId: string, members: readonly string[]): string[] {
    const placer = (id: string): Placer => (this.merged.get(id) as Merged).placer;
    const baseIndex = (id: string): number => this.base.get(id)?.index ?? 0;
    const list = members.filter((id) => placer(id) === 'base').sort((a, b) => baseIndex(a) - baseIndex(b) || compareStrings(a, b));
    for (const side of SIDES) {
      const toPlace = new Set(members.filter((id) => placer(id) === side));
      let anchor: string | null = null;
      for (const id of this.sides[side].get(parentId)?.childIds ?? []) {
        if (toPlace.delete(id)) list.splice(anchor === null ? 0 : list.indexOf(anchor) + 1, 0, id);
        else if (!list.includes(id)) continue;
        anchor = id;
      }
      list.push(...[...toPlace].sort(compareStrings)); // placed by a side under a parent it does not have (undone moves)
    }
    return list;
  }

  private keepsOursSlug(id: string): boolean {
    const ours = this.sides.ours.get(id);
    const merged = this.merged.get(id);
    return ours !== undefined && merged !== undefined && ours.parentId === merged.parentId && ours.page.slug === merged.page.slug;
  }
}

// ---------------------------------------------------------------------------
// Helpers

/** Standard three-way value merge; on conflict `value` is ours. */
function merge3Value<T>(base: T, ours: T, theirs: T): { value: T; conflict: boolean } {
  if (jsonEqual(ours, theirs) || jsonEqual(theirs, base)) return { value: ours, conflict: false };
  if (jsonEqual(ours, base)) return { value: theirs, conflict: false };
  return { value: ours, conflict: true };
}

function location(placement: PagePlacement): { parentId: string | null; index: number } {
  return { parentId: placement.parentId, index: placement.index };
}

function predecessor(index: Index, placement: PagePlacement | undefined): string | null {
  if (placement?.parentId == null) return null;
  return index.get(placement.parentId)?.childIds[placement.index - 1] ?? null;
}

const PAGE_FIELD_ORDER = ['id', 'title', 'slug', 'type', 'emoji', 'icon', 'description', 'markdown', 'hidden', 'layout', 'cover', 'target', 'metadata'];

/** The page with fields in a fixed order and nested objects with sorted keys. */
function canonicalPage(page: PageData): PageData {
  const record = page as unknown as Record<string, unknown>;
  const known = PAGE_FIELD_ORDER.filter((field) => record[field] !== undefined);
  const extra = Object.keys(record)
    .filter((field) => !PAGE_FIELD_ORDER.includes(field) && record[field] !== undefined)
    .sort();
  return Object.fromEntries([...known, ...extra].map((field) => [field, canonical(record[field])])) as unknown as PageData;
}

function canonical(value: unknown): unknown {
  return value === undefined ? undefined : JSON.parse(canonicalJson(value));
}

function renamedPages(before: PageNode, after: PageNode): TreeMergeResult['renamed'] {
  const renamed: TreeMergeResult['renamed'] = [];
  const visit = (a: PageNode, b: PageNode): void => {
    if (a.slug !== b.slug) renamed.push({ pageId: a.id, from: a.slug, to: b.slug });
    a.children.forEach((child, i) => visit(child, b.children[i] as PageNode));
  };
  visit(before, after);
  return renamed;
}

function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function compareConflicts(a: TreeConflict, b: TreeConflict): number {
  return compareStrings(a.pageId, b.pageId) || compareStrings(a.kind, b.kind) || compareStrings(a.field ?? '', b.field ?? '');
}

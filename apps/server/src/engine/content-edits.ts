// The content edits Bindery accepts (the editing extension and the change request content API share them) and how
// each one changes a working tree (working-tree.ts), a file list and the variables of a revision.
// Errors are ContentErrors located at the edit (its index in the batch) and its field (errors.ts); the caller turns
// them into messages naming its request's fields.
import { checkDocumentLimits } from '../content/document.js';
import { GITBOOK_BLOCK_TYPES, GitBookBlockError, unfoldGitBookBlocks } from '../content/gitbook-blocks.js';
import { ContentLimitError } from '../content/limits.js';
import { documentToMarkdown, markdownToDocument, type Document } from '../content/markdown.js';
import { documentPage, normalizePage } from '../content/process.js';
import { inlineMathWritable } from '../content/to-markdown.js';
import type { ProcessedPage } from '../content/tasks.js';
import { PoolBusyError } from '../lib/worker-pool.js';
import { rememberDerived, rememberParsed } from './content-index.js';
import type { JsonObject } from '../content/hash.js';
import { isPathless, type PageData, type PageType } from '../content/tree.js';
import { ApiError } from '../errors.js';
import { contentConflict, editField, invalidContent, locatedLimit, pageNotFoundAt, withLocator, type ContentLocator } from './errors.js';
import { newId } from '../lib/ids.js';
import type { FileEntry } from './content-store.js';
import { chooseSlug, ROOT_ID, type PageFieldsInput, type WNode, type WorkingTree } from './working-tree.js';

export interface PagePosition {
  before?: string;
  after?: string;
  /** A zero-based index among the new siblings (GitBook's `at`; past the end: at the end). */
  index?: number;
}

/** Fields of a page that edits set (`null` clears an optional field), or GitBook's JSON document for the markdown. */
export interface PageFields extends PageFieldsInput {
  /** Computed pages: their source (GitBook's `ComputedContentSourceRevision`, `builtin:openapi`). */
  computed?: Record<string, unknown>;
  /** GitBook's JSON document; converted to markdown (the stored form). */
  document?: Record<string, unknown>;
}

export type ContentEdit =
  | ({ op: 'createPage'; id?: string; parent?: string | null; position?: PagePosition; type?: PageType; title: string } & PageFields)
  | ({ op: 'updatePage'; page: string; type?: undefined } & PageFields)
  | { op: 'movePage'; page: string; parent?: string | null; position?: PagePosition; keepPlace?: boolean }
  | { op: 'deletePage'; page: string; mustExist?: boolean }
  | { op: 'addFile'; file: FileEntry }
  | { op: 'deleteFile'; file: string }
  | { op: 'setVariables'; variables: Record<string, string | null> };

/** What edits work on: the page tree, the file list and the variables of the revision being made. */
export interface EditState {
  tree: WorkingTree;
  files: FileEntry[];
  variables: Record<string, string>;
  filesChanged: boolean;
  variablesChanged: boolean;
  /** Ids of the pages and files created, in edit order. */
  created: { pages: string[]; files: string[] };
}

/** Applies edit number `index` of a batch (errors are located at it). */
export async function applyEdit(state: EditState, edit: ContentEdit, index: number): Promise<void> {
  switch (edit.op) {
    case 'createPage':
      return createPage(state, edit, index);
    case 'updatePage':
      return updatePage(state, edit, index);
    case 'movePage':
      return movePage(state, edit, index);
    case 'deletePage': {
      const node = await state.tree.get(edit.page);
      if (node && node !== state.tree.root) state.tree.remove(node);
      else if (edit.mustExist) throw pageNotFoundAt(editField(index, 'page'), edit.page);
      return;
    }
    case 'addFile':
      state.files = [...state.files, edit.file];
      state.filesChanged = true;
      state.created.files.push(edit.file.id);
      return;
    case 'deleteFile': {
      const files = state.files.filter((f) => f.id !== edit.file);
      if (files.length !== state.files.length) {
        state.files = files;
        state.filesChanged = true;
      }
      return;
    }
    case 'setVariables': {
      const next = { ...state.variables };
      for (const [k, v] of Object.entries(edit.variables)) {
        if (v === null) delete next[k];
        else next[k] = v;
      }
      if (JSON.stringify(next) !== JSON.stringify(state.variables)) {
        state.variables = next;
        state.variablesChanged = true;
      }
      return;
    }
  }
}

async function parentNode(state: EditState, parent: string | null | undefined, where: ContentLocator): Promise<WNode> {
  if (parent === undefined || parent === null) return state.tree.root;
  const node = await state.tree.get(parent);
  if (!node) throw pageNotFoundAt(where, parent);
  if (node.meta.type === 'link') throw invalidContent(where, 'is a link page, which cannot have child pages');
  if (node.meta.type === 'computed') throw invalidContent(where, 'is a computed page, which stands for the pages it generates and cannot have child pages');
  return node;
}

async function createPage(state: EditState, edit: Extract<ContentEdit, { op: 'createPage' }>, i: number): Promise<void> {
  const id = edit.id ?? newId();
  if (edit.id !== undefined && (await state.tree.get(edit.id))) throw contentConflict(editField(i, 'id'), `a page with the id ${edit.id} already exists`);
  const parent = await parentNode(state, edit.parent, editField(i, 'parent'));
  const type: PageType = edit.type ?? 'document';
  const index = await state.tree.insertIndex(parent, edit.position, editField(i, 'position'));
  const slug = isPathless(type) ? '' : chooseSlug(edit.slug, edit.title, await state.tree.takenSlugs(parent), editField(i, 'slug'));
  const page = withFields({ id, title: edit.title, slug, type, markdown: '' }, edit, state, i);
  if (type === 'link' && !page.target) throw invalidContent(editField(i, 'href'), 'is required for link pages');
  if (type === 'computed' && !page.computed) throw invalidContent(editField(i, 'computed'), 'is required for computed pages');
  state.tree.insert(parent, index, page);
  state.created.pages.push(id);
}

async function updatePage(state: EditState, edit: Extract<ContentEdit, { op: 'updatePage' }>, i: number): Promise<void> {
  const node = await state.tree.get(edit.page);
  if (!node || node === state.tree.root) throw new ApiError(404, `Page not found: ${edit.page}`);
  const current = await state.tree.page(node);
  let slug = current.slug;
  if (edit.slug !== undefined && edit.slug !== current.slug && !isPathless(current.type)) {
    slug = chooseSlug(edit.slug, current.title, await state.tree.takenSlugs(node.parent!, node), editField(i, 'slug'));
  }
  const page = withFields({ ...current, slug }, edit, state, i);
  if (!samePage(page, current)) state.tree.setPage(node, page);
}

/** Whether an edit left a page as it was: field by field, so a page's markdown (up to megabytes) is compared, not serialised twice. */
function samePage(a: PageData, b: PageData): boolean {
  const ra = a as unknown as Record<string, unknown>;
  const rb = b as unknown as Record<string, unknown>;
  for (const key of new Set([...Object.keys(ra), ...Object.keys(rb)])) {
    const x = ra[key];
    const y = rb[key];
    if (x === y) continue;
    if (typeof x === 'string' || typeof y === 'string' || JSON.stringify(x) !== JSON.stringify(y)) return false;
  }
  return true;
}

async function movePage(state: EditState, edit: Extract<ContentEdit, { op: 'movePage' }>, i: number): Promise<void> {
  const node = await state.tree.get(edit.page);
  if (!node || node === state.tree.root) throw new ApiError(404, `Page not found: ${edit.page}`);
  const parent = edit.parent === undefined ? node.parent! : await parentNode(state, edit.parent, editField(i, 'parent'));
  // `keepPlace`: no position and the same parent leave the page where it is (GitBook's `update_page` without `at`).
  if (edit.keepPlace && parent === node.parent && (!edit.position || Object.keys(edit.position).length === 0)) return;
  if (state.tree.isWithin(parent, node)) throw invalidContent(editField(i, 'parent'), 'is the page itself or one of its descendants');
  if (edit.position?.before === node.id || edit.position?.after === node.id) throw invalidContent(editField(i, 'position'), 'names the page being moved');
  const oldParent = node.parent!;
  await state.tree.childrenOf(parent);
  state.tree.detach(node);
  const index = await state.tree.insertIndex(parent, edit.position, editField(i, 'position'));
  state.tree.place(node, parent, index);
  // Moving next to a sibling with the same slug renames the moved page (`slug-2`): paths stay unique.
  if (parent !== oldParent && !isPathless(node.meta.type)) {
    const taken = await state.tree.takenSlugs(parent, node);
    if (taken.has(node.meta.slug)) {
      const page = await state.tree.page(node);
      state.tree.setPage(node, { ...page, slug: chooseSlug(undefined, page.slug, taken, editField(i, 'slug')) });
    }
  }
}

/** Page markdown of edits normalised ahead (prepareEdits), by edit. */
const prepared = new WeakMap<object, ProcessedPage>();

/**
 * Normalises the markdown and documents of `edits` before they are applied, off the event loop: large ones run in
 * the content worker pool with its time budget (content/process.ts), so that a big or adversarial page never blocks
 * the server, and callers run this before taking locks or opening a transaction. Errors are located as applying
 * would locate them (edit 3, field `markdown`: a limit or the time budget); an edit already prepared is skipped.
 */
export async function prepareEdits(edits: readonly ContentEdit[]): Promise<void> {
  for (const [i, edit] of edits.entries()) {
    if ((edit.op !== 'createPage' && edit.op !== 'updatePage') || prepared.has(edit)) continue;
    if (edit.document !== undefined) {
      const where = editField(i, 'document');
      const stored = checkDocument(edit.document, where);
      try {
        prepared.set(edit, await documentPage(stored));
      } catch (err) {
        if (err instanceof PoolBusyError) throw err;
        if (err instanceof ContentLimitError) throw locatedLimit(where, err);
        throw invalidContent(where, `is not a document Bindery can read (${(err as Error).message})`);
      }
    } else if (edit.markdown !== undefined) {
      const markdown = edit.markdown;
      prepared.set(edit, await normalizePage(markdown).catch((err: unknown) => Promise.reject(locatedLimit(editField(i, 'markdown'), err))));
    }
  }
}

/** Sets the fields of edit number `i` on `page` (normalising markdown; `null` clears). */
function withFields(page: PageData, edit: PageFields, state: EditState, i: number): PageData {
  const out: PageData = { ...page };
  if (edit.title !== undefined) out.title = edit.title;
  const setOptional = (key: 'emoji' | 'icon' | 'description', v: string | null | undefined) => {
    if (v === undefined) return;
    if (v === null || v === '') delete out[key];
    else out[key] = v;
  };
  setOptional('emoji', edit.emoji);
  setOptional('icon', edit.icon);
  setOptional('description', edit.description);
  const ready = prepared.get(edit);
  if (ready) {
    out.markdown = ready.markdown;
    rememberDerived(ready.markdown, ready);
  } else if (edit.document !== undefined) {
    const where = editField(i, 'document');
    const stored = checkDocument(edit.document, where);
    try {
      out.markdown = documentToMarkdown(stored);
    } catch (err) {
      if (err instanceof ContentLimitError) throw locatedLimit(where, err);
      throw invalidContent(where, `is not a document Bindery can read (${(err as Error).message})`);
    }
  } else if (edit.markdown !== undefined) {
    // The normal form (markdown.ts): written from the parsed document, which parses back to the same document.
    const markdown = edit.markdown;
    const doc = withLocator(editField(i, 'markdown'), () => markdownToDocument(markdown));
    out.markdown = withLocator(editField(i, 'markdown'), () => documentToMarkdown(doc));
    rememberParsed(out.markdown, doc);
  }
  if (out.type !== 'document') out.markdown = '';
  if (edit.hidden !== undefined) {
    if (edit.hidden) out.hidden = true;
    else delete out.hidden;
  }
  if (edit.layout !== undefined) {
    if (edit.layout === null) delete out.layout;
    else out.layout = edit.layout as JsonObject;
  }
  if (edit.cover !== undefined) {
    if (edit.cover === null) delete out.cover;
    else {
      for (const key of ['ref', 'refDark'] as const) {
        const ref = edit.cover[key] as { file?: string } | undefined;
        if (ref && !state.files.some((f) => f.id === ref.file)) throw invalidContent(editField(i, `cover/${key}/file`), `is not a file of the space (${ref.file})`);
      }
      out.cover = edit.cover as JsonObject;
    }
  }
  const metadata: JsonObject = { ...(out.metadata ?? {}) };
  for (const key of ['noIndex', 'noRobotsIndex'] as const) {
    const v = edit[key];
    if (v === undefined) continue;
    if (v) metadata[key] = true;
    else delete metadata[key];
  }
  if (edit.condition !== undefined) {
    if (typeof edit.condition === 'string' && edit.condition.trim() !== '') metadata.condition = edit.condition;
    else delete metadata.condition;
  }
  if (edit.metaLinks !== undefined) {
    const links = edit.metaLinks ?? {};
    const kept: JsonObject = {};
    if (links.canonical) kept.canonical = links.canonical as JsonObject;
    if (Array.isArray(links.alternates) && links.alternates.length) kept.alternates = links.alternates as JsonObject[];
    if (Object.keys(kept).length) metadata.metaLinks = kept;
    else delete metadata.metaLinks;
  }
  if (Object.keys(metadata).length) out.metadata = metadata;
  else delete out.metadata;
  if (edit.computed !== undefined) {
    if (out.type !== 'computed') throw invalidContent(editField(i, 'computed'), 'is only for computed pages (type "computed")');
    out.computed = computedSource(edit.computed, editField(i, 'computed'));
  }
  if (edit.href !== undefined) {
    if (out.type !== 'link') throw invalidContent(editField(i, 'href'), 'is only for link pages');
    const stable = /^\/pages\/([\w-]+)$/.exec(edit.href);
    out.target = stable ? { kind: 'page', page: stable[1]! } : { kind: 'url', url: edit.href };
  }
  return out;
}

/**
 * A computed page's source as stored: GitBook's `{type: 'builtin:openapi', props, dependencies: {spec: {ref: {kind:
 * 'openapi', spec: <slug>}}}}` (the only type Bindery computes), with what is not part of it left out.
 */
function computedSource(raw: Record<string, unknown>, where: ContentLocator): JsonObject {
  const field = (tail: string) => ({ ...where, field: `${where.field}/${tail}` });
  if (raw.type !== 'builtin:openapi') throw invalidContent(field('type'), `must be "builtin:openapi" (the computed content Bindery generates), not ${JSON.stringify(raw.type)}`);
  const spec = (raw.dependencies as { spec?: { ref?: { kind?: unknown; spec?: unknown } } } | undefined)?.spec?.ref;
  if (!spec || spec.kind !== 'openapi' || typeof spec.spec !== 'string' || !/^[a-zA-Z0-9]+(?:-[a-zA-Z0-9]+)*$/.test(spec.spec) || spec.spec.length > 100) {
    throw invalidContent(field('dependencies/spec/ref'), 'must be {"kind": "openapi", "spec": "<slug of an OpenAPI specification of the organization>"}');
  }
  const props = raw.props ?? {};
  if (typeof props !== 'object' || props === null || Array.isArray(props)) throw invalidContent(field('props'), 'must be an object');
  const p = props as Record<string, unknown>;
  if (p.grouping !== undefined && p.grouping !== 'by-tag' && p.grouping !== 'by-operation') throw invalidContent(field('props/grouping'), 'must be "by-tag" or "by-operation"');
  for (const k of ['models', 'downloadLink'] as const) if (p[k] !== undefined && typeof p[k] !== 'boolean') throw invalidContent(field(`props/${k}`), 'must be a boolean');
  return { type: 'builtin:openapi', props: p as JsonObject, dependencies: { spec: { ref: { kind: 'openapi', spec: spec.spec } } } };
}

const BLOCKS = new Set([
  'paragraph', 'heading-1', 'heading-2', 'heading-3', 'heading-4', 'heading-5', 'heading-6', 'list-ordered', 'list-unordered',
  'list-tasks', 'list-item', 'blockquote', 'hint', 'code', 'code-line', 'table', 'table-row', 'table-cell', 'images', 'image',
  'divider', 'html', 'math', 'footnote-definition', ...GITBOOK_BLOCK_TYPES,
]);
const INLINES = new Set(['link', 'inline-image', 'html', 'footnote-reference', 'inline-math']);

/**
 * GitBook's inline math (`{object: 'inline', type: 'inline-math', isVoid: true, data: {formula}}`, no `nodes` in
 * GitBook's shape: given none, it gets `[]`): a formula that `$$formula$$` reads back as — not empty, on one line, no
 * `$$` in it, not ending in `$` — else a 400 naming `data/formula` (markdown, where pages are kept, could not hold it).
 */
function checkInlineMath(n: { data?: unknown; nodes?: unknown }, path: string, bad: (path: string, detail: string) => Error): void {
  if (n.nodes === undefined) n.nodes = [];
  else if (!Array.isArray(n.nodes) || n.nodes.length > 0) throw bad(`${path}/nodes`, 'must be empty: inline math is void');
  const formula = (n.data as { formula?: unknown } | undefined)?.formula;
  if (typeof formula !== 'string') throw bad(`${path}/data/formula`, 'must be a string (the TeX formula)');
  if (!inlineMathWritable(formula)) {
    throw bad(`${path}/data/formula`, 'must be one line, not empty, without `$$` and not ending in `$` (it is written `$$formula$$`)');
  }
}

/**
 * Checks the shape of a JSON document (the node kinds Bindery knows) given at `where`, locating the first bad node,
 * and answers it in its stored form: GitBook's container blocks (tabs, steppers, columns, expandables, embeds) as
 * the tag lines the markdown keeps (content/gitbook-blocks.ts).
 */
export function checkDocument(doc: Record<string, unknown>, where: ContentLocator): Document {
  withLocator(where, () => checkDocumentLimits(doc));
  const bad = (path: string, detail: string) => invalidContent({ ...where, field: `${where.field}${path}` }, detail);
  const visit = (node: unknown, path: string, depth: number): void => {
    const n = node as { object?: unknown; type?: unknown; nodes?: unknown; leaves?: unknown; fragments?: unknown };
    if (!n || typeof n !== 'object') throw bad(path, 'must be a node object');
    if (n.object === 'text') {
      if (!Array.isArray(n.leaves)) throw bad(`${path}/leaves`, 'must be an array of leaves');
      n.leaves.forEach((l, i) => {
        if (typeof (l as { text?: unknown })?.text !== 'string') throw bad(`${path}/leaves/${i}/text`, 'must be a string');
      });
      return;
    }
    if (n.object === 'block' && !BLOCKS.has(String(n.type))) throw bad(`${path}/type`, `is not a block type Bindery knows (${String(n.type)})`);
    if (n.object === 'inline' && !INLINES.has(String(n.type))) throw bad(`${path}/type`, `is not an inline type Bindery knows (${String(n.type)})`);
    if (n.object !== 'block' && n.object !== 'inline' && n.object !== 'fragment') throw bad(`${path}/object`, 'must be block, inline, text or fragment');
    if (n.object === 'inline' && n.type === 'inline-math') checkInlineMath(n as { data?: unknown; nodes?: unknown }, path, bad);
    if (!Array.isArray(n.nodes)) throw bad(`${path}/nodes`, 'must be an array');
    n.nodes.forEach((c, i) => visit(c, `${path}/nodes/${i}`, depth + 1));
    if (Array.isArray(n.fragments)) n.fragments.forEach((c, i) => visit(c, `${path}/fragments/${i}`, depth + 1));
  };
  if (!Array.isArray(doc.nodes)) throw bad('/nodes', 'must be an array');
  doc.nodes.forEach((c, i) => visit(c, `/nodes/${i}`, 0));
  try {
    return unfoldGitBookBlocks(doc as unknown as Document);
  } catch (err) {
    if (err instanceof GitBookBlockError) throw bad(err.path, err.detail);
    throw err;
  }
}

export { ROOT_ID };

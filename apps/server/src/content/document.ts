/**
 * GitBook's JSON document model (the subset Bindery understands) plus small
 * constructors and the deterministic key assignment.
 *
 * Shapes follow GitBook's REST API v1 (`Document`, `DocumentBlock*`,
 * `DocumentInline*`, `DocumentText`). Documented deviations / extensions:
 * - headings go down to `heading-6` (GitBook itself stops at `heading-3`);
 * - tables use a plain `table` > `table-row` > `table-cell` structure
 *   (first row is the header, `data.align` per column) instead of GitBook's
 *   `records`/`definition` database model;
 * - `html` blocks/inlines carry raw HTML that has no richer equivalent;
 * - `footnote-definition` blocks / `footnote-reference` inlines carry GFM footnotes;
 * - `link.data.title` and `code.data.meta` keep the markdown link title and
 *   fence meta string so that markdown round trips are lossless;
 * - `link.data.autolink: true` marks a URL written bare (a GFM autolink literal, `https://x.io` in text): it is
 *   written bare again where that reads back as the same link, as GitBook writes it (without it, `[url](url)`).
 *
 * Every block, inline and fragment gets a `key` derived from its content and
 * its occurrence index (see `assignKeys`), so the same markdown always yields
 * the same document and unrelated edits do not change other blocks' keys.
 */
import { canonicalJson } from './hash.js';
import { LIMITS, limitError } from './limits.js';

export type MarkType = 'bold' | 'italic' | 'strikethrough' | 'code';
/** Canonical mark order inside a leaf. */
export const MARK_ORDER: readonly MarkType[] = ['bold', 'italic', 'strikethrough', 'code'];

export interface Mark {
  object: 'mark';
  type: MarkType;
}

export interface Leaf {
  object: 'leaf';
  /** Text; `\n` is a hard line break. */
  text: string;
  marks: Mark[];
}

export interface Text {
  object: 'text';
  leaves: Leaf[];
}

export interface UrlRef {
  kind: 'url';
  url: string;
}
export interface PageRef {
  kind: 'page';
  page: string;
  space?: string;
}
export interface FileRef {
  kind: 'file';
  file: string;
  space?: string;
}
export interface AnchorRef {
  kind: 'anchor';
  anchor: string;
  page?: string;
  space?: string;
}
/** Target of a link or image (GitBook `ContentRef`, restricted to the kinds markdown can express). */
export type ContentRef = UrlRef | PageRef | FileRef | AnchorRef;
export type ImageRef = UrlRef | FileRef;

interface InlineBase<T extends string, D> {
  object: 'inline';
  type: T;
  key?: string;
  data: D;
}
export interface LinkInline extends InlineBase<'link', { ref: ContentRef; title?: string; autolink?: boolean }> {
  /** GitBook allows texts and inline images; raw HTML and footnote references may appear too. */
  nodes: InlineContent[];
}
export interface InlineImage extends InlineBase<'inline-image', { ref: ImageRef; alt?: string; caption?: string }> {
  isVoid: true;
  nodes: [];
}
export interface HtmlInline extends InlineBase<'html', { html: string }> {
  isVoid: true;
  nodes: [];
}
export interface FootnoteReferenceInline extends InlineBase<'footnote-reference', { identifier: string; label?: string }> {
  isVoid: true;
  nodes: [];
}
/** GitBook's inline math (`DocumentInlineMath`): a TeX formula inside text, written `$$formula$$`. */
export interface InlineMath extends InlineBase<'inline-math', { formula: string }> {
  isVoid: true;
  nodes: [];
}
export type Inline = LinkInline | InlineImage | HtmlInline | FootnoteReferenceInline | InlineMath;
/** Content of paragraphs, headings, table cells and links. */
export type InlineContent = Text | Inline;

interface BlockBase<T extends string, D, N> {
  object: 'block';
  type: T;
  key?: string;
  data: D;
  nodes: N;
}
type EmptyData = Record<string, never>;

export type HeadingType = 'heading-1' | 'heading-2' | 'heading-3' | 'heading-4' | 'heading-5' | 'heading-6';
export type HintStyle = 'info' | 'warning' | 'danger' | 'success';
export type TableAlign = 'left' | 'right' | 'center' | null;

export type ParagraphBlock = BlockBase<'paragraph', EmptyData, InlineContent[]>;
export type HeadingBlock = BlockBase<HeadingType, EmptyData, InlineContent[]>;
export type ListItemBlock = BlockBase<'list-item', { checked?: boolean }, Block[]>;
export type ListOrderedBlock = BlockBase<'list-ordered', { start?: number }, ListItemBlock[]>;
export type ListUnorderedBlock = BlockBase<'list-unordered', EmptyData, ListItemBlock[]>;
export type ListTasksBlock = BlockBase<'list-tasks', EmptyData, ListItemBlock[]>;
export type ListBlock = ListOrderedBlock | ListUnorderedBlock | ListTasksBlock;
export type BlockquoteBlock = BlockBase<'blockquote', EmptyData, Block[]>;
export type HintBlock = BlockBase<'hint', { style: HintStyle; icon?: string }, Block[]>;
export type CodeLineBlock = BlockBase<'code-line', EmptyData, [Text]>;
export interface CodeData {
  syntax?: string;
  title?: string;
  overflow?: 'scroll' | 'wrap';
  lineNumbers?: boolean;
  /** GitBook's `fullWidth` of a code block (`{% code fullWidth="true" %}`). */
  fullWidth?: boolean;
  expandable?: boolean;
  meta?: string;
}
export type CodeBlock = BlockBase<'code', CodeData, CodeLineBlock[]>;
export type TableCellBlock = BlockBase<'table-cell', EmptyData, InlineContent[]>;
export type TableRowBlock = BlockBase<'table-row', EmptyData, TableCellBlock[]>;
export type TableBlock = BlockBase<'table', { align: TableAlign[] }, TableRowBlock[]>;
export interface Fragment {
  object: 'fragment';
  key?: string;
  fragment: string;
  type: string;
  nodes: Block[];
}
export interface ImageBlock extends BlockBase<'image', { ref: ImageRef; alt?: string }, []> {
  isVoid: true;
  /** `caption` fragment holding one paragraph, when the image has a caption (empty: GitBook's `<figcaption></figcaption>`). */
  fragments: Fragment[];
}
export type ImagesBlock = BlockBase<'images', EmptyData, ImageBlock[]>;
export interface DividerBlock extends BlockBase<'divider', EmptyData, []> {
  isVoid: true;
}
export interface HtmlBlock extends BlockBase<'html', { html: string }, []> {
  isVoid: true;
}
/** GitBook's block math (`$$` lines around a TeX formula). */
export interface MathBlock extends BlockBase<'math', { formula: string }, []> {
  isVoid: true;
}
export type FootnoteDefinitionBlock = BlockBase<'footnote-definition', { identifier: string; label?: string }, Block[]>;

export type Block =
  | ParagraphBlock
  | HeadingBlock
  | ListBlock
  | ListItemBlock
  | BlockquoteBlock
  | HintBlock
  | CodeBlock
  | CodeLineBlock
  | TableBlock
  | TableRowBlock
  | TableCellBlock
  | ImagesBlock
  | ImageBlock
  | DividerBlock
  | HtmlBlock
  | MathBlock
  | FootnoteDefinitionBlock;

export interface Document {
  object: 'document';
  data: { schemaVersion: 1 };
  nodes: Block[];
}

export type AnyNode = Block | Inline | Text | Fragment;

// ---------------------------------------------------------------------------
// Constructors

export function mark(type: MarkType): Mark {
  return { object: 'mark', type };
}

/** A leaf with its marks deduplicated and in canonical order. */
export function leaf(text: string, marks?: Iterable<MarkType>): Leaf {
  // Without marks (code lines, empty cells, hard breaks): no set and no intermediate arrays.
  if (marks === undefined) return { object: 'leaf', text, marks: [] };
  const set = new Set(marks);
  return { object: 'leaf', text, marks: MARK_ORDER.filter((m) => set.has(m)).map(mark) };
}

/** Bit of each mark in a mark set (`MARK_BITS.bold | MARK_BITS.code`). */
export const MARK_BITS: Readonly<Record<MarkType, number>> = { bold: 1, italic: 2, strikethrough: 4, code: 8 };

const MARKS_BY_BITS: Mark[][] = Array.from({ length: 16 }, (_unused, bits) => MARK_ORDER.filter((m) => bits & MARK_BITS[m]).map(mark));

/** A leaf whose marks are given as bits (see MARK_BITS); cheaper than `leaf` on hot paths. */
export function leafWithBits(text: string, bits: number): Leaf {
  return { object: 'leaf', text, marks: (MARKS_BY_BITS[bits & 15] as Mark[]).slice() };
}

/**
 * The marks of each set of bits, shared (`leafSharingMarks`). Not frozen: the writer's `for … of` over a frozen array
 * allocated more per page write (~1 MB) than the arrays saved.
 */
const SHARED_MARKS_BY_BITS: readonly (readonly Mark[])[] = MARKS_BY_BITS.map((marks) => marks.slice());

/**
 * `leafWithBits` whose `marks` is one array shared by every leaf with those marks (never to be changed): for documents
 * that are only read, never handed out (a page write's blocks, written and indexed as they are built: from-markdown.ts
 * parseDocumentBlocks), without an array per leaf.
 */
export function leafSharingMarks(text: string, bits: number): Leaf {
  return { object: 'leaf', text, marks: SHARED_MARKS_BY_BITS[bits & 15] as Mark[] };
}

/** The bits of a leaf's marks. */
export function markBits(l: Leaf): number {
  let bits = 0;
  for (const m of l.marks) bits |= MARK_BITS[m.type] ?? 0;
  return bits;
}

export function text(leaves: Leaf[]): Text {
  return { object: 'text', leaves };
}

export function createDocument(nodes: Block[]): Document {
  return { object: 'document', data: { schemaVersion: 1 }, nodes };
}

const HEADING_TYPES: ReadonlySet<string> = new Set(['heading-1', 'heading-2', 'heading-3', 'heading-4', 'heading-5', 'heading-6']);

export function isHeadingType(type: string): type is HeadingType {
  // A set, not a regular expression: it is asked of every block a page write builds, writes and indexes.
  return HEADING_TYPES.has(type);
}

export function isHeading(block: Block): block is HeadingBlock {
  return isHeadingType(block.type);
}

export function headingLevel(type: HeadingType): 1 | 2 | 3 | 4 | 5 | 6 {
  return Number(type.slice('heading-'.length)) as 1 | 2 | 3 | 4 | 5 | 6;
}

/**
 * Plain text of inline content: leaf texts (hard breaks kept as `\n`), link
 * texts, image alt texts, math formulas. Raw HTML and footnote references contribute nothing.
 */
export function inlineText(nodes: readonly InlineContent[]): string {
  let out = '';
  for (const node of nodes) {
    if (node.object === 'text') for (const l of node.leaves) out += l.text;
    else if (node.type === 'link') out += inlineText(node.nodes);
    else if (node.type === 'inline-image') out += node.data.alt ?? '';
    else if (node.type === 'inline-math') out += node.data.formula;
  }
  return out;
}

/** Children of any node, including image-caption fragments. */
export function childNodes(node: AnyNode): AnyNode[] {
  if (node.object === 'text') return [];
  const children: AnyNode[] = [...node.nodes];
  if (node.object === 'block' && node.type === 'image') children.push(...node.fragments);
  return children;
}

// ---------------------------------------------------------------------------
// Keys

/**
 * Gives every block, inline and fragment a deterministic `key` (mutates and
 * returns `doc`). The key hashes the node's content (its subtree without
 * keys) plus how many identical nodes came before it, so keys are unique in
 * the document, identical for identical markdown, and stable when unrelated
 * blocks are inserted or edited.
 *
 * The fingerprint is a 53-bit non-cryptographic hash (keys identify blocks,
 * they secure nothing); a key that would repeat an earlier one is bumped, so
 * keys stay unique even on a collision. Linear in the size of the document.
 */
export function assignKeys(doc: Document): Document {
  const occurrences = new Map<string, number>();
  const used = new Set<string>();
  const visit = (node: AnyNode): number => {
    let fingerprint = hashString(ownContent(node), 0x9e3779b1);
    if (node.object !== 'text') {
      for (const child of node.nodes as AnyNode[]) fingerprint = mix(fingerprint, visit(child));
      if (node.object === 'block' && node.type === 'image') for (const fragment of node.fragments) fingerprint = mix(fingerprint, visit(fragment));
      // The first node with this content gets the fingerprint itself, the next ones the fingerprint mixed with their rank.
      let key = base62(fingerprint);
      if (used.has(key)) {
        const first = key;
        let seen = occurrences.get(first) ?? 1;
        do key = base62(mix(fingerprint, seen++));
        while (used.has(key));
        occurrences.set(first, seen);
      }
      used.add(key);
      node.key = key;
    }
    return fingerprint;
  };
  doc.nodes.forEach(visit);
  return doc;
}

/** The node without its key and children (children are fingerprinted separately). */
function ownContent(node: AnyNode): string {
  if (node.object === 'text') {
    let out = 't';
    for (const l of node.leaves) {
      out += `\u0000${l.text}\u0001`;
      for (const m of l.marks) out += m.type[0];
    }
    return out;
  }
  if (node.object === 'fragment') return `f\u0000${node.fragment}\u0000${node.type}`;
  // Parsed documents build `data` with a fixed key order, so plain JSON is deterministic (and much faster).
  return `${node.object[0]}\u0000${node.type}\u0000${(node as { isVoid?: boolean }).isVoid === true ? 1 : 0}${JSON.stringify(node.data)}`;
}

/** 53-bit string hash (cyrb53). */
function hashString(input: string, seed: number): number {
  let h1 = 0xdeadbeef ^ seed;
  let h2 = 0x41c6ce57 ^ seed;
  for (let i = 0; i < input.length; i++) {
    const ch = input.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}

/** Combines two 53-bit hashes. */
function mix(a: number, b: number): number {
  const hi = Math.floor(a / 4294967296);
  const lo = a >>> 0;
  const bh = Math.floor(b / 4294967296);
  const bl = b >>> 0;
  let h1 = Math.imul(lo ^ bl ^ 0x85ebca6b, 2654435761);
  let h2 = Math.imul(hi ^ bh ^ 0xc2b2ae35, 1597334677);
  h1 = Math.imul(h1 ^ (h1 >>> 15), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  h1 = Math.imul(h1 ^ bl, 0x27d4eb2d) ^ (h2 >>> 7);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** Eight base-62 characters of a 53-bit number. */
function base62(n: number): string {
  let out = '';
  let v = n;
  for (let i = 0; i < 8; i++) {
    out += BASE62[v % 62];
    v = Math.floor(v / 62);
  }
  return out;
}

// ---------------------------------------------------------------------------
// Limits

/**
 * Checks a document (typically a GitBook JSON document sent through the API) against the limits of limits.ts
 * before anything walks it recursively: block nesting, number of blocks and of inline elements. Iterative, linear.
 * Throws `ContentLimitError`; shapes are checked elsewhere.
 */
export function checkDocumentLimits(doc: { nodes?: unknown }): void {
  const stack: [unknown, number][] = [];
  const push = (nodes: unknown, depth: number): void => {
    if (Array.isArray(nodes)) for (let i = nodes.length - 1; i >= 0; i--) stack.push([nodes[i], depth]);
  };
  push(doc.nodes, 1);
  let blocks = 0;
  let inlines = 0;
  while (stack.length > 0) {
    const [node, depth] = stack.pop() as [unknown, number];
    if (node === null || typeof node !== 'object') continue;
    const n = node as { object?: unknown; nodes?: unknown; leaves?: unknown; fragments?: unknown };
    // Inline content adds a few levels (a link holding text) on top of the block nesting.
    if (depth > LIMITS.depth + 4) throw limitError('depth', `the document nests nodes more than ${LIMITS.depth} levels deep`);
    if (n.object === 'block' || n.object === 'fragment') {
      if (++blocks > LIMITS.blocks) throw limitError('blocks', 'the document has too many blocks');
    } else if (++inlines + (Array.isArray(n.leaves) ? n.leaves.length : 0) > LIMITS.inlines) {
      throw limitError('inlines', 'the document has too many inline elements');
    }
    if (Array.isArray(n.leaves)) inlines += n.leaves.length;
    push(n.nodes, depth + 1);
    push(n.fragments, depth + 1);
  }
}

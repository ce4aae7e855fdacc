/**
 * Inline content: mdast phrasing nodes <-> GitBook text leaves and inlines.
 *
 * mdast nests formatting (`strong > emphasis > text`); GitBook flattens it into
 * leaves carrying a set of marks. Going to the document we push marks down
 * onto leaves (and into links); coming back we rebuild the nesting by wrapping
 * the longest runs of leaves sharing a mark, so `**a _b_ c**` survives as one
 * strong node rather than three.
 *
 * Conventions:
 * - a hard break is `\n` inside a leaf; a soft line break becomes a space;
 * - inline code is a leaf with the `code` mark;
 * - reference links/images are resolved through the definitions map;
 * - void inlines (images, raw HTML, footnote references) carry no marks.
 */
import type { Definition, PhrasingContent } from 'mdast';
import { refToTarget, targetToImageRef, targetToRef, type RefResolver } from './content-ref.js';
import {
  leaf,
  MARK_ORDER,
  text,
  type Inline,
  type InlineContent,
  type InlineImage,
  type Leaf,
  type MarkType,
} from './document.js';

export interface InlineContext {
  /** Link reference definitions by (normalised) identifier. */
  definitions: ReadonlyMap<string, Definition>;
  resolver?: RefResolver;
}

// ---------------------------------------------------------------------------
// mdast -> document

type Piece = Leaf | Inline;

/**
 * Converts mdast phrasing content into GitBook inline content (texts and
 * inlines). Never empty: like GitBook, an empty container holds one empty leaf.
 */
export function phrasingToInlines(nodes: readonly PhrasingContent[], ctx: InlineContext): InlineContent[] {
  const pieces: Piece[] = [];
  for (const node of nodes) collectPieces(node, [], ctx, pieces);
  const inlines = groupPieces(pieces);
  return inlines.length > 0 ? inlines : [text([leaf('')])];
}

function collectPieces(node: PhrasingContent, marks: MarkType[], ctx: InlineContext, out: Piece[]): void {
  const children = (extra: MarkType): void => {
    if ('children' in node) for (const child of node.children) collectPieces(child, [...marks, extra], ctx, out);
  };
  switch (node.type) {
    case 'text':
      out.push(leaf(node.value.replace(/[ \t]*\n[ \t]*/g, ' '), marks));
      return;
    case 'break':
      out.push(leaf('\n', marks));
      return;
    case 'inlineCode':
      out.push(leaf(node.value, [...marks, 'code']));
      return;
    case 'strong':
      return children('bold');
    case 'emphasis':
      return children('italic');
    case 'delete':
      return children('strikethrough');
    case 'link':
    case 'linkReference': {
      const target = resolveTarget(node, ctx);
      if (target === undefined) return;
      const inner: Piece[] = [];
      for (const child of node.children) collectPieces(child, marks, ctx, inner);
      const title = target.title ? { title: target.title } : {};
      out.push({
        object: 'inline',
        type: 'link',
        data: { ref: targetToRef(target.url, ctx.resolver), ...title },
        nodes: groupPieces(inner),
      });
      return;
    }
    case 'image':
    case 'imageReference': {
      const target = resolveTarget(node, ctx);
      if (target !== undefined) out.push(inlineImage(target.url, node.alt ?? '', target.title ?? '', ctx));
      return;
    }
    case 'html':
      out.push({ object: 'inline', type: 'html', data: { html: node.value }, isVoid: true, nodes: [] });
      return;
    case 'footnoteReference':
      out.push({
        object: 'inline',
        type: 'footnote-reference',
        data: { identifier: node.identifier, ...(node.label ? { label: node.label } : {}) },
        isVoid: true,
        nodes: [],
      });
      return;
  }
}

export interface Target {
  url: string;
  title?: string | null | undefined;
}

/** URL and title of a link or image, following reference definitions. */
export function resolveTarget(node: PhrasingContent, ctx: InlineContext): Target | undefined {
  if (node.type === 'link' || node.type === 'image') return node;
  if (node.type === 'linkReference' || node.type === 'imageReference') return ctx.definitions.get(node.identifier);
  return undefined;
}

function inlineImage(url: string, alt: string, caption: string, ctx: Pick<InlineContext, 'resolver'>): InlineImage {
  return {
    object: 'inline',
    type: 'inline-image',
    data: { ref: targetToImageRef(url, ctx.resolver), ...(alt ? { alt } : {}), ...(caption ? { caption } : {}) },
    isVoid: true,
    nodes: [],
  };
}

/** Merges adjacent leaves with equal marks, drops empty ones and wraps leaf runs in text nodes. */
function groupPieces(pieces: Piece[]): InlineContent[] {
  const out: InlineContent[] = [];
  for (const piece of pieces) {
    if (piece.object === 'inline') {
      out.push(piece);
      continue;
    }
    if (piece.text === '') continue;
    const last = out.at(-1);
    if (last?.object !== 'text') {
      out.push(text([piece]));
      continue;
    }
    const previous = last.leaves.at(-1);
    if (previous && sameMarks(previous, piece)) previous.text += piece.text;
    else last.leaves.push(piece);
  }
  return out;
}

function sameMarks(a: Leaf, b: Leaf): boolean {
  return a.marks.map((m) => m.type).join() === b.marks.map((m) => m.type).join();
}

// ---------------------------------------------------------------------------
// document -> mdast

/** A leaf, or a void/link inline with the marks it can be wrapped in (`any` for void inlines). */
type Item = { leaf: Leaf; marks: ReadonlySet<MarkType> } | { inline: Inline; marks: ReadonlySet<MarkType> | 'any' };

const WRAPPABLE = MARK_ORDER.filter((m) => m !== 'code');

/** Converts GitBook inline content back into mdast phrasing content. */
export function inlinesToPhrasing(nodes: readonly InlineContent[], resolver?: RefResolver): PhrasingContent[] {
  return buildPhrasing(toItems(nodes), new Set(), resolver);
}

function toItems(nodes: readonly InlineContent[]): Item[] {
  return nodes.flatMap((node): Item[] =>
    node.object === 'text'
      ? node.leaves.map((l) => ({ leaf: l, marks: new Set(l.marks.map((m) => m.type)) }))
      : [{ inline: node, marks: node.type === 'link' ? commonMarks(node.nodes) : 'any' }],
  );
}

/** Marks shared by every leaf inside a link, so formatting can wrap the whole link. */
function commonMarks(nodes: readonly InlineContent[]): ReadonlySet<MarkType> | 'any' {
  let common: Set<MarkType> | undefined;
  for (const item of toItems(nodes)) {
    if (item.marks === 'any') continue;
    const marks = item.marks;
    common = common === undefined ? new Set(marks) : new Set([...common].filter((m) => marks.has(m)));
  }
  if (common === undefined) return 'any';
  common.delete('code');
  return common;
}

function hasMark(item: Item, mark: MarkType): boolean {
  return item.marks === 'any' || item.marks.has(mark);
}

function buildPhrasing(items: Item[], applied: ReadonlySet<MarkType>, resolver: RefResolver | undefined): PhrasingContent[] {
  const out: PhrasingContent[] = [];
  let i = 0;
  while (i < items.length) {
    const item = items[i] as Item;
    const run = longestRun(items, i, applied);
    if (run === undefined) {
      out.push(...itemToPhrasing(item, applied, resolver));
      i++;
      continue;
    }
    const inner = buildPhrasing(items.slice(i, run.end), new Set([...applied, run.mark]), resolver);
    out.push(wrapInMark(run.mark, inner));
    i = run.end;
  }
  return out;
}

/** The mark (not yet applied) of `items[start]` that covers the most following items. */
function longestRun(items: Item[], start: number, applied: ReadonlySet<MarkType>): { mark: MarkType; end: number } | undefined {
  const first = items[start] as Item;
  let best: { mark: MarkType; end: number } | undefined;
  for (const mark of WRAPPABLE) {
    if (applied.has(mark) || first.marks === 'any' || !first.marks.has(mark)) continue;
    let end = start + 1;
    while (end < items.length && hasMark(items[end] as Item, mark)) end++;
    while (end - 1 > start && (items[end - 1] as Item).marks === 'any') end--;
    if (best === undefined || end > best.end) best = { mark, end };
  }
  return best;
}

function wrapInMark(mark: MarkType, children: PhrasingContent[]): PhrasingContent {
  switch (mark) {
    case 'bold':
      return { type: 'strong', children };
    case 'italic':
      return { type: 'emphasis', children };
    default:
      return { type: 'delete', children };
  }
}

function itemToPhrasing(item: Item, applied: ReadonlySet<MarkType>, resolver: RefResolver | undefined): PhrasingContent[] {
  if ('leaf' in item) return leafToPhrasing(item.leaf);
  const inline = item.inline;
  switch (inline.type) {
    case 'link':
      return [
        {
          type: 'link',
          url: refToTarget(inline.data.ref, 'link', resolver),
          title: inline.data.title ?? null,
          children: buildPhrasing(toItems(inline.nodes), applied, resolver),
        },
      ];
    case 'inline-image':
      return [
        {
          type: 'image',
          url: refToTarget(inline.data.ref, 'image', resolver),
          alt: inline.data.alt ?? '',
          title: inline.data.caption ?? null,
        },
      ];
    case 'html':
      return [{ type: 'html', value: inline.data.html }];
    case 'footnote-reference':
      return [{ type: 'footnoteReference', identifier: inline.data.identifier, label: inline.data.label ?? null }];
    default:
      return unsupportedInline(inline, applied, resolver);
  }
}

/** GitBook inlines without markdown syntax (emoji, mentions, …): their text content is kept. */
function unsupportedInline(inline: never, applied: ReadonlySet<MarkType>, resolver: RefResolver | undefined): PhrasingContent[] {
  const nodes = (inline as { nodes?: unknown }).nodes;
  return Array.isArray(nodes) ? buildPhrasing(toItems(nodes as InlineContent[]), applied, resolver) : [];
}

/** Splits a leaf at hard breaks; code-marked segments become inline code. */
function leafToPhrasing(l: Leaf): PhrasingContent[] {
  const isCode = l.marks.some((m) => m.type === 'code');
  const out: PhrasingContent[] = [];
  l.text.split('\n').forEach((segment, index) => {
    if (index > 0) out.push({ type: 'break' });
    if (segment !== '') out.push(isCode ? { type: 'inlineCode', value: segment } : { type: 'text', value: segment });
  });
  return out;
}

/**
 * GitBook's markdown dialect on top of CommonMark/GFM.
 *
 * 1. Block tags (Liquid-style), as written by GitBook's Git Sync:
 *
 *        {% hint style="info" %}
 *        Any markdown blocks
 *        {% endhint %}
 *
 *        {% code title="app.js" overflow="wrap" lineNumbers="true" %}
 *        ```js
 *        ...
 *        ```
 *        {% endcode %}
 *
 *    A tag must sit alone on its line (inside any container: list items,
 *    blockquotes). Parsing is two-step: `isolateBlockTags` puts blank lines
 *    around tag lines (outside fenced code) so each becomes its own
 *    paragraph, then `groupBlockTags` folds the paragraphs between an opening
 *    and its closing tag into a `liquidBlock` mdast node. Unknown, unbalanced
 *    or invalid tags stay plain paragraphs, so nothing is lost.
 *    `liquidBlockHandler` serialises `liquidBlock` nodes back (no blank lines
 *    around the tag lines, like GitBook).
 *
 * 2. Figures, as written by GitBook for images with captions:
 *    `<figure><img src="…" alt="…"><figcaption><p>Caption</p></figcaption></figure>`
 *    (`parseFigure`). Figures with anything richer stay raw HTML.
 */
import type { Code, Parent, Root, RootContent } from 'mdast';
import type { Handle, State } from 'mdast-util-to-markdown';

export type BlockTagName = 'hint' | 'code';

/** A GitBook block tag wrapping flow content. */
export interface LiquidBlock extends Parent {
  type: 'liquidBlock';
  name: BlockTagName;
  attributes: Record<string, string>;
}

declare module 'mdast' {
  interface RootContentMap {
    liquidBlock: LiquidBlock;
  }
  interface BlockContentMap {
    liquidBlock: LiquidBlock;
  }
}

export const HINT_STYLES = ['info', 'warning', 'danger', 'success'] as const;

const OPEN_TAG = /^\{%\s*(hint|code)((?:\s+[\w-]+="[^"]*")*)\s*%\}$/;
const CLOSE_TAG = /^\{%\s*end(hint|code)\s*%\}$/;
const ATTRIBUTE = /([\w-]+)="([^"]*)"/g;
const CONTAINER_PREFIX = /^(?:[ \t]*>)*[ \t]*/;
const FENCE_OPEN = /^(`{3,}|~{3,})/;
const FENCE_CLOSE = /^(`{3,}|~{3,})[ \t]*$/;

type TagLine = { kind: 'open'; name: BlockTagName; attributes: Record<string, string> } | { kind: 'close'; name: BlockTagName };

/** Recognises a line consisting of exactly one block tag. */
export function parseTagLine(line: string): TagLine | undefined {
  const trimmed = line.trim();
  const open = OPEN_TAG.exec(trimmed);
  if (open) {
    const attributes: Record<string, string> = {};
    for (const [, name, value] of (open[2] ?? '').matchAll(ATTRIBUTE)) {
      if (name !== undefined && value !== undefined) attributes[name] = decodeEntities(value);
    }
    return { kind: 'open', name: open[1] as BlockTagName, attributes };
  }
  const close = CLOSE_TAG.exec(trimmed);
  return close ? { kind: 'close', name: close[1] as BlockTagName } : undefined;
}

/** Formats an opening tag line, e.g. `{% hint style="info" %}`. */
export function formatOpenTag(name: BlockTagName, attributes: Record<string, string>): string {
  const attrs = Object.entries(attributes).map(([key, value]) => ` ${key}="${encodeAttribute(value)}"`);
  return `{% ${name}${attrs.join('')} %}`;
}

// ---------------------------------------------------------------------------
// Parsing

/**
 * Surrounds every block-tag line (outside fenced code) with blank lines,
 * keeping blockquote markers so the tag stays in its container.
 */
export function isolateBlockTags(markdown: string): string {
  const out: string[] = [];
  let fence: string | undefined;
  for (const line of markdown.split('\n')) {
    const prefix = CONTAINER_PREFIX.exec(line)?.[0] ?? '';
    const content = line.slice(prefix.length);
    if (fence !== undefined) {
      if (closesFence(content, fence)) fence = undefined;
      out.push(line);
      continue;
    }
    const opening = FENCE_OPEN.exec(content);
    if (opening?.[1] !== undefined) {
      fence = opening[1];
      out.push(line);
    } else if (parseTagLine(content)) {
      const blank = prefix.replace(/[^>]/g, '');
      out.push(blank, line, blank);
    } else {
      out.push(line);
    }
  }
  return out.join('\n');
}

function closesFence(content: string, fence: string): boolean {
  const closing = FENCE_CLOSE.exec(content)?.[1];
  return closing !== undefined && closing[0] === fence[0] && closing.length >= fence.length;
}

/** Folds tag paragraphs into `liquidBlock` nodes throughout the tree (mutates `root`). */
export function groupBlockTags(root: Root, source: string): void {
  const visit = (node: Parent): void => {
    for (const child of node.children) if ('children' in child) visit(child);
    if (node.type === 'root' || node.type === 'blockquote' || node.type === 'listItem' || node.type === 'footnoteDefinition') {
      node.children = groupChildren(node.children, source);
    }
  };
  visit(root);
}

interface OpenFrame {
  block: LiquidBlock;
  opening: RootContent;
  outer: RootContent[];
}

function groupChildren(children: RootContent[], source: string): RootContent[] {
  const stack: OpenFrame[] = [];
  let current: RootContent[] = [];
  const top: RootContent[] = current;
  for (const child of children) {
    const tag = tagOf(child, source);
    const frame = stack.at(-1);
    if (tag?.kind === 'open' && isValidOpening(tag.name, tag.attributes)) {
      const block: LiquidBlock = { type: 'liquidBlock', name: tag.name, attributes: tag.attributes, children: [] };
      stack.push({ block, opening: child, outer: current });
      current = block.children;
    } else if (tag?.kind === 'close' && frame !== undefined && frame.block.name === tag.name) {
      stack.pop();
      current = frame.outer;
      if (isValidBody(frame.block)) current.push(frame.block);
      else current.push(frame.opening, ...frame.block.children, child);
    } else {
      current.push(child);
    }
  }
  // Unclosed tags: put everything back as it was.
  while (stack.length > 0) {
    const frame = stack.pop() as OpenFrame;
    frame.outer.push(frame.opening, ...frame.block.children);
  }
  return top;
}

function tagOf(node: RootContent, source: string): TagLine | undefined {
  const { start, end } = node.position ?? {};
  if (node.type !== 'paragraph' || start?.offset === undefined || end?.offset === undefined) return undefined;
  const raw = source.slice(start.offset, end.offset);
  return raw.includes('\n') ? undefined : parseTagLine(raw);
}

function isValidOpening(name: BlockTagName, attributes: Record<string, string>): boolean {
  if (name === 'hint') {
    const keys = Object.keys(attributes);
    return keys.length === 1 && keys[0] === 'style' && (HINT_STYLES as readonly string[]).includes(attributes.style ?? '');
  }
  return Object.entries(attributes).every(([key, value]) => CODE_TAG_ATTRIBUTES.get(key)?.test(value) === true);
}

/** `{% code %}` must wrap exactly one fenced code block. */
function isValidBody(block: LiquidBlock): boolean {
  return block.name !== 'code' || (block.children.length === 1 && block.children[0]?.type === 'code');
}

/** Attributes `{% code %}` may carry, with the values Bindery can represent. */
const CODE_TAG_ATTRIBUTES: ReadonlyMap<string, RegExp> = new Map([
  ['title', /^/],
  ['overflow', /^(?:wrap|scroll)$/],
  ['lineNumbers', /^(?:true|false)$/],
]);

// ---------------------------------------------------------------------------
// Serialising

/** mdast-util-to-markdown handler for `liquidBlock` nodes. */
export const liquidBlockHandler: Handle = (node: LiquidBlock, _parent, state: State, info) => {
  const open = formatOpenTag(node.name, node.attributes);
  const body = state.containerFlow(node, info);
  return `${open}\n${body ? `${body}\n` : ''}{% end${node.name} %}`;
};

/** Builds the `{% code %}` wrapper around a code node. */
export function codeTagBlock(code: Code, attributes: Record<string, string>): LiquidBlock {
  return { type: 'liquidBlock', name: 'code', attributes, children: [code] };
}

// ---------------------------------------------------------------------------
// Figures

export interface Figure {
  src: string;
  alt: string;
  caption?: string;
}

const FIGURE = /^<figure>\s*<img\s([^>]*?)\s*\/?>\s*(?:<figcaption>\s*(?:<p>)?([^<]*?)(?:<\/p>)?\s*<\/figcaption>\s*)?<\/figure>$/;
const IMG_ATTRIBUTES = new Set(['src', 'alt']);

/** Parses GitBook's `<figure>` image HTML; `undefined` if it has anything we cannot represent. */
export function parseFigure(html: string): Figure | undefined {
  const match = FIGURE.exec(html.trim());
  if (!match?.[1]) return undefined;
  const attributes = new Map<string, string>();
  const rest = match[1].replace(ATTRIBUTE, (_all, name: string, value: string) => {
    attributes.set(name, decodeEntities(value));
    return '';
  });
  const src = attributes.get('src');
  if (rest.trim() !== '' || src === undefined || [...attributes.keys()].some((key) => !IMG_ATTRIBUTES.has(key))) {
    return undefined;
  }
  const caption = match[2] === undefined ? undefined : decodeEntities(match[2].trim());
  return { src, alt: attributes.get('alt') ?? '', ...(caption ? { caption } : {}) };
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", '#39': "'" };
const ENTITY = /&(amp|lt|gt|quot|apos|#39);/g;

function decodeEntities(value: string): string {
  return value.replace(ENTITY, (_all, name: string) => ENTITIES[name] ?? '');
}

/** Escapes `"` and any `&` that would otherwise be decoded, leaving other text as GitBook writes it. */
function encodeAttribute(value: string): string {
  return value.replace(ENTITY, (entity) => `&amp;${entity.slice(1)}`).replaceAll('"', '&quot;');
}

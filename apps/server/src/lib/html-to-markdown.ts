// HTML -> GitBook document -> markdown, for content imports: headings, paragraphs, emphasis, strikethrough, code,
// preformatted blocks, links and images (made absolute against the page's URL), lists (nested), block quotes, rules
// and simple tables. Scripts, styles, navigation, headers and footers are dropped; `<main>` or `<article>` is
// preferred to `<body>`. Text becomes document leaves, so the markdown serialiser escapes it like any other text.
//
// Linear in the input: the tokenizer is a single forward scan (a tag that never closes makes the rest of the input
// text, like a browser would), elements nest at most MAX_DEPTH deep (deeper ones are flattened into their parent),
// lists and quotes at most MAX_BLOCK_NESTING deep (deeper ones are written as plain blocks of their parent).

import { documentToMarkdown } from '../content/convert.js';
import { createDocument, leaf, text, type Block, type Inline, type InlineContent, type Leaf, type ListItemBlock, type MarkType, type TableAlign } from '../content/document.js';

interface Node {
  tag: string;
  attrs: Record<string, string>;
  children: (Node | string)[];
}

const VOID = new Set(['br', 'hr', 'img', 'input', 'meta', 'link', 'area', 'base', 'col', 'embed', 'source', 'track', 'wbr']);
const DROP = new Set(['script', 'style', 'noscript', 'svg', 'nav', 'header', 'footer', 'form', 'button', 'iframe', 'template', 'head', 'title']);
const RAW_TEXT = new Set(['script', 'style', 'textarea', 'title']);
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', copy: '©', reg: '®', mdash: '—', ndash: '–', hellip: '…', rsquo: '’', lsquo: '‘', rdquo: '”', ldquo: '“' };
/** Elements nested deeper than this are flattened into their parent. */
const MAX_DEPTH = 256;
/** Lists and quotes nested deeper than this are written as plain blocks of their parent. */
const MAX_BLOCK_NESTING = 16;

export function decodeEntities(s: string): string {
  if (!s.includes('&')) return s;
  return s.replace(/&(#x[0-9a-f]{1,6}|#\d{1,7}|[a-z]{1,32});/gi, (m, e: string) => {
    if (e[0] === '#') {
      const code = e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code < 0x110000 ? String.fromCodePoint(code) : m;
    }
    return ENTITIES[e.toLowerCase()] ?? m;
  });
}

// ---------------------------------------------------------------------------
// Tokenizer and tree

const isNameStart = (c: number): boolean => (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
const isNameChar = (c: number): boolean => isNameStart(c) || (c >= 48 && c <= 57) || c === 45 || c === 58 || c === 95;
const isSpace = (c: number): boolean => c === 32 || c === 9 || c === 10 || c === 12 || c === 13;

interface Tag {
  name: string;
  closing: boolean;
  selfClosing: boolean;
  attrs: Record<string, string>;
  /** Index after the `>`. */
  end: number;
}

/** Reads the tag starting at `html[start] === '<'`; `null` when the input ends inside it. */
function readTag(html: string, start: number): Tag | null | undefined {
  let i = start + 1;
  const closing = html.charCodeAt(i) === 47; /* / */
  if (closing) i++;
  if (!isNameStart(html.charCodeAt(i))) return undefined;
  const nameStart = i;
  while (i < html.length && isNameChar(html.charCodeAt(i))) i++;
  const name = html.slice(nameStart, i).toLowerCase();
  const attrs: Record<string, string> = {};
  let selfClosing = false;
  for (;;) {
    while (i < html.length && isSpace(html.charCodeAt(i))) i++;
    if (i >= html.length) return null;
    const c = html.charCodeAt(i);
    if (c === 62 /* > */) return { name, closing, selfClosing, attrs, end: i + 1 };
    if (c === 47 /* / */) {
      selfClosing = true;
      i++;
      continue;
    }
    const attrStart = i;
    while (i < html.length && !isSpace(html.charCodeAt(i)) && html[i] !== '=' && html[i] !== '>' && html[i] !== '/') i++;
    const attr = html.slice(attrStart, i).toLowerCase();
    if (attr === '') {
      i++;
      continue;
    }
    while (i < html.length && isSpace(html.charCodeAt(i))) i++;
    let value = '';
    if (html[i] === '=') {
      i++;
      while (i < html.length && isSpace(html.charCodeAt(i))) i++;
      const quote = html[i];
      if (quote === '"' || quote === "'") {
        const close = html.indexOf(quote, i + 1);
        if (close < 0) return null;
        value = html.slice(i + 1, close);
        i = close + 1;
      } else {
        const valueStart = i;
        while (i < html.length && !isSpace(html.charCodeAt(i)) && html[i] !== '>') i++;
        value = html.slice(valueStart, i);
      }
    }
    if (!(attr in attrs)) attrs[attr] = decodeEntities(value);
  }
}

/** Parses HTML leniently into a tree (unclosed tags are closed by their parent's end), in one forward scan. */
function parse(html: string): Node {
  const root: Node = { tag: '#root', attrs: {}, children: [] };
  const stack: Node[] = [root];
  const open = new Map<string, number>();
  let lower: string | undefined;
  let textStart = 0;
  let i = 0;
  const top = (): Node => stack[stack.length - 1] as Node;
  const flush = (end: number): void => {
    if (end > textStart) top().children.push(html.slice(textStart, end));
  };
  while (i < html.length) {
    const lt = html.indexOf('<', i);
    if (lt < 0) break;
    const next = html.charCodeAt(lt + 1);
    if (next === 33 /* ! */ || next === 63 /* ? */) {
      // Comment, CDATA, doctype or processing instruction: skipped.
      flush(lt);
      const terminator = html.startsWith('<!--', lt) ? '-->' : html.startsWith('<![CDATA[', lt) ? ']]>' : '>';
      const end = html.indexOf(terminator, lt + 2);
      i = textStart = end < 0 ? html.length : end + terminator.length;
      continue;
    }
    const tag = readTag(html, lt);
    if (tag === null) break; // The input ends inside a tag: the rest is text.
    if (tag === undefined) {
      i = lt + 1;
      continue;
    }
    flush(lt);
    i = textStart = tag.end;
    if (tag.closing) {
      if ((open.get(tag.name) ?? 0) > 0) {
        for (;;) {
          const node = stack.pop() as Node;
          open.set(node.tag, (open.get(node.tag) ?? 1) - 1);
          if (node.tag === tag.name) break;
        }
      }
      continue;
    }
    const node: Node = { tag: tag.name, attrs: tag.attrs, children: [] };
    top().children.push(node);
    if (RAW_TEXT.has(tag.name)) {
      lower ??= html.toLowerCase();
      const end = lower.indexOf(`</${tag.name}`, i);
      const stop = end < 0 ? html.length : end;
      node.children.push(html.slice(i, stop));
      const close = end < 0 ? -1 : html.indexOf('>', end);
      i = textStart = close < 0 ? html.length : close + 1;
      continue;
    }
    if (VOID.has(tag.name) || tag.selfClosing || stack.length >= MAX_DEPTH) continue;
    stack.push(node);
    open.set(tag.name, (open.get(tag.name) ?? 0) + 1);
  }
  textStart = Math.min(textStart, html.length);
  if (html.length > textStart) top().children.push(html.slice(textStart));
  return root;
}

function find(n: Node, tag: string): Node | undefined {
  for (const c of n.children) {
    if (typeof c === 'string') continue;
    if (c.tag === tag) return c;
    const hit = find(c, tag);
    if (hit) return hit;
  }
  return undefined;
}

function findId(n: Node, id: string): Node | undefined {
  for (const c of n.children) {
    if (typeof c === 'string') continue;
    if (c.attrs.id === id) return c;
    const hit = findId(c, id);
    if (hit) return hit;
  }
  return undefined;
}

function textOf(n: Node | string): string {
  if (typeof n === 'string') return decodeEntities(n);
  let out = '';
  for (const c of n.children) out += textOf(c);
  return out;
}

// ---------------------------------------------------------------------------
// Tree -> document

type Piece = Leaf | Inline;

const BLOCK_TAGS = /^(h[1-6]|p|div|section|article|main|body|ul|ol|li|pre|blockquote|hr|table|thead|tbody|tfoot|tr|figure|figcaption|header|footer|nav|aside|dl|dt|dd|details|summary|form|script|style|noscript|svg|iframe|template|head|title)$/;

export interface ConvertedPage {
  title: string;
  markdown: string;
}

/** `contentId`: the element with that id is the content when there is one (a Confluence export's `main-content`). */
export function htmlToMarkdown(html: string, baseUrl: string, contentId?: string): ConvertedPage {
  const root = parse(html);
  const titleNode = find(root, 'title');
  const content = (contentId ? findId(root, contentId) : undefined) ?? find(root, 'main') ?? find(root, 'article') ?? find(root, 'body') ?? root;
  const abs = (url: string): string => {
    try {
      return new URL(url, baseUrl).toString();
    } catch {
      return url;
    }
  };

  const inline = (n: Node | string, marks: readonly MarkType[], out: Piece[]): void => {
    if (typeof n === 'string') {
      const t = decodeEntities(n).replace(/\s+/g, ' ');
      if (t) out.push(leaf(t, marks));
      return;
    }
    if (DROP.has(n.tag)) return;
    const children = (extra?: MarkType, into: Piece[] = out): void => {
      const next = extra ? [...marks, extra] : marks;
      for (const c of n.children) inline(c, next, into);
    };
    switch (n.tag) {
      case 'strong':
      case 'b':
        return children('bold');
      case 'em':
      case 'i':
        return children('italic');
      case 's':
      case 'del':
      case 'strike':
        return children('strikethrough');
      case 'code':
      case 'kbd':
      case 'samp': {
        const t = textOf(n).replace(/\s+/g, ' ');
        if (t) out.push(leaf(t, [...marks, 'code']));
        return;
      }
      case 'br':
        out.push(leaf('\n'));
        return;
      case 'a': {
        const href = n.attrs.href;
        if (!href || /^\s*javascript:/i.test(href)) return children();
        const inner: Piece[] = [];
        children(undefined, inner);
        const nodes = trimInlines(inner);
        const url = href.startsWith('#') ? href : abs(href);
        out.push({ object: 'inline', type: 'link', data: { ref: { kind: 'url', url } }, nodes: nodes.length ? nodes : [text([leaf(url, marks)])] });
        return;
      }
      case 'img': {
        if (!n.attrs.src) return;
        const alt = n.attrs.alt ?? '';
        out.push({ object: 'inline', type: 'inline-image', data: { ref: { kind: 'url', url: abs(n.attrs.src) }, ...(alt ? { alt } : {}) }, isVoid: true, nodes: [] });
        return;
      }
      default:
        return children();
    }
  };

  const paragraph = (pieces: Piece[]): Block | undefined => {
    const nodes = trimInlines(pieces);
    return nodes.length ? { object: 'block', type: 'paragraph', data: {}, nodes } : undefined;
  };

  const blocks = (n: Node, nesting: number): Block[] => {
    const out: Block[] = [];
    let run: Piece[] = [];
    const flush = (): void => {
      const p = paragraph(run);
      if (p) out.push(p);
      run = [];
    };
    for (const c of n.children) {
      if (typeof c === 'string' || !BLOCK_TAGS.test(c.tag)) {
        inline(c, [], run);
        continue;
      }
      flush();
      if (DROP.has(c.tag)) continue;
      const h = /^h([1-6])$/.exec(c.tag);
      if (h) {
        const pieces: Piece[] = [];
        for (const x of c.children) inline(x, [], pieces);
        const nodes = trimInlines(pieces.map((p) => (p.object === 'leaf' ? leaf(p.text.replace(/\n/g, ' '), p.marks.map((m) => m.type)) : p)));
        out.push({ object: 'block', type: `heading-${h[1]}` as 'heading-1', data: {}, nodes: nodes.length ? nodes : [text([leaf('')])] });
      } else if (c.tag === 'p') {
        const pieces: Piece[] = [];
        for (const x of c.children) inline(x, [], pieces);
        const p = paragraph(pieces);
        if (p) out.push(p);
      } else if (c.tag === 'pre') {
        const code = find(c, 'code');
        const syntax = /language-([\w-]+)/.exec(code?.attrs.class ?? c.attrs.class ?? '')?.[1];
        const lines = textOf(c).replace(/\n$/, '').split('\n');
        out.push({ object: 'block', type: 'code', data: syntax ? { syntax } : {}, nodes: lines.map((line) => ({ object: 'block', type: 'code-line', data: {}, nodes: [text([leaf(line)])] })) });
      } else if ((c.tag === 'ul' || c.tag === 'ol') && nesting < MAX_BLOCK_NESTING) {
        const items: ListItemBlock[] = [];
        for (const li of c.children) {
          if (typeof li === 'string' || li.tag !== 'li') continue;
          items.push({ object: 'block', type: 'list-item', data: {}, nodes: blocks(li, nesting + 1) });
        }
        if (items.length) out.push(c.tag === 'ol' ? { object: 'block', type: 'list-ordered', data: {}, nodes: items } : { object: 'block', type: 'list-unordered', data: {}, nodes: items });
      } else if (c.tag === 'blockquote' && nesting < MAX_BLOCK_NESTING) {
        const inner = blocks(c, nesting + 1);
        if (inner.length) out.push({ object: 'block', type: 'blockquote', data: {}, nodes: inner });
      } else if (c.tag === 'hr') {
        out.push({ object: 'block', type: 'divider', data: {}, isVoid: true, nodes: [] });
      } else if (c.tag === 'table') {
        const table = tableBlock(c, inline);
        if (table) out.push(table);
      } else {
        for (const b of blocks(c, nesting)) out.push(b);
      }
    }
    flush();
    return out;
  };

  const parts = blocks(content, 0);
  let title = titleNode ? textOf(titleNode).replace(/\s+/g, ' ').trim() : '';
  const first = parts[0];
  if (first?.type === 'heading-1') {
    const headingText = plainText(first.nodes).trim();
    title ||= headingText;
    if (headingText === title) parts.shift();
  }
  return { title, markdown: documentToMarkdown(createDocument(parts)) };
}

function tableBlock(table: Node, inline: (n: Node | string, marks: readonly MarkType[], out: Piece[]) => void): Block | undefined {
  const rows: InlineContent[][][] = [];
  const collect = (x: Node): void => {
    for (const r of x.children) {
      if (typeof r === 'string') continue;
      if (r.tag === 'tr') {
        rows.push(
          r.children
            .filter((d): d is Node => typeof d !== 'string' && (d.tag === 'td' || d.tag === 'th'))
            .map((d) => {
              const pieces: Piece[] = [];
              for (const c of d.children) inline(c, [], pieces);
              const nodes = trimInlines(pieces.map((p) => (p.object === 'leaf' ? leaf(p.text.replace(/\n/g, ' '), p.marks.map((m) => m.type)) : p)));
              return nodes.length ? nodes : [text([leaf('')])];
            }),
        );
      } else if (r.tag !== 'table') collect(r);
    }
  };
  collect(table);
  const width = rows.reduce((w, r) => Math.max(w, r.length), 0);
  if (!rows.length || !width) return undefined;
  const align: TableAlign[] = Array.from({ length: width }, () => null);
  return {
    object: 'block',
    type: 'table',
    data: { align },
    nodes: rows.map((cells) => ({
      object: 'block',
      type: 'table-row',
      data: {},
      nodes: Array.from({ length: width }, (_unused, i) => ({ object: 'block', type: 'table-cell', data: {}, nodes: cells[i] ?? [text([leaf('')])] })),
    })),
  };
}

/** Pieces -> inline content: adjacent leaves with equal marks merged, white space trimmed at both ends. */
function trimInlines(pieces: Piece[]): InlineContent[] {
  let start = 0;
  let end = pieces.length;
  const trim = (index: number, side: 'start' | 'end'): boolean => {
    const p = pieces[index];
    if (p?.object !== 'leaf' || p.text === '\n') return false;
    const t = side === 'start' ? p.text.replace(/^[ \t]+/, '') : p.text.replace(/[ \t]+$/, '');
    pieces[index] = leaf(t, p.marks.map((m) => m.type));
    return t === '';
  };
  while (start < end && trim(start, 'start')) start++;
  while (end > start && trim(end - 1, 'end')) end--;
  const out: InlineContent[] = [];
  for (const piece of pieces.slice(start, end)) {
    if (piece.object === 'inline') {
      out.push(piece);
      continue;
    }
    if (piece.text === '') continue;
    const last = out.at(-1);
    const previous = last?.object === 'text' ? last.leaves.at(-1) : undefined;
    if (previous && previous.marks.map((m) => m.type).join() === piece.marks.map((m) => m.type).join()) previous.text += piece.text;
    else if (last?.object === 'text') last.leaves.push(piece);
    else out.push(text([piece]));
  }
  return out;
}

function plainText(nodes: readonly InlineContent[]): string {
  return nodes.map((n) => (n.object === 'text' ? n.leaves.map((l) => l.text).join('') : n.type === 'link' ? plainText(n.nodes) : '')).join('');
}

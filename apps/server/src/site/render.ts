// A page of the published site: its GitBook JSON document rendered to HTML. Everything is escaped; links and images
// only to http(s), mailto, site-relative or fragment targets; GitBook blocks kept as tag lines are folded first
// (site/blocks.ts) so tabs, steppers, columns, expandables, content-refs, embeds, files, cards and includes render
// the same whether they arrive as tag lines or as JSON blocks. No script at all: tabs are radio inputs and labels
// (CSS), expandables `<details>`, code is highlighted on the server (site/highlight.ts), math is MathML (temml),
// embeds are link cards (never iframes).
import { setImmediate } from 'node:timers/promises';
import temml from 'temml';
import type { Document } from '../content/document.js';
import { slugify } from '../content/slug.js';
import { foldBlocks, type AnyBlock, type Card } from './blocks.js';
import { highlight, highlightLanguage } from './highlight.js';
import { anchorId, escapeHtml, htmlHeadings, inlineTag, readTag, renderHtmlBlock, renderHtmlBlockInSlices, type HtmlTargets } from './html.js';

export { escapeHtml };

// The cards' icons are drawn, not emoji: a browser without an emoji font (a server's headless Chromium, many Linux
// desktops) showed an empty box.
const cardIcon = (paths: string) =>
  `<span class="card-icon" aria-hidden="true"><svg viewBox="0 0 24 24" width="20" height="20" fill="none" stroke="currentColor" stroke-width="1.8" stroke-linecap="round" stroke-linejoin="round">${paths}</svg></span>`;
const CARD_ICONS = {
  page: cardIcon('<path d="M14 3H6.5A1.5 1.5 0 0 0 5 4.5v15A1.5 1.5 0 0 0 6.5 21h11a1.5 1.5 0 0 0 1.5-1.5V8z"/><path d="M14 3v5h5M8.5 13h7M8.5 17h5"/>'),
  link: cardIcon('<path d="M10 14a4 4 0 0 0 5.66 0l3-3a4 4 0 0 0-5.66-5.66l-1 1"/><path d="M14 10a4 4 0 0 0-5.66 0l-3 3a4 4 0 0 0 5.66 5.66l1-1"/>'),
  file: cardIcon('<path d="M20 11.5l-8.1 8.1a5 5 0 0 1-7.07-7.07l8.49-8.49a3.5 3.5 0 0 1 4.95 4.95l-8.49 8.49a2 2 0 0 1-2.83-2.83L14.5 7"/>'),
};

/** A URL safe to put in href/src: http(s), mailto, site-relative or fragment; anything else becomes `#`. */
export function safeUrl(url: string): string {
  const u = url.trim();
  if (/^(https?:|mailto:)/i.test(u) || /^[#/?.]/.test(u) || /^[\w-][\w./%-]*(#[\w-]*)?$/.test(u)) return escapeHtml(u);
  return '#';
}

export interface PageLink {
  href: string;
  title: string;
}

export interface FileLink {
  href: string;
  name: string;
  size: number;
  contentType: string;
  width?: number;
  height?: number;
}

/** What the renderer asks the site about (targets of links, images, files, includes). */
export interface RenderContext {
  /** A page by id: of this space, or of another space the site publishes when `space` is given. */
  page(pageId: string, space?: string): PageLink | undefined;
  /** A page by a markdown path relative to the page being rendered (`setup.md`, `../guide/README.md`). */
  pagePath(target: string): PageLink | undefined;
  /** A file of the space by id, or by name (`.gitbook/assets/<name>`). */
  file(ref: { id?: string; name?: string }): FileLink | undefined;
  /** Blocks of reusable content (`{% include %}`, `reusable-content`), when the site knows them. */
  include?(ref: { path?: string; id?: string }): AnyBlock[] | undefined;
  /** `blank`: external links open in a new tab (customization `externalLinks.target`). */
  externalTarget: 'self' | 'blank';
  /** The site's search page (GitBook's search and ask buttons link to it). */
  searchHref?: string;
  /** The space's variables (`space.vars.<name>` in GitBook's expressions). */
  variables?: Record<string, string>;
}

export interface Heading {
  level: number;
  text: string;
  anchor: string;
}

interface Target {
  href: string;
  title?: string;
  file?: FileLink;
  external?: boolean;
}

const EXTERNAL = /^(https?:|mailto:)/i;
const ASSET = /(?:^|\/)\.gitbook\/assets\/([^?#]+)$/;
const STABLE_PAGE = /^\/pages\/([\w-]+)\/?(?:#(.*))?$/;
const STABLE_FILE = /^\/files\/([\w-]+)\/?$/;

function decodeSafe(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/** Where a content ref (or a raw link target) points on the site. */
export function resolveTarget(ref: { kind?: string; url?: string; page?: string; space?: string; anchor?: string; file?: string } | null | undefined, ctx: RenderContext): Target | undefined {
  if (!ref) return undefined;
  switch (ref.kind) {
    case 'page': {
      const p = ctx.page(ref.page ?? '', ref.space);
      return p ? { href: p.href, title: p.title } : undefined;
    }
    case 'anchor': {
      if (!ref.page) return { href: `#${ref.anchor ?? ''}` };
      const p = ctx.page(ref.page, ref.space);
      return p ? { href: `${p.href}#${ref.anchor ?? ''}`, title: p.title } : { href: `#${ref.anchor ?? ''}` };
    }
    case 'file': {
      const f = ctx.file({ id: ref.file ?? '' });
      return f ? { href: f.href, title: f.name, file: f } : undefined;
    }
    case 'url': {
      const url = (ref.url ?? '').trim();
      if (EXTERNAL.test(url)) return { href: url, external: true };
      if (url.startsWith('#')) return { href: url };
      const stablePage = STABLE_PAGE.exec(url);
      if (stablePage) {
        const p = ctx.page(stablePage[1]!);
        return p ? { href: stablePage[2] ? `${p.href}#${stablePage[2]}` : p.href, title: p.title } : undefined;
      }
      const stableFile = STABLE_FILE.exec(url);
      const asset = ASSET.exec(url.split(/[?#]/)[0]!);
      if (stableFile || asset) {
        const f = stableFile ? ctx.file({ id: stableFile[1]! }) : ctx.file({ name: decodeSafe(asset![1]!) });
        return f ? { href: f.href, title: f.name, file: f } : undefined;
      }
      if (/^[a-z][a-z0-9+.-]*:/i.test(url)) return undefined; // another scheme: not followed
      const [path, anchor] = url.split('#', 2) as [string, string | undefined];
      if (path === '') return { href: `#${anchor ?? ''}` };
      const p = ctx.pagePath(path);
      if (p) return { href: anchor ? `${p.href}#${anchor}` : p.href, title: p.title };
      return url.startsWith('/') ? undefined : undefined;
    }
    default:
      return undefined;
  }
}

const MATH_MAX = 10_000;
/** Largest code block highlighted, and most code highlighted on one page (the rest is shown plain). */
const HIGHLIGHT_BLOCK_BYTES = 64 * 1024;
const HIGHLIGHT_PAGE_BYTES = 256 * 1024;

/** TeX as MathML (rendered natively by browsers; no script, no font download); too long or invalid: the TeX as code. */
export function renderMath(formula: string, display: boolean): string {
  if (formula.length > MATH_MAX) return `<code class="math-source">${escapeHtml(formula)}</code>`;
  try {
    return temml.renderToString(formula, { displayMode: display, throwOnError: false, trust: false, maxExpand: 1000 } as Parameters<typeof temml.renderToString>[1]);
  } catch {
    return `<code class="math-source">${escapeHtml(formula)}</code>`;
  }
}

function linkAttrs(t: Target | undefined, ctx: RenderContext): string {
  // A link to nothing (a page that does not exist, a scheme that is not allowed) is no link: no `href` (it was `#`,
  // which took the reader to the page's top and was a tab stop leading nowhere).
  if (!t) return ' aria-disabled="true"';
  const ext = t.external && ctx.externalTarget === 'blank' ? ' target="_blank" rel="noopener noreferrer"' : t.external ? ' rel="noopener"' : '';
  return ` href="${safeUrl(t.href)}"${ext}${t.file ? ' download' : ''}`;
}

/** Links and images of GitBook's HTML (site/html.ts) resolved as the document's are. */
const htmlTargets = (ctx: RenderContext): HtmlTargets => ({
  url(raw) {
    const t = resolveTarget({ kind: 'url', url: raw }, ctx);
    return t ? { href: safeUrl(t.href), ...(t.title ? { title: t.title } : {}), ...(t.external ? { external: true } : {}) } : undefined;
  },
  externalAttrs: ctx.externalTarget === 'blank' ? 'target="_blank" rel="noopener noreferrer"' : 'rel="noopener"',
  ...(ctx.searchHref ? { searchHref: ctx.searchHref } : {}),
  expression: (source) => expressionValue(source, ctx),
});

/** GitBook's expression `space.vars.<name>` (the space's variable); anything else has no value here. */
function expressionValue(source: string, ctx: RenderContext): string | undefined {
  const m = /^space\.vars\.([\w-]+)$/.exec(source.trim());
  return m && ctx.variables && Object.hasOwn(ctx.variables, m[1]!) ? String(ctx.variables[m[1]!]) : undefined;
}
const isIconOpen = (node: any) => /^<i\s+class="fa-[^"]*"\s*>$/i.test(htmlOf(node)?.trim() ?? '');
const isClosingI = (node: any) => /^<\/i\s*>$/i.test(htmlOf(node)?.trim() ?? '');
const isClosingCode = (node: any) => /^<\/code\s*>$/i.test(htmlOf(node)?.trim() ?? '');

/**
 * The index of the first node after `k`, among the next 8, that `closes` (a picture's or a mention's closing tag), or
 * -1: looked for within the 8 nodes they may span, so a paragraph of such tags never closed stays linear.
 */
function closingWithin(nodes: readonly any[], k: number, closes: (node: any) => boolean): number {
  for (let j = k + 1; j <= k + 8 && j < nodes.length; j++) if (closes(nodes[j])) return j;
  return -1;
}

const htmlOf = (node: any): string | undefined => (node?.type === 'html' && typeof node.data?.html === 'string' ? node.data.html : undefined);
const isClosingA = (node: any) => /^<\/a\s*>$/i.test(htmlOf(node)?.trim() ?? '');

function inline(nodes: readonly any[], ctx: RenderContext): string {
  let out = '';
  for (let k = 0; k < nodes.length; k++) {
    const node = nodes[k];
    if (node?.object === 'text') {
      for (const leaf of node.leaves ?? []) {
        const marks: string[] = (leaf.marks ?? []).map((m: { type: string }) => m.type);
        const raw = String(leaf.text ?? '');
        // (Inline math is its own node, `inline-math`, below: a `$$` of text is text.)
        let t = escapeHtml(raw).replace(/\n/g, '<br>');
        for (const m of marks) {
          if (m === 'bold') t = `<strong>${t}</strong>`;
          else if (m === 'italic') t = `<em>${t}</em>`;
          else if (m === 'code') t = `<code>${t}</code>`;
          else if (m === 'strikethrough') t = `<s>${t}</s>`;
        }
        out += t;
      }
      continue;
    }
    switch (node?.type) {
      case 'link':
        out += `<a${linkAttrs(resolveTarget(node.data?.ref, ctx), ctx)}>${inline(node.nodes ?? [], ctx)}</a>`;
        break;
      case 'inline-image': {
        const t = resolveTarget(node.data?.ref, ctx);
        out += t ? `<img src="${safeUrl(t.href)}" alt="${escapeHtml(node.data?.alt ?? '')}" loading="lazy">` : escapeHtml(node.data?.alt ?? '');
        break;
      }
      case 'inline-math':
        out += renderMath(String(node.data?.formula ?? ''), false);
        break;
      case 'footnote-reference': {
        const id = escapeHtml(String(node.data?.identifier ?? ''));
        out += `<sup class="footnote-ref"><a href="#fn-${id}" id="fnref-${id}">[${escapeHtml(String(node.data?.label ?? node.data?.identifier ?? ''))}]</a></sup>`;
        break;
      }
      case 'html': {
        const html = String(node.data?.html ?? '');
        // A mention (`<a data-mention href="setup.md">setup.md</a>`) shows the title of the page it names.
        const tag = readTag(html.trim())?.tag;
        if (tag?.name === 'code' && !tag.close && /\bexpression\b/.test(tag.attrs.get('class') ?? '') && isClosingCode(nodes[k + 2])) {
          // `<code class="expression">space.vars.x</code>`: the variable's value.
          const value = expressionValue(plain([nodes[k + 1]]), ctx);
          if (value !== undefined) {
            out += escapeHtml(value);
            k += 2;
            break;
          }
        }
        if (tag?.name === 'picture' && !tag.close) {
          // A picture arrives a tag at a time: drawn whole, as an HTML block draws it (site/html.ts).
          const end = closingWithin(nodes, k, (n) => /^<\/picture\s*>$/i.test(htmlOf(n)?.trim() ?? ''));
          if (end > k && end - k <= 8 && nodes.slice(k, end + 1).every((n) => htmlOf(n) !== undefined || !plain([n]).trim())) {
            out += renderHtmlBlock(nodes.slice(k, end + 1).map((n) => htmlOf(n) ?? '').join(''), htmlTargets(ctx));
            k = end;
            break;
          }
        }
        if (tag?.name === 'a' && !tag.close && tag.attrs.has('data-mention')) {
          const end = closingWithin(nodes, k, isClosingA);
          const t = resolveTarget({ kind: 'url', url: tag.attrs.get('href') ?? '' }, ctx);
          if (end > k && end - k <= 8 && t?.title) {
            out += `<a class="mention"${linkAttrs(t, ctx)}>${escapeHtml(t.title)}</a>`;
            k = end;
            break;
          }
        }
        out += inlineTag(html, htmlTargets(ctx));
        break;
      }
      case 'emoji':
        out += escapeHtml(typeof node.data?.code === 'string' ? codePoint(node.data.code) : '');
        break;
      default:
        if (Array.isArray(node?.nodes)) out += inline(node.nodes, ctx);
    }
  }
  return out;
}

/** The characters of an emoji given as code points in hex (`1f4d8`, `1f468-200d-1f4bb`). */
export const codePoint = (hex: string) => hex.split('-').map((h) => { const n = parseInt(h, 16); return Number.isFinite(n) && n > 0 && n <= 0x10ffff ? String.fromCodePoint(n) : ''; }).join('');

const plain = (nodes: readonly any[]): string =>
  nodes.map((n) => (n?.object === 'text' ? (n.leaves ?? []).map((l: { text: string }) => l.text).join('') : Array.isArray(n?.nodes) ? plain(n.nodes) : '')).join('');

const formatSize = (n: number) => (n < 1024 ? `${n} B` : n < 1024 * 1024 ? `${(n / 1024).toFixed(1)} KB` : `${(n / 1024 / 1024).toFixed(1)} MB`);

/** A length GitBook gives columns (`50%`, `320px`, a number of percent); anything else: none. */
function cssLength(v: unknown): string | undefined {
  if (typeof v === 'number' && v > 0 && v <= 100) return `${v}%`;
  if (typeof v === 'string' && /^\d{1,4}(\.\d+)?(%|px|rem|em)$/.test(v.trim())) return v.trim();
  if (v && typeof v === 'object' && typeof (v as { value?: unknown }).value === 'number') {
    const { value, unit } = v as { value: number; unit?: string };
    return unit === 'px' ? `${value}px` : `${value}%`;
  }
  return undefined;
}

/**
 * The anchor GitBook gives a heading, where it differs from `slugify`'s: dots kept (`Set syntax…` is
 * `set-syntax...`), and `id-` before a leading digit (`1. Create an app` is `id-1.-create-an-app`) — read from the
 * links of GitBook's own documentation; undefined when it is the same.
 */
export function gitbookAnchor(text: string): string | undefined {
  const s = text.normalize('NFKC').toLowerCase().replace(/[^\p{L}\p{M}\p{N}\s._-]+/gu, '').trim().replace(/\s+/g, '-').replace(/-{2,}/g, '-');
  const id = /^\d/.test(s) ? `id-${s}` : s;
  return id && id !== slugify(text) && id.length <= 200 ? id : undefined;
}

export interface RenderedPage {
  html: string;
  headings: Heading[];
}

type Blocks = Pick<Document, 'nodes'> | { nodes: AnyBlock[] };

/** Renders a document (or any list of blocks); collects its headings (with unique anchors). */
export function renderDocument(doc: Blocks, ctx: RenderContext): RenderedPage {
  const r = renderer(ctx);
  return { html: r.blocks(doc.nodes as any[]), headings: r.headings };
}

/**
 * The HTML of renderDocument, made a slice of top-level blocks at a time: the event loop gets a turn whenever a slice
 * has run `sliceMs`, so a page of megabytes (rendering costs about 90 ms per MB) does not stop every other request
 * while it renders. What one turn costs is then bounded by the largest top-level block (a table is one).
 */
export async function renderDocumentInSlices(doc: Blocks, ctx: RenderContext, sliceMs = 8): Promise<RenderedPage> {
  // HTML blocks past 32 KiB (at any depth) are drawn first, in slices of their own (1 MB of HTML is ~0.27 s of
  // drawing): the renderer then takes their HTML as drawn, so no one block holds the loop for longer than a slice.
  const drawn = new Map<object, string>();
  const stack: any[] = [...((doc.nodes ?? []) as any[])];
  while (stack.length) {
    const b = stack.pop();
    if (!b || typeof b !== 'object') continue;
    if (b.type === 'html' && b.object !== 'inline' && typeof b.data?.html === 'string' && b.data.html.length > BIG_HTML_BLOCK) {
      drawn.set(b, await renderHtmlBlockInSlices(b.data.html, htmlTargets(ctx), sliceMs));
      continue;
    }
    if (Array.isArray(b.nodes)) for (const n of b.nodes) if (n?.object !== 'text') stack.push(n);
    if (Array.isArray(b.fragments)) for (const f of b.fragments) stack.push(f);
  }
  const r = renderer(ctx, drawn);
  const parts: string[] = [];
  let since = performance.now();
  for (const b of foldBlocks((doc.nodes ?? []) as any[])) {
    parts.push(r.block(b));
    if (performance.now() - since >= sliceMs) {
      await setImmediate();
      since = performance.now();
    }
  }
  return { html: parts.join('\n'), headings: r.headings };
}

/** An HTML block longer than this is drawn ahead, in slices (renderDocumentInSlices). */
const BIG_HTML_BLOCK = 32 * 1024;

/**
 * The renderer of one document: its blocks share the heading anchors, ids and budgets. `drawn`: HTML blocks already
 * drawn (by block).
 */
function renderer(ctx: RenderContext, drawn?: Map<object, string>) {
  const headings: Heading[] = [];
  const used = new Map<string, number>();
  let uid = 0;
  let includeDepth = 0;
  // Highlighting is linear but has a cost per token: code past these sizes is shown plain (escaped).
  let highlightBudget = HIGHLIGHT_PAGE_BYTES;
  const anchorOf = (text: string) => {
    const base = slugify(text) || 'section';
    const n = used.get(base) ?? 0;
    used.set(base, n + 1);
    return n === 0 ? base : `${base}-${n}`;
  };
  const blocks = (list: readonly any[]): string => foldBlocks(list ?? []).map(block).join('\n');
  /**
   * An HTML block's headings (`<h2>Title</h2>`, as drawn) with ids — their own, else the slug of their text made unique
   * among the page's headings, as markdown headings get — and in the outline, so a link, "on this page" and a search hit
   * in their section (search-index.ts reads them the same way) land on them (before session 17 they had no id).
   */
  const headingIds = (out: string): string => {
    if (!out.includes('<h')) return out;
    const found = htmlHeadings(out);
    if (!found.length) return out;
    const pieces: string[] = [];
    let last = 0;
    for (const h of found) {
      let anchor = h.id;
      if (anchor) {
        if (!used.has(anchor)) used.set(anchor, 1);
      } else {
        anchor = anchorOf(h.text);
        pieces.push(out.slice(last, h.open + 3), ` id="${escapeHtml(anchor)}"`);
        last = h.open + 3;
      }
      headings.push({ level: Math.max(2, Math.min(h.level, 6)), text: h.text, anchor });
    }
    pieces.push(out.slice(last));
    return pieces.join('');
  };

  const card = (href: Target | undefined, body: string, cls: string) => `<a class="card ${cls}"${linkAttrs(href, ctx)}>${body}</a>`;
  /** An embed's or file's caption: its `caption` fragment (GitBook's block, as the API folds it), or the lines inside its tags. */
  const captionOf = (b: AnyBlock) => {
    const nodes = b.fragments?.find((f) => f.fragment === 'caption')?.nodes ?? b.nodes;
    return nodes?.length ? `<span class="card-text">${blocks(nodes)}</span>` : '';
  };

  /** The spec link of an OpenAPI block of a spec of the organization: its link line, or its `data.specUrl`. */
  const specLink = (b: AnyBlock): string => {
    if (b.nodes?.length) return blocks(b.nodes);
    const url = typeof b.data?.specUrl === 'string' ? b.data.specUrl : undefined;
    const t = url ? resolveTarget({ kind: 'url', url }, ctx) : undefined;
    return t ? `<p><a${linkAttrs(t, ctx)}>OpenAPI ${escapeHtml(String(b.data?.ref?.spec ?? ''))}</a></p>` : '';
  };

  const block = (b: AnyBlock): string => {
    switch (b.type) {
      case 'paragraph':
        return `<p>${inline(b.nodes, ctx)}</p>`;
      case 'heading-1': case 'heading-2': case 'heading-3': case 'heading-4': case 'heading-5': case 'heading-6': {
        // The page title is the h1; GitBook writes its headings from `##` (its largest, an h2) to `####` (an h4), which
        // Bindery's documents keep as heading-2 to heading-4: `##` is an h2 (a `#` inside a page too).
        const level = Math.max(2, Math.min(Number(b.type.slice(-1)), 6));
        // GitBook's explicit anchor (`## Title <a href="#id" id="id"></a>`) is the heading's id; the empty link goes.
        const nodes = b.nodes as any[];
        const at = nodes.findIndex((n, j) => anchorId(htmlOf(n) ?? '') !== undefined && isClosingA(nodes[j + 1]));
        const explicit = at < 0 ? undefined : anchorId(htmlOf(nodes[at])!);
        const shown = at < 0 ? nodes : nodes.filter((_n, j) => j !== at && j !== at + 1);
        // An icon's name (`<i class="fa-clock">:clock:</i>`, not shown) is not part of the heading's text or anchor.
        const text = plain(shown.filter((_n, j) => !(isIconOpen(shown[j - 1]) && isClosingI(shown[j + 1])))).trim();
        let anchor: string;
        if (explicit && !used.has(explicit)) {
          used.set(explicit, 1);
          anchor = explicit;
        } else anchor = anchorOf(text);
        headings.push({ level, text, anchor });
        // The id GitBook gives the heading when it differs (links written on GitBook use it): an anchor inside it.
        const gitbook = explicit ? undefined : gitbookAnchor(text);
        let alias = '';
        if (gitbook && gitbook !== anchor && !used.has(gitbook)) {
          used.set(gitbook, 1);
          alias = `<span class="anchor-alias" id="${escapeHtml(gitbook)}"></span>`;
        }
        return `<h${level} id="${escapeHtml(anchor)}">${alias}${inline(shown, ctx).replace(/\s+$/, '')}<a class="anchor" href="#${escapeHtml(anchor)}" aria-label="Link to ${escapeHtml(text)}">#</a></h${level}>`;
      }
      case 'list-ordered':
        return `<ol${b.data?.start && b.data.start !== 1 ? ` start="${Number(b.data.start) | 0}"` : ''}>${b.nodes.map(block).join('')}</ol>`;
      case 'list-unordered':
        return `<ul>${b.nodes.map(block).join('')}</ul>`;
      case 'list-tasks':
        return `<ul class="tasks">${b.nodes.map(block).join('')}</ul>`;
      case 'list-item': {
        const box = b.data?.checked === undefined ? '' : `<input type="checkbox" disabled${b.data.checked ? ' checked' : ''} aria-label="${b.data.checked ? 'done' : 'to do'}"> `;
        return `<li>${box}${blocks(b.nodes)}</li>`;
      }
      case 'blockquote':
        return `<blockquote>${blocks(b.nodes)}</blockquote>`;
      case 'hint': {
        const style = ['info', 'warning', 'danger', 'success'].includes(b.data?.style) ? b.data.style : 'info';
        return `<div class="hint hint-${style}" role="note"><span class="hint-label">${style === 'danger' ? 'Danger' : style[0]!.toUpperCase() + style.slice(1)}</span>${blocks(b.nodes)}</div>`;
      }
      case 'code': {
        const code = (b.nodes as AnyBlock[]).map((l) => plain(l.nodes ?? [])).join('\n');
        const lang = b.data?.syntax ? String(b.data.syntax) : undefined;
        const known = highlightLanguage(lang);
        const title = b.data?.title ? `<figcaption class="code-title">${escapeHtml(String(b.data.title))}</figcaption>` : '';
        const lines = code.split('\n').length;
        const gutter = b.data?.lineNumbers ? `<span class="gutter" aria-hidden="true">${Array.from({ length: lines }, (_, i) => i + 1).join('\n')}</span>` : '';
        const cls = lang ? `language-${escapeHtml(lang)}` : '';
        const colored = known && code.length <= HIGHLIGHT_BLOCK_BYTES && code.length <= highlightBudget;
        if (colored) highlightBudget -= code.length;
        return `<figure class="code${b.data?.overflow === 'wrap' ? ' wrap' : ''}">${title}<pre tabindex="0">${gutter}<code${cls ? ` class="${cls}"` : ''}>${colored ? highlight(code, lang) : escapeHtml(code)}</code></pre></figure>`;
      }
      case 'code-line':
        return escapeHtml(plain(b.nodes));
      case 'table': {
        const rows = b.nodes as AnyBlock[];
        if (!rows.length || rows[0]!.type !== 'table-row') return '';
        const [head, ...body] = rows;
        const align: unknown[] = Array.isArray(b.data?.align) ? b.data.align : [];
        const cells = (r: AnyBlock, tag: string) => (r.nodes as AnyBlock[]).map((c, i) => {
          const a = align[i];
          return `<${tag}${a === 'left' || a === 'right' || a === 'center' ? ` style="text-align:${a}"` : ''}${tag === 'th' ? ' scope="col"' : ''}>${inline(c.nodes ?? [], ctx)}</${tag}>`;
        }).join('');
        return `<div class="table" tabindex="0"><table><thead><tr>${cells(head!, 'th')}</tr></thead><tbody>${body.map((r) => `<tr>${cells(r, 'td')}</tr>`).join('')}</tbody></table></div>`;
      }
      case 'table-row': case 'table-cell':
        return '';
      case 'images':
        return `<div class="images">${b.nodes.map(block).join('')}</div>`;
      case 'image': {
        const t = resolveTarget(b.data?.ref, ctx);
        const caption = (b.fragments?.[0]?.nodes.map(block).join('') ?? '').replace(/^(?:<p>\s*<\/p>)+$/, '');
        const size = t?.file?.width && t.file.height ? ` width="${t.file.width}" height="${t.file.height}"` : '';
        const img = t ? `<img src="${safeUrl(t.href)}" alt="${escapeHtml(String(b.data?.alt ?? ''))}"${size} loading="lazy">` : `<span class="missing">${escapeHtml(String(b.data?.alt ?? 'Image'))}</span>`;
        return `<figure class="image">${img}${caption ? `<figcaption>${caption}</figcaption>` : ''}</figure>`;
      }
      case 'divider':
        return '<hr>';
      case 'html': {
        // GitBook's HTML through an allow list (site/html.ts); a `<pre>` with a `data-title` is a titled code block.
        const html = String(b.data?.html ?? '');
        const pre = /^\s*<pre\b/i.test(html) ? readTag(html.trim())?.tag : undefined;
        const out = headingIds(drawn?.get(b) ?? renderHtmlBlock(html, htmlTargets(ctx)));
        if (/^\s*<table\b/i.test(html)) return `<div class="table" tabindex="0">${out}</div>`; // scrolls on a phone
        if (!pre) return out;
        const title = pre.attrs.get('data-title');
        return `<figure class="code${pre.attrs.get('data-overflow') === 'wrap' ? ' wrap' : ''}">${title ? `<figcaption class="code-title">${escapeHtml(title)}</figcaption>` : ''}${out}</figure>`;
      }
      case 'footnote-definition': {
        const id = escapeHtml(String(b.data?.identifier ?? ''));
        return `<div class="footnote" id="fn-${id}"><sup>${escapeHtml(String(b.data?.label ?? b.data?.identifier ?? ''))}</sup> ${blocks(b.nodes)} <a href="#fnref-${id}" aria-label="Back to the text">↩</a></div>`;
      }
      case 'math':
        return `<div class="math">${renderMath(String(b.data?.formula ?? ''), true)}</div>`;
      case 'tabs': {
        const id = `tabs-${++uid}`;
        const items = (b.nodes as AnyBlock[]).filter((t) => t.type === 'tabs-item');
        if (!items.length) return '';
        // Radio inputs and labels: the checked input's panel shows (CSS only); arrow keys switch tabs. None is checked
        // until the reader picks one: the first panel shows, or the one holding the element the URL's #fragment names
        // (a link to a heading inside another tab lands on it), as GitBook selects the tab of an anchor.
        return `<div class="tabs">${items.map((t, i) => `<input type="radio" class="tab-input" name="${id}" id="${id}-${i}"><label class="tab-label" for="${id}-${i}">${escapeHtml(String(t.data?.title ?? `Tab ${i + 1}`))}</label><div class="tab-panel">${blocks(t.nodes)}</div>`).join('')}</div>`;
      }
      case 'tabs-item':
        return blocks(b.nodes);
      case 'expandable': {
        const title = b.fragments?.find((f) => f.fragment === 'expandable-title');
        const body = b.fragments?.find((f) => f.fragment === 'expandable-body');
        return `<details class="expandable"${b.data?.defaultExpanded ? ' open' : ''}><summary>${title ? title.nodes.map((n) => (n.type === 'paragraph' ? inline(n.nodes, ctx) : block(n))).join(' ') : 'Details'}</summary><div class="expandable-body">${body ? blocks(body.nodes) : ''}</div></details>`;
      }
      case 'stepper':
        return `<ol class="stepper">${(b.nodes as AnyBlock[]).map((s) => `<li class="step">${blocks(s.nodes)}</li>`).join('')}</ol>`;
      case 'stepper-step':
        return `<div class="step">${blocks(b.nodes)}</div>`;
      case 'columns':
        return `<div class="columns">${(b.nodes as AnyBlock[]).map((c) => {
          const w = cssLength(c.data?.width);
          return `<div class="column"${w ? ` style="flex-basis:${w}"` : ''}>${blocks(c.nodes)}</div>`;
        }).join('')}</div>`;
      case 'column':
        return `<div class="column">${blocks(b.nodes)}</div>`;
      case 'content-ref': {
        const t = resolveTarget(b.data?.ref, ctx);
        // A page that is not there for this reader (missing, or hidden from them by a page condition) is named by
        // nothing of it: not its path or id.
        const label = t?.title ?? (t && b.data?.ref?.url ? String(b.data.ref.url).replace(/\.md$/, '') : 'Page');
        return card(t, `${CARD_ICONS.page}<span class="card-title">${escapeHtml(label)}</span>`, 'content-ref');
      }
      case 'embed': {
        const url = String(b.data?.url ?? '');
        const t = EXTERNAL.test(url) ? { href: url, external: true } : undefined;
        let host = url;
        try { host = new URL(url).host; } catch { /* shown as written */ }
        const caption = captionOf(b);
        return card(t, `${CARD_ICONS.link}<span class="card-body"><span class="card-title">${escapeHtml(host)}</span><span class="card-url">${escapeHtml(url)}</span>${caption}</span>`, 'embed');
      }
      case 'file': {
        const t = resolveTarget(b.data?.ref, ctx);
        const f = t?.file;
        const caption = captionOf(b);
        return card(t, `${CARD_ICONS.file}<span class="card-body"><span class="card-title">${escapeHtml(f?.name ?? 'File')}</span>${f ? `<span class="card-url">${escapeHtml(f.contentType)} · ${formatSize(f.size)}</span>` : ''}${caption}</span>`, 'file');
      }
      case 'swagger': {
        // An OpenAPI operation (GitBook's `swagger` block, or its tag lines): the method and path, linking to the spec.
        const t = resolveTarget(b.data?.ref, ctx);
        const method = String(b.data?.method ?? '').toUpperCase();
        const spec = t?.file?.name ?? String(b.data?.ref?.url ?? t?.href ?? '');
        return card(t, `${CARD_ICONS.link}<span class="card-body"><span class="card-title"><span class="http-method">${escapeHtml(method)}</span> <code>${escapeHtml(String(b.data?.path ?? ''))}</code></span><span class="card-url">${escapeHtml(spec)}</span></span>`, 'openapi-operation');
      }
      case 'api-method': {
        // GitBook's older API method, written inline: method and URL, summary, description, parameters, responses.
        const parts = (b.nodes as AnyBlock[]);
        const description = parts.filter((n) => n.type === 'api-description').map((n) => blocks(n.nodes)).join('');
        const params = parts.filter((n) => n.type === 'api-parameter');
        const responses = parts.filter((n) => n.type === 'api-response');
        const rest = parts.filter((n) => !['api-description', 'api-parameter', 'api-response'].includes(n.type));
        const paramRows = params.map((p) => `<tr><td><code>${escapeHtml(String(p.data?.name ?? ''))}</code>${p.data?.required ? ' <span class="api-required">required</span>' : ''}</td><td>${escapeHtml(String(p.data?.in ?? ''))}</td><td>${escapeHtml(String(p.data?.type ?? ''))}</td><td>${blocks(p.nodes)}</td></tr>`).join('');
        const responseHtml = responses.map((r) => `<div class="api-response"><div class="api-response-head"><span class="api-status">${escapeHtml(String(r.data?.status ?? ''))}</span> ${escapeHtml(String(r.data?.description ?? ''))}</div>${blocks(r.nodes)}</div>`).join('');
        return `<section class="api-method"><div class="api-method-head"><span class="http-method">${escapeHtml(String(b.data?.method ?? '').toUpperCase())}</span> <code>${escapeHtml(`${b.data?.baseUrl ?? ''}${b.data?.path ?? ''}`)}</code></div>${b.data?.summary ? `<p class="api-summary">${escapeHtml(String(b.data.summary))}</p>` : ''}${description}${params.length ? `<div class="table" tabindex="0"><table><thead><tr><th>Name</th><th>In</th><th>Type</th><th>Description</th></tr></thead><tbody>${paramRows}</tbody></table></div>` : ''}${responseHtml}${blocks(rest)}</section>`;
      }
      case 'prompt':
        // GitBook's prompt: its description over the prompt, open unless it is to be hidden (no script: no copy button).
        return `<details class="expandable prompt"${b.data?.defaultExpanded === 'hidden' ? '' : ' open'}><summary>${escapeHtml(String(b.data?.description || 'Prompt'))}</summary><div class="expandable-body">${blocks(b.nodes)}</div></details>`;
      case 'openapi-operation': case 'openapi-webhook': {
        // Tag lines hold the spec's link line as children; GitBook's block (as the API folds it) its URL as data.specUrl.
        const where = b.type === 'openapi-webhook' ? b.data?.name : b.data?.path;
        return `<section class="api-method"><div class="api-method-head"><span class="http-method">${escapeHtml(String(b.data?.method ?? '').toUpperCase())}</span> <code>${escapeHtml(String(where ?? ''))}</code></div>${specLink(b)}</section>`;
      }
      case 'openapi-schemas':
        return `<div class="openapi-schemas">${b.data?.schemas ? `<p><code>${escapeHtml((b.data.schemas as string[]).join(', '))}</code></p>` : ''}${specLink(b)}</div>`;
      case 'api-description': case 'api-parameter': case 'api-response':
        return blocks(b.nodes);
      case 'cards':
        return `<div class="cards">${(b.data?.cards as Card[]).map((c) => {
          const t = c.target ? resolveTarget({ kind: 'url', url: c.target }, ctx) : undefined;
          const cover = c.cover ? resolveTarget({ kind: 'url', url: c.cover }, ctx) : undefined;
          // Cells are GitBook's HTML (headings, icons, mentions): drawn through the allow list, as text links inside a linked card.
          const targets = { ...htmlTargets(ctx), noLinks: !!t };
          const cells = c.html.map((h) => renderHtmlBlock(h, targets));
          // A dark cover shows with the dark theme instead of the light one (as the header logo does).
          const dark = cover && c.coverDark ? resolveTarget({ kind: 'url', url: c.coverDark }, ctx) : undefined;
          const covers = cover ? (dark ? `<img class="card-cover light-only" src="${safeUrl(cover.href)}" alt="" loading="lazy"><img class="card-cover dark-only" src="${safeUrl(dark.href)}" alt="" loading="lazy">` : `<img class="card-cover" src="${safeUrl(cover.href)}" alt="" loading="lazy">`) : '';
          const body = `${covers}<div class="card-title">${cells[0] ?? ''}</div>${cells.slice(1).map((x) => `<div class="card-text">${x}</div>`).join('')}`;
          return t ? card(t, body, 'card-item') : `<div class="card card-item">${body}</div>`;
        }).join('')}</div>`;
      case 'include': case 'reusable-content': {
        if (includeDepth >= 3) return '';
        const nodes = ctx.include?.(b.type === 'include' ? { path: String(b.data?.path ?? '') } : { id: String(b.data?.ref?.reusableContent ?? '') });
        if (!nodes) return '';
        includeDepth++;
        try {
          return `<div class="reusable">${blocks(nodes)}</div>`;
        } finally {
          includeDepth--;
        }
      }
      default:
        // A GitBook block Bindery does not know: its text, never its markup.
        return Array.isArray(b.nodes) && b.nodes.length ? `<div class="block-${escapeHtml(String(b.type).replace(/[^\w-]/g, ''))}">${b.nodes.every((n) => n?.object === 'block') ? blocks(b.nodes) : `<p>${inline(b.nodes, ctx)}</p>`}</div>` : '';
    }
  };
  return { block, blocks, headings };
}

// The HTML GitBook writes inside its markdown (`<kbd>`, `<mark style>`, `<picture>`, `<figure>`, HTML tables, buttons,
// heading anchors `<a href="#x" id="x"></a>`, `<p align="center">`, …) drawn as the HTML it means, through an allow
// list: only the tags below, only their attributes below (URLs resolved as links and images of the site are, ids,
// alignments and colors checked against strict patterns); every other tag is dropped with its text kept, and
// scripts, styles, frames, forms and SVG are dropped with their content. Nothing from the source reaches the page
// unescaped, so the site's CSP (no script) and escaping guarantees hold. One linear pass over the source.

/** How links and images of the HTML resolve (the renderer's targets). */
export interface HtmlTargets {
  /** An href or src as written (`../setup.md`, `.gitbook/assets/x.png`, `https://…`): its URL on the site, escaped, or undefined. */
  url(raw: string, kind: 'link' | 'image'): { href: string; title?: string; external?: boolean } | undefined;
  /** Attributes of an external link (target/rel). */
  externalAttrs: string;
  /** The site's search page, for GitBook's `<button data-action="search|ask" data-query>`. */
  searchHref?: string;
  /** Links drawn as text (inside a card that is itself a link). */
  noLinks?: boolean;
  /** The value of a GitBook expression (`<code class="expression">space.vars.x</code>`), when it has one. */
  expression?(source: string): string | undefined;
}

const VOID = new Set(['br', 'img', 'source', 'hr', 'col', 'wbr']);
/** Tags kept in running text (inside a paragraph). */
const INLINE = new Set(['a', 'b', 'strong', 'i', 'em', 'u', 's', 'del', 'ins', 'strike', 'sup', 'sub', 'kbd', 'code', 'mark', 'small', 'span', 'br', 'wbr', 'img', 'picture', 'source', 'button', 'abbr', 'q', 'cite', 'var', 'samp', 'time']);
/** Tags kept in HTML blocks (plus the inline ones). */
const BLOCK = new Set(['p', 'div', 'figure', 'figcaption', 'blockquote', 'ul', 'ol', 'li', 'dl', 'dt', 'dd', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'hr', 'pre', 'table', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td', 'caption', 'colgroup', 'col', 'details', 'summary', 'center']);
/** Dropped with everything inside them. */
const DROP = new Set(['script', 'style', 'iframe', 'object', 'embed', 'template', 'noscript', 'svg', 'math', 'select', 'textarea', 'title', 'head', 'frameset', 'frame', 'applet', 'audio', 'video', 'canvas', 'form']);
const RENAME: Record<string, string> = { strike: 's', center: 'div', button: 'a' };

const ID = /^[\w.:-]{1,200}$/;
const ALIGN = /^(left|right|center|justify)$/i;
const NUMBER = /^\d{1,4}$/;
const LENGTH = /^\d{1,4}(\.\d+)?(%|px)?$/;
/** A color as GitBook's marks write it: a theme color (`$primary`), a name, hex, rgb(a). */
const COLOR = /^(\$[a-z]+|[a-z]{3,20}|#[0-9a-f]{3,8}|rgba?\(\s*[\d.\s,%]+\))$/i;
const THEME_COLORS = new Set(['primary', 'info', 'success', 'warning', 'danger']);
const CLASSES = /^(button|primary|secondary|hint|hint-(?:info|success|warning|danger)|expression)$/;

const escapeText = (s: string) => s.replace(/&(?!(?:#\d{1,7}|#x[0-9a-f]{1,6}|[a-z][a-z0-9]{1,31});)/gi, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
/** Text for HTML anywhere, attribute values included (the site's one escape: render.ts re-exports it). */
export const escapeHtml = (s: string): string =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
const ENTITY = /&(?:#(\d{1,7})|#x([0-9a-f]{1,6})|(amp|lt|gt|quot|apos|nbsp));/gi;
const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };
/** An attribute's value with its character references decoded. */
export const decodeAttr = (s: string) => s.replace(ENTITY, (_m, dec: string | undefined, hex: string | undefined, name: string | undefined) => {
  if (name) return NAMED[name.toLowerCase()] ?? '';
  const n = dec ? Number(dec) : parseInt(hex!, 16);
  return n > 0 && n <= 0x10ffff ? String.fromCodePoint(n) : '';
});

export interface Tag {
  name: string;
  close: boolean;
  attrs: Map<string, string>;
}

const ATTR = /([^\s"'<>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;
const TAG = /<(\/?)([a-zA-Z][\w-]{0,30})((?:\s+[^\s"'<>/=]+(?:\s*=\s*(?:"[^">]*"|'[^'>]*'|[^\s"'=<>`]+))?)*)\s*\/?>/y;

/**
 * A tag at `at` in `s` (`<name attrs>` or `</name>`, at most 8 KB), with its length; undefined when none starts there.
 * A tag ends at its first `>` (quoted values hold none: GitBook writes `&gt;`), so each try stops at the next `<` or
 * `>` and a pass over a block stays linear.
 */
export function readTag(s: string, at = 0): { tag: Tag; length: number } | undefined {
  if (s[at] !== '<') return undefined;
  TAG.lastIndex = at;
  const m = TAG.exec(s);
  if (!m || m[0].length > 8192) return undefined;
  const attrs = new Map<string, string>();
  for (const a of m[3]!.matchAll(ATTR)) {
    const name = a[1]!.toLowerCase();
    if (!attrs.has(name)) attrs.set(name, decodeAttr(a[2] ?? a[3] ?? a[4] ?? ''));
  }
  return { tag: { name: m[2]!.toLowerCase(), close: m[1] === '/', attrs }, length: m[0].length };
}

/** `style` of a `<mark>`: its text and background colors, theme colors as the site's variables. */
function markStyle(style: string): string {
  const out: string[] = [];
  for (const decl of style.split(';')) {
    const [prop, ...rest] = decl.split(':');
    const p = prop?.trim().toLowerCase();
    const v = rest.join(':').trim();
    if ((p !== 'color' && p !== 'background-color') || !COLOR.test(v)) continue;
    const value = v.startsWith('$') ? (THEME_COLORS.has(v.slice(1).toLowerCase()) ? `var(--${v.slice(1).toLowerCase()})` : '') : v;
    if (value) out.push(`${p}:${value}`);
  }
  return out.join(';');
}

/** The opening tag as drawn, or '' when the tag is dropped (its text still shows). */
function openTag(t: Tag, targets: HtmlTargets, extraClass?: string): string {
  const a = t.attrs;
  const name = RENAME[t.name] ?? t.name;
  const out: string[] = [];
  const style: string[] = [];
  const id = a.get('id');
  if (id && ID.test(id)) out.push(`id="${escapeHtml(id)}"`);
  const classes = (a.get('class') ?? '').split(/\s+/).filter((c) => CLASSES.test(c));
  const align = a.get('align');
  if (align && ALIGN.test(align)) style.push(`text-align:${align.toLowerCase()}`);
  if (targets.noLinks && (t.name === 'a' || t.name === 'button')) return '<span>';
  switch (t.name) {
    case 'a': {
      const href = a.get('href');
      if (href !== undefined) {
        const target = targets.url(href, 'link');
        // A link to nothing (a page that does not exist, a scheme that is not allowed) is no link: no `href` (it
        // was `#`, which took the reader to the page's top and was a tab stop leading nowhere).
        if (target) out.push(`href="${target.href}"`);
        if (target?.external) out.push(targets.externalAttrs);
        if (!target) out.push('aria-disabled="true"');
      }
      if (a.has('data-mention')) classes.push('mention');
      break;
    }
    case 'button': {
      // GitBook's action buttons (ask or search): a link to the site's search with their query.
      const query = a.get('data-query');
      if (targets.searchHref) out.push(`href="${escapeHtml(targets.searchHref)}${query ? `?q=${encodeURIComponent(query)}` : ''}"`);
      if (!classes.includes('button')) classes.push('button');
      break;
    }
    case 'i': {
      // GitBook's icons (`<i class="fa-github">:github:</i>`): no icon font here, the name is not shown.
      if ([...(a.get('class') ?? '').matchAll(/\bfa-[\w-]+/g)].length) return '<i class="icon" aria-hidden="true">';
      break;
    }
    case 'img': {
      const src = a.get('src');
      const target = src === undefined ? undefined : targets.url(src, 'image');
      if (!target) return a.get('alt') ? `<span class="missing">${escapeText(a.get('alt')!)}</span>` : '';
      out.push(`src="${target.href}"`, `alt="${escapeHtml(a.get('alt') ?? '')}"`, 'loading="lazy"');
      for (const dim of ['width', 'height'] as const) {
        const v = a.get(dim);
        if (v && NUMBER.test(v)) out.push(`${dim}="${v}"`);
      }
      if (a.get('data-size') === 'line') classes.push('inline-image');
      if (extraClass) classes.push(extraClass);
      break;
    }
    case 'source': {
      const srcset = a.get('srcset');
      const target = srcset === undefined ? undefined : targets.url(srcset.trim().split(/\s+(?=\d+(?:\.\d+)?[wx]\s*$)/)[0]!, 'image');
      const media = a.get('media')?.trim();
      if (!target) return '';
      out.push(`srcset="${target.href}"`);
      if (media && /^\(prefers-color-scheme:\s*(dark|light)\)$/i.test(media)) out.push(`media="${escapeHtml(media)}"`);
      break;
    }
    case 'mark': {
      const s = markStyle(a.get('style') ?? '');
      if (s) style.push(s);
      break;
    }
    case 'th': case 'td': {
      for (const span of ['colspan', 'rowspan'] as const) {
        const v = a.get(span);
        if (v && NUMBER.test(v)) out.push(`${span}="${v}"`);
      }
      const w = a.get('width');
      if (w && LENGTH.test(w)) style.push(`width:${/\d$/.test(w) ? `${w}px` : w}`);
      break;
    }
    case 'ol': {
      const start = a.get('start');
      if (start && NUMBER.test(start)) out.push(`start="${start}"`);
      break;
    }
    case 'div':
      if (a.get('data-with-frame') === 'true') classes.push('frame');
      if (a.has('data-gb-custom-block') && a.get('data-tag') === 'hint') {
        const s = a.get('data-style') ?? 'info';
        classes.push('hint', `hint-${['info', 'success', 'warning', 'danger'].includes(s) ? s : 'info'}`);
      }
      break;
    case 'table':
      if (a.has('data-header-hidden')) classes.push('header-hidden');
      break;
    case 'details':
      if (a.has('open')) out.push('open');
      break;
    case 'pre':
      classes.push('raw-code');
      break;
  }
  if (style.length) out.push(`style="${escapeHtml(style.join(';'))}"`);
  if (classes.length) out.push(`class="${escapeHtml([...new Set(classes)].join(' '))}"`);
  return `<${name}${out.length ? ` ${out.join(' ')}` : ''}>`;
}

/**
 * One tag of running text (markdown-it gives inline HTML a tag at a time): drawn when it is an allowed inline tag,
 * else escaped as text (a `<placeholder>` someone wrote shows as written).
 */
export function inlineTag(html: string, targets: HtmlTargets): string {
  const read = readTag(html.trim());
  if (!read || read.length !== html.trim().length) return escapeText(html);
  const { tag } = read;
  if (!INLINE.has(tag.name)) return escapeText(html);
  if (tag.close) return VOID.has(tag.name) ? '' : `</${RENAME[tag.name] ?? tag.name}>`;
  return openTag(tag, targets);
}

/**
 * An HTML block: allowed tags drawn (balanced: what is left open is closed at the end, a stray closing tag is
 * dropped), other tags dropped with their text kept, dropped-with-content tags and comments removed.
 */
export function renderHtmlBlock(html: string, targets: HtmlTargets): string {
  const steps = htmlBlockSteps(html, targets);
  for (;;) {
    const r = steps.next();
    if (r.done) return r.value;
  }
}

/**
 * `renderHtmlBlock` in slices of the event loop: a turn for others every `sliceMs` of drawing, so a huge HTML block
 * (1 MB of GitBook's HTML took ~0.27 s at once) never holds the loop longer than a slice.
 */
export async function renderHtmlBlockInSlices(html: string, targets: HtmlTargets, sliceMs = 8): Promise<string> {
  const steps = htmlBlockSteps(html, targets);
  let since = performance.now();
  for (;;) {
    const r = steps.next();
    if (r.done) return r.value;
    if (performance.now() - since >= sliceMs) {
      await new Promise<void>((resolve) => setImmediate(resolve));
      since = performance.now();
    }
  }
}

/** How many tags (or comments) the drawing of an HTML block reads between two chances to pause. */
const TAGS_PER_STEP = 256;

/** The drawing of an HTML block, pausing (yield) every `TAGS_PER_STEP` tags; returns the HTML. */
function* htmlBlockSteps(html: string, targets: HtmlTargets): Generator<void, string, void> {
  let out = '';
  let tags = 0;
  const open: string[] = [];
  // How many of each tag `open` holds: a closing tag of nothing open is dropped without a look through the stack, and
  // one that is open pops what it scans, so a block of stray closers stays linear.
  const openCount = new Map<string, number>();
  const push = (tagName: string) => {
    open.push(tagName);
    openCount.set(tagName, (openCount.get(tagName) ?? 0) + 1);
  };
  const pop = () => {
    const tagName = open.pop()!;
    openCount.set(tagName, openCount.get(tagName)! - 1);
    return tagName;
  };
  let i = 0;
  let text = '';
  let lower: string | undefined;
  let picture: { dark: string | undefined } | undefined;
  const flush = () => {
    if (text) out += escapeText(text);
    text = '';
  };
  while (i < html.length) {
    if (++tags % TAGS_PER_STEP === 0) yield;
    const lt = html.indexOf('<', i);
    if (lt < 0) {
      text += html.slice(i);
      break;
    }
    text += html.slice(i, lt);
    if (html.startsWith('<!--', lt)) {
      const end = html.indexOf('-->', lt + 4);
      i = end < 0 ? html.length : end + 3;
      continue;
    }
    const read = readTag(html, lt);
    if (!read) {
      text += '<';
      i = lt + 1;
      continue;
    }
    i = lt + read.length;
    const { tag } = read;
    if (DROP.has(tag.name)) {
      if (!tag.close) {
        // Skip to its closing tag (or the end).
        lower ??= html.toLowerCase();
        const end = lower.indexOf(`</${tag.name}`, i);
        i = end < 0 ? html.length : Math.max(i, html.indexOf('>', end) + 1 || html.length);
      }
      continue;
    }
    if (!INLINE.has(tag.name) && !BLOCK.has(tag.name)) continue; // unknown tag: dropped, its text kept
    flush();
    const name = targets.noLinks && (tag.name === 'a' || tag.name === 'button') ? 'span' : RENAME[tag.name] ?? tag.name;
    if (tag.close) {
      if (VOID.has(tag.name) || !openCount.get(name)) continue;
      const at = open.lastIndexOf(name);
      while (open.length > at) out += `</${pop()}>`;
      continue;
    }
    if (tag.name === 'code' && !tag.close && /\bexpression\b/.test(tag.attrs.get('class') ?? '')) {
      // An expression shows its value (a space variable); one without a value shows as written.
      // Looked for within 1 KB only (as a mention's `</a>` below).
      const within = html.slice(i, i + 1031).indexOf('</code>');
      const end = within < 0 ? -1 : i + within;
      const value = end >= 0 ? targets.expression?.(decodeAttr(html.slice(i, end)).trim()) : undefined;
      if (value !== undefined) {
        out += escapeText(value.replace(/&/g, '&amp;'));
        i = end + 7;
        continue;
      }
    }
    if (tag.name === 'a' && tag.attrs.has('data-mention') && !targets.noLinks) {
      // A mention shows the title of the page it names, not its file name.
      const target = targets.url(tag.attrs.get('href') ?? '', 'link');
      // Looked for within 1 KB only: a block of mentions never closed must not search the rest for each.
      const within = target?.title ? html.slice(i, i + 1028).indexOf('</a>') : -1;
      const end = within < 0 ? -1 : i + within;
      if (end >= 0) {
        out += `<a href="${target!.href}" class="mention">${escapeHtml(target!.title!)}</a>`;
        i = end + 4;
        continue;
      }
    }
    // `<picture>` with a `<source media="(prefers-color-scheme: dark)">`: its image for each theme, shown by the
    // site's theme (CSS), not only the system's — a light site read on a dark system showed dark icons on white.
    if (tag.name === 'picture') {
      picture = tag.close ? undefined : { dark: undefined };
      if (tag.close) continue;
    }
    if (tag.name === 'source' && picture) {
      if (/^\(prefers-color-scheme:\s*dark\)$/i.test(tag.attrs.get('media')?.trim() ?? '')) {
        const srcset = tag.attrs.get('srcset')?.trim();
        picture.dark = srcset ? targets.url(srcset.split(/\s+(?=\d+(?:\.\d+)?[wx]\s*$)/)[0]!, 'image')?.href : undefined;
      }
      continue;
    }
    if (tag.name === 'img' && picture?.dark) {
      const light = openTag(tag, targets, 'light-only');
      out += light;
      const dark = picture.dark;
      if (light.startsWith('<img')) out += openTag(tag, { ...targets, url: () => ({ href: dark }) }, 'dark-only');
      continue;
    }
    if (tag.name === 'picture') continue;
    const drawn = openTag(tag, targets);
    if (!drawn) continue;
    out += drawn;
    if (!VOID.has(tag.name) && drawn.startsWith(`<${name}`)) push(name);
    else if (!VOID.has(tag.name)) push(drawn.slice(1, drawn.search(/[\s>]/)));
  }
  flush();
  while (open.length) out += `</${pop()}>`;
  return out;
}

/** The id of an empty anchor GitBook writes in a heading (`<a href="#x" id="x"></a>`), when `html` is its opening tag. */
export function anchorId(html: string): string | undefined {
  const read = readTag(html.trim());
  const id = read && read.tag.name === 'a' && !read.tag.close ? read.tag.attrs.get('id') : undefined;
  return id && ID.test(id) ? id : undefined;
}

/** An HTML heading (`<h1>`…`<h6>`) of an HTML block. */
export interface HtmlHeading {
  level: number;
  /** Its own `id`, when it is one the site keeps. */
  id?: string;
  /** Its text: tags removed, character references decoded, white space collapsed. */
  text: string;
  /** Where its opening tag starts and ends. */
  open: number;
  openEnd: number;
}

/** The longest text of an HTML heading read (its closing tag further on: no heading). */
const HTML_HEADING_TEXT = 2000;

/**
 * The HTML headings whose opening tag starts in `html` at or after `from` and before `opensBefore`, in order, each
 * with its text up to its closing tag (`</h1>`…`</h6>`, within HTML_HEADING_TEXT characters). What the site draws
 * (render.ts gives them ids, the outline lists them) and what search makes sections of (search-index.ts), read the
 * same way on both sides so the anchors agree. One pass: each `<` is looked at once and the closing tags are found
 * by one pointer moving forward.
 */
export function htmlHeadings(html: string, from = 0, opensBefore = html.length): HtmlHeading[] {
  const out: HtmlHeading[] = [];
  const close = /<\/h[1-6]\s*>/gi;
  let nextClose = -1;
  for (let lt = html.indexOf('<', from); lt >= 0 && lt < opensBefore; lt = html.indexOf('<', lt + 1)) {
    const d = html.charCodeAt(lt + 2);
    if ((html.charCodeAt(lt + 1) | 32) !== 104 || d < 49 || d > 54) continue;
    const read = readTag(html, lt);
    if (!read || read.tag.close || read.tag.name.length !== 2) continue;
    const openEnd = lt + read.length;
    if (nextClose < openEnd) {
      close.lastIndex = openEnd;
      const m = close.exec(html);
      nextClose = m ? m.index : Infinity;
    }
    if (nextClose - openEnd > HTML_HEADING_TEXT) continue;
    const text = decodeAttr(html.slice(openEnd, nextClose).replace(/<[^<>]*>/g, '')).replace(/\s+/g, ' ').trim();
    const id = read.tag.attrs.get('id');
    out.push({ level: d - 48, ...(id && ID.test(id) ? { id } : {}), text, open: lt, openEnd });
    lt = nextClose;
  }
  return out;
}

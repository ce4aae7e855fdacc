/**
 * GitBook's markdown dialect on top of CommonMark/GFM (syntax only; the
 * converters in from-markdown.ts and to-markdown.ts use it).
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
 *    blockquotes). Parsing is two-step, both steps linear: the parser makes
 *    every tag line a block of its own (parser.ts, `gitbook_tag`), then the
 *    converter folds the blocks between an opening and its closing tag into a
 *    hint or code block (`isValidOpening`, `isValidBody`). Unknown, unbalanced
 *    or invalid tags stay paragraphs whose text is the tag line, written back
 *    verbatim and without blank lines around them, as GitBook writes them.
 *
 * 2. Figures, as written by GitBook for images with captions:
 *    `<figure><img src="…" alt="…"><figcaption><p>Caption</p></figcaption></figure>`
 *    (`parseFigure`). Figures with anything richer stay raw HTML.
 */
export type BlockTagName = 'hint' | 'code';

export const HINT_STYLES = ['info', 'warning', 'danger', 'success'] as const;

const OPEN_TAG = /^\{%\s*(hint|code)((?:\s+[\w-]+="[^"]*")*)\s*%\}$/;
const CLOSE_TAG = /^\{%\s*end(hint|code)\s*%\}$/;
const ATTRIBUTE = /([\w-]+)="([^"]*)"/g;

export type TagLine = { kind: 'open'; name: BlockTagName; attributes: Record<string, string> } | { kind: 'close'; name: BlockTagName };

/** Longest line considered as a tag (keeps the tag regexes on short input). */
export const MAX_TAG_LINE = 4096;
/** A line that looks like a Liquid tag of any name (`{% … %}`); such paragraphs are written back verbatim. */
export const TAG_LIKE_LINE = /^\{%(?:[^%\n]|%(?!\}))*%\}$/;

const TAG_NAME = /^\{%-?\s*(end)?([A-Za-z][\w-]*)/;
const BRANCH_TAGS: ReadonlySet<string> = new Set(['else', 'elif', 'elsif', 'elseif']);

/**
 * Which neighbour a tag line of any name joins without a blank line, as GitBook writes it: an opening tag the block
 * after it, a closing tag (`{% endtab %}`) the block before it, a branch (`{% else %}`) both. Its name in lower case;
 * undefined when the line names no tag.
 */
export function tagLineSides(line: string): { name: string; opens: boolean; closes: boolean } | undefined {
  const match = TAG_NAME.exec(line);
  if (!match) return undefined;
  const name = (match[2] as string).toLowerCase();
  if (BRANCH_TAGS.has(name)) return { name, opens: true, closes: true };
  return { name, opens: match[1] === undefined, closes: match[1] !== undefined };
}

/** Recognises a line consisting of exactly one block tag. */
export function parseTagLine(line: string): TagLine | undefined {
  if (line.length > MAX_TAG_LINE || !line.includes('{%')) return undefined;
  const trimmed = line.replace(/^[ \t]+|[ \t]+$/g, '');
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

/** Whether an opening tag has the attributes its block needs (else it stays text). */
export function isValidOpening(name: BlockTagName, attributes: Record<string, string>): boolean {
  if (name === 'hint') {
    // `style`, and GitBook's optional `icon` (`{% hint style="info" icon="books" %}`).
    const keys = Object.keys(attributes);
    return keys.every((k) => k === 'style' || (k === 'icon' && attributes.icon !== '')) && (HINT_STYLES as readonly string[]).includes(attributes.style ?? '');
  }
  return Object.entries(attributes).every(([key, value]) => CODE_TAG_ATTRIBUTES.get(key)?.test(value) === true);
}

/** `{% code %}` must wrap exactly one code block (`children` are the types of the blocks inside). */
export function isValidBody(name: BlockTagName, children: readonly string[]): boolean {
  return name !== 'code' || (children.length === 1 && children[0] === 'code');
}

/** Attributes `{% code %}` may carry, with the values Bindery can represent. */
const CODE_TAG_ATTRIBUTES: ReadonlyMap<string, RegExp> = new Map([
  ['title', /^/],
  ['overflow', /^(?:wrap|scroll)$/],
  ['lineNumbers', /^(?:true|false)$/],
  ['fullWidth', /^(?:true|false)$/],
  ['expandable', /^(?:true|false)$/],
]);

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
  // Figures are short: long HTML is never one (and keeps the lazy regex linear).
  if (html.length > 8192 || !html.trimStart().startsWith('<figure>')) return undefined;
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
  // White space inside `<p>…</p>` is the caption's own (GitBook keeps `<p>Caption </p>` as typed).
  const caption = match[2] === undefined ? undefined : decodeEntities(match[2]);
  // An empty `<figcaption></figcaption>` is an empty caption (GitBook's image with a caption fragment, still empty).
  return { src, alt: attributes.get('alt') ?? '', ...(caption !== undefined ? { caption } : {}) };
}

/**
 * GitBook's `<figure>` for an image with a caption (what its Git Sync writes), or `undefined` when the figure would
 * not read back as the same image (line breaks, or too long for parseFigure).
 */
export function formatFigure(src: string, alt: string, caption: string): string | undefined {
  if (/[\r\n\0]/.test(src + alt + caption)) return undefined;
  const enc = (value: string): string => encodeAttribute(value).replaceAll('<', '&lt;').replaceAll('>', '&gt;');
  // The caption is text, not an attribute: GitBook writes its `"` and `>` as they are (`<p>Right click > Open</p>`).
  const text = escapeAmpersands(caption).replaceAll('<', '&lt;');
  const figcaption = caption === '' ? '<figcaption></figcaption>' : `<figcaption><p>${text}</p></figcaption>`;
  const html = `<figure><img src="${enc(src)}" alt="${enc(alt)}">${figcaption}</figure>`;
  const back = html.length <= 8192 ? parseFigure(html) : undefined;
  return back?.src === src && back.alt === alt && (back.caption ?? '') === caption ? html : undefined;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", '#39': "'" };
const ENTITY = /&(amp|lt|gt|quot|apos|#39);/g;

/** Decodes the few character references GitBook writes in tag attributes and HTML text. */
export function decodeEntities(value: string): string {
  return value.replace(ENTITY, (_all, name: string) => ENTITIES[name] ?? '');
}

/** Escapes any `&` that decodeEntities would otherwise decode (`decodeEntities(escapeAmpersands(v)) === v`), leaving a raw `&` as GitBook writes it. */
export function escapeAmpersands(value: string): string {
  return value.replace(ENTITY, (entity) => `&amp;${entity.slice(1)}`);
}

/** Escapes `"` and any `&` that would otherwise be decoded, leaving other text as GitBook writes it. */
export function encodeAttribute(value: string): string {
  return escapeAmpersands(value).replaceAll('"', '&quot;');
}

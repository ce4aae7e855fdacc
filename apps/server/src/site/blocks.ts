// GitBook blocks the stored markdown keeps as tag lines (`{% tabs %}` … `{% endtabs %}`, see docs/content-pipeline.md)
// or as HTML islands (`<details>`, `<table data-view="cards">`), folded into GitBook's JSON block shapes (`tabs` of
// `tabs-item`, `stepper` of `stepper-step`, `columns` of `column`, `expandable` with title and body fragments,
// `content-ref`, `embed`, `file`, `reusable-content`, and `cards`) so the renderer draws one form whether a block
// arrives as a JSON document block or as tag lines. Linear: one pass pairs opening and closing tags with a stack.
import { inlineText, type Block, type InlineContent } from '../content/document.js';
import { pairTags, readTagLine, type TagLine } from '../content/gitbook-blocks.js';
import { decodeEntities } from '../content/gitbook-syntax.js';

/** A block of either form: the content pipeline's `Block`, or a GitBook block shape it does not model (yet). */
export interface AnyBlock {
  object: 'block';
  type: string;
  key?: string;
  data: Record<string, any>;
  nodes: any[];
  fragments?: { object: 'fragment'; fragment: string; type: string; nodes: AnyBlock[] }[];
  isVoid?: boolean;
}

type Tag = TagLine;

const INCLUDE = /^\{%-?\s*include\s+(?:"([^"]+)"|'([^']+)')\s*-?%\}$/;

/** Tag names folded into containers (their opening and closing lines pair up). */
const CONTAINERS = new Set([
  'tabs', 'tab', 'stepper', 'step', 'columns', 'column', 'content-ref', 'embed', 'file',
  // OpenAPI blocks (`{% openapi src path method %}`, the older `{% swagger src … %}`), and GitBook's older API method
  // written inline (`{% swagger baseUrl path method summary %}` with its description, parameters and responses).
  'openapi', 'swagger', 'swagger-description', 'swagger-parameter', 'swagger-response',
  // GitBook's prompt block (`{% prompt description icon defaultExpanded %}` a fence `{% endprompt %}`), and the
  // OpenAPI blocks naming a spec by its slug (`{% openapi-operation spec path method %}`, `{% openapi-webhook spec name
  // method %}`, `{% openapi-schemas %}`).
  'prompt', 'openapi-operation', 'openapi-webhook', 'openapi-schemas',
]);
/** Tags that may stand alone without a closing line (`page-ref`: GitBook's content-ref before 2021). */
const SELF_CLOSING = new Set(['embed', 'file', 'page-ref']);

const decode = decodeEntities;

/** The tag a block is: a paragraph whose whole text is one `{% … %}` line. */
function tagOf(b: AnyBlock): Tag | { kind: 'include'; path: string } | undefined {
  if (b.type !== 'paragraph') return undefined;
  const text = inlineText(b.nodes as InlineContent[]).trim();
  if (!text.startsWith('{%') || text.length > 4096) return undefined;
  const include = INCLUDE.exec(text);
  if (include) return { kind: 'include', path: include[1] ?? include[2]! };
  return readTagLine(text);
}

const ICON = /<i\s+class="fa-[^"<>]*">[^<]*<\/i>/gi;
const DETAILS_OPEN = /^<details(\s[^>]*)?>/i;
const DETAILS_CLOSE = /^<\/details>\s*$/i;
/** Text of an HTML fragment (tags dropped), in one linear scan. */
function stripTags(html: string): string {
  let out = '';
  let inTag = false;
  for (const ch of html) {
    if (ch === '<') inTag = true;
    else if (ch === '>' && inTag) inTag = false;
    else if (!inTag) out += ch;
  }
  return decode(out).replace(/\s+/g, ' ').trim();
}

function htmlOf(b: AnyBlock): string | undefined {
  return b.type === 'html' && typeof b.data?.html === 'string' ? (b.data.html as string).trim() : undefined;
}

/** `<summary>` text of a (short) HTML block. */
function summaryOf(html: string | undefined): string | undefined {
  if (!html || html.length > 8192) return undefined;
  const lower = html.toLowerCase();
  const a = lower.indexOf('<summary>');
  const b = a < 0 ? -1 : lower.indexOf('</summary>', a);
  return b < 0 ? undefined : stripTags(html.slice(a + 9, b));
}

const paragraph = (text: string): AnyBlock => ({ object: 'block', type: 'paragraph', data: {}, nodes: [{ object: 'text', leaves: [{ object: 'leaf', text, marks: [] }] }] });

/**
 * Folds a list of sibling blocks: tag-line containers and `<details>` islands become GitBook block shapes, cards
 * tables become `cards` blocks; everything else is kept as it is (children are folded when rendered).
 */
export function foldBlocks(list: readonly (Block | AnyBlock)[]): AnyBlock[] {
  const blocks = list as AnyBlock[];
  const tags = blocks.map((b) => {
    const t = tagOf(b);
    if (t) return t;
    const html = htmlOf(b);
    if (html === undefined) return undefined;
    if (DETAILS_OPEN.test(html) && !/<\/details>\s*$/i.test(html)) return { kind: 'open' as const, name: 'details', attributes: {} };
    if (DETAILS_CLOSE.test(html)) return { kind: 'close' as const, name: 'details', attributes: {} };
    return undefined;
  });
  // Pair openings with closings (content/gitbook-blocks.ts pairTags: linear, the nearest open tag of the name).
  const match = pairTags(tags, (t) => (!t || t.kind === 'include' ? undefined : t.kind === 'close' || CONTAINERS.has(t.name) || t.name === 'details' ? t : undefined));

  const build = (from: number, to: number): AnyBlock[] => {
    const out: AnyBlock[] = [];
    for (let i = from; i < to; i++) {
      const b = blocks[i]!;
      const t = tags[i];
      if (t?.kind === 'include') {
        out.push({ object: 'block', type: 'include', data: { path: t.path }, nodes: [], isVoid: true });
        continue;
      }
      if (t?.kind === 'open' && match.has(i)) {
        const end = match.get(i)!;
        out.push(container(t, b, build(i + 1, end)));
        i = end;
        continue;
      }
      if (t?.kind === 'open' && SELF_CLOSING.has(t.name)) {
        out.push(container(t, b, []));
        continue;
      }
      const html = htmlOf(b);
      if (html !== undefined && /^<table\s[^>]*data-view="cards"/i.test(html)) {
        const cards = parseCards(html);
        if (cards) {
          out.push({ object: 'block', type: 'cards', data: { cards }, nodes: [], isVoid: true });
          continue;
        }
      }
      out.push(b);
    }
    return out;
  };
  return build(0, blocks.length);
}

function container(t: Tag, opening: AnyBlock, children: AnyBlock[]): AnyBlock {
  const block = (type: string, data: Record<string, unknown>, nodes: AnyBlock[]): AnyBlock => ({ object: 'block', type, key: opening.key, data, nodes });
  const only = (name: string) => children.filter((c) => c.type === name);
  switch (t.name) {
    case 'tabs':
      return block('tabs', {}, only('tabs-item'));
    case 'tab':
      return block('tabs-item', { title: t.attributes.title ?? '' }, children);
    case 'stepper':
      return block('stepper', {}, only('stepper-step'));
    case 'step':
      return block('stepper-step', {}, children);
    case 'columns':
      return block('columns', {}, only('column'));
    case 'column':
      return block('column', t.attributes.width ? { width: t.attributes.width } : {}, children);
    case 'content-ref':
      return block('content-ref', { ref: { kind: 'url', url: t.attributes.url ?? '' } }, []);
    case 'page-ref':
      return block('content-ref', { ref: { kind: 'url', url: t.attributes.page ?? '' } }, []);
    case 'openapi': case 'swagger':
      // An operation of a spec file or URL (GitBook's `swagger` block); without `src`, the older inline API method.
      if (t.attributes.src !== undefined) return block('swagger', { ref: { kind: 'url', url: t.attributes.src }, path: t.attributes.path ?? '', method: t.attributes.method ?? '' }, []);
      return block('api-method', { baseUrl: t.attributes.baseUrl ?? '', path: t.attributes.path ?? '', method: t.attributes.method ?? '', summary: t.attributes.summary ?? '' }, children);
    case 'prompt':
      return block('prompt', { description: t.attributes.description ?? '', defaultExpanded: t.attributes.defaultExpanded ?? '' }, children);
    case 'openapi-operation':
      return block('openapi-operation', { path: t.attributes.path ?? '', method: t.attributes.method ?? '' }, children);
    case 'openapi-webhook':
      return block('openapi-webhook', { name: t.attributes.name ?? '', method: t.attributes.method ?? '' }, children);
    case 'openapi-schemas':
      return block('openapi-schemas', {}, children);
    case 'swagger-description':
      return block('api-description', {}, children);
    case 'swagger-parameter':
      return block('api-parameter', { in: t.attributes.in ?? '', name: t.attributes.name ?? '', type: t.attributes.type ?? '', required: t.attributes.required === 'true' }, children);
    case 'swagger-response':
      return block('api-response', { status: t.attributes.status ?? '', description: t.attributes.description ?? '' }, children);
    case 'embed':
      return block('embed', { url: t.attributes.url ?? '' }, children);
    case 'file':
      return block('file', { ref: { kind: 'url', url: t.attributes.src ?? '' } }, children);
    case 'details': {
      // `<details>` [`<summary>…</summary>` in the same or the next HTML block] body `</details>`.
      const own = summaryOf(htmlOf(opening));
      let body = children;
      let title = own ?? '';
      if (own === undefined && body[0]) {
        const next = summaryOf(htmlOf(body[0]));
        if (next !== undefined) {
          title = next;
          body = body.slice(1);
        }
      }
      return {
        object: 'block', type: 'expandable', key: opening.key, data: /\sopen(\s|>|=)/i.test(htmlOf(opening) ?? '') ? { defaultExpanded: true } : {}, nodes: [],
        fragments: [
          { object: 'fragment', fragment: 'expandable-title', type: 'expandable-title', nodes: [paragraph(title || 'Details')] },
          { object: 'fragment', fragment: 'expandable-body', type: 'expandable-body', nodes: body },
        ],
      };
    }
    default:
      return opening;
  }
}

export interface Card {
  title: string;
  text: string[];
  /** The HTML of the title and text cells as written (drawn through site/html.ts). */
  html: string[];
  /** The card's link target (a page path, URL or file) as written. */
  target?: string;
  /** The cover image as written. */
  cover?: string;
  /** The cover for the dark theme (`data-card-cover-dark`), as written. */
  coverDark?: string;
}

/**
 * GitBook's cards table (`<table data-view="cards">`): a header row marks the hidden target and cover columns
 * (`data-card-target`, `data-card-cover`); each body row is a card. Only text and the hrefs are read; anything else
 * is dropped. Undefined when the HTML is not such a table.
 */
export function parseCards(html: string): Card[] | undefined {
  if (html.length > 512 * 1024) return undefined;
  const lower = html.toLowerCase();
  const between = (open: string, close: string, from = 0): [string, number] | undefined => {
    const a = lower.indexOf(open, from);
    if (a < 0) return undefined;
    const b = lower.indexOf(close, a + open.length);
    return b < 0 ? undefined : [html.slice(a + open.length, b), b + close.length];
  };
  const head = between('<thead>', '</thead>')?.[0] ?? '';
  const heads = head.split(/<th\b/i).slice(1).map((h) => h.slice(0, Math.max(0, h.indexOf('>'))));
  const targetAt = heads.findIndex((a) => /data-card-target/i.test(a));
  const coverAt = heads.findIndex((a) => /data-card-cover(?!-)/i.test(a));
  const coverDarkAt = heads.findIndex((a) => /data-card-cover-dark/i.test(a));
  const hidden = new Set(heads.map((a, i) => (/data-hidden/i.test(a) ? i : -1)).filter((i) => i >= 0));
  const body = between('<tbody>', '</tbody>')?.[0];
  if (body === undefined) return undefined;
  const cards: Card[] = [];
  for (const chunk of body.split(/<tr\b/i).slice(1)) {
    const rowChunk = chunk.slice(chunk.indexOf('>') + 1);
    const end = rowChunk.toLowerCase().indexOf('</tr>');
    const row = end < 0 ? rowChunk : rowChunk.slice(0, end);
    const cells = row.split(/<td\b/i).slice(1).map((c) => {
      const open = c.indexOf('>');
      const close = c.toLowerCase().lastIndexOf('</td>');
      return c.slice(open + 1, close < 0 ? c.length : close);
    });
    const href = (cell: string | undefined) => {
      const at = cell ? cell.toLowerCase().indexOf('href="') : -1;
      const end = at < 0 ? -1 : cell!.indexOf('"', at + 6);
      return end < 0 ? undefined : cell!.slice(at + 6, end);
    };
    // A cell holding only an icon (`<i class="fa-book">:book:</i>`: no icon font here) is left out.
    const shown = cells.filter((c, i) => i !== targetAt && i !== coverAt && i !== coverDarkAt && !hidden.has(i) && stripTags(c.replace(ICON, '')) !== '');
    const text = shown.map(stripTags);
    const target = href(cells[targetAt]);
    const cover = href(cells[coverAt]);
    const coverDark = href(cells[coverDarkAt]);
    cards.push({ title: text[0] ?? '', text: text.slice(1), html: shown, ...(target ? { target: decode(target) } : {}), ...(cover ? { cover: decode(cover) } : {}), ...(coverDark ? { coverDark: decode(coverDark) } : {}) });
    if (cards.length >= 500) break;
  }
  return cards;
}

/**
 * GitBook's container blocks at the API's edge.
 *
 * The stored markdown keeps GitBook's block tags as tag lines (`{% tabs %}` … `{% endtabs %}`, see
 * docs/content-pipeline.md) and `<details>` as HTML blocks, so Git Sync writes them back byte for byte; parsed, each
 * tag line is a paragraph of its own. GitBook's API shows them as blocks: `tabs` of `tabs-item`, `stepper` of
 * `stepper-step`, `columns` of `column`, `expandable` with its title and body fragments, `embed`.
 *
 * - `foldGitBookBlocks(document)` (reads): tag-line paragraphs become those blocks — only where unfolding writes the
 *   very same lines back, so nothing a read shows is lost when a client writes it back. A tag line with other
 *   attributes, spacing or marks, an unpaired or misnested tag, a `tabs` holding anything but tabs, stays the
 *   paragraph it is.
 * - `unfoldGitBookBlocks(document)` (writes): the blocks become the tag lines again; a block whose data cannot be
 *   written as a tag line (a title with a line break, a URL with a quote) is refused, naming its path.
 *
 * Property (tested): `documentToMarkdown(unfoldGitBookBlocks(foldGitBookBlocks(d))) === documentToMarkdown(d)` for
 * every document `d` that `markdownToDocument` makes. Both are linear in the document: one pass pairs opening and
 * closing lines with a stack whose search is bounded.
 */
import { refToTarget, targetToRef } from './content-ref.js';
import type { Block, ContentRef, Document, Fragment, InlineContent } from './document.js';
import { decodeEntities, encodeAttribute, escapeAmpersands } from './gitbook-syntax.js';

/** A `{% name attr="value" … %}` / `{% endname %}` line. */
export interface TagLine {
  kind: 'open' | 'close';
  name: string;
  attributes: Record<string, string>;
}

const TAG = /^\{%-?\s*(end)?([a-z][\w-]*)((?:\s+[\w-]+=(?:"[^"]*"|'[^']*'|[^\s%"']+))*)\s*-?%\}$/;
const ATTRIBUTE = /([\w-]+)=(?:"([^"]*)"|'([^']*)'|([^\s%"']+))/g;

/** Reads one tag line of any name (trimmed text of a paragraph; gitbook-syntax.ts parseTagLine reads hint and code only); undefined when the text is not one. */
export function readTagLine(text: string): TagLine | undefined {
  if (!text.startsWith('{%') || text.length > 4096) return undefined;
  const m = TAG.exec(text);
  if (!m) return undefined;
  const attributes: Record<string, string> = {};
  for (const a of (m[3] ?? '').matchAll(ATTRIBUTE)) attributes[a[1]!] = decodeEntities(a[2] ?? a[3] ?? a[4] ?? '');
  return { kind: m[1] ? 'close' : 'open', name: m[2]!, attributes };
}

type AnyBlock = Block | GitBookBlock;
/** The GitBook blocks this module adds to the document model (shapes of GitBook's `DocumentBlock*`). */
export type GitBookBlock =
  | { object: 'block'; type: 'tabs' | 'stepper' | 'columns'; key?: string; data: Record<string, never>; nodes: GitBookBlock[]; isVoid?: false }
  | { object: 'block'; type: 'tabs-item'; key?: string; data: { title: string }; nodes: AnyBlock[]; isVoid?: false }
  | { object: 'block'; type: 'stepper-step'; key?: string; data: Record<string, never>; nodes: AnyBlock[]; isVoid?: false }
  | { object: 'block'; type: 'column'; key?: string; data: { width?: { unit: '%'; value: number } }; nodes: AnyBlock[]; isVoid?: false }
  | { object: 'block'; type: 'updates'; key?: string; data: { format: string }; nodes: GitBookBlock[]; isVoid?: false }
  | { object: 'block'; type: 'update'; key?: string; data: { date: string; tags?: { kind: 'tag'; tag: string }[] }; nodes: AnyBlock[]; isVoid?: false }
  | { object: 'block'; type: 'if'; key?: string; data: { expression: string }; nodes: AnyBlock[]; isVoid?: false }
  | { object: 'block'; type: 'embed'; key?: string; data: { url: string }; nodes: []; isVoid: true; fragments?: Fragment[] }
  | { object: 'block'; type: 'expandable'; key?: string; data: { defaultExpanded?: boolean }; nodes: []; isVoid: true; fragments: Fragment[] }
  | { object: 'block'; type: 'content-ref'; key?: string; data: { ref: ContentRef; legacyTag?: 'page-ref' }; nodes: []; isVoid: true }
  | { object: 'block'; type: 'swagger'; key?: string; data: { ref: ContentRef; path: string; method: string; legacyTag?: 'swagger' }; nodes: []; isVoid: true }
  | { object: 'block'; type: 'openapi-operation'; key?: string; data: { ref: { kind: 'openapi'; spec: string }; path: string; method: string; specUrl?: string }; nodes: []; isVoid: true }
  | { object: 'block'; type: 'openapi-webhook'; key?: string; data: { ref: { kind: 'openapi'; spec: string }; name: string; method: string; specUrl?: string }; nodes: []; isVoid: true }
  | { object: 'block'; type: 'openapi-schemas'; key?: string; data: { ref: { kind: 'openapi'; spec: string }; schemas: string[]; grouped: boolean; specUrl?: string }; nodes: []; isVoid: true }
  | { object: 'block'; type: 'file'; key?: string; data: { ref: { kind: 'file'; file: string } }; nodes: []; isVoid: true; fragments?: Fragment[] }
  | { object: 'block'; type: 'reusable-content'; key?: string; data: { ref: { kind: 'reusable-content'; reusableContent: string } }; nodes: []; isVoid: true };

/** The block types `unfoldGitBookBlocks` reads (and the document check accepts). */
export const GITBOOK_BLOCK_TYPES: ReadonlySet<string> = new Set([
  'tabs', 'tabs-item', 'stepper', 'stepper-step', 'columns', 'column', 'updates', 'update', 'if', 'embed', 'expandable', 'content-ref', 'file', 'reusable-content',
  'swagger', 'openapi-operation', 'openapi-webhook', 'openapi-schemas',
]);

/**
 * Tags GitBook once wrote for blocks it now writes otherwise, folded into the same blocks with `data.legacyTag` (a
 * Bindery extension) so that writing the block back gives the very lines it was read from; a block without it is
 * written in GitBook's current form:
 * - `{% page-ref page="T" %}` (one line, GitBook's content-ref before 2021) → `content-ref`, `legacyTag: "page-ref"`;
 * - `{% swagger src="T" path="P" method="M" %}` `[label](T)` `{% endswagger %}` (GitBook's OpenAPI block before it
 *   wrote `{% openapi … %}`) → `swagger`, `legacyTag: "swagger"`.
 */
export const LEGACY_TAGS: Readonly<Record<string, string>> = { 'content-ref': 'page-ref', swagger: 'swagger' };
/** `{% openapi %}` / `{% swagger %}` (an OpenAPI operation of a spec file or URL): the attributes in the order GitBook writes them. */
const OPENAPI_ATTRIBUTES = ['src', 'path', 'method'];
/** A path or method value an OpenAPI tag line holds as it is (one line, no quote, no `%}`). */
const openapiValueOk = (v: unknown): v is string => typeof v === 'string' && v !== '' && v.trim() === v && !/["\n\r]/.test(v) && !v.includes('%}');

/**
 * GitBook's blocks of an OpenAPI specification of the organization (by its slug), with the attributes of their tag
 * line in the order GitBook writes them: `{% openapi-operation spec="S" path="P" method="M" %}`, `{% openapi-webhook
 * spec="S" name="N" method="M" %}`, `{% openapi-schemas spec="S" schemas="A,B" grouped="true" %}`, each followed by
 * `[OpenAPI S](<URL of the spec>)` (or nothing) and its closing line. GitBook's block has no field for that URL:
 * `data.specUrl` (a Bindery extension, as `legacyTag`) keeps it, so that writing the block back gives the very lines.
 */
const SPEC_BLOCKS: Readonly<Record<string, readonly string[]>> = {
  'openapi-operation': ['spec', 'path', 'method'],
  'openapi-webhook': ['spec', 'name', 'method'],
  'openapi-schemas': ['spec', 'schemas', 'grouped'],
};
/** A spec's URL as a link line holds it and writes it back the same (no white space, no parentheses or brackets). */
const specUrlOk = (v: unknown): v is string => typeof v === 'string' && /^[a-z][a-z0-9+.-]*:[^\s()<>[\]\\`]+$/i.test(v);
const specLabel = (spec: string) => `OpenAPI ${spec}`;
const specLinkParagraph = (spec: string, url: string): Block => ({
  object: 'block', type: 'paragraph', data: {},
  nodes: [{ object: 'inline', type: 'link', data: { ref: { kind: 'url', url } }, nodes: [{ object: 'text', leaves: [{ object: 'leaf', text: specLabel(spec), marks: [] }] }] }],
}) as Block;

/**
 * The link text GitBook writes under `{% content-ref url="…" %}`: the last segment of the target's path (`setup.md`,
 * `guide` for `guide/`, `.` for `./`), a URL with a scheme whole. Stored targets follow the same rule (`/pages/<id>` →
 * `<id>`), so a content-ref whose text is that one is written back from its target alone.
 */
export function contentRefLabel(target: string): string {
  if (/^[a-z][a-z\d+.-]*:|^\/\//i.test(target)) return target;
  let path = target.split('#', 1)[0]!;
  if (path.endsWith('/')) path = path.slice(0, -1);
  const segment = path.slice(path.lastIndexOf('/') + 1);
  return segment === '' ? target : segment;
}

/** Stored targets of the blocks that carry ids: `/files/<id>` (file blocks), `/reusable-content/<id>` (includes, GitBook's id form). */
const FILE_TARGET = /^\/files\/([\w-]+)$/;
const INCLUDE_LINE = /^\{% include "([^"\n]*)" %\}$/;
const REUSABLE_TARGET = /^\/reusable-content\/([\w-]+)$/;
const includeLine = (path: string) => `{% include "${path}" %}`;
/** A content-ref target written back the same by the default codec, that a `url="…"` attribute holds as it is. */
const refTargetOk = (t: string) => t !== '' && !/["\s<>]/.test(t) && !t.includes('%}') && refToTarget(targetToRef(t)) === t;

/** Container tag -> the block it folds into, the tag of its items and their block type. */
const CONTAINERS: Record<string, { type: 'tabs' | 'stepper' | 'columns' | 'updates'; item: string; itemType: 'tabs-item' | 'stepper-step' | 'column' | 'update' }> = {
  tabs: { type: 'tabs', item: 'tab', itemType: 'tabs-item' },
  stepper: { type: 'stepper', item: 'step', itemType: 'stepper-step' },
  columns: { type: 'columns', item: 'column', itemType: 'column' },
  updates: { type: 'updates', item: 'update', itemType: 'update' },
};
const ITEM_OF: Record<string, 'tabs' | 'stepper' | 'columns' | 'updates'> = { tab: 'tabs', step: 'stepper', column: 'columns', update: 'updates' };
const UPDATES_FORMATS = new Set(['numeric', 'full', 'short']);
/** An update's date as GitBook writes it (`2026-04-29`), or a full timestamp. */
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const TAG_SLUG = /^[\w.-]+$/;
/** The attributes of `{% update %}` in the order unfolding writes them, or undefined when they are not ones it writes. */
function updateAttributes(attrs: Record<string, string>): Record<string, string> | undefined {
  const { date, tags, ...rest } = attrs;
  // A midnight timestamp is written as its day, so only the day form of it folds back to the same line.
  if (!date || Object.keys(rest).length || !(DAY.test(date) || (isoTimestamp(date) && writtenDate(date) === date))) return undefined;
  if (tags !== undefined && !tags.split(',').every((t) => TAG_SLUG.test(t))) return undefined;
  return tags === undefined ? { date } : { date, tags };
}
/** An update's date as its tag line holds it: the day of a midnight (UTC) timestamp, as GitBook writes it, else the value. */
const writtenDate = (v: string) => (/T00:00:00(\.0{1,3})?Z$/.test(v) ? v.slice(0, 10) : v);
const isoTimestamp = (v: string) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$/.test(v) && !Number.isNaN(Date.parse(v));

// `&` is written as `&amp;` only where it would read as a character reference, so a raw `&` as GitBook writes it
// (`title="Q&A"`) is its own canonical form.
const escapeHtml = (s: string) => escapeAmpersands(s).replace(/</g, '&lt;').replace(/>/g, '&gt;');
/** Text of an HTML fragment without tags: GitBook's `<summary>` holds plain text. */
const SUMMARY = /^<summary>([^<>\n]*)<\/summary>$/;
const WIDTH = /^(\d{1,3}(?:\.\d+)?)%$/;

/** The tag line as unfolding writes it: the form a stored line must have to be folded. */
function openLine(name: string, attrs: Record<string, string>): string {
  let out = `{% ${name}`;
  for (const [k, v] of Object.entries(attrs)) out += ` ${k}="${encodeAttribute(v)}"`;
  return `${out} %}`;
}
const closeLine = (name: string) => `{% end${name} %}`;

const paragraph = (text: string): Block => ({ object: 'block', type: 'paragraph', data: {}, nodes: [{ object: 'text', leaves: [{ object: 'leaf', text, marks: [] }] }] }) as Block;
const htmlBlock = (html: string): Block => ({ object: 'block', type: 'html', data: { html }, nodes: [], isVoid: true }) as Block;

/** The text of a paragraph that holds one unmarked run of text, else undefined. */
function plainText(b: AnyBlock): string | undefined {
  if (b.type !== 'paragraph' || b.nodes.length !== 1) return undefined;
  const t = b.nodes[0] as InlineContent;
  if (t.object !== 'text' || t.leaves.length !== 1 || t.leaves[0]!.marks.length) return undefined;
  return t.leaves[0]!.text;
}

/** What a stored block is to the fold: a tag line written as unfolding writes it, or a `<details>` line. */
type Line =
  | { kind: 'open' | 'close'; name: string; attributes: Record<string, string> }
  | { kind: 'summary'; title: string }
  | { kind: 'else' }
  | { kind: 'include'; id: string }
  | undefined;

/** `{% if <expression> %}`: a condition (JavaScript, as GitBook's) is not an attribute list, so it is read on its own. */
const IF_LINE = /^\{% if (\S(?:[^%\n]|%(?!\}))*?) %\}$/;
const ifLine = (expression: string) => `{% if ${expression} %}`;

function lineOf(b: AnyBlock): Line {
  const text = plainText(b);
  if (text !== undefined) {
    const condition = text.length <= 4096 ? IF_LINE.exec(text) : null;
    if (condition && condition[1] === condition[1]!.trim()) return { kind: 'open', name: 'if', attributes: { expression: condition[1]! } };
    if (text === '{% else %}' || text.startsWith('{% elif ')) return { kind: 'else' };
    const include = text.length <= 4096 ? INCLUDE_LINE.exec(text) : null;
    const reusable = include && REUSABLE_TARGET.exec(include[1]!);
    if (reusable) return { kind: 'include', id: reusable[1]! };
    const tag = readTagLine(text);
    if (!tag) return undefined;
    if (tag.kind === 'close') return text === closeLine(tag.name) ? tag : undefined;
    if (((CONTAINERS[tag.name] && tag.name !== 'updates') || tag.name === 'step') && Object.keys(tag.attributes).length === 0) return text === openLine(tag.name, {}) ? tag : undefined;
    if (tag.name === 'tab' && Object.keys(tag.attributes).length === 1 && 'title' in tag.attributes && !/[\n\r]/.test(tag.attributes.title!)) {
      return text === openLine('tab', tag.attributes) ? tag : undefined;
    }
    if (tag.name === 'column') {
      const keys = Object.keys(tag.attributes);
      const ok = keys.length === 0 || (keys.length === 1 && WIDTH.test(tag.attributes.width ?? ''));
      return ok && text === openLine('column', tag.attributes) ? tag : undefined;
    }
    if (tag.name === 'updates' && Object.keys(tag.attributes).length === 1 && UPDATES_FORMATS.has(tag.attributes.format ?? '')) {
      return text === openLine('updates', tag.attributes) ? tag : undefined;
    }
    if (tag.name === 'update') {
      const attrs = updateAttributes(tag.attributes);
      return attrs && text === openLine('update', attrs) ? tag : undefined;
    }
    if (tag.name === 'embed' && Object.keys(tag.attributes).length === 1 && tag.attributes.url && !/["\n\r]/.test(tag.attributes.url)) {
      return text === openLine('embed', tag.attributes) ? tag : undefined;
    }
    if (tag.name === 'content-ref' && Object.keys(tag.attributes).length === 1 && refTargetOk(tag.attributes.url ?? '')) {
      return text === openLine('content-ref', tag.attributes) ? tag : undefined;
    }
    if (tag.name === 'page-ref' && Object.keys(tag.attributes).length === 1 && refTargetOk(tag.attributes.page ?? '')) {
      return text === openLine('page-ref', tag.attributes) ? tag : undefined;
    }
    if ((tag.name === 'openapi' || tag.name === 'swagger') && Object.keys(tag.attributes).join() === OPENAPI_ATTRIBUTES.join()) {
      const { src, path, method } = tag.attributes;
      const ok = refTargetOk(src!) && openapiRefOk(targetToRef(src!)) && openapiValueOk(path) && openapiValueOk(method);
      return ok && text === openLine(tag.name, tag.attributes) ? tag : undefined;
    }
    const spec = SPEC_BLOCKS[tag.name];
    if (spec && Object.keys(tag.attributes).join() === spec.join() && spec.every((k) => openapiValueOk(tag.attributes[k]))) {
      if (tag.name === 'openapi-schemas' && (tag.attributes.grouped !== 'true' && tag.attributes.grouped !== 'false')) return undefined;
      return text === openLine(tag.name, tag.attributes) ? tag : undefined;
    }
    if (tag.name === 'file' && Object.keys(tag.attributes).length === 1 && FILE_TARGET.test(tag.attributes.src ?? '')) {
      return text === openLine('file', tag.attributes) ? tag : undefined;
    }
    return undefined;
  }
  if (b.type !== 'html') return undefined;
  const html = (b.data as { html: string }).html;
  if (html === '<details>' || html === '<details open>') return { kind: 'open', name: 'details', attributes: html === '<details>' ? {} : { open: '' } };
  if (html === '</details>') return { kind: 'close', name: 'details', attributes: {} };
  const s = SUMMARY.exec(html);
  if (s && s[1]!.trim() === s[1] && s[1] !== '' && escapeHtml(decodeEntities(s[1]!)) === s[1]) return { kind: 'summary', title: decodeEntities(s[1]!) };
  return undefined;
}

/**
 * Pairs each opening line with its closing line among siblings (`tagOf` tells which a line is, if any): a closing
 * pairs with the nearest open line of its name, searched at most 64 deep so the pass stays linear; openings above it
 * stay unpaired. Answers opening index -> closing index.
 */
export function pairTags<T>(lines: readonly T[], tagOf: (line: T) => { kind: 'open' | 'close'; name: string } | undefined): Map<number, number> {
  const match = new Map<number, number>();
  const stack: { name: string; at: number }[] = [];
  for (let i = 0; i < lines.length; i++) {
    const t = tagOf(lines[i]!);
    if (!t) continue;
    if (t.kind === 'open') stack.push({ name: t.name, at: i });
    else {
      for (let k = stack.length - 1; k >= Math.max(0, stack.length - 64); k--) {
        if (stack[k]!.name === t.name) {
          match.set(stack[k]!.at, i);
          stack.length = k;
          break;
        }
      }
    }
  }
  return match;
}

/** GitBook's blocks for a document's tag lines (reads). The input is not changed; unchanged subtrees are shared. */
export function foldGitBookBlocks(doc: Document): Document {
  const nodes = foldList(doc.nodes as AnyBlock[], undefined);
  return nodes === doc.nodes ? doc : ({ ...doc, nodes } as Document);
}

function foldList(blocks: readonly AnyBlock[], parent: string | undefined): AnyBlock[] {
  // Cheap exit: most documents have no tag line and no <details>.
  let lines: Line[] | undefined;
  for (let i = 0; i < blocks.length; i++) {
    const l = lineOf(blocks[i]!);
    if (l) (lines ??= new Array<Line>(blocks.length))[i] = l;
  }
  if (!lines) return blocks as AnyBlock[];
  const match = pairTags(lines, (l) => (l?.kind === 'open' || l?.kind === 'close' ? l : undefined));
  const out: AnyBlock[] = [];
  for (let i = 0; i < blocks.length; i++) {
    const b = blocks[i]!;
    const l = lines[i];
    if (l?.kind === 'open' && l.name === 'embed' && !match.has(i)) {
      // An embed without caption (GitBook writes `{% embed url="…" %}` alone); with `{% endembed %}`, see foldOne.
      out.push({ object: 'block', type: 'embed', ...(b.key ? { key: b.key } : {}), data: { url: l.attributes.url! }, nodes: [], isVoid: true });
      continue;
    }
    if (l?.kind === 'open' && l.name === 'file' && !match.has(i)) {
      // A file without caption: `{% file src="…" %}` alone, as GitBook writes it.
      out.push({ object: 'block', type: 'file', ...(b.key ? { key: b.key } : {}), data: { ref: fileRef(l.attributes.src!) }, nodes: [], isVoid: true });
      continue;
    }
    if (l?.kind === 'open' && l.name === 'page-ref') {
      // GitBook's old content-ref: one line, no closing tag.
      out.push({ object: 'block', type: 'content-ref', ...(b.key ? { key: b.key } : {}), data: { ref: targetToRef(l.attributes.page!), legacyTag: 'page-ref' }, nodes: [], isVoid: true });
      continue;
    }
    if (l?.kind === 'include') {
      out.push({ object: 'block', type: 'reusable-content', ...(b.key ? { key: b.key } : {}), data: { ref: { kind: 'reusable-content', reusableContent: l.id } }, nodes: [], isVoid: true });
      continue;
    }
    const end = l?.kind === 'open' ? match.get(i) : undefined;
    if (l?.kind !== 'open' || end === undefined) {
      out.push(b);
      continue;
    }
    const folded = foldOne(l, b, blocks, i, end, parent);
    if (folded) {
      out.push(folded);
      i = end;
    } else out.push(b); // the lines inside are folded where they pair up among themselves, in their own turn
  }
  return out;
}

function foldOne(l: TagLine, opening: AnyBlock, blocks: readonly AnyBlock[], at: number, end: number, parent: string | undefined): AnyBlock | undefined {
  const key = opening.key ? { key: opening.key } : {};
  if (l.name === 'details') {
    const summary = at + 1 < end ? blocks[at + 1]! : undefined;
    const s = summary && lineOf(summary);
    if (!s || s.kind !== 'summary') return undefined;
    const title = paragraph(s.title);
    if (summary.key) title.key = summary.key;
    const body = foldList(blocks.slice(at + 2, end), undefined);
    return {
      object: 'block', type: 'expandable', ...key, data: 'open' in l.attributes ? { defaultExpanded: true } : {}, nodes: [], isVoid: true,
      fragments: [
        { object: 'fragment', fragment: 'expandable-title', type: 'expandable-title', nodes: [title] },
        { object: 'fragment', fragment: 'expandable-body', type: 'expandable-body', nodes: body as Block[] },
      ],
    };
  }
  if (l.name === 'if') {
    // GitBook's `if` block has no else: a condition with `{% else %}` or `{% elif %}` lines in it stays lines.
    for (let i = at + 1; i < end; i++) if (lineOf(blocks[i]!)?.kind === 'else') return undefined;
    return { object: 'block', type: 'if', ...key, data: { expression: l.attributes.expression! }, nodes: foldList(blocks.slice(at + 1, end), undefined) };
  }
  if (l.name === 'content-ref') {
    // `{% content-ref url="T" %}`, `[label](T)`, `{% endcontent-ref %}`: folded when the link is the one unfolding writes.
    const link = end === at + 2 ? contentRefLink(blocks[at + 1]!) : undefined;
    const url = l.attributes.url!;
    if (!link || link.text !== contentRefLabel(url) || refToTarget(link.ref) !== url) return undefined;
    return { object: 'block', type: 'content-ref', ...key, data: { ref: targetToRef(url) }, nodes: [], isVoid: true };
  }
  if (l.name === 'openapi' || l.name === 'swagger') {
    // `{% openapi src="T" path="P" method="M" %}`, `[label](T)`, `{% endopenapi %}`: the link as a content-ref's.
    const link = end === at + 2 ? contentRefLink(blocks[at + 1]!) : undefined;
    const src = l.attributes.src!;
    if (!link || link.text !== contentRefLabel(src) || refToTarget(link.ref) !== src) return undefined;
    const data = { ref: targetToRef(src), path: l.attributes.path!, method: l.attributes.method!, ...(l.name === 'swagger' ? { legacyTag: 'swagger' as const } : {}) };
    return { object: 'block', type: 'swagger', ...key, data, nodes: [], isVoid: true };
  }
  if (SPEC_BLOCKS[l.name]) {
    // The tag line, `[OpenAPI <spec>](<URL>)` or nothing, the closing line.
    const a = l.attributes;
    let specUrl: string | undefined;
    if (end === at + 2) {
      const link = contentRefLink(blocks[at + 1]!);
      if (!link || link.ref.kind !== 'url' || link.text !== specLabel(a.spec!) || !specUrlOk(link.ref.url)) return undefined;
      specUrl = link.ref.url;
    } else if (end !== at + 1) return undefined;
    const ref = { kind: 'openapi' as const, spec: a.spec! };
    const extra = specUrl === undefined ? {} : { specUrl };
    if (l.name === 'openapi-operation') return { object: 'block', type: 'openapi-operation', ...key, data: { ref, path: a.path!, method: a.method!, ...extra }, nodes: [], isVoid: true };
    if (l.name === 'openapi-webhook') return { object: 'block', type: 'openapi-webhook', ...key, data: { ref, name: a.name!, method: a.method!, ...extra }, nodes: [], isVoid: true };
    return { object: 'block', type: 'openapi-schemas', ...key, data: { ref, schemas: a.schemas!.split(','), grouped: a.grouped === 'true', ...extra }, nodes: [], isVoid: true };
  }
  if (l.name === 'file') {
    const caption = end === at + 2 ? blocks[at + 1]! : undefined;
    if (!caption || caption.type !== 'paragraph' || lineOf(caption)) return undefined;
    return {
      object: 'block', type: 'file', ...key, data: { ref: fileRef(l.attributes.src!) }, nodes: [], isVoid: true,
      fragments: [{ object: 'fragment', fragment: 'caption', type: 'caption', nodes: [caption as Block] }],
    };
  }
  if (l.name === 'embed') {
    // A captioned embed: one paragraph before `{% endembed %}`, shown as a `caption` fragment (as images carry theirs).
    const caption = end === at + 2 ? blocks[at + 1]! : undefined;
    if (!caption || caption.type !== 'paragraph' || lineOf(caption)) return undefined;
    return {
      object: 'block', type: 'embed', ...key, data: { url: l.attributes.url! }, nodes: [], isVoid: true,
      fragments: [{ object: 'fragment', fragment: 'caption', type: 'caption', nodes: [caption as Block] }],
    };
  }
  const container = CONTAINERS[l.name];
  if (container) {
    const items = foldList(blocks.slice(at + 1, end), l.name);
    if (!items.every((c) => c.type === container.itemType)) return undefined;
    const data = container.type === 'updates' ? { format: l.attributes.format! } : {};
    return { object: 'block', type: container.type, ...key, data, nodes: items as GitBookBlock[] } as GitBookBlock;
  }
  const of = ITEM_OF[l.name];
  if (!of || of !== parent) return undefined;
  const nodes = foldList(blocks.slice(at + 1, end), undefined);
  if (l.name === 'tab') return { object: 'block', type: 'tabs-item', ...key, data: { title: l.attributes.title! }, nodes };
  if (l.name === 'step') return { object: 'block', type: 'stepper-step', ...key, data: {}, nodes };
  if (l.name === 'update') {
    const date = l.attributes.date!;
    const tags = l.attributes.tags?.split(',').map((tag) => ({ kind: 'tag' as const, tag }));
    return { object: 'block', type: 'update', ...key, data: { date: DAY.test(date) ? `${date}T00:00:00.000Z` : date, ...(tags ? { tags } : {}) }, nodes };
  }
  const width = WIDTH.exec(l.attributes.width ?? '');
  return { object: 'block', type: 'column', ...key, data: width ? { width: { unit: '%', value: Number(width[1]) } } : {}, nodes };
}

const fileRef = (src: string) => ({ kind: 'file' as const, file: FILE_TARGET.exec(src)![1]! });

/** The link of a content-ref's middle line: a paragraph of one link (no title) holding one unmarked run of text. */
function contentRefLink(b: AnyBlock): { ref: ContentRef; text: string } | undefined {
  if (b.type !== 'paragraph' || b.nodes.length !== 1) return undefined;
  const link = b.nodes[0] as InlineContent;
  if (link.object !== 'inline' || link.type !== 'link' || Object.keys(link.data).length !== 1 || link.nodes.length !== 1) return undefined;
  const t = link.nodes[0] as InlineContent;
  if (t.object !== 'text' || t.leaves.length !== 1 || t.leaves[0]!.marks.length) return undefined;
  return { ref: link.data.ref, text: t.leaves[0]!.text };
}

const linkParagraph = (target: string): Block => ({
  object: 'block', type: 'paragraph', data: {},
  nodes: [{ object: 'inline', type: 'link', data: { ref: targetToRef(target) }, nodes: [{ object: 'text', leaves: [{ object: 'leaf', text: contentRefLabel(target), marks: [] }] }] }],
}) as Block;

/** A block of a client's document that cannot be written as tag lines: `path` is its JSON pointer in the document. */
export class GitBookBlockError extends Error {
  // Fields, not parameter properties: the content worker runs this module with type stripping only (in tests).
  readonly path: string;
  readonly detail: string;
  constructor(path: string, detail: string) {
    super(`${path} ${detail}`);
    this.path = path;
    this.detail = detail;
  }
}

/** The stored form (tag lines, `<details>` HTML) of a client's document with GitBook's blocks (writes). */
export function unfoldGitBookBlocks(doc: Document): Document {
  const nodes = unfoldList(doc.nodes as AnyBlock[], '/nodes', undefined);
  return nodes === doc.nodes ? doc : ({ ...doc, nodes } as Document);
}

function unfoldList(blocks: readonly AnyBlock[], path: string, parent: string | undefined): Block[] {
  if (!Array.isArray(blocks) || !blocks.some(holdsGitBookBlock)) return blocks as Block[];
  const out: Block[] = [];
  blocks.forEach((b, i) => unfoldInto(out, b, `${path}/${i}`, parent));
  return out;
}

/** Whether a block is one of GitBook's or holds one among its descendants (one walk; documents without any are kept as they are). */
function holdsGitBookBlock(b: unknown): boolean {
  const n = b as AnyBlock | undefined;
  if (!n || typeof n !== 'object' || n.object !== 'block') return false;
  return GITBOOK_BLOCK_TYPES.has(n.type) || (Array.isArray(n.nodes) && n.nodes.some(holdsGitBookBlock));
}

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

function unfoldInto(out: Block[], b: AnyBlock, path: string, parent: string | undefined): void {
  const data = (b.data ?? {}) as Record<string, unknown>;
  const children = () => unfoldList((b.nodes ?? []) as AnyBlock[], `${path}/nodes`, b.type);
  const itemOf: Record<string, string> = { 'tabs-item': 'tabs', 'stepper-step': 'stepper', column: 'columns', update: 'updates' };
  if (itemOf[b.type] && parent !== itemOf[b.type]) throw new GitBookBlockError(`${path}/type`, `a ${b.type} block must be inside a ${itemOf[b.type]} block`);
  switch (b.type) {
    case 'tabs': case 'stepper': case 'columns': case 'updates': {
      const item = { tabs: 'tabs-item', stepper: 'stepper-step', columns: 'column', updates: 'update' }[b.type];
      (b.nodes ?? []).forEach((c, i) => {
        if ((c as AnyBlock)?.type !== item) throw new GitBookBlockError(`${path}/nodes/${i}/type`, `must be ${item} (a ${b.type} block holds only ${item} blocks)`);
      });
      let attrs: Record<string, string> = {};
      if (b.type === 'updates') {
        const format = data.format ?? 'full';
        if (typeof format !== 'string' || !UPDATES_FORMATS.has(format)) throw new GitBookBlockError(`${path}/data/format`, 'must be numeric, full or short');
        attrs = { format };
      }
      out.push(paragraph(openLine(b.type, attrs)), ...children(), paragraph(closeLine(b.type)));
      return;
    }
    case 'update': {
      const date = str(data.date);
      if (!date || !(DAY.test(date) || isoTimestamp(date))) throw new GitBookBlockError(`${path}/data/date`, 'must be a date-time (2026-04-29T00:00:00.000Z) or a day (2026-04-29)');
      const written = writtenDate(date);
      const tags = data.tags as unknown;
      let tagList: string | undefined;
      if (tags !== undefined) {
        if (!Array.isArray(tags)) throw new GitBookBlockError(`${path}/data/tags`, 'must be an array of tag references');
        tagList = tags.map((t, i) => {
          const slug = typeof t === 'string' ? t : str((t as { tag?: unknown })?.tag);
          if (!slug || !TAG_SLUG.test(slug)) throw new GitBookBlockError(`${path}/data/tags/${i}`, 'must be {"kind": "tag", "tag": <slug of letters, digits, _ . ->}');
          return slug;
        }).join(',');
      }
      out.push(paragraph(openLine('update', tagList ? { date: written, tags: tagList } : { date: written })), ...children(), paragraph(closeLine('update')));
      return;
    }
    case 'tabs-item': {
      const title = str(data.title) ?? '';
      if (/[\n\r]/.test(title)) throw new GitBookBlockError(`${path}/data/title`, 'must be one line (a tab title is written in its {% tab %} line)');
      out.push(paragraph(openLine('tab', { title })), ...children(), paragraph(closeLine('tab')));
      return;
    }
    case 'stepper-step':
      out.push(paragraph(openLine('step', {})), ...children(), paragraph(closeLine('step')));
      return;
    case 'column': {
      const w = data.width as unknown;
      let width: string | undefined;
      if (typeof w === 'number') width = `${w}%`;
      else if (w && typeof w === 'object' && (w as { unit?: unknown }).unit === '%' && typeof (w as { value?: unknown }).value === 'number') width = `${(w as { value: number }).value}%`;
      else if (w !== undefined) throw new GitBookBlockError(`${path}/data/width`, 'must be a percentage: a number, or {"unit": "%", "value": number}');
      if (width !== undefined && !WIDTH.test(width)) throw new GitBookBlockError(`${path}/data/width`, 'must be a percentage from 0 to 999 with at most one dot');
      out.push(paragraph(openLine('column', width ? { width } : {})), ...children(), paragraph(closeLine('column')));
      return;
    }
    case 'if': {
      const expression = str(data.expression)?.trim();
      if (!expression || !IF_LINE.test(ifLine(expression))) throw new GitBookBlockError(`${path}/data/expression`, 'must be a one-line expression without %}');
      out.push(paragraph(ifLine(expression)), ...children(), paragraph(closeLine('if')));
      return;
    }
    case 'embed': {
      const url = str(data.url);
      if (!url || /["\n\r\s]/.test(url)) throw new GitBookBlockError(`${path}/data/url`, 'must be a URL without spaces or quotes');
      out.push(...captionedTag(b, path, 'embed', { url }, 'an embed caption'));
      return;
    }
    case 'content-ref': {
      const ref = data.ref as Record<string, unknown> | undefined;
      const target = contentRefTarget(ref, `${path}/data/ref`);
      if (legacyTagOf(b.type, data, path)) out.push(paragraph(openLine('page-ref', { page: target })));
      else out.push(paragraph(openLine('content-ref', { url: target })), linkParagraph(target), paragraph(closeLine('content-ref')));
      return;
    }
    case 'swagger': {
      const ref = data.ref as Record<string, unknown> | undefined;
      if (!ref || typeof ref !== 'object' || (ref.kind !== 'file' && ref.kind !== 'url')) {
        throw new GitBookBlockError(`${path}/data/ref`, 'must be the OpenAPI specification: {"kind": "file", "file": <id>} or {"kind": "url", "url": <URL>}');
      }
      const src = contentRefTarget(ref, `${path}/data/ref`);
      for (const k of ['path', 'method'] as const) {
        if (!openapiValueOk(data[k])) throw new GitBookBlockError(`${path}/data/${k}`, 'must be a non-empty string on one line without quotes or %} (it is written in the {% openapi %} line)');
      }
      for (const k of ['expanded', 'fullWidth'] as const) {
        if (data[k] !== undefined && data[k] !== false) throw new GitBookBlockError(`${path}/data/${k}`, 'is not supported: the {% openapi %} line has no such attribute (false or absent)');
      }
      const tag = legacyTagOf(b.type, data, path) ? 'swagger' : 'openapi';
      out.push(paragraph(openLine(tag, { src, path: data.path as string, method: data.method as string })), linkParagraph(src), paragraph(closeLine(tag)));
      return;
    }
    case 'openapi-operation': case 'openapi-webhook': case 'openapi-schemas': {
      const ref = data.ref as Record<string, unknown> | undefined;
      if (!ref || typeof ref !== 'object' || ref.kind !== 'openapi' || !openapiValueOk(ref.spec)) {
        throw new GitBookBlockError(`${path}/data/ref`, 'must be {"kind": "openapi", "spec": <slug of an OpenAPI specification of the organization>}');
      }
      const attrs: Record<string, string> = { spec: ref.spec };
      const one = (k: string) => {
        if (!openapiValueOk(data[k])) throw new GitBookBlockError(`${path}/data/${k}`, `must be a non-empty string on one line without quotes or %} (it is written in the {% ${b.type} %} line)`);
        attrs[k] = data[k] as string;
      };
      if (b.type === 'openapi-schemas') {
        const schemas = data.schemas;
        if (!Array.isArray(schemas) || schemas.length === 0 || !schemas.every((x) => openapiValueOk(x) && !x.includes(','))) {
          throw new GitBookBlockError(`${path}/data/schemas`, 'must be a non-empty array of schema names (one line each, without commas, quotes or %})');
        }
        if (data.grouped !== undefined && typeof data.grouped !== 'boolean') throw new GitBookBlockError(`${path}/data/grouped`, 'must be a boolean');
        if (data.title !== undefined) throw new GitBookBlockError(`${path}/data/title`, 'is not supported: the {% openapi-schemas %} line has no title attribute');
        attrs.schemas = (schemas as string[]).join(',');
        attrs.grouped = data.grouped === false ? 'false' : 'true';
      } else {
        one(b.type === 'openapi-operation' ? 'path' : 'name');
        one('method');
        if (data.headless !== undefined && data.headless !== false) throw new GitBookBlockError(`${path}/data/headless`, 'is not supported: it is set by computed pages only (false or absent)');
      }
      if (data.specUrl !== undefined && !specUrlOk(data.specUrl)) throw new GitBookBlockError(`${path}/data/specUrl`, 'must be an absolute URL without spaces, brackets or parentheses (the link line to the spec), or absent');
      out.push(paragraph(openLine(b.type, attrs)));
      if (data.specUrl !== undefined) out.push(specLinkParagraph(ref.spec as string, data.specUrl as string));
      out.push(paragraph(closeLine(b.type)));
      return;
    }
    case 'file': {
      const file = ownRefId(data.ref, path, 'file', 'file', '<id of a file of the space>', 'a file');
      out.push(...captionedTag(b, path, 'file', { src: `/files/${file}` }, 'a file caption'));
      return;
    }
    case 'reusable-content': {
      const id = ownRefId(data.ref, path, 'reusable-content', 'reusableContent', '<id>', 'a reusable content');
      out.push(paragraph(includeLine(`/reusable-content/${id}`)));
      return;
    }
    case 'expandable': {
      const fragments = ((b as { fragments?: unknown }).fragments ?? []) as Fragment[];
      if (!Array.isArray(fragments)) throw new GitBookBlockError(`${path}/fragments`, 'must be an array');
      const ti = fragments.findIndex((f) => f?.fragment === 'expandable-title');
      const bi = fragments.findIndex((f) => f?.fragment === 'expandable-body');
      const titleNodes = ti >= 0 ? fragments[ti]!.nodes : [];
      let title = '';
      for (const n of titleNodes ?? []) title += blockText(n);
      title = title.replace(/\s+/g, ' ').trim();
      if (!title) throw new GitBookBlockError(`${path}/fragments${ti >= 0 ? `/${ti}` : ''}`, 'must have an expandable-title fragment with text');
      const body = bi >= 0 ? unfoldList(fragments[bi]!.nodes as AnyBlock[], `${path}/fragments/${bi}/nodes`, undefined) : [];
      out.push(htmlBlock(data.defaultExpanded === true ? '<details open>' : '<details>'), htmlBlock(`<summary>${escapeHtml(title)}</summary>`), ...body, htmlBlock('</details>'));
      return;
    }
    default: {
      if (!holdsGitBookBlock(b)) {
        out.push(b as Block);
        return;
      }
      out.push({ ...(b as Block), nodes: unfoldList(b.nodes as AnyBlock[], `${path}/nodes`, b.type) } as Block);
    }
  }
}

/** Whether a block is to be written with its legacy tag (`data.legacyTag`, see LEGACY_TAGS), or a 400 naming the field. */
function legacyTagOf(type: string, data: Record<string, unknown>, path: string): boolean {
  if (data.legacyTag === undefined) return false;
  if (data.legacyTag !== LEGACY_TAGS[type]) throw new GitBookBlockError(`${path}/data/legacyTag`, `must be "${LEGACY_TAGS[type]}" or absent (a ${type} block is written with GitBook's current tag without it)`);
  return true;
}

/** The spec of an OpenAPI block: a file of the space or a URL. */
const openapiRefOk = (ref: ContentRef) => ref.kind === 'file' || ref.kind === 'url';

/**
 * The id of a block's ref to something of its own space (`{kind: "file", file}`, `{kind: "reusable-content",
 * reusableContent}`), or a 400 naming the field: the kind, the id, or a `space` (other spaces are not written).
 */
function ownRefId(value: unknown, path: string, kind: string, field: string, shown: string, noun: string): string {
  const ref = value as Record<string, unknown> | undefined;
  if (!ref || typeof ref !== 'object' || ref.kind !== kind) throw new GitBookBlockError(`${path}/data/ref`, `must be {"kind": "${kind}", "${field}": ${shown}}`);
  const id = ref[field];
  if (typeof id !== 'string' || !/^[\w-]+$/.test(id)) throw new GitBookBlockError(`${path}/data/ref/${field}`, `must be the id of ${noun} of the space`);
  if (ref.space !== undefined) throw new GitBookBlockError(`${path}/data/ref/space`, `is not supported: a ${kind} block refers to ${noun} of its own space`);
  return id;
}

/** A void block's tag line, with its caption fragment (one paragraph) and closing line when it has one (embed, file). */
function captionedTag(b: AnyBlock, path: string, tag: string, attrs: Record<string, string>, what: string): Block[] {
  const fragments = (b as { fragments?: unknown }).fragments;
  const caption = Array.isArray(fragments) ? (fragments as Fragment[]).findIndex((f) => f?.fragment === 'caption') : -1;
  if (caption < 0) return [paragraph(openLine(tag, attrs))];
  const nodes = (fragments as Fragment[])[caption]!.nodes;
  if (!Array.isArray(nodes) || nodes.length !== 1 || nodes[0]?.type !== 'paragraph') {
    throw new GitBookBlockError(`${path}/fragments/${caption}/nodes`, `must be one paragraph (${what})`);
  }
  return [paragraph(openLine(tag, attrs)), nodes[0] as Block, paragraph(closeLine(tag))];
}

function contentRefTarget(ref: Record<string, unknown> | undefined, path: string): string {
  if (!ref || typeof ref !== 'object') throw new GitBookBlockError(path, 'must be a content reference ({"kind": "page", "page": <id>}, anchor, file or url)');
  const id = (k: string) => {
    if (typeof ref[k] !== 'string' || !/^[\w-]+$/.test(ref[k] as string)) throw new GitBookBlockError(`${path}/${k}`, 'must be an id');
    return ref[k] as string;
  };
  if (ref.space !== undefined && ref.kind !== 'space') throw new GitBookBlockError(`${path}/space`, 'is not supported: a content-ref points into its own space (use a url for another)');
  let target: string;
  switch (ref.kind) {
    case 'page':
      target = `/pages/${id('page')}`;
      break;
    case 'anchor': {
      if (typeof ref.anchor !== 'string' || ref.anchor === '') throw new GitBookBlockError(`${path}/anchor`, 'must be a non-empty string');
      target = ref.page === undefined ? `#${ref.anchor}` : `/pages/${id('page')}#${ref.anchor}`;
      break;
    }
    case 'file':
      target = `/files/${id('file')}`;
      break;
    case 'url':
      if (typeof ref.url !== 'string') throw new GitBookBlockError(`${path}/url`, 'must be a string');
      target = ref.url;
      break;
    default:
      throw new GitBookBlockError(`${path}/kind`, `must be page, anchor, file or url (a ${String(ref.kind)} reference has no form in the stored markdown)`);
  }
  if (!refTargetOk(target)) throw new GitBookBlockError(`${path}${ref.kind === 'url' ? '/url' : ref.kind === 'anchor' ? '/anchor' : ''}`, 'must be written without spaces, quotes, < > or %} (it is written in a {% content-ref url="…" %} line)');
  return target;
}

/** The text of a block (its inlines' text, its children's text). */
function blockText(b: unknown): string {
  const n = b as { object?: string; leaves?: { text?: string }[]; nodes?: unknown[] };
  if (!n || typeof n !== 'object') return '';
  if (n.object === 'text') return (n.leaves ?? []).map((l) => l?.text ?? '').join('');
  return (n.nodes ?? []).map(blockText).join('');
}

/** The tag lines whose targets Git Sync maps between repository paths and stored ids. */
export type GitBookTargetKind = 'content-ref' | 'file' | 'include';

/**
 * The tag lines whose target attribute is mapped (besides includes): the attribute, the kind of target it holds (a
 * page, anchor, file or URL like a content-ref's; a file), all the attributes of the line in their order, and whether
 * the next line is a link to the same target labelled GitBook's way (`[setup.md](setup.md)`).
 */
const MAPPED_TAGS: Record<string, { attr: string; kind: GitBookTargetKind; attributes: string[]; link: boolean }> = {
  'content-ref': { attr: 'url', kind: 'content-ref', attributes: ['url'], link: true },
  'page-ref': { attr: 'page', kind: 'content-ref', attributes: ['page'], link: false },
  file: { attr: 'src', kind: 'file', attributes: ['src'], link: false },
  openapi: { attr: 'src', kind: 'file', attributes: OPENAPI_ATTRIBUTES, link: true },
  swagger: { attr: 'src', kind: 'file', attributes: OPENAPI_ATTRIBUTES, link: true },
};

/**
 * Git Sync's mapping of the targets of `{% content-ref url %}`, `{% file src %}` and `{% include "…" %}` lines (in
 * place, on a freshly parsed document): on import repository paths become the stored targets (`/pages/<id>`,
 * `/files/<id>`, `/reusable-content/<id>`), on export the reverse; `map` answers the new target or undefined to
 * keep a line as it is. Only lines in the form unfolding writes are mapped. A content-ref's link text follows its
 * target where it is GitBook's label of the old target (`contentRefLabel`) and the link points where the line does
 * (`stored`: which side of the mapping is the stored form, whose targets the parsed links carry).
 */
export function mapGitBookTargets(doc: Document, map: (kind: GitBookTargetKind, target: string) => string | undefined, stored: 'old' | 'new'): void {
  const setText = (b: AnyBlock, text: string) => {
    (b as { nodes: unknown[] }).nodes = [{ object: 'text', leaves: [{ object: 'leaf', text, marks: [] }] }];
  };
  const visit = (list: readonly AnyBlock[]): void => {
    for (let i = 0; i < list.length; i++) {
      const b = list[i]!;
      const text = plainText(b);
      if (text !== undefined && text.startsWith('{% ')) {
        const include = text.length <= 4096 ? INCLUDE_LINE.exec(text) : null;
        if (include) {
          const to = map('include', include[1]!);
          if (to !== undefined && !/["\n]/.test(to)) setText(b, includeLine(to));
          continue;
        }
        const tag = readTagLine(text);
        const mapped = tag?.kind === 'open' ? MAPPED_TAGS[tag.name] : undefined;
        if (!tag || !mapped || Object.keys(tag.attributes).join() !== mapped.attributes.join() || text !== openLine(tag.name, tag.attributes)) continue;
        const from = tag.attributes[mapped.attr]!;
        const to = map(mapped.kind, from);
        if (to === undefined || /[\n\r]/.test(to)) continue;
        setText(b, openLine(tag.name, { ...tag.attributes, [mapped.attr]: to }));
        const next = mapped.link ? list[i + 1] : undefined;
        const link = next && contentRefLink(next);
        if (link && link.text === contentRefLabel(from) && refToTarget(link.ref) === (stored === 'old' ? from : to)) {
          const inline = (next as { nodes: { nodes: unknown[] }[] }).nodes[0]!;
          inline.nodes = [{ object: 'text', leaves: [{ object: 'leaf', text: contentRefLabel(to), marks: [] }] }];
        }
        continue;
      }
      if (Array.isArray(b.nodes) && b.nodes.length && (b.nodes[0] as { object?: string }).object === 'block') visit(b.nodes as AnyBlock[]);
      const fragments = (b as { fragments?: Fragment[] }).fragments;
      if (Array.isArray(fragments)) for (const f of fragments) visit(f.nodes as AnyBlock[]);
    }
  };
  visit(doc.nodes as AnyBlock[]);
}

// One page as a markdown file of a synced space: YAML frontmatter, `# Title`, then the body.
//
//   ---
//   description: What the page is about
//   icon: house
//   hidden: true
//   layout:
//     width: wide
//     title:
//       visible: true
//   x-other-tool: kept as it was
//   ---
//
//   # Title
//
//   Body…
//
// Frontmatter keys GitBook reads (description, icon, hidden, noIndex, noRobotsIndex, cover, coverY, layout.*, and
// `if`: the page's adaptive-content condition, e.g. `if: visitor.claims.unsigned.isPremium`) become
// page fields; the raw frontmatter is kept with the page, so keys of other tools survive and a page whose fields did
// not change writes its frontmatter back byte for byte. Edited fields are patched into it (yaml's Document API keeps
// the other keys, their order and comments).
import { Document, isMap, parse, parseDocument, YAMLMap } from 'yaml';
import { unescapeAll } from '../../content/parser.js';

export interface PageLayout {
  width?: string;
  cover?: boolean;
  coverSize?: string;
  title?: boolean;
  description?: boolean;
  tableOfContents?: boolean;
  outline?: boolean;
  pagination?: boolean;
  metadata?: boolean;
}

/** The page fields that frontmatter carries. */
export interface FrontmatterFields {
  description?: string;
  icon?: string;
  hidden?: boolean;
  noIndex?: boolean;
  noRobotsIndex?: boolean;
  /** The `if:` key: the page's adaptive-content condition (GitBook's `RevisionPageBase.condition`). */
  condition?: string;
  /** Cover image path as written (relative to the page's file). */
  cover?: string;
  coverY?: number;
  layout?: PageLayout;
  /**
   * Bindery's key for GitBook's page meta links (`{canonical?, alternates?}`, each `{kind: page, page, space?}` or
   * `{kind: url, url}`): GitBook's files carry none, so Bindery writes them only for pages that have them.
   */
  metaLinks?: MetaLinks;
}

export interface MetaLinkTarget {
  kind: 'page' | 'url';
  page?: string;
  space?: string;
  url?: string;
}

export interface MetaLinks {
  canonical?: MetaLinkTarget;
  alternates?: MetaLinkTarget[];
}

const ID = /^[a-zA-Z0-9_-]{1,100}$/;

/** A meta link target as frontmatter gives it (anything else is left out). */
function metaLinkTarget(v: unknown): MetaLinkTarget | undefined {
  if (!v || typeof v !== 'object' || Array.isArray(v)) return undefined;
  const t = v as Record<string, unknown>;
  if (t.kind === 'url' && typeof t.url === 'string' && /^https?:\/\//.test(t.url) && t.url.length <= 2048) return { kind: 'url', url: t.url };
  if (t.kind === 'page' && typeof t.page === 'string' && ID.test(t.page)) {
    return { kind: 'page', page: t.page, ...(typeof t.space === 'string' && ID.test(t.space) ? { space: t.space } : {}) };
  }
  return undefined;
}

function metaLinksOf(v: unknown): MetaLinks | undefined {
  if (!v || typeof v !== 'object' || Array.isArray(v)) return undefined;
  const d = v as Record<string, unknown>;
  const out: MetaLinks = {};
  const canonical = metaLinkTarget(d.canonical);
  if (canonical) out.canonical = canonical;
  if (Array.isArray(d.alternates)) {
    const alternates = d.alternates.slice(0, 50).map(metaLinkTarget).filter((t): t is MetaLinkTarget => t !== undefined);
    if (alternates.length) out.alternates = alternates;
  }
  return Object.keys(out).length ? out : undefined;
}

export interface ParsedPageFile {
  /** Raw YAML between the fences (null when there is none). */
  frontmatter: string | null;
  fields: FrontmatterFields;
  /** Title from the first-line `# heading` (undefined when the file has none). */
  title?: string;
  /** The heading's source text, when unescaping it loses something (kept to write it back as it was). */
  h1?: string;
  body: string;
  warnings: string[];
}

const FRONTMATTER = /^---[ \t]*\n(?:([\s\S]*?)\n)?---[ \t]*(?:\n|$)/;
const LAYOUT_VISIBLE = ['title', 'description', 'tableOfContents', 'outline', 'pagination', 'metadata'] as const;

/** The page fields a frontmatter map gives. */
export function fieldsOf(data: unknown): FrontmatterFields {
  const f: FrontmatterFields = {};
  if (!data || typeof data !== 'object' || Array.isArray(data)) return f;
  const d = data as Record<string, unknown>;
  if (typeof d.description === 'string' && d.description.trim()) f.description = d.description;
  if (typeof d.icon === 'string' && d.icon.trim()) f.icon = d.icon;
  if (d.hidden === true) f.hidden = true;
  if (d.noIndex === true) f.noIndex = true;
  if (d.noRobotsIndex === true) f.noRobotsIndex = true;
  if (typeof d.if === 'string' && d.if.trim()) f.condition = d.if;
  if (typeof d.cover === 'string' && d.cover.trim()) f.cover = d.cover.trim();
  if (typeof d.coverY === 'number' && Number.isFinite(d.coverY)) f.coverY = d.coverY;
  const metaLinks = metaLinksOf(d.metaLinks);
  if (metaLinks) f.metaLinks = metaLinks;
  if (d.layout && typeof d.layout === 'object' && !Array.isArray(d.layout)) {
    const l = d.layout as Record<string, unknown>;
    const layout: PageLayout = {};
    if (l.width === 'default' || l.width === 'wide') layout.width = l.width;
    const cover = l.cover as Record<string, unknown> | undefined;
    if (cover && typeof cover === 'object') {
      if (typeof cover.visible === 'boolean') layout.cover = cover.visible;
      if (cover.size === 'hero' || cover.size === 'full') layout.coverSize = cover.size;
    }
    for (const key of LAYOUT_VISIBLE) {
      const v = (l[key] as Record<string, unknown> | undefined)?.visible;
      if (typeof v === 'boolean') layout[key] = v;
    }
    if (Object.keys(layout).length) f.layout = layout;
  }
  return f;
}

/** Escapes a title for a `# heading` line. */
export function escapeHeading(title: string): string {
  return title.replace(/[\\[`*_<]|&(?=#?[A-Za-z0-9]+;)/g, (c) => `\\${c}`).replace(/^(\d+)([.)])/, '$1\\$2').replace(/^([#+-])/, '\\$1');
}

/**
 * The body after a page's `# Title` line (`after`: the text following that line's newline). The blank line after the
 * title goes; 3 blank lines or more are GitBook's empty paragraphs first in the body (2 blank lines each): all but the
 * first are kept. Used by page files and by the import of a markdown document (services/import-common.ts).
 */
export function bodyAfterTitle(after: string): string {
  const blanks = /^(?:[ \t]*\n)*/.exec(after)![0];
  return blanks.split('\n').length - 1 >= 3 ? after.slice(blanks.indexOf('\n') + 1) : after.slice(blanks.length);
}

export function parsePageFile(text: string): ParsedPageFile {
  const source = text.replace(/^\ufeff/, '').replace(/\r\n?/g, '\n');
  const warnings: string[] = [];
  let frontmatter: string | null = null;
  let rest = source;
  const m = FRONTMATTER.exec(source);
  let fields: FrontmatterFields = {};
  if (m) {
    frontmatter = m[1] ?? '';
    rest = source.slice(m[0].length);
    try {
      fields = fieldsOf(parse(frontmatter, { maxAliasCount: 100 }));
    } catch (err) {
      warnings.push(`invalid frontmatter (${(err as Error).message.split('\n')[0]}); kept as it was`);
    }
  }
  rest = rest.replace(/^(?:[ \t]*\n)+/, '');
  // Up to 3 spaces before the `#`, as CommonMark reads a heading (` # Title`: a hand-edited page of a GitBook-synced repository).
  const h1 = /^ {0,3}#[ \t]+(.*?)(?:[ \t]+#+)?[ \t]*(?:\n|$)/.exec(rest);
  if (!h1) return { frontmatter, fields, body: rest, warnings };
  const raw = h1[1]!;
  // The heading's text as CommonMark reads it: backslash escapes and character references (GitBook writes a title's
  // trailing space as `&#x20;`, `# Menu&#x20;`: the title is `Menu`, not the reference's letters).
  const title = unescapeAll(raw).trim();
  const body = bodyAfterTitle(rest.slice(h1[0].length));
  return { frontmatter, fields, title, ...(escapeHeading(title) !== raw ? { h1: raw } : {}), body, warnings };
}

function sameFields(a: FrontmatterFields, b: FrontmatterFields): boolean {
  return JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));
}

function canonical(f: FrontmatterFields): unknown {
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(f).sort()) {
    const v = (f as Record<string, unknown>)[k];
    if (v === undefined) continue;
    out[k] = k === 'layout' && v ? Object.fromEntries(Object.entries(v).filter(([, x]) => x !== undefined).sort(([x], [y]) => x.localeCompare(y))) : v;
  }
  return out;
}

/** Sets `value` at `path` of a YAML map (deleting when undefined; empty maps left behind are removed). */
function setIn(doc: Document, path: string[], value: unknown): void {
  if (value === undefined) {
    if (doc.hasIn(path)) doc.deleteIn(path);
    for (let i = path.length - 1; i > 0; i--) {
      const parent = doc.getIn(path.slice(0, i));
      if (isMap(parent) && parent.items.length === 0) doc.deleteIn(path.slice(0, i));
    }
    return;
  }
  // A new node, so that the old value's style (e.g. a folded `>-` block) does not outlive it.
  doc.setIn(path, doc.createNode(value));
}

/**
 * The frontmatter to write for `fields`: `raw` as it was when it says the same, else `raw` with the changed keys
 * patched in (keys of other tools kept), or a new block. Returns null for no frontmatter.
 */
export function formatFrontmatter(fields: FrontmatterFields, raw: string | null | undefined): string | null {
  let rawFields: FrontmatterFields = {};
  let doc: Document | undefined;
  if (raw !== null && raw !== undefined) {
    try {
      doc = parseDocument(raw);
      if (doc.errors.length) throw doc.errors[0];
      rawFields = fieldsOf(doc.toJS());
    } catch {
      // Unreadable YAML stays as it was while the fields are unchanged (which they are: it gave none).
      if (sameFields(fields, {})) return raw;
      doc = undefined;
    }
    if (sameFields(fields, rawFields)) return raw;
  }
  doc ??= new Document(new YAMLMap());
  if (!isMap(doc.contents)) doc.contents = new YAMLMap() as never;
  const put = <K extends keyof FrontmatterFields>(key: K, path: string[], value: unknown) => {
    if (JSON.stringify(fields[key]) !== JSON.stringify(rawFields[key])) setIn(doc!, path, value);
  };
  put('description', ['description'], fields.description);
  put('icon', ['icon'], fields.icon);
  put('hidden', ['hidden'], fields.hidden || undefined);
  put('noIndex', ['noIndex'], fields.noIndex || undefined);
  put('noRobotsIndex', ['noRobotsIndex'], fields.noRobotsIndex || undefined);
  put('condition', ['if'], fields.condition);
  put('cover', ['cover'], fields.cover);
  put('coverY', ['coverY'], fields.coverY);
  put('metaLinks', ['metaLinks'], fields.metaLinks);
  const l = fields.layout ?? {};
  const o = rawFields.layout ?? {};
  if (l.width !== o.width) setIn(doc, ['layout', 'width'], l.width);
  if (l.cover !== o.cover) setIn(doc, ['layout', 'cover', 'visible'], l.cover);
  if (l.coverSize !== o.coverSize) setIn(doc, ['layout', 'cover', 'size'], l.coverSize);
  for (const key of LAYOUT_VISIBLE) if (l[key] !== o[key]) setIn(doc, ['layout', key, 'visible'], l[key]);
  const contents = doc.contents as YAMLMap;
  if (contents.items.length === 0) return raw === null || raw === undefined ? null : '';
  return doc.toString({ lineWidth: 80, minContentWidth: 20 }).replace(/\n$/, '');
}

/** Writes a page file: frontmatter (when any), `# Title`, then the body. */
export function formatPageFile(p: { frontmatter: string | null; title: string; h1?: string; body: string }): string {
  const heading = `# ${p.h1 ?? escapeHeading(p.title)}`;
  // A body ending with empty lines (GitBook's empty paragraphs last: to-markdown.ts) keeps them; a newline ends the file.
  // Blank lines first are empty paragraphs first (to-markdown.ts), 2 each: kept, after the title's blank line.
  const body = /^\n\n+\S/.test(p.body) ? p.body : p.body.replace(/^\n+/, '');
  // An empty page is GitBook's one empty paragraph: its title, a blank line (90 of 91 title-only pages of 12 synced repositories);
  // a page of several empty paragraphs alone (a body of newlines, 2 per paragraph after the first) keeps them after it.
  const main = body.trim() ? `${heading}\n\n${body}${body.endsWith('\n') ? '' : '\n'}` : /^\n\n+$/.test(p.body) ? `${heading}\n\n${p.body}` : `${heading}\n\n`;
  return p.frontmatter !== null ? `---\n${p.frontmatter}${p.frontmatter ? '\n' : ''}---\n\n${main}` : main;
}

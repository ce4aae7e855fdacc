// Reading a synced space's folder (GitBook's Git Sync format) into pages, files and variables, with no database:
// the sync service (gitsync/sync.ts) gives it the folder's file list and the text of its markdown and YAML files,
// and turns the result into a revision.
//
// - `.gitbook.yaml` (format/config.ts) says where the content root, first page and SUMMARY.md are.
// - SUMMARY.md (format/summary.ts) gives the page tree: groups, nesting, link entries; files it does not list are
//   not pages. The first page (structure.readme) is always a page, first, even when SUMMARY.md omits it. Without a
//   SUMMARY.md the tree comes from the folders (README.md first, then files and folders by name).
// - Each page file (format/page-file.ts): frontmatter fields, `# Title`, body.
// - `.gitbook/assets/*` and every other non-markdown file a page refers to are the space's files.
// - `.gitbook/vars.yaml` holds the space's variables; `.gitbook/includes/*.md` its reusable contents.
import { createHash } from 'node:crypto';
import { parse } from 'yaml';
import { cleanPath, contentRoot, joinPath, parseGitBookConfig, withoutInvisible, type GitBookConfig } from './config.js';
import { parsePageFile, type FrontmatterFields } from './page-file.js';
import { parseComputedEntry, parseSummary, type Summary, type SummaryItem } from './summary.js';
import { slugify } from '../../content/slug.js';
import type { RefResolver } from '../../content/content-ref.js';
import type { ContentRef } from '../../content/document.js';

export interface RepoPage {
  type: 'document' | 'group' | 'link' | 'computed';
  title: string;
  /** Slug from the file (`guide/install.md` → install, `guide/README.md` → guide) or the group's anchor. */
  slug: string;
  /** Path of the page's file relative to the content root (documents with a file). */
  path?: string;
  fields: FrontmatterFields;
  /** The body's markdown, links as written (relative to `path`). */
  body: string;
  /** What lets the page be written back as it was (kept in the page's metadata). */
  git: PageGitMeta;
  /** Link pages: the entry's destination as written (a URL, or a page path with an anchor). */
  href?: string;
  /** Computed pages: their source, from the SUMMARY.md entry's YAML. */
  computed?: Record<string, unknown>;
  children: RepoPage[];
}

/** Per-page details of the repository's spelling, kept so that an unchanged page is written back identically. */
export interface PageGitMeta {
  frontmatter?: string | null;
  /** The `# heading` source, used while the title is `title`. */
  h1?: { raw: string; title: string };
  /** The SUMMARY.md link text, used while the title is `title`. */
  summaryText?: { raw: string; title: string };
  /** The quoted link title of the SUMMARY.md entry (navigation label). */
  label?: string;
  /** A SUMMARY.md entry without a link (a parent with no page file). */
  linkless?: boolean;
  /** A SUMMARY.md entry kept verbatim (computed pages). */
  raw?: string;
  /** The file has no `# heading` (its title came from SUMMARY.md). */
  noH1?: boolean;
  /** A frontmatter cover that is no file of the space (a dangling path, a URL), and its `coverY`, kept as written. */
  cover?: string;
  coverY?: number;
  /**
   * Relative link and image targets of the body that climb above the content root, as written (`../../../../pricing/faq/`
   * from a page three folders deep, which GitBook keeps as it is), by the path they resolve to once the `..` past the
   * root are dropped (`pricing/faq/README.md`, with `#anchor`): the page's document holds the page or file they name,
   * and an export writes them as written while they still resolve there (`climbingTarget`).
   */
  climbs?: Record<string, string>;
}

export interface RepoAsset {
  /** Path relative to the content root. */
  path: string;
  oid: string;
  name: string;
}

export interface RepoInclude {
  path: string;
  oid: string;
  title: string;
}

export interface RepoSpace {
  config: GitBookConfig;
  /** Content root relative to the project directory. */
  root: string;
  pages: RepoPage[];
  assets: RepoAsset[];
  variables: Record<string, string>;
  includes: RepoInclude[];
  /** The SUMMARY.md title line's text (when not GitBook's `Table of contents`). */
  summaryTitle?: string;
  /** SUMMARY.md was absent: the tree was inferred from folders. */
  inferred: boolean;
  /** SUMMARY.md nests entries deeper than `MAX_SUMMARY_DEPTH`: its path (the import is refused). */
  summaryTooDeep?: string;
  warnings: string[];
}

export interface RepoListing {
  /** Every file of the project directory: path (relative to it) → blob oid. */
  files: Map<string, string>;
  /** The project directory in the repository ('' or absent: its root). */
  projectDir?: string;
  /** Text of a file (markdown and YAML files are asked for); undefined when it does not exist. */
  text(path: string): string | undefined;
}

/** The id of the reusable content at `name` (`.gitbook/includes/<file>.md`, a path under the content root): the same in every revision that has it. */
export const reusableContentId = (name: string): string => createHash('sha256').update(`reusable-content\u0000${name}`).digest('hex').slice(0, 20);
/** A reusable content's file, under the content root. */
export const INCLUDE_FILE = /^\.gitbook\/includes\/[^/]+\.md$/;

export const ASSETS_DIR = '.gitbook/assets';
export const INCLUDES_DIR = '.gitbook/includes';
export const VARS_FILE = '.gitbook/vars.yaml';
const MARKDOWN = /\.(md|markdown|mdx)$/i;
const SCHEME = /^[a-z][a-z\d+.-]*:|^\/\//i;

function dirname(path: string): string {
  const i = path.lastIndexOf('/');
  return i < 0 ? '' : path.slice(0, i);
}

function basename(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

/** Whether a listing has a file in the folder `dir`. */
export function hasFilesUnder(files: ReadonlyMap<string, unknown>, dir: string): boolean {
  const prefix = `${dir}/`;
  for (const p of files.keys()) if (p.startsWith(prefix)) return true;
  return false;
}

/** Resolves a link target written in a file at `from` (relative to the root) to a root-relative path. */
export function resolveRelative(from: string, target: string): { path: string; anchor?: string } | undefined {
  if (!target || SCHEME.test(target) || target.startsWith('#')) return undefined;
  const hash = target.indexOf('#');
  let raw = hash < 0 ? target : target.slice(0, hash);
  const anchor = hash < 0 ? undefined : target.slice(hash + 1);
  raw = raw.replace(/\?.*$/, '');
  // Each segment decoded whole: `%2C`, `%3F`, `%26`… too (decodeURI keeps reserved characters encoded, and real
  // SUMMARY.md files link `Requests%2C%20Commands.md`); a segment that is not valid percent-encoding stays as written.
  const decoded = raw.split('/').map((segment) => {
    try {
      return decodeURIComponent(segment);
    } catch {
      return segment;
    }
  }).join('/');
  const path = decoded.startsWith('/') ? cleanPath(decoded) : joinPath(dirname(from), decoded);
  const folder = raw === '' || raw.endsWith('/');
  return { path: folder ? joinPath(path, 'README.md') : path, ...(anchor !== undefined ? { anchor } : {}) };
}

/**
 * Whether a relative target written in the file at `from` climbs above the content root (more `..` than the file's
 * folder is deep at some point: `../../x.md` from `a/b.md`). `resolveRelative` drops the `..` past the root.
 */
export function climbsAboveRoot(from: string, target: string): boolean {
  if (!target.includes('..') || SCHEME.test(target) || target.startsWith('/') || target.startsWith('#')) return false;
  let depth = dirname(from).split('/').filter(Boolean).length;
  for (const segment of target.replace(/[?#].*$/, '').split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..' || segment === '%2E%2E' || segment === '%2e%2e') {
      if (--depth < 0) return true;
    } else depth++;
  }
  return false;
}

/** The key of a resolved target in `PageGitMeta.climbs`: its path, and `#anchor`. */
export const climbKey = (path: string, anchor?: string): string => (anchor === undefined ? path : `${path}#${anchor}`);

/**
 * `resolver`, recording in `climbs` each target it resolves to a page or a file that climbs above the content root,
 * as written, by the path it resolves to (the first spelling of a path kept).
 */
export function recordingClimbs(from: string, resolver: RefResolver, climbs: Record<string, string>): RefResolver {
  return {
    toRef(target, usage) {
      const ref = resolver.toRef?.(target, usage);
      if (ref && ref.kind !== 'url' && climbsAboveRoot(from, target)) {
        const r = resolveRelative(from, target);
        if (r) {
          const key = climbKey(r.path, r.anchor);
          if (!Object.hasOwn(climbs, key)) climbs[key] = target;
        }
      }
      return ref;
    },
  };
}

/**
 * The target as written for the page or file at `path` (`anchor`) from the file at `from`, when the page's `climbs`
 * holds one that still resolves there from `from` (the linking page or the target may have moved since).
 */
export function climbingTarget(climbs: Readonly<Record<string, string>> | undefined, from: string, path: string, anchor?: string): string | undefined {
  if (!climbs) return undefined;
  const written = climbs[climbKey(path, anchor)];
  if (written === undefined) return undefined;
  const r = resolveRelative(from, written);
  return r && r.path === path && r.anchor === anchor ? written : undefined;
}

/**
 * Link targets written in the page file at `from` → refs: paths of `files` (path → file id, links and images) and of
 * `pages` (path → page id, links only, anchors kept); other targets are left to the default codec.
 */
export function pathResolver(from: string, files: ReadonlyMap<string, string>, pages: ReadonlyMap<string, string>): RefResolver {
  return {
    toRef(target, usage): ContentRef | undefined {
      const r = resolveRelative(from, target);
      if (!r) return undefined;
      // A target naming no file is looked up again without zero-width characters (a stray one typed into a link).
      const bare = withoutInvisible(r.path);
      const file = files.get(r.path) ?? files.get(bare);
      if (file) return { kind: 'file', file };
      const page = usage === 'link' ? (pages.get(r.path) ?? pages.get(bare)) : undefined;
      if (page) return r.anchor !== undefined ? { kind: 'anchor', page, anchor: r.anchor } : { kind: 'page', page };
      return undefined;
    },
  };
}

/** The slug of a page from its file path (`a/b.md` → `b`, `a/README.md` → `a`). */
export function slugOfPath(path: string): string {
  const base = basename(path);
  if (/^readme\.md$/i.test(base)) return slugify(basename(dirname(path)) || 'readme') || 'readme';
  return slugify(base.replace(MARKDOWN, '')) || 'page';
}

export function readRepository(listing: RepoListing): RepoSpace {
  const warnings: string[] = [];
  const configText = listing.text('.gitbook.yaml');
  const config = parseGitBookConfig(configText);
  warnings.push(...config.warnings);
  const root = contentRoot(config.root, listing.projectDir ?? '', (dir) => hasFilesUnder(listing.files, dir));
  config.root = root;
  const inRoot = new Map<string, string>();
  for (const [path, oid] of listing.files) {
    if (root && !path.startsWith(`${root}/`)) continue;
    inRoot.set(root ? path.slice(root.length + 1) : path, oid);
  }
  const text = (rel: string) => listing.text(joinPath(root, rel));
  // Paths by their lower case (the first in the tree's order), built on the first lookup that misses.
  let byLower: Map<string, string> | undefined;
  const findCaseless = (rel: string): string | undefined => {
    if (inRoot.has(rel)) return rel;
    if (!byLower) {
      byLower = new Map();
      for (const p of inRoot.keys()) if (!byLower.has(p.toLowerCase())) byLower.set(p.toLowerCase(), p);
    }
    // Then without zero-width characters (a stray one in an entry or in `.gitbook.yaml`; real file names may hold them).
    return byLower.get(rel.toLowerCase()) ?? (withoutInvisible(rel) !== rel ? findCaseless(withoutInvisible(rel)) : undefined);
  };

  const used = new Set<string>();
  const referenced = new Set<string>();
  const pageFromFile = (path: string, entry?: SummaryItem): RepoPage => {
    used.add(path);
    const parsed = parsePageFile(text(path) ?? '');
    for (const w of parsed.warnings) warnings.push(`${path}: ${w}`);
    const git: PageGitMeta = {};
    if (parsed.frontmatter !== null) git.frontmatter = parsed.frontmatter;
    let title = parsed.title;
    if (title === undefined) {
      git.noH1 = true;
      title = entry?.title || basename(path).replace(MARKDOWN, '');
    }
    if (parsed.h1 !== undefined) git.h1 = { raw: parsed.h1, title };
    if (entry && entry.title !== title) git.summaryText = { raw: entry.title, title };
    if (entry?.label !== undefined) git.label = entry.label;
    collectReferences(path, parsed.body, parsed.fields.cover, referenced);
    // A README.md at the root says nothing of its page's slug: it comes from the title (as when the page was made).
    const slug = /^readme\.md$/i.test(path) ? slugify(title) || 'readme' : slugOfPath(path);
    return { type: 'document', title, slug, path, fields: parsed.fields, body: parsed.body, git, children: [] };
  };

  // A readme or table of contents that .gitbook.yaml names but the content root lacks: the same path written from
  // the project directory (`root: ./docs/` with `summary: ./docs/SUMMARY.md`), else GitBook's default name. (A real
  // GitBook-synced repository has both, in a `structure:` key GitBook does not read: it starts with U+200B.) What is
  // found is the setting from here on, so that an export writes where the import read.
  const effective = (configured: string, fallback: string, what: string): string => {
    if (findCaseless(configured) !== undefined) return configured;
    const fromProject = root && configured.toLowerCase().startsWith(`${root.toLowerCase()}/`) ? configured.slice(root.length + 1) : undefined;
    const found = [fromProject, fallback].find((p) => p !== undefined && p !== configured && findCaseless(p) !== undefined);
    if (found === undefined) return configured;
    warnings.push(`.gitbook.yaml names ${configured} as the ${what}, which the content root does not have; ${found} is read instead`);
    return found;
  };
  config.summary = effective(config.summary, 'SUMMARY.md', 'table of contents');
  config.readme = effective(config.readme, 'README.md', 'first page');

  let pages: RepoPage[] = [];
  let summaryTitle: string | undefined;
  let summaryTooDeep: string | undefined;
  const summaryPath = findCaseless(config.summary);
  const readmePath = findCaseless(config.readme);
  let inferred = false;
  if (summaryPath !== undefined) {
    used.add(summaryPath);
    const summary = parseSummary(text(summaryPath) ?? '');
    if (summary.tooDeep) summaryTooDeep = summaryPath;
    if (summary.title !== undefined && summary.title !== 'Table of contents') summaryTitle = summary.title;
    pages = pagesFromSummary(summary, dirname(summaryPath), { findCaseless, pageFromFile, used, warnings });
    if (readmePath !== undefined && !used.has(readmePath)) pages.unshift(pageFromFile(readmePath));
  } else {
    inferred = true;
    pages = inferTree(inRoot, readmePath, pageFromFile);
  }

  // Files: everything under .gitbook/assets, and other non-markdown files the pages refer to.
  const assets: RepoAsset[] = [];
  for (const [path, oid] of inRoot) {
    if (path.startsWith(`${ASSETS_DIR}/`) || (referenced.has(path) && !MARKDOWN.test(path) && !path.startsWith('.gitbook/'))) {
      assets.push({ path, oid, name: basename(path) });
    }
  }

  const variables: Record<string, string> = {};
  const varsText = text(VARS_FILE);
  if (varsText !== undefined) {
    try {
      const v = parse(varsText.replace(/^\ufeff/, ''));
      if (v && typeof v === 'object' && !Array.isArray(v)) {
        for (const [k, val] of Object.entries(v as Record<string, unknown>)) {
          if (val === null || val === undefined) continue;
          variables[k] = typeof val === 'string' ? val : typeof val === 'object' ? JSON.stringify(val) : String(val);
        }
      } else if (v !== null && v !== undefined) warnings.push(`${VARS_FILE} is not a map of variables; ignored`);
    } catch (err) {
      warnings.push(`${VARS_FILE} is not valid YAML (${(err as Error).message.split('\n')[0]}); ignored`);
    }
  }

  const includes: RepoInclude[] = [];
  for (const [path, oid] of inRoot) {
    if (!path.startsWith(`${INCLUDES_DIR}/`) || !MARKDOWN.test(path)) continue;
    const parsed = parsePageFile(text(path) ?? '');
    const fmTitle = parsed.frontmatter ? /^title:\s*(.+)$/m.exec(parsed.frontmatter)?.[1]?.replace(/^["']|["']$/g, '') : undefined;
    includes.push({ path, oid, title: fmTitle ?? parsed.title ?? basename(path).replace(MARKDOWN, '') });
  }

  return { config, root, pages, assets, variables, includes, ...(summaryTitle !== undefined ? { summaryTitle } : {}), inferred, warnings, ...(summaryTooDeep !== undefined ? { summaryTooDeep } : {}) };
}

interface SummaryContext {
  findCaseless(rel: string): string | undefined;
  pageFromFile(path: string, entry?: SummaryItem): RepoPage;
  used: Set<string>;
  warnings: string[];
}

function pagesFromSummary(summary: Summary, base: string, c: SummaryContext): RepoPage[] {
  const top: RepoPage[] = [];
  const item = (entry: SummaryItem): RepoPage[] => {
    let page: RepoPage | undefined;
    if (entry.raw !== undefined) {
      const computed = parseComputedEntry(entry.raw);
      const spec = (computed?.dependencies as { spec?: { ref?: { spec?: unknown } } } | undefined)?.spec?.ref?.spec;
      page = computed
        ? { type: 'computed', title: typeof spec === 'string' && spec ? spec : 'Computed content', slug: '', fields: {}, body: '', git: { raw: entry.raw }, computed, children: [] }
        : { type: 'link', title: entry.title || 'Computed content', slug: '', fields: { hidden: true }, body: '', git: { raw: entry.raw }, href: '', children: [] };
    } else if (entry.target === undefined) {
      page = { type: 'document', title: entry.title, slug: slugify(entry.title) || 'page', fields: {}, body: '', git: { linkless: true }, children: [] };
    } else if (SCHEME.test(entry.target)) {
      page = { type: 'link', title: entry.title, slug: '', fields: {}, body: '', git: entry.label !== undefined ? { label: entry.label } : {}, href: entry.target, children: [] };
    } else {
      const resolved = resolveRelative(joinPath(base, 'SUMMARY.md'), entry.target);
      const path = resolved && c.findCaseless(resolved.path);
      if (!resolved || path === undefined) {
        c.warnings.push(`SUMMARY.md: "${entry.title}" points at ${entry.target}, which does not exist; skipped`);
      } else if (resolved.anchor !== undefined || c.used.has(path)) {
        // A second entry for a file already listed, or an entry pointing into a page: a link entry.
        page = { type: 'link', title: entry.title, slug: '', fields: {}, body: '', git: entry.label !== undefined ? { label: entry.label } : {}, href: entry.target, children: [] };
      } else {
        page = c.pageFromFile(path, entry);
      }
    }
    const children = entry.children.flatMap(item);
    if (!page) return children.length ? [{ type: 'document', title: entry.title, slug: slugify(entry.title) || 'page', fields: {}, body: '', git: { linkless: true }, children }] : [];
    if ((page.type === 'link' || page.type === 'computed') && children.length) {
      // A link page has no children (GitBook's neither): they follow it as its siblings, never dropped (a SUMMARY.md
      // GitBook wrote lists a page twice, the second time with children: KyberNetwork/kyberswap-documentation).
      c.warnings.push(`SUMMARY.md: the link entry "${entry.title}" has child entries; they are placed after it`);
      return [{ ...page, children: [] }, ...children];
    }
    page.children = children;
    return [page];
  };
  for (const group of summary.groups) {
    const items = group.items.flatMap(item);
    if (group.title === undefined) top.push(...items);
    else {
      top.push({
        type: 'group', title: group.title, slug: group.anchor ?? (slugify(group.title) || 'group'), fields: {}, body: '',
        git: {}, children: items,
      });
    }
  }
  return top;
}

/** A page tree from folders: README.md first, then files and folders by name; a folder's README.md is its page. */
function inferTree(files: Map<string, string>, readme: string | undefined, pageFromFile: (p: string) => RepoPage): RepoPage[] {
  const md = [...files.keys()].filter((p) => MARKDOWN.test(p) && !p.startsWith('.') && !p.includes('/.') && !/(^|\/)(SUMMARY|summary)\.md$/.test(p));
  const level = (dir: string): RepoPage[] => {
    const prefix = dir ? `${dir}/` : '';
    const here = md.filter((p) => p.startsWith(prefix) && !p.slice(prefix.length).includes('/'));
    const subdirs = [...new Set(md.filter((p) => p.startsWith(prefix) && p.slice(prefix.length).includes('/')).map((p) => prefix + p.slice(prefix.length).split('/')[0]))];
    const entries: { name: string; page: RepoPage }[] = [];
    for (const p of here) {
      if (/^readme\.md$/i.test(p.slice(prefix.length))) continue;
      entries.push({ name: p.slice(prefix.length).toLowerCase(), page: pageFromFile(p) });
    }
    for (const d of subdirs) {
      const readmeFile = md.find((p) => p.toLowerCase() === `${d}/readme.md`.toLowerCase());
      const children = level(d);
      if (readmeFile) entries.push({ name: d.slice(prefix.length).toLowerCase(), page: { ...pageFromFile(readmeFile), children } });
      else if (children.length) {
        const title = d.slice(prefix.length);
        entries.push({ name: title.toLowerCase(), page: { type: 'document', title, slug: slugify(title) || 'page', fields: {}, body: '', git: { linkless: true }, children } });
      }
    }
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    return entries.map((e) => e.page);
  };
  const pages = level('');
  if (readme) pages.unshift(pageFromFile(readme));
  return pages;
}

/** Paths of non-page files a page refers to (images, links to files, the cover), resolved against its file. */
function collectReferences(from: string, body: string, cover: string | undefined, out: Set<string>): void {
  const add = (target: string) => {
    const r = resolveRelative(from, target.trim().replace(/^<|>$/g, ''));
    if (r && !MARKDOWN.test(r.path)) out.add(r.path);
  };
  if (cover) add(cover);
  for (const m of body.matchAll(/\]\(\s*(<[^>]*>|[^\s)]+)/g)) add(m[1]!);
  for (const m of body.matchAll(/\b(?:src|href|url)="([^"]+)"/g)) add(m[1]!);
}

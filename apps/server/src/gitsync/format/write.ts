// Writing a space as a synced folder (GitBook's Git Sync format): the inverse of read.ts. Gives every page and file
// its path — the one it was imported from or last exported to when it has one (paths are identities: keeping them
// avoids the add-plus-orphan churn of renames), else GitBook's convention — and renders SUMMARY.md, the page files,
// `.gitbook/vars.yaml` and the reusable contents. Page bodies are rendered by the caller (their links need the
// content pipeline); see gitsync/sync.ts.
import { Document, isMap, parse, parseDocument, YAMLMap } from 'yaml';
import { slugify } from '../../content/slug.js';
import { ASSETS_DIR, climbingTarget, slugOfPath, VARS_FILE, type PageGitMeta } from './read.js';
import { formatFrontmatter, formatPageFile, type FrontmatterFields } from './page-file.js';
import { formatComputedEntry, formatSummary, parseComputedEntry, type Summary, type SummaryGroup, type SummaryItem } from './summary.js';
import { canonicalJson, type JsonObject } from '../../content/hash.js';

export interface ExportPage {
  id: string;
  type: 'document' | 'group' | 'link' | 'computed';
  /** Computed pages: their source (written as SUMMARY.md's fenced YAML entry). */
  computed?: Record<string, unknown>;
  title: string;
  slug: string;
  fields: FrontmatterFields;
  git: PageGitMeta;
  /** Path the page had at the last sync (relative to the content root). */
  recordedPath?: string;
  children: ExportPage[];
}

export interface ExportFile {
  id: string;
  name: string;
  /** Path the file had at the last sync (relative to the content root). */
  recordedPath?: string;
  /** Content hash, to reuse the path of an identical asset instead of adding ` (1)`. */
  blob: string;
}

export interface PathPlan {
  pages: Map<string, string>;
  files: Map<string, string>;
  /** Folders of pages (what a child page's path starts with), by page id. */
  folders: Map<string, string>;
}

const dirname = (p: string) => (p.lastIndexOf('/') < 0 ? '' : p.slice(0, p.lastIndexOf('/')));
const join = (dir: string, name: string) => (dir ? `${dir}/${name}` : name);

/** ` (1)`, ` (2)`… before the extension, as GitBook names colliding uploads. */
export function collisionName(name: string, n: number): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? `${name.slice(0, dot)} (${n})${name.slice(dot)}` : `${name} (${n})`;
}

/** Paths for every page and file. The first top-level document is the readme (`readme`, default README.md). */
export function planPaths(pages: ExportPage[], files: ExportFile[], readme = 'README.md'): PathPlan {
  const plan: PathPlan = { pages: new Map(), files: new Map(), folders: new Map() };
  const taken = new Set<string>();
  const takenLower = new Set<string>();
  // Every folder that holds a claimed path (lower case), so "is this folder used?" is one lookup.
  const usedFolders = new Set<string>();
  const claim = (p: string) => {
    taken.add(p);
    const lower = p.toLowerCase();
    takenLower.add(lower);
    for (let i = lower.lastIndexOf('/'); i > 0; i = lower.lastIndexOf('/', i - 1)) {
      const folder = lower.slice(0, i);
      if (usedFolders.has(folder)) break;
      usedFolders.add(folder);
    }
  };
  const free = (p: string) => !takenLower.has(p.toLowerCase());
  const folderFree = (f: string) => !usedFolders.has(f.toLowerCase());
  // Pages that keep their recorded path claim it first, so new pages never take it. A recorded path is the
  // repository's own: two files whose names differ only in case (`Info.png` and `info.png`, both in a real GitBook
  // repository) keep theirs; only new paths avoid case-insensitive clashes.
  const visitRecorded = (list: ExportPage[]) => {
    for (const p of list) {
      if (p.type === 'document' && p.recordedPath && !p.git.linkless && !taken.has(p.recordedPath)) {
        plan.pages.set(p.id, p.recordedPath);
        claim(p.recordedPath);
      }
      visitRecorded(p.children);
    }
  };
  visitRecorded(pages);
  const firstDoc = pages.find((p) => p.type === 'document' && !p.git.linkless);
  if (firstDoc && !plan.pages.has(firstDoc.id) && free(readme)) {
    plan.pages.set(firstDoc.id, readme);
    claim(readme);
  }
  const visit = (list: ExportPage[], folder: string) => {
    for (const p of list) {
      let own = plan.pages.get(p.id);
      if (p.type === 'document' && !p.git.linkless && own === undefined) {
        const base = slugify(p.slug || p.title) || 'page';
        // The import reads a page's slug back from its file name (`slugOfPath`): only paths that give `base` back
        // will do. `base.md`, or `base/README.md` for a page with children (or when `base.md` is taken or would read
        // as a folder's readme: a page titled "Readme"). When those are taken (the readme's children share the
        // root with groups' folders), `base-n/base.md` in a folder of its own.
        const fits = (candidate: string) => slugOfPath(candidate) === base;
        const asFolder = join(join(folder, base), 'README.md');
        for (const candidate of p.children.length ? [asFolder] : [join(folder, `${base}.md`), asFolder]) {
          // A new folder page must not land in a folder other pages already use, nor a file on another's path.
          if (own === undefined && fits(candidate) && free(candidate) && (candidate !== asFolder || folderFree(join(folder, base)))) own = candidate;
        }
        for (let n = 1; own === undefined; n++) {
          const dir = join(folder, `${base}-${n}`);
          if (!folderFree(dir)) continue;
          own = [join(dir, `${base}.md`), join(join(dir, base), 'README.md')].find((candidate) => fits(candidate) && free(candidate));
        }
        plan.pages.set(p.id, own);
        claim(own);
      }
      let childFolder: string;
      if (p.type === 'group') childFolder = join(folder, p.slug || slugify(p.title) || 'group');
      else if (own === undefined) childFolder = join(folder, slugify(p.slug || p.title) || 'page');
      else if (/(^|\/)readme\.md$/i.test(own)) childFolder = dirname(own);
      else childFolder = own.replace(/\.md$/i, '');
      plan.folders.set(p.id, childFolder);
      visit(p.children, childFolder);
    }
  };
  visit(pages, '');
  // Files: recorded paths first; new files under .gitbook/assets with GitBook's ` (n)` suffixes, or the path of an
  // identical asset already there.
  const byBlob = new Map<string, string>();
  for (const f of files) {
    if (f.recordedPath && !taken.has(f.recordedPath)) {
      plan.files.set(f.id, f.recordedPath);
      claim(f.recordedPath);
      byBlob.set(f.blob, f.recordedPath);
    }
  }
  for (const f of files) {
    if (plan.files.has(f.id)) continue;
    const same = byBlob.get(f.blob);
    if (same && same.slice(same.lastIndexOf('/') + 1) === f.name) {
      plan.files.set(f.id, same);
      continue;
    }
    const name = f.name.replace(/[/\\]/g, '-') || 'file';
    let path = join(ASSETS_DIR, name);
    for (let n = 1; !free(path); n++) path = join(ASSETS_DIR, collisionName(name, n));
    plan.files.set(f.id, path);
    claim(path);
    byBlob.set(f.blob, path);
  }
  return plan;
}

/** A relative link from the file at `from` to `to` (both relative to the content root). */
export function relativePath(from: string, to: string): string {
  const a = dirname(from).split('/').filter(Boolean);
  const b = to.split('/');
  let i = 0;
  while (i < a.length && i < b.length - 1 && a[i] === b[i]) i++;
  const up = a.length - i;
  const rest = b.slice(i).join('/');
  return `${'../'.repeat(up)}${rest}`;
}

/**
 * A link from the page file at `from` to the page file at `to`, as GitBook writes it in page bodies: a folder's
 * README.md is the folder with a trailing `/` (`guide/`, `../`, `./` for the folder of `from`).
 */
export function pageLinkPath(from: string, to: string): string {
  const base = to.slice(to.lastIndexOf('/') + 1);
  if (base !== 'README.md') return relativePath(from, to);
  const folder = relativePath(from, dirname(to) ? `${dirname(to)}/x` : 'x').slice(0, -1);
  return folder === '' ? './' : folder;
}

/** A content reference as a link: pages and files by the paths of `plan` (page links in bodies as GitBook writes them). */
export interface RefPlan {
  pages: ReadonlyMap<string, string>;
  files: ReadonlyMap<string, string>;
}

/**
 * Where a reference written in the file at `from` points: a relative path (in page bodies a folder's README.md as
 * the folder, `x/`; in SUMMARY.md the file), GitBook's `/broken/pages/<id>` or `/broken/files/<id>` when the target
 * has no path, undefined for other references (URLs…).
 */
export function refTarget(plan: RefPlan, from: string, ref: { kind: string; page?: string; anchor?: string; file?: string }, summary = false, climbs?: Readonly<Record<string, string>>): string | undefined {
  if (ref.kind === 'page' || (ref.kind === 'anchor' && ref.page)) {
    const path = plan.pages.get(ref.page!);
    if (!path) return ref.kind === 'anchor' ? `/broken/pages/${ref.page}#${ref.anchor}` : `/broken/pages/${ref.page}`;
    // A target climbing above the root as it was read, while it still resolves here (read.ts, `climbs`).
    const written = climbingTarget(climbs, from, path, ref.kind === 'anchor' ? ref.anchor : undefined);
    if (written !== undefined) return written;
    const rel = summary ? relativePath(from, path) : pageLinkPath(from, path);
    return ref.kind === 'anchor' ? `${rel}#${ref.anchor}` : rel;
  }
  if (ref.kind === 'file' && ref.file) {
    const path = plan.files.get(ref.file);
    return path ? (climbingTarget(climbs, from, path) ?? relativePath(from, path)) : `/broken/files/${ref.file}`;
  }
  return undefined;
}

export interface SummaryOptions {
  title?: string;
  summaryPath: string;
  /** Destination of a link page's entry (a URL, or a path relative to SUMMARY.md with an anchor). */
  linkTarget(page: ExportPage): string | undefined;
}

/** The SUMMARY.md of a page tree. */
export function renderSummary(pages: ExportPage[], plan: PathPlan, opts: SummaryOptions): string {
  const text = (p: ExportPage) => (p.git.summaryText && p.git.summaryText.title === p.title ? p.git.summaryText.raw : p.title);
  const item = (p: ExportPage): SummaryItem | undefined => {
    const children = p.children.map(item).filter((c): c is SummaryItem => c !== undefined);
    if (p.type === 'computed') return { title: '', raw: computedRaw(p), children };
    if (p.git.raw !== undefined) return { title: '', raw: p.git.raw, children };
    if (p.type === 'link') {
      const target = opts.linkTarget(p);
      return { title: text(p), ...(target !== undefined ? { target } : {}), ...(p.git.label !== undefined ? { label: p.git.label } : {}), children };
    }
    if (p.git.linkless) return { title: text(p), children };
    const path = plan.pages.get(p.id);
    return { title: text(p), ...(path ? { target: relativePath(opts.summaryPath, path) } : {}), ...(p.git.label !== undefined ? { label: p.git.label } : {}), children };
  };
  const groups: SummaryGroup[] = [{ items: [] }];
  for (const p of pages) {
    if (p.type === 'group') {
      const slug = slugify(p.title);
      groups.push({ title: p.title, ...(p.slug && p.slug !== slug ? { anchor: p.slug } : {}), items: p.children.map(item).filter((c): c is SummaryItem => c !== undefined) });
    } else {
      const it = item(p);
      // A top-level page after a group starts an untitled group (written after a `***` line).
      if (it && groups[groups.length - 1]!.title !== undefined) groups.push({ items: [] });
      if (it) groups[groups.length - 1]!.items.push(it);
    }
  }
  const summary: Summary = { ...(opts.title !== undefined ? { title: opts.title } : {}), groups: groups[0]!.items.length ? groups : groups.slice(1) };
  return formatSummary(summary);
}

/** A computed page's entry: as it was read while it says the same source, else written GitBook's way. */
export function computedRaw(p: Pick<ExportPage, 'computed' | 'git'>): string {
  const computed = p.computed ?? {};
  if (p.git.raw !== undefined) {
    const read = parseComputedEntry(p.git.raw);
    if (read && canonicalJson(read as JsonObject) === canonicalJson(computed as JsonObject)) return p.git.raw;
  }
  return formatComputedEntry(computed);
}

/** A page's file. */
export function renderPageFile(page: ExportPage, body: string): string {
  const frontmatter = formatFrontmatter(page.fields, page.git.frontmatter);
  const h1 = page.git.h1 && page.git.h1.title === page.title ? page.git.h1.raw : undefined;
  return formatPageFile({ frontmatter, title: page.title, ...(h1 !== undefined ? { h1 } : {}), body });
}

/** `.gitbook/vars.yaml` for `variables`: `raw` as it was when it says the same, else patched; null for no file. */
export function renderVariables(variables: Record<string, string>, raw: string | undefined): string | null {
  const same = (text: string) => {
    try {
      const v = (parse(text) ?? {}) as Record<string, unknown>;
      const keys = Object.keys(v).filter((k) => v[k] !== null && v[k] !== undefined);
      return keys.length === Object.keys(variables).length && keys.every((k) => (typeof v[k] === 'string' ? v[k] : typeof v[k] === 'object' ? JSON.stringify(v[k]) : String(v[k])) === variables[k]);
    } catch {
      return false;
    }
  };
  if (raw !== undefined && same(raw)) return raw;
  if (Object.keys(variables).length === 0) return raw === undefined ? null : '';
  let doc: Document;
  try {
    doc = raw !== undefined ? parseDocument(raw) : new Document(new YAMLMap());
    if (doc.errors.length || !isMap(doc.contents)) doc = new Document(new YAMLMap());
  } catch {
    doc = new Document(new YAMLMap());
  }
  const map = doc.contents as YAMLMap;
  for (const item of [...map.items]) {
    const key = String((item.key as { value?: unknown })?.value ?? item.key);
    if (!(key in variables)) doc.delete(key);
  }
  for (const [k, v] of Object.entries(variables)) if (doc.get(k) !== v) doc.set(k, v);
  return doc.toString();
}

export { VARS_FILE };

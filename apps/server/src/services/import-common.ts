// What every content import source shares (services/import-sources.ts and the sources in services/import-*.ts): the
// bundle a source produces, the limits, and fetching and unpacking within them.
import { splitFrontmatter } from '../content/markdown.js';
import { storeImported } from '../content/process.js';
import type { RefResolver } from '../content/content-ref.js';
import type { AppContext } from '../context.js';
import { DEFAULT_LIMITS as DEFAULT_GIT_LIMITS, type GitLimits } from '../gitsync/git.js';
import { bodyAfterTitle } from '../gitsync/format/page-file.js';
import { invalidField } from '../errors.js';
import { newId } from '../lib/ids.js';
import { safeFetch, UnsafeUrlError, type SafeFetchResult } from '../lib/ssrf.js';
import { DEFAULT_ZIP_LIMITS, readZip, ZipLimitError, type ZipEntry, type ZipLimits } from '../lib/zip.js';

export const IMPORT_SOURCES = ['markdown', 'html', 'docx', 'zip', 'website', 'github-wiki', 'notion', 'confluence'] as const;
export type ImportSource = (typeof IMPORT_SOURCES)[number];

export interface ImportLimits {
  /** One document (markdown, html, a crawled page). */
  documentBytes: number;
  docxBytes: number;
  zipBytes: number;
  zip: ZipLimits;
  /** Pages of a zip import. */
  maxPages: number;
  crawl: { maxPages: number; maxDepth: number; maxBytes: number; timeMs: number; concurrency: number };
  /** A wiki repository (github-wiki): git's limits (time per command, bytes fetched, files), markdown and other files read. */
  wiki: { git: GitLimits; textBytes: number; fileBytes: number };
}

export const IMPORT_LIMITS: ImportLimits = {
  documentBytes: 5 * 1024 * 1024,
  docxBytes: 25 * 1024 * 1024,
  zipBytes: 100 * 1024 * 1024,
  zip: DEFAULT_ZIP_LIMITS,
  maxPages: 5_000,
  crawl: { maxPages: 500, maxDepth: 5, maxBytes: 50 * 1024 * 1024, timeMs: 60_000, concurrency: 4 },
  wiki: {
    git: { ...DEFAULT_GIT_LIMITS, timeoutMs: 2 * 60_000, maxFetchBytes: 512 * 1024 * 1024, maxFiles: 10_000 },
    textBytes: 64 * 1024 * 1024,
    fileBytes: 256 * 1024 * 1024,
  },
};

export interface ImportNode {
  id: string;
  type: 'document' | 'group' | 'link';
  title: string;
  markdown?: string;
  href?: string;
  description?: string;
  icon?: string;
  hidden?: boolean;
  children: ImportNode[];
}

export interface ImportFile {
  id: string;
  name: string;
  /** The bytes: for a file of an archive, inflated anew at each read (read it once, when storing it). */
  readonly data: Buffer;
}

export interface ImportBundle {
  pages: ImportNode[];
  files: ImportFile[];
  variables?: Record<string, string>;
  /** Resources found (pages and files), imported or not. */
  total: number;
}

export const SCHEME = /^[a-z][a-z\d+.-]*:|^\/\//i;

export function titleFromUrl(url: string): string {
  try {
    const u = new URL(url);
    const last = decodeURIComponent(u.pathname.split('/').filter(Boolean).pop() ?? '').replace(/\.[a-z0-9]+$/i, '');
    return (last.replace(/[-_]+/g, ' ').trim() || u.hostname).slice(0, 500);
  } catch {
    return 'Imported page';
  }
}

/** A markdown document as a page: title from front matter or the first level-1 heading (which is then dropped). */
export function markdownPage(text: string, url: string): { title: string; markdown: string } {
  const { frontmatter, body } = splitFrontmatter(text);
  // Linear scans: lazy patterns followed by optional runs (`(.+?)[ \t#]*$`) are quadratic on long lines.
  const fmLine = frontmatter ? /^title:[ \t]*(.*)$/m.exec(frontmatter)?.[1] : undefined;
  const fmTitle = fmLine === undefined ? undefined : fmLine.trim().replace(/^["']/, '').replace(/["']$/, '').trim();
  if (fmTitle) return { title: fmTitle, markdown: body };
  const heading = /^#[ \t]+(.*)$/m.exec(body);
  if (heading && body.slice(0, heading.index).trim() === '') {
    const text = heading[1]!;
    let end = text.length;
    while (end > 0 && (text[end - 1] === ' ' || text[end - 1] === '\t' || text[end - 1] === '#')) end--;
    const title = text.slice(0, end) || text.trim();
    // As in a page file: the title line's end and the blank line after it go, more are GitBook's empty paragraphs.
    if (title) return { title, markdown: bodyAfterTitle(body.slice(heading.index + heading[0].length + 1)) };
  }
  return { title: titleFromUrl(url), markdown: body };
}

/**
 * Markdown as stored (normal form), its link and image targets resolved by `resolver`: on the content worker pool
 * (content/process.ts storeImported), as every conversion of an import is.
 */
export const stored = async (markdown: string, resolver?: RefResolver): Promise<string> => (await storeImported([{ markdown, resolver }]))[0]!;

export async function fetchUrl(ctx: AppContext, url: string, maxBytes: number, accept: string, field = '/body/url'): Promise<SafeFetchResult> {
  let res: SafeFetchResult;
  try {
    res = await safeFetch(url, { allowPrivate: ctx.config.allowPrivateUrls, maxBytes, timeoutMs: 20_000, headers: { accept } });
  } catch (err) {
    if (err instanceof UnsafeUrlError) throw invalidField(field, `cannot be fetched: ${err.message}`);
    throw invalidField(field, `could not be fetched (${(err as Error).message})`);
  }
  if (res.status < 200 || res.status >= 300) throw invalidField(field, `answered HTTP ${res.status}`);
  return res;
}

export function doc(title: string, markdown: string, extra: Partial<ImportNode> = {}): ImportNode {
  return { id: newId(), type: 'document', title: (title.trim() || 'Untitled').slice(0, 500), markdown, children: [], ...extra };
}

export function zipEntries(buf: Buffer, limits: ImportLimits, what: string): ZipEntry[] {
  try {
    return readZip(buf, limits.zip);
  } catch (err) {
    if (err instanceof ZipLimitError) throw invalidField('/body/url', `${what} ${err.message}`);
    throw err;
  }
}

/** Drops a folder that holds everything (archives of a folder). */
export function stripCommonFolder(entries: ZipEntry[]): ZipEntry[] {
  const kept = entries.filter((e) => !/(^|\/)\.DS_Store$/.test(e.path));
  const first = kept[0]?.path.split('/')[0];
  if (!first || !kept.every((e) => e.path.startsWith(`${first}/`))) return kept;
  return stripCommonFolder(kept.map((e) => e.at(e.path.slice(first.length + 1))));
}

/** How far a read is: resources (pages, entries) found, and read. */
export interface ImportProgress {
  stage?: string;
  found: number;
  read: number;
}

/**
 * The files of an archive that its pages use, by path: each becomes a file of the import the first time a page
 * refers to it (`fileFor`), when the archive holds it and `isFile` accepts it (pages and indexes are not files).
 */
export function archiveFiles(byPath: ReadonlyMap<string, ZipEntry>, isFile: (path: string) => boolean): { files: ImportFile[]; fileFor: (path: string) => string | undefined } {
  const files: ImportFile[] = [];
  const fileByPath = new Map<string, string>();
  const fileFor = (path: string): string | undefined => {
    const known = fileByPath.get(path);
    if (known) return known;
    const entry = byPath.get(path);
    if (!entry || !isFile(path)) return undefined;
    const id = newId();
    files.push(archiveFile(id, path.slice(path.lastIndexOf('/') + 1), entry));
    fileByPath.set(path, id);
    return id;
  };
  return { files, fileFor };
}

/** A file of an import read from an archive's entry when its `data` is read (when it is stored), not before. */
export function archiveFile(id: string, name: string, entry: ZipEntry): ImportFile {
  return { id, name, get data() { return entry.data; } };
}

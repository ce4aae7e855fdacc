// Content import of a GitHub wiki (source `github-wiki`): the wiki's git repository (`https://github.com/<o>/<r>/wiki`
// is read as `https://github.com/<o>/<r>.wiki.git`; any other URL is taken as the git URL of a wiki repository) is
// fetched by Git Sync's git machinery (gitsync/git.ts: the SSRF guard with pinned addresses, no redirects, http(s)
// only, time and size limits, `--depth=1`) into a temporary bare repository (`<dataDir>/import-tmp/wiki-*`) that is
// removed afterwards (and, left by a process that died, by the next wiki import after 6 hours).
//
// Pages are the markdown files (`.md`, `.markdown`, `.mdown`, `.mkdn`, `.mkd`), titled from their names as GitHub
// shows them (`Getting-Started.md` → "Getting Started"); `Home` is the first page, then the pages in the order
// `_Sidebar.md` links them, then the others by title. `_Sidebar`, `_Footer` and `_Header` are not pages. Wiki links
// (`[[Page Name]]`, `[[text|Page Name]]`, `[[image.png]]`), relative links to pages (`Page-Name`, `./Page-Name.md`,
// the wiki's own URLs) become page links, and images of the wiki become files. Files in other markup languages
// (`.textile`, `.rdoc`, `.mediawiki`…) are counted but not imported.
//
// Linear in the repository: one pass over the listing, one over each page's lines for wiki links (the pattern's
// runs cannot overlap: they stop at brackets), lookups by maps.
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { ContentRef } from '../content/document.js';
import type { RefResolver } from '../content/content-ref.js';
import { formatBytes } from '../content/limits.js';
import type { AppContext } from '../context.js';
import { invalidField } from '../errors.js';
import { GitError, prepareRemote, RepoCache } from '../gitsync/git.js';
import { joinPath } from '../gitsync/format/config.js';
import { newId } from '../lib/ids.js';
import { storeImported } from '../content/process.js';
import { doc, SCHEME, type ImportBundle, type ImportFile, type ImportLimits, type ImportProgress } from './import-common.js';

const PAGE_EXT = /\.(md|markdown|mdown|mkdn|mkd)$/i;
const IMAGE_EXT = /\.(png|jpe?g|gif|svg|webp|bmp|ico|avif|tiff?)$/i;
/** A temporary repository older than this is left by a process that died (an import's git commands take minutes). */
const STALE_MS = 6 * 3600_000;
const SPECIAL = new Set(['_sidebar', '_footer', '_header']);
/** `[[a]]` or `[[a|b]]`: runs stop at brackets, `|` and line ends, so matching is linear. */
const WIKI_LINK = /\[\[([^[\]|\n]+)(?:\|([^[\]\n]+))?\]\]/g;

/** The git URL of a wiki and the prefix of its pages on the web (for links written as absolute URLs). */
export function wikiRemote(url: string): { git: string; web?: string } {
  const m = /^https?:\/\/(?:www\.)?github\.com\/([^/?#]+)\/([^/?#]+)\/wiki(?:[/?#].*)?$/i.exec(url);
  if (m) return { git: `https://github.com/${m[1]}/${m[2]}.wiki.git`, web: `https://github.com/${m[1]}/${m[2]}/wiki/` };
  const git = /^(https?:\/\/[^?#]+)\.wiki\.git\/?$/i.exec(url);
  return git ? { git: url, web: `${git[1]}/wiki/` } : { git: url };
}

const baseName = (path: string): string => path.slice(path.lastIndexOf('/') + 1);
const stem = (path: string): string => baseName(path).replace(PAGE_EXT, '');
/** How links name a page: the file name without extension, spaces as `-`, case ignored. */
const pageKey = (name: string): string => name.trim().replace(PAGE_EXT, '').replace(/ /g, '-').toLowerCase();

function decode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/** Wiki links as markdown links and images, outside fenced code blocks and code spans. */
export function convertWikiLinks(markdown: string): string {
  if (!markdown.includes('[[')) return markdown;
  let fence: string | undefined;
  return markdown.split('\n').map((line) => {
    const f = /^ {0,3}(`{3,}|~{3,})/.exec(line)?.[1];
    if (fence) {
      if (f && f[0] === fence[0] && f.length >= fence.length && line.trim() === f) fence = undefined;
      return line;
    }
    if (f) {
      fence = f;
      return line;
    }
    if (!line.includes('[[')) return line;
    // Even pieces are outside code spans (a backtick run opens or closes one; close enough for wiki pages).
    return line.split('`').map((piece, i) => (i % 2 ? piece : piece.replace(WIKI_LINK, (_all, a: string, b: string | undefined) => {
      const first = a.trim();
      const second = b?.trim();
      if (IMAGE_EXT.test(first) && (second === undefined || /^alt=/i.test(second))) {
        return `![${(second ?? '').replace(/^alt=/i, '')}](${encodeURI(first)})`;
      }
      // GitHub's order: `[[Link text|Page name]]`.
      const target = second ?? first;
      if (SCHEME.test(target)) return `[${first}](${encodeURI(target)})`;
      const hash = target.indexOf('#');
      const page = (hash < 0 ? target : target.slice(0, hash)).trim().replace(/ /g, '-');
      const anchor = hash < 0 ? '' : `#${encodeURIComponent(target.slice(hash + 1).trim())}`;
      return `[${first}](${encodeURIComponent(page)}${anchor})`;
    }))).join('`');
  }).join('\n');
}

function gitFailure(err: unknown): never {
  if (err instanceof GitError) {
    const what = err.kind === 'unsafe' ? 'cannot be fetched' : err.kind === 'limit' || err.kind === 'timeout' ? 'is too large' : 'could not be read as a wiki repository';
    throw invalidField('/body/url', `${what}: ${err.message}`);
  }
  throw err;
}

/** Removes what imports of processes that died left (older than any import can run: STALE_MS). */
function removeStale(tmpRoot: string): void {
  const before = Date.now() - STALE_MS;
  for (const name of readdirSync(tmpRoot)) {
    if (!name.startsWith('wiki-')) continue;
    try {
      if (statSync(join(tmpRoot, name)).mtimeMs < before) rmSync(join(tmpRoot, name), { recursive: true, force: true });
    } catch {
      /* removed meanwhile */
    }
  }
}

export async function importGithubWiki(ctx: AppContext, url: string, limits: ImportLimits, onProgress?: (p: ImportProgress) => void): Promise<ImportBundle> {
  const { git, web } = wikiRemote(url);
  const tmpRoot = join(ctx.config.dataDir, 'import-tmp');
  mkdirSync(tmpRoot, { recursive: true });
  removeStale(tmpRoot);
  const dir = mkdtempSync(join(tmpRoot, 'wiki-'));
  try {
    let cache: RepoCache;
    let listing: Map<string, { oid: string; size: number; mode: string }>;
    try {
      const remote = await prepareRemote(git, { allowPrivate: ctx.config.allowPrivateUrls });
      cache = await RepoCache.open(dir, remote, limits.wiki.git);
      // HEAD, else GitHub's wiki branch (master), else main (a bare repository whose HEAD names a missing branch).
      const commit = (await cache.fetch('HEAD')) ?? (await cache.fetch('refs/heads/master')) ?? (await cache.fetch('refs/heads/main'));
      if (!commit) throw invalidField('/body/url', 'is a wiki repository with no pages (no commit)');
      listing = await cache.listTree(commit, '');
    } catch (err) {
      gitFailure(err);
    }
    const pagePaths: string[] = [];
    const imagePaths: string[] = [];
    let sidebar: string | undefined;
    let textBytes = 0;
    let fileBytes = 0;
    for (const [path, entry] of listing) {
      if (entry.mode === '120000' || entry.mode === '160000') continue;
      if (PAGE_EXT.test(path)) {
        textBytes += entry.size;
        const key = pageKey(stem(path));
        if (key === '_sidebar' && !sidebar) sidebar = path;
        if (!SPECIAL.has(key)) pagePaths.push(path);
      } else if (IMAGE_EXT.test(path)) {
        fileBytes += entry.size;
        imagePaths.push(path);
      }
    }
    onProgress?.({ found: listing.size, read: 0 });
    if (!pagePaths.length) throw invalidField('/body/url', 'is a repository with no markdown (.md) pages');
    if (pagePaths.length > limits.maxPages) throw invalidField('/body/url', `holds ${pagePaths.length} pages, more than the limit of ${limits.maxPages} pages per import`);
    if (textBytes > limits.wiki.textBytes) {
      throw invalidField('/body/url', `holds ${formatBytes(textBytes)} of markdown, more than the limit of ${formatBytes(limits.wiki.textBytes)} per import`);
    }
    if (fileBytes > limits.wiki.fileBytes) {
      throw invalidField('/body/url', `holds ${formatBytes(fileBytes)} of images, more than the limit of ${formatBytes(limits.wiki.fileBytes)} per import`);
    }
    let blobs: Map<string, Buffer>;
    try {
      blobs = await cache.readBlobs([...pagePaths, ...(sidebar ? [sidebar] : []), ...imagePaths].map((p) => listing.get(p)!.oid));
    } catch (err) {
      gitFailure(err);
    }
    const text = (path: string): string => blobs.get(listing.get(path)!.oid)?.toString('utf8') ?? '';

    // Pages by key (the first by path when two folders hold the same name, as links cannot tell them apart).
    pagePaths.sort();
    const idByPath = new Map(pagePaths.map((p) => [p, newId()]));
    const pageByKey = new Map<string, string>();
    for (const p of pagePaths) if (!pageByKey.has(pageKey(stem(p)))) pageByKey.set(pageKey(stem(p)), p);
    const images = new Set(imagePaths);
    const fileByPath = new Map<string, string>();
    const files: ImportFile[] = [];
    const fileFor = (path: string): string | undefined => {
      const known = fileByPath.get(path);
      if (known) return known;
      const data = images.has(path) ? blobs.get(listing.get(path)!.oid) : undefined;
      if (!data) return undefined;
      const id = newId();
      files.push({ id, name: baseName(path), data });
      fileByPath.set(path, id);
      return id;
    };
    /** A link target written in the page at `from`, as a path in the wiki (or undefined: not the wiki's). */
    const local = (target: string): { path: string; anchor?: string } | undefined => {
      let t = target;
      if (web && t.toLowerCase().startsWith(web.toLowerCase())) t = t.slice(web.length);
      else if (web && t.toLowerCase() === web.slice(0, -1).toLowerCase()) t = 'Home';
      else if (SCHEME.test(t) || t.startsWith('#')) return undefined;
      const hash = t.indexOf('#');
      const anchor = hash < 0 ? undefined : decode(t.slice(hash + 1));
      const path = (hash < 0 ? t : t.slice(0, hash)).replace(/\?.*$/, '');
      return { path: path.split('/').map(decode).join('/'), ...(anchor !== undefined ? { anchor } : {}) };
    };
    const resolverFor = (from: string): RefResolver => ({
      toRef(target, usage): ContentRef | undefined {
        const r = local(target);
        if (!r) return undefined;
        if (IMAGE_EXT.test(r.path)) {
          // GitHub shows every page at /wiki/<name>: relative paths are read from the wiki's root, then from the file's folder.
          const dir = from.slice(0, Math.max(0, from.lastIndexOf('/')));
          const file = fileFor(joinPath(r.path)) ?? (dir ? fileFor(joinPath(dir, r.path)) : undefined);
          return file ? { kind: 'file', file } : undefined;
        }
        if (usage !== 'link') return undefined;
        const key = pageKey(baseName(r.path.replace(/\/+$/, '')) || 'home');
        const path = pageByKey.get(key);
        const page = path ? idByPath.get(path) : undefined;
        if (!page) return undefined;
        return r.anchor ? { kind: 'anchor', page, anchor: r.anchor } : { kind: 'page', page };
      },
    });

    // Order: Home, then the sidebar's links, then the other pages by title.
    const order: string[] = [];
    const placed = new Set<string>();
    const place = (path: string | undefined) => {
      if (path && !placed.has(path)) {
        placed.add(path);
        order.push(path);
      }
    };
    place(pageByKey.get('home'));
    if (sidebar) {
      // A title may not hold `]`: each match's look-ahead ends at the next `]`, so the scan is linear.
      const links = /\]\(([^()\s]+)(?:\s[^()\]\n]*)?\)/g;
      for (const m of convertWikiLinks(text(sidebar)).matchAll(links)) {
        const r = local(m[1]!);
        if (r && !IMAGE_EXT.test(r.path)) place(pageByKey.get(pageKey(baseName(r.path.replace(/\/+$/, '')))));
      }
    }
    const rest = pagePaths.filter((p) => !placed.has(p)).map((p) => ({ p, title: stem(p).replace(/-/g, ' ') }));
    rest.sort((a, b) => a.title.localeCompare(b.title) || (a.p < b.p ? -1 : 1));
    for (const { p } of rest) place(p);

    // Converted on the content worker pool, every page in chunks.
    const converted = await storeImported(order.map((path) => ({ markdown: convertWikiLinks(text(path)), resolver: resolverFor(path) })));
    onProgress?.({ found: listing.size, read: order.length });
    const pages = order.map((path, i) => doc(stem(path).replace(/-/g, ' '), converted[i]!, { id: idByPath.get(path)! }));
    return { pages, files, total: listing.size };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

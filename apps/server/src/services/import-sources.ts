// Content import sources (POST …/content/import): each turns what is at a URL into an ImportBundle — a tree of
// pages (bodies in the stored markdown form, links between imported pages as page refs, images in the bundle as
// file refs) and the files they use. Every fetch goes through the SSRF guard (lib/ssrf.ts); archives are read by
// lib/zip.ts within its limits.
//
//   markdown  one document (title from front matter `title:` or the first `# heading`)
//   html      one page (`<main>`/`<article>`/`<body>`, lib/html-to-markdown.ts)
//   docx      one Word document (mammoth → HTML → markdown), its images as files
//   zip       a tree of markdown files, read as GitBook's Git Sync format (gitsync/format/read.ts: .gitbook.yaml,
//             SUMMARY.md, frontmatter, .gitbook/assets, vars.yaml), or a tree of HTML files (index.html is its
//             folder's page), with the files they refer to
//   website   a crawl of the pages below the URL on the same origin, bounded in pages, depth, bytes and time
//   github-wiki  a GitHub wiki's git repository (services/import-github-wiki.ts)
//   notion    a Notion "Markdown & CSV" export zip (services/import-notion.ts)
//   confluence  a Confluence space HTML export zip (services/import-confluence.ts)
// Shared types, limits and helpers: services/import-common.ts.
import { docxToHtml, gitReadRepository, htmlPage, storeImported } from '../content/process.js';
import type { ContentRef } from '../content/document.js';
import type { RefResolver } from '../content/content-ref.js';
import type { AppContext } from '../context.js';
import { ApiError, invalidField } from '../errors.js';
import { pathResolver, type RepoPage } from '../gitsync/format/read.js';
import { MAX_SUMMARY_DEPTH } from '../gitsync/format/summary.js';
import { newId } from '../lib/ids.js';
import type { ZipEntry } from '../lib/zip.js';
import {
  archiveFile, archiveFiles, doc, fetchUrl, IMPORT_LIMITS, IMPORT_SOURCES, markdownPage, SCHEME, stored, stripCommonFolder, titleFromUrl, zipEntries,
  type ImportBundle, type ImportFile, type ImportLimits, type ImportNode, type ImportProgress, type ImportSource,
} from './import-common.js';
import { importConfluence } from './import-confluence.js';
import { importGithubWiki } from './import-github-wiki.js';
import { importNotion } from './import-notion.js';

export {
  IMPORT_LIMITS, IMPORT_SOURCES, markdownPage,
  type ImportBundle, type ImportFile, type ImportLimits, type ImportNode, type ImportProgress, type ImportSource,
};

// ---------------------------------------------------------------------------------------------------------------
// docx

async function importDocx(ctx: AppContext, url: string, limits: ImportLimits): Promise<ImportBundle> {
  const res = await fetchUrl(ctx, url, limits.docxBytes, 'application/vnd.openxmlformats-officedocument.wordprocessingml.document, */*');
  // The archive is checked (entries, sizes, ratios, paths) before mammoth unpacks it.
  const entries = zipEntries(res.body, limits, 'the Word document');
  if (!entries.some((e) => e.path === 'word/document.xml')) throw invalidField('/body/url', 'is not a Word document (no word/document.xml)');
  const files: ImportFile[] = [];
  const base = 'https://docx.invalid/';
  let html: string;
  try {
    // mammoth runs on the content worker pool, with its own time budget (DOCX_BUDGET_MS).
    const out = await docxToHtml(res.body, base);
    const ids = out.images.map((image, i) => {
      const ext = (image.contentType.split('/')[1] ?? 'bin').replace(/[^a-z0-9]/gi, '').replace('jpeg', 'jpg');
      const file: ImportFile = { id: newId(), name: `image-${i + 1}.${ext}`, data: Buffer.from(image.data.buffer, image.data.byteOffset, image.data.byteLength) };
      files.push(file);
      return file.id;
    });
    html = out.html.replace(/https:\/\/docx\.invalid\/images\/(\d+)/g, (all, n: string) => (ids[Number(n)] ? `${base}files/${ids[Number(n)]}` : all));
  } catch (err) {
    if (err instanceof ApiError) throw err;
    throw invalidField('/body/url', `is not a readable Word document (${(err as Error).message})`);
  }
  const page = await htmlPage(`<body>${html}</body>`, base);
  const fileIds = new Set(files.map((f) => f.id));
  const markdown = await stored(page.markdown, {
    toRef(target): ContentRef | undefined {
      const id = target.startsWith(`${base}files/`) ? target.slice(base.length + 6) : undefined;
      return id && fileIds.has(id) ? { kind: 'file', file: id } : undefined;
    },
  });
  return { pages: [doc(page.title || titleFromUrl(res.url), markdown)], files, total: 1 + files.length };
}

// ---------------------------------------------------------------------------------------------------------------
// zip

async function importZip(ctx: AppContext, url: string, limits: ImportLimits): Promise<ImportBundle> {
  const res = await fetchUrl(ctx, url, limits.zipBytes, 'application/zip, */*');
  const entries = stripCommonFolder(zipEntries(res.body, limits, 'the archive'));
  const bundle = entries.some((e) => /\.(md|markdown|mdx)$/i.test(e.path)) ? await markdownTree(entries)
    : entries.some((e) => /\.html?$/i.test(e.path)) ? await htmlTree(entries)
      : undefined;
  if (!bundle) throw invalidField('/body/url', 'is an archive with no markdown (.md) or HTML (.html) files');
  const count = (ps: ImportNode[]): number => ps.reduce((n, p) => n + 1 + count(p.children), 0);
  const pages = count(bundle.pages);
  if (pages > limits.maxPages) throw invalidField('/body/url', `holds ${pages} pages, more than the limit of ${limits.maxPages} pages per import`);
  return bundle;
}

/** A tree of markdown files in GitBook's Git Sync format (SUMMARY.md honoured, else the folders). */
async function markdownTree(entries: ZipEntry[]): Promise<ImportBundle> {
  const byPath = new Map(entries.map((e) => [e.path, e]));
  // Read in GitBook's format on the content worker pool (SUMMARY.md, every page's front matter), as Git Sync does.
  // The texts are made here, for this call only (each entry inflated, decoded, its bytes dropped): nothing keeps them
  // once the worker has read them.
  const repo = await gitReadRepository({
    projectDir: '', files: new Map([...byPath.keys()].map((p) => [p, p])),
    texts: new Map(entries.filter((e) => /\.(md|markdown|mdx|ya?ml)$/i.test(e.path)).map((e) => [e.path, e.data.toString('utf8')] as const)),
  });
  if (repo.summaryTooDeep) throw invalidField('/body/url', `is an archive whose ${repo.summaryTooDeep} nests entries more than ${MAX_SUMMARY_DEPTH} levels deep, the limit of a table of contents`);
  const files: ImportFile[] = [];
  const fileByPath = new Map<string, string>();
  for (const a of repo.assets) {
    const entry = byPath.get(a.oid);
    if (!entry) continue;
    const id = newId();
    // Inflated when stored (services/import.ts), one file at a time.
    files.push(archiveFile(id, a.name, entry));
    fileByPath.set(a.path, id);
  }
  const pageByPath = new Map<string, string>();
  const ids = new Map<RepoPage, string>();
  const assign = (ps: RepoPage[]) => ps.forEach((p) => {
    const id = newId();
    ids.set(p, id);
    if (p.path) pageByPath.set(p.path, id);
    assign(p.children);
  });
  assign(repo.pages);
  const build = (ps: RepoPage[]): ImportNode[] => ps.flatMap((p): ImportNode[] => {
    const children = build(p.children);
    const base = { id: ids.get(p)!, title: (p.title || 'Untitled').slice(0, 500), children };
    const f = p.fields;
    const fields = { ...(f.description ? { description: f.description } : {}), ...(f.icon ? { icon: f.icon } : {}), ...(f.hidden ? { hidden: true } : {}) };
    if (p.type === 'group') return [{ ...base, type: 'group' }];
    if (p.type === 'link') {
      // Links to pages of the archive are not link pages in Bindery's model of an import: only external ones are kept.
      return p.href && SCHEME.test(p.href) ? [{ ...base, type: 'link', href: p.href, children: [] }] : children;
    }
    const node: ImportNode = { ...base, type: 'document', markdown: '', ...fields };
    if (p.path) bodies.push({ node, markdown: p.body, resolver: pathResolver(p.path, fileByPath, pageByPath) });
    return [node];
  });
  const bodies: { node: ImportNode; markdown: string; resolver: RefResolver }[] = [];
  const pages = build(repo.pages);
  // Converted on the content worker pool, every page of the archive in chunks.
  (await storeImported(bodies)).forEach((markdown, i) => (bodies[i]!.node.markdown = markdown));
  return { pages, files, variables: repo.variables, total: entries.length };
}

const HTML_BASE = 'https://archive.invalid/';

/** A tree of HTML files: `index.html` is its folder's page, the other pages are its children. */
async function htmlTree(entries: ZipEntry[]): Promise<ImportBundle> {
  const byPath = new Map(entries.map((e) => [e.path, e]));
  const htmlPaths = entries.map((e) => e.path).filter((p) => /\.html?$/i.test(p)).sort((a, b) => {
    const da = a.split('/').length;
    const db = b.split('/').length;
    if (da !== db) return da - db;
    const ia = /(^|\/)index\.html?$/i.test(a) ? 0 : 1;
    const ib = /(^|\/)index\.html?$/i.test(b) ? 0 : 1;
    return ia - ib || a.localeCompare(b);
  });
  const pageByPath = new Map(htmlPaths.map((p) => [p, newId()]));
  const { files, fileFor } = archiveFiles(byPath, (path) => !pageByPath.has(path));
  const resolver: RefResolver = {
    toRef(target, usage): ContentRef | undefined {
      if (!target.startsWith(HTML_BASE)) return undefined;
      const hash = target.indexOf('#');
      let path = (hash < 0 ? target : target.slice(0, hash)).slice(HTML_BASE.length).replace(/\?.*$/, '');
      try {
        path = decodeURI(path);
      } catch {
        /* as written */
      }
      if (path === '' || path.endsWith('/')) path += 'index.html';
      const anchor = hash < 0 ? undefined : target.slice(hash + 1);
      const page = usage === 'link' ? pageByPath.get(path) : undefined;
      if (page) return anchor ? { kind: 'anchor', page, anchor } : { kind: 'page', page };
      const file = fileFor(path);
      return file ? { kind: 'file', file } : undefined;
    },
  };
  const nodes = new Map<string, ImportNode>();
  const roots: ImportNode[] = [];
  for (const path of htmlPaths) {
    const page = await htmlPage(byPath.get(path)!.data.toString('utf8'), HTML_BASE + path);
    const node = doc(page.title || titleFromUrl(HTML_BASE + path), await stored(page.markdown, resolver), { id: pageByPath.get(path)! });
    nodes.set(path, node);
    // The parent: the index page of the nearest folder above (for an index page, of the folder above its own).
    const folders = path.split('/').slice(0, -1);
    if (/(^|\/)index\.html?$/i.test(path)) folders.pop();
    let parent: ImportNode | undefined;
    for (let i = folders.length; i >= 0 && !parent; i--) {
      const dir = folders.slice(0, i).join('/');
      parent = nodes.get(dir ? `${dir}/index.html` : 'index.html') ?? nodes.get(dir ? `${dir}/index.htm` : 'index.htm');
      if (parent === node) parent = undefined;
    }
    (parent ? parent.children : roots).push(node);
  }
  return { pages: roots, files, total: entries.length };
}

// ---------------------------------------------------------------------------------------------------------------
// website

const NOT_A_PAGE = /\.(png|jpe?g|gif|svg|webp|ico|pdf|zip|gz|tgz|css|js|mjs|json|xml|txt|mp4|mp3|woff2?|ttf|eot|docx?|xlsx?|pptx?)$/i;

function pageKey(u: URL): string {
  return u.origin + u.pathname.replace(/\/index\.html?$/i, '/').replace(/\/+$/, '') + u.search;
}

function hrefsOf(html: string, base: string): URL[] {
  const out: URL[] = [];
  const re = /<a\s[^>]*?href\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/gi;
  for (const m of html.matchAll(re)) {
    const raw = (m[1] ?? m[2] ?? m[3] ?? '').replace(/&amp;/g, '&').trim();
    if (!raw || raw.startsWith('#') || /^(mailto|tel|javascript|data):/i.test(raw)) continue;
    try {
      const u = new URL(raw, base);
      u.hash = '';
      out.push(u);
    } catch {
      /* not a URL */
    }
  }
  return out;
}

async function importWebsite(ctx: AppContext, url: string, limits: ImportLimits, onProgress?: (p: ImportProgress) => void): Promise<ImportBundle> {
  const { crawl } = limits;
  const start = new URL(url);
  start.hash = '';
  const scope = start.origin + start.pathname.slice(0, start.pathname.lastIndexOf('/') + 1);
  const inScope = (u: URL): boolean => (u.protocol === 'http:' || u.protocol === 'https:') && u.href.startsWith(scope) && !NOT_A_PAGE.test(u.pathname);
  const deadline = Date.now() + crawl.timeMs;
  const seen = new Set<string>([pageKey(start)]);
  let queue: { url: URL; depth: number }[] = [{ url: start, depth: 0 }];
  const pages: { key: string; url: string; title: string; markdown: string }[] = [];
  let bytes = 0;
  let first = true;
  while (queue.length && pages.length < crawl.maxPages && bytes < crawl.maxBytes && Date.now() < deadline) {
    const batch = queue.splice(0, Math.min(crawl.concurrency, crawl.maxPages - pages.length));
    const results = await Promise.all(batch.map(async (item) => {
      try {
        const res = await fetchUrl(ctx, item.url.href, Math.min(limits.documentBytes, crawl.maxBytes - bytes), 'text/html, */*');
        return { item, res };
      } catch (err) {
        if (first) throw err;
        return { item, res: undefined };
      }
    }));
    first = false;
    for (const { item, res } of results) {
      if (!res) continue;
      const type = String(res.headers['content-type'] ?? 'text/html');
      const final = new URL(res.url);
      if (!/html/i.test(type) || (item.depth > 0 && final.origin !== start.origin)) continue;
      bytes += res.body.length;
      const html = res.body.toString('utf8');
      const page = await htmlPage(html, res.url);
      const key = pageKey(final);
      seen.add(key);
      if (pages.some((p) => p.key === key)) continue;
      pages.push({ key, url: res.url, title: page.title || titleFromUrl(res.url), markdown: page.markdown });
      if (item.depth >= crawl.maxDepth) continue;
      for (const link of hrefsOf(html, res.url)) {
        const k = pageKey(link);
        if (!inScope(link) || seen.has(k)) continue;
        seen.add(k);
        queue.push({ url: link, depth: item.depth + 1 });
      }
    }
    if (queue.length > crawl.maxPages * 4) queue = queue.slice(0, crawl.maxPages * 4);
    onProgress?.({ found: seen.size, read: pages.length });
  }
  const idByKey = new Map(pages.map((p) => [p.key, newId()]));
  const resolver: RefResolver = {
    toRef(target, usage): ContentRef | undefined {
      if (usage !== 'link') return undefined;
      try {
        const u = new URL(target);
        const anchor = u.hash ? decodeURIComponent(u.hash.slice(1)) : undefined;
        u.hash = '';
        const page = idByKey.get(pageKey(u));
        if (page) return anchor ? { kind: 'anchor', page, anchor } : { kind: 'page', page };
      } catch {
        /* not absolute */
      }
      return undefined;
    },
  };
  // The start page first; every other page under the nearest crawled page above it (by URL path), else at the top.
  const converted = await storeImported(pages.map((p) => ({ markdown: p.markdown, resolver })));
  const nodes = pages.map((p, i) => doc(p.title, converted[i]!, { id: idByKey.get(p.key)! }));
  const roots: ImportNode[] = [];
  pages.forEach((p, i) => {
    let parent: ImportNode | undefined;
    let best = -1;
    if (i > 0) {
      pages.forEach((q, j) => {
        if (j === 0 || j === i) return;
        const prefix = q.key.replace(/\?.*$/, '');
        if (p.key.startsWith(`${prefix}/`) && prefix.length > best) {
          best = prefix.length;
          parent = nodes[j];
        }
      });
    }
    (parent ? parent.children : roots).push(nodes[i]!);
  });
  if (!pages.length) throw invalidField('/body/url', 'is not an HTML page');
  return { pages: roots, files: [], total: seen.size };
}

// ---------------------------------------------------------------------------------------------------------------

export async function readImport(
  ctx: AppContext, url: string, source: string, limits: ImportLimits = IMPORT_LIMITS, onProgress?: (p: ImportProgress) => void,
): Promise<ImportBundle> {
  switch (source as ImportSource) {
    case 'markdown': {
      const res = await fetchUrl(ctx, url, limits.documentBytes, 'text/markdown, text/plain, */*');
      const page = markdownPage(res.body.toString('utf8'), res.url);
      return { pages: [doc(page.title, page.markdown)], files: [], total: 1 };
    }
    case 'html': {
      const res = await fetchUrl(ctx, url, limits.documentBytes, 'text/html, */*');
      const page = await htmlPage(res.body.toString('utf8'), res.url);
      return { pages: [doc(page.title || titleFromUrl(res.url), page.markdown)], files: [], total: 1 };
    }
    case 'docx':
      return importDocx(ctx, url, limits);
    case 'zip':
      return importZip(ctx, url, limits);
    case 'website':
      return importWebsite(ctx, url, limits, onProgress);
    case 'github-wiki':
      return importGithubWiki(ctx, url, limits, onProgress);
    case 'notion':
      return importNotion(ctx, url, limits);
    case 'confluence':
      return importConfluence(ctx, url, limits, onProgress);
    default:
      throw invalidField('/body/source', `"${source}" cannot be imported; Bindery imports ${IMPORT_SOURCES.join(', ')}`);
  }
}


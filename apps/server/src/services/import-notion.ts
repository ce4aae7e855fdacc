// Content import of a Notion "Markdown & CSV" export (source `notion`): a zip, read by lib/zip.ts within the archive
// limits, holding `Title <32 hex id>.md` pages, each with a folder `Title <32 hex id>/` of its children and files,
// and databases as `Name <id>.csv` (or `Name <id>_all.csv`, preferred) with their rows as pages in `Name <id>/`.
//
// Pages: titles from the page's first `# heading` (which Notion writes), else the file name without its id; a page's
// children are the pages in its folder, in the order the page links them, then by title. A database becomes a page
// holding a table of its CSV (at most CSV_ROWS rows and CSV_COLUMNS columns, a note says how many rows were left
// out; the first column links to the row's page when there is one) whose children are its rows' pages. Links
// between exported pages (relative, URL-encoded paths with the ids, or notion.so URLs ending in a page's id) become
// page links; files of the export that pages use (images, attachments) become files. An export in parts (zips at
// the top of the archive, as Notion splits large exports) is read one level deep within the same limits, shared.
//
// Linear in the archive: one pass over the entries, maps for every lookup, a single-pass CSV reader.
import type { ContentRef } from '../content/document.js';
import type { RefResolver } from '../content/content-ref.js';
import type { AppContext } from '../context.js';
import { invalidField } from '../errors.js';
import { resolveRelative } from '../gitsync/format/read.js';
import { readZip, ZipLimitError, type ZipEntry } from '../lib/zip.js';
import { archiveFiles, doc, fetchUrl, stored, stripCommonFolder, zipEntries, type ImportBundle, type ImportLimits, type ImportNode } from './import-common.js';

export const CSV_ROWS = 1_000;
export const CSV_COLUMNS = 50;

const ID = / ([0-9a-f]{32})$/i;

/** A file name's stem without extension and Notion's id: `Getting Started 0123…ef.md` → {title, id}. */
export function notionName(path: string): { stem: string; title: string; id?: string } {
  const base = path.slice(path.lastIndexOf('/') + 1);
  const stem = base.replace(/(_all)?\.(md|csv)$/i, '');
  const m = ID.exec(stem);
  return { stem, title: (m ? stem.slice(0, m.index) : stem).trim() || 'Untitled', ...(m ? { id: m[1]!.toLowerCase() } : {}) };
}

/** RFC 4180 CSV in one pass (quoted fields with `""` and line breaks); rows past `maxRows` are counted, not kept. */
export function parseCsv(text: string, maxRows: number, maxColumns: number): { rows: string[][]; total: number } {
  const rows: string[][] = [];
  let total = 0;
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let any = false;
  const endField = () => {
    if (row.length < maxColumns) row.push(field);
    field = '';
  };
  const endRow = () => {
    endField();
    if (any || row.length > 1 || row[0] !== '') {
      total++;
      if (rows.length < maxRows) rows.push(row);
    }
    row = [];
    any = false;
  };
  const s = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  let start = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (quoted) {
      if (c === '"') {
        field += s.slice(start, i);
        if (s[i + 1] === '"') {
          field += '"';
          i++;
          start = i + 1;
        } else {
          quoted = false;
          start = i + 1;
        }
      }
      continue;
    }
    if (c === '"') {
      field += s.slice(start, i);
      quoted = true;
      any = true;
      start = i + 1;
    } else if (c === ',') {
      field += s.slice(start, i);
      endField();
      any = true;
      start = i + 1;
    } else if (c === '\n' || c === '\r') {
      field += s.slice(start, i);
      endRow();
      if (c === '\r' && s[i + 1] === '\n') i++;
      start = i + 1;
    }
  }
  field += s.slice(start);
  if (field !== '' || row.length) endRow();
  return { rows, total };
}

const cell = (s: string): string => s.replace(/\r?\n|\r/g, ' ').replace(/\\/g, '\\\\').replace(/\|/g, '\\|').trim();
const encodePath = (path: string): string => path.split('/').map(encodeURIComponent).join('/');

interface Entry {
  path: string;
  kind: 'md' | 'csv';
  /** The folder holding its children: the path without extension (and `_all`). */
  folder: string;
  node: ImportNode;
  parent?: Entry;
  /** Rank of the children by the order this page links them. */
  linked: Map<string, number>;
}

/**
 * The entries of the export, and of the zips it holds at its top (a large export comes as parts, `…-Part-1.zip`), read
 * one level deep within what is left of the archive limits (entries and unpacked bytes counted across all of them).
 */
function notionEntries(buf: Buffer, limits: ImportLimits): ZipEntry[] {
  const outer = zipEntries(buf, limits, 'the Notion export');
  const parts = outer.filter((e) => /\.zip$/i.test(e.path) && !e.path.includes('/'));
  if (!parts.length || outer.some((e) => /\.(md|csv)$/i.test(e.path))) return outer;
  const partSet = new Set(parts);
  const out: ZipEntry[] = outer.filter((e) => !partSet.has(e));
  let bytes = outer.reduce((n, e) => n + e.size, 0);
  let count = outer.length;
  const { maxEntries, maxTotalBytes } = limits.zip;
  for (const part of parts) {
    let inner: ZipEntry[];
    try {
      inner = readZip(part.data, { ...limits.zip, maxEntries: Math.max(0, maxEntries - count), maxTotalBytes: Math.max(0, maxTotalBytes - bytes) });
    } catch (err) {
      if (!(err instanceof ZipLimitError)) throw err;
      // The limits are shared by the parts: name them as a whole.
      const message = /entries/.test(err.message) ? `has more than the limit of ${maxEntries} entries with its parts`
        : /unpacks to more than/.test(err.message) ? `unpacks to more than the limit of ${maxTotalBytes} bytes with its parts` : err.message;
      throw invalidField('/body/url', `the part ${part.path} of the Notion export ${message}`);
    }
    for (const e of inner) {
      out.push(e);
      bytes += e.size;
    }
    count += inner.length;
  }
  return out;
}

export async function importNotion(ctx: AppContext, url: string, limits: ImportLimits): Promise<ImportBundle> {
  const res = await fetchUrl(ctx, url, limits.zipBytes, 'application/zip, */*');
  const entries = stripCommonFolder(notionEntries(res.body, limits));
  const byPath = new Map(entries.map((e) => [e.path, e]));
  // A database exported as `X.csv` and `X_all.csv`: the latter (every row) only.
  const pagePaths = entries.map((e) => e.path).filter((p) => {
    if (/\.md$/i.test(p)) return true;
    if (!/\.csv$/i.test(p)) return false;
    return /_all\.csv$/i.test(p) || !byPath.has(p.replace(/\.csv$/i, '_all.csv'));
  });
  if (!pagePaths.length) throw invalidField('/body/url', 'is not a Notion export (no Markdown .md or CSV .csv files)');
  if (pagePaths.length > limits.maxPages) throw invalidField('/body/url', `holds ${pagePaths.length} pages, more than the limit of ${limits.maxPages} pages per import`);

  const list: Entry[] = pagePaths.map((path) => {
    const kind = /\.md$/i.test(path) ? 'md' : 'csv';
    const folder = path.replace(/(_all)?\.(md|csv)$/i, '');
    return { path, kind, folder, node: doc(notionName(path).title, '', {}), linked: new Map() };
  });
  const byFolder = new Map<string, Entry>();
  const pageByPath = new Map<string, Entry>();
  const pageByNotionId = new Map<string, Entry>();
  for (const e of list) {
    if (!byFolder.has(e.folder)) byFolder.set(e.folder, e);
    pageByPath.set(e.path, e);
    const id = notionName(e.path).id;
    if (id && !pageByNotionId.has(id)) pageByNotionId.set(id, e);
  }
  for (const e of list) {
    const slash = e.path.lastIndexOf('/');
    const parent = slash < 0 ? undefined : byFolder.get(e.path.slice(0, slash));
    if (parent && parent !== e) e.parent = parent;
  }

  // The tree (children ordered below, once the parents' links are known).
  const roots: Entry[] = [];
  const children = new Map<Entry, Entry[]>();
  for (const e of list) {
    if (!e.parent) roots.push(e);
    else {
      const c = children.get(e.parent);
      if (c) c.push(e);
      else children.set(e.parent, [e]);
    }
  }
  const { files, fileFor } = archiveFiles(byPath, (path) => !pageByPath.has(path) && !/\.(md|csv|zip)$/i.test(path));
  const resolverFor = (from: Entry): RefResolver => ({
    toRef(target, usage): ContentRef | undefined {
      let page: Entry | undefined;
      let anchor: string | undefined;
      if (/^https?:\/\/(www\.)?notion\.so\//i.test(target)) {
        try {
          const u = new URL(target);
          const id = /([0-9a-f]{32})$/i.exec(u.pathname)?.[1] ?? /^p=([0-9a-f]{32})$/i.exec(u.search.slice(1))?.[1];
          page = id ? pageByNotionId.get(id.toLowerCase()) : undefined;
        } catch {
          return undefined;
        }
      } else {
        const r = resolveRelative(from.path, target);
        if (!r) return undefined;
        page = pageByPath.get(r.path) ?? pageByPath.get(r.path.replace(/\.csv$/i, '_all.csv'));
        anchor = r.anchor;
        if (!page) {
          const file = fileFor(r.path);
          return file ? { kind: 'file', file } : undefined;
        }
      }
      if (!page || usage !== 'link') return undefined;
      if (page.parent === from && !from.linked.has(page.node.id)) from.linked.set(page.node.id, from.linked.size);
      return anchor ? { kind: 'anchor', page: page.node.id, anchor } : { kind: 'page', page: page.node.id };
    },
  });

  // Pages first (their titles are the headings), then the databases (whose tables link their rows by title).
  for (const e of [...list.filter((x) => x.kind === 'md'), ...list.filter((x) => x.kind === 'csv')]) {
    const text = byPath.get(e.path)!.data.toString('utf8').replace(/^\uFEFF/, '');
    if (e.kind === 'md') {
      // Notion writes the title as the first line's `# heading`.
      const first = /^#[ \t]+([^\n]*)\n?/.exec(text);
      const title = first?.[1]?.trim();
      if (title) e.node.title = title.slice(0, 500);
      e.node.markdown = await stored(title ? text.slice(first![0].length) : text, resolverFor(e));
      continue;
    }
    const { rows, total } = parseCsv(text, CSV_ROWS + 1, CSV_COLUMNS);
    const [header, ...body] = rows;
    if (!header) {
      e.node.markdown = '';
      continue;
    }
    // The first column names each row: a link to the row's page when the database's folder has one of that title.
    const rowPages = new Map<string, Entry>();
    for (const other of children.get(e) ?? []) if (!rowPages.has(other.node.title)) rowPages.set(other.node.title, other);
    const dir = e.path.slice(0, e.path.lastIndexOf('/') + 1);
    const width = header.length;
    const line = (cells: string[]) => `| ${Array.from({ length: width }, (_, i) => cells[i] ?? '').join(' | ')} |`;
    const out = [line(header.map(cell)), line(header.map(() => '---'))];
    for (const row of body) {
      const cells = row.map(cell);
      const linked = rowPages.get((row[0] ?? '').trim());
      if (linked && cells[0]) cells[0] = `[${cells[0]}](${encodePath(linked.path.slice(dir.length))})`;
      out.push(line(cells));
    }
    const left = total - 1 - body.length;
    if (left > 0) out.push('', `${left} more rows of the database were not imported (at most ${CSV_ROWS} rows per table).`);
    e.node.markdown = await stored(out.join('\n') + '\n', resolverFor(e));
  }

  // Children in the order their parent links them, then by title.
  const build = (items: Entry[], parent?: Entry): ImportNode[] => {
    const rank = (e: Entry) => parent?.linked.get(e.node.id) ?? Number.MAX_SAFE_INTEGER;
    items.sort((a, b) => rank(a) - rank(b) || a.node.title.localeCompare(b.node.title) || (a.path < b.path ? -1 : 1));
    return items.map((e) => {
      e.node.children = build(children.get(e) ?? [], e);
      return e.node;
    });
  };
  return { pages: build(roots), files, total: entries.length };
}

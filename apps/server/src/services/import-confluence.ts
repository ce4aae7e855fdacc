// Content import of a Confluence space HTML export (source `confluence`): a zip, read by lib/zip.ts within the
// archive limits, holding `index.html` (the space's overview with the nested list of its pages), the pages
// (`Title_12345.html`, or `12345.html`), `attachments/<pageId>/<file>`, `images/` and `styles/`.
//
// Pages: every HTML file but index.html (and those under attachments/, images/, styles/), their content the element
// `#main-content` converted by the HTML import (lib/html-to-markdown.ts, on the content worker pool); titles from
// index.html's list, else the page's `#title-text` or `<title>` without the space's name (`Space : Title`). The tree:
// index.html's nested list (in its order), else the page's breadcrumbs (its last link to another page); pages in
// neither are at the top, by title. Links between pages (relative, or `viewpage.action?pageId=…`) become page links;
// attachments and images the pages use become files.
//
// Linear in the archive: tags are found by patterns whose runs stop at `<` and `>`, a link's text is what lies
// between its tags, parents are checked for cycles with a union-find, lookups are maps.
import { htmlPage } from '../content/process.js';
import type { ContentRef } from '../content/document.js';
import type { RefResolver } from '../content/content-ref.js';
import type { AppContext } from '../context.js';
import { invalidField } from '../errors.js';
import { decodeEntities } from '../lib/html-to-markdown.js';
import { newId } from '../lib/ids.js';
import { archiveFiles, doc, fetchUrl, stored, stripCommonFolder, zipEntries, type ImportBundle, type ImportLimits, type ImportNode, type ImportProgress } from './import-common.js';

const BASE = 'https://confluence.invalid/';
const TAG = /<(\/?)(ul|ol|li|a)\b([^<>]*)>/gi;
const HREF = /\bhref\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/i;
const NOT_PAGES = /^(attachments|images|styles)\//i;

const textOf = (html: string): string => decodeEntities(html.replace(/<[^<>]*>/g, '')).replace(/\s+/g, ' ').trim();
const hrefOf = (attrs: string): string | undefined => {
  const m = HREF.exec(attrs);
  return m ? decodeEntities(m[1] ?? m[2] ?? m[3] ?? '') : undefined;
};

/** The links of a nested list, in order, with their list depth (index.html's tree of pages). */
export function listLinks(html: string): { href: string; title: string; depth: number }[] {
  const out: { href: string; title: string; depth: number }[] = [];
  let depth = 0;
  let open: { href: string; from: number } | undefined;
  for (const m of html.matchAll(TAG)) {
    const closing = m[1] === '/';
    const tag = m[2]!.toLowerCase();
    if (tag === 'ul' || tag === 'ol') depth = Math.max(0, depth + (closing ? -1 : 1));
    else if (tag === 'a') {
      if (!closing) {
        const href = hrefOf(m[3] ?? '');
        open = href ? { href, from: m.index + m[0].length } : undefined;
      } else if (open) {
        if (depth > 0) out.push({ href: open.href, title: textOf(html.slice(open.from, m.index)), depth });
        open = undefined;
      }
    }
  }
  return out;
}

/** The text of the element with this id (first `</tag>` after it: for `span`/`ol`, which hold no element of their kind). */
function elementById(html: string, id: string, tag: string): string | undefined {
  const at = html.search(new RegExp(`\\bid\\s*=\\s*["']${id}["']`, 'i'));
  if (at < 0) return undefined;
  const start = html.indexOf('>', at);
  const end = html.indexOf(`</${tag}`, start);
  return start < 0 || end < 0 ? undefined : html.slice(start + 1, end);
}

/** `Space : Title` → `Title`. */
const withoutSpace = (title: string): string => {
  const i = title.indexOf(' : ');
  return (i < 0 ? title : title.slice(i + 3)).trim();
};

interface Page {
  path: string;
  id: string;
  title?: string;
  parent?: Page;
  rank: number;
  node?: ImportNode;
}

export async function importConfluence(ctx: AppContext, url: string, limits: ImportLimits, onProgress?: (p: ImportProgress) => void): Promise<ImportBundle> {
  const res = await fetchUrl(ctx, url, limits.zipBytes, 'application/zip, */*');
  const entries = stripCommonFolder(zipEntries(res.body, limits, 'the Confluence export'));
  const byPath = new Map(entries.map((e) => [e.path, e]));
  const index = byPath.get('index.html');
  const paths = entries.map((e) => e.path).filter((p) => /\.html?$/i.test(p) && p !== 'index.html' && !NOT_PAGES.test(p));
  if (!index || !paths.length) throw invalidField('/body/url', 'is not a Confluence space export (no index.html and pages)');
  if (paths.length > limits.maxPages) throw invalidField('/body/url', `holds ${paths.length} pages, more than the limit of ${limits.maxPages} pages per import`);

  const pages = new Map<string, Page>(paths.map((path) => [path, { path, id: newId(), rank: Number.MAX_SAFE_INTEGER }]));
  const byConfluenceId = new Map<string, Page>();
  for (const p of pages.values()) {
    const id = /(?:^|\/|_)(\d+)\.html?$/i.exec(p.path)?.[1];
    if (id && !byConfluenceId.has(id)) byConfluenceId.set(id, p);
  }
  const pathOf = (href: string, from: string): string | undefined => {
    try {
      const u = new URL(href, BASE + from);
      if (!u.href.startsWith(BASE)) return undefined;
      return decodeURIComponent(u.pathname.slice(1));
    } catch {
      return undefined;
    }
  };

  // Parents, refusing any that would close a cycle (union-find over the pages).
  const root = new Map<Page, Page>();
  const find = (p: Page): Page => {
    let r = p;
    while (root.get(r) && root.get(r) !== r) r = root.get(r)!;
    let q = p;
    while (q !== r) {
      const next = root.get(q)!;
      root.set(q, r);
      q = next;
    }
    return r;
  };
  const setParent = (child: Page, parent: Page | undefined): void => {
    if (!parent || child.parent || parent === child) return;
    const a = find(child);
    const b = find(parent);
    if (a === b) return;
    root.set(a, b);
    child.parent = parent;
  };

  // index.html: the nested list of the pages ("Available Pages"), in order.
  const indexHtml = index.data.toString('utf8');
  const listed = indexHtml.search(/Available Pages/i);
  const stack: { page: Page; depth: number }[] = [];
  let rank = 0;
  for (const link of listLinks(listed < 0 ? indexHtml : indexHtml.slice(listed))) {
    const path = pathOf(link.href, 'index.html');
    const page = path ? pages.get(path) : undefined;
    if (!page || page.rank !== Number.MAX_SAFE_INTEGER) continue;
    page.rank = rank++;
    if (link.title) page.title = link.title;
    while (stack.length && stack[stack.length - 1]!.depth >= link.depth) stack.pop();
    setParent(page, stack[stack.length - 1]?.page);
    stack.push({ page, depth: link.depth });
  }

  const { files, fileFor } = archiveFiles(byPath, (path) => !pages.has(path) && path !== 'index.html');
  const resolver: RefResolver = {
    toRef(target, usage): ContentRef | undefined {
      if (!target.startsWith(BASE)) return undefined;
      let u: URL;
      try {
        u = new URL(target);
      } catch {
        return undefined;
      }
      let path = u.pathname.slice(1);
      try {
        path = decodeURIComponent(path);
      } catch {
        /* as written */
      }
      const anchor = u.hash ? u.hash.slice(1) : undefined;
      const pageId = /(?:^|\/)viewpage\.action$/i.test(path) ? u.searchParams.get('pageId') : null;
      const page = usage === 'link' ? (pageId ? byConfluenceId.get(pageId) : pages.get(path)) : undefined;
      if (page) return anchor ? { kind: 'anchor', page: page.id, anchor } : { kind: 'page', page: page.id };
      const file = fileFor(path);
      return file ? { kind: 'file', file } : undefined;
    },
  };

  let read = 0;
  for (const page of pages.values()) {
    const html = byPath.get(page.path)!.data.toString('utf8');
    // Pages not in index.html: the last breadcrumb that is another page.
    if (!page.parent && page.rank === Number.MAX_SAFE_INTEGER) {
      const crumbs = elementById(html, 'breadcrumbs', 'ol');
      if (crumbs) {
        const links = listLinks(`<ul>${crumbs}</ul>`);
        for (let i = links.length - 1; i >= 0; i--) {
          const path = pathOf(links[i]!.href, page.path);
          const parent = path ? pages.get(path) : undefined;
          if (parent && parent !== page) {
            setParent(page, parent);
            break;
          }
        }
      }
    }
    const converted = await htmlPage(html, BASE + page.path, 'main-content');
    const titleText = elementById(html, 'title-text', 'span');
    const title = page.title || (titleText ? withoutSpace(textOf(titleText)) : '') || withoutSpace(converted.title)
      || page.path.replace(/^.*\//, '').replace(/(_\d+)?\.html?$/i, '').replace(/[-_+]+/g, ' ');
    page.node = doc(title, await stored(converted.markdown, resolver), { id: page.id });
    if (++read % 20 === 0) onProgress?.({ found: entries.length, read });
  }

  const children = new Map<Page | undefined, Page[]>();
  for (const p of pages.values()) {
    const list = children.get(p.parent);
    if (list) list.push(p);
    else children.set(p.parent, [p]);
  }
  const build = (parent: Page | undefined): ImportNode[] => {
    const list = children.get(parent) ?? [];
    list.sort((a, b) => a.rank - b.rank || a.node!.title.localeCompare(b.node!.title) || (a.path < b.path ? -1 : 1));
    return list.map((p) => {
      p.node!.children = build(p);
      return p.node!;
    });
  };
  return { pages: build(undefined), files, total: entries.length };
}

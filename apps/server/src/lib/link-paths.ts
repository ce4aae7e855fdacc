// Resolution of the link targets found in page markdown (content/extract.ts classifies them) to what they point
// at in a space: stable refs (`/pages/<id>`, `/files/<id>`), page paths relative to the linking page, files by name.
import type { ExtractedLink } from '../content/extract.js';

export interface ResolvedLink {
  kind: 'url' | 'page' | 'file' | 'anchor';
  /** Groups the usages of one target. */
  key: string;
  page?: string;
  path?: string;
  file?: string;
  name?: string;
  anchor?: string;
  url?: string;
}

const STABLE_PAGE = /^\/pages\/([\w-]+)\/?$/;
const STABLE_FILE = /^\/files\/([\w-]+)\/?$/;
const PAGE_EXTENSION = /\.(?:md|mdx|markdown)$/i;
const README = /^readme$/i;

/** `decodeURIComponent(s)`, or `s` when it is not a valid escape sequence (nothing to decode without a `%`). */
function decode(s: string): string {
  if (!s.includes('%')) return s;
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/** The folder of the last page path resolved against (a page's links are all resolved from its path). */
let folder = { of: '', segments: [] as string[] };

/**
 * The path of the page a relative link points at. Links are relative to the linking page's folder, as in a Git
 * repository of markdown files (`a/b` is the file `a/b.md`): from `a/b`, `c.md` and `./c` are `a/c`, `../d` is `d`;
 * a leading `/` starts at the space's root; `README.md` (or a trailing `/`) is the folder's own page.
 */
export function resolvePagePath(fromPath: string, target: string): string {
  if (folder.of !== fromPath) {
    const segments = fromPath.split('/').filter(Boolean);
    segments.pop();
    folder = { of: fromPath, segments };
  }
  const out = target.startsWith('/') ? [] : folder.segments.slice();
  for (const raw of decode(target).split('/')) {
    if (raw === '' || raw === '.') continue;
    if (raw === '..') out.pop();
    else out.push(raw);
  }
  const last = out[out.length - 1];
  if (last !== undefined) {
    const extension = PAGE_EXTENSION.exec(last);
    if (extension) {
      const stem = last.slice(0, extension.index);
      if (README.test(stem)) out.pop();
      else out[out.length - 1] = stem;
    }
  }
  return out.join('/');
}

/** Resolves an extracted link of the page at `pagePath` (id `pageId`). */
export function resolveLink(link: ExtractedLink, pageId: string, pagePath: string): ResolvedLink | undefined {
  switch (link.kind) {
    case 'url':
      return { kind: 'url', key: `url:${link.target}`, url: link.target };
    case 'anchor':
      return { kind: 'anchor', key: `anchor:${pageId}#${link.anchor ?? ''}`, page: pageId, anchor: link.anchor ?? '' };
    case 'page': {
      const path = link.path ?? '';
      const stable = STABLE_PAGE.exec(path);
      if (stable) {
        const anchor = link.anchor ? { anchor: link.anchor } : {};
        return { kind: 'page', key: `page:${stable[1]}${link.anchor ? `#${link.anchor}` : ''}`, page: stable[1]!, ...anchor };
      }
      const stableFile = STABLE_FILE.exec(path);
      if (stableFile) return { kind: 'file', key: `file:${stableFile[1]}`, file: stableFile[1]! };
      if (path === '') return undefined;
      const resolved = resolvePagePath(pagePath, path);
      return { kind: 'page', key: `path:${resolved}${link.anchor ? `#${link.anchor}` : ''}`, path: resolved, ...(link.anchor ? { anchor: link.anchor } : {}) };
    }
    case 'file': {
      const path = link.path ?? '';
      const stable = STABLE_FILE.exec(path);
      if (stable) return { kind: 'file', key: `file:${stable[1]}`, file: stable[1]! };
      const name = decode(path.split('/').filter(Boolean).pop() ?? '');
      if (!name) return undefined;
      return { kind: 'file', key: `name:${name}`, name };
    }
  }
}

// The files a page's markdown names (the published site's and the API's "which pages use this file", so that a
// file only pages hidden from a visitor use is hidden from them too: site/router.ts, engine/visibility.ts).
import { setImmediate as turn } from 'node:timers/promises';
import type { AppContext } from '../context.js';
import { loadMarkdown, type FileEntry } from '../engine/content-store.js';
import { includeMarkdown } from '../gitsync/metadata.js';

/** A revision's files by id and by name (the first of each name). */
export interface FileIndex {
  filesById: ReadonlyMap<string, FileEntry>;
  filesByName: ReadonlyMap<string, FileEntry>;
}

const FILE_ID_REF = /\/files\/([\w-]{1,100})/g;
const ASSET_PREFIX = '.gitbook/assets/';
/** Where a `.gitbook/assets/` name surely ends (quotes, brackets, the query or hash, the line). */
const ASSET_END = /["'<>?#\n|\]]/;

/**
 * The files of a revision that markdown names, into `into`: `/files/<id>` (the stored form of every file reference)
 * and `.gitbook/assets/<name>` (by name, as the renderer resolves such URLs): the text after the prefix up to a
 * quote, bracket, `?`, `#` or the line's end, and each of its first 16 prefixes ending before a `)` or a space
 * (`![](.gitbook/assets/a.png) …`, `<.gitbook/assets/image (1).png>`), as written and decoded. A superset of the
 * files the page links (a name in a code block counts too); linear in the markdown (at most 300 characters and 17
 * names looked up per occurrence).
 */
export function filesNamedIn(markdown: string, rev: FileIndex, into: Set<string>): Set<string> {
  if (markdown.includes('/files/')) for (const m of markdown.matchAll(FILE_ID_REF)) if (rev.filesById.has(m[1]!)) into.add(m[1]!);
  const byName = (raw: string) => {
    let f = rev.filesByName.get(raw);
    if (!f && raw.includes('%')) {
      try {
        f = rev.filesByName.get(decodeURIComponent(raw));
      } catch {
        // not percent-encoded after all
      }
    }
    if (f) into.add(f.id);
  };
  for (let at = markdown.indexOf(ASSET_PREFIX); at >= 0; at = markdown.indexOf(ASSET_PREFIX, at + 1)) {
    const start = at + ASSET_PREFIX.length;
    let rest = markdown.slice(start, start + 300);
    const end = ASSET_END.exec(rest);
    if (end) rest = rest.slice(0, end.index);
    byName(rest);
    let cuts = 0;
    for (let i = 0; i < rest.length && cuts < 16; i++) {
      const c = rest.charCodeAt(i);
      if (c === 41 /* ) */ || c === 32 || c === 9) {
        cuts++;
        if (i > 0) byName(rest.slice(0, i));
      }
    }
  }
  return into;
}

/** A line that includes reusable content (`{% include "…" %}`): the path in group 1 or 2. */
export const INCLUDE_LINE = /^[ \t]*\{%-?[ \t]*include[ \t]+(?:"([^"\n]{1,500})"|'([^'\n]{1,500})')[ \t]*-?%\}[ \t]*$/gm;

/**
 * Each document page of `documents` with the files its stored markdown names and the reusable content it includes
 * names (filesNamedIn; at most 20 includes a page, each include read once): `use(page, fileIds)` in the pages'
 * order, their markdown read 200 pages at a time with a turn of the event loop between. Linear in the markdown.
 */
export async function scanPageFiles<D extends { contentHash: string }>(
  ctx: AppContext, spaceId: string, documents: readonly D[], index: FileIndex, use: (page: D, files: Set<string>) => void,
): Promise<void> {
  const includes = new Map<string, Promise<Set<string>>>();
  const includeFiles = (ref: string) => {
    let q = includes.get(ref);
    if (!q) includes.set(ref, (q = includeMarkdown(ctx, spaceId, ref).then((text) => filesNamedIn(text ?? '', index, new Set()))));
    return q;
  };
  for (let i = 0; i < documents.length; i += 200) {
    if (i) await turn();
    const slice = documents.slice(i, i + 200);
    const markdown = await loadMarkdown(ctx, ctx.db, slice.map((d) => d.contentHash));
    for (const d of slice) {
      const source = markdown.get(d.contentHash) ?? '';
      if (source === '') continue;
      const used = filesNamedIn(source, index, new Set());
      let included = 0;
      for (const m of source.includes('include') ? source.matchAll(INCLUDE_LINE) : []) {
        if (++included > 20) break;
        for (const id of await includeFiles(m[1] ?? m[2] ?? '')) used.add(id);
      }
      use(d, used);
    }
  }
}

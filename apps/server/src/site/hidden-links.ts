// Links of a page's markdown to pages a visitor does not see (a page condition false for their claims: state.ts
// visibleRevision), for the texts the published site serves as markdown (`.md` twins, llms-full.txt): such a link is
// written as its text only and a content-ref block to such a page is left out, so the visitor learns neither the
// page's path nor its id (the HTML page shows such a link as its text, not a link: render.ts). Links to pages that
// exist for no one are left as written (a broken link names nothing hidden). One pass per construct, linear in the
// markdown (bounded lengths in every pattern).
import { resolvePagePath } from '../lib/link-paths.js';

/** What a revision holds, by id (every page) and by path (document pages). */
export interface PageIndex {
  byId: { has(id: string): boolean };
  byPath: { has(path: string): boolean };
}

const STABLE_PAGE = /^\/pages\/([\w-]{1,100})\/?(?:#.*)?$/;
const SCHEME = /^[a-z][a-z0-9+.-]*:/i;
const CONTENT_REF = /\{%-?[ \t]*content-ref[ \t]+url="([^"\n]{0,2000})"[ \t]*-?%\}[^]{0,4000}?\{%-?[ \t]*endcontent-ref[ \t]*-?%\}\n?/g;
const INLINE_LINK = /(!?)\[([^\]\n]{0,1000})\]\([ \t]*<?([^()\s<>]{1,2000})>?(?:[ \t]+"[^"\n]{0,500}")?[ \t]*\)/g;

/**
 * Whether `target` (a link's URL as written in the page at `pagePath`) points at a page `full` holds and `visible`
 * does not: `/pages/<id>` or a path relative to the page (or to the space's root with a leading `/`).
 */
export function pointsAtHidden(target: string, pagePath: string, full: PageIndex, visible: PageIndex): boolean {
  const url = target.trim();
  const stable = STABLE_PAGE.exec(url);
  if (stable) return full.byId.has(stable[1]!) && !visible.byId.has(stable[1]!);
  if (url === '' || url.startsWith('#') || SCHEME.test(url) || url.startsWith('/files/') || url.includes('.gitbook/assets/')) return false;
  const path = resolvePagePath(pagePath, url.split(/[?#]/, 1)[0]!);
  if (path === '') return false;
  const lower = path.toLowerCase();
  const inFull = full.byPath.has(path) || full.byPath.has(lower);
  return inFull && !(visible.byPath.has(path) || visible.byPath.has(lower));
}

/** `markdown` (of the page at `pagePath`) with its links to hidden pages as their text and content-refs to them left out. */
export function withoutHiddenLinks(markdown: string, pagePath: string, full: PageIndex, visible: PageIndex): string {
  const hidden = (t: string) => pointsAtHidden(t, pagePath, full, visible);
  let out = markdown.includes('content-ref') ? markdown.replace(CONTENT_REF, (all, url: string) => (hidden(url) ? '' : all)) : markdown;
  if (out.includes('](')) out = out.replace(INLINE_LINK, (all, bang: string, text: string, url: string) => (!bang && hidden(url) ? text : all));
  return out;
}

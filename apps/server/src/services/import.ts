// Content import (POST …/content/import): fetches one document through the SSRF guard (lib/ssrf.ts) and adds it as
// a page at the top level, as one revision of the space or of a change request. Sources: `markdown` (front matter
// `title:` or the first `# heading` gives the title), `html` and `website` (the page at the URL: `<main>`/`<article>`/
// `<body>` converted by lib/html-to-markdown.ts, links and images made absolute). Other sources are refused (400).
import { splitFrontmatter } from '../content/markdown.js';
import type { AppContext } from '../context.js';
import { ApiError, invalidField } from '../errors.js';
import { htmlPage } from '../content/process.js';
import { safeFetch, UnsafeUrlError } from '../lib/ssrf.js';
import type { Actor } from './auth.js';
import { authorizeChangeRequest } from '../policies/change-request.js';
import { editChangeRequestContent } from './change-request-content.js';
import { loadChangeRequest } from './change-requests.js';
import { loadSpace } from './spaces.js';
import type { CommitResult } from './content.js';
import { editSpace } from './content.js';

export const IMPORT_SOURCES = ['markdown', 'html', 'website'] as const;
const MAX_BYTES = 5 * 1024 * 1024;

export interface ImportedPage {
  title: string;
  markdown: string;
}

function titleFromUrl(url: string): string {
  try {
    const u = new URL(url);
    const last = decodeURIComponent(u.pathname.split('/').filter(Boolean).pop() ?? '').replace(/\.[a-z0-9]+$/i, '');
    return (last.replace(/[-_]+/g, ' ').trim() || u.hostname).slice(0, 500);
  } catch {
    return 'Imported page';
  }
}

/** A markdown document as a page: title from front matter or the first level-1 heading (which is then dropped). */
export function markdownPage(text: string, url: string): ImportedPage {
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
    if (title) return { title, markdown: body.slice(heading.index + heading[0].length) };
  }
  return { title: titleFromUrl(url), markdown: body };
}

export async function fetchImport(ctx: AppContext, url: string, source: string): Promise<ImportedPage> {
  if (!(IMPORT_SOURCES as readonly string[]).includes(source)) {
    throw invalidField('/body/source', `"${source}" cannot be imported yet; Bindery imports ${IMPORT_SOURCES.join(', ')} (one document)`);
  }
  let res;
  try {
    res = await safeFetch(url, { allowPrivate: ctx.config.allowPrivateUrls, maxBytes: MAX_BYTES, timeoutMs: 20_000, headers: { accept: source === 'markdown' ? 'text/markdown, text/plain, */*' : 'text/html, */*' } });
  } catch (err) {
    if (err instanceof UnsafeUrlError) throw invalidField('/body/url', `cannot be fetched: ${err.message}`);
    throw invalidField('/body/url', `could not be fetched (${(err as Error).message})`);
  }
  if (res.status < 200 || res.status >= 300) throw invalidField('/body/url', `answered HTTP ${res.status}`);
  const text = res.body.toString('utf8');
  // HTML is converted in the content worker pool (linear, with the time budget) when large.
  const page = source === 'markdown' ? markdownPage(text, res.url) : await htmlPage(text, res.url);
  return { title: (page.title || titleFromUrl(res.url)).slice(0, 500), markdown: page.markdown };
}

/** Imports into the space (`changeRequest` undefined) or into a change request; returns the commit. */
export async function importContent(
  ctx: AppContext, actor: Actor, spaceId: string, changeRequest: string | undefined, body: { url: string; source: string }, ifMatch?: string | string[],
): Promise<{ result: CommitResult; pageId: string }> {
  // Authorize before fetching anything.
  if (changeRequest === undefined) await loadSpace(ctx, ctx.db, actor, spaceId, 'edit');
  else authorizeChangeRequest((await loadChangeRequest(ctx, ctx.db, actor, spaceId, changeRequest)).access, 'editContent');
  const page = await fetchImport(ctx, body.url, body.source);
  const edit = { op: 'createPage' as const, title: page.title, markdown: page.markdown };
  const result = changeRequest === undefined
    ? (await editSpace(ctx, actor, spaceId, [edit], { ifMatch, at: () => '/body' })).result
    : await editChangeRequestContent(ctx, actor, spaceId, changeRequest, [edit], { ifMatch, at: () => '/body' });
  const pageId = result.created.pages[0];
  if (!pageId) throw new ApiError(500, 'The import created no page');
  return { result, pageId };
}

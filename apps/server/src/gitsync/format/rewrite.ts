// A page file read from a repository and written back the way an export writes it after an import, when the page's
// content was edited (an unchanged page is written back with the bytes it was read with): the body through the
// content pipeline — relative links to pages and files become refs and back, paths standing for ids — and the
// frontmatter and title line as page-file.ts keeps them. Tests and `scripts/gitsync-roundtrip.mjs` measure with it
// how close Bindery's canonical markdown is to what GitBook wrote, file by file.
import type { ContentRef } from '../../content/document.js';
import { mapGitBookTargets } from '../../content/gitbook-blocks.js';
import { documentToMarkdown, markdownToDocument } from '../../content/markdown.js';
import { exportTargets, importTargets } from './block-targets.js';
import { pathResolver, recordingClimbs, type RepoPage } from './read.js';
import { refTarget, renderPageFile } from './write.js';

/** The page file of `page` (a document with a path) as an export would write it once its content changed. */
export function rewritePageFile(page: RepoPage, files: ReadonlySet<string>, pages: ReadonlySet<string>, includes: ReadonlySet<string> = new Set()): string {
  const path = page.path!;
  // Ids as the engine has them (`[\w-]+`), one per path.
  const pathOf = new Map<string, string>();
  const ids = (set: ReadonlySet<string>, prefix: string) => new Map([...set].map((p, i) => {
    pathOf.set(`${prefix}${i}`, p);
    return [p, `${prefix}${i}`];
  }));
  const fileIds = ids(files, 'f');
  const pageIds = ids(pages, 'p');
  const includeIds = ids(includes, 'r');
  const climbs: Record<string, string> = {};
  const document = markdownToDocument(page.body, { resolver: recordingClimbs(path, pathResolver(path, fileIds, pageIds), climbs) });
  mapGitBookTargets(document, importTargets(path, fileIds, pageIds, includeIds), 'new');
  const plan = { pages: pathOf, files: pathOf };
  const toTarget = (ref: ContentRef): string | undefined => refTarget(plan, path, ref, false, climbs);
  const stored = markdownToDocument(documentToMarkdown(document));
  mapGitBookTargets(stored, exportTargets(path, plan, pathOf), 'old');
  const body = documentToMarkdown(stored, { resolver: { toTarget } });
  return renderPageFile({ id: path, type: 'document', title: page.title, slug: page.slug, fields: page.fields, git: page.git, children: [] }, body);
}

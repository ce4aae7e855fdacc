// Content import (POST …/content/import, …/content/page/{pageId}/import and their change request twins): reads what
// is at the URL (services/import-sources.ts: markdown, html, docx, zip, website) and adds it — pages with their
// children, files, the variables of a Git Sync tree — as ONE revision of the space or of the change request, at the
// top level or under a page. Authorisation comes before anything is fetched. No cap on the number of pages beyond
// the sources' own limits (IMPORT_LIMITS).
import { contentTypeOf, imageSize } from '../lib/image-size.js';
import type { AppContext } from '../context.js';
import { blobStore } from '../storage/blobs.js';
import type { Actor } from './auth.js';
import { authorizeChangeRequest } from '../policies/change-request.js';
import { editChangeRequestContent, editSpace, type CommitResult, type ContentEdit } from '../engine/index.js';
import { locatedIn } from './content-errors.js';
import { loadChangeRequest } from './change-requests.js';
import { loadSpace } from './spaces.js';
import { readImport, type ImportBundle, type ImportNode } from './import-sources.js';

export { IMPORT_SOURCES, markdownPage } from './import-sources.js';

export interface ImportOutcome {
  result: CommitResult;
  importedResources: number;
  totalResources: number;
}

async function editsOf(ctx: AppContext, bundle: ImportBundle, parent: string | undefined): Promise<ContentEdit[]> {
  const edits: ContentEdit[] = [];
  for (const f of bundle.files) {
    const image = imageSize(f.data);
    edits.push({
      op: 'addFile',
      file: {
        id: f.id, name: f.name, contentType: contentTypeOf(f.name, undefined, f.data), size: f.data.length, blob: await blobStore(ctx).put(f.data),
        ...(image ? { width: image.width, height: image.height } : {}),
      },
    });
  }
  const add = (nodes: ImportNode[], under: string | undefined) => {
    for (const n of nodes) {
      edits.push({
        op: 'createPage', id: n.id, type: n.type, title: n.title, ...(under !== undefined ? { parent: under } : {}),
        ...(n.markdown !== undefined && n.type === 'document' ? { markdown: n.markdown } : {}),
        ...(n.href !== undefined ? { href: n.href } : {}),
        ...(n.description ? { description: n.description } : {}), ...(n.icon ? { icon: n.icon } : {}), ...(n.hidden ? { hidden: true } : {}),
      });
      add(n.children, n.id);
    }
  };
  add(bundle.pages, parent);
  if (bundle.variables && Object.keys(bundle.variables).length) edits.push({ op: 'setVariables', variables: bundle.variables });
  return edits;
}

const countPages = (ps: ImportNode[]): number => ps.reduce((n, p) => n + 1 + countPages(p.children), 0);

/**
 * Imports into the space (`changeRequest` undefined) or a change request, at the top level or under `pageId`;
 * returns the commit and the counts of the import result.
 */
export async function importContent(
  ctx: AppContext, actor: Actor, spaceId: string, changeRequest: string | undefined, body: { url: string; source: string },
  ifMatch?: string | string[], pageId?: string,
): Promise<ImportOutcome> {
  // Authorize before fetching anything.
  if (changeRequest === undefined) await loadSpace(ctx, ctx.db, actor, spaceId, 'edit');
  else authorizeChangeRequest((await loadChangeRequest(ctx, ctx.db, actor, spaceId, changeRequest)).access, 'editContent');
  const bundle = await readImport(ctx, body.url, body.source);
  const edits = await editsOf(ctx, bundle, pageId);
  // The imported content is not in the request: errors name the place it goes (the page, or the body's URL).
  const places = { edit: () => (pageId !== undefined ? '/path/pageId' : '/body') };
  const result = await locatedIn(places, async () => changeRequest === undefined
    ? (await editSpace(ctx, actor, spaceId, edits, { ifMatch })).result
    : await editChangeRequestContent(ctx, actor, spaceId, changeRequest, edits, { ifMatch }));
  const imported = countPages(bundle.pages) + bundle.files.length;
  return { result, importedResources: imported, totalResources: Math.max(bundle.total, imported) };
}

// Request parsing shared by the space's and the change request's content edits.
import type { components } from '@bindery/api-types';
import type { ContentEdit } from '../engine/index.js';
import type { RequestPlaces } from '../services/content-errors.js';

type ApiEdit = components['schemas']['ContentEdit'];

export const etag = (revisionId: string) => ({ ETag: `"${revisionId}"` });

/**
 * The `evaluated` query parameter of page reads: `true` or GitBook's `deterministic-only` (every evaluation Bindery
 * makes is deterministic). Its schema is a boolean or a string, so the validator may hand `"false"` on as a string.
 */
export const evaluatedFlag = (v: boolean | string | undefined): boolean => v === true || v === 'true' || v === 'deterministic-only';

/** The request's edits as service edits, with the JSON pointer of each edit's fields for errors. */
export function toEdits(edits: ApiEdit[]): { edits: ContentEdit[]; places: RequestPlaces } {
  const out: ContentEdit[] = edits.map((e) => {
    switch (e.op) {
      case 'createPage':
        return { op: 'createPage', ...e.page };
      case 'updatePage':
        return { op: 'updatePage', page: e.pageId, ...e.page };
      case 'movePage':
        return { op: 'movePage', page: e.pageId, ...(e.parent !== undefined ? { parent: e.parent } : {}), ...(e.position ? { position: e.position } : {}) };
      case 'deletePage':
        return { op: 'deletePage', page: e.pageId };
      case 'deleteFile':
        return { op: 'deleteFile', file: e.fileId };
      case 'setVariables':
        return { op: 'setVariables', variables: e.variables };
    }
  });
  // A page's fields are under `page` in the request (`/body/edits/3/page/markdown`).
  return { edits: out, places: { edit: (i) => (edits[i]!.op === 'createPage' || edits[i]!.op === 'updatePage' ? `/body/edits/${i}/page` : `/body/edits/${i}`) } };
}

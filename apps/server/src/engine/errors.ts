// The engine's domain errors: what is wrong with the content a caller gave, and where in it - never an HTTP field
// path. A `ContentError` carries a locator (which edit or conflict resolution, which field of it); the service or
// route that called the engine knows how its request spelled that place (`/body/edits/3/page/markdown`,
// `/body/markdown`, `/body/resolutions/0/value`) and turns the error into its 400/404/409/413/422 answer
// (services/content-errors.ts).
import { ContentLimitError } from '../content/limits.js';

/** Where an error is in the caller's input. */
export interface ContentLocator {
  /** The list the item belongs to: the batch of edits, or the resolutions of a merge's conflicts. */
  list: 'edits' | 'resolutions';
  /** The item of that list (absent: the list as a whole). */
  index?: number;
  /** The field inside the item, as the tail of a JSON pointer (`markdown`, `position/before`, `document/nodes/0/type`). */
  field?: string;
}

/**
 * - `invalid`: the value is not acceptable (400);
 * - `not-found`: it names a page that is not there (404; `value` is what it named);
 * - `conflict`: it clashes with the content (409);
 * - `limit`: it is past a content limit or the time budget (413 for sizes, 422 otherwise; `status`).
 */
export type ContentErrorKind = 'invalid' | 'not-found' | 'conflict' | 'limit';

export class ContentError extends Error {
  constructor(
    readonly kind: ContentErrorKind,
    readonly locator: ContentLocator,
    /** What is wrong, without the place (`is a link page, which cannot have child pages`). */
    readonly detail: string,
    /**
     * `value`: what a `not-found` error's field named; `status`: a `limit` error's (413 or 422); `summary`: a short
     * form of the detail for the list of field errors (the message then reads `place: detail`).
     */
    readonly extra: { value?: string; status?: 413 | 422; summary?: string } = {},
  ) {
    super(detail);
    this.name = 'ContentError';
  }
}

/** The place of `field` of edit `index`. */
export const editField = (index: number, field?: string): ContentLocator => ({ list: 'edits', index, ...(field ? { field } : {}) });

export const invalidContent = (where: ContentLocator, detail: string) => new ContentError('invalid', where, detail);
export const contentConflict = (where: ContentLocator, detail: string) => new ContentError('conflict', where, detail);
export const pageNotFoundAt = (where: ContentLocator, pageId: string) => new ContentError('not-found', where, 'Page not found', { value: pageId });

/** A content limit error (size, shape, budget) located at `where`; anything else is returned unchanged. */
export function locatedLimit(where: ContentLocator, err: unknown): unknown {
  if (err instanceof ContentLimitError) return new ContentError('limit', where, err.message, { status: err.status });
  return err;
}

/** Runs `fn`, locating the content limit errors it throws at `where`. */
export function withLocator<T>(where: ContentLocator, fn: () => T): T {
  try {
    return fn();
  } catch (err) {
    throw locatedLimit(where, err);
  }
}

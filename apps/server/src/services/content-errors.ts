// The engine's ContentErrors (engine/errors.ts) as answers: the caller says how its request spells the place of an
// edit (`/body` for a single-page request, `/body/edits/3/page` in a batch, `/path/pageId` for an import under a
// page), and the error's locator becomes the field its message names - `/body/edits/3/page/markdown: the markdown
// nests blocks more than 48 levels deep (limit: 48 nested levels)`.
import { ContentError } from '../engine/index.js';
import { ApiError, conflict, invalidField } from '../errors.js';

/** How a request spells the places a ContentError may name. */
export interface RequestPlaces {
  /** The JSON pointer of edit `i` of the request (default `/body/edits/i`). */
  edit?: (i: number) => string;
  /** The JSON pointer of the conflict resolutions (default `/body/resolutions`). */
  resolutions?: string;
}

/** The JSON pointer of the place an error is located at. */
export function placeOf(err: ContentError, places: RequestPlaces = {}): string {
  const { list, index, field } = err.locator;
  let base: string;
  if (list === 'edits') base = index === undefined ? '/body/edits' : (places.edit ?? ((i) => `/body/edits/${i}`))(index);
  else base = `${places.resolutions ?? '/body/resolutions'}${index === undefined ? '' : `/${index}`}`;
  return field ? `${base}/${field}` : base;
}

/** The answer to a ContentError: 400 invalid, 404 not found, 409 conflict, 413/422 past a limit, naming the field. */
export function contentErrorAnswer(err: ContentError, places: RequestPlaces = {}): ApiError {
  const path = placeOf(err, places);
  switch (err.kind) {
    case 'invalid':
      return err.extra.summary
        ? new ApiError(400, `${path}: ${err.detail}`, [{ path, message: err.extra.summary }])
        : invalidField(path, err.detail);
    case 'not-found':
      return new ApiError(404, `${err.detail} (${path}: ${err.extra.value ?? ''})`);
    case 'conflict':
      return conflict(`${path}: ${err.detail}`);
    case 'limit':
      return new ApiError(err.extra.status ?? 422, `${path}: ${err.detail}`);
  }
}

/** Runs an engine call, turning its ContentErrors into answers naming the request's fields. */
export async function locatedIn<T>(places: RequestPlaces, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (err instanceof ContentError) throw contentErrorAnswer(err, places);
    throw err;
  }
}

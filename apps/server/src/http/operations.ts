// The typed handler table: one entry per operationId of the generated `operations`. A spec change that adds an
// operation breaks the compile until the table has an entry for it (a handler, or `notImplementedYet`).
import type { IncomingHttpHeaders } from 'node:http';
import type { OperationId, PathParams, PublicOperationId, QueryParams, RequestBody, SuccessResponse } from '@bindery/api-types';
import type { AppContext } from '../context.js';
import type { Actor } from '../services/auth.js';

export interface OperationRequest<K extends OperationId> {
  operationId: K;
  params: PathParams<K>;
  query: QueryParams<K>;
  body: RequestBody<K>;
  /** null only for the operations the spec marks public (`security: []`), called without a token. */
  actor: K extends PublicOperationId ? Actor | null : Actor;
  headers: IncomingHttpHeaders;
}

export type OperationResult<K extends OperationId> = SuccessResponse<K> & {
  /** A header given several times (`set-cookie`) is an array. */
  headers?: Record<string, string | string[]>;
  /** Bytes to answer instead of a JSON body (file downloads), with their content type. */
  file?: { contentType: string; data: Buffer };
};

export type Handler<K extends OperationId> = (req: OperationRequest<K>, ctx: AppContext) => Promise<OperationResult<K>>;

/** Marks an operation that answers 501 until it is built. */
export const notImplementedYet = Symbol('not implemented yet');
export type NotImplementedYet = typeof notImplementedYet;

export type HandlerTable = { [K in OperationId]: Handler<K> | NotImplementedYet };
/** A part of the table, e.g. the handlers of one tag. */
export type HandlerGroup<K extends OperationId> = { [P in K]: Handler<P> };

/** Typing helper for a group of handlers. */
export function handlers<K extends OperationId>(group: HandlerGroup<K>): HandlerGroup<K> {
  return group;
}

// Hand-written helpers over the generated types. The generated file is never edited by hand.
import type { operations } from './openapi.generated.js';
export type { paths, components, operations } from './openapi.generated.js';
export type { PublicOperationId } from './public-operations.generated.js';

export type OperationId = keyof operations;
type Op<K extends OperationId> = operations[K];
type Params<K extends OperationId> = Op<K> extends { parameters: infer P } ? P : never;

/** Path parameters of an operation. */
export type PathParams<K extends OperationId> = Params<K> extends { path?: infer P } ? NonNullable<P> : Record<string, never>;
/** Query parameters of an operation. */
export type QueryParams<K extends OperationId> = Params<K> extends { query?: infer Q } ? NonNullable<Q> : Record<string, never>;
/** JSON (or form) request body of an operation (undefined when it takes none). */
export type RequestBody<K extends OperationId> = Op<K> extends { requestBody: { content: { 'application/json': infer B } } }
  ? B
  : Op<K> extends { requestBody?: { content: { 'application/json': infer B } } }
    ? B | undefined
    : Op<K> extends { requestBody: { content: { 'application/x-www-form-urlencoded': infer F } } }
      ? F
      : undefined;

type Responses<K extends OperationId> = Op<K> extends { responses: infer R } ? R : never;
/** Statuses a handler answers on success (302: a redirect, e.g. to an identity provider). */
type SuccessCode = 200 | 201 | 202 | 204 | 205 | 302;
type JsonOf<R> = R extends { content: { 'application/json': infer B } } ? B : undefined;

/** One success response of an operation: its status and, when it has one, its JSON body. */
export type SuccessResponse<K extends OperationId> = {
  [C in SuccessCode & keyof Responses<K>]: { status: C; body: JsonOf<Responses<K>[C]> };
}[SuccessCode & keyof Responses<K>];

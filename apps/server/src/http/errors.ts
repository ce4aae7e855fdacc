// The one error handler: every failure leaves as `{"error":{"code","message"}}`.
import type { ErrorRequestHandler } from 'express';
import type { Logger } from 'pino';
import { ContentLimitError } from '../content/limits.js';
import { ContentError } from '../engine/index.js';
import { contentErrorAnswer } from '../services/content-errors.js';
import { ApiError, type FieldError } from '../errors.js';
import { PoolBusyError } from '../lib/worker-pool.js';
import { databaseFailureAnswer } from '../db/failures.js';

interface ValidatorError {
  status?: number;
  message?: string;
  errors?: { path?: string; message?: string }[];
  headers?: Record<string, string>;
  type?: string;
  /** body-parser's limit, in bytes (entity.too.large). */
  limit?: number;
}

/** Turns anything thrown into an ApiError: ours, express-openapi-validator's, body-parser's, or unexpected. */
export function toApiError(err: unknown, logger: { error(obj: object, msg: string): void }): ApiError {
  if (err instanceof ApiError) return err;
  // Content edits the route did not locate itself: edits of `/body/edits`, resolutions of `/body/resolutions`.
  if (err instanceof ContentError) return contentErrorAnswer(err);
  // Content past a processing limit (size, nesting, time budget): 413/422 naming the limit.
  if (err instanceof ContentLimitError) return new ApiError(err.status, err.message);
  // Every content worker busy and the queue full: shed load.
  if (err instanceof PoolBusyError) return new ApiError(503, err.message, undefined, { 'Retry-After': String(err.retryAfterSeconds) });
  const e = (err ?? {}) as ValidatorError;
  if (e.type === 'entity.parse.failed') return new ApiError(400, 'Invalid JSON in the request body');
  if (e.type === 'entity.too.large') return new ApiError(413, typeof e.limit === 'number' ? `Request body too large (limit: ${e.limit} bytes)` : 'Request body too large');
  if (e.type === 'encoding.unsupported' || e.type === 'charset.unsupported') return new ApiError(415, e.message ?? 'Unsupported encoding');
  if (typeof e.status === 'number' && e.status >= 400 && e.status < 500) {
    const errors: FieldError[] | undefined = e.errors?.map((x) => ({ path: x.path ?? '', message: x.message ?? '' }));
    const first = errors?.[0];
    let message = e.message ?? 'Bad request';
    if (e.status === 404) message = 'Not found';
    else if (e.status === 400 && first) message = `Invalid request: ${first.path} ${first.message}`.replace(/\s+/g, ' ').trim();
    return new ApiError(e.status, message, e.status === 400 ? errors : undefined, e.headers);
  }
  // PostgreSQL cannot store a NUL character in text (SQLite can): a value holding one is the request's fault, and its
  // transaction rolled back. (Identifiers in paths are refused earlier by their patterns.)
  if ((err as { code?: unknown })?.code === '22021' || (err as { code?: unknown })?.code === '22P05') {
    return new ApiError(400, 'A value of the request holds a character the database cannot store (NUL, \\u0000)');
  }
  // The database (or the data folder) failed, not the request: 503 / 507 naming the cause (db/failures.ts).
  const failure = databaseFailureAnswer(err);
  if (failure) {
    logger.error({ err: { message: (err as Error)?.message, code: (err as { code?: unknown })?.code } }, `database failure answered ${failure.status}`);
    return failure;
  }
  logger.error({ err }, 'unexpected error');
  const detail = typeof e.status === 'number' && e.status >= 500 && e.message ? e.message : 'Internal server error';
  return new ApiError(500, detail);
}

export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (err, req, res, _next) => {
    // Only an unexpected error is logged, with the request's id.
    const reqId = res.locals.reqId as string | undefined;
    const e = toApiError(err, reqId ? { error: (obj: object, msg: string) => logger.error({ reqId, ...obj }, msg) } : logger);
    if (res.headersSent) {
      res.end();
      return;
    }
    if (e.headers) res.set(e.headers);
    res.status(e.status).json({ error: { code: e.status, message: e.message, ...(e.errors?.length ? { errors: e.errors } : {}) } });
  };
}

// The steps of the HTTP pipeline, one named middleware each, in the order app.ts mounts them. A request is matched
// against the compiled route table once (`matchOperation`); the later steps read that match from `res.locals`.
import { randomUUID } from 'node:crypto';
import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import * as OpenApiValidator from 'express-openapi-validator';
import pino, { type Logger } from 'pino';
import type { AppContext } from '../context.js';
import { ApiError, forbidden, notImplemented } from '../errors.js';
import { authenticate, type Actor } from '../services/auth.js';
import { authorizeIntegrationCall } from '../services/integration-access.js';
import { newReadScope, inReadScope, ReadCache, type ReadScope } from '../db/read-cache.js';
import { LEASE_MS } from '../db/cache-lease.js';
import { sql } from 'kysely';
import { notImplementedYet, type HandlerTable, type OperationRequest } from './operations.js';
import { RateLimiter } from './rate-limit.js';
import { decodeParams, type RouteMatch, type RouteTable } from './route-table.js';
import type { QueryParamRule } from './spec.js';
import { refuseUnsafeText } from './text-guard.js';
import { jsonText } from '../lib/json-text.js';
import { codePointLength, useCodePointLengthInAjv } from '../lib/code-point-length.js';

/** What the pipeline keeps about a request in `res.locals`. */
interface Locals {
  route?: RouteMatch;
  actor?: Actor;
  readScope?: ReadScope;
  reqId?: string;
}
const locals = (res: Response) => res.locals as Locals;

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** The path as logged: never the query string (it may carry share keys), and an export URL's token is a credential. */
const loggedPath = (path: string) => (path.startsWith('/v1/exports/pdf/') ? path.replace(/^(\/v1\/exports\/pdf\/)[^/]+/, '$1…') : path);

/** What the request line of the log says about one answered request. */
export interface RequestLine {
  reqId: string;
  method: string;
  path: string;
  status: number;
  ms: number;
  user: string | undefined;
}

/**
 * The writer of request lines for `logger`. Every answered request logs one line, so it is written the way pino
 * itself would write it — the same bytes (a unit test compares them), level, time and bindings from the logger — but
 * without pino's generic per-key serialisation (and its redaction pass, which cannot apply to these plain strings and
 * numbers). Falls back to `logger.info` when the logger formats lines in ways this does not reproduce (mixins,
 * formatters, hooks, serializers, a nested key, or a destination that wants metadata).
 */
export function requestLineWriter(logger: Logger): (line: RequestLine) => void {
  const l = logger as unknown as Record<symbol, any>;
  const sym = pino.symbols;
  const stream = l[sym.streamSym] as { write(s: string): unknown } & Record<symbol, unknown> | undefined;
  const plain =
    stream && typeof stream.write === 'function' && stream[Symbol.for('pino.metadata')] !== true &&
    !l[sym.mixinSym] && !l[sym.formattersSym]?.log && !l[sym.hooksSym]?.streamWrite && !l[sym.hooksSym]?.logMethod &&
    !l[sym.nestedKeySym] && l[sym.messageKeySym] === 'msg' && typeof l[sym.lsCacheSym]?.[30] === 'string' &&
    typeof l[sym.timeSym] === 'function' && typeof l[sym.chindingsSym] === 'string' &&
    !['reqId', 'method', 'path', 'status', 'ms', 'user', 'msg'].some((k) => l[sym.serializersSym]?.[k] || l[sym.stringifiersSym]?.[k]);
  if (!plain) return (line) => logger.info(line, 'request');
  return (line) => {
    if (!logger.isLevelEnabled('info')) return;
    // reqId matches REQUEST_ID or is a UUID, the method is an HTTP token (Node refuses others): no escaping needed.
    stream.write(
      `${l[sym.lsCacheSym][30]}${l[sym.timeSym]()}${l[sym.chindingsSym]},"reqId":"${line.reqId}","method":"${line.method}","path":${JSON.stringify(line.path)},"status":${line.status},"ms":${line.ms}${line.user === undefined ? '' : `,"user":${JSON.stringify(line.user)}`},"msg":"request"}\n`,
    );
  };
}

/**
 * 1. Request id (`X-Request-Id`, echoed when sane) and one log line when the answer is sent: method, path, status,
 * duration, user id, request id. No child logger per request: the line carries the id itself.
 */
export function requestLog(ctx: AppContext): RequestHandler {
  const logger = ctx.logger;
  const write = requestLineWriter(logger);
  return (req, res, next) => {
    const given = req.headers['x-request-id'];
    const id = typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    res.setHeader('X-Request-Id', id);
    locals(res).reqId = id;
    const start = performance.now();
    const path = req.path;
    res.on('finish', () => {
      if (!logger.isLevelEnabled('info')) return;
      const ms = Math.round((performance.now() - start) * 10) / 10;
      write({ reqId: id, method: req.method, path: loggedPath(path), status: res.statusCode, ms, user: locals(res).actor?.user.id });
    });
    next();
  };
}

const HEALTHZ = /^\/healthz\/?$/i;

/**
 * 2. `GET /healthz`: 503 until the warm-up request has gone through the validator, then 200. Other requests pass on
 * (the path is matched as Express's `app.get('/healthz')` would: any case, an optional trailing slash, GET or HEAD).
 */
export function healthz(isReady: () => boolean): RequestHandler {
  return (req, res, next) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !HEALTHZ.test(req.path)) return next();
    if (isReady()) res.status(200).json({ status: 'ok' });
    else res.status(503).json({ error: { code: 503, message: 'Starting: the API description is not compiled yet' } });
  };
}

/**
 * The steps of the pipeline as plain function calls inside one Express layer: each step is a middleware and gets a
 * `next` that calls the following step (Express's own `next` walks its layer stack, matches each layer's path and
 * trims prefixes, for every step of every request). As in Express, an error passed to `next`, thrown, or rejected by a
 * returned promise leaves the sequence for the error handler; after the last step, `done()` is called.
 */
export function inSequence(steps: readonly RequestHandler[]): RequestHandler {
  const n = steps.length;
  return (req, res, done) => {
    let i = 0;
    const next = (err?: unknown): void => {
      if (err) return done(err);
      if (i === n) return done();
      const step = steps[i++]!;
      try {
        const r = step(req, res, next) as unknown;
        if (r instanceof Promise) r.then(undefined, (e: unknown) => done(e ?? new Error('Rejected promise')));
      } catch (e) {
        done(e);
      }
    };
    next();
  };
}

/** Whether Express's `app.use('/sites', …)` would take this path (any case; `/sites` itself or below it). */
export function isSitesPath(path: string): boolean {
  return path.length >= 6 && (path.length === 6 || path[6] === '/') && path.slice(0, 6).toLowerCase() === '/sites';
}

/** 3. The operation the request addresses, from the compiled route table (undefined: the validator answers 404/405). */
export function matchOperation(routes: RouteTable): RequestHandler {
  return (req, res, next) => {
    const route = routes.match(req.method, req.path);
    if (route) {
      locals(res).route = route;
      // The validator takes this match instead of looking the route up again (patches/express-openapi-validator).
      (req as Request & { openapiRouteHint?: { pathKey: string; params: Record<string, string> } }).openapiRouteHint = { pathKey: route.op.path, params: route.rawParams };
      // A last parameter that is itself a path is sent with unencoded slashes by the official client: encode them
      // so that the validator sees one segment.
      if (route.greedyOffset !== undefined) {
        const q = req.url.indexOf('?');
        const path = q < 0 ? req.url : req.url.slice(0, q);
        req.url = path.slice(0, route.greedyOffset) + path.slice(route.greedyOffset).replace(/\//g, '%2F') + (q < 0 ? '' : req.url.slice(q));
      }
    }
    next();
  };
}

/**
 * 4. Authentication (services/auth.ts): a bearer token is required, except for the operations the spec marks
 * public (`security: []`) when none is given. The request's read scope starts here (db/read-cache.ts): what is read
 * through the caches (the token, memberships, grants) is checked against the database's invalidation epochs once
 * per request, so a revoked token or a changed role is seen by the next request, in every process.
 */
export function authenticateCaller(ctx: AppContext): RequestHandler {
  return (req, res, next) => {
    const l = locals(res);
    const authorization = req.headers.authorization;
    if (!authorization && l.route?.op.public) return next();
    const scope = (l.readScope = newReadScope());
    inReadScope(scope, () => authenticate(ctx, authorization)).then((actor) => {
      l.actor = actor;
      const op = l.route?.op;
      if (actor.site && op && !(op.method === 'get' && op.path.startsWith('/v1/spaces/{spaceId}'))) {
        return next(forbidden("A site API token reads only the content of its site's spaces (GET /v1/spaces/{spaceId}/…)"));
      }
      next();
    }, next);
  };
}

/** 5. Optional per-token rate limit (fixed window, `X-RateLimit-*`, 429 with `Retry-After`). */
export function rateLimit(ctx: AppContext): RequestHandler | undefined {
  if (!(ctx.config.rateLimitPerMinute > 0)) return undefined;
  const limiter = new RateLimiter(ctx.config.rateLimitPerMinute, ctx.config.rateLimitWindowMs, () => ctx.clock.now().getTime());
  return (_req, res, next) => {
    const actor = locals(res).actor;
    if (!actor) return next();
    const r = limiter.hit(actor.tokenId);
    res.setHeader('X-RateLimit-Limit', String(r.limit));
    res.setHeader('X-RateLimit-Remaining', String(r.remaining));
    res.setHeader('X-RateLimit-Reset', String(r.resetEpochSeconds));
    if (!r.allowed) {
      return next(new ApiError(429, `API rate limit exceeded. Please try again in ${r.retryAfterSeconds} seconds`, undefined, {
        'Retry-After': String(r.retryAfterSeconds),
      }));
    }
    next();
  };
}

/**
 * 6. Body parsers: raw bytes for operations marked `x-bindery-raw-body` (uploads, webhooks; any content type), a
 * larger JSON limit for `x-bindery-large-json-body` (specifications as text), JSON and forms otherwise (413 above
 * the limit, or above the operation's `x-bindery-body-limit`; 400 for invalid JSON); then text that breaks the rules
 * of lib/text.ts is refused. A request without a body passes straight through.
 */
export function parseBody(ctx: AppContext): RequestHandler {
  const raw = express.raw({ type: () => true, limit: ctx.config.uploadLimit });
  const largeJson = express.json({ limit: 2 * ctx.config.openapiMaxBytes + 64 * 1024, strict: false });
  const json = express.json({ limit: ctx.config.bodyLimit, strict: false });
  const form = express.urlencoded({ extended: false, limit: ctx.config.bodyLimit });
  const limitedRaw = new Map<number, RequestHandler>();
  const rawUpTo = (limit: number) => limitedRaw.get(limit) ?? limitedRaw.set(limit, express.raw({ type: () => true, limit })).get(limit)!;
  return (req, res, next) => {
    if (req.headers['transfer-encoding'] === undefined && req.headers['content-length'] === undefined) return next();
    const op = locals(res).route?.op;
    const first = op?.rawBody ? (op.bodyLimit ? rawUpTo(op.bodyLimit) : raw) : op?.largeJsonBody ? largeJson : json;
    first(req, res, (err?: unknown) => {
      if (err) return next(err);
      form(req, res, (err2?: unknown) => (err2 ? next(err2) : refuseUnsafeText(req, res, next)));
    });
  };
}

/**
 * 7. express-openapi-validator on the bundled spec: path, query (unknown parameters refused), body; responses too
 * when `validateResponses` is on (always in tests). Its route lookup is patched to compile and index the matchers
 * once (patches/express-openapi-validator@5.6.2.patch). With responses not validated, a plain GET that meets the
 * spec's rules for it goes on without its steps (`passesPlainGet`).
 */
export function validateAgainstSpec(ctx: AppContext, spec: Record<string, unknown>): RequestHandler[] {
  // `maxLength` counted without a loop over every UTF-16 unit of a page's markdown (lib/code-point-length.ts).
  useCodePointLengthInAjv();
  const steps = OpenApiValidator.middleware({
    apiSpec: structuredClone(spec) as never,
    // Query and path parameters are always coerced from strings; bodies are not (a number is not a title).
    validateRequests: { allowUnknownQueryParameters: false, coerceTypes: false },
    validateResponses: ctx.config.validateResponses ? { removeAdditional: false } : false,
    validateSecurity: false,
    validateApiSpec: false,
    validateFormats: true,
    ignoreUndocumented: false,
    $refParser: { mode: 'bundle' },
    // Route by `req.url`, which matchOperation may have rewritten.
    useRequestUrl: true,
  }) as unknown as RequestHandler[];
  // Responses are validated through the request's metadata (`req.openapi`): every request goes through it then.
  if (ctx.config.validateResponses) return steps;
  const validate = inSequence(steps);
  return [(req, res, next) => (passesPlainGet(req, locals(res).route) ? (validatorStats.skipped++, next()) : validate(req, res, next))];
}

/** Requests answered without the validator's steps (`passesPlainGet`), for the tests. */
export const validatorStats = { skipped: 0 };

/**
 * The characters a plain GET's query string may hold (else the validator sees it): unreserved ones, escapes, and the
 * reserved characters that `url.parse` and Express's parser leave as they are (no `'`, `?`, `#`, brackets).
 */
const PLAIN_QUERY = /^[A-Za-z0-9\-._~%!$()*+,;=:@/&]*$/;
/**
 * A raw value of a parameter without `allowReserved`: the validator refuses every reserved character unescaped
 * (`Parameter '…' must be url encoded`; its parameters are `explode`d, so the comma too).
 */
const UNRESERVED_VALUE = /^[A-Za-z0-9\-._~%]+$/;
/** How the validator's coercion (ajv, `coerceTypes`) reads integers, and what the query text guard lets through. */
const INTEGER_TEXT = /^[+-]?\d{1,15}$/;

/**
 * Whether the request validator would pass `req` as it is, known without it: a GET of an operation whose only checks
 * are of its path and query parameters (http/spec.ts `plainGet`), sent without a body, its path parameters decoded
 * as the validator decodes them and its query parameters as Express parses them, meeting those rules. When it
 * passes, `req.query` is what the validator leaves there: values coerced (integers, booleans) and the defaults of
 * absent parameters filled in, in its order. Anything else — a body, a parameter that does not pass, an unknown or
 * repeated or empty one, an escaped name, a malformed escape, a character the validator refuses or treats apart —
 * goes through the validator, which answers it as before. The validator's four steps (metadata, multipart, security,
 * request: each awaiting, its parameters walked per request) were 7-8 % of the CPU of `GET` space
 * (docs/performance.md, session 22).
 */
function passesPlainGet(req: Request, route: RouteMatch | undefined): boolean {
  const plain = route?.op.plainGet;
  if (!plain || req.method !== 'GET' || route!.greedyOffset !== undefined) return false;
  const headers = req.headers;
  if (headers['transfer-encoding'] !== undefined || (headers['content-length'] !== undefined && headers['content-length'] !== '0')) return false;
  for (const rule of plain.path) {
    const raw = route!.rawParams[rule.name];
    if (raw === undefined) return false;
    let value: string;
    try {
      value = decodeURIComponent(raw);
    } catch {
      return false;
    }
    // A string's UTF-16 length is at least its code points (what JSON Schema counts): within maxLength by it, within
    // by code points too; minLength is counted as the validator counts it.
    if (rule.maxLength !== undefined && value.length > rule.maxLength) return false;
    if (rule.minLength !== undefined && codePointLength(value) < rule.minLength) return false;
    if (rule.pattern && !rule.pattern.test(value)) return false;
  }
  const url = req.url;
  const q = url.indexOf('?');
  if (q < 0) {
    if (plain.required.length > 0) return false;
    if (plain.defaults.length === 0) return true;
  } else if (req.originalUrl !== url || !PLAIN_QUERY.test(url.slice(q + 1))) return false;
  // Express's parse (querystring): the object the validator works on, and what it leaves in `req.query`.
  const query = req.query as Record<string, unknown>;
  if (q >= 0 && q + 1 < url.length) {
    const pairs = url.slice(q + 1).split('&');
    if (pairs.length > plain.query.size) return false;
    for (const pair of pairs) {
      const eq = pair.indexOf('=');
      if (eq <= 0 || pair.indexOf('=', eq + 1) >= 0) return false;
      // The name as sent: the validator looks its raw value up by it (an escaped name goes through it).
      const rule = plain.query.get(pair.slice(0, eq));
      if (!rule || rule.type === 'other') return false;
      if (!rule.allowReserved && !UNRESERVED_VALUE.test(pair.slice(eq + 1))) return false;
      const value = query[rule.name];
      // Repeated (an array) or empty (refused): the validator.
      if (typeof value !== 'string' || value === '') return false;
      const coerced = queryValue(rule, value);
      if (coerced === undefined) return false;
      query[rule.name] = coerced;
    }
  }
  for (const name of plain.required) if (query[name] === undefined) return false;
  for (const [name, value] of plain.defaults) if (query[name] === undefined) query[name] = value;
  // As the validator leaves it (Express 5's `req.query` is a getter parsing the URL on each read).
  Object.defineProperty(req, 'query', { writable: true, value: query });
  return true;
}

/** The value of a query parameter as the validator coerces it when it meets `rule`, else undefined. */
function queryValue(rule: QueryParamRule, value: string): string | number | boolean | undefined {
  switch (rule.type) {
    case 'boolean':
      return value === 'true' ? true : value === 'false' ? false : undefined;
    case 'booleanOrEnum':
      // Checked as a boolean, then as the string the anyOf's last branch makes of it again (http/spec.ts).
      return value === 'true' || value === 'false' || rule.enum!.has(value) ? value : undefined;
    case 'integer': {
      if (!INTEGER_TEXT.test(value)) return undefined;
      const n = +value;
      if ((rule.minimum !== undefined && n < rule.minimum) || (rule.maximum !== undefined && n > rule.maximum)) return undefined;
      if ((rule.exclusiveMinimum !== undefined && n <= rule.exclusiveMinimum) || (rule.exclusiveMaximum !== undefined && n >= rule.exclusiveMaximum)) return undefined;
      return n;
    }
    case 'string':
      // Code points, as the validator counts them (at most the UTF-16 length: counted only when that is above).
      if (rule.maxLength !== undefined && value.length > rule.maxLength && codePointLength(value) > rule.maxLength) return undefined;
      if (rule.minLength !== undefined && codePointLength(value) < rule.minLength) return undefined;
      if (rule.pattern && !rule.pattern.test(value)) return undefined;
      if (rule.enum && !rule.enum.has(value)) return undefined;
      return value;
    default:
      return undefined;
  }
}

type AnyHandler = (r: OperationRequest<never>, c: AppContext) => Promise<{ status: number; body: unknown; headers?: Record<string, string | string[]>; file?: { contentType: string; data: Buffer } }>;

/**
 * 8. The operation's handler, from the typed handler table by operationId (`notImplementedYet` answers 501). One
 * middleware dispatches every operation from the match made in step 3: no per-operation Express routes to walk.
 */
export function dispatchOperation(ctx: AppContext, table: HandlerTable): RequestHandler {
  const viaExpress = ctx.config.validateResponses;
  return (req, res, next) => {
    const l = locals(res);
    const route = l.route;
    if (!route) return next();
    const op = route.op;
    const handler = table[op.operationId as keyof HandlerTable] as AnyHandler | typeof notImplementedYet | undefined;
    inReadScope((l.readScope ??= newReadScope()), async () => {
      if (handler === undefined || handler === notImplementedYet) throw notImplemented(op.operationId);
      const params = decodeParams(route);
      // A token acting as an integration: only what its scopes and installation open (policies/integration-access.ts).
      if (l.actor?.integration) await authorizeIntegrationCall(ctx, l.actor, op, params);
      const request = { operationId: op.operationId, params, query: req.query, body: req.body, actor: l.actor ?? null, headers: req.headers } as unknown as OperationRequest<never>;
      return handler(request, ctx);
    }).then(
      // A change that moved the cache counters is known to every process holding a lease before it is answered
      // (db/read-cache.ts, "Leases"), and before an error is answered (it may have committed first).
      // (Most requests moved nothing: they go on without the notice's extra turn.)
      (result) => (l.readScope!.moved ? publishCacheChanges(ctx, l.readScope!).then(() => result) : result),
      (err: unknown) => (l.readScope!.moved ? publishCacheChanges(ctx, l.readScope!).then(() => Promise.reject(err)) : Promise.reject(err)),
    ).then((result) => {
      // GitBook returns a page's `condition` only to user (and OAuth) tokens, never to site or integration tokens.
      if ((l.actor?.site || l.actor?.integration) && result.body && typeof result.body === 'object') withoutPageConditions(result.body, 0);
      if (result.headers) res.set(result.headers);
      if (result.file) res.status(result.status).type(result.file.contentType).send(result.file.data);
      else if (result.body === undefined) res.status(result.status).end();
      else sendJson(req, res, result.status, result.body, viaExpress);
    }).catch(next);
  };
}

/**
 * `ReadCache.publishChanges` for the request's scope. When the notice cannot be sent (this process's listening
 * connection is down), through a pooled connection instead, then a lease's length waited: a process that received
 * it stopped skipping at once, and one that could not has lost its lease by then.
 */
async function publishCacheChanges(ctx: AppContext, scope: ReadScope): Promise<void> {
  const cache = ReadCache.of(ctx.db);
  try {
    await (cache ? cache.publishChanges(scope) : undefined);
  } catch (err) {
    ctx.logger.warn({ err }, 'cache notice not sent through the listening connection; through the pool, then a lease waited');
    await sql`select pg_notify('bindery_cache', 'pool')`.execute(ctx.db).catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, LEASE_MS));
  }
}

const PAGE_KINDS = new Set(['sheet', 'group', 'link']);

/**
 * Removes the `condition` of every page of an answer (GitBook's RevisionPage: `kind` sheet, group or link), and the
 * `condition` attribute of semantic changes, in place. Walks only where pages are (`pages`, `page`, `changes`,
 * `attributes`), never into documents, so the cost is that of the pages shown; answers are built per request.
 */
function withoutPageConditions(value: unknown, depth: number): void {
  if (depth > 400 || value === null || typeof value !== 'object' || Object.isFrozen(value)) return;
  if (Array.isArray(value)) {
    for (const v of value) withoutPageConditions(v, depth + 1);
    return;
  }
  const o = value as Record<string, unknown>;
  if ('condition' in o && typeof o.kind === 'string' && PAGE_KINDS.has(o.kind)) delete o.condition;
  if (o.page !== undefined) withoutPageConditions(o.page, depth + 1);
  if (o.pages !== undefined) withoutPageConditions(o.pages, depth + 1);
  if (o.changes !== undefined) {
    withoutPageConditions(o.changes, depth + 1);
    // A page edit that only changed the condition is no change to such a reader.
    if (Array.isArray(o.changes) && !Object.isFrozen(o.changes)) {
      o.changes = o.changes.filter((c) => !(c && typeof c === 'object' && (c as { type?: unknown }).type === 'page_edited' && Object.keys((c as { attributes?: object }).attributes ?? {}).length === 0));
    }
  }
  const attributes = o.attributes as Record<string, unknown> | undefined;
  if (o.page !== undefined && attributes && typeof attributes === 'object' && !Object.isFrozen(attributes) && 'condition' in attributes) delete attributes.condition;
}

/**
 * A JSON answer, written directly with the bytes and headers Express's `res.json` writes (saving its content-type
 * parsing and formatting on every answer), unless Express has something to decide: response validation wraps
 * `res.json` (`viaExpress`), a conditional request may get a 304, a handler chose the content type, HEAD. An answer
 * with an `ETag` or `Last-Modified` to a request without `If-None-Match`/`If-Modified-Since` is never a 304 (Express's
 * freshness check needs one of them), so it is written directly too.
 */
export function sendJson(req: Request, res: Response, status: number, body: unknown, viaExpress = false): void {
  if (
    viaExpress || status < 200 || status === 204 || status === 205 || status === 304 || req.method === 'HEAD' ||
    req.headers['if-none-match'] !== undefined || req.headers['if-modified-since'] !== undefined ||
    res.hasHeader('content-type') || res.hasHeader('transfer-encoding')
  ) {
    res.status(status).json(body);
    return;
  }
  // JSON.stringify's text, with the kept text of shared immutable values (a page's document: lib/json-text.ts).
  const text = jsonText(body);
  res.statusCode = status;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', Buffer.byteLength(text));
  res.end(text);
}

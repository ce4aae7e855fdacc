// The HTTP pipeline: request id and log → /healthz → rate limit → auth → JSON body → validator (bundled spec) →
// one route per operationId from the handler table → one error handler.
import { publishedSiteRouter } from '../site/router.js';
import { randomUUID } from 'node:crypto';
import express, { type Express, type Request, type Response, type NextFunction } from 'express';
import * as OpenApiValidator from 'express-openapi-validator';
import type { Logger } from 'pino';
import type { AppContext } from '../context.js';
import { ApiError, notImplemented } from '../errors.js';
import { authenticate } from '../services/auth.js';
import { authorizeIntegrationCall } from '../services/integration-access.js';
import { errorHandler } from './errors.js';
import { notImplementedYet, type HandlerTable, type OperationRequest } from './operations.js';
import { refuseUnsafeText } from './text-guard.js';
import { RateLimiter } from './rate-limit.js';
import { loadBundledSpec, specOperations, type SpecOperation } from './spec.js';

export interface BuiltApp {
  app: Express;
  operations: SpecOperation[];
  /** True once the spec is loaded and the validator compiled (after warmUp). */
  ready: () => boolean;
  markReady: () => void;
}

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** The path as logged: the token of an export URL is a credential. */
const redactPath = (path: string) => path.replace(/^(\/v1\/exports\/pdf\/)[^/]+/, '$1…');

export function buildApp(ctx: AppContext, table: HandlerTable): BuiltApp {
  const spec = loadBundledSpec();
  const operations = specOperations(spec);
  let isReady = false;

  const app = express();
  app.disable('x-powered-by');
  app.disable('etag');
  app.set('query parser', 'simple');

  app.use((req: Request, res: Response, next: NextFunction) => {
    const given = req.get('x-request-id');
    const id = given && REQUEST_ID.test(given) ? given : randomUUID();
    res.setHeader('X-Request-Id', id);
    const logger = ctx.logger.child({ reqId: id });
    res.locals.logger = logger;
    const start = process.hrtime.bigint();
    res.on('finish', () => {
      const ms = Number(process.hrtime.bigint() - start) / 1e6;
      // Log the path only: query strings can carry share keys; export URLs carry their token in the path.
      logger.info({ method: req.method, path: redactPath(req.path), status: res.statusCode, ms: Math.round(ms * 10) / 10, user: res.locals.actor?.user.id }, 'request');
    });
    next();
  });

  app.get('/healthz', (_req, res) => {
    if (isReady) res.status(200).json({ status: 'ok' });
    else res.status(503).json({ error: { code: 503, message: 'Starting: the API description is not compiled yet' } });
  });

  // The published sites (HTML for readers, outside the API: no token, no validator).
  app.use('/sites', publishedSiteRouter(ctx));

  // The operations the spec marks public (`security: []`) need no token: GET /v1, the export downloads.
  const publicRoutes = operations.filter((o) => o.public).map((o) => ({
    method: o.method.toUpperCase(),
    // A last parameter that is itself a path (`{…Path}`) may hold slashes.
    path: new RegExp(`^${o.path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[A-Za-z]*Path\}$/, '.+').replace(/\{[^}]+\}/g, '[^/]+')}/?$`),
  }));

  const limiter = ctx.config.rateLimitPerMinute > 0 ? new RateLimiter(ctx.config.rateLimitPerMinute, ctx.config.rateLimitWindowMs, () => ctx.clock.now().getTime()) : null;

  // Authentication: every operation needs a token except the ones the spec marks public.
  app.use(async (req: Request, res: Response, next: NextFunction) => {
    try {
      const isPublic = publicRoutes.some((r) => r.method === req.method && r.path.test(req.path));
      if (isPublic && !req.get('authorization')) return next();
      const actor = await authenticate(ctx, req.get('authorization'));
      res.locals.actor = actor;
      if (limiter) {
        const r = limiter.hit(actor.tokenId);
        res.setHeader('X-RateLimit-Limit', String(r.limit));
        res.setHeader('X-RateLimit-Remaining', String(r.remaining));
        res.setHeader('X-RateLimit-Reset', String(r.resetEpochSeconds));
        if (!r.allowed) {
          throw new ApiError(429, `API rate limit exceeded. Please try again in ${r.retryAfterSeconds} seconds`, undefined, {
            'Retry-After': String(r.retryAfterSeconds),
          });
        }
      }
      next();
    } catch (err) {
      next(err);
    }
  });

  // A path parameter that is itself a path (`{pagePath}` as the last segment, as in GitBook's getPageByPath) is
  // sent with unencoded slashes by the official client: encode them so that routing and validation see one segment.
  const greedy = operations
    .filter((o) => /\/\{[A-Za-z]*Path\}$/.test(o.path))
    .map((o) => new RegExp(`^(${o.path.replace(/\/\{[A-Za-z]*Path\}$/, '').replace(/\{[^}]+\}/g, '[^/]+')}/)([^?]*/[^?]*)(\\?.*)?$`));
  if (greedy.length) {
    app.use((req: Request, _res: Response, next: NextFunction) => {
      for (const re of greedy) {
        const m = re.exec(req.url);
        if (m) {
          req.url = m[1] + m[2]!.replace(/\//g, '%2F') + (m[3] ?? '');
          break;
        }
      }
      next();
    });
  }

  // Operations marked `x-bindery-raw-body` (uploads) take the raw bytes, whatever their content type.
  for (const op of operations.filter((o) => o.rawBody)) {
    app[op.method](op.expressPath, express.raw({ type: () => true, limit: ctx.config.uploadLimit }));
  }
  for (const op of operations.filter((o) => o.largeJsonBody)) {
    app[op.method](op.expressPath, express.json({ limit: 2 * ctx.config.openapiMaxBytes + 64 * 1024, strict: false }));
  }
  app.use(express.json({ limit: ctx.config.bodyLimit, strict: false }));
  app.use(express.urlencoded({ extended: false, limit: ctx.config.bodyLimit }));
  app.use(refuseUnsafeText);

  app.use(
    OpenApiValidator.middleware({
      apiSpec: structuredClone(spec) as never,
      // Query and path parameters are always coerced from strings; bodies are not (a number is not a title).
      validateRequests: { allowUnknownQueryParameters: false, coerceTypes: false },
      validateResponses: ctx.config.validateResponses ? { removeAdditional: false } : false,
      validateSecurity: false,
      validateApiSpec: false,
      validateFormats: true,
      ignoreUndocumented: false,
      $refParser: { mode: 'bundle' },
      // Route by `req.url`, which the path-parameter encoding above may have rewritten.
      useRequestUrl: true,
    }),
  );

  for (const op of operations) {
    const handler = table[op.operationId as keyof HandlerTable];
    app[op.method](op.expressPath, async (req: Request, res: Response) => {
      if (handler === undefined || handler === notImplementedYet) throw notImplemented(op.operationId);
      // A token acting as an integration: only what its scopes and installation open (policies/integration-access.ts).
      if (res.locals.actor?.integration) await authorizeIntegrationCall(ctx, res.locals.actor, op, req.params as Record<string, string>);
      const request = {
        operationId: op.operationId,
        params: req.params,
        query: req.query,
        body: req.body,
        actor: res.locals.actor ?? null,
        headers: req.headers,
      } as unknown as OperationRequest<never>;
      const result = (await (handler as (r: typeof request, c: AppContext) => Promise<{ status: number; body: unknown; headers?: Record<string, string> }>)(request, ctx));
      if (result.headers) res.set(result.headers);
      const file = (result as { file?: { contentType: string; data: Buffer } }).file;
      if (file) res.status(result.status).type(file.contentType).send(file.data);
      else if (result.body === undefined) res.status(result.status).end();
      else res.status(result.status).json(result.body);
    });
  }

  app.use(errorHandler(ctx.logger));

  return { app, operations, ready: () => isReady, markReady: () => { isReady = true; } };
}

export type { Logger };

// The HTTP pipeline, one named middleware per step (http/middlewares.ts; docs/architecture.md, "Request pipeline"):
//   request id and log → /healthz → published sites (custom hostnames, /sites) → match the operation (compiled route table) → authentication
//   → rate limit → query guard → body parser → validator (bundled spec) → the operation's handler → one error handler.
// Which operations are public comes from the spec alone (`security: []`).
import express, { type Express } from 'express';
import type { AppContext } from '../context.js';
import { publishedSiteRouter } from '../site/router.js';
import { errorHandler } from './errors.js';
import { refuseUnsafeQuery } from './text-guard.js';
import {
  authenticateCaller, dispatchOperation, healthz, matchOperation, parseBody, rateLimit, requestLog, validateAgainstSpec,
} from './middlewares.js';
import type { HandlerTable } from './operations.js';
import { RouteTable } from './route-table.js';
import { loadBundledSpec, specOperations, type SpecOperation } from './spec.js';

export interface BuiltApp {
  app: Express;
  operations: SpecOperation[];
  /** True once the spec is loaded and the validator compiled (after warmUp). */
  ready: () => boolean;
  markReady: () => void;
}

export function buildApp(ctx: AppContext, table: HandlerTable): BuiltApp {
  const spec = loadBundledSpec();
  const operations = specOperations(spec);
  const routes = new RouteTable(operations);
  let isReady = false;

  const app = express();
  app.disable('x-powered-by');
  app.disable('etag');
  app.set('query parser', 'simple');

  app.use(requestLog(ctx));
  app.get('/healthz', healthz(() => isReady));
  // HTML for readers, outside the API (no token, no validator): at /sites/{siteId}/ and on the sites' custom hostnames.
  const sites = publishedSiteRouter(ctx);
  app.use(sites.byHost);
  app.use('/sites', sites.byPath);
  app.use(matchOperation(routes));
  app.use(authenticateCaller(ctx));
  const limit = rateLimit(ctx);
  if (limit) app.use(limit);
  app.use(refuseUnsafeQuery);
  app.use(parseBody(ctx));
  app.use(validateAgainstSpec(ctx, spec));
  app.use(dispatchOperation(ctx, table));
  app.use(errorHandler(ctx.logger));

  return { app, operations, ready: () => isReady, markReady: () => { isReady = true; } };
}

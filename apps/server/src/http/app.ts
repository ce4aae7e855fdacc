// The HTTP pipeline, one named middleware per step (http/middlewares.ts; docs/architecture.md, "Request pipeline"):
//   request id and log → /healthz → published sites (custom hostnames, /sites) → match the operation (compiled route table) → authentication
//   → rate limit → query guard → body parser → validator (bundled spec) → the operation's handler → one error handler.
// The steps run as plain function calls (`inSequence`) in one Express layer; only the published sites' `/sites`
// router is an Express layer of its own, and an API request never reaches it. Which operations are public comes from
// the spec alone (`security: []`).
import { IncomingMessage, ServerResponse, type ServerOptions } from 'node:http';
import type { Socket } from 'node:net';
import express, { type Express } from 'express';
import type { AppContext } from '../context.js';
import { publishedSiteRouter } from '../site/router.js';
import { errorHandler } from './errors.js';
import { refuseUnsafeQuery } from './text-guard.js';
import {
  authenticateCaller, dispatchOperation, healthz, inSequence, isSitesPath, matchOperation, parseBody, rateLimit, requestLog,
  validateAgainstSpec,
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
  /** For `http.createServer(serverOptions, app)`: see `expressServerOptions`. */
  serverOptions: ServerOptions;
}

/**
 * Node's request and response classes for `app`, whose objects are made with Express's prototypes (`app.request`,
 * `app.response`) in place. Express gives every request and response its prototypes with `Object.setPrototypeOf`
 * (app.handle: 7 % of the CPU of `GET /v1/user` under load, self time, and it leaves the objects with maps of their
 * own); an object that already has the prototype makes that call a no-op. Same objects otherwise: Node's
 * constructors build them, and `instanceof IncomingMessage`/`ServerResponse` still hold.
 */
export function expressServerOptions(app: Express): ServerOptions {
  // Node's constructors are plain functions (not classes): callable on an object made with another prototype.
  function Request(this: IncomingMessage, socket: Socket): void {
    (IncomingMessage as unknown as (this: IncomingMessage, socket: Socket) => void).call(this, socket);
  }
  Request.prototype = app.request;
  function Response(this: ServerResponse, req: IncomingMessage, options?: unknown): void {
    (ServerResponse as unknown as (this: ServerResponse, req: IncomingMessage, options?: unknown) => void).call(this, req, options);
  }
  Response.prototype = app.response;
  // As `class … extends` would: V8 sizes the objects a constructor makes by the properties its constructor chain
  // assigns. Without this the ~40 properties Node's constructors add live out of the object, and a request cost more
  // CPU than with Express's setPrototypeOf (an Express app answering constants, same run: 40-48 µs a request against
  // 27-30; with it 21-26).
  Object.setPrototypeOf(Request, IncomingMessage);
  Object.setPrototypeOf(Response, ServerResponse);
  return { IncomingMessage: Request as unknown as typeof IncomingMessage, ServerResponse: Response as unknown as typeof ServerResponse };
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

  // HTML for readers, outside the API (no token, no validator): at /sites/{siteId}/ and on the sites' custom hostnames.
  const sites = publishedSiteRouter(ctx);
  const limit = rateLimit(ctx);
  const api = inSequence([
    matchOperation(routes),
    authenticateCaller(ctx),
    ...(limit ? [limit] : []),
    refuseUnsafeQuery,
    parseBody(ctx),
    ...validateAgainstSpec(ctx, spec),
    dispatchOperation(ctx, table),
  ]);
  // A request that passes every step unanswered leaves the router (Express's final 404), as it did at the end of the
  // layer stack; an error goes to the error handler.
  const apiToEnd: express.RequestHandler = (req, res, next) => api(req, res, (err?: unknown) => next(err ?? 'router'));
  app.use(inSequence([
    requestLog(ctx),
    healthz(() => isReady),
    sites.byHost,
    // A browser showing a document that names no icon (a site's PDF, an image) asks the server's root for one: no
    // content (it was the API's 401, a console error on every PDF read at /sites/{siteId}/). A custom hostname's
    // `/favicon.ico` is its site's icon (above).
    (req, res, next) => (req.path === '/favicon.ico' && (req.method === 'GET' || req.method === 'HEAD') ? void res.status(204).setHeader('Cache-Control', 'public, max-age=86400').end() : next()),
    (req, res, next) => (isSitesPath(req.path) ? next() : apiToEnd(req, res, next)),
  ]));
  // Only requests under /sites get here; one the published sites do not answer goes on to the API steps (a 404).
  app.use('/sites', sites.byPath);
  app.use(apiToEnd);
  app.use(errorHandler(ctx.logger));

  return { app, operations, ready: () => isReady, markReady: () => { isReady = true; }, serverOptions: expressServerOptions(app) };
}

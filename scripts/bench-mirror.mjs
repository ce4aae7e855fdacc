#!/usr/bin/env node
// The baselines of the request-path benchmark, each answering the responses Bindery gave (recorded by
// bench-lib.mjs#record) byte for byte:
//   bare   node:http writing the recorded bytes (what any Node server costs at least);
//   stack  Express 5 + express-openapi-validator on Bindery's bundled spec with Bindery's validator options, a
//          JSON body parser and one middleware answering the recorded bytes as constants (no per-operation routes
//          to walk): the ceiling of Bindery's own stack, without a database, authentication or handlers.
// Usage (by bench-lib.mjs): node scripts/bench-mirror.mjs bare|stack <port> <responses.json>
import { createServer } from 'node:http';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const [mode, port, file] = process.argv.slice(2);
const root = new URL('..', import.meta.url).pathname;
const require = createRequire(join(root, 'apps/server/package.json'));
const recorded = JSON.parse(readFileSync(file, 'utf8')).map((r) => ({ ...r, bytes: Buffer.from(r.body, 'base64') }));
const byRoute = new Map(recorded.map((r) => [`${r.method} ${r.path}`, r]));
const HEALTH = Buffer.from('{"status":"ok"}');

function answer(res, r) {
  res.writeHead(r.status, { 'content-type': r.contentType, 'content-length': r.bytes.length });
  res.end(r.bytes);
}

let server;
if (mode === 'bare') {
  server = createServer((req, res) => {
    const path = req.url.split('?')[0];
    if (path === '/healthz') return answer(res, { status: 200, contentType: 'application/json; charset=utf-8', bytes: HEALTH });
    const r = byRoute.get(`${req.method} ${path}`);
    if (!r) {
      res.writeHead(404).end();
      return;
    }
    // Read the body (if any) before answering, as every server must.
    req.resume();
    req.on('end', () => answer(res, r));
  });
} else if (mode === 'stack') {
  const express = require('express');
  const spec = JSON.parse(readFileSync(require.resolve('@bindery/api-types/openapi.json'), 'utf8'));
  const app = express();
  app.disable('x-powered-by');
  app.disable('etag');
  app.set('query parser', 'simple');
  app.get('/healthz', (_req, res) => res.status(200).json({ status: 'ok' }));
  app.use(express.json({ limit: '5mb', strict: false }));
  // Bindery's own validator step (the same options), from the build.
  const { validateAgainstSpec } = await import(pathToFileURL(join(root, 'apps/server/dist/http/middlewares.js')).href);
  app.use(validateAgainstSpec({ config: { validateResponses: false } }, spec));
  // One dispatcher after the validator (no route per operation to walk): the cheapest Express + validator app.
  app.use((req, res) => {
    const r = byRoute.get(`${req.method} ${req.path}`);
    if (!r) res.status(404).json({ error: { code: 404, message: 'Not found' } });
    else answer(res, r);
  });
  app.use((err, _req, res, _next) => res.status(err.status ?? 500).json({ error: { code: err.status ?? 500, message: err.message } }));
  server = createServer(app);
} else {
  throw new Error(`unknown mode ${mode}`);
}
server.keepAliveTimeout = 65_000;
server.listen(Number(port), '127.0.0.1', async () => {
  // Warm the validator up (it compiles the spec on its first request), then answer /healthz readiness.
  if (mode === 'stack') await fetch(`http://127.0.0.1:${port}/v1`).catch(() => undefined);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)) && server.closeAllConnections());

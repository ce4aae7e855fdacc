#!/usr/bin/env node
// Benchmarks of the HTTP stack, as ratios to a baseline measured in the same run (never absolute targets).
//   1. GET /v1/orgs/{id} on a real Bindery server (SQLite, auth, validator) vs a bare node:http server
//      answering the same bytes.
//   2. Validation cost vs spec size: the first and the last GET path of the spec, on a server whose every
//      operation answers the same tiny body, so only routing and validation differ. Target: ratio >= 0.9.
// Usage: pnpm bench   (builds first)   Options: --duration=5 --connections=50
import { createServer } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';

const root = new URL('..', import.meta.url).pathname;
const require = createRequire(join(root, 'apps/server/package.json'));
const autocannon = require('autocannon');
const arg = (name, def) => Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? def);
const duration = arg('duration', 5);
const connections = arg('connections', 50);

const dist = (p) => import(pathToFileURL(join(root, 'apps/server/dist', p)).href);
const { loadConfig } = await dist('config.js');
const { startServer } = await dist('server.js');
const { loadBundledSpec, specOperations } = await dist('http/spec.js');
const pino = require('pino');

function run(url, headers = {}) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections, duration, headers }, (err, r) => (err ? reject(err) : resolve(r)));
  });
}
async function measure(label, url, headers) {
  await new Promise((r) => autocannon({ url, connections, duration: 1, headers }, r)); // warm-up
  const r = await run(url, headers);
  const row = { label, rps: Math.round(r.requests.average), p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx, errors: r.errors };
  console.log(`${label.padEnd(44)} ${String(row.rps).padStart(7)} req/s   p50 ${row.p50} ms   p99 ${row.p99} ms${row.non2xx ? `   non-2xx ${row.non2xx}` : ''}`);
  return row;
}

async function bindery(extra = {}, opts = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'bindery-bench-'));
  const config = { ...loadConfig({}), port: 0, host: '127.0.0.1', dataDir, adminToken: 'bdy_bench_admin_token_0123456789abcdef', logLevel: 'silent', validateResponses: false, ...extra };
  const s = await startServer(config, { logger: pino({ level: 'silent' }), ...opts });
  return { ...s, token: config.adminToken, stop: async () => { await s.close(); rmSync(dataDir, { recursive: true, force: true }); } };
}

console.log(`Node ${process.version}; autocannon c=${connections}, ${duration}s per run, after a 1 s warm-up\n`);

// 1. Bindery vs bare node:http
{
  const s = await bindery();
  const auth = { authorization: `Bearer ${s.token}` };
  const org = await (await fetch(`${s.url}/v1/orgs`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify({ title: 'Bench' }) })).json();
  const res = await fetch(`${s.url}/v1/orgs/${org.id}`, { headers: auth });
  const bytes = Buffer.from(await res.arrayBuffer());
  const bare = createServer((req, rsp) => { rsp.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': bytes.length }); rsp.end(bytes); });
  await new Promise((r) => bare.listen(0, '127.0.0.1', r));
  const bareUrl = `http://127.0.0.1:${bare.address().port}/v1/orgs/${org.id}`;
  const base = await measure('bare node:http, same bytes', bareUrl);
  const ours = await measure(`Bindery GET /v1/orgs/{id} (${bytes.length} B)`, `${s.url}/v1/orgs/${org.id}`, auth);
  console.log(`ratio Bindery / bare: ${(ours.rps / base.rps).toFixed(3)}\n`);
  bare.close();
  await s.stop();
}

// 2. First vs last path of the spec: same trivial handler everywhere.
{
  const ops = specOperations(loadBundledSpec());
  const specOrder = Object.keys(loadBundledSpec().paths);
  const gets = ops.filter((o) => o.method === 'get' && !o.public).sort((a, b) => specOrder.indexOf(a.path) - specOrder.indexOf(b.path));
  const first = gets[0];
  const last = gets[gets.length - 1];
  const table = Object.fromEntries(ops.map((o) => [o.operationId, async () => ({ status: 200, body: { ok: true } })]));
  const s = await bindery({}, { table });
  const auth = { authorization: `Bearer ${s.token}` };
  const fill = (p) => p.replace(/\{[^}]+\}/g, 'abc123');
  const a = await measure(`first GET path ${first.path}`, s.url + fill(first.path), auth);
  const b = await measure(`last GET path ${last.path}`, s.url + fill(last.path), auth);
  console.log(`ratio last / first path (${specOrder.length} paths, ${ops.length} operations): ${(b.rps / a.rps).toFixed(3)}  (target >= 0.9)`);
  await s.stop();
}

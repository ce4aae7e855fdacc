#!/usr/bin/env node
// The integration sandbox's costs (docs/integrations.md records a run): one invocation of a GitBook-runtime-style
// script (multipart event parsed, a Response built) in a new isolate of the sandbox host process, against the
// same script run in-process by node:vm with no isolation at all (the baseline: what isolation costs on top),
// plus the host's cold start, invocations in parallel, and how fast hostile scripts are stopped.
// Usage: pnpm --filter @bindery/server build && node scripts/bench-sandbox.mjs [--n=200]
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import vm from 'node:vm';

const root = new URL('..', import.meta.url).pathname;
const { Sandbox } = await import(pathToFileURL(join(root, 'apps/server/dist/sandbox/index.js')).href);
const n = Number(process.argv.find((a) => a.startsWith('--n='))?.slice(4) ?? 200);

const SCRIPT = `export default { async fetch(request, env) {
  const form = await request.formData();
  const event = JSON.parse(form.get('event'));
  console.log('event', event.type);
  return Response.json({ ok: true, type: event.type });
} };`;
const boundary = 'XbenchX';
const body = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="event"\r\n\r\n${JSON.stringify({ type: 'installation_setup', eventId: 'e1' })}\r\n--${boundary}--\r\n`);
const request = { url: 'http://localhost/v1', method: 'POST', headers: [['content-type', `multipart/form-data; boundary=${boundary}`]], body };
const limits = { memoryMb: 64, timeoutMs: 10_000 };
const invocation = (script = SCRIPT) => ({ script, request, env: {}, limits, fetch: async () => { throw new Error('no network'); } });

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const p95 = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.95)];

const sandbox = new Sandbox(2);
let t = performance.now();
const first = await sandbox.invoke(invocation());
const cold = performance.now() - t;
if (!first.ok) throw new Error(first.error);

const times = [];
for (let i = 0; i < n; i++) {
  t = performance.now();
  const r = await sandbox.invoke(invocation());
  times.push(performance.now() - t);
  if (!r.ok) throw new Error(r.error);
}

t = performance.now();
await Promise.all(Array.from({ length: 20 }, () => sandbox.invoke(invocation())));
const parallel20 = performance.now() - t;

// Baseline: the same handler in this process with node:vm and plain objects (no separate heap, no limits).
const base = [];
const ctx = vm.createContext({ JSON, console: { log() {} } });
const handler = vm.runInContext(`({ async fetch(ev) { const event = JSON.parse(ev); return JSON.stringify({ ok: true, type: event.type }); } })`, ctx);
for (let i = 0; i < n; i++) {
  t = performance.now();
  await handler.fetch(JSON.stringify({ type: 'installation_setup' }));
  base.push(performance.now() - t);
}

const stop = async (script) => {
  const s = performance.now();
  const r = await sandbox.invoke({ ...invocation(script), limits: { memoryMb: 32, timeoutMs: 1000 } });
  return { ms: Math.round(performance.now() - s), kind: r.kind };
};
const loop = await stop('export default { async fetch() { for (;;) {} } };');
const memory = await stop('export default { async fetch() { const a = []; for (;;) a.push(new Array(1e5).fill(Math.random())); } };');
const after = await sandbox.invoke(invocation());
await sandbox.close();

const r1 = (x) => Math.round(x * 10) / 10;
console.log(JSON.stringify({
  invocations: n,
  coldStartMs: r1(cold),
  invocationMedianMs: r1(median(times)),
  invocationP95Ms: r1(p95(times)),
  twentyInParallelMs: r1(parallel20),
  baselineNodeVmMedianUs: Math.round(median(base) * 1000),
  ratioToBaseline: Math.round(median(times) / Math.max(median(base), 0.001)),
  infiniteLoopStoppedAfterMs: loop,
  unboundedAllocationStoppedAfterMs: memory,
  nextInvocationOk: after.ok,
}, null, 2));

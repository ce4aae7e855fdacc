#!/usr/bin/env node
// Where the wall time of a warm page create goes (issue 9, "the time a client waits"): a server in this process, its
// HTTP client too, 60 warm-up creates of the page (55 in a space of their own), then `--runs` measured creates, each
// split at the content pool's task (content/process.ts: the call's start and its answer, wrapped here) and at the
// answer's `end`: before the content worker (the body received, parsed, validated, routed), the content worker (from
// the main thread's call to its answer: queue, posting, the worker's parse/build/write/index, the reply's
// deserialisation), after it (the transaction, its index rows, the commit, the answer written) and the client
// (the answer read and parsed). Medians. The main thread waits idle while the worker runs: only what it does after
// the worker's answer without needing the database could overlap it.
//
// Usage: pnpm --filter @bindery/server build && node scripts/timeline-create.mjs [--runs=25] [--size=250]
import http from 'node:http';
import { arg, dist, median, startInProcess } from './bench-lib.mjs';

const { realisticPage } = await dist('testing/docs-corpus.js');
const { contentPool } = await dist('content/process.js');
const TOKEN = 'bdy_bench_admin_token_0123456789abcdefgh';
const runs = Number(arg('runs', 25));
const server = await startInProcess({ token: TOKEN });
const url = server.server.url;
const marks = {};
const pool = contentPool();
const run = pool.run.bind(pool);
pool.run = async (...a) => {
  marks.poolStart = performance.now();
  try {
    return await run(...a);
  } finally {
    marks.poolEnd = performance.now();
  }
};
const end = http.ServerResponse.prototype.end;
http.ServerResponse.prototype.end = function (...a) {
  marks.resEnd = performance.now();
  return end.apply(this, a);
};
const call = async (method, path, body) => {
  const res = await fetch(url + path, { method, headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const text = await res.text();
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 200)}`);
  return JSON.parse(text);
};
const org = await call('POST', '/v1/orgs', { title: 'Timeline' });
const warmSpace = (await call('POST', `/v1/orgs/${org.id}/spaces`, { title: 'Warm-up' })).id;
const space = (await call('POST', `/v1/orgs/${org.id}/spaces`, { title: 'Measured' })).id;
const markdown = realisticPage(Number(arg('size', 250)) * 1024);
for (let i = 0; i < 60; i++) await call('POST', `/v1/spaces/${i < 55 ? warmSpace : space}/content/pages`, { title: `Warm ${i}`, markdown });
const rows = [];
for (let i = 0; i < runs; i++) {
  await new Promise((r) => setTimeout(r, 20));
  const body = JSON.stringify({ title: `Page ${i}`, markdown });
  const t0 = performance.now();
  const res = await fetch(`${url}/v1/spaces/${space}/content/pages`, { method: 'POST', headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' }, body });
  JSON.parse(await res.text());
  const t1 = performance.now();
  rows.push({ before: marks.poolStart - t0, worker: marks.poolEnd - marks.poolStart, after: marks.resEnd - marks.poolEnd, client: t1 - marks.resEnd, wall: t1 - t0 });
}
const load = (await import('node:os')).loadavg().map((x) => x.toFixed(2)).join(' ');
console.log(`warm ${markdown.length >> 10} KB create, median of ${runs} (load ${load}): ${['before', 'worker', 'after', 'client', 'wall'].map((k) => `${k} ${median(rows.map((r) => r[k])).toFixed(2)} ms`).join(', ')}`);
await server.stop();
process.exit(0);

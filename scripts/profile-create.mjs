#!/usr/bin/env node
// Where the CPU of creating a large page goes: runs Bindery in this process, creates realistic pages of --size KB
// (three warm-up creates first) and prints, per create: the CPU of the whole process and of each of its threads
// (/proc: main thread, content worker, V8's GC and compiler threads), then either
//   - (default) the main thread sampled by the V8 profiler (every --interval µs, default 1000; wall-clock samples, so
//     a loaded machine inflates them): self time by function and inclusive time of Bindery's frames; --out=<file>
//     keeps the .cpuprofile; or
//   - --sql=1: the CPU time of every SQLite statement (by its text) and of the commits, per create.
// The HTTP client runs in this process too (on the main thread). The bare parse of the same text is printed first
// (median of 25 after 5 warm-up parses).
//
// Usage: pnpm --filter @bindery/server build && node scripts/profile-create.mjs [--size=250] [--runs=10] [--warm=3] [--sql=1] [--pg=…]
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Session } from 'node:inspector/promises';
import { arg, require, dist } from './bench-lib.mjs';

const pgUrl = arg('pg', undefined);
const sizeKb = Number(arg('size', 250));
const runs = Number(arg('runs', 10));
const out = arg('out', undefined);
const TOKEN = 'bdy_bench_admin_token_0123456789abcdef';
const pino = require('pino');
const { loadConfig } = await dist('config.js');
const { startServer } = await dist('server.js');
const { tokenize } = await dist('content/parser.js');
const { realisticPage } = await dist('testing/docs-corpus.js');

/** CPU ns of each thread of this process, by "tid comm". */
function threads() {
  const out = new Map();
  for (const tid of readdirSync('/proc/self/task')) {
    try {
      const comm = readFileSync(`/proc/self/task/${tid}/comm`, 'utf8').trim();
      out.set(`${tid} ${comm}`, Number(readFileSync(`/proc/self/task/${tid}/schedstat`, 'utf8').split(' ')[0]));
    } catch {}
  }
  return out;
}
const cpuMs = (since) => { const c = process.cpuUsage(since); return (c.user + c.system) / 1000; };
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const md = realisticPage(sizeKb * 1024);
const bare = [];
for (let i = 0; i < 30; i++) { const c0 = process.cpuUsage(); tokenize(md); bare.push(cpuMs(c0)); }
console.log(`bare parse ${sizeKb} KB: median of 25 after 5 warm-up parses ${median(bare.slice(5)).toFixed(1)} ms cpu, first ${bare[0].toFixed(1)} ms`);

const dataDir = mkdtempSync(join(tmpdir(), 'bindery-profile-'));
const config = { ...loadConfig({}), port: 0, host: '127.0.0.1', dataDir, adminToken: TOKEN, logLevel: 'silent', validateResponses: false, databaseUrl: pgUrl, bodyLimit: '50mb' };
const server = await startServer(config, { logger: pino({ level: 'silent' }), jobWorker: false });
async function api(method, path, body) {
  const res = await fetch(server.url + path, { method, headers: { authorization: `Bearer ${TOKEN}`, ...(body ? { 'content-type': 'application/json' } : {}) }, body: body ? JSON.stringify(body) : undefined });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}
// --sql: time every SQLite statement (by its first 70 characters) and the commits, instead of profiling.
const sqlTimes = new Map();
if (arg('sql', undefined)) {
  const Database = require('better-sqlite3');
  const prepare = Database.prototype.prepare;
  Database.prototype.prepare = function (source) {
    const stmt = prepare.call(this, source);
    const key = source.replace(/\s+/g, ' ').slice(0, 90);
    for (const m of ['run', 'all', 'get']) {
      const f = stmt[m];
      stmt[m] = function (...a) { const c0 = process.threadCpuUsage(); try { return f.apply(this, a); } finally { const c = process.threadCpuUsage(c0); const t = sqlTimes.get(key) ?? { n: 0, ms: 0 }; t.n++; t.ms += (c.user + c.system) / 1000; sqlTimes.set(key, t); } };
    }
    return stmt;
  };
}
const session = new Session();
session.connect();
try {
  const org = (await api('POST', '/v1/orgs', { title: 'Profile' })).body;
  const space = (await api('POST', `/v1/orgs/${org.id}/spaces`, { title: 'Profile' })).body;
  const base = `/v1/spaces/${space.id}`;
  // --warm=N (default 3): N warm-up creates of the size; past the first 3 they go to a separate space of the same
  // organisation, so the space measured does not grow with the warm-up (as bench-pipeline's --warm-space=separate).
  const warm = Number(arg('warm', 3));
  for (let i = 0; i < Math.min(3, warm); i++) await api('POST', `${base}/content/pages`, { title: `Warm ${i}`, markdown: md });
  if (warm > 3) {
    const w = (await api('POST', `/v1/orgs/${org.id}/spaces`, { title: 'Warm-up' })).body;
    for (let i = 3; i < warm; i++) await api('POST', `/v1/spaces/${w.id}/content/pages`, { title: `Warm ${i}`, markdown: md });
  }
  sqlTimes.clear();
  const profiling = !arg('sql', undefined);
  if (profiling) {
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: Number(arg("interval", 1000)) });
  await session.post('Profiler.start');
  }
  const cpu = [];
  const main = [];
  const th0 = threads();
  for (let i = 0; i < runs; i++) {
    const c0 = process.cpuUsage();
    const m0 = process.threadCpuUsage();
    const r = await api('POST', `${base}/content/pages`, { title: `Page ${i}`, markdown: md });
    cpu.push(cpuMs(c0));
    const m = process.threadCpuUsage(m0);
    main.push((m.user + m.system) / 1000);
    if (r.status !== 201) throw new Error(String(r.status));
  }
  console.log(`create ${sizeKb} KB: median cpu ${median(cpu).toFixed(1)} ms (process, workers and client included) = ${(median(cpu) / median(bare.slice(5))).toFixed(2)}x; all: ${cpu.map((x) => x.toFixed(0)).join(' ')}`);
  {
    const th1 = threads();
    const byComm = new Map();
    for (const [k, v] of th1) { const d = (v - (th0.get(k) ?? 0)) / 1e6 / runs; if (d > 0.05) console.log(`  thread ${k.padEnd(24)} ${d.toFixed(1)} ms per create`); const c = k.split(' ').slice(1).join(' '); byComm.set(c, (byComm.get(c) ?? 0) + d); }
    console.log('  by name:', [...byComm].map(([c, d]) => `${c} ${d.toFixed(1)}`).join(', '));
  }
  console.log(`main thread cpu per create (server and client): median ${median(main).toFixed(1)} ms`);
  if (!profiling) {
    let sum = 0;
    for (const [k, v] of [...sqlTimes].sort((a, b) => b[1].ms - a[1].ms).slice(0, 25)) { console.log(`  ${(v.ms / runs).toFixed(2).padStart(7)} ms ${String(v.n / runs).padStart(6)}x  ${k}`); }
    for (const v of sqlTimes.values()) sum += v.ms;
    console.log(`  all SQL: ${(sum / runs).toFixed(1)} ms per create`);
    process.exit(0);
  }
  const { profile } = await session.post('Profiler.stop');
  if (out) writeFileSync(out, JSON.stringify(profile));
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const label = (id) => { const f = byId.get(id).callFrame; return `${f.functionName || '(anonymous)'} ${f.url.replace(/^.*\/(node_modules\/\.pnpm\/[^/]+\/node_modules\/|apps\/server\/dist\/)/, '')}:${f.lineNumber + 1}`; };
  const self = new Map(); const owner = new Map(); const chainOf = new Map();
  let total = 0;
  for (let i = 0; i < profile.samples.length; i++) {
    const id = profile.samples[i];
    const dt = (profile.timeDeltas[i] ?? 0) / 1000;
    if (byId.get(id).callFrame.functionName === '(idle)') continue;
    total += dt;
    self.set(label(id), (self.get(label(id)) ?? 0) + dt);
    // every Bindery frame on the stack (inclusive time), once per sample
    const seen = new Set();
    for (let p = id; p; p = parent.get(p)) {
      if (!/apps\/server\/dist/.test(byId.get(p).callFrame.url)) continue;
      const k = label(p);
      if (seen.has(k)) continue;
      seen.add(k);
      owner.set(k, (owner.get(k) ?? 0) + dt);
    }
  }
  console.log(`main thread busy: ${(total / runs).toFixed(1)} ms per create`);
  console.log('self time per create:');
  for (const [k, v] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 30)) console.log(`  ${(v / runs).toFixed(1).padStart(7)} ms  ${k}`);
  console.log('inclusive time of Bindery frames per create:');
  for (const [k, v] of [...owner].sort((a, b) => b[1] - a[1]).slice(0, 45)) console.log(`  ${(v / runs).toFixed(1).padStart(7)} ms  ${k}`);
} finally {
  session.disconnect();
  await server.close();
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(0);

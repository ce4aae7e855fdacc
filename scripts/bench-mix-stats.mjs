#!/usr/bin/env node
// The read-heavy mix of `pnpm bench` on one and on two processes on one PostgreSQL,
// with each process's read cache and lease counters per request. Usage: node scripts/bench-mix-stats.mjs
// [--root=<build>] [--duration=5] [--connections=50] [--repeat=1] [--mix=reads|default|cr] [--warm=10] [--alone] [--db=<prefix>]; also the backends
// waiting for a lock during each run (pg_stat_activity, sampled every 5 ms).
import { fork } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { ADMIN_TOKEN, arg, buildFixture, cpuMicros, createPgDatabase, ladder, load, machineLoad, readHeavyMix } from './bench-lib.mjs';

const root = arg('root', new URL('..', import.meta.url).pathname);
const duration = Number(arg('duration', 5));
const connections = Number(arg('connections', 50));
const db = await createPgDatabase(arg('db', 'bindery_mixstats'));
const start = () => new Promise((resolve, reject) => {
  // This checkout's server process, running `root`'s build: both builds counted by the same instrumentation.
  const child = fork(new URL('../apps/server/test/support/cache-process.mjs', import.meta.url).pathname, [], {
    env: { ...process.env, BINDERY_SERVER_DIST: join(root, 'apps/server/dist'), BINDERY_COUNT_QUERIES: '1', NODE_ENV: 'production', DATABASE_URL: db.url, BINDERY_DATA_DIR: mkdtempSync(join(tmpdir(), 'mixstats-')), BINDERY_ADMIN_TOKEN: ADMIN_TOKEN, BINDERY_SECRETS_KEY: 'b1'.repeat(32), LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  child.once('message', (m) => resolve({ child, url: m.url, pid: child.pid }));
  child.once('error', reject);
});
const stats = (p) => new Promise((resolve) => { p.child.once('message', (m) => resolve(m)); p.child.send('stats'); });
// Backends of the bench database waiting for a lock, sampled every 5 ms during a run (its mean: how many wait).
const pg = createRequire(join(root, 'apps/server/package.json'))('pg');
const watcher = new pg.Client({ connectionString: db.url });
await watcher.connect();
const waits = new Map();
async function lockWaits(during) {
  waits.clear();
  let samples = 0;
  let waiting = 0;
  let done = false;
  const sampling = (async () => {
    while (!done) {
      const r = await watcher.query(`select wait_event, left(regexp_replace(query, '\\s+', ' ', 'g'), 70) as q from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`);
      samples++;
      waiting += r.rows.length;
      for (const row of r.rows) waits.set(`${row.wait_event}: ${row.q}`, (waits.get(`${row.wait_event}: ${row.q}`) ?? 0) + 1);
      await new Promise((res) => setTimeout(res, 5));
    }
  })();
  const out = await during;
  done = true;
  await sampling;
  for (const [k, n] of [...waits].sort((x, y) => y[1] - x[1]).slice(0, 3)) console.log(`  waiting (${(n / samples).toFixed(2)}): ${k}`);
  return { out, waiting: waiting / Math.max(1, samples), samples };
}
const a = await start();
const b = await start();
const fx = await buildFixture(a.url);
let mix = readHeavyMix(fx);
const which = arg('mix', 'default');
if (which === 'reads') mix = mix.filter((s) => s.method === 'GET');
if (which === 'cr') { const cr = ladder(fx).find((s) => s.label === 'POST CR comment'); mix = mix.map((s) => (s.method === 'POST' ? { method: cr.method, path: cr.path, headers: cr.headers, body: cr.body } : s)); }
const half = Math.floor(connections / 2);
/** Context switches of a process so far (Linux /proc): [voluntary, involuntary]. */
const switches = (pid) => {
  const t = readFileSync(`/proc/${pid}/status`, 'utf8');
  return ['voluntary_ctxt_switches', 'nonvoluntary_ctxt_switches'].map((k) => Number(new RegExp(`^${k}:\\s+(\\d+)`, 'm').exec(t)?.[1] ?? 0));
};
const diff = (x, y) => Object.fromEntries(Object.entries(y).filter(([, v]) => typeof v === 'number').map(([k, v]) => [k, v - (x[k] ?? 0)]));
/** The bench database's backends (the servers' pools and lease connections; not this script's watcher). */
const backends = async () => (await watcher.query('select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()')).rows.map((r) => r.pid);
const commits = async () => Number((await watcher.query('select xact_commit from pg_stat_database where datname = current_database()')).rows[0].xact_commit);
async function run(targets, label) {
  await Promise.all(targets.map((t) => load(t.url, { connections: half, duration: 1, requests: mix })));
  const procs = [...new Set(targets)];
  const pids0 = await backends();
  const db0 = new Map(pids0.map((pid) => [pid, cpuMicros(pid)]));
  const xact0 = await commits();
  const s0 = await Promise.all(procs.map(stats));
  const c0 = procs.map((p) => cpuMicros(p.pid));
  const x0 = procs.map((p) => switches(p.pid));
  const { out: rs, waiting, samples } = await lockWaits(Promise.all(targets.map((t) => load(t.url, { connections: half, duration, requests: mix }))));
  const c1 = procs.map((p) => cpuMicros(p.pid));
  const x1 = procs.map((p) => switches(p.pid));
  const s1 = await Promise.all(procs.map(stats));
  // Transactions the database committed (each simple query outside a transaction is one; the watcher's samples too).
  const xact = await commits() - xact0 - samples - 1;
  let dbCpu = 0;
  for (const pid of new Set([...pids0, ...await backends()])) {
    const d = cpuMicros(pid) - (db0.get(pid) ?? 0);
    if (!Number.isNaN(d)) dbCpu += d;
  }
  const total = rs.reduce((n, r) => n + r.total, 0);
  const bad = rs.reduce((n, r) => n + r.non2xx + r.errors, 0);
  const cpu = c1.reduce((n, c, i) => n + c - c0[i], 0) / total;
  console.log(`${label}: ${Math.round(rs.reduce((n, r) => n + r.rps, 0))} req/s, ${cpu.toFixed(1)} us CPU/request, PostgreSQL ${(dbCpu / total).toFixed(1)} us CPU/request and ${(xact / total * 1000).toFixed(1)} commits per 1000 requests, ${waiting.toFixed(2)} backends waiting for a lock (mean), ${bad} bad (${await machineLoad()})`);
  procs.forEach((p, i) => {
    const rc = diff(s0[i].stats, s1[i].stats);
    const lc = s1[i].lease ? diff(s0[i].lease, s1[i].lease) : {};
    // Requests this process answered (counted by it; the load generators' share otherwise).
    const served = s1[i].requests !== undefined ? s1[i].requests - s0[i].requests : targets.filter((t) => t === p).length * total / targets.length;
    const per = (o) => Object.entries(o).filter(([, v]) => v).map(([k, v]) => `${k} ${(v / served * 1000).toFixed(1)}`).join(', ');
    console.log(`  process ${i} (per 1000 requests, ~${Math.round(served)} req, ${((c1[i] - c0[i]) / served).toFixed(1)} us, context switches ${((x1[i][0] - x0[i][0]) / served * 1000).toFixed(1)} voluntary, ${((x1[i][1] - x0[i][1]) / served * 1000).toFixed(1)} involuntary): cache ${per(rc)}\n    lease ${per(lc)}`);
    if (s1[i].loop) {
      // The process's event loop: turns and events (libuv), busy time, CPU in user and kernel mode, GC — per request.
      const l = diff(s0[i].loop, s1[i].loop);
      const us = (v) => (v / served).toFixed(1);
      console.log(`    loop: ${(served / l.turns).toFixed(1)} requests a turn, ${(l.events / served).toFixed(2)} events a request, busy ${us(l.activeMs * 1000)} us a request; CPU user ${us(l.userUs)} + kernel ${us(l.systemUs)} us, main thread ${us(l.mainUs)}, other threads ${us(l.userUs + l.systemUs - l.mainUs)} us; GC ${(l.gcCount / served * 1000).toFixed(1)} a 1000, ${us(l.gcMs * 1000)} us a request; heap ${s1[i].loop.heapMB.toFixed(0)} MB`);
    }
    if (s1[i].queries) {
      // Round trips to PostgreSQL (pool and lease connections) by the statements they carried, and statements by kind.
      const q0 = s0[i].queries ?? {};
      const rows = (k) => Object.entries(s1[i].queries[k] ?? {}).map(([name, n]) => [name, n - (q0[k]?.[name] ?? 0)]).filter(([, n]) => n > 0).sort((x, y) => y[1] - x[1]);
      const sum = (k) => rows(k).reduce((n, [, v]) => n + v, 0);
      console.log(`    round trips ${(sum('trips') / served * 1000).toFixed(1)}: ${rows('trips').map(([k, n]) => `${k} ${(n / served * 1000).toFixed(1)}`).join(', ')}`);
      console.log(`    statements ${(sum('statements') / served * 1000).toFixed(1)}: ${rows('statements').map(([k, n]) => `${k} ${(n / served * 1000).toFixed(1)}`).join(', ')}`);
    }
  });
}
console.log(`mix ${which}: ${mix.length} requests, c=${connections}, ${duration} s, root ${root}`);
// --warm=<s> (10; 0 until session 21): run the mix on each process alone for that long first (otherwise they start
// cold: their JIT's compilations and their caches' first loads fall in the first runs). --alone: also each alone.
const warm = Number(arg('warm', 10));
if (warm > 0) for (const p of [a, b]) await load(p.url, { connections: half * 2, duration: warm, requests: mix });
for (let r = 0; r < Number(arg('repeat', 1)); r++) {
  await run([a, a], 'one process ');
  if (process.argv.includes('--alone')) await run([b, b], 'one process b');
  await run([a, b], 'two processes');
}
for (const p of [a, b]) { p.child.send('close'); await new Promise((r) => p.child.once('exit', r)); }
await watcher.end();
await db.drop();

#!/usr/bin/env node
// Does the cost of writing a page grow with the size of its space? Creates --pages realistic pages of --size KB one
// after another in one space (in this process: Bindery started in-process, its HTTP API over loopback) and records,
// per create, the main thread's CPU and the time of every database statement (SQLite: CPU of each better-sqlite3
// statement, the commit included; PostgreSQL with --pg: wall time of each query, the database server's work included).
// It prints the first creates against the last ones (median of --window creates each) and the statements whose cost
// grew most. With --against=<worktree> the same run measures that build too (alternating builds per run): the figure
// to compare is the ratio last/first of each build, not the absolute times (the machine is shared).
//
// Usage: pnpm --filter @bindery/server build && node scripts/bench-space-growth.mjs [--pages=60] [--size=250]
//        [--window=5] [--runs=1] [--top=6] [--against=/work/wt/base] [--pg=postgres://postgres@127.0.0.1:5432/postgres]
// With --pg each build gets a database of its own (bindery_growth_<pid>, dropped at the end). --keep=1 keeps the data
// folder (and database) of a run for a closer look (docs/content-pipeline.md, "What grows with the space").
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL, fileURLToPath } from 'node:url';
import { arg, median, machineLoad } from './bench-lib.mjs';

const pages = Number(arg('pages', 60));
const sizeKb = Number(arg('size', 250));
const windowSize = Number(arg('window', 5));
const pgBase = arg('pg', undefined);
const TOKEN = 'bdy_bench_admin_token_0123456789abcdef';

if (arg('child', undefined)) {
  // One build, one fresh database: prints one JSON line of per-create figures.
  const root = arg('root', undefined);
  const require = createRequire(join(root, 'apps/server/package.json'));
  const dist = (p) => import(pathToFileURL(join(root, 'apps/server/dist', p)).href);
  const pino = require('pino');
  const { loadConfig } = await dist('config.js');
  const { startServer } = await dist('server.js');
  const { realisticPage } = await dist('testing/docs-corpus.js');
  const perCreate = [];
  let current = null;
  const note = (key, ms) => {
    if (!current) return;
    current.sql += ms;
    current.stmts[key] = (current.stmts[key] ?? 0) + ms;
  };
  const keyOf = (text) => text.replace(/\s+/g, ' ').replace(/\(\?(, \?)*\)(, \(\?(, \?)*\))*/g, '(…)').replace(/\(\$\d+(, \$\d+)*\)(, \(\$\d+(, \$\d+)*\))*/g, '(…)').slice(0, 110);
  let databaseUrl;
  const pgName = `bindery_growth_${process.pid}`;
  const dropPg = async () => {
    const admin = new (require('pg').Client)({ connectionString: pgBase });
    await admin.connect();
    await admin.query(`drop database if exists ${pgName}`);
    await admin.end();
  };
  if (pgBase) {
    const name = pgName;
    const admin = new (require('pg').Client)({ connectionString: pgBase });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    databaseUrl = pgBase.replace(/\/[^/]*$/, `/${name}`);
    const Client = require('pg').Client;
    const query = Client.prototype.query;
    Client.prototype.query = function (config, values, cb) {
      const text = typeof config === 'string' ? config : config?.text ?? '';
      const t0 = performance.now();
      const r = query.call(this, config, values, cb);
      if (r && typeof r.then === 'function') r.then(() => note(keyOf(text), performance.now() - t0), () => {});
      return r;
    };
  } else {
    const Database = require('better-sqlite3');
    const prepare = Database.prototype.prepare;
    Database.prototype.prepare = function (source) {
      const stmt = prepare.call(this, source);
      const key = keyOf(source);
      for (const m of ['run', 'all', 'get', 'iterate']) {
        const f = stmt[m];
        stmt[m] = function (...a) { const c0 = process.threadCpuUsage(); try { return f.apply(this, a); } finally { const c = process.threadCpuUsage(c0); note(key, (c.user + c.system) / 1000); } };
      }
      return stmt;
    };
    const exec = Database.prototype.exec;
    Database.prototype.exec = function (source) { const c0 = process.threadCpuUsage(); try { return exec.call(this, source); } finally { const c = process.threadCpuUsage(c0); note(keyOf(source), (c.user + c.system) / 1000); } };
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'bindery-growth-'));
  const config = { ...loadConfig({}), port: 0, host: '127.0.0.1', dataDir, adminToken: TOKEN, logLevel: 'silent', validateResponses: false, databaseUrl, bodyLimit: '50mb' };
  const server = await startServer(config, { logger: pino({ level: 'silent' }), jobWorker: false });
  const api = async (method, path, body) => {
    const res = await fetch(server.url + path, { method, headers: { authorization: `Bearer ${TOKEN}`, ...(body ? { 'content-type': 'application/json' } : {}) }, body: body ? JSON.stringify(body) : undefined });
    const text = await res.text();
    if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 200)}`);
    return text ? JSON.parse(text) : undefined;
  };
  try {
    const org = await api('POST', '/v1/orgs', { title: 'Growth' });
    const space = await api('POST', `/v1/orgs/${org.id}/spaces`, { title: 'Growth' });
    for (let i = 0; i < pages; i++) {
      // Each page its own text (a seed per page): the same links and sizes, no shared content hash.
      const md = realisticPage(sizeKb * 1024, 7 + i * 101);
      current = { sql: 0, stmts: {}, main: 0 };
      const m0 = process.threadCpuUsage();
      await api('POST', `/v1/spaces/${space.id}/content/pages`, { title: `Page ${i}`, markdown: md });
      const m = process.threadCpuUsage(m0);
      current.main = (m.user + m.system) / 1000;
      perCreate.push(current);
      current = null;
    }
  } finally {
    await server.close();
    if (arg('keep', undefined)) console.error(`kept ${dataDir}${pgBase ? ` and database ${pgName}` : ''}`);
    else {
      rmSync(dataDir, { recursive: true, force: true });
      if (pgBase) await dropPg();
    }
  }
  writeFileSync(arg('out', undefined), JSON.stringify(perCreate));
  process.exit(0);
}

const here = resolve(fileURLToPath(new URL('..', import.meta.url)));
const against = arg('against', undefined);
const builds = [['this build', here], ...(against ? [['compared', resolve(against)]] : [])];
const runs = Number(arg('runs', 1));
console.log(`${pages} creates of ${sizeKb} KB in one space, ${pgBase ? 'PostgreSQL (wall time of each query)' : 'SQLite (CPU of each statement)'}; ${await machineLoad()}`);
const results = new Map(builds.map(([name]) => [name, []]));
for (let r = 0; r < runs; r++) {
  for (const [name, root] of r % 2 ? [...builds].reverse() : builds) {
    const out = join(tmpdir(), `bindery-growth-${process.pid}.json`);
    execFileSync(process.execPath, [fileURLToPath(import.meta.url), '--child=1', `--root=${root}`, `--out=${out}`, `--pages=${pages}`, `--size=${sizeKb}`, ...(pgBase ? [`--pg=${pgBase}`] : [])], { stdio: 'inherit' });
    results.get(name).push(JSON.parse(readFileSync(out, 'utf8')));
    rmSync(out, { force: true });
  }
}
const first = (xs) => xs.slice(0, windowSize);
const last = (xs) => xs.slice(-windowSize);
for (const [name, rs] of results) {
  for (const [i, per] of rs.entries()) {
    const sql = per.map((c) => c.sql);
    const main = per.map((c) => c.main);
    const a = median(first(sql)); const b = median(last(sql));
    console.log(`${name.padEnd(10)} run ${i + 1}: SQL per create, creates 1-${windowSize} ${a.toFixed(1)} ms, ${pages - windowSize + 1}-${pages} ${b.toFixed(1)} ms: ${(b / a).toFixed(2)}x; main thread ${median(first(main)).toFixed(1)} → ${median(last(main)).toFixed(1)} ms (${(median(last(main)) / median(first(main))).toFixed(2)}x)`);
    const blocks = [];
    for (let k = 0; k < per.length; k += 10) blocks.push(median(per.slice(k, k + 10).map((c) => c.sql)).toFixed(1));
    console.log(`           SQL per create, median of each 10 creates: ${blocks.join(' ')}`);
    if (arg('statements', '1') !== '0') {
      const keys = new Set(per.flatMap((c) => Object.keys(c.stmts)));
      const rows = [...keys].map((k) => [k, median(first(per).map((c) => c.stmts[k] ?? 0)), median(last(per).map((c) => c.stmts[k] ?? 0))]);
      for (const [k, x, y] of rows.sort((p, q) => (q[2] - q[1]) - (p[2] - p[1])).slice(0, Number(arg('top', 6)))) {
        console.log(`           ${x.toFixed(2).padStart(7)} → ${y.toFixed(2).padStart(7)} ms  ${k}`);
      }
    }
  }
}
console.log(`(${await machineLoad()})`);

#!/usr/bin/env node
// Content pipeline benchmark (issue 9): how long content processing takes, in ratios to the bare parser measured in
// the same run, and whether the server keeps answering while adversarial or large content is processed.
//
//   1. In process, on realistic documentation pages the project generates (100 KB, 250 KB, 1 MB: API reference,
//      release notes, guides): the bare markdown-it parse (parser.ts, with Bindery's rules) and each stage of the
//      pipeline - markdown -> document, document -> markdown, and the whole normalisation with sections and links
//      (what a page write does). Medians; ratios to the bare parse.
//   2. Over HTTP: creating a page with that markdown, ratio to the bare parse - the CPU of a Bindery server process
//      of its own (`node apps/server/dist/main.js`, production settings; every thread: main, content workers, V8's
//      GC and compiler threads; read from /proc per thread, so the HTTP client is not counted), and as before the
//      CPU of this whole process with the server in it (which counts the HTTP client too). `--compare=<root>`: the
//      same creates, alternating, on a server built from another checkout (e.g. a build of main), in the same run.
//      Measured at each level of `--warm` (default 5,60: a fresh server's creates and a warm server's, the bare parse
//      given as many warm-up parses at each; both printed, then side by side), each level's creates in a space of the
//      same size (see `--warm` below).
//   3. Over HTTP: each adversarial input (issue 9's and relatives) written to a page: status and time; goal: processed
//      or refused within 1 s, never 5xx.
//   4. Over HTTP: ordinary reads in a loop while the adversarial inputs and 1 MB pages are written (two writers at
//      once), against the same reads on an idle server: read latency, and the event loop's delay
//      (perf_hooks.monitorEventLoopDelay, in this process, which is the server's). Goal: delay p99 <= 100 ms.
//
// Step 2 also gives each create's wall time as its HTTP client waits for it (request sent to answer read), against the
// bare parse's wall time on the bare parser's idle worker thread (tokenize alone, measured in that thread), same run:
// the issue's own figures ("took 2.2 s to create") were wall times.
// Every figure of 1-3 is given in wall time and in CPU time (process.cpuUsage: this process, workers included, the
// HTTP client too). On a machine shared with other work, wall time mostly measures the machine; CPU time, and its
// ratio to the bare parse's CPU time, measures the server. The load average is printed at the start and the end.
// The time budget can be raised for a loaded machine with BINDERY_CONTENT_BUDGET_MS.
//
// The bare parse (the baseline of every ratio) is markdown-it's tokenize with Bindery's rules (content/parser.ts) of
// the same text. Step 1's is run in this process's main thread after five warm-up parses, the median of at least 15
// parses (its CPU: this process, V8's GC threads included); every other stage of step 1 is also timed after warm-up
// runs. Step 2's ratios have a baseline measured as the server's parse runs (since 2026-11-28, session 17): in a
// worker thread of a process of its own (scripts/bench-bare-parse.mjs: the content pool's heap limit, a heap holding
// only the parser, not this process's server and pages), given the same warm-up as the servers' content worker (the
// same sizes in the same order, as many parses per size as the servers' creates before each level of `--warm`), each measured parse alternating with the servers' creates and
// read from /proc the same way (every thread of that process, 20 ms before and after), the median of `--samples`.
// Step 1's main-thread figure moved 20-35 ms for 250 KB from run to run: its 15 parses fall on a young generation
// that V8 grows as it goes (16 -> 134 MB), so whether a scavenge or a major GC lands inside the median parse depends
// on what ran before in this process (step 1's other stages, the server loaded here), and it is measured minutes
// before step 2's creates, at another load.
//
// Usage: pnpm --filter @bindery/server build && node scripts/bench-pipeline.mjs [--pg=postgres://…] [--runs=5] [--compare=<root>] [--warm=5,60] [--warm-space=separate] [--samples=15] [--sizes=100,250,1024] [--swap=1] [--steps=1,2] [--node-args=…]
// (the separate server of step 2 runs on SQLite in a directory of its own, or on --pg's database)
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { arg as opt, require, dist, startBindery, ADMIN_TOKEN, root as repoRoot } from './bench-lib.mjs';

const { loadConfig } = await dist('config.js');
const { startServer } = await dist('server.js');
const { tokenize } = await dist('content/parser.js');
const { markdownToDocument, documentToMarkdown } = await dist('content/convert.js');
const { TASKS } = await dist('content/tasks.js');
const { contentProcessingSettings } = await dist('content/process.js');
const { realisticPage, adversarialInputs } = await dist('testing/docs-corpus.js');
const pino = require('pino');

const pgUrl = opt('pg', undefined);
const runs = Number(opt('runs', 5));
const compareRoot = opt('compare', undefined);
/** `--steps=1,2`: only those steps over HTTP (step 1 always runs: it is every ratio's baseline). */
const steps = new Set(opt('steps', '1,2,3,4').split(',').map(Number));
/**
 * `--warm=5,60`: the warm-up of step 2, one measurement per level: creates of a size given to each server before its
 * creates of that size are measured (and as many bare parses to the baseline's parser, same sizes, same order). A
 * server's first creates carry the JIT compilation of the code they run (in its main thread and in each content
 * worker, an isolate with its own JIT: tens of ms of V8's compiler threads per create for the first ten or so
 * creates, ~10 ms a create still at the 25th-40th); one warm-up create per size (before 2026-11-27 07:00) measured
 * the 250 KB creates while that was still going on. The first level (5: "cold", the figure of every run before
 * session 18) is what a server pays in its first minutes; the last (60: "warm") what a server that has written
 * thousands of pages pays (docs/content-pipeline.md, "Session 18 (pipe18b)"). So that every level measures creates in
 * a space of the same size (a page's index rows cost more in a bigger space), each level's creates go to a space of
 * their own, which gets five of the warm-up creates per size (fewer if the level is below 5) and its measured
 * creates; the rest of a level's warm-up goes to a separate warm-up space of the same organisation first. Step 1's
 * in-process stages get max(5, the first level) warm-up runs, as before.
 */
const warmLevels = opt('warm', '5,60').split(',').map((x) => Math.max(1, Number(x)));
const warm = warmLevels[0];
/**
 * `--warm-space=separate` (default): a level's warm-up creates beyond its space's five go to the warm-up space.
 * `same`: to the level's own space (the measured space grows with the warm-up: before session 18 all of them did).
 * `update`: they rewrite one page of the warm-up space (the database does not grow). One mode, or two for this build
 * and the compared one (`--compare=<this root> --warm-space=separate,update` measures what the separation changes).
 */
const warmModes = opt('warm-space', 'separate').split(',');
/**
 * `--node-args=--a,--b`: Node/V8 options given to the servers of step 2 (both builds), e.g.
 * `--no-concurrent-recompilation` to see the JIT's background compilation counted in the thread that asked for it.
 */
const nodeArgs = opt('node-args', '').split(',').filter(Boolean);
/** `--samples=15`: measured creates per size and server in step 2 (and as many bare parses). */
const samples = Number(opt('samples', Math.max(runs, 15)));
const TOKEN = 'bdy_bench_admin_token_0123456789abcdef';

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const pct = (xs, p) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))];
const ms = (x) => `${x.toFixed(1)} ms`;
const cpuMs = (since) => {
  const c = process.cpuUsage(since);
  return (c.user + c.system) / 1000;
};
/** Median wall time and median CPU time of `fn`, after `warm` runs that are not counted. */
function time(fn, times = runs, warm = 2) {
  for (let i = 0; i < warm; i++) fn();
  const wall = [];
  const cpu = [];
  for (let i = 0; i < times; i++) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    fn();
    wall.push(performance.now() - t0);
    cpu.push(cpuMs(c0));
  }
  return { wall: median(wall), cpu: median(cpu) };
}
async function timeAsync(fn, times = runs) {
  const wall = [];
  const cpu = [];
  for (let i = 0; i < times; i++) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    await fn(i);
    wall.push(performance.now() - t0);
    cpu.push(cpuMs(c0));
  }
  return { wall: median(wall), cpu: median(cpu) };
}
/** CPU time (ns) of a process so far, by thread: its main thread, its worker threads, the others (V8's). */
function threadCpu(pid) {
  const out = { main: 0, workers: 0, v8: 0 };
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      const comm = readFileSync(`/proc/${pid}/task/${tid}/comm`, 'utf8').trim();
      const ns = Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ')[0]);
      out[Number(tid) === pid ? 'main' : comm === 'WorkerThread' ? 'workers' : 'v8'] += ns;
    } catch {
      // the thread ended meanwhile
    }
  }
  return out;
}
/**
 * The bare parse of step 2's ratios: scripts/bench-bare-parse.mjs, a process of its own parsing in a worker thread
 * (see there), given the same warm-up as the servers and measured between their creates, read from /proc alike.
 */
async function startBareParser(sizes) {
  const child = spawn(process.execPath, [join(repoRoot, 'scripts/bench-bare-parse.mjs'), repoRoot, sizes.join(',')], { stdio: ['pipe', 'pipe', 'inherit'] });
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const next = async () => {
    const { value, done } = await lines.next();
    if (done) throw new Error('the bare parser exited');
    return value;
  };
  if ((await next()) !== 'ready') throw new Error('the bare parser did not start');
  return {
    pid: child.pid,
    parse: async (bytes) => {
      child.stdin.write(`${bytes}\n`);
      // `ok <ms>`: the parse's wall time on the bare parser's idle worker thread.
      return Number((await next()).split(' ')[1]);
    },
    stop: async () => {
      const exited = new Promise((r) => child.once('exit', r));
      child.stdin.end();
      await exited;
    },
  };
}
const both = (t, base) => `${ms(t.wall)} (${(t.wall / base.wall).toFixed(2)}x), cpu ${ms(t.cpu)} (${(t.cpu / base.cpu).toFixed(2)}x)`;

const { loadavg, availableParallelism } = await import('node:os');
const load = () => loadavg().map((x) => x.toFixed(2)).join(' ');
console.log(`Node ${process.version}; ${pgUrl ? 'PostgreSQL' : 'SQLite'}; ${availableParallelism()} CPUs, load average ${load()}\n`);

// 1. In process -----------------------------------------------------------------------------------------------------
/** `--sizes=100,250,1024` (KB): the realistic pages measured (e.g. `--sizes=250` for a quicker run of the goal's size alone). */
const sizes = [['100 KB', 100 * 1024], ['250 KB', 250 * 1024], ['1 MB', 1024 * 1024]].filter(([, bytes]) => opt('sizes', '100,250,1024').split(',').map(Number).includes(bytes / 1024));
const pages = Object.fromEntries(sizes.map(([label, bytes]) => [label, realisticPage(bytes)]));
const stages = {};
console.log('1. Pipeline stages on realistic pages (median of', runs, 'runs; x = ratio to the bare parse of the same text)');
for (const [label] of sizes) {
  const md = pages[label];
  // Warmed up as the servers of step 2 are (`--warm`, at least 5): measured alike at any warm-up.
  const bare = time(() => tokenize(md), Math.max(runs, 15), Math.max(5, warm));
  const doc = markdownToDocument(md);
  const toDoc = time(() => markdownToDocument(md));
  const toMd = time(() => documentToMarkdown(doc));
  const all = time(() => TASKS.normalizePage({ markdown: md }));
  stages[label] = { bare, toDoc, toMd, all };
  console.log(`   ${label.padEnd(7)} bare parse ${ms(bare.wall)}, cpu ${ms(bare.cpu)}\n           md->doc ${both(toDoc, bare)}   doc->md ${both(toMd, bare)}\n           normalise+sections+links ${both(all, bare)}`);
}

// 2-4. Over HTTP ----------------------------------------------------------------------------------------------------
const dataDir = mkdtempSync(join(tmpdir(), 'bindery-bench-pipeline-'));
// The key of bench-lib's servers (step 2): on PostgreSQL they share this server's database.
const config = { ...loadConfig({ BINDERY_CONTENT_BUDGET_MS: process.env.BINDERY_CONTENT_BUDGET_MS, BINDERY_SECRETS_KEY: 'b1'.repeat(32) }), port: 0, host: '127.0.0.1', dataDir, adminToken: TOKEN, logLevel: 'silent', validateResponses: false, databaseUrl: pgUrl, bodyLimit: '50mb' };
const server = await startServer(config, { logger: pino({ level: 'silent' }), jobWorker: false });
console.log(`\n(server: content workers ${contentProcessingSettings().workers}, budget ${contentProcessingSettings().budgetMs} ms)`);
async function api(method, path, body) {
  const res = await fetch(server.url + path, {
    method,
    headers: { authorization: `Bearer ${TOKEN}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}
try {
  const org = (await api('POST', '/v1/orgs', { title: 'Bench' })).body;
  const space = (await api('POST', `/v1/orgs/${org.id}/spaces`, { title: 'Pipeline' })).body;
  const base = `/v1/spaces/${space.id}`;
  const created = async (title, markdown) => {
    const r = await api('POST', `${base}/content/pages`, { title, ...(markdown ? { markdown } : {}) });
    if (r.status !== 201 && r.status !== 200) throw new Error(`create ${title}: ${r.status} ${JSON.stringify(r.body).slice(0, 200)}`);
    return r.body.id;
  };
  const small = await created('Small page', '# Small\n\nA page the readers read.\n\n* one\n* two\n');
  await api('GET', `${base}/content/page/${small}?format=markdown`);

  if (steps.has(2)) {
  console.log(`\n2. Creating a page over HTTP (median of ${samples} per size, level and server, after ${warmLevels.join(' / ')} creates of that size; warm-up creates beyond five go to a separate space (--warm-space=${warmModes.join(',')}); x = ratio to the bare parse of the same text measured alike, given as many warm-up parses, alternating with the creates)`);
  console.log("   CPU of a server process of its own (all its threads; main = its event loop, workers = content workers, other = V8's GC and compiler threads, libuv):");
  const servers = [['this build', repoRoot, warmModes[0]], ...(compareRoot ? [['compared', compareRoot, warmModes[1] ?? warmModes[0]]] : [])];
  // `--swap`: the compared build started and measured first in each round (the other order of an A/B pair).
  if (opt('swap', undefined)) servers.reverse();
  const children = [];
  const summary = [];
  let bare;
  try {
    for (const [name, serverRoot, mode] of servers) {
      // A port another process took meanwhile makes the child exit: try the next ports.
      let child;
      for (let attempt = 1; !child; attempt++) {
        try {
          child = await startBindery({ serverRoot, databaseUrl: pgUrl, env: {}, nodeArgs });
        } catch (err) {
          if (attempt === 3) throw err;
        }
      }
      const call = async (method, path, body) => {
        const res = await fetch(child.url + path, { method, headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
        const text = await res.text();
        if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 200)}`);
        return JSON.parse(text);
      };
      const o = await call('POST', '/v1/orgs', { title: 'Bench' });
      const newSpace = async (title) => (await call('POST', `/v1/orgs/${o.id}/spaces`, { title })).id;
      const createIn = (spaceId, title, markdown) => call('POST', `/v1/spaces/${spaceId}/content/pages`, { title, markdown });
      // One measured space per level (its creates land in a space of the same size at every level), one for the rest of the warm-up.
      const levelSpaces = [];
      for (const level of warmLevels) levelSpaces.push(await newSpace(`Pipeline, warm-up ${level}`));
      const warmSpace = await newSpace('Warm-up');
      let warmPage;
      const extraWarm = async (title, markdown, levelSpace) => {
        if (mode === 'same') return createIn(levelSpace, title, markdown);
        if (mode === 'update') {
          warmPage ??= (await createIn(warmSpace, 'Rewritten', '# Rewritten\n')).id;
          return call('PATCH', `/v1/spaces/${warmSpace}/content/page/${warmPage}`, { markdown });
        }
        return createIn(warmSpace, title, markdown);
      };
      children.push({ name, mode, child, createIn, extraWarm, levelSpaces });
    }
    bare = await startBareParser(sizes.map(([label]) => pages[label].length));
    const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;
    // Creates (and bare parses) of each size done so far: a level's warm-up counts what earlier levels did.
    const done = new Map(sizes.map(([label]) => [label, 0]));
    for (const [levelIndex, level] of warmLevels.entries()) {
      for (const [label] of sizes) {
        const per = new Map(children.map((c) => [c.name, { total: [], main: [], workers: [], v8: [], wall: [] }]));
        const bareCpu = [];
        const bareWall = [];
        const own = Math.min(5, level);
        const extra = Math.max(0, level - own - done.get(label));
        try {
          for (let w = 0; w < extra + own; w++) {
            await bare.parse(pages[label].length);
            for (const c of children) {
              const title = `Warm ${label} ${levelIndex}.${w}`;
              if (w < extra) await c.extraWarm(title, pages[label], c.levelSpaces[levelIndex]);
              else await c.createIn(c.levelSpaces[levelIndex], title, pages[label]);
            }
          }
          const after = done.get(label) + extra + own;
          for (let i = 0; i < samples; i++) {
            {
              await new Promise((r) => setTimeout(r, 20));
              const before = threadCpu(bare.pid);
              bareWall.push(await bare.parse(pages[label].length));
              await new Promise((r) => setTimeout(r, 20));
              const after = threadCpu(bare.pid);
              bareCpu.push((after.main + after.workers + after.v8 - before.main - before.workers - before.v8) / 1e6);
            }
            for (const c of children) {
              await new Promise((r) => setTimeout(r, 20));
              const before = threadCpu(c.child.pid);
              const t0 = performance.now();
              await c.createIn(c.levelSpaces[levelIndex], `Page ${label} ${levelIndex}.${i}`, pages[label]);
              const wall = performance.now() - t0;
              await new Promise((r) => setTimeout(r, 20));
              const after = threadCpu(c.child.pid);
              const m = per.get(c.name);
              for (const k of ['main', 'workers', 'v8']) m[k].push((after[k] - before[k]) / 1e6);
              m.total.push((after.main + after.workers + after.v8 - before.main - before.workers - before.v8) / 1e6);
              m.wall.push(wall);
            }
          }
          done.set(label, after + samples);
          const base = median(bareCpu);
          const baseWall = median(bareWall);
          console.log(`   ${label.padEnd(7)} after ${String(after).padStart(3)} ${'bare parse'.padEnd(10)} cpu ${ms(base)}, mean ${ms(mean(bareCpu))}, wall ${ms(baseWall)} (a content-worker-like thread of a process of its own, measured alike, alternating; step 1's bare parse: ${ms(stages[label].bare.cpu)})`);
          for (const c of children) {
            const m = per.get(c.name);
            const cpu = median(m.total);
            const wall = median(m.wall);
            summary.push({ label, level: after, name: c.name, cpu, ratio: cpu / base, base, wall, wallRatio: wall / baseWall, baseWall, main: median(m.main), workers: median(m.workers), v8: median(m.v8) });
            // The mean counts the GC pauses and major collections that fall on some creates only (the median leaves them out).
            console.log(`   ${label.padEnd(7)} after ${String(after).padStart(3)} ${c.name.padEnd(10)} cpu ${ms(cpu)} (${(cpu / base).toFixed(2)}x), mean ${ms(mean(m.total))} (${(mean(m.total) / mean(bareCpu)).toFixed(2)}x): main ${ms(median(m.main))}, workers ${ms(median(m.workers))}, other ${ms(median(m.v8))}; wall ${ms(wall)} (${(wall / baseWall).toFixed(2)}x the bare parse's wall); x step 1's bare parse ${(cpu / stages[label].bare.cpu).toFixed(2)}${c.mode === 'separate' ? '' : ` (warm-up: ${c.mode})`}`);
          }
        } catch (err) {
          console.log(`   ${label.padEnd(7)} refused: ${err.message.slice(0, 160)}`);
        }
      }
    }
  } finally {
    for (const c of children) await c.child.stop();
    await bare?.stop();
  }
  if (warmLevels.length > 1) {
    // Both figures, side by side: the first level (a server's first minutes) and the last (a server warmed by thousands of writes).
    console.log(`   Summary (server CPU / bare parse, by creates of that size before; the first level is a fresh server's, the last a warm server's):`);
    for (const [label] of sizes) {
      for (const c of children) {
        const rows = summary.filter((r) => r.label === label && r.name === c.name);
        if (rows.length) console.log(`   ${label.padEnd(7)} ${c.name.padEnd(10)} ${rows.map((r) => `after ${r.level}: ${r.ratio.toFixed(2)}x (${ms(r.cpu)} / ${ms(r.base)}; main ${r.main.toFixed(1)}, workers ${r.workers.toFixed(1)}, other ${r.v8.toFixed(1)}), wall ${r.wallRatio.toFixed(2)}x (${ms(r.wall)} / ${ms(r.baseWall)})`).join('   ')}`);
      }
    }
  }
  console.log('   The whole bench process with the server in it (its HTTP client counted too):');
  for (const [label] of sizes) {
    try {
      await created(`Warm ${label}`, pages[label]);
      const t = await timeAsync((i) => created(`Page ${label} ${i}`, pages[label]), Math.max(runs, 5));
      console.log(`   ${label.padEnd(7)} ${both(t, stages[label].bare)} the bare parse`);
    } catch (err) {
      // A loaded machine can take a 1 MB page past the budget (wall time): say so, and go on.
      console.log(`   ${label.padEnd(7)} refused: ${err.message.slice(0, 160)}`);
    }
  }

  }
  if (steps.has(3) || steps.has(4)) {
  console.log('\n3. Adversarial inputs written to a page over HTTP (goal: processed or refused within 1 s, never 5xx)');
  const target = await created('Target page');
  const inputs = adversarialInputs();
  let worst = 0;
  let worstCpu = 0;
  let fivexx = 0;
  for (const [name, markdown] of Object.entries(inputs)) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    const r = await api('PATCH', `${base}/content/page/${target}`, { markdown });
    const t = performance.now() - t0;
    const cpu = cpuMs(c0);
    worst = Math.max(worst, t);
    worstCpu = Math.max(worstCpu, cpu);
    if (r.status >= 500) fivexx++;
    const outcome = r.status < 300 ? 'processed' : `${r.status} ${r.body?.error?.message ?? ''}`;
    console.log(`   ${name.padEnd(50)} ${ms(t).padStart(10)}  cpu ${ms(cpu).padStart(10)}  ${outcome.slice(0, 100)}`);
  }
  console.log(`   worst ${ms(worst)}, cpu ${ms(worstCpu)}; ${fivexx} answers 5xx`);

  console.log('\n4. Ordinary reads while adversarial and 1 MB pages are written (two writers), against the same reads on an idle server');
  const readLoop = async (until) => {
    const latencies = [];
    while (!until()) {
      const t0 = performance.now();
      const r = await api('GET', `${base}/content/page/${small}?format=markdown`);
      if (r.status !== 200) throw new Error(`read: ${r.status}`);
      latencies.push(performance.now() - t0);
    }
    return latencies;
  };
  const measure = async (withWriters) => {
    const h = monitorEventLoopDelay({ resolution: 10 });
    h.enable();
    let done = false;
    const heavy = [...Object.values(inputs), pages['1 MB'], pages['1 MB']];
    const writers = withWriters
      ? [0, 1].map(async (w) => {
          const page = await created(`Writer ${w}`);
          for (let i = w; i < heavy.length; i += 2) await api('PATCH', `${base}/content/page/${page}`, { markdown: heavy[i] });
        })
      : [new Promise((r) => setTimeout(r, 3000))];
    const readers = [readLoop(() => done), readLoop(() => done)];
    await Promise.all(writers);
    done = true;
    const latencies = (await Promise.all(readers)).flat();
    h.disable();
    return { reads: latencies.length, p50: pct(latencies, 50), p99: pct(latencies, 99), max: Math.max(...latencies), loopP50: h.percentile(50) / 1e6, loopP99: h.percentile(99) / 1e6, loopMax: h.max / 1e6 };
  };
  const idle = await measure(false);
  const busy = await measure(true);
  for (const [label, r] of [['idle server', idle], ['while writing', busy]]) {
    console.log(`   ${label.padEnd(14)} ${String(r.reads).padStart(6)} reads  read p50 ${ms(r.p50)}  p99 ${ms(r.p99)}  max ${ms(r.max)}   event-loop delay p50 ${ms(r.loopP50)}  p99 ${ms(r.loopP99)}  max ${ms(r.loopMax)}`);
  }
  console.log(`   read p99 while writing = ${(busy.p99 / idle.p99).toFixed(2)}x idle; event-loop delay p99 ${busy.loopP99 <= 100 ? '<=' : '>'} 100 ms`);
  }
  console.log(`\nload average at the end ${load()}`);
} finally {
  await server.close();
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(0);

#!/usr/bin/env node
// A page write's worker-side work (normalizePage: parse, document, normal form, sections and links) of this build
// against another build, in one process: one content worker per build, their tasks alternating, so that the load of a
// shared machine falls on both alike. Prints per task the worker thread's CPU (its own /proc/thread-self/schedstat:
// the work and its share of the garbage collection) and the CPU of V8's GC helper threads in the task's window
// (shared by the two workers: a collection of one worker's garbage can spill into the other's window, so compare
// both orders: --swap). Each task's result is then serialised as the worker's reply is (v8.serialize: the structured
// clone of postMessage, which flattens the strings the task built by concatenation), timed apart ("reply").
//
// Usage: pnpm --filter @bindery/server build && node scripts/bench-normalise-ab.mjs --against=<root of another build> [--size=250] [--tasks=60] [--swap=1]
import { Worker } from 'node:worker_threads';
import { readdirSync, readFileSync } from 'node:fs';
import { arg, root } from './bench-lib.mjs';

const against = arg('against', undefined);
if (!against) throw new Error('--against=<root of another build> is required');
const sizeKb = Number(arg('size', 250));
const n = Number(arg('tasks', 60));
const builds = arg('swap', '0') === '1' ? [['compared', against], ['this build', root]] : [['this build', root], ['compared', against]];
const code = `
const { parentPort, workerData } = require('node:worker_threads');
const { readFileSync } = require('node:fs');
const v8 = require('node:v8');
const t = () => Number(readFileSync('/proc/thread-self/schedstat', 'utf8').split(' ')[0]);
(async () => {
  const { TASKS } = await import(workerData.root + '/apps/server/dist/content/tasks.js');
  const { realisticPage } = await import(workerData.root + '/apps/server/dist/testing/docs-corpus.js');
  const md = realisticPage(workerData.sizeKb * 1024);
  parentPort.on('message', () => { const t0 = t(); const r = TASKS.normalizePage({ markdown: md }); const t1 = t(); v8.serialize(r); parentPort.postMessage([(t1 - t0) / 1e6, (t() - t1) / 1e6]); });
  parentPort.postMessage('ready');
})();`;
const start = (dir) => {
  const w = new Worker(code, { eval: true, workerData: { root: dir.replace(/\/$/, ''), sizeKb } });
  return { w, ready: new Promise((r) => w.once('message', r)), thread: [], reply: [], gc: 0 };
};
const workers = builds.map(([name, dir]) => ({ name, ...start(dir) }));
for (const x of workers) await x.ready;
const run = (x) => new Promise((r) => { x.w.once('message', r); x.w.postMessage(0); });
const gcThreads = () => {
  let s = 0;
  for (const tid of readdirSync('/proc/self/task')) {
    try {
      if (readFileSync(`/proc/self/task/${tid}/comm`, 'utf8').startsWith('V8Worker')) s += Number(readFileSync(`/proc/self/task/${tid}/schedstat`, 'utf8').split(' ')[0]);
    } catch {}
  }
  return s / 1e6;
};
for (let i = 0; i < 8; i++) for (const x of workers) await run(x);
for (let i = 0; i < n; i++) {
  for (const x of workers) {
    const g = gcThreads();
    const [task, reply] = await run(x);
    x.thread.push(task);
    x.reply.push(reply);
    x.gc += gcThreads() - g;
  }
}
const median = (xs) => [...xs].sort((p, q) => p - q)[xs.length >> 1];
const mean = (xs) => xs.reduce((p, q) => p + q, 0) / xs.length;
console.log(`normalizePage of a realistic ${sizeKb} KB page, ${n} tasks per build, alternating; load average ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}`);
for (const x of workers) {
  console.log(`${x.name.padEnd(10)} worker thread median ${median(x.thread).toFixed(1)} ms, mean ${mean(x.thread).toFixed(1)} ms; reply median ${median(x.reply).toFixed(2)} ms; GC threads ${(x.gc / n).toFixed(1)} ms per task; total ${(mean(x.thread) + mean(x.reply) + x.gc / n).toFixed(1)} ms`);
}
process.exit(0);

#!/usr/bin/env node
// The young-generation garbage collection a page write's worker-side work (normalizePage of a realistic page) causes,
// this build against another: each build's tasks run in a content worker of a process of its own started with
// `--trace-gc-nvp`, and V8's own counters of the scavenges during the measured tasks are summed per task — bytes that
// survived a scavenge in the young generation and bytes promoted to the old one (the copying a scavenge does: its
// cost, on the worker thread and V8's GC threads, follows these bytes), and the number of scavenges and mark-compacts.
// Unlike CPU time, these counts do not depend on the load of the machine (they move a little with the moments the
// scavenges fall on), so they show a change to what a page write keeps alive on a busy machine where CPU cannot. The
// CPU of the whole process per task (every thread: the worker, V8's GC threads) is printed beside them; builds run one
// after the other, alternating by round, so on a shared machine compare it over several rounds.
//
// Usage: pnpm --filter @bindery/server build && node scripts/bench-normalise-gc.mjs --against=<root of another build> [--size=250] [--tasks=30] [--rounds=4]
import { spawnSync } from 'node:child_process';
import { arg, root } from './bench-lib.mjs';

const against = arg('against', undefined);
if (!against) throw new Error('--against=<root of another build> is required');
const sizeKb = Number(arg('size', 250));
const n = Number(arg('tasks', 30));
const rounds = Number(arg('rounds', 4));

const child = `
const { Worker } = require('node:worker_threads');
const code = \`
const { workerData } = require('node:worker_threads');
(async () => {
  const { TASKS } = await import(workerData.root + '/apps/server/dist/content/tasks.js');
  const { realisticPage } = await import(workerData.root + '/apps/server/dist/testing/docs-corpus.js');
  const md = realisticPage(workerData.sizeKb * 1024);
  for (let i = 0; i < 10; i++) TASKS.normalizePage({ markdown: md });
  console.log('--- start');
  const c0 = process.cpuUsage();
  for (let i = 0; i < workerData.n; i++) TASKS.normalizePage({ markdown: md });
  const c = process.cpuUsage(c0);
  console.log('--- end');
  console.log('cpu=' + (c.user + c.system) / 1000 / workerData.n);
})();\`;
new Worker(code, { eval: true, workerData: JSON.parse(process.argv[1]) });
`;

function measure(dir) {
  const out = spawnSync(process.execPath, ['--trace-gc-nvp', '-e', child, JSON.stringify({ root: dir.replace(/\/$/, ''), sizeKb, n })], { encoding: 'utf8', maxBuffer: 1 << 28 });
  if (out.status !== 0) throw new Error(out.stderr);
  const lines = out.stdout.split('\n');
  const from = lines.indexOf('--- start');
  const to = lines.indexOf('--- end');
  const r = { scavenges: 0, markCompacts: 0, survived: 0, promoted: 0, cpu: Number(lines.find((l) => l.startsWith('cpu='))?.slice(4)) };
  for (const line of lines.slice(from + 1, to)) {
    const fields = Object.fromEntries([...line.matchAll(/(\w+)=(\S+)/g)].map((m) => [m[1], m[2]]));
    if (fields.gc === 's') {
      r.scavenges++;
      r.survived += Number(fields.new_space_survived ?? 0);
      r.promoted += Number(fields.promoted ?? 0);
    } else if (fields.gc) r.markCompacts++;
  }
  return r;
}

console.log(`normalizePage of a realistic ${sizeKb} KB page in a content worker, ${n} tasks after 10 warm-up tasks, per build and round (V8's --trace-gc-nvp counters)`);
const mb = (bytes) => (bytes / n / 1e6).toFixed(2);
for (let round = 0; round < rounds; round++) {
  for (const [name, dir] of round % 2 === 0 ? [['this build', root], ['compared', against]] : [['compared', against], ['this build', root]]) {
    const r = measure(dir);
    console.log(`${name.padEnd(10)} per task: survived ${mb(r.survived)} MB + promoted ${mb(r.promoted)} MB = copied ${mb(r.survived + r.promoted)} MB; scavenges ${(r.scavenges / n).toFixed(2)}, mark-compacts ${(r.markCompacts / n).toFixed(2)}; CPU of the process ${r.cpu.toFixed(1)} ms`);
  }
}

#!/usr/bin/env node
// The bytes a page write's worker-side work (normalizePage of a realistic page) allocates, this build against another:
// each build's tasks run in a process of its own started with `--expose-gc --trace-gc-nvp`; a full collection is
// forced before and after the measured tasks, and V8's `allocated` counter of every collection in between (the bytes
// allocated since the one before) is summed, so the window is exact. Unlike CPU time, and unlike the bytes scavenges
// copy (which move with the moments they fall on: with the few scavenges per task of Node 24's young generation they
// do not resolve a few per cent), this count hardly depends on the machine's load: it shows a change to what a page
// write allocates on a busy machine. Builds run one after the other, alternating by round; the CPU of the measured
// tasks (the process: its main thread, where they run, and V8's GC threads) is printed beside it.
//
// Usage: pnpm --filter @bindery/server build && node scripts/bench-normalise-alloc.mjs --against=<root of another build> [--size=250] [--tasks=100] [--rounds=3]
import { spawnSync } from 'node:child_process';
import { arg, root } from './bench-lib.mjs';

const against = arg('against', undefined);
if (!against) throw new Error('--against=<root of another build> is required');
const sizeKb = Number(arg('size', 250));
const n = Number(arg('tasks', 100));
const rounds = Number(arg('rounds', 3));

const child = `
(async () => {
  const { root, sizeKb, n } = JSON.parse(process.argv[1]);
  const { TASKS } = await import(root + '/apps/server/dist/content/tasks.js');
  const { realisticPage } = await import(root + '/apps/server/dist/testing/docs-corpus.js');
  const md = realisticPage(sizeKb * 1024);
  for (let i = 0; i < 30; i++) TASKS.normalizePage({ markdown: md });
  globalThis.gc();
  console.log('--- start');
  const c0 = process.cpuUsage();
  for (let i = 0; i < n; i++) TASKS.normalizePage({ markdown: md });
  const c = process.cpuUsage(c0);
  globalThis.gc();
  console.log('--- end');
  console.log('cpu=' + (c.user + c.system) / 1000 / n);
})();`;

function measure(dir) {
  const r = spawnSync(process.execPath, ['--expose-gc', '--trace-gc-nvp', '-e', child, JSON.stringify({ root: dir.replace(/\/$/, ''), sizeKb, n })], { encoding: 'utf8', maxBuffer: 1 << 30 });
  if (r.status !== 0) throw new Error(r.stderr);
  let on = false;
  let allocated = 0;
  let scavenges = 0;
  let cpu = NaN;
  for (const line of r.stdout.split('\n')) {
    if (line === '--- start') on = true;
    else if (line === '--- end') on = false;
    else if (line.startsWith('cpu=')) cpu = Number(line.slice(4));
    // (The collection forced after the tasks is printed before `--- end`: counted; the one before `--- start` is not.)
    if (!on) continue;
    const a = /\ballocated=(\d+)/.exec(line);
    if (a) allocated += Number(a[1]);
    if (/\bgc=s\b/.test(line)) scavenges++;
  }
  return { allocated: allocated / n / 1e6, scavenges: scavenges / n, cpu };
}

console.log(`normalizePage of a realistic ${sizeKb} KB page, ${n} tasks after 30 warm-up tasks, per build and round (V8's --trace-gc-nvp \`allocated\`, between two forced collections)`);
for (let round = 0; round < rounds; round++) {
  for (const [name, dir] of round % 2 === 0 ? [['this build', root], ['compared', against]] : [['compared', against], ['this build', root]]) {
    const m = measure(dir);
    console.log(`${name.padEnd(10)} per task: allocated ${m.allocated.toFixed(2)} MB; scavenges ${m.scavenges.toFixed(2)}; CPU of the process ${m.cpu.toFixed(1)} ms`);
  }
}

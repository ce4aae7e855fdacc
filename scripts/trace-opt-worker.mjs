#!/usr/bin/env node
// What V8's optimising compilers do in a content worker as page writes repeat: normalizePage of realistic pages
// (100 KB, 250 KB, 1 MB in turn, as bench-pipeline's warm-up) in a worker thread, with a marker between tasks written
// straight to fd 1, so that V8's own --trace-opt / --trace-deopt lines (run under `stdbuf -oL` so they are not held
// in a buffer) fall between the markers of the task that caused them. Prints per round the compiles (TurboFan and
// Maglev), their time by V8's own account, and deopts, and the functions compiled or deoptimised after --from.
//
// Usage: pnpm --filter @bindery/server build && stdbuf -oL node --trace-opt --trace-deopt scripts/trace-opt-worker.mjs [--rounds=40] [--from=20] [--root=<build>] > trace.txt
//        node scripts/trace-opt-worker.mjs --summarise=trace.txt [--from=20]
import { Worker } from 'node:worker_threads';
import { readFileSync } from 'node:fs';
import { arg, root } from './bench-lib.mjs';

const summarise = arg('summarise', undefined);
const from = Number(arg('from', 20));
if (summarise) {
  const lines = readFileSync(summarise, 'utf8').split('\n');
  let round = -1;
  const per = [];
  const late = new Map();
  for (const line of lines) {
    const m = /^=== round (\d+)/.exec(line);
    if (m) { round = Number(m[1]); per[round] = { compiles: 0, ms: 0, deopts: 0, maglev: 0 }; continue; }
    if (round < 0) continue;
    const r = per[round];
    const done = /completed (?:optimizing|compiling) (?:0x[0-9a-f]+ )?<JSFunction ([^ >]*)[^>]*>\s*\(target (\w+)\)?.*?took ([\d.]+), ([\d.]+), ([\d.]+) ms/.exec(line);
    if (done) {
      const ms = Number(done[3]) + Number(done[4]) + Number(done[5]);
      if (done[2] === 'MAGLEV') r.maglev++; else { r.compiles++; r.ms += ms; }
      if (round >= from) { const k = `compile ${done[2]} ${done[1]}`; const v = late.get(k) ?? [0, 0]; v[0]++; v[1] += ms; late.set(k, v); }
      continue;
    }
    const de = /bailout \(kind: ([^,]+), reason: ([^)]*)\): begin. deoptimizing .*?<JSFunction ([^ >]*)/.exec(line) ?? /deoptimizing .*?<JSFunction ([^ >]*).*reason: ([^)]*)/.exec(line);
    if (/^\[bailout|deoptimiz/.test(line) && /begin|bailout/.test(line)) {
      r.deopts++;
      if (round >= from && de) { const k = `deopt ${de[3] ?? de[1]} ${de[3] ? de[1] + ': ' + de[2] : de[2]}`; const v = late.get(k) ?? [0, 0]; v[0]++; late.set(k, v); }
    }
  }
  console.log('round  turbofan-compiles  ms(V8)  maglev  deopts');
  per.forEach((r, i) => r && console.log(`${String(i).padStart(5)}  ${String(r.compiles).padStart(17)}  ${r.ms.toFixed(1).padStart(6)}  ${String(r.maglev).padStart(6)}  ${String(r.deopts).padStart(6)}`));
  console.log(`\nafter round ${from}:`);
  for (const [k, v] of [...late].sort((a, b) => b[1][1] - a[1][1] || b[1][0] - a[1][0])) console.log(`${String(v[0]).padStart(4)} ${v[1].toFixed(1).padStart(7)} ms  ${k}`);
  process.exit(0);
}

const rounds = Number(arg('rounds', 40));
const build = arg('root', root).replace(/\/$/, '');
const code = `
const { workerData } = require('node:worker_threads');
const { writeSync } = require('node:fs');
(async () => {
  const { TASKS } = await import(workerData.build + '/apps/server/dist/content/tasks.js');
  const { realisticPage } = await import(workerData.build + '/apps/server/dist/testing/docs-corpus.js');
  const pages = [100, 250, 1000].map((kb) => realisticPage(kb * 1024));
  for (let i = 0; i < workerData.rounds; i++) {
    writeSync(1, '=== round ' + i + '\\n');
    for (const md of pages) TASKS.normalizePage({ markdown: md });
  }
  writeSync(1, '=== end\\n');
})();`;
new Worker(code, { eval: true, workerData: { build, rounds } });

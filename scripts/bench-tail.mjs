#!/usr/bin/env node
// Where a step's latency tail comes from: one build of Bindery under 50 connections (autocannon), several runs of
// each step, and per run the latency percentiles as the client sees them (mean, p50, p90, p97.5, p99, p99.9, max),
// the server's CPU per request and share of a core, its event loop's delay (p50, p99, max: a turn that long held
// every request) and its GC pauses (count, total, longest), measured inside the process (scripts/bench-tail-preload.mjs).
// With closed-loop load the mean latency is connections / throughput (CPU per request sets it); p99 far above the
// mean with a long event-loop delay is a stall in the process, with a short one the machine's scheduling.
// Usage: pnpm build && node scripts/bench-tail.mjs [--steps="POST comment,search"] [--dialect=sqlite|postgres]
//        [--runs=3] [--duration=4] [--connections=50] [--root=<another build>]
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { arg, buildFixture, createPgDatabase, ladder, load, machineLoad, root, startBindery } from './bench-lib.mjs';

const dialect = arg('dialect', 'sqlite');
const only = arg('steps', 'POST comment,search').split(',');
const runs = Number(arg('runs', 3));
const duration = Number(arg('duration', 4));
const connections = Number(arg('connections', 50));
const serverRoot = arg('root', undefined);
const stats = join(tmpdir(), `bindery-bench-tail-${process.pid}`);

const pgDb = dialect === 'postgres' ? await createPgDatabase('bindery_bench_tail') : undefined;
const s = await startBindery({
  databaseUrl: pgDb?.url, ...(serverRoot ? { serverRoot } : {}),
  nodeArgs: ['--import', join(root, 'scripts/bench-tail-preload.mjs')], env: { BENCH_TAIL_STATS: stats },
});
/** What the process measured since the last call. */
async function measured() {
  const file = `${stats}.${s.pid}`;
  rmSync(file, { force: true });
  process.kill(s.pid, 'SIGUSR2');
  for (let i = 0; i < 100 && !existsSync(file); i++) await new Promise((r) => setTimeout(r, 20));
  await new Promise((r) => setTimeout(r, 20));
  const out = JSON.parse(readFileSync(file, 'utf8'));
  rmSync(file, { force: true });
  return out;
}
try {
  const steps = ladder(await buildFixture(s.url)).filter((x) => only.includes(x.label));
  console.log(`${dialect}: ${serverRoot ?? 'this build'}, ${runs} runs of ${duration} s, c=${connections} (${await machineLoad()})`);
  for (const step of steps) {
    await load(s.url, { connections, duration: 1, ...step });
    for (let i = 0; i < runs; i++) {
      await measured();
      const r = await load(s.url, { connections, duration, ...step, pids: [s.pid] });
      const m = await measured();
      const l = r.latency;
      console.log(
        `${step.label.padEnd(14)} req/s ${r.rps.toFixed(0)}  CPU us ${r.cpuPerRequest.toFixed(0)} (${((r.cpuPerRequest * r.total) / 1e6 / duration).toFixed(2)} core) | ` +
          `latency ms mean ${l.mean} p50 ${l.p50} p90 ${l.p90} p97.5 ${l.p97_5} p99 ${l.p99} p99.9 ${l.p99_9} max ${l.max} | ` +
          `loop delay p50 ${m.loopDelay.p50} p99 ${m.loopDelay.p99} max ${m.loopDelay.max} | GC ${m.gc.count} pauses ${m.gc.total} ms, longest ${m.gc.max}` +
          (r.non2xx + r.errors ? ` | ${r.non2xx + r.errors} non-2xx or errors` : ''),
      );
    }
  }
  console.log(`end: ${await machineLoad()}`);
} finally {
  await s.stop();
  await pgDb?.drop();
}

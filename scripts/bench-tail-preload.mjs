// Preloaded into a Bindery process by scripts/bench-tail.mjs (`node --import`): measures the event loop's delay
// (perf_hooks, 1 ms resolution) and the GC pauses, and on SIGUSR2 writes what it measured since the last signal to
// `$BENCH_TAIL_STATS.<pid>` (JSON, milliseconds), then starts over.
import { writeFileSync } from 'node:fs';
import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';

const delay = monitorEventLoopDelay({ resolution: 1 });
delay.enable();
let gc = { count: 0, total: 0, max: 0 };
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) {
    gc.count++;
    gc.total += e.duration;
    gc.max = Math.max(gc.max, e.duration);
  }
}).observe({ entryTypes: ['gc'] });
const ms = (ns) => Math.round(ns / 1e4) / 100;
process.on('SIGUSR2', () => {
  const out = {
    loopDelay: { p50: ms(delay.percentile(50)), p99: ms(delay.percentile(99)), max: ms(delay.max) },
    gc: { count: gc.count, total: Math.round(gc.total * 100) / 100, max: Math.round(gc.max * 100) / 100 },
  };
  writeFileSync(`${process.env.BENCH_TAIL_STATS}.${process.pid}`, JSON.stringify(out));
  delay.reset();
  gc = { count: 0, total: 0, max: 0 };
});

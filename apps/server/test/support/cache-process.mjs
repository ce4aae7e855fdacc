// A Bindery server in a process of its own (test/cache-lease.test.ts): the built server (dist/), configured from the
// environment as `main.js` is, that answers `stats` messages over IPC with its read cache's and lease's counters.
// With BINDERY_COUNT_QUERIES=1 (scripts/bench-mix-stats.mjs) it also counts the requests it answered and every round
// trip its PostgreSQL connections made (the pool's and the lease's), by the kind of statement: load-independent
// counts of the work a request causes.
import { createRequire } from 'node:module';

// BINDERY_SERVER_DIST: another build's dist/ folder (scripts/bench-mix-stats.mjs --root), counted alike.
const dist = new URL(process.env.BINDERY_SERVER_DIST ? `file://${process.env.BINDERY_SERVER_DIST.replace(/\/?$/, '/')}` : '../../dist/', import.meta.url);
/** The pg module that build loads (its node_modules): the one whose connections are counted. */
const pg = createRequire(new URL('server.js', dist))('pg');

const counting = process.env.BINDERY_COUNT_QUERIES === '1';
/** Round trips by kind, and the statements they carried. */
const queries = {};
if (counting) {
  const kindOf = (text) => {
    const t = text.replace(/\/\*[^*]*\*\//g, ' ').replace(/\s+/g, ' ').trim().toLowerCase();
    if (t.includes('bindery_cache_read')) return 'counters';
    if (t.includes('pg_notify')) return 'notify';
    if (t.includes('cache_leases')) return 'lease';
    if (t.includes('bindery_cache_moved')) return 'write+moved?';
    if (t.startsWith('with v ')) return 'group commit';
    if (t.startsWith('begin')) return 'begin+…';
    if (t === 'commit' || t.endsWith('; commit')) return 'commit';
    const m = /^(select|insert|update|delete|with)\b.*?\bfrom "?(\w+)"?/.exec(t);
    return m ? `${m[1]} ${m[2]}` : t.slice(0, 24);
  };
  const original = pg.Client.prototype.query;
  pg.Client.prototype.query = function (config, ...rest) {
    const text = typeof config === 'string' ? config : config?.text;
    if (typeof text === 'string') {
      // One count per round trip, by the kinds of the statements it carried (a `begin` sent with its first statement
      // is not a kind of its own), and one per statement.
      const kinds = text.split(/;\s*\n/).filter((s) => !/^\s*begin\s*$/i.test(s)).map(kindOf);
      const trip = [...new Set(kinds)].join(' + ') || 'begin';
      (queries.trips ??= {})[trip] = (queries.trips[trip] ?? 0) + 1;
      for (const k of kinds) (queries.statements ??= {})[k] = (queries.statements[k] ?? 0) + 1;
    }
    return original.call(this, config, ...rest);
  };
}
const { startServer } = await import(new URL('server.js', dist).href);
const { loadConfig } = await import(new URL('config.js', dist).href);
const running = await startServer({ ...loadConfig(), port: 0, host: '127.0.0.1' });
let requests = 0;
if (counting) running.server.on('request', () => requests++);
// With counting, also the event loop's turns and events (libuv's metrics), its busy time, GC pauses, CPU by mode and
// the main thread's share (the rest: V8's compiler and GC helper threads, libuv's pool):
// what a request costs the process beside its statements.
const { performance, PerformanceObserver } = await import('node:perf_hooks');
const gc = { count: 0, ms: 0 };
if (counting) new PerformanceObserver((list) => { for (const e of list.getEntries()) { gc.count++; gc.ms += e.duration; } }).observe({ entryTypes: ['gc'] });
const loopStats = () => {
  const { loopCount, events } = performance.nodeTiming.uvMetricsInfo;
  const { active } = performance.eventLoopUtilization();
  const { user, system } = process.cpuUsage();
  const main = process.threadCpuUsage();
  return { turns: loopCount, events, activeMs: active, userUs: user, systemUs: system, mainUs: main.user + main.system, gcCount: gc.count, gcMs: gc.ms, heapMB: process.memoryUsage().heapUsed / 2 ** 20 };
};
process.on('message', (m) => {
  if (m === 'stats') {
    process.send?.({
      stats: { ...running.readCache.stats },
      lease: running.readCache.lease ? { ...running.readCache.lease.stats, processId: running.readCache.lease.processId } : null,
      ...(counting ? { requests, queries: JSON.parse(JSON.stringify(queries)), loop: loopStats() } : {}),
    });
  }
  if (m === 'close') running.close().then(() => process.exit(0));
});
process.send?.({ url: running.url });

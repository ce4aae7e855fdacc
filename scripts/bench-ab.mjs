#!/usr/bin/env node
// Two builds of Bindery and the stack's ceiling (Express + the validator answering constants), alternating short
// runs of the same ladder steps many times in one run, so that the load of a shared machine falls on all three
// alike: the median req/s and CPU per request of each, and the ratios to the stack. For A/B checks of one change;
// bench.mjs is the full report. On PostgreSQL it also prints the database's CPU per request: the backends connected to
// each build's database, from /proc (PostgreSQL runs on the same two cores and takes throughput from the server).
// Usage: pnpm build && node scripts/bench-ab.mjs --compare=<root of another build> [--steps="GET space,GET page"]
//        [--dialect=sqlite|postgres] [--rounds=6] [--duration=3] [--connections=50] [--first=this|other]
import { arg, buildFixture, createPgDatabase, ladder, load, machineLoad, median, record, require, startBindery, startMirror } from './bench-lib.mjs';

const other = arg('compare', '');
const dialect = arg('dialect', 'sqlite');
const rounds = Number(arg('rounds', 6));
const duration = Number(arg('duration', 3));
const connections = Number(arg('connections', 50));
const only = arg('steps', 'GET /v1/user,GET space').split(',');
if (!other) throw new Error('--compare=<root of another build> is required');

// The build started first is charged more CPU per request than the one started after it, by 5-25 %, and at load 10+
// more (a run of nine builds, four of them the same code: 87-108 us a request for the first three started, 53-60
// for the last four): compare a change in both start orders (--first=other starts the other build first; the
// columns stay this / other).
const first = arg('first', 'this');
const builds = [];
for (const [name, serverRoot] of first === 'other' ? [['other', other], ['this', undefined]] : [['this', undefined], ['other', other]]) {
  const pgDb = dialect === 'postgres' ? await createPgDatabase(`bindery_bench_ab_${name}`) : undefined;
  const s = await startBindery({ databaseUrl: pgDb?.url, ...(serverRoot ? { serverRoot } : {}) });
  const fx = await buildFixture(s.url);
  builds.push({ name, s, pgDb, steps: ladder(fx).filter((x) => only.includes(x.label)) });
}
if (first === 'other') builds.reverse();
/** PostgreSQL: the pids of the backends connected to a database (the pool's connections), looked up before each run. */
const pgAdmin = dialect === 'postgres' ? new (require('pg').Client)({ connectionString: process.env.TEST_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres' }) : undefined;
await pgAdmin?.connect();
const backendsOf = async (b) => (b?.pgDb ? (await pgAdmin.query('select pid from pg_stat_activity where datname = $1', [b.pgDb.name])).rows.map((r) => r.pid) : []);
const stack = await startMirror('stack', await record(builds[0].s.url, builds[0].steps));
console.log(`${dialect}: this build vs ${other} vs the stack, ${rounds} alternating rounds of ${duration} s, c=${connections}, ${first === 'other' ? 'the other build' : 'this build'} started first (${await machineLoad()})`);
for (const [i, step] of builds[0].steps.entries()) {
  const runs = { this: [], other: [], stack: [] };
  const targets = [['this', builds[0].s, step, builds[0]], ['other', builds[1].s, builds[1].steps[i], builds[1]], ['stack', stack, step]];
  for (const [, t, st] of targets) await load(t.url, { connections, duration: 1, ...st });
  for (let r = 0; r < rounds; r++) {
    const order = r % 2 ? [...targets].reverse() : targets;
    for (const [name, t, st, b] of order) {
      runs[name].push(await load(t.url, { connections, duration, ...st, pids: [t.pid], dbPids: () => backendsOf(b) }));
    }
  }
  const m = (name, k) => median(runs[name].map((x) => x[k]));
  const bad = runs.this.concat(runs.other).reduce((n, x) => n + x.non2xx + x.errors, 0);
  console.log(
    `${step.label.padEnd(14)} req/s this ${m('this', 'rps').toFixed(0)}  other ${m('other', 'rps').toFixed(0)}  stack ${m('stack', 'rps').toFixed(0)}  ` +
      `x stack ${(m('this', 'rps') / m('stack', 'rps')).toFixed(3)} / ${(m('other', 'rps') / m('stack', 'rps')).toFixed(3)} | ` +
      `CPU us this ${m('this', 'cpuPerRequest').toFixed(0)}  other ${m('other', 'cpuPerRequest').toFixed(0)}  stack ${m('stack', 'cpuPerRequest').toFixed(0)}  ` +
      `x stack ${(m('stack', 'cpuPerRequest') / m('this', 'cpuPerRequest')).toFixed(3)} / ${(m('stack', 'cpuPerRequest') / m('other', 'cpuPerRequest')).toFixed(3)}` +
      ` | p99 ${m('this', 'p99')} / ${m('other', 'p99')} / ${m('stack', 'p99')} ms${bad ? ` | ${bad} non-2xx or errors` : ''}` +
      (dialect === 'postgres' ? ` | db CPU us this ${m('this', 'dbCpuPerRequest').toFixed(0)}  other ${m('other', 'dbCpuPerRequest').toFixed(0)}` : ''),
  );
}
console.log(`end: ${await machineLoad()}`);
await pgAdmin?.end();
await stack.stop();
for (const b of builds) {
  await b.s.stop();
  await b.pgDb?.drop();
}

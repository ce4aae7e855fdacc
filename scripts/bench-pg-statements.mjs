#!/usr/bin/env node
// PostgreSQL: what one ladder step costs the database per request under load — queries (transactions committed:
// one per simple query or extended-protocol sync outside a transaction), and the CPU of the backends connected to
// the bench database (from /proc) — next to the server's CPU per request.
// Usage: pnpm build && node scripts/bench-pg-statements.mjs [--steps="GET /v1/user,GET space"] [--duration=4]
//        [--connections=50] [--root=<another build>]
import { arg, buildFixture, createPgDatabase, ladder, load, machineLoad, require, startBindery } from './bench-lib.mjs';

const only = arg('steps', 'GET /v1/user,GET space').split(',');
const duration = Number(arg('duration', 4));
const connections = Number(arg('connections', 50));
const serverRoot = arg('root', undefined);

const pgDb = await createPgDatabase('bindery_bench_stmts');
const s = await startBindery({ databaseUrl: pgDb.url, ...(serverRoot ? { serverRoot } : {}) });
const fx = await buildFixture(s.url);
const admin = new (require('pg').Client)({ connectionString: process.env.TEST_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres' });
await admin.connect();
const commits = async () => Number((await admin.query('select xact_commit from pg_stat_database where datname = $1', [pgDb.name])).rows[0].xact_commit);
const backends = async () => (await admin.query('select pid from pg_stat_activity where datname = $1', [pgDb.name])).rows.map((r) => r.pid);
console.log(`postgres, c=${connections}, ${duration} s (${await machineLoad()})`);
for (const step of ladder(fx).filter((x) => only.includes(x.label))) {
  await load(s.url, { connections, duration: 1, ...step });
  await new Promise((r) => setTimeout(r, 600)); // pg_stat_database is updated at most every 500 ms
  const before = await commits();
  const r = await load(s.url, { connections, duration, ...step, pids: [s.pid], dbPids: backends });
  await new Promise((r) => setTimeout(r, 1100));
  const queries = (await commits()) - before - 2; // the two reads of pg_stat_database made around the run's own
  console.log(`${step.label.padEnd(14)} ${r.rps.toFixed(0)} req/s | server CPU ${r.cpuPerRequest.toFixed(0)} us | db CPU ${r.dbCpuPerRequest.toFixed(1)} us | queries ${(queries / r.total).toFixed(3)} per request | p99 ${r.p99} ms`);
}
await admin.end();
await s.stop();
await pgDb.drop();

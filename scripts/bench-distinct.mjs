#!/usr/bin/env node
// GET space with every request on a random one of N spaces, so that few identical reads run at once (the ladder of
// bench.mjs reads one space from every connection, the best case of db/prepared.ts shareRead): this build against
// another one in the same run, CPU per request of the Bindery process and p99.
// Usage: pnpm build && node scripts/bench-distinct.mjs --compare=<root of another build> [--spaces=150] [--dialect=postgres|sqlite]
import { ADMIN_TOKEN, arg, createPgDatabase, load, machineLoad, median, startBindery } from './bench-lib.mjs';
const other = arg('compare', '');
const n = Number(arg('spaces', 200));
const dialect = arg('dialect', 'postgres');
async function call(url, token, method, path, body) {
  const res = await fetch(url + path, { method, headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) }, body: body ? JSON.stringify(body) : undefined });
  const t = await res.text();
  if (res.status >= 300) throw new Error(`${method} ${path} ${res.status} ${t}`);
  return t ? JSON.parse(t) : undefined;
}
async function fixture(url) {
  const u = await call(url, ADMIN_TOKEN, 'POST', '/v1/users', { email: `o-${Date.now()}@b.example`, displayName: 'o' });
  const t = await call(url, ADMIN_TOKEN, 'POST', `/v1/users/${u.id}/tokens`, { label: 'b' });
  const org = await call(url, t.token, 'POST', '/v1/orgs', { title: 'Org' });
  const ids = [];
  for (let i = 0; i < n; i++) ids.push((await call(url, t.token, 'POST', `/v1/orgs/${org.id}/spaces`, { title: `S${i}` })).id);
  return { token: t.token, ids };
}
const servers = [];
for (const [name, serverRoot] of [['this', undefined], ['other', other]]) {
  const pgDb = dialect === 'postgres' ? await createPgDatabase('bindery_bench_distinct') : undefined;
  const s = await startBindery({ databaseUrl: pgDb?.url, ...(serverRoot ? { serverRoot } : {}) });
  servers.push({ name, s, pgDb, fx: await fixture(s.url) });
}
console.log(`GET space over ${n} spaces at random, ${dialect}, c=50 (${await machineLoad()})`);
const res = Object.fromEntries(servers.map((x) => [x.name, []]));
for (let r = 0; r < 2; r++) for (const { name, s, fx } of servers) {
  const ids = fx.ids;
  res[name].push(await load(s.url, { connections: 50, duration: 5, pids: [s.pid], requests: [{ method: 'GET', headers: { authorization: `Bearer ${fx.token}` }, setupRequest: (req) => ({ ...req, path: `/v1/spaces/${ids[Math.floor(Math.random() * ids.length)]}` }) }] }));
}
for (const [name, rs] of Object.entries(res)) console.log(`${name.padEnd(6)} req/s ${Math.round(median(rs.map((r) => r.rps)))}  p99 ${median(rs.map((r) => r.p99))} ms  CPU ${Math.round(median(rs.map((r) => r.cpuPerRequest)))} us/request  bad ${rs.reduce((a, r) => a + r.non2xx + r.errors, 0)}`);
console.log(`end (${await machineLoad()})`);
for (const { s, pgDb } of servers) {
  await s.stop();
  await pgDb?.drop();
}
process.exit(0);

#!/usr/bin/env node
// The audit log's cost on the request path (docs/audit-log.md): administrative writes that now record an event
// (PATCH an organization: `organization.updated`; PATCH a member's grant on a space, alternating two roles:
// `permission.changed`) and a read as control (GET space), against another build (--compare=<root>, the "before"),
// alternating builds in one run. CPU per request of the server process, requests per second, p99.
// Usage: node scripts/bench-audit.mjs --compare=<root> [--dialects=sqlite,postgres] [--duration=5] [--repeat=3]
import { ADMIN_TOKEN, arg, buildFixture, createPgDatabase, load, machineLoad, median, startBindery } from './bench-lib.mjs';

const duration = Number(arg('duration', 5));
const connections = Number(arg('connections', 10));
const repeat = Number(arg('repeat', 3));
const dialects = arg('dialects', 'sqlite,postgres').split(',');
const compare = arg('compare', '');
if (!compare) throw new Error('--compare=<root of the build before> is required');
void ADMIN_TOKEN;

const steps = (fx) => {
  const auth = (t) => ({ authorization: `Bearer ${t}`, 'content-type': 'application/json' });
  const role = (r) => ({ method: 'PATCH', path: `/v1/spaces/${fx.otherSpace}/permissions/users/${fx.member.id}`, headers: auth(fx.owner.token), body: JSON.stringify({ role: r }) });
  return [
    { label: 'PATCH org', method: 'PATCH', path: `/v1/orgs/${fx.org}`, headers: auth(fx.owner.token), body: JSON.stringify({ title: 'Bench org renamed' }) },
    { label: 'PATCH grant', requests: [role('read'), role('edit')] },
    { label: 'GET space', method: 'GET', path: `/v1/spaces/${fx.space}`, headers: auth(fx.member.token) },
  ];
};

async function otherSpace(url, fx) {
  const r = await fetch(`${url}/v1/orgs/${fx.org}/spaces`, { headers: { authorization: `Bearer ${fx.owner.token}` } });
  const items = (await r.json()).items;
  return items.find((s) => s.title === 'Other').id;
}

console.log(`Node ${process.version}; autocannon c=${connections}, ${duration} s per run after a 1 s warm-up, ${repeat} alternating run(s) each (median)`);
console.log(`start: ${await machineLoad()}\n`);
for (const dialect of dialects) {
  const targets = [];
  for (const [name, serverRoot] of [['after', undefined], ['before', compare]]) {
    const db = dialect === 'postgres' ? await createPgDatabase(`bindery_bench_audit_${name}`) : undefined;
    const s = await startBindery({ databaseUrl: db?.url, ...(serverRoot ? { serverRoot } : {}) });
    const fx = await buildFixture(s.url);
    fx.otherSpace = await otherSpace(s.url, fx);
    targets.push({ name, s, db, steps: steps(fx) });
  }
  console.log(`== ${dialect}`);
  for (let i = 0; i < targets[0].steps.length; i++) {
    const results = { after: [], before: [] };
    for (let r = 0; r < repeat; r++) {
      for (const t of r % 2 ? [...targets].reverse() : targets) {
        const step = t.steps[i];
        await load(t.s.url, { connections, duration: 1, ...step });
        results[t.name].push(await load(t.s.url, { connections, duration, ...step, pids: [t.s.pid] }));
      }
    }
    const m = (name, k) => median(results[name].map((x) => x[k]));
    const bad = ['after', 'before'].map((n) => results[n].reduce((a, x) => a + x.non2xx + x.errors, 0));
    console.log(`${targets[0].steps[i].label.padEnd(12)} CPU/req ${m('before', 'cpuPerRequest').toFixed(0)} -> ${m('after', 'cpuPerRequest').toFixed(0)} us; req/s ${m('before', 'rps').toFixed(0)} -> ${m('after', 'rps').toFixed(0)}; p99 ${m('before', 'p99')} -> ${m('after', 'p99')} ms${bad.some(Boolean) ? `; non-2xx/errors before ${bad[1]}, after ${bad[0]}` : ''}`);
  }
  for (const t of targets) { await t.s.stop(); await t.db?.drop(); }
}
console.log(`\nend: ${await machineLoad()}`);

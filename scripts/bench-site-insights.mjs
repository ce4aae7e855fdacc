#!/usr/bin/env node
// The cost of site Insights on the published site's hot path: every page view now becomes a buffered event (visitor
// HMAC, user agent parsed, a row queued; written 500 at a time by one insert statement). One cached page under
// autocannon, server CPU per request (the figure that holds on a shared machine) and the events stored, for this
// build and another (default /work/wt/base) alternating — base, this, this, base — so both orders and an A/A pair
// of each are measured.
// Usage: (pnpm build both first) node scripts/bench-site-insights.mjs [--base=/work/wt/base] [--duration=4] [--connections=20] [--rounds=1] [--pg]
//        node scripts/bench-site-insights.mjs --record [--events=50000] [--pg]: recordServerEvent alone, then the
//        flush (one insert a 500 events) — this process's CPU per event, each part apart (the database's own CPU on
//        PostgreSQL is not counted).
import { apiCaller, ADMIN_TOKEN, arg, createPgDatabase, load, machineLoad, median, root, startBindery, startInProcess } from './bench-lib.mjs';

const baseRoot = arg('base', '/work/wt/base');
const duration = Number(arg('duration', 4));
const connections = Number(arg('connections', 20));
const rounds = Number(arg('rounds', 1));
const usePg = process.argv.includes('--pg');
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

if (process.argv.includes('--record')) {
  const events = Number(arg('events', 50000));
  const pg = usePg ? await createPgDatabase('bindery_ins23_record_bench') : undefined;
  const s = await startInProcess({ token: ADMIN_TOKEN, databaseUrl: pg?.url });
  const api = apiCaller(s.server.url, ADMIN_TOKEN);
  const org = await api('POST', '/v1/orgs', { title: 'Bench' });
  const site = await api('POST', `/v1/orgs/${org.id}/sites`, { title: 'Bench site' });
  const { recordServerEvent, flushInsights } = await s.load('services/site-insights.js');
  const ctx = s.server.ctx;
  console.log(`${usePg ? 'PostgreSQL' : 'SQLite'}; ${events} events a run; ${await machineLoad()}`);
  for (let round = 0; round < 3; round++) {
    let c0 = process.cpuUsage();
    // 1,000 visitors (addresses), a page each time: the buffer takes them (a write starts every 500).
    for (let i = 0; i < events; i++) {
      recordServerEvent(ctx, { siteId: site.id, type: 'page_view', location: { url: `https://docs.example.com/page-${i % 50}?utm_source=x`, siteSpace: 'ss', space: 'sp', page: `p${i % 50}` }, ip: `10.0.${(i % 1000) >> 8}.${i % 256}`, userAgent: BROWSER, referrer: 'https://www.example.org/', language: 'en', authenticated: false });
    }
    const r = process.cpuUsage(c0);
    await flushInsights(ctx);
    const c = process.cpuUsage(c0);
    console.log(`record ${((r.user + r.system) / events).toFixed(2)} + write ${((c.user + c.system - r.user - r.system) / events).toFixed(2)} µs CPU an event`);
  }
  const n = await api('POST', `/v1/orgs/${org.id}/sites/${site.id}/insights/events/aggregate`, { range: 'last24Hours', select: [{ column: 'eventsCount' }] });
  const t0 = process.hrtime.bigint();
  const q = await api('POST', `/v1/orgs/${org.id}/sites/${site.id}/insights/events/aggregate`, { range: 'last24Hours', groupBy: [{ column: 'page' }], where: [{ column: 'visitorBot', values: [null] }] });
  console.log(`${n.columns[0].values[0]} events stored; page views per page over them: ${(Number(process.hrtime.bigint() - t0) / 1e6).toFixed(0)} ms wall (${q.columns[0].values.length} rows); ${await machineLoad()}`);
  await s.stop();
  await pg?.drop();
  process.exit(0);
}

async function measure(serverRoot) {
  const pg = usePg ? await createPgDatabase('bindery_ins23_bench_insights') : undefined;
  const bindery = await startBindery({ databaseUrl: pg?.url, serverRoot });
  const api = apiCaller(bindery.url, ADMIN_TOKEN);
  try {
    const org = await api('POST', '/v1/orgs', { title: 'Bench' });
    const space = await api('POST', `/v1/orgs/${org.id}/spaces`, { title: 'Docs' });
    await api('POST', `/v1/spaces/${space.id}/content/edits`, { edits: Array.from({ length: 5 }, (_, i) => ({ op: 'createPage', page: { id: `bench-page-${i}`, title: `Page ${i}`, markdown: `Page ${i}.\n\n## Usage\n\nText.\n` } })) });
    const site = await api('POST', `/v1/orgs/${org.id}/sites`, { title: 'Bench docs', spaces: [space.id] });
    await api('POST', `/v1/orgs/${org.id}/sites/${site.id}/publish`);
    const path = `/sites/${site.id}/page-2`;
    const headers = { 'user-agent': BROWSER };
    await load(bindery.url, { connections, duration: 1, path, headers });
    const r = await load(bindery.url, { connections, duration, path, headers, pids: [bindery.pid] });
    if (r.non2xx || r.errors) throw new Error(`non-2xx ${r.non2xx}, errors ${r.errors}`);
    // The events the build stored (none before Insights: the operation answers 404 or 501 there).
    await new Promise((res) => setTimeout(res, 1500));
    const agg = await fetch(`${bindery.url}/v1/orgs/${org.id}/sites/${site.id}/insights/events/aggregate`, { method: 'POST', headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' }, body: JSON.stringify({ range: 'last24Hours', select: [{ column: 'eventsCount' }] }) });
    r.events = agg.status === 200 ? (await agg.json()).columns[0].values[0] : 0;
    return r;
  } finally {
    await bindery.stop();
    await pg?.drop();
  }
}

console.log(`${usePg ? 'PostgreSQL' : 'SQLite'}; autocannon c=${connections}, ${duration} s a run; ${await machineLoad()}`);
const results = { base: [], this: [] };
for (let i = 0; i < rounds; i++) {
  for (const [name, at] of [['base', baseRoot], ['this', root], ['this', root], ['base', baseRoot]]) {
    const r = await measure(at);
    results[name].push(r);
    console.log(`${name.padEnd(5)} ${r.cpuPerRequest.toFixed(1).padStart(7)} µs CPU/request ${Math.round(r.rps).toString().padStart(6)} req/s ${String(r.events).padStart(7)} events stored   (${await machineLoad()})`);
  }
}
const m = (name) => median(results[name].map((r) => r.cpuPerRequest));
console.log(`median CPU/request: base ${m('base').toFixed(1)} µs, this ${m('this').toFixed(1)} µs, this/base ${(m('this') / m('base')).toFixed(3)}`);

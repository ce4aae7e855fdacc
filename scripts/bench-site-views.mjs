#!/usr/bin/env node
// The cost of `site_view` events on the published site's hot path when no integration wants the site's views: the
// statement every site request makes now also says whether one does (sitesRepo.withSpaceHeads, `views_wanted`). One
// cached page under autocannon, server CPU per request (the figure that holds on a shared machine), for this build
// and another (default /work/wt/base) alternating — base, this, this, base — so both orders and an A/A pair of each
// are measured. The organization has an integration installed on its spaces (space_selection all, site_selection
// selected, no site bound) so the subquery has an installation to look at.
// Usage: (pnpm build both first) node scripts/bench-site-views.mjs [--base=/work/wt/base] [--duration=4] [--connections=20] [--rounds=2] [--pg]
//        node scripts/bench-site-views.mjs --read [--reads=20000] [--pg]: the statement alone (sitesRepo.withSpaceHeads
//        of a three-space site), both builds in this process, alternating; CPU of this process per read (on PostgreSQL
//        the backend's is not counted).
import { join } from 'node:path';
import { apiCaller, ADMIN_TOKEN, arg, createPgDatabase, load, machineLoad, median, root, startBindery, startInProcess } from './bench-lib.mjs';

const baseRoot = arg('base', '/work/wt/base');
const duration = Number(arg('duration', 4));
const connections = Number(arg('connections', 20));
const rounds = Number(arg('rounds', 2));
const usePg = process.argv.includes('--pg');
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

if (process.argv.includes('--read')) {
  const reads = Number(arg('reads', 20000));
  const inst = {};
  for (const [name, distDir] of [['base', join(baseRoot, 'apps/server/dist')], ['this', join(root, 'apps/server/dist')]]) {
    const pg = usePg ? await createPgDatabase('bindery_site23_readbench') : undefined;
    const s = await startInProcess({ distDir, token: ADMIN_TOKEN, databaseUrl: pg?.url });
    const api = apiCaller(s.server.url, ADMIN_TOKEN);
    const org = await api('POST', '/v1/orgs', { title: 'Bench' });
    const spaces = [];
    for (let i = 0; i < 3; i++) spaces.push((await api('POST', `/v1/orgs/${org.id}/spaces`, { title: `Space ${i}` })).id);
    const site = await api('POST', `/v1/orgs/${org.id}/sites`, { title: 'Bench site', spaces });
    await api('POST', `/v1/orgs/${org.id}/sites/${site.id}/publish`);
    await api('POST', `/v1/integrations/bench-views-${name}`, { organization: org.id, title: 'Views', description: 'Bench', script: 'export default { async fetch() { return new Response("OK"); } };', scopes: ['site:views:read'] });
    const i = await api('POST', `/v1/integrations/bench-views-${name}/installations`, { organization: org.id });
    await api('PATCH', `/v1/integrations/bench-views-${name}/installations/${i.id}`, { site_selection: 'selected' });
    const { sitesRepo } = await s.load('repos/sites.repo.js');
    inst[name] = { run: () => sitesRepo.withSpaceHeads(s.server.ctx.db, { id: site.id }), s, pg };
  }
  console.log(`${usePg ? 'PostgreSQL' : 'SQLite'}; ${reads} reads a run; ${await machineLoad()}`);
  const out = { base: [], this: [] };
  for (let r = 0; r < rounds; r++) for (const name of r % 2 ? ['this', 'base', 'base', 'this'] : ['base', 'this', 'this', 'base']) {
    for (let k = 0; k < reads / 40; k++) await inst[name].run();
    const c0 = process.cpuUsage();
    for (let k = 0; k < reads; k++) await inst[name].run();
    const c = process.cpuUsage(c0);
    out[name].push((c.user + c.system) / reads);
    console.log(`${name.padEnd(5)} ${((c.user + c.system) / reads).toFixed(2)} µs CPU a read`);
  }
  console.log(`median base ${median(out.base).toFixed(2)}, this ${median(out.this).toFixed(2)} µs; ${await machineLoad()}`);
  for (const x of Object.values(inst)) {
    await x.s.stop();
    await x.pg?.drop();
  }
  process.exit(0);
}

async function measure(serverRoot) {
  const pg = usePg ? await createPgDatabase('bindery_site23_bench_views') : undefined;
  const bindery = await startBindery({ databaseUrl: pg?.url, serverRoot });
  const api = apiCaller(bindery.url, ADMIN_TOKEN);
  try {
    const org = await api('POST', '/v1/orgs', { title: 'Bench' });
    const space = await api('POST', `/v1/orgs/${org.id}/spaces`, { title: 'Docs' });
    await api('POST', `/v1/spaces/${space.id}/content/edits`, { edits: Array.from({ length: 5 }, (_, i) => ({ op: 'createPage', page: { id: `bench-page-${i}`, title: `Page ${i}`, markdown: `Page ${i}.\n\n## Usage\n\nText.\n` } })) });
    const site = await api('POST', `/v1/orgs/${org.id}/sites`, { title: 'Bench docs', spaces: [space.id] });
    await api('POST', `/v1/orgs/${org.id}/sites/${site.id}/publish`);
    await api('POST', '/v1/integrations/bench-views', { organization: org.id, title: 'Views', description: 'Bench', script: 'export default { async fetch() { return new Response("OK"); } };', scopes: ['site:views:read', 'space:content:read'] });
    const inst = await api('POST', '/v1/integrations/bench-views/installations', { organization: org.id });
    await api('PATCH', `/v1/integrations/bench-views/installations/${inst.id}`, { space_selection: 'all', site_selection: 'selected' });
    const path = `/sites/${site.id}/page-2`;
    const headers = { 'user-agent': BROWSER };
    await load(bindery.url, { connections, duration: 1, path, headers });
    const r = await load(bindery.url, { connections, duration, path, headers, pids: [bindery.pid] });
    if (r.non2xx || r.errors) throw new Error(`non-2xx ${r.non2xx}, errors ${r.errors}`);
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
    console.log(`${name.padEnd(5)} ${r.cpuPerRequest.toFixed(1).padStart(7)} µs CPU/request ${Math.round(r.rps).toString().padStart(6)} req/s   (${await machineLoad()})`);
  }
}
const m = (name) => median(results[name].map((r) => r.cpuPerRequest));
console.log(`median CPU/request: base ${m('base').toFixed(1)} µs, this ${m('this').toFixed(1)} µs, this/base ${(m('this') / m('base')).toFixed(3)}`);

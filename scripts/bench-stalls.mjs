#!/usr/bin/env node
// Where the event loop stalls while large pages are written: runs Bindery in this process, samples the main
// thread with the V8 profiler (workers are not sampled: their work does not stall anyone), writes realistic pages
// of 1 MB (create, then edit, then a read of the page list) and reports the longest gaps between timer ticks with
// the functions that ran during each gap (self time of the samples taken in it).
//
// With --site, the space is also published as a site and each page is read there once it is written (a first
// render of the published page: no page, tree or render cached).
//
// Usage: pnpm --filter @bindery/server build && node scripts/bench-stalls.mjs [--pg=postgres://…] [--size=1000] [--top=6] [--site]
import { Session } from 'node:inspector/promises';
import { arg, monoMs as mono, profileSamples, stallTicker, startInProcess } from './bench-lib.mjs';

const pgUrl = arg('pg', undefined);
const sizeKb = Number(arg('size', 1000));
const topGaps = Number(arg('top', 6));
const withSite = process.argv.includes('--site');
const TOKEN = 'bdy_bench_admin_token_0123456789abcdef';
const { server, load, stop } = await startInProcess({ prefix: 'bindery-stalls-', token: TOKEN, databaseUrl: pgUrl, env: { BINDERY_CONTENT_BUDGET_MS: process.env.BINDERY_CONTENT_BUDGET_MS ?? '20000' } });
const { realisticPage } = await load('testing/docs-corpus.js');
async function api(method, path, body) {
  const res = await fetch(server.url + path, { method, headers: { authorization: `Bearer ${TOKEN}`, ...(body ? { 'content-type': 'application/json' } : {}) }, body: body ? JSON.stringify(body) : undefined });
  const text = await res.text();
  return { status: res.status, bytes: text.length, body: text ? JSON.parse(text) : undefined };
}
// Gaps between ticks of a 2 ms timer, with their start and end in ms of the monotonic clock (the profiler's clock).
const ticker = stallTicker();
const gaps = ticker.gaps;
const session = new Session();
session.connect();
try {
  const org = (await api('POST', '/v1/orgs', { title: 'Stalls' })).body;
  const space = (await api('POST', `/v1/orgs/${org.id}/spaces`, { title: 'Stalls' })).body;
  const base = `/v1/spaces/${space.id}`;
  const kinds = ['page 1', 'page 2', 'page 3'];
  const site = withSite ? (await api('POST', `/v1/orgs/${org.id}/sites`, { title: 'Stalls', spaces: [space.id] })).body : undefined;
  if (site) await api('POST', `/v1/orgs/${org.id}/sites/${site.id}/publish`);
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 200 });
  await session.post('Profiler.start');
  const t0 = performance.now();
  const m0 = mono();
  const steps = [];
  for (const [i, kind] of kinds.entries()) {
    const md = realisticPage(sizeKb * 1024, 7 + i);
    let s = performance.now();
    const c = await api('POST', `${base}/content/pages`, { title: `Page ${kind}`, markdown: md });
    steps.push({ step: `create ${kind}`, status: c.status, bytes: c.bytes, ms: performance.now() - s });
    s = performance.now();
    const u = await api('PATCH', `${base}/content/page/${c.body.id}`, { markdown: md.replace(/\n## /, '\n## Edited ') });
    steps.push({ step: `edit ${kind}`, status: u.status, bytes: u.bytes, ms: performance.now() - s });
    s = performance.now();
    const r = await api('GET', `${base}/content/page/${c.body.id}?format=markdown`);
    steps.push({ step: `read ${kind} (markdown)`, status: r.status, bytes: r.bytes, ms: performance.now() - s });
    if (site) {
      s = performance.now();
      const html = await fetch(`${server.url}/sites/${site.id}/${c.body.path}`);
      const bytes = (await html.text()).length;
      steps.push({ step: `published ${kind} (first render)`, status: html.status, bytes, ms: performance.now() - s });
    }
  }
  const total = performance.now() - t0;
  const { profile } = await session.post('Profiler.stop');
  for (const s of steps) console.log(`${s.step.padEnd(32)} ${String(s.status).padEnd(4)} ${s.ms.toFixed(0).padStart(6)} ms  response ${(s.bytes / 1024).toFixed(0)} KB`);
  // Sample times in ms of the profiler's clock, the clock of the stalls.
  const { byId, label, times } = profileSamples(profile);
  const inRun = gaps.filter((g) => g.from >= m0 - 5);
  inRun.sort((a, b) => b.ms - a.ms);
  const stalled = inRun.reduce((a, g) => a + g.ms, 0);
  console.log(`\n${inRun.length} stalls over 20 ms in ${total.toFixed(0)} ms (${stalled.toFixed(0)} ms stalled); the longest ${topGaps}:`);
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  for (const g of inRun.slice(0, topGaps)) {
    const self = new Map();
    const owner = new Map();
    for (let i = 0; i < profile.samples.length; i++) {
      const at = times[i];
      if (at < g.from || at > g.to) continue;
      const id = profile.samples[i];
      const k = label(id);
      self.set(k, (self.get(k) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
      // the nearest Bindery frame above the sample, to say which of our code asked for it
      let p = id;
      while (p && !/apps\/server\/dist/.test(byId.get(p).callFrame.url)) p = parent.get(p);
      if (p) owner.set(label(p), (owner.get(label(p)) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
    }
    console.log(`  ${g.ms.toFixed(0)} ms stall:`);
    for (const [k, v] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 5)) console.log(`     ${v.toFixed(1).padStart(7)} ms  ${k}`);
    console.log('     nearest Bindery frames:');
    for (const [k, v] of [...owner].sort((a, b) => b[1] - a[1]).slice(0, 4)) console.log(`     ${v.toFixed(1).padStart(7)} ms  ${k}`);
  }
} finally {
  ticker.stop();
  session.disconnect();
  await stop();
}

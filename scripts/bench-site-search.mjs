#!/usr/bin/env node
// The published site's search and huge-page renders against the event loop, build against build in one run
// (`node scripts/bench-site.mjs --search`, which runs this file once per build, alternating, in processes of their
// own). Each child runs Bindery in its own process (the server in the child, so perf_hooks sees its loop), makes a
// site of `--pages` realistic pages (`--page-kb` each, one rare word per page), and measures:
//   - the first search (the new build builds its index then; the old one reads every page's text);
//   - `--searches` searches (common words, a word of one page, a word of no page) one after another, while a probe
//     asks `/healthz` every 5 ms: search latency, the probe's latency (what others wait), and the event-loop delay
//     (monitorEventLoopDelay, resolution 2 ms);
//   - the first render of a page holding one HTML block of `--html-kb` KB: its time and the loop's delay meanwhile.
// Usage: node scripts/bench-site.mjs --search [--pages=2000] [--page-kb=8] [--searches=30] [--html-kb=1024] [--rounds=1] [--profile]
//        node scripts/bench-site-search.mjs --dist=<apps/server/dist of a build> [same options]   (one build; JSON out)
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Session } from 'node:inspector/promises';
import { apiCaller, arg, percentile as pct, profileSamples, stallTicker, startInProcess } from './bench-lib.mjs';

const distDir = arg('dist', join(new URL('..', import.meta.url).pathname, 'apps/server/dist'));
const pageCount = Number(arg('pages', 2000));
const pageKb = Number(arg('page-kb', 8));
const searches = Number(arg('searches', 30));
const htmlKb = Number(arg('html-kb', 1024));
// --profile: the V8 profiler samples the process; each stall of the loop over 20 ms is printed with what ran in it.
const profiling = process.argv.includes('--profile');
const TOKEN = 'bdy_bench_admin_token_0123456789abcdef';
const { server, load, stop } = await startInProcess({ distDir, prefix: 'bindery-site-search-', token: TOKEN });
const { realisticPage } = await load('testing/docs-corpus.js');
const api = apiCaller(server.url, TOKEN);
const ms = (ns) => ns / 1e6;

const session = profiling ? new Session() : undefined;

/** The stalls of the loop over 20 ms while `fn` ran, each with the functions that ran in it (self time). */
async function profiled(name, fn) {
  if (!session) return fn();
  const ticker = stallTicker();
  const gaps = ticker.gaps;
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 200 });
  await session.post('Profiler.start');
  const out = await fn();
  const { profile } = await session.post('Profiler.stop');
  ticker.stop();
  const { label, times } = profileSamples(profile);
  for (const g of gaps.sort((a, b) => b.ms - a.ms).slice(0, 4)) {
    const self = new Map();
    profile.samples.forEach((id, i) => { if (times[i] >= g.from && times[i] <= g.to) self.set(label(id), (self.get(label(id)) ?? 0) + profile.timeDeltas[i] / 1000); });
    console.error(`${name}: ${g.ms.toFixed(0)} ms stall: ${[...self].sort((a, b) => b[1] - a[1]).slice(0, 4).map(([k, v]) => `${v.toFixed(1)} ms ${k}`).join('; ')}`);
  }
  return out;
}

/** Runs `fn` while measuring the loop's delay and probing /healthz every 5 ms. */
async function measured(fn, name = '') {
  if (session && name) return measured(() => profiled(name, fn));
  const h = monitorEventLoopDelay({ resolution: 2 });
  const probes = [];
  let probing = true;
  const probe = (async () => {
    while (probing) {
      const t = performance.now();
      await (await fetch(`${server.url}/healthz`)).arrayBuffer();
      probes.push(performance.now() - t);
      await new Promise((r) => setTimeout(r, 5));
    }
  })();
  h.enable();
  const out = await fn();
  h.disable();
  probing = false;
  await probe;
  return { out, loopP99: ms(h.percentile(99)), loopMax: ms(h.max), probeP99: pct(probes, 99), probeMax: Math.max(0, ...probes) };
}

try {
  const org = await api('POST', '/v1/orgs', { title: 'Search bench' });
  const space = await api('POST', `/v1/orgs/${org.id}/spaces`, { title: 'Docs' });
  for (let i = 0; i < pageCount; i += 50) {
    await api('POST', `/v1/spaces/${space.id}/content/edits`, {
      edits: Array.from({ length: Math.min(50, pageCount - i) }, (_, k) => ({
        op: 'createPage', page: { id: `bench-page-${i + k}`, title: `Topic ${i + k}`, markdown: `Marker qz${i + k}x.\n\n${realisticPage(pageKb * 1024, 7 + i + k)}` },
      })),
    });
  }
  let html = '<div>\n';
  for (let i = 0; html.length < htmlKb * 1024; i++) html += `<p align="center"><a href="https://example.com/${i}">Link <strong>${i}</strong></a> text &amp; more <img src="https://example.com/a${i}.png" alt="i"> <span>w</span></p>\n`;
  await api('POST', `/v1/spaces/${space.id}/content/edits`, { edits: [{ op: 'createPage', page: { id: 'bench-huge-html', title: 'Huge HTML', markdown: `Before.\n\n${html}</div>\n\nAfter.\n` } }] });
  const site = await api('POST', `/v1/orgs/${org.id}/sites`, { title: 'Search bench', spaces: [space.id] });
  await api('POST', `/v1/orgs/${org.id}/sites/${site.id}/publish`);
  const base = `${server.url}/sites/${site.id}`;
  await (await fetch(`${base}/`)).arrayBuffer(); // the revision's tree loaded (not what is measured)
  const search = async (q) => {
    const t = performance.now();
    const r = await fetch(`${base}/~search?q=${encodeURIComponent(q)}`, { headers: { accept: 'application/json' } });
    const body = await r.json();
    return { ms: performance.now() - t, hits: body.results.length };
  };
  session?.connect();
  const first = await measured(() => search('collection'), 'first search');
  const queries = Array.from({ length: searches }, (_, i) => [`qz${(i * 7919) % pageCount}x`, 'signed collection', 'nothingmatchesthis', 'webhook'][i % 4]);
  const warm = await measured(async () => {
    const out = [];
    for (const q of queries) out.push(await search(q));
    return out;
  }, 'searches');
  const hits = Object.fromEntries(queries.slice(0, 4).map((q, i) => [q.startsWith('qz') ? 'one page' : q, warm.out[i].hits]));
  const render = await measured(async () => {
    const t = performance.now();
    const r = await fetch(`${base}/huge-html`);
    const bytes = (await r.arrayBuffer()).byteLength;
    return { ms: performance.now() - t, status: r.status, bytes };
  }, 'huge HTML');
  console.log(JSON.stringify({
    dist: distDir,
    first: { ms: first.out.ms, hits: first.out.hits, loopP99: first.loopP99, loopMax: first.loopMax, probeMax: first.probeMax },
    warm: { medianMs: pct(warm.out.map((x) => x.ms), 50), p95Ms: pct(warm.out.map((x) => x.ms), 95), hits, loopP99: warm.loopP99, loopMax: warm.loopMax, probeP99: warm.probeP99, probeMax: warm.probeMax },
    html: { ms: render.out.ms, status: render.out.status, kb: Math.round(render.out.bytes / 1024), loopP99: render.loopP99, loopMax: render.loopMax, probeMax: render.probeMax },
  }));
} finally {
  session?.disconnect();
  await stop();
}

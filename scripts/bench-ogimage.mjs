#!/usr/bin/env node
// The published site's social image (`~gitbook/ogimage/<pageId>`, a 1200×630 PNG: apps/server/src/site/og-png.ts):
// what drawing it costs and whether it keeps the event loop free. Figures are ratios to baselines of the same run
// where one exists, with the machine's load printed (the machine may be shared: wall time mostly measures it).
//   1. In this process, from the build: the first image (the fonts parsed: once per worker thread), then each kind of
//      title (long Latin, dark with a site space, Arabic, CJK and emoji left out) as the median CPU time of --renders
//      drawings, against the baseline of the PNG writer alone on a blank canvas (encodePng: deflate of 2.27 MB of
//      pixels); PNG sizes; heap and RSS after the drawings (nothing kept between drawings).
//   2. Over HTTP, Bindery as in production (`node apps/server/dist/main.js`, bench-lib.mjs startBindery, SQLite): the
//      social images of --pages pages, each drawn once (sequential, then --connections at once after a rename of
//      every page), then the same again from the server's cache, then 304s to their entity tags; while the concurrent
//      drawings run, a probe GETs the site's robots.txt in a loop: its latency against the same probe on the idle
//      server (p50, p99, max) — the drawings run on the content worker pool, not the event loop.
// Usage: (pnpm build first) node scripts/bench-ogimage.mjs [--renders=20] [--pages=40] [--connections=8]
import { apiCaller, ADMIN_TOKEN, arg, dist, machineLoad, median, percentile, startBindery } from './bench-lib.mjs';

const renders = Number(arg('renders', 20));
const pageCount = Number(arg('pages', 40));
const connections = Number(arg('connections', 8));
const cpuMs = (fn) => {
  const t = process.cpuUsage();
  fn();
  const d = process.cpuUsage(t);
  return (d.user + d.system) / 1000;
};
const f = (x, d = 1) => x.toFixed(d);

console.log(`Node ${process.version}; ${await machineLoad()}`);
const { ogImagePng, encodePng } = await dist('site/og-png.js');
const base = { siteTitle: 'Acme Docs', pageTitle: 'Configuring the extraordinarily long-named subsystem of the platform for production deployments', description: 'Start here with the widget: a description long enough to need two lines of the social image, so that wrapping is measured too.', primary: '#E11D48', dark: false, icon: { initial: 'A', color: '#E11D48' } };
const cases = {
  'latin, 3+2 lines': base,
  'dark, site space': { ...base, dark: true, spaceTitle: 'Version two', primary: 'hsl(200, 80%, 50%)' },
  arabic: { ...base, pageTitle: 'مرحبا بالعالم: دليل البدء السريع للمطورين', description: 'وصف قصير باللغة العربية' },
  'cjk+emoji (left out)': { ...base, pageTitle: '設定ガイド：本番環境へのデプロイ 🚀', description: 'Mixed 中文 text with emoji 🎉 and Ελληνικά, Кириллица' },
};
const first = cpuMs(() => ogImagePng(base));
const blank = new Uint8Array(1200 * 630 * 3).fill(255);
for (let i = 0; i < 3; i++) encodePng(blank, 1200, 630);
const encode = median(Array.from({ length: renders }, () => cpuMs(() => encodePng(blank, 1200, 630))));
console.log(`\n1. in process: first image ${f(first)} ms CPU (fonts parsed); baseline: PNG writer alone on a blank canvas ${f(encode)} ms CPU (median of ${renders})`);
const heap0 = process.memoryUsage();
for (const [name, input] of Object.entries(cases)) {
  ogImagePng(input);
  let size = 0;
  const ms = median(Array.from({ length: renders }, () => cpuMs(() => { size = ogImagePng(input).length; })));
  console.log(`   ${name.padEnd(22)} ${f(ms).padStart(6)} ms CPU (${f(ms / encode, 2)}x the PNG writer alone), ${f(size / 1024)} KB`);
}
const heap1 = process.memoryUsage();
console.log(`   after ${renders * 4 + 4} drawings: heap used ${f(heap0.heapUsed / 2 ** 20)} -> ${f(heap1.heapUsed / 2 ** 20)} MB, RSS ${f(heap0.rss / 2 ** 20)} -> ${f(heap1.rss / 2 ** 20)} MB; ${await machineLoad()}`);

const bindery = await startBindery({});
const api = apiCaller(bindery.url, ADMIN_TOKEN);
try {
  const org = await api('POST', '/v1/orgs', { title: 'Bench' });
  const space = await api('POST', `/v1/orgs/${org.id}/spaces`, { title: 'Docs' });
  const title = (i, round) => `Page ${i} of the widget guide: configuring the ${round} subsystem for production`;
  await api('POST', `/v1/spaces/${space.id}/content/edits`, { edits: Array.from({ length: pageCount }, (_, i) => ({ op: 'createPage', page: { id: `og-page-${i}`, title: title(i, 'first'), description: `Description of page ${i}.`, markdown: `Page ${i}.\n` } })) });
  const site = await api('POST', `/v1/orgs/${org.id}/sites`, { title: 'Bench docs', visibility: 'public', spaces: [space.id] });
  await api('POST', `/v1/orgs/${org.id}/sites/${site.id}/publish`);
  const paths = Array.from({ length: pageCount }, (_, i) => `/sites/${site.id}/~gitbook/ogimage/og-page-${i}`);
  const etags = new Map();
  const getAll = async (concurrency, headers = () => ({}), expect = 200) => {
    let next = 0;
    const t0 = performance.now();
    await Promise.all(Array.from({ length: concurrency }, async () => {
      while (next < paths.length) {
        const p = paths[next++];
        const r = await fetch(bindery.url + p, { headers: headers(p) });
        await r.arrayBuffer();
        if (r.status !== expect) throw new Error(`${p}: ${r.status}`);
        etags.set(p, r.headers.get('etag'));
      }
    }));
    return (performance.now() - t0) / paths.length;
  };
  const probe = async (until) => {
    const times = [];
    while (!until()) {
      const t0 = performance.now();
      await (await fetch(`${bindery.url}/sites/${site.id}/robots.txt`)).arrayBuffer();
      times.push(performance.now() - t0);
    }
    return times;
  };
  // Warm: the first image (the worker parses the fonts), and the probe's route.
  await fetch(bindery.url + paths[0]).then((r) => r.arrayBuffer());
  let stop = false;
  setTimeout(() => (stop = true), 2000);
  const idle = await probe(() => stop);
  const seq = await getAll(1);
  const rename = (round) => api('POST', `/v1/spaces/${space.id}/content/edits`, { edits: Array.from({ length: pageCount }, (_, i) => ({ op: 'updatePage', pageId: `og-page-${i}`, page: { title: title(i, round) } })) });
  await rename('second');
  let done = false;
  const probing = probe(() => done);
  const conc = await getAll(connections);
  done = true;
  const busy = await probing;
  const cached = await getAll(1);
  const notModified = await getAll(1, (p) => ({ 'if-none-match': etags.get(p) }), 304);
  const stats = (xs) => `p50 ${f(percentile(xs, 50))} p99 ${f(percentile(xs, 99))} max ${f(Math.max(...xs))} ms (${xs.length})`;
  console.log(`\n2. over HTTP, ${pageCount} pages: drawn ${f(seq)} ms/image sequential, ${f(conc)} ms/image with ${connections} at once (after a rename of every page); ` +
    `from the cache ${f(cached, 2)} ms/image (${f(seq / cached)}x faster), 304 ${f(notModified, 2)} ms`);
  console.log(`   probe (robots.txt) idle: ${stats(idle)}\n   probe while drawing:     ${stats(busy)}\n   ${await machineLoad()}`);
} finally {
  await bindery.stop();
}

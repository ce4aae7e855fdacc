#!/usr/bin/env node
// Published-site throughput, as ratios to a baseline measured in the same run (never absolute targets). Bindery runs
// as in production (`node apps/server/dist/main.js`, a child process, logging at info to a pipe; bench-lib.mjs); the
// baseline is node:http in its own process answering the same bytes (bench-mirror.mjs `bare`).
//   - cached: one published page, and a walk over every page, under autocannon (the whole page from the page cache;
//     each request still reads the site row and its spaces' heads, so changes show at once);
//   - uncached: after each edit of the space (a new revision: no page, tree or render cached), every page once, with
//     the same concurrency; throughput = pages / elapsed time;
//   - sequential first renders vs cached renders (ms per page).
// Usage: (pnpm build first) node scripts/bench-site.mjs [--pages=100] [--duration=5] [--connections=20] [--rounds=3] [--pg]
//        node scripts/bench-site.mjs --search [--pages=2000] [--page-kb=8] [--searches=30] [--html-kb=1024] [--rounds=1] [--base=/work/wt/base]
// With --search: the site's search and a huge HTML block's first render against the event loop, this build against
// /work/wt/base (or --base=<worktree>), alternating, with an A/A pair of the base (scripts/bench-site-search.mjs).
import { execFileSync } from 'node:child_process';
import { ADMIN_TOKEN, arg, createPgDatabase, load, machineLoad, median, startBindery, startMirror } from './bench-lib.mjs';

if (process.argv.includes('--search')) {
  const here = new URL('..', import.meta.url).pathname;
  const builds = [['base', `${arg('base', '/work/wt/base')}/apps/server/dist`], ['this', `${here}apps/server/dist`], ['base (A/A)', `${arg('base', '/work/wt/base')}/apps/server/dist`]];
  const passOn = process.argv.slice(2).filter((a) => /^--(pages|page-kb|searches|html-kb)=/.test(a));
  console.log(`${await machineLoad()}`);
  const f = (x) => x.toFixed(1).padStart(7);
  for (let r = 0; r < Number(arg('rounds', 1)); r++) {
    for (const [name, dist] of builds) {
      const out = JSON.parse(execFileSync(process.execPath, [`${here}scripts/bench-site-search.mjs`, `--dist=${dist}`, ...passOn], { encoding: 'utf8', maxBuffer: 1 << 24 }).trim().split('\n').pop());
      console.log(`${name.padEnd(11)} first search ${f(out.first.ms)} ms (loop max ${f(out.first.loopMax)}, probe max ${f(out.first.probeMax)}) | ` +
        `searches median ${f(out.warm.medianMs)} p95 ${f(out.warm.p95Ms)} ms, loop p99 ${f(out.warm.loopP99)} max ${f(out.warm.loopMax)}, probe p99 ${f(out.warm.probeP99)} max ${f(out.warm.probeMax)} ms ${JSON.stringify(out.warm.hits)} | ` +
        `huge HTML ${out.html.kb} KB first render ${f(out.html.ms)} ms, loop max ${f(out.html.loopMax)}, probe max ${f(out.html.probeMax)}`);
    }
  }
  process.exit(0);
}

const pageCount = Number(arg('pages', 100));
const duration = Number(arg('duration', 5));
const connections = Number(arg('connections', 20));
const rounds = Number(arg('rounds', 3));
const usePg = process.argv.includes('--pg');

const page = (i) => `Intro to topic ${i}.\n\n## Usage\n\nCall \`widget.run(${i})\` and read [the next page](page-${i + 1}.md).\n\n` +
  Array.from({ length: 20 }, (_, k) => `Paragraph ${k} of page ${i}: *emphasis*, **strong**, a [link](https://example.com/${k}).`).join('\n\n') +
  '\n\n{% tabs %}\n{% tab title="npm" %}\n```bash\nnpm install widget\n```\n{% endtab %}\n\n{% tab title="yarn" %}\n```bash\nyarn add widget\n```\n{% endtab %}\n{% endtabs %}\n\n' +
  '```js\n// start it\nconst x = await widget.start({ port: 8080 });\nconsole.log(x);\n```\n\n{% hint style="info" %}\nA hint.\n{% endhint %}\n\n| a | b |\n| - | - |\n| 1 | 2 |\n';

const pg = usePg ? await createPgDatabase('bindery_bench_site') : undefined;
const bindery = await startBindery({ databaseUrl: pg?.url });
const api = async (method, path, body) => {
  const r = await fetch(`${bindery.url}${path}`, { method, headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' }, body: body && JSON.stringify(body) });
  if (r.status >= 300) throw new Error(`${method} ${path}: ${r.status} ${await r.text()}`);
  return r.status === 204 ? undefined : r.json();
};
let mirror;
try {
  const org = await api('POST', '/v1/orgs', { title: 'Bench' });
  const space = await api('POST', `/v1/orgs/${org.id}/spaces`, { title: 'Docs' });
  for (let i = 0; i < pageCount; i += 50) {
    await api('POST', `/v1/spaces/${space.id}/content/edits`, { edits: Array.from({ length: Math.min(50, pageCount - i) }, (_, k) => ({ op: 'createPage', page: { id: `bench-page-${i + k}`, title: `Page ${i + k}`, markdown: page(i + k) } })) });
  }
  const site = await api('POST', `/v1/orgs/${org.id}/sites`, { title: 'Bench docs', spaces: [space.id] });
  await api('POST', `/v1/orgs/${org.id}/sites/${site.id}/publish`);
  const base = `/sites/${site.id}`;
  const paths = [`${base}/`, ...Array.from({ length: pageCount - 1 }, (_, i) => `${base}/page-${i + 1}`)];
  const one = paths[1];

  const fetchAll = async (concurrency) => {
    let next = 0;
    const worker = async () => {
      while (next < paths.length) {
        const p = paths[next++];
        const r = await fetch(bindery.url + p);
        if (r.status !== 200) throw new Error(`${p}: ${r.status}`);
        await r.arrayBuffer();
      }
    };
    const t0 = performance.now();
    await Promise.all(Array.from({ length: concurrency }, worker));
    return performance.now() - t0;
  };
  const edit = (n) => api('PATCH', `/v1/spaces/${space.id}/content/page/bench-page-0`, { markdown: `Edited ${n}.\n` });

  console.log(`Node ${process.version}; ${usePg ? 'PostgreSQL' : 'SQLite'}; ${pageCount} pages; autocannon c=${connections}, ${duration}s per run; ${await machineLoad()}\n`);
  await edit('seq');
  const uncachedSeq = (await fetchAll(1)) / paths.length;
  const cachedSeq = (await fetchAll(1)) / paths.length;
  console.log(`sequential: first render ${uncachedSeq.toFixed(2)} ms/page, cached ${cachedSeq.toFixed(2)} ms/page (${(uncachedSeq / cachedSeq).toFixed(1)}×)`);

  const bytes = Buffer.from(await (await fetch(bindery.url + one)).arrayBuffer());
  mirror = await startMirror('bare', paths.map((p) => ({ method: 'GET', path: p, status: 200, contentType: 'text/html; charset=utf-8', body: bytes.toString('base64') })));
  // The machine may be shared: static and published runs alternate, and each ratio is taken within a pair of
  // neighbouring runs (median over the rounds).
  await load(mirror.url, { connections, duration: 1, path: one });
  await load(bindery.url, { connections, duration: 1, path: one });
  const pairs = [];
  for (let r = 0; r < rounds; r++) {
    const staticRun = await load(mirror.url, { connections, duration, path: one });
    const cached = await load(bindery.url, { connections, duration, path: one });
    const walk = await load(bindery.url, { connections, duration, requests: paths.map((p) => ({ method: 'GET', path: p })) });
    pairs.push({ staticRun, cached, walk });
  }
  const staticRun = { rps: median(pairs.map((p) => p.staticRun.rps)) };
  const uncachedRates = [];
  for (let r = 0; r < rounds; r++) {
    await edit(r);
    uncachedRates.push((paths.length / (await fetchAll(connections))) * 1000);
  }
  const uncached = median(uncachedRates);
  const ratios = (pick) => pairs.map((p) => pick(p).rps / p.staticRun.rps);
  const fmt = (xs) => xs.map((x) => x.toFixed(3)).join(', ');
  const uncachedRatio = uncached / staticRun.rps;
  console.log('');
  console.log(`static file, node:http (same bytes)        ${pairs.map((p) => Math.round(p.staticRun.rps)).join(', ')} req/s`);
  console.log(`published page, cached                     ${pairs.map((p) => Math.round(p.cached.rps)).join(', ')} req/s   ratio median ${median(ratios((p) => p.cached)).toFixed(3)} (${fmt(ratios((p) => p.cached))})`);
  console.log(`published pages, cached, walking all ${String(pageCount).padEnd(5)} ${pairs.map((p) => Math.round(p.walk.rps)).join(', ')} req/s   ratio median ${median(ratios((p) => p.walk)).toFixed(3)} (${fmt(ratios((p) => p.walk))})`);
  console.log(`published pages, uncached (after an edit)  ${uncachedRates.map((x) => Math.round(x)).join(', ')} req/s   ratio ${uncachedRatio.toFixed(3)} (median over the median static run)`);
} finally {
  await mirror?.stop();
  await bindery.stop();
  await pg?.drop();
}

#!/usr/bin/env node
// What the published site's file check for conditional pages costs (site/router.ts fileUsageOf), in one process, one
// run, against baselines measured in the same run on the same server:
//   - two spaces of `--pages` realistic pages (`--page-kb` each), each page linking a file of its own; in the
//     "conditional" space every tenth page has a condition, in the "plain" space none (the file route does no
//     extra work there: what every space did before);
//   - the one-time build: the first request for a file of the conditional space (the pages' file usage is built
//     then), as a ratio to the first search of the same space (the search index: the existing once-per-revision
//     build of the site), and to a first request for a file of the plain space;
//   - steady state: `--requests` file requests in turn on each space, alternating; median and p95 of each, and the
//     ratio conditional / plain. An A/A pair (plain against a second plain space) gives the noise.
// Usage (from the repository root, after a build): node scripts/bench-site-files.mjs [--pages=500] [--page-kb=8] [--requests=400]
import { join } from 'node:path';
import { apiCaller, arg, percentile as pct, startInProcess } from './bench-lib.mjs';

const distDir = arg('dist', join(new URL('..', import.meta.url).pathname, 'apps/server/dist'));
const pageCount = Number(arg('pages', 500));
const pageKb = Number(arg('page-kb', 8));
const requests = Number(arg('requests', 400));
const TOKEN = 'bdy_bench_admin_token_0123456789abcdef';
const { server, load, stop } = await startInProcess({ distDir, prefix: 'bindery-site-files-', token: TOKEN });
const { realisticPage } = await load('testing/docs-corpus.js');
const call = apiCaller(server.url, TOKEN);
const timed = async (url) => {
  const t = performance.now();
  const r = await fetch(url);
  await r.arrayBuffer();
  if (r.status !== 200) throw new Error(`${url}: ${r.status}`);
  return performance.now() - t;
};

async function makeSpace(org, title, conditional) {
  const space = await call('POST', `/v1/orgs/${org}/spaces`, { title });
  const files = [];
  for (let i = 0; i < pageCount; i++) files.push((await call('POST', `/v1/spaces/${space.id}/content/files?name=f${i}.txt`, `file ${i}`, 'text/plain')).id);
  for (let i = 0; i < pageCount; i += 50) {
    await call('POST', `/v1/spaces/${space.id}/content/edits`, {
      edits: Array.from({ length: Math.min(50, pageCount - i) }, (_, k) => ({
        op: 'createPage',
        page: {
          id: `bench-page-${i + k}`, title: `Topic ${i + k}`, markdown: `[File](/files/${files[i + k]})\n\n${realisticPage(pageKb * 1024, 7 + i + k)}`,
          ...(conditional && (i + k) % 10 === 5 ? { condition: 'visitor.claims.unsigned.isPremium' } : {}),
        },
      })),
    });
  }
  const site = await call('POST', `/v1/orgs/${org}/sites`, { title, visibility: 'public', spaces: [space.id] });
  await call('POST', `/v1/orgs/${org}/sites/${site.id}/publish`);
  const base = `${server.url}/sites/${site.id}`;
  const home = await (await fetch(`${base}/`)).text(); // the revision's tree loaded (not what is measured)
  const ss = /~files\/([^/]+)\//.exec(home)?.[1];
  if (!ss) throw new Error('no file link on the home page');
  // Files of pages every visitor sees (the steady state), and one of a conditional page's (hidden: 404 to anonymous).
  const url = (i) => `${base}/~files/${ss}/${files[i]}/f${i}.txt`;
  return { base, url };
}

try {
  const org = await call('POST', '/v1/orgs', { title: 'Files bench' });
  const cond = await makeSpace(org.id, 'Conditional', true);
  const plain = await makeSpace(org.id, 'Plain', false);
  const plain2 = await makeSpace(org.id, 'Plain 2', false);

  const firstPlain = await timed(plain.url(1));
  const firstCond = await timed(cond.url(1));
  const firstSearch = await timed(`${cond.base}/~search?q=topic`);
  const hidden = await fetch(cond.url(5));
  await hidden.arrayBuffer();
  if (hidden.status !== 404) throw new Error(`a conditional page's file answered ${hidden.status}`);

  const series = { cond: [], plain: [], plain2: [] };
  for (let r = 0; r < requests; r++) {
    const i = (r * 7) % pageCount;
    const shown = i % 10 === 5 ? (i + 1) % pageCount : i;
    series.cond.push(await timed(cond.url(shown)));
    series.plain.push(await timed(plain.url(shown)));
    series.plain2.push(await timed(plain2.url(shown)));
  }
  const med = (xs) => pct(xs, 50);
  const out = {
    pages: pageCount, pageKb, requests,
    firstFileMs: { conditional: +firstCond.toFixed(1), plain: +firstPlain.toFixed(1), searchIndexFirstSearch: +firstSearch.toFixed(1) },
    firstRatios: { conditionalOverPlain: +(firstCond / firstPlain).toFixed(2), conditionalOverFirstSearch: +(firstCond / firstSearch).toFixed(2) },
    steady: {
      medianMs: { conditional: +med(series.cond).toFixed(3), plain: +med(series.plain).toFixed(3), plain2: +med(series.plain2).toFixed(3) },
      p95Ms: { conditional: +pct(series.cond, 95).toFixed(3), plain: +pct(series.plain, 95).toFixed(3), plain2: +pct(series.plain2, 95).toFixed(3) },
      ratioConditionalOverPlain: +(med(series.cond) / med(series.plain)).toFixed(3),
      ratioAA: +(med(series.plain2) / med(series.plain)).toFixed(3),
    },
  };
  console.log(JSON.stringify(out, null, 2));
} finally {
  await stop();
}

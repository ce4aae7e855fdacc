#!/usr/bin/env node
// Memory of content imports: how much the server's RSS grows while it imports an archive, as a ratio to the
// archive's size and to its unpacked size, for this build and a baseline build measured in the same run.
//
//   node scripts/bench-import-memory.mjs [--base=/work/wt/base] [--source=zip|notion|confluence|html-zip]
//        [--pages=2500] [--page-kb=16] [--assets=250] [--asset-kb=200] [--runs=1] [--aa=1] [--only=new|base]
//
// Each measurement starts a fresh server (`node apps/server/dist/main.js`, SQLite, production settings) of a build,
// creates a space, serves a generated archive from this process on loopback and imports it with POST
// …/content/import, the request answering when the import is done. The server's peak RSS (VmHWM of /proc, which
// counts every thread: the content worker pool's workers are threads of the same process) is reset just before the
// import (`clear_refs`), and the growth is that peak minus the RSS before. Heap figures are not reachable from
// outside; RSS is what an out-of-memory killer looks at.
//
// The archive: realistic documentation pages (src/testing/docs-corpus.ts, in folders, each linking its neighbours and
// using an asset) compressed by deflate, and assets (incompressible bytes, as images are) in .gitbook/assets/.
// `--aa=1` measures the baseline twice (the noise); with --base= pointing at this worktree it is a pure A/A run.
// The content time budget is raised to 30 s (BINDERY_CONTENT_BUDGET_MS): on a loaded machine a chunk of pages may
// take longer than the default 2 s, and what is measured here is memory, not time.
import { writeFileSync, readFileSync, existsSync } from 'node:fs';
import { createServer } from 'node:http';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { ADMIN_TOKEN, arg, dist, machineLoad, require, root, startBindery, procMemory as status, slowApiCall as call } from './bench-lib.mjs';

const { zipSync, strToU8 } = require('fflate');
const { realisticPage, guidePage, apiReferencePage } = await dist('testing/docs-corpus.js');

const base = arg('base', '/work/wt/base');
const source = arg('source', 'zip');
const pages = Number(arg('pages', '2500'));
const pageKb = Number(arg('page-kb', '16'));
const assets = Number(arg('assets', '250'));
const assetKb = Number(arg('asset-kb', '200'));
const runs = Number(arg('runs', '1'));
const aa = arg('aa', '1') === '1';
const only = arg('only', '');
const showTimeline = arg('timeline', '0') === '1';

const MiB = 1024 * 1024;
const fmt = (b) => `${(b / MiB).toFixed(1)} MiB`;

/** Pages as [path, text], assets as [path, bytes], in the layout of `source`. */
function archive() {
  const files = {};
  let unpacked = 0;
  const put = (path, data, level) => {
    const bytes = typeof data === 'string' ? strToU8(data) : data;
    unpacked += bytes.length;
    files[path] = [bytes, { level }];
  };
  const gen = [realisticPage, guidePage, apiReferencePage];
  const asset = (i) => (source === 'notion' || source === 'confluence' ? undefined : `.gitbook/assets/image-${i}.png`);
  const assetBytes = [];
  for (let i = 0; i < assets; i++) {
    // A PNG signature, then noise: images do not compress.
    const b = randomBytes(assetKb * 1024);
    b.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    assetBytes.push(b);
  }
  const folder = (i) => `section-${Math.floor(i / 50)}`;
  const hex = (i) => i.toString(16).padStart(32, '0');
  for (let i = 0; i < pages; i++) {
    const body = gen[i % 3](pageKb * 1024, i + 1);
    const img = assets ? i % assets : -1;
    if (source === 'zip') {
      const link = i + 1 < pages ? `\n\nNext: [page ${i + 1}](../${folder(i + 1)}/page-${i + 1}.md)\n` : '\n';
      const image = img >= 0 ? `\n![Figure ${img}](../${asset(img)})\n` : '';
      put(`docs/${folder(i)}/page-${i}.md`, `---\ndescription: Page ${i}\n---\n\n# Page ${i}\n\n${body}${image}${link}`, 6);
    } else if (source === 'notion') {
      const dir = `Export/Section ${folder(i)} ${hex(100000 + Math.floor(i / 50))}`;
      const image = img >= 0 ? `\n![Figure](${encodeURI(`Page ${i} ${hex(i)}/image-${img}.png`)})\n` : '';
      put(`${dir}/Page ${i} ${hex(i)}.md`, `# Page ${i}\n\n${body}${image}`, 6);
      if (img >= 0 && i < assets) put(`${dir}/Page ${i} ${hex(i)}/image-${img}.png`, assetBytes[img], 0);
    } else if (source === 'confluence') {
      const html = `<html><head><title>Space : Page ${i}</title></head><body><div id="main-content"><h1>Page ${i}</h1>${body.split('\n\n').map((p) => `<p>${p.replace(/[<&]/g, ' ')}</p>`).join('\n')}${img >= 0 ? `<img src="attachments/${i}/image-${img}.png">` : ''}</div></body></html>`;
      put(`Space/Page-${i}_${i + 1000}.html`, html, 6);
      if (img >= 0 && i < assets) put(`Space/attachments/${i}/image-${img}.png`, assetBytes[img], 0);
    } else if (source === 'html-zip') {
      const html = `<html><head><title>Page ${i}</title></head><body><main><h1>Page ${i}</h1>${body.split('\n\n').map((p) => `<p>${p.replace(/[<&]/g, ' ')}</p>`).join('\n')}${img >= 0 ? `<img src="../assets/image-${img}.png">` : ''}</main></body></html>`;
      put(`site/${folder(i)}/page-${i}.html`, html, 6);
    } else throw new Error(`unknown --source=${source}`);
  }
  if (source === 'zip' || source === 'html-zip') for (let i = 0; i < assets; i++) put(source === 'zip' ? `docs/${asset(i)}` : `site/assets/image-${i}.png`, assetBytes[i], 0);
  if (source === 'confluence') put('Space/index.html', '<html><body><div id="main-content">Overview</div></body></html>', 6);
  return { zip: Buffer.from(zipSync(files)), unpacked };
}


async function measure(serverRoot, zipUrl) {
  const server = await startBindery({ serverRoot, env: { BINDERY_ALLOW_PRIVATE_URLS: '1', BINDERY_CONTENT_BUDGET_MS: '30000' } });
  try {
    const admin = (m, p, b) => call(server.url, ADMIN_TOKEN, m, p, b);
    const u = await admin('POST', '/v1/users', { email: `imp-${Date.now()}@bench.example`, displayName: 'Importer' });
    const { token } = await admin('POST', `/v1/users/${u.id}/tokens`, { label: 'bench' });
    const org = await call(server.url, token, 'POST', '/v1/orgs', { title: 'Bench org' });
    const space = await call(server.url, token, 'POST', `/v1/orgs/${org.id}/spaces`, { title: 'Imported' });
    // Warm up: the worker pool started, the import code loaded (a tiny archive of the same source).
    await call(server.url, token, 'POST', `/v1/spaces/${space.id}/content/import`, { url: `${zipUrl}?small`, source: sourceName });
    await new Promise((r) => setTimeout(r, 500));
    const before = status(server.pid).rss;
    writeFileSync(`/proc/${server.pid}/clear_refs`, '5'); // resets VmHWM to the current RSS
    const t0 = Date.now();
    let sampledPeak = 0;
    // The run's stage beside the RSS (`--timeline=1`): where the memory goes.
    const timeline = [];
    let stage = 'request';
    const sampler = setInterval(() => {
      try {
        const rss = status(server.pid).rss;
        sampledPeak = Math.max(sampledPeak, rss);
        const last = timeline[timeline.length - 1];
        if (!last || last.stage !== stage) timeline.push({ stage, t: Date.now() - t0, from: rss, peak: rss });
        else last.peak = Math.max(last.peak, rss);
      } catch {}
    }, 20);
    const poller = showTimeline && setInterval(() => {
      call(server.url, token, 'GET', `/v1/org/${org.id}/imports?space=${space.id}&status=active`).then((r) => {
        const run = r.items?.[0];
        if (run?.progress?.stage) stage = run.progress.stage;
      }, () => {});
    }, 200);
    const out = await call(server.url, token, 'POST', `/v1/spaces/${space.id}/content/import`, { url: zipUrl, source: sourceName });
    const ms = Date.now() - t0;
    clearInterval(sampler);
    if (poller) clearInterval(poller);
    if (showTimeline) for (const e of timeline) console.log(`  ${String(e.t).padStart(7)} ms ${e.stage.padEnd(10)} RSS from ${fmt(e.from - before)} to peak ${fmt(e.peak - before)} above the start`);
    const after = status(server.pid);
    const peak = Math.max(after.hwm, sampledPeak);
    return { before, peak, growth: peak - before, after: after.rss, ms, imported: out.importedResources };
  } finally {
    await server.stop();
  }
}

const sourceName = source === 'html-zip' ? 'zip' : source;
console.log(`# bench-import-memory — ${await machineLoad()}`);
const { zip, unpacked } = archive();
if (arg('save')) { writeFileSync(arg('save'), zip); process.exit(0); } // the archive alone, to look at
// A small archive for the warm-up.
const small = (() => {
  const z = {};
  z[source === 'notion' ? `Warm ${'0'.repeat(32)}.md` : source === 'confluence' ? 'Warm_1.html' : source === 'html-zip' ? 'warm.html' : 'warm.md'] = [strToU8(source === 'zip' || source === 'notion' ? '# Warm\n\nUp.\n' : '<html><body><main><h1>Warm</h1><p>Up.</p></main></body></html>'), { level: 6 }];
  return Buffer.from(zipSync(z));
})();
console.log(`source ${source}: ${pages} pages of ~${pageKb} KiB, ${assets} assets of ${assetKb} KiB — archive ${fmt(zip.length)}, unpacked ${fmt(unpacked)}`);
const site = createServer((req, res) => {
  const body = req.url?.endsWith('?small') ? small : zip;
  res.writeHead(200, { 'content-type': 'application/zip', 'content-length': body.length }).end(body);
});
await new Promise((r) => site.listen(0, '127.0.0.1', r));
const zipUrl = `http://127.0.0.1:${site.address().port}/export.zip`;

const builds = [];
if (only !== 'base') builds.push(['new', root]);
if (only !== 'new') {
  if (!existsSync(join(base, 'apps/server/dist/main.js'))) throw new Error(`${base} is not built`);
  builds.push(['base', base]);
  if (aa) builds.push(['base (A/A)', base]);
}
const results = {};
for (let r = 0; r < runs; r++) {
  for (const [name, dir] of builds) {
    const m = await measure(dir, zipUrl);
    (results[name] ??= []).push(m);
    console.log(`${name.padEnd(11)} RSS before ${fmt(m.before)}, peak ${fmt(m.peak)}: growth ${fmt(m.growth)} = ${(m.growth / zip.length).toFixed(2)}× the archive, ${(m.growth / unpacked).toFixed(2)}× unpacked; after ${fmt(m.after)}; ${m.imported} resources in ${(m.ms / 1000).toFixed(1)} s`);
  }
}
const med = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const g = (name) => results[name] && med(results[name].map((m) => m.growth));
if (g('new') && g('base')) console.log(`growth new / base = ${(g('new') / g('base')).toFixed(2)}${g('base (A/A)') ? `; A/A base / base = ${(g('base (A/A)') / g('base')).toFixed(2)}` : ''}`);
site.close();

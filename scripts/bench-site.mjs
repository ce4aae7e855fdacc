#!/usr/bin/env node
// Published-site throughput, as ratios to a baseline measured in the same run (never absolute targets):
//   - a published page served from the render cache (autocannon) vs node:http serving the same bytes;
//   - first renders (uncached: each page of a new revision once, sequentially) vs cached renders of the same pages.
// Usage: (pnpm build first) node scripts/bench-site.mjs [--duration=5] [--connections=20] [--pages=200]
import { createServer } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';

const root = new URL('..', import.meta.url).pathname;
const require = createRequire(join(root, 'apps/server/package.json'));
const autocannon = require('autocannon');
const pino = require('pino');
const arg = (name, def) => Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? def);
const duration = arg('duration', 5);
const connections = arg('connections', 20);
const pageCount = arg('pages', 200);
const dist = (p) => import(pathToFileURL(join(root, 'apps/server/dist', p)).href);
const { loadConfig } = await dist('config.js');
const { startServer } = await dist('server.js');

const run = (url) => new Promise((resolve, reject) => autocannon({ url, connections, duration }, (err, r) => (err ? reject(err) : resolve(r))));
async function measure(label, url) {
  await new Promise((r) => autocannon({ url, connections, duration: 1 }, r));
  const r = await run(url);
  console.log(`${label.padEnd(40)} ${String(Math.round(r.requests.average)).padStart(7)} req/s   p50 ${r.latency.p50} ms   p99 ${r.latency.p99} ms${r.non2xx ? `   non-2xx ${r.non2xx}` : ''}`);
  return r.requests.average;
}

const page = (i) => `Intro to topic ${i}.\n\n## Usage\n\nCall \`widget.run(${i})\` and read [the next page](page-${i + 1}.md).\n\n` +
  Array.from({ length: 20 }, (_, k) => `Paragraph ${k} of page ${i}: *emphasis*, **strong**, a [link](https://example.com/${k}).`).join('\n\n') +
  '\n\n```js\nconst x = 1;\nconsole.log(x);\n```\n\n{% hint style="info" %}\nA hint.\n{% endhint %}\n\n| a | b |\n| - | - |\n| 1 | 2 |\n';

const dataDir = mkdtempSync(join(tmpdir(), 'bindery-bench-site-'));
const token = 'bdy_bench_admin_token_0123456789abcdef';
const s = await startServer({ ...loadConfig({}), port: 0, host: '127.0.0.1', dataDir, adminToken: token, logLevel: 'silent', validateResponses: false }, { logger: pino({ level: 'silent' }) });
const api = async (method, path, body) => {
  const r = await fetch(`${s.url}${path}`, { method, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: body && JSON.stringify(body) });
  if (r.status >= 300) throw new Error(`${method} ${path}: ${r.status} ${await r.text()}`);
  return r.status === 204 ? undefined : r.json();
};
const org = await api('POST', '/v1/orgs', { title: 'Bench' });
const space = await api('POST', `/v1/orgs/${org.id}/spaces`, { title: 'Docs' });
for (let i = 0; i < pageCount; i += 50) {
  await api('POST', `/v1/spaces/${space.id}/content/edits`, { edits: Array.from({ length: Math.min(50, pageCount - i) }, (_, k) => ({ op: 'createPage', page: { title: `Page ${i + k}`, markdown: page(i + k) } })) });
}
const site = await api('POST', `/v1/orgs/${org.id}/sites`, { title: 'Bench docs', spaces: [space.id] });
await api('POST', `/v1/orgs/${org.id}/sites/${site.id}/publish`);
const base = `${s.url}/sites/${site.id}`;
const paths = Array.from({ length: pageCount }, (_, i) => `${base}/page-${i}`);

console.log(`Node ${process.version}; ${pageCount} pages; autocannon c=${connections}, ${duration}s per run\n`);
const timeAll = async () => {
  const t0 = performance.now();
  for (const p of paths) { const r = await fetch(p); if (r.status !== 200) throw new Error(`${p}: ${r.status}`); await r.arrayBuffer(); }
  return (performance.now() - t0) / paths.length;
};
const uncached = await timeAll();
const cached = await timeAll();
console.log(`first render (uncached), sequential        ${uncached.toFixed(2)} ms/page`);
console.log(`cached render, sequential                  ${cached.toFixed(2)} ms/page   (uncached/cached ${(uncached / cached).toFixed(2)}×)\n`);

const bytes = Buffer.from(await (await fetch(paths[1])).arrayBuffer());
const bare = createServer((req, res) => { res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-length': bytes.length }); res.end(bytes); });
await new Promise((r) => bare.listen(0, '127.0.0.1', r));
const staticRps = await measure('static file, node:http (same bytes)', `http://127.0.0.1:${bare.address().port}/`);
const siteRps = await measure('published page (cached)', paths[1]);
console.log(`\nratio published/static: ${(siteRps / staticRps).toFixed(3)}`);
bare.close();
await s.close();
rmSync(dataDir, { recursive: true, force: true });

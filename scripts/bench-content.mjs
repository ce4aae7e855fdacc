#!/usr/bin/env node
// Content engine at scale: builds a space of ~100 and of ~10,000 pages (3 levels: groups > sections > pages, each
// document ~1 KB of markdown with headings and links) through the batch endpoint, then measures over HTTP:
//   - editing one page: time, and the rows the commit writes (content store and active-revision indexes),
//   - reading one page (by id, markdown), listing all pages, a search (rare and common term), links of the space.
// Figures are medians of repeated requests on a warm server; the point is the ratio between the two sizes
// (editing and reading one page must not grow with the space). docs/content-engine.md records a run.
// Usage: pnpm --filter @bindery/server build && node scripts/bench-content.mjs [--pg=postgres://…] [--sizes=100,10000]
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { arg as opt, require, dist } from './bench-lib.mjs';

const { loadConfig } = await dist('config.js');
const { startServer } = await dist('server.js');
const { applyEdits } = await dist('engine/index.js');
const pino = require('pino');
const { sql } = require('kysely');

const pgUrl = opt('pg', undefined);
const sizes = opt('sizes', '100,10000').split(',').map(Number);
const TOKEN = 'bdy_bench_admin_token_0123456789abcdef';

// A Zipf-ish vocabulary: a few very common words, many rare ones.
const common = ['the', 'data', 'server', 'page', 'user', 'config', 'deploy', 'request'];
const rare = Array.from({ length: 4000 }, (_, i) => `term${i.toString(36)}x`);
let seed = 42;
const rnd = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
const words = (n) => Array.from({ length: n }, () => (rnd() < 0.6 ? common[Math.floor(rnd() * common.length)] : rare[Math.floor(rnd() * rare.length)])).join(' ');

function shape(n) {
  // groups g, sections s per group, leaves l per section: n ~ g + g*s + g*s*l
  if (n <= 200) return { g: 2, s: 4, l: Math.max(1, Math.round((n - 10) / 8)) };
  return { g: 10, s: 10, l: Math.round((n - 110) / 100) };
}

function markdownFor(gi, si, li) {
  return [
    `Intro of page ${gi}.${si}.${li}: ${words(25)}.`,
    '',
    `## Setup ${li}`,
    '',
    `${words(40)}. See [the next page](p-${gi}-${si}-${li + 1}.md) and [the section](/pages/s-${gi}-${si}-xxxxxxxx).`,
    '',
    `## Details`,
    '',
    `- ${words(12)}`,
    `- ${words(12)}`,
    '',
    '```sh',
    `run --flag ${li}`,
    '```',
    '',
    `${words(60)}.`,
  ].join('\n');
}

async function api(url, method, path, body) {
  const res = await fetch(url + path, {
    method,
    headers: { authorization: `Bearer ${TOKEN}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 300)}`);
  return { status: res.status, body: text ? JSON.parse(text) : undefined, bytes: text.length };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
async function timed(times, fn) {
  const out = [];
  for (let i = 0; i < times; i++) {
    const t0 = performance.now();
    await fn(i);
    out.push(performance.now() - t0);
  }
  return median(out);
}

async function counts(db) {
  const out = {};
  for (const t of ['content_nodes', 'page_contents', 'content_objects', 'revisions']) {
    out[t] = Number((await db.selectFrom(t).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  }
  return out;
}

async function run(n) {
  const dataDir = mkdtempSync(join(tmpdir(), 'bindery-bench-content-'));
  const config = { ...loadConfig({}), port: 0, host: '127.0.0.1', dataDir, adminToken: TOKEN, logLevel: 'silent', validateResponses: false, databaseUrl: pgUrl, bodyLimit: '50mb' };
  const s = await startServer(config, { logger: pino({ level: 'silent' }), jobWorker: false });
  try {
    const org = (await api(s.url, 'POST', '/v1/orgs', { title: 'Bench' })).body;
    const space = (await api(s.url, 'POST', `/v1/orgs/${org.id}/spaces`, { title: `Bench ${n}` })).body;
    const base = `/v1/spaces/${space.id}`;
    const { g, s: sec, l } = shape(n);
    const edits = [];
    for (let gi = 0; gi < g; gi++) {
      edits.push({ op: 'createPage', page: { id: `g-${gi}-xxxxxxxx`, title: `Group ${gi}`, type: 'group' } });
      for (let si = 0; si < sec; si++) {
        edits.push({ op: 'createPage', page: { id: `s-${gi}-${si}-xxxxxxxx`, title: `Section ${gi}.${si}`, parent: `g-${gi}-xxxxxxxx`, markdown: markdownFor(gi, si, 0) } });
        for (let li = 0; li < l; li++) {
          edits.push({ op: 'createPage', page: { id: `page-${gi}-${si}-${li}`, slug: `p-${gi}-${si}-${li}`, title: `Page ${gi}.${si}.${li}`, parent: `s-${gi}-${si}-xxxxxxxx`, markdown: markdownFor(gi, si, li) } });
        }
      }
    }
    const t0 = performance.now();
    for (let i = 0; i < edits.length; i += 2000) await api(s.url, 'POST', `${base}/content/edits`, { edits: edits.slice(i, i + 2000) });
    const build = performance.now() - t0;
    // PostgreSQL plans by statistics, which autovacuum refreshes shortly after a bulk load: refresh them now, as a
    // server that has been running would have them (SQLite needs none).
    if (pgUrl) await sql`analyze`.execute(s.ctx.db);
    const pages = edits.length;

    const leaf = (i) => `page-${i % g}-${(i * 7) % sec}-${(i * 13) % l}`;
    // Warm up every route once.
    await api(s.url, 'GET', `${base}/content/page/${leaf(1)}?format=markdown`);
    await api(s.url, 'GET', `${base}/content/pages`);
    await api(s.url, 'GET', `${base}/search?query=${rare[5]}`);
    await api(s.url, 'PATCH', `${base}/content/page/${leaf(2)}`, { markdown: `warm ${words(50)}` });

    // One edit: rows written by the commit (service call, same code path as the route), then timed HTTP edits.
    const before = await counts(s.ctx.db);
    const commit = await applyEdits(s.ctx, { kind: 'space', spaceId: space.id }, [{ op: 'updatePage', page: leaf(3), markdown: `edited ${words(80)}` }], { createdBy: null });
    const after = await counts(s.ctx.db);
    const written = Object.fromEntries(Object.keys(after).map((k) => [k, after[k] - before[k]]));
    const edit = await timed(20, (i) => api(s.url, 'PATCH', `${base}/content/page/${leaf(10 + i)}`, { markdown: `edit ${i} ${words(80)}` }));
    const create = await timed(10, (i) => api(s.url, 'POST', `${base}/content/pages`, { title: `New ${i}`, parent: `s-1-1-xxxxxxxx` }));
    const read = await timed(50, (i) => api(s.url, 'GET', `${base}/content/page/${leaf(100 + i)}?format=markdown`));
    const pathOf = (i) => { const [gi, si, li] = [i % g, (i * 7) % sec, (i * 13) % l]; return `group-${gi}/section-${gi}${si}/p-${gi}-${si}-${li}`; };
    const byPath = await timed(50, (i) => api(s.url, 'GET', `${base}/content/path/${pathOf(200 + i)}?format=markdown`));
    let listBytes = 0;
    const list = await timed(5, async () => { listBytes = (await api(s.url, 'GET', `${base}/content/pages`)).bytes; });
    const searchRare = await timed(20, (i) => api(s.url, 'GET', `${base}/search?query=${rare[(i * 37) % rare.length]}`));
    const searchCommon = await timed(10, () => api(s.url, 'GET', `${base}/search?query=server`));
    const searchTwo = await timed(20, (i) => api(s.url, 'GET', `${base}/search?query=deploy%20${rare[(i * 53) % rare.length]}`));
    const links = await timed(5, () => api(s.url, 'GET', `${base}/links?limit=100`));
    return { n: pages, build, written, index: commit.stats.index, commitNodes: commit.stats.nodes, edit, create, read, byPath, list, listBytes, searchRare, searchCommon, searchTwo, links };
  } finally {
    await s.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

console.log(`Node ${process.version}; ${pgUrl ? 'PostgreSQL' : 'SQLite'}; medians of repeated requests over HTTP on 127.0.0.1, response validation off\n`);
const results = [];
for (const n of sizes) {
  process.stdout.write(`building ${n} pages… `);
  const r = await run(n);
  console.log(`${r.n} pages in ${(r.build / 1000).toFixed(1)} s`);
  results.push(r);
}
const ms = (x) => `${x.toFixed(1)} ms`;
const rowsOf = (r) => `${Object.values(r.written).reduce((a, b) => a + b, 0)} (${Object.entries(r.written).filter(([, v]) => v).map(([k, v]) => `${k} ${v}`).join(', ')})`;
const indexOf = (r) => `${r.index.pages} page rows, ${r.index.sections} search rows, ${r.index.links} link rows`;
const lines = [
  ['pages in the space', (r) => String(r.n)],
  ['edit one page: content rows written', rowsOf],
  ['edit one page: index rows rewritten', indexOf],
  ['edit one page (PATCH markdown)', (r) => ms(r.edit)],
  ['create one page', (r) => ms(r.create)],
  ['read one page by id (markdown)', (r) => ms(r.read)],
  ['read one page by path', (r) => ms(r.byPath)],
  ['list all pages (GET content/pages)', (r) => `${ms(r.list)} (${(r.listBytes / 1024).toFixed(0)} KB)`],
  ['search, rare term', (r) => ms(r.searchRare)],
  ['search, common term (in most pages)', (r) => ms(r.searchCommon)],
  ['search, common + rare term', (r) => ms(r.searchTwo)],
  ['links of the space (first 100 targets)', (r) => ms(r.links)],
];
const w = Math.max(...lines.map(([l]) => l.length));
console.log(`\n${''.padEnd(w)}  ${results.map((r) => `${r.n} pages`.padEnd(60)).join('')}`);
for (const [label, f] of lines) console.log(`${label.padEnd(w)}  ${results.map((r) => f(r).padEnd(60)).join('')}`);

#!/usr/bin/env node
// Fault run for durable jobs: a content import (a website crawl of --pages pages served by this script) runs on one
// of two Bindery processes sharing one PostgreSQL database; both are killed with SIGKILL at a chosen moment (while
// fetching, after a delay once the run is committing, or the moment the space's head moves), one is restarted, the dead worker's lease is expired (as
// five minutes passing would), and the run must settle exactly once: completed with every page in the space once,
// or failed/cancelled with none of them. Repeated for several kill moments.
// Usage: pnpm build && node scripts/fault-jobs.mjs [--pages=300] [--trials=6]   (needs PostgreSQL at 127.0.0.1:5432)
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { waitReady } from './bench-lib.mjs';

const root = new URL('..', import.meta.url).pathname;
const require = createRequire(join(root, 'apps/server/package.json'));
const pg = require('pg');
const arg = (name, def) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? def;
const pages = Number(arg('pages', 300));
const trials = Number(arg('trials', 6));
const adminUrl = process.env.TEST_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const dbName = `bindery_faultjobs_${process.pid}`;
const dbUrl = adminUrl.replace(/\/[^/]*$/, `/${dbName}`);
const token = 'bdy_fault_jobs_admin_token_0123456789ab';
const secretsKey = randomBytes(32).toString('hex');
const basePort = 18900 + (process.pid % 50) * 2;

async function sqlOn(url, text, params) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query(text, params)).rows;
  } finally {
    await c.end();
  }
}

// The website: /site/ links to every page; each page has some text and links to two others.
const site = createServer((req, res) => {
  const m = /^\/site\/(?:p(\d+)\.html)?$/.exec(req.url ?? '');
  if (!m) {
    res.writeHead(404).end();
    return;
  }
  const n = m[1] === undefined ? -1 : Number(m[1]);
  const links = n < 0 ? Array.from({ length: pages }, (_, i) => `<li><a href="/site/p${i}.html">Page ${i}</a></li>`).join('') : `<a href="/site/p${(n + 1) % pages}.html">next</a> <a href="/site/p${(n + 7) % pages}.html">later</a>`;
  const body = `<html><head><title>${n < 0 ? 'Index' : `Page ${n}`}</title></head><body><main><h1>${n < 0 ? 'Index' : `Page ${n}`}</h1>${'<p>Some words about this page, to make it a page of a reasonable size.</p>'.repeat(20)}<ul>${links}</ul></main></body></html>`;
  setTimeout(() => res.writeHead(200, { 'content-type': 'text/html' }).end(body), 2);
});
await new Promise((r) => site.listen(0, '127.0.0.1', r));
const siteUrl = `http://127.0.0.1:${site.address().port}/site/`;

function startProcess(i) {
  const child = spawn(process.execPath, [join(root, 'apps/server/dist/main.js')], {
    env: { ...process.env, PORT: String(basePort + i), HOST: '127.0.0.1', DATABASE_URL: dbUrl, BINDERY_ADMIN_TOKEN: token, BINDERY_SECRETS_KEY: secretsKey, LOG_LEVEL: 'error', BINDERY_ALLOW_PRIVATE_URLS: '1', BINDERY_DATA_DIR: mkdtempSync(join(tmpdir(), 'bindery-faultjobs-')) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return { child, url: `http://127.0.0.1:${basePort + i}` };
}
async function call(url, method, path, body) {
  const r = await fetch(url + path, { method, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: body && JSON.stringify(body) });
  const text = await r.text();
  return { status: r.status, body: text ? JSON.parse(text) : undefined };
}
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const kill = async (p) => {
  if (p.child.exitCode !== null || p.child.signalCode !== null) return;
  const exited = new Promise((r) => p.child.once('exit', r));
  p.child.kill('SIGKILL');
  await exited;
};

await sqlOn(adminUrl, `create database ${dbName}`);
let procs = [startProcess(0), startProcess(1)];
let failures = 0;
try {
  await Promise.all(procs.map((p) => waitReady(p.url)));
  const org = (await call(procs[0].url, 'POST', '/v1/orgs', { title: 'Fault jobs' })).body;
  // Kill moments: while fetching (after N ms), or N ms after the run reached its committing stage.
  const moments = [['committed', 0], ['fetching', 300], ['committed', 0], ['committing', 0], ['committing', 30], ['committing', 100], ['committing', 250], ['committing', 600]];
  for (let t = 0; t < trials; t++) {
    const [stage, delay] = moments[t % moments.length];
    const space = (await call(procs[0].url, 'POST', `/v1/orgs/${org.id}/spaces`, { title: `Trial ${t}` })).body;
    const run = await call(procs[t % 2].url, 'POST', `/v1/org/${org.id}/imports`, { source: { type: 'website', url: siteUrl }, target: { space: space.id } });
    if (run.status !== 201) throw new Error(`import: ${run.status} ${JSON.stringify(run.body)}`);
    let seen = 'pending';
    if (stage === 'committed') {
      // Watch the database itself and kill the moment the space's head moves: the revision is committed, the run
      // may not be settled yet.
      const c = new pg.Client({ connectionString: dbUrl });
      await c.connect();
      for (let i = 0; i < 60000; i++) {
        const [row] = (await c.query('select s.revision_id, i.status from spaces s, content_imports i where s.id = $1 and i.id = $2', [space.id, run.body.id])).rows;
        if (row.revision_id !== space.revision || row.status !== 'pending' && row.status !== 'in-progress') {
          seen = `head moved, run ${row.status}`;
          break;
        }
      }
      await Promise.all(procs.map(kill));
      await c.end();
    }
    for (let i = 0; i < 2000 && stage !== 'committed'; i++) {
      const r = await call(procs[1].url, 'GET', `/v1/org/${org.id}/imports/${run.body.id}`);
      seen = `${r.body.status}/${r.body.progress?.stage}`;
      if (stage === 'fetching' && r.body.status === 'in-progress') break;
      if (stage === 'committing' && (r.body.progress?.stage === 'committing' || ['completed', 'failed'].includes(r.body.status))) break;
      await sleep(5);
    }
    await sleep(delay);
    await Promise.all(procs.map(kill));
    const atKill = (await sqlOn(dbUrl, 'select status from content_imports where id = $1', [run.body.id]))[0].status;
    // Five minutes pass for the dead worker's lease.
    await sqlOn(dbUrl, "update jobs set locked_until = '2000-01-01T00:00:00.000Z' where status = 'running'");
    procs = [startProcess(0), startProcess(1)];
    await Promise.all(procs.map((p) => waitReady(p.url)));
    let final;
    for (let i = 0; i < 1200; i++) {
      final = (await call(procs[0].url, 'GET', `/v1/org/${org.id}/imports/${run.body.id}`)).body;
      if (['completed', 'failed', 'cancelled'].includes(final.status)) break;
      await sleep(100);
    }
    const tree = (await call(procs[1].url, 'GET', `/v1/spaces/${space.id}/content/pages`)).body;
    const flat = [];
    const walk = (ps) => ps?.forEach((p) => (flat.push(p), walk(p.pages)));
    walk(tree.pages);
    const titles = flat.map((p) => p.title);
    const dupes = titles.length - new Set(titles).size;
    const revisions = (await sqlOn(dbUrl, "select count(*)::int as n from revisions where space_id = $1 and type <> 'computed'", [space.id]).catch(() => sqlOn(dbUrl, 'select count(*)::int as n from revisions where space_id = $1', [space.id])))[0].n;
    const ok = final.status === 'completed' ? flat.length === pages + 1 && dupes === 0 : flat.length === 0;
    if (!ok) failures++;
    console.log(`${ok ? 'ok  ' : 'FAIL'} trial ${t}: killed at ${stage}+${delay} ms (seen ${seen}, stored ${atKill}) -> ${final.status}${final.reason ? ` (${final.reason})` : ''}, ${flat.length} pages, ${dupes} duplicated titles, ${revisions} revisions`);
  }
} finally {
  await Promise.all(procs.map(kill));
  site.close();
  await sqlOn(adminUrl, `drop database if exists ${dbName} with (force)`).catch(() => {});
}
console.log(`${failures} failed trials of ${trials}`);
process.exit(failures ? 1 : 0);

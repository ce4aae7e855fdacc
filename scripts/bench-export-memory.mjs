#!/usr/bin/env node
// Memory of a Git Sync export: how much the server's RSS grows while it exports a space of many large assets to an
// empty repository (every file written), for this build and a baseline build measured in the same run.
//
//   node scripts/bench-export-memory.mjs [--base=/work/wt/base] [--assets=2000] [--asset-kb=200] [--pages=100]
//        [--order=new,base,base,new] [--pg=<database name prefix>]
//
// A repository in GitBook's format is generated in a temporary folder (`--pages` pages, each showing its share of
// `--assets` assets of random bytes: images do not compress) and imported once, by this build's server (SQLite, the
// data folder's blob store). Each measurement then starts a server of one build on that data
// folder (same schema: no migration between the builds), warms it up with an export of a one-page space, resets the
// peak RSS (`clear_refs`; VmHWM counts every thread of the process: the content workers are threads) and exports the
// big space to a new empty bare repository; the growth is that peak minus the RSS before. The first run in `--order`
// is preceded by an unmeasured export (the space's sync snapshot then has the same shape for every measured run).
// `--order` names the builds in turn: `new,base,base,new` gives both orders and an A/A pair of each. `--pg=<prefix>`
// runs the servers on a fresh PostgreSQL database (named <prefix>_…, dropped at the end) instead of SQLite: the blob
// store is then the database's `blobs` table.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ADMIN_TOKEN, arg, createPgDatabase, machineLoad, root, startBindery, procMemory as status, slowApiCall as call } from './bench-lib.mjs';

const base = arg('base', '/work/wt/base');
const assets = Number(arg('assets', '2000'));
const assetKb = Number(arg('asset-kb', '200'));
const pages = Number(arg('pages', '100'));
const order = arg('order', 'new,base,base,new').split(',');
const MiB = 1024 * 1024;
const fmt = (b) => `${(b / MiB).toFixed(1)} MiB`;
const GIT_ENV = { ...process.env, GIT_AUTHOR_NAME: 'Bench', GIT_AUTHOR_EMAIL: 'b@example.com', GIT_COMMITTER_NAME: 'Bench', GIT_COMMITTER_EMAIL: 'b@example.com', GIT_CONFIG_NOSYSTEM: '1', HOME: tmpdir() };
const git = (...a) => execFileSync('git', a, { env: GIT_ENV, maxBuffer: 1 << 30 });


/** Starts a sync and waits for the server's job worker to finish it. */
async function sync(server, space, direction, body) {
  const api = (m, p, b) => call(server.url, ADMIN_TOKEN, m, p, b);
  const t0 = Date.now();
  await api('POST', `/v1/spaces/${space}/git/${direction}`, body);
  for (;;) {
    await new Promise((r) => setTimeout(r, 200));
    const info = await api('GET', `/v1/spaces/${space}/git/info`);
    const op = info.operation;
    if (op && op.direction === direction && (op.state === 'success' || op.state === 'failure')) {
      if (op.state === 'failure') throw new Error(`${direction} failed: ${op.error}`);
      return { ms: Date.now() - t0, op };
    }
  }
}

const work = mkdtempSync(join(tmpdir(), 'bindery-export-mem-'));
const pgPrefix = arg('pg', '');
const pg = pgPrefix ? await createPgDatabase(pgPrefix) : undefined;
try {
  console.log(`# bench-export-memory (${pg ? 'PostgreSQL' : 'SQLite'}) — ${await machineLoad()}`);
  // The repository.
  const src = join(work, 'src');
  mkdirSync(join(src, '.gitbook/assets'), { recursive: true });
  const perPage = Math.ceil(assets / pages);
  const summary = ['# Table of contents\n', '* [Home](README.md)'];
  writeFileSync(join(src, 'README.md'), '# Home\n\nImages.\n');
  for (let p = 0; p < pages; p++) {
    const imgs = [];
    for (let i = p * perPage; i < Math.min(assets, (p + 1) * perPage); i++) {
      const b = randomBytes(assetKb * 1024);
      b.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
      writeFileSync(join(src, `.gitbook/assets/image (${i}).png`), b);
      imgs.push(`<figure><img src=".gitbook/assets/image (${i}).png" alt=""><figcaption><p>Figure ${i}</p></figcaption></figure>\n`);
    }
    writeFileSync(join(src, `page-${p}.md`), `# Page ${p}\n\n${imgs.join('\n')}`);
    summary.push(`* [Page ${p}](page-${p}.md)`);
  }
  writeFileSync(join(src, 'SUMMARY.md'), `${summary.join('\n')}\n`);
  git('init', '-q', '-b', 'main', src);
  git('-C', src, 'add', '-A');
  git('-C', src, 'commit', '-q', '-m', 'Generated');
  console.log(`repository: ${pages + 1} pages, ${assets} assets of ${assetKb} KiB (${fmt(assets * assetKb * 1024)})`);

  // One import, by this build.
  const dataDir = join(work, 'data');
  mkdirSync(dataDir);
  const env = { BINDERY_ALLOW_PRIVATE_URLS: '1', BINDERY_CONTENT_BUDGET_MS: '60000' };
  const databaseUrl = pg?.url;
  let server = await startBindery({ dataDir, env, databaseUrl });
  let spaceId;
  let smallId;
  try {
    const api = (m, p, b) => call(server.url, ADMIN_TOKEN, m, p, b);
    const org = await api('POST', '/v1/orgs', { title: 'Bench' });
    spaceId = (await api('POST', `/v1/orgs/${org.id}/spaces`, { title: 'Assets' })).id;
    smallId = (await api('POST', `/v1/orgs/${org.id}/spaces`, { title: 'Warm-up' })).id;
    const imp = await sync(server, spaceId, 'import', { url: src, ref: 'refs/heads/main' });
    console.log(`import: ${(imp.ms / 1000).toFixed(1)} s`);
  } finally {
    await server.stop();
  }

  let targets = 0;
  const emptyRepo = () => {
    const dir = join(work, `target-${targets++}.git`);
    git('init', '-q', '--bare', '-b', 'main', dir);
    return dir;
  };
  const results = {};
  for (let r = -1; r < order.length; r++) {
    const name = order[Math.max(r, 0)];
    const serverRoot = name === 'base' ? base : root;
    if (!existsSync(join(serverRoot, 'apps/server/dist/main.js'))) throw new Error(`${serverRoot} is not built`);
    server = await startBindery({ dataDir, env, serverRoot, databaseUrl });
    try {
      await sync(server, smallId, 'export', { url: emptyRepo(), ref: 'refs/heads/main', force: true, commitMessage: 'Bench' });
      await new Promise((res) => setTimeout(res, 500));
      const before = status(server.pid).rss;
      writeFileSync(`/proc/${server.pid}/clear_refs`, '5');
      let sampled = 0;
      const sampler = setInterval(() => {
        try {
          sampled = Math.max(sampled, status(server.pid).rss);
        } catch {}
      }, 20);
      const target = emptyRepo();
      const exp = await sync(server, spaceId, 'export', { url: target, ref: 'refs/heads/main', force: true, commitMessage: 'Bench' });
      clearInterval(sampler);
      const peak = Math.max(status(server.pid).hwm, sampled);
      const files = git('--git-dir', target, 'ls-tree', '-r', '--name-only', 'main').toString().split('\n').filter(Boolean).length;
      if (r < 0) {
        console.log(`(unmeasured first export, ${name}: ${(exp.ms / 1000).toFixed(1)} s, ${files} files)`);
        continue;
      }
      (results[name] ??= []).push(peak - before);
      console.log(`${name.padEnd(5)} RSS before ${fmt(before)}, peak ${fmt(peak)}: growth ${fmt(peak - before)}; ${files} files in ${(exp.ms / 1000).toFixed(1)} s — ${await machineLoad()}`);
      rmSync(target, { recursive: true, force: true });
    } finally {
      await server.stop();
    }
  }
  const med = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  if (results.new && results.base) {
    console.log(`growth median new ${fmt(med(results.new))}, base ${fmt(med(results.base))}: new / base = ${(med(results.new) / med(results.base)).toFixed(2)}`);
    for (const k of ['new', 'base']) if (results[k].length > 1) console.log(`A/A ${k}: ${results[k].map(fmt).join(', ')}`);
  }
} finally {
  rmSync(work, { recursive: true, force: true });
  await pg?.drop();
}

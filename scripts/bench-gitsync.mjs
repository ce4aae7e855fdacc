#!/usr/bin/env node
// Git Sync at scale: generates a repository in GitBook's format — 1,000 pages (10 groups of 10 sections of 9 pages,
// each ~1.5 KB of markdown with headings, lists, code, links to other pages and an image) and 500 assets (2-30 KB)
// with SUMMARY.md — and measures, through the real job (git binary, content engine, blob store):
//   - import into an empty space, the same commit again (skipped), export to an empty repository (every file
//     written), an edit of one page then an incremental export (one file);
//   - time of each, the process's peak RSS and peak heap during each (sampled every 20 ms), and how long the event
//     loop was held meanwhile (p99 and max delay: what every other request would have waited);
//   - baseline, in the same run: `git clone --depth=1` of the repository plus reading every file (what any import
//     must at least do); the import's ratio to it.
// docs/git-sync.md records a run. Usage:
//   pnpm --filter @bindery/server build && node scripts/bench-gitsync.mjs [--pg=postgres://…] [--pages=1000] [--assets=500]
//   (BINDERY_* settings of the environment apply, e.g. BINDERY_BLOB_STORE=fs to compare the blob stores)
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { arg as opt, require, dist } from './bench-lib.mjs';

const { loadConfig } = await dist('config.js');
const { startServer } = await dist('server.js');
const { JOB_TYPES, jobHandlers, runDueJobs } = await dist('jobs/index.js');
const pino = require('pino');

const pgUrl = opt('pg', undefined);
const PAGES = Number(opt('pages', '1000'));
const ASSETS = Number(opt('assets', '500'));
const TOKEN = 'bdy_bench_admin_token_0123456789abcdef';
const GIT_ENV = { ...process.env, GIT_AUTHOR_NAME: 'Bench', GIT_AUTHOR_EMAIL: 'bench@example.com', GIT_COMMITTER_NAME: 'Bench', GIT_COMMITTER_EMAIL: 'bench@example.com', GIT_CONFIG_NOSYSTEM: '1', HOME: tmpdir() };
const git = (cwd, ...args) => execFileSync('git', args, { cwd, env: GIT_ENV, maxBuffer: 1 << 30 }).toString();

let seed = 7;
const rnd = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
const vocab = ['server', 'deploy', 'token', 'request', 'page', 'config', 'cluster', 'build', 'cache', 'user', 'webhook', 'region'];
const words = (n) => Array.from({ length: n }, () => vocab[Math.floor(rnd() * vocab.length)]).join(' ');

/** Writes the repository into `dir` (a git working copy) and commits it. */
function generate(dir) {
  const write = (path, data) => {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), data);
  };
  const assets = [];
  for (let i = 0; i < ASSETS; i++) {
    const name = `image-${i}.png`;
    const size = 2048 + Math.floor(rnd() * 28 * 1024);
    const data = randomBytes(size);
    write(`.gitbook/assets/${name}`, data);
    assets.push(name);
  }
  const groups = 10;
  const sections = 10;
  const leaves = Math.max(0, Math.round(PAGES / (groups * sections)) - 1);
  const summary = ['# Table of contents', '', '* [Home](README.md)', ''];
  write('README.md', `# Home\n\n${words(40)}.\n`);
  let pages = 1;
  let a = 0;
  const body = (self, next) => [
    `${words(30)}.`, '', `## Setup`, '', `${words(40)}. See [the next page](${next}).`, '',
    `* ${words(10)}`, `* ${words(10)}`, '', '```bash', `run --flag ${self}`, '```', '',
    `![diagram](${'../'.repeat(self.split('/').length - 1)}.gitbook/assets/${assets[a++ % assets.length]})`, '', `${words(60)}.`, '',
  ].join('\n');
  for (let g = 0; g < groups; g++) {
    summary.push(`## Group ${g}`, '');
    for (let s = 0; s < sections; s++) {
      const folder = `group-${g}/section-${s}`;
      write(`${folder}/README.md`, `# Section ${g}.${s}\n\n${body(`${folder}/README.md`, 'page-0.md')}`);
      summary.push(`* [Section ${g}.${s}](${folder}/README.md)`);
      pages++;
      for (let l = 0; l < leaves; l++) {
        write(`${folder}/page-${l}.md`, `---\ndescription: Page ${g}.${s}.${l}\n---\n\n# Page ${g}.${s}.${l}\n\n${body(`${folder}/page-${l}.md`, `page-${(l + 1) % leaves}.md`)}`);
        summary.push(`  * [Page ${g}.${s}.${l}](${folder}/page-${l}.md)`);
        pages++;
      }
    }
    summary.push('');
  }
  write('SUMMARY.md', `${summary.join('\n').trimEnd()}\n`);
  git(dir, 'add', '-A');
  git(dir, 'commit', '-q', '-m', 'Generated docs');
  return { pages, assets: assets.length };
}

/** Peak RSS and heap while `fn` runs (sampled every 20 ms), and its time. */
async function measured(fn) {
  global.gc?.();
  const start = process.memoryUsage();
  let rss = start.rss;
  let heap = start.heapUsed;
  const timer = setInterval(() => {
    const m = process.memoryUsage();
    rss = Math.max(rss, m.rss);
    heap = Math.max(heap, m.heapUsed);
  }, 20);
  // How long the event loop was held (what every other request of the server would wait): p99 and max delay.
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  const t0 = performance.now();
  try {
    const value = await fn();
    loop.disable();
    return {
      ms: performance.now() - t0, peakRssMb: rss / 2 ** 20, peakHeapMb: heap / 2 ** 20, rssGrowthMb: (rss - start.rss) / 2 ** 20,
      loopP99Ms: loop.percentile(99) / 1e6, loopMaxMs: loop.max / 1e6, value,
    };
  } finally {
    clearInterval(timer);
    loop.disable();
  }
}

async function api(url, method, path, body) {
  const res = await fetch(url + path, {
    method, headers: { authorization: `Bearer ${TOKEN}`, ...(body ? { 'content-type': 'application/json' } : {}) }, body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 300)}`);
  return text ? JSON.parse(text) : undefined;
}

const work = mkdtempSync(join(tmpdir(), 'bindery-bench-gitsync-'));
try {
  const source = join(work, 'source.git');
  const target = join(work, 'target.git');
  git(work, 'init', '-q', '--bare', '-b', 'main', source);
  git(work, 'init', '-q', '--bare', '-b', 'main', target);
  const wc = join(work, 'wc');
  git(work, 'init', '-q', '-b', 'main', wc);
  const gen = generate(wc);
  git(wc, 'push', '-q', source, 'HEAD:refs/heads/main');
  const files = git(wc, 'ls-files').split('\n').filter(Boolean).length;
  const objects = git(source, 'count-objects', '-v');
  const repoBytes = (Number(objects.match(/^size: (\d+)/m)[1]) + Number(objects.match(/size-pack: (\d+)/)[1])) * 1024;

  // Baseline: a shallow clone and reading every file.
  const baseline = await measured(async () => {
    const dir = join(work, 'baseline');
    git(work, 'clone', '-q', '--depth=1', `file://${source}`, dir);
    let bytes = 0;
    const walk = (d) => {
      for (const e of readdirSync(d)) {
        if (e === '.git') continue;
        const p = join(d, e);
        if (statSync(p).isDirectory()) walk(p);
        else bytes += readFileSync(p).length;
      }
    };
    walk(dir);
    return bytes;
  });

  const dataDir = join(work, 'data');
  const config = { ...loadConfig(process.env), port: 0, host: '127.0.0.1', dataDir, adminToken: TOKEN, logLevel: 'silent', validateResponses: false, databaseUrl: pgUrl, allowPrivateUrls: true };
  const s = await startServer(config, { logger: pino({ level: 'silent' }), jobWorker: false });
  const runJobs = async () => {
    const handlers = { [JOB_TYPES.gitSync]: jobHandlers[JOB_TYPES.gitSync] };
    for (let i = 0; i < 1000; i++) {
      const r = await runDueJobs({ ...s.ctx, logger: pino({ level: 'silent' }) }, { handlers, limit: 10 });
      if (r.claimed === 0) {
        const pending = await s.ctx.db.selectFrom('jobs').select('id').where('type', '=', JOB_TYPES.gitSync).where('status', 'in', ['queued', 'running']).executeTakeFirst();
        if (!pending) return;
        await new Promise((r) => setTimeout(r, 50));
      }
    }
    throw new Error('jobs did not finish');
  };
  try {
    const org = await api(s.url, 'POST', '/v1/orgs', { title: 'Bench' });
    const space = await api(s.url, 'POST', `/v1/orgs/${org.id}/spaces`, { title: 'Bench' });
    const op = async (direction, body) => {
      await api(s.url, 'POST', `/v1/spaces/${space.id}/git/${direction}`, body);
      await runJobs();
      const info = await api(s.url, 'GET', `/v1/spaces/${space.id}/git/info`);
      if (info.operation.state !== 'success') throw new Error(`${direction}: ${JSON.stringify(info.operation)}`);
      return info.operation;
    };
    const imp = await measured(() => op('import', { url: source, ref: 'refs/heads/main' }));
    const pages = await api(s.url, 'GET', `/v1/spaces/${space.id}/content/pages`);
    const count = (ps) => ps.reduce((n, p) => n + 1 + count(p.pages ?? []), 0);
    const imported = count(pages.pages);
    const again = await measured(() => op('import', { url: source, ref: 'refs/heads/main' }));
    const exp = await measured(() => op('export', { url: target, ref: 'refs/heads/main', commitMessage: 'Export' }));
    const exportedFiles = git(work, '--git-dir', target, 'ls-tree', '-r', '--name-only', 'main').split('\n').filter(Boolean).length;
    const leaf = pages.pages[1].pages[0];
    await api(s.url, 'PATCH', `/v1/spaces/${space.id}/content/page/${leaf.id}`, { markdown: `Edited. ${words(20)}\n` });
    const inc = await measured(() => op('export', { url: target, ref: 'refs/heads/main', commitMessage: 'One edit' }));
    const changed = git(work, '--git-dir', target, 'show', '--name-only', '--format=', 'main').split('\n').filter(Boolean);

    const r1 = (x) => Math.round(x * 10) / 10;
    const row = (m) => ({ seconds: r1(m.ms / 1000), peakRssMb: Math.round(m.peakRssMb), peakHeapMb: Math.round(m.peakHeapMb), rssGrowthMb: Math.round(m.rssGrowthMb), eventLoopDelayP99Ms: Math.round(m.loopP99Ms), eventLoopDelayMaxMs: Math.round(m.loopMaxMs) });
    console.log(JSON.stringify({
      node: process.version,
      database: pgUrl ? 'postgresql' : 'sqlite',
      repository: { pages: gen.pages, assets: gen.assets, files, objectsMb: r1(repoBytes / 2 ** 20) },
      baselineCloneAndRead: row(baseline),
      import: { ...row(imp), pagesImported: imported, ratioToBaseline: r1(imp.ms / baseline.ms) },
      importSameCommitAgain: { ...row(again), skipped: again.value.skipped ?? null },
      exportToEmptyRepository: { ...row(exp), filesInRepository: exportedFiles },
      exportAfterOneEdit: { ...row(inc), filesChanged: changed },
    }, null, 2));
  } finally {
    await s.close();
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}

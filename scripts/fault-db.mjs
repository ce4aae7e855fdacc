#!/usr/bin/env node
// Fault run for the database itself (docs/testing.md, "Fault runs"): real server processes, the real PostgreSQL, a
// real SQLite file on a small file system of its own.
//  1. PostgreSQL connections terminated under load (pg_terminate_backend of every connection to the run's database,
//     several times, while two processes take writes): no process exits, no 500, every failure a 503 naming its
//     cause; every acknowledged write is there, counts exact; the leases come back; a token revoked through one
//     process right after the connections were cut (and again once the leases are back) is refused by the other at
//     once; a durable job (a website import) running through the cut settles exactly once.
//  2. A row locked from another session: the requests on it answer 503 naming lock_timeout; another tenant's are
//     answered meanwhile; nothing is applied.
//  3. SQLite on a tmpfs (needs root for mount; skipped otherwise): the disk full mid-write (507 naming it, nothing
//     half-applied, writes go on once there is space, integrity_check ok), the file system read-only (503), back.
//  4. Clients that abort: a large page create cut mid-body, PDF exports abandoned mid-download: no page half made,
//     the process's thread count does not grow.
// Prints one line per check and `N passed, N failed`; exits 1 when any failed.
// Usage: pnpm build && node scripts/fault-db.mjs [--db-prefix=bindery_faultdb]   (PostgreSQL at 127.0.0.1:5432)
import { execFileSync } from 'node:child_process';
import { createServer, request } from 'node:http';
import { mkdtempSync, readFileSync, rmSync, statfsSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ADMIN_TOKEN, arg, createPgDatabase, require, startBindery } from './bench-lib.mjs';

const pg = require('pg');
const SQLite = require('better-sqlite3');
const prefix = arg('db-prefix', 'bindery_faultdb');
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
let passed = 0;
let failed = 0;
function check(name, ok, detail = '') {
  if (ok) passed++;
  else failed++;
  console.log(`${ok ? 'pass' : 'FAIL'}  ${name}${detail ? ` — ${detail}` : ''}`);
}

/** Every answer of the run: a 5xx must be a 503/507 whose message names the cause. */
const bad5xx = [];
const tally = { 503: 0, 507: 0 };
async function call(url, method, path, body, token = ADMIN_TOKEN) {
  const t0 = Date.now();
  const r = await fetch(url + path, {
    method, headers: { authorization: `Bearer ${token}`, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body), signal: AbortSignal.timeout(60_000),
  });
  const text = await r.text();
  let json;
  try { json = text ? JSON.parse(text) : undefined; } catch { json = text; }
  if (r.status >= 500) {
    const msg = json?.error?.message ?? '';
    if ((r.status === 503 && /^Service unavailable: /.test(msg)) || (r.status === 507 && /^Insufficient storage: /.test(msg))) tally[r.status]++;
    else bad5xx.push(`${method} ${path}: ${r.status} ${text.slice(0, 300)}`);
  }
  return { status: r.status, body: json, ms: Date.now() - t0 };
}
const alive = (p) => p.child.exitCode === null && p.child.signalCode === null;

async function makeUser(url, name) {
  const u = await call(url, 'POST', '/v1/users', { email: `${name}-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@fault.example`, displayName: name });
  const t = await call(url, 'POST', `/v1/users/${u.body.id}/tokens`, { label: 'fault' });
  return { id: u.body.id, token: t.body.token };
}

async function sqlOn(url, text, params) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try { return (await c.query(text, params)).rows; } finally { await c.end(); }
}
const terminateAll = (dbUrl) => sqlOn(dbUrl, 'select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()');

function flatten(pages, out = []) {
  for (const p of pages ?? []) { out.push(p); flatten(p.pages, out); }
  return out;
}

// ---------------------------------------------------------------------------------------------------------------
async function postgresFaults() {
  console.log('# PostgreSQL: connections terminated under load, a row locked from another session');
  const db = await createPgDatabase(prefix);
  // The website a durable job imports.
  const pagesN = 120;
  const site = createServer((req, res) => {
    const m = /^\/site\/(?:p(\d+)\.html)?$/.exec(req.url ?? '');
    if (!m) return void res.writeHead(404).end();
    const n = m[1] === undefined ? -1 : Number(m[1]);
    const links = n < 0 ? Array.from({ length: pagesN }, (_, i) => `<li><a href="/site/p${i}.html">Page ${i}</a></li>`).join('') : '';
    setTimeout(() => res.writeHead(200, { 'content-type': 'text/html' }).end(`<html><head><title>${n < 0 ? 'Index' : `Page ${n}`}</title></head><body><main><h1>${n < 0 ? 'Index' : `Page ${n}`}</h1>${'<p>Words of a page.</p>'.repeat(30)}<ul>${links}</ul></main></body></html>`), 5);
  });
  await new Promise((r) => site.listen(0, '127.0.0.1', r));
  const env = { LOG_LEVEL: 'error', BINDERY_ALLOW_PRIVATE_URLS: '1', BINDERY_PG_LOCK_TIMEOUT_MS: '1000' };
  const procs = [];
  try {
    procs.push(await startBindery({ databaseUrl: db.url, env }), await startBindery({ databaseUrl: db.url, env }));
    const [a, b] = procs;
    const user = await makeUser(a.url, 'Writer');
    const org = (await call(a.url, 'POST', '/v1/orgs', { title: 'Fault db' }, user.token)).body;
    const space = (await call(a.url, 'POST', `/v1/orgs/${org.id}/spaces`, { title: 'Under load' }, user.token)).body;

    // 1. Load on both processes; every connection to the database terminated five times meanwhile.
    const ackedComments = [];
    const ackedPages = [];
    let stop = false;
    let requests = 0;
    let refused = 0;
    const worker = async (k) => {
      for (let i = 0; !stop; i++) {
        const p = (i + k) % 2 ? a : b;
        try {
          requests++;
          if (i % 3 === 0) {
            const r = await call(p.url, 'POST', `/v1/spaces/${space.id}/content/pages`, { title: `Page ${k}-${i}`, markdown: `# Page ${k}-${i}\n\n${'Some words. '.repeat(200)}` }, user.token);
            if (r.status === 201) ackedPages.push(r.body.id);
          } else if (i % 3 === 1) {
            const r = await call(p.url, 'POST', `/v1/spaces/${space.id}/comments`, { body: { markdown: `comment ${k}-${i}` } }, user.token);
            if (r.status === 200) ackedComments.push(r.body.id);
          } else {
            await call(p.url, 'GET', `/v1/spaces/${space.id}`, undefined, user.token);
          }
        } catch {
          refused++;
          await sleep(50);
        }
      }
    };
    const workers = Array.from({ length: 6 }, (_, k) => worker(k));
    let terminated = 0;
    for (let round = 0; round < 5; round++) {
      await sleep(600);
      terminated += (await terminateAll(db.url)).length;
    }
    await sleep(600);
    stop = true;
    await Promise.all(workers);
    check('no process exited when its connections were terminated (5 rounds, ' + terminated + ' connections)', procs.every(alive));
    check('no request was refused at the socket', refused === 0, `${requests} requests, ${tally[503]} answered 503`);
    let ok = false;
    for (let i = 0; i < 100 && !ok; i++) {
      ok = (await call(a.url, 'GET', `/v1/spaces/${space.id}`, undefined, user.token)).status === 200 && (await call(b.url, 'GET', `/v1/spaces/${space.id}`, undefined, user.token)).status === 200;
      if (!ok) await sleep(100);
    }
    check('both processes answer again after the cut', ok);
    let missing = 0;
    for (const id of ackedComments) if ((await call(b.url, 'GET', `/v1/spaces/${space.id}/comments/${id}`, undefined, user.token)).status !== 200) missing++;
    const counted = (await call(a.url, 'GET', `/v1/spaces/${space.id}`, undefined, user.token)).body.comments;
    const listed = (await call(b.url, 'GET', `/v1/spaces/${space.id}/comments?limit=0`, undefined, user.token)).body.count;
    check('every acknowledged comment is there and the count is exact', missing === 0 && counted === listed && listed >= ackedComments.length,
      `${ackedComments.length} acknowledged, ${missing} missing, space.comments ${counted}, listed ${listed}`);
    const tree = flatten((await call(a.url, 'GET', `/v1/spaces/${space.id}/content/pages`, undefined, user.token)).body.pages);
    const ids = new Set(tree.map((p) => p.id));
    const titles = tree.map((p) => p.title);
    check('every acknowledged page is there, none twice', ackedPages.every((id) => ids.has(id)) && new Set(titles).size === titles.length,
      `${ackedPages.length} acknowledged, ${tree.length} in the space`);

    // Leases: both processes hold one again (their listening connections were cut with the rest).
    let leases = 0;
    for (let i = 0; i < 100 && leases < 2; i++) {
      leases = (await sqlOn(db.url, 'select count(*)::int as n from cache_leases where expires_at > now()'))[0].n;
      if (leases < 2) await sleep(100);
    }
    check('both processes listen and hold their cache lease again', leases >= 2);

    // A token revoked through A right after every connection was cut (B's notice lost with its connection), then
    // again once the leases are back: B refuses it at its next request.
    for (const when of ['right after the cut', 'with the leases back']) {
      const u = await makeUser(a.url, 'Revoked');
      for (let i = 0; i < 20; i++) await call(b.url, 'GET', '/v1/user', undefined, u.token);
      if (when === 'right after the cut') await terminateAll(db.url);
      let list = { status: 0 };
      // Right after the cut a request may meet a connection whose end was not seen yet: 503, and the client retries.
      for (let i = 0; i < 20 && list.status !== 200; i++) {
        list = await call(a.url, 'GET', '/v1/user/tokens', undefined, u.token);
        if (list.status !== 200) await sleep(100);
      }
      let del = { status: 0 };
      for (let i = 0; i < 20 && del.status !== 204; i++) {
        del = await call(a.url, 'DELETE', `/v1/user/tokens/${list.body.items[0].id}`, undefined, u.token);
        if (del.status === 401) break;
        if (del.status !== 204) await sleep(200);
      }
      const after = await call(b.url, 'GET', '/v1/user', undefined, u.token);
      check(`a token revoked through one process (${when}) is refused by the other at once`, del.status === 204 && after.status === 401, `delete ${del.status}, then ${after.status}`);
    }

    // A durable job through the cut: a website import, connections terminated three times while it runs.
    const target = (await call(a.url, 'POST', `/v1/orgs/${org.id}/spaces`, { title: 'Imported' }, user.token)).body;
    const run = await call(b.url, 'POST', `/v1/org/${org.id}/imports`, { source: { type: 'website', url: `http://127.0.0.1:${site.address().port}/site/` }, target: { space: target.id } }, user.token);
    for (let i = 0; i < 200; i++) {
      const r = await call(a.url, 'GET', `/v1/org/${org.id}/imports/${run.body.id}`, undefined, user.token);
      if (r.body?.status !== 'pending') break;
      await sleep(20);
    }
    for (let round = 0; round < 3; round++) {
      await terminateAll(db.url);
      await sleep(300);
    }
    let final;
    const t0 = Date.now();
    for (let i = 0; i < 600; i++) {
      final = (await call(a.url, 'GET', `/v1/org/${org.id}/imports/${run.body.id}`, undefined, user.token)).body;
      if (['completed', 'failed', 'cancelled'].includes(final?.status)) break;
      await sleep(200);
    }
    const imported = flatten((await call(a.url, 'GET', `/v1/spaces/${target.id}/content/pages`, undefined, user.token)).body.pages);
    const settled = final?.status === 'completed' ? imported.length === pagesN + 1 && new Set(imported.map((p) => p.title)).size === imported.length
      : ['failed', 'cancelled'].includes(final?.status) && imported.length === 0;
    check('a durable job running through the cut settles exactly once', settled,
      `${final?.status}${final?.reason ? ` (${final.reason})` : ''} after ${((Date.now() - t0) / 1000).toFixed(1)} s, ${imported.length} pages`);

    // 2. A row locked from another session (lock_timeout 1 s for this run).
    const locked = (await call(a.url, 'POST', '/v1/orgs', { title: 'Locked org' }, user.token)).body;
    const other = (await call(a.url, 'POST', '/v1/orgs', { title: 'Other org' }, user.token)).body;
    const holder = new pg.Client({ connectionString: db.url });
    await holder.connect();
    try {
      await holder.query('begin');
      await holder.query('select * from organizations where id = $1 for update', [locked.id]);
      const waiting = Array.from({ length: 14 }, (_, i) => call(i % 2 ? a.url : b.url, 'PATCH', `/v1/orgs/${locked.id}`, { title: `Renamed ${i}` }, user.token));
      const elsewhere = await call(a.url, 'PATCH', `/v1/orgs/${other.id}`, { title: 'Other renamed' }, user.token);
      const answers = await Promise.all(waiting);
      check('requests on a row locked from another session answer 503 naming lock_timeout',
        answers.every((r) => r.status === 503 && /lock_timeout/.test(r.body.error.message)), `${answers.map((r) => r.status).join(' ')}; slowest ${Math.max(...answers.map((r) => r.ms))} ms`);
      check("another tenant's request is answered meanwhile", elsewhere.status === 200, `${elsewhere.status} after ${elsewhere.ms} ms`);
    } finally {
      await holder.query('rollback').catch(() => undefined);
      await holder.end();
    }
    const title = (await call(b.url, 'GET', `/v1/orgs/${locked.id}`, undefined, user.token)).body.title;
    check('nothing of the refused requests was applied; the row takes writes again', title === 'Locked org' && (await call(b.url, 'PATCH', `/v1/orgs/${locked.id}`, { title: 'Renamed' }, user.token)).status === 200);
  } finally {
    await Promise.all(procs.map((p) => p.stop().catch(() => undefined)));
    site.close();
    await db.drop().catch(() => undefined);
  }
}

// ---------------------------------------------------------------------------------------------------------------
function mountTmpfs(dir, size) {
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${size}`, 'tmpfs', dir], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}
const threads = (pid) => Number(/Threads:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);

async function sqliteFaults() {
  console.log('# SQLite on a small file system: disk full, read-only; clients that abort');
  const dir = mkdtempSync(join(tmpdir(), 'bindery-faultdb-'));
  if (!mountTmpfs(dir, '48m')) {
    console.log('skip  SQLite disk full / read-only (mounting a tmpfs needs root)');
    rmSync(dir, { recursive: true, force: true });
    return;
  }
  const filler = join(dir, 'filler');
  let p;
  try {
    p = await startBindery({ dataDir: dir, env: { LOG_LEVEL: 'error' } });
    const user = await makeUser(p.url, 'Filler');
    const org = (await call(p.url, 'POST', '/v1/orgs', { title: 'Full disk' }, user.token)).body;
    const space = (await call(p.url, 'POST', `/v1/orgs/${org.id}/spaces`, { title: 'Pages' }, user.token)).body;
    const base = `/v1/spaces/${space.id}/content/pages`;
    const words = (n) => `${'Words that fill the disk. '.repeat(n)}`;

    // The disk full: all but 2 MB taken by a file beside the database, then large pages until one is refused.
    const free = () => { const s = statfsSync(dir); return s.bavail * s.bsize; };
    writeFileSync(filler, Buffer.alloc(Math.max(0, free() - 2 * 1024 * 1024)));
    const acked = [];
    const statuses = {};
    for (let i = 0; i < 40; i++) {
      const r = await call(p.url, 'POST', base, { title: `Large ${i}`, markdown: words(8000) }, user.token);
      statuses[r.status] = (statuses[r.status] ?? 0) + 1;
      if (r.status === 201) acked.push(r.body.id);
      const c = await call(p.url, 'POST', `/v1/spaces/${space.id}/comments`, { body: { markdown: words(200) } }, user.token);
      statuses[`comment ${c.status}`] = (statuses[`comment ${c.status}`] ?? 0) + 1;
    }
    check('writes past the space left answer 507 naming the full disk (no 500)', tally[507] > 0 && alive(p), JSON.stringify(statuses));
    const reads = await call(p.url, 'GET', base, undefined, user.token);
    const tree = flatten(reads.body?.pages);
    check('reads go on while the disk is full; every acknowledged page is there', reads.status === 200 && acked.every((id) => tree.some((x) => x.id === id)), `${acked.length} acknowledged, ${tree.length} listed`);
    rmSync(filler);
    let again = { status: 0 };
    for (let i = 0; i < 20 && again.status !== 201; i++) {
      again = await call(p.url, 'POST', base, { title: 'After', markdown: words(8000) }, user.token);
      if (again.status !== 201) await sleep(200);
    }
    check('writes succeed again once there is space', again.status === 201, `${again.status}`);

    // The data folder read-only (a read-only bind mount over it: files already open, such as the database and its
    // WAL, stay writable, as when a volume is remounted under a running process; new files cannot be made), then
    // writable again. A file upload writes its bytes to a new file of the data folder.
    const upload = (name) => fetch(`${p.url}/v1/spaces/${space.id}/content/files?name=${name}`, { method: 'POST', headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/octet-stream' }, body: Buffer.from(`bytes of ${name} ${Date.now()}`) })
      .then(async (r) => ({ status: r.status, body: await r.json().catch(() => undefined) }));
    execFileSync('mount', ['--bind', dir, dir], { stdio: 'ignore' });
    let roWrite;
    let roRead;
    try {
      execFileSync('mount', ['-o', 'remount,bind,ro', dir], { stdio: 'ignore' });
      roWrite = await upload('read-only.txt');
      if (roWrite.status >= 500 && !/^(Service unavailable|Insufficient storage): /.test(roWrite.body?.error?.message ?? '')) bad5xx.push(`upload: ${roWrite.status} ${JSON.stringify(roWrite.body)}`);
      roRead = await call(p.url, 'GET', `/v1/spaces/${space.id}`, undefined, user.token);
    } finally {
      execFileSync('umount', [dir], { stdio: 'ignore' });
    }
    check('a file upload into a read-only data folder answers 503 naming it', roWrite.status === 503 && /read-only/.test(roWrite.body?.error?.message ?? ''), `${roWrite.status} ${roWrite.body?.error?.message?.slice(0, 140)}`);
    check('reads are answered while it is read-only', roRead.status === 200, `${roRead.status}`);
    const files = await call(p.url, 'GET', `/v1/spaces/${space.id}/content/files`, undefined, user.token);
    check('the refused upload left no file in the space', files.status === 200 && !files.body.items.some((f) => f.name === 'read-only.txt'), `${files.body?.items?.length} files`);
    const back = await upload('writable-again.txt');
    check('uploads succeed once it is writable again', back.status === 201, `${back.status}`);

    // Another process holds the file's write lock (a backup, a sqlite3 prompt): a write waits for it, other
    // requests are answered meanwhile, and the write goes through once the lock is let go.
    const { spawn } = await import('node:child_process');
    const holder = spawn(process.execPath, ['-e', `const db = new (require('better-sqlite3'))(process.argv[1]); db.exec('begin immediate'); process.stdout.write('held\\n'); process.stdin.once('data', () => { db.exec('rollback'); process.exit(0); });`, join(dir, 'bindery.sqlite')],
      { cwd: join(new URL('..', import.meta.url).pathname, 'apps/server'), stdio: ['pipe', 'pipe', 'inherit'] });
    await new Promise((resolve) => holder.stdout.once('data', resolve));
    let renameDone = false;
    const rename = call(p.url, 'PATCH', `/v1/orgs/${org.id}`, { title: 'Renamed while locked' }, user.token).finally(() => (renameDone = true));
    await sleep(100);
    const during = await call(p.url, 'GET', `/v1/spaces/${space.id}`, undefined, user.token);
    const answeredFirst = !renameDone;
    holder.stdin.write('go\n');
    const renamed = await rename;
    check('a write waiting for another process\'s lock on the file leaves other requests answered', during.status === 200 && answeredFirst, `read ${during.status} after ${during.ms} ms, the write still waiting: ${answeredFirst}`);
    check('the write goes through once the lock is let go', renamed.status === 200, `${renamed.status} after ${renamed.ms} ms`);

    // Clients that abort: a large create cut mid-body (never whole: must create nothing), PDF exports abandoned.
    const threadsBefore = threads(p.pid);
    const cut = [];
    for (let i = 0; i < 10; i++) {
      const body = JSON.stringify({ title: `Cut ${i}`, markdown: words(40_000) });
      cut.push(new Promise((resolve) => {
        const req = request(p.url + base, { method: 'POST', headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } });
        req.on('error', () => resolve());
        req.on('response', (res) => { res.resume(); res.on('end', resolve); });
        req.write(body.slice(0, body.length / 2));
        setTimeout(() => { req.destroy(); resolve(); }, 100);
      }));
    }
    await Promise.all(cut);
    const pdf = await call(p.url, 'GET', `/v1/spaces/${space.id}/pdf`, undefined, user.token);
    const pdfPath = new URL(pdf.body.url).pathname;
    for (let i = 0; i < 10; i++) {
      const ac = new AbortController();
      const r = fetch(p.url + pdfPath, { signal: ac.signal }).then((res) => res.body?.getReader().read()).catch(() => undefined);
      await sleep(20 + i * 10);
      ac.abort();
      await r;
    }
    await sleep(1500);
    const whole = await fetch(p.url + pdfPath);
    const bytes = Buffer.from(await whole.arrayBuffer());
    const afterTree = flatten((await call(p.url, 'GET', base, undefined, user.token)).body.pages);
    check('a create cut mid-body makes no page', !afterTree.some((x) => x.title.startsWith('Cut ')));
    check('abandoned PDF exports leave no thread behind; a whole one still renders', threads(p.pid) <= threadsBefore + 1 && whole.status === 200 && bytes.subarray(0, 5).toString() === '%PDF-',
      `threads ${threadsBefore} -> ${threads(p.pid)}, PDF ${whole.status} ${bytes.length} bytes`);
    check('the process is up after every fault', alive(p));
    await p.stop();
    p = undefined;
    const file = new SQLite(join(dir, 'bindery.sqlite'), { readonly: true });
    const integrity = file.pragma('integrity_check', { simple: true });
    file.close();
    check('the SQLite file is sound after it all (integrity_check)', integrity === 'ok', String(integrity));
  } finally {
    await p?.stop().catch(() => undefined);
    try { execFileSync('umount', [dir], { stdio: 'ignore' }); } catch {}
    rmSync(dir, { recursive: true, force: true });
  }
}

try {
  await postgresFaults();
  await sqliteFaults();
} catch (err) {
  check('the run itself', false, err?.stack ?? String(err));
}
check('no 5xx other than 503/507 naming its cause', bad5xx.length === 0, bad5xx.slice(0, 5).join(' | '));
console.log(`fault-db: ${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);

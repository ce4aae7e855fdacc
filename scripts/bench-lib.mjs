// Shared pieces of the request-path benchmarks (bench.mjs, bench-profile.mjs): Bindery as a child process (as it
// runs in production: `node apps/server/dist/main.js`, logging at its default level to a pipe), the baselines
// (bench-mirror.mjs), a fixture built through the API, the ladder of requests, and autocannon runs.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

export const root = new URL('..', import.meta.url).pathname;
export const require = createRequire(join(root, 'apps/server/package.json'));
/** A module of the built server (apps/server/dist), for scripts that run Bindery in their own process. */
export const dist = (p) => import(pathToFileURL(join(root, 'apps/server/dist', p)).href);
const autocannon = require('autocannon');

export const ADMIN_TOKEN = 'bdy_bench_admin_token_0123456789abcdefgh';
/** One key for every process of a run (processes sharing a database must share it). */
const SECRETS_KEY = 'b1'.repeat(32);

/** `--name=value` of the command line (the value may hold '='), or def. */
export const arg = (name, def) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=').slice(1).join('=') ?? def;

/** A fresh PostgreSQL database for one benchmark run (the test harness's helper, from the build). */
export async function createPgDatabase(prefix = 'bindery_bench') {
  const { createTestDatabase } = await import(pathToFileURL(join(root, 'apps/server/dist/testing/pg-databases.js')).href);
  return createTestDatabase(prefix);
}

/**
 * A port free now, chosen by the kernel. (Until session 18 ports were counted from 18500 + (pid % 200) * 5: two
 * benchmark processes of other helpers whose pids agree mod 200 took the same ports, and a server that could not
 * listen exited while `waitReady` was answered by the other one's — its load then ran against someone else's server:
 * "server CPU NaN", 0.004 queries a request.)
 */
function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/** Waits until a server answers `/healthz` (60 s at most; fails at once when `child`, if given, has exited). */
export async function waitReady(url, child) {
  for (let i = 0; i < 600; i++) {
    if (child && child.exitCode !== null) throw new Error(`${url}: the process exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/healthz`)).status === 200) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} never became ready`);
}

/** Drains a child's stdout (its log lines go to a pipe, as to a log collector) and counts the bytes. */
function drain(child) {
  const counter = { bytes: 0 };
  child.stdout?.on('data', (b) => { counter.bytes += b.length; });
  return counter;
}

function stopper(child, cleanup) {
  return async () => {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
    cleanup?.();
  };
}

/**
 * Starts `node apps/server/dist/main.js` (production configuration: response validation off, LOG_LEVEL info).
 * `dataDir` may be shared by processes on one PostgreSQL; `nodeArgs` e.g. ['--inspect=…']; `serverRoot`: another
 * build of the repository (e.g. an earlier commit, to compare with).
 */
export async function startBindery({ databaseUrl, dataDir, nodeArgs = [], env = {}, serverRoot = root } = {}) {
  const port = await freePort();
  const own = !dataDir;
  const dir = dataDir ?? mkdtempSync(join(tmpdir(), 'bindery-bench-'));
  const child = spawn(process.execPath, [...nodeArgs, join(serverRoot, 'apps/server/dist/main.js')], {
    env: {
      ...process.env, NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', BINDERY_DATA_DIR: dir,
      BINDERY_ADMIN_TOKEN: ADMIN_TOKEN, BINDERY_SECRETS_KEY: SECRETS_KEY, LOG_LEVEL: 'info', ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}), ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const log = drain(child);
  const url = `http://127.0.0.1:${port}`;
  await waitReady(url, child);
  return { url, child, pid: child.pid, log, dataDir: dir, stop: stopper(child, own ? () => rmSync(dir, { recursive: true, force: true }) : undefined) };
}

/**
 * Starts a baseline server (scripts/bench-mirror.mjs) answering the recorded responses: `bare` is node:http
 * writing the same bytes; `stack` is Express + express-openapi-validator on the same spec, answering constants.
 */
export async function startMirror(mode, recorded) {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'bindery-mirror-'));
  const file = join(dir, 'responses.json');
  writeFileSync(file, JSON.stringify(recorded));
  const child = spawn(process.execPath, [join(root, 'scripts/bench-mirror.mjs'), mode, String(port), file], { stdio: ['ignore', 'pipe', 'inherit'] });
  drain(child);
  const url = `http://127.0.0.1:${port}`;
  await waitReady(url, child);
  return { url, child, pid: child.pid, stop: stopper(child, () => rmSync(dir, { recursive: true, force: true })) };
}

async function call(url, token, method, path, body) {
  const res = await fetch(url + path, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${text}`);
  return text ? JSON.parse(text) : undefined;
}

/**
 * The data the ladder reads, built through the API: an organization owned by one user, a member with the `edit`
 * role (who makes every request, so membership and grants are looked up as for any caller), a collection holding
 * a space filled from the product-docs template, and a second space with a grant to the member.
 */
export async function buildFixture(url) {
  const admin = (m, p, b) => call(url, ADMIN_TOKEN, m, p, b);
  const mkUser = async (name) => {
    const u = await admin('POST', '/v1/users', { email: `${name}-${Date.now()}@bench.example`, displayName: name });
    const t = await admin('POST', `/v1/users/${u.id}/tokens`, { label: 'bench' });
    return { id: u.id, email: u.email, token: t.token };
  };
  const owner = await mkUser('owner');
  const member = await mkUser('member');
  const as = (who) => (m, p, b) => call(url, who.token, m, p, b);
  const org = await as(owner)('POST', '/v1/orgs', { title: 'Bench org' });
  await as(owner)('POST', `/v1/orgs/${org.id}/invites`, { emails: [member.email], role: 'edit' });
  const collection = await as(owner)('POST', `/v1/orgs/${org.id}/collections`, { title: 'Guides' });
  const space = await as(owner)('POST', `/v1/orgs/${org.id}/spaces`, { title: 'Docs', parent: collection.id });
  await as(owner)('POST', `/v1/spaces/${space.id}/content/template`, { id: 'product-docs' });
  const other = await as(owner)('POST', `/v1/orgs/${org.id}/spaces`, { title: 'Other' });
  await as(owner)('POST', `/v1/spaces/${other.id}/permissions`, { users: [member.id], role: 'admin' });
  const pages = await as(member)('GET', `/v1/spaces/${space.id}/content/pages`);
  const firstPage = (function find(list) {
    for (const p of list) {
      if (p.type === 'document') return p;
      const inner = find(p.pages ?? []);
      if (inner) return inner;
    }
  })(pages.pages);
  const changeRequest = await as(member)('POST', `/v1/spaces/${space.id}/change-requests`, { subject: 'Bench' });
  return { owner, member, org: org.id, space: space.id, page: firstPage.id, changeRequest: changeRequest.id };
}

/** The ladder: from the cheapest request to the costliest, each as the member would make it. */
export function ladder(fx) {
  const auth = { authorization: `Bearer ${fx.member.token}` };
  const json = { ...auth, 'content-type': 'application/json' };
  return [
    { label: 'GET /healthz', method: 'GET', path: '/healthz', headers: {} },
    { label: 'GET /v1 (public)', method: 'GET', path: '/v1', headers: {} },
    { label: 'GET /v1/user', method: 'GET', path: '/v1/user', headers: auth },
    { label: 'GET space', method: 'GET', path: `/v1/spaces/${fx.space}`, headers: auth },
    { label: 'list spaces', method: 'GET', path: `/v1/orgs/${fx.org}/spaces`, headers: auth },
    { label: 'GET page', method: 'GET', path: `/v1/spaces/${fx.space}/content/page/${fx.page}`, headers: auth },
    { label: 'POST comment', method: 'POST', path: `/v1/spaces/${fx.space}/comments`, headers: json, body: JSON.stringify({ body: { markdown: 'Looks *good* to me.' } }) },
    { label: 'POST CR comment', method: 'POST', path: `/v1/spaces/${fx.space}/change-requests/${fx.changeRequest}/comments`, headers: json, body: JSON.stringify({ body: { markdown: 'Looks *good* to me.' } }) },
    { label: 'search', method: 'GET', path: `/v1/spaces/${fx.space}/search?query=install`, headers: auth },
  ];
}

/** A read-heavy mix (nine reads, one write), for the multi-process comparison. */
export function readHeavyMix(fx) {
  const steps = ladder(fx).filter((s) => s.path !== '/healthz' && s.path !== '/v1');
  const reads = steps.filter((s) => s.method === 'GET');
  const write = steps.find((s) => s.method === 'POST');
  return [...reads, ...reads.slice(0, 4), write].map(({ method, path, headers, body }) => ({ method, path, headers, ...(body ? { body } : {}) }));
}

/** Records what Bindery answers to each step (status, content type, bytes), for the baselines to answer. */
export async function record(url, steps) {
  const out = [];
  for (const s of steps) {
    const res = await fetch(url + s.path, { method: s.method, headers: s.headers, body: s.body });
    const bytes = Buffer.from(await res.arrayBuffer());
    if (res.status >= 300) throw new Error(`${s.label}: ${res.status} ${bytes}`);
    out.push({ method: s.method, path: s.path.split('?')[0], status: res.status, contentType: res.headers.get('content-type'), body: bytes.toString('base64') });
  }
  return out;
}

/** CPU time (user + system, all threads) a process has used so far, in microseconds (Linux /proc). */
export function cpuMicros(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * (1e6 / CLOCK_TICKS);
  } catch {
    return NaN;
  }
}
const CLOCK_TICKS = 100; // sysconf(_SC_CLK_TCK) on Linux

/**
 * One autocannon run: requests per second (mean), latencies, anything that was not a 2xx, and — when `pids` are
 * given — the CPU time those processes spent per request (robust to a machine shared with other work, where
 * requests per second are not). `dbPids`: the database backends to count, a list or a function that looks them up;
 * a function is called before and after the run, and a backend that appeared meanwhile counts all its CPU (a pool
 * growing under load opens connections during the run: looked up only before, their work was left out — a build
 * whose requests hold connections longer could read *lower*: a look-up before the warm-up read 15 against 144 us a
 * CR comment for one build, docs/performance.md session 18).
 */
export async function load(url, { connections, duration, method = 'GET', path = '/', headers = {}, body, requests, pids = [], dbPids = [] }) {
  const before = pids.map(cpuMicros);
  const lookUp = typeof dbPids === 'function' ? dbPids : async () => dbPids;
  const dbStart = await lookUp();
  const dbBefore = new Map(dbStart.map((pid) => [pid, cpuMicros(pid)]));
  const r = await new Promise((resolve, reject) => {
    autocannon(
      { url: url + (requests ? '' : path), connections, duration, method, headers, body, ...(requests ? { requests } : {}) },
      (err, res) => (err ? reject(err) : resolve(res)),
    );
  });
  const cpu = pids.reduce((n, pid, i) => n + cpuMicros(pid) - before[i], 0);
  const dbAll = new Set([...dbStart, ...(typeof dbPids === 'function' ? await lookUp() : [])]);
  // A backend that ended meanwhile counts nothing (its /proc entry is gone); one that started meanwhile, all of its CPU.
  let dbCpu = 0;
  for (const pid of dbAll) {
    const d = cpuMicros(pid) - (dbBefore.get(pid) ?? 0);
    if (!Number.isNaN(d)) dbCpu += d;
  }
  return {
    rps: r.requests.average, total: r.requests.total, p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx, errors: r.errors + r.timeouts,
    latency: { mean: r.latency.average, p50: r.latency.p50, p90: r.latency.p90, p97_5: r.latency.p97_5, p99: r.latency.p99, p99_9: r.latency.p99_9, max: r.latency.max },
    cpuPerRequest: pids.length ? cpu / Math.max(1, r.requests.total) : NaN,
    dbCpuPerRequest: dbAll.size ? dbCpu / Math.max(1, r.requests.total) : NaN,
    dbBackends: dbAll.size,
  };
}

export const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/** The machine's load average (1, 5 min) and core count, to print beside the figures. */
export async function machineLoad() {
  const os = await import('node:os');
  const [one, five] = os.loadavg();
  return `load average ${one.toFixed(2)} / ${five.toFixed(2)} on ${os.cpus().length} cores`;
}

/** Ms of the monotonic clock the V8 profiler stamps its samples with (a profile's `startTime` is in its µs). */
export const monoMs = () => Number(process.hrtime.bigint() / 1000n) / 1000;

/** The event loop's stalls: gaps over `over` ms between ticks of a 2 ms timer, with their start and end in monoMs. */
export function stallTicker(over = 20) {
  const gaps = [];
  let last = monoMs();
  const timer = setInterval(() => {
    const now = monoMs();
    if (now - last > over) gaps.push({ from: last, to: now, ms: now - last });
    last = now;
  }, 2);
  return { gaps, stop: () => clearInterval(timer) };
}

/** A CPU profile's samples with their times in monoMs, and a label (function file:line) for a node id. */
export function profileSamples(profile) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const label = (id) => {
    const f = byId.get(id).callFrame;
    return `${f.functionName || '(anonymous)'} ${f.url.replace(/^.*\/(node_modules\/\.pnpm\/[^/]+\/node_modules\/|apps\/server\/)/, '')}:${f.lineNumber + 1}`;
  };
  let t = profile.startTime;
  const times = profile.timeDeltas.map((d) => (t += d) / 1000);
  return { byId, label, times };
}

/**
 * Bindery in this process (for benches that profile or watch its event loop), from the build at `distDir`, on a new
 * data folder (SQLite unless `databaseUrl`), silent. `load(p)`: a module of that build. `stop()` closes and cleans up.
 */
export async function startInProcess({ distDir = join(root, 'apps/server/dist'), prefix = 'bindery-bench-', token, env = {}, databaseUrl } = {}) {
  const load = (p) => import(pathToFileURL(join(distDir, p)).href);
  const pino = require('pino');
  const { loadConfig } = await load('config.js');
  const { startServer } = await load('server.js');
  const dataDir = mkdtempSync(join(tmpdir(), prefix));
  const config = { ...loadConfig(env), port: 0, host: '127.0.0.1', dataDir, adminToken: token, logLevel: 'silent', validateResponses: false, databaseUrl, bodyLimit: '50mb' };
  const server = await startServer(config, { logger: pino({ level: 'silent' }), jobWorker: false });
  const stop = async () => {
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
  return { server, load, stop };
}

/** The `p`th percentile of `xs` (nearest rank; 0 for none). */
export function percentile(xs, p) {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] : 0;
}

/** A JSON caller of a server's API with a token: `(method, path, body?, type?)` → the parsed answer; throws past 2xx. */
export function apiCaller(baseUrl, token) {
  return async (method, path, body, type = 'application/json') => {
    const res = await fetch(baseUrl + path, { method, headers: { authorization: `Bearer ${token}`, ...(body !== undefined ? { 'content-type': type } : {}) }, body: body === undefined ? undefined : type === 'application/json' ? JSON.stringify(body) : body });
    const text = await res.text();
    if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 300)}`);
    return text ? JSON.parse(text) : undefined;
  };
}

/** A process's resident memory now (`rss`) and at its peak (`hwm`, VmHWM), in bytes, from /proc. */
export function procMemory(pid) {
  const text = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (k) => Number(new RegExp(`^${k}:\\s+(\\d+)`, 'm').exec(text)?.[1] ?? NaN) * 1024;
  return { rss: kb('VmRSS'), hwm: kb('VmHWM') };
}

/**
 * A JSON request by node:http with a token (fetch gives up waiting for headers after 300 s; a large import or
 * export on a busy machine may take longer): the parsed answer; throws past 2xx.
 */
export function slowApiCall(url, token, method, path, body) {
  const data = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = httpRequest(url + path, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(data !== undefined ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(data) } : {}) },
    }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        if (res.statusCode >= 300) reject(new Error(`${method} ${path}: ${res.statusCode} ${text.slice(0, 500)}`));
        else resolve(text ? JSON.parse(text) : undefined);
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(data);
  });
}

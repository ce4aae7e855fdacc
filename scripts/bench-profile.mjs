#!/usr/bin/env node
// Profiles the request path under load: starts Bindery (production configuration) with the inspector open,
// builds the benchmark fixture, loads one step of the ladder with autocannon, and prints where the server's CPU
// went during the measured run only (the V8 sampling profiler over the inspector, as `--cpu-prof` samples but
// without the start-up): the top functions by self time and the share of each package.
// Usage: pnpm build && node scripts/bench-profile.mjs [--step="GET /v1/user"] [--dialect=sqlite|postgres]
//        [--duration=10] [--connections=20] [--top=25] [--keep=<file.cpuprofile>] [--root=<another build>]
import { writeFileSync } from 'node:fs';
import { arg, buildFixture, createPgDatabase, ladder, load, machineLoad, startBindery } from './bench-lib.mjs';

const stepName = arg('step', 'GET /v1/user');
const dialect = arg('dialect', 'sqlite');
const duration = Number(arg('duration', 10));
const connections = Number(arg('connections', 20));
const top = Number(arg('top', 25));
const keep = arg('keep', undefined);
const serverRoot = arg('root', undefined);

/** Which package a frame belongs to, for the per-package shares. */
export function packageOf(url, name) {
  if (!url) return name === '(garbage collector)' ? 'gc' : name === '(idle)' || name === '(program)' ? name : 'native';
  const m = /node_modules\/(?:\.pnpm\/[^/]+\/node_modules\/)?((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (m) return m[1];
  if (url.startsWith('node:')) return 'node:' + url.slice(5).split('/')[0];
  const s = /apps\/server\/dist\/([^/]+)/.exec(url);
  if (s) return 'bindery/' + s[1].replace(/\.js$/, '');
  return url;
}

/** Self time per function and per package, in ms, from a .cpuprofile. */
export function summarize(profile) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map();
  const dt = profile.timeDeltas;
  for (let i = 0; i < profile.samples.length; i++) self.set(profile.samples[i], (self.get(profile.samples[i]) ?? 0) + (dt[i] ?? 0));
  const fns = new Map();
  const pkgs = new Map();
  let total = 0;
  for (const [id, us] of self) {
    const n = byId.get(id);
    const cf = n.callFrame;
    const file = cf.url ? cf.url.replace(/^.*node_modules\/(\.pnpm\/[^/]+\/node_modules\/)?/, '').replace(/^.*apps\/server\/dist\//, 'dist/').replace(/^file:\/\//, '') : '';
    const key = `${cf.functionName || '(anonymous)'}  ${file}${cf.url ? ':' + (cf.lineNumber + 1) : ''}`;
    fns.set(key, (fns.get(key) ?? 0) + us);
    const pkg = packageOf(cf.url, cf.functionName);
    pkgs.set(pkg, (pkgs.get(pkg) ?? 0) + us);
    total += us;
  }
  const idle = (pkgs.get('(idle)') ?? 0);
  return { total, idle, fns: [...fns].sort((a, b) => b[1] - a[1]), pkgs: [...pkgs].sort((a, b) => b[1] - a[1]) };
}

/** Connects to the inspector of a process started with --inspect=host:port (Chrome DevTools Protocol). */
async function inspector(port) {
  const [target] = await (await fetch(`http://127.0.0.1:${port}/json/list`)).json();
  const ws = new WebSocket(target.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => { ws.onopen = resolve; ws.onerror = reject; });
  let id = 0;
  const pending = new Map();
  ws.onmessage = (e) => {
    const m = JSON.parse(e.data);
    if (m.id && pending.has(m.id)) { pending.get(m.id)(m); pending.delete(m.id); }
  };
  return {
    send: (method, params = {}) => new Promise((resolve, reject) => {
      const n = ++id;
      pending.set(n, (m) => (m.error ? reject(new Error(m.error.message)) : resolve(m.result)));
      ws.send(JSON.stringify({ id: n, method, params }));
    }),
    close: () => ws.close(),
  };
}

/** Profiles `step` (a ladder step) on a running server: only the measured run is sampled, not the start. */
export async function profileStep(server, inspectPort, step, { connections, duration }) {
  const cdp = await inspector(inspectPort);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  await load(server.url, { connections, duration: 2, ...step }); // warm-up
  const loadAvg = await machineLoad();
  await cdp.send('Profiler.start');
  const r = await load(server.url, { connections, duration, ...step });
  const { profile } = await cdp.send('Profiler.stop');
  cdp.close();
  return { result: r, profile, loadAvg };
}

export function printProfile(profile, topN = 25) {
  const s = summarize(profile);
  const pct = (us) => ((100 * us) / s.total).toFixed(1).padStart(5) + '%';
  const lines = [`server CPU profile: ${(s.total / 1e6).toFixed(1)} s sampled, idle ${pct(s.idle)}`, '', 'top functions by self time:'];
  for (const [k, us] of s.fns.filter(([k]) => !k.startsWith('(idle)')).slice(0, topN)) lines.push(`${pct(us)}  ${k}`);
  lines.push('', 'by package:');
  for (const [k, us] of s.pkgs.filter(([k]) => k !== '(idle)').slice(0, 16)) lines.push(`${pct(us)}  ${k}`);
  return lines.join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const pgDb = dialect === 'postgres' ? await createPgDatabase('bindery_prof') : undefined;
  const inspectPort = 19900 + (process.pid % 90);
  const server = await startBindery({ databaseUrl: pgDb?.url, nodeArgs: [`--inspect=127.0.0.1:${inspectPort}`], ...(serverRoot ? { serverRoot } : {}) });
  try {
    const fx = await buildFixture(server.url);
    const step = ladder(fx).find((s) => s.label === stepName);
    if (!step) throw new Error(`no step ${stepName}; steps: ${ladder(fx).map((s) => s.label).join(', ')}`);
    const { result: r, profile, loadAvg } = await profileStep(server, inspectPort, step, { connections, duration });
    console.log(`${stepName} on ${dialect}, c=${connections}, ${duration} s: ${Math.round(r.rps)} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms${r.non2xx ? `, non-2xx ${r.non2xx}` : ''} (${loadAvg})\n`);
    console.log(printProfile(profile, top));
    if (keep) {
      writeFileSync(keep, JSON.stringify(profile));
      console.log(`\nprofile written to ${keep} (open it in Chrome DevTools)`);
    }
  } finally {
    await server.stop();
    await pgDb?.drop();
  }
}

#!/usr/bin/env node
// Updating a large page over HTTP: PATCH a realistic page (--size KB) alternately with two texts one word apart (the
// same links), on a server of this build and, with --compare=<root>, on one of another build, alternating; the CPU of
// each server process per update, by thread (main = its event loop, workers = content and checkpoint workers, other =
// V8's threads), medians after --warm updates. Each server's space holds 5 other pages of the same text first.
//
// Usage: pnpm --filter @bindery/server build && node scripts/bench-page-update.mjs [--size=250] [--updates=20] [--warm=10] [--compare=<root>]
import { readdirSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { arg, dist, startBindery, ADMIN_TOKEN, root } from './bench-lib.mjs';

const sizeKb = Number(arg('size', 250));
const n = Number(arg('updates', 20));
const warm = Number(arg('warm', 10));
const compare = arg('compare', undefined);
const { realisticPage } = await dist('testing/docs-corpus.js');
const md = realisticPage(sizeKb * 1024);
const at = md.indexOf(' the ', 1000);
const texts = [md, `${md.slice(0, at)} a ${md.slice(at + 5)}`];
const threads = (pid) => {
  const out = { main: 0, workers: 0, other: 0 };
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      const comm = readFileSync(`/proc/${pid}/task/${tid}/comm`, 'utf8').trim();
      const ns = Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ')[0]);
      out[Number(tid) === pid ? 'main' : comm === 'WorkerThread' ? 'workers' : 'other'] += ns;
    } catch {
      // the thread ended meanwhile
    }
  }
  return out;
};
console.log(`PATCH of a ${sizeKb} KB page, two texts one word apart; load average ${loadavg().map((x) => x.toFixed(2)).join(' ')}`);
const servers = [];
try {
  for (const [name, serverRoot] of [['this build', root], ...(compare ? [['compared', compare]] : [])]) {
    const s = await startBindery({ serverRoot });
    const call = async (method, path, body) => {
      const res = await fetch(s.url + path, { method, headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
      const text = await res.text();
      if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 200)}`);
      return JSON.parse(text);
    };
    servers.push({ name, s, res: { main: [], workers: [], other: [], total: [] } });
    const org = await call('POST', '/v1/orgs', { title: 'Bench' });
    const space = await call('POST', `/v1/orgs/${org.id}/spaces`, { title: 'Updates' });
    for (let i = 0; i < 5; i++) await call('POST', `/v1/spaces/${space.id}/content/pages`, { title: `Other ${i}`, markdown: md });
    const page = await call('POST', `/v1/spaces/${space.id}/content/pages`, { title: 'Edited', markdown: md });
    servers.at(-1).update = (k) => call('PATCH', `/v1/spaces/${space.id}/content/page/${page.id}`, { markdown: texts[k % 2] });
  }
  for (let i = 0; i < warm; i++) for (const x of servers) await x.update(i + 1);
  for (let i = 0; i < n; i++) {
    for (const x of i % 2 ? servers : [...servers].reverse()) {
      await new Promise((r) => setTimeout(r, 20));
      const before = threads(x.s.pid);
      await x.update(i);
      const after = threads(x.s.pid);
      let total = 0;
      for (const k of ['main', 'workers', 'other']) {
        const d = (after[k] - before[k]) / 1e6;
        x.res[k].push(d);
        total += d;
      }
      x.res.total.push(total);
    }
  }
  const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
  for (const x of servers) console.log(`${x.name.padEnd(10)} cpu per update (median of ${n}): ${Object.entries(x.res).map(([k, v]) => `${k} ${median(v).toFixed(1)} ms`).join(', ')}`);
  console.log(`load average at the end ${loadavg().map((x) => x.toFixed(2)).join(' ')}`);
} finally {
  for (const x of servers) await x.s.stop();
}

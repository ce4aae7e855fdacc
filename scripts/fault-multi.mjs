#!/usr/bin/env node
// Fault run: two stateless Bindery processes share one PostgreSQL database (as behind a load balancer). Writes go
// to both, alternately; one process is killed with SIGKILL in the middle. Checks: every write acknowledged by
// either process is readable from the survivor, member and comment counts are exact, and the killed process restarts
// cleanly.
// Usage: pnpm build && node scripts/fault-multi.mjs [--writes=400]   (needs PostgreSQL at 127.0.0.1:5432)
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { waitReady } from './bench-lib.mjs';

const root = new URL('..', import.meta.url).pathname;
const require = createRequire(join(root, 'apps/server/package.json'));
const pg = require('pg');
const writes = Number(process.argv.find((a) => a.startsWith('--writes='))?.split('=')[1] ?? 400);
const adminUrl = process.env.TEST_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const dbName = `bindery_fault_${process.pid}`;
const token = 'bdy_fault_admin_token_0123456789abcdef';
// The processes of one deployment share the secrets key (a process with another key refuses to start).
const secretsKey = randomBytes(32).toString('hex');

async function admin(sql) {
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  await c.query(sql);
  await c.end();
}

function startProcess(port) {
  const child = spawn(process.execPath, [join(root, 'apps/server/dist/main.js')], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: adminUrl.replace(/\/[^/]*$/, `/${dbName}`), BINDERY_ADMIN_TOKEN: token, BINDERY_SECRETS_KEY: secretsKey, LOG_LEVEL: 'warn', BINDERY_DATA_DIR: mkdtempSync(join(tmpdir(), 'bindery-fault-')) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return { child, url: `http://127.0.0.1:${port}` };
}


const call = (url, method, path, body) =>
  fetch(url + path, { method, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: body && JSON.stringify(body) });

await admin(`create database ${dbName}`);
let a = startProcess(18401);
const b = startProcess(18402);
try {
  await Promise.all([waitReady(a.url), waitReady(b.url)]);
  const org = await (await call(a.url, 'POST', '/v1/orgs', { title: 'Fault run' })).json();
  const space = await (await call(a.url, 'POST', `/v1/orgs/${org.id}/spaces`, { title: 'Discussed' })).json();
  const acked = [];
  const ackedComments = [];
  let refused = 0;
  let serverErrors = 0;
  const killAt = Math.floor(writes / 2);
  for (let i = 0; i < writes; i += 8) {
    if (i >= killAt && a.child.exitCode === null && !a.killed) {
      a.child.kill('SIGKILL');
      a.killed = true;
      console.log(`killed process A (SIGKILL) after ${i} writes`);
    }
    await Promise.all(
      Array.from({ length: 8 }, async (_, j) => {
        const n = i + j;
        const target = n % 2 === 0 ? a : b;
        try {
          const email = `user${n}-${process.pid}@fault.example`;
          const u = await call(target.url, 'POST', '/v1/users', { email, displayName: `User ${n}` });
          if (u.status >= 500) serverErrors++;
          if (u.status !== 201) return;
          const inv = await call(target.url, 'POST', `/v1/orgs/${org.id}/invites`, { emails: [email], role: 'read' });
          if (inv.status >= 500) serverErrors++;
          if (inv.status === 200) acked.push((await u.json()).id);
          // A comment on one space from both processes (on PostgreSQL posts at once share a statement: group commit).
          const c = await call(target.url, 'POST', `/v1/spaces/${space.id}/comments`, { body: { markdown: `comment ${n}` } });
          if (c.status >= 500) serverErrors++;
          if (c.status === 200) ackedComments.push((await c.json()).id);
        } catch {
          refused++; // the killed process: connection refused or reset
        }
      }),
    );
  }
  // Every acknowledged write is visible from the survivor, and the count is exact.
  const members = await (await call(b.url, 'GET', `/v1/orgs/${org.id}/members?limit=1000&role=read`)).json();
  const visible = new Set(members.items.map((m) => m.id));
  const missing = acked.filter((id) => !visible.has(id));
  console.log(`acknowledged ${acked.length} invites, ${refused} requests refused by the killed process, ${serverErrors} server errors`);
  console.log(`survivor sees ${members.count} read members; missing acknowledged: ${missing.length}`);
  // Every acknowledged comment is readable from the survivor, and the space counts exactly those.
  let missingComments = 0;
  for (const id of ackedComments) if ((await call(b.url, 'GET', `/v1/spaces/${space.id}/comments/${id}`)).status !== 200) missingComments++;
  const counted = (await (await call(b.url, 'GET', `/v1/spaces/${space.id}`)).json()).comments;
  const listed = (await (await call(b.url, 'GET', `/v1/spaces/${space.id}/comments?limit=0`)).json()).count;
  console.log(`acknowledged ${ackedComments.length} comments; survivor: ${missingComments} missing, space.comments ${counted}, listed ${listed}`);
  // Restart the killed process against the same database.
  a = startProcess(18401);
  await waitReady(a.url);
  const again = await (await call(a.url, 'GET', `/v1/orgs/${org.id}/members?limit=0&role=read`)).json();
  console.log(`restarted process A sees ${again.count} read members`);
  const ok = missing.length === 0 && serverErrors === 0 && members.count === acked.length && again.count === acked.length &&
    missingComments === 0 && counted === ackedComments.length && listed === ackedComments.length;
  console.log(ok ? 'fault run: OK' : 'fault run: FAILED');
  process.exitCode = ok ? 0 : 1;
} finally {
  a.child.kill('SIGTERM');
  b.child.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 500));
  await admin(`drop database if exists ${dbName} with (force)`);
}

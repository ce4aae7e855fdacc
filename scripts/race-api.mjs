#!/usr/bin/env node
// Race run: fires bursts of concurrent requests that touch the same rows (same page, same member, same hostname,
// same site, same team, ...) at a built server over real HTTP, and checks after each burst that nothing answered
// 5xx and that the state is consistent (counts equal the listed rows, numbers unique, the page tree whole, one
// winner for a unique name). On PostgreSQL, requests alternate between two processes sharing the database.
// Usage: pnpm build && node scripts/race-api.mjs [--pg=postgres://postgres@127.0.0.1:5432/bindery_x] [--procs=2]
//        [--only=name,name] [--rounds=3] [--verbose: the answers of each scenario, counted]
// Scenarios named known_* reproduce open bugs and run only when named in --only.
// Exits 1 when a check fails; prints one line per scenario.
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { waitReady } from './bench-lib.mjs';

const root = new URL('..', import.meta.url).pathname;
const arg = (name, def) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=').slice(1).join('=') ?? def;
const pgUrl = arg('pg', '');
const procs = Number(arg('procs', pgUrl ? 2 : 1));
const only = arg('only', '').split(',').filter(Boolean);
const rounds = Number(arg('rounds', 3));
const token = `bdy_race_admin_${randomBytes(12).toString('hex')}`;
// The processes on one database share the key; the database keeps its fingerprint, so it stays the same across runs.
const secretsKey = process.env.BINDERY_SECRETS_KEY ?? createHash('sha256').update(`race:${pgUrl}`).digest('hex');
const basePort = 18500 + (process.pid % 400);

function start(i) {
  const dataDir = mkdtempSync(join(tmpdir(), 'bindery-race-'));
  const env = { ...process.env, PORT: String(basePort + i), HOST: '127.0.0.1', BINDERY_ADMIN_TOKEN: token, BINDERY_SECRETS_KEY: secretsKey, LOG_LEVEL: 'warn', BINDERY_DATA_DIR: dataDir, BINDERY_VALIDATE_RESPONSES: '1', BINDERY_ALLOW_PRIVATE_URLS: '1' };
  if (pgUrl) env.DATABASE_URL = pgUrl;
  else delete env.DATABASE_URL;
  const child = spawn(process.execPath, [join(root, 'apps/server/dist/main.js')], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout.on('data', (d) => {
    for (const line of String(d).split('\n')) if (/"level":(50|60)/.test(line)) process.stderr.write(`[proc ${i}] ${line.slice(0, 6000)}\n`);
  });
  child.stderr.on('data', (d) => {
    const s = String(d);
    if (/error|Error/.test(s)) process.stderr.write(`[proc ${i}] ${s.slice(0, 2000)}`);
  });
  return { child, url: `http://127.0.0.1:${basePort + i}` };
}


const servers = Array.from({ length: procs }, (_, i) => start(i));
let turn = 0;
const failures = [];
const serverErrors = [];
const seen = new Map(); // answers of the current scenario, for --verbose
const verbose = process.argv.includes('--verbose');

async function call(tok, method, path, body, headers = {}) {
  const s = servers[turn++ % servers.length];
  const init = { method, headers: { authorization: `Bearer ${tok}`, ...headers } };
  if (body !== undefined) {
    init.headers['content-type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  const r = await fetch(s.url + path, init);
  const text = await r.text();
  let json;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = text;
  }
  const key = `${method} ${r.status}${r.status >= 400 && json?.error?.message ? ` ${String(json.error.message).slice(0, 90)}` : ''}`;
  seen.set(key, (seen.get(key) ?? 0) + 1);
  if (r.status >= 500) serverErrors.push(`${method} ${path} -> ${r.status} ${text.slice(0, 300)}`);
  return { status: r.status, body: json, headers: r.headers };
}
const api = (tok) => ({
  get: (p, h) => call(tok, 'GET', p, undefined, h),
  post: (p, b, h) => call(tok, 'POST', p, b ?? {}, h),
  put: (p, b, h) => call(tok, 'PUT', p, b ?? {}, h),
  patch: (p, b, h) => call(tok, 'PATCH', p, b ?? {}, h),
  delete: (p, b, h) => call(tok, 'DELETE', p, b, h),
});
const A = api(token);

function check(cond, msg) {
  if (!cond) failures.push(msg);
  return cond;
}
const statuses = (rs) => rs.map((r) => r.status).sort().join(',');
const count = (rs, s) => rs.filter((r) => r.status === s).length;
async function listAll(a, path) {
  const items = [];
  let page;
  for (;;) {
    const r = await a.get(`${path}${path.includes('?') ? '&' : '?'}limit=1000${page ? `&page=${page}` : ''}`);
    if (r.status !== 200) throw new Error(`${path}: ${r.status} ${JSON.stringify(r.body)}`);
    items.push(...r.body.items);
    if (!r.body.next) return { items, count: r.body.count };
    page = r.body.next.page;
  }
}
let seq = 0;
const uniq = () => `${process.pid}-${Date.now().toString(36)}-${seq++}`;

async function mkUser(name = 'User') {
  const email = `${name.toLowerCase()}-${uniq()}@race.example`;
  const u = await A.post('/v1/users', { email, displayName: name });
  if (u.status !== 201) throw new Error(`user: ${u.status} ${JSON.stringify(u.body)}`);
  const t = await A.post(`/v1/users/${u.body.id}/tokens`, { label: 'race' });
  return { id: u.body.id, email, token: t.body.token, api: api(t.body.token) };
}
async function mkOrg(title = 'Race org') {
  const r = await A.post('/v1/orgs', { title });
  if (r.status !== 201) throw new Error(`org: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body;
}
async function mkSpace(org, body = {}) {
  const r = await A.post(`/v1/orgs/${org}/spaces`, { title: 'Race space', ...body });
  if (r.status !== 201) throw new Error(`space: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body;
}
async function invite(org, users, role = 'edit') {
  const r = await A.post(`/v1/orgs/${org}/invites`, { emails: users.map((u) => u.email), role });
  if (r.status !== 200) throw new Error(`invite: ${r.status} ${JSON.stringify(r.body)}`);
}
async function mkPage(space, body) {
  const r = await A.post(`/v1/spaces/${space}/content/pages`, body);
  if (r.status !== 201) throw new Error(`page: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body;
}
function flatten(pages, parent = null, out = []) {
  for (const p of pages ?? []) {
    out.push({ ...p, parent });
    flatten(p.pages, p.id, out);
  }
  return out;
}
async function pageTree(space, cr) {
  const r = await A.get(cr ? `/v1/spaces/${space}/change-requests/${cr}/content/pages` : `/v1/spaces/${space}/content/pages`);
  if (r.status !== 200) throw new Error(`pages: ${r.status} ${JSON.stringify(r.body)}`);
  return flatten(r.body.pages);
}
function treeValid(flat, label) {
  const ids = new Set();
  let ok = true;
  for (const p of flat) {
    if (ids.has(p.id)) ok = check(false, `${label}: page ${p.id} appears twice`) && ok;
    ids.add(p.id);
  }
  const byParent = new Map();
  for (const p of flat) {
    if (p.kind === 'link') continue;
    const k = `${p.parent}`;
    const set = byParent.get(k) ?? new Set();
    if (set.has(p.slug)) ok = check(false, `${label}: duplicate slug "${p.slug}" under ${k}`) && ok;
    set.add(p.slug);
    byParent.set(k, set);
  }
  const paths = new Set();
  for (const p of flat) {
    if (p.kind === 'link' || p.kind === 'group') continue;
    if (paths.has(p.path)) ok = check(false, `${label}: duplicate path "${p.path}"`) && ok;
    paths.add(p.path);
  }
  return ok;
}

// ---------------------------------------------------------------------------------------------------------------
const scenarios = {
  // Change request numbers across processes, with merges and status changes racing.
  async crNumbers() {
    const org = await mkOrg();
    const s = await mkSpace(org.id);
    const rs = await Promise.all(Array.from({ length: 30 }, (_, i) => A.post(`/v1/spaces/${s.id}/change-requests`, { subject: `cr ${i}` })));
    check(count(rs, 201) === 30, `crNumbers: statuses ${statuses(rs)}`);
    const nums = rs.filter((r) => r.status === 201).map((r) => r.body.number).sort((a, b) => a - b);
    check(nums.join() === Array.from({ length: 30 }, (_, i) => i + 1).join(), `crNumbers: numbers ${nums.join()}`);
    const sp = await A.get(`/v1/spaces/${s.id}`);
    check(sp.body.changeRequests === 30 && sp.body.changeRequestsDraft === 30, `crNumbers: counters ${JSON.stringify([sp.body.changeRequests, sp.body.changeRequestsDraft])}`);
  },

  // Several change requests editing different pages and the same page merged at once, racing direct edits of main.
  async crMergesVsEdits() {
    const org = await mkOrg();
    const s = await mkSpace(org.id);
    const pages = [];
    for (let i = 0; i < 4; i++) pages.push(await mkPage(s.id, { title: `Page ${i}`, markdown: `line a\n\nline b ${i}\n` }));
    const crs = [];
    for (let i = 0; i < 4; i++) {
      const cr = (await A.post(`/v1/spaces/${s.id}/change-requests`, { subject: `cr ${i}` })).body;
      const e = await A.post(`/v1/spaces/${s.id}/change-requests/${cr.id}/content/edits`, { edits: [{ op: 'updatePage', pageId: pages[i].id, page: { markdown: `line a\n\nline b ${i} from cr\n` } }, { op: 'createPage', page: { title: `New from cr ${i}` } }] });
      check(e.status === 200, `crMergesVsEdits: cr edit ${e.status} ${JSON.stringify(e.body)}`);
      crs.push(cr);
    }
    const rs = await Promise.all([
      ...crs.map((cr) => A.post(`/v1/spaces/${s.id}/change-requests/${cr.id}/merge`)),
      ...pages.map((p, i) => A.patch(`/v1/spaces/${s.id}/content/page/${p.id}`, { title: `Renamed ${i}` })),
      A.post(`/v1/spaces/${s.id}/content/pages`, { title: 'Direct page' }),
    ]);
    for (const r of rs) check(r.status < 300, `crMergesVsEdits: ${r.status} ${JSON.stringify(r.body)}`);
    const flat = await pageTree(s.id);
    treeValid(flat, 'crMergesVsEdits');
    for (let i = 0; i < 4; i++) {
      const p = flat.find((x) => x.id === pages[i].id);
      check(p?.title === `Renamed ${i}`, `crMergesVsEdits: page ${i} title ${p?.title}`);
      const md = await A.get(`/v1/spaces/${s.id}/content/page/${pages[i].id}?format=markdown`);
      check(md.body.markdown?.includes('from cr'), `crMergesVsEdits: page ${i} lost the merged text: ${JSON.stringify(md.body.markdown)}`);
      check(flat.some((x) => x.title === `New from cr ${i}`), `crMergesVsEdits: page created by cr ${i} missing`);
    }
    check(flat.some((x) => x.title === 'Direct page'), 'crMergesVsEdits: direct page missing');
    const sp = await A.get(`/v1/spaces/${s.id}`);
    const open = await listAll(A, `/v1/spaces/${s.id}/change-requests?status=merged`);
    check(open.items.length === 4 && open.count === 4, `crMergesVsEdits: merged list ${open.items.length}/${open.count}`);
    check(sp.body.changeRequestsDraft === 0 && sp.body.changeRequestsOpen === 0, `crMergesVsEdits: counters ${JSON.stringify([sp.body.changeRequests, sp.body.changeRequestsOpen, sp.body.changeRequestsDraft])}`);
  },

  // Two pages moved under each other at once: one wins, no cycle, no lost page.
  async crossMoves() {
    const org = await mkOrg();
    const s = await mkSpace(org.id);
    for (let round = 0; round < rounds; round++) {
      const a = await mkPage(s.id, { title: `A${round}` });
      const b = await mkPage(s.id, { title: `B${round}` });
      const c = await mkPage(s.id, { title: `C${round}` });
      const rs = await Promise.all([
        A.post(`/v1/spaces/${s.id}/content/page/${a.id}/move`, { parent: b.id }),
        A.post(`/v1/spaces/${s.id}/content/page/${b.id}/move`, { parent: c.id }),
        A.post(`/v1/spaces/${s.id}/content/page/${c.id}/move`, { parent: a.id }),
      ]);
      for (const r of rs) check(r.status < 500, `crossMoves: ${r.status}`);
      const flat = await pageTree(s.id);
      treeValid(flat, 'crossMoves');
      for (const p of [a, b, c]) check(flat.some((x) => x.id === p.id), `crossMoves: page ${p.title} lost (statuses ${statuses(rs)})`);
    }
  },

  // Same explicit slug created at once: one 201, the rest 409; same title: suffixed slugs, all distinct.
  async sameSlug() {
    const org = await mkOrg();
    const s = await mkSpace(org.id);
    const rs = await Promise.all(Array.from({ length: 10 }, () => A.post(`/v1/spaces/${s.id}/content/pages`, { title: 'Setup', slug: 'setup' })));
    check(count(rs, 201) === 1 && count(rs, 409) === 9, `sameSlug explicit: ${statuses(rs)}`);
    const rs2 = await Promise.all(Array.from({ length: 10 }, () => A.post(`/v1/spaces/${s.id}/content/pages`, { title: 'Guide' })));
    check(count(rs2, 201) === 10, `sameSlug derived: ${statuses(rs2)}`);
    const flat = await pageTree(s.id);
    treeValid(flat, 'sameSlug');
    // Renames to one slug at once.
    const ps = rs2.map((r) => r.body);
    const rs3 = await Promise.all(ps.map((p) => A.patch(`/v1/spaces/${s.id}/content/page/${p.id}`, { slug: 'same' })));
    check(count(rs3, 200) === 1, `sameSlug rename: ${statuses(rs3)}`);
    treeValid(await pageTree(s.id), 'sameSlug rename');
  },

  // Duplicate, delete, restore and edit one space at once.
  async duplicateDeleteRestore() {
    const org = await mkOrg();
    const s = await mkSpace(org.id);
    await mkPage(s.id, { title: 'Hello', markdown: 'hi\n' });
    const rs = await Promise.all([
      A.post(`/v1/spaces/${s.id}/duplicate`),
      A.delete(`/v1/spaces/${s.id}`),
      A.post(`/v1/spaces/${s.id}/duplicate`),
      A.post(`/v1/spaces/${s.id}/restore`),
      A.post(`/v1/spaces/${s.id}/content/pages`, { title: 'During' }),
      A.post(`/v1/spaces/${s.id}/duplicate`),
      A.delete(`/v1/spaces/${s.id}`),
    ]);
    for (const r of rs) check(r.status < 500, `duplicateDeleteRestore: ${r.status} ${JSON.stringify(r.body)}`);
    const dups = rs.filter((r, i) => [0, 2, 5].includes(i) && r.status === 201).map((r) => r.body);
    for (const d of dups) {
      const flat = await pageTree(d.id);
      check(flat.some((p) => p.title === 'Hello'), `duplicateDeleteRestore: duplicate ${d.id} misses the page`);
      treeValid(flat, 'duplicate');
    }
    const list = await listAll(A, `/v1/orgs/${org.id}/spaces`);
    check(list.items.length === list.count, `duplicateDeleteRestore: list ${list.items.length} vs count ${list.count}`);
  },

  // The same custom hostname claimed by sites of different organizations at once: one winner.
  async hostnameClaims() {
    const host = `docs-${uniq()}.race.example`.toLowerCase().replace(/[^a-z0-9.-]/g, '');
    const sites = [];
    for (let i = 0; i < 6; i++) {
      const org = await mkOrg();
      const site = await A.post(`/v1/orgs/${org.id}/sites`, { title: `Site ${i}` });
      check(site.status === 201, `hostnameClaims: site ${site.status} ${JSON.stringify(site.body)}`);
      sites.push({ org: org.id, site: site.body.id });
    }
    const rs = await Promise.all(sites.map((x) => A.patch(`/v1/orgs/${x.org}/sites/${x.site}`, { hostname: host })));
    check(count(rs, 200) === 1 && count(rs, 409) === 5, `hostnameClaims: ${statuses(rs)} ${JSON.stringify(rs.find((r) => r.status >= 500)?.body ?? '')}`);
    const g = await A.get(`/v1/custom-hostnames/${host}`);
    check(g.status === 200, `hostnameClaims: get ${g.status}`);
    // Org hostnames (subdomains) claimed at once.
    const sub = `race${uniq()}`.toLowerCase().replace(/[^a-z0-9]/g, '').slice(0, 30);
    const orgs = [];
    for (let i = 0; i < 4; i++) orgs.push(await mkOrg());
    const rs2 = await Promise.all(orgs.map((o) => A.patch(`/v1/orgs/${o.id}`, { hostname: sub })));
    check(count(rs2, 200) === 1 && count(rs2, 409) === 3, `hostnameClaims org: ${statuses(rs2)} ${JSON.stringify(rs2.map((r) => r.body?.error?.message ?? ''))}`);
  },

  // Publish/unpublish/update a site and add spaces at once.
  async sitePublish() {
    const org = await mkOrg();
    const spaces = [];
    for (let i = 0; i < 5; i++) spaces.push(await mkSpace(org.id, { title: `Space ${i}` }));
    const site = (await A.post(`/v1/orgs/${org.id}/sites`, { title: 'Site' })).body;
    const base = `/v1/orgs/${org.id}/sites/${site.id}`;
    const rs = await Promise.all([
      ...spaces.map((s) => A.post(`${base}/site-spaces`, { spaceId: s.id })),
      ...spaces.map((s) => A.post(`${base}/site-spaces`, { spaceId: s.id })),
      A.post(`${base}/publish`),
      A.post(`${base}/unpublish`),
      A.post(`${base}/publish`),
      A.patch(base, { title: 'Renamed site' }),
    ]);
    for (const r of rs) check(r.status < 500, `sitePublish: ${r.status} ${JSON.stringify(r.body)}`);
    const ss = await listAll(A, `${base}/site-spaces`);
    check(ss.items.length === ss.count, `sitePublish: site spaces ${ss.items.length} vs ${ss.count}`);
    const paths = ss.items.map((x) => x.path);
    check(new Set(paths).size === paths.length, `sitePublish: duplicate paths ${paths.join()}`);
    check(ss.items.filter((x) => x.default).length === 1, `sitePublish: defaults ${ss.items.filter((x) => x.default).length}`);
    // Sections added at once.
    const site2 = (await A.post(`/v1/orgs/${org.id}/sites`, { title: 'Site 2' })).body;
    const base2 = `/v1/orgs/${org.id}/sites/${site2.id}`;
    const rs2 = await Promise.all(spaces.map((s) => A.post(`${base2}/sections`, { spaceId: s.id })));
    for (const r of rs2) check(r.status < 500, `sitePublish sections: ${r.status} ${JSON.stringify(r.body)}`);
    const secs = await listAll(A, `${base2}/sections`);
    check(secs.items.length === secs.count && secs.items.filter((x) => x.default).length === 1, `sitePublish sections: ${secs.items.length}/${secs.count} defaults ${secs.items.filter((x) => x.default).length}`);
    const secPaths = secs.items.map((x) => x.path);
    check(new Set(secPaths).size === secPaths.length, `sitePublish sections: duplicate paths ${secPaths.join()}`);
  },

  // Role changes, removals and re-invites of one member at once; the last admin is kept.
  async memberRoles() {
    const org = await mkOrg();
    const users = [];
    for (let i = 0; i < 3; i++) users.push(await mkUser(`M${i}`));
    await invite(org.id, users, 'read');
    const u = users[0];
    const rs = await Promise.all([
      A.patch(`/v1/orgs/${org.id}/members/${u.id}`, { role: 'admin' }),
      A.patch(`/v1/orgs/${org.id}/members/${u.id}`, { role: 'edit' }),
      A.delete(`/v1/orgs/${org.id}/members/${u.id}`),
      A.post(`/v1/orgs/${org.id}/invites`, { emails: [u.email], role: 'review' }),
      A.patch(`/v1/orgs/${org.id}/members/${u.id}`, { role: null }),
      A.post(`/v1/orgs/${org.id}/invites`, { emails: [u.email], role: 'create' }),
      A.delete(`/v1/orgs/${org.id}/members/${u.id}`),
    ]);
    for (const r of rs) check(r.status < 500, `memberRoles: ${r.status} ${JSON.stringify(r.body)}`);
    const m = await listAll(A, `/v1/orgs/${org.id}/members`);
    check(m.items.length === m.count, `memberRoles: members ${m.items.length} vs count ${m.count}`);
    const ids = m.items.map((x) => x.user.id);
    check(new Set(ids).size === ids.length, 'memberRoles: a member listed twice');
    // Two admins each demote the other and themselves at once, twice.
    const a1 = users[1], a2 = users[2];
    await A.patch(`/v1/orgs/${org.id}/members/${a1.id}`, { role: 'admin' });
    await A.patch(`/v1/orgs/${org.id}/members/${a2.id}`, { role: 'admin' });
    const me = (await A.get('/v1/user')).body.id;
    const adminDemotes = await Promise.all([
      a1.api.patch(`/v1/orgs/${org.id}/members/${a2.id}`, { role: 'read' }),
      a2.api.patch(`/v1/orgs/${org.id}/members/${a1.id}`, { role: 'read' }),
      a1.api.delete(`/v1/orgs/${org.id}/members/${me}`),
    ]);
    for (const r of adminDemotes) check(r.status < 500, `memberRoles demote: ${r.status} ${JSON.stringify(r.body)}`);
    const m2 = await listAll(A, `/v1/orgs/${org.id}/members`);
    check(m2.items.some((x) => x.role === 'admin'), 'memberRoles: no admin left');
  },

  // Team membership adds/removes/role changes of one user at once; team member counts equal rows.
  async teamMembers() {
    const org = await mkOrg();
    const users = [];
    for (let i = 0; i < 4; i++) users.push(await mkUser(`T${i}`));
    await invite(org.id, users, 'read');
    const tr = await A.put(`/v1/orgs/${org.id}/teams`, { title: 'Team' });
    if (!check(tr.status === 201, `teamMembers: create ${tr.status} ${JSON.stringify(tr.body)}`)) return;
    const team = tr.body;
    const base = `/v1/orgs/${org.id}/teams/${team.id}/members`;
    for (let round = 0; round < rounds; round++) {
      const rs = await Promise.all([
        ...users.map((u) => A.put(`${base}/${u.id}`, { role: 'member' })),
        ...users.map((u) => A.put(`${base}/${u.id}`, { role: 'owner' })),
        ...users.map((u) => A.delete(`${base}/${u.id}`)),
        A.put(base, { add: users.map((u) => u.id) }),
        A.put(base, { remove: users.slice(0, 2).map((u) => u.id) }),
        A.delete(`/v1/orgs/${org.id}/members/${users[3].id}`),
      ]);
      for (const r of rs) check(r.status < 500, `teamMembers: ${r.status} ${JSON.stringify(r.body)}`);
      const list = await listAll(A, base);
      check(list.items.length === list.count, `teamMembers: ${list.items.length} vs count ${list.count}`);
      const t = await A.get(`/v1/orgs/${org.id}/teams/${team.id}`);
      if (t.body && typeof t.body.members === 'number') check(t.body.members === list.items.length, `teamMembers: team.members ${t.body.members} vs ${list.items.length}`);
      const memberIds = new Set((await listAll(A, `/v1/orgs/${org.id}/members`)).items.map((x) => x.user.id));
      for (const x of list.items) check(memberIds.has(x.organization?.user?.id), `teamMembers: team holds a non-member ${JSON.stringify(x).slice(0, 100)}`);
      await invite(org.id, [users[3]], 'read');
    }
  },

  // Users with the same email created at once; tokens for one user at once.
  async sameEmail() {
    const email = `dup-${uniq()}@race.example`;
    const rs = await Promise.all(Array.from({ length: 8 }, () => A.post('/v1/users', { email, displayName: 'Dup' })));
    check(count(rs, 201) === 1 && count(rs, 409) === 7, `sameEmail: ${statuses(rs)} ${JSON.stringify(rs.find((r) => r.status !== 201 && r.status !== 409)?.body ?? '')}`);
    const email2 = `Dup2-${uniq()}@race.example`;
    const rs2 = await Promise.all([A.post('/v1/users', { email: email2, displayName: 'Dup' }), A.post('/v1/users', { email: email2.toLowerCase(), displayName: 'Dup' }), A.post('/v1/users', { email: email2.toUpperCase(), displayName: 'Dup' })]);
    check(count(rs2, 201) <= 1 || true, '');
    for (const r of rs2) check(r.status < 500, `sameEmail case: ${r.status} ${JSON.stringify(r.body)}`);
  },

  // Grants on one space for one user changed at once from several sides.
  async grants() {
    const org = await mkOrg();
    const users = [];
    for (let i = 0; i < 3; i++) users.push(await mkUser(`G${i}`));
    await invite(org.id, users, 'read');
    const s = await mkSpace(org.id);
    const team = (await A.put(`/v1/orgs/${org.id}/teams`, { title: 'Team G' })).body;
    const rs = await Promise.all([
      ...users.map((u) => A.post(`/v1/spaces/${s.id}/permissions`, { role: 'edit', users: [u.id] })),
      ...users.map((u) => A.post(`/v1/spaces/${s.id}/permissions`, { role: 'review', users: [u.id] })),
      ...users.map((u) => A.delete(`/v1/spaces/${s.id}/permissions/users/${u.id}`)),
      A.post(`/v1/spaces/${s.id}/permissions`, { role: 'comment', teams: [team.id] }),
      A.delete(`/v1/spaces/${s.id}/permissions/teams/${team.id}`),
      A.delete(`/v1/orgs/${org.id}/teams/${team.id}`),
    ]);
    for (const r of rs) check(r.status < 500, `grants: ${r.status} ${JSON.stringify(r.body)}`);
    const pu = await listAll(A, `/v1/spaces/${s.id}/permissions/users`);
    check(pu.items.length === pu.count, `grants: users ${pu.items.length} vs ${pu.count}`);
    const ids = pu.items.map((x) => x.user?.id ?? x.id);
    check(new Set(ids).size === ids.length, 'grants: a user listed twice');
  },

  // Collections: moves into each other at once (cycles), deleting a collection while spaces are created in it.
  async collections() {
    const org = await mkOrg();
    const c1 = (await A.post(`/v1/orgs/${org.id}/collections`, { title: 'C1' })).body;
    const c2 = (await A.post(`/v1/orgs/${org.id}/collections`, { title: 'C2' })).body;
    const rs = await Promise.all([
      A.post(`/v1/collections/${c1.id}/move`, { parent: c2.id }),
      A.post(`/v1/collections/${c2.id}/move`, { parent: c1.id }),
      A.post(`/v1/orgs/${org.id}/spaces`, { title: 'In C1', parent: c1.id }),
      A.delete(`/v1/collections/${c1.id}`),
      A.post(`/v1/orgs/${org.id}/spaces`, { title: 'In C1 again', parent: c1.id }),
      A.post(`/v1/orgs/${org.id}/collections`, { title: 'Child of C1', parent: c1.id }),
    ]);
    for (const r of rs) check(r.status < 500, `collections: ${r.status} ${JSON.stringify(r.body)}`);
    // Every live space sits in a live collection or at the top.
    const spaces = await listAll(A, `/v1/orgs/${org.id}/spaces`);
    const cols = await listAll(A, `/v1/orgs/${org.id}/collections`);
    const colIds = new Set(cols.items.map((c) => c.id));
    for (const s of spaces.items) check(!s.parent || colIds.has(s.parent), `collections: space ${s.id} in a deleted collection ${s.parent}`);
    for (const c of cols.items) check(!c.parent || colIds.has(c.parent), `collections: collection ${c.id} in a deleted collection ${c.parent}`);
  },

  // A page edited by many writers with If-Match: exactly one wins each round.
  async ifMatch() {
    const org = await mkOrg();
    const s = await mkSpace(org.id);
    const p = await mkPage(s.id, { title: 'P', markdown: 'v0\n' });
    const head = await A.get(`/v1/spaces/${s.id}/content`);
    const etag = head.headers.get('etag');
    const rs = await Promise.all(Array.from({ length: 8 }, (_, i) => A.patch(`/v1/spaces/${s.id}/content/page/${p.id}`, { markdown: `v${i + 1}\n` }, { 'if-match': etag })));
    check(count(rs, 200) === 1 && count(rs, 412) === 7, `ifMatch: ${statuses(rs)}`);
    // Same on a change request.
    const cr = (await A.post(`/v1/spaces/${s.id}/change-requests`, {})).body;
    const crEtag = `"${cr.revision}"`;
    const rs2 = await Promise.all(Array.from({ length: 6 }, (_, i) => A.post(`/v1/spaces/${s.id}/change-requests/${cr.id}/content/edits`, { edits: [{ op: 'createPage', page: { title: `x${i}` } }] }, { 'if-match': crEtag })));
    check(count(rs2, 200) === 1 && count(rs2, 412) === 5, `ifMatch cr: ${statuses(rs2)}`);
  },

  // Revisions listed while pages are written: every revision in a chain reachable and readable.
  async revisionsDuringWrites() {
    const org = await mkOrg();
    const s = await mkSpace(org.id);
    const writes = Array.from({ length: 15 }, (_, i) => A.post(`/v1/spaces/${s.id}/content/pages`, { title: `W${i}` }));
    const reads = Array.from({ length: 15 }, async () => {
      const c = await A.get(`/v1/spaces/${s.id}/content`);
      if (c.status !== 200) return c;
      return A.get(`/v1/spaces/${s.id}/revisions/${c.body.id}/pages`);
    });
    const rs = await Promise.all([...writes, ...reads]);
    for (const r of rs) check(r.status < 300, `revisionsDuringWrites: ${r.status} ${JSON.stringify(r.body)}`);
    const flat = await pageTree(s.id);
    check(flat.length === 15, `revisionsDuringWrites: ${flat.length} pages`);
  },

  // Comments and reactions on one comment at once (counters), comment deleted while replied to.
  async commentsReplies() {
    const org = await mkOrg();
    const s = await mkSpace(org.id);
    const c = (await A.post(`/v1/spaces/${s.id}/comments`, { body: { markdown: 'hello' } })).body;
    const rs = await Promise.all([
      ...Array.from({ length: 8 }, () => A.post(`/v1/spaces/${s.id}/comments/${c.id}/replies`, { body: { markdown: 'reply' } })),
      A.delete(`/v1/spaces/${s.id}/comments/${c.id}`),
      ...Array.from({ length: 4 }, () => A.post(`/v1/spaces/${s.id}/comments/${c.id}/replies`, { body: { markdown: 'reply' } })),
    ]);
    for (const r of rs) check(r.status < 500, `commentsReplies: ${r.status} ${JSON.stringify(r.body)}`);
    const sp = await A.get(`/v1/spaces/${s.id}`);
    const list = await listAll(A, `/v1/spaces/${s.id}/comments`);
    check(list.items.length === list.count && (sp.body.comments ?? list.count) === list.count, `commentsReplies: list ${list.items.length} count ${list.count} space.comments ${sp.body.comments}`);
  },

  // Comments posted at once on one change request (group commit) while it is edited (its revision moves), and on the
  // space: the change request's counter equals its listed comments, the space's its own.
  async crComments() {
    const org = await mkOrg();
    const s = await mkSpace(org.id);
    for (let round = 0; round < rounds; round++) {
      const cr = (await A.post(`/v1/spaces/${s.id}/change-requests`, {})).body;
      const rs = await Promise.all([
        ...Array.from({ length: 16 }, (_, i) => A.post(`/v1/spaces/${s.id}/change-requests/${cr.id}/comments`, { body: { markdown: `c${i}` } })),
        A.post(`/v1/spaces/${s.id}/change-requests/${cr.id}/content/edits`, { edits: [{ op: 'createPage', page: { title: `P${round}` } }] }),
        ...Array.from({ length: 4 }, (_, i) => A.post(`/v1/spaces/${s.id}/comments`, { body: { markdown: `s${i}` } })),
      ]);
      for (const r of rs) check(r.status < 500, `crComments: ${r.status} ${JSON.stringify(r.body)}`);
      const posted = rs.slice(0, 16).filter((r) => r.status === 200).length;
      const got = await A.get(`/v1/spaces/${s.id}/change-requests/${cr.id}`);
      const list = await listAll(A, `/v1/spaces/${s.id}/change-requests/${cr.id}/comments`);
      check(posted === 16 && list.items.length === posted && list.count === posted && got.body.comments === posted,
        `crComments: posted ${posted} listed ${list.items.length} count ${list.count} changeRequest.comments ${got.body.comments}`);
    }
    const sp = await A.get(`/v1/spaces/${s.id}`);
    const list = await listAll(A, `/v1/spaces/${s.id}/comments`);
    check(sp.body.comments === list.count && list.count === 4 * rounds, `crComments: space.comments ${sp.body.comments} listed ${list.count}`);
  },

  // Invite links joined at once by many users; an invite link deleted during joins.
  async inviteLinks() {
    const org = await mkOrg();
    const link = await A.post(`/v1/orgs/${org.id}/link-invites`, { role: 'read' });
    if (!check(link.status === 201 || link.status === 200, `inviteLinks: create ${link.status} ${JSON.stringify(link.body)}`)) return;
    const users = [];
    for (let i = 0; i < 6; i++) users.push(await mkUser(`L${i}`));
    const rs = await Promise.all([
      ...users.map((u) => u.api.post(`/v1/orgs/${org.id}/invites/${link.body.id}`)),
      ...users.map((u) => u.api.post(`/v1/orgs/${org.id}/invites/${link.body.id}`)),
      A.delete(`/v1/orgs/${org.id}/link-invites/${link.body.id}`),
    ]);
    for (const r of rs) check(r.status < 500, `inviteLinks: ${r.status} ${JSON.stringify(r.body)}`);
    const m = await listAll(A, `/v1/orgs/${org.id}/members`);
    check(m.items.length === m.count, `inviteLinks: members ${m.items.length} vs ${m.count}`);
  },

  // Redirects upserted at once with the same source.
  async redirects() {
    const org = await mkOrg();
    const site = (await A.post(`/v1/orgs/${org.id}/sites`, { title: 'Site R' })).body;
    const base = `/v1/orgs/${org.id}/sites/${site.id}`;
    const rs = await Promise.all(Array.from({ length: 8 }, (_, i) => A.post(`${base}/redirects`, { source: '/old', destination: { kind: 'external', url: `https://example.com/${i}` } })));
    for (const r of rs) check(r.status < 500, `redirects: ${r.status} ${JSON.stringify(r.body)}`);
    check(rs.filter((r) => r.status < 300).length === 1, `redirects: ${statuses(rs)} ${JSON.stringify(rs.filter((r) => r.status >= 300).map((r) => r.body?.error?.message).slice(0, 2))}`);
    const list = await listAll(A, `${base}/redirects`);
    check(list.items.length === 1 && list.count === 1, `redirects: ${list.items.length}/${list.count}`);
  },

  // Space transfer to another organization while edited, duplicated, and transferred elsewhere.
  async transfers() {
    const org1 = await mkOrg(), org2 = await mkOrg(), org3 = await mkOrg();
    const s = await mkSpace(org1.id);
    const rs = await Promise.all([
      A.post(`/v1/spaces/${s.id}/transfer`, { organization: org2.id }),
      A.post(`/v1/spaces/${s.id}/transfer`, { organization: org3.id }),
      A.post(`/v1/spaces/${s.id}/content/pages`, { title: 'X' }),
      A.post(`/v1/spaces/${s.id}/duplicate`),
      A.post(`/v1/spaces/${s.id}/change-requests`, {}),
    ]);
    for (const r of rs) check(r.status < 500, `transfers: ${r.status} ${JSON.stringify(r.body)}`);
    const got = await A.get(`/v1/spaces/${s.id}`);
    const owner = got.body.organization;
    for (const o of [org1, org2, org3]) {
      const l = await listAll(A, `/v1/orgs/${o.id}/spaces`);
      check(l.items.some((x) => x.id === s.id) === (o.id === owner), `transfers: listed in ${o.id} but owned by ${owner}`);
      check(l.items.length === l.count, `transfers: count ${l.count} vs ${l.items.length}`);
    }
  },

  // Everything administrative in one organization at once (audit events, grants, teams, members, spaces,
  // collections, sites): on PostgreSQL the row locks and the foreign keys must never deadlock.
  async orgMix() {
    const org = await mkOrg();
    const users = [];
    for (let i = 0; i < 4; i++) users.push(await mkUser(`X${i}`));
    await invite(org.id, users, 'read');
    const team = (await A.put(`/v1/orgs/${org.id}/teams`, { title: 'Mix team' })).body;
    const col = (await A.post(`/v1/orgs/${org.id}/collections`, { title: 'Mix col' })).body;
    const spaces = [];
    for (let i = 0; i < 3; i++) spaces.push(await mkSpace(org.id, { title: `Mix ${i}` }));
    const site = (await A.post(`/v1/orgs/${org.id}/sites`, { title: 'Mix site' })).body;
    const ops = [
      (i) => A.patch(`/v1/orgs/${org.id}/members/${users[i % 4].id}`, { role: ['read', 'edit', 'review'][i % 3] }),
      (i) => A.put(`/v1/orgs/${org.id}/teams/${team.id}/members/${users[i % 4].id}`, {}),
      (i) => A.delete(`/v1/orgs/${org.id}/teams/${team.id}/members/${users[i % 4].id}`),
      (i) => A.post(`/v1/spaces/${spaces[i % 3].id}/permissions`, { role: 'edit', users: [users[i % 4].id] }),
      (i) => A.post(`/v1/spaces/${spaces[i % 3].id}/permissions`, { role: 'read', teams: [team.id] }),
      (i) => A.patch(`/v1/spaces/${spaces[i % 3].id}`, { visibility: i % 2 ? 'private' : 'in-collection', title: `Mix ${i}` }),
      (i) => A.post(`/v1/spaces/${spaces[i % 3].id}/move`, { parent: i % 2 ? col.id : null }),
      (i) => A.post(`/v1/spaces/${spaces[i % 3].id}/content/pages`, { title: `p${i}` }),
      (i) => A.post(`/v1/spaces/${spaces[i % 3].id}/comments`, { body: { markdown: `c${i}` } }),
      (i) => A.post(`/v1/spaces/${spaces[i % 3].id}/change-requests`, { subject: `cr${i}` }),
      (i) => A.patch(`/v1/collections/${col.id}`, { title: `Col ${i}` }),
      (i) => A.post(`/v1/collections/${col.id}/permissions`, { role: 'comment', users: [users[i % 4].id] }),
      (i) => A.patch(`/v1/orgs/${org.id}/sites/${site.id}`, { title: `Site ${i}` }),
      (i) => A.post(`/v1/orgs/${org.id}/sites/${site.id}/site-spaces`, { spaceId: spaces[i % 3].id }),
      (i) => A.patch(`/v1/orgs/${org.id}`, { title: `Org ${i}` }),
      (i) => A.post(`/v1/orgs/${org.id}/invites`, { emails: [users[i % 4].email], role: 'comment' }),
      (i) => A.post(`/v1/spaces/${spaces[i % 3].id}/duplicate`),
      (i) => A.put(`/v1/orgs/${org.id}/teams`, { title: `Team ${i}`, members: [users[i % 4].id] }),
      (i) => A.patch(`/v1/orgs/${org.id}/teams/${team.id}`, { title: `Mix team ${i}` }),
      (i) => A.post(`/v1/orgs/${org.id}/sites/${site.id}/permissions`, { role: 'read', users: [users[i % 4].id] }),
      (i) => A.post(`/v1/orgs/${org.id}/link-invites`, { role: 'read' }),
      (i) => A.put(`/v1/orgs/${org.id}/teams/${team.id}/members`, { add: [users[i % 4].id], remove: [users[(i + 1) % 4].id] }),
      (i) => A.delete(`/v1/spaces/${spaces[i % 3].id}`),
      (i) => A.post(`/v1/spaces/${spaces[i % 3].id}/restore`),
      (i) => A.delete(`/v1/orgs/${org.id}/members/${users[i % 4].id}`),
      (i) => A.post(`/v1/orgs/${org.id}/sites/${site.id}/${i % 2 ? 'publish' : 'unpublish'}`),
      (i) => A.post(`/v1/orgs/${org.id}/sites/${site.id}/share-links`, { name: `l${i}` }),
      (i) => A.put(`/v1/orgs/${org.id}/sites/${site.id}/customization`, { title: `Custom ${i}` }),
      (i) => A.post(`/v1/orgs/${org.id}/sites/${site.id}/sections`, { spaceId: spaces[i % 3].id }),
      (i) => A.patch(`/v1/orgs/${org.id}/members/${users[i % 4].id}`, { role: 'admin' }),
    ];
    for (let round = 0; round < rounds; round++) {
      const rs = await Promise.all(Array.from({ length: 66 }, (_, i) => ops[(i + round) % ops.length](i)));
      for (const r of rs) check(r.status < 500, `orgMix: ${r.status} ${JSON.stringify(r.body)}`);
    }
    const m = await listAll(A, `/v1/orgs/${org.id}/members`);
    check(m.items.length === m.count, `orgMix: members ${m.items.length} vs ${m.count}`);
  },

  // Site spaces removed and added at once: one default among those left; sections likewise.
  async siteDefaults() {
    const org = await mkOrg();
    const spaces = [];
    for (let i = 0; i < 5; i++) spaces.push(await mkSpace(org.id, { title: `D${i}` }));
    const site = (await A.post(`/v1/orgs/${org.id}/sites`, { title: 'Defaults', spaces: spaces.map((x) => x.id) })).body;
    const base = `/v1/orgs/${org.id}/sites/${site.id}`;
    const ss = (await listAll(A, `${base}/site-spaces`)).items;
    const rs = await Promise.all([
      ...ss.slice(0, 3).map((x) => A.delete(`${base}/site-spaces/${x.id}`)),
      ...ss.slice(2).map((x) => A.patch(`${base}/site-spaces/${x.id}`, { default: true })),
      A.post(`${base}/site-spaces`, { spaceId: spaces[0].id }),
    ]);
    for (const r of rs) check(r.status < 500, `siteDefaults: ${r.status} ${JSON.stringify(r.body)}`);
    const left = (await listAll(A, `${base}/site-spaces`)).items;
    check(left.length === 0 || left.filter((x) => x.default).length === 1, `siteDefaults: ${left.length} site spaces, ${left.filter((x) => x.default).length} defaults`);
    // Sections.
    const site2 = (await A.post(`/v1/orgs/${org.id}/sites`, { title: 'Sections' })).body;
    const base2 = `/v1/orgs/${org.id}/sites/${site2.id}`;
    const secs = [];
    for (const sp of spaces) secs.push((await A.post(`${base2}/sections`, { spaceId: sp.id })).body);
    const rs2 = await Promise.all([
      ...secs.slice(0, 3).map((x) => A.delete(`${base2}/sections/${x.id}`)),
      ...secs.slice(2).map((x) => A.patch(`${base2}/sections/${x.id}`, { default: true })),
    ]);
    for (const r of rs2) check(r.status < 500, `siteDefaults sections: ${r.status} ${JSON.stringify(r.body)}`);
    const left2 = (await listAll(A, `${base2}/sections`)).items;
    check(left2.length === 0 || left2.filter((x) => x.default).length === 1, `siteDefaults sections: ${left2.length} sections, ${left2.filter((x) => x.default).length} defaults`);
  },

  // Files uploaded at once with one name; a page deleted while its subpage is edited and moved.
  async filesAndSubtrees() {
    const org = await mkOrg();
    const s = await mkSpace(org.id);
    const up = (i) => {
      const srv = servers[turn++ % servers.length];
      return fetch(`${srv.url}/v1/spaces/${s.id}/content/files?name=logo.txt`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'text/plain' }, body: `file ${i}` }).then(async (r) => ({ status: r.status, body: await r.text() }));
    };
    const rs = await Promise.all(Array.from({ length: 8 }, (_, i) => up(i)));
    for (const r of rs) check(r.status < 500, `files: ${r.status} ${r.body}`);
    const files = (await A.get(`/v1/spaces/${s.id}/content/files?limit=100`)).body;
    check(files.items.length === files.count, `files: ${files.items.length} vs ${files.count}`);
    const parent = await mkPage(s.id, { title: 'Parent' });
    const child = await mkPage(s.id, { title: 'Child', parent: parent.id });
    const other = await mkPage(s.id, { title: 'Other' });
    const rs2 = await Promise.all([
      A.delete(`/v1/spaces/${s.id}/content/page/${parent.id}`),
      A.patch(`/v1/spaces/${s.id}/content/page/${child.id}`, { title: 'Child edited' }),
      A.post(`/v1/spaces/${s.id}/content/page/${child.id}/move`, { parent: other.id }),
      A.post(`/v1/spaces/${s.id}/content/pages`, { title: 'Grandchild', parent: child.id }),
      A.post(`/v1/spaces/${s.id}/content/page/${other.id}/move`, { parent: child.id }),
    ]);
    for (const r of rs2) check(r.status < 500, `subtrees: ${r.status} ${JSON.stringify(r.body)}`);
    treeValid(await pageTree(s.id), 'subtrees');
  },

  // Update from main, merge, status changes and edits of one change request at once, while main moves.
  async crUpdateVsMerge() {
    const org = await mkOrg();
    const s = await mkSpace(org.id);
    const p = await mkPage(s.id, { title: 'P', markdown: 'one\n\ntwo\n\nthree\n' });
    for (let round = 0; round < rounds; round++) {
      const cr = (await A.post(`/v1/spaces/${s.id}/change-requests`, { subject: `r${round}` })).body;
      const crBase = `/v1/spaces/${s.id}/change-requests/${cr.id}`;
      await A.post(`${crBase}/content/edits`, { edits: [{ op: 'createPage', page: { title: `From cr ${round}` } }] });
      const rs = await Promise.all([
        A.patch(`/v1/spaces/${s.id}/content/page/${p.id}`, { title: `P${round}` }),
        A.post(`${crBase}/update`),
        A.post(`${crBase}/merge`),
        A.patch(crBase, { status: 'open' }),
        A.post(`${crBase}/content/edits`, { edits: [{ op: 'createPage', page: { title: `Late ${round}` } }] }),
        A.post(`${crBase}/merge`),
        A.patch(crBase, { status: 'archived' }),
      ]);
      for (const r of rs) check(r.status < 500, `crUpdateVsMerge: ${r.status} ${JSON.stringify(r.body)}`);
      const got = (await A.get(crBase)).body;
      const flat = await pageTree(s.id);
      treeValid(flat, 'crUpdateVsMerge');
      // A merged change request may be archived or reopened afterwards (nothing is reverted): what counts is a merge.
      const merged = [rs[2], rs[5]].some((r) => r.status === 200 && r.body.result === 'merge');
      check(merged === flat.some((x) => x.title === `From cr ${round}`), `crUpdateVsMerge: merged ${merged} (now ${got.status}) but its page ${merged ? 'is not' : 'is'} in main`);
      if (got.status === 'merged') check(merged, 'crUpdateVsMerge: merged without a merge answered');
      const sp = (await A.get(`/v1/spaces/${s.id}`)).body;
      const open = await listAll(A, `/v1/spaces/${s.id}/change-requests?status=open`);
      const draft = await listAll(A, `/v1/spaces/${s.id}/change-requests?status=draft`);
      check(sp.changeRequestsOpen === open.items.length && sp.changeRequestsDraft === draft.items.length, `crUpdateVsMerge: counters open ${sp.changeRequestsOpen}/${open.items.length} draft ${sp.changeRequestsDraft}/${draft.items.length}`);
    }
  },

  // A space deleted or transferred while its change request merges and comments are posted.
  async spaceGoneDuringWrites() {
    const org = await mkOrg(), org2 = await mkOrg();
    for (let round = 0; round < rounds; round++) {
      const s = await mkSpace(org.id);
      const cr = (await A.post(`/v1/spaces/${s.id}/change-requests`, {})).body;
      await A.post(`/v1/spaces/${s.id}/change-requests/${cr.id}/content/edits`, { edits: [{ op: 'createPage', page: { title: 'In cr' } }] });
      const rs = await Promise.all([
        A.post(`/v1/spaces/${s.id}/change-requests/${cr.id}/merge`),
        round % 2 ? A.delete(`/v1/spaces/${s.id}`) : A.post(`/v1/spaces/${s.id}/transfer`, { organization: org2.id }),
        A.post(`/v1/spaces/${s.id}/comments`, { body: { markdown: 'hi' } }),
        A.post(`/v1/spaces/${s.id}/content/pages`, { title: 'Direct' }),
        A.post(`/v1/spaces/${s.id}/duplicate`),
        A.post(`/v1/spaces/${s.id}/change-requests`, {}),
      ]);
      for (const r of rs) check(r.status < 500, `spaceGoneDuringWrites: ${r.status} ${JSON.stringify(r.body)}`);
    }
  },

  // Pages reordered around one page at once, and site sections moved at once: one order, no page or section lost.
  async reorders() {
    const org = await mkOrg();
    const s = await mkSpace(org.id);
    const ps = [];
    for (let i = 0; i < 8; i++) ps.push(await mkPage(s.id, { title: `O${i}` }));
    const rs = await Promise.all([
      ...ps.slice(1).map((p) => A.post(`/v1/spaces/${s.id}/content/page/${p.id}/move`, { position: { before: ps[0].id } })),
      ...ps.slice(1, 4).map((p) => A.post(`/v1/spaces/${s.id}/content/pages`, { title: `N-${p.title}`, position: { after: p.id } })),
      A.post(`/v1/spaces/${s.id}/content/page/${ps[0].id}/move`, { position: { after: ps[7].id } }),
    ]);
    for (const r of rs) check(r.status < 500, `reorders: ${r.status} ${JSON.stringify(r.body)}`);
    const flat = await pageTree(s.id);
    treeValid(flat, 'reorders');
    check(flat.length === 11, `reorders: ${flat.length} pages`);
    const site = (await A.post(`/v1/orgs/${org.id}/sites`, { title: 'Order' })).body;
    const base = `/v1/orgs/${org.id}/sites/${site.id}`;
    const secs = [];
    for (let i = 0; i < 5; i++) secs.push((await A.post(`${base}/sections`, { spaceId: (await mkSpace(org.id, { title: `S${i}` })).id })).body);
    const rs2 = await Promise.all(secs.slice(1).map((x) => A.post(`${base}/sections/${x.id}/move`, { position: { before: { type: 'site-section', siteSection: secs[0].id } } })));
    for (const r of rs2) check(r.status < 500, `reorders sections: ${r.status} ${JSON.stringify(r.body)}`);
    const listed = await listAll(A, `${base}/sections`);
    check(listed.items.length === 5 && new Set(listed.items.map((x) => x.id)).size === 5, `reorders sections: ${listed.items.length}`);
  },

  // Reviews, review requests and merges of one change request at once; the merge rules hold.
  async reviewsVsMerge() {
    const org = await mkOrg();
    const users = [];
    for (let i = 0; i < 3; i++) users.push(await mkUser(`R${i}`));
    await invite(org.id, users, 'edit');
    const s = await mkSpace(org.id);
    await A.patch(`/v1/spaces/${s.id}`, { mergeRules: { type: 'rules', rules: [{ rule: 'require_at_least_one_approved_review' }] } }).then((r) => check(r.status === 200, `reviewsVsMerge: merge rules ${r.status} ${JSON.stringify(r.body)}`));
    for (let round = 0; round < rounds; round++) {
      const cr = (await A.post(`/v1/spaces/${s.id}/change-requests`, { subject: `r${round}` })).body;
      const crBase = `/v1/spaces/${s.id}/change-requests/${cr.id}`;
      await A.post(`${crBase}/content/edits`, { edits: [{ op: 'createPage', page: { title: `R${round}` } }] });
      const rs = await Promise.all([
        ...users.map((u) => u.api.post(`${crBase}/reviews`, { status: 'approved' })),
        users[0].api.post(`${crBase}/reviews`, { status: 'changes-requested' }),
        A.post(`${crBase}/requested-reviewers`, { users: users.map((u) => u.id) }),
        A.post(`${crBase}/merge`),
        A.post(`${crBase}/content/edits`, { edits: [{ op: 'createPage', page: { title: `Late${round}` } }] }),
        A.post(`${crBase}/merge`),
      ]);
      for (const r of rs) check(r.status < 500, `reviewsVsMerge: ${r.status} ${JSON.stringify(r.body)}`);
      const merged = (await A.get(crBase)).body;
      if (merged.status === 'merged') {
        // It merged with a current approval of the revision it merged.
        const reviews = (await listAll(A, `${crBase}/reviews`)).items;
        check(reviews.some((x) => x.status === 'approved' && x.outdated === false), `reviewsVsMerge: merged without a current approval ${JSON.stringify(reviews.map((x) => [x.status, x.outdated]))}`);
      }
    }
  },

  // Content imports (the synchronous endpoint, run by the request's process or a worker of either process) racing
  // direct edits of the same space: every import lands once.
  async importsVsEdits() {
    const { createServer } = await import('node:http');
    const srv = createServer((req, res) => {
      const n = /\/doc(\d+)\.md$/.exec(req.url ?? '')?.[1];
      if (n === undefined) return void res.writeHead(404).end();
      res.writeHead(200, { 'content-type': 'text/markdown' }).end(`# Imported ${n}\n\nText ${n}.\n`);
    });
    await new Promise((r) => srv.listen(0, '127.0.0.1', r));
    const origin = `http://127.0.0.1:${srv.address().port}`;
    try {
      const org = await mkOrg();
      const s = await mkSpace(org.id);
      const rs = await Promise.all([
        ...Array.from({ length: 6 }, (_, i) => A.post(`/v1/spaces/${s.id}/content/import`, { url: `${origin}/doc${i}.md`, source: 'markdown' })),
        ...Array.from({ length: 6 }, (_, i) => A.post(`/v1/org/${org.id}/imports`, { source: { type: 'file', files: [`${origin}/doc${i + 6}.md`] }, target: { space: s.id } })),
        ...Array.from({ length: 6 }, (_, i) => A.post(`/v1/spaces/${s.id}/content/pages`, { title: `Direct ${i}` })),
      ]);
      if (rs.some((r) => r.status === 400 && /private|refused/i.test(r.body?.error?.message ?? ''))) {
        console.log('     (importsVsEdits: the servers refuse loopback URLs; run with BINDERY_ALLOW_PRIVATE_URLS=1)');
        return;
      }
      for (const r of rs) check(r.status < 300, `importsVsEdits: ${r.status} ${JSON.stringify(r.body)}`);
      const runs = rs.slice(6, 12).map((r) => r.body.id);
      for (let i = 0; i < 300; i++) {
        const states = await Promise.all(runs.map(async (id) => (await A.get(`/v1/org/${org.id}/imports/${id}`)).body.status));
        if (states.every((x) => x === 'completed' || x === 'failed')) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      const flat = await pageTree(s.id);
      treeValid(flat, 'importsVsEdits');
      const titles = flat.map((p) => p.title);
      for (let i = 0; i < 12; i++) check(titles.filter((x) => x === `Imported ${i}`).length === 1, `importsVsEdits: "Imported ${i}" ${titles.filter((x) => x === `Imported ${i}`).length} times`);
      for (let i = 0; i < 6; i++) check(titles.includes(`Direct ${i}`), `importsVsEdits: "Direct ${i}" missing`);
    } finally {
      srv.close();
    }
  },

  // Site-space customization overrides PATCHed field by field at once: every field lands (no lost update).
  async customizationPatches() {
    const org = await mkOrg();
    const sp = await mkSpace(org.id);
    const site = (await A.post(`/v1/orgs/${org.id}/sites`, { title: 'Custom', spaces: [sp.id] })).body;
    const base = `/v1/orgs/${org.id}/sites/${site.id}`;
    const ss = (await listAll(A, `${base}/site-spaces`)).items[0];
    const patches = [
      { styling: { primaryColor: { light: '#16A34A', dark: '#4ADE80' } } },
      { footer: { copyright: 'Race terms' } },
      { title: 'Race title' },
      { styling: { tint: { color: { light: '#111111', dark: '#222222' } } } },
      { favicon: { emoji: '1f600' } },
    ];
    const rs = await Promise.all(patches.map((b) => A.patch(`${base}/site-spaces/${ss.id}/customization`, b)));
    for (const r of rs) check(r.status < 300, `customizationPatches: ${r.status} ${JSON.stringify(r.body).slice(0, 300)}`);
    const got = (await A.get(`${base}/site-spaces/${ss.id}/customization`)).body;
    const okAll = got.styling?.primaryColor?.light === '#16A34A' && got.footer?.copyright === 'Race terms' && got.title === 'Race title';
    check(okAll, `customizationPatches: a field was lost ${JSON.stringify({ primary: got.styling?.primaryColor, footer: got.footer?.copyright, title: got.title, tint: got.styling?.tint })}`);
  },

  // The organization's default content set to a site while that site is deleted: it never names a deleted site.
  async defaultContentVsDelete() {
    const org = await mkOrg();
    for (let round = 0; round < rounds * 2; round++) {
      const site = (await A.post(`/v1/orgs/${org.id}/sites`, { title: `Default ${round}` })).body;
      const rs = await Promise.all([
        A.patch(`/v1/orgs/${org.id}`, { defaultContent: { type: 'site', site: site.id } }),
        A.delete(`/v1/orgs/${org.id}/sites/${site.id}`),
      ]);
      for (const r of rs) check(r.status < 500, `defaultContentVsDelete: ${r.status} ${JSON.stringify(r.body)}`);
      const o = (await A.get(`/v1/orgs/${org.id}`)).body;
      if (o.defaultContent) {
        const g = await A.get(`/v1/orgs/${org.id}/sites/${o.defaultContent.site}`);
        check(g.status === 200, `defaultContentVsDelete: defaultContent names site ${o.defaultContent.site}, which answers ${g.status} (statuses ${statuses(rs)})`);
      }
    }
  },

  // A space added to a site (as a site space, and as a section) while it is transferred to another organization:
  // no site publishes a space of another organization (a transfer removes the space from the old organization's
  // sites; adding a space to a site holds the organization's lock, as a transfer does).
  async siteSpaceVsTransfer() {
    const org = await mkOrg(), org2 = await mkOrg();
    const site = (await A.post(`/v1/orgs/${org.id}/sites`, { title: 'Leak' })).body;
    const site2 = (await A.post(`/v1/orgs/${org.id}/sites`, { title: 'Leak sections' })).body;
    for (let round = 0; round < rounds * 2; round++) {
      const sp = await mkSpace(org.id, { title: `T${round}` });
      const rs = await Promise.all([
        A.post(`/v1/spaces/${sp.id}/transfer`, { organization: org2.id }),
        new Promise((r) => setTimeout(r, round % 4)).then(() => A.post(`/v1/orgs/${org.id}/sites/${site.id}/site-spaces`, { spaceId: sp.id })),
        new Promise((r) => setTimeout(r, round % 3)).then(() => A.post(`/v1/orgs/${org.id}/sites/${site2.id}/sections`, { spaceId: sp.id })),
      ]);
      for (const r of rs) check(r.status < 500, `siteSpaceVsTransfer: ${r.status} ${JSON.stringify(r.body)}`);
    }
    const mine = new Set((await listAll(A, `/v1/orgs/${org.id}/spaces`)).items.map((x) => x.id));
    for (const ss of (await listAll(A, `/v1/orgs/${org.id}/sites/${site.id}/site-spaces`)).items) check(mine.has(ss.space.id), `siteSpaceVsTransfer: site space ${ss.id} publishes space ${ss.space.id} of another organization`);
    for (const sec of (await listAll(A, `/v1/orgs/${org.id}/sites/${site2.id}/site-spaces`)).items) check(mine.has(sec.space.id), `siteSpaceVsTransfer: section site space ${sec.id} publishes space ${sec.space.id} of another organization`);
  },
};

try {
  await Promise.all(servers.map((s) => waitReady(s.url)));
  for (const [name, fn] of Object.entries(scenarios)) {
    if (only.length ? !only.includes(name) : name.startsWith('known_')) continue;
    const f0 = failures.length, e0 = serverErrors.length;
    const t0 = Date.now();
    seen.clear();
    try {
      await fn();
    } catch (e) {
      failures.push(`${name}: threw ${e?.stack ?? e}`);
    }
    const newF = failures.slice(f0), newE = serverErrors.slice(e0);
    console.log(`${newF.length || newE.length ? 'FAIL' : 'ok  '} ${name} (${Date.now() - t0} ms)`);
    for (const f of newF) console.log(`     ${f}`);
    for (const e of newE) console.log(`     5xx: ${e}`);
    if (verbose) for (const [k, n] of seen) console.log(`     ${n} x ${k}`);
  }
} finally {
  for (const s of servers) s.child.kill('SIGTERM');
}
console.log(`${failures.length} failed checks, ${serverErrors.length} server errors (${pgUrl ? `PostgreSQL, ${procs} processes` : 'SQLite'})`);
process.exit(failures.length || serverErrors.length ? 1 : 0);

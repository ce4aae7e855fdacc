#!/usr/bin/env node
// Spec-driven fuzzing of the HTTP API: every operation of the bundled spec, called with inputs generated from its
// schemas and then mutated (wrong types, empty and huge strings, control characters, deep nesting, huge arrays,
// odd path segments), as an organization admin, as a reader, as a stranger and without a token, against real ids
// of a tenant the script builds first (org, space, pages, file, change request, comment, site, collection, team,
// OpenAPI spec). A request passes when it answers below 500 with a JSON error body for every 4xx, and the server
// keeps answering /healthz. Finds are printed with the request that made them (a reproducer).
// Usage: (pnpm build first) node scripts/fuzz-api.mjs [--seed=1] [--per-op=40] [--pg=postgres://…] [--only=regex]
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';

const root = new URL('..', import.meta.url).pathname;
const require = createRequire(join(root, 'apps/server/package.json'));
const pino = require('pino');
const argOf = (name, def) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? def;
const perOp = Number(argOf('per-op', 40));
const only = argOf('only') ? new RegExp(argOf('only')) : null;
const pgUrl = argOf('pg');
let seed = Number(argOf('seed', 1)) >>> 0 || 1;
// xorshift32: the same seed makes the same requests.
const rand = () => {
  seed ^= seed << 13; seed >>>= 0;
  seed ^= seed >>> 17;
  seed ^= seed << 5; seed >>>= 0;
  return seed / 4294967296;
};
const pick = (xs) => xs[Math.floor(rand() * xs.length)];
const chance = (p) => rand() < p;

const spec = require(join(root, 'packages/api-types/openapi.json'));
const dist = (p) => import(pathToFileURL(join(root, 'apps/server/dist', p)).href);
const { loadConfig } = await dist('config.js');
const { startServer } = await dist('server.js');

const dataDir = mkdtempSync(join(tmpdir(), 'bindery-fuzz-'));
const adminToken = 'bdy_fuzz_admin_token_0123456789abcdef';
const server = await startServer(
  { ...loadConfig({}), port: 0, host: '127.0.0.1', dataDir, adminToken, logLevel: 'silent', validateResponses: false, databaseUrl: pgUrl, allowPrivateUrls: false },
  { logger: pino({ level: 'silent' }) },
);

async function call(method, path, { token, body, headers = {}, raw } = {}) {
  const init = { method, headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers } };
  if (raw !== undefined) init.body = raw;
  else if (body !== undefined) {
    init.body = JSON.stringify(body);
    init.headers['content-type'] = 'application/json';
  }
  const t0 = performance.now();
  const res = await fetch(server.url + path, { ...init, signal: AbortSignal.timeout(60_000) });
  const text = await res.text();
  return { status: res.status, text, ms: performance.now() - t0, type: res.headers.get('content-type') ?? '' };
}
async function must(method, path, token, body) {
  const r = await call(method, path, { token, body });
  if (r.status >= 300) throw new Error(`fixture ${method} ${path}: ${r.status} ${r.text.slice(0, 300)}`);
  return r.text ? JSON.parse(r.text) : undefined;
}

// ---- the tenant: real ids for path parameters ----
const admin = adminToken;
const mkUser = async (name) => {
  const u = await must('POST', '/v1/users', admin, { email: `${name}-${Date.now()}@fuzz.example`, displayName: name });
  const t = await must('POST', `/v1/users/${u.id}/tokens`, admin, { label: 'fuzz' });
  return { id: u.id, token: t.token, email: u.email };
};
const owner = await mkUser('owner');
const reader = await mkUser('reader');
const stranger = await mkUser('stranger');
const org = await must('POST', '/v1/orgs', owner.token, { title: 'Fuzz org' });
await must('POST', `/v1/orgs/${org.id}/invites`, owner.token, { emails: [reader.email], role: 'read' });
const space = await must('POST', `/v1/orgs/${org.id}/spaces`, owner.token, { title: 'Fuzz space' });
const page = await must('POST', `/v1/spaces/${space.id}/content/pages`, owner.token, { title: 'Getting started', markdown: '# Hello\n\nSee [the guide](https://example.com).' });
const fileRes = await call('POST', `/v1/spaces/${space.id}/content/files?name=logo.png`, { token: owner.token, raw: Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex'), headers: { 'content-type': 'image/png' } });
const file = JSON.parse(fileRes.text);
const cr = await must('POST', `/v1/spaces/${space.id}/change-requests`, owner.token, { subject: 'Fuzz change' });
const comment = await must('POST', `/v1/spaces/${space.id}/comments`, owner.token, { body: { markdown: 'A comment' } });
const reply = await must('POST', `/v1/spaces/${space.id}/comments/${comment.id}/replies`, owner.token, { body: { markdown: 'A reply' } });
const collection = await must('POST', `/v1/orgs/${org.id}/collections`, owner.token, { title: 'Fuzz collection' });
const site = await must('POST', `/v1/orgs/${org.id}/sites`, owner.token, { title: 'Fuzz site', spaces: [space.id] }).catch(() => ({}));
const spec1 = await must('POST', `/v1/orgs/${org.id}/openapi`, owner.token, { slug: 'petstore', source: { text: '{"openapi":"3.0.0","info":{"title":"t","version":"1"},"paths":{}}' } }).catch(() => ({}));
const revision = (await must('GET', `/v1/spaces/${space.id}/content`, owner.token)).id;
const ids = {
  organizationId: org.id, spaceId: space.id, pageId: page.id, fileId: file.id, changeRequestId: cr.id, commentId: comment.id,
  commentReplyId: reply.id, collectionId: collection.id, siteId: site.id, specSlug: spec1.slug ?? 'petstore', revisionId: revision,
  userId: reader.id, pagePath: 'getting-started', emailDomain: 'fuzz.example', subdomain: 'fuzz',
};

// ---- generating values from schemas ----
const resolve = (s) => {
  let x = s;
  for (let i = 0; x && x.$ref && i < 20; i++) x = x.$ref.split('/').slice(1).reduce((o, k) => o[k.replace(/~1/g, '/').replace(/~0/g, '~')], spec);
  return x ?? {};
};
const NASTY = [
  null, true, false, 0, -1, 1.5, 2 ** 53, -(2 ** 31), 1e308, '', ' ', 'a', '\u0000', '\u202e\ufeff', '💥'.repeat(300), 'x'.repeat(70_000),
  '../../../etc/passwd', '%00', '<script>alert(1)</script>', "' or 1=1 --", '{{7*7}}', '${jndi:x}', 'http://127.0.0.1:1/', 'file:///etc/passwd',
  [], [null], {}, { $ref: '#/x' }, { __proto__: { polluted: 1 } }, { constructor: { prototype: { polluted: 1 } } },
  Array.from({ length: 2000 }, (_, i) => i), '2026-13-45T99:99:99Z', 'NaN', '-0', '1e400',
];
const deep = (n) => { let o = {}; const top = o; for (let i = 0; i < n; i++) o = o.a = {}; return top; };

function gen(schemaRef, depth = 0) {
  const s = resolve(schemaRef);
  if (depth > 6) return null;
  if (s.const !== undefined) return s.const;
  if (s.enum) return pick(s.enum);
  const alts = s.oneOf ?? s.anyOf;
  if (alts) return gen(pick(alts), depth + 1);
  if (s.allOf) return Object.assign({}, ...s.allOf.map((x) => { const v = gen(x, depth + 1); return v && typeof v === 'object' ? v : {}; }));
  const type = Array.isArray(s.type) ? pick(s.type) : s.type ?? (s.properties ? 'object' : s.items ? 'array' : 'string');
  switch (type) {
    case 'object': {
      const o = {};
      for (const [k, v] of Object.entries(s.properties ?? {})) if ((s.required ?? []).includes(k) || chance(0.5)) o[k] = gen(v, depth + 1);
      return o;
    }
    case 'array': return Array.from({ length: Math.floor(rand() * 3) }, () => gen(s.items ?? {}, depth + 1));
    case 'integer': return Math.floor((s.minimum ?? 0) + rand() * Math.min(100, (s.maximum ?? 100) - (s.minimum ?? 0)));
    case 'number': return rand() * 100;
    case 'boolean': return chance(0.5);
    case 'null': return null;
    default: {
      if (s.format === 'date-time') return new Date(Date.UTC(2026, 0, 1 + Math.floor(rand() * 300))).toISOString();
      if (s.format === 'uri' || s.format === 'url') return pick(['https://example.com/x', 'http://127.0.0.1/', 'https://10.0.0.1/a', 'ftp://x']);
      if (s.format === 'email') return 'someone@fuzz.example';
      if (s.pattern && chance(0.5)) return pick(['abc', 'a-b', 'A_B', '123']);
      const len = Math.max(s.minLength ?? 1, Math.min(s.maxLength ?? 20, 12));
      return 'fz' + Math.floor(rand() * 1e9).toString(36).padEnd(len, 'x').slice(0, Math.max(1, len - 2));
    }
  }
}

function mutate(v, depth = 0) {
  if (chance(0.15)) return pick(NASTY);
  if (chance(0.02)) return deep(2000);
  if (Array.isArray(v)) return chance(0.1) ? Array.from({ length: 5000 }, () => v[0] ?? 'x') : v.map((x) => mutate(x, depth + 1));
  if (v && typeof v === 'object') {
    const o = {};
    for (const [k, x] of Object.entries(v)) if (!chance(0.1)) o[k] = chance(0.3) ? mutate(x, depth + 1) : x;
    if (chance(0.1)) o[pick(['extra', '__proto__', 'constructor', 'id'])] = pick(NASTY);
    return o;
  }
  return v;
}

function pathValue(name) {
  const real = ids[name];
  if (real !== undefined && chance(0.8)) return encodeURIComponent(real).replace(/%2F/g, '/');
  return encodeURIComponent(String(pick([
    'x', 'unknown-id', '..', '%2e%2e', 'a'.repeat(3000), '0', '-1', ' ', '\u0000', '💥', "'", 'null', 'undefined', '__proto__', 'constructor',
  ])));
}

const operations = [];
for (const [path, item] of Object.entries(spec.paths)) {
  for (const method of ['get', 'post', 'put', 'patch', 'delete']) {
    const op = item[method];
    if (!op) continue;
    if (only && !only.test(`${method.toUpperCase()} ${path} ${op.operationId}`)) continue;
    operations.push({ method: method.toUpperCase(), path, op, params: [...(item.parameters ?? []), ...(op.parameters ?? [])].map(resolve) });
  }
}

const finds = [];
const slow = [];
let requests = 0;
const callers = [owner.token, owner.token, owner.token, reader.token, stranger.token, undefined, 'bdy_not_a_real_token_000000000000000000'];
const t0 = performance.now();
for (const o of operations) {
  for (let i = 0; i < perOp; i++) {
    let url = o.path.replace(/\{(\w+)\}/g, (_, n) => pathValue(n));
    const query = new URLSearchParams();
    for (const p of o.params.filter((p) => p.in === 'query')) {
      if (!(p.required || chance(0.4))) continue;
      let v = gen(p.schema ?? {});
      if (chance(0.2)) v = pick(NASTY);
      for (const x of Array.isArray(v) ? v : [v]) query.append(p.name, typeof x === 'object' ? JSON.stringify(x) : String(x));
    }
    if (chance(0.05)) query.append(pick(['unknown', 'page', 'limit']), pick(['-1', '1001', 'zzz', '0', '%']));
    if ([...query].length) url += '?' + query;
    const media = o.op.requestBody ? resolve(o.op.requestBody).content ?? {} : {};
    const json = media['application/json'];
    let body; let raw; const headers = {};
    if (json) body = chance(0.85) ? mutate(gen(json.schema ?? {})) : pick(NASTY);
    else if (Object.keys(media).length) { raw = Buffer.from(pick(['', 'x', '\u0000'.repeat(100), 'a'.repeat(100_000)])); headers['content-type'] = Object.keys(media)[0]; }
    if (o.method !== 'GET' && chance(0.03)) { raw = pick(['{', '{"a":', '[1,2', 'null', '"x"', '\u0000']); headers['content-type'] = 'application/json'; body = undefined; }
    if (chance(0.03)) headers['if-match'] = pick(['"x"', '*', '', 'W/"1"']);
    const token = pick(callers);
    requests++;
    let r;
    try {
      r = await call(o.method, url, { token, body, raw, headers });
    } catch (err) {
      finds.push({ op: o.op.operationId, method: o.method, url, body, problem: `no answer: ${err.message}` });
      continue;
    }
    const err = (p) => finds.push({ op: o.op.operationId, method: o.method, url: url.slice(0, 300), body: JSON.stringify(body ?? raw?.toString())?.slice(0, 500), token: token === owner.token ? 'admin' : token === reader.token ? 'reader' : token === stranger.token ? 'stranger' : token ? 'bad' : 'none', status: r.status, problem: p, answer: r.text.slice(0, 300) });
    if (r.status >= 500 && r.status !== 501 && r.status !== 503) err('5xx');
    else if (r.status >= 400) {
      try {
        const e = JSON.parse(r.text);
        if (!e?.error || e.error.code !== r.status || typeof e.error.message !== 'string' || !e.error.message) err('error body not {"error":{"code","message"}}');
      } catch { err('error body not JSON'); }
    }
    if (r.ms > 2000) slow.push({ op: o.op.operationId, ms: Math.round(r.ms), status: r.status });
  }
  const h = await call('GET', '/healthz').catch(() => ({ status: 0 }));
  if (h.status !== 200) { finds.push({ op: o.op.operationId, problem: `server stopped answering /healthz (${h.status})` }); break; }
}

const seconds = ((performance.now() - t0) / 1000).toFixed(1);
const byOp = new Map();
for (const f of finds) byOp.set(`${f.op}: ${f.problem}`, [...(byOp.get(`${f.op}: ${f.problem}`) ?? []), f]);
console.log(`${operations.length} operations, ${requests} requests in ${seconds} s on ${pgUrl ? 'PostgreSQL' : 'SQLite'}: ${finds.length} finds in ${byOp.size} kinds, ${slow.length} answers over 2 s`);
for (const [k, fs] of byOp) console.log(`\n## ${k} (${fs.length}×)\n${JSON.stringify(fs[0], null, 1)}`);
for (const s of slow.slice(0, 20)) console.log(`slow: ${s.op} ${s.ms} ms (${s.status})`);
await server.close();
rmSync(dataDir, { recursive: true, force: true });
process.exit(finds.length ? 1 : 0);

// Spec-driven fuzzing of the HTTP API (scripts/fuzz-api.mjs, and test/fuzz.test.ts with a few requests per
// operation): every operation of the bundled spec, called with inputs generated from its schemas and then mutated
// (wrong types, empty and huge strings, control characters, deep nesting, huge arrays, odd path segments, malformed
// JSON), as an organization admin, a reader, a stranger, a bad token and no token, against the real ids of a tenant
// built first (org, space, page, file, change request, comment, reply, collection, site, OpenAPI spec). A request
// passes when it answers below 500 (501/503 aside) with the error body on every 4xx, and the server keeps answering
// /healthz after each operation. Finds carry the request that made them (a reproducer).
// Two passes follow the operations (when `only` is unset or matches `published-site` / `cursors`): the published
// site's routes, which are not in the spec (`/sites/{siteId}/…`: pages, twins, ~search, ~files, ~fonts, llms.txt,
// sitemap, share keys, visitor tokens and claims, theme, odd cookies and Host headers), answers below 500 only;
// and every list operation's real `next.page` cursor, tampered (cut, extended, re-encoded with other values).

type Json = unknown;
type Schema = Record<string, any>;

export interface FuzzOptions {
  /** The server's origin (`http://127.0.0.1:1234`). */
  url: string;
  adminToken: string;
  /** The bundled OpenAPI document. */
  spec: Record<string, any>;
  perOp: number;
  seed: number;
  /** Only operations whose `METHOD /path operationId` matches. */
  only?: RegExp;
}

export interface FuzzFind {
  op: string;
  method: string;
  url: string;
  body?: string;
  caller?: string;
  status?: number;
  problem: string;
  answer?: string;
}

export interface FuzzReport {
  operations: number;
  requests: number;
  finds: FuzzFind[];
  slow: { op: string; ms: number; status: number }[];
  seconds: number;
}

const NASTY: Json[] = [
  null, true, false, 0, -1, 1.5, 2 ** 53, -(2 ** 31), 1e308, '', ' ', 'a', '\u0000', '\u202e\ufeff', '💥'.repeat(300), 'x'.repeat(70_000),
  '../../../etc/passwd', '%00', '<script>alert(1)</script>', "' or 1=1 --", '{{7*7}}', '${jndi:x}', 'http://127.0.0.1:1/', 'file:///etc/passwd',
  [], [null], {}, { $ref: '#/x' }, JSON.parse('{"__proto__":{"polluted":1}}'), { constructor: { prototype: { polluted: 1 } } },
  Array.from({ length: 2000 }, (_, i) => i), '2026-13-45T99:99:99Z', 'NaN', '-0', '1e400',
];
const ODD_SEGMENTS = ['x', 'unknown-id', '..', '%2e%2e', 'a'.repeat(3000), '0', '-1', ' ', '\u0000', '💥', "'", 'null', 'undefined', '__proto__', 'constructor'];

function deep(n: number): Json {
  const top: Record<string, Json> = {};
  let o = top;
  for (let i = 0; i < n; i++) o = (o.a = {}) as Record<string, Json>;
  return top;
}

/** A fuzzing run's random choices (xorshift32: the same seed makes the same requests). */
class Chooser {
  private s: number;
  constructor(seed: number) {
    this.s = seed >>> 0 || 1;
  }
  next(): number {
    this.s ^= this.s << 13;
    this.s >>>= 0;
    this.s ^= this.s >>> 17;
    this.s ^= this.s << 5;
    this.s >>>= 0;
    return this.s / 4294967296;
  }
  pick<T>(xs: readonly T[]): T {
    return xs[Math.floor(this.next() * xs.length)]!;
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
}

export async function fuzzOperations(opts: FuzzOptions): Promise<FuzzReport> {
  const { spec } = opts;
  const r = new Chooser(opts.seed);
  const t0 = performance.now();

  async function call(method: string, path: string, init: { token?: string; body?: Json; raw?: string | Buffer; headers?: Record<string, string> } = {}) {
    const headers: Record<string, string> = { ...(init.token ? { authorization: `Bearer ${init.token}` } : {}), ...init.headers };
    let body: string | Buffer | undefined = init.raw;
    if (body === undefined && init.body !== undefined) {
      body = JSON.stringify(init.body);
      headers['content-type'] = 'application/json';
    }
    const start = performance.now();
    const res = await fetch(opts.url + path, { method, headers, body, signal: AbortSignal.timeout(60_000) });
    const text = await res.text();
    return { status: res.status, text, ms: performance.now() - start };
  }
  async function must(method: string, path: string, token: string, body?: Json): Promise<any> {
    const res = await call(method, path, { token, body });
    if (res.status >= 300) throw new Error(`fuzz fixture ${method} ${path}: ${res.status} ${res.text.slice(0, 300)}`);
    return res.text ? JSON.parse(res.text) : undefined;
  }

  // ---- the tenant: real ids for path parameters ----
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1e6)}`;
  const mkUser = async (name: string) => {
    const email = `${name}-${stamp}@fuzz.example`;
    const u = await must('POST', '/v1/users', opts.adminToken, { email, displayName: name });
    const t = await must('POST', `/v1/users/${u.id}/tokens`, opts.adminToken, { label: 'fuzz' });
    return { id: u.id as string, token: t.token as string, email };
  };
  const owner = await mkUser('owner');
  const reader = await mkUser('reader');
  const stranger = await mkUser('stranger');
  const org = await must('POST', '/v1/orgs', owner.token, { title: 'Fuzz org' });
  await must('POST', `/v1/orgs/${org.id}/invites`, owner.token, { emails: [reader.email], role: 'read' });
  const space = await must('POST', `/v1/orgs/${org.id}/spaces`, owner.token, { title: 'Fuzz space' });
  const page = await must('POST', `/v1/spaces/${space.id}/content/pages`, owner.token, { title: 'Getting started', markdown: '# Hello\n\nSee [the guide](https://example.com).' });
  const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
  const file = JSON.parse((await call('POST', `/v1/spaces/${space.id}/content/files?name=logo.png`, { token: owner.token, raw: png, headers: { 'content-type': 'image/png' } })).text);
  const cr = await must('POST', `/v1/spaces/${space.id}/change-requests`, owner.token, { subject: 'Fuzz change' });
  const comment = await must('POST', `/v1/spaces/${space.id}/comments`, owner.token, { body: { markdown: 'A comment' } });
  const reply = await must('POST', `/v1/spaces/${space.id}/comments/${comment.id}/replies`, owner.token, { body: { markdown: 'A reply' } });
  const collection = await must('POST', `/v1/orgs/${org.id}/collections`, owner.token, { title: 'Fuzz collection' });
  const site = await must('POST', `/v1/orgs/${org.id}/sites`, owner.token, { title: 'Fuzz site', spaces: [space.id] });
  const openapi = await must('POST', `/v1/orgs/${org.id}/openapi`, owner.token, { slug: 'petstore', source: { text: '{"openapi":"3.0.0","info":{"title":"t","version":"1"},"paths":{}}' } });
  const revision = (await must('GET', `/v1/spaces/${space.id}/content`, owner.token)).id;
  const ids: Record<string, string> = {
    organizationId: org.id, spaceId: space.id, pageId: page.id, fileId: file.id, changeRequestId: cr.id, commentId: comment.id,
    commentReplyId: reply.id, collectionId: collection.id, siteId: site.id, specSlug: openapi.slug, revisionId: revision,
    userId: reader.id, pagePath: 'getting-started', emailDomain: 'fuzz.example', subdomain: 'fuzz',
  };

  // ---- values from schemas ----
  const resolve = (s: Schema | undefined): Schema => {
    let x: any = s;
    for (let i = 0; x && typeof x.$ref === 'string' && i < 20; i++) {
      x = (x.$ref as string).split('/').slice(1).reduce((o: any, k: string) => o?.[k.replace(/~1/g, '/').replace(/~0/g, '~')], spec);
    }
    return x ?? {};
  };

  function gen(schemaRef: Schema | undefined, depth = 0): Json {
    const s = resolve(schemaRef);
    if (depth > 6) return null;
    if (s.const !== undefined) return s.const;
    if (Array.isArray(s.enum)) return r.pick(s.enum);
    const alts = s.oneOf ?? s.anyOf;
    if (Array.isArray(alts)) return gen(r.pick(alts), depth + 1);
    if (Array.isArray(s.allOf)) {
      return Object.assign({}, ...s.allOf.map((x: Schema) => {
        const v = gen(x, depth + 1);
        return v && typeof v === 'object' ? v : {};
      }));
    }
    const type = Array.isArray(s.type) ? r.pick(s.type as string[]) : (s.type as string | undefined) ?? (s.properties ? 'object' : s.items ? 'array' : 'string');
    switch (type) {
      case 'object': {
        const o: Record<string, Json> = {};
        for (const [k, v] of Object.entries<Schema>(s.properties ?? {})) if ((s.required ?? []).includes(k) || r.chance(0.5)) o[k] = gen(v, depth + 1);
        return o;
      }
      case 'array':
        return Array.from({ length: Math.floor(r.next() * 3) }, () => gen(s.items ?? {}, depth + 1));
      case 'integer': {
        const min = typeof s.minimum === 'number' ? s.minimum : 0;
        const max = typeof s.maximum === 'number' ? s.maximum : min + 100;
        return Math.floor(min + r.next() * Math.min(100, max - min));
      }
      case 'number':
        return r.next() * 100;
      case 'boolean':
        return r.chance(0.5);
      case 'null':
        return null;
      default: {
        if (s.format === 'date-time') return new Date(Date.UTC(2026, 0, 1 + Math.floor(r.next() * 300))).toISOString();
        if (s.format === 'uri' || s.format === 'url') return r.pick(['https://example.com/x', 'http://127.0.0.1/', 'https://10.0.0.1/a', 'ftp://x']);
        if (s.format === 'email') return 'someone@fuzz.example';
        if (s.pattern && r.chance(0.5)) return r.pick(['abc', 'a-b', 'A_B', '123']);
        const len = Math.max(s.minLength ?? 1, Math.min(s.maxLength ?? 20, 12));
        return ('fz' + Math.floor(r.next() * 1e9).toString(36)).padEnd(len, 'x').slice(0, Math.max(1, len));
      }
    }
  }

  function mutate(v: Json): Json {
    if (r.chance(0.15)) return r.pick(NASTY);
    if (r.chance(0.02)) return deep(2000);
    if (Array.isArray(v)) return r.chance(0.1) ? Array.from({ length: 5000 }, () => v[0] ?? 'x') : v.map(mutate);
    if (v && typeof v === 'object') {
      const o: Record<string, Json> = {};
      for (const [k, x] of Object.entries(v)) if (!r.chance(0.1)) o[k] = r.chance(0.3) ? mutate(x) : x;
      if (r.chance(0.1)) o[r.pick(['extra', '__proto__', 'constructor', 'id'])] = r.pick(NASTY);
      return o;
    }
    return v;
  }

  const pathValue = (name: string) => {
    const real = ids[name];
    if (real !== undefined && r.chance(0.8)) return encodeURIComponent(real).replace(/%2F/g, '/');
    return encodeURIComponent(r.pick(ODD_SEGMENTS));
  };

  const operations: { method: string; path: string; op: Schema; params: Schema[] }[] = [];
  for (const [path, item] of Object.entries<Schema>(spec.paths)) {
    for (const method of ['get', 'post', 'put', 'patch', 'delete']) {
      const op = item[method] as Schema | undefined;
      if (!op) continue;
      if (opts.only && !opts.only.test(`${method.toUpperCase()} ${path} ${op.operationId}`)) continue;
      operations.push({ method: method.toUpperCase(), path, op, params: [...(item.parameters ?? []), ...(op.parameters ?? [])].map(resolve) });
    }
  }

  const finds: FuzzFind[] = [];
  const slow: FuzzReport['slow'] = [];
  let requests = 0;
  const callers: [string, string | undefined][] = [
    ['admin', owner.token], ['admin', owner.token], ['admin', owner.token], ['reader', reader.token], ['stranger', stranger.token], ['none', undefined],
    ['bad token', 'bdy_not_a_real_token_000000000000000000'],
  ];
  for (const o of operations) {
    for (let i = 0; i < opts.perOp; i++) {
      let url = o.path.replace(/\{(\w+)\}/g, (_, n: string) => pathValue(n));
      const query = new URLSearchParams();
      for (const p of o.params.filter((p) => p.in === 'query')) {
        if (!(p.required || r.chance(0.4))) continue;
        const v = r.chance(0.2) ? r.pick(NASTY) : gen(p.schema ?? {});
        for (const x of Array.isArray(v) ? v : [v]) query.append(p.name, typeof x === 'object' ? JSON.stringify(x) : String(x));
      }
      if (r.chance(0.05)) query.append(r.pick(['unknown', 'page', 'limit']), r.pick(['-1', '1001', 'zzz', '0', '%']));
      if ([...query].length) url += '?' + query.toString();
      const media: Record<string, Schema> = o.op.requestBody ? resolve(o.op.requestBody).content ?? {} : {};
      let body: Json;
      let raw: string | Buffer | undefined;
      const headers: Record<string, string> = {};
      if (media['application/json']) body = r.chance(0.85) ? mutate(gen(media['application/json'].schema ?? {})) : r.pick(NASTY);
      else if (Object.keys(media).length) {
        raw = Buffer.from(r.pick(['', 'x', '\u0000'.repeat(100), 'a'.repeat(100_000)]));
        headers['content-type'] = Object.keys(media)[0]!;
      }
      if (o.method !== 'GET' && r.chance(0.03)) {
        raw = r.pick(['{', '{"a":', '[1,2', 'null', '"x"', '\u0000']);
        headers['content-type'] = 'application/json';
        body = undefined;
      }
      if (r.chance(0.03)) headers['if-match'] = r.pick(['"x"', '*', '', 'W/"1"']);
      const [caller, token] = r.pick(callers);
      requests++;
      const request = { op: String(o.op.operationId), method: o.method, url: url.slice(0, 300), body: JSON.stringify(body ?? raw?.toString())?.slice(0, 500), caller };
      let res: Awaited<ReturnType<typeof call>>;
      try {
        res = await call(o.method, url, { token, body, raw, headers });
      } catch (err) {
        finds.push({ ...request, problem: `no answer: ${(err as Error).message}` });
        continue;
      }
      const find = (problem: string) => finds.push({ ...request, status: res.status, problem, answer: res.text.slice(0, 300) });
      if (res.status >= 500 && res.status !== 501 && res.status !== 503) find('5xx');
      else if (res.status >= 400) {
        try {
          const e = JSON.parse(res.text) as { error?: { code?: unknown; message?: unknown } };
          if (!e?.error || e.error.code !== res.status || typeof e.error.message !== 'string' || !e.error.message) find('error body not {"error":{"code","message"}}');
        } catch {
          find('error body not JSON');
        }
      }
      if (res.ms > 2000) slow.push({ op: request.op, ms: Math.round(res.ms), status: res.status });
    }
    const h = await call('GET', '/healthz').catch(() => ({ status: 0 }));
    if (h.status !== 200) {
      finds.push({ op: String(o.op.operationId), method: o.method, url: o.path, problem: `the server stopped answering /healthz (${h.status})` });
      break;
    }
  }
  // ---- the published site (routes outside the spec) ----
  const extra = async (op: string, method: string, url: string, headers: Record<string, string> = {}, jsonErrors = false) => {
    requests++;
    const request = { op, method, url: url.slice(0, 300) };
    let res: Awaited<ReturnType<typeof call>>;
    try {
      res = await call(method, url, { headers });
    } catch (err) {
      finds.push({ ...request, problem: `no answer: ${(err as Error).message}` });
      return undefined;
    }
    if (res.status >= 500 && res.status !== 501 && res.status !== 503) finds.push({ ...request, status: res.status, problem: '5xx', answer: res.text.slice(0, 300) });
    else if (jsonErrors && res.status >= 400 && !/^\{"error":\{"code":\d{3},"message":"/.test(res.text)) finds.push({ ...request, status: res.status, problem: 'error body not {"error":{"code","message"}}', answer: res.text.slice(0, 300) });
    if (res.ms > 2000) slow.push({ op, ms: Math.round(res.ms), status: res.status });
    return res;
  };
  const nastyText = () => {
    const v = r.pick(NASTY);
    return typeof v === 'string' ? v.slice(0, 3000) : JSON.stringify(v).slice(0, 3000);
  };
  if (!opts.only || opts.only.test('published-site')) {
    await call('POST', `/v1/orgs/${org.id}/sites/${site.id}/publish`, { token: owner.token });
    const base = `/sites/${encodeURIComponent(site.id)}`;
    const routes = ['/', '/getting-started', '/getting-started.md', '/llms.txt', '/llms-full.txt', '/sitemap.xml', '/robots.txt', '/~search', `/~files/x/${file.id}/logo.png`, '/~fonts/x.woff2', '/sitemap.md'];
    for (let i = 0; i < Math.max(20, opts.perOp * 10); i++) {
      const seg = () => encodeURIComponent(r.chance(0.5) ? r.pick(ODD_SEGMENTS) : nastyText());
      let path = r.chance(0.5) ? r.pick(routes) : `/${seg()}${r.chance(0.5) ? `/${seg()}` : ''}${r.chance(0.3) ? '.md' : ''}`;
      if (path === '/~search' || r.chance(0.3)) {
        const q = new URLSearchParams();
        q.append(r.pick(['q', 'share', 'jwt_token', 'claims', 'theme', 'visitor.a', 'visitor.a.b.c', 'visitor.__proto__.x', 'v', 'preview']), nastyText());
        if (r.chance(0.3)) q.append('q', nastyText());
        path += `?${q.toString()}`;
      }
      const headers: Record<string, string> = {};
      if (r.chance(0.3)) headers.cookie = `${r.pick(['bindery_site_share_' + site.id, 'bindery_site_visitor_' + site.id, 'gitbook-visitor-public', 'gitbook-visitor-token', 'bindery_site_claims', 'bindery_site_theme', 'x'])}=${encodeURIComponent(nastyText()).slice(0, 3000)}`;
      if (r.chance(0.2)) headers.accept = r.pick(['application/json', 'text/markdown', '*/*', 'text/html']);
      if (r.chance(0.1)) headers.host = r.pick(['docs.fuzz.example', 'a.b.c.d.e', 'x'.repeat(300) + '.example.com', '[::1]', 'docs.fuzz.example:99999']);
      await extra('published-site', r.chance(0.9) ? 'GET' : r.pick(['HEAD', 'POST', 'DELETE']), base + path, headers);
    }
  }
  // ---- tampered pagination cursors of every list operation ----
  if (!opts.only || opts.only.test('cursors')) {
    const lists = Object.entries<Schema>(spec.paths).flatMap(([path, item]) => (item.get ? [{ path, op: item.get as Schema, params: [...(item.parameters ?? []), ...(item.get.parameters ?? [])].map(resolve) }] : []));
    for (const o of lists) {
      if (!o.params.some((p) => p.in === 'query' && p.name === 'page')) continue;
      if (/\{(?!organizationId|spaceId|siteId|changeRequestId|commentId|collectionId|specSlug|userId)\w+\}/.test(o.path)) continue;
      const url = o.path.replace(/\{(\w+)\}/g, (_, n: string) => encodeURIComponent(ids[n] ?? 'x'));
      const first = await call('GET', `${url}?limit=1`, { token: owner.token }).catch(() => undefined);
      let cursor: string | undefined;
      try {
        cursor = first && first.status === 200 ? (JSON.parse(first.text) as { next?: { page?: string } }).next?.page : undefined;
      } catch {
        cursor = undefined;
      }
      const decoded = cursor ? Buffer.from(cursor, 'base64url').toString('latin1') : '{"x":1}';
      const tampered = [
        cursor?.slice(0, -3), cursor ? cursor + 'AAAA' : undefined, cursor?.split('').reverse().join(''),
        Buffer.from(decoded.replace(/\d+/, '-1')).toString('base64url'), Buffer.from(decoded.replace(/"[^"]*"/, '"\u0000"')).toString('base64url'),
        Buffer.from(decoded + decoded).toString('base64url'), Buffer.from(JSON.stringify(r.pick(NASTY))).toString('base64url').slice(0, 4000),
        'x'.repeat(5000), '%', '..%2F',
      ].filter((c): c is string => typeof c === 'string');
      for (const c of tampered) await extra(`${String(o.op.operationId)} (cursor)`, 'GET', `${url}?limit=${r.pick(['1', '2', '1000'])}&page=${encodeURIComponent(c)}`, { authorization: `Bearer ${owner.token}` }, true);
    }
  }
  const h = await call('GET', '/healthz').catch(() => ({ status: 0 }));
  if (h.status !== 200) finds.push({ op: 'published-site / cursors', method: 'GET', url: '/healthz', problem: `the server stopped answering /healthz (${h.status})` });
  return { operations: operations.length, requests, finds, slow, seconds: (performance.now() - t0) / 1000 };
}

// OpenAPI specifications through HTTP: create from text or URL, PUT create-or-update, processing states through the
// durable job, versions (a new one only when the content changed), contents, visibility and the public URL,
// delete, permissions, and every kind of bad input ending in a clear state with a message naming where.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDueJobs } from '../src/jobs/index.js';
import { JOB_TYPES } from '../src/jobs/types.js';
import { CYCLIC_JSON, generatedSpec, PETSTORE_YAML, SWAGGER2_YAML, WEBHOOKS_YAML } from '../src/openapi/samples.js';
import { processSpecJob, type ProcessJobPayload } from '../src/services/openapi-specs.js';
import { createTenant, makeApi, startTestServer, type Tenant, type TestServer } from '../src/testing/index.js';

let server: TestServer;
let origin: string;
let files: http.Server;
const served: Record<string, (res: http.ServerResponse) => void> = {};
const ourOrgs = new Set<string>();

beforeAll(async () => {
  server = await startTestServer({ openapiFetchTimeoutMs: 5_000 }); // 5 s: the 21 MB the "huge" case streams must reach the size limit before it (1 s timed out once on a loaded CI machine)
  files = http.createServer((req, res) => {
    const route = served[req.url ?? ''];
    if (route) route(res);
    else res.writeHead(404).end('not here');
  });
  await new Promise<void>((r) => files.listen(0, '127.0.0.1', r));
  origin = `http://127.0.0.1:${(files.address() as AddressInfo).port}`;
});
afterAll(async () => {
  files.closeAllConnections();
  await new Promise<void>((r) => files.close(() => r()));
  await server?.close();
});

async function tenant(roles: Record<string, string | null> = {}): Promise<Tenant> {
  const t = await createTenant(server, roles);
  ourOrgs.add(t.org);
  return t;
}

/** Runs the processing jobs of this file's organizations until none is pending (jobs of other files are left alone). */
async function processAll(s: TestServer = server): Promise<void> {
  for (let round = 0; round < 50; round++) {
    await runDueJobs(s.ctx, {
      handlers: {
        [JOB_TYPES.processOpenAPISpec]: async (ctx, payload: ProcessJobPayload, job) => {
          const spec = await ctx.db.selectFrom('openapi_specs').select('org_id').where('id', '=', payload.specId).executeTakeFirst();
          if (spec && !ourOrgs.has(spec.org_id)) return { retryAt: ctx.clock.now() };
          return processSpecJob(ctx, payload, job);
        },
      },
    });
    const busy = await s.ctx.db.selectFrom('openapi_specs').select('id').where('org_id', 'in', [...ourOrgs]).where('processing_state', '!=', 'complete').execute();
    if (busy.length === 0) return;
  }
  throw new Error('OpenAPI processing did not finish');
}

const base = (t: Tenant) => `/v1/orgs/${t.org}/openapi`;

describe('OpenAPI specs', () => {
  it('creates a spec from text, processes it, and serves its versions and contents', async () => {
    const t = await tenant();
    const created = await t.api.post(base(t), { slug: 'Pet-Store', source: { text: PETSTORE_YAML } });
    expect(created.status).toBe(201);
    expect(created.headers.get('location')).toBe(`${server.ctx.config.publicUrl}${base(t)}/pet-store`);
    expect(created.body).toMatchObject({
      object: 'openapi-spec', slug: 'pet-store', processingState: 'pending', visibility: 'private', lastProcessedErrors: [], lastProcessedErrorCount: 0,
      permissions: { view: true, edit: true },
    });
    expect(created.body.lastVersion).toBeUndefined();
    expect((await t.api.get(`${base(t)}/pet-store/versions/latest`)).status).toBe(404);

    await processAll();
    const spec = (await t.api.get(`${base(t)}/pet-store`)).body;
    expect(spec).toMatchObject({ processingState: 'complete', lastProcessedErrorCount: 0 });
    expect(spec.lastProcessErrorCode).toBeUndefined();
    expect(spec.lastVersion).toEqual(expect.any(String));
    expect(spec.lastProcessedAt).toEqual(expect.any(String));

    const versions = await t.api.get(`${base(t)}/pet-store/versions`);
    expect(versions.status).toBe(200);
    expect(versions.body.count).toBe(1);
    expect(versions.body.items[0]).toMatchObject({ object: 'openapi-spec-version', id: spec.lastVersion });
    expect((await t.api.get(`${base(t)}/pet-store/versions/latest`)).body.id).toBe(spec.lastVersion);
    expect((await t.api.get(`${base(t)}/pet-store/versions/${spec.lastVersion}`)).body.id).toBe(spec.lastVersion);
    expect((await t.api.get(`${base(t)}/pet-store/versions/nope`)).status).toBe(404);

    const content = (await t.api.get(`${base(t)}/pet-store/versions/latest/content`)).body;
    expect(content.filesystem.entrypoint).toBe('openapi.yaml');
    expect(content.filesystem.files[0]).toMatchObject({ uri: 'openapi.yaml', isEntrypoint: true, format: 'yaml' });
    expect(content.filesystem.files[0].specification.info.title).toBe('Pet Store');
    expect(content.urls.public).toBeNull();
    expect((await t.api.get(`${base(t)}/pet-store/versions/${spec.lastVersion}/content`)).body).toEqual(content);
    expect((await t.api.get(`${base(t)}/pet-store/versions/latest/content/raw`)).body).toEqual({ text: PETSTORE_YAML, format: 'yaml' });

    const list = await t.api.get(base(t));
    expect(list.body).toMatchObject({ count: 1, items: [{ slug: 'pet-store' }] });
  });

  it('makes a new version only when the content changed; PUT creates (201) or updates (200)', async () => {
    const t = await tenant();
    const put = await t.api.put(`${base(t)}/api`, { source: { text: CYCLIC_JSON } });
    expect(put.status).toBe(201);
    await processAll();
    const first = (await t.api.get(`${base(t)}/api`)).body.lastVersion;

    const same = await t.api.put(`${base(t)}/api`, { source: { text: CYCLIC_JSON } });
    expect(same.status).toBe(200);
    expect(same.body.processingState).toBe('pending');
    await processAll();
    expect((await t.api.get(`${base(t)}/api`)).body).toMatchObject({ processingState: 'complete', lastVersion: first });
    expect((await t.api.get(`${base(t)}/api/versions`)).body.count).toBe(1);

    const changed = CYCLIC_JSON.replace('"Trees"', '"Forests"');
    await t.api.put(`${base(t)}/api`, { source: { text: changed } });
    await processAll();
    const second = (await t.api.get(`${base(t)}/api`)).body.lastVersion;
    expect(second).not.toBe(first);
    const versions = (await t.api.get(`${base(t)}/api/versions`)).body;
    expect(versions.items.map((v: any) => v.id)).toEqual([second, first]);
    expect((await t.api.get(`${base(t)}/api/versions/latest/content/raw`)).body).toEqual({ text: changed, format: 'json' });
    expect((await t.api.get(`${base(t)}/api/versions/${first}/content`)).body.filesystem.files[0].specification.info.title).toBe('Trees');

    // Paging the versions.
    const page1 = (await t.api.get(`${base(t)}/api/versions?limit=1`)).body;
    expect(page1.items.map((v: any) => v.id)).toEqual([second]);
    const page2 = (await t.api.get(`${base(t)}/api/versions?limit=1&page=${page1.next.page}`)).body;
    expect(page2.items.map((v: any) => v.id)).toEqual([first]);
  });

  it('only the latest of racing sources is recorded', async () => {
    const t = await tenant();
    await t.api.put(`${base(t)}/race`, { source: { text: SWAGGER2_YAML } });
    await t.api.put(`${base(t)}/race`, { source: { text: WEBHOOKS_YAML } });
    await processAll();
    expect((await t.api.get(`${base(t)}/race/versions`)).body.count).toBe(1);
    expect((await t.api.get(`${base(t)}/race/versions/latest/content/raw`)).body.text).toBe(WEBHOOKS_YAML);
  });

  it('PUTs creating one slug at once: one creates (201), the others update it (200), none is a 409', async () => {
    const t = await tenant();
    for (const slug of ['at-once-1', 'at-once-2', 'at-once-3']) {
      const answers = await Promise.all(Array.from({ length: 8 }, () => t.api.put(`${base(t)}/${slug}`, { source: { text: SWAGGER2_YAML } })));
      expect(answers.map((r) => r.status).sort(), JSON.stringify(answers.map((r) => r.body))).toEqual([200, 200, 200, 200, 200, 200, 200, 201]);
      expect(new Set(answers.map((r) => r.body.id)).size).toBe(1);
    }
    // POST keeps its 409 for a taken slug, also when two create it at once.
    const posts = await Promise.all(Array.from({ length: 4 }, () => t.api.post(base(t), { slug: 'posted', source: { text: SWAGGER2_YAML } })));
    expect(posts.map((r) => r.status).sort()).toEqual([201, 409, 409, 409]);
    expect(posts.find((r) => r.status === 409)!.body.error.message).toContain('"posted"');
  });

  it('processes Swagger 2.0, 3.1 with webhooks, $ref cycles and 300 operations', async () => {
    const t = await tenant();
    const big = JSON.stringify(generatedSpec(300));
    for (const [slug, text] of [['swagger', SWAGGER2_YAML], ['webhooks', WEBHOOKS_YAML], ['cycles', CYCLIC_JSON], ['big', big]] as const) {
      expect((await t.api.post(base(t), { slug, source: { text } })).status).toBe(201);
    }
    await processAll();
    const specs = (await t.api.get(base(t))).body.items;
    expect(specs.map((s: any) => [s.slug, s.processingState, s.lastProcessErrorCode ?? null, s.lastVersion ? 'v' : null])).toEqual([
      ['swagger', 'complete', null, 'v'], ['webhooks', 'complete', null, 'v'], ['cycles', 'complete', null, 'v'], ['big', 'complete', null, 'v'],
    ]);
  });

  it('fetches a URL source, and re-fetches it on demand (PUT with the same URL)', async () => {
    const t = await tenant();
    let title = 'First';
    served['/specs/live.yaml'] = (res) => res.end(PETSTORE_YAML.replace('title: Pet Store', `title: ${title}`));
    const url = `${origin}/specs/live.yaml`;
    const created = await t.api.post(base(t), { slug: 'live', source: { url } });
    expect(created.body.sourceURL).toBe(url);
    await processAll();
    const v1 = (await t.api.get(`${base(t)}/live`)).body.lastVersion;
    const content = (await t.api.get(`${base(t)}/live/versions/latest/content`)).body;
    expect(content.urls.source).toBe(url);
    expect(content.filesystem.files[0].uri).toBe(url);
    expect((await t.api.get(`${base(t)}/live/versions/latest`)).body.url).toBe(url);

    await t.api.put(`${base(t)}/live`, { source: { url } });
    await processAll();
    expect((await t.api.get(`${base(t)}/live`)).body.lastVersion).toBe(v1);

    title = 'Second';
    await t.api.put(`${base(t)}/live`, { source: { url } });
    await processAll();
    const v2 = (await t.api.get(`${base(t)}/live`)).body.lastVersion;
    expect(v2).not.toBe(v1);
    expect((await t.api.get(`${base(t)}/live/versions/latest/content`)).body.filesystem.files[0].specification.info.title).toBe('Second');
  });

  it('checks a specification whose references expand exponentially (each schema uses the previous one twice) against the schema only, in seconds', async () => {
    const t = await tenant();
    const schemas: Record<string, unknown> = { L0: { type: 'string' } };
    for (let i = 1; i < 40; i++) schemas[`L${i}`] = { type: 'object', properties: { a: { $ref: `#/components/schemas/L${i - 1}` }, b: { $ref: `#/components/schemas/L${i - 1}` } } };
    const doc = (extra: Record<string, unknown> = {}) => JSON.stringify({
      openapi: '3.0.3', info: { title: 'Doubling', version: '1' },
      paths: { '/a': { get: { responses: { '200': { description: 'ok', content: { 'application/json': { schema: { $ref: '#/components/schemas/L39' } } } } } } } },
      components: { schemas: { ...schemas, ...extra } },
    });
    expect((await t.api.post(base(t), { slug: 'doubling', source: { text: doc() } })).status).toBe(201);
    // The same with a schema violation: still reported, by pointer.
    expect((await t.api.post(base(t), { slug: 'doubling-bad', source: { text: doc({ Bad: { type: 'object', required: 'name' } }) } })).status).toBe(201);
    await processAll();
    const ok = (await t.api.get(`${base(t)}/doubling`)).body;
    expect(ok).toMatchObject({ processingState: 'complete', lastProcessedErrors: [] });
    expect(ok.lastVersion).toBeDefined();
    const bad = (await t.api.get(`${base(t)}/doubling-bad`)).body;
    expect(bad).toMatchObject({ processingState: 'complete', lastProcessErrorCode: 'PARSE_ERROR' });
    expect(bad.lastProcessedErrors.some((e: any) => e.message.startsWith('/components/schemas/Bad/required'))).toBe(true);
  });

  it('ends bad input in a clear state with messages naming where, keeping the versions it had', async () => {
    const t = await tenant();
    await t.api.post(base(t), { slug: 'keep', source: { text: PETSTORE_YAML } });
    await processAll();
    const good = (await t.api.get(`${base(t)}/keep`)).body.lastVersion;

    const invalid = PETSTORE_YAML.replace("        '404':\n          description: No pet has this id.", "        '404':\n          descriptio: No pet has this id.");
    await t.api.put(`${base(t)}/keep`, { source: { text: invalid } });
    await processAll();
    const failed = (await t.api.get(`${base(t)}/keep`)).body;
    expect(failed).toMatchObject({ processingState: 'complete', lastProcessErrorCode: 'PARSE_ERROR', lastVersion: good });
    expect(failed.lastProcessedErrorCount).toBeGreaterThan(0);
    expect(failed.lastProcessedErrors.some((e: any) => e.message.startsWith('/paths/~1pets~1{petId}/get/responses/404'))).toBe(true);

    // Fixed again: the error goes, the content is the same as the good version's, so no new version.
    await t.api.put(`${base(t)}/keep`, { source: { text: PETSTORE_YAML } });
    await processAll();
    const fixed = (await t.api.get(`${base(t)}/keep`)).body;
    expect(fixed).toMatchObject({ lastVersion: good, lastProcessedErrors: [], lastProcessedErrorCount: 0 });
    expect(fixed.lastProcessErrorCode).toBeUndefined();

    const cases: Array<[string, object, string, RegExp]> = [
      ['prose', { text: 'Release notes: nothing to see here.' }, 'PARSE_ERROR', /not an OpenAPI document/],
      ['broken-yaml', { text: 'openapi: 3.1.0\ninfo: [oops\n  x: y' }, 'PARSE_ERROR', /not valid YAML at line \d+, column \d+/],
      ['missing', { url: `${origin}/specs/missing.yaml` }, 'FETCH_ERROR', /answered HTTP 404/],
      ['dangling', { text: JSON.stringify({ openapi: '3.0.0', info: { title: 'x', version: '1' }, paths: { '/x': { get: { responses: { '200': { $ref: '#/components/responses/Gone' } } } } } }) }, 'PARSE_ERROR', /\/paths\/~1x\/get\/responses\/200\/\$ref: the reference "#\/components\/responses\/Gone" points at nothing/],
    ];
    served['/specs/slow.yaml'] = () => undefined; // never answers
    cases.push(['slow', { url: `${origin}/specs/slow.yaml` }, 'FETCH_TIMEOUT', /no complete answer within 5 s/]);
    const bigChunk = Buffer.alloc(1024 * 1024, 'x');
    served['/specs/huge.yaml'] = (res) => {
      // 50 MB, streamed: the fetch stops at the size limit.
      let sent = 0;
      const push = () => {
        while (sent < 50 && res.write(bigChunk)) sent++;
        if (sent >= 50) res.end();
        else res.once('drain', push);
      };
      res.on('error', () => undefined);
      push();
    };
    cases.push(['huge', { url: `${origin}/specs/huge.yaml` }, 'FETCH_ERROR', /larger than the specification size limit of 20 MB/]);
    for (const [slug, source] of cases) expect((await t.api.post(base(t), { slug, source })).status).toBe(201);
    await processAll();
    for (const [slug, , code, message] of cases) {
      const s = (await t.api.get(`${base(t)}/${slug}`)).body;
      expect({ slug, state: s.processingState, code: s.lastProcessErrorCode }).toEqual({ slug, state: 'complete', code });
      expect(s.lastProcessedErrors[0].message).toMatch(message);
      expect(s.lastVersion).toBeUndefined();
      expect((await t.api.get(`${base(t)}/${slug}/versions/latest/content`)).status).toBe(404);
    }
  });

  it('refuses a text larger than the size limit with 413, and a remote $ref to a private address', async () => {
    const t = await tenant();
    const huge = 'openapi: 3.1.0\n' + '#'.repeat(21 * 1024 * 1024);
    const r = await t.api.post(base(t), { slug: 'huge', source: { text: huge } });
    expect(r.status).toBe(413);
    expect(r.body.error.message).toMatch(/size limit/);
    expect((await t.api.get(`${base(t)}/huge`)).status).toBe(404);

    // A server that keeps the SSRF guard on (as deployments do): a reference to a loopback URL is refused.
    const guarded = await startTestServer({ allowPrivateUrls: false });
    try {
      const g = await createTenant(guarded);
      ourOrgs.add(g.org);
      served['/specs/pet.yaml'] = (res) => res.end('Pet:\n  type: object\n');
      const text = `openapi: 3.1.0\ninfo: {title: x, version: "1"}\npaths:\n  /a:\n    get:\n      responses:\n        '200':\n          description: ok\n          content:\n            application/json:\n              schema:\n                $ref: '${origin}/specs/pet.yaml#/Pet'\n`;
      await makeApi(guarded.url, g.owner.token).post(`/v1/orgs/${g.org}/openapi`, { slug: 'private-ref', source: { text } });
      await processAll(guarded);
      const s = (await makeApi(guarded.url, g.owner.token).get(`/v1/orgs/${g.org}/openapi/private-ref`)).body;
      expect(s).toMatchObject({ processingState: 'complete', lastProcessErrorCode: 'FETCH_ERROR' });
      expect(s.lastProcessedErrors[0].message).toMatch(/^\/paths\/~1a\/get\/responses\/200\/content\/application~1json\/schema\/\$ref: .*private or reserved address/);
    } finally {
      await guarded.close();
    }
  });

  it('validates slugs and sources, and answers 409 for a taken slug', async () => {
    const t = await tenant();
    expect((await t.api.post(base(t), { slug: 'a', source: { text: PETSTORE_YAML } })).status).toBe(201);
    expect((await t.api.post(base(t), { slug: 'A', source: { text: PETSTORE_YAML } })).status).toBe(409);
    for (const body of [
      { slug: 'bad slug', source: { text: 'x' } }, { slug: '-a', source: { text: 'x' } }, { slug: 'x'.repeat(101), source: { text: 'x' } },
      { slug: 'b', source: { text: '' } }, { slug: 'b', source: { url: 'not a url' } }, { slug: 'b', source: {} }, { slug: 'b' },
      { slug: 'b', source: { text: 'x', url: 'https://example.com/x.yaml' } },
    ]) {
      const r = await t.api.post(base(t), body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.error.message).toMatch(/body/);
    }
    expect((await t.api.patch(`${base(t)}/a`, { visibility: 'secret' })).status).toBe(400);
    expect((await t.api.get(`${base(t)}/not-there`)).status).toBe(404);
    expect((await t.api.patch(`${base(t)}/not-there`, { visibility: 'public' })).status).toBe(404);
    expect((await t.api.get(`${base(t)}/not-there/versions`)).status).toBe(404);
  });

  it('publishes a public spec at a URL anyone can read; delete answers 204 whether or not it existed', async () => {
    const t = await tenant();
    await t.api.post(base(t), { slug: 'shared', source: { text: PETSTORE_YAML } });
    await processAll();
    const anonymous = makeApi(server.url);
    expect((await anonymous.get(`${base(t)}/shared/public`)).status).toBe(404);
    const pub = await t.api.patch(`${base(t)}/shared`, { visibility: 'public' });
    expect(pub.status).toBe(200);
    expect(pub.body.visibility).toBe('public');
    expect(pub.body.urls.published).toBe(`${server.ctx.config.publicUrl}${base(t)}/shared/public`);
    const raw = await fetch(`${server.url}${base(t)}/shared/public`);
    expect(raw.status).toBe(200);
    expect(raw.headers.get('content-type')).toMatch(/^application\/yaml/);
    expect(await raw.text()).toBe(PETSTORE_YAML);
    expect((await t.api.get(`${base(t)}/shared/versions/latest/content`)).body.urls.public).toBe(pub.body.urls.published);
    const priv = await t.api.patch(`${base(t)}/shared`, { visibility: 'private' });
    expect(priv.body.urls.published).toBeUndefined();
    expect((await anonymous.get(`${base(t)}/shared/public`)).status).toBe(404);

    expect((await t.api.delete(`${base(t)}/shared`)).status).toBe(204);
    expect((await t.api.get(`${base(t)}/shared`)).status).toBe(404);
    expect((await t.api.get(`${base(t)}/shared/versions`)).status).toBe(404);
    expect((await t.api.delete(`${base(t)}/shared`)).status).toBe(204);
  });

  it('lets members with a role read, creators change, and nobody else see the specs', async () => {
    const t = await tenant({ reader: 'read', creator: 'create', guest: null });
    await t.api.post(base(t), { slug: 'team', source: { text: PETSTORE_YAML } });
    await processAll();
    const asReader = await t.as('reader').get(`${base(t)}/team`);
    expect(asReader.status).toBe(200);
    expect(asReader.body.permissions).toEqual({ view: true, edit: false });
    expect((await t.as('reader').get(`${base(t)}/team/versions/latest/content/raw`)).status).toBe(200);
    expect((await t.as('reader').put(`${base(t)}/team`, { source: { text: SWAGGER2_YAML } })).status).toBe(403);
    expect((await t.as('reader').post(base(t), { slug: 'mine', source: { text: SWAGGER2_YAML } })).status).toBe(403);
    expect((await t.as('reader').patch(`${base(t)}/team`, { visibility: 'public' })).status).toBe(403);
    expect((await t.as('reader').delete(`${base(t)}/team`)).status).toBe(403);
    expect((await t.as('creator').put(`${base(t)}/team`, { source: { text: SWAGGER2_YAML } })).status).toBe(200);
    expect((await t.as('creator').get(`${base(t)}/team`)).body.permissions).toEqual({ view: true, edit: true });
    expect((await t.as('guest').get(`${base(t)}/team`)).status).toBe(404);
    expect((await t.as('guest').get(base(t))).status).toBe(404);
    const outsider = await tenant();
    expect((await outsider.api.get(`${base(t)}/team`)).status).toBe(404);
    expect((await outsider.api.post(base(t), { slug: 'x', source: { text: SWAGGER2_YAML } })).status).toBe(404);
    expect((await makeApi(server.url).get(`${base(t)}/team`)).status).toBe(401);
    await processAll();
  });
});

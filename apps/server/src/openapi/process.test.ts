// Processing sources: parsing, validation with located errors, references by URL through the SSRF guard, limits.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SpecError } from './documents.js';
import { processSpecSource, type ProcessLimits } from './process.js';
import { CYCLIC_JSON, generatedSpec, PETSTORE_YAML, SWAGGER2_YAML, WEBHOOKS_YAML } from './samples.js';

const limits: ProcessLimits = { maxBytes: 2 * 1024 * 1024, fetchTimeoutMs: 2_000, deadlineMs: 10_000, maxDocuments: 5, allowPrivate: true };

async function failure(p: Promise<unknown>): Promise<SpecError> {
  try {
    await p;
  } catch (err) {
    if (err instanceof SpecError) return err;
    throw err;
  }
  throw new Error('expected a SpecError');
}

let server: http.Server;
let base: string;
const routes: Record<string, (res: http.ServerResponse) => void> = {};
beforeAll(async () => {
  server = http.createServer((req, res) => {
    const route = routes[req.url ?? ''];
    if (route) route(res);
    else res.writeHead(404).end('no');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => {
  server.closeAllConnections();
  server.close(() => r());
}));

describe('processSpecSource', () => {
  it('takes OpenAPI 3.0 YAML, 3.1 JSON, recursive schemas, Swagger 2.0 and 3.1 webhooks', async () => {
    const pet = await processSpecSource({ text: PETSTORE_YAML }, limits);
    expect(pet).toMatchObject({ version: '3.0', format: 'yaml', sourceUrl: null, rawText: PETSTORE_YAML });
    expect(pet.files).toHaveLength(1);
    expect(pet.files[0]).toMatchObject({ uri: 'openapi.yaml', isEntrypoint: true });
    expect((await processSpecSource({ text: JSON.stringify(generatedSpec(300)) }, limits)).version).toBe('3.1');
    expect((await processSpecSource({ text: CYCLIC_JSON }, limits)).format).toBe('json');
    expect((await processSpecSource({ text: SWAGGER2_YAML }, limits)).version).toBe('2.0');
    expect((await processSpecSource({ text: WEBHOOKS_YAML }, limits)).version).toBe('3.1');
  });

  it('hashes content: same text, same hash; another text, another hash', async () => {
    const a = await processSpecSource({ text: PETSTORE_YAML }, limits);
    const b = await processSpecSource({ text: PETSTORE_YAML }, limits);
    const c = await processSpecSource({ text: PETSTORE_YAML.replace('A small store', 'A store') }, limits);
    expect(a.contentHash).toBe(b.contentHash);
    expect(c.contentHash).not.toBe(a.contentHash);
  });

  it('refuses what is not a specification, naming why and where', async () => {
    const notJson = await failure(processSpecSource({ text: '{"openapi": "3.1.0",\n "info": ' }, limits));
    expect(notJson.code).toBe('PARSE_ERROR');
    expect(notJson.issues[0]!.message).toMatch(/not valid JSON at line 2/);
    const notYaml = await failure(processSpecSource({ text: 'openapi: 3.0.0\ninfo: [a\n  b: c' }, limits));
    expect(notYaml.issues[0]!.message).toMatch(/not valid YAML at line \d+/);
    const prose = await failure(processSpecSource({ text: 'Just some words.' }, limits));
    expect(prose.issues[0]).toMatchObject({ code: 'not-openapi' });
    const other = await failure(processSpecSource({ text: 'title: hello\nitems: [1, 2]' }, limits));
    expect(other.issues[0]!.message).toMatch(/neither an `openapi` nor a `swagger` field/);
    const v = await failure(processSpecSource({ text: 'openapi: 4.0.0\ninfo: {title: x, version: "1"}\npaths: {}' }, limits));
    expect(v.issues[0]).toMatchObject({ code: 'unsupported-version' });
  });

  it('names where an invalid document breaks the rules, as JSON pointers', async () => {
    const bad = PETSTORE_YAML.replace("        '404':\n          description: No pet has this id.", "        '404':\n          descriptio: No pet has this id.");
    const e = await failure(processSpecSource({ text: bad }, limits));
    expect(e.code).toBe('PARSE_ERROR');
    const messages = e.issues.map((i) => i.message);
    expect(messages.some((m) => m.startsWith('/paths/~1pets~1{petId}/get/responses/404'))).toBe(true);

    const dup = JSON.stringify({ openapi: '3.1.0', info: { title: 'x', version: '1' }, paths: { '/a': { get: { operationId: 'same', responses: { '200': { description: 'ok' } } } }, '/b': { get: { operationId: 'same', responses: { '200': { description: 'ok' } } } } } });
    const d = await failure(processSpecSource({ text: dup }, limits));
    expect(d.issues.some((i) => i.code === 'duplicate-operation-id' && /same/.test(i.message))).toBe(true);

    const dangling = JSON.stringify({ openapi: '3.1.0', info: { title: 'x', version: '1' }, paths: { '/a': { get: { responses: { '200': { description: 'ok', content: { 'application/json': { schema: { $ref: '#/components/schemas/Missing' } } } } } } } } });
    const r = await failure(processSpecSource({ text: dangling }, limits));
    expect(r.issues[0]).toMatchObject({ code: 'invalid-reference' });
    expect(r.issues[0]!.message).toContain('/paths/~1a/get/responses/200/content/application~1json/schema/$ref');
  });

  it('bounds nesting and YAML alias expansion', async () => {
    const deep = '{"openapi": "3.1.0", "info": {"title": "x", "version": "1"}, "paths": {}, "x-deep": ' + '['.repeat(400) + ']'.repeat(400) + '}';
    expect((await failure(processSpecSource({ text: deep }, limits))).issues[0]).toMatchObject({ code: 'too-deep' });
    const deepYaml = 'openapi: 3.1.0\ninfo: {title: x, version: "1"}\npaths: {}\nx-deep: ' + '['.repeat(400) + ']'.repeat(400);
    expect((await failure(processSpecSource({ text: deepYaml }, limits))).issues[0]!.message).toMatch(/nesting exceeded/);
    const lines = ['openapi: 3.1.0', 'info: {title: x, version: "1"}', 'paths: {}', 'a0: &a0 [x, x, x, x, x, x, x, x, x, x]'];
    for (let i = 1; i < 12; i++) lines.push(`a${i}: &a${i} [*a${i - 1}, *a${i - 1}, *a${i - 1}, *a${i - 1}, *a${i - 1}, *a${i - 1}, *a${i - 1}, *a${i - 1}, *a${i - 1}, *a${i - 1}]`);
    expect((await failure(processSpecSource({ text: lines.join('\n') }, limits))).issues[0]).toMatchObject({ code: 'too-large' });
    expect((await failure(processSpecSource({ text: 'x'.repeat(limits.maxBytes + 1) }, limits))).issues[0]).toMatchObject({ code: 'too-large' });
  });

  it('fetches a URL and the documents it references, relative to it', async () => {
    routes['/api/openapi.yaml'] = (res) => res.end(`openapi: 3.1.0\ninfo: {title: Split, version: "1"}\npaths:\n  /pets:\n    get:\n      responses:\n        '200':\n          description: ok\n          content:\n            application/json:\n              schema:\n                $ref: 'schemas/pet.yaml#/Pet'\n`);
    routes['/api/schemas/pet.yaml'] = (res) => res.end(`Pet:\n  type: object\n  properties:\n    owner:\n      $ref: '#/Owner'\n    id:\n      $ref: '../common.json#/Id'\nOwner:\n  type: string\n`);
    routes['/api/common.json'] = (res) => res.end(JSON.stringify({ Id: { type: 'integer' } }));
    const r = await processSpecSource({ url: `${base}/api/openapi.yaml` }, limits);
    expect(r.files.map((f) => [f.uri, f.isEntrypoint])).toEqual([
      [`${base}/api/openapi.yaml`, true], [`${base}/api/schemas/pet.yaml`, false], [`${base}/api/common.json`, false],
    ]);
    expect(r.sourceUrl).toBe(`${base}/api/openapi.yaml`);

    routes['/api/broken.yaml'] = (res) => res.end(`openapi: 3.1.0\ninfo: {title: Split, version: "1"}\npaths:\n  /pets:\n    get:\n      responses:\n        '200':\n          description: ok\n          content:\n            application/json:\n              schema:\n                $ref: 'schemas/pet.yaml#/Nope'\n`);
    const broken = await failure(processSpecSource({ url: `${base}/api/broken.yaml` }, limits));
    expect(broken.issues[0]!.message).toContain('/paths/~1pets/get/responses/200/content/application~1json/schema/$ref');
  });

  it('reports fetch failures: HTTP errors, timeouts, size, private addresses', async () => {
    const missing = await failure(processSpecSource({ url: `${base}/nothing.yaml` }, limits));
    expect(missing).toMatchObject({ code: 'FETCH_ERROR' });
    expect(missing.issues[0]!.message).toMatch(/answered HTTP 404/);

    routes['/slow.yaml'] = () => undefined; // never answers
    const slow = await failure(processSpecSource({ url: `${base}/slow.yaml` }, { ...limits, fetchTimeoutMs: 300 }));
    expect(slow.code).toBe('FETCH_TIMEOUT');

    routes['/huge.yaml'] = (res) => res.end('x'.repeat(limits.maxBytes + 10));
    const huge = await failure(processSpecSource({ url: `${base}/huge.yaml` }, limits));
    expect(huge).toMatchObject({ code: 'FETCH_ERROR' });
    expect(huge.issues[0]!.message).toMatch(/larger than the specification size limit of 2 MB/);

    const text = `openapi: 3.1.0\ninfo: {title: x, version: "1"}\npaths:\n  /a:\n    get:\n      responses:\n        '200':\n          $ref: '${base}/api/response.yaml'\n`;
    const privateRef = await failure(processSpecSource({ text }, { ...limits, allowPrivate: false }));
    expect(privateRef.code).toBe('FETCH_ERROR');
    expect(privateRef.issues[0]!.message).toMatch(/^\/paths\/~1a\/get\/responses\/200\/\$ref: .*private or reserved address/);

    const fileRef = await failure(processSpecSource({ text: text.replace(`${base}/api/response.yaml`, 'file:///etc/passwd') }, limits));
    expect(fileRef.issues[0]!.message).toMatch(/only http and https references are fetched/);
    const relative = await failure(processSpecSource({ text: text.replace(`${base}/api/response.yaml`, './response.yaml') }, limits));
    expect(relative.issues[0]).toMatchObject({ code: 'unresolvable-reference' });
  });
});

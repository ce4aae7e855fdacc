// Cross-origin reads of a published site in Chromium (session 21): a page of the site's own registrable domain
// (`www.acme-cors21.com`, on another port) reads the `llms.txt`, a `.md` twin and the search (a POST with a JSON body:
// a preflight first) of the site on its custom hostname (`docs.acme-cors21.com`); a page of another domain cannot read
// them. Both names are mapped to this machine in Chromium (`--host-resolver-rules`): no request leaves it.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { launchChromium } from '../src/testing/chromium.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, startTestServer, testDialect, type TestServer } from '../src/testing/index.js';

const noBrowser = testDialect() === 'postgres';
let server: TestServer;
let browser: Browser | undefined;
let other: Server;
let docs: string;
let page: (host: string) => string;

beforeAll(async () => {
  server = await startTestServer();
  if (noBrowser) return;
  browser = await launchChromium(['--host-resolver-rules=MAP *.acme-cors21.com 127.0.0.1, MAP *.evil-cors21.com 127.0.0.1']);
  // The other origins' pages: an empty page from another server of this machine.
  other = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>Home</title><p>Home</p>'));
  await new Promise<void>((go) => other.listen(0, '127.0.0.1', go));
  const port = (other.address() as AddressInfo).port;
  page = (host) => `http://${host}:${port}/`;
  const t = await createTenant(server);
  const space = (await t.api.post(`/v1/orgs/${t.org}/spaces`, { title: 'Guide' })).body;
  expect((await t.api.post(`/v1/spaces/${space.id}/content/edits`, { edits: [
    { op: 'createPage', page: { id: 'page-intro', title: 'Introduction', markdown: 'Hello.\n' } },
    { op: 'createPage', page: { id: 'page-setup', title: 'Setup', markdown: 'The okapi keyword.\n' } },
  ] })).status).toBe(200);
  const s = (await t.api.post(`/v1/orgs/${t.org}/sites`, { title: 'Acme Docs', visibility: 'public', spaces: [space.id] })).body;
  expect((await t.api.patch(`/v1/orgs/${t.org}/sites/${s.id}`, { hostname: 'docs.acme-cors21.com' })).status).toBe(200);
  expect((await t.api.post(`/v1/orgs/${t.org}/sites/${s.id}/publish`)).status).toBeLessThan(300);
  docs = `http://docs.acme-cors21.com:${new URL(server.url).port}`;
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await new Promise((done) => (other ? other.close(done) : done(undefined)));
  await server?.close();
});

/** What a page at `origin` gets reading `path` of the docs (its text, or the error fetch throws). */
async function readFrom(origin: string, path: string, init?: { method: string; body: string; headers: Record<string, string> }) {
  const context = await browser!.newContext();
  try {
    const p = await context.newPage();
    await p.goto(origin);
    return await p.evaluate(async ([url, init]) => {
      try {
        const r = await fetch(url!, init as RequestInit | undefined);
        return { status: r.status, text: await r.text() };
      } catch (e) {
        return { error: String(e) };
      }
    }, [`${docs}${path}`, init] as const);
  } finally {
    await context.close();
  }
}

describe.skipIf(noBrowser)('cross-origin reads in Chromium', () => {
  it('a page of the same registrable domain reads llms.txt, a twin and the search; another domain cannot', async () => {
    const own = page('www.acme-cors21.com');
    const llms = await readFrom(own, '/llms.txt');
    expect(llms).toMatchObject({ status: 200 });
    expect((llms as { text: string }).text).toContain('# Acme Docs');
    const twin = await readFrom(own, '/setup.md');
    expect((twin as { text: string }).text).toContain('The okapi keyword.');
    const search = await readFrom(own, '/~gitbook/search', { method: 'POST', body: '{"query":"okapi"}', headers: { 'content-type': 'application/json' } });
    expect(search).toMatchObject({ status: 200 });
    expect((search as { text: string }).text).toContain('Setup');
    for (const [path, init] of [['/llms.txt', undefined], ['/~gitbook/search', { method: 'POST', body: '{"query":"okapi"}', headers: { 'content-type': 'application/json' } }]] as const) {
      const denied = await readFrom(page('www.evil-cors21.com'), path, init);
      expect(denied, path).toMatchObject({ error: expect.stringContaining('Failed to fetch') });
    }
  });
});

// OPTIONS and cross-origin reads of a published site (session 21). Before, OPTIONS on any site path was a 405 and no
// answer carried CORS headers: a page of the company's own domain could not read its docs' llms.txt, `.md` twins or
// search from a browser. As GitBook's sites: the site's own host, and on a custom hostname the origins of the same
// registrable domain, never credentials; on the server's own name (shared by every site) only its own origin.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, sendWithHost, startTestServer, type HostAnswer, type TestServer } from '../src/testing/index.js';
import { allowedOrigin } from '../src/site/cors.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ publicUrl: 'https://docs-server.cors21.test' });
});
afterAll(async () => server?.close());

/** A request with the given Host header. */
const send = (path: string, host: string, opts?: Parameters<typeof sendWithHost>[3]) => sendWithHost(server, path, host, opts);

async function site(hostname?: string, publish = true) {
  const t = await createTenant(server);
  const space = (await t.api.post(`/v1/orgs/${t.org}/spaces`, { title: 'Guide' })).body;
  expect((await t.api.post(`/v1/spaces/${space.id}/content/edits`, { edits: [
    { op: 'createPage', page: { id: 'page-intro', title: 'Introduction', markdown: 'Hello.\n' } },
    { op: 'createPage', page: { id: 'page-setup', title: 'Setup', markdown: 'The zebra keyword.\n' } },
  ] })).status).toBe(200);
  const s = (await t.api.post(`/v1/orgs/${t.org}/sites`, { title: 'Acme Docs', visibility: 'public', spaces: [space.id] })).body;
  if (hostname) expect((await t.api.patch(`/v1/orgs/${t.org}/sites/${s.id}`, { hostname })).status).toBe(200);
  if (publish) expect((await t.api.post(`/v1/orgs/${t.org}/sites/${s.id}/publish`)).status).toBeLessThan(300);
  return { base: `/sites/${s.id}` };
}

const vary = (a: HostAnswer) => String(a.headers.vary ?? '').toLowerCase().split(/\s*,\s*/);

describe('OPTIONS on a published site', () => {
  it('204 with Allow for every path: GET, HEAD (POST for search and MCP), whether the site or page exists or not', async () => {
    const { base } = await site();
    const host = new URL(server.url).host;
    const unpublished = (await site(undefined, false)).base;
    for (const path of [`${base}/`, `${base}/setup`, `${base}/setup.md`, `${base}/llms.txt`, `${base}/sitemap.xml`, `${base}/no-such-page`, `${unpublished}/`, '/sites/no-such-site/x']) {
      const r = await send(path, host, { method: 'OPTIONS' });
      expect([r.status, r.headers.allow, r.text], path).toEqual([204, 'GET, HEAD, OPTIONS', '']);
      expect(r.headers['access-control-allow-origin'], path).toBeUndefined();
    }
    for (const path of [`${base}/~gitbook/search`, `${base}/~gitbook/mcp`]) {
      const r = await send(path, host, { method: 'OPTIONS' });
      expect([r.status, r.headers.allow], path).toEqual([204, 'POST, OPTIONS']);
    }
    // Other methods stay 405s, naming OPTIONS too.
    const put = await send(`${base}/setup`, host, { method: 'PUT' });
    expect([put.status, put.headers.allow]).toEqual([405, 'GET, HEAD, OPTIONS']);
  });
});

describe('cross-origin reads', () => {
  it('on the server\'s own name (every site shares it): its own origin only, never credentials', async () => {
    const { base } = await site();
    const host = new URL(server.url).host;
    const own = `http://${host}`;
    const r = await send(`${base}/llms.txt`, host, { headers: { origin: own } });
    expect(r.status).toBe(200);
    expect(r.headers['access-control-allow-origin']).toBe(own);
    expect(r.headers['access-control-allow-credentials']).toBeUndefined();
    expect(vary(r)).toContain('origin');
    for (const origin of ['https://evil.example', 'https://www.cors21.test', 'null', `${own}.evil.example`]) {
      const other = await send(`${base}/llms.txt`, host, { headers: { origin } });
      expect(other.status, origin).toBe(200);
      expect(other.headers['access-control-allow-origin'], origin).toBeUndefined();
      const pre = await send(`${base}/llms.txt`, host, { method: 'OPTIONS', headers: { origin, 'access-control-request-method': 'GET' } });
      expect(pre.status, origin).toBe(204);
      expect(pre.headers['access-control-allow-origin'], origin).toBeUndefined();
      expect(pre.headers['access-control-allow-methods'], origin).toBeUndefined();
    }
    // No Origin: no CORS header, but the answer says it depends on it (shared caches).
    const plain = await send(`${base}/setup`, host);
    expect(plain.headers['access-control-allow-origin']).toBeUndefined();
    expect(vary(plain)).toEqual(expect.arrayContaining(['origin', 'accept']));
  });

  it('on a custom hostname: the origins of its registrable domain, preflights for search and MCP', async () => {
    const { base } = await site('docs.acme-cors21.com');
    const host = 'docs.acme-cors21.com';
    for (const origin of ['https://www.acme-cors21.com', 'https://acme-cors21.com', 'http://app.eu.acme-cors21.com:8080', 'https://docs.acme-cors21.com']) {
      for (const path of ['/llms.txt', '/setup.md', '/sitemap.xml', '/setup', '/~gitbook/site-index']) {
        const r = await send(path, host, { headers: { origin } });
        expect(r.status, `${origin} ${path}`).toBe(200);
        expect(r.headers['access-control-allow-origin'], `${origin} ${path}`).toBe(origin);
      }
    }
    const origin = 'https://www.acme-cors21.com';
    const pre = await send('/~gitbook/search', host, { method: 'OPTIONS', headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' } });
    expect(pre.status).toBe(204);
    expect(pre.headers['access-control-allow-origin']).toBe(origin);
    expect(pre.headers['access-control-allow-methods']).toBe('POST, OPTIONS');
    expect(pre.headers['access-control-allow-headers']).toBe('content-type');
    expect(pre.headers['access-control-max-age']).toBe('600');
    expect(pre.headers['access-control-allow-credentials']).toBeUndefined();
    const search = await send('/~gitbook/search', host, { method: 'POST', body: '{"query":"zebra"}', headers: { origin, 'content-type': 'application/json' } });
    expect(search.status).toBe(200);
    expect(search.headers['access-control-allow-origin']).toBe(origin);
    // A method the path does not take: no allowing headers.
    const wrong = await send('/llms.txt', host, { method: 'OPTIONS', headers: { origin, 'access-control-request-method': 'DELETE' } });
    expect(wrong.status).toBe(204);
    expect(wrong.headers['access-control-allow-methods']).toBeUndefined();
    // Look-alikes and other domains: none.
    for (const other of ['https://acme-cors21.com.evil.example', 'https://evilacme-cors21.com', 'https://www.acme-cors21.org', 'ftp://www.acme-cors21.com']) {
      expect((await send('/llms.txt', host, { headers: { origin: other } })).headers['access-control-allow-origin'], other).toBeUndefined();
    }
    // The same site at /sites/<id> on the server's name: that name's rule (its own origin only).
    expect((await send(`${base}/llms.txt`, 'docs-server.cors21.test', { headers: { origin } })).headers['access-control-allow-origin']).toBeUndefined();
  });

  it('allowedOrigin: public suffixes are not a shared domain', () => {
    expect(allowedOrigin('https://other.co.uk', 'docs.example.co.uk', 'docs.example.co.uk')).toBeUndefined();
    expect(allowedOrigin('https://www.example.co.uk', 'docs.example.co.uk', 'docs.example.co.uk')).toBe('https://www.example.co.uk');
    expect(allowedOrigin('https://evil.github.io', 'acme.github.io', 'acme.github.io')).toBeUndefined();
    expect(allowedOrigin('https://WWW.Example.com', 'docs.example.com', 'docs.example.com')).toBe('https://www.example.com');
    expect(allowedOrigin(`https://x${'a'.repeat(400)}.example.com`, 'docs.example.com', 'docs.example.com')).toBeUndefined();
    expect(allowedOrigin('https://www.example.com/path', 'docs.example.com', 'docs.example.com')).toBeUndefined();
  });
});

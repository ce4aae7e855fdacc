// getEmbedByUrl / getEmbedByUrlInSpace: a real HTTP server on loopback serves the pages (the test server allows
// private addresses, as a deployment may); a second server with the guard's defaults refuses them.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, createUser, useTestServer } from '../src/testing/index.js';

const server = useTestServer();
const guarded = useTestServer({ allowPrivateUrls: false });

let site: http.Server;
let base = '';
const hits = new Map<string, number>();
beforeAll(async () => {
  site = http.createServer((req, res) => {
    const path = req.url ?? '/';
    hits.set(path, (hits.get(path) ?? 0) + 1);
    const html = (head: string) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(`<!doctype html><html><head>${head}</head><body><title>not this</title></body></html>`);
    };
    if (path === '/video') {
      return html(`<meta charset="utf-8"><title>Fallback title</title><meta property="og:title" content="Launch &amp; demo"><meta property="og:site_name" content="VidHost">
        <link rel="icon" href="/favicon.ico"><link rel="alternate" type="application/json+oembed" href="/oembed?u=1&amp;f=json">`);
    }
    if (path === '/oembed?u=1&f=json') {
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end(JSON.stringify({ type: 'video', version: '1.0', title: 'Launch demo (oEmbed)', provider_name: 'VidHost', html: '<iframe src="https://vid.example/embed/1"></iframe>' }));
    }
    if (path === '/plain') return html(`<title>  A plain
      page </title>`);
    if (path === '/big') {
      res.writeHead(200, { 'content-type': 'text/html' });
      return res.end(`<html><head><title>Big</title></head><body>${'x'.repeat(700 * 1024)}</body></html>`);
    }
    if (path === '/pdf') {
      res.writeHead(200, { 'content-type': 'application/pdf' });
      return res.end('%PDF-1.4');
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((r) => site.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => site.close(() => r())));

const embed = (api: ReturnType<typeof server.api>, url: string, space?: string) =>
  api.get(`${space ? `/v1/spaces/${space}/embed` : '/v1/urls/embed'}?url=${encodeURIComponent(url)}`);

describe('embeds', () => {
  it("resolves a page's title, site, icon and oEmbed HTML; what cannot be read is a link titled by its URL", async () => {
    const t = await createTenant(server);
    const video = await embed(t.api, `${base}/video`);
    expect(video.status).toBe(200);
    expect(video.body).toEqual({ type: 'rich', title: 'Launch demo (oEmbed)', site: 'VidHost', icon: `${base}/favicon.ico`, html: '<iframe src="https://vid.example/embed/1"></iframe>' });
    expect((await embed(t.api, `${base}/plain`)).body).toEqual({ type: 'link', title: 'A plain page', site: '127.0.0.1' });
    for (const path of ['/missing', '/big', '/pdf']) {
      expect((await embed(t.api, `${base}${path}`)).body, path).toEqual({ type: 'link', title: `${base}${path}`, site: '127.0.0.1' });
    }
    // Remembered: the page is fetched once however often it is asked for, also when asked at once.
    const before = hits.get('/plain');
    await Promise.all([1, 2, 3].map(() => embed(t.api, `${base}/plain`)));
    expect(hits.get('/plain')).toBe(before);
    const fresh = `${base}/plain?at=once`;
    await Promise.all([1, 2, 3, 4].map(() => embed(t.api, fresh)));
    expect(hits.get('/plain?at=once')).toBe(1);
  });

  it('refuses what is not an http URL, needs a token, and in a space needs read access', async () => {
    const t = await createTenant(server);
    for (const url of ['ftp://example.com/x', 'javascript:alert(1)', 'not a url']) {
      const r = await embed(t.api, url);
      expect(r.status, url).toBe(400);
      expect(r.body.error.message).toContain('/query/url');
    }
    expect((await server.api().get(`/v1/urls/embed?url=${encodeURIComponent(`${base}/plain`)}`)).status).toBe(401);
    const space = (await t.api.post(`/v1/orgs/${t.org}/spaces`, { title: 'Docs' })).body.id;
    expect((await embed(t.api, `${base}/plain`, space)).body.title).toBe('A plain page');
    const stranger = await createUser(server, 'Stranger');
    expect((await embed(server.api(stranger.token), `${base}/plain`, space)).status).toBe(404);
  });

  it("refuses private and loopback hosts with the SSRF guard's defaults", async () => {
    const t = await createTenant(guarded);
    for (const url of [`${base}/plain`, 'http://10.0.0.1/', 'http://[::1]/', 'http://169.254.169.254/latest/meta-data']) {
      const r = await embed(t.api, url);
      expect(r.status, url).toBe(400);
      expect(r.body.error.message).toMatch(/\/query\/url.*cannot be fetched/);
    }
    expect(hits.get('/plain?guarded')).toBeUndefined();
  });
});

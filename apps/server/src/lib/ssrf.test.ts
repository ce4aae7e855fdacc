import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allowPrivateHosts, checkUrl, checkUrlAddresses, isAllowedPrivate, isLoopbackAddress, isPrivateAddress, safeFetch, UnsafeUrlError } from './ssrf.js';

let server: Server;
let base: string;
beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === '/redirect-private') {
      res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data' });
      return res.end();
    }
    if (req.url === '/redirect-loop') {
      res.writeHead(302, { location: '/redirect-loop' });
      return res.end();
    }
    if (req.url === '/big') return res.end(Buffer.alloc(10_000, 'x'));
    if (req.url === '/echo') {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => res.end(`${req.method} ${Buffer.concat(chunks).toString()}`));
      return;
    }
    if (req.url === '/hello-redirect') {
      res.writeHead(301, { location: '/hello' });
      return res.end();
    }
    res.end(`hello ${req.headers.authorization ?? ''}`);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

describe('isPrivateAddress', () => {
  it.each([
    ['127.0.0.1', true], ['10.1.2.3', true], ['172.20.0.1', true], ['192.168.1.1', true], ['169.254.169.254', true],
    ['100.64.0.1', true], ['0.0.0.0', true], ['::1', true], ['fd00::1', true], ['fe80::1', true], ['::ffff:127.0.0.1', true],
    ['8.8.8.8', false], ['1.1.1.1', false], ['2606:4700:4700::1111', false], ['::ffff:8.8.8.8', false],
  ])('%s → %s', (ip, expected) => {
    expect(isPrivateAddress(ip)).toBe(expected);
  });
});

describe('safeFetch', () => {
  it('refuses other schemes and malformed URLs', () => {
    expect(() => checkUrl('file:///etc/passwd')).toThrow(UnsafeUrlError);
    expect(() => checkUrl('ext::sh -c id')).toThrow(UnsafeUrlError);
    expect(() => checkUrl('not a url')).toThrow(UnsafeUrlError);
  });

  it('refuses loopback and private targets by literal address and by name', async () => {
    await expect(safeFetch(`${base}/hello`)).rejects.toThrow(/private or reserved/);
    const port = (server.address() as AddressInfo).port;
    await expect(safeFetch(`http://localhost:${port}/hello`)).rejects.toThrow(/private or reserved/);
    await expect(safeFetch(`http://[::1]:${port}/hello`)).rejects.toThrow(/private or reserved/);
  });

  it('checkUrlAddresses: a URL stored for later is refused by its addresses now, unless configuration allows them', async () => {
    await expect(checkUrlAddresses('http://10.0.0.1/x', {})).rejects.toThrow(/10\.0\.0\.1 is a private or reserved address/);
    await expect(checkUrlAddresses('http://localhost:1/x', {})).rejects.toThrow(/localhost resolves to .*private or reserved/);
    await expect(checkUrlAddresses('http://[::1]/x', {})).rejects.toThrow(/private or reserved/);
    await expect(checkUrlAddresses('ftp://example.com/', {})).rejects.toThrow(UnsafeUrlError);
    expect((await checkUrlAddresses('http://localhost:1/x', { allowLoopback: true })).hostname).toBe('localhost');
    await expect(checkUrlAddresses('http://10.0.0.1/x', { allowLoopback: true })).rejects.toThrow(/private or reserved/);
    expect((await checkUrlAddresses('http://10.0.0.1/x', { allowPrivate: true })).hostname).toBe('10.0.0.1');
    expect((await checkUrlAddresses('http://8.8.8.8/x', {})).hostname).toBe('8.8.8.8');
    // A name that does not resolve passes: the fetch checks again.
    expect((await checkUrlAddresses('http://no-such-host.invalid/x', {})).hostname).toBe('no-such-host.invalid');
  });

  it('fetches a private address when configuration allows it, with basic auth from the URL', async () => {
    const r = await safeFetch(`${base.replace('http://', 'http://user:pa%3Ass@')}/hello`, { allowPrivate: true });
    expect(r.status).toBe(200);
    expect(r.body.toString()).toBe(`hello Basic ${Buffer.from('user:pa:ss').toString('base64')}`);
  });

  it('checks every redirect hop, caps redirects and size', async () => {
    const followed = await safeFetch(`${base}/hello-redirect`, { allowPrivate: true });
    expect(followed.url).toBe(`${base}/hello`);
    expect(followed.body.toString()).toBe('hello ');
    await expect(safeFetch(`${base}/redirect-loop`, { allowPrivate: true, maxRedirects: 3 })).rejects.toThrow(/redirects/);
    await expect(safeFetch(`${base}/big`, { allowPrivate: true, maxBytes: 1000 })).rejects.toThrow(/larger/);
  });

  it('refuses a redirect to a private address when private addresses are not allowed', async () => {
    // The first hop is refused already (loopback); a public→private redirect is refused by the same per-hop check.
    await expect(safeFetch(`${base}/redirect-private`)).rejects.toThrow(UnsafeUrlError);
  });

  it('sends a body with POST; the loopback allowance opens loopback only (still not other private ranges)', async () => {
    const r = await safeFetch(`${base}/echo`, { method: 'POST', body: 'payload', allowLoopback: true });
    expect(r.body.toString()).toBe('POST payload');
    await expect(safeFetch(`${base}/redirect-private`, { allowLoopback: true })).rejects.toThrow(/169\.254\.169\.254/);
    await expect(safeFetch('http://10.0.0.1/', { allowLoopback: true, timeoutMs: 500 })).rejects.toThrow(/private or reserved/);
    expect(isLoopbackAddress('127.8.9.10')).toBe(true);
    expect(isLoopbackAddress('::1')).toBe(true);
    expect(isLoopbackAddress('::ffff:127.0.0.1')).toBe(true);
    expect(isLoopbackAddress('10.0.0.1')).toBe(false);
    expect(isLoopbackAddress('localhost')).toBe(false);
  });
});

describe('allowed private hosts (BINDERY_ALLOWED_PRIVATE_HOSTS)', () => {
  it('lets user-given URLs reach the private hosts, names, suffixes and networks an operator listed, and only those', async () => {
    const port = new URL(base).port;
    try {
      await expect(safeFetch(`${base}/hello`)).rejects.toThrow(UnsafeUrlError);
      allowPrivateHosts(['127.0.0.1']);
      expect((await safeFetch(`${base}/hello`)).body.toString()).toBe('hello ');
      expect(isAllowedPrivate('127.0.0.1', '127.0.0.1')).toBe(true);
      expect(isAllowedPrivate('127.0.0.2', '127.0.0.2')).toBe(false);
      allowPrivateHosts(['10.0.0.0/8', '127.0.0.0/8']);
      expect((await safeFetch(`${base}/hello`)).status).toBe(200);
      expect(isAllowedPrivate('x', '10.9.8.7')).toBe(true);
      expect(isAllowedPrivate('x', '::ffff:10.9.8.7')).toBe(true);
      expect(isAllowedPrivate('x', '192.168.1.1')).toBe(false);
      // A name allows what it resolves to; a suffix allows every name below it.
      allowPrivateHosts(['localhost']);
      expect((await safeFetch(`http://localhost:${port}/hello`)).status).toBe(200);
      await expect(safeFetch(`${base}/hello`)).rejects.toThrow(UnsafeUrlError);
      allowPrivateHosts(['*.internal.example']);
      expect(isAllowedPrivate('git.internal.example', '10.0.0.1')).toBe(true);
      expect(isAllowedPrivate('internal.example', '10.0.0.1')).toBe(false);
      expect(isAllowedPrivate('evilinternal.example', '10.0.0.1')).toBe(false);
      // A redirect from an allowed host to a private address that is not allowed is still refused.
      allowPrivateHosts(['127.0.0.1']);
      await expect(safeFetch(`${base}/redirect-private`)).rejects.toThrow(/169\.254\.169\.254/);
      expect(() => allowPrivateHosts(['10.0.0.0/33'])).toThrow(/10\.0\.0\.0\/33/);
      expect(() => allowPrivateHosts(['http://x'])).toThrow(/BINDERY_ALLOWED_PRIVATE_HOSTS/);
    } finally {
      allowPrivateHosts([]);
    }
  });
});

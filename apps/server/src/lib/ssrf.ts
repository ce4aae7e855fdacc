// The one way Bindery fetches a URL a user gave it (git import, content import, OpenAPI sources, webhooks).
// Only http(s); every address the name resolves to is checked against private, loopback, link-local, CGNAT,
// multicast and reserved ranges (unless configuration allows private addresses, as tests do); the socket connects
// to the address that was checked (no DNS rebinding window); every redirect hop is checked again; size, time and
// redirect count are capped.
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP } from 'node:net';

export class UnsafeUrlError extends Error {
  /** Why: the guard refused the URL or address, no (complete) answer came in time, or the answer was too large. */
  readonly reason: 'refused' | 'timeout' | 'too-large';
  constructor(message: string, reason: 'refused' | 'timeout' | 'too-large' = 'refused') {
    super(message);
    this.name = 'UnsafeUrlError';
    this.reason = reason;
  }
}

export interface SafeFetchOptions {
  allowPrivate?: boolean;
  /** Allow loopback addresses only (127.0.0.0/8, ::1) - e.g. an integration's development tunnel on the same machine. */
  allowLoopback?: boolean;
  maxBytes?: number;
  timeoutMs?: number;
  maxRedirects?: number;
  method?: 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  headers?: Record<string, string>;
  /** Request body (not re-sent to redirects, which become GETs as browsers do for 301-303). */
  body?: Buffer | string;
}

export interface SafeFetchResult {
  status: number;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

const blocked = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.0.0.0', 24], ['192.0.2.0', 24], ['192.88.99.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['198.51.100.0', 24],
  ['203.0.113.0', 24], ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const) blocked.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [
  ['::', 128], ['::1', 128], ['64:ff9b::', 96], ['100::', 64], ['2001:db8::', 32], ['fc00::', 7], ['fe80::', 10], ['ff00::', 8],
] as const) blocked.addSubnet(net, bits, 'ipv6');

/** Whether an IP address is in a range that user-given URLs may not reach. */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return blocked.check(address, 'ipv4');
  if (family === 6) {
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
    if (mapped?.[1]) return blocked.check(mapped[1], 'ipv4');
    return blocked.check(address, 'ipv6');
  }
  return true;
}

const loopback = new BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

/** Whether an IP address is a loopback address (127.0.0.0/8, ::1, ::ffff:127.x). */
export function isLoopbackAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return loopback.check(address, 'ipv4');
  if (family === 6) {
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
    if (mapped?.[1]) return loopback.check(mapped[1], 'ipv4');
    return loopback.check(address, 'ipv6');
  }
  return false;
}

// Private hosts an operator lets user-given URLs reach (BINDERY_ALLOWED_PRIVATE_HOSTS): a self-hosted Git server or
// OpenAPI source on the internal network. Entries are host names (`git.internal`), name suffixes (`*.internal` or
// `.internal`), addresses and networks in CIDR notation (`10.1.2.0/24`, `fd00::/8`). Process-wide: set at start.
let allowedNets = new BlockList();
let allowedNames: string[] = [];
let allowedSuffixes: string[] = [];

/** Sets the allowed private hosts; throws naming an entry that is none of the accepted forms. */
export function allowPrivateHosts(entries: readonly string[]): void {
  const nets = new BlockList();
  const names: string[] = [];
  const suffixes: string[] = [];
  for (const raw of entries) {
    const entry = raw.trim().toLowerCase().replace(/^\[|\]$/g, '');
    if (!entry) continue;
    const [addr, bitsText, extra] = entry.split('/');
    const family = isIP(addr ?? '');
    if (family) {
      const max = family === 4 ? 32 : 128;
      const bits = bitsText === undefined ? max : Number(bitsText);
      if (extra !== undefined || !Number.isInteger(bits) || bits < 0 || bits > max) throw new Error(`BINDERY_ALLOWED_PRIVATE_HOSTS: "${raw}" is not a valid address or network`);
      nets.addSubnet(addr!, bits, family === 4 ? 'ipv4' : 'ipv6');
    } else if (/^(\*?\.)?[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/.test(entry)) {
      if (entry.startsWith('*.') || entry.startsWith('.')) suffixes.push(entry.slice(entry.indexOf('.')));
      else names.push(entry);
    } else {
      throw new Error(`BINDERY_ALLOWED_PRIVATE_HOSTS: "${raw}" is not a host name, a name suffix (*.example), an address or a network (10.0.0.0/8)`);
    }
  }
  allowedNets = nets;
  allowedNames = names;
  allowedSuffixes = suffixes;
}

/** Whether the operator allowed `hostname` (as written in the URL) or the private `address` it resolved to. */
export function isAllowedPrivate(hostname: string, address: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, '').replace(/\.$/, '');
  if (allowedNames.includes(host) || allowedSuffixes.some((s) => host.endsWith(s))) return true;
  const family = isIP(address);
  if (!family) return false;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return mapped?.[1] ? allowedNets.check(mapped[1], 'ipv4') : allowedNets.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

interface AddressPolicy {
  allowPrivate: boolean;
  allowLoopback: boolean;
}

const refused = (p: AddressPolicy, address: string, hostname: string) =>
  !p.allowPrivate && isPrivateAddress(address) && !(p.allowLoopback && isLoopbackAddress(address)) && !isAllowedPrivate(hostname, address);

/** Parses and checks the shape of a user-given URL (scheme, credentials allowed only for git-style basic auth). */
export function checkUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new UnsafeUrlError(`"${raw}" is not a valid URL`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new UnsafeUrlError(`Only http and https URLs are allowed, not ${url.protocol}`);
  if (!url.hostname) throw new UnsafeUrlError('The URL has no host');
  return url;
}

/**
 * checkUrl, then the addresses its host has now: a URL stored to be fetched later (an integration's development
 * tunnel) is refused when it is given, not only at each fetch (which checks again: names can change). A literal
 * address is checked as it is; a name whose lookup fails or takes more than `timeoutMs` passes (the fetch decides).
 */
export async function checkUrlAddresses(raw: string, policy: { allowPrivate?: boolean; allowLoopback?: boolean }, timeoutMs = 2000): Promise<URL> {
  const url = checkUrl(raw);
  const p: AddressPolicy = { allowPrivate: policy.allowPrivate ?? false, allowLoopback: policy.allowLoopback ?? false };
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: string[];
  if (isIP(host)) addresses = [host];
  else {
    addresses = await new Promise<string[]>((resolve) => {
      const timer = setTimeout(() => resolve([]), timeoutMs);
      dnsLookup(host, { all: true }, (err, list) => {
        clearTimeout(timer);
        resolve(err ? [] : list.map((a) => a.address));
      });
    });
  }
  const bad = addresses.find((a) => refused(p, a, host));
  if (bad) throw new UnsafeUrlError(bad === host ? `${host} is a private or reserved address` : `${host} resolves to ${bad}, a private or reserved address`);
  return url;
}

function guardedLookup(policy: AddressPolicy) {
  return (hostname: string, options: object, callback: (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void) => {
    dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, '');
      const list = addresses as LookupAddress[];
      const bad = list.find((a) => refused(policy, a.address, hostname));
      if (bad) {
        return callback(Object.assign(new UnsafeUrlError(`${hostname} resolves to ${bad.address}, a private or reserved address`), { code: 'EUNSAFE' }), '');
      }
      const wantAll = (options as { all?: boolean }).all;
      if (wantAll) return callback(null, list);
      const first = list[0]!;
      callback(null, first.address, first.family);
    });
  };
}

function requestOnce(url: URL, opts: Required<Pick<SafeFetchOptions, 'allowPrivate' | 'allowLoopback' | 'maxBytes' | 'timeoutMs' | 'method'>> & { headers: Record<string, string>; body?: Buffer | string }) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    const literal = url.hostname.replace(/^\[|\]$/g, '');
    if (isIP(literal) && refused(opts, literal, literal)) {
      return reject(new UnsafeUrlError(`${url.hostname} is a private or reserved address`));
    }
    const mod = url.protocol === 'https:' ? https : http;
    const auth = url.username ? `${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}` : undefined;
    const req = mod.request(
      url,
      { method: opts.method, headers: { 'user-agent': 'Bindery', ...opts.headers }, lookup: guardedLookup(opts) as never, auth, timeout: opts.timeoutMs },
      (res) => {
        // A body with a Content-Length (within maxBytes) is read straight into one buffer of that size: a large
        // download (an archive to import) is never held twice, as chunks and their concatenation. Without one, or
        // past it (a server that says less than it sends), the chunks are joined at the end.
        const declared = Number(res.headers['content-length']);
        let whole = Number.isSafeInteger(declared) && declared > 0 && declared <= opts.maxBytes ? Buffer.allocUnsafe(declared) : undefined;
        const chunks: Buffer[] = [];
        let size = 0;
        let tooLarge = false;
        res.on('data', (c: Buffer) => {
          if (size + c.length > opts.maxBytes && !tooLarge) {
            tooLarge = true;
            reject(new UnsafeUrlError(`The response is larger than ${opts.maxBytes} bytes`, 'too-large'));
            req.destroy();
            return;
          }
          if (whole && size + c.length > whole.length) {
            chunks.push(whole.subarray(0, size));
            whole = undefined;
          }
          if (whole) whole.set(c, size);
          else chunks.push(c);
          size += c.length;
        });
        res.on('end', () => {
          if (!tooLarge) resolve({ status: res.statusCode ?? 0, headers: res.headers, body: whole ? whole.subarray(0, size) : Buffer.concat(chunks) });
        });
        res.on('error', reject);
      },
    );
    const deadline = setTimeout(() => req.destroy(new UnsafeUrlError(`No complete answer within ${opts.timeoutMs} ms`, 'timeout')), opts.timeoutMs);
    req.on('close', () => clearTimeout(deadline));
    req.on('timeout', () => req.destroy(new UnsafeUrlError(`No answer within ${opts.timeoutMs} ms`, 'timeout')));
    req.on('error', (err) => reject(err instanceof UnsafeUrlError ? err : (err as { code?: string }).code === 'EUNSAFE' ? new UnsafeUrlError(err.message) : err));
    req.end(opts.body);
  });
}

/** Fetches a user-given URL through the guard. Throws UnsafeUrlError for anything the guard refuses. */
export async function safeFetch(raw: string, options: SafeFetchOptions = {}): Promise<SafeFetchResult> {
  const opts = {
    allowPrivate: options.allowPrivate ?? false,
    allowLoopback: options.allowLoopback ?? false,
    maxBytes: options.maxBytes ?? 50 * 1024 * 1024,
    timeoutMs: options.timeoutMs ?? 30_000,
    method: options.method ?? 'GET',
    headers: options.headers ?? {},
    body: options.body as Buffer | string | undefined,
  };
  const maxRedirects = options.maxRedirects ?? 5;
  let url = checkUrl(raw);
  for (let hop = 0; ; hop++) {
    const res = await requestOnce(url, opts);
    const location = res.headers.location;
    if (res.status >= 300 && res.status < 400 && location) {
      if (hop >= maxRedirects) throw new UnsafeUrlError(`More than ${maxRedirects} redirects`);
      url = checkUrl(new URL(location, url).toString());
      if (opts.body !== undefined && res.status !== 307 && res.status !== 308) {
        opts.method = 'GET';
        opts.body = undefined;
      }
      continue;
    }
    return { status: res.status, url: url.toString(), headers: res.headers, body: res.body };
  }
}

// THE SANDBOX HOST: a child process (started by sandbox/index.ts with --no-node-snapshot, as isolated-vm asks)
// that runs integration scripts, each invocation in a new V8 isolate of its own (isolated-vm): a separate heap
// with a memory limit, no Node.js APIs, no `process`, `require`, files or sockets. What a script can reach is the
// small Web API surface installed by `installWebApis` below, whose only ways out are three host functions:
// `$log` (trace lines), `$fetch` (sent to the server process, which applies the SSRF guard) and `$sleep` (timers,
// bounded by the invocation's deadline). A script that loops or allocates without bound is stopped by disposing
// its isolate; a catastrophic V8 error ends only this process (the server restarts it for the next invocation).
//
// This file is self-contained (node builtins and isolated-vm only) so Node can run it directly from the sources
// (type stripping) in tests, and compiled from dist/ in production.
//
// Protocol (process IPC, JSON):
//   server -> host   {type: 'run', id, script, request: WireRequest, env, limits: {memoryMb, timeoutMs}}
//                    {type: 'fetched', id, call, response?: WireResponse, error?: string}
//   host -> server   {type: 'fetch', id, call, request: WireRequest}
//                    {type: 'done', id, ok, response?: WireResponse, error?: string, kind?: FailureKind, logs, stats}
import { randomBytes } from 'node:crypto';
import ivm from 'isolated-vm';

interface WireRequest {
  url: string;
  method: string;
  headers: [string, string][];
  /** base64 */
  body?: string;
}

interface WireResponse {
  status: number;
  headers: [string, string][];
  /** base64 */
  body: string;
}

interface LogLine {
  level: 'debug' | 'info' | 'warn' | 'error';
  message: string;
  timestamp: string;
}

type FailureKind = 'timeout' | 'memory' | 'script' | 'invalid';

interface RunMessage {
  type: 'run';
  id: string;
  script: string;
  request: WireRequest;
  env: unknown;
  limits: { memoryMb: number; timeoutMs: number };
}

interface FetchedMessage {
  type: 'fetched';
  id: string;
  call: number;
  response?: WireResponse;
  error?: string;
}

const MAX_LOG_LINES = 200;
const MAX_LOG_LINE = 4_000;
const MAX_FETCHES = 50;
const MAX_RESPONSE_BYTES = 5 * 1024 * 1024;

const pendingFetches = new Map<string, (m: FetchedMessage) => void>();

function send(message: unknown): void {
  process.send?.(message);
}

/**
 * The Web APIs of the sandbox, installed into each new context. This function is serialised (`toString`) and run
 * INSIDE the isolate: it may use only what V8 itself provides and the three bridge references it is given.
 */
function installWebApis(bridge: { log: any; fetch: any; sleep: any; random: any }): void {
  const g: any = globalThis;
  const logRef = bridge.log;
  const fetchRef = bridge.fetch;
  const sleepRef = bridge.sleep;
  const randomRef = bridge.random;

  // --- bytes and text ------------------------------------------------------------------------------------------
  const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
  function bytesToBase64(bytes: Uint8Array): string {
    let out = '';
    for (let i = 0; i < bytes.length; i += 3) {
      const a = bytes[i]!, b = bytes[i + 1], c = bytes[i + 2];
      out += B64[a >> 2]! + B64[((a & 3) << 4) | ((b ?? 0) >> 4)]!;
      out += b === undefined ? '=' : B64[((b & 15) << 2) | ((c ?? 0) >> 6)]!;
      out += c === undefined ? '=' : B64[c & 63]!;
    }
    return out;
  }
  function base64ToBytes(s: string): Uint8Array {
    const clean = s.replace(/[^A-Za-z0-9+/]/g, '');
    const out = new Uint8Array(Math.floor((clean.length * 3) / 4));
    let n = 0, bits = 0, acc = 0;
    for (const ch of clean) {
      acc = (acc << 6) | B64.indexOf(ch);
      bits += 6;
      if (bits >= 8) {
        bits -= 8;
        out[n++] = (acc >> bits) & 255;
      }
    }
    return out.subarray(0, n);
  }
  function utf8Encode(s: string): Uint8Array {
    const out: number[] = [];
    for (let i = 0; i < s.length; i++) {
      let c = s.charCodeAt(i);
      if (c >= 0xd800 && c < 0xdc00 && i + 1 < s.length) {
        const d = s.charCodeAt(i + 1);
        if (d >= 0xdc00 && d < 0xe000) {
          c = 0x10000 + ((c - 0xd800) << 10) + (d - 0xdc00);
          i++;
        } else c = 0xfffd;
      } else if (c >= 0xd800 && c < 0xe000) c = 0xfffd;
      if (c < 0x80) out.push(c);
      else if (c < 0x800) out.push(0xc0 | (c >> 6), 0x80 | (c & 63));
      else if (c < 0x10000) out.push(0xe0 | (c >> 12), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
      else out.push(0xf0 | (c >> 18), 0x80 | ((c >> 12) & 63), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
    }
    return new Uint8Array(out);
  }
  function utf8Decode(b: Uint8Array): string {
    let out = '';
    for (let i = 0; i < b.length;) {
      const a = b[i]!;
      let c = 0xfffd, n = 1;
      if (a < 0x80) c = a;
      else if (a >= 0xc2 && a < 0xe0 && i + 1 < b.length) { c = ((a & 31) << 6) | (b[i + 1]! & 63); n = 2; }
      else if (a >= 0xe0 && a < 0xf0 && i + 2 < b.length) { c = ((a & 15) << 12) | ((b[i + 1]! & 63) << 6) | (b[i + 2]! & 63); n = 3; }
      else if (a >= 0xf0 && a < 0xf5 && i + 3 < b.length) { c = ((a & 7) << 18) | ((b[i + 1]! & 63) << 12) | ((b[i + 2]! & 63) << 6) | (b[i + 3]! & 63); n = 4; }
      out += String.fromCodePoint(c > 0x10ffff ? 0xfffd : c);
      i += n;
    }
    return out;
  }
  function toBytes(body: any): Uint8Array | null {
    if (body === undefined || body === null) return null;
    if (typeof body === 'string') return utf8Encode(body);
    if (body instanceof Uint8Array) return body;
    if (body instanceof ArrayBuffer) return new Uint8Array(body);
    if (ArrayBuffer.isView(body)) return new Uint8Array(body.buffer, body.byteOffset, body.byteLength);
    if (body instanceof URLSearchParams) return utf8Encode(body.toString());
    if (body instanceof Blob) return body._bytes;
    if (body instanceof FormData) return body._encode().bytes;
    return utf8Encode(String(body));
  }

  class TextEncoder {
    get encoding() { return 'utf-8'; }
    encode(s = '') { return utf8Encode(String(s)); }
  }
  class TextDecoder {
    get encoding() { return 'utf-8'; }
    decode(b?: any) { return b ? utf8Decode(toBytes(b)!) : ''; }
  }

  // --- URLs ------------------------------------------------------------------------------------------------------
  const enc = (s: string) => encodeURIComponent(s).replace(/%20/g, '+');
  const dec = (s: string) => { try { return decodeURIComponent(s.replace(/\+/g, ' ')); } catch { return s; } };
  class URLSearchParams {
    _list: [string, string][] = [];
    _url: any = null;
    constructor(init?: any) {
      if (typeof init === 'string') {
        for (const part of init.replace(/^\?/, '').split('&')) {
          if (!part) continue;
          const i = part.indexOf('=');
          this._list.push(i < 0 ? [dec(part), ''] : [dec(part.slice(0, i)), dec(part.slice(i + 1))]);
        }
      } else if (init && typeof init[Symbol.iterator] === 'function') {
        for (const [k, v] of init) this._list.push([String(k), String(v)]);
      } else if (init && typeof init === 'object') {
        for (const k of Object.keys(init)) this._list.push([k, String(init[k])]);
      }
    }
    _changed() { if (this._url) this._url._search = this._list.length ? '?' + this.toString() : ''; }
    append(k: string, v: string) { this._list.push([String(k), String(v)]); this._changed(); }
    delete(k: string) { this._list = this._list.filter(([x]) => x !== k); this._changed(); }
    get(k: string) { const e = this._list.find(([x]) => x === k); return e ? e[1] : null; }
    getAll(k: string) { return this._list.filter(([x]) => x === k).map(([, v]) => v); }
    has(k: string) { return this._list.some(([x]) => x === k); }
    set(k: string, v: string) {
      const i = this._list.findIndex(([x]) => x === k);
      if (i < 0) this._list.push([String(k), String(v)]);
      else { this._list[i] = [String(k), String(v)]; this._list = this._list.filter(([x], j) => x !== k || j <= i); }
      this._changed();
    }
    sort() { this._list.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0)); this._changed(); }
    forEach(fn: any, self?: any) { for (const [k, v] of this._list) fn.call(self, v, k, this); }
    keys() { return this._list.map(([k]) => k)[Symbol.iterator](); }
    values() { return this._list.map(([, v]) => v)[Symbol.iterator](); }
    entries() { return this._list.map(([k, v]) => [k, v] as [string, string])[Symbol.iterator](); }
    [Symbol.iterator]() { return this.entries(); }
    get size() { return this._list.length; }
    toString() { return this._list.map(([k, v]) => enc(k) + '=' + enc(v)).join('&'); }
  }

  const URL_RE = /^([a-zA-Z][a-zA-Z0-9+.-]*):(?:\/\/(?:([^:@/?#]*)(?::([^@/?#]*))?@)?(\[[^\]]+\]|[^:/?#]*)(?::(\d*))?)?([^?#]*)(\?[^#]*)?(#.*)?$/;
  const DEFAULT_PORTS: Record<string, string> = { 'http:': '80', 'https:': '443', 'ws:': '80', 'wss:': '443' };
  function removeDots(path: string): string {
    const out: string[] = [];
    const segs = path.split('/');
    for (let i = 0; i < segs.length; i++) {
      const s = segs[i]!;
      if (s === '..') { if (out.length > 1) out.pop(); if (i === segs.length - 1) out.push(''); }
      else if (s === '.') { if (i === segs.length - 1) out.push(''); }
      else out.push(s);
    }
    return out.join('/') || '/';
  }
  class URL {
    _protocol = ''; _username = ''; _password = ''; _hostname = ''; _port = ''; _pathname = '/'; _search = ''; _hash = '';
    _params: URLSearchParams | null = null;
    constructor(input: any, base?: any) {
      const s = String(input).trim();
      const m = URL_RE.exec(s);
      if (m && (m[4] !== undefined || !base)) {
        this._protocol = m[1]!.toLowerCase() + ':';
        this._username = m[2] ?? ''; this._password = m[3] ?? '';
        this._hostname = (m[4] ?? '').toLowerCase();
        this._port = m[5] && m[5] !== DEFAULT_PORTS[this._protocol] ? m[5] : '';
        const special = this._protocol in DEFAULT_PORTS;
        this._pathname = m[4] !== undefined ? removeDots(m[6] || '/') : (m[6] ?? '');
        if (special && !this._hostname) throw new TypeError(`Invalid URL: ${s}`);
        this._search = m[7] && m[7] !== '?' ? m[7] : ''; this._hash = m[8] && m[8] !== '#' ? m[8] : '';
        this._pathname = this._pathname.replace(/ /g, '%20');
        return;
      }
      if (base === undefined) throw new TypeError(`Invalid URL: ${s}`);
      const b = base instanceof URL ? base : new URL(base);
      Object.assign(this, { _protocol: b._protocol, _username: b._username, _password: b._password, _hostname: b._hostname, _port: b._port });
      const rel = /^([^?#]*)(\?[^#]*)?(#.*)?$/.exec(s)!;
      const [, p = '', q, h] = rel;
      if (s.startsWith('//')) { const u = new URL(b._protocol + s); Object.assign(this, u); return; }
      if (p === '') { this._pathname = b._pathname; this._search = q !== undefined ? (q === '?' ? '' : q) : b._search; }
      else if (p.startsWith('/')) { this._pathname = removeDots(p); this._search = q && q !== '?' ? q : ''; }
      else { this._pathname = removeDots(b._pathname.replace(/[^/]*$/, '') + p); this._search = q && q !== '?' ? q : ''; }
      this._hash = h && h !== '#' ? h : '';
    }
    get protocol() { return this._protocol; }
    set protocol(v: string) { this._protocol = String(v).replace(/:?$/, ':').toLowerCase(); }
    get username() { return this._username; }
    get password() { return this._password; }
    get hostname() { return this._hostname; }
    set hostname(v: string) { this._hostname = String(v).toLowerCase(); }
    get port() { return this._port; }
    set port(v: string) { this._port = String(v) === DEFAULT_PORTS[this._protocol] ? '' : String(v); }
    get host() { return this._hostname + (this._port ? ':' + this._port : ''); }
    get origin() { return this._protocol in DEFAULT_PORTS ? this._protocol + '//' + this.host : 'null'; }
    get pathname() { return this._pathname; }
    set pathname(v: string) { this._pathname = '/' + String(v).replace(/^\//, ''); }
    get search() { return this._search; }
    set search(v: string) { const s = String(v); this._search = s && s !== '?' ? (s.startsWith('?') ? s : '?' + s) : ''; if (this._params) this._params._list = new URLSearchParams(this._search)._list; }
    get hash() { return this._hash; }
    set hash(v: string) { const s = String(v); this._hash = s && s !== '#' ? (s.startsWith('#') ? s : '#' + s) : ''; }
    get searchParams() {
      if (!this._params) { this._params = new URLSearchParams(this._search); this._params._url = this; }
      return this._params;
    }
    get href() {
      const auth = this._username ? this._username + (this._password ? ':' + this._password : '') + '@' : '';
      const authority = this._hostname || this._protocol in DEFAULT_PORTS ? '//' + auth + this.host : '';
      return this._protocol + authority + this._pathname + this._search + this._hash;
    }
    set href(v: string) { Object.assign(this, new URL(v)); }
    toString() { return this.href; }
    toJSON() { return this.href; }
    static canParse(u: any, b?: any) { try { new URL(u, b); return true; } catch { return false; } }
  }

  // --- headers, bodies, requests, responses -------------------------------------------------------------------
  // As the Fetch standard has it: `set-cookie` values are kept apart (getSetCookie, one entry each), every other
  // header's values are combined with ", ".
  class Headers {
    _map = new Map<string, [string, string]>();
    _cookies: string[] = [];
    constructor(init?: any) {
      if (init instanceof Headers) {
        init._map.forEach(([k, v]) => this.append(k, v));
        for (const c of init._cookies) this.append('set-cookie', c);
      } else if (Array.isArray(init)) for (const [k, v] of init) this.append(k, v);
      else if (init && typeof init === 'object') for (const k of Object.keys(init)) this.append(k, init[k]);
    }
    append(k: string, v: string) {
      const key = String(k).toLowerCase();
      if (key === 'set-cookie') return void this._cookies.push(String(v));
      const cur = this._map.get(key);
      this._map.set(key, [key, cur ? cur[1] + ', ' + String(v) : String(v)]);
    }
    set(k: string, v: string) {
      const key = String(k).toLowerCase();
      if (key === 'set-cookie') this._cookies = [String(v)];
      else this._map.set(key, [key, String(v)]);
    }
    get(k: string) {
      const key = String(k).toLowerCase();
      if (key === 'set-cookie') return this._cookies.length ? this._cookies.join(', ') : null;
      return this._map.get(key)?.[1] ?? null;
    }
    has(k: string) { const key = String(k).toLowerCase(); return key === 'set-cookie' ? this._cookies.length > 0 : this._map.has(key); }
    delete(k: string) { const key = String(k).toLowerCase(); if (key === 'set-cookie') this._cookies = []; else this._map.delete(key); }
    getSetCookie() { return [...this._cookies]; }
    forEach(fn: any, self?: any) { for (const [k, v] of this.entries()) fn.call(self, v, k, this); }
    entries() {
      const all: [string, string][] = [...this._map.values(), ...this._cookies.map((c): [string, string] => ['set-cookie', c])];
      return all.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))[Symbol.iterator]();
    }
    keys() { return [...this.entries()].map(([k]) => k)[Symbol.iterator](); }
    values() { return [...this.entries()].map(([, v]) => v)[Symbol.iterator](); }
    [Symbol.iterator]() { return this.entries(); }
  }

  class Blob {
    _bytes: Uint8Array;
    type: string;
    constructor(parts: any[] = [], opts: any = {}) {
      const chunks = parts.map((p) => toBytes(p) ?? new Uint8Array());
      const total = chunks.reduce((n, c) => n + c.length, 0);
      this._bytes = new Uint8Array(total);
      let o = 0;
      for (const c of chunks) { this._bytes.set(c, o); o += c.length; }
      this.type = opts.type ? String(opts.type) : '';
    }
    get size() { return this._bytes.length; }
    async text() { return utf8Decode(this._bytes); }
    async arrayBuffer() { return this._bytes.slice().buffer; }
    async bytes() { return this._bytes.slice(); }
  }

  class FormData {
    _list: [string, any][] = [];
    append(k: string, v: any) { this._list.push([String(k), v instanceof Blob ? v : String(v)]); }
    set(k: string, v: any) { this.delete(k); this.append(k, v); }
    get(k: string) { const e = this._list.find(([x]) => x === k); return e ? e[1] : null; }
    getAll(k: string) { return this._list.filter(([x]) => x === k).map(([, v]) => v); }
    has(k: string) { return this._list.some(([x]) => x === k); }
    delete(k: string) { this._list = this._list.filter(([x]) => x !== k); }
    forEach(fn: any, self?: any) { for (const [k, v] of this._list) fn.call(self, v, k, this); }
    entries() { return this._list.map(([k, v]) => [k, v] as [string, any])[Symbol.iterator](); }
    keys() { return this._list.map(([k]) => k)[Symbol.iterator](); }
    values() { return this._list.map(([, v]) => v)[Symbol.iterator](); }
    [Symbol.iterator]() { return this.entries(); }
    _encode() {
      const boundary = '----bindery' + Math.random().toString(36).slice(2);
      const parts: any[] = [];
      for (const [k, v] of this._list) {
        const name = k.replace(/"/g, '%22');
        parts.push(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"` + (v instanceof Blob ? `; filename="blob"\r\nContent-Type: ${v.type || 'application/octet-stream'}` : '') + '\r\n\r\n');
        parts.push(v instanceof Blob ? v._bytes : v);
        parts.push('\r\n');
      }
      parts.push(`--${boundary}--\r\n`);
      return { bytes: new Blob(parts)._bytes, type: `multipart/form-data; boundary=${boundary}` };
    }
  }

  function indexOfBytes(hay: Uint8Array, needle: Uint8Array, from: number): number {
    outer: for (let i = from; i <= hay.length - needle.length; i++) {
      for (let j = 0; j < needle.length; j++) if (hay[i + j] !== needle[j]) continue outer;
      return i;
    }
    return -1;
  }
  function parseMultipart(bytes: Uint8Array, boundary: string): FormData {
    const form = new FormData();
    const delim = utf8Encode('--' + boundary);
    let pos = indexOfBytes(bytes, delim, 0);
    while (pos >= 0) {
      const start = pos + delim.length;
      if (bytes[start] === 45 && bytes[start + 1] === 45) break; // "--": the end
      const headerEnd = indexOfBytes(bytes, utf8Encode('\r\n\r\n'), start);
      if (headerEnd < 0) break;
      const head = utf8Decode(bytes.subarray(start, headerEnd));
      const next = indexOfBytes(bytes, delim, headerEnd + 4);
      if (next < 0) break;
      const data = bytes.subarray(headerEnd + 4, next - 2);
      const name = /name="([^"]*)"/i.exec(head)?.[1] ?? '';
      const isFile = /filename="/i.test(head);
      const type = /content-type:\s*([^\r\n]+)/i.exec(head)?.[1] ?? '';
      form.append(name, isFile ? new Blob([data.slice()], { type }) : utf8Decode(data));
      pos = next;
    }
    return form;
  }

  class Body {
    _body: Uint8Array | null = null;
    bodyUsed = false;
    headers!: Headers;
    _take(): Uint8Array {
      if (this.bodyUsed) throw new TypeError('Body has already been used');
      this.bodyUsed = true;
      return this._body ?? new Uint8Array();
    }
    get body() { return this._body; }
    async text() { return utf8Decode(this._take()); }
    async json() { return JSON.parse(utf8Decode(this._take())); }
    async arrayBuffer() { return this._take().slice().buffer; }
    async bytes() { return this._take().slice(); }
    async blob() { return new Blob([this._take()], { type: this.headers.get('content-type') ?? '' }); }
    async formData() {
      const type = this.headers.get('content-type') ?? '';
      const bytes = this._take();
      const boundary = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(type);
      if (/^multipart\/form-data/i.test(type) && boundary) return parseMultipart(bytes, (boundary[1] ?? boundary[2])!.trim());
      if (/^application\/x-www-form-urlencoded/i.test(type)) {
        const f = new FormData();
        for (const [k, v] of new URLSearchParams(utf8Decode(bytes))) f.append(k, v);
        return f;
      }
      throw new TypeError('The body is not form data');
    }
    _setBody(body: any) {
      if (body instanceof FormData) {
        const e = body._encode();
        this._body = e.bytes;
        if (!this.headers.has('content-type')) this.headers.set('content-type', e.type);
        return;
      }
      this._body = toBytes(body);
      if (this._body && !this.headers.has('content-type')) {
        if (typeof body === 'string') this.headers.set('content-type', 'text/plain;charset=UTF-8');
        else if (body instanceof URLSearchParams) this.headers.set('content-type', 'application/x-www-form-urlencoded;charset=UTF-8');
        else if (body instanceof Blob && body.type) this.headers.set('content-type', body.type);
      }
    }
  }

  class Request extends Body {
    url: string;
    method: string;
    signal: any;
    constructor(input: any, init: any = {}) {
      super();
      const from = input instanceof Request ? input : null;
      this.url = from ? from.url : new URL(String(input)).href;
      this.method = String(init.method ?? from?.method ?? 'GET').toUpperCase();
      this.headers = new Headers(init.headers ?? from?.headers);
      this.signal = init.signal ?? null;
      const body = init.body !== undefined ? init.body : from ? from._body : undefined;
      this._setBody(body);
    }
    clone() { const r = new Request(this); r._body = this._body; return r; }
  }

  class Response extends Body {
    status: number;
    statusText: string;
    type = 'default';
    url = '';
    redirected = false;
    constructor(body: any = null, init: any = {}) {
      super();
      this.status = init.status ?? 200;
      if (this.status < 200 || this.status > 599) throw new RangeError(`Invalid status ${this.status}`);
      this.statusText = init.statusText ?? '';
      this.headers = new Headers(init.headers);
      this._setBody(body);
    }
    get ok() { return this.status >= 200 && this.status < 300; }
    clone() { const r = new Response(null, this); r._body = this._body; return r; }
    static json(data: any, init: any = {}) {
      const headers = new Headers(init.headers);
      if (!headers.has('content-type')) headers.set('content-type', 'application/json');
      return new Response(JSON.stringify(data), { ...init, headers });
    }
    static redirect(url: string, status = 302) { return new Response(null, { status, headers: { location: String(url) } }); }
    static error() { const r = new Response(null, { status: 200 }); r.status = 0; r.type = 'error'; return r; }
  }

  // --- the three ways out ----------------------------------------------------------------------------------------
  function format(v: any): string {
    if (typeof v === 'string') return v;
    if (v instanceof Error) return v.stack ?? `${v.name}: ${v.message}`;
    try { return JSON.stringify(v) ?? String(v); } catch { return String(v); }
  }
  const log = (level: string) => (...args: any[]) => logRef.applyIgnored(undefined, [level, args.map(format).join(' ')]);
  const console = { log: log('info'), info: log('info'), warn: log('warn'), error: log('error'), debug: log('debug'), trace: log('debug') };

  async function fetch(input: any, init?: any): Promise<Response> {
    const req = new Request(input, init);
    const wire = {
      url: req.url, method: req.method, headers: [...req.headers.entries()],
      body: req._body ? bytesToBase64(req._body) : undefined,
    };
    const answer = JSON.parse(await fetchRef.apply(undefined, [JSON.stringify(wire)], { result: { promise: true } }));
    if (answer.error) throw new TypeError(`fetch failed: ${answer.error}`);
    const res = new Response(answer.response.body ? base64ToBytes(answer.response.body) : null, { status: answer.response.status, headers: answer.response.headers });
    res.url = req.url;
    return res;
  }

  let timerIds = 0;
  const cancelled = new Set<number>();
  function setTimeout(fn: any, ms = 0, ...args: any[]) {
    const id = ++timerIds;
    sleepRef.apply(undefined, [Number(ms) || 0], { result: { promise: true } }).then(() => {
      if (!cancelled.delete(id)) fn(...args);
    });
    return id;
  }
  function clearTimeout(id: number) { cancelled.add(id); }

  class AbortSignal {
    aborted = false;
    reason: any = undefined;
    _listeners: any[] = [];
    addEventListener(_t: string, fn: any) { this._listeners.push(fn); }
    removeEventListener(_t: string, fn: any) { this._listeners = this._listeners.filter((f) => f !== fn); }
    throwIfAborted() { if (this.aborted) throw this.reason; }
  }
  class AbortController {
    signal = new AbortSignal();
    abort(reason?: any) {
      if (this.signal.aborted) return;
      this.signal.aborted = true;
      this.signal.reason = reason ?? new Error('This operation was aborted');
      for (const fn of this.signal._listeners) fn();
    }
  }

  const crypto = {
    getRandomValues(arr: any) {
      const bytes = base64ToBytes(randomRef.applySync(undefined, [arr.byteLength]));
      new Uint8Array(arr.buffer, arr.byteOffset, arr.byteLength).set(bytes);
      return arr;
    },
    randomUUID() {
      const b = crypto.getRandomValues(new Uint8Array(16));
      b[6] = (b[6] & 15) | 64;
      b[8] = (b[8] & 63) | 128;
      const h = [...b].map((x: number) => x.toString(16).padStart(2, '0')).join('');
      return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
    },
  };

  Object.assign(g, {
    TextEncoder, TextDecoder, URL, URLSearchParams, Headers, Request, Response, Blob, FormData, AbortController, AbortSignal,
    fetch, console, setTimeout, clearTimeout, crypto,
    queueMicrotask: (fn: any) => { Promise.resolve().then(fn); },
    structuredClone: (v: any) => (v === undefined ? undefined : JSON.parse(JSON.stringify(v))),
    atob: (s: string) => { const b = base64ToBytes(String(s)); let o = ''; for (const x of b) o += String.fromCharCode(x); return o; },
    btoa: (s: string) => { const str = String(s); const b = new Uint8Array(str.length); for (let i = 0; i < str.length; i++) { const c = str.charCodeAt(i); if (c > 255) throw new Error('btoa: character out of range'); b[i] = c; } return bytesToBase64(b); },
    self: g,
    navigator: { userAgent: 'Bindery integration runtime' },
  });

  // How the host calls the script: the module's default export `{fetch(request, env, ctx)}`, as GitBook's runtime
  // (Cloudflare Workers style) has it.
  g.__binderyDispatch = async (handler: any, wireJson: string, envJson: string) => {
    const wire = JSON.parse(wireJson);
    if (!handler || typeof handler.fetch !== 'function') throw new TypeError('The script has no default export with a fetch(request, env, ctx) handler');
    const request = new Request(wire.url, { method: wire.method, headers: wire.headers, body: wire.body ? base64ToBytes(wire.body) : undefined });
    const waits: Promise<unknown>[] = [];
    const ctx = { waitUntil: (p: Promise<unknown>) => { waits.push(Promise.resolve(p).catch((e) => console.error(e))); }, passThroughOnException() {} };
    const response = await handler.fetch(request, JSON.parse(envJson), ctx);
    await Promise.all(waits);
    if (!(response instanceof Response)) throw new TypeError('The fetch handler did not return a Response');
    const body = response._body ?? new Uint8Array();
    return JSON.stringify({ status: response.status, headers: [...response.headers.entries()], body: bytesToBase64(body), size: body.length });
  };
}

const PRELUDE = `(${installWebApis.toString()})({ log: $log, fetch: $fetch, sleep: $sleep, random: $random }); delete globalThis.$log; delete globalThis.$fetch; delete globalThis.$sleep; delete globalThis.$random;`;

class Failure extends Error {
  readonly kind: FailureKind;
  constructor(kind: FailureKind, message: string) {
    super(message);
    this.kind = kind;
  }
}

async function run(msg: RunMessage): Promise<void> {
  const logs: LogLine[] = [];
  const started = Date.now();
  const deadline = started + msg.limits.timeoutMs;
  const addLog = (level: LogLine['level'], message: string) => {
    if (logs.length >= MAX_LOG_LINES) return;
    const text = message.length > MAX_LOG_LINE ? message.slice(0, MAX_LOG_LINE) + '…' : message;
    logs.push({ level, message: logs.length === MAX_LOG_LINES - 1 ? '(further log lines dropped)' : text, timestamp: new Date().toISOString() });
  };
  let memoryExceeded = false;
  const isolate = new ivm.Isolate({
    memoryLimit: msg.limits.memoryMb,
    onCatastrophicError: (message: string) => {
      // V8 lost control of an isolate: nothing in this process can be trusted any more.
      send({ type: 'done', id: msg.id, ok: false, kind: 'memory', error: `The sandbox failed: ${message}`, logs, stats: { wallMs: Date.now() - started } });
      process.exit(70);
    },
  });
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    if (!isolate.isDisposed) isolate.dispose();
  }, msg.limits.timeoutMs);
  let fetches = 0;
  let calls = 0;
  try {
    const context = await isolate.createContext();
    const jail = context.global;
    await jail.set('$log', new ivm.Reference((level: string, message: string) => addLog(level as LogLine['level'], String(message))));
    await jail.set('$sleep', new ivm.Reference((ms: number) => new Promise<void>((resolve) => {
      const wait = Math.max(0, Math.min(Number(ms) || 0, deadline - Date.now()));
      setTimeout(resolve, wait).unref();
    })));
    await jail.set('$random', new ivm.Reference((n: number) => randomBytes(Math.min(Math.max(0, n | 0), 65_536)).toString('base64')));
    await jail.set('$fetch', new ivm.Reference(async (wireJson: string) => {
      if (++fetches > MAX_FETCHES) return JSON.stringify({ error: `more than ${MAX_FETCHES} requests in one invocation` });
      const call = ++calls;
      const key = `${msg.id}:${call}`;
      const answer = await new Promise<FetchedMessage>((resolve) => {
        pendingFetches.set(key, resolve);
        send({ type: 'fetch', id: msg.id, call, request: JSON.parse(wireJson) as WireRequest });
      });
      pendingFetches.delete(key);
      return JSON.stringify(answer.error ? { error: answer.error } : { response: answer.response });
    }));
    await context.eval(PRELUDE, { timeout: msg.limits.timeoutMs });

    let module: ivm.Module;
    try {
      module = await isolate.compileModule(msg.script, { filename: 'integration.js' });
    } catch (err) {
      throw new Failure('invalid', `The script does not compile: ${(err as Error).message}`);
    }
    try {
      await module.instantiate(context, (specifier: string) => {
        throw new Error(`The script imports "${specifier}": integration scripts must be bundled into one module`);
      });
    } catch (err) {
      throw new Failure('invalid', (err as Error).message);
    }
    await module.evaluate({ timeout: Math.max(1, deadline - Date.now()) });
    const handler = await module.namespace.get('default', { reference: true });
    const dispatch = await jail.get('__binderyDispatch', { reference: true });
    const out = await dispatch.apply(undefined, [handler.derefInto(), JSON.stringify(msg.request), JSON.stringify(msg.env)], {
      result: { promise: true, copy: true }, timeout: Math.max(1, deadline - Date.now()),
    }) as string;
    const parsed = JSON.parse(out) as WireResponse & { size: number };
    if (parsed.size > MAX_RESPONSE_BYTES) throw new Failure('script', `The response is larger than ${MAX_RESPONSE_BYTES} bytes`);
    const cpuMs = Number(isolate.cpuTime) / 1e6;
    send({ type: 'done', id: msg.id, ok: true, response: { status: parsed.status, headers: parsed.headers, body: parsed.body }, logs, stats: { wallMs: Date.now() - started, cpuMs } });
  } catch (err) {
    const message = (err as Error)?.message ?? String(err);
    if (/memory limit/i.test(message)) memoryExceeded = true;
    let kind: FailureKind = err instanceof Failure ? err.kind : 'script';
    let text = message;
    if (memoryExceeded) {
      kind = 'memory';
      text = `The script ran out of memory (limit ${msg.limits.memoryMb} MB)`;
    } else if (timedOut || /timed out/i.test(message)) {
      kind = 'timeout';
      text = `The script ran longer than ${msg.limits.timeoutMs} ms and was stopped`;
    } else if (err instanceof Failure) {
      text = message;
    } else {
      const stack = (err as Error)?.stack;
      text = `The script failed: ${stack && stack.includes(message) ? stack : message}`;
    }
    send({ type: 'done', id: msg.id, ok: false, kind, error: text, logs, stats: { wallMs: Date.now() - started } });
  } finally {
    clearTimeout(timer);
    if (!isolate.isDisposed) isolate.dispose();
  }
}

process.on('message', (msg: RunMessage | FetchedMessage) => {
  if (msg.type === 'run') void run(msg);
  else if (msg.type === 'fetched') pendingFetches.get(`${msg.id}:${msg.call}`)?.(msg);
});
// The server went away: so do we.
process.on('disconnect', () => process.exit(0));
send({ type: 'ready' });

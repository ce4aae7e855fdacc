// sendJson writes what Express's res.json writes (status, headers, bytes), and leaves conditional requests to it.
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express, { type Request, type RequestHandler, type Response } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { inSequence, isSitesPath, requestLineWriter, sendJson, type RequestLine } from './middlewares.js';
import { holdsSharedJson, shareJsonText } from '../lib/json-text.js';

/** A page answer holding a shared frozen document (presenters/content.ts): written with the document's kept text. */
const sharedDocument = shareJsonText(Object.freeze({ object: 'document', nodes: Object.freeze([Object.freeze({ text: 'Ü "q" 🚀' })]) }));

const bodies: Record<string, unknown> = {
  small: { object: 'user', id: 'u1', displayName: 'Ada' },
  unicode: { title: 'Überschrift — 見出し 🚀', list: [1, 2.5, null, true, 'x'.repeat(2000)] },
  string: 'just a string',
  page: holdsSharedJson({ id: 'p1', title: 'Page', emoji: undefined, document: sharedDocument, pages: [] }),
  document: sharedDocument,
};

let server: Server;
let base: string;
beforeAll(async () => {
  const app = express();
  app.disable('x-powered-by');
  app.disable('etag');
  app.get('/express/:name', (req, res) => {
    res.set({ 'X-Extra': 'yes' });
    res.status(201).json(bodies[req.params.name!]);
  });
  app.get('/direct/:name', (req, res) => {
    res.set({ 'X-Extra': 'yes' });
    sendJson(req, res, 201, bodies[req.params.name!]);
  });
  app.get('/etag/:how', (req, res) => {
    res.set({ ETag: '"v1"' });
    if (req.params.how === 'express') res.status(200).json({ ok: true });
    else sendJson(req, res, 200, { ok: true });
  });
  server = createServer(app);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

/** The raw response: status line, headers as sent (without Date), body bytes. */
function raw(path: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: string[]; body: Buffer }> {
  return new Promise((resolve, reject) => {
    request(base + path, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const h: string[] = [];
        for (let i = 0; i < res.rawHeaders.length; i += 2) if (res.rawHeaders[i] !== 'Date') h.push(`${res.rawHeaders[i]}: ${res.rawHeaders[i + 1]}`);
        resolve({ status: res.statusCode!, headers: h, body: Buffer.concat(chunks) });
      });
    }).on('error', reject).end();
  });
}

describe('sendJson', () => {
  it('answers exactly as res.json does', async () => {
    for (const name of Object.keys(bodies)) {
      const a = await raw(`/express/${name}`);
      const b = await raw(`/direct/${name}`);
      expect(b.status).toBe(a.status);
      expect(b.headers).toEqual(a.headers);
      expect(b.body.equals(a.body)).toBe(true);
    }
  });

  it('writes an answer with an ETag as res.json does when the request is not conditional', async () => {
    const a = await raw('/etag/express');
    const b = await raw('/etag/direct');
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    expect(b.headers).toEqual(a.headers);
    expect(b.headers).toContain('ETag: "v1"');
    expect(b.body.equals(a.body)).toBe(true);
  });

  it('leaves a conditional request to Express (304 on a matching ETag)', async () => {
    const a = await raw('/etag/express', { 'if-none-match': '"v1"' });
    const b = await raw('/etag/direct', { 'if-none-match': '"v1"' });
    expect(a.status).toBe(304);
    expect(b.status).toBe(304);
    expect(b.headers).toEqual(a.headers);
  });
});

describe('requestLineWriter', () => {
  /** A pino logger as server.ts makes it, writing into an array of lines. */
  function capture(opts: pino.LoggerOptions = {}) {
    const lines: string[] = [];
    const stream = { write: (s: string) => { lines.push(s); } };
    return { lines, logger: pino({ level: 'info', redact: ['req.headers.authorization', 'headers.authorization', '*.token'], ...opts }, stream) };
  }
  const samples: RequestLine[] = [
    { reqId: 'c6c8b2a4-1d5c-4f7e-9a59-0e1b7c3b8b11', method: 'GET', path: '/v1/spaces/abc', status: 200, ms: 1.2, user: 'u123' },
    { reqId: 'my.req-ID_1', method: 'POST', path: '/v1/a%22b/%5C"\\/\u00e9', status: 404, ms: 0, user: undefined },
    { reqId: 'x', method: 'DELETE', path: '/', status: 500, ms: 12345.6, user: 'we"ird\\id' },
  ];

  it('writes the bytes pino writes for the same line', () => {
    const fixed = () => ',"time":1700000000000';
    const a = capture({ timestamp: fixed });
    const b = capture({ timestamp: fixed });
    const child = { a: a.logger.child({ component: 'http' }), b: b.logger.child({ component: 'http' }) };
    for (const [la, lb] of [[a.logger, b.logger], [child.a, child.b]] as const) {
      const write = requestLineWriter(lb);
      for (const s of samples) {
        la.info(s, 'request');
        write(s);
      }
    }
    expect(b.lines.length).toBe(samples.length * 2);
    expect(b.lines).toEqual(a.lines);
    for (const line of b.lines) expect(JSON.parse(line).msg).toBe('request');
  });

  it('writes nothing below the info level, and defers to pino when the logger formats lines itself', () => {
    const quiet = capture({ level: 'warn' });
    requestLineWriter(quiet.logger)(samples[0]!);
    expect(quiet.lines).toEqual([]);
    const mixed = capture({ mixin: () => ({ app: 'bindery' }) });
    requestLineWriter(mixed.logger)(samples[0]!);
    expect(JSON.parse(mixed.lines[0]!)).toMatchObject({ app: 'bindery', reqId: samples[0]!.reqId, msg: 'request' });
  });
});

describe('inSequence', () => {
  const req = {} as Request;
  const res = {} as Response;
  /** Runs the steps; what reached the final `next` (undefined: called without an error; 'none': never called). */
  async function run(steps: RequestHandler[]): Promise<{ ran: string[]; done: unknown }> {
    const ran: string[] = [];
    const named = steps.map((s, i): RequestHandler => (rq, rs, nx) => { ran.push(String(i)); return s(rq, rs, nx); });
    let done: unknown = 'none';
    await new Promise<void>((resolve) => {
      inSequence(named)(req, res, (err?: unknown) => { done = err; resolve(); });
      setTimeout(resolve, 50);
    });
    return { ran, done };
  }
  const pass: RequestHandler = (_q, _s, next) => next();

  it('calls each step in order, then the final next', async () => {
    expect(await run([pass, (_q, _s, next) => { setImmediate(next); }, pass])).toEqual({ ran: ['0', '1', '2'], done: undefined });
  });

  it('leaves at the first error: passed to next, thrown, or a rejected promise', async () => {
    const e = new Error('x');
    expect(await run([pass, (_q, _s, next) => next(e), pass])).toEqual({ ran: ['0', '1'], done: e });
    expect(await run([(() => { throw e; }) as RequestHandler, pass])).toEqual({ ran: ['0'], done: e });
    expect(await run([(async () => { throw e; }) as RequestHandler, pass])).toEqual({ ran: ['0'], done: e });
  });

  it('stops where a step answers without calling next', async () => {
    expect(await run([pass, () => undefined, pass])).toEqual({ ran: ['0', '1'], done: 'none' });
  });
});

describe('isSitesPath', () => {
  it('takes /sites and what is below it, in any case, as app.use("/sites") does', () => {
    expect(['/sites', '/sites/', '/sites/x/y', '/SITES/x'].map(isSitesPath)).toEqual([true, true, true, true]);
    expect(['/site', '/sitesx', '/v1/sites', '/', ''].map(isSitesPath)).toEqual([false, false, false, false, false]);
  });
});

describe('expressServerOptions', () => {
  it("makes requests and responses with the app's prototypes, still Node's IncomingMessage and ServerResponse", async () => {
    const { IncomingMessage, ServerResponse } = await import('node:http');
    const { expressServerOptions } = await import('./app.js');
    const app = express();
    const seen: boolean[] = [];
    app.get('/x/:id', (req, res) => {
      seen.push(Object.getPrototypeOf(req) === app.request, Object.getPrototypeOf(res) === app.response, req instanceof IncomingMessage, res instanceof ServerResponse);
      res.json({ id: req.params.id, q: req.query.q });
    });
    const s = createServer(expressServerOptions(app), app);
    await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
    try {
      const r = await fetch(`http://127.0.0.1:${(s.address() as AddressInfo).port}/x/7?q=a`);
      expect(await r.json()).toEqual({ id: '7', q: 'a' });
      expect(seen).toEqual([true, true, true, true]);
    } finally {
      await new Promise<void>((r) => s.close(() => r()));
    }
  });
});

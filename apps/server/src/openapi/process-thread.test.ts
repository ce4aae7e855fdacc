// processSpecOffThread: the processing runs in a worker thread and answers exactly what processSpecSource does.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { SpecError } from './documents.js';
import { processSpecOffThread, processSpecSource } from './process.js';
import { PETSTORE_YAML } from './samples.js';

const limits = { maxBytes: 5 * 1024 * 1024, fetchTimeoutMs: 5_000, deadlineMs: 10_000, maxDocuments: 20, allowPrivate: false };

describe('processSpecOffThread', () => {
  it('answers what processSpecSource answers, from a worker thread', async () => {
    const [off, on] = await Promise.all([processSpecOffThread({ text: PETSTORE_YAML }, limits), processSpecSource({ text: PETSTORE_YAML }, limits)]);
    expect(off).toEqual(on);
  });

  it('throws the SpecError of bad input, naming where', async () => {
    const err = await processSpecOffThread({ text: 'openapi: 3.0.0\ninfo: {title: x, version: "1"}\npaths:\n  /a:\n    get:\n      responses:\n        "200": {}\n' }, limits).catch((e) => e);
    expect(err).toBeInstanceOf(SpecError);
    expect(err.code).toBe('PARSE_ERROR');
    expect(err.issues[0].message).toMatch(/\/paths\/~1a\/get\/responses\/200/);
  });

  it('reaches a private host only when the operator allows it (BINDERY_ALLOWED_PRIVATE_HOSTS, given to the worker)', async () => {
    const server = http.createServer((_req, res) => res.writeHead(200, { 'content-type': 'application/yaml' }).end(PETSTORE_YAML));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/openapi.yaml`;
      const refused = await processSpecOffThread({ url }, limits).catch((e) => e);
      expect(refused).toBeInstanceOf(SpecError);
      expect(refused.code).toBe('FETCH_ERROR');
      const allowed = await processSpecOffThread({ url }, { ...limits, allowedPrivateHosts: ['127.0.0.0/8'] });
      expect(allowed.sourceUrl).toBe(url);
    } finally {
      server.close();
    }
  });
});

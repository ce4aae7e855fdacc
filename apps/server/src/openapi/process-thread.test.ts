// processSpecOffThread: the processing runs in a worker thread and answers exactly what processSpecSource does.
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
});

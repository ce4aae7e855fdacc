// Every operation of the spec fuzzed with a few schema-generated, mutated requests per run (src/testing/fuzz.ts;
// `pnpm fuzz` runs thousands): never a 5xx, always the error body on a 4xx, the server answering throughout. The
// seed changes with the day, so runs cover new inputs over time; a find prints its request.
import { describe, expect, it } from 'vitest';
import { fuzzOperations } from '../src/testing/fuzz.js';
import { useTestServer } from '../src/testing/index.js';
import { loadBundledSpec } from '../src/http/spec.js';

// User-given URLs are refused as in production: a fuzzed import of http://10.0.0.1/ must not wait for a timeout.
const server = useTestServer({ allowPrivateUrls: false, validateResponses: false });

describe('fuzzing every operation', () => {
  it('answers schema-generated and mutated requests of every caller below 500, with the error body on each 4xx', { timeout: 240_000 }, async () => {
    const seed = Math.floor(Date.now() / 86_400_000);
    const report = await fuzzOperations({ url: server.url, adminToken: server.adminToken, spec: loadBundledSpec(), perOp: 3, seed });
    expect(report.operations).toBeGreaterThan(200);
    expect(report.finds, `seed ${seed}: ${JSON.stringify(report.finds.slice(0, 5), null, 1)}`).toEqual([]);
  });
});

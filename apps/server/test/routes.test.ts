// Every operation of the spec is routed: implemented ones answer for real, the rest answer 501 with the error body.
import { describe, expect, it } from 'vitest';
import { notImplementedYet } from '../src/http/operations.js';
import { loadBundledSpec, specOperations } from '../src/http/spec.js';
import { handlerTable } from '../src/routes/index.js';
import { createUser, useTestServer } from '../src/testing/index.js';

const server = useTestServer();

describe('route table', () => {
  const ops = specOperations(loadBundledSpec());

  it('has exactly one entry per spec operation and covers every seed operation', async () => {
    const ids = ops.map((o) => o.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(Object.keys(handlerTable).sort()).toEqual([...ids].sort());
    const { readFileSync, existsSync } = await import('node:fs');
    const seedFile = new URL('../../../../shared/reference/seed-operations.txt', import.meta.url);
    if (existsSync(seedFile)) {
      const seed = readFileSync(seedFile, 'utf8').trim().split('\n');
      const have = new Set(ops.map((o) => `${o.method.toUpperCase()} ${o.path}`));
      expect(seed.filter((line) => !have.has(line))).toEqual([]);
    }
  });

  it('answers 501 with the error body for every operation not implemented yet', async () => {
    const u = await createUser(server, 'Routes');
    const todo = ops.filter((o) => handlerTable[o.operationId as keyof typeof handlerTable] === notImplementedYet && o.method === 'get');
    for (const op of todo.slice(0, 20)) {
      const path = op.path.replace(/\{[^}]+\}/g, 'abc');
      const r = await server.api(u.token).get(path);
      expect([501, 400], `${op.operationId} ${r.status}`).toContain(r.status);
      if (r.status === 501) expect(r.body).toEqual({ error: { code: 501, message: `${op.operationId} is not implemented yet` } });
    }
  });
});

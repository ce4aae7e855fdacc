// Graceful shutdown: a request in flight when the server starts closing still gets its answer.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { HandlerTable } from '../src/http/operations.js';
import { handlerTable } from '../src/routes/index.js';
import { startTestServer, testDialect } from '../src/testing/index.js';
import { createTestDatabase } from '../src/testing/pg-databases.js';

describe('lifecycle', () => {
  it('finishes in-flight requests when closing, then refuses new connections', async () => {
    let armed = false;
    let entered!: () => void;
    const inside = new Promise<void>((r) => (entered = r));
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const table: HandlerTable = {
      ...handlerTable,
      getApiInformation: async () => {
        if (armed) {
          entered();
          await gate;
        }
        return { status: 200, body: { version: 'slow', build: 'test' } };
      },
    };
    const server = await startTestServer({}, { table });
    armed = true;
    const inflight = fetch(`${server.url}/v1`);
    await inside;
    let closed = false;
    const closing = server.close().then(() => (closed = true));
    await new Promise((r) => setTimeout(r, 150));
    expect(closed).toBe(false);
    release();
    const res = await inflight;
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ version: 'slow', build: 'test' });
    await closing;
    expect(closed).toBe(true);
    await expect(fetch(`${server.url}/v1`)).rejects.toThrow();
  });
});

describe('several servers on one database', () => {
  it('start together on a new database (migrations, admin and secrets are race-safe) and serve the same data', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'bindery-multi-'));
    const pgDb = testDialect() === 'postgres' ? await createTestDatabase('bindery_multi') : undefined;
    const databaseUrl = pgDb?.url;
    const dropDb = async () => pgDb?.drop();
    const adminToken = 'bdy_multi_admin_token_0123456789abcdef';
    const [a, b] = await Promise.all([
      startTestServer({ dataDir, databaseUrl, adminToken }),
      startTestServer({ dataDir, databaseUrl, adminToken }),
    ]);
    try {
      const org = await a.api(adminToken).post('/v1/orgs', { title: 'Shared' });
      expect(org.status).toBe(201);
      const seen = await b.api(adminToken).get(`/v1/orgs/${org.body.id}`);
      expect(seen.status).toBe(200);
      expect(seen.body.title).toBe('Shared');
      expect(a.ctx.jwtSecret).toEqual(b.ctx.jwtSecret);
    } finally {
      await a.close();
      await b.close();
      await dropDb();
    }
  });
});

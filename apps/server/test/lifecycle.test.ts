// Graceful shutdown: a request in flight when the server starts closing still gets its answer.
import { describe, expect, it } from 'vitest';
import type { HandlerTable } from '../src/http/operations.js';
import { handlerTable } from '../src/routes/index.js';
import { startTestServer } from '../src/testing/index.js';

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
    const { mkdtempSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const pg = (await import('pg')).default;
    const { testDialect } = await import('../src/testing/index.js');
    const { PG_ADMIN_URL } = await import('../src/testing/pg-global-setup.js');
    const dataDir = mkdtempSync(join(tmpdir(), 'bindery-multi-'));
    let databaseUrl: string | undefined;
    let dropDb = async () => {};
    if (testDialect() === 'postgres') {
      const name = `bindery_multi_${process.pid}_${Date.now()}`;
      const c = new pg.Client({ connectionString: PG_ADMIN_URL });
      await c.connect();
      await c.query(`create database ${name}`);
      await c.end();
      databaseUrl = PG_ADMIN_URL.replace(/\/[^/]*$/, `/${name}`);
      dropDb = async () => {
        const d = new pg.Client({ connectionString: PG_ADMIN_URL });
        await d.connect();
        await d.query(`drop database if exists ${name} with (force)`);
        await d.end();
      };
    }
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

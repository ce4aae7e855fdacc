// Graceful shutdown: a request in flight when the server starts closing still gets its answer.
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { HandlerTable } from '../src/http/operations.js';
import { handlerTable } from '../src/routes/index.js';
import { createSpaceTenant, createUser, startTestServer, testDialect, type TestServer } from '../src/testing/index.js';
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

describe('reads beside an open transaction', () => {
  it('answers reads while another request holds a write transaction open, showing only what is committed', async () => {
    // SQLite: reads outside transactions go to a second connection (db/sqlite-split.ts) instead of queueing behind
    // the open transaction (which, held here across the request, would never end); PostgreSQL reads on another
    // pooled connection.
    const s = await startTestServer();
    try {
      const user = await createUser(s, 'Reader');
      const me = () => s.api(user.token).get('/v1/user');
      expect((await me()).body.displayName).toBe('Reader');
      await s.ctx.db.transaction().execute(async (tx) => {
        await tx.updateTable('users').set({ display_name: 'Renamed' }).where('id', '=', user.id).execute();
        const during = await me();
        expect(during.status).toBe(200);
        expect(during.body.displayName).toBe('Reader');
      });
      expect((await me()).body.displayName).toBe('Renamed');
      // A write outside the transaction waited for it, and went through afterwards.
      const org = await s.api(user.token).post('/v1/orgs', { title: 'After' });
      expect(org.status).toBe(201);
    } finally {
      await s.close();
    }
  });

  // SQLite has one writer: the write waits for the transaction. (PostgreSQL runs it at once on another connection.)
  it.runIf(testDialect() === 'sqlite')('makes writes outside transactions wait for the writer while a transaction is open, then run in order', async () => {
    const s = await startTestServer();
    try {
      const user = await createUser(s, 'Writer');
      let created: Promise<{ status: number }> | undefined;
      let seenInside = 0;
      await s.ctx.db.transaction().execute(async (tx) => {
        await tx.updateTable('users').set({ display_name: 'Inside' }).where('id', '=', user.id).execute();
        created = s.api(user.token).post('/v1/orgs', { title: 'Queued' });
        await new Promise((r) => setTimeout(r, 200));
        seenInside = (await tx.selectFrom('organizations').select('id').where('title', '=', 'Queued').execute()).length;
      });
      expect((await created!).status).toBe(201);
      expect(seenInside).toBe(0);
    } finally {
      await s.close();
    }
  });
});

describe('several servers on one database', () => {
  it('start together on a new database (migrations, admin and secrets are race-safe) and serve the same data', { timeout: 120_000 }, async () => {
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

/** Uploads `data` as a file of a new space through `server`; answers the file's download path (without the origin). */
async function uploadFile(server: TestServer, data: Buffer): Promise<{ path: string; token: string }> {
  const { owner, base } = await createSpaceTenant(server);
  const res = await fetch(`${server.url}${base}/content/files?name=notes.bin`, { method: 'POST', headers: { authorization: `Bearer ${owner.token}`, 'content-type': 'application/octet-stream' }, body: data });
  expect(res.status).toBe(201);
  const file = (await res.json()) as { downloadURL: string };
  return { path: file.downloadURL.replace(server.ctx.config.publicUrl, ''), token: owner.token };
}

async function download(server: TestServer, path: string, token: string): Promise<Buffer> {
  const res = await fetch(server.url + path, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status).toBe(200);
  return Buffer.from(await res.arrayBuffer());
}

describe('state shared by server processes', () => {
  // These start two or three servers each: allow for a busy machine.
  it('keeps file bytes in the database on PostgreSQL, so a process with another data folder serves them', { timeout: 120_000 }, async () => {
    const data = Buffer.from(Array.from({ length: 3000 }, (_, i) => (i * 7) % 256));
    if (testDialect() === 'postgres') {
      const a = await startTestServer();
      const b = await startTestServer();
      try {
        expect(a.ctx.config.dataDir).not.toBe(b.ctx.config.dataDir);
        const { path, token } = await uploadFile(a, data);
        expect((await download(b, path, token)).equals(data)).toBe(true);
        expect(existsSync(join(a.ctx.config.dataDir, 'blobs'))).toBe(false);
      } finally {
        await a.close();
        await b.close();
      }
    } else {
      // SQLite keeps blobs in the data folder unless BINDERY_BLOB_STORE=database says otherwise.
      for (const blobStore of ['fs', 'database'] as const) {
        const s = await startTestServer({ blobStore });
        try {
          const { path, token } = await uploadFile(s, data);
          expect((await download(s, path, token)).equals(data)).toBe(true);
          expect(existsSync(join(s.ctx.config.dataDir, 'blobs'))).toBe(blobStore === 'fs');
        } finally {
          await s.close();
        }
      }
    }
  });

  it('refuses to start a process whose secrets key is not the one the database\'s secrets are sealed with', { timeout: 120_000 }, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'bindery-key-'));
    const pgDb = testDialect() === 'postgres' ? await createTestDatabase('bindery_key') : undefined;
    const databaseUrl = pgDb?.url;
    try {
      const first = await startTestServer({ dataDir, databaseUrl, secretsKey: 'a'.repeat(64) });
      await first.close();
      await expect(startTestServer({ dataDir, databaseUrl, secretsKey: 'b'.repeat(64) })).rejects.toThrow(/BINDERY_SECRETS_KEY is not the key/);
      // The same key starts again.
      const again = await startTestServer({ dataDir, databaseUrl, secretsKey: 'a'.repeat(64) });
      await again.close();
    } finally {
      await pgDb?.drop();
    }
  });
});

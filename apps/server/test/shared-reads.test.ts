// Identical reads outside transactions share round trips on PostgreSQL (db/prepared.ts, shareRead), never
// freshness: a read made while the same read is running joins the next one, which starts after the running one ends,
// so what it returns was read after the call. (On SQLite a read is synchronous: nothing to share.)
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepared } from '../src/db/prepared.js';
import { startTestServer, testDialect, type TestServer } from '../src/testing/index.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

/** When the database received the statement (in ms since the epoch), which then sleeps `p.ms`. */
const stamped = prepared((db, p: { ms: number }) =>
  db.selectNoFrom([
    sql<number>`(extract(epoch from statement_timestamp()) * 1000)::float8`.as('at'),
    sql<number>`(select 1 from pg_sleep(${p.ms}::int / 1000.0))`.as('slept'),
  ]));

describe.runIf(testDialect() === 'postgres')('shared reads', () => {
  it('a read made while the same read runs gets a later one, shared by the reads made meanwhile', async () => {
    const db = server.ctx.db;
    const first = stamped(db, { ms: 400 });
    // The first read is running on the database (stamped, sleeping).
    await new Promise((r) => setTimeout(r, 150));
    const called = Date.now();
    const [second, third] = [stamped(db, { ms: 400 }), stamped(db, { ms: 400 })];
    const [[r1], [r2], [r3]] = await Promise.all([first, second, third]);
    // Not the running read's answer: one that started after the calls...
    expect(r1!.at).toBeLessThan(called);
    expect(r2!.at).toBeGreaterThanOrEqual(called);
    // ...and one read for both (their own row objects).
    expect(r3!.at).toBe(r2!.at);
    expect(r3).not.toBe(r2);
  });

  it('different parameters, or a transaction, never share', async () => {
    const db = server.ctx.db;
    const [[a], [b]] = await Promise.all([stamped(db, { ms: 100 }), stamped(db, { ms: 101 })]);
    expect(a!.at).not.toBe(b!.at);
    await db.transaction().execute(async (tx) => {
      const outside = stamped(db, { ms: 200 });
      const [[inside]] = await Promise.all([stamped(tx, { ms: 200 })]);
      expect(inside!.at).not.toBe((await outside)[0]!.at);
    });
  });
});

// Identical reads outside transactions share round trips on PostgreSQL (db/prepared.ts, shareRead), never
// freshness: a read made while the same read is running joins the next one, which starts after the running one ends,
// so what it returns was read after the call. (On SQLite a read is synchronous: nothing to share.)
import { PostgresAdapter, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pipelineStats, prepared, preparedByKey } from '../src/db/prepared.js';
import { spacesRepo } from '../src/repos/spaces.repo.js';
import { createTenant, startTestServer, testDialect, type TestServer } from '../src/testing/index.js';

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
    sql<number>`${p.ms}::int`.as('ms'),
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
    // Each its own statement (made in one turn, they may go in one message: db/prepared.ts pipelinedRead).
    expect([a!.ms, b!.ms]).toEqual([100, 101]);
    await db.transaction().execute(async (tx) => {
      const outside = stamped(db, { ms: 200 });
      const [[inside]] = await Promise.all([stamped(tx, { ms: 200 })]);
      expect(inside!.at).not.toBe((await outside)[0]!.at);
    });
  });
});

/** A space by id with when the database received the statement and which backend ran it (one statement: one pair). */
const stampedSpace = preparedByKey((db) =>
  db.selectFrom('spaces').select(['id', 'title', ...(db.getExecutor().adapter instanceof PostgresAdapter
    ? [
      sql<number>`(extract(epoch from statement_timestamp()) * 1000)::float8`.as('at'),
      sql<number>`pg_backend_pid()`.as('pid'),
      sql<number>`(select 1 from pg_sleep(0.2))`.as('slept'),
    ]
    : [sql<number>`0`.as('at'), sql<number>`0`.as('pid'), sql<number>`1`.as('slept')])]), 'id');

describe('reads by key', () => {
  it('reads of different keys made together are one statement, each answered with its own rows', async () => {
    const t = await createTenant(server);
    const ids: string[] = [];
    for (const title of ['A', 'B', 'C']) ids.push((await t.api.post(`/v1/orgs/${t.org}/spaces`, { title })).body.id);
    const db = server.ctx.db;
    const [[a], [b], [c], [a2], missing] = await Promise.all([
      stampedSpace(db, ids[0]!), stampedSpace(db, ids[1]!), stampedSpace(db, ids[2]!), stampedSpace(db, ids[0]!), stampedSpace(db, 'no-such-space'),
    ]);
    expect([a!.title, b!.title, c!.title, a2!.title]).toEqual(['A', 'B', 'C', 'A']);
    expect(missing).toEqual([]);
    // Their own row objects, even for the same key.
    expect(a2).not.toBe(a);
    if (testDialect() === 'postgres') {
      // One statement for all of them...
      expect(new Set([a!.at, b!.at, c!.at, a2!.at]).size).toBe(1);
      expect(new Set([a!.pid, b!.pid, c!.pid]).size).toBe(1);
      // ...and through the repository too.
      const spaces = await Promise.all(ids.map((id) => spacesRepo.findById(db, id)));
      expect(spaces.map((s) => s?.title)).toEqual(['A', 'B', 'C']);
    }
  });

  it.runIf(testDialect() === 'postgres')('a read made while a batch runs is answered by a statement sent after it was made', async () => {
    const t = await createTenant(server);
    const ids: string[] = [];
    for (const title of ['One', 'Two']) ids.push((await t.api.post(`/v1/orgs/${t.org}/spaces`, { title })).body.id);
    const db = server.ctx.db;
    const first = Promise.all([stampedSpace(db, ids[0]!), stampedSpace(db, ids[1]!)]);
    // The first statement is running on the database (stamped, sleeping).
    await new Promise((r) => setTimeout(r, 100));
    await db.updateTable('spaces').set({ title: 'Two, renamed' }).where('id', '=', ids[1]!).execute();
    const called = Date.now();
    const [[one], [two]] = await Promise.all([stampedSpace(db, ids[0]!), stampedSpace(db, ids[1]!)]);
    const [[oneBefore], [twoBefore]] = await first;
    expect(oneBefore!.at).toBeLessThan(called);
    expect(twoBefore!.title).toBe('Two');
    // Not the running statement's answer: a later one, which sees the change committed before the call.
    expect(one!.at).toBeGreaterThanOrEqual(called);
    expect(two!.title).toBe('Two, renamed');
  });

  it('a read inside a transaction is never batched with reads outside it, and sees the transaction\u2019s own changes', async () => {
    const t = await createTenant(server);
    const ids: string[] = [];
    for (const title of ['In', 'Out']) ids.push((await t.api.post(`/v1/orgs/${t.org}/spaces`, { title })).body.id);
    const db = server.ctx.db;
    await db.transaction().execute(async (tx) => {
      await tx.updateTable('spaces').set({ title: 'In, changed' }).where('id', '=', ids[0]!).execute();
      const [[inside], [outside], [outsideSame]] = await Promise.all([stampedSpace(tx, ids[0]!), stampedSpace(db, ids[1]!), stampedSpace(db, ids[0]!)]);
      expect(inside!.title).toBe('In, changed');
      expect(outsideSame!.title).toBe('In');
      expect(outside!.title).toBe('Out');
      if (testDialect() === 'postgres') expect(inside!.pid).not.toBe(outside!.pid);
    });
  });
});

/** 1 / n, as a prepared read (n = 0 fails on the database). */
const divide = prepared((db, p: { n: number }) => db.selectNoFrom([sql<number>`1 / ${p.n}::int`.as('q')]));
/** The length of binary data (a parameter that cannot be written into the text). */
const byteLength = prepared((db, p: { data: Buffer }) => db.selectNoFrom([sql<number>`length(${p.data}::bytea)`.as('n'), sql<number>`pg_backend_pid()`.as('pid')]));

describe.runIf(testDialect() === 'postgres')('pipelined reads', () => {
  it('different reads made in one turn go as one query, after the calls', async () => {
    const t = await createTenant(server);
    const space = (await t.api.post(`/v1/orgs/${t.org}/spaces`, { title: 'Piped' })).body.id as string;
    const db = server.ctx.db;
    const called = Date.now();
    const [[s], [st]] = await Promise.all([stampedSpace(db, space), stamped(db, { ms: 0 })]);
    expect(s!.title).toBe('Piped');
    // One message to the database: the same backend and the same receipt time for both statements.
    expect(st!.at).toBe(s!.at);
    expect(s!.at).toBeGreaterThanOrEqual(called - 5);
    // A batch of keys (`= any(…)`, its array written in) with another read.
    const other = (await t.api.post(`/v1/orgs/${t.org}/spaces`, { title: 'Piped too' })).body.id as string;
    const [[x], [y], [z]] = await Promise.all([stampedSpace(db, space), stampedSpace(db, other), stamped(db, { ms: 0 })]);
    expect([x!.title, y!.title]).toEqual(['Piped', 'Piped too']);
    expect(new Set([x!.at, y!.at, z!.at]).size).toBe(1);
  });

  it('a failing read or one that cannot be written in is made on its own; the others still answer', async () => {
    const db = server.ctx.db;
    const [good, bad, bytes] = await Promise.allSettled([divide(db, { n: 4 }), divide(db, { n: 0 }), byteLength(db, { data: Buffer.from('abc') })]);
    expect(good.status === 'fulfilled' && good.value[0]!.q).toBe(0);
    expect(bad.status).toBe('rejected');
    expect(bad.status === 'rejected' && String(bad.reason)).toMatch(/division by zero/);
    expect(bytes.status === 'fulfilled' && bytes.value[0]!.n).toBe(3);
  });
});

describe.runIf(testDialect() === 'postgres')('pipelined reads of requests', () => {
  it('the reads of concurrent requests (the counters, spaces, a page of spaces) go in pipelined queries, none refused', async () => {
    const t = await createTenant(server, { reader: 'read' });
    const ids: string[] = [];
    for (const title of ['P1', 'P2', 'P3']) ids.push((await t.api.post(`/v1/orgs/${t.org}/spaces`, { title })).body.id);
    const api = t.as('reader');
    const before = { ...pipelineStats };
    for (let round = 0; round < 5; round++) {
      const answers = await Promise.all([
        ...ids.map((id) => api.get(`/v1/spaces/${id}`)), api.get(`/v1/orgs/${t.org}/spaces`), api.get('/v1/user'),
      ]);
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
      expect(answers.slice(0, 3).map((a) => a.body.title)).toEqual(['P1', 'P2', 'P3']);
      expect(answers[3]!.body.items.map((s: { title: string }) => s.title).sort()).toEqual(['P1', 'P2', 'P3']);
    }
    expect(pipelineStats.fallbacks).toBe(before.fallbacks);
    expect(pipelineStats.reads - before.reads).toBeGreaterThan(pipelineStats.queries - before.queries);
  });
});

// A transaction begun with the database handle inside another one (db/nested-transactions.ts): refused under test
// before it can wait for the writer its own outer transaction holds; the transaction itself, work after it, and
// another database's transactions are untouched. A real SQLite file (the unit project runs with
// BINDERY_STRICT_TRANSACTIONS=1, vitest.config.ts).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './database.js';
import { checkNotInTransaction, NestedTransactionError } from './nested-transactions.js';

const dir = mkdtempSync(join(tmpdir(), 'bindery-nested-tx-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('nested transactions', () => {
  it('a transaction or a write outside it, begun with the handle inside an open transaction, fails at once instead of waiting forever', async () => {
    expect(process.env.BINDERY_STRICT_TRANSACTIONS).toBe('1');
    const a = openDatabase({ sqliteFile: join(dir, 'a.sqlite') });
    const b = openDatabase({ sqliteFile: join(dir, 'b.sqlite') });
    try {
      await sql`create table t (v integer not null)`.execute(a.db);
      await sql`create table t (v integer not null)`.execute(b.db);
      let later: Promise<unknown> | undefined;
      await expect(a.db.transaction().execute(async (tx) => {
        await sql`insert into t (v) values (1)`.execute(tx);
        // Another database's transaction is no nesting.
        await b.db.transaction().execute((btx) => sql`insert into t (v) values (2)`.execute(btx));
        // Started here, run after this transaction ended: legitimate.
        later = new Promise((r) => setTimeout(r, 20)).then(() => a.db.transaction().execute((t2) => sql`insert into t (v) values (3)`.execute(t2)));
        await a.db.transaction().execute((inner) => sql`insert into t (v) values (4)`.execute(inner));
      })).rejects.toBeInstanceOf(NestedTransactionError);
      await later;
      // The outer transaction rolled back (its error), the later one committed.
      expect((await sql<{ v: number }>`select v from t order by v`.execute(a.db)).rows.map((r) => r.v)).toEqual([3]);
      expect((await sql<{ v: number }>`select v from t`.execute(b.db)).rows.map((r) => r.v)).toEqual([2]);

      // A write outside transactions with the handle (SQLite waits for the writer for it).
      await expect(a.db.transaction().execute(async () => {
        await sql`insert into t (v) values (5)`.execute(a.db);
      })).rejects.toBeInstanceOf(NestedTransactionError);
      // A function that may begin one checks at its start, even when it would not have this time.
      await expect(a.db.transaction().execute(async () => checkNotInTransaction(a.db, 'ensureIndexed'))).rejects.toThrow(/ensureIndexed was begun/);
      expect(() => checkNotInTransaction(a.db, 'ensureIndexed')).not.toThrow();
      // Reads outside the transaction (the reader connection) are fine inside it.
      await a.db.transaction().execute(async () => {
        expect((await sql<{ n: number }>`select count(*) as n from t`.execute(a.db)).rows[0]!.n).toBe(1);
      });
      expect((await sql<{ v: number }>`select v from t`.execute(a.db)).rows.map((r) => r.v)).toEqual([3]);
    } finally {
      await a.close();
      await b.close();
    }
  });
});

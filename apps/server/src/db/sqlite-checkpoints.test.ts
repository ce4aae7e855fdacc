// SQLite checkpoints off the event loop (db/sqlite-checkpoints.ts): the writer never checkpoints on its own, the
// worker does past the soft size, and past the hard size again with this process's writes held so that the WAL
// starts over (the writer itself only without a lock to hold); nothing is lost.
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './database.js';
import { SqliteCheckpoints } from './sqlite-checkpoints.js';

const dir = mkdtempSync(join(tmpdir(), 'bindery-checkpoints-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('SQLite checkpoints', () => {
  it('run in the worker past the soft size, and with the writes held past the hard size; the WAL stays bounded, every row is kept', async () => {
    const file = join(dir, 'db.sqlite');
    const opened = openDatabase({ sqliteFile: file, checkpoints: { softBytes: 64 * 1024, hardBytes: 1024 * 1024, every: 4 } });
    const { db, checkpoints, sqlite } = opened;
    expect(sqlite!.writer.pragma('wal_autocheckpoint', { simple: true })).toBe(0);
    await sql`create table t (id integer primary key, v text not null)`.execute(db);
    const value = 'x'.repeat(2000);
    let maxWal = 0;
    for (let i = 0; i < 3000; i++) {
      await db.transaction().execute(async (tx) => {
        await sql`insert into t (v) values (${value})`.execute(tx);
      });
      maxWal = Math.max(maxWal, statSync(`${file}-wal`).size);
      // Give the worker's answers a turn now and then.
      if (i % 50 === 0) await new Promise((r) => setTimeout(r, 1));
    }
    // 3,000 commits of at least a 4 KiB page each (12 MiB and more through the WAL): the worker checkpointed, also
    // with the writes held once the WAL passed 1 MiB, so that it started over; the writer never did on the event loop.
    expect(checkpoints!.runs.worker).toBeGreaterThan(0);
    expect(checkpoints!.runs.held).toBeGreaterThan(0);
    expect(checkpoints!.runs.writer).toBe(0);
    expect(maxWal).toBeLessThan(6 * 1024 * 1024);
    await opened.close();
    const again = new SQLite(file, { readonly: true });
    try {
      expect(again.prepare('select count(*) as n from t').get()).toEqual({ n: 3000 });
      expect(again.pragma('integrity_check', { simple: true })).toBe('ok');
    } finally {
      again.close();
    }
  });

  it('closing stops the worker by asking it, never by terminating it, also while it still starts', async () => {
    // A worker terminated while it loads better-sqlite3 or runs a call can abort the process; one asked to close ends
    // by itself with exit code 0 (a terminated one exits with 1).
    const file = join(dir, 'close.sqlite');
    const writer = new SQLite(file);
    writer.pragma('journal_mode = WAL');
    try {
      writer.exec('create table t (id integer primary key, v text not null)');
      for (const wait of [false, true]) {
        const checkpoints = new SqliteCheckpoints(file, writer, { softBytes: 1, hardBytes: 1024 * 1024 * 1024, every: 1 });
        writer.prepare('insert into t (v) values (?)').run('x'.repeat(100));
        checkpoints.committed();
        const worker = (checkpoints as unknown as { worker: import('node:worker_threads').Worker }).worker;
        expect(worker).toBeDefined();
        let code: number | undefined;
        const exited = new Promise<number>((resolve) => worker.once('exit', (c) => resolve((code = c))));
        // Right away (the thread is still loading the module) and after its first checkpoint.
        if (wait) await new Promise<void>((resolve) => worker.once('message', () => resolve()));
        checkpoints.close();
        // `ended()` settles only once the thread is gone (its connection closed: a caller may remove the files then).
        await checkpoints.ended();
        expect(code).toBe(0);
        expect(await exited).toBe(0);
      }
    } finally {
      writer.close();
    }
  });

  it('without a lock to hold, the writer checkpoints itself past the hard size', async () => {
    const file = join(dir, 'alone.sqlite');
    const writer = new SQLite(file);
    writer.pragma('journal_mode = WAL');
    const checkpoints = new SqliteCheckpoints(file, writer, { softBytes: 64 * 1024, hardBytes: 512 * 1024, every: 1 });
    try {
      writer.exec('create table t (id integer primary key, v text not null)');
      const insert = writer.prepare('insert into t (v) values (?)');
      let maxWal = 0;
      for (let i = 0; i < 1000; i++) {
        insert.run('x'.repeat(2000));
        checkpoints.committed();
        maxWal = Math.max(maxWal, statSync(`${file}-wal`).size);
      }
      expect(checkpoints.runs.writer).toBeGreaterThan(0);
      expect(checkpoints.runs.held).toBe(0);
      expect(maxWal).toBeLessThan(3 * 1024 * 1024);
      expect(writer.prepare('select count(*) as n from t').get()).toEqual({ n: 1000 });
    } finally {
      checkpoints.close();
      writer.close();
    }
  });
});

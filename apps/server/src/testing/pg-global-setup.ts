// Creates one PostgreSQL template database for this test run (migrated once), and drops it and every database made
// from it afterwards. Each test file's servers get their own copy of it (`fileDatabaseUrl` in pg-databases.ts:
// CREATE DATABASE … TEMPLATE, ~0.1 s), so that files running at the same time in several workers never see each
// other's jobs or rows; inside a file, tests stay independent by giving each test its own users and organizations.
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';

import { PG_ADMIN_URL } from './pg-databases.js';

export { PG_ADMIN_URL };

export default async function setup(project: TestProject) {
  const name = `bindery_test_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = PG_ADMIN_URL.replace(/\/[^/]*$/, `/${name}`);
  const { db, close } = openDatabase({ databaseUrl: url, sqliteFile: ':memory:' });
  await migrateToLatest(db);
  await close();
  project.provide('pgUrl', url);
  return async () => {
    const c = new pg.Client({ connectionString: PG_ADMIN_URL });
    await c.connect();
    const copies = await c.query<{ datname: string }>(`select datname from pg_database where datname like $1`, [`${name}\\_%`]);
    for (const { datname } of copies.rows) await c.query(`drop database if exists ${datname} with (force)`);
    await c.query(`drop database if exists ${name} with (force)`);
    await c.end();
  };
}

import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Three projects: pure unit tests once, and every storage/HTTP test twice — on SQLite and on PostgreSQL. One vitest
// process runs the files of all three side by side in `maxWorkers` worker processes (docs/testing.md). An HTTP test
// file spends about half its time waiting (on PostgreSQL, git, loopback HTTP), so it runs one worker more than the
// cores and at least three (vitest's default, cores - 1, is one worker on a 2-core machine: every file in turn).
// Every file has its own server and database (SQLite: a file; PostgreSQL: a copy of the run's migrated template).
// At most 4: each server keeps up to 10 PostgreSQL connections (some files start two or three servers), and
// PostgreSQL's default limit is 100 connections.
const workers = Number(process.env.BINDERY_TEST_WORKERS) || Math.min(4, Math.max(3, availableParallelism() + 1));

export default defineConfig({
  test: {
    // A transaction begun with the database handle inside another one fails its test (db/nested-transactions.ts).
    env: { BINDERY_STRICT_TRANSACTIONS: '1' },
    // The fast-check properties run a fixed seed unless BINDERY_PROPERTY_SEED says otherwise (src/testing/property-seed.ts).
    setupFiles: ['./src/testing/property-seed.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    maxWorkers: workers,
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: ['src/**/*.test.ts'] },
      },
      {
        extends: true,
        test: { name: 'sqlite', include: ['test/**/*.test.ts'], env: { BINDERY_TEST_DB: 'sqlite' } },
      },
      {
        extends: true,
        test: {
          name: 'postgres',
          include: ['test/**/*.test.ts'],
          env: { BINDERY_TEST_DB: 'postgres' },
          globalSetup: ['./src/testing/pg-global-setup.ts'],
        },
      },
    ],
  },
});

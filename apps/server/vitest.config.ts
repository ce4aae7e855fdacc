import { defineConfig } from 'vitest/config';

// Three projects: pure unit tests once, and every storage/HTTP test twice — on SQLite and on PostgreSQL.
export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
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

import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// The client is tested against the real server (from source), over real HTTP on 127.0.0.1, on SQLite.
export default defineConfig({
  resolve: {
    alias: {
      '@bindery/server/testing': fileURLToPath(new URL('../../apps/server/src/testing/index.ts', import.meta.url)),
    },
  },
  test: { testTimeout: 30_000, hookTimeout: 60_000, env: { BINDERY_TEST_DB: 'sqlite' } },
});

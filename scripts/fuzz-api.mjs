#!/usr/bin/env node
// Spec-driven fuzzing of the HTTP API (the fuzzer is apps/server/src/testing/fuzz.ts; test/fuzz.test.ts runs a few
// requests per operation in every test run): every operation of the bundled spec with schema-generated then mutated
// inputs, as an admin, a reader, a stranger, a bad token and no token, against the real ids of a tenant; a request
// passes when it answers below 500 with the error body on every 4xx and the server keeps answering.
// Then the published site's routes (not in the spec) and every list's real pagination cursor, tampered (--only=published-site|cursors
// runs just those). A PostgreSQL database takes one run's secrets key: give each run a fresh database.
// Usage: (pnpm build first) node scripts/fuzz-api.mjs [--seed=1] [--per-op=40] [--pg=postgres://…] [--only=regex]
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';

const root = new URL('..', import.meta.url).pathname;
const require = createRequire(join(root, 'apps/server/package.json'));
const pino = require('pino');
const argOf = (name, def) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? def;
const dist = (p) => import(pathToFileURL(join(root, 'apps/server/dist', p)).href);
const { loadConfig } = await dist('config.js');
const { startServer } = await dist('server.js');
const { fuzzOperations } = await dist('testing/fuzz.js');

const pgUrl = argOf('pg');
const dataDir = mkdtempSync(join(tmpdir(), 'bindery-fuzz-'));
const adminToken = 'bdy_fuzz_admin_token_0123456789abcdef';
const server = await startServer(
  { ...loadConfig({}), port: 0, host: '127.0.0.1', dataDir, adminToken, logLevel: 'silent', validateResponses: false, databaseUrl: pgUrl },
  { logger: pino({ level: 'silent' }) },
);
const report = await fuzzOperations({
  url: server.url, adminToken, spec: require(join(root, 'packages/api-types/openapi.json')),
  perOp: Number(argOf('per-op', 40)), seed: Number(argOf('seed', 1)), only: argOf('only') ? new RegExp(argOf('only')) : undefined,
});
const kinds = new Map();
for (const f of report.finds) kinds.set(`${f.op}: ${f.problem}`, [...(kinds.get(`${f.op}: ${f.problem}`) ?? []), f]);
console.log(`${report.operations} operations, ${report.requests} requests in ${report.seconds.toFixed(1)} s on ${pgUrl ? 'PostgreSQL' : 'SQLite'}: ${report.finds.length} finds in ${kinds.size} kinds, ${report.slow.length} answers over 2 s`);
for (const [k, fs] of kinds) console.log(`\n## ${k} (${fs.length}×)\n${JSON.stringify(fs[0], null, 1)}`);
for (const s of report.slow.slice(0, 20)) console.log(`slow: ${s.op} ${s.ms} ms (${s.status})`);
await server.close();
rmSync(dataDir, { recursive: true, force: true });
process.exit(report.finds.length ? 1 : 0);

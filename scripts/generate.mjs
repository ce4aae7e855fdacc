#!/usr/bin/env node
// Regenerates what is derived from spec/: the bundled document (packages/api-types/openapi.json), the
// TypeScript types (packages/api-types/src/openapi.generated.ts) and the public operations
// (packages/api-types/src/public-operations.generated.ts). With --check, writes nothing and fails when
// the committed files differ from what the spec produces (run as part of the test command).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync, existsSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const pkg = join(root, 'packages/api-types');
const require = createRequire(join(pkg, 'package.json'));
const check = process.argv.includes('--check');

function bundle() {
  const dir = mkdtempSync(join(tmpdir(), 'bindery-bundle-'));
  const out = join(dir, 'openapi.json');
  const redocly = join(pkg, 'node_modules/.bin/redocly');
  execFileSync(redocly, ['bundle', join(root, 'spec/openapi.yaml'), '--config', join(root, 'redocly.yaml'), '--output', out, '--ext', 'json'], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const doc = JSON.parse(readFileSync(out, 'utf8'));
  rmSync(dir, { recursive: true, force: true });
  return JSON.stringify(doc, null, 2) + '\n';
}

async function types(bundled) {
  const mod = await import(require.resolve('openapi-typescript'));
  const openapiTS = typeof mod.default === 'function' ? mod.default : mod.default.default;
  const astToString = mod.astToString ?? mod.default.astToString;
  const ast = await openapiTS(JSON.parse(bundled), { alphabetize: true, rootTypes: false });
  const header = '// DO NOT EDIT. Generated from spec/ by scripts/generate.mjs (pnpm generate).\n\n';
  return header + astToString(ast);
}

/** The operations the spec marks public (`security: []`), as a type: the server's handler table types their actor. */
function publicOperations(bundled) {
  const ids = [];
  for (const item of Object.values(JSON.parse(bundled).paths ?? {})) {
    for (const method of ['get', 'put', 'post', 'delete', 'patch']) {
      const op = item[method];
      if (op && Array.isArray(op.security) && op.security.length === 0) ids.push(op.operationId);
    }
  }
  ids.sort();
  return '// DO NOT EDIT. Generated from spec/ by scripts/generate.mjs (pnpm generate).\n\n' +
    '/** The operations the spec marks public (`security: []`): callable without a token. */\n' +
    `export type PublicOperationId =\n${ids.map((id) => `  | '${id}'`).join('\n')};\n`;
}

const outputs = {};
outputs[join(pkg, 'openapi.json')] = bundle();
outputs[join(pkg, 'src/openapi.generated.ts')] = await types(outputs[join(pkg, 'openapi.json')]);
outputs[join(pkg, 'src/public-operations.generated.ts')] = publicOperations(outputs[join(pkg, 'openapi.json')]);

let stale = [];
for (const [file, content] of Object.entries(outputs)) {
  const current = existsSync(file) ? readFileSync(file, 'utf8') : null;
  if (current === content) continue;
  if (check) stale.push(file.slice(root.length + 1));
  else writeFileSync(file, content);
}
if (check && stale.length) {
  console.error(`Generated files are stale: ${stale.join(', ')}.\nRun \`pnpm generate\` and commit the result.`);
  process.exit(1);
}
console.log(check ? 'generated files are up to date' : 'generated openapi.json, openapi.generated.ts and public-operations.generated.ts');

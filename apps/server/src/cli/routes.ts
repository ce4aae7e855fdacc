#!/usr/bin/env node
// The route report: how many operations of the spec have a handler (the rest answer 501), grouped by tag, and which
// implemented operations no HTTP test calls (from the record the last test run left in apps/server/.route-calls/,
// written by the test harness; run the HTTP tests first), and how many of GitBook's own operations (the description
// the @gitbook/api devDependency ships, matched by method and path) Bindery serves.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { loadBundledSpec, specOperations, type SpecOperation } from '../http/spec.js';
import { notImplementedYet } from '../http/operations.js';
import { handlerTable } from '../routes/index.js';
import { loadRouteCalls, ROUTE_CALLS_DIR } from '../testing/route-calls.js';

const spec = loadBundledSpec();
const ops = specOperations(spec);
const tagOf = (o: SpecOperation): string => spec.paths[o.path][o.method].tags?.[0] ?? 'untagged';
const isImplemented = (o: SpecOperation) => handlerTable[o.operationId as keyof typeof handlerTable] !== notImplementedYet;

function printByTag(list: SpecOperation[]): void {
  const byTag = new Map<string, string[]>();
  for (const o of list) byTag.set(tagOf(o), [...(byTag.get(tagOf(o)) ?? []), `${o.operationId}  ${o.method.toUpperCase()} ${o.path}`]);
  for (const [tag, lines] of [...byTag].sort()) {
    console.log(`  ${tag} (${lines.length})`);
    for (const line of lines) console.log(`    ${line}`);
  }
}

const missing = ops.filter((o) => !isImplemented(o));
console.log(`implemented ${ops.length - missing.length} of ${ops.length} operations`);

// GitBook's operations Bindery serves, matched by method and path (parameter names aside), as the conformance test does.
const routeKey = (method: string, path: string) => `${method.toUpperCase()} ${path.replace(/^\/v1(?=\/|$)/, '').replace(/\{[^}]+\}/g, '{}') || '/'}`;
try {
  const require = createRequire(import.meta.url);
  const file = require.resolve('@gitbook/api/spec/openapi.json');
  const gitbook = JSON.parse(readFileSync(file, 'utf8')) as { paths: Record<string, Record<string, unknown>> };
  const { version } = JSON.parse(readFileSync(new URL('../package.json', `file://${file}`), 'utf8')) as { version: string };
  const methods = new Set(['get', 'put', 'post', 'patch', 'delete', 'head', 'options']);
  const theirs = Object.entries(gitbook.paths).flatMap(([path, item]) => Object.keys(item).filter((m) => methods.has(m)).map((m) => routeKey(m, path)));
  const ours = new Set(ops.filter(isImplemented).map((o) => routeKey(o.method, o.path)));
  const served = theirs.filter((k) => ours.has(k)).length;
  console.log(`GitBook's API (@gitbook/api ${version}): ${served} of its ${theirs.length} operations served (method and path); ${ours.size - served} of Bindery's are not GitBook's`);
} catch {
  console.log('GitBook coverage: @gitbook/api (a devDependency) is not installed');
}
if (missing.length) {
  console.log(`\nnot implemented yet (answer 501):`);
  printByTag(missing);
}

const calls = loadRouteCalls();
if (!calls) {
  console.log(`\nno record of a test run in ${ROUTE_CALLS_DIR}: run the HTTP tests (pnpm test) to list the operations no test calls`);
} else {
  const untested = ops.filter((o) => isImplemented(o) && !calls.operations.has(o.operationId));
  console.log(`\nimplemented operations no HTTP test calls: ${untested.length} (record of ${calls.files} test file runs in ${ROUTE_CALLS_DIR})`);
  printByTag(untested);
}

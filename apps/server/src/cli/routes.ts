#!/usr/bin/env node
// Prints how many operations of the spec have a handler (the rest answer 501), grouped by tag.
import { loadBundledSpec, specOperations } from '../http/spec.js';
import { notImplementedYet } from '../http/operations.js';
import { handlerTable } from '../routes/index.js';

const spec = loadBundledSpec();
const ops = specOperations(spec);
const tagOf = (path: string, method: string): string => spec.paths[path][method].tags?.[0] ?? 'untagged';
const missing = ops.filter((o) => handlerTable[o.operationId as keyof typeof handlerTable] === notImplementedYet);
console.log(`implemented ${ops.length - missing.length} of ${ops.length} operations`);
if (missing.length) {
  console.log(`\nnot implemented yet (answer 501):`);
  const byTag = new Map<string, string[]>();
  for (const o of missing) {
    const t = tagOf(o.path, o.method);
    byTag.set(t, [...(byTag.get(t) ?? []), `${o.operationId}  ${o.method.toUpperCase()} ${o.path}`]);
  }
  for (const [tag, list] of [...byTag].sort()) {
    console.log(`  ${tag} (${list.length})`);
    for (const line of list) console.log(`    ${line}`);
  }
}

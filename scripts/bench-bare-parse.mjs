#!/usr/bin/env node
// The baseline of bench-pipeline.mjs's step 2: a process of its own whose content-worker-like thread runs the bare
// parse (content/parser.ts `tokenize`, markdown-it with Bindery's rules, nothing built from its tokens) of the
// benchmark's realistic pages on request, so that its CPU is read from /proc per thread exactly as a Bindery
// server's is for a create: a worker thread (an isolate of its own with the content pool's heap limit, not the
// bench's main thread with the whole server loaded in its heap), V8's GC and compiler threads of that process
// counted, nothing of the bench's own work (its HTTP client's garbage is collected by its own process's threads).
//
// Protocol (stdin/stdout, one line each): the parent writes a page size in bytes; the child answers `ok` once the
// parse has finished, followed by the parse's wall time in ms measured in the worker (`ok 9.87`: tokenize alone, on a
// thread doing nothing else, without the round trip over the pipe). It answers `ready` first, once the worker has
// made the pages.
//
// Usage: node scripts/bench-bare-parse.mjs <repository root> <bytes>,<bytes>,...
import { createInterface } from 'node:readline';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

if (isMainThread) {
  const [root, list] = process.argv.slice(2);
  const sizes = list.split(',').map(Number);
  // The content pool's workers run with `resourceLimits: { maxOldGenerationSizeMb: 512 }` (lib/worker-pool.ts):
  // V8 sizes the young generation from it, so the parse's scavenges are the same as in a content worker.
  const worker = new Worker(new URL(import.meta.url), { workerData: { root, sizes }, resourceLimits: { maxOldGenerationSizeMb: 512 } });
  worker.on('message', (m) => process.stdout.write(`${m}\n`));
  worker.on('error', (err) => {
    console.error(err);
    process.exit(1);
  });
  createInterface({ input: process.stdin }).on('line', (line) => worker.postMessage(Number(line)));
  process.stdin.on('end', () => process.exit(0));
} else {
  const dist = (p) => import(pathToFileURL(join(workerData.root, 'apps/server/dist', p)).href);
  const { tokenize } = await dist('content/parser.js');
  const { realisticPage } = await dist('testing/docs-corpus.js');
  const pages = new Map(workerData.sizes.map((b) => [b, realisticPage(b)]));
  parentPort.on('message', (bytes) => {
    const t0 = performance.now();
    tokenize(pages.get(bytes));
    parentPort.postMessage(`ok ${(performance.now() - t0).toFixed(3)}`);
  });
  parentPort.postMessage('ready');
}

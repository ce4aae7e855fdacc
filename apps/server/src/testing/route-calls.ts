// Which operations the HTTP tests call. The test harness wraps the handler table so that every operation whose
// handler runs is recorded, and writes one file per test file and database under `.route-calls/` when its server
// closes; `pnpm routes` reads them and lists the implemented operations that no HTTP test calls. No vitest import:
// the route report (plain Node) uses it too.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { notImplementedYet, type HandlerTable } from '../http/operations.js';

/** `apps/server/.route-calls` (the same from `src/testing` and from `dist/testing`). */
export const ROUTE_CALLS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '.route-calls');

/** The table with every implemented handler recording its operationId in `calls` before it runs. */
export function recordingTable(table: HandlerTable, calls: Set<string>): HandlerTable {
  const out: Record<string, unknown> = {};
  for (const [operationId, handler] of Object.entries(table)) {
    out[operationId] = handler === notImplementedYet
      ? handler
      : (req: unknown, ctx: unknown) => {
          calls.add(operationId);
          return (handler as (r: unknown, c: unknown) => unknown)(req, ctx);
        };
  }
  return out as HandlerTable;
}

/** Saves the operations one test file called (its file replaces the one of the previous run of that test file). */
export function saveRouteCalls(testFile: string, dialect: string, calls: ReadonlySet<string>): void {
  mkdirSync(ROUTE_CALLS_DIR, { recursive: true });
  const name = `${basename(testFile).replace(/[^A-Za-z0-9._-]+/g, '_')}.${dialect}.json`;
  let previous: { run?: string; operations: string[] } = { operations: [] };
  try {
    previous = JSON.parse(readFileSync(join(ROUTE_CALLS_DIR, name), 'utf8')) as typeof previous;
  } catch {
    /* first server of this test file */
  }
  // The servers of one test file in one run add up; a new run replaces the record.
  const run = runId();
  const operations = previous.run === run ? new Set([...previous.operations, ...calls]) : new Set(calls);
  writeFileSync(join(ROUTE_CALLS_DIR, name), JSON.stringify({ file: testFile, dialect, run, operations: [...operations].sort() }, null, 1) + '\n');
}

/** One id per test process, so that the servers of one test file merge their calls and a new run replaces them. */
function runId(): string {
  process.env.BINDERY_ROUTE_CALLS_RUN ??= `${process.pid}-${Date.now()}`;
  return process.env.BINDERY_ROUTE_CALLS_RUN;
}

/** Every operation any recorded test file called, or undefined when no test run left a record. */
export function loadRouteCalls(): { files: number; operations: Set<string> } | undefined {
  let names: string[];
  try {
    names = readdirSync(ROUTE_CALLS_DIR).filter((n) => n.endsWith('.json'));
  } catch {
    return undefined;
  }
  if (!names.length) return undefined;
  const operations = new Set<string>();
  for (const n of names) {
    const r = JSON.parse(readFileSync(join(ROUTE_CALLS_DIR, n), 'utf8')) as { operations: string[] };
    for (const op of r.operations) operations.add(op);
  }
  return { files: names.length, operations };
}

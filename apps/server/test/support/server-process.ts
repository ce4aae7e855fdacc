// A Bindery server in a process of its own (test/support/cache-process.mjs, the built code), on the database of a
// test's server `a`, for tests that need a second real process: the cache leases across processes, database faults.
import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestServer } from '../../src/testing/index.js';

export interface ServerProcess {
  proc: ChildProcess;
  url: string;
  /** Whether the process has exited. */
  exited: boolean;
  /** The process's read-cache counters and its lease (cache-process.mjs answers 'stats'). */
  stats(): Promise<{ stats: Record<string, number>; lease: (Record<string, number> & { processId: string }) | null }>;
  /** A JSON request with the token; the answer's status and parsed body. */
  call(method: string, path: string, token: string, body?: unknown): Promise<{ status: number; body: any }>;
  get(path: string, token: string): Promise<{ status: number; body: any }>;
}

/** The processes started and their data folders: `stopServerProcesses` ends and removes them (in `afterAll`). */
const started: { child: ServerProcess; dataDir: string }[] = [];

export async function forkServerProcess(a: TestServer, opts: { logLevel?: string } = {}): Promise<ServerProcess> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bindery-process-'));
  const proc = fork(join(import.meta.dirname, 'cache-process.mjs'), [], {
    env: {
      ...process.env, DATABASE_URL: a.ctx.config.databaseUrl!, BINDERY_SECRETS_KEY: a.ctx.config.secretsKey!,
      BINDERY_ADMIN_TOKEN: a.adminToken, BINDERY_DATA_DIR: dataDir, LOG_LEVEL: opts.logLevel ?? 'warn', BINDERY_ALLOW_PRIVATE_URLS: '1',
    },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    proc.once('message', (m: { url?: string }) => (m.url ? resolve(m.url) : reject(new Error('no url'))));
    proc.once('exit', (code) => reject(new Error(`the server process exited (${code})`)));
  });
  const call: ServerProcess['call'] = async (method, path, token, body) => {
    const r = await fetch(url + path, { method, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
    const text = await r.text();
    return { status: r.status, body: text ? JSON.parse(text) : undefined };
  };
  const child: ServerProcess = {
    proc, url, exited: false,
    stats: () => new Promise((resolve) => {
      const on = (m: { stats?: unknown }) => {
        if (!m.stats) return;
        proc.off('message', on);
        resolve(m as never);
      };
      proc.on('message', on);
      proc.send('stats');
    }),
    call,
    get: (path, token) => call('GET', path, token),
  };
  proc.once('exit', () => (child.exited = true));
  started.push({ child, dataDir });
  return child;
}

/** Ends the processes `forkServerProcess` started that still run (SIGTERM) and removes their data folders. */
export function stopServerProcesses(): void {
  for (const { child, dataDir } of started.splice(0)) {
    if (child.proc.exitCode === null && child.proc.signalCode === null) child.proc.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  }
}

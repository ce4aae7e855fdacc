// The server's side of the integration sandbox (host.ts runs the scripts). One sandbox host process per server
// process, started on the first invocation and again after it dies; at most `concurrency` invocations run at once
// (the others wait their turn), each in an isolate of its own with the memory and time limits it is given.
// Requests a script makes with `fetch` come back here and are answered by the invocation's own `fetch` function
// (the dispatcher passes them through the SSRF guard).
import { fork, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export interface SandboxRequest {
  url: string;
  method: string;
  headers: [string, string][];
  body?: Buffer;
}

export interface SandboxResponse {
  status: number;
  headers: [string, string][];
  body: Buffer;
}

export interface SandboxLog {
  level: 'debug' | 'info' | 'warn' | 'error';
  message: string;
  timestamp: string;
}

export type SandboxFailureKind = 'timeout' | 'memory' | 'script' | 'invalid' | 'crash';

export interface SandboxResult {
  ok: boolean;
  response?: SandboxResponse;
  error?: string;
  kind?: SandboxFailureKind;
  logs: SandboxLog[];
  stats: { wallMs: number; cpuMs?: number };
}

export interface Invocation {
  script: string;
  request: SandboxRequest;
  env: unknown;
  limits: { memoryMb: number; timeoutMs: number };
  /** Answers the script's own requests (throw to make its `fetch` reject with the message). */
  fetch(request: SandboxRequest): Promise<SandboxResponse>;
}

interface Pending {
  invocation: Invocation;
  resolve(result: SandboxResult): void;
  started: number;
}

const HOST_FILE = (() => {
  const js = fileURLToPath(new URL('./host.js', import.meta.url));
  return existsSync(js) ? js : fileURLToPath(new URL('./host.ts', import.meta.url));
})();

export class Sandbox {
  private child: ChildProcess | undefined;
  private ready: Promise<ChildProcess> | undefined;
  private readonly running = new Map<string, Pending>();
  private readonly queue: (() => void)[] = [];
  private active = 0;
  private seq = 0;
  private closed = false;

  constructor(private readonly concurrency = 4) {}

  /** Runs one invocation; never throws (failures are results with `ok: false` and a message). */
  async invoke(invocation: Invocation): Promise<SandboxResult> {
    if (this.active >= this.concurrency) await new Promise<void>((r) => this.queue.push(r));
    this.active++;
    try {
      const child = await this.start();
      const id = `i${++this.seq}`;
      return await new Promise<SandboxResult>((resolve) => {
        this.running.set(id, { invocation, resolve, started: Date.now() });
        const { request } = invocation;
        child.send({
          type: 'run', id, script: invocation.script, env: invocation.env, limits: invocation.limits,
          request: { url: request.url, method: request.method, headers: request.headers, body: request.body?.toString('base64') },
        });
      });
    } catch (err) {
      return { ok: false, kind: 'crash', error: `The sandbox could not start: ${(err as Error).message}`, logs: [], stats: { wallMs: 0 } };
    } finally {
      this.active--;
      this.queue.shift()?.();
    }
  }

  /** Stops the host process (in-flight invocations fail). */
  async close(): Promise<void> {
    this.closed = true;
    const child = this.child;
    if (!child) return;
    await new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGKILL');
    });
  }

  private start(): Promise<ChildProcess> {
    if (this.closed) return Promise.reject(new Error('the sandbox is closed'));
    if (this.ready) return this.ready;
    this.ready = new Promise<ChildProcess>((resolve, reject) => {
      const child = fork(HOST_FILE, [], {
        execArgv: ['--no-node-snapshot', '--disable-warning=ExperimentalWarning', '--max-old-space-size=256'],
        stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
        serialization: 'json',
        env: { NODE_ENV: process.env.NODE_ENV ?? 'production' },
      });
      this.child = child;
      let stderr = '';
      child.stderr?.on('data', (d: Buffer) => { stderr = (stderr + d.toString()).slice(-2000); });
      child.once('error', reject);
      child.on('message', (m: any) => {
        if (m.type === 'ready') resolve(child);
        else if (m.type === 'fetch') void this.answerFetch(child, m);
        else if (m.type === 'done') this.finish(m.id, m);
      });
      child.once('exit', (code, signal) => {
        if (this.child === child) {
          this.child = undefined;
          this.ready = undefined;
        }
        reject(new Error(`the sandbox host exited (${signal ?? code})`));
        for (const [id, p] of this.running) {
          this.running.delete(id);
          p.resolve({
            ok: false, kind: 'crash', logs: [], stats: { wallMs: Date.now() - p.started },
            error: `The sandbox process stopped (${signal ?? `exit code ${code}`})${stderr ? `: ${stderr.trim().split('\n').pop()}` : ''}`,
          });
        }
      });
    });
    return this.ready;
  }

  private finish(id: string, m: any): void {
    const p = this.running.get(id);
    if (!p) return;
    this.running.delete(id);
    p.resolve({
      ok: m.ok, kind: m.kind, error: m.error, logs: m.logs ?? [], stats: m.stats ?? { wallMs: Date.now() - p.started },
      response: m.response ? { status: m.response.status, headers: m.response.headers, body: Buffer.from(m.response.body, 'base64') } : undefined,
    });
  }

  private async answerFetch(child: ChildProcess, m: { id: string; call: number; request: { url: string; method: string; headers: [string, string][]; body?: string } }): Promise<void> {
    const p = this.running.get(m.id);
    let reply: Record<string, unknown>;
    if (!p) {
      reply = { error: 'the invocation is over' };
    } else {
      try {
        const res = await p.invocation.fetch({ url: m.request.url, method: m.request.method, headers: m.request.headers, body: m.request.body ? Buffer.from(m.request.body, 'base64') : undefined });
        reply = { response: { status: res.status, headers: res.headers, body: res.body.toString('base64') } };
      } catch (err) {
        reply = { error: (err as Error).message };
      }
    }
    if (child.connected) child.send({ type: 'fetched', id: m.id, call: m.call, ...reply });
  }
}

const sandboxes = new WeakMap<object, Sandbox>();

/** The sandbox of a server (its AppContext), started lazily. */
export function sandboxOf(owner: object): Sandbox {
  let s = sandboxes.get(owner);
  if (!s) {
    s = new Sandbox();
    sandboxes.set(owner, s);
  }
  return s;
}

/** Stops the sandbox of a server, if it has one. */
export async function closeSandbox(owner: object): Promise<void> {
  const s = sandboxes.get(owner);
  sandboxes.delete(owner);
  await s?.close();
}

// Test helpers for Git Sync: real repositories served over smart HTTP by `git http-backend` (a small CGI bridge on
// 127.0.0.1, with optional basic auth), and working copies to commit to them the way a person would.
import { spawn, execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { AppContext } from '../context.js';
import { JOB_TYPES, jobHandlers, runDueJobs } from '../jobs/index.js';
import { useStarted, type TestServer } from './index.js';

export interface GitServer {
  /** `http://127.0.0.1:<port>` */
  url: string;
  root: string;
  /** URL of a repository (`name.git`), with credentials when given. */
  repoUrl(name: string, credentials?: { user: string; password: string }): string;
  /** Creates an empty bare repository (default branch main). */
  createRepo(name: string): string;
  /**
   * Holds the requests to a repository (they wait, as on a slow server) until the answered function releases them;
   * they are in `requests` as soon as they arrive.
   */
  hold(name: string): () => void;
  /** Every request seen (method, path, whether it carried an Authorization header). */
  requests: { method: string; path: string; auth: boolean }[];
  close(): Promise<void>;
}

const cleanEnv = () => ({
  PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: '/nonexistent', GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null', LANG: 'C',
});

/** A git server started before the file's tests and closed after them (`startGitServer`). */
export const useGitServer = (opts: { auth?: { user: string; password: string } } = {}): GitServer =>
  useStarted('the git server', () => startGitServer(opts));

/**
 * Starts a smart-HTTP git server in a child process (so that tests may run git synchronously meanwhile). With
 * `auth`, every request must carry those basic-auth credentials.
 */
export async function startGitServer(opts: { auth?: { user: string; password: string } } = {}): Promise<GitServer> {
  const root = mkdtempSync(join(tmpdir(), 'bindery-git-'));
  const requests: GitServer['requests'] = [];
  const child = spawn(process.execPath, [join(import.meta.dirname, 'git-http-backend.mjs'), root, JSON.stringify(opts.auth ?? null)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    let buffer = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      buffer += chunk;
      let nl;
      while ((nl = buffer.indexOf('\n')) >= 0) {
        const line = JSON.parse(buffer.slice(0, nl));
        buffer = buffer.slice(nl + 1);
        if (line.port) resolve(line.port);
        else requests.push(line);
      }
    });
    child.once('exit', (code) => reject(new Error(`git server exited (${code})`)));
  });
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    root,
    requests,
    repoUrl: (name, c) => (c ? `http://${encodeURIComponent(c.user)}:${encodeURIComponent(c.password)}@127.0.0.1:${port}/${name}.git` : `${url}/${name}.git`),
    hold(name) {
      const file = join(root, `${name}.git.hold`);
      writeFileSync(file, '');
      return () => rmSync(file, { force: true });
    },
    createRepo(name) {
      const dir = join(root, `${name}.git`);
      execFileSync('git', ['init', '--quiet', '--bare', '--initial-branch=main', dir], { env: cleanEnv() });
      return dir;
    },
    close: async () => {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
      rmSync(root, { recursive: true, force: true });
    },
  };
}

/** A working copy of a repository, to edit and push like a user. */
export class WorkingCopy {
  readonly dir: string;
  constructor(readonly remote: string, readonly branch = 'main') {
    this.dir = mkdtempSync(join(tmpdir(), 'bindery-wc-'));
    this.git('init', '--quiet', `--initial-branch=${branch}`);
    this.git('remote', 'add', 'origin', remote);
  }

  git(...args: string[]): string {
    return execFileSync('git', ['-c', 'user.name=Test User', '-c', 'user.email=test@example.com', '-c', 'commit.gpgsign=false', ...args], {
      cwd: this.dir, env: { ...cleanEnv(), GIT_TERMINAL_PROMPT: '0' }, encoding: 'utf8', maxBuffer: 1024 ** 3,
    });
  }

  /** Fetches and checks out the branch (nothing when the remote has none yet). */
  pull(): this {
    this.git('fetch', '--quiet', 'origin');
    const remoteHas = this.git('ls-remote', 'origin', `refs/heads/${this.branch}`).trim() !== '';
    if (remoteHas) this.git('reset', '--quiet', '--hard', `origin/${this.branch}`);
    return this;
  }

  write(path: string, content: string | Buffer): this {
    mkdirSync(dirname(join(this.dir, path)), { recursive: true });
    writeFileSync(join(this.dir, path), content);
    return this;
  }

  read(path: string): string {
    return readFileSync(join(this.dir, path), 'utf8');
  }

  remove(path: string): this {
    rmSync(join(this.dir, path), { recursive: true, force: true });
    return this;
  }

  /** Copies a folder of files into the working copy (under `under`). */
  copyFrom(src: string, under = ''): this {
    for (const [rel, data] of readTree(src)) this.write(under ? `${under}/${rel}` : rel, data);
    return this;
  }

  commit(message: string): string {
    this.git('add', '-A');
    this.git('commit', '--quiet', '--allow-empty', '-m', message);
    return this.head();
  }

  push(force = false): this {
    this.git('push', '--quiet', ...(force ? ['--force'] : []), 'origin', `HEAD:refs/heads/${this.branch}`);
    return this;
  }

  head(): string {
    return this.git('rev-parse', 'HEAD').trim();
  }

  /** Files at HEAD (path → bytes), optionally under a folder (paths relative to it). */
  files(under = ''): Map<string, Buffer> {
    const out = new Map<string, Buffer>();
    const list = this.git('ls-files', '-z').split('\0').filter(Boolean);
    for (const p of list) {
      if (under && !p.startsWith(`${under}/`)) continue;
      out.set(under ? p.slice(under.length + 1) : p, readFileSync(join(this.dir, p)));
    }
    return out;
  }

  close(): void {
    rmSync(this.dir, { recursive: true, force: true });
  }
}

/** Every file under a folder: relative path → bytes. */
export function readTree(dir: string, base = ''): Map<string, Buffer> {
  const out = new Map<string, Buffer>();
  for (const name of readdirSync(join(dir, base))) {
    const rel = base ? `${base}/${name}` : name;
    if (name === '.git') continue;
    if (statSync(join(dir, rel)).isDirectory()) for (const [k, v] of readTree(dir, rel)) out.set(k, v);
    else out.set(rel, readFileSync(join(dir, rel)));
  }
  return out;
}

/**
 * Runs Git Sync jobs until none is due, moving the test server's clock past their reschedules (`logger`: the one the
 * jobs log to, e.g. a capture or a silent one).
 */
export async function runGitSyncJobs(server: TestServer, logger?: AppContext['logger']): Promise<void> {
  const handlers = { [JOB_TYPES.gitSync]: jobHandlers[JOB_TYPES.gitSync]! };
  const ctx = logger ? { ...server.ctx, logger } : server.ctx;
  for (let i = 0; i < 50; i++) {
    const r = await runDueJobs(ctx, { handlers, limit: 100 });
    if (r.claimed === 0) {
      const pending = await server.ctx.db.selectFrom('jobs').select('id').where('type', '=', JOB_TYPES.gitSync).where('status', 'in', ['queued', 'running']).executeTakeFirst();
      if (!pending) return;
    }
    server.clock.advance(2_000);
  }
  throw new Error('git sync jobs did not finish');
}

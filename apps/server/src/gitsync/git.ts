// The git binary, run safely for Git Sync: smart HTTP(S) to user-given remotes, a bare cache repository per remote,
// reading trees and blobs, writing one commit with `git fast-import`, pushing.
//
// Safety (docs/git-sync.md):
// - The remote URL passes the SSRF guard: the host is resolved here, every address checked (lib/ssrf.ts), and git is
//   pinned to the checked addresses with `http.curloptResolve`, so it cannot resolve the name again to something
//   else (no DNS rebinding); redirects are off; only the http(s) transports are allowed (`protocol.allow=never`),
//   proxies from the environment are dropped. Local paths and file:// are accepted only when private addresses are
//   (tests).
// - Credentials in the URL never reach git's command line, its config files or its messages: they are sent as an
//   `Authorization: Basic` header set through GIT_CONFIG_* environment variables (not visible in `ps`), the URL git
//   sees has none, and every message that leaves this module is passed through `redact`.
// - Time, bytes fetched and files in the tree are capped (GitLimits); a process past its time is killed with its group.
// - No user or system git configuration, hooks, prompts or submodules.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { lookup } from 'node:dns/promises';
import { mkdirSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { isIP } from 'node:net';
import { PassThrough, Readable } from 'node:stream';
import { isAllowedPrivate, isPrivateAddress, UnsafeUrlError } from '../lib/ssrf.js';

export class GitError extends Error {
  constructor(message: string, readonly kind: 'unsafe' | 'auth' | 'not-found' | 'limit' | 'timeout' | 'non-fast-forward' | 'failed' = 'failed') {
    super(message);
    this.name = 'GitError';
  }
}

export interface GitLimits {
  /** Longest one git command may run (ms). */
  timeoutMs: number;
  /** Most bytes a fetch may bring into the cache. */
  maxFetchBytes: number;
  /** Most files in the synced folder. */
  maxFiles: number;
  /** Most bytes of one file that is read. */
  maxFileBytes: number;
  /**
   * Most bytes of markdown and YAML an import reads (their sizes as the tree lists them, checked before reading):
   * they are held as text and parsed, several times their size in memory, and a pack of highly compressible pages
   * is small however large they are.
   */
  maxTextBytes: number;
  /** Most bytes of the other files (assets) an import reads; read and stored in batches of at most 64 MiB. */
  maxAssetBytes: number;
}

export const DEFAULT_LIMITS: GitLimits = {
  timeoutMs: 10 * 60_000, maxFetchBytes: 2 * 1024 ** 3, maxFiles: 50_000, maxFileBytes: 100 * 1024 ** 2,
  maxTextBytes: 64 * 1024 ** 2, maxAssetBytes: 2 * 1024 ** 3,
};

/** A remote as git will see it: a URL without credentials, plus the environment that authenticates and pins it. */
export interface Remote {
  /** URL given to git (no credentials). */
  url: string;
  /** The URL with credentials masked, for messages and storage. */
  display: string;
  /** GIT_CONFIG_* entries (auth header, pinned addresses, transport restrictions). */
  config: [string, string][];
  /** A key identifying the repository (for the cache). */
  key: string;
}

/** The URL with any credentials replaced by `***`. */
export function redactUrl(raw: string): string {
  try {
    const u = new URL(raw);
    if (u.username || u.password) {
      u.username = u.username ? '***' : '';
      u.password = u.password ? '***' : '';
    }
    return u.toString();
  } catch {
    return raw.replace(/\/\/[^/@\s]*@/g, '//***@');
  }
}

/** Removes credentials (and a given secret) from a message. */
export function redact(message: string, secrets: string[] = []): string {
  let out = message.replace(/(https?:\/\/)[^/@\s]+@/gi, '$1***@').replace(/(Authorization:\s*Basic\s+)\S+/gi, '$1***');
  for (const s of secrets) if (s && s.length >= 3) out = out.split(s).join('***');
  return out;
}

/**
 * A user-given repository URL checked without the network (prepareRemote's first step; a sync request checks it too
 * when it arrives: gitsync/operations.ts): a local path or `file://` URL, only where private URLs are allowed, else
 * an http(s) URL. Throws an `unsafe` GitError naming what is wrong.
 */
export function parseRemoteUrl(raw: string, opts: { allowPrivate: boolean }): { local: string } | { url: URL } {
  if (!/^[a-z][a-z\d+.-]*:\/\//i.test(raw)) {
    if (!opts.allowPrivate) throw new GitError('The repository URL must be an http(s) URL', 'unsafe');
    if (raw.startsWith('-')) throw new GitError('The repository URL must not start with "-"', 'unsafe');
    return { local: raw };
  }
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new GitError('The repository URL is not a valid URL', 'unsafe');
  }
  if (url.protocol === 'file:') {
    if (!opts.allowPrivate) throw new GitError('file:// repositories are not allowed', 'unsafe');
    return { local: url.toString() };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new GitError(`Only http and https repositories are supported, not ${url.protocol}`, 'unsafe');
  return { url };
}

/** Checks a user-given repository URL and prepares it for git (resolving and pinning its host). */
export async function prepareRemote(raw: string, opts: { allowPrivate: boolean }): Promise<Remote> {
  const base: [string, string][] = [
    ['protocol.allow', 'never'],
    ['protocol.https.allow', 'always'],
    ['protocol.http.allow', 'always'],
    ['http.followRedirects', 'false'],
    ['http.proxy', ''],
    ['http.lowSpeedLimit', '1000'],
    ['http.lowSpeedTime', '60'],
    ['credential.helper', ''],
    ['core.askPass', ''],
  ];
  const parsed = parseRemoteUrl(raw, opts);
  if ('local' in parsed) return { url: parsed.local, display: parsed.local, config: [...base, ['protocol.file.allow', 'always']], key: parsed.local };
  const { url } = parsed;
  const config = [...base];
  if (url.username || url.password) {
    const user = decodeURIComponent(url.username);
    const pass = decodeURIComponent(url.password);
    config.push(['http.extraHeader', `Authorization: Basic ${Buffer.from(`${user}:${pass}`).toString('base64')}`]);
    url.username = '';
    url.password = '';
  }
  url.hash = '';
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  let addresses: string[];
  if (isIP(host)) addresses = [host];
  else {
    try {
      addresses = (await lookup(host, { all: true })).map((a) => a.address);
    } catch (err) {
      throw new GitError(`The repository host ${host} cannot be resolved (${(err as NodeJS.ErrnoException).code ?? 'error'})`, 'not-found');
    }
  }
  if (!addresses.length) throw new GitError(`The repository host ${host} has no address`, 'not-found');
  if (!opts.allowPrivate) {
    const bad = addresses.find((a) => isPrivateAddress(a) && !isAllowedPrivate(host, a));
    if (bad) throw new GitError(new UnsafeUrlError(`${host} resolves to ${bad}, a private or reserved address`).message, 'unsafe');
  }
  if (!isIP(host)) config.push(['http.curloptResolve', `${host}:${port}:${addresses.map((a) => (isIP(a) === 6 ? `[${a}]` : a)).join(',')}`]);
  const clean = url.toString();
  return { url: clean, display: clean, config, key: clean };
}

export interface RunOptions {
  cwd?: string;
  /**
   * Standard input; a list of buffers is written one after the other (not joined: no second copy of a large input);
   * a stream is piped (with backpressure: `FastImport` feeds blobs as they are read).
   */
  input?: Buffer | string | readonly Buffer[] | Readable;
  env?: Record<string, string>;
  config?: [string, string][];
  timeoutMs: number;
  /** Called every 500 ms while running; throwing kills the process with that error. */
  watch?: () => void;
  /** Largest stdout kept (default 256 MB). */
  maxOutput?: number;
  secrets?: string[];
}

/** Runs git with a clean environment; rejects with a redacted GitError when it fails. */
export function runGit(args: string[], opts: RunOptions): Promise<{ stdout: Buffer; stderr: string }> {
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: '/nonexistent',
    LANG: 'C',
    LC_ALL: 'C',
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_CONFIG_GLOBAL: '/dev/null',
    GIT_TERMINAL_PROMPT: '0',
    GIT_ASKPASS: '/bin/false',
    SSH_ASKPASS: '/bin/false',
    GIT_PROTOCOL_FROM_USER: '0',
    GIT_OPTIONAL_LOCKS: '0',
    ...opts.env,
  };
  const config: [string, string][] = [['core.hooksPath', '/dev/null'], ['submodule.recurse', 'false'], ['gc.auto', '0'], ['maintenance.auto', 'false'], ...(opts.config ?? [])];
  env.GIT_CONFIG_COUNT = String(config.length);
  config.forEach(([k, v], i) => {
    env[`GIT_CONFIG_KEY_${i}`] = k;
    env[`GIT_CONFIG_VALUE_${i}`] = v;
  });
  const secrets = [...(opts.secrets ?? []), ...config.filter(([k]) => k === 'http.extraHeader').map(([, v]) => v.replace(/^Authorization:\s*Basic\s+/i, ''))];
  return new Promise((resolve, reject) => {
    const child = spawn('git', args, { cwd: opts.cwd, env, detached: true, stdio: ['pipe', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    let outSize = 0;
    let err = '';
    let failure: GitError | undefined;
    const kill = (e: GitError) => {
      failure ??= e;
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        /* gone */
      }
    };
    const timer = setTimeout(() => kill(new GitError(`git ${args[0]} took longer than ${Math.round(opts.timeoutMs / 1000)} s`, 'timeout')), opts.timeoutMs);
    const watcher = opts.watch
      ? setInterval(() => {
          try {
            opts.watch!();
          } catch (e) {
            kill(e instanceof GitError ? e : new GitError((e as Error).message, 'limit'));
          }
        }, 500)
      : undefined;
    child.stdout.on('data', (c: Buffer) => {
      outSize += c.length;
      if (outSize > (opts.maxOutput ?? 256 * 1024 ** 2)) kill(new GitError(`git ${args[0]} produced more than ${opts.maxOutput ?? 256 * 1024 ** 2} bytes`, 'limit'));
      else out.push(c);
    });
    child.stderr.on('data', (c: Buffer) => {
      if (err.length < 64 * 1024) err += c.toString('utf8');
    });
    child.on('error', (e) => kill(new GitError(`git could not be started: ${e.message}`)));
    child.stdin.on('error', () => undefined);
    child.on('close', (code) => {
      clearTimeout(timer);
      if (watcher) clearInterval(watcher);
      const stderr = redact(err, secrets);
      if (failure) return reject(new GitError(redact(failure.message, secrets), failure.kind));
      if (code !== 0) return reject(classify(args[0] ?? 'git', stderr));
      resolve({ stdout: Buffer.concat(out), stderr });
    });
    if (opts.input instanceof Readable) opts.input.pipe(child.stdin);
    else if (Array.isArray(opts.input)) {
      for (const part of opts.input as readonly Buffer[]) child.stdin.write(part);
      child.stdin.end();
    } else if (opts.input !== undefined) child.stdin.end(opts.input);
    else child.stdin.end();
  });
}

function classify(command: string, stderr: string): GitError {
  const line = stderr.split('\n').map((l) => l.trim()).filter((l) => l && !/^hint:/.test(l)).slice(-3).join(' ').slice(0, 600) || `git ${command} failed`;
  if (/non-fast-forward|fetch first|\[rejected\]|stale info/i.test(stderr)) return new GitError(`The branch has commits that are not in this space: ${line}`, 'non-fast-forward');
  if (/authentication failed|could not read username|returned error: (401|403)\b|access denied|terminal prompts disabled/i.test(stderr)) return new GitError(`The repository refused the credentials: ${line}`, 'auth');
  if (/couldn't find remote ref|not found|does not appear to be a git repository|returned error: 404\b/i.test(stderr)) return new GitError(`Not found: ${line}`, 'not-found');
  return new GitError(line);
}

/** Total size of the files under a folder (for the fetch size cap). */
function dirSize(dir: string): number {
  let total = 0;
  try {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const p = join(dir, e.name);
      if (e.isDirectory()) total += dirSize(p);
      else if (e.isFile()) total += statSync(p).size;
    }
  } catch {
    /* removed meanwhile */
  }
  return total;
}

/** A bare repository caching one remote (created on first use). */
export class RepoCache {
  constructor(readonly dir: string, readonly remote: Remote, readonly limits: GitLimits) {}

  static async open(cacheRoot: string, remote: Remote, limits: GitLimits, cacheId?: string): Promise<RepoCache> {
    const key = createHash('sha256').update(cacheId ? `id:${cacheId}\0${remote.key}` : remote.key).digest('hex').slice(0, 32);
    const dir = join(cacheRoot, key);
    const cache = new RepoCache(dir, remote, limits);
    try {
      statSync(join(dir, 'HEAD'));
    } catch {
      mkdirSync(dir, { recursive: true });
      await cache.git(['init', '--bare', '--quiet', '.']);
    }
    return cache;
  }

  git(args: string[], opts: Partial<RunOptions> = {}) {
    return runGit(args, { cwd: this.dir, timeoutMs: this.limits.timeoutMs, ...opts, config: [...this.remote.config, ...(opts.config ?? [])] });
  }

  /** Fetches `ref` (shallow) and returns its commit, or undefined when the remote has no such ref. */
  async fetch(ref: string): Promise<string | undefined> {
    const local = `refs/bindery/${createHash('sha1').update(ref).digest('hex')}`;
    const start = dirSize(join(this.dir, 'objects'));
    const watch = () => {
      if (dirSize(join(this.dir, 'objects')) - start > this.limits.maxFetchBytes) {
        throw new GitError(`The repository is larger than the limit of ${this.limits.maxFetchBytes} bytes`, 'limit');
      }
    };
    try {
      await this.git(['fetch', '--quiet', '--no-tags', '--no-recurse-submodules', '--depth=1', '--force', this.remote.url, `+${ref}:${local}`], { watch });
    } catch (err) {
      if (err instanceof GitError && err.kind === 'not-found' && /couldn't find remote ref/i.test(err.message)) return undefined;
      throw err;
    }
    try {
      watch();
    } catch (err) {
      await this.git(['update-ref', '-d', local]).catch(() => undefined);
      throw err;
    }
    const { stdout } = await this.git(['rev-parse', '--verify', `${local}^{commit}`]);
    return stdout.toString().trim();
  }

  /** Files under `dir` of a commit's tree: path relative to `dir` → {oid, size, mode}; capped by maxFiles. */
  async listTree(commit: string, dir: string): Promise<Map<string, { oid: string; size: number; mode: string }>> {
    const prefix = dir ? `${dir.replace(/\/+$/, '')}/` : '';
    const { stdout } = await this.git(['ls-tree', '-r', '-l', '-z', '--full-tree', commit, ...(prefix ? ['--', prefix] : [])]);
    const out = new Map<string, { oid: string; size: number; mode: string }>();
    for (const entry of stdout.toString('utf8').split('\0')) {
      if (!entry) continue;
      const m = /^(\d+) (\w+) ([0-9a-f]+)\s+(-|\d+)\t(.*)$/s.exec(entry);
      if (!m || m[2] !== 'blob') continue;
      const path = m[5]!;
      if (!path.startsWith(prefix)) continue;
      out.set(path.slice(prefix.length), { oid: m[3]!, size: m[4] === '-' ? 0 : Number(m[4]), mode: m[1]! });
      if (out.size > this.limits.maxFiles) throw new GitError(`The folder has more than ${this.limits.maxFiles} files`, 'limit');
    }
    return out;
  }

  /** Blob contents by oid (one `git cat-file --batch`). */
  async readBlobs(oids: string[]): Promise<Map<string, Buffer>> {
    const unique = [...new Set(oids)];
    const out = new Map<string, Buffer>();
    for (let i = 0; i < unique.length; i += 2000) {
      const chunk = unique.slice(i, i + 2000);
      const { stdout } = await this.git(['cat-file', '--batch'], { input: chunk.join('\n') + '\n', maxOutput: 4 * 1024 ** 3 });
      let pos = 0;
      while (pos < stdout.length) {
        const nl = stdout.indexOf(10, pos);
        const header = stdout.subarray(pos, nl).toString();
        const [oid, type, size] = header.split(' ');
        if (type === 'missing') {
          pos = nl + 1;
          continue;
        }
        const n = Number(size);
        out.set(oid!, stdout.subarray(nl + 1, nl + 1 + n));
        pos = nl + 1 + n + 1;
      }
    }
    return out;
  }

  /** Message and author of a commit. */
  async commitInfo(commit: string): Promise<{ message: string; author: string; committer: string; date: string }> {
    const { stdout } = await this.git(['show', '-s', '--format=%an <%ae>%x00%cn <%ce>%x00%aI%x00%B', commit]);
    const [author, committer, date, message] = stdout.toString('utf8').split('\0');
    return { author: author ?? '', committer: committer ?? '', date: date ?? '', message: (message ?? '').replace(/\n+$/, '') };
  }

  /** A `git fast-import` run to feed blobs to before the commit that uses them (`FastImport`). */
  fastImport(): FastImport {
    return new FastImport(this);
  }

  /**
   * Writes one commit on top of `parent` (none: a root commit) changing `changes` (path → bytes, a blob already given
   * to `blobs`, or null to delete) with `git fast-import`; returns its oid.
   */
  async commit(parent: string | undefined, changes: Map<string, Buffer | BlobMark | null>, meta: { message: string; author: { name: string; email: string }; committer: { name: string; email: string }; date: Date }, blobs = this.fastImport()): Promise<string> {
    const ref = `refs/bindery/export-${createHash('sha1').update(`${Date.now()}${Math.random()}`).digest('hex').slice(0, 12)}`;
    const when = `${Math.floor(meta.date.getTime() / 1000)} +0000`;
    const ident = (p: { name: string; email: string }) => `${p.name.replace(/[<>\n]/g, '')} <${p.email.replace(/[<>\n]/g, '')}>`;
    await blobs.write(`commit ${ref}\nauthor ${ident(meta.author)} ${when}\ncommitter ${ident(meta.committer)} ${when}\n`);
    await blobs.data(Buffer.from(meta.message, 'utf8'));
    if (parent) await blobs.write(`from ${parent}\n`);
    for (const [path, bytes] of [...changes].sort(([a], [b]) => (a < b ? -1 : 1))) {
      if (bytes === null) await blobs.write(`D ${quotePath(path)}\n`);
      else if (bytes instanceof BlobMark) await blobs.write(`M 100644 ${bytes.mark} ${quotePath(path)}\n`);
      else {
        await blobs.write(`M 100644 inline ${quotePath(path)}\n`);
        await blobs.data(bytes);
      }
    }
    await blobs.write('\n');
    // Written as they come (the pipe's backpressure): joined, an export to an empty repository held every file's
    // bytes twice (softwareone's 322 MB of assets: peak RSS 1.07 GB; docs/git-sync.md, fourteenth round).
    await blobs.end();
    const { stdout } = await this.git(['rev-parse', '--verify', ref]);
    await this.git(['update-ref', '-d', ref]);
    return stdout.toString().trim();
  }

  /** Pushes `commit` to `ref`; without `force` a branch that moved meanwhile is refused (non-fast-forward). */
  async push(commit: string, ref: string, opts: { force: boolean; expected?: string }): Promise<void> {
    const args = ['push', '--quiet', '--no-verify', '--no-recurse-submodules'];
    if (!opts.force && opts.expected) args.push(`--force-with-lease=${ref}:${opts.expected}`);
    args.push(this.remote.url, `${opts.force ? '+' : ''}${commit}:${ref}`);
    await this.git(args);
  }
}

/** A blob given to a `FastImport` run, named by its mark. */
export class BlobMark {
  constructor(readonly mark: string) {}
}

/**
 * One `git fast-import` run fed piece by piece, each write waiting while the pipe is full: an export gives it its
 * changed files' blobs as it reads them from the blob store, a batch at a time, and holds none of them once written
 * (only marks), then the commit naming them (`RepoCache.commit`). Started by the first write; `abort` ends a run
 * whose commit is not written (the blobs it took stay unreferenced in the cache repository, as a failed fetch's).
 */
export class FastImport {
  private input?: PassThrough;
  private done?: Promise<unknown>;
  private failure?: unknown;
  private ended = false;
  private marks = 0;

  constructor(private readonly cache: RepoCache) {}

  private start(): PassThrough {
    if (this.input) return this.input;
    const input = new PassThrough({ highWaterMark: 1024 * 1024 });
    this.input = input;
    this.done = this.cache.git(['fast-import', '--quiet', '--date-format=raw'], { input }).catch((err: unknown) => {
      this.failure = err;
      input.destroy();
      throw err;
    });
    this.done.catch(() => undefined);
    return input;
  }

  /** Writes bytes to fast-import's input, waiting while the pipe is full (or until the process ended). */
  async write(part: Buffer | string): Promise<void> {
    const input = this.start();
    if (this.failure) throw this.failure;
    if (input.write(typeof part === 'string' ? Buffer.from(part, 'utf8') : part)) return;
    await Promise.race([
      new Promise<void>((resolve) => input.once('drain', resolve)),
      this.done!.then(() => {
        throw new GitError('git fast-import ended before its input');
      }),
    ]);
  }

  /** A `data` command: the length, the bytes, a line end. */
  async data(bytes: Buffer): Promise<void> {
    await this.write(`data ${bytes.length}\n`);
    await this.write(bytes);
    await this.write('\n');
  }

  /** Gives fast-import one blob; the mark names it in the commit. */
  async blob(bytes: Buffer): Promise<BlobMark> {
    const mark = `:${++this.marks}`;
    await this.write(`blob\nmark ${mark}\n`);
    await this.data(bytes);
    return new BlobMark(mark);
  }

  /** Ends the input and waits for fast-import to finish. */
  async end(): Promise<void> {
    const input = this.start();
    this.ended = true;
    input.end();
    await this.done;
  }

  /** Ends a run without a commit (an export that failed, or found nothing to change). */
  async abort(): Promise<void> {
    if (!this.input || this.ended) return;
    this.ended = true;
    this.input.end();
    await this.done?.catch(() => undefined);
  }
}

/** C-style quoting for fast-import paths. */
function quotePath(path: string): string {
  if (!/["\\\n]|^\s|[^\x20-\x7e]/.test(path)) return path;
  let out = '"';
  for (const byte of Buffer.from(path, 'utf8')) {
    const ch = String.fromCharCode(byte);
    if (ch === '"' || ch === '\\') out += `\\${ch}`;
    else if (byte === 10) out += '\\n';
    else if (byte < 0x20 || byte >= 0x7f) out += `\\${byte.toString(8).padStart(3, '0')}`;
    else out += ch;
  }
  return `${out}"`;
}

/** The git blob id of some bytes (sha1 of `blob <n>\0<bytes>`). */
export function blobOid(bytes: Buffer): string {
  return createHash('sha1').update(`blob ${bytes.length}\0`).update(bytes).digest('hex');
}

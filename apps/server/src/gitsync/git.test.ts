import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGitServer, WorkingCopy, type GitServer } from '../testing/git-server.js';
import { BlobMark, blobOid, DEFAULT_LIMITS, GitError, prepareRemote, redact, redactUrl, RepoCache } from './git.js';
import { allowPrivateHosts } from '../lib/ssrf.js';

let server: GitServer;
let cacheRoot: string;
const creds = { user: 'bot', password: 's3cr3t-pass' };

beforeAll(async () => {
  server = await startGitServer({ auth: creds });
  cacheRoot = mkdtempSync(join(tmpdir(), 'bindery-cache-'));
});
afterAll(async () => {
  await server.close();
  rmSync(cacheRoot, { recursive: true, force: true });
});

describe('remotes and the SSRF guard', () => {
  it('refuses private addresses, local paths and other transports unless allowed', async () => {
    await expect(prepareRemote('http://127.0.0.1:1/x.git', { allowPrivate: false })).rejects.toMatchObject({ kind: 'unsafe' });
    await expect(prepareRemote('http://localhost:1/x.git', { allowPrivate: false })).rejects.toThrow(/private or reserved/);
    await expect(prepareRemote('http://[::1]/x.git', { allowPrivate: false })).rejects.toThrow(/private/);
    await expect(prepareRemote('/srv/repo.git', { allowPrivate: false })).rejects.toThrow(/http/);
    await expect(prepareRemote('file:///etc', { allowPrivate: false })).rejects.toThrow(/file/);
    await expect(prepareRemote('ssh://git@example.com/x.git', { allowPrivate: true })).rejects.toThrow(/http and https/);
    await expect(prepareRemote('--upload-pack=touch', { allowPrivate: true })).rejects.toThrow(/must not start/);
  });
  it('reaches a private Git server the operator allowed (BINDERY_ALLOWED_PRIVATE_HOSTS), by name or network', async () => {
    try {
      allowPrivateHosts(['git.internal.example', '127.0.0.0/8']);
      expect((await prepareRemote('http://127.0.0.1:1/x.git', { allowPrivate: false })).url).toBe('http://127.0.0.1:1/x.git');
      await expect(prepareRemote('http://[::1]/x.git', { allowPrivate: false })).rejects.toThrow(/private/);
      await expect(prepareRemote('/srv/repo.git', { allowPrivate: false })).rejects.toThrow(/http/);
    } finally {
      allowPrivateHosts([]);
    }
  });
  it('pins the resolved address and takes credentials out of the URL', async () => {
    const r = await prepareRemote('http://user:pw@localhost:8080/a.git', { allowPrivate: true });
    expect(r.url).toBe('http://localhost:8080/a.git');
    expect(r.config).toContainEqual(['http.curloptResolve', expect.stringMatching(/^localhost:8080:(127\.0\.0\.1|\[::1\])/)]);
    expect(r.config).toContainEqual(['http.extraHeader', `Authorization: Basic ${Buffer.from('user:pw').toString('base64')}`]);
    expect(r.config).toContainEqual(['http.followRedirects', 'false']);
    expect(redactUrl('https://u:p@h/x')).toBe('https://***:***@h/x');
    expect(redact('fatal: https://u:p@h/x Authorization: Basic abc')).toBe('fatal: https://***@h/x Authorization: Basic ***');
  });
});

describe('the cache repository', () => {
  it('fetches, lists, reads, commits and pushes over smart HTTP', async () => {
    server.createRepo('one');
    const wc = new WorkingCopy(server.repoUrl('one', creds));
    wc.write('README.md', '# Hello\n').write('docs/a b.md', 'A\n').commit('first');
    wc.push();
    const remote = await prepareRemote(server.repoUrl('one', creds), { allowPrivate: true });
    const cache = await RepoCache.open(cacheRoot, remote, DEFAULT_LIMITS);
    const head = await cache.fetch('refs/heads/main');
    expect(head).toBe(wc.head());
    expect(await cache.fetch('refs/heads/nope')).toBeUndefined();
    const tree = await cache.listTree(head!, '');
    expect([...tree.keys()].sort()).toEqual(['README.md', 'docs/a b.md']);
    expect([...(await cache.listTree(head!, 'docs')).keys()]).toEqual(['a b.md']);
    const blobs = await cache.readBlobs([tree.get('README.md')!.oid]);
    expect(blobs.get(tree.get('README.md')!.oid)!.toString()).toBe('# Hello\n');
    expect(blobOid(Buffer.from('# Hello\n'))).toBe(tree.get('README.md')!.oid);

    const commit = await cache.commit(head, new Map([['docs/a b.md', null], ['new "q".md', Buffer.from('N\n')]]), {
      message: 'GITBOOK-1: test', author: { name: 'Ann', email: 'ann@example.com' }, committer: { name: 'gitbook-bot', email: 'ghost@gitbook.com' }, date: new Date('2026-01-01T00:00:00Z'),
    });
    await cache.push(commit, 'refs/heads/main', { force: false, expected: head! });
    wc.pull();
    expect(wc.head()).toBe(commit);
    expect([...wc.files().keys()].sort()).toEqual(['README.md', 'new "q".md']);
    expect(wc.git('log', '-1', '--format=%an|%cn|%s').trim()).toBe('Ann|gitbook-bot|GITBOOK-1: test');

    // Someone pushes meanwhile: a push based on the old head is refused, unless forced.
    wc.write('x.md', 'x\n').commit('from git');
    wc.push();
    const other = await cache.commit(commit, new Map([['y.md', Buffer.from('y\n')]]), {
      message: 'late', author: { name: 'A', email: 'a@x' }, committer: { name: 'B', email: 'b@x' }, date: new Date(),
    });
    await expect(cache.push(other, 'refs/heads/main', { force: false, expected: commit })).rejects.toMatchObject({ kind: 'non-fast-forward' });
    await cache.push(other, 'refs/heads/main', { force: true });
    expect(wc.pull().head()).toBe(other);
  });

  it('commits blobs fed to fast-import before the commit, a piece at a time', async () => {
    server.createRepo('four');
    const wc = new WorkingCopy(server.repoUrl('four', creds));
    wc.write('keep.md', 'K\n').write('gone.png', 'old\n').commit('first');
    wc.push();
    const remote = await prepareRemote(server.repoUrl('four', creds), { allowPrivate: true });
    const cache = await RepoCache.open(cacheRoot, remote, DEFAULT_LIMITS);
    const head = await cache.fetch('refs/heads/main');
    // Blobs larger than the pipe's buffer (1 MB): each write waits for git to read the one before.
    const big = (seed: number) => Buffer.from(Buffer.alloc(3 * 1024 * 1024).map((_, i) => ((i + seed) * 2654435761) >>> 24));
    const blobs = cache.fastImport();
    const a = await blobs.blob(big(1));
    const b = await blobs.blob(big(2));
    const same = await blobs.blob(big(1));
    const commit = await cache.commit(head, new Map<string, Buffer | BlobMark | null>([
      ['assets/a.bin', a], ['assets/b.bin', b], ['assets/a again.bin', same], ['gone.png', null], ['page.md', Buffer.from('P\n')],
    ]), { message: 'blobs', author: { name: 'A', email: 'a@x' }, committer: { name: 'B', email: 'b@x' }, date: new Date('2026-01-01T00:00:00Z') }, blobs);
    await cache.push(commit, 'refs/heads/main', { force: false, expected: head! });
    const files = wc.pull().files();
    expect([...files.keys()].sort()).toEqual(['assets/a again.bin', 'assets/a.bin', 'assets/b.bin', 'keep.md', 'page.md']);
    expect(files.get('assets/a.bin')!.equals(big(1))).toBe(true);
    expect(files.get('assets/a again.bin')!.equals(big(1))).toBe(true);
    expect(files.get('assets/b.bin')!.equals(big(2))).toBe(true);
    // A run given blobs and no commit ends without changing anything; one killed (its time limit) fails the next write.
    const unused = cache.fastImport();
    await unused.blob(big(3));
    await unused.abort();
    expect(await cache.fetch('refs/heads/main')).toBe(commit);
    const slow = (await RepoCache.open(cacheRoot, remote, { ...DEFAULT_LIMITS, timeoutMs: 300 })).fastImport();
    await slow.blob(Buffer.from('x'));
    await new Promise((r) => setTimeout(r, 1000));
    await expect((async () => {
      for (let i = 0; i < 10; i++) await slow.blob(big(i));
    })()).rejects.toMatchObject({ kind: 'timeout' });
    await slow.abort();
  });

  it('reports refused credentials without revealing them', async () => {
    server.createRepo('two');
    const remote = await prepareRemote(server.repoUrl('two', { user: 'bot', password: 'wrong-password' }), { allowPrivate: true });
    const cache = await RepoCache.open(cacheRoot, remote, DEFAULT_LIMITS);
    const err = await cache.fetch('refs/heads/main').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(GitError);
    expect((err as GitError).kind).toBe('auth');
    expect((err as GitError).message).not.toContain('wrong-password');
    expect((err as GitError).message).not.toContain(Buffer.from('bot:wrong-password').toString('base64'));
  });

  it('enforces the time and file-count limits', async () => {
    server.createRepo('three');
    const wc = new WorkingCopy(server.repoUrl('three', creds));
    for (let i = 0; i < 30; i++) wc.write(`f${i}.md`, `${i}\n`);
    wc.commit('many');
    wc.push();
    const remote = await prepareRemote(server.repoUrl('three', creds), { allowPrivate: true });
    const cache = await RepoCache.open(cacheRoot, remote, { ...DEFAULT_LIMITS, maxFiles: 10 });
    const head = await cache.fetch('refs/heads/main');
    await expect(cache.listTree(head!, '')).rejects.toMatchObject({ kind: 'limit' });
    const slow = await RepoCache.open(cacheRoot, remote, { ...DEFAULT_LIMITS, timeoutMs: 1 });
    await expect(slow.fetch('refs/heads/main')).rejects.toMatchObject({ kind: 'timeout' });
    const small = await RepoCache.open(join(cacheRoot, 'small'), remote, { ...DEFAULT_LIMITS, maxFetchBytes: 10 });
    wc.write('big.bin', Buffer.from(Buffer.alloc(3 * 1024 * 1024, 7).map((_, i) => (i * 2654435761) >>> 24))).commit('big');
    wc.push();
    await expect(small.fetch('refs/heads/main')).rejects.toMatchObject({ kind: 'limit' });
  });
});

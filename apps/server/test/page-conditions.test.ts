// Page-level adaptive content over HTTP: a page's `if:` front matter (Git Sync) is the page's `condition` in the API,
// written back as it was, and on the published site a page whose condition is false for the visitor — and its
// children — is nowhere: not served (404), not in the sidebar, previous/next, search, sitemap.xml, llms.txt,
// llms-full.txt or `.md` twins. A visitor whose claims make it true sees it everywhere.
import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, startTestServer, type Tenant, type TestServer } from '../src/testing/index.js';
import { startGitServer, WorkingCopy, type GitServer, runGitSyncJobs } from '../src/testing/git-server.js';

let server: TestServer;
let git: GitServer;
beforeAll(async () => {
  server = await startTestServer();
  git = await startGitServer();
});
afterAll(async () => {
  await git?.close();
  await server?.close();
});

const runJobs = (): Promise<void> => runGitSyncJobs(server);

async function sync(t: Tenant, space: string, direction: 'import' | 'export', body: Record<string, unknown>) {
  const r = await t.api.post(`/v1/spaces/${space}/git/${direction}`, direction === 'export' ? { commitMessage: 'Export', ...body } : body);
  expect(r.status, JSON.stringify(r.body)).toBe(204);
  await runJobs();
  const info = await t.api.get(`/v1/spaces/${space}/git/info`);
  expect(info.body.operation, JSON.stringify(info.body.operation)).toMatchObject({ state: 'success', direction });
}

let repos = 0;
function repo(files?: Record<string, string>): { url: string; wc: WorkingCopy } {
  const name = `pagecond${++repos}`;
  git.createRepo(name);
  const url = git.repoUrl(name);
  const wc = new WorkingCopy(url);
  if (files) {
    const dir = mkdtempSync(join(tmpdir(), 'bindery-pagecond-'));
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(join(dir, path, '..'), { recursive: true });
      writeFileSync(join(dir, path), text);
    }
    wc.copyFrom(dir).commit('Docs');
    wc.push();
    rmSync(dir, { recursive: true, force: true });
  }
  return { url, wc };
}

const PREMIUM = '---\nif: visitor.claims.unsigned.isPremium\n# kept as it is\ndescription: For paying customers\n---\n\n# Premium\n\nThe narwhal plan.\n';
const FIXTURE: Record<string, string> = {
  'SUMMARY.md': '# Table of contents\n\n* [Welcome](README.md)\n* [Premium](premium/README.md)\n  * [Secrets](premium/secrets.md)\n* [Broken](broken.md)\n* [Public](public.md)\n',
  'README.md': '# Welcome\n\nHello.\n',
  'premium/README.md': PREMIUM,
  'premium/secrets.md': '# Secrets\n\nThe axolotl trick.\n',
  'broken.md': '---\nif: "visitor.claims.unsigned.isPremium &&"\n---\n\n# Broken\n\nThe platypus note.\n',
  'public.md': '# Public\n\nThe wombat guide.\n',
};

describe('page conditions', () => {
  it('Git Sync `if:` is the page condition; the published site hides the page and its children from visitors it is false for', async () => {
    const t = await createTenant(server);
    const space = (await t.api.post(`/v1/orgs/${t.org}/spaces`, { title: 'Docs' })).body.id as string;
    const { url } = repo(FIXTURE);
    await sync(t, space, 'import', { url, ref: 'refs/heads/main' });

    // The API shows it as GitBook does (RevisionPageBase.condition), only on pages that have one.
    const pages = (await t.api.get(`/v1/spaces/${space}/content`)).body.pages as { title: string; condition?: string; pages: { title: string; condition?: string }[] }[];
    const premium = pages.find((p) => p.title === 'Premium')!;
    expect(premium.condition).toBe('visitor.claims.unsigned.isPremium');
    expect(premium.pages[0]!.condition).toBeUndefined();
    expect(pages.find((p) => p.title === 'Public')!.condition).toBeUndefined();
    expect(pages.find((p) => p.title === 'Broken')!.condition).toBe('visitor.claims.unsigned.isPremium &&');

    // Export to an empty repository: the front matter comes back byte for byte.
    const target = repo();
    await sync(t, space, 'export', { url: target.url, ref: 'refs/heads/main' });
    const exported = target.wc.pull().files();
    expect(exported.get('premium/README.md')?.toString()).toBe(PREMIUM);
    expect(exported.get('broken.md')?.toString()).toBe(FIXTURE['broken.md']);

    const site = (await t.api.post(`/v1/orgs/${t.org}/sites`, { title: 'Adaptive', visibility: 'public', spaces: [space] })).body;
    expect((await t.api.post(`/v1/orgs/${t.org}/sites/${site.id}/publish`)).status).toBe(200);
    const base = `/sites/${site.id}`;
    const get = async (path: string, headers: Record<string, string> = {}) => {
      const r = await fetch(`${server.url}${base}${path}`, { headers, redirect: 'manual' });
      return { status: r.status, text: await r.text(), headers: r.headers };
    };
    const search = async (q: string, claims = '') => (await get(`/~search?q=${q}${claims}`, { accept: 'application/json' })).text;

    // Anonymous: first the pages are drawn (and cached) for a premium visitor, so a cache keyed without the claims
    // would leak them.
    const premiumClaims = `&claims=${encodeURIComponent(JSON.stringify({ isPremium: true }))}`;
    expect((await get(`/premium?${premiumClaims.slice(1)}`)).status).toBe(200);
    expect((await get(`/public?${premiumClaims.slice(1)}`)).text).toContain('href="' + base + '/premium"');

    for (const path of ['/premium', '/premium/secrets', '/broken', '/premium.md', '/premium/secrets.md']) {
      const r = await get(path);
      expect([path, r.status]).toEqual([path, path.endsWith('.md') ? 200 : 404]);
      expect(r.text).not.toMatch(/narwhal|axolotl|platypus/);
    }
    expect((await get('/premium.md')).text).toContain('# Page Not Found');
    const home = await get('/');
    expect(home.status).toBe(200);
    expect(home.text).toContain(`href="${base}/public"`);
    expect(home.text).not.toMatch(/>Premium<|>Secrets<|>Broken</);
    const publicPage = (await get('/public')).text;
    expect(publicPage).toContain('wombat');
    // Previous/next skip the hidden pages: Public's previous page is Welcome.
    expect(publicPage).not.toMatch(/premium|Secrets|Broken/);
    for (const q of ['narwhal', 'axolotl', 'platypus']) expect(await search(q)).toContain('"results":[]');
    expect(await search('wombat')).toContain('Public');
    const sitemap = (await get('/sitemap.xml')).text;
    expect(sitemap).toContain(`${base}/public</loc>`);
    expect(sitemap).not.toMatch(/premium|broken/);
    const llms = (await get('/llms.txt')).text;
    expect(llms).toContain('[Public]');
    expect(llms).not.toMatch(/Premium|Secrets|Broken/);
    expect((await get('/llms-full.txt')).text).not.toMatch(/narwhal|axolotl|platypus/);

    // A visitor with the claim (GitBook's `?visitor.isPremium=true`, kept in a cookie) sees the page and its child everywhere; the malformed one stays hidden.
    const first = await get('/premium?visitor.isPremium=true');
    expect(first.status).toBe(200);
    expect(first.text).toContain('narwhal');
    const cookie = first.headers.get('set-cookie')!.split(';')[0]!;
    const as = (path: string) => get(path, { cookie });
    expect((await as('/premium/secrets')).text).toContain('axolotl');
    expect((await as('/premium.md')).text).toContain('The narwhal plan.');
    expect((await as('/broken')).status).toBe(404);
    const premiumHome = (await as('/')).text;
    expect(premiumHome).toContain(`href="${base}/premium"`);
    expect(premiumHome).toContain(`href="${base}/premium/secrets"`);
    expect(premiumHome).not.toContain('>Broken<');
    expect((await as('/public')).text).toContain(`href="${base}/premium/secrets"`);
    expect((await get(`/~search?q=axolotl`, { cookie, accept: 'application/json' })).text).toContain('Secrets');
    expect((await as('/sitemap.xml')).text).toContain(`${base}/premium/secrets</loc>`);
    expect((await as('/llms.txt')).text).toContain('[Secrets]');
    expect((await as('/llms-full.txt')).text).toContain('narwhal');
    // Anonymous again, after the premium visitor's pages were cached.
    expect((await get('/public')).text).not.toContain('premium');
    expect((await get('/premium')).status).toBe(404);
  });
});

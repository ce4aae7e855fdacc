// Page-level adaptive content over HTTP: a page's `if:` front matter (Git Sync) is the page's `condition` in the API,
// written back as it was, and on the published site a page whose condition is false for the visitor — and its
// children — is nowhere: not served (404), not in the sidebar, previous/next, search, sitemap.xml, llms.txt,
// llms-full.txt or `.md` twins. A visitor whose claims make it true sees it everywhere.
import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTenant, useTestServer, type Tenant } from '../src/testing/index.js';
import { useGitServer, WorkingCopy, runGitSyncJobs } from '../src/testing/git-server.js';

const server = useTestServer();
const git = useGitServer();

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
    const sitemap = (await get('/sitemap-pages.xml')).text;
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
    expect((await as('/sitemap-pages.xml')).text).toContain(`${base}/premium/secrets</loc>`);
    expect((await as('/llms.txt')).text).toContain('[Secrets]');
    expect((await as('/llms-full.txt')).text).toContain('narwhal');
    // Anonymous again, after the premium visitor's pages were cached.
    expect((await get('/public')).text).not.toContain('premium');
    expect((await get('/premium')).status).toBe(404);
  });
});

describe('page conditions through the page API and content edits', () => {
  it('POST/PATCH of a page and the edits endpoints (space and change request) set, change and remove a condition, with the change requests\' limit', async () => {
    const t = await createTenant(server);
    const space = (await t.api.post(`/v1/orgs/${t.org}/spaces`, { title: 'Docs' })).body.id as string;
    const base = `/v1/spaces/${space}`;
    const publicPage = await t.api.post(`${base}/content/pages`, { title: 'Public', markdown: 'The wombat guide.\n' });
    expect(publicPage.status, JSON.stringify(publicPage.body)).toBe(201);
    expect(publicPage.body.condition).toBeUndefined();
    const created = await t.api.post(`${base}/content/pages`, { title: 'Premium', markdown: 'The narwhal plan.\n', condition: 'visitor.claims.unsigned.isPremium' });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.condition).toBe('visitor.claims.unsigned.isPremium');
    const premiumId = created.body.id as string;

    // The limit of change requests' `condition` (10000 characters): a 400 naming the field, nothing written.
    const before = (await t.api.get(`${base}/content`)).body.id as string;
    const tooLong = await t.api.patch(`${base}/content/page/${premiumId}`, { condition: 'x'.repeat(10001) });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.error.message).toContain('condition');
    const tooLongEdit = await t.api.post(`${base}/content/edits`, { edits: [{ op: 'createPage', page: { title: 'Long', condition: 'x'.repeat(10001) } }] });
    expect(tooLongEdit.status).toBe(400);
    expect(tooLongEdit.body.error.message).toContain('condition');
    expect((await t.api.get(`${base}/content`)).body.id).toBe(before);

    // PATCH changes it; GET shows it.
    const tier = 'visitor.claims.unsigned.tier === "gold"';
    const patched = await t.api.patch(`${base}/content/page/${premiumId}`, { condition: tier });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    expect(patched.body.condition).toBe(tier);
    expect((await t.api.get(`${base}/content/page/${premiumId}`)).body.condition).toBe(tier);

    // The edits endpoint: createPage with one, updatePage setting one on another page.
    const batch = await t.api.post(`${base}/content/edits`, {
      edits: [
        { op: 'createPage', page: { id: 'secret-page', title: 'Secret', markdown: 'The axolotl trick.\n', condition: 'visitor.claims.unsigned.isPremium' } },
        { op: 'updatePage', pageId: publicPage.body.id, page: { condition: 'true' } },
      ],
    });
    expect(batch.status, JSON.stringify(batch.body)).toBe(200);
    const pages = (await t.api.get(`${base}/content`)).body.pages as { id: string; condition?: string }[];
    expect(pages.map((p) => [p.id, p.condition])).toEqual([[publicPage.body.id, 'true'], [premiumId, tier], ['secret-page', 'visitor.claims.unsigned.isPremium']]);

    // The published site applies them.
    const site = (await t.api.post(`/v1/orgs/${t.org}/sites`, { title: 'Adaptive', visibility: 'public', spaces: [space] })).body;
    expect((await t.api.post(`/v1/orgs/${t.org}/sites/${site.id}/publish`)).status).toBe(200);
    const get = async (path: string) => {
      const r = await fetch(`${server.url}/sites/${site.id}${path}`, { redirect: 'manual' });
      return { status: r.status, text: await r.text() };
    };
    expect((await get('/public')).text).toContain('wombat');
    expect((await get('/premium')).status).toBe(404);
    expect((await get('/secret')).status).toBe(404);
    expect((await get('/premium?visitor.tier=gold')).text).toContain('narwhal');

    // `null` (PATCH) and `''` (edits) remove it: the page shows to everyone.
    const cleared = await t.api.patch(`${base}/content/page/${premiumId}`, { condition: null });
    expect(cleared.status).toBe(200);
    expect(cleared.body.condition).toBeUndefined();
    expect((await t.api.post(`${base}/content/edits`, { edits: [{ op: 'updatePage', pageId: 'secret-page', page: { condition: '' } }] })).status).toBe(200);
    expect((await t.api.get(`${base}/content/page/secret-page`)).body.condition).toBeUndefined();
    expect((await get('/premium')).text).toContain('narwhal');
    expect((await get('/secret')).text).toContain('axolotl');

    // A change request's edits endpoint: set there, merged into the space.
    const cr = await t.api.post(`${base}/change-requests`, { subject: 'Hide it again' });
    expect(cr.status, JSON.stringify(cr.body)).toBe(201);
    const crEdit = await t.api.post(`${base}/change-requests/${cr.body.id}/content/edits`, { edits: [{ op: 'updatePage', pageId: premiumId, page: { condition: 'visitor.claims.unsigned.isPremium' } }] });
    expect(crEdit.status, JSON.stringify(crEdit.body)).toBe(200);
    expect((await t.api.get(`${base}/change-requests/${cr.body.id}/content/page/${premiumId}`)).body.condition).toBe('visitor.claims.unsigned.isPremium');
    expect((await t.api.get(`${base}/content/page/${premiumId}`)).body.condition).toBeUndefined();
    const merged = await t.api.post(`${base}/change-requests/${cr.body.id}/merge`);
    expect(merged.status, JSON.stringify(merged.body)).toBe(200);
    expect((await t.api.get(`${base}/content/page/${premiumId}`)).body.condition).toBe('visitor.claims.unsigned.isPremium');
    expect((await get('/premium')).status).toBe(404);
  });
});

describe('files of conditional pages on the published site', () => {
  it('a file only pages hidden from the visitor use is not served to them; files a visible page, a hidden (unlisted) page or no page uses are', async () => {
    const t = await createTenant(server);
    const space = (await t.api.post(`/v1/orgs/${t.org}/spaces`, { title: 'Docs' })).body.id as string;
    const base = `/v1/spaces/${space}`;
    const upload = async (name: string, text: string) => {
      const r = await fetch(`${server.url}${base}/content/files?name=${name}`, { method: 'POST', headers: { authorization: `Bearer ${t.owner.token}`, 'content-type': 'text/plain' }, body: text });
      const body = (await r.json()) as { id: string };
      expect(r.status, JSON.stringify(body)).toBe(201);
      return body.id;
    };
    const only = await upload('premium-only.txt', 'narwhal file');
    const shared = await upload('shared.txt', 'shared file');
    const child = await upload('child.txt', 'axolotl file');
    const byName = await upload('by-name.txt', 'by name file');
    const unlisted = await upload('unlisted.txt', 'unlisted file');
    const unused = await upload('unused.txt', 'unused file');
    const block = await upload('block.txt', 'block file');
    const broken = await upload('broken.txt', 'platypus file');
    const spaced = await upload('image%20%281%29.txt', 'spaced file');
    const second = await upload('second.txt', 'second file');
    const PREMIUM = 'visitor.claims.unsigned.isPremium';
    const batch = await t.api.post(`${base}/content/edits`, {
      edits: [
        { op: 'createPage', page: { id: 'page-public', title: 'Public', markdown: `[Shared](/files/${shared})\n\n{% if ${PREMIUM} %}\n[Block](/files/${block})\n{% endif %}\n` } },
        { op: 'createPage', page: { id: 'page-premium', title: 'Premium', condition: PREMIUM, markdown: `[Only](/files/${only})\n\n[Shared](/files/${shared})\n\n![By name](.gitbook/assets/by-name.txt)\n\n[Spaced](<.gitbook/assets/image (1).txt>) and [Second](.gitbook/assets/second.txt)\n` } },
        { op: 'createPage', page: { id: 'page-child', parent: 'page-premium', title: 'Secrets', markdown: `[Child](/files/${child})\n` } },
        { op: 'createPage', page: { id: 'page-unlisted', title: 'Unlisted', hidden: true, markdown: `[Unlisted](/files/${unlisted})\n` } },
        { op: 'createPage', page: { id: 'page-broken', title: 'Broken', condition: `${PREMIUM} &&`, markdown: `[Broken](/files/${broken})\n` } },
      ],
    });
    expect(batch.status, JSON.stringify(batch.body)).toBe(200);
    const site = (await t.api.post(`/v1/orgs/${t.org}/sites`, { title: 'Adaptive', visibility: 'public', spaces: [space] })).body;
    expect((await t.api.post(`/v1/orgs/${t.org}/sites/${site.id}/publish`)).status).toBe(200);
    const siteBase = `/sites/${site.id}`;
    const get = async (path: string, cookie?: string) => {
      const r = await fetch(`${server.url}${siteBase}${path}`, { headers: cookie ? { cookie } : {}, redirect: 'manual' });
      return { status: r.status, text: await r.text(), headers: r.headers };
    };
    // The premium visitor's page links the files; their URLs are the ones an anonymous visitor would try.
    const first = await get('/premium?visitor.isPremium=true');
    expect(first.status).toBe(200);
    const cookie = first.headers.get('set-cookie')!.split(';')[0]!;
    const hrefOf = (html: string, id: string) => new RegExp(`${siteBase}(/~files/[^/"]+/${id}/[^"?]+)`).exec(html)?.[1];
    const ssId = /~files\/([^/]+)\//.exec(first.text)![1]!;
    const url = (id: string, name: string) => `/~files/${ssId}/${id}/${name}`;
    expect(hrefOf(first.text, only)).toBe(url(only, 'premium-only.txt'));
    expect(hrefOf(first.text, byName)).toBe(url(byName, 'by-name.txt'));
    expect(hrefOf((await get('/premium/secrets', cookie)).text, child)).toBe(url(child, 'child.txt'));

    // Anonymous: the files only the premium page, its child and the malformed page use are not there.
    expect(hrefOf(first.text, spaced)).toBe(url(spaced, encodeURIComponent('image (1).txt')));
    expect(hrefOf(first.text, second)).toBe(url(second, 'second.txt'));
    for (const [id, name] of [[only, 'premium-only.txt'], [child, 'child.txt'], [byName, 'by-name.txt'], [broken, 'broken.txt'], [spaced, 'spaced.txt'], [second, 'second.txt']] as const) {
      const r = await get(url(id, name));
      expect([name, r.status]).toEqual([name, 404]);
      expect(r.text).not.toMatch(/narwhal|axolotl|platypus|by name file/);
    }
    // Used by a page the visitor sees (also inside an `{% if %}` of it), by a hidden page (served at its URL, unlisted) or by no page: served.
    for (const [id, name, text] of [[shared, 'shared.txt', 'shared file'], [unlisted, 'unlisted.txt', 'unlisted file'], [unused, 'unused.txt', 'unused file'], [block, 'block.txt', 'block file']] as const) {
      const r = await get(url(id, name));
      expect([name, r.status, r.text]).toEqual([name, 200, text]);
    }
    expect((await get(url(shared, 'shared.txt'))).headers.get('cache-control')).toMatch(/^public, /);

    // The premium visitor gets them (privately: another visitor may not); the malformed page's file stays hidden.
    for (const [id, name, text] of [[only, 'premium-only.txt', 'narwhal file'], [child, 'child.txt', 'axolotl file'], [byName, 'by-name.txt', 'by name file'], [spaced, 'spaced.txt', 'spaced file'], [second, 'second.txt', 'second file']] as const) {
      const r = await get(url(id, name), cookie);
      expect([name, r.status, r.text]).toEqual([name, 200, text]);
      expect(r.headers.get('cache-control')).toMatch(/^private, /);
    }
    expect((await get(url(broken, 'broken.txt'), cookie)).status).toBe(404);
    // Anonymous again (the usage is built once per revision; the answer depends on the visitor).
    expect((await get(url(only, 'premium-only.txt'))).status).toBe(404);

    // The condition removed: the file is served to everyone.
    expect((await t.api.patch(`${base}/content/page/page-premium`, { condition: null })).status).toBe(200);
    const now = await get(url(only, 'premium-only.txt'));
    expect([now.status, now.text]).toEqual([200, 'narwhal file']);
    expect((await get(url(child, 'child.txt'))).status).toBe(200);
    expect((await get(url(broken, 'broken.txt'))).status).toBe(404);
  });
});

describe('who sees page conditions in the API', () => {
  it('user tokens see `condition`; site tokens (/urls/published) and integration tokens do not, as on GitBook', async () => {
    const t = await createTenant(server, { reader: 'read' });
    const space = (await t.api.post(`/v1/orgs/${t.org}/spaces`, { title: 'Docs' })).body.id as string;
    const base = `/v1/spaces/${space}`;
    const COND = 'visitor.claims.unsigned.isPremium';
    const batch = await t.api.post(`${base}/content/edits`, {
      edits: [
        { op: 'createPage', page: { id: 'page-setup', title: 'Setup', markdown: 'Public.\n' } },
        { op: 'createPage', page: { id: 'page-premium', title: 'Premium', condition: COND, markdown: 'Secret.\n' } },
        { op: 'createPage', page: { id: 'page-inner', parent: 'page-premium', title: 'Inner', condition: COND, markdown: 'Inner.\n' } },
      ],
    });
    expect(batch.status, JSON.stringify(batch.body)).toBe(200);
    const before = (await t.api.get(`${base}/content`)).body.id as string;
    expect((await t.api.patch(`${base}/content/page/page-premium`, { condition: `${COND} === true` })).status).toBe(200);
    const after = (await t.api.get(`${base}/content`)).body.id as string;
    expect(after).not.toBe(before);
    const reads = [`${base}/content`, `${base}/content/pages`, `${base}/content/page/page-premium`, `${base}/content/path/premium`, `${base}/content/path/premium/inner`, `${base}/revisions/${before}`, `${base}/revisions/${before}/page/page-premium`, `${base}/revisions/${after}/changes`];
    const conditionsIn = (body: unknown) => (JSON.stringify(body).match(/"condition"/g) ?? []).length;

    // Users (owner and reader) see them everywhere, the semantic changes too.
    for (const path of reads) {
      const r = await t.as('reader').get(path);
      expect([path, r.status]).toEqual([path, 200]);
      expect([path, conditionsIn(r.body) > 0]).toEqual([path, true]);
    }

    // A site token of a site publishing the space, for a visitor whose claims show the pages (a visitor for whom
    // they are hidden does not get them at all: site-token-conditions.test.ts).
    const site = (await t.api.post(`/v1/orgs/${t.org}/sites`, { title: 'Docs', visibility: 'public', spaces: [space] })).body;
    expect((await t.api.post(`/v1/orgs/${t.org}/sites/${site.id}/publish`)).status).toBe(200);
    const found = await t.api.post('/v1/urls/published', { url: `${server.ctx.config.publicUrl}/sites/${site.id}/setup`, visitor: { unsignedClaims: { isPremium: true } } });
    expect(found.status, JSON.stringify(found.body)).toBe(200);
    // An integration installation token covering the space.
    const name = `cond-${Date.now().toString(36)}`;
    const pub = await t.api.post(`/v1/integrations/${name}`, { organization: t.org, title: 'Cond App', description: 'x', script: 'export default { async fetch() { return new Response("OK"); } };', scopes: ['space:content:read'] });
    expect(pub.status, JSON.stringify(pub.body)).toBe(200);
    const inst = (await t.api.post(`/v1/integrations/${name}/installations`, { organization: t.org })).body;
    expect((await t.api.post(`/v1/integrations/${name}/installations/${inst.id}/spaces`, { space })).status).toBeLessThan(300);
    const minted = await t.api.post(`/v1/integrations/${name}/installations/${inst.id}/tokens`);
    expect(minted.status, JSON.stringify(minted.body)).toBe(200);

    for (const [who, token] of [['site', found.body.apiToken as string], ['integration', minted.body.token as string]] as const) {
      const api = server.api(token);
      for (const path of reads) {
        const r = await api.get(path);
        expect([who, path, r.status]).toEqual([who, path, 200]);
        expect([who, path, conditionsIn(r.body)]).toEqual([who, path, 0]);
      }
      // The rest of the page is there; an edit of the condition alone is no change to them.
      const page = (await api.get(`${base}/content/page/page-premium`)).body;
      expect(page).toMatchObject({ id: 'page-premium', title: 'Premium', kind: 'sheet' });
      expect((await api.get(`${base}/revisions/${after}/changes`)).body.changes).toEqual([]);
    }
    // Their answers were stripped, not what is cached for the next reader: the user still sees every condition.
    for (const path of reads) expect([path, conditionsIn((await t.api.get(path)).body) > 0]).toEqual([path, true]);
  });
});

describe('API searches of a site and of its spaces by those who read them as visitors', () => {
  it('a stranger\'s site search and a site token\'s space search leave out pages a page condition hides from the visitor; members and a visitor whose claims show them find them', async () => {
    const t = await createTenant(server);
    const space = (await t.api.post(`/v1/orgs/${t.org}/spaces`, { title: 'Docs' })).body.id as string;
    const base = `/v1/spaces/${space}`;
    const COND = 'visitor.claims.unsigned.isPremium';
    const batch = await t.api.post(`${base}/content/edits`, {
      edits: [
        { op: 'createPage', page: { id: 'page-public', title: 'Public', markdown: 'The wombat guide.\n' } },
        { op: 'createPage', page: { id: 'page-premium', title: 'Premium', condition: COND, markdown: 'The narwhal plan.\n' } },
        { op: 'createPage', page: { id: 'page-inner', parent: 'page-premium', title: 'Inner', markdown: 'The axolotl trick.\n' } },
        { op: 'createPage', page: { id: 'page-broken', title: 'Broken', condition: `${COND} &&`, markdown: 'The platypus note.\n' } },
      ],
    });
    expect(batch.status, JSON.stringify(batch.body)).toBe(200);
    const site = (await t.api.post(`/v1/orgs/${t.org}/sites`, { title: 'Docs', visibility: 'public', spaces: [space] })).body;
    expect((await t.api.post(`/v1/orgs/${t.org}/sites/${site.id}/publish`)).status).toBe(200);
    const siteSearch = `/v1/orgs/${t.org}/sites/${site.id}/search`;
    const titles = (r: { status: number; body: any }) => {
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return (r.body.items as any[]).flatMap((s) => (s.pages ?? [s]).map((p: any) => p.title as string)).sort();
    };

    // A member reads the space itself: every page.
    for (const q of ['narwhal', 'axolotl', 'platypus', 'wombat']) expect(titles(await t.api.post(siteSearch, { query: q })).length).toBe(1);
    // A stranger reads it only as the site's visitors without claims do: not the hidden pages (nor their children).
    const stranger = (await createTenant(server)).api;
    for (const q of ['narwhal', 'axolotl', 'platypus']) expect([q, titles(await stranger.post(siteSearch, { query: q }))]).toEqual([q, []]);
    expect(titles(await stranger.post(siteSearch, { query: 'wombat' }))).toEqual(['Public']);

    // A site token of a visitor without claims searches the space as that visitor.
    const lookup = async (claims?: Record<string, unknown>) => {
      const r = await t.api.post('/v1/urls/published', { url: `${server.ctx.config.publicUrl}/sites/${site.id}/public`, ...(claims ? { visitor: { unsignedClaims: claims } } : {}) });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return server.api(r.body.apiToken as string);
    };
    const anonymous = await lookup();
    const spaceSearch = (api: typeof anonymous, q: string) => api.get(`${base}/search?query=${q}`);
    for (const q of ['narwhal', 'axolotl', 'platypus']) expect([q, titles(await spaceSearch(anonymous, q))]).toEqual([q, []]);
    expect(titles(await spaceSearch(anonymous, 'wombat'))).toEqual(['Public']);
    // With the claim: the premium page and its child; the malformed condition still hides its page.
    const premium = await lookup({ isPremium: true });
    expect(titles(await spaceSearch(premium, 'narwhal'))).toEqual(['Premium']);
    expect(titles(await spaceSearch(premium, 'axolotl'))).toEqual(['Inner']);
    expect(titles(await spaceSearch(premium, 'platypus'))).toEqual([]);
    // The owner's space search: everything.
    expect(titles(await t.api.get(`${base}/search?query=platypus`))).toEqual(['Broken']);
  });
});

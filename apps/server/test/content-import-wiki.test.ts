// Content import of a GitHub wiki (source `github-wiki`) over HTTP: a wiki repository made here with the git binary
// and served by `git http-backend` on 127.0.0.1 (src/testing/git-server.ts), read through Git Sync's git machinery.
// Pages from the markdown files (Home first, then _Sidebar.md's order), wiki links and relative links as page links,
// images as files; limits and failures answer 400 naming the URL and change nothing.
import { mkdirSync, readdirSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { JOB_TYPES, jobHandlers, runDueJobs } from '../src/jobs/index.js';
import { createTenant, useTestServer, type Tenant } from '../src/testing/index.js';
import { png as makePng } from '../src/testing/fixtures.js';
import { useGitServer, WorkingCopy } from '../src/testing/git-server.js';
import { convertWikiLinks, wikiRemote } from '../src/services/import-github-wiki.js';
import { IMPORT_LIMITS, readImport } from '../src/services/import-sources.js';

const server = useTestServer();
const git = useGitServer();

let n = 0;
function wiki(files: Record<string, string | Buffer>): string {
  const name = `w${++n}.wiki`;
  git.createRepo(name);
  const wc = new WorkingCopy(git.repoUrl(name), 'master');
  for (const [path, content] of Object.entries(files)) wc.write(path, content);
  wc.commit('wiki');
  wc.push();
  wc.close();
  return git.repoUrl(name);
}

const titles = (pages: any[]): unknown[] => pages.map((p) => (p.pages?.length ? [p.title, titles(p.pages)] : p.title));

describe('github-wiki import', () => {
  let t: Tenant;
  beforeAll(async () => {
    t = await createTenant(server, { editor: 'edit' });
  });

  async function newSpace(): Promise<string> {
    const r = await t.api.post(`/v1/orgs/${t.org}/spaces`, { title: 'Wiki' });
    expect(r.status).toBe(201);
    return r.body.id;
  }

  it('reads the wiki URL forms of GitHub and converts wiki links outside code', () => {
    expect(wikiRemote('https://github.com/acme/tool/wiki')).toEqual({ git: 'https://github.com/acme/tool.wiki.git', web: 'https://github.com/acme/tool/wiki/' });
    expect(wikiRemote('https://github.com/acme/tool/wiki/Some-Page')).toEqual({ git: 'https://github.com/acme/tool.wiki.git', web: 'https://github.com/acme/tool/wiki/' });
    expect(wikiRemote('https://git.example.com/acme/tool.wiki.git')).toEqual({ git: 'https://git.example.com/acme/tool.wiki.git', web: 'https://git.example.com/acme/tool/wiki/' });
    expect(convertWikiLinks('See [[Getting Started]] and [[the API|API Reference#auth]], ![x](a.png) [[logo.png|alt=Logo]].\n```\n[[Not a link]]\n```\n`[[code]]` [[Example|https://example.com]]'))
      .toBe('See [Getting Started](Getting-Started) and [the API](API-Reference#auth), ![x](a.png) ![Logo](logo.png).\n```\n[[Not a link]]\n```\n`[[code]]` [Example](https://example.com)');
    // A long line of brackets is linear (no backtracking blow-up).
    const long = '[['.repeat(200_000) + 'x'.repeat(200_000);
    // A quadratic scan of these 600 KB would run far past the test's timeout.
    expect(convertWikiLinks(long)).toBe(long);
  });

  it('imports a wiki: Home first, the sidebar order, titles from file names, wiki and relative links as page links, images as files', async () => {
    const space = await newSpace();
    const dot = await makePng(1, 1, [0, 0, 255]);
    const fixed = wiki({
      'Home.md': '# Welcome\n\nStart with [[Getting Started]], then [[the API|API Reference#auth]] or [FAQ](FAQ).\n\n![Logo](images/logo.png)\n',
      'Getting-Started.md': 'Install it. Back [home](./Home). See [elsewhere](https://github.example/none) and [[Missing Page]].\n\n```\n[[Not a link]]\n```\n',
      'API-Reference.md': `## Auth\n\nTokens. Wiki URL link: [start](${git.url}/w${n + 1}/wiki/Getting-Started).\n\n[[images/logo.png|alt=The logo]]\n`,
      'FAQ.md': 'Questions.\n',
      'guides/Zebra-Notes.md': 'Zebra. ![dot](dot.png)\n',
      'guides/dot.png': dot,
      '_Sidebar.md': '* [[Home]]\n* [[API Reference]]\n* [Start](Getting-Started)\n',
      '_Footer.md': 'Footer text\n',
      'Notes.textile': 'h1. Not markdown',
      'images/logo.png': dot,
    });
    const r = await t.as('editor').post(`/v1/spaces/${space}/content/import`, { url: fixed, source: 'github-wiki' });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    // 5 pages, 2 images; found: every file of the repository (10).
    expect(r.body).toMatchObject({ importedResources: 7, totalResources: 10 });
    const pages = (await t.api.get(`/v1/spaces/${space}/content/pages`)).body.pages;
    expect(titles(pages)).toEqual(['Home', 'API Reference', 'Getting Started', 'FAQ', 'Zebra Notes']);
    const id = (title: string) => pages.find((p: any) => p.title === title).id;
    const md = async (title: string) => (await t.api.get(`/v1/spaces/${space}/content/page/${id(title)}?format=markdown`)).body.markdown as string;
    const files = (await t.api.get(`/v1/spaces/${space}/content/files`)).body.items as any[];
    expect(files.map((f) => f.name).sort()).toEqual(['dot.png', 'logo.png']);
    const logo = files.find((f) => f.name === 'logo.png').id;
    const home = await md('Home');
    expect(home).toContain(`[Getting Started](/pages/${id('Getting Started')})`);
    expect(home).toContain(`[the API](/pages/${id('API Reference')}#auth)`);
    expect(home).toContain(`[FAQ](/pages/${id('FAQ')})`);
    expect(home).toContain(`/files/${logo}`);
    const start = await md('Getting Started');
    expect(start).toContain(`[home](/pages/${id('Home')})`);
    expect(start).toContain('https://github.example/none');
    expect(start).toContain('[[Not a link]]');
    expect(start).toContain('[Missing Page](Missing-Page)');
    const api = await md('API Reference');
    expect(api).toContain(`[start](/pages/${id('Getting Started')})`);
    expect(api).toContain(`/files/${logo}`);
    expect(await md('Zebra Notes')).toContain(`/files/${files.find((f) => f.name === 'dot.png').id}`);
    expect(JSON.stringify(pages)).not.toContain('Footer');
  });

  it('runs as an import run (POST /v1/org/{org}/imports, format github-wiki) into a change request', async () => {
    const space = await newSpace();
    const url = wiki({ 'Home.md': 'Hi [[Other Page]].\n', 'Other-Page.md': 'Other.\n' });
    const cr = await t.api.post(`/v1/spaces/${space}/change-requests`, { subject: 'Wiki' });
    expect(cr.status).toBe(201);
    const started = await t.as('editor').post(`/v1/org/${t.org}/imports`, { source: { type: 'file', files: [url], format: 'github-wiki' }, target: { space, changeRequest: cr.body.id } });
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    await runDueJobs(server.ctx, { handlers: { [JOB_TYPES.importContent]: jobHandlers[JOB_TYPES.importContent]! } });
    const done = (await t.api.get(`/v1/org/${t.org}/imports/${started.body.id}`)).body;
    expect(done).toMatchObject({ status: 'completed', importedResources: 2, totalResources: 2 });
    const pages = (await t.api.get(`/v1/spaces/${space}/change-requests/${cr.body.id}/content/pages`)).body.pages;
    expect(titles(pages)).toEqual(['Home', 'Other Page']);
    expect((await t.api.get(`/v1/spaces/${space}/content/pages`)).body.pages).toEqual([]);
  });

  it('refuses what is not a wiki, unsafe URLs, and wikis past a limit, with a 400 naming the URL or limit; the space is unchanged', async () => {
    const space = await newSpace();
    const revision = (await t.api.get(`/v1/spaces/${space}`)).body.revision;
    const cases: [string, RegExp][] = [
      [`${git.url}/nothing-here.wiki.git`, /\/body\/url.*could not be read as a wiki repository/],
      [wiki({ 'README.txt': 'no pages' }), /\/body\/url.*no markdown/],
      ['ftp://example.com/x.wiki.git', /\/body\/url.*cannot be fetched/],
    ];
    for (const [url, message] of cases) {
      const r = await t.api.post(`/v1/spaces/${space}/content/import`, { url, source: 'github-wiki' });
      expect(r.status, url).toBe(400);
      expect(r.body.error.message).toMatch(message);
    }
    expect((await t.api.get(`/v1/spaces/${space}`)).body.revision).toBe(revision);
    // The limits, each named (the job reads with IMPORT_LIMITS; smaller ones here).
    const big = wiki({ 'Home.md': 'x'.repeat(3000), 'A.md': 'a', 'B.md': 'b', 'pic.png': Buffer.alloc(5000) });
    const limited = (patch: Partial<typeof IMPORT_LIMITS>) => readImport(server.ctx, big, 'github-wiki', { ...IMPORT_LIMITS, ...patch });
    await expect(limited({ maxPages: 2 })).rejects.toThrow(/holds 3 pages, more than the limit of 2 pages/);
    await expect(limited({ wiki: { ...IMPORT_LIMITS.wiki, textBytes: 2000 } })).rejects.toThrow(/of markdown, more than the limit of/);
    await expect(limited({ wiki: { ...IMPORT_LIMITS.wiki, fileBytes: 4000 } })).rejects.toThrow(/of images, more than the limit of/);
    await expect(limited({ wiki: { ...IMPORT_LIMITS.wiki, git: { ...IMPORT_LIMITS.wiki.git, maxFiles: 2 } } })).rejects.toThrow(/is too large: The folder has more than 2 files/);
    // A temporary repository left by a dead process is removed once stale; the import's own is removed when done.
    const tmp = join(server.ctx.config.dataDir, 'import-tmp');
    mkdirSync(join(tmp, 'wiki-dead'), { recursive: true });
    mkdirSync(join(tmp, 'wiki-recent'), { recursive: true });
    utimesSync(join(tmp, 'wiki-dead'), new Date(Date.now() - 7 * 3600_000), new Date(Date.now() - 7 * 3600_000));
    expect((await readImport(server.ctx, big, 'github-wiki')).pages.map((p) => p.title)).toEqual(['Home', 'A', 'B']);
    expect(readdirSync(tmp).filter((d) => d.startsWith('wiki-')).sort()).toEqual(['wiki-recent']);
  });
});

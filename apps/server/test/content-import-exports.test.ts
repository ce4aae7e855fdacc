// Content import of other platforms' exports over HTTP: a Notion "Markdown & CSV" export (source `notion`) and a
// Confluence space HTML export (source `confluence`). The archives are made here with fflate from files written by
// this test (never real exports); they are served on 127.0.0.1. Pages, hierarchy, titles, links between pages as
// page links, images and attachments as files; failures answer 400 naming the URL or limit and change nothing.
import { createServer, type Server } from 'node:http';
import { strToU8, zipSync, type Zippable } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, useTestServer, type Tenant } from '../src/testing/index.js';
import { png as makePng } from '../src/testing/fixtures.js';
import { notionName, parseCsv } from '../src/services/import-notion.js';
import { listLinks } from '../src/services/import-confluence.js';
import { IMPORT_LIMITS, readImport } from '../src/services/import-sources.js';

const server = useTestServer();
const served = new Map<string, Buffer>();
let site: Server;
let origin = '';
beforeAll(async () => {
  site = createServer((req, res) => {
    const body = served.get(req.url ?? '');
    if (!body) res.writeHead(404).end();
    else res.writeHead(200, { 'content-type': 'application/zip' }).end(body);
  });
  await new Promise<void>((r) => site.listen(0, '127.0.0.1', r));
  origin = `http://127.0.0.1:${(site.address() as { port: number }).port}`;
});
afterAll(() => new Promise<void>((r) => site.close(() => r())));

let n = 0;
function serveZip(files: Record<string, string | Uint8Array>): string {
  const z: Zippable = {};
  for (const [k, v] of Object.entries(files)) z[k] = [typeof v === 'string' ? strToU8(v) : v, { level: 6 }];
  const path = `/e${++n}/export.zip`;
  served.set(path, Buffer.from(zipSync(z)));
  return origin + path;
}

const titles = (pages: any[]): unknown[] => pages.map((p) => (p.pages?.length ? [p.title, titles(p.pages)] : p.title));
const hex = (c: string) => c.repeat(32);

describe('export imports', () => {
  let t: Tenant;
  beforeAll(async () => {
    t = await createTenant(server, { editor: 'edit' });
  });
  async function newSpace(): Promise<string> {
    const r = await t.api.post(`/v1/orgs/${t.org}/spaces`, { title: 'Import' });
    expect(r.status).toBe(201);
    return r.body.id;
  }
  const pagesOf = async (space: string) => (await t.api.get(`/v1/spaces/${space}/content/pages`)).body.pages as any[];
  const find = (pages: any[], title: string): any => {
    for (const p of pages) {
      if (p.title === title) return p;
      const inner = find(p.pages ?? [], title);
      if (inner) return inner;
    }
    return undefined;
  };
  const markdownOf = async (space: string, id: string) => (await t.api.get(`/v1/spaces/${space}/content/page/${id}?format=markdown`)).body.markdown as string;

  it('reads Notion names and CSV in one pass', () => {
    expect(notionName(`a/Getting Started ${hex('a')}.md`)).toEqual({ stem: `Getting Started ${hex('a')}`, title: 'Getting Started', id: hex('a') });
    expect(notionName(`Tasks ${hex('b')}_all.csv`)).toMatchObject({ title: 'Tasks', id: hex('b') });
    expect(notionName('Plain.md')).toEqual({ stem: 'Plain', title: 'Plain' });
    expect(parseCsv('\uFEFFName,Notes\r\n"A, with comma","say ""hi""\nthere"\nB,\n\n', 10, 10)).toEqual({ rows: [['Name', 'Notes'], ['A, with comma', 'say "hi"\nthere'], ['B', '']], total: 3 });
    expect(parseCsv('a,b,c\n1,2,3\n4,5,6\n', 2, 2)).toEqual({ rows: [['a', 'b'], ['1', '2']], total: 3 });
  });

  it('imports a Notion export: hierarchy from folders, titles without ids, links and images, a database as a table', async () => {
    const space = await newSpace();
    const dot = await makePng(1, 1, [0, 128, 0]);
    const A = hex('a');
    const B = hex('b');
    const C = hex('c');
    const D = hex('d');
    const R = hex('e');
    const url = serveZip({
      [`Handbook ${A}.md`]: `# Handbook\n\nWelcome. Read [Zeta Setup](Handbook%20${A}/Zeta%20Setup%20${B}.md) first, then [Alpha Usage](Handbook%20${A}/Alpha%20Usage%20${C}.md#details).\n\n![diagram](Handbook%20${A}/diagram.png)\n\n[Tasks](Handbook%20${A}/Tasks%20${D}.csv)\n`,
      [`Handbook ${A}/diagram.png`]: dot,
      [`Handbook ${A}/Zeta Setup ${B}.md`]: `# Zeta Setup\n\nBack to [the handbook](https://www.notion.so/acme/Handbook-${A}) or [usage](Alpha%20Usage%20${C}.md).\n\n[spec.pdf](Zeta%20Setup%20${B}/spec.pdf)\n`,
      [`Handbook ${A}/Zeta Setup ${B}/spec.pdf`]: '%PDF-1.4 test',
      [`Handbook ${A}/Alpha Usage ${C}.md`]: '# Alpha Usage\n\n## Details\n\nText.\n',
      [`Handbook ${A}/Tasks ${D}.csv`]: 'Name,Status\nWrite docs,Done\n',
      [`Handbook ${A}/Tasks ${D}_all.csv`]: 'Name,Status\nWrite docs,Done\n"Fix | bug",Open\n',
      [`Handbook ${A}/Tasks ${D}/Write docs ${R}.md`]: '# Write docs\n\nStatus: Done\n',
      [`Handbook ${A}/unused.png`]: dot,
    });
    const r = await t.as('editor').post(`/v1/spaces/${space}/content/import`, { url, source: 'notion' });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    // 5 pages (4 markdown, 1 database) and 2 files used; 9 entries.
    expect(r.body).toMatchObject({ importedResources: 7, totalResources: 9 });
    const pages = await pagesOf(space);
    expect(titles(pages)).toEqual([['Handbook', ['Zeta Setup', 'Alpha Usage', ['Tasks', ['Write docs']]]]]);
    const files = (await t.api.get(`/v1/spaces/${space}/content/files`)).body.items as any[];
    expect(files.map((f) => f.name).sort()).toEqual(['diagram.png', 'spec.pdf']);
    const id = (title: string) => find(pages, title).id;
    const handbook = await markdownOf(space, id('Handbook'));
    expect(handbook).not.toContain('# Handbook');
    expect(handbook).toContain(`[Zeta Setup](/pages/${id('Zeta Setup')})`);
    expect(handbook).toContain(`[Alpha Usage](/pages/${id('Alpha Usage')}#details)`);
    expect(handbook).toContain(`/files/${files.find((f) => f.name === 'diagram.png').id}`);
    expect(handbook).toContain(`[Tasks](/pages/${id('Tasks')})`);
    const zeta = await markdownOf(space, id('Zeta Setup'));
    expect(zeta).toContain(`[the handbook](/pages/${id('Handbook')})`);
    expect(zeta).toContain(`[usage](/pages/${id('Alpha Usage')})`);
    expect(zeta).toContain(`/files/${files.find((f) => f.name === 'spec.pdf').id}`);
    const tasks = await markdownOf(space, id('Tasks'));
    expect(tasks).toMatch(/\| Name +\| Status +\|/);
    expect(tasks).toContain(`[Write docs](/pages/${id('Write docs')})`);
    expect(tasks).toContain('Fix \\| bug');
  });

  it('imports a Notion export in parts (zips inside the zip), the limits shared by the parts', async () => {
    const A = hex('a');
    const B = hex('b');
    const part = (files: Record<string, string>) => {
      const z: Zippable = {};
      for (const [k, v] of Object.entries(files)) z[k] = [strToU8(v), { level: 6 }];
      return zipSync(z);
    };
    const url = serveZip({
      'Export-1-Part-1.zip': part({ [`Export-1/Guide ${A}.md`]: `# Guide\n\nSee [Child](Guide%20${A}/Child%20${B}.md).\n` }),
      'Export-1-Part-2.zip': part({ [`Export-1/Guide ${A}/Child ${B}.md`]: '# Child\n\nHello.\n', 'Export-1/Guide x/a.txt': 'x'.repeat(3000) }),
    });
    const space = await newSpace();
    const r = await t.api.post(`/v1/spaces/${space}/content/import`, { url, source: 'notion' });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    const pages = await pagesOf(space);
    expect(titles(pages)).toEqual([['Guide', ['Child']]]);
    expect(await markdownOf(space, find(pages, 'Guide').id)).toContain(`[Child](/pages/${find(pages, 'Child').id})`);
    const limited = (zip: Partial<typeof IMPORT_LIMITS.zip>) => readImport(server.ctx, url, 'notion', { ...IMPORT_LIMITS, zip: { ...IMPORT_LIMITS.zip, ...zip } });
    await expect(limited({ maxEntries: 3 })).rejects.toThrow(/Part-2\.zip of the Notion export has more than the limit of 3 entries with its parts/);
    await expect(limited({ maxTotalBytes: 3000 })).rejects.toThrow(/Part-2\.zip of the Notion export unpacks to more than the limit of 3000 bytes with its parts/);
  });

  it('refuses what is not a Notion export or is past a limit with a 400; the space is unchanged', async () => {
    const space = await newSpace();
    const revision = (await t.api.get(`/v1/spaces/${space}`)).body.revision;
    const cases: [string, RegExp][] = [
      [serveZip({ 'a.txt': 'hello' }), /\/body\/url.*not a Notion export/],
      [serveZip({ [`Up ${hex('a')}.md`]: '# Up\n', '../evil.md': '# Evil\n' }), /\/body\/url.*leaves the archive/],
      [serveZip({ 'x.md': '# x\n', 'zeros.bin': new Uint8Array(8 * 1024 * 1024) }), /ratio of 200:1/],
    ];
    for (const [url, message] of cases) {
      const r = await t.api.post(`/v1/spaces/${space}/content/import`, { url, source: 'notion' });
      expect(r.status).toBe(400);
      expect(r.body.error.message).toMatch(message);
    }
    expect((await t.api.get(`/v1/spaces/${space}`)).body.revision).toBe(revision);
  });
  /** A page of a Confluence space export, as Confluence writes them (title, breadcrumbs, main content, attachments). */
  const confluencePage = (title: string, crumbs: [string, string][], body: string) => `<!DOCTYPE html>
<html><head><title>Acme Space : ${title}</title><link rel="stylesheet" href="styles/site.css"></head>
<body><div id="page"><div id="main" class="aui-page-panel"><div id="main-header">
<div id="breadcrumb-section"><ol id="breadcrumbs">${crumbs.map(([href, text]) => `<li><span><a href="${href}">${text}</a></span></li>`).join('')}</ol></div>
<h1 id="title-heading" class="pagetitle"><span id="title-text">Acme Space : ${title}</span></h1></div>
<div id="content" class="view"><div class="page-metadata">Created by Someone, last modified on Jan 01, 2026</div>
<div id="main-content" class="wiki-content group">${body}</div>
<div class="pageSection group"><h2 id="attachments" class="pageSectionTitle">Attachments:</h2><a href="attachments/100/200.png">diagram.png</a></div>
</div></div><div id="footer">Document generated by Confluence</div></div></body></html>`;

  it('reads the nested list of index.html linearly', () => {
    expect(listLinks('<p><a href="x.html">out</a></p><ul><li><a href="A_1.html">A &amp; B</a><ul><li><a href="C_2.html"><span>C</span></a></li></ul></li><li><a href="D_3.html">D</a></li></ul>'))
      .toEqual([{ href: 'A_1.html', title: 'A & B', depth: 1 }, { href: 'C_2.html', title: 'C', depth: 2 }, { href: 'D_3.html', title: 'D', depth: 1 }]);
    const long = '<a href="x">'.repeat(100_000) + '<'.repeat(100_000);
    // A quadratic scan of these 1.3 MB would run far past the test's timeout.
    expect(listLinks(long)).toEqual([]);
  });

  it('imports a Confluence space export: the tree of index.html, else breadcrumbs, #main-content, links and attachments', async () => {
    const space = await newSpace();
    const dot = await makePng(1, 1, [200, 0, 0]);
    const url = serveZip({
      'ACME/index.html': '<html><head><title>Acme Space</title></head><body><div id="main-content"><table><tr><th>Key</th><td>ACME</td></tr></table></div>'
        + '<div class="pageSection"><h2>Available Pages:</h2><ul><li><a href="Home_100.html">Home</a><ul><li><a href="Setup-Guide_300.html">Setup Guide</a></li><li><a href="Another-Page_200.html">Another Page</a></li></ul></li></ul></div></body></html>',
      'ACME/Home_100.html': confluencePage('Home', [['index.html', 'Acme Space']], '<p>Welcome. See <a href="Setup-Guide_300.html#install">the setup</a> and <a href="https://wiki.example.com/pages/viewpage.action?pageId=200">another page</a>.</p><p><img class="confluence-embedded-image" src="attachments/100/200.png" alt="diagram"></p>'),
      'ACME/Setup-Guide_300.html': confluencePage('Setup Guide', [['index.html', 'Acme Space'], ['Home_100.html', 'Home']], '<h2 id="install">Install</h2><p>Run it. <a href="attachments/300/400.pdf">manual.pdf</a></p>'),
      'ACME/Another-Page_200.html': confluencePage('Another Page', [['index.html', 'Acme Space'], ['Home_100.html', 'Home']], '<p>Back <a href="Home_100.html">home</a>, on to <a href="/wiki/pages/viewpage.action?pageId=300">setup</a>.</p>'),
      // Not in index.html: placed by its breadcrumbs.
      'ACME/Deep-Child_500.html': confluencePage('Deep Child', [['index.html', 'Acme Space'], ['Home_100.html', 'Home'], ['Setup-Guide_300.html', 'Setup Guide']], '<p>Deep.</p>'),
      'ACME/attachments/100/200.png': dot,
      'ACME/attachments/300/400.pdf': '%PDF-1.4 test',
      'ACME/images/icons/bullet_blue.gif': dot,
      'ACME/styles/site.css': 'body { color: black }',
    });
    const r = await t.as('editor').post(`/v1/spaces/${space}/content/import`, { url, source: 'confluence' });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body).toMatchObject({ importedResources: 6, totalResources: 9 });
    const pages = await pagesOf(space);
    expect(titles(pages)).toEqual([['Home', [['Setup Guide', ['Deep Child']], 'Another Page']]]);
    const id = (title: string) => find(pages, title).id;
    const files = (await t.api.get(`/v1/spaces/${space}/content/files`)).body.items as any[];
    expect(files.map((f) => f.name).sort()).toEqual(['200.png', '400.pdf']);
    const home = await markdownOf(space, id('Home'));
    expect(home).toContain('Welcome.');
    expect(home).toContain(`[the setup](/pages/${id('Setup Guide')}#install)`);
    expect(home).toContain(`[another page](https://wiki.example.com/pages/viewpage.action?pageId=200)`);
    expect(home).toContain(`/files/${files.find((f) => f.name === '200.png').id}`);
    // Only #main-content: no breadcrumbs, metadata, attachments section or footer.
    expect(home).not.toMatch(/Acme Space|Created by|Attachments:|generated by Confluence/);
    const another = await markdownOf(space, id('Another Page'));
    expect(another).toContain(`[home](/pages/${id('Home')})`);
    expect(another).toContain(`[setup](/pages/${id('Setup Guide')})`);
    expect(await markdownOf(space, id('Setup Guide'))).toContain(`/files/${files.find((f) => f.name === '400.pdf').id}`);
  });

  it('refuses what is not a Confluence export with a 400; the space is unchanged', async () => {
    const space = await newSpace();
    const revision = (await t.api.get(`/v1/spaces/${space}`)).body.revision;
    for (const [url, message] of [
      [serveZip({ 'Page_1.html': '<p>x</p>' }), /\/body\/url.*not a Confluence space export/],
      [serveZip({ 'index.html': '<ul></ul>', 'A_1.html': '<p>a</p>', '../../x.html': 'x' }), /leaves the archive/],
    ] as [string, RegExp][]) {
      const r = await t.api.post(`/v1/spaces/${space}/content/import`, { url, source: 'confluence' });
      expect(r.status).toBe(400);
      expect(r.body.error.message).toMatch(message);
    }
    expect((await t.api.get(`/v1/spaces/${space}`)).body.revision).toBe(revision);
  });
});

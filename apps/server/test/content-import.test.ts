// Content import over HTTP (POST …/content/import and its page and change request variants) for every source Bindery
// imports: markdown, html, docx, zip (a GitBook-format markdown tree with SUMMARY.md and assets, an HTML tree) and
// website (a bounded same-origin crawl). Fixtures are generated here: Word documents and archives are built with
// fflate from XML and text written by this test. Archives that exceed a limit are refused with a 400 naming it.
import { createServer, type Server } from 'node:http';
import { strToU8, zipSync, type Zippable } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOB_TYPES, jobHandlers, runDueJobs } from '../src/jobs/index.js';
import { createTenant, useTestServer, type Tenant } from '../src/testing/index.js';
import { png as makePng } from '../src/testing/fixtures.js';
import { failWhenCompleted } from '../src/testing/faults.js';

const server = useTestServer();
const served = new Map<string, { type: string; body: Buffer }>();
let site: Server;
let origin = '';

beforeAll(async () => {
  site = createServer((req, res) => {
    const r = served.get(req.url ?? '');
    if (!r) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': r.type }).end(r.body);
  });
  await new Promise<void>((r) => site.listen(0, '127.0.0.1', r));
  origin = `http://127.0.0.1:${(site.address() as { port: number }).port}`;
});
afterAll(() => new Promise<void>((r) => site.close(() => r())));

let n = 0;
function serve(path: string, body: Buffer | string, type: string): string {
  const p = `/f${++n}${path}`;
  served.set(p, { type, body: Buffer.isBuffer(body) ? body : Buffer.from(body) });
  return origin + p;
}

const zip = (files: Record<string, string | Uint8Array>, level: 0 | 6 | 9 = 6): Buffer => {
  const z: Zippable = {};
  for (const [k, v] of Object.entries(files)) z[k] = [typeof v === 'string' ? strToU8(v) : v, { level }];
  return Buffer.from(zipSync(z));
};

// A 1×1 PNG (src/testing/fixtures.ts).
const png = async (): Promise<Buffer> => makePng(1, 1, [255, 0, 0]);

/** A Word document (WordprocessingML) with a heading, a paragraph with bold text, a list item and an image. */
async function docx(): Promise<Buffer> {
  const W = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships" xmlns:wp="http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing" xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" xmlns:pic="http://schemas.openxmlformats.org/drawingml/2006/picture"';
  const image = '<w:r><w:drawing><wp:inline><wp:extent cx="9525" cy="9525"/><wp:docPr id="1" name="Picture 1" descr="A dot"/><a:graphic><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/picture"><pic:pic><pic:nvPicPr><pic:cNvPr id="0" name="dot.png"/><pic:cNvPicPr/></pic:nvPicPr><pic:blipFill><a:blip r:embed="rIdImg"/></pic:blipFill><pic:spPr/></pic:pic></a:graphicData></a:graphic></wp:inline></w:drawing></w:r>';
  return zip({
    '[Content_Types].xml': '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Default Extension="png" ContentType="image/png"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    '_rels/.rels': '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
    'word/_rels/document.xml.rels': '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rIdImg" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/image" Target="media/image1.png"/></Relationships>',
    'word/document.xml': `<?xml version="1.0" encoding="UTF-8"?><w:document ${W}><w:body>`
      + '<w:p><w:pPr><w:pStyle w:val="Heading1"/></w:pPr><w:r><w:t>Release notes</w:t></w:r></w:p>'
      + '<w:p><w:r><w:t xml:space="preserve">Version 2 is </w:t></w:r><w:r><w:rPr><w:b/></w:rPr><w:t>faster</w:t></w:r><w:r><w:t>.</w:t></w:r></w:p>'
      + `<w:p>${image}</w:p>`
      + '</w:body></w:document>',
    'word/media/image1.png': await png(),
  });
}

async function newSpace(t: Tenant): Promise<string> {
  const r = await t.api.post(`/v1/orgs/${t.org}/spaces`, { title: 'Docs' });
  expect(r.status).toBe(201);
  return r.body.id;
}

const titles = (pages: any[]): unknown[] => pages.map((p) => (p.pages?.length ? [p.title, titles(p.pages)] : p.title));

describe('content import', () => {
  let t: Tenant;
  beforeAll(async () => {
    t = await createTenant(server, { editor: 'edit', reader: 'read' });
  });

  it('imports a Word document: headings, emphasis, images as files of the space', async () => {
    const space = await newSpace(t);
    const url = serve('/notes.docx', await docx(), 'application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    const r = await t.as('editor').post(`/v1/spaces/${space}/content/import`, { url, source: 'docx' });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body).toEqual({ revision: (await t.api.get(`/v1/spaces/${space}`)).body.revision, importedResources: 2, totalResources: 2 });
    const pages = (await t.api.get(`/v1/spaces/${space}/content/pages`)).body.pages;
    expect(titles(pages)).toEqual(['Release notes']);
    const files = (await t.api.get(`/v1/spaces/${space}/content/files`)).body.items;
    expect(files).toHaveLength(1);
    expect(files[0]).toMatchObject({ name: 'image-1.png', contentType: 'image/png', dimensions: { width: 1, height: 1 } });
    const page = await t.api.get(`/v1/spaces/${space}/content/page/${pages[0].id}?format=markdown`);
    expect(page.body.markdown).toContain('Version 2 is **faster**.');
    expect(page.body.markdown).toContain(`/files/${files[0].id}`);

    // A file that is not a Word document: 400 naming the URL.
    const bad = await t.api.post(`/v1/spaces/${space}/content/import`, { url: serve('/x.docx', zip({ 'a.txt': 'hello' }), 'application/octet-stream'), source: 'docx' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toMatch(/\/body\/url.*not a Word document/);
  });

  it('imports a zip of markdown in GitBook format (SUMMARY.md, groups, assets, links, variables) under a page and into a change request', async () => {
    const space = await newSpace(t);
    const dot = await png();
    const archive = zip({
      'docs/README.md': '---\ndescription: Start here\n---\n\n# Home\n\nSee the [install guide](guides/install.md#steps) and ![dot](.gitbook/assets/dot.png).\n',
      'docs/SUMMARY.md': '# Table of contents\n\n* [Home](README.md)\n\n## Guides\n\n* [Installing](guides/install.md)\n  * [On Linux](guides/linux.md)\n* [Upgrading](guides/upgrade.md)\n',
      'docs/guides/install.md': '# Install\n\n## Steps\n\nRun it. Back [home](../README.md).\n',
      'docs/guides/linux.md': '# Linux\n\nUse apt.\n',
      'docs/guides/upgrade.md': '# Upgrade\n\nLater.\n',
      'docs/guides/not-listed.md': '# Not listed\n\nNot a page: SUMMARY.md does not list it.\n',
      'docs/.gitbook/assets/dot.png': dot,
      'docs/.gitbook/vars.yaml': 'product: Acme\n',
    });
    const url = serve('/docs.zip', archive, 'application/zip');
    const r = await t.api.post(`/v1/spaces/${space}/content/import`, { url, source: 'zip' });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body).toMatchObject({ importedResources: 6, totalResources: 8 });
    const pages = (await t.api.get(`/v1/spaces/${space}/content/pages`)).body.pages;
    // The title is the page's `# heading` (the SUMMARY.md text is the link's), as Git Sync reads it.
    expect(titles(pages)).toEqual(['Home', ['Guides', [['Install', ['Linux']], 'Upgrade']]]);
    expect(pages[0].description).toBe('Start here');
    expect(pages[1].type).toBe('group');
    const install = pages[1].pages[0];
    const home = await t.api.get(`/v1/spaces/${space}/content/page/${pages[0].id}?format=markdown`);
    const files = (await t.api.get(`/v1/spaces/${space}/content/files`)).body.items;
    expect(files.map((f: any) => f.name)).toEqual(['dot.png']);
    expect(home.body.markdown).toContain(`/pages/${install.id}#steps`);
    expect(home.body.markdown).toContain(`/files/${files[0].id}`);
    expect((await t.api.get(`/v1/spaces/${space}/content`)).body.variables).toEqual({ product: 'Acme' });

    // Under a page: the imported pages become its children.
    const under = await t.api.post(`/v1/spaces/${space}/content/page/${pages[0].id}/import`, { url: serve('/one.md', '# Child page\n\nText.\n', 'text/markdown'), source: 'markdown' });
    expect(under.status, JSON.stringify(under.body)).toBe(201);
    expect(titles((await t.api.get(`/v1/spaces/${space}/content/pages`)).body.pages)[0]).toEqual(['Home', ['Child page']]);
    expect((await t.api.post(`/v1/spaces/${space}/content/page/nope/import`, { url: serve('/two.md', '# X\n', 'text/markdown'), source: 'markdown' })).status).toBe(404);

    // Into a change request and one of its pages: the space does not move.
    const before = (await t.api.get(`/v1/spaces/${space}`)).body.revision;
    const cr = await t.api.post(`/v1/spaces/${space}/change-requests`, { subject: 'Import' });
    const inCr = await t.api.post(`/v1/spaces/${space}/change-requests/${cr.body.id}/content/import`, { url, source: 'zip' });
    expect(inCr.status, JSON.stringify(inCr.body)).toBe(201);
    const inCrPage = await t.api.post(`/v1/spaces/${space}/change-requests/${cr.body.id}/content/page/${install.id}/import`, { url: serve('/three.md', '# Windows\n\nUse the installer.\n', 'text/markdown'), source: 'markdown' });
    expect(inCrPage.status, JSON.stringify(inCrPage.body)).toBe(201);
    expect((await t.api.get(`/v1/spaces/${space}`)).body.revision).toBe(before);
    const crPages = (await t.api.get(`/v1/spaces/${space}/change-requests/${cr.body.id}/content/pages`)).body.pages;
    expect(titles(crPages).slice(0, 2)).toEqual([['Home', ['Child page']], ['Guides', [['Install', ['Linux', 'Windows']], 'Upgrade']]]);
    expect(crPages).toHaveLength(4);
  });

  it('imports a zip of HTML pages (index.html per folder) with their images, and more than 20 pages', async () => {
    const space = await newSpace(t);
    const files: Record<string, string | Uint8Array> = {
      'index.html': '<html><head><title>Manual</title></head><body><h1>Manual</h1><p>Read <a href="setup/index.html#top">setup</a>.</p><img src="img/dot.png" alt="dot"></body></html>',
      'setup/index.html': '<html><body><h1>Setup</h1><p>Steps.</p></body></html>',
      'img/dot.png': await png(),
    };
    for (let i = 1; i <= 30; i++) files[`setup/step-${String(i).padStart(2, '0')}.html`] = `<html><body><h1>Step ${i}</h1><p>Do <b>thing</b> ${i}. Back to <a href="../index.html">the manual</a>.</p></body></html>`;
    const r = await t.api.post(`/v1/spaces/${space}/content/import`, { url: serve('/site.zip', zip(files), 'application/zip'), source: 'zip' });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body).toMatchObject({ importedResources: 33, totalResources: 33 });
    const pages = (await t.api.get(`/v1/spaces/${space}/content/pages`)).body.pages;
    expect(pages.map((p: any) => p.title)).toEqual(['Manual']);
    expect(pages[0].pages.map((p: any) => p.title)).toEqual(['Setup']);
    expect(pages[0].pages[0].pages).toHaveLength(30);
    const manual = await t.api.get(`/v1/spaces/${space}/content/page/${pages[0].id}?format=markdown`);
    expect(manual.body.markdown).toContain(`/pages/${pages[0].pages[0].id}#top`);
    expect(manual.body.markdown).toMatch(/\/files\/[\w-]+/);
    const step = await t.api.get(`/v1/spaces/${space}/content/page/${pages[0].pages[0].pages[0].id}?format=markdown`);
    expect(step.body.markdown).toContain('Do **thing** 1.');
    expect(step.body.markdown).toContain(`[the manual](/pages/${pages[0].id})`);
  });

  it('refuses zip bombs, traversal, deep archives, archives without pages and unknown sources with a 400 naming the limit; writes nothing', async () => {
    const space = await newSpace(t);
    const revision = (await t.api.get(`/v1/spaces/${space}`)).body.revision;
    const cases: [Buffer, RegExp][] = [
      [zip({ 'README.md': '# Bomb\n', 'zeros.bin': new Uint8Array(8 * 1024 * 1024) }, 9), /ratio of 200:1/],
      [zip({ 'README.md': '# Up\n', '../../etc/evil.md': '# Evil\n' }), /leaves the archive/],
      [zip({ 'README.md': '# Deep\n', [`${'d/'.repeat(40)}x.md`]: '# X\n' }), /more than the limit of 32 folders/],
      [zip({ 'a.txt': 'hello', 'b.csv': '1,2' }), /no markdown.*or HTML/],
      [Buffer.from('not a zip at all'), /not a ZIP archive/],
    ];
    for (const [bytes, message] of cases) {
      const r = await t.api.post(`/v1/spaces/${space}/content/import`, { url: serve('/bad.zip', bytes, 'application/zip'), source: 'zip' });
      expect(r.status, message.source).toBe(400);
      expect(r.body.error.message).toMatch(/\/body\/url/);
      expect(r.body.error.message).toMatch(message);
    }
    const google = await t.api.post(`/v1/spaces/${space}/content/import`, { url: serve('/x', 'x', 'text/plain'), source: 'google-docs' });
    expect(google.status).toBe(400);
    expect(google.body.error.message).toMatch(/\/body\/source.*"google-docs".*markdown, html, docx, zip, website/);
    expect((await t.api.get(`/v1/spaces/${space}`)).body.revision).toBe(revision);
    expect((await t.as('reader').post(`/v1/spaces/${space}/content/import`, { url: serve('/y.md', '# Y\n', 'text/markdown'), source: 'markdown' })).status).toBe(403);
  });

  it('runs every import as a durable job whose status and progress are visible (GitBook\'s import runs)', async () => {
    const space = await newSpace(t);
    const md = serve('/guide.md', '# Guide\n\nRead **this**.\n', 'text/markdown');
    const html = serve('/faq.html', '<html><head><title>FAQ</title></head><body><main><h1>FAQ</h1><p>Yes.</p></main></body></html>', 'text/html');
    // Started through GitBook's current API: answered at once, pending; the job does the work.
    const started = await t.as('editor').post(`/v1/org/${t.org}/imports`, { source: { type: 'file', files: [md, html] }, target: { space } });
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    expect(started.body).toMatchObject({ object: 'import-run', status: 'pending', target: { space }, source: { type: 'file', files: [md, html] }, progress: { stage: 'queued' }, pages: [] });
    expect(started.headers.get('location')).toBe(started.body.urls.location);
    const before = (await t.api.get(`/v1/spaces/${space}`)).body.revision;
    expect((await t.api.get(`/v1/org/${t.org}/imports/${started.body.id}`)).body.status).toBe('pending');
    const listed = await t.as('editor').get(`/v1/org/${t.org}/imports?space=${space}&status=active`);
    expect(listed.body.items.map((r: any) => r.id)).toEqual([started.body.id]);
    await runDueJobs(server.ctx, { handlers: { [JOB_TYPES.importContent]: jobHandlers[JOB_TYPES.importContent]! } });
    const done = (await t.api.get(`/v1/org/${t.org}/imports/${started.body.id}`)).body;
    const revision = (await t.api.get(`/v1/spaces/${space}`)).body.revision;
    expect(revision).not.toBe(before);
    expect(done).toMatchObject({ status: 'completed', revision, importedResources: 2, totalResources: 2, progress: { stage: 'done', read: 2 } });
    expect(done.pages).toHaveLength(2);
    expect(titles((await t.api.get(`/v1/spaces/${space}/content/pages`)).body.pages)).toEqual(['Guide', 'FAQ']);
    // Readers see runs of spaces they may see, not start or cancel them; other organizations see nothing.
    expect((await t.as('reader').get(`/v1/org/${t.org}/imports/${started.body.id}`)).status).toBe(200);
    expect((await t.as('reader').post(`/v1/org/${t.org}/imports`, { source: { type: 'website', url: html }, target: { space } })).status).toBe(403);
    const other = await createTenant(server);
    expect((await other.api.get(`/v1/org/${other.org}/imports/${started.body.id}`)).status).toBe(404);
    expect((await other.api.get(`/v1/org/${t.org}/imports/${started.body.id}`)).status).toBe(404);
    // A file whose kind its name does not say: 400 naming it, before anything is recorded.
    const unnamed = await t.api.post(`/v1/org/${t.org}/imports`, { source: { type: 'file', files: [md, `${origin}/notes.txt`] }, target: { space } });
    expect(unnamed.status).toBe(400);
    expect(unnamed.body.error.message).toMatch(/\/body\/source\/files\/1/);

    // A pending run can be cancelled: it then commits nothing; a settled run cannot.
    const second = await t.api.post(`/v1/org/${t.org}/imports`, { source: { type: 'file', files: [md] }, target: { space } });
    const cancelled = await t.as('editor').post(`/v1/org/${t.org}/imports/${second.body.id}/cancel`);
    expect(cancelled.body).toMatchObject({ status: 'cancelled' });
    await runDueJobs(server.ctx, { handlers: { [JOB_TYPES.importContent]: jobHandlers[JOB_TYPES.importContent]! } });
    expect((await t.api.get(`/v1/spaces/${space}`)).body.revision).toBe(revision);
    expect((await t.api.post(`/v1/org/${t.org}/imports/${second.body.id}/cancel`)).status).toBe(400);

    // The older endpoint runs the same job and answers when it is done; a failure is recorded with its reason.
    const legacy = await t.api.post(`/v1/spaces/${space}/content/import`, { url: md, source: 'markdown' });
    expect(legacy.status).toBe(201);
    const failed = await t.api.post(`/v1/spaces/${space}/content/import`, { url: serve('/bad.zip', 'not a zip', 'application/zip'), source: 'zip' });
    expect(failed.status).toBe(400);
    const runs = (await t.api.get(`/v1/org/${t.org}/imports?space=${space}`)).body.items;
    expect(runs.map((r: any) => r.status)).toEqual(['failed', 'completed', 'cancelled', 'completed']);
    expect(runs[0].reason).toMatch(/not a ZIP archive/);
    expect(runs[1]).toMatchObject({ revision: legacy.body.revision, source: { type: 'file', files: [md], format: 'markdown' } });
  });

  it('crawls a website below the URL on the same origin, bounded, links between pages become page links', async () => {
    const space = await newSpace(t);
    const base = `/f${++n}`;
    const page = (title: string, body: string) => `<html><head><title>${title}</title></head><body><main><h1>${title}</h1>${body}</main></body></html>`;
    served.set(`${base}/docs/`, { type: 'text/html', body: Buffer.from(page('Docs', '<a href="guide/">Guide</a> <a href="api">API</a> <a href="/outside">Outside</a> <a href="https://example.com/x">Elsewhere</a> <a href="logo.png">Logo</a>')) });
    served.set(`${base}/docs/guide/`, { type: 'text/html', body: Buffer.from(page('Guide', '<a href="install">Install</a> <a href="../">Docs</a>')) });
    served.set(`${base}/docs/guide/install`, { type: 'text/html', body: Buffer.from(page('Install', '<p>Run <code>make</code>. See <a href="../api#auth">auth</a>.</p><a href="missing">Gone</a>')) });
    served.set(`${base}/docs/api`, { type: 'text/html', body: Buffer.from(page('API', '<h2 id="auth">Auth</h2><p>Tokens.</p>')) });
    served.set(`${base}/outside`, { type: 'text/html', body: Buffer.from(page('Outside', '')) });
    const r = await t.api.post(`/v1/spaces/${space}/content/import`, { url: `${origin}${base}/docs/`, source: 'website' });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    // Found: docs, guide, api, install, missing (404: skipped).
    expect(r.body).toMatchObject({ importedResources: 4, totalResources: 5 });
    const pages = (await t.api.get(`/v1/spaces/${space}/content/pages`)).body.pages;
    expect(titles(pages)).toEqual(['Docs', ['Guide', ['Install']], 'API']);
    const install = await t.api.get(`/v1/spaces/${space}/content/page/${pages[1].pages[0].id}?format=markdown`);
    expect(install.body.markdown).toContain(`[auth](/pages/${pages[2].id}#auth)`);
    const docs = await t.api.get(`/v1/spaces/${space}/content/page/${pages[0].id}?format=markdown`);
    expect(docs.body.markdown).toContain('https://example.com/x');
    expect(docs.body.markdown).toContain(`${origin}/outside`);
  });
});

describe('content import jobs and faults', () => {
  it('ends a run whose page is past a content limit with that limit named (422), not an internal error after three attempts', async () => {
    const t = await createTenant(server);
    const space = await newSpace(t);
    // A table of 2,000 columns: past the 1,000 columns a table may have, on every attempt.
    const html = serve('/wide.html', `<html><body><table><tr>${'<td>x</td>'.repeat(2_000)}</tr></table></body></html>`, 'text/html');
    const started = await t.api.post(`/v1/org/${t.org}/imports`, { source: { type: 'file', files: [html] }, target: { space } });
    expect(started.status).toBe(201);
    const id = started.body.id as string;
    for (let i = 0; i < 10; i++) {
      await runDueJobs(server.ctx, { handlers: { [JOB_TYPES.importContent]: jobHandlers[JOB_TYPES.importContent]! } });
      if ((await t.api.get(`/v1/org/${t.org}/imports/${id}`)).body.status !== 'in-progress') break;
      server.clock.advance(60_000);
    }
    const run = (await t.api.get(`/v1/org/${t.org}/imports/${id}`)).body;
    expect(run.status).toBe('failed');
    expect(run.reason).toMatch(/^\/body\/url: .*\(limit: 1,000 table columns\)/);
    expect(run.reason).not.toMatch(/internal error/);
  });

  it('completes a run in the transaction of its commit: when the completion cannot be written nothing is committed, and the retried job imports once', async () => {
    const t = await createTenant(server);
    const space = await newSpace(t);
    const md = serve('/once.md', '# Once\n\nImported once.\n', 'text/markdown');
    const html = serve('/twice.html', '<html><body><main><h1>Not twice</h1><p>.</p></main></body></html>', 'text/html');
    const started = await t.api.post(`/v1/org/${t.org}/imports`, { source: { type: 'file', files: [md, html] }, target: { space } });
    expect(started.status).toBe(201);
    const id = started.body.id as string;
    const before = (await t.api.get(`/v1/spaces/${space}`)).body.revision;
    // A fault in the database (as a worker dying there would be): writing this run's completion fails.
    const removeFault = await failWhenCompleted(server, 'content_imports', id);
    try {
      await runDueJobs(server.ctx, { handlers: { [JOB_TYPES.importContent]: jobHandlers[JOB_TYPES.importContent]! } });
      // Before: the pages were committed, the run stayed in progress, and the retry imported them a second time.
      expect((await t.api.get(`/v1/spaces/${space}`)).body.revision).toBe(before);
      expect((await t.api.get(`/v1/org/${t.org}/imports/${id}`)).body.status).toBe('in-progress');
    } finally {
      await removeFault();
    }
    server.clock.advance(60_000);
    await runDueJobs(server.ctx, { handlers: { [JOB_TYPES.importContent]: jobHandlers[JOB_TYPES.importContent]! } });
    const done = (await t.api.get(`/v1/org/${t.org}/imports/${id}`)).body;
    expect(done).toMatchObject({ status: 'completed', importedResources: 2 });
    expect(titles((await t.api.get(`/v1/spaces/${space}/content/pages`)).body.pages)).toEqual(['Once', 'Not twice']);
    // Run once more (as after a worker dying before the job was marked done): the settled run imports nothing.
    await server.ctx.db.updateTable('jobs').set({ status: 'queued', run_at: server.clock.now().toISOString() }).where('type', '=', JOB_TYPES.importContent).where('payload', 'like', `%${id}%`).execute();
    await runDueJobs(server.ctx, { handlers: { [JOB_TYPES.importContent]: jobHandlers[JOB_TYPES.importContent]! } });
    expect((await t.api.get(`/v1/spaces/${space}`)).body.revision).toBe(done.revision);
  });
});

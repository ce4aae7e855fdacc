// Content: revisions, pages (every field, markdown <-> document through the API), paths, files (upload, dimensions,
// download), editing (create, update, move, delete, batch), revisions sharing what did not change, If-Match and
// concurrent writers, locked spaces, permissions.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GitBookAPI } from '@gitbook/api';
import { addMember, createOrganization, createUser, startTestServer, type TestApi, type TestServer } from '../src/testing/index.js';
import { findPage, findPageByPath, loadContent } from '../src/engine/index.js';
import { usersRepo } from '../src/repos/users.repo.js';
import { userAsActor } from '../src/services/auth.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server?.close());

async function tenant(roles: Record<string, string | null> = {}) {
  const owner = await createUser(server, 'Owner');
  const org = (await createOrganization(server, owner)).id as string;
  const users: Record<string, Awaited<ReturnType<typeof createUser>>> = { owner };
  for (const [name, role] of Object.entries(roles)) {
    users[name] = await createUser(server, name);
    await addMember(server, org, owner, users[name]!, role);
  }
  const api = server.api(owner.token);
  const space = await api.post(`/v1/orgs/${org}/spaces`, { title: 'Docs' });
  expect(space.status).toBe(201);
  return { org, owner, users, api, spaceId: space.body.id as string, base: `/v1/spaces/${space.body.id}` };
}

async function createPage(api: TestApi, base: string, body: Record<string, unknown>) {
  const r = await api.post(`${base}/content/pages`, body);
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body;
}

const fixture = (name: string) => readFileSync(join(import.meta.dirname, '../src/content/fixtures', name), 'utf8');

// A 1x1 PNG, a 3x2 GIF, a 5x4 JPEG header, a 7x6 WebP (VP8X) header.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const GIF = Buffer.concat([Buffer.from('GIF89a'), Buffer.from([3, 0, 2, 0]), Buffer.alloc(20)]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x04, 0x00, 0x00, 0xff, 0xc0, 0x00, 0x11, 0x08, 0x00, 0x04, 0x00, 0x05, 0x03, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
const WEBP = Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WEBPVP8X'), Buffer.alloc(8), Buffer.from([6, 0, 0, 5, 0, 0])]);

async function rawPost(token: string, path: string, data: Buffer | string, contentType: string) {
  const res = await fetch(server.url + path, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': contentType }, body: data });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : undefined };
}

async function upload(token: string, base: string, name: string, data: Buffer, contentType = 'application/octet-stream') {
  const r = await rawPost(token, `${base}/content/files?name=${encodeURIComponent(name)}`, data, contentType);
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r;
}

describe('reading an empty space', () => {
  it('has a revision without pages or files; unknown pages, paths, files and revisions are 404 with a message', async () => {
    const { api, base, spaceId } = await tenant();
    const rev = await api.get(`${base}/content`);
    expect(rev.status).toBe(200);
    expect(rev.body).toMatchObject({ object: 'revision', pages: [], files: [], reusableContents: [], type: 'edits', parents: [], variables: {} });
    const space = await api.get(base);
    expect(rev.body.id).toBe(space.body.revision);
    expect(rev.headers.get('etag')).toBe(`"${rev.body.id}"`);
    expect((await api.get(`${base}/content/pages`)).body).toEqual({ pages: [] });
    expect((await api.get(`${base}/content/files`)).body).toEqual({ items: [], count: 0 });
    for (const path of [`${base}/content/page/nope`, `${base}/content/path/a/b`, `${base}/content/files/nope`, `/v1/spaces/${spaceId}/revisions/nope`]) {
      const r = await api.get(path);
      expect(r.status, path).toBe(404);
      expect(r.body.error.message).toMatch(/not found|No page/i);
    }
    expect((await api.get(`${base}/revisions/${rev.body.id}`)).body).toEqual(rev.body);
  });
});

describe('pages', () => {
  it('creates pages with every field, nested, with paths from slugs, readable by id and by path', async () => {
    const { api, base, spaceId } = await tenant();
    const guide = await createPage(api, base, { title: 'User Guide', type: 'group', emoji: '📘' });
    expect(guide).toMatchObject({ title: 'User Guide', type: 'group', kind: 'group', slug: 'user-guide', path: 'user-guide', emoji: '📘', pages: [] });
    const install = await createPage(api, base, {
      title: 'Install it', parent: guide.id, markdown: '# Install\n\nRun it.\n', description: 'How to install', icon: 'download',
      hidden: true, noIndex: true, noRobotsIndex: true, layout: { width: 'wide', tableOfContents: false },
    });
    expect(install).toMatchObject({
      title: 'Install it', type: 'document', kind: 'sheet', slug: 'install-it', path: 'user-guide/install-it', description: 'How to install',
      icon: 'download', hidden: true, noIndex: true, noRobotsIndex: true, layout: { width: 'wide', tableOfContents: false },
      markdown: '# Install\n\nRun it.\n', urls: { app: expect.stringContaining(`/s/${spaceId}/user-guide/install-it`) },
    });
    const deep = await createPage(api, base, { title: 'Linux', parent: install.id, slug: 'on-linux' });
    expect(deep.path).toBe('user-guide/install-it/on-linux');
    const link = await createPage(api, base, { title: 'Website', type: 'link', href: 'https://example.com' });
    expect(link).toMatchObject({ type: 'link', kind: 'link', href: 'https://example.com', target: { kind: 'url', url: 'https://example.com' } });
    expect(link.slug).toBeUndefined();

    const byId = await api.get(`${base}/content/page/${install.id}?format=markdown`);
    expect(byId.status).toBe(200);
    expect(byId.body).toMatchObject({ id: install.id, markdown: '# Install\n\nRun it.\n', pages: [{ id: deep.id, path: 'user-guide/install-it/on-linux' }] });
    // The path may contain slashes, sent unencoded (as the official client does) or encoded.
    for (const p of ['user-guide/install-it/on-linux', 'user-guide%2Finstall-it%2Fon-linux']) {
      const byPath = await api.get(`${base}/content/path/${p}?format=markdown`);
      expect(byPath.status, p).toBe(200);
      expect(byPath.body.id).toBe(deep.id);
    }
    expect((await api.get(`${base}/content/path/user-guide`)).body.id).toBe(guide.id);
    expect((await api.get(`${base}/content/path/user-guide/nope`)).status).toBe(404);

    const tree = await api.get(`${base}/content/pages`);
    expect(tree.body.pages.map((p: any) => p.id)).toEqual([guide.id, link.id]);
    expect(tree.body.pages[0].pages[0].pages[0]).toMatchObject({ id: deep.id, path: 'user-guide/install-it/on-linux' });
    expect(tree.body.pages[0].pages[0].markdown).toBeUndefined();
    const rev = await api.get(`${base}/content`);
    expect(rev.body.pages).toEqual(tree.body.pages);
    expect(rev.body.parents).toHaveLength(1);
  });

  it('keeps slugs unique among siblings: derived slugs get a suffix, a given one that is taken is a 409', async () => {
    const { api, base } = await tenant();
    const a = await createPage(api, base, { title: 'Setup' });
    const b = await createPage(api, base, { title: 'Setup' });
    expect([a.slug, b.slug]).toEqual(['setup', 'setup-2']);
    const clash = await api.post(`${base}/content/pages`, { title: 'Other', slug: 'setup' });
    expect(clash.status).toBe(409);
    expect(clash.body.error.message).toMatch(/slug/);
    const rename = await api.patch(`${base}/content/page/${b.id}`, { slug: 'setup' });
    expect(rename.status).toBe(409);
    // The same slug under another parent is fine.
    const child = await createPage(api, base, { title: 'Setup', parent: a.id });
    expect(child.path).toBe('setup/setup');
  });

  it('updates every field (null clears), keeps the slug when the title changes, and no-op updates make no revision', async () => {
    const { api, base } = await tenant();
    const p = await createPage(api, base, { title: 'Page', emoji: '🙂', description: 'd', markdown: 'Hello' });
    const before = (await api.get(base)).body.revision;
    const r = await api.patch(`${base}/content/page/${p.id}`, {
      title: 'Renamed', emoji: null, icon: 'book', description: null, markdown: '* one\n* two\n', hidden: true,
      cover: null, layout: { width: 'default', cover: true, coverSize: 'hero', title: true, description: false, tableOfContents: true, outline: true, pagination: false, metadata: true },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ title: 'Renamed', slug: 'page', icon: 'book', hidden: true, markdown: '* one\n* two\n', layout: { coverSize: 'hero' } });
    expect(r.body.emoji).toBeUndefined();
    expect(r.body.description).toBeUndefined();
    const after = (await api.get(base)).body.revision;
    expect(after).not.toBe(before);
    expect(r.headers.get('etag')).toBe(`"${after}"`);
    const same = await api.patch(`${base}/content/page/${p.id}`, { title: 'Renamed' });
    expect(same.status).toBe(200);
    expect((await api.get(base)).body.revision).toBe(after);
    const slug = await api.patch(`${base}/content/page/${p.id}`, { slug: 'new-slug' });
    expect(slug.body.path).toBe('new-slug');
    expect((await api.get(`${base}/content/path/new-slug`)).body.id).toBe(p.id);
    expect((await api.get(`${base}/content/path/page`)).status).toBe(404);
  });

  it('moves pages under another parent and among siblings; refuses moving a page into itself', async () => {
    const { api, base } = await tenant();
    const a = await createPage(api, base, { title: 'A' });
    const b = await createPage(api, base, { title: 'B' });
    const c = await createPage(api, base, { title: 'C' });
    const a1 = await createPage(api, base, { title: 'A1', parent: a.id });
    const m = await api.post(`${base}/content/page/${c.id}/move`, { position: { before: a.id } });
    expect(m.status, JSON.stringify(m.body)).toBe(200);
    expect((await api.get(`${base}/content/pages`)).body.pages.map((p: any) => p.title)).toEqual(['C', 'A', 'B']);
    const under = await api.post(`${base}/content/page/${b.id}/move`, { parent: a.id, position: { before: a1.id } });
    expect(under.body.path).toBe('a/b');
    expect((await api.get(`${base}/content/page/${a.id}`)).body.pages.map((p: any) => p.title)).toEqual(['B', 'A1']);
    const back = await api.post(`${base}/content/page/${b.id}/move`, { parent: null });
    expect(back.body.path).toBe('b');
    const into = await api.post(`${base}/content/page/${a.id}/move`, { parent: a1.id });
    expect(into.status).toBe(400);
    expect(into.body.error.message).toMatch(/descendants/);
    expect((await api.post(`${base}/content/page/${a.id}/move`, { position: { after: 'nope' } })).status).toBe(400);
    expect((await api.post(`${base}/content/page/nope/move`, { parent: null })).status).toBe(404);
    // Moving next to a sibling with the same slug renames the moved page.
    const x = await createPage(api, base, { title: 'A1' });
    const moved = await api.post(`${base}/content/page/${x.id}/move`, { parent: a.id });
    expect(moved.body.path).toBe('a/a1-2');
  });

  it('deletes a page with its subpages (204, also when it does not exist)', async () => {
    const { api, base } = await tenant();
    const a = await createPage(api, base, { title: 'A' });
    const a1 = await createPage(api, base, { title: 'A1', parent: a.id });
    const before = (await api.get(base)).body.revision;
    const d = await api.delete(`${base}/content/page/${a.id}`);
    expect(d.status).toBe(204);
    expect((await api.get(`${base}/content/page/${a1.id}`)).status).toBe(404);
    expect((await api.get(`${base}/content/path/a/a1`)).status).toBe(404);
    expect((await api.get(`${base}/content/pages`)).body.pages).toEqual([]);
    const rev = (await api.get(base)).body.revision;
    expect(rev).not.toBe(before);
    expect((await api.delete(`${base}/content/page/${a.id}`)).status).toBe(204);
    expect((await api.get(base)).body.revision).toBe(rev);
    // The old revision still has the pages.
    const old = await api.get(`${base}/revisions/${before}`);
    expect(old.body.pages.map((p: any) => p.id)).toEqual([a.id]);
  });

  it('validates input and names the field', async () => {
    const { api, base } = await tenant();
    for (const [body, field] of [
      [{}, 'title'],
      [{ title: '' }, '/body/title'],
      [{ title: 'x', slug: 'a b' }, '/body/slug'],
      [{ title: 'x', type: 'nope' }, '/body/type'],
      [{ title: 'x', layout: { width: 'huge' } }, '/body/layout/width'],
      [{ title: 'x', nope: 1 }, 'nope'],
      [{ title: 'x', type: 'link' }, '/body/href'],
      [{ title: 'x', parent: 'missing-parent' }, '/body/parent'],
      [{ title: 'x', cover: { ref: { kind: 'file', file: 'nofile' } } }, '/body/cover/ref/file'],
    ] as const) {
      const r = await api.post(`${base}/content/pages`, body);
      expect([400, 404], JSON.stringify(body)).toContain(r.status);
      expect(JSON.stringify(r.body), JSON.stringify(body)).toContain(field);
    }
  });
});

describe('markdown <-> document through the API', () => {
  const corpus = ['readme.md', 'headings.md', 'nested-lists.md', 'tables.md', 'code-blocks.md', 'images.md', 'links.md', 'hints.md', 'task-lists.md', 'gitbook-page.md', 'gitbook-blocks.md'];

  it('stores normalised markdown, serves it as a document that writes back to the same markdown', async () => {
    const { api, base } = await tenant();
    for (const name of corpus) {
      const source = fixture(name);
      const p = await createPage(api, base, { title: name, markdown: source });
      expect(p.markdown, name).toBe(fixture(name.replace('.md', '.normalized.md')));
      const doc = await api.get(`${base}/content/page/${p.id}?format=document`);
      expect(doc.status).toBe(200);
      expect(doc.body.document.object).toBe('document');
      expect(doc.body.markdown).toBeUndefined();
      // Writing the document back as the page's content changes nothing.
      const before = (await api.get(base)).body.revision;
      const back = await api.patch(`${base}/content/page/${p.id}`, { document: doc.body.document });
      expect(back.status, name).toBe(200);
      expect(back.body.markdown, name).toBe(p.markdown);
      expect((await api.get(base)).body.revision, name).toBe(before);
      // A page created from the document has the same markdown.
      const copy = await createPage(api, base, { title: `${name} copy`, document: doc.body.document });
      expect(copy.markdown, name).toBe(p.markdown);
    }
    const bad = await api.post(`${base}/content/pages`, { title: 'Bad', document: { object: 'document', nodes: [{ object: 'block', type: 'nope' }] } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toContain('/body/document');
  });

  it("shows GitBook's tabs, steppers, columns, expandables and embeds as blocks, and takes them as blocks", async () => {
    const { api, base, spaceId } = await tenant();
    const p = await createPage(api, base, { title: 'Blocks', markdown: fixture('gitbook-blocks.md') });
    const doc = (await api.get(`${base}/content/page/${p.id}?format=document`)).body.document;
    const top = doc.nodes.map((n: { type: string }) => n.type);
    for (const type of ['tabs', 'stepper', 'columns', 'embed', 'expandable']) expect(top, type).toContain(type);
    const tabs = doc.nodes.find((n: { type: string }) => n.type === 'tabs');
    expect(tabs.nodes.map((t: { type: string; data: { title: string } }) => `${t.type}:${t.data.title}`)).toEqual(['tabs-item:macOS', 'tabs-item:Linux & BSD']);
    // The same through getPageDocumentInRevisionById.
    const rev = (await api.get(base)).body.revision;
    const inRevision = await api.get(`/v1/spaces/${spaceId}/revisions/${rev}/page/${p.id}/document`);
    expect(inRevision.status).toBe(200);
    expect(inRevision.body.nodes.map((n: { type: string }) => n.type)).toEqual(top);

    // A client writes GitBook's blocks: stored as the tag lines GitBook's Git Sync writes.
    const para = (text: string) => ({ object: 'block', type: 'paragraph', data: {}, nodes: [{ object: 'text', leaves: [{ object: 'leaf', text, marks: [] }] }] });
    const made = await createPage(api, base, {
      title: 'Made',
      document: {
        object: 'document',
        nodes: [
          { object: 'block', type: 'tabs', data: {}, nodes: [{ object: 'block', type: 'tabs-item', data: { title: 'npm' }, nodes: [para('npm i x')] }, { object: 'block', type: 'tabs-item', data: { title: 'pnpm' }, nodes: [para('pnpm add x')] }] },
          { object: 'block', type: 'embed', isVoid: true, data: { url: 'https://www.youtube.com/watch?v=x' }, nodes: [] },
          { object: 'block', type: 'expandable', isVoid: true, data: {}, nodes: [], fragments: [
            { object: 'fragment', fragment: 'expandable-title', type: 'expandable-title', nodes: [para('FAQ')] },
            { object: 'fragment', fragment: 'expandable-body', type: 'expandable-body', nodes: [para('Answer.')] },
          ] },
        ],
      },
    });
    expect(made.markdown).toBe('{% tabs %}\n{% tab title="npm" %}\nnpm i x\n{% endtab %}\n\n{% tab title="pnpm" %}\npnpm add x\n{% endtab %}\n{% endtabs %}\n\n{% embed url="https://www.youtube.com/watch?v=x" %}\n\n<details>\n\n<summary>FAQ</summary>\n\nAnswer.\n\n</details>\n');
    const shown = (await api.get(`${base}/content/page/${made.id}?format=document`)).body.document;
    expect(shown.nodes.map((n: { type: string }) => n.type)).toEqual(['tabs', 'embed', 'expandable']);

    // Blocks that cannot be written as tag lines are refused, naming the node; nothing is written.
    const before = (await api.get(base)).body.revision;
    const bad = await api.post(`${base}/content/pages`, { title: 'Bad', document: { object: 'document', nodes: [{ object: 'block', type: 'tabs', data: {}, nodes: [para('loose')] }] } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toContain('/body/document/nodes/0/nodes/0/type');
    const stray = await api.patch(`${base}/content/page/${made.id}`, { document: { object: 'document', nodes: [{ object: 'block', type: 'column', data: {}, nodes: [] }] } });
    expect(stray.status).toBe(400);
    expect((await api.get(base)).body.revision).toBe(before);
  });
});

describe("GitBook's content-ref, file and reusable-content blocks", () => {
  it('are shown as blocks, taken as blocks (stored as the tag lines GitBook writes), and counted as links', async () => {
    const { api, base, owner } = await tenant();
    const target = await createPage(api, base, { title: 'Target', markdown: 'Here.' });
    const file = (await upload(owner.token, base, 'guide.pdf', Buffer.from('%PDF-1.4'), 'application/pdf')).body;
    const para = (text: string) => ({ object: 'block', type: 'paragraph', data: {}, nodes: [{ object: 'text', leaves: [{ object: 'leaf', text, marks: [] }] }] });
    const blocks = [
      { object: 'block', type: 'content-ref', isVoid: true, data: { ref: { kind: 'page', page: target.id } }, nodes: [] },
      { object: 'block', type: 'content-ref', isVoid: true, data: { ref: { kind: 'url', url: 'https://example.com/docs' } }, nodes: [] },
      { object: 'block', type: 'file', isVoid: true, data: { ref: { kind: 'file', file: file.id } }, nodes: [], fragments: [{ object: 'fragment', fragment: 'caption', type: 'caption', nodes: [para('The guide.')] }] },
      { object: 'block', type: 'reusable-content', isVoid: true, data: { ref: { kind: 'reusable-content', reusableContent: 'rc1' } }, nodes: [] },
    ];
    const made = await createPage(api, base, { title: 'Refs', document: { object: 'document', nodes: blocks } });
    expect(made.markdown).toBe([
      `{% content-ref url="/pages/${target.id}" %}`, `[${target.id}](/pages/${target.id})`, '{% endcontent-ref %}', '',
      '{% content-ref url="https://example.com/docs" %}', '[https://example.com/docs](https://example.com/docs)', '{% endcontent-ref %}', '',
      `{% file src="/files/${file.id}" %}`, 'The guide.', '{% endfile %}', '',
      '{% include "/reusable-content/rc1" %}', '',
    ].join('\n'));
    // Read back as the same blocks (page reads and documents of a revision alike).
    const shown = (await api.get(`${base}/content/page/${made.id}?format=document`)).body.document;
    expect(shown.nodes.map((n: { type: string; data: unknown }) => [n.type, n.data])).toEqual(blocks.map((b) => [b.type, b.data]));
    expect(shown.nodes[2].fragments[0].nodes[0].nodes[0].leaves[0].text).toBe('The guide.');
    const rev = (await api.get(base)).body.revision;
    const inRevision = await api.get(`/v1/spaces/${(await api.get(base)).body.id}/revisions/${rev}/page/${made.id}/document`);
    expect(inRevision.body.nodes.map((n: { type: string }) => n.type)).toEqual(['content-ref', 'content-ref', 'file', 'reusable-content']);
    // Markdown in GitBook's form folds too: a content-ref whose link is the one GitBook writes.
    const md = await createPage(api, base, { title: 'Md', markdown: `{% content-ref url="/pages/${target.id}" %}\n[${target.id}](/pages/${target.id})\n{% endcontent-ref %}\n\n{% content-ref url="/pages/${target.id}" %}\n[Another label](/pages/${target.id})\n{% endcontent-ref %}\n` });
    const mdDoc = (await api.get(`${base}/content/page/${md.id}?format=document`)).body.document;
    expect(mdDoc.nodes.map((n: { type: string }) => n.type)).toEqual(['content-ref', 'paragraph', 'paragraph', 'paragraph']);

    // A content-ref counts as a link to its page, a file block as one to its file.
    const back = await api.get(`${base}/content/page/${target.id}/backlinks`);
    expect(back.body.items.map((l: { page: string }) => l.page).sort()).toEqual([made.id, md.id].sort());
    const fileBack = await api.get(`${base}/content/files/${file.id}/backlinks`);
    expect(fileBack.body.items.map((l: { page: string }) => l.page)).toEqual([made.id]);
    const links = await api.get(`${base}/content/page/${made.id}/links`);
    expect(links.body.items).toHaveLength(3);

    // What has no tag line is refused with 400 naming the field; nothing is written.
    const before = (await api.get(base)).body.revision;
    for (const [node, field] of [
      [{ object: 'block', type: 'content-ref', isVoid: true, data: { ref: { kind: 'space', space: 'other' } }, nodes: [] }, '/body/document/nodes/0/data/ref/kind'],
      [{ object: 'block', type: 'file', isVoid: true, data: { ref: { kind: 'url', url: 'https://x.io/a.pdf' } }, nodes: [] }, '/body/document/nodes/0/data/ref'],
      [{ object: 'block', type: 'reusable-content', isVoid: true, data: { ref: { kind: 'reusable-content', reusableContent: 'a b' } }, nodes: [] }, '/body/document/nodes/0/data/ref/reusableContent'],
    ] as const) {
      const bad = await api.patch(`${base}/content/page/${made.id}`, { document: { object: 'document', nodes: [node] } });
      expect(bad.status, JSON.stringify(bad.body)).toBe(400);
      expect(bad.body.error.message).toContain(field);
    }
    expect((await api.get(base)).body.revision).toBe(before);
  });

  it("GitBook's OpenAPI block (swagger) and old page-ref: taken, stored as their tag lines, read back the same; refused with the field named", async () => {
    const { api, base, owner } = await tenant();
    const target = await createPage(api, base, { title: 'Target', markdown: 'Here.' });
    const spec = (await upload(owner.token, base, 'api.yaml', Buffer.from('openapi: 3.0.0\n'), 'application/yaml')).body;
    const blocks = [
      { object: 'block', type: 'swagger', isVoid: true, data: { ref: { kind: 'file', file: spec.id }, path: '/pets/{id}', method: 'get' }, nodes: [] },
      { object: 'block', type: 'swagger', isVoid: true, data: { ref: { kind: 'url', url: 'https://example.com/openapi.json' }, path: '/pets', method: 'post', legacyTag: 'swagger' }, nodes: [] },
      { object: 'block', type: 'content-ref', isVoid: true, data: { ref: { kind: 'page', page: target.id }, legacyTag: 'page-ref' }, nodes: [] },
    ];
    const made = await createPage(api, base, { title: 'API', document: { object: 'document', nodes: blocks } });
    expect(made.markdown).toBe([
      `{% openapi src="/files/${spec.id}" path="/pets/{id}" method="get" %}`, `[${spec.id}](/files/${spec.id})`, '{% endopenapi %}', '',
      '{% swagger src="https://example.com/openapi.json" path="/pets" method="post" %}', '[https://example.com/openapi.json](https://example.com/openapi.json)', '{% endswagger %}', '',
      `{% page-ref page="/pages/${target.id}" %}`, '',
    ].join('\n'));
    const shown = (await api.get(`${base}/content/page/${made.id}?format=document`)).body.document;
    expect(shown.nodes.map((n: { type: string; data: unknown }) => [n.type, n.data])).toEqual(blocks.map((b) => [b.type, b.data]));
    // Writing back what was read changes nothing: no new revision.
    const before = (await api.get(base)).body.revision;
    expect((await api.patch(`${base}/content/page/${made.id}`, { document: shown })).status).toBe(200);
    expect((await api.get(`${base}/content/page/${made.id}?format=markdown`)).body.markdown).toBe(made.markdown);
    expect((await api.get(base)).body.revision).toBe(before);
    for (const [node, field] of [
      [{ object: 'block', type: 'swagger', isVoid: true, data: { ref: { kind: 'page', page: target.id }, path: '/a', method: 'get' }, nodes: [] }, '/body/document/nodes/0/data/ref'],
      [{ object: 'block', type: 'swagger', isVoid: true, data: { ref: { kind: 'url', url: 'https://x.io/o.json' }, path: '/a "b"', method: 'get' }, nodes: [] }, '/body/document/nodes/0/data/path'],
      [{ object: 'block', type: 'content-ref', isVoid: true, data: { ref: { kind: 'page', page: target.id }, legacyTag: 'embed' }, nodes: [] }, '/body/document/nodes/0/data/legacyTag'],
    ] as const) {
      const bad = await api.patch(`${base}/content/page/${made.id}`, { document: { object: 'document', nodes: [node] } });
      expect(bad.status, JSON.stringify(bad.body)).toBe(400);
      expect(bad.body.error.message).toContain(field);
    }
    expect((await api.get(`${base}/content/page/${made.id}?format=markdown`)).body.markdown).toBe(made.markdown);
    expect((await api.get(base)).body.revision).toBe(before);
  });
});

describe('batch edits, revisions and concurrency', () => {
  it('applies a batch atomically as one revision; a failing edit applies none', async () => {
    const { api, base } = await tenant();
    const before = (await api.get(base)).body.revision;
    const r = await api.post(`${base}/content/edits`, {
      edits: [
        { op: 'createPage', page: { id: 'group-one', title: 'Group', type: 'group' } },
        { op: 'createPage', page: { title: 'First', parent: 'group-one', markdown: 'One' } },
        { op: 'createPage', page: { id: 'second-page', title: 'Second', parent: 'group-one' } },
        { op: 'updatePage', pageId: 'second-page', page: { emoji: '✌️' } },
        { op: 'movePage', pageId: 'second-page', parent: 'group-one', position: { before: undefined } },
        { op: 'setVariables', variables: { product: 'Bindery', version: '1' } },
      ],
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.pages).toHaveLength(3);
    expect(r.body.pages[0]).toBe('group-one');
    const rev = await api.get(`${base}/content`);
    expect(rev.body.id).toBe(r.body.revision);
    expect(rev.body.parents).toEqual([before]);
    expect(rev.body.variables).toEqual({ product: 'Bindery', version: '1' });
    expect(rev.body.pages[0].pages.map((p: any) => p.title)).toEqual(['First', 'Second']);

    const failing = await api.post(`${base}/content/edits`, {
      edits: [
        { op: 'createPage', page: { title: 'Never' } },
        { op: 'updatePage', pageId: 'missing', page: { title: 'x' } },
      ],
    });
    expect(failing.status).toBe(404);
    expect((await api.get(base)).body.revision).toBe(r.body.revision);
    const dup = await api.post(`${base}/content/edits`, { edits: [{ op: 'createPage', page: { id: 'group-one', title: 'Again' } }] });
    expect(dup.status).toBe(409);
    expect(dup.body.error.message).toContain('/body/edits/0/page/id');

    // The engine locates errors at the edit and its field; the request's own spelling of that place is named.
    const located = async (edits: unknown[], status: number, message: string) => {
      const res = await api.post(`${base}/content/edits`, { edits });
      expect(res.status, JSON.stringify(res.body)).toBe(status);
      expect(res.body.error.message).toBe(message);
    };
    const ok = { op: 'createPage', page: { title: 'Fine' } };
    await located([ok, { op: 'createPage', page: { title: 'Deep', markdown: '>'.repeat(100) + ' a' } }], 422,
      '/body/edits/1/page/markdown: the markdown nests blocks more than 48 levels deep (limit: 48 nested levels)');
    await located([ok, ok, { op: 'movePage', pageId: 'second-page', position: { after: 'nowhere' } }], 400,
      '/body/edits/2/position/after is not a sibling page in the new parent (nowhere)');
    await located([{ op: 'createPage', page: { title: 'Orphan', parent: 'gone' } }], 404, 'Page not found (/body/edits/0/page/parent: gone)');
    await located([ok, { op: 'updatePage', pageId: 'second-page', page: { document: { object: 'document', nodes: [{ object: 'block', type: 'nope', nodes: [] }] } } }], 400,
      '/body/edits/1/page/document/nodes/0/type is not a block type Bindery knows (nope)');
    const single = await api.patch(`${base}/content/page/second-page`, { markdown: '>'.repeat(100) + ' a' });
    expect(single.status).toBe(422);
    expect(single.body.error.message).toMatch(/^\/body\/markdown: the markdown nests blocks/);
    expect((await api.get(base)).body.revision).toBe(r.body.revision);
  });

  it('shares unchanged content between revisions: one edit writes O(depth) nodes', async () => {
    const { api, base } = await tenant();
    const edits: any[] = [];
    for (let g = 0; g < 5; g++) {
      edits.push({ op: 'createPage', page: { id: `group-${g}-xx`, title: `Group ${g}`, type: 'group' } });
      for (let p = 0; p < 20; p++) edits.push({ op: 'createPage', page: { id: `page-${g}-${p}-xx`, title: `Page ${g}.${p}`, parent: `group-${g}-xx`, markdown: `Content ${g}.${p}` } });
    }
    expect((await api.post(`${base}/content/edits`, { edits })).status).toBe(200);
    const count = async () => Number((await server.ctx.db.selectFrom('content_nodes').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    const before = await count();
    const r = await api.patch(`${base}/content/page/page-3-7-xx`, { markdown: 'Changed' });
    expect(r.status).toBe(200);
    // The page, its group and the root: 3 new nodes (depth 2), whatever the size of the space.
    expect((await count()) - before).toBe(3);
    expect((await api.get(`${base}/content/page/page-3-8-xx?format=markdown`)).body.markdown).toBe('Content 3.8\n');
  });

  it('If-Match: 412 when the content moved on, applied when it did not', async () => {
    const { api, base } = await tenant();
    const rev = (await api.get(base)).body.revision;
    const ok = await api.request('POST', `${base}/content/pages`, { title: 'One' }, { 'if-match': `"${rev}"` });
    expect(ok.status).toBe(201);
    const stale = await api.request('POST', `${base}/content/pages`, { title: 'Two' }, { 'if-match': `"${rev}"` });
    expect(stale.status).toBe(412);
    expect(stale.body.error.message).toMatch(/If-Match/);
    const next = await api.request('POST', `${base}/content/pages`, { title: 'Two' }, { 'if-match': ok.headers.get('etag')! });
    expect(next.status).toBe(201);
  });

  it('serialises concurrent writers: 20 page creations at once all survive', async () => {
    const { api, base } = await tenant();
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => api.post(`${base}/content/pages`, { title: `Page ${i}` })));
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(201));
    const pages = (await api.get(`${base}/content/pages`)).body.pages;
    expect(pages).toHaveLength(20);
    expect(new Set(pages.map((p: any) => p.slug)).size).toBe(20);
    // 20 revisions in one chain.
    const revs = await server.ctx.db.selectFrom('revisions').select(['id', 'parents']).where('space_id', '=', base.split('/')[3]!).execute();
    expect(revs).toHaveLength(21);
  });
});

describe('the active revision\'s index', () => {
  it('matches the tree after random batches of creates, moves, renames and deletes', async () => {
    const { api, base, spaceId } = await tenant();
    let seed = 7;
    const rnd = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    let counter = 0;
    const flatten = (pages: any[], out: any[] = []) => {
      for (const p of pages) {
        out.push(p);
        flatten(p.pages ?? [], out);
      }
      return out;
    };
    for (let round = 0; round < 20; round++) {
      const all = flatten((await api.get(`${base}/content/pages`)).body.pages);
      const ids = all.map((p) => p.id);
      const pick = () => ids[rnd(ids.length)]!;
      const edits: any[] = [];
      const n = 1 + rnd(6);
      for (let i = 0; i < n; i++) {
        const kind = ids.length < 4 ? 0 : rnd(5);
        if (kind <= 1) {
          const id = `rand-${++counter}-page`;
          edits.push({ op: 'createPage', page: { id, title: `Page ${counter % 4}`, ...(ids.length && rnd(2) ? { parent: pick() } : {}), markdown: `word${counter} [l](/pages/${ids[0] ?? id})` } });
          ids.push(id);
        } else if (kind === 2) {
          edits.push({ op: 'movePage', pageId: pick(), parent: rnd(3) === 0 ? null : pick() });
        } else if (kind === 3) {
          edits.push({ op: 'updatePage', pageId: pick(), page: { slug: `s${rnd(3)}` } });
        } else {
          edits.push({ op: 'deletePage', pageId: pick() });
        }
      }
      // Edits that cannot apply (a move into its own subtree, a deleted page, a taken slug) make the batch fail as
      // a whole; apply them one by one in that case.
      const r = await api.post(`${base}/content/edits`, { edits });
      if (r.status !== 200) for (const e of edits) await api.post(`${base}/content/edits`, { edits: [e] });
      const tree = flatten((await api.get(`${base}/content/pages`)).body.pages);
      const rows = await server.ctx.db.selectFrom('space_pages').select(['page_id', 'path']).where('space_id', '=', spaceId).where('page_id', '!=', '~root').execute();
      expect(Object.fromEntries(rows.map((x) => [x.page_id, x.path])), `round ${round}`).toEqual(Object.fromEntries(tree.map((p) => [p.id, p.path])));
      for (const p of tree) expect((await api.get(`${base}/content/path/${p.path}`)).body.id, `round ${round} ${p.path}`).toBe(p.id);
      const searchRows = await server.ctx.db.selectFrom('search_sections').select('page_id').where('space_id', '=', spaceId).where('seq', '=', -1).execute();
      expect(searchRows.map((x) => x.page_id).sort(), `round ${round}`).toEqual(tree.map((p) => p.id).sort());
      const linkPages = await server.ctx.db.selectFrom('page_links').select('page_id').distinct().where('space_id', '=', spaceId).execute();
      expect(linkPages.map((x) => x.page_id).sort(), `round ${round}`).toEqual(tree.map((p) => p.id).sort());
      // Stored link statuses follow their targets (every page links to the first page ever created in its round).
      const treeIds = new Set(tree.map((p) => p.id));
      const links = await server.ctx.db.selectFrom('page_links as l').innerJoin('link_targets as t', 't.id', 'l.target_id').select(['t.target_page', 't.status']).where('l.space_id', '=', spaceId).execute();
      for (const l of links) expect(l.status, `round ${round} -> ${l.target_page}`).toBe(treeIds.has(l.target_page!) ? 'ok' : 'broken');
    }
  });
});

describe('duplicated spaces', () => {
  it('start with the source content (nothing copied), then diverge; the copy is indexed on first read', async () => {
    const { api, base, owner } = await tenant();
    const p = await createPage(api, base, { title: 'Shared page', markdown: 'Quokka facts' });
    const file = await upload(owner.token, base, 'logo.png', PNG);
    const nodes = Number((await server.ctx.db.selectFrom('content_nodes').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    const dup = await api.post(`${base}/duplicate`);
    expect(dup.status).toBe(201);
    const copy = `/v1/spaces/${dup.body.id}`;
    const rev = await api.get(`${copy}/content`);
    expect(rev.body.pages.map((x: any) => x.title)).toEqual(['Shared page']);
    expect(rev.body.files.map((f: any) => f.name)).toEqual(['logo.png']);
    expect(rev.body.id).toBe(dup.body.revision);
    expect(Number((await server.ctx.db.selectFrom('content_nodes').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n)).toBe(nodes);
    expect((await api.get(`${copy}/search?query=quokka`)).body.items.map((i: any) => i.id)).toEqual([p.id]);
    expect((await api.request('GET', rev.body.files[0].downloadURL.replace(server.ctx.config.publicUrl, ''))).status).toBe(200);
    expect(rev.body.files[0].id).toBe(file.body.id);
    await api.patch(`${copy}/content/page/${p.id}`, { title: 'Changed in the copy' });
    expect((await api.get(`${base}/content/page/${p.id}`)).body.title).toBe('Shared page');
    expect((await api.get(`${copy}/content/page/${p.id}`)).body.title).toBe('Changed in the copy');
  });
});

describe('reads of a revision the index has moved past (engine/read-memo.ts)', () => {
  it('answer the page as that revision holds it, and the next read shows the new head', async () => {
    const { api, base, spaceId, owner } = await tenant();
    const page = await createPage(api, base, { title: 'Moving', markdown: 'Old words.' });
    const actor = userAsActor((await usersRepo.findById(server.ctx.db, owner.id))!);
    // A read loaded the space and its head, then another request committed before it looked the page up.
    const sc = await loadContent(server.ctx, actor, spaceId);
    expect(sc.active).toBe(true);
    expect((await api.patch(`${base}/content/page/${page.id}`, { markdown: 'New words.', slug: 'moved' })).status).toBe(200);
    for (let i = 0; i < 2; i++) {
      const byId = await findPage(server.ctx, server.ctx.db, sc, page.id);
      expect(byId.markdown).toContain('Old words.');
      expect(byId.path).toBe(page.path);
      expect((await findPageByPath(server.ctx, server.ctx.db, sc, page.path)).markdown).toContain('Old words.');
      await expect(findPageByPath(server.ctx, server.ctx.db, sc, 'moved')).rejects.toThrow(/No page at the path/);
    }
    const now = await loadContent(server.ctx, actor, spaceId);
    expect((await findPage(server.ctx, server.ctx.db, now, page.id)).markdown).toContain('New words.');
    expect((await findPageByPath(server.ctx, server.ctx.db, now, 'moved')).markdown).toContain('New words.');
    expect((await api.get(`${base}/content/page/${page.id}?format=markdown`)).body.markdown).toContain('New words.');
  });
});

describe('files', () => {
  it('uploads files (name, type, size, image dimensions), lists them, gets one, downloads the bytes, deletes', async () => {
    const { api, base, owner } = await tenant();
    const png = await upload(owner.token, base, 'logo.png', PNG);
    expect(png.body).toMatchObject({ name: 'logo.png', contentType: 'image/png', size: PNG.length, dimensions: { width: 1, height: 1 } });
    expect(png.headers.get('location')).toContain(`/content/files/${png.body.id}`);
    const gif = await upload(owner.token, base, 'anim.gif', GIF);
    expect(gif.body.dimensions).toEqual({ width: 3, height: 2 });
    const jpeg = await upload(owner.token, base, 'photo.jpg', JPEG);
    expect(jpeg.body).toMatchObject({ contentType: 'image/jpeg', dimensions: { width: 5, height: 4 } });
    const webp = await upload(owner.token, base, 'pic.webp', WEBP);
    expect(webp.body).toMatchObject({ contentType: 'image/webp', dimensions: { width: 7, height: 6 } });
    const json = await upload(owner.token, base, 'data.json', Buffer.from('{"a":1}'), 'application/json');
    expect(json.body).toMatchObject({ contentType: 'application/json', size: 7 });
    expect(json.body.dimensions).toBeUndefined();
    const txt = await upload(owner.token, base, 'notes.txt', Buffer.from('hello'));
    expect(txt.body.contentType).toBe('text/plain');

    const list = await api.get(`${base}/content/files?limit=4`);
    expect(list.body.count).toBe(6);
    expect(list.body.items.map((f: any) => f.name)).toEqual(['anim.gif', 'data.json', 'logo.png', 'notes.txt']);
    const rest = await api.get(`${base}/content/files?limit=4&page=${list.body.next.page}`);
    expect(rest.body.items.map((f: any) => f.name)).toEqual(['photo.jpg', 'pic.webp']);
    expect(rest.body.next).toBeUndefined();

    const one = await api.get(`${base}/content/files/${png.body.id}`);
    expect(one.body).toMatchObject({ id: png.body.id, name: 'logo.png' });
    const dl = await fetch(one.body.downloadURL.replace(server.ctx.config.publicUrl, server.url));
    expect(dl.status).toBe(401);
    const dl2 = await api.request('GET', one.body.downloadURL.replace(server.ctx.config.publicUrl, ''));
    expect(dl2.status).toBe(200);
    expect(dl2.headers.get('content-type')).toBe('image/png');
    const bytes = await fetch(server.url + one.body.downloadURL.replace(server.ctx.config.publicUrl, ''), { headers: { authorization: `Bearer ${owner.token}` } });
    expect(Buffer.from(await bytes.arrayBuffer()).equals(PNG)).toBe(true);
    const jsonDl = await api.request('GET', json.body.downloadURL.replace(server.ctx.config.publicUrl, ''));
    expect(jsonDl.headers.get('content-disposition')).toMatch(/^attachment/);
    expect(jsonDl.headers.get('content-security-policy')).toContain('sandbox');

    expect((await api.delete(`${base}/content/files/${png.body.id}`)).status).toBe(204);
    expect((await api.get(`${base}/content/files/${png.body.id}`)).status).toBe(404);
    expect((await api.delete(`${base}/content/files/${png.body.id}`)).status).toBe(204);
    // The old revision still serves it.
    expect((await api.request('GET', one.body.downloadURL.replace(server.ctx.config.publicUrl, ''))).status).toBe(200);
  });

  it('stores blobs content-addressed (on disk with SQLite, in the database with PostgreSQL) and refuses uploads over the limit or without a name', async () => {
    const { api, base, owner } = await tenant();
    const a = await upload(owner.token, base, 'a.txt', Buffer.from('same bytes'));
    await upload(owner.token, base, 'b.txt', Buffer.from('same bytes'));
    const row = await api.get(`${base}/content/files/${a.body.id}`);
    expect(row.status).toBe(200);
    const hash = (await import('node:crypto')).createHash('sha256').update('same bytes').digest('hex');
    if (server.dialect === 'sqlite') {
      expect(readFileSync(join(server.ctx.config.dataDir, 'blobs', hash.slice(0, 2), hash.slice(2)), 'utf8')).toBe('same bytes');
    } else {
      const rows = await server.ctx.db.selectFrom('blobs').select(['data', 'size']).where('hash', '=', hash).execute();
      expect(rows.map((r) => [Buffer.from(r.data).toString('utf8'), r.size])).toEqual([['same bytes', 10]]);
    }
    const noName = await rawPost(owner.token, `${base}/content/files`, 'x', 'text/plain');
    expect(noName.status).toBe(400);
    expect(noName.body.error.message).toContain('name');
    const big = await rawPost(owner.token, `${base}/content/files?name=big.bin`, Buffer.alloc(26 * 1024 * 1024), 'application/octet-stream');
    expect(big.status).toBe(413);
  });
});

describe('import', () => {
  it('imports a markdown or an HTML document as a page, into the space or a change request; refuses other sources and bad URLs', async () => {
    const { api, base, users } = await tenant({ reader: 'read' });
    const { createServer } = await import('node:http');
    const site = createServer((req, res) => {
      if (req.url === '/docs/getting-started.md') {
        res.writeHead(200, { 'content-type': 'text/markdown' });
        res.end('# Getting started\n\n* Install\n* Run\n');
      } else if (req.url === '/page.html') {
        res.writeHead(200, { 'content-type': 'text/html' });
        res.end('<html><head><title>About us</title></head><body><h1>About us</h1><p>We <b>write</b> docs. <a href="/team">Team</a></p></body></html>');
      } else {
        res.writeHead(404);
        res.end();
      }
    });
    await new Promise<void>((r) => site.listen(0, '127.0.0.1', r));
    const origin = `http://127.0.0.1:${(site.address() as { port: number }).port}`;
    try {
      const md = await api.post(`${base}/content/import`, { url: `${origin}/docs/getting-started.md`, source: 'markdown' });
      expect(md.status, JSON.stringify(md.body)).toBe(201);
      expect(md.body).toEqual({ revision: (await api.get(base)).body.revision, importedResources: 1, totalResources: 1 });
      expect(md.headers.get('location')).toContain(`/revisions/${md.body.revision}`);
      const page = await api.get(`${base}/content/path/getting-started?format=markdown`);
      expect(page.body).toMatchObject({ title: 'Getting started', markdown: '* Install\n* Run\n' });
      const html = await api.post(`${base}/content/import`, { url: `${origin}/page.html`, source: 'html' });
      expect(html.status).toBe(201);
      const about = await api.get(`${base}/content/path/about-us?format=markdown`);
      expect(about.body.markdown).toBe(`We **write** docs. [Team](${origin}/team)\n`);

      const cr = await api.post(`${base}/change-requests`, { subject: 'Import' });
      expect(cr.status).toBe(201);
      const before = (await api.get(base)).body.revision;
      const inCr = await api.post(`${base}/change-requests/${cr.body.id}/content/import`, { url: `${origin}/page.html`, source: 'website' });
      expect(inCr.status, JSON.stringify(inCr.body)).toBe(201);
      expect((await api.get(base)).body.revision).toBe(before);
      expect((await api.get(`${base}/change-requests/${cr.body.id}`)).body.revision).toBe(inCr.body.revision);

      for (const [body, field] of [
        [{ url: `${origin}/missing.md`, source: 'markdown' }, '/body/url'],
        [{ url: `${origin}/page.html`, source: 'google-docs' }, '/body/source'],
        [{ url: 'ftp://example.com/x.md', source: 'markdown' }, '/body/url'],
      ] as const) {
        const r = await api.post(`${base}/content/import`, body);
        expect(r.status, JSON.stringify(body)).toBe(400);
        expect(r.body.error.message).toContain(field);
      }
      expect((await server.api(users.reader!.token).post(`${base}/content/import`, { url: `${origin}/page.html`, source: 'html' })).status).toBe(403);
    } finally {
      site.close();
    }
  });
});

describe('permissions and locked spaces', () => {
  it('readers read, editors edit, guests and outsiders see nothing, a locked space refuses edits with 403', async () => {
    const { api, base, users } = await tenant({ reader: 'read', editor: 'edit', guest: null });
    const page = await createPage(api, base, { title: 'Page' });
    const reader = server.api(users.reader!.token);
    const editor = server.api(users.editor!.token);
    const guest = server.api(users.guest!.token);
    const outsider = server.api((await createUser(server, 'Outsider')).token);
    expect((await reader.get(`${base}/content/page/${page.id}`)).status).toBe(200);
    expect((await reader.post(`${base}/content/pages`, { title: 'No' })).status).toBe(403);
    expect((await reader.patch(`${base}/content/page/${page.id}`, { title: 'No' })).status).toBe(403);
    expect((await reader.delete(`${base}/content/page/${page.id}`)).status).toBe(403);
    expect((await editor.post(`${base}/content/pages`, { title: 'Yes' })).status).toBe(201);
    for (const other of [guest, outsider]) {
      expect((await other.get(`${base}/content`)).status).toBe(404);
      expect((await other.get(`${base}/content/page/${page.id}`)).status).toBe(404);
      expect((await other.post(`${base}/content/pages`, { title: 'No' })).status).toBe(404);
    }
    expect((await server.api().get(`${base}/content`)).status).toBe(401);

    expect((await editor.patch(base, { editMode: 'locked' })).status).toBe(200);
    const locked = await editor.post(`${base}/content/pages`, { title: 'Locked' });
    expect(locked.status).toBe(403);
    expect(locked.body.error.message).toMatch(/locked/);
    expect((await api.delete(`${base}/content/page/${page.id}`)).status).toBe(403);
    expect((await api.get(`${base}/content/page/${page.id}`)).status).toBe(200);
  });
});

describe('templates', () => {
  it('applies the built-in templates (pages linking to each other, the logo slot), unknown ids are 404', async () => {
    const { api, base, owner } = await tenant();
    const logo = await upload(owner.token, base, 'logo.png', PNG);
    const r = await api.post(`${base}/content/template`, { id: 'product-docs', params: { contentRefs: { logo: { kind: 'file', file: logo.body.id } } } });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    const pages = (await api.get(`${base}/content/pages`)).body.pages;
    expect(pages.map((p: any) => p.title)).toEqual(['Overview', 'Getting started', 'Guides', 'Reference']);
    const overview = await api.get(`${base}/content/page/${pages[0].id}?format=markdown`);
    expect(overview.body.markdown).toContain(`/files/${logo.body.id}`);
    expect(overview.body.markdown).toMatch(/\/pages\/[\w-]+/);
    const links = await api.get(`${base}/links?status=broken`);
    expect(links.body.stats.broken.total).toBe(0);
    for (const id of ['api-reference', 'knowledge-base']) expect((await api.post(`${base}/content/template`, { id })).status).toBe(201);
    const all = (await api.get(`${base}/content/pages`)).body.pages.map((p: any) => p.title);
    expect(all).toContain('Authentication');
    expect(all).toContain('Welcome');
    const noLogo = await api.get(`${base}/content/path/introduction?format=markdown`);
    expect(noLogo.body.markdown).not.toContain('{{');
    expect(noLogo.body.markdown).not.toContain('Logo');
    const unknown = await api.post(`${base}/content/template`, { id: 'nope' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.message).toContain('product-docs');
    const badRef = await api.post(`${base}/content/template`, { id: 'product-docs', params: { contentRefs: { logo: { kind: 'file', file: 'nofile' } } } });
    expect(badRef.status).toBe(400);
  });
});

// @gitbook/api's declarations cannot be resolved under NodeNext (see gitbook-client.test.ts): typed here.
type R<T> = Promise<{ status: number; data: T }>;
interface GitBookClient {
  spaces: {
    getCurrentRevision(spaceId: string): R<{ id: string; pages: { id: string }[] }>;
    getPageById(spaceId: string, pageId: string, q?: Record<string, unknown>): R<{ id: string; markdown?: string }>;
    getPageByPath(spaceId: string, path: string, q?: Record<string, unknown>): R<{ id: string }>;
    listPages(spaceId: string): R<{ pages: { id: string }[] }>;
  };
}

describe('the official client', () => {
  it('reads revisions, pages by id and by nested path, files', async () => {
    const { api, base, spaceId, owner } = await tenant();
    const g = await createPage(api, base, { title: 'Guide', type: 'group' });
    const p = await createPage(api, base, { title: 'Start here', parent: g.id, markdown: '# Hi' });
    const client = new GitBookAPI({ endpoint: server.url, authToken: owner.token }) as unknown as GitBookClient;
    const rev = await client.spaces.getCurrentRevision(spaceId);
    expect(rev.data.pages[0]!.id).toBe(g.id);
    const page = await client.spaces.getPageById(spaceId, p.id, { format: 'markdown' });
    expect(page.data.markdown).toBe('# Hi\n');
    const byPath = await client.spaces.getPageByPath(spaceId, 'guide/start-here', { format: 'markdown' });
    expect(byPath.data.id).toBe(p.id);
    // A path written with a leading slash (the client then asks for `…/path//guide/start-here`) is the same page.
    expect((await client.spaces.getPageByPath(spaceId, '/guide/start-here')).data.id).toBe(p.id);
    const pages = await client.spaces.listPages(spaceId);
    expect(pages.data.pages).toHaveLength(1);
  });
});

// GitBook's batch of content changes to a change request (`POST …/change-requests/{id}/content`,
// `updateChangeRequestContent`), through GitBook's own client: pages inserted (refs, `into`/`at`, title and metadata
// from markdown), updated, moved, deleted and reverted, files inserted from bytes and from a URL, links to refs and
// to paths stored as links to ids; one revision, all or nothing (a bad change leaves the change request as it was),
// errors naming the change's field; permissions.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { GitBookAPI } from '@gitbook/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, createSpaceTenant, createUser, useTestServer, type TestApi } from '../src/testing/index.js';
import { failure, edits } from './support/gitbook-client.js';

const server = useTestServer();
type Gb = any;
const gitbook = (token?: string): Gb => new GitBookAPI({ endpoint: server.url, authToken: token });

let files: Server;
let filesUrl = '';
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAIAAAADCAYAAAC56t6BAAAAEUlEQVR4nGP8z8Dwn4GBgQEAE/8C/6eQ8WsAAAAASUVORK5CYII=', 'base64');
beforeAll(async () => {
  files = createServer((req, res) => {
    if (req.url === '/diagram.png') {
      res.setHeader('content-type', 'image/png');
      return res.end(PNG);
    }
    res.statusCode = 404;
    res.end('not found');
  });
  await new Promise<void>((r) => files.listen(0, '127.0.0.1', r));
  filesUrl = `http://127.0.0.1:${(files.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((r) => files?.close(r));
});

async function setup() {
  const t = await createSpaceTenant(server);
  await edits(t.api, t.base, [
    { op: 'createPage', page: { id: 'page-guide', title: 'Guide', markdown: 'Guide text.\n' } },
    { op: 'createPage', page: { id: 'page-install', title: 'Install', parent: 'page-guide', markdown: 'Run make.\n' } },
    { op: 'createPage', page: { id: 'page-faq', title: 'FAQ', markdown: 'Questions.\n' } },
  ]);
  const gb = gitbook(t.owner.token);
  const cr = (await gb.spaces.createChangeRequest(t.spaceId, { subject: 'Batch' })).data;
  return { ...t, gb, cr, crBase: `${t.base}/change-requests/${cr.id}` };
}

describe('updateChangeRequestContent', () => {
  it('applies inserts, updates, moves, deletes and files as one revision of the change request', async () => {
    const { gb, api, owner, spaceId, base, cr, crBase } = await setup();
    const res = await gb.spaces.updateChangeRequestContent(spaceId, cr.id, {
      changes: [
        { operation: 'insert_files', files: [
          { ref: 'logo.png', name: 'logo.png', contentType: 'image/png', base64: PNG.toString('base64') },
          { ref: 'diagram', name: 'diagram.png', url: `${filesUrl}/diagram.png` },
        ] },
        { operation: 'insert_page', ref: 'setup', into: 'page-guide', at: 0, document: { markdown: '---\ndescription: How to set up\n---\n\n# Setting up\n\nSee [install](./install-ref.md#steps), [the FAQ](/pages/faq.md), [the guide](/pages/guide/README.md) and ![logo](./logo.png).\n' } },
        { operation: 'insert_page', ref: 'install-ref', title: 'Install (new)', slug: 'install-new', emoji: '1f680', document: { markdown: 'Steps.\n\n![diagram](./diagram)\n' } },
        { operation: 'update_page', page: 'page-faq', title: 'Questions', into: 'page-guide', document: { markdown: 'All the questions.\n' } },
        { operation: 'delete_page', page: 'page-install' },
      ],
    }, { compat: false });
    expect(res.status).toBe(200);
    const body = res.data;
    expect(body.changeRequest).toMatchObject({ object: 'change-request', id: cr.id });
    expect(body.changeRequest.revision).not.toBe(cr.revision);
    expect(body.insertedFiles.map((f: any) => [f.name, f.contentType])).toEqual([['logo.png', 'image/png'], ['diagram.png', 'image/png']]);
    const [logo, diagram] = body.insertedFiles.map((f: any) => f.id as string);
    expect(body.changes.map((c: any) => [c.object, c.ref ?? null])).toEqual([['created_page', 'setup'], ['created_page', 'install-ref'], ['updated_page', null], ['deleted_page', null]]);
    const setupId = body.changes[0].page.id as string;
    const installId = body.changes[1].page.id as string;
    expect(body.changes[0].page.urls.location).toBe(`${server.ctx.config.publicUrl}/v1/spaces/${spaceId}/change-requests/${cr.id}/content/page/${setupId}`);
    expect(body.changes[3]).toEqual({ object: 'deleted_page', page: 'page-install' });

    // One revision on the change request's chain; the space is untouched.
    const revision = (await api.get(`${base}/revisions/${body.changeRequest.revision}`)).body;
    expect(revision.parents).toEqual([cr.revision]);
    expect((await api.get(`${base}/content/pages`)).body.pages.map((p: any) => p.id)).toEqual(['page-guide', 'page-faq']);

    const pages = (await gb.spaces.listPagesInChangeRequest(spaceId, cr.id)).data.pages;
    const tree = (ps: any[]): unknown[] => ps.map((p) => (p.pages?.length ? [p.id, tree(p.pages)] : p.id));
    expect(tree(pages)).toEqual([['page-guide', [setupId, 'page-faq']], installId]);
    const created = (await api.get(`${crBase}/content/page/${setupId}?format=markdown`)).body;
    expect(created).toMatchObject({ title: 'Setting up', description: 'How to set up', path: 'guide/setting-up' });
    expect(created.markdown).toBe(`See [install](/pages/${installId}#steps), [the FAQ](/pages/page-faq), [the guide](/pages/page-guide) and ![logo](/files/${logo}).\n`);
    const install = (await api.get(`${crBase}/content/page/${installId}?format=markdown`)).body;
    expect(install).toMatchObject({ title: 'Install (new)', path: 'install-new', emoji: '1f680' });
    expect(install.markdown).toContain(`(/files/${diagram})`);
    expect((await api.get(`${crBase}/content/page/page-faq?format=markdown`)).body).toMatchObject({ title: 'Questions', path: 'guide/faq', markdown: 'All the questions.\n' });
    const download = await fetch(`${server.url}/v1/spaces/${spaceId}/revisions/${body.changeRequest.revision}/files/${logo}/download`, { headers: { authorization: `Bearer ${owner.token}` } });
    expect(Buffer.from(await download.arrayBuffer()).equals(PNG)).toBe(true);

    // compat (default): the change request alone.
    const plain = await gb.spaces.updateChangeRequestContent(spaceId, cr.id, { changes: [{ operation: 'update_page', page: 'page-faq', hidden: true }] });
    expect(plain.data).toMatchObject({ object: 'change-request', id: cr.id });
    expect((await api.get(`${crBase}/content/page/page-faq`)).body.hidden).toBe(true);
  });

  it('moves with into/at, keeps the place without at, and reverts pages to the base or a given revision', async () => {
    const { gb, api, spaceId, base, cr, crBase } = await setup();
    const order = async () => (await api.get(`${crBase}/content/pages`)).body.pages.map((p: any) => p.id);
    await gb.spaces.updateChangeRequestContent(spaceId, cr.id, { changes: [{ operation: 'update_page', page: 'page-faq', at: 0 }] });
    expect(await order()).toEqual(['page-faq', 'page-guide']);
    // `into` the same parent without `at`: the place is kept.
    await gb.spaces.updateChangeRequestContent(spaceId, cr.id, { changes: [{ operation: 'update_page', page: 'page-faq', into: null, title: 'FAQ 2' }] });
    expect(await order()).toEqual(['page-faq', 'page-guide']);

    await gb.spaces.updateChangeRequestContent(spaceId, cr.id, { changes: [
      { operation: 'update_page', page: 'page-guide', title: 'Handbook', slug: 'handbook', document: { markdown: 'Changed.\n' } },
      { operation: 'delete_page', page: 'page-install' },
      { operation: 'insert_page', title: 'Extra', document: { markdown: 'New.\n' } },
    ] });
    const extra = (await api.get(`${crBase}/content/pages`)).body.pages.find((p: any) => p.title === 'Extra').id as string;
    // Back to the base: the edited page's fields and content, the deleted page recreated under its parent, the added one removed.
    const r = await gb.spaces.updateChangeRequestContent(spaceId, cr.id, { changes: [
      { operation: 'revert_page', page: 'page-guide' },
      { operation: 'revert_page', page: 'page-install' },
      { operation: 'revert_page', page: extra },
    ] }, { compat: false });
    expect(r.data.changes.map((c: any) => c.object)).toEqual(['updated_page', 'created_page', 'deleted_page']);
    expect((await api.get(`${crBase}/content/page/page-guide?format=markdown`)).body).toMatchObject({ title: 'Guide', path: 'guide', markdown: 'Guide text.\n' });
    expect((await api.get(`${crBase}/content/page/page-install?format=markdown`)).body).toMatchObject({ title: 'Install', path: 'guide/install', markdown: 'Run make.\n' });
    expect((await api.get(`${crBase}/content/page/${extra}`)).status).toBe(404);

    // To a given revision of the space: the FAQ as it was when first written.
    const first = (await api.get(`${base}/content`)).body.id as string;
    await edits(api, base, [{ op: 'updatePage', pageId: 'page-faq', page: { markdown: 'Questions, updated on main.\n' } }]);
    await gb.spaces.updateChangeRequestContent(spaceId, cr.id, { changes: [{ operation: 'update_page', page: 'page-faq', document: { markdown: 'CR questions.\n' } }] });
    await gb.spaces.updateChangeRequestContent(spaceId, cr.id, { changes: [{ operation: 'revert_page', page: 'page-faq', revision: first }] });
    expect((await api.get(`${crBase}/content/page/page-faq?format=markdown`)).body).toMatchObject({ title: 'FAQ', markdown: 'Questions.\n' });
  });

  it('sets and removes a page condition (adaptive content)', async () => {
    const { gb, api, spaceId, cr, crBase } = await setup();
    await gb.spaces.updateChangeRequestContent(spaceId, cr.id, { changes: [
      { operation: 'update_page', page: 'page-faq', condition: 'visitor.claims.unsigned.isPremium' },
      { operation: 'insert_page', ref: 'beta', title: 'Beta', condition: 'visitor.claims.beta === true', document: { markdown: 'Beta.\n' } },
    ] });
    const pages = (await api.get(`${crBase}/content/pages`)).body.pages as { title: string; condition?: string }[];
    expect(pages.map((p) => [p.title, p.condition])).toEqual([['Guide', undefined], ['FAQ', 'visitor.claims.unsigned.isPremium'], ['Beta', 'visitor.claims.beta === true']]);
    await gb.spaces.updateChangeRequestContent(spaceId, cr.id, { changes: [{ operation: 'update_page', page: 'page-faq', condition: '' }] });
    expect((await api.get(`${crBase}/content/page/page-faq`)).body.condition).toBeUndefined();
  });

  it('refuses the whole batch when one change cannot be applied, naming its field; permissions', async () => {
    const { gb, api, org, owner, spaceId, cr, crBase } = await setup();
    const before = (await api.get(crBase)).body.revision;
    const bad = async (changes: unknown[], status: number, message: RegExp) => {
      const err = await failure(gb.spaces.updateChangeRequestContent(spaceId, cr.id, { changes }));
      expect([err.code, err.errorMessage]).toEqual([status, expect.stringMatching(message)]);
    };
    const ok = { operation: 'insert_page', title: 'Kept?', document: { markdown: 'x\n' } };
    await bad([ok, { operation: 'insert_page', into: 'page-nope', document: {} }], 404, /\/body\/changes\/1\/into/);
    await bad([ok, { operation: 'update_page', page: 'page-faq', slug: 'guide' }], 409, /\/body\/changes\/1\/slug/);
    await bad([ok, { operation: 'delete_page', page: 'page-nope' }], 404, /\/body\/changes\/1\/page/);
    await bad([ok, { operation: 'update_page', page: 'page-nope', title: 'X' }], 404, /\/body\/changes\/1\/page/);
    await bad([ok, { operation: 'update_page', page: 'page-guide', into: 'page-install' }], 400, /\/body\/changes\/1\/into/);
    await bad([ok, { operation: 'revert_page', page: 'page-faq', block: ['abc'] }], 400, /\/body\/changes\/1\/block/);
    await bad([ok, { operation: 'revert_page', page: 'page-faq', revision: 'nope' }], 400, /\/body\/changes\/1\/revision/);
    await bad([{ operation: 'insert_page', ref: 'a', document: {} }, { operation: 'insert_page', ref: 'a', document: {} }], 400, /\/body\/changes\/1\/ref/);
    await bad([{ operation: 'insert_files', files: [{ name: 'a.txt', base64: 'aGk=' }] }], 400, /\/body\/changes\/0\/files\/0\/contentType/);
    await bad([{ operation: 'insert_files', files: [{ name: 'a.txt', url: 'http://127.0.0.1:1/x' , base64: 'aGk=' }] }], 400, /\/body\/changes\/0\/files\/0/);
    await bad([{ operation: 'insert_files', files: [{ name: 'a.txt', url: `${filesUrl}/missing` }] }], 400, /\/body\/changes\/0\/files\/0\/url/);
    await bad([{ operation: 'rename_page', page: 'page-faq' }], 400, /\/body\/changes\/0/);
    await bad([], 400, /\/body\/changes/);
    expect((await api.get(crBase)).body.revision).toBe(before);
    expect((await api.get(`${crBase}/content/pages`)).body.pages.map((p: any) => p.title)).toEqual(['Guide', 'FAQ']);

    // Readers may not write (403), strangers do not see the space (404), no token is 401; a merged change request is 409.
    const reader = await createUser(server, 'Reader');
    await addMember(server, org, owner, reader, 'read');
    expect((await failure(gitbook(reader.token).spaces.updateChangeRequestContent(spaceId, cr.id, { changes: [ok] }))).code).toBe(403);
    const { owner: stranger } = await createSpaceTenant(server);
    expect((await failure(gitbook(stranger.token).spaces.updateChangeRequestContent(spaceId, cr.id, { changes: [ok] }))).code).toBe(404);
    expect((await failure(gitbook().spaces.updateChangeRequestContent(spaceId, cr.id, { changes: [ok] }))).code).toBe(401);
    await gb.spaces.updateChangeRequestContent(spaceId, cr.id, { changes: [ok] });
    await gb.spaces.mergeChangeRequest(spaceId, cr.id);
    expect((await failure(gb.spaces.updateChangeRequestContent(spaceId, cr.id, { changes: [ok] }))).code).toBe(409);
  });
});

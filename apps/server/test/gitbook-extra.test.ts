// GitBook operations beyond the seeds that GitBook's clients call: reads of any revision of a space (pages, a page
// by id, by path and its document, files) and a change request's page by path. Real behaviour: a past revision
// answers its own content (not the current one), a revision of another space is 404.
import { describe, expect, it } from 'vitest';
import { createSpaceTenant, createUser, useTestServer, type TestApi } from '../src/testing/index.js';

const server = useTestServer();

/** Uploads a file to the space (raw bytes); answers its id and the new revision. */
async function upload(token: string, base: string, name: string): Promise<{ id: string; revision: string }> {
  const res = await fetch(`${server.url}${base}/content/files?name=${name}`, {
    method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'text/plain' }, body: `bytes of ${name}`,
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return { id: ((await res.json()) as { id: string }).id, revision: JSON.parse(res.headers.get('etag')!) as string };
}

async function edits(api: TestApi, base: string, list: unknown[]): Promise<string> {
  const r = await api.post(`${base}/content/edits`, { edits: list });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.revision as string;
}

describe('revision reads', () => {
  it('answer the pages, documents, paths and files of a past revision, not the current ones; another space is 404', async () => {
    const { org, owner, api, spaceId, base } = await createSpaceTenant(server);
    const client = server.client(owner.token);
    await edits(api, base, [{ op: 'createPage', page: { id: 'page-intro', title: 'Intro', markdown: 'First version.\n' } }]);
    const old = await upload(owner.token, base, 'old.txt');
    const r1 = old.revision;
    // Then: the page renamed (new slug) and rewritten, the old file replaced by a new one.
    await edits(api, base, [{ op: 'updatePage', pageId: 'page-intro', page: { title: 'Introduction', slug: 'introduction', markdown: 'Second version.\n' } }, { op: 'deleteFile', fileId: old.id }]);
    const fresh = await upload(owner.token, base, 'new.txt');
    const r2 = fresh.revision;
    expect(r2).not.toBe(r1);

    const path = { spaceId, revisionId: r1 };
    const pages = await client.GET('/v1/spaces/{spaceId}/revisions/{revisionId}/pages', { params: { path } });
    expect(pages.response.headers.get('etag')).toBe(`"${r1}"`);
    expect(pages.data!.pages.map((p) => [p.id, p.title, p.path])).toEqual([['page-intro', 'Intro', 'intro']]);
    const now = await client.GET('/v1/spaces/{spaceId}/revisions/{revisionId}/pages', { params: { path: { spaceId, revisionId: r2 } } });
    expect(now.data!.pages.map((p) => [p.title, p.path])).toEqual([['Introduction', 'introduction']]);

    const page = await client.GET('/v1/spaces/{spaceId}/revisions/{revisionId}/page/{pageId}', { params: { path: { ...path, pageId: 'page-intro' }, query: { format: 'markdown' } } });
    expect(page.data).toMatchObject({ id: 'page-intro', title: 'Intro', markdown: 'First version.\n' });
    const current = await client.GET('/v1/spaces/{spaceId}/content/page/{pageId}', { params: { path: { spaceId, pageId: 'page-intro' }, query: { format: 'markdown' } } });
    expect(current.data).toMatchObject({ title: 'Introduction', markdown: 'Second version.\n' });
    const asDocument = await client.GET('/v1/spaces/{spaceId}/revisions/{revisionId}/page/{pageId}', { params: { path: { ...path, pageId: 'page-intro' } } });
    expect(JSON.stringify(asDocument.data!.document)).toContain('First version.');

    const document = await client.GET('/v1/spaces/{spaceId}/revisions/{revisionId}/page/{pageId}/document', { params: { path: { ...path, pageId: 'page-intro' } } });
    expect(document.data!.object).toBe('document');
    expect(JSON.stringify(document.data)).toContain('First version.');
    expect(JSON.stringify(document.data)).not.toContain('Second version.');

    // Paths are those of the revision: the old slug there, the new one only now.
    const byPath = await client.GET('/v1/spaces/{spaceId}/revisions/{revisionId}/path/{pagePath}', { params: { path: { ...path, pagePath: 'intro' }, query: { format: 'markdown' } } });
    expect(byPath.data).toMatchObject({ id: 'page-intro', markdown: 'First version.\n' });
    expect((await api.get(`${base}/revisions/${r1}/path/introduction`)).status).toBe(404);
    expect((await api.get(`${base}/revisions/${r2}/path/introduction`)).body).toMatchObject({ id: 'page-intro', title: 'Introduction' });

    const files = await client.GET('/v1/spaces/{spaceId}/revisions/{revisionId}/files', { params: { path } });
    expect(files.data).toMatchObject({ count: 1, items: [{ id: old.id, name: 'old.txt' }] });
    const file = await client.GET('/v1/spaces/{spaceId}/revisions/{revisionId}/files/{fileId}', { params: { path: { ...path, fileId: old.id } } });
    expect(file.data!.downloadURL).toContain(`/revisions/${r1}/files/${old.id}/download`);
    expect((await api.get(`${base}/revisions/${r1}/files/${fresh.id}`)).status).toBe(404);
    expect((await api.get(`${base}/revisions/${r2}/files/${old.id}`)).status).toBe(404);
    expect((await api.get(`${base}/revisions/${r2}/files`)).body.items.map((f: { name: string }) => f.name)).toEqual(['new.txt']);

    // A revision of another space (same organization) is not found through this one; a stranger sees nothing.
    const other = await api.post(`/v1/orgs/${org}/spaces`, { title: 'Other' });
    for (const p of ['pages', 'page/page-intro', 'page/page-intro/document', 'path/intro', 'files', `files/${old.id}`]) {
      const r = await api.get(`/v1/spaces/${other.body.id}/revisions/${r1}/${p}`);
      expect([p, r.status, r.body.error?.code]).toEqual([p, 404, 404]);
    }
    const stranger = server.api((await createUser(server, 'Stranger')).token);
    expect((await stranger.get(`${base}/revisions/${r1}/pages`)).status).toBe(404);
  });

  it('reads a change request\'s page by path, as the change request has it', async () => {
    const { owner, api, spaceId, base } = await createSpaceTenant(server);
    const client = server.client(owner.token);
    await edits(api, base, [{ op: 'createPage', page: { id: 'page-guide', title: 'Guide', markdown: 'Main text.\n' } }, { op: 'createPage', page: { id: 'page-install', title: 'Install', parent: 'page-guide', markdown: 'Run make.\n' } }]);
    const cr = await api.post(`${base}/change-requests`, { subject: 'Rewrite' });
    const crBase = `${base}/change-requests/${cr.body.id}`;
    await edits(api, crBase, [{ op: 'updatePage', pageId: 'page-install', page: { markdown: 'Run make install.\n' } }]);

    const params = { path: { spaceId, changeRequestId: cr.body.id as string, pagePath: 'guide/install' }, query: { format: 'markdown' as const } };
    const inCr = await client.GET('/v1/spaces/{spaceId}/change-requests/{changeRequestId}/content/path/{pagePath}', { params });
    expect(inCr.data).toMatchObject({ id: 'page-install', path: 'guide/install', markdown: 'Run make install.\n' });
    expect((await api.get(`${base}/content/path/guide/install?format=markdown`)).body.markdown).toBe('Run make.\n');
    expect((await api.get(`${crBase}/content/path/guide/nope`)).status).toBe(404);
  });
});

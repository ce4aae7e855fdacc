// Operations the other test files did not call (`pnpm routes` lists them): a comment of a change request by id, a
// change request's files by id and their backlinks, the public endpoint of an installation without a path (POST) and
// with one (GET), and an installation's sites (until the sites module lands there is no site: lists are empty and a
// site installation is 404). Written with the typed client: paths, parameters and answers are the spec's types.
import { describe, expect, it } from 'vitest';
import { randomString } from '../src/lib/ids.js';
import { createTenant, useTestServer, type Tenant } from '../src/testing/index.js';

const server = useTestServer({ integrationTimeoutMs: 5_000, integrationMemoryMb: 32 });

async function spaceWithChangeRequest(t: Tenant) {
  const space = await t.client.POST('/v1/orgs/{organizationId}/spaces', { params: { path: { organizationId: t.org } }, body: { title: 'Docs' } });
  expect(space.response.status).toBe(201);
  const spaceId = space.data!.id;
  const cr = await t.client.POST('/v1/spaces/{spaceId}/change-requests', { params: { path: { spaceId } }, body: { subject: 'Work' } });
  expect(cr.response.status).toBe(201);
  return { spaceId, cr: cr.data! };
}

/** Uploads a file to the space (raw bytes, as the upload operation takes them). */
async function uploadToSpace(t: Tenant, spaceId: string, name: string): Promise<string> {
  const res = await fetch(`${server.url}/v1/spaces/${spaceId}/content/files?name=${name}`, {
    method: 'POST', headers: { authorization: `Bearer ${t.owner.token}`, 'content-type': 'image/svg+xml' }, body: '<svg xmlns="http://www.w3.org/2000/svg"/>',
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

describe('change request comments, files and file backlinks', () => {
  it('gets a comment of a change request by id (and not through another change request or the space)', async () => {
    const t = await createTenant(server);
    const { spaceId, cr } = await spaceWithChangeRequest(t);
    const path = { spaceId, changeRequestId: cr.id };
    const posted = await t.client.POST('/v1/spaces/{spaceId}/change-requests/{changeRequestId}/comments', { params: { path }, body: { body: { markdown: 'Looks **good**' } } });
    expect(posted.response.status).toBe(200);
    const id = posted.data!.id;

    const got = await t.client.GET('/v1/spaces/{spaceId}/change-requests/{changeRequestId}/comments/{commentId}', { params: { path: { ...path, commentId: id } } });
    expect(got.response.status).toBe(200);
    expect(got.data).toMatchObject({ object: 'comment', id, body: { markdown: 'Looks **good**' }, target: { space: spaceId, changeRequest: cr.id } });
    const asDocument = await t.client.GET('/v1/spaces/{spaceId}/change-requests/{changeRequestId}/comments/{commentId}', {
      params: { path: { ...path, commentId: id }, query: { format: 'document' } },
    });
    expect(asDocument.data!.body).toHaveProperty('document');
    // By the change request's number too.
    const byNumber = await t.client.GET('/v1/spaces/{spaceId}/change-requests/{changeRequestId}/comments/{commentId}', { params: { path: { spaceId, changeRequestId: String(cr.number), commentId: id } } });
    expect(byNumber.data!.id).toBe(id);

    // The comment belongs to this change request only.
    const other = await t.client.POST('/v1/spaces/{spaceId}/change-requests', { params: { path: { spaceId } }, body: { subject: 'Other' } });
    const elsewhere = await t.client.GET('/v1/spaces/{spaceId}/change-requests/{changeRequestId}/comments/{commentId}', { params: { path: { spaceId, changeRequestId: other.data!.id, commentId: id } } });
    expect(elsewhere.response.status).toBe(404);
    expect(elsewhere.error).toMatchObject({ error: { code: 404 } });
    const onSpace = await t.client.GET('/v1/spaces/{spaceId}/comments/{commentId}', { params: { path: { spaceId, commentId: id } } });
    expect(onSpace.response.status).toBe(404);
    const missing = await t.client.GET('/v1/spaces/{spaceId}/change-requests/{changeRequestId}/comments/{commentId}', { params: { path: { ...path, commentId: 'nope' } } });
    expect(missing.response.status).toBe(404);
  });

  it('gets a file of a change request and lists the change request pages that link to it', async () => {
    const t = await createTenant(server, { reader: 'read' });
    const space = await t.client.POST('/v1/orgs/{organizationId}/spaces', { params: { path: { organizationId: t.org } }, body: { title: 'Docs' } });
    const spaceId = space.data!.id;
    const fileId = await uploadToSpace(t, spaceId, 'diagram.svg');
    const cr = (await t.client.POST('/v1/spaces/{spaceId}/change-requests', { params: { path: { spaceId } }, body: { subject: 'Work' } })).data!;
    const path = { spaceId, changeRequestId: cr.id };
    // A file uploaded to the space after the change request was opened is not in it.
    const later = await uploadToSpace(t, spaceId, 'later.svg');
    const edits = await t.client.POST('/v1/spaces/{spaceId}/change-requests/{changeRequestId}/content/edits', {
      params: { path },
      body: { edits: [
        { op: 'createPage', page: { id: 'page-aaaa', title: 'A', markdown: `![d](/files/${fileId})\n` } },
        { op: 'createPage', page: { id: 'page-bbbb', title: 'B', markdown: '![d](diagram.svg)\n' } },
        { op: 'createPage', page: { id: 'page-cccc', title: 'C', markdown: 'No links.\n' } },
      ] },
    });
    expect(edits.response.status, JSON.stringify(edits.error)).toBe(200);

    const file = await t.client.GET('/v1/spaces/{spaceId}/change-requests/{changeRequestId}/content/files/{fileId}', { params: { path: { ...path, fileId } } });
    expect(file.response.status).toBe(200);
    expect(file.data).toMatchObject({ id: fileId, name: 'diagram.svg', contentType: 'image/svg+xml' });
    expect((await t.client.GET('/v1/spaces/{spaceId}/change-requests/{changeRequestId}/content/files/{fileId}', { params: { path: { ...path, fileId: later } } })).response.status).toBe(404);
    expect((await t.client.GET('/v1/spaces/{spaceId}/change-requests/{changeRequestId}/content/files/{fileId}', { params: { path: { ...path, fileId: 'nope' } } })).response.status).toBe(404);

    const back = await t.client.GET('/v1/spaces/{spaceId}/change-requests/{changeRequestId}/content/files/{fileId}/backlinks', { params: { path: { ...path, fileId } } });
    expect(back.response.status).toBe(200);
    expect(back.data!.items.map((l) => l.page).sort()).toEqual(['page-aaaa', 'page-bbbb']);
    expect(back.data!.count).toBe(2);
    // The pages that link to it exist in the change request only: the space's own backlinks are empty.
    const mainBack = await t.client.GET('/v1/spaces/{spaceId}/content/files/{fileId}/backlinks', { params: { path: { spaceId, fileId } } });
    expect(mainBack.data).toMatchObject({ items: [], count: 0 });
    const first = await t.client.GET('/v1/spaces/{spaceId}/change-requests/{changeRequestId}/content/files/{fileId}/backlinks', { params: { path: { ...path, fileId }, query: { limit: 1 } } });
    expect(first.data!.items).toHaveLength(1);
    const second = await t.client.GET('/v1/spaces/{spaceId}/change-requests/{changeRequestId}/content/files/{fileId}/backlinks', {
      params: { path: { ...path, fileId }, query: { limit: 1, page: first.data!.next!.page } },
    });
    expect([...first.data!.items, ...second.data!.items].map((l) => l.page).sort()).toEqual(['page-aaaa', 'page-bbbb']);
    expect(second.data!.next).toBeUndefined();
    expect((await t.client.GET('/v1/spaces/{spaceId}/change-requests/{changeRequestId}/content/files/{fileId}/backlinks', { params: { path: { ...path, fileId: 'nope' } } })).response.status).toBe(404);
    // A reader of the space reads the change request's files too; a stranger does not see them.
    expect((await t.clientAs('reader').GET('/v1/spaces/{spaceId}/change-requests/{changeRequestId}/content/files/{fileId}', { params: { path: { ...path, fileId } } })).response.status).toBe(200);
    const stranger = await createTenant(server);
    expect((await stranger.client.GET('/v1/spaces/{spaceId}/change-requests/{changeRequestId}/content/files/{fileId}/backlinks', { params: { path: { ...path, fileId } } })).response.status).toBe(404);
  });
});

/** A script answering every fetch event with the method, the path after /public and the body it got. */
const SCRIPT = `
export default {
  async fetch(request) {
    const form = await request.formData();
    const event = JSON.parse(form.get('event'));
    if (event.type === 'fetch') {
      const body = form.get('fetch-body');
      return new Response(event.request.method + ' [' + new URL(event.request.url).pathname.split('/public')[1] + '] ' + (body || ''), {
        status: 202, headers: { 'content-type': 'text/plain' },
      });
    }
    return new Response('OK');
  },
};`;

async function publishAndInstall(t: Tenant) {
  const name = `cov-${randomString(8).toLowerCase()}`;
  const published = await t.client.POST('/v1/integrations/{integrationName}', {
    params: { path: { integrationName: name } },
    body: { organization: t.org, title: 'Coverage', description: 'Answers fetch events', script: SCRIPT, scopes: ['space:content:read'] },
  });
  expect(published.response.status, JSON.stringify(published.error)).toBe(200);
  const installed = await t.client.POST('/v1/integrations/{integrationName}/installations', { params: { path: { integrationName: name } }, body: { organization: t.org } });
  expect(installed.response.status, JSON.stringify(installed.error)).toBe(201);
  return { name, installationId: installed.data!.id };
}

describe('integration installations: public endpoint and sites', () => {
  it('passes POST /public and GET /public/{path} to the script and answers what it answers', async () => {
    const t = await createTenant(server);
    const { name, installationId } = await publishAndInstall(t);
    const base = `${server.url}/v1/integrations/${name}/installations/${installationId}/public`;
    const post = await fetch(base, { method: 'POST', body: 'ping', headers: { 'content-type': 'text/plain' } });
    expect(post.status).toBe(202);
    expect(await post.text()).toBe('post [] ping');
    const get = await fetch(`${base}/status/check?verbose=1`);
    expect(get.status).toBe(202);
    expect(await get.text()).toBe('get [/status/check] ');
    // Unknown installations have no public endpoint.
    expect((await fetch(`${server.url}/v1/integrations/${name}/installations/nope/public`, { method: 'POST', body: 'x' })).status).toBe(404);
    expect((await fetch(`${server.url}/v1/integrations/${name}/installations/nope/public/status`)).status).toBe(404);
  });

  it('lists no sites of an installation and answers 404 for a site installation while there are no sites', async () => {
    const t = await createTenant(server, { reader: 'read' });
    const { name, installationId } = await publishAndInstall(t);
    const path = { integrationName: name, installationId };
    const sites = await t.client.GET('/v1/integrations/{integrationName}/installations/{installationId}/sites', { params: { path } });
    expect(sites.response.status).toBe(200);
    expect(sites.data).toEqual({ items: [], count: 0 });
    const site = { ...path, siteId: 'site-none' };
    const one = await t.client.GET('/v1/integrations/{integrationName}/installations/{installationId}/sites/{siteId}', { params: { path: site } });
    expect(one.response.status).toBe(404);
    expect(one.error).toMatchObject({ error: { code: 404, message: expect.stringContaining('Site installation') } });
    const patched = await t.client.PATCH('/v1/integrations/{integrationName}/installations/{installationId}/sites/{siteId}', { params: { path: site }, body: { externalIds: ['x'] } });
    expect(patched.response.status).toBe(404);
    // Uninstalling what is not installed is a no-op.
    const removed = await t.client.DELETE('/v1/integrations/{integrationName}/installations/{installationId}/sites/{siteId}', { params: { path: site } });
    expect(removed.response.status).toBe(204);
    // Another organization's installation is not visible.
    const stranger = await createTenant(server);
    expect((await stranger.client.GET('/v1/integrations/{integrationName}/installations/{installationId}/sites', { params: { path } })).response.status).toBe(404);
  });
});

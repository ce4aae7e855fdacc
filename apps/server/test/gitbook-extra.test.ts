// GitBook operations beyond the seeds that GitBook's clients call: reads of any revision of a space (pages, a page
// by id, by path and its document, files) and a change request's page by path; a change request's contributors and
// the commenters of a space and of a change request. Real behaviour: a past revision answers its own content (not
// the current one), a revision of another space is 404; contributors are who edited and who commented; the grants
// on spaces and collections per user and per team (the same grants as POST …/permissions), and every member's
// resulting role, change who may do what; the semantic changes of a revision against its parent and of a change
// request against its base (pages created, edited, moved and deleted by id, files, variables); a space's PDF; the content
// an app or API URL of this Bindery shows; a site's navigation structure; updating a user; one invite link read and its
// role changed; a section group moved among the items of its level.
import { describe, expect, it } from 'vitest';
import { addMember, createSpaceTenant, createTenant, createUser, useTestServer, type TestApi } from '../src/testing/index.js';
import { pdfText } from '../src/testing/fixtures.js';
import { SignJWT } from 'jose';
import { edits } from './support/gitbook-client.js';

const server = useTestServer();

/** Uploads a file to the space (raw bytes); answers its id and the new revision. */
async function upload(token: string, base: string, name: string): Promise<{ id: string; revision: string }> {
  const res = await fetch(`${server.url}${base}/content/files?name=${name}`, {
    method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'text/plain' }, body: `bytes of ${name}`,
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return { id: ((await res.json()) as { id: string }).id, revision: JSON.parse(res.headers.get('etag')!) as string };
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

describe('contributors and commenters', () => {
  it('lists who edited and who commented a change request, and the members who commented the space or the change request', async () => {
    const t = await createTenant(server, { editor: 'edit', commenter: 'comment' });
    const space = await t.api.post(`/v1/orgs/${t.org}/spaces`, { title: 'Docs' });
    const spaceId = space.body.id as string;
    const base = `/v1/spaces/${spaceId}`;
    const cr = await t.api.post(`${base}/change-requests`, { subject: 'Work' });
    const crBase = `${base}/change-requests/${cr.body.id}`;
    await edits(t.as('editor'), crBase, [{ op: 'createPage', page: { id: 'page-one', title: 'One', markdown: 'One.\n' } }]);
    await edits(t.as('editor'), crBase, [{ op: 'updatePage', pageId: 'page-one', page: { markdown: 'One!\n' } }]);
    const comment = await t.as('commenter').post(`${crBase}/comments`, { body: { markdown: 'Why?' } });
    expect(comment.status).toBe(200);
    expect((await t.as('editor').post(`${crBase}/comments/${comment.body.id}/replies`, { body: { markdown: 'Because.' } })).status).toBe(200);
    expect((await t.api.post(`${base}/comments`, { body: { markdown: 'On the space' } })).status).toBe(200);
    const ids = { owner: t.owner.id, editor: t.users.editor!.id, commenter: t.users.commenter!.id };

    const path = { spaceId, changeRequestId: cr.body.id as string };
    const contributors = await t.client.GET('/v1/spaces/{spaceId}/change-requests/{changeRequestId}/contributors', { params: { path } });
    const summary = (items: { user: { id: string }; actionType: string; count: number }[]) => items.map((c) => [c.user.id, c.actionType, c.count]).sort();
    expect(summary(contributors.data!.items)).toEqual([[ids.owner, 'edit', 1], [ids.editor, 'edit', 2], [ids.commenter, 'comment', 1]].sort());
    expect(contributors.data!.count).toBe(3);
    const firstPage = await t.client.GET('/v1/spaces/{spaceId}/change-requests/{changeRequestId}/contributors', { params: { path, query: { limit: 2 } } });
    const rest = await t.client.GET('/v1/spaces/{spaceId}/change-requests/{changeRequestId}/contributors', { params: { path, query: { limit: 2, page: firstPage.data!.next!.page } } });
    expect(summary([...firstPage.data!.items, ...rest.data!.items])).toEqual(summary(contributors.data!.items));

    const inCr = await t.client.GET('/v1/spaces/{spaceId}/change-requests/{changeRequestId}/commenters', { params: { path } });
    expect(inCr.data!.items.map((m) => m.id).sort()).toEqual([ids.editor, ids.commenter].sort());
    expect(inCr.data!.items.find((m) => m.id === ids.commenter)).toMatchObject({ object: 'member', role: 'comment', user: { email: t.users.commenter!.email } });
    const inSpace = await t.client.GET('/v1/spaces/{spaceId}/commenters', { params: { path: { spaceId } } });
    expect(inSpace.data).toMatchObject({ count: 1, items: [{ id: ids.owner, role: 'admin' }] });

    // A guest granted a role on the space reads the list without the members' email addresses.
    const guest = await createUser(server, 'Guest');
    await addMember(server, t.org, t.owner, guest, null);
    expect((await t.api.post(`${base}/permissions`, { role: 'comment', users: [guest.id] })).status).toBe(204);
    const seen = await server.api(guest.token).get(`${base}/commenters`);
    expect(seen.body.items).toMatchObject([{ id: ids.owner }]);
    expect(seen.body.items[0].user).not.toHaveProperty('email');

    // A commenter who leaves the organization is no longer a commenter (members only), but stays a contributor.
    expect((await t.api.delete(`/v1/orgs/${t.org}/members/${ids.commenter}`)).status).toBe(204);
    expect((await t.api.get(`${crBase}/commenters`)).body.items.map((m: { id: string }) => m.id)).toEqual([ids.editor]);
    expect((await t.api.get(`${crBase}/contributors`)).body.count).toBe(3);
    // Outsiders see nothing.
    const stranger = server.api((await createUser(server, 'Stranger')).token);
    for (const p of [`${crBase}/contributors`, `${crBase}/commenters`, `${base}/commenters`]) expect((await stranger.get(p)).status, p).toBe(404);
  });
});

describe('space and collection permissions per user and team', () => {
  it('grants, lists and removes a user\'s role on a space, which takes effect; the aggregate lists every member\'s role', async () => {
    const t = await createTenant(server, { guest: null, reader: 'read' });
    const ids = { owner: t.owner.id, guest: t.users.guest!.id, reader: t.users.reader!.id };
    const collection = await t.api.post(`/v1/orgs/${t.org}/collections`, { title: 'Handbooks' });
    const space = await t.api.post(`/v1/orgs/${t.org}/spaces`, { title: 'Guide', parent: collection.body.id });
    const spaceId = space.body.id as string;
    const base = `/v1/spaces/${spaceId}`;
    const guest = t.as('guest');
    expect((await guest.get(base)).status).toBe(404);

    const set = await t.client.PATCH('/v1/spaces/{spaceId}/permissions/users/{userId}', { params: { path: { spaceId, userId: ids.guest } }, body: { role: 'edit' } });
    expect(set.response.status).toBe(204);
    expect((await guest.get(base)).body.permissions).toMatchObject({ view: true, edit: true, admin: false });
    expect((await guest.post(`${base}/content/edits`, { edits: [{ op: 'createPage', page: { title: 'By the guest', markdown: 'Hi.\n' } }] })).status).toBe(200);
    const users = await t.client.GET('/v1/spaces/{spaceId}/permissions/users', { params: { path: { spaceId } } });
    expect(users.data).toMatchObject({ count: 1, items: [{ permission: 'edit', user: { id: ids.guest } }] });
    // The same grant as POST …/permissions: a role set there shows here, and the PATCH replaces it.
    expect((await t.api.post(`${base}/permissions`, { role: 'comment', users: [ids.guest] })).status).toBe(204);
    expect((await t.api.get(`${base}/permissions/users`)).body.items[0].permission).toBe('comment');
    expect((await guest.get(base)).body.permissions.edit).toBe(false);

    const aggregate = await t.client.GET('/v1/spaces/{spaceId}/permissions/aggregate', { params: { path: { spaceId } } });
    const roles = Object.fromEntries(aggregate.data!.items.map((i) => [i.user.id, i.permission]));
    expect(roles).toEqual({ [ids.owner]: 'admin', [ids.reader]: 'read', [ids.guest]: 'comment' });
    const readers = await t.client.GET('/v1/spaces/{spaceId}/permissions/aggregate', { params: { path: { spaceId }, query: { role: 'read' } } });
    expect(readers.data!.items.map((i) => i.user.id)).toEqual([ids.reader]);
    // A default level raises the members with a role (not the guest).
    expect((await t.api.patch(`/v1/collections/${collection.body.id}`, { defaultLevel: 'review' })).status).toBe(200);
    const raised = Object.fromEntries((await t.api.get(`${base}/permissions/aggregate`)).body.items.map((i: { user: { id: string }; permission: string }) => [i.user.id, i.permission]));
    expect(raised).toEqual({ [ids.owner]: 'admin', [ids.reader]: 'review', [ids.guest]: 'comment' });

    // Removing the grant takes the guest's access away; removing again is a no-op.
    expect((await t.api.delete(`${base}/permissions/users/${ids.guest}`)).status).toBe(204);
    expect((await guest.get(base)).status).toBe(404);
    expect((await t.api.delete(`${base}/permissions/users/${ids.guest}`)).status).toBe(204);
    expect((await t.api.get(`${base}/permissions/users`)).body).toEqual({ items: [], count: 0 });
    // role: null removes a grant too.
    await t.api.patch(`${base}/permissions/users/${ids.guest}`, { role: 'read' });
    expect((await guest.get(base)).status).toBe(200);
    expect((await t.api.patch(`${base}/permissions/users/${ids.guest}`, { role: null })).status).toBe(204);
    expect((await guest.get(base)).status).toBe(404);

    // Only admins of the space manage or list them; a user outside the organization cannot be granted; outsiders see nothing.
    expect((await t.as('reader').get(`${base}/permissions/users`)).status).toBe(403);
    expect((await t.as('reader').patch(`${base}/permissions/users/${ids.reader}`, { role: 'admin' })).status).toBe(403);
    const outsider = await createUser(server, 'Outsider');
    const notMember = await t.api.patch(`${base}/permissions/users/${outsider.id}`, { role: 'read' });
    expect([notMember.status, notMember.body.error.message]).toEqual([404, expect.stringContaining('/path/userId')]);
    expect((await t.api.patch(`${base}/permissions/users/${ids.guest}`, { role: 'owner' })).status).toBe(400);
    expect((await server.api(outsider.token).get(`${base}/permissions/aggregate`)).status).toBe(404);
  });

  it('grants a team a role on a collection, which reaches its members in the spaces inside; lists and removes it', async () => {
    const t = await createTenant(server, { member: null });
    const memberId = t.users.member!.id;
    const team = await t.api.put(`/v1/orgs/${t.org}/teams`, { title: 'Writers', members: [memberId] });
    const teamId = team.body.id as string;
    const collection = await t.api.post(`/v1/orgs/${t.org}/collections`, { title: 'Handbooks' });
    const collectionId = collection.body.id as string;
    const space = await t.api.post(`/v1/orgs/${t.org}/spaces`, { title: 'Guide', parent: collectionId });
    const member = t.as('member');

    const set = await t.client.PATCH('/v1/collections/{collectionId}/permissions/teams/{teamId}', { params: { path: { collectionId, teamId } }, body: { role: 'review' } });
    expect(set.response.status).toBe(204);
    const teams = await t.client.GET('/v1/collections/{collectionId}/permissions/teams', { params: { path: { collectionId } } });
    expect(teams.data).toMatchObject({ count: 1, items: [{ permission: 'review', team: { id: teamId, title: 'Writers', members: 1 } }] });
    expect((await member.get(`/v1/spaces/${space.body.id}`)).body.permissions).toMatchObject({ view: true, review: true, edit: false });
    const inSpace = (await t.api.get(`/v1/spaces/${space.body.id}/permissions/aggregate?role=review`)).body.items;
    expect(inSpace.map((i: { user: { id: string } }) => i.user.id)).toEqual([memberId]);
    expect((await t.api.get(`/v1/spaces/${space.body.id}/permissions/teams`)).body.count).toBe(0); // granted above, not on the space

    // A user grant on the collection, through GitBook's per-user route, and its aggregate.
    await t.api.patch(`/v1/collections/${collectionId}/permissions/users/${memberId}`, { role: 'edit' });
    expect((await t.api.get(`/v1/collections/${collectionId}/permissions/users`)).body.items).toMatchObject([{ permission: 'edit', user: { id: memberId } }]);
    const aggregate = await t.client.GET('/v1/collections/{collectionId}/permissions/aggregate', { params: { path: { collectionId } } });
    expect(aggregate.data!.items.map((i) => [i.user.id, i.permission]).sort()).toEqual([[memberId, 'edit'], [t.owner.id, 'admin']].sort());
    expect((await t.api.delete(`/v1/collections/${collectionId}/permissions/users/${memberId}`)).status).toBe(204);

    expect((await t.api.delete(`/v1/collections/${collectionId}/permissions/teams/${teamId}`)).status).toBe(204);
    expect((await member.get(`/v1/spaces/${space.body.id}`)).status).toBe(404);
    expect((await t.api.get(`/v1/collections/${collectionId}/permissions/teams`)).body).toEqual({ items: [], count: 0 });
    expect((await t.api.patch(`/v1/collections/${collectionId}/permissions/teams/nope`, { role: 'read' })).status).toBe(404);
  });
});

describe('semantic changes of a revision and of a change request', () => {
  it('lists the pages created, edited, moved and deleted, the files and variables, against the parent revision', async () => {
    const { org, owner, api, spaceId, base } = await createSpaceTenant(server);
    const client = server.client(owner.token);
    const r1 = await edits(api, base, [
      { op: 'createPage', page: { id: 'page-guides', title: 'Guides', type: 'group' } },
      { op: 'createPage', page: { id: 'page-alpha', title: 'A', markdown: 'Alpha.\n' } },
      { op: 'createPage', page: { id: 'page-beta', title: 'B', parent: 'page-guides', markdown: 'Beta.\n' } },
      { op: 'createPage', page: { id: 'page-gamma', title: 'C', markdown: 'Gamma.\n' } },
    ]);
    const old = await upload(owner.token, base, 'old.txt');
    const r3 = await edits(api, base, [
      { op: 'updatePage', pageId: 'page-alpha', page: { markdown: 'Alpha, rewritten.\n' } },
      { op: 'updatePage', pageId: 'page-beta', page: { title: 'Bee' } },
      { op: 'movePage', pageId: 'page-gamma', parent: 'page-guides' },
      { op: 'createPage', page: { id: 'page-delta', title: 'D', parent: 'page-guides', markdown: 'Delta.\n' } },
      { op: 'deleteFile', fileId: old.id },
      { op: 'setVariables', variables: { version: '2.0' } },
    ]);
    const r4 = await edits(api, base, [{ op: 'deletePage', pageId: 'page-guides' }]);

    const get = (revisionId: string, query: { limit?: number; computed?: boolean } = {}) =>
      client.GET('/v1/spaces/{spaceId}/revisions/{revisionId}/changes', { params: { path: { spaceId, revisionId }, query } });
    const created = await get(r1);
    expect(created.data!.changes.map((c) => [c.type, 'page' in c ? c.page.id : ''])).toEqual([
      ['page_created', 'page-guides'], ['page_created', 'page-beta'], ['page_created', 'page-alpha'], ['page_created', 'page-gamma'],
    ]);
    expect(created.data!.changes[1]).toEqual({ type: 'page_created', page: { id: 'page-beta', type: 'document', title: 'B', path: 'guides/b' } });
    expect((await get(old.revision)).data!.changes).toEqual([
      { type: 'file_created', file: { id: old.id, name: 'old.txt', contentType: 'text/plain', downloadURL: expect.stringContaining(`/revisions/${old.revision}/files/${old.id}/download`) } },
    ]);

    const edited = await get(r3, { limit: 100 });
    expect(edited.data!.more).toBeUndefined();
    expect(edited.data!.changes).toEqual([
      { type: 'page_edited', page: { id: 'page-beta', type: 'document', title: 'Bee', path: 'guides/b' }, attributes: { title: { before: 'B', after: 'Bee' } } },
      { type: 'page_moved', page: { id: 'page-gamma', type: 'document', title: 'C', path: 'guides/c' }, parent: { after: { id: 'page-guides', type: 'group', title: 'Guides', path: 'guides' } } },
      { type: 'page_created', page: { id: 'page-delta', type: 'document', title: 'D', path: 'guides/d' } },
      { type: 'page_edited', page: { id: 'page-alpha', type: 'document', title: 'A', path: 'a' }, attributes: { document: {} } },
      { type: 'file_deleted', file: expect.objectContaining({ id: old.id, downloadURL: expect.stringContaining(`/revisions/${old.revision}/`) }) },
      { type: 'variables_edited', variables: { version: { after: '2.0' } } },
    ]);
    const limited = await get(r3, { limit: 2 });
    expect([limited.data!.changes.length, limited.data!.more]).toEqual([2, 4]);

    // Deleting a group deletes the pages under it: each one is listed, as it was.
    expect((await get(r4)).data!.changes.map((c) => [c.type, 'page' in c ? c.page.path : ''])).toEqual([
      ['page_deleted', 'guides'], ['page_deleted', 'guides/b'], ['page_deleted', 'guides/c'], ['page_deleted', 'guides/d'],
    ]);

    // A revision of another space is 404 through this one; so is an unknown one.
    const other = await api.post(`/v1/orgs/${org}/spaces`, { title: 'Other' });
    expect((await api.get(`/v1/spaces/${other.body.id}/revisions/${r3}/changes`)).status).toBe(404);
    expect((await api.get(`${base}/revisions/nope/changes`)).status).toBe(404);
  });

  it('lists what a change request changes of its base, and a merge revision names the change request it merged', async () => {
    const { owner, api, spaceId, base } = await createSpaceTenant(server);
    const client = server.client(owner.token);
    await edits(api, base, [{ op: 'createPage', page: { id: 'page-guide', title: 'Guide', markdown: 'Main text.\n' } }, { op: 'createPage', page: { id: 'page-old', title: 'Old', markdown: 'Old text.\n' } }]);
    const cr = await api.post(`${base}/change-requests`, { subject: 'Rewrite' });
    const changeRequestId = cr.body.id as string;
    const crBase = `${base}/change-requests/${changeRequestId}`;
    const path = { spaceId, changeRequestId };
    expect((await client.GET('/v1/spaces/{spaceId}/change-requests/{changeRequestId}/changes', { params: { path } })).data).toEqual({ changes: [] });
    await edits(api, crBase, [
      { op: 'updatePage', pageId: 'page-guide', page: { title: 'The guide', markdown: 'New text.\n' } },
      { op: 'deletePage', pageId: 'page-old' },
    ]);
    // The main content moves on meanwhile: not a change of the change request.
    await edits(api, base, [{ op: 'createPage', page: { id: 'page-main', title: 'Main only' } }]);

    const expected = [
      { type: 'page_edited', page: { id: 'page-guide', type: 'document', title: 'The guide', path: 'guide' }, attributes: { title: { before: 'Guide', after: 'The guide' }, document: {} } },
      { type: 'page_deleted', page: { id: 'page-old', type: 'document', title: 'Old', path: 'old' } },
    ];
    expect((await client.GET('/v1/spaces/{spaceId}/change-requests/{changeRequestId}/changes', { params: { path } })).data).toEqual({ changes: expected });

    const merged = await api.post(`${crBase}/merge`, {});
    expect(merged.status, JSON.stringify(merged.body)).toBe(200);
    const revisionId = merged.body.revision as string;
    const changes = await client.GET('/v1/spaces/{spaceId}/revisions/{revisionId}/changes', { params: { path: { spaceId, revisionId } } });
    expect(changes.data!.changes).toEqual(expected);
    expect(changes.data!.mergedFrom).toMatchObject({ id: changeRequestId, status: 'merged', revisionMerged: revisionId });

    const stranger = server.api((await createUser(server, 'Stranger')).token);
    expect((await stranger.get(`${crBase}/changes`)).status).toBe(404);
  });
});

describe('space PDF', () => {
  it('answers a signed URL to a PDF of the space\'s current content (not a change request\'s), or of one page', async () => {
    const { owner, api, spaceId, base } = await createSpaceTenant(server);
    const client = server.client(owner.token);
    await edits(api, base, [
      { op: 'createPage', page: { id: 'page-intro', title: 'Intro', markdown: 'Welcome to the space.\n' } },
      { op: 'createPage', page: { id: 'page-setup', title: 'Setup', markdown: 'Install it first.\n' } },
    ]);
    const cr = await api.post(`${base}/change-requests`, { subject: 'Draft' });
    await edits(api, `${base}/change-requests/${cr.body.id}`, [{ op: 'updatePage', pageId: 'page-intro', page: { markdown: 'Not merged yet.\n' } }]);
    const download = async (url: string) => {
      const res = await fetch(server.url + url.slice(server.ctx.config.publicUrl.length));
      expect([res.status, res.headers.get('content-disposition')]).toEqual([200, 'inline; filename="space.pdf"']);
      return pdfText(Buffer.from(await res.arrayBuffer()));
    };

    const whole = await client.GET('/v1/spaces/{spaceId}/pdf', { params: { path: { spaceId } } });
    expect(whole.data!.url).toMatch(new RegExp(`^${server.ctx.config.publicUrl}/v1/exports/pdf/[A-Za-z0-9_.-]+$`));
    const text = await download(whole.data!.url);
    expect(text).toContain('Welcome to the space.');
    expect(text).toContain('Install it first.');
    expect(text).not.toContain('Not merged yet.');

    const one = await client.GET('/v1/spaces/{spaceId}/pdf', { params: { path: { spaceId }, query: { page: 'page-setup', only: true } } });
    const oneText = await download(one.data!.url);
    expect(oneText).toContain('Install it first.');
    expect(oneText).not.toContain('Welcome to the space.');

    expect((await api.get(`${base}/pdf?page=page-nope`)).status).toBe(404);
    const stranger = server.api((await createUser(server, 'Stranger')).token);
    expect((await stranger.get(`${base}/pdf`)).status).toBe(404);
    // The page deleted since the URL was made: the URL no longer finds it.
    await edits(api, base, [{ op: 'deletePage', pageId: 'page-setup' }]);
    expect((await fetch(server.url + one.data!.url.slice(server.ctx.config.publicUrl.length))).status).toBe(404);
  });
});

describe('content by URL', () => {
  it('resolves app and API URLs of spaces, pages, change requests, revisions and collections; any other URL is 404', async () => {
    const { org, owner, api, spaceId, base } = await createSpaceTenant(server);
    const client = server.client(owner.token);
    const r1 = await edits(api, base, [
      { op: 'createPage', page: { id: 'page-guides', title: 'Guides', type: 'group' } },
      { op: 'createPage', page: { id: 'page-install', title: 'Install', parent: 'page-guides', markdown: 'Run it.\n' } },
    ]);
    await edits(api, base, [{ op: 'updatePage', pageId: 'page-install', page: { title: 'Setup', slug: 'setup' } }]);
    const cr = await api.post(`${base}/change-requests`, { subject: 'More' });
    await edits(api, `${base}/change-requests/${cr.body.id}`, [{ op: 'createPage', page: { id: 'page-later', title: 'Later', markdown: 'Soon.\n' } }]);
    const collection = await api.post(`/v1/orgs/${org}/collections`, { title: 'Shelf' });
    const { appUrl, publicUrl } = server.ctx.config;
    const resolve = (url: string) => client.GET('/v1/urls/content', { params: { query: { url } } });
    const summary = async (url: string) => {
      const r = await resolve(url);
      expect(r.response.status, `${url}: ${JSON.stringify(r.error)}`).toBe(200);
      const d = r.data as { space?: { id: string }; collection?: { id: string }; changeRequest?: { id: string }; page?: { id: string; path?: string } };
      return { space: d.space?.id, collection: d.collection?.id, changeRequest: d.changeRequest?.id, page: d.page?.id, path: d.page?.path };
    };
    const none = { space: undefined, collection: undefined, changeRequest: undefined, page: undefined, path: undefined };

    const space = await api.get(base);
    expect(await summary(space.body.urls.app)).toEqual({ ...none, space: spaceId });
    const page = await api.get(`${base}/content/page/page-install`);
    expect(await summary(page.body.urls.app)).toEqual({ ...none, space: spaceId, page: 'page-install', path: 'guides/setup' });
    expect(await summary(`${appUrl}/s/${spaceId}/guides?x=1#top`)).toEqual({ ...none, space: spaceId, page: 'page-guides', path: 'guides' });
    expect(await summary(cr.body.urls.app)).toEqual({ ...none, space: spaceId, changeRequest: cr.body.id });
    expect(await summary(`${cr.body.urls.app}/later`)).toEqual({ ...none, space: spaceId, changeRequest: cr.body.id, page: 'page-later', path: 'later' });
    expect(await summary(`${appUrl}/s/${spaceId}/~/revisions/${r1}/guides/install`)).toEqual({ ...none, space: spaceId, page: 'page-install', path: 'guides/install' });
    expect(await summary(collection.body.urls.app)).toEqual({ ...none, collection: collection.body.id });
    expect(await summary(`${publicUrl}/v1/spaces/${spaceId}/content/page/page-install`)).toEqual({ ...none, space: spaceId, page: 'page-install', path: 'guides/setup' });
    expect(await summary(`${publicUrl}/v1/spaces/${spaceId}/content/path/guides/setup`)).toMatchObject({ page: 'page-install' });
    expect(await summary(`${publicUrl}/v1/spaces/${spaceId}/change-requests/${cr.body.id}/content/page/page-later`)).toMatchObject({ changeRequest: cr.body.id, page: 'page-later' });
    expect(await summary(`${publicUrl}/v1/collections/${collection.body.id}`)).toEqual({ ...none, collection: collection.body.id });

    for (const url of [
      `https://elsewhere.example/s/${spaceId}`, `${appUrl}/s/${spaceId}/guides/nope`, `${appUrl}/s/${spaceId}/~/changes/99`, `${appUrl}/x/${spaceId}`,
      `${appUrl}/s/space-nope`, `${publicUrl}/v1/spaces/${spaceId}/comments`, `${appUrl}/s/${spaceId}/later`,
    ]) {
      expect([url, (await resolve(url)).response.status]).toEqual([url, 404]);
    }
    expect((await resolve('not a url')).response.status).toBe(400);
    const stranger = server.client((await createUser(server, 'Stranger')).token);
    expect((await stranger.GET('/v1/urls/content', { params: { query: { url: space.body.urls.app } } })).response.status).toBe(404);
  });
});

describe('site structure', () => {
  it('answers the site spaces of a site without sections, then its sections and groups in order with their site spaces', async () => {
    const { org, owner, api, spaceId } = await createSpaceTenant(server);
    const client = server.client(owner.token);
    const other = (await api.post(`/v1/orgs/${org}/spaces`, { title: 'API' })).body.id as string;
    const sites = `/v1/orgs/${org}/sites`;
    const site = (await api.post(sites, { title: 'Docs', spaces: [spaceId] })).body;
    const structure = async () => {
      const r = await client.GET('/v1/orgs/{organizationId}/sites/{siteId}/structure', { params: { path: { organizationId: org, siteId: site.id } } });
      expect(r.response.status, JSON.stringify(r.error)).toBe(200);
      return r.data!;
    };
    const flat = await structure();
    expect(flat.type).toBe('siteSpaces');
    expect(flat.structure.map((ss: any) => [ss.object, ss.space.id, ss.default])).toEqual([['site-space', spaceId, true]]);

    const section = await api.post(`${sites}/${site.id}/sections`, { spaceId: other, title: 'API reference' });
    expect(section.status, JSON.stringify(section.body)).toBe(201);
    const group = await api.post(`${sites}/${site.id}/section-groups`, { title: 'Developers', sections: [section.body.id] });
    expect(group.status, JSON.stringify(group.body)).toBe(201);
    const nested = await structure();
    expect(nested.type).toBe('sections');
    expect(nested.structure.map((x: any) => [x.object, x.title, (x.siteSpaces ?? x.children).map((c: any) => c.space?.id ?? c.title)])).toEqual([
      ['site-section', 'Docs', [spaceId]], ['site-section-group', 'Developers', ['API reference']],
    ]);
    expect(nested).toEqual((await api.get(`${sites}/${site.id}/published`)).body.structure);

    const stranger = server.api((await createUser(server, 'Stranger')).token);
    expect((await stranger.get(`${sites}/${site.id}/structure`)).status).toBe(404);
    expect((await api.get(`${sites}/site-nope/structure`)).status).toBe(404);
  });
});

describe('updating a user', () => {
  it('lets a user rename themself (seen at once through their token) and the instance administrator update anyone; others are refused', async () => {
    const { org, owner } = await createTenant(server);
    const mate = await createUser(server, 'Mate');
    await addMember(server, org, owner, mate, 'admin');
    const self = server.client(mate.token);
    const patch = (token: string, userId: string, body: { displayName?: string; photoURL?: string | null }) =>
      server.client(token).PATCH('/v1/users/{userId}', { params: { path: { userId } }, body });

    const renamed = await patch(mate.token, mate.id, { displayName: 'Mate Renamed', photoURL: 'https://example.com/me.png' });
    expect(renamed.data).toMatchObject({ id: mate.id, displayName: 'Mate Renamed', photoURL: 'https://example.com/me.png', email: mate.email });
    expect((await self.GET('/v1/user')).data).toMatchObject({ displayName: 'Mate Renamed' });
    expect((await server.client(owner.token).GET('/v1/users/{userId}', { params: { path: { userId: mate.id } } })).data!.displayName).toBe('Mate Renamed');
    const cleared = await patch(server.adminToken, mate.id, { photoURL: null });
    expect([cleared.response.status, cleared.data!.displayName, cleared.data!.photoURL]).toEqual([200, 'Mate Renamed', undefined]);

    // An organization admin who shares an organization with the user may see, not change them; a stranger sees nothing.
    expect((await patch(owner.token, mate.id, { displayName: 'Nope' })).response.status).toBe(403);
    const stranger = await createUser(server, 'Stranger');
    expect((await patch(stranger.token, mate.id, { displayName: 'Nope' })).response.status).toBe(404);
    expect((await patch(mate.token, mate.id, {})).response.status).toBe(400);
    expect((await patch(mate.token, mate.id, { displayName: '' })).response.status).toBe(400);
    expect((await self.GET('/v1/user')).data!.displayName).toBe('Mate Renamed');
  });
});

describe('invite links: one link, its role changed', () => {
  it('reads an invite link and changes the role it gives to who joins from then on; admins only', async () => {
    const { org, owner, api, users } = await createTenant(server, { reader: 'read' });
    await api.patch(`/v1/orgs/${org}`, { inviteLinks: true });
    const client = server.client(owner.token);
    const link = (await api.post(`/v1/orgs/${org}/link-invites`, { role: 'read' })).body;
    const path = { organizationId: org, inviteId: link.id as string };
    const got = await client.GET('/v1/orgs/{organizationId}/link-invites/{inviteId}', { params: { path } });
    expect(got.data).toEqual(link);

    const early = await createUser(server, 'Early');
    expect((await server.api(early.token).post(`/v1/orgs/${org}/invites/${link.id}`)).body).toMatchObject({ role: 'read' });
    const updated = await client.PATCH('/v1/orgs/{organizationId}/link-invites/{inviteId}', { params: { path }, body: { role: 'edit' } });
    expect([updated.response.status, (updated.data as { role?: unknown }).role, updated.data!.id]).toEqual([200, 'edit', link.id]);
    expect(((await client.GET('/v1/orgs/{organizationId}/link-invites/{inviteId}', { params: { path } })).data as { role?: unknown }).role).toBe('edit');
    const late = await createUser(server, 'Late');
    expect((await server.api(late.token).post(`/v1/orgs/${org}/invites/${link.id}`)).body).toMatchObject({ role: 'edit' });
    // Who joined before keeps their role; a guest link (`null`) is a role too.
    expect((await api.get(`/v1/orgs/${org}/members/${early.id}`)).body.role).toBe('read');
    expect(((await client.PATCH('/v1/orgs/{organizationId}/link-invites/{inviteId}', { params: { path }, body: { role: null } })).data as { role?: unknown }).role).toBeNull();

    const reader = server.client(users.reader!.token);
    expect((await reader.GET('/v1/orgs/{organizationId}/link-invites/{inviteId}', { params: { path } })).response.status).toBe(403);
    expect((await reader.PATCH('/v1/orgs/{organizationId}/link-invites/{inviteId}', { params: { path }, body: { role: 'admin' } })).response.status).toBe(403);
    const stranger = server.client((await createUser(server, 'Stranger')).token);
    expect((await stranger.GET('/v1/orgs/{organizationId}/link-invites/{inviteId}', { params: { path } })).response.status).toBe(404);
    expect((await client.GET('/v1/orgs/{organizationId}/link-invites/{inviteId}', { params: { path: { organizationId: org, inviteId: 'nope' } } })).response.status).toBe(404);
    expect((await client.PATCH('/v1/orgs/{organizationId}/link-invites/{inviteId}', { params: { path: { organizationId: org, inviteId: 'nope' } }, body: { role: 'read' } })).response.status).toBe(404);
    const bad = await api.patch(`/v1/orgs/${org}/link-invites/${link.id}`, { role: 'owner' });
    expect([bad.status, JSON.stringify(bad.body)]).toEqual([400, expect.stringContaining('/body/role')]);
    expect((await api.patch(`/v1/orgs/${org}/link-invites/${link.id}`, { level: 'read' })).status).toBe(400);
    // An invite of another organization is not found through this one.
    const other = await createTenant(server);
    await other.api.patch(`/v1/orgs/${other.org}`, { inviteLinks: true });
    const foreign = (await other.api.post(`/v1/orgs/${other.org}/link-invites`, { role: 'read' })).body;
    expect((await client.GET('/v1/orgs/{organizationId}/link-invites/{inviteId}', { params: { path: { organizationId: org, inviteId: foreign.id } } })).response.status).toBe(404);
  });

  it('records each change with the role it really replaced, also when two change it at once', async () => {
    const { org, api } = await createTenant(server);
    await api.patch(`/v1/orgs/${org}`, { inviteLinks: true });
    const link = (await api.post(`/v1/orgs/${org}/link-invites`, { role: 'read' })).body;
    const results = await Promise.all(['review', 'edit', 'comment'].map((role) => api.patch(`/v1/orgs/${org}/link-invites/${link.id}`, { role })));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    const events = (await api.get(`/v1/orgs/${org}/audit-events?action=invite_link.updated&limit=10`)).body.items as { payload?: unknown; id: string }[];
    const payloads = await Promise.all(events.map(async (e) => (await api.get(`/v1/orgs/${org}/audit-events/${e.id}`)).body.payload.role as { before: string; after: string }));
    // Oldest first, the changes form one chain from the link's first role to its final one.
    const chain = payloads.reverse();
    expect(chain).toHaveLength(3);
    expect(chain[0]!.before).toBe('read');
    for (let i = 1; i < chain.length; i++) expect(chain[i]!.before).toBe(chain[i - 1]!.after);
    expect(chain.at(-1)!.after).toBe((await api.get(`/v1/orgs/${org}/link-invites/${link.id}`)).body.role);
    // The same role again changes nothing and records nothing.
    await api.patch(`/v1/orgs/${org}/link-invites/${link.id}`, { role: chain.at(-1)!.after });
    expect((await api.get(`/v1/orgs/${org}/audit-events?action=invite_link.updated&limit=10`)).body.items).toHaveLength(3);
  });
});

describe('moving a section group', () => {
  it('moves a group before or after a section, a group or an external link of its level, or to the end; keeps its sections', async () => {
    const { org, owner, api, spaceId } = await createSpaceTenant(server);
    const client = server.client(owner.token);
    const sites = `/v1/orgs/${org}/sites`;
    const site = (await api.post(sites, { title: 'Docs', spaces: [spaceId] })).body;
    const other = (await api.post(`/v1/orgs/${org}/spaces`, { title: 'API' })).body.id as string;
    const apiSection = (await api.post(`${sites}/${site.id}/sections`, { spaceId: other, title: 'API' })).body;
    const g1 = (await api.post(`${sites}/${site.id}/section-groups`, { title: 'One', sections: [apiSection.id] })).body;
    const g2 = (await api.post(`${sites}/${site.id}/section-groups`, { title: 'Two' })).body;
    const inner = (await api.post(`${sites}/${site.id}/section-groups`, { title: 'Inner', parent: g2.id })).body;
    const blog = (await api.post(`${sites}/${site.id}/external-links`, { title: 'Blog', url: 'https://blog.example.com' })).body;
    const top = async () => ((await api.get(`${sites}/${site.id}/structure`)).body.structure as { id: string; title: string; children?: { id: string }[] }[]);
    const docs = (await top())[0]!.id;
    expect((await top()).map((x) => x.title)).toEqual(['Docs', 'One', 'Two', 'Blog']);
    const move = (groupId: string, body?: Record<string, unknown>) =>
      client.POST('/v1/orgs/{organizationId}/sites/{siteId}/section-groups/{siteSectionGroupId}/move', { params: { path: { organizationId: org, siteId: site.id, siteSectionGroupId: groupId } }, body: body as never });

    const first = await move(g2.id, { position: { before: { type: 'site-section', id: docs } } });
    expect([first.response.status, first.data!.id, first.data!.title]).toEqual([200, g2.id, 'Two']);
    expect((await top()).map((x) => x.title)).toEqual(['Two', 'Docs', 'One', 'Blog']);
    await move(g1.id, { position: { after: { type: 'site-external-link', id: blog.id } } });
    expect((await top()).map((x) => x.title)).toEqual(['Two', 'Docs', 'Blog', 'One']);
    await move(g1.id, { position: { before: { type: 'site-section-group', id: g2.id } } });
    expect((await top()).map((x) => x.title)).toEqual(['One', 'Two', 'Docs', 'Blog']);
    await move(g1.id);
    const last = await top();
    expect(last.map((x) => x.title)).toEqual(['Two', 'Docs', 'Blog', 'One']);
    // The group keeps its sections, the nested group its parent; the published site shows the order.
    expect(last[3]!.children!.map((c) => c.id)).toEqual([apiSection.id]);
    expect(last[0]!.children!.map((c) => c.id)).toEqual([inner.id]);
    expect((await api.get(`${sites}/${site.id}/published`)).body.structure.structure.map((x: { id: string }) => x.id)).toEqual(last.map((x) => x.id));

    // A position naming an item of another level, a wrong type, or both sides: 400 naming the field; nothing moved.
    const wrongLevel = await move(inner.id, { position: { before: { type: 'site-section', id: docs } } });
    expect([wrongLevel.response.status, wrongLevel.error?.error.message]).toEqual([400, expect.stringContaining('/body/position/before/id')]);
    expect((await move(g1.id, { position: { after: { type: 'site-section', id: g2.id } } })).response.status).toBe(400);
    expect((await move(g1.id, { position: { before: { type: 'site-section', id: docs }, after: { type: 'site-section', id: docs } } })).response.status).toBe(400);
    expect((await move(g1.id, { position: { before: { type: 'page', id: docs } } })).response.status).toBe(400);
    expect((await top()).map((x) => x.title)).toEqual(['Two', 'Docs', 'Blog', 'One']);
    expect((await move('nope')).response.status).toBe(404);
    const reader = await createUser(server, 'Reader');
    await addMember(server, org, owner, reader, 'read');
    expect((await server.client(reader.token).POST('/v1/orgs/{organizationId}/sites/{siteId}/section-groups/{siteSectionGroupId}/move', { params: { path: { organizationId: org, siteId: site.id, siteSectionGroupId: g1.id } } })).response.status).toBe(403);
    const stranger = await createUser(server, 'Stranger');
    expect((await server.client(stranger.token).POST('/v1/orgs/{organizationId}/sites/{siteId}/section-groups/{siteSectionGroupId}/move', { params: { path: { organizationId: org, siteId: site.id, siteSectionGroupId: g1.id } } })).response.status).toBe(404);
  });
});

describe('sorting a site\'s structure', () => {
  it('moves a site space among the site spaces of its level and a section, group or external link among the items of theirs', async () => {
    const { org, owner, api, spaceId } = await createSpaceTenant(server);
    const client = server.client(owner.token);
    const sites = `/v1/orgs/${org}/sites`;
    const other = (await api.post(`/v1/orgs/${org}/spaces`, { title: 'API' })).body.id as string;
    const site = (await api.post(sites, { title: 'Docs', spaces: [spaceId] })).body;
    const second = (await api.post(`${sites}/${site.id}/site-spaces`, { spaceId: other })).body;
    const path = { organizationId: org, siteId: site.id as string };
    const sort = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
      client.PATCH('/v1/orgs/{organizationId}/sites/{siteId}/structure/sort', { params: { path, header: headers as never }, body: body as never });
    const structure = async () => (await api.get(`${sites}/${site.id}/structure`)).body;
    const first = (await structure()).structure[0].id as string;
    expect((await structure()).structure.map((x: { id: string }) => x.id)).toEqual([first, second.id]);

    const moved = await sort({ item: { type: 'site-space', id: second.id }, position: { before: { type: 'site-space', id: first } } });
    expect([moved.response.status, (moved.data as { object: string; id: string }).object, (moved.data as { id: string }).id]).toEqual([200, 'site-space', second.id]);
    expect((await structure()).structure.map((x: { id: string }) => x.id)).toEqual([second.id, first]);
    const minimal = await sort({ item: { type: 'site-space', id: second.id } }, { prefer: 'return=minimal' });
    expect([minimal.response.status, minimal.response.headers.get('preference-applied')]).toEqual([204, 'return=minimal']);
    expect((await structure()).structure.map((x: { id: string }) => x.id)).toEqual([first, second.id]);

    // With sections: sections, groups and external links share a level.
    const section = (await api.post(`${sites}/${site.id}/sections`, { spaceId: other, title: 'Reference' })).body;
    const group = (await api.post(`${sites}/${site.id}/section-groups`, { title: 'More' })).body;
    const link = (await api.post(`${sites}/${site.id}/external-links`, { title: 'Blog', url: 'https://blog.example.com' })).body;
    const titles = async () => (await structure()).structure.map((x: { title: string }) => x.title);
    const before = await titles();
    expect(before.slice(-3)).toEqual(['Reference', 'More', 'Blog']);
    const movedLink = await sort({ item: { type: 'site-external-link', id: link.id }, position: { before: { type: 'site-section', id: section.id } } });
    expect((movedLink.data as { object: string }).object).toBe('site-external-link');
    expect((await titles()).slice(-3)).toEqual(['Blog', 'Reference', 'More']);
    expect(((await sort({ item: { type: 'site-section', id: section.id }, position: { after: { type: 'site-section-group', id: group.id } } })).data as { object: string }).object).toBe('site-section');
    expect((await titles()).slice(-3)).toEqual(['Blog', 'More', 'Reference']);
    expect(((await sort({ item: { type: 'site-section-group', id: group.id } })).data as { object: string; id: string }).id).toBe(group.id);
    expect((await titles()).slice(-3)).toEqual(['Blog', 'Reference', 'More']);

    // Another level, another kind, an unknown item: 400 naming the field, or 404; nothing moved.
    const sectionSpaces = (await api.get(`${sites}/${site.id}/site-spaces`)).body.items as { id: string }[];
    const wrong = await sort({ item: { type: 'site-section', id: section.id }, position: { before: { type: 'site-space', id: sectionSpaces[0]!.id } } });
    expect([wrong.response.status, JSON.stringify(wrong.error)]).toEqual([400, expect.stringContaining('/body/position/before/id')]);
    expect((await sort({ item: { type: 'site-section', id: group.id } })).response.status).toBe(404);
    expect((await sort({ item: { type: 'page', id: group.id } })).response.status).toBe(400);
    expect((await sort({ position: {} })).response.status).toBe(400);
    expect((await titles()).slice(-3)).toEqual(['Blog', 'Reference', 'More']);
    const reader = await createUser(server, 'Reader');
    await addMember(server, org, owner, reader, 'read');
    expect((await server.client(reader.token).PATCH('/v1/orgs/{organizationId}/sites/{siteId}/structure/sort', { params: { path }, body: { item: { type: 'site-section-group', id: group.id } } })).response.status).toBe(403);
    const stranger = await createUser(server, 'Stranger');
    expect((await server.client(stranger.token).PATCH('/v1/orgs/{organizationId}/sites/{siteId}/structure/sort', { params: { path }, body: { item: { type: 'site-section-group', id: group.id } } })).response.status).toBe(404);
  });
});

describe('site publishing auth (GitBook\'s form of visitor authentication)', () => {
  it('reads the visitor token key and fallback URL, changes the fallback URL, regenerates the key: old tokens stop working', async () => {
    const { org, owner, api, spaceId, base } = await createSpaceTenant(server);
    await edits(api, base, [{ op: 'createPage', page: { id: 'page-intro', title: 'Introduction', markdown: 'Welcome.\n' } }]);
    const site = (await api.post(`/v1/orgs/${org}/sites`, { title: 'Closed', spaces: [spaceId], visibility: 'visitor-auth' })).body;
    expect((await api.post(`/v1/orgs/${org}/sites/${site.id}/publish`)).status).toBe(200);
    const client = server.client(owner.token);
    const path = { organizationId: org, siteId: site.id as string };
    const auth = await client.GET('/v1/orgs/{organizationId}/sites/{siteId}/publishing/auth', { params: { path } });
    const key = auth.data!.privateKey;
    expect(auth.data).toEqual({ object: 'publishing-auth', backend: 'custom', privateKey: (await api.get(`/v1/orgs/${org}/sites/${site.id}/visitor-auth`)).body.key });

    const page = (query = '', headers: Record<string, string> = {}) => fetch(`${server.url}/sites/${site.id}/${query}`, { headers, redirect: 'manual' });
    const updated = await client.PATCH('/v1/orgs/{organizationId}/sites/{siteId}/publishing/auth', { params: { path }, body: { backend: 'custom', fallbackURL: 'https://login.example.com/sso' } });
    expect(updated.data).toEqual({ object: 'publishing-auth', backend: 'custom', privateKey: key, fallbackURL: 'https://login.example.com/sso' });
    expect((await page()).headers.get('location')).toMatch(/^https:\/\/login\.example\.com\/sso\?location=/);
    // Omitted, the fallback URL stays; null removes it (visitors without a token get a 401 page).
    expect((await client.PATCH('/v1/orgs/{organizationId}/sites/{siteId}/publishing/auth', { params: { path }, body: { backend: 'custom' } })).data!.fallbackURL).toBe('https://login.example.com/sso');
    expect((await client.PATCH('/v1/orgs/{organizationId}/sites/{siteId}/publishing/auth', { params: { path }, body: { backend: 'custom', fallbackURL: null } })).data!.fallbackURL).toBeUndefined();
    expect((await page()).status).toBe(401);

    const token = await new SignJWT({ plan: 'pro' }).setProtectedHeader({ alg: 'HS256' }).setExpirationTime('1h').sign(new TextEncoder().encode(key));
    const signedIn = await page(`?jwt_token=${token}`);
    expect(signedIn.status).toBe(200);
    const session = signedIn.headers.get('set-cookie')!.split(';')[0]!;
    const regenerated = await client.POST('/v1/orgs/{organizationId}/sites/{siteId}/publishing/auth/regenerate', { params: { path } });
    expect(regenerated.response.status).toBe(200);
    expect(regenerated.data!.privateKey).not.toBe(key);
    expect((await client.GET('/v1/orgs/{organizationId}/sites/{siteId}/publishing/auth', { params: { path } })).data!.privateKey).toBe(regenerated.data!.privateKey);
    expect((await page('', { cookie: session })).status).toBe(401);
    expect((await page(`?jwt_token=${token}`)).status).toBe(401);
    const fresh = await new SignJWT({}).setProtectedHeader({ alg: 'HS256' }).setExpirationTime('1h').sign(new TextEncoder().encode(regenerated.data!.privateKey));
    expect((await page(`?jwt_token=${fresh}`)).status).toBe(200);

    // Bad input names the field; GitBook's integration backend and logout URL are features Bindery does not have.
    for (const [body, field] of [[{ backend: 'integration' }, '/body/backend'], [{ backend: 'custom', logoutURL: 'https://x.example.com' }, 'logoutURL'], [{ backend: 'custom', fallbackURL: 'ftp://x.example.com' }, '/body/fallbackURL'], [{}, 'backend']] as const) {
      const r = await api.patch(`/v1/orgs/${org}/sites/${site.id}/publishing/auth`, body);
      expect([r.status, JSON.stringify(r.body)]).toEqual([400, expect.stringContaining(field)]);
    }
    const actions = (await api.get(`/v1/orgs/${org}/audit-events?action=site.visitor_auth_changed&limit=10`)).body.items;
    expect(actions).toHaveLength(3);

    // The create role on the site: a reader of the organization is refused, a stranger does not see the site.
    const reader = await createUser(server, 'Reader');
    await addMember(server, org, owner, reader, 'read');
    expect((await server.client(reader.token).GET('/v1/orgs/{organizationId}/sites/{siteId}/publishing/auth', { params: { path } })).response.status).toBe(403);
    expect((await server.client(reader.token).POST('/v1/orgs/{organizationId}/sites/{siteId}/publishing/auth/regenerate', { params: { path } })).response.status).toBe(403);
    const stranger = await createUser(server, 'Stranger');
    expect((await server.client(stranger.token).GET('/v1/orgs/{organizationId}/sites/{siteId}/publishing/auth', { params: { path } })).response.status).toBe(404);
    expect((await client.GET('/v1/orgs/{organizationId}/sites/{siteId}/publishing/auth', { params: { path: { organizationId: org, siteId: 'site-nope' } } })).response.status).toBe(404);
  });
});

describe('duplicating a site space', () => {
  it('copies the space and publishes the copy right after the original, in its section, with its condition; one transaction', async () => {
    const { org, owner, api, spaceId, base } = await createSpaceTenant(server);
    await edits(api, base, [{ op: 'createPage', page: { id: 'page-intro', title: 'Intro', markdown: 'Original text.\n' } }]);
    const other = (await api.post(`/v1/orgs/${org}/spaces`, { title: 'Other' })).body.id as string;
    const sites = `/v1/orgs/${org}/sites`;
    const site = (await api.post(sites, { title: 'Docs', spaces: [spaceId, other] })).body;
    const listed = async () => (await api.get(`${sites}/${site.id}/site-spaces`)).body.items as { id: string; space: { id: string; title: string }; path: string; condition?: string }[];
    const [first, second] = await listed();
    await api.patch(`${sites}/${site.id}/site-spaces/${first!.id}`, { condition: 'visitor.claims.plan == "pro"' });
    const client = server.client(owner.token);
    const path = { organizationId: org, siteId: site.id as string, siteSpaceId: first!.id };
    const copied = await client.POST('/v1/orgs/{organizationId}/sites/{siteId}/site-spaces/{siteSpaceId}/duplicate', { params: { path }, body: {} });
    expect(copied.response.status).toBe(201);
    const copy = copied.data!;
    expect(copied.response.headers.get('location')).toBe(`${server.ctx.config.publicUrl}/v1/orgs/${org}/sites/${site.id}/site-spaces/${copy.id}`);
    expect(copy.space.id).not.toBe(spaceId);
    expect([copy.space.title, copy.condition]).toEqual(['Docs (copy)', 'visitor.claims.plan == "pro"']);
    expect(copy.path).not.toBe(first!.path);
    expect((await listed()).map((x) => x.id)).toEqual([first!.id, copy.id, second!.id]);
    // The copy is a space of its own with the original's content; editing one does not change the other.
    const read = async (id: string) => (await api.get(`/v1/spaces/${id}/content/page/page-intro?format=markdown`)).body.markdown as string;
    expect(await read(copy.space.id)).toBe('Original text.\n');
    await edits(api, `/v1/spaces/${copy.space.id}`, [{ op: 'updatePage', pageId: 'page-intro', page: { markdown: 'Copy text.\n' } }]);
    expect([await read(spaceId), await read(copy.space.id)]).toEqual(['Original text.\n', 'Copy text.\n']);

    // Refused: drafts, an unknown site space, a reader of the organization; a stranger does not see the site.
    expect((await api.post(`${sites}/${site.id}/site-spaces/${first!.id}/duplicate`, { draft: true })).status).toBe(400);
    expect((await client.POST('/v1/orgs/{organizationId}/sites/{siteId}/site-spaces/{siteSpaceId}/duplicate', { params: { path: { ...path, siteSpaceId: 'nope' } } })).response.status).toBe(404);
    const reader = await createUser(server, 'Reader');
    await addMember(server, org, owner, reader, 'read');
    expect((await server.api(reader.token).post(`${sites}/${site.id}/site-spaces/${first!.id}/duplicate`)).status).toBe(403);
    const stranger = await createUser(server, 'Stranger');
    expect((await server.api(stranger.token).post(`${sites}/${site.id}/site-spaces/${first!.id}/duplicate`)).status).toBe(404);
    // Nothing half-made: the refused calls left no copy in the organization.
    const spaces = (await api.get(`/v1/orgs/${org}/spaces?limit=100`)).body.items as { title: string }[];
    expect(spaces.filter((x) => x.title === 'Docs (copy)')).toHaveLength(1);
    expect(await listed()).toHaveLength(3);
  });

  it('a member who may change the site but not create where the space is gets 403, and no copy is left behind', async () => {
    const { org, owner, api, spaceId } = await createSpaceTenant(server);
    const sites = `/v1/orgs/${org}/sites`;
    const site = (await api.post(sites, { title: 'Docs', spaces: [spaceId] })).body;
    const [ss] = (await api.get(`${sites}/${site.id}/site-spaces`)).body.items as { id: string }[];
    const editor = await createUser(server, 'Editor');
    await addMember(server, org, owner, editor, 'read');
    const granted = await api.patch(`${sites}/${site.id}/permissions/users/${editor.id}`, { role: 'admin' });
    expect(granted.status).toBe(204);
    const r = await server.api(editor.token).post(`${sites}/${site.id}/site-spaces/${ss!.id}/duplicate`);
    expect([r.status, JSON.stringify(r.body)]).toEqual([403, expect.stringContaining('create role in the organization')]);
    expect(((await api.get(`/v1/orgs/${org}/spaces?limit=100`)).body.items as unknown[])).toHaveLength(1);
    expect((await api.get(`${sites}/${site.id}/site-spaces`)).body.items).toHaveLength(1);
  });
});

// Invite links to a space or a collection (GitBook's `{level, space}` / `{level, collection}` bodies of
// createOrganizationInvite, `InviteLinkToSpace` / `InviteLinkToCollection` answers; migration 20261128T0600): whoever
// joins becomes a member (a guest when they were not one) with `level` granted on the space or collection. Through
// HTTP on the test database (every answer checked against Bindery's spec by the server), and through GitBook's own
// client with every answer checked against GitBook's spec.
import { GitBookAPI } from '@gitbook/api';
import { describe, expect, it } from 'vitest';
import { addMember, createTenant, createUser, useTestServer, type TestUser } from '../src/testing/index.js';
import { failure } from './support/gitbook-client.js';
import { ORGANIZATION_DEVIATIONS, conformanceChecker } from './support/gitbook-coverage.js';
import { GitBookSpec } from './support/gitbook-spec.js';

type Any = any;
const server = useTestServer();
const { recorder, expectConformant } = conformanceChecker(new GitBookSpec({ deviations: ORGANIZATION_DEVIATIONS, removed: {} }));
const gitbook = (user: TestUser): Any => new GitBookAPI({ endpoint: server.url, authToken: user.token, serviceBinding: recorder });

async function contentTenant(roles: Record<string, string | null> = {}) {
  const t = await createTenant(server, roles);
  const space = (await t.api.post(`/v1/orgs/${t.org}/spaces`, { title: 'Handbook' })).body.id as string;
  const collection = (await t.api.post(`/v1/orgs/${t.org}/collections`, { title: 'Guides' })).body.id as string;
  const inner = (await t.api.post(`/v1/orgs/${t.org}/spaces`, { title: 'Inside', parent: collection })).body.id as string;
  return { ...t, space, collection, inner };
}

describe('invite links to a space or collection, with GitBook\'s client', () => {
  it('are created, read, changed, joined and deleted in GitBook\'s shapes', async () => {
    const owner = await createUser(server, 'Link owner');
    const gb = gitbook(owner);
    const org = (await gb.orgs.createOrganization({ title: 'Invite org' })).data.id;
    const space = (await gb.orgs.createSpace(org, { title: 'Invited' })).data;
    const collection = (await gb.orgs.createCollection(org, { title: 'Shelf' })).data;

    const toSpace = await gb.orgs.createOrganizationInvite(org, { level: 'edit', space: space.id });
    expect(toSpace.status).toBe(201);
    expect(toSpace.data).toMatchObject({ object: 'invite', level: 'edit', redundant: true, space: { object: 'space', id: space.id, title: 'Invited' } });
    expect(toSpace.data.role).toBeUndefined();
    const toCollection = (await gb.orgs.createOrganizationInvite(org, { level: 'read', collection: collection.id })).data;
    expect(toCollection).toMatchObject({ object: 'invite', level: 'read', redundant: true, collection: { object: 'collection', id: collection.id } });
    const toOrg = (await gb.orgs.createOrganizationInvite(org, { role: 'read' })).data;

    expect((await gb.orgs.getOrganizationInviteLink(org, toSpace.data.id)).data).toEqual(toSpace.data);
    expect((await gb.orgs.updateOrganizationInviteById(org, toSpace.data.id, { level: 'comment' })).data).toMatchObject({ id: toSpace.data.id, level: 'comment' });
    // GitBook's list answers links to the organization (its schema: InviteLinkToOrganization items).
    expect((await gb.orgs.listOrganizationInviteLinks(org)).data.items.map((i: Any) => i.id)).toEqual([toOrg.id]);

    const joiner = await createUser(server, 'Joiner');
    expect((await gitbook(joiner).orgs.joinOrganizationWithInvite(org, toSpace.data.id)).status).toBe(200);
    expect((await gitbook(joiner).orgs.joinOrganizationWithInvite(org, toCollection.id)).status).toBe(200);
    expect((await gb.orgs.getMemberInOrganizationById(org, joiner.id)).data.role).toBeNull();
    const seen = (await gitbook(joiner).spaces.getSpaceById(space.id)).data;
    expect(seen.permissions).toMatchObject({ view: true, comment: true, edit: false });
    expect((await gitbook(joiner).collections.getCollectionById(collection.id)).data.permissions).toMatchObject({ view: true, admin: false });

    expect((await failure(gb.orgs.updateOrganizationInviteById(org, toSpace.data.id, { role: 'admin' }))).code).toBe(400);
    expect((await gb.orgs.deleteOrganizationInviteById(org, toSpace.data.id)).status).toBe(204);
    expect((await failure(gitbook(await createUser(server, 'Late')).orgs.joinOrganizationWithInvite(org, toSpace.data.id))).code).toBe(404);
    expectConformant();
  });
});

describe('joining an invite link to a space or collection', () => {
  it('stops while the organization turns inviteLinks off, for links to the organization and to content, and works again when on', async () => {
    const { org, api, space } = await contentTenant();
    await api.patch(`/v1/orgs/${org}`, { inviteLinks: true });
    const toSpace = (await api.post(`/v1/orgs/${org}/link-invites`, { level: 'comment', space })).body.id as string;
    const toOrg = (await api.post(`/v1/orgs/${org}/link-invites`, { role: 'read' })).body.id as string;
    expect((await api.patch(`/v1/orgs/${org}`, { inviteLinks: false })).status).toBe(200);
    const joiner = await createUser(server, 'Turned away');
    const as = server.api(joiner.token);
    for (const id of [toSpace, toOrg]) {
      const refused = await as.post(`/v1/orgs/${org}/invites/${id}`, {});
      expect(refused.status).toBe(403);
      expect(refused.body.error.message).toMatch(/inviteLinks/);
    }
    // Nothing was half-applied: not a member, no access to the space.
    expect((await api.get(`/v1/orgs/${org}/members/${joiner.id}`)).status).toBe(404);
    expect((await as.get(`/v1/spaces/${space}`)).status).toBe(404);
    await api.patch(`/v1/orgs/${org}`, { inviteLinks: true });
    expect((await as.post(`/v1/orgs/${org}/invites/${toSpace}`, {})).status).toBe(200);
    expect((await as.get(`/v1/spaces/${space}`)).status).toBe(200);
  });

  it('makes a guest with the level on the space, and joining twice changes nothing', async () => {
    const { org, api, space, inner } = await contentTenant();
    await api.patch(`/v1/orgs/${org}`, { inviteLinks: true });
    const link = await api.post(`/v1/orgs/${org}/link-invites`, { level: 'edit', space });
    expect(link.status).toBe(201);
    const joiner = await createUser(server, 'Space joiner');
    const as = server.api(joiner.token);
    expect((await as.get(`/v1/spaces/${space}`)).status).toBe(404);

    const joined = await as.post(`/v1/orgs/${org}/invites/${link.body.id}`);
    expect([joined.status, joined.body.role, joined.body.id]).toEqual([200, null, joiner.id]);
    expect((await as.get(`/v1/spaces/${space}`)).body.permissions).toMatchObject({ view: true, edit: true, admin: false });
    // Only that space: not the others of the organization.
    expect((await as.get(`/v1/spaces/${inner}`)).status).toBe(404);
    const users = (await api.get(`/v1/spaces/${space}/permissions/users`)).body.items;
    expect(users.map((u: Any) => [u.user.id, u.permission])).toEqual([[joiner.id, 'edit']]);

    const auditBefore = (await api.get(`/v1/orgs/${org}/audit-events?limit=100`)).body.items.length;
    const again = await as.post(`/v1/orgs/${org}/invites/${link.body.id}`);
    expect([again.status, again.body.role]).toEqual([200, null]);
    expect((await api.get(`/v1/orgs/${org}/audit-events?limit=100`)).body.items.length).toBe(auditBefore);
    expect((await api.get(`/v1/spaces/${space}/permissions/users`)).body.items).toHaveLength(1);
    expect((await api.get(`/v1/orgs/${org}/members/${joiner.id}`)).body.role).toBeNull();
  });

  it('keeps a member\'s role and a higher grant; raises a lower grant', async () => {
    const { org, api, owner, users, space } = await contentTenant({ reader: 'read', editor: 'edit' });
    const link = (await api.post(`/v1/orgs/${org}/link-invites`, { level: 'review', space })).body;
    // A reader joins: still a reader of the organization, now a reviewer of the space.
    expect((await server.api(users.reader!.token).post(`/v1/orgs/${org}/invites/${link.id}`)).body.role).toBe('read');
    expect((await server.api(users.reader!.token).get(`/v1/spaces/${space}`)).body.permissions.review).toBe(true);
    // An editor already has more: nothing is granted.
    expect((await server.api(users.editor!.token).post(`/v1/orgs/${org}/invites/${link.id}`)).body.role).toBe('edit');
    // A guest granted admin on the space keeps admin; a guest granted read is raised to review.
    const high = await createUser(server, 'High');
    const low = await createUser(server, 'Low');
    for (const [u, role] of [[high, 'admin'], [low, 'read']] as const) {
      await addMember(server, org, owner, u, null);
      expect((await api.post(`/v1/spaces/${space}/permissions`, { users: [u.id], role })).status).toBe(204);
      expect((await server.api(u.token).post(`/v1/orgs/${org}/invites/${link.id}`)).status).toBe(200);
    }
    const roles = Object.fromEntries((await api.get(`/v1/spaces/${space}/permissions/users`)).body.items.map((u: Any) => [u.user.id, u.permission]));
    expect(roles).toEqual({ [users.reader!.id]: 'review', [high.id]: 'admin', [low.id]: 'review' });
  });

  it('a link to a collection grants the collection and so the spaces in it', async () => {
    const { org, api, collection, inner, space } = await contentTenant();
    const link = (await api.post(`/v1/orgs/${org}/link-invites`, { level: 'comment', collection })).body;
    expect(link).toMatchObject({ level: 'comment', collection: { id: collection } });
    const joiner = await createUser(server, 'Collection joiner');
    const as = server.api(joiner.token);
    expect((await as.post(`/v1/orgs/${org}/invites/${link.id}`)).status).toBe(200);
    expect((await as.get(`/v1/collections/${collection}`)).status).toBe(200);
    expect((await as.get(`/v1/spaces/${inner}`)).body.permissions).toMatchObject({ view: true, comment: true, edit: false });
    expect((await as.get(`/v1/spaces/${space}`)).status).toBe(404);
  });

  it('a space in the trash answers 410 (and works again once restored); a deleted collection 404; a transfer deletes the links', async () => {
    const { org, api, owner, space, collection, inner } = await contentTenant();
    const toSpace = (await api.post(`/v1/orgs/${org}/link-invites`, { level: 'read', space })).body;
    const toCollection = (await api.post(`/v1/orgs/${org}/link-invites`, { level: 'read', collection })).body;
    const toInner = (await api.post(`/v1/orgs/${org}/link-invites`, { level: 'read', space: inner })).body;
    const joiner = server.api((await createUser(server, 'Late joiner')).token);

    expect((await api.delete(`/v1/spaces/${space}`)).status).toBe(204);
    const gone = await joiner.post(`/v1/orgs/${org}/invites/${toSpace.id}`);
    expect([gone.status, gone.body.error.message]).toEqual([410, expect.stringContaining('trash')]);
    expect((await api.get(`/v1/orgs/${org}/members/${(await joiner.get('/v1/user')).body.id}`)).status).toBe(404);
    // Its admins still see and manage the link while the space is in the trash.
    expect((await api.get(`/v1/orgs/${org}/link-invites?space=${space}`)).body.items.map((i: Any) => i.id)).toEqual([toSpace.id]);
    expect((await api.post(`/v1/spaces/${space}/restore`)).status).toBe(200);
    expect((await joiner.post(`/v1/orgs/${org}/invites/${toSpace.id}`)).status).toBe(200);

    expect((await api.delete(`/v1/collections/${collection}`)).status).toBe(204);
    const noCollection = await joiner.post(`/v1/orgs/${org}/invites/${toCollection.id}`);
    expect([noCollection.status, noCollection.body.error.message]).toEqual([404, expect.stringContaining('deleted')]);
    expect((await api.get(`/v1/orgs/${org}/link-invites/${toCollection.id}`)).status).toBe(404);

    // The inner space went to the trash with its collection; restored, then transferred: its link is gone.
    expect((await api.post(`/v1/spaces/${inner}/restore`)).status).toBe(200);
    const other = (await server.api(owner.token).post('/v1/orgs', { title: 'Elsewhere' })).body.id;
    expect((await api.post(`/v1/spaces/${inner}/transfer`, { organization: other })).status).toBe(200);
    expect((await joiner.post(`/v1/orgs/${org}/invites/${toInner.id}`)).status).toBe(404);
    expect((await api.get(`/v1/orgs/${org}/link-invites/${toInner.id}`)).status).toBe(404);
  });
});

describe('who manages invite links to a space or collection', () => {
  it('admins of the space (also without an organization role), while the organization allows invite links', async () => {
    const { org, api, users, space, collection } = await contentTenant({ reader: 'read', spaceAdmin: null });
    const reader = server.api(users.reader!.token);
    const spaceAdmin = server.api(users.spaceAdmin!.token);
    expect((await api.post(`/v1/spaces/${space}/permissions`, { users: [users.spaceAdmin!.id], role: 'admin' })).status).toBe(204);

    // A reader of the organization sees the space but is not its admin: 403; a guest who cannot see it: 404.
    const refused = await reader.post(`/v1/orgs/${org}/link-invites`, { level: 'read', space });
    expect(refused.status).toBe(403);
    const unseen = await spaceAdmin.post(`/v1/orgs/${org}/link-invites`, { level: 'read', collection });
    expect([unseen.status, unseen.body.error.message]).toEqual([404, expect.stringContaining('/body/collection')]);
    const stranger = server.api((await createUser(server, 'Stranger')).token);
    expect((await stranger.post(`/v1/orgs/${org}/link-invites`, { level: 'read', space })).status).toBe(404);

    const link = await spaceAdmin.post(`/v1/orgs/${org}/link-invites`, { level: 'edit', space });
    expect([link.status, link.body.redundant, link.body.space.id]).toEqual([201, true, space]);
    expect((await spaceAdmin.get(`/v1/orgs/${org}/link-invites/${link.body.id}`)).body.level).toBe('edit');
    expect((await spaceAdmin.patch(`/v1/orgs/${org}/link-invites/${link.body.id}`, { level: 'read' })).body.level).toBe('read');
    expect((await spaceAdmin.get(`/v1/orgs/${org}/link-invites?space=${space}`)).body.items.map((i: Any) => i.id)).toEqual([link.body.id]);
    // …but not the organization's links, nor (as a reader) this one.
    expect((await spaceAdmin.get(`/v1/orgs/${org}/link-invites`)).status).toBe(403);
    expect((await reader.get(`/v1/orgs/${org}/link-invites/${link.body.id}`)).status).toBe(403);
    expect((await reader.get(`/v1/orgs/${org}/link-invites?space=${space}`)).status).toBe(403);
    expect((await reader.patch(`/v1/orgs/${org}/link-invites/${link.body.id}`, { level: 'admin' })).status).toBe(403);
    expect((await reader.delete(`/v1/orgs/${org}/link-invites/${link.body.id}`)).status).toBe(403);
    expect((await api.get(`/v1/orgs/${org}/link-invites/${link.body.id}`)).body.level).toBe('read');
    // The organization's admin sees every link, by item.
    expect((await api.get(`/v1/orgs/${org}/link-invites?space=${space}`)).body.items).toHaveLength(1);
    expect((await api.get(`/v1/orgs/${org}/link-invites`)).body.items).toEqual([]);

    expect((await spaceAdmin.delete(`/v1/orgs/${org}/link-invites/${link.body.id}`)).status).toBe(204);
    expect((await api.get(`/v1/orgs/${org}/link-invites/${link.body.id}`)).status).toBe(404);

    await api.patch(`/v1/orgs/${org}`, { inviteLinks: false });
    const off = await spaceAdmin.post(`/v1/orgs/${org}/link-invites`, { level: 'edit', space });
    expect([off.status, off.body.error.message]).toEqual([403, expect.stringContaining('inviteLinks')]);
    expect((await api.post(`/v1/orgs/${org}/link-invites`, { level: 'edit', collection })).status).toBe(403);
    expect((await api.get(`/v1/orgs/${org}/link-invites?space=${space}`)).body.items).toEqual([]);
  });

  it('mixed or incomplete bodies are 400s naming the field; nothing is created', async () => {
    const { org, api, space, collection } = await contentTenant();
    const other = await createTenant(server);
    const foreign = (await other.api.post(`/v1/orgs/${other.org}/spaces`, { title: 'Theirs' })).body.id;
    const cases: [Record<string, unknown>, number, string][] = [
      [{ level: 'edit' }, 400, '/body/level'],
      [{ level: 'edit', space, collection }, 400, '/body/collection'],
      [{ role: 'read', space }, 400, '/body/role'],
      [{ role: 'read', level: 'read', space }, 400, '/body/role'],
      [{ space }, 400, '/body/level'],
      [{ level: null, space }, 400, '/body/level'],
      [{ level: 'owner', space }, 400, '/body/level'],
      [{ level: 'read', space: 'no-such-space' }, 404, '/body/space'],
      [{ level: 'read', collection: 'no-such-collection' }, 404, '/body/collection'],
      [{ level: 'read', space: foreign }, 404, '/body/space'],
      [{}, 400, '/body/role'],
    ];
    for (const [body, status, field] of cases) {
      const r = await api.post(`/v1/orgs/${org}/link-invites`, body);
      expect([JSON.stringify(body), r.status, JSON.stringify(r.body)]).toEqual([JSON.stringify(body), status, expect.stringContaining(field)]);
    }
    expect((await api.get(`/v1/orgs/${org}/link-invites?space=${space}`)).body.items).toEqual([]);
    expect((await api.get(`/v1/orgs/${org}/link-invites?collection=${collection}`)).body.items).toEqual([]);
    expect((await api.get(`/v1/orgs/${org}/audit-events?action=invite_link.created`)).body.items).toEqual([]);
    expect((await api.get(`/v1/orgs/${org}/link-invites?space=${space}&collection=${collection}`)).status).toBe(400);
    expect((await api.get(`/v1/orgs/${org}/link-invites?space=${foreign}`)).status).toBe(404);

    // Updates: `level` for links to content, `role` for links to the organization.
    const toSpace = (await api.post(`/v1/orgs/${org}/link-invites`, { level: 'read', space })).body;
    const toOrg = (await api.post(`/v1/orgs/${org}/link-invites`, { role: 'read' })).body;
    for (const [id, body, field] of [[toSpace.id, { role: 'edit' }, '/body/role'], [toSpace.id, { level: null }, '/body/level'], [toOrg.id, { level: 'edit' }, '/body/level'], [toSpace.id, {}, '/body/role'], [toSpace.id, { role: 'edit', level: 'edit' }, '/body/level']] as const) {
      const r = await api.patch(`/v1/orgs/${org}/link-invites/${id}`, body);
      expect([r.status, JSON.stringify(r.body)]).toEqual([400, expect.stringContaining(field)]);
    }
    expect((await api.get(`/v1/orgs/${org}/link-invites/${toSpace.id}`)).body.level).toBe('read');
    expect((await api.get(`/v1/orgs/${org}/link-invites/${toOrg.id}`)).body.role).toBe('read');
    const events = (await api.get(`/v1/orgs/${org}/audit-events?action=invite_link.created`)).body.items;
    expect(events).toHaveLength(2);
    const created = (await api.get(`/v1/orgs/${org}/audit-events/${events[1].id}`)).body;
    expect(created.payload).toEqual({ level: 'read', space });
  });
});

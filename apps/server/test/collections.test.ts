// Collections: create (nested), read, list (nested or not), update, the spaces they hold, move (never into
// themselves), delete (their spaces go to the trash, restorable), transfer, grants.
import { describe, expect, it } from 'vitest';
import { createOrganization, createTenant, type TestApi, useTestServer } from '../src/testing/index.js';

const server = useTestServer();

const tenant = (roles: Record<string, string | null> = {}) => createTenant(server, roles);

async function mk(api: TestApi, org: string, kind: 'spaces' | 'collections', body: Record<string, unknown> = {}) {
  const r = await api.post(`/v1/orgs/${org}/${kind}`, { title: kind, ...body });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body;
}
const ids = (items: { id: string }[]) => items.map((i) => i.id);

describe('createCollection / getCollectionById / updateCollectionById', () => {
  it('creates at the top level and nested, reads and updates every field', async () => {
    const { org, api } = await tenant();
    const r = await api.post(`/v1/orgs/${org}/collections`, { title: 'Guides' });
    expect(r.status).toBe(201);
    expect(r.headers.get('location')).toBe(r.body.urls.location);
    expect(r.body).toMatchObject({
      object: 'collection', title: 'Guides', organization: org, defaultLevel: null,
      urls: { location: `${server.ctx.config.publicUrl}/v1/collections/${r.body.id}` },
      permissions: { view: true, admin: true, viewInviteLinks: true, create: true },
    });
    expect(r.body.parent).toBeUndefined();
    const child = await api.post(`/v1/orgs/${org}/collections`, { title: 'Child', parent: r.body.id });
    expect(child.body.parent).toBe(r.body.id);
    expect((await api.post(`/v1/orgs/${org}/collections`)).status).toBe(201);
    const u = await api.patch(`/v1/collections/${r.body.id}`, { title: 'Renamed', description: 'About', defaultLevel: 'comment' });
    expect(u.status).toBe(200);
    expect(u.body).toMatchObject({ title: 'Renamed', description: 'About', defaultLevel: 'comment' });
    expect((await api.patch(`/v1/collections/${r.body.id}`, { defaultLevel: null })).body.defaultLevel).toBeNull();
    const got = await api.get(`/v1/collections/${r.body.id}`);
    expect(got.body).toMatchObject({ title: 'Renamed', description: 'About', defaultLevel: null });
  });

  it('names bad fields; 401, 403 and 404 as the policy says', async () => {
    const { org, api, users } = await tenant({ editor: 'edit', guest: null });
    const c = await mk(api, org, 'collections');
    for (const [body, field] of [
      [{ title: 'x'.repeat(51) }, '/body/title'],
      [{ description: 'x'.repeat(101) }, '/body/description'],
      [{ defaultLevel: 'boss' }, '/body/defaultLevel'],
    ] as const) {
      const bad = await api.patch(`/v1/collections/${c.id}`, body);
      expect(bad.status).toBe(400);
      expect(bad.body.error.message).toContain(field);
    }
    const badCreate = await api.post(`/v1/orgs/${org}/collections`, { title: 'x'.repeat(51) });
    expect(badCreate.status).toBe(400);
    expect(badCreate.body.error.message).toContain('/body/title');
    const missing = await api.post(`/v1/orgs/${org}/collections`, { parent: 'nope' });
    expect(missing.status).toBe(404);
    expect(missing.body.error.message).toContain('/body/parent');
    const editor = server.api(users.editor!.token);
    expect((await editor.get(`/v1/collections/${c.id}`)).body.permissions).toEqual({ view: true, admin: false, viewInviteLinks: false, create: false });
    expect((await editor.patch(`/v1/collections/${c.id}`, { title: 'x' })).status).toBe(403);
    expect((await editor.post(`/v1/orgs/${org}/collections`, { parent: c.id })).status).toBe(403);
    expect((await server.api(users.guest!.token).get(`/v1/collections/${c.id}`)).status).toBe(404);
    const other = await tenant();
    expect((await other.api.get(`/v1/collections/${c.id}`)).status).toBe(404);
    expect((await other.api.patch(`/v1/collections/${c.id}`, { title: 'x' })).status).toBe(404);
    expect((await other.api.post(`/v1/orgs/${org}/collections`, {})).status).toBe(404);
    expect((await server.api().get(`/v1/collections/${c.id}`)).status).toBe(401);
    expect((await server.api().post(`/v1/orgs/${org}/collections`, {})).status).toBe(401);
  });

  it('passes default levels down: a collection default raises members, not guests', async () => {
    const { org, api, users } = await tenant({ reader: 'read', guest: null });
    const top = await mk(api, org, 'collections');
    const mid = await mk(api, org, 'collections', { parent: top.id });
    const s = await mk(api, org, 'spaces', { parent: mid.id });
    await api.patch(`/v1/collections/${top.id}`, { defaultLevel: 'create' });
    const reader = server.api(users.reader!.token);
    expect((await reader.get(`/v1/spaces/${s.id}`)).body.permissions).toMatchObject({ edit: true, admin: false });
    expect((await reader.get(`/v1/collections/${mid.id}`)).body.permissions.create).toBe(true);
    expect((await reader.post(`/v1/orgs/${org}/spaces`, { parent: mid.id })).status).toBe(201);
    // The nearest non-inherit level wins.
    await api.patch(`/v1/collections/${mid.id}`, { defaultLevel: 'comment' });
    expect((await reader.get(`/v1/spaces/${s.id}`)).body.permissions).toMatchObject({ comment: true, edit: false });
    await api.patch(`/v1/spaces/${s.id}`, { defaultLevel: 'admin' });
    expect((await reader.get(`/v1/spaces/${s.id}`)).body.permissions.admin).toBe(true);
    expect((await server.api(users.guest!.token).get(`/v1/spaces/${s.id}`)).status).toBe(404);
  });
});

describe('listCollectionsInOrganizationById / listSpacesInCollectionById', () => {
  it('lists nested collections by default, only top-level ones with nested=false', async () => {
    const { org, api, users } = await tenant({ guest: null });
    const a = await mk(api, org, 'collections', { title: 'a' });
    const b = await mk(api, org, 'collections', { title: 'b' });
    const a1 = await mk(api, org, 'collections', { title: 'a1', parent: a.id });
    const a11 = await mk(api, org, 'collections', { title: 'a11', parent: a1.id });
    const all = await api.get(`/v1/orgs/${org}/collections`);
    expect(all.status).toBe(200);
    expect(ids(all.body.items).sort()).toEqual([a.id, b.id, a1.id, a11.id].sort());
    expect(all.body.count).toBe(4);
    const top = await api.get(`/v1/orgs/${org}/collections?nested=false`);
    expect(ids(top.body.items)).toEqual([a.id, b.id]);
    const page = await api.get(`/v1/orgs/${org}/collections?limit=3`);
    const rest = await api.get(`/v1/orgs/${org}/collections?limit=3&page=${page.body.next.page}`);
    expect([...ids(page.body.items), ...ids(rest.body.items)].sort()).toEqual(ids(all.body.items).sort());
    // A guest granted a1 sees a1 and what is nested in it.
    await api.post(`/v1/collections/${a1.id}/permissions`, { role: 'read', users: [users.guest!.id] });
    const guest = await server.api(users.guest!.token).get(`/v1/orgs/${org}/collections`);
    expect(ids(guest.body.items).sort()).toEqual([a1.id, a11.id].sort());
    expect((await server.api(users.guest!.token).get(`/v1/orgs/${org}/collections?nested=false`)).body.items).toEqual([]);
    const bad = await api.get(`/v1/orgs/${org}/collections?nested=maybe`);
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toContain('nested');
    expect((await (await tenant()).api.get(`/v1/orgs/${org}/collections`)).status).toBe(404);
    expect((await server.api().get(`/v1/orgs/${org}/collections`)).status).toBe(401);
  });

  it('lists the live spaces directly in a collection, in order', async () => {
    const { org, api } = await tenant();
    const c = await mk(api, org, 'collections');
    const inner = await mk(api, org, 'collections', { parent: c.id });
    const s1 = await mk(api, org, 'spaces', { parent: c.id });
    const s2 = await mk(api, org, 'spaces', { parent: c.id });
    const s3 = await mk(api, org, 'spaces', { parent: c.id });
    await mk(api, org, 'spaces', { parent: inner.id });
    await api.delete(`/v1/spaces/${s2.id}`);
    const r = await api.get(`/v1/collections/${c.id}/spaces`);
    expect(r.status).toBe(200);
    expect(ids(r.body.items)).toEqual([s1.id, s3.id]);
    expect(r.body.count).toBe(2);
    expect(ids((await api.get(`/v1/collections/${c.id}/spaces?limit=1`)).body.items)).toEqual([s1.id]);
    expect((await (await tenant()).api.get(`/v1/collections/${c.id}/spaces`)).status).toBe(404);
    expect((await api.get(`/v1/collections/nope/spaces`)).status).toBe(404);
    const negative = await api.get(`/v1/collections/${c.id}/spaces?limit=-1`);
    expect(negative.status).toBe(400);
    expect(negative.body.error.message).toContain('/query/limit');
    expect((await server.api().get(`/v1/collections/${c.id}/spaces`)).status).toBe(401);
  });
});

describe('moveCollection', () => {
  it('moves under another collection and among siblings', async () => {
    const { org, api } = await tenant();
    const a = await mk(api, org, 'collections', { title: 'a' });
    const b = await mk(api, org, 'collections', { title: 'b' });
    const s = await mk(api, org, 'spaces');
    const r = await api.post(`/v1/collections/${b.id}/move`, { parent: a.id });
    expect(r.status).toBe(200);
    expect(r.body.parent).toBe(a.id);
    expect(ids((await api.get(`/v1/orgs/${org}/collections?nested=false`)).body.items)).toEqual([a.id]);
    const back = await api.post(`/v1/collections/${b.id}/move`, { parent: null, position: { before: { type: 'collection', collection: a.id } } });
    expect(back.body.parent).toBeUndefined();
    expect(ids((await api.get(`/v1/orgs/${org}/collections?nested=false`)).body.items)).toEqual([b.id, a.id]);
    await api.post(`/v1/collections/${b.id}/move`, { position: { after: { type: 'space', space: s.id } } });
    const keys = await server.ctx.db.selectFrom('collections').select(['id', 'sort_key']).where('org_id', '=', org).execute();
    const sKey = (await server.ctx.db.selectFrom('spaces').select('sort_key').where('id', '=', s.id).executeTakeFirstOrThrow()).sort_key;
    const bKey = keys.find((k) => k.id === b.id)!.sort_key;
    const aKey = keys.find((k) => k.id === a.id)!.sort_key;
    expect(aKey < sKey && sKey < bKey).toBe(true);
  });

  it('never moves a collection into itself or its own descendants; a no-op move is a 409', async () => {
    const { org, api, users } = await tenant({ creator: 'create' });
    const a = await mk(api, org, 'collections');
    const a1 = await mk(api, org, 'collections', { parent: a.id });
    const a11 = await mk(api, org, 'collections', { parent: a1.id });
    for (const target of [a.id, a1.id, a11.id]) {
      const r = await api.post(`/v1/collections/${a.id}/move`, { parent: target });
      expect(r.status, target).toBe(400);
      expect(r.body.error.message).toContain('/body/parent');
    }
    expect((await api.post(`/v1/collections/${a1.id}/move`, { parent: a.id })).status).toBe(409);
    expect((await api.post(`/v1/collections/${a1.id}/move`, {})).status).toBe(400);
    expect((await api.post(`/v1/collections/${a1.id}/move`, { parent: 'nope' })).status).toBe(404);
    const bad = await api.post(`/v1/collections/${a1.id}/move`, { position: { after: { type: 'space', space: 'nope' } } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toContain('/body/position/after/space');
    expect((await server.api(users.creator!.token).post(`/v1/collections/${a1.id}/move`, { parent: null })).status).toBe(403);
    expect((await (await tenant()).api.post(`/v1/collections/${a1.id}/move`, { parent: null })).status).toBe(404);
    expect((await server.api().post(`/v1/collections/${a1.id}/move`, { parent: null })).status).toBe(401);
  });

  it('concurrent cross moves cannot make a cycle (several rounds: the race is not won every time)', async () => {
    const { org, api } = await tenant();
    for (let round = 0; round < 8; round++) {
      const a = await mk(api, org, 'collections');
      const b = await mk(api, org, 'collections');
      const [ab, ba] = await Promise.all([api.post(`/v1/collections/${a.id}/move`, { parent: b.id }), api.post(`/v1/collections/${b.id}/move`, { parent: a.id })]);
      expect([ab.status, ba.status].sort(), `round ${round}`).toEqual([200, 400]);
      const parents = [(await api.get(`/v1/collections/${a.id}`)).body.parent, (await api.get(`/v1/collections/${b.id}`)).body.parent];
      expect(parents.filter((p) => p === undefined || p === null), `round ${round}`).toHaveLength(1);
    }
    const top = ids((await api.get(`/v1/orgs/${org}/collections?nested=false`)).body.items);
    expect(top).toHaveLength(8);
  });
});

describe('deleteCollectionById', () => {
  it('deletes the collection and its nested collections; their spaces go to the trash and can come back', async () => {
    const { org, api, users } = await tenant({ guest: null, editor: 'edit' });
    const c = await mk(api, org, 'collections');
    const inner = await mk(api, org, 'collections', { parent: c.id });
    const s1 = await mk(api, org, 'spaces', { parent: c.id });
    const s2 = await mk(api, org, 'spaces', { parent: inner.id });
    const outside = await mk(api, org, 'spaces');
    expect((await server.api(users.editor!.token).delete(`/v1/collections/${c.id}`)).status).toBe(403);
    expect((await server.api(users.guest!.token).delete(`/v1/collections/${c.id}`)).status).toBe(204);
    expect((await (await tenant()).api.delete(`/v1/collections/${c.id}`)).status).toBe(204);
    expect((await api.get(`/v1/collections/${c.id}`)).status).toBe(200);
    expect((await api.delete(`/v1/collections/${c.id}`)).status).toBe(204);
    expect((await api.get(`/v1/collections/${c.id}`)).status).toBe(404);
    expect((await api.get(`/v1/collections/${inner.id}`)).status).toBe(404);
    expect(ids((await api.get(`/v1/orgs/${org}/spaces`)).body.items)).toEqual([outside.id]);
    for (const s of [s1, s2]) {
      const trashed = await api.get(`/v1/spaces/${s.id}`);
      expect(trashed.body.deletedAt).toBeDefined();
      const back = await api.post(`/v1/spaces/${s.id}/restore`);
      expect(back.status).toBe(200);
      expect(back.body.parent).toBeUndefined();
      expect(back.body.visibility).toBe('private');
    }
    const order = ids((await api.get(`/v1/orgs/${org}/spaces`)).body.items);
    expect(order[0]).toBe(outside.id);
    expect(order.slice(1).sort()).toEqual([s1.id, s2.id].sort());
    expect((await api.delete(`/v1/collections/${c.id}`)).status).toBe(204);
    expect((await server.api().delete(`/v1/collections/${c.id}`)).status).toBe(401);
  });
});

describe('transferCollection', () => {
  it('moves the collection with everything in it to the top level of another organization', async () => {
    const { org, api, owner, users } = await tenant({ guest: null });
    const target = (await createOrganization(server, owner)).id;
    const before = await mk(api, target, 'spaces');
    const parent = await mk(api, org, 'collections');
    const c = await mk(api, org, 'collections', { parent: parent.id });
    const inner = await mk(api, org, 'collections', { parent: c.id });
    const s = await mk(api, org, 'spaces', { parent: inner.id });
    await api.post(`/v1/collections/${c.id}/permissions`, { role: 'read', users: [users.guest!.id] });
    const r = await api.post(`/v1/collections/${c.id}/transfer`, { organization: target });
    expect(r.status).toBe(200);
    expect(r.body.organization).toBe(target);
    expect(r.body.parent).toBeUndefined();
    expect((await api.get(`/v1/collections/${inner.id}`)).body).toMatchObject({ organization: target, parent: c.id });
    expect((await api.get(`/v1/spaces/${s.id}`)).body).toMatchObject({ organization: target, parent: inner.id });
    expect(ids((await api.get(`/v1/orgs/${target}/spaces`)).body.items).sort()).toEqual([before.id, s.id].sort());
    expect(ids((await api.get(`/v1/orgs/${org}/collections`)).body.items)).toEqual([parent.id]);
    expect((await server.api(users.guest!.token).get(`/v1/collections/${c.id}`)).status).toBe(404);
    expect((await api.post(`/v1/collections/${c.id}/transfer`, { organization: target })).status).toBe(409);
  });

  it('needs admin in both organizations', async () => {
    const { org, api, users } = await tenant({ creator: 'create' });
    const c = await mk(api, org, 'collections');
    const theirs = (await createOrganization(server, users.creator!)).id;
    expect((await server.api(users.creator!.token).post(`/v1/collections/${c.id}/transfer`, { organization: theirs })).status).toBe(403);
    const other = await tenant();
    const r = await api.post(`/v1/collections/${c.id}/transfer`, { organization: other.org });
    expect(r.status).toBe(404);
    expect(r.body.error.message).toContain('/body/organization');
    const badOrg = await api.post(`/v1/collections/${c.id}/transfer`, { organization: 'bad id!' });
    expect(badOrg.status).toBe(400);
    expect(badOrg.body.error.message).toContain('/body/organization');
    expect((await other.api.post(`/v1/collections/${c.id}/transfer`, { organization: other.org })).status).toBe(404);
    expect((await server.api().post(`/v1/collections/${c.id}/transfer`, { organization: other.org })).status).toBe(401);
  });
});

describe('inviteToCollection', () => {
  it('grants a role on the collection and everything in it; null removes it', async () => {
    const { org, api, users } = await tenant({ guest: null, reader: 'read' });
    const c = await mk(api, org, 'collections');
    const s = await mk(api, org, 'spaces', { parent: c.id });
    const team = (await api.put(`/v1/orgs/${org}/teams`, { title: 'T', members: [users.guest!.id] })).body;
    expect((await api.post(`/v1/collections/${c.id}/permissions`, { role: 'create', teams: [team.id] })).status).toBe(204);
    const guest = server.api(users.guest!.token);
    expect((await guest.get(`/v1/collections/${c.id}`)).body.permissions).toMatchObject({ view: true, create: true, admin: false });
    expect((await guest.get(`/v1/spaces/${s.id}`)).body.permissions).toMatchObject({ edit: true, admin: false });
    expect((await guest.post(`/v1/orgs/${org}/spaces`, { parent: c.id })).status).toBe(201);
    await api.post(`/v1/collections/${c.id}/permissions`, { role: null, teams: [team.id] });
    expect((await guest.get(`/v1/collections/${c.id}`)).status).toBe(404);
    const reader = server.api(users.reader!.token);
    expect((await reader.post(`/v1/collections/${c.id}/permissions`, { role: 'admin', users: [users.reader!.id] })).status).toBe(403);
    const bad = await api.post(`/v1/collections/${c.id}/permissions`, { role: 'read', users: ['nobody'] });
    expect(bad.status).toBe(404);
    expect(bad.body.error.message).toContain('/body/users/0');
    const badRole = await api.post(`/v1/collections/${c.id}/permissions`, { role: 'chief', users: [] });
    expect(badRole.status).toBe(400);
    expect(badRole.body.error.message).toContain('/body/role');
    expect((await (await tenant()).api.post(`/v1/collections/${c.id}/permissions`, { role: 'read', users: [] })).status).toBe(404);
    expect((await server.api().post(`/v1/collections/${c.id}/permissions`, { role: 'read', users: [] })).status).toBe(401);
  });
});

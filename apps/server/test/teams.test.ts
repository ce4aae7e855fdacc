// Teams and team members; a member's teams; member counts; what leaving an organization takes away.
import { describe, expect, it } from 'vitest';
import { addMember, createTenant, createUser, useTestServer } from '../src/testing/index.js';

const server = useTestServer();

const tenant = (roles: Record<string, string | null> = {}) => createTenant(server, roles);
const ids = (items: { id: string }[]) => items.map((i) => i.id);
const memberIds = (items: { organization: { id: string } }[]) => items.map((i) => i.organization.id).sort();

describe('createOrganizationTeam / getTeamInOrganizationById / updateTeamInOrganizationById', () => {
  it('creates a team with members, reads and renames it', async () => {
    const { org, api, users } = await tenant({ a: 'read', b: 'edit' });
    const r = await api.put(`/v1/orgs/${org}/teams`, { title: 'Writers', members: [users.a!.id, users.b!.id, users.a!.id] });
    expect(r.status).toBe(201);
    expect(r.headers.get('location')).toBe(`${server.ctx.config.publicUrl}/v1/orgs/${org}/teams/${r.body.id}`);
    expect(r.body).toMatchObject({ object: 'team', title: 'Writers', members: 2, spaces: 0, permissions: { view: true, admin: true } });
    const got = await api.get(`/v1/orgs/${org}/teams/${r.body.id}`);
    expect(got.body).toEqual(r.body);
    const renamed = await api.patch(`/v1/orgs/${org}/teams/${r.body.id}`, { title: 'Editors' });
    expect(renamed.status).toBe(200);
    expect(renamed.body.title).toBe('Editors');
    expect((await server.api(users.a!.token).get(`/v1/orgs/${org}/teams/${r.body.id}`)).body.permissions).toEqual({ view: true, admin: false });
  });

  it('names bad fields and refuses non-members; 401, 403, 404', async () => {
    const { org, api, users } = await tenant({ reader: 'read', guest: null });
    const stranger = await createUser(server, 'Stranger');
    const bad = await api.put(`/v1/orgs/${org}/teams`, { title: 'T', members: [users.reader!.id, stranger.id] });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toContain('/body/members/1');
    for (const [body, field] of [[{}, 'title'], [{ title: '' }, '/body/title'], [{ title: 'x'.repeat(65) }, '/body/title']] as const) {
      const r = await api.put(`/v1/orgs/${org}/teams`, body);
      expect(r.status).toBe(400);
      expect(r.body.error.message).toContain(field);
    }
    const t = (await api.put(`/v1/orgs/${org}/teams`, { title: 'T' })).body;
    const emptyTitle = await api.patch(`/v1/orgs/${org}/teams/${t.id}`, { title: '' });
    expect(emptyTitle.status).toBe(400);
    expect(emptyTitle.body.error.message).toContain('/body/title');
    const badLimit = await api.get(`/v1/orgs/${org}/teams/${t.id}/members?limit=abc`);
    expect(badLimit.status).toBe(400);
    expect(badLimit.body.error.message).toContain('/query/limit');
    expect((await server.api(users.reader!.token).put(`/v1/orgs/${org}/teams`, { title: 'T' })).status).toBe(403);
    expect((await server.api(users.reader!.token).patch(`/v1/orgs/${org}/teams/${t.id}`, { title: 'Mine' })).status).toBe(403);
    expect((await server.api(users.guest!.token).get(`/v1/orgs/${org}/teams/${t.id}`)).status).toBe(404);
    const other = await tenant();
    expect((await other.api.get(`/v1/orgs/${org}/teams/${t.id}`)).status).toBe(404);
    expect((await other.api.get(`/v1/orgs/${other.org}/teams/${t.id}`)).status).toBe(404);
    expect((await other.api.put(`/v1/orgs/${org}/teams`, { title: 'T' })).status).toBe(404);
    expect((await server.api().put(`/v1/orgs/${org}/teams`, { title: 'T' })).status).toBe(401);
    expect((await server.api().get(`/v1/orgs/${org}/teams/${t.id}`)).status).toBe(401);
  });

  it('lets team owners manage their team; guests see the teams they are in', async () => {
    const { org, api, users } = await tenant({ lead: 'read', guest: null, other: 'read' });
    const t = (await api.put(`/v1/orgs/${org}/teams`, { title: 'Squad', members: [users.guest!.id] })).body;
    await api.put(`/v1/orgs/${org}/teams/${t.id}/members/${users.lead!.id}`, { role: 'owner' });
    const lead = server.api(users.lead!.token);
    expect((await lead.get(`/v1/orgs/${org}/teams/${t.id}`)).body.permissions.admin).toBe(true);
    expect((await lead.patch(`/v1/orgs/${org}/teams/${t.id}`, { title: 'Led' })).status).toBe(200);
    expect((await lead.put(`/v1/orgs/${org}/teams/${t.id}/members`, { add: [users.other!.email] })).status).toBe(204);
    const guest = server.api(users.guest!.token);
    expect((await guest.get(`/v1/orgs/${org}/teams/${t.id}`)).body.permissions).toEqual({ view: true, admin: false });
    expect((await guest.get(`/v1/orgs/${org}/teams/${t.id}/members`)).status).toBe(200);
    expect((await guest.get(`/v1/orgs/${org}/teams`)).status).toBe(403);
    // Anyone may leave a team.
    expect((await guest.delete(`/v1/orgs/${org}/teams/${t.id}/members/${users.guest!.id}`)).status).toBe(204);
    expect((await guest.get(`/v1/orgs/${org}/teams/${t.id}`)).status).toBe(404);
    expect((await lead.delete(`/v1/orgs/${org}/teams/${t.id}`)).status).toBe(204);
    expect((await api.get(`/v1/orgs/${org}/teams/${t.id}`)).status).toBe(404);
  });
});

describe('listTeamsInOrganizationById', () => {
  it('filters by title (contains, case-insensitive) and by owner (teams that member can manage)', async () => {
    const { org, api, users } = await tenant({ lead: 'read', boss: 'admin' });
    const a = (await api.put(`/v1/orgs/${org}/teams`, { title: 'Backend Guild' })).body;
    const b = (await api.put(`/v1/orgs/${org}/teams`, { title: 'Frontend guild' })).body;
    const c = (await api.put(`/v1/orgs/${org}/teams`, { title: 'Docs' })).body;
    await api.put(`/v1/orgs/${org}/teams/${b.id}/members/${users.lead!.id}`, { role: 'owner' });
    await api.put(`/v1/orgs/${org}/teams/${c.id}/members/${users.lead!.id}`, { role: 'member' });
    const all = await api.get(`/v1/orgs/${org}/teams`);
    expect(ids(all.body.items)).toEqual([a.id, b.id, c.id]);
    expect(all.body.count).toBe(3);
    expect(ids((await api.get(`/v1/orgs/${org}/teams?title=GUILD`)).body.items)).toEqual([a.id, b.id]);
    expect(ids((await api.get(`/v1/orgs/${org}/teams?owner=${users.lead!.id}`)).body.items)).toEqual([b.id]);
    expect(ids((await api.get(`/v1/orgs/${org}/teams?owner=${users.boss!.id}`)).body.items)).toEqual([a.id, b.id, c.id]);
    expect(ids((await api.get(`/v1/orgs/${org}/teams?owner=${users.lead!.id}&title=docs`)).body.items)).toEqual([]);
    const first = await api.get(`/v1/orgs/${org}/teams?limit=2`);
    const next = await api.get(`/v1/orgs/${org}/teams?limit=2&page=${first.body.next.page}`);
    expect([...ids(first.body.items), ...ids(next.body.items)]).toEqual([a.id, b.id, c.id]);
    const longTitle = await api.get(`/v1/orgs/${org}/teams?title=${'x'.repeat(101)}`);
    expect(longTitle.status).toBe(400);
    expect(longTitle.body.error.message).toContain('/query/title');
    expect((await api.get(`/v1/orgs/${org}/teams?page=${first.body.next.page}&title=x`)).status).toBe(400);
    expect((await (await tenant()).api.get(`/v1/orgs/${org}/teams`)).status).toBe(404);
    expect((await server.api().get(`/v1/orgs/${org}/teams`)).status).toBe(401);
  });
});

describe('team members', () => {
  it('adds, removes (a user both added and removed ends removed) and sets roles, by id or email', async () => {
    const { org, api, users } = await tenant({ a: 'read', b: 'read', c: 'read', d: null });
    const t = (await api.put(`/v1/orgs/${org}/teams`, { title: 'T', members: [users.a!.id] })).body;
    const base = `/v1/orgs/${org}/teams/${t.id}/members`;
    const put = await api.put(base, {
      add: [users.b!.email.toUpperCase(), users.c!.id, users.d!.id],
      remove: [users.a!.email, users.c!.id],
      memberships: { [users.b!.id]: { role: 'owner' }, [users.c!.id]: { role: 'owner' } },
    });
    expect(put.status, JSON.stringify(put.body)).toBe(204);
    const list = await api.get(base);
    expect(list.status).toBe(200);
    expect(memberIds(list.body.items)).toEqual([users.b!.id, users.d!.id].sort());
    const b = list.body.items.find((i: { organization: { id: string } }) => i.organization.id === users.b!.id);
    expect(b).toMatchObject({ organization: { object: 'member', role: 'read', teams: 1 }, team: { role: 'owner' }, permissions: { view: true } });
    expect((await api.get(`/v1/orgs/${org}/teams/${t.id}`)).body.members).toBe(2);
    // PUT one member: adds with a role, or updates the role; an omitted role keeps it.
    expect((await api.put(`${base}/${users.a!.id}`, { role: 'owner' })).status).toBe(204);
    expect((await api.put(`${base}/${users.a!.id}`)).status).toBe(204);
    expect((await api.put(`${base}/${users.b!.id}`, { role: 'member' })).status).toBe(204);
    const roles = Object.fromEntries((await api.get(base)).body.items.map((i: { organization: { id: string }; team: { role: string } }) => [i.organization.id, i.team.role]));
    expect(roles).toEqual({ [users.a!.id]: 'owner', [users.b!.id]: 'member', [users.d!.id]: 'member' });
    expect((await api.delete(`${base}/${users.a!.id}`)).status).toBe(204);
    expect((await api.delete(`${base}/${users.a!.id}`)).status).toBe(204);
    expect(memberIds((await api.get(base)).body.items)).toEqual([users.b!.id, users.d!.id].sort());
    const page = await api.get(`${base}?limit=1`);
    expect(page.body.items).toHaveLength(1);
    expect(page.body.count).toBe(2);
  });

  it('names bad entries; non-members cannot be added', async () => {
    const { org, api, users } = await tenant({ a: 'read', reader: 'read' });
    const stranger = await createUser(server, 'Stranger');
    const t = (await api.put(`/v1/orgs/${org}/teams`, { title: 'T' })).body;
    const base = `/v1/orgs/${org}/teams/${t.id}/members`;
    const add = await api.put(base, { add: [users.a!.id, stranger.email] });
    expect(add.status).toBe(400);
    expect(add.body.error.message).toContain('/body/add/1');
    expect((await api.get(base)).body.items).toEqual([]);
    const rm = await api.put(base, { remove: ['nobody@example.com'] });
    expect(rm.status).toBe(400);
    expect(rm.body.error.message).toContain('/body/remove/0');
    const ms = await api.put(base, { memberships: { [users.a!.id]: { role: 'owner' } } });
    expect(ms.status).toBe(400);
    expect(ms.body.error.message).toContain(`/body/memberships/${users.a!.id}`);
    const badRole = await api.put(base, { memberships: { [users.a!.id]: { role: 'captain' } } });
    expect(badRole.status).toBe(400);
    expect(badRole.body.error.message).toContain('role');
    expect((await api.put(`${base}/${stranger.id}`, { role: 'member' })).status).toBe(404);
    const badOne = await api.put(`${base}/${users.a!.id}`, { role: 'captain' });
    expect(badOne.status).toBe(400);
    expect(badOne.body.error.message).toContain('/body/role');
    expect((await server.api(users.reader!.token).put(base, { add: [users.reader!.id] })).status).toBe(403);
    expect((await server.api(users.reader!.token).put(`${base}/${users.reader!.id}`, {})).status).toBe(403);
    expect((await (await tenant()).api.put(base, {})).status).toBe(404);
    expect((await server.api().put(base, {})).status).toBe(401);
    expect((await server.api().get(base)).status).toBe(401);
    expect((await server.api().delete(`${base}/${users.a!.id}`)).status).toBe(401);
  });
});

describe('listTeamsForOrganizationMember', () => {
  it("lists a member's teams with their role, filtered by title", async () => {
    const { org, api, users } = await tenant({ a: 'read', guest: null });
    const x = (await api.put(`/v1/orgs/${org}/teams`, { title: 'Alpha', members: [users.a!.id] })).body;
    const y = (await api.put(`/v1/orgs/${org}/teams`, { title: 'Beta', members: [users.a!.id, users.guest!.id] })).body;
    await api.put(`/v1/orgs/${org}/teams/${y.id}/members/${users.a!.id}`, { role: 'owner' });
    const r = await api.get(`/v1/orgs/${org}/members/${users.a!.id}/teams`);
    expect(r.status).toBe(200);
    expect(r.body.items.map((i: { team: { id: string }; member: { role: string } }) => [i.team.id, i.member.role])).toEqual([[x.id, 'member'], [y.id, 'owner']]);
    expect(r.body.items[0].team).toMatchObject({ object: 'team', title: 'Alpha', members: 1 });
    expect((await api.get(`/v1/orgs/${org}/members/${users.a!.id}/teams?title=bet`)).body.items.map((i: { team: { id: string } }) => i.team.id)).toEqual([y.id]);
    const guest = server.api(users.guest!.token);
    expect((await guest.get(`/v1/orgs/${org}/members/${users.guest!.id}/teams`)).body.items.map((i: { team: { id: string } }) => i.team.id)).toEqual([y.id]);
    expect((await guest.get(`/v1/orgs/${org}/members/${users.a!.id}/teams`)).status).toBe(404);
    expect((await api.get(`/v1/orgs/${org}/members/nobody/teams`)).status).toBe(404);
    const longFilter = await api.get(`/v1/orgs/${org}/members/${users.a!.id}/teams?title=${'x'.repeat(65)}`);
    expect(longFilter.status).toBe(400);
    expect(longFilter.body.error.message).toContain('/query/title');
    expect((await (await tenant()).api.get(`/v1/orgs/${org}/members/${users.a!.id}/teams`)).status).toBe(404);
    expect((await server.api().get(`/v1/orgs/${org}/members/${users.a!.id}/teams`)).status).toBe(401);
  });
});

describe('counts, deletion and leaving the organization', () => {
  it('Member.spaces / Member.teams and Team.spaces count what was granted', async () => {
    const { org, api, users } = await tenant({ a: null });
    const s1 = (await api.post(`/v1/orgs/${org}/spaces`, { title: 's1' })).body;
    const s2 = (await api.post(`/v1/orgs/${org}/spaces`, { title: 's2' })).body;
    const t = (await api.put(`/v1/orgs/${org}/teams`, { title: 'T', members: [users.a!.id] })).body;
    await api.put(`/v1/orgs/${org}/teams`, { title: 'U', members: [users.a!.id] });
    await api.post(`/v1/spaces/${s1.id}/permissions`, { role: 'read', users: [users.a!.id] });
    await api.post(`/v1/spaces/${s2.id}/permissions`, { role: 'edit', users: [users.a!.id], teams: [t.id] });
    expect((await api.get(`/v1/orgs/${org}/members/${users.a!.id}`)).body).toMatchObject({ spaces: 2, teams: 2 });
    expect((await api.get(`/v1/orgs/${org}/teams/${t.id}`)).body).toMatchObject({ spaces: 1, members: 1 });
    await api.delete(`/v1/spaces/${s1.id}`);
    expect((await api.get(`/v1/orgs/${org}/members/${users.a!.id}`)).body.spaces).toBe(1);
  });

  it('deleting a team takes its grants away; its members stay in the organization', async () => {
    const { org, api, users } = await tenant({ a: null });
    const s = (await api.post(`/v1/orgs/${org}/spaces`, { title: 's' })).body;
    const t = (await api.put(`/v1/orgs/${org}/teams`, { title: 'T', members: [users.a!.id] })).body;
    await api.post(`/v1/spaces/${s.id}/permissions`, { role: 'edit', teams: [t.id] });
    expect((await server.api(users.a!.token).get(`/v1/spaces/${s.id}`)).status).toBe(200);
    expect((await api.delete(`/v1/orgs/${org}/teams/${t.id}`)).status).toBe(204);
    expect((await api.delete(`/v1/orgs/${org}/teams/${t.id}`)).status).toBe(204);
    expect((await server.api(users.a!.token).get(`/v1/spaces/${s.id}`)).status).toBe(404);
    expect((await api.get(`/v1/orgs/${org}/members/${users.a!.id}`)).body.teams).toBe(0);
    expect(await server.ctx.db.selectFrom('content_grants').select('target_id').where('principal_id', '=', t.id).executeTakeFirst()).toBeUndefined();
  });

  it('leaving the organization removes the member from its teams and drops their grants', async () => {
    const { org, api, users } = await tenant({ a: 'read' });
    const s = (await api.post(`/v1/orgs/${org}/spaces`, { title: 's' })).body;
    const t = (await api.put(`/v1/orgs/${org}/teams`, { title: 'T', members: [users.a!.id] })).body;
    await api.post(`/v1/spaces/${s.id}/permissions`, { role: 'admin', users: [users.a!.id] });
    expect((await api.delete(`/v1/orgs/${org}/members/${users.a!.id}`)).status).toBe(204);
    expect((await api.get(`/v1/orgs/${org}/teams/${t.id}`)).body.members).toBe(0);
    await addMember(server, org, users.owner!, users.a!, null);
    expect((await server.api(users.a!.token).get(`/v1/spaces/${s.id}`)).status).toBe(404);
    expect((await api.get(`/v1/orgs/${org}/members/${users.a!.id}`)).body).toMatchObject({ spaces: 0, teams: 0 });
  });
});

describe('team membership under concurrency', () => {
  it('adds, removes, bulk edits and role changes of the same users at once never deadlock; Team.members equals the listed rows', async () => {
    const { org, api, users } = await tenant({ a: 'read', b: 'read', c: 'read', d: 'read' });
    const people = [users.a!, users.b!, users.c!, users.d!];
    const t = (await api.put(`/v1/orgs/${org}/teams`, { title: 'Race' })).body;
    const base = `/v1/orgs/${org}/teams/${t.id}/members`;
    for (let round = 0; round < 3; round++) {
      const rs = await Promise.all([
        ...people.map((u) => api.put(`${base}/${u.id}`, { role: 'member' })),
        ...people.map((u) => api.delete(`${base}/${u.id}`)),
        ...people.map((u) => api.put(`${base}/${u.id}`, { role: 'owner' })),
        api.put(base, { add: people.map((u) => u.id) }),
        api.put(base, { remove: [people[0]!.id, people[1]!.id] }),
        // A member leaving through the organization takes their team memberships too.
        api.delete(`/v1/orgs/${org}/members/${people[3]!.id}`),
        ...people.map((u) => server.api(u.token).delete(`${base}/${u.id}`)),
      ]);
      for (const r of rs) expect(r.status, JSON.stringify(r.body)).toBeLessThan(500);
      const listed = await api.get(`${base}?limit=100`);
      expect(listed.body.count).toBe(listed.body.items.length);
      expect((await api.get(`/v1/orgs/${org}/teams/${t.id}`)).body.members).toBe(listed.body.items.length);
      const orgMembers = new Set(((await api.get(`/v1/orgs/${org}/members?limit=100`)).body.items as { user: { id: string } }[]).map((m) => m.user.id));
      for (const m of listed.body.items as { organization: { user: { id: string } } }[]) expect(orgMembers.has(m.organization.user.id)).toBe(true);
      await addMember(server, org, users.owner!, people[3]!, 'read');
    }
  });
});

// Organizations, members, invites, joining, SSO members and ping.
import { jwtVerify } from 'jose';
import { describe, expect, it } from 'vitest';
import { addMember, createOrganization, createUser, type TestUser, useTestServer } from '../src/testing/index.js';

const server = useTestServer();

async function orgWith(roles: Record<string, string | null>) {
  const owner = await createUser(server, 'Owner');
  const org = await createOrganization(server, owner);
  const users: Record<string, TestUser> = { owner };
  for (const [name, role] of Object.entries(roles)) {
    users[name] = await createUser(server, name);
    await addMember(server, org.id, owner, users[name]!, role);
  }
  return { org, users };
}

describe('createOrganization / listOrganizationsForAuthenticatedUser', () => {
  it('creates an organization whose creator is its admin, and lists it for them only', async () => {
    const u = await createUser(server, 'Founder');
    const other = await createUser(server, 'Other');
    const r = await server.api(u.token).post('/v1/orgs', { title: 'Docs Inc', emailDomains: ['Docs.Example'], hostname: `docs-${u.id.slice(0, 8).toLowerCase()}` });
    expect(r.status).toBe(201);
    expect(r.headers.get('location')).toBe(r.body.urls.location);
    expect(r.body).toMatchObject({ object: 'organization', title: 'Docs Inc', emailDomains: ['docs.example'], type: 'business', inviteLinks: true });
    expect(r.body.permissions.admin).toBe(true);
    const m = await server.api(u.token).get(`/v1/orgs/${r.body.id}/members/${u.id}`);
    expect(m.body.role).toBe('admin');
    const mine = await server.api(u.token).get('/v1/orgs');
    expect(mine.body.items.map((o: { id: string }) => o.id)).toEqual([r.body.id]);
    expect((await server.api(other.token).get('/v1/orgs')).body.items).toEqual([]);
  });

  it('refuses bad input with the field named, and a taken hostname with 409', async () => {
    const u = await createUser(server, 'Bad');
    const long = await server.api(u.token).post('/v1/orgs', { title: 'x'.repeat(256) });
    expect(long.status).toBe(400);
    expect(long.body.error.message).toContain('/body/title');
    const host = `h${u.id.slice(0, 10).toLowerCase()}`;
    expect((await server.api(u.token).post('/v1/orgs', { title: 'One', hostname: host })).status).toBe(201);
    const dup = await server.api(u.token).post('/v1/orgs', { title: 'Two', hostname: host });
    expect(dup.status).toBe(409);
    const badHost = await server.api(u.token).post('/v1/orgs', { title: 'Three', hostname: 'ab' });
    expect(badHost.status).toBe(400);
    expect(badHost.body.error.message).toContain('/body/hostname');
    expect((await server.api().post('/v1/orgs', { title: 'No token' })).status).toBe(401);
  });
});

describe('getOrganizationById', () => {
  it('derives permissions from the caller role', async () => {
    const { org, users } = await orgWith({ creator: 'create', reader: 'read', guest: null });
    const perms = async (u: TestUser) => (await server.api(u.token).get(`/v1/orgs/${org.id}`)).body.permissions;
    expect(await perms(users.owner!)).toMatchObject({ view: true, admin: true, createContent: true, listMembers: true });
    expect(await perms(users.creator!)).toMatchObject({ view: true, admin: false, createContent: true, listMembers: true });
    expect(await perms(users.reader!)).toMatchObject({ view: true, admin: false, createContent: false, listMembers: true });
    expect(await perms(users.guest!)).toMatchObject({ view: true, admin: false, createContent: false, listMembers: false });
  });

  it('hides the organization from non-members (404) and unknown ids (404)', async () => {
    const { org } = await orgWith({});
    const stranger = await createUser(server, 'Stranger');
    expect((await server.api(stranger.token).get(`/v1/orgs/${org.id}`)).status).toBe(404);
    expect((await server.api(stranger.token).get('/v1/orgs/doesnotexist')).status).toBe(404);
  });
});

describe('updateOrganizationById', () => {
  it('updates every field and clears nullable ones', async () => {
    const { org, users } = await orgWith({});
    const api = server.api(users.owner!.token);
    const site = (await api.post(`/v1/orgs/${org.id}/sites`, { title: 'Docs' })).body;
    const body = {
      title: 'Renamed', emailDomains: ['a.example', 'b.example'], hostname: `r${org.id.slice(0, 8).toLowerCase()}`, defaultRole: 'comment',
      defaultContent: { type: 'site', site: site.id }, logo: 'https://cdn.example/logo.png', sso: true, ai: true, inviteLinks: false,
      mergeRules: { type: 'rules', rules: [{ rule: 'require_specific_reviewers', users: [users.owner!.id] }] },
    };
    const r = await api.patch(`/v1/orgs/${org.id}`, body);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      title: 'Renamed', emailDomains: ['a.example', 'b.example'], hostname: body.hostname, defaultRole: 'comment',
      defaultContent: { type: 'site', site: site.id }, sso: true, ai: true, inviteLinks: false, mergeRules: body.mergeRules,
    });
    expect(r.body.urls.logo).toBe('https://cdn.example/logo.png');
    const cleared = await api.patch(`/v1/orgs/${org.id}`, { defaultContent: null, logo: null, defaultRole: null });
    expect(cleared.body.defaultContent).toBeNull();
    expect(cleared.body.defaultRole).toBeNull();
    expect(cleared.body.urls.logo).toBeUndefined();
    expect((await api.get(`/v1/orgs/${org.id}`)).body.title).toBe('Renamed');
  });

  it('validates limits and rules, forbids non-admins, hides from strangers', async () => {
    const { org, users } = await orgWith({ editor: 'edit' });
    const api = server.api(users.owner!.token);
    const cases: [Record<string, unknown>, string][] = [
      [{ title: 'x' }, '/body/title'],
      [{ hostname: 'x'.repeat(33) }, '/body/hostname'],
      [{ logo: 'not a url' }, '/body/logo'],
      [{ defaultRole: 'owner' }, '/body/defaultRole'],
      [{ mergeRules: { type: 'sometimes' } }, '/body/mergeRules'],
      [{}, '/body'],
    ];
    for (const [body, field] of cases) {
      const r = await api.patch(`/v1/orgs/${org.id}`, body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.error.message).toContain(field);
    }
    expect((await server.api(users.editor!.token).patch(`/v1/orgs/${org.id}`, { title: 'Nope' })).status).toBe(403);
    const stranger = await createUser(server, 'S');
    expect((await server.api(stranger.token).patch(`/v1/orgs/${org.id}`, { title: 'Nope' })).status).toBe(404);
  });
});

describe('members', () => {
  it('lists members with role, search, sort and order filters', async () => {
    const { org, users } = await orgWith({ alice: 'edit', bob: 'read', carol: null });
    const api = server.api(users.owner!.token);
    const all = await api.get(`/v1/orgs/${org.id}/members`);
    expect(all.status).toBe(200);
    expect(all.body.count).toBe(4);
    // default: joinedAt desc
    expect(all.body.items.map((m: { user: { displayName: string } }) => m.user.displayName)).toEqual(['carol', 'bob', 'alice', 'Owner']);
    const asc = await api.get(`/v1/orgs/${org.id}/members?order=asc`);
    expect(asc.body.items[0].user.displayName).toBe('Owner');
    const editors = await api.get(`/v1/orgs/${org.id}/members?role=edit`);
    expect(editors.body.items.map((m: { id: string }) => m.id)).toEqual([users.alice!.id]);
    const guests = await api.get(`/v1/orgs/${org.id}/members?role=guest`);
    expect(guests.body.items.map((m: { id: string }) => m.id)).toEqual([users.carol!.id]);
    const search = await api.get(`/v1/orgs/${org.id}/members?search=BO`);
    expect(search.body.items.map((m: { id: string }) => m.id)).toEqual([users.bob!.id]);
    const byName = await api.get(`/v1/orgs/${org.id}/members?sort=name&order=asc`);
    expect(byName.body.items.map((m: { user: { displayName: string } }) => m.user.displayName)).toEqual(['Owner', 'alice', 'bob', 'carol']);
    // lastSeenAt sorts, it does not filter: the members seen (ping) most recently first, then those never seen, on
    // every page (followed one by one) and in the count
    await server.api(users.bob!.token).post(`/v1/orgs/${org.id}/ping`);
    const seen = await api.get(`/v1/orgs/${org.id}/members?sort=lastSeenAt`);
    expect(seen.body.count).toBe(4);
    expect(seen.body.items).toHaveLength(4);
    expect(seen.body.items[0].id).toBe(users.bob!.id);
    expect(seen.body.items[0].lastSeenAt).toBeTruthy();
    const paged: string[] = [];
    for (let page: string | undefined, i = 0; i < 10; i++) {
      const r = await api.get(`/v1/orgs/${org.id}/members?sort=lastSeenAt&limit=1${page ? `&page=${page}` : ''}`);
      paged.push(...r.body.items.map((m: { id: string }) => m.id));
      page = r.body.next?.page;
      if (!page) break;
    }
    expect(paged).toEqual(seen.body.items.map((m: { id: string }) => m.id));
    const ascending = await api.get(`/v1/orgs/${org.id}/members?sort=lastSeenAt&order=asc`);
    expect(ascending.body.items.at(-1).id).toBe(users.bob!.id);
    const bad = await api.get(`/v1/orgs/${org.id}/members?sort=age`);
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toContain('/query/sort');
    // guests cannot list members; strangers cannot see the organization
    expect((await server.api(users.carol!.token).get(`/v1/orgs/${org.id}/members`)).status).toBe(403);
    const stranger = await createUser(server, 'Z');
    expect((await server.api(stranger.token).get(`/v1/orgs/${org.id}/members`)).status).toBe(404);
  });

  it('gets, changes the role of and removes members; keeps the last admin', async () => {
    const { org, users } = await orgWith({ alice: 'edit', bob: 'read' });
    const api = server.api(users.owner!.token);
    const got = await api.get(`/v1/orgs/${org.id}/members/${users.alice!.id}`);
    expect(got.body).toMatchObject({ object: 'member', id: users.alice!.id, role: 'edit', disabled: false, sso: false, spaces: 0, teams: 0 });
    const promoted = await api.patch(`/v1/orgs/${org.id}/members/${users.alice!.id}`, { role: 'admin' });
    expect(promoted.status).toBe(200);
    expect(promoted.body.role).toBe('admin');
    expect((await server.api(users.bob!.token).patch(`/v1/orgs/${org.id}/members/${users.alice!.id}`, { role: 'read' })).status).toBe(403);
    expect((await api.patch(`/v1/orgs/${org.id}/members/${users.alice!.id}`, { role: 'boss' })).status).toBe(400);
    expect((await api.patch(`/v1/orgs/${org.id}/members/nobody`, { role: 'read' })).status).toBe(404);
    // bob leaves by himself; removing a non-member answers 204
    expect((await server.api(users.bob!.token).delete(`/v1/orgs/${org.id}/members/${users.bob!.id}`)).status).toBe(204);
    expect((await api.get(`/v1/orgs/${org.id}/members/${users.bob!.id}`)).status).toBe(404);
    expect((await api.delete(`/v1/orgs/${org.id}/members/${users.bob!.id}`)).status).toBe(204);
    // alice demotes the owner, then cannot demote herself as last admin
    expect((await server.api(users.alice!.token).patch(`/v1/orgs/${org.id}/members/${users.owner!.id}`, { role: 'read' })).status).toBe(200);
    const last = await server.api(users.alice!.token).patch(`/v1/orgs/${org.id}/members/${users.alice!.id}`, { role: 'edit' });
    expect(last.status).toBe(409);
    expect((await server.api(users.alice!.token).delete(`/v1/orgs/${org.id}/members/${users.alice!.id}`)).status).toBe(409);
  });

  it('never loses the last admin when two admins demote each other at once', async () => {
    const { org, users } = await orgWith({ alice: 'admin' });
    const [a, b] = await Promise.all([
      server.api(users.owner!.token).patch(`/v1/orgs/${org.id}/members/${users.alice!.id}`, { role: 'read' }),
      server.api(users.alice!.token).patch(`/v1/orgs/${org.id}/members/${users.owner!.id}`, { role: 'read' }),
    ]);
    const statuses = [a.status, b.status].sort();
    const admins = (await server.api(server.adminToken).get(`/v1/orgs/${org.id}/members?role=admin`)).body.count;
    expect(admins).toBeGreaterThanOrEqual(1);
    expect(statuses.every((s) => s === 200 || s === 409 || s === 403)).toBe(true);
  });
});

describe('defaultContent under concurrency', () => {
  it('set to a site while that site is deleted, it never names a deleted site', async () => {
    const { org, users } = await orgWith({});
    const api = server.api(users.owner!.token);
    for (let round = 0; round < 24; round++) {
      const site = (await api.post(`/v1/orgs/${org.id}/sites`, { title: `Default ${round}` })).body;
      // The delete starts first, the update a little later each round, so that some round's update reads the site
      // before the delete commits and writes after it.
      const [del, set] = await Promise.all([
        api.delete(`/v1/orgs/${org.id}/sites/${site.id}`),
        new Promise((r) => setTimeout(r, round % 6)).then(() => api.patch(`/v1/orgs/${org.id}`, { defaultContent: { type: 'site', site: site.id } })),
      ]);
      expect(del.status).toBe(204);
      // Either the update came first (and the delete cleared it) or it saw the site gone (400 naming the field).
      expect([200, 400]).toContain(set.status);
      if (set.status === 400) expect(set.body.error.message).toContain('/body/defaultContent/site');
      expect((await api.get(`/v1/orgs/${org.id}`)).body.defaultContent ?? null).toBeNull();
    }
  });
});

describe('invites and joining', () => {
  it('adds users by email with per-email roles and names unknown emails', async () => {
    const { org, users } = await orgWith({ reader: 'read' });
    const x = await createUser(server, 'X');
    const y = await createUser(server, 'Y');
    const api = server.api(users.owner!.token);
    const r = await api.post(`/v1/orgs/${org.id}/invites`, { emails: [x.email.toUpperCase(), { email: y.email, role: 'edit' }], role: 'comment' });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ users: [x.id, y.id], invited: 2 });
    expect((await api.get(`/v1/orgs/${org.id}/members/${x.id}`)).body.role).toBe('comment');
    expect((await api.get(`/v1/orgs/${org.id}/members/${y.id}`)).body.role).toBe('edit');
    const again = await api.post(`/v1/orgs/${org.id}/invites`, { emails: [x.email], role: 'admin' });
    expect(again.body).toEqual({ users: [x.id], invited: 0 });
    expect((await api.get(`/v1/orgs/${org.id}/members/${x.id}`)).body.role).toBe('comment');
    const unknown = await api.post(`/v1/orgs/${org.id}/invites`, { emails: [x.email, 'ghost@nowhere.example'] });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.message).toContain('/body/emails/1');
    expect((await api.post(`/v1/orgs/${org.id}/invites`, { emails: [] })).status).toBe(400);
    expect((await server.api(users.reader!.token).post(`/v1/orgs/${org.id}/invites`, { emails: [x.email] })).status).toBe(403);
  });

  it('lets users join through the email domain, and finds organizations by domain', async () => {
    const owner = await createUser(server, 'Dom');
    const domain = `d${owner.id.slice(0, 8).toLowerCase()}.example`;
    const org = await createOrganization(server, owner, { emailDomains: [domain] });
    await server.api(owner.token).patch(`/v1/orgs/${org.id}`, { defaultRole: 'comment' });
    const admin = server.api(server.adminToken);
    const insider = (await admin.post('/v1/users', { email: `ina@${domain}`, displayName: 'Ina' })).body;
    const insiderToken = (await admin.post(`/v1/users/${insider.id}/tokens`, { label: 't' })).body.token;
    const outsider = await createUser(server, 'Out');

    const found = await server.api(insiderToken).get(`/v1/email-domains/${domain}/orgs`);
    expect(found.status).toBe(200);
    expect(found.body.organizations.map((o: { id: string }) => o.id)).toEqual([org.id]);
    expect((await server.api(outsider.token).get(`/v1/email-domains/${domain}/orgs`)).body.organizations).toEqual([]);

    expect((await server.api(insiderToken).post(`/v1/orgs/${org.id}/join`)).status).toBe(204);
    expect((await server.api(owner.token).get(`/v1/orgs/${org.id}/members/${insider.id}`)).body.role).toBe('comment');
    expect((await server.api(insiderToken).post(`/v1/orgs/${org.id}/join`)).status).toBe(204);
    expect((await server.api(outsider.token).post(`/v1/orgs/${org.id}/join`)).status).toBe(403);
    expect((await server.api(outsider.token).post('/v1/orgs/unknownorg/join')).status).toBe(404);
  });

  it('creates, lists, uses and deletes invite links', async () => {
    const { org, users } = await orgWith({ reader: 'read' });
    const api = server.api(users.owner!.token);
    const link = await api.post(`/v1/orgs/${org.id}/link-invites`, { role: 'review' });
    expect(link.status).toBe(201);
    expect(link.body).toMatchObject({ object: 'invite', role: 'review' });
    expect((await api.get(`/v1/orgs/${org.id}/link-invites`)).body.items.map((i: { id: string }) => i.id)).toEqual([link.body.id]);
    expect((await server.api(users.reader!.token).get(`/v1/orgs/${org.id}/link-invites`)).status).toBe(403);
    const joiner = await createUser(server, 'Joiner');
    const joined = await server.api(joiner.token).post(`/v1/orgs/${org.id}/invites/${link.body.id}`);
    expect(joined.status).toBe(200);
    expect(joined.body).toMatchObject({ id: joiner.id, role: 'review' });
    expect((await api.delete(`/v1/orgs/${org.id}/link-invites/${link.body.id}`)).status).toBe(204);
    expect((await api.delete(`/v1/orgs/${org.id}/link-invites/${link.body.id}`)).status).toBe(204);
    const late = await createUser(server, 'Late');
    expect((await server.api(late.token).post(`/v1/orgs/${org.id}/invites/${link.body.id}`)).status).toBe(404);
    expect((await server.api(users.reader!.token).delete(`/v1/orgs/${org.id}/link-invites/x`)).status).toBe(403);
    await api.patch(`/v1/orgs/${org.id}`, { inviteLinks: false });
    expect((await api.post(`/v1/orgs/${org.id}/link-invites`, { role: 'read' })).status).toBe(403);
  });
});

describe('SSO members and ping', () => {
  it('marks a user as an SSO member (adding them when needed)', async () => {
    const { org, users } = await orgWith({ reader: 'read' });
    const newcomer = await createUser(server, 'Sso');
    const r = await server.api(users.owner!.token).post(`/v1/orgs/${org.id}/members/${newcomer.id}/sso`);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ id: newcomer.id, sso: true, role: 'read' });
    expect((await server.api(users.reader!.token).post(`/v1/orgs/${org.id}/members/${newcomer.id}/sso`)).status).toBe(403);
    expect((await server.api(users.owner!.token).post(`/v1/orgs/${org.id}/members/nobody/sso`)).status).toBe(404);
  });

  it('returns a signed JWT of the caller in serviceVisitorClaims and sets lastSeenAt', async () => {
    const { org, users } = await orgWith({ editor: 'edit' });
    const r = await server.api(users.editor!.token).post(`/v1/orgs/${org.id}/ping`);
    expect(r.status).toBe(200);
    const { payload } = await jwtVerify(r.body.serviceVisitorClaims, server.ctx.jwtSecret, { audience: org.id });
    expect(payload).toMatchObject({ sub: users.editor!.id, organization: org.id, role: 'edit' });
    const m = await server.api(users.owner!.token).get(`/v1/orgs/${org.id}/members/${users.editor!.id}`);
    expect(m.body.lastSeenAt).toBeTruthy();
    const stranger = await createUser(server, 'P');
    expect((await server.api(stranger.token).post(`/v1/orgs/${org.id}/ping`)).status).toBe(404);
  });
});

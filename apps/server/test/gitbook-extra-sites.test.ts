// GitBook site operations beyond the seeds: site permissions (grants of roles on one site to users and teams, which
// decide who sees and changes the site through the API, and every member's resulting role with its origin); custom
// hostnames (the site a name serves, revalidation, removal); the integrations of an organization, its installations,
// and the integrations enabled on a space and on a site, the status of installations, the blocks of a space's
// integrations; searching a site's content by scope; a site's external links.
// Real behaviour through HTTP on both databases: a grant takes effect on the next request (the grants are cached
// per request domain and invalidated by every change), another site is not affected, removal revokes.
import { describe, expect, it } from 'vitest';
import { randomString } from '../src/lib/ids.js';
import { createTenant, createUser, useTestServer, type Tenant, getWithHost } from '../src/testing/index.js';

const server = useTestServer();

/** A GET with a site's custom hostname as its Host header. */
const getHost = (path: string, host: string) => getWithHost(server.url, path, host);

describe('site permissions', () => {
  it('grants a guest and a reader roles on one site, which take effect at once; lists, aggregates and removes them', async () => {
    const t = await createTenant(server, { guest: null, reader: 'read', writer: 'edit' });
    const ids = { owner: t.owner.id, guest: t.users.guest!.id, reader: t.users.reader!.id, writer: t.users.writer!.id };
    const organizationId = t.org;
    const site = await t.api.post(`/v1/orgs/${t.org}/sites`, { title: 'Handbook' });
    const other = await t.api.post(`/v1/orgs/${t.org}/sites`, { title: 'Other' });
    const siteId = site.body.id as string;
    const base = `/v1/orgs/${t.org}/sites/${siteId}`;
    const guest = t.as('guest');
    const reader = t.as('reader');
    expect((await guest.get(base)).status).toBe(404);
    expect((await guest.get(`/v1/orgs/${t.org}/sites`)).status).toBe(404);

    // A guest granted `read` on the site sees it (and only it), may not change it.
    const set = await t.client.PATCH('/v1/orgs/{organizationId}/sites/{siteId}/permissions/users/{userId}', { params: { path: { organizationId, siteId, userId: ids.guest } }, body: { role: 'read' } });
    expect(set.response.status).toBe(204);
    expect((await guest.get(base)).body.permissions).toMatchObject({ view: true, edit: false, admin: false });
    const listed = await guest.get(`/v1/orgs/${t.org}/sites`);
    expect(listed.body.items.map((s: { id: string }) => s.id)).toEqual([siteId]);
    expect((await guest.get(`/v1/orgs/${t.org}/sites/${other.body.id}`)).status).toBe(404);
    expect((await guest.patch(base, { title: 'Mine' })).status).toBe(403);
    expect((await guest.get(`${base}/structure`)).status).toBe(200);

    // A reader invited with `create` changes this site, not the other; the list shows each site's permissions.
    expect((await reader.patch(base, { title: 'Renamed' })).status).toBe(403);
    const invite = await t.client.POST('/v1/orgs/{organizationId}/sites/{siteId}/permissions', { params: { path: { organizationId, siteId } }, body: { role: 'create', users: [ids.reader] } });
    expect(invite.response.status).toBe(204);
    expect((await reader.patch(base, { title: 'Renamed' })).status).toBe(200);
    expect((await reader.patch(`/v1/orgs/${t.org}/sites/${other.body.id}`, { title: 'No' })).status).toBe(403);
    const readerSites = (await reader.get(`/v1/orgs/${t.org}/sites`)).body.items as { id: string; permissions: { edit: boolean } }[];
    expect(Object.fromEntries(readerSites.map((s) => [s.id, s.permissions.edit]))).toEqual({ [siteId]: true, [other.body.id]: false });
    // `create` is not `admin`: the reader may not manage the site's permissions.
    expect((await reader.get(`${base}/permissions/users`)).status).toBe(403);
    expect((await reader.patch(`${base}/permissions/users/${ids.reader}`, { role: 'admin' })).status).toBe(403);

    // A team granted `admin` on the site: its member manages the site's permissions.
    const team = await t.api.put(`/v1/orgs/${t.org}/teams`, { title: 'Site admins', members: [ids.writer] });
    const teamId = team.body.id as string;
    const teamSet = await t.client.PATCH('/v1/orgs/{organizationId}/sites/{siteId}/permissions/teams/{teamId}', { params: { path: { organizationId, siteId, teamId } }, body: { role: 'admin' } });
    expect(teamSet.response.status).toBe(204);
    const writer = t.as('writer');
    expect((await writer.get(`${base}/permissions/users`)).status).toBe(200);
    expect((await writer.get(base)).body.permissions).toMatchObject({ admin: true, edit: true });
    const teams = await t.client.GET('/v1/orgs/{organizationId}/sites/{siteId}/permissions/teams', { params: { path: { organizationId, siteId } } });
    expect(teams.data).toMatchObject({ count: 1, items: [{ permission: 'admin', team: { id: teamId, title: 'Site admins', members: 1 } }] });

    const users = await t.client.GET('/v1/orgs/{organizationId}/sites/{siteId}/permissions/users', { params: { path: { organizationId, siteId } } });
    expect(users.data!.count).toBe(2);
    expect(Object.fromEntries(users.data!.items.map((i) => [i.user.id, i.permission]))).toEqual({ [ids.guest]: 'read', [ids.reader]: 'create' });

    // The aggregate: every member's role on the site and where it comes from.
    const aggregate = await t.client.GET('/v1/orgs/{organizationId}/sites/{siteId}/permissions/aggregate', { params: { path: { organizationId, siteId } } });
    const byUser = Object.fromEntries(aggregate.data!.items.map((i) => [i.user.id, [i.permission, i.origin]]));
    expect(byUser).toEqual({
      [ids.owner]: ['admin', { type: 'organization', organization: t.org }],
      [ids.guest]: ['read', { type: 'site', site: siteId, reason: 'member' }],
      [ids.reader]: ['create', { type: 'site', site: siteId, reason: 'member' }],
      [ids.writer]: ['admin', { type: 'site', site: siteId, reason: 'team', team: teamId }],
    });
    expect(aggregate.data!.items.every((i) => i.disabled === false)).toBe(true);
    const admins = await t.client.GET('/v1/orgs/{organizationId}/sites/{siteId}/permissions/aggregate', { params: { path: { organizationId, siteId }, query: { role: 'admin', sort: 'name', order: 'asc' } } });
    expect(admins.data!.items.map((i) => i.user.id).sort()).toEqual([ids.owner, ids.writer].sort());
    expect((await t.api.get(`${base}/permissions/aggregate?team=${teamId}`)).body.items.map((i: { user: { id: string } }) => i.user.id)).toEqual([ids.writer]);
    expect((await t.api.get(`${base}/permissions/aggregate?search=reader`)).body.items.map((i: { user: { id: string } }) => i.user.id)).toEqual([ids.reader]);
    const paged = await t.api.get(`${base}/permissions/aggregate?limit=3&sort=name&order=asc`);
    expect(paged.body.count).toBe(4);
    const rest = await t.api.get(`${base}/permissions/aggregate?limit=3&sort=name&order=asc&page=${paged.body.next.page}`);
    expect([...paged.body.items, ...rest.body.items].map((i: { user: { id: string } }) => i.user.id).sort()).toEqual(Object.values(ids).sort());
    // Sorted by lastSeenAt, members never seen are listed too (last in the default order): a sort does not filter.
    const bySeen = await t.api.get(`${base}/permissions/aggregate?sort=lastSeenAt`);
    expect(bySeen.body.count).toBe(4);
    expect(bySeen.body.items.map((i: { user: { id: string } }) => i.user.id).sort()).toEqual(Object.values(ids).sort());
    // The other site: organization roles only.
    const otherAggregate = (await t.api.get(`/v1/orgs/${t.org}/sites/${other.body.id}/permissions/aggregate`)).body.items;
    expect(Object.fromEntries(otherAggregate.map((i: { user: { id: string }; permission: string }) => [i.user.id, i.permission])))
      .toEqual({ [ids.owner]: 'admin', [ids.reader]: 'read', [ids.writer]: 'edit' });

    // Removing takes the access away at once; removing again is a no-op; role: null removes too.
    expect((await t.api.delete(`${base}/permissions/users/${ids.guest}`)).status).toBe(204);
    expect((await guest.get(base)).status).toBe(404);
    expect((await t.api.delete(`${base}/permissions/users/${ids.guest}`)).status).toBe(204);
    expect((await t.api.patch(`${base}/permissions/users/${ids.reader}`, { role: null })).status).toBe(204);
    expect((await reader.patch(base, { title: 'Again' })).status).toBe(403);
    expect((await t.api.delete(`${base}/permissions/teams/${teamId}`)).status).toBe(204);
    expect((await writer.get(`${base}/permissions/users`)).status).toBe(403);
    expect((await t.api.get(`${base}/permissions/users`)).body).toEqual({ items: [], count: 0 });

    // A user outside the organization or an unknown team cannot be granted; strangers see nothing; bad roles are 400.
    const outsider = await createUser(server, 'Outsider');
    const notMember = await t.api.patch(`${base}/permissions/users/${outsider.id}`, { role: 'read' });
    expect([notMember.status, notMember.body.error.message]).toEqual([404, expect.stringContaining('/path/userId')]);
    expect((await t.api.post(`${base}/permissions`, { role: 'read', users: [outsider.id] })).status).toBe(404);
    expect((await t.api.patch(`${base}/permissions/teams/nope`, { role: 'read' })).status).toBe(404);
    expect((await t.api.patch(`${base}/permissions/users/${ids.guest}`, { role: 'owner' })).status).toBe(400);
    expect((await t.api.post(`${base}/permissions`, { role: 'read' })).status).toBe(400);
    const stranger = server.api(outsider.token);
    for (const p of ['permissions/users', 'permissions/teams', 'permissions/aggregate']) expect((await stranger.get(`${base}/${p}`)).status).toBe(404);
    expect((await server.api('nope').get(`${base}/permissions/users`)).status).toBe(401);

    // Deleting the site deletes its grants: a guest granted on it sees no site afterwards.
    await t.api.patch(`${base}/permissions/users/${ids.guest}`, { role: 'read' });
    expect((await guest.get(`/v1/orgs/${t.org}/sites`)).status).toBe(200);
    expect((await t.api.delete(base)).status).toBe(204);
    expect((await guest.get(`/v1/orgs/${t.org}/sites`)).status).toBe(404);
  });
});

describe('custom hostnames', () => {
  it('answers the site a hostname serves to who may read it; removing it takes the site off the name', async () => {
    const t = await createTenant(server, { reader: 'read' });
    const space = await t.api.post(`/v1/orgs/${t.org}/spaces`, { title: 'Guide' });
    expect((await t.api.post(`/v1/spaces/${space.body.id}/content/edits`, { edits: [{ op: 'createPage', page: { title: 'Welcome', markdown: 'Hello.\n' } }] })).status).toBe(200);
    const site = await t.api.post(`/v1/orgs/${t.org}/sites`, { title: 'Docs', spaces: [space.body.id] });
    const siteId = site.body.id as string;
    const hostname = `docs-${siteId.toLowerCase().replace(/[^a-z0-9]/g, '')}.hosts.test`;
    expect((await t.api.patch(`/v1/orgs/${t.org}/sites/${siteId}`, { hostname })).status).toBe(200);
    const path = `/v1/custom-hostnames/${hostname}`;

    const got = await t.client.GET('/v1/custom-hostnames/{hostname}', { params: { path: { hostname } } });
    expect(got.data).toEqual({ object: 'custom-hostname', hostname, target: { type: 'site', site: siteId }, isActive: false, urls: { location: `${server.ctx.config.publicUrl}${path}` } });
    // Not published: inactive, nothing to revalidate (400); published: active, 204.
    const inactive = await t.api.patch(path);
    expect([inactive.status, inactive.body.error.code]).toEqual([400, 400]);
    await t.api.post(`/v1/orgs/${t.org}/sites/${siteId}/publish`);
    expect((await t.api.get(path)).body.isActive).toBe(true);
    expect((await t.client.PATCH('/v1/custom-hostnames/{hostname}', { params: { path: { hostname } } })).response.status).toBe(204);
    expect((await getHost('/', hostname)).text).toContain('<h1>Welcome</h1>');

    // A reader sees it but may not change it; strangers and unknown names: 404; a malformed name: 400.
    const reader = t.as('reader');
    expect((await reader.get(path)).body.target.site).toBe(siteId);
    expect((await reader.patch(path)).status).toBe(403);
    expect((await reader.delete(path)).status).toBe(403);
    const stranger = server.api((await createUser(server, 'Stranger')).token);
    expect((await stranger.get(path)).status).toBe(404);
    expect((await stranger.delete(path)).status).toBe(404);
    expect((await t.api.get('/v1/custom-hostnames/nobody.hosts.test')).status).toBe(404);
    expect((await t.api.get('/v1/custom-hostnames/Not_A_Host')).status).toBe(400);
    expect((await server.api('nope').get(path)).status).toBe(401);

    // Removing it: the site has no hostname, the name serves nothing, the site is back on this server.
    expect((await t.client.DELETE('/v1/custom-hostnames/{hostname}', { params: { path: { hostname } } })).response.status).toBe(204);
    const after = (await t.api.get(`/v1/orgs/${t.org}/sites/${siteId}`)).body;
    expect(after.hostname).toBeUndefined();
    expect(after.urls.published).toBe(`${server.ctx.config.publicUrl}/sites/${siteId}/`);
    const gone = await getHost('/', hostname); // not a site's name any more: the API answers (no token)
    expect([gone.status, gone.text.includes('Welcome')]).toEqual([401, false]);
    expect((await t.api.get(path)).status).toBe(404);
    expect((await t.api.delete(path)).status).toBe(404);
  });
});

describe('integration lists', () => {
  const script = 'export default { async fetch() { return new Response("OK"); } };';
  async function publish(t: Tenant, prefix: string, visibility?: string) {
    const name = `${prefix}-${randomString(8).toLowerCase()}`;
    const r = await t.api.post(`/v1/integrations/${name}`, { organization: t.org, title: prefix, description: 'For tests', script, scopes: ['space:content:read'], ...(visibility ? { visibility } : {}) });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return name;
  }
  /** Two spaces and a site; alpha installed on the organization and bound to the first space and the site, beta on all spaces. */
  async function installAlphaBeta(t: Tenant, alpha: string, beta: string) {
    const s1 = (await t.api.post(`/v1/orgs/${t.org}/spaces`, { title: 'One' })).body.id as string;
    const s2 = (await t.api.post(`/v1/orgs/${t.org}/spaces`, { title: 'Two' })).body.id as string;
    const site = (await t.api.post(`/v1/orgs/${t.org}/sites`, { title: 'Docs' })).body.id as string;
    const a = (await t.api.post(`/v1/integrations/${alpha}/installations`, { organization: t.org })).body;
    const b = (await t.api.post(`/v1/integrations/${beta}/installations`, { organization: t.org })).body;
    expect((await t.api.post(`/v1/integrations/${alpha}/installations/${a.id}/spaces`, { space: s1 })).status).toBe(201);
    expect((await t.api.post(`/v1/integrations/${alpha}/installations/${a.id}/sites`, { site })).status).toBe(201);
    expect((await t.api.patch(`/v1/integrations/${beta}/installations/${b.id}`, { space_selection: 'all' })).status).toBe(200);
    return { s1, s2, site, a, b };
  }

  it('lists the organization\'s integrations and installations, and those enabled on a space and a site', async () => {
    const t = await createTenant(server, { reader: 'read', guest: null });
    const other = await createTenant(server);
    const [alpha, beta] = [await publish(t, 'alpha', 'private'), await publish(t, 'beta', 'private')];
    const foreign = await publish(other, 'foreign', 'private');
    const organizationId = t.org;

    // Available to the organization: its own private ones, not another organization's private one.
    const available = await t.client.GET('/v1/orgs/{organizationId}/integrations', { params: { path: { organizationId }, query: { limit: 1000 } } });
    const names = available.data!.items.map((i) => i.name);
    expect(names).toEqual(expect.arrayContaining([alpha, beta]));
    expect(names).not.toContain(foreign);
    expect((await t.api.get(`/v1/orgs/${t.org}/integrations?search=${alpha}`)).body.items.map((i: { name: string }) => i.name)).toEqual([alpha]);
    expect((await t.as('reader').get(`/v1/orgs/${t.org}/integrations?search=${beta}`)).body.count).toBe(1);
    expect((await t.as('guest').get(`/v1/orgs/${t.org}/integrations`)).status).toBe(403);
    expect((await other.api.get(`/v1/orgs/${t.org}/integrations`)).status).toBe(404);

    // Installed: alpha on the organization, bound to one space and to a site; beta on all spaces, no site.
    const { s1, s2, site, a, b } = await installAlphaBeta(t, alpha, beta);

    const installed = await t.client.GET('/v1/orgs/{organizationId}/installations', { params: { path: { organizationId } } });
    expect(installed.data!.count).toBe(2);
    expect(installed.data!.items.map((i) => [i.integration.name, i.installation.id])).toEqual([[alpha, a.id], [beta, b.id]]);
    expect(installed.data!.items[0]!.installation).toMatchObject({ spaces: 1, space_selection: 'selected' });
    expect((await t.api.get(`/v1/orgs/${t.org}/installations?search=${beta}&limit=1`)).body.items.map((i: { installation: { id: string } }) => i.installation.id)).toEqual([b.id]);
    const first = await t.api.get(`/v1/orgs/${t.org}/installations?limit=1`);
    const second = await t.api.get(`/v1/orgs/${t.org}/installations?limit=1&page=${first.body.next.page}`);
    expect([first.body.items[0].integration.name, second.body.items[0].integration.name, second.body.next]).toEqual([alpha, beta, undefined]);
    expect((await t.as('reader').get(`/v1/orgs/${t.org}/installations`)).status).toBe(403);

    const onSpace = async (spaceId: string) => (await t.client.GET('/v1/spaces/{spaceId}/integrations', { params: { path: { spaceId } } })).data!.items.map((i) => i.name);
    expect(await onSpace(s1)).toEqual([alpha, beta]);
    expect(await onSpace(s2)).toEqual([beta]);
    expect((await t.api.get(`/v1/spaces/${s1}/integrations?search=${alpha}`)).body).toMatchObject({ count: 1, items: [{ name: alpha }] });
    expect((await t.as('reader').get(`/v1/spaces/${s1}/integrations`)).body.count).toBe(2);
    expect((await other.api.get(`/v1/spaces/${s1}/integrations`)).status).toBe(404);

    const onSite = await t.client.GET('/v1/orgs/{organizationId}/sites/{siteId}/integrations', { params: { path: { organizationId, siteId: site } } });
    expect(onSite.data!.items.map((i) => i.name)).toEqual([alpha]);
    expect((await t.api.patch(`/v1/integrations/${beta}/installations/${b.id}`, { site_selection: 'all' })).status).toBe(200);
    expect((await t.api.get(`/v1/orgs/${t.org}/sites/${site}/integrations`)).body.items.map((i: { name: string }) => i.name)).toEqual([alpha, beta]);
    expect((await t.as('guest').get(`/v1/orgs/${t.org}/sites/${site}/integrations`)).status).toBe(404);

    // Uninstalling from the space takes it off the list.
    expect((await t.api.delete(`/v1/integrations/${alpha}/installations/${a.id}/spaces/${s1}`)).status).toBe(204);
    expect(await onSpace(s1)).toEqual([beta]);
  });

  it('answers the status of an integration\'s installation, and the installations on the organization, its spaces and sites with theirs', async () => {
    const t = await createTenant(server, { reader: 'read', guest: null });
    const other = await createTenant(server);
    const [alpha, beta, idle] = [await publish(t, 'alpha', 'private'), await publish(t, 'beta', 'private'), await publish(t, 'idle', 'private')];
    const foreign = await publish(other, 'foreign', 'private');
    const organizationId = t.org;
    const { s1, s2, site, a, b } = await installAlphaBeta(t, alpha, beta);

    const status = (name: string, api = t.client) => api.GET('/v1/orgs/{organizationId}/integrations/{integrationName}/installation_status', { params: { path: { organizationId, integrationName: name } } });
    expect((await status(alpha)).data).toEqual({ status: 'active' });
    expect((await status(beta, t.clientAs('reader'))).data).toEqual({ status: 'active' });
    expect((await status(idle)).response.status).toBe(404);
    expect((await status(foreign)).response.status).toBe(404);
    expect((await status(alpha, t.clientAs('guest'))).response.status).toBe(403);
    expect((await status(alpha, other.client)).response.status).toBe(404);

    type Item = { status: string; integration: { name: string }; target: Record<string, string> };
    const list = async (query: Record<string, string>, api = t.api) => {
      const r = await api.get(`/v1/orgs/${t.org}/integrations/installations-status?${new URLSearchParams(query)}`);
      return { status: r.status, body: r.body as { items: Item[]; count: number; next?: { page: string } } };
    };
    const pairs = (items: Item[]) => items.map((i) => [i.integration.name, i.status, i.target]);
    expect(pairs((await list({})).body.items)).toEqual([[alpha, 'active', { type: 'organization', organizationId }], [beta, 'active', { type: 'organization', organizationId }]]);
    const typed = await t.client.GET('/v1/orgs/{organizationId}/integrations/installations-status', { params: { path: { organizationId }, query: { limit: 1 } } });
    expect([typed.data!.count, typed.data!.items[0]!.integration.name, Boolean(typed.data!.next)]).toEqual([2, alpha, true]);
    const page2 = await t.client.GET('/v1/orgs/{organizationId}/integrations/installations-status', { params: { path: { organizationId }, query: { limit: 1, page: typed.data!.next!.page } } });
    expect([page2.data!.items[0]!.integration.name, page2.data!.next]).toEqual([beta, undefined]);
    // On spaces: the bindings (alpha on s1); for one space, every installation covering it (beta: on all spaces).
    expect(pairs((await list({ target: 'space' })).body.items)).toEqual([[alpha, 'active', { type: 'space', spaceId: s1 }]]);
    expect(pairs((await list({ target: 'space', space: s1 })).body.items)).toEqual([[alpha, 'active', { type: 'space', spaceId: s1 }], [beta, 'active', { type: 'space', spaceId: s1 }]]);
    expect(pairs((await list({ target: 'space', space: s2 })).body.items)).toEqual([[beta, 'active', { type: 'space', spaceId: s2 }]]);
    expect(pairs((await list({ target: 'site' })).body.items)).toEqual([[alpha, 'active', { type: 'site', siteId: site }]]);
    expect(pairs((await list({ target: 'site', site })).body.items)).toEqual([[alpha, 'active', { type: 'site', siteId: site }]]);
    // Uninstalled from the space: off the list.
    expect((await t.api.delete(`/v1/integrations/${alpha}/installations/${a.id}/spaces/${s1}`)).status).toBe(204);
    expect(pairs((await list({ target: 'space', space: s1 })).body.items)).toEqual([[beta, 'active', { type: 'space', spaceId: s1 }]]);

    // Who may ask: members with a role for the organization and one space or site they read; admins for all bindings.
    expect((await list({}, t.as('reader'))).body.count).toBe(2);
    expect((await list({ target: 'space', space: s2 }, t.as('reader'))).body.count).toBe(1);
    expect((await list({ target: 'space' }, t.as('reader'))).status).toBe(403);
    expect((await list({}, t.as('guest'))).status).toBe(403);
    expect((await list({}, other.api)).status).toBe(404);
    const otherSpace = (await other.api.post(`/v1/orgs/${other.org}/spaces`, { title: 'Theirs' })).body.id as string;
    expect((await list({ target: 'space', space: otherSpace })).status).toBe(404);
    expect((await list({ target: 'space', space: 'nope' })).status).toBe(404);
    const misplaced = await list({ space: s1 });
    expect([misplaced.status, JSON.stringify(misplaced.body)]).toEqual([400, expect.stringContaining('/query/space')]);
    expect((await list({ target: 'site', space: s1 })).status).toBe(400);
    expect((await list({ target: 'everything' })).status).toBe(400);
  });
});

describe('integration blocks of a space', () => {
  it('lists the blocks of the integrations covering the space, by name; integrations without blocks and uncovered spaces have none', async () => {
    const t = await createTenant(server, { reader: 'read' });
    const other = await createTenant(server);
    const script = 'export default { async fetch() { return new Response("OK"); } };';
    const publish = async (prefix: string, blocks?: unknown[]) => {
      const name = `${prefix}-${randomString(8).toLowerCase()}`;
      const r = await t.api.post(`/v1/integrations/${name}`, { organization: t.org, title: prefix, description: 'For tests', script, scopes: ['space:content:read'], visibility: 'private', ...(blocks ? { blocks } : {}) });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return name;
    };
    const embed = { id: 'embed', title: 'Embed', description: 'An embed', urlUnfurl: ['https://embed.example.com/*'] };
    const chart = { id: 'chart', title: 'Chart' };
    const [charts, embeds, plain] = [await publish('charts', [chart]), await publish('embeds', [embed]), await publish('plain')];
    const s1 = (await t.api.post(`/v1/orgs/${t.org}/spaces`, { title: 'One' })).body.id as string;
    const s2 = (await t.api.post(`/v1/orgs/${t.org}/spaces`, { title: 'Two' })).body.id as string;
    const install = async (name: string) => (await t.api.post(`/v1/integrations/${name}/installations`, { organization: t.org })).body.id as string;
    const [ic, ie, ip] = [await install(charts), await install(embeds), await install(plain)];
    expect((await t.api.post(`/v1/integrations/${embeds}/installations/${ie}/spaces`, { space: s1 })).status).toBe(201);
    expect((await t.api.post(`/v1/integrations/${plain}/installations/${ip}/spaces`, { space: s1 })).status).toBe(201);
    expect((await t.api.patch(`/v1/integrations/${charts}/installations/${ic}`, { space_selection: 'all' })).status).toBe(200);

    const blocks = async (spaceId: string, client = t.client) => client.GET('/v1/spaces/{spaceId}/integration-blocks', { params: { path: { spaceId } } });
    expect((await blocks(s1)).data).toEqual([{ name: charts, blocks: [chart] }, { name: embeds, blocks: [embed] }]);
    expect((await blocks(s2)).data).toEqual([{ name: charts, blocks: [chart] }]);
    expect((await blocks(s1, t.clientAs('reader'))).data!.map((i) => i.name)).toEqual([charts, embeds]);
    expect((await t.api.delete(`/v1/integrations/${embeds}/installations/${ie}/spaces/${s1}`)).status).toBe(204);
    expect((await blocks(s1)).data!.map((i) => i.name)).toEqual([charts]);
    expect((await blocks(s1, other.client)).response.status).toBe(404);
    expect((await blocks('nope')).response.status).toBe(404);
  });
});

describe('site search', () => {
  it('searches the spaces of the site\'s chosen site spaces, grouped by space, as the caller may read them', async () => {
    const t = await createTenant(server, { guest: null });
    const make = async (title: string, text: string) => {
      const id = (await t.api.post(`/v1/orgs/${t.org}/spaces`, { title })).body.id as string;
      const r = await t.api.post(`/v1/spaces/${id}/content/edits`, { edits: [{ op: 'createPage', page: { title: `${title} page`, markdown: `${text}\n` } }] });
      expect(r.status).toBe(200);
      return id;
    };
    const guide = await make('Guide', 'The zephyr wind blows through the guide.');
    const api = await make('Reference', 'Zephyr endpoints answer quickly.');
    const outside = await make('Outside', 'A zephyr outside of the site.');
    const siteId = (await t.api.post(`/v1/orgs/${t.org}/sites`, { title: 'Docs', spaces: [guide, api] })).body.id as string;
    const base = `/v1/orgs/${t.org}/sites/${siteId}`;
    const siteSpaces = (await t.api.get(`${base}/site-spaces`)).body.items as { id: string; space: { id: string } }[];
    const ss = Object.fromEntries(siteSpaces.map((x) => [x.space.id, x.id]));
    const search = async (body: object, api_ = t.api) => {
      const r = await api_.post(`${base}/search`, { query: 'zephyr', ...body });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return (r.body.items as { id: string; pages: { title: string }[] }[]).map((i) => i.id).sort();
    };
    const organizationId = t.org;
    const all = await t.client.POST('/v1/orgs/{organizationId}/sites/{siteId}/search', { params: { path: { organizationId, siteId } }, body: { query: 'zephyr' } });
    expect(all.data!.count).toBe(2);
    expect(all.data!.items.map((i) => i.id).sort()).toEqual([guide, api].sort());
    expect(all.data!.items.find((i) => i.id === api)!.pages[0]).toMatchObject({ title: 'Reference page' });
    expect(await search({ scope: { mode: 'all' } })).not.toContain(outside);
    expect(await search({ scope: { mode: 'specific', siteSpaceIds: [ss[api]] } })).toEqual([api]);
    expect(await search({ scope: { mode: 'default' } })).toEqual([guide]); // the default site space (the first)
    expect(await search({ scope: { mode: 'default', currentSiteSpace: ss[api] } })).toEqual([guide, api].sort());
    expect(await search({ scope: { mode: 'default', currentSiteSpace: ss[api], restrictTo: 'currentSiteSpace' } })).toEqual([api]);
    expect(await search({ scope: { mode: 'default', currentSiteSpace: ss[api], restrictTo: 'otherSiteSpaces' } })).toEqual([guide]);
    // GitBook's deprecated forms.
    expect(await search({ siteSpaceIds: [ss[api]] })).toEqual([api]);
    expect(await search({ mode: 'current', siteSpaceId: ss[api] })).toEqual([guide, api].sort());
    const bad = await t.api.post(`${base}/search`, { query: 'zephyr', scope: { mode: 'specific', siteSpaceIds: ['nope'] } });
    expect([bad.status, bad.body.error.message]).toEqual([400, expect.stringContaining('/body/scope/siteSpaceIds/0')]);
    expect((await t.api.post(`${base}/search`, {})).status).toBe(400);
    const paged = await t.api.post(`${base}/search?limit=1`, { query: 'zephyr' });
    const rest = await t.api.post(`${base}/search?limit=1&page=${paged.body.next.page}`, { query: 'zephyr' });
    expect([paged.body.items[0].id, rest.body.items[0].id].sort()).toEqual([guide, api].sort());

    // A guest granted the site reads it but not its private spaces, until the site is published and public;
    // a stranger searches a published public site, and gets 404 on an unpublished one.
    const guest = t.as('guest');
    const stranger = server.api((await createUser(server, 'Stranger')).token);
    expect((await guest.post(`${base}/search`, { query: 'zephyr' })).status).toBe(404);
    await t.api.patch(`${base}/permissions/users/${t.users.guest!.id}`, { role: 'read' });
    expect(await search({}, guest)).toEqual([]);
    expect((await stranger.post(`${base}/search`, { query: 'zephyr' })).status).toBe(404);
    await t.api.post(`${base}/publish`);
    expect(await search({}, guest)).toEqual([guide, api].sort());
    expect(await search({}, stranger)).toEqual([guide, api].sort());
  });
});

describe('site external links', () => {
  it('adds links at the root and in a group, among the sections, updates, moves and deletes them; drafts stay out of the structure', async () => {
    const t = await createTenant(server, { reader: 'read' });
    const space = (await t.api.post(`/v1/orgs/${t.org}/spaces`, { title: 'Guide' })).body.id as string;
    const siteId = (await t.api.post(`/v1/orgs/${t.org}/sites`, { title: 'Docs', spaces: [space] })).body.id as string;
    const base = `/v1/orgs/${t.org}/sites/${siteId}`;
    const organizationId = t.org;
    // A site without sections has no external links.
    const flat = await t.api.post(`${base}/external-links`, { title: 'Blog', url: 'https://blog.example.com' });
    expect([flat.status, flat.body.error.message]).toEqual([400, expect.stringContaining('no sections')]);

    const section = await t.api.post(`${base}/sections`, { spaceId: space, title: 'Guides' });
    expect(section.status, JSON.stringify(section.body)).toBe(201);
    const group = (await t.api.post(`${base}/section-groups`, { title: 'More' })).body;
    const added = await t.client.POST('/v1/orgs/{organizationId}/sites/{siteId}/external-links', { params: { path: { organizationId, siteId } }, body: { title: 'Blog', url: 'https://blog.example.com/', icon: 'rss' } });
    expect(added.response.status, JSON.stringify(added.error)).toBe(201);
    const blog = added.data!;
    expect(blog).toEqual({ object: 'site-external-link', id: blog.id, title: 'Blog', icon: 'rss', url: 'https://blog.example.com/', draft: false });
    expect(added.response.headers.get('location')).toBe(`${server.ctx.config.publicUrl}${base}/external-links/${blog.id}`);
    const status = await t.api.post(`${base}/external-links`, { title: 'Status', url: 'http://status.example.com', parent: group.id, description: 'Uptime', condition: 'visitor.claims.beta === true' });
    expect(status.body).toMatchObject({ sectionGroup: group.id, description: 'Uptime', condition: 'visitor.claims.beta === true' });
    const draft = (await t.api.post(`${base}/external-links`, { title: 'Soon', url: 'https://soon.example.com', draft: true })).body;

    // The structure: root sections, groups and live links in order; the group's children hold its link.
    const structure = async () => (await t.api.get(`${base}/structure`)).body;
    let st = await structure();
    expect(st.type).toBe('sections');
    const ids = (items: { id: string }[]) => items.map((i) => i.id);
    // The site spaces gathered into a default section, the new section, the group, the link.
    expect(st.structure.map((i: { object: string }) => i.object)).toEqual(['site-section', 'site-section', 'site-section-group', 'site-external-link']);
    expect(ids(st.structure).slice(1)).toEqual([section.body.id, group.id, blog.id]);
    expect(ids(st.structure)).not.toContain(draft.id);
    const inGroup = st.structure.find((i: { id: string }) => i.id === group.id);
    expect(ids(inGroup.children)).toEqual([status.body.id]);
    expect((await t.api.get(`${base}/published`)).body.structure.structure.at(-1).id).toBe(blog.id);

    // Update: fields, null removes, a draft goes live, a move to the root puts it last.
    const updated = await t.client.PATCH('/v1/orgs/{organizationId}/sites/{siteId}/external-links/{siteExternalLinkId}', { params: { path: { organizationId, siteId, siteExternalLinkId: status.body.id } }, body: { title: 'Status page', description: null, parent: null } });
    expect(updated.data).toEqual({ object: 'site-external-link', id: status.body.id, title: 'Status page', url: 'http://status.example.com', draft: false, condition: 'visitor.claims.beta === true' });
    expect((await t.api.patch(`${base}/external-links/${draft.id}`, { draft: false })).body.draft).toBe(false);
    st = await structure();
    expect(ids(st.structure).slice(-3)).toEqual([blog.id, draft.id, status.body.id]); // moved to the root: last
    expect(st.structure.find((i: { id: string }) => i.id === group.id).children).toEqual([]);
    const minimal = await fetch(`${server.url}${base}/external-links/${draft.id}`, { method: 'PATCH', headers: { authorization: `Bearer ${t.owner.token}`, 'content-type': 'application/json', prefer: 'return=minimal' }, body: JSON.stringify({ title: 'Later' }) });
    expect([minimal.status, minimal.headers.get('preference-applied')]).toEqual([204, 'return=minimal']);

    // Invalid input: not http(s), a section as parent, an unknown group, an unknown link.
    expect((await t.api.post(`${base}/external-links`, { title: 'X', url: 'ftp://files.example.com' })).status).toBe(400);
    const inSection = await t.api.post(`${base}/external-links`, { title: 'X', url: 'https://x.example.com', parent: st.structure[0].id });
    expect([inSection.status, inSection.body.error.message]).toEqual([400, expect.stringContaining('/body/parent')]);
    expect((await t.api.patch(`${base}/external-links/${blog.id}`, { parent: 'nope' })).status).toBe(400);
    expect((await t.api.patch(`${base}/external-links/nope`, { title: 'X' })).status).toBe(404);

    // A reader may not change them; deleting answers 205, then 204; a group deleted hands its links to its parent.
    expect((await t.as('reader').post(`${base}/external-links`, { title: 'X', url: 'https://x.example.com' })).status).toBe(403);
    expect((await t.as('reader').delete(`${base}/external-links/${blog.id}`)).status).toBe(403);
    expect((await t.client.DELETE('/v1/orgs/{organizationId}/sites/{siteId}/external-links/{siteExternalLinkId}', { params: { path: { organizationId, siteId, siteExternalLinkId: blog.id } } })).response.status).toBe(205);
    expect((await t.api.delete(`${base}/external-links/${blog.id}`)).status).toBe(204);
    await t.api.patch(`${base}/external-links/${draft.id}`, { parent: group.id });
    expect((await t.api.delete(`${base}/section-groups/${group.id}`)).status).toBe(204);
    st = await structure();
    expect(st.structure.find((i: { id: string }) => i.id === draft.id)).toMatchObject({ object: 'site-external-link' });
    expect(st.structure.find((i: { id: string }) => i.id === draft.id).sectionGroup).toBeUndefined();
  });

  it('shows the live links whose condition holds in the published site\'s section tabs, in the site\'s order', async () => {
    const t = await createTenant(server);
    const space = (await t.api.post(`/v1/orgs/${t.org}/spaces`, { title: 'Guide' })).body.id as string;
    await t.api.post(`/v1/spaces/${space}/content/edits`, { edits: [{ op: 'createPage', page: { title: 'Welcome', markdown: 'Hello.\n' } }] });
    const siteId = (await t.api.post(`/v1/orgs/${t.org}/sites`, { title: 'Docs', spaces: [space] })).body.id as string;
    const base = `/v1/orgs/${t.org}/sites/${siteId}`;
    await t.api.post(`${base}/sections`, { spaceId: space, title: 'Guides' });
    await t.api.post(`${base}/external-links`, { title: 'Blog', url: 'https://blog.example.com/' });
    await t.api.post(`${base}/external-links`, { title: 'Hidden draft', url: 'https://draft.example.com/', draft: true });
    await t.api.post(`${base}/external-links`, { title: 'Beta only', url: 'https://beta.example.com/', condition: 'visitor.claims.beta === true' });
    await t.api.post(`${base}/publish`);
    const page = async () => (await fetch(`${server.url}/sites/${siteId}/`)).text();
    let html = await page();
    const tabs = html.slice(html.indexOf('<nav class="sections"'), html.indexOf('</nav>', html.indexOf('<nav class="sections"')));
    expect(tabs).toContain('<a href="https://blog.example.com/" rel="noopener">Blog</a>');
    expect(tabs.indexOf('Guides')).toBeLessThan(tabs.indexOf('Blog'));
    expect(tabs).not.toContain('Hidden draft');
    expect(tabs).not.toContain('Beta only');
    // New tab with the site's externalLinks target; a change shows on the next request.
    const current = (await t.api.get(`${base}/customization`)).body;
    const custom = await t.api.put(`${base}/customization`, { ...current, externalLinks: { ...current.externalLinks, target: 'blank' } });
    expect(custom.status, JSON.stringify(custom.body)).toBe(200);
    await t.api.post(`${base}/external-links`, { title: 'Forum', url: 'https://forum.example.com/' });
    html = await page();
    expect(html.slice(html.indexOf('<nav class="sections"'))).toMatch(/<a href="https:\/\/forum\.example\.com\/"[^>]*>Forum<\/a>/);
    expect(html).toContain('<a href="https://forum.example.com/" target="_blank" rel="noopener noreferrer">Forum</a>');
  });
});

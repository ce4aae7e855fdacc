// The organization audit log (GitBook's listOrganizationAuditEventActions, listOrganizationAuditEvents,
// getOrganizationAuditEvent): each recorded change appears once with its actor and target, written with the change
// (a refused change writes none), newest first with cursors and GitBook's filters; only admins read it.
import { describe, expect, it } from 'vitest';
import { createTenant, createUser, useTestServer, type TestApi } from '../src/testing/index.js';

const server = useTestServer();

interface Ev { id: string; action: string; actor: { type: string; id: string; label?: string }; target: { type: string; id: string; label?: string }; source: string; occurredAt: string; urls: { location: string } }

async function events(api: TestApi, org: string, query = ''): Promise<Ev[]> {
  const r = await api.get(`/v1/orgs/${org}/audit-events?limit=1000${query}`);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.items as Ev[];
}

describe('audit log', () => {
  it('records members, teams and organization settings with actor and target, newest first; a refused change records nothing', async () => {
    const t = await createTenant(server, { ed: 'edit' });
    const { org, owner, api } = t;
    const ed = t.users.ed!;
    // The invite of `ed` by createTenant is the first event.
    let list = await events(api, org);
    expect(list.map((e) => [e.action, e.actor.id, e.target.type, e.target.id])).toEqual([['member.invited', owner.id, 'member', ed.id], ['organization.created', owner.id, 'organization', org]]);
    expect((await api.get(`/v1/orgs/${org}`)).body.auditLogs).toBe(true);
    expect(list[0]).toMatchObject({ object: 'audit-event', source: 'api', actor: { type: 'user', label: 'Owner' }, target: { label: 'ed' } });

    expect((await api.patch(`/v1/orgs/${org}/members/${ed.id}`, { role: 'admin' })).status).toBe(200);
    const team = await api.put(`/v1/orgs/${org}/teams`, { title: 'Writers', members: [ed.id] });
    expect(team.status).toBe(201);
    expect((await api.patch(`/v1/orgs/${org}/teams/${team.body.id}`, { title: 'Authors' })).status).toBe(200);
    expect((await api.delete(`/v1/orgs/${org}/teams/${team.body.id}/members/${ed.id}`)).status).toBe(204);
    // Removing again changes nothing and records nothing.
    expect((await api.delete(`/v1/orgs/${org}/teams/${team.body.id}/members/${ed.id}`)).status).toBe(204);
    expect((await api.patch(`/v1/orgs/${org}`, { title: 'Renamed org' })).status).toBe(200);
    expect((await api.delete(`/v1/orgs/${org}/teams/${team.body.id}`)).status).toBe(204);
    expect((await t.as('ed').patch(`/v1/orgs/${org}/members/${owner.id}`, { role: 'read' })).status).toBe(200);

    // Refused changes: the last admin cannot be demoted (409), an editor cannot rename the organization (403).
    expect((await t.as('ed').patch(`/v1/orgs/${org}/members/${owner.id}`, { role: 'read' })).status).toBe(200); // no change: no event
    expect((await t.as('ed').patch(`/v1/orgs/${org}/members/${ed.id}`, { role: 'edit' })).status).toBe(409);
    expect((await api.patch(`/v1/orgs/${org}`, { title: 'Not allowed' })).status).toBe(403);

    list = await events(t.as('ed'), org);
    expect(list.map((e) => [e.action, e.actor.id, e.target.id])).toEqual([
      ['member.role_changed', ed.id, owner.id],
      ['team.deleted', owner.id, team.body.id],
      ['organization.updated', owner.id, org],
      ['team.members_changed', owner.id, team.body.id],
      ['team.renamed', owner.id, team.body.id],
      ['team.created', owner.id, team.body.id],
      ['member.role_changed', owner.id, ed.id],
      ['member.invited', owner.id, ed.id],
      ['organization.created', owner.id, org],
    ]);
    for (let i = 1; i < list.length; i++) expect(list[i - 1]!.occurredAt >= list[i]!.occurredAt).toBe(true);

    const details = await t.as('ed').get(new URL(list[0]!.urls.location).pathname);
    expect(details.status).toBe(200);
    expect(details.body).toMatchObject({ object: 'audit-event', id: list[0]!.id, schemaVersion: 1, payload: { role: { before: 'admin', after: 'read' } } });
    const renamed = list.find((e) => e.action === 'team.renamed')!;
    expect((await api.get(`/v1/orgs/${org}/audit-events/${renamed.id}`)).status).toBe(403); // the owner is no longer admin
    expect((await t.as('ed').get(`/v1/orgs/${org}/audit-events/${renamed.id}`)).body.payload).toEqual({ title: { before: 'Writers', after: 'Authors' } });
  });

  it('records spaces, collections, permissions, sites, SAML providers and Git Sync with their targets', async () => {
    const t = await createTenant(server, { ed: 'edit' });
    const { org, api, owner } = t;
    const ed = t.users.ed!;
    const since = (await events(api, org)).length;
    const col = (await api.post(`/v1/orgs/${org}/collections`, { title: 'Guides' })).body;
    const col2 = (await api.post(`/v1/orgs/${org}/collections`, { title: 'Archive' })).body;
    const space = (await api.post(`/v1/orgs/${org}/spaces`, { title: 'Handbook' })).body;
    expect((await api.post(`/v1/spaces/${space.id}/move`, { parent: col.id })).status).toBe(200);
    expect((await api.patch(`/v1/spaces/${space.id}`, { visibility: 'public' })).status).toBe(200);
    expect((await api.patch(`/v1/spaces/${space.id}`, { title: 'Handbook 2' })).status).toBe(200); // not recorded
    expect((await api.post(`/v1/collections/${col2.id}/move`, { parent: col.id })).status).toBe(200);
    expect((await api.patch(`/v1/collections/${col.id}`, { defaultLevel: 'read' })).status).toBe(200);
    expect((await api.post(`/v1/spaces/${space.id}/permissions`, { role: 'read', users: [ed.id] })).status).toBe(204);
    expect((await api.post(`/v1/spaces/${space.id}/permissions`, { role: 'read', users: [ed.id] })).status).toBe(204); // same role: nothing
    expect((await api.patch(`/v1/spaces/${space.id}/permissions/users/${ed.id}`, { role: 'edit' })).status).toBe(204);
    expect((await api.delete(`/v1/spaces/${space.id}/permissions/users/${ed.id}`)).status).toBe(204);
    expect((await api.delete(`/v1/spaces/${space.id}/permissions/users/${ed.id}`)).status).toBe(204); // none left: nothing
    // Refused: an editor cannot grant on a space they do not administer.
    expect((await t.as('ed').post(`/v1/spaces/${space.id}/permissions`, { role: 'admin', users: [ed.id] })).status).toBe(403);
    const site = (await api.post(`/v1/orgs/${org}/sites`, { title: 'Docs', spaces: [space.id] })).body;
    expect((await api.post(`/v1/orgs/${org}/sites/${site.id}/publish`)).status).toBe(200);
    expect((await api.post(`/v1/orgs/${org}/sites/${site.id}/publish`)).status).toBe(200); // already published: nothing
    expect((await api.post(`/v1/orgs/${org}/sites/${site.id}/unpublish`)).status).toBe(200);
    expect((await api.delete(`/v1/orgs/${org}/sites/${site.id}`)).status).toBe(204);
    const saml = (await api.post(`/v1/orgs/${org}/saml`, { label: 'Okta' })).body;
    expect((await api.patch(`/v1/orgs/${org}/saml/${saml.id}`, { label: 'Okta 2' })).status).toBe(200);
    expect((await api.delete(`/v1/orgs/${org}/saml/${saml.id}`)).status).toBe(204);
    expect((await api.post(`/v1/spaces/${space.id}/git/import`, { url: 'https://user:secret@example.com/acme/docs.git', ref: 'refs/heads/main' })).status).toBe(204);
    expect((await api.delete(`/v1/spaces/${space.id}/git/legacy-installation`)).status).toBe(204);
    expect((await api.delete(`/v1/spaces/${space.id}/git/legacy-installation`)).status).toBe(204); // none left: nothing
    expect((await api.delete(`/v1/collections/${col.id}`)).status).toBe(204);
    expect((await api.post(`/v1/spaces/${space.id}/restore`)).status).toBe(200);

    const list = (await events(api, org)).slice(0, -since).reverse();
    expect(list.map((e) => [e.action, e.target.type, e.target.id])).toEqual([
      ['collection.created', 'collection', col.id],
      ['collection.created', 'collection', col2.id],
      ['space.created', 'space', space.id],
      ['space.moved', 'space', space.id],
      ['space.visibility_changed', 'space', space.id],
      ['collection.moved', 'collection', col2.id],
      ['collection.visibility_changed', 'collection', col.id],
      ['permission.granted', 'space', space.id],
      ['permission.changed', 'space', space.id],
      ['permission.removed', 'space', space.id],
      ['site.created', 'site', site.id],
      ['site.published', 'site', site.id],
      ['site.unpublished', 'site', site.id],
      ['site.deleted', 'site', site.id],
      ['saml_provider.created', 'saml-provider', saml.id],
      ['saml_provider.updated', 'saml-provider', saml.id],
      ['saml_provider.deleted', 'saml-provider', saml.id],
      ['git_sync.configured', 'space', space.id],
      ['git_sync.removed', 'space', space.id],
      ['collection.deleted', 'collection', col.id],
      ['space.restored', 'space', space.id],
    ]);
    expect(list.every((e) => e.actor.id === owner.id)).toBe(true);
    const get = async (action: string) => (await api.get(`/v1/orgs/${org}/audit-events/${list.find((e) => e.action === action)!.id}`)).body;
    expect((await get('permission.changed')).payload).toEqual({ principal: { type: 'user', id: ed.id }, role: 'edit' });
    expect((await get('space.visibility_changed')).payload).toEqual({ visibility: { before: 'private', after: 'public' } });
    expect((await get('space.moved')).payload).toEqual({ parent: { before: null, after: col.id } });
    const git = await get('git_sync.configured');
    expect(git.payload).toMatchObject({ url: 'https://example.com/acme/docs.git' });
    expect(JSON.stringify(git)).not.toContain('secret');
    expect((await get('collection.deleted')).payload).toEqual({ collections: expect.arrayContaining([col.id, col2.id]), spacesTrashed: [space.id] });
  });

  it('records transfers in both organizations', async () => {
    const a = await createTenant(server);
    const b = await server.api(a.owner.token).post('/v1/orgs', { title: 'Second org' });
    const space = (await a.api.post(`/v1/orgs/${a.org}/spaces`, { title: 'Moving' })).body;
    expect((await a.api.post(`/v1/spaces/${space.id}/transfer`, { organization: b.body.id })).status).toBe(200);
    for (const org of [a.org, b.body.id]) {
      const [e] = await events(a.api, org, '&action=space.transferred');
      expect(e).toMatchObject({ target: { type: 'space', id: space.id }, actor: { id: a.owner.id } });
    }
  });

  it('names an installation as the actor of what its token changes (source: integration)', async () => {
    const t = await createTenant(server);
    const { org, api } = t;
    const name = `audit-${Math.random().toString(36).slice(2, 10)}`;
    const published = await api.post(`/v1/integrations/${name}`, {
      organization: org, title: 'Audited app', description: 'An app', scopes: ['space:metadata:write'],
      script: 'export default { async fetch() { return new Response("OK"); } };',
    });
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    const inst = (await api.post(`/v1/integrations/${name}/installations`, { organization: org })).body;
    const space = (await api.post(`/v1/orgs/${org}/spaces`, { title: 'Covered' })).body;
    expect((await api.post(`/v1/integrations/${name}/installations/${inst.id}/spaces`, { space: space.id })).status).toBeLessThan(300);
    const bot = server.api((await api.post(`/v1/integrations/${name}/installations/${inst.id}/tokens`)).body.token);
    expect((await bot.patch(`/v1/spaces/${space.id}`, { visibility: 'unlisted' })).status).toBe(200);
    const [e] = await events(api, org, '&action=space.visibility_changed');
    expect(e).toMatchObject({ source: 'integration', actor: { type: 'installation', id: inst.id }, target: { type: 'space', id: space.id } });
    expect(await events(api, org, `&actor=${inst.id}`)).toHaveLength(1);
  });

  it('records invite links and members joining through one or through their email domain', async () => {
    const t = await createTenant(server);
    const { org, api } = t;
    const link = (await api.post(`/v1/orgs/${org}/link-invites`, { role: 'review' })).body;
    const joiner = await createUser(server, 'Joiner');
    expect((await server.api(joiner.token).post(`/v1/orgs/${org}/invites/${link.id}`)).status).toBe(200);
    expect((await server.api(joiner.token).post(`/v1/orgs/${org}/invites/${link.id}`)).status).toBe(200); // already a member: nothing
    expect((await api.delete(`/v1/orgs/${org}/link-invites/${link.id}`)).status).toBe(204);
    expect((await api.delete(`/v1/orgs/${org}/link-invites/${link.id}`)).status).toBe(204); // gone: nothing
    expect((await api.patch(`/v1/orgs/${org}`, { emailDomains: ['example.com'] })).status).toBe(200);
    const colleague = await createUser(server, 'Colleague');
    expect((await server.api(colleague.token).post(`/v1/orgs/${org}/join`)).status).toBeLessThan(300);
    const list = (await events(api, org)).reverse();
    expect(list.map((e) => [e.action, e.actor.id, e.target.type, e.target.id])).toEqual([
      ['organization.created', t.owner.id, 'organization', org],
      ['invite_link.created', t.owner.id, 'invite', link.id],
      ['member.joined', joiner.id, 'member', joiner.id],
      ['invite_link.deleted', t.owner.id, 'invite', link.id],
      ['organization.updated', t.owner.id, 'organization', org],
      ['member.joined', colleague.id, 'member', colleague.id],
    ]);
    const payloads = await Promise.all([list[2]!, list[5]!].map(async (e) => (await api.get(`/v1/orgs/${org}/audit-events/${e.id}`)).body.payload));
    expect(payloads).toEqual([{ role: 'review', via: 'invite-link', invite: link.id }, { role: expect.anything(), via: 'email-domain' }]);
  });

  it('writes no event when the change fails inside its transaction (a hostname another organization holds: 409)', async () => {
    const a = await createTenant(server);
    const b = await createTenant(server);
    const hostname = `audit-${Math.random().toString(36).slice(2, 10)}`;
    expect((await a.api.patch(`/v1/orgs/${a.org}`, { hostname })).status).toBe(200);
    const before = await events(b.api, b.org);
    expect((await b.api.patch(`/v1/orgs/${b.org}`, { hostname, title: 'Taken' })).status).toBe(409);
    expect(await events(b.api, b.org)).toEqual(before);
    expect((await events(a.api, a.org, '&action=organization.updated'))).toHaveLength(1);
  });

  it('pages with an opaque cursor and filters by action, actor, target and time', async () => {
    const t = await createTenant(server, { a: 'read', b: 'read', c: 'read' });
    const { org, api, owner } = t;
    const ids = [t.users.a!.id, t.users.b!.id, t.users.c!.id];
    for (const id of ids) expect((await api.patch(`/v1/orgs/${org}/members/${id}`, { role: 'edit' })).status).toBe(200);
    const all = await events(api, org);
    expect(all).toHaveLength(7);

    const seen: string[] = [];
    let page: string | undefined;
    let pages = 0;
    do {
      const r = await api.get(`/v1/orgs/${org}/audit-events?limit=4${page ? `&page=${page}` : ''}`);
      expect(r.status).toBe(200);
      expect(r.body.count).toBe(7);
      seen.push(...r.body.items.map((e: Ev) => e.id));
      page = r.body.next?.page;
      pages++;
    } while (page);
    expect(pages).toBe(2);
    expect(seen).toEqual(all.map((e) => e.id));
    expect((await api.get(`/v1/orgs/${org}/audit-events?page=nonsense`)).status).toBe(400);
    expect((await api.get(`/v1/orgs/${org}/audit-events?limit=1001`)).status).toBe(400);

    expect((await events(api, org, '&action=member.role_changed')).map((e) => e.target.id)).toEqual([...ids].reverse());
    expect((await events(api, org, `&target=${ids[1]}`)).map((e) => e.action)).toEqual(['member.role_changed', 'member.invited']);
    expect(await events(api, org, `&actor=${owner.id}`)).toHaveLength(7);
    expect(await events(api, org, '&actor=someone-else')).toHaveLength(0);
    const middle = all[2]!.occurredAt;
    expect((await events(api, org, `&to=${encodeURIComponent(middle)}`)).every((e) => e.occurredAt <= middle)).toBe(true);
    expect((await events(api, org, `&from=${encodeURIComponent(middle)}`)).every((e) => e.occurredAt >= middle)).toBe(true);
    expect(await events(api, org, `&from=${encodeURIComponent('2999-01-01T00:00:00Z')}`)).toHaveLength(0);
    expect((await api.get(`/v1/orgs/${org}/audit-events?from=yesterday`)).status).toBe(400);
  });

  it('is for admins only: 403 for members with a role, 404 for guests, strangers and other organizations', async () => {
    const t = await createTenant(server, { reader: 'read', guest: null });
    const other = await createTenant(server);
    const { org, api } = t;
    const [first] = await events(api, org);
    const actions = await api.get(`/v1/orgs/${org}/audit-event-actions`);
    expect(actions.status).toBe(200);
    expect(actions.body.items).toContainEqual({ object: 'audit-event-action', id: 'member.invited', label: 'Member invited' });
    for (const path of [`/v1/orgs/${org}/audit-events`, `/v1/orgs/${org}/audit-event-actions`, `/v1/orgs/${org}/audit-events/${first!.id}`]) {
      expect((await t.as('reader').get(path)).status).toBe(403);
      expect((await t.as('guest').get(path)).status).toBe(404);
      expect((await other.api.get(path)).status).toBe(404);
    }
    expect((await other.api.get(`/v1/orgs/${other.org}/audit-events/${first!.id}`)).status).toBe(404);
    expect((await server.api(server.adminToken).get(`/v1/orgs/${org}/audit-events`)).status).toBe(200);
    // An id with a NUL (which PostgreSQL cannot compare as text) is a bad request, not a 500 (found by the fuzzer).
    const nul = await api.get(`/v1/orgs/${org}/audit-events/%00`);
    expect(nul.status).toBe(400);
    expect(nul.body.error.message).toContain('auditEventId');
  });
});

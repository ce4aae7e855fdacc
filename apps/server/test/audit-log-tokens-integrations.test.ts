// The organization audit log for API tokens and integration installations (docs/audit-log.md): a user's token is
// recorded in each organization the user is a member of (an SSO- or installation-bound token in its organization
// only), never with its secret or hash; installing, changing the scope or configuration of, and uninstalling an
// integration (also from a space) are recorded in the installation's organization; refused and no-op changes
// record nothing.
import { describe, expect, it } from 'vitest';
import { createOrganization, createTenant, useTestServer, type TestApi } from '../src/testing/index.js';

const server = useTestServer();

interface Ev { id: string; action: string; actor: { type: string; id: string }; target: { type: string; id: string; label?: string } }

async function events(api: TestApi, org: string, query = ''): Promise<Ev[]> {
  const r = await api.get(`/v1/orgs/${org}/audit-events?limit=1000${query}`);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.items as Ev[];
}

async function payload(api: TestApi, org: string, id: string) {
  const r = await api.get(`/v1/orgs/${org}/audit-events/${id}`);
  expect(r.status).toBe(200);
  return r.body.payload as Record<string, unknown>;
}

const SCRIPT = `export default { async fetch() { return new Response('OK'); } };`;

describe('audit log: API tokens', () => {
  it('records a token created and revoked in every organization of its user, without its secret; not a no-op revoke', async () => {
    const t = await createTenant(server, { ed: 'edit' });
    const ed = t.users.ed!;
    const second = (await createOrganization(server, t.owner)).id as string;
    const edApi = t.as('ed');
    const made = await edApi.post(`/v1/users/${ed.id}/tokens`, { label: 'ci token' });
    expect(made.status).toBe(201);
    // Someone else's token cannot be made (403): nothing recorded.
    expect((await edApi.post(`/v1/users/${t.owner.id}/tokens`, { label: 'nope' })).status).toBe(403);
    const ownerToken = await t.api.post(`/v1/users/${t.owner.id}/tokens`, { label: 'owner ci' });
    expect(ownerToken.status).toBe(201);
    expect((await edApi.delete(`/v1/user/tokens/${made.body.id}`)).status).toBe(204);
    expect((await edApi.delete(`/v1/user/tokens/${made.body.id}`)).status).toBe(204); // gone already: nothing
    expect((await edApi.delete(`/v1/user/tokens/${ownerToken.body.id}`)).status).toBe(204); // not theirs: nothing

    const list = (await events(t.api, t.org, '&target=' + made.body.id));
    expect(list.map((e) => [e.action, e.actor.id, e.target.type, e.target.label])).toEqual([
      ['api_token.revoked', ed.id, 'api-token', 'ci token'],
      ['api_token.created', ed.id, 'api-token', 'ci token'],
    ]);
    const created = await t.api.get(`/v1/orgs/${t.org}/audit-events/${list[1]!.id}`);
    expect(created.body.payload).toEqual({ user: ed.id, expiresAt: null });
    const raw = JSON.stringify(created.body);
    expect(raw).not.toContain(made.body.token);
    const row = await server.ctx.db.selectFrom('api_tokens').select('token_hash').where('id', '=', ownerToken.body.id).executeTakeFirstOrThrow();
    for (const e of await events(t.api, t.org, '&action=api_token.created')) {
      expect(JSON.stringify(await payload(t.api, t.org, e.id))).not.toContain(row.token_hash);
    }
    // The owner's token: in both of the owner's organizations; ed's are not in the second (ed is no member there).
    expect((await events(t.api, second, '&target=' + ownerToken.body.id)).map((e) => e.action)).toEqual(['api_token.created']);
    expect((await events(t.api, t.org, '&target=' + ownerToken.body.id)).map((e) => e.action)).toEqual(['api_token.created']);
    expect(await events(t.api, second, '&target=' + made.body.id)).toEqual([]);
  });
});

describe('audit log: integration installations', () => {
  it('records installing, scope and configuration changes, space installations and uninstalling; not refused or no-op changes', async () => {
    const t = await createTenant(server, { ed: 'edit' });
    const name = `audit-${Math.random().toString(36).slice(2, 10)}`;
    const pub = await t.api.post(`/v1/integrations/${name}`, { organization: t.org, title: 'Audit App', description: 'x', script: SCRIPT, scopes: ['space:content:read'] });
    expect(pub.status, JSON.stringify(pub.body)).toBe(200);
    expect((await t.as('ed').post(`/v1/integrations/${name}/installations`, { organization: t.org })).status).toBe(403);
    const inst = await t.api.post(`/v1/integrations/${name}/installations`, { organization: t.org });
    expect(inst.status, JSON.stringify(inst.body)).toBe(201);
    const base = `/v1/integrations/${name}/installations/${inst.body.id}`;
    expect((await t.api.patch(base, { space_selection: 'all', configuration: { secretKey: 'hunter2' } })).status).toBe(200);
    expect((await t.api.patch(base, { space_selection: 'all' })).status).toBe(200); // no change: nothing
    expect((await t.api.patch(base, { externalIds: ['x-1'] })).status).toBe(200); // not recorded
    expect((await t.as('ed').patch(base, { site_selection: 'all' })).status).toBe(404); // not theirs to see
    const space = (await t.api.post(`/v1/orgs/${t.org}/spaces`, { title: 'Docs' })).body.id as string;
    expect((await t.api.post(`${base}/spaces`, { space })).status).toBe(201);
    expect((await t.api.post(`${base}/spaces`, { space })).status).toBe(409);
    expect((await t.api.patch(`${base}/spaces/${space}`, { configuration: { branch: 'main' } })).status).toBe(200);
    expect((await t.api.patch(`${base}/spaces/${space}`, { configuration: { branch: 'main' } })).status).toBe(200); // same: nothing
    const tok = await t.api.post(`${base}/tokens`);
    expect(tok.status).toBe(200);
    expect((await t.api.delete(`${base}/spaces/${space}`)).status).toBe(204);
    expect((await t.api.delete(`${base}/spaces/${space}`)).status).toBe(204); // gone: nothing
    expect((await t.as('ed').delete(base)).status).toBe(204); // not theirs to see: nothing happens
    expect((await t.api.delete(base)).status).toBe(204);
    expect((await t.api.delete(base)).status).toBe(204); // gone: nothing

    const list = (await events(t.api, t.org)).filter((e) => e.action.startsWith('integration.') || e.action.startsWith('api_token.'));
    expect(list.map((e) => [e.action, e.target.type, e.target.id])).toEqual([
      ['integration.uninstalled', 'installation', inst.body.id],
      ['integration.target_removed', 'space', space],
      ['api_token.created', 'api-token', expect.any(String)],
      ['integration.target_updated', 'space', space],
      ['integration.target_added', 'space', space],
      ['integration.installation_updated', 'installation', inst.body.id],
      ['integration.installed', 'installation', inst.body.id],
    ]);
    expect(list.every((e) => e.actor.id === t.owner.id)).toBe(true);
    expect(list[6]!.target.label).toBe(name);
    const updated = await payload(t.api, t.org, list[5]!.id);
    expect(updated).toEqual({ integration: name, spaceSelection: { before: 'selected', after: 'all' }, configuration: true });
    expect(await payload(t.api, t.org, list[2]!.id)).toMatchObject({ integration: name, installation: inst.body.id });
    const all = JSON.stringify(await Promise.all(list.map((e) => payload(t.api, t.org, e.id))));
    expect(all).not.toContain('hunter2');
    expect(all).not.toContain(tok.body.token);
  });

  it('records the uninstall in each organization when an integration is unpublished', async () => {
    const t = await createTenant(server);
    const other = await createTenant(server);
    const name = `audit-${Math.random().toString(36).slice(2, 10)}`;
    expect((await t.api.post(`/v1/integrations/${name}`, { organization: t.org, title: 'Audit App', description: 'x', script: SCRIPT, scopes: ['space:content:read'], visibility: 'public' })).status).toBe(200);
    const inst = await other.api.post(`/v1/integrations/${name}/installations`, { organization: other.org });
    expect(inst.status, JSON.stringify(inst.body)).toBe(201);
    expect((await t.api.delete(`/v1/integrations/${name}`)).status).toBe(204);
    const list = (await events(other.api, other.org)).filter((e) => e.action.startsWith('integration.'));
    expect(list.map((e) => [e.action, e.actor.id, e.target.id])).toEqual([
      ['integration.uninstalled', t.owner.id, inst.body.id],
      ['integration.installed', other.owner.id, inst.body.id],
    ]);
    expect(await payload(other.api, other.org, list[0]!.id)).toEqual({ integration: name, unpublished: true });
  });

  it('lists the new actions', async () => {
    const t = await createTenant(server);
    const ids = ((await t.api.get(`/v1/orgs/${t.org}/audit-event-actions`)).body.items as { id: string }[]).map((a) => a.id);
    for (const a of ['site.share_link_created', 'site.share_link_deleted', 'site.updated', 'site.visibility_changed', 'site.hostname_changed', 'site.customization_changed', 'site.visitor_auth_changed', 'api_token.created', 'api_token.revoked', 'integration.installed', 'integration.uninstalled', 'integration.installation_updated',
      'integration.target_added', 'integration.target_updated', 'integration.target_removed']) expect(ids).toContain(a);
  });
});

describe('audit log: site settings', () => {
  it('records title, visibility, hostname, customization and visitor-auth changes; not refused or no-op ones', async () => {
    const t = await createTenant(server, { reader: 'read' });
    const sites = `/v1/orgs/${t.org}/sites`;
    const made = await t.api.post(sites, { title: 'Docs site' });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const site = `${sites}/${made.body.id}`;
    const hostname = `docs-${Math.random().toString(36).slice(2, 10)}.example.com`;
    expect((await t.api.patch(site, { title: 'Handbook', visibility: 'unlisted' })).status).toBe(200);
    expect((await t.api.patch(site, { title: 'Handbook', visibility: 'unlisted' })).status).toBe(200); // same: nothing
    expect((await t.as('reader').patch(site, { visibility: 'public' })).status).toBe(403);
    expect((await t.api.patch(site, { hostname })).status).toBe(200);
    expect((await t.api.delete(`/v1/custom-hostnames/${hostname}`)).status).toBe(204);
    const current = (await t.api.get(`${site}/customization`)).body;
    expect((await t.api.put(`${site}/customization`, { ...current, title: 'Custom' })).status).toBe(200);
    const again = (await t.api.get(`${site}/customization`)).body;
    expect((await t.api.put(`${site}/customization`, again)).status).toBe(200); // same: nothing
    const auth = await t.api.put(`${site}/visitor-auth`, { rotateKey: true, fallbackURL: 'https://example.com/login' });
    expect(auth.status).toBe(200);
    expect((await t.api.put(`${site}/visitor-auth`, { fallbackURL: 'https://example.com/login' })).status).toBe(200); // same: nothing

    const list = (await events(t.api, t.org, '&target=' + made.body.id)).filter((e) => e.action !== 'site.created');
    expect(list.map((e) => e.action)).toEqual([
      'site.visitor_auth_changed', 'site.customization_changed', 'site.hostname_changed', 'site.hostname_changed', 'site.updated', 'site.visibility_changed',
    ]);
    expect(await payload(t.api, t.org, list[0]!.id)).toEqual({ keyRotated: true, fallbackURL: { before: null, after: 'https://example.com/login' } });
    expect(JSON.stringify(await payload(t.api, t.org, list[0]!.id))).not.toContain(auth.body.key);
    expect(await payload(t.api, t.org, list[2]!.id)).toEqual({ hostname: { before: hostname, after: null } });
    expect(await payload(t.api, t.org, list[3]!.id)).toEqual({ hostname: { before: null, after: hostname } });
    expect(await payload(t.api, t.org, list[4]!.id)).toEqual({ fields: ['title'], title: { before: 'Docs site', after: 'Handbook' } });
    expect(await payload(t.api, t.org, list[5]!.id)).toEqual({ visibility: { before: 'public', after: 'unlisted' } });
    expect(list[4]!.target.label).toBe('Handbook');
  });

  it('records share links created, turned off and on, and deleted, without their key; not a rename or a no-op', async () => {
    const t = await createTenant(server, { reader: 'read' });
    const made = await t.api.post(`/v1/orgs/${t.org}/sites`, { title: 'Private docs' });
    const site = `/v1/orgs/${t.org}/sites/${made.body.id}`;
    const link = await t.api.post(`${site}/share-links`, { name: 'Reviewers' });
    expect(link.status, JSON.stringify(link.body)).toBe(201);
    expect((await t.as('reader').post(`${site}/share-links`, { name: 'Nope' })).status).toBeGreaterThanOrEqual(403);
    const one = `${site}/share-links/${link.body.id}`;
    expect((await t.api.patch(one, { active: false })).status).toBe(200);
    expect((await t.api.patch(one, { active: false })).status).toBe(200); // same: nothing
    expect((await t.api.patch(one, { name: 'Auditors' })).status).toBe(200); // a rename: not recorded
    expect((await t.api.patch(one, { active: true })).status).toBe(200);
    expect((await t.api.delete(one)).status).toBe(205);
    expect((await t.api.delete(one)).status).toBeGreaterThanOrEqual(204); // gone: nothing
    const list = (await events(t.api, t.org, '&target=' + made.body.id)).filter((e) => e.action.startsWith('site.share_link'));
    expect(list.map((e) => e.action)).toEqual(['site.share_link_deleted', 'site.share_link_activated', 'site.share_link_deactivated', 'site.share_link_created']);
    expect(await payload(t.api, t.org, list[3]!.id)).toEqual({ shareLink: link.body.id, name: 'Reviewers' });
    expect(await payload(t.api, t.org, list[1]!.id)).toEqual({ shareLink: link.body.id, name: 'Auditors' });
    const all = JSON.stringify(await Promise.all(list.map((e) => payload(t.api, t.org, e.id))));
    const key = new URL(link.body.urls.published).searchParams.get('share')!;
    expect(key.length).toBeGreaterThan(10);
    expect(all).not.toContain(key);
  });
});

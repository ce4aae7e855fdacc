// Integrations (Part 2, "Integrations"): publish, install, events delivered to the script in the sandbox with
// their traces, development tunnels, installation tokens and their scopes, content-change notifications, the
// public endpoint and block renders, and hostile scripts.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { GitBookAPI } from '@gitbook/api';
import LZString from 'lz-string';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOB_TYPES, jobHandlers, runDueJobs } from '../src/jobs/index.js';
import { SCRIPT_SANDBOX } from '../src/routes/integrations.js';
import { randomString } from '../src/lib/ids.js';
import { createOrganization, createTenant, createUser, type Tenant, useTestServer } from '../src/testing/index.js';

// The SSRF guard as in production (no private addresses), with the development-mode allowance for loopback tunnels.
const server = useTestServer({ allowPrivateUrls: false, integrationDevLoopback: true, integrationTimeoutMs: 3_000, integrationMemoryMb: 32 });

const HANDLERS = {
  [JOB_TYPES.deliverIntegrationEvent]: jobHandlers[JOB_TYPES.deliverIntegrationEvent]!,
  [JOB_TYPES.notifyContentUpdated]: jobHandlers[JOB_TYPES.notifyContentUpdated]!,
};

/** Runs the integration jobs that are due until none is left (moving the clock past retry backoffs when asked). */
async function deliver(opts: { retries?: boolean } = {}) {
  for (let i = 0; i < 20; i++) {
    const r = await runDueJobs(server.ctx, { limit: 100, handlers: HANDLERS });
    if (r.claimed === 0) {
      if (!opts.retries) return;
      const left = await server.ctx.db.selectFrom('jobs').select('id').where('type', 'in', Object.keys(HANDLERS)).where('status', '=', 'queued').executeTakeFirst();
      if (!left) return;
      server.clock.advance(60 * 60_000);
    }
  }
}

/** An integration script in the shape GitBook's runtime builds (a module whose default export has `fetch`). */
const SCRIPT = `
export default {
  async fetch(request, env, ctx) {
    const form = await request.formData();
    const event = JSON.parse(form.get('event'));
    const environment = JSON.parse(form.get('environment'));
    console.log('event', event.type, 'v' + environment.integration.version, 'secret', environment.secrets.API_KEY === 'k-1' ? 'ok' : 'missing',
      'installation', environment.installation ? environment.installation.id : '-', new URL(request.url).pathname);
    if (event.type === 'space_content_updated') {
      const res = await fetch(environment.apiEndpoint + '/v1/spaces/' + event.spaceId + '/content', {
        headers: { authorization: 'Bearer ' + environment.apiTokens.installation },
      });
      const revision = await res.json();
      console.log('read the revision', res.status, revision.id === event.revisionId ? 'it matches' : 'it differs');
    }
    if (event.type === 'fetch') {
      const body = form.get('fetch-body');
      return new Response('<h1>' + event.request.method + ' ' + new URL(event.request.url).pathname.split('/public')[1] + ' ' + (body || '') + '</h1>', {
        status: 201, headers: [['content-type', 'text/html'], ['x-from-script', 'yes'], ['set-cookie', 'state=abc; Path=/; Domain=example.com; HttpOnly; SameSite=Lax'], ['Set-Cookie', 'gitbook-visitor-public={}']],
      });
    }
    if (event.type === 'task') console.log('task', JSON.stringify(event.task));
    if (event.type === 'ui_render') {
      return Response.json({ type: 'element', element: { type: 'block', children: [{ type: 'text', children: ['Hello ' + event.props.name] }] } });
    }
    return new Response('OK');
  },
};`;

function publishBody(org: string, extra: Record<string, unknown> = {}) {
  return {
    organization: org, title: 'Test App', description: 'An app for tests', script: SCRIPT, scopes: ['space:content:read'],
    secrets: { API_KEY: 'k-1' }, ...extra,
  };
}

const uniqueName = (prefix: string) => `${prefix}-${randomString(8).toLowerCase()}`;

async function publish(t: Tenant, extra: Record<string, unknown> = {}, name = uniqueName('app')) {
  const r = await t.api.post(`/v1/integrations/${name}`, publishBody(t.org, extra));
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return { name, integration: r.body };
}

async function install(t: Tenant, name: string) {
  const r = await t.api.post(`/v1/integrations/${name}/installations`, { organization: t.org });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body;
}

async function space(t: Tenant, title = 'Docs') {
  const r = await t.api.post(`/v1/orgs/${t.org}/spaces`, { title });
  expect(r.status).toBe(201);
  return r.body.id as string;
}

async function events(t: Tenant, name: string) {
  const r = await t.api.get(`/v1/integrations/${name}/events?limit=100`);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.items as any[];
}

async function trace(t: Tenant, name: string, eventId: string) {
  const r = await t.api.get(`/v1/integrations/${name}/events/${eventId}`);
  expect(r.status).toBe(200);
  return r.body as { event: any; trace: { logs: { message: string; level: string; timestamp: string }[] } };
}

describe('publishing (publishIntegration, getIntegrationByName, listIntegrations, unpublishIntegration)', () => {
  it('publishes with every field, answers new versions, never returns secrets or the script', async () => {
    const t = await createTenant(server, { editor: 'edit' });
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64').toString('base64');
    const name = uniqueName('full');
    const body = publishBody(t.org, {
      runtime: 'v1', icon: png, summary: '# Full\n\nEverything.', previewImages: [png], visibility: 'public', target: 'space',
      scopes: ['space:content:read', 'space:metadata:read'], categories: ['content', 'other'],
      blocks: [{ id: 'embed', title: 'Embed', description: 'An embed', urlUnfurl: ['https://embed.example.com/*'], markdown: { codeblock: 'embed', body: 'url' } }],
      contentSources: [{ id: 'src', title: 'Source', configuration: { componentId: 'configure' } }],
      externalLinks: [{ url: 'https://example.com/docs', label: 'Docs' }],
      configurations: { account: { properties: { token: { type: 'string', title: 'Token' } }, required: ['token'] } },
      contentSecurityPolicy: { 'script-src': "'self'", 'frame-src': 'https://embed.example.com' },
    });
    const r = await t.api.post(`/v1/integrations/${name}`, body);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({
      object: 'integration', name, version: 1, title: 'Test App', description: 'An app for tests', summary: '# Full\n\nEverything.',
      visibility: 'public', target: 'space', verified: false, scopes: ['space:content:read', 'space:metadata:read'], categories: ['content', 'other'],
      blocks: [{ id: 'embed' }], contentSources: [{ id: 'src' }], externalLinks: [{ url: 'https://example.com/docs', label: 'Docs' }],
      configurations: { account: { required: ['token'] } }, owner: { object: 'organization', id: t.org }, permissions: { admin: true },
      contentSecurityPolicy: { 'script-src': "'self'" },
    });
    expect(r.body.urls.icon).toMatch(/^data:image\/png;base64,/);
    expect(r.body.previewImages[0]).toMatch(/^data:image\/png;base64,/);
    expect(JSON.stringify(r.body)).not.toContain('k-1');
    expect(JSON.stringify(r.body)).not.toContain('export default');

    const again = await t.api.post(`/v1/integrations/${name}`, { ...body, title: 'Test App 2' });
    expect(again.body).toMatchObject({ version: 2, title: 'Test App 2' });
    const got = await t.as('editor').get(`/v1/integrations/${name}`);
    expect(got.body).toMatchObject({ name, version: 2, permissions: { admin: false } });
    // Secrets at rest are sealed: the stored value is not the secret.
    const row = await server.ctx.db.selectFrom('integrations').select(['secrets', 'signing_secret']).where('name', '=', name).executeTakeFirstOrThrow();
    expect(row.secrets).not.toContain('k-1');
    expect(row.secrets).toMatch(/^v1\./);
  });

  it('checks names, runtime, the organization (id or hostname) and who publishes', async () => {
    const t = await createTenant(server, { editor: 'edit' });
    const hostname = `h${randomString(10).toLowerCase()}`;
    expect((await t.api.patch(`/v1/orgs/${t.org}`, { hostname })).status).toBe(200);
    const byHost = await t.api.post(`/v1/integrations/${uniqueName('host')}`, publishBody(hostname));
    expect(byHost.status, JSON.stringify(byHost.body)).toBe(200);
    expect(byHost.body.owner.id).toBe(t.org);

    const unknown = await t.api.post(`/v1/integrations/${uniqueName('x')}`, publishBody('no-such-org-hostname'));
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.message).toMatch(/\/body\/organization/);
    expect((await t.api.post('/v1/integrations/bad name!', publishBody(t.org))).status).toBe(400);
    const v2 = await t.api.post(`/v1/integrations/${uniqueName('rt')}`, publishBody(t.org, { runtime: 'v2' }));
    expect(v2.status).toBe(400);
    expect(v2.body.error.message).toMatch(/runtime/);
    const noScript = await t.api.post(`/v1/integrations/${uniqueName('ns')}`, publishBody(t.org, { script: '  ' }));
    expect(noScript.status).toBe(400);
    expect((await t.as('editor').post(`/v1/integrations/${uniqueName('ed')}`, publishBody(t.org))).status).toBe(403);
    const bigIcon = await t.api.post(`/v1/integrations/${uniqueName('icon')}`, publishBody(t.org, { icon: Buffer.alloc(300 * 1024).toString('base64') }));
    expect(bigIcon.status).toBe(400);
    expect(bigIcon.body.error.message).toMatch(/\/body\/icon/);

    const { name } = await publish(t);
    const other = await createTenant(server);
    const taken = await other.api.post(`/v1/integrations/${name}`, publishBody(other.org));
    expect(taken.status).toBe(409);
  });

  it('lists with filters, shows private integrations only to their organization, unpublishes', async () => {
    const t = await createTenant(server);
    const tag = randomString(6).toLowerCase();
    const a = await publish(t, { visibility: 'public', categories: ['analytics'], scopes: ['space:content:read'], target: 'space',
      blocks: [{ id: 'b', title: 'Block', urlUnfurl: [`https://${tag}.example.com/*`] }] }, `lst-${tag}-a`);
    const b = await publish(t, { visibility: 'private', categories: ['content'], scopes: ['site:metadata:read'], target: 'site' }, `lst-${tag}-b`);
    const outsider = await createTenant(server);

    const names = async (api: typeof t.api, q: string) => {
      const r = await api.get(`/v1/integrations?search=lst-${tag}${q}`);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return (r.body.items as any[]).map((i) => i.name);
    };
    expect(await names(t.api, '')).toEqual([a.name, b.name]);
    expect(await names(outsider.api, '')).toEqual([a.name]);
    expect(await names(t.api, '&category=content')).toEqual([b.name]);
    expect(await names(t.api, `&scope=${encodeURIComponent('space:content:read')}`)).toEqual([a.name]);
    expect(await names(t.api, '&target=site')).toEqual([b.name]);
    expect(await names(t.api, '&blocks=true')).toEqual([a.name]);
    expect(await names(t.api, '&blocks=false')).toEqual([b.name]);
    expect(await names(t.api, '&contentSources=true')).toEqual([]);
    expect(await names(t.api, `&blockDomain=${tag}.example.com`)).toEqual([a.name]);
    expect(await names(t.api, `&owner=${outsider.org}`)).toEqual([]);
    const page1 = await t.api.get(`/v1/integrations?search=lst-${tag}&limit=1`);
    expect(page1.body).toMatchObject({ count: 2, items: [{ name: a.name }] });
    const page2 = await t.api.get(`/v1/integrations?search=lst-${tag}&limit=1&page=${page1.body.next.page}`);
    expect(page2.body.items.map((i: any) => i.name)).toEqual([b.name]);

    expect((await outsider.api.get(`/v1/integrations/${b.name}`)).status).toBe(404);
    expect((await outsider.api.delete(`/v1/integrations/${a.name}`)).status).toBe(403);
    expect((await t.api.delete(`/v1/integrations/${a.name}`)).status).toBe(204);
    expect((await t.api.get(`/v1/integrations/${a.name}`)).status).toBe(404);
    expect((await t.api.delete(`/v1/integrations/${a.name}`)).status).toBe(204);
  });
});

describe('installations, their events and the script', () => {
  it('publish → install → installation_setup delivered to the script in the sandbox → trace visible', async () => {
    const t = await createTenant(server, { editor: 'edit' });
    const { name } = await publish(t);
    const inst = await install(t, name);
    expect(inst).toMatchObject({ status: 'active', space_selection: 'selected', site_selection: 'selected', spaces: 0, configuration: {}, externalIds: [], target: { organization: t.org } });
    expect((await t.api.post(`/v1/integrations/${name}/installations`, { organization: t.org })).status).toBe(409);
    expect((await t.as('editor').post(`/v1/integrations/${name}/installations`, { organization: t.org })).status).toBe(403);

    let [event] = await events(t, name);
    expect(event).toMatchObject({ installationId: inst.id, status: 'pending', payload: { type: 'installation_setup', installationId: inst.id, status: 'active' } });
    expect(event.payload.eventId).toBe(event.id);
    await deliver();
    [event] = await events(t, name);
    expect(event.status).toBe('success');
    const { trace: tr } = await trace(t, name, event.id);
    const messages = tr.logs.map((l) => l.message);
    expect(messages).toContain(`event installation_setup v1 secret ok installation ${inst.id} /v1`);
    expect(messages.some((m) => /The script answered 200 in \d+ ms/.test(m))).toBe(true);
    expect(tr.logs.every((l) => ['debug', 'info', 'warn', 'error'].includes(l.level) && !Number.isNaN(Date.parse(l.timestamp)))).toBe(true);
    expect((await t.as('editor').get(`/v1/integrations/${name}/events`)).status).toBe(403);
    expect((await t.api.get(`/v1/integrations/${name}/events/nope`)).status).toBe(404);
  });

  it('updates installations (externalIds filter, configuration → installation_setup with previous), binds spaces with the expand flag, uninstalls', async () => {
    const t = await createTenant(server);
    const { name } = await publish(t);
    const inst = await install(t, name);
    const ext = `acct-${randomString(6)}`;
    const patched = await t.api.patch(`/v1/integrations/${name}/installations/${inst.id}`, { externalIds: [ext], configuration: { token: 'x' } });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    expect(patched.body).toMatchObject({ externalIds: [ext], configuration: { token: 'x' } });
    const filtered = await t.api.get(`/v1/integrations/${name}/installations?externalId=${ext}`);
    expect(filtered.body.items.map((i: any) => i.id)).toEqual([inst.id]);
    expect((await t.api.get(`/v1/integrations/${name}/installations?externalId=other`)).body.items).toEqual([]);
    const setup = (await events(t, name)).find((e) => e.payload.previous);
    expect(setup.payload).toMatchObject({ type: 'installation_setup', previous: { status: 'active', configuration: {} } });

    const s1 = await space(t, 'One');
    const bound = await t.api.post(`/v1/integrations/${name}/installations/${inst.id}/spaces`, { space: s1 });
    expect(bound.status, JSON.stringify(bound.body)).toBe(201);
    expect(bound.body).toMatchObject({ integration: name, installation: inst.id, status: 'active', space: s1, externalIds: [], configuration: {} });
    expect(bound.headers.get('location')).toBe(bound.body.urls.location);
    expect((await t.api.post(`/v1/integrations/${name}/installations/${inst.id}/spaces`, { space: s1 })).status).toBe(409);
    await t.api.patch(`/v1/integrations/${name}/installations/${inst.id}/spaces/${s1}`, { externalIds: ['repo-1'], configuration: { branch: 'main' } });
    const list = await t.api.get(`/v1/integrations/${name}/spaces?externalId=repo-1`);
    expect(list.body.items).toMatchObject([{ space: s1, externalIds: ['repo-1'], configuration: { branch: 'main' } }]);
    const extended = await t.api.get(`/v1/integrations/${name}/spaces?extended=true`);
    expect(extended.body.items[0].space).toMatchObject({ object: 'space', id: s1, title: 'One' });
    const one = await t.api.get(`/v1/integrations/${name}/installations/${inst.id}/spaces/${s1}?extended=true`);
    expect(one.body.space).toMatchObject({ object: 'space', id: s1 });
    expect((await t.api.get(`/v1/integrations/${name}/installations/${inst.id}/spaces`)).body.count).toBe(1);
    expect((await t.api.get(`/v1/integrations/${name}/installations/${inst.id}`)).body.spaces).toBe(1);
    // Sites: until the sites module lands there is no site to bind.
    expect((await t.api.post(`/v1/integrations/${name}/installations/${inst.id}/sites`, { siteId: 'nosuchsite' })).status).toBe(404);
    expect((await t.api.get(`/v1/integrations/${name}/sites`)).body).toEqual({ items: [], count: 0 });

    const other = await createTenant(server);
    const foreign = await space(other, 'Foreign');
    expect((await t.api.post(`/v1/integrations/${name}/installations/${inst.id}/spaces`, { space: foreign })).status).toBe(404);

    expect((await t.api.delete(`/v1/integrations/${name}/installations/${inst.id}/spaces/${s1}`)).status).toBe(204);
    expect((await t.api.delete(`/v1/integrations/${name}/installations/${inst.id}/spaces/${s1}`)).status).toBe(204);
    expect((await t.api.delete(`/v1/integrations/${name}/installations/${inst.id}`)).status).toBe(204);
    expect((await t.api.get(`/v1/integrations/${name}/installations/${inst.id}`)).status).toBe(404);
    const types = (await events(t, name)).map((e) => e.payload.type).sort();
    expect(types).toEqual(['installation_deleted', 'installation_setup', 'installation_setup', 'space_installation_deleted', 'space_installation_setup', 'space_installation_setup']);
    await deliver();
    expect((await events(t, name)).every((e) => e.status === 'success')).toBe(true);
  });

  it('notifies the installations covering a space when its content changes; the script reads it back with its token', async () => {
    const t = await createTenant(server);
    const { name } = await publish(t);
    const inst = await install(t, name);
    const s1 = await space(t, 'Covered');
    const s2 = await space(t, 'Not covered');
    await t.api.post(`/v1/integrations/${name}/installations/${inst.id}/spaces`, { space: s1 });
    await deliver();
    const page = await t.api.post(`/v1/spaces/${s1}/content/pages`, { title: 'Hello', markdown: 'World' });
    expect(page.status, JSON.stringify(page.body)).toBe(201);
    await t.api.post(`/v1/spaces/${s2}/content/pages`, { title: 'Elsewhere', markdown: 'x' });
    await deliver();
    const updates = (await events(t, name)).filter((e) => e.payload.type === 'space_content_updated');
    expect(updates).toHaveLength(1);
    const revision = (await t.api.get(`/v1/spaces/${s1}/content`)).body.id;
    expect(updates[0]).toMatchObject({ status: 'success', payload: { spaceId: s1, installationId: inst.id, revisionId: revision, updatedBy: [{ id: t.owner.id }] } });
    const { trace: tr } = await trace(t, name, updates[0].id);
    expect(tr.logs.map((l) => l.message)).toContain('read the revision 200 it matches');
  });

  it('a space transferred to another organization (alone, or in a collection) leaves the installations of the one it left', async () => {
    const t = await createTenant(server);
    const { name } = await publish(t);
    const inst = await install(t, name);
    const other = (await createOrganization(server, t.owner)).id as string;
    const alone = await space(t, 'Alone');
    const collection = (await t.api.post(`/v1/orgs/${t.org}/collections`, { title: 'Shelf' })).body.id as string;
    const inShelf = (await t.api.post(`/v1/orgs/${t.org}/spaces`, { title: 'Shelved', parent: collection })).body.id as string;
    const kept = await space(t, 'Kept');
    for (const s of [alone, inShelf, kept]) expect((await t.api.post(`/v1/integrations/${name}/installations/${inst.id}/spaces`, { space: s })).status).toBe(201);
    const bound = async () => ((await t.api.get(`/v1/integrations/${name}/installations/${inst.id}/spaces`)).body.items as { space: string }[]).map((b) => b.space).sort();
    expect(await bound()).toEqual([alone, inShelf, kept].sort());

    expect((await t.api.post(`/v1/spaces/${alone}/transfer`, { organization: other })).status).toBe(200);
    expect((await t.api.post(`/v1/collections/${collection}/transfer`, { organization: other })).status).toBe(200);
    expect(await bound()).toEqual([kept]);
    expect((await t.api.get(`/v1/integrations/${name}/installations/${inst.id}`)).body.spaces).toBe(1);
    const removed = (await events(t, name)).filter((e) => e.payload.type === 'space_installation_deleted').map((e) => e.payload.spaceId).sort();
    expect(removed).toEqual([alone, inShelf].sort());
    // Back in the organization, the space is not covered again without an admin binding it.
    expect((await t.api.post(`/v1/spaces/${alone}/transfer`, { organization: t.org })).status).toBe(200);
    const bot = server.api((await t.api.post(`/v1/integrations/${name}/installations/${inst.id}/tokens`)).body.token);
    expect((await bot.get(`/v1/spaces/${alone}/content`)).status).toBe(403);
    expect((await bot.get(`/v1/spaces/${kept}/content`)).status).toBe(200);
  });
});

describe('installation tokens and scopes', () => {
  it('acts only on the covered spaces with the declared scopes (403 outside), and stops with the installation', async () => {
    const t = await createTenant(server);
    const { name } = await publish(t, { scopes: ['space:content:read'] });
    const inst = await install(t, name);
    const covered = await space(t, 'Covered');
    const uncovered = await space(t, 'Uncovered');
    await t.api.post(`/v1/integrations/${name}/installations/${inst.id}/spaces`, { space: covered });
    const minted = await t.api.post(`/v1/integrations/${name}/installations/${inst.id}/tokens`);
    expect(minted.status, JSON.stringify(minted.body)).toBe(200);
    expect(minted.headers.get('cache-control')).toBe('no-store');
    const bot = server.api(minted.body.token);

    expect((await bot.get(`/v1/spaces/${covered}/content`)).status).toBe(200);
    expect((await bot.get(`/v1/spaces/${covered}/content/pages`)).status).toBe(200);
    const outside = await bot.get(`/v1/spaces/${uncovered}/content`);
    expect(outside.status).toBe(403);
    expect(outside.body.error.message).toMatch(/does not cover the space/);
    const write = await bot.post(`/v1/spaces/${covered}/content/pages`, { title: 'No', markdown: 'x' });
    expect(write.status).toBe(403);
    expect(write.body.error.message).toMatch(/space:content:write/);
    expect((await bot.patch(`/v1/spaces/${covered}`, { title: 'Renamed' })).status).toBe(403);
    expect((await bot.get(`/v1/orgs/${t.org}/members`)).status).toBe(403);
    expect((await bot.post(`/v1/spaces/${covered}/permissions`, { users: [t.owner.id], role: 'admin' })).status).toBe(403);
    expect((await bot.get(`/v1/orgs/${t.org}`)).status).toBe(200);
    expect((await bot.get(`/v1/integrations/${name}/installations/${inst.id}`)).status).toBe(200);
    const other = await createTenant(server);
    const foreign = await space(other, 'Foreign');
    expect((await bot.get(`/v1/spaces/${foreign}/content`)).status).toBe(404);
    expect((await bot.get(`/v1/orgs/${other.org}`)).status).toBe(404);

    // The installation's own token cannot widen what it covers (the admins chose the spaces); its configuration it may change.
    for (const widen of [{ space_selection: 'all' }, { site_selection: 'all' }, { configuration: { a: 1 }, space_selection: 'all' }]) {
      const r = await bot.patch(`/v1/integrations/${name}/installations/${inst.id}`, widen);
      expect([JSON.stringify(widen), r.status]).toEqual([JSON.stringify(widen), 403]);
      expect(r.body.error.message).toMatch(/admins of the organization/);
    }
    expect((await t.api.get(`/v1/integrations/${name}/installations/${inst.id}`)).body).toMatchObject({ space_selection: 'selected', site_selection: 'selected', configuration: {} });
    expect((await bot.get(`/v1/spaces/${uncovered}/content`)).status).toBe(403);
    expect((await bot.patch(`/v1/integrations/${name}/installations/${inst.id}`, { configuration: { a: 1 }, space_selection: 'selected' })).status).toBe(200);
    // space_selection "all" covers every space of the organization; a new version with more scopes opens writes.
    await t.api.patch(`/v1/integrations/${name}/installations/${inst.id}`, { space_selection: 'all' });
    expect((await bot.get(`/v1/spaces/${uncovered}/content`)).status).toBe(200);
    await t.api.post(`/v1/integrations/${name}`, publishBody(t.org, { scopes: ['space:content:read', 'space:content:write'] }));
    const created = await bot.post(`/v1/spaces/${covered}/content/pages`, { title: 'By the app', markdown: 'x' });
    expect(created.status, JSON.stringify(created.body)).toBe(201);

    // The official client's createInstallationClient, with an integration token.
    const integrationToken = (await server.ctx.db.selectFrom('integrations').select(['id', 'user_id']).where('name', '=', name).executeTakeFirstOrThrow());
    const { mintToken } = await import('../src/services/installations.js');
    const integ = await server.ctx.db.selectFrom('integrations').selectAll().where('id', '=', integrationToken.id).executeTakeFirstOrThrow();
    const { token: appToken } = await mintToken(server.ctx, integ, null);
    const app = new GitBookAPI({ endpoint: server.url, authToken: appToken }) as any;
    const client = await app.createInstallationClient(name, inst.id);
    const rev = await client.spaces.getCurrentRevision(covered);
    expect(rev.status).toBe(200);
    expect((await server.api(appToken).get(`/v1/spaces/${covered}/content`)).status).toBe(403);

    expect((await t.api.delete(`/v1/integrations/${name}/installations/${inst.id}`)).status).toBe(204);
    expect((await bot.get(`/v1/spaces/${covered}/content`)).status).toBe(401);
  });
});

describe('development mode', () => {
  let receiver: Server;
  let tunnelUrl: string;
  const received: { headers: IncomingMessage['headers']; body: string }[] = [];
  beforeAll(async () => {
    receiver = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        received.push({ headers: req.headers, body: Buffer.concat(chunks).toString() });
        res.writeHead(received.length === 1 ? 503 : 200).end('ok');
      });
    });
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
    tunnelUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/tunnel`;
  });
  afterAll(() => new Promise<void>((r) => receiver.close(() => r())));

  it('POSTs events to the tunnel on loopback (multipart event + environment), retrying with backoff; 205 turns it off', async () => {
    const t = await createTenant(server);
    const { name } = await publish(t);
    expect((await t.api.put(`/v1/integrations/${name}/dev`, { tunnelUrl: 'ftp://x' })).status).toBe(400);
    expect((await t.api.put(`/v1/integrations/nosuchapp-${randomString(5)}/dev`, { tunnelUrl })).status).toBe(404);
    expect((await t.api.put(`/v1/integrations/${name}/dev`, { tunnelUrl })).status).toBe(204);
    const inst = await install(t, name);
    await deliver({ retries: true });
    expect(received.length).toBe(2);
    const last = received[1]!;
    expect(last.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(last.body).toContain('name="event"');
    expect(last.body).toContain(`"installationId":"${inst.id}"`);
    expect(last.body).toContain('name="environment"');
    const [event] = await events(t, name);
    expect(event.status).toBe('success');
    const logs = (await trace(t, name, event.id)).trace.logs.map((l) => l.message);
    expect(logs).toContain(`Development mode: POST ${tunnelUrl}`);
    expect(logs).toContain('The development tunnel answered 503');
    expect(logs.some((m) => /Will try again in 1 s/.test(m))).toBe(true);
    expect(logs).toContain('Attempt 2 of 5: installation_setup');

    expect((await t.api.delete(`/v1/integrations/${name}/dev`)).status).toBe(205);
    await t.api.patch(`/v1/integrations/${name}/installations/${inst.id}`, { configuration: { a: 1 } });
    await deliver();
    expect(received.length).toBe(2);
    expect((await events(t, name))[0].status).toBe('success');
  });

  it('refuses private tunnel addresses other than loopback: at PUT (400 naming the field), and again at delivery', async () => {
    const t = await createTenant(server);
    const { name } = await publish(t);
    for (const tunnelUrl of ['http://169.254.169.254/latest', 'http://10.1.2.3:8080/', 'http://[::ffff:192.168.1.1]/', 'http://[fd00::1]/x']) {
      const r = await t.api.put(`/v1/integrations/${name}/dev`, { tunnelUrl });
      expect(r.status, tunnelUrl).toBe(400);
      expect(r.body.error.message).toContain('/body/tunnelUrl');
      expect(r.body.error.message).toMatch(/private or reserved/);
    }
    // Nothing was stored: events still go to the script.
    expect((await server.ctx.db.selectFrom('integrations').select('dev_tunnel_url').where('name', '=', name).executeTakeFirstOrThrow()).dev_tunnel_url).toBeNull();
    // Loopback is allowed by BINDERY_INTEGRATION_DEV_LOOPBACK (this server's configuration), by address and by name.
    expect((await t.api.put(`/v1/integrations/${name}/dev`, { tunnelUrl: 'http://localhost:9/x' })).status).toBe(204);
    // A name can resolve elsewhere later: delivery checks again (stored directly, as a name that changed would be).
    await server.ctx.db.updateTable('integrations').set({ dev_tunnel_url: 'http://169.254.169.254/latest' }).where('name', '=', name).execute();
    await install(t, name);
    await deliver();
    const [event] = await events(t, name);
    expect(event.status).toBe('failed');
    const logs = (await trace(t, name, event.id)).trace.logs;
    expect(logs.some((l) => l.level === 'error' && /refused/.test(l.message))).toBe(true);
  });
});

describe('uninstalled during a public-endpoint call', () => {
  it('answers 404 naming the uninstall, not 502; an answer that was complete is still served; later calls 404', async () => {
    const t = await createTenant(server);
    const { name } = await publish(t);
    let inst: any;
    let mode: 'fail' | 'answer' = 'fail';
    const receiver = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        // The tunnel is the script: while it handles the request, the admin uninstalls the integration.
        void t.api.delete(`/v1/integrations/${name}/installations/${inst.id}`).then((r) => {
          expect(r.status).toBeLessThan(300);
          if (mode === 'fail') res.destroy();
          else res.writeHead(200, { 'content-type': 'text/plain' }).end('done');
        });
      });
    });
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
    try {
      const tunnelUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/tunnel`;
      expect((await t.api.put(`/v1/integrations/${name}/dev`, { tunnelUrl })).status).toBe(204);
      inst = await install(t, name);
      const res = await fetch(`${server.url}/v1/integrations/${name}/installations/${inst.id}/public/x`);
      const body = await res.json() as any;
      expect(res.status, JSON.stringify(body)).toBe(404);
      expect(body.error.code).toBe(404);
      expect(body.error.message).toMatch(/uninstalled/);
      expect((await fetch(`${server.url}/v1/integrations/${name}/installations/${inst.id}/public/x`)).status).toBe(404);
      // The tunnel answered completely before the call ended: its answer is served.
      mode = 'answer';
      inst = await install(t, name);
      const done = await fetch(`${server.url}/v1/integrations/${name}/installations/${inst.id}/public/x`, { method: 'POST', body: 'x' });
      expect(done.status).toBe(200);
      expect(await done.text()).toBe('done');
    } finally {
      await new Promise<void>((r) => receiver.close(() => r()));
    }
  });
});

describe('fetch events and blocks', () => {
  it('serves the public endpoint through the script with the content security policy; renders blocks', async () => {
    const t = await createTenant(server, { reader: 'read' });
    const { name } = await publish(t, { contentSecurityPolicy: "default-src 'self'", blocks: [{ id: 'hello', title: 'Hello' }] });
    const inst = await install(t, name);
    const res = await fetch(`${server.url}/v1/integrations/${name}/installations/${inst.id}/public/hooks/github?x=1`, { method: 'POST', body: 'payload', headers: { 'content-type': 'text/plain' } });
    expect(res.status).toBe(201);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    expect(res.headers.get('x-from-script')).toBe('yes');
    // The integration's policy, and the sandbox that gives the page an opaque origin (it is served from Bindery's).
    expect(res.headers.get('content-security-policy')).toBe(`default-src 'self', ${SCRIPT_SANDBOX}`);
    expect(SCRIPT_SANDBOX).toMatch(/^sandbox /);
    expect(SCRIPT_SANDBOX).not.toContain('allow-same-origin');
    // Its cookies are its own: kept to the installation's public path, with no Domain, each one separately.
    const publicPath = `/v1/integrations/${name}/installations/${inst.id}/public`;
    expect(res.headers.getSetCookie()).toEqual([`state=abc; HttpOnly; SameSite=Lax; Path=${publicPath}`, `gitbook-visitor-public={}; Path=${publicPath}`]);
    expect(await res.text()).toBe('<h1>post /hooks/github payload</h1>');
    const get = await fetch(`${server.url}/v1/integrations/${name}/installations/${inst.id}/public`);
    expect(await get.text()).toBe('<h1>get  </h1>');
    expect((await fetch(`${server.url}/v1/integrations/${name}/installations/nope/public`)).status).toBe(404);
    const fetchEvent = (await events(t, name)).find((e) => e.payload.type === 'fetch' && e.payload.request.method === 'post');
    expect(fetchEvent).toMatchObject({ status: 'success', payload: { request: { url: expect.stringContaining('/public/hooks/github?x=1') } } });

    const s1 = await space(t);
    const noInstall = await t.api.post(`/v1/integrations/${name}/render`, { componentId: 'hello', props: { name: 'Ada' }, context: { type: 'document', spaceId: s1 } });
    expect(noInstall.status).toBe(404);
    await t.api.post(`/v1/integrations/${name}/installations/${inst.id}/spaces`, { space: s1 });
    const rendered = await t.as('reader').post(`/v1/integrations/${name}/render`, { componentId: 'hello', props: { name: 'Ada' }, context: { type: 'document', spaceId: s1 } });
    expect(rendered.status, JSON.stringify(rendered.body)).toBe(200);
    expect(rendered.body.element.children[0].children[0]).toBe('Hello Ada');
    expect(rendered.headers.get('content-security-policy')).toBe("default-src 'self'");
  });
});

describe('tasks (queueIntegrationTask) and GET renders (renderIntegrationUiWithGet)', () => {
  async function integrationToken(name: string) {
    const { mintToken } = await import('../src/services/installations.js');
    const integ = await server.ctx.db.selectFrom('integrations').selectAll().where('name', '=', name).executeTakeFirstOrThrow();
    return (await mintToken(server.ctx, integ, null)).token;
  }

  it('queues a task event for the integration, delivered now or after `schedule` seconds; only its own tokens queue', async () => {
    const t = await createTenant(server);
    const { name } = await publish(t, { visibility: 'private' });
    const inst = await install(t, name);
    const token = await integrationToken(name);
    const app = server.api(token);

    const queued = await app.post(`/v1/integrations/${name}/tasks`, { task: { kind: 'sync', page: 2 } });
    expect(queued.status, JSON.stringify(queued.body)).toBe(204);
    const task = (await events(t, name)).find((e) => e.payload.type === 'task');
    expect(task).toMatchObject({ status: 'pending', payload: { type: 'task', task: { kind: 'sync', page: 2 } } });
    expect(task.installationId).toBeUndefined();
    await deliver();
    const done = await trace(t, name, task.id);
    expect(done.event.status).toBe('success');
    expect(done.trace.logs.map((l) => l.message)).toContain('task {"kind":"sync","page":2}');

    // Scheduled: not delivered before its time, delivered after it.
    const later = await app.post(`/v1/integrations/${name}/tasks`, { task: { kind: 'later' }, schedule: 600 });
    expect(later.status).toBe(204);
    await deliver();
    const waiting = (await events(t, name)).find((e) => e.payload.type === 'task' && e.payload.task.kind === 'later');
    expect(waiting.status).toBe('pending');
    server.clock.advance(601_000);
    await deliver();
    expect((await trace(t, name, waiting.id)).event.status).toBe('success');

    // An installation token of the integration queues too; the official client's call works unchanged.
    const minted = await t.api.post(`/v1/integrations/${name}/installations/${inst.id}/tokens`);
    expect((await server.api(minted.body.token).post(`/v1/integrations/${name}/tasks`, { task: {} })).status).toBe(204);
    const client = new GitBookAPI({ endpoint: server.url, authToken: token }) as any;
    expect((await client.integrations.queueIntegrationTask(name, { task: { via: 'client' }, schedule: 0 })).status).toBe(204);
    expect((await events(t, name)).filter((e) => e.payload.type === 'task')).toHaveLength(4);

    // Users (even the owner) are 403; outsiders cannot see the private integration (404); another integration's
    // token is 403; a body without a task or with a schedule past a day is 400.
    const byOwner = await t.api.post(`/v1/integrations/${name}/tasks`, { task: {} });
    expect(byOwner.status).toBe(403);
    expect(byOwner.body.error.message).toMatch(/Only the integration/);
    const outsider = await createTenant(server);
    expect((await outsider.api.post(`/v1/integrations/${name}/tasks`, { task: {} })).status).toBe(404);
    const { name: otherName } = await publish(t);
    expect((await server.api(await integrationToken(otherName)).post(`/v1/integrations/${name}/tasks`, { task: {} })).status).toBe(403);
    const noTask = await app.post(`/v1/integrations/${name}/tasks`, { schedule: 1 });
    expect(noTask.status).toBe(400);
    expect(noTask.body.error.message).toMatch(/task/);
    expect((await app.post(`/v1/integrations/${name}/tasks`, { task: {}, schedule: 86_401 })).status).toBe(400);
    expect((await events(t, name)).filter((e) => e.payload.type === 'task')).toHaveLength(4);
  });

  it('renders with the request lz-string-compressed in the query, as the POST form; refuses what does not decode', async () => {
    const t = await createTenant(server, { reader: 'read' });
    const { name } = await publish(t, { contentSecurityPolicy: "default-src 'self'", blocks: [{ id: 'hello', title: 'Hello' }] });
    const inst = await install(t, name);
    const s1 = await space(t);
    const encode = (request: unknown) => encodeURIComponent(LZString.compressToEncodedURIComponent(JSON.stringify(request)));
    const request = { componentId: 'hello', props: { name: 'Grace' }, context: { type: 'document', spaceId: s1 } };
    expect((await t.api.get(`/v1/integrations/${name}/render?request=${encode(request)}`)).status).toBe(404);
    await t.api.post(`/v1/integrations/${name}/installations/${inst.id}/spaces`, { space: s1 });
    const rendered = await t.as('reader').get(`/v1/integrations/${name}/render?request=${encode(request)}`);
    expect(rendered.status, JSON.stringify(rendered.body)).toBe(200);
    expect(rendered.body.element.children[0].children[0]).toBe('Hello Grace');
    expect(rendered.headers.get('content-security-policy')).toBe("default-src 'self'");
    const renderEvent = (await events(t, name)).find((e) => e.payload.type === 'ui_render');
    expect(renderEvent).toMatchObject({ status: 'success', payload: { componentId: 'hello', props: { name: 'Grace' }, spaceId: s1 } });

    // The official client's GET form, unchanged.
    const client = new GitBookAPI({ endpoint: server.url, authToken: t.owner.token }) as any;
    const viaClient = await client.integrations.renderIntegrationUiWithGet(name, { request: LZString.compressToEncodedURIComponent(JSON.stringify(request)) });
    expect(viaClient.data.element.children[0].children[0]).toBe('Hello Grace');

    const notLz = await t.api.get(`/v1/integrations/${name}/render?request=${encodeURIComponent('{"componentId":"hello"}')}`);
    expect(notLz.status).toBe(400);
    expect(notLz.body.error.message).toMatch(/^\/query\/request /);
    const notJson = await t.api.get(`/v1/integrations/${name}/render?request=${encodeURIComponent(LZString.compressToEncodedURIComponent('not json'))}`);
    expect(notJson.status).toBe(400);
    expect(notJson.body.error.message).toMatch(/does not decompress to JSON/);
    const missing = await t.api.get(`/v1/integrations/${name}/render?request=${encode({ props: {}, context: { spaceId: s1 } })}`);
    expect(missing.status).toBe(400);
    expect(missing.body.error.message).toMatch(/^\/query\/request\/componentId /);
    const extra = await t.api.get(`/v1/integrations/${name}/render?request=${encode({ ...request, surprise: 1 })}`);
    expect(extra.status).toBe(400);
    expect(extra.body.error.message).toMatch(/^\/query\/request\/surprise /);
    const outsider = await createTenant(server);
    expect((await outsider.api.get(`/v1/integrations/${name}/render?request=${encode(request)}`)).status).toBe(404);
  });
});

describe('hostile scripts', () => {
  const hostile: Record<string, { script: string; expect: RegExp }> = {
    loop: { script: 'export default { async fetch() { for (;;) {} } };', expect: /ran longer than 3000 ms/ },
    memory: { script: 'export default { async fetch() { const a = []; for (;;) a.push(new Array(100000).fill(Math.random())); } };', expect: /ran out of memory \(limit 32 MB\)/ },
    throws: { script: "export default { async fetch() { throw new Error('kaboom'); } };", expect: /kaboom/ },
    host: {
      script: `export default { async fetch() {
        console.log('host objects', typeof process, typeof require, typeof Buffer, typeof globalThis.$fetch);
        const res = await fetch('http://127.0.0.1:1/etc/passwd');
        return new Response(String(res.status));
      } };`,
      expect: /fetch failed: refused by the SSRF guard/,
    },
    syntax: { script: 'export default {', expect: /does not compile/ },
    imports: { script: "import fs from 'node:fs'; export default { fetch() { return new Response(fs.readFileSync('/etc/passwd')); } };", expect: /must be bundled/ },
  };

  it('fail with a trace line; the server and other integrations are unaffected', async () => {
    const t = await createTenant(server);
    const good = await publish(t);
    const names: Record<string, string> = {};
    for (const [kind, h] of Object.entries(hostile)) names[kind] = (await publish(t, { script: h.script }, uniqueName(kind))).name;
    for (const name of Object.values(names)) await install(t, name);
    await install(t, good.name);
    await deliver({ retries: true });
    for (const [kind, h] of Object.entries(hostile)) {
      const [event] = await events(t, names[kind]!);
      expect(event.status, kind).toBe('failed');
      const logs = (await trace(t, names[kind]!, event.id)).trace.logs;
      expect(logs.some((l) => l.level === 'error' && h.expect.test(l.message)), `${kind}: ${JSON.stringify(logs)}`).toBe(true);
      if (kind === 'host') expect(logs.map((l) => l.message)).toContain('host objects undefined undefined undefined undefined');
    }
    // Limits are not retried (a loop loops again); a throw is (5 attempts), a refused fetch makes the script throw too.
    const loopEvent = (await events(t, names.loop!))[0];
    expect((await trace(t, names.loop!, loopEvent.id)).trace.logs.filter((l) => /^Attempt/.test(l.message))).toHaveLength(1);
    const [goodEvent] = await events(t, good.name);
    expect(goodEvent.status).toBe('success');
    expect((await t.api.get('/v1/user')).status).toBe(200);
  });

  it('answers 502 naming the problem when a script answers the public endpoint with an invalid status or header, or too many headers', async () => {
    const t = await createTenant(server);
    const cases: [string, string, RegExp][] = [
      ['status-1000', "const r = new Response('x'); r.status = 1000; return r;", /invalid status 1000/],
      ['status-error', 'return Response.error();', /invalid status 0/],
      ['status-text', "const r = new Response('x'); r.status = 'abc'; return r;", /invalid status "abc"/],
      ['header-value', "return new Response('x', { headers: { 'x-a': 'a\\r\\nset-cookie: evil=1' } });", /invalid value for the header "x-a"/],
      ['header-unicode', "const r = new Response('x'); r.headers.set('x-u', '\\u2028'); return r;", /invalid value for the header "x-u"/],
      ['header-name', "const r = new Response('x'); r.headers = { entries: () => [['bad name', 'v']] }; return r;", /invalid header name "bad name"/],
      ['headers-many', "const h = {}; for (let i = 0; i < 1000; i++) h['x-' + i] = 'v'; return new Response('x', { headers: h });", /more than 100 headers/],
    ];
    for (const [kind, body, message] of cases) {
      const { name } = await publish(t, { script: `export default { async fetch() { ${body} } };` }, uniqueName(kind));
      const inst = await install(t, name);
      const res = await fetch(`${server.url}/v1/integrations/${name}/installations/${inst.id}/public`);
      const json = (await res.json()) as { error: { code: number; message: string } };
      expect([kind, res.status, json.error.code]).toEqual([kind, 502, 502]);
      expect(json.error.message, kind).toMatch(message);
      expect(res.headers.get('set-cookie'), kind).toBeNull();
    }
  });

  it('an invocation that loops does not block the server meanwhile', async () => {
    const t = await createTenant(server);
    const { name } = await publish(t, { script: hostile.loop!.script });
    const inst = await install(t, name);
    let answered = false;
    const pending = fetch(`${server.url}/v1/integrations/${name}/installations/${inst.id}/public`).then((r) => {
      answered = true;
      return r;
    });
    await new Promise((r) => setTimeout(r, 200));
    // Ten reads answer while the looping invocation is still running (it is cut off after its 3 s budget).
    for (let i = 0; i < 10; i++) expect((await t.api.get('/v1/user')).status).toBe(200);
    expect(answered).toBe(false);
    const res = await pending;
    expect(res.status).toBe(502);
    expect(((await res.json()) as { error: { message: string } }).error.message).toMatch(/ran longer than/);
  });
});

describe('the official client', () => {
  it('publishes, installs and reads with @gitbook/api unchanged', async () => {
    const owner = await createUser(server, 'Client');
    const org = (await server.api(owner.token).post('/v1/orgs', { title: 'Client Org' })).body.id;
    const api = new GitBookAPI({ endpoint: server.url, authToken: owner.token }) as any;
    const name = uniqueName('client');
    const published = await api.integrations.publishIntegration(name, publishBody(org));
    expect(published.data).toMatchObject({ name, version: 1 });
    const installed = await api.integrations.installIntegration(name, { organization: org });
    expect(installed.status).toBe(201);
    const listed = await api.integrations.listIntegrationInstallations(name);
    expect(listed.data.items.map((i: any) => i.id)).toEqual([installed.data.id]);
    const evs = await api.integrations.listIntegrationEvents(name);
    expect(evs.data.items[0].payload.type).toBe('installation_setup');
    await api.integrations.setIntegrationDevelopmentMode(name, { tunnelUrl: 'https://tunnel.example.com' });
    await api.integrations.disableIntegrationDevelopmentMode(name);
    await api.integrations.unpublishIntegration(name);
    await expect(api.integrations.getIntegrationByName(name)).rejects.toMatchObject({ code: 404 });
  });
});

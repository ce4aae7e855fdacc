// Sites (Part 2): sites, sections, section groups, site spaces, adaptive schema, the published site profile, and the
// organization's default content. Each test runs in its own organization.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrganization, createTenant, startTestServer, type TestServer } from '../src/testing/index.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server?.close());

async function setup(roles: Record<string, string | null> = {}) {
  const t = await createTenant(server, roles);
  const space = async (title: string) => {
    const r = await t.api.post(`/v1/orgs/${t.org}/spaces`, { title });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    return r.body as { id: string; title: string };
  };
  const sites = `/v1/orgs/${t.org}/sites`;
  return { ...t, space, sites };
}

describe('sites', () => {
  it("a space transferred to another organization leaves the old organization's sites, also when it is added at the same moment", async () => {
    const t = await setup();
    const other = (await createOrganization(server, t.owner)).id as string;
    const kept = await t.space('Kept');
    const moved = await t.space('Moved');
    for (const sp of [kept, moved]) expect((await t.api.post(`/v1/spaces/${sp.id}/content/pages`, { title: 'Intro', markdown: `In ${sp.title}.` })).status).toBe(201);
    const site = (await t.api.post(t.sites, { title: 'Docs', spaces: [kept.id, moved.id] })).body;
    await t.api.post(`${t.sites}/${site.id}/publish`);
    const published = async (path: string) => (await fetch(`${server.url}/sites/${site.id}/${path}`)).status;
    const paths = (await t.api.get(`${t.sites}/${site.id}/site-spaces`)).body.items.map((ss: any) => ss.path);
    expect(await published(paths[1])).toBe(200);
    const r = await t.api.post(`/v1/spaces/${moved.id}/transfer`, { organization: other });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect((await t.api.get(`${t.sites}/${site.id}/site-spaces`)).body.items.map((ss: any) => ss.space.id)).toEqual([kept.id]);
    expect((await t.api.get(`${t.sites}?space=${moved.id}`)).body.items).toEqual([]);
    expect(await published(paths[1])).toBe(404);
    // Added and transferred at once, in either order: never published by a site of the organization it left.
    for (let round = 0; round < 6; round++) {
      const sp = await t.space(`Race ${round}`);
      const results = await Promise.all([
        t.api.post(`/v1/spaces/${sp.id}/transfer`, { organization: other }),
        t.api.post(`${t.sites}/${site.id}/site-spaces`, { spaceId: sp.id }),
        t.api.post(`${t.sites}/${site.id}/sections`, { spaceId: sp.id, title: `S${round}` }),
      ]);
      for (const x of results) expect(x.status, JSON.stringify(x.body)).toBeLessThan(500);
    }
    const mine = new Set((await t.api.get(`/v1/orgs/${t.org}/spaces?limit=100`)).body.items.map((x: any) => x.id));
    const listed = (await t.api.get(`${t.sites}/${site.id}/site-spaces?limit=100`)).body.items;
    for (const ss of listed) expect(mine.has(ss.space.id), ss.space.id).toBe(true);
  });

  it("the spaces of a collection transferred to another organization leave the old organization's sites", async () => {
    const t = await setup();
    const other = (await createOrganization(server, t.owner)).id as string;
    const kept = await t.space('Kept');
    const outer = (await t.api.post(`/v1/orgs/${t.org}/collections`, { title: 'Outer' })).body;
    const inner = (await t.api.post(`/v1/orgs/${t.org}/collections`, { title: 'Inner', parent: outer.id })).body;
    const spaceIn = async (title: string, parent: string) => {
      const r = await t.api.post(`/v1/orgs/${t.org}/spaces`, { title, parent });
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      expect((await t.api.post(`/v1/spaces/${r.body.id}/content/pages`, { title: 'Intro', markdown: `Only in ${title}: okapi.` })).status).toBe(201);
      return r.body as { id: string };
    };
    const a = await spaceIn('Moved A', outer.id);
    const b = await spaceIn('Moved B', inner.id);
    const site = (await t.api.post(t.sites, { title: 'Docs', spaces: [kept.id, a.id] })).body;
    const section = await t.api.post(`${t.sites}/${site.id}/sections`, { spaceId: b.id, title: 'Beta' });
    expect(section.status, JSON.stringify(section.body)).toBe(201);
    await t.api.post(`${t.sites}/${site.id}/publish`);
    const published = async (path: string) => fetch(`${server.url}/sites/${site.id}/${path}`);
    const paths = new Map<string, string>((await t.api.get(`${t.sites}/${site.id}/site-spaces`)).body.items.map((ss: any) => [ss.space.id, ss.path]));
    expect((await published(`${paths.get(a.id)}/`)).status).toBe(200);
    expect((await published('beta/')).status).toBe(200);

    const r = await t.api.post(`/v1/collections/${outer.id}/transfer`, { organization: other });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect((await t.api.get(`${t.sites}/${site.id}/site-spaces`)).body.items.map((ss: any) => ss.space.id)).toEqual([kept.id]);
    for (const sp of [a, b]) expect((await t.api.get(`${t.sites}?space=${sp.id}`)).body.items).toEqual([]);
    expect((await published(`${paths.get(a.id)}/`)).status).toBe(404);
    expect((await published('beta/')).status).toBe(404);
    const search = await published('~search?q=okapi');
    expect(await search.text()).not.toContain('okapi:');
    expect(await (await published('llms-full.txt')).text()).not.toContain('okapi');
  });

  it('creates with spaces, lists with filters, gets, updates every field, publishes, deletes', async () => {
    const t = await setup();
    const guide = await t.space('User Guide');
    const api = await t.space('API');
    const created = await t.api.post(t.sites, { title: 'Docs', visibility: 'unlisted', spaces: [guide.id, api.id] });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const site = created.body;
    expect(site).toMatchObject({ object: 'site', type: 'basic', title: 'Docs', visibility: 'unlisted', published: false, siteSpaces: 2, adaptiveContent: { enabled: false } });
    expect(site.urls.published).toBeUndefined();
    expect(created.headers.get('location')).toBe(site.urls.location);
    const other = (await t.api.post(t.sites, { title: 'Blog' })).body;
    expect(other).toMatchObject({ type: 'basic', visibility: 'public', siteSpaces: 0 });

    const ids = async (q = '') => (await t.api.get(`${t.sites}${q}`)).body.items.map((s: any) => s.id);
    expect(await ids()).toEqual([site.id, other.id]);
    expect(await ids(`?space=${api.id}`)).toEqual([site.id]);
    expect(await ids('?title=blo')).toEqual([other.id]);
    expect(await ids('?published=true')).toEqual([]);
    const paged = await t.api.get(`${t.sites}?limit=1`);
    expect(paged.body.count).toBe(2);
    expect((await t.api.get(`${t.sites}?limit=1&page=${paged.body.next.page}`)).body.items[0].id).toBe(other.id);

    const siteSpaces = (await t.api.get(`${t.sites}/${site.id}/site-spaces`)).body.items;
    expect(siteSpaces.map((s: any) => [s.path, s.default, s.space.id, s.title])).toEqual([['user-guide', true, guide.id, 'User Guide'], ['api', false, api.id, 'API']]);

    const patched = await t.api.patch(`${t.sites}/${site.id}`, {
      title: 'Product docs', visibility: 'share-link', basename: 'product', adaptiveContent: { enabled: true }, agentsContext: 'excluded',
      defaultSiteSpace: siteSpaces[1].id, proxy: 'example.com/docs',
    });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    expect(patched.body).toMatchObject({ title: 'Product docs', visibility: 'share-link', basename: 'product', adaptiveContent: { enabled: true }, agentsContext: 'excluded', proxy: { origin: 'example.com/docs' } });
    expect((await t.api.get(`${t.sites}/${site.id}/site-spaces?default=true`)).body.items.map((s: any) => s.id)).toEqual([siteSpaces[1].id]);
    expect((await t.api.patch(`${t.sites}/${site.id}`, { proxy: null })).body.proxy).toBeUndefined();
    expect((await t.api.patch(`${t.sites}/${site.id}`, { proxy: 'not a proxy' })).status).toBe(400);
    expect((await t.api.patch(`${t.sites}/${site.id}`, { defaultSiteSpace: 'nope' })).status).toBe(400);

    const published = await t.api.post(`${t.sites}/${site.id}/publish`);
    expect(published.status).toBe(200);
    expect(published.body.published).toBe(true);
    expect(published.body.urls.published).toBe(`${server.ctx.config.publicUrl}/sites/${site.id}/`);
    expect(await ids('?published=true')).toEqual([site.id]);

    expect((await t.api.delete(`${t.sites}/${other.id}`)).status).toBe(204);
    expect((await t.api.delete(`${t.sites}/${other.id}`)).status).toBe(204);
    expect((await t.api.get(`${t.sites}/${other.id}`)).status).toBe(404);
  });

  it('checks permissions: readers see, creators change, guests and other organizations get 404', async () => {
    const t = await setup({ reader: 'read', creator: 'create', guest: null });
    const outsider = await createTenant(server);
    const site = (await t.api.post(t.sites, { title: 'Docs' })).body;
    expect((await t.as('reader').get(`${t.sites}/${site.id}`)).body.permissions).toMatchObject({ view: true, edit: false });
    expect((await t.as('reader').patch(`${t.sites}/${site.id}`, { title: 'Renamed' })).status).toBe(403);
    const mine = await t.as('reader').post(t.sites, { title: 'Mine' });
    expect(mine.status, JSON.stringify(mine.body)).toBe(403);
    expect((await t.as('creator').patch(`${t.sites}/${site.id}`, { title: 'By creator' })).status).toBe(200);
    expect((await t.as('guest').get(`${t.sites}/${site.id}`)).status).toBe(404);
    expect((await outsider.api.get(`${t.sites}/${site.id}`)).status).toBe(404);
    expect((await outsider.api.get(t.sites)).status).toBe(404);
    // Another organization's space cannot be added.
    const foreign = (await outsider.api.post(`/v1/orgs/${outsider.org}/spaces`, { title: 'Theirs' })).body;
    const r = await t.api.post(`${t.sites}/${site.id}/site-spaces`, { spaceId: foreign.id });
    expect(r.status).toBe(400);
    expect(r.body.error.message).toContain('/body/spaceId');
  });

  it('applies the documentation template to an empty site (applyTemplateToSite): a new space published as its site space', async () => {
    const t = await setup({ reader: 'read', creator: 'create' });
    const outsider = await createTenant(server);
    const site = (await t.api.post(t.sites, { title: 'Acme Handbook' })).body;
    const spaceCount = async () => (await t.api.get(`/v1/orgs/${t.org}/spaces`)).body.count as number;
    expect(await spaceCount()).toBe(0);
    expect((await outsider.api.post(`${t.sites}/${site.id}/template`)).status).toBe(404);
    expect((await t.as('reader').post(`${t.sites}/${site.id}/template`)).status).toBe(403);
    // A site grant lets the reader change the site, but the space is new content of the organization: 403, nothing made.
    expect((await t.api.post(`${t.sites}/${site.id}/permissions`, { role: 'create', users: [t.users.reader!.id] })).status).toBe(204);
    const noSpaceRight = await t.as('reader').post(`${t.sites}/${site.id}/template`);
    expect(noSpaceRight.status, JSON.stringify(noSpaceRight.body)).toBe(403);
    expect(await spaceCount()).toBe(0);

    const applied = await t.as('creator').post(`${t.sites}/${site.id}/template`);
    expect(applied.status, JSON.stringify(applied.body)).toBe(200);
    const siteSpaces = (await t.api.get(`${t.sites}/${site.id}/site-spaces`)).body.items;
    expect(siteSpaces).toHaveLength(1);
    expect(applied.headers.get('location')).toBe(`${server.ctx.config.publicUrl}${t.sites}/${site.id}/site-spaces/${siteSpaces[0].id}`);
    expect(siteSpaces[0].space.title).toBe('Acme Handbook');
    const pages = (await t.api.get(`/v1/spaces/${siteSpaces[0].space.id}/content/pages`)).body.pages.map((p: any) => p.title);
    expect(pages.slice(0, 2)).toEqual(['Overview', 'Getting started']);
    await t.api.post(`${t.sites}/${site.id}/publish`);
    const home = await fetch(`${server.url}/sites/${site.id}/`);
    expect(home.status).toBe(200);
    expect(await home.text()).toContain('<h1>Overview</h1>');

    // Only an empty site: applied again, or to a site with a space, it is a 409 and no space is made.
    const again = await t.api.post(`${t.sites}/${site.id}/template`);
    expect(again.status).toBe(409);
    expect(again.body.error.message).toMatch(/not empty/);
    const other = (await t.api.post(t.sites, { title: 'Other', spaces: [siteSpaces[0].space.id] })).body;
    expect((await t.api.post(`${t.sites}/${other.id}/template`)).status).toBe(409);
    expect(await spaceCount()).toBe(1);
    expect((await t.api.post(`${t.sites}/nope/template`)).status).toBe(404);
  });

  it('site spaces: paths unique per container, condition set/unchanged/removed, move, delete', async () => {
    const t = await setup();
    const a = await t.space('Guide');
    const b = await t.space('Guide');
    const site = (await t.api.post(t.sites, { title: 'Docs', spaces: [a.id] })).body;
    const base = `${t.sites}/${site.id}/site-spaces`;
    const added = await t.api.post(base, { spaceId: b.id });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    expect(added.body).toMatchObject({ path: 'guide-2', default: false });
    expect((await t.api.patch(`${base}/${added.body.id}`, { path: 'guide' })).status).toBe(409);
    expect((await t.api.patch(`${base}/${added.body.id}`, { path: 'x'.repeat(101) })).status).toBe(400);
    expect((await t.api.patch(`${base}/${added.body.id}`, { condition: 'visitor.claims.beta === true' })).body.condition).toBe('visitor.claims.beta === true');
    expect((await t.api.patch(`${base}/${added.body.id}`, { path: 'beta' })).body).toMatchObject({ path: 'beta', condition: 'visitor.claims.beta === true' });
    expect((await t.api.patch(`${base}/${added.body.id}`, { condition: null })).body.condition).toBeUndefined();
    expect((await t.api.patch(`${base}/${added.body.id}`, { condition: 'x'.repeat(1025) })).status).toBe(400);
    const first = (await t.api.get(base)).body.items[0];
    const moved = await t.api.post(`${base}/${added.body.id}/move`, { position: { before: { type: 'site-space', siteSpace: first.id } } });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect((await t.api.get(base)).body.items.map((s: any) => s.id)).toEqual([added.body.id, first.id]);
    expect((await t.api.post(`${base}/${added.body.id}/move`, { position: { before: { type: 'site-space', siteSpace: 'nope' } } })).status).toBe(400);
    expect((await t.api.delete(`${base}/${added.body.id}`)).status).toBe(204);
    expect((await t.api.get(`${t.sites}/${site.id}`)).body.siteSpaces).toBe(1);
  });

  it('sections and section groups: the first section gathers the root site spaces; paths, defaults, conditions, move, groups', async () => {
    const t = await setup();
    const guide = await t.space('Guide');
    const api = await t.space('API');
    const site = (await t.api.post(t.sites, { title: 'Docs', spaces: [guide.id] })).body;
    const sections = `${t.sites}/${site.id}/sections`;
    const added = await t.api.post(sections, { spaceId: api.id, title: 'API reference', icon: 'code' });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    expect(added.body).toMatchObject({ object: 'site-section', title: 'API reference', path: 'api-reference', default: false, icon: 'code' });
    expect(added.body.siteSpaces.map((s: any) => s.space.id)).toEqual([api.id]);
    let list = (await t.api.get(sections)).body.items;
    expect(list.map((s: any) => [s.title, s.default, s.siteSpaces.length])).toEqual([['Docs', true, 1], ['API reference', false, 1]]);
    expect(list[0].siteSpaces[0].space.id).toBe(guide.id);

    const patched = await t.api.patch(`${sections}/${added.body.id}`, { title: 'API', path: 'api', description: 'Endpoints', condition: 'visitor.claims.dev === true' });
    expect(patched.body).toMatchObject({ title: 'API', path: 'api', description: 'Endpoints', condition: 'visitor.claims.dev === true' });
    expect((await t.api.patch(`${sections}/${added.body.id}`, { path: list[0].path })).status).toBe(409);
    expect((await t.api.patch(`${sections}/${added.body.id}`, { condition: null })).body.condition).toBeUndefined();
    expect((await t.api.patch(`${t.sites}/${site.id}`, { defaultSiteSection: added.body.id })).status).toBe(200);
    list = (await t.api.get(sections)).body.items;
    expect(list.map((s: any) => s.default)).toEqual([false, true]);
    expect((await t.api.post(`${sections}/${added.body.id}/move`, { position: { before: { type: 'site-section', siteSection: list[0].id } } })).status).toBe(200);
    expect((await t.api.get(sections)).body.items.map((s: any) => s.id)).toEqual([added.body.id, list[0].id]);
    expect((await t.api.post(`${sections}/nope/move`, { position: { before: { type: 'site-section', siteSection: list[0].id } } })).status).toBe(404);

    const groups = `${t.sites}/${site.id}/section-groups`;
    const group = await t.api.post(groups, { title: 'Developers', icon: 'terminal', sections: [added.body.id] });
    expect(group.status, JSON.stringify(group.body)).toBe(201);
    expect(group.body).toMatchObject({ object: 'site-section-group', title: 'Developers', icon: 'terminal' });
    expect(group.body.children.map((c: any) => c.id)).toEqual([added.body.id]);
    expect((await t.api.patch(`${groups}/${group.body.id}`, { title: 'Devs' })).body.title).toBe('Devs');
    expect((await t.api.post(`${groups}/${group.body.id}/sections`, { sectionId: list[0].id })).status).toBe(201);
    expect((await t.api.get(groups)).body.items[0].children).toHaveLength(2);
    expect((await t.api.delete(`${groups}/${group.body.id}/sections/${list[0].id}`)).status).toBe(204);
    expect((await t.api.delete(`${groups}/${group.body.id}/sections/${list[0].id}`)).status).toBe(204);
    expect((await t.api.post(groups, { title: '' })).status).toBe(400);

    const profile = (await t.api.get(`${t.sites}/${site.id}/published`)).body;
    expect(profile.object).toBe('published-content-site');
    expect(profile.structure.type).toBe('sections');
    expect(profile.structure.structure.map((x: any) => x.object)).toEqual(['site-section', 'site-section-group']);
    expect(profile.customizations.site.title).toBe('Docs');

    expect((await t.api.delete(`${groups}/${group.body.id}`)).status).toBe(204);
    expect((await t.api.get(sections)).body.items.find((s: any) => s.id === added.body.id).sectionGroup).toBeUndefined();
    expect((await t.api.delete(`${sections}/${added.body.id}`)).status).toBe(204);
    expect((await t.api.get(`${t.sites}/${site.id}`)).body.siteSpaces).toBe(1);
  });

  it('adaptive schema: 404 before one is set, draft-07 validated, template conditions from its claims', async () => {
    const t = await setup();
    const site = (await t.api.post(t.sites, { title: 'Docs' })).body;
    const path = `${t.sites}/${site.id}/adaptive-schema`;
    expect((await t.api.get(path)).status).toBe(404);
    const jsonSchema = {
      type: 'object',
      properties: { beta: { type: 'boolean' }, unsigned: { type: 'object', properties: { plan: { type: 'boolean' } }, additionalProperties: false } },
      additionalProperties: false,
    };
    const put = await t.api.put(path, { jsonSchema });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body).toMatchObject({ object: 'site-adaptive-schema', jsonSchema });
    expect((await t.api.get(path)).body.jsonSchema).toEqual(jsonSchema);
    const conditions = (await t.api.get(`${path}/template-conditions`)).body.items.map((i: any) => i.condition);
    expect(conditions).toEqual(['visitor.claims.beta === true', 'visitor.claims.unsigned.plan === true']);
    const bad = await t.api.put(path, { jsonSchema: { type: 'object', properties: { x: { type: 'nonsense' } } } });
    expect(bad.status).toBe(400);
  });

  it('the published profile opens to outsiders only when published and public, unlisted, or shared with its key', async () => {
    const t = await setup();
    const outsider = await createTenant(server);
    const guide = await t.space('Guide');
    const site = (await t.api.post(t.sites, { title: 'Docs', visibility: 'share-link', spaces: [guide.id] })).body;
    const path = `${t.sites}/${site.id}/published`;
    const own = await t.api.get(path);
    expect(own.status).toBe(200);
    expect(own.body.structure).toMatchObject({ type: 'siteSpaces' });
    expect((await outsider.api.get(path)).status).toBe(404);
    await t.api.post(`${t.sites}/${site.id}/publish`);
    expect((await outsider.api.get(path)).status).toBe(404);
    const key = (await server.ctx.db.selectFrom('sites').select('share_key').where('id', '=', site.id).executeTakeFirstOrThrow()).share_key;
    expect((await outsider.api.get(`${path}?shareKey=${key}`)).status).toBe(200);
    expect((await outsider.api.get(`${path}?shareKey=wrong`)).status).toBe(404);
    await t.api.patch(`${t.sites}/${site.id}`, { visibility: 'public' });
    expect((await outsider.api.get(path)).status).toBe(200);
  });
});

describe('Part 2, Published site profile: customizations of the site and of its site spaces', () => {
  it('defaults titled after the site; PUT replaces it; site-space overrides merge per section, show in the profile, and are removed', async () => {
    const t = await setup({ reader: 'read' });
    const outsider = await createTenant(server);
    const guide = await t.space('Guide');
    const api = await t.space('API');
    const site = (await t.api.post(t.sites, { title: 'Docs', spaces: [guide.id, api.id] })).body;
    const path = `${t.sites}/${site.id}/customization`;
    const initial = await t.api.get(path);
    expect(initial.status).toBe(200);
    expect(initial.body).toMatchObject({ title: 'Docs', styling: { theme: 'clean' }, pagination: { enabled: true } });

    const custom = {
      ...initial.body, title: 'Acme Docs',
      styling: { theme: 'clean', primaryColor: { light: '#ff0000', dark: '#aa0000' } },
      announcement: { enabled: true, message: 'New release', style: 'info' },
      footer: { groups: [], copyright: '© Acme' },
    };
    const put = await t.api.put(path, custom);
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body).toMatchObject({ title: 'Acme Docs', styling: { primaryColor: { light: '#ff0000' } }, footer: { copyright: '© Acme' } });
    expect((await t.as('reader').get(path)).body.title).toBe('Acme Docs');
    // Permissions and bad input: readers cannot change it, other organizations do not see it, the shape is checked.
    expect((await t.as('reader').put(path, custom)).status).toBe(403);
    expect((await outsider.api.get(path)).status).toBe(404);
    const bad = await t.api.put(path, { ...custom, styling: { theme: 'clean' } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toContain('primaryColor');
    expect((await t.api.get(path)).body.styling.primaryColor.light).toBe('#ff0000');

    const [ssGuide, ssApi] = (await t.api.get(`${t.sites}/${site.id}/site-spaces`)).body.items;
    const ssPath = `${t.sites}/${site.id}/site-spaces/${ssApi.id}/customization`;
    expect((await t.api.get(ssPath)).body).toEqual(put.body);
    const o1 = await t.api.patch(ssPath, { styling: { theme: 'clean', primaryColor: { light: '#00ff00', dark: '#00aa00' } } });
    expect(o1.status, JSON.stringify(o1.body)).toBe(200);
    const o2 = await t.api.patch(ssPath, { title: 'API reference' });
    expect(o2.body).toMatchObject({ title: 'API reference', styling: { primaryColor: { light: '#00ff00' } }, footer: { copyright: '© Acme' } });
    expect((await t.api.patch(ssPath, { unknown: true })).status).toBe(400);
    expect((await t.as('reader').patch(ssPath, { title: 'x' })).status).toBe(403);
    expect((await t.api.get(`${t.sites}/${site.id}/site-spaces/nope/customization`)).status).toBe(404);

    const profile = (await t.api.get(`${t.sites}/${site.id}/published`)).body;
    expect(profile.customizations.site.title).toBe('Acme Docs');
    expect(Object.keys(profile.customizations.siteSpaces)).toEqual([ssApi.id]);
    expect(profile.customizations.siteSpaces[ssApi.id].title).toBe('API reference');
    expect((await t.api.get(`${t.sites}/${site.id}/site-spaces/${ssGuide.id}/customization`)).body.title).toBe('Acme Docs');

    expect((await t.api.delete(ssPath)).status).toBe(204);
    expect((await t.api.get(ssPath)).body).toEqual(put.body);
    expect((await t.api.get(`${t.sites}/${site.id}/published`)).body.customizations.siteSpaces).toEqual({});
  });
});

describe('Part 2, Organization: defaultContent names a site that exists', () => {
  it('is refused for an unknown site, accepted for a site of the organization, and cleared when the site is deleted', async () => {
    const t = await setup();
    const site = (await t.api.post(t.sites, { title: 'Docs' })).body;
    const unknown = await t.api.patch(`/v1/orgs/${t.org}`, { defaultContent: { type: 'site', site: 'nosuchsite' } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.message).toContain('/body/defaultContent/site');
    const outsider = await createTenant(server);
    const theirs = (await outsider.api.post(`/v1/orgs/${outsider.org}/sites`, { title: 'Theirs' })).body;
    expect((await t.api.patch(`/v1/orgs/${t.org}`, { defaultContent: { type: 'site', site: theirs.id } })).status).toBe(400);
    expect((await t.api.patch(`/v1/orgs/${t.org}`, { defaultContent: { type: 'site', site: site.id } })).body.defaultContent).toEqual({ type: 'site', site: site.id });
    expect((await t.api.delete(`${t.sites}/${site.id}`)).status).toBe(204);
    expect((await t.api.get(`/v1/orgs/${t.org}`)).body.defaultContent ?? null).toBeNull();
  });
});

// Share links and redirects of a site (issue 11): GitBook's `…/sites/{siteId}/share-links`, `…/redirects` and
// `…/redirect`, and what the published site does with them — any active link's key opens a share-link site, a
// revoked one stops at once; a path no page answers follows the site's live redirects; `/urls/published` resolves
// a URL of a published site as the site does.
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { createTenant, createUser, getWithHost, useTestServer } from '../src/testing/index.js';

const server = useTestServer();

const get = async (path: string, headers: Record<string, string> = {}) => {
  const r = await fetch(`${server.url}${path}`, { headers, redirect: 'manual' });
  return { status: r.status, text: await r.text(), headers: r.headers };
};

/** A published site of one space (pages Introduction, Setup), with a viewer (read role) in its organization. */
async function publishedSite(visibility: 'public' | 'share-link') {
  const t = await createTenant(server, { viewer: 'read', editor: 'create' });
  const space = (await t.api.post(`/v1/orgs/${t.org}/spaces`, { title: 'Guide' })).body;
  const edits = await t.api.post(`/v1/spaces/${space.id}/content/edits`, { edits: [
    { op: 'createPage', page: { id: 'page-intro', title: 'Introduction', markdown: 'Welcome.\n' } },
    { op: 'createPage', page: { id: 'page-setup', title: 'Setup', markdown: 'Install it.\n' } },
  ] });
  expect(edits.status, JSON.stringify(edits.body)).toBe(200);
  const site = (await t.api.post(`/v1/orgs/${t.org}/sites`, { title: 'Docs', visibility, spaces: [space.id] })).body;
  expect((await t.api.post(`/v1/orgs/${t.org}/sites/${site.id}/publish`)).status).toBe(200);
  const siteSpace = (await t.api.get(`/v1/orgs/${t.org}/sites/${site.id}/site-spaces`)).body.items[0];
  return { t, space, site, siteSpace, base: `/sites/${site.id}`, api: `/v1/orgs/${t.org}/sites/${site.id}` };
}

describe('site share links', () => {
  it('lists, creates, renames, deactivates and deletes links; any active key opens the site, a revoked one at once', async () => {
    const { t, site, base, api } = await publishedSite('share-link');
    const path = { organizationId: t.org, siteId: site.id };
    // The key the site was created with is its first link.
    const first = await t.client.GET('/v1/orgs/{organizationId}/sites/{siteId}/share-links', { params: { path } });
    expect(first.response.status).toBe(200);
    expect(first.data!.count).toBe(1);
    const legacy = (await server.ctx.db.selectFrom('sites').select('share_key').where('id', '=', site.id).executeTakeFirstOrThrow()).share_key;
    expect(first.data!.items[0]!.urls.published).toBe(`${server.ctx.config.publicUrl}${base}/?share=${legacy}`);

    const created = await t.client.POST('/v1/orgs/{organizationId}/sites/{siteId}/share-links', { params: { path }, body: { name: 'Reviewers' } });
    expect(created.response.status).toBe(201);
    const link = created.data!;
    expect(link).toMatchObject({ object: 'share-link', name: 'Reviewers', active: true });
    expect(created.response.headers.get('location')).toBe(`${server.ctx.config.publicUrl}${api}/share-links/${link.id}`);
    const url = new URL(link.urls.published!);
    const key = url.searchParams.get('share')!;
    expect(key).not.toBe(legacy);

    // Either key opens the site (and the `shareKey` reads); the cookie set from the URL keeps it open.
    expect((await get(`${base}/`)).status).toBe(404);
    const opened = await get(`${url.pathname}${url.search}`);
    expect(opened.status).toBe(200);
    const cookie = opened.headers.get('set-cookie')!.split(';')[0]!;
    expect((await get(`${base}/setup`, { cookie })).status).toBe(200);
    expect((await get(`${base}/?share=${legacy}`)).status).toBe(200);
    // GitBook's form, the key as the first segment below the site: kept in the cookie, then the path without it.
    const inPath = await get(`${base}/${key}/setup`);
    expect(inPath.status).toBe(302);
    expect(inPath.headers.get('location')).toBe(`${base}/setup`);
    expect((await get(`${base}/setup`, { cookie: inPath.headers.get('set-cookie')!.split(';')[0]! })).status).toBe(200);
    const outsider = await createTenant(server);
    expect((await outsider.api.get(`${api}/published?shareKey=${key}`)).status).toBe(200);
    const search = await t.api.get(`${api}/share-links?search=review`);
    expect(search.body.items.map((l: { id: string }) => l.id)).toEqual([link.id]);

    // Deactivated: refused at once, cookie or URL, though the page was cached; reactivated: open again.
    const off = await t.client.PATCH('/v1/orgs/{organizationId}/sites/{siteId}/share-links/{shareLinkId}', { params: { path: { ...path, shareLinkId: link.id } }, body: { active: false, name: 'Old reviewers' } });
    expect(off.data).toMatchObject({ active: false, name: 'Old reviewers' });
    expect((await get(`${base}/setup`, { cookie })).status).toBe(404);
    expect((await outsider.api.get(`${api}/published?shareKey=${key}`)).status).toBe(404);
    expect((await get(`${base}/?share=${legacy}`)).status).toBe(200);
    await t.api.patch(`${api}/share-links/${link.id}`, { active: true });
    expect((await get(`${base}/setup`, { cookie })).status).toBe(200);
    // Deleted: 205, then gone (204 the second time); its key no longer opens anything.
    expect((await t.api.delete(`${api}/share-links/${link.id}`)).status).toBe(205);
    expect((await t.api.delete(`${api}/share-links/${link.id}`)).status).toBe(204);
    expect((await get(`${base}/setup`, { cookie })).status).toBe(404);
    expect((await t.api.patch(`${api}/share-links/${link.id}`, { active: true })).status).toBe(404);

    // The create role manages links; a reader gets 403, another organization 404; names are at most 50 characters.
    expect((await t.as('editor').post(`${api}/share-links`, { name: 'Editors' })).status).toBe(201);
    expect((await t.as('viewer').get(`${api}/share-links`)).status).toBe(403);
    expect((await outsider.api.get(`${api}/share-links`)).status).toBe(404);
    const long = await t.api.post(`${api}/share-links`, { name: 'x'.repeat(51) });
    expect(long.status).toBe(400);
    expect(long.body.error.message).toContain('/body/name');
  });
});

describe('site redirects', () => {
  it('creates, lists, updates and deletes redirects; sources unique per site; validation names the field', async () => {
    const { t, space, siteSpace, api } = await publishedSite('public');
    const created = await t.api.post(`${api}/redirects`, { source: '/old-setup', destination: { kind: 'path', spaceId: space.id, path: 'setup' } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({ object: 'site-redirect', source: '/old-setup', draft: false, captureWildcard: false, permanent: false,
      destination: { kind: 'site-page', siteSpaceId: siteSpace.id, pageId: 'page-setup' } });
    expect(created.body.updatedAt).toBeUndefined();
    expect(created.headers.get('location')).toBe(`${server.ctx.config.publicUrl}${api}/redirects/${created.body.id}`);
    expect((await t.api.post(`${api}/redirects`, { source: '/old-setup', destination: { kind: 'external', url: 'https://example.com/' } })).status).toBe(409);
    const draft = await t.api.post(`${api}/redirects`, { source: '/old-setup', draft: true, destination: { kind: 'site-space', siteSpaceId: siteSpace.id } });
    expect(draft.status).toBe(201);
    const ext = (await t.api.post(`${api}/redirects`, { source: '/blog/*', captureWildcard: true, permanent: true, destination: { kind: 'external', url: 'https://blog.example.com/posts' } })).body;

    for (const [body, field] of [
      [{ source: 'no-slash', destination: { kind: 'external', url: 'https://x.test/' } }, '/body/source'],
      [{ source: `/${'a'.repeat(520)}`, destination: { kind: 'external', url: 'https://x.test/' } }, '/body/source'],
      [{ source: '/a*b', destination: { kind: 'external', url: 'https://x.test/' } }, '/body/source'],
      [{ source: '/x', destination: { kind: 'site-section', siteSectionId: 'nope' } }, '/body/destination/siteSectionId'],
      [{ source: '/x', destination: { kind: 'site-page', siteSpaceId: siteSpace.id, pageId: 'nope' } }, '/body/destination/pageId'],
      [{ source: '/x', destination: { kind: 'path', spaceId: space.id, path: 'missing' } }, '/body/destination/path'],
      [{ source: '/x', destination: { kind: 'external', url: 'javascript:alert(1)' } }, '/body/destination/url'],
    ] as const) {
      const bad = await t.api.post(`${api}/redirects`, body);
      expect(bad.status, JSON.stringify(body)).toBe(400);
      expect(bad.body.error.message).toContain(field);
    }

    const list = async (q = '') => (await t.api.get(`${api}/redirects${q}`)).body;
    expect((await list()).items.map((r: { id: string }) => r.id)).toEqual([ext.id, created.body.id]);
    expect((await list('?orderBy=source')).items.map((r: { source: string }) => r.source)).toEqual(['/blog/*', '/old-setup']);
    expect((await list('?draft=true')).items.map((r: { id: string }) => r.id)).toEqual([draft.body.id]);
    expect((await list('?search=BLOG')).count).toBe(1);
    expect((await t.as('viewer').get(`${api}/redirects`)).status).toBe(200);
    expect((await t.as('viewer').post(`${api}/redirects`, { source: '/v', destination: { kind: 'external', url: 'https://x.test/' } })).status).toBe(403);

    // Promoting the draft collides with the live redirect of its source; another source is fine.
    expect((await t.api.patch(`${api}/redirects/${draft.body.id}`, { draft: false })).status).toBe(409);
    const moved = await t.api.patch(`${api}/redirects/${draft.body.id}`, { draft: false, source: '/guide-old' });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ draft: false, source: '/guide-old' });
    expect(moved.body.updatedAt).toBeDefined();
    expect((await list('?orderBy=updatedAt')).items[0].id).toBe(draft.body.id);
    expect((await t.api.delete(`${api}/redirects/${draft.body.id}`)).status).toBe(205);
    expect((await t.api.delete(`${api}/redirects/${draft.body.id}`)).status).toBe(204);
  });

  it('the published site follows live redirects where no page answers; bulk upserts; resolving by source', async () => {
    const { t, space, siteSpace, base, api } = await publishedSite('public');
    const bulk = await t.api.put(`${api}/redirects`, { redirects: [
      { source: '/old-setup', permanent: true, destination: { kind: 'path', spaceId: space.id, path: 'setup' } },
      { source: '/docs/*', captureWildcard: true, destination: { kind: 'site-space', siteSpaceId: siteSpace.id } },
      { source: '/setup', destination: { kind: 'external', url: 'https://elsewhere.test/' } },
      { source: '/later', intent: 'draft', destination: { kind: 'external', url: 'https://later.test/' } },
      { source: '/bad', destination: { kind: 'site-space', siteSpaceId: 'nope' } },
      { source: '/gone', destination: null },
    ] });
    expect(bulk.status, JSON.stringify(bulk.body)).toBe(200);
    expect(bulk.body.results.map((r: { status: string }) => r.status)).toEqual(['created', 'created', 'created', 'created', 'error', 'error']);
    expect(bulk.body.results[4].error).toContain('siteSpaceId');

    // Permanent → 308 on a public site; a wildcard's match appended; a page answers before a redirect; drafts are
    // not followed; an unknown path is still a 404.
    const old = await get(`${base}/old-setup`);
    expect(old.status).toBe(308);
    expect(old.headers.get('location')).toBe(`${base}/setup`);
    const wild = await get(`${base}/docs/setup`);
    expect(wild.status).toBe(307);
    expect(wild.headers.get('location')).toBe(`${base}/setup`);
    expect((await get(`${base}/setup`)).status).toBe(200);
    expect((await get(`${base}/later`)).status).toBe(404);
    expect((await get(`${base}/nothing`)).status).toBe(404);
    // In a site space that is not the default, the path relative to the site space is tried too.
    const api2 = (await t.api.post(`/v1/orgs/${t.org}/spaces`, { title: 'API' })).body;
    await t.api.post(`/v1/spaces/${api2.id}/content/edits`, { edits: [{ op: 'createPage', page: { id: 'page-ref', title: 'Reference', markdown: 'Ref.\n' } }] });
    const second = (await t.api.post(`${api}/site-spaces`, { spaceId: api2.id })).body;
    expect((await get(`${base}/${second.path}/old-setup`)).headers.get('location')).toBe(`${base}/setup`);

    // Upsert by source, publish a draft, delete with a null destination — each seen on the next request.
    const again = await t.api.put(`${api}/redirects`, { redirects: [
      { source: '/old-setup', destination: { kind: 'external', url: 'https://new.test/setup' } },
      { source: '/later', intent: 'publish' },
      { source: '/docs/*', destination: null },
    ] });
    expect(again.body.results.map((r: { status: string }) => r.status)).toEqual(['updated', 'published', 'deleted']);
    const updated = await get(`${base}/old-setup`);
    expect(updated.status).toBe(308);
    expect(updated.headers.get('location')).toBe('https://new.test/setup');
    expect((await get(`${base}/later`)).headers.get('location')).toBe('https://later.test/');
    expect((await get(`${base}/docs/setup`)).status).toBe(404);

    const resolved = await t.api.get(`${api}/redirect?source=/Old-Setup`);
    expect(resolved.status, JSON.stringify(resolved.body)).toBe(200);
    expect(resolved.body).toMatchObject({ redirect: { source: '/old-setup' }, target: 'https://new.test/setup' });
    // A published public site's redirects resolve for anyone with a token.
    expect((await (await createTenant(server)).api.get(`${api}/redirect?source=/later`)).status).toBe(200);
    expect((await t.api.get(`${api}/redirect?source=/nothing`)).status).toBe(404);
    expect((await t.api.get(`${api}/redirect?source=nothing`)).status).toBe(400);
  });
});

describe('redirects to a page given by path', () => {
  it('a space never edited (no indexes yet) answers 400 naming the path, without stalling the writer', async () => {
    const t = await createTenant(server);
    const space = (await t.api.post(`/v1/orgs/${t.org}/spaces`, { title: 'Fresh' })).body;
    const site = (await t.api.post(`/v1/orgs/${t.org}/sites`, { title: 'Docs' })).body;
    expect((await t.api.post(`/v1/orgs/${t.org}/sites/${site.id}/site-spaces`, { spaceId: space.id })).status).toBe(201);
    const api = `/v1/orgs/${t.org}/sites/${site.id}`;
    const missing = await t.api.post(`${api}/redirects`, { source: '/old', destination: { kind: 'path', spaceId: space.id, path: 'getting-started' } });
    expect(missing.status, JSON.stringify(missing.body)).toBe(400);
    expect(missing.body.error.message).toContain('/body/destination/path');
    // The writer is free: another write answers.
    expect((await t.api.post(`/v1/orgs/${t.org}/spaces`, { title: 'After' })).status).toBe(201);
  });
});

describe('redirects on a custom hostname', () => {
  it('a share key in the path or a wildcard redirect to the root never leads to another host', async () => {
    const { t, site, siteSpace, api } = await publishedSite('share-link');
    const host = `docs-${site.id.toLowerCase()}.example.test`;
    expect((await t.api.patch(api, { hostname: host })).status).toBe(200);
    const key = new URL((await t.api.get(`${api}/share-links`)).body.items[0].urls.published).searchParams.get('share')!;
    // GitBook's key-in-path form: the rest of the path, kept on this host (a browser reads `//x` as the host x).
    for (const [path, location] of [[`/${key}//evil.example/x`, '/evil.example/x'], [`/${key}/setup?a=1`, '/setup?a=1'], [`/${key}`, '/']] as const) {
      const r = await getWithHost(server.url, path, host);
      expect(r.status, path).toBe(302);
      expect(r.location, path).toBe(location);
    }
    // The host written fully qualified (a trailing dot) or in capitals is the same site.
    for (const h of [`${host}.`, host.toUpperCase(), `${host}.:80`]) {
      const r = await getWithHost(server.url, `/${key}/setup`, h);
      expect(r.status, h).toBe(302);
      expect(r.location, h).toBe('/setup');
    }
    // A wildcard source that captures what follows it, to the site's root: what follows starts with a slash.
    const cookie = `bindery_site_share_${site.id}=${key}`;
    const bulk = await t.api.put(`${api}/redirects`, { redirects: [{ source: '/old*', captureWildcard: true, destination: { kind: 'site-space', siteSpaceId: siteSpace.id } }] });
    expect(bulk.body.results[0].status).toBe('created');
    const wild = await new Promise<{ status: number; location?: string }>((resolve, reject) => {
      const u = new URL(server.url);
      import('node:http').then(({ request }) => request({ host: u.hostname, port: u.port, path: '/old/evil.example/x', headers: { host, cookie } }, (res) => {
        res.resume();
        resolve({ status: res.statusCode ?? 0, ...(res.headers.location ? { location: res.headers.location } : {}) });
      }).on('error', reject).end(), reject);
    });
    expect(wild.status).toBe(307);
    expect(wild.location).toBe('/evil.example/x');
    expect((await t.api.get(`${api}/redirect?source=/old/evil.example`)).body.target).toBe(`http://${host}/evil.example`);
  });
});

describe('published URL lookup', () => {
  it('resolves a URL to its site, site space, space and path, with the visibility of the site', async () => {
    const { t, site, siteSpace, space, api } = await publishedSite('share-link');
    const origin = server.ctx.config.publicUrl;
    const key = new URL((await t.api.post(`${api}/share-links`, { name: 'Lookup' })).body.urls.published).searchParams.get('share')!;
    const lookup = (body: Record<string, unknown>) => t.api.post('/v1/urls/published', body);
    const found = await lookup({ url: `${origin}/sites/${site.id}/setup?share=${key}` });
    expect(found.status, JSON.stringify(found.body)).toBe(200);
    expect(found.body).toMatchObject({
      site: site.id, siteSpace: siteSpace.id, space: space.id, organization: t.org, pathname: 'setup', basePath: `/sites/${site.id}/`,
      siteBasePath: `/sites/${site.id}/`, shareKey: key, complete: true, canonicalUrl: `${origin}/sites/${site.id}/setup`,
    });
    expect(found.body.apiToken.split('.')).toHaveLength(3);
    expect((await lookup({ url: `${origin}/sites/${site.id}/setup` })).status).toBe(404);
    const keyInPath = await lookup({ url: `${origin}/sites/${site.id}/${key}/setup` });
    expect(keyInPath.body).toMatchObject({ pathname: 'setup', siteBasePath: `/sites/${site.id}/${key}/`, shareKey: key, canonicalUrl: `${origin}/sites/${site.id}/setup` });
    expect((await lookup({ url: `${origin}/sites/nope/` })).status).toBe(404);
    expect((await t.api.get(`/v1/urls/published?url=${encodeURIComponent(`${origin}/sites/${site.id}/?share=${key}`)}`)).body.pathname).toBe('');

    // A visitor-auth site needs a visitor token signed with its key; without one, 401 or (redirectOnError) its fallback.
    await t.api.patch(api, { visibility: 'visitor-auth' });
    const auth = (await t.api.put(`${api}/visitor-auth`, { fallbackURL: 'https://login.example.com/' })).body;
    const url = `${origin}/sites/${site.id}/setup`;
    expect((await lookup({ url })).status).toBe(401);
    const redirect = await lookup({ url, redirectOnError: true });
    expect(redirect.body).toEqual({ target: 'external', site: site.id, redirect: `https://login.example.com/?location=${encodeURIComponent(url)}` });
    const jwtToken = await new SignJWT({ plan: 'pro' }).setProtectedHeader({ alg: 'HS256' }).setExpirationTime('1h').sign(new TextEncoder().encode(auth.key));
    const signed = await lookup({ url, visitor: { jwtToken, unsignedClaims: { beta: true } } });
    expect(signed.status).toBe(200);
    expect(signed.body.contextId).toBeDefined();
  });

  it('the apiToken of /urls/published reads the content of the site\'s spaces, and nothing else', async () => {
    const { t, site, space } = await publishedSite('public');
    const origin = server.ctx.config.publicUrl;
    const other = (await t.api.post(`/v1/orgs/${t.org}/spaces`, { title: 'Internal' })).body;
    const found = await t.api.post('/v1/urls/published', { url: `${origin}/sites/${site.id}/setup` });
    expect(found.status, JSON.stringify(found.body)).toBe(200);
    const as = (token: string) => (path: string, init: RequestInit = {}) =>
      fetch(`${server.url}${path}`, { ...init, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...(init.headers ?? {}) } });
    const site$ = as(found.body.apiToken);
    // Reads of the site's space, as GitBook's renderer makes them.
    expect((await site$(`/v1/spaces/${space.id}`)).status).toBe(200);
    const pages = await site$(`/v1/spaces/${space.id}/content/pages`);
    expect(pages.status).toBe(200);
    expect(JSON.stringify(await pages.json())).toContain('Setup');
    const page = await site$(`/v1/spaces/${space.id}/content/path/setup`);
    expect(page.status).toBe(200);
    // Nothing else: another space of the organization is not visible, writes and other resources are refused.
    expect((await site$(`/v1/spaces/${other.id}`)).status).toBe(404);
    expect((await site$(`/v1/spaces/${space.id}/comments`, { method: 'POST', body: JSON.stringify({ body: { markdown: 'hi' } }) })).status).toBe(403);
    expect((await site$(`/v1/spaces/${space.id}/content/page/page-setup`, { method: 'PATCH', body: JSON.stringify({ markdown: 'x\n' }) })).status).toBe(403);
    expect((await site$('/v1/user')).status).toBe(403);
    expect((await site$(`/v1/orgs/${t.org}`)).status).toBe(403);
    expect((await t.api.get(`/v1/spaces/${space.id}/content/page/page-setup`)).body.markdown ?? '').not.toBe('x\n');
    // Tampered, expired, foreign or non-site tokens: 401.
    const [h, p, sig] = (found.body.apiToken as string).split('.');
    const claims = JSON.parse(Buffer.from(p!, 'base64url').toString());
    const forged = `${h}.${Buffer.from(JSON.stringify({ ...claims, spaces: [other.id] })).toString('base64url')}.${sig}`;
    expect((await as(forged)(`/v1/spaces/${other.id}`)).status).toBe(401);
    const sign = (payload: Record<string, unknown>, exp: number, key: Uint8Array = server.ctx.jwtSecret) =>
      new SignJWT(payload).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).setIssuer(origin).setExpirationTime(exp).sign(key);
    const now = Math.floor(Date.now() / 1000);
    expect((await as(await sign(claims, now - 10))(`/v1/spaces/${space.id}`)).status).toBe(401);
    expect((await as(await sign(claims, now + 600, new TextEncoder().encode('another secret')))(`/v1/spaces/${space.id}`)).status).toBe(401);
    expect((await as(await sign({ organization: t.org, role: 'admin' }, now + 600))(`/v1/spaces/${space.id}`)).status).toBe(401);
    expect((await as(await sign(claims, now + 600))(`/v1/spaces/${space.id}`)).status).toBe(200);
  });

  it('the apiToken views only the spaces of the sections and site spaces the visitor\'s claims show', async () => {
    const { t, site, space, api } = await publishedSite('public');
    const origin = server.ctx.config.publicUrl;
    const spaceWith = async (title: string, markdown: string) => {
      const s = (await t.api.post(`/v1/orgs/${t.org}/spaces`, { title })).body;
      expect((await t.api.post(`/v1/spaces/${s.id}/content/pages`, { title, markdown })).status).toBe(201);
      return s.id as string;
    };
    const staffSpace = await spaceWith('Staff', 'Staff only: zanzibar.\n');
    const betaSpace = await spaceWith('Beta', 'Beta only: quagga.\n');
    const section = (await t.api.post(`${api}/sections`, { spaceId: staffSpace, title: 'Staff' })).body;
    expect((await t.api.patch(`${api}/sections/${section.id}`, { condition: 'visitor.claims.unsigned.staff === true' })).status).toBe(200);
    const rootSection = (await t.api.get(`${api}/sections`)).body.items.find((s: { id: string }) => s.id !== section.id);
    const variant = await t.api.post(`${api}/site-spaces`, { spaceId: betaSpace, sectionId: rootSection.id });
    expect(variant.status, JSON.stringify(variant.body)).toBe(201);
    expect((await t.api.patch(`${api}/site-spaces/${variant.body.id}`, { condition: 'visitor.claims.unsigned.beta === true' })).status).toBe(200);
    // The published site hides both from a visitor without the claims.
    expect((await get(`/sites/${site.id}/staff/`)).status).toBe(404);
    expect((await get(`/sites/${site.id}/~search?q=zanzibar`, { accept: 'application/json' })).text).toContain('"results":[]');

    const tokenFor = async (unsignedClaims?: Record<string, unknown>) => {
      const found = await t.api.post('/v1/urls/published', { url: `${origin}/sites/${site.id}/`, ...(unsignedClaims ? { visitor: { unsignedClaims } } : {}) });
      expect(found.status, JSON.stringify(found.body)).toBe(200);
      return found.body.apiToken as string;
    };
    const status = async (token: string, path: string) => (await fetch(`${server.url}${path}`, { headers: { authorization: `Bearer ${token}` } })).status;
    const anonymous = await tokenFor();
    expect(JSON.parse(Buffer.from(anonymous.split('.')[1]!, 'base64url').toString()).spaces).toEqual([space.id]);
    expect(await status(anonymous, `/v1/spaces/${space.id}/content`)).toBe(200);
    for (const hidden of [staffSpace, betaSpace]) {
      expect(await status(anonymous, `/v1/spaces/${hidden}/content`)).toBe(404);
      expect(await status(anonymous, `/v1/spaces/${hidden}/search?query=zanzibar`)).toBe(404);
    }
    // With the claims, the token views what the site then shows.
    const staff = await tokenFor({ staff: true });
    expect(await status(staff, `/v1/spaces/${staffSpace}/content`)).toBe(200);
    expect(await status(staff, `/v1/spaces/${betaSpace}/content`)).toBe(404);
    const both = await tokenFor({ staff: true, beta: true });
    expect(JSON.parse(Buffer.from(both.split('.')[1]!, 'base64url').toString()).spaces.sort()).toEqual([space.id, staffSpace, betaSpace].sort());

    // GitBook's site search through the API: someone outside the organization searches the public site as its
    // visitors see it; the organization's members (who read the spaces) search them all.
    const stranger = server.api((await createUser(server, 'Stranger')).token);
    const found = async (as: typeof stranger, query: string) => JSON.stringify((await as.post(`${api}/search`, { query })).body);
    expect(await found(stranger, 'Install')).toContain(space.id);
    for (const query of ['zanzibar', 'quagga']) {
      expect(await found(stranger, query)).toBe('{"items":[],"count":0}');
      expect(await found(t.api, query)).toContain(query === 'zanzibar' ? staffSpace : betaSpace);
    }
    // Nor does the site's structure show them to the stranger (the members see it whole).
    for (const path of ['/sections', '/site-spaces', '/structure', '/published']) {
      const seen = await stranger.get(`${api}${path}`);
      expect([path, seen.status]).toEqual([path, 200]);
      expect(JSON.stringify(seen.body)).toContain(space.id);
      for (const hidden of [staffSpace, betaSpace, section.id, variant.body.id]) expect([path, JSON.stringify(seen.body).includes(hidden)]).toEqual([path, false]);
      if (path !== '/published') expect(JSON.stringify((await t.api.get(`${api}${path}`)).body)).toContain(staffSpace);
    }
  });
});

// GitBook's `POST ~gitbook/search` (the site's server search, with GitBook's scopes) and `~gitbook/visitor` (the
// visitor's claims, the token decoded) of a published site, over real HTTP: what the visitor sees only, the limits
// named in 4xx answers, never a shared cache.
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, publishSite, startTestServer, type TestServer } from '../src/testing/index.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server?.close());

async function site(visibility = 'public') {
  const t = await createTenant(server);
  const one = (await t.api.post(`/v1/orgs/${t.org}/spaces`, { title: 'Guide' })).body;
  const edits = await t.api.post(`/v1/spaces/${one.id}/content/edits`, { edits: [
    { op: 'createPage', page: { id: 'page-intro', title: 'Introduction', markdown: 'Hello quokka.\n' } },
    { op: 'createPage', page: { id: 'page-setup', title: 'Setup', description: 'Installing it', markdown: '## Install\n\nRun the platypus installer.\n\n{% if visitor.claims.unsigned.beta %}\nBeta wombat steps.\n{% endif %}\n' } },
    { op: 'createPage', page: { id: 'page-deep', title: 'Deep', parent: 'page-setup', markdown: 'The platypus burrow.\n' } },
    { op: 'createPage', page: { id: 'page-secret', title: 'Premium', markdown: 'Secret narwhal platypus.\n', condition: 'visitor.claims.unsigned.premium === true' } },
  ] });
  expect(edits.status, JSON.stringify(edits.body)).toBe(200);
  const two = (await t.api.post(`/v1/orgs/${t.org}/spaces`, { title: 'Version two' })).body;
  expect((await t.api.post(`/v1/spaces/${two.id}/content/edits`, { edits: [{ op: 'createPage', page: { id: 'page-version2', title: 'Welcome to v2', markdown: 'The platypus release.\n' } }] })).status).toBe(200);
  const three = (await t.api.post(`/v1/orgs/${t.org}/spaces`, { title: 'Partners' })).body;
  const e3 = await t.api.post(`/v1/spaces/${three.id}/content/edits`, { edits: [{ op: 'createPage', page: { id: 'page-partner', title: 'Partner deal', markdown: 'The platypus discount.\n' } }] });
  expect(e3.status, JSON.stringify(e3.body)).toBe(200);
  const created = await publishSite(t, { title: 'Zoo', visibility, spaces: [one.id] });
  const siteSpaces = `/v1/orgs/${t.org}/sites/${created.id}/site-spaces`;
  const ssTwo = (await t.api.post(siteSpaces, { spaceId: two.id })).body;
  const ssThree = (await t.api.post(siteSpaces, { spaceId: three.id })).body;
  expect((await t.api.patch(`${siteSpaces}/${ssThree.id}`, { condition: 'visitor.claims.unsigned.partner === true' })).status).toBe(200);
  const all = (await t.api.get(siteSpaces)).body.items as { id: string; space: { id: string } }[];
  const ssOne = all.find((x) => x.space.id === one.id)!;
  return { t, site: created, base: `/sites/${created.id}`, ids: { one: ssOne.id, two: ssTwo.id as string, three: ssThree.id as string }, twoPath: ssTwo.path as string };
}

const search = async (base: string, body: unknown, query = '', headers: Record<string, string> = {}) => {
  const r = await fetch(`${server.url}${base}/~gitbook/search${query}`, { method: 'POST', body: typeof body === 'string' ? body : JSON.stringify(body), headers: { 'content-type': 'application/json', ...headers } });
  const text = await r.text();
  let json: any;
  try { json = JSON.parse(text); } catch { json = undefined; }
  return { status: r.status, json, text, cache: r.headers.get('cache-control'), allow: r.headers.get('allow') };
};
const titles = (json: any[]) => json.flatMap((g) => g.pages.map((p: any) => p.title));

describe('POST ~gitbook/search', () => {
  it("answers GitBook's search results grouped by space, for what the visitor sees", async () => {
    const { base, ids, twoPath } = await site();
    const r = await search(base, { query: 'platypus' });
    expect(r.status, r.text).toBe(200);
    expect(r.cache).toBe('no-store');
    expect(titles(r.json).sort()).toEqual(['Deep', 'Setup', 'Welcome to v2']);
    const guide = r.json.find((g: any) => g.siteSpaceId === ids.one);
    expect(guide).toMatchObject({ type: 'space', title: 'Guide' });
    const setup = guide.pages.find((p: any) => p.id === 'page-setup');
    expect(setup).toMatchObject({ title: 'Setup', description: 'Installing it', path: 'setup', resultType: 'section', ancestors: [], urls: { app: `${server.ctx.config.publicUrl}${base}/setup` } });
    expect(setup.sections[0]).toMatchObject({ id: 'install', title: 'Install', urls: { app: `${server.ctx.config.publicUrl}${base}/setup#install` } });
    expect(setup.sections[0].body).toContain('platypus');
    expect(guide.pages.find((p: any) => p.id === 'page-deep').ancestors).toEqual([{ title: 'Setup' }]);
    const ranks = r.json.flatMap((g: any) => g.pages.map((p: any) => p.rank)).sort();
    expect(ranks).toEqual([1, 2, 3]);
    // A page, a site space and a branch hidden by their conditions are not found; with the claims they are.
    expect(titles((await search(base, { query: 'narwhal' })).json)).toEqual([]);
    expect(titles((await search(base, { query: 'wombat' })).json)).toEqual([]);
    expect(titles((await search(base, { query: 'discount' })).json)).toEqual([]);
    const claims = '?visitor.premium=true&visitor.beta=true&visitor.partner=true';
    expect(titles((await search(base, { query: 'narwhal' }, claims)).json)).toEqual(['Premium']);
    expect(titles((await search(base, { query: 'wombat' }, claims)).json)).toEqual(['Setup']);
    expect(titles((await search(base, { query: 'discount' }, claims)).json)).toEqual(['Partner deal']);
    // As GitBook's: a query of one character or less answers [].
    expect((await search(base, { query: 'p' })).json).toEqual([]);
    expect((await search(base, { query: ' ' })).json).toEqual([]);
    // Below a site space's path too (its scope is the body's); below a page's path it is no route.
    expect((await search(`${base}/${twoPath}/setup`, { query: 'release' })).status).toBe(404);
    const two = await fetch(`${server.url}${base}/${twoPath}/~gitbook/search`, { method: 'POST', body: '{"query":"release"}', headers: { 'content-type': 'application/json' } });
    expect(titles(await two.json() as any[])).toEqual(['Welcome to v2']);
  });

  it("takes GitBook's scopes, and a site space the visitor does not see is one that does not exist", async () => {
    const { base, ids } = await site();
    const q = 'platypus';
    expect(titles((await search(base, { query: q, scope: { mode: 'specific', siteSpaceIds: [ids.two] } })).json)).toEqual(['Welcome to v2']);
    expect(titles((await search(base, { query: q, scope: { mode: 'default' } })).json).sort()).toEqual(['Deep', 'Setup']);
    expect(titles((await search(base, { query: q, scope: { mode: 'default', currentSiteSpace: ids.two } })).json).sort()).toEqual(['Deep', 'Setup', 'Welcome to v2']);
    expect(titles((await search(base, { query: q, scope: { mode: 'default', currentSiteSpace: ids.two, restrictTo: 'currentSiteSpace' } })).json)).toEqual(['Welcome to v2']);
    expect(titles((await search(base, { query: q, scope: { mode: 'default', currentSiteSpace: ids.two, restrictTo: 'otherSiteSpaces' } })).json).sort()).toEqual(['Deep', 'Setup']);
    const hidden = await search(base, { query: q, scope: { mode: 'specific', siteSpaceIds: [ids.three] } });
    const unknown = await search(base, { query: q, scope: { mode: 'specific', siteSpaceIds: ['nope'] } });
    expect([hidden.status, unknown.status]).toEqual([400, 400]);
    expect(hidden.json.error.message).toBe('/body/scope/siteSpaceIds/0 is not a site space of this site');
    expect(unknown.json.error.message).toBe(hidden.json.error.message);
    expect(titles((await search(base, { query: q, scope: { mode: 'specific', siteSpaceIds: [ids.three] } }, '?visitor.partner=true')).json)).toEqual(['Partner deal']);
    expect((await search(base, { query: q, scope: { mode: 'default', restrictTo: 'currentSiteSpace' } })).json.error.message).toContain('needs currentSiteSpace');
    expect((await search(base, { query: q, scope: { mode: 'elsewhere' } })).json.error.message).toContain('/body/scope/mode');
    expect((await search(base, { query: q, scope: { mode: 'specific', siteSpaceIds: Array(101).fill(ids.one) } })).json.error.message).toContain('1 to 100');
  });

  it('names its limits, takes POST only, and follows the visibility of the site', async () => {
    const { base } = await site();
    const long = await search(base, { query: 'a'.repeat(513) });
    expect([long.status, long.json.error.message]).toEqual([400, '/body/query must be at most 512 characters']);
    expect((await search(base, { query: 'a'.repeat(512) })).status).toBe(200);
    const big = await search(base, { query: 'x', pad: 'y'.repeat(17_000) });
    expect([big.status, big.json.error.message]).toEqual([413, 'The body is larger than 16 KiB']);
    expect((await search(base, '{nope')).status).toBe(400);
    expect((await search(base, { scope: { mode: 'all' } })).json.error.message).toBe('/body/query must be a string');
    expect((await search(base, '{"query":"x"}', '', { 'content-type': 'text/plain' })).status).toBe(415);
    const get = await fetch(`${server.url}${base}/~gitbook/search`);
    expect([get.status, get.headers.get('allow')]).toEqual([405, 'POST, OPTIONS']);
    // Other routes still take no POST.
    expect((await fetch(`${server.url}${base}/~gitbook/icon`, { method: 'POST' })).status).toBe(405);
    expect((await fetch(`${server.url}${base}/setup`, { method: 'POST' })).status).toBe(405);

    const shared = await site('share-link');
    expect((await search(shared.base, { query: 'platypus' })).status).toBe(404);
    const links = (await shared.t.api.get(`/v1/orgs/${shared.t.org}/sites/${shared.site.id}/share-links`)).body.items;
    const key = new URL(links[0].urls.published).searchParams.get('share');
    expect(titles((await search(shared.base, { query: 'quokka' }, `?share=${key}`)).json)).toEqual(['Introduction']);
  });
});

describe('~gitbook/visitor', () => {
  it("answers the visitor's claims: the token decoded (not verified), the unsigned ones; never kept by a cache", async () => {
    const { base } = await site();
    const empty = await fetch(`${server.url}${base}/~gitbook/visitor`);
    expect(empty.status).toBe(200);
    expect(empty.headers.get('cache-control')).toBe('private, no-store');
    expect(await empty.json()).toEqual({ visitor: { claims: { unsigned: {} } } });
    const withUnsigned = await fetch(`${server.url}${base}/~gitbook/visitor?visitor.plan=pro&visitor.seats=3`);
    expect(await withUnsigned.json()).toEqual({ visitor: { claims: { unsigned: { plan: 'pro', seats: 3 } } } });
    // GitBook's plain cookie holding a token signed by the customer's backend: decoded, as GitBook's route does.
    const token = await new SignJWT({ role: 'admin', team: 'zoo' }).setProtectedHeader({ alg: 'HS256' }).setExpirationTime('1h').sign(new TextEncoder().encode('some other key'));
    const decoded = await fetch(`${server.url}${base}/~gitbook/visitor`, { headers: { cookie: `gitbook-visitor-token=${token}; gitbook-visitor-public=${encodeURIComponent('{"lang":"fr"}')}` } });
    expect(await decoded.json()).toEqual({ visitor: { claims: { role: 'admin', team: 'zoo', unsigned: { lang: 'fr' } } } });
    // ...but such a token opens nothing: the unverified claims show no page a condition hides.
    const hidden = await fetch(`${server.url}${base}/premium`, { headers: { cookie: `gitbook-visitor-token=${await new SignJWT({ unsigned: { premium: true } }).setProtectedHeader({ alg: 'HS256' }).sign(new TextEncoder().encode('forged'))}` } });
    expect(hidden.status).toBe(404);
    // A value that is not a JWT: no claims.
    expect(await (await fetch(`${server.url}${base}/~gitbook/visitor?jwt_token=garbage`)).json()).toEqual({ visitor: { claims: { unsigned: {} } } });
  });

  it('follows the visibility of the site: a visitor-auth site without a valid token sends the visitor to sign in', async () => {
    const { t, site: s, base } = await site('visitor-auth');
    const auth = `/v1/orgs/${t.org}/sites/${s.id}/visitor-auth`;
    const settings = (await t.api.get(auth)).body;
    await t.api.put(auth, { fallbackURL: 'https://login.example.com/sso' });
    expect((await fetch(`${server.url}${base}/~gitbook/visitor`, { redirect: 'manual' })).status).toBe(302);
    const token = await new SignJWT({ plan: 'pro' }).setProtectedHeader({ alg: 'HS256' }).setExpirationTime('1h').sign(new TextEncoder().encode(settings.key));
    const r = await fetch(`${server.url}${base}/~gitbook/visitor?jwt_token=${token}`, { redirect: 'manual' });
    expect(r.status).toBe(200);
    expect(await r.json()).toEqual({ visitor: { claims: { plan: 'pro', unsigned: {} } } });
  });
});

// SAML single sign-on (Part 2, "SSO"): providers, the sign-in exchange against a local identity provider that signs
// with keys this run makes, enforcement of `sso` and tokens bound to the organization; subdomains.
import { createVerify, X509Certificate } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, createUser, startTestServer, type Tenant, type TestServer } from '../src/testing/index.js';
import { makeIdpKeys, makeResponse, readAuthnRequest, type IdpKeys, type ResponseOptions } from './support/saml-idp.js';

let server: TestServer;
let idp: IdpKeys;
let otherKeys: IdpKeys;
beforeAll(async () => {
  server = await startTestServer();
  [idp, otherKeys] = await Promise.all([makeIdpKeys('Test IdP'), makeIdpKeys('Impostor')]);
});
afterAll(async () => server?.close());

const IDP_ENTITY = 'https://idp.example.test/metadata';
const IDP_SSO = 'https://idp.example.test/sso';

async function tenantWithProvider(extra: Record<string, unknown> = {}) {
  const t = await createTenant(server, { editor: 'edit' });
  const team = await t.api.put(`/v1/orgs/${t.org}/teams`, { title: 'Engineering' });
  expect(team.status, JSON.stringify(team.body)).toBe(201);
  const p = await t.api.post(`/v1/orgs/${t.org}/saml`, {
    label: 'Okta', entityID: IDP_ENTITY, certificate: idp.certificate, ssoURL: IDP_SSO, defaultRole: 'edit', defaultTeam: team.body.id, ...extra,
  });
  expect(p.status, JSON.stringify(p.body)).toBe(201);
  return { t, provider: p.body, team: team.body };
}

/** GET startURL the way a browser would, without following the redirect. */
async function start(startURL: string) {
  const path = new URL(startURL).pathname;
  const res = await fetch(server.url + path, { redirect: 'manual' });
  return { res, request: res.status === 302 ? readAuthnRequest(res.headers.get('location')!) : undefined };
}

async function postAcs(acsURL: string, samlResponse: string, accept = 'application/json') {
  const res = await fetch(server.url + new URL(acsURL).pathname, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept },
    body: new URLSearchParams({ SAMLResponse: samlResponse, RelayState: '' }).toString(),
  });
  const text = await res.text();
  let body: any = text;
  try {
    body = JSON.parse(text);
  } catch {
    /* HTML */
  }
  return { status: res.status, body, headers: res.headers };
}

/** Starts a sign-in and answers it as the identity provider would (with `change` applied). */
async function signIn(provider: any, email: string, change: Partial<ResponseOptions> = {}, accept?: string) {
  const { request } = await start(provider.service.startURL);
  const response = makeResponse({
    keys: idp, issuer: IDP_ENTITY, destination: provider.service.acsURL, audience: provider.service.entityID,
    inResponseTo: request!.id, email, ...change,
  });
  return { ...(await postAcs(provider.service.acsURL, response, accept)), response, request: request! };
}

const emailOf = (name: string) => `${name}-${Math.random().toString(36).slice(2, 10)}@sso.example.com`;

async function userExists(email: string): Promise<boolean> {
  return !!(await server.ctx.db.selectFrom('users').select('id').where('email_lower', '=', email.toLowerCase()).executeTakeFirst());
}

describe('SAML providers (listSAMLProvidersInOrganizationById, create, get, update, delete)', () => {
  it('creates a provider with every field, pending until entityID, certificate and ssoURL are set', async () => {
    const t = await createTenant(server, { reader: 'read' });
    const created = await t.api.post(`/v1/orgs/${t.org}/saml`, { label: 'Azure AD' });
    expect(created.status).toBe(201);
    const id = created.body.id;
    expect(created.headers.get('location')).toBe(created.body.urls.location);
    expect(created.body).toMatchObject({
      object: 'saml-provider', label: 'Azure AD', status: 'pending', defaultRole: 'read',
      service: {
        acsURL: `${server.ctx.config.publicUrl}/v1/saml/${id}/acs`,
        startURL: `${server.ctx.config.publicUrl}/v1/saml/${id}/start`,
        entityID: `${server.ctx.config.publicUrl}/v1/saml/${id}/metadata`,
      },
      urls: { location: `${server.ctx.config.publicUrl}/v1/orgs/${t.org}/saml/${id}` },
    });
    expect([created.body.certificate, created.body.entityID, created.body.ssoURL]).toEqual(['', '', '']);

    // A pending provider cannot start a sign-in.
    expect((await start(created.body.service.startURL)).res.status).toBe(409);

    const team = (await t.api.put(`/v1/orgs/${t.org}/teams`, { title: 'Support' })).body;
    const bare = idp.certificate.replace(/-----[A-Z ]+-----/g, '').replace(/\s+/g, '');
    const patched = await t.api.patch(`/v1/orgs/${t.org}/saml/${id}`, { entityID: IDP_ENTITY, certificate: bare, ssoURL: IDP_SSO, defaultTeam: team.id, defaultRole: null });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    expect(patched.body).toMatchObject({ status: 'active', entityID: IDP_ENTITY, ssoURL: IDP_SSO, defaultRole: null, defaultTeam: { id: team.id, title: 'Support' } });
    expect(new X509Certificate(patched.body.certificate).subject).toContain('Test IdP');

    const got = await t.api.get(`/v1/orgs/${t.org}/saml/${id}`);
    expect(got.body).toEqual(patched.body);
    const list = await t.api.get(`/v1/orgs/${t.org}/saml?limit=1`);
    expect(list.body).toMatchObject({ count: 1, items: [{ id }] });

    const logins = await t.as('reader').get(`/v1/orgs/${t.org}/sso`);
    expect(logins.body).toEqual({ items: [{ id, label: 'Azure AD', startURL: created.body.service.startURL }] });

    expect((await t.api.delete(`/v1/orgs/${t.org}/saml/${id}`)).status).toBe(204);
    expect((await t.api.delete(`/v1/orgs/${t.org}/saml/${id}`)).status).toBe(204);
    expect((await t.api.get(`/v1/orgs/${t.org}/saml/${id}`)).status).toBe(404);
    expect((await t.api.get(`/v1/orgs/${t.org}/sso`)).body).toEqual({ items: [] });
  });

  it('refuses bad fields with 400 naming them, non-admins with 403 and other organizations with 404', async () => {
    const t = await createTenant(server, { editor: 'edit' });
    const bad = async (body: Record<string, unknown>, field: string) => {
      const r = await t.api.post(`/v1/orgs/${t.org}/saml`, { label: 'X', ...body });
      expect(r.status, JSON.stringify(r.body)).toBe(400);
      expect(r.body.error.message).toContain(field);
    };
    await bad({ certificate: 'not a certificate' }, '/body/certificate');
    await bad({ certificate: 'QUJD' }, '/body/certificate');
    await bad({ defaultTeam: 'nosuchteam' }, '/body/defaultTeam');
    await bad({ ssoURL: 'javascript:alert(1)' }, '/body/ssoURL');
    await bad({ label: '' }, '/body/label');
    await bad({ label: 'x'.repeat(31) }, '/body/label');
    await bad({ defaultRole: 'owner' }, '/body/defaultRole');
    expect((await t.api.post(`/v1/orgs/${t.org}/saml`, {})).status).toBe(400);

    expect((await t.as('editor').post(`/v1/orgs/${t.org}/saml`, { label: 'X' })).status).toBe(403);
    expect((await t.as('editor').get(`/v1/orgs/${t.org}/saml`)).status).toBe(403);
    const stranger = await createUser(server, 'Stranger');
    expect((await server.api(stranger.token).get(`/v1/orgs/${t.org}/saml`)).status).toBe(404);
    const other = await createTenant(server);
    const mine = (await t.api.post(`/v1/orgs/${t.org}/saml`, { label: 'Mine' })).body;
    expect((await other.api.get(`/v1/orgs/${other.org}/saml/${mine.id}`)).status).toBe(404);
    expect((await other.api.get(`/v1/orgs/${t.org}/saml/${mine.id}`)).status).toBe(404);
    expect((await server.api().get(`/v1/orgs/${t.org}/saml`)).status).toBe(401);
  });
});

describe('SAML sign-in (startURL, acsURL, entityID)', () => {
  it('starts with a signed AuthnRequest and publishes the service provider metadata', async () => {
    const { provider } = await tenantWithProvider();
    const meta = await fetch(server.url + new URL(provider.service.entityID).pathname);
    expect(meta.status).toBe(200);
    expect(meta.headers.get('content-type')).toContain('application/samlmetadata+xml');
    const xml = await meta.text();
    expect(xml).toContain(`entityID="${provider.service.entityID}"`);
    expect(xml).toContain(`Location="${provider.service.acsURL}"`);
    const spCert = /<(?:\w+:)?X509Certificate>([^<]+)</.exec(xml)![1]!;

    const { res, request } = await start(provider.service.startURL);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')!.startsWith(IDP_SSO + '?')).toBe(true);
    expect(request).toMatchObject({ destination: IDP_SSO, acsUrl: provider.service.acsURL, issuer: provider.service.entityID });
    expect(request!.sigAlg).toBe('http://www.w3.org/2001/04/xmldsig-more#rsa-sha256');
    const pem = `-----BEGIN CERTIFICATE-----\n${spCert.replace(/\s+/g, '')}\n-----END CERTIFICATE-----\n`;
    const verified = createVerify('RSA-SHA256').update(request!.signedQuery).verify(new X509Certificate(pem).publicKey, request!.signature!, 'base64');
    expect(verified).toBe(true);
  });

  it('signs a new user in: SSO member with the default role and team, a token bound to the organization that expires', async () => {
    const { t, provider, team } = await tenantWithProvider();
    const email = emailOf('newcomer');
    const r = await signIn(provider, email, { attributes: { displayName: 'New Comer' } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.headers.get('cache-control')).toBe('no-store');
    expect(r.body).toMatchObject({ object: 'sso-session', organization: t.org, user: { object: 'user', displayName: 'New Comer', email } });
    const token: string = r.body.token;
    expect(Date.parse(r.body.expiresAt) - server.clock.now().getTime()).toBeGreaterThan(86_000_000);

    const member = await t.api.get(`/v1/orgs/${t.org}/members/${r.body.user.id}`);
    expect(member.body).toMatchObject({ role: 'edit', sso: true, teams: 1 });
    const teamMembers = await t.api.get(`/v1/orgs/${t.org}/teams/${team.id}/members`);
    expect(teamMembers.body.items.map((m: any) => m.organization.user.id)).toContain(r.body.user.id);
    // The audit log records the join, by the user themself, in the sign-in's transaction (docs/audit-log.md).
    const joined = await t.api.get(`/v1/orgs/${t.org}/audit-events?action=member.joined`);
    expect(joined.body.items).toMatchObject([{ actor: { type: 'user', id: r.body.user.id, label: 'New Comer' }, target: { type: 'member', id: r.body.user.id } }]);
    expect((await t.api.get(new URL(joined.body.items[0].urls.location).pathname)).body.payload).toEqual({ role: 'edit', via: 'sso', provider: provider.id });

    const me = server.api(token);
    expect((await me.get('/v1/user')).body).toMatchObject({ id: r.body.user.id, email });
    expect((await me.get(`/v1/orgs/${t.org}`)).status).toBe(200);
    const space = await me.post(`/v1/orgs/${t.org}/spaces`, { title: 'Made by SSO' });
    expect(space.status).toBe(403); // edit is not create

    // The token's listing says what it is; tokens made with it are bound the same way.
    const tokens = await me.get('/v1/user/tokens');
    expect(tokens.body.items[0]).toMatchObject({ label: 'SSO: Okta', organization: t.org, expiresAt: r.body.expiresAt });
    const derived = await me.post(`/v1/users/${r.body.user.id}/tokens`, { label: 'cli' });
    expect(derived.status).toBe(201);
    expect(derived.body).toMatchObject({ organization: t.org, expiresAt: r.body.expiresAt });
    // Recorded in the organization it is bound to (docs/audit-log.md), not with its secret.
    const made = await t.api.get(`/v1/orgs/${t.org}/audit-events?action=api_token.created&target=${derived.body.id}`);
    expect(made.body.items).toMatchObject([{ actor: { type: 'user', id: r.body.user.id }, target: { type: 'api-token', id: derived.body.id, label: 'cli' } }]);
    const details = await t.api.get(new URL(made.body.items[0].urls.location).pathname);
    expect(details.body.payload).toEqual({ user: r.body.user.id, expiresAt: r.body.expiresAt, sso: true });
    expect(JSON.stringify(details.body)).not.toContain(derived.body.token);

    // It acts only within its organization: elsewhere the user is not a member, and cannot create organizations.
    const other = await createTenant(server);
    await other.api.post(`/v1/orgs/${other.org}/invites`, { emails: [{ email, role: 'admin' }] });
    expect((await me.get(`/v1/orgs/${other.org}`)).status).toBe(404);
    expect((await me.get('/v1/orgs')).body.items.map((o: any) => o.id)).toEqual([t.org]);
    expect((await me.post('/v1/orgs', { title: 'Escape' })).status).toBe(403);

    // After its lifetime it is refused.
    server.clock.advance(86_400_000 + 1000);
    try {
      const expired = await me.get('/v1/user');
      expect(expired.status).toBe(401);
      expect(expired.body.error.message).toContain('expired');
      expect((await server.api(derived.body.token).get('/v1/user')).status).toBe(401);
    } finally {
      server.clock.advance(-(86_400_000 + 1000));
    }
  });

  it('links an existing user by email, keeps their role, and answers a browser with an HTML page', async () => {
    const { t, provider } = await tenantWithProvider();
    const existing = t.users.editor!;
    const r = await signIn(provider, existing.email.toUpperCase(), {}, 'text/html,application/xhtml+xml');
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toContain('text/html');
    expect(r.headers.get('content-security-policy')).toBe("default-src 'none'");
    const token = /<pre id="token">([^<]+)<\/pre>/.exec(r.body)![1]!;
    expect((await server.api(token).get('/v1/user')).body.id).toBe(existing.id);
    expect((await t.api.get(`/v1/orgs/${t.org}/members/${existing.id}`)).body).toMatchObject({ role: 'edit', sso: true, teams: 0 });
  });

  it('refuses unsigned, wrong-key, expired, not-yet-valid, replayed, wrong-audience, wrong-destination, wrong-issuer and unsolicited responses, creating nothing', async () => {
    const { provider } = await tenantWithProvider();
    const cases: [string, Partial<ResponseOptions>, RegExp][] = [
      ['unsigned', { sign: 'none' }, /signature/i],
      ['wrong key', { keys: otherKeys }, /signature/i],
      ['expired', { notBefore: new Date(Date.now() - 3_600_000), notOnOrAfter: new Date(Date.now() - 600_000) }, /expired|NotOnOrAfter|subject confirmation/i],
      ['not yet valid', { notBefore: new Date(Date.now() + 600_000), notOnOrAfter: new Date(Date.now() + 900_000) }, /not yet valid|NotBefore|subject confirmation/i],
      ['wrong audience', { audience: 'https://someone-else.example/metadata' }, /audience/i],
      ['wrong destination', { destination: 'https://evil.example/acs' }, /Destination/],
      ['wrong issuer', { issuer: 'https://other-idp.example/metadata' }, /issuer/i],
      ['unsolicited', { inResponseTo: '_never_asked' }, /InResponseTo/],
    ];
    for (const [name, change, message] of cases) {
      const email = emailOf(name.replace(/\W+/g, '-'));
      const r = await signIn(provider, email, change);
      expect(r.status, `${name}: ${JSON.stringify(r.body)}`).toBe(400);
      expect(r.body.error.message, name).toMatch(message);
      expect(await userExists(email), name).toBe(false);
    }

    // A valid response works once; its replay is refused, and so is the same assertion under another request.
    const email = emailOf('once');
    const first = await signIn(provider, email, { assertionId: '_fixed_assertion_id_1' });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const replay = await postAcs(provider.service.acsURL, first.response);
    expect(replay.status).toBe(400);
    expect(replay.body.error.message).toMatch(/InResponseTo|already/);
    const again = await signIn(provider, email, { assertionId: '_fixed_assertion_id_1' });
    expect(again.status).toBe(400);
    expect(again.body.error.message).toContain('already used');
    const tokens = await server.ctx.db.selectFrom('api_tokens').select('id').where('user_id', '=', first.body.user.id).execute();
    expect(tokens).toHaveLength(1);

    // Garbage and unknown providers.
    expect((await postAcs(provider.service.acsURL, Buffer.from('<nope/>').toString('base64'))).status).toBe(400);
    expect((await postAcs(provider.service.acsURL, 'bm90IHhtbA==')).status).toBe(400);
    expect((await postAcs(`${server.ctx.config.publicUrl}/v1/saml/nosuchprovider/acs`, first.response)).status).toBe(404);
    const noBody = await fetch(server.url + new URL(provider.service.acsURL).pathname, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'RelayState=x' });
    expect(noBody.status).toBe(400);
  });

  it('refuses, before parsing, responses with a DOCTYPE or ENTITY, deeper than 64 levels or with more than 20,000 elements; comments and CDATA are no elements', async () => {
    const { provider } = await tenantWithProvider();
    const { request } = await start(provider.service.startURL);
    const response = Buffer.from(makeResponse({
      keys: idp, issuer: IDP_ENTITY, destination: provider.service.acsURL, audience: provider.service.entityID, inResponseTo: request!.id, email: emailOf('shape'),
    }), 'base64').toString('utf8');
    const at = response.indexOf('</samlp:Response>');
    expect(at).toBeGreaterThan(0);
    const withInside = (inner: string) => Buffer.from(response.slice(0, at) + inner + response.slice(at)).toString('base64');
    const cases: [string, string, RegExp][] = [
      ['doctype', Buffer.from(`<!DOCTYPE r [<!ENTITY x SYSTEM "file:///etc/passwd">]>${response}`).toString('base64'), /document type declaration/],
      ['deep', withInside('<x>'.repeat(65) + '</x>'.repeat(65)), /more than 64 levels/],
      ['wide', withInside('<x a="1>"/>'.repeat(20_001)), /more than 20,000 elements/],
    ];
    for (const [name, body, message] of cases) {
      const r = await postAcs(provider.service.acsURL, body);
      expect(r.status, name).toBe(400);
      expect(r.body.error.message, name).toMatch(message);
    }
    // Comments, CDATA and processing instructions with angle brackets in them are not elements: the response signs in.
    const fine = await postAcs(provider.service.acsURL, withInside('<!-- <a><b><c> -->' + '<![CDATA[<x><y>]]>'.repeat(100) + '<?pi <x> ?>'));
    expect(fine.status, JSON.stringify(fine.body)).toBe(200);
  });

  it('answers a response at most once when two arrive together', async () => {
    const { provider } = await tenantWithProvider();
    const { request } = await start(provider.service.startURL);
    const response = makeResponse({
      keys: idp, issuer: IDP_ENTITY, destination: provider.service.acsURL, audience: provider.service.entityID, inResponseTo: request!.id, email: emailOf('race'),
    });
    const results = await Promise.all(Array.from({ length: 5 }, () => postAcs(provider.service.acsURL, response)));
    expect(results.map((r) => r.status).sort()).toEqual([200, 400, 400, 400, 400]);
  });

  it('refuses a disabled member with 403', async () => {
    const { t, provider } = await tenantWithProvider();
    await server.ctx.db.updateTable('org_members').set({ disabled: 1 }).where('org_id', '=', t.org).where('user_id', '=', t.users.editor!.id).execute();
    const r = await signIn(provider, t.users.editor!.email);
    expect(r.status).toBe(403);
  });
});

describe('an organization that enforces SSO (Organization.sso)', () => {
  it('refuses its members other sign-ins, names the start URL, and lets the SSO token and the instance administrator in', async () => {
    const { t, provider } = await tenantWithProvider();
    expect((await t.api.patch(`/v1/orgs/${t.org}`, { sso: true })).status).toBe(200);
    const refused = await t.as('editor').get(`/v1/orgs/${t.org}`);
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toContain(`/v1/saml/${provider.id}/start`);
    expect((await t.as('editor').get(`/v1/orgs/${t.org}/spaces`)).status).toBe(403);
    expect((await server.api(server.adminToken).get(`/v1/orgs/${t.org}`)).status).toBe(200);

    const r = await signIn(provider, t.users.editor!.email);
    expect(r.status).toBe(200);
    expect((await server.api(r.body.token).get(`/v1/orgs/${t.org}/spaces`)).status).toBe(200);

    // Without an active provider nothing is enforced (no lock-out).
    expect((await server.api(r.body.token).get(`/v1/orgs/${t.org}/saml`)).status).toBe(403);
    await server.api(server.adminToken).delete(`/v1/orgs/${t.org}/saml/${provider.id}`);
    expect((await t.as('editor').get(`/v1/orgs/${t.org}`)).status).toBe(200);
  });

  it('lets a user join through an invite link to a space with their own token (guest with the level granted)', async () => {
    const { t } = await tenantWithProvider();
    const space = (await t.api.post(`/v1/orgs/${t.org}/spaces`, { title: 'Shared' })).body.id;
    const link = (await t.api.post(`/v1/orgs/${t.org}/link-invites`, { level: 'comment', space })).body;
    expect((await t.api.patch(`/v1/orgs/${t.org}`, { sso: true })).status).toBe(200);
    const joiner = await createUser(server, 'Link joiner');
    const joined = await server.api(joiner.token).post(`/v1/orgs/${t.org}/invites/${link.id}`);
    expect([joined.status, joined.body.role]).toEqual([200, null]);
    const users = (await server.api(server.adminToken).get(`/v1/spaces/${space}/permissions/users`)).body.items;
    expect(users.map((u: any) => [u.user.id, u.permission])).toEqual([[joiner.id, 'comment']]);
  });

  it('does not carry instance-administrator power into an SSO token', async () => {
    const { t, provider } = await tenantWithProvider();
    const adminEmail = (await server.api(server.adminToken).get('/v1/user')).body.email;
    const r = await signIn(provider, adminEmail);
    expect(r.status).toBe(200);
    expect((await server.api(r.body.token).post('/v1/users', { email: emailOf('x'), displayName: 'X' })).status).toBe(403);
    expect((await t.api.get(`/v1/orgs/${t.org}/members/${r.body.user.id}`)).body).toMatchObject({ role: 'edit', sso: true });
  });
});

describe('getSubdomain', () => {
  it('answers the organization whose hostname it is, 404 for a free one, 400 for a bad pattern', async () => {
    const t: Tenant = await createTenant(server);
    const host = `docs-${t.org.slice(0, 8).toLowerCase()}`;
    expect((await t.api.patch(`/v1/orgs/${t.org}`, { hostname: host })).status).toBe(200);
    const stranger = await createUser(server, 'Anyone');
    const r = await server.api(stranger.token).get(`/v1/subdomains/${host}`);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ object: 'subdomain', subdomain: host, target: { type: 'organization', organization: t.org }, isActive: true });
    expect((await server.api(stranger.token).get(`/v1/subdomains/free-${host}`)).status).toBe(404);
    const bad = await server.api(stranger.token).get('/v1/subdomains/-bad');
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toContain('subdomain');
    expect((await server.api().get(`/v1/subdomains/${host}`)).status).toBe(401);
  });
});

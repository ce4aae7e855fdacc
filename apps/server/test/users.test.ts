// Users and API tokens (Bindery extensions) and GET /v1/user. Written with the typed client (`server.client`):
// bodies and answers are the spec's types; bodies the spec refuses are sent as `never` on purpose.
import { describe, expect, it } from 'vitest';
import { addMember, createOrganization, createUser, useTestServer } from '../src/testing/index.js';

const server = useTestServer();

describe('createUser', () => {
  it('lets the instance administrator create a user, with a unique email', async () => {
    const admin = server.client(server.adminToken);
    const email = `Ada.${Date.now()}@Example.com`;
    const r = await admin.POST('/v1/users', { body: { email, displayName: 'Ada' } });
    expect(r.response.status).toBe(201);
    expect(r.data).toMatchObject({ object: 'user', displayName: 'Ada', email });
    expect(r.response.headers.get('location')).toBe(r.data!.urls.location);
    const dup = await admin.POST('/v1/users', { body: { email: email.toLowerCase(), displayName: 'Ada 2' } });
    expect(dup.response.status).toBe(409);
  });

  it('names the invalid field', async () => {
    const admin = server.client(server.adminToken);
    const r = await admin.POST('/v1/users', { body: { email: 'not-an-email', displayName: 'X' } });
    expect(r.response.status).toBe(400);
    expect(r.error!.error.message).toContain('/body/email');
    const r2 = await admin.POST('/v1/users', { body: { email: 'a@b.co' } as never });
    expect(r2.response.status).toBe(400);
    expect(r2.error!.error.message).toContain('displayName');
  });

  it('is refused to anyone else (403) and without a token (401)', async () => {
    const u = await createUser(server, 'Bob');
    const r = await server.client(u.token).POST('/v1/users', { body: { email: 'x@y.zz', displayName: 'X' } });
    expect(r.response.status).toBe(403);
    expect((await server.client().POST('/v1/users', { body: { email: 'x@y.zz', displayName: 'X' } })).response.status).toBe(401);
  });
});

describe('tokens', () => {
  it('creates a token whose secret works once shown, lists it without the secret, and revokes it', async () => {
    const u = await createUser(server, 'Tok');
    const client = server.client(u.token);
    const created = await client.POST('/v1/users/{userId}/tokens', { params: { path: { userId: u.id } }, body: { label: 'ci' } });
    expect(created.response.status).toBe(201);
    const secret = created.data!.token;
    expect(secret).toMatch(/^bdy_/);
    const second = server.client(secret);
    expect((await second.GET('/v1/user')).data!.id).toBe(u.id);

    const list = await client.GET('/v1/user/tokens');
    expect(list.response.status).toBe(200);
    expect(list.data!.count).toBe(2);
    expect(list.data!.items.map((t) => t.label).sort()).toEqual(['ci', 'test']);
    expect(JSON.stringify(list.data)).not.toContain(secret);

    const tokenId = created.data!.id;
    expect((await client.DELETE('/v1/user/tokens/{tokenId}', { params: { path: { tokenId } } })).response.status).toBe(204);
    expect((await second.GET('/v1/user')).response.status).toBe(401);
    expect((await client.DELETE('/v1/user/tokens/{tokenId}', { params: { path: { tokenId } } })).response.status).toBe(204);
  });

  it('stores only a hash of the secret', async () => {
    const u = await createUser(server, 'Hash');
    const rows = await server.ctx.db.selectFrom('api_tokens').selectAll().where('user_id', '=', u.id).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(rows)).not.toContain(u.token);
  });

  it('lets a user mint tokens only for themself; the admin for anyone', async () => {
    const a = await createUser(server, 'A');
    const b = await createUser(server, 'B');
    const org = await createOrganization(server, a);
    await addMember(server, org.id, a, b, 'read');
    const mint = (token: string, label: string) => server.client(token).POST('/v1/users/{userId}/tokens', { params: { path: { userId: a.id } }, body: { label } });
    expect((await mint(b.token, 'x')).response.status).toBe(403);
    const stranger = await createUser(server, 'C');
    expect((await mint(stranger.token, 'x')).response.status).toBe(404);
    expect((await mint(server.adminToken, 'x')).response.status).toBe(201);
    const long = await mint(a.token, 'x'.repeat(51));
    expect(long.response.status).toBe(400);
    expect(long.error!.error.message).toContain('/body/label');
  });
});

describe('getAuthenticatedUser and getUserById', () => {
  it('returns the caller', async () => {
    const u = await createUser(server, 'Me');
    const r = await server.client(u.token).GET('/v1/user');
    expect(r.response.status).toBe(200);
    expect(r.data).toMatchObject({ object: 'user', id: u.id, email: u.email, displayName: 'Me' });
  });

  it('shows a user to members of a shared organization (without email) and hides them from strangers', async () => {
    const a = await createUser(server, 'Owner');
    const b = await createUser(server, 'Mate');
    const stranger = await createUser(server, 'Stranger');
    const org = await createOrganization(server, a);
    await addMember(server, org.id, a, b, 'edit');
    const getUser = (token: string, userId: string) => server.client(token).GET('/v1/users/{userId}', { params: { path: { userId } } });
    const seen = await getUser(b.token, a.id);
    expect(seen.response.status).toBe(200);
    expect(seen.data!.id).toBe(a.id);
    expect(seen.data!.email).toBeUndefined();
    expect((await getUser(stranger.token, a.id)).response.status).toBe(404);
    expect((await getUser(a.token, 'nope')).response.status).toBe(404);
  });
});

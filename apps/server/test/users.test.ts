// Users and API tokens (Bindery extensions) and GET /v1/user.
import { describe, expect, it } from 'vitest';
import { addMember, createOrganization, createUser, useTestServer } from '../src/testing/index.js';

const server = useTestServer();

describe('createUser', () => {
  it('lets the instance administrator create a user, with a unique email', async () => {
    const admin = server.api(server.adminToken);
    const email = `Ada.${Date.now()}@Example.com`;
    const r = await admin.post('/v1/users', { email, displayName: 'Ada' });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ object: 'user', displayName: 'Ada', email });
    expect(r.headers.get('location')).toBe(r.body.urls.location);
    const dup = await admin.post('/v1/users', { email: email.toLowerCase(), displayName: 'Ada 2' });
    expect(dup.status).toBe(409);
  });

  it('names the invalid field', async () => {
    const r = await server.api(server.adminToken).post('/v1/users', { email: 'not-an-email', displayName: 'X' });
    expect(r.status).toBe(400);
    expect(r.body.error.message).toContain('/body/email');
    const r2 = await server.api(server.adminToken).post('/v1/users', { email: 'a@b.co' });
    expect(r2.status).toBe(400);
    expect(r2.body.error.message).toContain('displayName');
  });

  it('is refused to anyone else (403) and without a token (401)', async () => {
    const u = await createUser(server, 'Bob');
    const r = await server.api(u.token).post('/v1/users', { email: 'x@y.zz', displayName: 'X' });
    expect(r.status).toBe(403);
    expect((await server.api().post('/v1/users', { email: 'x@y.zz', displayName: 'X' })).status).toBe(401);
  });
});

describe('tokens', () => {
  it('creates a token whose secret works once shown, lists it without the secret, and revokes it', async () => {
    const u = await createUser(server, 'Tok');
    const api = server.api(u.token);
    const created = await api.post(`/v1/users/${u.id}/tokens`, { label: 'ci' });
    expect(created.status).toBe(201);
    expect(created.body.token).toMatch(/^bdy_/);
    const second = server.api(created.body.token);
    expect((await second.get('/v1/user')).body.id).toBe(u.id);

    const list = await api.get('/v1/user/tokens');
    expect(list.status).toBe(200);
    expect(list.body.count).toBe(2);
    expect(list.body.items.map((t: { label: string }) => t.label).sort()).toEqual(['ci', 'test']);
    expect(JSON.stringify(list.body)).not.toContain(created.body.token);

    expect((await api.delete(`/v1/user/tokens/${created.body.id}`)).status).toBe(204);
    expect((await second.get('/v1/user')).status).toBe(401);
    expect((await api.delete(`/v1/user/tokens/${created.body.id}`)).status).toBe(204);
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
    expect((await server.api(b.token).post(`/v1/users/${a.id}/tokens`, { label: 'x' })).status).toBe(403);
    const stranger = await createUser(server, 'C');
    expect((await server.api(stranger.token).post(`/v1/users/${a.id}/tokens`, { label: 'x' })).status).toBe(404);
    expect((await server.api(server.adminToken).post(`/v1/users/${a.id}/tokens`, { label: 'x' })).status).toBe(201);
    const long = await server.api(a.token).post(`/v1/users/${a.id}/tokens`, { label: 'x'.repeat(51) });
    expect(long.status).toBe(400);
    expect(long.body.error.message).toContain('/body/label');
  });
});

describe('getAuthenticatedUser and getUserById', () => {
  it('returns the caller', async () => {
    const u = await createUser(server, 'Me');
    const r = await server.api(u.token).get('/v1/user');
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ object: 'user', id: u.id, email: u.email, displayName: 'Me' });
  });

  it('shows a user to members of a shared organization (without email) and hides them from strangers', async () => {
    const a = await createUser(server, 'Owner');
    const b = await createUser(server, 'Mate');
    const stranger = await createUser(server, 'Stranger');
    const org = await createOrganization(server, a);
    await addMember(server, org.id, a, b, 'edit');
    const seen = await server.api(b.token).get(`/v1/users/${a.id}`);
    expect(seen.status).toBe(200);
    expect(seen.body.id).toBe(a.id);
    expect(seen.body.email).toBeUndefined();
    expect((await server.api(stranger.token).get(`/v1/users/${a.id}`)).status).toBe(404);
    expect((await server.api(a.token).get('/v1/users/nope')).status).toBe(404);
  });
});

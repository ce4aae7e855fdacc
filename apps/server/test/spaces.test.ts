// Spaces: create, read, list, update, soft delete / restore / purge (7 days), duplicate, move, transfer, grants,
// a member's spaces; the races that must leave one consistent state.
import { describe, expect, it } from 'vitest';
import { JOB_TYPES, jobHandlers, runDueJobs, type JobHandler } from '../src/jobs/index.js';
import { DAY_MS } from '../src/lib/clock.js';
import { addMember, createOrganization, createUser, type TestApi, type TestUser, createTenant, useTestServer } from '../src/testing/index.js';

const server = useTestServer();

const myOrgs = new Set<string>();

async function tenant(roles: Record<string, string | null> = {}) {
  const t = await createTenant(server, roles);
  myOrgs.add(t.org);
  return t;
}

async function mkSpace(api: TestApi, org: string, body: Record<string, unknown> = {}) {
  const r = await api.post(`/v1/orgs/${org}/spaces`, { title: 'Space', ...body });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body;
}

async function mkCollection(api: TestApi, org: string, body: Record<string, unknown> = {}) {
  const r = await api.post(`/v1/orgs/${org}/collections`, { title: 'Collection', ...body });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body;
}

const ids = (items: { id: string }[]) => items.map((i) => i.id);

/**
 * Runs the due jobs, as the server's worker would (test servers run none: their clock is injected). The purge
 * handler only acts on this file's organizations: other test files share the PostgreSQL database, with clocks of
 * their own, and their jobs are put back untouched.
 */
async function runPurges(): Promise<void> {
  const handlers: Record<string, JobHandler> = {
    [JOB_TYPES.purgeSpace]: async (ctx, payload: { spaceId: string }, job) => {
      const space = await ctx.db.selectFrom('spaces').select('org_id').where('id', '=', payload.spaceId).executeTakeFirst();
      if (space && !myOrgs.has(space.org_id)) return { retryAt: new Date(job.run_at) };
      return jobHandlers[JOB_TYPES.purgeSpace]!(ctx, payload, job);
    },
  };
  await runDueJobs(server.ctx, { limit: 1000, handlers });
}

describe('createSpace / getSpaceById', () => {
  it('creates a private live space with an empty first revision, every field present', async () => {
    const { org, api } = await tenant();
    const r = await api.post(`/v1/orgs/${org}/spaces`, { title: 'Handbook', emoji: '📘', language: 'fr', editMode: 'locked' });
    expect(r.status).toBe(201);
    expect(r.headers.get('location')).toBe(`${server.ctx.config.publicUrl}/v1/spaces/${r.body.id}`);
    expect(r.body).toMatchObject({
      object: 'space', title: 'Handbook', emoji: '📘', visibility: 'private', editMode: 'locked', language: 'fr',
      organization: org, defaultLevel: null, mergeRules: { type: 'inherit' },
      comments: 0, changeRequests: 0, changeRequestsOpen: 0, changeRequestsDraft: 0,
      urls: { location: r.headers.get('location'), app: expect.stringContaining(r.body.id) },
      permissions: { view: true, access: true, admin: true, edit: false, comment: true },
    });
    expect(r.body.parent).toBeUndefined();
    expect(r.body.deletedAt).toBeUndefined();
    expect(r.body.createdAt).toBe(r.body.updatedAt);
    const rev = await server.ctx.db.selectFrom('revisions').selectAll().where('id', '=', r.body.revision).executeTakeFirstOrThrow();
    expect(rev).toMatchObject({ space_id: r.body.id, parents: '[]', type: 'edits' });
    const got = await api.get(`/v1/spaces/${r.body.id}`);
    expect(got.status).toBe(200);
    expect(got.body).toEqual(r.body);
  });

  it('creates in a collection (in-collection visibility), with defaults when the body is empty', async () => {
    const { org, api } = await tenant();
    const c = await mkCollection(api, org);
    const s = await api.post(`/v1/orgs/${org}/spaces`, { parent: c.id });
    expect(s.status).toBe(201);
    expect(s.body).toMatchObject({ parent: c.id, visibility: 'in-collection', title: '', emoji: '', editMode: 'live' });
    const empty = await api.post(`/v1/orgs/${org}/spaces`, {});
    expect(empty.status).toBe(201);
  });

  it('refuses bad input naming the field, unknown parents, and callers without the create role', async () => {
    const { org, api, users } = await tenant({ editor: 'edit', guest: null });
    for (const [body, field] of [
      [{ title: 'x'.repeat(51) }, '/body/title'],
      [{ emoji: 'x'.repeat(51) }, '/body/emoji'],
      [{ language: 'xx' }, '/body/language'],
      [{ editMode: 'frozen' }, '/body/editMode'],
      [{ nope: 1 }, 'nope'],
    ] as const) {
      const r = await api.post(`/v1/orgs/${org}/spaces`, body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.error.message).toContain(field);
    }
    const missing = await api.post(`/v1/orgs/${org}/spaces`, { parent: 'nope' });
    expect(missing.status).toBe(404);
    expect(missing.body.error.message).toContain('/body/parent');
    const other = await tenant();
    const foreign = await mkCollection(other.api, other.org);
    expect((await api.post(`/v1/orgs/${org}/spaces`, { parent: foreign.id })).status).toBe(409);
    expect((await server.api(users.editor!.token).post(`/v1/orgs/${org}/spaces`, {})).status).toBe(403);
    expect((await server.api(users.guest!.token).post(`/v1/orgs/${org}/spaces`, {})).status).toBe(403);
    expect((await other.api.post(`/v1/orgs/${org}/spaces`, {})).status).toBe(404);
    expect((await server.api().post(`/v1/orgs/${org}/spaces`, {})).status).toBe(401);
    expect((await server.api().get(`/v1/spaces/whatever`)).status).toBe(401);
    expect((await api.get(`/v1/spaces/does-not-exist`)).status).toBe(404);
    const badId = await api.get(`/v1/spaces/bad%20id`);
    expect(badId.status).toBe(400);
    expect(badId.body.error.message).toContain('spaceId');
    const badKey = await api.get(`/v1/spaces/x?shareKey=${'k'.repeat(1025)}`);
    expect(badKey.status).toBe(400);
    expect(badKey.body.error.message).toContain('shareKey');
  });

  it('hides a private space from other organizations and guests (404), not from members with a role', async () => {
    const { org, api, users } = await tenant({ reader: 'read', guest: null });
    const s = await mkSpace(api, org);
    const other = await tenant();
    expect((await other.api.get(`/v1/spaces/${s.id}`)).status).toBe(404);
    expect((await server.api(users.guest!.token).get(`/v1/spaces/${s.id}`)).status).toBe(404);
    const r = await server.api(users.reader!.token).get(`/v1/spaces/${s.id}`);
    expect(r.status).toBe(200);
    expect(r.body.permissions).toMatchObject({ view: true, access: true, admin: false, edit: false, comment: false });
  });
});

describe('visibility and share keys', () => {
  it('public and unlisted spaces are readable by any authenticated user; share-link ones with the key', async () => {
    const { org, api } = await tenant();
    const s = await mkSpace(api, org);
    const stranger = server.api((await createUser(server, 'Stranger')).token);
    expect((await stranger.get(`/v1/spaces/${s.id}`)).status).toBe(404);

    const pub = await api.patch(`/v1/spaces/${s.id}`, { visibility: 'public' });
    expect(pub.body).toMatchObject({ visibility: 'public', urls: { public: expect.any(String), published: expect.any(String) } });
    const seen = await stranger.get(`/v1/spaces/${s.id}`);
    expect(seen.status).toBe(200);
    expect(seen.body.permissions).toMatchObject({ view: true, access: false, admin: false, comment: false });
    expect((await stranger.patch(`/v1/spaces/${s.id}`, { title: 'Mine' })).status).toBe(403);

    await api.patch(`/v1/spaces/${s.id}`, { visibility: 'unlisted' });
    expect((await stranger.get(`/v1/spaces/${s.id}`)).status).toBe(200);

    const shared = await api.patch(`/v1/spaces/${s.id}`, { visibility: 'share-link' });
    const key = new URL(shared.body.urls.published).searchParams.get('shareKey')!;
    expect(key).toMatch(/^[A-Za-z0-9]{32}$/);
    expect((await stranger.get(`/v1/spaces/${s.id}`)).status).toBe(404);
    expect((await stranger.get(`/v1/spaces/${s.id}?shareKey=wrong`)).status).toBe(404);
    const withKey = await stranger.get(`/v1/spaces/${s.id}?shareKey=${key}`);
    expect(withKey.status).toBe(200);
    expect(withKey.body.urls.published).toContain(key);
    expect(withKey.body.permissions).toMatchObject({ view: true, admin: false });
    expect((await server.api().get(`/v1/spaces/${s.id}?shareKey=${key}`)).status).toBe(401);

    // Leaving share-link revokes the key; coming back makes a new one.
    await api.patch(`/v1/spaces/${s.id}`, { visibility: 'private' });
    expect((await stranger.get(`/v1/spaces/${s.id}?shareKey=${key}`)).status).toBe(404);
    const again = await api.patch(`/v1/spaces/${s.id}`, { visibility: 'share-link' });
    expect(new URL(again.body.urls.published).searchParams.get('shareKey')).not.toBe(key);
    const bad = await api.patch(`/v1/spaces/${s.id}`, { visibility: 'in-collection' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toContain('/body/visibility');
  });
});

describe('listSpacesInOrganizationById', () => {
  it('pages through the spaces in sibling order and leaves deleted ones out', async () => {
    const { org, api } = await tenant();
    const made = [];
    for (let i = 0; i < 5; i++) made.push((await mkSpace(api, org, { title: `S${i}` })).id);
    const first = await api.get(`/v1/orgs/${org}/spaces?limit=2`);
    expect(first.status).toBe(200);
    expect(first.body.count).toBe(5);
    expect(ids(first.body.items)).toEqual(made.slice(0, 2));
    const second = await api.get(`/v1/orgs/${org}/spaces?limit=10&page=${first.body.next.page}`);
    expect(ids(second.body.items)).toEqual(made.slice(2));
    expect(second.body.next).toBeUndefined();
    await api.delete(`/v1/spaces/${made[1]}`);
    const after = await api.get(`/v1/orgs/${org}/spaces`);
    expect(ids(after.body.items)).toEqual([made[0], ...made.slice(2)]);
    expect(after.body.count).toBe(4);
    const tooMany = await api.get(`/v1/orgs/${org}/spaces?limit=1001`);
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error.message).toContain('/query/limit');
    const garbage = await api.get(`/v1/orgs/${org}/spaces?page=garbage`);
    expect(garbage.status).toBe(400);
    expect(garbage.body.error.message).toContain('/query/page');
  });

  it('shows guests only what is granted to them (directly, through a team or a collection) and public spaces', async () => {
    const { org, api, users } = await tenant({ guest: null, reader: 'read' });
    const granted = await mkSpace(api, org, { title: 'granted' });
    const viaTeam = await mkSpace(api, org, { title: 'team' });
    const coll = await mkCollection(api, org);
    const nested = await mkCollection(api, org, { parent: coll.id });
    const deep = await mkSpace(api, org, { title: 'deep', parent: nested.id });
    const pub = await mkSpace(api, org, { title: 'public' });
    const unlisted = await mkSpace(api, org, { title: 'unlisted' });
    const hidden = await mkSpace(api, org, { title: 'hidden' });
    await api.patch(`/v1/spaces/${pub.id}`, { visibility: 'public' });
    await api.patch(`/v1/spaces/${unlisted.id}`, { visibility: 'unlisted' });
    const team = (await api.put(`/v1/orgs/${org}/teams`, { title: 'T', members: [users.guest!.id] })).body;
    expect((await api.post(`/v1/spaces/${granted.id}/permissions`, { role: 'comment', users: [users.guest!.id] })).status).toBe(204);
    expect((await api.post(`/v1/spaces/${viaTeam.id}/permissions`, { role: 'read', teams: [team.id] })).status).toBe(204);
    expect((await api.post(`/v1/collections/${coll.id}/permissions`, { role: 'edit', users: [users.guest!.id] })).status).toBe(204);
    const guest = server.api(users.guest!.token);
    const list = await guest.get(`/v1/orgs/${org}/spaces`);
    expect(ids(list.body.items).sort()).toEqual([granted.id, viaTeam.id, deep.id, pub.id].sort());
    expect(list.body.count).toBe(4);
    for (const s of list.body.items) expect(s.permissions.access).toBe(true);
    expect((await guest.get(`/v1/spaces/${hidden.id}`)).status).toBe(404);
    expect((await guest.get(`/v1/spaces/${unlisted.id}`)).body.permissions).toMatchObject({ view: true, access: false });
    expect((await guest.get(`/v1/spaces/${deep.id}`)).body.permissions).toMatchObject({ edit: true, admin: false });
    const reader = await server.api(users.reader!.token).get(`/v1/orgs/${org}/spaces`);
    expect(reader.body.count).toBe(6);
    expect((await (await tenant()).api.get(`/v1/orgs/${org}/spaces`)).status).toBe(404);
  });
});

describe('updateSpaceById', () => {
  it('updates every field, leaves omitted ones alone, and names bad fields', async () => {
    const { org, api, owner } = await tenant();
    const s = await mkSpace(api, org, { title: 'Before', emoji: '📕' });
    server.clock.advance(1000);
    const r = await api.patch(`/v1/spaces/${s.id}`, {
      title: 'After', emoji: '📗', editMode: 'locked', defaultLevel: 'comment', language: 'pt-br',
      mergeRules: { type: 'rules', rules: [{ rule: 'require_specific_reviewers', users: [owner.id] }] },
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      title: 'After', emoji: '📗', editMode: 'locked', defaultLevel: 'comment', language: 'pt-br',
      mergeRules: { type: 'rules', rules: [{ rule: 'require_specific_reviewers', users: [owner.id] }] },
    });
    expect(r.body.updatedAt > s.updatedAt).toBe(true);
    const partial = await api.patch(`/v1/spaces/${s.id}`, { title: 'Only title' });
    expect(partial.body).toMatchObject({ title: 'Only title', emoji: '📗', editMode: 'locked', defaultLevel: 'comment' });
    expect((await api.patch(`/v1/spaces/${s.id}`, { defaultLevel: null })).body.defaultLevel).toBeNull();
    expect((await api.patch(`/v1/spaces/${s.id}`, { defaultLevel: 'inherit' })).body.defaultLevel).toBeNull();
    for (const [body, field] of [
      [{ title: 'x'.repeat(51) }, '/body/title'],
      [{ emoji: 'x'.repeat(51) }, '/body/emoji'],
      [{ language: 'klingon' }, '/body/language'],
      [{ defaultLevel: 'owner' }, '/body/defaultLevel'],
      [{ mergeRules: { type: 'sometimes' } }, '/body/mergeRules'],
      [{}, '/body'],
    ] as const) {
      const bad = await api.patch(`/v1/spaces/${s.id}`, body);
      expect(bad.status, JSON.stringify(body)).toBe(400);
      expect(bad.body.error.message).toContain(field);
    }
  });

  it('lets editors set editMode only; everything else needs admin', async () => {
    const { org, api, users } = await tenant({ editor: 'edit', reviewer: 'review' });
    const s = await mkSpace(api, org);
    const editor = server.api(users.editor!.token);
    expect((await editor.patch(`/v1/spaces/${s.id}`, { editMode: 'locked' })).status).toBe(200);
    expect((await editor.patch(`/v1/spaces/${s.id}`, { editMode: 'live', title: 'x' })).status).toBe(403);
    expect((await server.api(users.reviewer!.token).patch(`/v1/spaces/${s.id}`, { editMode: 'live' })).status).toBe(403);
    expect((await (await tenant()).api.patch(`/v1/spaces/${s.id}`, { editMode: 'live' })).status).toBe(404);
    expect((await server.api().patch(`/v1/spaces/${s.id}`, { editMode: 'live' })).status).toBe(401);
  });
});

describe('deleteSpaceById / restoreSpace / purge', () => {
  it('deletes softly, restores within 7 days, and 204s on repeated or unknown deletes', async () => {
    const { org, api, users } = await tenant({ reader: 'read' });
    const s = await mkSpace(api, org);
    expect((await api.delete(`/v1/spaces/${s.id}`)).status).toBe(204);
    const gone = await api.get(`/v1/spaces/${s.id}`);
    expect(gone.status).toBe(200);
    expect(gone.body.deletedAt).toBeDefined();
    expect((await server.api(users.reader!.token).get(`/v1/spaces/${s.id}`)).status).toBe(404);
    const patch = await api.patch(`/v1/spaces/${s.id}`, { title: 'x' });
    expect(patch.status).toBe(404);
    expect(patch.body.error.message).toMatch(/deleted/);
    expect((await api.delete(`/v1/spaces/${s.id}`)).status).toBe(204);
    expect((await api.get(`/v1/spaces/${s.id}`)).body.deletedAt).toBe(gone.body.deletedAt);
    expect((await api.delete(`/v1/spaces/never-existed`)).status).toBe(204);
    expect((await server.api(users.reader!.token).post(`/v1/spaces/${s.id}/restore`)).status).toBe(404);
    expect((await (await tenant()).api.post(`/v1/spaces/${s.id}/restore`)).status).toBe(404);
    server.clock.advance(7 * DAY_MS - 60_000);
    const back = await api.post(`/v1/spaces/${s.id}/restore`);
    expect(back.status).toBe(200);
    expect(back.body.deletedAt).toBeUndefined();
    expect(ids((await api.get(`/v1/orgs/${org}/spaces`)).body.items)).toEqual([s.id]);
    // Restoring a live space returns it unchanged; its purge job finds it restored and leaves it alone.
    expect((await api.post(`/v1/spaces/${s.id}/restore`)).body).toEqual(back.body);
    server.clock.advance(DAY_MS);
    await runPurges();
    expect((await api.get(`/v1/spaces/${s.id}`)).status).toBe(200);
    expect((await server.api().post(`/v1/spaces/${s.id}/restore`)).status).toBe(401);
    expect((await server.api().delete(`/v1/spaces/${s.id}`)).status).toBe(401);
  });

  it('is gone for good after 7 days: restore answers 404 at once, and the durable job purges it', async () => {
    const { org, api } = await tenant();
    const s = await mkSpace(api, org);
    await api.post(`/v1/spaces/${s.id}/permissions`, { role: 'edit', users: [(await tenantMember(org, api)).id] });
    expect((await api.delete(`/v1/spaces/${s.id}`)).status).toBe(204);
    const job = await server.ctx.db.selectFrom('jobs').selectAll().where('type', '=', 'space.purge').where('payload', 'like', `%${s.id}%`).executeTakeFirstOrThrow();
    expect(Date.parse(job.run_at) - Date.parse((await api.get(`/v1/spaces/${s.id}`)).body.deletedAt)).toBe(7 * DAY_MS + 60_000);
    server.clock.advance(7 * DAY_MS);
    // Past the 7 days the space is gone for the API at once, before the purge job (due a minute later) runs.
    const late = await api.post(`/v1/spaces/${s.id}/restore`);
    expect(late.status).toBe(404);
    expect(late.body.error.message).toMatch(/more than 7 days ago/);
    expect((await api.get(`/v1/spaces/${s.id}`)).status).toBe(404);
    expect(await server.ctx.db.selectFrom('spaces').select('id').where('id', '=', s.id).executeTakeFirst()).toBeDefined();
    server.clock.advance(60_000);
    await runPurges();
    expect(await server.ctx.db.selectFrom('spaces').select('id').where('id', '=', s.id).executeTakeFirst()).toBeUndefined();
    expect(await server.ctx.db.selectFrom('revisions').select('id').where('space_id', '=', s.id).executeTakeFirst()).toBeUndefined();
    expect(await server.ctx.db.selectFrom('content_grants').select('target_id').where('target_id', '=', s.id).executeTakeFirst()).toBeUndefined();
    const done = await server.ctx.db.selectFrom('jobs').select('status').where('id', '=', job.id).executeTakeFirstOrThrow();
    expect(done.status).toBe('done');
    expect((await api.post(`/v1/spaces/${s.id}/restore`)).status).toBe(404);
    expect((await api.delete(`/v1/spaces/${s.id}`)).status).toBe(204);
  });

  it('concurrent deletes and restores leave one consistent state', async () => {
    const { org, api } = await tenant();
    const s = await mkSpace(api, org);
    for (let round = 0; round < 3; round++) {
      const calls = Array.from({ length: 12 }, (_, i) => (i % 2 ? api.delete(`/v1/spaces/${s.id}`) : api.post(`/v1/spaces/${s.id}/restore`)));
      for (const r of await Promise.all(calls)) expect([200, 204], JSON.stringify(r.body)).toContain(r.status);
      const got = await api.get(`/v1/spaces/${s.id}`);
      const listed = ids((await api.get(`/v1/orgs/${org}/spaces`)).body.items).includes(s.id);
      expect(listed).toBe(got.body.deletedAt === undefined);
    }
    const final = await api.get(`/v1/spaces/${s.id}`);
    server.clock.advance(7 * DAY_MS + 61_000);
    await runPurges();
    const exists = await server.ctx.db.selectFrom('spaces').select('id').where('id', '=', s.id).executeTakeFirst();
    // Purged exactly when the last word was a delete.
    expect(!!exists).toBe(final.body.deletedAt === undefined);
  });
});

describe('a space changing hands while it is written', () => {
  it('transfers, deletes and duplicates racing merges and change request creations never deadlock (PostgreSQL)', async () => {
    // A merge updates its space's row twice (head, then counters); the second update checks the row's key to its
    // organization, which waited for a transfer or delete holding that organization and waiting for the space.
    const { org, api, owner } = await tenant();
    const other = (await createOrganization(server, owner)).id;
    for (let round = 0; round < 6; round++) {
      const s = await mkSpace(api, org);
      const crs = [];
      for (let i = 0; i < 2; i++) {
        const cr = (await api.post(`/v1/spaces/${s.id}/change-requests`, {})).body;
        expect((await api.post(`/v1/spaces/${s.id}/change-requests/${cr.id}/content/edits`, { edits: [{ op: 'createPage', page: { title: `In ${i}` } }] })).status).toBe(200);
        crs.push(cr);
      }
      const rs = await Promise.all([
        ...crs.map((cr) => api.post(`/v1/spaces/${s.id}/change-requests/${cr.id}/merge`)),
        round % 2 ? api.delete(`/v1/spaces/${s.id}`) : api.post(`/v1/spaces/${s.id}/transfer`, { organization: other }),
        api.post(`/v1/spaces/${s.id}/duplicate`),
        api.post(`/v1/spaces/${s.id}/change-requests`, {}),
        api.post(`/v1/spaces/${s.id}/content/pages`, { title: 'Direct' }),
        api.post(`/v1/spaces/${s.id}/change-requests`, {}),
      ]);
      for (const r of rs) expect(r.status, JSON.stringify(r.body)).toBeLessThan(500);
    }
  });
});

async function tenantMember(org: string, api: TestApi): Promise<TestUser> {
  const u = await createUser(server, 'Member');
  const r = await api.post(`/v1/orgs/${org}/invites`, { emails: [{ email: u.email, role: 'read' }] });
  expect(r.status).toBe(200);
  return u;
}

describe('duplicateSpace', () => {
  it('copies the settings and grants into a new space right after the source', async () => {
    const { org, api, users } = await tenant({ guest: null, creator: 'create', editor: 'edit' });
    const c = await mkCollection(api, org);
    const a = await mkSpace(api, org, { parent: c.id, title: 'A'.repeat(50), emoji: '📙', language: 'de' });
    const b = await mkSpace(api, org, { parent: c.id, title: 'B' });
    await api.patch(`/v1/spaces/${a.id}`, { defaultLevel: 'review', editMode: 'locked' });
    await api.post(`/v1/spaces/${a.id}/permissions`, { role: 'comment', users: [users.guest!.id] });
    const r = await api.post(`/v1/spaces/${a.id}/duplicate`);
    expect(r.status).toBe(201);
    expect(r.headers.get('location')).toBe(r.body.urls.location);
    expect(r.body.id).not.toBe(a.id);
    expect(r.body.revision).not.toBe(a.revision);
    expect(r.body.title).toBe('A'.repeat(43) + ' (copy)');
    expect(r.body).toMatchObject({ emoji: '📙', language: 'de', parent: c.id, visibility: 'in-collection', defaultLevel: 'review', editMode: 'locked' });
    const rev = await server.ctx.db.selectFrom('revisions').selectAll().where('id', '=', r.body.revision).executeTakeFirstOrThrow();
    expect(JSON.parse(rev.parents)).toEqual([a.revision]);
    expect(ids((await api.get(`/v1/collections/${c.id}/spaces`)).body.items)).toEqual([a.id, r.body.id, b.id]);
    expect((await server.api(users.guest!.token).get(`/v1/spaces/${r.body.id}`)).body.permissions.comment).toBe(true);
    expect((await server.api(users.creator!.token).post(`/v1/spaces/${a.id}/duplicate`)).status).toBe(201);
    expect((await server.api(users.editor!.token).post(`/v1/spaces/${a.id}/duplicate`)).status).toBe(403);
    expect((await (await tenant()).api.post(`/v1/spaces/${a.id}/duplicate`)).status).toBe(404);
    expect((await server.api().post(`/v1/spaces/${a.id}/duplicate`)).status).toBe(401);
  });
});

describe('moveSpace', () => {
  it('moves between collections and the top level, before/after siblings (spaces or collections)', async () => {
    const { org, api } = await tenant();
    const c = await mkCollection(api, org);
    const [a, b, s] = [await mkSpace(api, org, { title: 'a' }), await mkSpace(api, org, { title: 'b' }), await mkSpace(api, org, { title: 's' })];
    const into = await api.post(`/v1/spaces/${s.id}/move`, { parent: c.id });
    expect(into.status).toBe(200);
    expect(into.body).toMatchObject({ parent: c.id });
    expect(ids((await api.get(`/v1/collections/${c.id}/spaces`)).body.items)).toEqual([s.id]);
    const back = await api.post(`/v1/spaces/${s.id}/move`, { parent: null, position: { before: { type: 'space', space: a.id } } });
    expect(back.body.parent).toBeUndefined();
    expect(ids((await api.get(`/v1/orgs/${org}/spaces`)).body.items)).toEqual([s.id, a.id, b.id]);
    await api.post(`/v1/spaces/${s.id}/move`, { position: { after: { type: 'space', space: a.id } } });
    expect(ids((await api.get(`/v1/orgs/${org}/spaces`)).body.items)).toEqual([a.id, s.id, b.id]);
    await api.post(`/v1/spaces/${s.id}/move`, { position: { after: { type: 'space', space: a.id }, before: { type: 'space', space: b.id } } });
    expect(ids((await api.get(`/v1/orgs/${org}/spaces`)).body.items)).toEqual([a.id, s.id, b.id]);
    await api.post(`/v1/spaces/${b.id}/move`, { position: { before: { type: 'collection', collection: c.id } } });
    const keys = await server.ctx.db.selectFrom('collections').select('sort_key').where('id', '=', c.id).executeTakeFirstOrThrow();
    const bKey = await server.ctx.db.selectFrom('spaces').select('sort_key').where('id', '=', b.id).executeTakeFirstOrThrow();
    expect(bKey.sort_key < keys.sort_key).toBe(true);
  });

  it('refuses bad targets: the field is named', async () => {
    const { org, api, users } = await tenant({ editor: 'edit' });
    const c = await mkCollection(api, org);
    const a = await mkSpace(api, org);
    const inside = await mkSpace(api, org, { parent: c.id });
    const notSibling = await api.post(`/v1/spaces/${a.id}/move`, { position: { after: { type: 'space', space: inside.id } } });
    expect(notSibling.status).toBe(400);
    expect(notSibling.body.error.message).toContain('/body/position/after/space');
    const self = await api.post(`/v1/spaces/${a.id}/move`, { position: { before: { type: 'space', space: a.id } } });
    expect(self.status).toBe(400);
    expect(self.body.error.message).toContain('/body/position/before');
    const b = await mkSpace(api, org);
    const d = await mkSpace(api, org);
    const apart = await api.post(`/v1/spaces/${a.id}/move`, { position: { after: { type: 'space', space: d.id }, before: { type: 'space', space: b.id } } });
    expect(apart.status).toBe(400);
    expect(apart.body.error.message).toContain('/body/position');
    expect((await api.post(`/v1/spaces/${a.id}/move`, {})).status).toBe(400);
    expect((await api.post(`/v1/spaces/${a.id}/move`, { position: { after: { type: 'page', page: 'x' } } })).status).toBe(400);
    const missing = await api.post(`/v1/spaces/${a.id}/move`, { parent: 'nope' });
    expect(missing.status).toBe(404);
    expect(missing.body.error.message).toContain('/body/parent');
    const other = await tenant();
    expect((await api.post(`/v1/spaces/${a.id}/move`, { parent: (await mkCollection(other.api, other.org)).id })).status).toBe(409);
    expect((await server.api(users.editor!.token).post(`/v1/spaces/${a.id}/move`, { parent: c.id })).status).toBe(403);
    expect((await other.api.post(`/v1/spaces/${a.id}/move`, { parent: null })).status).toBe(404);
    expect((await server.api().post(`/v1/spaces/${a.id}/move`, { parent: null })).status).toBe(401);
  });

  it('keeps a stable order under many moves without renumbering siblings', async () => {
    const { org, api } = await tenant();
    const model: string[] = [];
    for (let i = 0; i < 8; i++) model.push((await mkSpace(api, org, { title: `m${i}` })).id);
    const keysBefore = new Map((await server.ctx.db.selectFrom('spaces').select(['id', 'sort_key']).where('org_id', '=', org).execute()).map((r) => [r.id, r.sort_key]));
    let seed = 7;
    const rand = (n: number) => (seed = (seed * 1103515245 + 12345) % 2 ** 31) % n;
    for (let i = 0; i < 60; i++) {
      const mover = model[rand(model.length)]!;
      const rest = model.filter((x) => x !== mover);
      const target = rest[rand(rest.length)]!;
      const where = rand(2) ? 'before' : 'after';
      const r = await api.post(`/v1/spaces/${mover}/move`, { position: { [where]: { type: 'space', space: target } } });
      expect(r.status).toBe(200);
      model.splice(model.indexOf(mover), 1);
      model.splice(model.indexOf(target) + (where === 'after' ? 1 : 0), 0, mover);
    }
    expect(ids((await api.get(`/v1/orgs/${org}/spaces`)).body.items)).toEqual(model);
    const rows = await server.ctx.db.selectFrom('spaces').select(['id', 'sort_key']).where('org_id', '=', org).execute();
    expect(new Set(rows.map((r) => r.sort_key)).size).toBe(rows.length);
    expect(Math.max(...rows.map((r) => r.sort_key.length))).toBeLessThan(20);
    expect(keysBefore.size).toBe(8);
  });

  it('20 concurrent moves keep one consistent sibling order', async () => {
    const { org, api } = await tenant();
    const anchor = await mkSpace(api, org, { title: 'anchor' });
    const movers = [];
    for (let i = 0; i < 20; i++) movers.push((await mkSpace(api, org, { title: `r${i}` })).id);
    const results = await Promise.all(movers.map((id, i) => api.post(`/v1/spaces/${id}/move`, {
      position: i % 2 ? { before: { type: 'space', space: anchor.id } } : { after: { type: 'space', space: anchor.id } },
    })));
    for (const r of results) expect(r.status, JSON.stringify(r.body)).toBe(200);
    const order = ids((await api.get(`/v1/orgs/${org}/spaces`)).body.items);
    expect(order).toHaveLength(21);
    expect(new Set(order).size).toBe(21);
    const at = order.indexOf(anchor.id);
    movers.forEach((id, i) => expect(i % 2 ? order.indexOf(id) < at : order.indexOf(id) > at).toBe(true));
    const rows = await server.ctx.db.selectFrom('spaces').select(['id', 'sort_key']).where('org_id', '=', org).execute();
    expect(new Set(rows.map((r) => r.sort_key)).size).toBe(21);
    // Stable: listing again gives the same order, and one more move lands exactly where asked.
    expect(ids((await api.get(`/v1/orgs/${org}/spaces`)).body.items)).toEqual(order);
    await api.post(`/v1/spaces/${order[0]}/move`, { position: { after: { type: 'space', space: order[20]! } } });
    expect(ids((await api.get(`/v1/orgs/${org}/spaces`)).body.items)).toEqual([...order.slice(1), order[0]]);
  });
});

describe('transferSpace', () => {
  it('moves the space to the top level of another organization the caller administers', async () => {
    const { org, api, owner, users } = await tenant({ guest: null });
    const target = (await createOrganization(server, owner)).id;
    const c = await mkCollection(api, org);
    const s = await mkSpace(api, org, { parent: c.id });
    await api.post(`/v1/spaces/${s.id}/permissions`, { role: 'admin', users: [users.guest!.id] });
    const r = await api.post(`/v1/spaces/${s.id}/transfer`, { organization: target });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ organization: target, visibility: 'private' });
    expect(r.body.parent).toBeUndefined();
    expect(ids((await api.get(`/v1/orgs/${target}/spaces`)).body.items)).toEqual([s.id]);
    expect((await api.get(`/v1/orgs/${org}/spaces`)).body.items).toEqual([]);
    expect((await server.api(users.guest!.token).get(`/v1/spaces/${s.id}`)).status).toBe(404);
    const same = await api.post(`/v1/spaces/${s.id}/transfer`, { organization: target });
    expect(same.status).toBe(409);
  });

  it('needs admin in both organizations; names bad input', async () => {
    const { org, api, users } = await tenant({ creator: 'create' });
    const s = await mkSpace(api, org);
    const creator = users.creator!;
    const theirs = (await createOrganization(server, creator)).id;
    expect((await server.api(creator.token).post(`/v1/spaces/${s.id}/transfer`, { organization: theirs })).status).toBe(403);
    const other = await tenant();
    const notAdmin = await tenant();
    await addMember(server, notAdmin.org, notAdmin.owner, users.owner!, 'create');
    expect((await api.post(`/v1/spaces/${s.id}/transfer`, { organization: notAdmin.org })).status).toBe(403);
    const unknown = await api.post(`/v1/spaces/${s.id}/transfer`, { organization: other.org });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.message).toContain('/body/organization');
    const bad = await api.post(`/v1/spaces/${s.id}/transfer`, {});
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toContain('organization');
    expect((await other.api.post(`/v1/spaces/${s.id}/transfer`, { organization: other.org })).status).toBe(404);
    expect((await server.api().post(`/v1/spaces/${s.id}/transfer`, { organization: other.org })).status).toBe(401);
  });
});

describe('inviteToSpace', () => {
  it('grants roles to users and teams, replaces them, and removes them with null', async () => {
    const { org, api, users } = await tenant({ guest: null, mate: null });
    const s = await mkSpace(api, org);
    const guest = server.api(users.guest!.token);
    expect((await guest.get(`/v1/spaces/${s.id}`)).status).toBe(404);
    expect((await api.post(`/v1/spaces/${s.id}/permissions`, { role: 'read', users: [users.guest!.id] })).status).toBe(204);
    expect((await guest.get(`/v1/spaces/${s.id}`)).body.permissions).toMatchObject({ view: true, comment: false });
    await api.post(`/v1/spaces/${s.id}/permissions`, { role: 'edit', users: [users.guest!.id] });
    expect((await guest.get(`/v1/spaces/${s.id}`)).body.permissions).toMatchObject({ edit: true, admin: false });
    const team = (await api.put(`/v1/orgs/${org}/teams`, { title: 'T', members: [users.mate!.id] })).body;
    await api.post(`/v1/spaces/${s.id}/permissions`, { role: 'admin', teams: [team.id] });
    expect((await server.api(users.mate!.token).get(`/v1/spaces/${s.id}`)).body.permissions.admin).toBe(true);
    await api.post(`/v1/spaces/${s.id}/permissions`, { role: null, users: [users.guest!.id], teams: [team.id] });
    expect((await guest.get(`/v1/spaces/${s.id}`)).status).toBe(404);
    expect((await server.api(users.mate!.token).get(`/v1/spaces/${s.id}`)).status).toBe(404);
  });

  it('names users and teams that are not of the organization, and bad bodies', async () => {
    const { org, api } = await tenant();
    const s = await mkSpace(api, org);
    const stranger = await createUser(server, 'Stranger');
    const u = await api.post(`/v1/spaces/${s.id}/permissions`, { role: 'read', users: [stranger.id] });
    expect(u.status).toBe(404);
    expect(u.body.error.message).toContain('/body/users/0');
    const t = await api.post(`/v1/spaces/${s.id}/permissions`, { role: 'read', teams: ['nope'] });
    expect(t.status).toBe(404);
    expect(t.body.error.message).toContain('/body/teams/0');
    const none = await api.post(`/v1/spaces/${s.id}/permissions`, { role: 'read' });
    expect(none.status).toBe(400);
    expect(none.body.error.message).toContain('/body');
    const role = await api.post(`/v1/spaces/${s.id}/permissions`, { role: 'owner', users: [] });
    expect(role.status).toBe(400);
    expect(role.body.error.message).toContain('/body/role');
    expect((await server.api().post(`/v1/spaces/${s.id}/permissions`, { role: 'read', users: [] })).status).toBe(401);
  });
});

describe('listSpacesForOrganizationMember', () => {
  it("lists the spaces a member has a role on, with that role, for admins and the member", async () => {
    const { org, api, users } = await tenant({ guest: null, reader: 'read' });
    const a = await mkSpace(api, org, { title: 'a' });
    server.clock.advance(10);
    const b = await mkSpace(api, org, { title: 'b' });
    await api.post(`/v1/spaces/${b.id}/permissions`, { role: 'review', users: [users.guest!.id] });
    const mine = await server.api(users.guest!.token).get(`/v1/orgs/${org}/members/${users.guest!.id}/spaces`);
    expect(mine.status).toBe(200);
    expect(mine.body.items.map((i: { permission: string; space: { id: string } }) => [i.permission, i.space.id])).toEqual([['review', b.id]]);
    const readers = await api.get(`/v1/orgs/${org}/members/${users.reader!.id}/spaces?order=asc`);
    expect(readers.body.items.map((i: { permission: string; space: { id: string } }) => [i.permission, i.space.id])).toEqual([['read', a.id], ['read', b.id]]);
    const desc = await api.get(`/v1/orgs/${org}/members/${users.reader!.id}/spaces?limit=1`);
    expect(desc.body.items[0].space.id).toBe(b.id);
    expect(desc.body.count).toBe(2);
    expect((await server.api(users.reader!.token).get(`/v1/orgs/${org}/members/${users.guest!.id}/spaces`)).status).toBe(403);
    expect((await api.get(`/v1/orgs/${org}/members/nobody/spaces`)).status).toBe(404);
    const sideways = await api.get(`/v1/orgs/${org}/members/${users.reader!.id}/spaces?order=sideways`);
    expect(sideways.status).toBe(400);
    expect(sideways.body.error.message).toContain('/query/order');
    expect((await (await tenant()).api.get(`/v1/orgs/${org}/members/${users.reader!.id}/spaces`)).status).toBe(404);
    expect((await server.api().get(`/v1/orgs/${org}/members/${users.reader!.id}/spaces`)).status).toBe(401);
  });
});

describe('path parameters', () => {
  it('refuses malformed ids with 400 naming the parameter, for every operation', async () => {
    const { org, api } = await tenant();
    const bad = 'bad%20id';
    const calls: [Promise<{ status: number; body: any }>, string][] = [
      [api.get(`/v1/spaces/${bad}`), 'spaceId'],
      [api.patch(`/v1/spaces/${bad}`, { title: 'x' }), 'spaceId'],
      [api.delete(`/v1/spaces/${bad}`), 'spaceId'],
      [api.post(`/v1/spaces/${bad}/restore`), 'spaceId'],
      [api.post(`/v1/spaces/${bad}/duplicate`), 'spaceId'],
      [api.post(`/v1/spaces/${bad}/move`, { parent: null }), 'spaceId'],
      [api.post(`/v1/spaces/${bad}/transfer`, { organization: org }), 'spaceId'],
      [api.post(`/v1/spaces/${bad}/permissions`, { role: 'read', users: [] }), 'spaceId'],
      [api.get(`/v1/orgs/${bad}/spaces`), 'organizationId'],
      [api.post(`/v1/orgs/${bad}/spaces`, {}), 'organizationId'],
      [api.get(`/v1/collections/${bad}`), 'collectionId'],
      [api.patch(`/v1/collections/${bad}`, { title: 'x' }), 'collectionId'],
      [api.delete(`/v1/collections/${bad}`), 'collectionId'],
      [api.get(`/v1/collections/${bad}/spaces`), 'collectionId'],
      [api.post(`/v1/collections/${bad}/move`, { parent: null }), 'collectionId'],
      [api.post(`/v1/collections/${bad}/transfer`, { organization: org }), 'collectionId'],
      [api.post(`/v1/collections/${bad}/permissions`, { role: 'read', users: [] }), 'collectionId'],
      [api.get(`/v1/orgs/${org}/teams/${bad}`), 'teamId'],
      [api.patch(`/v1/orgs/${org}/teams/${bad}`, { title: 'x' }), 'teamId'],
      [api.delete(`/v1/orgs/${org}/teams/${bad}`), 'teamId'],
      [api.get(`/v1/orgs/${org}/teams/${bad}/members`), 'teamId'],
      [api.put(`/v1/orgs/${org}/teams/${bad}/members`, {}), 'teamId'],
      [api.put(`/v1/orgs/${org}/teams/x/members/${bad}`, {}), 'userId'],
      [api.delete(`/v1/orgs/${org}/teams/x/members/${bad}`), 'userId'],
      [api.get(`/v1/orgs/${org}/members/${bad}/spaces`), 'userId'],
      [api.get(`/v1/orgs/${org}/members/${bad}/teams`), 'userId'],
    ];
    for (const [call, param] of calls) {
      const r = await call;
      expect(r.status, `${param}: ${JSON.stringify(r.body)}`).toBe(400);
      expect(r.body.error.message).toContain(param);
    }
  });
});

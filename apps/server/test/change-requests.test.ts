// Change requests: create (201, sequential numbers, also when 50 race), list per space and per organization with
// filters and pagination, get by id or number, PATCH (subject, description, status; merged ones refuse), `outdated`,
// the space counters through every transition (also concurrent ones), reviews and requested reviewers, permissions.
import { describe, expect, it } from 'vitest';
import { createTenant, createUser, type TestApi, useTestServer } from '../src/testing/index.js';

const server = useTestServer();

async function tenant(roles: Record<string, string | null> = {}) {
  const t = await createTenant(server, roles);
  return { ...t, space: await mkSpace(t.api, t.org) };
}

async function mkSpace(api: TestApi, org: string) {
  const s = await api.post(`/v1/orgs/${org}/spaces`, { title: 'Space' });
  expect(s.status).toBe(201);
  return s.body;
}

async function mkCr(api: TestApi, spaceId: string, body: Record<string, unknown> = {}) {
  server.clock.advance(1000);
  const r = await api.post(`/v1/spaces/${spaceId}/change-requests`, body);
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body;
}

async function counters(api: TestApi, spaceId: string) {
  const s = (await api.get(`/v1/spaces/${spaceId}`)).body;
  return { changeRequests: s.changeRequests, open: s.changeRequestsOpen, draft: s.changeRequestsDraft };
}

/** What the counters must be, from the change requests themselves. */
async function countedFromLists(api: TestApi, spaceId: string) {
  const n = async (status: string) => (await api.get(`/v1/spaces/${spaceId}/change-requests?status=${status}&limit=0`)).body.count as number;
  const [draft, open, archived, merged] = await Promise.all([n('draft'), n('open'), n('archived'), n('merged')]);
  return { changeRequests: draft + open + archived + merged, open, draft };
}

describe('create and read', () => {
  it('creates a draft from the active revision (201, Location), with every field; get by id or number', async () => {
    const { api, space, owner } = await tenant();
    const r = await api.post(`/v1/spaces/${space.id}/change-requests`, { subject: 'Fix typos' });
    expect(r.status).toBe(201);
    expect(r.headers.get('location')).toBe(`${server.ctx.config.publicUrl}/v1/spaces/${space.id}/change-requests/${r.body.id}`);
    expect(r.body).toMatchObject({
      object: 'change-request', number: 1, status: 'draft', subject: 'Fix typos', space: space.id,
      createdBy: { object: 'user', id: owner.id }, revision: space.revision, revisionInitial: space.revision,
      comments: 0, outdated: false, urls: { location: r.headers.get('location'), app: expect.stringContaining(space.id) },
    });
    for (const k of ['revisionMergedAncestor', 'revisionMerged', 'mergedAt', 'mergedBy', 'description']) expect(r.body[k]).toBeUndefined();
    expect(r.body.createdAt).toBe(r.body.updatedAt);
    expect((await api.get(`/v1/spaces/${space.id}/change-requests/${r.body.id}`)).body).toEqual(r.body);
    expect((await api.get(`/v1/spaces/${space.id}/change-requests/1`)).body).toEqual(r.body);
    const second = await mkCr(api, space.id);
    expect(second).toMatchObject({ number: 2, subject: '' });
    expect((await api.get(`/v1/spaces/${space.id}/change-requests/2`)).body.id).toBe(second.id);
    expect((await api.get(`/v1/spaces/${space.id}/change-requests/3`)).status).toBe(404);
    expect((await api.get(`/v1/spaces/${space.id}/change-requests/nope`)).status).toBe(404);
    expect(await counters(api, space.id)).toEqual({ changeRequests: 2, open: 0, draft: 2 });
  });

  it('refuses bad input naming the field, and callers below edit', async () => {
    const { api, space, as } = await tenant({ reviewer: 'review', reader: 'read' });
    for (const [body, field] of [[{ subject: 'x'.repeat(101) }, '/body/subject'], [{ nope: 1 }, 'nope'], [{ subject: 3 }, '/body/subject']] as const) {
      const r = await api.post(`/v1/spaces/${space.id}/change-requests`, body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.error.message).toContain(field);
    }
    expect((await as('reviewer').post(`/v1/spaces/${space.id}/change-requests`, {})).status).toBe(403);
    expect((await as('reader').post(`/v1/spaces/${space.id}/change-requests`, {})).status).toBe(403);
    expect((await as('reader').get(`/v1/spaces/${space.id}/change-requests`)).status).toBe(200);
    const stranger = server.api((await createUser(server, 'Stranger')).token);
    expect((await stranger.post(`/v1/spaces/${space.id}/change-requests`, {})).status).toBe(404);
    expect((await stranger.get(`/v1/spaces/${space.id}/change-requests`)).status).toBe(404);
    expect((await server.api().get(`/v1/spaces/${space.id}/change-requests`)).status).toBe(401);
    await api.patch(`/v1/spaces/${space.id}`, { visibility: 'public' });
    expect((await stranger.get(`/v1/spaces/${space.id}/change-requests`)).status).toBe(403);
    await api.patch(`/v1/spaces/${space.id}`, { editMode: 'locked' });
    const locked = await api.post(`/v1/spaces/${space.id}/change-requests`, {});
    expect(locked.status).toBe(403);
    expect(locked.body.error.message).toContain('locked');
    expect(await counters(api, space.id)).toEqual({ changeRequests: 0, open: 0, draft: 0 });
  });

  it('numbers are sequential and unique when 50 creations race', async () => {
    const { api, space, as } = await tenant({ e1: 'edit', e2: 'edit' });
    const callers = [api, as('e1'), as('e2')];
    const results = await Promise.all(Array.from({ length: 50 }, (_, i) => callers[i % 3]!.post(`/v1/spaces/${space.id}/change-requests`, { subject: `cr ${i}` })));
    for (const r of results) expect(r.status).toBe(201);
    expect(results.map((r) => r.body.number).sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    expect(await counters(api, space.id)).toEqual({ changeRequests: 50, open: 0, draft: 50 });
  });

  it('outdated once the space has another active revision', async () => {
    const { api, space } = await tenant();
    const cr = await mkCr(api, space.id);
    expect(cr.outdated).toBe(false);
    // Another revision becomes active (as a merge or a live edit would make it).
    const now = new Date().toISOString();
    await server.ctx.db.insertInto('revisions').values({ id: `rev${cr.id}`, space_id: space.id, parents: JSON.stringify([space.revision]), type: 'edits', created_by: null, created_at: now }).execute();
    await server.ctx.db.updateTable('spaces').set({ revision_id: `rev${cr.id}` }).where('id', '=', space.id).execute();
    expect((await api.get(`/v1/spaces/${space.id}/change-requests/${cr.id}`)).body.outdated).toBe(true);
    expect((await mkCr(api, space.id)).revisionInitial).toBe(`rev${cr.id}`);
  });
});

describe('PATCH', () => {
  it('changes subject, description and status; counters follow every transition', async () => {
    const { api, space } = await tenant();
    const cr = await mkCr(api, space.id, { subject: 'a' });
    const path = `/v1/spaces/${space.id}/change-requests/${cr.id}`;
    server.clock.advance(1000);
    const description = { object: 'document', data: { schemaVersion: 1 }, nodes: [{ object: 'block', type: 'paragraph', nodes: [{ object: 'text', leaves: [{ object: 'leaf', text: 'Why', marks: [] }] }] }] };
    const r = await api.patch(path, { subject: 'b', description });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ subject: 'b', description, status: 'draft' });
    expect(r.body.updatedAt > cr.updatedAt).toBe(true);
    const expected = { draft: { open: 0, draft: 1 }, open: { open: 1, draft: 0 }, archived: { open: 0, draft: 0 } } as const;
    for (const status of ['open', 'archived', 'draft', 'archived', 'open', 'open', 'draft'] as const) {
      const p = await api.patch(path, { status });
      expect(p.body.status).toBe(status);
      expect(await counters(api, space.id)).toEqual({ changeRequests: 1, ...expected[status] });
    }
    expect((await api.patch(path, { status: 'merged' })).status).toBe(400);
    expect((await api.patch(path, {})).status).toBe(400);
    expect((await api.patch(path, { subject: 'x'.repeat(101) })).status).toBe(400);
    expect((await api.patch(path, { description: { object: 'nope' } })).status).toBe(400);
    const minimal = await api.request('PATCH', path, { subject: 'quiet' }, { prefer: 'return=minimal' });
    expect(minimal.status).toBe(204);
    expect(minimal.headers.get('preference-applied')).toBe('return=minimal');
    expect((await api.get(path)).body.subject).toBe('quiet');
  });

  it('needs the edit role', async () => {
    const { api, space, as } = await tenant({ reviewer: 'review', editor: 'edit' });
    const cr = await mkCr(api, space.id);
    expect((await as('reviewer').patch(`/v1/spaces/${space.id}/change-requests/${cr.id}`, { status: 'open' })).status).toBe(403);
    expect((await as('editor').patch(`/v1/spaces/${space.id}/change-requests/${cr.id}`, { status: 'open' })).status).toBe(200);
  });

  it('counters stay exact under concurrent creations and status changes', async () => {
    const { api, space, as } = await tenant({ e1: 'edit', e2: 'edit' });
    const callers = [api, as('e1'), as('e2')];
    const crs = await Promise.all(Array.from({ length: 10 }, () => api.post(`/v1/spaces/${space.id}/change-requests`, {})));
    const statuses = ['open', 'draft', 'archived'] as const;
    const ops: Promise<{ status: number }>[] = [];
    for (let i = 0; i < 60; i++) {
      const who = callers[i % 3]!;
      if (i % 5 === 0) ops.push(who.post(`/v1/spaces/${space.id}/change-requests`, {}));
      else ops.push(who.patch(`/v1/spaces/${space.id}/change-requests/${crs[i % 10]!.body.id}`, { status: statuses[(i * 7) % 3]! }));
    }
    for (const r of await Promise.all(ops)) expect([200, 201]).toContain(r.status);
    const c = await counters(api, space.id);
    expect(c).toEqual(await countedFromLists(api, space.id));
    expect(c.changeRequests).toBe(22);
  });
});

describe('lists', () => {
  it('per space: status (default open), creator, contributor; most recently updated first; paginated', async () => {
    const { api, space, as, users } = await tenant({ ada: 'edit' });
    const a = await mkCr(api, space.id);
    const b = await mkCr(as('ada'), space.id);
    const c = await mkCr(api, space.id);
    const d = await mkCr(as('ada'), space.id);
    for (const x of [a, b, c]) {
      server.clock.advance(1000);
      await api.patch(`/v1/spaces/${space.id}/change-requests/${x.id}`, { status: 'open' });
    }
    const ids = async (q: string) => {
      const r = await api.get(`/v1/spaces/${space.id}/change-requests${q}`);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return r.body.items.map((i: any) => i.id);
    };
    expect(await ids('')).toEqual([c.id, b.id, a.id]);
    expect(await ids('?status=draft')).toEqual([d.id]);
    expect(await ids('?status=merged')).toEqual([]);
    expect(await ids(`?creator=${users.ada!.id}`)).toEqual([b.id]);
    expect(await ids(`?creator=${users.ada!.id}&status=draft`)).toEqual([d.id]);
    expect(await ids(`?contributor=${users.owner!.id}`)).toEqual([c.id, a.id]);
    expect((await api.get(`/v1/spaces/${space.id}/change-requests?status=closed`)).status).toBe(400);
    const p1 = await api.get(`/v1/spaces/${space.id}/change-requests?limit=2`);
    expect(p1.body).toMatchObject({ count: 3, next: { page: expect.any(String) } });
    const p2 = await api.get(`/v1/spaces/${space.id}/change-requests?limit=2&page=${p1.body.next.page}`);
    expect(p2.body.items.map((i: any) => i.id)).toEqual([a.id]);
  });

  it('per organization: the spaces the caller has a role on', async () => {
    const { api, org, space, as, users, owner } = await tenant({ guest: null });
    const other = await mkSpace(api, org);
    const a = await mkCr(api, space.id);
    const b = await mkCr(api, other.id);
    const all = await api.get(`/v1/orgs/${org}/change-requests?status=draft`);
    expect(all.status).toBe(200);
    expect(all.body.items.map((i: any) => i.id)).toEqual([b.id, a.id]);
    expect((await api.get(`/v1/orgs/${org}/change-requests`)).body.items).toEqual([]); // default: open
    expect((await as('guest').get(`/v1/orgs/${org}/change-requests?status=draft`)).body.items).toEqual([]);
    expect((await api.post(`/v1/spaces/${other.id}/permissions`, { users: [users.guest!.id], role: 'read' })).status).toBe(204);
    expect((await as('guest').get(`/v1/orgs/${org}/change-requests?status=draft`)).body.items.map((i: any) => i.id)).toEqual([b.id]);
    expect((await api.get(`/v1/orgs/${org}/change-requests?status=draft&creator=${owner.id}&limit=1`)).body).toMatchObject({ count: 2, next: expect.any(Object) });
    const stranger = server.api((await createUser(server, 'Stranger')).token);
    expect((await stranger.get(`/v1/orgs/${org}/change-requests`)).status).toBe(404);
    await api.delete(`/v1/spaces/${other.id}`);
    expect((await api.get(`/v1/orgs/${org}/change-requests?status=draft`)).body.items.map((i: any) => i.id)).toEqual([a.id]);
  });
});

describe('reviews', () => {
  it('submits (201) approved / changes-requested reviews with an optional comment; lists, gets, outdated', async () => {
    const { api, space, as, users } = await tenant({ rev: 'review', rev2: 'review' });
    const cr = await mkCr(api, space.id);
    const base = `/v1/spaces/${space.id}/change-requests/${cr.id}/reviews`;
    const r = await as('rev').post(base, { status: 'changes-requested', comment: { markdown: 'Please fix' } });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body).toMatchObject({
      object: 'change-request-review', status: 'changes-requested', revision: cr.revision, outdated: false,
      reviewer: { id: users.rev!.id }, comment: { object: 'comment', body: { markdown: 'Please fix' }, target: { changeRequest: cr.id, review: r.body.id } },
      urls: { location: `${server.ctx.config.publicUrl}${base}/${r.body.id}` },
    });
    expect((await api.get(`/v1/spaces/${space.id}/change-requests/${cr.id}`)).body.comments).toBe(1);
    server.clock.advance(1000);
    const r2 = await as('rev2').post(base, { status: 'approved' });
    expect(r2.body.comment).toBeUndefined();
    expect((await as('rev').post(base, { status: 'approved', comment: {} })).status).toBe(201);
    const list = await api.get(base);
    expect(list.body.items.map((i: any) => i.status)).toEqual(['changes-requested', 'approved', 'approved']);
    expect((await api.get(`${base}/${r.body.id}?format=document`)).body.comment.body.document.object).toBe('document');
    expect((await api.get(`${base}/nope`)).status).toBe(404);

    // the change request's content moves on: every review is outdated
    await server.ctx.db.updateTable('change_requests').set({ revision_id: 'newer' }).where('id', '=', cr.id).execute();
    expect((await api.get(`${base}/${r.body.id}`)).body.outdated).toBe(true);
    expect((await api.get(`${base}?outdated=true`)).body.count).toBe(3);
    expect((await api.get(`${base}?outdated=false`)).body.count).toBe(0);
  });

  it('needs the review role; the author cannot review; merged or archived refuse', async () => {
    const { api, space, as } = await tenant({ commenter: 'comment', rev: 'review' });
    const cr = await mkCr(api, space.id);
    const base = `/v1/spaces/${space.id}/change-requests/${cr.id}/reviews`;
    expect((await as('commenter').post(base, { status: 'approved' })).status).toBe(403);
    expect((await api.post(base, { status: 'approved' })).status).toBe(403);
    expect((await as('rev').post(base, { status: 'maybe' })).status).toBe(400);
    await api.patch(`/v1/spaces/${space.id}/change-requests/${cr.id}`, { status: 'archived' });
    expect((await as('rev').post(base, { status: 'approved' })).status).toBe(409);
  });
});

describe('requested reviewers', () => {
  it('requests (200), lists, removes (204); a review fulfils the request and records requestedBy', async () => {
    const { api, space, as, users, owner } = await tenant({ rev: 'review', rev2: 'review', reader: 'read', editor: 'edit' });
    const cr = await mkCr(api, space.id);
    const base = `/v1/spaces/${space.id}/change-requests/${cr.id}/requested-reviewers`;
    const r = await api.post(base, { users: [users.rev!.id, users.rev2!.id, users.rev!.id] });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.users).toEqual([
      { object: 'change-request-requested-reviewer', kind: 'user', user: expect.objectContaining({ id: users.rev!.id }), revision: cr.revision, requestedBy: expect.objectContaining({ id: owner.id }), createdAt: expect.any(String) },
      expect.objectContaining({ kind: 'user', user: expect.objectContaining({ id: users.rev2!.id }) }),
    ]);
    expect((await api.post(base, { users: [users.rev!.id] })).body.users).toHaveLength(1); // idempotent
    expect((await api.get(base)).body.count).toBe(2);
    const bad = await api.post(base, { users: [users.rev!.id, users.reader!.id] });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toContain('/body/users/1');
    expect((await api.post(base, { users: [owner.id] })).status).toBe(400); // the author
    expect((await api.post(base, { users: ['nobody'] })).status).toBe(404);
    expect((await as('rev').post(base, { users: [users.rev2!.id] })).status).toBe(403);
    expect((await as('editor').post(base, { users: [users.rev2!.id] })).status).toBe(200);

    const review = await as('rev').post(`/v1/spaces/${space.id}/change-requests/${cr.id}/reviews`, { status: 'approved' });
    expect(review.body.requestedBy).toMatchObject({ id: owner.id });
    expect((await api.get(base)).body.items.map((i: any) => i.user.id)).toEqual([users.rev2!.id]);
    expect((await as('rev').delete(`${base}/${users.rev2!.id}`)).status).toBe(403);
    expect((await api.delete(`${base}/${users.rev2!.id}`)).status).toBe(204);
    expect((await api.delete(`${base}/${users.rev2!.id}`)).status).toBe(204);
    expect((await api.get(base)).body.count).toBe(0);
    expect((await api.delete(`/v1/spaces/${space.id}/change-requests/404/requested-reviewers/${users.rev2!.id}`)).status).toBe(204);
  });
});

// Comments and replies on spaces and change requests: bodies (markdown / document / empty, per `format`), targets,
// filters and pagination, resolve / reopen, reactions per user, permissions per caller, and the counters
// (Space.comments, ChangeRequest.comments, Comment.replies) kept exact under concurrency.
import { describe, expect, it } from 'vitest';
import { createTenant, createUser, type TestApi, useTestServer } from '../src/testing/index.js';

const server = useTestServer();

async function tenant(roles: Record<string, string | null> = {}) {
  const t = await createTenant(server, roles);
  const s = await t.api.post(`/v1/orgs/${t.org}/spaces`, { title: 'Space' });
  expect(s.status).toBe(201);
  return { ...t, space: s.body as any };
}

const tick = () => server.clock.advance(1000);

async function post(api: TestApi, path: string, body: unknown) {
  tick();
  const r = await api.post(path, body);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body;
}

describe('space comments', () => {
  it('posts a markdown comment (200) and returns it as written; counts it on the space', async () => {
    const { api, space, owner } = await tenant();
    const md = 'Hello **world**\n\n- a\n- b';
    const c = await post(api, `/v1/spaces/${space.id}/comments`, { body: { markdown: md } });
    expect(c).toMatchObject({
      object: 'comment', body: { markdown: md }, replies: 0, repliers: [], reactions: [], status: 'open',
      postedBy: { object: 'user', id: owner.id }, target: { space: space.id, revision: space.revision },
      urls: { location: `${server.ctx.config.publicUrl}/v1/spaces/${space.id}/comments/${c.id}` },
      permissions: { view: true, edit: true, reply: true, delete: true },
    });
    expect(c.editedAt).toBeUndefined();
    expect(c.resolvedAt).toBeUndefined();
    const got = await api.get(`/v1/spaces/${space.id}/comments/${c.id}`);
    expect(got.status).toBe(200);
    expect(got.body).toEqual(c);
    expect((await api.get(`/v1/spaces/${space.id}`)).body.comments).toBe(1);
  });

  it('converts bodies per format: markdown <-> document; an empty body stays empty', async () => {
    const { api, space } = await tenant();
    const c = await post(api, `/v1/spaces/${space.id}/comments`, { body: { markdown: 'Some *text*' } });
    const asDoc = await api.get(`/v1/spaces/${space.id}/comments/${c.id}?format=document`);
    expect(asDoc.body.body.document).toMatchObject({ object: 'document', nodes: [{ object: 'block', type: 'paragraph' }] });
    expect(asDoc.body.body.markdown).toBeUndefined();

    const d = await post(api, `/v1/spaces/${space.id}/comments`, { body: { document: asDoc.body.body.document } });
    expect(d.body.markdown).toBe('Some _text_\n');
    const dd = await api.get(`/v1/spaces/${space.id}/comments/${d.id}?format=document`);
    expect(dd.body.body.document).toEqual(asDoc.body.body.document);

    const e = await post(api, `/v1/spaces/${space.id}/comments`, { body: {} });
    expect(e.body).toEqual({});
    expect((await api.get(`/v1/spaces/${space.id}/comments/${e.id}?format=document`)).body.body).toEqual({});

    const bad = await api.post(`/v1/spaces/${space.id}/comments`, { body: { markdown: 'x', extra: 1 } });
    expect(bad.status).toBe(400);
    const noBody = await api.post(`/v1/spaces/${space.id}/comments`, {});
    expect(noBody.status).toBe(400);
    expect(noBody.body.error.message).toContain('body');
  });

  it('keeps targets: page, node, table cell; node without page is refused', async () => {
    const { api, space } = await tenant();
    const c = await post(api, `/v1/spaces/${space.id}/comments`, { body: { markdown: 'x' }, page: 'p1', node: 'n1', tableCell: { record: 'r', definition: 'd' } });
    expect(c.target).toEqual({ space: space.id, revision: space.revision, page: { id: 'p1', outdated: true } /* p1 is not a page of the space: nothing more to show */, node: { id: 'n1' }, tableCell: { record: 'r', definition: 'd' } });
    const r = await api.post(`/v1/spaces/${space.id}/comments`, { body: { markdown: 'x' }, node: 'n1' });
    expect(r.status).toBe(400);
    expect(r.body.error.message).toContain('/body/page');
  });

  it('lists with status, order, targetPage, authors filters and pagination', async () => {
    const { api, space, as, users } = await tenant({ ada: 'comment' });
    const ada = as('ada');
    const a = await post(api, `/v1/spaces/${space.id}/comments`, { body: { markdown: 'a' }, page: 'p1' });
    const b = await post(ada, `/v1/spaces/${space.id}/comments`, { body: { markdown: 'b' } });
    const c = await post(api, `/v1/spaces/${space.id}/comments`, { body: { markdown: 'c' }, page: 'p1' });
    const d = await post(ada, `/v1/spaces/${space.id}/comments`, { body: { markdown: 'd' }, page: 'p2' });
    expect((await api.put(`/v1/spaces/${space.id}/comments/${b.id}`, { resolved: true })).status).toBe(200);
    const ids = async (q: string) => {
      const r = await api.get(`/v1/spaces/${space.id}/comments${q}`);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return r.body.items.map((i: any) => i.id);
    };
    expect(await ids('')).toEqual([d.id, c.id, b.id, a.id]);
    expect(await ids('?order=asc')).toEqual([a.id, b.id, c.id, d.id]);
    expect(await ids('?status=open')).toEqual([d.id, c.id, a.id]);
    expect(await ids('?status=resolved')).toEqual([b.id]);
    expect(await ids('?status=all')).toHaveLength(4);
    expect(await ids('?targetPage=p1')).toEqual([c.id, a.id]);
    expect(await ids(`?authors=${users.ada!.id}`)).toEqual([d.id, b.id]);
    expect(await ids(`?authors=${users.ada!.id}&authors=${users.owner!.id}&order=asc`)).toEqual([a.id, b.id, c.id, d.id]);
    expect(await ids(`?authors=${users.ada!.id}&status=open&targetPage=p2`)).toEqual([d.id]);
    expect((await api.get(`/v1/spaces/${space.id}/comments?status=closed`)).status).toBe(400);
    expect((await api.get(`/v1/spaces/${space.id}/comments?format=html`)).status).toBe(400);

    const p1 = await api.get(`/v1/spaces/${space.id}/comments?limit=3`);
    expect(p1.body).toMatchObject({ count: 4, next: { page: expect.any(String) } });
    const p2 = await api.get(`/v1/spaces/${space.id}/comments?limit=3&page=${p1.body.next.page}`);
    expect(p2.body.items.map((i: any) => i.id)).toEqual([a.id]);
    expect(p2.body.next).toBeUndefined();
    expect((await api.get(`/v1/spaces/${space.id}/comments?limit=3&status=open&page=${p1.body.next.page}`)).status).toBe(400);
    const docs = await api.get(`/v1/spaces/${space.id}/comments?format=document&limit=1`);
    expect(docs.body.items[0].body.document.object).toBe('document');
    // A long body listed as a document is parsed on the content worker pool (lists convert bodies in batches there).
    // (Ending with one newline: a blank line at the end would be one more block, an empty paragraph, as GitBook reads it.)
    const long = `# Notes\n\n${'A paragraph with *emphasis* and [a link](https://example.com).\n\n'.repeat(600).trimEnd()}\n`;
    const big = await post(api, `/v1/spaces/${space.id}/comments`, { body: { markdown: long } });
    const listed = await api.get(`/v1/spaces/${space.id}/comments?format=document&limit=2`);
    expect(listed.body.items.map((i: any) => i.id)).toEqual([big.id, d.id]);
    expect(listed.body.items[0].body.document.nodes).toHaveLength(601);
    expect(listed.body.items[1].body.document.object).toBe('document');
  });

  it('resolves (resolvedAt, resolvedBy) and reopens (cleared); the space count follows', async () => {
    const { api, space, as, users } = await tenant({ commenter: 'comment' });
    const c = await post(api, `/v1/spaces/${space.id}/comments`, { body: { markdown: 'x' } });
    const r = await as('commenter').put(`/v1/spaces/${space.id}/comments/${c.id}`, { resolved: true });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ status: 'resolved', resolvedAt: expect.any(String), resolvedBy: { id: users.commenter!.id } });
    expect((await api.get(`/v1/spaces/${space.id}`)).body.comments).toBe(0);
    const again = await api.put(`/v1/spaces/${space.id}/comments/${c.id}`, { resolved: true });
    expect(again.body.resolvedBy.id).toBe(users.commenter!.id); // already resolved: unchanged
    expect((await api.get(`/v1/spaces/${space.id}`)).body.comments).toBe(0);
    const o = await api.put(`/v1/spaces/${space.id}/comments/${c.id}`, { resolved: false });
    expect(o.body.status).toBe('open');
    expect(o.body.resolvedAt).toBeUndefined();
    expect(o.body.resolvedBy).toBeUndefined();
    expect((await api.get(`/v1/spaces/${space.id}`)).body.comments).toBe(1);
  });

  it('edits the body (editedAt), only by the author', async () => {
    const { api, space, as } = await tenant({ other: 'admin' });
    const c = await post(api, `/v1/spaces/${space.id}/comments`, { body: { markdown: 'old' } });
    tick();
    const e = await api.put(`/v1/spaces/${space.id}/comments/${c.id}`, { body: { markdown: 'new' } });
    expect(e.status).toBe(200);
    expect(e.body.body).toEqual({ markdown: 'new' });
    expect(e.body.editedAt > c.postedAt).toBe(true);
    const o = await as('other').put(`/v1/spaces/${space.id}/comments/${c.id}`, { body: { markdown: 'hijack' } });
    expect(o.status).toBe(403);
    expect((await as('other').get(`/v1/spaces/${space.id}/comments/${c.id}`)).body.permissions).toEqual({ view: true, edit: false, reply: true, delete: true });
  });

  it('reactions are per user, with users and reactedAt; adding twice is idempotent', async () => {
    const { api, space, as, users } = await tenant({ ada: 'comment', bob: 'comment' });
    const c = await post(api, `/v1/spaces/${space.id}/comments`, { body: { markdown: 'x' } });
    const path = `/v1/spaces/${space.id}/comments/${c.id}`;
    await as('ada').put(path, { addedReactions: ['👍', '🎉'] });
    tick();
    await as('bob').put(path, { addedReactions: ['👍', '👍'] });
    const byEmoji = (list: any[]) => [...list].sort((x, y) => (x.emoji < y.emoji ? -1 : 1));
    let r = await api.get(path);
    expect(byEmoji(r.body.reactions)).toEqual(byEmoji([
      { emoji: '👍', count: 2, users: [{ user: expect.objectContaining({ id: users.ada!.id }), reactedAt: expect.any(String) }, { user: expect.objectContaining({ id: users.bob!.id }), reactedAt: expect.any(String) }] },
      { emoji: '🎉', count: 1, users: [{ user: expect.objectContaining({ id: users.ada!.id }), reactedAt: expect.any(String) }] },
    ]));
    await as('ada').put(path, { removedReactions: ['👍', '😀'] });
    r = await as('bob').put(path, { addedReactions: ['👍'] });
    expect(byEmoji(r.body.reactions)).toEqual(byEmoji([
      { emoji: '👍', count: 1, users: [{ user: expect.objectContaining({ id: users.bob!.id }), reactedAt: expect.any(String) }] },
      { emoji: '🎉', count: 1, users: [expect.objectContaining({ user: expect.objectContaining({ id: users.ada!.id }) })] },
    ]));
    const both = await as('ada').put(path, { addedReactions: ['🚀'], removedReactions: ['🚀', '🎉'] });
    expect(both.body.reactions.map((x: any) => x.emoji)).toEqual(['👍']);
  });

  it('permissions: read cannot post, reply or react; comment role can; author and admins delete', async () => {
    const { api, space, as } = await tenant({ reader: 'read', commenter: 'comment', editor: 'edit', admin2: 'admin' });
    const base = `/v1/spaces/${space.id}/comments`;
    const readerView = await as('reader').get(base);
    expect(readerView.status).toBe(200);
    expect((await as('reader').post(base, { body: { markdown: 'x' } })).status).toBe(403);
    const c = await post(as('commenter'), base, { body: { markdown: 'mine' } });
    expect(c.permissions).toEqual({ view: true, edit: true, reply: true, delete: true });
    expect((await as('reader').get(`${base}/${c.id}`)).body.permissions).toEqual({ view: true, edit: false, reply: false, delete: false });
    expect((await as('editor').get(`${base}/${c.id}`)).body.permissions).toEqual({ view: true, edit: false, reply: true, delete: false });
    expect((await as('reader').post(`${base}/${c.id}/replies`, { body: { markdown: 'x' } })).status).toBe(403);
    expect((await as('reader').put(`${base}/${c.id}`, { addedReactions: ['👍'] })).status).toBe(403);
    expect((await as('reader').put(`${base}/${c.id}`, { resolved: true })).status).toBe(403);
    expect((await as('editor').delete(`${base}/${c.id}`)).status).toBe(403);
    expect((await as('reader').delete(`${base}/${c.id}`)).status).toBe(403);
    expect((await as('commenter').delete(`${base}/${c.id}`)).status).toBe(204);
    const c2 = await post(as('commenter'), base, { body: { markdown: 'another' } });
    expect((await as('admin2').delete(`${base}/${c2.id}`)).status).toBe(204);
    expect((await api.get(`${base}/${c2.id}`)).status).toBe(404);
    expect((await api.delete(`${base}/${c2.id}`)).status).toBe(204); // already gone
    expect((await api.get(`/v1/spaces/${space.id}`)).body.comments).toBe(0);
  });

  it('outsiders: 404 on a private space (204 for delete), 403 on a public one, 401 without a token', async () => {
    const { api, space, as } = await tenant({ guest: null });
    const c = await post(api, `/v1/spaces/${space.id}/comments`, { body: { markdown: 'x' } });
    const stranger = server.api((await createUser(server, 'Stranger')).token);
    expect((await stranger.get(`/v1/spaces/${space.id}/comments`)).status).toBe(404);
    expect((await stranger.get(`/v1/spaces/${space.id}/comments/${c.id}`)).status).toBe(404);
    expect((await stranger.post(`/v1/spaces/${space.id}/comments`, { body: { markdown: 'x' } })).status).toBe(404);
    expect((await stranger.delete(`/v1/spaces/${space.id}/comments/${c.id}`)).status).toBe(204);
    expect((await as('guest').get(`/v1/spaces/${space.id}/comments`)).status).toBe(404);
    expect((await server.api().get(`/v1/spaces/${space.id}/comments`)).status).toBe(401);
    await api.patch(`/v1/spaces/${space.id}`, { visibility: 'public' });
    expect((await stranger.get(`/v1/spaces/${space.id}/comments`)).status).toBe(403);
    expect((await stranger.post(`/v1/spaces/${space.id}/comments`, { body: { markdown: 'x' } })).status).toBe(403);
    expect((await api.get(`/v1/spaces/${space.id}`)).body.comments).toBe(1);
    expect((await api.get(`/v1/spaces/${space.id}/comments/nope`)).status).toBe(404);
  });
});

describe('replies', () => {
  it('posts, lists (oldest first), gets, edits, reacts and deletes replies; the reply count and repliers follow', async () => {
    const { api, space, as, users } = await tenant({ ada: 'comment', reader: 'read' });
    const c = await post(api, `/v1/spaces/${space.id}/comments`, { body: { markdown: 'q' } });
    const base = `/v1/spaces/${space.id}/comments/${c.id}/replies`;
    const r1 = await post(as('ada'), base, { body: { markdown: 'first' } });
    expect(r1).toMatchObject({
      object: 'comment-reply', body: { markdown: 'first' }, reactions: [], postedBy: { id: users.ada!.id },
      urls: { location: `${server.ctx.config.publicUrl}${base}/${r1.id}` }, permissions: { view: true, edit: true, reply: true, delete: true },
    });
    const r2 = await post(api, base, { body: { markdown: 'second' } });
    const r3 = await post(as('ada'), base, { body: { markdown: 'third' } });
    const list = await api.get(base);
    expect(list.status).toBe(200);
    expect(list.body.items.map((r: any) => r.id)).toEqual([r1.id, r2.id, r3.id]);
    expect(list.body.count).toBe(3);
    let comment = (await api.get(`/v1/spaces/${space.id}/comments/${c.id}`)).body;
    expect(comment.replies).toBe(3);
    expect(comment.repliers).toEqual([
      { user: expect.objectContaining({ id: users.ada!.id }), count: 2, updatedAt: r3.postedAt },
      { user: expect.objectContaining({ id: users.owner!.id }), count: 1, updatedAt: r2.postedAt },
    ]);
    expect((await api.get(`${base}/${r1.id}?format=document`)).body.body.document.object).toBe('document');
    expect((await api.put(`${base}/${r1.id}`, { body: { markdown: 'nope' } })).status).toBe(403);
    const edited = await as('ada').put(`${base}/${r1.id}`, { body: { markdown: 'first!' } });
    expect(edited.body).toMatchObject({ body: { markdown: 'first!' }, editedAt: expect.any(String) });
    const reacted = await api.put(`${base}/${r1.id}`, { addedReactions: ['❤️'] });
    expect(reacted.body.reactions).toEqual([{ emoji: '❤️', count: 1, users: [expect.objectContaining({ user: expect.objectContaining({ id: users.owner!.id }) })] }]);
    expect((await as('reader').put(`${base}/${r1.id}`, { addedReactions: ['❤️'] })).status).toBe(403);
    expect((await as('reader').delete(`${base}/${r1.id}`)).status).toBe(403);
    expect((await as('ada').delete(`${base}/${r1.id}`)).status).toBe(204);
    expect((await api.delete(`${base}/${r3.id}`)).status).toBe(204); // admin
    expect((await api.delete(`${base}/${r3.id}`)).status).toBe(204); // gone already
    expect((await api.get(`${base}/${r3.id}`)).status).toBe(404);
    comment = (await api.get(`/v1/spaces/${space.id}/comments/${c.id}`)).body;
    expect(comment.replies).toBe(1);
    expect(comment.repliers).toHaveLength(1);
    // deleting the comment deletes its replies
    expect((await api.delete(`/v1/spaces/${space.id}/comments/${c.id}`)).status).toBe(204);
    expect((await api.get(`${base}/${r2.id}`)).status).toBe(404);
    expect((await api.get(base)).status).toBe(404);
  });
});

describe('change request comments', () => {
  it('are separate from the space comments, counted on the change request, addressed by id or number', async () => {
    const { api, space } = await tenant();
    const cr = (await api.post(`/v1/spaces/${space.id}/change-requests`, { subject: 'CR' })).body;
    const c = await post(api, `/v1/spaces/${space.id}/change-requests/${cr.id}/comments`, { body: { markdown: 'on the CR' } });
    expect(c.target).toEqual({ space: space.id, revision: cr.revision, changeRequest: cr.id });
    expect(c.urls.location).toBe(`${server.ctx.config.publicUrl}/v1/spaces/${space.id}/change-requests/${cr.id}/comments/${c.id}`);
    const byNumber = await api.get(`/v1/spaces/${space.id}/change-requests/${cr.number}/comments`);
    expect(byNumber.body.items.map((i: any) => i.id)).toEqual([c.id]);
    expect((await api.get(`/v1/spaces/${space.id}/comments`)).body.items).toEqual([]);
    expect((await api.get(`/v1/spaces/${space.id}/comments/${c.id}`)).status).toBe(404);
    expect((await api.get(`/v1/spaces/${space.id}/change-requests/${cr.id}`)).body.comments).toBe(1);
    expect((await api.get(`/v1/spaces/${space.id}`)).body.comments).toBe(0);

    const base = `/v1/spaces/${space.id}/change-requests/${cr.number}/comments/${c.id}`;
    const reply = await post(api, `${base}/replies?format=document`, { body: { markdown: 'reply' } });
    expect(reply.body.document.object).toBe('document');
    expect((await api.get(`${base}/replies`)).body.items).toHaveLength(1);
    expect((await api.get(`${base}/replies/${reply.id}`)).body.body).toEqual({ markdown: 'reply' });
    expect((await api.put(`${base}/replies/${reply.id}`, { body: { markdown: 'edited' } })).body.body).toEqual({ markdown: 'edited' });
    expect((await api.delete(`${base}/replies/${reply.id}`)).status).toBe(204);
    expect((await api.put(base, { resolved: true })).body.status).toBe('resolved');
    expect((await api.get(`/v1/spaces/${space.id}/change-requests/${cr.id}`)).body.comments).toBe(0);
    expect((await api.delete(base)).status).toBe(204);
    expect((await api.get(`/v1/spaces/${space.id}/change-requests/${cr.id}/comments?status=all`)).body.count).toBe(0);
    expect((await api.get(`/v1/spaces/${space.id}/change-requests/999/comments`)).status).toBe(404);
    expect((await api.delete(`/v1/spaces/${space.id}/change-requests/999/comments/${c.id}`)).status).toBe(204);
  });
});

describe('counters under concurrency', () => {
  it('Space.comments, ChangeRequest.comments and Comment.replies equal the rows after concurrent posts, resolves, reopens, replies and deletes', async () => {
    const { api, space, as } = await tenant({ a: 'comment', b: 'comment', c: 'admin' });
    const cr = (await api.post(`/v1/spaces/${space.id}/change-requests`, { subject: 'CR' })).body;
    const callers = [api, as('a'), as('b'), as('c')];
    for (const base of [`/v1/spaces/${space.id}/comments`, `/v1/spaces/${space.id}/change-requests/${cr.id}/comments`]) {
      const seed = await Promise.all(Array.from({ length: 12 }, (_, i) => api.post(base, { body: { markdown: `seed ${i}` } })));
      const ids = seed.map((r) => r.body.id as string);
      const ops: Promise<unknown>[] = [];
      for (let i = 0; i < 60; i++) {
        const who = callers[i % callers.length]!;
        const id = ids[i % ids.length]!;
        switch (i % 6) {
          case 0: ops.push(who.post(base, { body: { markdown: `new ${i}` } })); break;
          case 1: ops.push(who.put(`${base}/${id}`, { resolved: true })); break;
          case 2: ops.push(who.put(`${base}/${id}`, { resolved: false })); break;
          case 3: ops.push(who.post(`${base}/${id}/replies`, { body: { markdown: 'r' } })); break;
          case 4: ops.push(api.delete(`${base}/${ids[(i * 7) % ids.length]}`)); break;
          case 5: ops.push(who.put(`${base}/${id}`, { resolved: i % 4 === 1 })); break;
        }
      }
      const results = await Promise.all(ops) as { status: number }[];
      for (const r of results) expect([200, 204, 404]).toContain(r.status);
      const open = await api.get(`${base}?status=open&limit=0`);
      const all = await api.get(`${base}?limit=1000`);
      const counted = base.includes('change-requests')
        ? (await api.get(`/v1/spaces/${space.id}/change-requests/${cr.id}`)).body.comments
        : (await api.get(`/v1/spaces/${space.id}`)).body.comments;
      expect(counted).toBe(open.body.count);
      for (const c of all.body.items) {
        const replies = await api.get(`${base}/${c.id}/replies?limit=0`);
        expect(c.replies).toBe(replies.body.count);
      }
    }
  });
});

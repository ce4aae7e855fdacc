// A comment post by group commit remembers the space it read (services/comments.ts `versionedSpace`) for the next
// posts; the group statement writes a post only while the space row is still that version, so a change to the space
// between two posts is seen by the second one exactly as without the memo: its revision, its deletion.
import { describe, expect, it } from 'vitest';
import { createPage, createTenant, useTestServer } from '../src/testing/index.js';

const server = useTestServer();

describe('a space remembered by comment posts', () => {
  it('a new revision of the space is the next post\u2019s, in its answer and its row', async () => {
    const t = await createTenant(server, { a: 'comment' });
    const space = (await t.api.post(`/v1/orgs/${t.org}/spaces`, { title: 'Space' })).body as { id: string; revision: string };
    const first = await t.as('a').post(`/v1/spaces/${space.id}/comments`, { body: { markdown: 'first' } });
    expect(first.status).toBe(200);
    expect(first.body.target.revision).toBe(space.revision);
    await createPage(t.api, `/v1/spaces/${space.id}`, { type: 'document', title: 'New page' });
    const revision = (await t.api.get(`/v1/spaces/${space.id}`)).body.revision as string;
    expect(revision).not.toBe(space.revision);
    const second = await t.as('a').post(`/v1/spaces/${space.id}/comments`, { body: { markdown: 'second' } });
    expect(second.status).toBe(200);
    expect(second.body.target.revision).toBe(revision);
    const row = await server.ctx.db.selectFrom('comments').select('revision_id').where('id', '=', second.body.id as string).executeTakeFirstOrThrow();
    expect(row.revision_id).toBe(revision);
    // Posts at once after the change, all with the new revision, each written once.
    const many = await Promise.all(Array.from({ length: 12 }, (_, i) => t.as('a').post(`/v1/spaces/${space.id}/comments`, { body: { markdown: `m ${i}` } })));
    for (const r of many) expect([r.status, r.body.target.revision]).toEqual([200, revision]);
    expect((await t.api.get(`/v1/spaces/${space.id}`)).body.comments).toBe(14);
  });

  it('a deleted space refuses the next post and keeps nothing of it', async () => {
    const t = await createTenant(server, { a: 'comment' });
    const space = (await t.api.post(`/v1/orgs/${t.org}/spaces`, { title: 'Space' })).body as { id: string };
    expect((await t.as('a').post(`/v1/spaces/${space.id}/comments`, { body: { markdown: 'first' } })).status).toBe(200);
    expect((await t.api.delete(`/v1/spaces/${space.id}`)).status).toBe(204);
    const after = await t.as('a').post(`/v1/spaces/${space.id}/comments`, { body: { markdown: 'after' } });
    expect(after.status).toBe(404);
    const rows = await server.ctx.db.selectFrom('comments').select('id').where('space_id', '=', space.id).execute();
    expect(rows).toHaveLength(1);
  });
});

// The table of each space's distinct link targets (`link_targets`, migration 20261128T0520): the status lives on the
// target, refreshed per target when the pages and files a commit changes may change it, and a target is kept exactly
// while some link row uses it. After every write below, three invariants hold: every link row names a target of its
// own space and key; no target is left without a row; and a refresh of all the space's targets from scratch changes
// no status (none is stale). The statuses the API shows are checked too: a page created after a link to its path,
// a page deleted, renamed, moved; a file uploaded after a link to its name, deleted, uploaded again; a target used by
// two pages of which one stops using it, then the other; a change request merged; writers at once in one space and
// in two spaces with the same paths; the migration's way down and up again on the data.
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrator } from '../src/db/migrate.js';
import { linkStatusRefresh } from '../src/repos/content-index.repo.js';
import { createPage, createSpaceTenant, useTestServer } from '../src/testing/index.js';

const server = useTestServer();

async function upload(token: string, base: string, name: string) {
  const res = await fetch(`${server.url}${base}/content/files?name=${name}`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'text/plain' }, body: 'x' });
  expect(res.status).toBe(201);
  return (await res.json()) as { id: string };
}

/** The three invariants of the space's targets (see the header); `step` names the write in failures. */
async function invariants(spaceId: string, step: string): Promise<void> {
  const db = server.ctx.db;
  const wrong = await sql<{ seq: number }>`select l.page_id, l.seq from page_links l left join link_targets t on t.id = l.target_id
    where l.space_id = ${spaceId} and (t.id is null or t.space_id <> l.space_id or t.target_key <> l.target_key)`.execute(db);
  expect(wrong.rows, `${step}: rows without their target`).toEqual([]);
  const unused = await sql<{ target_key: string }>`select target_key from link_targets t where t.space_id = ${spaceId}
    and not exists (select 1 from page_links l where l.target_id = t.id)`.execute(db);
  expect(unused.rows, `${step}: targets no row uses`).toEqual([]);
  const refreshed = await linkStatusRefresh(spaceId).execute(db);
  expect(Number(refreshed.numAffectedRows ?? 0), `${step}: stale statuses`).toBe(0);
}

/** The space's targets as the API lists them: label -> status, and label -> the pages using it. */
async function listed(api: any, base: string): Promise<{ status: Record<string, string>; pages: Record<string, string[]> }> {
  const r = await api.get(`${base}/links?limit=100`);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  const label = (t: any) => t.url ?? t.path ?? t.name ?? t.page ?? t.file;
  return {
    status: Object.fromEntries(r.body.items.map((i: any) => [label(i.targetReference), i.status])),
    pages: Object.fromEntries(r.body.items.map((i: any) => [label(i.targetReference), i.locationReferences.map((l: any) => l.page).sort()])),
  };
}

describe('link targets', () => {
  it('keep their status through the writes that change their pages and files, and go with their last link', async () => {
    const { api, base, spaceId, owner } = await createSpaceTenant(server);
    const a = await createPage(api, base, { title: 'A', markdown: '[later](later.md) [shared](shared.md) [web](https://shared.example) ![i](img.png)' });
    const b = await createPage(api, base, { title: 'B', markdown: '[shared](shared.md) [web](https://shared.example) [a](a.md)' });
    await invariants(spaceId, 'created');
    expect((await listed(api, base)).status).toMatchObject({ later: 'broken', shared: 'broken', 'img.png': 'broken', a: 'ok' });

    // A page created after a link to its path; a file uploaded after a link to its name.
    const later = await createPage(api, base, { title: 'Later' });
    await invariants(spaceId, 'page created');
    expect((await listed(api, base)).status).toMatchObject({ later: 'ok', shared: 'broken' });
    const img = await upload(owner.token, base, 'img.png');
    await invariants(spaceId, 'file uploaded');
    expect((await listed(api, base)).status).toMatchObject({ 'img.png': 'ok' });

    // A target used by two pages: one stops using it (it stays, with the other page), then the other (it goes).
    expect((await api.patch(`${base}/content/page/${a.id}`, { markdown: `[later](later.md) ![i](img.png) [by id](/pages/${later.id})` })).status).toBe(200);
    await invariants(spaceId, 'a stops using shared');
    expect((await listed(api, base)).pages).toMatchObject({ shared: [b.id], 'https://shared.example': [b.id] });
    expect((await api.patch(`${base}/content/page/${b.id}`, { markdown: '[a](a.md)' })).status).toBe(200);
    await invariants(spaceId, 'b stops using shared');
    const gone = await listed(api, base);
    expect(gone.status).not.toHaveProperty('shared');
    expect(gone.status).not.toHaveProperty('https://shared.example');
    const keys = (await server.ctx.db.selectFrom('link_targets').select('target_key').where('space_id', '=', spaceId).execute()).map((r) => r.target_key).sort();
    expect(keys).toEqual(['name:img.png', 'page:' + later.id, 'path:a', 'path:later'].sort());

    // Renamed and moved away from the path its link uses (the link by id stays ok); deleted; a file deleted, then
    // uploaded again under the same name (another id).
    expect((await api.patch(`${base}/content/page/${later.id}`, { slug: 'renamed' })).status).toBe(200);
    await invariants(spaceId, 'renamed');
    expect((await listed(api, base)).status).toMatchObject({ later: 'broken', [later.id]: 'ok' });
    expect((await api.patch(`${base}/content/page/${later.id}`, { slug: 'later' })).status).toBe(200);
    await invariants(spaceId, 'renamed back');
    expect((await listed(api, base)).status).toMatchObject({ later: 'ok' });
    const group = await createPage(api, base, { title: 'Group', type: 'group' });
    expect((await api.post(`${base}/content/edits`, { edits: [{ op: 'movePage', pageId: later.id, parent: group.id }] })).status).toBe(200);
    await invariants(spaceId, 'moved');
    expect((await listed(api, base)).status).toMatchObject({ later: 'broken', [later.id]: 'ok' });
    expect((await api.delete(`${base}/content/page/${later.id}`)).status).toBe(204);
    await invariants(spaceId, 'deleted');
    expect((await listed(api, base)).status).toMatchObject({ later: 'broken', [later.id]: 'broken' });
    expect((await api.delete(`${base}/content/files/${img.id}`)).status).toBe(204);
    await invariants(spaceId, 'file deleted');
    expect((await listed(api, base)).status).toMatchObject({ 'img.png': 'broken' });
    await upload(owner.token, base, 'img.png');
    await invariants(spaceId, 'file uploaded again');
    expect((await listed(api, base)).status).toMatchObject({ 'img.png': 'ok' });

    // A change request merged: it deletes A (its targets go unless B uses them) and gives B new links.
    const cr = (await api.post(`${base}/change-requests`, { subject: 'Links' })).body;
    const edits = await api.post(`${base}/change-requests/${cr.id}/content/edits`, { edits: [
      { op: 'deletePage', pageId: a.id },
      { op: 'updatePage', pageId: b.id, page: { markdown: '[a](a.md) [group](group.md) [later](later.md)' } },
    ] });
    expect(edits.status, JSON.stringify(edits.body)).toBe(200);
    expect((await api.post(`${base}/change-requests/${cr.id}/merge`)).status).toBe(200);
    await invariants(spaceId, 'merged');
    expect((await listed(api, base)).status).toEqual({ a: 'broken', group: 'ok', later: 'broken' });
  });

  it('stay right with writers at once in one space and in two spaces with the same paths', async () => {
    const one = await createSpaceTenant(server);
    const two = await createSpaceTenant(server);
    const write = (t: typeof one, i: number) =>
      t.api.post(`${t.base}/content/pages`, { title: `P${i}`, markdown: `[next](p${i + 1}.md) [all](p0.md) [web](https://w.example/${i % 2}) ![f](f${i % 3}.png)` });
    const results = await Promise.all([...Array.from({ length: 6 }, (_, i) => write(one, i)), ...Array.from({ length: 6 }, (_, i) => write(two, i))]);
    for (const r of results) expect(r.status, JSON.stringify(r.body)).toBe(201);
    await Promise.all([upload(one.owner.token, one.base, 'f1.png'), upload(two.owner.token, two.base, 'f2.png'), write(one, 6), write(two, 7)]);
    for (const [t, created] of [[one, [0, 1, 2, 3, 4, 5, 6]], [two, [0, 1, 2, 3, 4, 5, 7]]] as const) {
      await invariants(t.spaceId, `space ${t === one ? 'one' : 'two'}`);
      const { status } = await listed(t.api, t.base);
      for (const i of created) expect(status[`p${i + 1}`], `p${i + 1}`).toBe((created as readonly number[]).includes(i + 1) ? 'ok' : 'broken');
      expect(status).toMatchObject({ p0: 'ok', 'f0.png': 'broken', 'f1.png': t === one ? 'ok' : 'broken', 'f2.png': t === two ? 'ok' : 'broken' });
      // Each space has its own targets (the same keys, other rows): 8 paths, 2 URLs, 3 file names.
      expect(Object.keys(status)).toHaveLength(13);
      const n = await server.ctx.db.selectFrom('link_targets').select((eb) => eb.fn.countAll().as('n')).where('space_id', '=', t.spaceId).executeTakeFirst();
      expect(Number(n?.n)).toBe(13);
    }
  });

  it('are built from the link rows by the migration, and given back to them on its way down', async () => {
    const { api, base, spaceId, owner } = await createSpaceTenant(server);
    await upload(owner.token, base, 'logo.png');
    const home = await createPage(api, base, { title: 'Home', markdown: '[x](x.md) ![l](logo.png) [h](#top)' });
    await createPage(api, base, { title: 'Other', markdown: `[home](home.md) [id](/pages/${home.id}) [x](x.md) [w](https://w.example) ![m](missing.png)` });
    const before = await listed(api, base);
    const statusOf = async () => (await server.ctx.db.selectFrom('page_links as l').innerJoin('link_targets as t', 't.id', 'l.target_id')
      .select(['l.page_id', 'l.seq', 't.status']).where('l.space_id', '=', spaceId).orderBy('l.page_id').orderBy('l.seq').execute()).map((r) => `${r.page_id} ${r.seq} ${r.status}`);
    const rowStatuses = await statusOf();
    const m = migrator(server.ctx.db);
    try {
      expect((await m.migrateTo('20261128T0400-space-comment-count-key')).error).toBeUndefined();
      // Down: every row has its target's status again.
      const down = await sql<{ page_id: string; seq: number; status: string }>`select page_id, seq, status from page_links where space_id = ${spaceId} order by page_id, seq`.execute(server.ctx.db);
      expect(down.rows.map((r) => `${r.page_id} ${r.seq} ${r.status}`)).toEqual(rowStatuses);
    } finally {
      expect((await m.migrateToLatest()).error).toBeUndefined();
    }
    // Up: the targets built from the rows, every row given its target's id; the API answers as before.
    await invariants(spaceId, 'migrated');
    expect(await statusOf()).toEqual(rowStatuses);
    expect(await listed(api, base)).toEqual(before);
  });
});

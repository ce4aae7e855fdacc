// A new link target is written with its final status (engine/content-index.ts `assignTargets`, `settleStatuses`): a
// link to a page or file the space has is written `ok`, not written `broken` and then rewritten by the commit's status
// refresh. The status is the target's (`link_targets`, migration 20261128T0520; a link row carries its target's id).
// A trigger of the test's own records every status write of `link_targets`; the statuses read back are those the
// refresh gives, and they still follow their targets afterwards.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPage, createSpaceTenant, useTestServer } from '../src/testing/index.js';

const server = useTestServer();

async function upload(token: string, base: string, name: string) {
  const res = await fetch(`${server.url}${base}/content/files?name=${name}`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'text/plain' }, body: 'x' });
  expect(res.status).toBe(201);
  return (await res.json()) as { id: string };
}

beforeAll(async () => {
  const db = server.ctx.db;
  await sql`create table test_status_writes (space_id text, target_key text, status text)`.execute(db);
  if (server.dialect === 'postgres') {
    await sql`create function test_status_written() returns trigger language plpgsql as $$ begin
      insert into test_status_writes values (new.space_id, new.target_key, new.status); return null; end $$`.execute(db);
    await sql`create trigger test_status_writes_au after update of status on link_targets for each row execute function test_status_written()`.execute(db);
  } else {
    await sql`create trigger test_status_writes_au after update of status on link_targets begin
      insert into test_status_writes values (new.space_id, new.target_key, new.status); end`.execute(db);
  }
});

afterAll(async () => {
  const db = server.ctx.db;
  if (server.dialect === 'postgres') {
    await sql`drop trigger test_status_writes_au on link_targets`.execute(db);
    await sql`drop function test_status_written()`.execute(db);
  } else {
    await sql`drop trigger test_status_writes_au`.execute(db);
  }
  await sql`drop table test_status_writes`.execute(db);
});

/** The status writes of the targets of a page's link rows since the test began, in key order. */
async function writes(spaceId: string, pageId: string): Promise<string[]> {
  const r = await sql<{ key: string; status: string }>`select target_key as key, status from test_status_writes
    where space_id = ${spaceId} and target_key in (select l.target_key from page_links l where l.space_id = ${spaceId} and l.page_id = ${pageId})
    order by target_key, status`.execute(server.ctx.db);
  return r.rows.map((w) => `${w.key} ${w.status}`);
}

/** A page's link rows: target key and (its target's) status, in key order. */
async function statuses(spaceId: string, pageId: string): Promise<Record<string, string>> {
  const r = await sql<{ key: string; status: string }>`select l.target_key as key, t.status from page_links l join link_targets t on t.id = l.target_id
    where l.space_id = ${spaceId} and l.page_id = ${pageId} order by l.target_key`.execute(server.ctx.db);
  return Object.fromEntries(r.rows.map((w) => [w.key, w.status]));
}

describe('link targets written with their status', () => {
  it('writes a link to an existing page or file ok once, the others broken, and still follows the targets', async () => {
    const { api, base, spaceId, owner } = await createSpaceTenant(server);
    const home = await createPage(api, base, { title: 'Home', markdown: 'Welcome' });
    const logo = await upload(owner.token, base, 'logo.png');
    const usage = await createPage(api, base, {
      title: 'Usage',
      markdown: `[Home](home.md) [Home by id](/pages/${home.id}) [Gone](gone.md) ![Logo](/files/${logo.id}) ![By name](logo.png) ![Later](later.png) [Web](https://example.com) [Top](#top)`,
    });
    expect(await statuses(spaceId, usage.id)).toEqual({
      'path:home': 'ok',
      [`page:${home.id}`]: 'ok',
      'path:gone': 'broken',
      [`file:${logo.id}`]: 'ok',
      'name:logo.png': 'ok',
      'name:later.png': 'broken',
      'url:https://example.com': 'ok',
      [`anchor:${usage.id}#top`]: 'ok',
    });
    // Not one row written twice: before, the links to Home and the logo were written broken, then made ok.
    expect(await writes(spaceId, usage.id)).toEqual([]);

    // Pages created in one commit with a page that links to them: the commit's pages are written before its links.
    const batch = await api.post(`${base}/content/edits`, {
      edits: [
        { op: 'createPage', page: { id: 'linker-page', title: 'Linker', markdown: '[Soon](soon.md) [Soon by id](/pages/soon-page) [Home](home.md) [Gone](gone.md)' } },
        { op: 'createPage', page: { id: 'soon-page', title: 'Soon', markdown: 'Here.' } },
      ],
    });
    expect(batch.status, JSON.stringify(batch.body)).toBe(200);
    expect(await statuses(spaceId, 'linker-page')).toEqual({ 'path:soon': 'ok', 'page:soon-page': 'ok', 'path:home': 'ok', 'path:gone': 'broken' });
    expect(await writes(spaceId, 'linker-page')).toEqual([]);

    // The targets still move the rows: a file that comes heals them, a page that goes breaks them.
    await upload(owner.token, base, 'later.png');
    expect((await statuses(spaceId, usage.id))['name:later.png']).toBe('ok');
    expect((await api.delete(`${base}/content/page/${home.id}`)).status).toBe(204);
    expect(await statuses(spaceId, usage.id)).toMatchObject({ 'path:home': 'broken', [`page:${home.id}`]: 'broken', 'name:later.png': 'ok' });
    expect(await writes(spaceId, usage.id)).toEqual([`page:${home.id} broken`, 'name:later.png ok', 'path:home broken'].sort());
    const listed = await api.get(`${base}/links`);
    expect(listed.status).toBe(200);
    expect(listed.body.stats).toEqual({ total: 10, broken: { total: 3, changeRequest: 0 } });
  });
});

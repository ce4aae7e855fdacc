// A page edit that keeps a page's links keeps its link rows (engine/content-index.ts unchangedLinkPages): the rows are
// not deleted and inserted again, their statuses still follow their targets, and an edit that changes the links
// rewrites them. The rows' physical identity (SQLite's rowid, PostgreSQL's ctid) tells a kept row from a rewritten one.
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createPage, createSpaceTenant, useTestServer } from '../src/testing/index.js';

const server = useTestServer();

/** The page's link rows in `seq` order: target key, status and physical identity. */
async function rows(spaceId: string, pageId: string): Promise<{ key: string; status: string; at: string }[]> {
  const at = server.dialect === 'postgres' ? sql`l.ctid::text` : sql`cast(l.rowid as text)`;
  // The status is the row's target's (`link_targets`, migration 20261128T0520).
  const r = await sql<{ key: string; status: string; at: string }>`select l.target_key as key, t.status, ${at} as at from page_links l
    join link_targets t on t.id = l.target_id where l.space_id = ${spaceId} and l.page_id = ${pageId} order by l.seq`.execute(server.ctx.db);
  return r.rows;
}

const statuses = (items: any[]) => Object.fromEntries(items.map((i) => [i.targetReference.url ?? i.targetReference.path ?? i.targetReference.page, i.status]));

describe('link rows of an edited page', () => {
  it('are kept when the links stay, follow their targets, and are rewritten when the links change', async () => {
    const { api, base, spaceId } = await createSpaceTenant(server);
    const links = '[Next](next.md) [Docs](https://example.com/docs) [Top](#top)';
    const page = await createPage(api, base, { title: 'Start', markdown: `# Top\n\nFirst words. ${links}\n` });
    // Rows of another page after this one's: a rewrite of this page's rows gives them new rowids (SQLite reuses the
    // highest rowid's successor; without rows after them, rewritten rows would get their old rowids again).
    await createPage(api, base, { title: 'Other', markdown: '[Docs](https://example.com/other)' });
    const first = await rows(spaceId, page.id);
    expect(first.map((r) => [r.key, r.status])).toEqual([
      ['path:next', 'broken'],
      ['url:https://example.com/docs', 'ok'],
      [`anchor:${page.id}#top`, 'ok'],
    ]);

    // The text changes, the links do not: the same rows.
    expect((await api.patch(`${base}/content/page/${page.id}`, { markdown: `# Top\n\nOther words. ${links}\n\nMore.\n` })).status).toBe(200);
    const kept = await rows(spaceId, page.id);
    expect(kept).toEqual(first);

    // Their target comes: the kept row heals, and stays healed through another edit that keeps the links.
    await createPage(api, base, { title: 'Next', markdown: 'Here.' });
    expect((await rows(spaceId, page.id)).map((r) => r.status)).toEqual(['ok', 'ok', 'ok']);
    expect((await api.patch(`${base}/content/page/${page.id}`, { markdown: `# Top\n\nThird words. ${links}\n` })).status).toBe(200);
    const healed = await rows(spaceId, page.id);
    expect(healed.map((r) => [r.key, r.status])).toEqual([
      ['path:next', 'ok'],
      ['url:https://example.com/docs', 'ok'],
      [`anchor:${page.id}#top`, 'ok'],
    ]);
    const listed = await api.get(`${base}/links`);
    expect(listed.status).toBe(200);
    expect(statuses(listed.body.items)).toEqual({ next: 'ok', 'https://example.com/docs': 'ok', 'https://example.com/other': 'ok', [page.id]: 'ok' });

    // A link changes: the page's rows are written again, with the new target.
    const changed = '[Next](gone.md) [Docs](https://example.com/docs) [Top](#top)';
    expect((await api.patch(`${base}/content/page/${page.id}`, { markdown: `# Top\n\nThird words. ${changed}\n` })).status).toBe(200);
    const rewritten = await rows(spaceId, page.id);
    expect(rewritten.map((r) => [r.key, r.status])).toEqual([
      ['path:gone', 'broken'],
      ['url:https://example.com/docs', 'ok'],
      [`anchor:${page.id}#top`, 'ok'],
    ]);
    expect(rewritten.map((r) => r.at)).not.toEqual(healed.map((r) => r.at));
    const after = await api.get(`${base}/links`);
    expect(statuses(after.body.items)).toEqual({ gone: 'broken', 'https://example.com/docs': 'ok', 'https://example.com/other': 'ok', [page.id]: 'ok' });

    // The last link goes: no rows left.
    expect((await api.patch(`${base}/content/page/${page.id}`, { markdown: '# Top\n\nNo links.\n' })).status).toBe(200);
    expect(await rows(spaceId, page.id)).toEqual([]);
  });
});

// Links and backlinks: every kind of target (relative paths, stable page and file refs, anchors, external and in-app
// URLs, images by name), statuses that follow the content (a link breaks when its target goes, heals when it comes
// back), stats, the status filter, pagination, per-page links, page and file backlinks.
import { sql, type RawBuilder } from 'kysely';
import { describe, expect, it } from 'vitest';
import { contentIndexRepo, linkStatusRefresh } from '../src/repos/content-index.repo.js';
import { linkQueries, linksRepo } from '../src/repos/links.repo.js';
import { createPage, createSpaceTenant, useTestServer } from '../src/testing/index.js';

const server = useTestServer();

const setup = () => createSpaceTenant(server);
const page = createPage;

async function upload(token: string, base: string, name: string) {
  const res = await fetch(`${server.url}${base}/content/files?name=${name}`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'text/plain' }, body: 'x' });
  expect(res.status).toBe(201);
  return (await res.json()) as { id: string };
}

const byTarget = (items: any[]) =>
  Object.fromEntries(items.map((i) => [i.targetReference.url ?? i.targetReference.path ?? i.targetReference.name ?? i.targetReference.page ?? i.targetReference.file, i.status]));

describe('links', () => {
  it('resolves every kind of target, counts them, filters by status, and follows the content', async () => {
    const { api, base, spaceId, owner } = await setup();
    const home = await page(api, base, { title: 'Home', markdown: 'Welcome' });
    const guide = await page(api, base, { title: 'Guide', type: 'group' });
    const install = await page(api, base, { title: 'Install', parent: guide.id, markdown: '# Install' });
    const file = await upload(owner.token, base, 'logo.png');
    const app = server.ctx.config.appUrl;
    const usage = await page(api, base, {
      title: 'Usage', parent: guide.id,
      markdown: [
        '# Top', '',
        `[Install](install.md) [Install again](./install) [Home](/pages/${home.id}) [Home by path](../home.md)`,
        `[Gone](missing.md) [External](https://example.com/docs) [In app](${app}/s/${spaceId}/home) [Anchor](#top)`,
        `![Logo](/files/${file.id}) ![Old](../assets/old.png) [Dead id](/pages/nopenope)`,
      ].join('\n'),
    });
    const r = await api.get(`${base}/links`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(byTarget(r.body.items)).toEqual({
      'guide/install': 'ok',
      'home': 'ok',
      [home.id]: 'ok',
      'guide/missing': 'broken',
      'https://example.com/docs': 'ok',
      [`${app}/s/${spaceId}/home`]: 'in-app',
      [usage.id]: 'ok',
      [file.id]: 'ok',
      'old.png': 'broken',
      nopenope: 'broken',
    });
    expect(r.body.stats).toEqual({ total: 10, broken: { total: 3, changeRequest: 0 } });
    expect(r.body.count).toBe(10);
    const installLink = r.body.items.find((i: any) => i.targetReference.path === 'guide/install');
    expect(installLink).toMatchObject({
      relation: 'reference',
      targetReference: { kind: 'page', page: install.id, space: spaceId },
      locationReferences: [{ kind: 'page', page: usage.id, space: spaceId, versionContext: { type: 'revision' } }],
    });
    expect(r.body.items.find((i: any) => i.targetReference.file === file.id).targetReference.kind).toBe('file');

    const broken = await api.get(`${base}/links?status=broken`);
    expect(broken.body.items.map((i: any) => i.status)).toEqual(['broken', 'broken', 'broken']);
    expect(broken.body.count).toBe(3);
    expect(broken.body.stats.total).toBe(10);
    const inApp = await api.get(`${base}/links?status=in-app`);
    expect(inApp.body.items).toHaveLength(1);

    // Pagination over targets.
    const seen: string[] = [];
    let next: string | undefined;
    do {
      const p = await api.get(`${base}/links?limit=3${next ? `&page=${next}` : ''}`);
      seen.push(...p.body.items.map((i: any) => JSON.stringify(i.targetReference)));
      next = p.body.next?.page;
    } while (next);
    expect(new Set(seen).size).toBe(10);

    // Uploading the missing file by name and creating the missing page heal their links; deleting breaks.
    await upload(owner.token, base, 'old.png');
    await page(api, base, { title: 'Missing', parent: guide.id });
    expect((await api.delete(`${base}/content/page/${install.id}`)).status).toBe(204);
    const after = await api.get(`${base}/links`);
    expect(byTarget(after.body.items)).toMatchObject({ 'old.png': 'ok', 'guide/missing': 'ok', 'guide/install': 'broken' });
    expect(after.body.stats.broken.total).toBe(2);

    // Editing the page's content re-derives its links.
    await api.patch(`${base}/content/page/${usage.id}`, { markdown: '[Only](https://only.example)' });
    const edited = await api.get(`${base}/links`);
    expect(edited.body.items.map((i: any) => i.targetReference.url)).toEqual(['https://only.example']);
  });

  it('pages through targets whose keys are long: the cursor of a 2,000-character key (ASCII or not) is accepted', async () => {
    const { api, base } = await setup();
    const long = (c: string) => `https://example.com/${c.repeat(1990)}`;
    await page(api, base, { title: 'Long', markdown: `[a](${long('a')}) [b](${long('b')}) [c](https://example.com/${'文'.repeat(600)})` });
    const seen: string[] = [];
    let next: string | undefined;
    for (let i = 0; i < 5; i++) {
      const r = await api.get(`${base}/links?limit=1${next ? `&page=${next}` : ''}`);
      expect(r.status, JSON.stringify(r.body).slice(0, 300)).toBe(200);
      seen.push(...r.body.items.map((x: any) => String(x.targetReference.url).slice(0, 21)));
      next = r.body.next?.page;
      if (!next) break;
    }
    expect(seen).toHaveLength(3);
    expect(new Set(seen).size).toBe(3);
  });

  it('lists the links of one page, and page and file backlinks', async () => {
    const { api, base, owner } = await setup();
    const file = await upload(owner.token, base, 'diagram.svg');
    const target = await page(api, base, { title: 'Target' });
    const a = await page(api, base, { title: 'A', markdown: `[t](target.md) ![d](/files/${file.id})` });
    const b = await page(api, base, { title: 'B', markdown: `[t](/pages/${target.id}) ![d](assets/diagram.svg)` });
    await page(api, base, { title: 'C', markdown: 'no links' });
    const links = await api.get(`${base}/content/page/${a.id}/links`);
    expect(links.status).toBe(200);
    expect(links.body.items).toHaveLength(2);
    expect(links.body.items.every((i: any) => i.locationReferences.every((l: any) => l.page === a.id))).toBe(true);
    expect((await api.get(`${base}/content/page/nope/links`)).status).toBe(404);

    const back = await api.get(`${base}/content/page/${target.id}/backlinks`);
    expect(back.status).toBe(200);
    expect(back.body.items.map((l: any) => l.page).sort()).toEqual([a.id, b.id].sort());
    expect(back.body.count).toBe(2);
    const first = await api.get(`${base}/content/page/${target.id}/backlinks?limit=1`);
    expect(first.body.items).toHaveLength(1);
    const second = await api.get(`${base}/content/page/${target.id}/backlinks?limit=1&page=${first.body.next.page}`);
    expect(second.body.items).toHaveLength(1);
    expect(second.body.next).toBeUndefined();

    const fileBack = await api.get(`${base}/content/files/${file.id}/backlinks`);
    expect(fileBack.body.items.map((l: any) => l.page).sort()).toEqual([a.id, b.id].sort());
    expect((await api.get(`${base}/content/files/nope/backlinks`)).status).toBe(404);

    // Renaming the target breaks the path link but not the stable one.
    await api.patch(`${base}/content/page/${target.id}`, { slug: 'renamed' });
    const renamed = await api.get(`${base}/content/page/${target.id}/backlinks`);
    expect(renamed.body.items.map((l: any) => l.page)).toEqual([b.id]);
  });

  it('refreshes targets and finds backlinks through the indexes of link_targets and the rows by target id', async () => {
    const { spaceId } = await setup();
    const db = server.ctx.db;
    const dialect = server.dialect === 'postgres' ? 'postgres' : 'sqlite';
    // The status refresh updates the space's targets found by page id, path, file id or name (each through its partial
    // index of link_targets), or those the rows of some pages use (the rows by their primary key, each target by id);
    // a backlink list reads the targets naming the page or file, then the rows by target id.
    const queries: [RawBuilder<unknown>, string[]][] = [
      [linkStatusRefresh(spaceId, { column: 'target_page', values: ['p', 'q'] }), ['link_targets_page_idx']],
      [linkStatusRefresh(spaceId, { column: 'target_path', values: ['a/b', 'c'] }), ['link_targets_path_idx']],
      [linkStatusRefresh(spaceId, { column: 'target_file', values: ['f', 'g'] }), ['link_targets_file_idx']],
      [linkStatusRefresh(spaceId, { column: 'target_name', values: ['x.png'] }), ['link_targets_name_idx']],
      [linkStatusRefresh(spaceId, { column: 'page_id', values: ['p1', 'p2'] }), [dialect === 'sqlite' ? 'sqlite_autoindex_page_links_1' : 'page_links_pk']],
      [sql`select distinct page_id from page_links where target_id in (${linkQueries.backlinkTargets(spaceId, { page: 'p', path: 'a/b' })})`,
        ['page_links_target_id_idx', 'link_targets_page_idx', 'link_targets_path_idx']],
      [sql`select distinct page_id from page_links where target_id in (${linkQueries.backlinkTargets(spaceId, { file: 'f', name: 'x.png' })})`,
        ['page_links_target_id_idx', 'link_targets_file_idx', 'link_targets_name_idx']],
    ];
    for (const [query, indexes] of queries) {
      const plan = await planOf(query);
      for (const index of indexes) expect(plan, plan).toContain(index);
      for (const scan of ['SCAN page_links', 'SCAN link_targets', 'SCAN l', 'SCAN t', 'Seq Scan']) expect(plan, plan).not.toContain(scan);
    }
  });

  it('lists all targets and their pages in key order through the indexes of link_targets', async () => {
    const { spaceId } = await setup();
    const db = server.ctx.db;
    // 2,400 link rows of 40 pages to 300 targets, a third of them of each status.
    const statusOf = (n: number) => (['ok', 'broken', 'in-app'] as const)[n % 3]!;
    const keyOf = (n: number) => `url:https://x.test/${String(n).padStart(3, '0')}`;
    const ids = await contentIndexRepo.insertTargets(db, Array.from({ length: 300 }, (_, n) => ({
      space_id: spaceId, target_key: keyOf(n), target_kind: 'url', target_page: null, target_path: null, target_file: null, target_name: null,
      anchor: null, url: keyOf(n).slice(4), url_status: statusOf(n) === 'in-app' ? 'in-app' : null, status: statusOf(n),
    })));
    const rows = [];
    for (let p = 0; p < 40; p++) {
      for (let i = 0; i < 60; i++) {
        const n = (p * 7 + i * 5) % 300;
        rows.push({ space_id: spaceId, page_id: `page${String(p).padStart(2, '0')}`, seq: i, source: 'link', target_key: keyOf(n), target_kind: 'url', url: keyOf(n).slice(4), target_id: ids.get(keyOf(n))! });
      }
    }
    for (let i = 0; i < rows.length; i += 400) await db.insertInto('page_links').values(rows.slice(i, i + 400)).execute();
    if (server.dialect === 'postgres') await sql`analyze page_links`.execute(db);
    if (server.dialect === 'postgres') await sql`analyze link_targets`.execute(db);
    const used = new Map<string, Set<string>>();
    for (const r of rows) used.set(r.target_key, (used.get(r.target_key) ?? new Set()).add(r.page_id));
    const keys = [...used.keys()].sort();

    // Every target once, in key order with its status, whichever page size.
    const all = await linksRepo.targets(db, spaceId, undefined, undefined, undefined, 1000);
    expect(all.map((r) => [r.target_key, r.status])).toEqual(keys.map((k) => [k, statusOf(Number(k.slice(-3)))]));
    for (const size of [1, 7, 50]) {
      const paged: string[] = [];
      for (let after: string | undefined; ;) {
        const page = await linksRepo.targets(db, spaceId, undefined, undefined, after, size);
        paged.push(...page.map((r) => r.target_key));
        if (page.length < size) break;
        after = page[page.length - 1]!.target_key;
      }
      expect(paged).toEqual(keys);
    }
    expect((await linksRepo.targets(db, spaceId, undefined, 'in-app', keys[100], 1000)).map((r) => r.target_key)).toEqual(keys.slice(101).filter((k) => statusOf(Number(k.slice(-3))) === 'in-app'));
    const ofPage = [...new Set(rows.filter((r) => r.page_id === 'page07').map((r) => r.target_key))].sort();
    expect((await linksRepo.targets(db, spaceId, 'page07', undefined, undefined, 1000)).map((r) => r.target_key)).toEqual(ofPage);
    expect(await linksRepo.counts(db, spaceId, 'page07', 'ok')).toEqual({
      total: ofPage.length, broken: ofPage.filter((k) => statusOf(Number(k.slice(-3))) === 'broken').length, count: ofPage.filter((k) => statusOf(Number(k.slice(-3))) === 'ok').length,
    });
    expect(await linksRepo.counts(db, spaceId, undefined, 'in-app')).toEqual({ total: 300, broken: 100, count: 100 });
    const some = [keys[0]!, keys[150]!, keys[299]!];
    const locations = await linksRepo.locations(db, spaceId, some, undefined);
    expect(locations.map((l) => l.page_id)).toEqual(locations.map((l) => l.page_id).sort());
    expect(new Set(locations.map((l) => `${l.target_key} ${l.page_id}`))).toEqual(new Set(some.flatMap((k) => [...used.get(k)!].map((p) => `${k} ${p}`))));
    expect(await linksRepo.locations(db, spaceId, some, 'page03')).toEqual(locations.filter((l) => l.page_id === 'page03'));

    // The space's list reads link_targets in key order (all: the (space, key) index; by status: (space, status, key)),
    // a page's list its rows by primary key, the locations the rows by target id: never a scan of either table.
    const plans: [RawBuilder<unknown>, string[]][] = [
      [linkQueries.targets(spaceId, undefined, undefined, keys[10], 51), ['link_targets_key_idx']],
      [linkQueries.targets(spaceId, undefined, 'broken', keys[10], 51), ['link_targets_status_idx']],
      [linkQueries.targets(spaceId, 'page07', undefined, undefined, 51), [dialect() === 'sqlite' ? 'sqlite_autoindex_page_links_1' : 'page_links_pk']],
      [linkQueries.locations(spaceId, some, undefined), ['link_targets_key_idx', 'page_links_target_id_idx']],
    ];
    for (const [i, [query, indexes]] of plans.entries()) {
      const plan = await planOf(query);
      for (const index of indexes) expect(plan, plan).toContain(index);
      for (const scan of ['SCAN page_links', 'SCAN link_targets', 'SCAN l', 'SCAN t', 'Seq Scan']) expect(plan, plan).not.toContain(scan);
      // The space's lists are read in key order (no sort of the space's targets).
      if (i < 2) for (const sort of ['TEMP B-TREE', 'Sort']) expect(plan, plan).not.toContain(sort);
    }
  });
});

const dialect = () => (server.dialect === 'postgres' ? 'postgres' : 'sqlite') as 'postgres' | 'sqlite';

/** A statement's plan (explain runs nothing); in a transaction for PostgreSQL's `set local`. */
async function planOf(query: RawBuilder<unknown>): Promise<string> {
  return server.ctx.db.transaction().execute(async (tx) => {
    if (server.dialect === 'postgres') {
      // An empty table is scanned rather than read through an index; without scans the planner shows which indexes it can use.
      await sql`set local enable_seqscan = off`.execute(tx);
      return JSON.stringify((await sql`explain ${query}`.execute(tx)).rows);
    }
    return JSON.stringify((await sql`explain query plan ${query}`.execute(tx)).rows);
  });
}

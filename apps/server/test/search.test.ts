// Search: full-text over titles and bodies with the database's own index (FTS5 / tsvector), results grouped by page
// with sections split at headings (anchor paths, excerpts), ranked and paginated; kept current as content changes;
// organization search over the spaces the caller can read; bounded ranking work for very common terms.
import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { searchPages, searchSections } from '../src/db/dialect.js';
import { addMember, createUser, type TestApi, createPage, createSpaceTenant, useTestServer } from '../src/testing/index.js';

const server = useTestServer();

const setup = () => createSpaceTenant(server, 'Handbook');
const page = createPage;

const search = (api: TestApi, base: string, q: string, extra = '') => api.get(`${base}/search?query=${encodeURIComponent(q)}${extra}`);

describe('space search', () => {
  it('finds pages by title and body, grouped by page with matching sections (anchors, excerpts), best first', async () => {
    const { api, base, spaceId } = await setup();
    const guide = await page(api, base, { title: 'Guides', type: 'group' });
    const deploy = await page(api, base, {
      title: 'Deployment', parent: guide.id,
      markdown: `Intro about servers.\n\n## Installing on Kubernetes\n\nUse the Helm chart to install the pods. ${'Filler text. '.repeat(40)}The kubernetes operator does the rest.\n\n## Backups\n\nSnapshots every night.\n`,
    });
    const kube = await page(api, base, { title: 'Kubernetes', markdown: 'All about clusters.' });
    await page(api, base, { title: 'Unrelated', markdown: 'Nothing to see.' });

    const r = await search(api, base, 'kubernetes');
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    // The page titled Kubernetes ranks first; the Deployment page is found through its section.
    expect(r.body.items.map((i: any) => i.id)).toEqual([kube.id, deploy.id]);
    expect(r.body.count).toBe(2);
    const d = r.body.items[1];
    expect(d).toMatchObject({ title: 'Deployment', path: 'guides/deployment', urls: { app: expect.stringContaining(`/s/${spaceId}/guides/deployment`) } });
    expect(d.sections[0]).toMatchObject({ id: 'installing-on-kubernetes', title: 'Installing on Kubernetes', path: 'guides/deployment#installing-on-kubernetes' });
    expect(d.sections[0].urls.app).toContain('#installing-on-kubernetes');
    expect(d.sections[0].body.length).toBeLessThan(300);
    expect(d.sections[0].body).toMatch(/^….*kubernetes operator does the rest\.$/);
    expect(d.sections.map((s: any) => s.id)).not.toContain('backups');

    // Stemming and prefixes: "installs" finds "install"/"Installing"; "kube" is a prefix of kubernetes.
    expect((await search(api, base, 'installs')).body.items.map((i: any) => i.id)).toEqual([deploy.id]);
    expect((await search(api, base, 'kube')).body.items.map((i: any) => i.id)).toEqual([kube.id, deploy.id]);
    // Every term must match.
    expect((await search(api, base, 'helm snapshots')).body.items.map((i: any) => i.id)).toEqual([deploy.id]);
    expect((await search(api, base, 'helm clusters')).body.items).toEqual([]);
    // Punctuation is not syntax.
    const syntax = await search(api, base, '"helm" OR (x* NEAR:');
    expect(syntax.status, JSON.stringify(syntax.body)).toBe(200);
    expect((await search(api, base, '?!')).body).toEqual({ items: [], count: 0 });
  });

  it('paginates ranked pages, refuses long queries, and other spaces stay out', async () => {
    const { api, base, org } = await setup();
    for (let i = 0; i < 5; i++) await page(api, base, { title: `Recipe ${i}`, markdown: `Tomato ${'tomato '.repeat(i)}sauce` });
    const other = (await api.post(`/v1/orgs/${org}/spaces`, { title: 'Other' })).body;
    await page(api, `/v1/spaces/${other.id}`, { title: 'Tomato elsewhere' });
    const ids: string[] = [];
    let next: string | undefined;
    do {
      const r = await search(api, base, 'tomato', `&limit=2${next ? `&page=${next}` : ''}`);
      expect(r.body.count).toBe(5);
      ids.push(...r.body.items.map((i: any) => i.id));
      next = r.body.next?.page;
    } while (next);
    expect(new Set(ids).size).toBe(5);
    const long = await search(api, base, 'x'.repeat(513));
    expect(long.status).toBe(400);
    expect(long.body.error.message).toContain('/query/query');
    expect((await api.get(`${base}/search`)).status).toBe(400);
  });

  it('follows the content: edits, moves, deletes and noIndex', async () => {
    const { api, base } = await setup();
    const p = await page(api, base, { title: 'Alpha', markdown: 'The word is zeppelin.' });
    expect((await search(api, base, 'zeppelin')).body.items).toHaveLength(1);
    await api.patch(`${base}/content/page/${p.id}`, { markdown: 'The word is dirigible.' });
    expect((await search(api, base, 'zeppelin')).body.items).toHaveLength(0);
    expect((await search(api, base, 'dirigible')).body.items).toHaveLength(1);
    const g = await page(api, base, { title: 'Group', type: 'group' });
    await api.post(`${base}/content/page/${p.id}/move`, { parent: g.id });
    expect((await search(api, base, 'dirigible')).body.items[0].path).toBe('group/alpha');
    await api.patch(`${base}/content/page/${g.id}`, { slug: 'renamed' });
    expect((await search(api, base, 'dirigible')).body.items[0].path).toBe('renamed/alpha');
    await api.patch(`${base}/content/page/${p.id}`, { noIndex: true });
    expect((await search(api, base, 'dirigible')).body.items).toHaveLength(0);
    await api.patch(`${base}/content/page/${p.id}`, { noIndex: false });
    expect((await search(api, base, 'dirigible')).body.items).toHaveLength(1);
    await api.delete(`${base}/content/page/${g.id}`);
    expect((await search(api, base, 'dirigible')).body.items).toHaveLength(0);
  });

  it('shows each page\u2019s ancestors: titles, or the slug of a page kept out of search; the same in organization search', async () => {
    const { api, base, org } = await setup();
    const guides = await page(api, base, { title: 'Guides', type: 'group' });
    const hidden = await page(api, base, { title: 'Hidden Setup', slug: 'setup', parent: guides.id, markdown: 'Not searched.' });
    await api.patch(`${base}/content/page/${hidden.id}`, { noIndex: true });
    const deep = await page(api, base, { title: 'Deep', parent: hidden.id, markdown: 'The word is quokka.' });
    const top = await page(api, base, { title: 'Top', markdown: 'Another quokka.' });
    const expected = new Map([[deep.id, [{ title: 'Guides' }, { title: 'setup' }]], [top.id, []]]);
    for (let i = 0; i < 2; i++) {
      const r = await search(api, base, 'quokka');
      expect(r.body.items).toHaveLength(2);
      for (const item of r.body.items) expect(item.ancestors).toEqual(expected.get(item.id));
    }
    const o = await api.get(`/v1/orgs/${org}/search?query=quokka`);
    for (const item of o.body.items[0].pages) expect(item.ancestors).toEqual(expected.get(item.id));
    // After a rename, the next search shows the new title.
    await api.patch(`${base}/content/page/${guides.id}`, { title: 'Manuals' });
    const after = await search(api, base, 'quokka');
    expect(after.body.items.find((i: any) => i.id === deep.id).ancestors).toEqual([{ title: 'Manuals' }, { title: 'setup' }]);
  });

  it('is refused to those who cannot read the space', async () => {
    const { base, org, owner } = await setup();
    const guest = await createUser(server, 'Guest');
    await addMember(server, org, owner, guest, null);
    expect((await search(server.api(guest.token), base, 'x')).status).toBe(404);
  });
});

describe('organization search', () => {
  it('searches the spaces the caller can read, grouped by space', async () => {
    const { api, org, owner } = await setup();
    const mk = async (title: string) => (await api.post(`/v1/orgs/${org}/spaces`, { title })).body.id as string;
    const a = await mk('Alpha');
    const b = await mk('Beta');
    await page(api, `/v1/spaces/${a}`, { title: 'Photosynthesis basics' });
    await page(api, `/v1/spaces/${b}`, { title: 'Advanced photosynthesis', markdown: 'Photosynthesis in depth: photosynthesis everywhere.' });
    await page(api, `/v1/spaces/${b}`, { title: 'Photosynthesis FAQ' });
    const r = await api.get(`/v1/orgs/${org}/search?query=photosynthesis`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.items.map((i: any) => i.id).sort()).toEqual([a, b].sort());
    const beta = r.body.items.find((i: any) => i.id === b);
    expect(beta).toMatchObject({ type: 'space', title: 'Beta' });
    expect(beta.pages).toHaveLength(2);
    expect(typeof beta.score).toBe('number');

    // A guest granted only Beta finds only Beta; an outsider gets 404.
    const guest = await createUser(server, 'Guest');
    await addMember(server, org, owner, guest, null);
    expect((await api.post(`/v1/spaces/${b}/permissions`, { users: [guest.id], role: 'read' })).status).toBe(204);
    const g = await server.api(guest.token).get(`/v1/orgs/${org}/search?query=photosynthesis`);
    expect(g.body.items.map((i: any) => i.id)).toEqual([b]);
    const outsider = await createUser(server, 'Outsider');
    expect((await server.api(outsider.token).get(`/v1/orgs/${org}/search?query=photosynthesis`)).status).toBe(404);
    // Deleted spaces drop out.
    await api.delete(`/v1/spaces/${a}`);
    expect((await api.get(`/v1/orgs/${org}/search?query=photosynthesis`)).body.items.map((i: any) => i.id)).toEqual([b]);
  });
});

describe('ranking work is bounded', () => {
  it('ranks only the most recent matches when a term is everywhere', async () => {
    const { api, base, spaceId } = await setup();
    const edits = Array.from({ length: 30 }, (_, i) => ({ op: 'createPage', page: { title: `Common ${i}`, markdown: `common word ${i}` } }));
    expect((await api.post(`${base}/content/edits`, { edits })).status).toBe(200);
    const all = await searchPages(server.ctx.db, ['common'], [spaceId], 1000);
    expect(all).toHaveLength(30);
    const capped = await searchPages(server.ctx.db, ['common'], [spaceId], 10);
    expect(capped).toHaveLength(10);
    // The 10 ranked are the 10 newest rows.
    const newest = [...all].sort((x, y) => y.id - x.id).slice(0, 10).map((c) => c.id).sort();
    expect(capped.map((c) => c.id).sort()).toEqual(newest);
  });
});

describe('search statements', () => {
  it('answer the same on every run; on PostgreSQL they are planned once per connection (named statements, generic plans)', async () => {
    const { api, base, spaceId } = await setup();
    const edits = Array.from({ length: 6 }, (_, i) => ({ op: 'createPage', page: { title: `Prepared ${i}`, markdown: `prepared words ${'again '.repeat(i)}\n\n## Part ${i}\n\nprepared section` } }));
    expect((await api.post(`${base}/content/edits`, { edits })).status).toBe(200);
    await server.ctx.db.connection().execute(async (db) => {
      const runs = [];
      for (let i = 0; i < 8; i++) {
        const pages = await searchPages(db, ['prepared'], [spaceId], 100);
        const sections = await searchSections(db, ['prepared', 'part'], pages.map((p) => ({ spaceId, pageId: p.page_id })), 100);
        runs.push({ pages, sections });
      }
      expect(runs[0]!.pages).toHaveLength(6);
      expect(runs[0]!.sections.length).toBeGreaterThanOrEqual(6);
      for (const r of runs) expect(r).toEqual(runs[0]);
      if (server.ctx.dialect !== 'postgres') return;
      // Prepared once on this connection and run by name every time (each of the 8 runs a plan of the one statement:
      // custom plans first, then a generic one where the planner judges it no costlier — its choice, not asserted).
      const named = (await sql<{ name: string; statement: string; generic_plans: string; custom_plans: string }>`select name, statement, generic_plans, custom_plans from pg_prepared_statements`.execute(db)).rows;
      const search = named.filter((n) => n.statement.includes('search_sections'));
      expect(search).toHaveLength(2);
      for (const n of search) expect(Number(n.generic_plans) + Number(n.custom_plans)).toBeGreaterThanOrEqual(8);
    });
  });
});

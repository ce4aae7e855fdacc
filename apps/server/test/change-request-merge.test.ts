// Change request content and merging, on the content engine: editing a change request's own revision chain,
// reading it through the content endpoints, updating it from the main content (three-way merge), merging it
// (merge rules, a `merge` revision, counters), conflicts listed and resolved, and merges racing into one space.
import { describe, expect, it } from 'vitest';
import { createTenant, startTestServer, type TestApi, type TestServer, useTestServer } from '../src/testing/index.js';
import { png, pdfText } from '../src/testing/fixtures.js';

const server = useTestServer();

const DOC = ['# Guide', '', 'Line one.', '', 'Line two.', '', 'Line three.', ''].join('\n');

/** A tenant with a space holding two pages (`intro`, `guide`). */
async function setup(roles: Record<string, string | null> = {}) {
  const t = await createTenant(server, roles);
  const s = await t.api.post(`/v1/orgs/${t.org}/spaces`, { title: 'Docs' });
  expect(s.status).toBe(201);
  const spaceId = s.body.id as string;
  const base = `/v1/spaces/${spaceId}`;
  const r = await t.api.post(`${base}/content/edits`, {
    edits: [
      { op: 'createPage', page: { id: 'page-intro', title: 'Intro', markdown: 'Welcome.\n' } },
      { op: 'createPage', page: { id: 'page-guide', title: 'Guide', markdown: DOC } },
    ],
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return { ...t, spaceId, base };
}

async function mkCr(api: TestApi, base: string, subject = 'Change') {
  const r = await api.post(`${base}/change-requests`, { subject });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body;
}

async function editCr(api: TestApi, base: string, cr: { id: string }, edits: unknown[]) {
  const r = await api.post(`${base}/change-requests/${cr.id}/content/edits`, { edits });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body;
}

async function editMain(api: TestApi, base: string, edits: unknown[]) {
  const r = await api.post(`${base}/content/edits`, { edits });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body;
}

const markdownOf = async (api: TestApi, path: string) => {
  const r = await api.get(`${path}?format=markdown`);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.markdown as string;
};

describe('change request content', () => {
  it('edits go to the change request only; its revision moves; the content endpoints read it', async () => {
    const { api, base, users } = await setup({ ed: 'edit' });
    const spaceBefore = (await api.get(base)).body;
    const cr = await mkCr(api, base);
    const crBase = `${base}/change-requests/${cr.id}`;
    const r = await server.api(users.ed!.token).post(`${crBase}/content/edits`, {
      edits: [
        { op: 'updatePage', pageId: 'page-intro', page: { markdown: 'Welcome, reader.\n' } },
        { op: 'createPage', page: { id: 'page-new-one', title: 'New page', markdown: 'Fresh.\n' } },
      ],
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.headers.get('etag')).toBe(`"${r.body.revision}"`);
    expect(r.body.pages).toEqual(['page-new-one']);
    const after = (await api.get(crBase)).body;
    expect(after).toMatchObject({ revision: r.body.revision, revisionInitial: spaceBefore.revision, outdated: false });
    expect((await api.get(`${base}/change-requests?status=draft&contributor=${users.ed!.id}`)).body.items.map((i: any) => i.id)).toEqual([cr.id]);

    expect(await markdownOf(api, `${crBase}/content/page/page-intro`)).toBe('Welcome, reader.\n');
    expect(await markdownOf(api, `${base}/content/page/page-intro`)).toBe('Welcome.\n');
    expect((await api.get(`${base}/content/page/page-new-one`)).status).toBe(404);
    const rev = await api.get(`${crBase}/content`);
    expect(rev.body).toMatchObject({ object: 'revision', id: r.body.revision, parents: [spaceBefore.revision] });
    expect(rev.body.pages.map((p: any) => p.id)).toEqual(['page-intro', 'page-guide', 'page-new-one']);
    expect((await api.get(`${crBase}/content/pages`)).body.pages).toHaveLength(3);
    expect((await api.get(`${crBase}/content/files`)).body).toMatchObject({ items: [], count: 0 });
    expect((await api.get(`${crBase}/content/page/page-new-one/backlinks`)).status).toBe(200);
    expect((await api.get(`${crBase}/content/page/page-new-one/links`)).status).toBe(200);
    expect((await api.get(`${crBase}/content/page/nope`)).status).toBe(404);
    expect((await api.get(base)).body.revision).toBe(spaceBefore.revision);
  });

  it('If-Match, permissions and states', async () => {
    const { api, base, as } = await setup({ rev: 'review' });
    const cr = await mkCr(api, base);
    const crBase = `${base}/change-requests/${cr.id}`;
    const edit = { edits: [{ op: 'updatePage', pageId: 'page-intro', page: { markdown: 'x\n' } }] };
    expect((await api.request('POST', `${crBase}/content/edits`, edit, { 'if-match': '"nope"' })).status).toBe(412);
    const ok = await api.request('POST', `${crBase}/content/edits`, edit, { 'if-match': `"${cr.revision}"` });
    expect(ok.status).toBe(200);
    expect((await as('rev').post(`${crBase}/content/edits`, edit)).status).toBe(403);
    expect((await as('rev').get(`${crBase}/content`)).status).toBe(200);
    await api.patch(crBase, { status: 'archived' });
    expect((await api.post(`${crBase}/content/edits`, edit)).status).toBe(409);
    await api.patch(crBase, { status: 'open' });
    await api.patch(base, { editMode: 'locked' });
    expect((await api.post(`${crBase}/content/edits`, edit)).status).toBe(403);
    expect((await api.post(`${crBase}/merge`)).status).toBe(403);
    expect((await api.post(`${crBase}/update`)).status).toBe(403);
  });
});

describe('update from the main content', () => {
  it('merges main changes into the change request; revisionMergedAncestor; no longer outdated', async () => {
    const { api, base } = await setup();
    const cr = await mkCr(api, base);
    const crBase = `${base}/change-requests/${cr.id}`;
    await editCr(api, base, cr, [{ op: 'updatePage', pageId: 'page-guide', page: { markdown: DOC.replace('Line one.', 'Line ONE.') } }]);
    const same = await api.post(`${crBase}/update`);
    expect(same.body).toEqual({ revision: (await api.get(crBase)).body.revision, result: 'update' }); // already up to date

    await editMain(api, base, [{ op: 'updatePage', pageId: 'page-guide', page: { markdown: DOC.replace('Line three.', 'Line THREE.') } }, { op: 'updatePage', pageId: 'page-intro', page: { title: 'Introduction' } }]);
    const main = (await api.get(base)).body.revision;
    expect((await api.get(crBase)).body.outdated).toBe(true);
    const u = await api.post(`${crBase}/update`);
    expect(u.status).toBe(200);
    expect(u.body.result).toBe('update');
    const after = (await api.get(crBase)).body;
    expect(after).toMatchObject({ revision: u.body.revision, revisionMergedAncestor: main, outdated: false });
    expect(await markdownOf(api, `${crBase}/content/page/page-guide`)).toBe(DOC.replace('Line one.', 'Line ONE.').replace('Line three.', 'Line THREE.'));
    expect((await api.get(`${crBase}/content/page/page-intro`)).body.title).toBe('Introduction');
    const rev = (await api.get(`${crBase}/content`)).body;
    expect(rev).toMatchObject({ type: 'update', parents: [expect.any(String), main] });
  });

  it('a change request with no changes of its own simply takes the main revision', async () => {
    const { api, base } = await setup();
    const cr = await mkCr(api, base);
    await editMain(api, base, [{ op: 'updatePage', pageId: 'page-intro', page: { markdown: 'Hi.\n' } }]);
    const main = (await api.get(base)).body.revision;
    const u = await api.post(`${base}/change-requests/${cr.id}/update`);
    expect(u.body).toEqual({ revision: main, result: 'update' });
    expect((await api.get(`${base}/change-requests/${cr.id}`)).body).toMatchObject({ revision: main, revisionMergedAncestor: main, outdated: false });
  });
});

describe('merge', () => {
  it('merges into the space as a merge revision; the change request is merged; counters follow', async () => {
    const { api, base, owner } = await setup();
    const cr = await mkCr(api, base);
    const crBase = `${base}/change-requests/${cr.id}`;
    await api.patch(crBase, { status: 'open' });
    await editCr(api, base, cr, [{ op: 'updatePage', pageId: 'page-guide', page: { markdown: DOC.replace('Line two.', 'Line 2.') } }]);
    await editMain(api, base, [{ op: 'updatePage', pageId: 'page-intro', page: { markdown: 'Hello.\n' } }]);
    const main = (await api.get(base)).body.revision;
    const crRevision = (await api.get(crBase)).body.revision;
    expect((await api.get(base)).body).toMatchObject({ changeRequests: 1, changeRequestsOpen: 1, changeRequestsDraft: 0 });

    const m = await api.post(`${crBase}/merge`);
    expect(m.status, JSON.stringify(m.body)).toBe(200);
    expect(m.body.result).toBe('merge');
    const space = (await api.get(base)).body;
    expect(space).toMatchObject({ revision: m.body.revision, changeRequests: 1, changeRequestsOpen: 0, changeRequestsDraft: 0 });
    const merged = (await api.get(crBase)).body;
    expect(merged).toMatchObject({ status: 'merged', revisionMerged: m.body.revision, mergedBy: { id: owner.id }, mergedAt: expect.any(String), outdated: false });
    expect(await markdownOf(api, `${base}/content/page/page-guide`)).toBe(DOC.replace('Line two.', 'Line 2.'));
    expect(await markdownOf(api, `${base}/content/page/page-intro`)).toBe('Hello.\n');
    expect((await api.get(`${base}/content`)).body).toMatchObject({ id: m.body.revision, type: 'merge', parents: [main, crRevision] });
    // GitBook's RevisionTypeMerge requires `mergedFrom`, the change request merged: on every read of that revision.
    for (const path of [`${base}/content`, `${base}/revisions/${m.body.revision}`]) {
      expect((await api.get(path)).body.mergedFrom, path).toMatchObject({ object: 'change-request', id: cr.id, number: cr.number, status: 'merged', revisionMerged: m.body.revision });
    }
    expect((await api.get(`${base}/revisions/${main}`)).body.mergedFrom).toBeUndefined();
    // merged: no second merge, no update, no edit, no PATCH
    expect((await api.post(`${crBase}/merge`)).status).toBe(409);
    expect((await api.post(`${crBase}/update`)).status).toBe(409);
    expect((await api.patch(crBase, { subject: 'Renamed after merge' })).body).toMatchObject({ status: 'merged', subject: 'Renamed after merge' }); // reopening: seed-fidelity.test.ts
    expect((await api.get(`${base}/change-requests?status=merged`)).body.items.map((i: any) => i.id)).toEqual([cr.id]);
  });

  it('fast-forwards an up-to-date change request; a draft can be merged; archived cannot', async () => {
    const { api, base } = await setup();
    const cr = await mkCr(api, base);
    await editCr(api, base, cr, [{ op: 'deletePage', pageId: 'page-intro' }]);
    const m = await api.post(`${base}/change-requests/${cr.id}/merge`);
    expect(m.body.result).toBe('merge');
    expect((await api.get(`${base}/content/page/page-intro`)).status).toBe(404);
    expect((await api.get(`${base}/content`)).body).toMatchObject({ type: 'merge', mergedFrom: { id: cr.id, status: 'merged' } });
    expect((await api.get(base)).body).toMatchObject({ changeRequests: 1, changeRequestsOpen: 0, changeRequestsDraft: 0 });
    const archived = await mkCr(api, base);
    await api.patch(`${base}/change-requests/${archived.id}`, { status: 'archived' });
    const r = await api.post(`${base}/change-requests/${archived.id}/merge`);
    expect(r.status).toBe(409);
    expect(r.body.error.message).toContain('archived');
  });

  it('needs the merge permission', async () => {
    const { api, base, as } = await setup({ rev: 'review', ed: 'edit' });
    const cr = await mkCr(api, base);
    expect((await as('rev').post(`${base}/change-requests/${cr.id}/merge`)).status).toBe(403);
    expect((await as('ed').post(`${base}/change-requests/${cr.id}/merge`)).body.result).toBe('merge');
  });

  it('enforces the merge rules (409 naming the unmet rules); allow_bypass; the organization rules when inherited', async () => {
    const { api, base, as, users, org } = await setup({ rev: 'review', boss: 'edit', ed: 'edit' });
    await api.patch(base, { mergeRules: { type: 'rules', rules: [
      { rule: 'require_at_least_one_approved_review' }, { rule: 'require_change_request_description' },
      { rule: 'allow_bypass', users: [users.boss!.id] },
    ] } });
    const cr = await mkCr(api, base);
    const crBase = `${base}/change-requests/${cr.id}`;
    await editCr(api, base, cr, [{ op: 'updatePage', pageId: 'page-intro', page: { markdown: 'Rules.\n' } }]);
    let r = await as('ed').post(`${crBase}/merge`);
    expect(r.status).toBe(409);
    expect(r.body.error.message).toContain('require_at_least_one_approved_review');
    expect(r.body.error.message).toContain('require_change_request_description');
    await api.patch(crBase, { description: { object: 'document', data: { schemaVersion: 1 }, nodes: [{ object: 'block', type: 'paragraph', nodes: [{ object: 'text', leaves: [{ object: 'leaf', text: 'Why', marks: [] }] }] }] } });
    expect((await as('rev').post(`${crBase}/reviews`, { status: 'approved' })).status).toBe(201);
    // the approval is of an earlier revision once the change request moves on
    await editCr(api, base, cr, [{ op: 'updatePage', pageId: 'page-intro', page: { markdown: 'Rules!\n' } }]);
    r = await as('ed').post(`${crBase}/merge`);
    expect(r.status).toBe(409);
    expect(r.body.error.message).toContain('require_at_least_one_approved_review');
    expect(r.body.error.message).not.toContain('require_change_request_description');
    expect((await as('rev').post(`${crBase}/reviews`, { status: 'approved' })).status).toBe(201);
    expect((await as('ed').post(`${crBase}/merge`)).body.result).toBe('merge');

    const bypassed = await mkCr(api, base);
    expect((await api.post(`${base}/change-requests/${bypassed.id}/merge`)).status).toBe(409); // admins do not bypass
    expect((await as('boss').post(`${base}/change-requests/${bypassed.id}/merge`)).body.result).toBe('merge');

    await api.patch(base, { mergeRules: { type: 'inherit' } });
    expect((await api.patch(`/v1/orgs/${org}`, { mergeRules: { type: 'rules', rules: [{ rule: 'require_author_to_merge' }] } })).status).toBe(200);
    const inherited = await mkCr(as('ed'), base);
    r = await api.post(`${base}/change-requests/${inherited.id}/merge`);
    expect(r.status).toBe(409);
    expect(r.body.error.message).toContain('require_author_to_merge');
    expect((await as('ed').post(`${base}/change-requests/${inherited.id}/merge`)).body.result).toBe('merge');
  });
});

describe('conflicts', () => {
  it('update and merge answer conflicts and change nothing; listed, then resolved; then it merges', async () => {
    const { api, base } = await setup();
    const cr = await mkCr(api, base);
    const crBase = `${base}/change-requests/${cr.id}`;
    await editCr(api, base, cr, [
      { op: 'updatePage', pageId: 'page-guide', page: { markdown: DOC.replace('Line two.', 'Line two, says the CR.') } },
      { op: 'updatePage', pageId: 'page-intro', page: { title: 'CR title' } },
      { op: 'setVariables', variables: { product: 'Bindery CR' } },
    ]);
    await editMain(api, base, [
      { op: 'updatePage', pageId: 'page-guide', page: { markdown: DOC.replace('Line two.', 'Line two, says main.') } },
      { op: 'updatePage', pageId: 'page-intro', page: { title: 'Main title' } },
      { op: 'setVariables', variables: { product: 'Bindery main' } },
    ]);
    const spaceRevision = (await api.get(base)).body.revision;
    const before = (await api.get(crBase)).body;

    expect((await api.post(`${crBase}/update`)).body).toEqual({ revision: before.revision, result: 'conflicts' });
    expect((await api.post(`${crBase}/merge`)).body).toEqual({ revision: spaceRevision, result: 'conflicts' });
    expect((await api.get(crBase)).body).toEqual(before);
    expect((await api.get(base)).body.revision).toBe(spaceRevision);

    const c = await api.get(`${crBase}/conflicts`);
    expect(c.status).toBe(200);
    expect(c.body).toMatchObject({ object: 'change-request-conflicts', changeRequest: cr.id, revision: before.revision, base: before.revisionInitial, main: spaceRevision, upToDate: false });
    const byId = Object.fromEntries(c.body.conflicts.map((x: any) => [x.id, x]));
    expect(Object.keys(byId).sort()).toEqual(['content:page-guide', 'title:page-intro', 'variable:product']);
    expect(byId['content:page-guide']).toMatchObject({ kind: 'content', pageId: 'page-guide', changeRequest: expect.stringContaining('says the CR'), main: expect.stringContaining('says main'), markdownWithMarkers: expect.stringContaining('<<<<<<<') });
    expect(byId['title:page-intro']).toMatchObject({ base: 'Intro', changeRequest: 'CR title', main: 'Main title' });
    expect(byId['variable:product']).toMatchObject({ base: null, changeRequest: 'Bindery CR', main: 'Bindery main' });

    const bad = await api.post(`${crBase}/conflicts`, { resolutions: [{ conflict: 'content:page-guide', choose: 'main' }] });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toContain('title:page-intro');
    const unknown = await api.post(`${crBase}/conflicts`, { resolutions: [{ conflict: 'nope', choose: 'main' }] });
    expect(unknown.body.error.message).toContain('/body/resolutions/0/conflict');
    expect((await api.post(`${crBase}/conflicts`, { main: 'elsewhere', resolutions: [] })).status).toBe(412);
    const resolved = DOC.replace('Line two.', 'Line two, says everyone.');
    const r = await api.post(`${crBase}/conflicts`, {
      main: spaceRevision,
      resolutions: [
        { conflict: 'content:page-guide', value: resolved },
        { conflict: 'title:page-intro', choose: 'main' },
        { conflict: 'variable:product', choose: 'change-request' },
      ],
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.result).toBe('update');
    expect((await api.get(crBase)).body).toMatchObject({ revision: r.body.revision, revisionMergedAncestor: spaceRevision, outdated: false });
    expect((await api.get(`${crBase}/conflicts`)).body).toMatchObject({ upToDate: true, conflicts: [] });

    const m = await api.post(`${crBase}/merge`);
    expect(m.body.result).toBe('merge');
    expect(await markdownOf(api, `${base}/content/page/page-guide`)).toBe(resolved);
    const intro = (await api.get(`${base}/content/page/page-intro`)).body;
    expect(intro.title).toBe('Main title');
    expect((await api.get(`${base}/content`)).body.variables).toEqual({ product: 'Bindery CR' });
  });

  it('delete/modify and move conflicts are resolved by choosing a side', async () => {
    const { api, base } = await setup();
    const cr = await mkCr(api, base);
    const crBase = `${base}/change-requests/${cr.id}`;
    await editCr(api, base, cr, [{ op: 'deletePage', pageId: 'page-intro' }]);
    await editMain(api, base, [{ op: 'updatePage', pageId: 'page-intro', page: { markdown: 'Changed on main.\n' } }]);
    const c = (await api.get(`${crBase}/conflicts`)).body;
    expect(c.conflicts.map((x: any) => x.id)).toEqual(['delete-modify:page-intro']);
    expect(c.conflicts[0]).toMatchObject({ changeRequest: null, main: expect.objectContaining({ id: 'page-intro' }) });
    const bad = await api.post(`${crBase}/conflicts`, { resolutions: [{ conflict: 'delete-modify:page-intro', value: 'x' }] });
    expect(bad.status).toBe(400);
    expect((await api.post(`${crBase}/conflicts`, { resolutions: [{ conflict: 'delete-modify:page-intro', choose: 'change-request' }] })).body.result).toBe('update');
    expect((await api.get(`${crBase}/content/page/page-intro`)).status).toBe(404);
    expect((await api.post(`${crBase}/merge`)).body.result).toBe('merge');
    expect((await api.get(`${base}/content/page/page-intro`)).status).toBe(404);
  });
});

describe('merges racing into one space', () => {
  it('serialise: both merge, neither is lost; the counters stay exact', async () => {
    const { api, base } = await setup();
    const crs = [];
    for (let i = 0; i < 6; i++) {
      const cr = await mkCr(api, base, `cr ${i}`);
      await editCr(api, base, cr, [{ op: 'createPage', page: { id: `page-race-${i}`, title: `Race ${i}`, markdown: `Page ${i}.\n` } }]);
      crs.push(cr);
    }
    await editCr(api, base, crs[0]!, [{ op: 'updatePage', pageId: 'page-guide', page: { markdown: DOC.replace('Line one.', 'Line 1.') } }]);
    await editCr(api, base, crs[1]!, [{ op: 'updatePage', pageId: 'page-guide', page: { markdown: DOC.replace('Line three.', 'Line 3.') } }]);
    const results = await Promise.all(crs.map((cr) => api.post(`${base}/change-requests/${cr.id}/merge`)));
    for (const r of results) expect(r.body, JSON.stringify(r.body)).toMatchObject({ result: 'merge' });
    const pages = (await api.get(`${base}/content/pages`)).body.pages.map((p: any) => p.id);
    for (let i = 0; i < 6; i++) expect(pages).toContain(`page-race-${i}`);
    expect(await markdownOf(api, `${base}/content/page/page-guide`)).toBe(DOC.replace('Line one.', 'Line 1.').replace('Line three.', 'Line 3.'));
    const space = (await api.get(base)).body;
    expect(space).toMatchObject({ changeRequests: 6, changeRequestsOpen: 0, changeRequestsDraft: 0 });
    // every merge revision has the previous space revision as first parent: a chain, no merge skipped
    const revisions = new Set(results.map((r) => r.body.revision));
    expect(revisions.size).toBe(6);
    expect(revisions.has(space.revision)).toBe(true);
  });

  it('one change request merged twice at once merges once', async () => {
    const { api, base } = await setup();
    const cr = await mkCr(api, base);
    await editCr(api, base, cr, [{ op: 'updatePage', pageId: 'page-intro', page: { markdown: 'Once.\n' } }]);
    const results = await Promise.all([1, 2, 3].map(() => api.post(`${base}/change-requests/${cr.id}/merge`)));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    expect((await api.get(base)).body).toMatchObject({ changeRequests: 1, changeRequestsOpen: 0, changeRequestsDraft: 0 });
  });

  it('merges, change request edits, status changes, reviews and comments at once do not deadlock', async () => {
    const { api, base, as } = await setup({ rev: 'review' });
    const crs = await Promise.all([0, 1, 2, 3].map((i) => mkCr(api, base, `c${i}`)));
    const ops: Promise<{ status: number; body: any }>[] = [];
    for (const [i, cr] of crs.entries()) {
      const crBase = `${base}/change-requests/${cr.id}`;
      ops.push(api.post(`${crBase}/content/edits`, { edits: [{ op: 'createPage', page: { title: `P${i}`, markdown: 'x\n' } }] }));
      ops.push(api.post(`${crBase}/comments`, { body: { markdown: 'hi' } }));
      ops.push(as('rev').post(`${crBase}/reviews`, { status: 'approved', comment: { markdown: 'ok' } }));
      ops.push(api.patch(crBase, { status: 'open' }));
      ops.push(api.post(`${crBase}/merge`));
      ops.push(api.post(`${crBase}/update`));
      ops.push(editMain(api, base, [{ op: 'createPage', page: { title: `Main ${i}`, markdown: 'y\n' } }]).then((body) => ({ status: 200, body })));
    }
    const results = await Promise.all(ops);
    for (const r of results) expect([200, 201, 409], JSON.stringify(r.body)).toContain(r.status);
    const space = (await api.get(base)).body;
    const n = async (status: string) => (await api.get(`${base}/change-requests?status=${status}&limit=0`)).body.count;
    expect(space.changeRequestsOpen).toBe(await n('open'));
    expect(space.changeRequestsDraft).toBe(await n('draft'));
    expect(space.changeRequests).toBe(4);
  });
});

describe('PDF', () => {
  it('answers a signed URL that downloads the change request content without a token, and expires', async () => {
    const { api, base, as, owner } = await setup({ reader: 'read' });
    // An image of the space that a page embeds: rendered on the content worker pool with the file's bytes.
    const up = await fetch(`${server.url}${base}/content/files?name=dot.png`, { method: 'POST', headers: { authorization: `Bearer ${owner.token}`, 'content-type': 'image/png' }, body: png() });
    expect(up.status).toBe(201);
    const file = ((await up.json()) as { id: string }).id;
    const cr = await mkCr(api, base, 'Typos');
    await editCr(api, base, cr, [{ op: 'updatePage', pageId: 'page-intro', page: { markdown: `Welcome to the change request.\n\n![A dot](/files/${file})\n` } }]);
    const r = await as('reader').get(`${base}/change-requests/${cr.number}/pdf`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.url).toMatch(new RegExp(`^${server.ctx.config.publicUrl}/v1/exports/pdf/[A-Za-z0-9_.-]+$`));
    const path = r.body.url.slice(server.ctx.config.publicUrl.length);
    const res = await fetch(server.url + path);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/pdf');
    const pdf = Buffer.from(await res.arrayBuffer());
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.toString('latin1')).toContain('/Subtype /Image');
    const text = await pdfText(pdf);
    expect(text).toContain('Welcome to the change request.');
    expect(text).toContain('Line two.');
    expect(text).toContain('Typos');

    const one = await api.get(`${base}/change-requests/${cr.id}/pdf?page=page-guide&only=true`);
    const onlyText = await pdfText(Buffer.from(await (await fetch(server.url + one.body.url.slice(server.ctx.config.publicUrl.length))).arrayBuffer()));
    expect(onlyText).toContain('Line two.');
    expect(onlyText).not.toContain('Welcome to the change request.');

    expect((await api.get(`${base}/change-requests/${cr.id}/pdf?page=nope`)).status).toBe(404);
    const stranger = await createTenant(server);
    expect((await stranger.api.get(`${base}/change-requests/${cr.id}/pdf`)).status).toBe(404);
    const tampered = path.replace(/.$/, (c: string) => (c === 'A' ? 'B' : 'A'));
    expect((await fetch(server.url + tampered)).status).toBe(404);
    expect((await fetch(server.url + '/v1/exports/pdf/not-a-token')).status).toBe(404);
    server.clock.advance(2 * 60 * 60 * 1000);
    const expired = await fetch(server.url + path);
    expect(expired.status).toBe(410);
    expect(((await expired.json()) as { error: { code: number } }).error.code).toBe(410);
  });

  it('embeds images up to BINDERY_PDF_IMAGE_BYTES in all (each blob counted once), the others as placeholders', async () => {
    const a = png(3, 3, [0, 0, 255]);
    const b = png(4, 4, [0, 255, 0]);
    const c = png(5, 5, [255, 255, 0]);
    // Room for a and b: a twice (two files, one blob) and b are embedded, c is not.
    const small: TestServer = await startTestServer({ pdfImageBytes: a.length + b.length });
    try {
      const t = await createTenant(small);
      const space = (await t.api.post(`/v1/orgs/${t.org}/spaces`, { title: 'Pictures' })).body.id as string;
      const upload = async (name: string, data: Buffer) => {
        const r = await fetch(`${small.url}/v1/spaces/${space}/content/files?name=${name}`, { method: 'POST', headers: { authorization: `Bearer ${t.owner.token}`, 'content-type': 'image/png' }, body: data });
        expect(r.status).toBe(201);
        return ((await r.json()) as { id: string }).id;
      };
      const [a1, a2, b1, c1] = [await upload('a.png', a), await upload('a-again.png', a), await upload('b.png', b), await upload('c.png', c)];
      const edit = await t.api.post(`/v1/spaces/${space}/content/edits`, { edits: [
        { op: 'createPage', page: { title: 'Gallery', markdown: `Four pictures (${c1} named as text too).\n\n![A](/files/${a1})\n\n![A again](/files/${a2})\n\n![B](/files/${b1})\n\n![C](/files/${c1})\n` } },
      ] });
      expect(edit.status, JSON.stringify(edit.body)).toBe(200);
      const r = await t.api.get(`/v1/spaces/${space}/pdf`);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      const res = await fetch(small.url + r.body.url.slice(small.ctx.config.publicUrl.length));
      expect(res.status).toBe(200);
      const pdf = Buffer.from(await res.arrayBuffer());
      expect(pdf.toString('latin1').match(/\/Subtype \/Image/g)?.length).toBe(3);
      expect(await pdfText(pdf)).toContain('Four pictures');
    } finally {
      await small.close();
    }
  });
});

// Seed fidelity: responses in the shapes the seed documents state, GitBook's own spellings accepted on input, and
// text that cannot impersonate. Each test names the seed section it checks.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, createTenant, startTestServer, type TestServer } from '../src/testing/index.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server?.close());

describe('Part 2, Organization: mergeRules is {type: inherit} or {type: rules, rules}', () => {
  it('answers a new organization with inherit, accepts inherit and GitBook\'s none on input, and keeps rules', async () => {
    const t = await createTenant(server);
    expect((await t.api.get(`/v1/orgs/${t.org}`)).body.mergeRules).toEqual({ type: 'inherit' });
    const rules = { type: 'rules', rules: [{ rule: 'require_at_least_one_review' }] };
    expect((await t.api.patch(`/v1/orgs/${t.org}`, { mergeRules: rules })).body.mergeRules).toEqual(rules);
    expect((await t.api.patch(`/v1/orgs/${t.org}`, { mergeRules: { type: 'inherit' } })).body.mergeRules).toEqual({ type: 'inherit' });
    expect((await t.api.patch(`/v1/orgs/${t.org}`, { mergeRules: { type: 'none' } })).body.mergeRules).toEqual({ type: 'inherit' });
    const listed = await t.api.get('/v1/orgs');
    expect(listed.body.items.find((o: any) => o.id === t.org).mergeRules).toEqual({ type: 'inherit' });
  });
});

describe('Part 1, Space: mergeRules is {type: inherit} or {type: rules, rules}', () => {
  it('answers GitBook\'s none on a space as an empty rule list, which merges without review even when the organization has rules', async () => {
    const t = await createTenant(server);
    await t.api.patch(`/v1/orgs/${t.org}`, { mergeRules: { type: 'rules', rules: [{ rule: 'require_at_least_one_approved_review' }] } });
    const space = (await t.api.post(`/v1/orgs/${t.org}/spaces`, { title: 'S' })).body;
    const none = await t.api.patch(`/v1/spaces/${space.id}`, { mergeRules: { type: 'none' } });
    expect(none.body.mergeRules).toEqual({ type: 'rules', rules: [] });
    const cr = (await t.api.post(`/v1/spaces/${space.id}/change-requests`, { subject: 'Quick fix' })).body;
    const merged = await t.api.post(`/v1/spaces/${space.id}/change-requests/${cr.id}/merge`);
    expect(merged.status, JSON.stringify(merged.body)).toBe(200);

    // Inheriting again brings the organization's rule back: a second request is blocked until approved.
    expect((await t.api.patch(`/v1/spaces/${space.id}`, { mergeRules: { type: 'inherit' } })).body.mergeRules).toEqual({ type: 'inherit' });
    const cr2 = (await t.api.post(`/v1/spaces/${space.id}/change-requests`, { subject: 'Needs review' })).body;
    expect((await t.api.post(`/v1/spaces/${space.id}/change-requests/${cr2.id}/merge`)).status).toBe(409);
  });
});

describe('Part 1 conventions 7 and Part 2 Collection: defaultLevel is a role or null', () => {
  it('answers the level a space or collection inherits (null when nothing sets one), and accepts inherit on input', async () => {
    const t = await createTenant(server);
    const top = (await t.api.post(`/v1/orgs/${t.org}/collections`, { title: 'Top' })).body;
    const inner = (await t.api.post(`/v1/orgs/${t.org}/collections`, { title: 'Inner', parent: top.id })).body;
    const space = (await t.api.post(`/v1/orgs/${t.org}/spaces`, { title: 'S', parent: inner.id })).body;
    expect([top.defaultLevel, inner.defaultLevel, space.defaultLevel]).toEqual([null, null, null]);

    expect((await t.api.patch(`/v1/collections/${top.id}`, { defaultLevel: 'comment' })).body.defaultLevel).toBe('comment');
    expect((await t.api.get(`/v1/collections/${inner.id}`)).body.defaultLevel).toBe('comment');
    expect((await t.api.get(`/v1/spaces/${space.id}`)).body.defaultLevel).toBe('comment');

    expect((await t.api.patch(`/v1/collections/${inner.id}`, { defaultLevel: null })).body.defaultLevel).toBeNull();
    expect((await t.api.get(`/v1/spaces/${space.id}`)).body.defaultLevel).toBeNull();
    expect((await t.api.patch(`/v1/collections/${inner.id}`, { defaultLevel: 'inherit' })).body.defaultLevel).toBe('comment');
    expect((await t.api.patch(`/v1/spaces/${space.id}`, { defaultLevel: 'review' })).body.defaultLevel).toBe('review');
    expect((await t.api.patch(`/v1/spaces/${space.id}`, { defaultLevel: 'inherit' })).body.defaultLevel).toBe('comment');
    const listed = await t.api.get(`/v1/orgs/${t.org}/spaces`);
    expect(listed.body.items.find((s: any) => s.id === space.id).defaultLevel).toBe('comment');
    expect((await t.api.patch(`/v1/spaces/${space.id}`, { defaultLevel: 'inherited' })).status).toBe(400);
  });
});

describe('Part 1, Space: emoji is an emoji', () => {
  it('accepts one emoji grapheme, GitBook\'s code-point form or nothing, and refuses anything else naming the field', async () => {
    const t = await createTenant(server);
    for (const emoji of ['📘', '👩🏽‍💻', '🇫🇷', '1f4d8', '']) {
      const r = await t.api.post(`/v1/orgs/${t.org}/spaces`, { title: 'S', emoji });
      expect(r.status, emoji).toBe(201);
      expect(r.body.emoji).toBe(emoji);
    }
    const space = (await t.api.post(`/v1/orgs/${t.org}/spaces`, { title: 'S' })).body;
    for (const emoji of ['book', '📘📗', 'x', '1', '<script>', 'd800']) {
      for (const r of [await t.api.post(`/v1/orgs/${t.org}/spaces`, { title: 'S', emoji }), await t.api.patch(`/v1/spaces/${space.id}`, { emoji })]) {
        expect(r.status, emoji).toBe(400);
        expect(r.body.error.message).toContain('/body/emoji');
      }
    }
    expect((await t.api.get(`/v1/spaces/${space.id}`)).body.emoji).toBe('');
  });
});

describe('Limits and errors: titles, names and comment bodies refuse control and deceptive characters', () => {
  it('refuses NUL and other control characters with 400 naming the field, writing nothing', async () => {
    const t = await createTenant(server);
    const before = (await t.api.get(`/v1/orgs/${t.org}/spaces`)).body.count;
    for (const title of ['nul\u0000', 'bell\u0007', 'esc\u001b[31m', 'c1\u0085']) {
      const r = await t.api.post(`/v1/orgs/${t.org}/spaces`, { title });
      expect(r.status, JSON.stringify(title)).toBe(400);
      expect(r.body.error.message).toMatch(/\/body\/title must not contain control characters \(U\+00/);
    }
    expect((await t.api.get(`/v1/orgs/${t.org}/spaces`)).body.count).toBe(before);

    const space = (await t.api.post(`/v1/orgs/${t.org}/spaces`, { title: 'S' })).body;
    const bad = await t.api.post(`/v1/spaces/${space.id}/comments`, { body: { markdown: 'hello\u0000world' } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toContain('/body/body/markdown');
    const ok = await t.api.post(`/v1/spaces/${space.id}/comments`, { body: { markdown: 'multi\nline\ttext\r\n' } });
    expect(ok.status).toBe(200);
    expect((await t.api.patch(`/v1/orgs/${t.org}`, { title: 'Org\u0000' })).status).toBe(400);
    expect((await t.api.put(`/v1/orgs/${t.org}/teams`, { title: 'Team\u0001' })).status).toBe(400);
  });

  it('refuses bidirectional overrides and invisible characters in titles and subjects, but not joiners of scripts and emoji', async () => {
    const t = await createTenant(server);
    for (const title of ['invoice\u202Efdp.exe', 'admin\u200B', 'a\u2066b\u2069', '\uFEFFbom']) {
      const r = await t.api.post(`/v1/orgs/${t.org}/spaces`, { title });
      expect(r.status, JSON.stringify(title)).toBe(400);
      expect(r.body.error.message).toContain('/body/title must not contain bidirectional-override or invisible characters');
    }
    const space = await t.api.post(`/v1/orgs/${t.org}/spaces`, { title: 'می‌خواهم 👩‍💻' });
    expect(space.status).toBe(201);
    const cr = await t.api.post(`/v1/spaces/${space.body.id}/change-requests`, { subject: 'fix\u202Ethis' });
    expect(cr.status).toBe(400);
    expect(cr.body.error.message).toContain('/body/subject');
    // Page content may quote such characters (it is not a name).
    const comment = await t.api.post(`/v1/spaces/${space.body.id}/comments`, { body: { markdown: 'The title had a \u202E in it' } });
    expect(comment.status).toBe(200);
  });
});

describe('Part 1, Spaces: a deleted space in its 7-day trash', () => {
  it('is visible only to those who may restore it; readers, readers of a formerly public space and other organizations get 404 at once', async () => {
    const t = await createTenant(server, { reader: 'read', editor: 'edit' });
    const other = await createTenant(server);
    const space = (await t.api.post(`/v1/orgs/${t.org}/spaces`, { title: 'Public handbook' })).body;
    expect((await t.api.patch(`/v1/spaces/${space.id}`, { visibility: 'public' })).status).toBe(200);
    const page = await t.api.post(`/v1/spaces/${space.id}/content/pages`, { title: 'Welcome', markdown: 'Hello' });
    expect(page.status, JSON.stringify(page.body)).toBe(201);
    for (const api of [t.as('reader'), other.api]) expect((await api.get(`/v1/spaces/${space.id}`)).status).toBe(200);

    expect((await t.api.delete(`/v1/spaces/${space.id}`)).status).toBe(204);
    for (const api of [t.as('reader'), t.as('editor'), other.api]) {
      for (const path of [`/v1/spaces/${space.id}`, `/v1/spaces/${space.id}/content`, `/v1/spaces/${space.id}/content/page/${page.body.id}`, `/v1/spaces/${space.id}/comments`]) {
        const r = await api.get(path);
        expect(r.status, path).toBe(404);
      }
      expect((await api.post(`/v1/spaces/${space.id}/restore`)).status).toBe(404);
    }
    const own = await t.api.get(`/v1/spaces/${space.id}`);
    expect(own.status).toBe(200);
    expect(own.body.deletedAt).toBeDefined();
    expect((await t.api.post(`/v1/spaces/${space.id}/restore`)).status).toBe(200);
    expect((await t.as('reader').get(`/v1/spaces/${space.id}`)).status).toBe(200);
    expect((await other.api.get(`/v1/spaces/${space.id}`)).status).toBe(200);
  });
});

describe('Part 1, states and transitions: change request (any) — PATCH with status → the given status', () => {
  it('reopens a merged change request from the revision its merge produced; the merged content stays and a second round merges on top', async () => {
    const t = await createTenant(server, { reviewer: 'review' });
    const space = (await t.api.post(`/v1/orgs/${t.org}/spaces`, { title: 'S' })).body;
    const base = `/v1/spaces/${space.id}`;
    const created = await t.api.post(`${base}/content/edits`, { edits: [{ op: 'createPage', page: { id: 'page-aaaa', title: 'A', markdown: 'one\n' } }] });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const cr = (await t.api.post(`${base}/change-requests`, { subject: 'Round one' })).body;
    const crPath = `${base}/change-requests/${cr.id}`;
    expect((await t.api.post(`${crPath}/content/edits`, { edits: [{ op: 'updatePage', pageId: 'page-aaaa', page: { markdown: 'two\n' } }] })).status).toBe(200);
    expect((await t.api.post(`${crPath}/reviews`, {})).status).toBeGreaterThanOrEqual(400); // the author cannot review
    expect((await t.as('reviewer').post(`${crPath}/reviews`, { status: 'approved' })).status).toBe(201);
    const merged = await t.api.post(`${crPath}/merge`);
    expect(merged.status, JSON.stringify(merged.body)).toBe(200);
    const atMerge = (await t.api.get(crPath)).body;
    expect(atMerge).toMatchObject({ status: 'merged' });
    const mergedRevision = atMerge.revisionMerged as string;
    const before = (await t.api.get(base)).body.changeRequestsOpen;

    // A merged request's subject can still be corrected; it stays merged.
    expect((await t.api.patch(crPath, { subject: 'Round one (done)' })).body).toMatchObject({ status: 'merged', subject: 'Round one (done)', revisionMerged: mergedRevision });

    const reopened = await t.api.patch(crPath, { status: 'open' });
    expect(reopened.status, JSON.stringify(reopened.body)).toBe(200);
    expect(reopened.body).toMatchObject({ status: 'open', revision: mergedRevision, revisionInitial: mergedRevision, outdated: false });
    for (const k of ['mergedAt', 'mergedBy', 'revisionMerged', 'revisionMergedAncestor']) expect(reopened.body[k]).toBeUndefined();
    expect((await t.api.get(base)).body.changeRequestsOpen).toBe(before + 1);
    // The earlier approval was of the merged round: it is outdated now.
    const reviews = (await t.api.get(`${crPath}/reviews`)).body.items;
    expect(reviews.map((r: any) => r.outdated)).toEqual([true]);
    // The merged content stayed in the space, and the reopened request shows it.
    const page = async (p: string) => (await t.api.get(`${p}/content/page/page-aaaa?format=markdown`)).body.markdown;
    expect(await page(base)).toBe('two\n');
    expect(await page(crPath)).toBe('two\n');

    // A second round on top of the first.
    expect((await t.api.post(`${crPath}/content/edits`, { edits: [{ op: 'updatePage', pageId: 'page-aaaa', page: { markdown: 'three\n' } }] })).status).toBe(200);
    expect((await t.as('reviewer').post(`${crPath}/reviews`, { status: 'approved' })).status).toBe(201);
    const again = await t.api.post(`${crPath}/merge`);
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(await page(base)).toBe('three\n');
    const final = (await t.api.get(crPath)).body;
    expect(final.status).toBe('merged');
    expect(final.revisionMerged).not.toBe(mergedRevision);

    // Archiving a merged request is allowed too (it leaves the merged state the same way).
    const archived = await t.api.patch(crPath, { status: 'archived' });
    expect(archived.body).toMatchObject({ status: 'archived', revision: final.revisionMerged });
    expect((await t.api.patch(crPath, { status: 'merged' })).status).toBe(400);
  });
});

describe('Part 1, User reference: email and photoURL, subject to member visibility', () => {
  it('members see the email and photo of the users in comments, reactions, change requests and reviews; guests see name and photo only', async () => {
    const admin = server.api(server.adminToken);
    const t = await createTenant(server, { reviewer: 'review', guest: null });
    const other = await createTenant(server);
    const photoURL = 'https://images.example.com/ada.png';
    const ada = (await admin.post('/v1/users', { email: `ada-${t.org.toLowerCase()}@example.com`, displayName: 'Ada', photoURL })).body;
    const adaToken = (await admin.post(`/v1/users/${ada.id}/tokens`, { label: 'test' })).body.token;
    await addMember(server, t.org, t.owner, { id: ada.id, email: ada.email, token: adaToken }, 'admin');
    const asAda = server.api(adaToken);
    const space = (await t.api.post(`/v1/orgs/${t.org}/spaces`, { title: 'Handbook' })).body;
    expect((await t.api.patch(`/v1/spaces/${space.id}`, { visibility: 'public' })).status).toBe(200);
    expect((await t.api.post(`/v1/spaces/${space.id}/permissions`, { role: 'comment', users: [t.users.guest!.id] })).status).toBe(204);
    const comment = (await asAda.post(`/v1/spaces/${space.id}/comments`, { body: { markdown: 'Looks good' } })).body;
    expect((await t.as('reviewer').put(`/v1/spaces/${space.id}/comments/${comment.id}`, { addedReactions: ['👍'] })).status).toBe(200);
    const cr = (await asAda.post(`/v1/spaces/${space.id}/change-requests`, { subject: 'Tidy' })).body;
    expect((await asAda.post(`/v1/spaces/${space.id}/change-requests/${cr.id}/requested-reviewers`, { users: [t.users.reviewer!.id] })).status).toBe(200);

    const refs = async (api: ReturnType<typeof server.api>) => {
      const c = (await api.get(`/v1/spaces/${space.id}/comments/${comment.id}`)).body;
      const r = (await api.get(`/v1/spaces/${space.id}/change-requests/${cr.id}`)).body;
      return { postedBy: c.postedBy, reactor: c.reactions[0].users[0].user, createdBy: r.createdBy };
    };
    const asMember = await refs(t.as('reviewer'));
    expect(asMember.postedBy).toMatchObject({ id: ada.id, email: ada.email, photoURL });
    expect(asMember.createdBy).toMatchObject({ id: ada.id, email: ada.email, photoURL });
    expect(asMember.reactor).toMatchObject({ id: t.users.reviewer!.id, email: t.users.reviewer!.email });
    const reviewers = (await t.as('reviewer').get(`/v1/spaces/${space.id}/change-requests/${cr.id}/requested-reviewers`)).body.items;
    expect(reviewers[0].user).toMatchObject({ id: t.users.reviewer!.id, email: t.users.reviewer!.email });
    expect(reviewers[0].requestedBy).toMatchObject({ id: ada.id, email: ada.email });

    // A guest of the organization (a comment grant on the space); visitors of the public space from elsewhere do not
    // see its discussions at all.
    expect((await other.api.get(`/v1/spaces/${space.id}/comments/${comment.id}`)).status).toBe(403);
    const asGuest = await t.as('guest').get(`/v1/spaces/${space.id}/comments/${comment.id}`);
    for (const [who, r] of [['guest', asGuest]] as const) {
      expect(r.status, `${who}: ${JSON.stringify(r.body)}`).toBe(200);
      const c = r.body;
      expect(c.postedBy).toMatchObject({ id: ada.id, displayName: 'Ada', photoURL });
      expect(c.postedBy.email).toBeUndefined();
      expect(c.reactions[0].users[0].user.email).toBeUndefined();
    }
  });
});

describe('Part 1, Page: createdAt and updatedAt', () => {
  it('answers when a page was created and last changed, per revision, without changing the content hash of unchanged pages', async () => {
    const t = await createTenant(server);
    const space = (await t.api.post(`/v1/orgs/${t.org}/spaces`, { title: 'S' })).body;
    const base = `/v1/spaces/${space.id}`;
    const created = await t.api.post(`${base}/content/edits`, { edits: [
      { op: 'createPage', page: { id: 'page-one1', title: 'One', markdown: 'one\n' } },
      { op: 'createPage', page: { id: 'page-two2', title: 'Two', markdown: 'two\n' } },
    ] });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const one = (await t.api.get(`${base}/content/page/page-one1`)).body;
    expect(one.createdAt).toBeDefined();
    expect(one.updatedAt).toBe(one.createdAt);

    server.clock.advance(60_000);
    expect((await t.api.patch(`${base}/content/page/page-one1`, { markdown: 'one, changed\n' })).status).toBe(200);
    const after = (await t.api.get(`${base}/content/pages`)).body.pages;
    const byId = new Map<string, any>(after.map((p: any) => [p.id, p]));
    expect(byId.get('page-one1').createdAt).toBe(one.createdAt);
    expect(Date.parse(byId.get('page-one1').updatedAt) - Date.parse(one.createdAt)).toBeGreaterThanOrEqual(60_000);
    expect(byId.get('page-two2').updatedAt).toBe(one.createdAt);

    // A change request's revision shows its own change; the space's earlier revision still shows the earlier time.
    server.clock.advance(60_000);
    const cr = (await t.api.post(`${base}/change-requests`, { subject: 'Edit two' })).body;
    expect((await t.api.post(`${base}/change-requests/${cr.id}/content/edits`, { edits: [{ op: 'updatePage', pageId: 'page-two2', page: { title: 'Two, renamed' } }] })).status).toBe(200);
    const inCr = (await t.api.get(`${base}/change-requests/${cr.id}/content/page/page-two2`)).body;
    expect(Date.parse(inCr.updatedAt) - Date.parse(byId.get('page-one1').updatedAt)).toBeGreaterThanOrEqual(60_000);
    expect(inCr.createdAt).toBe(one.createdAt);
    expect((await t.api.get(`${base}/content/page/page-two2`)).body.updatedAt).toBe(one.createdAt);
    const first = (await t.api.get(`${base}/revisions/${created.body.revision}`)).body;
    if (first.pages) expect(first.pages.find((p: any) => p.id === 'page-one1').updatedAt).toBe(one.createdAt);

    // A duplicated space keeps the history of its pages.
    const copy = await t.api.post(`${base}/duplicate`);
    expect(copy.status, JSON.stringify(copy.body)).toBeLessThan(300);
    const copied = (await t.api.get(`/v1/spaces/${copy.body.id}/content/page/page-one1`)).body;
    expect(copied).toMatchObject({ createdAt: one.createdAt, updatedAt: byId.get('page-one1').updatedAt });
  });
});

describe('Part 1, Comment target: page {id, title, path, createdAt, updatedAt, outdated}', () => {
  it('shows the targeted page as it is now, follows renames and moves, and says when it changed since the comment', async () => {
    const t = await createTenant(server);
    const space = (await t.api.post(`/v1/orgs/${t.org}/spaces`, { title: 'S' })).body;
    const base = `/v1/spaces/${space.id}`;
    expect((await t.api.post(`${base}/content/edits`, { edits: [
      { op: 'createPage', page: { id: 'page-guide', title: 'Guide', markdown: 'text\n' } },
      { op: 'createPage', page: { id: 'page-paren', title: 'Parent', markdown: 'p\n' } },
    ] })).status).toBe(200);
    const posted = await t.api.post(`${base}/comments`, { page: 'page-guide', body: { markdown: 'Typo here' } });
    expect(posted.status, JSON.stringify(posted.body)).toBe(200);
    const page = async () => (await t.api.get(`${base}/comments/${posted.body.id}`)).body.target.page;
    expect(await page()).toMatchObject({ id: 'page-guide', title: 'Guide', path: 'guide', outdated: false });
    expect((await page()).createdAt).toBeDefined();

    expect((await t.api.patch(`${base}/content/page/page-guide`, { title: 'User guide', slug: 'user-guide' })).status).toBe(200);
    expect((await t.api.post(`${base}/content/page/page-guide/move`, { parent: 'page-paren' })).status).toBe(200);
    expect(await page()).toMatchObject({ id: 'page-guide', title: 'User guide', path: 'parent/user-guide', outdated: true });
    const listed = (await t.api.get(`${base}/comments`)).body.items[0].target.page;
    expect(listed).toMatchObject({ title: 'User guide', path: 'parent/user-guide' });

    // In a change request: the page as the request has it.
    const cr = (await t.api.post(`${base}/change-requests`, { subject: 'Rename' })).body;
    expect((await t.api.post(`${base}/change-requests/${cr.id}/content/edits`, { edits: [{ op: 'updatePage', pageId: 'page-guide', page: { title: 'Handbook' } }] })).status).toBe(200);
    const crc = await t.api.post(`${base}/change-requests/${cr.id}/comments`, { page: 'page-guide', body: { markdown: 'Better name' } });
    expect(crc.status, JSON.stringify(crc.body)).toBe(200);
    expect(crc.body.target.page).toMatchObject({ id: 'page-guide', title: 'Handbook', outdated: false });

    expect((await t.api.delete(`${base}/content/page/page-guide`)).status).toBeLessThan(300);
    expect(await page()).toEqual({ id: 'page-guide', outdated: true });
  });
});

describe('Part 1, Link list: stats {total, broken: {total, changeRequest}}', () => {
  it('counts the broken links that change requests introduce, in the request and in the space', async () => {
    const t = await createTenant(server);
    const space = (await t.api.post(`/v1/orgs/${t.org}/spaces`, { title: 'S' })).body;
    const base = `/v1/spaces/${space.id}`;
    expect((await t.api.post(`${base}/content/edits`, { edits: [
      { op: 'createPage', page: { id: 'page-home', title: 'Home', markdown: '[Gone](gone.md) [Guide](guide.md)\n' } },
      { op: 'createPage', page: { id: 'page-guide', title: 'Guide', markdown: 'Guide\n' } },
    ] })).status).toBe(200);
    const stats = async (path: string) => { const r = await t.api.get(path); expect(r.status, JSON.stringify(r.body)).toBe(200); return r.body.stats; };
    // One broken link already in the space; no change request introduces any.
    expect(await stats(`${base}/links`)).toEqual({ total: 2, broken: { total: 1, changeRequest: 0 } });

    // A change request deletes the guide (the home page's link to it breaks) and adds a link to a missing page.
    const cr = (await t.api.post(`${base}/change-requests`, { subject: 'Reshuffle' })).body;
    const crBase = `${base}/change-requests/${cr.id}`;
    expect((await t.api.post(`${crBase}/content/edits`, { edits: [
      { op: 'deletePage', pageId: 'page-guide' },
      { op: 'updatePage', pageId: 'page-home', page: { markdown: '[Gone](gone.md) [Guide](guide.md) [Later](later.md)\n' } },
    ] })).status).toBe(200);
    expect(await stats(`${crBase}/content/page/page-home/links`)).toEqual({ total: 3, broken: { total: 3, changeRequest: 2 } });
    expect(await stats(`${base}/links`)).toEqual({ total: 2, broken: { total: 1, changeRequest: 2 } });
    expect(await stats(`${base}/content/page/page-home/links`)).toEqual({ total: 2, broken: { total: 1, changeRequest: 2 } });
    expect(await stats(`${base}/content/page/page-guide/links`)).toEqual({ total: 0, broken: { total: 0, changeRequest: 0 } });

    // Archived requests no longer count.
    expect((await t.api.patch(crBase, { status: 'archived' })).status).toBe(200);
    expect(await stats(`${base}/links`)).toEqual({ total: 2, broken: { total: 1, changeRequest: 0 } });
  });
});

// Page feedback on a published site (the customization's `feedback.enabled`, which changed nothing before): the
// "Was this page helpful?" form under each page posts a rating to `~gitbook/feedback`, the page after it takes a
// comment for that rating, the site's members list both through the API (`listSitePageFeedback`), and integrations
// covering the site with `page:feedback:read` get GitBook's `page_feedback` events.
import { describe, expect, it } from 'vitest';
import { randomString } from '../src/lib/ids.js';
import { createTenant, createUser, publishGuideSite, useTestServer, type Tenant } from '../src/testing/index.js';

const server = useTestServer();

async function setFeedback(t: Tenant, siteId: string, enabled: boolean) {
  const current = (await t.api.get(`/v1/orgs/${t.org}/sites/${siteId}/customization`)).body;
  const put = await t.api.put(`/v1/orgs/${t.org}/sites/${siteId}/customization`, { ...current, feedback: { enabled } });
  expect(put.status, JSON.stringify(put.body)).toBe(200);
}

const post = (path: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
  fetch(server.url + path, { method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers }, body: new URLSearchParams(fields) });

async function list(t: Tenant, siteId: string, query = '') {
  const r = await t.api.get(`/v1/orgs/${t.org}/sites/${siteId}/feedback${query}`);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body as { items: any[]; count: number; next?: { page: string } };
}

describe('page feedback on a published site', () => {
  it('off by default: no form, and posts are refused; on: the form under every page', async () => {
    const t = await createTenant(server);
    const { siteId, base } = await publishGuideSite(t);
    expect(await (await fetch(`${server.url}${base}/setup`)).text()).not.toContain('class="feedback"');
    expect((await post(`${base}/~gitbook/feedback`, { page: 'page-setup', rating: 'good' })).status).toBe(404);

    await setFeedback(t, siteId, true);
    const html = await (await fetch(`${server.url}${base}/setup`)).text();
    const form = /<form class="feedback"[^>]*action="([^"]+)"[^>]*>(.*?)<\/form>/.exec(html);
    expect(form, html.slice(0, 200)).not.toBeNull();
    expect(form![1]).toBe(`${base}/~gitbook/feedback`);
    expect(form![2]).toContain('name="page" value="page-setup"');
    expect([...form![2]!.matchAll(/name="rating" value="(\w+)"/g)].map((m) => m[1])).toEqual(['bad', 'ok', 'good']);
    expect(form![2]).toContain('Was this page helpful?');
    expect((await list(t, siteId)).count).toBe(0);
  });

  it('a rating, then a comment on it; listed newest first, filtered by page and rating', async () => {
    const t = await createTenant(server);
    const { siteId, spaceId, base } = await publishGuideSite(t);
    await setFeedback(t, siteId, true);

    const rated = await post(`${base}/~gitbook/feedback`, { page: 'page-setup', rating: 'good' });
    expect(rated.status).toBe(201);
    expect(rated.headers.get('cache-control')).toBe('no-store');
    const thanks = await rated.text();
    expect(thanks).toContain('Thank you for your feedback');
    expect(thanks).toContain(`href="${base}/setup"`);
    const entry = /name="entry" value="([^"]+)"/.exec(thanks)?.[1];
    expect(entry).toBeDefined();
    let listed = await list(t, siteId);
    expect(listed).toMatchObject({ count: 1, items: [{ object: 'page-feedback', id: entry, page: 'page-setup', space: spaceId, rating: 'good' }] });
    expect(listed.items[0].comment).toBeUndefined();
    expect(typeof listed.items[0].siteSpace).toBe('string');

    const commented = await post(`${base}/~gitbook/feedback`, { page: 'page-setup', entry: entry!, comment: '  Clear steps, thanks.  ' });
    expect(commented.status).toBe(201);
    expect(await commented.text()).not.toContain('name="entry"');
    // Answered once: a second comment on the same rating, or one naming another page, is refused.
    expect((await post(`${base}/~gitbook/feedback`, { page: 'page-setup', entry: entry!, comment: 'Again' })).status).toBe(409);
    listed = await list(t, siteId);
    expect(listed.items[0]).toMatchObject({ id: entry, rating: 'good', comment: 'Clear steps, thanks.', commentedAt: expect.any(String) });

    // JSON too (a script's post), a second page and rating.
    const json = await fetch(`${server.url}${base}/~gitbook/feedback`, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json' }, body: JSON.stringify({ page: 'page-intro', rating: 'bad' }) });
    expect(json.status).toBe(201);
    const created = (await json.json()) as { id: string; page: string };
    expect(created).toMatchObject({ id: expect.any(String), page: 'page-intro' });
    expect((await post(`${base}/~gitbook/feedback`, { page: 'page-intro', entry: created.id, comment: 'Wrong page' }).then((r) => r.status))).toBe(201);
    expect((await post(`${base}/~gitbook/feedback`, { page: 'page-setup', entry: created.id, comment: 'x' })).status).toBe(409);

    listed = await list(t, siteId);
    expect(listed.count).toBe(2);
    expect(listed.items.map((i) => i.page)).toEqual(['page-intro', 'page-setup']);
    expect((await list(t, siteId, '?pageId=page-setup')).items.map((i) => i.id)).toEqual([entry]);
    expect((await list(t, siteId, '?rating=bad')).items.map((i) => i.page)).toEqual(['page-intro']);
    const first = await list(t, siteId, '?limit=1');
    expect(first.items).toHaveLength(1);
    expect((await list(t, siteId, `?limit=1&page=${first.next!.page}`)).items[0].page).toBe('page-setup');
    expect((await t.api.get(`/v1/orgs/${t.org}/sites/${siteId}/feedback?rating=great`)).status).toBe(400);

    // Not a member: the site's feedback is not visible.
    const stranger = await createUser(server, 'Stranger');
    expect((await server.api(stranger.token).get(`/v1/orgs/${t.org}/sites/${siteId}/feedback`)).status).toBe(404);
  });

  it('refuses what is not a rating of a page the visitor sees, naming the field; nothing is stored', async () => {
    const t = await createTenant(server);
    const { siteId, base } = await publishGuideSite(t);
    await setFeedback(t, siteId, true);
    const url = `${base}/~gitbook/feedback`;
    const refused = async (fields: Record<string, string>, status: number, words: string) => {
      const r = await post(url, fields, { accept: 'application/json' });
      expect(r.status, JSON.stringify(fields)).toBe(status);
      expect(((await r.json()) as { error: { message: string } }).error.message).toContain(words);
    };
    await refused({ rating: 'good' }, 400, 'page');
    await refused({ page: 'page-setup', rating: 'great' }, 400, 'rating');
    await refused({ page: 'page-setup' }, 400, 'rating');
    await refused({ page: 'page-setup', entry: 'x', comment: '   ' }, 400, 'comment');
    await refused({ page: 'page-setup', entry: 'x', comment: 'y'.repeat(513) }, 400, 'comment');
    await refused({ page: 'no-such-page', rating: 'ok' }, 404, 'does not exist');
    await refused({ page: 'page-setup', entry: 'no-such-entry', comment: 'Hello' }, 409, 'rating');
    const big = await fetch(server.url + url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: `page=page-setup&rating=good&pad=${'x'.repeat(5000)}` });
    expect(big.status).toBe(413);
    const text = await fetch(server.url + url, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'good' });
    expect(text.status).toBe(415);
    expect((await fetch(server.url + url)).status).toBe(405);
    expect((await list(t, siteId)).count).toBe(0);
    // At most 20 posts a minute from one address to one site.
    let last = 0;
    for (let i = 0; i < 21; i++) last = (await post(url, { page: 'page-setup', rating: 'ok' })).status;
    expect(last).toBe(429);
    expect((await list(t, siteId)).count).toBeLessThanOrEqual(20);
  });

  it('page_feedback events for the integrations covering the site with page:feedback:read', async () => {
    const t = await createTenant(server);
    const { siteId, spaceId, base } = await publishGuideSite(t);
    await setFeedback(t, siteId, true);
    const apps: Record<string, { name: string; installation: string }> = {};
    for (const [key, scopes] of [['reads', ['page:feedback:read']], ['other', ['site:metadata:read']]] as const) {
      const name = `feedback-${randomString(8).toLowerCase()}`;
      const published = await t.api.post(`/v1/integrations/${name}`, { organization: t.org, title: 'Feedback', description: 'Reads feedback', script: 'export default { async fetch() { return new Response("OK"); } };', scopes });
      expect(published.status, JSON.stringify(published.body)).toBe(200);
      const inst = await t.api.post(`/v1/integrations/${name}/installations`, { organization: t.org });
      expect(inst.status).toBe(201);
      expect((await t.api.patch(`/v1/integrations/${name}/installations/${inst.body.id}`, { site_selection: 'all' })).status).toBe(200);
      apps[key] = { name, installation: inst.body.id };
    }
    const rated = await post(`${base}/~gitbook/feedback`, { page: 'page-setup', rating: 'ok' }, { 'user-agent': 'FeedbackTest/1.0', referer: `${server.url}${base}/` });
    const entry = /name="entry" value="([^"]+)"/.exec(await rated.text())![1]!;
    expect((await post(`${base}/~gitbook/feedback`, { page: 'page-setup', entry, comment: 'More examples' })).status).toBe(201);

    const events = async (name: string) => ((await t.api.get(`/v1/integrations/${name}/events?limit=100`)).body.items as any[])
      .filter((e) => e.payload.type === 'page_feedback').map((e) => e.payload).reverse();
    const got = await events(apps.reads!.name);
    expect(got).toHaveLength(2);
    expect(got[0]).toMatchObject({
      type: 'page_feedback', installationId: apps.reads!.installation, siteId, spaceId, pageId: 'page-setup', feedback: { rating: 'ok' },
      visitor: { userAgent: 'FeedbackTest/1.0', cookies: {} }, url: expect.stringMatching(/\/setup$/), referrer: `${server.url}${base}/`,
    });
    expect(got[0].feedback.comment).toBeUndefined();
    expect(got[1].feedback).toEqual({ rating: 'ok', comment: 'More examples' });
    expect(await events(apps.other!.name)).toEqual([]);
  });
});

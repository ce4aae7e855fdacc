// `site_view` events (GitBook's `SiteViewEvent`): a visitor's view of a published page, for the installations covering
// the site whose integration declares `site:views:read` — delivered to the integration's real script in the sandbox.
// What counts as a view (a browser's GET of a page's HTML, not crawlers, tools, HEAD, twins, prefetches, previews or
// 404s), nothing queued when no installation wants the site's views, and the answer to "who wants them" as fresh as
// the site row in another server process (PostgreSQL).
import { afterAll, describe, expect, it } from 'vitest';
import { JOB_TYPES, jobHandlers, runDueJobs } from '../src/jobs/index.js';
import { randomString } from '../src/lib/ids.js';
import { flushSiteViews, siteViewStats } from '../src/services/site-views.js';
import { createTenant, publishGuideSite, testDialect, useTestServer, type Tenant } from '../src/testing/index.js';
import { forkServerProcess, stopServerProcesses } from './support/server-process.js';

const server = useTestServer();
afterAll(() => stopServerProcesses());

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

/** The integration's script: what it received, in its trace. */
const SCRIPT = `export default {
  async fetch(request) {
    const form = await request.formData();
    const event = JSON.parse(form.get('event'));
    if (event.type === 'site_view') console.log('viewed', event.pageId, 'of', event.siteSpaceId, 'at', new URL(event.url).pathname + new URL(event.url).search, 'by', event.visitor.anonymousId.length > 10 ? 'someone' : 'nobody');
    return new Response('OK');
  },
};`;

async function installed(t: Tenant, scopes: string[], selection: 'all' | 'selected' = 'all') {
  const name = `views-${randomString(8).toLowerCase()}`;
  const published = await t.api.post(`/v1/integrations/${name}`, { organization: t.org, title: 'Views', description: 'Counts views', script: SCRIPT, scopes });
  expect(published.status, JSON.stringify(published.body)).toBe(200);
  const inst = await t.api.post(`/v1/integrations/${name}/installations`, { organization: t.org });
  expect(inst.status).toBe(201);
  expect((await t.api.patch(`/v1/integrations/${name}/installations/${inst.body.id}`, { site_selection: selection })).status).toBe(200);
  return { name, installation: inst.body.id as string };
}

async function views(t: Tenant, name: string): Promise<any[]> {
  const r = await t.api.get(`/v1/integrations/${name}/events?limit=100`);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return (r.body.items as any[]).filter((e) => e.payload.type === 'site_view').reverse();
}

const visit = (path: string, headers: Record<string, string> = {}, method = 'GET') =>
  fetch(server.url + path, { method, redirect: 'manual', headers: { 'user-agent': BROWSER, ...headers } });

/** A view, and the queue written: a view goes to the installations that want the site's views when it is written. */
async function viewed(path: string) {
  expect((await visit(path)).status).toBe(200);
  await flushSiteViews(server.ctx);
}

const rowsOf = async (table: 'jobs' | 'integration_events') =>
  Number((await server.ctx.db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

describe('site_view events', () => {
  it('one per page a browser views, to the installations with site:views:read, received by the script', async () => {
    const t = await createTenant(server);
    const { siteId, spaceId, siteSpace, base } = await publishGuideSite(t);
    const reads = await installed(t, ['site:views:read']);
    const other = await installed(t, ['page:feedback:read']);

    const first = await visit(`${base}/setup?ref=news&jwt_token=secret-token`, { referer: 'https://example.com/blog', 'accept-language': 'fr-CH,fr;q=0.9' });
    expect(first.status).toBe(200);
    const etag = first.headers.get('etag')!;
    // A reader's revalidated copy (304) is a view too; the site's root shows its first page.
    expect((await visit(`${base}/setup`, { 'if-none-match': etag })).status).toBe(304);
    expect((await visit(`${base}/`)).status).toBe(200);
    // Not views: HEAD, the markdown twins, a prefetch, crawlers and tools, a page that does not exist, search, files.
    expect((await visit(`${base}/setup`, {}, 'HEAD')).status).toBe(200);
    expect((await visit(`${base}/setup.md`)).status).toBe(200);
    expect((await visit(`${base}/setup`, { accept: 'text/markdown' })).status).toBe(200);
    expect((await visit(`${base}/setup`, { 'sec-purpose': 'prefetch' })).status).toBe(200);
    for (const agent of ['Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)', 'curl/8.5.0', 'python-requests/2.32', '']) {
      expect((await visit(`${base}/setup`, { 'user-agent': agent })).status).toBe(200);
    }
    expect((await visit(`${base}/no-such-page`)).status).toBe(404);
    expect((await visit(`${base}/~search?q=install`)).status).toBe(200);
    await flushSiteViews(server.ctx);

    const got = await views(t, reads.name);
    // (One transaction writes them, at one time of the test's clock: their order is not kept.)
    expect(got.map((e) => e.payload.pageId).sort()).toEqual(['page-intro', 'page-setup', 'page-setup']);
    const event = got.find((e) => e.payload.url.includes('?'))!;
    expect(event.payload).toEqual({
      eventId: event.id, type: 'site_view', installationId: reads.installation, siteId, spaceId, siteSpaceId: siteSpace, pageId: 'page-setup',
      // The query is kept (GitBook's url "including URL params") but for the visitor's credentials.
      url: `${server.ctx.config.publicUrl}${base}/setup?ref=news`, referrer: 'https://example.com/blog',
      visitor: { anonymousId: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/), cookies: {}, userAgent: BROWSER, ip: expect.any(String), language: 'fr-CH' },
    });
    // One visitor, one anonymous id (for the day, on this site).
    expect(new Set(got.map((e) => e.payload.visitor.anonymousId)).size).toBe(1);
    expect(await views(t, other.name)).toEqual([]);

    // Delivered to the script like every event: it read the event.
    for (let i = 0; i < 10 && (await runDueJobs(server.ctx, { limit: 100, handlers: { [JOB_TYPES.deliverIntegrationEvent]: jobHandlers[JOB_TYPES.deliverIntegrationEvent]! } })).claimed > 0; i++);
    const detail = await t.api.get(`/v1/integrations/${reads.name}/events/${event.id}`);
    expect(detail.body.event.status).toBe('success');
    expect(detail.body.trace.logs.map((l: { message: string }) => l.message)).toContain(`viewed page-setup of ${siteSpace} at ${base}/setup?ref=news by someone`);
  });

  it('nothing queued or written when no installation covering the site wants its views; its coverage read at each view', async () => {
    const t = await createTenant(server);
    const { siteId, base } = await publishGuideSite(t);
    // Installed everywhere, but without the scope; and one with the scope that covers selected sites only.
    await installed(t, ['page:feedback:read']);
    const reads = await installed(t, ['site:views:read'], 'selected');
    await flushSiteViews(server.ctx);
    const before = { jobs: await rowsOf('jobs'), events: await rowsOf('integration_events'), written: siteViewStats(server.ctx).written };
    for (let i = 0; i < 5; i++) expect((await visit(`${base}/setup?n=${i}`)).status).toBe(200);
    await flushSiteViews(server.ctx);
    expect({ jobs: await rowsOf('jobs'), events: await rowsOf('integration_events'), written: siteViewStats(server.ctx).written }).toEqual(before);

    // Bound to the site: the next view is one (the page itself came from the page cache).
    expect((await t.api.post(`/v1/integrations/${reads.name}/installations/${reads.installation}/sites`, { site: siteId })).status).toBe(201);
    await viewed(`${base}/setup?n=bound`);
    // Unbound, then a new version of the integration without the scope: no more views.
    expect((await t.api.delete(`/v1/integrations/${reads.name}/installations/${reads.installation}/sites/${siteId}`)).status).toBe(204);
    await viewed(`${base}/setup?n=unbound`);
    expect((await t.api.patch(`/v1/integrations/${reads.name}/installations/${reads.installation}`, { site_selection: 'all' })).status).toBe(200);
    await viewed(`${base}/setup?n=all`);
    const republished = await t.api.post(`/v1/integrations/${reads.name}`, { organization: t.org, title: 'Views', description: 'Counts views', script: SCRIPT, scopes: ['site:metadata:read'] });
    expect(republished.status).toBe(200);
    await viewed(`${base}/setup?n=rescoped`);
    expect((await views(t, reads.name)).map((e) => new URL(e.payload.url).search).sort()).toEqual(['?n=all', '?n=bound']);
  });

  it.runIf(testDialect() === 'postgres')('another server process sees a new installation at its next view (PostgreSQL)', async () => {
    const t = await createTenant(server);
    const { siteId, base } = await publishGuideSite(t);
    const reads = await installed(t, ['site:views:read'], 'selected');
    // Gets every view of the site: once it has one, process B has written its queue up to that view.
    const sentinel = await installed(t, ['site:views:read'], 'all');
    const b = await forkServerProcess(server);
    const searchOf = (e: any) => new URL(e.payload.url).search;
    const visitB = async (query: string) => {
      expect((await fetch(`${b.url}${base}/setup${query}`, { headers: { 'user-agent': BROWSER } })).status).toBe(200);
      for (let i = 0; i < 100 && !(await views(t, sentinel.name)).some((e) => searchOf(e) === query); i++) await new Promise((r) => setTimeout(r, 50));
    };
    // Process B has drawn (and cached) the page and its site before the installation covers the site.
    await visitB('?n=before');
    expect((await t.api.post(`/v1/integrations/${reads.name}/installations/${reads.installation}/sites`, { site: siteId })).status).toBe(201);
    await visitB('?n=bound');
    expect((await t.api.delete(`/v1/integrations/${reads.name}/installations/${reads.installation}/sites/${siteId}`)).status).toBe(204);
    await visitB('?n=unbound');
    expect((await t.api.post(`/v1/integrations/${reads.name}/installations/${reads.installation}/sites`, { site: siteId })).status).toBe(201);
    await visitB('?n=again');
    expect((await views(t, sentinel.name)).map(searchOf).sort()).toEqual(['?n=again', '?n=before', '?n=bound', '?n=unbound']);
    expect((await views(t, reads.name)).map(searchOf).sort()).toEqual(['?n=again', '?n=bound']);
  }, 120_000);
});

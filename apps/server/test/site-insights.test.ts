// Site Insights (GitBook's trackEventsInSiteById and aggregateSiteEvents): the published site records its page views,
// markdown twins, llms.txt, searches and feedback without writing on the request (a buffer flushed every second), a
// renderer posts events through the API, and the site's members aggregate them. Events written by the buffer are
// waited for by polling the aggregate (no timed assertion).
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { createTenant, createUser, publishGuideSite, useTestServer, type Tenant } from '../src/testing/index.js';

const server = useTestServer();

const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36';
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

const visit = (path: string, ua = CHROME, init: RequestInit = {}) =>
  fetch(server.url + path, { redirect: 'manual', ...init, headers: { 'user-agent': ua, 'accept-language': 'fr-FR,fr;q=0.9', ...(init.headers as Record<string, string> ?? {}) } });

async function aggregate(t: Tenant, siteId: string, query: Record<string, unknown>, token?: string) {
  const api = token ? server.api(token) : t.api;
  return api.post(`/v1/orgs/${t.org}/sites/${siteId}/insights/events/aggregate`, { range: 'last24Hours', ...query });
}

/** The columns of an aggregation as rows (`{column: value}`). */
async function rows(t: Tenant, siteId: string, query: Record<string, unknown>) {
  const r = await aggregate(t, siteId, query);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  const cols = r.body.columns as { column: string; values: unknown[] }[];
  return (cols[0]?.values ?? []).map((_, i) => Object.fromEntries(cols.map((c) => [c.column, c.values[i]])));
}

/** Waits until the site holds `n` events (the buffer writes within about a second). */
async function eventsStored(t: Tenant, siteId: string, n: number): Promise<void> {
  let seen = -1;
  for (let i = 0; i < 200 && seen < n; i++) {
    if (i) await sleep(50);
    seen = Number((await rows(t, siteId, { select: [{ column: 'eventsCount' }] }))[0]?.eventsCount ?? 0);
  }
  expect(seen).toBe(n);
}

describe('site insights', () => {
  it('records what visitors do on the published site, and aggregates it', async () => {
    const t = await createTenant(server);
    const { siteId, spaceId, base } = await publishGuideSite(t, 'Install it with the installer.\n');
    const current = (await t.api.get(`/v1/orgs/${t.org}/sites/${siteId}/customization`)).body;
    expect((await t.api.put(`/v1/orgs/${t.org}/sites/${siteId}/customization`, { ...current, feedback: { enabled: true } })).status).toBe(200);

    for (let i = 0; i < 3; i++) expect((await visit(`${base}/setup?utm_source=newsletter`, CHROME, { headers: { referer: 'https://news.example.com/issue/4' } })).status).toBe(200);
    expect((await visit(`${base}/`, IPHONE)).status).toBe(200);
    expect((await visit(`${base}/`, GOOGLEBOT)).status).toBe(200);
    expect((await visit(`${base}/no-such-page`)).status).toBe(404);
    expect((await visit(`${base}/setup.md`)).status).toBe(200);
    expect((await visit(`${base}/llms.txt`)).status).toBe(200);
    expect((await visit(`${base}/llms-full.txt`)).status).toBe(200);
    expect((await visit(`${base}/~search?q=installer`)).status).toBe(200);
    expect((await visit(`${base}/~gitbook/search`, CHROME, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: 'installer' }) })).status).toBe(200);
    expect((await visit(`${base}/~gitbook/search`, CHROME, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: 'hello' }) })).status).toBe(200);
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    const rated = await visit(`${base}/~gitbook/feedback`, CHROME, { method: 'POST', headers: form, body: new URLSearchParams({ page: 'page-setup', rating: 'good' }) });
    expect(rated.status).toBe(201);
    const entry = /name="entry" value="([^"]+)"/.exec(await rated.text())![1]!;
    expect((await visit(`${base}/~gitbook/feedback`, CHROME, { method: 'POST', headers: form, body: new URLSearchParams({ page: 'page-setup', entry, comment: 'Clear' }) })).status).toBe(201);
    // Not events: a file of the site, a HEAD, a redirect.
    expect((await visit(`${base}/robots.txt`)).status).toBe(200);
    expect((await visit(`${base}/setup`, CHROME, { method: 'HEAD' })).status).toBe(200);
    await eventsStored(t, siteId, 14);

    const pageViews = { column: 'eventType', values: ['page_view'] };
    expect(await rows(t, siteId, { where: [pageViews], groupBy: [{ column: 'page' }] })).toEqual([
      { page: { page: 'page-setup', space: spaceId }, eventsCount: 3 },
      { page: { page: 'page-intro', space: spaceId }, eventsCount: 2 },
      { page: null, eventsCount: 1 },
    ]);
    // Bots left out by a where; the bot named from its user agent.
    expect(await rows(t, siteId, { where: [pageViews, { column: 'visitorBot', values: [null] }], groupBy: [{ column: 'page' }], select: [{ column: 'page' }, { column: 'eventsCount' }, { column: 'visitorsCount' }] })).toEqual([
      { page: { page: 'page-setup', space: spaceId }, eventsCount: 3, visitorsCount: 1 },
      { page: { page: 'page-intro', space: spaceId }, eventsCount: 1, visitorsCount: 1 },
      { page: null, eventsCount: 1, visitorsCount: 1 },
    ]);
    expect(await rows(t, siteId, { where: [pageViews, { column: 'visitorBot', values: [null], operator: 'notIn' }], select: [{ column: 'visitorBot' }, { column: 'urlPath' }, { column: 'eventsCount' }] }))
      .toEqual([{ visitorBot: 'googlebot', urlPath: `${base}/`, eventsCount: 1 }]);
    // Per day (the events are all of today, UTC).
    const today = `${new Date().toISOString().slice(0, 10)}T00:00:00.000Z`;
    expect(await rows(t, siteId, { where: [pageViews], groupBy: [{ column: 'datetime', interval: 'day' }], select: [{ column: 'datetime', interval: 'day' }, { column: 'eventsCount' }, { column: 'visitorsCount' }, { column: 'sessionsCount' }] }))
      .toEqual([{ datetime: today, eventsCount: 6, visitorsCount: 3, sessionsCount: 3 }]);
    // The broken URL.
    expect(await rows(t, siteId, { where: [pageViews, { column: 'page', values: [null] }], select: [{ column: 'urlPath' }, { column: 'eventsCount' }] }))
      .toEqual([{ urlPath: `${base}/no-such-page`, eventsCount: 1 }]);
    // Searches by query, from ~search and ~gitbook/search.
    expect(await rows(t, siteId, { where: [{ column: 'eventType', values: ['search_type_query'] }], groupBy: [{ column: 'eventSearchQuery' }] }))
      .toEqual([{ eventSearchQuery: 'installer', eventsCount: 2 }, { eventSearchQuery: 'hello', eventsCount: 1 }]);
    // Feedback ratings, and the comment.
    expect(await rows(t, siteId, { select: [{ column: 'pageFeedbackRating' }] })).toEqual([{ pageFeedbackRating: { ok: 0, good: 1, bad: 0 } }]);
    expect(await rows(t, siteId, { where: [{ column: 'eventType', values: ['page_post_feedback_comment'] }], select: [{ column: 'eventPageFeedbackRating' }, { column: 'eventPageFeedbackComment' }, { column: 'page' }] }))
      .toEqual([{ eventPageFeedbackRating: 'good', eventPageFeedbackComment: 'Clear', page: { page: 'page-setup', space: spaceId } }]);
    // Every kind, every event server-side.
    expect(await rows(t, siteId, { groupBy: [{ column: 'eventType' }, { column: 'displayContext' }], order: { by: { column: 'eventType' }, direction: 'asc' } })).toEqual([
      { eventType: 'llms_request', displayContext: 'server', eventsCount: 2 },
      { eventType: 'page_markdown_request', displayContext: 'server', eventsCount: 1 },
      { eventType: 'page_post_feedback', displayContext: 'server', eventsCount: 1 },
      { eventType: 'page_post_feedback_comment', displayContext: 'server', eventsCount: 1 },
      { eventType: 'page_view', displayContext: 'server', eventsCount: 6 },
      { eventType: 'search_type_query', displayContext: 'server', eventsCount: 3 },
    ]);
    expect(await rows(t, siteId, { groupBy: [{ column: 'eventLLMSVariant' }], where: [{ column: 'eventType', values: ['llms_request'] }], order: { by: { column: 'eventLLMSVariant' }, direction: 'asc' } }))
      .toEqual([{ eventLLMSVariant: 'full', eventsCount: 1 }, { eventLLMSVariant: 'standard', eventsCount: 1 }]);
    // What the request told: user agent, language, referrer, utm; no geolocation here (null).
    expect(await rows(t, siteId, { where: [pageViews, { column: 'utmSource', values: ['newsletter'] }], select: [
      { column: 'visitorBrowser' }, { column: 'visitorOS' }, { column: 'visitorDevice' }, { column: 'visitorLanguage' }, { column: 'referrerDomain' },
      { column: 'visitorGeoCountry' }, { column: 'visitorAuthenticated' }, { column: 'eventsCount' },
    ] })).toEqual([{ visitorBrowser: 'chrome', visitorOS: 'windows', visitorDevice: 'desktop', visitorLanguage: 'fr-FR', referrerDomain: 'news.example.com', visitorGeoCountry: null, visitorAuthenticated: false, eventsCount: 3 }]);
    expect(await rows(t, siteId, { where: [{ column: 'visitorDevice', values: ['mobile'] }], select: [{ column: 'visitorOS' }, { column: 'visitorBrowser' }, { column: 'eventsCount' }] }))
      .toEqual([{ visitorOS: 'ios', visitorBrowser: 'safari', eventsCount: 1 }]);
    // A group filter (eventsCount > 2), an hour bucket, a limit.
    expect(await rows(t, siteId, { groupBy: [{ column: 'eventType' }], where: [{ column: 'eventsCount', values: [2], operator: 'greaterThan' }] }))
      .toEqual([{ eventType: 'page_view', eventsCount: 6 }, { eventType: 'search_type_query', eventsCount: 3 }]);
    expect(await rows(t, siteId, { groupBy: [{ column: 'eventType' }], limit: 1 })).toEqual([{ eventType: 'page_view', eventsCount: 6 }]);
    const hour = await rows(t, siteId, { groupBy: [{ column: 'datetime', interval: 'hour' }, { column: 'hourOfDay' }, { column: 'dayOfWeek' }] });
    expect(hour.reduce((n, r) => n + (r.eventsCount as number), 0)).toBe(14);
    for (const r of hour) {
      const d = new Date(r.datetime as string);
      expect(r.hourOfDay).toBe(d.getUTCHours());
      expect(r.dayOfWeek).toBe(((d.getUTCDay() + 6) % 7) + 1);
    }
    // A range before the events: nothing.
    expect(await rows(t, siteId, { range: { from: '2020-01-01T00:00:00Z', to: '2020-02-01T00:00:00Z' }, select: [{ column: 'eventsCount' }] })).toEqual([{ eventsCount: 0 }]);
  });

  it('trackEventsInSiteById: events of a renderer, checked; who may post and who may read', async () => {
    const t = await createTenant(server, { reader: 'read', editor: 'create' });
    const { siteId, spaceId, base } = await publishGuideSite(t, 'Install it with the installer.\n');
    const url = `${server.url}${base}/setup`;
    const session = { visitorId: 'v-1', sessionId: 's-1', cookies: {}, userAgent: CHROME, language: 'en', referrer: 'https://www.example.org/' };
    const location = { url, siteSection: null, siteSpace: null, siteShareKey: null, space: spaceId, revision: null, page: 'page-setup' };
    const track = (events: unknown[], token = t.users.editor!.token) => server.api(token).post(`/v1/orgs/${t.org}/sites/${siteId}/insights/events`, { events });
    const ok = await track([
      { type: 'page_view', session, location, timestamp: new Date(Date.now() - 60_000).toISOString() },
      { type: 'link_click', session, location, link: { target: { kind: 'url', url: 'https://github.com/acme/tool' }, position: 'content' } },
      { type: 'search_open_result', session: { ...session, sessionId: 's-2' }, location, query: 'setup', result: { spaceId, pageId: 'page-setup' } },
      { type: 'api_client_request', session, location: { ...location, displayContext: 'embed' }, operation: { path: '/pets', method: 'get' } },
    ]);
    expect(ok.status, JSON.stringify(ok.body)).toBe(204);
    expect(await rows(t, siteId, { groupBy: [{ column: 'eventType' }], select: [{ column: 'eventType' }, { column: 'eventsCount' }, { column: 'sessionsCount' }, { column: 'visitorsCount' }], order: { by: { column: 'eventType' }, direction: 'asc' } })).toEqual([
      { eventType: 'api_client_request', eventsCount: 1, sessionsCount: 1, visitorsCount: 1 },
      { eventType: 'link_click', eventsCount: 1, sessionsCount: 1, visitorsCount: 1 },
      { eventType: 'page_view', eventsCount: 1, sessionsCount: 1, visitorsCount: 1 },
      { eventType: 'search_open_result', eventsCount: 1, sessionsCount: 1, visitorsCount: 1 },
    ]);
    expect(await rows(t, siteId, { where: [{ column: 'eventType', values: ['link_click'] }], select: [{ column: 'eventLinkTargetKind' }, { column: 'eventLinkTargetDomain' }, { column: 'eventLinkPosition' }, { column: 'eventLinkTargetValue' }, { column: 'displayContext' }] }))
      .toEqual([{ eventLinkTargetKind: 'url', eventLinkTargetDomain: 'github.com', eventLinkPosition: 'content', eventLinkTargetValue: { kind: 'url', url: 'https://github.com/acme/tool' }, displayContext: 'site' }]);
    expect(await rows(t, siteId, { where: [{ column: 'eventLinkTargetValue', values: [{ kind: 'url', url: 'https://github.com/acme/tool' }] }], select: [{ column: 'eventsCount' }] })).toEqual([{ eventsCount: 1 }]);
    expect(await rows(t, siteId, { where: [{ column: 'displayContext', values: ['embed'] }], select: [{ column: 'eventAPIOperationPath' }, { column: 'eventAPIOperationMethod' }] }))
      .toEqual([{ eventAPIOperationPath: '/pets', eventAPIOperationMethod: 'get' }]);
    expect(await rows(t, siteId, { where: [{ column: 'datetime', values: [new Date(Date.now() - 30_000).toISOString()], operator: 'lessThan' }], select: [{ column: 'eventType' }] }))
      .toEqual([{ eventType: 'page_view' }]);

    // Bad events: 400 naming the field, and nothing of the batch stored.
    const refused = async (events: unknown[], field: string) => {
      const r = await track(events);
      expect(r.status, JSON.stringify(r.body)).toBe(400);
      expect(r.body.error.message).toContain(field);
    };
    const good = { type: 'page_view', session, location };
    await refused([good, { ...good, timestamp: new Date(Date.now() - 10 * 60_000).toISOString() }], '/body/events/1/timestamp');
    await refused([good, { type: 'search_type_query', session, location }], '/body/events/1/query');
    await refused([{ type: 'page_post_feedback_comment', session, location, feedback: { rating: 'good' } }], '/body/events/0/feedback/comment');
    await refused([{ type: 'page_sneeze', session, location }], '/body/events/0/type');
    await refused([{ type: 'page_view', session, location: { ...location, url: undefined } }], 'url');
    await refused(Array.from({ length: 501 }, () => good), '/body/events');
    expect(await rows(t, siteId, { select: [{ column: 'eventsCount' }] })).toEqual([{ eventsCount: 4 }]);

    // Posting: who may edit the site; reading: who sees it.
    expect((await track([good], t.users.reader!.token)).status).toBe(403);
    const stranger = await createUser(server, 'Stranger');
    expect((await track([good], stranger.token)).status).toBe(404);
    expect((await aggregate(t, siteId, {}, t.users.reader!.token)).status).toBe(200);
    expect((await aggregate(t, siteId, {}, stranger.token)).status).toBe(404);

    // Bad queries: 400 naming the field.
    const bad = async (query: Record<string, unknown>, field: string) => {
      const r = await aggregate(t, siteId, query);
      expect(r.status, JSON.stringify(query)).toBe(400);
      expect(r.body.error.message).toContain(field);
    };
    await bad({ select: [{ column: 'visitorShoeSize' }] }, '/body/select/0/column');
    await bad({ limit: 1001 }, '/body/limit');
    await bad({ range: 'lastDecade' }, '/body/range');
    await bad({ range: { from: '2026-02-01T00:00:00Z', to: '2026-01-01T00:00:00Z' } }, '/body/range/from');
    await bad({ groupBy: [{ column: 'eventType' }], order: { by: { column: 'url' }, direction: 'asc' } }, '/body/order/by');
    await bad({ groupBy: [{ column: 'eventsCount' }] }, '/body/groupBy/0/column');
    await bad({ where: [{ column: 'hourOfDay', values: ['noon'] }] }, '/body/where/0/values/0');
    await bad({ where: [{ column: 'page', values: [null], operator: 'greaterThan' }] }, '/body/where/0/operator');
    await bad({ where: [{ column: 'visitorClaim', values: ['x'] }] }, '/body/where/0/claim');
  });
});

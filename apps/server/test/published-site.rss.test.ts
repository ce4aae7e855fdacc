// GitBook's `<page>/rss.xml` of a published site: an RSS feed of a page's updates blocks, named in the page's head,
// as the visitor sees the page (conditions, `{% if %}` branches), with the caching its site allows. Real HTTP.
import { DOMParser } from '@xmldom/xmldom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, publishSite, startTestServer, type TestServer } from '../src/testing/index.js';
import { updatesOf } from '../src/site/updates.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server?.close());

const CHANGELOG = [
  'What changed.', '',
  '{% updates format="full" %}',
  '{% update date="2026-04-22" %}', '## Faster **starts**', '', 'Widget starts [twice](/pages/page-intro) as fast & lighter <b>.', '',
  '```', '{% endupdate %}', '```', '', '{% endupdate %}', '',
  '{% update date="2026-03-01" %}', '## First release', '', 'Hello.', '', '{% if visitor.claims.unsigned.beta %}', 'Beta otter.', '{% endif %}', '', '{% endupdate %}',
  '{% endupdates %}', '',
].join('\n');

async function site(visibility = 'public', plain = false) {
  const t = await createTenant(server);
  const space = (await t.api.post(`/v1/orgs/${t.org}/spaces`, { title: 'Guide' })).body;
  const edits = await t.api.post(`/v1/spaces/${space.id}/content/edits`, { edits: [
    { op: 'createPage', page: { id: 'page-intro', title: 'Introduction', markdown: 'Hello quokka.\n' } },
    { op: 'createPage', page: { id: 'page-changelog', title: 'Changelog', description: 'What is new', markdown: plain ? CHANGELOG.replace(/\{% if [^]*?\{% endif %\}\n/, '') : CHANGELOG } },
    ...(plain ? [] : [{ op: 'createPage', page: { id: 'page-secret', title: 'Premium news', markdown: '{% updates format="full" %}\n{% update date="2026-01-01" %}\n## Secret\n\nNarwhal.\n{% endupdate %}\n{% endupdates %}\n', condition: 'visitor.claims.unsigned.premium === true' } }]),
  ] });
  expect(edits.status, JSON.stringify(edits.body)).toBe(200);
  const created = await publishSite(t, { title: 'Zoo', visibility, spaces: [space.id] });
  return { t, site: created, base: `/sites/${created.id}` };
}

const get = async (path: string, headers: Record<string, string> = {}) => {
  const r = await fetch(`${server.url}${path}`, { redirect: 'manual', headers });
  return { status: r.status, text: await r.text(), type: r.headers.get('content-type') ?? '', cache: r.headers.get('cache-control'), location: r.headers.get('location') };
};

function parse(xml: string) {
  const doc = new DOMParser({ onError: (level, msg) => { if (level !== 'warning') throw new Error(msg); } }).parseFromString(xml, 'text/xml');
  const text = (el: any, name: string): string | undefined => el.getElementsByTagName(name)[0]?.textContent ?? undefined;
  const channel = doc.getElementsByTagName('channel')[0]!;
  return {
    title: text(channel, 'title'), link: text(channel, 'link'), description: text(channel, 'description'), language: text(channel, 'language'),
    items: Array.from(doc.getElementsByTagName('item')).map((i) => ({ title: text(i, 'title'), link: text(i, 'link'), pubDate: text(i, 'pubDate'), description: text(i, 'description') ?? '' })),
  };
}

describe('<page>/rss.xml', () => {
  it("is the feed of a page's updates, named in its head, each entry drawn as on the page with absolute links", async () => {
    const { base } = await site('public', true);
    const page = await get(`${base}/changelog`);
    expect(page.text).toContain(`<link rel="alternate" type="application/rss+xml" title="Changelog | Zoo" href="${base}/changelog/rss.xml">`);
    expect((await get(`${base}/`)).text).not.toContain('application/rss+xml');

    const r = await get(`${base}/changelog/rss.xml`);
    expect(r.status, r.text).toBe(200);
    expect(r.type).toBe('application/rss+xml; charset=utf-8');
    expect(r.cache).toBe('public, max-age=300');
    const feed = parse(r.text);
    expect(feed).toMatchObject({ title: 'Changelog', link: `${server.ctx.config.publicUrl}${base}/changelog`, description: 'What is new', language: 'en' });
    expect(feed.items.map((i) => [i.title, i.pubDate])).toEqual([['Faster starts', 'Wed, 22 Apr 2026 00:00:00 GMT'], ['First release', 'Sun, 01 Mar 2026 00:00:00 GMT']]);
    expect(feed.items[0]!.link).toBe(`${server.ctx.config.publicUrl}${base}/changelog`);
    const first = feed.items[0]!.description;
    expect(first).toContain(`href="${server.ctx.config.publicUrl}${base}/"`); // the link by id, absolute
    expect(first).toContain('fast &amp; lighter'); // HTML escaped in the XML once, as HTML in it
    expect(first).toContain('{% endupdate %}'); // a tag line inside code is code
    expect(feed.items[1]!.description).not.toContain('otter');
  });

  it('follows what the visitor sees, and is kept by shared caches only when nothing in it depends on the visitor', async () => {
    const { base } = await site();
    // A space with conditional pages, a page with `{% if %}` blocks: never in a shared cache.
    expect((await get(`${base}/changelog/rss.xml`)).cache).toBe('private, max-age=300');
    const beta = await get(`${base}/changelog/rss.xml?visitor.beta=true`);
    expect(parse(beta.text).items[1]!.description).toContain('Beta otter.');
    expect(beta.cache).toBe('private, max-age=300');
    // A page hidden by its condition: no feed; with the claims, its feed.
    expect((await get(`${base}/premium-news/rss.xml`)).status).toBe(404);
    const premium = await get(`${base}/premium-news/rss.xml?visitor.premium=true`);
    expect(parse(premium.text).items.map((i) => i.title)).toEqual(['Secret']);
    expect(premium.cache).toBe('private, max-age=300');
    // No updates, no page: 404; other capitals: the feed's URL.
    expect((await get(`${base}/introduction/rss.xml`)).status).toBe(404);
    expect((await get(`${base}/nothing/rss.xml`)).status).toBe(404);
    expect(await get(`${base}/Changelog/rss.xml`)).toMatchObject({ status: 302, location: `${base}/changelog/rss.xml` });

    const shared = await site('share-link');
    expect((await get(`${shared.base}/changelog/rss.xml`)).status).toBe(404);
    const links = (await shared.t.api.get(`/v1/orgs/${shared.t.org}/sites/${shared.site.id}/share-links`)).body.items;
    const key = new URL(links[0].urls.published).searchParams.get('share');
    const viaKey = await get(`${shared.base}/changelog/rss.xml?share=${key}`);
    expect(viaKey.status).toBe(200);
    expect(viaKey.cache).toBe('private, max-age=300');
  });

  it('reads update entries in one pass: fences, nesting, an unclosed entry, a flood of tags', () => {
    expect(updatesOf('{% update date="2026-01-01" %}\nOutside a block.\n{% endupdate %}')).toEqual([]);
    expect(updatesOf('{% updates format="full" %}\n{% update date="2026-01-01" %}\n# T\nbody\n')).toEqual([]);
    const many = `{% updates format="full" %}\n${'{% update date="2026-01-01" %}\n## x\n{% endupdate %}\n'.repeat(5000)}{% endupdates %}`;
    expect(updatesOf(many)).toHaveLength(100);
    const opens = `{% updates format="full" %}\n${'{% update date="2026-01-01" %}\n'.repeat(50_000)}`;
    expect(updatesOf(opens)).toEqual([]);
  });
});

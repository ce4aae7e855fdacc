// Translations (Part 2): every endpoint, and runs through a LibreTranslate-compatible and a DeepL-compatible provider
// that the tests start on 127.0.0.1 (they prefix each text with the target language and record what they were sent).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOB_TYPES, jobHandlers, runDueJobs } from '../src/jobs/index.js';
import { createOrganization, createTenant, startTestServer, type TestServer } from '../src/testing/index.js';
import { failWhenCompleted } from '../src/testing/faults.js';

interface Provider { url: string; requests: { path: string; body: any }[]; fail: boolean; malformed: boolean; close(): Promise<void> }

async function startProvider(): Promise<Provider> {
  const p: Provider = { url: '', requests: [], fail: false, malformed: false, close: async () => {} };
  const server: Server = createServer((req, res) => {
    let data = '';
    req.on('data', (c) => (data += c));
    req.on('end', () => {
      const body = JSON.parse(data || '{}');
      p.requests.push({ path: req.url ?? '', body });
      res.setHeader('content-type', 'application/json');
      if (p.fail) { res.statusCode = 503; return res.end('{"error":"down"}'); }
      // Malformed: the right number of items, but not texts (null; DeepL items without `text`).
      if (p.malformed && req.url === '/translate') return res.end(JSON.stringify({ translatedText: body.q.map(() => null) }));
      if (p.malformed && req.url === '/v2/translate') return res.end(JSON.stringify({ translations: body.text.map(() => ({})) }));
      if (req.url === '/translate') return res.end(JSON.stringify({ translatedText: body.q.map((t: string) => `${body.target}: ${t}`) }));
      if (req.url === '/v2/translate') return res.end(JSON.stringify({ translations: body.text.map((t: string) => ({ text: `${body.target_lang}: ${t}` })) }));
      res.statusCode = 404;
      res.end('{}');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  p.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  p.close = () => new Promise((r) => server.close(() => r()));
  return p;
}

let provider: Provider;
/**
 * Runs the due translation jobs only: jobs of other types (some dated earlier by the servers' clocks) would otherwise
 * take the places of a `limit`.
 */
const runTranslations = (s: TestServer) =>
  runDueJobs(s.ctx, { limit: 50, handlers: { [JOB_TYPES.runTranslation]: jobHandlers[JOB_TYPES.runTranslation]! } });

let server: TestServer;
let deeplServer: TestServer;
let bare: TestServer;
let guarded: TestServer;
beforeAll(async () => {
  provider = await startProvider();
  // The provider passes the SSRF guard: private addresses refused, loopback allowed only by BINDERY_TRANSLATION_LOOPBACK.
  server = await startTestServer({ translationProvider: 'libretranslate', translationUrl: provider.url, allowPrivateUrls: false, translationLoopback: true });
  deeplServer = await startTestServer({ translationProvider: 'deepl', translationUrl: provider.url, translationApiKey: 'k', allowPrivateUrls: false, translationLoopback: true });
  guarded = await startTestServer({ translationProvider: 'libretranslate', translationUrl: provider.url, allowPrivateUrls: false });
  bare = await startTestServer();
});
afterAll(async () => {
  await Promise.all([server?.close(), deeplServer?.close(), bare?.close(), guarded?.close()]);
  await provider?.close();
});

const PAGE = '# Setup\n\nInstall the `widget` from [the site](https://example.com/x).\n\n```bash\nnpm install widget\n```\n\n{% hint style="info" %}\nRemember this.\n{% endhint %}\n\nSee [next](usage.md) and [usage by id](/pages/page-usage#top).\n\n{% content-ref url="/pages/page-more1" %}\n[More](/pages/page-more1)\n{% endcontent-ref %}\n';

async function setup(s: TestServer, roles: Record<string, string | null> = {}) {
  const t = await createTenant(s, roles);
  const space = (await t.api.post(`/v1/orgs/${t.org}/spaces`, { title: 'Docs' })).body;
  const r = await t.api.post(`/v1/spaces/${space.id}/content/edits`, { edits: [
    { op: 'createPage', page: { id: 'page-setup', title: 'Setup', markdown: PAGE } },
    { op: 'createPage', page: { id: 'page-usage', title: 'Usage', markdown: 'Use it.\n' } },
    { op: 'createPage', page: { id: 'page-more1', title: 'More', parent: 'page-usage', markdown: 'Details.\n' } },
    { op: 'createPage', page: { id: 'page-jump1', title: 'Jump', type: 'link', href: '/pages/page-setup' } },
  ] });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return { ...t, space, base: `/v1/orgs/${t.org}/translations` };
}

describe('translations', () => {
  it('creates, lists, gets, updates instructions, deletes; permissions', async () => {
    const t = await setup(server, { reader: 'read' });
    const created = await t.api.post(t.base, { source: { space: t.space.id, language: 'en' }, language: 'fr' });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({ object: 'translation', status: 'pending', source: { space: t.space.id, language: 'en' }, language: 'fr', stats: { runs: 0, totalWords: 0 }, permissions: { view: true, edit: true } });
    expect(created.body.result).toBeUndefined();
    const instructions = { object: 'document', data: { schemaVersion: 1 }, nodes: [{ object: 'block', type: 'paragraph', data: {}, nodes: [{ object: 'text', leaves: [{ object: 'leaf', text: 'Formal tone', marks: [] }] }] }] };
    const put = await t.api.put(`${t.base}/${created.body.id}`, { instructions });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body.instructions.nodes).toHaveLength(1);
    expect((await t.api.get(t.base)).body.items.map((x: any) => x.id)).toEqual([created.body.id]);
    expect((await t.as('reader').get(`${t.base}/${created.body.id}`)).body.permissions).toEqual({ view: true, edit: false });
    expect((await t.as('reader').post(`${t.base}/${created.body.id}/run`)).status).toBe(403);
    expect((await t.api.post(t.base, { source: { space: 'nope', language: 'en' }, language: 'fr' })).status).toBe(400);
    expect((await t.api.post(t.base, { source: { space: t.space.id, language: 'en' }, language: 'xx' })).status).toBe(400);
    const outsider = await createTenant(server);
    expect((await outsider.api.get(`${t.base}/${created.body.id}`)).status).toBe(404);
    expect((await t.api.delete(`${t.base}/${created.body.id}`)).status).toBe(204);
    expect((await t.api.get(`${t.base}/${created.body.id}`)).status).toBe(404);
    expect((await t.api.post(`${t.base}/${created.body.id}/run`)).status).toBe(404);
  });

  it('one translation per space and language: a second, also two at once, is a 409 naming the language; another language or space is fine', async () => {
    const t = await setup(server);
    const other = (await t.api.post(`/v1/orgs/${t.org}/spaces`, { title: 'Other' })).body;
    const body = { source: { space: t.space.id, language: 'en' }, language: 'de' };
    // Concurrent creations: exactly one is created, the others are refused, nothing half-written.
    const racing = await Promise.all([1, 2, 3].map(() => t.api.post(t.base, body)));
    expect(racing.map((r) => r.status).sort()).toEqual([201, 409, 409]);
    const first = racing.find((r) => r.status === 201)!.body;
    const again = await t.api.post(t.base, body);
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe(409);
    expect(again.body.error.message).toContain('"de"');
    expect(again.body.error.message).toContain(first.id);
    expect((await t.api.post(t.base, { ...body, language: 'es' })).status).toBe(201);
    expect((await t.api.post(t.base, { source: { space: other.id, language: 'en' }, language: 'de' })).status).toBe(201);
    expect((await t.api.get(t.base)).body.items).toHaveLength(3);
    // Deleted, the language is free again.
    expect((await t.api.delete(`${t.base}/${first.id}`)).status).toBe(204);
    expect((await t.api.post(t.base, body)).status).toBe(201);
  });

  it('without a configured provider, run answers 400 saying so', async () => {
    const t = await setup(bare);
    const created = (await t.api.post(t.base, { source: { space: t.space.id, language: 'en' }, language: 'de' })).body;
    const r = await t.api.post(`${t.base}/${created.id}/run`);
    expect(r.status).toBe(400);
    expect(r.body.error.message).toContain('BINDERY_TRANSLATION_PROVIDER');
  });

  it('runs: the result space keeps tree, slugs, code, URLs and blocks; a second run translates only the changed page; stats', async () => {
    const t = await setup(server);
    const tr = (await t.api.post(t.base, { source: { space: t.space.id, language: 'en' }, language: 'fr' })).body;
    provider.requests.length = 0;
    expect((await t.api.post(`${t.base}/${tr.id}/run`)).status).toBe(204);
    await runTranslations(server);
    const done = (await t.api.get(`${t.base}/${tr.id}`)).body;
    expect(done.status, JSON.stringify(done)).toBe('completed');
    expect(done.stats).toMatchObject({ runs: 1, totalPages: 4, latestPages: 4 });
    expect(done.stats.latestWords).toBeGreaterThan(10);
    const sent = provider.requests.flatMap((r) => r.body.q as string[]).join('\n');
    expect(sent).not.toContain('npm install widget');
    expect(sent).not.toContain('https://example.com/x');

    const result = done.result.space;
    const pages = (await t.api.get(`/v1/spaces/${result}/content/pages`)).body.pages;
    expect(pages.map((p: any) => [p.title, p.path ?? null])).toEqual([['fr: Setup', 'setup'], ['fr: Usage', 'usage'], ['fr: Jump', null]]);
    // Links between pages point at the translated pages (a link page too), not at the source space's pages.
    expect(pages[2]).toMatchObject({ type: 'link', target: { kind: 'page', page: pages[0].id } });
    expect(pages.map((p: any) => p.id)).not.toContain('page-setup');
    expect(pages[1].pages.map((p: any) => [p.title, p.path])).toEqual([['fr: More', 'usage/more']]);
    const md = (await t.api.get(`/v1/spaces/${result}/content/page/${pages[0].id}?format=markdown`)).body.markdown;
    expect(md).toContain('```bash\nnpm install widget\n```');
    expect(md).toContain('`widget`');
    expect(md).toContain('](https://example.com/x)');
    expect(md).toContain('{% hint style="info" %}');
    expect(md).toContain('fr: Remember this.');
    expect(md).toContain('](usage.md)');
    const more = (await t.api.get(`/v1/spaces/${result}/content/pages`)).body.pages[1].pages[0].id;
    expect(md).toContain(`[usage by id](/pages/${pages[1].id}#top)`);
    expect(md).toContain(`{% content-ref url="/pages/${more}" %}`);
    expect(md).not.toContain('page-usage');
    expect(md).not.toContain('page-more1');
    expect((await t.api.get(`/v1/spaces/${result}`)).body.language).toBe('fr');

    // Edit one page: the second run sends only that page.
    expect((await t.api.patch(`/v1/spaces/${t.space.id}/content/page/page-usage`, { markdown: 'Use it well.\n' })).status).toBe(200);
    provider.requests.length = 0;
    await t.api.post(`${t.base}/${tr.id}/run`);
    await runTranslations(server);
    const again = (await t.api.get(`${t.base}/${tr.id}`)).body;
    expect(again.stats).toMatchObject({ runs: 2, totalPages: 5, latestPages: 1 });
    const sentAgain = provider.requests.flatMap((r) => r.body.q as string[]);
    expect(sentAgain).toContain('Use it well.');
    expect(sentAgain.join('\n')).not.toContain('Remember this.');
    const usage = (await t.api.get(`/v1/spaces/${result}/content/page/${pages[1].id}?format=markdown`)).body.markdown;
    expect(usage).toContain('fr: Use it well.');

    // A page removed from the source leaves the translation.
    expect((await t.api.delete(`/v1/spaces/${t.space.id}/content/page/page-setup`)).status).toBeLessThan(300);
    await t.api.post(`${t.base}/${tr.id}/run`);
    await runTranslations(server);
    expect((await t.api.get(`/v1/spaces/${result}/content/pages`)).body.pages.map((p: any) => p.title)).toEqual(['fr: Usage', 'fr: Jump']);

    // A provider that is down: failed, with the reason; the result space is untouched.
    provider.fail = true;
    await t.api.patch(`/v1/spaces/${t.space.id}/content/page/page-usage`, { markdown: 'Changed again.\n' });
    await t.api.post(`${t.base}/${tr.id}/run`);
    await runTranslations(server);
    provider.fail = false;
    const failed = (await t.api.get(`${t.base}/${tr.id}`)).body;
    expect(failed.status).toBe('failed');
    expect(failed.error.message).toContain('503');
    expect((await t.api.get(`/v1/spaces/${result}/content/page/${pages[1].id}?format=markdown`)).body.markdown).toContain('fr: Use it well.');
  });

  it('a provider on loopback without BINDERY_TRANSLATION_LOOPBACK is refused by the SSRF guard: failed, nothing sent', async () => {
    const t = await setup(guarded);
    const tr = (await t.api.post(t.base, { source: { space: t.space.id, language: 'en' }, language: 'es' })).body;
    provider.requests.length = 0;
    expect((await t.api.post(`${t.base}/${tr.id}/run`)).status).toBe(204);
    await runTranslations(guarded);
    const failed = (await t.api.get(`${t.base}/${tr.id}`)).body;
    expect(failed.status).toBe('failed');
    expect(failed.error.message).toContain('refused');
    expect(failed.result).toBeUndefined();
    expect(provider.requests).toHaveLength(0);
  });

  it('a provider answering items that are not texts fails the run naming it, and writes nothing', async () => {
    for (const s of [server, deeplServer]) {
      const t = await setup(s);
      const tr = (await t.api.post(t.base, { source: { space: t.space.id, language: 'en' }, language: 'it' })).body;
      provider.malformed = true;
      try {
        expect((await t.api.post(`${t.base}/${tr.id}/run`)).status).toBe(204);
        await runTranslations(s);
      } finally {
        provider.malformed = false;
      }
      const failed = (await t.api.get(`${t.base}/${tr.id}`)).body;
      expect(failed.status, JSON.stringify(failed)).toBe('failed');
      expect(failed.error.message).toMatch(/answered text 1 of a batch as (null|undefined), not a string/);
      // The result space recorded by the first run (docs/translations.md) has no page "null" or emptied page.
      const result = failed.result?.space;
      if (result) expect((await t.api.get(`/v1/spaces/${result}/content/pages`)).body.pages).toEqual([]);
    }
  });

  it('runs through a DeepL-compatible provider', async () => {
    const t = await setup(deeplServer);
    const tr = (await t.api.post(t.base, { source: { space: t.space.id, language: 'en' }, language: 'de' })).body;
    provider.requests.length = 0;
    await t.api.post(`${t.base}/${tr.id}/run`);
    await runTranslations(deeplServer);
    const done = (await t.api.get(`${t.base}/${tr.id}`)).body;
    expect(done.status, JSON.stringify(done)).toBe('completed');
    expect(provider.requests[0]).toMatchObject({ path: '/v2/translate', body: { source_lang: 'EN', target_lang: 'DE' } });
    const pages = (await t.api.get(`/v1/spaces/${done.result.space}/content/pages`)).body.pages;
    expect(pages[0].title).toBe('DE: Setup');
  });
});

describe('translation glossary', () => {
  it('batches inserts, updates and deletes all or nothing; lists (by creation or by a language\'s term, paged), gets; who may', async () => {
    const t = await setup(server, { reader: 'read' });
    const other = await createTenant(server);
    const g = `/v1/orgs/${t.org}/translations-glossary`;
    const put = (operations: unknown[], api = t.api) => api.put(g, { operations });
    expect((await put([{ type: 'insert', translations: { en: 'widget', fr: 'gadget' } }, { type: 'insert', translations: { en: 'Account', fr: 'Compte', de: 'Konto' } }])).status).toBe(204);
    const all = (await t.api.get(g)).body;
    expect(all.count).toBe(2);
    // One batch's entries have one creation time (then they go by id).
    expect(all.items.map((e: any) => e.translations.en).sort()).toEqual(['Account', 'widget']);
    const widget = all.items.find((e: any) => e.translations.en === 'widget');
    const account = all.items.find((e: any) => e.translations.en === 'Account');
    expect(widget).toMatchObject({ object: 'glossary-entry', translations: { en: 'widget', fr: 'gadget' }, urls: { location: expect.stringContaining(`/v1/orgs/${t.org}/translations-glossary/${widget.id}`) } });
    expect((await t.api.get(`${g}?orderBy=fr`)).body.items.map((e: any) => e.id)).toEqual([account.id, widget.id]);
    expect((await t.api.get(`${g}?orderBy=de`)).body.items.map((e: any) => e.id)).toEqual([account.id, widget.id]);
    const first = (await t.api.get(`${g}?limit=1`)).body;
    expect(first.next?.page).toBeTruthy();
    expect([...first.items, ...(await t.api.get(`${g}?limit=1&page=${first.next.page}`)).body.items].map((e: any) => e.id)).toEqual(all.items.map((e: any) => e.id));
    expect((await t.api.get(`${g}/${widget.id}`)).body).toEqual(widget);

    // All or nothing: an unknown id (or one deleted earlier in the batch) is a 400 naming the operation.
    const bad = await put([{ type: 'update', id: widget.id, translations: { en: 'widget', fr: 'bidule' } }, { type: 'delete', id: 'nope' }]);
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toContain('/body/operations/1/id');
    expect((await put([{ type: 'delete', id: account.id }, { type: 'update', id: account.id, translations: { en: 'x' } }])).status).toBe(400);
    expect((await t.api.get(`${g}/${widget.id}`)).body.translations.fr).toBe('gadget');
    expect((await put([{ type: 'update', id: widget.id, translations: { en: 'widget', es: 'artilugio' } }, { type: 'delete', id: account.id }])).status).toBe(204);
    const updated = (await t.api.get(`${g}/${widget.id}`)).body;
    expect(updated.translations).toEqual({ en: 'widget', es: 'artilugio' });
    expect(updated.createdAt).toBe(widget.createdAt);
    expect((await t.api.get(`${g}/${account.id}`)).status).toBe(404);
    // GitBook's shapes: language codes only, terms of one line, 1-255 characters.
    expect((await put([{ type: 'insert', translations: { klingon: 'x' } }])).status).toBe(400);
    expect((await put([{ type: 'insert', translations: { en: 'two\nlines' } }])).status).toBe(400);
    expect((await put([{ type: 'insert', translations: {} }])).status).toBe(400);

    expect((await t.as('reader').get(g)).body.count).toBe(1);
    expect((await put([{ type: 'delete', id: widget.id }], t.as('reader'))).status).toBe(403);
    expect((await other.api.get(g)).status).toBe(404);
    expect((await other.api.get(`${g}/${widget.id}`)).status).toBe(404);
    expect((await other.api.get(`/v1/orgs/${other.org}/translations-glossary/${widget.id}`)).status).toBe(404);
    expect((await put([{ type: 'delete', id: widget.id }], other.api)).status).toBe(404);
  });

  it('runs apply the glossary: terms of the source language reach the translation as the target language\'s terms; a glossary change translates the pages again', async () => {
    const t = await setup(server);
    const g = `/v1/orgs/${t.org}/translations-glossary`;
    expect((await t.api.put(g, { operations: [
      { type: 'insert', translations: { en: 'Setup', fr: 'Mise en place' } },
      { type: 'insert', translations: { en: 'remember', fr: 'retenez' } },
      { type: 'insert', translations: { en: 'site', de: 'Seite' } },
    ] })).status).toBe(204);
    const tr = (await t.api.post(t.base, { source: { space: t.space.id, language: 'en' }, language: 'fr' })).body;
    provider.requests.length = 0;
    await t.api.post(`${t.base}/${tr.id}/run`);
    await runTranslations(server);
    const done = (await t.api.get(`${t.base}/${tr.id}`)).body;
    expect(done.status, JSON.stringify(done)).toBe('completed');
    const sent = provider.requests.flatMap((r) => r.body.q as string[]).join('\n');
    // The provider never sees a glossary term; a term with no French entry ("site") is sent as text.
    expect(sent).not.toMatch(/Setup|Remember/);
    expect(sent).toContain('the site');
    const pages = (await t.api.get(`/v1/spaces/${done.result.space}/content/pages`)).body.pages;
    // A title that is only a term is the term (case of the glossary's entry); a word containing a term is not one.
    expect(pages[0].title).toBe('fr: Mise en place');
    const md = (await t.api.get(`/v1/spaces/${done.result.space}/content/page/${pages[0].id}?format=markdown`)).body.markdown;
    expect(md).toContain('# Mise en place');
    expect(md).toContain('fr: retenez this.');

    // A changed glossary: every page is translated again with it.
    expect((await t.api.put(g, { operations: [{ type: 'insert', translations: { en: 'Usage', fr: 'Utilisation' } }] })).status).toBe(204);
    await t.api.post(`${t.base}/${tr.id}/run`);
    await runTranslations(server);
    const again = (await t.api.get(`${t.base}/${tr.id}`)).body;
    expect(again.stats).toMatchObject({ runs: 2, latestPages: 4 });
    const titles = (await t.api.get(`/v1/spaces/${done.result.space}/content/pages`)).body.pages.map((p: any) => p.title);
    expect(titles).toEqual(['fr: Mise en place', 'fr: Utilisation', 'fr: Jump']);
    // Unchanged glossary and content: nothing to send.
    await t.api.post(`${t.base}/${tr.id}/run`);
    await runTranslations(server);
    expect((await t.api.get(`${t.base}/${tr.id}`)).body.stats).toMatchObject({ runs: 3, latestPages: 0 });
  });
});

describe('translation runs and faults', () => {
  it('commits the translated pages with the page map that names them: a run whose completion cannot be written leaves nothing, and the next run translates once into one space', async () => {
    const t = await setup(server);
    const tr = (await t.api.post(t.base, { source: { space: t.space.id, language: 'en' }, language: 'fr' })).body;
    // A fault in the database (as a worker dying there would be): writing this translation's completion fails.
    const removeFault = await failWhenCompleted(server, 'translations', tr.id);
    try {
      expect((await t.api.post(`${t.base}/${tr.id}/run`)).status).toBe(204);
      await runTranslations(server);
      expect((await t.api.get(`${t.base}/${tr.id}`)).body.status).toBe('failed');
    } finally {
      await removeFault();
    }
    const translated = async () => ((await t.api.get(`/v1/orgs/${t.org}/spaces?limit=100`)).body.items as { id: string; title: string }[]).filter((x) => x.title === 'Docs (fr)');
    // Before: the pages were in a result space the translation did not know, and the next run made a second one.
    const [first, ...more] = await translated();
    expect(more).toEqual([]);
    expect((await t.api.get(`/v1/spaces/${first!.id}/content/pages`)).body.pages).toEqual([]);
    expect((await t.api.post(`${t.base}/${tr.id}/run`)).status).toBe(204);
    await runTranslations(server);
    const done = (await t.api.get(`${t.base}/${tr.id}`)).body;
    expect(done.status).toBe('completed');
    expect(done.result.space).toBe(first!.id);
    expect((await translated()).map((x) => x.id)).toEqual([first!.id]);
    const pages = (await t.api.get(`/v1/spaces/${first!.id}/content/pages`)).body.pages;
    expect(pages.map((p: any) => p.title)).toEqual(['fr: Setup', 'fr: Usage', 'fr: Jump']);
  });

  it('never reads or writes a space of another organization: a source transferred away fails the run, a result transferred away is not written', async () => {
    const t = await setup(server);
    const other = (await createOrganization(server, t.owner)).id as string;
    const tr = (await t.api.post(t.base, { source: { space: t.space.id, language: 'en' }, language: 'fr' })).body;
    await t.api.post(`${t.base}/${tr.id}/run`);
    await runTranslations(server);
    const result = (await t.api.get(`${t.base}/${tr.id}`)).body.result.space as string;
    const resultPages = async (space: string) => JSON.stringify((await t.api.get(`/v1/spaces/${space}/content/pages`)).body.pages);

    // The result space goes to the other organization, which edits it: the next run does not write there.
    expect((await t.api.post(`/v1/spaces/${result}/transfer`, { organization: other })).status).toBe(200);
    const theirs = await resultPages(result);
    expect((await t.api.patch(`/v1/spaces/${t.space.id}/content/page/page-usage`, { markdown: 'Use it now.\n' })).status).toBe(200);
    await t.api.post(`${t.base}/${tr.id}/run`);
    await runTranslations(server);
    expect(await resultPages(result)).toBe(theirs);
    const rerun = (await t.api.get(`${t.base}/${tr.id}`)).body;
    expect(rerun.status, JSON.stringify(rerun)).toBe('completed');
    expect(rerun.result.space).not.toBe(result);
    expect((await t.api.get(`/v1/spaces/${rerun.result.space}`)).body.organization).toBe(t.org);

    // The source space goes to the other organization and is edited there: the run fails, nothing of it is sent.
    expect((await t.api.post(`/v1/spaces/${t.space.id}/transfer`, { organization: other })).status).toBe(200);
    expect((await t.api.patch(`/v1/spaces/${t.space.id}/content/page/page-usage`, { markdown: 'Their secret okapi.\n' })).status).toBe(200);
    const before = await resultPages(rerun.result.space);
    provider.requests.length = 0;
    await t.api.post(`${t.base}/${tr.id}/run`);
    await runTranslations(server);
    const failed = (await t.api.get(`${t.base}/${tr.id}`)).body;
    expect(failed.status).toBe('failed');
    expect(failed.error.message).toContain('no longer in this organization');
    expect(JSON.stringify(provider.requests)).not.toContain('okapi');
    expect(await resultPages(rerun.result.space)).toBe(before);
  });
});

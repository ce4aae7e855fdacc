// GitBook's `hreflang` alternates of a published site's pages: the same page (by path, as translations keep the tree
// and slugs) in the variants of its section whose spaces have another language, at the site's published address,
// as the visitor sees them (conditions), current on the next request after a space's language changes. Real HTTP.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, publishSite, startTestServer, type TestServer } from '../src/testing/index.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server?.close());

type Tenant = Awaited<ReturnType<typeof createTenant>>;

async function space(t: Tenant, title: string, language: string | undefined, pages: { id: string; title: string; slug: string }[]) {
  const made = await t.api.post(`/v1/orgs/${t.org}/spaces`, { title, ...(language ? { language } : {}) });
  expect(made.status, JSON.stringify(made.body)).toBeLessThan(300);
  const edits = await t.api.post(`/v1/spaces/${made.body.id}/content/edits`, { edits: pages.map((p) => ({ op: 'createPage', page: { ...p, markdown: `${p.title} text.\n` } })) });
  expect(edits.status, JSON.stringify(edits.body)).toBe(200);
  return made.body.id as string;
}

async function site() {
  const t = await createTenant(server);
  const en = await space(t, 'English', 'en', [{ id: 'en-intro', title: 'Introduction', slug: 'introduction' }, { id: 'en-setup', title: 'Setup', slug: 'setup' }]);
  const fr = await space(t, 'Français', 'fr', [{ id: 'fr-intro', title: 'Présentation', slug: 'introduction' }, { id: 'fr-setup', title: 'Installation', slug: 'setup' }]);
  const de = await space(t, 'Deutsch', 'de', [{ id: 'de-intro', title: 'Einführung', slug: 'introduction' }]);
  const plain = await space(t, 'Notes', undefined, [{ id: 'notes-intro', title: 'Notes', slug: 'introduction' }]);
  const created = await publishSite(t, { title: 'Zoo', visibility: 'public', spaces: [en, fr, de, plain] });
  const list = (await t.api.get(`/v1/orgs/${t.org}/sites/${created.id}/site-spaces`)).body.items as { id: string; path: string; space: { id: string } }[];
  const ss = (id: string) => list.find((x) => x.space.id === id)!;
  return { t, site: created, base: `/sites/${created.id}`, spaces: { en, fr, de, plain }, ss };
}

const alternates = async (path: string) => {
  const html = await (await fetch(`${server.url}${path}`)).text();
  return [...html.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]+)">/g)].map((m) => [m[1], m[2]]);
};

describe('hreflang alternates', () => {
  it('name the same page in the variants with another language, itself included, at the published address', async () => {
    const { base, spaces, ss } = await site();
    const pub = `${server.ctx.config.publicUrl}${base}`;
    const fr = ss(spaces.fr).path;
    const de = ss(spaces.de).path;
    expect(await alternates(`${base}/`)).toEqual([['en', `${pub}/`], ['fr', `${pub}/${fr}/`], ['de', `${pub}/${de}/`], ['x-default', `${pub}/`]]);
    expect(await alternates(`${base}/setup`)).toEqual([['en', `${pub}/setup`], ['fr', `${pub}/${fr}/setup`], ['x-default', `${pub}/setup`]]);
    expect(await alternates(`${base}/${fr}/setup`)).toEqual([['en', `${pub}/setup`], ['fr', `${pub}/${fr}/setup`], ['x-default', `${pub}/setup`]]);
    // A page no other language has, and a space without a language: none.
    expect(await alternates(`${base}/${ss(spaces.plain).path}/`)).toEqual([]);
  });

  it("follow the visitor's view of the variants, and a space's language as it is now", async () => {
    const { t, site: s, base, spaces, ss } = await site();
    const pub = `${server.ctx.config.publicUrl}${base}`;
    const fr = ss(spaces.fr);
    expect((await t.api.patch(`/v1/orgs/${t.org}/sites/${s.id}/site-spaces/${fr.id}`, { condition: 'visitor.claims.unsigned.french === true' })).status).toBe(200);
    expect(await alternates(`${base}/setup`)).toEqual([]);
    expect(await alternates(`${base}/setup?visitor.french=true`)).toEqual([['en', `${pub}/setup`], ['fr', `${pub}/${fr.path}/setup`], ['x-default', `${pub}/setup`]]);
    expect((await t.api.patch(`/v1/orgs/${t.org}/sites/${s.id}/site-spaces/${fr.id}`, { condition: null })).status).toBe(200);
    expect((await t.api.patch(`/v1/spaces/${spaces.fr}`, { language: 'es' })).status).toBe(200);
    expect(await alternates(`${base}/setup`)).toEqual([['en', `${pub}/setup`], ['es', `${pub}/${fr.path}/setup`], ['x-default', `${pub}/setup`]]);
  });

  it("<html lang> is the space's language when it has one, else the customization's locale; the site's words stay the locale's", async () => {
    const { t, site: s, base, spaces, ss } = await site();
    const htmlLang = async (path: string) => (await (await fetch(`${server.url}${path}`)).text()).match(/<html lang="([^"]*)"/)?.[1];
    expect(await htmlLang(`${base}/`)).toBe('en');
    expect(await htmlLang(`${base}/${ss(spaces.fr).path}/setup`)).toBe('fr');
    expect(await htmlLang(`${base}/${ss(spaces.de).path}/`)).toBe('de');
    // A space without a language: the customization's locale.
    expect(await htmlLang(`${base}/${ss(spaces.plain).path}/`)).toBe('en');
    // The 404 page of a variant is in its language too.
    expect(await htmlLang(`${base}/${ss(spaces.fr).path}/no-such-page`)).toBe('fr');
    const custom = (await t.api.get(`/v1/orgs/${t.org}/sites/${s.id}/customization`)).body;
    const put = await t.api.put(`/v1/orgs/${t.org}/sites/${s.id}/customization`, { ...custom, internationalization: { ...custom.internationalization, locale: 'es' } });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    const fr = await (await fetch(`${server.url}${base}/${ss(spaces.fr).path}/setup`)).text();
    expect(fr).toContain('<html lang="fr"');
    // The site's own words follow the customization's locale (Spanish), not the space's language.
    expect(fr).toContain('Buscar');
    expect(await htmlLang(`${base}/${ss(spaces.plain).path}/`)).toBe('es');
    // A space's language as it is now.
    expect((await t.api.patch(`/v1/spaces/${spaces.fr}`, { language: 'it' })).status).toBe(200);
    expect(await htmlLang(`${base}/${ss(spaces.fr).path}/setup`)).toBe('it');
  });

  it('x-default is the page in the section\'s default variant, with or without a language, when it holds the page', async () => {
    const t = await createTenant(server);
    const plain = await space(t, 'Notes', undefined, [{ id: 'notesint', title: 'Intro', slug: 'introduction' }, { id: 'notes-set', title: 'Setup', slug: 'setup' }]);
    const en = await space(t, 'English', 'en', [{ id: 'englishin', title: 'Introduction', slug: 'introduction' }, { id: 'engl-set', title: 'Setup', slug: 'setup' }, { id: 'engl-faq', title: 'FAQ', slug: 'faq' }]);
    const fr = await space(t, 'Français', 'fr', [{ id: 'frenchin', title: 'Présentation', slug: 'introduction' }, { id: 'fran-set', title: 'Installation', slug: 'setup' }, { id: 'fran-faq', title: 'FAQ', slug: 'faq' }]);
    const created = await publishSite(t, { title: 'Zoo', visibility: 'public', spaces: [plain, en, fr] });
    const list = (await t.api.get(`/v1/orgs/${t.org}/sites/${created.id}/site-spaces`)).body.items as { id: string; path: string; space: { id: string } }[];
    const path = (id: string) => list.find((x) => x.space.id === id)!.path;
    const base = `/sites/${created.id}`;
    const pub = `${server.ctx.config.publicUrl}${base}`;
    // The default variant has no language: it is still x-default.
    expect(await alternates(`${base}/${path(en)}/setup`)).toEqual([['en', `${pub}/${path(en)}/setup`], ['fr', `${pub}/${path(fr)}/setup`], ['x-default', `${pub}/setup`]]);
    // A page the default variant does not hold: no x-default.
    expect(await alternates(`${base}/${path(fr)}/faq`)).toEqual([['en', `${pub}/${path(en)}/faq`], ['fr', `${pub}/${path(fr)}/faq`]]);
  });
});

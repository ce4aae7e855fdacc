// The published site's own words follow the customization's `internationalization.locale` (GitBook's locales: en,
// fr, es, zh, ja, de, nl, no, pt-br, ru), as GitBook's pages show theirs: the search box, "on this page", previous and
// next, the page actions, the theme switch, the 404 and search pages. The content is never translated; another
// locale is English. Before session 17 only `<html lang>` followed it.
import { describe, expect, it } from 'vitest';
import { createTenant, useTestServer, publishSite } from '../src/testing/index.js';

const server = useTestServer();

const CUSTOM = {
  title: 'Acme', styling: { theme: 'clean', primaryColor: { light: '#346DDB', dark: '#5B8DEF' } }, favicon: {}, header: { links: [] }, footer: { groups: [] },
  themes: { default: 'light', toggeable: true }, feedback: { enabled: false }, ai: { mode: 'none' }, pageActions: {},
  pagination: { enabled: true }, trademark: { enabled: true }, externalLinks: { target: 'self' },
};

const text = async (path: string) => (await fetch(`${server.url}${path}`)).text();

describe('the site in the customization locale', () => {
  it("shows the site's own words in the locale's language, the content as written", async () => {
    const t = await createTenant(server);
    const space = (await t.api.post(`/v1/orgs/${t.org}/spaces`, { title: 'Guide' })).body;
    expect((await t.api.post(`/v1/spaces/${space.id}/content/edits`, { edits: [
      { op: 'createPage', page: { id: 'page-intro', title: 'Introduction', markdown: '## Install\n\nThe capybara content.\n' } },
      { op: 'createPage', page: { id: 'page-setup', title: 'Setup', markdown: 'Setup text.\n' } },
    ] })).status).toBe(200);
    const site = await publishSite(t, { title: 'Acme', visibility: 'public', spaces: [space.id] });
    const base = `/sites/${site.id}`;

    // English by default.
    const en = await text(`${base}/`);
    for (const w of ['Skip to content', 'placeholder="Search…"', '>On this page<', '<small>Next</small>', 'View as Markdown', 'Export as PDF', '>Light<', 'Powered by Bindery']) expect(en).toContain(w);

    const put = async (locale: string) => {
      const r = await t.api.put(`/v1/orgs/${t.org}/sites/${site.id}/customization`, { ...CUSTOM, internationalization: { locale } });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
    };
    await put('fr');
    const fr = await text(`${base}/`);
    expect(fr).toContain('<html lang="fr"');
    for (const w of ['Aller au contenu', 'placeholder="Rechercher…"', '>Sur cette page<', '<small>Suivant</small>', 'Voir en Markdown', 'Exporter en PDF', '>Clair<', '>Sombre<', 'Propulsé par Bindery', 'aria-label="Sur cette page"']) expect(fr).toContain(w);
    for (const w of ['Skip to content', 'On this page', 'View as Markdown']) expect(fr).not.toContain(w);
    expect(fr).toContain('The capybara content.'); // the content as written
    expect(await text(`${base}/setup`)).toContain('<small>Précédent</small>');
    const missing = await fetch(`${server.url}${base}/no-such-page`);
    expect(missing.status).toBe(404);
    const missingHtml = await missing.text();
    for (const w of ['<title>Page introuvable | Acme</title>', "Cette page n&#39;existe pas.", "Aller à la page d&#39;accueil", 'rechercher “no such page”']) expect(missingHtml).toContain(w);
    const results = await text(`${base}/~search?q=capybara`);
    expect(results).toContain('1 résultat pour <strong>capybara</strong>');

    await put('ja');
    const ja = await text(`${base}/`);
    for (const w of ['コンテンツへスキップ', 'placeholder="検索…"', 'このページの内容', '<small>次へ</small>']) expect(ja).toContain(w);
    await put('pt-br');
    expect(await text(`${base}/`)).toContain('Nesta página');
    await put('de');
    expect(await text(`${base}/~search?q=capybara`)).toContain('1 Ergebnis für');
  });
});

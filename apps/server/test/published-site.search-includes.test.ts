// The published site's search reads a page's reusable content (`{% include ".gitbook/includes/…" %}`, kept by Git
// Sync) where the page shows it: its words find the page, and a hit under an included heading leads to that heading's
// anchor on the page — the id the page gives it (headings of the page and of its includes share one set of ids). An
// include changed by a later sync is searched as it is now. Before session 17 neither its text nor its headings were
// searched. Likewise a page's HTML headings (`<h2>`): before session 17 they had no id and were no section.
import { describe, expect, it } from 'vitest';
import { createTenant, useTestServer, publishSite } from '../src/testing/index.js';
import { runGitSyncJobs, useGitServer, WorkingCopy } from '../src/testing/git-server.js';

const server = useTestServer();
const git = useGitServer();

type Result = { title: string; section?: string; href: string; excerpt: string };
const search = async (base: string, q: string) => ((await (await fetch(`${server.url}${base}/~search?q=${encodeURIComponent(q)}`, { headers: { accept: 'application/json' } })).json()) as { results: Result[] }).results;

describe('search of included reusable content', () => {
  it("finds a page by its include's words and leads to the included heading's anchor on the page", async () => {
    const t = await createTenant(server);
    const space = (await t.api.post(`/v1/orgs/${t.org}/spaces`, { title: 'Guide' })).body;
    git.createRepo('searchincludes');
    const wc = new WorkingCopy(git.repoUrl('searchincludes'));
    wc.write('README.md', '# Home\n\nThe wombat home.\n')
      .write('api.md', '# API\n\n## Rate limits\n\nThe page\'s own limits: the ibex.\n\n{% include ".gitbook/includes/limits.md" %}\n\n## After\n\nThe okapi closes the page.\n\n{% include ".gitbook/includes/beta.md" %}\n')
      .write('SUMMARY.md', '# Table of contents\n\n* [Home](README.md)\n* [API](api.md)\n')
      .write('.gitbook/includes/limits.md', '---\ntitle: Limits\n---\n\n## Rate limits\n\nRequests past the quota meet the capybara.\n\n## Quotas\n\nEach plan has a quota: the tapir.\n')
      .write('.gitbook/includes/beta.md', '---\ntitle: Beta\n---\n\n{% if visitor.claims.unsigned.beta === true %}\nThe quetzal preview.\n{% endif %}\n')
      .commit('Docs');
    wc.push();
    expect((await t.api.post(`/v1/spaces/${space.id}/git/import`, { url: git.repoUrl('searchincludes'), ref: 'refs/heads/main' })).status).toBe(204);
    await runGitSyncJobs(server);
    const site = await publishSite(t, { title: 'Acme', visibility: 'public', spaces: [space.id] });
    const base = `/sites/${site.id}`;

    // The page shows the include's headings with their ids (the second "Rate limits" of the page: rate-limits-1).
    const html = await (await fetch(`${server.url}${base}/api`)).text();
    for (const id of ['rate-limits', 'rate-limits-1', 'quotas', 'after']) expect(html).toContain(`id="${id}"`);

    const capybara = await search(base, 'capybara');
    expect(capybara).toHaveLength(1);
    expect(capybara[0]).toMatchObject({ title: 'API', section: 'Rate limits', href: `${base}/api#rate-limits-1` });
    expect(capybara[0]!.excerpt).toContain('capybara');
    expect((await search(base, 'tapir'))[0]).toMatchObject({ section: 'Quotas', href: `${base}/api#quotas` });
    // The page's own headings keep theirs, around the include.
    expect((await search(base, 'ibex'))[0]).toMatchObject({ section: 'Rate limits', href: `${base}/api#rate-limits` });
    expect((await search(base, 'okapi'))[0]).toMatchObject({ section: 'After', href: `${base}/api#after` });
    // Every result's anchor is an id of its page.
    for (const r of [...capybara, ...(await search(base, 'tapir'))]) expect(html).toContain(`id="${decodeURIComponent(r.href.split('#')[1]!)}"`);

    // An include's `{% if %}` branch is found only by the visitors who see it.
    expect(await search(base, 'quetzal')).toEqual([]);
    const beta = await (await fetch(`${server.url}${base}/~search?q=quetzal&claims=${encodeURIComponent(JSON.stringify({ beta: true }))}`, { headers: { accept: 'application/json' } })).json() as { results: Result[] };
    expect(beta.results.map((r) => r.title)).toEqual(['API']);
    expect(beta.results[0]!.excerpt).toContain('quetzal');

    // A sync that changes the include (the page's own file unchanged; README changed too, since a sync changing only
    // an include is skipped as "the same content", a Git Sync limit of its own): its new words are searched, the old
    // ones gone (the page's text is kept by its content hash and the sync's snapshot).
    wc.write('README.md', '# Home\n\nThe wombat home, again.\n').write('.gitbook/includes/limits.md', '---\ntitle: Limits\n---\n\n## Rate limits\n\nRequests past the quota meet the axolotl.\n\n## Quotas\n\nEach plan has a quota: the tapir.\n').commit('Limits');
    wc.push();
    const again = await t.api.post(`/v1/spaces/${space.id}/git/import`, { url: git.repoUrl('searchincludes'), ref: 'refs/heads/main' });
    expect(again.status, JSON.stringify(again.body)).toBe(204);
    await runGitSyncJobs(server);
    expect(await (await fetch(`${server.url}${base}/api`)).text()).toContain('axolotl');
    expect((await search(base, 'axolotl'))[0]).toMatchObject({ title: 'API', href: `${base}/api#rate-limits-1` });
    expect(await search(base, 'capybara')).toEqual([]);
  });

  it("makes sections of a page's HTML headings (`<h2>`, in a `<div>`): the page gives them ids and lists them on this page", async () => {
    const t = await createTenant(server);
    const space = (await t.api.post(`/v1/orgs/${t.org}/spaces`, { title: 'Guide' })).body;
    const markdown = ['Intro: the aardvark.', '', '<h2>Install</h2>', '', 'Install the bison.', '', '## Install', '', 'Again, the cobra.', '',
      '<div align="center">', '<h3 id="deploy-id">Deploy &amp; run</h3>', '<p>The dingo deploys.</p>', '</div>', ''].join('\n');
    expect((await t.api.post(`/v1/spaces/${space.id}/content/edits`, { edits: [{ op: 'createPage', page: { id: 'page-html-headings', title: 'Setup', markdown } }] })).status).toBe(200);
    const site = await publishSite(t, { title: 'Acme', visibility: 'public', spaces: [space.id] });
    const base = `/sites/${site.id}`;
    const html = await (await fetch(`${server.url}${base}/`)).text();
    expect(html).toContain('<h2 id="install">Install</h2>');
    expect(html).toContain('id="install-1"');
    expect(html).toContain('<div style="text-align:center">\n<h3 id="deploy-id">Deploy &amp; run</h3>');
    const toc = html.slice(html.indexOf('aria-label="On this page"'));
    for (const a of ['#install"', '#install-1"', '#deploy-id"']) expect(toc).toContain(`href="${a}`);
    expect((await search(base, 'bison'))[0]).toMatchObject({ section: 'Install', href: `${base}/#install` });
    expect((await search(base, 'cobra'))[0]).toMatchObject({ section: 'Install', href: `${base}/#install-1` });
    expect((await search(base, 'dingo'))[0]).toMatchObject({ section: 'Deploy & run', href: `${base}/#deploy-id` });
    expect((await search(base, 'aardvark'))[0]!.section).toBeUndefined();
  });
});

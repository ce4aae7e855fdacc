// A site API token (the `apiToken` of POST /v1/urls/published) reads a space as the visitor it was made for: a page
// whose page-level condition is false for the visitor's claims — and its children — is not in any of its content
// reads (the tree, page lists, revisions, semantic changes, files only such pages use, the PDF), and reading it by
// id, path or document answers 404 exactly as a missing page does. Claims that make the condition true show it.
import { describe, expect, it } from 'vitest';
import { createTenant, useTestServer, type Tenant, publishSite } from '../src/testing/index.js';
import { pdfText } from '../src/testing/fixtures.js';
import { runGitSyncJobs, useGitServer, WorkingCopy } from '../src/testing/git-server.js';

const server = useTestServer();
const git = useGitServer();

/**
 * `space` published as a public site of `t`'s organization, and `lookup(claims?)`: the API of the site API token
 * POST /v1/urls/published gives for the site's URL `path` and a visitor with those unsigned claims.
 */
async function publishedSite(t: Tenant, space: string, path: string) {
  const site = await publishSite(t, { title: 'Docs', visibility: 'public', spaces: [space] });
  const lookup = async (claims?: Record<string, unknown>) => {
    const r = await t.api.post('/v1/urls/published', { url: `${server.ctx.config.publicUrl}/sites/${site.id}/${path}`, ...(claims ? { visitor: { unsignedClaims: claims } } : {}) });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return server.api(r.body.apiToken as string);
  };
  return { site, lookup };
}

const COND = 'visitor.claims.unsigned.isPremium === true';
const HIDDEN = ['page-premium', 'page-inner', 'page-broken'];
const pageIdsIn = (body: unknown): string[] => {
  const out: string[] = [];
  const walk = (v: unknown) => {
    if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object') {
      const o = v as Record<string, unknown>;
      if (typeof o.id === 'string' && (typeof o.kind === 'string' || typeof o.type === 'string')) out.push(o.id);
      for (const k of ['pages', 'page', 'changes', 'parent', 'before', 'after', 'items']) if (o[k] !== undefined) walk(o[k]);
    }
  };
  walk(body);
  return out;
};

describe('a site API token reads a space as its visitor: pages a page condition hides from the visitor are nowhere', () => {
  it('tree, lists, by id, by path, documents, revisions, changes, files, PDF: hidden without the claim (404 like a missing page), shown with it', async () => {
    const t = await createTenant(server);
    const space = (await t.api.post(`/v1/orgs/${t.org}/spaces`, { title: 'Docs' })).body.id as string;
    const base = `/v1/spaces/${space}`;
    const upload = async (name: string, text: string) => {
      const r = await t.api.request('POST', `${base}/content/files?name=${name}`, text, { 'content-type': 'text/plain' });
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      return r.body.id as string;
    };
    const shared = await upload('shared.txt', 'shared file');
    const only = await upload('premium-only.txt', 'premium file');
    const unused = await upload('unused.txt', 'unused file');
    const batch = await t.api.post(`${base}/content/edits`, {
      edits: [
        { op: 'createPage', page: { id: 'page-public', title: 'Public', markdown: `The wombat guide. [Shared](/files/${shared})\n` } },
        { op: 'createPage', page: { id: 'page-other', title: 'Other', markdown: 'The quokka list.\n', metaLinks: { canonical: { kind: 'page', page: 'page-premium' }, alternates: [{ kind: 'page', page: 'page-inner' }, { kind: 'url', url: 'https://example.com/other' }] } } },
        { op: 'createPage', page: { id: 'page-premium', title: 'Premium', condition: COND, markdown: `The narwhal plan. [Only](/files/${only}) [Shared](/files/${shared}) [Back](other)\n` } },
        { op: 'createPage', page: { id: 'page-inner', parent: 'page-premium', title: 'Inner', markdown: 'The axolotl trick.\n' } },
        { op: 'createPage', page: { id: 'page-broken', title: 'Broken', condition: 'visitor.claims.unsigned.isPremium &&', markdown: 'The platypus note.\n' } },
      ],
    });
    expect(batch.status, JSON.stringify(batch.body)).toBe(200);
    const first = (await t.api.get(`${base}/content`)).body.id as string;
    // A later revision that edits the premium page and its child (its semantic changes name them).
    expect((await t.api.patch(`${base}/content/page/page-premium`, { markdown: `The narwhal plan, revised. [Only](/files/${only}) [Back](other)\n` })).status).toBe(200);
    expect((await t.api.patch(`${base}/content/page/page-inner`, { title: 'Inner Two' })).status).toBe(200);
    const rev = (await t.api.get(`${base}/content`)).body.id as string;
    const ownerPremium = (await t.api.get(`${base}/content/page/page-premium`)).body;
    const ownerInner = (await t.api.get(`${base}/content/page/page-inner`)).body;
    expect(ownerPremium.documentId).toBeTruthy();

    const { site, lookup } = await publishedSite(t, space, 'public');
    const anonymous = await lookup();
    const premium = await lookup({ isPremium: true });

    // Reads that list pages: the hidden ones (and the child of one) are absent for the visitor without the claim.
    const listing = [
      `${base}/content`, `${base}/content/pages`, `${base}/revisions/${rev}`, `${base}/revisions/${rev}/pages`,
      `${base}/revisions/${first}`, `${base}/revisions/${first}/pages`, `${base}/revisions/${rev}/changes`,
      `${base}/content/page/page-public`, `${base}/content/path/public`,
    ];
    // Reads of one hidden page: 404 with the answer a missing page gets.
    const single = (id: string, path: string) => [
      `${base}/content/page/${id}`, `${base}/content/path/${path}`, `${base}/content/page/${id}/meta-links`,
      `${base}/revisions/${rev}/page/${id}`, `${base}/revisions/${rev}/page/${id}/document`, `${base}/revisions/${rev}/page/${id}/meta-links`,
      `${base}/revisions/${rev}/path/${path}`, `${base}/revisions/${first}/page/${id}`, `${base}/pdf?page=${id}`,
    ];
    const singles = [...single('page-premium', 'premium'), ...single('page-inner', 'premium/inner'), ...single('page-broken', 'broken'), `${base}/documents/${ownerPremium.documentId}`, `${base}/documents/${ownerInner.documentId}`];
    const fileReads = (id: string) => [`${base}/content/files/${id}`, `${base}/revisions/${rev}/files/${id}`, `${base}/revisions/${rev}/files/${id}/download`];

    // The owner sees everything (the test's reads are sound).
    for (const path of listing.slice(0, 7)) {
      const r = await t.api.get(path);
      expect([path, r.status]).toEqual([path, 200]);
      expect([path, pageIdsIn(r.body).some((id) => HIDDEN.includes(id))]).toEqual([path, true]);
    }
    for (const path of singles) expect([path, (await t.api.get(path)).status]).toEqual([path, 200]);

    const missing = (await anonymous.get(`${base}/content/page/page-nope`)).body;
    for (const path of listing) {
      const r = await anonymous.get(path);
      expect([path, r.status]).toEqual([path, 200]);
      expect([path, pageIdsIn(r.body).filter((id) => HIDDEN.includes(id))]).toEqual([path, []]);
      expect([path, JSON.stringify(r.body).match(/narwhal|axolotl|platypus|Premium|Inner|premium-only/g)]).toEqual([path, null]);
    }
    for (const path of singles) {
      const r = await anonymous.get(path);
      expect([path, r.status]).toEqual([path, 404]);
      expect([path, r.body.error.code]).toEqual([path, 404]);
      expect(JSON.stringify(r.body)).not.toMatch(/narwhal|axolotl|Premium/);
    }
    expect((await anonymous.get(`${base}/content/page/page-premium`)).body.error.message).toBe(missing.error.message.replace('page-nope', 'page-premium'));
    // Meta links of a shown page to hidden pages are not there (the other page's canonical and one alternate).
    const otherReads = [`${base}/content/page/page-other`, `${base}/content/page/page-other/meta-links`, `${base}/content/path/other`, `${base}/content/pages`, `${base}/revisions/${rev}/page/page-other/meta-links`];
    for (const path of otherReads) expect([path, JSON.stringify((await t.api.get(path)).body).includes('page-inner')]).toEqual([path, true]);
    for (const path of otherReads) {
      const body = JSON.stringify((await anonymous.get(path)).body);
      expect([path, /page-premium|page-inner/.test(body), body.includes('https://example.com/other')]).toEqual([path, false, true]);
    }
    expect((await anonymous.get(`${base}/content/page/page-other/meta-links`)).body).toEqual({ alternates: [{ kind: 'url', url: 'https://example.com/other' }] });
    expect((await premium.get(`${base}/content/page/page-other/meta-links`)).body).toMatchObject({ canonical: { kind: 'page', page: 'page-premium' } });

    // Links and backlinks: not those in hidden pages (the premium page links to the other page).
    for (const api of [t.api, premium]) expect((await api.get(`${base}/content/page/page-other/backlinks`)).body.items.map((p: { page: string }) => p.page)).toEqual(['page-premium']);
    expect((await anonymous.get(`${base}/content/page/page-other/backlinks`)).body).toMatchObject({ items: [], count: 0 });
    for (const path of [`${base}/links`, `${base}/content/page/page-premium/links`]) {
      expect(JSON.stringify((await t.api.get(path)).body)).toMatch(/page-premium/);
    }
    const links = await anonymous.get(`${base}/links`);
    expect(links.status).toBe(200);
    expect(JSON.stringify(links.body)).not.toMatch(/page-inner|page-premium|premium-only/);
    for (const path of [`${base}/content/page/page-premium/backlinks`, `${base}/content/page/page-premium/links`, `${base}/content/page/page-inner/links`, `${base}/content/files/${only}/backlinks`]) {
      expect([path, (await anonymous.get(path)).status]).toEqual([path, 404]);
    }
    expect(JSON.stringify((await premium.get(`${base}/links`)).body)).toMatch(/page-premium/);

    // Files: one only hidden pages use is hidden; one a shown page uses, or no page uses, is there.
    const fileNames = async (api: typeof anonymous, path: string) => ((await api.get(path)).body.items as { name: string }[]).map((f) => f.name).sort();
    for (const path of [`${base}/content/files`, `${base}/revisions/${rev}/files`]) {
      expect(await fileNames(anonymous, path)).toEqual(['shared.txt', 'unused.txt']);
      expect(await fileNames(premium, path)).toEqual(['premium-only.txt', 'shared.txt', 'unused.txt']);
    }
    for (const path of fileReads(only)) expect([path, (await anonymous.get(path)).status]).toEqual([path, 404]);
    for (const id of [shared, unused]) for (const path of fileReads(id)) expect([path, (await anonymous.get(path)).status]).toEqual([path, 200]);
    for (const path of fileReads(only)) expect([path, (await premium.get(path)).status]).toEqual([path, 200]);
    // The revision's files too.
    expect(((await anonymous.get(`${base}/content`)).body.files as { name: string }[]).map((f) => f.name).sort()).toEqual(['shared.txt', 'unused.txt']);
    // The PDF of the space: not the hidden pages.
    const pdfOf = async (api: typeof anonymous) => {
      const r = await api.get(`${base}/pdf`);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      const res = await fetch(server.url + (r.body.url as string).slice(server.ctx.config.publicUrl.length));
      expect(res.status).toBe(200);
      return pdfText(Buffer.from(await res.arrayBuffer()));
    };
    const anonymousPdf = await pdfOf(anonymous);
    expect(anonymousPdf).toContain('wombat');
    expect(anonymousPdf).not.toMatch(/narwhal|axolotl|platypus/);

    // With the claim: the premium page and its child everywhere; the malformed condition still hides its page.
    for (const path of listing.slice(0, 7)) {
      const ids = pageIdsIn((await premium.get(path)).body);
      expect([path, ids.includes('page-premium') || ids.includes('page-inner'), ids.includes('page-broken')]).toEqual([path, true, false]);
    }
    for (const path of [...single('page-premium', 'premium'), ...single('page-inner', 'premium/inner'), `${base}/documents/${ownerPremium.documentId}`]) {
      expect([path, (await premium.get(path)).status]).toEqual([path, 200]);
    }
    for (const path of single('page-broken', 'broken')) expect([path, (await premium.get(path)).status]).toEqual([path, 404]);
    const premiumPdf = await pdfOf(premium);
    expect(premiumPdf).toContain('narwhal');
    expect(premiumPdf).toContain('axolotl');
    expect(premiumPdf).not.toContain('platypus');

    // The owner still reads every page (nothing of the above is cached for them).
    expect((await t.api.get(`${base}/content/page/page-broken`)).status).toBe(200);
  });
});

describe('the published site names no page hidden from the visitor in the links of the pages it shows', () => {
  it('.md twin, llms-full.txt and HTML: a link to a hidden page is its text only, a content-ref to it is left out (HTML: unnamed); shown with the claim', async () => {
    const t = await createTenant(server);
    const space = (await t.api.post(`/v1/orgs/${t.org}/spaces`, { title: 'Docs' })).body.id as string;
    const base = `/v1/spaces/${space}`;
    const links = 'See [by id](/pages/page-premium), [by path](premium), [inner](premium/inner), [as file](premium.md), [from root](/premium), [anchored](/pages/page-premium#plans) and [other](/pages/page-other). [missing](nowhere) stays.';
    const batch = await t.api.post(`${base}/content/edits`, {
      edits: [
        { op: 'createPage', page: { id: 'page-public', title: 'Public', markdown: `The wombat guide. ${links}\n\n{% content-ref url="premium" %}\n[Premium](premium)\n{% endcontent-ref %}\n\n{% content-ref url="/pages/page-premium" %}\n[Premium](/pages/page-premium)\n{% endcontent-ref %}\n\n{% content-ref url="/pages/page-other" %}\n[Other](/pages/page-other)\n{% endcontent-ref %}\n` } },
        { op: 'createPage', page: { id: 'page-other', title: 'Other', markdown: 'The quokka list.\n', metaLinks: { canonical: { kind: 'page', page: 'page-premium' }, alternates: [{ kind: 'page', page: 'page-inner' }, { kind: 'url', url: 'https://example.com/other' }] } } },
        { op: 'createPage', page: { id: 'page-premium', title: 'Premium', condition: COND, markdown: 'The narwhal plan.\n' } },
        { op: 'createPage', page: { id: 'page-inner', parent: 'page-premium', title: 'Inner', markdown: 'The axolotl trick.\n' } },
      ],
    });
    expect(batch.status, JSON.stringify(batch.body)).toBe(200);
    const { site } = await publishedSite(t, space, '');
    const get = async (path: string, claims?: Record<string, unknown>) => {
      const r = await fetch(`${server.url}/sites/${site.id}/${path}${claims ? `?visitor.isPremium=true` : ''}`);
      expect([path, r.status]).toEqual([path, 200]);
      return r.text();
    };

    const twin = await get('public.md');
    expect(twin).toContain('See by id, by path, inner, as file, from root, anchored and [other](');
    expect(twin).toContain('[missing](nowhere) stays.');
    expect(twin).not.toMatch(/premium|narwhal|Premium/);
    expect(twin.match(/\{% content-ref url="([^"]*)"/g)).toEqual([expect.stringMatching(/\/other"$/)]);
    const full = await get('llms-full.txt');
    expect(full).toContain('See by id, by path, inner, as file, from root, anchored and [other](');
    expect(full).not.toMatch(/premium|narwhal/i);
    const html = await get('public');
    const article = html.slice(html.indexOf('wombat'), html.indexOf('</article>'));
    expect(article).not.toMatch(/premium|narwhal/i);
    expect(article).toContain('<span class="card-title">Other</span>');

    // A visitor whose claims show the page gets the links (the site reads unsigned claims from `visitor.` query parameters).
    const premiumTwin = await get('public.md', { isPremium: true });
    expect(premiumTwin).toContain('[by path](premium)');
    expect(premiumTwin).toMatch(/\[by id\]\(http[^)]*\/premium\)/);
    expect(premiumTwin).toContain('{% content-ref url="premium" %}');
  });
});

describe('a site API token reads a shown page as its visitor: `{% if %}` blocks whose condition is false are not there', () => {
  it('page by id and path (document and markdown), revision page and its document, documents by id, change-free of the owner; the PDF too', async () => {
    const t = await createTenant(server);
    const space = (await t.api.post(`/v1/orgs/${t.org}/spaces`, { title: 'Docs' })).body.id as string;
    const base = `/v1/spaces/${space}`;
    const markdown = `The wombat guide.\n\n{% if ${COND} %}\nThe secret dugong.\n{% else %}\nThe public kiwi.\n{% endif %}\n\nSee [the plans](/pages/page-premium) and [more plans](premium).\n\n{% content-ref url="premium" %}\n[Plans](premium)\n{% endcontent-ref %}\n`;
    const made = await t.api.post(`${base}/content/edits`, {
      edits: [
        { op: 'createPage', page: { id: 'page-public', title: 'Public', markdown } },
        { op: 'createPage', page: { id: 'page-premium', title: 'Premium', condition: COND, markdown: 'The narwhal plan.\n' } },
      ],
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const rev = (await t.api.get(`${base}/content`)).body.id as string;
    const documentId = (await t.api.get(`${base}/content/page/page-public`)).body.documentId as string;
    const { site, lookup } = await publishedSite(t, space, 'public');
    const reads = [
      `${base}/content/page/page-public`, `${base}/content/page/page-public?format=markdown`, `${base}/content/path/public`,
      `${base}/revisions/${rev}/page/page-public`, `${base}/revisions/${rev}/page/page-public/document`, `${base}/revisions/${rev}/path/public?format=markdown`,
      `${base}/documents/${documentId}`,
    ];
    const text = async (api: ReturnType<typeof server.api>, path: string) => {
      const r = await api.get(path);
      expect([path, r.status]).toEqual([path, 200]);
      return JSON.stringify(r.body);
    };
    for (const path of reads) expect([path, await text(t.api, path)]).toEqual([path, expect.stringMatching(/dugong[^]*kiwi/)]);
    const anonymous = await lookup();
    // Links to the page hidden from the visitor are their text only, the content-ref to it is left out (as in the
    // published site's `.md` twin): its id and path are not shown.
    for (const path of reads) {
      const body = await text(anonymous, path);
      expect([path, body.includes('dugong'), body.includes('kiwi'), body.includes('wombat'), body.includes('the plans')]).toEqual([path, false, true, true, true]);
      expect([path, body.match(/premium|content-ref/gi)]).toEqual([path, null]);
    }
    const premium = await lookup({ isPremium: true });
    for (const path of reads) {
      const body = await text(premium, path);
      expect([path, body.includes('dugong'), body.includes('kiwi'), /page-premium|"premium"|\(premium\)/.test(body)]).toEqual([path, true, false, true]);
    }
    // Its space search neither finds the page by a word of a block it does not see nor shows one in an excerpt.
    const search = async (api: ReturnType<typeof server.api>, q: string) => JSON.stringify((await api.get(`${base}/search?query=${q}`)).body);
    expect(await search(t.api, 'dugong')).toContain('page-public');
    expect(await search(anonymous, 'dugong')).not.toContain('page-public');
    expect(await search(anonymous, 'wombat')).not.toContain('dugong');
    expect(await search(premium, 'dugong')).toContain('page-public');
    // The same for a site's search by someone who reads the space only as the site's visitors (no claims).
    const siteSearch = async (api: ReturnType<typeof server.api>, query: string) => JSON.stringify((await api.post(`/v1/orgs/${t.org}/sites/${site.id}/search`, { query })).body);
    const stranger = (await createTenant(server)).api;
    expect(await siteSearch(t.api, 'dugong')).toContain('page-public');
    expect(await siteSearch(stranger, 'dugong')).not.toContain('page-public');
    const kiwi = await siteSearch(stranger, 'kiwi');
    expect(kiwi).toContain('page-public');
    expect(kiwi).not.toContain('dugong');
    const pdf = async (api: ReturnType<typeof server.api>) => {
      const r = await api.get(`${base}/pdf`);
      const res = await fetch(server.url + (r.body.url as string).slice(server.ctx.config.publicUrl.length));
      return pdfText(Buffer.from(await res.arrayBuffer()));
    };
    const anonymousPdf = await pdf(anonymous);
    expect([anonymousPdf.includes('dugong'), anonymousPdf.includes('kiwi')]).toEqual([false, true]);
    expect((await pdf(premium)).includes('dugong')).toBe(true);
    // The owner's reads are as stored.
    expect(await text(t.api, `${base}/content/page/page-public?format=markdown`)).toContain('{% if');
  });
});

describe('a site API token reads reusable content as its visitor', () => {
  it('the document of a reusable content (Git Sync include) has its `{% if %}` branches resolved and its links to hidden pages as text', async () => {
    const t = await createTenant(server);
    const space = (await t.api.post(`/v1/orgs/${t.org}/spaces`, { title: 'Docs' })).body.id as string;
    const base = `/v1/spaces/${space}`;
    git.createRepo('sitetokenincludes');
    const wc = new WorkingCopy(git.repoUrl('sitetokenincludes'));
    wc.write('README.md', '# Home\n\nThe wombat home.\n\n{% include ".gitbook/includes/env.md" %}\n')
      .write('premium.md', '---\nif: visitor.claims.unsigned.isPremium === true\n---\n\n# Premium\n\nThe narwhal plan.\n')
      .write('SUMMARY.md', '# Table of contents\n\n* [Home](README.md)\n* [Premium](premium.md)\n')
      .write('.gitbook/includes/env.md', `---\ntitle: Environments\n---\n\n{% if ${COND} %}\nThe secret dugong.\n{% else %}\nThe public kiwi.\n{% endif %}\n\nSee [the plans](../../premium.md).\n`)
      .commit('Docs');
    wc.push();
    expect((await t.api.post(`${base}/git/import`, { url: git.repoUrl('sitetokenincludes'), ref: 'refs/heads/main' })).status).toBe(204);
    await runGitSyncJobs(server);
    const current = (await t.api.get(`${base}/content`)).body;
    expect(current.reusableContents, JSON.stringify(current)).toHaveLength(1);
    const doc = `${base}/revisions/${current.id}/reusable-contents/${current.reusableContents[0].id}/document`;
    const owner = JSON.stringify((await t.api.get(doc)).body);
    expect([owner.includes('dugong'), owner.includes('kiwi'), owner.includes('premium')]).toEqual([true, true, true]);
    const { lookup } = await publishedSite(t, space, '');
    const anonymous = JSON.stringify((await (await lookup()).get(doc)).body);
    expect([anonymous.includes('dugong'), anonymous.includes('kiwi'), anonymous.includes('the plans'), /premium/i.test(anonymous)]).toEqual([false, true, true, false]);
    const premium = JSON.stringify((await (await lookup({ isPremium: true })).get(doc)).body);
    expect([premium.includes('dugong'), premium.includes('kiwi'), premium.includes('premium')]).toEqual([true, false, true]);
  });
});

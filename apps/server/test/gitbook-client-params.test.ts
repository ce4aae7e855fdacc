// Query parameters GitBook's description (0.202.0) gives operations Bindery serves, sent through the official client:
// each is accepted (Bindery answers 400 to query parameters it does not know). `cachedMetadata` on the path reads,
// `computed` on the reusable-content reads and the deprecated `unmasked` on customization reads change nothing in
// Bindery (docs/gitbook-conformance.md); `site` filters the import runs.
import { GitBookAPI, GitBookAPIError } from '@gitbook/api';
import { describe, expect, it } from 'vitest';
import { createOrganization, createUser, useTestServer } from '../src/testing/index.js';

type Any = any;
const server = useTestServer();

async function code(p: Promise<unknown>): Promise<number> {
  try {
    return ((await p) as { status: number }).status;
  } catch (err) {
    if (err instanceof GitBookAPIError) return (err as { code: number }).code;
    throw err;
  }
}

describe('@gitbook/api: query parameters of GitBook\'s description', () => {
  it('accepts cachedMetadata, computed on reusable contents, unmasked; filters import runs by site', async () => {
    const owner = await createUser(server, 'Params owner');
    const org = (await createOrganization(server, owner)).id;
    const gb: Any = new GitBookAPI({ endpoint: server.url, authToken: owner.token });
    const space = (await gb.orgs.createSpace(org, { title: 'Guide' })).data.id;
    const other = (await gb.orgs.createSpace(org, { title: 'Other' })).data.id;
    const edit = await server.api(owner.token).post(`/v1/spaces/${space}/content/edits`, { edits: [{ op: 'createPage', page: { id: 'page-intro1', title: 'Intro', slug: 'intro', markdown: '# Intro\n' } }] });
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    const revision = (await gb.spaces.getCurrentRevision(space)).data.id;
    const cr = (await gb.spaces.createChangeRequest(space, { subject: 'x' })).data.id;

    for (const cachedMetadata of [true, false]) {
      expect((await gb.spaces.getPageByPath(space, 'intro', { cachedMetadata })).data.id).toBe('page-intro1');
      expect((await gb.spaces.getPageInRevisionByPath(space, revision, 'intro', { cachedMetadata })).data.id).toBe('page-intro1');
      expect((await gb.spaces.getPageInChangeRequestByPath(space, cr, 'intro', { cachedMetadata })).data.id).toBe('page-intro1');
    }
    // No such reusable content: 404, not a 400 for the parameter.
    expect(await code(gb.spaces.getReusableContentById(space, 'nope', { computed: false }))).toBe(404);
    expect(await code(gb.spaces.getReusableContentInRevisionById(space, revision, 'nope', { computed: true }))).toBe(404);
    expect(await code(gb.spaces.getReusableContentInChangeRequestById(space, cr, 'nope', { computed: false }))).toBe(404);

    const site = (await gb.orgs.createSite(org, { title: 'Docs site' })).data.id;
    const siteSpace = (await gb.orgs.addSpaceToSite(org, site, { spaceId: space })).data.id;
    const custom = (await gb.orgs.getSiteCustomizationById(org, site)).data;
    expect((await gb.orgs.getSiteCustomizationById(org, site, { unmasked: true })).data).toEqual(custom);
    expect((await gb.orgs.getSiteSpaceCustomizationById(org, site, siteSpace, { unmasked: true })).status).toBe(200);

    const start = (target: string) => gb.org.startImportRun(org, { source: { type: 'file', files: ['https://example.com/a.md'] }, target: { space: target } });
    const into = (await start(space)).data.id;
    const elsewhere = (await start(other)).data.id;
    expect((await gb.org.listImportRuns(org)).data.items.map((r: Any) => r.id).sort()).toEqual([into, elsewhere].sort());
    expect((await gb.org.listImportRuns(org, { site })).data.items.map((r: Any) => r.id)).toEqual([into]);
    expect((await gb.org.listImportRuns(org, { site: 'no-such-site' })).data.items).toEqual([]);
  });
});

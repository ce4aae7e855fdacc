// GitBook's official client (@gitbook/api), unchanged, against Bindery's sites (Part 2): create with a space, list,
// update, publish, site spaces, customization of the site and of a site space, the published profile, delete.
import { GitBookAPI, GitBookAPIError } from '@gitbook/api';
import { describe, expect, it } from 'vitest';
import { createOrganization, createUser, useTestServer } from '../src/testing/index.js';

// @gitbook/api's declarations cannot be followed under NodeNext resolution; the namespaces used here are typed by
// hand (the runtime is the real client).
type R<T> = Promise<{ status: number; data: T }>;
type Any = Record<string, any>;
interface GitBookClient {
  orgs: {
    createSpace(org: string, body: Any): R<{ id: string }>;
    createSite(org: string, body: Any): R<Any>;
    listSites(org: string, q?: Any): R<{ items: Any[]; count: number }>;
    getSiteById(org: string, site: string): R<Any>;
    updateSiteById(org: string, site: string, body: Any): R<Any>;
    publishSite(org: string, site: string): R<Any>;
    deleteSiteById(org: string, site: string): R<unknown>;
    listSiteSpaces(org: string, site: string, q?: Any): R<{ items: Any[] }>;
    getSiteCustomizationById(org: string, site: string, q?: Any): R<Any>;
    updateSiteCustomizationById(org: string, site: string, body: Any): R<Any>;
    getSiteSpaceCustomizationById(org: string, site: string, siteSpace: string, q?: Any): R<Any>;
    overrideSiteSpaceCustomizationById(org: string, site: string, siteSpace: string, body: Any): R<Any>;
    deleteSiteSpaceCustomizationById(org: string, site: string, siteSpace: string): R<unknown>;
    getPublishedContentSite(org: string, site: string, q?: Any): R<Any>;
    addSectionToSite(org: string, site: string, body: Any): R<Any>;
  };
}
const gitbook = (opts: { endpoint: string; authToken?: string }) => new GitBookAPI(opts) as unknown as GitBookClient;

const server = useTestServer();

describe('@gitbook/api: sites', () => {
  it('drives a site through its lifecycle, its customization and its published profile', async () => {
    const owner = await createUser(server, 'Sites client owner');
    const org = (await createOrganization(server, owner)).id;
    const api = gitbook({ endpoint: server.url, authToken: owner.token });

    const space = (await api.orgs.createSpace(org, { title: 'Handbook' })).data;
    const site = (await api.orgs.createSite(org, { title: 'Docs', spaces: [space.id] })).data;
    expect(site).toMatchObject({ object: 'site', title: 'Docs', published: false, siteSpaces: 1 });
    expect((await api.orgs.listSites(org, { published: false })).data.items.map((s) => s.id)).toEqual([site.id]);
    expect((await api.orgs.updateSiteById(org, site.id, { title: 'Handbook site', proxy: 'example.com/handbook' })).data.proxy).toMatchObject({ origin: 'example.com/handbook' });
    expect((await api.orgs.publishSite(org, site.id)).data.published).toBe(true);
    expect((await api.orgs.getSiteById(org, site.id)).data.urls.published).toContain(`/sites/${site.id}/`);

    const [ss] = (await api.orgs.listSiteSpaces(org, site.id)).data.items;
    if (!ss) throw new Error('the site has no site space');
    expect(ss.space.id).toBe(space.id);
    const custom = (await api.orgs.getSiteCustomizationById(org, site.id)).data;
    expect(custom.title).toBe('Handbook site');
    const put = await api.orgs.updateSiteCustomizationById(org, site.id, { ...custom, title: 'Our handbook' });
    expect(put.data.title).toBe('Our handbook');
    const over = await api.orgs.overrideSiteSpaceCustomizationById(org, site.id, ss.id, { announcement: { enabled: true, message: 'Hi', style: 'info' } });
    expect(over.data).toMatchObject({ title: 'Our handbook', announcement: { message: 'Hi' } });
    const profile = (await api.orgs.getPublishedContentSite(org, site.id)).data;
    expect(profile.customizations.siteSpaces[ss.id].announcement.message).toBe('Hi');
    await api.orgs.deleteSiteSpaceCustomizationById(org, site.id, ss.id);
    expect((await api.orgs.getSiteSpaceCustomizationById(org, site.id, ss.id)).data.announcement).toBeUndefined();

    const bad = await api.orgs.updateSiteById(org, site.id, { proxy: 'nope' }).catch((e: unknown) => e);
    expect(bad).toBeInstanceOf(GitBookAPIError);
    expect((bad as GitBookAPIError).code).toBe(400);

    await api.orgs.deleteSiteById(org, site.id);
    const gone = await api.orgs.getSiteById(org, site.id).catch((e: unknown) => e);
    expect((gone as GitBookAPIError).code).toBe(404);
  });

  it('names a section after its space when GitBook\'s title is omitted or null', async () => {
    const owner = await createUser(server, 'Sections client owner');
    const org = (await createOrganization(server, owner)).id;
    const api = gitbook({ endpoint: server.url, authToken: owner.token });
    const guide = (await api.orgs.createSpace(org, { title: 'Guide ✍️' })).data;
    const reference = (await api.orgs.createSpace(org, { title: 'API reference' })).data;
    const untitled = (await api.orgs.createSpace(org, { title: '' })).data;
    const site = (await api.orgs.createSite(org, { title: 'Docs', spaces: [guide.id] })).data;

    const named = await api.orgs.addSectionToSite(org, site.id, { spaceId: reference.id, title: null });
    expect([named.status, named.data.title, named.data.path]).toEqual([201, 'API reference', 'api-reference']);
    expect((await api.orgs.addSectionToSite(org, site.id, { spaceId: guide.id })).data.title).toBe('Guide ✍️');
    expect((await api.orgs.addSectionToSite(org, site.id, { spaceId: untitled.id })).data.title).toBe('New section');
    expect((await api.orgs.addSectionToSite(org, site.id, { spaceId: guide.id, title: 'Guides' })).data.title).toBe('Guides');
    const err = await api.orgs.addSectionToSite(org, site.id, { spaceId: 'space-missing', title: null }).catch((e: unknown) => e);
    expect([(err as GitBookAPIError).code, (err as GitBookAPIError).errorMessage]).toEqual([400, expect.stringContaining('/body/spaceId')]);
  });
});

// Request-body fields and query parameters of GitBook's description (0.202.0) that its official client may send and
// Bindery refused with a generic 400: each is now done, accepted-and-unused where that is truthful, or refused with a
// message naming it (docs/gitbook-conformance.md, "Request fields of GitBook's description").
import { GitBookAPI, GitBookAPIError } from '@gitbook/api';
import { describe, expect, it } from 'vitest';
import { createUser, useTestServer } from '../src/testing/index.js';

type Any = any;
const server = useTestServer();

async function failure(p: Promise<unknown>): Promise<{ code: number; message: string }> {
  try {
    await p;
  } catch (err) {
    if (err instanceof GitBookAPIError) return { code: (err as Any).code, message: (err as Any).errorMessage ?? (err as Error).message };
    throw err;
  }
  throw new Error('expected a failure');
}

describe('@gitbook/api: createOrganization with GitBook\'s options', () => {
  it('withDefaultSite makes a site with a template space, the organization\'s default content; onboardingPreferences are accepted', async () => {
    const owner = await createUser(server, 'Default site owner');
    const gb: Any = new GitBookAPI({ endpoint: server.url, authToken: owner.token });
    const org = (await gb.orgs.createOrganization(
      { title: 'Acme docs', onboardingPreferences: { source: 'markdown-in-git', audience: null, interests: ['api-docs'] } },
      { withDefaultSite: true },
    )).data;
    expect(org.defaultContent?.site).toBeTruthy();
    const site = (await gb.orgs.getSiteById(org.id, org.defaultContent.site)).data;
    expect(site.title).toBe('Acme docs');
    const siteSpaces = (await gb.orgs.listSiteSpaces(org.id, site.id)).data.items;
    expect(siteSpaces).toHaveLength(1);
    const space = (await gb.spaces.getSpaceById(siteSpaces[0].space.id)).data;
    expect(space.title).toBe('Acme docs');
    expect((await gb.spaces.listPages(space.id)).data.pages.length).toBeGreaterThan(0);
    expect((await gb.orgs.getOrganizationById(org.id)).data.defaultContent).toEqual({ type: 'site', site: site.id });

    // Without it (and with withDefaultSite=false): no site, no default content.
    for (const query of [undefined, { withDefaultSite: false }]) {
      const plain = (await gb.orgs.createOrganization({ title: 'Plain org' }, query)).data;
      expect(plain.defaultContent).toBeNull();
      expect((await gb.orgs.listSites(plain.id)).data.items).toEqual([]);
    }
    // Onboarding answers outside GitBook's enums are a 400 naming the field.
    const bad = await failure(gb.orgs.createOrganization({ title: 'Bad prefs', onboardingPreferences: { source: 'floppy', audience: null, interests: [] } }));
    expect(bad.code).toBe(400);
    expect(bad.message).toContain('/body/onboardingPreferences/source');
  });

  it('openapiUrl is a 400 naming it, and creates nothing', async () => {
    const owner = await createUser(server, 'OpenAPI url owner');
    const gb: Any = new GitBookAPI({ endpoint: server.url, authToken: owner.token });
    const r = await failure(gb.orgs.createOrganization({ title: 'With spec' }, { withDefaultSite: true, openapiUrl: 'https://example.com/openapi.json' }));
    expect(r.code).toBe(400);
    expect(r.message).toContain('/query/openapiUrl');
    expect((await gb.orgs.listOrganizationsForAuthenticatedUser()).data.items).toEqual([]);
  });
});

describe('@gitbook/api: createSpace from a computed source', () => {
  it('builtin:openapi makes a space whose content is one computed page with the source; other sources are 400s naming the field', async () => {
    const owner = await createUser(server, 'Computed space owner');
    const gb: Any = new GitBookAPI({ endpoint: server.url, authToken: owner.token });
    const org = (await gb.orgs.createOrganization({ title: 'Computed org' })).data.id;
    const put = await server.api(owner.token).put(`/v1/orgs/${org}/openapi/shop`, { source: { text: 'openapi: 3.0.0\ninfo: {title: Shop, version: "1"}\npaths: {}\n' } });
    expect(put.status, JSON.stringify(put.body)).toBeLessThan(300);
    const source = { type: 'builtin:openapi', props: { models: true }, dependencies: { spec: { ref: { kind: 'openapi', spec: 'shop' } } } };

    const space = (await gb.orgs.createSpace(org, { title: 'Shop API', computedSource: source })).data;
    expect(space.title).toBe('Shop API');
    const stored = (await server.api(owner.token).get(`/v1/spaces/${space.id}/content?computed=false`)).body;
    expect(stored.pages.map((p: Any) => [p.type, p.title])).toEqual([['computed', 'API reference']]);
    expect(stored.pages[0].computed).toEqual(source);

    const before = (await gb.orgs.listSpacesInOrganizationById(org)).data.items.length;
    const refused = async (body: Record<string, unknown>, field: string) => {
      const r = await failure(gb.orgs.createSpace(org, { title: 'Refused', ...body }));
      expect(r.code).toBe(400);
      expect(r.message).toContain(field);
    };
    await refused({ computedSource: { type: 'builtin:translation', props: {}, dependencies: { translation: { ref: { kind: 'translation', translation: 'x' } } } } }, '/body/computedSource/type');
    await refused({ computedSource: { ...source, dependencies: { spec: { ref: { kind: 'openapi', spec: 'nope' } } } } }, '/body/computedSource/dependencies/spec/ref/spec');
    await refused({ computedSource: source, empty: true }, '/body/empty');
    expect((await gb.orgs.listSpacesInOrganizationById(org)).data.items.length).toBe(before);
  });
});

describe('@gitbook/api: updateCommentReplyInChangeRequest with resolved', () => {
  it('is a 400 naming /body/resolved that points at the comment, and changes nothing', async () => {
    const owner = await createUser(server, 'Reply resolver');
    const gb: Any = new GitBookAPI({ endpoint: server.url, authToken: owner.token });
    const org = (await gb.orgs.createOrganization({ title: 'Reply org' })).data.id;
    const space = (await gb.orgs.createSpace(org, { title: 'Replies' })).data.id;
    const cr = (await gb.spaces.createChangeRequest(space, { subject: 'Draft' })).data.id;
    const comment = (await gb.spaces.postCommentInChangeRequest(space, cr, { body: { markdown: 'A thread' } })).data.id;
    const reply = (await gb.spaces.postCommentReplyInChangeRequest(space, cr, comment, { body: { markdown: 'first' } })).data.id;

    const r = await failure(gb.spaces.updateCommentReplyInChangeRequest(space, cr, comment, reply, { resolved: true, body: { markdown: 'edited' } }));
    expect(r.code).toBe(400);
    expect(r.message).toContain('/body/resolved');
    expect(r.message).toContain(`comments/${comment}`);
    expect((await gb.spaces.getCommentReplyInChangeRequest(space, cr, comment, reply, { format: 'markdown' })).data.body).toEqual({ markdown: 'first' });
    expect((await gb.spaces.getCommentInChangeRequest(space, cr, comment)).data.status).not.toBe('resolved');
    // Without `resolved` the same update is applied.
    expect((await gb.spaces.updateCommentReplyInChangeRequest(space, cr, comment, reply, { body: { markdown: 'edited' } })).status).toBe(200);
  });
});

describe('@gitbook/api: invite links to a space or collection', () => {
  it('are created with GitBook\'s bodies; mixing the forms is a 400 naming the field; nothing is created or changed then', async () => {
    const owner = await createUser(server, 'Invite link owner');
    const gb: Any = new GitBookAPI({ endpoint: server.url, authToken: owner.token });
    const org = (await gb.orgs.createOrganization({ title: 'Invite org' })).data.id;
    const space = (await gb.orgs.createSpace(org, { title: 'Invited' })).data.id;
    const toSpace = (await gb.orgs.createOrganizationInvite(org, { level: 'edit', space })).data;
    expect([toSpace.level, toSpace.space.id]).toEqual(['edit', space]);
    const refused = async (p: Promise<unknown>, field: string, code = 400) => {
      const r = await failure(p);
      expect(r.code).toBe(code);
      expect(r.message).toContain(field);
    };
    await refused(gb.orgs.createOrganizationInvite(org, { level: 'read', collection: 'some-collection' }), '/body/collection', 404);
    await refused(gb.orgs.createOrganizationInvite(org, { role: 'read', space }), '/body/role');
    expect((await gb.orgs.listOrganizationInviteLinks(org)).data.items).toEqual([]);

    const link = (await gb.orgs.createOrganizationInvite(org, { role: 'read' })).data;
    await refused(gb.orgs.updateOrganizationInviteById(org, link.id, { level: 'admin' }), '/body/level');
    await refused(gb.orgs.updateOrganizationInviteById(org, toSpace.id, { role: 'admin' }), '/body/role');
    expect((await gb.orgs.getOrganizationInviteLink(org, link.id)).data.role).toBe('read');
    expect((await gb.orgs.getOrganizationInviteLink(org, toSpace.id)).data.level).toBe('edit');
    // `role` stays required for a link to the organization.
    const none = await failure(gb.orgs.createOrganizationInvite(org, {}));
    expect([none.code, none.message.includes('/body/role')]).toEqual([400, true]);
  });
});

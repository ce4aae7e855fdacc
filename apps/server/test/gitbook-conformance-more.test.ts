// Conformance with GitBook itself, the rest: every GitBook operation Bindery serves that test/gitbook-conformance.test.ts
// does not assert it drives (its seed list and BEYOND_SEEDS) is driven here through GitBook's official client
// (`@gitbook/api`, unchanged; its own `request` where it has no method), with success and typical errors (404 unknown
// id, 400 bad field, 403 reader), and every answer is checked against the response schema of the same route in
// GitBook's own OpenAPI description (test/support/gitbook-spec.ts). The last test fails when a served GitBook
// operation is driven by neither file (docs/gitbook-conformance.md).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { GitBookAPI } from '@gitbook/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDueJobs } from '../src/jobs/index.js';
import { jobHandlers } from '../src/jobs/handlers.js';
import { JOB_TYPES } from '../src/jobs/types.js';
import { randomString } from '../src/lib/ids.js';
import { loadBundledSpec, specOperations } from '../src/http/spec.js';
import { notImplementedYet } from '../src/http/operations.js';
import { handlerTable } from '../src/routes/index.js';
import { useGitServer, WorkingCopy } from '../src/testing/git-server.js';
import { createUser, useTestServer, type TestUser } from '../src/testing/index.js';
import { GitBookSpec, routeKey, type Deviation } from './support/gitbook-spec.js';
import { BEYOND_SEEDS, conformanceChecker, ORGANIZATION_DEVIATIONS, SEED_OPERATIONS } from './support/gitbook-coverage.js';
import { failure } from './support/gitbook-client.js';

/** The seed wins on output (docs/gitbook-conformance.md): the deviations of test/gitbook-conformance.test.ts this file meets. */
const DEVIATIONS: Deviation[] = ORGANIZATION_DEVIATIONS;
const gitbookSpec = new GitBookSpec({ deviations: DEVIATIONS, removed: {} });
const server = useTestServer();

/** The GitBook operations answered with a success that passed the check (`covered`), over the whole file. */
const { recorder, covered, expectConformant } = conformanceChecker(gitbookSpec);

// The client's declarations do not resolve under NodeNext: its namespaces are used untyped (the runtime is the real client).
type Gb = any;
const gitbook = (user?: TestUser): Gb => new GitBookAPI({ endpoint: server.url, authToken: user?.token, serviceBinding: recorder });

async function tenant(name = 'Owner') {
  const owner = await createUser(server, name);
  const gb = gitbook(owner);
  const org = (await gb.orgs.createOrganization({ title: `More ${randomString(5)}` })).data;
  return { owner, gb, org: org.id as string };
}

async function withRole(gb: Gb, org: string, role: string, name = role) {
  const user = await createUser(server, name);
  expect((await gb.orgs.inviteUsersToOrganization(org, { emails: [user.email], role })).status).toBe(200);
  return { user, gb: gitbook(user) };
}

async function edit(owner: TestUser, base: string, edits: unknown[]) {
  const r = await server.api(owner.token).post(`${base}/content/edits`, { edits });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.revision as string;
}

async function runJobs(...types: string[]) {
  const handlers = Object.fromEntries(types.map((t) => [t, jobHandlers[t]!]));
  for (let round = 0; round < 10; round++) {
    const r = await runDueJobs(server.ctx, { handlers, limit: 50 });
    if (r.done + r.failed === 0) return;
  }
}

/** A web server for embeds and imports. */
let web: Server;
let webUrl = '';
const git = useGitServer();
const pages = new Map<string, { type: string; body: string }>();
beforeAll(async () => {
  web = createServer((req, res) => {
    const f = pages.get(req.url ?? '');
    res.statusCode = f ? 200 : 404;
    res.setHeader('content-type', f?.type ?? 'text/plain');
    res.end(f?.body ?? 'not found');
  });
  await new Promise<void>((r) => web.listen(0, '127.0.0.1', r));
  webUrl = `http://127.0.0.1:${(web.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((r) => web?.close(r));
});

describe('@gitbook/api against Bindery, the rest of the served operations', () => {
  it('the API, users, organizations, invites, spaces and the subdomain', async () => {
    const { owner, gb, org } = await tenant();
    const info = await gitbook().getApiInformation();
    expect(info.status).toBe(200);
    expect((await gb.user.getAuthenticatedUser()).data.id).toBe(owner.id);
    expect((await gb.users.getUserById(owner.id)).data).toMatchObject({ object: 'user', id: owner.id });
    expect((await failure(gb.users.getUserById('no-such-user'))).code).toBe(404);
    expect((await failure(gitbook().user.getAuthenticatedUser())).code).toBe(401);
    const created = await gb.orgs.createOrganization({ title: 'Another org' });
    expect([created.status, created.data.title]).toEqual([201, 'Another org']);
    expect((await failure(gb.orgs.createOrganization({ title: '' }))).code).toBe(400);

    const { user: reader, gb: rd } = await withRole(gb, org, 'read', 'Reader');
    expect((await failure(rd.orgs.inviteUsersToOrganization(org, { emails: ['x@example.com'], role: 'edit' }))).code).toBe(403);
    expect((await failure(gb.orgs.inviteUsersToOrganization(org, { emails: ['not an email'], role: 'edit' }))).code).toBe(400);
    await gb.orgs.updateOrganizationById(org, { inviteLinks: true, hostname: `more-${randomString(6).toLowerCase()}` });
    const link = await gb.orgs.createOrganizationInvite(org, { role: 'edit' });
    expect(link.status).toBe(201);
    expect((await gb.orgs.listOrganizationInviteLinks(org)).data.items.map((i: any) => i.id)).toEqual([link.data.id]);
    expect((await failure(rd.orgs.createOrganizationInvite(org, { role: 'edit' }))).code).toBe(403);
    expect((await failure(gb.orgs.createOrganizationInvite(org, { role: 'emperor' }))).code).toBe(400);
    expect((await failure(rd.orgs.listOrganizationInviteLinks(org))).code).toBe(403);
    const joiner = await createUser(server, 'Joiner');
    const joined = await gitbook(joiner).orgs.joinOrganizationWithInvite(org, link.data.id);
    expect(joined.status).toBe(200);
    expect((await gb.orgs.getMemberInOrganizationById(org, joiner.id)).data.role).toBe('edit');
    expect((await failure(gitbook(await createUser(server, 'Late')).orgs.joinOrganizationWithInvite(org, 'no-such-invite'))).code).toBe(404);

    const space = await gb.orgs.createSpace(org, { title: 'Guide' });
    expect([space.status, space.data.title]).toEqual([201, 'Guide']);
    expect((await failure(gb.orgs.createSpace(org, { title: 'x'.repeat(51) }))).code).toBe(400);
    expect((await failure(rd.orgs.createSpace(org, { title: 'Mine' }))).code).toBe(403);
    expect((await gb.orgs.listSpacesInOrganizationById(org, { limit: 5 })).data.items.map((s: any) => s.id)).toEqual([space.data.id]);
    const collection = (await gb.orgs.createCollection(org, { title: 'Shelf' })).data;
    expect((await gb.spaces.inviteToSpace(space.data.id, { role: 'edit', users: [reader.id] })).status).toBe(204);
    expect((await gb.collections.inviteToCollection(collection.id, { role: 'comment', users: [reader.id] })).status).toBe(204);
    expect((await failure(gb.spaces.inviteToSpace(space.data.id, { role: 'bogus', users: [reader.id] }))).code).toBe(400);
    expect((await failure(gb.collections.inviteToCollection('no-such-collection', { role: 'edit', users: [reader.id] }))).code).toBe(404);

    const hostname = (await gb.orgs.getOrganizationById(org)).data.hostname;
    expect((await gb.subdomains.getSubdomain(hostname)).data).toMatchObject({ subdomain: hostname });
    expect((await failure(gb.subdomains.getSubdomain(`none-${randomString(8).toLowerCase()}`))).code).toBe(404);
    expectConformant();
  });

  it('change requests: reviews, requested reviewers, replies in a change request, a revision, a page by path', async () => {
    const { owner, gb, org } = await tenant();
    const { user: reviewer, gb: rv } = await withRole(gb, org, 'review', 'Reviewer');
    const { gb: rd } = await withRole(gb, org, 'read', 'Reader');
    const space = (await gb.orgs.createSpace(org, { title: 'Reviewed' })).data;
    const revision = await edit(owner, `/v1/spaces/${space.id}`, [
      { op: 'createPage', page: { id: 'page-group', title: 'Guides', type: 'group' } },
      { op: 'createPage', page: { id: 'page-start', title: 'Start', parent: 'page-group', markdown: 'Start.\n' } },
    ]);
    expect((await gb.spaces.getRevisionById(space.id, revision)).data.id).toBe(revision);
    expect((await gb.spaces.getRevisionById(space.id, revision, { metadata: true, computed: false })).data.pages[0].pages[0].id).toBe('page-start');
    expect((await gb.spaces.getPageByPath(space.id, 'guides', { format: 'document', metadata: true })).data.type).toBe('group');
    expect((await failure(gb.spaces.getRevisionById(space.id, 'no-such-revision'))).code).toBe(404);
    expect((await gb.spaces.getPageByPath(space.id, 'guides/start', { format: 'markdown' })).data.markdown).toBe('Start.\n');
    expect((await failure(gb.spaces.getPageByPath(space.id, 'guides/nowhere'))).code).toBe(404);

    const cr = (await gb.spaces.createChangeRequest(space.id, { subject: 'Review me' })).data;
    await edit(owner, `/v1/spaces/${space.id}/change-requests/${cr.id}`, [{ op: 'updatePage', pageId: 'page-start', page: { markdown: 'Started.\n' } }]);
    expect((await gb.spaces.requestReviewersForChangeRequest(space.id, cr.id, { users: [reviewer.id] })).status).toBe(200);
    expect((await gb.spaces.getRequestedReviewersByChangeRequestId(space.id, cr.id)).data.items.map((r: any) => r.user?.id ?? r.id)).toEqual([reviewer.id]);
    expect((await failure(gb.spaces.requestReviewersForChangeRequest(space.id, cr.id, { users: 'nope' }))).code).toBe(400);
    expect((await failure(rd.spaces.requestReviewersForChangeRequest(space.id, cr.id, { users: [reviewer.id] }))).code).toBe(403);
    const review = await rv.spaces.submitChangeRequestReview(space.id, cr.id, { status: 'approved' });
    expect([review.status, review.data.status]).toEqual([201, 'approved']);
    expect((await failure(rv.spaces.submitChangeRequestReview(space.id, cr.id, { status: 'maybe' }))).code).toBe(400);
    expect((await gb.spaces.getReviewsByChangeRequestId(space.id, cr.id)).data.items.map((r: any) => r.id)).toEqual([review.data.id]);
    expect((await gb.spaces.getChangeRequestReviewById(space.id, cr.id, review.data.id)).data.id).toBe(review.data.id);
    expect((await failure(gb.spaces.getChangeRequestReviewById(space.id, cr.id, 'no-such-review'))).code).toBe(404);
    const { user: second } = await withRole(gb, org, 'review', 'Second');
    await gb.spaces.requestReviewersForChangeRequest(space.id, cr.id, { users: [second.id] });
    expect((await gb.spaces.removeRequestedReviewerFromChangeRequest(space.id, cr.id, second.id)).status).toBe(204);
    expect((await failure(rd.spaces.removeRequestedReviewerFromChangeRequest(space.id, cr.id, reviewer.id))).code).toBe(403);

    const comment = (await gb.spaces.postCommentInSpace(space.id, { body: { markdown: 'Hi' } })).data;
    await rv.spaces.postCommentReplyInSpace(space.id, comment.id, { body: { markdown: 'Hello' } });
    expect((await gb.spaces.listCommentRepliesInSpace(space.id, comment.id, { format: 'markdown' })).data.items.map((r: any) => r.body.markdown)).toEqual(['Hello']);
    expect((await failure(gb.spaces.listCommentRepliesInSpace(space.id, 'no-such-comment'))).code).toBe(404);
    const crComment = (await gb.spaces.postCommentInChangeRequest(space.id, cr.id, { body: { markdown: 'Check' } })).data;
    const reply = (await rv.spaces.postCommentReplyInChangeRequest(space.id, cr.id, crComment.id, { body: { markdown: 'Done' } })).data;
    expect((await rv.spaces.updateCommentReplyInChangeRequest(space.id, cr.id, crComment.id, reply.id, { body: { markdown: 'Done!' } })).data.id).toBe(reply.id);
    expect((await gb.spaces.getCommentReplyInChangeRequest(space.id, cr.id, crComment.id, reply.id, { format: 'markdown' })).data.body.markdown).toBe('Done!');
    expect((await failure(gb.spaces.updateCommentReplyInChangeRequest(space.id, cr.id, crComment.id, reply.id, { body: { markdown: 'Not mine' } }))).code).toBe(403);
    expect((await failure(rv.spaces.updateCommentReplyInChangeRequest(space.id, cr.id, crComment.id, 'no-such-reply', { body: { markdown: 'x' } }))).code).toBe(404);
    expect((await rv.spaces.deleteCommentReplyInChangeRequest(space.id, cr.id, crComment.id, reply.id)).status).toBe(204);
    expectConformant();
  });

  it('embeds of a URL and reusable contents (from a Git import) in the space, a revision and a change request', async () => {
    const { owner, gb, org } = await tenant();
    const { gb: outsider } = { gb: gitbook(await createUser(server, 'Outsider')) };
    pages.set('/page', { type: 'text/html', body: '<html><head><title>A page of ours</title><link rel="icon" href="/icon.png"><link rel="alternate" type="application/json+oembed" href="/oembed"></head><body>Hi</body></html>' });
    pages.set('/oembed', { type: 'application/json', body: JSON.stringify({ type: 'rich', version: '1.0', title: 'Rich one', provider_name: 'Ours', html: '<div>hi</div>' }) });
    pages.set('/plain', { type: 'text/html', body: '<html><head><title>Plain</title></head></html>' });
    const space = (await gb.orgs.createSpace(org, { title: 'Embedded' })).data;
    expect((await gb.urls.getEmbedByUrl({ url: `${webUrl}/page` })).data).toMatchObject({ type: 'rich', title: 'Rich one', html: '<div>hi</div>' });
    expect((await gb.urls.getEmbedByUrl({ url: `${webUrl}/plain` })).data).toMatchObject({ type: 'link', title: 'Plain' });
    expect((await gb.urls.getEmbedByUrl({ url: `${webUrl}/missing` })).data.type).toBe('link');
    expect((await gb.spaces.getEmbedByUrlInSpace(space.id, { url: `${webUrl}/plain` })).data.title).toBe('Plain');
    expect((await failure(gb.urls.getEmbedByUrl({ url: 'not a url' }))).code).toBe(400);
    expect((await failure(outsider.spaces.getEmbedByUrlInSpace(space.id, { url: `${webUrl}/page` }))).code).toBe(404);

    git.createRepo('more.git');
    const wc = new WorkingCopy(git.repoUrl('more.git'));
    wc.write('README.md', '# Welcome\n\n{% include ".gitbook/includes/note.md" %}\n').write('.gitbook/includes/note.md', '---\ntitle: A note\n---\n\nShared words.\n').commit('Docs');
    wc.push();
    expect((await gb.spaces.importGitRepository(space.id, { url: git.repoUrl('more.git'), ref: 'refs/heads/main' })).status).toBe(204);
    await runJobs(JOB_TYPES.gitSync);
    const content = (await server.api(owner.token).get(`/v1/spaces/${space.id}/content`)).body;
    const rc = content.reusableContents[0];
    expect(rc, JSON.stringify(content.reusableContents)).toBeDefined();
    expect((await gb.spaces.getReusableContentById(space.id, rc.id)).data.id).toBe(rc.id);
    expect((await gb.spaces.getReusableContentInRevisionById(space.id, content.id, rc.id)).data.id).toBe(rc.id);
    expect(JSON.stringify((await gb.spaces.getReusableContentDocumentInRevisionById(space.id, content.id, rc.id)).data)).toContain('Shared words.');
    const cr = (await gb.spaces.createChangeRequest(space.id, { subject: 'Shared' })).data;
    expect((await gb.spaces.getReusableContentInChangeRequestById(space.id, cr.id, rc.id)).data.id).toBe(rc.id);
    expect((await failure(gb.spaces.getReusableContentById(space.id, 'no-such-content'))).code).toBe(404);
    expect((await failure(gb.spaces.getReusableContentInRevisionById(space.id, content.id, 'no-such-content'))).code).toBe(404);
    expect((await failure(gb.spaces.getReusableContentDocumentInRevisionById(space.id, 'no-such-revision', rc.id))).code).toBe(404);
    expect((await failure(gb.spaces.getReusableContentInChangeRequestById(space.id, '999', rc.id))).code).toBe(404);
    expectConformant();
  });

  it('integration installations: read, configured, a token, its spaces and sites, uninstalled; development mode off; a render by POST', async () => {
    const { gb, org } = await tenant();
    const { gb: rd } = await withRole(gb, org, 'read', 'Reader');
    const space = (await gb.orgs.createSpace(org, { title: 'Integrated' })).data;
    const site = (await gb.orgs.createSite(org, { title: 'Integrated site', spaces: [space.id] })).data;
    const name = `more-${randomString(6).toLowerCase()}`;
    await gb.integrations.publishIntegration(name, {
      runtime: 'v1', organization: org, title: 'More app', description: 'More', visibility: 'private', target: 'all', scopes: ['space:content:read', 'site:metadata:read'],
      blocks: [{ id: 'hello', title: 'Hello' }],
      configurations: { account: { properties: { key: { type: 'string', title: 'Key' } }, required: [] }, space: { properties: { tag: { type: 'string', title: 'Tag' } }, required: [] }, site: { properties: { tag: { type: 'string', title: 'Tag' } }, required: [] } },
      script: 'export default { async fetch() { return Response.json({ type: "element", element: { type: "block", children: [] }, state: {}, props: {} }); } };',
    });
    const inst = (await gb.integrations.installIntegration(name, { organization: org })).data;
    expect((await gb.integrations.getIntegrationInstallationById(name, inst.id)).data.id).toBe(inst.id);
    expect((await failure(gb.integrations.getIntegrationInstallationById(name, 'no-such-installation'))).code).toBe(404);
    expect((await gb.integrations.updateIntegrationInstallation(name, inst.id, { configuration: { key: 'k1' } })).data.configuration).toEqual({ key: 'k1' });
    expect((await failure(gb.integrations.updateIntegrationInstallation(name, inst.id, { configuration: 'nope' }))).code).toBe(400);
    const token = (await gb.integrations.createIntegrationInstallationToken(name, inst.id)).data;
    expect(typeof token.token).toBe('string');
    expect((await failure(gb.integrations.createIntegrationInstallationToken(name, 'no-such-installation'))).code).toBe(404);

    await gb.integrations.installIntegrationOnSpace(name, inst.id, { space: space.id });
    await gb.integrations.installIntegrationOnSite(name, inst.id, { site: site.id });
    expect((await gb.integrations.listIntegrationInstallationSpaces(name, inst.id)).data.items.map((s: any) => s.space)).toEqual([space.id]);
    expect((await gb.integrations.listIntegrationInstallationSpaces(name, inst.id, { extended: true })).data.items.map((s: any) => s.space.id)).toEqual([space.id]);
    expect((await gb.integrations.getIntegrationSpaceInstallation(name, inst.id, space.id, { extended: true })).data.space.id).toBe(space.id);
    expect((await gb.integrations.listIntegrationInstallationSites(name, inst.id, { extended: true })).data.items.map((s: any) => s.site.id)).toEqual([site.id]);
    expect((await gb.integrations.getIntegrationSiteInstallation(name, inst.id, site.id, { extended: true })).data.site.id).toBe(site.id);
    expect((await gb.integrations.getIntegrationSpaceInstallation(name, inst.id, space.id)).data.space).toBe(space.id);
    expect((await gb.integrations.updateIntegrationSpaceInstallation(name, inst.id, space.id, { configuration: { tag: 't' } })).data.configuration).toEqual({ tag: 't' });
    expect((await failure(gb.integrations.getIntegrationSpaceInstallation(name, inst.id, 'no-such-space'))).code).toBe(404);
    expect((await gb.integrations.listIntegrationInstallationSites(name, inst.id)).data.items.map((s: any) => s.site)).toEqual([site.id]);
    expect((await gb.integrations.getIntegrationSiteInstallation(name, inst.id, site.id)).data.site).toBe(site.id);
    expect((await gb.integrations.updateIntegrationSiteInstallation(name, inst.id, site.id, { configuration: { tag: 's' } })).data.configuration).toEqual({ tag: 's' });
    expect((await failure(gb.integrations.getIntegrationSiteInstallation(name, inst.id, 'no-such-site'))).code).toBe(404);

    const rendered = await gb.request({ path: `/integrations/${name}/render`, method: 'POST', body: { componentId: 'hello', props: {}, context: { type: 'document', spaceId: space.id, editable: false, theme: 'light' } }, secure: true, type: 'application/json', format: 'json' });
    expect(rendered.data.type).toBe('element');
    expect((await failure(gb.request({ path: `/integrations/${name}/render`, method: 'POST', body: { props: {} }, secure: true, type: 'application/json', format: 'json' }))).code).toBe(400);

    expect((await gb.integrations.setIntegrationDevelopmentMode(name, { tunnelUrl: 'https://tunnel.example.com/x' })).status).toBeLessThan(300);
    expect((await gb.integrations.disableIntegrationDevelopmentMode(name)).status).toBe(205);
    expect((await failure(gb.integrations.disableIntegrationDevelopmentMode('no-such-integration-x'))).code).toBe(404);

    // A reader, who cannot see the installation, deletes nothing (an idempotent delete of what they cannot see).
    expect((await rd.integrations.uninstallIntegrationFromSpace(name, inst.id, space.id)).status).toBe(204);
    expect((await gb.integrations.getIntegrationSpaceInstallation(name, inst.id, space.id)).data.space).toBe(space.id);
    expect((await gb.integrations.uninstallIntegrationFromSpace(name, inst.id, space.id)).status).toBe(204);
    expect((await gb.integrations.uninstallIntegrationFromSite(name, inst.id, site.id)).status).toBe(204);
    expect((await gb.integrations.uninstallIntegration(name, inst.id)).status).toBe(204);
    expect((await failure(gb.integrations.getIntegrationInstallationById(name, inst.id))).code).toBe(404);
    expectConformant();
  });

  it('OpenAPI spec versions: listed, the latest and one by id, with their contents', async () => {
    const { gb, org } = await tenant();
    const { gb: stranger } = { gb: gitbook(await createUser(server, 'Stranger')) };
    const text = JSON.stringify({ openapi: '3.1.0', info: { title: 'Pets', version: '1' }, paths: { '/pets': { get: { summary: 'List pets', responses: { 200: { description: 'ok' } } } } } });
    await gb.orgs.createOpenApiSpec(org, { slug: 'pets', source: { text } });
    expect((await failure(gb.orgs.getLatestOpenApiSpecVersion(org, 'pets'))).code).toBe(404);
    await runJobs(JOB_TYPES.processOpenAPISpec);
    const versions = (await gb.orgs.listOpenApiSpecVersions(org, 'pets')).data.items;
    expect(versions).toHaveLength(1);
    expect((await gb.orgs.getLatestOpenApiSpecVersion(org, 'pets')).data.id).toBe(versions[0].id);
    expect((await gb.orgs.getLatestOpenApiSpecVersionContent(org, 'pets')).data).toBeTruthy();
    expect((await gb.orgs.getLatestOpenApiSpecVersionContentRaw(org, 'pets')).data.format).toBe('json');
    expect((await gb.orgs.getOpenApiSpecVersionById(org, 'pets', versions[0].id)).data.id).toBe(versions[0].id);
    expect((await gb.orgs.getOpenApiSpecVersionContentById(org, 'pets', versions[0].id)).data).toBeTruthy();
    expect((await failure(gb.orgs.getOpenApiSpecVersionById(org, 'pets', 'no-such-version'))).code).toBe(404);
    expect((await failure(gb.orgs.getOpenApiSpecVersionContentById(org, 'pets', 'no-such-version'))).code).toBe(404);
    expect((await failure(gb.orgs.listOpenApiSpecVersions(org, 'no-such-spec'))).code).toBe(404);
    expect((await failure(gb.orgs.getLatestOpenApiSpecVersionContentRaw(org, 'no-such-spec'))).code).toBe(404);
    expect((await failure(stranger.orgs.getLatestOpenApiSpecVersionContent(org, 'pets'))).code).toBe(404);
    expectConformant();
  });

  it('import runs: started, listed, read, cancelled', async () => {
    const { gb, org } = await tenant();
    const { gb: rd } = await withRole(gb, org, 'read', 'Reader');
    pages.set('/guide.md', { type: 'text/markdown', body: '# Guide\n\nImported words.\n' });
    const space = (await gb.orgs.createSpace(org, { title: 'Imported' })).data;
    const started = await gb.org.startImportRun(org, { source: { type: 'file', files: [`${webUrl}/guide.md`] }, target: { space: space.id } });
    expect([started.status, started.data.status]).toEqual([201, 'pending']);
    const second = (await gb.org.startImportRun(org, { source: { type: 'file', files: [`${webUrl}/guide.md`] }, target: { space: space.id } })).data;
    expect((await failure(gb.org.startImportRun(org, { source: { type: 'nope' }, target: { space: space.id } }))).code).toBe(400);
    expect((await failure(rd.org.startImportRun(org, { source: { type: 'file', files: [`${webUrl}/guide.md`] }, target: { space: space.id } }))).code).toBe(403);
    const cancelled = await gb.org.cancelImportRun(org, second.id);
    expect(cancelled.status).toBeLessThan(300);
    await runJobs(JOB_TYPES.importContent);
    expect((await gb.org.getImportRun(org, started.data.id)).data.status).toBe('completed');
    expect((await gb.org.listImportRuns(org)).data.items.map((r: any) => r.id).sort()).toEqual([started.data.id, second.id].sort());
    expect((await failure(gb.org.getImportRun(org, 'no-such-run'))).code).toBe(404);
    const firstPage = (await gb.org.listImportRuns(org, { limit: 1 })).data;
    expect([firstPage.items.length, Boolean(firstPage.next?.page)]).toEqual([1, true]);
    expect((await failure(gb.org.startImportRun(org, { source: { type: 'file', files: [`${webUrl}/guide.md`] }, target: { space: 'no-such-space' } }))).code).toBe(404);
    expect((await failure(gb.org.cancelImportRun(org, started.data.id))).code).toBeGreaterThanOrEqual(400);
    expectConformant();
  });

  it('sites: unpublished; the customization and a site space\'s override', async () => {
    const { gb, org } = await tenant();
    const { gb: rd } = await withRole(gb, org, 'read', 'Reader');
    const space = (await gb.orgs.createSpace(org, { title: 'Site space' })).data;
    const site = (await gb.orgs.createSite(org, { title: 'Custom', spaces: [space.id] })).data;
    await gb.orgs.publishSite(org, site.id);
    expect((await gb.orgs.unpublishSite(org, site.id)).data.published).toBe(false);
    expect((await failure(rd.orgs.unpublishSite(org, site.id))).code).toBe(403);
    expect((await failure(gb.orgs.unpublishSite(org, 'no-such-site'))).code).toBe(404);
    const custom = (await gb.orgs.getSiteCustomizationById(org, site.id)).data;
    expect((await gb.orgs.updateSiteCustomizationById(org, site.id, { ...custom, title: 'Ours' })).data.title).toBe('Ours');
    expect((await failure(gb.orgs.updateSiteCustomizationById(org, site.id, { ...custom, styling: { ...custom.styling, font: 42 } }))).code).toBe(400);
    expect((await failure(rd.orgs.updateSiteCustomizationById(org, site.id, custom))).code).toBe(403);
    const siteSpace = (await gb.orgs.listSiteSpaces(org, site.id)).data.items[0];
    expect((await gb.orgs.overrideSiteSpaceCustomizationById(org, site.id, siteSpace.id, { announcement: { enabled: true, message: 'Hello', style: 'info' } })).data.announcement.message).toBe('Hello');
    expect((await gb.orgs.getSiteSpaceCustomizationById(org, site.id, siteSpace.id)).data.announcement.message).toBe('Hello');
    expect((await failure(gb.orgs.getSiteSpaceCustomizationById(org, site.id, 'no-such-site-space'))).code).toBe(404);
    expect((await gb.orgs.deleteSiteSpaceCustomizationById(org, site.id, siteSpace.id)).status).toBe(204);
    expectConformant();
  });
});

/** The GitBook operations Bindery serves (method and path, as `pnpm routes` counts them). */
function servedGitBookOperations(): string[] {
  const spec = loadBundledSpec();
  const ours = new Set(specOperations(spec).filter((o) => handlerTable[o.operationId as keyof typeof handlerTable] !== notImplementedYet).map((o) => routeKey(o.method, o.path)));
  const gitbookDoc = JSON.parse(readFileSync(createRequire(import.meta.url).resolve('@gitbook/api/spec/openapi.json'), 'utf8')) as { paths: Record<string, Record<string, unknown>> };
  const methods = new Set(['get', 'put', 'post', 'patch', 'delete']);
  return Object.entries(gitbookDoc.paths).flatMap(([path, item]) => Object.keys(item).filter((m) => methods.has(m)).map((m) => routeKey(m, path))).filter((k) => ours.has(k));
}

/** What test/gitbook-conformance.test.ts asserts it drives: the seed operations and its BEYOND_SEEDS list. */
const drivenByTheOtherFile = () => new Set([...SEED_OPERATIONS, ...BEYOND_SEEDS]);

describe('GitBook coverage', () => {
  it('drives every served GitBook operation that test/gitbook-conformance.test.ts does not', () => {
    const other = drivenByTheOtherFile();
    const served = servedGitBookOperations();
    expect(served.length).toBeGreaterThan(280);
    const undriven = served.filter((k) => !other.has(k) && !covered.has(k));
    expect(undriven, undriven.join('\n')).toEqual([]);
  });
});

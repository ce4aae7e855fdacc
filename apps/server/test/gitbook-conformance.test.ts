// Conformance with GitBook itself: GitBook's official client (`@gitbook/api`, unchanged) drives every seed operation
// (/work/shared/reference/seed-operations.txt, 143 of them) against Bindery, area by area, and every answer it gets
// is checked against the response schema of the same route in GitBook's own OpenAPI description, the one the
// package ships (`@gitbook/api/spec/openapi.json`, read at test time): required fields present, GitBook's types,
// enums and formats, documented statuses, `{"error":{"code","message"}}` on errors, `Location` on 201s.
//
// Where the seed states something GitBook's spec does not, the seed wins: those differences are listed in
// DEVIATIONS (and in docs/gitbook-conformance.md, with the reason), the check accepts exactly them, and the last test
// fails when one of them is no longer exercised. The operations GitBook removed from its API after 0.130.0 but the
// seed keeps (space transfer, content import, links and backlinks, the legacy Git installation, sections of a
// section group) are called through the client's own `request` and checked against 0.130.0's shapes (REMOVED).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import { GitBookAPI } from '@gitbook/api';
import LZString from 'lz-string';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDueJobs } from '../src/jobs/index.js';
import { jobHandlers } from '../src/jobs/handlers.js';
import { JOB_TYPES } from '../src/jobs/types.js';
import { randomString } from '../src/lib/ids.js';
import { useGitServer } from '../src/testing/git-server.js';
import { createUser, useTestServer, type TestUser } from '../src/testing/index.js';
import { makeIdpKeys } from './support/saml-idp.js';
import { GitBookSpec, type Deviation } from './support/gitbook-spec.js';
import { BEYOND_SEEDS, conformanceChecker, ORGANIZATION_DEVIATIONS, SEED_OPERATIONS } from './support/gitbook-coverage.js';
import { failure } from './support/gitbook-client.js';

/** What the seed states and GitBook's spec does not: the seed wins on output (docs/gitbook-conformance.md). */
const DEVIATIONS: Deviation[] = [
  ...ORGANIZATION_DEVIATIONS,
  {
    at: '/components/schemas/OrganizationSAMLProvider/properties/ssoURL',
    accept: { anyOf: [{ $ref: '#/components/schemas/URL' }, { const: '' }] },
    reason: 'A provider created with only a label (Part 2 lets every other field be set later) is `pending` and has no sign-on URL yet: the required field is an empty string.',
  },
  {
    at: '/components/schemas/GitSyncState/properties/installationProvider',
    accept: { $ref: '#/components/schemas/GitSyncProvider' },
    optional: 'installationProvider',
    reason: 'Bindery syncs any Git server over smart HTTP: a repository that is on neither GitHub nor GitLab, synced without `gitInfo.provider`, has no provider GitBook\'s enum could name.',
  },
  {
    at: '/components/schemas/IntegrationEvent/properties/status',
    accept: { enum: ['success', 'failed', 'pending'] },
    reason: 'Bindery records an event when it happens and delivers it through the job queue: until delivered (or while a retry waits) it is `pending`; GitBook lists dispatched events only.',
  },
];

const list = (items: unknown) => ({ allOf: [{ $ref: '#/components/schemas/List' }, { type: 'object', required: ['items'], properties: { items: { type: 'array', items } } }] });
/** 0.130.0's ContentLocation, the seed's shape: ids, where 0.202.0 embeds the objects. */
const versionContext = { anyOf: [
  { type: 'object', required: ['type', 'revision'], properties: { type: { const: 'revision' }, revision: { type: 'string' } } },
  { type: 'object', required: ['type', 'changeRequest'], properties: { type: { const: 'changeRequest' }, changeRequest: { type: 'string' } } },
] };
const located = (kind: string) => ({ type: 'object', required: ['kind', 'organization', 'space', kind], properties: {
  kind: { const: kind }, organization: { type: 'string' }, space: { type: 'string' }, versionContext, [kind]: { type: 'string' },
} });
const contentLocation = { anyOf: [located('page'), located('file'), { type: 'object', required: ['kind', 'url'], properties: { kind: { const: 'url' }, url: { type: 'string', format: 'uri' } } }] };
const backlinks = list(contentLocation);
const linkList = {
  allOf: [
    list({ type: 'object', required: ['status', 'relation', 'locationReferences'], properties: {
      status: { enum: ['ok', 'broken', 'in-app'] }, relation: { enum: ['reference', 'dependsOn'] },
      targetReference: contentLocation, locationReferences: { type: 'array', items: contentLocation },
    } }),
    { type: 'object', required: ['stats'], properties: { stats: { type: 'object', required: ['total', 'broken'], properties: {
      total: { type: 'number' }, broken: { type: 'object', required: ['total'], properties: { total: { type: 'number' }, changeRequest: { type: 'number' } } },
    } } } },
  ],
};
const imported = { type: 'object', required: ['revision', 'importedResources', 'totalResources'], properties: { revision: { type: 'string' }, importedResources: { type: 'number' }, totalResources: { type: 'number' } } };
/** The seed operations GitBook's API had until 0.130.0-0.181.0 and removed since, with 0.130.0's answers. */
const REMOVED: Record<string, Record<string, unknown>> = {
  'POST /spaces/{spaceId}/transfer': { 200: { $ref: '#/components/schemas/Space' } },
  'GET /spaces/{spaceId}/links': { 200: linkList },
  'POST /spaces/{spaceId}/content/import': { 201: imported },
  'GET /spaces/{spaceId}/content/files/{fileId}/backlinks': { 200: backlinks },
  'GET /spaces/{spaceId}/content/page/{pageId}/links': { 200: linkList },
  'POST /spaces/{spaceId}/change-requests/{changeRequestId}/content/import': { 201: imported },
  'GET /spaces/{spaceId}/change-requests/{changeRequestId}/content/files/{fileId}/backlinks': { 200: backlinks },
  'GET /spaces/{spaceId}/change-requests/{changeRequestId}/content/page/{pageId}/links': { 200: linkList },
  'GET /spaces/{spaceId}/change-requests/{changeRequestId}/content/page/{pageId}/backlinks': { 200: backlinks },
  'DELETE /spaces/{spaceId}/git/legacy-installation': { 204: null },
  'POST /orgs/{organizationId}/sites/{siteId}/section-groups/{siteSectionGroupId}/sections': { 201: { $ref: '#/components/schemas/SiteSectionGroup' } },
  'DELETE /orgs/{organizationId}/sites/{siteId}/section-groups/{siteSectionGroupId}/sections/{siteSectionId}': { 204: null },
};

const gitbookSpec = new GitBookSpec({ deviations: DEVIATIONS, removed: REMOVED });
const server = useTestServer({ translationProvider: 'libretranslate', translationLoopback: true, integrationTimeoutMs: 5_000, integrationMemoryMb: 32 });

/** The seed operations answered with a success that passed the check (`covered`), over the whole file. */
const { recorder, covered, expectConformant } = conformanceChecker(gitbookSpec);

// The client's declarations use extensionless relative imports that NodeNext resolution cannot follow; its
// namespaces are used untyped here (the runtime is the real client).
type Gb = any;
const gitbook = (user?: TestUser): Gb => new GitBookAPI({ endpoint: server.url, authToken: user?.token, serviceBinding: recorder });

/** A call GitBook's client has no method for any more (REMOVED): through the client's own `request`. */
const legacy = (gb: Gb, method: string, path: string, opts: { body?: unknown; query?: Record<string, unknown>; json?: boolean } = {}) =>
  gb.request({ path, method, body: opts.body, query: opts.query, secure: true, type: 'application/json', ...(opts.json === false ? {} : { format: 'json' }) });

/** The ids this file created: jobs that are not of them (another server's, another test's) are left alone. */
const mine = new Set<string>();
async function runJobs(...types: string[]) {
  const handlers = Object.fromEntries(types.map((type) => [type, async (ctx: any, payload: unknown, job: any) => {
    // A Git Sync job names its operation: the operation names the space.
    const op = (payload as { operationId?: string }).operationId;
    const owner = op ? (await server.ctx.db.selectFrom('git_sync_operations').select('space_id').where('id', '=', op).executeTakeFirst())?.space_id : undefined;
    const text = JSON.stringify(payload) + (owner ?? '');
    if (![...mine].some((id) => text.includes(id))) return { retryAt: ctx.clock.now() };
    return jobHandlers[type]!(ctx, payload as never, job);
  }]));
  for (let round = 0; round < 20; round++) {
    const r = await runDueJobs(server.ctx, { handlers, limit: 50 });
    if (r.done + r.failed === 0) return;
  }
}

/** A file server for imports and OpenAPI sources, and a LibreTranslate-compatible translator. */
let files: Server;
let filesUrl = '';
const git = useGitServer();
const served = new Map<string, { type: string; body: string }>();
beforeAll(async () => {
  files = createServer((req, res) => {
    let data = '';
    req.on('data', (c) => (data += c));
    req.on('end', () => {
      if (req.url === '/translate') {
        const body = JSON.parse(data || '{}');
        res.setHeader('content-type', 'application/json');
        return res.end(JSON.stringify({ translatedText: (body.q as string[]).map((t) => `[${body.target}] ${t}`) }));
      }
      const f = served.get(req.url ?? '');
      res.statusCode = f ? 200 : 404;
      res.setHeader('content-type', f?.type ?? 'text/plain');
      res.end(f?.body ?? 'not found');
    });
  });
  await new Promise<void>((r) => files.listen(0, '127.0.0.1', r));
  filesUrl = `http://127.0.0.1:${(files.address() as AddressInfo).port}`;
  server.ctx.config.translationUrl = filesUrl;
});
afterAll(async () => {
  await new Promise((r) => files?.close(r));
});

/** A user, their client, and an organization they administer. */
async function tenant(name = 'Owner') {
  const owner = await createUser(server, name);
  const gb = gitbook(owner);
  const org = (await gb.orgs.createOrganization({ title: `Conformance ${randomString(5)}` })).data;
  mine.add(org.id);
  return { owner, gb, org: org.id as string };
}

/** Adds `user` with `role` through GitBook's invite call. */
async function invite(gb: Gb, org: string, user: TestUser, role: string) {
  expect((await gb.orgs.inviteUsersToOrganization(org, { emails: [user.email], role })).status).toBe(200);
}

/** Bindery's content editing (an extension GitBook has no public endpoint for), outside the GitBook check. */
async function edit(owner: TestUser, base: string, edits: unknown[]) {
  const r = await server.api(owner.token).post(`${base}/content/edits`, { edits });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body;
}

describe('@gitbook/api against Bindery, checked by GitBook\'s own OpenAPI description', () => {
  it('organizations, members, invites, teams: pagination, errors and the calls a directory sync makes', async () => {
    const { owner, gb, org } = await tenant();
    const mate = await createUser(server, 'Mate');
    const second = (await gb.orgs.createOrganization({ title: 'Second org' })).data;
    mine.add(second.id);

    expect((await gb.user.getAuthenticatedUser()).data.id).toBe(owner.id);
    const firstPage = (await gb.orgs.listOrganizationsForAuthenticatedUser({ limit: 1 })).data;
    expect(firstPage.items).toHaveLength(1);
    expect(firstPage.count).toBe(2);
    const nextPage = (await gb.orgs.listOrganizationsForAuthenticatedUser({ limit: 1, page: firstPage.next.page })).data;
    expect(nextPage.next).toBeUndefined();
    expect([...firstPage.items, ...nextPage.items].map((o: any) => o.id).sort()).toEqual([org, second.id].sort());

    const domain = `conf-${randomString(6).toLowerCase()}.example`;
    const hostname = `conf-${randomString(6).toLowerCase()}`;
    const updated = (await gb.orgs.updateOrganizationById(org, {
      title: 'Conformance Inc', emailDomains: [domain], hostname, defaultRole: 'read', inviteLinks: true, mergeRules: { type: 'none' }, ai: false,
    })).data;
    expect(updated).toMatchObject({ title: 'Conformance Inc', emailDomains: [domain], hostname, defaultRole: 'read', inviteLinks: true });
    expect((await gb.orgs.getOrganizationById(org)).data.title).toBe('Conformance Inc');
    expect((await gb.subdomains.getSubdomain(hostname)).data).toMatchObject({ object: 'subdomain', subdomain: hostname, target: { type: 'organization', organization: org } });

    await invite(gb, org, mate, 'edit');
    const linkInvite = (await gb.orgs.createOrganizationInvite(org, { role: 'read' })).data;
    expect((await gb.orgs.listOrganizationInviteLinks(org)).data.items.map((i: any) => i.id)).toContain(linkInvite.id);
    expect((await gb.orgs.deleteOrganizationInviteById(org, linkInvite.id)).status).toBe(204);
    expect((await gb.orgs.deleteOrganizationInviteById(org, linkInvite.id)).status).toBe(204);

    // A user of the organization's email domain joins it on their own.
    const admin = server.api(server.adminToken);
    const joinerUser = (await admin.post('/v1/users', { email: `ada@${domain}`, displayName: 'Ada' })).body;
    const joiner = { id: joinerUser.id, email: `ada@${domain}`, token: (await admin.post(`/v1/users/${joinerUser.id}/tokens`, { label: 'x' })).body.token };
    expect((await gitbook(joiner).emailDomains.getOrganizationsForEmailDomain(domain)).data.organizations.map((o: any) => o.id)).toEqual([org]);
    expect((await gitbook(joiner).orgs.joinOrganization(org)).status).toBe(204);

    const members = (await gb.orgs.listMembersInOrganizationById(org, { limit: 2, order: 'asc', sort: 'joinedAt' })).data;
    expect(members.items.map((m: any) => m.id)).toEqual([owner.id, mate.id]);
    expect(members.count).toBe(3);
    const rest = (await gb.orgs.listMembersInOrganizationById(org, { limit: 2, order: 'asc', sort: 'joinedAt', page: members.next.page })).data;
    expect(rest.items.map((m: any) => m.id)).toEqual([joiner.id]);
    expect((await gb.orgs.listMembersInOrganizationById(org, { role: 'edit', search: 'mate' })).data.items.map((m: any) => m.id)).toEqual([mate.id]);
    expect((await gb.orgs.getMemberInOrganizationById(org, mate.id)).data.role).toBe('edit');
    expect((await gb.orgs.updateMemberInOrganizationById(org, mate.id, { role: 'review' })).data.role).toBe('review');
    expect((await gb.orgs.updateMemberInOrganizationById(org, mate.id, {})).data.role).toBe('review');
    const claims = (await gitbook(mate).orgs.updateOrganizationMemberLastSeenAt(org)).data;
    expect(claims.serviceVisitorClaims.split('.')).toHaveLength(3);

    const team = (await gb.orgs.createOrganizationTeam(org, { title: 'Writers', members: [mate.id] })).data;
    expect(team).toMatchObject({ object: 'team', title: 'Writers', members: 1 });
    expect((await gb.orgs.listTeamsInOrganizationById(org, { title: 'writ' })).data.items.map((t: any) => t.id)).toEqual([team.id]);
    expect((await gb.orgs.getTeamInOrganizationById(org, team.id)).data.title).toBe('Writers');
    expect((await gb.orgs.updateTeamInOrganizationById(org, team.id, { title: 'Authors' })).data.title).toBe('Authors');
    expect((await gb.orgs.updateMembersInOrganizationTeam(org, team.id, { add: [joiner.email], remove: [mate.id], memberships: {} })).status).toBe(204);
    expect((await gb.orgs.addMemberToOrganizationTeamById(org, team.id, mate.id, { role: 'owner' })).status).toBe(204);
    const teamMembers = (await gb.orgs.listTeamMembersInOrganizationById(org, team.id, { limit: 1 })).data;
    expect(teamMembers.count).toBe(2);
    expect(teamMembers.next.page).toBeTruthy();
    expect((await gb.orgs.listTeamsInOrganizationById(org, { owner: mate.id })).data.items.map((t: any) => t.id)).toEqual([team.id]);
    expect((await gb.orgs.listTeamsForOrganizationMember(org, mate.id)).data.items).toMatchObject([{ team: { id: team.id }, member: { role: 'owner' } }]);
    expect((await gb.orgs.deleteMemberFromOrganizationTeamById(org, team.id, joiner.id)).status).toBe(204);
    expect((await gb.orgs.deleteMemberFromOrganizationTeamById(org, team.id, joiner.id)).status).toBe(204);

    const space = (await gb.orgs.createSpace(org, { title: 'Team space' })).data;
    mine.add(space.id);
    expect((await gb.spaces.inviteToSpace(space.id, { role: 'edit', teams: [team.id] })).status).toBe(204);
    expect((await gb.orgs.listSpacesForOrganizationMember(org, mate.id, { order: 'asc' })).data.items).toMatchObject([{ permission: 'edit', space: { id: space.id } }]);
    expect((await gb.orgs.removeTeamFromOrganizationById(org, team.id)).status).toBe(204);
    expect((await gb.orgs.removeTeamFromOrganizationById(org, team.id)).status).toBe(204);

    // Errors the client surfaces: 401 without a token, 404 for what one may not see, 403 for what one may not do,
    // 409 for the last admin, 400 naming the field.
    expect((await failure(gitbook().orgs.getOrganizationById(org))).code).toBe(401);
    expect((await failure(gitbook(await createUser(server, 'Stranger')).orgs.getOrganizationById(org))).code).toBe(404);
    expect((await failure(gitbook(mate).orgs.updateOrganizationById(org, { title: 'Mine now' }))).code).toBe(403);
    const lastAdmin = await failure(gb.orgs.updateMemberInOrganizationById(org, owner.id, { role: 'read' }));
    expect(lastAdmin.code).toBe(409);
    const bad = await failure(gb.orgs.updateOrganizationById(org, { title: 'x' }));
    expect([bad.code, bad.errorMessage]).toEqual([400, expect.stringContaining('/body/title')]);

    expect((await gb.orgs.removeMemberFromOrganizationById(org, joiner.id)).status).toBe(204);
    expect((await gb.orgs.removeMemberFromOrganizationById(org, joiner.id)).status).toBe(204);
    expectConformant();
  });

  it('spaces, collections and permissions: create, move, transfer, duplicate, delete and restore', async () => {
    const { owner, gb, org } = await tenant();
    const other = (await gb.orgs.createOrganization({ title: 'Target org' })).data;
    mine.add(other.id);
    const reader = await createUser(server, 'Reader');
    await invite(gb, org, reader, 'read');

    const guides = (await gb.orgs.createCollection(org, { title: 'Guides' })).data;
    const nested = (await gb.orgs.createCollection(org, { title: 'Nested', parent: guides.id })).data;
    expect((await gb.orgs.listCollectionsInOrganizationById(org, { nested: false })).data.items.map((c: any) => c.id)).toEqual([guides.id]);
    expect((await gb.orgs.listCollectionsInOrganizationById(org)).data.count).toBe(2);
    expect((await gb.collections.getCollectionById(nested.id)).data.parent).toBe(guides.id);
    const patched = (await gb.collections.updateCollectionById(guides.id, { title: 'User guides', description: 'For users', defaultLevel: 'comment' })).data;
    expect(patched).toMatchObject({ title: 'User guides', description: 'For users', defaultLevel: 'comment' });
    expect((await gb.collections.inviteToCollection(guides.id, { role: 'edit', users: [reader.id] })).status).toBe(204);

    const a = (await gb.orgs.createSpace(org, { title: 'Alpha', parent: guides.id, emoji: '1f4d8' })).data;
    const b = (await gb.orgs.createSpace(org, { title: 'Beta', parent: guides.id })).data;
    [a, b].forEach((s) => mine.add(s.id));
    expect((await gb.collections.listSpacesInCollectionById(guides.id, { limit: 1 })).data.next.page).toBeTruthy();
    const space = (await gb.spaces.updateSpaceById(a.id, { title: 'Alpha docs', editMode: 'live', defaultLevel: 'inherit', language: 'fr', mergeRules: { type: 'inherit' } })).data;
    expect(space).toMatchObject({ title: 'Alpha docs', language: 'fr', defaultLevel: 'comment', visibility: 'in-collection' });
    expect((await gb.spaces.getSpaceById(a.id)).data.permissions.admin).toBe(true);
    expect((await gitbook(reader).spaces.getSpaceById(a.id)).data.permissions).toMatchObject({ admin: false, edit: true });
    const moved = (await gb.spaces.moveSpace(b.id, { parent: guides.id, position: { before: { type: 'space', space: a.id } } })).data;
    expect(moved.parent).toBe(guides.id);
    expect((await gb.spaces.moveSpace(b.id, { parent: null })).data.parent).toBeUndefined();
    expect((await gb.collections.moveCollection(nested.id, { parent: null })).data.parent).toBeUndefined();
    const copy = await gb.spaces.duplicateSpace(a.id);
    expect(copy.status).toBe(201);
    mine.add(copy.data.id);
    expect((await gb.orgs.listSpacesInOrganizationById(org, { limit: 1 })).data.next.page).toBeTruthy();

    const transferred = (await legacy(gb, 'POST', `/spaces/${copy.data.id}/transfer`, { body: { organization: other.id } })).data;
    expect(transferred.organization).toBe(other.id);
    expect((await gb.collections.transferCollection(nested.id, { organization: other.id })).data.organization).toBe(other.id);

    expect((await gb.spaces.deleteSpaceById(b.id)).status).toBe(204);
    expect((await gb.spaces.getSpaceById(b.id)).data.deletedAt).toBeDefined();
    expect((await gb.spaces.restoreSpace(b.id)).data.deletedAt).toBeUndefined();
    expect((await gb.collections.deleteCollectionById(nested.id)).status).toBe(204);
    expect((await gb.collections.deleteCollectionById(nested.id)).status).toBe(204);

    const tooLong = await failure(gb.spaces.updateSpaceById(a.id, { title: 'x'.repeat(51) }));
    expect([tooLong.code, tooLong.errorMessage]).toEqual([400, expect.stringContaining('/body/title')]);
    expect((await failure(gitbook(reader).spaces.deleteSpaceById(a.id))).code).toBe(403);
    expect((await failure(gb.spaces.getSpaceById('nope'))).code).toBe(404);
    void owner;
    expectConformant();
  });
});

describe('@gitbook/api against Bindery: content, change requests, discussions, Git', () => {
  it('content reads: revision, pages, files, links, backlinks, search, import, templates, on the space and in a change request', async () => {
    const { owner, gb, org } = await tenant();
    const space = (await gb.orgs.createSpace(org, { title: 'Handbook' })).data;
    mine.add(space.id);
    const applied = await gb.spaces.applyTemplateToSpace(space.id, { id: 'product-docs' });
    expect(applied.status).toBe(201);
    const upload = await server.api(owner.token).request('POST', `/v1/spaces/${space.id}/content/files?name=diagram.svg`, '<svg xmlns="http://www.w3.org/2000/svg" width="4" height="3"/>', { 'content-type': 'image/svg+xml' });
    expect(upload.status).toBe(201);
    const fileId = upload.body.id as string;
    await edit(owner, `/v1/spaces/${space.id}`, [
      { op: 'createPage', page: { id: 'page-install', title: 'Install widgets', markdown: `# Install\n\nRun \`make widget\`.\n\n![diagram](/files/${fileId})\n\n[gone](/pages/page-missing)\n` } },
      { op: 'createPage', page: { id: 'page-usage', title: 'Usage', markdown: 'See [install](/pages/page-install).\n' } },
    ]);

    const revision = (await gb.spaces.getCurrentRevision(space.id, { metadata: true, computed: true })).data;
    expect(revision).toMatchObject({ object: 'revision', type: expect.any(String) });
    expect((await gb.spaces.getRevisionById(space.id, revision.id)).data.id).toBe(revision.id);
    const pages = (await gb.spaces.listPages(space.id, { metadata: false })).data.pages;
    expect(pages.map((p: any) => p.title)).toContain('Install widgets');
    const files = (await gb.spaces.listFiles(space.id, { limit: 1 })).data;
    expect(files.items[0]).toMatchObject({ id: fileId, name: 'diagram.svg' });
    expect((await gb.spaces.getFileById(space.id, fileId)).data.contentType).toBe('image/svg+xml');
    const page = (await gb.spaces.getPageById(space.id, 'page-install', { format: 'markdown' })).data;
    expect(page.markdown).toContain('make widget');
    expect((await gb.spaces.getPageById(space.id, 'page-install', { format: 'document', evaluated: true })).data.document.object).toBe('document');
    // GitBook's other page parameters are accepted.
    const spelled = (await gb.spaces.getPageById(space.id, 'page-install', { format: 'markdown', 'format.markdown.refs': 'stable', evaluated: 'deterministic-only', dereferenced: 'reusable-contents' })).data;
    expect(spelled.markdown).toBe(page.markdown);
    expect((await gb.spaces.getPageByPath(space.id, page.path)).data.id).toBe('page-install');
    const backlinks = (await legacy(gb, 'GET', `/spaces/${space.id}/content/files/${fileId}/backlinks`, { query: { limit: 10 } })).data;
    expect(backlinks.items.map((l: any) => l.page)).toEqual(['page-install']);
    const links = (await legacy(gb, 'GET', `/spaces/${space.id}/links`, { query: { status: 'broken' } })).data;
    expect(links.items).toHaveLength(1);
    expect(links.stats.broken.total).toBe(1);
    expect((await legacy(gb, 'GET', `/spaces/${space.id}/content/page/page-install/links`)).data.stats.total).toBeGreaterThan(0);
    const hits = (await gb.spaces.searchSpaceContent(space.id, { query: 'widget', limit: 5 })).data;
    expect(hits.items.map((h: any) => h.id)).toContain('page-install');
    expect((await gb.orgs.searchOrganizationContent(org, { query: 'widget' })).data.items).toMatchObject([{ id: space.id }]);
    served.set('/notes.md', { type: 'text/markdown', body: '# Release notes\n\nVersion 2 is out.\n' });
    const imported = await legacy(gb, 'POST', `/spaces/${space.id}/content/import`, { body: { url: `${filesUrl}/notes.md`, source: 'markdown' } });
    expect([imported.status, imported.data.importedResources]).toEqual([201, 1]);

    // The same reads in a change request, which changes one page and links it to the file.
    const cr = (await gb.spaces.createChangeRequest(space.id, { subject: 'Rework usage' })).data;
    await edit(owner, `/v1/spaces/${space.id}/change-requests/${cr.id}`, [
      { op: 'updatePage', pageId: 'page-usage', page: { markdown: `See [install](/pages/page-install) and ![d](/files/${fileId}).\n` } },
    ]);
    expect((await gb.spaces.getRevisionOfChangeRequestById(space.id, cr.id)).data.id).not.toBe(revision.id);
    expect((await gb.spaces.listPagesInChangeRequest(space.id, cr.id)).data.pages.length).toBeGreaterThan(0);
    expect((await gb.spaces.listFilesInChangeRequestById(space.id, cr.id)).data.items.map((f: any) => f.id)).toEqual([fileId]);
    expect((await gb.spaces.getFileInChangeRequestById(space.id, cr.number, fileId)).data.id).toBe(fileId);
    expect((await gb.spaces.getPageInChangeRequestById(space.id, cr.id, 'page-usage', { format: 'markdown' })).data.markdown).toContain('/files/');
    const crBack = (await legacy(gb, 'GET', `/spaces/${space.id}/change-requests/${cr.id}/content/files/${fileId}/backlinks`)).data;
    expect(crBack.items.map((l: any) => l.page).sort()).toEqual(['page-install', 'page-usage']);
    expect((await legacy(gb, 'GET', `/spaces/${space.id}/change-requests/${cr.id}/content/page/page-usage/links`)).data.items.length).toBe(2);
    expect((await legacy(gb, 'GET', `/spaces/${space.id}/change-requests/${cr.id}/content/page/page-install/backlinks`)).data.items.map((l: any) => l.page)).toEqual(['page-usage']);
    const crImport = await legacy(gb, 'POST', `/spaces/${space.id}/change-requests/${cr.id}/content/import`, { body: { url: `${filesUrl}/notes.md`, source: 'markdown' } });
    expect(crImport.status).toBe(201);

    expect((await failure(gb.spaces.getPageById(space.id, 'page-nope'))).code).toBe(404);
    const longQuery = await failure(gb.spaces.searchSpaceContent(space.id, { query: 'x'.repeat(513) }));
    expect([longQuery.code, longQuery.errorMessage]).toEqual([400, expect.stringContaining('/query/query')]);
    expectConformant();
  });

  it('change requests, reviews and comments with replies and reactions, on the space and in a change request', async () => {
    const { owner, gb, org } = await tenant();
    const reviewer = await createUser(server, 'Reviewer');
    await invite(gb, org, reviewer, 'review');
    const rv = gitbook(reviewer);
    const space = (await gb.orgs.createSpace(org, { title: 'Specs' })).data;
    mine.add(space.id);
    await edit(owner, `/v1/spaces/${space.id}`, [{ op: 'createPage', page: { id: 'page-intro', title: 'Intro', markdown: 'Hello.\n' } }]);

    const cr = (await gb.spaces.createChangeRequest(space.id, { subject: 'Better intro' })).data;
    expect(cr).toMatchObject({ object: 'change-request', number: 1, status: 'draft' });
    await edit(owner, `/v1/spaces/${space.id}/change-requests/${cr.id}`, [{ op: 'updatePage', pageId: 'page-intro', page: { markdown: 'Hello, world.\n' } }]);
    const description = { object: 'document', data: { schemaVersion: 1 }, nodes: [{ object: 'block', type: 'paragraph', isVoid: false, data: {}, nodes: [{ object: 'text', leaves: [{ object: 'leaf', text: 'Why', marks: [] }] }] }] };
    expect((await gb.spaces.updateChangeRequestById(space.id, cr.id, { subject: 'A better intro', description, status: 'open' })).data.status).toBe('open');
    expect((await gb.spaces.getChangeRequestById(space.id, '1')).data.id).toBe(cr.id);
    expect((await gb.spaces.listChangeRequestsForSpace(space.id, { status: 'open', creator: owner.id, limit: 10 })).data.items.map((c: any) => c.id)).toEqual([cr.id]);
    expect((await gb.orgs.listChangeRequestsForOrganization(org, { status: 'open', contributor: owner.id })).data.count).toBe(1);
    expect((await gb.spaces.requestReviewersForChangeRequest(space.id, cr.id, { users: [reviewer.id] })).data.users).toHaveLength(1);
    expect((await gb.spaces.getRequestedReviewersByChangeRequestId(space.id, cr.id)).data.items).toHaveLength(1);
    expect((await gb.spaces.listChangeRequestsForSpace(space.id, { requestedReviewer: reviewer.id })).data.items.map((c: any) => c.id)).toEqual([cr.id]);
    expect((await gb.spaces.listChangeRequestsForSpace(space.id, { requestedReviewer: owner.id })).data.items).toEqual([]);
    const review = (await rv.spaces.submitChangeRequestReview(space.id, cr.id, { status: 'approved', comment: { markdown: 'LGTM' } })).data;
    expect(review.status).toBe('approved');
    expect((await gb.spaces.getReviewsByChangeRequestId(space.id, cr.id, { format: 'markdown' })).data.items).toHaveLength(1);
    expect((await gb.spaces.getChangeRequestReviewById(space.id, cr.id, review.id)).data.id).toBe(review.id);
    // GitBook's filters and orders of the lists: a requested reviewer, the creation order, several statuses, a space;
    // site topics and style guide runs do not exist in Bindery, so nothing matches them.
    const second = (await gb.spaces.createChangeRequest(space.id, { subject: 'Second' })).data;
    expect((await gb.spaces.listChangeRequestsForSpace(space.id, { status: 'draft', orderBy: 'createdAt' })).data.items.map((c: any) => c.id)).toEqual([second.id]);
    expect((await gb.spaces.listChangeRequestsForSpace(space.id, { topic: 'pricing' })).data).toMatchObject({ items: [], count: 0 });
    expect((await gb.orgs.listChangeRequestsForOrganization(org, { status: ['open', 'draft'], space: space.id, orderBy: 'createdAt' })).data.items.map((c: any) => c.id)).toEqual([second.id, cr.id]);
    expect((await gb.orgs.listChangeRequestsForOrganization(org, { status: ['draft'], styleguideRun: 'run-1', finding: 'all' })).data.count).toBe(0);
    expect((await gb.spaces.removeRequestedReviewerFromChangeRequest(space.id, cr.id, reviewer.id)).status).toBe(204);

    // Comments on the space: a page comment, filters, resolve with reactions, replies.
    const comment = (await gb.spaces.postCommentInSpace(space.id, { page: 'page-intro', body: { markdown: 'Is this **right**?' } })).data;
    expect(comment.target.page.id).toBe('page-intro');
    const listed = (await gb.spaces.listCommentsInSpace(space.id, { status: 'open', order: 'asc', targetPage: 'page-intro', authors: [owner.id], format: 'markdown', limit: 1 })).data;
    expect(listed.items.map((c: any) => c.id)).toEqual([comment.id]);
    expect((await gb.spaces.getCommentInSpace(space.id, comment.id, { format: 'document' })).data.body.document.object).toBe('document');
    const resolved = (await rv.spaces.updateCommentInSpace(space.id, comment.id, { resolved: true, addedReactions: ['👍'] })).data;
    expect(resolved).toMatchObject({ status: 'resolved', resolvedBy: { id: reviewer.id }, reactions: [{ emoji: '👍', count: 1 }] });
    const reply = (await rv.spaces.postCommentReplyInSpace(space.id, comment.id, { body: { markdown: 'Yes.' } })).data;
    expect((await gb.spaces.getCommentReplyInSpace(space.id, comment.id, reply.id, { format: 'markdown' })).data.body.markdown).toBe('Yes.');
    expect((await rv.spaces.updateCommentReplyInSpace(space.id, comment.id, reply.id, { body: { markdown: 'Yes!' }, addedReactions: ['🎉'] })).data.body.markdown).toBe('Yes!');
    expect((await gb.spaces.listCommentRepliesInSpace(space.id, comment.id)).data.items).toHaveLength(1);
    expect((await failure(gb.spaces.updateCommentReplyInSpace(space.id, comment.id, reply.id, { body: { markdown: 'Not mine' } }))).code).toBe(403);
    expect((await gb.spaces.deleteCommentReplyInSpace(space.id, comment.id, reply.id)).status).toBe(204);
    expect((await gb.spaces.deleteCommentReplyInSpace(space.id, comment.id, reply.id)).status).toBe(204);
    expect((await gb.spaces.deleteCommentInSpace(space.id, comment.id)).status).toBe(204);
    expect((await gb.spaces.deleteCommentInSpace(space.id, comment.id)).status).toBe(204);

    // Comments in the change request, addressed by its number too.
    const crComment = (await gb.spaces.postCommentInChangeRequest(space.id, cr.id, { body: { markdown: 'One more thing' } })).data;
    expect(crComment.target.changeRequest).toBe(cr.id);
    expect((await gb.spaces.listCommentsInChangeRequest(space.id, String(cr.number), { status: 'all' })).data.items).toHaveLength(2);
    expect((await gb.spaces.getCommentInChangeRequest(space.id, cr.id, crComment.id)).data.id).toBe(crComment.id);
    expect((await gb.spaces.updateCommentInChangeRequest(space.id, cr.id, crComment.id, { body: { markdown: 'Two more things' } })).data.body.markdown).toBe('Two more things');
    const crReply = (await rv.spaces.postCommentReplyInChangeRequest(space.id, cr.id, crComment.id, { body: { markdown: 'Done' } }, { format: 'markdown' })).data;
    expect((await gb.spaces.listCommentRepliesInChangeRequest(space.id, cr.id, crComment.id, { format: 'markdown' })).data.items.map((r: any) => r.id)).toEqual([crReply.id]);
    expect((await gb.spaces.getCommentReplyInChangeRequest(space.id, cr.id, crComment.id, crReply.id)).data.id).toBe(crReply.id);
    expect((await rv.spaces.updateCommentReplyInChangeRequest(space.id, cr.id, crComment.id, crReply.id, { removedReactions: ['🎉'] })).data.id).toBe(crReply.id);
    expect((await rv.spaces.deleteCommentReplyInChangeRequest(space.id, cr.id, crComment.id, crReply.id)).status).toBe(204);
    expect((await gb.spaces.deleteCommentInChangeRequest(space.id, cr.id, crComment.id)).status).toBe(204);

    // Update from main (main moved on), the PDF, merge.
    await edit(owner, `/v1/spaces/${space.id}`, [{ op: 'createPage', page: { id: 'page-more', title: 'More', markdown: 'More.\n' } }]);
    expect((await gb.spaces.getChangeRequestById(space.id, cr.id)).data.outdated).toBe(true);
    expect((await gb.spaces.updateChangeRequest(space.id, cr.id)).data.result).toBe('update');
    const pdf = (await gb.spaces.getChangeRequestPdf(space.id, cr.id, { page: 'page-intro' })).data;
    expect(pdf.url).toMatch(/^http/);
    const merged = (await gb.spaces.mergeChangeRequest(space.id, cr.id)).data;
    expect(merged.result).toBe('merge');
    expect((await gb.spaces.getChangeRequestById(space.id, cr.id)).data).toMatchObject({ status: 'merged', revisionMerged: merged.revision });

    expect((await failure(gb.spaces.getChangeRequestById(space.id, '99'))).code).toBe(404);
    expect((await failure(rv.spaces.updateSpaceById(space.id, { title: 'Nope' }))).code).toBe(403);
    expectConformant();
  });

  it('Git Sync: export to a repository, import it back, the space\'s git info, the legacy installation', async () => {
    const { gb, org, owner } = await tenant();
    const space = (await gb.orgs.createSpace(org, { title: 'Synced' })).data;
    mine.add(space.id);
    await edit(owner, `/v1/spaces/${space.id}`, [{ op: 'createPage', page: { id: 'page-readme', title: 'Readme', markdown: 'Synced text.\n' } }]);
    git.createRepo('conformance.git');
    const url = git.repoUrl('conformance.git');
    expect((await gb.spaces.exportToGitRepository(space.id, { url, ref: 'refs/heads/main', commitMessage: 'From Bindery', standalone: false, timestamp: new Date().toISOString(), gitInfo: { provider: 'github', url: 'https://example.com/acme/docs' } })).status).toBe(204);
    await runJobs(JOB_TYPES.gitSync);
    const info = (await gb.spaces.getSpaceGitInfo(space.id)).data;
    expect(info, JSON.stringify(info)).toMatchObject({ installationId: space.id, installationStatus: 'active', installationProvider: 'github', operation: { state: 'success', direction: 'export' } });
    expect((await gb.spaces.importGitRepository(space.id, { url, ref: 'refs/heads/main', repoTreeURL: 'https://example.com/tree', repoCommitURL: 'https://example.com/commit', force: true, standalone: false })).status).toBe(204);
    await runJobs(JOB_TYPES.gitSync);
    // The import does not say its provider: the one of the same repository is kept.
    expect((await gb.spaces.getSpaceGitInfo(space.id)).data).toMatchObject({ installationProvider: 'github', operation: { state: 'success', direction: 'import' } });
    // A repository on a host that is neither GitHub nor GitLab, without gitInfo: no provider GitBook could name.
    const other = (await gb.orgs.createSpace(org, { title: 'Elsewhere' })).data;
    mine.add(other.id);
    git.createRepo('elsewhere.git');
    expect((await gb.spaces.exportToGitRepository(other.id, { url: git.repoUrl('elsewhere.git'), ref: 'refs/heads/main', commitMessage: 'First' })).status).toBe(204);
    expect((await gb.spaces.getSpaceGitInfo(other.id)).data.installationProvider).toBeUndefined();
    await runJobs(JOB_TYPES.gitSync);
    expect((await legacy(gb, 'DELETE', `/spaces/${space.id}/git/legacy-installation`, { json: false })).status).toBe(204);
    expect((await failure(gb.spaces.getSpaceGitInfo(space.id))).code).toBe(404);
    const badRef = await failure(gb.spaces.importGitRepository(space.id, { url, ref: 'main' }));
    expect([badRef.code, badRef.errorMessage]).toEqual([400, expect.stringContaining('/body/ref')]);
    expectConformant();
  });
});

describe('@gitbook/api against Bindery: sites, OpenAPI, integrations, SSO, translations', () => {
  it('sites: site spaces, sections, section groups, adaptive schema, customization, publishing, the published profile', async () => {
    const { gb, org } = await tenant();
    const [guide, api, blog] = await Promise.all(['Guide', 'API', 'Blog'].map(async (title) => (await gb.orgs.createSpace(org, { title })).data));
    [guide, api, blog].forEach((s: any) => mine.add(s.id));
    const site = (await gb.orgs.createSite(org, { title: 'Docs', visibility: 'share-link', spaces: [guide.id] })).data;
    mine.add(site.id);
    expect(site).toMatchObject({ object: 'site', type: 'basic', published: false, siteSpaces: 1 });
    expect((await gb.orgs.listSites(org, { published: false, title: 'Doc', type: ['basic'], space: guide.id })).data.items.map((s: any) => s.id)).toEqual([site.id]);
    expect((await gb.orgs.getSiteById(org, site.id)).data.title).toBe('Docs');
    const updated = (await gb.orgs.updateSiteById(org, site.id, { title: 'Product docs', basename: 'product', adaptiveContent: { enabled: true }, agentsContext: 'included', proxy: 'example.com/docs' })).data;
    expect(updated).toMatchObject({ title: 'Product docs', basename: 'product', proxy: { origin: 'example.com/docs' } });
    expect((await gb.orgs.updateSiteById(org, site.id, { proxy: null })).data.proxy).toBeUndefined();

    expect((await failure(gb.orgs.getSiteAdaptiveSchema(org, site.id))).code).toBe(404);
    const jsonSchema = {
      type: 'object', additionalProperties: false,
      properties: {
        beta: { type: 'boolean', description: 'Beta tester' },
        unsigned: { type: 'object', description: 'Unsigned claims of the site visitor.', properties: { plan: { type: 'boolean', description: 'Paying customer' } }, additionalProperties: false },
      },
    };
    expect((await gb.orgs.updateSiteAdaptiveSchema(org, site.id, { jsonSchema })).data.jsonSchema).toEqual(jsonSchema);
    expect((await gb.orgs.getSiteAdaptiveSchema(org, site.id)).data.jsonSchema).toEqual(jsonSchema);
    expect((await gb.orgs.listSiteAdaptiveTemplateConditions(org, site.id)).data.items.map((i: any) => i.condition)).toContain('visitor.claims.beta === true');

    // Site spaces at the root, then sections.
    const blogSpace = await gb.orgs.addSpaceToSite(org, site.id, { spaceId: blog.id });
    expect(blogSpace.status).toBe(201);
    const siteSpaces = (await gb.orgs.listSiteSpaces(org, site.id, { default: false })).data.items;
    expect(siteSpaces.map((s: any) => s.id)).toEqual([blogSpace.data.id]);
    expect((await gb.orgs.updateSiteSpaceById(org, site.id, blogSpace.data.id, { path: 'news', condition: 'visitor.claims.beta === true' })).data).toMatchObject({ path: 'news', condition: 'visitor.claims.beta === true' });
    expect((await gb.orgs.updateSiteSpaceById(org, site.id, blogSpace.data.id, { condition: null })).data.condition).toBeUndefined();
    const guideSiteSpace = (await gb.orgs.listSiteSpaces(org, site.id, { default: true })).data.items[0];
    expect((await gb.orgs.moveSiteSpace(org, site.id, blogSpace.data.id, { position: { before: { type: 'site-space', siteSpace: guideSiteSpace.id } } })).data.id).toBe(blogSpace.data.id);
    const custom = (await gb.orgs.getSiteCustomizationById(org, site.id)).data;
    expect((await gb.orgs.updateSiteCustomizationById(org, site.id, { ...custom, title: 'Our docs' })).data.title).toBe('Our docs');
    expect((await gb.orgs.overrideSiteSpaceCustomizationById(org, site.id, blogSpace.data.id, { announcement: { enabled: true, message: 'News!', style: 'info' } })).data.announcement.message).toBe('News!');
    expect((await gb.orgs.getSiteSpaceCustomizationById(org, site.id, blogSpace.data.id)).data.announcement.message).toBe('News!');
    expect((await gb.orgs.deleteSiteSpaceCustomizationById(org, site.id, blogSpace.data.id)).status).toBe(204);
    expect((await gb.orgs.deleteSiteSpaceById(org, site.id, blogSpace.data.id)).status).toBe(204);
    expect((await gb.orgs.deleteSiteSpaceById(org, site.id, blogSpace.data.id)).status).toBe(204);

    const apiSection = (await gb.orgs.addSectionToSite(org, site.id, { spaceId: api.id, title: 'API', icon: 'code' })).data;
    expect(apiSection).toMatchObject({ object: 'site-section', title: 'API' });
    const sections = (await gb.orgs.listSiteSections(org, site.id, { limit: 1 })).data;
    expect(sections.count).toBe(2);
    expect((await gb.orgs.updateSiteSectionById(org, site.id, apiSection.id, { title: 'API reference', description: 'Endpoints', condition: 'visitor.claims.beta === true' })).data.title).toBe('API reference');
    const first = sections.items[0].id === apiSection.id ? sections.items[0] : (await gb.orgs.listSiteSections(org, site.id)).data.items.find((s: any) => s.id !== apiSection.id);
    expect((await gb.orgs.moveSiteSection(org, site.id, apiSection.id, { position: { before: { type: 'site-section', siteSection: first.id } } })).data.id).toBe(apiSection.id);
    const group = await gb.orgs.addSectionGroupToSite(org, site.id, { title: 'Reference', icon: 'book', sections: [] });
    expect(group.status).toBe(201);
    expect((await gb.orgs.listSiteSectionGroups(org, site.id)).data.items.map((g: any) => g.id)).toEqual([group.data.id]);
    expect((await gb.orgs.updateSiteSectionGroupById(org, site.id, group.data.id, { title: 'References' })).data.title).toBe('References');
    const grouped = await legacy(gb, 'POST', `/orgs/${org}/sites/${site.id}/section-groups/${group.data.id}/sections`, { body: { sectionId: apiSection.id } });
    expect([grouped.status, grouped.data.children.map((c: any) => c.id)]).toEqual([201, [apiSection.id]]);
    expect((await legacy(gb, 'DELETE', `/orgs/${org}/sites/${site.id}/section-groups/${group.data.id}/sections/${apiSection.id}`, { json: false })).status).toBe(204);
    expect((await gb.orgs.deleteSiteSectionGroupById(org, site.id, group.data.id)).status).toBe(204);

    const published = (await gb.orgs.publishSite(org, site.id)).data;
    expect(published.published).toBe(true);
    const outsider = gitbook(await createUser(server, 'Visitor'));
    expect((await failure(outsider.orgs.getPublishedContentSite(org, site.id))).code).toBe(404);
    const shareKey = new URL(published.urls.published).searchParams.get('share') ?? (await server.ctx.db.selectFrom('sites').select('share_key').where('id', '=', site.id).executeTakeFirstOrThrow()).share_key;
    const profile = (await outsider.orgs.getPublishedContentSite(org, site.id, { shareKey })).data;
    expect(profile).toMatchObject({ object: 'published-content-site', site: { id: site.id }, structure: { type: 'sections' } });
    // The API section's condition hides it from a visitor without claims: the outsider lists only the other one.
    const seen = (await outsider.orgs.listSiteSections(org, site.id, { shareKey })).data;
    expect([seen.count, seen.items.length, seen.items.some((s: any) => s.id === apiSection.id)]).toEqual([1, 1, false]);
    expect((await outsider.orgs.listSiteSpaces(org, site.id, { shareKey })).data.count).toBeGreaterThan(0);
    expect((await gb.orgs.unpublishSite(org, site.id)).data.published).toBe(false);
    expect((await gb.orgs.deleteSiteSectionById(org, site.id, apiSection.id)).status).toBe(204);
    expect((await gb.orgs.deleteSiteById(org, site.id)).status).toBe(204);
    expect((await failure(gb.orgs.getSiteById(org, site.id))).code).toBe(404);
    expectConformant();
  });

  it('OpenAPI specifications: from a text and from a URL, processed, versioned, made public, deleted', async () => {
    const { gb, org } = await tenant();
    const text = JSON.stringify({ openapi: '3.1.0', info: { title: 'Pets', version: '1' }, paths: { '/pets': { get: { responses: { 200: { description: 'ok' } } } } } });
    const created = await gb.orgs.createOpenApiSpec(org, { slug: 'pets', source: { text } });
    expect([created.status, created.data.processingState]).toEqual([201, 'pending']);
    mine.add(created.data.id);
    await runJobs(JOB_TYPES.processOpenAPISpec);
    expect((await gb.orgs.getOpenApiSpecBySlug(org, 'pets')).data).toMatchObject({ processingState: 'complete', lastVersion: expect.any(String) });
    served.set('/pets.yaml', { type: 'application/yaml', body: 'openapi: 3.0.3\ninfo: {title: Pets, version: "2"}\npaths: {}\n' });
    const put = await gb.orgs.createOrUpdateOpenApiSpecBySlug(org, 'pets', { source: { url: `${filesUrl}/pets.yaml` } });
    expect(put.data.sourceURL).toBe(`${filesUrl}/pets.yaml`);
    await runJobs(JOB_TYPES.processOpenAPISpec);
    expect((await gb.orgs.listOpenApiSpecVersions(org, 'pets')).data.count).toBe(2);
    expect((await gb.orgs.getLatestOpenApiSpecVersionContentRaw(org, 'pets')).data.format).toBe('yaml');
    expect((await gb.orgs.listOpenApiSpecs(org, { limit: 10 })).data.items.map((s: any) => s.slug)).toEqual(['pets']);
    expect((await gb.orgs.updateOpenApiSpecBySlug(org, 'pets', { visibility: 'public' })).data.visibility).toBe('public');
    const badSlug = await failure(gb.orgs.createOpenApiSpec(org, { slug: 'Not A Slug', source: { text } }));
    expect([badSlug.code, badSlug.errorMessage]).toEqual([400, expect.stringContaining('/body/slug')]);
    expect((await gb.orgs.deleteOpenApiSpecBySlug(org, 'pets')).status).toBe(204);
    expect((await gb.orgs.deleteOpenApiSpecBySlug(org, 'pets')).status).toBe(204);
    expectConformant();
  });

  it('integrations: publish, list, install on the organization, a space and a site, events, development mode, unpublish', async () => {
    const { gb, org } = await tenant();
    const space = (await gb.orgs.createSpace(org, { title: 'Integrated' })).data;
    const site = (await gb.orgs.createSite(org, { title: 'Integrated site', spaces: [space.id] })).data;
    [space.id, site.id].forEach((id) => mine.add(id));
    const name = `conformance-${randomString(6).toLowerCase()}`;
    const published = (await gb.integrations.publishIntegration(name, {
      runtime: 'v1', organization: org, title: 'Conformance app', description: 'Checks things', summary: '# Conformance', visibility: 'private',
      target: 'all', scopes: ['space:content:read', 'site:metadata:read'], categories: ['analytics'], externalLinks: [{ url: 'https://example.com', label: 'Home' }],
      configurations: { account: { properties: { key: { type: 'string', title: 'Key', description: 'API key' } }, required: [] } },
      script: 'export default { async fetch() { return new Response("OK"); } };', secrets: { TOKEN: 't' },
    })).data;
    expect(published).toMatchObject({ object: 'integration', name, version: 1 });
    expect((await gb.integrations.listIntegrations({ search: 'conformance', owner: org, limit: 5 })).data.items.map((i: any) => i.name)).toEqual([name]);
    expect((await gb.integrations.getIntegrationByName(name)).data.title).toBe('Conformance app');
    const installation = (await gb.integrations.installIntegration(name, { organization: org })).data;
    expect(installation.status).toBe('active');
    expect((await gb.integrations.listIntegrationInstallations(name)).data.items.map((i: any) => i.id)).toEqual([installation.id]);
    expect((await gb.integrations.getIntegrationInstallationById(name, installation.id)).data.id).toBe(installation.id);
    expect((await gb.integrations.installIntegrationOnSpace(name, installation.id, { space: space.id })).status).toBe(201);
    expect((await gb.integrations.installIntegrationOnSite(name, installation.id, { site: site.id })).status).toBe(201);
    const spaces = (await gb.integrations.listIntegrationSpaceInstallations(name, { extended: true })).data.items;
    expect(spaces.map((s: any) => s.space.id)).toEqual([space.id]);
    expect((await gb.integrations.listIntegrationSpaceInstallations(name)).data.items.map((s: any) => s.space)).toEqual([space.id]);
    expect((await gb.integrations.listIntegrationSiteInstallations(name, { extended: false })).data.items.map((s: any) => s.site)).toEqual([site.id]);
    const events = (await gb.integrations.listIntegrationEvents(name, { limit: 10 })).data.items;
    expect(events.map((e: any) => e.payload.type)).toContain('installation_setup');
    // Recorded, then delivered to the script by the job queue.
    expect(events.map((e: any) => e.status)).toContain('pending');
    events.forEach((e: any) => mine.add(e.id));
    await runJobs(JOB_TYPES.deliverIntegrationEvent);
    const delivered = (await gb.integrations.getIntegrationEvent(name, events[0].id)).data;
    expect([delivered.event.id, delivered.event.status]).toEqual([events[0].id, 'success']);
    expect((await gb.integrations.setIntegrationDevelopmentMode(name, { tunnelUrl: 'https://tunnel.example.com/x', all: false })).status).toBe(204);
    expect((await failure(gb.integrations.setIntegrationDevelopmentMode('no-such-integration-x', { tunnelUrl: 'https://tunnel.example.com' }))).code).toBe(404);
    expect((await gb.integrations.unpublishIntegration(name)).status).toBe(204);
    expect((await failure(gb.integrations.getIntegrationByName(name))).code).toBe(404);
    expectConformant();
  });

  it('SAML providers, SSO logins and SSO members', async () => {
    const { gb, org } = await tenant();
    const member = await createUser(server, 'Sso member');
    const team = (await gb.orgs.createOrganizationTeam(org, { title: 'Engineering' })).data;
    const provider = await gb.orgs.createOrganizationSamlProvider(org, { label: 'Okta' });
    expect([provider.status, provider.data.status]).toEqual([201, 'pending']);
    const configured = (await gb.orgs.updateOrganizationSamlProvider(org, provider.data.id, {
      entityID: 'https://idp.example.test/metadata', ssoURL: 'https://idp.example.test/sso', certificate: (await makeIdpKeys('Conformance IdP')).certificate, defaultRole: 'edit', defaultTeam: team.id,
    })).data;
    expect(configured).toMatchObject({ status: 'active', defaultRole: 'edit', defaultTeam: { id: team.id } });
    expect((await gb.orgs.listSamlProvidersInOrganizationById(org)).data.items.map((p: any) => p.id)).toEqual([provider.data.id]);
    expect((await gb.orgs.getOrganizationSamlProviderById(org, provider.data.id)).data.service.acsURL).toMatch(/^http/);
    expect((await gb.orgs.listSsoProviderLoginsInOrganization(org)).data.items).toMatchObject([{ id: provider.data.id, label: 'Okta', startURL: expect.stringMatching(/^http/) }]);
    const ssoMember = (await gb.orgs.setUserAsSsoMemberForOrganization(org, member.id)).data;
    expect(ssoMember).toMatchObject({ id: member.id, sso: true });
    expect((await gb.orgs.deleteOrganizationSamlProvider(org, provider.data.id)).status).toBe(204);
    expect((await gb.orgs.deleteOrganizationSamlProvider(org, provider.data.id)).status).toBe(204);
    expect((await failure(gb.orgs.getOrganizationSamlProviderById(org, provider.data.id))).code).toBe(404);
    expectConformant();
  });

  it('translations: create, list, update, run through the provider, delete', async () => {
    const { gb, org, owner } = await tenant();
    const space = (await gb.orgs.createSpace(org, { title: 'Manual' })).data;
    mine.add(space.id);
    await edit(owner, `/v1/spaces/${space.id}`, [{ op: 'createPage', page: { id: 'page-start', title: 'Start', markdown: 'Start here.\n' } }]);
    const instructions = { object: 'document', data: { schemaVersion: 1 }, nodes: [{ object: 'block', type: 'paragraph', isVoid: false, data: {}, nodes: [{ object: 'text', leaves: [{ object: 'leaf', text: 'Formal tone', marks: [] }] }] }] };
    const created = await gb.orgs.createTranslation(org, { source: { space: space.id, language: 'en' }, language: 'fr', instructions });
    expect([created.status, created.data.status]).toEqual([201, 'pending']);
    const id = created.data.id as string;
    mine.add(id);
    expect((await gb.orgs.listTranslations(org, { limit: 5 })).data.items.map((t: any) => t.id)).toEqual([id]);
    expect((await gb.orgs.updateTranslation(org, id, { instructions })).data.id).toBe(id);
    expect((await gb.orgs.runTranslation(org, id)).status).toBe(204);
    await runJobs(JOB_TYPES.runTranslation);
    const done = (await gb.orgs.getTranslation(org, id)).data;
    expect(done).toMatchObject({ status: 'completed', stats: { runs: 1 }, result: { space: expect.any(String) } });
    expect((await gb.orgs.deleteTranslation(org, id)).status).toBe(204);
    expect((await failure(gb.orgs.getTranslation(org, id))).code).toBe(404);
    expect((await failure(gb.orgs.createTranslation(org, { source: { space: space.id, language: 'en' }, language: 'klingon' }))).code).toBe(400);
    expectConformant();
  });

  it('custom fonts: an upload URL, the file put there, a font made of it, listed, read, changed, deleted', async () => {
    const { gb, org } = await tenant();
    const woff2 = Buffer.alloc(48, 1);
    woff2.write('wOF2', 0, 'latin1');
    const upload = (await gb.orgs.generateStorageUploadUrl(org, { file: { name: 'Brand.woff2', type: 'font/woff2', size: woff2.length }, kind: 'customization_font' })).data;
    expect(upload).toMatchObject({ object: 'storage-signed-url', url: expect.stringMatching(/^http/), key: expect.any(String) });
    expect((await fetch(upload.url.replace(server.ctx.config.publicUrl, server.url), { method: 'PUT', headers: { 'content-type': 'font/woff2' }, body: woff2 })).status).toBe(204);
    const created = await gb.orgs.createCustomFont(org, { fontFamily: 'Brand', fontFaces: [{ weight: 400, storageKey: upload.key }] });
    expect([created.status, created.data.custom, created.data.fontFaces[0].sources[0].format]).toEqual([201, true, 'woff2']);
    const font = created.data;
    expect((await fetch(font.fontFaces[0].sources[0].url.replace(server.ctx.config.publicUrl, server.url))).status).toBe(200);
    expect((await gb.orgs.listCustomFonts(org)).data.items.map((f: any) => f.id)).toEqual([font.id]);
    expect((await gb.orgs.getCustomFont(org, font.id)).data.fontFamily).toBe('Brand');
    const renamed = await gb.orgs.updateCustomFont(org, font.id, { fontFamily: 'Brand Sans', fontFaces: [] });
    expect([renamed.status, renamed.data.fontFamily]).toEqual([201, 'Brand Sans']);
    expect((await failure(gb.orgs.createCustomFont(org, { fontFamily: 'No regular', fontFaces: [{ weight: 700, storageKey: upload.key }] }))).code).toBe(400);
    expect((await failure(gb.orgs.generateStorageUploadUrl(org, { file: { name: 'a.zip', type: 'application/zip', size: 9 }, kind: 'import_file' }))).code).toBe(400);
    expect((await gb.orgs.deleteCustomFont(org, font.id)).status).toBe(205);
    expect((await gb.orgs.deleteCustomFont(org, font.id)).status).toBe(204);
    expect((await failure(gb.orgs.getCustomFont(org, font.id))).code).toBe(404);
    expectConformant();
  });

  it('translation glossary: a batch of changes, the entries listed and read', async () => {
    const { gb, org } = await tenant();
    expect((await gb.orgs.updateGlossaryEntries(org, { operations: [{ type: 'insert', translations: { en: 'Start', fr: 'Début' } }] })).status).toBe(204);
    const entries = (await gb.orgs.listGlossaryEntries(org, { orderBy: 'fr', limit: 10 })).data.items;
    expect(entries.map((e: any) => [e.object, e.translations])).toEqual([['glossary-entry', { en: 'Start', fr: 'Début' }]]);
    expect((await gb.orgs.getGlossaryEntry(org, entries[0].id)).data.id).toBe(entries[0].id);
    expect((await gb.orgs.updateGlossaryEntries(org, { operations: [{ type: 'update', id: entries[0].id, translations: { en: 'Start', fr: 'Départ' } }] })).status).toBe(204);
    expect((await gb.orgs.getGlossaryEntry(org, entries[0].id)).data.translations.fr).toBe('Départ');
    expect((await failure(gb.orgs.updateGlossaryEntries(org, { operations: [{ type: 'delete', id: 'no-such-entry' }] }))).code).toBe(400);
    expect((await failure(gb.orgs.getGlossaryEntry(org, 'no-such-entry'))).code).toBe(404);
    expectConformant();
  });
});

describe('@gitbook/api against Bindery: operations beyond the seeds (docs/gitbook-conformance.md)', () => {
  it('revision reads: pages, a page by id, by path and its document, files; a change request\'s page by path', async () => {
    const { owner, gb, org } = await tenant();
    const space = (await gb.orgs.createSpace(org, { title: 'History' })).data;
    mine.add(space.id);
    const base = `/v1/spaces/${space.id}`;
    const upload = await server.api(owner.token).request('POST', `${base}/content/files?name=a.svg`, '<svg xmlns="http://www.w3.org/2000/svg" width="4" height="3"/>', { 'content-type': 'image/svg+xml' });
    const fileId = upload.body.id as string;
    const first = (await edit(owner, base, [
      { op: 'createPage', page: { id: 'page-group', title: 'Guides', type: 'group' } },
      { op: 'createPage', page: { id: 'page-start', title: 'Start', parent: 'page-group', markdown: 'Old text.\n' } },
    ])).revision as string;
    await edit(owner, base, [{ op: 'updatePage', pageId: 'page-start', page: { markdown: 'New text.\n' } }]);

    expect((await gb.spaces.listPagesInRevisionById(space.id, first, { metadata: true })).data.pages[0].pages[0].id).toBe('page-start');
    expect((await gb.spaces.getPageInRevisionById(space.id, first, 'page-start', { format: 'markdown' })).data.markdown).toBe('Old text.\n');
    expect((await gb.spaces.getPageInRevisionById(space.id, first, 'page-group')).data.type).toBe('group');
    expect((await gb.spaces.getPageDocumentInRevisionById(space.id, first, 'page-start', { evaluated: true })).data.object).toBe('document');
    expect((await gb.spaces.getPageInRevisionByPath(space.id, first, 'guides/start', { format: 'document' })).data.id).toBe('page-start');
    expect((await gb.spaces.getPageInRevisionByPath(space.id, first, 'guides')).data.type).toBe('group');
    expect((await gb.spaces.listFilesInRevisionById(space.id, first, { limit: 5 })).data.items.map((f: any) => f.id)).toEqual([fileId]);
    expect((await gb.spaces.getFileInRevisionById(space.id, first, fileId)).data.contentType).toBe('image/svg+xml');
    expect((await failure(gb.spaces.getPageInRevisionById(space.id, 'nope', 'page-start'))).code).toBe(404);
    const cr = (await gb.spaces.createChangeRequest(space.id, { subject: 'Edit' })).data;
    expect((await gb.spaces.getPageInChangeRequestByPath(space.id, cr.id, 'guides/start', { format: 'markdown' })).data.markdown).toBe('New text.\n');
    expectConformant();
  });

  it('a change request\'s contributors, the commenters of a space and of a change request', async () => {
    const { owner, gb, org } = await tenant();
    const space = (await gb.orgs.createSpace(org, { title: 'Talk' })).data;
    mine.add(space.id);
    const cr = (await gb.spaces.createChangeRequest(space.id, { subject: 'Edit' })).data;
    await edit(owner, `/v1/spaces/${space.id}/change-requests/${cr.id}`, [{ op: 'createPage', page: { id: 'page-new', title: 'New', markdown: 'New.\n' } }]);
    await gb.spaces.postCommentInChangeRequest(space.id, cr.id, { body: { markdown: 'Looks right' } });
    await gb.spaces.postCommentInSpace(space.id, { body: { markdown: 'Hello' } });
    const contributors = (await gb.spaces.getContributorsByChangeRequestId(space.id, cr.id)).data;
    expect(contributors.items).toMatchObject([{ user: { id: owner.id }, actionType: 'edit', count: 2 }]);
    expect((await gb.spaces.listCommentersInSpace(space.id, { limit: 5 })).data.items.map((m: any) => m.id)).toEqual([owner.id]);
    expect((await gb.spaces.listCommentersInChangeRequest(space.id, cr.id)).data.items.map((m: any) => m.id)).toEqual([owner.id]);
    expectConformant();
  });

  it('permissions of users and teams on a space and a collection, and every member\'s role', async () => {
    const { gb, org } = await tenant();
    const mate = await createUser(server, 'Mate');
    await invite(gb, org, mate, 'read');
    const team = (await gb.orgs.createOrganizationTeam(org, { title: 'Reviewers', members: [mate.id] })).data;
    const collection = (await gb.orgs.createCollection(org, { title: 'Shelf' })).data;
    mine.add(collection.id);
    const space = (await gb.orgs.createSpace(org, { title: 'Rights', parent: collection.id })).data;
    mine.add(space.id);
    const check = async (api: any, id: string) => {
      expect((await api.updateUserPermissionIn(id, mate.id, { role: 'edit' })).status).toBe(204);
      expect((await api.listUserPermissionsIn(id, { limit: 10 })).data.items).toMatchObject([{ permission: 'edit', user: { id: mate.id } }]);
      expect((await api.updateTeamPermissionIn(id, team.id, { role: 'review' })).status).toBe(204);
      expect((await api.listTeamPermissionsIn(id)).data.items).toMatchObject([{ permission: 'review', team: { id: team.id } }]);
      const all = (await api.listPermissionsAggregateIn(id, { role: 'edit' })).data.items;
      expect(all.map((i: any) => i.user.id)).toEqual([mate.id]);
      expect((await api.removeUserFrom(id, mate.id)).status).toBe(204);
      expect((await api.removeTeamFrom(id, team.id)).status).toBe(204);
      expect((await failure(api.updateTeamPermissionIn(id, 'team-nope', { role: 'read' }))).code).toBe(404);
    };
    await check({
      updateUserPermissionIn: gb.spaces.updateUserPermissionInSpace, listUserPermissionsIn: gb.spaces.listUserPermissionsInSpace,
      updateTeamPermissionIn: gb.spaces.updateTeamPermissionInSpace, listTeamPermissionsIn: gb.spaces.listTeamPermissionsInSpace,
      listPermissionsAggregateIn: gb.spaces.listPermissionsAggregateInSpace, removeUserFrom: gb.spaces.removeUserFromSpace, removeTeamFrom: gb.spaces.removeTeamFromSpace,
    }, space.id);
    await check({
      updateUserPermissionIn: gb.collections.updateUserPermissionInCollection, listUserPermissionsIn: gb.collections.listUserPermissionsInCollection,
      updateTeamPermissionIn: gb.collections.updateTeamPermissionInCollection, listTeamPermissionsIn: gb.collections.listTeamPermissionsInCollection,
      listPermissionsAggregateIn: gb.collections.listPermissionsAggregateInCollection, removeUserFrom: gb.collections.removeUserFromCollection, removeTeamFrom: gb.collections.removeTeamFromCollection,
    }, collection.id);
    expect((await failure(gitbook(mate).spaces.listUserPermissionsInSpace(space.id))).code).toBe(403);
    expectConformant();
  });

  it('semantic changes of a revision and of a change request; a space\'s PDF; content by URL; updating a user', async () => {
    const { owner, gb, org } = await tenant();
    const space = (await gb.orgs.createSpace(org, { title: 'Changes' })).data;
    mine.add(space.id);
    const base = `/v1/spaces/${space.id}`;
    await edit(owner, base, [{ op: 'createPage', page: { id: 'page-start', title: 'Start', markdown: 'Old.\n' } }]);
    const second = (await edit(owner, base, [{ op: 'updatePage', pageId: 'page-start', page: { title: 'Begin', markdown: 'New.\n' } }])).revision as string;
    const changes = (await gb.spaces.getRevisionSemanticChanges(space.id, second, { limit: 5, computed: true })).data;
    expect(changes.changes).toEqual([{ type: 'page_edited', page: { id: 'page-start', type: 'document', title: 'Begin', path: 'start' }, attributes: { title: { before: 'Start', after: 'Begin' }, document: {} } }]);
    const cr = (await gb.spaces.createChangeRequest(space.id, { subject: 'Add' })).data;
    await edit(owner, `${base}/change-requests/${cr.id}`, [{ op: 'createPage', page: { id: 'page-added', title: 'Added' } }]);
    expect((await gb.spaces.getChangeRequestChanges(space.id, cr.id, { limit: 5 })).data).toEqual({ changes: [{ type: 'page_created', page: { id: 'page-added', type: 'document', title: 'Added', path: 'added' } }] });
    expect((await gb.spaces.getSpacePdf(space.id, { page: 'page-start', only: true })).data.url).toContain('/v1/exports/pdf/');
    const page = (await gb.spaces.getPageById(space.id, 'page-start')).data;
    const located = (await gb.urls.getContentByUrl({ url: (page as any).urls.app })).data as any;
    expect([located.space.id, located.page.id]).toEqual([space.id, 'page-start']);
    expect((await gb.urls.getContentByUrl({ url: cr.urls.app })).data).toMatchObject({ space: { id: space.id }, changeRequest: { id: cr.id } });
    expect((await failure(gb.urls.getContentByUrl({ url: 'https://elsewhere.example/s/x' }))).code).toBe(404);
    expect((await gb.users.updateUserById(owner.id, { displayName: 'Renamed owner' })).data.displayName).toBe('Renamed owner');
    expectConformant();
  });
});

describe('@gitbook/api against Bindery: site share links and redirects (docs/sites.md)', () => {
  it('share links: list, create, update, delete; the structure; redirects: create, bulk upsert, list, update, resolve by source, delete', async () => {
    const { gb, org } = await tenant();
    const space = (await gb.orgs.createSpace(org, { title: 'Guide' })).data;
    mine.add(space.id);
    const site = (await gb.orgs.createSite(org, { title: 'Docs', visibility: 'share-link', spaces: [space.id] })).data;
    const link = (await gb.orgs.createSiteShareLink(org, site.id, { name: 'Reviewers' })).data;
    expect((await gb.orgs.listSiteShareLinks(org, site.id, { limit: 5, search: 'review' })).data.items.map((l: any) => l.id)).toEqual([link.id]);
    expect((await gb.orgs.updateSiteShareLinkById(org, site.id, link.id, { active: false })).data.active).toBe(false);
    expect((await gb.orgs.deleteSiteShareLinkById(org, site.id, link.id)).status).toBe(205);
    const structure = (await gb.orgs.getSiteStructure(org, site.id)).data;
    expect([structure.type, (structure.structure as any[]).map((ss) => ss.space.id)]).toEqual(['siteSpaces', [space.id]]);

    const created = (await gb.orgs.createSiteRedirect(org, site.id, { source: '/old', permanent: true, destination: { kind: 'external', url: 'https://example.com/new' } })).data;
    const bulk = (await gb.orgs.bulkUpsertSiteRedirects(org, site.id, { redirects: [{ source: '/docs/*', captureWildcard: true, destination: { kind: 'external', url: 'https://example.com/docs' } }] })).data;
    expect(bulk.results.map((r: any) => r.status)).toEqual(['created']);
    expect((await gb.orgs.listSiteRedirects(org, site.id, { orderBy: 'source', limit: 10 })).data.items.map((r: any) => r.source)).toEqual(['/docs/*', '/old']);
    expect((await gb.orgs.updateSiteRedirectById(org, site.id, created.id, { permanent: false })).data.permanent).toBe(false);
    expect((await gb.orgs.getSiteRedirectBySource(org, site.id, { source: '/docs/a' })).data.target).toBe('https://example.com/docs/a');
    expect((await gb.orgs.deleteSiteRedirectById(org, site.id, created.id)).status).toBe(205);

    // The URL lookup GitBook's renderer starts every request with.
    await gb.orgs.publishSite(org, site.id);
    const key = new URL((await gb.orgs.listSiteShareLinks(org, site.id)).data.items[0].urls.published).searchParams.get('share');
    const url = `${server.ctx.config.publicUrl}/sites/${site.id}/intro?share=${key}`;
    expect((await gb.urls.resolvePublishedContentByUrl({ url, visitor: { unsignedClaims: { beta: true } } })).data).toMatchObject({ site: site.id, space: space.id, pathname: 'intro', shareKey: key });
    expect((await gb.urls.getPublishedContentByUrl({ url })).data.complete).toBe(true);
    expectConformant();
  });
});

describe('@gitbook/api against Bindery: site permissions (docs/permissions.md)', () => {
  it('site permissions: invite, users and teams granted, every member\'s role with its origin, removal', async () => {
    const { gb, org } = await tenant();
    const mate = await createUser(server, 'Mate');
    await invite(gb, org, mate, 'read');
    const team = (await gb.orgs.createOrganizationTeam(org, { title: 'Site admins', members: [mate.id] })).data;
    const site = (await gb.orgs.createSite(org, { title: 'Granted' })).data;
    expect((await gb.orgs.inviteToSite(org, site.id, { role: 'create', users: [mate.id] })).status).toBe(204);
    expect((await gb.orgs.listUserPermissionsInSite(org, site.id, { limit: 10 })).data.items).toMatchObject([{ permission: 'create', user: { id: mate.id } }]);
    expect((await gb.orgs.updateUserPermissionInSite(org, site.id, mate.id, { role: 'edit' })).status).toBe(204);
    expect((await gb.orgs.updateTeamPermissionInSite(org, site.id, team.id, { role: 'admin' })).status).toBe(204);
    expect((await gb.orgs.listTeamPermissionsInSite(org, site.id)).data.items).toMatchObject([{ permission: 'admin', team: { id: team.id } }]);
    const all = (await gb.orgs.listPermissionsAggregateInSite(org, site.id, { role: 'admin', sort: 'name', order: 'asc', limit: 10 })).data.items;
    expect(all.find((i: any) => i.user.id === mate.id)).toMatchObject({ permission: 'admin', origin: { type: 'site', reason: 'team', team: team.id }, disabled: false });
    expect((await gitbook(mate).orgs.listUserPermissionsInSite(org, site.id)).status).toBe(200);
    expect((await gb.orgs.removeUserFromSite(org, site.id, mate.id)).status).toBe(204);
    expect((await gb.orgs.removeTeamFromSite(org, site.id, team.id)).status).toBe(204);
    expect((await failure(gitbook(mate).orgs.listUserPermissionsInSite(org, site.id))).code).toBe(403);
    expect((await failure(gb.orgs.updateTeamPermissionInSite(org, site.id, 'team-nope', { role: 'read' }))).code).toBe(404);
    expectConformant();
  });
});

describe('@gitbook/api against Bindery: custom hostnames (docs/sites.md)', () => {
  it('custom hostnames: get, revalidate, remove', async () => {
    const { gb, org } = await tenant();
    const site = (await gb.orgs.createSite(org, { title: 'Named' })).data;
    const hostname = `docs-${site.id.toLowerCase().replace(/[^a-z0-9]/g, '')}.conformance.test`;
    await gb.orgs.updateSiteById(org, site.id, { hostname });
    await gb.orgs.publishSite(org, site.id);
    expect((await gb.customHostnames.getCustomHostname(hostname)).data).toMatchObject({ hostname, target: { type: 'site', site: site.id }, isActive: true });
    expect((await gb.customHostnames.dnsRevalidateCustomHostname(hostname)).status).toBe(204);
    expect((await gb.customHostnames.removeCustomHostname(hostname)).status).toBe(204);
    expect((await failure(gb.customHostnames.getCustomHostname(hostname))).code).toBe(404);
    expectConformant();
  });

  it('integration lists: of an organization, its installations, enabled on a space and on a site; installation statuses', async () => {
    const { gb, org } = await tenant();
    const space = (await gb.orgs.createSpace(org, { title: 'Listed' })).data;
    mine.add(space.id);
    const site = (await gb.orgs.createSite(org, { title: 'Listed site' })).data;
    const name = `listed-${randomString(6).toLowerCase()}`;
    await gb.integrations.publishIntegration(name, {
      runtime: 'v1', organization: org, title: 'Listed app', description: 'Listed', visibility: 'private', target: 'all', scopes: ['space:content:read'], blocks: [{ id: 'chart', title: 'Chart' }],
      script: 'export default { async fetch() { return new Response("OK"); } };',
    });
    expect((await gb.orgs.listOrganizationIntegrations(org, { search: 'listed-', limit: 5 })).data.items.map((i: any) => i.name)).toEqual([name]);
    const installation = (await gb.integrations.installIntegration(name, { organization: org })).data;
    await gb.integrations.installIntegrationOnSpace(name, installation.id, { space: space.id });
    await gb.integrations.installIntegrationOnSite(name, installation.id, { site: site.id });
    const installed = (await gb.orgs.listOrganizationInstallations(org, { limit: 5 })).data.items;
    expect(installed.map((i: any) => [i.integration.name, i.installation.id])).toEqual([[name, installation.id]]);
    expect((await gb.spaces.listSpaceIntegrations(space.id, { search: 'listed' })).data.items.map((i: any) => i.name)).toEqual([name]);
    expect((await gb.orgs.listSiteIntegrations(org, site.id)).data.items.map((i: any) => i.name)).toEqual([name]);
    expect((await gb.orgs.getOrganizationIntegrationStatus(org, name)).data).toEqual({ status: 'active' });
    expect((await gb.spaces.listSpaceIntegrationsBlocks(space.id)).data).toEqual([{ name, blocks: [{ id: 'chart', title: 'Chart' }] }]);
    const statuses = (await gb.orgs.listOrganizationIntegrationsStatus(org)).data.items;
    expect(statuses.map((i: any) => [i.integration.name, i.status, i.target])).toEqual([[name, 'active', { type: 'organization', organizationId: org }]]);
    const onSpace = (await gb.orgs.listOrganizationIntegrationsStatus(org, { target: 'space', space: space.id })).data.items;
    expect(onSpace.map((i: any) => i.target)).toEqual([{ type: 'space', spaceId: space.id }]);
    expect((await gb.orgs.listOrganizationIntegrationsStatus(org, { target: 'site' })).data.items.map((i: any) => i.target)).toEqual([{ type: 'site', siteId: site.id }]);
    expect((await failure(gb.orgs.getOrganizationIntegrationStatus(org, 'no-such-integration'))).code).toBe(404);
    const events = (await gb.integrations.listIntegrationEvents(name, { limit: 10 })).data.items;
    events.forEach((e: any) => mine.add(e.id));
    expectConformant();
  });

  it('integration tasks (queued with the integration\'s token) and block renders by GET', async () => {
    const { gb, org } = await tenant();
    const space = (await gb.orgs.createSpace(org, { title: 'Rendered' })).data;
    mine.add(space.id);
    const name = `tasks-${randomString(6).toLowerCase()}`;
    await gb.integrations.publishIntegration(name, {
      runtime: 'v1', organization: org, title: 'Task app', description: 'Tasks', visibility: 'private', target: 'all', scopes: ['space:content:read'], blocks: [{ id: 'hello', title: 'Hello' }],
      script: 'export default { async fetch() { return Response.json({ type: "element", element: { type: "block", children: [] }, state: {}, props: {} }); } };',
    });
    const installation = (await gb.integrations.installIntegration(name, { organization: org })).data;
    await gb.integrations.installIntegrationOnSpace(name, installation.id, { space: space.id });
    const request = LZString.compressToEncodedURIComponent(JSON.stringify({ componentId: 'hello', props: {}, context: { type: 'document', spaceId: space.id, editable: false, theme: 'light' } }));
    expect((await gb.integrations.renderIntegrationUiWithGet(name, { request })).data.type).toBe('element');
    expect((await failure(gb.integrations.renderIntegrationUiWithGet(name, { request: 'not-lz' }))).code).toBe(400);
    const { mintToken } = await import('../src/services/installations.js');
    const row = await server.ctx.db.selectFrom('integrations').selectAll().where('name', '=', name).executeTakeFirstOrThrow();
    const app = gitbook({ token: (await mintToken(server.ctx, row, null)).token } as TestUser);
    expect((await app.integrations.queueIntegrationTask(name, { task: { sync: true }, schedule: 5 })).status).toBe(204);
    expect((await failure(gb.integrations.queueIntegrationTask(name, { task: {} }))).code).toBe(403);
    const events = (await gb.integrations.listIntegrationEvents(name, { limit: 10 })).data.items;
    expect(events.map((e: any) => e.payload.type)).toContain('task');
    events.forEach((e: any) => mine.add(e.id));
    expectConformant();
  });

  it('site search: all site spaces, a scope, paging', async () => {
    const { owner, gb, org } = await tenant();
    const space = (await gb.orgs.createSpace(org, { title: 'Searched' })).data;
    mine.add(space.id);
    await edit(owner, `/v1/spaces/${space.id}`, [{ op: 'createPage', page: { id: 'page-wind', title: 'Wind', markdown: 'The mistral blows.\n' } }]);
    const site = (await gb.orgs.createSite(org, { title: 'Searched site', spaces: [space.id] })).data;
    const found = (await gb.orgs.searchSiteContent(org, site.id, { query: 'mistral' }, { limit: 5 })).data;
    expect([found.count, (found.items[0] as any).id, (found.items[0] as any).pages[0].id]).toEqual([1, space.id, 'page-wind']);
    const siteSpace = (await gb.orgs.listSiteSpaces(org, site.id)).data.items[0]!;
    const scoped = (await gb.orgs.searchSiteContent(org, site.id, { query: 'mistral', scope: { mode: 'default', currentSiteSpace: siteSpace.id, restrictTo: 'currentSiteSpace' } })).data;
    expect(scoped.items.map((i: any) => i.id)).toEqual([space.id]);
    expect((await failure(gb.orgs.searchSiteContent(org, site.id, { query: 'mistral', scope: { mode: 'specific', siteSpaceIds: ['nope'] } }))).code).toBe(400);
    const prewarmed = await gb.orgs.prewarmSiteSearch(org, site.id);
    expect([prewarmed.status, prewarmed.headers.get('x-bindery-search-indexes')]).toEqual([204, 'built=1, warm=0']);
    expect((await failure(gb.orgs.prewarmSiteSearch(org, 'no-such-site'))).code).toBe(404);
    const empty = (await gb.orgs.createSite(org, { title: 'Templated site' })).data;
    expect((await gb.orgs.applyTemplateToSite(org, empty.id)).status).toBe(200);
    const templated = (await gb.orgs.listSiteSpaces(org, empty.id)).data.items;
    expect(templated.map((ss: any) => ss.space.title)).toEqual(['Templated site']);
    mine.add(templated[0].space.id);
    expect((await failure(gb.orgs.applyTemplateToSite(org, empty.id))).code).toBe(409);
    expectConformant();
  });

  it('site external links: add at the root and in a group, update, the structure, delete', async () => {
    const { gb, org } = await tenant();
    const space = (await gb.orgs.createSpace(org, { title: 'Linked' })).data;
    mine.add(space.id);
    const site = (await gb.orgs.createSite(org, { title: 'Linked site', spaces: [space.id] })).data;
    await gb.orgs.addSectionToSite(org, site.id, { spaceId: space.id, title: 'Guides' });
    const group = (await gb.orgs.addSectionGroupToSite(org, site.id, { title: 'More', sections: [] })).data;
    const blog = (await gb.orgs.addExternalLinkToSite(org, site.id, { title: 'Blog', url: 'https://blog.example.com', icon: 'rss' })).data;
    const status = (await gb.orgs.addExternalLinkToSite(org, site.id, { title: 'Status', url: 'https://status.example.com', parent: group.id })).data;
    expect([blog.object, status.sectionGroup]).toEqual(['site-external-link', group.id]);
    expect((await gb.orgs.updateSiteExternalLinkById(org, site.id, status.id, { title: 'Status page', parent: null })).data).toMatchObject({ title: 'Status page' });
    const structure = (await gb.orgs.getSiteStructure(org, site.id)).data;
    expect((structure.structure as any[]).slice(-2).map((i) => i.id)).toEqual([blog.id, status.id]);
    expect((await gb.orgs.deleteSiteExternalLinkById(org, site.id, blog.id)).status).toBe(205);
    expect((await failure(gb.orgs.addExternalLinkToSite(org, site.id, { title: 'Bad', url: 'ftp://x.example.com' }))).code).toBe(400);
    expectConformant();
  });
});

describe('@gitbook/api against Bindery: invite links, section groups, site publishing auth', () => {
  it('an invite link read and its role changed; a section group moved; the structure sorted; a site space duplicated', async () => {
    const { gb, org } = await tenant();
    await gb.orgs.updateOrganizationById(org, { inviteLinks: true });
    const link = (await gb.orgs.createOrganizationInvite(org, { role: 'read' })).data;
    expect((await gb.orgs.getOrganizationInviteLink(org, link.id)).data).toMatchObject({ id: link.id, role: 'read' });
    expect((await gb.orgs.updateOrganizationInviteById(org, link.id, { role: 'edit' })).data).toMatchObject({ id: link.id, role: 'edit' });
    expect((await failure(gb.orgs.getOrganizationInviteLink(org, 'no-such-invite'))).code).toBe(404);
    expect((await failure(gb.orgs.updateOrganizationInviteById(org, link.id, { role: 'owner' }))).code).toBe(400);

    const space = (await gb.orgs.createSpace(org, { title: 'Grouped' })).data;
    mine.add(space.id);
    const site = (await gb.orgs.createSite(org, { title: 'Grouped site', spaces: [space.id] })).data;
    const section = (await gb.orgs.addSectionToSite(org, site.id, { spaceId: space.id, title: 'Guides' })).data;
    const group = (await gb.orgs.addSectionGroupToSite(org, site.id, { title: 'More', sections: [] })).data;
    const moved = (await gb.orgs.moveSiteSectionGroup(org, site.id, group.id, { position: { before: { type: 'site-section', id: section.id } } })).data;
    expect(moved.id).toBe(group.id);
    const structure = (await gb.orgs.getSiteStructure(org, site.id)).data.structure as any[];
    expect(structure.findIndex((i) => i.id === group.id)).toBeLessThan(structure.findIndex((i) => i.id === section.id));
    expect((await gb.orgs.moveSiteSectionGroup(org, site.id, group.id, {})).data.id).toBe(group.id);
    expect((await failure(gb.orgs.moveSiteSectionGroup(org, site.id, group.id, { position: { after: { type: 'site-section-group', id: 'nope' } } }))).code).toBe(400);
    const sorted = (await gb.orgs.sortSiteStructure(org, site.id, { item: { type: 'site-section', id: section.id }, position: { before: { type: 'site-section-group', id: group.id } } })).data;
    expect([sorted.object, sorted.id]).toEqual(['site-section', section.id]);
    const siteSpace = (await gb.orgs.listSiteSpaces(org, site.id)).data.items[0]!;
    expect((await gb.orgs.sortSiteStructure(org, site.id, { item: { type: 'site-space', id: siteSpace.id }, position: {} })).data.id).toBe(siteSpace.id);
    expect((await failure(gb.orgs.sortSiteStructure(org, site.id, { item: { type: 'site-section', id: 'nope' }, position: {} }))).code).toBe(404);
    const duplicated = (await gb.orgs.duplicateSiteSpace(org, site.id, siteSpace.id, {})).data;
    mine.add(duplicated.space.id);
    expect([duplicated.object, duplicated.space.title]).toEqual(['site-space', 'Grouped (copy)']);
    expect((await failure(gb.orgs.duplicateSiteSpace(org, site.id, siteSpace.id, { draft: true }))).code).toBe(400);
    expectConformant();
  });

  it('site publishing auth: read, fallback URL changed, key regenerated', async () => {
    const { gb, org } = await tenant();
    const site = (await gb.orgs.createSite(org, { title: 'Closed site', visibility: 'visitor-auth' })).data;
    const auth = (await gb.orgs.getSitePublishingAuthById(org, site.id)).data;
    expect(auth).toMatchObject({ object: 'publishing-auth', backend: 'custom' });
    const updated = (await gb.orgs.updateSitePublishingAuthById(org, site.id, { backend: 'custom', fallbackURL: 'https://login.example.com/' })).data;
    expect([updated.privateKey, updated.fallbackURL]).toEqual([auth.privateKey, 'https://login.example.com/']);
    expect((await gb.orgs.regenerateSitePublishingAuthById(org, site.id)).data.privateKey).not.toBe(auth.privateKey);
    expect((await failure(gb.orgs.updateSitePublishingAuthById(org, site.id, { backend: 'integration' }))).code).toBe(400);
    expect((await failure(gb.orgs.getSitePublishingAuthById(org, 'no-such-site'))).code).toBe(404);
    const preview = (await gb.orgs.getSitePublishingPreviewById(org, site.id, { draft: true })).data;
    expect(preview.url).toContain(`/sites/${site.id}/?preview=`);
    // The site has no space: the preview opens it (unpublished, visitor-auth) and says so, where a visit is refused.
    expect(await (await fetch(preview.url.replace(server.ctx.config.publicUrl, server.url))).text()).toContain('This site has no content yet.');
    expect((await failure(gb.orgs.getSitePublishingPreviewById(org, site.id, { siteSpace: 'no-such-site-space' }))).code).toBe(400);
    expectConformant();
  });
});

describe('@gitbook/api against Bindery: the audit log (docs/audit-log.md)', () => {
  it('audit log: actions, events newest first with filters and paging, one event with its payload', async () => {
    const { owner, gb, org } = await tenant();
    const mate = await createUser(server, 'Mate');
    await invite(gb, org, mate, 'read');
    const team = (await gb.orgs.createOrganizationTeam(org, { title: 'Audited' })).data;
    const actions = (await gb.orgs.listOrganizationAuditEventActions(org)).data.items;
    expect(actions).toContainEqual({ object: 'audit-event-action', id: 'team.created', label: 'Team created' });
    const all = (await gb.orgs.listOrganizationAuditEvents(org, { limit: 100 })).data;
    expect(all.items[0]).toMatchObject({ object: 'audit-event', action: 'team.created', actor: { type: 'user', id: owner.id }, source: 'api', target: { type: 'team', id: team.id } });
    const first = (await gb.orgs.listOrganizationAuditEvents(org, { limit: 1 })).data;
    expect(first.next?.page).toBeTruthy();
    const second = (await gb.orgs.listOrganizationAuditEvents(org, { limit: 1, page: first.next!.page })).data;
    expect(second.items[0]!.id).toBe(all.items[1]!.id);
    const filtered = (await gb.orgs.listOrganizationAuditEvents(org, { action: 'member.invited', actor: owner.id, target: mate.id, from: '2000-01-01T00:00:00Z', to: '2999-01-01T00:00:00Z' })).data.items;
    expect(filtered.map((e: any) => e.target.id)).toEqual([mate.id]);
    const details = (await gb.orgs.getOrganizationAuditEvent(org, filtered[0]!.id)).data;
    expect(details).toMatchObject({ id: filtered[0]!.id, schemaVersion: 1, payload: { role: 'read' } });
    expect((await failure(gitbook(mate).orgs.listOrganizationAuditEvents(org))).code).toBe(403);
    expect((await failure(gb.orgs.getOrganizationAuditEvent(org, 'no-such-event'))).code).toBe(404);
    expectConformant();
  });
});

describe('@gitbook/api against Bindery: the content API (docs/gitbook-conformance.md)', () => {
  it('a batch of content changes to a change request: pages inserted, updated, moved, deleted, reverted, files inserted', async () => {
    const { owner, gb, org } = await tenant();
    const space = (await gb.orgs.createSpace(org, { title: 'Batch' })).data;
    mine.add(space.id);
    const base = `/v1/spaces/${space.id}`;
    await edit(owner, base, [{ op: 'createPage', page: { id: 'page-home', title: 'Home', markdown: 'Home.\n' } }]);
    const cr = (await gb.spaces.createChangeRequest(space.id, { subject: 'Batch' })).data;
    const full = await gb.spaces.updateChangeRequestContent(space.id, cr.id, { changes: [
      { operation: 'insert_files', files: [{ ref: 'dot.txt', name: 'dot.txt', contentType: 'text/plain', base64: Buffer.from('.').toString('base64') }] },
      { operation: 'insert_page', ref: 'next', into: 'page-home', at: 0, title: 'Next', document: { markdown: 'See [home](/pages/home.md) and [the dot](./dot.txt).\n' } },
      { operation: 'update_page', page: 'page-home', description: 'The start', document: { markdown: 'Home, edited. Then [next](./next.md).\n' } },
    ] }, { compat: false });
    expect(full.data.changes.map((c: any) => c.object)).toEqual(['created_page', 'updated_page']);
    expect(full.data.insertedFiles[0].name).toBe('dot.txt');
    const plain = await gb.spaces.updateChangeRequestContent(space.id, cr.id, { changes: [
      { operation: 'revert_page', page: 'page-home' },
      { operation: 'delete_page', page: full.data.changes[0].page.id },
    ] });
    expect(plain.data.object).toBe('change-request');
    const err = await failure(gb.spaces.updateChangeRequestContent(space.id, cr.id, { changes: [{ operation: 'delete_page', page: 'page-nope' }] }));
    expect([err.code, err.errorMessage]).toEqual([404, expect.stringContaining('/body/changes/0/page')]);
    expectConformant();
  });
});

describe('@gitbook/api against Bindery: meta links and documents by id (docs/gitbook-conformance.md)', () => {
  it('a page\'s meta links in the space, a revision and a change request; a document by its id', async () => {
    const { owner, gb, org } = await tenant();
    const space = (await gb.orgs.createSpace(org, { title: 'Meta' })).data;
    mine.add(space.id);
    const base = `/v1/spaces/${space.id}`;
    const links = { canonical: { kind: 'url', url: 'https://docs.example.com/a' }, alternates: [{ kind: 'page', page: 'page-other' }] };
    const revision = (await edit(owner, base, [
      { op: 'createPage', page: { id: 'page-main', title: 'Main', markdown: 'Main.\n', metaLinks: links } },
      { op: 'createPage', page: { id: 'page-other', title: 'Other', markdown: 'Other.\n' } },
    ])).revision as string;
    expect((await gb.spaces.listSpacePageMetaLinks(space.id, 'page-main')).data).toEqual(links);
    expect((await gb.spaces.listSpacePageMetaLinks(space.id, 'page-other')).data).toEqual({});
    expect((await gb.spaces.listRevisionPageMetaLinks(space.id, revision, 'page-main')).data).toEqual(links);
    const cr = (await gb.spaces.createChangeRequest(space.id, { subject: 'Meta' })).data;
    expect((await gb.spaces.listChangeRequestPageMetaLinks(space.id, cr.id, 'page-main')).data).toEqual(links);
    const page = (await gb.spaces.getPageById(space.id, 'page-main')).data;
    expect(page.metaLinks).toEqual(links);
    expect(JSON.stringify((await gb.spaces.getDocumentById(space.id, page.documentId)).data)).toContain('Main.');
    expect((await failure(gb.spaces.getDocumentById(space.id, `page-main.${'a'.repeat(64)}`))).code).toBe(404);
    expectConformant();
  });

  it('computed content: the pages of an OpenAPI source, the document of one', async () => {
    const { gb, org } = await tenant();
    const space = (await gb.orgs.createSpace(org, { title: 'Computed' })).data;
    mine.add(space.id);
    const text = JSON.stringify({ openapi: '3.1.0', info: { title: 'Pets', version: '1' }, tags: [{ name: 'pets' }], paths: { '/pets': { get: { tags: ['pets'], summary: 'List pets', responses: { 200: { description: 'ok' } } } } }, components: { schemas: { Pet: { type: 'object' } } } });
    mine.add((await gb.orgs.createOpenApiSpec(org, { slug: 'pets', source: { text } })).data.id);
    await runJobs(JOB_TYPES.processOpenAPISpec);
    const source = { type: 'builtin:openapi', props: { models: true }, dependencies: { spec: { ref: { kind: 'openapi', spec: 'pets' } } } };
    const revision = (await gb.spaces.getComputedRevision(space.id, { source, seed: 'computed-page' })).data;
    expect(revision.pages.map((p: any) => p.title)).toEqual(['pets', 'Models']);
    // The `info` document: an operation's rendered reference has `####` headings (heading-4), which Bindery keeps
    // and GitBook's document schema (heading-1 to 3) has not (docs/gitbook-conformance.md); behaviour is tested in
    // test/openapi-computed.test.ts.
    const doc = (await gb.spaces.getComputedDocument(space.id, { source: { ...source, props: { doc: 'info', page: 'pets' } }, seed: 'computed-page' })).data;
    expect(doc.object).toBe('document');
    expect(revision.pages[0].computed.props).toEqual({ doc: 'operations', page: 'pets' });
    expect((await failure(gb.spaces.getComputedDocument(space.id, { source: { ...source, type: 'builtin:translation' }, seed: 's' }))).code).toBe(400);
    expectConformant();
  });
});

describe('@gitbook/api against Bindery: site Insights (docs/sites.md)', () => {
  it('events tracked by a renderer and recorded by the published site, aggregated', async () => {
    const { owner, gb, org } = await tenant();
    const space = (await gb.orgs.createSpace(org, { title: 'Insights' })).data;
    mine.add(space.id);
    await edit(owner, `/v1/spaces/${space.id}`, [{ op: 'createPage', page: { id: 'page-home', title: 'Home', markdown: 'Welcome.\n' } }]);
    const site = (await gb.orgs.createSite(org, { title: 'Docs', visibility: 'public', spaces: [space.id] })).data;
    await gb.orgs.publishSite(org, site.id);
    const url = `${server.ctx.config.publicUrl}/sites/${site.id}/`;
    const session = { visitorId: 'visitor-1', sessionId: 'session-1', cookies: {}, userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Firefox/130.0', language: 'en', referrer: '' };
    const location = { url, siteSection: null, siteSpace: null, siteShareKey: null, space: space.id, revision: null, page: null };
    const tracked = await gb.orgs.trackEventsInSiteById(org, site.id, { events: [
      { type: 'page_view', session, location },
      { type: 'search_type_query', session, location, query: 'install', timestamp: new Date().toISOString() },
      { type: 'page_post_feedback', session, location, feedback: { rating: 'ok' } },
    ] });
    expect(tracked.status).toBe(204);
    // One view recorded server-side by the published site (written within about a second: polled).
    expect((await fetch(`${server.url}/sites/${site.id}/`, { headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/130.0 Safari/537.36' } })).status).toBe(200);
    const count = async () => (await gb.orgs.aggregateSiteEvents(org, site.id, { range: 'last24Hours', select: [{ column: 'eventsCount' }] })).data.columns[0]!.values[0];
    for (let i = 0; i < 200 && (await count()) !== 4; i++) await new Promise((r) => setTimeout(r, 50));
    const result = (await gb.orgs.aggregateSiteEvents(org, site.id, {
      range: 'last7Days', groupBy: [{ column: 'eventType' }, { column: 'displayContext' }],
      select: [{ column: 'eventType' }, { column: 'displayContext' }, { column: 'eventsCount' }, { column: 'visitorsCount' }, { column: 'sessionsCount' }, { column: 'pageFeedbackRating' }, { column: 'visitorBrowser' }, { column: 'visitorBot' }, { column: 'page' }],
      where: [{ column: 'visitorBot', values: [null] }], order: { by: { column: 'eventType' }, direction: 'asc' }, limit: 10,
    })).data;
    expect(result.columns.map((c: any) => [c.column, c.values])).toEqual([
      ['eventType', ['page_post_feedback', 'page_view', 'page_view', 'search_type_query']],
      ['displayContext', ['site', 'server', 'site', 'site']],
      ['eventsCount', [1, 1, 1, 1]],
      ['visitorsCount', [1, 1, 1, 1]],
      ['sessionsCount', [1, 1, 1, 1]],
      ['pageFeedbackRating', [{ ok: 1, good: 0, bad: 0 }, { ok: 0, good: 0, bad: 0 }, { ok: 0, good: 0, bad: 0 }, { ok: 0, good: 0, bad: 0 }]],
      ['visitorBrowser', ['firefox', 'chrome', 'firefox', 'firefox']],
      ['visitorBot', [null, null, null, null]],
      ['page', [null, { page: 'page-home', space: space.id }, null, null]],
    ]);
    expect((await failure(gb.orgs.aggregateSiteEvents(org, site.id, { range: 'last7Days', limit: 5000 }))).code).toBe(400);
    expectConformant();
  });
});

describe('seed coverage', () => {
  it('has driven every seed operation (and the extra ones) through the client, and every deviation it allows was needed', () => {
    const missing = SEED_OPERATIONS.filter((k) => !covered.has(k));
    expect(missing).toEqual([]);
    expect(BEYOND_SEEDS.filter((k) => !covered.has(k))).toEqual([]);
    const unused = DEVIATIONS.filter((d) => !gitbookSpec.exercised.has(d.at)).map((d) => d.at);
    expect(unused).toEqual([]);
  });
});

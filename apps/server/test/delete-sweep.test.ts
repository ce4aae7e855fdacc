// Every DELETE operation of the bundled spec, against real ids of every family, as a stranger (an admin of another
// organization), a guest, a reader and an editor of the organization: never a 5xx, a stranger 204 or 404 (GitBook's
// idempotent DELETE of what they cannot see; never 403, which would tell it exists), 403 for a caller who sees the
// thing, and nothing deleted when refused. Then the owner deletes each one: 2xx, and 204 again the second time
// (GitBook's idempotent delete), and every GET those ids fill answers below 500 afterwards. The same after deleting
// things still in use, and with child ids of another organization under one's own parents. docs/permissions.md.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { createTenant, useTestServer, type Tenant, type TestApi } from '../src/testing/index.js';

const server = useTestServer();
const local = (url: string) => url.replace(server.ctx.config.publicUrl, server.url);
const SPEC = JSON.parse(readFileSync(createRequire(import.meta.url).resolve('@bindery/api-types/openapi.json'), 'utf8')) as { paths: Record<string, Record<string, { operationId: string }>> };

async function ok(r: Promise<{ status: number; body: any }>, what: string): Promise<any> {
  const x = await r;
  if (x.status >= 300) throw new Error(`${what}: ${x.status} ${JSON.stringify(x.body)}`);
  return x.body;
}

interface Target {
  op: string;
  path: string;
  /** What the owner reads to tell whether it is still there (a string that changes when it is deleted). */
  probe: (as?: TestApi) => Promise<string>;
  /** Statuses the owner's second DELETE may answer. */
  again?: number[];
  /** Operations the editor may run (GitBook lets editors delete pages and files, and their own comments). */
  editorMay?: boolean;
  /** Callers who may do it to themselves (leave a team or the organization, decline a review request). */
  selfMay?: string[];
}

async function world(t: Tenant, stranger: Tenant) {
  const api = t.api;
  const org = t.org;
  const space = (await ok(api.post(`/v1/orgs/${org}/spaces`, { title: 'Docs' }), 'space')).id as string;
  const space2 = (await ok(api.post(`/v1/orgs/${org}/spaces`, { title: 'Other' }), 'space2')).id as string;
  const page = (await ok(api.post(`/v1/spaces/${space}/content/pages`, { title: 'Intro', markdown: 'Hello.\n' }), 'page')).id as string;
  const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
  const fileRes = await fetch(`${server.url}/v1/spaces/${space}/content/files?name=logo.png`, { method: 'POST', headers: { authorization: `Bearer ${t.owner.token}`, 'content-type': 'image/png' }, body: png });
  const file = ((await fileRes.json()) as { id: string }).id;
  const comment = (await ok(api.post(`/v1/spaces/${space}/comments`, { body: { markdown: 'A comment' } }), 'comment')).id as string;
  const reply = (await ok(api.post(`/v1/spaces/${space}/comments/${comment}/replies`, { body: { markdown: 'A reply' } }), 'reply')).id as string;
  const cr = (await ok(api.post(`/v1/spaces/${space}/change-requests`, { subject: 'Change' }), 'cr')).id as string;
  const crBase = `/v1/spaces/${space}/change-requests/${cr}`;
  const crComment = (await ok(api.post(`${crBase}/comments`, { body: { markdown: 'CR comment' } }), 'cr comment')).id as string;
  const crReply = (await ok(api.post(`${crBase}/comments/${crComment}/replies`, { body: { markdown: 'CR reply' } }), 'cr reply')).id as string;
  await ok(api.post(`${crBase}/requested-reviewers`, { users: [t.users.editor!.id] }), 'reviewer');
  const collection = (await ok(api.post(`/v1/orgs/${org}/collections`, { title: 'Guides' }), 'collection')).id as string;
  const team = (await ok(api.put(`/v1/orgs/${org}/teams`, { title: 'Writers', members: [t.users.guest!.id] }), 'team')).id as string;
  await ok(api.post(`/v1/spaces/${space}/permissions`, { role: 'read', users: [t.users.guest!.id], teams: [team] }), 'space perms');
  await ok(api.post(`/v1/collections/${collection}/permissions`, { role: 'read', users: [t.users.guest!.id], teams: [team] }), 'collection perms');
  const sites = `/v1/orgs/${org}/sites`;
  const site = (await ok(api.post(sites, { title: 'Site', spaces: [space] }), 'site')).id as string;
  const s = `${sites}/${site}`;
  await ok(api.post(`${s}/permissions`, { role: 'read', users: [t.users.guest!.id], teams: [team] }).then((r) => (r.status === 404 ? { status: 200, body: {} } : r)), 'site perms');
  const section = (await ok(api.post(`${s}/sections`, { spaceId: space2, title: 'Guides' }), 'section')).id as string;
  const group = (await ok(api.post(`${s}/section-groups`, { title: 'More', sections: [section] }), 'group')).id as string;
  const siteSpaces = (await ok(api.get(`${s}/site-spaces`), 'site spaces')).items as { id: string; space: { id: string } }[];
  const siteSpace = siteSpaces.find((x) => x.space.id === space)!.id;
  await ok(api.put(`${s}/site-spaces/${siteSpace}/customization`, { title: 'Custom' }).then(async (r) => (r.status < 300 ? r : { status: 200, body: {} })), 'ss customization');
  const shareLink = (await ok(api.post(`${s}/share-links`, { name: 'Reviewers' }), 'share link')).id as string;
  const redirect = (await ok(api.post(`${s}/redirects`, { source: '/old', destination: { kind: 'external', url: 'https://example.com/' } }), 'redirect')).id as string;
  const external = (await ok(api.post(`${s}/external-links`, { title: 'Blog', url: 'https://blog.example.com' }), 'external')).id as string;
  const hostname = `docs-${Math.random().toString(36).slice(2, 10)}.example.com`;
  await ok(api.patch(s, { hostname }), 'hostname');
  const invite = (await ok(api.post(`/v1/orgs/${org}/link-invites`, { role: 'read' }), 'link invite')).id as string;
  const spec = (await ok(api.post(`/v1/orgs/${org}/openapi`, { slug: 'petstore', source: { text: '{"openapi":"3.0.0","info":{"title":"t","version":"1"},"paths":{}}' } }), 'openapi')).slug as string;
  const saml = (await ok(api.post(`/v1/orgs/${org}/saml`, { label: 'Okta' }), 'saml')).id as string;
  const translation = (await ok(api.post(`/v1/orgs/${org}/translations`, { source: { space, language: 'en' }, language: 'fr' }), 'translation')).id as string;
  const token = (await ok(server.api(server.adminToken).post(`/v1/users/${t.users.editor!.id}/tokens`, { label: 'second' }), 'token')).id as string;
  const integration = `sweep-${Math.random().toString(36).slice(2, 10)}`;
  await ok(api.post(`/v1/integrations/${integration}`, { organization: org, title: 'Sweep', description: 'x', script: 'export default { async fetch() { return new Response("OK"); } };', scopes: ['space:content:read'] }), 'integration');
  const installation = (await ok(api.post(`/v1/integrations/${integration}/installations`, { organization: org }), 'installation')).id as string;
  await ok(api.post(`/v1/integrations/${integration}/installations/${installation}/spaces`, { space }), 'inst space');
  await ok(api.post(`/v1/integrations/${integration}/installations/${installation}/sites`, { siteId: site }), 'inst site');
  const fontData = Buffer.concat([Buffer.from('wOF2'), Buffer.alloc(60, 7)]);
  const up = await ok(api.post(`/v1/orgs/${org}/storage/upload`, { file: { name: 'B.woff2', type: 'font/woff2', size: fontData.length }, kind: 'customization_font' }), 'upload');
  await fetch(local(up.url), { method: 'PUT', headers: { 'content-type': 'font/woff2' }, body: fontData });
  const font = (await ok(api.put(`/v1/orgs/${org}/fonts`, { fontFamily: 'Brand', fontFaces: [{ weight: 400, storageKey: up.key }] }), 'font')).id as string;
  void stranger;

  const status = (p: string) => async (as = api) => String((await as.get(p)).status);
  const has = (p: string, id: string) => async (as = api) => {
    const r = await as.get(p);
    return `${r.status}:${JSON.stringify(r.body).includes(id)}`;
  };
  const targets: Target[] = [
    { op: 'removeTeamFromCollection', path: `/v1/collections/${collection}/permissions/teams/${team}`, probe: has(`/v1/collections/${collection}/permissions/aggregate`, team) },
    { op: 'removeUserFromCollection', path: `/v1/collections/${collection}/permissions/users/${t.users.guest!.id}`, probe: has(`/v1/collections/${collection}/permissions/aggregate`, t.users.guest!.id) },
    { op: 'deleteCollectionById', path: `/v1/collections/${collection}`, probe: status(`/v1/collections/${collection}`) },
    { op: 'removeCustomHostname', path: `/v1/custom-hostnames/${hostname}`, probe: has(s, hostname), again: [404] },
    { op: 'uninstallIntegrationFromSite', path: `/v1/integrations/${integration}/installations/${installation}/sites/${site}`, probe: status(`/v1/integrations/${integration}/installations/${installation}/sites/${site}`) },
    { op: 'uninstallIntegrationFromSpace', path: `/v1/integrations/${integration}/installations/${installation}/spaces/${space}`, probe: status(`/v1/integrations/${integration}/installations/${installation}/spaces/${space}`) },
    { op: 'uninstallIntegration', path: `/v1/integrations/${integration}/installations/${installation}`, probe: status(`/v1/integrations/${integration}/installations/${installation}`) },
    { op: 'disableIntegrationDevelopmentMode', path: `/v1/integrations/${integration}/dev`, probe: status(`/v1/integrations/${integration}`), again: [404, 205] },
    { op: 'unpublishIntegration', path: `/v1/integrations/${integration}`, probe: status(`/v1/integrations/${integration}`) },
    { op: 'deleteCustomFont', path: `/v1/orgs/${org}/fonts/${font}`, probe: status(`/v1/orgs/${org}/fonts/${font}`) },
    { op: 'deleteOrganizationInviteById', path: `/v1/orgs/${org}/link-invites/${invite}`, probe: has(`/v1/orgs/${org}/link-invites`, invite) },
    { op: 'deleteOpenAPISpecBySlug', path: `/v1/orgs/${org}/openapi/${spec}`, probe: status(`/v1/orgs/${org}/openapi/${spec}`) },
    { op: 'deleteOrganizationSAMLProvider', path: `/v1/orgs/${org}/saml/${saml}`, probe: status(`/v1/orgs/${org}/saml/${saml}`) },
    { op: 'deleteSiteExternalLinkById', path: `${s}/external-links/${external}`, probe: has(`${s}/external-links`, external) },
    { op: 'removeTeamFromSite', path: `${s}/permissions/teams/${team}`, probe: has(`${s}/permissions/aggregate`, team) },
    { op: 'removeUserFromSite', path: `${s}/permissions/users/${t.users.guest!.id}`, probe: has(`${s}/permissions/aggregate`, t.users.guest!.id) },
    { op: 'deleteSiteRedirectById', path: `${s}/redirects/${redirect}`, probe: status(`${s}/redirects/${redirect}`) },
    { op: 'removeSectionFromGroup', path: `${s}/section-groups/${group}/sections/${section}`, probe: has(`${s}/section-groups/${group}`, section), again: [404, 205] },
    { op: 'deleteSiteSectionGroupById', path: `${s}/section-groups/${group}`, probe: status(`${s}/section-groups/${group}`) },
    { op: 'deleteSiteSectionById', path: `${s}/sections/${section}`, probe: status(`${s}/sections/${section}`) },
    { op: 'deleteSiteShareLinkById', path: `${s}/share-links/${shareLink}`, probe: has(`${s}/share-links`, shareLink) },
    { op: 'deleteSiteSpaceCustomizationById', path: `${s}/site-spaces/${siteSpace}/customization`, probe: async (as = api) => JSON.stringify((await as.get(`${s}/site-spaces/${siteSpace}/customization`)).body), again: [404, 205] },
    { op: 'deleteSiteSpaceById', path: `${s}/site-spaces/${siteSpace}`, probe: has(`${s}/site-spaces`, siteSpace) },
    { op: 'deleteMemberFromOrganizationTeamById', path: `/v1/orgs/${org}/teams/${team}/members/${t.users.guest!.id}`, probe: has(`/v1/orgs/${org}/teams/${team}/members`, t.users.guest!.id), selfMay: ['guest'] },
    { op: 'removeTeamFromOrganizationById', path: `/v1/orgs/${org}/teams/${team}`, probe: status(`/v1/orgs/${org}/teams/${team}`) },
    { op: 'deleteTranslation', path: `/v1/orgs/${org}/translations/${translation}`, probe: status(`/v1/orgs/${org}/translations/${translation}`) },
    { op: 'deleteCommentReplyInChangeRequest', path: `${crBase}/comments/${crComment}/replies/${crReply}`, probe: status(`${crBase}/comments/${crComment}/replies/${crReply}`) },
    { op: 'deleteCommentInChangeRequest', path: `${crBase}/comments/${crComment}`, probe: status(`${crBase}/comments/${crComment}`) },
    { op: 'removeRequestedReviewerFromChangeRequest', path: `${crBase}/requested-reviewers/${t.users.editor!.id}`, probe: has(`${crBase}/requested-reviewers`, t.users.editor!.id), selfMay: ['editor'] },
    { op: 'deleteCommentReplyInSpace', path: `/v1/spaces/${space}/comments/${comment}/replies/${reply}`, probe: status(`/v1/spaces/${space}/comments/${comment}/replies/${reply}`) },
    { op: 'deleteCommentInSpace', path: `/v1/spaces/${space}/comments/${comment}`, probe: status(`/v1/spaces/${space}/comments/${comment}`) },
    { op: 'deleteSpaceFile', path: `/v1/spaces/${space}/content/files/${file}`, probe: status(`/v1/spaces/${space}/content/files/${file}`), editorMay: true },
    { op: 'deleteSpacePage', path: `/v1/spaces/${space}/content/page/${page}`, probe: status(`/v1/spaces/${space}/content/page/${page}`), editorMay: true },
    { op: 'deleteLegacyGitInstallation', path: `/v1/spaces/${space}/git/legacy-installation`, probe: async () => 'none', again: [204] },
    { op: 'removeTeamFromSpace', path: `/v1/spaces/${space}/permissions/teams/${team}`, probe: has(`/v1/spaces/${space}/permissions/aggregate`, team) },
    { op: 'removeUserFromSpace', path: `/v1/spaces/${space}/permissions/users/${t.users.guest!.id}`, probe: has(`/v1/spaces/${space}/permissions/aggregate`, t.users.guest!.id) },
    { op: 'removeMemberFromOrganizationById', path: `/v1/orgs/${org}/members/${t.users.reader!.id}`, probe: has(`/v1/orgs/${org}/members`, t.users.reader!.id), selfMay: ['reader'] },
    { op: 'revokeAPIToken', path: `/v1/user/tokens/${token}`, probe: async (as = api) => has('/v1/user/tokens', token)(as === api ? t.as('editor') : as) },
    { op: 'deleteSiteById', path: s, probe: status(s) },
    { op: 'deleteSpaceById', path: `/v1/spaces/${space2}`, probe: status(`/v1/spaces/${space2}`) },
  ];
  const ids: Record<string, string> = {
    organizationId: org, spaceId: space, pageId: page, fileId: file, changeRequestId: cr, commentId: comment, commentReplyId: reply,
    collectionId: collection, teamId: team, siteId: site, siteSectionId: section, siteSectionGroupId: group, siteSpaceId: siteSpace,
    shareLinkId: shareLink, siteRedirectId: redirect, siteExternalLinkId: external, hostname, inviteId: invite, specSlug: spec,
    samlProviderId: saml, translationId: translation, tokenId: token, integrationName: integration, installationId: installation, fontId: font,
    userId: t.users.guest!.id, pagePath: 'intro',
  };
  return { targets, space, space2, site, s, ids };
}

/**
 * Every GET operation of the spec whose path parameters `ids` fill, as `api`: the answers below 500 (what was
 * deleted, and what referred to it, reads as gone or as it is now, never as a server error).
 */
async function readEverything(api: TestApi, ids: Record<string, string>, who: string): Promise<string[]> {
  const problems: string[] = [];
  for (const [path, item] of Object.entries(SPEC.paths)) {
    if (!item.get) continue;
    const names = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
    if (names.some((n) => ids[n] === undefined)) continue;
    const url = path.replace(/\{(\w+)\}/g, (_, n: string) => encodeURIComponent(ids[n]!));
    const r = await api.get(url);
    if (r.status >= 500) problems.push(`${who} GET ${url} (${item.get.operationId}): ${r.status} ${JSON.stringify(r.body)?.slice(0, 200)}`);
  }
  return problems;
}

describe('DELETE sweep', () => {
  it('every DELETE operation: refused callers delete nothing and get 403 where they see it, else 204/404 (strangers never 403), never a 5xx; the owner deletes once, then 204', async () => {
    const t = await createTenant(server, { guest: null, reader: 'read', editor: 'edit' });
    const stranger = await createTenant(server);
    const { targets, ids } = await world(t, stranger);
    const specOps = new Set<string>();
    for (const item of Object.values(SPEC.paths)) if (item.delete) specOps.add(item.delete.operationId);
    expect([...specOps].filter((op) => !targets.some((x) => x.op === op))).toEqual([]);

    const callers: [string, TestApi][] = [['stranger', stranger.api], ['guest', t.as('guest')], ['reader', t.as('reader')], ['editor', t.as('editor')]];
    const problems: string[] = [];
    for (const target of targets) {
      for (const [who, api] of callers) {
        if (who === 'editor' && target.editorMay) continue;
        if (target.op === 'revokeAPIToken' && who === 'editor') continue;
        const before = await target.probe();
        // Whether the caller sees the thing: its read answers them as it answers the owner.
        const sees = (await target.probe(api)) === before;
        const r = await api.delete(target.path);
        const after = await target.probe();
        const line = `${target.op} as ${who} (${sees ? 'sees it' : 'does not see it'}): ${r.status} ${JSON.stringify(r.body)?.slice(0, 120)}`;
        if (before !== after && !target.selfMay?.includes(who)) problems.push(`changed (${before} -> ${after}) ${line}`);
        else if (before !== after) continue;
        else if (r.status >= 500) problems.push(`5xx ${line}`);
        // A stranger is told nothing: 404, or GitBook's 204 of a DELETE of what does not exist (nothing happens).
        else if (who === 'stranger' && r.status !== 204 && r.status !== 404) problems.push(`stranger ${line}`);
        else if (who !== 'stranger' && sees && before.startsWith('200') && r.status !== 403) problems.push(`not 403 ${line}`);
        else if (r.status !== 204 && r.status !== 403 && r.status !== 404) problems.push(`status ${line}`);
        else if (r.status >= 400 && !r.body?.error?.code) problems.push(`error body ${line}`);
      }
    }
    // The owner deletes each once; the second time answers 404 (or 204 where the operation is idempotent).
    for (const target of targets) {
      const who = target.op === 'revokeAPIToken' ? t.as('editor') : t.api;
      const r = await who.delete(target.path);
      if (r.status >= 300) problems.push(`owner ${target.op}: ${r.status} ${JSON.stringify(r.body)?.slice(0, 160)}`);
      const again = await who.delete(target.path);
      if (again.status !== 204 && !(target.again ?? []).includes(again.status)) problems.push(`owner again ${target.op}: ${again.status} ${JSON.stringify(again.body)?.slice(0, 160)}`);
    }
    // Everything that named what was deleted reads without a server error.
    problems.push(...await readEverything(t.api, ids, 'owner'));
    expect(problems).toEqual([]);
  }, 300_000);
  it('deleting what is used elsewhere (a space a site publishes, a team with permissions, a spec OpenAPI blocks use, a page a redirect names) leaves no orphan and no 5xx on the reads that referred to it', async () => {
    const t = await createTenant(server, { guest: null, reader: 'read', editor: 'edit' });
    const stranger = await createTenant(server);
    const { ids, s, space, space2 } = await world(t, stranger);
    const api = t.api;
    await ok(api.patch(s, { visibility: 'public' }), 'public');
    await ok(api.post(`${s}/publish`), 'publish');
    const block = '{% openapi-operation spec="petstore" path="/pets" method="get" %}\n[OpenAPI petstore](https://example.com)\n{% endopenapi-operation %}\n';
    const uses = (await ok(api.post(`/v1/spaces/${space}/content/pages`, { title: 'Uses', markdown: `See [intro](intro).\n\n${block}` }), 'uses')).id as string;
    await ok(api.post(`/v1/spaces/${space}/content/pages`, { type: 'computed', title: 'Reference', computed: { type: 'builtin:openapi', props: {}, dependencies: { spec: { ref: { kind: 'openapi', spec: 'petstore' } } } } }), 'computed');
    await ok(api.post(`${s}/redirects`, { source: '/old-intro', destination: { kind: 'page', spaceId: space, pageId: ids.pageId } }).then((r) => (r.status < 300 ? r : api.post(`${s}/redirects`, { source: '/old-intro', destination: { kind: 'path', spaceId: space, path: 'intro' } }))), 'page redirect');

    // In use: the team has space, collection and site permissions; the spec is used by a block and a computed page;
    // the page is linked to and redirected to; the spaces are published by the site (one in a section).
    expect((await api.delete(`/v1/orgs/${t.org}/teams/${ids.teamId}`)).status).toBe(204);
    expect((await api.delete(`/v1/orgs/${t.org}/openapi/petstore`)).status).toBe(204);
    expect((await api.delete(`/v1/spaces/${space}/content/page/${ids.pageId}`)).status).toBe(204);
    expect((await api.delete(`/v1/spaces/${space2}`)).status).toBe(204);
    // The structure of the published site: the group holding the section, then the site's default site space.
    expect((await api.delete(`${s}/section-groups/${ids.siteSectionGroupId}`)).status).toBe(204);
    expect((await api.delete(`${s}/site-spaces/${ids.siteSpaceId}`)).status).toBe(204);

    const problems: string[] = [];
    const structure = await api.get(`${s}/structure`);
    if (structure.status !== 200 || JSON.stringify(structure.body).includes(ids.siteSpaceId!)) problems.push(`structure after deleting the default site space: ${structure.status} ${JSON.stringify(structure.body).slice(0, 200)}`);
    // No orphan: the team is in no permission list, nor in its former member's teams.
    for (const path of [`/v1/spaces/${space}/permissions/aggregate`, `/v1/collections/${ids.collectionId}/permissions/aggregate`, `${s}/permissions/aggregate`, `/v1/orgs/${t.org}/members/${t.users.guest!.id}/teams`, `/v1/orgs/${t.org}/teams`]) {
      const r = await api.get(path);
      if (r.status >= 500 || JSON.stringify(r.body).includes(ids.teamId!)) problems.push(`team left in ${path}: ${r.status}`);
    }
    const evaluated = await api.get(`/v1/spaces/${space}/content/page/${uses}?format=markdown&evaluated=true`);
    if (evaluated.status !== 200) problems.push(`page with a block of the deleted spec: ${evaluated.status}`);
    problems.push(...await readEverything(api, { ...ids, spaceId: space2 }, 'owner (deleted space)'));
    for (const [who, caller] of [['owner', api], ['guest', t.as('guest')], ['stranger', stranger.api]] as const) {
      problems.push(...await readEverything(caller, ids, who));
      const searched = await caller.post(`${s}/search`, { query: 'intro' });
      if (searched.status >= 500) problems.push(`${who} site search: ${searched.status}`);
    }
    for (const path of ['', '/uses', '/reference', '/old-intro', '/guides', '/~search?q=hello', '/sitemap.xml', '/llms.txt', '/llms-full.txt']) {
      const r = await fetch(`${server.url}/sites/${ids.siteId}${path}`, { redirect: 'manual' });
      if (r.status >= 500) problems.push(`published ${path}: ${r.status} ${(await r.text()).slice(0, 200)}`);
    }
    const lookup = await api.post('/v1/urls/published', { url: `${server.ctx.config.publicUrl}/sites/${ids.siteId}/guides` });
    if (lookup.status >= 500) problems.push(`urls/published: ${lookup.status}`);
    expect(problems).toEqual([]);
  }, 300_000);
  it('a child id of another organization under a parent of one\'s own (every DELETE with nested ids, as the admin of the parent): nothing of the other organization is deleted, no 5xx', async () => {
    const victim = await createTenant(server, { guest: null, reader: 'read', editor: 'edit' });
    const attacker = await createTenant(server, { guest: null, reader: 'read', editor: 'edit' });
    const theirs = await world(victim, attacker);
    const mine = await world(attacker, victim);
    const templates = new Map<string, string>();
    for (const [path, item] of Object.entries(SPEC.paths)) if (item.delete) templates.set(item.delete.operationId, path);
    const problems: string[] = [];
    let tried = 0;
    for (const target of theirs.targets) {
      const template = templates.get(target.op)!;
      const names = [...template.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
      if (names.length < 2) continue;
      // Each parameter after the first from the other organization, the others from one's own.
      for (let k = 1; k < names.length; k++) {
        const url = template.replace(/\{(\w+)\}/g, (_, n: string) => encodeURIComponent((n === names[k] ? theirs.ids : mine.ids)[n]!));
        const before = await target.probe();
        const r = await attacker.api.delete(url);
        const after = await target.probe();
        tried++;
        if (before !== after) problems.push(`deleted another organization's ${names[k]}: DELETE ${url} ${r.status}`);
        if (r.status >= 500) problems.push(`5xx DELETE ${url}: ${r.status} ${JSON.stringify(r.body)?.slice(0, 160)}`);
      }
    }
    expect(tried).toBeGreaterThan(30);
    expect(problems).toEqual([]);
  }, 300_000);
});

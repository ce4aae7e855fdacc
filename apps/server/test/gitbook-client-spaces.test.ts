// GitBook's official client (@gitbook/api), unchanged, against Bindery's spaces, collections, teams and grants.
import { GitBookAPI, GitBookAPIError } from '@gitbook/api';
import { describe, expect, it } from 'vitest';
import { addMember, createOrganization, createUser, useTestServer } from '../src/testing/index.js';
import { failure } from './support/gitbook-client.js';

// @gitbook/api's declarations cannot be followed under NodeNext resolution; the namespaces used here are typed by
// hand (the runtime is the real client).
type R<T> = Promise<{ status: number; data: T }>;
interface Space { id: string; title: string; emoji: string; revision: string; parent?: string; deletedAt?: string; permissions: { admin: boolean } }
interface GitBookClient {
  orgs: {
    createSpace(org: string, body: Record<string, unknown>): R<Space>;
    listSpacesInOrganizationById(org: string, q?: Record<string, unknown>): R<{ items: Space[]; next?: { page: string } }>;
    createCollection(org: string, body: Record<string, unknown>): R<{ id: string; title: string }>;
    listCollectionsInOrganizationById(org: string, q?: Record<string, unknown>): R<{ items: { id: string }[] }>;
    createOrganizationTeam(org: string, body: Record<string, unknown>): R<{ id: string; members: number }>;
    updateMembersInOrganizationTeam(org: string, team: string, body: Record<string, unknown>): R<null>;
    listTeamMembersInOrganizationById(org: string, team: string): R<{ items: { organization: { id: string }; team: { role: string } }[] }>;
  };
  spaces: {
    getSpaceById(id: string, q?: Record<string, unknown>): R<Space>;
    updateSpaceById(id: string, body: Record<string, unknown>): R<Space>;
    moveSpace(id: string, body: Record<string, unknown>): R<Space>;
    duplicateSpace(id: string): R<Space>;
    deleteSpaceById(id: string): R<null>;
    restoreSpace(id: string): R<Space>;
    inviteToSpace(id: string, body: Record<string, unknown>): R<null>;
    listPages(id: string): R<{ pages: { title: string; pages: { title: string }[] }[] }>;
  };
  collections: {
    getCollectionById(id: string): R<{ id: string; permissions: { create: boolean } }>;
  };
}
const gitbook = (opts: { endpoint: string; authToken?: string }) => new GitBookAPI(opts) as unknown as GitBookClient;

const server = useTestServer();

describe('@gitbook/api: spaces, collections, teams', () => {
  it('drives the space lifecycle and team membership', async () => {
    const owner = await createUser(server, 'Client owner');
    const mate = await createUser(server, 'Client mate');
    const org = (await createOrganization(server, owner)).id;
    await addMember(server, org, owner, mate, null);
    const api = gitbook({ endpoint: server.url, authToken: owner.token });

    const coll = await api.orgs.createCollection(org, { title: 'Guides' });
    expect(coll.status).toBe(201);
    const space = await api.orgs.createSpace(org, { title: 'Handbook', parent: coll.data.id });
    expect(space.status).toBe(201);
    expect((await api.spaces.getSpaceById(space.data.id)).data.parent).toBe(coll.data.id);
    expect((await api.spaces.updateSpaceById(space.data.id, { title: 'Manual' })).data.title).toBe('Manual');
    const moved = await api.spaces.moveSpace(space.data.id, { parent: null });
    expect(moved.data.parent).toBeUndefined();
    const copy = await api.spaces.duplicateSpace(space.data.id);
    expect(copy.status).toBe(201);
    expect((await api.orgs.listSpacesInOrganizationById(org, { limit: 1 })).data.next?.page).toBeTruthy();
    expect((await api.orgs.listCollectionsInOrganizationById(org, { nested: false })).data.items.map((c) => c.id)).toEqual([coll.data.id]);
    expect((await api.collections.getCollectionById(coll.data.id)).data.permissions.create).toBe(true);

    const team = await api.orgs.createOrganizationTeam(org, { title: 'Writers' });
    expect(team.status).toBe(201);
    expect((await api.orgs.updateMembersInOrganizationTeam(org, team.data.id, { add: [mate.email], memberships: {} })).status).toBe(204);
    const members = await api.orgs.listTeamMembersInOrganizationById(org, team.data.id);
    expect(members.data.items.map((m) => [m.organization.id, m.team.role])).toEqual([[mate.id, 'member']]);
    expect((await api.spaces.inviteToSpace(space.data.id, { role: 'edit', teams: [team.data.id] })).status).toBe(204);
    const mateApi = gitbook({ endpoint: server.url, authToken: mate.token });
    expect((await mateApi.spaces.getSpaceById(space.data.id)).data.permissions.admin).toBe(false);

    expect((await api.spaces.deleteSpaceById(space.data.id)).status).toBe(204);
    expect((await api.spaces.getSpaceById(space.data.id)).data.deletedAt).toBeDefined();
    expect((await api.spaces.restoreSpace(space.data.id)).data.deletedAt).toBeUndefined();

    const err = await gitbook({ endpoint: server.url, authToken: (await createUser(server, 'Outsider')).token })
      .spaces.getSpaceById(space.data.id)
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(GitBookAPIError);
    expect((err as { code: number }).code).toBe(404);
  });

  it('takes GitBook\'s spellings: a space made from a template, the emoji removed with {emoji: null, icon: null}', async () => {
    const owner = await createUser(server, 'Template owner');
    const org = (await createOrganization(server, owner)).id;
    const api = gitbook({ endpoint: server.url, authToken: owner.token });

    // createSpace {template}: the template's pages are the new space's content, in the same transaction.
    const made = await api.orgs.createSpace(org, { title: 'From template', emoji: '📘', template: { id: 'product-docs' } });
    expect(made.status).toBe(201);
    const pages = (await api.spaces.listPages(made.data.id)).data.pages;
    expect(pages.map((p) => p.title)).toEqual(['Overview', 'Getting started', 'Guides', 'Reference']);
    expect(pages[1]!.pages.map((p) => p.title)).toEqual(['Quickstart', 'Installation']);
    expect((await api.spaces.getSpaceById(made.data.id)).data.revision).toBe(made.data.revision);
    const before = (await api.orgs.listSpacesInOrganizationById(org)).data.items.length;
    const unknown = await failure(api.orgs.createSpace(org, { title: 'Nope', template: { id: 'no-such-template' } }));
    expect([unknown.code, unknown.errorMessage]).toEqual([400, expect.stringContaining('/body/template/id')]);
    const both = await failure(api.orgs.createSpace(org, { title: 'Nope', template: { id: 'product-docs' }, empty: true }));
    expect([both.code, both.errorMessage]).toEqual([400, expect.stringContaining('/body/empty')]);
    const refs = await failure(api.orgs.createSpace(org, { title: 'Nope', template: { id: 'product-docs', params: { contentRefs: { logo: { kind: 'file', file: 'file-123' } } } } }));
    expect([refs.code, refs.errorMessage]).toEqual([400, expect.stringContaining('/body/template/params/contentRefs/logo/file')]);
    expect((await api.orgs.listSpacesInOrganizationById(org)).data.items).toHaveLength(before);

    // updateSpaceById: GitBook's "remove icon or emoji" form, either key alone, and an emoji beside `icon: null`.
    const id = made.data.id;
    expect((await api.spaces.updateSpaceById(id, { emoji: null, icon: null })).data.emoji).toBe('');
    expect((await api.spaces.updateSpaceById(id, { emoji: '🚀', icon: null })).data.emoji).toBe('🚀');
    expect((await api.spaces.updateSpaceById(id, { icon: null })).data.emoji).toBe('');
    expect((await api.spaces.updateSpaceById(id, { emoji: '🚀' })).data.emoji).toBe('🚀');
    expect((await api.spaces.updateSpaceById(id, { emoji: null })).data.emoji).toBe('');
    const url = await failure(api.spaces.updateSpaceById(id, { icon: 'https://example.com/icon.png' }));
    expect([url.code, url.errorMessage]).toEqual([400, expect.stringContaining('/body/icon')]);
  });
});

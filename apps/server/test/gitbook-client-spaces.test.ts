// GitBook's official client (@gitbook/api), unchanged, against Bindery's spaces, collections, teams and grants.
import { GitBookAPI, GitBookAPIError } from '@gitbook/api';
import { describe, expect, it } from 'vitest';
import { addMember, createOrganization, createUser, useTestServer } from '../src/testing/index.js';

// @gitbook/api's declarations cannot be followed under NodeNext resolution; the namespaces used here are typed by
// hand (the runtime is the real client).
type R<T> = Promise<{ status: number; data: T }>;
interface Space { id: string; title: string; parent?: string; deletedAt?: string; permissions: { admin: boolean } }
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
});

// GitBook's official client (@gitbook/api) pointed at Bindery works unchanged for what is implemented.
import { GitBookAPI, GitBookAPIError } from '@gitbook/api';
import { describe, expect, it } from 'vitest';
import { addMember, createOrganization, createUser, useTestServer } from '../src/testing/index.js';

// @gitbook/api's declarations use extensionless relative imports that NodeNext resolution cannot follow, so its
// namespaces are typed here for the calls this test makes (the runtime is the real client).
type R<T> = Promise<{ status: number; data: T }>;
interface GitBookClient {
  user: { getAuthenticatedUser(): R<{ id: string }> };
  orgs: {
    listOrganizationsForAuthenticatedUser(): R<{ items: { id: string }[] }>;
    getOrganizationById(id: string): R<{ title: string }>;
    listMembersInOrganizationById(id: string, q: Record<string, unknown>): R<{ items: { id: string }[]; next?: { page: string } }>;
    updateMemberInOrganizationById(id: string, userId: string, body: { role: string }): R<{ role: string }>;
    removeMemberFromOrganizationById(id: string, userId: string): R<null>;
  };
}
const gitbook = (opts: { endpoint: string; authToken?: string }) => new GitBookAPI(opts) as unknown as GitBookClient;

const server = useTestServer();

describe('@gitbook/api against Bindery', () => {
  it('reads the user, organizations and members, and follows pagination', async () => {
    const owner = await createUser(server, 'Gb Owner');
    const mate = await createUser(server, 'Gb Mate');
    const org = await createOrganization(server, owner, { title: 'GitBook client org' });
    await addMember(server, org.id, owner, mate, 'edit');
    const api = gitbook({ endpoint: server.url, authToken: owner.token });

    const me = await api.user.getAuthenticatedUser();
    expect(me.data.id).toBe(owner.id);
    const orgs = await api.orgs.listOrganizationsForAuthenticatedUser();
    expect(orgs.data.items.map((o) => o.id)).toEqual([org.id]);
    const got = await api.orgs.getOrganizationById(org.id);
    expect(got.data.title).toBe('GitBook client org');
    const members = await api.orgs.listMembersInOrganizationById(org.id, { limit: 1, order: 'asc' });
    expect(members.data.items).toHaveLength(1);
    expect(members.data.next?.page).toBeTruthy();
    const rest = await api.orgs.listMembersInOrganizationById(org.id, { limit: 1, order: 'asc', page: members.data.next!.page });
    expect(rest.data.items[0]!.id).toBe(mate.id);
    const updated = await api.orgs.updateMemberInOrganizationById(org.id, mate.id, { role: 'review' });
    expect(updated.data.role).toBe('review');
    const removed = await api.orgs.removeMemberFromOrganizationById(org.id, mate.id);
    expect(removed.status).toBe(204);
  });

  it('surfaces errors as GitBookAPIError with the HTTP status and message', async () => {
    const u = await createUser(server, 'Gb Err');
    const api = gitbook({ endpoint: server.url, authToken: u.token });
    const err = await api.orgs.getOrganizationById('missing').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(GitBookAPIError);
    expect((err as { code: number }).code).toBe(404);
    expect((err as { errorMessage: string }).errorMessage).toBe('Organization not found');
    const anon = gitbook({ endpoint: server.url });
    const e401 = await anon.user.getAuthenticatedUser().catch((e: unknown) => e);
    expect((e401 as { code: number }).code).toBe(401);
  });
});

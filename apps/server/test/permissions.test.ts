// The permission model, end to end: every operation of spaces, collections (their grants too), teams and members is run as every kind
// of caller and checked against the table of docs/permissions.md (read from the file, so the documentation and the
// server cannot drift apart); then every `permissions` object is checked against what the API then allows.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROLES, atLeast, type Role } from '../src/policies/roles.js';
import { addMember, createOrganization, createUser, type TestApi, type TestResponse, type TestUser, useTestServer } from '../src/testing/index.js';

const server = useTestServer();

// ---------------------------------------------------------------------------------------------------------------
// The documented table.

interface Row {
  key: string;
  needs: string;
  guest: string;
  other: string;
  anonymous: string;
}

function documentedTable(): Map<string, Row> {
  const md = readFileSync(fileURLToPath(new URL('../../../docs/permissions.md', import.meta.url)), 'utf8');
  const rows = new Map<string, Row>();
  const section = md.slice(md.indexOf('## Operations × callers'));
  for (const line of section.split('\n')) {
    const m = /^\| `(\w+)`( \([^)]*\))? \|/.exec(line);
    if (!m) continue;
    const cells = line.split('|').slice(1, -1).map((c) => c.trim());
    const key = m[1]! + (m[2] ?? '');
    rows.set(key, { key, needs: cells[2]!, guest: cells[3]!, other: cells[4]!, anonymous: cells[5]! });
  }
  return rows;
}

type Who = Role | 'guest' | 'outsider' | 'anonymous';
const WHO: Who[] = [...ROLES, 'guest', 'outsider', 'anonymous'];

/** What the table says `who` gets: the success status, 'noop' (204 and nothing changed), or an error status. */
function expected(row: Row, who: Who, ok: number): number | 'noop' | 'skip' {
  const cell = (c: string): number | 'noop' | 'skip' => (c === '-' ? 'skip' : c === '204 (no-op)' ? 'noop' : c === '200' ? ok : Number(c));
  if (who === 'anonymous') return Number(row.anonymous);
  if (who === 'outsider') return cell(row.other);
  const needs = row.needs.split(' ')[0]!;
  if (needs === 'member' || needs === 'team') return ok;
  if (who === 'guest') return cell(row.guest);
  const below = /\((\d{3}) below\)/.exec(row.needs)?.[1];
  return atLeast(who, needs as Role) ? ok : below ? Number(below) : 403;
}

// ---------------------------------------------------------------------------------------------------------------
// The fixture: organization A with one member per role, a guest and a victim (the target of member operations);
// an outsider who administers organization B; everyone administers an organization of their own (transfers).

interface Fixture {
  org: string;
  orgB: string;
  users: Record<Exclude<Who, 'anonymous'>, TestUser>;
  owner: TestUser;
  victim: TestUser;
  ownOrg: Record<string, string>;
  space: string;
  collection: string;
  team: string;
}

let fx: Fixture;
const asOwner = () => server.api(fx.owner.token);
const apiFor = (who: Who): TestApi => server.api(who === 'anonymous' ? undefined : fx.users[who].token);

async function ok<T = any>(p: Promise<TestResponse<T>>, status: number): Promise<T> {
  const r = await p;
  if (r.status !== status) throw new Error(`expected ${status}, got ${r.status}: ${JSON.stringify(r.body)}`);
  return r.body;
}

beforeAll(async () => {
  const owner = await createUser(server, 'Perm Owner');
  const org = (await createOrganization(server, owner)).id as string;
  const users = {} as Fixture['users'];
  for (const role of ROLES) {
    users[role] = await createUser(server, `Perm ${role}`);
    await addMember(server, org, owner, users[role], role);
  }
  users.guest = await createUser(server, 'Perm guest');
  await addMember(server, org, owner, users.guest, null);
  const victim = await createUser(server, 'Perm victim');
  await addMember(server, org, owner, victim, 'read');
  users.outsider = await createUser(server, 'Perm outsider');
  const orgB = (await createOrganization(server, users.outsider)).id as string;
  const ownOrg: Record<string, string> = { outsider: orgB, anonymous: orgB };
  await Promise.all(ROLES.map(async (r) => { ownOrg[r] = (await createOrganization(server, users[r])).id; }));
  ownOrg.guest = (await createOrganization(server, users.guest)).id;
  const api = server.api(owner.token);
  const space = (await ok(api.post(`/v1/orgs/${org}/spaces`, { title: 'Shared space' }), 201)).id;
  const collection = (await ok(api.post(`/v1/orgs/${org}/collections`, { title: 'Shared collection' }), 201)).id;
  await ok(api.post(`/v1/orgs/${org}/spaces`, { title: 'In collection', parent: collection }), 201);
  const team = (await ok(api.put(`/v1/orgs/${org}/teams`, { title: 'Shared team', members: [...ROLES.map((r) => users[r].id), victim.id] }), 201)).id;
  fx = { org, orgB, users, owner, victim, ownOrg, space, collection, team };
});

// ---------------------------------------------------------------------------------------------------------------
// One runnable case per row of the table.

interface Case {
  ok: number;
  /** Makes a fresh target for one caller (destructive operations), as the owner. */
  setup?: (who: Who) => Promise<string>;
  run: (api: TestApi, target: string, who: Who) => Promise<TestResponse>;
  /** For 204 no-ops: checks that nothing changed. */
  unchanged?: (target: string) => Promise<void>;
}

const freshSpace = async () => (await ok(asOwner().post(`/v1/orgs/${fx.org}/spaces`, { title: 'Fresh' }), 201)).id as string;
const freshCollection = async () => (await ok(asOwner().post(`/v1/orgs/${fx.org}/collections`, { title: 'Fresh' }), 201)).id as string;
const freshMember = async () => {
  const u = await createUser(server, 'Fresh member');
  await addMember(server, fx.org, fx.owner, u, 'read');
  return u.id;
};
const teamWith = async (ids: string[]) => (await ok(asOwner().put(`/v1/orgs/${fx.org}/teams`, { title: 'Fresh team', members: ids }), 201)).id as string;
const roleIds = () => ROLES.map((r) => fx.users[r].id);

const CASES: Record<string, Case> = {
  listSpacesInOrganizationById: { ok: 200, run: (api) => api.get(`/v1/orgs/${fx.org}/spaces`) },
  createSpace: { ok: 201, run: (api) => api.post(`/v1/orgs/${fx.org}/spaces`, { title: 'Made' }) },
  getSpaceById: { ok: 200, run: (api) => api.get(`/v1/spaces/${fx.space}`) },
  updateSpaceById: { ok: 200, run: (api) => api.patch(`/v1/spaces/${fx.space}`, { title: 'Renamed' }) },
  'updateSpaceById (editMode only)': { ok: 200, run: (api) => api.patch(`/v1/spaces/${fx.space}`, { editMode: 'live' }) },
  deleteSpaceById: {
    ok: 204, setup: freshSpace, run: (api, id) => api.delete(`/v1/spaces/${id}`),
    unchanged: async (id) => expect((await ok(asOwner().get(`/v1/spaces/${id}`), 200)).deletedAt).toBeUndefined(),
  },
  restoreSpace: {
    ok: 200,
    setup: async () => {
      const id = await freshSpace();
      await ok(asOwner().delete(`/v1/spaces/${id}`), 204);
      return id;
    },
    run: (api, id) => api.post(`/v1/spaces/${id}/restore`),
  },
  duplicateSpace: { ok: 201, run: (api) => api.post(`/v1/spaces/${fx.space}/duplicate`) },
  moveSpace: { ok: 200, setup: freshSpace, run: (api, id) => api.post(`/v1/spaces/${id}/move`, { parent: fx.collection }) },
  transferSpace: { ok: 200, setup: freshSpace, run: (api, id, who) => api.post(`/v1/spaces/${id}/transfer`, { organization: fx.ownOrg[who] }) },
  inviteToSpace: { ok: 204, run: (api) => api.post(`/v1/spaces/${fx.space}/permissions`, { role: 'read', users: [fx.victim.id] }) },
  listUserPermissionsInSpace: { ok: 200, run: (api) => api.get(`/v1/spaces/${fx.space}/permissions/users`) },
  updateUserPermissionInSpace: { ok: 204, run: (api) => api.patch(`/v1/spaces/${fx.space}/permissions/users/${fx.victim.id}`, { role: 'read' }) },
  removeUserFromSpace: { ok: 204, run: (api) => api.delete(`/v1/spaces/${fx.space}/permissions/users/${fx.victim.id}`) },
  listTeamPermissionsInSpace: { ok: 200, run: (api) => api.get(`/v1/spaces/${fx.space}/permissions/teams`) },
  updateTeamPermissionInSpace: { ok: 204, run: (api) => api.patch(`/v1/spaces/${fx.space}/permissions/teams/${fx.team}`, { role: 'read' }) },
  removeTeamFromSpace: { ok: 204, run: (api) => api.delete(`/v1/spaces/${fx.space}/permissions/teams/${fx.team}`) },
  listPermissionsAggregateInSpace: { ok: 200, run: (api) => api.get(`/v1/spaces/${fx.space}/permissions/aggregate`) },

  listCollectionsInOrganizationById: { ok: 200, run: (api) => api.get(`/v1/orgs/${fx.org}/collections`) },
  createCollection: { ok: 201, run: (api) => api.post(`/v1/orgs/${fx.org}/collections`, { title: 'Made' }) },
  getCollectionById: { ok: 200, run: (api) => api.get(`/v1/collections/${fx.collection}`) },
  updateCollectionById: { ok: 200, run: (api) => api.patch(`/v1/collections/${fx.collection}`, { description: 'Described' }) },
  deleteCollectionById: {
    ok: 204, setup: freshCollection, run: (api, id) => api.delete(`/v1/collections/${id}`),
    unchanged: async (id) => void (await ok(asOwner().get(`/v1/collections/${id}`), 200)),
  },
  listSpacesInCollectionById: { ok: 200, run: (api) => api.get(`/v1/collections/${fx.collection}/spaces`) },
  moveCollection: { ok: 200, setup: freshCollection, run: (api, id) => api.post(`/v1/collections/${id}/move`, { parent: fx.collection }) },
  transferCollection: { ok: 200, setup: freshCollection, run: (api, id, who) => api.post(`/v1/collections/${id}/transfer`, { organization: fx.ownOrg[who] }) },
  inviteToCollection: { ok: 204, run: (api) => api.post(`/v1/collections/${fx.collection}/permissions`, { role: 'read', users: [fx.victim.id] }) },
  listUserPermissionsInCollection: { ok: 200, run: (api) => api.get(`/v1/collections/${fx.collection}/permissions/users`) },
  updateUserPermissionInCollection: { ok: 204, run: (api) => api.patch(`/v1/collections/${fx.collection}/permissions/users/${fx.victim.id}`, { role: 'read' }) },
  removeUserFromCollection: { ok: 204, run: (api) => api.delete(`/v1/collections/${fx.collection}/permissions/users/${fx.victim.id}`) },
  listTeamPermissionsInCollection: { ok: 200, run: (api) => api.get(`/v1/collections/${fx.collection}/permissions/teams`) },
  updateTeamPermissionInCollection: { ok: 204, run: (api) => api.patch(`/v1/collections/${fx.collection}/permissions/teams/${fx.team}`, { role: 'read' }) },
  removeTeamFromCollection: { ok: 204, run: (api) => api.delete(`/v1/collections/${fx.collection}/permissions/teams/${fx.team}`) },
  listPermissionsAggregateInCollection: { ok: 200, run: (api) => api.get(`/v1/collections/${fx.collection}/permissions/aggregate`) },

  listTeamsInOrganizationById: { ok: 200, run: (api) => api.get(`/v1/orgs/${fx.org}/teams`) },
  createOrganizationTeam: { ok: 201, run: (api) => api.put(`/v1/orgs/${fx.org}/teams`, { title: 'Made' }) },
  getTeamInOrganizationById: { ok: 200, run: (api) => api.get(`/v1/orgs/${fx.org}/teams/${fx.team}`) },
  updateTeamInOrganizationById: { ok: 200, run: (api) => api.patch(`/v1/orgs/${fx.org}/teams/${fx.team}`, { title: 'Shared team' }) },
  removeTeamFromOrganizationById: {
    ok: 204, setup: () => teamWith(roleIds()), run: (api, id) => api.delete(`/v1/orgs/${fx.org}/teams/${id}`),
    unchanged: async (id) => void (await ok(asOwner().get(`/v1/orgs/${fx.org}/teams/${id}`), 200)),
  },
  listTeamMembersInOrganizationById: { ok: 200, run: (api) => api.get(`/v1/orgs/${fx.org}/teams/${fx.team}/members`) },
  updateMembersInOrganizationTeam: { ok: 204, run: (api) => api.put(`/v1/orgs/${fx.org}/teams/${fx.team}/members`, { add: [fx.victim.id] }) },
  addMemberToOrganizationTeamById: { ok: 204, run: (api) => api.put(`/v1/orgs/${fx.org}/teams/${fx.team}/members/${fx.victim.id}`, {}) },
  deleteMemberFromOrganizationTeamById: {
    ok: 204, setup: () => teamWith([...roleIds(), fx.victim.id]),
    run: (api, id) => api.delete(`/v1/orgs/${fx.org}/teams/${id}/members/${fx.victim.id}`),
  },
  'deleteMemberFromOrganizationTeamById (self)': {
    ok: 204, setup: () => teamWith([...roleIds(), fx.users.guest.id]),
    run: (api, id, who) => api.delete(`/v1/orgs/${fx.org}/teams/${id}/members/${who === 'anonymous' ? fx.victim.id : fx.users[who].id}`),
  },

  listMembersInOrganizationById: { ok: 200, run: (api) => api.get(`/v1/orgs/${fx.org}/members`) },
  getMemberInOrganizationById: { ok: 200, run: (api) => api.get(`/v1/orgs/${fx.org}/members/${fx.victim.id}`) },
  updateMemberInOrganizationById: { ok: 200, setup: freshMember, run: (api, id) => api.patch(`/v1/orgs/${fx.org}/members/${id}`, { role: 'comment' }) },
  removeMemberFromOrganizationById: { ok: 204, setup: freshMember, run: (api, id) => api.delete(`/v1/orgs/${fx.org}/members/${id}`) },
  setUserAsSsoMemberForOrganization: {
    ok: 200, setup: async () => (await createUser(server, 'Sso')).id, run: (api, id) => api.post(`/v1/orgs/${fx.org}/members/${id}/sso`),
  },
  inviteUsersToOrganization: {
    ok: 200, setup: async () => (await createUser(server, 'Invitee')).email, run: (api, email) => api.post(`/v1/orgs/${fx.org}/invites`, { emails: [email] }),
  },
  listOrganizationInviteLinks: { ok: 200, run: (api) => api.get(`/v1/orgs/${fx.org}/link-invites`) },
  createOrganizationInvite: { ok: 201, run: (api) => api.post(`/v1/orgs/${fx.org}/link-invites`, { role: 'read' }) },
  getOrganizationInviteLink: {
    ok: 200, setup: async () => (await ok(asOwner().post(`/v1/orgs/${fx.org}/link-invites`, { role: 'read' }), 201)).id,
    run: (api, id) => api.get(`/v1/orgs/${fx.org}/link-invites/${id}`),
  },
  updateOrganizationInviteById: {
    ok: 200, setup: async () => (await ok(asOwner().post(`/v1/orgs/${fx.org}/link-invites`, { role: 'read' }), 201)).id,
    run: (api, id) => api.patch(`/v1/orgs/${fx.org}/link-invites/${id}`, { role: 'edit' }),
  },
  deleteOrganizationInviteById: {
    ok: 204, setup: async () => (await ok(asOwner().post(`/v1/orgs/${fx.org}/link-invites`, { role: 'read' }), 201)).id,
    run: (api, id) => api.delete(`/v1/orgs/${fx.org}/link-invites/${id}`),
  },
  updateOrganizationMemberLastSeenAt: { ok: 200, run: (api) => api.post(`/v1/orgs/${fx.org}/ping`) },
  listSpacesForOrganizationMember: { ok: 200, run: (api) => api.get(`/v1/orgs/${fx.org}/members/${fx.victim.id}/spaces`) },
  'listSpacesForOrganizationMember (self)': {
    ok: 200, run: (api, _t, who) => api.get(`/v1/orgs/${fx.org}/members/${who === 'anonymous' ? fx.victim.id : fx.users[who as Role].id}/spaces`),
  },
  listTeamsForOrganizationMember: { ok: 200, run: (api) => api.get(`/v1/orgs/${fx.org}/members/${fx.victim.id}/teams`) },
  'listTeamsForOrganizationMember (self)': {
    ok: 200, run: (api, _t, who) => api.get(`/v1/orgs/${fx.org}/members/${who === 'anonymous' ? fx.victim.id : fx.users[who as Role].id}/teams`),
  },
};

describe('operations × callers, against docs/permissions.md', () => {
  const table = documentedTable();

  it('documents exactly the operations this test runs', () => {
    expect([...table.keys()].sort()).toEqual(Object.keys(CASES).sort());
  });

  for (const [key, c] of Object.entries(CASES)) {
    it(key, async () => {
      const row = table.get(key);
      expect(row, `docs/permissions.md has no row for ${key}`).toBeDefined();
      const failures: string[] = [];
      await Promise.all(WHO.map(async (who) => {
        const want = expected(row!, who, c.ok);
        if (want === 'skip') return;
        const target = c.setup ? await c.setup(who) : '';
        const r = await c.run(apiFor(who), target, who);
        const status = want === 'noop' ? 204 : want;
        if (r.status !== status) failures.push(`${who}: expected ${status}, got ${r.status} ${JSON.stringify(r.body)}`);
        else if (want === 'noop') await c.unchanged!(target);
      }));
      expect(failures).toEqual([]);
    });
  }
});

// ---------------------------------------------------------------------------------------------------------------
// `permissions` objects agree with what the API then allows.

describe('permissions objects say what the API allows', () => {
  interface Subject {
    name: string;
    user: TestUser | null;
  }

  async function spaceAgrees(s: Subject, spaceId: string, org: string, victim: string): Promise<void> {
    const api = server.api(s.user?.token);
    const got = await api.get(`/v1/spaces/${spaceId}`);
    const p = got.status === 200 ? got.body.permissions : { view: false, access: false, admin: false, viewInviteLinks: false, edit: false };
    const live = got.status !== 200 || got.body.editMode === 'live';
    const listed = await api.get(`/v1/orgs/${org}/spaces?limit=1000`);
    const inList = listed.status === 200 && listed.body.items.some((x: { id: string }) => x.id === spaceId);
    const patch = await api.patch(`/v1/spaces/${spaceId}`, { emoji: '📗' });
    const invite = await api.post(`/v1/spaces/${spaceId}/permissions`, { role: 'read', users: [victim] });
    const editMode = await api.patch(`/v1/spaces/${spaceId}`, { editMode: got.body?.editMode ?? 'live' });
    const where = `${s.name} on space`;
    expect(p.view, `${where}: view`).toBe(got.status === 200);
    expect(p.access, `${where}: access`).toBe(inList);
    expect(p.admin, `${where}: admin`).toBe(patch.status === 200);
    expect(p.viewInviteLinks, `${where}: viewInviteLinks`).toBe(invite.status === 204);
    if (live) expect(p.edit, `${where}: edit`).toBe(editMode.status === 200);
    if (got.status === 200) expect([p.view, p.admin, p.edit].every((b: unknown) => typeof b === 'boolean')).toBe(true);
    for (const r of [patch, invite, editMode]) expect([200, 204, 403, 404], `${where}: ${JSON.stringify(r.body)}`).toContain(r.status);
    if (got.status !== 200) for (const r of [patch, invite, editMode]) expect(r.status, `${where}: hidden → 404`).toBe(404);
  }

  async function collectionAgrees(s: Subject, collectionId: string, org: string, victim: string): Promise<void> {
    const api = server.api(s.user?.token);
    const got = await api.get(`/v1/collections/${collectionId}`);
    const p = got.status === 200 ? got.body.permissions : { view: false, admin: false, viewInviteLinks: false, create: false };
    const patch = await api.patch(`/v1/collections/${collectionId}`, { description: 'checked' });
    const invite = await api.post(`/v1/collections/${collectionId}/permissions`, { role: 'read', users: [victim] });
    const create = await api.post(`/v1/orgs/${org}/spaces`, { title: 'Inside', parent: collectionId });
    const where = `${s.name} on collection`;
    expect(p.view, `${where}: view`).toBe(got.status === 200);
    expect(p.admin, `${where}: admin`).toBe(patch.status === 200);
    expect(p.viewInviteLinks, `${where}: viewInviteLinks`).toBe(invite.status === 204);
    expect(p.create, `${where}: create ${JSON.stringify(create.body)}`).toBe(create.status === 201);
  }

  async function organizationAgrees(s: Subject, org: string): Promise<void> {
    const api = server.api(s.user?.token);
    const got = await api.get(`/v1/orgs/${org}`);
    const p = got.status === 200 ? got.body.permissions : { view: false, admin: false, createContent: false, listMembers: false, listTeams: false, ownTeam: false };
    const where = `${s.name} on organization`;
    expect(p.view, `${where}: view`).toBe(got.status === 200);
    expect(p.createContent, `${where}: createContent`).toBe((await api.post(`/v1/orgs/${org}/spaces`, { title: 'Top' })).status === 201);
    expect(p.listMembers, `${where}: listMembers`).toBe((await api.get(`/v1/orgs/${org}/members`)).status === 200);
    expect(p.listTeams, `${where}: listTeams`).toBe((await api.get(`/v1/orgs/${org}/teams`)).status === 200);
    expect(p.ownTeam, `${where}: ownTeam`).toBe((await api.put(`/v1/orgs/${org}/teams`, { title: 'Owned' })).status === 201);
    expect(p.admin, `${where}: admin`).toBe((await api.patch(`/v1/orgs/${org}`, { ai: false })).status === 200);
  }

  async function teamAgrees(s: Subject, org: string, team: string): Promise<void> {
    const api = server.api(s.user?.token);
    const got = await api.get(`/v1/orgs/${org}/teams/${team}`);
    const p = got.status === 200 ? got.body.permissions : { view: false, admin: false };
    const where = `${s.name} on team`;
    expect(p.view, `${where}: view`).toBe(got.status === 200);
    expect(p.admin, `${where}: admin`).toBe((await api.patch(`/v1/orgs/${org}/teams/${team}`, { title: 'Checked team' })).status === 200);
    expect(p.admin, `${where}: admin (members)`).toBe((await api.put(`/v1/orgs/${org}/teams/${team}/members`, {})).status === 204);
  }

  it('for every organization role, guests and outsiders on plain content', async () => {
    const owner = await createUser(server, 'Agree owner');
    const org = (await createOrganization(server, owner)).id;
    const victim = await createUser(server, 'Agree victim');
    await addMember(server, org, owner, victim, 'read');
    const api = server.api(owner.token);
    const collection = (await ok(api.post(`/v1/orgs/${org}/collections`, { title: 'C' }), 201)).id;
    const space = (await ok(api.post(`/v1/orgs/${org}/spaces`, { title: 'S', parent: collection }), 201)).id;
    const team = (await ok(api.put(`/v1/orgs/${org}/teams`, { title: 'T' }), 201)).id;
    const subjects: Subject[] = [];
    for (const role of [...ROLES, null]) {
      const u = await createUser(server, `Agree ${role ?? 'guest'}`);
      await addMember(server, org, owner, u, role);
      subjects.push({ name: role ?? 'guest', user: u });
    }
    subjects.push({ name: 'outsider', user: await createUser(server, 'Agree outsider') });
    for (const s of subjects) {
      await spaceAgrees(s, space, org, victim.id);
      await collectionAgrees(s, collection, org, victim.id);
      await teamAgrees(s, org, team);
      await organizationAgrees(s, org);
    }
  });

  it('for grants to users and teams, default levels, team owners, visibility and locked spaces', async () => {
    const owner = await createUser(server, 'Grant owner');
    const org = (await createOrganization(server, owner)).id;
    const api = server.api(owner.token);
    const victim = await createUser(server, 'Grant victim');
    await addMember(server, org, owner, victim, 'read');
    const mk = async (name: string, role: Role | null) => {
      const u = await createUser(server, name);
      await addMember(server, org, owner, u, role);
      return { name, user: u };
    };
    const commenter = await mk('guest with a comment grant', null);
    const teamAdmin = await mk('guest whose team administers the collection', null);
    const reader = await mk('reader under an edit default level', 'read');
    const teamOwner = await mk('reader who owns a team', 'read');
    const editor = await mk('editor on a locked space', 'edit');
    const outsider = { name: 'outsider on a public space', user: await createUser(server, 'Public reader') };

    const coll = (await ok(api.post(`/v1/orgs/${org}/collections`, { title: 'Granted' }), 201)).id;
    const inColl = (await ok(api.post(`/v1/orgs/${org}/spaces`, { title: 'Inside', parent: coll }), 201)).id;
    const root = (await ok(api.post(`/v1/orgs/${org}/spaces`, { title: 'Root' }), 201)).id;
    const team = (await ok(api.put(`/v1/orgs/${org}/teams`, { title: 'Admins', members: [teamAdmin.user.id] }), 201)).id;
    const owned = (await ok(api.put(`/v1/orgs/${org}/teams`, { title: 'Owned' }), 201)).id;
    await ok(api.put(`/v1/orgs/${org}/teams/${owned}/members/${teamOwner.user.id}`, { role: 'owner' }), 204);
    await ok(api.post(`/v1/spaces/${root}/permissions`, { role: 'comment', users: [commenter.user.id] }), 204);
    await ok(api.post(`/v1/collections/${coll}/permissions`, { role: 'admin', teams: [team] }), 204);
    await ok(api.patch(`/v1/collections/${coll}`, { defaultLevel: 'edit' }), 200);

    // Grants reach content (and what is nested in it); default levels raise members with a role.
    const perms = async (u: TestUser, id: string) => (await ok(server.api(u.token).get(`/v1/spaces/${id}`), 200)).permissions;
    expect(await perms(commenter.user, root)).toMatchObject({ view: true, access: true, comment: true, edit: false, admin: false });
    expect(await perms(teamAdmin.user, inColl)).toMatchObject({ view: true, admin: true });
    expect(await perms(reader.user, inColl)).toMatchObject({ edit: true, admin: false });
    expect(await perms(reader.user, root)).toMatchObject({ view: true, edit: false });
    expect((await server.api(commenter.user.token).get(`/v1/spaces/${inColl}`)).status).toBe(404);

    for (const s of [commenter, teamAdmin, reader]) {
      await spaceAgrees(s, root, org, victim.id);
      await spaceAgrees(s, inColl, org, victim.id);
      await collectionAgrees(s, coll, org, victim.id);
    }
    await teamAgrees(teamOwner, org, owned);
    await teamAgrees(teamAdmin, org, team);

    // A public space is readable (not writable, not listed) by any authenticated user.
    await ok(api.patch(`/v1/spaces/${root}`, { visibility: 'public' }), 200);
    expect(await perms(outsider.user, root)).toMatchObject({ view: true, access: false, admin: false, comment: false });
    await spaceAgrees(outsider, root, org, victim.id);

    // A locked space: nobody may edit content, editors may still unlock it.
    await ok(api.patch(`/v1/spaces/${root}`, { editMode: 'locked' }), 200);
    expect(await perms(editor.user, root)).toMatchObject({ edit: false, merge: false, review: true });
    expect((await server.api(editor.user.token).patch(`/v1/spaces/${root}`, { editMode: 'live' })).status).toBe(200);
    expect(await perms(editor.user, root)).toMatchObject({ edit: true, merge: true });
  });
});

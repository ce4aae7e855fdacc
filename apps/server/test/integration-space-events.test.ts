// Integration events about a space beyond its content, as GitBook sends them (its `Event` schema):
// `space_visibility_updated` when a space's visibility changes (set by an admin, or a space moved out of its
// collection), `space_gitsync_started` / `space_gitsync_completed` around a Git Sync import or export that works on
// a commit (against a real repository served by `git http-backend`). Only installations covering the space get them.
import { describe, expect, it } from 'vitest';
import { randomString } from '../src/lib/ids.js';
import { createTenant, useTestServer, type Tenant } from '../src/testing/index.js';
import { runGitSyncJobs, useGitServer, WorkingCopy } from '../src/testing/git-server.js';

const server = useTestServer();
const git = useGitServer();

const SCRIPT = 'export default { async fetch() { return new Response("OK"); } };';

async function installedApp(t: Tenant): Promise<{ name: string; installationId: string }> {
  const name = `spaces-${randomString(8).toLowerCase()}`;
  const published = await t.api.post(`/v1/integrations/${name}`, { organization: t.org, title: 'Space events', description: 'Hears of spaces', script: SCRIPT, scopes: ['space:content:read'] });
  expect(published.status, JSON.stringify(published.body)).toBe(200);
  const inst = await t.api.post(`/v1/integrations/${name}/installations`, { organization: t.org });
  expect(inst.status, JSON.stringify(inst.body)).toBe(201);
  // Every space of the organization (a new installation covers the spaces bound to it only).
  expect((await t.api.patch(`/v1/integrations/${name}/installations/${inst.body.id}`, { space_selection: 'all' })).status).toBe(200);
  return { name, installationId: inst.body.id };
}

async function payloads(t: Tenant, name: string, type: string): Promise<any[]> {
  const r = await t.api.get(`/v1/integrations/${name}/events?limit=100`);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return (r.body.items as any[]).filter((e) => e.payload.type === type).map((e) => e.payload).reverse();
}

async function newSpace(t: Tenant, body: Record<string, unknown> = {}): Promise<string> {
  const r = await t.api.post(`/v1/orgs/${t.org}/spaces`, { title: 'Docs', ...body });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body.id;
}

let repos = 0;
function newRepo(): { url: string; wc: WorkingCopy } {
  const name = `events${++repos}`;
  git.createRepo(name);
  const url = git.repoUrl(name);
  const wc = new WorkingCopy(url);
  wc.write('README.md', '# Home\n\nWelcome.\n').write('SUMMARY.md', '# Table of contents\n\n* [Home](README.md)\n').commit('Docs');
  wc.push();
  return { url, wc };
}

describe('space events for integrations', () => {
  it('space_visibility_updated: a PATCH changing the visibility and a move out of a collection, to the installations covering the space', async () => {
    const t = await createTenant(server);
    const { name, installationId } = await installedApp(t);
    const space = await newSpace(t);
    expect((await t.api.patch(`/v1/spaces/${space}`, { visibility: 'public' })).status).toBe(200);
    // The same visibility again, or another field: no event.
    expect((await t.api.patch(`/v1/spaces/${space}`, { visibility: 'public', title: 'Renamed' })).status).toBe(200);
    expect(await payloads(t, name, 'space_visibility_updated')).toEqual([
      { eventId: expect.any(String), type: 'space_visibility_updated', installationId, spaceId: space, previousVisibility: 'private', visibility: 'public' },
    ]);

    const collection = await t.api.post(`/v1/orgs/${t.org}/collections`, { title: 'Guides' });
    expect(collection.status, JSON.stringify(collection.body)).toBe(201);
    const inCollection = await newSpace(t, { parent: collection.body.id });
    expect((await t.api.get(`/v1/spaces/${inCollection}`)).body.visibility).toBe('in-collection');
    const moved = await t.api.post(`/v1/spaces/${inCollection}/move`, { parent: null });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.visibility).toBe('private');
    const events = await payloads(t, name, 'space_visibility_updated');
    expect(events).toHaveLength(2);
    expect(events[1]).toMatchObject({ spaceId: inCollection, previousVisibility: 'in-collection', visibility: 'private' });

    // An installation covering selected spaces only hears of those.
    const other = await createTenant(server);
    const app = await installedApp(other);
    expect((await other.api.patch(`/v1/integrations/${app.name}/installations/${app.installationId}`, { space_selection: 'selected' })).status).toBe(200);
    const covered = await newSpace(other);
    const uncovered = await newSpace(other);
    expect((await other.api.post(`/v1/integrations/${app.name}/installations/${app.installationId}/spaces`, { space: covered })).status).toBe(201);
    for (const s of [covered, uncovered]) expect((await other.api.patch(`/v1/spaces/${s}`, { visibility: 'unlisted' })).status).toBe(200);
    expect((await payloads(other, app.name, 'space_visibility_updated')).map((e) => e.spaceId)).toEqual([covered]);
  });

  it('space_gitsync_started and space_gitsync_completed around an import and an export, with the revision and the commit', async () => {
    const t = await createTenant(server);
    const { name, installationId } = await installedApp(t);
    const space = await newSpace(t);
    const { url, wc } = newRepo();
    const before = (await t.api.get(`/v1/spaces/${space}`)).body.revision;

    expect((await t.api.post(`/v1/spaces/${space}/git/import`, { url, ref: 'refs/heads/main' })).status).toBe(204);
    await runGitSyncJobs(server);
    const imported = (await t.api.get(`/v1/spaces/${space}`)).body.revision;
    expect(imported).not.toBe(before);
    const commit = wc.head();
    expect(await payloads(t, name, 'space_gitsync_started')).toEqual([
      { eventId: expect.any(String), type: 'space_gitsync_started', installationId, spaceId: space, revisionId: before, commitId: commit },
    ]);
    expect(await payloads(t, name, 'space_gitsync_completed')).toEqual([
      { eventId: expect.any(String), type: 'space_gitsync_completed', installationId, spaceId: space, state: 'success', revisionId: imported, commitId: commit },
    ]);

    // The same commit again: nothing to do, no events.
    expect((await t.api.post(`/v1/spaces/${space}/git/import`, { url, ref: 'refs/heads/main' })).status).toBe(204);
    await runGitSyncJobs(server);
    expect(await payloads(t, name, 'space_gitsync_started')).toHaveLength(1);

    // An edit exported: the commit made of the revision, as pushed.
    const pages = (await t.api.get(`/v1/spaces/${space}/content/pages`)).body.pages;
    expect((await t.api.patch(`/v1/spaces/${space}/content/page/${pages[0].id}`, { markdown: 'Welcome, edited.' })).status).toBe(200);
    const edited = (await t.api.get(`/v1/spaces/${space}`)).body.revision;
    expect((await t.api.post(`/v1/spaces/${space}/git/export`, { url, ref: 'refs/heads/main', commitMessage: 'From Bindery' })).status).toBe(204);
    await runGitSyncJobs(server);
    const pushed = wc.pull().head();
    expect(pushed).not.toBe(commit);
    expect((await payloads(t, name, 'space_gitsync_started'))[1]).toMatchObject({ revisionId: edited, commitId: pushed });
    expect((await payloads(t, name, 'space_gitsync_completed'))[1]).toMatchObject({ state: 'success', revisionId: edited, commitId: pushed });
  });

  it('a sync that fails after it started completes with state failure; one failing before it has a commit sends neither', async () => {
    const t = await createTenant(server);
    const { name } = await installedApp(t);
    const space = await newSpace(t);
    const { url, wc } = newRepo();
    // A .gitbook.yaml whose root names no folder: the import reads the commit, then fails (the space stays as it is).
    wc.write('.gitbook.yaml', 'root: ./nowhere/\n').commit('Bad root');
    wc.push();
    const before = (await t.api.get(`/v1/spaces/${space}`)).body.revision;
    expect((await t.api.post(`/v1/spaces/${space}/git/import`, { url, ref: 'refs/heads/main' })).status).toBe(204);
    await runGitSyncJobs(server);
    expect((await t.api.get(`/v1/spaces/${space}/git/info`)).body.operation).toMatchObject({ state: 'failure' });
    expect(await payloads(t, name, 'space_gitsync_started')).toMatchObject([{ revisionId: before, commitId: wc.head() }]);
    expect(await payloads(t, name, 'space_gitsync_completed')).toMatchObject([{ state: 'failure', revisionId: before, commitId: wc.head() }]);

    // A ref the repository does not have: no commit, no events.
    expect((await t.api.post(`/v1/spaces/${space}/git/import`, { url, ref: 'refs/heads/missing' })).status).toBe(204);
    await runGitSyncJobs(server);
    expect((await t.api.get(`/v1/spaces/${space}/git/info`)).body.operation).toMatchObject({ state: 'failure' });
    expect(await payloads(t, name, 'space_gitsync_started')).toHaveLength(1);
    expect(await payloads(t, name, 'space_gitsync_completed')).toHaveLength(1);
  });
});

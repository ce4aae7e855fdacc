// Git Sync push webhooks over HTTP, against a real repository served by `git http-backend` (with basic auth, so the
// import a push triggers must use the credentials the sync keeps): a commit pushed with git and a GitHub-signed push
// event import it; a burst of pushes makes one pending import; wrong signatures and tokens are refused; other
// branches, pings and unknown spaces; the secret is for space admins and can be replaced.
import { createHmac } from 'node:crypto';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTenant, useTestServer, type Tenant } from '../src/testing/index.js';
import { useGitServer, WorkingCopy, runGitSyncJobs } from '../src/testing/git-server.js';

const FIXTURE = join(import.meta.dirname, 'fixtures/gitbook-repo');
const creds = { user: 'sync-bot', password: 'pa55-w0rd-XYZ' };
const server = useTestServer();
const git = useGitServer({ auth: creds });

/** Runs Git Sync jobs until none is due. */
const runJobs = (): Promise<void> => runGitSyncJobs(server);

const sign = (secret: string, body: string) => `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;

async function deliver(space: string, headers: Record<string, string>, body: string) {
  const res = await fetch(`${server.url}/v1/spaces/${space}/git/webhook`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });
  return { status: res.status, body: (await res.json()) as any };
}
const github = (space: string, secret: string, event: string, payload: unknown) => {
  const body = JSON.stringify(payload);
  return deliver(space, { 'x-github-event': event, 'x-hub-signature-256': sign(secret, body) }, body);
};

describe('Git Sync push webhooks', () => {
  let t: Tenant;
  let space: string;
  let wc: WorkingCopy;
  let secret: string;
  beforeAll(async () => {
    t = await createTenant(server, { editor: 'edit' });
    git.createRepo('docs');
    wc = new WorkingCopy(git.repoUrl('docs', creds));
    wc.copyFrom(FIXTURE).commit('Initial docs');
    wc.push();
    space = (await t.api.post(`/v1/orgs/${t.org}/spaces`, { title: 'Docs' })).body.id;
    expect((await t.api.post(`/v1/spaces/${space}/git/import`, { url: git.repoUrl('docs', creds), ref: 'refs/heads/main' })).status).toBe(204);
    await runJobs();
    const hook = await t.api.get(`/v1/spaces/${space}/git/webhook`);
    expect(hook.status).toBe(200);
    expect(hook.body).toMatchObject({ url: expect.stringMatching(new RegExp(`/v1/spaces/${space}/git/webhook$`)), ref: 'refs/heads/main', events: ['push'] });
    secret = hook.body.secret;
    expect(secret).toMatch(/^[0-9a-f]{64}$/);
  });

  it('imports a pushed commit once (a burst of pushes makes one pending import), ignores it then', async () => {
    wc.write('getting-started/quickstart.md', '# Quickstart\n\nPushed from git, imported by the webhook.\n').commit('Edit in git');
    wc.push();
    const head = wc.head();
    const first = await github(space, secret, 'push', { ref: 'refs/heads/main', after: head });
    expect(first).toEqual({ status: 202, body: { result: 'queued', operation: expect.any(String) } });
    const second = await github(space, secret, 'push', { ref: 'refs/heads/main', after: head });
    expect(second).toEqual({ status: 202, body: { result: 'pending', operation: first.body.operation } });
    await runJobs();
    const info = await t.api.get(`/v1/spaces/${space}/git/info`);
    expect(info.body).toMatchObject({ commit: head, operation: { id: first.body.operation, state: 'success', direction: 'import', commit: head } });
    const pages = (await t.api.get(`/v1/spaces/${space}/content/pages`)).body.pages;
    const quickstart = pages[1].pages[1];
    const page = await t.api.get(`/v1/spaces/${space}/content/page/${quickstart.id}?format=markdown`);
    expect(page.body.markdown).toContain('Pushed from git, imported by the webhook.');
    // The same commit again: nothing to do.
    expect(await github(space, secret, 'push', { ref: 'refs/heads/main', after: head })).toEqual({ status: 202, body: { result: 'ignored', reason: `commit ${head} is already imported` } });
  });

  it('refuses wrong signatures and tokens (401), ignores other branches and events, answers pings, 404 for unknown spaces, 413 above 1 MiB', async () => {
    const body = JSON.stringify({ ref: 'refs/heads/main', after: 'a'.repeat(40) });
    expect((await deliver(space, { 'x-github-event': 'push', 'x-hub-signature-256': sign('not-the-secret', body) }, body)).status).toBe(401);
    expect((await deliver(space, { 'x-github-event': 'push', 'x-hub-signature-256': sign(secret, `${body} `) }, body)).status).toBe(401);
    expect((await deliver(space, { 'x-github-event': 'push' }, body)).status).toBe(401);
    expect((await deliver(space, { 'x-gitlab-event': 'Push Hook', 'x-gitlab-token': `${secret}x` }, body)).status).toBe(401);
    expect((await deliver(space, {}, body)).status).toBe(400);
    const gitlabOther = await deliver(space, { 'x-gitlab-event': 'Push Hook', 'x-gitlab-token': secret }, JSON.stringify({ object_kind: 'push', ref: 'refs/heads/feature', after: 'b'.repeat(40) }));
    expect(gitlabOther).toEqual({ status: 202, body: { result: 'ignored', reason: 'push to refs/heads/feature; the space synchronises refs/heads/main' } });
    expect((await github(space, secret, 'issues', { action: 'opened' })).body).toMatchObject({ result: 'ignored' });
    expect(await github(space, secret, 'ping', { zen: 'Keep it logically awesome.' })).toEqual({ status: 200, body: { result: 'pong' } });
    expect((await github('nosuchspace', secret, 'push', { ref: 'refs/heads/main' })).status).toBe(404);
    const big = JSON.stringify({ ref: 'refs/heads/main', padding: 'x'.repeat(1024 * 1024) });
    expect((await deliver(space, { 'x-github-event': 'push', 'x-hub-signature-256': sign(secret, big) }, big)).status).toBe(413);
    // Nothing was queued by any of these.
    const queued = await server.ctx.db.selectFrom('git_sync_operations').select('id').where('space_id', '=', space).where('state', '=', 'queued').execute();
    expect(queued).toEqual([]);
  });

  it('shows the secret to space admins only, replaces it, and keeps it sealed in the database', async () => {
    expect((await t.as('editor').get(`/v1/spaces/${space}/git/webhook`)).status).toBe(403);
    expect((await t.as('editor').post(`/v1/spaces/${space}/git/webhook/secret`)).status).toBe(403);
    const rotated = await t.api.post(`/v1/spaces/${space}/git/webhook/secret`);
    expect(rotated.status).toBe(200);
    expect(rotated.body.secret).not.toBe(secret);
    expect((await github(space, secret, 'ping', {})).status).toBe(401);
    expect((await github(space, rotated.body.secret, 'ping', {})).status).toBe(200);
    const row = await server.ctx.db.selectFrom('git_sync_spaces').selectAll().where('space_id', '=', space).executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(rotated.body.secret);
    expect(JSON.stringify(row)).not.toContain(creds.password);
    secret = rotated.body.secret;
  });
});

// Git Sync requests (`POST …/git/import`, `…/git/export`) checked when they arrive, through GitBook's client, on a
// server with the SSRF guard as in production: a URL that can never be synced (another scheme, a local path, a
// private or reserved address) or a ref that is not a git ref name is a 400 naming the field, and nothing changes —
// no sync set up, no operation queued. Before, each was a 204 that pointed the space's Git Sync at it.
import { GitBookAPI, GitBookAPIError } from '@gitbook/api';
import { describe, expect, it } from 'vitest';
import { createOrganization, createUser, useTestServer } from '../src/testing/index.js';

type Any = any;
const server = useTestServer({ allowPrivateUrls: false });

async function refused(p: Promise<unknown>): Promise<{ code: number; message: string }> {
  try {
    await p;
  } catch (err) {
    if (err instanceof GitBookAPIError) return { code: (err as { code: number }).code, message: (err as { errorMessage: string }).errorMessage };
    throw err;
  }
  throw new Error('expected a refusal');
}

describe('Git Sync requests', () => {
  it('refuses unsyncable URLs and invalid refs at the request (400 naming the field), changing nothing', async () => {
    const owner = await createUser(server, 'Git requests owner');
    const org = (await createOrganization(server, owner)).id;
    const gb: Any = new GitBookAPI({ endpoint: server.url, authToken: owner.token });
    const space = (await gb.orgs.createSpace(org, { title: 'Repo' })).data.id;
    const calls = (body: Any) => [() => gb.spaces.importGitRepository(space, body), () => gb.spaces.exportToGitRepository(space, { commitMessage: 'x', ...body })];
    for (const url of ['file:///etc', '/srv/repo.git', 'ssh://git@example.com/x.git', 'git@example.com:x.git', 'ext::sh -c id', 'ftp://example.com/x',
      'http://169.254.169.254/x.git', 'http://10.0.0.7/x.git', 'http://[::1]/x.git', 'https://user:secret@127.0.0.1/x.git', 'http://localhost:1/x.git']) {
      for (const call of calls({ url, ref: 'refs/heads/main' })) {
        const r = await refused(call());
        expect(r.code, url).toBe(400);
        expect(r.message, url).toContain('/body/url');
        expect(r.message).not.toContain('secret');
      }
    }
    for (const ref of ['refs/heads/a b', 'refs/heads/../x', 'refs/heads/x.lock', 'refs/heads/.hidden', 'refs/heads/x~1', 'refs/heads/a:b', 'refs/heads/', 'refs/heads/x@{1}']) {
      for (const call of calls({ url: 'https://example.com/x.git', ref })) {
        const r = await refused(call());
        expect(r.code, ref).toBe(400);
        expect(r.message, ref).toContain('/body/ref');
      }
    }
    // Nothing was set up or queued.
    expect((await refused(gb.spaces.getSpaceGitInfo(space))).code).toBe(404);
    expect((await gb.spaces.getSpaceById(space)).data.gitSync).toBeUndefined();
    const ops = await server.ctx.db.selectFrom('git_sync_operations').select('id').where('space_id', '=', space).execute();
    expect(ops).toHaveLength(0);
    // A public https URL and a valid ref are accepted (the job does the rest).
    expect((await gb.spaces.importGitRepository(space, { url: 'https://93.184.215.14/x.git', ref: 'refs/heads/feature/a-b_c.1' })).status).toBe(204);
  });
});

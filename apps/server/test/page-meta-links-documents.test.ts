// GitBook's page meta links (`…/meta-links` of a page in the space, a revision and a change request) and documents
// by id (`GET /spaces/{spaceId}/documents/{documentId}`), through GitBook's own client: meta links are stored with
// the page in each revision (a change request and an older revision keep their own), set and cleared with the page
// edits, carried by Git Sync as frontmatter (export then import back); a document page's `documentId` names that
// version of its content and keeps answering it after the page changes, in the space and from a change request;
// another space's ids, made-up ids and strangers are 404.
import { GitBookAPI } from '@gitbook/api';
import { describe, expect, it } from 'vitest';
import { JOB_TYPES, jobHandlers, runDueJobs } from '../src/jobs/index.js';
import { createSpaceTenant, createUser, useTestServer } from '../src/testing/index.js';
import { useGitServer, WorkingCopy } from '../src/testing/git-server.js';
import { failure, edits } from './support/gitbook-client.js';

type Gb = any;
const server = useTestServer();
const git = useGitServer();
const gitbook = (token?: string): Gb => new GitBookAPI({ endpoint: server.url, authToken: token });

const CANONICAL = { kind: 'url', url: 'https://docs.example.com/guide' };

describe('page meta links', () => {
  it('are stored per revision, read in the space, a revision and a change request, set and cleared with edits', async () => {
    const { owner, api, spaceId, base } = await createSpaceTenant(server);
    const gb = gitbook(owner.token);
    const r1 = await edits(api, base, [
      { op: 'createPage', page: { id: 'page-guide', title: 'Guide', markdown: 'Guide.\n', metaLinks: { canonical: CANONICAL, alternates: [{ kind: 'page', page: 'page-french' }] } } },
      { op: 'createPage', page: { id: 'page-french', title: 'Guide (fr)', markdown: 'Guide.\n' } },
    ]);
    expect((await gb.spaces.listSpacePageMetaLinks(spaceId, 'page-guide')).data).toEqual({ canonical: CANONICAL, alternates: [{ kind: 'page', page: 'page-french' }] });
    expect((await gb.spaces.listSpacePageMetaLinks(spaceId, 'page-french')).data).toEqual({});
    expect((await gb.spaces.getPageById(spaceId, 'page-guide')).data.metaLinks).toEqual({ canonical: CANONICAL, alternates: [{ kind: 'page', page: 'page-french' }] });

    // A change request changes them on its own revision; the space keeps its own.
    const cr = (await gb.spaces.createChangeRequest(spaceId, { subject: 'Links' })).data;
    await edits(api, `${base}/change-requests/${cr.id}`, [{ op: 'updatePage', pageId: 'page-guide', page: { metaLinks: { canonical: { kind: 'url', url: 'https://example.org/g' } } } }]);
    expect((await gb.spaces.listChangeRequestPageMetaLinks(spaceId, cr.id, 'page-guide')).data).toEqual({ canonical: { kind: 'url', url: 'https://example.org/g' } });
    expect((await gb.spaces.listSpacePageMetaLinks(spaceId, 'page-guide')).data.canonical).toEqual(CANONICAL);

    // Cleared on the space: the older revision still answers them.
    await edits(api, base, [{ op: 'updatePage', pageId: 'page-guide', page: { metaLinks: null } }]);
    expect((await gb.spaces.listSpacePageMetaLinks(spaceId, 'page-guide')).data).toEqual({});
    expect((await gb.spaces.listRevisionPageMetaLinks(spaceId, r1, 'page-guide')).data.canonical).toEqual(CANONICAL);

    // A URL that is not http(s) is refused, naming the field; missing pages, strangers and no token.
    const bad = await api.post(`${base}/content/edits`, { edits: [{ op: 'updatePage', pageId: 'page-french', page: { metaLinks: { canonical: { kind: 'url', url: 'javascript:alert(1)' } } } }] });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body.error)).toContain('/body/edits/0/page/metaLinks/canonical');
    expect((await failure(gb.spaces.listSpacePageMetaLinks(spaceId, 'page-nope'))).code).toBe(404);
    expect((await failure(gb.spaces.listRevisionPageMetaLinks(spaceId, 'nope', 'page-guide'))).code).toBe(404);
    expect((await failure(gb.spaces.listChangeRequestPageMetaLinks(spaceId, cr.id, 'page-nope'))).code).toBe(404);
    const stranger = await createUser(server, 'Stranger');
    expect((await failure(gitbook(stranger.token).spaces.listSpacePageMetaLinks(spaceId, 'page-guide'))).code).toBe(404);
    expect((await failure(gitbook().spaces.listSpacePageMetaLinks(spaceId, 'page-guide'))).code).toBe(401);
  });

  it('go through Git Sync as frontmatter: exported, edited in git, imported back', async () => {
    const { owner, api, spaceId, base } = await createSpaceTenant(server);
    const gb = gitbook(owner.token);
    git.createRepo('meta-links');
    const url = git.repoUrl('meta-links');
    const wc = new WorkingCopy(url);
    wc.write('README.md', '# Home\n\nHome.\n').commit('Initial');
    wc.push();
    const sync = async (direction: 'import' | 'export') => {
      const r = await api.post(`${base}/git/${direction}`, { url, ref: 'refs/heads/main', ...(direction === 'export' ? { commitMessage: 'Export' } : {}) });
      expect(r.status, JSON.stringify(r.body)).toBe(204);
      for (let i = 0; i < 50; i++) {
        const done = await runDueJobs(server.ctx, { handlers: { [JOB_TYPES.gitSync]: jobHandlers[JOB_TYPES.gitSync]! }, limit: 100 });
        const pending = await server.ctx.db.selectFrom('jobs').select('id').where('type', '=', JOB_TYPES.gitSync).where('status', 'in', ['queued', 'running']).executeTakeFirst();
        if (done.claimed === 0 && !pending) break;
        server.clock.advance(2_000);
      }
      expect((await api.get(`${base}/git/info`)).body.operation.state).toBe('success');
    };
    await sync('import');
    const home = (await api.get(`${base}/content/pages`)).body.pages[0].id as string;
    await edits(api, base, [{ op: 'updatePage', pageId: home, page: { metaLinks: { canonical: CANONICAL } } }]);
    await sync('export');
    const file = wc.pull().read('README.md');
    expect(file).toContain('metaLinks:');
    expect(file).toContain('https://docs.example.com/guide');

    wc.write('README.md', file.replace('https://docs.example.com/guide', 'https://docs.example.com/home')).commit('Canonical from git');
    wc.push();
    await sync('import');
    expect((await gb.spaces.listSpacePageMetaLinks(spaceId, home)).data).toEqual({ canonical: { kind: 'url', url: 'https://docs.example.com/home' } });
    wc.close();
  });
});

describe('documents by id', () => {
  it('answer the version of a page\'s content a documentId names, also after the page changed and from a change request', async () => {
    const { owner, api, org, spaceId, base } = await createSpaceTenant(server);
    const gb = gitbook(owner.token);
    await edits(api, base, [
      { op: 'createPage', page: { id: 'page-guide', title: 'Guide', markdown: 'First version.\n' } },
      { op: 'createPage', page: { id: 'page-group', title: 'Group', type: 'group' } },
    ]);
    const first = (await gb.spaces.getPageById(spaceId, 'page-guide')).data.documentId as string;
    expect(first).toMatch(/^page-guide\.[0-9a-f]+$/);
    expect((await gb.spaces.getPageById(spaceId, 'page-group')).data.documentId).toBeUndefined();
    const doc = (await gb.spaces.getDocumentById(spaceId, first)).data;
    expect(doc.object).toBe('document');
    expect(JSON.stringify(doc)).toContain('First version.');

    await edits(api, base, [{ op: 'updatePage', pageId: 'page-guide', page: { markdown: 'Second version.\n' } }]);
    const second = (await gb.spaces.listPages(spaceId)).data.pages[0].documentId as string;
    expect(second).not.toBe(first);
    expect(JSON.stringify((await gb.spaces.getDocumentById(spaceId, second, { schema: 'current' })).data)).toContain('Second version.');
    expect(JSON.stringify((await gb.spaces.getDocumentById(spaceId, first)).data)).toContain('First version.');

    // A change request's version, read from the change request, is addressable through the space.
    const cr = (await gb.spaces.createChangeRequest(spaceId, { subject: 'Draft' })).data;
    await edits(api, `${base}/change-requests/${cr.id}`, [{ op: 'updatePage', pageId: 'page-guide', page: { markdown: 'Draft version.\n' } }]);
    const draft = (await gb.spaces.getPageInChangeRequestById(spaceId, cr.id, 'page-guide')).data.documentId as string;
    expect(JSON.stringify((await gb.spaces.getDocumentById(spaceId, draft)).data)).toContain('Draft version.');

    // Another space's id, a made-up one, a malformed one, a stranger.
    const other = (await gb.orgs.createSpace(org, { title: 'Other' })).data;
    expect((await failure(gb.spaces.getDocumentById(other.id, first))).code).toBe(404);
    expect((await failure(gb.spaces.getDocumentById(spaceId, `page-guide.${'0'.repeat(64)}`))).code).toBe(404);
    const malformed = await failure(gb.spaces.getDocumentById(spaceId, 'not-an-id'));
    expect([malformed.code, malformed.errorMessage]).toEqual([400, expect.stringContaining('documentId')]);
    const stranger = await createUser(server, 'Stranger');
    expect((await failure(gitbook(stranger.token).spaces.getDocumentById(spaceId, first))).code).toBe(404);
  });
});

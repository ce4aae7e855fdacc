// Git Sync: relative links and images climbing above the content root (`../../../../pricing/faq/` from a page three
// folders deep, as GitBook keeps them; the seventeenth round, docs/git-sync.md), on a repository written for this test:
// the API's document holds the page and file they name, and an export after an edit writes them as they were written.
import { describe, expect, it } from 'vitest';
import { createSpaceTenant, useTestServer } from '../src/testing/index.js';
import { runGitSyncJobs, useGitServer, WorkingCopy } from '../src/testing/git-server.js';

const server = useTestServer();
const git = useGitServer();

const PAGE = [
  '# Limits',
  '',
  'See the [pricing FAQ](../../../../pricing/faq/) and [its refunds](../../../../pricing/faq/#refunds).',
  '',
  '![The quota screen](../../../../.gitbook/assets/quota.png)',
  '',
].join('\n');

describe('Git Sync: targets climbing above the content root', () => {
  it('are read to what they name and written back as written after an edit (the target moved: format/round17.test.ts)', async () => {
    const { api, base } = await createSpaceTenant(server);
    git.createRepo('climbing');
    const url = git.repoUrl('climbing');
    const wc = new WorkingCopy(url);
    wc.write('README.md', '# Home\n\nStart here.\n')
      .write('SUMMARY.md', '# Table of contents\n\n* [Home](README.md)\n* [Pricing FAQ](pricing/faq/README.md)\n* [Limits](api/v2/reference/limits.md)\n')
      .write('pricing/faq/README.md', '# Pricing FAQ\n\n## Refunds\n\nWithin 30 days.\n')
      .write('api/v2/reference/limits.md', PAGE)
      .write('.gitbook/assets/quota.png', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
      .commit('Docs');
    wc.push();
    expect((await api.post(`${base}/git/import`, { url, ref: 'refs/heads/main' })).status).toBe(204);
    await runGitSyncJobs(server);
    const pages = (await api.get(`${base}/content/pages`)).body.pages as { id: string; title: string }[];
    const faq = pages.find((p) => p.title === 'Pricing FAQ')!.id;
    const limits = pages.find((p) => p.title === 'Limits')!.id;
    const doc = JSON.stringify((await api.get(`${base}/content/page/${limits}?format=document`)).body.document);
    expect(doc).toContain(`{"kind":"page","page":"${faq}"}`);
    expect(doc).toContain(`{"kind":"anchor","anchor":"refunds","page":"${faq}"}`);
    expect(doc).toMatch(/"ref":\{"kind":"file","file":"[\w-]+"\}/);

    // An edit elsewhere on the page: exported, the climbing targets are as they were written.
    const { markdown } = (await api.get(`${base}/content/page/${limits}?format=markdown`)).body as { markdown: string };
    expect((await api.patch(`${base}/content/page/${limits}`, { markdown: `${markdown}\nOne more line.\n` })).status).toBe(200);
    expect((await api.post(`${base}/git/export`, { url, ref: 'refs/heads/main', commitMessage: 'Edit' })).status).toBe(204);
    await runGitSyncJobs(server);
    wc.pull();
    expect(wc.git('log', '-1', '--format=%s').trim()).toBe('Edit');
    expect(wc.read('api/v2/reference/limits.md')).toBe(`${PAGE}\nOne more line.\n`);
  });
});

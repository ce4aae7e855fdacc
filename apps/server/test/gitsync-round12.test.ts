// Git Sync, twelfth round of real GitBook-synced repositories: what they held that an import lost or an export
// changed, reproduced on pages written for this test.
import { describe, expect, it } from 'vitest';
import { createTenant, useTestServer } from '../src/testing/index.js';
import { runGitSyncJobs, useGitServer, WorkingCopy } from '../src/testing/git-server.js';

const server = useTestServer();
const git = useGitServer();
let n = 0;

/** A repository holding `files`, imported into a new space: the space, the repository's URL and a working copy. */
async function importFiles(files: Record<string, string>) {
  const t = await createTenant(server, {});
  const name = `round12-${++n}`;
  git.createRepo(name);
  const url = git.repoUrl(name);
  const wc = new WorkingCopy(url);
  for (const [path, text] of Object.entries(files)) wc.write(path, text);
  wc.commit('Docs');
  wc.push();
  const space = (await t.api.post(`/v1/orgs/${t.org}/spaces`, { title: 'Docs' })).body.id as string;
  expect((await t.api.post(`/v1/spaces/${space}/git/import`, { url, ref: 'refs/heads/main' })).status).toBe(204);
  await runGitSyncJobs(server);
  return { t, space, url, wc };
}

describe('Git Sync: file names with zero-width characters', () => {
  it('a page whose file name ends in U+200C (as a SUMMARY.md entry and a link name it) is imported, linked and exported at its path', async () => {
    const odd = 'guide/setup\u200c.md';
    const { t, space, url, wc } = await importFiles({
      'README.md': '# Home\n\nSee [the setup](guide/setup\u200c.md).\n',
      'SUMMARY.md': '# Table of contents\n\n* [Home](README.md)\n* [Setup\u200c](guide/setup\u200c.md)\n* [Plain](guide/plain.md)\n',
      [odd]: '# Setup\u200c\n\nInstall the tool first.\n',
      'guide/plain.md': '# Plain\n\nA page without odd characters.\n',
    });
    const info = (await t.api.get(`/v1/spaces/${space}/git/info`)).body as { operation: { state: string; error?: string } };
    expect(info.operation.state).toBe('success');
    const pages = (await t.api.get(`/v1/spaces/${space}/content/pages`)).body.pages as { id: string; title: string; path: string }[];
    expect(pages.map((p) => p.title)).toEqual(['Home', 'Setup\u200c', 'Plain']);
    const setup = pages[1]!;
    const home = (await t.api.get(`/v1/spaces/${space}/content/page/${pages[0]!.id}?format=markdown`)).body as { markdown: string };
    // The link names the page by its id: it follows the page wherever it moves.
    expect(home.markdown).toContain(`(/pages/${setup.id})`);
    const body = (await t.api.get(`/v1/spaces/${space}/content/page/${setup.id}?format=markdown`)).body as { markdown: string };
    expect(body.markdown).toContain('Install the tool first.');

    // Edit the page and export: written back at the file's own path (no second file without the character).
    expect((await t.api.patch(`/v1/spaces/${space}/content/page/${setup.id}`, { markdown: body.markdown.replace('first.', 'first, then run it.') })).status).toBe(200);
    expect((await t.api.post(`/v1/spaces/${space}/git/export`, { url, ref: 'refs/heads/main', commitMessage: 'Edit' })).status).toBe(204);
    await runGitSyncJobs(server);
    wc.pull();
    expect(wc.read(odd)).toContain('Install the tool first, then run it.');
    expect(wc.git('-c', 'core.quotePath=false', 'ls-files').split('\n').filter((p) => p.startsWith('guide/'))).toHaveLength(2);
    expect(wc.read('SUMMARY.md')).toContain('(guide/setup\u200c.md)');
  });

  it('a stray zero-width space in a SUMMARY.md entry or a link still finds the file named without it', async () => {
    const { t, space } = await importFiles({
      'README.md': '# Home\n\nSee [the setup](guide/setup.md\u200b).\n',
      'SUMMARY.md': '# Table of contents\n\n* [Home](README.md)\n* [Setup](guide/setup.md\u200b)\n',
      'guide/setup.md': '# Setup\n\nInstall the tool first.\n',
    });
    const pages = (await t.api.get(`/v1/spaces/${space}/content/pages`)).body.pages as { id: string; title: string }[];
    expect(pages.map((p) => p.title)).toEqual(['Home', 'Setup']);
    const home = (await t.api.get(`/v1/spaces/${space}/content/page/${pages[0]!.id}?format=markdown`)).body as { markdown: string };
    expect(home.markdown).toContain(`(/pages/${pages[1]!.id})`);
  });
});

describe('Git Sync: file names ending in a space', () => {
  it('an asset named with a trailing space (as uploaded to GitBook) is exported to an empty repository under its name, and re-imported unchanged', async () => {
    const { t, space } = await importFiles({
      'README.md': '# Home\n\nThe diagram: ![](<.gitbook/assets/flow chart .png>)\n',
      'SUMMARY.md': '# Table of contents\n\n* [Home](README.md)\n',
      '.gitbook/assets/flow chart .png': 'not really a png, referenced',
      '.gitbook/assets/diagram ': 'not really an image, unreferenced',
    });
    const files = ((await t.api.get(`/v1/spaces/${space}/content`)).body.files as { name: string }[]).map((f) => f.name).sort();
    expect(files).toEqual(['diagram ', 'flow chart .png']);
    const name = `round12-${++n}`;
    git.createRepo(name);
    const target = git.repoUrl(name);
    expect((await t.api.post(`/v1/spaces/${space}/git/export`, { url: target, ref: 'refs/heads/main', commitMessage: 'Export' })).status).toBe(204);
    await runGitSyncJobs(server);
    const wc = new WorkingCopy(target).pull();
    const assets = wc.git('-c', 'core.quotePath=false', 'ls-files', '.gitbook/assets').split('\n').filter(Boolean).sort();
    expect(assets).toEqual(['.gitbook/assets/diagram ', '.gitbook/assets/flow chart .png']);
    expect(wc.read('README.md')).toContain('(<.gitbook/assets/flow chart .png>)');
    const before = (await t.api.get(`/v1/spaces/${space}/content`)).body.id as string;
    expect((await t.api.post(`/v1/spaces/${space}/git/import`, { url: target, ref: 'refs/heads/main' })).status).toBe(204);
    await runGitSyncJobs(server);
    expect((await t.api.get(`/v1/spaces/${space}/content`)).body.id).toBe(before);
  });
});

describe('Git Sync: images GitBook writes without a caption', () => {
  it('an edit elsewhere on the page keeps `![alt](src)` and `<figure>…<figcaption></figcaption></figure>` each as written', async () => {
    const page = [
      '# Page', '',
      'Intro text.', '',
      '![](<.gitbook/assets/shot one.png>)', '',
      '<figure><img src=".gitbook/assets/shot two.png" alt="Second"><figcaption></figcaption></figure>', '',
      '![Third](.gitbook/assets/three.png)', '',
      '<figure><img src=".gitbook/assets/three.png" alt=""><figcaption><p>With a caption</p></figcaption></figure>', '',
      '{% hint style="info" %}',
      'In a hint:', '',
      '![](.gitbook/assets/three.png)',
      '{% endhint %}', '',
    ].join('\n');
    const { t, space, url, wc } = await importFiles({
      'README.md': '# Home\n\nStart.\n',
      'SUMMARY.md': '# Table of contents\n\n* [Home](README.md)\n* [Page](page.md)\n',
      'page.md': page,
      '.gitbook/assets/shot one.png': 'one',
      '.gitbook/assets/shot two.png': 'two',
      '.gitbook/assets/three.png': 'three',
    });
    const pages = (await t.api.get(`/v1/spaces/${space}/content/pages`)).body.pages as { id: string; title: string }[];
    const id = pages.find((p) => p.title === 'Page')!.id;
    const { markdown } = (await t.api.get(`/v1/spaces/${space}/content/page/${id}?format=markdown`)).body as { markdown: string };
    expect((await t.api.patch(`/v1/spaces/${space}/content/page/${id}`, { markdown: markdown.replace('Intro text.', 'Intro text, edited.') })).status).toBe(200);
    expect((await t.api.post(`/v1/spaces/${space}/git/export`, { url, ref: 'refs/heads/main', commitMessage: 'Edit' })).status).toBe(204);
    await runGitSyncJobs(server);
    wc.pull();
    expect(wc.git('log', '-1', '--format=%s').trim()).toBe('Edit');
    expect(wc.read('page.md')).toBe(page.replace('Intro text.', 'Intro text, edited.'));
  });
});

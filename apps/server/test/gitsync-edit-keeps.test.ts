// Git Sync: a page GitBook wrote, edited elsewhere in Bindery and exported again, keeps the text of every construct
// the edit did not touch (synthetic pages written for this test).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTenant, useTestServer } from '../src/testing/index.js';
import { runGitSyncJobs, useGitServer, WorkingCopy } from '../src/testing/git-server.js';

const server = useTestServer();
const git = useGitServer();
let n = 0;

/** Imports `page` as `page.md`, replaces `before` by `after` in its markdown through the API, exports; the file read back. */
async function editAndExport(page: string, before: string, after: string): Promise<string> {
  const t = await createTenant(server, {});
  const name = `keeps${++n}`;
  git.createRepo(name);
  const url = git.repoUrl(name);
  const wc = new WorkingCopy(url);
  const dir = mkdtempSync(join(tmpdir(), 'gsync16-'));
  try {
    writeFileSync(join(dir, 'README.md'), '# Home\n\nStart here.\n');
    writeFileSync(join(dir, 'SUMMARY.md'), '# Table of contents\n\n* [Home](README.md)\n* [Page](page.md)\n');
    writeFileSync(join(dir, 'page.md'), page);
    wc.copyFrom(dir).commit('Docs');
    wc.push();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const space = (await t.api.post(`/v1/orgs/${t.org}/spaces`, { title: 'Docs' })).body.id as string;
  expect((await t.api.post(`/v1/spaces/${space}/git/import`, { url, ref: 'refs/heads/main' })).status).toBe(204);
  await runGitSyncJobs(server);
  const pages = (await t.api.get(`/v1/spaces/${space}/content/pages`)).body.pages as { id: string; title: string }[];
  const id = pages.find((p) => p.title === 'Page')!.id;
  const { markdown } = (await t.api.get(`/v1/spaces/${space}/content/page/${id}?format=markdown`)).body as { markdown: string };
  expect(markdown).toContain(before);
  expect((await t.api.patch(`/v1/spaces/${space}/content/page/${id}`, { markdown: markdown.replace(before, after) })).status).toBe(200);
  expect((await t.api.post(`/v1/spaces/${space}/git/export`, { url, ref: 'refs/heads/main', commitMessage: 'Edit' })).status).toBe(204);
  await runGitSyncJobs(server);
  wc.pull();
  expect(wc.git('log', '-1', '--format=%s').trim()).toBe('Edit');
  return wc.read('page.md');
}

/** The cells of a pipe table row as GFM reads them (split at unescaped `|`, `\|` a pipe). */
const cells = (row: string): string[] =>
  row.trim().replace(/^\||\|$/g, '').split(/(?<!\\)\|/).map((c) => c.trim().replace(/\\\|/g, '|'));

describe('Git Sync: an edit elsewhere on the page keeps', () => {
  it('a table cell with `|` inside an HTML <code> (GitBook writes it unescaped): every cell of the row, whole', async () => {
    const page = [
      '# Page', '', 'Operators of the toy language.', '',
      '| Operator           | Meaning       | Example                |',
      '| ------------------ | ------------- | ---------------------- |',
      '| <code>a||b</code>  | join          | <code>x | y</code>     |',
      '| <code>|></code>    | pipe forward  | plain text             |',
      '| `c`                | other         | last cell              |', '',
    ].join('\n');
    const out = await editAndExport(page, 'Operators of the toy language.', 'Operators of the toy language, edited.');
    expect(out).toContain('Operators of the toy language, edited.');
    const rows = out.split('\n').filter((l) => l.startsWith('|'));
    expect(rows.map(cells)).toEqual([
      ['Operator', 'Meaning', 'Example'],
      [expect.stringMatching(/^-+$/), expect.stringMatching(/^-+$/), expect.stringMatching(/^-+$/)],
      ['<code>a||b</code>', 'join', '<code>x | y</code>'],
      ['<code>|></code>', 'pipe forward', 'plain text'],
      ['`c`', 'other', 'last cell'],
    ]);
  });

  it("GitBook's inline math `$$…$$` verbatim (no `\\_` or `\\*` put into the formula)", async () => {
    const page = '# Page\n\nThe score is $$s_i = w_1*x_i + b$$ for each $$i$$.\n\nAnother paragraph.\n';
    const out = await editAndExport(page, 'Another paragraph.', 'Another paragraph, edited.');
    expect(out).toBe('# Page\n\nThe score is $$s_i = w_1*x_i + b$$ for each $$i$$.\n\nAnother paragraph, edited.\n');
  });

  it('inline math holding `|` in a pipe table cell (`$$a|b$$`, as GitBook writes it): the cell whole, the formula as it was', async () => {
    const page = [
      '# Page', '', 'Relations used below.', '',
      '| Relation    | Read as        |',
      '| ----------- | -------------- |',
      '| $$a|b$$     | a divides b    |',
      '| $$\\|v\\|_2$$ | Euclidean norm |', '',
    ].join('\n');
    const out = await editAndExport(page, 'Relations used below.', 'Relations used below, edited.');
    expect(out).toContain('Relations used below, edited.');
    expect(out.split('\n').filter((l) => l.startsWith('|'))).toEqual(page.split('\n').filter((l) => l.startsWith('|')));
  });

  it('a bold e-mail address and URL typed in text (GitBook writes them bare inside the bold), and one before a hard break', async () => {
    const page = '# Page\n\nStill stuck? Write to **team@example.org.**\n\nStatus: **https://status.example.org/now**\n\nssh admin@10.0.0.7\\\nthen run the tool.\n\nLast paragraph.\n';
    const out = await editAndExport(page, 'Last paragraph.', 'Last paragraph, edited.');
    expect(out).toBe(page.replace('Last paragraph.', 'Last paragraph, edited.'));
  });
});

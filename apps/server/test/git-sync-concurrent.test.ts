// Git Sync while the space is edited: pages created and edited through the API while an import runs are in the space
// after it commits (the import is merged with them; the repository wins a conflict on the same page), and an export
// that runs while pages are edited pushes one revision, the next export the rest. Real repositories served by
// `git http-backend`, held mid-operation by the test server (its requests wait), on SQLite and PostgreSQL.
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/database.js';
import { commitEdits } from '../src/engine/index.js';
import { createTenant, useTestServer, type Tenant } from '../src/testing/index.js';
import { runGitSyncJobs, useGitServer, WorkingCopy } from '../src/testing/git-server.js';

const server = useTestServer();
const git = useGitServer();
let n = 0;

interface Synced {
  t: Tenant;
  space: string;
  name: string;
  url: string;
  wc: WorkingCopy;
  pageId(title: string): Promise<string>;
  markdown(id: string): Promise<string>;
}

/** A space imported from a new repository with a home page and three pages. */
async function synced(): Promise<Synced> {
  const t = await createTenant(server, {});
  const name = `concurrent${++n}`;
  git.createRepo(name);
  const url = git.repoUrl(name);
  const wc = new WorkingCopy(url);
  wc.write('README.md', '# Home\n\nStart here.\n')
    .write('SUMMARY.md', '# Table of contents\n\n* [Home](README.md)\n* [Guide](guide.md)\n* [Other](other.md)\n* [Third](third.md)\n')
    .write('guide.md', '# Guide\n\nThe guide as first written.\n')
    .write('other.md', '# Other\n\nAnother page.\n')
    .write('third.md', '# Third\n\nFirst paragraph of the third page.\n\nSecond paragraph of the third page.\n')
    .commit('Docs');
  wc.push();
  const space = (await t.api.post(`/v1/orgs/${t.org}/spaces`, { title: 'Docs' })).body.id as string;
  expect((await t.api.post(`/v1/spaces/${space}/git/import`, { url, ref: 'refs/heads/main' })).status).toBe(204);
  await runGitSyncJobs(server);
  const pageId = async (title: string) => {
    const pages = (await t.api.get(`/v1/spaces/${space}/content/pages`)).body.pages as { id: string; title: string }[];
    const page = pages.find((p) => p.title === title);
    if (!page) throw new Error(`no page ${title} in ${pages.map((p) => p.title).join(', ')}`);
    return page.id;
  };
  const markdown = async (id: string) => {
    const r = await t.api.get(`/v1/spaces/${space}/content/page/${id}?format=markdown`);
    expect(r.status).toBe(200);
    return r.body.markdown as string;
  };
  return { t, space, name, url, wc, pageId, markdown };
}

/** Runs the queued Git Sync operation with the repository held until `meanwhile` (called once it is held) is done. */
async function runHeld(s: Synced, meanwhile: () => Promise<void>): Promise<void> {
  const release = git.hold(s.name);
  const seen = git.requests.length;
  const jobs = runGitSyncJobs(server);
  try {
    // The operation has started (it read the space's revision before it fetches) once the server sees its fetch.
    for (let i = 0; !git.requests.slice(seen).some((r) => r.path.startsWith(`/${s.name}.git/`)); i++) {
      if (i > 3000) throw new Error('the operation never reached the repository');
      await new Promise((r) => setTimeout(r, 20));
    }
    await meanwhile();
  } finally {
    release();
  }
  await jobs;
}

const info = async (s: Synced) => {
  const r = await s.t.api.get(`/v1/spaces/${s.space}/git/info`);
  expect(r.status).toBe(200);
  return r.body;
};

describe('Git Sync while the space is edited', () => {
  it('an import keeps the pages created and edited through the API while it ran; the repository wins a page both changed', async () => {
    const s = await synced();
    const { t, space, wc } = s;
    const [guide, other, third] = [await s.pageId('Guide'), await s.pageId('Other'), await s.pageId('Third')];
    const before = (await t.api.get(`/v1/spaces/${space}/content`)).body.id as string;

    // In git: the guide rewritten, the third page's first paragraph edited, a new page.
    wc.write('guide.md', '# Guide\n\nThe guide as the repository has it now.\n')
      .write('third.md', '# Third\n\nFirst paragraph of the third page, edited in git.\n\nSecond paragraph of the third page.\n')
      .write('new.md', '# New in git\n\nAdded in the repository.\n')
      .write('SUMMARY.md', '# Table of contents\n\n* [Home](README.md)\n* [Guide](guide.md)\n* [Other](other.md)\n* [Third](third.md)\n* [New in git](new.md)\n');
    const commit = wc.commit('Edit in git');
    wc.push();
    expect((await t.api.post(`/v1/spaces/${space}/git/import`, { url: s.url, ref: 'refs/heads/main' })).status).toBe(204);

    let created = '';
    await runHeld(s, async () => {
      const page = await t.api.post(`/v1/spaces/${space}/content/pages`, { title: 'Written meanwhile', markdown: 'Created while the import ran.\n' });
      expect(page.status).toBe(201);
      created = page.body.id;
      expect((await t.api.patch(`/v1/spaces/${space}/content/page/${other}`, { markdown: 'Another page, edited while the import ran.\n' })).status).toBe(200);
      // The same page as git, differently: a conflict.
      expect((await t.api.patch(`/v1/spaces/${space}/content/page/${guide}`, { markdown: 'The guide as the API wrote it meanwhile.\n' })).status).toBe(200);
      // Another paragraph of a page git edited too: merged.
      const md = await s.markdown(third);
      expect((await t.api.patch(`/v1/spaces/${space}/content/page/${third}`, { markdown: md.replace('Second paragraph of the third page.', 'Second paragraph, edited through the API.') })).status).toBe(200);
    });
    const head = (await t.api.get(`/v1/spaces/${space}/content`)).body.id as string;

    // Everything written through the API is there, with the repository's changes.
    expect(await s.markdown(created)).toContain('Created while the import ran.');
    expect(await s.markdown(other)).toContain('Another page, edited while the import ran.');
    expect(await s.markdown(await s.pageId('New in git'))).toContain('Added in the repository.');
    const thirdNow = await s.markdown(third);
    expect(thirdNow).toContain('First paragraph of the third page, edited in git.');
    expect(thirdNow).toContain('Second paragraph, edited through the API.');
    // The page both changed differently: the repository's.
    const guideNow = await s.markdown(guide);
    expect(guideNow).toContain('The guide as the repository has it now.');
    expect(guideNow).not.toContain('meanwhile');

    // The operation says so: what it started from, the revision of the commit, the conflict the repository won.
    const state = await info(s);
    expect(state.commit).toBe(commit);
    expect(state.operation).toMatchObject({ state: 'success', direction: 'import', commit, revision: head });
    const merged = state.operation.merged;
    expect(merged).toMatchObject({ base: before, conflicts: [{ id: `content:${guide}`, kind: 'content', pageId: guide }] });
    expect(merged.head).not.toBe(before);
    const revision = (await t.api.get(`/v1/spaces/${space}/revisions/${head}`)).body;
    expect(revision).toMatchObject({ type: 'merge', parents: [merged.head, merged.imported] });
    // The commit's revision is the branch's tree as it is (parent: the revision the import started from).
    const imported = (await t.api.get(`/v1/spaces/${space}/revisions/${merged.imported}`)).body;
    expect(imported).toMatchObject({ parents: [before], git: { oid: commit } });
    expect(JSON.stringify(imported.pages)).not.toContain('Written meanwhile');

    // Importing the same commit again changes nothing.
    expect((await t.api.post(`/v1/spaces/${space}/git/import`, { url: s.url, ref: 'refs/heads/main' })).status).toBe(204);
    await runGitSyncJobs(server);
    expect((await info(s)).operation).toMatchObject({ state: 'success', skipped: expect.stringContaining('already imported') });
    expect((await t.api.get(`/v1/spaces/${space}/content`)).body.id).toBe(head);

    // The next export writes the edits made meanwhile to the repository (the commit had none of them).
    expect((await t.api.post(`/v1/spaces/${space}/git/export`, { url: s.url, ref: 'refs/heads/main', commitMessage: 'From Bindery' })).status).toBe(204);
    await runGitSyncJobs(server);
    expect((await info(s)).operation).toMatchObject({ state: 'success', direction: 'export', revision: head });
    wc.pull();
    expect(wc.git('log', '-1', '--format=%s').trim()).toBe('From Bindery');
    expect(wc.read('other.md')).toContain('Another page, edited while the import ran.');
    expect(wc.read('third.md')).toContain('Second paragraph, edited through the API.');
    expect(wc.read('guide.md')).toBe('# Guide\n\nThe guide as the repository has it now.\n');
    expect(wc.read('SUMMARY.md')).toContain('Written meanwhile');
  });

  it('an import during which a page was deleted through the API and another edited that git did not touch keeps both changes', async () => {
    const s = await synced();
    const { t, space, wc } = s;
    const [other, third] = [await s.pageId('Other'), await s.pageId('Third')];
    wc.write('guide.md', '# Guide\n\nOnly the guide changed in git.\n');
    wc.commit('Guide');
    wc.push();
    expect((await t.api.post(`/v1/spaces/${space}/git/import`, { url: s.url, ref: 'refs/heads/main' })).status).toBe(204);
    await runHeld(s, async () => {
      expect((await t.api.delete(`/v1/spaces/${space}/content/page/${other}`)).status).toBeLessThan(300);
      expect((await t.api.patch(`/v1/spaces/${space}/content/page/${third}`, { title: 'Third, renamed' })).status).toBe(200);
    });
    const pages = (await t.api.get(`/v1/spaces/${space}/content/pages`)).body.pages as { id: string; title: string }[];
    expect(pages.map((p) => p.title)).toEqual(['Home', 'Guide', 'Third, renamed']);
    expect(await s.markdown(await s.pageId('Guide'))).toContain('Only the guide changed in git.');
    expect((await info(s)).operation.merged).toMatchObject({ conflicts: [] });
  });

  it('an import during which nothing changed is one revision on top of the one it started from (no merge)', async () => {
    const s = await synced();
    const { t, space, wc } = s;
    const before = (await t.api.get(`/v1/spaces/${space}/content`)).body.id as string;
    wc.write('other.md', '# Other\n\nEdited in git alone.\n');
    wc.commit('Other');
    wc.push();
    expect((await t.api.post(`/v1/spaces/${space}/git/import`, { url: s.url, ref: 'refs/heads/main' })).status).toBe(204);
    await runHeld(s, async () => undefined);
    const head = (await t.api.get(`/v1/spaces/${space}/content`)).body;
    expect(head).toMatchObject({ type: 'edits', parents: [before] });
    expect((await info(s)).operation.merged).toBeUndefined();
    expect(await s.markdown(await s.pageId('Other'))).toContain('Edited in git alone.');
  });

  it.skipIf(process.env.BINDERY_TEST_DB !== 'postgres')('PostgreSQL: a write that takes the space first while the import waits to commit is merged, not overwritten', async () => {
    const s = await synced();
    const { t, space, wc } = s;
    const other = await s.pageId('Other');
    wc.write('guide.md', '# Guide\n\nChanged in git.\n');
    wc.commit('Guide');
    wc.push();
    expect((await t.api.post(`/v1/spaces/${space}/git/import`, { url: s.url, ref: 'refs/heads/main' })).status).toBe(204);
    // Another connection (another process, as far as the database knows) holds the space's row, as a content write
    // does while it commits, until the import waits for it; then it commits its write and lets the import go on.
    let written = '';
    let jobs: Promise<void> | undefined;
    // A database handle of its own: its transaction is another session's, not one the server's jobs run inside
    // (db/nested-transactions.ts refuses a transaction of the server's handle begun inside one of its own).
    const session = openDatabase({ databaseUrl: server.ctx.config.databaseUrl, sqliteFile: ':memory:' });
    await session.db.transaction().execute(async (tx) => {
      await sql`select id from spaces where id = ${space} for no key update`.execute(tx);
      jobs = runGitSyncJobs(server);
      for (let i = 0; ; i++) {
        const waiting = await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock' and query ilike '%from "spaces"%for no key update%'`.execute(server.ctx.db);
        if (waiting.rows[0]!.n > 0) break;
        if (i > 3000) throw new Error('the import never waited for the space');
        await new Promise((r) => setTimeout(r, 20));
      }
      const r = await commitEdits(server.ctx, tx, { kind: 'space', spaceId: space }, [{ op: 'updatePage', page: other, markdown: 'Written while the import waited to commit.\n' }], { createdBy: null });
      written = r.revisionId;
    }).finally(() => session.close());
    await jobs;
    expect(await s.markdown(other)).toContain('Written while the import waited to commit.');
    expect(await s.markdown(await s.pageId('Guide'))).toContain('Changed in git.');
    const op = (await info(s)).operation;
    expect(op).toMatchObject({ state: 'success', merged: { head: written, conflicts: [] } });
    expect((await t.api.get(`/v1/spaces/${space}/content`)).body).toMatchObject({ id: op.revision, type: 'merge', parents: [written, op.merged.imported] });
  });

  it('an export during which a page is edited pushes the revision it started from; the next export pushes the edit', async () => {
    const s = await synced();
    const { t, space, wc } = s;
    const other = await s.pageId('Other');
    expect((await t.api.patch(`/v1/spaces/${space}/content/page/${other}`, { markdown: 'First edit, before the export.\n' })).status).toBe(200);
    const exported = (await t.api.get(`/v1/spaces/${space}/content`)).body.id as string;
    expect((await t.api.post(`/v1/spaces/${space}/git/export`, { url: s.url, ref: 'refs/heads/main', commitMessage: 'First' })).status).toBe(204);
    await runHeld(s, async () => {
      expect((await t.api.patch(`/v1/spaces/${space}/content/page/${other}`, { markdown: 'Second edit, while the export ran.\n' })).status).toBe(200);
    });
    expect((await info(s)).operation).toMatchObject({ state: 'success', direction: 'export', revision: exported });
    wc.pull();
    expect(wc.git('log', '-1', '--format=%s').trim()).toBe('First');
    expect(wc.read('other.md')).toContain('First edit, before the export.');

    expect((await t.api.post(`/v1/spaces/${space}/git/export`, { url: s.url, ref: 'refs/heads/main', commitMessage: 'Second' })).status).toBe(204);
    await runGitSyncJobs(server);
    const head = (await t.api.get(`/v1/spaces/${space}/content`)).body.id as string;
    expect(head).not.toBe(exported);
    expect((await info(s)).operation).toMatchObject({ state: 'success', direction: 'export', revision: head });
    wc.pull();
    expect(wc.git('log', '-1', '--format=%s').trim()).toBe('Second');
    expect(wc.read('other.md')).toContain('Second edit, while the export ran.');
  });
});

// GitBook's inline math as its `inline-math` node through the API and Git Sync (the seventeenth round, docs/git-sync.md):
// read from a GitBook-synced repository's `$$…$$` (fixture written for this test), shown as the node in the API's
// documents, written back byte for byte, and taken from API documents; a formula markdown cannot hold is a 400.
import { describe, expect, it } from 'vitest';
import { createSpaceTenant, useTestServer } from '../src/testing/index.js';
import { runGitSyncJobs, useGitServer, WorkingCopy } from '../src/testing/git-server.js';

const server = useTestServer();
const git = useGitServer();

const PAGE = [
  '# Scores',
  '',
  'The score of item $$i$$ is $$s_i = w_1*x_i + b$$ and costs \\$$5.',
  '',
  '| Formula       | Meaning     |',
  '| ------------- | ----------- |',
  '| $$a|b$$       | a divides b |',
  '',
].join('\n');

type Node = { object: string; type?: string; data?: { formula?: string }; nodes?: Node[]; leaves?: { text: string }[] };
const formulas = (nodes: readonly Node[]): string[] =>
  nodes.flatMap((n) => (n.object === 'inline' && n.type === 'inline-math' ? [n.data!.formula!] : formulas(n.nodes ?? [])));

describe("GitBook's inline math (`inline-math`)", () => {
  it('Git Sync: imported as the node, exported byte for byte, a formula edited through the API exported as `$$…$$`', async () => {
    const { api, base } = await createSpaceTenant(server);
    git.createRepo('math');
    const url = git.repoUrl('math');
    const wc = new WorkingCopy(url);
    wc.write('README.md', '# Home\n\nStart here.\n').write('SUMMARY.md', '# Table of contents\n\n* [Home](README.md)\n* [Scores](scores.md)\n').write('scores.md', PAGE).commit('Docs');
    wc.push();
    expect((await api.post(`${base}/git/import`, { url, ref: 'refs/heads/main' })).status).toBe(204);
    await runGitSyncJobs(server);
    const pages = (await api.get(`${base}/content/pages`)).body.pages as { id: string; title: string }[];
    const id = pages.find((p) => p.title === 'Scores')!.id;
    const doc = (await api.get(`${base}/content/page/${id}?format=document`)).body.document as { nodes: Node[] };
    expect(formulas(doc.nodes)).toEqual(['i', 's_i = w_1*x_i + b', 'a|b']);
    const math = JSON.stringify(doc).match(/\{[^{}]*"type":"inline-math"[^{}]*\{[^{}]*\}[^{}]*\}/)![0];
    expect(JSON.parse(math)).toEqual({ object: 'inline', type: 'inline-math', key: expect.any(String), data: { formula: 'i' }, isVoid: true, nodes: [] });
    expect(JSON.stringify(doc)).toContain('and costs $$5.');

    // The API's document, its second formula changed, written back.
    const edited = JSON.parse(JSON.stringify(doc).replace('"formula":"s_i = w_1*x_i + b"', '"formula":"s_i = w_2*x_i^2"'));
    expect((await api.patch(`${base}/content/page/${id}`, { document: edited })).status).toBe(200);
    expect((await api.post(`${base}/git/export`, { url, ref: 'refs/heads/main', commitMessage: 'Edit' })).status).toBe(204);
    await runGitSyncJobs(server);
    wc.pull();
    expect(wc.read('scores.md')).toBe(PAGE.replace('$$s_i = w_1*x_i + b$$', () => '$$s_i = w_2*x_i^2$$'));
    // Imported again: the same document (no new revision).
    const revision = (await api.get(base)).body.revision;
    expect((await api.post(`${base}/git/import`, { url, ref: 'refs/heads/main' })).status).toBe(204);
    await runGitSyncJobs(server);
    expect((await api.get(base)).body.revision).toBe(revision);
  });

  it("API documents: GitBook's node (without `nodes` too) taken and written `$$…$$`; a formula markdown cannot hold is a 400 naming it", async () => {
    const { api, base } = await createSpaceTenant(server);
    const para = (...nodes: object[]) => ({ object: 'document', nodes: [{ object: 'block', type: 'paragraph', data: {}, nodes }] });
    const t = (s: string) => ({ object: 'text', leaves: [{ object: 'leaf', text: s, marks: [] }] });
    const made = await api.post(`${base}/content/pages`, { title: 'M', document: para(t('Area '), { object: 'inline', type: 'inline-math', isVoid: true, data: { formula: '\\pi r^2' } }, t(', price $$9')) });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const page = made.body.id as string;
    expect((await api.get(`${base}/content/page/${page}?format=markdown`)).body.markdown).toBe('Area $$\\pi r^2$$, price \\$$9\n');
    const shown = (await api.get(`${base}/content/page/${page}?format=document`)).body.document as { nodes: Node[] };
    expect(formulas(shown.nodes)).toEqual(['\\pi r^2']);
    const revision = (await api.get(base)).body.revision;
    for (const [formula, field] of [['', 'data/formula'], ['a$$b', 'data/formula'], ['x$', 'data/formula'], ['a\nb', 'data/formula'], [3, 'data/formula']] as const) {
      const bad = await api.patch(`${base}/content/page/${page}`, { document: para(t('A '), { object: 'inline', type: 'inline-math', isVoid: true, data: { formula }, nodes: [] }) });
      expect(bad.status, JSON.stringify(bad.body)).toBe(400);
      expect(bad.body.error.message).toContain(`/body/document/nodes/0/nodes/1/${field}`);
    }
    const withChildren = await api.patch(`${base}/content/page/${page}`, { document: para({ object: 'inline', type: 'inline-math', isVoid: true, data: { formula: 'x' }, nodes: [t('y')] }) });
    expect(withChildren.status).toBe(400);
    expect(withChildren.body.error.message).toContain('/body/document/nodes/0/nodes/0/nodes');
    expect((await api.get(base)).body.revision).toBe(revision);
  });
});

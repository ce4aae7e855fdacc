import { describe, expect, it } from 'vitest';
import type { PageNode } from '../content/tree.js';
import { presentConflicts } from '../presenters/conflicts.js';
import { applyResolutions, mergeSnapshots, textMergesAhead, type Snapshot } from './change-request-merge.js';
import type { FileEntry } from './content-store.js';
import { ContentError } from './errors.js';

const page = (id: string, over: Partial<PageNode> = {}): PageNode => ({ id, title: id, slug: id, type: 'document', markdown: `${id}\n`, children: [], ...over });
const root = (...children: PageNode[]): PageNode => ({ id: '~root', title: '', slug: '', type: 'group', markdown: '', children });
const file = (id: string, name = `${id}.png`): FileEntry => ({ id, name, contentType: 'image/png', size: 1, blob: `blob-${id}-${name}` });
const snap = (tree: PageNode, files: FileEntry[] = [], variables: Record<string, string> = {}): Snapshot => ({ tree, files, variables });

describe('mergeSnapshots', () => {
  it('files by id: additions on both sides, one-sided changes and deletions merge; different changes conflict', () => {
    const base = snap(root(), [file('a'), file('b'), file('c')]);
    const ours = snap(root(), [file('a', 'renamed.png'), file('c'), file('o')]); // renamed a, deleted b, added o
    const theirs = snap(root(), [file('a'), file('b'), file('c', 'c2.png'), file('t')]); // changed c, added t
    const m = mergeSnapshots(base, ours, theirs);
    expect(m.ok).toBe(true);
    expect(m.result.files.map((f) => `${f.id}:${f.name}`)).toEqual(['a:renamed.png', 'c:c2.png', 'o:o.png', 't:t.png']);
    const clash = mergeSnapshots(base, snap(root(), [file('a', 'x.png')]), snap(root(), [file('a', 'y.png')]));
    expect(clash.conflicts.map((c) => c.id)).toEqual(['file:a']);
    expect(clash.result.files.map((f) => f.name)).toEqual(['x.png']);
  });

  it('variables by name, the same way', () => {
    const m = mergeSnapshots(snap(root(), [], { a: '1', b: '1' }), snap(root(), [], { a: '2', b: '1', o: 'x' }), snap(root(), [], { a: '1', t: 'y' }));
    expect(m.ok).toBe(true);
    expect(m.result.variables).toEqual({ a: '2', o: 'x', t: 'y' });
    const clash = mergeSnapshots(snap(root(), [], { a: '1' }), snap(root(), [], { a: '2' }), snap(root(), [], {}));
    expect(clash.conflicts).toMatchObject([{ id: 'variable:a', base: '1', ours: '2', theirs: null }]);
  });

  it('page conflicts get ids and, for content, the markdown with markers', () => {
    const base = snap(root(page('p', { markdown: 'a\nb\nc\n' })));
    const m = mergeSnapshots(base, snap(root(page('p', { markdown: 'a\nB1\nc\n', title: 'T1' }))), snap(root(page('p', { markdown: 'a\nB2\nc\n', title: 'T2' }))));
    expect(m.conflicts.map((c) => c.id).sort()).toEqual(['content:p', 'title:p']);
    expect(m.conflicts.find((c) => c.kind === 'content')!.markdownWithMarkers).toContain('<<<<<<<');
    expect(presentConflicts(m.conflicts, true).find((c) => c.kind === 'title')).toMatchObject({ changeRequest: 'T1', main: 'T2' });
    expect(presentConflicts(m.conflicts, false).find((c) => c.kind === 'title')).toMatchObject({ changeRequest: 'T2', main: 'T1' });
  });
});

describe('applyResolutions', () => {
  const base = snap(root(page('p', { markdown: 'a\nb\nc\n', emoji: '1' }), page('q'), page('r')), [file('f')], { v: '0' });
  const ours = snap(root(page('p', { markdown: 'a\nO\nc\n', emoji: '2', title: 'Ours' }), page('r', { children: [page('q')] })), [file('f', 'o.png')], { v: 'o' });
  const theirs = snap(root(page('p', { markdown: 'a\nT\nc\n', emoji: '3', title: 'Theirs' }), page('q', { children: [] }), page('r', { children: [] })), [file('f', 't.png')], { v: 't' });

  it('chooses sides or takes given values, field by field', () => {
    // theirs moves q under p (ours moved it under r)
    const theirsMoved = snap(root(page('p', { markdown: 'a\nT\nc\n', emoji: '3', title: 'Theirs', children: [page('q')] }), page('r')), [file('f', 't.png')], { v: 't' });
    const m = mergeSnapshots(base, ours, theirsMoved);
    expect(m.conflicts.map((c) => c.id).sort()).toEqual(['content:p', 'file:f', 'metadata:p:emoji', 'move:q', 'title:p', 'variable:v']);
    const out = applyResolutions(m, [
      { conflict: 'content:p', value: 'a\nboth\nc\n' },
      { conflict: 'title:p', choose: 'theirs' },
      { conflict: 'metadata:p:emoji', value: null },
      { conflict: 'move:q', choose: 'theirs' },
      { conflict: 'file:f', choose: 'ours' },
      { conflict: 'variable:v', value: 'given' },
    ]);
    expect(out.tree.children.map((c) => c.id)).toEqual(['p', 'r']);
    const p = out.tree.children[0]!;
    expect(p.children.map((c) => c.id)).toEqual(['q']);
    expect(out.tree.children[1]!.children).toEqual([]);
    expect(p).toMatchObject({ markdown: 'a\nboth\nc\n', title: 'Theirs' });
    expect(p.emoji).toBeUndefined();
    expect(out.files.map((f) => f.name)).toEqual(['o.png']);
    expect(out.variables).toEqual({ v: 'given' });
    // the merge itself is unchanged
    expect(m.result.tree.children.find((c) => c.id === 'p')!.title).toBe('Ours');
  });

  it('merges the same with text merges computed ahead (on the content worker pool for large pages)', async () => {
    const big = Array.from({ length: 3000 }, (_, i) => `line ${i}`).join('\n');
    const b = snap(root(page('p', { markdown: big }), page('q')));
    const o = snap(root(page('p', { markdown: big.replace('line 10\n', 'line ten\n') }), page('q', { markdown: 'ours\n' })));
    const t = snap(root(page('p', { markdown: big.replace('line 2900\n', 'line 2,900\n') }), page('q', { markdown: 'theirs\n' })));
    const ahead = mergeSnapshots(b, o, t, await textMergesAhead(b, o, t));
    expect(ahead).toEqual(mergeSnapshots(b, o, t));
    expect(ahead.conflicts.map((c) => c.id)).toEqual(['content:q']);
    expect(ahead.result.tree.children[0]!.markdown).toContain('line ten\n');
    expect(ahead.result.tree.children[0]!.markdown).toContain('line 2,900\n');
  });

  it('refuses unresolved conflicts, unknown or repeated ids, and values where a side must be chosen', () => {
    const m = mergeSnapshots(base, ours, theirs);
    const err = (f: () => unknown) => {
      try {
        f();
      } catch (e) {
        expect(e).toBeInstanceOf(ContentError);
        const { locator, detail } = e as ContentError;
        return `${JSON.stringify(locator)} ${detail}`;
      }
      throw new Error('did not throw');
    };
    expect(err(() => applyResolutions(m, []))).toContain('unresolved');
    expect(err(() => applyResolutions(m, [{ conflict: 'nope', choose: 'ours' }]))).toContain('{"list":"resolutions","index":0,"field":"conflict"} names no conflict');
    const all = m.conflicts.map((c) => ({ conflict: c.id, choose: 'ours' as const }));
    expect(err(() => applyResolutions(m, [...all, all[0]!]))).toContain('second time');
    expect(err(() => applyResolutions(m, all.map((r) => (r.conflict === 'title:p' ? { conflict: r.conflict, value: 3 } : r))))).toContain('must be a string');
  });

  it('delete/modify: choosing the deleting side removes the page and keeps its children', () => {
    const b = snap(root(page('p', { children: [page('c')] })));
    const o = snap(root()); // ours deleted p (and c)
    const t = snap(root(page('p', { markdown: 'changed\n', children: [page('c'), page('n')] }))); // theirs changed p, added n under it
    const m = mergeSnapshots(b, o, t);
    expect(m.conflicts.map((c) => c.id)).toContain('delete-modify:p');
    const resolutions = m.conflicts.map((c) => ({ conflict: c.id, choose: 'ours' as const }));
    expect(() => applyResolutions(m, resolutions.map((r) => ({ conflict: r.conflict, value: 1 })))).toThrow(ContentError);
    const out = applyResolutions(m, resolutions);
    expect(out.tree.children.map((c) => c.id)).not.toContain('p');
    const keep = applyResolutions(m, m.conflicts.map((c) => ({ conflict: c.id, choose: 'theirs' as const })));
    expect(keep.tree.children.map((c) => c.id)).toEqual(['p']);
  });
});

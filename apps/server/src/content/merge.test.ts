import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { merge3Text, mergeTrees, type TreeConflict, type TreeMergeResult } from './merge.js';
import { indexTree, type PageNode } from './tree.js';

// ---------------------------------------------------------------------------
// Builders

function page(id: string, children: PageNode[] = [], extra: Partial<PageNode> = {}): PageNode {
  return { id, title: `Title ${id}`, slug: id, type: 'document', markdown: `line 1 of ${id}\nline 2 of ${id}\nline 3 of ${id}\n`, children, ...extra };
}

function find(tree: PageNode, id: string): PageNode | undefined {
  if (tree.id === id) return tree;
  for (const child of tree.children) {
    const found = find(child, id);
    if (found) return found;
  }
  return undefined;
}

function edit(tree: PageNode, id: string, change: (p: PageNode) => void): PageNode {
  const copy = structuredClone(tree);
  change(find(copy, id) as PageNode);
  return copy;
}

const ids = (nodes: PageNode[]): string[] => nodes.map((n) => n.id);
const conflictKinds = (result: TreeMergeResult): [string, string, string?][] =>
  result.conflicts.map((c) => (c.field ? [c.pageId, c.kind, c.field] : [c.pageId, c.kind]));

// ---------------------------------------------------------------------------
// merge3Text

describe('merge3Text', () => {
  const base = ['a', 'b', 'c', 'd', 'e'].join('\n');

  it('returns the changed side when the other is unchanged', () => {
    expect(merge3Text(base, 'x', base)).toEqual({ ok: true, text: 'x' });
    expect(merge3Text(base, base, 'y')).toEqual({ ok: true, text: 'y' });
  });

  it('combines edits separated by an unchanged line', () => {
    expect(merge3Text(base, 'A\nb\nc\nd\ne', 'a\nb\nC\nd\nE')).toEqual({ ok: true, text: 'A\nb\nC\nd\nE' });
  });

  it('keeps identical changes once', () => {
    expect(merge3Text(base, 'a\nB\nc\nd\ne', 'a\nB\nc\nd\ne')).toEqual({ ok: true, text: 'a\nB\nc\nd\ne' });
    expect(merge3Text(base, 'a\nB\nc\nd\nE', 'a\nB\nc\nd\ne')).toEqual({ ok: true, text: 'a\nB\nc\nd\nE' });
  });

  it('reports overlapping edits with line ranges', () => {
    const result = merge3Text(base, 'a\nours\nc\nd\ne', 'a\ntheirs 1\ntheirs 2\nc\nd\nE');
    expect(result).toEqual({
      ok: false,
      conflicts: [
        {
          baseRange: { start: 1, end: 2 },
          oursRange: { start: 1, end: 2 },
          theirsRange: { start: 1, end: 3 },
          baseText: 'b',
          oursText: 'ours',
          theirsText: 'theirs 1\ntheirs 2',
        },
      ],
      textWithMarkers: 'a\n<<<<<<< ours\nours\n||||||| base\nb\n=======\ntheirs 1\ntheirs 2\n>>>>>>> theirs\nc\nd\nE',
    });
  });

  it('conflicts on different insertions at the same place and on edit vs delete', () => {
    expect(merge3Text('a\nb', 'a\nx\nb', 'a\ny\nb').ok).toBe(false);
    expect(merge3Text('a\nb\nc', 'a\nc', 'a\nB\nc').ok).toBe(false);
  });

  it('locates edits inside runs of identical lines', () => {
    const run = Array.from({ length: 10 }, () => '').join('\n');
    const at = (i: number, text: string): string => run.split('\n').toSpliced(i, 1, text).join('\n');
    expect(merge3Text(run, at(7, 'ours'), at(9, 'theirs'))).toEqual({
      ok: true,
      text: run.split('\n').toSpliced(7, 1, 'ours').toSpliced(9, 1, 'theirs').join('\n'),
    });
  });

  it('keeps trailing newlines', () => {
    expect(merge3Text('a\nb\nc\n', 'A\nb\nc\n', 'a\nb\nC\n')).toEqual({ ok: true, text: 'A\nb\nC\n' });
  });

  describe('properties', () => {
    /**
     * Bases where line alignment is unambiguous: unique lines, or markdown-like
     * paragraphs separated by (repeated) blank lines.
     */
    const alignedLines = fc.oneof(
      fc.integer({ min: 1, max: 12 }).map((n) => Array.from({ length: n }, (_, i) => `unique ${i}`)),
      fc.integer({ min: 1, max: 12 }).map((n) => Array.from({ length: n }, (_, i) => (i % 2 ? '' : `paragraph ${i}`))),
    );
    /** Any base, including runs of repeated lines (where a diff may align edits differently). */
    const anyLines = fc.oneof(
      alignedLines,
      fc.array(fc.constantFrom('alpha', 'beta', '', '# title', '- item'), { minLength: 1, maxLength: 12 }),
    );
    /** Per line: who edits it (0 nobody, 1 ours, 2 theirs, 3 both identically). */
    const plan = (n: number) => fc.array(fc.integer({ min: 0, max: 3 }), { minLength: n, maxLength: n });

    it('(c) edits in different line regions separated by unchanged lines all survive', () => {
      fc.assert(
        fc.property(
          alignedLines.chain((lines) => fc.tuple(fc.constant(lines), plan(lines.length))),
          ([lines, owners]) => {
            // Identical edits (3) count for both sides: drop edits next to an edit of the other side.
            const near = (plan: number[], i: number, kinds: number[]): boolean => [plan[i - 1], plan[i + 1]].some((n) => kinds.includes(n ?? 0));
            // Blank separator lines stay unchanged (edits there make the alignment ambiguous).
            const editable = owners.map((o, i) => (lines[i] === '' ? 0 : o));
            const who = editable.map((o, i) => (o === 2 && near(editable, i, [1, 3]) ? 0 : o));
            const fixed = who.map((o, i) => (o === 1 && near(who, i, [2, 3]) ? 0 : o));
            const ours = lines.map((l, i) => (fixed[i] === 1 || fixed[i] === 3 ? `ours ${i}` : l));
            const theirs = lines.map((l, i) => (fixed[i] === 2 ? `theirs ${i}` : fixed[i] === 3 ? `ours ${i}` : l));
            const expected = lines.map((l, i) => (fixed[i] === 1 || fixed[i] === 3 ? `ours ${i}` : fixed[i] === 2 ? `theirs ${i}` : l));
            expect(merge3Text(lines.join('\n'), ours.join('\n'), theirs.join('\n'))).toEqual({ ok: true, text: expected.join('\n') });
          },
        ),
        { numRuns: 200 },
      );
    });

    it('(d) different edits of the same line conflict, and no change is ever lost', () => {
      const edits = (n: number) =>
        fc.array(fc.record({ line: fc.nat(n), op: fc.constantFrom('replace', 'insert', 'delete') }), { maxLength: 4 });
      fc.assert(
        fc.property(
          anyLines.chain((lines) => fc.tuple(fc.constant(lines), fc.nat(lines.length - 1), edits(lines.length), edits(lines.length))),
          ([lines, shared, oursEdits, theirsEdits]) => {
            const apply = (side: string, list: { line: number; op: string }[]): string[] => {
              const out = [...lines];
              out[shared] = `${side} shared`;
              list.forEach(({ line, op }, k) => {
                const at = line % (out.length + 1);
                if (op === 'insert') out.splice(at, 0, `${side} new ${k}`);
                else if (at < out.length && out[at] !== `${side} shared`) {
                  if (op === 'replace') out[at] = `${side} new ${k}`;
                  else out.splice(at, 1);
                }
              });
              return out;
            };
            const ours = apply('ours', oursEdits);
            const theirs = apply('theirs', theirsEdits);
            const result = merge3Text(lines.join('\n'), ours.join('\n'), theirs.join('\n'));
            const merged = (result.ok ? result.text : result.textWithMarkers).split('\n');
            if (new Set(lines).size === lines.length) {
              // Unambiguous alignment: the clash is reported as one conflict.
              expect(result.ok).toBe(false);
              const both = !result.ok && result.conflicts.some((c) => c.oursText.includes('ours shared') && c.theirsText.includes('theirs shared'));
              expect(both).toBe(true);
            } else if (result.ok) {
              // Repeated lines make the diff alignment ambiguous: a clash may be read as two
              // separate edits, and then both texts are kept.
              expect(merged).toContain('ours shared');
              expect(merged).toContain('theirs shared');
            }
            // Every line a side added is in the merged text or in a conflict on that side.
            for (const line of [...ours, ...theirs].filter((l) => l.startsWith('ours') || l.startsWith('theirs'))) {
              expect(merged).toContain(line);
            }
          },
        ),
        { numRuns: 200 },
      );
    });
  });
});

// ---------------------------------------------------------------------------
// mergeTrees: tricky cases

describe('mergeTrees', () => {
  const base = page('root', [page('intro'), page('guides', [page('setup'), page('deploy')]), page('faq')]);

  it('merges independent changes on different pages', () => {
    const ours = edit(base, 'setup', (p) => (p.title = 'Set up'));
    const theirs = edit(base, 'faq', (p) => (p.emoji = '❓'));
    const result = mergeTrees(base, ours, theirs);
    expect(result.ok).toBe(true);
    expect(find(result.tree, 'setup')?.title).toBe('Set up');
    expect(find(result.tree, 'faq')?.emoji).toBe('❓');
  });

  it('makes slugs unique when both sides add a page with the same slug under the same parent', () => {
    const ours = edit(base, 'guides', (p) => p.children.push(page('o-new', [], { slug: 'upgrade', title: 'Upgrade (ours)' })));
    const theirs = edit(base, 'guides', (p) => p.children.push(page('t-new', [], { slug: 'upgrade', title: 'Upgrade (theirs)' })));
    const result = mergeTrees(base, ours, theirs);
    expect(result.conflicts).toEqual([]);
    const guides = find(result.tree, 'guides') as PageNode;
    expect(guides.children.map((c) => [c.id, c.slug])).toEqual([
      ['setup', 'setup'],
      ['deploy', 'deploy'],
      ['t-new', 'upgrade-2'],
      ['o-new', 'upgrade'],
    ]);
    expect(result.renamed).toEqual([{ pageId: 't-new', from: 'upgrade', to: 'upgrade-2' }]);
  });

  it('makes slugs unique when a rename collides with a page added by the other side', () => {
    const ours = edit(base, 'intro', (p) => (p.slug = 'start'));
    const theirs = edit(base, 'root', (p) => p.children.push(page('start-page', [], { slug: 'start' })));
    const result = mergeTrees(base, ours, theirs);
    expect(result.ok).toBe(true);
    expect(result.tree.children.map((c) => c.slug)).toEqual(['start', 'guides', 'faq', 'start-2']);
  });

  it('reports move vs delete as delete-modify and keeps the page where it was moved', () => {
    const ours = structuredClone(base);
    const deploy = (find(ours, 'guides') as PageNode).children.pop() as PageNode;
    ours.children.push(deploy);
    const theirs = edit(base, 'guides', (p) => (p.children = p.children.filter((c) => c.id !== 'deploy')));
    const result = mergeTrees(base, ours, theirs);
    expect(conflictKinds(result)).toEqual([['deploy', 'delete-modify']]);
    expect(result.conflicts[0]).toMatchObject({ ours: { id: 'deploy' }, theirs: null, base: { id: 'deploy' } });
    expect(ids(result.tree.children)).toEqual(['intro', 'guides', 'faq', 'deploy']);
  });

  it('reports edit vs delete as delete-modify, whichever side deletes', () => {
    const edited = edit(base, 'faq', (p) => (p.markdown += 'more\n'));
    const deleted = edit(base, 'root', (p) => (p.children = p.children.filter((c) => c.id !== 'faq')));
    for (const [ours, theirs] of [
      [edited, deleted],
      [deleted, edited],
    ] as const) {
      const result = mergeTrees(base, ours, theirs);
      expect(conflictKinds(result)).toEqual([['faq', 'delete-modify']]);
      expect(find(result.tree, 'faq')?.markdown).toBe(find(edited, 'faq')?.markdown);
    }
  });

  it('deletes cleanly when the other side did not touch the page', () => {
    const ours = edit(base, 'guides', (p) => (p.children = [p.children[0] as PageNode]));
    const theirs = edit(base, 'intro', (p) => (p.title = 'Welcome'));
    const result = mergeTrees(base, ours, theirs);
    expect(result.ok).toBe(true);
    expect(find(result.tree, 'deploy')).toBeUndefined();
  });

  it('keeps a deleted parent when the other side added a child to it', () => {
    const ours = edit(base, 'root', (p) => (p.children = p.children.filter((c) => c.id !== 'guides')));
    const theirs = edit(base, 'guides', (p) => p.children.push(page('rollback')));
    const result = mergeTrees(base, ours, theirs);
    expect(conflictKinds(result)).toEqual([['guides', 'delete-modify']]);
    expect(ids((find(result.tree, 'guides') as PageNode).children)).toEqual(['rollback']);
  });

  it('reports different renames on both sides as conflicts (ours wins in the tree)', () => {
    const ours = edit(base, 'faq', (p) => {
      p.title = 'Questions';
      p.slug = 'questions';
    });
    const theirs = edit(base, 'faq', (p) => {
      p.title = 'Help';
      p.slug = 'help';
    });
    const result = mergeTrees(base, ours, theirs);
    expect(result.conflicts).toEqual([
      { pageId: 'faq', kind: 'slug', base: 'faq', ours: 'questions', theirs: 'help' },
      { pageId: 'faq', kind: 'title', base: 'Title faq', ours: 'Questions', theirs: 'Help' },
    ]);
    expect(find(result.tree, 'faq')).toMatchObject({ title: 'Questions', slug: 'questions' });
  });

  it('merges metadata field by field and reports clashes with the field name', () => {
    const withMeta = edit(base, 'intro', (p) => (p.metadata = { owner: 'docs', tier: 1 }));
    const ours = edit(withMeta, 'intro', (p) => {
      p.emoji = '📘';
      p.metadata = { owner: 'platform', tier: 1 };
    });
    const theirs = edit(withMeta, 'intro', (p) => {
      p.emoji = '🚀';
      p.description = 'Start here';
      p.metadata = { owner: 'docs', tier: 2 };
    });
    const result = mergeTrees(withMeta, ours, theirs);
    expect(conflictKinds(result)).toEqual([['intro', 'metadata', 'emoji']]);
    expect(find(result.tree, 'intro')).toMatchObject({ emoji: '📘', description: 'Start here', metadata: { owner: 'platform', tier: 2 } });
  });

  it('merges markdown line by line and reports content conflicts precisely', () => {
    const clean = mergeTrees(
      base,
      edit(base, 'setup', (p) => (p.markdown = p.markdown.replace('line 1', 'LINE 1'))),
      edit(base, 'setup', (p) => (p.markdown = p.markdown.replace('line 3', 'LINE 3'))),
    );
    expect(clean.ok).toBe(true);
    expect(find(clean.tree, 'setup')?.markdown).toBe('LINE 1 of setup\nline 2 of setup\nLINE 3 of setup\n');

    const clash = mergeTrees(
      base,
      edit(base, 'setup', (p) => (p.markdown = p.markdown.replace('line 2', 'ours 2'))),
      edit(base, 'setup', (p) => (p.markdown = p.markdown.replace('line 2', 'theirs 2'))),
    );
    expect(conflictKinds(clash)).toEqual([['setup', 'content']]);
    expect(clash.conflicts[0]?.textConflicts).toEqual([
      {
        baseRange: { start: 1, end: 2 },
        oursRange: { start: 1, end: 2 },
        theirsRange: { start: 1, end: 2 },
        baseText: 'line 2 of setup',
        oursText: 'ours 2 of setup',
        theirsText: 'theirs 2 of setup',
      },
    ]);
    expect(find(clash.tree, 'setup')?.markdown).toContain('ours 2');
  });

  it('combines reorders of different pages and conflicts on different moves of the same page', () => {
    const ours = edit(base, 'root', (p) => (p.children = [p.children[2], p.children[0], p.children[1]] as PageNode[])); // faq first
    const theirs = edit(base, 'guides', (p) => p.children.reverse()); // deploy before setup
    const result = mergeTrees(base, ours, theirs);
    expect(result.ok).toBe(true);
    expect(ids(result.tree.children)).toEqual(['faq', 'intro', 'guides']);
    expect(ids((find(result.tree, 'guides') as PageNode).children)).toEqual(['deploy', 'setup']);

    const toIntro = edit(base, 'root', (p) => {
      const faq = p.children.pop() as PageNode;
      p.children[0]?.children.push(faq);
    });
    const toGuides = edit(base, 'root', (p) => {
      const faq = p.children.pop() as PageNode;
      p.children[1]?.children.push(faq);
    });
    const moved = mergeTrees(base, toIntro, toGuides);
    expect(conflictKinds(moved)).toEqual([['faq', 'move']]);
    expect(moved.conflicts[0]).toMatchObject({
      base: { parentId: 'root', index: 2 },
      ours: { parentId: 'intro', index: 0 },
      theirs: { parentId: 'guides', index: 2 },
    });
    expect(ids((find(moved.tree, 'intro') as PageNode).children)).toEqual(['faq']);
  });

  it('breaks cycles from crossing moves by undoing theirs', () => {
    const tree = page('root', [page('a'), page('b')]);
    const ours = page('root', [page('b', [page('a')])]); // a under b
    const theirs = page('root', [page('a', [page('b')])]); // b under a
    const result = mergeTrees(tree, ours, theirs);
    expect(conflictKinds(result)).toEqual([['b', 'move']]);
    expect(result.tree).toEqual(ours);
  });

  it('merges pages added on both sides with the same id', () => {
    const ours = edit(base, 'root', (p) => p.children.push(page('new', [], { title: 'Same', markdown: 'a\n' })));
    const same = mergeTrees(base, ours, structuredClone(ours));
    expect(same).toMatchObject({ ok: true, tree: ours });
    const theirs = edit(base, 'root', (p) => p.children.push(page('new', [], { title: 'Other', markdown: 'a\n' })));
    expect(conflictKinds(mergeTrees(base, ours, theirs))).toEqual([['new', 'title']]);
  });

  it('is deterministic and independent of object key order', () => {
    const ours = edit(base, 'setup', (p) => {
      p.title = 'O';
      p.layout = { width: 'wide', cover: true };
    });
    const theirs = edit(base, 'setup', (p) => {
      p.title = 'T';
      p.metadata = { b: 1, a: 2 };
    });
    const shuffle = (node: PageNode): PageNode =>
      Object.fromEntries(
        Object.entries({ ...node, children: node.children.map(shuffle) })
          .reverse()
          .map(([k, v]) => [k, v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).reverse()) : v]),
      ) as unknown as PageNode;
    const a = JSON.stringify(mergeTrees(base, ours, theirs));
    const b = JSON.stringify(mergeTrees(shuffle(base), shuffle(ours), shuffle(theirs)));
    expect(b).toBe(a);
  });

  it('requires a common root', () => {
    expect(() => mergeTrees(base, page('other'), base)).toThrow(/root/);
  });
});

// ---------------------------------------------------------------------------
// mergeTrees: properties

/** Random base tree: pages p0..pn, each under a random earlier page. */
const baseTreeArb: fc.Arbitrary<PageNode> = fc
  .array(fc.record({ parent: fc.nat(), lines: fc.integer({ min: 1, max: 6 }) }), { minLength: 1, maxLength: 10 })
  .map((specs) => {
    const root = page('root', [], { markdown: '' });
    const all = [root];
    specs.forEach((spec, i) => {
      const id = `p${i}`;
      const markdown = Array.from({ length: spec.lines }, (_, k) => `line ${k} of ${id}`).join('\n');
      const child = page(id, [], { markdown });
      (all[spec.parent % all.length] as PageNode).children.push(child);
      all.push(child);
    });
    return root;
  });

type Op =
  | { kind: 'title' | 'emoji' | 'slug' | 'meta'; page: number; value: number }
  | { kind: 'line'; page: number; line: number }
  | { kind: 'add' | 'move'; page: number; parent: number; position: number; value: number }
  | { kind: 'delete'; page: number };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constantFrom('title', 'emoji', 'slug', 'meta'), page: fc.nat(), value: fc.nat(3) }),
  fc.record({ kind: fc.constant('line'), page: fc.nat(), line: fc.nat() }),
  fc.record({ kind: fc.constantFrom('add', 'move'), page: fc.nat(), parent: fc.nat(), position: fc.nat(), value: fc.nat(3) }),
  fc.record({ kind: fc.constant('delete'), page: fc.nat() }),
) as fc.Arbitrary<Op>;
const opsArb = fc.array(opArb, { maxLength: 6 });

/** Applies edits to a copy of `tree`, keeping it valid (unique sibling slugs, no cycles). */
function applyOps(tree: PageNode, ops: readonly Op[], side: string): PageNode {
  const root = structuredClone(tree);
  let counter = 0;
  const pages = (): PageNode[] => {
    const out: PageNode[] = [];
    const walk = (n: PageNode): void => {
      out.push(n);
      n.children.forEach(walk);
    };
    walk(root);
    return out;
  };
  const parentOf = (target: PageNode): PageNode | undefined => pages().find((p) => p.children.includes(target));
  const slugFree = (parent: PageNode, slug: string, self?: PageNode): boolean => parent.children.every((c) => c === self || c.slug !== slug);
  for (const op of ops) {
    const all = pages();
    const nonRoot = all.slice(1);
    const target = nonRoot[op.page % Math.max(nonRoot.length, 1)];
    switch (op.kind) {
      case 'title':
        if (target) target.title = `${side} title ${op.value}`;
        break;
      case 'emoji':
        if (target) target.emoji = ['📘', '🚀', '✅', '❓'][op.value];
        break;
      case 'meta':
        if (target) target.metadata = { ...target.metadata, [`k${op.value % 2}`]: `${side}${op.value}` };
        break;
      case 'slug': {
        const parent = target && parentOf(target);
        const slug = ['alpha', 'beta', 'gamma', 'delta'][op.value] as string;
        if (target && parent && slugFree(parent, slug, target)) target.slug = slug;
        break;
      }
      case 'line':
        if (target) {
          const lines = target.markdown.split('\n');
          lines[op.line % lines.length] = `${side} edit ${counter++}`;
          target.markdown = lines.join('\n');
        }
        break;
      case 'add': {
        const parent = all[op.parent % all.length] as PageNode;
        const id = `${side}-new-${counter++}`;
        const slug = slugFree(parent, ['new', 'guide'][op.value % 2] as string) ? (['new', 'guide'][op.value % 2] as string) : id;
        parent.children.splice(op.position % (parent.children.length + 1), 0, page(id, [], { slug, markdown: `${side} content` }));
        break;
      }
      case 'delete': {
        const parent = target && parentOf(target);
        if (parent) parent.children = parent.children.filter((c) => c !== target);
        break;
      }
      case 'move': {
        const parent = target && parentOf(target);
        const destination = all[op.parent % all.length] as PageNode;
        if (!target || !parent || find(target, destination.id) || !slugFree(destination, target.slug, target)) break;
        parent.children = parent.children.filter((c) => c !== target);
        destination.children.splice(op.position % (destination.children.length + 1), 0, target);
        break;
      }
    }
  }
  return root;
}

/** Unique ids and unique slugs among siblings. */
function expectValidTree(tree: PageNode): void {
  expect(() => indexTree(tree)).not.toThrow();
  const visit = (node: PageNode): void => {
    expect(new Set(node.children.map((c) => c.slug)).size).toBe(node.children.length);
    node.children.forEach(visit);
  };
  visit(tree);
}

const RUNS = { numRuns: 150 };

describe('mergeTrees properties', () => {
  it('(a) merging with an unchanged side returns the other side exactly', () => {
    fc.assert(
      fc.property(baseTreeArb, opsArb, (base, ops) => {
        const changed = applyOps(base, ops, 'x');
        expect(mergeTrees(base, changed, base)).toEqual({ ok: true, tree: changed, conflicts: [], renamed: [] });
        expect(mergeTrees(base, base, changed)).toEqual({ ok: true, tree: changed, conflicts: [], renamed: [] });
      }),
      RUNS,
    );
  });

  it('(b) identical changes on both sides come back once, without conflict', () => {
    fc.assert(
      fc.property(baseTreeArb, opsArb, (base, ops) => {
        const changed = applyOps(base, ops, 'x');
        expect(mergeTrees(base, changed, structuredClone(changed))).toEqual({ ok: true, tree: changed, conflicts: [], renamed: [] });
      }),
      RUNS,
    );
  });

  it('(c) non-overlapping edits (different pages) all survive', () => {
    const fieldOps = fc.array(
      fc.oneof(
        fc.record({ kind: fc.constantFrom('title', 'emoji', 'meta'), page: fc.nat(), value: fc.nat(3) }),
        fc.record({ kind: fc.constant('line'), page: fc.nat(), line: fc.nat() }),
      ) as fc.Arbitrary<Op>,
      { maxLength: 5 },
    );
    fc.assert(
      fc.property(baseTreeArb, fieldOps, fieldOps, fc.nat(), (base, oursOps, theirsOps, split) => {
        const pageIds = [...indexTree(base).keys()].slice(1);
        // Ours edits pages in the first part of the list, theirs in the rest.
        const cut = split % (pageIds.length + 1);
        const restrict = (ops: Op[], from: number, to: number): Op[] =>
          to > from ? ops.map((op) => ({ ...op, page: from + (op.page % (to - from)) })) : [];
        const ours = applyOps(base, restrict(oursOps, 0, cut), 'ours');
        const theirs = applyOps(base, restrict(theirsOps, cut, pageIds.length), 'theirs');
        const result = mergeTrees(base, ours, theirs);
        expect(result.conflicts).toEqual([]);
        for (const id of pageIds) {
          const expected = pageIds.indexOf(id) < cut ? find(ours, id) : find(theirs, id);
          const { children: _c, ...fields } = expected as PageNode;
          expect(find(result.tree, id)).toMatchObject(fields);
        }
        expectValidTree(result.tree);
      }),
      RUNS,
    );
  });

  it('(d) arbitrary concurrent edits never lose a change silently', () => {
    fc.assert(
      fc.property(baseTreeArb, opsArb, opsArb, (base, oursOps, theirsOps) => {
        const sides = { ours: applyOps(base, oursOps, 'ours'), theirs: applyOps(base, theirsOps, 'theirs') };
        const result = mergeTrees(base, sides.ours, sides.theirs);
        expectValidTree(result.tree);
        const baseIndex = indexTree(base);
        const merged = indexTree(result.tree);
        const conflictOn = (id: string, ...kinds: TreeConflict['kind'][]): boolean =>
          result.conflicts.some((c) => c.pageId === id && kinds.includes(c.kind));

        for (const side of ['ours', 'theirs'] as const) {
          const mine = indexTree(sides[side]);
          for (const [id, placement] of mine) {
            const before = baseIndex.get(id);
            const after = merged.get(id);
            // Added pages always survive.
            if (before === undefined) {
              expect(after, `page ${id} added by ${side}`).toBeDefined();
              continue;
            }
            if (after === undefined) {
              // Only an unmodified page may disappear (the other side deleted it).
              expect(placement.page).toEqual(before.page);
              expect(placement.parentId).toBe(before.parentId);
              continue;
            }
            // Field changes appear or are reported.
            const changes: [string, unknown, unknown, unknown][] = [
              ['title', before.page.title, placement.page.title, after.page.title],
              ['emoji', before.page.emoji, placement.page.emoji, after.page.emoji],
              ...['k0', 'k1'].map((k): [string, unknown, unknown, unknown] => [
                `metadata.${k}`,
                before.page.metadata?.[k],
                placement.page.metadata?.[k],
                after.page.metadata?.[k],
              ]),
            ];
            for (const [field, was, mineValue, now] of changes) {
              if (mineValue === was || now === mineValue) continue;
              expect(conflictOn(id, 'title', 'metadata'), `${side} change of ${field} on ${id}`).toBe(true);
            }
            // A renamed slug appears, is reported, or was only suffixed to stay unique.
            if (placement.page.slug !== before.page.slug && after.page.slug !== placement.page.slug) {
              const suffixed = result.renamed.some((r) => r.pageId === id && r.from === placement.page.slug);
              expect(suffixed || conflictOn(id, 'slug')).toBe(true);
            }
            // Every line the side wrote is in the merged markdown, or the page has a content conflict.
            const written = placement.page.markdown.split('\n').filter((line) => line.startsWith(side));
            if (!conflictOn(id, 'content')) {
              for (const line of written) expect(after.page.markdown.split('\n')).toContain(line);
            }
            // A page moved to another parent is there, or the move is reported.
            if (placement.parentId !== before.parentId && after.parentId !== placement.parentId) {
              expect(conflictOn(id, 'move'), `${side} move of ${id}`).toBe(true);
            }
          }
          // Deleted pages are gone, or kept with a delete-modify conflict.
          for (const id of baseIndex.keys()) {
            if (!mine.has(id) && merged.has(id)) expect(conflictOn(id, 'delete-modify'), `${side} delete of ${id}`).toBe(true);
          }
        }
      }),
      RUNS,
    );
  });
});

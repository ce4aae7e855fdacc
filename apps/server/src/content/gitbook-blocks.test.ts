import { readdirSync, readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { documentToMarkdown, markdownToDocument } from './markdown.js';
import { foldGitBookBlocks, GitBookBlockError, unfoldGitBookBlocks } from './gitbook-blocks.js';
import type { Document } from './document.js';

const FIXTURES = new URL('./fixtures/', import.meta.url);
const read = (name: string) => readFileSync(new URL(name, FIXTURES), 'utf8');
const roundTrip = (md: string) => {
  const doc = markdownToDocument(md);
  return { stored: documentToMarkdown(doc), back: documentToMarkdown(unfoldGitBookBlocks(JSON.parse(JSON.stringify(foldGitBookBlocks(doc))) as Document)) };
};
const types = (nodes: readonly any[]): unknown[] => nodes.map((n) => (n.nodes?.length && n.object === 'block' && n.type !== 'paragraph' && !n.type.startsWith('heading') && n.type !== 'code' ? { [n.type]: types(n.nodes) } : n.type));

describe('GitBook container blocks at the API edge', () => {
  it('folds canonical tag lines into GitBook block shapes and leaves the rest as lines', () => {
    const doc = foldGitBookBlocks(markdownToDocument(read('gitbook-blocks.md')));
    const nodes = doc.nodes as any[];
    const tabs = nodes.find((n) => n.type === 'tabs');
    expect(tabs.nodes.map((t: any) => [t.type, t.data.title])).toEqual([['tabs-item', 'macOS'], ['tabs-item', 'Linux & BSD']]);
    expect(tabs.nodes[1].nodes.map((n: any) => n.type)).toEqual(['paragraph', 'hint']);
    const stepper = nodes.find((n) => n.type === 'stepper');
    expect(stepper.nodes.map((s: any) => s.type)).toEqual(['stepper-step', 'stepper-step']);
    expect(stepper.nodes[0].nodes.map((n: any) => n.type)).toEqual(['heading-3', 'paragraph']);
    const columns = nodes.find((n) => n.type === 'columns');
    expect(columns.nodes.map((c: any) => c.data)).toEqual([{ width: { unit: '%', value: 50 } }, {}]);
    const updates = nodes.find((n) => n.type === 'updates');
    expect(updates.data).toEqual({ format: 'full' });
    expect(updates.nodes.map((u: any) => u.data)).toEqual([
      { date: '2026-04-29T00:00:00.000Z', tags: [{ kind: 'tag', tag: 'payments' }, { kind: 'tag', tag: 'platform' }] },
      { date: '2026-04-10T00:00:00.000Z' },
    ]);
    const conditions = nodes.filter((n) => n.type === 'if');
    expect(conditions.map((c) => [c.data.expression, c.nodes.map((b: any) => b.type)])).toEqual([['visitor.claims.unsigned.plan === "pro"', ['paragraph', 'tabs']]]);
    const embeds = nodes.filter((n) => n.type === 'embed');
    // A captioned embed carries its caption as a `caption` fragment, as images do.
    expect(embeds.map((e) => [e.data.url, e.fragments?.[0]?.nodes[0].nodes[0].leaves[0].text])).toEqual([
      ['https://www.youtube.com/watch?v=abc123', undefined], ['https://example.com/video', 'A caption under the embed.'],
    ]);
    const expandables = nodes.filter((n) => n.type === 'expandable');
    expect(expandables.map((e) => [e.data, e.fragments[0].nodes[0].nodes[0].leaves[0].text, e.fragments[1].nodes.map((b: any) => b.type)])).toEqual([
      [{}, 'Why <this> works', ['paragraph', 'list-unordered']],
      [{ defaultExpanded: true }, 'Open by default', ['paragraph']],
    ]);
    // Not folded: an attribute Bindery does not model, a tab outside tabs, columns holding loose text.
    const lines = nodes.filter((n) => n.type === 'paragraph').map((n) => n.nodes[0].leaves?.[0]?.text ?? '').filter((t: string) => t.startsWith('{%'));
    expect(lines).toEqual(expect.arrayContaining(['{% tabs fullWidth="true" %}', '{% tab title="Kept as lines" %}', '{% tab title="A stray tab" %}', '{% columns %}']));
    // Keys: the folded block takes the key of its opening line; they stay unique.
    const keys: string[] = [];
    const walk = (list: any[]) => list.forEach((n) => { if (n.key) keys.push(n.key); walk(n.nodes ?? []); (n.fragments ?? []).forEach((f: any) => walk(f.nodes)); });
    walk(nodes);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('unfolding what a read shows writes the same markdown (every fixture)', () => {
    for (const name of readdirSync(FIXTURES).filter((n) => n.endsWith('.md'))) {
      const { stored, back } = roundTrip(read(name));
      expect(back, name).toBe(stored);
    }
  });

  it('unfolding what a read shows writes the same markdown (random mixes of tag lines, HTML and text)', () => {
    const PIECES = [
      '{% tabs %}', '{% endtabs %}', '{% tab title="A" %}', '{% tab title="Q&A &quot;x&quot;" %}', '{% tab title="" %}', '{% endtab %}', '{% tab %}',
      '{% stepper %}', '{% endstepper %}', '{% step %}', '{% endstep %}', '{% columns %}', '{% endcolumns %}', '{% column %}', '{% column width="33.3%" %}',
      '{% column width="wide" %}', '{% endcolumn %}', '{% embed url="https://e.x/v?a=1&b=2" %}', '{% endembed %}', '{% embed url="x" title="y" %}',
      '{%tabs%}', '{% tabs  %}', '**{% tabs %}**', '<details>', '<details open>', '</details>', '<summary>T &amp; U</summary>', '<summary>S</summary>',
      '<summary></summary>', '<summary>A & B</summary>', '{% updates format="full" %}', '{% updates %}', '{% endupdates %}', '{% update date="2026-04-29" %}',
      '{% update date="2026-04-29" tags="a,b" %}', '{% update tags="a" date="2026-04-29" %}', '{% update date="2026-04-29T10:00:00Z" %}', '{% update date="2026-04-29T00:00:00.000Z" %}', '{% endupdate %}',
      '{% if visitor.claims.plan === "pro" %}', '{% if a  %}', '{% if !x %}', '{% endif %}', '{% else %}', '{% elif y %}', '{%if z%}', '{% hint style="info" %}', '{% endhint %}', 'text', '* item', '> quote', '# Heading', '```\ncode\n```',
    ];
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.constantFrom(...PIECES), fc.constantFrom('\n', '\n\n')), { maxLength: 24 }), (parts) => {
        const md = parts.map(([p, sep]) => p + sep).join('');
        const { stored, back } = roundTrip(md);
        expect(back).toBe(stored);
      }),
      { numRuns: 1500 },
    );
  });

  it('unfolds GitBook blocks a client writes into the tag lines GitBook writes', () => {
    const p = (text: string) => ({ object: 'block', type: 'paragraph', data: {}, nodes: [{ object: 'text', leaves: [{ object: 'leaf', text, marks: [] }] }] });
    const doc = {
      object: 'document', data: { schemaVersion: 1 },
      nodes: [
        { object: 'block', type: 'tabs', data: {}, nodes: [{ object: 'block', type: 'tabs-item', data: { title: 'Say "hi"' }, nodes: [p('One')] }] },
        { object: 'block', type: 'columns', data: {}, isVoid: false, nodes: [{ object: 'block', type: 'column', data: { width: 40 }, nodes: [p('L')] }, { object: 'block', type: 'column', data: {}, nodes: [p('R')] }] },
        { object: 'block', type: 'embed', data: { url: 'https://example.com/a' }, isVoid: true, nodes: [] },
        { object: 'block', type: 'embed', data: { url: 'https://example.com/b' }, isVoid: true, nodes: [], fragments: [{ object: 'fragment', fragment: 'caption', type: 'caption', nodes: [p('Caption.')] }] },
        { object: 'block', type: 'if', data: { expression: 'visitor.claims.plan === "pro"' }, nodes: [p('Pro only.')] },
        {
          object: 'block', type: 'expandable', data: { defaultExpanded: true }, isVoid: true, nodes: [],
          fragments: [
            { object: 'fragment', fragment: 'expandable-title', type: 'expandable-title', nodes: [p('More <details>')] },
            { object: 'fragment', fragment: 'expandable-body', type: 'expandable-body', nodes: [{ object: 'block', type: 'stepper', data: {}, nodes: [{ object: 'block', type: 'stepper-step', data: {}, nodes: [p('Step')] }] }] },
          ],
        },
      ],
    } as unknown as Document;
    const md = documentToMarkdown(unfoldGitBookBlocks(doc));
    expect(md).toBe([
      '{% tabs %}', '{% tab title="Say &quot;hi&quot;" %}', 'One', '{% endtab %}', '{% endtabs %}', '',
      '{% columns %}', '{% column width="40%" %}', 'L', '{% endcolumn %}', '', '{% column %}', 'R', '{% endcolumn %}', '{% endcolumns %}', '',
      '{% embed url="https://example.com/a" %}', '',
      '{% embed url="https://example.com/b" %}', 'Caption.', '{% endembed %}', '',
      '{% if visitor.claims.plan === "pro" %}', 'Pro only.', '{% endif %}', '',
      '<details open>', '', '<summary>More &lt;details&gt;</summary>', '', '{% stepper %}', '{% step %}', 'Step', '{% endstep %}', '{% endstepper %}', '', '</details>', '',
    ].join('\n'));
    // And it reads back as the same blocks.
    expect(types(foldGitBookBlocks(markdownToDocument(md)).nodes)).toEqual(types(doc.nodes));
  });

  it('refuses blocks that cannot be written as tag lines, naming their path', () => {
    const bad = (nodes: unknown[]) => {
      try {
        unfoldGitBookBlocks({ object: 'document', data: { schemaVersion: 1 }, nodes } as unknown as Document);
        return undefined;
      } catch (err) {
        expect(err).toBeInstanceOf(GitBookBlockError);
        return (err as GitBookBlockError).path;
      }
    };
    expect(bad([{ object: 'block', type: 'tabs', data: {}, nodes: [{ object: 'block', type: 'paragraph', data: {}, nodes: [] }] }])).toBe('/nodes/0/nodes/0/type');
    expect(bad([{ object: 'block', type: 'tabs-item', data: { title: 'x' }, nodes: [] }])).toBe('/nodes/0/type');
    expect(bad([{ object: 'block', type: 'tabs', data: {}, nodes: [{ object: 'block', type: 'tabs-item', data: { title: 'a\nb' }, nodes: [] }] }])).toBe('/nodes/0/nodes/0/data/title');
    expect(bad([{ object: 'block', type: 'embed', data: { url: 'https://x/"y' }, nodes: [] }])).toBe('/nodes/0/data/url');
    expect(bad([{ object: 'block', type: 'columns', data: {}, nodes: [{ object: 'block', type: 'column', data: { width: 'wide' }, nodes: [] }] }])).toBe('/nodes/0/nodes/0/data/width');
    expect(bad([{ object: 'block', type: 'expandable', data: {}, nodes: [], fragments: [] }])).toBe('/nodes/0/fragments');
    expect(bad([{ object: 'block', type: 'if', data: { expression: 'a %} b' }, nodes: [] }])).toBe('/nodes/0/data/expression');
    expect(bad([{ object: 'block', type: 'embed', data: { url: 'https://x' }, nodes: [], fragments: [{ object: 'fragment', fragment: 'caption', type: 'caption', nodes: [] }] }])).toBe('/nodes/0/fragments/0/nodes');
    expect(bad([{ object: 'block', type: 'if', data: { expression: 'a\nb' }, nodes: [] }])).toBe('/nodes/0/data/expression');
    expect(bad([{ object: 'block', type: 'hint', data: { style: 'info' }, nodes: [{ object: 'block', type: 'stepper-step', data: {}, nodes: [] }] }])).toBe('/nodes/0/nodes/0/type');
  });
});

import { readdirSync, readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { documentToMarkdown, markdownToDocument } from './markdown.js';
import { contentRefLabel, foldGitBookBlocks, GitBookBlockError, mapGitBookTargets, unfoldGitBookBlocks } from './gitbook-blocks.js';
import { exportTargets, importTargets } from '../gitsync/format/block-targets.js';
import { pathResolver } from '../gitsync/format/read.js';
import { pageLinkPath, refTarget, relativePath } from '../gitsync/format/write.js';
import type { Document } from './document.js';

const FIXTURES = new URL('./fixtures/', import.meta.url);
const read = (name: string) => readFileSync(new URL(name, FIXTURES), 'utf8');
const roundTrip = (md: string) => {
  const doc = markdownToDocument(md);
  return { stored: documentToMarkdown(doc), back: documentToMarkdown(unfoldGitBookBlocks(JSON.parse(JSON.stringify(foldGitBookBlocks(doc))) as Document)) };
};
/** The JSON path a client's block is refused at when written (a GitBookBlockError), or undefined when it is accepted. */
const bad = (node: unknown) => {
  try {
    unfoldGitBookBlocks({ object: 'document', data: { schemaVersion: 1 }, nodes: [node] } as unknown as Document);
    return undefined;
  } catch (err) {
    expect(err).toBeInstanceOf(GitBookBlockError);
    return (err as GitBookBlockError).path;
  }
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
      '{% content-ref url="/pages/abc" %}', '{% content-ref url="setup/" %}', '{% content-ref url="https://e.x/a" %}', '{% content-ref url="/pages/abc#s" %}', '{% content-ref url="a b" %}',
      '{% content-ref page="x.md" %}', '{% endcontent-ref %}', '[abc](/pages/abc)', '[setup](setup/)', '[Setup](setup/)', '[https://e.x/a](https://e.x/a)', '[abc](/pages/abc#s)', '[**abc**](/pages/abc)',
      '[abc](/pages/abc "t")', '[abc](/pages/xyz)', '{% file src="/files/f1" %}', '{% file src="../a.pdf" %}', '{% file src="/files/f1" name="x" %}', '{% endfile %}', '{% include "/reusable-content/r1" %}',
      '{% include "../.gitbook/includes/x.md" %}', "{% include '/reusable-content/r1' %}", '{% include "/reusable-content/r 1" %}',
      '{% page-ref page="/pages/abc" %}', '{% page-ref page="setup/" %}', '{% page-ref page="a b" %}', '{% page-ref page="x" url="y" %}', '{% endpage-ref %}',
      '{% openapi src="/files/f1" path="/pets" method="get" %}', '{% openapi src="https://e.x/o.json" path="/p/{id}" method="post" %}', '{% endopenapi %}',
      '{% swagger src="/files/f1" path="/pets" method="get" %}', '{% swagger baseUrl="https://e.x" path="/a" method="get" summary="S" %}', '{% endswagger %}',
      '{% openapi src="/files/f1" method="get" path="/pets" %}', '{% openapi src="/files/f1" path="" method="get" %}', '[f1](/files/f1)', '[https://e.x/o.json](https://e.x/o.json)',
      '{% openapi-operation spec="pets" path="/pets/{id}" method="get" %}', '{% openapi-operation spec="pets" method="get" path="/a" %}', '{% endopenapi-operation %}',
      '[OpenAPI pets](https://e.x/pets.yaml?X-Amz-Expires=1&a=b)', '[OpenAPI other](https://e.x/o.json)', '[Broken link](/broken/openapi/pets)',
      '{% openapi-webhook spec="pets" name="newPet" method="post" %}', '{% endopenapi-webhook %}', '{% openapi-schemas spec="pets" schemas="Pet,Error" grouped="false" %}',
      '{% openapi-schemas spec="pets" schemas="Pet" grouped="yes" %}', '{% endopenapi-schemas %}', 'see https://e.x/a bare',
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

  it('folds content-refs, files and includes of stored ids into GitBook blocks, only where written back the same', () => {
    const md = [
      '{% content-ref url="/pages/abc" %}', '[abc](/pages/abc)', '{% endcontent-ref %}', '',
      '{% content-ref url="/pages/abc#setup" %}', '[abc](/pages/abc#setup)', '{% endcontent-ref %}', '',
      '{% content-ref url="https://example.com/docs" %}', '[https://example.com/docs](https://example.com/docs)', '{% endcontent-ref %}', '',
      '{% file src="/files/f1" %}', 'The caption.', '{% endfile %}', '',
      '{% file src="/files/f2" %}', '',
      '{% include "/reusable-content/r1" %}', '',
      // Kept as lines: a label that is not GitBook's, a link elsewhere, a file by path, an include by path.
      '{% content-ref url="/pages/abc" %}', '[Getting started](/pages/abc)', '{% endcontent-ref %}', '',
      '{% content-ref url="/pages/abc" %}', '[abc](/pages/other)', '{% endcontent-ref %}', '',
      '{% file src="../assets/a.pdf" %}', '',
      '{% include "../.gitbook/includes/x.md" %}', '',
    ].join('\n');
    const doc = foldGitBookBlocks(markdownToDocument(md));
    const shown = (doc.nodes as any[]).map((n) => (n.type === 'paragraph' ? n.nodes[0].leaves?.[0]?.text ?? `[${n.nodes[0].nodes[0].leaves[0].text}]` : { [n.type]: n.data, ...(n.fragments ? { caption: n.fragments[0].nodes[0].nodes[0].leaves[0].text } : {}) }));
    expect(shown).toEqual([
      { 'content-ref': { ref: { kind: 'page', page: 'abc' } } },
      { 'content-ref': { ref: { kind: 'anchor', page: 'abc', anchor: 'setup' } } },
      { 'content-ref': { ref: { kind: 'url', url: 'https://example.com/docs' } } },
      { file: { ref: { kind: 'file', file: 'f1' } }, caption: 'The caption.' },
      { file: { ref: { kind: 'file', file: 'f2' } } },
      { 'reusable-content': { ref: { kind: 'reusable-content', reusableContent: 'r1' } } },
      '{% content-ref url="/pages/abc" %}', '[Getting started]', '{% endcontent-ref %}',
      '{% content-ref url="/pages/abc" %}', '[abc]', '{% endcontent-ref %}',
      '{% file src="../assets/a.pdf" %}', '{% include "../.gitbook/includes/x.md" %}',
    ]);
    expect((doc.nodes as any[]).slice(0, 6).every((n) => n.isVoid === true && n.nodes.length === 0)).toBe(true);
    const { stored, back } = roundTrip(md);
    expect(back).toBe(stored);
    expect([contentRefLabel('../guide/setup.md'), contentRefLabel('integrations/web/'), contentRefLabel('./'), contentRefLabel('#top'), contentRefLabel('https://x.io/a/')]).toEqual(['setup.md', 'web', '.', '#top', 'https://x.io/a/']);
  });

  it('writes content-ref, file and reusable-content blocks of clients as GitBook tag lines, and refuses what has no such line', () => {
    const p = (text: string) => ({ object: 'block', type: 'paragraph', data: {}, nodes: [{ object: 'text', leaves: [{ object: 'leaf', text, marks: [] }] }] });
    const nodes = [
      { object: 'block', type: 'content-ref', data: { ref: { kind: 'page', page: 'abc' } }, isVoid: true, nodes: [] },
      { object: 'block', type: 'content-ref', data: { ref: { kind: 'anchor', page: 'abc', anchor: 'setup' } }, isVoid: true },
      { object: 'block', type: 'content-ref', data: { ref: { kind: 'file', file: 'f9' } }, isVoid: true, nodes: [] },
      { object: 'block', type: 'content-ref', data: { ref: { kind: 'url', url: 'https://example.com/a_b' } }, isVoid: true, nodes: [] },
      { object: 'block', type: 'file', data: { ref: { kind: 'file', file: 'f1' } }, isVoid: true, nodes: [], fragments: [{ object: 'fragment', fragment: 'caption', type: 'caption', nodes: [p('Caption *here*.')] }] },
      { object: 'block', type: 'file', data: { ref: { kind: 'file', file: 'f2' } }, isVoid: true, nodes: [] },
      { object: 'block', type: 'reusable-content', data: { ref: { kind: 'reusable-content', reusableContent: 'r1' } }, isVoid: true, nodes: [] },
    ];
    const md = documentToMarkdown(unfoldGitBookBlocks({ object: 'document', data: { schemaVersion: 1 }, nodes } as unknown as Document));
    expect(md).toBe([
      '{% content-ref url="/pages/abc" %}', '[abc](/pages/abc)', '{% endcontent-ref %}', '',
      '{% content-ref url="/pages/abc#setup" %}', '[abc](/pages/abc#setup)', '{% endcontent-ref %}', '',
      '{% content-ref url="/files/f9" %}', '[f9](/files/f9)', '{% endcontent-ref %}', '',
      '{% content-ref url="https://example.com/a_b" %}', '[https://example.com/a\\_b](https://example.com/a_b)', '{% endcontent-ref %}', '',
      '{% file src="/files/f1" %}', 'Caption \\*here\\*.', '{% endfile %}', '',
      '{% file src="/files/f2" %}', '',
      '{% include "/reusable-content/r1" %}', '',
    ].join('\n'));
    const back = foldGitBookBlocks(markdownToDocument(md)).nodes as any[];
    expect(back.map((n) => [n.type, n.data])).toEqual(nodes.map((n) => [n.type, n.data]));
    expect(bad({ object: 'block', type: 'content-ref', data: {}, nodes: [] })).toBe('/nodes/0/data/ref');
    expect(bad({ object: 'block', type: 'content-ref', data: { ref: { kind: 'space', space: 's1' } }, nodes: [] })).toBe('/nodes/0/data/ref/kind');
    expect(bad({ object: 'block', type: 'content-ref', data: { ref: { kind: 'page', page: 'a/b' } }, nodes: [] })).toBe('/nodes/0/data/ref/page');
    expect(bad({ object: 'block', type: 'content-ref', data: { ref: { kind: 'page', page: 'a', space: 's2' } }, nodes: [] })).toBe('/nodes/0/data/ref/space');
    expect(bad({ object: 'block', type: 'content-ref', data: { ref: { kind: 'url', url: 'https://x/"y' } }, nodes: [] })).toBe('/nodes/0/data/ref/url');
    expect(bad({ object: 'block', type: 'content-ref', data: { ref: { kind: 'url', url: '' } }, nodes: [] })).toBe('/nodes/0/data/ref/url');
    expect(bad({ object: 'block', type: 'file', data: { ref: { kind: 'url', url: 'https://x/a.pdf' } }, nodes: [] })).toBe('/nodes/0/data/ref');
    expect(bad({ object: 'block', type: 'file', data: { ref: { kind: 'file', file: '' } }, nodes: [] })).toBe('/nodes/0/data/ref/file');
    expect(bad({ object: 'block', type: 'file', data: { ref: { kind: 'file', file: 'f' } }, nodes: [], fragments: [{ object: 'fragment', fragment: 'caption', type: 'caption', nodes: [p('a'), p('b')] }] })).toBe('/nodes/0/fragments/0/nodes');
    expect(bad({ object: 'block', type: 'reusable-content', data: { ref: { kind: 'reusable-content' } }, nodes: [] })).toBe('/nodes/0/data/ref/reusableContent');
    expect(bad({ object: 'block', type: 'reusable-content', data: { ref: { kind: 'page', page: 'x' } }, nodes: [] })).toBe('/nodes/0/data/ref');
  });

  it('folds GitBook\'s old page-ref and its OpenAPI blocks (openapi, and the older swagger tag) into content-ref and swagger blocks, written back with their tag', () => {
    const md = [
      '{% page-ref page="/pages/abc" %}', '',
      '{% page-ref page="/pages/abc#setup" %}', '',
      '{% openapi src="/files/f1" path="/pets/{id}" method="get" %}', '[f1](/files/f1)', '{% endopenapi %}', '',
      '{% openapi src="https://petstore3.swagger.io/api/v3/openapi.json" path="/pet" method="post" %}', '[https://petstore3.swagger.io/api/v3/openapi.json](https://petstore3.swagger.io/api/v3/openapi.json)', '{% endopenapi %}', '',
      '{% swagger src="/files/f2" path="/login" method="post" %}', '[f2](/files/f2)', '{% endswagger %}', '',
      // Kept as lines: a page-ref with another attribute, an OpenAPI block whose link is not GitBook's, attributes in
      // another order, GitBook's older inline API method (no spec: GitBook's blocks have no form for it).
      '{% page-ref page="/pages/abc" title="x" %}', '',
      '{% openapi src="/files/f1" path="/pets" method="get" %}', '[The spec](/files/f1)', '{% endopenapi %}', '',
      '{% openapi path="/pets" src="/files/f1" method="get" %}', '[f1](/files/f1)', '{% endopenapi %}', '',
      '{% swagger baseUrl="https://api.example.com" path="/v1/things" method="get" summary="List things" %}', '{% swagger-description %}', 'Lists them.', '{% endswagger-description %}', '{% endswagger %}', '',
    ].join('\n');
    const doc = foldGitBookBlocks(markdownToDocument(md));
    const shown = (doc.nodes as any[]).map((n) => (n.type === 'paragraph' ? n.nodes[0].leaves?.[0]?.text ?? `[${n.nodes[0].nodes[0].leaves[0].text}]` : { [n.type]: n.data }));
    expect(shown.slice(0, 5)).toEqual([
      { 'content-ref': { ref: { kind: 'page', page: 'abc' }, legacyTag: 'page-ref' } },
      { 'content-ref': { ref: { kind: 'anchor', page: 'abc', anchor: 'setup' }, legacyTag: 'page-ref' } },
      { swagger: { ref: { kind: 'file', file: 'f1' }, path: '/pets/{id}', method: 'get' } },
      { swagger: { ref: { kind: 'url', url: 'https://petstore3.swagger.io/api/v3/openapi.json' }, path: '/pet', method: 'post' } },
      { swagger: { ref: { kind: 'file', file: 'f2' }, path: '/login', method: 'post', legacyTag: 'swagger' } },
    ]);
    expect(shown.slice(5).filter((x) => typeof x !== 'string' || !x.startsWith('['))).toEqual([
      '{% page-ref page="/pages/abc" title="x" %}', '{% openapi src="/files/f1" path="/pets" method="get" %}', '{% endopenapi %}',
      '{% openapi path="/pets" src="/files/f1" method="get" %}', '{% endopenapi %}',
      '{% swagger baseUrl="https://api.example.com" path="/v1/things" method="get" summary="List things" %}', '{% swagger-description %}', 'Lists them.', '{% endswagger-description %}', '{% endswagger %}',
    ]);
    const { stored, back } = roundTrip(md);
    expect(back).toBe(stored);
    // Written by a client: GitBook's current tags without legacyTag, the old ones with it.
    const nodes = [
      { object: 'block', type: 'content-ref', data: { ref: { kind: 'page', page: 'abc' }, legacyTag: 'page-ref' }, isVoid: true, nodes: [] },
      { object: 'block', type: 'swagger', data: { ref: { kind: 'url', url: 'https://e.x/o.yaml' }, path: '/a', method: 'get' }, isVoid: true, nodes: [] },
      { object: 'block', type: 'swagger', data: { ref: { kind: 'file', file: 'f3' }, path: '/b', method: 'delete', legacyTag: 'swagger', expanded: false }, isVoid: true, nodes: [] },
    ];
    const written = documentToMarkdown(unfoldGitBookBlocks({ object: 'document', data: { schemaVersion: 1 }, nodes } as unknown as Document));
    expect(written).toBe([
      '{% page-ref page="/pages/abc" %}', '',
      '{% openapi src="https://e.x/o.yaml" path="/a" method="get" %}', '[https://e.x/o.yaml](https://e.x/o.yaml)', '{% endopenapi %}', '',
      '{% swagger src="/files/f3" path="/b" method="delete" %}', '[f3](/files/f3)', '{% endswagger %}', '',
    ].join('\n'));
    expect((foldGitBookBlocks(markdownToDocument(written)).nodes as any[]).map((n) => n.data)).toEqual(nodes.map((n) => { const { expanded: _, ...data } = n.data as any; return data; }));
    expect(bad({ object: 'block', type: 'content-ref', data: { ref: { kind: 'page', page: 'a' }, legacyTag: 'swagger' }, nodes: [] })).toBe('/nodes/0/data/legacyTag');
    expect(bad({ object: 'block', type: 'swagger', data: { ref: { kind: 'page', page: 'a' }, path: '/a', method: 'get' }, nodes: [] })).toBe('/nodes/0/data/ref');
    expect(bad({ object: 'block', type: 'swagger', data: { ref: { kind: 'url', url: 'https://e.x/o.yaml' }, method: 'get' }, nodes: [] })).toBe('/nodes/0/data/path');
    expect(bad({ object: 'block', type: 'swagger', data: { ref: { kind: 'url', url: 'https://e.x/o.yaml' }, path: '/a', method: 'g"t' }, nodes: [] })).toBe('/nodes/0/data/method');
    expect(bad({ object: 'block', type: 'swagger', data: { ref: { kind: 'url', url: 'https://e.x/o.yaml' }, path: '/a', method: 'get', fullWidth: true }, nodes: [] })).toBe('/nodes/0/data/fullWidth');
  });

  it('folds the OpenAPI blocks of a spec of the organization (openapi-operation, -webhook, -schemas), written back with their link line', () => {
    const url = 'https://files.example.dev/specs/pets.yaml?X-Amz-Expires=172800&X-Amz-Signature=abc';
    const md = [
      '{% openapi-operation spec="pets" path="/pets/{petId}" method="get" %}', `[OpenAPI pets](${url})`, '{% endopenapi-operation %}', '',
      '{% openapi-operation spec="pets" path="/pets" method="post" %}', '{% endopenapi-operation %}', '',
      '{% openapi-webhook spec="pets" name="petAdopted" method="post" %}', `[OpenAPI pets](${url})`, '{% endopenapi-webhook %}', '',
      '{% openapi-schemas spec="pets" schemas="Pet,Owner" grouped="false" %}', `[OpenAPI pets](${url})`, '{% endopenapi-schemas %}', '',
      // Kept as lines: a link that is not the spec's (GitBook's broken reference), attributes in another order.
      '{% openapi-operation spec="pets" path="/gone" method="get" %}', '[Broken link](/broken/openapi/pets)', '{% endopenapi-operation %}', '',
      '{% openapi-operation spec="pets" method="get" path="/pets" %}', '{% endopenapi-operation %}', '',
    ].join('\n');
    const doc = foldGitBookBlocks(markdownToDocument(md));
    const folded = (doc.nodes as any[]).filter((n) => n.type !== 'paragraph').map((n) => ({ [n.type]: n.data }));
    const ref = { kind: 'openapi', spec: 'pets' };
    expect(folded).toEqual([
      { 'openapi-operation': { ref, path: '/pets/{petId}', method: 'get', specUrl: url } },
      { 'openapi-operation': { ref, path: '/pets', method: 'post' } },
      { 'openapi-webhook': { ref, name: 'petAdopted', method: 'post', specUrl: url } },
      { 'openapi-schemas': { ref, schemas: ['Pet', 'Owner'], grouped: false, specUrl: url } },
    ]);
    expect((doc.nodes as any[]).filter((n) => n.type === 'paragraph')).toHaveLength(5);
    const { stored, back } = roundTrip(md);
    expect(back).toBe(stored);
    expect(stored).toBe(md);
    // Written by a client: the tag line, the link line when specUrl is given, the closing line.
    const nodes = [
      { object: 'block', type: 'openapi-operation', data: { ref, path: '/pets', method: 'get' }, isVoid: true, nodes: [] },
      { object: 'block', type: 'openapi-schemas', data: { ref, schemas: ['Pet'], specUrl: 'https://e.x/pets.json' }, isVoid: true, nodes: [] },
    ];
    const written = documentToMarkdown(unfoldGitBookBlocks({ object: 'document', data: { schemaVersion: 1 }, nodes } as unknown as Document));
    expect(written).toBe([
      '{% openapi-operation spec="pets" path="/pets" method="get" %}', '{% endopenapi-operation %}', '',
      '{% openapi-schemas spec="pets" schemas="Pet" grouped="true" %}', '[OpenAPI pets](https://e.x/pets.json)', '{% endopenapi-schemas %}', '',
    ].join('\n'));
    expect(bad({ object: 'block', type: 'openapi-operation', data: { ref: { kind: 'url', url: 'https://e.x' }, path: '/a', method: 'get' }, nodes: [] })).toBe('/nodes/0/data/ref');
    expect(bad({ object: 'block', type: 'openapi-operation', data: { ref, method: 'get' }, nodes: [] })).toBe('/nodes/0/data/path');
    expect(bad({ object: 'block', type: 'openapi-webhook', data: { ref, name: 'a', method: 'get', headless: true }, nodes: [] })).toBe('/nodes/0/data/headless');
    expect(bad({ object: 'block', type: 'openapi-schemas', data: { ref, schemas: ['A,B'] }, nodes: [] })).toBe('/nodes/0/data/schemas');
    expect(bad({ object: 'block', type: 'openapi-operation', data: { ref, path: '/a', method: 'get', specUrl: 'a b' }, nodes: [] })).toBe('/nodes/0/data/specUrl');
  });

  it('Git Sync maps content-ref, file and include paths to stored ids and back, byte for byte, and only where the export writes the same path', () => {
    const files = new Map([['.gitbook/assets/guide (1).pdf', 'f1']]);
    const pages = new Map([['guide/setup.md', 'p1'], ['guide/README.md', 'p2'], ['README.md', 'p0']]);
    const includes = new Map([['.gitbook/includes/env.md', 'r1']]);
    const from = 'guide/intro.md';
    const body = [
      '{% content-ref url="setup.md" %}', '[setup.md](setup.md)', '{% endcontent-ref %}', '',
      '{% content-ref url="./" %}', '[.](./)', '{% endcontent-ref %}', '',
      '{% content-ref url="setup.md#install" %}', '[setup.md](setup.md#install)', '{% endcontent-ref %}', '',
      '{% content-ref url="../README.md" %}', '[Home](../README.md)', '{% endcontent-ref %}', '',
      '{% content-ref url="README.md" %}', '[README.md](README.md)', '{% endcontent-ref %}', '',
      '{% content-ref url="missing.md" %}', '[missing.md](missing.md)', '{% endcontent-ref %}', '',
      '{% file src="../.gitbook/assets/guide (1).pdf" %}', 'The guide.', '{% endfile %}', '',
      '{% file src="https://example.com/a.pdf" %}', '',
      '{% include "../.gitbook/includes/env.md" %}', '',
      '{% include "../.gitbook/includes/gone.md" %}', '',
      '{% hint style="info" %}', '{% content-ref url="setup.md" %}', '[setup.md](setup.md)', '{% endcontent-ref %}', '{% endhint %}', '',
    ].join('\n');
    const doc = markdownToDocument(body, { resolver: { toRef: (t, usage) => {
      const path = t.startsWith('../') ? t.slice(3) : `guide/${t}`;
      const [p, a] = path.split('#') as [string, string | undefined];
      const f = files.get(p);
      if (f) return { kind: 'file', file: f };
      const pg = usage === 'link' ? pages.get(p === 'guide/' ? 'guide/README.md' : p === 'guide/.' || p === 'guide/./' ? 'guide/README.md' : p) : undefined;
      return pg ? (a === undefined ? { kind: 'page', page: pg } : { kind: 'anchor', page: pg, anchor: a }) : undefined;
    } } });
    mapGitBookTargets(doc, importTargets(from, files, pages, includes), 'new');
    const stored = documentToMarkdown(doc);
    expect(stored.split('\n').filter((l) => l.startsWith('{% content-ref') || l.startsWith('{% file') || l.startsWith('{% include') || l.startsWith('['))).toEqual([
      '{% content-ref url="/pages/p1" %}', '[p1](/pages/p1)',
      '{% content-ref url="/pages/p2" %}', '[p2](/pages/p2)',
      '{% content-ref url="/pages/p1#install" %}', '[p1](/pages/p1#install)',
      // GitBook writes a folder's README.md as the folder (`../`, `./`): these paths would not come back the same, so they stay.
      '{% content-ref url="../README.md" %}', '[Home](/pages/p0)',
      '{% content-ref url="README.md" %}', '[README.md](/pages/p2)',
      '{% content-ref url="missing.md" %}', '[missing.md](missing.md)',
      '{% file src="/files/f1" %}', '{% file src="https://example.com/a.pdf" %}',
      '{% include "/reusable-content/r1" %}', '{% include "../.gitbook/includes/gone.md" %}',
      '{% content-ref url="/pages/p1" %}', '[p1](/pages/p1)',
    ]);
    // Read through the API: GitBook's blocks.
    const folded: string[] = foldGitBookBlocks(markdownToDocument(stored)).nodes.map((n) => n.type);
    expect(folded.slice(0, 3)).toEqual(['content-ref', 'content-ref', 'content-ref']);
    expect(folded.filter((t) => t === 'file' || t === 'reusable-content')).toEqual(['file', 'reusable-content']);
    // Export: the very same file back (the README.md links aside, which an ordinary link's export writes as GitBook does).
    const plan = { pages: new Map([...pages].map(([p, id]) => [id, p])), files: new Map([...files].map(([p, id]) => [id, p])) };
    const out = markdownToDocument(stored);
    mapGitBookTargets(out, exportTargets(from, plan, new Map([['r1', '.gitbook/includes/env.md']])), 'old');
    const { refTarget } = { refTarget: (ref: any) => (ref.kind === 'page' || ref.kind === 'anchor' ? `${ref.page === 'p1' ? 'setup.md' : ref.page === 'p2' ? './' : '../'}${ref.anchor ? `#${ref.anchor}` : ''}` : ref.kind === 'file' ? '../.gitbook/assets/guide (1).pdf' : undefined) };
    expect(documentToMarkdown(out, { resolver: { toTarget: refTarget } })).toBe(body.replace('[README.md](README.md)', '[README.md](./)').replace('[Home](../README.md)', '[Home](../)'));
  });

  it('Git Sync: import then export of content-ref, file and include lines gives the page back as the serializer writes it (random trees and targets)', () => {
    const PAGES = ['README.md', 'guide/README.md', 'guide/setup.md', 'guide/deep/more.md', 'api/README.md', 'api/a b.md', 'faq.md'];
    const FILES = ['.gitbook/assets/x.pdf', '.gitbook/assets/y (1).png', 'guide/local.zip'];
    const INCLUDES = ['.gitbook/includes/env.md', '.gitbook/includes/b.md'];
    const pages = new Map(PAGES.map((p, i) => [p, `p${i}`]));
    const files = new Map(FILES.map((p, i) => [p, `f${i}`]));
    const includes = new Map(INCLUDES.map((p, i) => [p, `r${i}`]));
    const plan = { pages: new Map([...pages].map(([p, id]) => [id, p])), files: new Map([...files].map(([p, id]) => [id, p])) };
    const label = (t: string) => contentRefLabel(t);
    const line = fc.oneof(
      // GitBook's content-ref to a page (with or without an anchor) or a file, its label GitBook's or another.
      fc.tuple(fc.constantFrom(...PAGES, ...FILES), fc.option(fc.constantFrom('intro', 'a-b')), fc.boolean()).map(([to, anchor, own]) => (from: string) => {
        const t = `${FILES.includes(to) ? relativePath(from, to) : pageLinkPath(from, to)}${anchor && !FILES.includes(to) ? `#${anchor}` : ''}`;
        return [`{% content-ref url="${t}" %}`, `[${own ? label(t) : 'Read more'}](${t.includes(' ') ? `<${t}>` : t})`, '{% endcontent-ref %}'].join('\n');
      }),
      fc.tuple(fc.constantFrom(...FILES), fc.boolean()).map(([to, caption]) => (from: string) => (caption ? `{% file src="${relativePath(from, to)}" %}\nCaption.\n{% endfile %}` : `{% file src="${relativePath(from, to)}" %}`)),
      fc.constantFrom(...INCLUDES).map((to) => (from: string) => `{% include "${relativePath(from, to)}" %}`),
      // GitBook's old page-ref; OpenAPI blocks of a spec file (`openapi`, the older `swagger`), labelled GitBook's way or not.
      fc.tuple(fc.constantFrom(...PAGES), fc.option(fc.constantFrom('intro'))).map(([to, anchor]) => (from: string) => `{% page-ref page="${pageLinkPath(from, to)}${anchor ? `#${anchor}` : ''}" %}`),
      fc.tuple(fc.constantFrom('openapi', 'swagger'), fc.constantFrom(...FILES), fc.boolean()).map(([tag, to, own]) => (from: string) => {
        const t = relativePath(from, to);
        return [`{% ${tag} src="${t}" path="/pets/{id}" method="get" %}`, `[${own ? label(t) : 'spec'}](${t.includes(' ') ? `<${t}>` : t})`, `{% end${tag} %}`].join('\n');
      }),
      // Targets the import keeps as written: missing pages, a README.md by its name, URLs.
      fc.constantFrom('{% content-ref url="missing.md" %}\n[missing.md](missing.md)\n{% endcontent-ref %}', '{% file src="https://example.com/a.pdf" %}', '{% include "../nowhere.md" %}', '{% content-ref url="https://example.com/x" %}\n[https://example.com/x](https://example.com/x)\n{% endcontent-ref %}').map((l) => () => l),
      fc.constant(() => 'Text.'),
    );
    fc.assert(
      fc.property(fc.constantFrom(...PAGES), fc.array(line, { minLength: 1, maxLength: 8 }), (from, lines) => {
        const body = `${lines.map((l) => l(from)).join('\n\n')}\n`;
        const doc = markdownToDocument(body, { resolver: pathResolver(from, files, pages) });
        mapGitBookTargets(doc, importTargets(from, files, pages, includes), 'new');
        const stored = documentToMarkdown(doc);
        // What the API shows of it folds and unfolds to the same stored markdown.
        expect(documentToMarkdown(unfoldGitBookBlocks(JSON.parse(JSON.stringify(foldGitBookBlocks(markdownToDocument(stored)))) as Document))).toBe(documentToMarkdown(markdownToDocument(stored)));
        const out = markdownToDocument(stored);
        mapGitBookTargets(out, exportTargets(from, plan, new Map([...includes].map(([p, id]) => [id, p]))), 'old');
        expect(documentToMarkdown(out, { resolver: { toTarget: (ref) => refTarget(plan, from, ref) } })).toBe(documentToMarkdown(markdownToDocument(body)));
      }),
      { numRuns: 300 },
    );
  });
});

#!/usr/bin/env node
// Equivalence of the content pipeline of this build and another build (e.g. main before a change to the parser,
// the document builder or the serialiser): the same documents (keys included), the same markdown, the same sections
// and links, or the same error, on the fixtures, the realistic corpus pages, the adversarial inputs and --random
// random markdown texts (the constructs and containers of content/pipeline.test.ts, seeded).
//
// Usage: pnpm --filter @bindery/server build && node scripts/compare-pipeline.mjs --against=<root of the other build> [--random=20000] [--seed=1]
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { arg, root } from './bench-lib.mjs';

const against = arg('against', undefined);
if (!against) throw new Error('--against=<root of another build> is required');
const randomRuns = Number(arg('random', 20000));
let seed = Number(arg('seed', 1));

const load = async (base) => {
  const at = (p) => import(join(base, 'apps/server/dist', p));
  return { ...(await at('content/convert.js')), ...(await at('content/tasks.js')), ...(await at('content/extract.js')) };
};
const here = await load(root);
const there = await load(against);
const { realisticPage, apiReferencePage, releaseNotesPage, guidePage, adversarialInputs } = await import(join(root, 'apps/server/dist/testing/docs-corpus.js'));

const ATOMS = [
  'a', 'word', 'é', '😀', ' ', '  ', '\t', '\n', '\n', '\n\n', '*', '**', '_', '__', '~~', '~', '`', '``', '[', ']', '(', ')', '![', '](',
  '<', '>', '&', '&amp;', '&#x20;', '#', '\\', '|', ':', '.', '@', '"', "'", '!', '=', '-', '+', '{%', '%}', 'http://x.io', 'www.a.com',
  'a@b.dev', '<b>', '</b>', '<div>', '<!--', '-->', '[^1]', '\u00a0', '[t](/pages/abc)', '[f](/files/xyz "T")', '![i](a.png)', '[u](https://x.io/a_(b))',
  '[s](<a b>)', '[q](x "a\\"b")', '`c`', '**b**', '_i_', '~~s~~', '***bi***', '\\\n',
];
const LINE_STARTS = ['', '', '', '> ', '- ', '* ', '1. ', '2) ', '  ', '    ', '# ', '### ', '[^1]: ', '- [ ] ', '| ', '> - ', '- > '];
const LINES = [
  '---', '***', '===', '```', '~~~', '```js', '| a | b |', '|---|:-:|', '{% hint style="info" %}', '{% endhint %}', '{% code title="t" %}',
  '{% endcode %}', '{% tabs %}', '{% embed url="https://x.io/a_b" %}', '[x]: /url "t"', '<figure><img src="a.png" alt="A"></figure>', '',
  '<figure><img src="a b.png" alt="A &quot;q&quot;"><figcaption><p>Cap &amp; tion</p></figcaption></figure>', '$$', '$$', '{% tab title="x" %}',
  '{% endtab %}', '{% endtabs %}', '{% step %}', '{% endstep %}', '{% if a %}', '{% else %}', '{% endif %}', '<details>', '</details>',
];
const random = () => {
  seed = (seed * 1103515245 + 12345) % 2147483648;
  return seed / 2147483648;
};
const pick = (xs) => xs[Math.floor(random() * xs.length)];
function randomMarkdown() {
  const lines = [];
  const n = Math.floor(random() * 15);
  for (let i = 0; i < n; i++) {
    if (random() < 0.25) lines.push(pick(LINE_STARTS) + pick(LINES));
    else lines.push(pick(LINE_STARTS) + Array.from({ length: Math.floor(random() * 13) }, () => pick(ATOMS)).join(''));
  }
  return lines.join('\n');
}

const outcome = (fn) => {
  try {
    return { ok: fn() };
  } catch (err) {
    return { error: `${err?.name}: ${err?.message}` };
  }
};
let compared = 0;
const differences = [];
function compare(name, md) {
  const steps = [
    ['markdownToDocument', (api) => api.markdownToDocument(md)],
    ['markdownToDocument keys:false', (api) => api.markdownToDocument(md, { keys: false })],
    ['normalizePage', (api) => api.TASKS.normalizePage({ markdown: md })],
    ['derivePage', (api) => api.TASKS.derivePage({ markdown: md })],
    ['checkMarkdown', (api) => api.TASKS.checkMarkdown({ markdown: md })],
    ['documentToMarkdown of the other build\'s document', (api) => {
      const doc = outcome(() => there.markdownToDocument(md));
      return doc.ok ? api.documentToMarkdown(doc.ok) : doc.error;
    }],
  ];
  for (const [step, fn] of steps) {
    compared++;
    const a = outcome(() => fn(here));
    const b = outcome(() => fn(there));
    if (!isDeepStrictEqual(a, b)) differences.push({ name, step, md: md.length > 300 ? `${md.slice(0, 300)}…` : md });
  }
}

const fixtures = join(root, 'apps/server/src/content/fixtures');
for (const f of readdirSync(fixtures).filter((f) => f.endsWith('.md'))) compare(`fixture ${f}`, readFileSync(join(fixtures, f), 'utf8'));
for (const [name, page] of [['realistic', realisticPage], ['api reference', apiReferencePage], ['release notes', releaseNotesPage], ['guide', guidePage]]) {
  for (const kb of [1, 10, 100, 250]) for (const s of [1, 2, 3]) compare(`${name} ${kb} KB seed ${s}`, page(kb * 1024, s));
}
for (const [name, md] of Object.entries(adversarialInputs())) compare(`adversarial ${name}`, md.slice(0, 64 * 1024));
// Which refusal comes first when a page breaks two limits: GitBook tags nested too deep at the top level, then
// reference links expanding past the output size (or too many inline elements) after them.
const tags = (n) => '{% hint style="info" %}\n\n'.repeat(n);
const refs = `${'[a][r] '.repeat(20_000)}\n\n[r]: /${'u'.repeat(500)}`;
compare('deep tags, then references past the output size', `${tags(60)}${refs}`);
compare('references past the output size, then deep tags', `${refs.replace('\n\n[r]', `\n\n${tags(60)}[r]`)}`);
compare('deep tags, then too many inline elements', `${tags(60)}${'*a'.repeat(210_000)}`);
compare('deep tags in a list, then deep tags', `- ${tags(60).replaceAll('\n\n', '\n\n  ')}\n\n${tags(60)}`);
for (let i = 0; i < randomRuns; i++) compare(`random ${i}`, randomMarkdown());

console.log(`${compared} comparisons (fixtures, corpus pages, adversarial inputs, ${randomRuns} random texts): ${differences.length} differences`);
for (const d of differences.slice(0, 10)) console.log(JSON.stringify(d));
process.exit(differences.length === 0 ? 0 : 1);

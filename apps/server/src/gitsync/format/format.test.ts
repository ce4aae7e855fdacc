import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { contentRoot, parseGitBookConfig } from './config.js';
import { formatFrontmatter, parsePageFile } from './page-file.js';
import { readRepository, resolveRelative, slugOfPath, type RepoPage } from './read.js';
import { formatSummary, parseSummary } from './summary.js';
import { rewritePageFile } from './rewrite.js';
import { collisionName, pageLinkPath, planPaths, relativePath, renderPageFile, renderSummary, renderVariables, type ExportPage } from './write.js';

const FIXTURE = join(import.meta.dirname, '../../../test/fixtures/gitbook-repo');

export function readTree(dir: string, base = ''): Map<string, Buffer> {
  const out = new Map<string, Buffer>();
  for (const name of readdirSync(join(dir, base))) {
    const rel = base ? `${base}/${name}` : name;
    if (statSync(join(dir, rel)).isDirectory()) for (const [k, v] of readTree(dir, rel)) out.set(k, v);
    else out.set(rel, readFileSync(join(dir, rel)));
  }
  return out;
}

describe('.gitbook.yaml', () => {
  it('reads defaults, root, structure and redirects', () => {
    expect(parseGitBookConfig(undefined)).toMatchObject({ root: '', readme: 'README.md', summary: 'SUMMARY.md' });
    expect(parseGitBookConfig('')).toMatchObject({ root: '', readme: 'README.md' });
    const c = parseGitBookConfig('root: ./docs/\nstructure:\n  readme: ./intro.md\n  summary: toc/SUMMARY.md\nredirects:\n  a/b: ./c/d.md\n  e: f/g\n  h#x: README.md\n');
    expect(c).toMatchObject({ root: 'docs', readme: 'intro.md', summary: 'toc/SUMMARY.md', redirects: { 'a/b': 'c/d.md', e: 'f/g.md', 'h#x': 'README.md' } });
  });
  it('tolerates a BOM, zero-width characters and broken YAML', () => {
    const c = parseGitBookConfig('\ufeffroot: ./docs/\n\u200bstructure:\n  summary: SUMMARY.md\u200b\n');
    expect(c).toMatchObject({ root: 'docs', summary: 'SUMMARY.md' });
    const broken = parseGitBookConfig('root: [unclosed\n');
    expect(broken.root).toBe('');
    expect(broken.warnings[0]).toMatch(/not valid YAML/);
  });
  it('reads the default readme and table of contents when the configured ones are not in the content root', () => {
    // As a real GitBook-synced repository has it: paths written from the project directory, in a `structure:` key
    // preceded by U+200B, naming a first page that does not exist. GitBook reads docs/README.md and docs/SUMMARY.md.
    const files = new Map<string, string>([
      ['.gitbook.yaml', 'root: ./docs/\n\n\u200bstructure:\n  readme: ./docs/Welcome page.md\n  summary: ./docs/SUMMARY.md\u200b\n'],
      ['docs/README.md', '# Welcome\n'],
      ['docs/SUMMARY.md', '# Table of contents\n\n* [Welcome](README.md)\n* [Zeta](zeta.md)\n* [Alpha](alpha.md)\n'],
      ['docs/alpha.md', '# Alpha\n'],
      ['docs/zeta.md', '# Zeta\n'],
    ]);
    const repo = readRepository({ files: new Map([...files.keys()].map((k) => [k, 'oid'])), text: (p) => files.get(p) });
    expect(repo.inferred).toBe(false);
    expect(repo.pages.map((p) => [p.title, p.path])).toEqual([['Welcome', 'README.md'], ['Zeta', 'zeta.md'], ['Alpha', 'alpha.md']]);
    expect(repo.config).toMatchObject({ root: 'docs', readme: 'README.md', summary: 'SUMMARY.md' });
    expect(repo.warnings.join('\n')).toMatch(/docs\/SUMMARY\.md as the table of contents.*SUMMARY\.md is read instead/);
  });
});

describe('content root', () => {
  it('is root inside the project directory, or the project directory when root names it from the repository root', () => {
    const files = new Map([['.gitbook.yaml', 'x'], ['README.md', 'y'], ['docs/a.md', 'z']]);
    const has = (dir: string) => [...files.keys()].some((p) => p.startsWith(`${dir}/`));
    expect(contentRoot('docs', 'tools/site', has)).toBe('docs');
    expect(contentRoot('tools/site', 'tools/site', has)).toBe('');
    expect(contentRoot('site', 'tools/site', has)).toBe('');
    expect(contentRoot('other', 'tools/site', has)).toBe('other');
    expect(contentRoot('tools/site', '', has)).toBe('tools/site');
    const repo = readRepository({ projectDir: 'tools/site', files, text: (p) => (p === '.gitbook.yaml' ? 'root: ./tools/site\n' : p === 'README.md' ? '# Home\n' : undefined) });
    expect(repo.root).toBe('');
    expect(repo.pages[0]!.path).toBe('README.md');
  });
});

describe('SUMMARY.md', () => {
  it('reads groups, nesting, labels, link-less parents, escapes and variants', () => {
    const s = parseSummary('# Summary\n\n- [A](a.md)\n    - [B \\[x\\]](<b c.md> "Nav")\n- Parent\n  + [C](c/README.md)\n\n### Group <a href="#g" id="g"></a>\n\n* [D](https://example.com)\n');
    expect(s.title).toBe('Summary');
    expect(s.groups[0]!.items.map((i) => i.title)).toEqual(['A', 'Parent']);
    expect(s.groups[0]!.items[0]!.children[0]).toMatchObject({ title: 'B [x]', target: 'b c.md', label: 'Nav' });
    expect(s.groups[0]!.items[1]).toMatchObject({ children: [{ title: 'C', target: 'c/README.md' }] });
    expect(s.groups[0]!.items[1]!.target).toBeUndefined();
    expect(s.groups[1]).toMatchObject({ title: 'Group', anchor: 'g', items: [{ title: 'D', target: 'https://example.com' }] });
  });
  it('keeps computed-page entries verbatim', () => {
    const text = '# Table of contents\n\n* [A](a.md)\n* ```yaml\n  type: builtin:openapi\n  props:\n    models: false\n  ```\n';
    const s = parseSummary(text);
    expect(s.groups[0]!.items[1]!.raw).toBe('```yaml\ntype: builtin:openapi\nprops:\n  models: false\n```');
    expect(formatSummary(s)).toBe(text);
  });
  it('ends a group with a *** line: pages after it are top-level again, as GitBook writes them', () => {
    const text = '# Table of contents\n\n* [A](a.md)\n\n## Guides\n\n* [B](b.md)\n  * [B1](b1.md)\n\n***\n\n* [C](c.md)\n';
    const s = parseSummary(text);
    expect(s.groups.map((g) => [g.title, g.items.map((i) => i.title)])).toEqual([[undefined, ['A']], ['Guides', ['B']], [undefined, ['C']]]);
    expect(formatSummary(s)).toBe(text);
    // Other breaks read the same (git-first files); a break at the end changes nothing.
    expect(parseSummary('## G\n\n* [B](b.md)\n\n- - -\n* [C](c.md)\n---\n').groups.map((g) => [g.title, g.items.length])).toEqual([['G', 1], [undefined, 1]]);
    // Written from a page tree: the top-level page after the group.
    const page = (id: string, children: ExportPage[] = []): ExportPage => ({ id, type: 'document', title: id.toUpperCase(), slug: id, fields: {}, git: {}, children });
    const pages = [page('a'), { ...page('guides'), type: 'group' as const, title: 'Guides', children: [page('b', [page('b1')])] }, page('c')];
    const plan = { pages: new Map([['a', 'a.md'], ['b', 'b.md'], ['b1', 'b1.md'], ['c', 'c.md']]), files: new Map(), folders: new Map() };
    expect(renderSummary(pages, plan, { summaryPath: 'SUMMARY.md', linkTarget: () => undefined })).toBe(text);
  });
  it('writes what it reads, GitBook style', () => {
    const text = readFileSync(join(FIXTURE, 'SUMMARY.md'), 'utf8');
    expect(formatSummary(parseSummary(text))).toBe(text);
  });
});

describe('page files', () => {
  it('reads frontmatter fields, title and body; keeps unknown keys when patching', () => {
    const p = parsePageFile('---\ndescription: Hi\nicon: house\nhidden: true\nlayout:\n  width: wide\n  title:\n    visible: false\nx-tool: 1 # kept\n---\n\n# The \\[title]\n\nBody\n');
    expect(p.fields).toEqual({ description: 'Hi', icon: 'house', hidden: true, layout: { width: 'wide', title: false } });
    expect(p.title).toBe('The [title]');
    expect(p.body).toBe('Body\n');
    expect(formatFrontmatter(p.fields, p.frontmatter)).toBe(p.frontmatter);
    const patched = formatFrontmatter({ ...p.fields, description: 'Changed', hidden: undefined }, p.frontmatter)!;
    expect(patched).toContain('description: Changed');
    expect(patched).toContain('x-tool: 1 # kept');
    expect(patched).not.toContain('hidden');
    expect(formatFrontmatter({ description: 'New' }, null)).toBe('description: New');
    expect(formatFrontmatter({}, null)).toBeNull();
  });
  it('reads `if:` as the page condition and writes it back (set, changed, removed)', () => {
    const p = parsePageFile('---\nicon: lock\nif: visitor.claims.unsigned.isPremium # who sees it\n---\n\n# Premium\n');
    expect(p.fields).toEqual({ icon: 'lock', condition: 'visitor.claims.unsigned.isPremium' });
    expect(formatFrontmatter(p.fields, p.frontmatter)).toBe(p.frontmatter);
    expect(formatFrontmatter({ ...p.fields, condition: 'visitor.claims.beta' }, p.frontmatter)).toBe('icon: lock\nif: visitor.claims.beta');
    expect(formatFrontmatter({ icon: 'lock' }, p.frontmatter)).toBe('icon: lock');
    expect(formatFrontmatter({ condition: 'visitor.claims.a === "b"' }, null)).toBe('if: visitor.claims.a === "b"');
    expect(parsePageFile('---\nif: ""\n---\n# X\n').fields).toEqual({});
  });
  it('reads a file without a heading or with broken frontmatter', () => {
    expect(parsePageFile('Just text\n')).toMatchObject({ body: 'Just text\n' });
    const broken = parsePageFile('---\na: [\n---\n# T\n');
    expect(broken).toMatchObject({ title: 'T', frontmatter: 'a: [' });
    expect(broken.warnings.length).toBe(1);
    expect(formatFrontmatter(broken.fields, broken.frontmatter)).toBe('a: [');
  });
});

describe('paths', () => {
  it('resolves relative links', () => {
    expect(resolveRelative('a/b.md', '../c.md#x')).toEqual({ path: 'c.md', anchor: 'x' });
    expect(resolveRelative('a/b.md', 'sub/')).toEqual({ path: 'a/sub/README.md' });
    expect(resolveRelative('a/b.md', 'img%20(1).png')).toEqual({ path: 'a/img (1).png' });
    expect(resolveRelative('a/b.md', 'https://x.y/z.md')).toBeUndefined();
    // Reserved characters percent-encoded too (`%2C` in a SUMMARY.md entry), and an invalid escape kept as written.
    expect(resolveRelative('SUMMARY.md', '/guide/Rules%2C%20Tips%20%26%20Tricks.md')).toEqual({ path: 'guide/Rules, Tips & Tricks.md' });
    expect(resolveRelative('SUMMARY.md', 'guide/100%25%20sure%3F.md')).toEqual({ path: 'guide/100% sure?.md' });
    expect(resolveRelative('SUMMARY.md', 'guide/50%off.md')).toEqual({ path: 'guide/50%off.md' });
    expect(relativePath('a/b/c.md', 'a/d.md')).toBe('../d.md');
    expect(relativePath('README.md', '.gitbook/assets/x.png')).toBe('.gitbook/assets/x.png');
    expect(relativePath('a/README.md', 'a/b.md')).toBe('b.md');
    // In page bodies, a folder's README.md is the folder (GitBook's links): `x/`, `../`, `./`.
    expect(pageLinkPath('README.md', 'guide/README.md')).toBe('guide/');
    expect(pageLinkPath('guide/install.md', 'README.md')).toBe('../');
    expect(pageLinkPath('guide/README.md', 'guide/README.md')).toBe('./');
    expect(pageLinkPath('guide/install.md', 'guide/README.md')).toBe('./');
    expect(pageLinkPath('a/b/c.md', 'a/d/README.md')).toBe('../d/');
    expect(pageLinkPath('a/b/c.md', 'a/d/e.md')).toBe('../d/e.md');
  });
  it('names colliding assets like GitBook and gives new pages conventional paths', () => {
    expect(collisionName('image.png', 1)).toBe('image (1).png');
    const page = (id: string, slug: string, children: ExportPage[] = [], recordedPath?: string): ExportPage =>
      ({ id, type: 'document', title: slug, slug, fields: {}, git: {}, children, ...(recordedPath ? { recordedPath } : {}) });
    const plan = planPaths(
      [page('r', 'intro'), page('a', 'guide', [page('b', 'install'), page('c', 'old', [], 'legacy/old.md')]), { ...page('g', 'api'), type: 'group', children: [page('d', 'ref')] }],
      [{ id: 'f1', name: 'image.png', blob: 'x', recordedPath: '.gitbook/assets/image.png' }, { id: 'f2', name: 'image.png', blob: 'y' }, { id: 'f3', name: 'image.png', blob: 'x' }],
    );
    expect(Object.fromEntries(plan.pages)).toEqual({ r: 'README.md', a: 'guide/README.md', b: 'guide/install.md', c: 'legacy/old.md', d: 'api/ref.md' });
    expect(Object.fromEntries(plan.files)).toEqual({ f1: '.gitbook/assets/image.png', f2: '.gitbook/assets/image (1).png', f3: '.gitbook/assets/image.png' });
    // Recorded paths differing only in case both stay (a repository may hold `Logo.png` and `logo.png`); a new file
    // avoids both.
    const cased = planPaths([page('r', 'intro', [], 'README.md'), page('a', 'setup', [], 'Setup.md'), page('b', 'setup', [], 'setup.md')], [
      { id: 'f1', name: 'Logo.png', blob: 'x', recordedPath: '.gitbook/assets/Logo.png' },
      { id: 'f2', name: 'logo.png', blob: 'x', recordedPath: '.gitbook/assets/logo.png' },
      { id: 'f3', name: 'LOGO.png', blob: 'y' },
    ]);
    expect(Object.fromEntries(cased.pages)).toEqual({ r: 'README.md', a: 'Setup.md', b: 'setup.md' });
    expect(Object.fromEntries(cased.files)).toEqual({ f1: '.gitbook/assets/Logo.png', f2: '.gitbook/assets/logo.png', f3: '.gitbook/assets/LOGO (1).png' });
  });
  it('keeps a new page\'s slug in its file name when its natural path is taken (the readme\'s children share the root with groups)', () => {
    const page = (id: string, slug: string, children: ExportPage[] = []): ExportPage => ({ id, type: 'document', title: slug, slug, fields: {}, git: {}, children });
    const plan = planPaths([
      { ...page('g', 'install'), type: 'group', children: [page('a', 'alpha')] },
      page('r', 'alpha', [page('i', 'install', [page('j', 'alpha')]), page('k', 'install-1', [page('m', 'y')])]),
      page('s', 'setup', [page('t', 'notes'), page('w', 'readme')]),
      page('z', 'readme'),
      { ...page('h', 'notes'), type: 'group', children: [page('u', 'notes', [page('v', 'x')])] },
    ], []);
    expect(Object.fromEntries(plan.pages)).toEqual({
      a: 'install/alpha.md', r: 'README.md',
      // `install/` is the group's folder: the page goes to `install-1/install.md`, its children beside it.
      i: 'install-1/install.md', j: 'install-1/install/alpha.md',
      // A folder page whose own slug is `install-1` finds that folder taken and moves on, keeping its slug too.
      k: 'install-1-1/install-1.md', m: 'install-1-1/install-1/y.md',
      s: 'setup/README.md', t: 'setup/notes.md',
      // `readme.md` would read back as its folder's readme: a page titled "Readme" is a folder of its own.
      w: 'setup/readme/README.md', z: 'readme/README.md',
      u: 'notes/notes/README.md', v: 'notes/notes/x.md',
    });
    // Read back, every file name gives the page's slug.
    const slugs = { a: 'alpha', i: 'install', j: 'alpha', k: 'install-1', m: 'y', s: 'setup', t: 'notes', u: 'notes', v: 'x', w: 'readme', z: 'readme' };
    expect(Object.fromEntries(Object.keys(slugs).map((id) => [id, slugOfPath(plan.pages.get(id)!)]))).toEqual(slugs);
  });
});

/** The export model of what was read, bodies unchanged (the content pipeline is not involved here). */
function toExport(pages: RepoPage[], prefix = 'p'): ExportPage[] {
  return pages.map((p, i) => ({
    id: `${prefix}${i}`, type: p.type, title: p.title, slug: p.slug, fields: p.fields, git: p.git, body: p.body, href: p.href,
    ...(p.path ? { recordedPath: p.path } : {}), children: toExport(p.children, `${prefix}${i}.`),
  }));
}

describe('a repository in GitBook canonical form', () => {
  it('reads into pages, files, variables and includes', () => {
    const files = readTree(FIXTURE);
    const repo = readRepository({ files: new Map([...files.keys()].map((k) => [k, 'oid'])), text: (p) => files.get(p)?.toString('utf8') });
    expect(repo.warnings).toEqual([]);
    const outline = (ps: RepoPage[]): unknown[] => ps.map((p) => (p.children.length ? [p.type, p.title, outline(p.children)] : [p.type, p.title]));
    expect(outline(repo.pages)).toEqual([
      ['document', 'Welcome to Acme'],
      ['document', 'Getting started', [['document', 'Installation'], ['document', 'Quickstart']]],
      ['group', 'Reference', [['document', 'API overview', [['document', 'Endpoints']]], ['link', 'Status page']]],
      ['group', 'Guides', [['document', 'Writing [draft] docs'], ['document', 'Advanced', [['document', 'Variables and includes']]]]],
    ]);
    expect(repo.pages[0]!.fields).toMatchObject({ icon: 'house', layout: { width: 'wide', title: true, description: true, tableOfContents: false } });
    expect(repo.pages[1]!.children[0]!.fields).toEqual({ hidden: true });
    expect(repo.pages[1]!.children[1]!.git.label).toBe('Start here');
    expect(repo.pages[2]!.slug).toBe('api');
    expect(repo.assets.map((a) => a.path).sort()).toEqual(['.gitbook/assets/acme-sdk.pdf', '.gitbook/assets/architecture.png', '.gitbook/assets/openapi.yaml', '.gitbook/assets/settings (1).png', '.gitbook/assets/settings.png']);
    expect(repo.variables).toEqual({ support_email: 'support@example.com', region: 'eu-west-1' });
    expect(repo.includes).toMatchObject([{ path: '.gitbook/includes/environments.md', title: 'Test and live environments' }]);
  });

  it('keeps the children of a second entry of a listed page (a link entry) as the pages after it', () => {
    const text: Record<string, string> = {
      'SUMMARY.md': '# Table of contents\n\n* [Home](README.md)\n* [Earn](earn/README.md)\n  * [Exit](exit/README.md)\n* [Exit](exit/README.md)\n  * [Capabilities](exit/capabilities.md)\n  * [Contracts](exit/contracts.md)\n',
      'README.md': '# Home\n', 'earn/README.md': '# Earn\n', 'exit/README.md': '# Exit\n', 'exit/capabilities.md': '# Capabilities\n', 'exit/contracts.md': '# Contracts\n',
    };
    const repo = readRepository({ files: new Map(Object.keys(text).map((k) => [k, 'oid'])), text: (p) => text[p] });
    const outline = (ps: RepoPage[]): unknown[] => ps.map((p) => (p.children.length ? [p.type, p.title, outline(p.children)] : [p.type, p.title]));
    expect(outline(repo.pages)).toEqual([
      ['document', 'Home'], ['document', 'Earn', [['document', 'Exit']]], ['link', 'Exit'], ['document', 'Capabilities'], ['document', 'Contracts'],
    ]);
    expect(repo.warnings).toEqual(['SUMMARY.md: the link entry "Exit" has child entries; they are placed after it']);
  });

  it('writes every file back byte for byte (bodies as read)', () => {
    const files = readTree(FIXTURE);
    const repo = readRepository({ files: new Map([...files.keys()].map((k) => [k, 'oid'])), text: (p) => files.get(p)?.toString('utf8') });
    const pages = toExport(repo.pages);
    const plan = planPaths(pages, repo.assets.map((a, i) => ({ id: `f${i}`, name: a.name, blob: a.path, recordedPath: a.path })));
    const out = new Map<string, string>();
    out.set('SUMMARY.md', renderSummary(pages, plan, { summaryPath: 'SUMMARY.md', linkTarget: (p) => (p as ExportPage & { href?: string }).href }));
    const visit = (ps: ExportPage[]) => {
      for (const p of ps) {
        if (p.type === 'document' && !p.git.linkless) out.set(plan.pages.get(p.id)!, renderPageFile(p, (p as ExportPage & { body: string }).body));
        visit(p.children);
      }
    };
    visit(pages);
    out.set('.gitbook/vars.yaml', renderVariables(repo.variables, files.get('.gitbook/vars.yaml')!.toString())!);
    for (const [path, text] of out) expect([path, text]).toEqual([path, files.get(path)!.toString('utf8')]);
    const mdFiles = [...files.keys()].filter((k) => k.endsWith('.md') && !k.startsWith('.gitbook/'));
    expect([...out.keys()].filter((k) => k.endsWith('.md')).sort()).toEqual(mdFiles.sort());
  });

  it('patches vars.yaml only where variables changed', () => {
    expect(renderVariables({ a: '1' }, 'a: "1" # one\n')).toBe('a: "1" # one\n');
    expect(renderVariables({ a: '2', b: 'x' }, 'a: "1" # one\n')).toBe('a: "2" # one\nb: x\n');
    expect(renderVariables({}, undefined)).toBeNull();
  });
});

describe('page files written back after an edit', () => {
  // The fixture repository is in GitBook's canonical form (written by the project in GitBook's style): an export
  // that rewrites every page (their content changed) writes each file back byte for byte.
  it('are byte for byte those of a GitBook-canonical repository', () => {
    const files = readTree(FIXTURE);
    const repo = readRepository({ files: new Map([...files.keys()].map((p) => [p, p])), text: (p) => files.get(p)?.toString('utf8') });
    const all: RepoPage[] = [];
    const walk = (ps: RepoPage[]) => ps.forEach((p) => (all.push(p), walk(p.children)));
    walk(repo.pages);
    const pagePaths = new Set(all.flatMap((p) => (p.path ? [p.path] : [])));
    const assetPaths = new Set(repo.assets.map((a) => a.path));
    expect(pagePaths.size).toBeGreaterThan(5);
    for (const p of all) {
      if (!p.path) continue;
      expect([p.path, rewritePageFile(p, assetPaths, pagePaths)]).toEqual([p.path, files.get(p.path)!.toString('utf8')]);
    }
  });
  it('keep GitBook\'s empty paragraphs: runs of blank lines, after a figure ending a list item, at the end of the page', () => {
    const figure = '<figure><img src=".gitbook/assets/step.png" alt=""><figcaption></figcaption></figure>';
    const page = [
      '---',
      'description: Written for this test.',
      '---',
      '',
      '# Empty paragraphs',
      '',
      'An empty paragraph follows.',
      '',
      '',
      '',
      '1. Open the settings.',
      '2.  Click **Save**.',
      '',
      `    ${figure}`,
      '',
      '',
      '3. Done.',
      '',
      '{% hint style="info" %}',
      'A hint.',
      '{% endhint %}',
      '',
      '',
      '',
      '',
    ].join('\n');
    const files = new Map([
      ['SUMMARY.md', '# Table of contents\n\n* [Empty paragraphs](README.md)\n'],
      ['README.md', page],
      ['.gitbook/assets/step.png', 'png'],
    ]);
    const repo = readRepository({ files: new Map([...files.keys()].map((p) => [p, p])), text: (p) => files.get(p) });
    const readme = repo.pages[0] as RepoPage;
    expect(readme.path).toBe('README.md');
    expect(rewritePageFile(readme, new Set(['.gitbook/assets/step.png']), new Set(['README.md']))).toBe(page);
  });

  it('keep empty paragraphs first after the title: `# Title`, 3 blank lines per one (GitBook joins every block with a blank line)', () => {
    for (const blanks of [3, 5]) {
      const page = `---\ndescription: Written for this test.\n---\n\n# Gap first${'\n'.repeat(blanks + 1)}Then the text.\n`;
      const files = new Map([['SUMMARY.md', '# Table of contents\n\n* [Gap first](README.md)\n'], ['README.md', page]]);
      const repo = readRepository({ files: new Map([...files.keys()].map((p) => [p, p])), text: (p) => files.get(p) });
      const readme = repo.pages[0] as RepoPage;
      expect(rewritePageFile(readme, new Set(), new Set(['README.md']))).toBe(page);
    }
    // One or two blank lines after the title are the title's own: no empty paragraph, written with one.
    for (const blanks of [1, 2]) {
      const files = new Map([['SUMMARY.md', '* [Gap first](README.md)\n'], ['README.md', `# Gap first${'\n'.repeat(blanks + 1)}Then the text.\n`]]);
      const repo = readRepository({ files: new Map([...files.keys()].map((p) => [p, p])), text: (p) => files.get(p) });
      expect(rewritePageFile(repo.pages[0] as RepoPage, new Set(), new Set(['README.md']))).toBe('# Gap first\n\nThen the text.\n');
    }
  });

  it('write an empty page as GitBook does: its title and a blank line (its one empty paragraph)', () => {
    const page = '---\ndescription: Nothing here yet.\n---\n\n# Coming soon\n\n';
    const files = new Map([['SUMMARY.md', '# Table of contents\n\n* [Coming soon](README.md)\n'], ['README.md', page]]);
    const repo = readRepository({ files: new Map([...files.keys()].map((p) => [p, p])), text: (p) => files.get(p) });
    expect(rewritePageFile(repo.pages[0] as RepoPage, new Set(), new Set(['README.md']))).toBe(page);
    // Read from `# Coming soon` alone too, and written GitBook's way.
    const bare = readRepository({ files: new Map([['SUMMARY.md', 'SUMMARY.md'], ['README.md', 'README.md']]), text: (p) => (p === 'README.md' ? '# Coming soon\n' : files.get(p)) });
    expect(rewritePageFile(bare.pages[0] as RepoPage, new Set(), new Set(['README.md']))).toBe('# Coming soon\n\n');
  });
});

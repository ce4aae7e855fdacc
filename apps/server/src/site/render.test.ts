import { describe, expect, it } from 'vitest';
import { foldGitBookBlocks } from '../content/gitbook-blocks.js';
import { markdownToDocument } from '../content/markdown.js';
import { foldBlocks, parseCards } from './blocks.js';
import { highlight } from './highlight.js';
import { inlineTag, renderHtmlBlock } from './html.js';
import { markdownText } from './plain.js';
import { renderDocument, renderDocumentInSlices, type RenderContext } from './render.js';

const ctx: RenderContext = {
  externalTarget: 'self',
  page: (id) => (id === 'p1' ? { href: '/s/one', title: 'One' } : undefined),
  pagePath: (t) => (t.replace(/\.md$/, '') === 'one' ? { href: '/s/one', title: 'One' } : undefined),
  file: (ref) => (ref.id === 'f1' || ref.name === 'pic.png' ? { href: '/s/~files/ss/f1/pic.png?v=abc', name: 'pic.png', size: 2048, contentType: 'image/png', width: 10, height: 5 } : undefined),
};
const render = (md: string) => renderDocument(markdownToDocument(md), ctx).html;

describe('highlight', () => {
  it('marks keywords, strings, comments, numbers and function names; escapes everything', () => {
    expect(highlight('const x = "a<b"; // hi\nfoo(1)', 'js')).toBe('<span class="tk-k">const</span> x = <span class="tk-s">&quot;a&lt;b&quot;</span>; <span class="tk-c">// hi</span>\n<span class="tk-f">foo</span>(<span class="tk-n">1</span>)');
    expect(highlight('def f():\n    return None  # done', 'python')).toBe('<span class="tk-k">def</span> <span class="tk-f">f</span>():\n    <span class="tk-k">return</span> <span class="tk-l">None</span>  <span class="tk-c"># done</span>');
    expect(highlight('{"a": true}', 'json')).toBe('{<span class="tk-g">&quot;a&quot;</span>: <span class="tk-l">true</span>}');
    expect(highlight('<a href="x">t</a>', 'html')).toBe('<span class="tk-g">&lt;a</span> <span class="tk-a">href</span>=<span class="tk-s">&quot;x&quot;</span><span class="tk-g">&gt;</span>t<span class="tk-g">&lt;/a</span><span class="tk-g">&gt;</span>');
    expect(highlight('echo "$HOME" # c', 'bash')).toContain('<span class="tk-c"># c</span>');
    expect(highlight('<script>', 'nope')).toBe('&lt;script&gt;');
  });

  it('stays linear on adversarial code (unterminated strings and comments, long runs)', () => {
    for (const [code, lang] of [['"'.repeat(60_000), 'js'], ['/*'.repeat(30_000), 'c'], ['<'.repeat(60_000), 'html'], ['<a '.repeat(20_000), 'xml'], ['$'.repeat(60_000), 'bash'], ['1.'.repeat(30_000), 'python']] as const) {
      const out = highlight(code, lang);
      expect(out.length).toBeGreaterThan(code.length / 2);
    }
  });
});

describe('blocks', () => {
  it('folds tag lines into GitBook block shapes, nested, and leaves unbalanced tags as text', () => {
    const doc = markdownToDocument('{% tabs %}\n{% tab title="A" %}\n{% hint style="info" %}\nIn a hint.\n{% endhint %}\n{% endtab %}\n\n{% tab title="B" %}\nb\n{% endtab %}\n{% endtabs %}\n\n{% endstepper %}\n');
    const folded = foldBlocks(doc.nodes);
    expect(folded.map((b) => b.type)).toEqual(['tabs', 'paragraph']);
    expect(folded[0]!.nodes.map((n: { data: { title: string } }) => n.data.title)).toEqual(['A', 'B']);
    expect(folded[0]!.nodes[0].nodes[0].type).toBe('hint');
  });

  it('reads cards tables in linear scans and drops markup', () => {
    expect(parseCards('<table data-view="cards"><thead><tr><th></th><th data-hidden data-card-cover data-type="files"></th><th data-hidden data-card-target data-type="content-ref"></th></tr></thead><tbody><tr><td><strong>T</strong><img onerror=x></td><td><a href=".gitbook/assets/c.png">c</a></td><td><a href="one.md">one</a></td></tr></tbody></table>'))
      .toEqual([{ title: 'T', text: [], html: ['<strong>T</strong><img onerror=x>'], target: 'one.md', cover: '.gitbook/assets/c.png' }]);
    // A dark cover (its column after or before the light one) shows with the dark theme instead.
    const both = '<table data-view="cards"><thead><tr><th></th><th data-hidden data-card-cover-dark data-type="image"></th><th data-hidden data-card-cover data-type="image"></th></tr></thead><tbody><tr><td>T</td><td><a href="https://img.example/d.png">d</a></td><td><a href="https://img.example/l.png">l</a></td></tr></tbody></table>\n';
    expect(parseCards(both)).toEqual([{ title: 'T', text: [], html: ['T'], cover: 'https://img.example/l.png', coverDark: 'https://img.example/d.png' }]);
    expect(render(both)).toContain('<img class="card-cover light-only" src="https://img.example/l.png" alt="" loading="lazy"><img class="card-cover dark-only" src="https://img.example/d.png" alt="" loading="lazy">');
    // The cell's HTML is drawn through the allow list (site/html.ts): the handler goes, the image has no source.
    expect(render('<table data-view="cards"><thead><tr><th></th></tr></thead><tbody><tr><td><strong>T</strong><img onerror=x></td></tr></tbody></table>\n')).toBe('<div class="cards"><div class="card card-item"><div class="card-title"><strong>T</strong></div></div></div>');
    const evil = `<table data-view="cards"><thead></thead><tbody>${'<tr<td<a href="'.repeat(30_000)}</tbody></table>`;
    expect(parseCards(evil)?.length).toBeGreaterThan(0);
  });

  it('stays linear on inline pictures and mentions never closed (each once looked through the rest of its paragraph)', () => {
    for (const md of ['<picture>x '.repeat(20_000), '<a data-mention href="one.md">'.repeat(20_000),
      '<code class="expression">'.repeat(20_000)]) {
      // A pass per tag over the rest of its paragraph (what this once was) runs far past the test's timeout here.
      const html = render(md);
      // Drawn a tag at a time (no closing tag within reach): the paragraph, no attribute but the allowed ones.
      expect(html.startsWith('<p>')).toBe(true);
      expect(html).not.toContain('data-mention');
      expect(html.length).toBeLessThan(md.length * 2);
    }
  });

  it("renders GitBook's inline math (its `inline-math` node) as MathML, a `$$` of text as text", () => {
    const html = render('Energy $$E = mc^2$$ and a price of \\$$5 or \\$$6\\$$.\n');
    expect(html).toMatch(/^<p>Energy <math[^>]*>.*<\/math> and a price of \$\$5 or \$\$6\$\$\.<\/p>$/s);
    expect(html.match(/<math/g)).toHaveLength(1);
    // In a table cell and a link text too.
    expect(render('| A |\n| - |\n| $$a|b$$ |\n\n[see $$x$$](https://e.com)\n').match(/<math/g)).toHaveLength(2);
  });

  it('renders images, files and links through the site, unknown targets as inert links', () => {
    const html = render('![pic](.gitbook/assets/pic.png)\n\n[one](one.md#x) [ext](https://e.com) [js](javascript:alert(1)) [gone](/pages/zzz)\n\n{% file src="/files/f1" %}\n');
    expect(html).toContain('<img src="/s/~files/ss/f1/pic.png?v=abc" alt="pic" width="10" height="5" loading="lazy">');
    expect(html).toContain('<a href="/s/one#x">one</a>');
    expect(html).toContain('<a href="https://e.com" rel="noopener">ext</a>');
    expect(html).not.toContain('javascript:');
    expect(html).toContain('<a aria-disabled="true">gone</a>');
    expect(html).toContain('<a class="card file" href="/s/~files/ss/f1/pic.png?v=abc" download>');
  });

  it('renders GitBook\'s old page-ref as a content-ref card, OpenAPI blocks as operation cards, and the older inline API method', () => {
    const html = render([
      '{% page-ref page="one.md" %}', '',
      '{% page-ref page="/pages/p1" %}', '',
      '{% openapi src="https://e.x/openapi.json" path="/pets/{id}" method="get" %}', '[https://e.x/openapi.json](https://e.x/openapi.json)', '{% endopenapi %}', '',
      '{% swagger src="/files/f1" path="/login" method="post" %}', '[f1](/files/f1)', '{% endswagger %}', '',
      '{% swagger baseUrl="https://api.example.com" path="/v1/things" method="get" summary="List <things>" %}', '{% swagger-description %}', 'Lists them.', '{% endswagger-description %}', '',
      '{% swagger-parameter in="query" name="limit" type="integer" %}', 'How many.', '{% endswagger-parameter %}', '',
      '{% swagger-response status="200" description="Found" %}', '```', '{"items": []}', '```', '{% endswagger-response %}', '{% endswagger %}', '',
    ].join('\n'));
    expect(html.match(/<a class="card content-ref" href="\/s\/one">/g)).toHaveLength(2);
    expect(html).toContain('<a class="card openapi-operation" href="https://e.x/openapi.json" rel="noopener">');
    expect(html).toContain('<span class="http-method">GET</span> <code>/pets/{id}</code>');
    expect(html).toContain('<a class="card openapi-operation" href="/s/~files/ss/f1/pic.png?v=abc" download>');
    expect(html).toContain('<span class="http-method">POST</span> <code>/login</code></span><span class="card-url">pic.png</span>');
    expect(html).toContain('<section class="api-method"><div class="api-method-head"><span class="http-method">GET</span> <code>https://api.example.com/v1/things</code></div><p class="api-summary">List &lt;things&gt;</p><p>Lists them.</p>');
    expect(html).toContain('<td><code>limit</code></td><td>query</td><td>integer</td><td><p>How many.</p></td>');
    expect(html).toContain('<span class="api-status">200</span> Found');
    expect(html).not.toContain('{%');
  });

  it('renders the OpenAPI blocks of a spec of the organization (operation, webhook, schemas), from tag lines or as the API folds them', () => {
    const md = [
      '{% openapi-operation spec="pets" path="/pets/{petId}" method="get" %}', '[OpenAPI pets](https://e.x/pets.yaml?sig=1&x=2)', '{% endopenapi-operation %}', '',
      '{% openapi-webhook spec="pets" name="petAdopted" method="post" %}', '{% endopenapi-webhook %}', '',
      '{% openapi-schemas spec="pets" schemas="Pet,Owner" grouped="false" %}', '[OpenAPI pets](https://e.x/pets.yaml)', '{% endopenapi-schemas %}', '',
    ].join('\n');
    const html = render(md);
    expect(html).toContain('<section class="api-method"><div class="api-method-head"><span class="http-method">GET</span> <code>/pets/{petId}</code></div><p><a href="https://e.x/pets.yaml?sig=1&amp;x=2" rel="noopener">OpenAPI pets</a></p></section>');
    expect(html).toContain('<span class="http-method">POST</span> <code>petAdopted</code></div></section>');
    expect(html).not.toContain('{%');
    // GitBook's blocks (the API's fold): the same, the link from data.specUrl.
    const folded = foldGitBookBlocks(markdownToDocument(md));
    const again = renderDocument(folded, ctx).html;
    expect(again).toContain('<section class="api-method"><div class="api-method-head"><span class="http-method">GET</span> <code>/pets/{petId}</code></div><p><a href="https://e.x/pets.yaml?sig=1&amp;x=2" rel="noopener">OpenAPI pets</a></p></section>');
    expect(again).toContain('<div class="openapi-schemas"><p><code>Pet, Owner</code></p><p><a href="https://e.x/pets.yaml" rel="noopener">OpenAPI pets</a></p></div>');
  });

});

describe('renderDocumentInSlices', () => {
  it('makes the HTML and headings renderDocument makes, giving the event loop turns on a large page', async () => {
    const parts: string[] = [];
    for (let i = 0; i < 400; i++) {
      parts.push(`## Setup\n\nStep ${i} with **bold**, a [link](one.md) and \`code\`.\n\n{% tabs %}\n{% tab title="A${i}" %}\nIn tab.\n{% endtab %}\n{% endtabs %}\n\n\`\`\`js\nconst x${i} = "<b>";\n\`\`\`\n\n| a | b |\n| - | - |\n| ${i} | ![](pic.png) |\n`);
    }
    const doc = markdownToDocument(parts.join('\n'));
    const whole = renderDocument(doc, ctx);
    let turns = 0;
    const ticking = setInterval(() => turns++, 0);
    const sliced = await renderDocumentInSlices(doc, ctx, 0);
    clearInterval(ticking);
    expect(sliced.html).toBe(whole.html);
    expect(sliced.headings).toEqual(whole.headings);
    expect(new Set(sliced.headings.map((h) => h.anchor)).size).toBe(400);
    expect(turns).toBeGreaterThan(10);
  });
});

describe('GitBook HTML (site/html.ts)', () => {
  const targets = { url: (raw: string) => (raw === 'one.md' ? { href: '/s/one', title: 'One' } : /^https:/.test(raw) ? { href: raw, external: true } : undefined), externalAttrs: 'rel="noopener"' };

  it('keeps allowed tags and attributes only, balanced; drops scripts, frames and handlers with their content', () => {
    expect(renderHtmlBlock('<div align="center" onclick="x()"><p>a <b>b</p><script>alert(1)</script><iframe src="https://x"></iframe><foo>kept</foo></div></div>', targets))
      .toBe('<div style="text-align:center"><p>a <b>b</b></p>kept</div>');
    expect(renderHtmlBlock('<a href="javascript:alert(1)" style="x">x</a><a href="one.md">y</a><!-- gone -->&amp; &bogus <3', targets))
      .toBe('<a aria-disabled="true">x</a><a href="/s/one">y</a>&amp; &amp;bogus &lt;3');
    expect(renderHtmlBlock('<mark style="color:red;background:url(x);background-color:expression(1)">m</mark><td width="10;x">', targets)).toBe('<mark style="color:red">m</mark><td></td>');
    expect(inlineTag('<script>', targets)).toBe('&lt;script&gt;');
    expect(inlineTag('<kbd>', targets)).toBe('<kbd>');
    expect(inlineTag('<div>', targets)).toBe('&lt;div&gt;');
  });

  it('stays linear on adversarial HTML (unterminated tags, quotes and comments, long runs)', () => {
    for (const html of ['<a b="'.repeat(40_000), '<a '.repeat(60_000), "<a b='c ".repeat(30_000), '<!--'.repeat(50_000), '<script>'.repeat(30_000), '<'.repeat(120_000), `<a ${'b'.repeat(100_000)}`, `<div>${'<b>'.repeat(40_000)}`,
      // Stray closing tags after deep nesting (each once looked through the whole stack), mentions never closed (each
      // once searched the rest of the block for its `</a>`).
      `${'<div>'.repeat(20_000)}${'</span>'.repeat(20_000)}`, '<a data-mention href="one.md">'.repeat(20_000),
      `<div>${'<code class="expression">'.repeat(20_000)}`]) {
      const out = renderHtmlBlock(html, targets);
      expect(out).not.toMatch(/<script|<a b=/);
    }
  });
});

describe('markdownText (site/plain.ts)', () => {
  it('keeps what a reader sees of GitBook markdown, linear on adversarial input', () => {
    expect(markdownText('## Title <a href="#x" id="x"></a>\n\n{% hint style="info" %}\nSee [the **guide**](/pages/abc), ![alt](x.png) &amp; <kbd>Ctrl</kbd>. <!-- hidden -->\n{% endhint %}\n\n```yaml\na: 1\n```\n\n* [ ] task\n'))
      .toBe('Title See the guide, alt & Ctrl . a: 1 task');
    for (const evil of ['['.repeat(100_000), '[a]('.repeat(50_000), '<!--'.repeat(50_000), '<a b'.repeat(40_000), '{% '.repeat(50_000), '![a]('.repeat(40_000)]) {
      expect(markdownText(evil).length).toBeLessThanOrEqual(evil.length);
    }
  });

  it('drops the pipes and delimiter rows of tables, keeping their cells and escaped or inline pipes', () => {
    expect(markdownText('Before.\n\n| Name | Value |\n| - | :-: |\n| okapi | a \\| b |\n|  | 2 |\n\nRun `ls | wc`.\n'))
      .toBe('Before. Name Value okapi a | b 2 Run `ls | wc`.');
    for (const evil of ['| - '.repeat(50_000), '|'.repeat(200_000), '| -:'.repeat(50_000) + 'x']) {
      expect(markdownText(evil).length).toBeLessThanOrEqual(evil.length);
    }
  });
});

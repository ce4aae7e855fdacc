import { describe, expect, it } from 'vitest';
import { normalizeMarkdown } from '../content/markdown.js';
import { decodeEntities, htmlToMarkdown } from './html-to-markdown.js';

describe('htmlToMarkdown', () => {
  it('converts the main content of a page: headings, text, emphasis, links, images, lists, code, quotes, tables', () => {
    const html = `<!doctype html><html><head><title>Guide &amp; Co</title><style>p{}</style><script>var x = "<p>no</p>";</script></head>
      <body><nav><a href="/">Home</a></nav><main>
        <h1>Guide &amp; Co</h1>
        <p>Read <strong>this</strong> and <em>that</em>, with <code>npm i</code>.<br>Next line.</p>
        <p><a href="../docs/start.html">Start</a> <a href="#top">Top</a> <img src="img/logo.png" alt="Logo"></p>
        <ul><li>One</li><li>Two<ul><li>Nested</li></ul></li></ul>
        <ol><li>First</li><li>Second</li></ol>
        <pre><code class="language-js">const a = 1 &lt; 2;
console.log(a);</code></pre>
        <blockquote><p>Quoted</p></blockquote>
        <table><tr><th>A</th><th>B</th></tr><tr><td>1</td><td>2 | 3</td></tr></table>
        <hr><h2>End</h2>
      </main><footer>Footer</footer></body></html>`;
    const { title, markdown } = htmlToMarkdown(html, 'https://example.com/guide/index.html');
    expect(title).toBe('Guide & Co');
    const md = normalizeMarkdown(markdown);
    expect(md).not.toContain('Home');
    expect(md).not.toContain('Footer');
    expect(md).not.toContain('no');
    expect(md).toContain('Read **this** and _that_, with `npm i`.\\\nNext line.');
    expect(md).toContain('[Start](https://example.com/docs/start.html)');
    expect(md).toContain('[Top](#top)');
    expect(md).toContain('![Logo](https://example.com/guide/img/logo.png)');
    expect(md).toContain('* One\n* Two\n  * Nested');
    expect(md).toContain('1. First\n2. Second');
    expect(md).toContain('```js\nconst a = 1 < 2;\nconsole.log(a);\n```');
    expect(md).toContain('> Quoted');
    expect(md).toMatch(/\| A +\| B +\|/);
    expect(md).toContain('2 \\| 3');
    expect(md).toContain('## End');
  });

  it('keeps text as text: markdown characters in it are escaped', () => {
    const { markdown } = htmlToMarkdown('<p>a *b* _c_ [d](e) <em>#1</em></p><p># not a heading</p>', 'https://example.com/');
    expect(markdown).toBe('a \\*b\\* \\_c\\_ \\[d](e) _#1_\n\n\\# not a heading\n');
  });

  it('stays linear on adversarial HTML: deep nesting, tags that never close, many raw-text elements', () => {
    const cases = [
      '<div>'.repeat(100_000) + 'deep' + '</div>'.repeat(100_000),
      '<ul><li>'.repeat(5_000) + 'x',
      '<a '.repeat(100_000),
      '<a href="'.repeat(50_000),
      '<script>x</script>'.repeat(30_000),
      '</div>'.repeat(100_000),
      '<p><b><i>'.repeat(30_000) + 't',
    ];
    for (const html of cases) {
      const { markdown } = htmlToMarkdown(html, 'https://example.com/');
      expect(typeof markdown).toBe('string');
    }
    expect(htmlToMarkdown('<div>'.repeat(100_000) + 'deep', 'https://example.com/').markdown).toBe('deep\n');
  });

  it('decodes entities', () => {
    expect(decodeEntities('&lt;a&gt; &#65;&#x42; &nbsp;&copy; &bogus;')).toBe('<a> AB  © &bogus;');
  });
});

import { describe, expect, it } from 'vitest';
import { pointsAtHidden, withoutHiddenLinks } from './hidden-links.js';

const index = (ids: string[], paths: string[]) => ({ byId: new Map(ids.map((i) => [i, 1])), byPath: new Map(paths.map((p) => [p, 1])) });
const full = index(['a', 'h', 'hc'], ['guide/a', 'guide/h', 'guide/h/c']);
const visible = index(['a'], ['guide/a']);

describe('links to hidden pages', () => {
  it('knows a hidden page by id or by a path relative to the linking page, and nothing else', () => {
    const at = (t: string) => pointsAtHidden(t, 'guide/a', full, visible);
    expect(['/pages/h', '/pages/hc#x', 'h', './h.md', 'h/c', '/guide/h', '../guide/H', 'h?x=1#y'].map(at)).toEqual(Array(8).fill(true));
    expect(['/pages/a', '/pages/zz', 'a', 'nowhere', '#h', 'https://x.test/h', '/files/h', '.gitbook/assets/h', ''].map(at)).toEqual(Array(9).fill(false));
  });

  it('writes such links as their text and leaves out content-refs to them; images, other links and broken ones stay', () => {
    const md = '[one](h) and ![img](h) and [two](/pages/a) [three](<h/c> "t") [four](nope)\n\n{% content-ref url="h" %}\n[H](h)\n{% endcontent-ref %}\nafter\n';
    expect(withoutHiddenLinks(md, 'guide/a', full, visible)).toBe('one and ![img](h) and [two](/pages/a) three [four](nope)\n\nafter\n');
    // Linear: a long run of brackets and an unterminated block finish at once.
    const long = `${'['.repeat(50000)}${'{% content-ref url="h" %}'.repeat(2000)}`;
    expect(withoutHiddenLinks(long, 'guide/a', full, visible)).toBe(long);
  });
});

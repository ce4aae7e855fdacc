import { describe, expect, it } from 'vitest';
import { bytesTag, ifNoneMatch } from './conditional.js';

describe('ifNoneMatch (RFC 9110 If-None-Match, weak comparison)', () => {
  const tag = '"abc"';
  it('matches the tag alone, weak, in a list, and *', () => {
    for (const h of ['"abc"', 'W/"abc"', '"x", "abc"', '"x","abc"', ' "x" ,\tW/"abc" ', '"a,b", "abc"', '*', ' * ']) expect(ifNoneMatch(h, tag), h).toBe(true);
    expect(ifNoneMatch('"abc"', 'W/"abc"')).toBe(true);
  });
  it('matches nothing else', () => {
    for (const h of [undefined, '', '"abd"', 'abc', '"ab', 'W/abc', '"x" "abc"', '"a,"abc""', 'junk "abc"', `"${'x'.repeat(9000)}", "abc"`, '**', '*, "x"']) expect(ifNoneMatch(h, tag), h).toBe(false);
    // A tag holding a comma is one tag: its halves are not others.
    expect(ifNoneMatch('"abc,def"', '"def"')).toBe(false);
    expect(ifNoneMatch('"abc,def"', '"abc,def"')).toBe(true);
  });
  it('bytesTag: equal bytes, equal tags', () => {
    expect(bytesTag('x')).toBe(bytesTag(Buffer.from('x')));
    expect(bytesTag('x')).not.toBe(bytesTag('y'));
    expect(bytesTag('x')).toMatch(/^"[\w-]{27}"$/);
  });
});

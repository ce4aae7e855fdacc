// The thirteenth round of GitBook-synced repositories (docs/git-sync.md): how GitBook writes what they held, on our own text.
import { describe, expect, it } from 'vitest';
import { markdownToDocument, normalizeMarkdown } from './index.js';

describe('e-mail addresses after a parenthesis or a quote', () => {
  it('are written as typed where linkify reads the same address back', () => {
    for (const text of [
      'Ask the administrator(admin.team@example.org) first.\n',
      '> A. 담당자(help.desk@example.org)에게 문의하십시오.\n',
      'Write to us (team@example.org) today.\n',
      'Invite the user "someone@example.org" to the space.\n',
      'An address "someone@example.org" before a space.&#x20;\n',
    ]) {
      expect(normalizeMarkdown(text)).toBe(text);
      // Still read as the address (a link to it), as linkify reads it.
      expect(JSON.stringify(markdownToDocument(text))).toContain('mailto:');
    }
  });

  it('keeps <…> where the word before would join the address', () => {
    // `ab"x@example.org` is one address for linkify (a quote may follow the first letter of its name).
    const joined = 'See ab"x@example.org" here.\n';
    expect(normalizeMarkdown(normalizeMarkdown(joined))).toBe(normalizeMarkdown(joined));
    // An address made a link elsewhere, right after `(` that follows a URL, stays in <…>.
    const afterUrl = normalizeMarkdown('see https://x.io(<a@b.dev>) y\n');
    expect(afterUrl).toBe('see https://x.io(<a@b.dev>) y\n');
    expect(markdownToDocument(afterUrl)).toEqual(markdownToDocument('see https://x.io(<a@b.dev>) y\n'));
  });
});

describe('a list marker after a line’s leading white space', () => {
  it('is escaped as GitBook escapes it, though the encoded space opens no list', () => {
    for (const text of [
      '&#x20;   1\\. **Settings** menu.\n',
      '&#x20;5\\. Open the form\n',
      'Steps:\\\n&#x20;    1\\. Add one module\\\n&#x20;    2\\. Add another\n',
      '&#x20;   3\\) Member group\n',
      '&#x20;  \\- **Name** and description.\n',
      '&#x20;  \\+ plus\n',
    ]) {
      expect(normalizeMarkdown(text)).toBe(text);
    }
    // The same document as the marker written bare after the encoded space (Bindery's earlier writing).
    expect(normalizeMarkdown('&#x20;   1. **Settings** menu.\n')).toBe('&#x20;   1\\. **Settings** menu.\n');
    expect(markdownToDocument('&#x20;   1. a\n')).toEqual(markdownToDocument('&#x20;   1\\. a\n'));
    expect(markdownToDocument('&#x20; - a\n')).toEqual(markdownToDocument('&#x20; \\- a\n'));
    // No marker: only the first space is encoded, as before (`-x`, `1.5`, words).
    for (const text of ['&#x20;  -x\n', '&#x20; 1.5 litres\n', '&#x20;  text\n']) expect(normalizeMarkdown(text)).toBe(text);
  });
});

describe('an address right after an escape or a character reference', () => {
  it('is written without `\\@`: markdown-it reads no link at the start of a text after an escape, as GitBook writes it', () => {
    for (const text of [
      'Type Body0\\_Head@10.1.1.198 and press Enter.\n',
      'The name Rigid\\_Body@host.example names the body.\n',
      'x\\*www.example.org after a star\n',
    ]) {
      expect(normalizeMarkdown(text)).toBe(text);
      expect(JSON.stringify(markdownToDocument(text))).not.toContain('"link"');
    }
    // The text from the API (no escape before it in the source) is written so and reads back as the same text.
    const doc = markdownToDocument('Type Body0\\_Head@10.1.1.198 and press Enter.\n');
    expect(markdownToDocument(normalizeMarkdown('Type Body0\\_Head@10.1.1.198 and press Enter.\n'))).toEqual(doc);
    // After `\ ` (the escape is the backslash alone: the text starts at the space) and after white space the address
    // is one: a link stays a link, text stays text.
    for (const text of ['a \\ x@example.org b\n', 'a \\_ x@example.org b\n']) {
      const once = normalizeMarkdown(text);
      expect(normalizeMarkdown(once)).toBe(once);
      expect(markdownToDocument(once)).toEqual(markdownToDocument(text));
    }
    // A URL with a scheme after an escape is still read by the inline rule: still protected when it was text.
    expect(normalizeMarkdown('a\\_http\\://x.io b\n')).toBe('a\\_http\\://x.io b\n');
  });
});

describe('the text of a list item in a table cell', () => {
  it('is HTML text, as in a cell’s <p>: `&` written `&#x26;`', () => {
    const text = '| Date     | Notes                                                 |\n| -------- | ----------------------------------------------------- |\n| 5/3/2024 | <p>add</p><ul><li>Layer &#x26; tag</li><li>Sky</li></ul> |\n';
    const once = normalizeMarkdown(text);
    expect(once).toContain('<li>Layer &#x26; tag</li>');
    expect(normalizeMarkdown(once)).toBe(once);
    expect(markdownToDocument(once)).toEqual(markdownToDocument(text));
    // Outside a table cell a `&` stays bare.
    expect(normalizeMarkdown('Layer & tag\n')).toBe('Layer & tag\n');
  });
});

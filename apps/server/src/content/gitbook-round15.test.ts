// The fifteenth round of GitBook-synced repositories (docs/git-sync.md): how GitBook writes what they held, on our own text.
import { describe, expect, it } from 'vitest';
import type { ParagraphBlock, Text } from './document.js';
import { markdownToDocument, normalizeMarkdown } from './index.js';

const textOf = (md: string): string =>
  (markdownToDocument(md).nodes[0] as ParagraphBlock).nodes.map((n) => (n as Text).leaves?.map((l) => l.text).join('') ?? '').join('');

describe('an ampersand in text', () => {
  it('is escaped before a letter or `#`, as GitBook writes it in 2024-2026, and bare before anything else', () => {
    // GitBook's files of those years: `Q\&A`, `?lang=en\&mode=short` in text and in a link's text; `a & b`, `3&4` bare.
    const gitbook = [
      'Read the Q\\&A first, then call /v1/items?lang=en\\&mode=short\\&page=2 from the shell.',
      '',
      'See [/v1/items?lang=en\\&mode=short](https://example.org/v1/items?lang=en\\&mode=short) for the list.',
      '',
      '| Term | Meaning |',
      '| ---- | ------- |',
      '| B\\&W | tones   |',
      '',
      'Salt & pepper, 3&4, and a sign \\&#35; written as text.',
      '',
    ].join('\n');
    expect(normalizeMarkdown(gitbook)).toBe(gitbook);
    // The document is the same as before: the backslash escapes the `&`.
    expect(textOf('Read the Q\\&A first.')).toBe('Read the Q&A first.');
    // What other tools write (and GitBook in 2020-2022) becomes GitBook's current form, with the same text.
    expect(normalizeMarkdown('Research&Development and the Q&A.\n')).toBe('Research\\&Development and the Q\\&A.\n');
    expect(textOf('Research&Development')).toBe(textOf('Research\\&Development'));
  });
});

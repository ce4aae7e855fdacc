// The sixteenth round of GitBook-synced repositories (docs/git-sync.md): how GitBook writes what they held, on our own text.
import { describe, expect, it } from 'vitest';
import type { Block, ListBlock, ParagraphBlock, Text } from './document.js';
import { markdownToDocument, normalizeMarkdown } from './index.js';

/** The text of a list's last item's paragraph, with its marks' leaves joined. */
const lastItemText = (block: Block): string => {
  const item = (block as ListBlock).nodes[(block as ListBlock).nodes.length - 1]!;
  const paragraph = item.nodes[item.nodes.length - 1] as ParagraphBlock;
  return paragraph.nodes.map((n) => (n as Text).leaves?.map((l) => l.text).join('') ?? '').join('');
};

describe('a hard break ending the last item of a list', () => {
  it('is read from GitBook\'s `* text\\` and 2 blank lines before the next block, and written back so', () => {
    // GitBook's pages: the item's text, the break's `\` and newline, then the blank line before the next block.
    const gitbook = [
      '* The first point of the plan.',
      '* The last point, ending in a break.\\',
      '',
      '',
      '**The next heading in bold:**',
      '',
      '1. One step.',
      '2. The last step, ending in a break too.\\',
      '',
      '',
      'A closing paragraph.',
      '',
    ].join('\n');
    expect(normalizeMarkdown(gitbook)).toBe(gitbook);
    const doc = markdownToDocument(gitbook);
    expect(doc.nodes.map((b) => b.type)).toEqual(['list-unordered', 'paragraph', 'list-ordered', 'paragraph']);
    // The break, not a literal backslash (the site showed `\`; a rewrite wrote `\\` and one blank line).
    expect(lastItemText(doc.nodes[0]!)).toBe('The last point, ending in a break.\n');
    expect(lastItemText(doc.nodes[2]!)).toBe('The last step, ending in a break too.\n');
    // Nested, the inner list ending the outer one: the same.
    const nested = '* Outer item.\n  * Inner item, ending in a break.\\\n\n\nAfter the lists.\n';
    expect(normalizeMarkdown(nested)).toBe(nested);
  });

  it('stays a backslash where GitBook\'s break would be followed by fewer blank lines', () => {
    // One blank line after it (a hand-written `C:\`), at the end of the page, before another item or in a quote.
    expect(lastItemText(markdownToDocument('* Save it under C:\\\n\nThen restart.\n').nodes[0]!)).toBe('Save it under C:\\');
    expect(normalizeMarkdown('* Save it under C:\\\n')).toBe('* Save it under C:\\\\\n');
    expect(normalizeMarkdown('* a\\\n* b\n')).toBe('* a\\\\\n* b\n');
    expect(normalizeMarkdown('> * a\n> * b\\\n\n\nAfter.\n')).toBe('> * a\n> * b\\\\\n\nAfter.\n');
  });
});

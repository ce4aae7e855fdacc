// The twelfth round of GitBook-synced repositories (docs/git-sync.md): how GitBook writes what they held, on our own text.
import { describe, expect, it } from 'vitest';
import { markdownToDocument, normalizeMarkdown } from './index.js';

describe('marks around a hard break', () => {
  it('closes bold, italic and strikethrough before a hard break and opens them again after it, as GitBook writes them', () => {
    for (const text of [
      '**First line**\\\n**second line**\n',
      '_Applies to: version 3_\\\n_Available at: all levels_\\\n_On tab: updates_\n',
      'Before **bold**\\\n**more bold** after.\n',
      '~~_**all three**_~~\\\n~~_**again**_~~\n',
    ]) {
      expect(normalizeMarkdown(text)).toBe(text);
    }
    // A run written across the break (hand-written) is the same document, written GitBook's way.
    expect(normalizeMarkdown('**a\\\nb**\n')).toBe('**a**\\\n**b**\n');
    expect(markdownToDocument('**a\\\nb**\n')).toEqual(markdownToDocument('**a**\\\n**b**\n'));
    // White space at a run's edge before the break is encoded, so the run still closes.
    const spaced = normalizeMarkdown('**a \\\nb**\n');
    expect(spaced).toBe('**a&#x20;**\\\n**b**\n');
    expect(normalizeMarkdown(spaced)).toBe(spaced);
  });
});

import { describe, expect, it } from 'vitest';
import { findUnsafeText, isEmoji, textProblem } from './text.js';

describe('isEmoji', () => {
  it('accepts one emoji grapheme or the code-point form, and the empty string', () => {
    for (const e of ['📘', '👩🏽‍💻', '🇫🇷', '1️⃣', '❤️', '©️', '1f4d8', '1F600', '1f469-200d-1f4bb', '']) expect(isEmoji(e), e).toBe(true);
  });
  it('refuses text, two emoji, digits, and impossible code points', () => {
    for (const e of ['a', 'book', '📘📗', '1', '12345', 'zzzz', 'd800', '110000', ' 📘', '📘\u0000']) expect(isEmoji(e), e).toBe(false);
  });
});

describe('text rules', () => {
  it('refuses control characters anywhere but tab, newline and carriage return', () => {
    expect(textProblem('body', 'line\nnext\tcol\r\n')).toBeUndefined();
    expect(textProblem('markdown', 'a\u0000b')).toContain('U+0000');
    expect(textProblem('title', 'bell\u0007')).toContain('U+0007');
    expect(textProblem('title', 'c1\u0085')).toContain('U+0085');
  });
  it('refuses bidi overrides and invisible characters in names only', () => {
    expect(textProblem('title', 'evil\u202Etxt.exe')).toContain('U+202E');
    expect(textProblem('subject', 'zero\u200Bwidth')).toContain('U+200B');
    expect(textProblem('markdown', 'evil\u202Etxt')).toBeUndefined();
    // Joiners are part of scripts and emoji.
    expect(textProblem('title', 'می‌خواهم 👩‍💻')).toBeUndefined();
  });
  it('names the first refused field, at any depth, in linear time', () => {
    expect(findUnsafeText({ title: 'ok', pages: [{ title: 'fine' }, { title: 'bad\u2066' }] })).toEqual(['/body/pages/1/title', expect.stringContaining('U+2066')]);
    let deep: unknown = 'x\u0001';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(findUnsafeText(deep)![0]).toMatch(/^\/body(\/0)+$/);
    expect(findUnsafeText({ ok: ['a', { b: 'c' }] })).toBeUndefined();
  });
});

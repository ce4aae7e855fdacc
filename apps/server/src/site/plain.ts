// The text a reader sees of a page's markdown, for the site's search: what it matches and the excerpt it shows.
// GitBook's markdown carries tag lines (`{% hint style="info" %}`), HTML (`<table data-view="cards">`), link and
// image syntax, heading and emphasis markers and fences; searching the raw markdown found pages by their markup
// (`cards`, `table`, `hint`) and showed it in excerpts. Linear: each pattern is bounded and anchored on a literal.
import { decodeAttr } from './html.js';

type Replacement = string | ((line: string) => string);
const replace = (s: string, re: RegExp, to: Replacement): string => (typeof to === 'string' ? s.replace(re, to) : s.replace(re, to));

const PATTERNS: [RegExp, Replacement][] = [
  [/\{%-?[^%\n]{0,4000}-?%\}/g, ' '], // tag lines and inline tags
  // Tables: their delimiter rows go, and the cell pipes of their rows (lines starting with `|`) become spaces; an
  // escaped pipe (`\|`) is cell text and stays (unescaped below). Each row is one bounded pass of its line.
  [/^[ \t]{0,3}\|(?:[ \t]*:?-+:?[ \t]*\|)+[ \t]*$/gm, ''],
  [/^[ \t]{0,3}\|[^\n]*$/gm, (line) => line.replace(/(?<!\\)\|/g, ' ')],
  [/<\/?[a-zA-Z][\w-]{0,30}(?:\s[^<>]{0,4000})?\/?>/g, ' '], // HTML tags (their text stays)
  // Images (their alt text) and links (their text); neither part holds a bracket, so each try stops at the next one.
  [/!\[([^[\]\n]{0,1000})\]\([^()\n]{0,1000}\)/g, '$1'],
  [/\[([^[\]\n]{0,1000})\]\([^()\n]{0,1000}\)/g, '$1'],
  [/^[ \t]{0,3}(?:#{1,6}[ \t]+|>[ \t]?|(?:[*+-]|\d{1,9}[.)])[ \t]+(?:\[[ xX]\][ \t]+)?)/gm, ''], // block markers
  [/^[ \t]{0,3}(?:`{3,}|~{3,})[^\n]{0,200}$/gm, ''], // fences
  [/^[ \t]{0,3}(?:\*{3,}|-{3,}|_{3,})[ \t]*$/gm, ''], // rules
  [/(\*\*|__|~~)/g, ''],
  [/\\([\\`*_{}[\]()#+\-.!|~<>])/g, '$1'],
];

/** The readable text of a page's markdown (markup dropped, entities decoded), white space collapsed. */
export function markdownText(markdown: string): string {
  let s = withoutComments(markdown);
  for (const [re, to] of PATTERNS) s = replace(s, re, to);
  return decodeAttr(s).replace(/\s+/g, ' ').trim();
}

/**
 * `markdownText` a part at a time (parts of 32–96 KiB cut at blank lines, or line ends, after the comments are gone), calling `pause`
 * between parts: a page of megabytes never holds the caller for longer than a part.
 */
export async function markdownTextInSlices(markdown: string, pause: () => Promise<void>): Promise<string> {
  const s = withoutComments(markdown);
  const parts: string[] = [];
  for (let i = 0; i < s.length;) {
    let end = i + 32 * 1024;
    if (end < s.length) {
      // The next blank line within 64 KiB, else the next line end, else 64 KiB on (each look within that window).
      const window = s.slice(end, end + 64 * 1024);
      const blank = window.indexOf('\n\n');
      const line = blank < 0 ? window.indexOf('\n') : blank;
      end = Math.min(s.length, end + (line < 0 ? window.length : line));
    } else end = s.length;
    let part = s.slice(i, end);
    for (const [re, to] of PATTERNS) part = replace(part, re, to);
    part = decodeAttr(part).replace(/\s+/g, ' ').trim();
    if (part) parts.push(part);
    i = end;
    await pause();
  }
  return parts.join(' ');
}

/** `markdown` without its HTML comments (an unclosed one runs to the end), in one pass. */
function withoutComments(markdown: string): string {
  let out = '';
  let from = 0;
  for (;;) {
    const open = markdown.indexOf('<!--', from);
    if (open < 0) return out + markdown.slice(from);
    out += `${markdown.slice(from, open)} `;
    const close = markdown.indexOf('-->', open + 4);
    if (close < 0) return out;
    from = close + 3;
  }
}

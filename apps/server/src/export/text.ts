/**
 * Text that a PDF's fonts can draw: `drawableText` for the embedded fonts (export/fonts.ts), `winAnsi` for PDFKit's
 * standard (AFM) fonts.
 *
 * Helvetica and Courier are used without embedding a font file, so text is
 * encoded in WinAnsi (Windows-1252): Latin-1 plus the typographic characters
 * below. Anything else would come out as garbage glyphs, so it is rewritten:
 * a few common symbols get ASCII spellings, accented letters from other
 * scripts lose their accents (NFKD), emoji and invisible characters are
 * dropped, and what is left becomes `?`.
 */

/** Code points above U+00FF that WinAnsi encodes (0x80-0x9F). */
const WIN_ANSI_EXTRA = new Set(
  [
    0x20ac, 0x201a, 0x0192, 0x201e, 0x2026, 0x2020, 0x2021, 0x02c6, 0x2030, 0x0160, 0x2039, 0x0152, 0x017d, 0x2018, 0x2019,
    0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x02dc, 0x2122, 0x0161, 0x203a, 0x0153, 0x017e, 0x0178,
  ],
);

const REPLACEMENTS: Record<string, string> = {
  '\u2192': '->',
  '\u2190': '<-',
  '\u2194': '<->',
  '\u21d2': '=>',
  '\u21d0': '<=',
  '\u2264': '<=',
  '\u2265': '>=',
  '\u2260': '!=',
  '\u2248': '~',
  '\u2212': '-',
  '\u2010': '-',
  '\u2011': '-',
  '\u2012': '-',
  '\u2015': '\u2014',
  '\u2032': "'",
  '\u2033': '"',
  '\u2713': 'v',
  '\u2714': 'v',
  '\u2717': 'x',
  '\u2718': 'x',
  '\u2610': '[ ]',
  '\u2611': '[x]',
  '\u2612': '[x]',
  '\u25cf': '\u2022',
  '\u25cb': 'o',
  '\u25e6': 'o',
  '\u2043': '-',
  '\u2219': '\u00b7',
  '\u2044': '/',
  '\u2215': '/',
  '\u2003': ' ',
  '\u2002': ' ',
  '\u2009': ' ',
  '\u202f': ' ',
  '\u3000': ' ',
  // Letters without a canonical decomposition.
  '\u0141': 'L',
  '\u0142': 'l',
  '\u0110': 'D',
  '\u0111': 'd',
  '\u0131': 'i',
  '\u0126': 'H',
  '\u0127': 'h',
};

const INVISIBLE = /[\u200b-\u200d\u2060\ufeff\ufe00-\ufe0f\u{e0020}-\u{e007f}]/u;
const PICTOGRAPHIC = /\p{Extended_Pictographic}|\p{Regional_Indicator}|[\u{1f3fb}-\u{1f3ff}]/u;

function encodable(cp: number): boolean {
  return (cp >= 0x20 && cp <= 0x7e) || (cp >= 0xa0 && cp <= 0xff) || WIN_ANSI_EXTRA.has(cp);
}

/** Rewrites `text` so that every character is drawable by the standard fonts. `\n` is kept; tabs become spaces. */
export function winAnsi(text: string): string {
  return drawableText(text, encodable);
}

/**
 * Rewrites `text` so that every character is one a font has (`has`, by code point): the others as `winAnsi` rewrites
 * what WinAnsi lacks (ASCII spellings, accents dropped, emoji and invisible characters left out, else `?`). Control
 * characters are left out; `\n` is kept; tabs become spaces.
 */
export function drawableText(text: string, has: (cp: number) => boolean): string {
  let out = '';
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    if (ch === '\n') out += ch;
    else if (ch === '\t') out += '    ';
    else if (cp < 0x20 || (cp >= 0x7f && cp < 0xa0)) continue;
    else if (INVISIBLE.test(ch)) continue;
    else if (has(cp)) out += ch;
    else if (REPLACEMENTS[ch] !== undefined && [...REPLACEMENTS[ch]!].every((c) => has(c.codePointAt(0)!))) out += REPLACEMENTS[ch];
    else if (PICTOGRAPHIC.test(ch)) continue;
    else {
      const decomposed = ch.normalize('NFKD').replace(/\p{M}/gu, '');
      out += decomposed !== '' && [...decomposed].every((c) => has(c.codePointAt(0)!)) ? decomposed : '?';
    }
  }
  return out;
}

/** Text content of an HTML fragment: tags and comments removed, `<br>`/block ends as newlines, common entities decoded. */
export function htmlToText(html: string): string {
  return decodeEntities(
    html
      .replace(/<!--[\s\S]*?-->/g, '')
      .replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, '')
      .replace(/<br\s*\/?>/gi, '\n')
      .replace(/<\/(p|div|li|tr|h[1-6]|summary|figcaption)\s*>/gi, '\n')
      .replace(/<[^>]*>/g, ''),
  )
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter((line) => line !== '')
    .join('\n');
}

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  copy: '\u00a9',
  reg: '\u00ae',
  trade: '\u2122',
  hellip: '\u2026',
  mdash: '\u2014',
  ndash: '\u2013',
  laquo: '\u00ab',
  raquo: '\u00bb',
  rarr: '\u2192',
  larr: '\u2190',
};

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, body: string) => {
    if (body[0] === '#') {
      const cp = body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
      return Number.isFinite(cp) && cp > 0 && cp <= 0x10ffff ? String.fromCodePoint(cp) : whole;
    }
    return NAMED_ENTITIES[body.toLowerCase()] ?? whole;
  });
}

/** `<img>` tags of an HTML fragment (GitBook `<figure>`s and centred logos), in order. */
export function htmlImages(html: string): { src: string; alt: string }[] {
  const images: { src: string; alt: string }[] = [];
  for (const m of html.matchAll(/<img\b([^>]*)>/gi)) {
    const attrs = m[1] ?? '';
    const src = /\bsrc\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i.exec(attrs);
    const alt = /\balt\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i.exec(attrs);
    const value = src?.[1] ?? src?.[2] ?? src?.[3];
    if (value) images.push({ src: decodeEntities(value), alt: decodeEntities(alt?.[1] ?? alt?.[2] ?? alt?.[3] ?? '') });
  }
  return images;
}

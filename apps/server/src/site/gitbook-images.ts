// The published site's generated images: GitBook's `~gitbook/icon` (the site's icon), an SVG drawn here from the
// customization (no external service, no fetch of anything), and what `~gitbook/ogimage/<pageId>` (a page's social
// preview, a 1200×630 PNG: og-png.ts) is drawn from. Every text is escaped and bounded; colors are the
// customization's checked colors (shell.ts cssColor); nothing in them is a URL, so the images load nothing.
import { escapeHtml as escapeMarkup } from './render.js';

/** Escaped for XML, without the control characters XML does not allow (an SVG holding one is not drawn at all). */
const escapeHtml = (s: string) => escapeMarkup(s.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, ''));

const SYSTEM_FONT = 'system-ui,-apple-system,&quot;Segoe UI&quot;,Roboto,&quot;Noto Sans&quot;,sans-serif';

/** The site's initial: the first letter or digit of its title (capitalised), else `D`. */
export function initialOf(title: string): string {
  const m = /[\p{L}\p{N}]/u.exec(title.slice(0, 200));
  return (m?.[0] ?? 'D').toUpperCase();
}

/** The icon's square: its emoji (the customization's), else the site's initial in white on the primary color. */
function iconBody(icon: { emoji?: string; initial: string; color: string }, x: number, y: number, size: number): string {
  // On a tint of the primary color, and gray where no emoji font draws it (a box then, still seen on a dark image).
  if (icon.emoji) {
    return `<rect x="${x}" y="${y}" width="${size}" height="${size}" rx="${size * 0.22}" fill="${escapeHtml(icon.color)}" fill-opacity="0.16"/>`
      + `<text x="${x + size / 2}" y="${y + size * 0.76}" font-size="${size * 0.66}" text-anchor="middle" fill="#8a939d">${escapeHtml(icon.emoji)}</text>`;
  }
  return `<rect x="${x}" y="${y}" width="${size}" height="${size}" rx="${size * 0.22}" fill="${escapeHtml(icon.color)}"/>`
    + `<text x="${x + size / 2}" y="${y + size * 0.7}" font-family="${SYSTEM_FONT}" font-size="${size * 0.6}" font-weight="700" text-anchor="middle" fill="#fff">${escapeHtml(icon.initial)}</text>`;
}

/** `~gitbook/icon`: a square SVG of `size` pixels. */
export function iconSvg(icon: { emoji?: string; initial: string; color: string }, size: number): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 100 100">${iconBody(icon, 0, 0, 100)}</svg>`;
}

/**
 * `text` in at most `maxLines` lines at most `maxEm` ems wide (`emWidth`: a character's advance in ems, from the
 * font that draws it), cut at spaces (a word wider than a line is cut), the last line ending with `…` when text is
 * left. Linear in the text it reads (at most 4 characters per em and line).
 */
export function wrapLines(text: string, maxEm: number, maxLines: number, emWidth: (codePoint: number) => number): string[] {
  const source = text.slice(0, Math.ceil(maxEm * 4) * maxLines + 1);
  const chars = [...source.replace(/\s+/g, ' ').trim()];
  const widths = chars.map((c) => emWidth(c.codePointAt(0)!));
  const lines: string[] = [];
  let at = 0;
  while (at < chars.length && lines.length < maxLines) {
    let end = at;
    let width = 0;
    while (end < chars.length && width + widths[end]! <= maxEm) width += widths[end++]!;
    if (end === at) end++; // a character wider than a line: alone on it
    if (end < chars.length) {
      // The last space that fits (a word wider than a line is cut).
      let space = end;
      while (space > at && chars[space] !== ' ') space--;
      if (space > at) end = space;
    }
    lines.push(chars.slice(at, end).join('').trim());
    at = end;
    while (chars[at] === ' ') at++;
  }
  if ((at < chars.length || text.length > source.length) && lines.length) {
    // Room for the ellipsis: characters off the end of the last line until it fits.
    const last = [...lines[lines.length - 1]!];
    let width = last.reduce((n, c) => n + emWidth(c.codePointAt(0)!), 0);
    while (last.length && width + 1 > maxEm) width -= emWidth(last.pop()!.codePointAt(0)!);
    lines[lines.length - 1] = `${last.join('').trimEnd()}…`;
  }
  return lines;
}

export interface OgImageInput {
  siteTitle: string;
  /** The site space's title, shown above the page's title when the site publishes several. */
  spaceTitle?: string;
  pageTitle: string;
  description?: string;
  primary: string;
  dark: boolean;
  icon: { emoji?: string; initial: string; color: string };
}

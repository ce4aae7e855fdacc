// The published site's generated images, GitBook's `~gitbook/icon` (the site's icon) and `~gitbook/ogimage/<pageId>`
// (a page's social preview, 1200×630): SVG drawn here from the customization and the page (no external service, no
// fetch of anything). Every text is escaped and bounded; colors are the customization's checked colors (shell.ts
// cssColor); nothing in them is a URL, so the images load nothing.
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
 * A character's width in ems, over-estimated for a bold sans-serif (no font is measured: the SVG is drawn by whoever
 * shows it, with its own fonts), so a line never runs past the image's edge.
 */
function emWidth(c: number): number {
  if (c >= 0x1f000) return 1.25; // emoji
  if (c >= 0x2e80) return 1.05; // CJK and other wide scripts
  if (c === 0x57 || c === 0x4d || c === 0x6d || c === 0x77 || c === 0x40 || c === 0x25) return 1.12; // W M m w @ %
  if (c >= 0x41 && c <= 0x5a) return c === 0x49 ? 0.42 : 0.86; // capitals (I narrow)
  if (c >= 0x30 && c <= 0x39) return 0.72;
  // i l j . , : ; ' | ! space f t r ( )
  if (c === 0x69 || c === 0x6c || c === 0x6a || c === 0x2e || c === 0x2c || c === 0x3a || c === 0x3b || c === 0x27 || c === 0x7c || c === 0x21 || c === 0x20 || c === 0x66 || c === 0x74 || c === 0x72 || c === 0x28 || c === 0x29) return 0.46;
  return c < 0x80 ? 0.72 : 0.8;
}

/**
 * `text` in at most `maxLines` lines at most `maxEm` ems wide, cut at spaces (a word wider than a line is cut), the
 * last line ending with `…` when text is left. Linear in the text it reads (at most 4 characters per em and line).
 */
export function wrapLines(text: string, maxEm: number, maxLines: number): string[] {
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

/**
 * `~gitbook/ogimage/<pageId>`: 1200×630 — the site's icon and title at the top, the page's title (at most 3 lines)
 * and description (at most 3 lines) below, a bar of the primary color at the left.
 */
export function ogImageSvg(o: OgImageInput): string {
  const bg = o.dark ? '#111318' : '#ffffff';
  const fg = o.dark ? '#e6e8eb' : '#1f2328';
  const muted = o.dark ? '#9aa3ad' : '#59636e';
  const text = (x: number, y: number, size: number, color: string, weight: number, s: string) =>
    `<text x="${x}" y="${y}" font-family="${SYSTEM_FONT}" font-size="${size}" font-weight="${weight}" fill="${escapeHtml(color)}">${escapeHtml(s)}</text>`;
  const parts: string[] = [
    `<rect width="1200" height="630" fill="${bg}"/>`,
    `<rect width="24" height="630" fill="${escapeHtml(o.primary)}"/>`,
    iconBody(o.icon, 96, 72, 72),
    text(192, 122, 36, fg, 600, wrapLines(o.siteTitle, 26, 1)[0] ?? ''),
  ];
  let y = 250;
  if (o.spaceTitle) {
    parts.push(text(96, y, 30, o.primary, 600, wrapLines(o.spaceTitle, 34, 1)[0] ?? ''));
    y += 66;
  }
  const title = wrapLines(o.pageTitle || 'Untitled', 16, 3);
  for (const line of title) {
    parts.push(text(96, y, 64, fg, 700, line));
    y += 76;
  }
  if (o.description) {
    y += 14;
    for (const line of wrapLines(o.description, 34, Math.max(1, 3 - Math.max(0, title.length - 2)))) {
      parts.push(text(96, y, 30, muted, 400, line));
      y += 42;
    }
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">${parts.join('')}</svg>`;
}

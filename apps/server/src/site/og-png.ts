/// <reference path="../types/fontkit.d.ts" />
// The published site's social image as PNG (`~gitbook/ogimage/<pageId>`, 1200×630): link previewers (X, Facebook,
// LinkedIn, Slack…) show no SVG. Drawn here, in pure JavaScript, on the content worker pool (content/tasks.ts
// `ogImagePng`, with its time budget): text shaped by fontkit (GSUB/GPOS, right-to-left runs in visual order) from
// fonts shipped in npm packages under the SIL Open Font License — Inter (`@expo-google-fonts/inter`, Latin, Greek,
// Cyrillic, Vietnamese) and Noto Sans Arabic (`@fontsource/noto-sans-arabic`) — and, for Chinese, Japanese and
// Korean, the system's fallback font when there is one (lib/fallback-font.ts: the only system font used, named in the
// entity tag: `ogFontsTag`); outlines filled by an exact-area accumulation rasteriser (anti-aliased, non-zero); PNG
// written with node:zlib. What no font draws (emoji, other scripts; CJK without the fallback font) is left out of the
// text; a title left with no letter or digit is not drawn.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { constants, crc32, deflateSync } from 'node:zlib';
import type { Font, PathCommand } from 'fontkit';
import { fallbackFont, openFace } from '../lib/fallback-font.js';
import { wrapLines, type OgImageInput } from './gitbook-images.js';

export const OG_WIDTH = 1200;
export const OG_HEIGHT = 630;
/** Changes whenever the drawing does (fonts, layout): part of the image's entity tag and cache key. */
export const OG_RENDER_VERSION = 'png-2';

/** What the drawing's fonts are beyond the bundled ones: the fallback font's tag, or nothing. */
export const ogFontsTag = (): string => fallbackFont()?.tag ?? 'no fallback font';

type Weight = 400 | 600 | 700;
let loaded: Map<Weight, Font[]> | undefined;

/** The fonts of a weight, in fallback order (loaded once per thread: ~25 ms, ~1 MB of files). */
function fontsOf(weight: Weight): Font[] {
  if (!loaded) {
    const require = createRequire(import.meta.url);
    const inter = dirname(require.resolve('@expo-google-fonts/inter/package.json'));
    const arabic = join(dirname(require.resolve('@fontsource/noto-sans-arabic/LICENSE')), 'files');
    const load = (path: string) => openFace(readFileSync(path));
    // The system's CJK font last, when there is one (lib/fallback-font.ts; part of the image's entity tag).
    const cjk = fallbackFont()?.font;
    const last = cjk ? [cjk] : [];
    const arabic400 = load(join(arabic, 'noto-sans-arabic-arabic-400-normal.woff2'));
    const arabic700 = load(join(arabic, 'noto-sans-arabic-arabic-700-normal.woff2'));
    loaded = new Map<Weight, Font[]>([
      [400, [load(join(inter, '400Regular', 'Inter_400Regular.ttf')), arabic400, ...last]],
      [600, [load(join(inter, '600SemiBold', 'Inter_600SemiBold.ttf')), arabic700, ...last]],
      [700, [load(join(inter, '700Bold', 'Inter_700Bold.ttf')), arabic700, ...last]],
    ]);
  }
  return loaded.get(weight)!;
}

const fontFor = (fonts: Font[], cp: number) => fonts.find((f) => f.hasGlyphForCodePoint(cp));

/** Whether a line reads right to left: its first letter is of a right-to-left script. */
const rtlParagraph = (line: string) => {
  const strong = /\p{L}/u.exec(line)?.[0];
  return strong !== undefined && isRtl(strong.codePointAt(0)!);
};

const isRtl = (cp: number) => (cp >= 0x590 && cp <= 0x8ff) || (cp >= 0xfb1d && cp <= 0xfdff) || (cp >= 0xfe70 && cp <= 0xfeff);

/**
 * `text` as drawn: whitespace folded to single spaces, control characters, what no font of `fonts` has (emoji, CJK,
 * …) and combining marks past 3 in a row left out; '' when no letter or digit is left. Reads at most 2,000 characters.
 */
export function drawableText(text: string, fonts: Font[]): string {
  const out: string[] = [];
  let marks = 0;
  for (const ch of text.slice(0, 2000)) {
    // At most 3 combining marks on a character (Arabic's vowel signs need 2): a stack of hundreds ("zalgo" text)
    // would be drawn far above and below its line.
    marks = /\p{M}/u.test(ch) ? marks + 1 : 0;
    if (/\s/u.test(ch)) out.push(' ');
    else if (marks <= 3 && fontFor(fonts, ch.codePointAt(0)!)) out.push(ch);
  }
  const s = out.join('').replace(/ {2,}/g, ' ').trim();
  return /[\p{L}\p{N}]/u.test(s) ? s : '';
}

type Rgb = [number, number, number];

/** A color of the customization (shell.ts cssColor's forms: #hex, rgb(), hsl()), else `fallback`. */
export function parseColor(s: string, fallback: Rgb): Rgb {
  const hex = /^#([0-9a-f]{3,8})$/i.exec(s.trim())?.[1];
  if (hex && (hex.length === 3 || hex.length === 4)) return [0, 1, 2].map((i) => Number.parseInt(hex[i]! + hex[i]!, 16)) as Rgb;
  if (hex && (hex.length === 6 || hex.length === 8)) return [0, 2, 4].map((i) => Number.parseInt(hex.slice(i, i + 2), 16)) as Rgb;
  const fn = /^(rgb|hsl)a?\(([^)]*)\)$/i.exec(s.trim());
  if (!fn) return fallback;
  const n = fn[2]!.split(/[\s,/]+/).filter(Boolean).slice(0, 3).map((p) => ({ v: Number.parseFloat(p), pct: p.endsWith('%') }));
  if (n.length < 3 || n.some((p) => !Number.isFinite(p.v))) return fallback;
  const clamp = (v: number) => Math.max(0, Math.min(255, Math.round(v)));
  if (fn[1]!.toLowerCase() === 'rgb') return n.map((p) => clamp(p.pct ? (p.v * 255) / 100 : p.v)) as Rgb;
  const h = (((n[0]!.v % 360) + 360) % 360) / 360;
  const sat = Math.max(0, Math.min(1, n[1]!.v / 100));
  const l = Math.max(0, Math.min(1, n[2]!.v / 100));
  const q = l < 0.5 ? l * (1 + sat) : l + sat - l * sat;
  const p = 2 * l - q;
  const hue = (t: number) => {
    const u = t < 0 ? t + 1 : t > 1 ? t - 1 : t;
    return u < 1 / 6 ? p + (q - p) * 6 * u : u < 1 / 2 ? q : u < 2 / 3 ? p + (q - p) * (2 / 3 - u) * 6 : p;
  };
  return [hue(h + 1 / 3), hue(h), hue(h - 1 / 3)].map((v) => clamp(v * 255)) as Rgb;
}

/**
 * An RGB canvas and an accumulation buffer: edges add their signed area to the cells they cross (as font-rs does),
 * a fill sums each row into coverage and blends a color by it. Every write is clamped to the canvas.
 */
class Canvas {
  readonly rgb: Uint8Array;
  private readonly stride: number;
  private readonly acc: Float32Array;
  private minY = Infinity;
  private maxY = -Infinity;
  private minX = Infinity;
  private maxX = -Infinity;
  private startX = 0;
  private startY = 0;
  private penX = 0;
  private penY = 0;

  readonly width: number;
  readonly height: number;

  constructor(width: number, height: number, background: Rgb) {
    this.width = width;
    this.height = height;
    this.rgb = new Uint8Array(width * height * 3);
    this.rgb.set(background);
    for (let filled = 3; filled < this.rgb.length; filled *= 2) this.rgb.copyWithin(filled, 0, Math.min(filled, this.rgb.length - filled));
    this.stride = width + 2;
    this.acc = new Float32Array(this.stride * (height + 1));
  }

  moveTo(x: number, y: number) {
    this.closePath();
    this.startX = this.penX = x;
    this.startY = this.penY = y;
  }

  lineTo(x: number, y: number) {
    this.edge(this.penX, this.penY, x, y);
    this.penX = x;
    this.penY = y;
  }

  quadTo(cx: number, cy: number, x: number, y: number) {
    const x0 = this.penX;
    const y0 = this.penY;
    const n = segments(Math.hypot(cx - x0, cy - y0) + Math.hypot(x - cx, y - cy));
    for (let i = 1; i <= n; i++) {
      const t = i / n;
      const u = 1 - t;
      this.lineTo(u * u * x0 + 2 * u * t * cx + t * t * x, u * u * y0 + 2 * u * t * cy + t * t * y);
    }
  }

  cubicTo(c1x: number, c1y: number, c2x: number, c2y: number, x: number, y: number) {
    const x0 = this.penX;
    const y0 = this.penY;
    const n = segments(Math.hypot(c1x - x0, c1y - y0) + Math.hypot(c2x - c1x, c2y - c1y) + Math.hypot(x - c2x, y - c2y));
    for (let i = 1; i <= n; i++) {
      const t = i / n;
      const u = 1 - t;
      this.lineTo(u * u * u * x0 + 3 * u * u * t * c1x + 3 * u * t * t * c2x + t * t * t * x, u * u * u * y0 + 3 * u * u * t * c1y + 3 * u * t * t * c2y + t * t * t * y);
    }
  }

  closePath() {
    if (this.penX !== this.startX || this.penY !== this.startY) this.lineTo(this.startX, this.startY);
  }

  rect(x: number, y: number, w: number, h: number, r = 0) {
    this.moveTo(x + r, y);
    this.lineTo(x + w - r, y);
    if (r) this.quadTo(x + w, y, x + w, y + r);
    this.lineTo(x + w, y + h - r);
    if (r) this.quadTo(x + w, y + h, x + w - r, y + h);
    this.lineTo(x + r, y + h);
    if (r) this.quadTo(x, y + h, x, y + h - r);
    this.lineTo(x, y + r);
    if (r) this.quadTo(x, y, x + r, y);
    this.closePath();
  }

  /** The accumulated shapes filled with `color` (anti-aliased), and the buffer cleared. */
  fill(color: Rgb) {
    this.closePath();
    const { acc, rgb, stride, width } = this;
    const x0 = Math.max(0, this.minX);
    const x1 = Math.min(stride - 1, this.maxX);
    for (let y = Math.max(0, this.minY); y <= Math.min(this.height - 1, this.maxY); y++) {
      let sum = 0;
      for (let x = x0; x <= x1; x++) {
        const i = y * stride + x;
        sum += acc[i]!;
        acc[i] = 0;
        if (x >= width) continue;
        const c = Math.min(1, Math.abs(sum));
        if (c < 1 / 512) continue;
        const p = (y * width + x) * 3;
        rgb[p] = rgb[p]! + (color[0] - rgb[p]!) * c + 0.5;
        rgb[p + 1] = rgb[p + 1]! + (color[1] - rgb[p + 1]!) * c + 0.5;
        rgb[p + 2] = rgb[p + 2]! + (color[2] - rgb[p + 2]!) * c + 0.5;
      }
    }
    this.minY = this.minX = Infinity;
    this.maxY = this.maxX = -Infinity;
    this.startX = this.startY = this.penX = this.penY = 0;
  }

  /** One edge's signed area added to the cells it crosses (rows clipped to the canvas, columns clamped to it). */
  private edge(ax: number, ay: number, bx: number, by: number) {
    if (ay === by || !Number.isFinite(ax + ay + bx + by)) return;
    let x0 = ax;
    let y0 = ay;
    let x1 = bx;
    let y1 = by;
    let dir = 1;
    if (y0 > y1) {
      dir = -1;
      [x0, x1, y0, y1] = [x1, x0, y1, y0];
    }
    if (y1 <= 0 || y0 >= this.height) return;
    const dxdy = (x1 - x0) / (y1 - y0);
    let x = x0;
    if (y0 < 0) {
      x -= y0 * dxdy;
      y0 = 0;
    }
    const end = Math.min(y1, this.height);
    const { acc, stride, width } = this;
    const firstRow = Math.floor(y0);
    for (let y = firstRow; y < end; y++) {
      const dy = Math.min(y + 1, end) - Math.max(y, y0);
      const xnext = x + dxdy * dy;
      const d = dy * dir;
      const xa = Math.max(0, Math.min(width, Math.min(x, xnext)));
      const xb = Math.max(0, Math.min(width, Math.max(x, xnext)));
      const line = y * stride;
      const xaFloor = Math.floor(xa);
      const xbCeil = Math.ceil(xb);
      const ia = xaFloor;
      const ib = xbCeil;
      if (ib <= ia + 1) {
        const xmf = 0.5 * (xa + xb) - xaFloor;
        acc[line + ia] = acc[line + ia]! + d - d * xmf;
        acc[line + ia + 1] = acc[line + ia + 1]! + d * xmf;
      } else {
        const s = 1 / (xb - xa);
        const xaf = xa - xaFloor;
        const a0 = 0.5 * s * (1 - xaf) * (1 - xaf);
        const xbf = xb - xbCeil + 1;
        const am = 0.5 * s * xbf * xbf;
        acc[line + ia] = acc[line + ia]! + d * a0;
        if (ib === ia + 2) {
          acc[line + ia + 1] = acc[line + ia + 1]! + d * (1 - a0 - am);
        } else {
          const a1 = s * (1.5 - xaf);
          acc[line + ia + 1] = acc[line + ia + 1]! + d * (a1 - a0);
          for (let xi = ia + 2; xi < ib - 1; xi++) acc[line + xi] = acc[line + xi]! + d * s;
          const a2 = a1 + (ib - ia - 3) * s;
          acc[line + ib - 1] = acc[line + ib - 1]! + d * (1 - a2 - am);
        }
        acc[line + ib] = acc[line + ib]! + d * am;
      }
      if (ia < this.minX) this.minX = ia;
      if (ib + 1 > this.maxX) this.maxX = ib + 1;
      x = xnext;
    }
    if (firstRow < this.minY) this.minY = firstRow;
    if (Math.ceil(end) - 1 > this.maxY) this.maxY = Math.ceil(end) - 1;
  }
}

/** Line segments of a curve whose control polygon is `length` pixels long (about one per 3 px, 1 to 24). */
const segments = (length: number) => Math.max(1, Math.min(24, Math.ceil(length / 3)));

interface Run {
  text: string;
  font: Font;
  rtl: boolean;
}

/**
 * A line's runs in visual order: characters grouped by the first font that has them (a space stays in the run
 * before it when that font has one), the runs of a right-to-left script reversed as a group — all of them when the
 * line's first strong character is right-to-left (a simplified bidi: good for one script, with a few words of the
 * other). fontkit draws each run's glyphs in visual order.
 */
function runsOf(line: string, fonts: Font[]): Run[] {
  const runs: Run[] = [];
  for (const ch of line) {
    const cp = ch.codePointAt(0)!;
    const last = runs[runs.length - 1];
    const font = ch === ' ' && last?.font.hasGlyphForCodePoint(cp) ? last.font : fontFor(fonts, cp);
    if (!font) continue;
    const rtl = isRtl(cp) || (ch === ' ' && !!last?.rtl);
    if (last && last.font === font && (last.rtl === rtl || ch === ' ')) last.text += ch;
    else runs.push({ text: ch, font, rtl });
  }
  const paragraphRtl = rtlParagraph(line);
  // Punctuation and spaces between the runs of a right-to-left line read right to left too.
  const out = paragraphRtl ? runs.reverse().map((r) => (/[\p{L}\p{N}]/u.test(r.text) ? r : { ...r, text: [...r.text].reverse().join('') })) : runs;
  // Within the paragraph's order, the runs of the other direction keep theirs.
  const other = (r: Run) => (paragraphRtl ? !r.rtl && /[\p{L}\p{N}]/u.test(r.text) : r.rtl);
  for (let i = 0; i < out.length;) {
    if (!other(out[i]!)) { i++; continue; }
    let j = i;
    while (j + 1 < out.length && (other(out[j + 1]!) || (out[j + 1]!.text.trim() === '' && j + 2 < out.length && other(out[j + 2]!)))) j++;
    out.splice(i, j - i + 1, ...out.slice(i, j + 1).reverse());
    i = j + 1;
  }
  return out;
}

/** Draws `line` at (x, baseline) in `size` pixels on `canvas` (none: measures only); returns its width. */
function drawText(canvas: Canvas | undefined, line: string, x: number, baseline: number, size: number, weight: Weight): number {
  let pen = x;
  for (const run of runsOf(line, fontsOf(weight))) {
    const shaped = run.font.layout(run.text);
    const scale = size / run.font.unitsPerEm;
    shaped.glyphs.forEach((glyph, i) => {
      const pos = shaped.positions[i]!;
      if (canvas) {
        const gx = pen + pos.xOffset * scale;
        const gy = baseline - pos.yOffset * scale;
        drawPath(canvas, glyph.path.commands, (px) => gx + px * scale, (py) => gy - py * scale);
      }
      pen += pos.xAdvance * scale;
    });
  }
  return pen - x;
}

function drawPath(canvas: Canvas, commands: PathCommand[], tx: (x: number) => number, ty: (y: number) => number) {
  for (const { command, args: a } of commands) {
    if (command === 'moveTo') canvas.moveTo(tx(a[0]!), ty(a[1]!));
    else if (command === 'lineTo') canvas.lineTo(tx(a[0]!), ty(a[1]!));
    else if (command === 'quadraticCurveTo') canvas.quadTo(tx(a[0]!), ty(a[1]!), tx(a[2]!), ty(a[3]!));
    else if (command === 'bezierCurveTo') canvas.cubicTo(tx(a[0]!), ty(a[1]!), tx(a[2]!), ty(a[3]!), tx(a[4]!), ty(a[5]!));
    else canvas.closePath();
  }
}

/** `text` in at most `maxLines` lines of at most `maxWidth` pixels at `size` (wrapLines with the fonts' advances). */
function linesOf(text: string, size: number, weight: Weight, maxWidth: number, maxLines: number): string[] {
  const fonts = fontsOf(weight);
  const drawable = drawableText(text, fonts);
  if (!drawable) return [];
  const em = (cp: number) => {
    if (cp === 0x2026) return 1; // the ellipsis wrapLines adds
    const font = fontFor(fonts, cp);
    return font ? font.glyphForCodePoint(cp).advanceWidth / font.unitsPerEm : 0;
  };
  // Wrapped with the characters' advances (3 % to spare: shaping may add kerning, as Inter's W W), then each line
  // measured as it is drawn and, in the rare case it is still too wide, cut with an ellipsis.
  return wrapLines(drawable, (maxWidth / size) * 0.97, maxLines, em).map((line) => {
    let chars = [...line];
    for (let i = 0; i < 64 && chars.length > 1 && drawText(undefined, chars.join(''), 0, 0, size, weight) > maxWidth; i++) {
      chars = [...chars.slice(0, chars[chars.length - 1] === '…' ? -2 : -1).join('').trimEnd(), '…'];
    }
    return chars.join('');
  });
}

/** PNG bytes (8-bit RGB, each row's Sub filter, deflated by node:zlib). */
export function encodePng(rgb: Uint8Array, width: number, height: number): Uint8Array {
  const row = width * 3;
  const raw = Buffer.alloc((row + 1) * height);
  for (let y = 0; y < height; y++) {
    const out = y * (row + 1);
    const at = y * row;
    raw[out] = 1;
    for (let i = 0; i < row; i++) raw[out + 1 + i] = (rgb[at + i]! - (i >= 3 ? rgb[at + i - 3]! : 0)) & 0xff;
  }
  const chunk = (type: string, data: Uint8Array) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(data.length, 0);
    head.write(type, 4, 'latin1');
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(data, crc32(head.subarray(4))), 0);
    return [head, data, crc];
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8 bits, truecolor, deflate, adaptive filtering, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    ...chunk('IHDR', ihdr),
    ...chunk('IDAT', deflateSync(raw, { level: 6, strategy: constants.Z_FILTERED })),
    ...chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * `~gitbook/ogimage/<pageId>` as PNG, 1200×630 (as ogImageSvg was): a bar of the primary color at the left, the
 * site's icon (its initial on the primary color: no emoji font is shipped) and title at the top, the site space's
 * title when given, the page's title (64 px, at most 3 lines) and description (at most 3 lines, fewer under a long
 * title). Tens of milliseconds of CPU; a few tens of KB.
 */
export function ogImagePng(o: OgImageInput): Uint8Array {
  const bg: Rgb = o.dark ? [0x11, 0x13, 0x18] : [0xff, 0xff, 0xff];
  const fg: Rgb = o.dark ? [0xe6, 0xe8, 0xeb] : [0x1f, 0x23, 0x28];
  const muted: Rgb = o.dark ? [0x9a, 0xa3, 0xad] : [0x59, 0x63, 0x6e];
  const primary = parseColor(o.primary, o.dark ? [0x5b, 0x8d, 0xef] : [0x34, 0x6d, 0xdb]);
  const canvas = new Canvas(OG_WIDTH, OG_HEIGHT, bg);
  const left = 96;
  const right = OG_WIDTH - 96;
  canvas.rect(0, 0, 24, OG_HEIGHT);
  canvas.rect(left, 72, 72, 72, 72 * 0.22);
  canvas.fill(primary);
  const initial = [...drawableText(o.icon.initial, fontsOf(700))][0];
  if (initial) {
    const w = drawText(undefined, initial, 0, 0, 43, 700);
    drawText(canvas, initial, left + 36 - w / 2, 72 + 72 * 0.7, 43, 700);
    canvas.fill([0xff, 0xff, 0xff]);
  }
  /** A line from `x`, or ending at `right` when it reads right to left. */
  const line = (text: string, x: number, baseline: number, size: number, weight: Weight) =>
    drawText(canvas, text, rtlParagraph(text) ? right - drawText(undefined, text, 0, 0, size, weight) : x, baseline, size, weight);
  for (const text of linesOf(o.siteTitle, 36, 600, right - 192, 1)) line(text, 192, 122, 36, 600);
  canvas.fill(fg);
  let y = 250;
  if (o.spaceTitle) {
    const space = linesOf(o.spaceTitle, 30, 600, right - left, 1);
    for (const text of space) line(text, left, y, 30, 600);
    canvas.fill(primary);
    if (space.length) y += 66;
  }
  const title = linesOf(o.pageTitle || 'Untitled', 64, 700, right - left, 3);
  for (const text of title) {
    line(text, left, y, 64, 700);
    y += 76;
  }
  canvas.fill(fg);
  if (o.description) {
    y += 14;
    for (const text of linesOf(o.description, 30, 400, right - left, Math.max(1, 3 - Math.max(0, title.length - 2)))) {
      line(text, left, y, 30, 400);
      y += 42;
    }
    canvas.fill(muted);
  }
  return encodePng(canvas.rgb, OG_WIDTH, OG_HEIGHT);
}

// The fonts PDF exports embed (export/pdf.ts): Inter (regular, bold, italic, bold italic) for text and Source Code Pro
// (regular, bold) for code, TTF files read unmodified from their npm packages (`@expo-google-fonts/inter`,
// `@expo-google-fonts/source-code-pro`, SIL Open Font License 1.1: THIRD-PARTY-NOTICES.md), read once per process.
// PDFKit embeds the subset of each font a document uses. Both cover Latin (with Vietnamese), Greek and Cyrillic;
// Chinese, Japanese and Korean are drawn with the system's fallback font when there is one (lib/fallback-font.ts:
// WenQuanYi Micro Hei from Debian's `fonts-wqy-microhei`, or `BINDERY_FALLBACK_FONT`), in text and code alike. What
// no font has (emoji, Arabic…) is rewritten as before (text.ts `drawableText`: transliterated or `?`).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Font } from 'fontkit';
import { fallbackFont, openFace } from '../lib/fallback-font.js';

/** The names the fonts are registered under in each document. */
export const PDF_FONTS = {
  sans: 'Sans', sansBold: 'Sans-Bold', sansItalic: 'Sans-Italic', sansBoldItalic: 'Sans-BoldItalic', mono: 'Mono', monoBold: 'Mono-Bold',
  /** The system's CJK font (one face: bold, italic and code runs of those characters are drawn with it too). */
  fallback: 'Fallback',
} as const;
export type PdfFont = (typeof PDF_FONTS)[keyof typeof PDF_FONTS];

interface LoadedFonts {
  files: Record<Exclude<PdfFont, 'Fallback'>, Buffer>;
  /** Whether the text fonts (Inter: its regular face stands for the four) and the code fonts have a code point. */
  sansHas: (cp: number) => boolean;
  monoHas: (cp: number) => boolean;
}

let loaded: LoadedFonts | undefined;

function fonts(): LoadedFonts {
  if (loaded) return loaded;
  const require = createRequire(import.meta.url);
  const inter = dirname(require.resolve('@expo-google-fonts/inter/package.json'));
  const mono = dirname(require.resolve('@expo-google-fonts/source-code-pro/package.json'));
  const file = (dir: string, face: string, name: string) => readFileSync(join(dir, face, `${name}_${face}.ttf`));
  const files: LoadedFonts['files'] = {
    [PDF_FONTS.sans]: file(inter, '400Regular', 'Inter'),
    [PDF_FONTS.sansBold]: file(inter, '700Bold', 'Inter'),
    [PDF_FONTS.sansItalic]: file(inter, '400Regular_Italic', 'Inter'),
    [PDF_FONTS.sansBoldItalic]: file(inter, '700Bold_Italic', 'Inter'),
    [PDF_FONTS.mono]: file(mono, '400Regular', 'SourceCodePro'),
    [PDF_FONTS.monoBold]: file(mono, '700Bold', 'SourceCodePro'),
  };
  loaded = { files, sansHas: coverage(openFace(files[PDF_FONTS.sans])), monoHas: coverage(openFace(files[PDF_FONTS.mono])) };
  return loaded;
}

function coverage(font: Font): (cp: number) => boolean {
  const known = new Map<number, boolean>();
  return (cp: number) => {
    let has = known.get(cp);
    if (has === undefined) known.set(cp, (has = font.hasGlyphForCodePoint(cp)));
    return has;
  };
}

let fallbackHas: { font: Font; has: (cp: number) => boolean } | undefined;

/** Whether the fallback font (if any) draws a code point the bundled text or code font lacks. */
function fallbackCoverage(): ((cp: number) => boolean) | undefined {
  const font = fallbackFont()?.font;
  if (!font) return undefined;
  if (fallbackHas?.font !== font) fallbackHas = { font, has: coverage(font) };
  return fallbackHas.has;
}

/** Registers the fonts in a PDFKit document (each embedded, as a subset, only if the document uses it). */
export function registerPdfFonts(doc: { registerFont(name: string, src: Buffer, family?: string): unknown }): void {
  for (const [name, data] of Object.entries(fonts().files)) doc.registerFont(name, data);
  const fallback = fallbackFont();
  if (fallback) doc.registerFont(PDF_FONTS.fallback, fallback.data, fallback.postscriptName);
}

/** Whether the text (or, with `code`, the code) font, or the fallback font unless `fallback` is false, draws a code point. */
export function pdfFontCoverage(code = false, fallback = true): (cp: number) => boolean {
  const f = fonts();
  const own = code ? f.monoHas : f.sansHas;
  const other = fallback ? fallbackCoverage() : undefined;
  return other ? (cp) => own(cp) || other(cp) : own;
}

/**
 * Which characters of a text the fallback font draws (those the text or code font lacks and it has): the text as
 * pieces, each to be drawn in the run's own font or in the fallback font. One piece when there is nothing to fall
 * back for (the common case: no allocation but the array).
 */
export function fallbackPieces(text: string, code = false): { text: string; fallback: boolean }[] {
  const other = fallbackCoverage();
  if (!other) return [{ text, fallback: false }];
  const f = fonts();
  const own = code ? f.monoHas : f.sansHas;
  const pieces: { text: string; fallback: boolean }[] = [];
  let start = 0;
  let current = false;
  let at = 0;
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    // A space (both fonts have one) stays in the piece it is in; what neither has too.
    const fallback: boolean = cp === 0x20 ? current : own(cp) ? false : other(cp) ? true : current;
    if (fallback !== current && at > start) {
      pieces.push({ text: text.slice(start, at), fallback: current });
      start = at;
    }
    current = fallback;
    at += ch.length;
  }
  if (at > start || pieces.length === 0) pieces.push({ text: text.slice(start), fallback: current });
  return pieces;
}

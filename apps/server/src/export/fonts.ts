// The fonts PDF exports embed (export/pdf.ts): Inter (regular, bold, italic, bold italic) for text and Source Code Pro
// (regular, bold) for code, TTF files read unmodified from their npm packages (`@expo-google-fonts/inter`,
// `@expo-google-fonts/source-code-pro`, SIL Open Font License 1.1: THIRD-PARTY-NOTICES.md), read once per process.
// PDFKit embeds the subset of each font a document uses. Both cover Latin (with Vietnamese), Greek and Cyrillic:
// what they lack (CJK, emoji, Arabic…) is rewritten as before (text.ts `drawableText`: transliterated or `?`).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import * as fontkit from 'fontkit';

/** The names the fonts are registered under in each document. */
export const PDF_FONTS = {
  sans: 'Sans', sansBold: 'Sans-Bold', sansItalic: 'Sans-Italic', sansBoldItalic: 'Sans-BoldItalic', mono: 'Mono', monoBold: 'Mono-Bold',
} as const;
export type PdfFont = (typeof PDF_FONTS)[keyof typeof PDF_FONTS];

interface LoadedFonts {
  files: Record<PdfFont, Buffer>;
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
  const files: Record<PdfFont, Buffer> = {
    [PDF_FONTS.sans]: file(inter, '400Regular', 'Inter'),
    [PDF_FONTS.sansBold]: file(inter, '700Bold', 'Inter'),
    [PDF_FONTS.sansItalic]: file(inter, '400Regular_Italic', 'Inter'),
    [PDF_FONTS.sansBoldItalic]: file(inter, '700Bold_Italic', 'Inter'),
    [PDF_FONTS.mono]: file(mono, '400Regular', 'SourceCodePro'),
    [PDF_FONTS.monoBold]: file(mono, '700Bold', 'SourceCodePro'),
  };
  const coverage = (font: fontkit.Font) => {
    const known = new Map<number, boolean>();
    return (cp: number) => {
      let has = known.get(cp);
      if (has === undefined) known.set(cp, (has = font.hasGlyphForCodePoint(cp)));
      return has;
    };
  };
  loaded = { files, sansHas: coverage(fontkit.create(files[PDF_FONTS.sans])), monoHas: coverage(fontkit.create(files[PDF_FONTS.mono])) };
  return loaded;
}

/** Registers the fonts in a PDFKit document (each embedded, as a subset, only if the document uses it). */
export function registerPdfFonts(doc: { registerFont(name: string, src: Buffer): unknown }): void {
  for (const [name, data] of Object.entries(fonts().files)) doc.registerFont(name, data);
}

/** Whether the text (or, with `code`, the code) font draws a code point. */
export function pdfFontCoverage(code = false): (cp: number) => boolean {
  const f = fonts();
  return code ? f.monoHas : f.sansHas;
}

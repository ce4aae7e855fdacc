// The part of fontkit (MIT, no types of its own) that site/og-png.ts and export/ use: parsing a TTF/WOFF2 font or a
// TrueType collection, its cmap, and
// shaping a run of text (GSUB/GPOS, right-to-left scripts in visual order) into glyphs with outlines.
declare module 'fontkit' {
  export interface PathCommand {
    command: 'moveTo' | 'lineTo' | 'quadraticCurveTo' | 'bezierCurveTo' | 'closePath';
    args: number[];
  }
  export interface Glyph {
    id: number;
    advanceWidth: number;
    path: { commands: PathCommand[] };
  }
  export interface GlyphPosition {
    xAdvance: number;
    yAdvance: number;
    xOffset: number;
    yOffset: number;
  }
  export interface GlyphRun {
    glyphs: Glyph[];
    positions: GlyphPosition[];
    advanceWidth: number;
    direction: 'ltr' | 'rtl';
  }
  export interface Font {
    unitsPerEm: number;
    ascent: number;
    descent: number;
    hasGlyphForCodePoint(codePoint: number): boolean;
    glyphForCodePoint(codePoint: number): Glyph;
    layout(text: string): GlyphRun;
  }
  export interface Font {
    postscriptName: string;
  }
  /** A TrueType collection (`.ttc`): its faces. */
  export interface FontCollection {
    type: 'TTC' | 'DFont';
    fonts: Font[];
  }
  /** A font file; a collection's face when `postscriptName` names one. */
  export function create(buffer: Uint8Array, postscriptName?: string): Font | FontCollection;
}

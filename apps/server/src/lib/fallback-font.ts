/// <reference path="../types/fontkit.d.ts" />
// The fallback font for the scripts the bundled fonts lack (Chinese, Japanese, Korean): PDF exports (export/fonts.ts)
// and social images (site/og-png.ts) draw those characters with it instead of `?` or nothing. It is a system font,
// not shipped (CJK fonts are 5–20 MB): `BINDERY_FALLBACK_FONT` names a TrueType/OpenType file or collection (`.ttc`;
// `path#PostScriptName` picks a face, else the first), `none` turns it off; unset, the first of the known Debian
// locations that exists is used — `fonts-wqy-microhei` (WenQuanYi Micro Hei: Chinese, Japanese kana, Korean Hangul;
// Apache-2.0), `fonts-noto-cjk`, `fonts-droid-fallback`. `scripts/bootstrap.sh` installs `fonts-wqy-microhei` with
// Chromium when it runs as root. Read once per thread (workers read the same environment).
import { readFileSync, statSync } from 'node:fs';
import { create, type Font } from 'fontkit';

export interface FallbackFont {
  /** The file's bytes (a collection's whole file) and the face's PostScript name, as PDFKit's `registerFont` takes them. */
  data: Buffer;
  postscriptName: string;
  font: Font;
  /** Names what is drawn with: part of a social image's entity tag (two servers with other fonts draw otherwise). */
  tag: string;
}

export const FALLBACK_FONT_CANDIDATES = [
  '/usr/share/fonts/truetype/wqy/wqy-microhei.ttc',
  '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc',
  '/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf',
];

/** A font file's face: the named one of a collection, else its first; a single font as it is. */
export function openFace(data: Uint8Array, postscriptName?: string): Font {
  const opened = create(data);
  if ('fonts' in opened) {
    const face = postscriptName ? opened.fonts.find((f) => f.postscriptName === postscriptName) : opened.fonts[0];
    if (!face) throw new Error(`the font collection has no face ${postscriptName ?? ''}`.trim());
    return face;
  }
  if (postscriptName && opened.postscriptName !== postscriptName) throw new Error(`the font is ${opened.postscriptName}, not ${postscriptName}`);
  return opened;
}

let chosen: FallbackFont | null | undefined;
let setting: string | undefined = process.env.BINDERY_FALLBACK_FONT;

function load(spec: string): FallbackFont | null {
  const hash = spec.lastIndexOf('#');
  const path = hash > 0 ? spec.slice(0, hash) : spec;
  const name = hash > 0 ? spec.slice(hash + 1) : undefined;
  try {
    const data = readFileSync(path);
    const font = openFace(data, name);
    return { data, postscriptName: font.postscriptName, font, tag: `${path}#${font.postscriptName}:${statSync(path).size}` };
  } catch {
    return null;
  }
}

/** The fallback font, or undefined when there is none (a named file that cannot be read or parsed counts as none). */
export function fallbackFont(): FallbackFont | undefined {
  if (chosen === undefined) {
    const spec = setting?.trim();
    if (spec === 'none' || spec === '') chosen = null;
    else if (spec) chosen = load(spec);
    else {
      chosen = null;
      for (const candidate of FALLBACK_FONT_CANDIDATES) if ((chosen = load(candidate))) break;
    }
  }
  return chosen ?? undefined;
}

/**
 * Sets what `BINDERY_FALLBACK_FONT` would (a path, `none`; undefined: the known locations) for this thread and drops
 * what was loaded — for tests that draw with and without it in one process.
 */
export function setFallbackFont(spec: string | undefined): void {
  setting = spec;
  chosen = undefined;
}

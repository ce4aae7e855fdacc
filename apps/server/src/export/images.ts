/**
 * Checks image bytes before they reach PDFKit.
 *
 * PDFKit embeds JPEG and PNG only. Most PNGs are copied as they are, but
 * those with an alpha channel, palette transparency or interlacing are
 * decoded asynchronously by png-js, which *throws inside a zlib callback*
 * when the data is corrupt: an uncaught exception that would take the
 * server down. So such PNGs are inflated here first (synchronously, inside
 * a try) and refused when that fails, when the chunks are malformed, or
 * when the image is too large to decode comfortably.
 */
import { inflateSync } from 'node:zlib';

export type ImageFormat = 'png' | 'jpeg';

/** Largest image (in pixels) that is embedded; bigger ones get the placeholder. */
export const MAX_IMAGE_PIXELS = 24_000_000;

export type ImageCheck = { ok: true; format: ImageFormat } | { ok: false; reason: string };

export function checkImage(data: Uint8Array): ImageCheck {
  const b = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  if (b.length >= 8 && b.readUInt32BE(0) === 0x89504e47 && b.readUInt32BE(4) === 0x0d0a1a0a) return checkPng(b);
  if (b.length >= 4 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return checkJpeg(b);
  return { ok: false, reason: `unsupported format (${sniff(b)})` };
}

function sniff(b: Buffer): string {
  const head = b.toString('latin1', 0, 64).trimStart().toLowerCase();
  if (head.startsWith('gif8')) return 'GIF';
  if (head.startsWith('riff') && b.toString('latin1', 8, 12) === 'WEBP') return 'WebP';
  if (head.startsWith('<svg') || head.startsWith('<?xml')) return 'SVG';
  return 'unknown';
}

function checkJpeg(b: Buffer): ImageCheck {
  // Walk the segments to a start-of-frame: PDFKit needs one to read the size and component count.
  let i = 2;
  while (i + 9 < b.length) {
    if (b[i] !== 0xff) return { ok: false, reason: 'malformed JPEG' };
    const marker = b[i + 1]!;
    if (marker === 0xff) {
      i++;
      continue;
    }
    const length = b.readUInt16BE(i + 2);
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      const height = b.readUInt16BE(i + 5);
      const width = b.readUInt16BE(i + 7);
      if (width === 0 || height === 0) return { ok: false, reason: 'JPEG without a size' };
      if (width * height > MAX_IMAGE_PIXELS) return { ok: false, reason: 'image too large' };
      return { ok: true, format: 'jpeg' };
    }
    if (length < 2) return { ok: false, reason: 'malformed JPEG' };
    i += 2 + length;
  }
  return { ok: false, reason: 'malformed JPEG' };
}

function checkPng(b: Buffer): ImageCheck {
  let pos = 8;
  let header: { width: number; height: number; bitDepth: number; colorType: number; interlace: number } | undefined;
  let hasTransparency = false;
  let hasPalette = false;
  const idat: Buffer[] = [];
  let ended = false;
  while (pos + 8 <= b.length) {
    const length = b.readUInt32BE(pos);
    const type = b.toString('latin1', pos + 4, pos + 8);
    const start = pos + 8;
    const end = start + length;
    if (end + 4 > b.length) return { ok: false, reason: 'truncated PNG' };
    const chunk = b.subarray(start, end);
    if (type === 'IHDR') {
      if (length < 13) return { ok: false, reason: 'malformed PNG header' };
      header = {
        width: chunk.readUInt32BE(0),
        height: chunk.readUInt32BE(4),
        bitDepth: chunk[8]!,
        colorType: chunk[9]!,
        interlace: chunk[12]!,
      };
    } else if (type === 'PLTE') hasPalette = true;
    else if (type === 'tRNS') hasTransparency = true;
    else if (type === 'IDAT') idat.push(chunk);
    else if (type === 'IEND') {
      ended = true;
      break;
    }
    pos = end + 4;
  }
  if (!header || idat.length === 0) return { ok: false, reason: 'malformed PNG' };
  const { width, height, bitDepth, colorType, interlace } = header;
  if (width === 0 || height === 0) return { ok: false, reason: 'PNG without a size' };
  if (width * height > MAX_IMAGE_PIXELS) return { ok: false, reason: 'image too large' };
  const channels = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 }[colorType];
  if (channels === undefined || ![1, 2, 4, 8, 16].includes(bitDepth)) return { ok: false, reason: 'unsupported PNG colour type' };
  if (colorType === 3 && !hasPalette) return { ok: false, reason: 'PNG palette missing' };
  const decodedByPdfkit = colorType === 4 || colorType === 6 || (colorType === 3 && hasTransparency) || interlace === 1;
  if (!decodedByPdfkit) return { ok: true, format: 'png' };
  if (!ended) return { ok: false, reason: 'truncated PNG' };
  const rowBytes = Math.ceil((width * channels * bitDepth) / 8);
  // Interlaced data is a little larger (a filter byte per row of each of the 7 passes); the bound stops zip bombs.
  const expected = interlace === 1 ? undefined : height * (rowBytes + 1);
  const bound = 2 * height * (rowBytes + 1) + 1024;
  try {
    const inflated = inflateSync(Buffer.concat(idat), { maxOutputLength: bound });
    if (expected !== undefined && inflated.length < expected) return { ok: false, reason: 'truncated PNG data' };
  } catch {
    return { ok: false, reason: 'corrupt PNG data' };
  }
  return { ok: true, format: 'png' };
}

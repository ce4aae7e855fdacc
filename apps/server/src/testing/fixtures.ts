// Small binary fixtures the tests generate themselves.
import { crc32, deflateSync, inflateSync } from 'node:zlib';

/** A PNG of the given size filled with one RGB color, written chunk by chunk (CRCs by zlib's crc32). */
export function png(width = 1, height = 1, rgb: [number, number, number] = [255, 0, 0]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([Buffer.from(type), data])) >>> 0);
    return Buffer.concat([len, Buffer.from(type), data, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => rgb).flat())]);
  const raw = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}

/**
 * An 8-bit RGB or RGBA PNG read back as a viewer does (signature, every chunk's CRC, IHDR, IDAT inflated, each row
 * unfiltered by its filter type 0-4): its size and RGB pixels. Throws on anything else.
 */
export function readPng(bytes: Buffer): { width: number; height: number; rgb: Uint8Array } {
  if (!bytes.subarray(0, 8).equals(Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]))) throw new Error('not a PNG signature');
  let at = 8;
  let ihdr: Buffer | undefined;
  const idat: Buffer[] = [];
  while (at < bytes.length) {
    const length = bytes.readUInt32BE(at);
    const type = bytes.subarray(at + 4, at + 8).toString('latin1');
    const data = bytes.subarray(at + 8, at + 8 + length);
    if ((crc32(bytes.subarray(at + 4, at + 8 + length)) >>> 0) !== bytes.readUInt32BE(at + 8 + length)) throw new Error(`bad CRC of ${type}`);
    if (type === 'IHDR') ihdr = data;
    if (type === 'IDAT') idat.push(data);
    at += 12 + length;
    if (type === 'IEND') break;
  }
  if (!ihdr || ihdr[8] !== 8 || (ihdr[9] !== 2 && ihdr[9] !== 6) || ihdr[12] !== 0) throw new Error('not an 8-bit RGB(A) non-interlaced PNG');
  const width = ihdr.readUInt32BE(0);
  const height = ihdr.readUInt32BE(4);
  const channels = ihdr[9] === 6 ? 4 : 3;
  const raw = inflateSync(Buffer.concat(idat));
  const row = width * channels;
  const px = new Uint8Array(row * height);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (row + 1)];
    for (let i = 0; i < row; i++) {
      const x = raw[y * (row + 1) + 1 + i]!;
      const a = i >= channels ? px[y * row + i - channels]! : 0;
      const b = y > 0 ? px[(y - 1) * row + i]! : 0;
      const c = y > 0 && i >= channels ? px[(y - 1) * row + i - channels]! : 0;
      const p = a + b - c;
      const paeth = Math.abs(p - a) <= Math.abs(p - b) && Math.abs(p - a) <= Math.abs(p - c) ? a : Math.abs(p - b) <= Math.abs(p - c) ? b : c;
      const predicted = filter === 0 ? 0 : filter === 1 ? a : filter === 2 ? b : filter === 3 ? (a + b) >> 1 : filter === 4 ? paeth : NaN;
      if (Number.isNaN(predicted)) throw new Error(`unknown filter ${filter}`);
      px[y * row + i] = (x + predicted) & 0xff;
    }
  }
  if (channels === 3) return { width, height, rgb: px };
  const rgb = new Uint8Array(width * height * 3);
  for (let i = 0, j = 0; i < px.length; i += 4, j += 3) rgb.set(px.subarray(i, i + 3), j);
  return { width, height, rgb };
}

/** The text of a PDF, page by page (pdfjs, with its standard fonts): what a reader of an exported PDF sees. */
export async function pdfText(pdf: Buffer): Promise<string> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const { createRequire } = await import('node:module');
  const { dirname, join } = await import('node:path');
  const standardFontDataUrl = join(dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts/');
  const doc = await getDocument({ data: new Uint8Array(pdf), standardFontDataUrl, verbosity: 0 }).promise;
  let text = '';
  for (let n = 1; n <= doc.numPages; n++) {
    const content = await (await doc.getPage(n)).getTextContent();
    text += content.items.map((i) => ('str' in i ? i.str : '')).join(' ') + '\n';
  }
  await doc.cleanup();
  return text;
}

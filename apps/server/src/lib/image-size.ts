// Dimensions of PNG, JPEG, GIF and WebP images read from their headers (no decoding, no dependency), and the
// content type of a few common formats from their first bytes.

export interface ImageInfo {
  type: 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp';
  width: number;
  height: number;
}

export function imageSize(b: Buffer): ImageInfo | undefined {
  // PNG: signature, then the IHDR chunk: width and height as big-endian 32-bit integers.
  if (b.length >= 24 && b.readUInt32BE(0) === 0x89504e47 && b.readUInt32BE(4) === 0x0d0a1a0a && b.toString('latin1', 12, 16) === 'IHDR') {
    return { type: 'image/png', width: b.readUInt32BE(16), height: b.readUInt32BE(20) };
  }
  // GIF: "GIF87a"/"GIF89a", then the logical screen size as little-endian 16-bit integers.
  if (b.length >= 10 && (b.toString('latin1', 0, 6) === 'GIF87a' || b.toString('latin1', 0, 6) === 'GIF89a')) {
    return { type: 'image/gif', width: b.readUInt16LE(6), height: b.readUInt16LE(8) };
  }
  if (b.length >= 4 && b[0] === 0xff && b[1] === 0xd8) return jpegSize(b);
  if (b.length >= 30 && b.toString('latin1', 0, 4) === 'RIFF' && b.toString('latin1', 8, 12) === 'WEBP') return webpSize(b);
  return undefined;
}

/** JPEG: walk the marker segments to the first start-of-frame (SOF0-SOF15 but DHT, JPG and DAC). */
function jpegSize(b: Buffer): ImageInfo | undefined {
  let i = 2;
  while (i + 9 < b.length) {
    if (b[i] !== 0xff) return undefined;
    const marker = b[i + 1]!;
    if (marker === 0xff) {
      i++;
      continue;
    }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      i += 2;
      continue;
    }
    const length = b.readUInt16BE(i + 2);
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { type: 'image/jpeg', height: b.readUInt16BE(i + 5), width: b.readUInt16BE(i + 7) };
    }
    if (length < 2) return undefined;
    i += 2 + length;
  }
  return undefined;
}

function webpSize(b: Buffer): ImageInfo | undefined {
  const chunk = b.toString('latin1', 12, 16);
  if (chunk === 'VP8 ' && b.length >= 30) {
    // Lossy: after the frame tag and start code 9d 01 2a, 14-bit width and height.
    if (b[23] !== 0x9d || b[24] !== 0x01 || b[25] !== 0x2a) return undefined;
    return { type: 'image/webp', width: b.readUInt16LE(26) & 0x3fff, height: b.readUInt16LE(28) & 0x3fff };
  }
  if (chunk === 'VP8L' && b.length >= 25) {
    // Lossless: signature 0x2f, then 14 bits of width-1 and 14 bits of height-1.
    if (b[20] !== 0x2f) return undefined;
    const bits = b.readUInt32LE(21);
    return { type: 'image/webp', width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 };
  }
  if (chunk === 'VP8X' && b.length >= 30) {
    // Extended: 24-bit canvas width-1 and height-1.
    return { type: 'image/webp', width: b.readUIntLE(24, 3) + 1, height: b.readUIntLE(27, 3) + 1 };
  }
  return undefined;
}

const BY_EXTENSION: Record<string, string> = {
  png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', gif: 'image/gif', webp: 'image/webp', svg: 'image/svg+xml',
  pdf: 'application/pdf', txt: 'text/plain', md: 'text/markdown', json: 'application/json', csv: 'text/csv',
  zip: 'application/zip', yaml: 'application/yaml', yml: 'application/yaml', html: 'text/html', mp4: 'video/mp4',
};

/** The content type of an upload: the image type found in its bytes, else the given one, else from the name. */
export function contentTypeOf(name: string, given: string | undefined, data: Buffer): string {
  const image = imageSize(data);
  if (image) return image.type;
  if (data.length >= 5 && data.toString('latin1', 0, 5) === '%PDF-') return 'application/pdf';
  const clean = given?.split(';')[0]?.trim().toLowerCase();
  if (clean && clean !== 'application/octet-stream' && /^[a-z0-9][a-z0-9!#$&^_.+-]*\/[a-z0-9][a-z0-9!#$&^_.+-]*$/.test(clean)) return clean;
  const ext = /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase();
  return (ext && BY_EXTENSION[ext]) || 'application/octet-stream';
}

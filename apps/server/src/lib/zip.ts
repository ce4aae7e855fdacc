// Reading untrusted ZIP archives (content imports: zip and docx) with hard limits, so that an archive cannot make the
// server inflate more than it allows: the central directory is read by hand (sizes, names, offsets), every entry is
// inflated by zlib with its output bounded by the size its directory declares (declared sizes are not trusted), and
// the archive is refused — ZipLimitError naming the limit — past a number of entries, a total or per-entry unpacked
// size, a compression ratio (for entries big enough to matter), a folder depth, or with a path that leaves the
// archive (`..`, absolute paths, drive letters). ZIP64 and encrypted archives are refused.
// Memory: the entries' bytes are inflated when read (ZipEntry.data), one entry at a time, each straight into a buffer
// of its checked size; the archive's own buffer is the only copy of the content that lives as long as the entries
// (reading the archive inflates each entry once to check it, and drops the output at once).
import { inflateRawSync } from 'node:zlib';

export interface ZipLimits {
  maxEntries: number;
  /** Total unpacked bytes of the entries read. */
  maxTotalBytes: number;
  maxEntryBytes: number;
  /** Unpacked / packed, checked for entries that unpack to more than `ratioFloorBytes`. */
  maxRatio: number;
  ratioFloorBytes: number;
  /** Folder levels of a path (`a/b/c.md` has 2). */
  maxDepth: number;
}

export const DEFAULT_ZIP_LIMITS: ZipLimits = {
  maxEntries: 10_000,
  maxTotalBytes: 256 * 1024 * 1024,
  maxEntryBytes: 100 * 1024 * 1024,
  maxRatio: 200,
  ratioFloorBytes: 1024 * 1024,
  maxDepth: 32,
};

export class ZipLimitError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ZipLimitError';
  }
}

/**
 * A file of an archive. Its bytes are inflated when `data` is read, each time (nothing is kept): a reader holds one
 * entry's bytes at a time, and those it keeps (the files of an import, until they are stored) — never the whole
 * archive unpacked. Reading cannot fail: every entry was inflated once (its output counted, then dropped) when the
 * archive was read.
 */
export class ZipEntry {
  constructor(
    readonly path: string,
    /** Unpacked bytes (checked against the inflated output). */
    readonly size: number,
    private readonly read: () => Buffer,
  ) {}

  get data(): Buffer {
    return this.read();
  }

  /** The same entry under another path. */
  at(path: string): ZipEntry {
    return new ZipEntry(path, this.size, this.read);
  }
}

interface CentralEntry {
  name: string;
  method: number;
  flags: number;
  packed: number;
  unpacked: number;
  offset: number;
}

function findEnd(buf: Buffer): number {
  const min = Math.max(0, buf.length - 22 - 0xffff);
  for (let i = buf.length - 22; i >= min; i--) if (buf.readUInt32LE(i) === 0x06054b50) return i;
  throw new ZipLimitError('is not a ZIP archive (no end of central directory)');
}

function centralDirectory(buf: Buffer, limits: ZipLimits): CentralEntry[] {
  const end = findEnd(buf);
  const count = buf.readUInt16LE(end + 10);
  const size = buf.readUInt32LE(end + 12);
  const start = buf.readUInt32LE(end + 16);
  if (count === 0xffff || size === 0xffffffff || start === 0xffffffff) throw new ZipLimitError('is a ZIP64 archive, which Bindery does not import');
  if (count > limits.maxEntries) throw new ZipLimitError(`has ${count} entries, more than the limit of ${limits.maxEntries} entries`);
  if (start + size > buf.length) throw new ZipLimitError('is a truncated ZIP archive');
  const entries: CentralEntry[] = [];
  let p = start;
  for (let i = 0; i < count; i++) {
    if (p + 46 > buf.length || buf.readUInt32LE(p) !== 0x02014b50) throw new ZipLimitError('is a damaged ZIP archive (central directory)');
    const flags = buf.readUInt16LE(p + 8);
    const method = buf.readUInt16LE(p + 10);
    const packed = buf.readUInt32LE(p + 20);
    const unpacked = buf.readUInt32LE(p + 24);
    const nameLen = buf.readUInt16LE(p + 28);
    const extraLen = buf.readUInt16LE(p + 30);
    const commentLen = buf.readUInt16LE(p + 32);
    const offset = buf.readUInt32LE(p + 42);
    if (packed === 0xffffffff || unpacked === 0xffffffff || offset === 0xffffffff) throw new ZipLimitError('is a ZIP64 archive, which Bindery does not import');
    const name = buf.subarray(p + 46, p + 46 + nameLen).toString('utf8');
    entries.push({ name, method, flags, packed, unpacked, offset });
    p += 46 + nameLen + extraLen + commentLen;
  }
  return entries;
}

/** The entry's path, checked: relative, inside the archive, not too deep. */
function checkedPath(name: string, limits: ZipLimits): string {
  const path = name.replace(/\\/g, '/');
  const parts = path.split('/');
  if (path.startsWith('/') || /^[a-z]:/i.test(path) || parts.includes('..') || path.includes('\0')) {
    throw new ZipLimitError(`has an entry whose path leaves the archive (${JSON.stringify(name.slice(0, 200))})`);
  }
  const segments = parts.filter((s) => s !== '' && s !== '.');
  if (segments.length - 1 > limits.maxDepth) throw new ZipLimitError(`has entries nested more than the limit of ${limits.maxDepth} folders deep`);
  return segments.join('/');
}

/**
 * Inflates `data` (raw deflate) by zlib, refusing output past `max` bytes: in one native call into one buffer of
 * `max` (+1) bytes, no chunks joined.
 */
function inflate(data: Buffer, max: number, name: string): Buffer {
  if (data.length === 0) return Buffer.alloc(0);
  try {
    const out = inflateRawSync(data, { maxOutputLength: Math.max(1, max), chunkSize: Math.max(64, max + 1) });
    if (out.length > max) throw new RangeError('over');
    return out;
  } catch (err) {
    if (err instanceof RangeError || (err as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') {
      throw new ZipLimitError(`has an entry (${name}) that unpacks to more than the ${max} bytes its directory declares`);
    }
    throw new ZipLimitError(`has a damaged entry (${name})`);
  }
}

/**
 * The files of an archive (folders and `__MACOSX/` entries left out), read within `limits`; `want` chooses which
 * entries are read (the others count against the entry limit only). Every entry is inflated here once, its output
 * measured and dropped, so that any limit or damage is found now; its bytes are inflated again when its `data` is read
 * (`buf` must not change meanwhile).
 */
export function readZip(buf: Buffer, limits: ZipLimits = DEFAULT_ZIP_LIMITS, want: (path: string) => boolean = () => true): ZipEntry[] {
  const out: ZipEntry[] = [];
  let total = 0;
  for (const e of centralDirectory(buf, limits)) {
    const path = checkedPath(e.name, limits);
    if (!path || e.name.endsWith('/') || path.startsWith('__MACOSX/') || !want(path)) continue;
    if (e.flags & 1) throw new ZipLimitError(`has an encrypted entry (${path})`);
    if (e.unpacked > limits.maxEntryBytes) throw new ZipLimitError(`has an entry (${path}) larger than the limit of ${limits.maxEntryBytes} bytes`);
    if (e.offset + 30 > buf.length || buf.readUInt32LE(e.offset) !== 0x04034b50) throw new ZipLimitError(`is a damaged ZIP archive (${path})`);
    const dataStart = e.offset + 30 + buf.readUInt16LE(e.offset + 26) + buf.readUInt16LE(e.offset + 28);
    if (dataStart + e.packed > buf.length) throw new ZipLimitError(`is a truncated ZIP archive (${path})`);
    const packed = buf.subarray(dataStart, dataStart + e.packed);
    if (total + e.unpacked > limits.maxTotalBytes) throw new ZipLimitError(`unpacks to more than the limit of ${limits.maxTotalBytes} bytes`);
    let size: number;
    if (e.method === 0) size = packed.length;
    else if (e.method === 8) size = inflate(packed, e.unpacked, path).length;
    else throw new ZipLimitError(`has an entry (${path}) compressed with method ${e.method}; only stored and deflated entries are read`);
    if (size !== e.unpacked) throw new ZipLimitError(`has an entry (${path}) whose size does not match the archive's directory`);
    if (size > limits.ratioFloorBytes && size / Math.max(packed.length, 1) > limits.maxRatio) {
      throw new ZipLimitError(`has an entry (${path}) compressed more than the limit ratio of ${limits.maxRatio}:1 (a zip bomb?)`);
    }
    total += size;
    // A copy (of a stored entry too): an entry's bytes never keep the whole archive alive, nor carry it along when
    // posted to a worker (structured clone copies a view's whole ArrayBuffer).
    const method = e.method;
    out.push(new ZipEntry(path, size, () => {
      return method === 0 ? Buffer.from(packed) : inflate(packed, size, path);
    }));
  }
  return out;
}

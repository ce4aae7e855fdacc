import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { DEFAULT_ZIP_LIMITS, readZip, ZipLimitError } from './zip.js';

const archive = (files: Record<string, string>) => Buffer.from(zipSync(Object.fromEntries(Object.entries(files).map(([k, v]) => [k, strToU8(v)]))));

describe('readZip', () => {
  it('reads stored and deflated entries, leaves folders and __MACOSX out', () => {
    const buf = Buffer.from(zipSync({ 'a/b.md': [strToU8('# B\n'.repeat(100)), { level: 9 }], 'c.txt': [strToU8('c'), { level: 0 }], '__MACOSX/x': strToU8('x') }));
    expect(readZip(buf).map((e) => [e.path, e.data.toString().length])).toEqual([['a/b.md', 400], ['c.txt', 1]]);
  });

  it('refuses more entries than the limit, more bytes than the total, and entries larger than declared', () => {
    const files = Object.fromEntries(Array.from({ length: 11 }, (_, i) => [`p${i}.md`, 'x'.repeat(100)]));
    expect(() => readZip(archive(files), { ...DEFAULT_ZIP_LIMITS, maxEntries: 10 })).toThrow(/11 entries, more than the limit of 10 entries/);
    expect(() => readZip(archive(files), { ...DEFAULT_ZIP_LIMITS, maxTotalBytes: 1000 })).toThrow(/more than the limit of 1000 bytes/);
    // An entry whose directory under-declares its size (a classic bomb trick) is stopped at the declared size.
    const buf = Buffer.from(zipSync({ 'big.md': [strToU8('y'.repeat(100_000)), { level: 9 }] }));
    const end = buf.lastIndexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    buf.writeUInt32LE(10, end + 24);
    expect(() => readZip(buf)).toThrow(ZipLimitError);
    expect(() => readZip(buf)).toThrow(/more than the 10 bytes its directory declares/);
  });

  it('checks every entry when the archive is read, inflates an entry anew at each read of its data', () => {
    const text = 'z'.repeat(50_000);
    const buf = Buffer.from(zipSync({ 'a.md': [strToU8(text), { level: 9 }], 'b.bin': [strToU8('stored'), { level: 0 }] }));
    const [a, b] = readZip(buf);
    expect([a!.path, a!.size, b!.path, b!.size]).toEqual(['a.md', 50_000, 'b.bin', 6]);
    const first = a!.data;
    expect(first.toString()).toBe(text);
    first.fill(0);
    expect(a!.data.toString()).toBe(text);
    // A stored entry's bytes are a copy: writing to them leaves the archive as it was.
    b!.data.fill(0);
    expect(b!.data.toString()).toBe('stored');
    expect(a!.at('x/a.md').path).toBe('x/a.md');
    // A damaged deflate stream (an invalid block type) is refused while reading the archive, not when read later.
    const damaged = Buffer.from(buf);
    damaged[30 + 'a.md'.length] = 0xff;
    expect(() => readZip(damaged)).toThrow(/has a damaged entry \(a\.md\)/);
  });
});

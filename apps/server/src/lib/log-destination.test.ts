// The log destination (patched sonic-boom) writes every line once, in order, whole, in chunks of at most maxWrite
// bytes — also when lines arrive while a write is in flight and when they hold multi-byte characters.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LOG_FLUSH_MS, LOG_MAX_WRITE, LOG_MIN_WRITE, logDestination } from './log-destination.js';

const dir = mkdtempSync(join(tmpdir(), 'bindery-log-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('logDestination', () => {
  it('keeps every byte of every line, in order, in chunks no larger than maxWrite', async () => {
    const file = join(dir, 'log.ndjson');
    const stream = logDestination(file);
    await new Promise((resolve) => stream.once('ready', resolve));
    const writes: number[] = [];
    stream.on('write', (n: number) => writes.push(n));
    const lines: string[] = [];
    const words = ['a', 'é', '見出し', '🚀', 'x'.repeat(300), 'Ü"\\'];
    for (let turn = 0; turn < 40; turn++) {
      for (let i = 0; i < 120; i++) {
        const line = `{"n":${turn * 1000 + i},"w":"${words[(turn + i) % words.length]!.repeat(1 + (i % 7))}"}\n`;
        lines.push(line);
        stream.write(line);
      }
      // Let some writes complete between bursts, so that lines are also appended while one is in flight.
      await new Promise((resolve) => setImmediate(resolve));
    }
    await new Promise<void>((resolve, reject) => {
      stream.once('close', () => resolve());
      stream.once('error', reject);
      stream.end();
    });
    const expected = lines.join('');
    expect(readFileSync(file, 'utf8')).toBe(expected);
    expect(writes.reduce((a, b) => a + b, 0)).toBe(Buffer.byteLength(expected));
    expect(writes.length).toBeGreaterThan(10);
    expect(Math.max(...writes)).toBeLessThanOrEqual(LOG_MAX_WRITE);
  });

  it('writes a few lines that gather less than a write within its flush period, and nothing when none came', async () => {
    const file = join(dir, 'quiet.ndjson');
    const stream = logDestination(file);
    await new Promise((resolve) => stream.once('ready', resolve));
    const writes: number[] = [];
    stream.on('write', (n: number) => writes.push(n));
    const lines = ['{"msg":"one"}\n', '{"msg":"two"}\n'];
    for (const line of lines) stream.write(line);
    expect(Buffer.byteLength(lines.join(''))).toBeLessThan(LOG_MIN_WRITE);
    // Written by the periodic flush, before the stream ends.
    // (The file may show the bytes before the write's callback has run: wait for both.)
    for (let waited = 0; (writes.length === 0 || readFileSync(file, 'utf8') !== lines.join('')) && waited < 20 * LOG_FLUSH_MS; waited += 50) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(readFileSync(file, 'utf8')).toBe(lines.join(''));
    // Nothing gathered: no more (empty) writes.
    const count = writes.length;
    await new Promise((resolve) => setTimeout(resolve, 3 * LOG_FLUSH_MS));
    expect(writes.length).toBe(count);
    await new Promise<void>((resolve) => {
      stream.once('close', () => resolve());
      stream.end();
    });
  });
});

import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SecretBox, secretBox } from './secret-box.js';

describe('SecretBox', () => {
  it('round-trips, uses a fresh nonce per value and refuses tampered or foreign values', () => {
    const box = new SecretBox(randomBytes(32));
    const a = box.seal('s3cret');
    const b = box.seal('s3cret');
    expect(a).not.toBe(b);
    expect(a).not.toContain('s3cret');
    expect(box.open(a)).toBe('s3cret');
    const parts = a.split('.');
    const flipped = Buffer.from(parts[3]!, 'base64url');
    flipped[0] = flipped[0]! ^ 1;
    expect(() => box.open([parts[0], parts[1], parts[2], flipped.toString('base64url')].join('.'))).toThrow();
    expect(() => new SecretBox(randomBytes(32)).open(a)).toThrow();
  });

  it('keeps a generated key in the data folder (0600), or uses the configured one', () => {
    const dir = mkdtempSync(join(tmpdir(), 'bindery-box-'));
    try {
      const sealed = secretBox({ dataDir: dir }).seal('x');
      expect(statSync(join(dir, 'secrets.key')).mode & 0o777).toBe(0o600);
      expect(readFileSync(join(dir, 'secrets.key'), 'utf8')).not.toContain('x\n');
      expect(secretBox({ dataDir: dir }).open(sealed)).toBe('x');
      const hex = randomBytes(32).toString('hex');
      expect(secretBox({ dataDir: dir, secretsKey: hex }).open(secretBox({ dataDir: '/nonexistent', secretsKey: hex }).seal('y'))).toBe('y');
      expect(() => secretBox({ dataDir: dir, secretsKey: 'short' })).toThrow(/32 bytes/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

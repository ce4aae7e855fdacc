import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { exportUrl, signExportUrl, verifyExportToken } from './signed-url.js';

const secret = new TextEncoder().encode('a-test-secret-of-reasonable-length');
const now = Date.UTC(2026, 10, 22, 12, 0, 0);
const exp = Math.floor(now / 1000) + 3600;

describe('export download tokens', () => {
  it('round-trips the payload, with and without a page', () => {
    const whole = signExportUrl(secret, { spaceId: 'sp1', changeRequestId: 'cr9', exp });
    expect(verifyExportToken(secret, whole, now)).toEqual({ ok: true, payload: { spaceId: 'sp1', changeRequestId: 'cr9', exp } });
    // No change request: the space's current content.
    const space = signExportUrl(secret, { spaceId: 'sp1', exp });
    expect(verifyExportToken(secret, space, now)).toEqual({ ok: true, payload: { spaceId: 'sp1', exp } });
    const page = signExportUrl(secret, { spaceId: 'sp1', changeRequestId: 'cr9', pageId: 'pg3', exp });
    expect(verifyExportToken(secret, page, new Date(now))).toEqual({
      ok: true,
      payload: { spaceId: 'sp1', changeRequestId: 'cr9', pageId: 'pg3', exp },
    });
    expect(page).not.toBe(whole);
  });

  it('is URL-safe, compact and deterministic', () => {
    const token = signExportUrl(secret, { spaceId: 'sp1', changeRequestId: 'cr9', pageId: 'pg3', exp });
    expect(token).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/);
    expect(token.length).toBeLessThan(120);
    expect(signExportUrl(secret, { spaceId: 'sp1', changeRequestId: 'cr9', pageId: 'pg3', exp })).toBe(token);
    expect(exportUrl('https://docs.example.com/', token)).toBe(`https://docs.example.com/v1/exports/pdf/${token}`);
  });

  it('accepts a token up to its expiry second and refuses it after', () => {
    const token = signExportUrl(secret, { spaceId: 'sp1', changeRequestId: 'cr9', exp });
    expect(verifyExportToken(secret, token, exp * 1000 + 999).ok).toBe(true);
    expect(verifyExportToken(secret, token, (exp + 1) * 1000)).toEqual({ ok: false, reason: 'expired' });
  });

  it('refuses tampered payloads and signatures', () => {
    const token = signExportUrl(secret, { spaceId: 'sp1', changeRequestId: 'cr9', exp });
    const [payload, signature] = token.split('.') as [string, string];

    // Another change request, same signature.
    const forged = Buffer.from(JSON.stringify(['sp1', 'cr10', null, exp])).toString('base64url');
    expect(verifyExportToken(secret, `${forged}.${signature}`, now)).toEqual({ ok: false, reason: 'signature' });
    // A later expiry, same signature.
    const extended = Buffer.from(JSON.stringify(['sp1', 'cr9', null, exp + 86_400])).toString('base64url');
    expect(verifyExportToken(secret, `${extended}.${signature}`, now)).toEqual({ ok: false, reason: 'signature' });
    // Every single-character change of the signature.
    for (let i = 0; i < signature.length; i++) {
      const c = signature[i] === 'A' ? 'B' : 'A';
      const flipped = signature.slice(0, i) + c + signature.slice(i + 1);
      expect(verifyExportToken(secret, `${payload}.${flipped}`, now).ok).toBe(false);
    }
    // Truncated or extended signature.
    expect(verifyExportToken(secret, `${payload}.${signature.slice(0, -1)}`, now)).toEqual({ ok: false, reason: 'signature' });
    expect(verifyExportToken(secret, `${payload}.${signature}A`, now)).toEqual({ ok: false, reason: 'signature' });
    // Another secret.
    expect(verifyExportToken(new TextEncoder().encode('another-secret'), token, now)).toEqual({ ok: false, reason: 'signature' });
  });

  it('refuses malformed tokens', () => {
    for (const bad of ['', '.', 'abc', 'a.b.c', 'a b.c', 'x'.repeat(5000), 'eyJ=.abc', '%%%.abc']) {
      const result = verifyExportToken(secret, bad, now);
      expect(result.ok).toBe(false);
      expect(['malformed', 'signature']).toContain(result.ok ? '' : result.reason);
    }
    // Correctly signed but not a payload this module writes: malformed, not accepted.
    const key = createHmac('sha256', secret).update('bindery:export-url-key').digest();
    const sign = (value: unknown): string => {
      const encoded = Buffer.from(JSON.stringify(value)).toString('base64url');
      return `${encoded}.${createHmac('sha256', key).update(`bindery.export.pdf.v1.${encoded}`).digest('base64url')}`;
    };
    expect(verifyExportToken(secret, sign(['sp1', 'cr9', null, exp]), now).ok).toBe(true); // the helper is right
    for (const value of [{ spaceId: 'sp1' }, ['sp1', 'cr9', null], ['', 'cr9', null, exp], ['sp1', 'cr9', 5, exp], ['sp1', 'cr9', null, '9'], ['sp1', '', null, exp], ['sp1', 7, null, exp]]) {
      expect(verifyExportToken(secret, sign(value), now)).toEqual({ ok: false, reason: 'malformed' });
    }
  });

  it('uses a key derived from the secret, not the secret itself (no confusion with JWTs)', () => {
    const token = signExportUrl(secret, { spaceId: 'sp1', changeRequestId: 'cr9', exp });
    const [payload, signature] = token.split('.') as [string, string];
    const raw = createHmac('sha256', secret).update(`bindery.export.pdf.v1.${payload}`).digest('base64url');
    expect(raw).not.toBe(signature);
  });

  it('refuses to sign incomplete payloads or with an empty secret', () => {
    expect(() => signExportUrl(secret, { spaceId: '', changeRequestId: 'cr9', exp })).toThrow();
    expect(() => signExportUrl(secret, { spaceId: 'sp1', changeRequestId: 'cr9', exp: 1.5 })).toThrow();
    expect(() => signExportUrl(new Uint8Array(), { spaceId: 'sp1', changeRequestId: 'cr9', exp })).toThrow();
  });
});

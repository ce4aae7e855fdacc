import { createRequire } from 'node:module';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { codePointLength, useCodePointLengthInAjv } from './code-point-length.js';

// The ajv that express-openapi-validator loads, and its own count (taken before anything replaces it).
const validators = createRequire(createRequire(import.meta.url).resolve('express-openapi-validator'));
const runtime = validators('ajv/dist/runtime/ucs2length') as { default: (s: string) => number };
const ajvCount = runtime.default;
const Ajv = validators('ajv').default as new (opts: object) => { compile(schema: object): (data: unknown) => boolean };

// Units that make every case of the count: ASCII, a two-byte letter, both halves of a pair, and lone halves.
const UNITS = ['a', 'é', '\uD83D', '\uDE80', '\uD800', '\uDC00', '\uDBFF', '\uDFFF', '🚀', '見'];

describe('codePointLength', () => {
  it('counts as ajv counts, lone surrogates and pairs alike', () => {
    for (const s of ['', 'abc', '🚀', '🚀🚀a', '\uD800', '\uDC00\uD800', '\uD800\uD800\uDC00', 'a\uDBFF\uDFFF\uDFFF', 'x'.repeat(5000) + '—']) {
      expect(codePointLength(s), JSON.stringify(s)).toBe(ajvCount(s));
    }
    fc.assert(fc.property(fc.array(fc.constantFrom(...UNITS), { maxLength: 60 }), (units) => {
      const s = units.join('');
      expect(codePointLength(s)).toBe(ajvCount(s));
    }), { numRuns: 2000 });
  });

  it('is what the request validator counts `maxLength` with once installed', () => {
    useCodePointLengthInAjv();
    expect(runtime.default).toBe(codePointLength);
    const valid = new Ajv({ strict: false }).compile({ type: 'string', maxLength: 2, minLength: 2 });
    expect(valid('🚀🚀')).toBe(true);
    expect(valid('🚀🚀a')).toBe(false);
    expect(valid('\uD83D')).toBe(false);
    expect(valid('\uD83D\uD83D')).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import { buildModel } from './model.js';
import { schemaLines, typeLabel } from './render.js';

describe('type labels', () => {
  it('name a named schema without looking inside it, and inline alternatives inside alternatives at most two each', () => {
    // Inline oneOf eight wide, nested four deep: 8^4 types if every level named all of them.
    const nest = (depth: number): unknown => (depth === 0 ? { type: 'string' } : { oneOf: Array.from({ length: 8 }, () => nest(depth - 1)) });
    const model = buildModel({ openapi: '3.1.0', info: { title: 'x', version: '1' }, paths: {}, components: { schemas: { Deep: nest(4) as object, Wide: { type: 'object', properties: Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`p${i}`, nest(4)])) } } } });
    expect(typeLabel(model, { $ref: '#/components/schemas/Deep' })).toBe('Deep');
    const label = typeLabel(model, nest(4));
    expect(label.startsWith('one of one of one of')).toBe(true);
    expect(label.split('string').length - 1).toBeLessThanOrEqual(8 * 2 * 2 * 2);
    const lines = schemaLines(model, { $ref: '#/components/schemas/Wide' });
    expect(lines.join('\n').length).toBeLessThan(2_000_000);
  });
});

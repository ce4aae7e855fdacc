import { describe, expect, it } from 'vitest';
import { toApiError } from './errors.js';

describe('toApiError', () => {
  it("answers PostgreSQL's refusal of a NUL character as 400 (the request's fault), anything unknown as a logged 500", () => {
    const logged: unknown[] = [];
    const logger = { error: (obj: object) => logged.push(obj) };
    for (const code of ['22021', '22P05']) {
      const e = toApiError(Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), { code }), logger);
      expect([e.status, e.message]).toEqual([400, expect.stringContaining('NUL')]);
    }
    expect(logged).toEqual([]);
    expect(toApiError(Object.assign(new Error('boom'), { code: '42P01' }), logger).status).toBe(500);
    expect(logged).toHaveLength(1);
  });
});

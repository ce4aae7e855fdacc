import { describe, expect, it } from 'vitest';
import { evaluateCondition } from './conditions.js';

const ctx = { visitor: { claims: { beta: true, plan: 'pro', seats: 5, unsigned: { developer: true } } } };

describe('adaptive conditions', () => {
  it('evaluates comparisons, member access, boolean operators and parentheses', () => {
    expect(evaluateCondition('visitor.claims.beta === true', ctx)).toBe(true);
    expect(evaluateCondition('visitor.claims.plan == "pro" && visitor.claims.seats >= 5', ctx)).toBe(true);
    expect(evaluateCondition("visitor.claims['plan'] !== 'free'", ctx)).toBe(true);
    expect(evaluateCondition('!(visitor.claims.beta) || visitor.claims.unsigned.developer', ctx)).toBe(true);
    expect(evaluateCondition('visitor.claims.missing === true', ctx)).toBe(false);
    expect(evaluateCondition('visitor.claims.seats < "9"', ctx)).toBe(false);
  });
  it('counts anything it cannot parse, and anything unsafe, as false', () => {
    for (const bad of ['visitor.claims.beta ===', 'constructor.constructor("return 1")()', 'visitor.__proto__ !== null && visitor.__proto__ !== undefined', 'a; b', '`x`', 'x'.repeat(2000), '('.repeat(300)]) {
      expect(evaluateCondition(bad, ctx)).toBe(false);
    }
    expect(evaluateCondition('visitor.claims.toString', ctx)).toBe(false);
  });
});

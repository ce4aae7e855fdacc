import { describe, expect, it } from 'vitest';
import { applyConditionals, evaluateCondition } from './conditions.js';

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

describe('{% if %} blocks', () => {
  const md = 'A\n{% if visitor.claims.beta %}\nB\n{% if visitor.claims.plan == "pro" %}\nC\n{% else %}\nD\n{% endif %}\n{% elif visitor.claims.seats > 1 %}\nE\n{% else %}\nF\n{% endif %}\n```\n{% if false %}\nkept in code\n{% endif %}\n```\nG';
  it('keeps only the branch whose condition holds, nested, and leaves code fences alone', () => {
    expect(applyConditionals(md, ctx)).toBe('A\nB\nC\n```\n{% if false %}\nkept in code\n{% endif %}\n```\nG');
    expect(applyConditionals(md, { visitor: { claims: { seats: 2 } } })).toBe('A\nE\n```\n{% if false %}\nkept in code\n{% endif %}\n```\nG');
    expect(applyConditionals(md, {})).toContain('A\nF\n');
  });

  it('takes one step per line however deep the blocks nest (the test timeout stands for the linear bound)', () => {
    // 50,000 unclosed blocks, then as many lines: looking through the open blocks on each line took minutes.
    const n = 50_000;
    const open = `${'{% if visitor.claims.beta %}\n'.repeat(n)}${'shown\n'.repeat(n)}{% else %}\nnot shown\n`;
    const out = applyConditionals(open, ctx);
    expect(out.split('\n').filter((l) => l === 'shown')).toHaveLength(n);
    expect(out).not.toContain('not shown');
    const closedOne = applyConditionals(`{% if visitor.claims.beta %}\n{% if false %}\nhidden\n{% endif %}\nafter\n{% endif %}\nend`, ctx);
    expect(closedOne).toBe('after\nend');
  });
});

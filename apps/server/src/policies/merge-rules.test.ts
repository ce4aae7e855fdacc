import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  documentHasContent, evaluateMergeRules, latestReviews, resolveMergeRules,
  type MergeContext, type MergeReview, type MergeRule, type MergeRulesConfig,
} from './merge-rules.js';

const REV = 'rev2';
const OLD = 'rev1';
const DESCRIPTION = { object: 'document', data: { schemaVersion: 1 }, nodes: [{ object: 'block', type: 'paragraph', nodes: [{ object: 'text', leaves: [{ object: 'leaf', text: 'Why', marks: [] }] }] }] };

let t = 0;
const review = (reviewerId: string, status: MergeReview['status'], revisionId = REV): MergeReview => ({
  reviewerId, status, revisionId, createdAt: new Date(Date.UTC(2026, 0, 1) + t++ * 1000).toISOString(),
});

function ctx(over: Partial<MergeContext> & { cr?: Partial<MergeContext['changeRequest']> } = {}): MergeContext {
  return {
    changeRequest: { createdBy: 'author', subject: 'Fix typos', description: DESCRIPTION, revisionId: REV, ...over.cr },
    reviews: over.reviews ?? [],
    actor: over.actor ?? { userId: 'merger' },
    upToDate: over.upToDate ?? true,
  };
}

const rules = (...r: MergeRule[]): MergeRulesConfig => ({ type: 'rules', rules: r });
const unmetNames = (config: MergeRulesConfig, c: MergeContext) => evaluateMergeRules(config, c).map((u) => u.rule);

describe('resolveMergeRules', () => {
  it('uses the space rules unless they inherit; the organization cannot inherit further', () => {
    const org = rules({ rule: 'require_at_least_one_review' });
    expect(resolveMergeRules({ type: 'none' }, org)).toEqual({ type: 'none' });
    expect(resolveMergeRules(rules({ rule: 'require_change_request_subject' }), org)).toEqual(rules({ rule: 'require_change_request_subject' }));
    expect(resolveMergeRules({ type: 'inherit' }, org)).toEqual(org);
    expect(resolveMergeRules({ type: 'inherit' }, { type: 'inherit' })).toEqual({ type: 'none' });
    expect(resolveMergeRules({ type: 'inherit' }, undefined)).toEqual({ type: 'none' });
  });
});

describe('evaluateMergeRules, rule by rule', () => {
  it('none and an empty rule list never block', () => {
    expect(evaluateMergeRules({ type: 'none' }, ctx({ upToDate: false, cr: { subject: '' } }))).toEqual([]);
    expect(evaluateMergeRules({ type: 'inherit' }, ctx())).toEqual([]);
    expect(evaluateMergeRules(rules(), ctx({ upToDate: false }))).toEqual([]);
  });

  it('require_specific_reviewers: each listed user (but the author) approved the current revision', () => {
    const cfg = rules({ rule: 'require_specific_reviewers', users: ['a', 'b', 'author'] });
    expect(evaluateMergeRules(cfg, ctx())[0]).toMatchObject({ rule: 'require_specific_reviewers', users: ['a', 'b'] });
    expect(evaluateMergeRules(cfg, ctx({ reviews: [review('a', 'approved')] }))[0]).toMatchObject({ users: ['b'] });
    expect(unmetNames(cfg, ctx({ reviews: [review('a', 'approved'), review('b', 'approved')] }))).toEqual([]);
    // outdated approval, or a later change request, does not count
    expect(unmetNames(cfg, ctx({ reviews: [review('a', 'approved'), review('b', 'approved', OLD)] }))).toEqual(['require_specific_reviewers']);
    expect(unmetNames(cfg, ctx({ reviews: [review('a', 'approved'), review('b', 'approved'), review('b', 'changes-requested')] }))).toEqual(['require_specific_reviewers']);
    // a new approval after changes were requested counts
    expect(unmetNames(cfg, ctx({ reviews: [review('a', 'approved'), review('b', 'changes-requested'), review('b', 'approved')] }))).toEqual([]);
    expect(unmetNames(rules({ rule: 'require_specific_reviewers', users: [] }), ctx())).toEqual([]);
  });

  it('require_one_of_specific_reviewers: one listed user approved the current revision', () => {
    const cfg = rules({ rule: 'require_one_of_specific_reviewers', users: ['a', 'b'] });
    expect(evaluateMergeRules(cfg, ctx())[0]).toMatchObject({ rule: 'require_one_of_specific_reviewers', users: ['a', 'b'] });
    expect(unmetNames(cfg, ctx({ reviews: [review('c', 'approved')] }))).toEqual(['require_one_of_specific_reviewers']);
    expect(unmetNames(cfg, ctx({ reviews: [review('a', 'approved', OLD)] }))).toEqual(['require_one_of_specific_reviewers']);
    expect(unmetNames(cfg, ctx({ reviews: [review('b', 'approved')] }))).toEqual([]);
    expect(unmetNames(cfg, ctx({ reviews: [review('a', 'changes-requested'), review('b', 'approved')] }))).toEqual([]);
    // only the author listed: nobody could ever satisfy it, so it does not block
    expect(unmetNames(rules({ rule: 'require_one_of_specific_reviewers', users: ['author'] }), ctx())).toEqual([]);
  });

  it('allow_bypass: the listed users merge whatever the other rules say; nobody else does', () => {
    const cfg = rules(
      { rule: 'require_at_least_one_approved_review' }, { rule: 'require_up_to_date_change_request' },
      { rule: 'allow_bypass', users: ['boss'] }, { rule: 'require_author_to_merge' },
    );
    expect(evaluateMergeRules(cfg, ctx({ actor: { userId: 'boss' }, upToDate: false }))).toEqual([]);
    expect(unmetNames(cfg, ctx({ actor: { userId: 'admin' }, upToDate: false }))).toEqual([
      'require_at_least_one_approved_review', 'require_up_to_date_change_request', 'require_author_to_merge',
    ]);
    expect(unmetNames(rules({ rule: 'allow_bypass', users: [] }), ctx())).toEqual([]);
  });

  it('require_at_least_one_review: a review (either status) of the current revision', () => {
    const cfg = rules({ rule: 'require_at_least_one_review' });
    expect(unmetNames(cfg, ctx())).toEqual(['require_at_least_one_review']);
    expect(unmetNames(cfg, ctx({ reviews: [review('a', 'approved', OLD)] }))).toEqual(['require_at_least_one_review']);
    expect(unmetNames(cfg, ctx({ reviews: [review('a', 'changes-requested')] }))).toEqual([]);
    expect(unmetNames(cfg, ctx({ reviews: [review('a', 'approved')] }))).toEqual([]);
  });

  it('require_at_least_one_approved_review: an approval of the current revision', () => {
    const cfg = rules({ rule: 'require_at_least_one_approved_review' });
    expect(unmetNames(cfg, ctx({ reviews: [review('a', 'changes-requested')] }))).toEqual(['require_at_least_one_approved_review']);
    expect(unmetNames(cfg, ctx({ reviews: [review('a', 'approved', OLD)] }))).toEqual(['require_at_least_one_approved_review']);
    expect(unmetNames(cfg, ctx({ reviews: [review('a', 'approved'), review('a', 'changes-requested')] }))).toEqual(['require_at_least_one_approved_review']);
    expect(unmetNames(cfg, ctx({ reviews: [review('a', 'changes-requested'), review('b', 'approved')] }))).toEqual([]);
  });

  it("require_all_reviews_approved: every reviewer's latest review approves the current revision", () => {
    const cfg = rules({ rule: 'require_all_reviews_approved' });
    expect(unmetNames(cfg, ctx())).toEqual([]); // no reviews: nothing disapproves (pair it with an "at least one" rule)
    expect(unmetNames(cfg, ctx({ reviews: [review('a', 'approved'), review('b', 'approved')] }))).toEqual([]);
    expect(evaluateMergeRules(cfg, ctx({ reviews: [review('a', 'approved'), review('b', 'changes-requested')] }))[0]).toMatchObject({ users: ['b'] });
    expect(evaluateMergeRules(cfg, ctx({ reviews: [review('a', 'approved', OLD), review('b', 'approved')] }))[0]).toMatchObject({ users: ['a'] });
    expect(unmetNames(cfg, ctx({ reviews: [review('b', 'changes-requested'), review('b', 'approved')] }))).toEqual([]);
  });

  it('require_up_to_date_change_request', () => {
    const cfg = rules({ rule: 'require_up_to_date_change_request' });
    expect(unmetNames(cfg, ctx({ upToDate: false }))).toEqual(['require_up_to_date_change_request']);
    expect(unmetNames(cfg, ctx({ upToDate: true }))).toEqual([]);
  });

  it('require_change_request_subject: a non-blank subject', () => {
    const cfg = rules({ rule: 'require_change_request_subject' });
    expect(unmetNames(cfg, ctx({ cr: { subject: '' } }))).toEqual(['require_change_request_subject']);
    expect(unmetNames(cfg, ctx({ cr: { subject: '  \t' } }))).toEqual(['require_change_request_subject']);
    expect(unmetNames(cfg, ctx({ cr: { subject: 'x' } }))).toEqual([]);
  });

  it('require_change_request_description: a description with content', () => {
    const cfg = rules({ rule: 'require_change_request_description' });
    expect(unmetNames(cfg, ctx({ cr: { description: null } }))).toEqual(['require_change_request_description']);
    expect(unmetNames(cfg, ctx({ cr: { description: { object: 'document', nodes: [] } } }))).toEqual(['require_change_request_description']);
    const blank = { object: 'document', nodes: [{ object: 'block', type: 'paragraph', nodes: [{ object: 'text', leaves: [{ object: 'leaf', text: ' ' }] }] }] };
    expect(unmetNames(cfg, ctx({ cr: { description: blank } }))).toEqual(['require_change_request_description']);
    expect(unmetNames(cfg, ctx({ cr: { description: DESCRIPTION } }))).toEqual([]);
    const image = { object: 'document', nodes: [{ object: 'block', type: 'images', isVoid: true, nodes: [] }] };
    expect(unmetNames(cfg, ctx({ cr: { description: image } }))).toEqual([]);
  });

  it('require_author_to_merge', () => {
    const cfg = rules({ rule: 'require_author_to_merge' });
    expect(unmetNames(cfg, ctx({ actor: { userId: 'other' } }))).toEqual(['require_author_to_merge']);
    expect(unmetNames(cfg, ctx({ actor: { userId: 'author' } }))).toEqual([]);
  });

  it('an unknown rule blocks instead of being skipped', () => {
    const cfg = { type: 'rules', rules: [{ rule: 'require_agent_review' }] } as unknown as MergeRulesConfig;
    expect(evaluateMergeRules(cfg, ctx())[0]).toMatchObject({ rule: 'require_agent_review' });
  });

  it('every unmet rule is reported, in the order of the configuration, with a message', () => {
    const cfg = rules(
      { rule: 'require_change_request_description' }, { rule: 'require_at_least_one_review' },
      { rule: 'require_change_request_subject' }, { rule: 'require_up_to_date_change_request' },
    );
    const unmet = evaluateMergeRules(cfg, ctx({ upToDate: false, cr: { subject: '', description: null } }));
    expect(unmet.map((u) => u.rule)).toEqual(['require_change_request_description', 'require_at_least_one_review', 'require_change_request_subject', 'require_up_to_date_change_request']);
    for (const u of unmet) expect(u.message.length).toBeGreaterThan(5);
  });
});

describe('evaluateMergeRules, properties', () => {
  const users = ['author', 'a', 'b', 'c', 'boss'];
  const user = fc.constantFrom(...users);
  const reviewArb = fc.record({
    reviewerId: user,
    status: fc.constantFrom<MergeReview['status']>('approved', 'changes-requested'),
    revisionId: fc.constantFrom(OLD, REV),
    createdAt: fc.integer({ min: 0, max: 50 }).map((s) => new Date(Date.UTC(2026, 0, 1) + s * 1000).toISOString()),
  });
  const ruleArb: fc.Arbitrary<MergeRule> = fc.oneof(
    fc.record({ rule: fc.constantFrom('require_specific_reviewers', 'require_one_of_specific_reviewers', 'allow_bypass' as const), users: fc.subarray(users) }) as fc.Arbitrary<MergeRule>,
    fc.record({
      rule: fc.constantFrom(
        'require_at_least_one_review', 'require_at_least_one_approved_review', 'require_all_reviews_approved',
        'require_up_to_date_change_request', 'require_change_request_subject', 'require_change_request_description', 'require_author_to_merge',
      ),
    }) as fc.Arbitrary<MergeRule>,
  );
  const ctxArb = fc.record({
    reviews: fc.array(reviewArb, { maxLength: 8 }),
    actor: user.map((userId) => ({ userId })),
    upToDate: fc.boolean(),
    subject: fc.constantFrom('', ' ', 'Subject'),
    description: fc.constantFrom(null, DESCRIPTION),
  }).map((c) => ctx({ reviews: c.reviews, actor: c.actor, upToDate: c.upToDate, cr: { subject: c.subject, description: c.description } }));
  const rulesArb = fc.array(ruleArb, { maxLength: 6 });

  it('without a bypass for the actor, the unmet rules are exactly those unmet on their own', () => {
    fc.assert(fc.property(rulesArb, ctxArb, (list, c) => {
      const bypassed = list.some((r) => r.rule === 'allow_bypass' && r.users.includes(c.actor.userId));
      const all = evaluateMergeRules(rules(...list), c);
      if (bypassed) return all.length === 0;
      const oneByOne = list.flatMap((r) => evaluateMergeRules(rules(r), c));
      expect(all).toEqual(oneByOne);
      return true;
    }));
  });

  it('adding a current approval (as a reviewer\'s newest review) never adds an unmet rule', () => {
    fc.assert(fc.property(rulesArb, ctxArb, fc.constantFrom('a', 'b', 'c', 'boss'), (list, c, reviewer) => {
      const before = new Set(unmetNames(rules(...list), c));
      const later = new Date(Date.UTC(2027, 0, 1)).toISOString();
      const after = unmetNames(rules(...list), { ...c, reviews: [...c.reviews, { reviewerId: reviewer, status: 'approved', revisionId: REV, createdAt: later }] });
      return after.every((r) => before.has(r));
    }));
  });

  it("the author's own reviews never change the outcome", () => {
    fc.assert(fc.property(rulesArb, ctxArb, fc.array(reviewArb.map((r) => ({ ...r, reviewerId: 'author' })), { maxLength: 3 }), (list, c, own) => {
      expect(evaluateMergeRules(rules(...list), { ...c, reviews: [...c.reviews, ...own] })).toEqual(evaluateMergeRules(rules(...list), c));
      return true;
    }));
  });

  it('the order of the reviews given does not matter (the latest one per reviewer counts)', () => {
    fc.assert(fc.property(rulesArb, ctxArb, (list, c) => {
      // distinct timestamps, so "latest" is well defined whatever the order
      const reviews = c.reviews.map((r, i) => ({ ...r, createdAt: new Date(Date.UTC(2026, 0, 1) + i * 1000).toISOString() }));
      const reversed = [...reviews].reverse();
      expect(evaluateMergeRules(rules(...list), { ...c, reviews: reversed })).toEqual(evaluateMergeRules(rules(...list), { ...c, reviews }));
      return true;
    }));
  });
});

describe('helpers', () => {
  it('latestReviews keeps the newest review of each reviewer', () => {
    const a1 = review('a', 'approved');
    const b1 = review('b', 'approved');
    const a2 = review('a', 'changes-requested');
    expect([...latestReviews([a1, b1, a2]).values()]).toEqual([a2, b1]);
  });

  it('documentHasContent', () => {
    expect(documentHasContent(undefined)).toBe(false);
    expect(documentHasContent('text')).toBe(false);
    expect(documentHasContent(DESCRIPTION)).toBe(true);
  });
});

// Merge rules (GitBook's `mergeRules`): which conditions a change request must meet before it can be merged.
// Pure: `evaluateMergeRules` sees the rules, the change request, its reviews, who is merging, and whether the change
// request is up to date with the main content, and answers the rules that are not met (empty: it may be merged).
// Semantics (docs/change-requests.md):
// - Only each reviewer's latest review counts. An approval counts only while it is *current* (made on the change
//   request's current revision); a later edit makes it outdated.
// - `allow_bypass` lets the listed users merge whatever the other rules say; nothing else bypasses (not even the
//   space's admins).
// - The author of a change request cannot review it, so a `require_specific_reviewers` /
//   `require_one_of_specific_reviewers` list is read without them.
import type { components } from '@bindery/api-types';

/** Rules as stored and set (GitBook's `none` included; presenters answer the seed's form). */
export type MergeRulesConfig = components['schemas']['MergeRulesInput'];
export type MergeRule = components['schemas']['MergeRule'];
export type MergeRuleName = MergeRule['rule'];

export interface MergeReview {
  reviewerId: string;
  status: 'approved' | 'changes-requested';
  /** The change request revision that was reviewed. */
  revisionId: string;
  createdAt: string;
}

export interface MergeContext {
  changeRequest: {
    createdBy: string;
    subject: string;
    /** The rich document description (null when none). */
    description: unknown;
    /** The change request's current revision. */
    revisionId: string;
  };
  reviews: readonly MergeReview[];
  actor: { userId: string };
  /** The change request contains the latest main content (not `outdated`). */
  upToDate: boolean;
}

export interface UnmetRule {
  rule: MergeRuleName;
  message: string;
  /** For the reviewer rules: the users whose approval is missing. */
  users?: string[];
}

/** The rules that apply to a space: its own, or the organization's when it `inherit`s (an org never inherits). */
export function resolveMergeRules(space: MergeRulesConfig, organization: MergeRulesConfig | undefined): MergeRulesConfig {
  if (space.type !== 'inherit') return space;
  if (!organization || organization.type === 'inherit') return { type: 'none' };
  return organization;
}

/** Each reviewer's latest review (by `createdAt`, then position in the list). */
export function latestReviews(reviews: readonly MergeReview[]): Map<string, MergeReview> {
  const out = new Map<string, MergeReview>();
  for (const r of reviews) {
    const prev = out.get(r.reviewerId);
    if (!prev || r.createdAt >= prev.createdAt) out.set(r.reviewerId, r);
  }
  return out;
}

/** Whether a rich document has any content: non-blank text, or a void block (image, embed, ...). */
export function documentHasContent(doc: unknown): boolean {
  const stack: unknown[] = [doc];
  while (stack.length) {
    const n = stack.pop();
    if (!n || typeof n !== 'object') continue;
    const node = n as { object?: unknown; text?: unknown; isVoid?: unknown; leaves?: unknown; nodes?: unknown };
    if (node.object === 'leaf' && typeof node.text === 'string' && node.text.trim() !== '') return true;
    if (node.object === 'text' && typeof node.text === 'string' && node.text.trim() !== '') return true;
    if ((node.object === 'block' || node.object === 'inline') && node.isVoid === true) return true;
    if (Array.isArray(node.leaves)) stack.push(...node.leaves);
    if (Array.isArray(node.nodes)) stack.push(...node.nodes);
  }
  return false;
}

/** The rules of `config` that the change request does not meet (in the order of `config.rules`). */
export function evaluateMergeRules(config: MergeRulesConfig, ctx: MergeContext): UnmetRule[] {
  if (config.type !== 'rules') return [];
  const rules = config.rules;
  const actor = ctx.actor.userId;
  const author = ctx.changeRequest.createdBy;

  for (const r of rules) if (r.rule === 'allow_bypass' && r.users.includes(actor)) return [];

  const latest = latestReviews(ctx.reviews.filter((r) => r.reviewerId !== author));
  const current = (r: MergeReview) => r.revisionId === ctx.changeRequest.revisionId;
  const approvedBy = (userId: string) => {
    const r = latest.get(userId);
    return !!r && r.status === 'approved' && current(r);
  };
  const latestList = [...latest.values()];

  const unmet: UnmetRule[] = [];
  for (const r of rules) {
    switch (r.rule) {
      case 'allow_bypass':
        break;
      case 'require_specific_reviewers': {
        const missing = [...new Set(r.users)].filter((u) => u !== author && !approvedBy(u));
        if (missing.length) unmet.push({ rule: r.rule, users: missing, message: `needs an approval of the current revision from each of: ${missing.join(', ')}` });
        break;
      }
      case 'require_one_of_specific_reviewers': {
        const candidates = [...new Set(r.users)].filter((u) => u !== author);
        if (candidates.length && !candidates.some(approvedBy)) {
          unmet.push({ rule: r.rule, users: candidates, message: `needs an approval of the current revision from one of: ${candidates.join(', ')}` });
        }
        break;
      }
      case 'require_at_least_one_review':
        if (!latestList.some(current)) unmet.push({ rule: r.rule, message: 'needs at least one review of the current revision' });
        break;
      case 'require_at_least_one_approved_review':
        if (!latestList.some((x) => x.status === 'approved' && current(x))) {
          unmet.push({ rule: r.rule, message: 'needs at least one approval of the current revision' });
        }
        break;
      case 'require_all_reviews_approved': {
        const blocking = latestList.filter((x) => !(x.status === 'approved' && current(x))).map((x) => x.reviewerId).sort();
        if (blocking.length) {
          unmet.push({ rule: r.rule, users: blocking, message: `needs every reviewer's latest review to approve the current revision; not yet: ${blocking.join(', ')}` });
        }
        break;
      }
      case 'require_up_to_date_change_request':
        if (!ctx.upToDate) unmet.push({ rule: r.rule, message: 'the change request must be updated with the latest main content first (POST .../update)' });
        break;
      case 'require_change_request_subject':
        if (ctx.changeRequest.subject.trim() === '') unmet.push({ rule: r.rule, message: 'the change request needs a subject' });
        break;
      case 'require_change_request_description':
        if (!documentHasContent(ctx.changeRequest.description)) unmet.push({ rule: r.rule, message: 'the change request needs a description' });
        break;
      case 'require_author_to_merge':
        if (actor !== author) unmet.push({ rule: r.rule, message: 'only the author of the change request may merge it' });
        break;
      default: {
        // A rule this version does not know cannot be checked: refuse rather than merge unchecked.
        const unknown = (r as { rule: string }).rule as MergeRuleName;
        unmet.push({ rule: unknown, message: `unknown merge rule "${unknown}"` });
      }
    }
  }
  return unmet;
}

/** One line for an error message: `rule_a (why); rule_b (why)`. */
export function describeUnmet(unmet: readonly UnmetRule[]): string {
  return unmet.map((u) => `${u.rule} (${u.message})`).join('; ');
}

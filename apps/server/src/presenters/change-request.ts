// Change requests, reviews and requested reviewers to JSON.
import type { components } from '@bindery/api-types';
import type { Config } from '../config.js';
import type { DbOrTx } from '../db/database.js';
import type { ChangeRequestRow, RequestedReviewerRow, ReviewRow } from '../repos/change-requests.repo.js';
import { usersRepo } from '../repos/users.repo.js';
import { userRef, type UserMap } from './comment.js';
import { userRefs } from './user.js';

type ChangeRequestJson = components['schemas']['ChangeRequest'];
type ReviewJson = components['schemas']['ChangeRequestReview'];
type RequestedReviewerJson = components['schemas']['ChangeRequestRequestedReviewer'];
type ContributorJson = components['schemas']['ChangeRequestUserContributor'];

/** One contributor of a change request (services/change-requests.ts#listContributors). */
export interface Contributor {
  userId: string;
  actionType: 'edit' | 'comment';
  count: number;
  updatedAt: string;
}

/** The main-content revision a change request is based on: the one it was last updated from, or created from. */
export const baseRevision = (cr: ChangeRequestRow) => cr.revision_merged_ancestor_id ?? cr.revision_initial_id;

/** Not up to date: the space's active revision is no longer the one the change request is based on (never once merged). */
export function isOutdated(cr: ChangeRequestRow, spaceRevisionId: string): boolean {
  return cr.status !== 'merged' && spaceRevisionId !== baseRevision(cr);
}

export const changeRequestUrl = (config: Config, cr: Pick<ChangeRequestRow, 'space_id' | 'id'>) =>
  `${config.publicUrl}/v1/spaces/${cr.space_id}/change-requests/${cr.id}`;

/** Change requests with the users they name (one batch look-up); `spaceRevision` gives each space's head. */
export async function presentChangeRequests(config: Config, db: DbOrTx, rows: readonly ChangeRequestRow[], spaceRevision: (spaceId: string) => string, showEmails: boolean): Promise<ChangeRequestJson[]> {
  const users = userRefs(await usersRepo.findMany(db, rows.flatMap((r) => [r.created_by, r.merged_by ?? ''])), showEmails);
  return rows.map((r) => presentChangeRequest(config, r, spaceRevision(r.space_id), users));
}

/** Reviews of one change request with the users they name; `comments` holds the presented comment of each review that has one. */
export async function presentReviews(
  config: Config, db: DbOrTx, cr: ChangeRequestRow, rows: readonly ReviewRow[], showEmails: boolean,
  comments: ReadonlyMap<string, components['schemas']['Comment'] | undefined>,
): Promise<ReviewJson[]> {
  const users = userRefs(await usersRepo.findMany(db, rows.flatMap((r) => [r.reviewer_id, r.requested_by ?? ''])), showEmails);
  return rows.map((r) => presentReview(config, cr, r, users, r.comment_id ? comments.get(r.comment_id) : undefined));
}

/** Requested reviewers with the users they name, in the order given. */
export async function presentRequestedReviewers(config: Config, db: DbOrTx, rows: readonly RequestedReviewerRow[], showEmails: boolean): Promise<RequestedReviewerJson[]> {
  const users = userRefs(await usersRepo.findMany(db, rows.flatMap((r) => [r.user_id, r.requested_by])), showEmails);
  return rows.map((r) => presentRequestedReviewer(config, r, users));
}

/** Contributors of a change request with their users (one batch look-up), in the order given. */
export async function presentContributors(config: Config, db: DbOrTx, rows: readonly Contributor[], showEmails: boolean): Promise<ContributorJson[]> {
  const users = userRefs(await usersRepo.findMany(db, rows.map((r) => r.userId)), showEmails);
  return rows.map((r) => ({ user: userRef(config, users, r.userId), count: r.count, updatedAt: r.updatedAt, actionType: r.actionType }));
}

export function presentChangeRequest(config: Config, cr: ChangeRequestRow, spaceRevisionId: string, users: UserMap): ChangeRequestJson {
  return {
    object: 'change-request',
    id: cr.id,
    number: cr.number,
    status: cr.status as ChangeRequestJson['status'],
    subject: cr.subject,
    ...(cr.description ? { description: JSON.parse(cr.description) as ChangeRequestJson['description'] & object } : {}),
    createdBy: userRef(config, users, cr.created_by),
    createdAt: cr.created_at,
    updatedAt: cr.updated_at,
    ...(cr.merged_by ? { mergedBy: userRef(config, users, cr.merged_by) } : {}),
    ...(cr.merged_at ? { mergedAt: cr.merged_at } : {}),
    space: cr.space_id,
    revision: cr.revision_id,
    revisionInitial: cr.revision_initial_id,
    ...(cr.revision_merged_ancestor_id ? { revisionMergedAncestor: cr.revision_merged_ancestor_id } : {}),
    ...(cr.revision_merged_id ? { revisionMerged: cr.revision_merged_id } : {}),
    comments: cr.comments_count,
    outdated: isOutdated(cr, spaceRevisionId),
    urls: { app: `${config.appUrl}/s/${cr.space_id}/~/changes/${cr.number}`, location: changeRequestUrl(config, cr) },
  };
}

export function presentReview(config: Config, cr: ChangeRequestRow, r: ReviewRow, users: UserMap, comment?: components['schemas']['Comment']): ReviewJson {
  return {
    object: 'change-request-review',
    id: r.id,
    revision: r.revision_id,
    reviewer: userRef(config, users, r.reviewer_id),
    ...(r.requested_by ? { requestedBy: userRef(config, users, r.requested_by) } : {}),
    status: r.status as ReviewJson['status'],
    outdated: r.revision_id !== cr.revision_id,
    ...(comment ? { comment } : {}),
    createdAt: r.created_at,
    updatedAt: r.updated_at,
    urls: { location: `${changeRequestUrl(config, cr)}/reviews/${r.id}`, app: `${config.appUrl}/s/${cr.space_id}/~/changes/${cr.number}` },
  };
}

export function presentRequestedReviewer(config: Config, r: RequestedReviewerRow, users: UserMap): RequestedReviewerJson {
  return {
    object: 'change-request-requested-reviewer',
    kind: 'user',
    user: userRef(config, users, r.user_id),
    revision: r.revision_id,
    requestedBy: userRef(config, users, r.requested_by),
    createdAt: r.created_at,
  };
}

// Comments and replies, on a space and on a change request (the same service; `where` says which).
import { invalidField } from '../errors.js';
import { listBody } from '../db/pagination.js';
import { handlers } from '../http/operations.js';
import { presentMember } from '../presenters/organization.js';
import * as comments from '../services/comments.js';

const space = (p: { spaceId: string }): comments.CommentWhere => ({ spaceId: p.spaceId });
const cr = (p: { spaceId: string; changeRequestId: string }): comments.CommentWhere => ({ spaceId: p.spaceId, changeRequest: p.changeRequestId });

async function commenters(ctx: Parameters<typeof comments.listCommenters>[0], page: Awaited<ReturnType<typeof comments.listCommenters>>) {
  return { status: 200 as const, body: listBody(page.items.map((m) => presentMember(ctx.config, m.member, m.user, m.counts, { withEmail: page.showEmails })), page) };
}

export const commentHandlers = handlers({
  listCommentersInSpace: async ({ actor, params, query }, ctx) => commenters(ctx, await comments.listCommenters(ctx, actor, space(params), query)),
  listCommentersInChangeRequest: async ({ actor, params, query }, ctx) => commenters(ctx, await comments.listCommenters(ctx, actor, cr(params), query)),

  listCommentsInSpace: async ({ actor, params, query }, ctx) => {
    const page = await comments.listComments(ctx, actor, space(params), query);
    return { status: 200, body: listBody(page.items, page) };
  },
  postCommentInSpace: async ({ actor, params, body }, ctx) => ({
    status: 200, body: await comments.postCommentAndPresent(ctx, actor, space(params), body),
  }),
  getCommentInSpace: async ({ actor, params, query }, ctx) => ({
    status: 200, body: await comments.getComment(ctx, actor, space(params), params.commentId, query.format),
  }),
  updateCommentInSpace: async ({ actor, params, body }, ctx) => ({
    status: 200, body: await comments.updateComment(ctx, actor, space(params), params.commentId, body),
  }),
  deleteCommentInSpace: async ({ actor, params }, ctx) => {
    await comments.deleteComment(ctx, actor, space(params), params.commentId);
    return { status: 204, body: undefined };
  },
  listCommentRepliesInSpace: async ({ actor, params, query }, ctx) => {
    const page = await comments.listReplies(ctx, actor, space(params), params.commentId, query);
    return { status: 200, body: listBody(page.items, page) };
  },
  postCommentReplyInSpace: async ({ actor, params, body }, ctx) => ({
    status: 200, body: await comments.postReply(ctx, actor, space(params), params.commentId, body),
  }),
  getCommentReplyInSpace: async ({ actor, params, query }, ctx) => ({
    status: 200, body: await comments.getReply(ctx, actor, space(params), params.commentId, params.commentReplyId, query.format),
  }),
  updateCommentReplyInSpace: async ({ actor, params, body }, ctx) => ({
    status: 200, body: await comments.updateReply(ctx, actor, space(params), params.commentId, params.commentReplyId, body),
  }),
  deleteCommentReplyInSpace: async ({ actor, params }, ctx) => {
    await comments.deleteReply(ctx, actor, space(params), params.commentId, params.commentReplyId);
    return { status: 204, body: undefined };
  },

  listCommentsInChangeRequest: async ({ actor, params, query }, ctx) => {
    const page = await comments.listComments(ctx, actor, cr(params), query);
    return { status: 200, body: listBody(page.items, page) };
  },
  postCommentInChangeRequest: async ({ actor, params, body }, ctx) => ({
    status: 200, body: await comments.postCommentAndPresent(ctx, actor, cr(params), body),
  }),
  getCommentInChangeRequest: async ({ actor, params, query }, ctx) => ({
    status: 200, body: await comments.getComment(ctx, actor, cr(params), params.commentId, query.format),
  }),
  updateCommentInChangeRequest: async ({ actor, params, body }, ctx) => ({
    status: 200, body: await comments.updateComment(ctx, actor, cr(params), params.commentId, body),
  }),
  deleteCommentInChangeRequest: async ({ actor, params }, ctx) => {
    await comments.deleteComment(ctx, actor, cr(params), params.commentId);
    return { status: 204, body: undefined };
  },
  listCommentRepliesInChangeRequest: async ({ actor, params, query }, ctx) => {
    const page = await comments.listReplies(ctx, actor, cr(params), params.commentId, query);
    return { status: 200, body: listBody(page.items, page) };
  },
  postCommentReplyInChangeRequest: async ({ actor, params, body, query }, ctx) => ({
    status: 200, body: await comments.postReply(ctx, actor, cr(params), params.commentId, body, query.format),
  }),
  getCommentReplyInChangeRequest: async ({ actor, params, query }, ctx) => ({
    status: 200, body: await comments.getReply(ctx, actor, cr(params), params.commentId, params.commentReplyId, query.format),
  }),
  updateCommentReplyInChangeRequest: async ({ actor, params, body }, ctx) => {
    // GitBook's description gives this operation its comment update body; a reply has no resolved state of its own.
    if (body.resolved !== undefined) {
      throw invalidField('/body/resolved', `a reply is not resolved on its own: resolve its comment's thread with PUT /v1/spaces/{spaceId}/change-requests/{changeRequestId}/comments/${params.commentId} {"resolved": ${String(body.resolved)}}`);
    }
    return { status: 200, body: await comments.updateReply(ctx, actor, cr(params), params.commentId, params.commentReplyId, body) };
  },
  deleteCommentReplyInChangeRequest: async ({ actor, params }, ctx) => {
    await comments.deleteReply(ctx, actor, cr(params), params.commentId, params.commentReplyId);
    return { status: 204, body: undefined };
  },
});

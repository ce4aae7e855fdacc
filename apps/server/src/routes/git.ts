// Git Sync: import and export requests (204, then a durable job), the sync state, removal, the push webhook.
import { handlers } from '../http/operations.js';
import { getGitInfo, removeGitSync, requestOperation } from '../gitsync/operations.js';
import { getGitWebhook, receiveGitWebhook, rotateGitWebhookSecret } from '../gitsync/webhook.js';

export const gitHandlers = handlers({
  importGitRepository: async ({ actor, params, body }, ctx) => {
    await requestOperation(ctx, actor, params.spaceId, 'import', body);
    return { status: 204, body: undefined };
  },

  exportToGitRepository: async ({ actor, params, body }, ctx) => {
    await requestOperation(ctx, actor, params.spaceId, 'export', body);
    return { status: 204, body: undefined };
  },

  getSpaceGitInfo: async ({ actor, params }, ctx) => ({ status: 200, body: await getGitInfo(ctx, actor, params.spaceId) }),

  deleteLegacyGitInstallation: async ({ actor, params }, ctx) => {
    await removeGitSync(ctx, actor, params.spaceId);
    return { status: 204, body: undefined };
  },

  getSpaceGitWebhook: async ({ actor, params }, ctx) => ({ status: 200, body: await getGitWebhook(ctx, actor, params.spaceId) }),

  rotateSpaceGitWebhookSecret: async ({ actor, params }, ctx) => ({ status: 200, body: await rotateGitWebhookSecret(ctx, actor, params.spaceId) }),

  // Public: authenticated by the space's webhook secret (the body's HMAC or GitLab's token), not by a token.
  receiveSpaceGitWebhook: async ({ params, headers, body }, ctx) => receiveGitWebhook(ctx, params.spaceId, headers, body),
});

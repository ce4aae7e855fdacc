// Git Sync: import and export requests (204, then a durable job), the sync state, removal.
import { handlers } from '../http/operations.js';
import { getGitInfo, removeGitSync, requestOperation } from '../gitsync/operations.js';

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
});

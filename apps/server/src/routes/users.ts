// Thin routes: parse (already validated), call the service, present.
import { listBody } from '../db/pagination.js';
import { handlers } from '../http/operations.js';
import { presentToken } from '../presenters/token.js';
import { presentUser } from '../presenters/user.js';
import { createTokenFor, createUser, getVisibleUser, listOwnTokens, revokeOwnToken, updateUser } from '../services/users.js';

export const BUILD = process.env.BINDERY_BUILD ?? 'dev';

export const userHandlers = handlers({
  getApiInformation: async () => ({ status: 200, body: { version: '1.0.0', build: BUILD } }),

  getAuthenticatedUser: async ({ actor }, ctx) => ({ status: 200, body: presentUser(ctx.config, actor.user) }),

  createUser: async ({ actor, body }, ctx) => {
    const user = await createUser(ctx, actor, body);
    return { status: 201, body: presentUser(ctx.config, user), headers: { Location: `${ctx.config.publicUrl}/v1/users/${user.id}` } };
  },

  getUserById: async ({ actor, params }, ctx) => {
    const user = await getVisibleUser(ctx, actor, params.userId);
    const withEmail = user.id === actor.user.id || actor.isInstanceAdmin;
    return { status: 200, body: presentUser(ctx.config, user, { withEmail }) };
  },

  updateUserById: async ({ actor, params, body }, ctx) => {
    const user = await updateUser(ctx, actor, params.userId, body);
    return { status: 200, body: presentUser(ctx.config, user, { withEmail: true }) };
  },

  createAPIToken: async ({ actor, params, body }, ctx) => {
    const { row, secret } = await createTokenFor(ctx, actor, params.userId, body.label);
    return { status: 201, body: { ...presentToken(row), token: secret } };
  },

  listAPITokensForAuthenticatedUser: async ({ actor, query }, ctx) => {
    const page = await listOwnTokens(ctx, actor, query);
    return { status: 200, body: listBody(page.rows.map(presentToken), page) };
  },

  revokeAPIToken: async ({ actor, params }, ctx) => {
    await revokeOwnToken(ctx, actor, params.tokenId);
    return { status: 204, body: undefined };
  },
});

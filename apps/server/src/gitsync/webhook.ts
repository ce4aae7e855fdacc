// Git Sync push webhooks (Bindery extension, issue 10): a push to the synchronised branch imports it, as GitBook's
// Git Sync does. `POST /v1/spaces/{spaceId}/git/webhook` is public (no token) and authenticated by the space's
// webhook secret only: GitHub (and Gitea, Forgejo) sign the raw body (`X-Hub-Signature-256: sha256=<HMAC-SHA256>`),
// GitLab sends the secret itself (`X-Gitlab-Token`); both are compared in constant time. The secret is made when Git
// Sync is first set up on the space (operations.ts), kept sealed with the instance secret (secrets.ts: the receiver
// needs it in clear to compute the HMAC, so it cannot be a hash), shown to space admins by `GET …/git/webhook`, and
// never logged. A push queues the import the import endpoint queues (same operation row and job, with the URL,
// ref, folder and sealed credentials of the space's sync), at most one waiting at a time.
import { createHmac } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { components } from '@bindery/api-types';
import type { AppContext } from '../context.js';
import type { DbOrTx } from '../db/database.js';
import { ApiError, badRequest, notFound } from '../errors.js';
import { gitSyncRepo } from '../repos/git-sync.repo.js';
import { locks } from '../repos/locks.js';
import { sameSecret } from '../lib/constant-time.js';
import { presentGitWebhook } from '../presenters/git-webhook.js';
import type { Actor } from '../services/auth.js';
import { loadSpace } from '../services/spaces.js';
import { queueOperation } from './operations.js';
import { newWebhookSecret, openKept, sealSecret } from './secrets.js';
import type { SyncRequest } from './sync.js';

export type GitWebhook = components['schemas']['GitWebhook'];
export type GitWebhookResult = components['schemas']['GitWebhookResult'];

/** The stored secret in clear, made (and stored) first for a sync set up before webhooks existed. */
async function webhookSecretOf(ctx: AppContext, db: DbOrTx, spaceId: string, sealed: string | null): Promise<string> {
  if (sealed) return openKept(ctx, sealed);
  await gitSyncRepo.setWebhookSecretIfNone(db, spaceId, newWebhookSecret(ctx));
  const row = await gitSyncRepo.findSync(db, spaceId);
  if (!row?.webhook_secret) throw notFound('Git Sync (none is set up on this space)');
  return openKept(ctx, row.webhook_secret);
}

const webhookUrl = (ctx: AppContext, spaceId: string) => `${ctx.config.publicUrl}/v1/spaces/${encodeURIComponent(spaceId)}/git/webhook`;

/** GET …/git/webhook (space admins): the URL and secret to register with the Git provider. */
export async function getGitWebhook(ctx: AppContext, actor: Actor, spaceId: string): Promise<GitWebhook> {
  await loadSpace(ctx, ctx.db, actor, spaceId, 'update');
  const row = await gitSyncRepo.findSync(ctx.db, spaceId);
  if (!row) throw notFound('Git Sync (none is set up on this space)');
  return presentGitWebhook({ url: webhookUrl(ctx, spaceId), secret: await webhookSecretOf(ctx, ctx.db, spaceId, row.webhook_secret), ref: row.ref });
}

/** POST …/git/webhook/secret (space admins): a new secret; the old one stops working at once. */
export async function rotateGitWebhookSecret(ctx: AppContext, actor: Actor, spaceId: string): Promise<GitWebhook> {
  await loadSpace(ctx, ctx.db, actor, spaceId, 'update');
  const sealed = newWebhookSecret(ctx);
  const row = (await gitSyncRepo.updateSync(ctx.db, spaceId, { webhook_secret: sealed })) ? await gitSyncRepo.findSync(ctx.db, spaceId) : undefined;
  if (!row) throw notFound('Git Sync (none is set up on this space)');
  return presentGitWebhook({ url: webhookUrl(ctx, spaceId), secret: openKept(ctx, sealed), ref: row.ref });
}

const header = (h: IncomingHttpHeaders, name: string) => {
  const v = h[name];
  return Array.isArray(v) ? v[0] : v;
};

type Provider = 'github' | 'gitlab';

/** Who sent the event and whether its signature (GitHub) or token (GitLab) is the secret's: 401 otherwise. */
function authenticateDelivery(headers: IncomingHttpHeaders, raw: Buffer, secret: string): { provider: Provider; event: string } {
  const github = header(headers, 'x-github-event');
  const gitlab = header(headers, 'x-gitlab-event');
  if (github !== undefined) {
    const signature = header(headers, 'x-hub-signature-256');
    if (!signature) throw new ApiError(401, 'X-Hub-Signature-256 is missing: set the webhook\'s secret to the space\'s webhook secret');
    const expected = `sha256=${createHmac('sha256', secret).update(raw).digest('hex')}`;
    if (!sameSecret(signature.trim().toLowerCase(), expected)) throw new ApiError(401, 'X-Hub-Signature-256 does not match the body signed with the space\'s webhook secret');
    return { provider: 'github', event: github.trim().toLowerCase() };
  }
  if (gitlab !== undefined) {
    const token = header(headers, 'x-gitlab-token');
    if (!token) throw new ApiError(401, 'X-Gitlab-Token is missing: set the webhook\'s secret token to the space\'s webhook secret');
    if (!sameSecret(token, secret)) throw new ApiError(401, 'X-Gitlab-Token is not the space\'s webhook secret');
    return { provider: 'gitlab', event: gitlab.trim().toLowerCase() };
  }
  throw badRequest('/header/X-GitHub-Event: neither X-GitHub-Event nor X-Gitlab-Event is present (GitHub, GitLab, Gitea and Forgejo push events are accepted)');
}

/** The event's JSON: the body, or GitHub's form encoding (`payload=<JSON>`). */
function payloadOf(raw: Buffer, contentType: string | undefined): Record<string, unknown> {
  let text = raw.toString('utf8');
  if (/^application\/x-www-form-urlencoded/i.test(contentType ?? '')) text = new URLSearchParams(text).get('payload') ?? '';
  try {
    const v = JSON.parse(text) as unknown;
    if (v && typeof v === 'object' && !Array.isArray(v)) return v as Record<string, unknown>;
  } catch {
    /* below */
  }
  throw badRequest('/body: the event is not a JSON object');
}

const ZERO = /^0+$/;
const ignored = (reason: string) => ({ status: 202 as const, body: { result: 'ignored' as const, reason } });

/** POST …/git/webhook: a push event of the repository synchronised with the space. */
export async function receiveGitWebhook(
  ctx: AppContext, spaceId: string, headers: IncomingHttpHeaders, body: unknown,
): Promise<{ status: 200 | 202; body: GitWebhookResult }> {
  const row = await gitSyncRepo.findSyncOfSpace(ctx.db, spaceId);
  if (!row || row.deleted_at) throw notFound('Space (or its Git Sync)');
  if (!row.webhook_secret) throw new ApiError(401, 'The space has no webhook secret yet: read it with GET /v1/spaces/{spaceId}/git/webhook');
  let secret: string;
  try {
    secret = openKept(ctx, row.webhook_secret);
  } catch {
    throw new ApiError(401, 'The space\'s webhook secret could not be read (the instance secret changed): make a new one with POST /v1/spaces/{spaceId}/git/webhook/secret');
  }
  const raw = Buffer.isBuffer(body) ? body : Buffer.alloc(0);
  const { provider, event } = authenticateDelivery(headers, raw, secret);

  if (event === 'ping') return { status: 200, body: { result: 'pong' } };
  if (provider === 'github' ? event !== 'push' : event !== 'push hook') return ignored(`${provider === 'github' ? 'GitHub' : 'GitLab'} event "${event}" is not handled (only push events import)`);
  const payload = payloadOf(raw, header(headers, 'content-type'));
  const ref = typeof payload.ref === 'string' ? payload.ref : undefined;
  const after = typeof payload.after === 'string' ? payload.after : undefined;
  if (!ref) throw badRequest('/body/ref: the push event names no ref');
  if (ref !== row.ref) return ignored(`push to ${ref}; the space synchronises ${row.ref}`);
  if (payload.deleted === true || (after && ZERO.test(after))) return ignored(`${ref} was deleted`);
  if (after && after === row.last_commit) return ignored(`commit ${after} is already imported`);

  // One import waiting at a time: it fetches the branch's head when it runs, so it imports this push too.
  return ctx.db.transaction().execute(async (tx) => {
    await locks.space(ctx, tx, spaceId);
    const waiting = await gitSyncRepo.queuedImports(tx, spaceId);
    const pending = waiting.find((op) => {
      const r = JSON.parse(op.request) as SyncRequest;
      return !r.standalone && r.ref === row.ref && r.url === row.url;
    });
    if (pending) return { status: 202 as const, body: { result: 'pending' as const, operation: pending.id } };
    const sync = await gitSyncRepo.findSync(tx, spaceId);
    if (!sync) throw notFound('Space (or its Git Sync)');
    const request: SyncRequest = {
      url: sync.url, ref: sync.ref, repoProjectDirectory: sync.project_directory,
      ...(sync.repo_tree_url ? { repoTreeURL: sync.repo_tree_url } : {}), ...(sync.repo_commit_url ? { repoCommitURL: sync.repo_commit_url } : {}),
      ...(sync.provider && sync.info_url ? { gitInfo: { provider: sync.provider, url: sync.info_url } } : {}),
    };
    // The operation's credentials wait for its job as those of any request do (secrets.ts), deleted when it ends.
    let sealedCredentials: string | null = null;
    try {
      sealedCredentials = sync.credentials ? sealSecret(ctx, openKept(ctx, sync.credentials)) : null;
    } catch {
      /* unreadable (the secrets key changed): the import runs without them and says what git answers */
    }
    const id = await queueOperation(ctx, tx, { spaceId, direction: 'import', request, sealedCredentials, createdBy: null });
    ctx.logger.info({ space: spaceId, operation: id, provider, commit: after }, 'git sync import queued by a push webhook');
    return { status: 202 as const, body: { result: 'queued' as const, operation: id } };
  });
}

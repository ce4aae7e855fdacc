// Git Sync operations: the requests of POST …/git/import and …/git/export become git_sync_operations rows, each run
// by a durable job (jobs/: survives restarts, retried with backoff). On one space operations run one at a time and
// in the order they were requested: a job waits (reschedules itself) while an earlier operation of its space is
// queued or running, and holds the space's claim (git_sync_spaces.lock_*) while it runs, renewed as it progresses.
// `timestamp` orders operations the way the Git provider saw the events: one older than the last applied is skipped.
// Credentials of the URL wait for the job encrypted (secrets.ts) and are deleted from the operation when it ends;
// the space's sync keeps those of its latest request, sealed alike, for the imports its push webhook queues
// (webhook.ts; deleted with the sync). They are never logged or returned (git/info shows the URL without them).
import type { components } from '@bindery/api-types';
import type { AppContext } from '../context.js';
import type { DbOrTx } from '../db/database.js';
import { ApiError, invalidField, notFound } from '../errors.js';
import { checkUrlAddresses, UnsafeUrlError } from '../lib/ssrf.js';
import { enqueueJob, extendJobLease } from '../jobs/queue.js';
import { gitSyncRepo } from '../repos/git-sync.repo.js';
import { spacesRepo } from '../repos/spaces.repo.js';
import type { JobResult } from '../jobs/handlers.js';
import type { JobRow } from '../jobs/queue.js';
import { JOB_TYPES } from '../jobs/types.js';
import { newId } from '../lib/ids.js';
import type { Actor } from '../services/auth.js';
import { presentGitSyncState } from '../presenters/space.js';
import { loadSpace } from '../services/spaces.js';
import { recordAudit } from '../services/audit.js';
import { recordSpaceEvent } from '../services/integration-events.js';
import { GitError, parseRemoteUrl, redact, redactUrl } from './git.js';
import { joinCredentials, newWebhookSecret, openSecret, sealKept, sealSecret, splitCredentials } from './secrets.js';
import { exportToGit, importFromGit, type SyncRequest, type SyncResult } from './sync.js';

export type Direction = 'import' | 'export';

/** How long a running operation may go without progress before another worker may take it over. */
const CLAIM_MS = 2 * 60_000;
/** How long an operation may run in all. */
export const OPERATION_TIMEOUT_MS = 30 * 60_000;

function providerOf(req: SyncRequest, url: string): string | null {
  if (req.gitInfo?.provider) return req.gitInfo.provider;
  try {
    const host = new URL(url).hostname;
    if (host === 'github.com' || host.endsWith('.github.com')) return 'github';
    if (host.includes('gitlab')) return 'gitlab';
  } catch {
    /* a local path (tests) */
  }
  return null;
}

function repoNameOf(url: string): string {
  try {
    return new URL(url).pathname.replace(/^\/+|\/+$/g, '').replace(/\.git$/, '');
  } catch {
    return url.replace(/\/+$/, '').split('/').slice(-2).join('/').replace(/\.git$/, '');
  }
}

/** Space.gitSync as stored on the space row. */
function gitSyncJson(req: SyncRequest, cleanUrl: string, now: string, known: string | null): string {
  const provider = providerOf(req, cleanUrl) ?? known;
  return JSON.stringify({
    repoName: repoNameOf(cleanUrl),
    ...(provider ? { installationProvider: provider, integration: provider } : {}),
    url: req.repoTreeURL ?? req.gitInfo?.url ?? redactUrl(cleanUrl),
    updatedAt: now,
  });
}

/** Records an operation and its job (in the caller's transaction); the request's credentials come sealed. */
export async function queueOperation(
  ctx: AppContext, tx: DbOrTx,
  op: { spaceId: string; direction: Direction; request: SyncRequest; sealedCredentials: string | null; createdBy: string | null },
): Promise<string> {
  const id = newId();
  await gitSyncRepo.insertOperation(tx, {
    id, space_id: op.spaceId, direction: op.direction, state: 'queued', request: JSON.stringify(op.request), credentials: op.sealedCredentials,
    created_by: op.createdBy, created_at: ctx.clock.now().toISOString(), started_at: null, ended_at: null, error: null, result: null, revision_id: null, commit_oid: null,
  });
  await enqueueJob(ctx, tx, JOB_TYPES.gitSync, { operationId: id }, { maxAttempts: 3 });
  return id;
}

/**
 * Why a ref is not a valid git ref name (git check-ref-format: no spaces, control characters, `~ ^ : ? * [ \`,
 * `..`, `@{`, `//`; no component starting with `.` or ending with `.lock`; not ending with `/` or `.`), or undefined.
 */
export function refProblem(ref: string): string | undefined {
  if (/[\x00-\x20\x7f~^:?*[\\]/.test(ref)) return 'must not contain spaces, control characters or any of ~ ^ : ? * [ \\';
  if (ref.includes('..') || ref.includes('@{') || ref.includes('//')) return 'must not contain "..", "@{" or "//"';
  if (ref.endsWith('/') || ref.endsWith('.')) return 'must not end with "/" or "."';
  if (ref.split('/').some((c) => c.startsWith('.') || c.endsWith('.lock'))) return 'must not have a component starting with "." or ending with ".lock"';
  return undefined;
}

/**
 * The checks the job makes on a repository URL (gitsync/git.ts prepareRemote) that need no network but a look-up
 * bounded in time, made when the request arrives: a URL that can never be synced is a 400 naming `/body/url` and
 * changes nothing, rather than a 204 that points the space's Git Sync at it and fails in the job. The job checks
 * again (a name may resolve elsewhere later); a name that does not resolve now is left to it.
 */
async function checkRepositoryUrl(ctx: AppContext, raw: string): Promise<void> {
  const allowPrivate = ctx.config.allowPrivateUrls;
  let parsed: ReturnType<typeof parseRemoteUrl>;
  try {
    parsed = parseRemoteUrl(raw, { allowPrivate });
  } catch (err) {
    if (err instanceof GitError) throw invalidField('/body/url', err.message);
    throw err;
  }
  if ('local' in parsed) return;
  try {
    await checkUrlAddresses(raw, { allowPrivate });
  } catch (err) {
    if (err instanceof UnsafeUrlError) throw invalidField('/body/url', err.message);
    throw err;
  }
}

/**
 * Accepts an import or export request: checks access, records the operation and its job (one transaction). A request
 * that is not standalone sets the space's sync up (or updates it): its first one makes the push webhook's secret,
 * and the request's credentials are kept sealed for the imports pushes trigger (webhook.ts).
 */
export async function requestOperation(ctx: AppContext, actor: Actor, spaceId: string, direction: Direction, body: SyncRequest): Promise<string> {
  const { space } = await loadSpace(ctx, ctx.db, actor, spaceId, 'triggerGitSync');
  if (direction === 'export' && body.standalone) throw new ApiError(400, '/body/standalone: exports cannot be standalone');
  const badRef = refProblem(body.ref);
  if (badRef) throw invalidField('/body/ref', badRef);
  const { url, credentials } = splitCredentials(body.url.trim());
  await checkRepositoryUrl(ctx, url);
  const request: SyncRequest = { ...body, url };
  if (body.gitInfo) request.gitInfo = { provider: body.gitInfo.provider, url: splitCredentials(body.gitInfo.url).url };
  const now = ctx.clock.now().toISOString();
  const sealed = credentials ? sealSecret(ctx, credentials) : null;
  return ctx.db.transaction().execute(async (tx) => {
    const existing = await gitSyncRepo.findSync(tx, spaceId);
    // A request that does not say its provider (no gitInfo, an unknown host) keeps the one of the same repository.
    const knownProvider = existing && existing.url === redactUrl(url) ? existing.provider : null;
    // Without a project directory, the operation uses the one of the space's sync with the same repository.
    if (request.repoProjectDirectory === undefined && existing && existing.url === redactUrl(url) && existing.project_directory) request.repoProjectDirectory = existing.project_directory;
    const cleanUrl = redactUrl(url);
    const settings = {
      ref: request.ref, provider: providerOf(request, url) ?? knownProvider, info_url: request.gitInfo?.url ?? null, repo_tree_url: request.repoTreeURL ?? null,
      repo_commit_url: request.repoCommitURL ?? null, updated_at: now, credentials: credentials ? sealKept(ctx, credentials) : null,
    };
    if (!request.standalone) {
      if (existing) await gitSyncRepo.updateSync(tx, spaceId, { ...settings, ...(existing.webhook_secret ? {} : { webhook_secret: newWebhookSecret(ctx) }) });
      else {
        await gitSyncRepo.insertSync(tx, {
          space_id: spaceId, url: cleanUrl, project_directory: '', last_commit: null, last_revision_id: null, last_timestamp: null, snapshot_hash: null,
          lock_operation_id: null, lock_until: null, webhook_secret: newWebhookSecret(ctx), ...settings,
        });
      }
      await spacesRepo.update(tx, spaceId, { git_sync: gitSyncJson(request, url, now, knownProvider) });
      // Set up, or pointed at another repository (a later import or export of the same one changes no setting).
      if (!existing || existing.url !== cleanUrl) {
        await recordAudit(ctx, tx, actor, space.org_id, { action: 'git_sync.configured', target: { type: 'space', id: spaceId, label: space.title }, payload: { url: cleanUrl, ref: request.ref, ...(existing ? { previousUrl: existing.url } : {}) } });
      }
    }
    return queueOperation(ctx, tx, { spaceId, direction, request, sealedCredentials: sealed, createdBy: actor.user.id });
  });
}

async function endOperation(
  ctx: AppContext, id: string, state: 'success' | 'failure' | 'timeout', r: { error?: string; result?: SyncResult; started?: StartedAt },
): Promise<void> {
  await ctx.db.transaction().execute(async (tx) => {
    const op = await gitSyncRepo.findOperation(tx, id);
    await gitSyncRepo.updateOperation(tx, id, {
      state, ended_at: ctx.clock.now().toISOString(), credentials: null, error: r.error ?? null, result: r.result ? JSON.stringify(r.result) : null,
      revision_id: r.result?.revisionId ?? null, commit_oid: r.result?.commit ?? null,
    });
    if (op) await gitSyncRepo.releaseClaim(tx, op.space_id, id);
    // The end of a sync that started (integrations saw `space_gitsync_started`): the revision it made (an import) or
    // exported, else the one it started from, and the commit.
    const space = op && r.started ? await spacesRepo.findById(tx, op.space_id) : undefined;
    if (space && r.started) {
      await recordSpaceEvent(ctx, tx, space, {
        type: 'space_gitsync_completed', state: state === 'success' ? 'success' : 'failure',
        revisionId: r.result?.revisionId ?? r.started.revisionId, commitId: r.result?.commit ?? r.started.commitId,
      });
    }
  });
}

type StartedAt = { revisionId: string; commitId: string };

/** Takes the space's claim for `opId` (free, expired, or already ours); false when another operation holds it. */
async function claimSpace(ctx: AppContext, db: DbOrTx, spaceId: string, opId: string): Promise<boolean> {
  const now = ctx.clock.now();
  return gitSyncRepo.claim(db, spaceId, opId, now.toISOString(), new Date(now.getTime() + CLAIM_MS).toISOString());
}

/** The job: runs one operation when its turn on the space has come. */
export async function runGitSyncJob(ctx: AppContext, payload: { operationId: string }, job: JobRow): Promise<JobResult> {
  const op = await gitSyncRepo.findOperation(ctx.db, payload.operationId);
  if (!op || (op.state !== 'queued' && op.state !== 'running')) return;
  const retry = { retryAt: new Date(ctx.clock.now().getTime() + 1_000) };
  // Earlier operations of the space go first.
  if (await gitSyncRepo.hasEarlierPending(ctx.db, op)) return retry;
  const request = JSON.parse(op.request) as SyncRequest;
  if (!request.standalone) {
    if (!(await gitSyncRepo.findSync(ctx.db, op.space_id))) {
      await endOperation(ctx, op.id, 'failure', { error: 'Git Sync was removed from the space before the operation ran' });
      return;
    }
    if (!(await claimSpace(ctx, ctx.db, op.space_id, op.id))) return retry;
  }
  const startedAt = op.started_at ?? ctx.clock.now().toISOString();
  if (Date.parse(startedAt) + OPERATION_TIMEOUT_MS < ctx.clock.now().getTime()) {
    await endOperation(ctx, op.id, 'timeout', { error: `The operation did not finish within ${OPERATION_TIMEOUT_MS / 60_000} minutes` });
    return;
  }
  await gitSyncRepo.updateOperation(ctx.db, op.id, { state: 'running', started_at: startedAt });

  // Operations older than the last one applied are skipped.
  if (request.timestamp && !request.standalone) {
    const row = await gitSyncRepo.findSync(ctx.db, op.space_id);
    if (row?.last_timestamp && Date.parse(request.timestamp) < Date.parse(row.last_timestamp)) {
      await endOperation(ctx, op.id, 'success', { result: { skipped: `an operation of ${row.last_timestamp} was applied after this one (${request.timestamp})` } });
      return;
    }
  }

  let credentials: string | undefined;
  try {
    credentials = op.credentials ? openSecret(ctx, op.credentials) : undefined;
  } catch {
    await endOperation(ctx, op.id, 'failure', { error: 'The credentials of the operation could not be read (the instance secret changed)' });
    return;
  }
  const secrets = credentials ? [credentials, ...credentials.split(':').filter((x) => x.length >= 4)] : [];
  const progress = async () => {
    const until = new Date(ctx.clock.now().getTime() + CLAIM_MS).toISOString();
    if (!request.standalone) await gitSyncRepo.renewClaim(ctx.db, op.space_id, op.id, until);
    await extendJobLease(ctx, job, 5 * 60_000);
  };
  // Integrations covering the space hear of the sync once it has a commit to work on (an attempt retried after a
  // failure that may pass starts again), and of its end.
  let began: StartedAt | undefined;
  const started = async (at: StartedAt) => {
    began = at;
    const space = await spacesRepo.findById(ctx.db, op.space_id);
    if (space) await ctx.db.transaction().execute((tx) => recordSpaceEvent(ctx, tx, space, { type: 'space_gitsync_started', ...at }));
  };
  try {
    const sync = { ctx, spaceId: op.space_id, url: joinCredentials(request.url, credentials), request, createdBy: op.created_by, progress, started };
    const result = op.direction === 'import' ? await importFromGit(sync) : await exportToGit(sync);
    await endOperation(ctx, op.id, 'success', { result, started: began });
  } catch (err) {
    const message = redact(err instanceof Error ? err.message : String(err), secrets);
    const final = !(err instanceof GitError) || err.kind !== 'failed' || job.attempts >= job.max_attempts;
    if (final) {
      await endOperation(ctx, op.id, err instanceof GitError && err.kind === 'timeout' ? 'timeout' : 'failure', { error: message, started: began });
      ctx.logger.warn({ operation: op.id, space: op.space_id, direction: op.direction, error: message }, 'git sync operation failed');
      return;
    }
    await gitSyncRepo.releaseClaim(ctx.db, op.space_id, op.id);
    throw new Error(message);
  }
}

export type GitInfo = components['schemas']['GitSyncState'];

/** GET …/git/info: the Git Sync set up on the space and its last operation (404 when none). */
export async function getGitInfo(ctx: AppContext, actor: Actor, spaceId: string): Promise<GitInfo> {
  const { space } = await loadSpace(ctx, ctx.db, actor, spaceId, 'view');
  const row = await gitSyncRepo.findSync(ctx.db, spaceId);
  if (!row) throw notFound('Git Sync (none is set up on this space)');
  const shown = space.git_sync ? presentGitSyncState(spaceId, space.git_sync) : { installationId: spaceId, installationStatus: 'active' as const };
  const op = await gitSyncRepo.latestOperation(ctx.db, spaceId);
  const info: GitInfo = { ...shown, ref: row.ref, projectDirectory: row.project_directory, operationTimeout: OPERATION_TIMEOUT_MS };
  if (row.last_commit) info.commit = row.last_commit;
  if (op) {
    const result = op.result ? (JSON.parse(op.result) as SyncResult) : undefined;
    info.operation = {
      id: op.id, state: (op.state === 'queued' ? 'running' : op.state) as 'running', direction: op.direction as Direction, startedAt: op.started_at ?? op.created_at,
      ...(op.ended_at ? { endedAt: op.ended_at } : {}), ...(op.error ? { error: op.error } : {}), ...(result?.skipped ? { skipped: result.skipped } : {}),
      ...(op.revision_id ? { revision: op.revision_id } : {}), ...(op.commit_oid ? { commit: op.commit_oid } : {}), ...(result?.standalone ? { standalone: true } : {}),
      ...(result?.merged ? { merged: result.merged } : {}),
    };
  }
  return info;
}

/** DELETE …/git/legacy-installation: removes the Git Sync set up on the space (204 also when there is none). */
export async function removeGitSync(ctx: AppContext, actor: Actor, spaceId: string): Promise<void> {
  const { space } = await loadSpace(ctx, ctx.db, actor, spaceId, 'update');
  await ctx.db.transaction().execute(async (tx) => {
    const removed = await gitSyncRepo.deleteSync(tx, spaceId);
    await spacesRepo.update(tx, spaceId, { git_sync: null });
    if (removed) await recordAudit(ctx, tx, actor, space.org_id, { action: 'git_sync.removed', target: { type: 'space', id: spaceId, label: space.title } });
  });
}

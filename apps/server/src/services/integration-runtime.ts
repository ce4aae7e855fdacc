// Running integrations: every event - lifecycle events from the job queue, `fetch` events from the public
// endpoint, `ui_render` events from block renders - goes through `dispatch`, which hands it, as GitBook's
// dispatcher does, to the integration's script in the sandbox (sandbox/index.ts) or, in development mode, POSTs
// it to the development tunnel through the SSRF guard. The request is `POST <api>/v1` with a multipart body of
// `event` (the payload), `environment` (the integration, installation, tokens, secrets) and `fetch-body`.
// Each run appends its trace (the script's console lines, what happened) to the event row, and sets its status.
import { createHmac } from 'node:crypto';
import type { AppContext } from '../context.js';
import type { DbOrTx } from '../db/database.js';
import { ApiError, notFound } from '../errors.js';
import { newId } from '../lib/ids.js';
import type { JobRow } from '../jobs/queue.js';
import { backoffMs } from '../jobs/queue.js';
import { secretBox } from '../lib/secret-box.js';
import { safeFetch, UnsafeUrlError } from '../lib/ssrf.js';
import { presentInstallation, presentSiteInstallation, presentSpaceInstallation, presentIntegration } from '../presenters/integration.js';
import { presentOrganization } from '../presenters/organization.js';
import { presentUser } from '../presenters/user.js';
import {
  integrationsRepo, type InstallationRow, type IntegrationEventRow, type IntegrationMeta, type SiteInstallationRow, type SpaceInstallationRow,
} from '../repos/integrations.repo.js';
import { organizationsRepo } from '../repos/organizations.repo.js';
import { findRevisionContent } from '../engine/index.js';
import { spacesRepo } from '../repos/spaces.repo.js';
import { tokensRepo } from '../repos/tokens.repo.js';
import { usersRepo } from '../repos/users.repo.js';
import { sandboxOf, type SandboxLog, type SandboxRequest, type SandboxResponse } from '../sandbox/index.js';
import { userAsActor } from './auth.js';
import { mintToken } from './installations.js';
import { recordEvent } from './integration-events.js';

type LogLine = SandboxLog;

/** Largest response a script's own `fetch` may read. */
const SCRIPT_FETCH_MAX_BYTES = 10 * 1024 * 1024;
/** Largest trace kept per event (older lines are dropped first). */
const MAX_TRACE_LINES = 500;

// The address this process listens on, so that a script's calls to the Bindery API (`environment.apiEndpoint`)
// reach it directly whatever `BINDERY_PUBLIC_URL` resolves to.
const localUrls = new WeakMap<AppContext, string>();
export function setLocalApiUrl(ctx: AppContext, url: string): void {
  localUrls.set(ctx, url);
}

export interface DispatchResult {
  ok: boolean;
  response?: SandboxResponse;
  logs: LogLine[];
  error?: string;
  /** Worth trying again later (a tunnel that did not answer, a script that answered 5xx); limits broken are not. */
  retriable: boolean;
}

export interface DispatchTarget {
  installation?: InstallationRow;
  spaceBinding?: SpaceInstallationRow;
  siteBinding?: SiteInstallationRow;
}

const line = (ctx: AppContext, level: LogLine['level'], message: string): LogLine => ({ level, message, timestamp: ctx.clock.now().toISOString() });

/** The integration's content security policy as a header value (a string, or directives joined). */
export function cspHeader(integration: IntegrationMeta): string | undefined {
  if (integration.content_security_policy === null) return undefined;
  const csp = JSON.parse(integration.content_security_policy) as string | Record<string, string>;
  if (typeof csp === 'string') return csp;
  return Object.entries(csp).map(([k, v]) => `${k} ${v}`).join('; ');
}

function multipart(fields: [string, Buffer | string][]): { body: Buffer; type: string } {
  const boundary = `----bindery${Math.random().toString(36).slice(2)}${Date.now().toString(36)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of fields) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n`));
    parts.push(Buffer.isBuffer(value) ? value : Buffer.from(value));
    parts.push(Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), type: `multipart/form-data; boundary=${boundary}` };
}

/** What the script gets as `environment`: the integration, where it runs, fresh tokens, its secrets. */
async function environmentFor(ctx: AppContext, integration: IntegrationMeta, target: DispatchTarget) {
  const box = secretBox(ctx.config);
  const owner = await organizationsRepo.findById(ctx.db, integration.org_id);
  if (!owner) throw notFound('Integration');
  const botUser = await usersRepo.findById(ctx.db, integration.user_id);
  const bot = userAsActor(botUser!);
  bot.integration = { integrationId: integration.id, installationId: null };
  const signing = box.open(integration.signing_secret);
  const integrationToken = (await mintToken(ctx, integration, null)).token;
  const installationToken = target.installation ? (await mintToken(ctx, integration, target.installation.id)).token : undefined;
  const env: Record<string, unknown> = {
    apiEndpoint: ctx.config.publicUrl,
    apiTokens: { integration: integrationToken, ...(installationToken ? { installation: installationToken } : {}) },
    authToken: installationToken ?? integrationToken,
    integration: presentIntegration(ctx.config, integration, presentOrganization(ctx.config, owner, bot, undefined), true),
    secrets: integration.secrets ? (JSON.parse(box.open(integration.secrets)) as Record<string, string>) : {},
    signingSecret: signing,
    signingSecrets: {
      integration: signing,
      ...(target.installation ? { installation: createHmac('sha256', signing).update(`installation:${target.installation.id}`).digest('hex') } : {}),
    },
  };
  if (target.installation) {
    const counts = await integrationsRepo.countSpaces(ctx.db, [target.installation.id]);
    env.installation = presentInstallation(ctx.config, integration.name, target.installation, counts.get(target.installation.id) ?? 0);
  }
  if (target.spaceBinding) env.spaceInstallation = presentSpaceInstallation(ctx.config, integration.name, target.spaceBinding, target.spaceBinding.space_id);
  if (target.siteBinding) env.siteInstallation = presentSiteInstallation(ctx.config, integration.name, target.siteBinding, target.siteBinding.site_id);
  return { env, signing };
}

/** A request a script makes: to the Bindery API itself (straight to this process), or anywhere else through the SSRF guard. */
async function scriptFetch(ctx: AppContext, req: SandboxRequest, deadline: number): Promise<SandboxResponse> {
  const remaining = Math.max(1, deadline - Date.now());
  const url = new URL(req.url);
  const self = new URL(ctx.config.publicUrl);
  const local = localUrls.get(ctx);
  const method = req.method.toUpperCase();
  if (url.origin === self.origin && local && url.pathname.startsWith('/v1')) {
    const res = await fetch(local + url.pathname + url.search, {
      method, headers: req.headers, body: method === 'GET' || method === 'HEAD' || !req.body ? undefined : new Uint8Array(req.body),
      signal: AbortSignal.timeout(remaining), redirect: 'manual',
    });
    const body = Buffer.from(await res.arrayBuffer());
    const headers: [string, string][] = [];
    res.headers.forEach((v, k) => headers.push([k, v]));
    return { status: res.status, headers, body };
  }
  if (!['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'].includes(method)) throw new Error(`the method ${method} is not allowed`);
  const res = await safeFetch(req.url, {
    allowPrivate: ctx.config.allowPrivateUrls, method: method as 'GET', headers: Object.fromEntries(req.headers), body: req.body,
    timeoutMs: Math.min(remaining, 30_000), maxBytes: SCRIPT_FETCH_MAX_BYTES,
  });
  const headers: [string, string][] = [];
  for (const [k, v] of Object.entries(res.headers)) if (v !== undefined) headers.push([k, Array.isArray(v) ? v.join(', ') : v]);
  return { status: res.status, headers, body: res.body };
}

/** Whether the development tunnel receives this event (the owner's organization's events, or all with `all`). */
function usesTunnel(integration: IntegrationMeta, target: DispatchTarget): boolean {
  if (!integration.dev_tunnel_url) return false;
  return integration.dev_all === 1 || !target.installation || target.installation.org_id === integration.org_id;
}

/** Hands one event to the script (or the development tunnel) and reports what happened. Never throws. */
export async function dispatch(
  ctx: AppContext, integration: IntegrationMeta, payload: Record<string, unknown>, target: DispatchTarget, fetchBody?: Buffer,
): Promise<DispatchResult> {
  const logs: LogLine[] = [];
  try {
    const { env, signing } = await environmentFor(ctx, integration, target);
    const form = multipart([['event', JSON.stringify(payload)], ['environment', JSON.stringify(env)], ...(fetchBody ? [['fetch-body', fetchBody] as [string, Buffer]] : [])]);
    const signature = createHmac('sha256', signing).update(form.body).digest('hex');
    const headers: [string, string][] = [['content-type', form.type], ['x-gitbook-integration-signature', signature], ['user-agent', 'Bindery']];

    if (usesTunnel(integration, target)) {
      const url = integration.dev_tunnel_url!;
      logs.push(line(ctx, 'info', `Development mode: POST ${url}`));
      try {
        const res = await safeFetch(url, {
          method: 'POST', body: form.body, headers: Object.fromEntries(headers), timeoutMs: ctx.config.integrationTimeoutMs,
          allowPrivate: ctx.config.allowPrivateUrls, allowLoopback: ctx.config.integrationDevLoopback, maxBytes: SCRIPT_FETCH_MAX_BYTES, maxRedirects: 0,
        });
        const response: SandboxResponse = { status: res.status, headers: Object.entries(res.headers).flatMap(([k, v]) => (v === undefined ? [] : [[k, Array.isArray(v) ? v.join(', ') : v] as [string, string]])), body: res.body };
        const ok = res.status >= 200 && res.status < 300;
        logs.push(line(ctx, ok ? 'info' : 'error', `The development tunnel answered ${res.status}`));
        return { ok, response, logs, error: ok ? undefined : `The development tunnel answered ${res.status}`, retriable: !ok && res.status >= 500 };
      } catch (err) {
        const message = err instanceof UnsafeUrlError ? `The development tunnel URL is refused: ${err.message}` : `The development tunnel did not answer: ${(err as Error).message}`;
        logs.push(line(ctx, 'error', message));
        return { ok: false, logs, error: message, retriable: !(err instanceof UnsafeUrlError) };
      }
    }

    const script = await integrationsRepo.script(ctx.db, integration.id);
    if (script === undefined) throw notFound('Integration');
    logs.push(line(ctx, 'debug', `Running version ${integration.version} of the script (limits: ${ctx.config.integrationMemoryMb} MB, ${ctx.config.integrationTimeoutMs} ms)`));
    const deadline = Date.now() + ctx.config.integrationTimeoutMs;
    const result = await sandboxOf(ctx).invoke({
      script,
      request: { url: `${new URL(ctx.config.publicUrl).origin}/v1`, method: 'POST', headers, body: form.body },
      env: {},
      limits: { memoryMb: ctx.config.integrationMemoryMb, timeoutMs: ctx.config.integrationTimeoutMs },
      fetch: async (req) => {
        try {
          const res = await scriptFetch(ctx, req, deadline);
          logs.push(line(ctx, 'debug', `fetch ${req.method} ${redact(req.url)} -> ${res.status}`));
          return res;
        } catch (err) {
          const message = err instanceof UnsafeUrlError ? `refused by the SSRF guard: ${err.message}` : (err as Error).message;
          logs.push(line(ctx, 'warn', `fetch ${req.method} ${redact(req.url)} failed: ${message}`));
          throw new Error(message);
        }
      },
    });
    logs.push(...result.logs);
    if (!result.ok) {
      logs.push(line(ctx, 'error', result.error ?? 'The script failed'));
      return { ok: false, logs, error: result.error, retriable: result.kind === 'script' || result.kind === 'crash' };
    }
    const status = result.response!.status;
    const ok = status >= 200 && status < 400;
    const cpu = result.stats.cpuMs !== undefined ? `, ${result.stats.cpuMs.toFixed(1)} ms of CPU` : '';
    logs.push(line(ctx, ok ? 'info' : 'error', `The script answered ${status} in ${result.stats.wallMs} ms${cpu}`));
    return { ok, response: result.response, logs, error: ok ? undefined : `The script answered ${status}`, retriable: !ok && status >= 500 };
  } catch (err) {
    const message = err instanceof ApiError ? err.message : `Delivery failed: ${(err as Error).message}`;
    logs.push(line(ctx, 'error', message));
    return { ok: false, logs, error: message, retriable: true };
  }
}

/** A URL as logged: no query string (it may carry credentials). */
function redact(url: string): string {
  const i = url.indexOf('?');
  return i < 0 ? url : url.slice(0, i) + '?…';
}

function appendLogs(before: string, add: LogLine[]): string {
  const all = [...(JSON.parse(before) as LogLine[]), ...add];
  return JSON.stringify(all.length > MAX_TRACE_LINES ? all.slice(all.length - MAX_TRACE_LINES) : all);
}

async function targetOf(ctx: AppContext, event: IntegrationEventRow): Promise<DispatchTarget> {
  const target: DispatchTarget = {};
  if (!event.installation_id) return target;
  target.installation = await integrationsRepo.findInstallationById(ctx.db, event.installation_id);
  if (target.installation && event.space_id) target.spaceBinding = (await integrationsRepo.findBinding(ctx.db, 'space', target.installation.id, event.space_id)) as SpaceInstallationRow | undefined;
  if (target.installation && event.site_id) target.siteBinding = (await integrationsRepo.findBinding(ctx.db, 'site', target.installation.id, event.site_id)) as SiteInstallationRow | undefined;
  return target;
}

/** The delivery job of one event: one attempt; failures worth retrying throw, so the queue retries with backoff. */
export async function deliverEventJob(ctx: AppContext, eventId: string, job: JobRow): Promise<void> {
  const event = await integrationsRepo.findEventById(ctx.db, eventId);
  if (!event || event.status !== 'pending') return;
  const integration = await integrationsRepo.findById(ctx.db, event.integration_id);
  if (!integration) return;
  await tokensRepo.pruneExpiredIntegrationTokens(ctx.db, ctx.clock.now().toISOString());
  const attempt = event.attempts + 1;
  const target = await targetOf(ctx, event);
  const result = await dispatch(ctx, integration, JSON.parse(event.payload) as Record<string, unknown>, target);
  const logs = [line(ctx, 'info', `Attempt ${attempt} of ${job.max_attempts}: ${event.type}`), ...result.logs];
  const last = job.attempts >= job.max_attempts;
  let status = result.ok ? 'success' : 'failed';
  if (!result.ok && result.retriable && !last) {
    status = 'pending';
    logs.push(line(ctx, 'warn', `Will try again in ${Math.round(backoffMs(job.attempts) / 1000)} s`));
  }
  await integrationsRepo.updateEvent(ctx.db, event.id, {
    status, attempts: attempt, logs: appendLogs(event.logs, logs), updated_at: ctx.clock.now().toISOString(),
  });
  if (status === 'pending') throw new Error(result.error ?? 'delivery failed');
}

/** Records a synchronous event (fetch, ui_render), runs it now and stores its trace. */
export async function runNow(
  ctx: AppContext, integration: IntegrationMeta, target: DispatchTarget, payload: Record<string, unknown> & { type: string }, fetchBody?: Buffer,
): Promise<DispatchResult & { eventId: string }> {
  const eventId = await recordEventRow(ctx, ctx.db, integration, target, payload);
  const stored = await integrationsRepo.findEventById(ctx.db, eventId);
  const result = await dispatch(ctx, integration, JSON.parse(stored!.payload) as Record<string, unknown>, target, fetchBody);
  const logs = [line(ctx, 'info', `Attempt 1 of 1: ${payload.type}`), ...result.logs];
  await integrationsRepo.updateEvent(ctx.db, eventId, {
    status: result.ok ? 'success' : 'failed', attempts: 1, logs: appendLogs('[]', logs), updated_at: ctx.clock.now().toISOString(),
  });
  return { ...result, eventId };
}

/** An event row without a delivery job (the caller delivers it itself). */
async function recordEventRow(ctx: AppContext, tx: DbOrTx, integration: IntegrationMeta, target: DispatchTarget, payload: Record<string, unknown> & { type: string }): Promise<string> {
  const id = newId();
  const now = ctx.clock.now().toISOString();
  await integrationsRepo.insertEvent(tx, {
    id, integration_id: integration.id, installation_id: target.installation?.id ?? null,
    space_id: target.spaceBinding?.space_id ?? (payload.spaceId as string | undefined) ?? null, site_id: target.siteBinding?.site_id ?? null,
    type: payload.type, payload: JSON.stringify({ eventId: id, ...payload }), status: 'pending', attempts: 0, logs: '[]', created_at: now, updated_at: now,
  });
  return id;
}

/** The job behind notifyContentUpdated: one `space_content_updated` event per installation covering the space. */
export async function notifyContentUpdatedJob(ctx: AppContext, change: { spaceId: string; revisionId: string }): Promise<void> {
  const space = await spacesRepo.findById(ctx.db, change.spaceId);
  if (!space) return;
  const installations = await integrationsRepo.installationsCoveringSpace(ctx.db, space.org_id, space.id);
  if (installations.length === 0) return;
  const revision = (await findRevisionContent(ctx.db, change.revisionId))?.revision;
  const author = revision?.created_by ? await usersRepo.findById(ctx.db, revision.created_by) : undefined;
  const updatedBy = author ? [presentUser(ctx.config, author, { withEmail: false })] : [];
  await ctx.db.transaction().execute(async (tx) => {
    for (const inst of installations) {
      await recordEvent(ctx, tx, { id: inst.integration_id }, { installationId: inst.id, spaceId: space.id }, {
        type: 'space_content_updated', installationId: inst.id, spaceId: space.id, revisionId: change.revisionId, updatedBy,
      });
    }
  });
}

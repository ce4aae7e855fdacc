// Recording integration events: a row (payload, status `pending`, empty trace) and a delivery job, both in the
// caller's transaction, so an event exists exactly when the change it reports commits and is delivered after it.
// Also the hook the content engine calls when a space's content changes (notifyContentUpdated).
import type { AppContext } from '../context.js';
import type { DbOrTx } from '../db/database.js';
import { enqueueJob } from '../jobs/queue.js';
import { JOB_TYPES } from '../jobs/types.js';
import { newId } from '../lib/ids.js';
import { integrationsRepo, type IntegrationMeta } from '../repos/integrations.repo.js';

/** How many times a delivery is tried (1 s, 2 s, 4 s, 8 s apart) before the event is `failed`. */
export const DELIVERY_ATTEMPTS = 5;

export interface EventTarget {
  installationId?: string;
  spaceId?: string;
  siteId?: string;
}

/** Records an event of `integration` and queues its delivery (in `tx`). Returns the event id. */
export async function recordEvent(
  ctx: AppContext, tx: DbOrTx, integration: Pick<IntegrationMeta, 'id'>, target: EventTarget, payload: Record<string, unknown> & { type: string },
  opts: { deliverAt?: Date } = {},
): Promise<string> {
  const id = newId();
  const now = ctx.clock.now().toISOString();
  await integrationsRepo.insertEvent(tx, {
    id, integration_id: integration.id, installation_id: target.installationId ?? null, space_id: target.spaceId ?? null, site_id: target.siteId ?? null,
    type: payload.type, payload: JSON.stringify({ eventId: id, ...payload }), status: 'pending', attempts: 0, logs: '[]', created_at: now, updated_at: now,
  });
  await enqueueJob(ctx, tx, JOB_TYPES.deliverIntegrationEvent, { eventId: id }, { maxAttempts: DELIVERY_ATTEMPTS, runAt: opts.deliverAt });
  return id;
}

/**
 * THE CONTENT HOOK: a space's head moved to `revisionId` (call it in the transaction that moved it). When some
 * integration is installed in the space's organization, one job is queued; it records a `space_content_updated`
 * event for each installation covering the space once the transaction has committed. Costs one indexed query
 * otherwise.
 */
export async function notifyContentUpdated(ctx: AppContext, tx: DbOrTx, change: { spaceId: string; revisionId: string }): Promise<void> {
  if (!(await integrationsRepo.anyInstallationForSpace(tx, change.spaceId))) return;
  await enqueueJob(ctx, tx, JOB_TYPES.notifyContentUpdated, change, { maxAttempts: DELIVERY_ATTEMPTS });
}

/**
 * A space's event other than its content (`space_visibility_updated`, `space_gitsync_started`,
 * `space_gitsync_completed`): recorded in `tx` for each installation covering the space (`space_selection: all`, or
 * the space bound to it), with its delivery job, as GitBook sends them. One indexed query when nothing covers it.
 */
export async function recordSpaceEvent(
  ctx: AppContext, tx: DbOrTx, space: { id: string; org_id: string }, payload: Record<string, unknown> & { type: string },
): Promise<void> {
  for (const inst of await integrationsRepo.installationsCoveringSpace(tx, space.org_id, space.id)) {
    await recordEvent(ctx, tx, { id: inst.integration_id }, { installationId: inst.id, spaceId: space.id }, { ...payload, installationId: inst.id, spaceId: space.id });
  }
}

/**
 * Spaces leaving an organization (a transfer): the installations of that organization stop covering them — their
 * space installations are deleted and each integration gets `space_installation_deleted`, as when an admin removes
 * one (the installations of the organization they join cover them by its own `space_selection`).
 */
export async function unbindSpacesLeaving(ctx: AppContext, tx: DbOrTx, orgId: string, spaceIds: readonly string[]): Promise<void> {
  for (const b of await integrationsRepo.spaceBindingsIn(tx, orgId, spaceIds)) {
    if ((await integrationsRepo.deleteBinding(tx, 'space', b.installation_id, b.space_id)) === 0) continue;
    await recordEvent(ctx, tx, { id: b.integration_id }, { installationId: b.installation_id, spaceId: b.space_id }, {
      type: 'space_installation_deleted', installationId: b.installation_id, spaceId: b.space_id,
      previous: { configuration: JSON.parse(b.configuration) as Record<string, unknown> },
    });
  }
}

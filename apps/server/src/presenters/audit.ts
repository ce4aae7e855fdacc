import type { components } from '@bindery/api-types';
import type { AuditEventRow } from '../repos/audit.repo.js';

type AuditEvent = components['schemas']['AuditEvent'];

export function presentAuditEvent(r: AuditEventRow, publicUrl: string): AuditEvent {
  return {
    object: 'audit-event',
    id: r.id,
    occurredAt: r.occurred_at,
    action: r.action,
    actor: { type: r.actor_type as AuditEvent['actor']['type'], id: r.actor_id, ...(r.actor_label !== null ? { label: r.actor_label } : {}) },
    source: r.source as AuditEvent['source'],
    target: { type: r.target_type, id: r.target_id, ...(r.target_label !== null ? { label: r.target_label } : {}) },
    urls: { location: `${publicUrl}/v1/orgs/${r.org_id}/audit-events/${r.id}` },
  };
}

export function presentAuditEventDetails(r: AuditEventRow, publicUrl: string): components['schemas']['AuditEventDetails'] {
  return { ...presentAuditEvent(r, publicUrl), schemaVersion: 1, payload: JSON.parse(r.payload) as Record<string, unknown> };
}

// The organization audit log: `recordAudit` is called by the services that make the changes, inside their
// transaction (one insert, no read), so an event exists exactly when its change does; the three GitBook reads
// (`listOrganizationAuditEventActions`, `listOrganizationAuditEvents`, `getOrganizationAuditEvent`) are for the
// organization's admins. docs/audit-log.md lists the actions and where each is recorded.
import { randomBytes } from 'node:crypto';
import type { QueryParams } from '@bindery/api-types';
import type { AppContext } from '../context.js';
import type { DbOrTx } from '../db/database.js';
import { forbidden, notFound } from '../errors.js';
import { effectiveOrgRole } from '../policies/organization.js';
import { auditRepo, type AuditEventRow } from '../repos/audit.repo.js';
import { organizationsRepo } from '../repos/organizations.repo.js';
import type { Actor } from './auth.js';
import { callerMembership } from './membership.js';

/** Every action the log records, with GitBook-style labels (GitBook's types leave `action` a free string). */
export const AUDIT_ACTIONS = {
  'organization.created': 'Organization created',
  'organization.updated': 'Organization settings updated',
  'member.invited': 'Member invited',
  'invite_link.created': 'Invite link created',
  'invite_link.updated': 'Invite link role changed',
  'invite_link.deleted': 'Invite link deleted',
  'member.joined': 'Member joined',
  'member.role_changed': 'Member role changed',
  'member.removed': 'Member removed',
  'team.created': 'Team created',
  'team.renamed': 'Team renamed',
  'team.deleted': 'Team deleted',
  'team.members_changed': 'Team membership changed',
  'space.created': 'Space created',
  'space.deleted': 'Space deleted',
  'space.restored': 'Space restored',
  'space.moved': 'Space moved',
  'space.visibility_changed': 'Space visibility changed',
  'space.transferred': 'Space transferred to another organization',
  'collection.created': 'Collection created',
  'collection.deleted': 'Collection deleted',
  'collection.moved': 'Collection moved',
  'collection.visibility_changed': 'Collection visibility changed',
  'collection.transferred': 'Collection transferred to another organization',
  'permission.granted': 'Permission granted',
  'permission.changed': 'Permission changed',
  'permission.removed': 'Permission removed',
  'site.created': 'Site created',
  'site.published': 'Site published',
  'site.unpublished': 'Site unpublished',
  'site.deleted': 'Site deleted',
  'site.updated': 'Site settings updated',
  'site.visibility_changed': 'Site visibility changed',
  'site.hostname_changed': 'Site custom hostname changed',
  'site.customization_changed': 'Site customization changed',
  'site.visitor_auth_changed': 'Site visitor authentication changed',
  'site.share_link_created': 'Site share link created',
  'site.share_link_activated': 'Site share link activated',
  'site.share_link_deactivated': 'Site share link deactivated',
  'site.share_link_deleted': 'Site share link deleted',
  'git_sync.configured': 'Git Sync set up',
  'git_sync.removed': 'Git Sync removed',
  'saml_provider.created': 'SAML provider created',
  'saml_provider.updated': 'SAML provider updated',
  'saml_provider.deleted': 'SAML provider deleted',
  'api_token.created': 'API token created',
  'api_token.revoked': 'API token revoked',
  'integration.installed': 'Integration installed',
  'integration.uninstalled': 'Integration uninstalled',
  'integration.installation_updated': 'Integration installation scope or configuration changed',
  'integration.target_added': 'Integration installed on a space or site',
  'integration.target_updated': 'Integration configuration on a space or site changed',
  'integration.target_removed': 'Integration removed from a space or site',
} as const;

export type AuditAction = keyof typeof AUDIT_ACTIONS;

export interface AuditTarget {
  type: 'organization' | 'member' | 'invite' | 'space' | 'collection' | 'site' | 'team' | 'saml-provider' | 'api-token' | 'installation';
  id: string;
  label?: string | null;
}

export interface AuditRecord {
  action: AuditAction;
  target: AuditTarget;
  payload?: Record<string, unknown>;
}

// UUIDv7 (time-ordered) ids: within one millisecond a counter in the 12 `rand_a` bits keeps them increasing, so
// (occurred_at, id) orders events in the order they were recorded by this process.
let lastMs = 0;
let seq = 0;
function uuidv7(ms: number): string {
  if (ms <= lastMs) { seq = (seq + 1) & 0xfff; if (seq === 0) lastMs += 1; ms = lastMs; } else { lastMs = ms; seq = 0; }
  const b = randomBytes(16);
  b.writeUIntBE(ms, 0, 6);
  b[6] = 0x70 | (seq >> 8);
  b[7] = seq & 0xff;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = b.toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** Records one change in the organization's audit log, in the transaction `tx` of that change. `actor` null: Bindery itself. */
export async function recordAudit(ctx: AppContext, tx: DbOrTx, actor: Actor | null, orgId: string, rec: AuditRecord): Promise<void> {
  const now = ctx.clock.now();
  const integration = actor?.integration;
  const row: AuditEventRow = {
    id: uuidv7(now.getTime()),
    org_id: orgId,
    occurred_at: now.toISOString(),
    action: rec.action,
    actor_type: !actor ? 'system' : integration ? (integration.installationId ? 'installation' : 'integration') : 'user',
    actor_id: !actor ? 'bindery' : integration ? (integration.installationId ?? integration.integrationId) : actor.user.id,
    actor_label: actor ? actor.user.display_name : 'Bindery',
    source: !actor ? 'workflow' : integration ? 'integration' : 'api',
    target_type: rec.target.type,
    target_id: rec.target.id,
    target_label: rec.target.label ?? null,
    payload: JSON.stringify(rec.payload ?? {}),
  };
  await auditRepo.insert(tx, row);
}

/** Only the organization's admins read the log: 404 for who is not in it or has no role (guests), 403 for other roles. */
async function authorizeAuditRead(ctx: AppContext, actor: Actor, orgId: string): Promise<void> {
  if (!(await organizationsRepo.findById(ctx.db, orgId))) throw notFound('Organization');
  const member = await callerMembership(ctx.db, actor, orgId);
  const role = effectiveOrgRole(actor, member);
  if (role === null) throw notFound('Organization');
  if (role !== 'admin') throw forbidden('You need the admin role in this organization to read its audit log');
}

export async function listAuditEventActions(ctx: AppContext, actor: Actor, orgId: string) {
  await authorizeAuditRead(ctx, actor, orgId);
  return Object.entries(AUDIT_ACTIONS).map(([id, label]) => ({ id, label }));
}

const instant = (v: string | undefined) => (v === undefined ? undefined : new Date(v).toISOString());

export async function listAuditEvents(ctx: AppContext, actor: Actor, orgId: string, q: QueryParams<'listOrganizationAuditEvents'>) {
  await authorizeAuditRead(ctx, actor, orgId);
  return auditRepo.list(ctx.db, orgId, { from: instant(q.from), to: instant(q.to), action: q.action, actor: q.actor, target: q.target }, { page: q.page, limit: q.limit ?? 20 });
}

export async function getAuditEvent(ctx: AppContext, actor: Actor, orgId: string, eventId: string): Promise<AuditEventRow> {
  await authorizeAuditRead(ctx, actor, orgId);
  const row = await auditRepo.find(ctx.db, orgId, eventId);
  if (!row) throw notFound('Audit event');
  return row;
}

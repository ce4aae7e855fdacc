// The organization audit log (GitBook's audit events): parse, call the service, present.
import { listBody } from '../db/pagination.js';
import { handlers } from '../http/operations.js';
import { presentAuditEvent, presentAuditEventDetails } from '../presenters/audit.js';
import * as audit from '../services/audit.js';

export const auditHandlers = handlers({
  listOrganizationAuditEventActions: async ({ actor, params }, ctx) => {
    const actions = await audit.listAuditEventActions(ctx, actor, params.organizationId);
    return { status: 200, body: { items: actions.map((a) => ({ object: 'audit-event-action' as const, ...a })) } };
  },

  listOrganizationAuditEvents: async ({ actor, params, query }, ctx) => {
    const page = await audit.listAuditEvents(ctx, actor, params.organizationId, query);
    return { status: 200, body: listBody(page.rows.map((r) => presentAuditEvent(r, ctx.config.publicUrl)), page) };
  },

  getOrganizationAuditEvent: async ({ actor, params }, ctx) => {
    const row = await audit.getAuditEvent(ctx, actor, params.organizationId, params.auditEventId);
    return { status: 200, body: presentAuditEventDetails(row, ctx.config.publicUrl) };
  },
});

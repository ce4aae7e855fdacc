// The organization audit log (audit_events): one insert per recorded change, in the change's transaction; reads
// newest first with a keyset over (occurred_at, id).
import type { DbOrTx } from '../db/database.js';
import { paginate, type PageRequest } from '../db/pagination.js';
import type { AuditEventsTable } from '../db/schema.js';

export type AuditEventRow = AuditEventsTable;

export interface AuditEventFilters {
  from?: string;
  to?: string;
  action?: string;
  actor?: string;
  target?: string;
}

export const auditRepo = {
  async insert(db: DbOrTx, row: AuditEventRow): Promise<void> {
    await db.insertInto('audit_events').values(row).execute();
  },
  async find(db: DbOrTx, orgId: string, id: string): Promise<AuditEventRow | undefined> {
    return db.selectFrom('audit_events').selectAll().where('org_id', '=', orgId).where('id', '=', id).executeTakeFirst();
  },
  list(db: DbOrTx, orgId: string, f: AuditEventFilters, page: PageRequest) {
    let base = db.selectFrom('audit_events').selectAll().where('org_id', '=', orgId);
    if (f.from !== undefined) base = base.where('occurred_at', '>=', f.from);
    if (f.to !== undefined) base = base.where('occurred_at', '<=', f.to);
    if (f.action !== undefined) base = base.where('action', '=', f.action);
    if (f.actor !== undefined) base = base.where('actor_id', '=', f.actor);
    if (f.target !== undefined) base = base.where('target_id', '=', f.target);
    return paginate(base, page, {
      scope: `audit:${orgId}:${JSON.stringify([f.from, f.to, f.action, f.actor, f.target])}`,
      sortColumn: 'occurred_at', idColumn: 'id', direction: 'desc',
      keyOf: (r) => [r.occurred_at, r.id],
    });
  },
};

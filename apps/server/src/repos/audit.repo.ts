// The organization audit log (audit_events): one insert per recorded change, in the change's transaction; reads
// newest first with a keyset over (occurred_at, id).
import type { DbOrTx } from '../db/database.js';
import { paginate, type PageRequest } from '../db/pagination.js';
import { preparedWrite } from '../db/prepared.js';
import type { AuditEventsTable } from '../db/schema.js';

export type AuditEventRow = AuditEventsTable;

export interface AuditEventFilters {
  from?: string;
  to?: string;
  action?: string;
  actor?: string;
  target?: string;
}

// Compiled once (db/prepared.ts); nothing after it in the change's transaction reads the event, so on PostgreSQL it
// is sent with the commit (no round trip of its own).
type EventArgs = { [K in keyof AuditEventRow]: AuditEventRow[K] };
const insertEvent = preparedWrite((db, p: EventArgs) => db.insertInto('audit_events').values({
  id: p.id, org_id: p.org_id, occurred_at: p.occurred_at, action: p.action, actor_type: p.actor_type, actor_id: p.actor_id,
  actor_label: p.actor_label, source: p.source, target_type: p.target_type, target_id: p.target_id, target_label: p.target_label,
  payload: p.payload,
}), { atCommit: true });

export const auditRepo = {
  /** Records one event, in the transaction of the change it records. */
  async insert(db: DbOrTx, row: AuditEventRow): Promise<void> {
    await insertEvent(db, { ...row });
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

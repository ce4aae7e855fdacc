import type { Insertable, Selectable, Updateable } from 'kysely';
import type { DbOrTx } from '../db/database.js';
import type { SamlProvidersTable } from '../db/schema.js';
import { paginate, type PageRequest } from '../db/pagination.js';

export type SamlProviderRow = Selectable<SamlProvidersTable>;

/** A provider is usable once the identity provider's three settings are all there. */
export const isActiveProvider = (p: SamlProviderRow) => Boolean(p.entity_id && p.certificate && p.sso_url);

export const samlRepo = {
  find(db: DbOrTx, orgId: string, id: string): Promise<SamlProviderRow | undefined> {
    return db.selectFrom('saml_providers').selectAll().where('org_id', '=', orgId).where('id', '=', id).executeTakeFirst();
  },
  findById(db: DbOrTx, id: string): Promise<SamlProviderRow | undefined> {
    return db.selectFrom('saml_providers').selectAll().where('id', '=', id).executeTakeFirst();
  },
  list(db: DbOrTx, orgId: string, page: PageRequest) {
    const base = db.selectFrom('saml_providers').selectAll().where('org_id', '=', orgId);
    return paginate(base, page, { scope: `saml:${orgId}`, sortColumn: 'created_at', idColumn: 'id', direction: 'asc', keyOf: (r) => [r.created_at, r.id] });
  },
  /** The active providers of an organization, oldest first (at most `limit`). */
  listActive(db: DbOrTx, orgId: string, limit = 1000): Promise<SamlProviderRow[]> {
    return db
      .selectFrom('saml_providers').selectAll()
      .where('org_id', '=', orgId)
      .where('entity_id', 'is not', null).where('certificate', 'is not', null).where('sso_url', 'is not', null)
      .orderBy('created_at').orderBy('id').limit(limit)
      .execute();
  },
  async insert(db: DbOrTx, row: Insertable<SamlProvidersTable>): Promise<void> {
    await db.insertInto('saml_providers').values(row).execute();
  },
  async update(db: DbOrTx, id: string, patch: Updateable<SamlProvidersTable>): Promise<void> {
    await db.updateTable('saml_providers').set(patch).where('id', '=', id).execute();
  },
  /** Deletes the provider; answers whether there was one. */
  async delete(db: DbOrTx, orgId: string, id: string): Promise<boolean> {
    const r = await db.deleteFrom('saml_providers').where('org_id', '=', orgId).where('id', '=', id).executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  },

  // Authentication requests Bindery sent (InResponseTo) and assertions already used (replay).
  async rememberRequest(db: DbOrTx, providerId: string, id: string, at: string): Promise<void> {
    await db.insertInto('saml_requests').values({ id, provider_id: providerId, created_at: at }).execute();
  },
  findRequest(db: DbOrTx, id: string) {
    return db.selectFrom('saml_requests').selectAll().where('id', '=', id).executeTakeFirst();
  },
  /** Removes a request id; true when it was there (so that it is answered at most once, also across processes). */
  async takeRequest(db: DbOrTx, id: string): Promise<boolean> {
    const r = await db.deleteFrom('saml_requests').where('id', '=', id).executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  },
  async insertAssertion(db: DbOrTx, providerId: string, assertionId: string, at: string): Promise<void> {
    await db.insertInto('saml_assertions').values({ provider_id: providerId, assertion_id: assertionId, used_at: at }).execute();
  },
  /** Forgets requests and used assertions older than `before` (they can no longer be answered or replayed). */
  async prune(db: DbOrTx, requestsBefore: string, assertionsBefore: string): Promise<void> {
    await db.deleteFrom('saml_requests').where('created_at', '<', requestsBefore).execute();
    await db.deleteFrom('saml_assertions').where('used_at', '<', assertionsBefore).execute();
  },
};

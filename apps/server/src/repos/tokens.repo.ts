import type { Selectable } from 'kysely';
import type { DbOrTx } from '../db/database.js';
import type { ApiTokensTable } from '../db/schema.js';
import type { UserRow } from './users.repo.js';
import { paginate, type PageRequest } from '../db/pagination.js';
import { prepared } from '../db/prepared.js';
import { cachedRead } from '../db/read-cache.js';

export type TokenRow = Selectable<ApiTokensTable>;

const selectTokenAndUser = prepared((db, p: { hash: string }) =>
  db
    .selectFrom('api_tokens as t')
    .innerJoin('users as u', 'u.id', 't.user_id')
    .select([
      't.id as t_id', 't.user_id as t_user_id', 't.label as t_label', 't.token_hash as t_token_hash',
      't.created_at as t_created_at', 't.last_used_at as t_last_used_at', 't.expires_at as t_expires_at', 't.sso_org_id as t_sso_org_id',
      't.integration_id as t_integration_id', 't.installation_id as t_installation_id',
      'u.id', 'u.email', 'u.email_lower', 'u.display_name', 'u.photo_url', 'u.is_instance_admin', 'u.created_at', 'u.updated_at',
    ])
    .where('t.token_hash', '=', p.hash));

export const tokensRepo = {
  async insert(db: DbOrTx, row: TokenRow): Promise<void> {
    await db.insertInto('api_tokens').values(row).execute();
  },
  /** The token with this hash and its user (cached per request path: db/read-cache.ts, domain `tokens`). */
  findUserByHash(db: DbOrTx, hash: string): Promise<{ token: TokenRow; user: UserRow } | undefined> {
    return cachedRead(db, 'tokens', hash, async () => {
      const [row] = await selectTokenAndUser(db, { hash });
      if (!row) return undefined;
      const token: TokenRow = {
        id: row.t_id, user_id: row.t_user_id, label: row.t_label, token_hash: row.t_token_hash,
        created_at: row.t_created_at, last_used_at: row.t_last_used_at, expires_at: row.t_expires_at, sso_org_id: row.t_sso_org_id,
        integration_id: row.t_integration_id, installation_id: row.t_installation_id,
      };
      const user: UserRow = {
        id: row.id, email: row.email, email_lower: row.email_lower, display_name: row.display_name, photo_url: row.photo_url,
        is_instance_admin: row.is_instance_admin, created_at: row.created_at, updated_at: row.updated_at,
      };
      return { token, user };
    });
  },
  async existsWithHash(db: DbOrTx, hash: string): Promise<boolean> {
    return !!(await db.selectFrom('api_tokens').select('id').where('token_hash', '=', hash).executeTakeFirst());
  },
  async userHasAny(db: DbOrTx, userId: string): Promise<boolean> {
    return !!(await db.selectFrom('api_tokens').select('id').where('user_id', '=', userId).executeTakeFirst());
  },
  async touch(db: DbOrTx, id: string, at: string): Promise<void> {
    await db.updateTable('api_tokens').set({ last_used_at: at }).where('id', '=', id).execute();
  },
  listForUser(db: DbOrTx, userId: string, page: PageRequest) {
    const base = db.selectFrom('api_tokens').selectAll().where('user_id', '=', userId);
    return paginate(base, page, {
      scope: `tokens:${userId}`, sortColumn: 'created_at', idColumn: 'id', direction: 'desc',
      keyOf: (r) => [r.created_at, r.id],
    });
  },
  /** Removes the tokens of an integration (all of them) or of one installation. */
  async deleteForIntegration(db: DbOrTx, integrationId: string, installationId?: string): Promise<void> {
    let q = db.deleteFrom('api_tokens').where('integration_id', '=', integrationId);
    if (installationId) q = q.where('installation_id', '=', installationId);
    await q.execute();
  },
  /** Forgets expired integration tokens (they are made for each event and last an hour). */
  async pruneExpiredIntegrationTokens(db: DbOrTx, now: string): Promise<void> {
    await db.deleteFrom('api_tokens').where('integration_id', 'is not', null).where('expires_at', '<', now).execute();
  },
  /** Deletes one of the user's tokens; returns what the audit log records of it (never its hash), or undefined when there was none. */
  async deleteForUser(db: DbOrTx, userId: string, id: string): Promise<Pick<TokenRow, 'id' | 'label' | 'sso_org_id' | 'integration_id' | 'installation_id'> | undefined> {
    return db.deleteFrom('api_tokens').where('id', '=', id).where('user_id', '=', userId)
      .returning(['id', 'label', 'sso_org_id', 'integration_id', 'installation_id']).executeTakeFirst();
  },
};

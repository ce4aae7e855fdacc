// OpenAPI specifications and their versions (tables openapi_specs, openapi_spec_versions).
import { sql, type Selectable } from 'kysely';
import type { DbOrTx } from '../db/database.js';
import { paginate, type PageRequest } from '../db/pagination.js';
import type { OpenAPISpecsTable, OpenAPISpecVersionsTable } from '../db/schema.js';

export type SpecRow = Selectable<OpenAPISpecsTable>;
export type SpecVersionRow = Selectable<OpenAPISpecVersionsTable>;
/** A version without its (large) texts. */
export type SpecVersionMeta = Omit<SpecVersionRow, 'raw_text' | 'documents'>;

const META = ['id', 'spec_id', 'content_hash', 'source_url', 'format', 'created_at'] as const;

export const openapiRepo = {
  findBySlug(db: DbOrTx, orgId: string, slug: string): Promise<SpecRow | undefined> {
    return db.selectFrom('openapi_specs').selectAll().where('org_id', '=', orgId).where('slug', '=', slug).executeTakeFirst();
  },
  /** The first spec (oldest) of the organization fetched from `url`. */
  findBySourceUrl(db: DbOrTx, orgId: string, url: string): Promise<SpecRow | undefined> {
    return db.selectFrom('openapi_specs').selectAll().where('org_id', '=', orgId).where('source_url', '=', url).orderBy('created_at').orderBy('id').limit(1).executeTakeFirst();
  },
  findById(db: DbOrTx, id: string): Promise<SpecRow | undefined> {
    return db.selectFrom('openapi_specs').selectAll().where('id', '=', id).executeTakeFirst();
  },
  list(db: DbOrTx, orgId: string, page: PageRequest) {
    const base = db.selectFrom('openapi_specs').selectAll().where('org_id', '=', orgId);
    return paginate(base, page, { scope: `openapi:${orgId}`, sortColumn: 'created_at', idColumn: 'id', direction: 'asc', keyOf: (r) => [r.created_at, r.id] });
  },
  async insert(db: DbOrTx, row: SpecRow): Promise<void> {
    await db.insertInto('openapi_specs').values(row).execute();
  },
  async update(db: DbOrTx, id: string, patch: Partial<SpecRow>): Promise<void> {
    await db.updateTable('openapi_specs').set(patch).where('id', '=', id).execute();
  },
  /** Updates the row only while its generation is still `generation`; whether it did. */
  async updateIfGeneration(db: DbOrTx, id: string, generation: number, patch: Partial<SpecRow>): Promise<boolean> {
    const r = await db.updateTable('openapi_specs').set(patch).where('id', '=', id).where('generation', '=', generation).executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  },
  async delete(db: DbOrTx, id: string): Promise<void> {
    await db.deleteFrom('openapi_spec_versions').where('spec_id', '=', id).execute();
    await db.deleteFrom('openapi_specs').where('id', '=', id).execute();
  },

  listVersions(db: DbOrTx, specId: string, page: PageRequest) {
    const base = db.selectFrom('openapi_spec_versions').select(META).where('spec_id', '=', specId);
    return paginate(base, page, { scope: `openapi-versions:${specId}`, sortColumn: 'created_at', idColumn: 'id', direction: 'desc', keyOf: (r) => [r.created_at, r.id] });
  },
  findVersionMeta(db: DbOrTx, specId: string, id: string): Promise<SpecVersionMeta | undefined> {
    return db.selectFrom('openapi_spec_versions').select(META).where('spec_id', '=', specId).where('id', '=', id).executeTakeFirst();
  },
  findVersion(db: DbOrTx, specId: string, id: string): Promise<SpecVersionRow | undefined> {
    return db.selectFrom('openapi_spec_versions').selectAll().where('spec_id', '=', specId).where('id', '=', id).executeTakeFirst();
  },
  async insertVersion(db: DbOrTx, row: SpecVersionRow): Promise<void> {
    await db.insertInto('openapi_spec_versions').values(row).execute();
  },
};

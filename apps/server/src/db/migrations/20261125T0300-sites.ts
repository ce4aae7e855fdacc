// Sites: docs sites publishing spaces of an organization (sites), their sections (site_sections) and section groups
// (site_section_groups), the spaces they publish (site_spaces: at the site's root, or in a section) and the adaptive
// content schema of visitor claims (site_adaptive_schemas).
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('sites')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('org_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('visibility', 'text', (c) => c.notNull())
    .addColumn('published', 'integer', (c) => c.notNull())
    .addColumn('basename', 'text', (c) => c.notNull())
    .addColumn('hostname', 'text')
    .addColumn('proxy', 'text')
    .addColumn('adaptive_content', 'integer', (c) => c.notNull())
    .addColumn('agents_context', 'text', (c) => c.notNull())
    .addColumn('default_site_space_id', 'text')
    .addColumn('default_section_id', 'text')
    .addColumn('share_key', 'text', (c) => c.notNull())
    .addColumn('visitor_key', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sites_org').on('sites').columns(['org_id', 'created_at', 'id']).execute();
  await db.schema.createIndex('sites_hostname').on('sites').column('hostname').unique().execute();

  await db.schema
    .createTable('site_section_groups')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('site_id', 'text', (c) => c.notNull().references('sites.id').onDelete('cascade'))
    .addColumn('parent_id', 'text')
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('icon', 'text')
    .addColumn('sort_key', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('site_section_groups_site').on('site_section_groups').column('site_id').execute();

  await db.schema
    .createTable('site_sections')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('site_id', 'text', (c) => c.notNull().references('sites.id').onDelete('cascade'))
    .addColumn('group_id', 'text')
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('icon', 'text')
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('condition', 'text')
    .addColumn('default_site_space_id', 'text')
    .addColumn('sort_key', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('site_sections_site').on('site_sections').column('site_id').execute();

  await db.schema
    .createTable('site_spaces')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('site_id', 'text', (c) => c.notNull().references('sites.id').onDelete('cascade'))
    .addColumn('section_id', 'text')
    .addColumn('space_id', 'text', (c) => c.notNull().references('spaces.id').onDelete('cascade'))
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('condition', 'text')
    .addColumn('sort_key', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('site_spaces_site').on('site_spaces').column('site_id').execute();
  await db.schema.createIndex('site_spaces_space').on('site_spaces').column('space_id').execute();

  await db.schema
    .createTable('site_adaptive_schemas')
    .addColumn('site_id', 'text', (c) => c.primaryKey().references('sites.id').onDelete('cascade'))
    .addColumn('json_schema', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['site_adaptive_schemas', 'site_spaces', 'site_sections', 'site_section_groups', 'sites']) await db.schema.dropTable(t).execute();
}

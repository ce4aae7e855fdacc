// GitBook's site external links: navigation entries of a site with sections that open an absolute http(s) URL, at
// the site's root or in a section group, ordered among the sections and groups of their level by `sort_key`
// (services/site-external-links.ts). Deleted with their site; a link in a deleted group moves to the group's parent.
import { type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('site_external_links')
    .ifNotExists()
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('site_id', 'text', (c) => c.notNull().references('sites.id').onDelete('cascade'))
    .addColumn('group_id', 'text')
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('icon', 'text')
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('draft', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('condition', 'text')
    .addColumn('sort_key', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('site_external_links_site').ifNotExists().on('site_external_links').columns(['site_id', 'sort_key']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('site_external_links').ifExists().execute();
}

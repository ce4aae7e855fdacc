// Site share links and redirects (GitBook's `…/sites/{siteId}/share-links` and `…/redirects`).
// site_share_links: named secret keys opening a published share-link site, each active or not; the key every site
// already had (sites.share_key) becomes its first link, so the URLs already handed out keep working.
// site_redirects: source path → destination (JSON SiteRedirectDestination), live or draft; a source is unique per
// site among live redirects and among drafts.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('site_share_links')
    .ifNotExists()
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('site_id', 'text', (c) => c.notNull().references('sites.id').onDelete('cascade'))
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('active', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await sql`create unique index if not exists site_share_links_key on site_share_links (key)`.execute(db);
  await sql`create index if not exists site_share_links_site on site_share_links (site_id, created_at, id)`.execute(db);
  // The existing key of each site, as its first share link (id derived from the site's, so running twice adds none).
  await sql`insert into site_share_links (id, site_id, key, name, active, created_at)
    select 'sl' || substr(id, 1, 18), id, share_key, 'Share link', 1, created_at from sites
    where not exists (select 1 from site_share_links l where l.site_id = sites.id)`.execute(db);

  await db.schema
    .createTable('site_redirects')
    .ifNotExists()
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('site_id', 'text', (c) => c.notNull().references('sites.id').onDelete('cascade'))
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('draft', 'integer', (c) => c.notNull())
    .addColumn('capture_wildcard', 'integer', (c) => c.notNull())
    .addColumn('permanent', 'integer', (c) => c.notNull())
    .addColumn('destination', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text')
    .addColumn('changed_at', 'text', (c) => c.notNull())
    .execute();
  await sql`create unique index if not exists site_redirects_source on site_redirects (site_id, draft, source)`.execute(db);
  await sql`create index if not exists site_redirects_created on site_redirects (site_id, draft, created_at, id)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('site_redirects').ifExists().execute();
  await db.schema.dropTable('site_share_links').ifExists().execute();
}

// `page_links.status` (ok | broken | in-app) and its (space, status, target) index. They were first added by
// editing 20261122T0200-content in place after it had shipped, so a database migrated before that edit lacks
// them. This migration adds both when missing and computes the status of every existing link; on a database
// created after the edit it changes nothing. Idempotent on SQLite and PostgreSQL.
//
// Migrations are immutable once landed: a schema change is always a new file like this one.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  const table = (await db.introspection.getTables()).find((t) => t.name === 'page_links');
  if (!table) return;
  if (!table.columns.some((c) => c.name === 'status')) {
    await db.schema.alterTable('page_links').addColumn('status', 'text', (c) => c.notNull().defaultTo('broken')).execute();
    // The same rule as the content engine's link-status refresh at the time of writing (repos/content-index.repo.ts).
    await sql`update page_links set status = case
        when target_kind = 'url' then coalesce(url_status, 'ok')
        when target_kind = 'anchor' then 'ok'
        when target_kind = 'page' and (
          (target_page is not null and exists (select 1 from space_pages p where p.space_id = page_links.space_id and p.page_id = page_links.target_page))
          or (target_path is not null and exists (select 1 from space_pages p where p.space_id = page_links.space_id and p.path = page_links.target_path))) then 'ok'
        when target_kind = 'file' and (
          (target_file is not null and exists (select 1 from space_files f where f.space_id = page_links.space_id and f.file_id = page_links.target_file))
          or (target_name is not null and exists (select 1 from space_files f where f.space_id = page_links.space_id and f.name = page_links.target_name))) then 'ok'
        else 'broken' end`.execute(db);
  }
  await db.schema.createIndex('page_links_status_idx').ifNotExists().on('page_links').columns(['space_id', 'status', 'target_key']).execute();
}

// Nothing to undo: on databases created after the in-place edit the column belongs to 20261122T0200-content.
export async function down(): Promise<void> {}

// `link_targets`: the distinct link targets of each space (one row per `target_key`), holding the target's columns and
// its status; every `page_links` row carries the id of its target (`target_id`, indexed) instead of a status of its
// own. The status index of `page_links` (space, status, target key: one entry of two text columns per link row, ~900
// for a 250 KB page, landing all over the index) and its target indexes (page id and file id; on PostgreSQL also
// path and file name) go: the link lists, counts and broken targets read `link_targets` in (space, status, key) or
// (space, key) order, the status refresh updates a target once (found by page id, path, file id or name through the
// small table's own indexes) instead of each of its rows, and the locations and backlinks read the rows by target id
// (docs/content-pipeline.md, session 20). A target is kept while some row uses it: engine/content-index.ts deletes the
// targets the rows it removed used when no row uses them any more (under the space's lock, as every write of a
// space's index).
//
// The table is built from `page_links`: a target's columns and status are those the link list showed for its key (the
// least of each over its rows), and every row gets the id of its target.
import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../dialect.js';

const ROW_TARGET_INDEXES = [
  ['page_links_page_target_idx', 'target_page', 'both'],
  ['page_links_path_target_idx', 'target_path', 'postgres'],
  ['page_links_file_target_idx', 'target_file', 'both'],
  ['page_links_name_target_idx', 'target_name', 'postgres'],
] as const;
const TARGET_COLUMNS = ['target_page', 'target_path', 'target_file', 'target_name'] as const;

export async function up(db: Kysely<any>): Promise<void> {
  const dialect = dialectOf(db);
  let table = db.schema.createTable('link_targets');
  // SQLite: a rowid alias without AUTOINCREMENT (no sqlite_sequence write per insert; an id is reused only after its
  // target is deleted, when no row refers to it).
  table = dialect === 'postgres' ? table.addColumn('id', 'bigserial', (c) => c.primaryKey()) : table.addColumn('id', 'integer', (c) => c.primaryKey());
  await table
    .addColumn('space_id', 'text', (c) => c.notNull().references('spaces.id').onDelete('cascade'))
    .addColumn('target_key', 'text', (c) => c.notNull())
    .addColumn('target_kind', 'text', (c) => c.notNull())
    .addColumn('target_page', 'text')
    .addColumn('target_path', 'text')
    .addColumn('target_file', 'text')
    .addColumn('target_name', 'text')
    .addColumn('anchor', 'text')
    .addColumn('url', 'text')
    .addColumn('url_status', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('link_targets_key_idx').unique().on('link_targets').columns(['space_id', 'target_key']).execute();
  await db.schema.createIndex('link_targets_status_idx').on('link_targets').columns(['space_id', 'status', 'target_key']).execute();
  for (const column of TARGET_COLUMNS) {
    await db.schema.createIndex(`link_targets_${column.slice('target_'.length)}_idx`).on('link_targets').columns(['space_id', column]).where(sql.ref(column), 'is not', null).execute();
  }
  await sql`insert into link_targets (space_id, target_key, target_kind, target_page, target_path, target_file, target_name, anchor, url, url_status, status)
    select space_id, target_key, min(target_kind), min(target_page), min(target_path), min(target_file), min(target_name), min(anchor), min(url), min(url_status), min(status)
    from page_links group by space_id, target_key`.execute(db);
  await db.schema.alterTable('page_links').addColumn('target_id', dialect === 'postgres' ? 'bigint' : 'integer').execute();
  await sql`update page_links set target_id = (select t.id from link_targets t where t.space_id = page_links.space_id and t.target_key = page_links.target_key)`.execute(db);
  await db.schema.createIndex('page_links_target_id_idx').on('page_links').column('target_id').execute();
  await db.schema.dropIndex('page_links_status_idx').ifExists().execute();
  for (const [name] of ROW_TARGET_INDEXES) await db.schema.dropIndex(name).ifExists().execute();
  await db.schema.alterTable('page_links').dropColumn('status').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  const dialect = dialectOf(db);
  await db.schema.alterTable('page_links').addColumn('status', 'text', (c) => c.notNull().defaultTo('broken')).execute();
  await sql`update page_links set status = coalesce((select t.status from link_targets t where t.id = page_links.target_id), 'broken')`.execute(db);
  await db.schema.createIndex('page_links_status_idx').ifNotExists().on('page_links').columns(['space_id', 'status', 'target_key']).execute();
  for (const [name, column, where] of ROW_TARGET_INDEXES) {
    if (where === 'postgres' && dialect !== 'postgres') continue;
    await db.schema.createIndex(name).ifNotExists().on('page_links').columns(['space_id', column]).where(sql.ref(column), 'is not', null).execute();
  }
  await db.schema.dropIndex('page_links_target_id_idx').ifExists().execute();
  await db.schema.alterTable('page_links').dropColumn('target_id').execute();
  await db.schema.dropTable('link_targets').ifExists().execute();
}

// The content engine (docs/content-engine.md).
//
// Content-addressed storage, shared by every revision of every space (append-only; a row never changes):
//   content_nodes    one node of a page tree per distinct (page content, child hashes): O(depth) new rows per edit
//   page_contents    a page's own fields (JSON, without markdown) and its markdown, keyed by content hash
//   content_objects  other immutable objects by hash (the file list of a revision)
// A revision (table `revisions`, created with spaces) points at its page tree (`root_hash`), its file list
// (`files_hash`) and its variables.
//
// Indexes of the ACTIVE revision of each space, kept current incrementally on every commit (only pages whose
// content, place or path changed are rewritten):
//   space_index_state  which revision the indexes below describe
//   space_pages        page id -> parent, path, node hash, content hash (reads by id and by path, edit paths)
//   space_files        the files (link checking, file backlinks)
//   page_links         every link of every page, resolved, with its status (links and backlinks in SQL)
//   search_sections    one row per section of a page, with the dialect's full-text index (db/dialect.ts)
import type { Kysely } from 'kysely';
import { createSearchIndex, dropSearchIndex } from '../dialect.js';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('content_nodes')
    .addColumn('hash', 'text', (c) => c.primaryKey())
    .addColumn('page_id', 'text', (c) => c.notNull())
    .addColumn('content_hash', 'text', (c) => c.notNull())
    .addColumn('children', 'text', (c) => c.notNull()) // child node hashes, comma-separated, in order
    .execute();

  await db.schema
    .createTable('page_contents')
    .addColumn('hash', 'text', (c) => c.primaryKey())
    .addColumn('page_id', 'text', (c) => c.notNull())
    .addColumn('data', 'text', (c) => c.notNull()) // JSON: the page's fields but markdown
    .addColumn('markdown', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('content_objects')
    .addColumn('hash', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('data', 'text', (c) => c.notNull())
    .execute();

  await db.schema.alterTable('revisions').addColumn('root_hash', 'text').execute();
  await db.schema.alterTable('revisions').addColumn('files_hash', 'text').execute();
  await db.schema.alterTable('revisions').addColumn('variables', 'text').execute();

  await db.schema
    .createTable('space_index_state')
    .addColumn('space_id', 'text', (c) => c.primaryKey().references('spaces.id').onDelete('cascade'))
    .addColumn('revision_id', 'text', (c) => c.notNull())
    .addColumn('root_hash', 'text')
    .addColumn('files_hash', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('space_pages')
    .addColumn('space_id', 'text', (c) => c.notNull().references('spaces.id').onDelete('cascade'))
    .addColumn('page_id', 'text', (c) => c.notNull())
    .addColumn('parent_id', 'text')
    .addColumn('path', 'text') // null for link pages and the root
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('node_hash', 'text', (c) => c.notNull())
    .addColumn('content_hash', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('space_pages_pk', ['space_id', 'page_id'])
    .execute();
  await db.schema.createIndex('space_pages_path_idx').on('space_pages').columns(['space_id', 'path']).execute();
  await db.schema.createIndex('space_pages_parent_idx').on('space_pages').columns(['space_id', 'parent_id']).execute();

  await db.schema
    .createTable('space_files')
    .addColumn('space_id', 'text', (c) => c.notNull().references('spaces.id').onDelete('cascade'))
    .addColumn('file_id', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('space_files_pk', ['space_id', 'file_id'])
    .execute();
  await db.schema.createIndex('space_files_name_idx').on('space_files').columns(['space_id', 'name']).execute();

  await db.schema
    .createTable('page_links')
    .addColumn('space_id', 'text', (c) => c.notNull().references('spaces.id').onDelete('cascade'))
    .addColumn('page_id', 'text', (c) => c.notNull())
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull()) // link | image
    .addColumn('target_key', 'text', (c) => c.notNull()) // groups the usages of one target
    .addColumn('target_kind', 'text', (c) => c.notNull()) // url | page | file | anchor
    .addColumn('target_page', 'text') // stable page ref (/pages/<id>)
    .addColumn('target_path', 'text') // page path resolved against the linking page's path
    .addColumn('target_file', 'text') // stable file ref (/files/<id>)
    .addColumn('target_name', 'text') // file referenced by name (relative path)
    .addColumn('anchor', 'text')
    .addColumn('url', 'text')
    .addColumn('url_status', 'text') // ok | in-app for urls
    .addColumn('status', 'text', (c) => c.notNull()) // ok | broken | in-app, kept current by services/content-index.ts
    .addPrimaryKeyConstraint('page_links_pk', ['space_id', 'page_id', 'seq'])
    .execute();
  await db.schema.createIndex('page_links_status_idx').on('page_links').columns(['space_id', 'status', 'target_key']).execute();
  await db.schema.createIndex('page_links_target_idx').on('page_links').columns(['space_id', 'target_key']).execute();
  await db.schema.createIndex('page_links_page_target_idx').on('page_links').columns(['space_id', 'target_page']).execute();
  await db.schema.createIndex('page_links_path_target_idx').on('page_links').columns(['space_id', 'target_path']).execute();
  await db.schema.createIndex('page_links_file_target_idx').on('page_links').columns(['space_id', 'target_file']).execute();
  await db.schema.createIndex('page_links_name_target_idx').on('page_links').columns(['space_id', 'target_name']).execute();

  await createSearchIndex(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await dropSearchIndex(db);
  for (const t of ['page_links', 'space_files', 'space_pages', 'space_index_state', 'content_objects', 'page_contents', 'content_nodes']) {
    await db.schema.dropTable(t).ifExists().execute();
  }
  for (const c of ['variables', 'files_hash', 'root_hash']) await db.schema.alterTable('revisions').dropColumn(c).execute();
}

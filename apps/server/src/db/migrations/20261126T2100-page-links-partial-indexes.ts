// The four target indexes of `page_links` (page id, path, file id, file name) hold only the rows that have that
// target: a link has at most one or two of them (a URL none), and each row written to an index is a b-tree insert
// on every page write and its share of the commit. A 250 KB page of 866 link rows wrote 3,464 entries to these four
// indexes, 590 now (docs/content-pipeline.md). Every query on these columns compares them with `=` or `in`, which
// implies `is not null`: SQLite and PostgreSQL use the partial indexes for them (test/links.test.ts checks the plans).
import { sql, type Kysely } from 'kysely';

const TARGETS = [
  ['page_links_page_target_idx', 'target_page'],
  ['page_links_path_target_idx', 'target_path'],
  ['page_links_file_target_idx', 'target_file'],
  ['page_links_name_target_idx', 'target_name'],
] as const;

export async function up(db: Kysely<any>): Promise<void> {
  for (const [name, column] of TARGETS) {
    await db.schema.dropIndex(name).ifExists().execute();
    await db.schema.createIndex(name).on('page_links').columns(['space_id', column]).where(sql.ref(column), 'is not', null).execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const [name, column] of TARGETS) {
    await db.schema.dropIndex(name).ifExists().execute();
    await db.schema.createIndex(name).on('page_links').columns(['space_id', column]).execute();
  }
}

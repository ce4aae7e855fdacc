// On SQLite, `page_links` no longer keeps its partial indexes on link paths and file names: the status index
// (space, status, target key) finds those rows by their target keys, which begin with the path or the name
// (`path:<path>` or `path:<path>#<anchor>`, `name:<name>`; lib/link-paths.ts, repos/content-index.repo.ts
// `refreshLinkStatuses`). An index on a link target gets one entry per link row, and the entries of a new page's
// rows land all over its key order (other pages link to the same targets): in a space of 20 realistic pages a 250 KB
// page's 502 path entries and 66 name entries touched ~640 KB of index pages written to the WAL and took ~2.4 ms of
// the event loop per create (docs/content-pipeline.md, session 18). PostgreSQL keeps both: its text collation does not
// order keys byte by byte, so a prefix range of target keys is not the rows of one path there (and its indexes did not
// grow the write's cost measurably). Searches, link lists and backlinks answer the same rows.
import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../dialect.js';

const INDEXES = [
  ['page_links_path_target_idx', 'target_path'],
  ['page_links_name_target_idx', 'target_name'],
] as const;

export async function up(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) !== 'sqlite') return;
  for (const [name] of INDEXES) await db.schema.dropIndex(name).ifExists().execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) !== 'sqlite') return;
  for (const [name, column] of INDEXES) {
    await db.schema.createIndex(name).ifNotExists().on('page_links').columns(['space_id', column]).where(sql.ref(column), 'is not', null).execute();
  }
}

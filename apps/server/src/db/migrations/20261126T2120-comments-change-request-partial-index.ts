// The change-request index of `comments` holds only change requests' comments: a space's own comments (no change
// request, most of them) were each an entry of it too, one more b-tree page written by every post and its share of
// the commit (on SQLite 77 -> 65-67 µs of CPU per post transaction in a harness, docs/performance.md). Every query
// on the column compares it with `=` (a change request's list, its comment counts, the foreign key's cascade), which
// implies `is not null`: both databases use the partial index for them (test/write-path.test.ts checks the plans);
// the space's own comments are read through comments_space_idx. Idempotent on both dialects.
import { sql, type Kysely } from 'kysely';

const COLUMNS = ['change_request_id', 'posted_at', 'id'];

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('comments_change_request_idx').ifExists().execute();
  await db.schema.createIndex('comments_change_request_idx').on('comments').columns(COLUMNS).where(sql.ref('change_request_id'), 'is not', null).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('comments_change_request_idx').ifExists().execute();
  await db.schema.createIndex('comments_change_request_idx').on('comments').columns(COLUMNS).execute();
}

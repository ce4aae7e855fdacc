// The open-comment counter of a space in shards (docs/performance.md, "Counters in shards"): `Space.comments` is
// `spaces.comments_count` (what was counted before this migration; nothing moves it any more) plus the sum of the
// space's rows here. A post, resolve, reopen or delete adds its ±1 to one shard row (`x = x + d`, an upsert), so on
// PostgreSQL concurrent posts on one space lock different rows instead of all waiting for the space row, whose lock
// was held until each commit's WAL flush. SQLite has one writer and uses shard 0 only. Idempotent on both dialects.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('space_comment_counts')
    .ifNotExists()
    .addColumn('space_id', 'text', (c) => c.notNull().references('spaces.id').onDelete('cascade'))
    .addColumn('shard', 'integer', (c) => c.notNull())
    .addColumn('open_comments', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('space_comment_counts_pk', ['space_id', 'shard'])
    .execute();
  // Nothing to copy: the counts so far stay in spaces.comments_count, the base the shards add to.
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('space_comment_counts').ifExists().execute();
}
